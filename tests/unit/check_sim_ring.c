// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment as a redundant ring (sim/ring.c): the
 * way of a frame from each master port with the ring closed, broken in
 * the middle, at the main port and at the backup port; the link bits of
 * DL status; the control commands; a hot-connect group pulled out and
 * plugged in.  Frames are built by hand.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecsim.h"

enum { APRD = 1, APWR = 2, FPRD = 4, BRD = 7 };

struct way {
	size_t len;		/* 0: the frame did not come out */
	unsigned int out;	/* master port it came out of */
	uint16_t wkc;
	uint16_t adp;		/* after the slaves incremented it */
	uint8_t data[4];
	uint8_t src0;		/* first byte of the source MAC */
};

/* One datagram in one frame, into master port @port. */
static struct way send(struct ecsim_segment *seg, unsigned int port,
		       uint8_t cmd, uint16_t adp, uint16_t ado,
		       const void *data, uint16_t len)
{
	uint8_t f[128] = { 0 };
	struct way w = { 0 };

	memset(f, 0xff, 6);
	f[6] = 0x00;
	f[12] = 0x88;
	f[13] = 0xa4;
	f[14] = (uint8_t)(len + 12);
	f[15] = 0x10;
	f[16] = cmd;
	f[18] = adp & 0xff;
	f[19] = adp >> 8;
	f[20] = ado & 0xff;
	f[21] = ado >> 8;
	f[22] = (uint8_t)len;
	if (data)
		memcpy(f + 26, data, len);
	w.len = ecsim_segment_process_port(seg, port, f, 60, &w.out);
	w.wkc = f[26 + len] | f[27 + len] << 8;
	w.adp = f[18] | f[19] << 8;
	memcpy(w.data, f + 26, len < 4 ? len : 4);
	w.src0 = f[6];
	return w;
}

static struct ecsim_segment *ring4(void)
{
	static const char *json = "{ \"slaves\": [ { \"model\": \"EK1100\" },"
		" { \"model\": \"EL1004\" }, { \"model\": \"EL2004\" },"
		" { \"model\": \"EL2004\" } ] }";
	char err[256];
	struct ecsim_segment *seg = ecsim_segment_new_string(json, err,
							     sizeof(err));
	unsigned int i;

	ck_assert_msg(seg != NULL, "segment: %s", err);
	ck_assert_int_eq(ecsim_segment_set_ring(seg, true), 0);
	for (i = 0; i < 4; i++) {	/* station addresses 0x1001.. */
		uint8_t b[2] = { (uint8_t)(1 + i), 0x10 };
		struct way w = send(seg, 0, APWR, (uint16_t)-i, 0x0010, b, 2);

		ck_assert_uint_eq(w.wkc, 1);
	}
	return seg;
}

static uint16_t dl_status(struct ecsim_segment *seg, unsigned int id)
{
	uint8_t b[2];

	ck_assert_int_eq(ecsim_slave_peek(seg, id, 0x0110, b, 2), 0);
	return b[0] | b[1] << 8;
}

#define LINK(p) (0x0010u << (p))

START_TEST(test_closed_ring)
{
	struct ecsim_segment *seg = ring4();
	struct way w;

	/* main: processed by all four, out of the backup port */
	w = send(seg, 0, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.len, 60);
	ck_assert_uint_eq(w.out, 1);
	ck_assert_uint_eq(w.wkc, 4);
	ck_assert_uint_eq(w.src0, 0x02);	/* passed a processing unit */
	/* backup: forwarded by all, processed by none, out of main */
	w = send(seg, 1, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.len, 60);
	ck_assert_uint_eq(w.out, 0);
	ck_assert_uint_eq(w.wkc, 0);
	ck_assert_uint_eq(w.adp, 0);
	ck_assert_uint_eq(w.src0, 0x00);
	/* the single-port call sees nothing come back to main */
	{
		uint8_t f[60] = { 0 };

		memset(f, 0xff, 6);
		f[12] = 0x88;
		f[13] = 0xa4;
		f[14] = 14;
		f[15] = 0x10;
		f[16] = BRD;
		f[22] = 2;
		ck_assert_uint_eq(ecsim_segment_process(seg, f, 60), 0);
	}
	/* the last slave's port 1 has link (the backup cable) */
	ck_assert(dl_status(seg, 3) & LINK(1));
	ck_assert(dl_status(seg, 0) & LINK(0));
	ck_assert_int_eq(ecsim_segment_break_pos(seg), -1);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_break_middle)
{
	struct ecsim_segment *seg = ring4();
	struct way w;
	uint8_t b[2] = { 0, 0 };

	ck_assert_int_eq(ecsim_segment_break(seg, 2), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), 2);
	/* main side: slaves 0 and 1, looped back at 1 */
	w = send(seg, 0, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.out, 0);
	ck_assert_uint_eq(w.wkc, 2);
	ck_assert_uint_eq(w.adp, 2);
	/* backup side: slaves 2 and 3, processed in ring order */
	w = send(seg, 1, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.len, 60);
	ck_assert_uint_eq(w.out, 1);
	ck_assert_uint_eq(w.wkc, 2);
	ck_assert_uint_eq(w.src0, 0x02);
	/* position 0 on the backup side is the first slave behind the
	 * break: an auto-increment address counts from there */
	w = send(seg, 1, APRD, 0, 0x0010, b, 2);
	ck_assert_uint_eq(w.wkc, 1);
	ck_assert_uint_eq(w.data[0] | w.data[1] << 8, 0x1003);
	/* a fixed address reaches its slave on its side only */
	ck_assert_uint_eq(send(seg, 0, FPRD, 0x1004, 0x0010, b, 2).wkc, 0);
	w = send(seg, 1, FPRD, 0x1004, 0x0010, b, 2);
	ck_assert_uint_eq(w.wkc, 1);
	ck_assert_uint_eq(w.data[0] | w.data[1] << 8, 0x1004);
	/* the cut cable's ends have no link */
	ck_assert(!(dl_status(seg, 1) & LINK(1)));
	ck_assert(!(dl_status(seg, 2) & LINK(0)));
	ck_assert(dl_status(seg, 0) & LINK(1));
	ck_assert(dl_status(seg, 3) & LINK(1));
	/* heal: the normal ways again */
	ecsim_segment_heal(seg);
	w = send(seg, 0, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.out, 1);
	ck_assert_uint_eq(w.wkc, 4);
	ck_assert(dl_status(seg, 1) & LINK(1));
	ck_assert(dl_status(seg, 2) & LINK(0));
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_break_ends)
{
	struct ecsim_segment *seg = ring4();
	struct way w;

	/* break 0: the main port's cable; every slave on the backup side */
	ck_assert_int_eq(ecsim_segment_break(seg, 0), 0);
	ck_assert_uint_eq(send(seg, 0, BRD, 0, 0x0130, NULL, 2).len, 0);
	w = send(seg, 1, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.out, 1);
	ck_assert_uint_eq(w.wkc, 4);
	ck_assert(!(dl_status(seg, 0) & LINK(0)));
	/* break 4: the backup port's cable; a line seen from main */
	ck_assert_int_eq(ecsim_segment_break(seg, 4), 0);
	ck_assert(dl_status(seg, 0) & LINK(0));
	ck_assert(!(dl_status(seg, 3) & LINK(1)));
	w = send(seg, 0, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.out, 0);
	ck_assert_uint_eq(w.wkc, 4);
	ck_assert_uint_eq(send(seg, 1, BRD, 0, 0x0130, NULL, 2).len, 0);
	/* beyond the last cable */
	ck_assert_int_eq(ecsim_segment_break(seg, 5), -ERANGE);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_open_ring_and_tree)
{
	static const char *tree = "{ \"slaves\": [ { \"model\": \"EK1100\" },"
		" { \"model\": \"EK1122\" }, { \"model\": \"EL2004\" },"
		" { \"model\": \"EL1004\", \"link\": { \"to\": 1, "
		"\"port\": 3 } } ] }";
	char err[256];
	struct ecsim_segment *seg = ring4();

	/* without the backup cable nothing is wired to port 1 */
	ck_assert_int_eq(ecsim_segment_set_ring(seg, false), 0);
	ck_assert_uint_eq(send(seg, 1, BRD, 0, 0x0130, NULL, 2).len, 0);
	ck_assert_uint_eq(send(seg, 0, BRD, 0, 0x0130, NULL, 2).out, 0);
	ck_assert(!(dl_status(seg, 3) & LINK(1)));
	/* a break in a line without ring: the slaves behind it are gone */
	ck_assert_int_eq(ecsim_segment_break(seg, 3), 0);
	ck_assert_uint_eq(send(seg, 0, BRD, 0, 0x0130, NULL, 2).wkc, 3);
	ecsim_segment_free(seg);

	seg = ecsim_segment_new_string(tree, err, sizeof(err));
	ck_assert_msg(seg != NULL, "segment: %s", err);
	ck_assert_int_eq(ecsim_segment_set_ring(seg, true), -EOPNOTSUPP);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_commands)
{
	struct ecsim_segment *seg = ring4();
	char out[4096];

	ck_assert_int_eq(ecsim_segment_command(seg, "break 2", out,
					       sizeof(out)), 0);
	ck_assert_str_eq(out, "ok\n");
	ck_assert_int_eq(ecsim_segment_command(seg, "status", out,
					       sizeof(out)), 0);
	ck_assert_ptr_nonnull(strstr(out, "ring closed break 2\n"));
	ck_assert_int_eq(ecsim_segment_command(seg, "break 9", out,
					       sizeof(out)), -ERANGE);
	ck_assert_ptr_nonnull(strstr(out, "error: break 9: the cables are "
				     "0 (main port) to 4 (backup port)"));
	ck_assert_int_eq(ecsim_segment_command(seg, "heal", out,
					       sizeof(out)), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), -1);
	ck_assert_int_eq(ecsim_segment_command(seg, "heal 1", out,
					       sizeof(out)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(out, "break N | heal"));
	ecsim_segment_free(seg);
}
END_TEST

/*
 * A hot-connect group takes its cables with it: pulled out of a closed
 * ring it leaves the ring open where it was, plugged back in there it
 * closes it; absent in the segment file, the ring starts open there.
 */
START_TEST(test_group_opens_ring)
{
	static const char *fmt = "{ \"slaves\": [ { \"model\": \"EK1100\" },"
		" { \"model\": \"EL1004\"%s }, { \"model\": \"EL2004\"%s },"
		" { \"model\": \"EL2004\" } ]%s }";
	static const char *tool = ", \"group\": \"tool\"";
	static const char *absent = ", \"groups\": { \"tool\": { \"absent\": true } }";
	char json[512], err[256];
	struct ecsim_segment *seg;
	struct way w;

	/* in the middle: behind the coupler, in front of the last slave */
	snprintf(json, sizeof(json), fmt, tool, tool, "");
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	ck_assert_msg(seg != NULL, "segment: %s", err);
	ck_assert_int_eq(ecsim_segment_set_ring(seg, true), 0);
	ck_assert_int_eq(ecsim_segment_group_plug(seg, "tool", false), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), 1);
	w = send(seg, 0, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.out, 0);
	ck_assert_uint_eq(w.wkc, 1);	/* the coupler */
	w = send(seg, 1, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.out, 1);
	ck_assert_uint_eq(w.wkc, 1);	/* the last slave */
	/* pulled again: nothing changes */
	ck_assert_int_eq(ecsim_segment_group_plug(seg, "tool", false), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), 1);
	ck_assert_int_eq(ecsim_segment_group_plug(seg, "tool", true), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), -1);
	w = send(seg, 0, BRD, 0, 0x0130, NULL, 2);
	ck_assert_uint_eq(w.out, 1);
	ck_assert_uint_eq(w.wkc, 4);
	ecsim_segment_free(seg);

	/* absent from the start: the ring is open there, no link lost */
	snprintf(json, sizeof(json), fmt, tool, tool, absent);
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	ck_assert_msg(seg != NULL, "segment: %s", err);
	ck_assert_int_eq(ecsim_segment_set_ring(seg, true), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), 1);
	{
		uint8_t lost[2];	/* 0x0310 + port: lost link counters */

		ck_assert_int_eq(ecsim_slave_peek(seg, 0, 0x0310, lost, 2), 0);
		ck_assert_uint_eq(lost[1], 0);
	}
	ck_assert_int_eq(ecsim_segment_group_plug(seg, "tool", true), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), -1);
	ecsim_segment_free(seg);

	/* at the end: the backup port's cable */
	snprintf(json, sizeof(json),
		 "{ \"slaves\": [ { \"model\": \"EK1100\" },"
		 " { \"model\": \"EL1004\" },"
		 " { \"model\": \"EL2004\"%s } ] }", tool);
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	ck_assert_msg(seg != NULL, "segment: %s", err);
	ck_assert_int_eq(ecsim_segment_set_ring(seg, true), 0);
	ck_assert_int_eq(ecsim_segment_group_plug(seg, "tool", false), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), 2);
	ck_assert_uint_eq(send(seg, 1, BRD, 0, 0x0130, NULL, 2).len, 0);
	ck_assert_int_eq(ecsim_segment_group_plug(seg, "tool", true), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(seg), -1);
	ecsim_segment_free(seg);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sim_ring");
	TCase *tc = tcase_create("ring");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_closed_ring);
	tcase_add_test(tc, test_break_middle);
	tcase_add_test(tc, test_break_ends);
	tcase_add_test(tc, test_open_ring_and_tree);
	tcase_add_test(tc, test_commands);
	tcase_add_test(tc, test_group_opens_ring);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
