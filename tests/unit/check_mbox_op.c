// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_mbox_op.c - the mailbox in the operation phase: with the default
 * segment in OP under an application's cycle, an emergency the servo
 * sends while no transfer runs is fetched by the idle check of its read
 * mailbox and lands in the ring of the slave of its configuration.
 */
#include "config_harness.h"
#include "mailbox/emergency.h"
#include "cycle/monitor.h"

START_TEST(test_emergency_in_op)
{
	struct fixture f;
	struct ec_slave *servo;
	u8 msg[EC_EMERG_SIZE];
	u64 t0;

	setup(&f);
	register_entries(&f);
	activate(&f);
	ck_assert(run_until(&f.h, master_sees_op, NULL,
			    10 * EC_NSEC_PER_SEC));
	servo = slave_at(&f.h, ID_SERVO);
	run_for(&f.h, 50 * EC_NSEC_PER_MSEC);
	ck_assert_int_eq(ecsim_segment_emergency(f.h.seg, ID_SERVO, 0x7300),
			 0);
	t0 = f.h.now_ns;
	while (!ec_emerg_ring_count(&servo->emerg_ring) &&
	       f.h.now_ns - t0 < EC_NSEC_PER_SEC)
		cycle(&f.h);
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 1);
	ck_assert_uint_le(f.h.now_ns - t0, ec_monitor_round_ns(&f.h.master) + 2 * EC_MONITOR_PERIOD_NS * EC_MONITOR_BRD_EVERY);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x7300);
	ck_assert(log_has("CoE emergency: error code 0x7300"));
	teardown(&f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mbox_op");
	TCase *tc = tcase_create("mbox_op");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_emergency_in_op);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
