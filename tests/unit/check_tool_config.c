// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_config.c - the tool's 'config' and 'cstruct' commands end to
 * end against the fake ioctl layer of tool_fake_app.h (two slave
 * configurations, two domains on three fake slaves), and the golden files
 * of 'config' and 'domains'.  Text, JSON and exit codes are checked;
 * 'domains' and 'data' are in check_tool_domains.c.
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
#include "tool_golden.h"
#include "ecrt.h"

START_TEST(test_cstruct)
{
	fake_app();
	ck_assert_int_eq(run("cstruct", "-p", "1", NULL), 0);
	ck_assert_str_eq(out,
		"/* Master 0, Slave 1, \"EL1001\"\n"
		" * Vendor ID:       0x00000002\n"
		" * Product code:    0x03f03053\n"
		" * Revision number: 0x00120000\n"
		" */\n"
		"\n"
		"ec_pdo_entry_info_t slave_1_pdo_entries[] = {\n"
		"    {0x6000, 0x01, 1}, /* Input */\n"
		"    {0x6010, 0x01, 1}, /* Input */\n"
		"    {0x0000, 0x00, 7},\n"
		"};\n"
		"\n"
		"ec_pdo_info_t slave_1_pdos[] = {\n"
		"    {0x1a00, 1, slave_1_pdo_entries + 0}, /* Channel 1 */\n"
		"    {0x1a01, 2, slave_1_pdo_entries + 1},\n"
		"};\n"
		"\n"
		"ec_sync_info_t slave_1_syncs[] = {\n"
		"    {0, EC_DIR_INPUT, 2, slave_1_pdos + 0, EC_WD_DISABLE},\n"
		"    {0xff}\n"
		"};\n"
		"\n");

	/* outputs with watchdog, and a sync manager without PDOs */
	ck_assert_int_eq(run("cstruct", "-p2", NULL), 0);
	ck_has(out, "    {0, EC_DIR_OUTPUT, 1, slave_2_pdos + 0, EC_WD_ENABLE},\n"
	       "    {1, EC_DIR_OUTPUT, 0, NULL, EC_WD_DISABLE},\n"
	       "    {0xff}\n");
	ck_has(out, "    {0x7000, 0x01, 1}, /* Output */\n");

	/* a slave without sync managers prints nothing; all slaves: two */
	ck_assert_int_eq(run("cstruct", "-p0", NULL), 0);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("cstruct", NULL), 0);
	ck_has(out, "slave_1_syncs[]");
	ck_has(out, "slave_2_syncs[]");

	ck_assert_int_eq(run("-j", "cstruct", NULL), EC_EXIT_USAGE);
	/* A position that names no slave is an error, not empty output. */
	ck_assert_int_eq(run("cstruct", "-p", "7", NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(out, "");
	ck_has(err, "slave 7 does not exist");
	ck_assert_int_eq(run("cstruct", "extra", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_config_list)
{
	fake_app();
	ck_assert_int_eq(run("config", NULL), 0);
	ck_assert_str_eq(out,
			 "0:2  0x00000002/0x07d83052  2  OP  \n"
			 "5:0  0x00000002/0x00000abc  -  -   \n");

	/* selection: only -p means alias 0; -a picks that alias */
	ck_assert_int_eq(run("config", "-p", "2", NULL), 0);
	ck_assert_str_eq(out, "0:2  0x00000002/0x07d83052  2  OP  \n");
	ck_assert_int_eq(run("config", "-a", "5", NULL), 0);
	ck_assert_str_eq(out, "5:0  0x00000002/0x00000abc  -  -  \n");
	ck_assert_int_eq(run("config", "-p", "0", NULL), 0);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("config", "-a", "0-9", "-p", "0", NULL), 0);
	ck_has(out, "5:0");
	ck_assert_ptr_null(strstr(out, "0:2"));
	ck_assert_int_eq(run("config", "-a", "x", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: config: invalid alias list 'x'\n");

	/* reversed and empty ranges: usage errors naming the range */
	ck_assert_int_eq(run("config", "-p", "3-1", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: config: reversed range '3-1' in position list '3-1': write it as 1-3\n");
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(run("config", "-p", "3-", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: config: empty range '3-' in position list '3-': the highest position configured is 2\n");
	ck_assert_int_eq(run("config", "-a", "6-", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: config: empty range '6-' in alias list '6-': the highest alias configured is 5\n");
	ck_assert_int_eq(run("config", "-a", "0-", NULL), 0);
	ck_has(out, "5:0");
}
END_TEST

START_TEST(test_config_verbose)
{
	fake_app();
	ck_assert_int_eq(run("config", "-v", "-p", "2", NULL), 0);
	ck_assert_str_eq(out,
		"Alias: 0\n"
		"Position: 2\n"
		"Vendor Id: 0x00000002\n"
		"Product code: 0x07d83052\n"
		"Attached slave: 2 (OP)\n"
		"Watchdog divider: 2498\n"
		"Watchdog intervals: (Default)\n"
		"SM0, Dir: Output, Watchdog: Enable\n"
		"  PDO 0x1600\n"
		"    PDO entry 0x7000:01,  1 bit\n"
		"    PDO entry 0x7010:01,  1 bit\n"
		"SDO configuration:\n"
		"  0x8000:01, 2 byte\n"
		"    34 12 \n"
		"  0x1c12 C, 20 byte\n"
		"    00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f\n"
		"    10 11 12 13 \n"
		"IDN configuration:\n"
		"  Drive 0, S-0-0016, 10 byte\n"
		"    06 00 06 00 87 00 33 00 28 00 \n"
		"  Drive 1, P-0-0001, 4 byte\n"
		"    f4 01 00 00 \n"
		"Feature flags:\n"
		"  delay: 7\n"
		"  mode: -1\n"
		"EoE IP parameters:\n"
		"  MAC address: 02:00:00:0a:fe:01\n"
		"  IP address: 169.254.10.2\n"
		"  Subnet mask: 255.255.0.0\n"
		"  Hostname: drive-1\n"
		"DC configuration:\n"
		"  AssignActivate: 0x0300\n"
		"         Cycle [ns]   Shift [ns]\n"
		"  SYNC0      1000000         -500\n"
		"  SYNC1            0            0\n"
		"\n");

	ck_assert_int_eq(run("config", "-v", "-a", "5", NULL), 0);
	ck_has(out, "Attached slave: none\n");
	ck_has(out, "SDO configuration:\n  None.\n");
	ck_has(out, "IDN configuration:\n  None.\n");
	ck_has(out, "Feature flags:\n  None.\n");
	ck_assert_ptr_null(strstr(out, "DC configuration"));
}
END_TEST

START_TEST(test_config_json)
{
	json_t *j, *c0, *c1, *sync, *sdo, *idn;

	fake_app();
	j = run_json("config", NULL);
	ck_assert_int_eq(json_array_size(json_object_get(j, "configs")), 2);
	c0 = json_array_get(json_object_get(j, "configs"), 0);
	c1 = json_array_get(json_object_get(j, "configs"), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(c0, "position")),
			 2);
	ck_assert_int_eq(json_integer_value(json_object_get(c0,
			 "product_code")), 0x07d83052);
	ck_assert_int_eq(json_integer_value(json_object_get(c0,
			 "slave_position")), 2);
	ck_assert_str_eq(json_string_value(json_object_get(c0, "state")),
			 "OP");
	ck_assert(json_is_null(json_object_get(c1, "slave_position")));
	ck_assert(json_is_null(json_object_get(c1, "watchdog_divider")));
	ck_assert_str_eq(json_string_value(json_object_get(
		json_object_get(c0, "eoe_ip"), "ip_address")), "169.254.10.2");
	ck_assert_str_eq(json_string_value(json_object_get(
		json_object_get(c0, "eoe_ip"), "hostname")), "drive-1");
	ck_assert_ptr_null(json_object_get(c1, "eoe_ip"));
	sync = json_array_get(json_object_get(c0, "syncs"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(sync, "direction")),
			 "output");
	ck_assert_str_eq(json_string_value(json_object_get(sync, "watchdog")),
			 "enable");
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_array_get(json_object_get(json_array_get(
			json_object_get(sync, "pdos"), 0), "entries"), 1),
		"index")), 0x7010);
	sdo = json_array_get(json_object_get(c0, "sdos"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(sdo, "data")),
			 "3412");
	sdo = json_array_get(json_object_get(c0, "sdos"), 1);
	ck_assert(json_is_true(json_object_get(sdo, "complete_access")));
	ck_assert_int_eq(json_integer_value(json_object_get(sdo, "size")), 20);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(
		json_object_get(c0, "dc_sync"), 0), "shift_time")), -500);
	idn = json_array_get(json_object_get(c0, "idns"), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(idn, "drive_no")),
			 1);
	ck_assert_int_eq(json_integer_value(json_object_get(idn, "idn")),
			 0x8001);
	ck_assert_str_eq(json_string_value(json_object_get(idn, "idn_text")),
			 "P-0-0001");
	ck_assert_str_eq(json_string_value(json_object_get(idn, "al_state")),
			 "SAFEOP");
	ck_assert_int_eq(json_integer_value(json_object_get(idn, "size")), 4);
	ck_assert_str_eq(json_string_value(json_object_get(idn, "data")),
			 "f4010000");
	ck_assert_int_eq(json_array_size(json_object_get(c1, "idns")), 0);
	json_decref(j);
}
END_TEST

/* Hot connect: the group and its presence, only for configs in one. */
START_TEST(test_config_hc)
{
	json_t *j, *g;

	fake_app();
	hc_on = true;
	ck_assert_int_eq(run("config", NULL), 0);
	ck_assert_str_eq(out,
			 "0:2  0x00000002/0x07d83052  2  OP  \n"
			 "5:0  0x00000002/0x00000abc  -  -   group tool present\n");
	ck_assert_int_eq(run("config", "-v", "-a", "5", NULL), 0);
	ck_has(out, "Hot-connect group: tool (present, at 0:2 port 1, 2 config(s), joined 3 time(s), lost 2 time(s), last join 152 ms)\n");
	j = run_json("config", NULL);
	ck_assert_ptr_null(json_object_get(json_array_get(
		json_object_get(j, "configs"), 0), "hc_group"));
	g = json_object_get(json_array_get(json_object_get(j, "configs"), 1),
			    "hc_group");
	ck_assert_str_eq(json_string_value(json_object_get(g, "name")), "tool");
	ck_assert_str_eq(json_string_value(json_object_get(g, "presence")),
			 "present");
	ck_assert_int_eq(json_integer_value(json_object_get(g, "port")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(g, "joins")), 3);
	json_decref(j);
	hc_on = false;
}
END_TEST

/* Golden files of the text output (tool_golden.h), IgH 1.6.1's format. */
static const struct {
	const char *name;
	unsigned int cmd;	/* index in golden_config_cmds[] */
	const char *argv[4];
} golden_cases[] = {
	{ "config", 0, { "config" } },
	{ "config_p2", 0, { "config", "-p", "2" } },
	{ "config_v", 1, { "config", "-v" } },
	{ "domains", 2, { "domains" } },
	{ "domains_v", 3, { "domains", "-v" } },
};

#define NGOLDEN (sizeof(golden_cases) / sizeof(golden_cases[0]))

START_TEST(test_golden)
{
	const char *const *a = golden_cases[_i].argv;

	fake_app();
	ck_assert_msg(run(a[0], a[1], a[2], a[3]) == 0, "%s: %s",
		      golden_cases[_i].name, err);
	ck_assert_str_eq(err, "");
	golden_check(golden_cases[_i].name, out, out_len);
}
END_TEST

/* Every command of golden_config_cmds[] has a golden file here. */
START_TEST(test_golden_covers)
{
	unsigned int k, i, n;

	for (k = 0; k < GOLDEN_CONFIG_CMDS; k++) {
		for (i = 0, n = 0; i < NGOLDEN; i++)
			n += golden_cases[i].cmd == k;
		ck_assert_msg(n > 0, "no golden file for '%s'",
			      golden_config_cmds[k]);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_config");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_cstruct);
	tcase_add_test(tc, test_config_list);
	tcase_add_test(tc, test_config_verbose);
	tcase_add_test(tc, test_config_json);
	tcase_add_test(tc, test_config_hc);
	tcase_add_loop_test(tc, test_golden, 0, NGOLDEN);
	tcase_add_test(tc, test_golden_covers);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
