// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bench-sim: what the virtual segment costs per frame and per slave.
 *
 * For each segment size given (default 100, 1000 and 10000 slaves, all
 * EL2008), it builds the segment, measures the memory it took (resident
 * set before and after, /proc/self/statm) and the CPU time of three
 * frames, each with one datagram:
 *   - FPRD of AL status (0x0130) of the last slave: addresses 1 slave;
 *   - LRW of 1486 bytes over the FMMUs of the first 100 slaves (14 bytes
 *     each, the cyclic frame of bench-sim's first version);
 *   - BRD of AL status: addresses every slave.
 * Each frame is processed many times (at least 0.2 s of CPU) and the mean
 * printed; the working counters are checked, a wrong one fails the run.
 * It prints a Markdown table (scripts/bench-sim writes it into
 * doc/FIGURES.md).  Figures only: nothing is asserted on time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ecsim.h"

#define LRW_LEN		1486
#define LRW_SLAVES	100
#define PER_SLAVE	14
#define MIN_CPU_NS	200000000ull
#define MAX_ROUNDS	20000u

#define CMD_APWR	2
#define CMD_FPRD	4
#define CMD_BRD		7
#define CMD_LRW		12

static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Resident set in bytes. */
static uint64_t rss_bytes(void)
{
	unsigned long size = 0, res = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	if (f) {
		if (fscanf(f, "%lu %lu", &size, &res) != 2)
			res = 0;
		fclose(f);
	}
	return (uint64_t)res * (uint64_t)sysconf(_SC_PAGESIZE);
}

/* One frame with one datagram; returns its length. */
static size_t frame(uint8_t *f, uint8_t cmd, uint16_t adp, uint16_t ado,
		    const void *data, uint16_t len)
{
	memset(f, 0, 64);
	memset(f, 0xff, 6);
	f[6] = 0x02;
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
	if (data)
		memcpy(f + 26, data, len);
	else
		memset(f + 26, 0, len);
	f[26 + len] = f[27 + len] = 0;
	return 28 + len < 60 ? 60 : 28 + len;
}

static unsigned int wkc_of(const uint8_t *f, uint16_t len)
{
	return f[26 + len] | f[27 + len] << 8;
}

struct timing {
	double us;		/* CPU per frame */
	unsigned int wkc;
};

/* Mean CPU time of one frame (built again before each pass). */
static struct timing time_frame(struct ecsim_segment *seg, uint8_t cmd,
				uint16_t adp, uint16_t ado, uint16_t len)
{
	static uint8_t f[2048];
	struct timing t = { 0 };
	uint64_t t0 = cpu_ns(), t1;
	unsigned int rounds = 0;
	size_t n;

	do {
		n = frame(f, cmd, adp, ado, NULL, len);
		ecsim_segment_process(seg, f, n);
		if (!rounds)
			t.wkc = wkc_of(f, len);
		rounds++;
		t1 = cpu_ns();
	} while (t1 - t0 < MIN_CPU_NS && rounds < MAX_ROUNDS);
	t.us = (double)(t1 - t0) / rounds / 1000.0;
	return t;
}

static char *segment_json(unsigned int n)
{
	size_t size = 32 + (size_t)n * 24, off;
	char *json = malloc(size);
	unsigned int i;

	if (!json)
		return NULL;
	off = (size_t)snprintf(json, size, "{\"slaves\":[");
	for (i = 0; i < n; i++)
		off += (size_t)snprintf(json + off, size - off,
					"%s{\"model\":\"EL2008\"}",
					i ? "," : "");
	snprintf(json + off, size - off, "]}");
	return json;
}

static int bench(unsigned int n)
{
	static uint8_t f[2048];
	unsigned int i, lrw_slaves = n < LRW_SLAVES ? n : LRW_SLAVES;
	struct timing fp, lrw, brd;
	struct ecsim_segment *seg;
	uint64_t rss0, rss1, w0, w1;
	uint8_t addr[2];
	char err[256], *json;
	size_t len;
	int bad = 0;

	json = segment_json(n);
	if (!json)
		return 1;
	rss0 = rss_bytes();
	w0 = wall_ns();
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	w1 = wall_ns();
	rss1 = rss_bytes();
	free(json);
	if (!seg) {
		fprintf(stderr, "bench-sim: %s\n", err);
		return 1;
	}
	/* FMMU 0 of slave i: logical i*14, 14 bytes, physical 0x1200, r/w */
	for (i = 0; i < lrw_slaves; i++) {
		uint8_t fm[16] = { 0 };
		uint32_t la = i * PER_SLAVE;

		fm[0] = la & 0xff;
		fm[1] = la >> 8;
		fm[4] = PER_SLAVE;
		fm[7] = 7;
		fm[8] = 0x00;
		fm[9] = 0x12;
		fm[11] = 3;
		fm[12] = 1;
		len = frame(f, CMD_APWR, (uint16_t)-i, 0x0600, fm, 16);
		ecsim_segment_process(seg, f, len);
	}
	/* the last slave's station address: 0x1001 + its position */
	addr[0] = (uint8_t)((0x1001 + n - 1) & 0xff);
	addr[1] = (uint8_t)((0x1001 + n - 1) >> 8);
	len = frame(f, CMD_APWR, (uint16_t)-(n - 1), 0x0010, addr, 2);
	ecsim_segment_process(seg, f, len);

	fp = time_frame(seg, CMD_FPRD, (uint16_t)(0x1001 + n - 1), 0x0130, 2);
	lrw = time_frame(seg, CMD_LRW, 0, 0, LRW_LEN);
	brd = time_frame(seg, CMD_BRD, 0, 0x0130, 2);
	if (fp.wkc != 1 || lrw.wkc != 3 * lrw_slaves || brd.wkc != n) {
		fprintf(stderr, "bench-sim: %u slaves: working counters FPRD %u (1), LRW %u (%u), BRD %u (%u)\n",
			n, fp.wkc, lrw.wkc, 3 * lrw_slaves, brd.wkc, n);
		bad = 1;
	}
	printf("| %u | %.1f MiB | %.1f KiB | %.0f ms | %.2f us | %.2f us | %.2f us | %.3f us |\n",
	       n, (double)(rss1 - rss0) / (1024.0 * 1024.0),
	       (double)(rss1 - rss0) / 1024.0 / n,
	       (double)(w1 - w0) / 1e6, fp.us, lrw.us, brd.us, brd.us / n);
	fflush(stdout);
	ecsim_segment_free(seg);
	return bad;
}

int main(int argc, char **argv)
{
	static const unsigned int def[] = { 100, 1000, 10000 };
	unsigned int sizes[16], count = 0, i;
	int bad = 0;

	for (i = 1; i < (unsigned int)argc && count < 16; i++) {
		char *end;
		unsigned long n = strtoul(argv[i], &end, 10);

		if (end == argv[i] || *end || n < 1 || n > 65535) {
			fprintf(stderr, "usage: bench-sim [SLAVES (1-65535)]...\n");
			return 2;
		}
		sizes[count++] = (unsigned int)n;
	}
	if (!count)
		for (; count < 3; count++)
			sizes[count] = def[count];
	printf("Segments of EL2008 only; memory: resident set growth while the segment is built; CPU time per frame, one datagram: FPRD addresses the last slave, LRW (1486 bytes) the first %u, BRD every slave.\n\n",
	       LRW_SLAVES);
	printf("| slaves | memory | per slave | build (wall) | FPRD, 1 slave | LRW, %u slaves | BRD, all | BRD per slave |\n",
	       LRW_SLAVES);
	printf("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
	fflush(stdout);
	for (i = 0; i < count; i++)
		bad |= bench(sizes[i]);
	return bad;
}
