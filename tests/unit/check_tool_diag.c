// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_diag.c - the tool's 'diag' command (and 'crc', which reads
 * the same counters through tool/esc_errors.c) end to end against a fake
 * ioctl layer: four slaves whose registers 0x0300-0x0313 the test sets;
 * the exact text, -v, -r (what is read, what is written), -j and the
 * usage errors are checked.
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tables.h"
#include "tool_fake_lib.h"
#include "tool_run.h"

/* ---- the fake bus -------------------------------------------------- */

#define NSLAVES 4
#define EC_ERRS 0x0300
#define EC_ERRS_SIZE 0x14

static uint8_t regs[NSLAVES][EC_ERRS_SIZE];
static unsigned int reads[NSLAVES], writes[NSLAVES];
static int fail_read = -1;	/* slave whose register reads fail */

static void fake_reset(void)
{
	memset(regs, 0, sizeof(regs));
	memset(reads, 0, sizeof(reads));
	memset(writes, 0, sizeof(writes));
	fail_read = -1;
	fake_opened_writable = false;
}

int ec_lib_master(struct ec_lib_master *m, struct ec_ioctl_master *d)
{
	(void)m;
	memset(d, 0, sizeof(*d));
	d->slave_count = NSLAVES;
	return 0;
}

/* 0: EK1100 (MII in, E-bus 1, port 2 missing, MII 3), 1: EL1008, 2: EL2004
 * with alias 7, 3: no name; 1-3 have E-bus ports 0 and 1. */
int ec_lib_slave(struct ec_lib_master *m, uint16_t pos,
		 struct ec_ioctl_slave *out)
{
	static const char *const names[NSLAVES] = {
		"EK1100", "EL1008", "EL2004", ""
	};
	int i;

	(void)m;
	if (pos >= NSLAVES)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->position = pos;
	out->vendor_id = 2;
	out->product_code = 0x03f03052 + pos;
	out->al_state = pos == 2 ? 0x08 : 0x02;
	out->alias = pos == 2 ? 7 : 0;
	out->ports[0].desc = pos ? EC_PORT_DESC_EBUS : EC_PORT_DESC_MII;
	out->ports[1].desc = EC_PORT_DESC_EBUS;
	if (!pos)
		out->ports[3].desc = EC_PORT_DESC_MII;
	for (i = 0; i < EC_IOCTL_MAX_PORTS; i++)
		out->ports[i].next_slave = EC_IOCTL_NO_SLAVE;
	snprintf(out->name, sizeof(out->name), "%s", names[pos]);
	return 0;
}

int ec_lib_reg_read(struct ec_lib_master *m, uint16_t pos, bool emergency,
		    uint16_t address, uint16_t size, void *data)
{
	ck_assert(!emergency);
	ck_assert_uint_lt(pos, NSLAVES);
	ck_assert_uint_eq(address, EC_ERRS);
	ck_assert_uint_eq(size, EC_ERRS_SIZE);
	if (pos == fail_read) {
		snprintf(m->errbuf, sizeof(m->errbuf),
			 "register read of slave %u failed", pos);
		return -EIO;
	}
	reads[pos]++;
	memcpy(data, regs[pos], size);
	return 0;
}

int ec_lib_reg_write(struct ec_lib_master *m, uint16_t pos, bool emergency,
		     uint16_t address, uint16_t size, const void *data)
{
	ck_assert(m->writable);
	ck_assert(!emergency);
	ck_assert_uint_lt(pos, NSLAVES);
	ck_assert_uint_eq(address, EC_ERRS);
	ck_assert_uint_eq(size, EC_ERRS_SIZE);
	writes[pos]++;
	/* the ESC ignores the value written and clears (section II) */
	(void)data;
	memset(regs[pos], 0, size);
	return 0;
}

/* The commands 'diag' and 'crc' do not call the rest of the library. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define EC_FAKE(name, ...) int name(__VA_ARGS__) { return -ENOTTY; }
EC_FAKE(ec_lib_redundancy, struct ec_lib_master *m, struct ec_ioctl_redundancy *o)
EC_FAKE(ec_lib_master_monitor, struct ec_lib_master *m, struct ec_ioctl_master_monitor *o)
EC_FAKE(ec_lib_slave_sync, struct ec_lib_master *m, uint16_t p, uint8_t s, struct ec_ioctl_slave_sync *o)
EC_FAKE(ec_lib_slave_sync_pdo, struct ec_lib_master *m, uint16_t p, uint8_t s, uint8_t i, struct ec_ioctl_slave_sync_pdo *o)
EC_FAKE(ec_lib_slave_sync_pdo_entry, struct ec_lib_master *m, uint16_t p, uint8_t s, uint8_t i, uint8_t e, struct ec_ioctl_slave_sync_pdo_entry *o)
EC_FAKE(ec_lib_slave_sdo, struct ec_lib_master *m, uint16_t p, uint16_t i, struct ec_ioctl_slave_sdo *o)
EC_FAKE(ec_lib_slave_sdo_entry, struct ec_lib_master *m, uint16_t p, int32_t s, uint8_t i, struct ec_ioctl_slave_sdo_entry *o)
EC_FAKE(ec_lib_sii_read, struct ec_lib_master *m, uint16_t p, uint32_t o, uint32_t n, uint16_t *w)
EC_FAKE(ec_lib_sii_write, struct ec_lib_master *m, uint16_t p, uint32_t o, uint32_t n, const uint16_t *w)
EC_FAKE(ec_lib_slave_state, struct ec_lib_master *m, uint16_t p, uint8_t s)
EC_FAKE(ec_lib_sdo_upload, struct ec_lib_master *m, uint16_t p, uint16_t i, uint8_t s, bool c, void *b, size_t n, size_t *r, uint32_t *a)
EC_FAKE(ec_lib_sdo_download, struct ec_lib_master *m, uint16_t p, uint16_t i, uint8_t s, bool c, const void *d, size_t n, uint32_t *a)
EC_FAKE(ec_lib_foe, struct ec_lib_master *m, bool w, struct ec_ioctl_slave_foe *io)
EC_FAKE(ec_lib_soe, struct ec_lib_master *m, bool w, struct ec_ioctl_slave_soe *io)
EC_FAKE(ec_lib_config_eoe_ip, struct ec_lib_master *m, uint32_t c, struct ec_ioctl_eoe_ip *o)
EC_FAKE(ec_lib_config_hc_group, struct ec_lib_master *m, uint32_t c, uint32_t *g)
EC_FAKE(ec_lib_hc_group, struct ec_lib_master *m, uint32_t g, struct ec_ioctl_hc_group *o)
EC_FAKE(ec_lib_config_idn, struct ec_lib_master *m, uint32_t c, uint32_t p, struct ec_ioctl_config_idn *o)
EC_FAKE(ec_lib_config_flag, struct ec_lib_master *m, uint32_t c, uint32_t p, struct ec_ioctl_sc_flag *o)
EC_FAKE(ec_lib_rescan, struct ec_lib_master *m)
EC_FAKE(ec_lib_eoe_ip, struct ec_lib_master *m, const struct ec_ioctl_eoe_ip *io)
EC_FAKE(ec_lib_eoe_handler, struct ec_lib_master *m, uint32_t i, struct ec_ioctl_eoe_handler *o)
EC_FAKE(ec_lib_debug, struct ec_lib_master *m, uint32_t l)
EC_FAKE(ec_lib_config, struct ec_lib_master *m, uint32_t c, struct ec_ioctl_config *o)
EC_FAKE(ec_lib_config_pdo, struct ec_lib_master *m, uint32_t c, uint8_t s, uint16_t p, struct ec_ioctl_config_pdo *o)
EC_FAKE(ec_lib_config_pdo_entry, struct ec_lib_master *m, uint32_t c, uint8_t s, uint16_t p, uint16_t e, struct ec_ioctl_config_pdo_entry *o)
EC_FAKE(ec_lib_config_sdo, struct ec_lib_master *m, uint32_t c, uint32_t p, struct ec_ioctl_config_sdo *o)
EC_FAKE(ec_lib_domain, struct ec_lib_master *m, uint32_t d, struct ec_ioctl_domain *o)
EC_FAKE(ec_lib_domain_fmmu, struct ec_lib_master *m, uint32_t d, uint32_t f, struct ec_ioctl_domain_fmmu *o)
EC_FAKE(ec_lib_domain_data, struct ec_lib_master *m, uint32_t d, void *b, size_t n, size_t *r)
#pragma GCC diagnostic pop

/* ---- tests --------------------------------------------------------- */

/* Slave 1: 3 invalid frames with RX errors at port 0, 2 forwarded errors
 * at port 1, 5 processing unit errors, a lost link at port 1; slave 0 a
 * count on its missing port 2 (ignored); slave 3 a PDI error. */
static void fake_errors(void)
{
	fake_reset();
	regs[1][0x00] = 3;
	regs[1][0x01] = 3;
	regs[1][0x09] = 2;
	regs[1][0x0c] = 5;
	regs[1][0x11] = 1;
	regs[0][0x04] = 9;
	regs[0][0x12] = 9;
	regs[3][0x0d] = 1;
}

START_TEST(test_diag_no_errors)
{
	fake_reset();
	ck_assert_int_eq(run("diag", NULL), 0);
	ck_assert_str_eq(out,
		"0  0:0  PREOP  +  ESC no errors.  EK1100\n"
		"1  0:1  PREOP  +  ESC no errors.  EL1008\n"
		"2  7:0  OP     +  ESC no errors.  EL2004\n"
		"3  7:1  PREOP  +  ESC no errors.  0x00000002:0x03f03055\n");
	ck_assert_str_eq(err, "");
	ck_assert(!fake_opened_writable);
	ck_assert_uint_eq(reads[0] + reads[1] + reads[2] + reads[3], 4);
}
END_TEST

/*
 * What the master counted itself: the EL1008's port 0 (ring position 1)
 * with RX errors in the last 10 s, its cable to the EK1100's port 1: the
 * per port line with the rates and the line that names the cable, in
 * text and JSON; the slaves without counts get no line.
 */
START_TEST(test_diag_link_health)
{
	struct ec_ioctl_slave_health *h = &fake_health[1];
	unsigned int i, p;

	fake_reset();
	memset(fake_health, 0, sizeof(fake_health));
	for (i = 0; i < 4; i++) {
		fake_health[i].read = 1;
		for (p = 0; p < EC_IOCTL_MAX_PORTS; p++)
			fake_health[i].peer[p] = EC_IOCTL_HEALTH_PEER_NONE;
		fake_health[i].window_ns[0] = 10000000000ull;
		fake_health[i].window_ns[1] = 60000000000ull;
		fake_health[i].window_ns[2] = 100000000000ull;
		fake_health[i].window_frames[0] = 10000;
	}
	h->total[0][EC_IOCTL_HEALTH_INVALID] = 120;
	h->total[0][EC_IOCTL_HEALTH_RX] = 120;
	h->count[0][0][EC_IOCTL_HEALTH_INVALID] = 100;
	h->count[0][0][EC_IOCTL_HEALTH_RX] = 100;
	h->count[2][0][EC_IOCTL_HEALTH_INVALID] = 120;
	h->count[2][0][EC_IOCTL_HEALTH_RX] = 120;
	h->port_faults[0] = EC_IOCTL_HEALTH_FAULT_RX;
	h->peer[0] = 0;
	h->peer_port[0] = 1;
	ck_assert_int_eq(run("diag", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out,
		"  Slave 1 port 0: invalid 120, RX 120, forwarded 0, "
		"lost links 0; errors/s 20.000 0.000 2.400 "
		"(1.00 % of frames over 10 s)\n"
		"RX errors rising on the cable between slave 0 port 1 and "
		"slave 1 port 0\n"));
	ck_assert_ptr_null(strstr(out, "Slave 0 port"));
	ck_assert_int_eq(run("-j", "diag", "-p", "1", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out,
		"\"unhealthy_links\":[\"RX errors rising on the cable "
		"between slave 0 port 1 and slave 1 port 0\"]"));
	memset(fake_health, 0, sizeof(fake_health));
}
END_TEST

START_TEST(test_diag_errors_text)
{
	fake_errors();
	ck_assert_int_eq(run("diag", NULL), 0);
	ck_assert_str_eq(out,
		"0  0:0  PREOP  +  ESC no errors.                   EK1100\n"
		"1  0:1  PREOP  +  E_IFC E_REC E_FREC E_PUEC E_LLC  EL1008\n"
		"2  7:0  OP     +  ESC no errors.                   EL2004\n"
		"3  7:1  PREOP  +  E_PDIEC                          "
		"0x00000002:0x03f03055\n");
	ck_assert_int_eq(run("diag", "-v", "-p", "1,3", NULL), 0);
	ck_assert_str_eq(out,
		"1  0:1  PREOP  +  E_IFC E_REC E_FREC E_PUEC E_LLC  EL1008\n"
		"    Invalid Frame Counter - P[0]: 3\n"
		"    RX Error counter - P[0]: 3\n"
		"    Forwarded RX Error Counter - P[1]: 2\n"
		"    ECAT Processing Unit Error Counter - 5\n"
		"    Lost Link Counter - P[1]: 1\n"
		"3  7:1  PREOP  +  E_PDIEC                          "
		"0x00000002:0x03f03055\n"
		"    PDI Error Counter - 1\n");
	/* only the selected slaves are read */
	ck_assert_uint_eq(reads[0] + reads[2], 2);
	ck_assert_uint_eq(reads[1] + reads[3], 4);
	ck_assert_uint_eq(writes[0] + writes[1] + writes[2] + writes[3], 0);
}
END_TEST

START_TEST(test_diag_reset)
{
	fake_errors();
	ck_assert_int_eq(run("diag", "-a", "0", "--reset", NULL), 0);
	ck_assert(fake_opened_writable);
	/* what was read before the clear */
	ck_has(out, "1  0:1  PREOP  +  E_IFC E_REC E_FREC E_PUEC E_LLC  EL1008\n");
	ck_assert_uint_eq(writes[0], 1);
	ck_assert_uint_eq(writes[1], 1);
	ck_assert_uint_eq(writes[2] + writes[3], 0);	/* alias 7 */
	ck_assert_uint_eq(regs[1][0x00] + regs[1][0x0c] + regs[1][0x11], 0);
	ck_assert_uint_eq(regs[3][0x0d], 1);
	ck_assert_int_eq(run("diag", "-r", NULL), 0);
	ck_has(out, "E_PDIEC");
	ck_assert_int_eq(run("diag", NULL), 0);
	ck_assert_ptr_null(strstr(out, "E_"));
}
END_TEST

START_TEST(test_diag_json)
{
	json_t *j, *s1, *c;

	fake_errors();
	j = run_json("diag");
	ck_assert_uint_eq(json_array_size(json_object_get(j, "slaves")), 4);
	s1 = json_array_get(json_object_get(j, "slaves"), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(s1, "position")),
			 1);
	ck_assert_str_eq(json_string_value(json_object_get(s1, "name")),
			 "EL1008");
	ck_assert_uint_eq(json_array_size(json_object_get(s1, "errors")), 5);
	ck_assert_str_eq(json_string_value(json_array_get(
		json_object_get(s1, "errors"), 4)), "E_LLC");
	c = json_object_get(s1, "counters");
	ck_assert_int_eq(json_integer_value(json_array_get(
		json_object_get(c, "invalid_frame"), 0)), 3);
	ck_assert_int_eq(json_integer_value(json_array_get(
		json_object_get(c, "forwarded_rx_error"), 1)), 2);
	ck_assert_int_eq(json_integer_value(json_object_get(c,
		"processing_unit_error")), 5);
	ck_assert_int_eq(json_integer_value(json_object_get(c,
		"pdi_error")), 0);
	ck_assert_int_eq(json_integer_value(json_array_get(
		json_object_get(c, "lost_link"), 1)), 1);
	ck_assert(json_is_false(json_object_get(s1, "reset")));
	/* the missing port 2 of slave 0 is not looked at */
	c = json_object_get(json_array_get(json_object_get(j, "slaves"), 0),
			    "counters");
	ck_assert_int_eq(json_integer_value(json_array_get(
		json_object_get(c, "invalid_frame"), 2)), 0);
	json_decref(j);
}
END_TEST

START_TEST(test_diag_bad_usage)
{
	fake_reset();
	ck_assert_int_eq(run("diag", "now", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: diag:");
	ck_has(err, "--help");
	ck_assert_int_eq(run("diag", "-p", "99", NULL), EC_EXIT_FAIL);
	ck_has(err, "slave 99 does not exist");
	ck_assert_int_eq(run("diag", "-p", "70000", NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("slaves", "--reset", NULL), EC_EXIT_USAGE);
	ck_has(err, "ethercat: slaves: has no --reset option");
	ck_assert_int_eq(run("crc", "-r", NULL), EC_EXIT_USAGE);
	fail_read = 2;
	ck_assert_int_eq(run("diag", NULL), EC_EXIT_FAIL);
	ck_has(err, "register read of slave 2 failed");
}
END_TEST

/* 'crc' reads the same block through the same reader. */
START_TEST(test_crc_shares_the_counters)
{
	fake_errors();
	ck_assert_int_eq(run("crc", NULL), 0);
	ck_has(out, "  1|  3   3   0    |  0   0   2    |");
	ck_assert_int_eq(run("crc", "reset", NULL), 0);
	ck_assert_uint_eq(writes[0] + writes[1] + writes[2] + writes[3], 4);
	ck_assert_uint_eq(regs[3][0x0d], 0);
}
END_TEST

static Suite *diag_suite(void)
{
	Suite *s = suite_create("tool_diag");
	TCase *tc = tcase_create("diag");

	tcase_add_test(tc, test_diag_no_errors);
	tcase_add_test(tc, test_diag_errors_text);
	tcase_add_test(tc, test_diag_link_health);
	tcase_add_test(tc, test_diag_reset);
	tcase_add_test(tc, test_diag_json);
	tcase_add_test(tc, test_diag_bad_usage);
	tcase_add_test(tc, test_crc_shares_the_counters);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(diag_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
