// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment core (sim/): datagram commands,
 * addressing and working counters, FMMU bit mapping, frame checks, SII
 * through the EEPROM interface, AL transitions, mailbox handshakes, process
 * data wiring, DC latching, faults.  Frames are built by hand here from the
 * specification, with nothing shared with sim/ except the public API.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecsim.h"

enum { NOP, APRD, APWR, APRW, FPRD, FPWR, FPRW, BRD, BWR, BRW, LRD, LWR,
       LRW, ARMW, FRMW };

struct fr {
	uint8_t b[2048];
	size_t len;
	size_t off[16];
	uint16_t dlen[16];
	unsigned int n;
};

static void fr_init(struct fr *f)
{
	memset(f, 0, sizeof(*f));
	memset(f->b, 0xff, 6);
	memcpy(f->b + 6, "\x00\x11\x22\x33\x44\x55", 6);
	f->b[12] = 0x88;
	f->b[13] = 0xa4;
	f->len = 16;
}

static unsigned int fr_add(struct fr *f, uint8_t cmd, uint16_t adp,
			   uint16_t ado, const void *data, uint16_t len)
{
	uint8_t *p = f->b + f->len;
	uint16_t elen;

	if (f->n)
		f->b[f->off[f->n - 1] + 7] |= 0x80;	/* more follows */
	p[0] = cmd;
	p[1] = (uint8_t)f->n;
	p[2] = adp & 0xff;
	p[3] = adp >> 8;
	p[4] = ado & 0xff;
	p[5] = ado >> 8;
	p[6] = len & 0xff;
	p[7] = (len >> 8) & 0x07;
	if (data)
		memcpy(p + 10, data, len);
	f->off[f->n] = f->len;
	f->dlen[f->n] = len;
	f->len += 12 + len;
	elen = (uint16_t)(f->len - 16);
	f->b[14] = elen & 0xff;
	f->b[15] = 0x10 | elen >> 8;
	return f->n++;
}

static uint8_t *fr_data(struct fr *f, unsigned int i)
{
	return f->b + f->off[i] + 10;
}

static uint16_t fr_wkc(struct fr *f, unsigned int i)
{
	uint8_t *p = fr_data(f, i) + f->dlen[i];

	return p[0] | p[1] << 8;
}

static uint16_t fr_adp(struct fr *f, unsigned int i)
{
	return f->b[f->off[i] + 2] | f->b[f->off[i] + 3] << 8;
}

static size_t fr_send(struct ecsim_segment *seg, struct fr *f)
{
	size_t len = f->len < 60 ? 60 : f->len;

	return ecsim_segment_process(seg, f->b, len);
}

/* One datagram in one frame; returns its working counter. */
static uint16_t dg(struct ecsim_segment *seg, uint8_t cmd, uint16_t adp,
		   uint16_t ado, void *data, uint16_t len)
{
	struct fr f;

	fr_init(&f);
	fr_add(&f, cmd, adp, ado, data, len);
	ck_assert_uint_eq(fr_send(seg, &f), f.len < 60 ? 60 : f.len);
	if (data)
		memcpy(data, fr_data(&f, 0), len);
	return fr_wkc(&f, 0);
}

static uint16_t rd16(struct ecsim_segment *seg, uint16_t station,
		     uint16_t ado)
{
	uint8_t b[2] = { 0 };

	ck_assert_uint_eq(dg(seg, FPRD, station, ado, b, 2), 1);
	return b[0] | b[1] << 8;
}

static void wr(struct ecsim_segment *seg, uint16_t station, uint16_t ado,
	       const void *data, uint16_t len)
{
	uint8_t b[256];

	memcpy(b, data, len);
	ck_assert_uint_eq(dg(seg, FPWR, station, ado, b, len), 1);
}

static void wr16(struct ecsim_segment *seg, uint16_t station, uint16_t ado,
		 uint16_t v)
{
	uint8_t b[2] = { v & 0xff, v >> 8 };

	wr(seg, station, ado, b, 2);
}

static struct ecsim_segment *seg_new(const char *json)
{
	char err[256];
	struct ecsim_segment *seg = ecsim_segment_new_string(json, err,
							     sizeof(err));

	ck_assert_msg(seg != NULL, "segment: %s", err);
	return seg;
}

/* Station addresses 0x1001.. by position. */
static void set_stations(struct ecsim_segment *seg, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint8_t b[2] = { (0x1001 + i) & 0xff, (0x1001 + i) >> 8 };

		ck_assert_uint_eq(dg(seg, APWR, (uint16_t)-i, 0x0010, b, 2), 1);
	}
}

static const char *three =
	"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL1008\"},"
	"{\"model\":\"EL2008\"}]}";

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

static void fmmu(struct ecsim_segment *seg, uint16_t st, unsigned int n,
		 uint32_t log, uint16_t len, uint8_t lbit, uint8_t lstop,
		 uint16_t phys, uint8_t pbit, uint8_t type)
{
	uint8_t f[16] = {
		log & 0xff, log >> 8 & 0xff, log >> 16 & 0xff, log >> 24,
		len & 0xff, len >> 8, lbit, lstop, phys & 0xff, phys >> 8,
		pbit, type, 1, 0, 0, 0,
	};

	wr(seg, st, 0x0600 + 16 * n, f, 16);
}

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

/* ---- SII ---- */

static uint8_t crc8(const uint8_t *d, size_t n)
{
	uint8_t c = 0xff;
	size_t i;
	int k;

	for (i = 0; i < n; i++) {
		c ^= d[i];
		for (k = 0; k < 8; k++)
			c = c & 0x80 ? (uint8_t)((c << 1) ^ 0x07) :
				       (uint8_t)(c << 1);
	}
	return c;
}

/* Read @n bytes of SII at word @word through the EEPROM interface. */
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

static uint16_t al_request(struct ecsim_segment *seg, uint16_t st,
			   uint16_t state)
{
	wr16(seg, st, 0x0120, state);
	return rd16(seg, st, 0x0130);
}

static void sm(struct ecsim_segment *seg, uint16_t st, unsigned int n,
	       uint16_t start, uint16_t len, uint8_t ctl, uint8_t act)
{
	uint8_t b[8] = { start & 0xff, start >> 8, len & 0xff, len >> 8, ctl,
			 0, act, 0 };

	wr(seg, st, 0x0800 + 8 * n, b, 8);
}

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

static void to_preop_mbx(struct ecsim_segment *seg, uint16_t st)
{
	sm(seg, st, 0, 0x1000, 128, 0x26, 1);
	sm(seg, st, 1, 0x1080, 128, 0x22, 1);
	ck_assert_uint_eq(al_request(seg, st, 0x02), 0x02);
}

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
	tcase_add_test(tc, test_sii_contents);
	tcase_add_test(tc, test_sii_write_and_bad_checksum);
	tcase_add_test(tc, test_al_transitions);
	tcase_add_test(tc, test_mailbox_error_reply_and_repeat);
	tcase_add_test(tc, test_coe_upload_identity);
	tcase_add_test(tc, test_event_irq_field);
	tcase_add_test(tc, test_wired_process_data);
	tcase_add_test(tc, test_input_patterns);
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
