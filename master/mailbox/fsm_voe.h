/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_voe.h - Vendor specific over EtherCAT (ETG.1000.6 clause 5.9): send
 * one message with its vendor id and type, or take one from the read
 * mailbox (waiting for it, or fetching once without the status check).
 */
#ifndef EC_FSM_VOE_H
#define EC_FSM_VOE_H

#include "port.h"
#include "cycle/datagram.h"
#include "mailbox/mailbox.h"
#include "request/requests.h"

struct ec_slave;

#define EC_VOE_HEADER_SIZE 6	/* vendor id (32 bit), vendor type (16) */
#define EC_VOE_TIMEOUT_NS (500 * EC_NSEC_PER_MSEC)

struct ec_fsm_voe;
typedef void (*ec_fsm_voe_state_t)(struct ec_fsm_voe *fsm, u64 now_ns);

struct ec_fsm_voe {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_voe_state_t state;
	struct ec_fsm_mbox mbox;
	struct ec_voe_handler *request;
	int error;
};

void ec_fsm_voe_init(struct ec_fsm_voe *fsm, struct ec_datagram *datagram);
void ec_fsm_voe_transfer(struct ec_fsm_voe *fsm, struct ec_slave *slave,
			 struct ec_voe_handler *request, u64 now_ns);
bool ec_fsm_voe_exec(struct ec_fsm_voe *fsm, u64 now_ns);
bool ec_fsm_voe_success(const struct ec_fsm_voe *fsm);

#endif /* EC_FSM_VOE_H */
