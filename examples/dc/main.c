// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_dc_example - a DC servo in cyclic synchronous position mode, IgH's
 * distributed clock pattern, in userspace.
 *
 * The servo (alias 1001, the simulated CiA 402 drive of
 * examples/dc/segment.json, in DC mode) gets the CSP mapping (RxPDO 0x1601:
 * controlword, target position; TxPDO 0x1A01: statusword, position actual),
 * modes of operation 8 (CSP) as a startup SDO and SYNC0 at 1 ms
 * (ecrt_slave_config_dc(sc, 0x0300, 1000000, shift, 0, 0)).  Each 1 ms
 * cycle: receive, process, application time, the reference clock follows
 * it every second cycle (ecrt_master_sync_reference_clock_to()), the
 * slave clocks every cycle, the
 * sync monitor, the CiA 402 enable sequence and a position ramp, queue,
 * send.  Each second it prints the sync monitor's figure (the largest
 * system time difference in the segment, an upper bound) and the
 * reference clock's time.  At the end: "dc ok: ..." and exit status 0
 * when the servo reached OP and "operation enabled", followed the
 * position ramp and the sync monitor answered; else 1.
 *
 *   ec_dc_example [-m MASTER] [-c CYCLES] [-s SHIFT_NS] [-n] [-q]
 *   -n: no ecrt_slave_config_dc(): the drive refuses OP (AL status code
 *       0x0030) and the example says so.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ecrt.h"

#define ECSIM_SERVO 0x0ec51d00, 0x00000402
#define POS_SERVO 1001, 0
#define CYCLE_NS 1000000
#define NSEC_PER_SEC 1000000000LL
#define ASSIGN_ACTIVATE 0x0300	/* cyclic unit + SYNC0 (ESI opmode "DC") */
#define MODE_CSP 8		/* 0x6060, CiA 402 */

static ec_pdo_entry_info_t servo_rx_entries[] = {
	{ 0x6040, 0x00, 16 },	/* controlword */
	{ 0x607A, 0x00, 32 },	/* target position */
};

static ec_pdo_entry_info_t servo_tx_entries[] = {
	{ 0x6041, 0x00, 16 },	/* statusword */
	{ 0x6064, 0x00, 32 },	/* position actual value */
};

static ec_pdo_info_t servo_rx_pdos[] = { { 0x1601, 2, servo_rx_entries } };
static ec_pdo_info_t servo_tx_pdos[] = { { 0x1A01, 2, servo_tx_entries } };

static ec_sync_info_t servo_syncs[] = {
	{ 0, EC_DIR_OUTPUT, 0, NULL, EC_WD_DISABLE },
	{ 1, EC_DIR_INPUT, 0, NULL, EC_WD_DISABLE },
	{ 2, EC_DIR_OUTPUT, 1, servo_rx_pdos, EC_WD_ENABLE },
	{ 3, EC_DIR_INPUT, 1, servo_tx_pdos, EC_WD_DISABLE },
	{ 0xff, 0, 0, NULL, 0 }
};

static unsigned int off_cw, off_target, off_sw, off_actual;

static const ec_pdo_entry_reg_t regs[] = {
	{ POS_SERVO, ECSIM_SERVO, 0x6040, 0, &off_cw, NULL },
	{ POS_SERVO, ECSIM_SERVO, 0x607A, 0, &off_target, NULL },
	{ POS_SERVO, ECSIM_SERVO, 0x6041, 0, &off_sw, NULL },
	{ POS_SERVO, ECSIM_SERVO, 0x6064, 0, &off_actual, NULL },
	{ 0 }
};

static uint64_t app_time_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_REALTIME, &t);
	return ((uint64_t)t.tv_sec - ECRT_DC_EPOCH_UNIX_SEC) * NSEC_PER_SEC +
	       (uint64_t)t.tv_nsec;
}

/* CiA 402 state machine: the controlword that leads to "operation enabled". */
static uint16_t next_controlword(uint16_t sw)
{
	if ((sw & 0x006f) == 0x0027)
		return 0x000f;	/* operation enabled: keep it */
	if ((sw & 0x006f) == 0x0023)
		return 0x000f;	/* switched on -> enable operation */
	if ((sw & 0x006f) == 0x0021)
		return 0x0007;	/* ready to switch on -> switch on */
	return 0x0006;		/* shutdown -> ready to switch on */
}

static void timespec_add(struct timespec *t, long ns)
{
	t->tv_nsec += ns;
	while (t->tv_nsec >= NSEC_PER_SEC) {
		t->tv_nsec -= NSEC_PER_SEC;
		t->tv_sec++;
	}
}

int main(int argc, char **argv)
{
	unsigned int master_index = 0, cycles = 5000, i, follow_ok = 0;
	int32_t shift = 0;
	bool with_dc = true, quiet = false, op = false, enabled = false;
	uint32_t mon, mon_max = 0, mon_sec = 0, ref32;
	unsigned int mon_answered = 0;
	ec_slave_config_state_t st, last = { 0 };
	ec_master_t *master;
	ec_domain_t *domain;
	ec_slave_config_t *sc;
	struct timespec wake;
	int32_t target = 0;
	uint64_t now;
	uint8_t *pd;
	int c, ret;

	while ((c = getopt(argc, argv, "m:c:s:nq")) != -1) {
		switch (c) {
		case 'm':
			master_index = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 'c':
			cycles = (unsigned int)strtoul(optarg, NULL, 0);
			break;
		case 's':
			shift = (int32_t)strtol(optarg, NULL, 0);
			break;
		case 'n':
			with_dc = false;
			break;
		case 'q':
			quiet = true;
			break;
		default:
			fprintf(stderr, "usage: %s [-m MASTER] [-c CYCLES] "
				"[-s SHIFT_NS] [-n] [-q]\n", argv[0]);
			return 2;
		}
	}
	master = ecrt_request_master(master_index);
	if (!master)
		return 1;
	domain = ecrt_master_create_domain(master);
	sc = ecrt_master_slave_config(master, POS_SERVO, ECSIM_SERVO);
	if (!domain || !sc) {
		fprintf(stderr, "no domain or slave configuration\n");
		return 1;
	}
	if (ecrt_slave_config_pdos(sc, EC_END, servo_syncs) ||
	    ecrt_slave_config_sdo8(sc, 0x6060, 0, MODE_CSP) ||
	    ecrt_domain_reg_pdo_entry_list(domain, regs)) {
		fprintf(stderr, "PDO configuration failed\n");
		return 1;
	}
	if (with_dc) {
		ret = ecrt_slave_config_dc(sc, ASSIGN_ACTIVATE, CYCLE_NS,
					   shift, 0, 0);
		if (ret) {
			fprintf(stderr, "ecrt_slave_config_dc: %s\n",
				strerror(-ret));
			return 1;
		}
	}
	/* the servo is the reference clock's follower; the first DC slave
	 * (the coupler) is the reference, as by default */
	ret = ecrt_master_select_reference_clock(master, NULL);
	if (ret) {
		fprintf(stderr, "ecrt_master_select_reference_clock: %s\n",
			strerror(-ret));
		return 1;
	}
	if (ecrt_master_activate(master))
		return 1;
	pd = ecrt_domain_data(domain);
	clock_gettime(CLOCK_MONOTONIC, &wake);
	for (i = 0; i < cycles; i++) {
		timespec_add(&wake, CYCLE_NS);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, NULL);
		ecrt_master_receive(master);
		ecrt_domain_process(domain);
		mon = ecrt_master_sync_monitor_process(master);
		if (mon != 0xffffffff) {
			mon_answered++;
			if (mon > mon_sec)
				mon_sec = mon;
		}
		ecrt_slave_config_state(sc, &st);
		if (st.al_state != last.al_state && !quiet)
			printf("servo: AL state 0x%02x%s\n", st.al_state,
			       st.operational ? " (operational)" : "");
		last = st;
		op = op || st.al_state == 0x08;
		if (st.al_state == 0x08) {
			uint16_t sw = EC_READ_U16(pd + off_sw);

			EC_WRITE_U16(pd + off_cw, next_controlword(sw));
			if ((sw & 0x006f) == 0x0027) {
				enabled = true;
				/* the drive follows the target, with the
				 * frames in between: two cycles late */
				int32_t lag = target -
					      EC_READ_S32(pd + off_actual);

				if (target > 0 && lag >= 0 && lag <= 200)
					follow_ok++;
				target += 100;	/* a position ramp */
			}
			EC_WRITE_S32(pd + off_target, target);
		}
		if (i % 1000 == 999) {
			if (ecrt_master_reference_clock_time(master, &ref32))
				ref32 = 0;
			printf("sync monitor: %u ns, reference clock %" PRIu32
			       "\n", mon_sec, ref32);
			if (i > 2000 && mon_sec > mon_max)
				mon_max = mon_sec;
			mon_sec = 0;
		}
		/* IgH's DC pattern: the application's time, the reference
		 * clock follows it every second cycle */
		now = app_time_now();
		ecrt_master_application_time(master, now);
		if (i % 2)
			ecrt_master_sync_reference_clock_to(master, now);
		ecrt_master_sync_slave_clocks(master);
		ecrt_master_sync_monitor_queue(master);
		ecrt_domain_queue(domain);
		ecrt_master_send(master);
	}
	printf("%s: servo %s OP, operation %s, followed %u cycles, "
	       "sync monitor answered %u, max after 2 s %u ns\n",
	       op && enabled && follow_ok && mon_answered ? "dc ok" :
	       "dc failed", op ? "reached" : "did not reach",
	       enabled ? "enabled" : "not enabled", follow_ok, mon_answered,
	       mon_max);
	ecrt_release_master(master);
	return op && enabled && follow_ok && mon_answered ? 0 : 1;
}
