/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_change.h - AL state change of one slave (ETG.1000.6 clause 6.4):
 * write AL control, poll AL status until the state is reached, the error
 * flag shows or the time is up; on an error read the AL status code,
 * acknowledge it and report the failure with the code.
 *
 * Also the helpers every per-slave FSM uses for its one datagram.
 */
#ifndef EC_FSM_CHANGE_H
#define EC_FSM_CHANGE_H

#include "port.h"
#include "cycle/datagram.h"
#include "cycle/master.h"

struct ec_slave;

/* How often a datagram that got no answer is sent again. */
#define EC_FSM_RETRIES 5

/* Time a slave has for an AL state change (IgH uses the same). */
#define EC_AL_STATE_TIMEOUT_NS (5 * EC_NSEC_PER_SEC)
/* Acknowledge bit of AL control, ETG.1000.6 table 9. */
#define EC_AL_CONTROL_ACK 0x10

/* The datagram is on its way: the FSM has to wait. */
static inline bool ec_fsm_datagram_pending(const struct ec_datagram *d)
{
	return ec_datagram_pending(d);
}

/* Queue a freshly set up datagram with a full set of retries. */
static inline void ec_fsm_queue(struct ec_master *master,
				struct ec_datagram *d, unsigned int *retries)
{
	*retries = EC_FSM_RETRIES;
	ec_master_queue_datagram(master, d);
}

/* A datagram got no answer: queue it again while retries are left. */
static inline bool ec_fsm_retry(struct ec_master *master,
				struct ec_datagram *d, unsigned int *retries)
{
	if (d->state != EC_DATAGRAM_TIMED_OUT || !*retries)
		return false;
	(*retries)--;
	ec_master_queue_datagram(master, d);
	return true;
}

/* -errno for a datagram that did not come back as wanted. */
static inline int ec_fsm_datagram_error(const struct ec_datagram *d)
{
	return d->state == EC_DATAGRAM_TIMED_OUT ? -ETIMEDOUT : -EIO;
}

struct ec_fsm_change;
typedef void (*ec_fsm_change_state_t)(struct ec_fsm_change *fsm, u64 now_ns);

struct ec_fsm_change {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_change_state_t state;
	unsigned int retries;
	u8 requested;		/* EC_AL_STATE_*_ */
	bool ack_only;		/* only acknowledge an error */
	bool request_after_ack;	/* the error was there before we asked */
	u64 start_ns;
	u64 timeout_ns;
	u16 status_code;	/* AL status code of a refusal */
	int error;		/* -EIO refused, -ETIMEDOUT, -EINVAL */
};

void ec_fsm_change_init(struct ec_fsm_change *fsm,
			struct ec_datagram *datagram);
void ec_fsm_change_start(struct ec_fsm_change *fsm, struct ec_slave *slave,
			 u8 state, u64 now_ns);
void ec_fsm_change_ack(struct ec_fsm_change *fsm, struct ec_slave *slave,
		       u64 now_ns);
bool ec_fsm_change_exec(struct ec_fsm_change *fsm, u64 now_ns);
bool ec_fsm_change_success(const struct ec_fsm_change *fsm);

#endif /* EC_FSM_CHANGE_H */
