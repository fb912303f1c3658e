// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_wire.c - what the master put on the wire per cycle in OP, from a
 * capture of the rig (tests/vm/run --pcap: classic pcap, both directions,
 * each answer right after its frame).  Its own reading of the EtherCAT
 * frame (ETG.1000.4 clause 5.4: frame header, then datagrams of a 10-byte
 * header, data and a 2-byte working counter), shared with nothing.
 *
 *   bench-wire [-p PERIOD_US] CAPTURE
 *
 * A cycle is a frame with process data (LRD, LWR, LRW) and the frames
 * without process data sent before the next one, when that comes within
 * 3 periods (else the application stopped cycling: the idle phase's
 * frames are not a cycle's).  Per cycle, the datagrams and EtherCAT bytes
 * are split into the domains', the master's monitoring (BRD of the AL
 * status 0x0130, FPRD of its first byte, FPRD of SM1's status 0x080d and
 * activate, 2 bytes),
 * the slaves' own AL status reads (FPRD 0x0130, 6 bytes), the link
 * health's reads and clears of the error counters (FPRD or FPWR 0x0300,
 * 20 bytes) and the rest
 * (the FSMs' work).  Prints a line of "key=mean/max"
 * figures (BENCH wire ...) over all cycles, and one over the steady
 * state: the second half of each run of cycles (start-up over).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ETH_HDR 14
#define ECAT_TYPE 0x88a4
#define DG_HDR 10
#define DG_WKC 2

enum { K_DOMAIN, K_MONITOR, K_ALREAD, K_HEALTH, K_FSM, K_COUNT };

struct fig {
	double sum;
	unsigned long max;
};

struct cycle {
	unsigned long dg[K_COUNT], bytes[K_COUNT], frames;
	uint64_t t_us;
};

static struct fig f_frames, f_dg[K_COUNT], f_bytes[K_COUNT], f_total;
static unsigned long cycles, over_monitor;

/* Per cycle, for the steady state: the second half of each run of
 * cycles (a run ends where the application stopped cycling). */
#define MAX_CYCLES 200000
static unsigned short c_mon_dg[MAX_CYCLES], c_mon_by[MAX_CYCLES];
static unsigned int c_fsm_by[MAX_CYCLES];
static unsigned long run_start;
static struct fig s_mon_dg, s_mon_by, s_fsm_by;
static unsigned long steady, steady_over;

static void fig_add(struct fig *f, unsigned long v);

/* The run [run_start, cycles) ended: its second half is steady. */
static void run_end(void)
{
	unsigned long i, n = cycles - run_start;

	for (i = run_start + n / 2; i < cycles && i < MAX_CYCLES; i++) {
		steady++;
		fig_add(&s_mon_dg, c_mon_dg[i]);
		fig_add(&s_mon_by, c_mon_by[i]);
		fig_add(&s_fsm_by, c_fsm_by[i]);
		if (c_mon_by[i] > 14)
			steady_over++;
	}
	run_start = cycles;
}

static void fig_add(struct fig *f, unsigned long v)
{
	f->sum += v;
	if (v > f->max)
		f->max = v;
}

static void cycle_flush(const struct cycle *c, int with_extras)
{
	unsigned long total = c->bytes[K_DOMAIN], i;

	if (cycles < MAX_CYCLES) {
		c_mon_dg[cycles] = with_extras ? c->dg[K_MONITOR] : 0;
		c_mon_by[cycles] = with_extras ? c->bytes[K_MONITOR] : 0;
		c_fsm_by[cycles] = with_extras ? c->bytes[K_FSM] : 0;
	}
	cycles++;
	if (!with_extras)
		run_end();	/* the application stopped cycling after it */
	fig_add(&f_frames, with_extras ? c->frames : 1);
	for (i = 0; i < K_COUNT; i++) {
		unsigned long dg = c->dg[i], by = c->bytes[i];

		if (!with_extras && i != K_DOMAIN) {
			dg = 0;	/* only the frame with process data counts */
			by = 0;
		}
		fig_add(&f_dg[i], dg);
		fig_add(&f_bytes[i], by);
		if (i != K_DOMAIN)
			total += by;
	}
	fig_add(&f_total, total);
	if (with_extras && c->bytes[K_MONITOR] > 14)
		over_monitor++;
}

static unsigned int get16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

static int kind_of(unsigned int cmd, unsigned int ado, unsigned int len)
{
	if (cmd >= 10 && cmd <= 12)		/* LRD, LWR, LRW */
		return K_DOMAIN;
	if (cmd == 7 && ado == 0x0130)
		return K_MONITOR;	/* BRD AL status */
	/* FPRD of the AL status: the monitor's check (1 byte); a slave's own
	 * read of status and code (6 bytes: fsm_target.c's check, every
	 * 100 ms per slave before, when the monitor saw a change now) is
	 * counted apart; 2 bytes is a state change's (fsm_change.c). */
	if (cmd == 4 && ado == 0x0130 && len == 1)
		return K_MONITOR;
	if (cmd == 4 && ado == 0x0130 && len == 6)
		return K_ALREAD;
	if (cmd == 4 && ado == 0x080d && len == 2)
		return K_MONITOR;	/* the monitor's FPRD of SM1 status */
	if ((cmd == 4 || cmd == 5) && ado == 0x0300 && len == 20)
		return K_HEALTH;	/* link health: read or clear 0x0300 */
	/* (1 byte at 0x080d: a transfer's check, or before the idle
	 * check's: FSM work) */
	return K_FSM;
}

/* Parse one frame into @c; return 1 if it has process data, -1 if not
 * EtherCAT. */
static int parse(const uint8_t *f, size_t n, struct cycle *c)
{
	size_t off, end;
	int pd = 0;

	if (n < ETH_HDR + 2 || (f[12] << 8 | f[13]) != ECAT_TYPE)
		return -1;
	end = ETH_HDR + 2 + (get16(f + ETH_HDR) & 0x07ff);
	if (end > n)
		end = n;
	for (off = ETH_HDR + 2; off + DG_HDR + DG_WKC <= end;) {
		const uint8_t *d = f + off;
		unsigned int len = get16(d + 6) & 0x07ff;
		int more = get16(d + 6) & 0x8000, k;

		k = kind_of(d[0], get16(d + 4), len);
		if (k == K_DOMAIN)
			pd = 1;
		c->dg[k]++;
		c->bytes[k] += DG_HDR + len + DG_WKC;
		off += DG_HDR + len + DG_WKC;
		if (!more)
			break;
	}
	return pd;
}

int main(int argc, char **argv)
{
	static uint8_t buf[65536], prev[65536];
	unsigned long period_us = 1000;
	size_t prev_len = 0;
	struct cycle cur, fr;
	uint8_t gh[24], rh[16];
	int opt, in_cycle = 0, i;
	FILE *in;

	while ((opt = getopt(argc, argv, "p:")) != -1) {
		if (opt != 'p')
			goto usage;
		period_us = strtoul(optarg, NULL, 0);
	}
	if (optind != argc - 1 || !period_us)
		goto usage;
	in = fopen(argv[optind], "rb");
	if (!in || fread(gh, sizeof(gh), 1, in) != 1 ||
	    gh[0] != 0xd4 || gh[1] != 0xc3 || gh[2] != 0xb2 || gh[3] != 0xa1) {
		fprintf(stderr, "bench-wire: %s: not a little-endian classic pcap file\n",
			argv[optind]);
		return 1;
	}
	memset(&cur, 0, sizeof(cur));
	while (fread(rh, sizeof(rh), 1, in) == 1) {
		uint32_t caplen = rh[8] | rh[9] << 8 | rh[10] << 16 |
				  (uint32_t)rh[11] << 24;
		uint64_t t = (uint64_t)(rh[0] | rh[1] << 8 | rh[2] << 16 |
					(uint32_t)rh[3] << 24) * 1000000 +
			     (rh[4] | rh[5] << 8 | rh[6] << 16 |
			      (uint32_t)rh[7] << 24);
		int pd;

		if (caplen > sizeof(buf) || fread(buf, caplen, 1, in) != 1)
			break;
		/* The answer: the same frame once more, working counters
		 * and data changed (index and length are the same). */
		if (prev_len == caplen && caplen > ETH_HDR + 2 + DG_HDR &&
		    !memcmp(prev + ETH_HDR, buf + ETH_HDR, 2 + 2)) {
			prev_len = 0;
			continue;
		}
		memcpy(prev, buf, caplen);
		prev_len = caplen;
		memset(&fr, 0, sizeof(fr));
		pd = parse(buf, caplen, &fr);
		if (pd < 0)
			continue;
		if (pd) {
			if (in_cycle)
				cycle_flush(&cur, t - cur.t_us <=
					    3 * period_us);
			cur = fr;
			cur.frames = 1;
			cur.t_us = t;
			in_cycle = 1;
			continue;
		}
		if (!in_cycle)
			continue;
		cur.frames++;
		for (i = 0; i < K_COUNT; i++) {
			cur.dg[i] += fr.dg[i];
			cur.bytes[i] += fr.bytes[i];
		}
	}
	if (in_cycle)
		cycle_flush(&cur, 0);
	fclose(in);
	if (run_start < cycles)
		run_end();
	if (!cycles) {
		printf("BENCH wire cycles=0\n");
		return 0;
	}
#define MM(f) (f).sum / cycles, (f).max
	printf("BENCH wire cycles=%lu frames=%.2f/%lu domain_datagrams=%.2f/%lu domain_bytes=%.1f/%lu monitor_datagrams=%.2f/%lu monitor_bytes=%.1f/%lu alread_datagrams=%.2f/%lu alread_bytes=%.1f/%lu fsm_datagrams=%.2f/%lu fsm_bytes=%.1f/%lu total_bytes=%.1f/%lu monitor_over_14=%lu health_datagrams=%.2f/%lu health_bytes=%.1f/%lu\n",
	       cycles, MM(f_frames), MM(f_dg[K_DOMAIN]), MM(f_bytes[K_DOMAIN]),
	       MM(f_dg[K_MONITOR]), MM(f_bytes[K_MONITOR]),
	       MM(f_dg[K_ALREAD]), MM(f_bytes[K_ALREAD]), MM(f_dg[K_FSM]),
	       MM(f_bytes[K_FSM]), MM(f_total), over_monitor,
	       MM(f_dg[K_HEALTH]), MM(f_bytes[K_HEALTH]));
	if (steady) {
#undef MM
#define MM(f) (f).sum / steady, (f).max
		printf("BENCH wire steady=%lu steady_monitor_datagrams=%.2f/%lu steady_monitor_bytes=%.1f/%lu steady_fsm_bytes=%.1f/%lu steady_monitor_over_14=%lu\n",
		       steady, MM(s_mon_dg), MM(s_mon_by), MM(s_fsm_by),
		       steady_over);
	}
	return 0;
usage:
	fprintf(stderr, "usage: bench-wire [-p PERIOD_US] CAPTURE\n");
	return 2;
}
