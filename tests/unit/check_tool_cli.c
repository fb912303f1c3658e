// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_cli.c - the tool's framework: option parsing, command
 * abbreviation, index lists with ranges, slave selection by alias and
 * position.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "numlist.h"

static int max_of(void *ctx)
{
	return *(int *)ctx;
}

struct nl_case {
	const char *in;
	int max;
	const char *out;	/* space-separated, "" for empty */
};

static const struct nl_case nl_cases[] = {
	{ "1,4,5,7-9", 20, "1 4 5 7 8 9" },
	{ "-", 3, "0 1 2 3" },
	{ "-", -1, "" },
	{ "-2", 9, "0 1 2" },
	{ "7-", 9, "7 8 9" },
	{ "5-", 5, "5" },
	{ "7-7", 20, "7" },
	{ "0", -1, "0" },
	{ ",,3,,", 5, "3" },
	{ "", 5, "" },
	{ "2-,0", 3, "2 3 0" },
};

static void join(const struct ec_numlist *l, char *out, size_t size)
{
	size_t i, n = 0;

	out[0] = '\0';
	for (i = 0; i < l->count; i++)
		n += snprintf(out + n, size - n, "%s%u", i ? " " : "",
			      l->items[i]);
}

START_TEST(test_numlist)
{
	const struct nl_case *c = &nl_cases[_i];
	struct ec_numlist l;
	char text[128];
	int max = c->max;

	ck_assert_int_eq(ec_numlist_parse(c->in, max_of, &max, &l), 0);
	join(&l, text, sizeof(text));
	ck_assert_str_eq(text, c->out);
	ec_numlist_free(&l);
}
END_TEST

START_TEST(test_numlist_errors)
{
	struct ec_numlist l;
	int max = 10;

	ck_assert_int_eq(ec_numlist_parse("a", max_of, &max, &l), -EINVAL);
	ck_assert_int_eq(ec_numlist_parse("1-2-3", max_of, &max, &l),
			 -EINVAL);
	ck_assert_int_eq(ec_numlist_parse("1 2", max_of, &max, &l), -EINVAL);
	ck_assert_int_eq(ec_numlist_parse("0x10", max_of, &max, &l),
			 -EINVAL);
	ck_assert_int_eq(ec_numlist_parse("99999999999", max_of, &max, &l),
			 -ERANGE);
	ck_assert_int_eq(ec_numlist_parse("0-4000000000", max_of, &max, &l),
			 -E2BIG);
	ck_assert_ptr_null(l.items);
}
END_TEST

/*
 * Reversed and empty ranges are refused, naming the range (issue 29):
 * IgH's tool lists "1-0" as 0 1 and drops "7-" beyond the last index.
 */
struct nl_bad_case {
	const char *in;
	int max;
	int ret;
	const char *msg;
};

static const struct nl_bad_case nl_bad_cases[] = {
	{ "1-0", 5, -EDOM,
	  "reversed range '1-0' in position list '1-0': write it as 0-1" },
	{ "0,9-7,3", 20, -EDOM,
	  "reversed range '9-7' in position list '0,9-7,3': write it as 7-9" },
	{ "7-", 5, -ENODATA,
	  "empty range '7-' in position list '7-': the last position is 5" },
	{ "1,7-", 5, -ENODATA,
	  "empty range '7-' in position list '1,7-': the last position is 5" },
	{ "0-", -1, -ENODATA,
	  "empty range '0-' in position list '0-': there is none" },
	{ "7-,1", 5, -ENODATA,
	  "empty range '7-' in position list '7-,1': the last position is 5" },
	{ "x", 5, -EINVAL, "invalid position list 'x'" },
};

START_TEST(test_numlist_bad_ranges)
{
	const struct nl_bad_case *c = &nl_bad_cases[_i];
	struct ec_numlist l;
	char msg[160];
	int max = c->max, ret;

	ret = ec_numlist_parse(c->in, max_of, &max, &l);
	ck_assert_int_eq(ret, c->ret);
	ck_assert_ptr_null(l.items);
	ck_assert_str_eq(ec_numlist_strerror(msg, sizeof(msg), ret, &l, c->in,
					     "position list",
					     "the last position"),
			 c->msg);
}
END_TEST

struct find_case {
	const char *abbrev;
	const char *name;	/* NULL: no unique match */
	int ret;
};

static const struct find_case find_cases[] = {
	{ "slaves", "slaves", 0 },
	{ "sl", "slaves", 0 },
	{ "ma", "master", 0 },
	{ "up", "upload", 0 },
	{ "dow", "download", 0 },
	{ "dom", "domains", 0 },
	{ "do", NULL, -EAGAIN },	/* domains, download */
	{ "cs", "cstruct", 0 },
	{ "reg_r", "reg_read", 0 },
	{ "sii_w", "sii_write", 0 },
	{ "x", "xml", 0 },
	{ "s", NULL, -EAGAIN },
	{ "reg", NULL, -EAGAIN },
	{ "sii", NULL, -EAGAIN },
	{ "zzz", NULL, -ENOENT },
	{ "", NULL, -ENOENT },
	{ "srd", NULL, -EAGAIN },	/* sii_read and soe_read, as IgH */
	{ "sird", "sii_read", 0 },	/* letters in order, as IgH */
};

START_TEST(test_find)
{
	const struct find_case *c = &find_cases[_i];
	const struct ec_cmd *cmd, *cands[32];
	size_t n;

	ck_assert_int_eq(ec_cli_find(c->abbrev, &cmd, cands, 32, &n), c->ret);
	if (c->name) {
		ck_assert_ptr_nonnull(cmd);
		ck_assert_str_eq(cmd->name, c->name);
	} else {
		ck_assert_ptr_null(cmd);
	}
	if (c->ret == -EAGAIN)
		ck_assert_uint_gt(n, 1);
}
END_TEST

START_TEST(test_find_candidates)
{
	const struct ec_cmd *cmd, *cands[32];
	size_t n;

	ck_assert_int_eq(ec_cli_find("sii", &cmd, cands, 32, &n), -EAGAIN);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(cands[0]->name, "sii_read");
	ck_assert_str_eq(cands[1]->name, "sii_write");
}
END_TEST

START_TEST(test_table_sorted_unique)
{
	size_t i;

	for (i = 1; i < ec_command_count; i++)
		ck_assert_int_lt(strcmp(ec_commands[i - 1].name,
					ec_commands[i].name), 0);
	for (i = 0; i < ec_command_count; i++) {
		ck_assert_ptr_nonnull(ec_commands[i].run);
		ck_assert_ptr_nonnull(ec_commands[i].brief);
		ck_assert_ptr_nonnull(ec_commands[i].help);
	}
}
END_TEST

static int parse(struct ec_cli *c, const char *line)
{
	static char copy[256];
	static char *argv[32];
	char *tok;
	int argc = 0;

	snprintf(copy, sizeof(copy), "%s", line);
	for (tok = strtok(copy, " "); tok && argc < 31; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	ec_cli_init(c, "ethercat");
	c->err = fopen("/dev/null", "w");
	ck_assert_ptr_nonnull(c->err);
	argc = ec_cli_parse(c, argc, argv);
	fclose(c->err);
	c->err = NULL;
	return argc;
}

START_TEST(test_parse_options)
{
	struct ec_cli c;

	ck_assert_int_eq(parse(&c, "ethercat -m 0 sl -v -p 3 -a 5"), 0);
	ck_assert_str_eq(c.cmd->name, "slaves");
	ck_assert_str_eq(c.masters, "0");
	ck_assert_str_eq(c.positions, "3");
	ck_assert_str_eq(c.aliases, "5");
	ck_assert(c.verbose);
	ck_assert(!c.json);
	ck_assert_int_eq(c.argc, 0);

	ck_assert_int_eq(parse(&c,
		"ethercat upload --type uint16 -j 0x1018 1 --position=2"), 0);
	ck_assert_str_eq(c.cmd->name, "upload");
	ck_assert_str_eq(c.type, "uint16");
	ck_assert_str_eq(c.positions, "2");
	ck_assert(c.json);
	ck_assert_int_eq(c.argc, 2);
	ck_assert_str_eq(c.argv[0], "0x1018");
	ck_assert_str_eq(c.argv[1], "1");

	ck_assert_int_eq(parse(&c, "ethercat -q -f -e reg_write 1 2"), 0);
	ck_assert(c.quiet && c.force && c.emergency);
	ck_assert_str_eq(c.masters, "-");

	ck_assert_int_eq(parse(&c, "ethercat master --help"), 0);
	ck_assert(c.help);
}
END_TEST

START_TEST(test_parse_usage_errors)
{
	struct ec_cli c;

	ck_assert_int_eq(parse(&c, "ethercat"), EC_EXIT_USAGE);
	ck_assert_int_eq(parse(&c, "ethercat -z slaves"), EC_EXIT_USAGE);
	ck_assert_int_eq(parse(&c, "ethercat --bogus slaves"),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(parse(&c, "ethercat slaves -m"), EC_EXIT_USAGE);
	ck_assert_int_eq(parse(&c, "ethercat s"), EC_EXIT_USAGE);
	ck_assert_int_eq(parse(&c, "ethercat nosuchcmd"), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_parse_uint)
{
	unsigned long long v;

	ck_assert_int_eq(ec_parse_uint("0x1018", 0xffff, &v), 0);
	ck_assert_uint_eq(v, 0x1018);
	ck_assert_int_eq(ec_parse_uint("017", 0xffff, &v), 0);
	ck_assert_uint_eq(v, 15);
	ck_assert_int_eq(ec_parse_uint("65536", 0xffff, &v), -ERANGE);
	ck_assert_int_eq(ec_parse_uint("-1", 0xffff, &v), -EINVAL);
	ck_assert_int_eq(ec_parse_uint("1x", 0xffff, &v), -EINVAL);
	ck_assert_int_eq(ec_parse_uint("", 0xffff, &v), -EINVAL);
}
END_TEST

/* Bus: positions 0..7 with aliases 0, 0, 100, 0, 0, 200, 0, 100. */
static void bus(struct ec_ioctl_slave *all)
{
	static const uint16_t aliases[8] = { 0, 0, 100, 0, 0, 200, 0, 100 };
	int i;

	memset(all, 0, 8 * sizeof(*all));
	for (i = 0; i < 8; i++) {
		all[i].position = i;
		all[i].alias = aliases[i];
	}
}

struct sel_case {
	const char *aliases, *positions, *out;
};

static const struct sel_case sel_cases[] = {
	{ "-", "-", "0 1 2 3 4 5 6 7" },
	{ "-", "3", "3" },
	{ "-", "3,1,8", "3 1" },
	{ "-", "6-", "6 7" },
	{ "100", "-", "2 3 4" },	/* alias group up to the next alias */
	{ "100", "0", "2" },
	{ "100", "2", "4" },
	{ "100", "3", "" },
	{ "200", "1", "6" },
	{ "0", "-", "0 1" },		/* IgH: slaves before any alias */
	{ "100,200", "0", "2 5" },
	{ "-", "3,3", "3" },		/* no duplicates */
	{ "300", "-", "" },
};

START_TEST(test_select)
{
	const struct sel_case *c = &sel_cases[_i];
	struct ec_ioctl_slave all[8];
	uint16_t out[8];
	char text[64];
	size_t count, i, n = 0;

	bus(all);
	ck_assert_int_eq(ec_select_slaves(all, 8, c->aliases, c->positions,
					  out, &count), 0);
	text[0] = '\0';
	for (i = 0; i < count; i++)
		n += snprintf(text + n, sizeof(text) - n, "%s%u", i ? " " : "",
			      out[i]);
	ck_assert_msg(!strcmp(text, c->out), "-a %s -p %s: got '%s', want '%s'",
		      c->aliases, c->positions, text, c->out);
}
END_TEST

START_TEST(test_select_errors)
{
	struct ec_ioctl_slave all[8];
	uint16_t out[8];
	size_t count;

	bus(all);
	ck_assert_int_eq(ec_select_slaves(all, 8, "-", "x", out, &count),
			 -EINVAL);
	ck_assert_int_eq(ec_select_slaves(all, 8, "1a", "-", out, &count),
			 -EINVAL);
	ck_assert_int_eq(ec_select_slaves(all, 0, "-", "-", out, &count), 0);
	ck_assert_uint_eq(count, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_cli");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_numlist, 0,
			    sizeof(nl_cases) / sizeof(nl_cases[0]));
	tcase_add_test(tc, test_numlist_errors);
	tcase_add_loop_test(tc, test_numlist_bad_ranges, 0,
			    sizeof(nl_bad_cases) / sizeof(nl_bad_cases[0]));
	tcase_add_loop_test(tc, test_find, 0,
			    sizeof(find_cases) / sizeof(find_cases[0]));
	tcase_add_test(tc, test_find_candidates);
	tcase_add_test(tc, test_table_sorted_unique);
	tcase_add_test(tc, test_parse_options);
	tcase_add_test(tc, test_parse_usage_errors);
	tcase_add_test(tc, test_parse_uint);
	tcase_add_loop_test(tc, test_select, 0,
			    sizeof(sel_cases) / sizeof(sel_cases[0]));
	tcase_add_test(tc, test_select_errors);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
