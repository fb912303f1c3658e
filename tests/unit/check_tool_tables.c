// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_tables.c - texts of protocol codes as the tool links them:
 * SDO abort codes (CiA 301 / ETG.1000.6) and AL status codes from the
 * core's tables, AL states and the tool's own names.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tables.h"
#include "mailbox/coe_abort.h"
#include "slave/al_status.h"

struct abort_case {
	uint32_t code;
	const char *text;
};

static const struct abort_case abort_cases[] = {
	{ 0x05030000, "Toggle bit not changed" },
	{ 0x05040000, "SDO protocol timeout" },
	{ 0x05040001, "Client/Server command specifier not valid or unknown" },
	{ 0x05040005, "Out of memory" },
	{ 0x06010000, "Unsupported access to an object" },
	{ 0x06010001, "Attempt to read a write-only object" },
	{ 0x06010002, "Attempt to write a read-only object" },
	{ 0x06020000, "The object does not exist in the object dictionary" },
	{ 0x06070010,
	  "Data type does not match, length of service parameter does not match" },
	{ 0x06090011, "Subindex does not exist" },
	{ 0x06090030, "Value range of parameter exceeded" },
	{ 0x08000000, "General error" },
	{ 0x08000022,
	  "Data cannot be transferred or stored to the application because of the present device state" },
	{ 0x08000024, "No data available" },
};

START_TEST(test_abort_text)
{
	const struct abort_case *c = &abort_cases[_i];

	ck_assert_str_eq(ec_coe_abort_text(c->code), c->text);
}
END_TEST

START_TEST(test_abort_table)
{
	size_t i, j, n = ec_coe_abort_count();

	/* the full CiA 301 / ETG.1000.6 list has 35 codes */
	ck_assert_uint_eq(n, 35);
	for (i = 0; i < n; i++) {
		uint32_t code = ec_coe_abort_code_at(i);

		ck_assert_uint_ne(code, 0);
		ck_assert_str_ne(ec_coe_abort_text(code),
				 "Unknown SDO abort code");
		for (j = i + 1; j < n; j++)
			ck_assert_uint_ne(code, ec_coe_abort_code_at(j));
	}
	ck_assert_str_eq(ec_coe_abort_text(0x12345678),
			 "Unknown SDO abort code");
}
END_TEST

START_TEST(test_al_states)
{
	char buf[16];
	uint8_t st;

	ck_assert_str_eq(ec_al_state_name(0x01, buf, sizeof(buf)), "INIT");
	ck_assert_str_eq(ec_al_state_name(0x02, buf, sizeof(buf)), "PREOP");
	ck_assert_str_eq(ec_al_state_name(0x03, buf, sizeof(buf)), "BOOT");
	ck_assert_str_eq(ec_al_state_name(0x04, buf, sizeof(buf)), "SAFEOP");
	ck_assert_str_eq(ec_al_state_name(0x08, buf, sizeof(buf)), "OP");
	ck_assert_str_eq(ec_al_state_name(0x14, buf, sizeof(buf)),
			 "SAFEOP+ERROR");
	ck_assert_str_eq(ec_al_state_name(0x05, buf, sizeof(buf)), "???");

	ck_assert_int_eq(ec_al_state_parse("op", &st), 0);
	ck_assert_uint_eq(st, 0x08);
	ck_assert_int_eq(ec_al_state_parse("SafeOp", &st), 0);
	ck_assert_uint_eq(st, 0x04);
	ck_assert_int_eq(ec_al_state_parse("BOOT", &st), 0);
	ck_assert_uint_eq(st, 0x03);
	ck_assert_int_eq(ec_al_state_parse("RUN", &st), -1);
}
END_TEST

START_TEST(test_al_status)
{
	ck_assert_str_eq(ec_al_status_text(0x0000), "No error");
	ck_assert_str_eq(ec_al_status_text(0x0011),
			 "Invalid requested state change");
	ck_assert_str_eq(ec_al_status_text(0x001b), "Sync manager watchdog");
	ck_assert_str_eq(ec_al_status_text(0x7777), "Unknown AL status code");
}
END_TEST

START_TEST(test_names)
{
	ck_assert_str_eq(ec_sii_category_name(0x000a), "STRINGS");
	ck_assert_str_eq(ec_sii_category_name(0x0032), "TXPDO");
	ck_assert_str_eq(ec_sii_category_name(0x0999), "unknown");
	ck_assert_str_eq(ec_port_desc_name(EC_PORT_DESC_EBUS), "EBUS");
	ck_assert_str_eq(ec_port_desc_name(EC_PORT_DESC_MII), "MII");
	ck_assert_str_eq(ec_port_desc_name(7), "???");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_tables");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_abort_text, 0,
			    sizeof(abort_cases) / sizeof(abort_cases[0]));
	tcase_add_test(tc, test_abort_table);
	tcase_add_test(tc, test_al_states);
	tcase_add_test(tc, test_al_status);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
