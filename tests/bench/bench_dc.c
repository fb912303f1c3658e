// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_dc.c - distributed clocks, measured in simulated time (make
 * bench-dc): deterministic, no VM, no wall clock.
 *
 *   bench-dc [-n SLAVES] [-l] [-p PPM] [-s SECONDS]
 *
 * For each segment (default: 10 and 100 slaves, branched through an
 * EK1122, clock drifts spread over +-100 ppm, hop delays varying per
 * link; -n one size, -l a line instead) the master scans and writes the
 * offsets (with its static drift burst), then an application runs IgH's
 * DC cycle at 1 kHz: application time (its own clock, 123 s off the
 * master's), the reference clock follows it every second cycle, the
 * slave clocks every cycle, the sync monitor.  Printed: the error of each
 * slave's computed propagation delay against the simulator's true one
 * (largest, mean), the largest true difference between any DC slave's
 * system time and the reference's, and the sync monitor's figure, after
 * the scan and after 0.1 s, 1 s and 10 s of the cycle, and the time the
 * largest difference first stays below 20 ns.  Nothing is asserted.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "dc_harness.h"
#include "dc/fsm_dc.h"

#define CYCLE_NS EC_NSEC_PER_MSEC
#define MAX_PENDING 32
#define SETTLED_NS 20

struct bench {
	struct ec_master master;
	struct ecsim_segment *seg;
	u64 now_ns;
	unsigned int pending;
	size_t len[MAX_PENDING];
	u8 frame[MAX_PENDING][EC_FRAME_MAX_SIZE];
};

/* The NIC and the wire: the segment answers at once, delivered at the
 * next poll. */
static int bench_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	struct bench *b = dev->priv;
	size_t len;

	if (b->pending >= MAX_PENDING)
		return 0;
	memcpy(b->frame[b->pending], frame, size);
	ecsim_segment_set_time(b->seg, b->now_ns);
	len = ecsim_segment_process(b->seg, b->frame[b->pending], size);
	if (len)
		b->len[b->pending++] = len;
	return 0;
}

static void bench_poll(struct ec_device *dev)
{
	struct bench *b = dev->priv;
	unsigned int i;

	for (i = 0; i < b->pending; i++)
		ec_device_receive(dev, b->frame[i], b->len[i], b->now_ns);
	b->pending = 0;
}

static const struct ec_device_hooks bench_hooks = {
	.xmit = bench_xmit,
	.poll = bench_poll,
};

static int bench_init(struct bench *b, const char *json)
{
	static const u8 mac[6] = { 0x52, 0x54, 0x00, 0xec, 0xa7, 0x02 };
	struct ec_device *dev;
	char err[256];

	memset(b, 0, sizeof(*b));
	b->seg = ecsim_segment_new_string(json, err, sizeof(err));
	if (!b->seg) {
		fprintf(stderr, "bench-dc: segment: %s\n", err);
		return -1;
	}
	if (ec_master_init(&b->master, 0))
		return -1;
	dev = &b->master.devices[EC_DEVICE_MAIN];
	memcpy(dev->mac, mac, 6);
	dev->hooks = &bench_hooks;
	dev->priv = b;
	dev->attached = true;
	dev->open = true;
	dev->link_up = true;
	ec_master_device_attached(&b->master, dev);
	b->now_ns = EC_NSEC_PER_SEC;
	return 0;
}

static bool bench_offsets_done(struct bench *b)
{
	struct ec_master *m = &b->master;

	return m->slave_count && !m->scan_busy && m->dc.offsets_written &&
	       !ec_fsm_dc_busy(m);
}

static void bench_quiet(int level, const char *line)
{
	if (level <= EC_LOG_WARN)
		fprintf(stderr, "bench-dc: %s\n", line);
}

static void bench_run(unsigned int n, bool branched, double ppm,
		      unsigned int seconds)
{
	static const u64 marks_ms[] = { 100, 1000, 10000 };
	char *json = dc_segment_json(n, branched, ppm);
	struct bench *b = calloc(1, sizeof(*b));
	u64 base = 123 * EC_NSEC_PER_SEC + 456789, end, t0, settled = 0;
	unsigned long cycle = 0;
	unsigned int mark = 0;
	double mean = 0;
	u64 err, diff;
	u32 monitor = 0;

	if (!b || bench_init(b, json)) {
		free(json);
		free(b);
		return;
	}
	free(json);
	end = b->now_ns + 10 * EC_NSEC_PER_SEC;
	while (b->now_ns < end && !bench_offsets_done(b)) {
		ec_master_poll_devices(&b->master);
		ec_master_idle_cycle(&b->master, b->now_ns);
		b->now_ns += CYCLE_NS;
	}
	printf("%u slaves, %s, clocks over +-%.0f ppm:\n", n,
	       branched ? "branched (EK1122)" : "line", ppm);
	if (!bench_offsets_done(b)) {
		printf("  offsets not written within 10 s\n");
		goto out;
	}
	err = dc_delay_error(&b->master, b->seg, &mean);
	printf("  propagation delay error: max %llu ns, mean %.2f ns "
	       "(reference at ring position %u, last slave %u ns behind it)\n",
	       (unsigned long long)err, mean, b->master.dc.ref_position,
	       b->master.slaves[n - 1]->transmission_delay);
	printf("  after the scan (%llu ms, with the %llu ms drift burst): "
	       "max system time difference %llu ns\n",
	       (unsigned long long)((b->now_ns - EC_NSEC_PER_SEC) /
				    EC_NSEC_PER_MSEC),
	       (unsigned long long)(EC_DC_DRIFT_BURST_NS / EC_NSEC_PER_MSEC),
	       (unsigned long long)dc_true_max_diff(b->seg, 0));
	if (ec_master_activate(&b->master, b->now_ns)) {
		printf("  activation failed\n");
		goto out;
	}
	t0 = b->now_ns;
	end = t0 + (u64)seconds * EC_NSEC_PER_SEC;
	while (b->now_ns < end) {
		dc_app_cycle(&b->master, NULL, b->now_ns, b->now_ns + base,
			     cycle++, &monitor);
		b->now_ns += CYCLE_NS;
		diff = dc_true_max_diff(b->seg, 0);
		if (diff >= SETTLED_NS)
			settled = 0;
		else if (!settled)
			settled = b->now_ns - t0;
		if (mark < sizeof(marks_ms) / sizeof(marks_ms[0]) &&
		    b->now_ns - t0 >= marks_ms[mark] * EC_NSEC_PER_MSEC) {
			printf("  after %5.1f s of sync_slave_clocks at 1 kHz: "
			       "max system time difference %llu ns, "
			       "sync monitor %u ns\n",
			       marks_ms[mark] / 1000.0,
			       (unsigned long long)diff, monitor);
			mark++;
		}
	}
	if (settled)
		printf("  below %u ns from %.3f s on\n", SETTLED_NS,
		       settled / 1e9);
	else
		printf("  not below %u ns at the end\n", SETTLED_NS);
	ec_master_deactivate(&b->master, b->now_ns);
out:
	ec_master_clear(&b->master);
	ecsim_segment_free(b->seg);
	free(b);
}

int main(int argc, char **argv)
{
	unsigned int n = 0, seconds = 10;
	bool line = false;
	double ppm = 100;
	int c;

	while ((c = getopt(argc, argv, "n:lp:s:")) != -1) {
		switch (c) {
		case 'n':
			n = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'l':
			line = true;
			break;
		case 'p':
			ppm = strtod(optarg, NULL);
			break;
		case 's':
			seconds = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		default:
			fprintf(stderr, "usage: bench-dc [-n SLAVES] [-l] "
				"[-p PPM] [-s SECONDS]\n");
			return 2;
		}
	}
	if ((n && n < 3) || n > 1000 || ppm < 0 || ppm > 1000) {
		fprintf(stderr, "bench-dc: -n 3..1000, -p 0..1000\n");
		return 2;
	}
	ec_port_set_log(bench_quiet);
	if (n) {
		bench_run(n, !line, ppm, seconds);
	} else {
		bench_run(10, !line, ppm, seconds);
		bench_run(100, !line, ppm, seconds);
	}
	return 0;
}
