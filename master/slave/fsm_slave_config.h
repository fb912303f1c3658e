/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_slave_config.h - bring a slave from INIT to its target state:
 * INIT, clear FMMUs and sync managers, configure the mailbox SMs from the
 * SII, PREOP; with an application's configuration and a target above
 * PREOP: startup SDOs, PDO assignment and mapping over CoE, the process
 * data SMs, the watchdog, the FMMUs, SAFEOP and OP.
 */
#ifndef EC_FSM_SLAVE_CONFIG_H
#define EC_FSM_SLAVE_CONFIG_H

#include "port.h"
#include "cycle/datagram.h"
#include "slave/fsm_change.h"
#include "slave/fsm_pdo_conf.h"
#include "request/requests.h"

struct ec_slave;
struct ec_slave_config;
struct ec_sdo_config;
struct ec_fsm_coe;
struct ec_fsm_soe;
struct ec_fsm_eoe;

/* FMMU registers from 0x0600, 16 bytes each (ETG.1000.4 table 56,
 * ESC data sheet section II 0x0600-0x06FF).
 */
#define EC_FMMU_SIZE 16
#define EC_FMMU_LOGICAL_START 0		/* 32 bit */
#define EC_FMMU_LENGTH 4		/* 16 bit, bytes */
#define EC_FMMU_LOGICAL_START_BIT 6
#define EC_FMMU_LOGICAL_STOP_BIT 7
#define EC_FMMU_PHYSICAL_START 8	/* 16 bit */
#define EC_FMMU_PHYSICAL_START_BIT 10
#define EC_FMMU_TYPE 11
#define EC_FMMU_ACTIVATE 12
#define EC_FMMU_TYPE_READ 0x01		/* inputs: the master reads */
#define EC_FMMU_TYPE_WRITE 0x02		/* outputs: the master writes */
#define EC_FMMU_ACTIVATE_ENABLE 0x01

/* SM control register bits (ETG.1000.4 table 58). */
#define EC_SM_CONTROL_WATCHDOG 0x40

struct ec_fsm_slave_config;
typedef void (*ec_fsm_slave_config_state_t)(struct ec_fsm_slave_config *fsm,
					    u64 now_ns);

struct ec_fsm_slave_config {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	struct ec_fsm_change *change;
	struct ec_fsm_coe *coe;
	struct ec_fsm_pdo_conf pdo_conf;
	ec_fsm_slave_config_state_t state;
	unsigned int retries;
	u8 target;		/* EC_AL_STATE_*_ */
	/* The application's configuration applied above PREOP, or NULL;
	 * only compared once the job is over.
	 */
	const struct ec_slave_config *sc;
	const struct ec_list *sdo_pos;	/* startup SDO being written */
	struct ec_sdo_request sdo_request;
	struct ec_fsm_soe *soe;		/* startup IDNs (same datagram) */
	struct ec_fsm_eoe *eoe;		/* EoE set IP (same datagram) */
	const struct ec_list *idn_pos;	/* startup IDN being written */
	u8 idn_state;			/* the AL state whose IDNs go now */
	struct ec_soe_request soe_request;
	int error;
	u16 al_status_code;	/* of a refused transition */
	u8 failed_state;	/* the AL state that was refused */
	/* DC settings (fsm_slave_config_dc.c) */
	ec_fsm_slave_config_state_t dc_next;	/* step after them */
	u64 dc_wait_start_ns;
	bool dc_warned;
};

void ec_fsm_slave_config_init(struct ec_fsm_slave_config *fsm,
			      struct ec_datagram *datagram,
			      struct ec_fsm_change *change,
			      struct ec_fsm_coe *coe);
void ec_fsm_slave_config_start(struct ec_fsm_slave_config *fsm,
			       struct ec_slave *slave, u8 target,
			       u64 now_ns);
bool ec_fsm_slave_config_exec(struct ec_fsm_slave_config *fsm, u64 now_ns);
bool ec_fsm_slave_config_success(const struct ec_fsm_slave_config *fsm);
void ec_fsm_slave_config_abort(struct ec_fsm_slave_config *fsm);

/* for the steps in fsm_slave_config_pd.c and fsm_slave_config_dc.c */
void ec_fsm_slave_config_fail(struct ec_fsm_slave_config *fsm, int error);
bool ec_fsm_slave_config_written(struct ec_fsm_slave_config *fsm,
				 const char *what);
void ec_fsm_slave_config_request_safeop(struct ec_fsm_slave_config *fsm,
					u64 now_ns);
void ec_fsm_slave_config_pdo_conf(struct ec_fsm_slave_config *fsm,
				  u64 now_ns);
void ec_fsm_slave_config_dc(struct ec_fsm_slave_config *fsm, bool activate,
			    ec_fsm_slave_config_state_t next, u64 now_ns);

#endif /* EC_FSM_SLAVE_CONFIG_H */
