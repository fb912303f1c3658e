// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_lib_ecrt_shm.c - libethercat's cyclic calls over the shared area
 * the module maps at activation (lib/ecrt_*.c, struct ec_ioctl_shm):
 * process(), queue(), the application time and the DC calls without a
 * system call, the redundancy flag, receive on arrival through the rx
 * image and the working counter rule.  The test plays the module
 * (lib_fake_module.c), as check_lib_ecrt.c does.
 */
#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt.h"
#include "lib_fake_module.h"
#include "wc_cases.h"

/*
 * With the shared area: process(), queue(), the application time and the
 * DC queue calls record and raise app_pending, with no system call; the
 * DC readings come by ioctl until the module marks the area published,
 * then from the area, without the marker bit.
 */
/* A master with one domain, activated with the shared area mapped. */
static ec_master_t *shm_master(ec_domain_t **d)
{
	ec_master_t *m;

	fake_reset();
	fake.shm_on = true;
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	*d = ecrt_master_create_domain(m);
	ck_assert_ptr_nonnull(*d);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_ptr_nonnull(fake.shm);
	return m;
}

START_TEST(test_shm)
{
	ec_master_t *m;
	ec_domain_t *d;
	uint32_t t32 = 0;
	uint64_t t64 = 0;

	m = shm_master(&d);
	ck_assert_uint_eq(fake.shm->app_pending, 0);

	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_uint_eq(fake.shm->domains[0].app_flags,
			  EC_IOCTL_SHM_PROCESSED);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	fake.shm->app_pending = 0;	/* the module took it */
	ck_assert_int_eq(ecrt_domain_queue(d), 0);
	ck_assert_uint_eq(fake.shm->domains[0].queue_count, 1);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	fake.shm->app_pending = 0;
	ck_assert_int_eq(ecrt_master_application_time(m, 1234), 0);
	ck_assert_uint_eq(fake.shm->app_time_set, 1);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	fake.shm->app_pending = 0;
	ck_assert_int_eq(ecrt_master_sync_slave_clocks(m), 0);
	ck_assert_uint_eq(fake.shm->dc_queue, EC_IOCTL_DC_SYNC_SLAVES);
	ck_assert_uint_eq(fake.shm->app_pending, 1);
	ck_assert_uint_eq(fake.last_int_cmd, 0);	/* no ioctl at all */

	/* not published yet: the ioctl's answer */
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0x12345678);
	ck_assert_uint_eq(fake.dc_times, 1);
	/* published: the area's words as the next receive left them, the
	 * marker bit not taken for a value */
	fake.shm->dc_ref_time32 = 0xcafe;
	fake.shm->dc_ref_time64 = 0x1122334455667788ULL;
	fake.shm->dc_monitor = 42;
	fake.shm->dc_valid = EC_IOCTL_DC_VALID_REF32 |
			     EC_IOCTL_DC_VALID_REF64 | EC_IOCTL_DC_PUBLISHED;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 1);
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0xcafe);
	ck_assert_int_eq(ecrt_master_64bit_reference_clock_time(m, &t64), 0);
	ck_assert_uint_eq(t64, 0x1122334455667788ULL);
	ck_assert_uint_eq(ecrt_master_sync_monitor_process(m), 42);
	/* what the module writes later shows only after the next receive */
	fake.shm->dc_ref_time32 = 0xbeef;
	fake.shm->dc_valid = EC_IOCTL_DC_NO_REF | EC_IOCTL_DC_PUBLISHED;
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0xcafe);
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), -ENXIO);
	ck_assert_uint_eq(fake.dc_times, 1);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

/*
 * ecrt_domain_state() with the shared area: redundancy_active is the word
 * the module published (the backup link carried data), not always 0.
 */
START_TEST(test_shm_redundancy_active)
{
	ec_master_t *m;
	ec_domain_t *d;
	ec_domain_state_t st;

	m = shm_master(&d);
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	ck_assert_uint_eq(st.redundancy_active, 0);
	fake.shm->domains[0].redundancy_active = 1;	/* ring broken */
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	ck_assert_uint_eq(st.redundancy_active, 1);
	fake.shm->domains[0].redundancy_active = 0;	/* healed */
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	ck_assert_uint_eq(st.redundancy_active, 0);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

/* process() the domain; its working counter then, and its state. */
static unsigned int processed_wkc(ec_domain_t *d, ec_wc_state_t *state)
{
	ec_domain_state_t st;

	ck_assert_int_eq(ecrt_domain_process(d), 0);
	ck_assert_int_eq(ecrt_domain_state(d, &st), 0);
	*state = st.wc_state;
	return st.working_counter;
}

/*
 * The receive on arrival: when the module completed the last send's
 * exchange (rx_seq == tx_seq), ecrt_master_receive() copies the domains
 * sent in it from the rx image and makes no system call; process() takes
 * their rx_wkc.  A second receive, or one after a send whose exchange did
 * not complete (a lost frame), goes to the module by ioctl.  Both tell the
 * module which exchange was received (rx_taken).
 */
START_TEST(test_shm_rx)
{
	struct ec_ioctl_shm_domain *e0, *e1;
	ec_wc_state_t ws;
	ec_domain_t *d0, *d1;
	uint8_t *image, *pd0, *pd1;
	ec_master_t *m;

	fake_reset();
	fake.shm_on = true;
	fake.rx_on = true;
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	d0 = ecrt_master_create_domain(m);
	d1 = ecrt_master_create_domain(m);
	ck_assert_ptr_nonnull(d1);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	image = (uint8_t *)fake.shm + RX_IMAGE_OFFSET;
	e0 = &fake.shm->domains[0];
	e1 = &fake.shm->domains[1];
	e0->expected_wkc = 3;
	e1->expected_wkc = 1;
	e1->wkc_received = 1;	/* the send before published it */
	pd0 = ecrt_domain_data(d0);
	pd1 = ecrt_domain_data(d1);

	/* the exchange of send 1 completed on arrival, domain 0 in it */
	ck_assert_int_eq(ecrt_master_send(m), 0);
	memset(image, 0xa5, 12);
	memset(image + DOMAIN1_OFFSET, 0x5a, 12);
	e0->rx_wkc = 3;
	e0->rx_seq = 1;
	fake.shm->rx.rx_seq = 1;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 0);	/* no system call */
	ck_assert_uint_eq(fake.shm->rx.rx_taken, 1);
	ck_assert_uint_eq(pd0[0], 0xa5);
	ck_assert_uint_eq(pd0[11], 0xa5);
	ck_assert_uint_eq(pd0[12], 0);		/* the domain's 12 bytes only */
	ck_assert_uint_eq(pd1[0], 0);		/* not sent in exchange 1 */
	ck_assert_uint_eq(processed_wkc(d0, &ws), 3);
	ck_assert_int_eq(ws, EC_WC_COMPLETE);
	ck_assert_uint_eq(e0->app_wkc, 3);	/* for the kernel's replay */
	ck_assert_uint_eq(processed_wkc(d1, &ws), 1);	/* wkc_received */

	/* the same exchange again: by ioctl, nothing copied twice */
	pd0[0] = 0x11;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 1);
	ck_assert_uint_eq(pd0[0], 0x11);

	/* send 2 did not complete (a frame lost): by ioctl, and process()
	 * finds what the module published, not the old rx_wkc */
	ck_assert_int_eq(ecrt_master_send(m), 0);
	e0->wkc_received = 0;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 2);
	ck_assert_uint_eq(fake.shm->rx.rx_taken, 2);
	ck_assert_uint_eq(pd0[0], 0x11);
	ck_assert_uint_eq(processed_wkc(d0, &ws), 0);
	ck_assert_int_eq(ws, EC_WC_ZERO);

	/* send 3 completed with both domains */
	ck_assert_int_eq(ecrt_master_send(m), 0);
	e0->rx_wkc = 2;
	e0->rx_seq = 3;
	e1->rx_wkc = 1;
	e1->rx_seq = 3;
	fake.shm->rx.rx_seq = 3;
	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_uint_eq(fake.receives, 2);
	ck_assert_uint_eq(pd0[0], 0xa5);
	ck_assert_uint_eq(pd1[0], 0x5a);
	ck_assert_uint_eq(processed_wkc(d0, &ws), 2);
	ck_assert_int_eq(ws, EC_WC_INCOMPLETE);
	/* after a queue() process() finds nothing answered */
	ck_assert_int_eq(ecrt_domain_queue(d0), 0);
	ck_assert_uint_eq(processed_wkc(d0, &ws), 0);
	ck_assert_uint_eq(e0->app_wkc, 2);	/* the process() before it */
	ck_assert_uint_eq(e0->app_flags, EC_IOCTL_SHM_PROCESSED |
					 EC_IOCTL_SHM_PROCESSED_QUEUED);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

/*
 * process() over the shared area classifies each sum of the one table of
 * cases (wc_cases.h) as check_domain.c finds the kernel's domain does.
 */
START_TEST(test_wc_rule_cases)
{
	struct ec_ioctl_shm_domain *e;
	ec_wc_state_t ws;
	ec_master_t *m;
	ec_domain_t *d;
	size_t i;

	m = shm_master(&d);
	e = &fake.shm->domains[0];
	for (i = 0; i < WC_CASE_COUNT; i++) {
		e->expected_wkc = wc_cases[i].expected;
		e->wkc_received = wc_cases[i].wkc;
		ck_assert_uint_eq(processed_wkc(d, &ws), wc_cases[i].wkc);
		ck_assert_msg(ws == wc_cases[i].state,
			      "wkc %u of %u: state %d, expected %d",
			      wc_cases[i].wkc, wc_cases[i].expected, ws,
			      wc_cases[i].state);
	}
	ck_assert_uint_eq(fake.last_int_cmd, 0);	/* no ioctl at all */
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST


int main(void)
{
	Suite *s = suite_create("lib_ecrt_shm");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_shm);
	tcase_add_test(tc, test_shm_redundancy_active);
	tcase_add_test(tc, test_shm_rx);
	tcase_add_test(tc, test_wc_rule_cases);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
