// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_machine - a small machine: a clamping station.
 *
 * The segment (examples/machine/segment.json, built from ESI files with
 * ethercat-sim --from-esi, see examples/machine/README.md):
 *   position 0 EK1100  coupler
 *   position 1 EL1008  input 1 (0x6000:01): "clamp closed" sensor
 *   position 2 EL2008  output 1 (0x7000:01): clamp valve,
 *                      output 8 (0x7070:01): alarm lamp
 * In the simulator the valve is wired to the sensor, as the cylinder
 * would move it.
 *
 * The machine closes the clamp, waits until the sensor says it is closed
 * (at most CONFIRM_MS), holds it HOLD_MS (one part done), opens it,
 * waits until the sensor says open, and starts again.  It watches the bus:
 * when the process data has been incomplete or a slave out of OP for
 * FAULT_MS (a frame lost now and then is only counted), or
 * the sensor does not follow the valve, it stops: valve off, alarm lamp
 * on, one line "machine: FAULT: why".  When the bus has been healthy again
 * for RECOVER_MS (no problem longer than a third of FAULT_MS) it says
 * "machine: recovered" and goes on.  At a signal it prints a summary and
 * exits 0 if it was running, 1 if it was in a fault.
 *
 * Usage: ec_machine [-m MASTER] [-t CYCLE_US]
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

#define BECKHOFF 0x00000002
#define EL1008 BECKHOFF, 0x03f03052
#define EL2008 BECKHOFF, 0x07d83052
#define POS_DI 0, 1
#define POS_DO 0, 2

/* Times of the machine, in milliseconds (counted in cycles). */
#define CONFIRM_MS	300	/* the sensor must follow the valve */
#define HOLD_MS		20	/* clamp closed: one part */
#define FAULT_MS	300	/* a bus problem this long is a fault */
#define RECOVER_MS	300	/* healthy this long before going on */
#define REPORT_PARTS	25	/* a line every that many parts */
#define NSEC_PER_SEC	1000000000L

static const ec_pdo_entry_info_t di_entries[] = {
	{ 0x6000, 1, 1 },	/* clamp closed */
};

static const ec_pdo_info_t di_pdos[] = {
	{ 0x1a00, 1, di_entries },
};

static const ec_sync_info_t di_syncs[] = {
	{ 0, EC_DIR_INPUT, 1, di_pdos, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static const ec_pdo_entry_info_t do_entries[] = {
	{ 0x7000, 1, 1 },	/* clamp valve */
	{ 0x7070, 1, 1 },	/* alarm lamp */
};

static const ec_pdo_info_t do_pdos[] = {
	{ 0x1600, 1, &do_entries[0] },
	{ 0x1607, 1, &do_entries[1] },
};

static const ec_sync_info_t do_syncs[] = {
	{ 0, EC_DIR_OUTPUT, 2, do_pdos, EC_WD_ENABLE },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

enum phase { WAIT_OP, CLOSING, HOLDING, OPENING, FAULT };

struct machine {
	ec_master_t *master;
	ec_domain_t *domain;
	ec_slave_config_t *sc_di, *sc_do;
	uint8_t *pd;
	unsigned int off_sensor, bit_sensor;
	unsigned int off_valve, bit_valve, off_lamp, bit_lamp;
	enum phase phase;
	unsigned long in_phase;		/* cycles in this phase */
	unsigned long healthy;		/* cycles the bus has been healthy */
	unsigned long sick;		/* cycles it has not been */
	unsigned long blips;		/* shorter problems, counted only */
	unsigned long parts, faults, recoveries;
	bool ran;			/* was running once */
	unsigned long confirm_cycles, hold_cycles, fault_cycles;
	unsigned long recover_cycles;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static int configure(struct machine *m)
{
	const ec_pdo_entry_reg_t regs[] = {
		{ POS_DI, EL1008, 0x6000, 1, &m->off_sensor, &m->bit_sensor },
		{ POS_DO, EL2008, 0x7000, 1, &m->off_valve, &m->bit_valve },
		{ POS_DO, EL2008, 0x7070, 1, &m->off_lamp, &m->bit_lamp },
		{ 0 },
	};

	m->domain = ecrt_master_create_domain(m->master);
	m->sc_di = ecrt_master_slave_config(m->master, POS_DI, EL1008);
	m->sc_do = ecrt_master_slave_config(m->master, POS_DO, EL2008);
	if (!m->domain || !m->sc_di || !m->sc_do) {
		fprintf(stderr, "ec_machine: cannot create the domain or the "
			"slave configurations\n");
		return -1;
	}
	if (ecrt_slave_config_pdos(m->sc_di, EC_END, di_syncs) ||
	    ecrt_slave_config_pdos(m->sc_do, EC_END, do_syncs)) {
		fprintf(stderr, "ec_machine: cannot configure the PDOs\n");
		return -1;
	}
	if (ecrt_domain_reg_pdo_entry_list(m->domain, regs)) {
		fprintf(stderr, "ec_machine: cannot register the PDO entries\n");
		return -1;
	}
	return 0;
}

/* Why the bus is not fit to run the machine, or NULL. */
static const char *bus_problem(struct machine *m, char *buf, size_t cap)
{
	static const char *const names[] = { "EL1008 (0:1)", "EL2008 (0:2)" };
	ec_slave_config_t *sc[] = { m->sc_di, m->sc_do };
	ec_slave_config_state_t s;
	ec_domain_state_t ds;
	unsigned int i;

	ecrt_domain_state(m->domain, &ds);
	if (ds.wc_state != EC_WC_COMPLETE) {
		snprintf(buf, cap, "process data incomplete (working counter "
			 "%u)", ds.working_counter);
		return buf;
	}
	for (i = 0; i < 2; i++) {
		ecrt_slave_config_state(sc[i], &s);
		if (!s.online || !s.operational) {
			snprintf(buf, cap, "slave %s %s (AL state 0x%02x)",
				 names[i], s.online ? "not in OP" : "offline",
				 s.al_state);
			return buf;
		}
	}
	return NULL;
}

static void enter(struct machine *m, enum phase p)
{
	m->phase = p;
	m->in_phase = 0;
}

static void fault(struct machine *m, const char *why)
{
	printf("machine: FAULT: %s; valve off, alarm on\n", why);
	m->faults++;
	m->healthy = 0;
	enter(m, FAULT);
}

/* One cycle of the machine: read the sensor, decide, write the outputs. */
static void step(struct machine *m)
{
	char buf[128];
	const char *why = bus_problem(m, buf, sizeof(buf));
	bool closed = EC_READ_BIT(m->pd + m->off_sensor, m->bit_sensor);
	bool valve = false;

	m->in_phase++;
	if (why) {
		/* a problem shorter than a third of FAULT_MS does not undo
		 * a recovery under way (a loaded host loses frames) */
		if (++m->sick >= m->fault_cycles / 3)
			m->healthy = 0;
		else
			m->healthy++;
	} else {
		if (m->sick && m->phase != FAULT && m->phase != WAIT_OP)
			m->blips++;
		m->sick = 0;
		m->healthy++;
	}
	switch (m->phase) {
	case WAIT_OP:
		if (m->healthy >= 2) {	/* the inputs of a complete cycle */
			printf("machine: running\n");
			m->ran = true;
			enter(m, OPENING);
		}
		break;
	case FAULT:
		if (m->healthy >= m->recover_cycles) {
			printf("machine: recovered after %lu cycles\n",
			       m->in_phase);
			m->recoveries++;
			enter(m, OPENING);
		}
		break;
	case CLOSING:
	case HOLDING:
	case OPENING:
		valve = m->phase != OPENING;
		if (why && m->sick >= m->fault_cycles) {
			fault(m, why);
			valve = false;
			break;
		}
		if (why)	/* hold the outputs, wait and see */
			break;
		if (m->phase == HOLDING && !closed && m->in_phase > 2) {
			fault(m, "the clamp opened while holding a part");
			valve = false;
		} else if (m->phase == HOLDING && m->in_phase >= m->hold_cycles) {
			if (++m->parts % REPORT_PARTS == 0)
				printf("machine: %lu parts\n", m->parts);
			enter(m, OPENING);
			valve = false;
		} else if (m->phase != HOLDING && closed == valve) {
			/* the sensor confirms: next phase */
			enter(m, valve ? HOLDING : CLOSING);
			valve = true;
		} else if (m->phase != HOLDING &&
			   m->in_phase > m->confirm_cycles) {
			snprintf(buf, sizeof(buf), "the clamp sensor says %s "
				 "%lu cycles after the valve %s",
				 closed ? "closed" : "open", m->in_phase - 1,
				 valve ? "closed" : "opened");
			fault(m, buf);
			valve = false;
		}
		break;
	}
	EC_WRITE_BIT(m->pd + m->off_valve, m->bit_valve, valve);
	EC_WRITE_BIT(m->pd + m->off_lamp, m->bit_lamp, m->phase == FAULT);
}

static void timespec_add_ns(struct timespec *t, long ns)
{
	t->tv_nsec += ns;
	while (t->tv_nsec >= NSEC_PER_SEC) {
		t->tv_nsec -= NSEC_PER_SEC;
		t->tv_sec++;
	}
}

int main(int argc, char **argv)
{
	struct machine m;
	unsigned int master_index = 0;
	long cycle_ns = 1000000;
	struct timespec wakeup;
	int opt, ret;

	memset(&m, 0, sizeof(m));
	while ((opt = getopt(argc, argv, "m:t:h")) != -1) {
		switch (opt) {
		case 'm':
			master_index = strtoul(optarg, NULL, 0);
			break;
		case 't':
			cycle_ns = strtol(optarg, NULL, 0) * 1000L;
			break;
		default:
			fprintf(stderr, "usage: %s [-m MASTER] [-t CYCLE_US]\n",
				argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (cycle_ns <= 0 || cycle_ns >= NSEC_PER_SEC) {
		fprintf(stderr, "ec_machine: -t: 1..999999 microseconds\n");
		return 2;
	}
	m.confirm_cycles = CONFIRM_MS * 1000000L / cycle_ns + 1;
	m.hold_cycles = HOLD_MS * 1000000L / cycle_ns + 1;
	m.fault_cycles = FAULT_MS * 1000000L / cycle_ns + 1;
	m.recover_cycles = RECOVER_MS * 1000000L / cycle_ns + 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	m.master = ecrt_request_master(master_index);
	if (!m.master) {
		fprintf(stderr, "ec_machine: cannot request master %u: %s\n",
			master_index, strerror(errno));
		return 1;
	}
	if (configure(&m))
		goto out_release;
	ecrt_master_set_send_interval(m.master, cycle_ns / 1000);
	ret = ecrt_master_activate(m.master);
	if (ret) {
		fprintf(stderr, "ec_machine: cannot activate the master: %s\n",
			strerror(-ret));
		goto out_release;
	}
	m.pd = ecrt_domain_data(m.domain);
	if (!m.pd) {
		fprintf(stderr, "ec_machine: the domain has no process data\n");
		goto out_release;
	}
	printf("machine: activated, cycle %ld us\n", cycle_ns / 1000);

	clock_gettime(CLOCK_MONOTONIC, &wakeup);
	while (!stop) {
		struct timespec now;

		timespec_add_ns(&wakeup, cycle_ns);
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wakeup,
				       NULL) == EINTR && !stop)
			;
		ecrt_master_receive(m.master);
		ecrt_domain_process(m.domain);
		step(&m);
		ecrt_domain_queue(m.domain);
		ecrt_master_send(m.master);
		/* after an overrun, start again from now: no catch-up burst */
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec > wakeup.tv_sec + 1)
			wakeup = now;
	}
	printf("machine: stopped %s: parts %lu, faults %lu, recoveries %lu\n",
	       m.phase == FAULT ? "in a fault" :
	       m.ran ? "running" : "before it ran", m.parts, m.faults,
	       m.recoveries);
	printf("machine: bus problems shorter than %u ms: %lu\n", FAULT_MS,
	       m.blips);
	ecrt_release_master(m.master);
	return m.ran && m.phase != FAULT && m.phase != WAIT_OP ? 0 : 1;

out_release:
	ecrt_release_master(m.master);
	return 1;
}
