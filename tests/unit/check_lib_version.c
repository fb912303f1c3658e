// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_lib_version.c - libethercat's ecrt_version_magic() returns the
 * ECRT_VERSION_MAGIC of the header it was built with.
 */
#include <check.h>
#include <stdlib.h>

#include "ecrt.h"

START_TEST(test_version_magic)
{
	ck_assert_uint_eq(ecrt_version_magic(), ECRT_VERSION_MAGIC);
	ck_assert_uint_ne(ecrt_version_magic(), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("lib_version");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_version_magic);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
