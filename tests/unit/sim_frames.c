// SPDX-License-Identifier: GPL-2.0-only
/*
 * sim_frames.c - frames and register access for the segment core's unit
 * tests (sim_frames.h).
 */
#include <check.h>
#include <string.h>

#include "sim_frames.h"

const char *three =
	"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL1008\"},"
	"{\"model\":\"EL2008\"}]}";


void fr_init(struct fr *f)
{
	memset(f, 0, sizeof(*f));
	memset(f->b, 0xff, 6);
	memcpy(f->b + 6, "\x00\x11\x22\x33\x44\x55", 6);
	f->b[12] = 0x88;
	f->b[13] = 0xa4;
	f->len = 16;
}

unsigned int fr_add(struct fr *f, uint8_t cmd, uint16_t adp,
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

uint8_t *fr_data(struct fr *f, unsigned int i)
{
	return f->b + f->off[i] + 10;
}

uint16_t fr_wkc(struct fr *f, unsigned int i)
{
	uint8_t *p = fr_data(f, i) + f->dlen[i];

	return p[0] | p[1] << 8;
}

uint16_t fr_adp(struct fr *f, unsigned int i)
{
	return f->b[f->off[i] + 2] | f->b[f->off[i] + 3] << 8;
}

size_t fr_send(struct ecsim_segment *seg, struct fr *f)
{
	size_t len = f->len < 60 ? 60 : f->len;

	return ecsim_segment_process(seg, f->b, len);
}

/* One datagram in one frame; returns its working counter. */
uint16_t dg(struct ecsim_segment *seg, uint8_t cmd, uint16_t adp,
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

uint16_t rd16(struct ecsim_segment *seg, uint16_t station,
	      uint16_t ado)
{
	uint8_t b[2] = { 0 };

	ck_assert_uint_eq(dg(seg, FPRD, station, ado, b, 2), 1);
	return b[0] | b[1] << 8;
}

void wr(struct ecsim_segment *seg, uint16_t station, uint16_t ado,
	const void *data, uint16_t len)
{
	uint8_t b[256];

	memcpy(b, data, len);
	ck_assert_uint_eq(dg(seg, FPWR, station, ado, b, len), 1);
}

void wr16(struct ecsim_segment *seg, uint16_t station, uint16_t ado,
	  uint16_t v)
{
	uint8_t b[2] = { v & 0xff, v >> 8 };

	wr(seg, station, ado, b, 2);
}

struct ecsim_segment *seg_new(const char *json)
{
	char err[256];
	struct ecsim_segment *seg = ecsim_segment_new_string(json, err,
							     sizeof(err));

	ck_assert_msg(seg != NULL, "segment: %s", err);
	return seg;
}

/* Station addresses 0x1001.. by position. */
void set_stations(struct ecsim_segment *seg, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint8_t b[2] = { (0x1001 + i) & 0xff, (0x1001 + i) >> 8 };

		ck_assert_uint_eq(dg(seg, APWR, (uint16_t)-i, 0x0010, b, 2), 1);
	}
}

void fmmu(struct ecsim_segment *seg, uint16_t st, unsigned int n,
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

uint8_t crc8(const uint8_t *d, size_t n)
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

uint16_t al_request(struct ecsim_segment *seg, uint16_t st,
		    uint16_t state)
{
	wr16(seg, st, 0x0120, state);
	return rd16(seg, st, 0x0130);
}

void sm(struct ecsim_segment *seg, uint16_t st, unsigned int n,
	uint16_t start, uint16_t len, uint8_t ctl, uint8_t act)
{
	uint8_t b[8] = { start & 0xff, start >> 8, len & 0xff, len >> 8, ctl,
			 0, act, 0 };

	wr(seg, st, 0x0800 + 8 * n, b, 8);
}

void to_preop_mbx(struct ecsim_segment *seg, uint16_t st)
{
	sm(seg, st, 0, 0x1000, 128, 0x26, 1);
	sm(seg, st, 1, 0x1080, 128, 0x22, 1);
	ck_assert_uint_eq(al_request(seg, st, 0x02), 0x02);
}

