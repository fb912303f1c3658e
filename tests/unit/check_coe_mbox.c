// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_coe_mbox.c - the mailbox around the CoE client, against the
 * in-process segment (coe_harness.h): emergencies during a transfer,
 * while idle (always listening) and in the ring, the mailbox error reply
 * of a slave without CoE, and the mailbox header encoding.
 */
#include "coe_harness.h"

START_TEST(test_emergency)
{
	struct ec_harness h;
	static const u8 data[5] = { 1, 2, 3, 4, 5 };
	struct ec_slave *servo;
	u8 buf[16], msg[EC_EMERG_SIZE];
	size_t n;

	setup(&h);
	servo = h.master.slaves[ID_SERVO];
	/* An emergency queued before the reply arrives in its place. */
	ecsim_coe_emergency(h.seg->slaves[ID_SERVO].coe, 0x8110, 0x11, data);
	ecsim_coe_emergency(h.seg->slaves[ID_SERVO].coe, 0x2310, 0x03, NULL);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 2);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x8110);
	ck_assert_uint_eq(msg[2], 0x11);
	ck_assert_mem_eq(msg + 3, data, 5);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x2310);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), -ENOENT);
	teardown(&h);
}
END_TEST

/* Always listening: an emergency while no transfer runs is fetched by
 * the idle check of the read mailbox, within its interval. */
START_TEST(test_emergency_idle)
{
	struct ec_harness h;
	struct ec_slave *servo;
	struct ec_fsm_slave *fsm;
	u8 msg[EC_EMERG_SIZE];
	u64 t0;

	setup(&h);
	servo = h.master.slaves[ID_SERVO];
	fsm = servo->fsm;
	ec_harness_run_for(&h, 50 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 0);
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, ID_SERVO, 0x7300), 0);
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, ID_SERVO, 0x5530), 0);
	t0 = h.now_ns;
	while (ec_emerg_ring_count(&servo->emerg_ring) < 2 &&
	       h.now_ns - t0 < EC_NSEC_PER_SEC)
		ec_harness_cycle(&h);
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 2);
	ck_assert_uint_le(h.now_ns - t0, 2 * EC_MBOX_POLL_NS);
	ck_assert_uint_eq(fsm->unsolicited, 2);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x7300);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x5530);
	/* A slave without CoE: the sim refuses. */
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, ID_COUPLER, 1),
			 -EPROTONOSUPPORT);
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, 99, 1), -ENOENT);
	teardown(&h);
}
END_TEST

START_TEST(test_emergency_ring)
{
	struct ec_emerg_ring ring;
	u8 msg[EC_EMERG_SIZE];
	unsigned int i;

	memset(&ring, 0, sizeof(ring));
	ck_assert_int_eq(ec_emerg_ring_set_size(&ring, EC_EMERG_RING_MAX + 1),
			 -EINVAL);
	ck_assert_int_eq(ec_emerg_ring_set_size(&ring, 4), 0);
	for (i = 0; i < 10; i++) {
		memset(msg, (int)i, sizeof(msg));
		ec_emerg_ring_push(&ring, msg);
	}
	ck_assert_uint_eq(ec_emerg_ring_count(&ring), 4);
	ck_assert_uint_eq(ec_emerg_ring_overruns(&ring), 6);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(ec_emerg_ring_pop(&ring, msg), 0);
		ck_assert_uint_eq(msg[7], i);	/* oldest first */
	}
	ck_assert_int_eq(ec_emerg_ring_pop(&ring, msg), -ENOENT);
	/* Wrap around. */
	for (i = 0; i < 3; i++) {
		memset(msg, (int)(20 + i), sizeof(msg));
		ec_emerg_ring_push(&ring, msg);
	}
	ck_assert_int_eq(ec_emerg_ring_pop(&ring, msg), 0);
	ck_assert_uint_eq(msg[0], 20);
	ec_emerg_ring_clear(&ring);
	ck_assert_uint_eq(ec_emerg_ring_count(&ring), 0);
	ck_assert_uint_eq(ec_emerg_ring_overruns(&ring), 0);
}
END_TEST

static bool mbox_done(struct ec_harness *h, void *ctx)
{
	struct ec_fsm_mbox *mbox = ctx;

	(void)h;
	return !ec_fsm_mbox_exec(mbox, h->now_ns);
}

START_TEST(test_mailbox_error_reply)
{
	struct ec_harness h;
	struct ec_slave *foe;
	struct ec_datagram d;
	struct ec_fsm_mbox mbox;
	u8 buf[16], *p;
	size_t n;

	setup(&h);
	foe = h.master.slaves[ID_FOE];
	ck_assert_uint_eq(foe->sii.mailbox_protocols & EC_MBOX_COE, 0);
	/* No CoE: refused without sending anything. */
	ck_assert_int_eq(upload(&h, ID_FOE, 0x1000, 0, buf, sizeof(buf), &n),
			 -EPROTONOSUPPORT);

	/* A CoE request anyway: the slave answers with a mailbox error. */
	foe->sii.mailbox_protocols |= EC_MBOX_COE;
	ck_assert_int_eq(upload(&h, ID_FOE, 0x1000, 0, buf, sizeof(buf), &n),
			 -EPROTO);
	ck_assert_uint_eq(((struct ec_fsm_slave *)foe->fsm)->coe.mbox
			  .error_code, EC_MBOX_ERR_UNSUPPORTED_PROTOCOL);

	/* The raw exchange with another protocol (EoE). */
	ec_datagram_init(&d);
	ck_assert_int_eq(ec_datagram_prealloc(&d, 256), 0);
	ec_fsm_mbox_init(&mbox, &d);
	p = ec_mbox_prepare_send(foe, &d, EC_MBOX_TYPE_EOE, 4);
	ck_assert_ptr_nonnull(p);
	ec_fsm_mbox_transfer(&mbox, foe, 0, h.now_ns);
	ck_assert(ec_harness_run_until(&h, mbox_done, &mbox,
				       EC_NSEC_PER_SEC));
	ck_assert(ec_fsm_mbox_success(&mbox));
	ck_assert_uint_eq(mbox.type, EC_MBOX_TYPE_ERR);
	ck_assert_uint_eq(mbox.error_code, EC_MBOX_ERR_UNSUPPORTED_PROTOCOL);
	ck_assert_uint_eq(ec_get_u16(mbox.payload), EC_MBOX_ERR_SERVICE);
	ec_master_unqueue_datagram(&h.master, &d);
	ec_datagram_clear(&d);
	teardown(&h);
}
END_TEST

START_TEST(test_mailbox_header)
{
	struct ec_slave slave;
	struct ec_datagram d;
	unsigned int i;
	u8 *p;

	memset(&slave, 0, sizeof(slave));
	slave.station_address = 0x1005;
	slave.sii.std_rx_mailbox_offset = 0x1000;
	slave.sii.std_rx_mailbox_size = 48;
	slave.sii.std_tx_mailbox_offset = 0x1080;
	slave.sii.std_tx_mailbox_size = 48;
	ec_datagram_init(&d);
	for (i = 0; i < 9; i++) {
		p = ec_mbox_prepare_send(&slave, &d, EC_MBOX_TYPE_COE, 10);
		ck_assert_ptr_nonnull(p);
		ck_assert_ptr_eq(p, d.data + EC_MBOX_HEADER_SIZE);
		ck_assert_int_eq(d.type, EC_DATAGRAM_FPWR);
		ck_assert_uint_eq(ec_get_u16(d.address), 0x1005);
		ck_assert_uint_eq(ec_get_u16(d.address + 2), 0x1000);
		ck_assert_uint_eq(d.data_size, 48);	/* the whole SM */
		ck_assert_uint_eq(ec_get_u16(d.data), 10);
		ck_assert_uint_eq(d.data[5] & 0x0f, EC_MBOX_TYPE_COE);
		/* Counter 1..7, never 0. */
		ck_assert_uint_eq(d.data[5] >> 4, i % 7 + 1);
	}
	/* Payload larger than the mailbox. */
	ck_assert_ptr_null(ec_mbox_prepare_send(&slave, &d, EC_MBOX_TYPE_COE,
						43));
	ck_assert_ptr_nonnull(ec_mbox_prepare_send(&slave, &d,
						   EC_MBOX_TYPE_COE, 42));
	ec_datagram_clear(&d);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("coe_mbox");
	TCase *tc = tcase_create("coe_mbox");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_mailbox_header);
	tcase_add_test(tc, test_emergency_ring);
	tcase_add_test(tc, test_emergency);
	tcase_add_test(tc, test_emergency_idle);
	tcase_add_test(tc, test_mailbox_error_reply);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(segment_json);
	return failed ? 1 : 0;
}
