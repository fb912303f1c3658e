// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_domains.c - the tool's 'domains' and 'data' commands end to
 * end against the fake ioctl layer of tool_fake_app.h (two domains of two
 * slave configurations on three fake slaves).  Text, JSON and exit codes
 * are checked; their golden files are checked in check_tool_config.c.
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tool_fake_app.h"
#include "tool_run.h"
#include "ecrt.h"

START_TEST(test_domains)
{
	fake_app();
	ck_assert_int_eq(run("domains", NULL), 0);
	ck_assert_str_eq(out,
		"Domain0: LogBaseAddr 0x00000000, Size   3, WorkingCounter 3/3\n"
		"Domain1: LogBaseAddr 0x00000003, Size   0, WorkingCounter 0/0\n");
	ck_assert_int_eq(run("domains", "-v", NULL), 0);
	ck_assert_str_eq(out,
		"Domain0: LogBaseAddr 0x00000000, Size   3, WorkingCounter 3/3\n"
		"  SlaveConfig 0:2, SM0 (Output), LogAddr 0x00000000, Size 1\n"
		"    aa \n"
		"  SlaveConfig 5:0, SM3 ( Input), LogAddr 0x00000001, Size 2\n"
		"    01 02 \n"
		"Domain1: LogBaseAddr 0x00000003, Size   0, WorkingCounter 0/0\n");
	ck_assert_int_eq(run("domains", "-d", "1", NULL), 0);
	ck_assert_str_eq(out,
		"Domain1: LogBaseAddr 0x00000003, Size   0, WorkingCounter 0/0\n");
	ck_assert_int_eq(run("domains", "-d", "5", NULL), EC_EXIT_FAIL);
	ck_has(err, "ethercat: domains: master 0 has no domain 5");
	ck_assert_int_eq(run("domains", "-d", "x", NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("domains", "-d", "1-0", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: domains: reversed range '1-0' in domain list '1-0': write it as 0-1\n");
	ck_assert_int_eq(run("domains", "-d", "2-", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: domains: empty range '2-' in domain list '2-': the last domain is 1\n");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("domains", "-d", "1-", NULL), 0);
	ck_assert_str_eq(out,
		"Domain1: LogBaseAddr 0x00000003, Size   0, WorkingCounter 0/0\n");

	/* an FMMU outside the image is reported, not printed */
	fmmus[1].data_size = 9;
	ck_assert_int_eq(run("domains", "-v", NULL), EC_EXIT_FAIL);
	ck_has(err, "FMMU information corrupted");
}
END_TEST

START_TEST(test_domains_json)
{
	json_t *j, *d0, *f1;

	fake_app();
	j = run_json("domains", NULL);
	ck_assert_int_eq(json_array_size(json_object_get(j, "domains")), 2);
	d0 = json_array_get(json_object_get(j, "domains"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(d0, "size")), 3);
	ck_assert_int_eq(json_integer_value(json_object_get(d0,
			 "expected_working_counter")), 3);
	ck_assert_str_eq(json_string_value(json_object_get(d0, "wc_state")),
			 "complete");
	f1 = json_array_get(json_object_get(d0, "fmmus"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(f1, "direction")),
			 "input");
	ck_assert_int_eq(json_integer_value(json_object_get(f1,
			 "slave_config_alias")), 5);
	ck_assert_str_eq(json_string_value(json_object_get(f1, "data")),
			 "0102");
	json_decref(j);
}
END_TEST

START_TEST(test_data)
{
	json_t *j, *d;

	fake_app();
	ck_assert_int_eq(run("data", NULL), 0);
	ck_assert_uint_eq(out_len, 3);
	ck_assert_mem_eq(out, image, 3);
	ck_assert_int_eq(run("data", "-d", "1", NULL), 0);
	ck_assert_uint_eq(out_len, 0);
	ck_assert_int_eq(run("data", "-d", "2", NULL), EC_EXIT_FAIL);

	j = run_json("data", "-d0");
	d = json_array_get(json_object_get(j, "domains"), 0);
	ck_assert_int_eq(json_array_size(json_object_get(j, "domains")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(d, "fmmus"), 0), "data")), "aa");
	json_decref(j);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_domains");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_domains);
	tcase_add_test(tc, test_domains_json);
	tcase_add_test(tc, test_data);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
