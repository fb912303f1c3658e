// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_core.c - the protocol core's cost per cycle, natively: the
 * master's userspace build runs against the in-process virtual segment
 * (no VM, no kernel), with the cyclic calls an application makes:
 * receive, domain process, domain queue, send.
 *
 *   bench-core [-n SLAVES | -s SEGMENT.json] [-c CYCLES] [--callgrind]
 *              [--turn-every-cycle]
 *   bench-core --mbox     (mailbox exchanges, see bench_mbox.h)
 *   bench-core -n SLAVES -c TURNS --idle
 *                         (the idle master's turns with the kernel's rest
 *                         rule, once every slave is in PREOP; callgrind:
 *                         --toggle-collect=bench_measured_idle)
 *   bench-core -n SLAVES -c CYCLES --capture
 *                         (the cost per cycle of the capture's tap, off
 *                         and on, interleaved in one run: cycle/capture.c)
 *
 * It scans a segment of SLAVES slaves (an EK1100, then EL1008 and EL2008
 * terminals in turn), configures every terminal into one domain, takes
 * them to OP and then times CYCLES cycles, printing mean, standard
 * deviation and median of each call in ns.  The segment's own work
 * happens outside the timed calls (a frame "on the wire" is answered
 * between two cycles), so the figures are the master's alone.
 * bench_measured_cycle() holds exactly one measured cycle of the master
 * (the warm-up to OP does not go through it): run under
 *   valgrind --tool=callgrind --collect-atstart=no \
 *            --toggle-collect=bench_measured_cycle bench-core --callgrind
 * and divide the instructions by the cycles for a repeatable count.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cycle/master.h"
#include "cycle/domain.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "slave/fsm_slave.h"
#include "slave/link_health.h"
#include "cycle/capture.h"
#include "ecsim.h"

#define CYCLE_NS (1 * EC_NSEC_PER_MSEC)
#define MAX_PENDING 32

struct bench {
	struct ec_master master;
	struct ecsim_segment *seg;
	u64 now_ns;
	unsigned int pending;
	size_t len[MAX_PENDING];
	u8 frame[MAX_PENDING][EC_FRAME_MAX_SIZE];
	unsigned int answered;
	u8 answer[MAX_PENDING][EC_FRAME_MAX_SIZE];
	size_t answer_len[MAX_PENDING];
};

/* The NIC: frames are kept and answered by the segment between cycles. */
static int bench_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	struct bench *b = dev->priv;

	if (b->pending < MAX_PENDING) {
		memcpy(b->frame[b->pending], frame, size);
		b->len[b->pending++] = size;
	}
	return 0;
}

static void bench_poll(struct ec_device *dev)
{
	struct bench *b = dev->priv;
	unsigned int i;

	for (i = 0; i < b->answered; i++)
		ec_device_receive(dev, b->answer[i], b->answer_len[i],
				  b->now_ns);
	b->answered = 0;
}

static const struct ec_device_hooks bench_hooks = {
	.xmit = bench_xmit,
	.poll = bench_poll,
};

/* A master with the bench NIC, link up, at t = 1 s. */
static int bench_attach(struct bench *b, const u8 *mac)
{
	if (ec_master_init(&b->master, 0))
		return -ENOMEM;
	memcpy(b->master.devices[0].mac, mac, 6);
	b->master.devices[0].hooks = &bench_hooks;
	b->master.devices[0].priv = b;
	b->master.devices[0].attached = true;
	b->master.devices[0].open = true;
	b->master.devices[0].link_up = true;
	ec_master_device_attached(&b->master, &b->master.devices[0]);
	b->now_ns = EC_NSEC_PER_SEC;
	return 0;
}

/* The wire: the segment answers what was sent (not timed). */
static void bench_wire(struct bench *b)
{
	unsigned int i;

	ecsim_segment_set_time(b->seg, b->now_ns);
	for (i = 0; i < b->pending; i++) {
		size_t n = ecsim_segment_process(b->seg, b->frame[i], b->len[i]);

		if (n && b->answered < MAX_PENDING) {
			memcpy(b->answer[b->answered], b->frame[i], n);
			b->answer_len[b->answered++] = n;
		}
	}
	b->pending = 0;
}

static char *segment_json(unsigned int n)
{
	size_t cap = 64 + (size_t)n * 32;
	char *s = malloc(cap);
	size_t len;
	unsigned int i;

	if (!s)
		return NULL;
	len = (size_t)snprintf(s, cap, "{ \"slaves\": [ { \"model\": \"EK1100\" }");
	for (i = 1; i < n; i++)
		len += (size_t)snprintf(s + len, cap - len,
					", { \"model\": \"%s\" }",
					i % 2 ? "EL1008" : "EL2008");
	snprintf(s + len, cap - len, " ] }");
	return s;
}

static u64 wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

struct stat_acc {
	double *v;
	unsigned int n;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void print_stat(const char *name, struct stat_acc *s)
{
	double sum = 0, sq = 0, mean, sd;
	unsigned int i;

	for (i = 0; i < s->n; i++)
		sum += s->v[i];
	mean = sum / s->n;
	for (i = 0; i < s->n; i++)
		sq += (s->v[i] - mean) * (s->v[i] - mean);
	sd = sqrt(sq / s->n);
	qsort(s->v, s->n, sizeof(double), cmp_double);
	printf("| %-24s | %9.0f | %9.0f | %9.0f |\n", name, mean, sd,
	       s->v[s->n / 2]);
}

static struct ec_domain *domain;

/*
 * The FSMs' turn runs when the kernel's thread would run it: when the
 * application's receive finds it wanted (ec_master_fsm_wanted(), the rule
 * of master/linux/cycle.c), or, with --turn-every-cycle, every cycle (the
 * figure of the builds before that rule, kept for comparison).
 */
static bool turn_every_cycle;
static unsigned long long turns;

/* One cycle of the master, as an application runs it. */
static __attribute__((noinline)) void bench_cycle(struct bench *b, u64 *t)
{
	bool wanted;

	t[0] = wall_ns();
	ec_master_app_receive(&b->master, b->now_ns);
	wanted = turn_every_cycle ||
		 ec_master_fsm_wanted(&b->master, b->now_ns);
	t[1] = wall_ns();
	ec_domain_process(domain, b->now_ns);
	t[2] = wall_ns();
	if (domain->data_size)
		domain->data[0] ^= 1;	/* the application's work */
	ec_domain_queue(domain);
	t[3] = wall_ns();
	ec_master_app_send(&b->master, b->now_ns);
	t[4] = wall_ns();
	/* The master thread's FSM turn, outside the application's calls,
	 * as master/linux/thread.c runs it. */
	if (wanted) {
		ec_master_fsm_turn_start(&b->master);
		ec_master_op_fsm(&b->master, b->now_ns);
		b->master.fsm_due_ns = ec_master_fsm_next_due(&b->master,
							      b->now_ns);
		turns++;
	}
	t[5] = wall_ns();
}

/* The measured cycles, alone in this function for callgrind's toggle. */
__attribute__((noinline)) void bench_measured_cycle(struct bench *b, u64 *t)
{
	bench_cycle(b, t);
}

/*
 * --idle: the idle master's turn (no application), as master/linux/thread.c
 * runs it, alone in this function for callgrind's toggle
 * (--toggle-collect=bench_measured_idle).  Return: whether a rest follows.
 */
__attribute__((noinline)) bool bench_measured_idle(struct bench *b)
{
	bool rest;

	ec_master_poll_devices(&b->master);
	ec_master_idle_receive(&b->master, b->now_ns);
	ec_master_idle_fsm(&b->master, b->now_ns);
	rest = ec_master_idle_at_rest(&b->master);
	ec_master_send_datagrams(&b->master, b->now_ns);
	return rest;
}

/* The kernel's default rest after a quiet idle turn (thread.c). */
#define BENCH_IDLE_REST_NS (8 * EC_NSEC_PER_MSEC)

/*
 * The idle master for @turns turns, each followed by the kernel's wait: a
 * rest after a quiet turn, a millisecond after a busy one; prints the
 * turns and frames per second of simulated time and the mean time of a
 * turn.
 */
static void bench_idle(struct bench *b, unsigned int turns)
{
	u64 start = b->now_ns, frames = 0, busy = 0, t0;
	unsigned int i, rests = 0;

	for (i = 0; i < turns; i++) {
		bool rest;

		t0 = wall_ns();
		rest = bench_measured_idle(b);
		busy += wall_ns() - t0;
		frames += b->pending;
		rests += rest;
		bench_wire(b);
		b->now_ns += rest ? BENCH_IDLE_REST_NS : CYCLE_NS;
	}
	printf("bench-core: idle master, %u slaves in PREOP: %u turns in "
	       "%.0f ms simulated, %.1f turns/s, %.1f frames/s, %u of them "
	       "quiet (a rest of %u ms after), %.0f ns per turn\n",
	       b->master.slave_count, turns, (b->now_ns - start) / 1e6,
	       turns * 1e9 / (b->now_ns - start),
	       frames * 1e9 / (b->now_ns - start), rests,
	       (unsigned int)(BENCH_IDLE_REST_NS / EC_NSEC_PER_MSEC),
	       (double)busy / turns);
}

/* Every slave from @first on in AL state @state. */
static bool all_in(struct bench *b, u8 state, unsigned int first)
{
	unsigned int i;

	for (i = first; i < b->master.slave_count; i++)
		if ((b->master.slaves[i]->current_state & 0x0f) != state)
			return false;
	return b->master.slave_count > 0;
}

/* The coupler has no configuration: it stays in PREOP. */
static bool all_op(struct bench *b)
{
	return all_in(b, 0x08, 1);
}

#include "bench_mbox.h"

/*
 * --health: the cost of the link health reads (link_health.h) per cycle,
 * in blocks of cycles with the reads on and off taking turns (the same
 * run, the same load), beside each other: the calls' mean times and the
 * bytes on the wire per cycle.
 */
#define BENCH_HEALTH_BLOCK 250

static void bench_health(struct bench *b, unsigned int cycles)
{
	static const char *const names[] = {
		"ecrt_master_receive()", "ecrt_domain_process()",
		"ecrt_domain_queue()", "ecrt_master_send()",
		"FSM turn (master thread)"
	};
	double sum[2][5] = { { 0 } }, bytes[2] = { 0 };
	unsigned int n[2] = { 0 }, c, i, k;
	u64 t[6];

	for (c = 0; c < cycles; c++) {
		unsigned int on = (c / BENCH_HEALTH_BLOCK) % 2 == 0;

		if (c % BENCH_HEALTH_BLOCK == 0)
			ec_link_health_enable(&b->master, on);
		bench_measured_cycle(b, t);
		for (i = 0; i < 5; i++)
			sum[on][i] += (double)(t[i + 1] - t[i]);
		for (k = 0; k < b->pending; k++)
			bytes[on] += (double)b->len[k];
		n[on]++;
		bench_wire(b);
		b->now_ns += CYCLE_NS;
	}
	ec_link_health_enable(&b->master, true);
	printf("bench-core: link health reads on and off in turns of %u "
	       "cycles, %u cycles each; %llu reads of %u bytes on the wire\n",
	       BENCH_HEALTH_BLOCK, n[1],
	       (unsigned long long)b->master.health.reads,
	       EC_HEALTH_WIRE_BYTES);
	printf("| %-24s | %10s | %11s | %7s |\n", "call (native core)",
	       "on mean ns", "off mean ns", "on/off");
	printf("|--------------------------|------------|-------------|---------|\n");
	for (i = 0; i < 5; i++)
		printf("| %-24s | %10.0f | %11.0f | %7.3f |\n", names[i],
		       sum[1][i] / n[1], sum[0][i] / n[0],
		       sum[0][i] ? sum[1][i] * n[0] / (sum[0][i] * n[1]) : 0);
	printf("| %-24s | %10.1f | %11.1f | %7.3f |\n",
	       "frame bytes per cycle", bytes[1] / n[1], bytes[0] / n[0],
	       bytes[0] ? bytes[1] * n[0] / (bytes[0] * n[1]) : 0);
}

#define CAPTURE_ROUNDS 10

/*
 * The application's four calls per cycle with the capture's tap closed
 * (nobody captures, the recorder off: one compare and a branch) and open
 * (every frame copied into the ring, as with the recorder on or a reader),
 * in CAPTURE_ROUNDS alternating rounds so that both see the same machine.
 */
static int bench_capture(struct bench *b, unsigned int cycles)
{
	static const char *const mode[2] = { "off", "on (ring written)" };
	struct stat_acc st[2];
	unsigned int r, m, c, k[2] = { 0, 0 }, per = cycles / CAPTURE_ROUNDS;
	u64 t[6], frames0 = 0, frames = 0;
	double mean[2], median[2];

	if (!per)
		per = 1;
	if (ec_capture_init(&b->master, 6144, false))
		return 1;
	/* the kernel's kvzalloc() has every page in place from the start;
	 * calloc() maps them at the first write */
	memset(b->master.capture->slots, 0xa5,
	       6144 * EC_CAPTURE_SLOT_SIZE);
	for (m = 0; m < 2; m++) {
		st[m].v = calloc(per * CAPTURE_ROUNDS, sizeof(double));
		st[m].n = per * CAPTURE_ROUNDS;
		if (!st[m].v)
			return 1;
	}
	for (r = 0; r < CAPTURE_ROUNDS; r++) {
		for (m = 0; m < 2; m++) {
			ec_capture_set_live(&b->master, m ? ~0ULL : 0);
			frames0 = b->master.capture->head;
			for (c = 0; c < per; c++) {
				bench_cycle(b, t);
				st[m].v[k[m]++] = (double)(t[4] - t[0]);
				bench_wire(b);
				b->now_ns += CYCLE_NS;
			}
			if (m)
				frames += b->master.capture->head - frames0;
			else if (b->master.capture->head != frames0)
				return 1;	/* the closed tap wrote */
		}
	}
	printf("bench-core: capture tap, %u slaves, %u cycles each way in %u "
	       "alternating rounds, %.1f frames into the ring per cycle on\n",
	       b->master.slave_count, per * CAPTURE_ROUNDS, CAPTURE_ROUNDS,
	       (double)frames / (per * CAPTURE_ROUNDS));
	printf("| %-24s | %9s | %9s | %9s |\n",
	       "receive..send, capture", "mean ns", "sd ns", "median ns");
	printf("|--------------------------|-----------|-----------|-----------|\n");
	for (m = 0; m < 2; m++) {
		double sum = 0;

		for (c = 0; c < st[m].n; c++)
			sum += st[m].v[c];
		mean[m] = sum / st[m].n;
		print_stat(mode[m], &st[m]);	/* sorts */
		median[m] = st[m].v[st[m].n / 2];
	}
	printf("bench-core: capture on / off: median %.2f (%+.0f ns per cycle), mean %.2f (%+.0f ns)\n",
	       median[1] / median[0], median[1] - median[0],
	       mean[1] / mean[0], mean[1] - mean[0]);
	ec_capture_clear(&b->master);
	return 0;
}

int main(int argc, char **argv)
{
	unsigned int n = 100, cycles = 10000, i, c;
	bool callgrind = false, health = false, capture = false, idle = false;
	const char *segfile = NULL;
	static const u8 mac[6] = { 0x52, 0x54, 0x00, 0xbe, 0x4c, 0x01 };
	struct stat_acc st[5];
	struct bench *b;
	char err[256], *json;
	u64 t[6], scan_ns, preop_ns;
	ec_domain_state_t ds;

	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < (unsigned int)argc)
			n = (unsigned int)atoi(argv[++i]);
		else if (!strcmp(argv[i], "-c") && i + 1 < (unsigned int)argc)
			cycles = (unsigned int)atoi(argv[++i]);
		else if (!strcmp(argv[i], "-s") && i + 1 < (unsigned int)argc)
			segfile = argv[++i];
		else if (!strcmp(argv[i], "--callgrind"))
			callgrind = true;
		else if (!strcmp(argv[i], "--turn-every-cycle"))
			turn_every_cycle = true;
		else if (!strcmp(argv[i], "--idle"))
			idle = true;
		else if (!strcmp(argv[i], "--health"))
			health = true;
		else if (!strcmp(argv[i], "--capture"))
			capture = true;
		else if (!strcmp(argv[i], "--mbox"))
			return bench_mbox(calloc(1, sizeof(*b)), mac);
		else {
			fprintf(stderr, "usage: bench-core [-n SLAVES | -s SEGMENT] [-c CYCLES] [--turn-every-cycle]\n"
				"                  [--callgrind | --health | --capture | --idle]\n");
			return 2;
		}
	}
	if (n < 2 || !cycles) {
		fprintf(stderr, "bench-core: need at least 2 slaves and 1 cycle\n");
		return 2;
	}
	b = calloc(1, sizeof(*b));
	json = segment_json(n);
	if (!b || !json)
		return 1;
	if (segfile)
		b->seg = ecsim_segment_new_file(segfile, err, sizeof(err));
	else
		b->seg = ecsim_segment_new_string(json, err, sizeof(err));
	if (b->seg && segfile)
		n = ecsim_segment_slave_count(b->seg);
	if (!b->seg) {
		fprintf(stderr, "bench-core: segment: %s\n", err);
		return 1;
	}
	if (bench_attach(b, mac))
		return 1;

	/* Idle phase: scan, all slaves to PREOP. */
	for (c = 0; c < 60000; c++) {
		ec_master_poll_devices(&b->master);
		ec_master_idle_cycle(&b->master, b->now_ns);
		bench_wire(b);
		b->now_ns += CYCLE_NS;
		if (b->master.slave_count == n && !b->master.scan_busy &&
		    b->master.scan_done_ns)
			break;
	}
	scan_ns = b->master.scan_done_ns - b->master.scan_start_ns;
	/* ...and on until every slave is in PREOP. */
	for (; c < 60000 && !all_in(b, 0x02, 0); c++) {
		ec_master_poll_devices(&b->master);
		ec_master_idle_cycle(&b->master, b->now_ns);
		bench_wire(b);
		b->now_ns += CYCLE_NS;
	}
	preop_ns = b->now_ns - EC_NSEC_PER_SEC;
	if (b->master.slave_count != n) {
		fprintf(stderr, "bench-core: scanned %u of %u slaves\n",
			b->master.slave_count, n);
		return 1;
	}

	if (idle) {
		bench_idle(b, cycles);
		return 0;
	}

	/* One config per terminal, every PDO entry into one domain. */
	domain = ec_master_create_domain(&b->master);
	for (i = 1; i < n; i++) {
		struct ec_slave *s = b->master.slaves[i];
		struct ec_slave_config *sc;
		unsigned int k, p, e, bit;

		sc = ec_master_slave_config(&b->master, 0, (u16)i,
					    s->sii.vendor_id,
					    s->sii.product_code);
		if (!sc)
			return 1;
		for (k = 0; k < s->sync_count; k++)
			for (p = 0; p < s->syncs[k].pdo_count; p++)
				for (e = 0; e < s->syncs[k].pdos[p].entry_count;
				     e++) {
					const struct ec_pdo_entry *en =
						&s->syncs[k].pdos[p].entries[e];

					if (!en->index)
						continue;
					if (ec_slave_config_reg_pdo_entry(
						    sc, en->index, en->subindex,
						    domain, &bit) < 0)
						return 1;
				}
	}
	if (ec_master_activate(&b->master, b->now_ns)) {
		fprintf(stderr, "bench-core: activation failed\n");
		return 1;
	}
	/* Cycle until every slave is in OP (simulated time, untimed). */
	for (c = 0; c < 60000 && !all_op(b); c++) {
		bench_cycle(b, t);	/* warm-up: not counted */
		bench_wire(b);
		b->now_ns += CYCLE_NS;
	}
	if (!all_op(b)) {
		fprintf(stderr, "bench-core: slaves did not reach OP\n");
		return 1;
	}

	if (health) {
		bench_health(b, cycles);
		return 0;
	}
	if (capture)
		return bench_capture(b, cycles);
	for (i = 0; i < 5; i++) {
		st[i].v = calloc(cycles, sizeof(double));
		st[i].n = cycles;
	}
	turns = 0;
	for (c = 0; c < cycles; c++) {
		bench_measured_cycle(b, t);
		for (i = 0; i < 5; i++)
			st[i].v[c] = (double)(t[i + 1] - t[i]);
		bench_wire(b);
		b->now_ns += CYCLE_NS;
	}
	ec_domain_state(domain, &ds);
	printf("bench-core: %u slaves, domain %zu bytes in %u datagram(s), "
	       "wkc %u/%u, %u cycles%s\n",
	       n, domain->data_size, domain->datagram_count,
	       ds.working_counter, domain->expected_working_counter,
	       cycles, callgrind ? " (under callgrind)" : "");
	printf("bench-core: FSM turns %s: %.3f per cycle\n",
	       turn_every_cycle ? "every cycle (--turn-every-cycle)" :
				  "when wanted (the kernel's wake rule)",
	       (double)turns / cycles);
	printf("bench-core: link-up to scan done %.1f ms, to all slaves in "
	       "PREOP %.1f ms (simulated time, 1 ms idle cycle)\n",
	       scan_ns / 1e6, preop_ns / 1e6);
	printf("| %-24s | %9s | %9s | %9s |\n", "call (native core)",
	       "mean ns", "sd ns", "median ns");
	printf("|--------------------------|-----------|-----------|-----------|\n");
	print_stat("ecrt_master_receive()", &st[0]);
	print_stat("ecrt_domain_process()", &st[1]);
	print_stat("ecrt_domain_queue()", &st[2]);
	print_stat("ecrt_master_send()", &st[3]);
	print_stat("FSM turn (master thread)", &st[4]);
	if (ds.wc_state != EC_WC_COMPLETE) {
		fprintf(stderr, "bench-core: domain not complete\n");
		return 1;
	}
	return 0;
}
