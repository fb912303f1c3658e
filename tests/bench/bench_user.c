// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_bench_user - the userspace side of the timing benchmark (make bench):
 * the application of bench_app.h over libethercat, cycling with
 * clock_nanosleep(TIMER_ABSTIME) and timing each call with the TSC
 * (calibrated against CLOCK_MONOTONIC; clock_gettime elsewhere).
 *
 * The system calls are counted by an ioctl() defined here: libethercat's
 * calls to ioctl() resolve to it (the executable comes first in symbol
 * lookup), it counts and enters the kernel with syscall(SYS_ioctl).  Every
 * request of the library to the module is an ioctl, so the count per call
 * is its number of system calls.
 *
 * Usage: ec_bench_user [-m MASTER] [-c CYCLES] [-t CYCLE_US] [-w WARMUP_MS]
 *                      [-b BARE_IOCTLS] [-W WARM_CYCLES]
 *        ec_bench_user -S   (the semantics checks of the shared area)
 *
 * Built with -DEC_BENCH_IGH against IgH's ecrt.h and libethercat
 * (scripts/bench-igh, make bench IGH_SRC=DIR) it runs the same application
 * and timing; -S, -W and the bare ioctl (-b) need this project's library
 * and module and are not there (-b 0 is the default then).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

static uint64_t bench_ioctl_count;

int ioctl(int fd, unsigned long request, ...);
int ioctl(int fd, unsigned long request, ...)
{
	va_list ap;
	void *arg;

	va_start(ap, request);
	arg = va_arg(ap, void *);
	va_end(ap);
	bench_ioctl_count++;
	return syscall(SYS_ioctl, fd, request, arg);
}

static uint64_t bench_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static inline uint64_t bench_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
	_mm_lfence();
	return __rdtsc();
#else
	return bench_ns();
#endif
}

static inline uint64_t bench_syscalls(void)
{
	return bench_ioctl_count;
}

static int bench_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void bench_sort_u32(uint32_t *a, unsigned int n)
{
	qsort(a, n, sizeof(*a), bench_cmp_u32);
}

#define bench_div64(a, b) ((uint64_t)(a) / (uint64_t)(b))
#define BENCH_LOG(fmt, ...) printf(fmt "\n", ##__VA_ARGS__)

#include "bench_app.h"
#ifndef EC_BENCH_IGH
#include "bench_semantics.h"
#endif

static void bench_sleep_until(struct timespec *t, unsigned int period_us)
{
	t->tv_nsec += period_us * 1000L;
	while (t->tv_nsec >= 1000000000L) {
		t->tv_nsec -= 1000000000L;
		t->tv_sec++;
	}
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, t, NULL) ==
	       EINTR)
		;
}

#ifndef EC_BENCH_IGH
/*
 * The bare cost of entering the module: an ioctl with a command number
 * the dispatch table has no entry for (-ENOTTY after the table lookup,
 * master/linux/cdev.c), on a read-only descriptor of its own.  Printed
 * as the median in TSC ticks; scripts/bench converts it with the run's
 * calibration and sets it beside ecrt_master_receive().
 */
static void bench_bare_ioctl(unsigned int master_index, unsigned int n)
{
	char path[32];
	uint32_t *v = calloc(n, sizeof(*v));
	unsigned int i;
	uint64_t t0;
	int fd;

	snprintf(path, sizeof(path), "/dev/EtherCAT%u", master_index);
	fd = open(path, O_RDONLY);
	if (fd < 0 || !v) {
		BENCH_LOG("BENCH user error: bare ioctl: cannot open %s", path);
		free(v);
		if (fd >= 0)
			close(fd);
		return;
	}
	for (i = 0; i < n; i++) {
		t0 = bench_ticks();
		syscall(SYS_ioctl, fd, _IO(EC_IOCTL_TYPE, EC_IOCTL_NR_MAX), 0);
		v[i] = (uint32_t)(bench_ticks() - t0);
	}
	bench_sort_u32(v, n);
	BENCH_LOG("BENCH user bare_ioctl n=%u median_ticks=%u", n, v[n / 2]);
	free(v);
	close(fd);
}

/*
 * The first system call after the cycle's sleep costs far more than the
 * next ones (under emulation ten times a bare ioctl in a loop), whatever
 * it does: the kernel application makes none.  To tell that cost from
 * the receive's own, WARM cycles more run with a bare ioctl on @fd (read
 * only, the master's device) between the sleep and the receive: the bare ioctl's median is printed
 * as "cold_ioctl", and the calls of those cycles as side "user_warm".
 */
static int bench_warm_pass(struct bench *main, int fd, unsigned int cycles,
			   unsigned int period_us, struct timespec *t)
{
	struct bench w;
	uint32_t *cold = calloc(cycles, sizeof(*cold));
	unsigned int i;
	uint64_t t0;
	int ret = 0;

	memset(&w, 0, sizeof(w));
	w.master = main->master;
	w.domain = main->domain;
	w.slave_count = main->slave_count;
	w.cycles = cycles;
	for (i = 0; i < BENCH_ROWS; i++) {
		w.ticks[i] = calloc(cycles, sizeof(uint32_t));
		if (!w.ticks[i])
			ret = -ENOMEM;
	}
	while (!ret && cold && w.done < w.cycles) {
		t0 = bench_ticks();
		syscall(SYS_ioctl, fd, _IO(EC_IOCTL_TYPE, EC_IOCTL_NR_MAX), 0);
		cold[w.done] = (uint32_t)(bench_ticks() - t0);
		ret = bench_cycle(&w, 1);
		bench_sleep_until(t, period_us);
	}
	if (!ret && cold) {
		bench_sort_u32(cold, cycles);
		BENCH_LOG("BENCH user cold_ioctl n=%u median_ticks=%u", cycles,
			  cold[cycles / 2]);
		bench_report(&w, "user_warm");
	}
	for (i = 0; i < BENCH_ROWS; i++)
		free(w.ticks[i]);
	free(cold);
	return cold ? ret : -ENOMEM;
}
#endif /* !EC_BENCH_IGH */

static int usage(void)
{
	fprintf(stderr, "usage: ec_bench_user [-m MASTER] [-c CYCLES] "
		"[-t CYCLE_US] [-w WARMUP_MS] [-b BARE_IOCTLS] "
		"[-W WARM_CYCLES] | -S\n");
	return 2;
}

int main(int argc, char **argv)
{
	unsigned int master_index = 0, period_us = 1000, warmup_ms = 20000;
#ifndef EC_BENCH_IGH
	unsigned int bare = 2000;	/* -b: bare ioctls timed after the run */
#else
	unsigned int bare = 0;
#endif
	unsigned int warm = 0;		/* -W: cycles of bench_warm_pass() */
	unsigned int i, waited = 0, semantics = 0;
	struct bench b;
	struct timespec t;
	int opt, ret;

	/* Line by line: make bench starts its CPU window at the "op" line. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(&b, 0, sizeof(b));
	b.cycles = 5000;
	while ((opt = getopt(argc, argv, "m:c:t:w:b:W:S")) != -1) {
		switch (opt) {
		case 'm': master_index = atoi(optarg); break;
		case 'c': b.cycles = atoi(optarg); break;
		case 't': period_us = atoi(optarg); break;
		case 'w': warmup_ms = atoi(optarg); break;
		case 'b': bare = atoi(optarg); break;
		case 'W': warm = atoi(optarg); break;
		case 'S': semantics = 1; break;
		default: return usage();
		}
	}
	if (!b.cycles || !period_us)
		return usage();
#ifdef EC_BENCH_IGH
	if (bare || warm || semantics) {
		fprintf(stderr, "ec_bench_user: -b, -W and -S need this "
			"project's library (built against IgH's)\n");
		return 2;
	}
#endif
	for (i = 0; i < BENCH_ROWS; i++) {
		b.ticks[i] = calloc(b.cycles, sizeof(uint32_t));
		if (!b.ticks[i])
			return 1;
	}
	b.master = ecrt_request_master(master_index);
	if (!b.master) {
		perror("ec_bench_user: ecrt_request_master");
		return 1;
	}
	while (!bench_slaves_ready(&b)) {
		if (waited++ > warmup_ms / 10) {
			BENCH_LOG("BENCH user error: slaves not ready");
			return 1;
		}
		usleep(10000);
	}
	ret = bench_configure(&b);
	if (!ret)
		ret = ecrt_master_activate(b.master);
	if (ret) {
		BENCH_LOG("BENCH user error: configure/activate: %s",
			  strerror(-ret));
		return 1;
	}
	BENCH_LOG("BENCH user setup slaves=%u entries=%u domain_bytes=%zu",
		  b.slave_count, b.entries, ecrt_domain_size(b.domain));
	clock_gettime(CLOCK_MONOTONIC, &t);
	for (i = 0; !bench_in_op(&b); i++) {
		if (i * period_us > warmup_ms * 1000U) {
			BENCH_LOG("BENCH user error: not in OP after %u ms",
				  warmup_ms);
			return 1;
		}
		if (bench_cycle(&b, 0) < 0) {
			BENCH_LOG("BENCH user error: cycle failed");
			return 1;
		}
		bench_sleep_until(&t, period_us);
	}
	BENCH_LOG("BENCH user op after_cycles=%u", i);
#ifndef EC_BENCH_IGH
	if (semantics) {
		ret = bench_semantics(&b, period_us);
		BENCH_LOG("BENCH user semantics %s", ret ? "FAILED" : "ok");
		return ret ? 1 : 0;
	}
#endif
	while (b.done < b.cycles) {
		if (bench_cycle(&b, 1) < 0) {
			BENCH_LOG("BENCH user error: cycle failed");
			return 1;
		}
		bench_sleep_until(&t, period_us);
	}
	bench_report(&b, "user");
#ifndef EC_BENCH_IGH
	if (warm) {
		char path[32];
		int fd;

		snprintf(path, sizeof(path), "/dev/EtherCAT%u", master_index);
		fd = open(path, O_RDONLY);
		if (fd < 0 ||
		    bench_warm_pass(&b, fd, warm, period_us, &t)) {
			BENCH_LOG("BENCH user error: warm pass failed");
			return 1;
		}
		close(fd);
	}
	ecrt_release_master(b.master);
	if (bare)
		bench_bare_ioctl(master_index, bare);
#else
	ecrt_release_master(b.master);
#endif
	return 0;
}
