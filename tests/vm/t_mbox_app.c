// SPDX-License-Identifier: GPL-2.0-only
/*
 * t_mbox_app.c - the application of t_mbox.sh: on a segment with the SoE
 * drive ECSIM-SOE at 0:6 and the VoE echo ECSIM-VOE at 0:7 it gives the
 * drive a startup IDN in PREOP (a longer AT: S-0-0135, S-0-0051, S-0-0040)
 * and one in SAFEOP (P-0-0001 = 500), maps its MDT and AT, and in OP, from
 * the cyclic task: reads P-0-0001 with an SoE request, writes 321 and
 * reads it back, sends "ping" through the VoE echo and reads the echo,
 * writes a 300-byte file with an FoE request and reads it back, and
 * checks that the position feedback follows the command.  Then it prints
 * "waiting-emergency" and pops the servo's (1001:0) emergency ring until
 * one arrives (the test has the simulator send it).  Prints one
 * "name=value" line per result and "done", exits 0 when all passed.
 *
 *   t_mbox_app
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ecrt.h"

#define VENDOR_ECSIM 0x0ec51d00
#define PRODUCT_SOE 0x00000503
#define PRODUCT_VOE 0x00000f0e
#define PRODUCT_SERVO 0x00000402
#define SERVO_ALIAS 1001
#define CYCLE_NS 1000000L
#define MAX_CYCLES 60000
#define IDN_P1 0x8001
#define FILE_SIZE 100000	/* above 64 KiB: copied in chunks */

static ec_pdo_entry_info_t mdt_e[] = { { 0x0086, 0, 16 }, { 0x002f, 0, 32 } };
static ec_pdo_entry_info_t at_e[] = {
	{ 0x0087, 0, 16 }, { 0x0033, 0, 32 }, { 0x0028, 0, 32 },
};
static ec_pdo_info_t mdt_p[] = { { 0x1600, 2, mdt_e } };
static ec_pdo_info_t at_p[] = { { 0x1a00, 3, at_e } };
static ec_sync_info_t drive_syncs[] = {
	{ 2, EC_DIR_OUTPUT, 1, mdt_p, EC_WD_DEFAULT },
	{ 3, EC_DIR_INPUT, 1, at_p, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

enum step {
	WAIT_OP, SOE_READ, SOE_WRITE, SOE_READ_BACK, VOE_WRITE, VOE_READ,
	FOE_WRITE, FOE_READ, PD_FOLLOW, EMERGENCY, DONE,
};

static int failures;

static void result(const char *name, const char *fmt, long a, long b)
{
	printf("%s=", name);
	printf(fmt, a, b);
	printf("\n");
	fflush(stdout);
}

int main(void)
{
	static const uint8_t at_list[] = { 6, 0, 6, 0, 135, 0, 51, 0, 40, 0 };
	uint8_t p1[4] = { 0xf4, 0x01, 0, 0 };	/* 500 */
	ec_slave_config_t *drive, *echo, *servo;
	uint8_t emerg[8];
	ec_slave_config_state_t st;
	ec_soe_request_t *soe;
	ec_voe_handler_t *voe;
	ec_foe_request_t *foe;
	unsigned int bit;
	int off_cmd, off_fb;
	enum step step = WAIT_OP;
	struct timespec t;
	ec_request_state_t rs;
	uint32_t vid;
	uint16_t vtype;
	ec_domain_t *d;
	ec_master_t *m;
	uint8_t *pd;
	long n, i;

	m = ecrt_request_master(0);
	if (!m) {
		perror("t_mbox_app: request master 0");
		return 1;
	}
	d = ecrt_master_create_domain(m);
	drive = ecrt_master_slave_config(m, 0, 6, VENDOR_ECSIM, PRODUCT_SOE);
	echo = ecrt_master_slave_config(m, 0, 7, VENDOR_ECSIM, PRODUCT_VOE);
	servo = ecrt_master_slave_config(m, SERVO_ALIAS, 0, VENDOR_ECSIM,
					 PRODUCT_SERVO);
	if (!d || !drive || !echo || !servo ||
	    ecrt_slave_config_pdos(drive, EC_END, drive_syncs) ||
	    ecrt_slave_config_idn(drive, 0, 16, EC_AL_STATE_PREOP, at_list,
				  sizeof(at_list)) ||
	    ecrt_slave_config_idn(drive, 0, IDN_P1, EC_AL_STATE_SAFEOP, p1,
				  4) ||
	    ecrt_slave_config_flag(drive, "Timeout", 10) ||
	    ecrt_slave_config_flag(drive, "AssignMode", -2) ||
	    ecrt_slave_config_flag(drive, "Timeout", 20)) {
		fprintf(stderr, "t_mbox_app: configuration failed\n");
		return 1;
	}
	/* The servo's default PDOs, so that it goes to OP too. */
	if (ecrt_slave_config_reg_pdo_entry(servo, 0x6040, 0, d, &bit) < 0 ||
	    ecrt_slave_config_reg_pdo_entry(servo, 0x6041, 0, d, &bit) < 0) {
		fprintf(stderr, "t_mbox_app: servo PDO entries failed\n");
		return 1;
	}
	off_cmd = ecrt_slave_config_reg_pdo_entry(drive, 0x002f, 0, d, &bit);
	off_fb = ecrt_slave_config_reg_pdo_entry(drive, 0x0033, 0, d, &bit);
	soe = ecrt_slave_config_create_soe_request(drive, 0, IDN_P1, 4);
	voe = ecrt_slave_config_create_voe_handler(echo, 64);
	foe = ecrt_slave_config_create_foe_request(drive, 128 * 1024);
	if (off_cmd < 0 || off_fb < 0 || !soe || !voe || !foe ||
	    ecrt_foe_request_file(foe, "app.bin", 0)) {
		fprintf(stderr, "t_mbox_app: requests failed\n");
		return 1;
	}
	if (ecrt_master_activate(m)) {
		perror("t_mbox_app: activate");
		return 1;
	}
	pd = ecrt_domain_data(d);
	clock_gettime(CLOCK_MONOTONIC, &t);
	for (n = 0; n < MAX_CYCLES && step != DONE; n++) {
		t.tv_nsec += CYCLE_NS;
		if (t.tv_nsec >= 1000000000L) {
			t.tv_nsec -= 1000000000L;
			t.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
		ecrt_master_receive(m);
		ecrt_domain_process(d);
		switch (step) {
		case WAIT_OP:
			ecrt_slave_config_state(drive, &st);
			if (st.operational && st.al_state == EC_AL_STATE_OP) {
				ecrt_soe_request_read(soe);
				step = SOE_READ;
			}
			break;
		case SOE_READ:
			rs = ecrt_soe_request_state(soe);
			if (rs == EC_REQUEST_BUSY)
				break;
			result("soe_startup", "%ld%.0ld", rs == EC_REQUEST_SUCCESS ?
			       (long)EC_READ_U32(ecrt_soe_request_data(soe)) :
			       -1, 0);
			EC_WRITE_U32(ecrt_soe_request_data(soe), 321);
			ecrt_soe_request_write(soe);
			step = SOE_WRITE;
			break;
		case SOE_WRITE:
			rs = ecrt_soe_request_state(soe);
			if (rs == EC_REQUEST_BUSY)
				break;
			failures += rs != EC_REQUEST_SUCCESS;
			ecrt_soe_request_read(soe);
			step = SOE_READ_BACK;
			break;
		case SOE_READ_BACK:
			rs = ecrt_soe_request_state(soe);
			if (rs == EC_REQUEST_BUSY)
				break;
			result("soe_rw", "%ld%.0ld", rs == EC_REQUEST_SUCCESS ?
			       (long)EC_READ_U32(ecrt_soe_request_data(soe)) :
			       -1, 0);
			ecrt_voe_handler_send_header(voe, 0x12345678, 0x42);
			memcpy(ecrt_voe_handler_data(voe), "ping", 4);
			ecrt_voe_handler_write(voe, 4);
			step = VOE_WRITE;
			break;
		case VOE_WRITE:
			rs = ecrt_voe_handler_execute(voe);
			if (rs == EC_REQUEST_BUSY)
				break;
			failures += rs != EC_REQUEST_SUCCESS;
			ecrt_voe_handler_read(voe);
			step = VOE_READ;
			break;
		case VOE_READ:
			rs = ecrt_voe_handler_execute(voe);
			if (rs == EC_REQUEST_BUSY)
				break;
			vid = 0;
			vtype = 0;
			ecrt_voe_handler_received_header(voe, &vid, &vtype);
			printf("voe=%s %.*s 0x%08x 0x%04x\n",
			       rs == EC_REQUEST_SUCCESS ? "ok" : "error",
			       (int)ecrt_voe_handler_data_size(voe),
			       (const char *)ecrt_voe_handler_data(voe),
			       vid, vtype);
			for (i = 0; i < FILE_SIZE; i++)
				ecrt_foe_request_data(foe)[i] = (uint8_t)(i % 251);
			ecrt_foe_request_write(foe, FILE_SIZE);
			step = FOE_WRITE;
			break;
		case FOE_WRITE:
			rs = ecrt_foe_request_state(foe);
			if (rs == EC_REQUEST_BUSY)
				break;
			failures += rs != EC_REQUEST_SUCCESS;
			memset(ecrt_foe_request_data(foe), 0, FILE_SIZE);
			ecrt_foe_request_read(foe);
			step = FOE_READ;
			break;
		case FOE_READ:
			rs = ecrt_foe_request_state(foe);
			if (rs == EC_REQUEST_BUSY)
				break;
			for (i = 0; rs == EC_REQUEST_SUCCESS && i < FILE_SIZE;
			     i++)
				if (ecrt_foe_request_data(foe)[i] !=
				    (uint8_t)(i % 251))
					break;
			result("foe", "%ld %ld", i == FILE_SIZE ?
			       (long)ecrt_foe_request_data_size(foe) : -1,
			       (long)ecrt_foe_request_error_code(foe));
			EC_WRITE_S32(pd + off_cmd, 123456);
			step = PD_FOLLOW;
			break;
		case PD_FOLLOW:
			EC_WRITE_S32(pd + off_cmd, 123456);
			if (EC_READ_S32(pd + off_fb) == 123456) {
				result("pd_follow", "%ld%.0ld", 123456, 0);
				printf("waiting-emergency\n");
				fflush(stdout);
				step = EMERGENCY;
			}
			break;
		case EMERGENCY:
			if (ecrt_slave_config_emerg_pop(servo, emerg))
				break;
			printf("emerg=0x%04x\n", EC_READ_U16(emerg));
			step = DONE;
			break;
		default:
			break;
		}
		ecrt_domain_queue(d);
		ecrt_master_send(m);
	}
	printf("%s failures=%d\n", step == DONE ? "done" : "stuck", failures);
	fflush(stdout);
	ecrt_release_master(m);
	return step == DONE && !failures ? 0 : 1;
}
