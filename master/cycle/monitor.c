// SPDX-License-Identifier: GPL-2.0-only
/*
 * monitor.c - the master's watch over the segment in the operation
 * phase: one small datagram at a time, at a fixed rate, whatever the
 * number of slaves (monitor.h has the plan and the figures).
 */
#include "cycle/monitor.h"
#include "slave/fsm_slave.h"
#include "mailbox/mailbox.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"

/* The AL state and error flag of the AL status byte (ETG.1000.4 t. 31). */
#define EC_MONITOR_AL_BITS (EC_AL_STATE_MASK | EC_AL_STATE_ERROR_FLAG)

/* Bytes a slave's own AL status read takes (fsm_target.c: 0x0130-0x0135). */
#define EC_MONITOR_AL_CHECK_BYTES (10 + 6 + 2)

/**
 * ec_monitor_reset() - start over (activation, a new scan)
 * @mon: monitor
 *
 * The figures are kept.
 */
void ec_monitor_reset(struct ec_monitor *mon)
{
	mon->next_ns = 0;
	mon->slot = 0;
	mon->cursor = 0;
	mon->swept = false;
	mon->batch_checks = 0;
	mon->brd_at_ns = 0;
	mon->last_ns = 0;
}

/**
 * ec_monitor_init() - the batch's datagrams
 * @mon: monitor, reset
 *
 * Return: 0 or -ENOMEM.
 */
int ec_monitor_init(struct ec_monitor *mon)
{
	unsigned int k;
	int ret = 0;

	for (k = 0; k < EC_MONITOR_BATCH_CHECKS; k++) {
		struct ec_datagram *d = &mon->batch[k].datagram;

		ec_datagram_init(d);
		if (!ret)
			ret = ec_datagram_prealloc(d, 2);
	}
	return ret;
}

/**
 * ec_monitor_clear() - free the batch's datagrams
 * @mon: monitor
 * @master: its master, to take them back from; NULL when never queued
 */
void ec_monitor_clear(struct ec_monitor *mon, struct ec_master *master)
{
	unsigned int k;

	for (k = 0; k < EC_MONITOR_BATCH_CHECKS; k++) {
		if (master)
			ec_master_unqueue_datagram(master,
						   &mon->batch[k].datagram);
		ec_datagram_clear(&mon->batch[k].datagram);
	}
}

/*
 * Every how many monitoring datagrams the BRD goes out: every fifth, and
 * every second with a backup device, whose ring break detection learns
 * from the broadcasts (redundancy.c).
 */
unsigned int ec_monitor_broadcast_every(const struct ec_master *master)
{
	return master->red ? EC_MONITOR_BRD_EVERY_RED : EC_MONITOR_BRD_EVERY;
}

static u64 ec_monitor_interval(const struct ec_master *master)
{
	return master->send_interval_ns ? master->send_interval_ns :
					  EC_SEND_INTERVAL_DEFAULT_NS;
}

static bool ec_monitor_watches(const struct ec_slave *slave)
{
	return slave->scan_done && slave->fsm;
}

/* The next slave of the round robin, NULL when none is watched. */
static struct ec_slave *ec_monitor_pick(struct ec_monitor *mon,
					struct ec_master *master)
{
	unsigned int i, n = master->slave_count;

	for (i = 0; i < n; i++) {
		unsigned int idx = (mon->cursor + i) % n;
		struct ec_slave *slave = master->slaves[idx];

		if (!ec_monitor_watches(slave))
			continue;
		mon->cursor = idx + 1;
		return slave;
	}
	return NULL;
}

/*
 * Set up the check of the next slave on @d: its read mailbox's status
 * for a CoE slave, its AL status for any other.  Return: the slave, or
 * NULL when none is watched.
 */
static struct ec_slave *ec_monitor_setup_check(struct ec_monitor *mon,
					       struct ec_master *master,
					       struct ec_datagram *d,
					       bool *mbox)
{
	struct ec_slave *slave = ec_monitor_pick(mon, master);

	if (!slave)
		return NULL;
	/* A transfer in progress reads the mailbox itself. */
	*mbox = ec_slave_fsm_mbox_checkable(slave);
	/*
	 * SM1 status and the activate byte after it (2 bytes: the capture
	 * tells this check from a transfer's 1-byte check, make bench), or
	 * the first byte of the AL status (state and error flag).
	 */
	if (ec_datagram_fprd(d, slave->station_address,
			     *mbox ? EC_SM_REG(EC_SM_MBOX_READ) + EC_SM_STATUS :
				     EC_REG_AL_STATUS,
			     *mbox ? 2 : 1))
		return NULL;
	ec_datagram_zero(d);
	d->name = "monitor";
	mon->checks++;
	return slave;
}

/**
 * ec_monitor_batching() - whether a monitoring turn plans a batch
 * @master: master, in the operation phase
 *
 * While the turns leave the slave FSMs alone (ec_master_op_fsm(): all
 * settled), with no scan and no backup device, and the application
 * cycles at least twice per slot: then nothing but the monitor needs a
 * turn every slot.
 *
 * Return: true to batch.
 */
bool ec_monitor_batching(const struct ec_master *master)
{
	return master->fsm_quiet && !master->scan_busy && !master->red &&
	       2 * ec_monitor_interval(master) <= ec_monitor_slot_ns(master);
}

/*
 * One turn plans the slots up to the next broadcast: a slave check per
 * slot, each in its own datagram queued for its slot's time, quietly,
 * then the broadcast (the caller queues it for mon->brd_at_ns), whose
 * answer gives the next turn, which takes the checks' answers too
 * (ec_monitor_batch_done()).  On the wire: the same datagrams at the
 * same rate as a turn per slot; the thread runs once per broadcast.
 */
static void ec_monitor_plan_batch(struct ec_monitor *mon,
				  struct ec_master *master, u64 now_ns)
{
	u64 slot = ec_monitor_slot_ns(master);
	unsigned int k = 0, every = ec_monitor_broadcast_every(master);
	/* a slot after the last batch's broadcast: the rate stays */
	u64 base = mon->last_ns + slot > now_ns ? mon->last_ns + slot : now_ns;

	while (mon->slot++ % every && k < EC_MONITOR_BATCH_CHECKS) {
		struct ec_monitor_check *c = &mon->batch[k];
		struct ec_slave *slave;

		/* still out (lost, not timed out yet): no reuse */
		if (ec_datagram_pending(&c->datagram))
			break;
		slave = ec_monitor_setup_check(mon, master, &c->datagram,
					       &c->mbox);
		if (!slave)
			break;
		c->pos = slave->ring_position;
		ec_master_queue_datagram_at(master, &c->datagram,
					    base + k * slot, false);
		k++;
	}
	mon->batch_checks = k;
	mon->planned_ns = now_ns;
	mon->batch_ns = base;
	mon->brd_at_ns = base + k * slot;
	mon->last_ns = mon->brd_at_ns;
	/* the turn its answer gives plans the next batch */
	mon->next_ns = mon->brd_at_ns;
	mon->batches++;
}

/**
 * ec_monitor_batch_planned() - the slots the monitor's step of this turn
 * planned as a batch
 * @master: master
 * @now_ns: the turn's time
 * @first_ns: set to the first slot's time
 *
 * Return: the batch's slots, its broadcast's included; 0 when this turn
 * planned no batch.
 */
unsigned int ec_monitor_batch_planned(const struct ec_master *master,
				      u64 now_ns, u64 *first_ns)
{
	const struct ec_monitor *mon = &master->fsm.monitor;

	if (!master->active || !mon->brd_at_ns || mon->planned_ns != now_ns)
		return 0;
	*first_ns = mon->batch_ns;
	return mon->batch_checks + 1;
}

/**
 * ec_monitor_next() - the monitoring job of this turn (FSM side)
 * @mon: monitor
 * @master: master, in the operation phase
 * @d: the master FSM's datagram, not pending
 * @now_ns: current time
 *
 * Queues a slave check on @d, or tells the caller to queue the AL status
 * broadcast (for mon->brd_at_ns when not 0: a batch, ec_monitor_batching()),
 * or that nothing is due.  Both go through ec_master_queue_datagram_at():
 * a cycle carries at most one of them and of the link health's reads.
 *
 * Return: the job.
 */
enum ec_monitor_job ec_monitor_next(struct ec_monitor *mon,
				    struct ec_master *master,
				    struct ec_datagram *d, u64 now_ns)
{
	struct ec_slave *slave;

	if (now_ns < mon->next_ns)
		return EC_MONITOR_NONE;
	mon->brd_at_ns = 0;
	if (ec_monitor_batching(master)) {
		ec_monitor_plan_batch(mon, master, now_ns);
		goto broadcast;
	}
	mon->next_ns = now_ns + EC_MONITOR_PERIOD_NS;
	mon->last_ns = now_ns;
	if (mon->slot++ % ec_monitor_broadcast_every(master) == 0 ||
	    master->scan_busy)
		goto broadcast;
	slave = ec_monitor_setup_check(mon, master, d, &mon->check_mbox);
	if (!slave)
		goto broadcast;
	mon->checked = slave->ring_position;
	/* its answer waits for the next slot's turn */
	ec_master_queue_datagram_at(master, d, now_ns, false);
	return EC_MONITOR_CHECK;

broadcast:
	mon->broadcasts++;
	return EC_MONITOR_BROADCAST;
}

/* A check of the slave at @pos came back on @d (or did not). */
static void ec_monitor_take_check(struct ec_monitor *mon,
				  struct ec_master *master, unsigned int pos,
				  bool mbox, const struct ec_datagram *d)
{
	struct ec_slave *slave;

	if (d->state != EC_DATAGRAM_RECEIVED || pos >= master->slave_count)
		return;		/* lost: the next round looks again */
	slave = master->slaves[pos];
	if (!ec_monitor_watches(slave) ||
	    ec_get_u16(d->address) != slave->station_address)
		return;		/* rescanned meanwhile */
	if (d->working_counter != 1) {
		ec_slave_fsm_request_al_check(slave);
		return;
	}
	if (mbox) {
		if (d->data[0] & EC_SM_STATUS_MBOX_FULL) {
			ec_slave_fsm_mbox_full(slave);
			mon->mbox_full++;
		}
		return;
	}
	if ((d->data[0] & EC_MONITOR_AL_BITS) !=
	    (slave->current_state & EC_MONITOR_AL_BITS)) {
		mon->state_changes++;
		ec_slave_fsm_request_al_check(slave);
	}
}

/**
 * ec_monitor_check_done() - a slave check came back (FSM side)
 * @mon: monitor
 * @master: master
 * @d: the master FSM's datagram, no longer pending
 *
 * A full read mailbox is left to the slave's FSM to fetch; an AL status
 * other than the last known one (or no answer) makes the slave's FSM
 * read its AL status, which it reacts to.
 */
void ec_monitor_check_done(struct ec_monitor *mon, struct ec_master *master,
			   const struct ec_datagram *d)
{
	ec_monitor_take_check(mon, master, mon->checked, mon->check_mbox, d);
}

/**
 * ec_monitor_batch_done() - a batch's broadcast is back: its checks too
 * (FSM side)
 * @mon: monitor
 * @master: master
 *
 * Each check as ec_monitor_check_done(); one still out (its frame lost
 * and not timed out yet) counts as lost.
 */
void ec_monitor_batch_done(struct ec_monitor *mon, struct ec_master *master)
{
	unsigned int k;

	for (k = 0; k < mon->batch_checks; k++) {
		const struct ec_monitor_check *c = &mon->batch[k];

		if (!ec_datagram_pending(&c->datagram))
			ec_monitor_take_check(mon, master, c->pos, c->mbox,
					      &c->datagram);
	}
	mon->batch_checks = 0;
}

/**
 * ec_monitor_broadcast_done() - the AL status broadcast came back with
 * the working counter of the scanned segment (FSM side)
 * @mon: monitor
 * @master: master
 * @al_states: the OR of all slaves' AL status
 * @now_ns: current time
 *
 * When the OR is not the OR of the slaves' last known states, or an
 * error flag is in it, every watched slave reads its own AL status once
 * (again at most every EC_MONITOR_SWEEP_HOLDOFF_NS while the OR stays).
 */
void ec_monitor_broadcast_done(struct ec_monitor *mon,
			       struct ec_master *master, u16 al_states,
			       u64 now_ns)
{
	unsigned int i;
	u8 seen = al_states & EC_MONITOR_AL_BITS, known = 0;

	for (i = 0; i < master->slave_count; i++)
		known |= master->slaves[i]->current_state & EC_MONITOR_AL_BITS;
	if (seen == known && !(seen & EC_AL_STATE_ERROR_FLAG)) {
		mon->swept = false;
		return;
	}
	if (mon->swept && seen == mon->swept_states &&
	    now_ns - mon->swept_ns < EC_MONITOR_SWEEP_HOLDOFF_NS)
		return;
	EC_MASTER_DBG(master, 1,
		      "AL states 0x%02x seen, 0x%02x known: every slave reads its AL status",
		      seen, known);
	for (i = 0; i < master->slave_count; i++) {
		struct ec_slave *slave = master->slaves[i];

		if (ec_monitor_watches(slave))
			ec_slave_fsm_request_al_check(slave);
	}
	mon->swept = true;
	mon->swept_states = seen;
	mon->swept_ns = now_ns;
	mon->sweeps++;
}

/**
 * ec_monitor_slot_ns() - time between two monitoring datagrams
 * @master: master
 *
 * EC_MONITOR_PERIOD_NS, or the send interval when that is longer (one
 * datagram per cycle at the most).
 *
 * Return: nanoseconds.
 */
u64 ec_monitor_slot_ns(const struct ec_master *master)
{
	u64 interval = ec_monitor_interval(master);

	return interval > EC_MONITOR_PERIOD_NS ? interval :
						 EC_MONITOR_PERIOD_NS;
}

/**
 * ec_monitor_notice_ns() - how long a topology change or an AL error in
 * the operation phase can go unnoticed
 * @master: master
 *
 * The BRD period, its answer (one cycle), and the slaves' own AL status
 * reads of a sweep within the FSMs' byte budget and visits per cycle,
 * plus the cycle that carries the last of them.  Assumes the application
 * cycles at its send interval.
 *
 * Return: the bound in nanoseconds.
 */
u64 ec_monitor_notice_ns(const struct ec_master *master)
{
	u64 n = master->slave_count;
	size_t budget = master->fsm_bytes_per_cycle ?
			master->fsm_bytes_per_cycle :
			EC_FSM_BYTES_PER_CYCLE_DEFAULT;
	u64 by_visits = (n + EC_FSM_SLAVE_VISITS_PER_CYCLE - 1) /
			EC_FSM_SLAVE_VISITS_PER_CYCLE;
	u64 by_bytes = (n * EC_MONITOR_AL_CHECK_BYTES + budget - 1) / budget;
	u64 sweep = by_visits > by_bytes ? by_visits : by_bytes;

	return (u64)ec_monitor_broadcast_every(master) * ec_monitor_slot_ns(master) +
	       (2 + sweep) * ec_monitor_interval(master);
}

/**
 * ec_monitor_round_ns() - how often each slave gets its own check (its
 * read mailbox, or its AL status) in the operation phase
 * @master: master
 *
 * Return: the round robin's period in nanoseconds.
 */
u64 ec_monitor_round_ns(const struct ec_master *master)
{
	u64 n = master->slave_count ? master->slave_count : 1;
	unsigned int every = ec_monitor_broadcast_every(master);

	return n * ec_monitor_slot_ns(master) * every / (every - 1);
}
