// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment's process data behaviour: the shipped
 * default segment (analog outputs wired to analog inputs), the CiA 402
 * drive model, PDO sizes taken from the object dictionary, frame loss and
 * corruption faults, the ESC error counters they and unplugging leave.  Frames are built by hand from the specification.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecsim.h"

enum { APWR = 2, FPRD = 4, FPWR = 5, BRD = 7, LRW = 12 };

/* One datagram in one frame; returns its working counter (0xffff: lost). */
static uint16_t dg(struct ecsim_segment *seg, uint8_t cmd, uint16_t adp,
		   uint16_t ado, void *data, uint16_t len)
{
	uint8_t f[1600] = { 0 };
	size_t n = 28 + (size_t)len;

	memset(f, 0xff, 6);
	f[12] = 0x88;
	f[13] = 0xa4;
	f[14] = (len + 12) & 0xff;
	f[15] = 0x10 | (len + 12) >> 8;
	f[16] = cmd;
	f[18] = adp & 0xff;
	f[19] = adp >> 8;
	f[20] = ado & 0xff;
	f[21] = ado >> 8;
	f[22] = len & 0xff;
	f[23] = len >> 8;
	memcpy(f + 26, data, len);
	if (!ecsim_segment_process(seg, f, n < 60 ? 60 : n))
		return 0xffff;
	memcpy(data, f + 26, len);
	return f[26 + len] | f[27 + len] << 8;
}

static void wr(struct ecsim_segment *seg, uint16_t st, uint16_t ado,
	       const void *d, uint16_t len)
{
	uint8_t b[256];

	memcpy(b, d, len);
	ck_assert_uint_eq(dg(seg, FPWR, st, ado, b, len), 1);
}

static uint16_t rd16(struct ecsim_segment *seg, uint16_t st, uint16_t ado)
{
	uint8_t b[2] = { 0 };

	ck_assert_uint_eq(dg(seg, FPRD, st, ado, b, 2), 1);
	return b[0] | b[1] << 8;
}

static uint16_t al(struct ecsim_segment *seg, uint16_t st, uint8_t state)
{
	uint8_t b[2] = { state, 0 };

	wr(seg, st, 0x0120, b, 2);
	return rd16(seg, st, 0x0130);
}

static void sm(struct ecsim_segment *seg, uint16_t st, unsigned int n,
	       uint16_t start, uint16_t len, uint8_t ctl)
{
	uint8_t b[8] = { start & 0xff, start >> 8, len & 0xff, len >> 8, ctl,
			 0, 1, 0 };

	wr(seg, st, 0x0800 + 8 * n, b, 8);
}

static void fmmu(struct ecsim_segment *seg, uint16_t st, unsigned int n,
		 uint32_t log, uint16_t len, uint16_t phys, uint8_t type)
{
	uint8_t f[16] = {
		log & 0xff, log >> 8 & 0xff, log >> 16 & 0xff, log >> 24,
		len & 0xff, len >> 8, 0, 7, phys & 0xff, phys >> 8, 0, type,
		1, 0, 0, 0,
	};

	wr(seg, st, 0x0600 + 16 * n, f, 16);
}

static void stations(struct ecsim_segment *seg, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint8_t b[2] = { (0x1001 + i) & 0xff, (0x1001 + i) >> 8 };

		ck_assert_uint_eq(dg(seg, APWR, (uint16_t)-i, 0x0010, b, 2), 1);
	}
}

static void mailbox_preop(struct ecsim_segment *seg, uint16_t st)
{
	sm(seg, st, 0, 0x1000, 128, 0x26);
	sm(seg, st, 1, 0x1080, 128, 0x22);
	ck_assert_uint_eq(al(seg, st, 0x02), 0x02);
}

START_TEST(test_default_segment_analog_loop)
{
	char err[256];
	struct ecsim_segment *seg = ecsim_segment_new_file(
		"sim/segments/default.json", err, sizeof(err));
	uint8_t pd[16];
	uint64_t v;

	ck_assert_msg(seg != NULL, "%s", err);
	ck_assert_uint_eq(ecsim_segment_slave_count(seg), 6);
	ck_assert_str_eq(ecsim_slave_model(seg, 3), "EL3102");
	ck_assert_str_eq(ecsim_slave_model(seg, 5), "ECSIM-SERVO");
	stations(seg, 6);
	/* EL3102 (0x1004) inputs at logical 0x00, EL4102 (0x1005) outputs
	 * at logical 0x08 */
	mailbox_preop(seg, 0x1004);
	mailbox_preop(seg, 0x1005);
	sm(seg, 0x1004, 3, 0x1180, 6, 0x20);
	fmmu(seg, 0x1004, 0, 0x00, 6, 0x1180, 1);
	sm(seg, 0x1005, 2, 0x1100, 4, 0x24);
	fmmu(seg, 0x1005, 0, 0x08, 4, 0x1100, 2);
	ck_assert_uint_eq(al(seg, 0x1004, 0x04), 0x04);
	ck_assert_uint_eq(al(seg, 0x1005, 0x04), 0x04);
	ck_assert_uint_eq(al(seg, 0x1005, 0x08), 0x08);
	memset(pd, 0, sizeof(pd));
	pd[8] = 0x34;		/* channel 1: 0x1234 */
	pd[9] = 0x12;
	pd[10] = 0xff;		/* channel 2: -1 */
	pd[11] = 0xff;
	ck_assert_uint_eq(dg(seg, LRW, 0, 0, pd, 12), 3);
	ck_assert_uint_eq(dg(seg, LRW, 0, 0, pd, 12), 3);
	ck_assert_uint_eq(pd[1] | pd[2] << 8, 0x1234);
	ck_assert_uint_eq(pd[4] | pd[5] << 8, 0xffff);
	ck_assert_int_eq(ecsim_slave_input(seg, 3, 0x3101, 2, &v), 0);
	ck_assert_uint_eq(v, 0x1234);
	/* the source leaves OP: its wires fall to zero */
	ck_assert_uint_eq(al(seg, 0x1005, 0x04), 0x04);
	ck_assert_uint_eq(dg(seg, LRW, 0, 0, pd, 12), 3);
	ck_assert_uint_eq(pd[1] | pd[2] << 8, 0);
	ecsim_segment_free(seg);
}
END_TEST

static void servo_up(struct ecsim_segment *seg, uint16_t sm2_len)
{
	stations(seg, 1);
	mailbox_preop(seg, 0x1001);
	sm(seg, 0x1001, 2, 0x1100, sm2_len, 0x64);
	sm(seg, 0x1001, 3, 0x1180, 14, 0x20);
	fmmu(seg, 0x1001, 0, 0x00, 14, 0x1100, 2);
	fmmu(seg, 0x1001, 1, 0x20, 14, 0x1180, 1);
}

START_TEST(test_servo_layout_from_od)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"slaves\":[{\"model\":\"ECSIM-SERVO\"}]}", NULL, 0);

	ck_assert_ptr_nonnull(seg);
	servo_up(seg, 6);	/* 0x1C12 assigns 0x1600: 14 bytes */
	ck_assert_uint_eq(al(seg, 0x1001, 0x04), 0x12);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0134), 0x001d);
	ecsim_segment_free(seg);
}
END_TEST

static uint16_t servo_cycle(struct ecsim_segment *seg, uint16_t cw,
			    int32_t target, int32_t *actual)
{
	uint8_t pd[0x30] = { 0 };

	pd[0] = cw & 0xff;
	pd[1] = cw >> 8;
	memcpy(pd + 2, &target, 4);	/* little-endian host assumed */
	pd[12] = 8;			/* CSP */
	ck_assert_uint_eq(dg(seg, LRW, 0, 0, pd, sizeof(pd)), 3);
	if (actual)
		memcpy(actual, pd + 0x22, 4);
	return pd[0x20] | pd[0x21] << 8;
}

START_TEST(test_servo_cia402)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"slaves\":[{\"model\":\"ECSIM-SERVO\"}]}", NULL, 0);
	int32_t pos = 0;

	ck_assert_ptr_nonnull(seg);
	servo_up(seg, 14);
	ck_assert_uint_eq(al(seg, 0x1001, 0x04), 0x04);
	ck_assert_uint_eq(al(seg, 0x1001, 0x08), 0x08);
	/* the statusword answers the controlword of the frame before */
	servo_cycle(seg, 0x0006, 0, NULL);
	ck_assert_uint_eq(servo_cycle(seg, 0x0007, 0, NULL) & 0x6f, 0x21);
	ck_assert_uint_eq(servo_cycle(seg, 0x000f, 1000, NULL) & 0x6f, 0x23);
	ck_assert_uint_eq(servo_cycle(seg, 0x000f, 12345, &pos) & 0x6f, 0x27);
	ck_assert_int_eq(pos, 1000);
	servo_cycle(seg, 0x000f, 12345, &pos);
	ck_assert_int_eq(pos, 12345);
	/* disable voltage: back to switch on disabled */
	servo_cycle(seg, 0x0000, 12345, NULL);
	ck_assert_uint_eq(servo_cycle(seg, 0x0000, 0, NULL) & 0x4f, 0x40);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_corrupt_counts_rx_error)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"slaves\":[{\"model\":\"EL1008\"},{\"model\":\"EL1008\"}],"
		"\"faults\":{\"corrupt\":100,\"seed\":7}}", NULL, 0);
	struct ecsim_stats st;
	uint8_t b[2] = { 0 }, c[2];
	unsigned int i;

	ck_assert_ptr_nonnull(seg);
	for (i = 0; i < 20; i++)
		ck_assert_uint_eq(dg(seg, BRD, 0, 0x0130, b, 2), 0xffff);
	ecsim_segment_stats(seg, &st);
	ck_assert_uint_eq(st.corrupted, 20);
	ck_assert_int_eq(ecsim_segment_set_corrupt(seg, 0), 0);
	ecsim_slave_peek(seg, 0, 0x0300, b, 2);
	ecsim_slave_peek(seg, 1, 0x0300, c, 2);
	ck_assert_uint_eq(b[1] + c[1], 20);		/* RX errors port 0 */
	/* a write clears the counters */
	stations(seg, 2);
	b[0] = b[1] = 0;
	wr(seg, 0x1001, 0x0300, b, 2);
	wr(seg, 0x1002, 0x0300, b, 2);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0300), 0);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0300), 0);
	ecsim_segment_free(seg);
}
END_TEST

/* The counters 0x0300-0x0313 of slave @id. */
static void counters(struct ecsim_segment *seg, unsigned int id,
		     uint8_t c[0x14])
{
	ck_assert_int_eq(ecsim_slave_peek(seg, id, 0x0300, c, 0x14), 0);
}

/*
 * ESC Section I chapter 14: the slave behind the corrupted cable counts
 * the invalid frame and the RX error at port 0 and in its processing
 * unit; every later reception of the marked frame is a forwarded error:
 * port 0 (and the processing unit) of the slaves behind it, port 1 of
 * every slave the frame comes back through.
 */
START_TEST(test_corrupt_forwarded_errors)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"slaves\":[{\"model\":\"EL1008\"},{\"model\":\"EL1008\"},"
		"{\"model\":\"EL1008\"}],"
		"\"faults\":{\"corrupt\":100,\"seed\":11}}", NULL, 0);
	uint8_t c[3][0x14], b[2] = { 0 };
	unsigned int i, k, before = 0, sum = 0;

	ck_assert_ptr_nonnull(seg);
	for (i = 0; i < 30; i++)
		ck_assert_uint_eq(dg(seg, BRD, 0, 0x0130, b, 2), 0xffff);
	ck_assert_int_eq(ecsim_segment_set_corrupt(seg, 0), 0);
	for (k = 0; k < 3; k++) {
		counters(seg, k, c[k]);
		sum += c[k][0x00];
		ck_assert_uint_eq(c[k][0x01], c[k][0x00]);	/* RX error */
		ck_assert_uint_eq(c[k][0x02] + c[k][0x03], 0);	/* port 1 */
		ck_assert_uint_eq(c[k][0x08], before);		/* fwd port 0 */
		ck_assert_uint_eq(c[k][0x09], k < 2 ? 30 : 0);	/* fwd port 1 */
		ck_assert_uint_eq(c[k][0x0c], c[k][0x00] + before);
		ck_assert_uint_eq(c[k][0x0d], 0);		/* PDI */
		ck_assert_uint_eq(c[k][0x10] + c[k][0x11], 0);
		before += c[k][0x00];
	}
	ck_assert_uint_eq(sum, 30);
	ck_assert_uint_gt(c[1][0x08], 0);	/* the seed spreads them */

	/* Section II 0x0300-0x0313: a write to one of 0x0300-0x030B clears
	 * those twelve; 0x030C only by its own write */
	stations(seg, 3);
	b[0] = 0x55;
	wr(seg, 0x1002, 0x0309, b, 1);
	counters(seg, 1, c[1]);
	for (i = 0; i < 0x0c; i++)
		ck_assert_uint_eq(c[1][i], 0);
	ck_assert_uint_gt(c[1][0x0c], 0);
	wr(seg, 0x1002, 0x030c, b, 1);
	counters(seg, 1, c[1]);
	ck_assert_uint_eq(c[1][0x0c], 0);
	ecsim_segment_free(seg);
}
END_TEST

/* Section II 0x0310: every port whose link goes down counts once, in the
 * loop modes auto and auto close only. */
START_TEST(test_unplug_replug_lost_links)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"slaves\":[{\"model\":\"EL1008\"},{\"model\":\"EL1008\"},"
		"{\"model\":\"EL1008\"}]}", NULL, 0);
	uint8_t c[0x14], b[4] = { 0 };

	ck_assert_ptr_nonnull(seg);
	ck_assert_int_eq(ecsim_segment_unplug(seg, 1), 0);
	counters(seg, 0, c);
	ck_assert_uint_eq(c[0x10], 0);
	ck_assert_uint_eq(c[0x11], 1);
	counters(seg, 2, c);
	ck_assert_uint_eq(c[0x10], 1);
	ck_assert_uint_eq(c[0x11], 0);
	/* replugged between them: both lose the link to each other */
	ck_assert_int_eq(ecsim_segment_replug(seg, 1), 0);
	counters(seg, 0, c);
	ck_assert_uint_eq(c[0x11], 2);
	counters(seg, 2, c);
	ck_assert_uint_eq(c[0x10], 2);
	counters(seg, 1, c);		/* powered up again: all zero */
	ck_assert_uint_eq(c[0x10] + c[0x11], 0);

	/* port 1 of the first slave forced open (0x0100 bits 11:10 = 2):
	 * no count there; its neighbour still counts */
	stations(seg, 3);
	b[1] = 0x08;
	wr(seg, 0x1001, 0x0100, b, 4);
	ck_assert_int_eq(ecsim_segment_unplug(seg, 1), 0);
	counters(seg, 0, c);
	ck_assert_uint_eq(c[0x11], 2);
	counters(seg, 2, c);
	ck_assert_uint_eq(c[0x10], 3);

	/* a write to one lost link counter clears all four */
	b[0] = 0;
	wr(seg, 0x1001, 0x0313, b, 1);
	counters(seg, 0, c);
	ck_assert_uint_eq(c[0x10] + c[0x11] + c[0x12] + c[0x13], 0);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_bad_segment_files)
{
	static const char *const bad[] = {
		"{",
		"{\"slaves\":[{\"model\":\"EL9999\"}]}",
		"{\"slaves\":[{}]}",
		"{\"slaves\":[{\"model\":\"EL1008\"}],\"wires\":[{\"from\":5,"
		"\"to\":0}]}",
		"{\"slaves\":[{\"model\":\"EL1008\",\"inputs\":{\"x\":1}}]}",
		"{\"models\":{\"X\":{\"sms\":[{\"type\":\"bogus\"}]}},"
		"\"slaves\":[]}",
	};
	char err[256];
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		ck_assert_ptr_null(ecsim_segment_new_string(bad[i], err,
							    sizeof(err)));
		ck_assert_msg(err[0] != '\0', "no message for case %u", i);
	}
}
END_TEST

START_TEST(test_custom_model)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"models\":{\"MYIO\":{\"vendor\":\"0x1234\","
		"\"product\":77,\"revision\":1,\"esc\":{\"fmmus\":2},"
		"\"sms\":[{\"start\":\"0x1000\",\"size\":2,\"control\":0,"
		"\"type\":\"inputs\"}],\"pdos\":[{\"index\":\"0x1a00\","
		"\"sm\":0,\"entries\":[{\"index\":\"0x6000\",\"sub\":1,"
		"\"type\":\"UINT16\"}]}]}},\"slaves\":[{\"model\":\"MYIO\","
		"\"inputs\":{\"0x6000:01\":4660}}]}", NULL, 0);
	uint8_t b[2] = { 0 };

	ck_assert_ptr_nonnull(seg);
	stations(seg, 1);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0004) & 0xff, 2);
	sm(seg, 0x1001, 0, 0x1000, 2, 0x00);
	fmmu(seg, 0x1001, 0, 0x40, 2, 0x1000, 1);
	ck_assert_uint_eq(al(seg, 0x1001, 0x02), 0x02);
	ck_assert_uint_eq(al(seg, 0x1001, 0x04), 0x04);
	ck_assert_uint_eq(dg(seg, 10 /* LRD */, 0x40, 0, b, 2), 1);
	ck_assert_uint_eq(b[0] | b[1] << 8, 4660);
	ecsim_segment_free(seg);
}
END_TEST

static uint64_t rd64(struct ecsim_segment *seg, uint16_t st, uint16_t ado)
{
	uint8_t b[8] = { 0 };
	uint64_t v = 0;
	int i;

	ck_assert_uint_eq(dg(seg, FPRD, st, ado, b, 8), 1);
	for (i = 7; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static void wr64(struct ecsim_segment *seg, uint16_t st, uint16_t ado,
		 uint64_t v)
{
	uint8_t b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (v >> (8 * i)) & 0xff;
	wr(seg, st, ado, b, 8);
}

START_TEST(test_dc_sync_activation)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"slaves\":[{\"model\":\"ECSIM-SERVO\"}]}", NULL, 0);
	uint64_t t, start, next;
	uint8_t act[1] = { 0x03 };

	ck_assert_ptr_nonnull(seg);
	ecsim_segment_set_time(seg, 1000000000ull);
	stations(seg, 1);
	t = rd64(seg, 0x1001, 0x0910);
	start = t + 100000000ull;
	wr64(seg, 0x1001, 0x09a0, 1000000);	/* SYNC0 1 ms, SYNC1 0 */
	wr64(seg, 0x1001, 0x0990, start);
	wr(seg, 0x1001, 0x0981, act, 1);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0984) & 0x07, 0x01);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x098e) & 0x01, 0);
	ecsim_segment_advance(seg, 200500000ull);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x098e) & 0x01, 1);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0984) & 0x01, 0);
	next = rd64(seg, 0x1001, 0x0990);
	ck_assert_uint_gt(next, rd64(seg, 0x1001, 0x0910) - 1000000);
	ck_assert_uint_eq((next - start) % 1000000, 0);
	/* a start time in the past is flagged (0x0984 bit 2) */
	act[0] = 0;
	wr(seg, 0x1001, 0x0981, act, 1);
	wr64(seg, 0x1001, 0x0990, start);
	act[0] = 0x03;
	wr(seg, 0x1001, 0x0981, act, 1);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0984) & 0x04, 0x04);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_dc_system_time_compare)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{\"slaves\":[{\"model\":\"EK1100\"}]}", NULL, 0);
	uint64_t t0, t1;
	uint8_t b[4];
	uint32_t diff;

	ck_assert_ptr_nonnull(seg);
	stations(seg, 1);
	wr64(seg, 0x1001, 0x0920, 0);
	b[0] = 0;		/* filter depth 0: 0x092C shows each sample */
	wr(seg, 0x1001, 0x0934, b, 1);
	t0 = rd64(seg, 0x1001, 0x0910);
	/* a 32-bit write 4000 ns ahead of the local copy (delay 0) */
	b[0] = (uint8_t)(t0 + 4000);
	b[1] = (uint8_t)((t0 + 4000) >> 8);
	b[2] = (uint8_t)((t0 + 4000) >> 16);
	b[3] = (uint8_t)((t0 + 4000) >> 24);
	wr(seg, 0x1001, 0x0910, b, 4);
	diff = rd16(seg, 0x1001, 0x092c) |
	       (uint32_t)rd16(seg, 0x1001, 0x092e) << 16;
	/* sign bit set: local copy smaller; magnitude about 4000 ns minus
	 * the few hundred ns between the two datagrams */
	ck_assert_uint_eq(diff >> 31, 1);
	ck_assert_uint_le(diff & 0x7fffffff, 4000);
	ck_assert_uint_ge(diff & 0x7fffffff, 3000);
	/* the loop speeds the clock up, no step: 2/tau of the difference
	 * per unit of time (tau 20.48 ms at 0x0930 = 0x1000), about 340 ns
	 * over the next millisecond (sim/dc.c) */
	t1 = rd64(seg, 0x1001, 0x0910);
	ck_assert_uint_le(t1 - t0, 2000);
	ecsim_segment_advance(seg, 1000000);
	t1 = rd64(seg, 0x1001, 0x0910) - 1000000;
	ck_assert_uint_ge(t1 - t0, 250);
	ck_assert_uint_le(t1 - t0, 500 + 2000);
	ecsim_segment_free(seg);
}
END_TEST

static Suite *sim_suite(void)
{
	Suite *s = suite_create("sim_process");
	TCase *tc = tcase_create("process");

	tcase_add_test(tc, test_default_segment_analog_loop);
	tcase_add_test(tc, test_servo_layout_from_od);
	tcase_add_test(tc, test_servo_cia402);
	tcase_add_test(tc, test_corrupt_counts_rx_error);
	tcase_add_test(tc, test_corrupt_forwarded_errors);
	tcase_add_test(tc, test_unplug_replug_lost_links);
	tcase_add_test(tc, test_bad_segment_files);
	tcase_add_test(tc, test_custom_model);
	tcase_add_test(tc, test_dc_sync_activation);
	tcase_add_test(tc, test_dc_system_time_compare);
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
