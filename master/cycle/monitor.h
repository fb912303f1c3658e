/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor.h - what the master watches of the segment in the operation
 * phase, at a cost per cycle that does not grow with the segment.
 *
 * At most one monitoring datagram is in flight, and a new one goes out at
 * most every EC_MONITOR_PERIOD_NS:
 *  - every EC_MONITOR_BRD_EVERY-th: a BRD of the AL status (2 bytes,
 *    14 on the wire): its working counter is the number of slaves, its
 *    data the OR of their AL states.  A count that differs from the
 *    scanned segment starts a rescan; an OR that the slaves' last known
 *    states do not explain (an AL error flag, a state no slave should be
 *    in) makes every slave read its own AL status once ("sweep"), in the
 *    FSMs' byte budget, and the slave FSMs react as they always did;
 *  - the others: one slave in round robin: a CoE slave's read mailbox
 *    status (SM1 status and activate, 2 bytes, 14 on the wire), a full
 *    mailbox is then
 *    fetched by the slave's FSM; any other slave's AL status (its first
 *    byte: state and error flag, 13 on the wire), a state that differs
 *    from the last known one asks the slave's FSM for an AL status read.
 * So the monitoring adds at most EC_MONITOR_MAX_BYTES bytes and one
 * datagram to a cycle; a topology change or an AL error is seen within
 * ec_monitor_notice_ns().
 *
 * Batches: while every slave FSM is settled (ec_monitor_batching()), one
 * turn plans the slots up to the next broadcast, each check in its own
 * datagram queued for its slot (ec_master_queue_datagram_at()), and the
 * broadcast's answer gives the next turn, which takes the checks' answers
 * with it and plans the next batch: the same datagrams at the same rate,
 * one thread turn per broadcast instead of one per slot.
 */
#ifndef EC_MONITOR_H
#define EC_MONITOR_H

#include "port.h"
#include "cycle/monitor_types.h"

struct ec_master;
struct ec_datagram;

#define EC_MONITOR_PERIOD_NS (2 * EC_NSEC_PER_MSEC)
#define EC_MONITOR_BRD_EVERY 5	/* the BRD every 10 ms */
#define EC_MONITOR_BRD_EVERY_RED 2	/* with a backup device: every 4 ms */
/* Datagram header 10 + 2 data + working counter 2. */
#define EC_MONITOR_MAX_BYTES 14
/*
 * An unexplained OR that stays the same (a slave being brought back, or
 * one in error while another one is) sweeps again at most this often.
 */
#define EC_MONITOR_SWEEP_HOLDOFF_NS (100 * EC_NSEC_PER_MSEC)

enum ec_monitor_job {
	EC_MONITOR_NONE,	/* nothing due */
	EC_MONITOR_BROADCAST,	/* the caller queues the AL status BRD */
	EC_MONITOR_CHECK,	/* a slave check is queued */
};

void ec_monitor_reset(struct ec_monitor *mon);
int ec_monitor_init(struct ec_monitor *mon);
void ec_monitor_clear(struct ec_monitor *mon, struct ec_master *master);
bool ec_monitor_batching(const struct ec_master *master);
void ec_monitor_batch_done(struct ec_monitor *mon, struct ec_master *master);
unsigned int ec_monitor_batch_planned(const struct ec_master *master,
				      u64 now_ns, u64 *first_ns);
enum ec_monitor_job ec_monitor_next(struct ec_monitor *mon,
				    struct ec_master *master,
				    struct ec_datagram *d, u64 now_ns);
void ec_monitor_check_done(struct ec_monitor *mon, struct ec_master *master,
			   const struct ec_datagram *d);
void ec_monitor_broadcast_done(struct ec_monitor *mon,
			       struct ec_master *master, u16 al_states,
			       u64 now_ns);
u64 ec_monitor_slot_ns(const struct ec_master *master);
unsigned int ec_monitor_broadcast_every(const struct ec_master *master);
u64 ec_monitor_notice_ns(const struct ec_master *master);
u64 ec_monitor_round_ns(const struct ec_master *master);

#endif /* EC_MONITOR_H */
