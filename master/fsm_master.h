/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_master.h - the master state machine of the idle phase.
 */
#ifndef EC_FSM_MASTER_H
#define EC_FSM_MASTER_H

#include "port.h"
#include "datagram.h"

struct ec_master;
struct ec_fsm_master;

typedef void (*ec_fsm_master_state_t)(struct ec_fsm_master *fsm, u64 now_ns);

struct ec_fsm_master {
	struct ec_master *master;
	struct ec_datagram *datagram;
	ec_fsm_master_state_t state;
	bool link_was_up;
};

void ec_fsm_master_init(struct ec_fsm_master *fsm, struct ec_master *master,
			struct ec_datagram *datagram);
void ec_fsm_master_reset(struct ec_fsm_master *fsm);
bool ec_fsm_master_exec(struct ec_fsm_master *fsm, u64 now_ns);

#endif /* EC_FSM_MASTER_H */
