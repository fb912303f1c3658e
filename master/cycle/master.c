// SPDX-License-Identifier: GPL-2.0-only
/*
 * master.c - datagram queue, frame sending, reply matching, statistics.
 */
#include "cycle/master.h"
#include "cycle/redundancy.h"
#include "cycle/capture.h"

/**
 * ec_master_queue_datagram_locked() - queue a datagram for the next send
 * @master: master; the caller holds the io lock (the cyclic side)
 * @datagram: datagram, set up
 *
 * A datagram that is still queued or in flight is not queued twice: it is
 * counted as skipped, as its owner asked again before the answer came.
 */
void ec_master_queue_datagram_locked(struct ec_master *master,
				     struct ec_datagram *datagram)
{
	if (datagram->state == EC_DATAGRAM_QUEUED ||
	    datagram->state == EC_DATAGRAM_SENT) {
		datagram->skip_count++;
		master->skipped_datagrams++;
		EC_MASTER_DBG(master, 1, "datagram %s skipped",
			      ec_datagram_name(datagram));
		return;
	}
	datagram->state = EC_DATAGRAM_QUEUED;
	datagram->wakes_fsm = false;	/* the FSM side's wrapper sets it */
	ec_list_add_tail(&datagram->queue_node, &master->datagram_queue);
}

/**
 * ec_master_queue_datagram_first_locked() - queue at the head of the queue
 * @master: master; the caller holds the io lock (the cyclic side)
 * @datagram: datagram, set up
 *
 * For the DC datagrams: at the start of the first frame their position,
 * and so the time the slaves see them, does not move from cycle to cycle
 * with what else is queued (dc.c).
 */
void ec_master_queue_datagram_first_locked(struct ec_master *master,
					   struct ec_datagram *datagram)
{
	if (datagram->state == EC_DATAGRAM_QUEUED ||
	    datagram->state == EC_DATAGRAM_SENT) {
		ec_master_queue_datagram_locked(master, datagram); /* skip */
		return;
	}
	datagram->state = EC_DATAGRAM_QUEUED;
	datagram->wakes_fsm = false;
	ec_list_add_tail(&datagram->queue_node, master->datagram_queue.next);
}

/**
 * ec_master_queue_datagram() - queue an FSM's datagram for the next send
 * @master: master; called from the FSM side, which does not hold the lock
 * @datagram: datagram, set up
 *
 * Hands the datagram to the cyclic side under the io lock (doc/LOCKING.md).
 */
void ec_master_queue_datagram(struct ec_master *master,
			      struct ec_datagram *datagram)
{
	ec_port_io_lock(master);
	ec_master_queue_datagram_locked(master, datagram);
	datagram->wakes_fsm = true;
	ec_port_io_unlock(master);
}

/**
 * ec_master_queue_datagram_quiet() - queue a monitoring read of the FSM
 * side whose answer need not be taken at once
 * @master: master; FSM side, the io lock not held
 * @datagram: datagram, set up
 *
 * As ec_master_queue_datagram(), but in the operation phase its answer
 * waits for the FSMs' next due turn (ec_master_fsm_next_due()) instead of
 * giving the thread a turn of its own: the monitor's slave checks and the
 * link health reads, due every slot anyway.
 */
void ec_master_queue_datagram_quiet(struct ec_master *master,
				    struct ec_datagram *datagram)
{
	ec_port_io_lock(master);
	ec_master_queue_datagram_locked(master, datagram);
	datagram->wakes_fsm = false;
	ec_port_io_unlock(master);
}

/**
 * ec_master_queue_datagram_at() - queue a monitoring read of the FSM side
 * for the first send at or after a time
 * @master: master; FSM side, the io lock not held
 * @datagram: datagram, set up; not pending
 * @at_ns: not before this time (passed-in clock)
 * @wakes: its answer or loss gives the FSMs a turn of their own
 *	(ec_master_fsm_wanted()); otherwise it waits for their next due turn
 *
 * It counts as queued (the FSM side waits for it) and joins the queue at
 * the first send from @at_ns on; a send takes at most one such datagram,
 * the earliest: the operation phase's monitoring datagrams and link
 * health reads all come this way, so that each cycle carries at most one
 * of them, and one turn can plan those of several cycles (monitor.h).
 */
void ec_master_queue_datagram_at(struct ec_master *master,
				 struct ec_datagram *datagram, u64 at_ns,
				 bool wakes)
{
	struct ec_list *pos;

	ec_port_io_lock(master);
	if (datagram->state == EC_DATAGRAM_QUEUED ||
	    datagram->state == EC_DATAGRAM_SENT) {
		ec_master_queue_datagram_locked(master, datagram); /* skip */
	} else {
		datagram->state = EC_DATAGRAM_QUEUED;
		datagram->send_at_ns = at_ns;
		/* by time; after those of the same time */
		for (pos = master->timed.next; pos != &master->timed;
		     pos = pos->next)
			if (ec_list_entry(pos, struct ec_datagram,
					  queue_node)->send_at_ns > at_ns)
				break;
		ec_list_add_tail(&datagram->queue_node, pos);
	}
	datagram->wakes_fsm = wakes;
	ec_port_io_unlock(master);
}

/* At each send: the earliest timed datagram that is due joins the queue. */
static void ec_master_take_timed(struct ec_master *master, u64 now_ns)
{
	struct ec_datagram *d;

	if (ec_list_empty(&master->timed))
		return;
	d = ec_list_entry(master->timed.next, struct ec_datagram, queue_node);
	if (d->send_at_ns > now_ns)
		return;
	ec_list_del_init(&d->queue_node);
	ec_list_add_tail(&d->queue_node, &master->datagram_queue);
}

/* The cyclic side is done with @d: hand it to its owner. */
static void ec_master_datagram_done(struct ec_master *master,
				    struct ec_datagram *d,
				    enum ec_datagram_state state)
{
	master->fsm_answers += d->wakes_fsm;
	ec_datagram_done(d, state);
}

/**
 * ec_master_unqueue_datagram_locked() - forget a datagram wherever it is
 * @master: master; the caller holds the io lock
 * @datagram: datagram about to be freed or reused
 */
/*
 * The master no longer waits for @d, in flight: its answers (with
 * redundancy the copies not back yet) may still come, and are counted as
 * late answers until its frame index is used again (ec_master_lookup()).
 */
static void ec_master_forget_answers(struct ec_master *master,
				     const struct ec_datagram *d)
{
	struct ec_lost_index *l = &master->lost[d->index];

	l->sent_ns = d->sent_ns;
	l->size = (u16)d->data_size;
	l->type = (u8)d->type;
	l->answers = master->red ? ec_red_copies_out(master, d->index) : 1;
}

void ec_master_unqueue_datagram_locked(struct ec_master *master,
				       struct ec_datagram *datagram)
{
	if (ec_list_linked(&datagram->queue_node))
		ec_list_del_init(&datagram->queue_node);
	if (ec_list_linked(&datagram->sent_node)) {
		ec_list_del_init(&datagram->sent_node);
		if (master->in_flight[datagram->index] == datagram) {
			master->in_flight[datagram->index] = NULL;
			ec_master_forget_answers(master, datagram);
		}
	}
	if (datagram->state == EC_DATAGRAM_QUEUED ||
	    datagram->state == EC_DATAGRAM_SENT)
		datagram->state = EC_DATAGRAM_INVALID;
}

/**
 * ec_master_unqueue_datagram() - take a datagram back from the cyclic side
 * @master: master; called from the FSM side (the lock is taken here)
 * @datagram: datagram about to be freed or reused
 */
void ec_master_unqueue_datagram(struct ec_master *master,
				struct ec_datagram *datagram)
{
	ec_port_io_lock(master);
	ec_master_unqueue_datagram_locked(master, datagram);
	ec_port_io_unlock(master);
}

/**
 * ec_master_lose_datagram() - a datagram in flight is lost, now
 * @master: master; the caller holds the io lock
 * @d: datagram in the SENT state
 *
 * Counted as timed out.  Its answers (with redundancy the copies not yet
 * back) may still come, late: until its frame index is used again they
 * are counted as late answers, not as unmatched (ec_master_lookup()).
 */
void ec_master_lose_datagram(struct ec_master *master, struct ec_datagram *d)
{
	ec_master_forget_answers(master, d);
	ec_list_del_init(&d->sent_node);
	if (master->in_flight[d->index] == d)
		master->in_flight[d->index] = NULL;
	d->backup_wkc = 0;
	master->timed_out_datagrams++;
	EC_MASTER_DBG(master, 1, "datagram %s %s index 0x%02x timed out",
		      ec_datagram_name(d), ec_datagram_type_string(d->type),
		      d->index);
	ec_master_datagram_done(master, d, EC_DATAGRAM_TIMED_OUT);
	ec_recorder_event_locked(master, EC_REC_LOST_FRAME, d->sent_ns,
				 "datagram %s %s index 0x%02x unanswered",
				 ec_datagram_name(d),
				 ec_datagram_type_string(d->type),
				 d->index);
}

/*
 * Next frame index not used by a datagram in flight, nor by one timed out
 * less than EC_LATE_ANSWER_NS ago whose answers may still come (a late
 * answer of a domain's datagram has the type and size of the next one: it
 * would be taken for it, stale data as new); when every free index has
 * answers out, any free one.
 */
static bool ec_master_take_index(struct ec_master *master, u64 now_ns,
				 u8 *index)
{
	unsigned int tries, pass;

	for (pass = 0; pass < 2; pass++) {
		u8 i = master->next_index;

		for (tries = 0; tries < 256; tries++, i++) {
			const struct ec_lost_index *l = &master->lost[i];

			if (master->in_flight[i])
				continue;
			if (!pass && l->answers &&
			    now_ns - l->sent_ns < EC_LATE_ANSWER_NS)
				continue;
			*index = i;
			master->next_index = (u8)(i + 1);
			return true;
		}
	}
	return false;
}

/*
 * Redundancy: the frame built on @dev (the main device, or the backup when
 * the main one is gone) also leaves on the backup device, as its copy
 * (redundancy.c); each datagram expects a copy back per device that took
 * the frame.
 */
static void ec_master_send_redundant(struct ec_master *master,
				     struct ec_device *dev, size_t len,
				     u64 now_ns)
{
	struct ec_device *backup = &master->devices[EC_DEVICE_BACKUP];
	unsigned int copies = 0;

	if (dev == backup) {
		ec_red_backup_frame(master, dev->tx_frame, len);
	} else if (ec_device_usable(backup)) {
		memcpy(ec_device_tx_begin(backup), dev->tx_frame, len);
		ec_red_backup_frame(master, backup->tx_frame, len);
		if (ec_device_send(backup, len, now_ns))
			EC_MASTER_WARN_RL(master,
					  "failed to send a frame on the backup device");
		else
			copies++;
	}
	if (ec_device_send(dev, len, now_ns))
		EC_MASTER_WARN_RL(master, "failed to send a frame");
	else
		copies++;
	ec_red_sent(master, dev->tx_frame, len, copies);
}

/**
 * ec_master_send_datagrams() - pack queued datagrams into frames and send
 * @master: master
 * @now_ns: current time
 *
 * Return: number of frames sent.
 */
unsigned int ec_master_send_datagrams(struct ec_master *master, u64 now_ns)
{
	struct ec_device *dev = &master->devices[EC_DEVICE_MAIN];
	struct ec_frame_builder fb;
	struct ec_list *pos, *tmp;
	unsigned int frames = 0;

	ec_master_take_timed(master, now_ns);
	if (!ec_device_usable(dev)) {
		dev = &master->devices[EC_DEVICE_BACKUP];
		if (master->red && ec_device_usable(dev))
			goto send;	/* the backup alone */
		ec_list_for_each_safe(pos, tmp, &master->datagram_queue) {
			struct ec_datagram *d = ec_list_entry(
				pos, struct ec_datagram, queue_node);

			ec_list_del_init(pos);
			ec_master_datagram_done(master, d, EC_DATAGRAM_ERROR);
		}
		return 0;
	}
send:

	while (!ec_list_empty(&master->datagram_queue)) {
		ec_frame_begin(&fb, ec_device_tx_begin(dev), dev->mac);
		ec_list_for_each_safe(pos, tmp, &master->datagram_queue) {
			struct ec_datagram *d = ec_list_entry(
				pos, struct ec_datagram, queue_node);

			if (!ec_frame_fits(&fb, d->data_size))
				continue;
			if (!ec_master_take_index(master, now_ns, &d->index))
				break;
			ec_frame_add(&fb, d);
			master->lost[d->index].answers = 0;
			ec_list_del_init(pos);
			d->state = EC_DATAGRAM_SENT;
			d->rx_pending = false;	/* a reply not taken is stale */
			d->sent_ns = now_ns;
			master->in_flight[d->index] = d;
			ec_list_add_tail(&d->sent_node, &master->sent_datagrams);
		}
		if (!fb.count)
			break;	/* all indices in flight: wait for answers */
		if (master->red)
			ec_master_send_redundant(master, dev,
						 ec_frame_finish(&fb), now_ns);
		else if (ec_device_send(dev, ec_frame_finish(&fb), now_ns))
			EC_MASTER_WARN_RL(master, "failed to send a frame");
		frames++;
	}
	return frames;
}

/*
 * Is @fd a late answer of the datagram that timed out with its frame
 * index (master->lost)?  Then it is counted as such.
 */
static bool ec_master_late_answer(struct ec_master *master,
				  const struct ec_frame_datagram *fd)
{
	struct ec_lost_index *l = &master->lost[fd->index];

	if (!l->answers || master->in_flight[fd->index] ||
	    l->type != fd->type || l->size != fd->data_size)
		return false;
	l->answers--;
	master->late_answers++;
	return true;
}

/*
 * The datagram in flight that @fd answers, or NULL: a late answer of one
 * that timed out is counted as late, anything else as unmatched (logged).
 */
static inline struct ec_datagram *
ec_master_lookup(struct ec_master *master, const struct ec_frame_datagram *fd)
{
	struct ec_datagram *d = master->in_flight[fd->index];

	if (!d && ec_master_late_answer(master, fd))
		return NULL;
	if (!d || d->state != EC_DATAGRAM_SENT || (u8)d->type != fd->type ||
	    d->data_size != fd->data_size) {
		master->unmatched_datagrams++;
		EC_MASTER_WARN_RL(master,
				  "unmatched datagram %s index 0x%02x size %u",
				  ec_datagram_type_string(fd->type),
				  fd->index, fd->data_size);
		return NULL;
	}
	return d;
}

static void ec_master_match(struct ec_master *master,
			    const struct ec_frame_datagram *fd, u64 now_ns)
{
	struct ec_datagram *d = ec_master_lookup(master, fd);

	if (!d)
		return;
	if (ec_datagram_type_reads(d->type)) {
		memcpy(d->rx_data ? d->rx_data : d->data, fd->data,
		       fd->data_size);
		d->rx_pending = d->rx_data != NULL;
	}
	d->working_counter = fd->working_counter;
	d->received_ns = now_ns;
	d->frame_ns = now_ns;
	master->in_flight[fd->index] = NULL;
	ec_list_del_init(&d->sent_node);
	ec_master_datagram_done(master, d, EC_DATAGRAM_RECEIVED);
}

/* The header of a received frame; a bad one is counted and logged. */
static bool ec_master_rx_start(struct ec_master *master, const u8 *frame,
			       size_t size, struct ec_frame_reader *r)
{
	int ret = ec_frame_parse_header(frame, size, r);

	if (ret) {
		master->bad_frames++;
		EC_MASTER_WARN_RL(master, "dropped a bad frame of %zu bytes (%d)",
				  size, ret);
	}
	return !ret;
}

/* The end of a received frame: ec_frame_next()'s last return value. */
static void ec_master_rx_end(struct ec_master *master, int ret, size_t size)
{
	if (ret < 0) {
		master->bad_frames++;
		EC_MASTER_WARN_RL(master, "truncated datagram in a frame of %zu bytes",
				  size);
	}
}

/* Redundancy: each datagram is one copy, merged by redundancy.c. */
static void ec_master_rx_red(struct ec_master *master, unsigned int dev_idx,
			     struct ec_frame_reader *r, const u8 *frame,
			     size_t size, u64 now_ns)
{
	struct ec_frame_datagram fd;
	int ret;

	while ((ret = ec_frame_next(r, &fd)) > 0) {
		struct ec_datagram *d;

		if (ec_red_late_copy(master, &fd))
			continue;
		d = ec_master_lookup(master, &fd);
		if (d)
			ec_red_receive(master, d, &fd, frame, dev_idx, now_ns);
	}
	ec_master_rx_end(master, ret, size);
}

/**
 * ec_master_receive_frame() - match the datagrams of a frame received on
 * the main device
 * @master: master
 * @frame: whole Ethernet frame
 * @size: its length
 * @now_ns: arrival time
 */
void ec_master_receive_frame(struct ec_master *master, const u8 *frame,
			     size_t size, u64 now_ns)
{
	struct ec_frame_reader r;
	struct ec_frame_datagram fd;
	int ret;

	if (!ec_master_rx_start(master, frame, size, &r))
		return;
	if (master->red) {
		ec_master_rx_red(master, EC_DEVICE_MAIN, &r, frame, size,
				 now_ns);
		return;
	}
	while ((ret = ec_frame_next(&r, &fd)) > 0)
		ec_master_match(master, &fd, now_ns);
	ec_master_rx_end(master, ret, size);
}

/**
 * ec_master_receive_frame_on() - match the datagrams of a received frame
 * @master: master
 * @dev_idx: the device it came in on
 * @frame: whole Ethernet frame
 * @size: its length
 * @now_ns: arrival time
 */
void ec_master_receive_frame_on(struct ec_master *master,
				unsigned int dev_idx, const u8 *frame,
				size_t size, u64 now_ns)
{
	struct ec_frame_reader r;

	if (dev_idx == EC_DEVICE_MAIN || !master->red) {
		ec_master_receive_frame(master, frame, size, now_ns);
		return;
	}
	if (ec_master_rx_start(master, frame, size, &r))
		ec_master_rx_red(master, dev_idx, &r, frame, size, now_ns);
}

/**
 * ec_master_check_timeouts() - time out datagrams that got no answer
 * @master: master; the caller holds the io lock
 * @now_ns: current time
 * @cyclic_ns: domain datagrams (d->cyclic) sent at least this long ago
 *	are lost
 *
 * Every other datagram (the FSMs') is lost after master->io_timeout_ns.
 * With redundancy a datagram of which one copy came back is completed
 * with it first (redundancy.c: ec_red_check_partial()).
 */
void ec_master_check_timeouts(struct ec_master *master, u64 now_ns,
			      u64 cyclic_ns)
{
	struct ec_list *pos, *tmp;

	if (master->red)
		ec_red_check_partial(master, now_ns);

	ec_list_for_each_safe(pos, tmp, &master->sent_datagrams) {
		struct ec_datagram *d = ec_list_entry(pos, struct ec_datagram,
						      sent_node);
		u64 timeout = d->cyclic ? cyclic_ns : master->io_timeout_ns;

		if (now_ns - d->sent_ns >= timeout)
			ec_master_lose_datagram(master, d);
	}
}

void ec_master_poll_devices(struct ec_master *master)
{
	unsigned int i;

	for (i = 0; i < master->num_devices; i++) {
		struct ec_device *dev = &master->devices[i];

		if (ec_device_usable(dev) && dev->hooks->poll)
			dev->hooks->poll(dev);
	}
}

u64 ec_master_lost_frames(const struct ec_master *master)
{
	const struct ec_device_stats *s = &master->stats;

	/* One frame may be on its way at any moment. */
	return s->tx_count > s->rx_count + 1 ? s->tx_count - s->rx_count - 1 :
					       0;
}

void ec_master_update_stats(struct ec_master *master, u64 now_ns)
{
	unsigned int i;

	if (now_ns < master->next_sample_ns)
		return;
	if (!master->next_sample_ns)
		master->next_sample_ns = now_ns;
	master->next_sample_ns += EC_NSEC_PER_SEC;
	if (master->next_sample_ns < now_ns)	/* long stall: resync */
		master->next_sample_ns = now_ns + EC_NSEC_PER_SEC;
	ec_stats_sample(&master->stats, ec_master_lost_frames(master));
	for (i = 0; i < master->num_devices; i++)
		ec_stats_sample(&master->devices[i].stats, 0);
}

/**
 * ec_master_idle_receive() - the cyclic half of an idle cycle, part one
 * @master: master; the caller holds the io lock and has polled the devices
 * @now_ns: current time
 *
 * Times out what is left (the idle phase's long EC_IO_TIMEOUT_NS) and
 * samples the statistics.
 */
void ec_master_idle_receive(struct ec_master *master, u64 now_ns)
{
	ec_master_check_timeouts(master, now_ns, master->io_timeout_ns);
	ec_master_update_stats(master, now_ns);
}

/**
 * ec_master_idle_cycle() - one whole cycle of the idle phase
 * @master: master; the caller holds no lock (userspace tests, benchmarks)
 * @now_ns: current time
 *
 * The caller has polled the devices (replies are matched); this times out
 * what is left, advances the FSMs and sends what they queued.  The kernel's
 * thread calls the halves itself, with the lock around the cyclic ones.
 */
void ec_master_idle_cycle(struct ec_master *master, u64 now_ns)
{
	ec_port_io_lock(master);
	ec_master_idle_receive(master, now_ns);
	ec_port_io_unlock(master);
	ec_master_idle_fsm(master, now_ns);
	ec_port_io_lock(master);
	ec_master_send_datagrams(master, now_ns);
	ec_port_io_unlock(master);
}

/**
 * ec_master_device_attached() - a device module offered a wanted device
 * @master: master; the caller holds the io lock and has filled in @dev
 * @dev: the device
 *
 * With the main device the master leaves the orphaned phase: back to
 * operation when an application is active (the device came back), else
 * idle.
 */
void ec_master_device_attached(struct ec_master *master,
			       struct ec_device *dev)
{
	dev->attached = true;
	if (dev->index == EC_DEVICE_MAIN && master->phase == EC_PHASE_ORPHANED)
		master->phase = master->active ? EC_PHASE_OPERATION :
						 EC_PHASE_IDLE;
	EC_MASTER_INFO(master, "%s device %02x:%02x:%02x:%02x:%02x:%02x attached",
		       dev->index == EC_DEVICE_MAIN ? "main" : "backup",
		       dev->mac[0], dev->mac[1], dev->mac[2], dev->mac[3],
		       dev->mac[4], dev->mac[5]);
}

/**
 * ec_master_fail_datagrams_locked() - fail every datagram the cyclic side
 * holds: no device to carry it
 * @master: master; the caller holds the io lock
 */
void ec_master_fail_datagrams_locked(struct ec_master *master)
{
	struct ec_list *pos, *tmp;

	while (!ec_list_empty(&master->timed))	/* failed with the queue */
		ec_master_take_timed(master, ~(u64)0);

	ec_list_for_each_safe(pos, tmp, &master->sent_datagrams) {
		struct ec_datagram *d = ec_list_entry(pos, struct ec_datagram,
						      sent_node);

		ec_master_unqueue_datagram_locked(master, d);
		ec_master_datagram_done(master, d, EC_DATAGRAM_ERROR);
	}
	ec_list_for_each_safe(pos, tmp, &master->datagram_queue) {
		struct ec_datagram *d = ec_list_entry(pos, struct ec_datagram,
						      queue_node);

		ec_master_unqueue_datagram_locked(master, d);
		ec_master_datagram_done(master, d, EC_DATAGRAM_ERROR);
	}
}
