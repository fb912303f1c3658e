/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mbox_raw.h - the raw mailbox exchange of the mailbox gateway (ETG.8200):
 * one mailbox message, header and data as a gateway client sent it, is
 * written into the slave's write mailbox with the counter and the address
 * the master fills in, and the reply that belongs to it is read back,
 * header and data (all its fragments for SDO information and SoE).  A CoE emergency that arrives meanwhile goes to the
 * slave's emergency ring (and an EoE fragment to its EoE handler) as with
 * every other mailbox reader; the exchange waits on for its reply.
 *
 * No FSM of its own: the mailbox FSM (mailbox.c) does the work, this file
 * only checks the message, prepares the write and sorts the replies.
 */
#ifndef EC_MBOX_RAW_H
#define EC_MBOX_RAW_H

#include "port.h"
#include "mailbox/mailbox.h"
#include "request/requests.h"

struct ec_slave;

/*
 * How long after a gateway client's SDO segment the next one is awaited
 * before the slave serves other requests again.
 */
#define EC_MBOX_RAW_HOLD_NS (1000 * EC_NSEC_PER_MSEC)

/* What a raw exchange does with the slave's mailbox. */
struct ec_fsm_mbox_raw {
	struct ec_fsm_mbox mbox;
	struct ec_mbox_raw_request *request;
	u8 type;		/* mailbox type of the message sent */
	bool more_out;		/* the message is a download with more to come */
	bool busy;
	int error;
};

void ec_fsm_mbox_raw_init(struct ec_fsm_mbox_raw *fsm,
			  struct ec_datagram *datagram);
void ec_fsm_mbox_raw_transfer(struct ec_fsm_mbox_raw *fsm,
			      struct ec_slave *slave,
			      struct ec_mbox_raw_request *request, u64 now_ns);
bool ec_fsm_mbox_raw_exec(struct ec_fsm_mbox_raw *fsm, u64 now_ns);
bool ec_fsm_mbox_raw_success(const struct ec_fsm_mbox_raw *fsm);
int ec_mbox_raw_check(const u8 *msg, size_t size);
bool ec_mbox_raw_more(u8 type, const u8 *p, size_t n);

#endif /* EC_MBOX_RAW_H */
