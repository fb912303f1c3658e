// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment's CoE server and object dictionary
 * beyond SDO transfers: PDO remapping through 0x1C1x/0x16xx (the sync
 * manager layouts it gives), emergencies and SDO information (lists and
 * descriptions, fragmented).  Requests are built from ETG.1000.6 and
 * replies checked byte by byte (sim_coe_fixture.c), as in check_sim_coe.c.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_coe_fixture.h"

/* Write a mapping/assignment entry and expect @code (0 = success) */
static void wr(uint16_t index, uint8_t sub, uint32_t v, unsigned int n,
	       uint32_t code)
{
	down_exp(index, sub, v, n);
	if (code)
		expect_abort(index, sub, code);
	else
		expect_download_ok(index, sub);
}

START_TEST(test_pdo_remap)
{
	struct ecsim_od_mapped m[16];
	int n;

	/* defaults from the model */
	n = ecsim_od_sm_layout(od, 2, m, 16);
	ck_assert_int_eq(n, 6);
	ck_assert_uint_eq(m[1].index, 0x607A);
	ck_assert_uint_eq(m[1].bitlen, 32);
	ck_assert_uint_eq(m[5].index, 0);
	ck_assert_uint_eq(m[5].bitlen, 8);
	n = ecsim_od_sm_layout(od, 3, m, 16);
	ck_assert_int_eq(n, 7);
	ck_assert_uint_eq(m[6].index, 0x7010);
	ck_assert_uint_eq(m[6].subindex, 1);
	ck_assert_uint_eq(m[6].bitlen, 1);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 3, m, 3), -ENOSPC);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 1, m, 16), -ENOENT);

	/* entries change only while subindex 0 is 0 */
	wr(0x1600, 1, 0x60400010, 4, 0x06010003);
	wr(0x1C12, 1, 0x1600, 2, 0x06010003);
	wr(0x1C12, 0, 0, 1, 0);
	wr(0x1600, 0, 0, 1, 0);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 0);
	wr(0x1600, 1, 0x55550010, 4, 0x06040041);	/* no object */
	wr(0x1600, 1, 0x60410010, 4, 0x06040041);	/* TxPDO only */
	wr(0x1600, 1, 0x60400020, 4, 0x06040041);	/* wrong length */
	wr(0x1600, 1, 0x60800020, 4, 0x06040041);	/* not mappable */
	wr(0x1600, 1, 0x607A0020, 4, 0);
	wr(0x1600, 2, 0x00000008, 4, 0);		/* gap */
	wr(0x1600, 3, 0x60400010, 4, 0);
	wr(0x1600, 0, 9, 1, 0x06090030);		/* above capacity */
	wr(0x1600, 0, 3, 1, 0);
	wr(0x1C12, 1, 0x1A00, 2, 0x06090030);	/* wrong direction */
	wr(0x1C12, 1, 0x1700, 2, 0x06090030);		/* no such PDO */
	wr(0x1C12, 1, 0x1600, 2, 0);
	wr(0x1C12, 2, 0x1601, 2, 0);
	wr(0x1C12, 0, 3, 1, 0x06090030);
	wr(0x1C12, 0, 2, 1, 0);

	n = ecsim_od_sm_layout(od, 2, m, 16);
	ck_assert_int_eq(n, 4);
	ck_assert_uint_eq(m[0].index, 0x607A);
	ck_assert_uint_eq(m[1].index, 0);
	ck_assert_uint_eq(m[1].bitlen, 8);
	ck_assert_uint_eq(m[2].index, 0x6040);
	ck_assert_uint_eq(m[3].index, 0x6040);
	ck_assert_uint_eq(m[3].bitlen, 16);

	/* SAFEOP: refused, layout unchanged */
	ecsim_od_set_al_state(od, 4);
	wr(0x1C12, 0, 0, 1, 0x08000022);
	wr(0x1600, 0, 0, 1, 0x08000022);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 4);
	/* back in PREOP an inconsistent raw write is reported */
	ecsim_od_set_al_state(od, 2);
	{
		uint16_t bad = 0x1777;

		ck_assert_int_eq(ecsim_od_write(od, 0x1C12, 1, &bad, 2), 0);
		ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), -EINVAL);
	}
}
END_TEST

START_TEST(test_emergency)
{
	const uint8_t data[5] = { 1, 2, 3, 4, 5 };
	const uint8_t want[10] = { 0, SVC(1), 0x10, 0x82, 0x11,
				   1, 2, 3, 4, 5 };

	ecsim_coe_emergency(coe, 0x8210, 0x11, data);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_mem_eq(rep, want, 10);
	ck_assert_uint_eq(pop(), 0);
}
END_TEST

/* SDO information request: opcode + body */
static void info(uint8_t opcode, const uint8_t *body, size_t n)
{
	uint8_t d[32] = { 0, SVC(8), opcode, 0, 0, 0 };

	memcpy(d + 6, body, n);
	coe_send(d, 6 + n);
}

/* Collect all fragments of one SDO info response into out. */
static size_t info_collect(uint8_t opcode, uint8_t *out, size_t cap,
			   unsigned int *frags)
{
	size_t total = 0;
	unsigned int left;

	*frags = 0;
	do {
		size_t n = pop();

		ck_assert_uint_ge(n, 6);
		ck_assert_uint_eq(rep[1], SVC(8));
		ck_assert_uint_eq(rep[2] & 0x7f, opcode);
		left = le16(rep + 4);
		/* incomplete bit set exactly while fragments are left */
		ck_assert_uint_eq(!!(rep[2] & 0x80), left != 0);
		ck_assert_uint_le(total + n - 6, cap);
		memcpy(out + total, rep + 6, n - 6);
		total += n - 6;
		(*frags)++;
	} while (left);
	return total;
}

static void expect_info_error(uint32_t code)
{
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(8));
	ck_assert_uint_eq(rep[2], 0x07);
	ck_assert_uint_eq(le32(rep + 6), code);
}

START_TEST(test_info_lists)
{
	uint8_t body[2048], req[2] = { 1, 0 };
	unsigned int frags, n = ecsim_od_count(od), i;
	struct ecsim_od_object_info oi;
	size_t len;

	/* all objects, in a 16-byte mailbox: 10 body bytes per fragment */
	ecsim_coe_set_mailbox_size(coe, 16);
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 2 + 2 * n);
	ck_assert_uint_eq(frags, (len + 9) / 10);
	ck_assert_uint_gt(frags, 3);
	ck_assert_uint_eq(le16(body), 1);
	for (i = 0; i < n; i++) {
		ecsim_od_object_at(od, i, &oi);
		ck_assert_uint_eq(le16(body + 2 + 2 * i), oi.index);
		if (i)
			ck_assert_uint_gt(oi.index, le16(body + 2 * i));
	}
	ck_assert_uint_eq(le16(body + 2), 0x1000);

	/* lengths of the lists 1..5 */
	ecsim_coe_set_mailbox_size(coe, 122);
	req[0] = 0;
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(frags, 1);
	ck_assert_uint_eq(len, 12);
	ck_assert_uint_eq(le16(body), 0);
	ck_assert_uint_eq(le16(body + 2), n);
	/* RxPDO mappable: 6040 6060 6071 607A 60FF */
	ck_assert_uint_eq(le16(body + 4), 5);
	/* TxPDO mappable: 6041 6061 6064 606C 6077 7010 */
	ck_assert_uint_eq(le16(body + 6), 6);
	/* backup: 605A 607D 6080 2000; settings: 605A 6080 */
	ck_assert_uint_eq(le16(body + 8), 4);
	ck_assert_uint_eq(le16(body + 10), 2);

	req[0] = 2;
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 12);
	ck_assert_uint_eq(le16(body + 2), 0x6040);
	ck_assert_uint_eq(le16(body + 10), 0x60FF);
	req[0] = 5;
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 6);
	ck_assert_uint_eq(le16(body + 2), 0x605A);
	ck_assert_uint_eq(le16(body + 4), 0x6080);

	req[0] = 6;
	info(0x01, req, 2);
	expect_info_error(0x08000000);
	info(0x09, req, 2);
	expect_info_error(0x05040001);
}
END_TEST

START_TEST(test_info_descriptions)
{
	uint8_t body[512], req[4] = { 0x18, 0x10 };
	unsigned int frags;
	size_t len;

	info(0x03, req, 2);
	len = info_collect(0x04, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 6 + 8);
	ck_assert_uint_eq(le16(body), 0x1018);
	ck_assert_uint_eq(le16(body + 2), 0x0023);	/* IDENTITY */
	ck_assert_uint_eq(body[4], 4);
	ck_assert_uint_eq(body[5], 0x09);		/* RECORD */
	ck_assert_mem_eq(body + 6, "Identity", 8);

	req[0] = 0x7D; req[1] = 0x60;
	info(0x03, req, 2);
	len = info_collect(0x04, body, sizeof(body), &frags);
	ck_assert_uint_eq(le16(body + 2), 0x0004);	/* INTEGER32 */
	ck_assert_uint_eq(body[4], 2);
	ck_assert_uint_eq(body[5], 0x08);		/* ARRAY */

	/* entry 0x6060:0 with default, min and max */
	req[0] = 0x60; req[1] = 0x60; req[2] = 0; req[3] = 0x78;
	info(0x05, req, 4);
	len = info_collect(0x06, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 10 + 3 + 18);
	ck_assert_uint_eq(le16(body), 0x6060);
	ck_assert_uint_eq(body[2], 0);
	ck_assert_uint_eq(body[3], 0x70);		/* no unit type */
	ck_assert_uint_eq(le16(body + 4), 0x0002);	/* INTEGER8 */
	ck_assert_uint_eq(le16(body + 6), 8);
	ck_assert_uint_eq(le16(body + 8), 0x3f | 0x40);	/* rw, RxPDO */
	ck_assert_uint_eq(body[10], 8);
	ck_assert_uint_eq(body[11], 0);
	ck_assert_uint_eq(body[12], 10);
	ck_assert_mem_eq(body + 13, "Modes of operation", 18);

	/* min/max are dropped where the entry has none */
	req[0] = 0x18; req[1] = 0x10; req[2] = 1; req[3] = 0x70;
	info(0x05, req, 4);
	len = info_collect(0x06, body, sizeof(body), &frags);
	ck_assert_uint_eq(body[3], 0x10);
	ck_assert_uint_eq(le16(body + 8), 0x07);
	ck_assert_uint_eq(le32(body + 10), 2);
	ck_assert_mem_eq(body + 14, "Vendor ID", 9);

	/* fragmented entry description in the smallest mailbox */
	ecsim_coe_set_mailbox_size(coe, 10);
	req[0] = 0x00; req[1] = 0x20; req[2] = 3; req[3] = 0x10;
	info(0x05, req, 4);
	len = info_collect(0x06, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 10 + 16 + 10);
	ck_assert_uint_eq(frags, 9);
	ck_assert_uint_eq(le16(body + 4), 0x0009);
	ck_assert_uint_eq(le16(body + 6), 128);
	ck_assert_mem_eq(body + 10, "AM8121\0\0", 8);
	ck_assert_mem_eq(body + 26, "Motor name", 10);

	/* errors */
	req[0] = 0x55; req[1] = 0x55;
	info(0x03, req, 2);
	expect_info_error(0x06020000);
	req[0] = 0x18; req[1] = 0x10; req[2] = 9;
	info(0x05, req, 4);
	expect_info_error(0x06090011);
	info(0x05, req, 1);
	expect_info_error(0x08000000);
}
END_TEST

static Suite *coe_suite(void)
{
	Suite *s = suite_create("sim_coe_info");
	TCase *tc = tcase_create("coe");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_pdo_remap);
	tcase_add_test(tc, test_emergency);
	tcase_add_test(tc, test_info_lists);
	tcase_add_test(tc, test_info_descriptions);
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
