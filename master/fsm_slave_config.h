/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_slave_config.h - bring a slave from INIT to its target state:
 * INIT, clear FMMUs and sync managers, configure the mailbox SMs from the
 * SII, PREOP (issue 5 adds the process data SMs, FMMUs, SAFEOP and OP).
 */
#ifndef EC_FSM_SLAVE_CONFIG_H
#define EC_FSM_SLAVE_CONFIG_H

#include "port.h"
#include "datagram.h"
#include "fsm_change.h"

struct ec_slave;

#define EC_FMMU_SIZE 16		/* bytes per FMMU, ETG.1000.4 table 56 */

struct ec_fsm_slave_config;
typedef void (*ec_fsm_slave_config_state_t)(struct ec_fsm_slave_config *fsm,
					    u64 now_ns);

struct ec_fsm_slave_config {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	struct ec_fsm_change *change;
	ec_fsm_slave_config_state_t state;
	unsigned int retries;
	u8 target;		/* EC_AL_STATE_*_ */
	int error;
	u16 al_status_code;	/* of a refused transition */
};

void ec_fsm_slave_config_init(struct ec_fsm_slave_config *fsm,
			      struct ec_datagram *datagram,
			      struct ec_fsm_change *change);
void ec_fsm_slave_config_start(struct ec_fsm_slave_config *fsm,
			       struct ec_slave *slave, u8 target,
			       u64 now_ns);
bool ec_fsm_slave_config_exec(struct ec_fsm_slave_config *fsm, u64 now_ns);
bool ec_fsm_slave_config_success(const struct ec_fsm_slave_config *fsm);

#endif /* EC_FSM_SLAVE_CONFIG_H */
