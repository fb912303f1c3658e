// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment core's slave side (sim/): SII through
 * the EEPROM interface, AL transitions, mailbox handshakes, a CoE upload,
 * process data wiring and input patterns.  Frames are built by hand from
 * the specification (sim_frames.c), with nothing shared with sim/ except
 * the public API; datagrams and addressing are in check_sim_core.c.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_frames.h"

/* ---- SII ---- */

static void sii_read(struct ecsim_segment *seg, uint16_t st, uint32_t word,
		     uint8_t *out, unsigned int chunk, bool *saw_busy)
{
	uint8_t cmd[6] = { 0x00, 0x01, word & 0xff, word >> 8 & 0xff,
			   word >> 16 & 0xff, word >> 24 };
	uint16_t status;

	wr(seg, st, 0x0502, cmd, 6);
	do {
		status = rd16(seg, st, 0x0502);
		if (status & 0x8000)
			*saw_busy = true;
	} while (status & 0x8000);
	ck_assert_uint_eq(dg(seg, FPRD, st, 0x0508, out, chunk), 1);
}

START_TEST(test_sii_contents)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL1008\",\"serial\":77,"
		"\"alias\":5},{\"model\":\"EL3102\"}]}");
	const uint8_t *img;
	size_t len, w;
	uint8_t b[8];
	bool busy = false, tx = false, general = false, syncm = false;
	unsigned int npdo = 0;

	set_stations(seg, 2);
	ck_assert_int_eq(ecsim_slave_sii(seg, 0, &img, &len), 0);
	ck_assert_uint_eq(crc8(img, 14), img[14]);
	ck_assert_uint_eq(img[8] | img[9] << 8, 5);		/* alias */
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0012), 5);
	/* EL1008 declares 4-byte reads (0x0502 bit 6 clear) */
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0502) & 0x40, 0);
	sii_read(seg, 0x1001, 0x0008, b, 4, &busy);
	ck_assert(busy);
	ck_assert_uint_eq(b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24,
			  2);
	sii_read(seg, 0x1001, 0x000a, b, 4, &busy);
	ck_assert_uint_eq(b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24,
			  0x03f03052);
	sii_read(seg, 0x1001, 0x000e, b, 4, &busy);
	ck_assert_uint_eq(b[0], 77);
	/* EL3102: 8-byte reads, mailbox offsets in words 0x18..0x1b */
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0502) & 0x40, 0x40);
	sii_read(seg, 0x1002, 0x0018, b, 8, &busy);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0x1000);
	ck_assert_uint_eq(b[2] | b[3] << 8, 128);
	ck_assert_uint_eq(b[4] | b[5] << 8, 0x1080);
	sii_read(seg, 0x1002, 0x001c, b, 8, &busy);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0x0004);	/* CoE */
	/* categories of the EL1008 */
	for (w = 0x40; w * 2 + 4 <= len;) {
		uint16_t type = img[w * 2] | img[w * 2 + 1] << 8;
		uint16_t size = img[w * 2 + 2] | img[w * 2 + 3] << 8;
		const uint8_t *d = img + w * 2 + 4;

		if (type == 0xffff)
			break;
		if (type == 30)
			general = size == 16;
		if (type == 41)
			syncm = size == 4 && (d[0] | d[1] << 8) == 0x1000 &&
				d[7] == 4;
		if (type == 50) {
			tx = (d[0] | d[1] << 8) == 0x1a00 && d[2] == 1 &&
			     (d[8] | d[9] << 8) == 0x6000 && d[13] == 1;
			npdo = size * 2 / 16;
		}
		w += 2 + size;
	}
	ck_assert(general);
	ck_assert(syncm);
	ck_assert(tx);
	ck_assert_uint_eq(npdo, 8);
	ck_assert_uint_eq(img[w * 2] | img[w * 2 + 1] << 8, 0xffff);
	ecsim_segment_free(seg);
}
END_TEST

/* Poll 0x0502 until the EEPROM interface is idle, as a master must. */
static void eep_wait(struct ecsim_segment *seg, uint16_t st)
{
	unsigned int n = 0;

	while (rd16(seg, st, 0x0502) & 0x8000)
		ck_assert_uint_lt(++n, 10);
}

START_TEST(test_sii_write_and_bad_checksum)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL1008\"},{\"model\":\"EL1008\","
		"\"faults\":{\"sii_checksum\":true}}]}");
	uint8_t w[8] = { 0x00, 0x02, 0x30, 0, 0, 0, 0x34, 0x12 };
	bool busy = false;
	uint8_t b[4];

	set_stations(seg, 2);
	/* write without write enable: error bit 14 */
	wr(seg, 0x1001, 0x0504, w + 2, 4);
	wr(seg, 0x1001, 0x0508, w + 6, 2);
	wr(seg, 0x1001, 0x0502, w, 2);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0502) & 0x4000, 0x4000);
	w[0] = 0x01;
	wr(seg, 0x1001, 0x0502, w, 2);
	sii_read(seg, 0x1001, 0x0030, b, 4, &busy);
	ck_assert_uint_eq(b[0] | b[1] << 8, 0x1234);
	/* new alias in word 4 with a matching CRC, then reload: 0x0012 */
	{
		const uint8_t *img;
		size_t len;
		uint8_t cfg[14], cw[8] = { 0x01, 0x02, 0x04, 0, 0, 0, 0x42,
					   0x00 };

		ck_assert_int_eq(ecsim_slave_sii(seg, 0, &img, &len), 0);
		wr(seg, 0x1001, 0x0504, cw + 2, 4);
		wr(seg, 0x1001, 0x0508, cw + 6, 2);
		wr(seg, 0x1001, 0x0502, cw, 2);
		eep_wait(seg, 0x1001);
		memcpy(cfg, img, 14);
		ck_assert_uint_eq(cfg[8], 0x42);
		cw[2] = 0x07;
		cw[6] = crc8(cfg, 14);
		wr(seg, 0x1001, 0x0504, cw + 2, 4);
		wr(seg, 0x1001, 0x0508, cw + 6, 2);
		wr(seg, 0x1001, 0x0502, cw, 2);
		eep_wait(seg, 0x1001);
		cw[0] = 0x00;
		cw[1] = 0x04;		/* reload */
		wr(seg, 0x1001, 0x0502, cw, 2);
		eep_wait(seg, 0x1001);
		ck_assert_uint_eq(rd16(seg, 0x1001, 0x0012), 0x0042);
		ck_assert_uint_eq(rd16(seg, 0x1001, 0x0502) & 0x0800, 0);
		/* a wrong checksum shows on the next reload */
		cw[0] = 0x01;
		cw[1] = 0x02;
		cw[6] ^= 0xff;
		wr(seg, 0x1001, 0x0508, cw + 6, 2);
		wr(seg, 0x1001, 0x0502, cw, 2);
		/* busy until polled, whatever the time: commands meanwhile
		 * are ignored */
		ecsim_segment_advance(seg, 6000000);
		cw[0] = 0x00;
		cw[1] = 0x04;
		wr(seg, 0x1001, 0x0502, cw, 2);
		ck_assert_uint_eq(rd16(seg, 0x1001, 0x0502) & 0x8000, 0x8000);
		ck_assert_uint_eq(rd16(seg, 0x1001, 0x0502) & 0x8800, 0);
		cw[0] = 0x00;
		cw[1] = 0x04;
		wr(seg, 0x1001, 0x0502, cw, 2);
		eep_wait(seg, 0x1001);
		ck_assert_uint_eq(rd16(seg, 0x1001, 0x0502) & 0x0800, 0x0800);
	}
	/* corrupted checksum: flag set, PDI down, AL requests ignored */
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0502) & 0x0800, 0x0800);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0110) & 1, 0);
	wr16(seg, 0x1002, 0x0120, 0x0002);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0130), 0x0001);
	ecsim_segment_free(seg);
}
END_TEST

/* ---- AL state machine ---- */

START_TEST(test_al_transitions)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL1008\"},{\"model\":\"EL3102\"},"
		"{\"model\":\"EL3102\",\"faults\":{\"no_firmware\":true}},"
		"{\"model\":\"EL5101\"}]}");

	set_stations(seg, 4);
	/* mailbox slave with an application */
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x08), 0x11);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0x0011);
	/* no acknowledge: ignored */
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x01), 0x11);
	/* PREOP needs the mailbox SMs */
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x12), 0x11);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0x0016);
	sm(seg, 0x1002, 0, 0x1000, 128, 0x26, 1);
	sm(seg, 0x1002, 1, 0x1080, 128, 0x22, 1);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x12), 0x02);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x05), 0x12);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0x0012);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x12), 0x02);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x08), 0x12);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0x0011);
	/* SAFEOP without the input SM: invalid input configuration */
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x14), 0x12);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0x001e);
	sm(seg, 0x1002, 3, 0x1180, 6, 0x20, 1);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x14), 0x12);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0x001e); /* no FMMU */
	fmmu(seg, 0x1002, 0, 0x0, 6, 0, 7, 0x1180, 0, 1);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x14), 0x04);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x08), 0x08);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x03), 0x18);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x11), 0x01);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x03), 0x11);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0134), 0x0013);
	/* no valid firmware */
	ck_assert_uint_eq(al_request(seg, 0x1003, 0x02), 0x11);
	ck_assert_uint_eq(rd16(seg, 0x1003, 0x0134), 0x0014);
	/* outputs SM missing: invalid output configuration */
	sm(seg, 0x1004, 0, 0x1000, 128, 0x26, 1);
	sm(seg, 0x1004, 1, 0x1080, 128, 0x22, 1);
	ck_assert_uint_eq(al_request(seg, 0x1004, 0x02), 0x02);
	ck_assert_uint_eq(al_request(seg, 0x1004, 0x04), 0x12);
	ck_assert_uint_eq(rd16(seg, 0x1004, 0x0134), 0x001d);
	/* device emulation (EL1008): AL control is copied, no checks */
	ck_assert_uint_eq(al_request(seg, 0x1001, 0x08), 0x08);
	ck_assert_uint_eq(al_request(seg, 0x1001, 0x05), 0x05);
	ck_assert_uint_eq(al_request(seg, 0x1001, 0x22), 0x22);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x0134), 0);
	/* forced error from the control interface */
	ck_assert_int_eq(ecsim_segment_al_error(seg, 1, 0x001a), 0);
	ck_assert_uint_eq(ecsim_slave_al_status(seg, 1), 0x11);
	ck_assert_uint_eq(ecsim_slave_al_code(seg, 1), 0x001a);
	ecsim_segment_free(seg);
}
END_TEST

/* ---- mailbox ---- */

START_TEST(test_mailbox_error_reply_and_repeat)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL3102\"}]}");
	uint8_t m[128] = { 0 }, r[128], again[128];
	struct fr f;

	set_stations(seg, 1);
	to_preop_mbx(seg, 0x1001);
	/* empty read mailbox: read refused */
	ck_assert_uint_eq(dg(seg, FPRD, 0x1001, 0x1080, r, 128), 0);
	/* SoE request (type 5): unsupported protocol */
	m[0] = 4;
	m[5] = 0x05 | 1 << 4;
	fr_init(&f);
	fr_add(&f, FPWR, 0x1001, 0x1000, m, 128);
	fr_add(&f, FPWR, 0x1001, 0x1000, m, 128);	/* mailbox full */
	fr_add(&f, FPRD, 0x1001, 0x0805, NULL, 1);
	ck_assert_uint_gt(fr_send(seg, &f), 0);
	ck_assert_uint_eq(fr_wkc(&f, 0), 1);
	ck_assert_uint_eq(fr_wkc(&f, 1), 0);
	ck_assert_uint_eq(fr_data(&f, 2)[0] & 0x08, 0x08);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x080d) & 0x08, 0x08);
	ck_assert_uint_eq(dg(seg, FPRD, 0x1001, 0x1080, r, 128), 1);
	ck_assert_uint_eq(r[0] | r[1] << 8, 4);
	ck_assert_uint_eq(r[5] & 0x0f, 0);			/* ERR */
	ck_assert_uint_eq(r[5] >> 4 & 7, 1);			/* counter */
	ck_assert_uint_eq(r[6] | r[7] << 8, 0x0001);
	ck_assert_uint_eq(r[8] | r[9] << 8, 0x0002);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x080d) & 0x08, 0);
	/* repeat request: toggle 0x0806 bit 1, the reply comes again */
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x080e) & 0x0200, 0);
	wr16(seg, 0x1001, 0x080e, 0x0003);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x080e) & 0x0200, 0x0200);
	ck_assert_uint_eq(dg(seg, FPRD, 0x1001, 0x1080, again, 128), 1);
	ck_assert_mem_eq(again, r, 128);
	/* the same counter again is a retry and ignored */
	ck_assert_uint_eq(dg(seg, FPWR, 0x1001, 0x1000, m, 128), 1);
	ck_assert_uint_eq(rd16(seg, 0x1001, 0x080d) & 0x08, 0);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_coe_upload_identity)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL3102\",\"serial\":4711}]}");
	uint8_t m[128] = { 0 }, r[128];

	set_stations(seg, 1);
	to_preop_mbx(seg, 0x1001);
	/* CoE SDO upload request 0x1018:04 (serial), expedited */
	m[0] = 10;
	m[5] = 0x03 | 2 << 4;
	m[6] = 0x00;
	m[7] = 0x20;		/* CoE service 2: SDO request */
	m[8] = 0x40;		/* initiate upload */
	m[9] = 0x18;
	m[10] = 0x10;
	m[11] = 0x04;
	ck_assert_uint_eq(dg(seg, FPWR, 0x1001, 0x1000, m, 128), 1);
	ck_assert_uint_eq(dg(seg, FPRD, 0x1001, 0x1080, r, 128), 1);
	ck_assert_uint_eq(r[5] & 0x0f, 3);
	ck_assert_uint_eq(r[7] >> 4, 3);	/* SDO response */
	ck_assert_uint_eq(r[8] & 0xe0, 0x40);
	ck_assert_uint_eq(r[12] | r[13] << 8, 4711);
	ecsim_segment_free(seg);
}
END_TEST

/* ---- process data ---- */

START_TEST(test_wired_process_data)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL1008\"},{\"model\":\"EL2008\"}],"
		"\"wires\":[{\"from\":1,\"to\":0}]}");
	uint8_t b[2];
	uint64_t v;

	set_stations(seg, 2);
	sm(seg, 0x1001, 0, 0x1000, 1, 0x00, 1);
	fmmu(seg, 0x1001, 0, 0x100, 1, 0, 7, 0x1000, 0, 1);
	sm(seg, 0x1002, 0, 0x0f00, 1, 0x44, 1);
	fmmu(seg, 0x1002, 0, 0x101, 1, 0, 7, 0x0f00, 0, 2);
	ck_assert_uint_eq(al_request(seg, 0x1001, 0x02), 0x02);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x02), 0x02);
	/* device emulation: no PDI deactivates the SMs, data flows in
	 * every state; the EL2008's outputs only count from OP on */
	b[0] = 0;
	b[1] = 0x3c;
	ck_assert_uint_eq(dg(seg, LRW, 0x0100, 0, b, 2), 3);
	ck_assert_uint_eq(dg(seg, LRW, 0x0100, 0, b, 2), 3);
	ck_assert_uint_eq(b[0], 0);
	ck_assert_uint_eq(al_request(seg, 0x1001, 0x04), 0x04);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x04), 0x04);
	ck_assert_uint_eq(al_request(seg, 0x1001, 0x08), 0x08);
	ck_assert_uint_eq(al_request(seg, 0x1002, 0x08), 0x08);
	b[0] = 0;
	b[1] = 0xa5;
	ck_assert_uint_eq(dg(seg, LRW, 0x0100, 0, b, 2), 3);
	/* the outputs written before OP apply now; 0xa5 one frame later */
	ck_assert_uint_eq(b[0], 0x3c);
	ck_assert_int_eq(ecsim_slave_output(seg, 1, 0x7000, 1, &v), 0);
	ck_assert_uint_eq(v, 1);
	ck_assert_int_eq(ecsim_slave_output(seg, 1, 0x7010, 1, &v), 0);
	ck_assert_uint_eq(v, 0);
	b[0] = 0;
	ck_assert_uint_eq(dg(seg, LRW, 0x0100, 0, b, 2), 3);
	ck_assert_uint_eq(b[0], 0xa5);
	ck_assert_int_eq(ecsim_slave_input(seg, 0, 0x6070, 1, &v), 0);
	ck_assert_uint_eq(v, 1);
	/* SM watchdog: 100 ms without outputs; with device emulation only
	 * the ESC notices (0x0440 bit 0 clear, counter 0x0442) */
	ecsim_segment_advance(seg, 150000000);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0440) & 1, 0);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0442) & 0xff, 1);
	ck_assert_uint_eq(ecsim_slave_al_status(seg, 1), 0x08);
	ck_assert_uint_eq(dg(seg, LRW, 0x0100, 0, b, 2), 3);
	ck_assert_uint_eq(rd16(seg, 0x1002, 0x0440) & 1, 1);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_input_patterns)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL5101\",\"inputs\":{"
		"\"0x6010:11\":{\"pattern\":\"counter\",\"start\":10,"
		"\"step\":2},\"0x6010:12\":\"0x1234\","
		"\"0x6010:09\":1}}]}");
	uint8_t b[6];

	set_stations(seg, 1);
	to_preop_mbx(seg, 0x1001);
	/* EL5101 default assignment: 0x1602 (4 bytes), 0x1A03 (6 bytes) */
	sm(seg, 0x1001, 2, 0x1100, 4, 0x24, 1);
	sm(seg, 0x1001, 3, 0x1180, 6, 0x20, 1);
	fmmu(seg, 0x1001, 0, 0x0, 4, 0, 7, 0x1100, 0, 2);
	fmmu(seg, 0x1001, 1, 0x10, 6, 0, 7, 0x1180, 0, 1);
	ck_assert_uint_eq(al_request(seg, 0x1001, 0x04), 0x04);
	memset(b, 0, sizeof(b));
	ck_assert_uint_eq(dg(seg, LRD, 0x0010, 0, b, 6), 1);
	/* counter = start + step * frames seen in SAFEOP/OP: the AL status
	 * read after the request was the first, this LRD the second */
	ck_assert_uint_eq(b[0] | b[1] << 8, 0x0100);	/* input A: bit 8 */
	ck_assert_uint_eq(b[2] | b[3] << 8, 10 + 2 * 2);
	ck_assert_uint_eq(b[4] | b[5] << 8, 0x1234);
	ck_assert_uint_eq(dg(seg, LRD, 0x0010, 0, b, 6), 1);
	ck_assert_uint_eq(b[2] | b[3] << 8, 10 + 2 * 3);
	ecsim_segment_free(seg);
}
END_TEST

static Suite *sim_suite(void)
{
	Suite *s = suite_create("sim_core_slave");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_sii_contents);
	tcase_add_test(tc, test_sii_write_and_bad_checksum);
	tcase_add_test(tc, test_al_transitions);
	tcase_add_test(tc, test_mailbox_error_reply_and_repeat);
	tcase_add_test(tc, test_coe_upload_identity);
	tcase_add_test(tc, test_wired_process_data);
	tcase_add_test(tc, test_input_patterns);
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
