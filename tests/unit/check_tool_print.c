// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_print.c - the tool's text/JSON printing layer: JSON output
 * must parse (jansson) and carry the values; text output uses the formats.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"

static char *buf;
static size_t len;
static FILE *mem;

static void start(bool json)
{
	mem = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(mem);
	ec_out_init(mem, json);
}

static char *finish(void)
{
	ec_out_finish();
	fclose(mem);
	return buf;
}

static json_t *parse(const char *text)
{
	json_error_t err;
	json_t *j = json_loads(text, JSON_ALLOW_NUL, &err);

	ck_assert_msg(j != NULL, "invalid JSON (%s) in: %s", err.text, text);
	return j;
}

START_TEST(test_json_values)
{
	json_t *j, *arr, *o;

	start(true);
	ec_out_uint("u", "%llu\n", 4294967296ULL);
	ec_out_int("i", "%lld\n", -42);
	ec_out_double("d", "%f\n", 1.5);
	ec_out_bool("b", "%s\n", true, NULL, NULL);
	ec_out_str("s", "%s\n", "a\"b\\c\n\x01");
	ec_out_null("n", "none\n");
	ec_out_text("text only\n");
	ec_out_arr_open("arr");
	ec_out_uint(NULL, NULL, 1);
	ec_out_obj_open(NULL);
	ec_out_str("k", NULL, "v");
	ec_out_obj_close();
	ec_out_arr_close();
	ec_out_hex("hex", "\x01\xab", 2);
	j = parse(finish());

	ck_assert(json_integer_value(json_object_get(j, "u")) == 4294967296LL);
	ck_assert(json_integer_value(json_object_get(j, "i")) == -42);
	ck_assert(json_real_value(json_object_get(j, "d")) == 1.5);
	ck_assert(json_is_true(json_object_get(j, "b")));
	ck_assert_str_eq(json_string_value(json_object_get(j, "s")),
			 "a\"b\\c\n\x01");
	ck_assert(json_is_null(json_object_get(j, "n")));
	ck_assert_str_eq(json_string_value(json_object_get(j, "hex")),
			 "01ab");
	arr = json_object_get(j, "arr");
	ck_assert_int_eq(json_array_size(arr), 2);
	ck_assert_int_eq(json_integer_value(json_array_get(arr, 0)), 1);
	o = json_array_get(arr, 1);
	ck_assert_str_eq(json_string_value(json_object_get(o, "k")), "v");
	ck_assert_ptr_null(strstr(buf, "text only"));
	json_decref(j);
	free(buf);
}
END_TEST

START_TEST(test_json_non_utf8)
{
	json_t *j;

	start(true);
	/* Latin-1 "Grüße" from an SII string, and valid UTF-8 "é" */
	ec_out_str("latin1", NULL, "Gr\xfc\xdf" "e");
	ec_out_str("utf8", NULL, "\xc3\xa9");
	ec_out_strn("nul", "a\0b", 3);
	j = parse(finish());
	ck_assert_str_eq(json_string_value(json_object_get(j, "latin1")),
			 "Gr\xc3\xbc\xc3\x9f" "e");
	ck_assert_str_eq(json_string_value(json_object_get(j, "utf8")),
			 "\xc3\xa9");
	ck_assert_int_eq(json_string_length(json_object_get(j, "nul")), 3);
	json_decref(j);
	free(buf);
}
END_TEST

START_TEST(test_json_unclosed_is_closed)
{
	json_t *j;

	start(true);
	ec_out_arr_open("a");
	ec_out_obj_open(NULL);
	ec_out_uint("x", NULL, 7);
	/* a command failing midway leaves containers open */
	j = parse(finish());
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_array_get(json_object_get(j, "a"), 0), "x")), 7);
	json_decref(j);
	free(buf);
}
END_TEST

START_TEST(test_json_nan)
{
	json_t *j;

	start(true);
	ec_out_double("x", NULL, 0.0 / 0.0);
	j = parse(finish());
	ck_assert(json_is_null(json_object_get(j, "x")));
	json_decref(j);
	free(buf);
}
END_TEST

START_TEST(test_text)
{
	start(false);
	ec_out_obj_open("ignored");
	ec_out_uint("u", "U=%llu ", 5);
	ec_out_int("i", "I=%lld ", -5);
	ec_out_bool("b", "B=%s ", false, "UP", "DOWN");
	ec_out_str("s", "S=%s ", "x");
	ec_out_uint("nofmt", NULL, 9);
	ec_out_null("n", "N=- ");
	ec_out_text("T=%d", 3);
	ec_out_obj_close();
	ck_assert_str_eq(finish(), "U=5 I=-5 B=DOWN S=x N=- T=3");
	free(buf);
}
END_TEST

static Suite *print_suite(void)
{
	Suite *s = suite_create("tool_print");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_json_values);
	tcase_add_test(tc, test_json_non_utf8);
	tcase_add_test(tc, test_json_unclosed_is_closed);
	tcase_add_test(tc, test_json_nan);
	tcase_add_test(tc, test_text);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(print_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
