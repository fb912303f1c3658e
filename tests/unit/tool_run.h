/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool_run.h - running the ethercat tool in a unit test: run("slaves",
 * "-p", "2", NULL) parses and runs the command as main() would, with
 * stdout and stderr captured into out (out_len bytes) and err; run_json()
 * parses -j output.  The ec_lib_* calls land in the test's fake bus.
 * Shared by check_tool_commands.c, check_tool_mbox.c, check_tool_config.c
 * and check_tool_domains.c.
 */
#ifndef EC_TEST_TOOL_RUN_H
#define EC_TEST_TOOL_RUN_H

#include <check.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static char *out, *err;
static size_t out_len;

static char *slurp(FILE *f, size_t *len)
{
	long n;
	char *b;

	fflush(f);
	n = ftell(f);
	rewind(f);
	b = calloc(1, n + 1);
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(fread(b, 1, n, f), n);
	if (len)
		*len = n;
	return b;
}

/* Run "ethercat ARGS..." (NULL-terminated); stdout/stderr are captured. */
static int run(const char *first, ...)
{
	static char *argv[32];
	struct ec_cli c;
	FILE *o = tmpfile(), *e = tmpfile();
	int argc = 0, saved, ret;
	va_list ap;
	const char *a;

	free(out);
	free(err);
	argv[argc++] = "ethercat";
	va_start(ap, first);
	for (a = first; a && argc < 31; a = va_arg(ap, const char *))
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc] = NULL;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(fileno(o), STDOUT_FILENO);
	ec_cli_init(&c, "ethercat");
	c.err = e;
	ret = ec_cli_parse(&c, argc, argv);
	if (ret < 0)
		ret = 0;
	else if (!ret)
		ret = ec_cli_run(&c);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	out = slurp(o, &out_len);
	err = slurp(e, NULL);
	fclose(o);
	fclose(e);
	return ret;
}

/*
 * "ethercat -j CMD [OPT]" must succeed; its output parsed.  run_json(CMD)
 * and run_json(CMD, OPT) both work.
 */
static inline json_t *run_json_args(const char *cmd, const char *opt, ...)
{
	json_error_t jerr;
	json_t *j;

	ck_assert_int_eq(run("-j", cmd, opt, NULL), 0);
	j = json_loads(out, 0, &jerr);
	ck_assert_msg(j != NULL, "%s: %s", jerr.text, out);
	return j;
}

#define run_json(...) run_json_args(__VA_ARGS__, NULL, NULL)

#define ck_has(hay, needle) \
	ck_assert_msg(strstr(hay, needle), "'%s' not in:\n%s", needle, hay)

#endif /* EC_TEST_TOOL_RUN_H */
