/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * master.h - the core of one EtherCAT master: devices, the datagram queue,
 * frame sending and reply matching, the master state machine.
 *
 * The glue (master/linux/) owns threads and locking (doc/LOCKING.md): a
 * function is either of the cyclic side (the glue holds the io lock, the
 * name ends in _locked or the comment says so) or of the FSM side (the
 * lock is not held; the core takes it only to hand datagrams over).
 * The current time is passed in.
 */
#ifndef EC_MASTER_H
#define EC_MASTER_H

#include "port.h"
#include "list.h"
#include "cycle/datagram.h"
#include "cycle/device.h"
#include "slave/fsm_master_types.h"
#include "dc/dc_types.h"
#include "slave/link_health_types.h"
#include "ecrt.h"

struct ec_slave;
struct ec_redundancy;

#define EC_MAX_DEVICES 2
#define EC_DEVICE_MAIN 0
#define EC_DEVICE_BACKUP 1

/*
 * Idle phase: datagrams unanswered this long are timed out (the master's
 * own thread; TCG rigs need slack).  The application's cycle loses them
 * much sooner: ec_master_cyclic_timeout().
 */
#define EC_IO_TIMEOUT_NS (20 * EC_NSEC_PER_MSEC)
/* The cyclic timeout is half the send interval, but never below this. */
/*
 * A timed-out datagram's frame index is not used again for this long while
 * its answers may still come (unless no other index is free): a late
 * answer would otherwise be taken for the next datagram's.
 */
#define EC_LATE_ANSWER_NS EC_NSEC_PER_SEC
#define EC_CYCLIC_TIMEOUT_MIN_NS (50 * EC_NSEC_PER_USEC)
/* The send interval the master assumes until the application sets one. */
#define EC_SEND_INTERVAL_DEFAULT_NS EC_NSEC_PER_MSEC
/* IgH's budget rule: 80 ns per byte on the wire, 90 % of the interval. */
#define EC_BYTE_TRANSMISSION_TIME_NS 80

enum ec_master_phase {
	EC_PHASE_ORPHANED,	/* no device yet */
	EC_PHASE_IDLE,		/* the master's thread runs the bus */
	EC_PHASE_OPERATION,	/* an application runs the cycle */
};

struct ec_capture;

struct ec_master {
	unsigned int index;
	enum ec_master_phase phase;
	bool active;
	unsigned int debug_level;

	struct ec_device devices[EC_MAX_DEVICES];
	unsigned int num_devices;	/* 2 when a backup is configured */
	struct ec_redundancy *red;	/* with a backup (redundancy.c) */

	struct ec_list datagram_queue;	/* queued, not yet sent */
	struct ec_list sent_datagrams;	/* in flight */
	struct ec_datagram *in_flight[256];	/* by frame index */
	/*
	 * A timed-out datagram's answers that may still come, by frame
	 * index, until the index is used again (ec_master_lose_datagram()):
	 * such an answer is late, not unmatched.
	 */
	struct ec_lost_index {
		u64 sent_ns;	/* when it was sent */
		u16 size;
		u8 type;
		u8 answers;	/* copies still out */
	} lost[256];
	u8 next_index;
	u64 io_timeout_ns;

	struct ec_device_stats stats;	/* all devices together */
	u64 timed_out_datagrams;
	u64 late_answers;	/* answers of datagrams already timed out */
	u64 unmatched_datagrams;
	u64 skipped_datagrams;
	u64 bad_frames;
	u64 next_sample_ns;

	unsigned int slaves_responding;
	u16 al_states;		/* OR of all slaves' AL status */

	/*
	 * The scanned segment (fsm_master.c allocates it on a change):
	 * slaves[pos] is the slave at ring position pos, in slave_pool,
	 * where a slave stays for as long as it exists (the ring order may
	 * change under it, fsm_master_hc.c).
	 */
	struct ec_slave **slaves;
	struct ec_slave *slave_pool;
	unsigned int slave_count;
	unsigned int slave_capacity;	/* slave_pool has room for these */
	bool scan_busy;
	unsigned int dup_aliases;	/* aliases more than one slave has */
	u64 scan_start_ns;	/* for the scan time figure */
	u64 scan_done_ns;

	struct ec_fsm_master fsm;
	struct ec_datagram fsm_datagram;

	/* Mailbox (fsm_slave.c, mailbox.c): read no CoE dictionaries; and
	 * the former exchange, with a status check before every fetch
	 * (kept for the before/after figures of make bench-core).
	 */
	bool no_dictionary;
	bool mbox_check_first;

	/* The application (ecrt_*): configurations, domains, cycle. */
	struct ec_list configs;		/* struct ec_slave_config */
	struct ec_list domains;		/* struct ec_domain */
	bool queue_later;		/* a domain's ec_domain_queue_later() */
	unsigned int config_count;
	unsigned int domain_count;
	struct ec_list hc_groups;	/* struct ec_hc_group (hot connect) */
	unsigned int hc_group_count;
	u8 *pd_mem;			/* process data of all domains */
	size_t pd_size;
	u64 app_time_ns;		/* ecrt_master_application_time */
	u64 send_interval_ns;		/* ecrt_master_set_send_interval */
	size_t fsm_bytes_per_cycle;	/* budget for FSM datagrams in OP */
	unsigned int fsm_next_slave;	/* round robin of the budget */
	/*
	 * The FSMs' turn in the operation phase (ec_master_fsm_wanted()):
	 * answers and losses of wakes_fsm datagrams counted by the cyclic
	 * side, the count the last turn started from, its next due time,
	 * and a request the application started since (any context).
	 */
	unsigned int fsm_answers;
	unsigned int fsm_answers_seen;
	u64 fsm_due_ns;
	bool fsm_request;
	bool fsm_cut;		/* the budget left slave FSMs for the next turn */
	/*
	 * Turns without slave FSM visits (ec_master_op_fsm()): the last
	 * whole round of visits found every slave FSM settled, and nothing
	 * since could have unsettled one (ec_master_fsm_unquiet()); a round
	 * of visits again at fsm_quiet_until_ns at the latest.
	 */
	bool fsm_quiet;
	unsigned int fsm_quiet_epoch;	/* one more at each reset */
	unsigned int fsm_quiet_count;	/* slave FSMs settled in this epoch */
	u64 fsm_quiet_until_ns;
	/*
	 * ec_master_queue_datagram_at(): monitoring reads queued for a later
	 * send, by send_at_ns; a send takes at most one of them.
	 */
	struct ec_list timed;

	struct ec_master_dc dc;		/* distributed clocks (dc.c) */
	struct ec_link_health health;	/* the ESC error counters */

	/* Frame capture and flight recorder (capture.c); the tap writes
	 * while a time before capture_until is passed to it.
	 */
	struct ec_capture *capture;
	u64 capture_until;
};

/* FSM datagram bytes per application cycle unless set: one frame's worth. */
#define EC_FSM_BYTES_PER_CYCLE_DEFAULT 1486
/*
 * Slave FSMs visited per application cycle at most.  Visiting every slave
 * every cycle made the cost of ecrt_master_send() grow with the segment
 * (about 150 instructions per slave per cycle); with the cap it is
 * bounded, and each slave is still visited every slave_count / 64 cycles
 * (16 ms for 1000 slaves at 1 kHz), well within its 100 ms status poll.
 */
#define EC_FSM_SLAVE_VISITS_PER_CYCLE 64
/*
 * In the operation phase, how long the turns may leave settled slave
 * FSMs alone before a round of visits looks again (ec_master_op_fsm()):
 * a bound on anything that could give one work without a request, the
 * monitor or a configuration change telling (ec_master_fsm_unquiet()).
 */
#define EC_FSM_QUIET_NS (100 * EC_NSEC_PER_MSEC)

/* Each domain's process data starts on its own page of pd_mem (mmap). */
#ifdef PAGE_SIZE
#define EC_PD_ALIGN PAGE_SIZE
#else
#define EC_PD_ALIGN 4096
#endif

#define EC_MASTER_LOG(level, master, fmt, ...) \
	ec_log(level, "%u: " fmt, (master)->index, ##__VA_ARGS__)
#define EC_MASTER_ERR(m, fmt, ...) EC_MASTER_LOG(EC_LOG_ERR, m, fmt, \
						 ##__VA_ARGS__)
#define EC_MASTER_WARN(m, fmt, ...) EC_MASTER_LOG(EC_LOG_WARN, m, fmt, \
						  ##__VA_ARGS__)
#define EC_MASTER_INFO(m, fmt, ...) EC_MASTER_LOG(EC_LOG_INFO, m, fmt, \
						  ##__VA_ARGS__)
#define EC_MASTER_DBG(m, lvl, fmt, ...) \
	do { \
		if ((m)->debug_level >= (lvl)) \
			EC_MASTER_LOG(EC_LOG_DBG, m, fmt, ##__VA_ARGS__); \
	} while (0)
#define EC_MASTER_WARN_RL(m, fmt, ...) \
	ec_log_ratelimited(EC_LOG_WARN, "%u: " fmt, (m)->index, ##__VA_ARGS__)

/*
 * What drives the master's parts (the master FSM, the slaves' FSMs, DC)
 * is in master_parts.c: ec_master_init(), ec_master_clear(),
 * ec_master_idle_fsm() and ec_master_device_detached().  master.c, whose
 * queue the FSMs call, does not include their headers.
 */
int ec_master_init(struct ec_master *master, unsigned int index);
void ec_master_clear(struct ec_master *master);

/*
 * The FSM side queues and unqueues with the plain functions (they take the
 * io lock); the cyclic side, which holds it, with the _locked ones.
 */
void ec_master_queue_datagram(struct ec_master *master,
			      struct ec_datagram *datagram);
void ec_master_unqueue_datagram(struct ec_master *master,
				struct ec_datagram *datagram);
void ec_master_queue_datagram_quiet(struct ec_master *master,
				    struct ec_datagram *datagram);
void ec_master_queue_datagram_at(struct ec_master *master,
				 struct ec_datagram *datagram, u64 at_ns,
				 bool wakes);
void ec_master_queue_datagram_locked(struct ec_master *master,
				     struct ec_datagram *datagram);
void ec_master_unqueue_datagram_locked(struct ec_master *master,
				       struct ec_datagram *datagram);
void ec_master_queue_datagram_first_locked(struct ec_master *master,
					   struct ec_datagram *datagram);
void ec_master_lose_datagram(struct ec_master *master,
			     struct ec_datagram *d);
void ec_master_fail_datagrams_locked(struct ec_master *master);
unsigned int ec_master_send_datagrams(struct ec_master *master, u64 now_ns);
void ec_master_receive_frame(struct ec_master *master, const u8 *frame,
			     size_t size, u64 now_ns);
void ec_master_receive_frame_on(struct ec_master *master,
				unsigned int dev_idx, const u8 *frame,
				size_t size, u64 now_ns);
void ec_master_check_timeouts(struct ec_master *master, u64 now_ns,
			      u64 timeout_ns);
void ec_master_poll_devices(struct ec_master *master);
void ec_master_update_stats(struct ec_master *master, u64 now_ns);
void ec_master_idle_receive(struct ec_master *master, u64 now_ns);
void ec_master_idle_fsm(struct ec_master *master, u64 now_ns);
bool ec_master_idle_at_rest(const struct ec_master *master);
void ec_master_idle_cycle(struct ec_master *master, u64 now_ns);

void ec_master_device_attached(struct ec_master *master,
			       struct ec_device *dev);
void ec_master_device_detached(struct ec_master *master,
			       struct ec_device *dev);
u64 ec_master_lost_frames(const struct ec_master *master);

/* The application phase (master_app.c). */
struct ec_domain *ec_master_create_domain(struct ec_master *master);
struct ec_slave_config *ec_master_slave_config(struct ec_master *master,
					       u16 alias, u16 position,
					       u32 vendor_id,
					       u32 product_code);
int ec_master_activate(struct ec_master *master, u64 now_ns);
void ec_master_deactivate(struct ec_master *master, u64 now_ns);
void ec_master_clear_config(struct ec_master *master);
void ec_master_app_receive(struct ec_master *master, u64 now_ns);
void ec_master_app_send(struct ec_master *master, u64 now_ns);
void ec_master_op_fsm(struct ec_master *master, u64 now_ns);

/**
 * ec_master_fsm_unquiet() - a slave FSM may have work: the operation
 * phase's turns visit the slave FSMs again until a whole round finds them
 * settled (ec_master_op_fsm())
 * @master: master, or NULL; FSM side (the master lock held)
 *
 * Called wherever a settled slave FSM can get work without running: a
 * request queued, the monitor's AL check or full mailbox, an EoE handler
 * or a configuration attached or detached, an activation.
 */
static inline void ec_master_fsm_unquiet(struct ec_master *master)
{
	if (!master)
		return;
	master->fsm_quiet = false;
	master->fsm_quiet_epoch++;
	master->fsm_quiet_count = 0;
}
void ec_master_fsm_turn_start(struct ec_master *master);
u64 ec_master_fsm_next_due(const struct ec_master *master, u64 now_ns);
bool ec_master_fsm_wanted(const struct ec_master *master, u64 now_ns);

void ec_domains_queue_recorded(struct ec_master *master);	/* domain.c */

/*
 * Queue the domains' datagrams of a kernel application's queue() calls
 * recorded since (ec_domain_queue_later()); the caller holds the io lock.
 */
static inline void ec_domains_take_queued(struct ec_master *master)
{
	if (master->queue_later)
		ec_domains_queue_recorded(master);
}
u64 ec_master_cyclic_timeout(const struct ec_master *master);
void ec_master_set_send_interval(struct ec_master *master, u64 interval_ns);
void ec_master_get_state(const struct ec_master *master,
			 ec_master_state_t *state);
void ec_master_get_link_state(const struct ec_master *master,
			      unsigned int dev_idx,
			      ec_master_link_state_t *state);

#endif /* EC_MASTER_H */
