// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_golden.c - the text output of the commands that scripts in
 * the field parse, against golden files written from IgH 1.6.1's tool
 * (tests/cli/golden/, tool_golden.h): slaves, slaves -v, master, pdos,
 * sdos, upload, states, alias, reg_read, sii_read, crc and version on
 * the fake bus of tool_fake_bus.h.  config and domains, which need an
 * application, are checked the same way in check_tool_config.c.  The
 * count of commands covered is printed.
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tool_run.h"
#include "tool_fake_bus.h"
#include "tool_golden.h"

/* Slave 1 with distributed clocks, as an EL2004 behind an EK1100. */
static void setup_dc(void)
{
	struct ec_ioctl_slave *s = &slaves[1];

	s->dc_supported = 1;
	s->has_dc_system_time = 1;
	s->dc_range = 1;	/* 64 bit */
	s->transmission_delay = 140;
	s->ports[0].receive_time = 2741637250u;
	s->ports[1].receive_time = 2741637530u;
	s->ports[0].delay_to_next_dc = 0;
	s->ports[1].delay_to_next_dc = 140;
	s->revision_number = 0x00120000;
	s->serial_number = 0x1234;
	s->fmmu_bit = 1;
}

/* An AL error on slave 0 (SAFEOP with the error indication set). */
static void setup_error(void)
{
	slaves[0].al_state = 0x14;
	slaves[0].error_flag = 1;
	slaves[1].alias = 1001;
}

/*
 * Slave 1's SII with two categories after the fixed area: STRINGS (one
 * string, "ab") and a vendor category 0x0800 of one word.
 */
static void setup_sii(void)
{
	static const uint8_t cats[] = {
		0x0a, 0x00, 0x02, 0x00, 0x01, 0x02, 'a', 'b',
		0x00, 0x08, 0x01, 0x00, 0x34, 0x12,
		0xff, 0xff,
	};
	unsigned int i;

	for (i = 0; i < 16; i++)
		sii[1][i] = (uint8_t)(0x11 * i);
	sii[1][2 * EC_SII_WORD_CHECKSUM] = ec_sii_crc(sii[1], 14);
	memcpy(sii[1] + 0x80, cats, sizeof(cats));
}

/* A backup device; the ring is broken between slave 0 and slave 1. */
static void setup_broken_ring(void)
{
	fake_red.configured = 1;
	fake_red.known = 1;
	fake_red.broken = 1;
	fake_red.break_pos = 1;
	fake_red.side_slaves[0] = 1;
	fake_red.side_slaves[1] = 2;
	fake_red.breaks = 1;
}

struct golden_case {
	const char *name;	/* tests/cli/golden/NAME.txt */
	const char *cmd;	/* the command it covers */
	const char *argv[8];
	void (*setup)(void);	/* changes to the fake bus, or NULL */
};

static const struct golden_case cases[] = {
	{ "slaves", "slaves", { "slaves" }, NULL },
	{ "slaves_p2", "slaves", { "slaves", "-p", "2" }, NULL },
	{ "slaves_error", "slaves", { "slaves" }, setup_error },
	{ "slaves_broken_ring", "slaves", { "slaves" }, setup_broken_ring },
	{ "slaves_v_broken_ring", "slaves -v", { "slaves", "-v", "-p", "0-1" },
	  setup_broken_ring },
	{ "slaves_v", "slaves -v", { "slaves", "-v", "-p", "2" }, NULL },
	{ "slaves_v_p0", "slaves -v", { "slaves", "-v", "-p", "0" }, NULL },
	{ "slaves_v_dc", "slaves -v", { "slaves", "-v", "-p", "1" }, setup_dc },
	{ "slaves_v_all", "slaves -v", { "slaves", "-v" }, setup_error },
	{ "master", "master", { "master" }, NULL },
	{ "pdos", "pdos", { "pdos", "-p", "2" }, NULL },
	{ "pdos_all", "pdos", { "pdos" }, NULL },
	{ "pdos_q", "pdos", { "pdos", "-q" }, NULL },
	{ "sdos", "sdos", { "sdos", "-p", "2" }, NULL },
	{ "sdos_all", "sdos", { "sdos" }, NULL },
	{ "sdos_q", "sdos", { "sdos", "-p", "2", "-q" }, NULL },
	{ "upload_uint32", "upload", { "upload", "-p", "2", "0x1018", "1" }, NULL },
	{ "upload_int16", "upload", { "upload", "-p", "2", "0x6000", "1" }, NULL },
	{ "upload_string", "upload", { "upload", "-p", "2", "0x2000", "0" }, NULL },
	{ "upload_t_uint16", "upload",
	  { "upload", "-p", "2", "-t", "uint16", "0x6000", "1" }, NULL },
	{ "states", "states", { "states", "-p", "1", "SAFEOP" }, NULL },
	{ "alias", "alias", { "alias", "-p", "1", "0x1234" }, NULL },
	{ "reg_read", "reg_read", { "reg_read", "-p", "1", "0x0130", "4" }, NULL },
	{ "reg_read_t", "reg_read",
	  { "reg_read", "-p", "1", "-t", "uint16", "0x0130" }, NULL },
	{ "sii_read", "sii_read", { "sii_read", "-p", "1" }, setup_sii },
	{ "sii_read_v", "sii_read", { "sii_read", "-p", "1", "-v" }, setup_sii },
	{ "crc", "crc", { "crc" }, NULL },
	{ "version", "version", { "version" }, NULL },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

static int run_argv(const char *const *a)
{
	return run(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]);
}

START_TEST(test_golden)
{
	const struct golden_case *c = &cases[_i];

	fake_bus();
	if (c->setup)
		c->setup();
	ck_assert_msg(run_argv(c->argv) == 0, "%s: %s", c->name, err);
	ck_assert_str_eq(err, "");
	if (!strcmp(c->cmd, "version")) {
		/* the numbers change with releases and the ABI, not the
		 * format: the golden file names them */
		char v[32], *a, *b;
		size_t len = out_len;

		snprintf(v, sizeof(v), "ioctl ABI version %u",
			 EC_IOCTL_VERSION);
		a = golden_mask(out, &len, v, "ioctl ABI version @IOCTL_VERSION@");
		b = golden_mask(a, &len, EC_TOOL_VERSION, "@VERSION@");
		golden_check(c->name, b, len);
		free(a);
		free(b);
		return;
	}
	golden_check(c->name, out, out_len);
}
END_TEST

/*
 * The golden test can fail: one changed byte, a missing line, a trailing
 * space or an extra line is a mismatch that names the line.
 */
START_TEST(test_golden_detects_change)
{
	unsigned int line = 0;
	char *copy;

	fake_bus();
	ck_assert_int_eq(run("slaves", NULL), 0);
	ck_assert(golden_compare("slaves", out, out_len, &line));
	copy = strdup(out);
	ck_assert_ptr_nonnull(copy);
	copy[strlen(copy) - 2] ^= 1;		/* last name's last letter */
	ck_assert(!golden_compare("slaves", copy, out_len, &line));
	ck_assert_uint_eq(line, 3);
	ck_assert(!golden_compare("slaves", out, out_len - 1, &line));
	strcpy(strchr(copy, '\n') + 1, "");	/* only the first line */
	ck_assert(!golden_compare("slaves", copy, strlen(copy), &line));
	ck_assert_uint_eq(line, 2);
	ck_assert(!golden_compare("no-such-golden", out, out_len, &line));
	ck_assert_uint_eq(line, 0);
	free(copy);
}
END_TEST

/* Commands covered here and in check_tool_config.c (config, domains). */
static unsigned int count_commands(void)
{
	const char *seen[NCASES + GOLDEN_CONFIG_CMDS];
	unsigned int n = 0, i, k;
	const char *cmd;

	for (i = 0; i < NCASES + GOLDEN_CONFIG_CMDS; i++) {
		cmd = i < NCASES ? cases[i].cmd : golden_config_cmds[i - NCASES];
		for (k = 0; k < n && strcmp(seen[k], cmd); k++)
			;
		if (k == n)
			seen[n++] = cmd;
	}
	return n;
}

int main(void)
{
	Suite *s = suite_create("tool_golden");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_golden, 0, NCASES);
	tcase_add_test(tc, test_golden_detects_change);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	printf("golden: the text output of %u commands checked against golden files (%zu here, config and domains in check_tool_config)\n",
	       count_commands(), NCASES);
	return failed ? 1 : 0;
}
