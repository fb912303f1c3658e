/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * harness.h - runs the core master against the in-process virtual segment
 * with time under the test's control.  A fake device hands every frame
 * the master sends to ecsim_segment_process() and delivers the answer at
 * the next poll, as a NIC would one cycle later.  ec_harness_init_ring()
 * adds a backup device at the other end of the segment (a closed ring).
 *
 *	struct ec_harness h;
 *	ec_harness_init(&h, "{ \"slaves\": [ ... ] }");
 *	ec_harness_run_until(&h, cond, ctx, 2 * EC_NSEC_PER_SEC);
 *	ec_harness_clear(&h);
 */
#ifndef EC_TEST_HARNESS_H
#define EC_TEST_HARNESS_H

#include <check.h>

#include "slave/fsm_master.h"
#include "slave/fsm_slave.h"
#include "cycle/master.h"
#include "slave/slave.h"
#include "ecsim.h"
#include "cycle/redundancy.h"

#define EC_HARNESS_MAX_PENDING 16
#define EC_HARNESS_CYCLE_NS (1 * EC_NSEC_PER_MSEC)

struct ec_harness {
	struct ec_master master;
	struct ecsim_segment *seg;
	u64 now_ns;
	unsigned int pending;
	size_t pending_len[EC_HARNESS_MAX_PENDING];
	u8 pending_frame[EC_HARNESS_MAX_PENDING][EC_FRAME_MAX_SIZE];
	bool drop_all;		/* simulate a pulled cable */
	unsigned int drop_frames;	/* lose the next this many frames */
	unsigned int lose_answers;	/* the next frames reach the segment,
					 * their answers are lost */
	unsigned int late_cycles;	/* answers come this many polls late */
	unsigned long pending_due[EC_HARNESS_MAX_PENDING];
	/* the device whose port the answer comes out at (a ring) */
	unsigned int pending_dev[EC_HARNESS_MAX_PENDING];
	bool ring;		/* a backup device closes the segment's ring */
	unsigned long polls;
	unsigned long frames_sent;
	/* if set, sees every frame the master sends (before the segment) */
	void (*tap)(void *ctx, const u8 *frame, size_t size);
	void *tap_ctx;
};

static int ec_harness_xmit(struct ec_device *dev, const u8 *frame,
			   size_t size)
{
	struct ec_harness *h = dev->priv;
	unsigned int out = 0;
	size_t len;

	h->frames_sent++;
	if (h->tap)
		h->tap(h->tap_ctx, frame, size);
	if (h->drop_frames) {
		h->drop_frames--;
		return 0;
	}
	if (h->drop_all || h->pending >= EC_HARNESS_MAX_PENDING)
		return 0;
	memcpy(h->pending_frame[h->pending], frame, size);
	ecsim_segment_set_time(h->seg, h->now_ns);
	len = h->ring ?
	      ecsim_segment_process_port(h->seg, dev->index,
					 h->pending_frame[h->pending], size,
					 &out) :
	      ecsim_segment_process(h->seg, h->pending_frame[h->pending],
				    size);
	if (len && h->lose_answers) {
		h->lose_answers--;
		return 0;
	}
	if (len) {
		h->pending_due[h->pending] = h->polls + 1 + h->late_cycles;
		h->pending_dev[h->pending] = out;
		h->pending_len[h->pending++] = len;
	}
	return 0;
}

static void ec_harness_poll(struct ec_device *dev)
{
	struct ec_harness *h = dev->priv;
	unsigned int i, kept = 0;

	if (dev->index == EC_DEVICE_MAIN)
		h->polls++;
	for (i = 0; i < h->pending; i++) {
		/* held back, or another device's */
		if (h->pending_due[i] > h->polls ||
		    h->pending_dev[i] != dev->index) {
			if (kept != i) {
				memcpy(h->pending_frame[kept],
				       h->pending_frame[i], h->pending_len[i]);
				h->pending_len[kept] = h->pending_len[i];
				h->pending_due[kept] = h->pending_due[i];
				h->pending_dev[kept] = h->pending_dev[i];
			}
			kept++;
			continue;
		}
		ec_device_receive(dev, h->pending_frame[i], h->pending_len[i],
				  h->now_ns);
	}
	h->pending = kept;
}

static const struct ec_device_hooks ec_harness_hooks = {
	.xmit = ec_harness_xmit,
	.poll = ec_harness_poll,
};

/* Device @idx of the master on the harness, its MAC ending in @last. */
static inline void ec_harness_attach(struct ec_harness *h, unsigned int idx,
				     u8 last)
{
	const u8 mac[6] = { 0x52, 0x54, 0x00, 0xec, 0xa7, last };
	struct ec_device *dev = &h->master.devices[idx];

	memcpy(dev->mac, mac, 6);
	dev->hooks = &ec_harness_hooks;
	dev->priv = h;
	dev->attached = true;
	dev->open = true;
	dev->link_up = true;
	ec_master_device_attached(&h->master, dev);
}

static inline void ec_harness_init(struct ec_harness *h, const char *json)
{
	char err[256];

	memset(h, 0, sizeof(*h));
	h->seg = ecsim_segment_new_string(json, err, sizeof(err));
	ck_assert_msg(h->seg, "segment: %s", err);
	ck_assert_int_eq(ec_master_init(&h->master, 0), 0);
	ec_harness_attach(h, EC_DEVICE_MAIN, 0x01);
	h->now_ns = 1 * EC_NSEC_PER_SEC;
}

/*
 * As ec_harness_init(), and a backup device wired to the end of the line:
 * the segment is a closed ring (cable redundancy, sim/ring.c).
 */
static inline void ec_harness_init_ring(struct ec_harness *h,
					const char *json)
{
	ec_harness_init(h, json);
	h->ring = true;
	ck_assert_int_eq(ecsim_segment_set_ring(h->seg, true), 0);
	ck_assert_int_eq(ec_red_init(&h->master), 0);
	ec_harness_attach(h, EC_DEVICE_BACKUP, 0x02);
}

/* One idle cycle: poll (answers of the last cycle), FSMs, send. */
static inline void ec_harness_cycle(struct ec_harness *h)
{
	ec_master_poll_devices(&h->master);
	ec_master_idle_cycle(&h->master, h->now_ns);
	h->now_ns += EC_HARNESS_CYCLE_NS;
}

/*
 * The application's receive and send as the kernel glue runs them: under
 * the io lock (the userspace lock aborts on a nested take, so a cyclic
 * path that calls an FSM-side function is caught), with the master
 * thread's FSM turn after the receive that wakes it.
 */
/*
 * Set: the FSMs' turn follows the glue's wake rule (master/linux/thread.c,
 * doc/LOCKING.md rule 11): only when ec_master_fsm_wanted() after the
 * receive; unset: every cycle.  ec_harness_turns counts the turns.
 */
static bool ec_harness_wake_rule;
static unsigned long ec_harness_turns;

static inline void ec_harness_op_receive(struct ec_master *m, u64 now_ns)
{
	bool turn;

	ec_port_io_lock(m);
	ec_master_app_receive(m, now_ns);
	turn = !ec_harness_wake_rule || ec_master_fsm_wanted(m, now_ns);
	if (turn)
		ec_master_fsm_turn_start(m);
	ec_port_io_unlock(m);
	if (!turn)
		return;
	ec_harness_turns++;
	ec_master_op_fsm(m, now_ns);
	m->fsm_due_ns = ec_master_fsm_next_due(m, now_ns);
}

static inline void ec_harness_op_send(struct ec_master *m, u64 now_ns)
{
	ec_port_io_lock(m);
	ec_master_app_send(m, now_ns);
	ec_port_io_unlock(m);
}

/* Cycle until cond(ctx) holds or @limit_ns of simulated time passed. */
static inline bool ec_harness_run_until(struct ec_harness *h,
					bool (*cond)(struct ec_harness *,
						     void *),
					void *ctx, u64 limit_ns)
{
	u64 end = h->now_ns + limit_ns;

	while (h->now_ns < end) {
		ec_harness_cycle(h);
		if (cond(h, ctx))
			return true;
	}
	return false;
}

static inline void ec_harness_run_for(struct ec_harness *h, u64 ns)
{
	u64 end = h->now_ns + ns;

	while (h->now_ns < end)
		ec_harness_cycle(h);
}

static inline void ec_harness_clear(struct ec_harness *h)
{
	ec_master_clear(&h->master);
	ecsim_segment_free(h->seg);
}

/*
 * For ec_harness_run_until(): *(unsigned int *)ctx slaves scanned, their
 * FSMs done with the configuration, PDO and dictionary reads and idle.
 */
static inline bool ec_harness_all_ready(struct ec_harness *h, void *ctx)
{
	unsigned int i, n = *(unsigned int *)ctx;

	if (h->master.scan_busy || h->master.slave_count != n)
		return false;
	for (i = 0; i < n; i++)
		if (!h->master.slaves[i]->scan_done ||
		    !ec_slave_fsm_ready(h->master.slaves[i]))
			return false;
	return true;
}

/*
 * For ec_harness_run_until(): true once the request whose state @ctx
 * points at (&req.state) has succeeded or failed.
 */
static inline bool ec_harness_req_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(*(const enum ec_req_state *)ctx);
}

/*
 * Queue @req as the CLI would (kind @kind, its fields set) on @slave and
 * run the idle master until it is done, at most @timeout_ns.
 */
static inline void ec_harness_run_request(struct ec_harness *h,
					  struct ec_slave *slave,
					  struct ec_request *req,
					  enum ec_req_kind kind,
					  u64 timeout_ns)
{
	ec_request_init(req, kind, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(slave, req);
	ck_assert(ec_harness_run_until(h, ec_harness_req_done, &req->state,
				       timeout_ns));
}

/* An AL state request on slave @pos, waited for; returns its error. */
static inline int ec_harness_state_request(struct ec_harness *h,
					   unsigned int pos, u8 state)
{
	struct ec_state_request req;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.al_state = state;
	ec_harness_run_request(h, h->master.slaves[pos], &req.base, EC_REQ_STATE,
			       10 * EC_NSEC_PER_SEC);
	return req.base.error;
}

/* Free the slaves too (and with them what the slave FSMs built). */
static inline void ec_harness_teardown(struct ec_harness *h)
{
	ec_fsm_master_clear_slaves(&h->master);
	ec_harness_clear(h);
}

#endif /* EC_TEST_HARNESS_H */
