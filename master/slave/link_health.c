// SPDX-License-Identifier: GPL-2.0-only
/*
 * link_health.c - the ESC error counters of every slave, read one slave at
 * a time in both phases, kept as totals and rates, and the cable a fault
 * points at (link_health.h has the plan and the cost).
 */
#include "slave/link_health.h"
#include "cycle/master.h"
#include "cycle/monitor.h"
#include "slave/registers.h"
#include "slave/slave.h"

/**
 * ec_link_health_init() - set up the watch (enabled, nothing read yet)
 * @h: link health state of a master, zeroed
 *
 * Return: 0 or -ENOMEM.
 */
int ec_link_health_init(struct ec_link_health *h)
{
	unsigned int k;
	int ret = 0;

	for (k = 0; k < EC_HEALTH_READS; k++) {
		struct ec_datagram *d = &h->out[k].datagram;

		ec_datagram_init(d);
		d->name = "link-health";
		if (!ret)
			ret = ec_datagram_prealloc(d, EC_HEALTH_BLOCK_SIZE);
	}
	h->enabled = true;
	return ret;
}

/**
 * ec_link_health_free() - free what the watch holds, none of it queued
 * @h: link health state
 */
void ec_link_health_free(struct ec_link_health *h)
{
	unsigned int k;

	for (k = 0; k < EC_HEALTH_READS; k++)
		ec_datagram_clear(&h->out[k].datagram);
	ec_free_big(h->slaves);
	h->slaves = NULL;
	h->count = 0;
}

/**
 * ec_link_health_clear() - free what the watch holds (FSM side)
 * @master: master
 */
void ec_link_health_clear(struct ec_master *master)
{
	unsigned int k;

	for (k = 0; k < EC_HEALTH_READS; k++)
		ec_master_unqueue_datagram(master,
					   &master->health.out[k].datagram);
	ec_link_health_free(&master->health);
}

/**
 * ec_link_health_enable() - switch the reads on or off (make bench
 * compares the cycle with and without them); the figures are kept
 * @master: master
 * @on: read the counters
 */
void ec_link_health_enable(struct ec_master *master, bool on)
{
	master->health.enabled = on;
}

/**
 * ec_link_health_period_ns() - time between two reads
 * @master: master
 *
 * The monitor's slot: 2 ms, or the send interval when longer.
 *
 * Return: nanoseconds.
 */
u64 ec_link_health_period_ns(const struct ec_master *master)
{
	return ec_monitor_slot_ns(master);
}

/**
 * ec_link_health_round_ns() - how often each slave's counters are read
 * @master: master
 *
 * Return: nanoseconds (a clear takes one more slot of that slave).
 */
u64 ec_link_health_round_ns(const struct ec_master *master)
{
	u64 n = master->slave_count ? master->slave_count : 1;

	return n * ec_link_health_period_ns(master);
}

static u64 ec_link_health_tx_frames(struct ec_master *master)
{
	u64 n;

	ec_port_io_lock(master);
	n = master->stats.tx_count;
	ec_port_io_unlock(master);
	return n;
}

/* Once a second: the totals of every slave into the snapshot ring. */
static void ec_link_health_tick(struct ec_master *master, u64 now_ns)
{
	struct ec_link_health *h = &master->health;
	unsigned int i, p, c;

	if (!h->start_ns) {
		h->start_ns = now_ns ? now_ns : 1;
		h->tick_ns = now_ns + EC_HEALTH_SNAP_NS;
		return;
	}
	if (now_ns < h->tick_ns)
		return;
	h->tick_ns += EC_HEALTH_SNAP_NS;
	if (h->tick_ns <= now_ns)	/* far behind: no catching up */
		h->tick_ns = now_ns + EC_HEALTH_SNAP_NS;
	h->head = (h->head + 1) % EC_HEALTH_HISTORY;
	if (h->filled < EC_HEALTH_HISTORY)
		h->filled++;
	h->snap_ns[h->head] = now_ns;
	h->snap_frames[h->head] = ec_link_health_tx_frames(master);
	for (i = 0; i < h->count; i++) {
		struct ec_health_slave *s = &h->slaves[i];

		for (p = 0; p < EC_HEALTH_PORTS; p++)
			for (c = 0; c < EC_HEALTH_COUNTERS; c++)
				s->hist[h->head].c[p][c] = (u32)s->total[p][c];
	}
}

/* A new segment (another slave count): start over with its slaves. */
static bool ec_link_health_fit(struct ec_master *master)
{
	struct ec_link_health *h = &master->health;
	unsigned int n = master->slave_count;

	if (h->count == n && (h->slaves || !n))
		return n != 0;
	ec_free_big(h->slaves);
	h->slaves = NULL;
	h->count = 0;
	h->cursor = 0;
	if (!n)
		return false;
	h->slaves = ec_zalloc_big(n * sizeof(*h->slaves));
	if (!h->slaves) {
		EC_MASTER_WARN_RL(master,
				  "no memory to watch the links of %u slave(s)",
				  n);
		return false;
	}
	h->count = n;
	return true;
}

/* A counter byte: what it counted since the last read. */
static u64 ec_link_health_step(struct ec_health_slave *s, const u8 *data,
			       unsigned int off)
{
	u8 now = data[off], before = s->seen ? s->raw[off] : 0;

	if (now == 0xff)
		s->saturated++;
	if (now >= EC_HEALTH_CLEAR_AT)
		s->clear_due = true;
	/* Lower than before: cleared (by a write, or a reset of the ESC)
	 * since the last read, and counted from zero again.
	 */
	return now >= before ? (u64)(now - before) : now;
}

static void ec_link_health_account(struct ec_link_health *h,
				   struct ec_health_slave *s, const u8 *data,
				   u64 now_ns)
{
	static const unsigned int stride[EC_HEALTH_COUNTERS] = { 2, 2, 1, 1 };
	static const unsigned int base[EC_HEALTH_COUNTERS] = {
		EC_HEALTH_OFF_INVALID(0), EC_HEALTH_OFF_RX(0),
		EC_HEALTH_OFF_FORWARDED(0), EC_HEALTH_OFF_LOST_LINK(0)
	};
	unsigned int p, c, k;
	bool first = !s->seen;

	/*
	 * The usual read: nothing counted since the last one.  With no
	 * clear due, no byte of the block reached EC_HEALTH_CLEAR_AT (nor
	 * 0xFF), so the steps below would add nothing.
	 */
	if (!first && !s->clear_due &&
	    !memcmp(s->raw, data, EC_HEALTH_BLOCK_SIZE)) {
		s->reads++;
		s->last_read_ns = now_ns;
		return;
	}
	for (p = 0; p < EC_HEALTH_PORTS; p++)
		for (c = 0; c < EC_HEALTH_COUNTERS; c++)
			s->total[p][c] += ec_link_health_step(s, data,
							      base[c] +
							      stride[c] * p);
	s->processing_unit += ec_link_health_step(s, data,
						  EC_HEALTH_OFF_PROCESSING_UNIT);
	s->pdi += ec_link_health_step(s, data, EC_HEALTH_OFF_PDI);
	memcpy(s->raw, data, EC_HEALTH_BLOCK_SIZE);
	s->seen = true;
	s->reads++;
	s->last_read_ns = now_ns;
	if (!first)
		return;
	/*
	 * What the counters held before the master first read them is in
	 * the totals, but in no rate: every window starts after it.
	 */
	memcpy(s->initial, s->total, sizeof(s->initial));
	for (k = 0; k < EC_HEALTH_HISTORY; k++)
		for (p = 0; p < EC_HEALTH_PORTS; p++)
			for (c = 0; c < EC_HEALTH_COUNTERS; c++)
				s->hist[k].c[p][c] = (u32)s->total[p][c];
	(void)h;
}

/* The read or clear @r came back (or was lost). */
static void ec_link_health_done(struct ec_master *master,
				const struct ec_health_read *r, u64 now_ns)
{
	struct ec_link_health *h = &master->health;
	const struct ec_datagram *d = &r->datagram;
	struct ec_health_slave *s;

	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1 ||
	    r->pos >= h->count || r->pos >= master->slave_count ||
	    ec_get_u16(d->address) !=
		    master->slaves[r->pos]->station_address) {
		h->lost_reads++;
		return;
	}
	s = &h->slaves[r->pos];
	if (r->clearing) {
		/* zero from now on; what came between read and clear is lost */
		memset(s->raw, 0, sizeof(s->raw));
		s->clear_due = false;
		h->clears++;
		return;
	}
	h->reads++;
	ec_link_health_account(h, s, d->data, now_ns);
}

/* The next scanned slave of the round robin, or -1. */
static int ec_link_health_pick(struct ec_master *master)
{
	struct ec_link_health *h = &master->health;
	unsigned int i, n = h->count;

	for (i = 0; i < n; i++) {
		unsigned int idx = (h->cursor + i) % n;

		if (!master->slaves[idx]->scan_done)
			continue;
		h->cursor = idx + 1;
		return (int)idx;
	}
	return -1;
}

/* Take the answers that are back; return: a read not out, or NULL. */
static struct ec_health_read *ec_link_health_collect(struct ec_master *master,
						     u64 now_ns)
{
	struct ec_link_health *h = &master->health;
	struct ec_health_read *free = NULL;
	unsigned int k;

	for (k = EC_HEALTH_READS; k-- > 0;) {
		struct ec_health_read *r = &h->out[k];

		if (r->in_flight) {
			if (ec_datagram_pending(&r->datagram))
				continue;
			r->in_flight = false;
			ec_link_health_done(master, r, now_ns);
		}
		free = r;
	}
	return free;
}

/* The next read not out after @r, or NULL. */
static struct ec_health_read *ec_link_health_next_free(struct ec_link_health *h,
						       struct ec_health_read *r)
{
	while (++r < h->out + EC_HEALTH_READS)
		if (!r->in_flight)
			return r;
	return NULL;
}

/* Set up @r for the next slave; return: false when there is none. */
static bool ec_link_health_setup(struct ec_master *master,
				 struct ec_health_read *r)
{
	struct ec_link_health *h = &master->health;
	struct ec_datagram *d = &r->datagram;
	int pos = ec_link_health_pick(master);
	u16 station;

	if (pos < 0)
		return false;
	station = master->slaves[pos]->station_address;
	r->clearing = h->slaves[pos].clear_due;
	if (r->clearing ?
	    ec_datagram_fpwr(d, station, EC_REG_RX_ERROR_COUNT,
			     EC_HEALTH_BLOCK_SIZE) :
	    ec_datagram_fprd(d, station, EC_REG_RX_ERROR_COUNT,
			     EC_HEALTH_BLOCK_SIZE))
		return false;
	/* zero: a read's data, and the clear's (the value is ignored) */
	ec_datagram_zero(d);
	r->pos = (unsigned int)pos;
	r->in_flight = true;
	return true;
}

/**
 * ec_link_health_exec() - the watch's turn (FSM side, both phases)
 * @master: master; the io lock is not held
 * @now_ns: current time
 *
 * Takes the answers of the last reads, takes the second's snapshot when
 * it is due, and queues the next slave's read (or clear) when its slot
 * has come.  With an application (the monitor at work, monitor.h) the
 * read goes half a slot after the monitor's datagram, both through
 * ec_master_queue_datagram_at(), so that each cycle carries at most one
 * of them; when this turn planned a batch of the monitor, one read goes
 * half a slot before each of the batch's slots, its broadcast's included:
 * their answers are back when the broadcast's answer gives the next
 * turn.  Nothing goes out while the segment is scanned; a read still out
 * (its frame lost, not timed out yet) keeps its place.
 *
 * Return: the bytes it queued for the next send (0 or
 * EC_HEALTH_WIRE_BYTES).
 */
size_t ec_link_health_exec(struct ec_master *master, u64 now_ns)
{
	struct ec_link_health *h = &master->health;
	u64 first = 0, slot;
	unsigned int k, n = ec_monitor_batch_planned(master, now_ns, &first);
	bool batch = n != 0;
	struct ec_health_read *r = ec_link_health_collect(master, now_ns);

	ec_link_health_tick(master, now_ns);
	if (!r || !h->enabled || master->phase == EC_PHASE_ORPHANED ||
	    master->scan_busy)
		return 0;
	if (!batch && now_ns < h->next_ns)
		return 0;
	slot = ec_link_health_period_ns(master);
	if (!ec_link_health_fit(master)) {
		h->next_ns = now_ns + slot;
		return 0;
	}
	if (!master->active) {
		h->next_ns = now_ns + slot;
		if (!ec_link_health_setup(master, r))
			return 0;
		ec_master_queue_datagram_quiet(master, &r->datagram);
		return EC_HEALTH_WIRE_BYTES;
	}
	if (!batch)
		n = 1;
	for (k = 0; k < n && r; k++) {
		/* a batch: before its slot k; else after the monitor's slot */
		u64 start = batch ? first + k * slot : now_ns;
		u64 at = batch ? start - slot / 2 : start + slot / 2;

		if (start < h->next_ns)
			continue;	/* its slot had its read */
		h->next_ns = start + slot;
		if (!ec_link_health_setup(master, r))
			break;
		/* its answer waits for the next read's turn */
		ec_master_queue_datagram_at(master, &r->datagram, at, false);
		r = ec_link_health_next_free(h, r);
	}
	return 0;	/* not in this send */
}

/**
 * ec_link_health_slave() - what the watch knows of a slave
 * @master: master
 * @pos: ring position
 *
 * Return: the slave's record, or NULL when it was not read yet.
 */
const struct ec_health_slave *
ec_link_health_slave(const struct ec_master *master, unsigned int pos)
{
	const struct ec_link_health *h = &master->health;

	if (pos >= h->count || !h->slaves[pos].seen)
		return NULL;
	return &h->slaves[pos];
}

/**
 * ec_link_health_window() - the counts of a slave's ports in a window
 * @master: master
 * @pos: ring position, read at least once (ec_link_health_slave())
 * @id: the last 10 s, the last 60 s, or since the first read
 * @now_ns: current time
 * @w: receives the counts, the window's length and the frames sent in it
 *
 * A window is measured from the newest snapshot at least its length old
 * (or the oldest there is): its length is up to a second more.
 */
void ec_link_health_window(const struct ec_master *master, unsigned int pos,
			   enum ec_health_window_id id, u64 now_ns,
			   struct ec_health_window *w)
{
	const struct ec_link_health *h = &master->health;
	const struct ec_health_slave *s = ec_link_health_slave(master, pos);
	unsigned int back, idx, p, c;
	u64 frames = master->stats.tx_count;

	memset(w, 0, sizeof(*w));
	if (!s)
		return;
	back = id == EC_HEALTH_WIN_10S ? 10 : 60;
	if (id == EC_HEALTH_WIN_START || !h->filled) {
		for (p = 0; p < EC_HEALTH_PORTS; p++)
			for (c = 0; c < EC_HEALTH_COUNTERS; c++)
				w->delta[p][c] = s->total[p][c] -
						 s->initial[p][c];
		w->ns = now_ns - h->start_ns;
		w->frames = frames;
		return;
	}
	if (back > h->filled - 1)
		back = h->filled - 1;
	idx = (h->head + EC_HEALTH_HISTORY - back) % EC_HEALTH_HISTORY;
	for (p = 0; p < EC_HEALTH_PORTS; p++)
		for (c = 0; c < EC_HEALTH_COUNTERS; c++)
			w->delta[p][c] = (u32)((u32)s->total[p][c] -
					       s->hist[idx].c[p][c]);
	w->ns = now_ns - h->snap_ns[idx];
	w->frames = frames - h->snap_frames[idx];
}

/**
 * ec_link_health_port_faults() - what a port's counters say of its cable
 * over the last 10 s
 * @master: master
 * @pos: ring position
 * @port: 0-3
 * @now_ns: current time
 *
 * An invalid frame or RX error counted at a port was damaged on the cable
 * into that port (ESC data sheet section II 0x0300: the port that
 * received it counts it; the slaves after it count it as forwarded,
 * 0x0308), and a lost link at a port is its cable's link going down
 * (0x0310).  Forwarded errors alone say that the cable is elsewhere.
 *
 * Return: EC_HEALTH_FAULT_* flags.
 */
unsigned int ec_link_health_port_faults(const struct ec_master *master,
					unsigned int pos, unsigned int port,
					u64 now_ns)
{
	struct ec_health_window w;
	unsigned int f = 0;

	if (!ec_link_health_slave(master, pos) || port >= EC_HEALTH_PORTS)
		return 0;
	ec_link_health_window(master, pos, EC_HEALTH_WIN_10S, now_ns, &w);
	if (w.delta[port][EC_HEALTH_INVALID] || w.delta[port][EC_HEALTH_RX])
		f |= EC_HEALTH_FAULT_RX;
	if (w.delta[port][EC_HEALTH_LOST_LINK])
		f |= EC_HEALTH_FAULT_LOST_LINK;
	if (w.delta[port][EC_HEALTH_FORWARDED])
		f |= EC_HEALTH_FAULT_FORWARDED;
	return f;
}

/**
 * ec_link_health_peer() - the other end of a port's cable
 * @master: master, scanned (topology.c set the ports' next_slave)
 * @pos: ring position
 * @port: 0-3
 * @peer: receives the ring position, EC_HEALTH_PEER_MASTER (port 0 of
 *        the first slave) or EC_HEALTH_PEER_NONE (nothing known there)
 * @peer_port: receives the peer's port (0 for the master)
 */
void ec_link_health_peer(const struct ec_master *master, unsigned int pos,
			 unsigned int port, u16 *peer, u8 *peer_port)
{
	const struct ec_slave *slave, *next;
	unsigned int q;

	*peer = EC_HEALTH_PEER_NONE;
	*peer_port = 0;
	if (pos >= master->slave_count || port >= EC_HEALTH_PORTS)
		return;
	slave = master->slaves[pos];
	next = slave->ports[port].next_slave;
	if (port == 0 && !next) {
		if (pos == 0)
			*peer = EC_HEALTH_PEER_MASTER;
		return;
	}
	if (!next)
		return;
	*peer = next->ring_position;
	if (port != 0)
		return;		/* a child's port 0 */
	for (q = 1; q < EC_HEALTH_PORTS; q++)
		if (next->ports[q].next_slave == slave)
			*peer_port = (u8)q;
}

/**
 * ec_link_health_unhealthy() - the cables with RX errors or lost links
 * in the last 10 s
 * @master: master
 * @now_ns: current time
 *
 * Return: their number, each cable once (faults at both of its ends
 * count as one).
 */
unsigned int ec_link_health_unhealthy(const struct ec_master *master,
				      u64 now_ns)
{
	unsigned int pos, port, n = 0;

	for (pos = 0; pos < master->health.count; pos++) {
		for (port = 0; port < EC_HEALTH_PORTS; port++) {
			u16 peer;
			u8 pp;

			if (!(ec_link_health_port_faults(master, pos, port,
							 now_ns) &
			      EC_HEALTH_FAULT_CABLE))
				continue;
			ec_link_health_peer(master, pos, port, &peer, &pp);
			/* the peer's end, already counted */
			if (peer < pos &&
			    (ec_link_health_port_faults(master, peer, pp,
							now_ns) &
			     EC_HEALTH_FAULT_CABLE))
				continue;
			n++;
		}
	}
	return n;
}
