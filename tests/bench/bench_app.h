/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * bench_app.h - the cyclic application of the timing benchmark, shared by
 * the kernel module (bench_kernel.c) and the userspace program
 * (bench_user.c) so that both run exactly the same calls.
 *
 * The application takes every slave the master found, configures it with
 * its own PDOs (SII or CoE, as the master read them), registers the first
 * entry of every sync manager that has PDOs in one domain (so each
 * process-data sync manager gets its FMMU), activates, cycles until all
 * slaves are in OP and the domain's working counter is complete, then
 * times each of the four cyclic calls for a fixed number of cycles.
 *
 * The includer provides, before including this file:
 *   bench_ticks()            u64 ticks of its best clock (the TSC on x86)
 *   bench_ns()               u64 ns of its monotonic clock (calibration)
 *   bench_syscalls()         u64 system calls made so far (0 if unknown)
 *   bench_sort_u32(a, n)     sort n u32 ascending
 *   bench_div64(a, b)        u64 a / b
 *   BENCH_LOG(fmt, ...)      print one line (no newline in fmt)
 */
#ifndef EC_BENCH_APP_H
#define EC_BENCH_APP_H

#include "ecrt.h"

#define BENCH_CALLS 4		/* the cyclic calls */
#define BENCH_ROWS 5		/* and the clock's own cost (empty) */
#define BENCH_MAX_SLAVES 1024
#define BENCH_AL_OP 0x08	/* AL state Operational (ETG.1000.6 6.4.1) */
#define BENCH_SYNCS 16		/* sync managers an ESC can have */

static const char *const bench_call_names[BENCH_ROWS] = {
	"receive", "process", "queue", "send", "empty",
};

struct bench {
	ec_master_t *master;
	ec_domain_t *domain;
	unsigned int slave_count;
	unsigned int entries;		/* registered */
	unsigned int cycles;		/* to measure */
	unsigned int done;		/* measured so far */
	uint32_t *ticks[BENCH_ROWS];	/* per call and cycle */
	uint64_t syscalls[BENCH_ROWS];	/* summed over the cycles */
	uint64_t t0_ticks, t0_ns;	/* calibration */
	uint64_t t1_ticks, t1_ns;
};

/* Are all slaves scanned and in PREOP at least (their PDOs read)? */
static int bench_slaves_ready(struct bench *b)
{
	ec_master_info_t mi;
	ec_slave_info_t si;
	unsigned int i;

	if (ecrt_master(b->master, &mi) || mi.scan_busy || !mi.slave_count)
		return 0;
	for (i = 0; i < mi.slave_count; i++) {
		if (ecrt_master_get_slave(b->master, i, &si))
			return 0;
		if (si.al_state < 2)	/* INIT: PDOs not read yet */
			return 0;
	}
	b->slave_count = mi.slave_count;
	return 1;
}

/* Configure every slave and register its process data. 0 or -errno. */
static int bench_configure(struct bench *b)
{
	ec_slave_config_t *sc;
	ec_slave_info_t si;
	unsigned int i, s, bit;
	int ret;

	if (b->slave_count > BENCH_MAX_SLAVES)
		return -E2BIG;
	b->domain = ecrt_master_create_domain(b->master);
	if (!b->domain)
		return -ENOMEM;
	for (i = 0; i < b->slave_count; i++) {
		ret = ecrt_master_get_slave(b->master, i, &si);
		if (ret)
			return ret;
		sc = ecrt_master_slave_config(b->master, 0, i, si.vendor_id,
					      si.product_code);
		if (!sc)
			return -ENOENT;
		for (s = 0; s < si.sync_count && s < BENCH_SYNCS; s++) {
			ret = ecrt_slave_config_reg_pdo_entry_pos(
				sc, s, 0, 0, b->domain, &bit);
			if (ret >= 0)
				b->entries++;
			else if (ret != -ENOENT)
				return ret;
		}
	}
	return 0;
}

/* Is the application where measuring makes sense: all in OP, wkc full? */
static int bench_in_op(struct bench *b)
{
	ec_master_state_t ms;
	ec_domain_state_t ds;

	if (ecrt_master_state(b->master, &ms) ||
	    ecrt_domain_state(b->domain, &ds))
		return 0;
	return ms.al_states == BENCH_AL_OP &&
		ms.slaves_responding == b->slave_count &&
		ds.wc_state == EC_WC_COMPLETE;
}

/*
 * One cycle: receive, process, queue, send.  With measure, each call's
 * ticks and system calls are recorded.  Returns the first error.
 */
static int bench_cycle(struct bench *b, int measure)
{
	uint64_t t[BENCH_CALLS + 1], sc[BENCH_CALLS + 1], e0, e1;
	int ret[BENCH_CALLS];
	unsigned int i;

	/* the cost of the clock alone: two stamps with nothing between */
	e0 = bench_ticks();
	e1 = bench_ticks();
	sc[0] = bench_syscalls();
	t[0] = bench_ticks();
	ret[0] = ecrt_master_receive(b->master);
	t[1] = bench_ticks();
	sc[1] = bench_syscalls();
	ret[1] = ecrt_domain_process(b->domain);
	t[2] = bench_ticks();
	sc[2] = bench_syscalls();
	ret[2] = ecrt_domain_queue(b->domain);
	t[3] = bench_ticks();
	sc[3] = bench_syscalls();
	ret[3] = ecrt_master_send(b->master);
	t[4] = bench_ticks();
	sc[4] = bench_syscalls();
	if (measure && b->done < b->cycles) {
		if (!b->done) {
			b->t0_ticks = t[0];
			b->t0_ns = bench_ns();
		}
		for (i = 0; i < BENCH_CALLS; i++) {
			uint64_t d = t[i + 1] - t[i];

			b->ticks[i][b->done] = d > 0xffffffffULL ?
				0xffffffffU : (uint32_t)d;
			/* syscalls sampled after each call's end stamp */
			b->syscalls[i] += sc[i + 1] - sc[i];
		}
		b->ticks[BENCH_CALLS][b->done] = (uint32_t)(e1 - e0);
		b->done++;
		if (b->done == b->cycles) {
			b->t1_ticks = t[4];
			b->t1_ns = bench_ns();
		}
	}
	for (i = 0; i < BENCH_CALLS; i++)
		if (ret[i] < 0)
			return ret[i];
	return 0;
}

static uint64_t bench_isqrt(uint64_t v)
{
	uint64_t x = v, y;

	if (v < 2)
		return v;
	y = (x + 1) / 2;
	while (y < x) {
		x = y;
		y = (x + bench_div64(v, x)) / 2;
	}
	return x;
}

/*
 * Convert the ticks of each call (and of the empty pair of stamps) to
 * ns (TSC calibrated against the monotonic clock over the measured run)
 * and print one line per row:
 *   BENCH <side> <call> n=N mean=NS sd=NS median=NS p99=NS max=NS
 *   syscalls=TOTAL
 * (integers).  The ticks arrays are reused for the ns values.
 */
static void bench_report(struct bench *b, const char *side)
{
	uint64_t dt = b->t1_ticks - b->t0_ticks;
	uint64_t dns = b->t1_ns - b->t0_ns, factor, sum, var, mean, ns;
	unsigned int c, i, n = b->done;
	uint32_t *v;

	if (!n || !dt || !dns)
		return;
	/* ns per tick in 24-bit fixed point */
	factor = bench_div64(dns << 24, dt);
	BENCH_LOG("BENCH %s clock ticks=%llu ns=%llu mhz=%llu", side,
		  (unsigned long long)dt, (unsigned long long)dns,
		  (unsigned long long)bench_div64(dt * 1000, dns));
	for (c = 0; c < BENCH_ROWS; c++) {
		v = b->ticks[c];
		sum = 0;
		for (i = 0; i < n; i++) {
			ns = ((uint64_t)v[i] * factor) >> 24;
			v[i] = ns > 0xffffffffULL ? 0xffffffffU : (uint32_t)ns;
			sum += v[i];
		}
		mean = bench_div64(sum, n);
		var = 0;
		for (i = 0; i < n; i++) {
			uint64_t d = v[i] > mean ? v[i] - mean : mean - v[i];

			var += d * d;
		}
		var = bench_div64(var, n);
		bench_sort_u32(v, n);
		BENCH_LOG("BENCH %s %s n=%u mean=%llu sd=%llu median=%u p99=%u max=%u syscalls=%llu",
			  side, bench_call_names[c], n,
			  (unsigned long long)mean,
			  (unsigned long long)bench_isqrt(var), v[n / 2],
			  v[n - 1 - n / 100], v[n - 1],
			  (unsigned long long)b->syscalls[c]);
	}
}

#endif /* EC_BENCH_APP_H */
