// SPDX-License-Identifier: GPL-2.0-only
/*
 * capture.c - the frame ring of `ethercat capture` and the flight
 * recorder (capture.h, doc/CAPTURE.md).
 *
 * Who touches what (doc/LOCKING.md, "Capture and flight recorder"):
 *  - the ring's slots and head: written by the holder of the io lock (the
 *    send and receive paths); read lock-free by ec_capture_copy();
 *  - live_until_ns, master->capture_until, the snapshots' state and event
 *    fields: under the io lock;
 *  - a snapshot's buf: written by ec_recorder_freeze() (FSM side, the
 *    kernel's io_mutex held) while it is PENDING, read by the glue under
 *    io_mutex once it is READY.
 */
#include "cycle/capture.h"
#include "cycle/master.h"

#define EC_CAPTURE_ALWAYS (~(u64)0)

/* The gate the tap compares against (ec_capture_tap()); io lock held. */
static void ec_capture_gate(struct ec_master *master)
{
	struct ec_capture *cap = master->capture;

	master->capture_until = !cap ? 0 :
				cap->recorder ? EC_CAPTURE_ALWAYS :
				cap->live_until_ns;
}

/**
 * ec_capture_init() - allocate the ring and the recorder's snapshots
 * @master: master, before any device is attached
 * @nslots: frames the ring holds (0: no capture at all)
 * @recorder: keep writing and freeze snapshots on events
 *
 * Return: 0 or -ENOMEM.
 */
int ec_capture_init(struct ec_master *master, u32 nslots, bool recorder)
{
	struct ec_capture *cap;
	unsigned int i;

	master->capture = NULL;
	master->capture_until = 0;
	if (!nslots)
		return 0;
	cap = ec_zalloc(sizeof(*cap));
	if (!cap)
		return -ENOMEM;
	cap->slots = ec_zalloc_big((size_t)nslots * EC_CAPTURE_SLOT_SIZE);
	if (!cap->slots)
		goto out_free_cap;
	cap->nslots = nslots;
	cap->recorder = recorder;
	cap->dc_bound_ns = 0;
	if (recorder) {
		for (i = 0; i < EC_REC_SNAPSHOTS; i++) {
			cap->snaps[i].buf = ec_zalloc_big(EC_REC_SNAP_BYTES);
			if (!cap->snaps[i].buf)
				goto out_free_snaps;
		}
	}
	master->capture = cap;
	ec_capture_gate(master);
	return 0;

out_free_snaps:
	for (i = 0; i < EC_REC_SNAPSHOTS; i++)
		ec_free_big(cap->snaps[i].buf);
	ec_free_big(cap->slots);
out_free_cap:
	ec_free(cap);
	return -ENOMEM;
}

/**
 * ec_capture_clear() - free the ring and the snapshots
 * @master: master; nothing sends or receives any more
 */
void ec_capture_clear(struct ec_master *master)
{
	struct ec_capture *cap = master->capture;
	unsigned int i;

	master->capture_until = 0;
	master->capture = NULL;
	if (!cap)
		return;
	for (i = 0; i < EC_REC_SNAPSHOTS; i++)
		ec_free_big(cap->snaps[i].buf);
	ec_free_big(cap->slots);
	ec_free(cap);
}

/**
 * ec_capture_frame() - put one frame into the ring
 * @master: master; the caller holds the io lock (the one producer)
 * @dev: device index
 * @flags: EC_CAPTURE_TX or 0
 * @data: the whole Ethernet frame
 * @len: its length (longer frames are cut at EC_FRAME_MAX_SIZE)
 * @now_ns: when it left or arrived
 *
 * Called through ec_capture_tap() only when the gate is open.
 */
void ec_capture_frame(struct ec_master *master, unsigned int dev, u8 flags,
		      const u8 *data, size_t len, u64 now_ns)
{
	struct ec_capture *cap = master->capture;
	u64 n = cap->head;
	struct ec_capture_slot *s = &cap->slots[n % cap->nslots];

	if (len > EC_FRAME_MAX_SIZE)
		len = EC_FRAME_MAX_SIZE;
	/* a reader that sees 0, or a changed number after its copy, drops it */
	s->seq = 0;
	ec_wmb();
	s->time_ns = now_ns;
	s->len = (u16)len;
	s->dev = (u8)dev;
	s->flags = flags;
	memcpy(s->data, data, len);
	/* slot contents before its number: pairs with ec_capture_copy() */
	ec_store_release(&s->seq, n + 1);
	/* ring head: pairs with the acquire in ec_capture_copy() */
	ec_store_release(&cap->head, n + 1);
}

/**
 * ec_capture_set_live() - a reader wants frames until @until_ns
 * @master: master; io lock held
 * @until_ns: time of the master's clock
 */
void ec_capture_set_live(struct ec_master *master, u64 until_ns)
{
	if (!master->capture)
		return;
	master->capture->live_until_ns = until_ns;
	ec_capture_gate(master);
}

static void ec_capture_put_rec(u8 *p, const struct ec_capture_slot *s,
			       u64 seq, u16 len)
{
	ec_put_u64(p, seq);
	ec_put_u64(p + 8, s->time_ns);
	ec_put_u16(p + 16, len);
	ec_put_u8(p + 18, s->dev);
	ec_put_u8(p + 19, s->flags);
	ec_put_u32(p + 20, 0);
	memcpy(p + EC_CAPTURE_REC_HEADER, s->data, len);
	memset(p + EC_CAPTURE_REC_HEADER + len, 0,
	       EC_CAPTURE_REC_SIZE(len) - EC_CAPTURE_REC_HEADER - len);
}

/**
 * ec_capture_copy() - copy frames out of the ring, without a lock
 * @cap: the ring
 * @from: the first frame number wanted; advanced past what was taken or
 *	lost
 * @end: stop before this frame number (~0: up to the head)
 * @buf: records (capture.h) are written here
 * @size: its size
 * @lost: frames overwritten before they could be copied are added here
 * @frames: frames copied are added here
 *
 * Return: bytes written to @buf.
 */
size_t ec_capture_copy(const struct ec_capture *cap, u64 *from, u64 end,
		       u8 *buf, size_t size, u64 *lost, u32 *frames)
{
	/* ring head: pairs with the release in ec_capture_frame() */
	u64 head = ec_load_acquire(&cap->head);
	u64 n = *from;
	size_t used = 0;

	if (end > head)
		end = head;
	/* the slot of frame head - nslots is the next to be overwritten */
	if (end - n >= cap->nslots && n < end) {
		u64 oldest = end - cap->nslots + 1;

		*lost += oldest - n;
		n = oldest;
	}
	for (; n < end; n++) {
		const struct ec_capture_slot *s = &cap->slots[n % cap->nslots];
		/* slot number: pairs with the release in ec_capture_frame() */
		u64 seq = ec_load_acquire(&s->seq);
		u16 len = s->len;

		if (seq != n + 1 || len > EC_FRAME_MAX_SIZE) {
			(*lost)++;	/* overwritten, or being written */
			continue;
		}
		if (used + EC_CAPTURE_REC_SIZE(len) > size)
			break;
		ec_capture_put_rec(buf + used, s, n, len);
		/* the copy before the second look at the number */
		ec_rmb();
		if (ec_load_acquire(&s->seq) != seq) {
			(*lost)++;	/* overwritten during the copy */
			continue;
		}
		used += EC_CAPTURE_REC_SIZE(len);
		(*frames)++;
	}
	*from = n;
	return used;
}

const char *ec_recorder_kind_name(unsigned int kind)
{
	static const char *const names[EC_REC_KINDS] = {
		[EC_REC_WC_DROP] = "working counter dropped",
		[EC_REC_LOST_FRAME] = "lost frame",
		[EC_REC_AL_ERROR] = "AL error",
		[EC_REC_SLAVE_GONE] = "slave gone",
		[EC_REC_RING_BREAK] = "ring break",
		[EC_REC_DC_SYNC] = "DC sync deviation",
	};

	return kind < EC_REC_KINDS && names[kind] ? names[kind] : "unknown";
}

static void ec_recorder_vevent(struct ec_master *master, unsigned int how,
			       u64 frame_ns, const char *fmt,
			       __builtin_va_list ap)
{
	unsigned int kind = how & ~EC_REC_FRAME_SENT;
	struct ec_capture *cap = master->capture;
	struct ec_rec_snap *s, *pick = NULL, *same = NULL;
	unsigned int i;
	u64 now_ns;

	if (!cap || !cap->recorder || !kind || kind >= EC_REC_KINDS)
		return;
	cap->events[kind]++;
	for (i = 0; i < EC_REC_SNAPSHOTS; i++) {
		s = &cap->snaps[i];
		if (s->state == EC_REC_PENDING && s->kind == kind) {
			s->more++;	/* its frames hold this one too */
			return;
		}
	}
	/*
	 * One of a burst (a lost frame every cycle while a cable is out):
	 * the hold-off runs on the time of the newest frame in the ring,
	 * the cyclic side's clock, as an event's own frame may be old.
	 */
	now_ns = cap->head ? cap->slots[(cap->head - 1) % cap->nslots].time_ns :
			     frame_ns;
	if (cap->last_ns[kind] && now_ns - cap->last_ns[kind] <
				  EC_REC_HOLDOFF_NS) {
		cap->held_off++;
		return;
	}
	/* a free slot, else the oldest of this kind, else the oldest: a
	 * frequent kind replaces its own snapshots, not the others'
	 */
	for (i = 0; i < EC_REC_SNAPSHOTS; i++) {
		s = &cap->snaps[i];
		if (s->state == EC_REC_PENDING)
			continue;	/* being frozen */
		if (s->state == EC_REC_FREE) {
			pick = s;
			break;
		}
		if (s->kind == kind && (!same || s->id < same->id))
			same = s;
		if (!pick || s->id < pick->id)
			pick = s;
	}
	if (pick && pick->state != EC_REC_FREE && same)
		pick = same;
	if (!pick) {
		cap->held_off++;	/* every slot is being frozen */
		return;
	}
	cap->last_ns[kind] = now_ns;
	s = pick;
	s->id = ++cap->next_id;
	s->kind = (u8)kind;
	s->sent = kind == EC_REC_LOST_FRAME || (how & EC_REC_FRAME_SENT);
	s->more = 0;
	s->event_ns = frame_ns;
	s->event_seq = cap->head;
	s->frames = 0;
	s->bytes = 0;
	s->lost = 0;
	vsnprintf(s->text, sizeof(s->text), fmt, ap);
	s->state = EC_REC_PENDING;
}

/**
 * ec_recorder_event_locked() - an event for the flight recorder
 * @master: master; the caller holds the io lock (the cyclic side)
 * @kind: what happened (enum ec_recorder_kind), with EC_REC_FRAME_SENT
 *	when the frame that showed it is one the master sent
 * @frame_ns: the time of the frame in which it showed (a lost frame, or
 *	with EC_REC_FRAME_SENT: its sending; else the arrival of the answer
 *	that showed it)
 * @fmt: printf format of the details, for the log line and the comment
 *
 * Bounded and allocation-free: marks a snapshot slot as pending; the
 * master's thread freezes it later (ec_recorder_freeze()).  While one is
 * pending, further events are counted in it.
 */
void ec_recorder_event_locked(struct ec_master *master, unsigned int kind,
			      u64 frame_ns, const char *fmt, ...)
{
	__builtin_va_list ap;

	__builtin_va_start(ap, fmt);
	ec_recorder_vevent(master, kind, frame_ns, fmt, ap);
	__builtin_va_end(ap);
}

/**
 * ec_recorder_event() - ec_recorder_event_locked() for the FSM side
 * @master: master; the io lock is not held
 * @kind: what happened
 * @frame_ns: see ec_recorder_event_locked()
 * @fmt: printf format of the details
 */
void ec_recorder_event(struct ec_master *master, unsigned int kind,
		       u64 frame_ns, const char *fmt, ...)
{
	__builtin_va_list ap;

	if (!master || !master->capture || !master->capture->recorder)
		return;
	__builtin_va_start(ap, fmt);
	ec_port_io_lock(master);
	ec_recorder_vevent(master, kind, frame_ns, fmt, ap);
	ec_port_io_unlock(master);
	__builtin_va_end(ap);
}

/**
 * ec_recorder_dc_check_locked() - the DC sync monitor's reading
 * @master: master; io lock held
 * @deviation_ns: the bound of the largest deviation (ec_dc_monitor_locked())
 * @frame_ns: when the monitor's answer arrived
 *
 * An event when it is over the bound set for the recorder (module
 * parameter recorder_dc_ns; 0: off) and was not over it last time.
 */
void ec_recorder_dc_check_locked(struct ec_master *master, u32 deviation_ns,
				 u64 frame_ns)
{
	struct ec_capture *cap = master->capture;
	bool over;

	if (!cap || !cap->dc_bound_ns || deviation_ns == 0xffffffff)
		return;
	over = deviation_ns > cap->dc_bound_ns;
	if (over && !cap->dc_over)
		ec_recorder_event_locked(master, EC_REC_DC_SYNC, frame_ns,
					 "DC sync deviation up to %u ns, bound %llu ns",
					 deviation_ns,
					 (unsigned long long)cap->dc_bound_ns);
	cap->dc_over = over;
}

/* Mark the frame that showed the event, else the last one before it. */
static void ec_recorder_mark(struct ec_rec_snap *s)
{
	u8 *p, *last_before = NULL, *hit = NULL;
	u32 off = 0;

	while (off + EC_CAPTURE_REC_HEADER <= s->bytes) {
		u16 len;

		p = s->buf + off;
		len = ec_get_u16(p + 16);
		if (ec_get_u64(p) < s->event_seq)
			last_before = p;
		if (!hit && ec_get_u64(p + 8) == s->event_ns &&
		    !!(ec_get_u8(p + 19) & EC_CAPTURE_TX) == s->sent)
			hit = p;
		off += EC_CAPTURE_REC_SIZE(len);
	}
	if (!hit)
		hit = last_before;
	if (hit)
		ec_put_u8(hit + 19, ec_get_u8(hit + 19) | EC_CAPTURE_EVENT);
}

/* Start of the window that fits in the snapshot, newest frames first. */
static u64 ec_recorder_window(const struct ec_capture *cap, u64 first,
			      u64 end)
{
	size_t bytes = 0;
	u64 n = end;

	while (n > first) {
		const struct ec_capture_slot *s =
			&cap->slots[(n - 1) % cap->nslots];
		u16 len = s->len;

		if (len > EC_FRAME_MAX_SIZE)
			len = EC_FRAME_MAX_SIZE;
		if (bytes + EC_CAPTURE_REC_SIZE(len) > EC_REC_SNAP_BYTES)
			break;
		bytes += EC_CAPTURE_REC_SIZE(len);
		n--;
	}
	return n;
}

static void ec_recorder_freeze_one(struct ec_master *master,
				   struct ec_rec_snap *s, u64 head)
{
	struct ec_capture *cap = master->capture;
	u64 end = s->event_seq + EC_REC_AFTER, lost = 0, from;
	u64 first = s->event_seq > EC_REC_BEFORE ?
		    s->event_seq - EC_REC_BEFORE : 0;
	u32 frames = 0;

	if (end > head)
		end = head;
	/* the oldest frame that is still in the ring, with a margin */
	if (head > cap->nslots && first < head - cap->nslots + 1)
		first = head - cap->nslots + 1;
	first = ec_recorder_window(cap, first, end);
	from = first;
	s->bytes = (u32)ec_capture_copy(cap, &from, end, s->buf,
					EC_REC_SNAP_BYTES, &lost, &frames);
	s->first_seq = first;
	s->end_seq = from;
	s->frames = frames;
	s->lost = (u32)lost;
	ec_recorder_mark(s);
}

/**
 * ec_recorder_freeze() - freeze the snapshots whose frames after the event
 * are in (EC_REC_AFTER frames, or EC_REC_AFTER_NS after it)
 * @master: master; FSM side (the kernel's io_mutex held), io lock not held
 * @now_ns: current time
 *
 * Copies each such snapshot's frames out of the ring, marks it READY and
 * logs one line that names the event and the snapshot.
 *
 * Return: snapshots frozen.
 */
unsigned int ec_recorder_freeze(struct ec_master *master, u64 now_ns)
{
	struct ec_capture *cap = master->capture;
	unsigned int i, done = 0;

	if (!cap || !cap->recorder)
		return 0;
	for (i = 0; i < EC_REC_SNAPSHOTS; i++) {
		struct ec_rec_snap *s = &cap->snaps[i];
		bool due;
		u64 head;

		ec_port_io_lock(master);
		head = cap->head;
		due = s->state == EC_REC_PENDING &&
		      (head >= s->event_seq + EC_REC_AFTER ||
		       now_ns - s->event_ns >= EC_REC_AFTER_NS);
		ec_port_io_unlock(master);
		if (!due)
			continue;
		/* PENDING: no event touches it but to count in s->more */
		ec_recorder_freeze_one(master, s, head);
		ec_port_io_lock(master);
		s->state = EC_REC_READY;
		ec_port_io_unlock(master);
		EC_MASTER_WARN(master,
			       "recorder: %s: %s; snapshot %u: %u frames (ethercat capture --recorder)",
			       ec_recorder_kind_name(s->kind), s->text, s->id,
			       s->frames);
		done++;
	}
	return done;
}
