// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment's CoE server: SDO transfers
 * (expedited, normal, segmented both ways, complete access) and their
 * aborts.  Every request is a byte array built from ETG.1000.6 and sent
 * through ecsim_coe_request(); every reply is checked byte by byte
 * (sim_coe_fixture.c).  PDO remapping, emergencies and SDO information
 * are in check_sim_coe_info.c.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_coe_fixture.h"

START_TEST(test_expedited)
{
	ck_assert_uint_eq(up_exp(0x1000, 0, 4), 0x00020192);
	ck_assert_uint_eq(up_exp(0x6041, 0, 2), 0x0250);
	ck_assert_uint_eq(up_exp(0x6060, 0, 1), 8);
	ck_assert_uint_eq(up_exp(0x1018, 2, 4), 0x12345678);
	ck_assert_uint_eq(up_exp(0x1C12, 1, 2), 0x1600);

	down_exp(0x6040, 0, 0x000f, 2);
	expect_download_ok(0x6040, 0);
	ck_assert_uint_eq(up_exp(0x6040, 0, 2), 0x000f);
	down_exp(0x607A, 0, 0x12345678, 4);
	expect_download_ok(0x607A, 0);
	ck_assert_uint_eq(up_exp(0x607A, 0, 4), 0x12345678);
	down_exp(0x6060, 0, 9, 1);
	expect_download_ok(0x6060, 0);
	ck_assert_uint_eq(up_exp(0x6060, 0, 1), 9);
	/* expedited without size indication: the object's size is used */
	sdo(0x22, 0x6071, 0, 0xffff0123);
	expect_download_ok(0x6071, 0);
	ck_assert_uint_eq(up_exp(0x6071, 0, 2), 0x0123);
	/* bit entries travel as one byte */
	ck_assert_uint_eq(up_exp(0x2102, 2, 1), 5);
	ck_assert_uint_eq(ecsim_coe_pending(coe), 0);
}
END_TEST

START_TEST(test_normal)
{
	uint8_t d[40] = { 0, SVC(2), 0x21, 0x00, 0x20, 3, 6, 0, 0, 0 };
	char name[17];

	/* normal upload: 0x1008 "Virtual CiA402 drive" (20 bytes) */
	sdo(0x40, 0x1008, 0, 0);
	ck_assert_uint_eq(pop(), 30);
	ck_assert_uint_eq(rep[2], 0x41);
	ck_assert_uint_eq(le32(rep + 6), 20);
	ck_assert_mem_eq(rep + 10, "Virtual CiA402 drive", 20);
	/* normal download into a 16-byte string, then read it back */
	memcpy(d + 10, "EL7211", 6);
	coe_send(d, 16);
	expect_download_ok(0x2000, 3);
	ck_assert_int_eq(ecsim_od_read(od, 0x2000, 3, name, sizeof(name)), 6);
	ck_assert_mem_eq(name, "EL7211", 6);
	/* normal download of a UINT32 with min/max */
	d[2] = 0x21; d[3] = 0x00; d[4] = 0x20; d[5] = 1; d[6] = 4;
	d[10] = 0x10; d[11] = 0x27; d[12] = 0; d[13] = 0;
	coe_send(d, 14);
	expect_download_ok(0x2000, 1);
	ck_assert_uint_eq(up_exp(0x2000, 1, 4), 10000);
}
END_TEST

static void fill_blob(uint8_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = i * 7 + 3;
	ck_assert_int_eq(ecsim_od_write(od, 0x2101, 0, b, n), 0);
}

START_TEST(test_segmented_upload)
{
	uint8_t blob[300], got[300];
	size_t off, n;
	int t = 0;

	fill_blob(blob, sizeof(blob));
	/* 122-byte mailbox: 112 in the initiate response, 119 per segment */
	sdo(0x40, 0x2101, 0, 0);
	ck_assert_uint_eq(pop(), 122);
	ck_assert_uint_eq(rep[2], 0x41);
	ck_assert_uint_eq(le32(rep + 6), 300);
	memcpy(got, rep + 10, 112);
	off = 112;
	while (off < 300) {
		sdo(0x60 | t << 4, 0, 0, 0);
		n = pop();
		ck_assert_uint_eq(rep[1], SVC(3));
		ck_assert_uint_eq(rep[2] & 0xe0, 0x00);
		ck_assert_uint_eq(!!(rep[2] & 0x10), t);
		if (300 - off > 119) {
			ck_assert_uint_eq(n, 122);
			ck_assert_uint_eq(rep[2] & 0x0f, 0);
			memcpy(got + off, rep + 3, 119);
			off += 119;
		} else {
			/* 69 bytes left: last segment */
			ck_assert_uint_eq(n, 3 + 69);
			ck_assert_uint_eq(rep[2] & 0x01, 1);
			memcpy(got + off, rep + 3, 69);
			off += 69;
		}
		t ^= 1;
	}
	ck_assert_mem_eq(got, blob, 300);

	/* last segment shorter than 7 bytes: padded, size in bits 1..3 */
	ck_assert_int_eq(ecsim_od_write(od, 0x2101, 0, blob, 112 + 119 + 3),
			 0);
	sdo(0x40, 0x2101, 0, 0);
	pop();
	sdo(0x60, 0, 0, 0);
	ck_assert_uint_eq(pop(), 122);
	sdo(0x70, 0, 0, 0);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[2], 0x10 | (7 - 3) << 1 | 0x01);
	ck_assert_mem_eq(rep + 3, blob + 231, 3);

	/* wrong toggle bit */
	sdo(0x40, 0x2101, 0, 0);
	pop();
	sdo(0x70, 0, 0, 0);
	expect_abort(0x2101, 0, 0x05030000);
	/* no transfer in progress any more */
	sdo(0x60, 0, 0, 0);
	expect_abort(0, 0, 0x05040001);
}
END_TEST

/* Download segment with toggle t, last flag, n data bytes */
static void down_seg(int t, int last, const uint8_t *data, size_t n)
{
	uint8_t d[200] = { 0, SVC(2) };
	size_t len = n < 7 ? 10 : 3 + n;

	d[2] = t << 4 | last | (n < 7 ? (7 - n) << 1 : 0);
	memcpy(d + 3, data, n);
	coe_send(d, len);
}

static void down_init(uint16_t index, uint8_t sub, uint32_t size,
		      const uint8_t *data, size_t n)
{
	uint8_t d[200] = { 0, SVC(2), 0x21, index & 0xff, index >> 8, sub };

	d[6] = size & 0xff;
	d[7] = size >> 8;
	memcpy(d + 10, data, n);
	coe_send(d, 10 + n);
}

START_TEST(test_segmented_download)
{
	uint8_t blob[300], got[300];
	size_t i;

	for (i = 0; i < sizeof(blob); i++)
		blob[i] = 0xa5 ^ i;
	/* 112 + 119 + 66 + 3 = 300 bytes */
	down_init(0x2101, 0, 300, blob, 112);
	expect_download_ok(0x2101, 0);
	down_seg(0, 0, blob + 112, 119);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(3));
	ck_assert_uint_eq(rep[2], 0x20);
	down_seg(1, 0, blob + 231, 66);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[2], 0x30);
	down_seg(0, 1, blob + 297, 3);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[2], 0x20);
	ck_assert_int_eq(ecsim_od_read(od, 0x2101, 0, got, sizeof(got)), 300);
	ck_assert_mem_eq(got, blob, 300);

	/* toggle not changed */
	down_init(0x2101, 0, 300, blob, 112);
	pop();
	down_seg(0, 0, blob, 119);
	pop();
	down_seg(0, 0, blob, 119);
	expect_abort(0x2101, 0, 0x05030000);
	/* more data than announced */
	down_init(0x2101, 0, 120, blob, 112);
	pop();
	down_seg(0, 1, blob, 9);
	expect_abort(0x2101, 0, 0x06070012);
	/* last segment before the announced size */
	down_init(0x2101, 0, 300, blob, 112);
	pop();
	down_seg(0, 1, blob, 9);
	expect_abort(0x2101, 0, 0x06070013);
	/* announced size above the object's size */
	down_init(0x2101, 0, 301, blob, 112);
	expect_abort(0x2101, 0, 0x06070012);
	/* segment without a transfer */
	down_seg(0, 1, blob, 3);
	expect_abort(0, 0, 0x05040001);
	ck_assert_int_eq(ecsim_od_read(od, 0x2101, 0, got, sizeof(got)), 300);
	ck_assert_mem_eq(got, blob, 300);
}
END_TEST

START_TEST(test_complete_access)
{
	uint8_t ca[12] = { 0, SVC(2), 0x31, 0x12, 0x1c, 0, 4, 0, 0, 0,
			   1, 0 };
	struct ecsim_od_mapped m[16];
	size_t i;

	/* 0x1018 from subindex 0: 16-bit subindex 0 + 4 x UINT32 */
	sdo(0x50, 0x1018, 0, 0);
	ck_assert_uint_eq(pop(), 28);
	ck_assert_uint_eq(rep[2], 0x51);	/* CA echoed */
	ck_assert_uint_eq(le32(rep + 6), 18);
	ck_assert_uint_eq(rep[10], 4);
	ck_assert_uint_eq(rep[11], 0);
	ck_assert_uint_eq(le32(rep + 12), 2);
	ck_assert_uint_eq(le32(rep + 16), 0x12345678);
	ck_assert_uint_eq(le32(rep + 20), 0x00010000);
	ck_assert_uint_eq(le32(rep + 24), 42);
	/* from subindex 1 */
	sdo(0x50, 0x1018, 1, 0);
	ck_assert_uint_eq(pop(), 26);
	ck_assert_uint_eq(le32(rep + 6), 16);
	ck_assert_uint_eq(le32(rep + 10), 2);
	/* bit-packed record: 16 bits sub0, BOOL, BIT3, UINT16 on a byte */
	sdo(0x50, 0x2102, 0, 0);
	ck_assert_uint_eq(pop(), 15);
	ck_assert_uint_eq(rep[2], 0x51);
	ck_assert_uint_eq(le32(rep + 6), 5);
	ck_assert_uint_eq(rep[10], 3);
	ck_assert_uint_eq(rep[11], 0);
	ck_assert_uint_eq(rep[12], 5 << 1);
	ck_assert_uint_eq(le16(rep + 13), 0xBEEF);
	/* subindex above 1 */
	sdo(0x50, 0x1018, 2, 0);
	expect_abort(0x1018, 2, 0x06010000);
	sdo(0x31, 0x1C12, 2, 0);
	expect_abort(0x1C12, 2, 0x06010000);

	/* complete access download of 0x1C12 = { 0x1601 } */
	{
		uint8_t d[14];

		memcpy(d, ca, 10);
		d[10] = 1; d[11] = 0; d[12] = 0x01; d[13] = 0x16;
		coe_send(d, 14);
	}
	expect_download_ok(0x1C12, 0);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 1);
	ck_assert_uint_eq(m[0].index, 0x6040);
	ck_assert_uint_eq(m[0].bitlen, 16);
	/* wrong length for the layout: count 1 needs 4 bytes */
	ca[6] = 2;
	coe_send(ca, 12);
	expect_abort(0x1C12, 0, 0x06070010);
	/* read-only entry sent back changed */
	{
		uint8_t d[28] = { 0, SVC(2), 0x31, 0x18, 0x10, 0, 18, 0, 0, 0,
				  4, 0, 2 };

		for (i = 0; i < 3; i++)
			d[16 + 4 * i] = i;
		coe_send(d, 28);
		expect_abort(0x1018, 0, 0x06010002);
	}
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 1);

	/* bit-packed complete access download: BOOL 1, BIT3 2, UINT16 */
	{
		uint8_t d[15] = { 0, SVC(2), 0x31, 0x02, 0x21, 0, 5, 0, 0, 0,
				  3, 0, 0x01 | 2 << 1, 0x34, 0x12 };
		uint8_t v[2];

		coe_send(d, 15);
		expect_download_ok(0x2102, 0);
		ck_assert_int_eq(ecsim_od_read(od, 0x2102, 1, v, 2), 1);
		ck_assert_uint_eq(v[0], 1);
		ck_assert_int_eq(ecsim_od_read(od, 0x2102, 2, v, 2), 1);
		ck_assert_uint_eq(v[0], 2);
		ck_assert_int_eq(ecsim_od_read(od, 0x2102, 3, v, 2), 2);
		ck_assert_uint_eq(le16(v), 0x1234);
	}
}
END_TEST

struct abort_case {
	const char *what;
	uint8_t cmd;
	uint16_t index;
	uint8_t sub;
	uint32_t data;
	uint8_t al_state;
	uint32_t code;
};

static const struct abort_case abort_cases[] = {
	{ "unknown command specifier", 0xa0, 0x6040, 0, 0, 2, 0x05040001 },
	{ "read write-only", 0x40, 0x2100, 0, 0, 2, 0x06010001 },
	{ "write read-only", 0x23, 0x1018, 1, 5, 2, 0x06010002 },
	{ "write read-only VAR", 0x2b, 0x6041, 0, 5, 2, 0x06010002 },
	{ "no object", 0x40, 0x5555, 0, 0, 2, 0x06020000 },
	{ "no object (download)", 0x2b, 0x5555, 0, 0, 2, 0x06020000 },
	{ "no subindex", 0x40, 0x1018, 5, 0, 2, 0x06090011 },
	{ "no subindex of a VAR", 0x40, 0x6040, 1, 0, 2, 0x06090011 },
	{ "too long", 0x23, 0x6040, 0, 1, 2, 0x06070012 },
	{ "too short", 0x2f, 0x6040, 0, 1, 2, 0x06070013 },
	{ "above max", 0x2f, 0x6060, 0, 11, 2, 0x06090030 },
	{ "below min", 0x2b, 0x6071, 0, 0xf000, 2, 0x06090030 },
	{ "BIT3 out of range", 0x2f, 0x2102, 2, 8, 2, 0x06090030 },
	{ "mapping entry while SI0 != 0", 0x23, 0x1601, 1, 0x60800020, 2,
	  0x06010003 },
	{ "rw_preop entry in SAFEOP", 0x2f, 0x2103, 0, 1, 4, 0x08000022 },
	{ "rw_preop entry in OP", 0x2f, 0x2103, 0, 1, 8, 0x08000022 },
	{ "mapping in SAFEOP", 0x2f, 0x1600, 0, 0, 4, 0x08000022 },
	{ "assignment in OP", 0x2f, 0x1C12, 0, 0, 8, 0x08000022 },
	{ "assignment in SAFEOP", 0x2b, 0x1C13, 1, 0x1A00, 4, 0x08000022 },
	{ "sync type in OP", 0x2b, 0x1C32, 1, 2, 8, 0x08000022 },
	{ "sync type above max", 0x2b, 0x1C32, 1, 4, 2, 0x06090030 },
};

START_TEST(test_aborts)
{
	const struct abort_case *a = &abort_cases[_i];

	ecsim_od_set_al_state(od, a->al_state);
	sdo(a->cmd, a->index, a->sub, a->data);
	ck_assert_msg(pop() == 10, "%s: no reply", a->what);
	ck_assert_msg(rep[2] == CMD_ABORT && le32(rep + 6) == a->code,
		      "%s: cmd 0x%02x code 0x%08x, expected 0x%08x", a->what,
		      rep[2], le32(rep + 6), a->code);
	ck_assert_uint_eq(le16(rep + 3), a->index);
	ck_assert_uint_eq(rep[5], a->sub);
}
END_TEST

START_TEST(test_abort_misc)
{
	uint8_t shortreq[4] = { 0, SVC(2), 0x40, 0x00 };

	/* request too short to hold index and subindex */
	coe_send(shortreq, sizeof(shortreq));
	expect_abort(0, 0, 0x08000000);
	/* a master's abort ends a transfer without a reply */
	sdo(0x40, 0x2101, 0, 0);
	pop();
	sdo(0x80, 0x2101, 0, 0x05040000);
	ck_assert_uint_eq(pop(), 0);
	sdo(0x60, 0, 0, 0);
	expect_abort(0, 0, 0x05040001);
	/* the state only restricts, reads still work in OP */
	ecsim_od_set_al_state(od, 8);
	ck_assert_uint_eq(up_exp(0x1C12, 0, 1), 1);
	ck_assert_uint_eq(up_exp(0x2103, 0, 1), 0);
	/* texts */
	ck_assert_str_eq(ecsim_od_abort_text(0x05030000),
			 "Toggle bit not changed");
	ck_assert_str_eq(ecsim_od_abort_text(0x12345678), "Unknown");
	/* unknown services are ignored */
	shortreq[1] = SVC(5);
	coe_send(shortreq, sizeof(shortreq));
	ck_assert_uint_eq(pop(), 0);
}
END_TEST

static Suite *coe_suite(void)
{
	Suite *s = suite_create("sim_coe");
	TCase *tc = tcase_create("coe");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_expedited);
	tcase_add_test(tc, test_normal);
	tcase_add_test(tc, test_segmented_upload);
	tcase_add_test(tc, test_segmented_download);
	tcase_add_test(tc, test_complete_access);
	tcase_add_loop_test(tc, test_aborts, 0,
			    sizeof(abort_cases) / sizeof(abort_cases[0]));
	tcase_add_test(tc, test_abort_misc);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(coe_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
