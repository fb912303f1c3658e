/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_pdo_conf.h - writing an application's PDO assignment and mapping
 * into a CoE slave in PREOP (ETG.1000.6 / CiA 301: the assignment object
 * 0x1C10 + SM index lists the PDOs, the mapping objects 0x16xx / 0x1Axx
 * their entries; subindex 0 is set to 0 before the entries are written and
 * to the count afterwards), and the PDOs in effect for each sync manager.
 */
#ifndef EC_FSM_PDO_CONF_H
#define EC_FSM_PDO_CONF_H

#include "port.h"
#include "request/requests.h"
#include "slave/sii.h"

struct ec_slave;
struct ec_slave_config;
struct ec_fsm_coe;

struct ec_fsm_pdo_conf;
typedef void (*ec_fsm_pdo_conf_state_t)(struct ec_fsm_pdo_conf *fsm,
					u64 now_ns);

struct ec_fsm_pdo_conf {
	struct ec_slave *slave;
	const struct ec_slave_config *sc;
	struct ec_fsm_coe *coe;
	ec_fsm_pdo_conf_state_t state;
	struct ec_sdo_request request;
	u8 buf[4];
	unsigned int sync_pos;	/* SM being configured */
	unsigned int pdo_pos;	/* PDO of the config's list */
	unsigned int entry_pos;	/* entry (mapping) or PDO (assignment) */
	unsigned int written;	/* objects written, for the tests */
	int error;
};

void ec_fsm_pdo_conf_init(struct ec_fsm_pdo_conf *fsm,
			  struct ec_fsm_coe *coe);
void ec_fsm_pdo_conf_start(struct ec_fsm_pdo_conf *fsm,
			   struct ec_slave *slave,
			   const struct ec_slave_config *sc, u64 now_ns);
bool ec_fsm_pdo_conf_exec(struct ec_fsm_pdo_conf *fsm, u64 now_ns);
bool ec_fsm_pdo_conf_success(const struct ec_fsm_pdo_conf *fsm);

/* The slave's description of PDO @index (CoE copy first, then SII). */
const struct ec_pdo *ec_slave_find_pdo(const struct ec_slave *slave,
				       u16 index);
/* The sync manager carries process data (is not a mailbox SM). */
bool ec_sync_is_process_data(const struct ec_sii_sync *sync);

#endif /* EC_FSM_PDO_CONF_H */
