// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_activate_early.c - an application that activates before the
 * master's first scan is over (a NIC whose link comes up late: the stock
 * e1000e takes about 2 s): the scan still runs in the operation phase, or
 * starts there when the link comes up, every slave is scanned and the
 * configured digital terminals reach OP, also when the master's thread is
 * held up during the scan (an EEPROM status read late is no EEPROM busy).
 */
#include "config_harness.h"

static bool all_scanned_op(struct ec_harness *h, void *ctx)
{
	struct fixture *f = ctx;
	ec_slave_config_state_t st;
	unsigned int i;

	if (h->master.slave_count != N_SLAVES || h->master.scan_busy)
		return false;
	for (i = 0; i < N_SLAVES; i++)
		if (!h->master.slaves[i]->scan_done)
			return false;
	/* The digital terminals: the analog ones and the drive refuse
	 * SAFEOP without process data, which needs their PDOs, known only
	 * after the scan. */
	for (i = ID_DI; i <= ID_DO; i++) {
		ec_slave_config_state(f->sc[i], &st);
		if (!st.operational)
			return false;
	}
	return true;
}

static void early_setup(struct fixture *f)
{
	log_text[0] = '\0';
	ec_port_set_log(log_sink);
	ec_harness_init(&f->h, segment);
	/* no entries: their PDOs are not known before the scan */
	add_configs(f);
}

/* Activated while the scan runs. */
START_TEST(test_activate_during_scan)
{
	struct fixture f;

	early_setup(&f);
	while (!f.h.master.scan_busy)
		ec_harness_cycle(&f.h);
	ec_harness_cycle(&f.h);
	ck_assert(f.h.master.scan_busy);
	activate(&f);
	ck_assert(run_until(&f.h, all_scanned_op, &f, 20 * EC_NSEC_PER_SEC));
	teardown(&f);
}
END_TEST

/* Activated before the link is up: the first scan starts in OP. */
START_TEST(test_activate_before_link)
{
	struct fixture f;
	struct ec_device *dev;

	early_setup(&f);
	dev = &f.h.master.devices[EC_DEVICE_MAIN];
	dev->link_up = false;
	ec_harness_cycle(&f.h);
	activate(&f);
	run_for(&f.h, 500 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(f.h.master.slave_count, 0);
	dev->link_up = true;
	ck_assert(run_until(&f.h, all_scanned_op, &f, 20 * EC_NSEC_PER_SEC));
	teardown(&f);
}
END_TEST

/* Activated before the master's thread ran at all. */
START_TEST(test_activate_before_first_cycle)
{
	struct fixture f;

	early_setup(&f);
	activate(&f);
	ck_assert(run_until(&f.h, all_scanned_op, &f, 20 * EC_NSEC_PER_SEC));
	teardown(&f);
}
END_TEST

/* The application cycles while the master's thread is held up (no FSM
 * turn): the scan's answers wait. */
static void cycle_without_fsm(struct ec_harness *h)
{
	struct ec_master *m = &h->master;

	ec_port_io_lock(m);
	ec_master_app_receive(m, h->now_ns);
	ec_port_io_unlock(m);
	ec_harness_op_send(m, h->now_ns);
	h->now_ns += EC_HARNESS_CYCLE_NS;
}

/*
 * Activated before the scan, the thread held up for 120 ms three times
 * during it (on a loaded machine, in OP): an EEPROM read whose status is
 * read late must not count as an EEPROM busy for 100 ms.
 */
START_TEST(test_scan_in_op_thread_late)
{
	struct fixture f;
	unsigned int stall, i;

	early_setup(&f);
	activate(&f);
	while (!f.h.master.scan_busy || !f.h.master.fsm.slaves_scanning)
		cycle(&f.h);
	for (stall = 0; stall < 3; stall++) {
		run_for(&f.h, 40 * EC_NSEC_PER_MSEC);
		for (i = 0; i < 120; i++)
			cycle_without_fsm(&f.h);
	}
	ck_assert(run_until(&f.h, all_scanned_op, &f, 20 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(f.h.master.fsm.scans_started, 1);
	ck_assert(!log_has("EEPROM busy"));
	teardown(&f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("activate_early");
	TCase *tc = tcase_create("activate_early");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_activate_during_scan);
	tcase_add_test(tc, test_activate_before_link);
	tcase_add_test(tc, test_activate_before_first_cycle);
	tcase_add_test(tc, test_scan_in_op_thread_late);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
