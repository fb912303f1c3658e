// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bench-sim: CPU time the virtual segment needs for one cyclic frame.
 * 100 slaves each map 14 bytes (FMMU on a plain RAM area) into one
 * 1486-byte LRW datagram; the frame is processed many times and the mean
 * CPU time per frame printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ecsim.h"

#define N_SLAVES	100
#define LRW_LEN		1486
#define ROUNDS		20000
#define PER_SLAVE	14

static uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
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

int main(void)
{
	static uint8_t f[2048];
	char json[8192], err[256];
	struct ecsim_segment *seg;
	size_t off = 0, len;
	uint64_t t0, t1;
	unsigned int i, wkc = 0;

	off += snprintf(json + off, sizeof(json) - off, "{\"slaves\":[");
	for (i = 0; i < N_SLAVES; i++)
		off += snprintf(json + off, sizeof(json) - off,
				"%s{\"model\":\"EL2008\"}", i ? "," : "");
	snprintf(json + off, sizeof(json) - off, "]}");
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	if (!seg) {
		fprintf(stderr, "bench-sim: %s\n", err);
		return 1;
	}
	/* FMMU 0 of slave i: logical i*14, 14 bytes, physical 0x1200, r/w */
	for (i = 0; i < N_SLAVES; i++) {
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
		len = frame(f, 2 /* APWR */, (uint16_t)-i, 0x0600, fm, 16);
		ecsim_segment_process(seg, f, len);
	}
	len = frame(f, 12 /* LRW */, 0, 0, NULL, LRW_LEN);
	ecsim_segment_process(seg, f, len);
	wkc = f[26 + LRW_LEN] | f[27 + LRW_LEN] << 8;
	t0 = cpu_ns();
	for (i = 0; i < ROUNDS; i++) {
		len = frame(f, 12, 0, 0, NULL, LRW_LEN);
		ecsim_segment_process(seg, f, len);
	}
	t1 = cpu_ns();
	printf("bench-sim: %u slaves, LRW of %u bytes, wkc %u (expected %u)\n",
	       N_SLAVES, LRW_LEN, wkc, 3 * N_SLAVES);
	printf("bench-sim: %.2f us CPU per frame (mean of %u frames)\n",
	       (double)(t1 - t0) / ROUNDS / 1000.0, ROUNDS);
	ecsim_segment_free(seg);
	return wkc == 3 * N_SLAVES ? 0 : 1;
}
