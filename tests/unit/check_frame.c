// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_frame.c - datagram setup and frame encoding/decoding.
 */
#include <check.h>

#include "cycle/datagram.h"
#include "cycle/frame.h"

static const u8 mac[6] = { 0x52, 0x54, 0x00, 0xec, 0xa7, 0x01 };

struct type_case {
	int (*setup_adp)(struct ec_datagram *, u16, u16, size_t);
	enum ec_datagram_type type;
	u16 adp_in;
	u16 adp_wire;
	bool reads;
};

/* Auto-increment commands carry the negated position. */
static const struct type_case adp_cases[] = {
	{ ec_datagram_aprd, EC_DATAGRAM_APRD, 3, 0xfffd, true },
	{ ec_datagram_apwr, EC_DATAGRAM_APWR, 1, 0xffff, false },
	{ ec_datagram_aprw, EC_DATAGRAM_APRW, 0, 0x0000, true },
	{ ec_datagram_armw, EC_DATAGRAM_ARMW, 2, 0xfffe, true },
	{ ec_datagram_fprd, EC_DATAGRAM_FPRD, 0x1001, 0x1001, true },
	{ ec_datagram_fpwr, EC_DATAGRAM_FPWR, 0x1002, 0x1002, false },
	{ ec_datagram_fprw, EC_DATAGRAM_FPRW, 0x1003, 0x1003, true },
	{ ec_datagram_frmw, EC_DATAGRAM_FRMW, 0x1004, 0x1004, true },
};

START_TEST(test_adp_types)
{
	const struct type_case *c = &adp_cases[_i];
	struct ec_datagram d;

	ec_datagram_init(&d);
	ck_assert_int_eq(c->setup_adp(&d, c->adp_in, 0x0130, 2), 0);
	ck_assert_int_eq(d.type, c->type);
	ck_assert_uint_eq(ec_get_u16(d.address), c->adp_wire);
	ck_assert_uint_eq(ec_get_u16(d.address + 2), 0x0130);
	ck_assert_uint_eq(d.data_size, 2);
	ck_assert(ec_datagram_type_reads(c->type) == c->reads);
	ec_datagram_clear(&d);
}
END_TEST

START_TEST(test_broadcast_logical_nop)
{
	struct ec_datagram d;

	ec_datagram_init(&d);
	ck_assert_int_eq(ec_datagram_brd(&d, 0x0130, 2), 0);
	ck_assert_int_eq(d.type, EC_DATAGRAM_BRD);
	ck_assert_uint_eq(ec_get_u32(d.address), 0x01300000);
	ck_assert_int_eq(ec_datagram_bwr(&d, 0x0120, 2), 0);
	ck_assert_int_eq(d.type, EC_DATAGRAM_BWR);
	ck_assert(!ec_datagram_type_reads(EC_DATAGRAM_BWR));
	ck_assert_int_eq(ec_datagram_brw(&d, 0x0120, 2), 0);
	ck_assert_int_eq(d.type, EC_DATAGRAM_BRW);
	ck_assert_int_eq(ec_datagram_lrd(&d, 0x00010000, 8), 0);
	ck_assert_int_eq(d.type, EC_DATAGRAM_LRD);
	ck_assert_uint_eq(ec_get_u32(d.address), 0x00010000);
	ck_assert_int_eq(ec_datagram_lwr(&d, 0x10, 8), 0);
	ck_assert_int_eq(d.type, EC_DATAGRAM_LWR);
	ck_assert(!ec_datagram_type_reads(EC_DATAGRAM_LWR));
	ck_assert_int_eq(ec_datagram_lrw(&d, 0x20, 8), 0);
	ck_assert_int_eq(d.type, EC_DATAGRAM_LRW);
	ck_assert(ec_datagram_type_reads(EC_DATAGRAM_LRW));
	ck_assert_int_eq(ec_datagram_nop(&d, 4), 0);
	ck_assert_int_eq(d.type, EC_DATAGRAM_NONE);
	ck_assert(!ec_datagram_type_reads(EC_DATAGRAM_NONE));
	/* Too large for one frame. */
	ck_assert_int_eq(ec_datagram_lrw(&d, 0, 1487), -EINVAL);
	ec_datagram_clear(&d);
}
END_TEST

START_TEST(test_encode_two_datagrams)
{
	struct ec_datagram a, b;
	struct ec_frame_builder fb;
	u8 buf[EC_FRAME_MAX_SIZE];
	size_t len;

	ec_datagram_init(&a);
	ec_datagram_init(&b);
	ck_assert_int_eq(ec_datagram_brd(&a, 0x0130, 2), 0);
	a.index = 0x11;
	ck_assert_int_eq(ec_datagram_fpwr(&b, 0x1001, 0x0120, 2), 0);
	b.index = 0x12;
	b.data[0] = 0x02;
	b.data[1] = 0x00;

	ec_frame_begin(&fb, buf, mac);
	ck_assert(ec_frame_fits(&fb, a.data_size));
	ec_frame_add(&fb, &a);
	ec_frame_add(&fb, &b);
	len = ec_frame_finish(&fb);

	/* 14 + 2 + (10+2+2) * 2 = 44 bytes, padded to 60. */
	ck_assert_uint_eq(len, 60);
	ck_assert_mem_eq(buf, "\xff\xff\xff\xff\xff\xff", 6);
	ck_assert_mem_eq(buf + 6, mac, 6);
	ck_assert_uint_eq(buf[12], 0x88);
	ck_assert_uint_eq(buf[13], 0xa4);
	/* EtherCAT header: length 28, type 1. */
	ck_assert_uint_eq(ec_get_u16(buf + 14), 28 | 0x1000);
	/* First datagram: BRD, index, ADO, length 2 with "more" set. */
	ck_assert_uint_eq(buf[16], EC_DATAGRAM_BRD);
	ck_assert_uint_eq(buf[17], 0x11);
	ck_assert_uint_eq(ec_get_u16(buf + 20), 0x0130);
	ck_assert_uint_eq(ec_get_u16(buf + 22), 2 | EC_DGRAM_MORE);
	/* Its wkc sits after the data. */
	ck_assert_uint_eq(ec_get_u16(buf + 16 + 10 + 2), 0);
	/* Second datagram: FPWR to 0x1001:0x0120, last one. */
	ck_assert_uint_eq(buf[30], EC_DATAGRAM_FPWR);
	ck_assert_uint_eq(buf[31], 0x12);
	ck_assert_uint_eq(ec_get_u16(buf + 32), 0x1001);
	ck_assert_uint_eq(ec_get_u16(buf + 34), 0x0120);
	ck_assert_uint_eq(ec_get_u16(buf + 36), 2);
	ck_assert_uint_eq(buf[40], 0x02);
	/* Padding is zero. */
	ck_assert_uint_eq(buf[59], 0);
	ec_datagram_clear(&a);
	ec_datagram_clear(&b);
}
END_TEST

START_TEST(test_decode_roundtrip)
{
	struct ec_datagram a, b;
	struct ec_frame_builder fb;
	struct ec_frame_reader r;
	struct ec_frame_datagram fd;
	u8 buf[EC_FRAME_MAX_SIZE];
	size_t len;

	ec_datagram_init(&a);
	ec_datagram_init(&b);
	ck_assert_int_eq(ec_datagram_aprd(&a, 2, 0x0000, 4), 0);
	a.index = 7;
	ck_assert_int_eq(ec_datagram_lrw(&b, 0x1000, 100), 0);
	b.index = 8;
	memset(b.data, 0x5a, 100);
	ec_frame_begin(&fb, buf, mac);
	ec_frame_add(&fb, &a);
	ec_frame_add(&fb, &b);
	len = ec_frame_finish(&fb);
	/* A slave answers: wkc 3 on the LRW. */
	ec_put_u16(buf + 16 + 10 + 4 + 2 + 10 + 100, 3);

	ck_assert_int_eq(ec_frame_parse_header(buf, len, &r), 0);
	ck_assert_int_eq(ec_frame_next(&r, &fd), 1);
	ck_assert_uint_eq(fd.type, EC_DATAGRAM_APRD);
	ck_assert_uint_eq(fd.index, 7);
	ck_assert_uint_eq(fd.data_size, 4);
	ck_assert_uint_eq(ec_get_u16(fd.address), 0xfffe);
	ck_assert_uint_eq(fd.working_counter, 0);
	ck_assert_int_eq(ec_frame_next(&r, &fd), 1);
	ck_assert_uint_eq(fd.type, EC_DATAGRAM_LRW);
	ck_assert_uint_eq(fd.index, 8);
	ck_assert_uint_eq(fd.data_size, 100);
	ck_assert_uint_eq(fd.data[99], 0x5a);
	ck_assert_uint_eq(fd.working_counter, 3);
	ck_assert(!fd.circulated);
	ck_assert_int_eq(ec_frame_next(&r, &fd), 0);
	ec_datagram_clear(&a);
	ec_datagram_clear(&b);
}
END_TEST

START_TEST(test_header_checks)
{
	u8 buf[64];
	struct ec_frame_reader r;
	struct ec_frame_datagram fd;

	memset(buf, 0, sizeof(buf));
	buf[12] = 0x08;	/* IPv4 */
	ck_assert_int_eq(ec_frame_parse_header(buf, 60, &r), -EPROTO);
	buf[12] = 0x88;
	buf[13] = 0xa4;
	ec_put_u16(buf + 14, 12 | 0x5000);	/* type 5: not datagrams */
	ck_assert_int_eq(ec_frame_parse_header(buf, 60, &r), -EPROTO);
	ec_put_u16(buf + 14, 100 | 0x1000);	/* longer than the frame */
	ck_assert_int_eq(ec_frame_parse_header(buf, 60, &r), -EMSGSIZE);
	ck_assert_int_eq(ec_frame_parse_header(buf, 10, &r), -EMSGSIZE);
	/* Header fine, but the datagram claims 40 data bytes of 12. */
	ec_put_u16(buf + 14, 24 | 0x1000);
	buf[16] = EC_DATAGRAM_BRD;
	ec_put_u16(buf + 22, 40);
	ck_assert_int_eq(ec_frame_parse_header(buf, 60, &r), 0);
	ck_assert_int_eq(ec_frame_next(&r, &fd), -EMSGSIZE);
	/* Circulating bit is reported. */
	ec_put_u16(buf + 22, 2 | EC_DGRAM_CIRCULATING);
	ec_put_u16(buf + 14, 14 | 0x1000);
	ck_assert_int_eq(ec_frame_parse_header(buf, 60, &r), 0);
	ck_assert_int_eq(ec_frame_next(&r, &fd), 1);
	ck_assert(fd.circulated);
}
END_TEST

START_TEST(test_frame_full)
{
	struct ec_datagram d;
	struct ec_frame_builder fb;
	u8 buf[EC_FRAME_MAX_SIZE];

	ec_datagram_init(&d);
	ck_assert_int_eq(ec_datagram_lrw(&d, 0, 1486), 0);
	ec_frame_begin(&fb, buf, mac);
	ck_assert(ec_frame_fits(&fb, 1486));
	ck_assert(!ec_frame_fits(&fb, 1487));
	ec_frame_add(&fb, &d);
	ck_assert_uint_eq(ec_frame_finish(&fb), EC_FRAME_MAX_SIZE);
	ck_assert(!ec_frame_fits(&fb, 0));
	ec_datagram_clear(&d);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("frame");
	TCase *tc = tcase_create("codec");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_adp_types, 0,
			    sizeof(adp_cases) / sizeof(adp_cases[0]));
	tcase_add_test(tc, test_broadcast_logical_nop);
	tcase_add_test(tc, test_encode_two_datagrams);
	tcase_add_test(tc, test_decode_roundtrip);
	tcase_add_test(tc, test_header_checks);
	tcase_add_test(tc, test_frame_full);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
