// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_ecrt.c - the inline parts of the application API (include/ecrt.h):
 * the EC_READ_* / EC_WRITE_* process data accessors and the version and
 * time macros.
 *
 * Process data are little-endian (ETG.1000.4) at arbitrary byte offsets,
 * so every accessor is tried at every offset 0..7 of a buffer, against
 * bytes written down by hand, and every write is checked not to touch the
 * bytes around it.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt.h"

#define BUF_SIZE 24
#define GUARD 0xa5
#define MAX_OFFSET 8

/* Bytes 0x01 0x02 ... 0x08 read at any offset: little-endian values. */
static const uint8_t seq[8] = { 0x01, 0x02, 0x03, 0x04,
				0x05, 0x06, 0x07, 0x08 };

static void fill_guard(uint8_t *buf)
{
	memset(buf, GUARD, BUF_SIZE);
}

/* All bytes outside [off, off + len) still hold the guard pattern. */
static void assert_guard(const uint8_t *buf, unsigned int off,
			 unsigned int len)
{
	unsigned int i;

	for (i = 0; i < BUF_SIZE; i++) {
		if (i >= off && i < off + len)
			continue;
		ck_assert_msg(buf[i] == GUARD,
			      "byte %u changed to 0x%02x (write at %u, len %u)",
			      i, buf[i], off, len);
	}
}

START_TEST(test_read_unsigned_unaligned)
{
	uint8_t buf[BUF_SIZE];
	unsigned int off;

	for (off = 0; off < MAX_OFFSET; off++) {
		fill_guard(buf);
		memcpy(buf + off, seq, sizeof(seq));
		ck_assert_uint_eq(EC_READ_U8(buf + off), 0x01);
		ck_assert_uint_eq(EC_READ_U16(buf + off), 0x0201);
		ck_assert_uint_eq(EC_READ_U32(buf + off), 0x04030201);
		ck_assert(EC_READ_U64(buf + off) == 0x0807060504030201ULL);
	}
}
END_TEST

START_TEST(test_read_high_bytes)
{
	/* Top bits set: no sign extension may leak into unsigned reads. */
	uint8_t buf[BUF_SIZE];
	unsigned int off;

	for (off = 0; off < MAX_OFFSET; off++) {
		fill_guard(buf);
		memset(buf + off, 0xff, 8);
		buf[off] = 0xfe;
		ck_assert_uint_eq(EC_READ_U8(buf + off), 0xfe);
		ck_assert_uint_eq(EC_READ_U16(buf + off), 0xfffe);
		ck_assert_uint_eq(EC_READ_U32(buf + off), 0xfffffffe);
		ck_assert(EC_READ_U64(buf + off) == 0xfffffffffffffffeULL);
	}
}
END_TEST

START_TEST(test_read_signed)
{
	static const uint8_t min64[8] = { 0, 0, 0, 0, 0, 0, 0, 0x80 };
	static const uint8_t minus2[8] = { 0xfe, 0xff, 0xff, 0xff,
					   0xff, 0xff, 0xff, 0xff };
	uint8_t buf[BUF_SIZE];
	unsigned int off;

	for (off = 0; off < MAX_OFFSET; off++) {
		fill_guard(buf);
		memcpy(buf + off, minus2, 8);
		ck_assert_int_eq(EC_READ_S8(buf + off), -2);
		ck_assert_int_eq(EC_READ_S16(buf + off), -2);
		ck_assert_int_eq(EC_READ_S32(buf + off), -2);
		ck_assert(EC_READ_S64(buf + off) == -2);

		memcpy(buf + off, min64, 8);
		ck_assert_int_eq(EC_READ_S8(buf + off + 7), INT8_MIN);
		ck_assert_int_eq(EC_READ_S16(buf + off + 6), INT16_MIN);
		ck_assert_int_eq(EC_READ_S32(buf + off + 4), INT32_MIN);
		ck_assert(EC_READ_S64(buf + off) == INT64_MIN);
		ck_assert_int_eq(EC_READ_S16(buf + off + 5), 0);
	}
}
END_TEST

START_TEST(test_write_unsigned_unaligned)
{
	uint8_t buf[BUF_SIZE];
	unsigned int off;

	for (off = 0; off < MAX_OFFSET; off++) {
		fill_guard(buf);
		EC_WRITE_U8(buf + off, 0x01);
		ck_assert_int_eq(memcmp(buf + off, seq, 1), 0);
		assert_guard(buf, off, 1);

		fill_guard(buf);
		EC_WRITE_U16(buf + off, 0x0201);
		ck_assert_int_eq(memcmp(buf + off, seq, 2), 0);
		assert_guard(buf, off, 2);

		fill_guard(buf);
		EC_WRITE_U32(buf + off, 0x04030201);
		ck_assert_int_eq(memcmp(buf + off, seq, 4), 0);
		assert_guard(buf, off, 4);

		fill_guard(buf);
		EC_WRITE_U64(buf + off, 0x0807060504030201ULL);
		ck_assert_int_eq(memcmp(buf + off, seq, 8), 0);
		assert_guard(buf, off, 8);
	}
}
END_TEST

START_TEST(test_write_truncates)
{
	/* A wider value is cut to the accessor's width, as in IgH. */
	uint8_t buf[BUF_SIZE];

	fill_guard(buf);
	EC_WRITE_U8(buf + 3, 0x1234);
	ck_assert_uint_eq(buf[3], 0x34);
	assert_guard(buf, 3, 1);

	fill_guard(buf);
	EC_WRITE_U16(buf + 5, 0xabcd1234UL);
	ck_assert_uint_eq(buf[5], 0x34);
	ck_assert_uint_eq(buf[6], 0x12);
	assert_guard(buf, 5, 2);

	fill_guard(buf);
	EC_WRITE_U32(buf + 1, 0x1122334455667788ULL);
	ck_assert_uint_eq(EC_READ_U32(buf + 1), 0x55667788);
	assert_guard(buf, 1, 4);
}
END_TEST

START_TEST(test_write_signed)
{
	static const uint8_t minus2[8] = { 0xfe, 0xff, 0xff, 0xff,
					   0xff, 0xff, 0xff, 0xff };
	static const uint8_t min32[4] = { 0, 0, 0, 0x80 };
	uint8_t buf[BUF_SIZE];
	unsigned int off;

	for (off = 0; off < MAX_OFFSET; off++) {
		fill_guard(buf);
		EC_WRITE_S8(buf + off, -2);
		ck_assert_int_eq(memcmp(buf + off, minus2, 1), 0);
		assert_guard(buf, off, 1);

		fill_guard(buf);
		EC_WRITE_S16(buf + off, -2);
		ck_assert_int_eq(memcmp(buf + off, minus2, 2), 0);
		assert_guard(buf, off, 2);

		fill_guard(buf);
		EC_WRITE_S32(buf + off, -2);
		ck_assert_int_eq(memcmp(buf + off, minus2, 4), 0);
		assert_guard(buf, off, 4);

		fill_guard(buf);
		EC_WRITE_S64(buf + off, -2);
		ck_assert_int_eq(memcmp(buf + off, minus2, 8), 0);
		assert_guard(buf, off, 8);

		fill_guard(buf);
		EC_WRITE_S32(buf + off, INT32_MIN);
		ck_assert_int_eq(memcmp(buf + off, min32, 4), 0);
		ck_assert_int_eq(EC_READ_S32(buf + off), INT32_MIN);

		fill_guard(buf);
		EC_WRITE_S64(buf + off, INT64_MAX);
		ck_assert(EC_READ_S64(buf + off) == INT64_MAX);
		ck_assert_uint_eq(buf[off + 7], 0x7f);
		ck_assert_uint_eq(buf[off], 0xff);
	}
}
END_TEST

START_TEST(test_real)
{
	/* IEEE 754 binary32: 1.5 = 0x3fc00000, pi ~ 0x40490fdb. */
	static const uint8_t one_half[4] = { 0x00, 0x00, 0xc0, 0x3f };
	static const uint8_t pi[4] = { 0xdb, 0x0f, 0x49, 0x40 };
	static const uint8_t minus_two[4] = { 0x00, 0x00, 0x00, 0xc0 };
	uint8_t buf[BUF_SIZE];
	unsigned int off;

	for (off = 0; off < MAX_OFFSET; off++) {
		fill_guard(buf);
		EC_WRITE_REAL(buf + off, 1.5f);
		ck_assert_int_eq(memcmp(buf + off, one_half, 4), 0);
		assert_guard(buf, off, 4);
		ck_assert(EC_READ_REAL(buf + off) == 1.5f);

		memcpy(buf + off, pi, 4);
		ck_assert_float_eq_tol(EC_READ_REAL(buf + off), 3.1415927f,
				       1e-6f);

		EC_WRITE_REAL(buf + off, -2);	/* an int converts */
		ck_assert_int_eq(memcmp(buf + off, minus_two, 4), 0);

		EC_WRITE_REAL(buf + off, NAN);
		ck_assert(isnan(EC_READ_REAL(buf + off)));
	}
}
END_TEST

START_TEST(test_lreal)
{
	/* IEEE 754 binary64: 1.5 = 0x3ff8000000000000, -0.1 known bits. */
	static const uint8_t one_half[8] = { 0, 0, 0, 0, 0, 0, 0xf8, 0x3f };
	static const uint8_t minus_tenth[8] = { 0x9a, 0x99, 0x99, 0x99,
						0x99, 0x99, 0xb9, 0xbf };
	uint8_t buf[BUF_SIZE];
	unsigned int off;

	for (off = 0; off < MAX_OFFSET; off++) {
		fill_guard(buf);
		EC_WRITE_LREAL(buf + off, 1.5);
		ck_assert_int_eq(memcmp(buf + off, one_half, 8), 0);
		assert_guard(buf, off, 8);
		ck_assert(EC_READ_LREAL(buf + off) == 1.5);

		fill_guard(buf);
		EC_WRITE_LREAL(buf + off, -0.1);
		ck_assert_int_eq(memcmp(buf + off, minus_tenth, 8), 0);
		ck_assert(EC_READ_LREAL(buf + off) == -0.1);
		assert_guard(buf, off, 8);
	}
}
END_TEST

START_TEST(test_bits)
{
	uint8_t buf[BUF_SIZE];
	unsigned int pos, i;

	for (pos = 0; pos < 8; pos++) {
		fill_guard(buf);
		buf[3] = 0x00;
		EC_WRITE_BIT(buf + 3, pos, 1);
		ck_assert_uint_eq(buf[3], 1U << pos);
		for (i = 0; i < 8; i++)
			ck_assert_int_eq(EC_READ_BIT(buf + 3, i), i == pos);
		assert_guard(buf, 3, 1);

		buf[3] = 0xff;
		EC_WRITE_BIT(buf + 3, pos, 0);
		ck_assert_uint_eq(buf[3], 0xffU & ~(1U << pos));
		ck_assert_int_eq(EC_READ_BIT(buf + 3, pos), 0);
		assert_guard(buf, 3, 1);

		/* Any non-zero value sets, even one outside the low bits. */
		buf[3] = 0x00;
		EC_WRITE_BIT(buf + 3, pos, 0x100);
		ck_assert_int_eq(EC_READ_BIT(buf + 3, pos), 1);
		EC_WRITE_BIT(buf + 3, pos, 0x100000000ULL);
		ck_assert_int_eq(EC_READ_BIT(buf + 3, pos), 1);
		ck_assert_uint_eq(buf[3], 1U << pos);
	}
	/* Setting a set bit and clearing a clear bit change nothing. */
	buf[0] = 0x5a;
	EC_WRITE_BIT(buf, 1, 1);
	EC_WRITE_BIT(buf, 0, 0);
	ck_assert_uint_eq(buf[0], 0x5a);
}
END_TEST

START_TEST(test_single_evaluation)
{
	uint8_t buf[BUF_SIZE] = { 0 };
	uint8_t *p = buf;
	int n = 0;

	(void)EC_READ_U32(p++);
	ck_assert_ptr_eq(p, buf + 1);
	EC_WRITE_U64(p++, 0);
	ck_assert_ptr_eq(p, buf + 2);
	EC_WRITE_U16(buf, n++);
	ck_assert_int_eq(n, 1);
	{
		unsigned int pos = 2;
		int val = 1;

		EC_WRITE_BIT(p++, pos++, val++);
		ck_assert_uint_eq(pos, 3);
		ck_assert_int_eq(val, 2);
	}
	ck_assert_ptr_eq(p, buf + 3);
	ck_assert_uint_eq(buf[2], 1U << 2);
	(void)EC_READ_BIT(p++, 0);
	ck_assert_ptr_eq(p, buf + 4);
}
END_TEST

START_TEST(test_round_trip_table)
{
	/* Values that catch swapped halves and dropped sign bits. */
	static const uint64_t values[] = {
		0, 1, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000,
		0x7fffffff, 0x80000000, 0xffffffff, 0x100000000ULL,
		0x0123456789abcdefULL, 0x8000000000000000ULL, ~0ULL,
	};
	uint8_t buf[BUF_SIZE];
	unsigned int i, off;

	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		uint64_t v = values[i];

		for (off = 0; off < MAX_OFFSET; off++) {
			fill_guard(buf);
			EC_WRITE_U16(buf + off, v);
			ck_assert_uint_eq(EC_READ_U16(buf + off),
					  (uint16_t)v);
			ck_assert_int_eq(EC_READ_S16(buf + off), (int16_t)v);
			EC_WRITE_U32(buf + off, v);
			ck_assert_uint_eq(EC_READ_U32(buf + off),
					  (uint32_t)v);
			ck_assert_int_eq(EC_READ_S32(buf + off), (int32_t)v);
			EC_WRITE_U64(buf + off, v);
			ck_assert(EC_READ_U64(buf + off) == v);
			ck_assert(EC_READ_S64(buf + off) == (int64_t)v);
			ck_assert_uint_eq(buf[off], (uint8_t)v);
			ck_assert_uint_eq(buf[off + 7], (uint8_t)(v >> 56));
			assert_guard(buf, off, 8);
		}
	}
}
END_TEST

START_TEST(test_version_macros)
{
	ck_assert_int_eq(ECRT_VER_MAJOR, 1);
	ck_assert_int_eq(ECRT_VER_MINOR, 6);
	ck_assert_int_eq(ECRT_VERSION(1, 6), 0x0106);
	ck_assert_int_eq(ECRT_VERSION(1, 5), 0x0105);
	ck_assert_int_eq(ECRT_VERSION(2, 0), 0x0200);
	ck_assert_int_eq(ECRT_VERSION_MAGIC, 0x0106);
	ck_assert(ECRT_VERSION(1, 5) < ECRT_VERSION_MAGIC);
}
END_TEST

START_TEST(test_constants)
{
	struct timeval tv;

	ck_assert_uint_eq(EC_END, 0xffffffffU);
	ck_assert_int_eq(EC_MAX_SYNC_MANAGERS, 16);
	ck_assert_int_eq(EC_MAX_STRING_LENGTH, 64);
	ck_assert_int_eq(EC_MAX_PORTS, 4);
	ck_assert_int_eq(EC_COE_EMERGENCY_MSG_SIZE, 8);
	ck_assert_int_eq(EC_AL_STATE_INIT, 1);
	ck_assert_int_eq(EC_AL_STATE_PREOP, 2);
	ck_assert_int_eq(EC_AL_STATE_SAFEOP, 4);
	ck_assert_int_eq(EC_AL_STATE_OP, 8);
	ck_assert_int_eq(EC_DIR_INVALID, 0);
	ck_assert_int_eq(EC_DIR_OUTPUT, 1);
	ck_assert_int_eq(EC_DIR_INPUT, 2);
	ck_assert_int_eq(EC_DIR_COUNT, 3);
	ck_assert_int_eq(EC_WD_DEFAULT, 0);
	ck_assert_int_eq(EC_WD_ENABLE, 1);
	ck_assert_int_eq(EC_WD_DISABLE, 2);
	ck_assert_int_eq(EC_WC_ZERO, 0);
	ck_assert_int_eq(EC_WC_INCOMPLETE, 1);
	ck_assert_int_eq(EC_WC_COMPLETE, 2);
	ck_assert_int_eq(EC_REQUEST_UNUSED, 0);
	ck_assert_int_eq(EC_REQUEST_BUSY, 1);
	ck_assert_int_eq(EC_REQUEST_SUCCESS, 2);
	ck_assert_int_eq(EC_REQUEST_ERROR, 3);
	ck_assert_int_eq(EC_PORT_NOT_IMPLEMENTED, 0);
	ck_assert_int_eq(EC_PORT_MII, 3);

	/* 2000-01-01 00:00:01.5 UTC is 1.5 s of DC time. */
	tv.tv_sec = 946684801;
	tv.tv_usec = 500000;
	ck_assert(EC_TIMEVAL2NANO(tv) == 1500000000ULL);
	tv.tv_sec = 946684800 + 86400;
	tv.tv_usec = 1;
	ck_assert(EC_TIMEVAL2NANO(tv) == 86400000001000ULL);
}
END_TEST

static Suite *ecrt_suite(void)
{
	Suite *s = suite_create("ecrt");
	TCase *tc = tcase_create("accessors");

	tcase_add_test(tc, test_read_unsigned_unaligned);
	tcase_add_test(tc, test_read_high_bytes);
	tcase_add_test(tc, test_read_signed);
	tcase_add_test(tc, test_write_unsigned_unaligned);
	tcase_add_test(tc, test_write_truncates);
	tcase_add_test(tc, test_write_signed);
	tcase_add_test(tc, test_real);
	tcase_add_test(tc, test_lreal);
	tcase_add_test(tc, test_bits);
	tcase_add_test(tc, test_single_evaluation);
	tcase_add_test(tc, test_round_trip_table);
	suite_add_tcase(s, tc);

	tc = tcase_create("macros");
	tcase_add_test(tc, test_version_macros);
	tcase_add_test(tc, test_constants);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ecrt_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
