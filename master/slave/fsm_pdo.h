/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_pdo.h - reading a CoE slave's current PDO assignment and mapping
 * (CiA 301 / ETG.1000.6: 0x1C10 + SM index lists the assigned PDOs,
 * 0x16xx / 0x1Axx each PDO's entries) into a copy of the sync managers
 * that the slave owns (slave->coe_syncs, slave->syncs points to it).
 */
#ifndef EC_FSM_PDO_H
#define EC_FSM_PDO_H

#include "port.h"
#include "request/requests.h"
#include "slave/sii.h"

struct ec_slave;
struct ec_fsm_coe;

#define EC_COE_SM_ASSIGN_BASE 0x1C10	/* + SM index, ETG.1000.6 */
/* SII general category, CoE details bits (ETG.2010 table 7). */
#define EC_COE_DETAILS_SDO 0x01
#define EC_COE_DETAILS_SDO_INFO 0x02
#define EC_COE_DETAILS_PDO_ASSIGN 0x04
#define EC_COE_DETAILS_PDO_CONFIG 0x08
#define EC_COE_DETAILS_COMPLETE_ACCESS 0x20

struct ec_fsm_pdo;
typedef void (*ec_fsm_pdo_state_t)(struct ec_fsm_pdo *fsm, u64 now_ns);

struct ec_fsm_pdo {
	struct ec_slave *slave;
	struct ec_fsm_coe *coe;
	ec_fsm_pdo_state_t state;
	struct ec_sdo_request request;
	u8 buf[4];
	struct ec_sii_sync *syncs;	/* being built */
	unsigned int sync_count;
	unsigned int sync_pos;
	unsigned int pdo_pos;
	unsigned int entry_pos;
	unsigned int read_count;	/* SMs whose assignment was read */
	int error;
};

void ec_fsm_pdo_init(struct ec_fsm_pdo *fsm, struct ec_fsm_coe *coe);
void ec_fsm_pdo_clear(struct ec_fsm_pdo *fsm);
void ec_fsm_pdo_start(struct ec_fsm_pdo *fsm, struct ec_slave *slave,
		      u64 now_ns);
bool ec_fsm_pdo_exec(struct ec_fsm_pdo *fsm, u64 now_ns);
bool ec_fsm_pdo_success(const struct ec_fsm_pdo *fsm);

void ec_slave_free_syncs(struct ec_sii_sync *syncs, unsigned int count);
int ec_slave_pdo_copy(struct ec_pdo *dst, const struct ec_pdo *src);
void ec_slave_pdo_clear(struct ec_pdo *pdo);

#endif /* EC_FSM_PDO_H */
