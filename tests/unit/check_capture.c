// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_capture.c - the capture ring and the flight recorder
 * (master/cycle/capture.c) on the idle master against the in-process
 * segment: the gate, every frame sent and received in the ring with its
 * direction and time, the count equal to the devices' counters, frames
 * overwritten or torn counted as lost, and the recorder's snapshots of a
 * lost frame and of slaves gone, with the frame that showed the event
 * marked, the hold-off, and the ring's own limits.
 */
#include "harness.h"
#include "cycle/capture.h"

static const char *three_slaves =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL2008\" } ] }";

static bool responding_is_3(struct ec_harness *h, void *ctx)
{
	(void)ctx;
	return h->master.slaves_responding == 3;
}

struct rec {
	u64 seq, time_ns;
	u16 len;
	u8 dev, flags;
	const u8 *frame;
};

/* The record at @p of a buffer written by ec_capture_copy(). */
static size_t rec_parse(const u8 *p, struct rec *r)
{
	r->seq = ec_get_u64(p);
	r->time_ns = ec_get_u64(p + 8);
	r->len = ec_get_u16(p + 16);
	r->dev = p[18];
	r->flags = p[19];
	r->frame = p + EC_CAPTURE_REC_HEADER;
	ck_assert_uint_eq(ec_get_u32(p + 20), 0);
	return EC_CAPTURE_REC_SIZE(r->len);
}

START_TEST(test_gate_closed_without_capture)
{
	struct ec_harness h;

	ec_harness_init(&h, three_slaves);
	ck_assert_ptr_null(h.master.capture);
	ck_assert_uint_eq(h.master.capture_until, 0);
	ck_assert_int_eq(ec_capture_init(&h.master, 0, true), 0);
	ck_assert_ptr_null(h.master.capture);
	ec_harness_run_for(&h, 20 * EC_NSEC_PER_MSEC);
	ck_assert_uint_gt(h.master.stats.tx_count, 0);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_every_frame_in_the_ring)
{
	static u8 buf[2048 * 64];
	struct ec_harness h;
	struct ec_capture *cap;
	u64 from = 0, lost = 0, tx = 0, rx = 0, last_ns = 0;
	const struct ec_device_stats *st;
	u32 frames = 0;
	size_t n, off;

	ec_harness_init(&h, three_slaves);
	ck_assert_int_eq(ec_capture_init(&h.master, 2048, false), 0);
	cap = h.master.capture;
	/* neither recorder nor reader: nothing written */
	ec_harness_run_for(&h, 10 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(cap->head, 0);
	ck_assert_uint_gt(h.master.stats.tx_count, 0);
	/* a reader: from now on every frame, both ways */
	ec_capture_set_live(&h.master, h.now_ns + 50 * EC_NSEC_PER_MSEC);
	st = &h.master.devices[EC_DEVICE_MAIN].stats;
	tx = st->tx_count;
	rx = st->rx_count;
	ec_harness_run_for(&h, 40 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(cap->head, st->tx_count - tx + st->rx_count - rx);
	ck_assert_uint_gt(st->rx_count - rx, 10);
	n = ec_capture_copy(cap, &from, ~0ULL, buf, sizeof(buf), &lost,
			    &frames);
	ck_assert_uint_eq(lost, 0);
	ck_assert_uint_eq(frames, cap->head);
	ck_assert_uint_eq(from, cap->head);
	tx = rx = 0;
	for (off = 0; off < n;) {
		struct rec r;

		off += rec_parse(buf + off, &r);
		ck_assert_uint_eq(r.seq, tx + rx);
		ck_assert_uint_ge(r.time_ns, last_ns);
		last_ns = r.time_ns;
		ck_assert_uint_eq(r.dev, 0);
		ck_assert_uint_ge(r.len, EC_FRAME_MIN_SIZE);
		ck_assert(r.frame[12] == 0x88 && r.frame[13] == 0xa4);
		if (r.flags & EC_CAPTURE_TX) {
			/* the master's own source address */
			ck_assert(!memcmp(r.frame + 6,
					  h.master.devices[0].mac, 6));
			tx++;
		} else {
			rx++;
		}
	}
	ck_assert_uint_eq(off, n);
	ck_assert_uint_eq(tx + rx, frames);
	ck_assert_uint_gt(tx, 0);
	ck_assert_uint_gt(rx, 0);
	/* the window closes: the gate shuts, the ring stays */
	ec_harness_run_for(&h, 20 * EC_NSEC_PER_MSEC);
	n = cap->head;
	ec_harness_run_for(&h, 10 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(cap->head, n);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_overwritten_and_torn_frames_are_lost)
{
	static u8 buf[64 * 1600];
	struct ec_harness h;
	struct ec_capture *cap;
	u64 from = 0, lost = 0;
	u32 frames = 0;

	ec_harness_init(&h, three_slaves);
	ck_assert_int_eq(ec_capture_init(&h.master, 64, false), 0);
	cap = h.master.capture;
	ec_capture_set_live(&h.master, ~0ULL);
	ec_harness_run_for(&h, 100 * EC_NSEC_PER_MSEC);
	ck_assert_uint_gt(cap->head, 100);
	/* a slot being written (its number 0) is skipped and counted */
	cap->slots[(cap->head - 10) % 64].seq = 0;
	ec_capture_copy(cap, &from, ~0ULL, buf, sizeof(buf), &lost, &frames);
	ck_assert_uint_eq(from, cap->head);
	ck_assert_uint_eq(lost + frames, cap->head);
	ck_assert_uint_eq(frames, 62);	/* 63 intact, one torn */
	/* a buffer too small for the next record: it stays for next call */
	from = cap->head - 5;
	lost = frames = 0;
	ck_assert_uint_eq(ec_capture_copy(cap, &from, ~0ULL, buf,
					  EC_CAPTURE_REC_SIZE(8), &lost,
					  &frames), 0);
	ck_assert_uint_eq(frames + lost, 0);
	ck_assert_uint_eq(from, cap->head - 5);
	/* up to an end before the head */
	ec_capture_copy(cap, &from, cap->head - 2, buf, sizeof(buf), &lost,
			&frames);
	ck_assert_uint_eq(frames, 3);
	ck_assert_uint_eq(from, cap->head - 2);
	/* asking ahead of the head copies nothing */
	from = cap->head + 3;
	ck_assert_uint_eq(ec_capture_copy(cap, &from, ~0ULL, buf, sizeof(buf),
					  &lost, &frames), 0);
	ck_assert_uint_eq(from, cap->head + 3);
	ec_harness_clear(&h);
}
END_TEST

static struct ec_rec_snap *find_snap(struct ec_master *m, unsigned int kind)
{
	unsigned int i;

	for (i = 0; i < EC_REC_SNAPSHOTS; i++)
		if (m->capture->snaps[i].state == EC_REC_READY &&
		    m->capture->snaps[i].kind == kind)
			return &m->capture->snaps[i];
	return NULL;
}

START_TEST(test_recorder_lost_frame)
{
	struct ec_harness h;
	struct ec_rec_snap *s;
	struct rec r, ev = { 0 };
	bool answered = false, after_event = false;
	size_t off;

	ec_harness_init(&h, three_slaves);
	ck_assert_int_eq(ec_capture_init(&h.master, 4096, true), 0);
	ck_assert(ec_harness_run_until(&h, responding_is_3, NULL,
				       100 * EC_NSEC_PER_MSEC));
	ck_assert_uint_eq(ec_recorder_freeze(&h.master, h.now_ns), 0);
	h.lose_answers = 1;	/* sent, reaches the slaves, no answer */
	ec_harness_run_for(&h, 200 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(h.master.capture->events[EC_REC_LOST_FRAME], 1);
	ck_assert_uint_eq(ec_recorder_freeze(&h.master, h.now_ns), 1);
	s = find_snap(&h.master, EC_REC_LOST_FRAME);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->id, 1);
	ck_assert_uint_gt(s->frames, EC_REC_AFTER);
	ck_assert_uint_eq(s->lost, 0);
	ck_assert_ptr_nonnull(strstr(s->text, "unanswered"));
	/* the marked frame: the one sent that had no answer */
	for (off = 0; off < s->bytes;) {
		off += rec_parse(s->buf + off, &r);
		if (r.flags & EC_CAPTURE_EVENT) {
			ck_assert(!after_event);
			ev = r;
			after_event = true;
			continue;
		}
		/* an answer with the index of the marked frame, before the
		 * index went out again */
		if (after_event && r.frame[17] == ev.frame[17]) {
			if (r.flags & EC_CAPTURE_TX)
				break;
			answered = true;
		}
	}
	ck_assert(after_event);
	ck_assert(ev.flags & EC_CAPTURE_TX);
	ck_assert_uint_eq(ev.time_ns, s->event_ns);
	ck_assert(!answered);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_recorder_slave_gone_and_hold_off)
{
	struct ec_harness h;
	struct ec_rec_snap *s;
	unsigned int i, ids = 0, marked;
	size_t off;

	ec_harness_init(&h, three_slaves);
	ck_assert_int_eq(ec_capture_init(&h.master, 4096, true), 0);
	ck_assert(ec_harness_run_until(&h, responding_is_3, NULL,
				       100 * EC_NSEC_PER_MSEC));
	h.drop_all = true;	/* the cable is pulled */
	ec_harness_run_for(&h, 500 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(h.master.slaves_responding, 0);
	ck_assert_uint_ge(ec_recorder_freeze(&h.master, h.now_ns), 2);
	ck_assert_ptr_nonnull(find_snap(&h.master, EC_REC_LOST_FRAME));
	s = find_snap(&h.master, EC_REC_SLAVE_GONE);
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(strstr(s->text, "0 slave(s) responding, were 3"));
	/* the broadcast that was sent and not answered */
	for (off = 0, marked = 0; off < s->bytes;) {
		struct rec r;

		off += rec_parse(s->buf + off, &r);
		if (!(r.flags & EC_CAPTURE_EVENT))
			continue;
		marked++;
		ck_assert(r.flags & EC_CAPTURE_TX);
		ck_assert_uint_eq(r.time_ns, s->event_ns);
		ck_assert_uint_eq(r.frame[16], 0x07);	/* BRD */
	}
	ck_assert_uint_eq(marked, 1);
	/* a lost frame every cycle: one snapshot, the rest counted in it */
	s = find_snap(&h.master, EC_REC_LOST_FRAME);
	ck_assert_uint_gt(h.master.capture->events[EC_REC_LOST_FRAME], 5);
	ck_assert_uint_eq(s->more + h.master.capture->held_off,
			  h.master.capture->events[EC_REC_LOST_FRAME] +
			  h.master.capture->events[EC_REC_SLAVE_GONE] - 2);
	/* later ones, after the freeze: held off for a second */
	ec_harness_run_for(&h, 200 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(ec_recorder_freeze(&h.master, h.now_ns), 0);
	ck_assert_uint_gt(h.master.capture->held_off, 0);
	/* a second later a new snapshot, in a free slot; once they are all
	 * taken, a new one replaces the oldest of its own kind */
	for (i = 0; i < 4; i++) {
		ec_harness_run_for(&h, 1100 * EC_NSEC_PER_MSEC);
		ck_assert_uint_eq(ec_recorder_freeze(&h.master, h.now_ns), 1);
	}
	for (i = 0; i < EC_REC_SNAPSHOTS; i++)
		ids |= 1u << h.master.capture->snaps[i].id;
	/* lost frames 3 and 4 took the free slots, 5 and 6 replaced 1 and
	 * 3; the slave gone (2) stays */
	ck_assert_uint_eq(ids, (1u << 2) | (1u << 4) | (1u << 5) | (1u << 6));
	s = find_snap(&h.master, EC_REC_SLAVE_GONE);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->id, 2);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_recorder_off_takes_no_snapshot)
{
	struct ec_harness h;

	ec_harness_init(&h, three_slaves);
	ck_assert_int_eq(ec_capture_init(&h.master, 4096, false), 0);
	ck_assert(ec_harness_run_until(&h, responding_is_3, NULL,
				       100 * EC_NSEC_PER_MSEC));
	h.drop_all = true;
	ec_harness_run_for(&h, 500 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(ec_recorder_freeze(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(h.master.capture->events[EC_REC_LOST_FRAME], 0);
	ck_assert_uint_eq(h.master.capture->head, 0);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_kind_names)
{
	ck_assert_str_eq(ec_recorder_kind_name(EC_REC_WC_DROP),
			 "working counter dropped");
	ck_assert_str_eq(ec_recorder_kind_name(EC_REC_DC_SYNC),
			 "DC sync deviation");
	ck_assert_str_eq(ec_recorder_kind_name(0), "unknown");
	ck_assert_str_eq(ec_recorder_kind_name(99), "unknown");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("capture");
	TCase *tc = tcase_create("capture");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_gate_closed_without_capture);
	tcase_add_test(tc, test_every_frame_in_the_ring);
	tcase_add_test(tc, test_overwritten_and_torn_frames_are_lost);
	tcase_add_test(tc, test_recorder_lost_frame);
	tcase_add_test(tc, test_recorder_slave_gone_and_hold_off);
	tcase_add_test(tc, test_recorder_off_takes_no_snapshot);
	tcase_add_test(tc, test_kind_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
