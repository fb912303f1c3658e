// SPDX-License-Identifier: GPL-2.0-only
/*
 * t_cli_config_app.c - the application t_cli_config.sh inspects with the
 * ethercat tool: on the default segment it configures the EL2008 (0:2,
 * with an explicit PDO assignment and a watchdog) and the EL1008 (0:1),
 * maps one byte of each into one domain, and cycles at 1 kHz writing
 * 0x5a to the outputs (which the segment wires back to the EL1008's
 * inputs) until killed or SECONDS have passed.
 *
 *   t_cli_config_app [SECONDS]
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ecrt.h"

#define VENDOR_BECKHOFF 0x00000002
#define PRODUCT_EL1008 0x03f03052
#define PRODUCT_EL2008 0x07d83052
#define VENDOR_ECSIM 0x0ec51d00
#define PRODUCT_SOE 0x00000503
#define CYCLE_NS 1000000L
#define PATTERN 0x5a

static ec_pdo_entry_info_t el2008_entries[] = {
	{ 0x7000, 1, 1 }, { 0x7010, 1, 1 }, { 0x7020, 1, 1 },
	{ 0x7030, 1, 1 }, { 0x7040, 1, 1 }, { 0x7050, 1, 1 },
	{ 0x7060, 1, 1 }, { 0x7070, 1, 1 },
};

static ec_pdo_info_t el2008_pdos[] = {
	{ 0x1600, 1, el2008_entries + 0 }, { 0x1601, 1, el2008_entries + 1 },
	{ 0x1602, 1, el2008_entries + 2 }, { 0x1603, 1, el2008_entries + 3 },
	{ 0x1604, 1, el2008_entries + 4 }, { 0x1605, 1, el2008_entries + 5 },
	{ 0x1606, 1, el2008_entries + 6 }, { 0x1607, 1, el2008_entries + 7 },
};

static ec_sync_info_t el2008_syncs[] = {
	{ 0, EC_DIR_OUTPUT, 8, el2008_pdos, EC_WD_ENABLE },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT }
};

int main(int argc, char **argv)
{
	long cycles = (argc > 1 ? atol(argv[1]) : 60) * 1000;
	static const uint8_t at_list[] = { 6, 0, 6, 0, 135, 0, 51, 0, 40, 0 };
	static const uint8_t p1[] = { 0xf4, 0x01, 0, 0 };
	static const unsigned char drive_mac[6] = { 0x02, 0, 0, 0, 0, 0x09 };
	struct in_addr drive_ip;
	ec_slave_config_t *in, *out, *drive;
	unsigned int bit_in, bit_out;
	int off_in, off_out;
	struct timespec t;
	ec_domain_t *d;
	ec_master_t *m;
	uint8_t *pd;
	long n;

	m = ecrt_request_master(0);
	if (!m) {
		perror("t_cli_config_app: request master 0");
		return 1;
	}
	d = ecrt_master_create_domain(m);
	out = ecrt_master_slave_config(m, 0, 2, VENDOR_BECKHOFF,
				       PRODUCT_EL2008);
	in = ecrt_master_slave_config(m, 0, 1, VENDOR_BECKHOFF,
				      PRODUCT_EL1008);
	/*
	 * A drive configured where no slave is (0:9): its startup IDNs are
	 * kept (and listed by 'config -v'), never written.
	 */
	/* ... and its EoE IP parameters, listed by 'config -v' too */
	drive_ip.s_addr = htonl(0xa9fe0909);	/* 169.254.9.9 */
	drive = ecrt_master_slave_config(m, 0, 9, VENDOR_ECSIM, PRODUCT_SOE);
	if (!d || !out || !in || !drive ||
	    ecrt_slave_config_idn(drive, 0, 16, EC_AL_STATE_PREOP, at_list,
				  sizeof(at_list)) ||
	    ecrt_slave_config_idn(drive, 2, 0x8001, EC_AL_STATE_SAFEOP, p1,
				  sizeof(p1)) ||
	    ecrt_slave_config_eoe_mac_address(drive, drive_mac) ||
	    ecrt_slave_config_eoe_ip_address(drive, drive_ip) ||
	    ecrt_slave_config_eoe_hostname(drive, "drive-9")) {
		fprintf(stderr, "t_cli_config_app: configuration failed\n");
		return 1;
	}
	if (ecrt_slave_config_pdos(out, EC_END, el2008_syncs)) {
		fprintf(stderr, "t_cli_config_app: PDO configuration failed\n");
		return 1;
	}
	ecrt_slave_config_watchdog(out, 2498, 1000);
	off_out = ecrt_slave_config_reg_pdo_entry(out, 0x7000, 1, d, &bit_out);
	off_in = ecrt_slave_config_reg_pdo_entry(in, 0x6000, 1, d, &bit_in);
	if (off_out < 0 || off_in < 0) {
		fprintf(stderr, "t_cli_config_app: PDO entry registration failed\n");
		return 1;
	}
	if (ecrt_master_activate(m)) {
		perror("t_cli_config_app: activate");
		return 1;
	}
	pd = ecrt_domain_data(d);
	printf("t_cli_config_app: active, outputs at %d, inputs at %d\n",
	       off_out, off_in);
	fflush(stdout);

	clock_gettime(CLOCK_MONOTONIC, &t);
	for (n = 0; n < cycles; n++) {
		t.tv_nsec += CYCLE_NS;
		if (t.tv_nsec >= 1000000000L) {
			t.tv_nsec -= 1000000000L;
			t.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
		ecrt_master_receive(m);
		ecrt_domain_process(d);
		EC_WRITE_U8(pd + off_out, PATTERN);
		ecrt_domain_queue(d);
		ecrt_master_send(m);
	}
	ecrt_release_master(m);
	return 0;
}
