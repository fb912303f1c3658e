/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wc_cases.h - the working counter rule as a table of cases: the sum
 * that came back, the expected sum, the state ecrt_domain_state() must
 * report.  check_domain.c drives the kernel's domain through it
 * (ec_domain_set_wkc()), check_lib_ecrt_shm.c libethercat's process() over
 * the shared area: both must give the states of this one table.
 */
#ifndef EC_TEST_WC_CASES_H
#define EC_TEST_WC_CASES_H

#include <stdint.h>

#include "ecrt.h"

struct wc_case {
	uint16_t wkc;
	uint16_t expected;
	ec_wc_state_t state;
};

static const struct wc_case wc_cases[] = {
	{ 0, 0, EC_WC_ZERO },		/* nothing to exchange, nothing back */
	{ 0, 3, EC_WC_ZERO },
	{ 1, 3, EC_WC_INCOMPLETE },
	{ 2, 3, EC_WC_INCOMPLETE },
	{ 3, 3, EC_WC_COMPLETE },
	{ 4, 3, EC_WC_INCOMPLETE },	/* more than expected */
	{ 1, 0, EC_WC_INCOMPLETE },
	{ 248, 248, EC_WC_COMPLETE },
	{ 65535, 65535, EC_WC_COMPLETE },
	{ 65534, 65535, EC_WC_INCOMPLETE },
};

#define WC_CASE_COUNT (sizeof(wc_cases) / sizeof(wc_cases[0]))

#endif /* EC_TEST_WC_CASES_H */
