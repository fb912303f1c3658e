// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_eoe_pump.c - the EoE pump of the slave FSM (doc/EOE.md, "Timing and
 * throughput"): while Ethernet frames flow through an EoE slave, a
 * fragment written into its write mailbox and a fetch of its read
 * mailbox in every cycle, on datagrams of its own; the handler's
 * fragmenting and reassembly are fsm_eoe.c's.
 */
#include "mailbox/fsm_eoe.h"
#include "slave/fsm_change.h"
#include "cycle/master.h"
#include "slave/slave.h"

static void ec_fsm_eoe_state_pump(struct ec_fsm_eoe *fsm, u64 now_ns);

/*
 * The pump.  While frames flow, every step (one per cycle) writes the
 * next fragment into the write mailbox and fetches the read mailbox, on
 * datagrams of its own, so both ride in the same frame and a fragment
 * goes each way per cycle (IgH takes turns on one datagram: check, fetch,
 * write).  A write the ESC refuses (working counter 0: the write mailbox
 * is still full, its slave has not read the last fragment) is sent again
 * as it was, for up to EC_EOE_TIMEOUT_NS; a write whose frame got lost is
 * sent again as it was too: the same mailbox counter makes the slave drop
 * it if it had it (ETG.1000.4 clause 5.6.2.2).  A fetch that finds the
 * read mailbox empty costs its working counter of 0; one whose frame got
 * lost may have emptied the mailbox, so it is followed by a repeat
 * request (mailbox.c).  The pump fetches as long as fragments went either
 * way in the last EC_EOE_FETCH_NS or a frame is half received; then it
 * ends and the slave FSM's idle check of the read mailbox takes over.
 * When the slave FSM has another job waiting (fsm->yield), the pump
 * finishes the frame it is sending, starts no fetch and ends once its
 * datagrams are back: a CoE request waits at most one frame's fragments.
 */

static bool ec_fsm_eoe_pump_prealloc(struct ec_fsm_eoe *fsm)
{
	size_t size = EC_FRAME_MAX_PAYLOAD - EC_DATAGRAM_HEADER_SIZE -
		      EC_DATAGRAM_FOOTER_SIZE;
	unsigned int i;
	int ret = 0;

	if (fsm->rx_datagram.mem_size)
		return true;
	for (i = 0; i < EC_EOE_TX_AHEAD && !ret; i++)
		ret = ec_datagram_prealloc(&fsm->tx_datagram[i], size);
	if (!ret)
		ret = ec_datagram_prealloc(&fsm->rx_datagram, size);
	if (!ret)
		return true;
	for (i = 0; i < EC_EOE_TX_AHEAD; i++)
		ec_datagram_clear(&fsm->tx_datagram[i]);
	ec_datagram_clear(&fsm->rx_datagram);
	return false;
}

/* Bytes a datagram takes in a frame. */
static size_t ec_fsm_eoe_bytes(const struct ec_datagram *d)
{
	return EC_DATAGRAM_HEADER_SIZE + d->data_size + EC_DATAGRAM_FOOTER_SIZE;
}

/* The @k-th write on its way, in order (0: the oldest). */
static unsigned int ec_fsm_eoe_tx_slot(const struct ec_fsm_eoe *fsm,
				       unsigned int k)
{
	return (fsm->tx_first + k) % EC_EOE_TX_AHEAD;
}

/* Write the handler's next fragment; false when there is none (now). */
static bool ec_fsm_eoe_write(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	unsigned int i = ec_fsm_eoe_tx_slot(fsm, fsm->tx_n);
	struct ec_datagram *d = &fsm->tx_datagram[i];
	struct ec_slave *slave = fsm->slave;
	size_t max = ec_mbox_max_request(slave), n;
	u8 *p;

	p = ec_mbox_prepare_send(slave, d, EC_MBOX_TYPE_EOE, max);
	if (!p)
		return false;
	n = ec_eoe_tx_fragment(fsm->eoe, p, max);
	if (!n)
		return false;
	ec_put_u16(p - EC_MBOX_HEADER_SIZE, (u16)n);	/* mailbox length */
	d->name = "eoe-fragment";
	ec_fsm_queue(slave->master, d, &fsm->tx_retries[i]);
	fsm->tx_start_ns[i] = now_ns;
	fsm->tx_step[i] = fsm->step;
	fsm->tx_n++;
	return true;
}

static bool ec_fsm_eoe_taken(const struct ec_datagram *d)
{
	return d->state == EC_DATAGRAM_RECEIVED && d->working_counter == 1;
}

static bool ec_fsm_eoe_refused(const struct ec_datagram *d)
{
	return d->state == EC_DATAGRAM_RECEIVED && d->working_counter != 1;
}

/* The oldest write was taken. */
static void ec_fsm_eoe_tx_pop(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	unsigned int i;

	ec_eoe_tx_done(fsm->eoe, true);
	fsm->tx_first = ec_fsm_eoe_tx_slot(fsm, 1);
	fsm->tx_n--;
	fsm->hot_until_ns = now_ns + EC_EOE_FETCH_NS;
	if (!fsm->tx_hold || !fsm->tx_n)
		return;
	/* the held write goes now, unchanged */
	fsm->tx_hold = false;
	i = fsm->tx_first;
	ec_fsm_queue(slave->master, &fsm->tx_datagram[i], &fsm->tx_retries[i]);
}

/* All writes given up: the frame is dropped, or sent again from 0. */
static void ec_fsm_eoe_tx_reset(struct ec_fsm_eoe *fsm, bool restart,
				u64 now_ns)
{
	fsm->tx_n = 0;
	fsm->tx_hold = false;
	fsm->tx_ahead_after_ns = now_ns + EC_EOE_FETCH_NS;
	if (!fsm->eoe)
		return;
	if (restart)
		ec_eoe_tx_restart(fsm->eoe);
	else
		ec_eoe_tx_done(fsm->eoe, false);
}

/*
 * The oldest write came back not taken, or its frame was lost: write it
 * again unchanged (a lost one may have reached the slave, which then
 * drops the repeat by its counter).  Return: false when that is over
 * (1 s of a full mailbox, or too many losses).
 */
static bool ec_fsm_eoe_tx_again(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	unsigned int i = fsm->tx_first;
	struct ec_datagram *d = &fsm->tx_datagram[i];
	struct ec_slave *slave = fsm->slave;

	if (ec_fsm_eoe_refused(d)) {
		if (fsm->eoe)
			fsm->eoe->stats.tx_busy++;
		if (now_ns - fsm->tx_start_ns[i] >= EC_EOE_TIMEOUT_NS) {
			EC_SLAVE_WARN(slave, "EoE: write mailbox stayed full for %llu ms, frame dropped",
				      (unsigned long long)(EC_EOE_TIMEOUT_NS /
							   EC_NSEC_PER_MSEC));
			return false;
		}
		ec_master_queue_datagram(slave->master, d);
		return true;
	}
	if (ec_fsm_retry(slave->master, d, &fsm->tx_retries[i]))
		return true;
	EC_SLAVE_WARN(slave, "EoE: fragment not sent (%s), frame dropped",
		      ec_datagram_state_string(d->state));
	return false;
}

/*
 * The answers to the writes on their way.  With one: taken, the next
 * may go; refused or lost, it goes again.  With two (the second written
 * before the first came back: a turn of the master's thread later than
 * the cycle, see doc/EOE.md): when the first was not taken, the slave
 * may have got the second first.  Both are awaited; if the second was
 * refused too, the first goes again and the second after it; else the
 * frame is sent again from fragment 0 (the slave starts it afresh).
 */
static void ec_fsm_eoe_pump_written(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	struct ec_datagram *first, *second;
	unsigned int k;

	if (!fsm->eoe) {	/* detached: only wait for what is on its way */
		for (k = 0; k < fsm->tx_n; k++)
			if (ec_datagram_pending(&fsm->tx_datagram[
					ec_fsm_eoe_tx_slot(fsm, k)]))
				return;
		fsm->tx_n = 0;
		fsm->tx_hold = false;
		return;
	}
	while (fsm->tx_n) {
		first = &fsm->tx_datagram[fsm->tx_first];
		if (ec_datagram_pending(first))
			return;
		if (ec_fsm_eoe_taken(first)) {
			ec_fsm_eoe_tx_pop(fsm, now_ns);
			continue;
		}
		if (fsm->tx_n == 1 || fsm->tx_hold) {
			if (!ec_fsm_eoe_tx_again(fsm, now_ns))
				ec_fsm_eoe_tx_reset(fsm, false, now_ns);
			return;
		}
		second = &fsm->tx_datagram[ec_fsm_eoe_tx_slot(fsm, 1)];
		if (ec_datagram_pending(second))
			return;
		fsm->tx_ahead_after_ns = now_ns + EC_EOE_FETCH_NS;
		if (ec_fsm_eoe_refused(second)) {
			/* the slave has neither: in order again */
			fsm->tx_hold = true;
			if (!ec_fsm_eoe_tx_again(fsm, now_ns))
				ec_fsm_eoe_tx_reset(fsm, false, now_ns);
			return;
		}
		ec_fsm_eoe_tx_reset(fsm, true, now_ns);
		return;
	}
}

/*
 * Whether a fragment may go before the answer to the last one is back:
 * in the operation phase, when that write is from the step before (the
 * thread's turn came after the application's send, so its answer is
 * seen a turn later; the caller checks), and not for a while after a
 * write went wrong.  A write whose frame got lost is not gone ahead of
 * for long: its answer is awaited for the FSMs' long timeout.
 */
static bool ec_fsm_eoe_ahead_ok(const struct ec_fsm_eoe *fsm, u64 now_ns)
{
	const struct ec_master *master = fsm->slave->master;

	return master && master->active && now_ns >= fsm->tx_ahead_after_ns;
}

/* Queue the next fragment: one at a time, or one ahead of a write still
 * on its way from the turn before.
 */
static void ec_fsm_eoe_pump_write(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	struct ec_eoe *eoe = fsm->eoe;

	if (!eoe || fsm->tx_hold || fsm->tx_n >= EC_EOE_TX_AHEAD ||
	    (fsm->tx_n && (!ec_fsm_eoe_ahead_ok(fsm, now_ns) ||
			   fsm->step - fsm->tx_step[fsm->tx_first] > 1)))
		return;
	if (!eoe->tx_busy && (fsm->yield || !ec_eoe_tx_wanted(eoe)))
		return;
	if (!ec_fsm_eoe_write(fsm, now_ns) && !fsm->tx_n && eoe->tx_busy)
		ec_eoe_tx_done(eoe, false);	/* no room for a fragment */
}

/* A fetch ended: hand over what it brought. */
static void ec_fsm_eoe_pump_fetched(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	struct ec_fsm_mbox *rx = &fsm->rx;
	struct ec_slave *slave = fsm->slave;

	fsm->rx_fetching = false;
	if (!ec_fsm_mbox_success(rx)) {
		if (rx->error != -ENOMSG && fsm->eoe)
			fsm->eoe->stats.rx_errors++;
		return;
	}
	fsm->hot_until_ns = now_ns + EC_EOE_FETCH_NS;
	if (rx->type == EC_MBOX_TYPE_ERR) {	/* logged by mailbox.c */
		if (fsm->eoe)
			fsm->eoe->stats.rx_errors++;
		return;
	}
	if (!ec_mbox_unsolicited(slave, rx->type, rx->payload, rx->size))
		EC_SLAVE_WARN(slave, "EoE: dropped a mailbox message of type 0x%x",
			      rx->type);
}

/*
 * One fetch at a time, never one ahead of another: a fetch whose frame
 * got lost may have emptied the mailbox, and its repeat request brings
 * back only the message the slave sent last, which a second fetch would
 * have taken by then (doc/SPECNOTES.md, "EoE pipelining").
 */
static void ec_fsm_eoe_pump_fetch(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	if (fsm->rx_fetching && !ec_fsm_mbox_exec(&fsm->rx, now_ns))
		ec_fsm_eoe_pump_fetched(fsm, now_ns);
	if (fsm->rx_fetching || !fsm->eoe || fsm->yield ||
	    !ec_fsm_eoe_pump_wanted(fsm, slave, now_ns))
		return;
	ec_fsm_mbox_fetch(&fsm->rx, slave, EC_EOE_TIMEOUT_NS, now_ns);
	fsm->rx_fetching = true;
}

/**
 * ec_fsm_eoe_pump_wanted() - whether the pump has work
 * @fsm: the slave FSM's EoE FSM
 * @slave: its slave
 * @now_ns: current time
 *
 * Return: true when the slave's handler has a frame to send or one half
 * received, or fragments went either way in the last EC_EOE_FETCH_NS.
 */
bool ec_fsm_eoe_pump_wanted(const struct ec_fsm_eoe *fsm,
			    const struct ec_slave *slave, u64 now_ns)
{
	const struct ec_eoe *eoe = slave->eoe;

	return eoe && (ec_eoe_tx_wanted(eoe) || eoe->rx_busy ||
		       now_ns < fsm->hot_until_ns);
}

static void ec_fsm_eoe_state_pump(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	bool tx_was[EC_EOE_TX_AHEAD], rx_was;
	struct ec_slave *slave = fsm->slave;
	unsigned int i;

	fsm->step++;
	for (i = 0; i < EC_EOE_TX_AHEAD; i++)
		tx_was[i] = ec_datagram_pending(&fsm->tx_datagram[i]);
	rx_was = ec_datagram_pending(&fsm->rx_datagram);
	if (fsm->eoe && slave->eoe != fsm->eoe)
		fsm->eoe = NULL;	/* detached: touch it no more */
	ec_fsm_eoe_pump_written(fsm, now_ns);
	ec_fsm_eoe_pump_write(fsm, now_ns);
	ec_fsm_eoe_pump_fetch(fsm, now_ns);
	for (i = 0; i < EC_EOE_TX_AHEAD; i++)
		if (!tx_was[i] && ec_datagram_pending(&fsm->tx_datagram[i]))
			fsm->queued_bytes +=
				ec_fsm_eoe_bytes(&fsm->tx_datagram[i]);
	if (!rx_was && ec_datagram_pending(&fsm->rx_datagram))
		fsm->queued_bytes += ec_fsm_eoe_bytes(&fsm->rx_datagram);
	if (fsm->tx_n || fsm->rx_fetching)
		return;
	if (!fsm->eoe)
		ec_fsm_eoe_finish(fsm, -ENODEV);
	else if (!fsm->eoe->tx_busy &&
		 (fsm->yield || !ec_fsm_eoe_pump_wanted(fsm, slave, now_ns)))
		ec_fsm_eoe_finish(fsm, 0);
}

/**
 * ec_fsm_eoe_pump_start() - move the slave's EoE frames while they flow
 * @fsm: EoE FSM
 * @slave: an EoE slave with a handler, its mailbox up
 * @now_ns: current time
 *
 * Queues the first fragment and fetch at once; ec_fsm_eoe_exec() then
 * runs the pump until the traffic stops or fsm->yield is set.
 *
 * Return: true when the pump runs (the FSM is busy), false when there is
 * nothing to do or no memory for its datagrams.
 */
bool ec_fsm_eoe_pump_start(struct ec_fsm_eoe *fsm, struct ec_slave *slave,
			   u64 now_ns)
{
	if (!slave->eoe || !ec_fsm_eoe_pump_wanted(fsm, slave, now_ns) ||
	    !ec_fsm_eoe_pump_prealloc(fsm))
		return false;
	fsm->slave = slave;
	fsm->eoe = slave->eoe;
	fsm->error = 0;
	fsm->yield = false;	/* the slave FSM has just found no other job */
	fsm->state = ec_fsm_eoe_state_pump;
	ec_fsm_eoe_state_pump(fsm, now_ns);
	return fsm->state == ec_fsm_eoe_state_pump;
}

/**
 * ec_fsm_eoe_clear() - take the pump's datagrams back and free them
 * @fsm: EoE FSM
 * @master: the master whose queues they may be on, or NULL
 */
void ec_fsm_eoe_clear(struct ec_fsm_eoe *fsm, struct ec_master *master)
{
	unsigned int i;

	for (i = 0; i < EC_EOE_TX_AHEAD; i++) {
		if (master)
			ec_master_unqueue_datagram(master,
						   &fsm->tx_datagram[i]);
		ec_datagram_clear(&fsm->tx_datagram[i]);
	}
	if (master)
		ec_master_unqueue_datagram(master, &fsm->rx_datagram);
	ec_datagram_clear(&fsm->rx_datagram);
	fsm->tx_n = 0;
	fsm->tx_hold = false;
	fsm->rx_fetching = false;
	ec_fsm_eoe_finish(fsm, 0);
}
