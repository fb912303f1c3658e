// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_user_example - a cyclic EtherCAT application in userspace.
 *
 * Runs at 1 kHz (clock_nanosleep with TIMER_ABSTIME on CLOCK_MONOTONIC)
 * against the default virtual segment (sim/segments/default.json):
 *   position 1 EL1008  8 digital inputs   <- wired from EL2008's outputs
 *   position 2 EL2008  8 digital outputs
 *   position 3 EL3102  2 analog inputs    <- wired from EL4102's outputs
 *   position 4 EL4102  2 analog outputs
 *   alias 1001 ECSIM-SERVO (CiA 402): control and status word in a second
 *              domain; an SDO request reads 0x1018:01 in OP
 * and a register request reads the EL1008's AL status (0x0130) in OP.
 * It changes the outputs every PERIOD cycles and checks, at the end of each
 * period, that the inputs show them.  It prints domain, master and slave
 * state changes, and at the end "loopback ok: digital N/M, analog N/M" and
 * how often and for how long the slaves were out of OP once they were in it;
 * the exit status is 0 only if every check passed (and there was one).
 *
 * Usage: ec_user_example [-m MASTER] [-c CYCLES] [-t CYCLE_US] [-q]
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "ecrt.h"

#define BECKHOFF 0x00000002
#define EL1008 BECKHOFF, 0x03f03052
#define EL2008 BECKHOFF, 0x07d83052
#define EL3102 BECKHOFF, 0x0c1e3052
#define EL4102 BECKHOFF, 0x10063052
#define ECSIM_SERVO 0x0ec51d00, 0x00000402

#define POS_DI 0, 1
#define POS_DO 0, 2
#define POS_AI 0, 3
#define POS_AO 0, 4
#define POS_SERVO 1001, 0
#define SERVO_RING_POSITION 5

#define CHANNELS 8
#define PERIOD 10		/* cycles between output changes */
#define NSEC_PER_SEC 1000000000L

/* AL Status register (ESC datasheet Section II, 0x0130). */
#define ESC_AL_STATUS 0x0130

/* Identity object 0x1018, sub 1 vendor ID (CiA 301, ETG.1000.6). */
#define SDO_IDENTITY 0x1018
#define SDO_IDENTITY_VENDOR 0x01

/*
 * PDO configurations (as "ethercat cstruct" prints them): given to the
 * master so that entries can be registered before the slaves are scanned.
 */
static const ec_pdo_entry_info_t di_entries[CHANNELS] = {
	{ 0x6000, 1, 1 }, { 0x6010, 1, 1 }, { 0x6020, 1, 1 }, { 0x6030, 1, 1 },
	{ 0x6040, 1, 1 }, { 0x6050, 1, 1 }, { 0x6060, 1, 1 }, { 0x6070, 1, 1 },
};

static const ec_pdo_info_t di_pdos[CHANNELS] = {
	{ 0x1a00, 1, &di_entries[0] }, { 0x1a01, 1, &di_entries[1] },
	{ 0x1a02, 1, &di_entries[2] }, { 0x1a03, 1, &di_entries[3] },
	{ 0x1a04, 1, &di_entries[4] }, { 0x1a05, 1, &di_entries[5] },
	{ 0x1a06, 1, &di_entries[6] }, { 0x1a07, 1, &di_entries[7] },
};

static const ec_sync_info_t di_syncs[] = {
	{ 0, EC_DIR_INPUT, CHANNELS, di_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t do_entries[CHANNELS] = {
	{ 0x7000, 1, 1 }, { 0x7010, 1, 1 }, { 0x7020, 1, 1 }, { 0x7030, 1, 1 },
	{ 0x7040, 1, 1 }, { 0x7050, 1, 1 }, { 0x7060, 1, 1 }, { 0x7070, 1, 1 },
};

static const ec_pdo_info_t do_pdos[CHANNELS] = {
	{ 0x1600, 1, &do_entries[0] }, { 0x1601, 1, &do_entries[1] },
	{ 0x1602, 1, &do_entries[2] }, { 0x1603, 1, &do_entries[3] },
	{ 0x1604, 1, &do_entries[4] }, { 0x1605, 1, &do_entries[5] },
	{ 0x1606, 1, &do_entries[6] }, { 0x1607, 1, &do_entries[7] },
};

static const ec_sync_info_t do_syncs[] = {
	{ 0, EC_DIR_OUTPUT, CHANNELS, do_pdos, EC_WD_ENABLE },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t ai_entries[] = {
	{ 0x3101, 1, 8 }, { 0x3101, 2, 16 },	/* channel 1 status, value */
	{ 0x3102, 1, 8 }, { 0x3102, 2, 16 },	/* channel 2 */
};

static const ec_pdo_info_t ai_pdos[] = {
	{ 0x1a00, 2, &ai_entries[0] },
	{ 0x1a01, 2, &ai_entries[2] },
};

static const ec_sync_info_t ai_syncs[] = {
	{ 3, EC_DIR_INPUT, 2, ai_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t ao_entries[] = {
	{ 0x3001, 1, 16 }, { 0x3002, 1, 16 },
};

static const ec_pdo_info_t ao_pdos[] = {
	{ 0x1600, 1, &ao_entries[0] },
	{ 0x1601, 1, &ao_entries[1] },
};

static const ec_sync_info_t ao_syncs[] = {
	{ 2, EC_DIR_OUTPUT, 2, ao_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

/* The servo's default mapping (RxPDO 0x1600, TxPDO 0x1A00); 0: a gap. */
static const ec_pdo_entry_info_t servo_out_entries[] = {
	{ 0x6040, 0, 16 }, { 0x607a, 0, 32 }, { 0x60ff, 0, 32 },
	{ 0x6071, 0, 16 }, { 0x6060, 0, 8 }, { 0x0000, 0, 8 },
};

static const ec_pdo_entry_info_t servo_in_entries[] = {
	{ 0x6041, 0, 16 }, { 0x6064, 0, 32 }, { 0x606c, 0, 32 },
	{ 0x6077, 0, 16 }, { 0x6061, 0, 8 }, { 0x0000, 0, 8 },
};

static const ec_pdo_info_t servo_pdos[] = {
	{ 0x1600, 6, servo_out_entries },
	{ 0x1a00, 6, servo_in_entries },
};

static const ec_sync_info_t servo_syncs[] = {
	{ 2, EC_DIR_OUTPUT, 1, &servo_pdos[0], EC_WD_DEFAULT },
	{ 3, EC_DIR_INPUT, 1, &servo_pdos[1], EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_sync_info_t *const all_syncs[5] = {
	di_syncs, do_syncs, ai_syncs, ao_syncs, servo_syncs,
};

static volatile sig_atomic_t stop;

/* Histogram in microseconds, for the figures printed at the end. */
#define HIST_US 5000

struct hist {
	unsigned long n[HIST_US + 1];	/* last bucket: HIST_US or more */
	unsigned long count;
	long max_ns;
};

static void hist_add(struct hist *h, long ns)
{
	long us = ns < 0 ? 0 : ns / 1000;

	h->n[us > HIST_US ? HIST_US : us]++;
	h->count++;
	if (ns > h->max_ns)
		h->max_ns = ns;
}

/* Upper bound in us of the fraction @q of the samples. */
static long hist_quantile(const struct hist *h, double q)
{
	unsigned long want = (unsigned long)(q * h->count), sum = 0;
	long us;

	for (us = 0; us <= HIST_US; us++) {
		sum += h->n[us];
		if (sum > want)
			return us + 1;
	}
	return HIST_US;
}

static long ts_diff_ns(const struct timespec *a, const struct timespec *b)
{
	return (a->tv_sec - b->tv_sec) * NSEC_PER_SEC + a->tv_nsec - b->tv_nsec;
}

struct app {
	ec_master_t *master;
	ec_domain_t *domain;		/* the I/O terminals */
	ec_domain_t *domain2;		/* the servo */
	uint8_t *pd;
	ec_slave_config_t *sc[5];
	const char *sc_name[5];
	ec_sdo_request_t *sdo;
	ec_reg_request_t *reg;
	bool quiet;

	unsigned int off_di[CHANNELS], bit_di[CHANNELS];
	unsigned int off_do[CHANNELS], bit_do[CHANNELS];
	unsigned int off_ai[2], off_ao[2];
	unsigned int off_ctrl, off_status;
	int servo_status;		/* last statusword seen, -1: none */

	ec_domain_state_t domain_state, domain2_state;
	ec_master_state_t master_state;
	ec_slave_config_state_t sc_state[5];
	unsigned int complete_run;	/* consecutive complete cycles */
	unsigned long incomplete;	/* cycles in OP without all data */
	unsigned int gap, max_gap;	/* incomplete cycles in a row */
	/* Out of OP (AL state) after all five were in OP once: how often
	 * the master brought them back, and how long that took. */
	bool was_op;
	unsigned long out_run, max_out_run, out_cycles, recoveries;
	/* Changes of a config's online, operational or AL state, or of the
	 * master's AL states, once all five were in OP and operational. */
	bool steady;
	unsigned long changes_after_op;

	unsigned int dig_ok, dig_checks, ana_ok, ana_checks;
	bool sdo_done, sdo_ok, reg_done, reg_ok;
	uint32_t sdo_value;
};

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int reg_in(ec_slave_config_t *sc, ec_domain_t *domain,
		  uint16_t index, uint8_t sub, unsigned int *off,
		  unsigned int *bit)
{
	unsigned int b = 0;
	int ret = ecrt_slave_config_reg_pdo_entry(sc, index, sub, domain, &b);

	if (ret < 0) {
		fprintf(stderr, "cannot register PDO entry 0x%04x:%02x: %s\n",
			index, sub, strerror(-ret));
		return ret;
	}
	*off = ret;
	if (bit)
		*bit = b;
	return 0;
}

static int reg(struct app *a, ec_slave_config_t *sc, uint16_t index,
	       uint8_t sub, unsigned int *off, unsigned int *bit)
{
	return reg_in(sc, a->domain, index, sub, off, bit);
}

static int configure(struct app *a)
{
	unsigned int i;
	int ret;

	a->domain = ecrt_master_create_domain(a->master);
	a->domain2 = ecrt_master_create_domain(a->master);
	if (!a->domain || !a->domain2) {
		perror("cannot create a domain");
		return -1;
	}
	a->sc[0] = ecrt_master_slave_config(a->master, POS_DI, EL1008);
	a->sc[1] = ecrt_master_slave_config(a->master, POS_DO, EL2008);
	a->sc[2] = ecrt_master_slave_config(a->master, POS_AI, EL3102);
	a->sc[3] = ecrt_master_slave_config(a->master, POS_AO, EL4102);
	a->sc[4] = ecrt_master_slave_config(a->master, POS_SERVO,
					    ECSIM_SERVO);
	a->sc_name[0] = "EL1008";
	a->sc_name[1] = "EL2008";
	a->sc_name[2] = "EL3102";
	a->sc_name[3] = "EL4102";
	a->sc_name[4] = "servo";
	for (i = 0; i < 5; i++) {
		if (!a->sc[i]) {
			fprintf(stderr, "cannot configure the %s: %s\n",
				a->sc_name[i], strerror(errno));
			return -1;
		}
		ret = ecrt_slave_config_pdos(a->sc[i], EC_END, all_syncs[i]);
		if (ret) {
			fprintf(stderr, "cannot configure the PDOs of the %s: %s\n",
				a->sc_name[i], strerror(-ret));
			return -1;
		}
	}
	for (i = 0; i < CHANNELS; i++) {
		ret = reg(a, a->sc[0], 0x6000 + 0x10 * i, 1, &a->off_di[i],
			  &a->bit_di[i]);
		if (!ret)
			ret = reg(a, a->sc[1], 0x7000 + 0x10 * i, 1,
				  &a->off_do[i], &a->bit_do[i]);
		if (ret)
			return -1;
	}
	for (i = 0; i < 2; i++) {
		ret = reg(a, a->sc[2], 0x3101 + i, 2, &a->off_ai[i], NULL);
		if (!ret)
			ret = reg(a, a->sc[3], 0x3001 + i, 1, &a->off_ao[i],
				  NULL);
		if (ret)
			return -1;
	}
	/* CiA 402 controlword (0x6040) and statusword (0x6041) */
	if (reg_in(a->sc[4], a->domain2, 0x6040, 0, &a->off_ctrl, NULL) ||
	    reg_in(a->sc[4], a->domain2, 0x6041, 0, &a->off_status, NULL))
		return -1;
	a->sdo = ecrt_slave_config_create_sdo_request(a->sc[4], SDO_IDENTITY,
						      SDO_IDENTITY_VENDOR, 4);
	if (!a->sdo) {
		perror("cannot create the SDO request");
		return -1;
	}
	ecrt_sdo_request_timeout(a->sdo, 500);
	a->reg = ecrt_slave_config_create_reg_request(a->sc[0], 2);
	if (!a->reg) {
		perror("cannot create the register request");
		return -1;
	}
	/* The same entry by position: EL4102 SM2, PDO 1, entry 0. */
	ret = ecrt_slave_config_reg_pdo_entry_pos(a->sc[3], 2, 1, 0, a->domain,
						  NULL);
	if (ret != (int)a->off_ao[1]) {
		fprintf(stderr, "registration by position gave %d, by index %u\n",
			ret, a->off_ao[1]);
		return -1;
	}
	printf("reg by position ok: offset %d\n", ret);
	return 0;
}

static void run_reg(struct app *a)
{
	switch (ecrt_reg_request_state(a->reg)) {
	case EC_REQUEST_UNUSED:
		if (a->sc_state[0].al_state == EC_AL_STATE_OP)
			ecrt_reg_request_read(a->reg, ESC_AL_STATUS, 2);
		break;
	case EC_REQUEST_SUCCESS:
		if (!a->reg_done)
			printf("reg request ok: 0x%04x = 0x%04x\n",
			       ESC_AL_STATUS,
			       EC_READ_U16(ecrt_reg_request_data(a->reg)));
		a->reg_done = a->reg_ok = true;
		break;
	case EC_REQUEST_ERROR:
		if (!a->reg_done)
			printf("reg request failed: 0x%04x\n", ESC_AL_STATUS);
		a->reg_done = true;
		break;
	default:
		break;
	}
}

static void check_states(struct app *a)
{
	ec_slave_config_state_t s;
	ec_domain_state_t ds;
	ec_master_state_t ms;
	bool all_op = true, all_operational = true;
	unsigned int i;

	ecrt_domain_state(a->domain, &ds);
	if (ds.working_counter != a->domain_state.working_counter)
		printf("domain: WC %u\n", ds.working_counter);
	if (ds.wc_state != a->domain_state.wc_state)
		printf("domain: state %u\n", ds.wc_state);
	if (ds.redundancy_active != a->domain_state.redundancy_active)
		printf("domain: redundancy %s\n",
		       ds.redundancy_active ? "active" : "inactive");
	a->domain_state = ds;
	a->complete_run = ds.wc_state == EC_WC_COMPLETE ?
		a->complete_run + 1 : 0;
	if (a->dig_checks && ds.wc_state != EC_WC_COMPLETE) {
		a->incomplete++;
		if (++a->gap > a->max_gap)
			a->max_gap = a->gap;
	} else {
		a->gap = 0;
	}
	ecrt_domain_state(a->domain2, &ds);
	if (ds.wc_state != a->domain2_state.wc_state)
		printf("domain2: state %u (WC %u)\n", ds.wc_state,
		       ds.working_counter);
	a->domain2_state = ds;

	ecrt_master_state(a->master, &ms);
	if (ms.slaves_responding != a->master_state.slaves_responding)
		printf("master: %u slave(s)\n", ms.slaves_responding);
	if (ms.al_states != a->master_state.al_states) {
		printf("master: AL states 0x%02x\n", ms.al_states);
		a->changes_after_op += a->steady;
	}
	if (ms.link_up != a->master_state.link_up)
		printf("master: link is %s\n", ms.link_up ? "up" : "down");
	a->master_state = ms;

	for (i = 0; i < 5; i++) {
		ecrt_slave_config_state(a->sc[i], &s);
		if (s.al_state != a->sc_state[i].al_state)
			printf("%s: state 0x%02x\n", a->sc_name[i], s.al_state);
		if (s.online != a->sc_state[i].online)
			printf("%s: %s\n", a->sc_name[i],
			       s.online ? "online" : "offline");
		if (s.operational != a->sc_state[i].operational)
			printf("%s: %soperational\n", a->sc_name[i],
			       s.operational ? "" : "not ");
		if (a->steady &&
		    (s.al_state != a->sc_state[i].al_state ||
		     s.online != a->sc_state[i].online ||
		     s.operational != a->sc_state[i].operational))
			a->changes_after_op++;
		a->sc_state[i] = s;
		all_op = all_op && s.al_state == EC_AL_STATE_OP;
		all_operational = all_operational && s.operational;
	}
	/* ... and the master's view caught up: no slave in INIT or SAFEOP. */
	all_operational = all_operational && (ms.al_states & EC_AL_STATE_OP) &&
			  !(ms.al_states & (EC_AL_STATE_INIT | EC_AL_STATE_SAFEOP));
	if (!a->steady && all_op && all_operational)
		printf("all configs operational\n");
	a->steady = a->steady || (all_op && all_operational);
	if (all_op && a->out_run) {
		a->recoveries++;
		if (a->out_run > a->max_out_run)
			a->max_out_run = a->out_run;
		a->out_run = 0;
	} else if (!all_op && a->was_op) {
		a->out_run++;
		a->out_cycles++;
	}
	a->was_op = a->was_op || all_op;
}

static void run_sdo(struct app *a)
{
	switch (ecrt_sdo_request_state(a->sdo)) {
	case EC_REQUEST_UNUSED:
		/* Read in OP: the request shares the cycle with the data. */
		if (a->sc_state[4].al_state == EC_AL_STATE_OP)
			ecrt_sdo_request_read(a->sdo);
		break;
	case EC_REQUEST_SUCCESS:
		if (!a->sdo_done) {
			a->sdo_value =
				EC_READ_U32(ecrt_sdo_request_data(a->sdo));
			printf("sdo request ok: 0x%04x:%02x = 0x%08x (servo in state 0x%02x)\n",
			       SDO_IDENTITY, SDO_IDENTITY_VENDOR,
			       a->sdo_value, a->sc_state[4].al_state);
			a->sdo_done = true;
			a->sdo_ok = true;
		}
		break;
	case EC_REQUEST_ERROR:
		if (!a->sdo_done)
			printf("sdo request failed: 0x%04x:%02x\n",
			       SDO_IDENTITY, SDO_IDENTITY_VENDOR);
		a->sdo_done = true;
		break;
	default:
		break;
	}
}

/*
 * A blocking SDO upload before activation (the master's own thread serves
 * it): the servo is slave 5 of the default segment.
 */
static void blocking_upload(struct app *a)
{
	uint8_t buf[4];
	size_t size = 0;
	uint32_t abort_code = 0;
	int ret = ecrt_master_sdo_upload(a->master, SERVO_RING_POSITION,
					 SDO_IDENTITY, SDO_IDENTITY_VENDOR,
					 buf, sizeof(buf), &size, &abort_code);

	if (ret || size != sizeof(buf))
		printf("blocking sdo upload failed: %s, abort code 0x%08x\n",
		       strerror(-ret), abort_code);
	else
		printf("blocking sdo upload: 0x%04x:%02x of slave %u = 0x%08x\n",
		       SDO_IDENTITY, SDO_IDENTITY_VENDOR, SERVO_RING_POSITION,
		       EC_READ_U32(buf));
}

/* Output pattern of a period: a walking bit pattern and two ramps. */
static uint8_t pattern_digital(unsigned long period)
{
	return (uint8_t)(0xa5 ^ (period * 37));
}

static int16_t pattern_analog(unsigned long period, unsigned int ch)
{
	return (int16_t)((period * 1000 + ch * 7777) % 60000 - 30000);
}

static void cycle_io(struct app *a, unsigned long cycle)
{
	unsigned long period = cycle / PERIOD;
	uint8_t want = pattern_digital(period);
	bool all_op = true;
	unsigned int i;

	for (i = 0; i < 4; i++)
		all_op = all_op && a->sc_state[i].operational;
	/* Last cycle of a period: the outputs had PERIOD - 1 cycles. */
	if (cycle % PERIOD == PERIOD - 1 && all_op && a->complete_run >= 3) {
		bool ok = true;

		for (i = 0; i < CHANNELS; i++)
			ok = ok && EC_READ_BIT(a->pd + a->off_di[i],
					       a->bit_di[i]) ==
				   ((want >> i) & 1);
		a->dig_checks++;
		a->dig_ok += ok;
		if (!ok && !a->quiet)
			printf("digital mismatch in period %lu\n", period);
		for (i = 0; i < 2; i++) {
			int16_t got = EC_READ_S16(a->pd + a->off_ai[i]);

			a->ana_checks++;
			if (got == pattern_analog(period, i))
				a->ana_ok++;
			else if (!a->quiet)
				printf("analog mismatch ch %u: %d != %d\n", i,
				       got, pattern_analog(period, i));
		}
	}
	if (a->domain2_state.wc_state == EC_WC_COMPLETE) {
		uint8_t *pd2 = ecrt_domain_data(a->domain2);
		int status = EC_READ_U16(pd2 + a->off_status);

		if (status != a->servo_status)
			printf("servo: statusword 0x%04x\n", status);
		a->servo_status = status;
	}
	for (i = 0; i < CHANNELS; i++)
		EC_WRITE_BIT(a->pd + a->off_do[i], a->bit_do[i],
			     (want >> i) & 1);
	for (i = 0; i < 2; i++)
		EC_WRITE_S16(a->pd + a->off_ao[i], pattern_analog(period, i));
}

static void timespec_add_ns(struct timespec *t, long ns)
{
	t->tv_nsec += ns;
	while (t->tv_nsec >= NSEC_PER_SEC) {
		t->tv_nsec -= NSEC_PER_SEC;
		t->tv_sec++;
	}
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [-m MASTER] [-c CYCLES] [-t CYCLE_US] [-q]\n"
		"  -c CYCLES  stop after CYCLES cycles (default: at a signal)\n"
		"  -t US      cycle time in microseconds (default 1000)\n"
		"  -q         no per-period mismatch lines\n", prog);
}

int main(int argc, char **argv)
{
	struct app a;
	unsigned long cycles = 0, cycle;
	unsigned int master_index = 0;
	long cycle_ns = 1000000;
	ec_master_scan_progress_t scan;
	static struct hist lat, work;
	struct timespec wakeup, now, start;
	int opt, ret;

	memset(&a, 0, sizeof(a));
	a.servo_status = -1;
	while ((opt = getopt(argc, argv, "m:c:t:qh")) != -1) {
		switch (opt) {
		case 'm':
			master_index = strtoul(optarg, NULL, 0);
			break;
		case 'c':
			cycles = strtoul(optarg, NULL, 0);
			break;
		case 't':
			cycle_ns = strtol(optarg, NULL, 0) * 1000L;
			break;
		case 'q':
			a.quiet = true;
			break;
		default:
			usage(argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (cycle_ns <= 0 || cycle_ns >= NSEC_PER_SEC) {
		usage(argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	a.master = ecrt_request_master(master_index);
	if (!a.master) {
		if (errno == EBUSY)
			fprintf(stderr,
				"master %u is in use by another application\n",
				master_index);
		else if (errno == EPROTO)
			fprintf(stderr,
				"libethercat and the ec_master module speak different ioctl ABI versions: rebuild or reinstall one of them\n");
		else
			fprintf(stderr, "cannot request master %u: %s\n",
				master_index, strerror(errno));
		return 1;
	}
	if (!ecrt_master_scan_progress(a.master, &scan))
		printf("scan: %u of %u slave(s)\n", scan.scan_index,
		       scan.slave_count);
	if (configure(&a))
		goto out_release;
	blocking_upload(&a);
	/* The master's byte budget and loss timeout follow the cycle. */
	ecrt_master_set_send_interval(a.master, cycle_ns / 1000);
	ret = ecrt_master_activate(a.master);
	if (ret) {
		fprintf(stderr, "cannot activate the master: %s\n",
			strerror(-ret));
		goto out_release;
	}
	a.pd = ecrt_domain_data(a.domain);
	if (!a.pd) {
		fprintf(stderr, "the domain has no process data\n");
		goto out_release;
	}
	if (!ecrt_domain_data(a.domain2)) {
		fprintf(stderr, "the servo's domain has no process data\n");
		goto out_release;
	}
	printf("activated: domains of %zu and %zu bytes, cycle %ld us\n",
	       ecrt_domain_size(a.domain), ecrt_domain_size(a.domain2),
	       cycle_ns / 1000);
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		printf("mlockall failed: %s (continuing)\n", strerror(errno));

	clock_gettime(CLOCK_MONOTONIC, &wakeup);
	for (cycle = 0; !stop && (!cycles || cycle < cycles); cycle++) {
		timespec_add_ns(&wakeup, cycle_ns);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wakeup,
				       NULL) == EINTR && !stop)
			;
		clock_gettime(CLOCK_MONOTONIC, &start);
		hist_add(&lat, ts_diff_ns(&start, &wakeup));
		ecrt_master_receive(a.master);
		ecrt_domain_process(a.domain);
		ecrt_domain_process(a.domain2);
		check_states(&a);
		run_sdo(&a);
		run_reg(&a);
		cycle_io(&a, cycle);
		ecrt_domain_queue(a.domain);
		ecrt_domain_queue(a.domain2);
		ecrt_master_send(a.master);
		/* After an overrun, start again from now: no catch-up burst. */
		clock_gettime(CLOCK_MONOTONIC, &now);
		hist_add(&work, ts_diff_ns(&now, &start));
		if (now.tv_sec > wakeup.tv_sec + 1)
			wakeup = now;
	}

	printf("loopback %s: digital %u/%u, analog %u/%u\n",
	       a.dig_checks && a.dig_ok == a.dig_checks && a.ana_checks &&
	       a.ana_ok == a.ana_checks ? "ok" : "FAILED",
	       a.dig_ok, a.dig_checks, a.ana_ok, a.ana_checks);
	printf("sdo request %s\n", a.sdo_ok ? "done" : "NOT done");
	printf("cycles %lu, incomplete after the first check %lu, longest run of incomplete cycles %u\n",
	       cycle, a.incomplete, a.max_gap);
	printf("out of OP: back %lu time(s), longest %lu cycles, %lu cycles in all%s\n",
	       a.recoveries, a.max_out_run > a.out_run ? a.max_out_run :
	       a.out_run, a.out_cycles, a.out_run ? ", still out at the end" :
	       "");
	printf("state changes after OP: %lu\n", a.changes_after_op);
	if (lat.count)
		printf("wake-up latency: median <%ld us, p99 <%ld us, max %ld us; cycle work: median <%ld us, p99 <%ld us, max %ld us\n",
		       hist_quantile(&lat, 0.5), hist_quantile(&lat, 0.99),
		       lat.max_ns / 1000, hist_quantile(&work, 0.5),
		       hist_quantile(&work, 0.99), work.max_ns / 1000);
	ecrt_release_master(a.master);
	return a.dig_checks && a.dig_ok == a.dig_checks && a.ana_checks &&
	       a.ana_ok == a.ana_checks ? 0 : 1;

out_release:
	ecrt_release_master(a.master);
	return 1;
}
