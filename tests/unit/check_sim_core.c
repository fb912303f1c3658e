// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment core (sim/): datagram commands,
 * addressing and working counters, FMMU bit mapping, frame checks, the
 * event request field, DC latching, faults, the catalogue's models.
 * Frames are built by hand from the specification (sim_frames.c), with
 * nothing shared with sim/ except the public API.  SII, AL, mailbox and
 * process data are in check_sim_core_slave.c.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_frames.h"

START_TEST(test_zero_slaves_echo)
{
	struct ecsim_segment *seg = seg_new("{\"slaves\":[]}");
	struct fr f;
	uint8_t copy[2048];

	fr_init(&f);
	fr_add(&f, BRD, 0, 0x0130, NULL, 2);
	memcpy(copy, f.b, sizeof(copy));
	ck_assert_uint_eq(fr_send(seg, &f), 60);
	ck_assert_mem_eq(f.b, copy, 60);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_auto_increment_and_broadcast)
{
	struct ecsim_segment *seg = seg_new(three);
	struct fr f;
	uint8_t b[2];
	unsigned int i;

	fr_init(&f);
	i = fr_add(&f, APRD, (uint16_t)-1, 0x0000, NULL, 1);
	fr_add(&f, BRD, 0, 0x0130, NULL, 2);
	fr_add(&f, NOP, 0, 0x0000, "\x5a", 1);
	ck_assert_uint_gt(fr_send(&*seg, &f), 0);
	ck_assert_uint_eq(fr_wkc(&f, i), 1);
	ck_assert_uint_eq(fr_data(&f, i)[0], 0x12);	/* EL1008: ET1200 */
	ck_assert_uint_eq(fr_adp(&f, i), 2);		/* -1 + 3 slaves */
	ck_assert_uint_eq(fr_wkc(&f, 1), 3);
	ck_assert_uint_eq(fr_data(&f, 1)[0], 0x01);	/* INIT */
	ck_assert_uint_eq(fr_adp(&f, 1), 3);
	ck_assert_uint_eq(fr_wkc(&f, 2), 0);
	ck_assert_uint_eq(fr_data(&f, 2)[0], 0x5a);
	/* the reply's source MAC has the U/L bit set */
	ck_assert_uint_eq(f.b[6], 0x02);
	/* BRD ORs: ESC types 0x11 | 0x12 = 0x13 */
	b[0] = 0;
	ck_assert_uint_eq(dg(seg, BRD, 0, 0x0000, b, 1), 3);
	ck_assert_uint_eq(b[0], 0x13);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_fixed_and_rw)
{
	struct ecsim_segment *seg = seg_new(three);
	uint8_t b[4];

	set_stations(seg, 3);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0010), 0x1002);
	b[0] = b[1] = 0;
	ck_assert_uint_eq(dg(seg, FPRD, 0x2222, 0x0010, b, 2), 0);
	/* read-only register: counted, ignored */
	b[0] = 0x77;
	ck_assert_uint_eq(dg(seg, FPWR, 0x1001, 0x0000, b, 1), 1);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0000) & 0xff, 0x11);
	/* FPRW: old data back, new data written, wkc 3 */
	wr16(seg, 0x1003, 0x0f80, 0xbeef);
	b[0] = 0x34;
	b[1] = 0x12;
	ck_assert_uint_eq(dg(seg, FPRW, 0x1003, 0x0f80, b, 2), 3);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0xbeef);
	ck_assert_uint_eq(rd16(seg, 0x1003, 0x0f80), 0x1234);
	/* APRW on position 1 */
	b[0] = 0x55;
	b[1] = 0x66;
	ck_assert_uint_eq(dg(seg, APRW, (uint16_t)-1, 0x0f80, b, 2), 3);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0f80), 0x6655);
	/* BWR to all, BRW: wkc 3 per slave, data ORed */
	b[0] = 0x01;
	b[1] = 0;
	ck_assert_uint_eq(dg(seg, BWR, 0, 0x0f82, b, 2), 3);
	ck_assert_uint_eq(rd16(seg, 0x1003, 0x0f82), 1);
	b[0] = 0x80;
	ck_assert_uint_eq(dg(seg, BRW, 0, 0x0f82, b, 2), 9);
	ck_assert_uint_eq(b[0], 0x81);
	/* each slave writes the data as it arrives: ORed by those before */
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0f82), 0x80);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0f82), 0x81);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_armw_frmw)
{
	struct ecsim_segment *seg = seg_new(three);
	uint8_t b[2];

	set_stations(seg, 3);
	wr16(seg, 0x1001, 0x0f80, 0x4242);
	wr16(seg, 0x1002, 0x0f80, 0x1111);
	b[0] = b[1] = 0;
	ck_assert_uint_eq(dg(seg, ARMW, 0, 0x0f80, b, 2), 3);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0x4242);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0f80), 0x4242);
	ck_assert_uint_eq(rd16(seg, 0x1003, 0x0f80), 0x4242);
	wr16(seg, 0x1002, 0x0f80, 0x7777);
	b[0] = b[1] = 0;
	ck_assert_uint_eq(dg(seg, FRMW, 0x1002, 0x0f80, b, 2), 3);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0x7777);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0f80), 0);	/* wrote 0 */
	ck_assert_uint_eq(rd16(seg, 0x1003, 0x0f80), 0x7777);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_fmmu_bits)
{
	struct ecsim_segment *seg = seg_new(three);
	uint8_t b[4];

	set_stations(seg, 3);
	/* slave 1: logical 0x10000 bits 3..5 -> physical 0x0f80 bits 2..4 */
	fmmu(seg, 0x1001, 0, 0x10000, 1, 3, 5, 0x0f80, 2, 2);
	memset(b, 0xff, 4);
	ck_assert_uint_eq(dg(seg, LWR, 0x0000, 0x0001, b, 4), 1);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0f80), 0x1c);
	/* slave 2: read FMMU, logical 0x10001 bits 0..11 from 0x0f90 bit 4 */
	wr16(seg, 0x1002, 0x0f90, 0xabc0);
	wr16(seg, 0x1002, 0x0f92, 0x0000);
	fmmu(seg, 0x1002, 0, 0x10001, 2, 0, 3, 0x0f90, 4, 1);
	memset(b, 0, 4);
	ck_assert_uint_eq(dg(seg, LRD, 0x0000, 0x0001, b, 4), 1);
	ck_assert_uint_eq(b[1] | (b[2] & 0x0f) << 8, 0xabc);
	ck_assert_uint_eq(b[0], 0);
	/* LRW over both: slave 1 writes (+2), slave 2 reads (+1) */
	memset(b, 0, 4);
	ck_assert_uint_eq(dg(seg, LRW, 0x0000, 0x0001, b, 4), 3);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0f80), 0x00);
	ck_assert_uint_eq(b[1], 0xbc);
	/* outside every FMMU: no wkc */
	ck_assert_uint_eq(dg(seg, LRW, 0x0000, 0x0002, b, 4), 0);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_broken_header_and_drop)
{
	struct ecsim_segment *seg = seg_new(three);
	struct ecsim_stats st;
	struct fr f;
	uint8_t b[1];

	fr_init(&f);
	fr_add(&f, BRD, 0, 0x0130, NULL, 2);
	f.b[14] += 4;		/* EtherCAT length beyond the datagrams */
	ck_assert_uint_eq(fr_send(seg, &f), 0);
	fr_init(&f);
	fr_add(&f, BRD, 0, 0x0130, NULL, 2);
	f.b[16 + 7] |= 0x80;	/* "more" but nothing follows */
	ck_assert_uint_eq(fr_send(seg, &f), 0);
	ecsim_segment_stats(seg, &st);
	ck_assert_uint_eq(st.broken, 2);
	ck_assert_int_eq(ecsim_slave_peek(seg, 0, 0x030c, b, 1), 0);
	ck_assert_uint_eq(b[0], 2);
	ck_assert_int_eq(ecsim_segment_set_drop(seg, 100), 0);
	fr_init(&f);
	fr_add(&f, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(fr_send(seg, &f), 0);
	ecsim_segment_stats(seg, &st);
	ck_assert_uint_eq(st.dropped, 1);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_unplug_replug)
{
	struct ecsim_segment *seg = seg_new(three);
	char out[2048];
	uint8_t b[2] = { 0 };

	set_stations(seg, 3);
	ck_assert_int_eq(ecsim_segment_command(seg, "unplug 1", out,
					       sizeof(out)), 0);
	ck_assert_str_eq(out, "ok\n");
	ck_assert_uint_eq(ecsim_segment_ring_count(seg), 2);
	ck_assert_uint_eq(dg(seg, BRD, 0, 0x0130, b, 2), 2);
	/* EL2008 moved to position 1 */
	ck_assert_uint_eq(dg(seg, APRD, (uint16_t)-1, 0x0010, b, 2), 1);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0x1003);
	ck_assert_int_eq(ecsim_segment_command(seg, "replug 1", out,
					       sizeof(out)), 0);
	ck_assert_uint_eq(dg(seg, BRD, 0, 0x0130, b, 2), 3);
	/* power-cycled: station address gone */
	ck_assert_uint_eq(dg(seg, APRD, (uint16_t)-1, 0x0010, b, 2), 1);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0);
	ck_assert_int_eq(ecsim_segment_command(seg, "unplug 9", out,
					       sizeof(out)), -ENOENT);
	ck_assert_int_eq(ecsim_segment_command(seg, "frobnicate", out,
					       sizeof(out)), -EINVAL);
	ck_assert_int_eq(ecsim_segment_command(seg, "status", out,
					       sizeof(out)), 0);
	ck_assert_ptr_nonnull(strstr(out, "slave 2 EL2008 plugged pos 2"));
	ck_assert_int_eq(ecsim_segment_command(seg, "delay 150", out,
					       sizeof(out)), 0);
	ck_assert_uint_eq(ecsim_segment_delay(seg), 150);
	ck_assert_int_eq(ecsim_segment_command(seg, "drop 101", out,
					       sizeof(out)), -EINVAL);
	ecsim_segment_free(seg);
}
END_TEST

static uint16_t fr_irq(struct fr *f, unsigned int i)
{
	return f->b[f->off[i] + 8] | f->b[f->off[i] + 9] << 8;
}

START_TEST(test_event_irq_field)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL1008\"},{\"model\":\"EL3102\"}]}");
	uint8_t m[128] = { 0 };
	struct fr f;

	set_stations(seg, 2);
	/* unmasked events never reach the IRQ field */
	wr16(seg, 0x1001, 0x0120, 0x0002);
	fr_init(&f);
	fr_add(&f, BRD, 0, 0x0000, NULL, 1);
	fr_send(seg, &f);
	ck_assert_uint_eq(fr_irq(&f, 0), 0);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0210) & 0x0008, 0x0008);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0130), 0x0002);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0210) & 0x0008, 0);
	/* AL status event (bit 3) and SM1 mailbox event (bit 5), masked */
	wr16(seg, 0x1001, 0x0200, 0x0028);
	wr16(seg, 0x1002, 0x0200, 0x0028);
	to_preop_mbx(seg, 0x1002);	/* reads 0x0130: event cleared */
	m[0] = 4;
	m[5] = 0x02 | 1 << 4;		/* EoE: error reply */
	wr(seg, 0x1002, 0x1000, m, 128);
	fr_init(&f);
	fr_add(&f, BRD, 0, 0x0000, NULL, 1);
	fr_send(seg, &f);
	ck_assert_uint_eq(fr_irq(&f, 0), 0x0020);
	ck_assert_uint_eq(dg(seg, FPRD, 0x1002, 0x1080, m, 128), 1);
	wr16(seg, 0x1001, 0x0120, 0x0001);
	fr_init(&f);
	fr_add(&f, BRD, 0, 0x0000, NULL, 1);
	fr_send(seg, &f);
	ck_assert_uint_eq(fr_irq(&f, 0), 0x0008);
	ecsim_segment_free(seg);
}
END_TEST

/* ---- DC ---- */

static uint32_t rd32(struct ecsim_segment *seg, uint16_t st, uint16_t ado)
{
	return rd16(seg, st, ado) | (uint32_t)rd16(seg, st, ado + 2) << 16;
}

START_TEST(test_dc_receive_times)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL3102\"},"
		"{\"model\":\"ECSIM-SERVO\"}],\"dc\":{\"fwd_ns\":500,"
		"\"ret_ns\":500}}");
	uint8_t b[8] = { 0 };
	uint32_t p0[3], p1[3];
	unsigned int i;

	set_stations(seg, 3);
	ecsim_segment_set_time(seg, 5000000000ull);
	ck_assert_uint_eq(dg(seg, BWR, 0, 0x0900, b, 4), 3);
	for (i = 0; i < 3; i++) {
		p0[i] = rd32(seg, 0x1001 + i, 0x0900);
		p1[i] = rd32(seg, 0x1001 + i, 0x0904);
	}
	/* round trip behind each slave: 2 * 500 ns per hop */
	ck_assert_uint_eq((p1[0] - p0[0]) - (p1[1] - p0[1]), 1000);
	ck_assert_uint_eq(p1[1] - p0[1], 1000);
	ck_assert_uint_eq(p1[2], 0);
	/* system time = local time + offset */
	memset(b, 0, 8);
	b[3] = 0x10;			/* offset 0x10000000 */
	wr(seg, 0x1002, 0x0920, b, 8);
	/* read a few hundred ns after the frame start the latch saw */
	ck_assert_uint_ge(rd32(seg, 0x1002, 0x0910) - rd32(seg, 0x1002, 0x0918),
			  0x10000000u);
	ck_assert_uint_lt(rd32(seg, 0x1002, 0x0910) - rd32(seg, 0x1002, 0x0918),
			  0x10000000u + 2000);
	ecsim_segment_free(seg);
}
END_TEST

/* Without "dc" in the segment file: an E-bus hop of 160 ns out, 140 back. */
START_TEST(test_dc_default_hops)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL3102\"},"
		"{\"model\":\"EL3102\"}]}");
	uint8_t b[4] = { 0 };
	uint32_t rt[2];
	unsigned int i;

	set_stations(seg, 3);
	ecsim_segment_set_time(seg, 5000000000ull);
	ck_assert_uint_eq(dg(seg, BWR, 0, 0x0900, b, 4), 3);
	for (i = 0; i < 2; i++)
		rt[i] = rd32(seg, 0x1001 + i, 0x0904) -
			rd32(seg, 0x1001 + i, 0x0900);
	ck_assert_uint_eq(rd32(seg, 0x1003, 0x0904), 0);	/* end */
	ck_assert_uint_eq(rt[1], 160 + 140);
	ck_assert_uint_eq(rt[0], 2 * (160 + 140));
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_catalogue_models)
{
	static const char *const names[] = {
		"EK1100", "EL1002", "EL1004", "EL1008", "EL1014", "EL1018",
		"EL2002", "EL2004", "EL2008", "EL2032", "EL3102", "EL3152",
		"EL3162", "EL4102", "EL4132", "EL5101", "ECSIM-SERVO",
	};
	static const uint32_t products[] = {
		0x044c2c52, 0x03ea3052, 0x03ec3052, 0x03f03052, 0x03f63052,
		0x03fa3052, 0x07d23052, 0x07d43052, 0x07d83052, 0x07f03052,
		0x0c1e3052, 0x0c503052, 0x0c5a3052, 0x10063052, 0x10243052,
		0x13ed3052, 0x00000402,
	};
	char json[2048];
	size_t off = 0, len;
	unsigned int i;
	struct ecsim_segment *seg;
	const uint8_t *img;

	off += snprintf(json, sizeof(json), "{\"slaves\":[");
	for (i = 0; i < 17; i++)
		off += snprintf(json + off, sizeof(json) - off,
				"%s{\"model\":\"%s\"}", i ? "," : "",
				names[i]);
	snprintf(json + off, sizeof(json) - off, "]}");
	seg = seg_new(json);
	for (i = 0; i < 17; i++) {
		ck_assert_int_eq(ecsim_slave_sii(seg, i, &img, &len), 0);
		ck_assert_uint_eq(img[20] | img[21] << 8 | img[22] << 16 |
				  (uint32_t)img[23] << 24, products[i]);
		ck_assert_uint_eq(crc8(img, 14), img[14]);
	}
	ecsim_segment_free(seg);
}
END_TEST

static Suite *sim_suite(void)
{
	Suite *s = suite_create("sim_core");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_zero_slaves_echo);
	tcase_add_test(tc, test_auto_increment_and_broadcast);
	tcase_add_test(tc, test_fixed_and_rw);
	tcase_add_test(tc, test_armw_frmw);
	tcase_add_test(tc, test_fmmu_bits);
	tcase_add_test(tc, test_broken_header_and_drop);
	tcase_add_test(tc, test_unplug_replug);
	tcase_add_test(tc, test_event_irq_field);
	tcase_add_test(tc, test_dc_receive_times);
	tcase_add_test(tc, test_dc_default_hops);
	tcase_add_test(tc, test_catalogue_models);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(sim_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
