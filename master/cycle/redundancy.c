// SPDX-License-Identifier: GPL-2.0-only
/*
 * redundancy.c - cable redundancy (doc/SPECNOTES.md, "Cable redundancy").
 *
 * The master's ports are wired to both ends of a line of slaves.  An ESC
 * processes a frame only on its way in through port 0 and forwards frames
 * from port 1 to port 0 unprocessed (ESC Section I 3.2), so with the ring
 * closed the copy sent on the main device is processed by every slave and
 * comes back on the backup device, and the backup's copy comes back on
 * the main device untouched.  With a cable cut each copy is looped back
 * at the break: the main copy is processed by the slaves in front of it,
 * the backup copy by the slaves behind it, each comes back on the device
 * that sent it.  The master merges the two copies of each datagram and
 * learns from its broadcast reads how many slaves each copy reached.
 */
#include "cycle/redundancy.h"
#include "cycle/master.h"
#include "cycle/capture.h"
#include "slave/registers.h"

/**
 * ec_red_init() - give a master its backup device
 * @master: master, not yet running (process context)
 *
 * Return: 0 or -ENOMEM.
 */
int ec_red_init(struct ec_master *master)
{
	struct ec_redundancy *r = ec_zalloc(sizeof(*r));
	unsigned int i;

	if (!r)
		return -ENOMEM;
	for (i = 0; i < 256; i++) {
		r->slot[i] = ec_zalloc(sizeof(*r->slot[i]));
		if (!r->slot[i]) {
			master->red = r;
			ec_red_clear(master);
			return -ENOMEM;
		}
	}
	master->red = r;
	master->num_devices = 2;
	return 0;
}

void ec_red_clear(struct ec_master *master)
{
	struct ec_redundancy *r = master->red;
	unsigned int i;

	if (!r)
		return;
	for (i = 0; i < 256; i++)
		ec_free(r->slot[i]);
	ec_free(r);
	master->red = NULL;
	master->num_devices = 1;
}

static bool ec_red_type_ors(enum ec_datagram_type type)
{
	return type == EC_DATAGRAM_BRD || type == EC_DATAGRAM_BRW;
}

/**
 * ec_red_merge() - the result of a datagram from its two copies
 * @type: command
 * @data: in: the data sent; out: the merged data
 * @a: the data of one copy
 * @a_wkc: its working counter
 * @b: the data of the other copy, NULL when only one came back
 * @b_wkc: its working counter
 * @size: data size
 *
 * Writing commands keep the data sent.  A reading command takes the copy
 * that a slave processed (working counter not zero); when both were
 * processed (slaves on both sides of a break), broadcast reads OR the
 * two, as the slaves OR into a broadcast read, and every other read takes
 * each byte from the copy that changed it.  When neither was processed
 * the data is what came back.  The working counters add up (the caller).
 */
void ec_red_merge(enum ec_datagram_type type, u8 *data, const u8 *a,
		  u16 a_wkc, const u8 *b, u16 b_wkc, size_t size)
{
	size_t i;

	if (!ec_datagram_type_reads(type))
		return;
	if (!b || !b_wkc || !a_wkc) {
		memcpy(data, b && b_wkc && !a_wkc ? b : a, size);
		return;
	}
	if (ec_red_type_ors(type)) {
		for (i = 0; i < size; i++)
			data[i] = a[i] | b[i];
		return;
	}
	for (i = 0; i < size; i++)
		data[i] = a[i] != data[i] ? a[i] : b[i];
}

static bool ec_red_type_positional(u8 type)
{
	return type == EC_DATAGRAM_APRD || type == EC_DATAGRAM_APWR ||
	       type == EC_DATAGRAM_APRW || type == EC_DATAGRAM_ARMW;
}

/**
 * ec_red_backup_frame() - make a frame the backup device's copy
 * @master: master
 * @frame: the frame, built for the main device
 * @len: its length
 *
 * Source address: the backup device's.  Auto-increment addresses count
 * from the first slave the copy is processed by: behind the break, the
 * slave at ring position main_side_slaves is position 0 for the backup
 * copy.  A position in front of the break gets the address 1, which no
 * slave decrements to 0 (ETG.1000.4 table 13: each slave increments ADP),
 * so that it addresses nobody: an ARMW's readers are then all writers.
 */
void ec_red_backup_frame(struct ec_master *master, u8 *frame, size_t len)
{
	const struct ec_device *main = &master->devices[EC_DEVICE_MAIN];
	u16 front = ec_device_usable(main) ?
		    master->red->side_slaves[EC_DEVICE_MAIN] : 0;
	struct ec_frame_reader r;
	struct ec_frame_datagram fd;

	memcpy(frame + EC_ETH_ALEN, master->devices[EC_DEVICE_BACKUP].mac,
	       EC_ETH_ALEN);
	if (ec_frame_parse_header(frame, len, &r))
		return;
	while (ec_frame_next(&r, &fd) > 0) {
		u8 *adp = frame + (fd.address - frame);
		u16 pos;

		if (!ec_red_type_positional(fd.type))
			continue;
		pos = (u16)-ec_get_u16(adp);
		ec_put_u16(adp, pos >= front ? (u16)-(pos - front) : 1);
	}
}

/**
 * ec_red_sent() - a frame of datagrams left
 * @master: master
 * @frame: the frame
 * @len: its length
 * @copies: on how many devices (0 to 2)
 *
 * Each datagram expects one copy back per device that sent it; none came
 * yet.
 */
void ec_red_sent(struct ec_master *master, const u8 *frame, size_t len,
		 unsigned int copies)
{
	struct ec_frame_reader r;
	struct ec_frame_datagram fd;

	if (ec_frame_parse_header(frame, len, &r))
		return;
	while (ec_frame_next(&r, &fd) > 0) {
		struct ec_red_slot *s = master->red->slot[fd.index];

		s->expected = (u8)copies;
		s->copies = 0;
		s->late_ok = false;
		s->one_copy = false;
		s->arrived[0] = s->arrived[1] = false;
		s->wkc[0] = s->wkc[1] = 0;
	}
}

/*
 * The device whose address is the frame's source (the ESCs set bit 1 of
 * the first byte, ESC Section I 3: "SOURCE_MAC[1]").
 */
static unsigned int ec_red_sender(const struct ec_master *master,
				  const u8 *frame)
{
	const u8 *b = master->devices[EC_DEVICE_BACKUP].mac;
	const u8 *src = frame + EC_ETH_ALEN;

	return (src[0] | 0x02) == (b[0] | 0x02) &&
	       !memcmp(src + 1, b + 1, EC_ETH_ALEN - 1) ?
	       EC_DEVICE_BACKUP : EC_DEVICE_MAIN;
}

/* A broadcast read came back: where is the ring broken? */
static void ec_red_update_ring(struct ec_master *master,
			       const struct ec_red_slot *s, u64 frame_ns)
{
	struct ec_redundancy *r = master->red;
	bool backup = ec_device_usable(&master->devices[EC_DEVICE_BACKUP]);
	bool was_broken = r->broken, was_known = r->known;
	unsigned int was_pos = r->break_pos, d;

	r->brd_unsettled = false;
	if (!s->wkc[0] && !s->wkc[1])
		return;		/* no slave answered: says nothing */
	/* a copy missing once may be late or lost: a cut cable misses it
	 * every time
	 */
	if (s->copies < s->expected) {
		if (++r->partial_brds < EC_RED_PARTIAL_BRDS) {
			r->brd_unsettled = true;
			return;
		}
	} else {
		r->partial_brds = 0;
	}
	for (d = 0; d < 2; d++) {
		r->side_slaves[d] = s->arrived[d] ? s->wkc[d] : 0;
		if (!r->side_slaves[d])
			r->side_al[d] = 0;
	}
	r->broken = backup && !(s->arrived[EC_DEVICE_MAIN] &&
				!s->looped[EC_DEVICE_MAIN]);
	r->break_pos = r->broken ? r->side_slaves[EC_DEVICE_MAIN] : 0;
	r->known = true;
	if (r->broken && (!was_broken || was_pos != r->break_pos)) {
		r->breaks++;
		ec_recorder_event_locked(master, EC_REC_RING_BREAK, frame_ns,
					 "ring broken after %u slave(s)",
					 r->break_pos);
		EC_MASTER_WARN_RL(master,
				  "redundancy: ring broken after %u slave(s): %u answer(s) on the main device, %u on the backup device",
				  r->break_pos, r->side_slaves[EC_DEVICE_MAIN],
				  r->side_slaves[EC_DEVICE_BACKUP]);
	} else if (!r->broken && was_broken && was_known) {
		ec_log_ratelimited(EC_LOG_INFO,
				   "%u: redundancy: ring closed again, %u slave(s)",
				   master->index,
				   r->side_slaves[EC_DEVICE_MAIN]);
	}
}

static void ec_red_finish(struct ec_master *master, struct ec_datagram *d,
			  struct ec_red_slot *s, u64 now_ns)
{
	d->working_counter = (u16)((s->arrived[0] ? s->wkc[0] : 0) +
				   (s->arrived[1] ? s->wkc[1] : 0));
	d->backup_wkc = s->arrived[1] ? s->wkc[1] : 0;
	if (d->type == EC_DATAGRAM_BRD) {
		ec_red_update_ring(master, s, d->frame_ns);
		master->red->brd_unsettled_index = d->index;
	}
	d->received_ns = now_ns;
	s->expected = 0;
	master->in_flight[d->index] = NULL;
	ec_list_del_init(&d->sent_node);
	ec_datagram_done(d, EC_DATAGRAM_RECEIVED);
}

/*
 * Did the copy sent by device @dev go round the ring (back on the other
 * device, processed)?  Then it passed every slave, and the other copy, if
 * processed too, is a repeat: a cable cut or mended while the two were
 * on their way (the backup copy processed behind a break that was mended
 * before the main copy passed) would count every slave twice.
 */
static bool ec_red_went_round(const struct ec_red_slot *s, unsigned int dev)
{
	return s->arrived[dev] && !s->looped[dev] && s->wkc[dev];
}

/**
 * ec_red_late_copy() - is @fd the second copy of a datagram completed
 * with one copy?
 * @master: master
 * @fd: received datagram
 *
 * Return: true when it is (counted in late).
 */
bool ec_red_late_copy(struct ec_master *master,
		      const struct ec_frame_datagram *fd)
{
	struct ec_red_slot *s = master->red->slot[fd->index];

	if (master->in_flight[fd->index] || !s->late_ok)
		return false;
	s->late_ok = false;
	master->lost[fd->index].answers = 0;	/* the index is free */
	master->red->late++;
	return true;
}

/**
 * ec_red_receive() - one copy of a datagram in flight came back
 * @master: master
 * @d: the datagram (matched by index, type and size)
 * @fd: the copy
 * @frame: the frame it came in (its source address names the sender)
 * @rx_dev: the device it came back on
 * @now_ns: arrival time
 *
 * The datagram is received when a copy came back for every device that
 * sent it; ec_red_complete() ends it with one copy.
 */
void ec_red_receive(struct ec_master *master, struct ec_datagram *d,
		    const struct ec_frame_datagram *fd, const u8 *frame,
		    unsigned int rx_dev, u64 now_ns)
{
	struct ec_red_slot *s = master->red->slot[fd->index];
	unsigned int sender = ec_red_sender(master, frame);

	if (s->arrived[sender]) {
		master->unmatched_datagrams++;	/* a second copy */
		return;
	}
	s->arrived[sender] = true;
	s->looped[sender] = rx_dev == sender;
	d->frame_ns = now_ns;
	s->wkc[sender] = fd->working_counter;
	if (d->type == EC_DATAGRAM_BRD && fd->data_size >= 2 &&
	    ec_get_u16(fd->address + 2) == EC_REG_AL_STATUS)
		master->red->side_al[sender] = ec_get_u16(fd->data);
	if (!s->copies++) {
		s->first_sender = (u8)sender;
		if (ec_datagram_type_reads(d->type))
			memcpy(s->data, fd->data, fd->data_size);
		if (s->copies < s->expected)
			return;		/* wait for the other one */
		ec_red_merge(d->type, d->data, s->data, fd->working_counter,
			     NULL, 0, d->data_size);
	} else if (ec_red_went_round(s, s->first_sender)) {
		/* the first copy passed every slave: this one is a repeat */
		s->arrived[sender] = false;
		ec_red_merge(d->type, d->data, s->data,
			     s->wkc[s->first_sender], NULL, 0, d->data_size);
	} else if (ec_red_went_round(s, sender)) {
		s->arrived[s->first_sender] = false;
		ec_red_merge(d->type, d->data, fd->data, fd->working_counter,
			     NULL, 0, d->data_size);
	} else {
		ec_red_merge(d->type, d->data, s->data,
			     s->wkc[s->first_sender], fd->data,
			     fd->working_counter, d->data_size);
	}
	ec_red_finish(master, d, s, now_ns);
}

/**
 * ec_red_copies_out() - copies of the datagram in flight with frame index
 * @index not back yet
 * @master: master with a backup device
 * @index: frame index
 *
 * Return: the copies still out (0 to 2).
 */
u8 ec_red_copies_out(const struct ec_master *master, u8 index)
{
	const struct ec_red_slot *s = master->red->slot[index];

	return s->expected > s->copies ? (u8)(s->expected - s->copies) : 0;
}

/**
 * ec_red_check_partial() - complete the datagrams whose second copy is late
 * @master: master
 * @now_ns: current time
 * @timeout_ns: the caller's timeout of the cyclic datagrams
 *
 * A datagram of which one copy came back is complete with it once the
 * other is late: a domain datagram at the application's receive (@now_ns;
 * its cycle uses it now, and a datagram still in flight there is lost by
 * ecrt_domain_queue() anyway), an FSM's after a quarter of the master's
 * io_timeout_ns (a slow link may bring the two copies in different
 * cycles): the other copy was lost, or its cable is cut.  Called before
 * the timeouts.  A copy that still comes is counted as late, not as
 * unmatched.
 */
void ec_red_check_partial(struct ec_master *master, u64 now_ns)
{
	u64 fsm_partial = master->io_timeout_ns / 4;
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &master->sent_datagrams) {
		struct ec_datagram *d = ec_list_entry(pos, struct ec_datagram,
						      sent_node);
		struct ec_red_slot *s = master->red->slot[d->index];

		if (!s->copies ||
		    (!d->cyclic && now_ns - d->sent_ns < fsm_partial))
			continue;
		ec_red_merge(d->type, d->data, s->data,
			     s->wkc[s->first_sender], NULL, 0, d->data_size);
		master->red->partial++;
		s->late_ok = true;
		s->one_copy = true;
		/* its index waits for the other copy, as a timed-out one's
		 * (ec_master_take_index()); it is counted as late here
		 */
		master->lost[d->index] = (struct ec_lost_index){
			.sent_ns = d->sent_ns, .size = (u16)d->data_size,
			.type = (u8)d->type, .answers = 1 };
		ec_red_finish(master, d, s, now_ns);
	}
}

/**
 * ec_red_brd_unsettled() - does a broadcast read count one side only?
 * @master: master
 * @d: a BRD that came back
 *
 * True when @d was completed with one of its two copies and the ring
 * state did not take that as a break yet (ec_red_update_ring()): while a
 * cable is cut or mended a copy can miss a few times, and its working
 * counter is then the slaves of one side, not a change of the segment.
 * The master FSM keeps the slave count it knows for such a broadcast.
 */
bool ec_red_brd_unsettled(const struct ec_master *master,
			  const struct ec_datagram *d)
{
	const struct ec_redundancy *r = master->red;

	return r && d->type == EC_DATAGRAM_BRD && r->brd_unsettled &&
	       r->brd_unsettled_index == d->index;
}

/**
 * ec_red_one_copy() - was @d completed with one of its two copies?
 * @master: master
 * @d: a datagram that came back
 *
 * Then a working counter of 0 says only that nobody on the side of that
 * copy answered: while a cable is cut the slave may be on the other side
 * (its copy late or lost this once).  A slave that is really gone shows
 * in the slave count of the broadcasts.
 */
bool ec_red_one_copy(const struct ec_master *master,
		     const struct ec_datagram *d)
{
	return master->red && master->red->slot[d->index]->one_copy;
}
