// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli.c - option parsing, command lookup, errors and slave selection of
 * the ethercat tool (see cli.h).  Option names and the selection rules
 * (-m master list, -a alias, -p position relative to the alias) are IgH's.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "print.h"

#define EC_CLI_MAX_CANDIDATES 32
#define EC_CLI_OPT_PASSWORD 0x100	/* long only: --password */

static const struct option ec_cli_long_options[] = {
	{ "master", required_argument, NULL, 'm' },
	{ "alias", required_argument, NULL, 'a' },
	{ "position", required_argument, NULL, 'p' },
	{ "type", required_argument, NULL, 't' },
	{ "domain", required_argument, NULL, 'd' },
	{ "output-file", required_argument, NULL, 'o' },
	{ "skin", required_argument, NULL, 's' },
	{ "emergency", no_argument, NULL, 'e' },
	{ "force", no_argument, NULL, 'f' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ "drive", required_argument, NULL, 'y' },
	{ "password", required_argument, NULL, EC_CLI_OPT_PASSWORD },
	{ NULL, 0, NULL, 0 },
};

/**
 * ec_cli_init() - defaults: all masters, all slaves, text output
 * @c: state to initialise
 * @prog: program name for messages
 */
void ec_cli_init(struct ec_cli *c, const char *prog)
{
	memset(c, 0, sizeof(*c));
	c->prog = prog;
	c->masters = "-";
	c->aliases = "-";
	c->positions = "-";
	c->domains = "-";
	c->err = stderr;
}

/**
 * ec_cli_find() - find a command by name or unique abbreviation
 * @name: as typed
 * @match: the command when exactly one matches
 * @cands: the candidates when ambiguous (may be NULL)
 * @max: entries in @cands
 * @ncands: number of candidates
 *
 * An exact name wins; otherwise commands starting with @name match; if
 * none does, commands containing the letters of @name in order match (as
 * IgH's tool does, "sr" finds "sii_read").
 *
 * Return: 0 when unique, -ENOENT when nothing matches, -EAGAIN when
 * ambiguous.
 */
int ec_cli_find(const char *name, const struct ec_cmd **match,
		const struct ec_cmd **cands, size_t max, size_t *ncands)
{
	size_t i, n = 0, len = strlen(name);
	const struct ec_cmd *last = NULL;
	int pass;

	*match = NULL;
	*ncands = 0;
	if (!len)
		return -ENOENT;
	for (i = 0; i < ec_command_count; i++) {
		if (!strcmp(ec_commands[i].name, name)) {
			*match = &ec_commands[i];
			return 0;
		}
	}
	for (pass = 0; pass < 2 && !n; pass++) {
		for (i = 0; i < ec_command_count; i++) {
			const char *cn = ec_commands[i].name;
			bool ok;

			if (pass == 0) {
				ok = !strncmp(cn, name, len);
			} else {
				const char *p = cn;
				size_t k;

				ok = true;
				for (k = 0; k < len && ok; k++) {
					p = strchr(p, name[k]);
					if (!p)
						ok = false;
					else
						p++;
				}
			}
			if (!ok)
				continue;
			if (cands && n < max)
				cands[n] = &ec_commands[i];
			last = &ec_commands[i];
			n++;
		}
	}
	*ncands = n;
	if (n == 1) {
		*match = last;
		return 0;
	}
	return n ? -EAGAIN : -ENOENT;
}

/**
 * ec_cli_usage() - the general usage text
 * @f: stream
 * @prog: program name
 */
void ec_cli_usage(FILE *f, const char *prog)
{
	size_t i, w = 0;

	for (i = 0; i < ec_command_count; i++)
		if (strlen(ec_commands[i].name) > w)
			w = strlen(ec_commands[i].name);
	fprintf(f, "Usage: %s <COMMAND> [OPTIONS] [ARGUMENTS]\n\n"
		"Commands (can be abbreviated):\n", prog);
	for (i = 0; i < ec_command_count; i++)
		fprintf(f, "  %-*s  %s\n", (int)w, ec_commands[i].name,
			ec_commands[i].brief);
	fprintf(f, "\nGlobal options:\n"
		"  --master   -m <master>  Comma separated list of masters\n"
		"                          to select, ranges are allowed.\n"
		"                          Examples: '1,3', '5-7,9', '-3'.\n"
		"                          Default: '-' (all).\n"
		"  --alias    -a <alias>   Slave alias (see 'help slaves').\n"
		"  --position -p <pos>     Slave position (see 'help slaves').\n"
		"  --type     -t <type>    Data type (see 'help upload').\n"
		"  --domain   -d <list>    Domain indices (see 'help domains').\n"
		"  --output-file -o <file> Write the output to <file> instead\n"
		"                          of stdout ('-': stdout).\n"
		"  --skin     -s <skin>    Output skin (see 'help pdos').\n"
		"  --force    -f           Force a command.\n"
		"  --quiet    -q           Output less information.\n"
		"  --verbose  -v           Output more information.\n"
		"  --json     -j           Output JSON instead of text.\n"
		"  --help     -h           Show this help.\n\n"
		"Numerical values can be specified either with decimal (no\n"
		"prefix), octal (prefix '0') or hexadecimal (prefix '0x') base.\n\n"
		"Call '%s <COMMAND> --help' or '%s help <COMMAND>' for\n"
		"command-specific help.\n", prog, prog);
}

/**
 * ec_cli_cmd_help() - a command's help text
 * @f: stream
 * @prog: program name
 * @cmd: the command
 */
void ec_cli_cmd_help(FILE *f, const char *prog, const struct ec_cmd *cmd)
{
	fprintf(f, "%s %s %s\n\n%s\n", prog, cmd->name,
		cmd->synopsis ? cmd->synopsis : "[OPTIONS]", cmd->brief);
	if (cmd->help && *cmd->help)
		fprintf(f, "\n%s", cmd->help);
}

static void ec_cli_vmsg(struct ec_cli *c, const char *fmt, va_list ap)
{
	fprintf(c->err, "%s: ", c->prog);
	if (c->cmd)
		fprintf(c->err, "%s: ", c->cmd->name);
	vfprintf(c->err, fmt, ap);
	fputc('\n', c->err);
}

/**
 * ec_cli_usage_error() - report bad arguments
 * @c: state
 * @fmt: message
 *
 * Return: EC_EXIT_USAGE.
 */
int ec_cli_usage_error(struct ec_cli *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ec_cli_vmsg(c, fmt, ap);
	va_end(ap);
	if (c->cmd)
		fprintf(c->err, "Try '%s %s --help' for more information.\n",
			c->prog, c->cmd->name);
	else
		fprintf(c->err, "Try '%s --help' for more information.\n",
			c->prog);
	return EC_EXIT_USAGE;
}

/**
 * ec_cli_fail() - report a failure as "ethercat: COMMAND: message"
 * @c: state
 * @fmt: message
 *
 * Return: EC_EXIT_FAIL.
 */
int ec_cli_fail(struct ec_cli *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ec_cli_vmsg(c, fmt, ap);
	va_end(ap);
	return EC_EXIT_FAIL;
}

/**
 * ec_cli_warn() - a message on stderr that is not a failure
 * @c: state
 * @fmt: message
 */
void ec_cli_warn(struct ec_cli *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ec_cli_vmsg(c, fmt, ap);
	va_end(ap);
}

/**
 * ec_cli_errno_hint() - what to do, where the errno's text would mislead
 * @err: the -errno an ec_lib_* call returned
 *
 * Return: text to append to the message ("" for most errors).
 */
const char *ec_cli_errno_hint(int err)
{
	if (err == -ENXIO)	/* ec_ioctl_queue() in the module */
		return ": the slave's scan did not finish (its SII is unreadable or invalid), so only reg_read, reg_write and sii_write work on it; repair its SII with sii_write, then run 'ethercat rescan'";
	return "";
}

/**
 * ec_cli_lib_fail() - report a failed ec_lib_* call
 * @c: state
 * @m: the handle (holds the message)
 * @err: the -errno returned
 *
 * Return: EC_EXIT_FAIL.
 */
int ec_cli_lib_fail(struct ec_cli *c, struct ec_lib_master *m, int err)
{
	const char *msg = m ? ec_lib_error(m) : "";

	return ec_cli_fail(c, "%s%s", *msg ? msg : ec_lib_strerror(err),
			   ec_cli_errno_hint(err));
}

/**
 * ec_cli_nargs() - check the number of command arguments
 * @c: state
 * @min: minimum
 * @max: maximum
 *
 * Return: 0 or EC_EXIT_USAGE (reported).
 */
int ec_cli_nargs(struct ec_cli *c, int min, int max)
{
	if (c->argc >= min && c->argc <= max)
		return 0;
	if (!max)
		return ec_cli_usage_error(c, "takes no arguments");
	if (min == max)
		return ec_cli_usage_error(c, "takes exactly %d argument%s",
					  min, min == 1 ? "" : "s");
	return ec_cli_usage_error(c, "takes %d to %d arguments", min, max);
}

/**
 * ec_parse_uint() - a number in decimal, octal (0...) or hex (0x...)
 * @s: text
 * @max: highest value allowed
 * @v: the value
 *
 * Return: 0, -EINVAL (no number) or -ERANGE.
 */
int ec_parse_uint(const char *s, unsigned long long max,
		  unsigned long long *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+' || *s == ' ')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	if (*end)
		return -EINVAL;
	if (errno == ERANGE || *v > max)
		return -ERANGE;
	return 0;
}

/**
 * ec_cli_parse() - global options, command and its arguments
 * @c: state (ec_cli_init() first)
 * @argc: from main()
 * @argv: from main()
 *
 * Options may come before or after the command (GNU getopt permutes).
 * "ethercat help CMD" is the same as "ethercat CMD --help".
 *
 * Return: 0, or EC_EXIT_USAGE (reported); -1 when only the general help
 * was requested and printed.
 */
int ec_cli_parse(struct ec_cli *c, int argc, char **argv)
{
	const struct ec_cmd *cands[EC_CLI_MAX_CANDIDATES];
	size_t ncands, i;
	const char *name;
	int opt, ret;

	optind = 0;	/* full re-initialisation (glibc), for tests */
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "m:a:p:t:d:o:s:y:efqvjh",
				  ec_cli_long_options, NULL)) != -1) {
		switch (opt) {
		case 'm':
			c->masters = optarg;
			break;
		case 'a':
			c->aliases = optarg;
			break;
		case 'p':
			c->positions = optarg;
			break;
		case 't':
			c->type = optarg;
			break;
		case 'd':
			c->domains = optarg;
			break;
		case 'o':
			c->output_file = optarg;
			break;
		case 's':
			c->skin = optarg;
			break;
		case 'e':
			c->emergency = true;
			break;
		case 'f':
			c->force = true;
			break;
		case 'q':
			c->quiet = true;
			c->verbose = false;
			break;
		case 'v':
			c->verbose = true;
			c->quiet = false;
			break;
		case 'j':
			c->json = true;
			break;
		case 'h':
			c->help = true;
			break;
		case 'y':
			c->drive = optarg;
			break;
		case EC_CLI_OPT_PASSWORD:
			c->password = optarg;
			break;
		default:
			if (optopt == EC_CLI_OPT_PASSWORD)
				return ec_cli_usage_error(c,
					"option '--password' requires an argument");
			if (optopt && strchr("maptdosy", optopt))
				return ec_cli_usage_error(c,
					"option '-%c' requires an argument",
					optopt);
			if (optopt)
				return ec_cli_usage_error(c,
					"invalid option '-%c'", optopt);
			return ec_cli_usage_error(c, "unrecognized option '%s'",
						  argv[optind - 1]);
		}
	}

	if (optind >= argc) {
		if (c->help) {
			ec_cli_usage(stdout, c->prog);
			return -1;
		}
		fprintf(c->err, "%s: please specify a command\n\n", c->prog);
		ec_cli_usage(c->err, c->prog);
		return EC_EXIT_USAGE;
	}
	name = argv[optind++];
	ret = ec_cli_find(name, &c->cmd, cands, EC_CLI_MAX_CANDIDATES,
			  &ncands);
	if (ret == -EAGAIN) {
		fprintf(c->err,
			"%s: ambiguous command abbreviation '%s', matching:",
			c->prog, name);
		for (i = 0; i < ncands && i < EC_CLI_MAX_CANDIDATES; i++)
			fprintf(c->err, " %s", cands[i]->name);
		fprintf(c->err, "\nTry '%s --help' for more information.\n",
			c->prog);
		return EC_EXIT_USAGE;
	}
	if (ret) {
		fprintf(c->err, "%s: unknown command '%s'\n"
			"Try '%s --help' for more information.\n",
			c->prog, name, c->prog);
		return EC_EXIT_USAGE;
	}
	c->argc = argc - optind;
	c->argv = argv + optind;
	return 0;
}

/* --skin: only for the commands that have skins, and not with --json. */
static int ec_cli_check_skin(struct ec_cli *c)
{
	if (!c->skin)
		return 0;
	if (!(c->cmd->flags & EC_CMD_SKIN))
		return ec_cli_usage_error(c, "has no output skins (--skin)");
	if (strcmp(c->skin, "default") && strcmp(c->skin, "etherlab"))
		return ec_cli_usage_error(c,
			"invalid skin '%s': 'default' or 'etherlab'", c->skin);
	if (c->json && strcmp(c->skin, "default"))
		return ec_cli_usage_error(c,
			"--json cannot be combined with skin '%s'", c->skin);
	return 0;
}

/*
 * -o FILE: stdout becomes FILE for the command (so that every way of
 * printing goes there).  Returns the saved stdout, or -1 (reported).
 */
static int ec_cli_redirect(struct ec_cli *c)
{
	int fd, saved;

	fd = open(c->output_file, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (fd < 0) {
		ec_cli_fail(c, "cannot open output file '%s': %s",
			    c->output_file, strerror(errno));
		return -1;
	}
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	if (saved < 0 || dup2(fd, STDOUT_FILENO) < 0) {
		ec_cli_fail(c, "cannot redirect stdout to '%s': %s",
			    c->output_file, strerror(errno));
		if (saved >= 0)
			close(saved);
		close(fd);
		return -1;
	}
	close(fd);
	return saved;
}

/* Flush the output file, put stdout back; a failed write fails. */
static int ec_cli_restore(struct ec_cli *c, int saved, int ret)
{
	int err = 0;

	if (fflush(stdout) || ferror(stdout))
		err = errno ? errno : EIO;
	if (!err && fsync(STDOUT_FILENO) && errno != EINVAL &&
	    errno != EROFS)
		err = errno;
	clearerr(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	if (err && !ret)
		return ec_cli_fail(c, "writing '%s' failed: %s",
				   c->output_file, strerror(err));
	return ret;
}

/**
 * ec_cli_run() - run the parsed command
 * @c: state after ec_cli_parse()
 *
 * Return: the exit code.
 */
int ec_cli_run(struct ec_cli *c)
{
	int ret, saved = -1;

	if (c->help) {
		ec_cli_cmd_help(stdout, c->prog, c->cmd);
		return EC_EXIT_OK;
	}
	if (c->json && (c->cmd->flags & EC_CMD_NO_JSON))
		return ec_cli_usage_error(c, "has no JSON output");
	ret = ec_cli_check_skin(c);
	if (ret)
		return ret;
	if (c->output_file && strcmp(c->output_file, "-") &&
	    !(c->cmd->flags & EC_CMD_OWN_OUTPUT)) {
		saved = ec_cli_redirect(c);
		if (saved < 0)
			return EC_EXIT_FAIL;
	}
	if (c->cmd->flags & EC_CMD_PLAIN) {
		ret = c->cmd->run(c);
	} else {
		ec_out_init(stdout, c->json);
		ret = c->cmd->run(c);
		ec_out_finish();
	}
	if (saved >= 0)
		return ec_cli_restore(c, saved, ret);
	fflush(stdout);
	return ret;
}

struct ec_cli_max_ctx {
	struct ec_cli *c;
	int ret;
};

static int ec_cli_master_max(void *ctx)
{
	struct ec_cli_max_ctx *mc = ctx;
	struct ec_lib_master m;
	int ret;

	ret = ec_cli_open(mc->c, &m, 0, false);
	if (ret) {
		mc->ret = ret;
		return -1;
	}
	ret = (int)m.module.master_count - 1;
	ec_lib_close(&m);
	return ret;
}

/*
 * Every index of an explicit -m list must name a master that exists: the
 * module's master count comes from the first device that opens.
 */
static int ec_cli_check_masters(struct ec_cli *c, struct ec_numlist *l)
{
	struct ec_lib_master m;
	unsigned int count;
	size_t i;
	int ret;

	if (!strcmp(c->masters, "-"))
		return 0;
	if (!l->count) {
		ec_numlist_free(l);
		return ec_cli_usage_error(c, "master list '%s' selects no master",
					  c->masters);
	}
	for (i = 0; i < l->count && l->items[i] == 0; i++)
		;
	if (i == l->count)
		return 0;	/* master 0 only: opening it says the rest */
	ret = ec_cli_open(c, &m, 0, false);
	if (ret) {
		ec_numlist_free(l);
		return ret;
	}
	count = m.module.master_count;
	ec_lib_close(&m);
	for (i = 0; i < l->count; i++) {
		if (l->items[i] < count)
			continue;
		if (count == 1)
			ret = ec_cli_fail(c,
				"master %u (from -m '%s') does not exist: the module has only master 0",
				l->items[i], c->masters);
		else if (count)
			ret = ec_cli_fail(c,
				"master %u (from -m '%s') does not exist: the module has %u (0 to %u)",
				l->items[i], c->masters, count, count - 1);
		else
			ret = ec_cli_fail(c,
				"master %u (from -m '%s') does not exist: the module has none",
				l->items[i], c->masters);
		ec_numlist_free(l);
		return ret;
	}
	return 0;
}

/**
 * ec_cli_masters() - the master indices selected with -m
 * @c: state
 * @out: the list (free with ec_numlist_free())
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_masters(struct ec_cli *c, struct ec_numlist *out)
{
	struct ec_cli_max_ctx ctx = { .c = c, .ret = 0 };
	int ret;

	ret = ec_numlist_parse(c->masters, ec_cli_master_max, &ctx, out);
	if (ctx.ret) {
		ec_numlist_free(out);
		return ctx.ret;
	}
	if (ret)
		return ec_cli_usage_error(c, "invalid master list '%s'",
					  c->masters);
	return ec_cli_check_masters(c, out);
}

/**
 * ec_cli_single_master() - the one master a command needs
 * @c: state
 * @index: the master index
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_single_master(struct ec_cli *c, unsigned int *index)
{
	struct ec_numlist l;
	int ret;

	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	if (l.count != 1) {
		ec_numlist_free(&l);
		return ec_cli_usage_error(c,
			"requires to select a single master (-m)");
	}
	*index = l.items[0];
	ec_numlist_free(&l);
	return 0;
}

/**
 * ec_cli_open() - open a master device, reporting failures
 * @c: state
 * @m: handle
 * @index: master index
 * @writable: read-write
 *
 * Return: 0 or EC_EXIT_FAIL (reported).
 */
int ec_cli_open(struct ec_cli *c, struct ec_lib_master *m,
		unsigned int index, bool writable)
{
	int ret = ec_lib_open(m, index, writable);

	if (ret)
		return ec_cli_fail(c, "%s", ec_lib_error(m));
	return 0;
}

struct ec_sel_ctx {
	const struct ec_ioctl_slave *all;
	size_t n;
};

static int ec_sel_alias_max(void *ctx)
{
	const struct ec_sel_ctx *sc = ctx;
	unsigned int max = 0;
	size_t i;

	for (i = 0; i < sc->n; i++)
		if (sc->all[i].alias > max)
			max = sc->all[i].alias;
	return max ? (int)max : -1;
}

static int ec_sel_count_max(void *ctx)
{
	return (int)*(const size_t *)ctx - 1;
}

static void ec_sel_add(uint16_t *out, size_t *count, size_t cap,
		       uint16_t pos)
{
	size_t i;

	for (i = 0; i < *count; i++)
		if (out[i] == pos)
			return;
	if (*count < cap)
		out[(*count)++] = pos;
}

/*
 * The group of an alias: the slave carrying it and the slaves behind it
 * up to the next slave with another alias.  @group has room for @n.
 */
static size_t ec_select_alias_group(const struct ec_ioctl_slave *all,
				    size_t n, unsigned int alias,
				    uint16_t *group)
{
	unsigned int last = 0;
	size_t i, group_n = 0;

	for (i = 0; i < n; i++) {
		if (all[i].alias) {
			if (last && last == alias && all[i].alias != alias)
				break;
			last = all[i].alias;
		}
		if (last == alias)
			group[group_n++] = i;
	}
	return group_n;
}

/* Positions of -p within @count slaves (all, or an alias's group). */
static int ec_select_check_positions(const char *positions, size_t count,
				     unsigned int alias, bool by_alias,
				     char *msg, size_t size)
{
	struct ec_numlist pl;
	size_t i;
	int ret;

	if (!strcmp(positions, "-"))
		return 0;
	ret = ec_numlist_parse(positions, ec_sel_count_max, &count, &pl);
	if (ret) {
		snprintf(msg, size, "invalid position list '%s'", positions);
		return -EINVAL;
	}
	for (i = 0; i < pl.count && !ret; i++) {
		if (pl.items[i] > 0xffff) {
			snprintf(msg, size,
				 "invalid position %u: positions are 0 to 65535",
				 pl.items[i]);
			ret = -EINVAL;
		} else if (pl.items[i] >= count && by_alias) {
			snprintf(msg, size,
				 "no slave at position %u after alias %u (its group has %zu slave%s)",
				 pl.items[i], alias, count,
				 count == 1 ? "" : "s");
			ret = -ENOENT;
		} else if (pl.items[i] >= count) {
			snprintf(msg, size,
				 "slave %u does not exist: there %s %zu slave%s",
				 pl.items[i], count == 1 ? "is" : "are", count,
				 count == 1 ? "" : "s");
			ret = -ENOENT;
		}
	}
	if (!ret && !pl.count) {
		snprintf(msg, size, "position list '%s' selects no slave",
			 positions);
		ret = -ENOENT;
	}
	ec_numlist_free(&pl);
	return ret;
}

/**
 * ec_select_check() - whether -a/-p name slaves that exist
 * @all: every slave, in ring order
 * @n: number of slaves
 * @aliases: -a text ("-" for none)
 * @positions: -p text ("-" for all)
 * @msg: the reason, on failure
 * @size: size of @msg
 *
 * Return: 0; -EINVAL for a malformed list or a number beyond 16 bits (a
 * usage error); -ENOENT when an alias or a position names no slave.
 */
int ec_select_check(const struct ec_ioctl_slave *all, size_t n,
		    const char *aliases, const char *positions, char *msg,
		    size_t size)
{
	struct ec_sel_ctx sc = { .all = all, .n = n };
	struct ec_numlist al;
	uint16_t *group;
	size_t k, group_n;
	int ret = 0;

	if (!strcmp(aliases, "-"))
		return ec_select_check_positions(positions, n, 0, false, msg,
						 size);
	if (ec_numlist_parse(aliases, ec_sel_alias_max, &sc, &al)) {
		snprintf(msg, size, "invalid alias list '%s'", aliases);
		return -EINVAL;
	}
	group = calloc(n ? n : 1, sizeof(*group));
	if (!group) {
		ec_numlist_free(&al);
		snprintf(msg, size, "out of memory");
		return -ENOMEM;
	}
	for (k = 0; k < al.count && !ret; k++) {
		if (al.items[k] > 0xffff) {
			snprintf(msg, size,
				 "invalid alias %u: aliases are 0 to 65535",
				 al.items[k]);
			ret = -EINVAL;
			break;
		}
		group_n = ec_select_alias_group(all, n, al.items[k], group);
		if (!group_n) {
			snprintf(msg, size, "no slave has alias %u",
				 al.items[k]);
			ret = -ENOENT;
			break;
		}
		ret = ec_select_check_positions(positions, group_n,
						al.items[k], true, msg, size);
	}
	if (!ret && !al.count) {
		snprintf(msg, size, "alias list '%s' selects no slave",
			 aliases);
		ret = -ENOENT;
	}
	free(group);
	ec_numlist_free(&al);
	return ret;
}

/**
 * ec_select_slaves() - apply -a/-p to a bus (IgH's rules)
 * @all: every slave, in ring order
 * @n: number of slaves
 * @aliases: -a text ("-" for none)
 * @positions: -p text ("-" for all)
 * @out: selected ring positions, room for @n entries
 * @count: number selected
 *
 * Without -a, -p lists absolute ring positions.  With -a, each alias
 * selects the slave carrying it and the slaves behind it up to the next
 * slave with another alias; -p then counts within that group.
 *
 * Return: 0 or -EINVAL for a malformed list.
 */
int ec_select_slaves(const struct ec_ioctl_slave *all, size_t n,
		     const char *aliases, const char *positions,
		     uint16_t *out, size_t *count)
{
	struct ec_sel_ctx sc = { .all = all, .n = n };
	struct ec_numlist al, pl;
	size_t i, j, k, group_n;
	uint16_t *group;
	int ret;

	*count = 0;
	if (!strcmp(aliases, "-")) {
		ret = ec_numlist_parse(positions, ec_sel_count_max, &n, &pl);
		if (ret)
			return -EINVAL;
		for (i = 0; i < pl.count; i++)
			if (pl.items[i] < n)
				ec_sel_add(out, count, n, pl.items[i]);
		ec_numlist_free(&pl);
		return 0;
	}

	ret = ec_numlist_parse(aliases, ec_sel_alias_max, &sc, &al);
	if (ret)
		return -EINVAL;
	group = calloc(n ? n : 1, sizeof(*group));
	if (!group) {
		ec_numlist_free(&al);
		return -ENOMEM;
	}
	for (k = 0; k < al.count; k++) {
		group_n = ec_select_alias_group(all, n, al.items[k], group);
		ret = ec_numlist_parse(positions, ec_sel_count_max, &group_n,
				       &pl);
		if (ret) {
			ret = -EINVAL;
			break;
		}
		for (j = 0; j < pl.count; j++)
			if (pl.items[j] < group_n)
				ec_sel_add(out, count, n, group[pl.items[j]]);
		ec_numlist_free(&pl);
	}
	free(group);
	ec_numlist_free(&al);
	return ret;
}

/**
 * ec_cli_slaves() - read all slaves of a master and apply -a/-p
 * @c: state
 * @m: open master
 * @s: result (free with ec_slaves_free())
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_slaves(struct ec_cli *c, struct ec_lib_master *m,
		  struct ec_slaves *s)
{
	struct ec_ioctl_master master;
	char msg[160];
	size_t i;
	int ret;

	memset(s, 0, sizeof(*s));
	ret = ec_lib_master(m, &master);
	if (ret)
		return ec_cli_lib_fail(c, m, ret);
	s->n = master.slave_count;
	s->all = calloc(s->n ? s->n : 1, sizeof(*s->all));
	s->sel = calloc(s->n ? s->n : 1, sizeof(*s->sel));
	if (!s->all || !s->sel) {
		ec_slaves_free(s);
		return ec_cli_fail(c, "out of memory");
	}
	for (i = 0; i < s->n; i++) {
		ret = ec_lib_slave(m, i, &s->all[i]);
		if (ret) {
			ec_slaves_free(s);
			return ec_cli_lib_fail(c, m, ret);
		}
	}
	ret = ec_select_check(s->all, s->n, c->aliases, c->positions, msg,
			      sizeof(msg));
	if (ret) {
		ec_slaves_free(s);
		if (ret == -EINVAL)
			return ec_cli_usage_error(c, "%s", msg);
		return ec_cli_fail(c, "master %u: %s", m->index, msg);
	}
	ret = ec_select_slaves(s->all, s->n, c->aliases, c->positions,
			       s->sel, &s->count);
	if (ret) {
		ec_slaves_free(s);
		return ec_cli_usage_error(c,
			"invalid slave selection (alias '%s', position '%s')",
			c->aliases, c->positions);
	}
	return 0;
}

/**
 * ec_cli_single_slave() - the one slave a command needs
 * @c: state
 * @m: open master
 * @s: result (free with ec_slaves_free())
 * @slave: the slave
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_single_slave(struct ec_cli *c, struct ec_lib_master *m,
			struct ec_slaves *s,
			const struct ec_ioctl_slave **slave)
{
	int ret = ec_cli_slaves(c, m, s);

	if (ret)
		return ret;
	if (s->count != 1) {
		size_t n = s->count;

		ec_slaves_free(s);
		return ec_cli_usage_error(c,
			"the slave selection matches %zu slaves; '%s' requires a single slave",
			n, c->cmd ? c->cmd->name : "this command");
	}
	*slave = &s->all[s->sel[0]];
	return 0;
}

/**
 * ec_slaves_free() - release what ec_cli_slaves() allocated
 * @s: the selection (may be zeroed)
 */
void ec_slaves_free(struct ec_slaves *s)
{
	free(s->all);
	free(s->sel);
	memset(s, 0, sizeof(*s));
}

/**
 * ec_cli_each_slave() - run @fn for every selected slave of every master
 * @c: parsed command line (-m, -a, -p select)
 * @fn: what to do with one slave; a non-zero return stops the walk
 *
 * Return: 0 or the first non-zero exit code.
 */
int ec_cli_each_slave(struct ec_cli *c, ec_cli_slave_fn fn)
{
	struct ec_lib_master m;
	struct ec_numlist l;
	struct ec_slaves s;
	size_t i, k;
	int ret;

	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], false);
		if (ret)
			break;
		ret = ec_cli_slaves(c, &m, &s);
		for (k = 0; !ret && k < s.count; k++)
			ret = fn(c, &m, l.items[i], &s.all[s.sel[k]],
				 l.count > 1 || s.count > 1);
		ec_slaves_free(&s);
		ec_lib_close(&m);
	}
	ec_numlist_free(&l);
	return ret;
}

/**
 * ec_cli_open_slave() - open the one master, writable, and select the one
 * slave a command on a single slave needs
 * @c: parsed command line
 * @m: handle to open
 * @s: selection, ec_slaves_free() it after success
 * @slave: the selected slave
 *
 * Return: 0 or the exit code (the handle is closed then).
 */
int ec_cli_open_slave(struct ec_cli *c, struct ec_lib_master *m,
		      struct ec_slaves *s, const struct ec_ioctl_slave **slave)
{
	unsigned int index;
	int ret;

	ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, m, index, true);
	if (ret)
		return ret;
	ret = ec_cli_single_slave(c, m, s, slave);
	if (ret)
		ec_lib_close(m);
	return ret;
}
