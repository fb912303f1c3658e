/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_target.h - keeps a slave in its target state: OP with the
 * application's configuration while the master is active, else the state
 * last requested (PREOP by default).  The per-slave FSM asks it for a job
 * whenever it is idle: an AL status read every EC_SLAVE_AL_CHECK_NS (in
 * the operation phase only when the master's monitor asks, monitor.c), a
 * configuration (fsm_slave_config) when the slave is below its target,
 * has the error flag or the target or configuration changed, a state
 * change (fsm_change) when it is above; after a failure the next attempt
 * waits a back-off that doubles from EC_SLAVE_RETRY_MIN_NS up to
 * EC_SLAVE_RETRY_MAX_NS.  It runs on the slave FSM's datagram, one
 * datagram per step.
 */
#ifndef EC_FSM_TARGET_H
#define EC_FSM_TARGET_H

#include "port.h"
#include "cycle/datagram.h"
#include "slave/fsm_change.h"
#include "slave/fsm_slave_config.h"

struct ec_slave;
struct ec_slave_config;

/* How often the AL status of a slave is read to see it dropped. */
#define EC_SLAVE_AL_CHECK_NS (100 * EC_NSEC_PER_MSEC)
/*
 * ... at least: the idle master's periodic reads of one kind (AL status,
 * read mailbox) come at about one per EC_IDLE_READ_SLOT_NS in all, the
 * quiet idle turn's period (master/linux/thread.c): on a segment of more
 * than EC_SLAVE_AL_CHECK_NS / EC_IDLE_READ_SLOT_NS slaves each slave is
 * read every slave_count slots (ec_slave_idle_read_at()).
 */
#define EC_IDLE_READ_SLOT_NS (8 * EC_NSEC_PER_MSEC)
/* Back-off after a failed configuration: doubles up to the maximum. */
#define EC_SLAVE_RETRY_MIN_NS (500 * EC_NSEC_PER_MSEC)
#define EC_SLAVE_RETRY_MAX_NS (10 * EC_NSEC_PER_SEC)

struct ec_fsm_target;
typedef void (*ec_fsm_target_state_t)(struct ec_fsm_target *fsm,
				      u64 now_ns);

struct ec_fsm_target {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	struct ec_fsm_change *change;
	struct ec_fsm_slave_config *config;
	ec_fsm_target_state_t state;
	unsigned int retries;

	const struct ec_slave_config *applied_config;	/* compared only */
	u8 applied_target;	/* EC_AL_STATE_*_ of the last job */
	u64 next_check_ns;	/* next AL status read */
	bool check_requested;	/* the master's OP monitor asks for a read */
	u64 retry_ns;		/* no new attempt before (back-off) */
	u64 backoff_ns;
	unsigned int config_runs;	/* jobs started */
	unsigned int config_failures;	/* of them failed */
};

void ec_fsm_target_init(struct ec_fsm_target *fsm, struct ec_slave *slave,
			struct ec_datagram *datagram,
			struct ec_fsm_change *change,
			struct ec_fsm_slave_config *config);
void ec_fsm_target_start_first(struct ec_fsm_target *fsm, u64 now_ns);
bool ec_fsm_target_start(struct ec_fsm_target *fsm, u64 now_ns);
bool ec_fsm_target_exec(struct ec_fsm_target *fsm, u64 now_ns);
bool ec_fsm_target_wants_job(const struct ec_fsm_target *fsm, u64 now_ns);
bool ec_fsm_target_drop_config(struct ec_fsm_target *fsm);
bool ec_fsm_target_stale_config(const struct ec_fsm_target *fsm);
void ec_fsm_target_request_check(struct ec_fsm_target *fsm);
bool ec_fsm_target_configured(const struct ec_fsm_target *fsm);
u64 ec_slave_idle_read_at(const struct ec_slave *slave, u64 min_ns,
			  u64 now_ns);
bool ec_fsm_target_kept(const struct ec_fsm_target *fsm);
bool ec_fsm_target_settled(const struct ec_fsm_target *fsm);
bool ec_fsm_target_checking(const struct ec_fsm_target *fsm);
void ec_fsm_target_forget_config(struct ec_fsm_target *fsm);

u8 ec_slave_target_state(const struct ec_slave *slave);

#endif /* EC_FSM_TARGET_H */
