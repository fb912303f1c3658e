// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_master_io.c - the master's datagram queue, reply matching,
 * timeouts and the idle FSM's slave count, against the in-process segment.
 */
#include "harness.h"

static const char *three_slaves =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL2008\" } ] }";

static bool responding_is_3(struct ec_harness *h, void *ctx)
{
	(void)ctx;
	return h->master.slaves_responding == 3;
}

START_TEST(test_idle_counts_slaves)
{
	struct ec_harness h;

	ec_harness_init(&h, three_slaves);
	ck_assert(ec_harness_run_until(&h, responding_is_3, NULL,
				       100 * EC_NSEC_PER_MSEC));
	/* All slaves are in INIT after power-up. */
	ck_assert_uint_eq(h.master.al_states & 0x0f, 0x01);
	ck_assert_uint_gt(h.master.stats.rx_count, 0);
	ck_assert_uint_eq(h.master.unmatched_datagrams, 0);
	ec_harness_clear(&h);
}
END_TEST

/*
 * The glue's transmit buffer (ec_device_hooks.tx_buffer, the kernel's
 * queue slot): each frame is built in the buffer the hook gave and xmit
 * gets that very buffer; when the hook has none (a full queue), the frame
 * is built in the device's own and nothing is lost.
 */
static u8 slot_buf[2][EC_FRAME_MAX_SIZE];
static unsigned int slot_next, slot_calls, in_slot, in_own, wrong;

static u8 *slot_tx_buffer(struct ec_device *dev)
{
	(void)dev;
	if (++slot_calls % 3 == 0)
		return NULL;	/* every third: "full" */
	return slot_buf[slot_next++ % 2];
}

static int slot_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	if (frame == dev->tx_frame && frame == dev->tx_buf)
		in_own++;
	else if (frame == dev->tx_frame &&
		 frame == slot_buf[(slot_next + 1) % 2])
		in_slot++;
	else
		wrong++;
	return ec_harness_hooks.xmit(dev, frame, size);
}

static const struct ec_device_hooks slot_hooks = {
	.xmit = slot_xmit,
	.poll = ec_harness_poll,
	.tx_buffer = slot_tx_buffer,
};

START_TEST(test_tx_buffer_in_place)
{
	struct ec_harness h;
	unsigned int i;

	slot_next = slot_calls = in_slot = in_own = wrong = 0;
	ec_harness_init(&h, three_slaves);
	h.master.devices[EC_DEVICE_MAIN].hooks = &slot_hooks;
	/* the scan: many frames, every third built in the device's own */
	for (i = 0; i < 500; i++)
		ec_harness_cycle(&h);
	ck_assert_uint_eq(h.master.slave_count, 3);
	ck_assert(!h.master.scan_busy);
	ck_assert_uint_eq(h.master.slaves_responding, 3);
	ck_assert_uint_eq(wrong, 0);
	ck_assert_uint_gt(in_slot, 0);
	ck_assert_uint_gt(in_own, 0);
	ck_assert_uint_eq(in_slot + in_own, h.master.stats.tx_count);
	ck_assert_uint_eq(h.master.unmatched_datagrams, 0);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_reply_matching)
{
	struct ec_harness h;
	struct ec_datagram a, b;

	ec_harness_init(&h, three_slaves);
	ec_datagram_init(&a);
	ec_datagram_init(&b);
	/* Two datagrams in one frame: APRD of slave 1's type register and
	 * a BRD of the AL status. */
	ck_assert_int_eq(ec_datagram_aprd(&a, 1, 0x0000, 1), 0);
	ck_assert_int_eq(ec_datagram_brd(&b, 0x0130, 2), 0);
	ec_master_queue_datagram(&h.master, &a);
	ec_master_queue_datagram(&h.master, &b);
	ck_assert_uint_eq(ec_master_send_datagrams(&h.master, h.now_ns), 1);
	ck_assert_int_eq(a.state, EC_DATAGRAM_SENT);
	/* Queueing a datagram in flight again is counted as skipped. */
	ec_master_queue_datagram(&h.master, &a);
	ck_assert_uint_eq(h.master.skipped_datagrams, 1);
	ec_master_poll_devices(&h.master);
	ck_assert_int_eq(a.state, EC_DATAGRAM_RECEIVED);
	ck_assert_int_eq(b.state, EC_DATAGRAM_RECEIVED);
	ck_assert_uint_eq(a.working_counter, 1);
	ck_assert_uint_eq(b.working_counter, 3);
	ck_assert_uint_ne(a.data[0], 0);	/* an ESC type */
	ec_datagram_clear(&a);
	ec_datagram_clear(&b);
	ec_harness_clear(&h);
}
END_TEST

/*
 * A datagram with rx_data (a domain's under a userspace application, the
 * rx image) gets its reply there and is marked rx_pending; its data, what
 * it sent, stays as it was.  Sent again, it is no longer pending.
 */
START_TEST(test_reply_into_rx_data)
{
	struct ec_harness h;
	struct ec_datagram a;
	u8 image[2] = { 0xee, 0xee };

	ec_harness_init(&h, three_slaves);
	ec_datagram_init(&a);
	ck_assert_int_eq(ec_datagram_brd(&a, 0x0130, 2), 0);
	a.rx_data = image;	/* BRD data: sent as 0, ORed by the slaves */
	ec_master_queue_datagram(&h.master, &a);
	ck_assert_uint_eq(ec_master_send_datagrams(&h.master, h.now_ns), 1);
	ck_assert(!a.rx_pending);
	ec_master_poll_devices(&h.master);
	ck_assert_int_eq(a.state, EC_DATAGRAM_RECEIVED);
	ck_assert(a.rx_pending);
	ck_assert_uint_eq(image[0], 0x01);	/* AL status INIT, all three */
	ck_assert_uint_eq(image[1], 0x00);
	ck_assert_uint_eq(a.working_counter, 3);
	ck_assert_uint_eq(a.data[0], 0);	/* not the reply's 0x01 */
	/* sent again before anyone took the reply: that reply is stale */
	ec_master_queue_datagram(&h.master, &a);
	ck_assert_uint_eq(ec_master_send_datagrams(&h.master, h.now_ns), 1);
	ck_assert(!a.rx_pending);
	ec_datagram_clear(&a);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_timeout_and_lost_frames)
{
	struct ec_harness h;
	struct ec_datagram a;

	ec_harness_init(&h, three_slaves);
	ec_datagram_init(&a);
	h.drop_all = true;
	ck_assert_int_eq(ec_datagram_brd(&a, 0x0130, 2), 0);
	ec_master_queue_datagram(&h.master, &a);
	ec_master_send_datagrams(&h.master, h.now_ns);
	ec_master_poll_devices(&h.master);
	ec_master_check_timeouts(&h.master, h.now_ns + 1000,
				 h.master.io_timeout_ns);
	ck_assert_int_eq(a.state, EC_DATAGRAM_SENT);
	ec_master_check_timeouts(&h.master,
				 h.now_ns + h.master.io_timeout_ns,
				 h.master.io_timeout_ns);
	ck_assert_int_eq(a.state, EC_DATAGRAM_TIMED_OUT);
	ck_assert_uint_eq(h.master.timed_out_datagrams, 1);
	ck_assert_ptr_null(h.master.in_flight[a.index]);
	ec_datagram_clear(&a);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_unmatched_and_bad_frames)
{
	struct ec_harness h;
	u8 frame[64];

	ec_harness_init(&h, three_slaves);
	memset(frame, 0, sizeof(frame));
	frame[12] = 0x88;
	frame[13] = 0xa4;
	/* A BRD answer with an index nobody sent. */
	ec_put_u16(frame + 14, 14 | 0x1000);
	frame[16] = EC_DATAGRAM_BRD;
	frame[17] = 0x42;
	ec_put_u16(frame + 22, 2);
	ec_master_receive_frame(&h.master, frame, 60, h.now_ns);
	ck_assert_uint_eq(h.master.unmatched_datagrams, 1);
	/* A header longer than the frame. */
	ec_put_u16(frame + 14, 200 | 0x1000);
	ec_master_receive_frame(&h.master, frame, 60, h.now_ns);
	ck_assert_uint_eq(h.master.bad_frames, 1);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_link_loss_counts_zero)
{
	struct ec_harness h;

	ec_harness_init(&h, three_slaves);
	ck_assert(ec_harness_run_until(&h, responding_is_3, NULL,
				       100 * EC_NSEC_PER_MSEC));
	h.drop_all = true;
	/* A short outage is not a lost segment... */
	ec_harness_run_for(&h, 100 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(h.master.slaves_responding, 3);
	/* ...a long one is. */
	ec_harness_run_for(&h, 300 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(h.master.slaves_responding, 0);
	ck_assert_uint_gt(ec_master_lost_frames(&h.master), 0);
	h.drop_all = false;
	ck_assert(ec_harness_run_until(&h, responding_is_3, NULL,
				       200 * EC_NSEC_PER_MSEC));
	ec_harness_clear(&h);
}
END_TEST

/*
 * The loss rate of ethercat master: frames counted lost at one sample
 * that came back before the next (late answers, frames on their way)
 * never make it negative (it printed "Loss rate [1/s]: -5").
 */
START_TEST(test_loss_rate_not_negative)
{
	struct ec_device_stats s;
	static const u64 totals[] = { 4, 2, 2, 7, 1, 1, 9 };
	unsigned int i, j;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < sizeof(totals) / sizeof(totals[0]); i++) {
		ec_stats_sample(&s, totals[i]);
		for (j = 0; j < EC_RATE_COUNT; j++)
			ck_assert_msg(s.loss_rates[j] >= 0,
				      "sample %u: loss rate %d of window %u",
				      i, s.loss_rates[j], j);
	}
	/* The first sample's 4 lost frames in the last second. */
	memset(&s, 0, sizeof(s));
	ec_stats_sample(&s, 4);
	ck_assert_int_eq(s.loss_rates[0], 4000);
	ec_stats_sample(&s, 4);
	ck_assert_int_eq(s.loss_rates[0], 0);
}
END_TEST

/*
 * Random and mutated frames must be counted as bad or unmatched, never
 * crash or corrupt a datagram in flight.
 */
START_TEST(test_random_frames)
{
	struct ec_harness h;
	struct ec_datagram a;
	u8 frame[EC_FRAME_MAX_SIZE];
	u32 x = 12345;
	unsigned int i, j;

	ec_harness_init(&h, three_slaves);
	ec_datagram_init(&a);
	ck_assert_int_eq(ec_datagram_brd(&a, 0x0130, 2), 0);
	ec_master_queue_datagram(&h.master, &a);
	h.drop_all = true;
	ec_master_send_datagrams(&h.master, h.now_ns);
	for (i = 0; i < 20000; i++) {
		size_t len = 16 + (x >> 7) % (EC_FRAME_MAX_SIZE - 15);

		for (j = 0; j < len; j++) {
			x = x * 1103515245 + 12345;
			frame[j] = (u8)(x >> 16);
		}
		frame[12] = 0x88;
		frame[13] = 0xa4;
		if (i % 2)	/* a plausible header, garbage behind */
			ec_put_u16(frame + 14,
				   (u16)(((x >> 3) % (len - 15)) | 0x1000));
		if (i % 7 == 0)	/* aim at the datagram in flight */
			frame[17] = a.index;
		ec_master_receive_frame(&h.master, frame, len, h.now_ns);
	}
	/* Whatever matched wrote at most the datagram's own 2 bytes. */
	ck_assert_uint_eq(a.data_size, 2);
	ck_assert_uint_gt(h.master.bad_frames + h.master.unmatched_datagrams,
			  0);
	ec_master_unqueue_datagram(&h.master, &a);
	ec_datagram_clear(&a);
	ec_harness_clear(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("master_io");
	TCase *tc = tcase_create("io");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_idle_counts_slaves);
	tcase_add_test(tc, test_tx_buffer_in_place);
	tcase_add_test(tc, test_reply_matching);
	tcase_add_test(tc, test_reply_into_rx_data);
	tcase_add_test(tc, test_timeout_and_lost_frames);
	tcase_add_test(tc, test_unmatched_and_bad_frames);
	tcase_add_test(tc, test_link_loss_counts_zero);
	tcase_add_test(tc, test_loss_rate_not_negative);
	tcase_add_test(tc, test_random_frames);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
