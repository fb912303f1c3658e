// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the segment's addressing index (sim/index.c): a frame
 * visits only the slaves it addresses, and that must give the same answer
 * as passing it through every slave.  Each test builds the same segment
 * twice, one of them the reference (ecsim_segment_set_reference(): every
 * frame through every slave, the wiring walked every frame), sends both
 * the same frames and compares the answers byte for byte, and in the end
 * the registers and process RAM of every slave.  The segments are random
 * (models, wiring through EK1100 ports, aliases, input patterns, frame
 * corruption and link faults), and so are the frames: position, configured
 * and logical addressing, broadcasts, ARMW/FRMW, writes of station
 * addresses, DL control (alias enable, loops), event masks, FMMUs, AL
 * control, the DC latch, with time passing, slaves unplugged and
 * replugged.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecsim.h"
#include "sim_priv.h"

static uint32_t rng;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static unsigned int below(unsigned int n)
{
	return n ? rnd() % n : 0;
}

static const char *const models[] = {
	"EK1100", "EL1004", "EL1008", "EL2004", "EL2008", "EL3102",
	"EL5101", "ECSIM-SERVO",
};

/* Ports a slave of model @m has behind port 0. */
static unsigned int ports(const char *m)
{
	return !strcmp(m, "EK1100") ? 2 : !strcmp(m, "EK1122") ? 3 : 1;
}

/* A random segment file of @n slaves. */
static char *segment_json(unsigned int n, bool faults)
{
	size_t size = 256 + (size_t)n * 256, off = 0;
	char *j = malloc(size);
	const char *model[64];
	bool used[64][4];
	unsigned int i;

	ck_assert_ptr_nonnull(j);
	ck_assert_uint_le(n, 64);
	memset(used, 0, sizeof(used));
	off += (size_t)snprintf(j + off, size - off, "{%s\"slaves\":[",
		faults ? "\"faults\":{\"corrupt\":3,\"seed\":7}," : "");
	for (i = 0; i < n; i++) {
		const char *m = models[below(sizeof(models) /
					     sizeof(models[0]))];
		unsigned int to = i - 1, port = 1;

		model[i] = m;
		off += (size_t)snprintf(j + off, size - off,
					"%s{\"model\":\"%s\"", i ? "," : "", m);
		if (i && below(3) == 0) {	/* a branch somewhere earlier */
			unsigned int k;

			for (k = 0; k < 8; k++) {
				unsigned int t = below(i);
				unsigned int p = 1 + below(ports(model[t]));

				if (!used[t][p]) {
					to = t;
					port = p;
					break;
				}
			}
		}
		if (i) {
			if (used[to][port]) {	/* i - 1's port 1 is free */
				to = i - 1;
				port = 1;
			}
			used[to][port] = true;
			off += (size_t)snprintf(j + off, size - off,
				",\"link\":{\"to\":%u,\"port\":%u}", to, port);
		}
		if (below(4) == 0)	/* duplicates on purpose */
			off += (size_t)snprintf(j + off, size - off,
						",\"alias\":%u", 1 + below(4));
		if (!strcmp(m, "EL5101") && below(2))
			off += (size_t)snprintf(j + off, size - off,
				",\"inputs\":{\"0x6010:11\":{\"pattern\":\"counter\",\"start\":%u,\"step\":3}}",
				below(100));
		if (!strncmp(m, "EL100", 5) && below(2))
			off += (size_t)snprintf(j + off, size - off,
				",\"inputs\":{\"0x6000:01\":{\"pattern\":\"toggle\",\"period\":%u}}",
				1 + below(3));
		off += (size_t)snprintf(j + off, size - off, "}");
	}
	snprintf(j + off, size - off, "]}");
	return j;
}

struct pair {
	struct ecsim_segment *fast, *ref;
	unsigned int n;
};

static struct pair pair_new(const char *json)
{
	struct pair p;
	char err[512];

	p.fast = ecsim_segment_new_string(json, err, sizeof(err));
	ck_assert_msg(p.fast != NULL, "%s: %s", json, err);
	p.ref = ecsim_segment_new_string(json, err, sizeof(err));
	ck_assert_ptr_nonnull(p.ref);
	ecsim_segment_set_reference(p.ref, true);
	p.n = ecsim_segment_slave_count(p.fast);
	return p;
}

static void pair_free(struct pair *p)
{
	ecsim_segment_free(p->fast);
	ecsim_segment_free(p->ref);
}

/* Registers and process RAM of every slave alike. */
static void pair_compare_memory(const struct pair *p, const char *when)
{
	static uint8_t a[0x2000], b[0x2000];
	unsigned int i, k;

	for (i = 0; i < p->n; i++) {
		ck_assert_int_eq(ecsim_slave_peek(p->fast, i, 0, a, sizeof(a)),
				 0);
		ck_assert_int_eq(ecsim_slave_peek(p->ref, i, 0, b, sizeof(b)),
				 0);
		if (!memcmp(a, b, sizeof(a)))
			continue;	/* (check's asserts cost a write each) */
		for (k = 0; a[k] == b[k]; k++)
			;
		ck_abort_msg("%s: slave %u byte 0x%04x: 0x%02x, the reference 0x%02x",
			     when, i, k, a[k], b[k]);
	}
}

struct frame {
	uint8_t b[1600];
	size_t len, pos;	/* pos: where the next datagram goes */
	uint8_t *last;		/* last datagram header */
};

static void frame_init(struct frame *f)
{
	memset(f, 0, sizeof(*f));
	memset(f->b, 0xff, 6);
	f->b[12] = 0x88;
	f->b[13] = 0xa4;
	f->pos = 16;
}

static void frame_add(struct frame *f, uint8_t cmd, uint16_t adp,
		      uint16_t ado, const uint8_t *data, uint16_t len)
{
	uint8_t *d = f->b + f->pos;

	if (f->last)
		f->last[7] |= 0x80;	/* more datagrams follow */
	d[0] = cmd;
	d[1] = (uint8_t)rnd();
	d[2] = adp & 0xff;
	d[3] = adp >> 8;
	d[4] = ado & 0xff;
	d[5] = ado >> 8;
	d[6] = len & 0xff;
	d[7] = (len >> 8) & 0x07;
	d[8] = 0;
	d[9] = 0;
	memcpy(d + 10, data, len);
	d[10 + len] = 0;
	d[11 + len] = 0;
	f->last = d;
	f->pos += 12 + len;
	f->len = f->pos < 60 ? 60 : f->pos;
	f->b[14] = (f->pos - 16) & 0xff;
	f->b[15] = 0x10 | (uint8_t)((f->pos - 16) >> 8);
}

/* An address a datagram of this segment may hit. */
static uint16_t station(unsigned int n)
{
	switch (below(4)) {
	case 0:
		return (uint16_t)below(5);		/* 0, aliases */
	default:
		return (uint16_t)(0x1001 + below(n + 1));
	}
}

/* A random datagram on the registers that addressing depends on. */
static void random_datagram(struct frame *f, unsigned int n)
{
	static const uint8_t cmds[] = {
		CMD_APRD, CMD_APWR, CMD_APRW, CMD_FPRD, CMD_FPWR, CMD_FPRW,
		CMD_LRD, CMD_LWR, CMD_LRW, CMD_APRD, CMD_FPRD, CMD_LRW,
		CMD_BRD, CMD_BWR, CMD_NOP, CMD_ARMW, CMD_FRMW,
	};
	uint8_t cmd = cmds[below(sizeof(cmds))], d[64];
	uint16_t adp = 0, ado = 0, len = 2;
	unsigned int i;

	for (i = 0; i < sizeof(d); i++)
		d[i] = (uint8_t)rnd();
	if (cmd >= CMD_APRD && cmd <= CMD_APRW)
		adp = (uint16_t)(0u - below(n + 2));
	else if (cmd == CMD_ARMW)
		adp = (uint16_t)(0u - below(n + 1));
	else if (cmd >= CMD_FPRD && cmd <= CMD_FPRW)
		adp = station(n);
	else if (cmd == CMD_FRMW)
		adp = station(n);
	if (cmd >= CMD_LRD && cmd <= CMD_LRW) {
		/* logical: a window of the first 512 bytes */
		uint32_t la = below(512);

		len = (uint16_t)(1 + below(40));
		frame_add(f, cmd, la & 0xffff, (uint16_t)(la >> 16), d, len);
		return;
	}
	switch (below(11)) {
	case 0:		/* station address */
		ado = ESC_REG_STATION_ADDR;
		d[0] = (uint8_t)(0x01 + below(n + 1));
		d[1] = 0x10;
		break;
	case 1:		/* DL control: forwarding, loops, alias enable */
		ado = ESC_REG_DL_CONTROL;
		len = 4;
		d[0] = 1;
		d[1] = below(3) ? 0 : (uint8_t)rnd();
		d[2] = 0;
		d[3] = (uint8_t)below(2);
		break;
	case 2:		/* event mask */
		ado = ESC_REG_ECAT_EVENT_MASK;
		if (below(3))
			d[0] = d[1] = 0;
		break;
	case 3:		/* an FMMU in the logical window */
	case 4: {
		uint32_t la = below(480);

		ado = (uint16_t)ESC_REG_FMMU(below(3));
		len = 16;
		memset(d, 0, 16);
		d[0] = la & 0xff;
		d[1] = (la >> 8) & 0xff;
		d[4] = (uint8_t)(1 + below(24));
		d[6] = (uint8_t)below(8);
		d[7] = (uint8_t)below(8);
		d[8] = 0x00;
		d[9] = below(2) ? 0x0f : 0x10;	/* outputs or RAM */
		d[11] = (uint8_t)(1 + below(3));
		d[12] = (uint8_t)below(4) != 0;
		break;
	}
	case 5:		/* AL control: any state; emulated ones follow */
		ado = ESC_REG_AL_CONTROL;
		d[0] = (uint8_t)(1u << below(4));
		d[1] = 0;
		break;
	case 6:		/* latch the receive times */
		ado = ESC_REG_DC_RX_TIME(0);
		len = 4;
		break;
	case 7:
		ado = ESC_REG_DC_SYSTIME;
		len = 8;
		break;
	case 8:
		ado = ESC_REG_AL_STATUS;
		break;
	case 9:
		ado = ESC_REG_DIO_OUT;
		len = 4;
		break;
	default:
		ado = (uint16_t)(0x1000 + below(0x100));
		len = (uint16_t)(1 + below(16));
		break;
	}
	frame_add(f, cmd, adp, ado, d, len);
}

/* The same frame through both; the same answer. */
static void pair_frame(struct pair *p, const struct frame *f, unsigned int port,
		       const char *when)
{
	static uint8_t a[1600], b[1600];
	unsigned int oa = 9, ob = 9;
	size_t la, lb, k;

	memcpy(a, f->b, f->len);
	memcpy(b, f->b, f->len);
	la = ecsim_segment_process_port(p->fast, port, a, f->len, &oa);
	lb = ecsim_segment_process_port(p->ref, port, b, f->len, &ob);
	if (la != lb || oa != ob)
		ck_abort_msg("%s: length %zu port %u, the reference %zu port %u",
			     when, la, oa, lb, ob);
	if (!memcmp(a, b, la))
		return;
	for (k = 0; a[k] == b[k]; k++)
		;
	ck_abort_msg("%s: frame byte %zu: 0x%02x, the reference 0x%02x", when,
		     k, a[k], b[k]);
}

static void pair_stations(struct pair *p)
{
	struct frame f;
	unsigned int i;
	uint8_t a[2];

	for (i = 0; i < p->n; i++) {
		frame_init(&f);
		a[0] = (uint8_t)(0x01 + i);
		a[1] = 0x10;
		frame_add(&f, CMD_APWR, (uint16_t)(0u - i),
			  ESC_REG_STATION_ADDR, a, 2);
		pair_frame(p, &f, 0, "station addresses");
	}
}

/* @frames random frames through a random segment of @n slaves. */
static void run_random(uint32_t seed, unsigned int n, unsigned int frames,
		       bool faults)
{
	char *json, when[96];
	struct pair p;
	unsigned int i, k;

	rng = seed;
	json = segment_json(n, faults);
	p = pair_new(json);
	if (faults && n > 2) {
		unsigned int id = 1 + below(n - 1);

		ck_assert_int_eq(ecsim_segment_link_fault(p.fast, id, 0,
				 ECSIM_LINK_RX_ERROR, 20000), 0);
		ck_assert_int_eq(ecsim_segment_link_fault(p.ref, id, 0,
				 ECSIM_LINK_RX_ERROR, 20000), 0);
	}
	pair_stations(&p);
	for (i = 0; i < frames; i++) {
		struct frame f;
		unsigned int nd = 1 + below(4);

		if (below(16) == 0) {
			uint64_t dt = 1000 + below(3000000);

			ecsim_segment_advance(p.fast, dt);
			ecsim_segment_advance(p.ref, dt);
		}
		if (below(64) == 0) {
			unsigned int id = below(n);

			if (ecsim_slave_plugged(p.fast, id)) {
				ecsim_segment_unplug(p.fast, id);
				ecsim_segment_unplug(p.ref, id);
			} else {
				ecsim_segment_replug(p.fast, id);
				ecsim_segment_replug(p.ref, id);
			}
		}
		frame_init(&f);
		for (k = 0; k < nd; k++)
			random_datagram(&f, n);
		snprintf(when, sizeof(when), "seed %u, %u slaves, frame %u",
			 seed, n, i);
		pair_frame(&p, &f, 0, when);
	}
	pair_compare_memory(&p, json);
	/* the short way was taken (else nothing was compared) */
	ck_assert_uint_gt(p.fast->ix.fast, frames / 8);
	ck_assert_uint_eq(p.ref->ix.fast, 0);
	pair_free(&p);
	free(json);
}

START_TEST(test_random_segments)
{
	unsigned int n = 2 + (unsigned int)_i * 5 % 40;

	run_random(0x9e3779b9u + (uint32_t)_i, n, 1500, false);
}
END_TEST

START_TEST(test_random_segments_faults)
{
	unsigned int n = 3 + (unsigned int)_i * 7 % 30;

	run_random(0x85ebca6bu + (uint32_t)_i, n, 1000, true);
}
END_TEST

/* A closed ring, broken and healed, frames from both master ports. */
START_TEST(test_ring_ports)
{
	static const char *json = "{\"slaves\":[{\"model\":\"EL2008\"},"
		"{\"model\":\"EL1004\"},{\"model\":\"EL2004\"},"
		"{\"model\":\"EL2008\"},{\"model\":\"EL1008\"}]}";
	struct pair p;
	unsigned int i, k;
	char when[64];

	rng = 12345;
	p = pair_new(json);
	pair_stations(&p);
	ck_assert_int_eq(ecsim_segment_set_ring(p.fast, true), 0);
	ck_assert_int_eq(ecsim_segment_set_ring(p.ref, true), 0);
	for (i = 0; i < 600; i++) {
		struct frame f;

		if (i % 50 == 0) {
			unsigned int at = below(7);

			if (at <= 5) {
				ecsim_segment_break(p.fast, at);
				ecsim_segment_break(p.ref, at);
			} else {
				ecsim_segment_heal(p.fast);
				ecsim_segment_heal(p.ref);
			}
		}
		frame_init(&f);
		for (k = 0; k < 3; k++)
			random_datagram(&f, 5);
		snprintf(when, sizeof(when), "ring frame %u", i);
		pair_frame(&p, &f, below(2), when);
	}
	pair_compare_memory(&p, "ring");
	pair_free(&p);
}
END_TEST

/*
 * What the index is for: in a segment of 3000 slaves a configured,
 * a position and a logical datagram each visit only their slave.
 */
START_TEST(test_large_segment_visits_few)
{
	unsigned int n = 3000, i;
	size_t size = 32 + (size_t)n * 24, off;
	char *json = malloc(size), err[256];
	struct ecsim_segment *seg;
	struct frame f;
	uint8_t d[16] = { 0 };

	ck_assert_ptr_nonnull(json);
	off = (size_t)snprintf(json, size, "{\"slaves\":[");
	for (i = 0; i < n; i++)
		off += (size_t)snprintf(json + off, size - off,
					"%s{\"model\":\"EL2008\"}",
					i ? "," : "");
	snprintf(json + off, size - off, "]}");
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	ck_assert_msg(seg != NULL, "%s", err);
	free(json);
	/* the last slave: station address 0x2000, FMMU 0 at logical
	 * 0x10000, 1 byte onto its outputs */
	frame_init(&f);
	d[0] = 0x00;
	d[1] = 0x20;
	frame_add(&f, CMD_APWR, (uint16_t)(0u - (n - 1)),
		  ESC_REG_STATION_ADDR, d, 2);
	ck_assert_uint_gt(ecsim_segment_process(seg, f.b, f.len), 0);
	ck_assert_uint_eq(f.b[28] | f.b[29] << 8, 1);
	ck_assert_uint_le(seg->ix.n_visit, 1);
	memset(d, 0, sizeof(d));
	d[2] = 0x01;		/* logical 0x00010000 */
	d[4] = 1;
	d[7] = 7;
	d[8] = 0x00;
	d[9] = 0x0f;
	d[11] = 2;
	d[12] = 1;
	frame_init(&f);
	frame_add(&f, CMD_FPWR, 0x2000, (uint16_t)ESC_REG_FMMU(0), d, 16);
	ck_assert_uint_gt(ecsim_segment_process(seg, f.b, f.len), 0);
	ck_assert_uint_eq(f.b[42] | f.b[43] << 8, 1);
	ck_assert_uint_eq(seg->ix.n_visit, 1);
	frame_init(&f);
	d[0] = 0xa5;
	frame_add(&f, CMD_LWR, 0x0000, 0x0001, d, 1);
	ck_assert_uint_gt(ecsim_segment_process(seg, f.b, f.len), 0);
	ck_assert_uint_eq(f.b[27] | f.b[28] << 8, 1);
	ck_assert_uint_eq(seg->ix.n_visit, 1);
	ck_assert_int_eq(ecsim_slave_peek(seg, n - 1, ESC_REG_DIO_OUT, d, 1),
			 0);
	ck_assert_uint_eq(d[0], 0xa5);
	/* a broadcast still passes all of them */
	frame_init(&f);
	frame_add(&f, CMD_BRD, 0, ESC_REG_AL_STATUS, d, 2);
	ck_assert_uint_gt(ecsim_segment_process(seg, f.b, f.len), 0);
	ck_assert_uint_eq(f.b[28] | f.b[29] << 8, n);
	ck_assert_uint_eq(f.b[18] | f.b[19] << 8, n);
	ck_assert_uint_eq(seg->ix.full, 1);
	ecsim_segment_free(seg);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sim_fastpath");
	TCase *tc = tcase_create("fastpath");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_random_segments, 0, 16);
	tcase_add_loop_test(tc, test_random_segments_faults, 0, 8);
	tcase_add_test(tc, test_ring_ports);
	tcase_add_test(tc, test_large_segment_visits_few);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
