// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_datatype.c - -t types: parsing to wire bytes, formatting,
 * round trips for every type, range and syntax errors.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datatype.h"

struct dt_case {
	const char *type;
	const char *in;
	size_t len;			/* expected wire length */
	const char *wire;		/* expected bytes */
	const char *text;		/* expected formatted text */
};

static const struct dt_case dt_ok[] = {
	{ "bool", "1", 1, "\x01", "0x01 1" },
	{ "bool", "0", 1, "\x00", "0x00 0" },
	{ "int8", "-128", 1, "\x80", "0x80 -128" },
	{ "int8", "127", 1, "\x7f", "0x7f 127" },
	{ "int16", "-2", 2, "\xfe\xff", "0xfffe -2" },
	{ "int16", "0x1234", 2, "\x34\x12", "0x1234 4660" },
	{ "int24", "-8388608", 3, "\x00\x00\x80", "0x800000 -8388608" },
	{ "int32", "-2147483648", 4, "\x00\x00\x00\x80",
	  "0x80000000 -2147483648" },
	{ "int40", "-1", 5, "\xff\xff\xff\xff\xff", "0xffffffffff -1" },
	{ "int48", "0x7fffffffffff", 6, "\xff\xff\xff\xff\xff\x7f",
	  "0x7fffffffffff 140737488355327" },
	{ "int56", "1", 7, "\x01\x00\x00\x00\x00\x00\x00",
	  "0x00000000000001 1" },
	{ "int64", "-9223372036854775808", 8,
	  "\x00\x00\x00\x00\x00\x00\x00\x80",
	  "0x8000000000000000 -9223372036854775808" },
	{ "uint8", "255", 1, "\xff", "0xff 255" },
	{ "uint8", "010", 1, "\x08", "0x08 8" },	/* octal, as IgH */
	{ "uint16", "0xbeef", 2, "\xef\xbe", "0xbeef 48879" },
	{ "uint24", "16777215", 3, "\xff\xff\xff", "0xffffff 16777215" },
	{ "uint32", "4294967295", 4, "\xff\xff\xff\xff",
	  "0xffffffff 4294967295" },
	{ "uint40", "0x0102030405", 5, "\x05\x04\x03\x02\x01",
	  "0x0102030405 4328719365" },
	{ "uint48", "1", 6, "\x01\x00\x00\x00\x00\x00", "0x000000000001 1" },
	{ "uint56", "0", 7, "\x00\x00\x00\x00\x00\x00\x00",
	  "0x00000000000000 0" },
	{ "uint64", "18446744073709551615", 8,
	  "\xff\xff\xff\xff\xff\xff\xff\xff",
	  "0xffffffffffffffff 18446744073709551615" },
	{ "float", "1.5", 4, "\x00\x00\xc0\x3f", "1.5" },
	{ "float", "-0.1", 4, "\xcd\xcc\xcc\xbd", "-0.1" },
	{ "double", "3.141592653589793", 8,
	  "\x18\x2d\x44\x54\xfb\x21\x09\x40", "3.141592653589793" },
	{ "string", "Hello", 5, "Hello", "Hello" },
	{ "octet_string", "ab\x01", 3, "ab\x01", "ab\x01" },
	{ "unicode_string", "A\xc3\xa9\xe2\x82\xac", 6,
	  "A\x00\xe9\x00\xac\x20", "A\xc3\xa9\xe2\x82\xac" },
	{ "unicode_string", "\xf0\x9f\x98\x80", 4, "\x3d\xd8\x00\xde",
	  "\xf0\x9f\x98\x80" },
	{ "sm8", "-5", 1, "\x85", "0x85 -5" },
	{ "sm16", "300", 2, "\x2c\x01", "0x012c 300" },
	{ "sm32", "-1", 4, "\x01\x00\x00\x80", "0x80000001 -1" },
	{ "sm64", "-2", 8, "\x02\x00\x00\x00\x00\x00\x00\x80",
	  "0x8000000000000002 -2" },
	{ "raw", "0x01 0x02 0xff", 3, "\x01\x02\xff", "0x01 0x02 0xff" },
	{ "raw", "0102ff", 3, "\x01\x02\xff", "0x01 0x02 0xff" },
	{ "raw", "0xa,0xb", 2, "\x0a\x0b", "0x0a 0x0b" },
};

START_TEST(test_parse_format)
{
	const struct dt_case *c = &dt_ok[_i];
	const struct ec_dtype *t = ec_dtype_find(c->type);
	uint8_t buf[64], again[64];
	char text[256], err[128] = "";
	size_t len = 0, len2 = 0;
	int n;

	ck_assert_msg(t != NULL, "type %s", c->type);
	ck_assert_msg(!ec_dtype_parse(t, c->in, strlen(c->in), buf,
				      sizeof(buf), &len, err, sizeof(err)),
		      "%s '%s': %s", c->type, c->in, err);
	ck_assert_uint_eq(len, c->len);
	ck_assert_mem_eq(buf, c->wire, len);

	n = ec_dtype_format(t, buf, len, text, sizeof(text), err,
			    sizeof(err));
	ck_assert_int_ge(n, 0);
	ck_assert_int_eq(n, (int)strlen(c->text));
	ck_assert_mem_eq(text, c->text, n);

	/* round trip: what the tool prints reads back to the same bytes
	 * (integers print "0x<hex> <dec>": the decimal part is the value) */
	{
		const char *back = text;

		if (strncmp(c->type, "raw", 3) && !strncmp(text, "0x", 2) &&
		    strchr(text, ' '))
			back = strchr(text, ' ') + 1;
		ck_assert(!ec_dtype_parse(t, back, n - (back - text), again,
					  sizeof(again), &len2, err,
					  sizeof(err)));
		ck_assert_uint_eq(len2, len);
		ck_assert_mem_eq(again, buf, len);
	}
}
END_TEST

struct dt_bad {
	const char *type;
	const char *in;
	int ret;
};

static const struct dt_bad dt_bad[] = {
	{ "bool", "2", -ERANGE },
	{ "int8", "128", -ERANGE },
	{ "int8", "-129", -ERANGE },
	{ "int16", "32768", -ERANGE },
	{ "int24", "8388608", -ERANGE },
	{ "int32", "2147483648", -ERANGE },
	{ "int64", "9223372036854775808", -ERANGE },
	{ "uint8", "256", -ERANGE },
	{ "uint8", "-1", -ERANGE },
	{ "uint16", "65536", -ERANGE },
	{ "uint32", "4294967296", -ERANGE },
	{ "uint64", "18446744073709551616", -ERANGE },
	{ "sm8", "128", -ERANGE },
	{ "sm8", "-128", -ERANGE },
	{ "float", "1e39", -ERANGE },
	{ "double", "1e309", -ERANGE },
	{ "int16", "12abc", -EINVAL },
	{ "uint32", "", -EINVAL },
	{ "float", "pi", -EINVAL },
	{ "raw", "0xg1", -EINVAL },
	{ "raw", "123", -EINVAL },
	{ "raw", "", -EINVAL },
	{ "unicode_string", "\xff", -EINVAL },
	{ "string", "this string is too long", -ENOSPC },
};

START_TEST(test_parse_errors)
{
	const struct dt_bad *c = &dt_bad[_i];
	const struct ec_dtype *t = ec_dtype_find(c->type);
	uint8_t buf[16];
	char err[128] = "";
	size_t len;

	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(ec_dtype_parse(t, c->in, strlen(c->in), buf,
					sizeof(buf), &len, err, sizeof(err)),
			 c->ret);
	ck_assert_msg(err[0], "no message for %s '%s'", c->type, c->in);
}
END_TEST

/* Every integer type of the table: its limits pass, one beyond fails. */
START_TEST(test_integer_limits)
{
	const struct ec_dtype *t = ec_dtype_at(_i);
	char text[64], err[128];
	uint8_t buf[8];
	size_t len;
	unsigned int bits;

	if (t->kind != EC_DT_SINT && t->kind != EC_DT_UINT &&
	    t->kind != EC_DT_SM)
		return;
	bits = t->size * 8;
	if (t->kind == EC_DT_UINT) {
		unsigned long long max = bits == 64 ? ~0ULL :
			(1ULL << bits) - 1;

		snprintf(text, sizeof(text), "%llu", max);
		ck_assert_int_eq(ec_dtype_parse(t, text, strlen(text), buf,
						sizeof(buf), &len, err,
						sizeof(err)), 0);
		ck_assert_uint_eq(len, t->size);
		if (bits < 64) {
			snprintf(text, sizeof(text), "%llu", max + 1);
			ck_assert_int_eq(ec_dtype_parse(t, text, strlen(text),
							buf, sizeof(buf), &len,
							err, sizeof(err)),
					 -ERANGE);
		}
		ck_assert_int_eq(ec_dtype_parse(t, "-1", 2, buf, sizeof(buf),
						&len, err, sizeof(err)),
				 -ERANGE);
	} else {
		long long max = bits == 64 ? 0x7fffffffffffffffLL :
			(long long)((1ULL << (bits - 1)) - 1);
		/* sign-and-magnitude has no -2^(n-1) */
		long long min = t->kind == EC_DT_SM ? -max : -max - 1;

		snprintf(text, sizeof(text), "%lld", max);
		ck_assert_int_eq(ec_dtype_parse(t, text, strlen(text), buf,
						sizeof(buf), &len, err,
						sizeof(err)), 0);
		snprintf(text, sizeof(text), "%lld", min);
		ck_assert_int_eq(ec_dtype_parse(t, text, strlen(text), buf,
						sizeof(buf), &len, err,
						sizeof(err)), 0);
		if (bits < 64) {
			snprintf(text, sizeof(text), "%lld", max + 1);
			ck_assert_int_eq(ec_dtype_parse(t, text, strlen(text),
							buf, sizeof(buf), &len,
							err, sizeof(err)),
					 -ERANGE);
			snprintf(text, sizeof(text), "%lld", min - 1);
			ck_assert_int_eq(ec_dtype_parse(t, text, strlen(text),
							buf, sizeof(buf), &len,
							err, sizeof(err)),
					 -ERANGE);
		}
	}
}
END_TEST

START_TEST(test_size_mismatch)
{
	const struct ec_dtype *t = ec_dtype_find("uint32");
	char text[64], err[128] = "";

	ck_assert_int_eq(ec_dtype_format(t, (const uint8_t *)"\x01\x02", 2,
					 text, sizeof(text), err,
					 sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "Expected uint32 with 4 byte"));
}
END_TEST

START_TEST(test_lookup)
{
	size_t i;

	ck_assert_ptr_null(ec_dtype_find("uint128"));
	ck_assert_str_eq(ec_dtype_by_code(0x0007)->name, "uint32");
	ck_assert_str_eq(ec_dtype_by_code(0x0009)->name, "string");
	ck_assert_ptr_null(ec_dtype_by_code(0x0017));
	ck_assert_ptr_null(ec_dtype_by_code(0xffff));	/* raw: no code */
	for (i = 0; ec_dtype_at(i); i++)
		ck_assert_ptr_eq(ec_dtype_find(ec_dtype_at(i)->name),
				 ec_dtype_at(i));
	ck_assert_uint_eq(i, 27);
}
END_TEST

START_TEST(test_stdin_whitespace)
{
	const struct ec_dtype *t = ec_dtype_find("uint16");
	uint8_t buf[2];
	size_t len;

	/* values read from stdin end with a newline */
	ck_assert(!ec_dtype_parse(t, " 513\n", 5, buf, sizeof(buf), &len,
				  NULL, 0));
	ck_assert_uint_eq(buf[0], 1);
	ck_assert_uint_eq(buf[1], 2);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_datatype");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_parse_format, 0,
			    sizeof(dt_ok) / sizeof(dt_ok[0]));
	tcase_add_loop_test(tc, test_parse_errors, 0,
			    sizeof(dt_bad) / sizeof(dt_bad[0]));
	tcase_add_loop_test(tc, test_integer_limits, 0, 27);
	tcase_add_test(tc, test_size_mismatch);
	tcase_add_test(tc, test_lookup);
	tcase_add_test(tc, test_stdin_whitespace);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
