// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_hotconnect_example - a userspace application with a base I/O group
 * and an optional tool group that comes and goes (EC_HAVE_HOT_CONNECT,
 * doc/HOTCONNECT.md), on examples/hotconnect/segment.json:
 *   position 1 EL1008, 2 EL2008 (wired to 1): the base, in no group;
 *   position 3 EL1008, 4 EL2008 (wired to 3): the group "tool", declared
 *   behind port 1 of position 2, absent at start (vm-control plug tool).
 * One domain holds both.  Each cycle it reads the domain's state (which
 * counts only what is present) and the tool's group state, writes a
 * counter to both output terminals and checks that the inputs follow.
 * It prints a line at each change of the tool's presence, with the time
 * (CLOCK_BOOTTIME, as /proc/uptime) and, on "present", how long it took
 * since the tool was seen joining; at the end the figures: cycles, cycles
 * in which the domain (the base and the tool while present) was not
 * complete once it had been, cycles in which the base's own part was not
 * (the domain's count less the tool's), loop-back checks, and tool
 * inputs that were not zero while the tool was absent (after the first
 * absent cycle).  Exit status 0 when the loop-back
 * checks all passed and absent inputs read zero.
 *
 * With -d it also runs IgH's distributed clock calls each cycle
 * (application time, the reference clock every second cycle, the slave
 * clocks), so that the tool's clocks join a running DC segment.
 *
 * With -m the tool is in the middle (examples/hotconnect/segment-mid.json):
 * position 1 EL1008, the tool (EL1008, EL2008) behind its port 1, then
 * the base EL2008 (wired to 1) with station alias 7, found by it (its
 * position moves with the tool); in a redundant ring the tool's absence
 * opens the ring in the middle.
 *
 * Usage: ec_hotconnect_example [-c CYCLES] [-t CYCLE_US] [-d] [-m] [-q]
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ecrt.h"

#ifndef EC_HAVE_HOT_CONNECT
#error "this example needs EC_HAVE_HOT_CONNECT"
#endif

#define EL1008 0x00000002, 0x03f03052
#define EL2008 0x00000002, 0x07d83052
#define CHANNELS 8
#define NSEC_PER_SEC 1000000000L

static const ec_pdo_entry_info_t in_entries[CHANNELS] = {
	{ 0x6000, 1, 1 }, { 0x6010, 1, 1 }, { 0x6020, 1, 1 }, { 0x6030, 1, 1 },
	{ 0x6040, 1, 1 }, { 0x6050, 1, 1 }, { 0x6060, 1, 1 }, { 0x6070, 1, 1 },
};
static const ec_pdo_info_t in_pdos[CHANNELS] = {
	{ 0x1a00, 1, &in_entries[0] }, { 0x1a01, 1, &in_entries[1] },
	{ 0x1a02, 1, &in_entries[2] }, { 0x1a03, 1, &in_entries[3] },
	{ 0x1a04, 1, &in_entries[4] }, { 0x1a05, 1, &in_entries[5] },
	{ 0x1a06, 1, &in_entries[6] }, { 0x1a07, 1, &in_entries[7] },
};
static const ec_sync_info_t in_syncs[] = {
	{ 0, EC_DIR_INPUT, CHANNELS, in_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};
static const ec_pdo_entry_info_t out_entries[CHANNELS] = {
	{ 0x7000, 1, 1 }, { 0x7010, 1, 1 }, { 0x7020, 1, 1 }, { 0x7030, 1, 1 },
	{ 0x7040, 1, 1 }, { 0x7050, 1, 1 }, { 0x7060, 1, 1 }, { 0x7070, 1, 1 },
};
static const ec_pdo_info_t out_pdos[CHANNELS] = {
	{ 0x1600, 1, &out_entries[0] }, { 0x1601, 1, &out_entries[1] },
	{ 0x1602, 1, &out_entries[2] }, { 0x1603, 1, &out_entries[3] },
	{ 0x1604, 1, &out_entries[4] }, { 0x1605, 1, &out_entries[5] },
	{ 0x1606, 1, &out_entries[6] }, { 0x1607, 1, &out_entries[7] },
};
static const ec_sync_info_t out_syncs[] = {
	{ 0, EC_DIR_OUTPUT, CHANNELS, out_pdos, EC_WD_ENABLE },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

struct app {
	ec_master_t *master;
	ec_domain_t *domain;
	ec_hc_group_t *tool;
	uint8_t *pd;
	unsigned int off_di, off_do, off_tdi, off_tdo;
	bool quiet;
	bool middle;		/* -m: segment-mid.json */
	bool dc;		/* -d: IgH's DC calls each cycle */
	ec_hc_presence_t presence;
	double joining_at;		/* s, when the tool was seen joining */
	bool complete_once;
	unsigned int base_expected;	/* the domain's, the tool absent */
	unsigned long absent_cycles;	/* in a row */
	unsigned long cycles, incomplete, base_incomplete, loop_ok, loop_checks;
	unsigned long absent_nonzero, tool_ok, tool_checks, joins;
	uint8_t out;
};

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_BOOTTIME, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static ec_slave_config_t *config(ec_master_t *m, uint16_t alias, uint16_t pos,
				 uint32_t vendor, uint32_t product,
				 const ec_sync_info_t *syncs)
{
	ec_slave_config_t *sc = ecrt_master_slave_config(m, alias, pos, vendor,
							 product);

	if (!sc || ecrt_slave_config_pdos(sc, EC_END, syncs)) {
		fprintf(stderr, "cannot configure the slave at %u:%u\n",
			alias, pos);
		return NULL;
	}
	return sc;
}

static int reg(ec_slave_config_t *sc, ec_domain_t *d, uint16_t index,
	       unsigned int *off)
{
	unsigned int bit;
	int ret = ecrt_slave_config_reg_pdo_entry(sc, index, 1, d, &bit);

	if (ret < 0) {
		fprintf(stderr, "cannot register 0x%04x: %s\n", index,
			strerror(-ret));
		return ret;
	}
	*off = (unsigned int)ret;	/* 8 one-bit channels: one byte */
	return 0;
}

static int configure(struct app *a)
{
	ec_slave_config_t *di, *dout, *tdi, *tdo;

	a->domain = ecrt_master_create_domain(a->master);
	a->tool = ecrt_master_create_hc_group(a->master, "tool");
	if (!a->domain || !a->tool) {
		fprintf(stderr, "cannot create the domain or the group\n");
		return -1;
	}
	/* the tool behind port 1 of the base DO, or (-m) of the base DI */
	uint16_t at = a->middle ? 1 : 2;

	di = config(a->master, 0, 1, EL1008, in_syncs);
	dout = a->middle ? config(a->master, 7, 0, EL2008, out_syncs) :
			   config(a->master, 0, 2, EL2008, out_syncs);
	tdi = config(a->master, 0, at + 1, EL1008, in_syncs);
	tdo = config(a->master, 0, at + 2, EL2008, out_syncs);
	if (!di || !dout || !tdi || !tdo)
		return -1;
	if (ecrt_hc_group_at_port(a->tool, 0, at, 1) ||
	    ecrt_slave_config_hc_group(tdi, a->tool) ||
	    ecrt_slave_config_hc_group(tdo, a->tool)) {
		fprintf(stderr, "cannot set up the tool group\n");
		return -1;
	}
	if (reg(di, a->domain, 0x6000, &a->off_di) ||
	    reg(dout, a->domain, 0x7000, &a->off_do) ||
	    reg(tdi, a->domain, 0x6000, &a->off_tdi) ||
	    reg(tdo, a->domain, 0x7000, &a->off_tdo))
		return -1;
	return 0;
}

static const char *presence_name(ec_hc_presence_t p)
{
	return p == EC_HC_PRESENT ? "present" :
	       p == EC_HC_JOINING ? "joining" : "absent";
}

static void cycle(struct app *a)
{
	ec_domain_state_t ds;
	ec_hc_group_state_t gs;
	uint8_t want = a->out;

	ecrt_master_receive(a->master);
	ecrt_domain_process(a->domain);
	ecrt_domain_state(a->domain, &ds);
	ecrt_domain_group_state(a->domain, a->tool, &gs);
	a->cycles++;
	if (ds.wc_state == EC_WC_COMPLETE) {
		if (!a->complete_once && gs.presence == EC_HC_ABSENT)
			a->base_expected = ds.working_counter;
		a->complete_once = true;
	} else if (a->complete_once) {
		a->incomplete++;
	}
	/* the base alone: the domain's count less the tool's own */
	if (a->base_expected && ds.working_counter -
	    (gs.presence == EC_HC_PRESENT ? gs.working_counter : 0) !=
	    a->base_expected)
		a->base_incomplete++;
	if (gs.presence != a->presence) {
		double t = now_s();

		if (gs.presence == EC_HC_JOINING || (gs.presence ==
		    EC_HC_PRESENT && a->presence == EC_HC_ABSENT))
			a->joining_at = t;
		if (gs.presence == EC_HC_PRESENT) {
			a->joins++;
			printf("tool present at %.3f s: %.0f ms after it was seen joining (base incomplete so far %lu)\n",
			       t, (t - a->joining_at) * 1e3, a->base_incomplete);
		} else {
			printf("tool %s at %.3f s (base incomplete so far %lu)\n",
			       presence_name(gs.presence), t,
			       a->base_incomplete);
		}
		fflush(stdout);
		a->presence = gs.presence;
	}
	/* the outputs of the last cycle came back in this one (or later) */
	if (ds.wc_state == EC_WC_COMPLETE) {
		a->loop_checks++;
		a->loop_ok += (uint8_t)(want - a->pd[a->off_di]) <= 3;
	}
	/* zero from the first exchange after the tool was marked absent
	 * (doc/HOTCONNECT.md): the first absent cycle may show the last */
	a->absent_cycles = gs.presence == EC_HC_ABSENT ? a->absent_cycles + 1 :
			   0;
	if (a->absent_cycles > 1 && a->pd[a->off_tdi])
		a->absent_nonzero++;
	if (gs.presence == EC_HC_PRESENT && gs.wc_state == EC_WC_COMPLETE) {
		a->tool_checks++;
		a->tool_ok += a->pd[a->off_tdi] != 0;
	}
	a->out++;
	if (!a->out)
		a->out = 4;	/* never 0: a zero input means no data */
	a->pd[a->off_do] = a->out;
	a->pd[a->off_tdo] = a->out;
	if (a->dc) {
		struct timespec t;

		clock_gettime(CLOCK_MONOTONIC, &t);
		ecrt_master_application_time(a->master,
					     (uint64_t)t.tv_sec * NSEC_PER_SEC +
					     (uint64_t)t.tv_nsec);
		if (a->cycles % 2 == 0)
			ecrt_master_sync_reference_clock(a->master);
		ecrt_master_sync_slave_clocks(a->master);
	}
	ecrt_domain_queue(a->domain);
	ecrt_master_send(a->master);
}

int main(int argc, char **argv)
{
	struct app a;
	unsigned long max_cycles = 0;
	long period_ns = 2000000;
	struct timespec next;
	int opt;

	memset(&a, 0, sizeof(a));
	a.out = 4;
	while ((opt = getopt(argc, argv, "c:t:dmq")) != -1) {
		switch (opt) {
		case 'c':
			max_cycles = strtoul(optarg, NULL, 0);
			break;
		case 't':
			period_ns = strtol(optarg, NULL, 0) * 1000;
			break;
		case 'd':
			a.dc = true;
			break;
		case 'm':
			a.middle = true;
			break;
		case 'q':
			a.quiet = true;
			break;
		default:
			fprintf(stderr, "usage: %s [-c CYCLES] [-t CYCLE_US] [-d] [-m] [-q]\n",
				argv[0]);
			return 2;
		}
	}
	if (period_ns < 100000) {
		fprintf(stderr, "-t: at least 100 us\n");
		return 2;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	a.master = ecrt_request_master(0);
	if (!a.master) {
		fprintf(stderr, "cannot request master 0\n");
		return 1;
	}
	if (configure(&a) || ecrt_master_activate(a.master)) {
		fprintf(stderr, "cannot configure or activate the master\n");
		ecrt_release_master(a.master);
		return 1;
	}
	a.pd = ecrt_domain_data(a.domain);
	if (!a.pd) {
		fprintf(stderr, "no process data\n");
		ecrt_release_master(a.master);
		return 1;
	}
	if (!a.quiet)
		printf("active: tool absent until it is plugged in\n");
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &next);
	while (!stop && (!max_cycles || a.cycles < max_cycles)) {
		next.tv_nsec += period_ns;
		while (next.tv_nsec >= NSEC_PER_SEC) {
			next.tv_nsec -= NSEC_PER_SEC;
			next.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		cycle(&a);
	}
	printf("cycles %lu, incomplete after the first complete one %lu, base incomplete %lu\n",
	       a.cycles, a.incomplete, a.base_incomplete);
	printf("tool joins %lu, tool inputs checked %lu/%lu, absent inputs not zero %lu\n",
	       a.joins, a.tool_ok, a.tool_checks, a.absent_nonzero);
	printf("base loopback %lu/%lu\n", a.loop_ok, a.loop_checks);
	ecrt_release_master(a.master);
	return a.absent_nonzero || a.tool_ok * 100 < a.tool_checks * 95 ||
	       !a.loop_checks || a.loop_ok * 100 < a.loop_checks * 95;
}
