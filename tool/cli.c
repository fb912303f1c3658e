// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli.c - option parsing, command lookup, help and errors of the ethercat
 * tool (see cli.h); the master and slave selection is in cli_select.c.
 * Option names are IgH's.
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
#define EC_CLI_OPT_TEXTFILE 0x101	/* long only: metrics --textfile */
#define EC_CLI_OPT_INTERVAL 0x102	/* long only: metrics --interval */
#define EC_CLI_OPT_SVG 0x103		/* long only: graph --svg */
#define EC_CLI_OPT_COUNT 0x104		/* long only: capture's options */
#define EC_CLI_OPT_DURATION 0x105
#define EC_CLI_OPT_RECORDER 0x106
#define EC_CLI_OPT_GATEWAY 0x107	/* long only: --gateway */

static const struct option ec_cli_long_options[] = {
	{ "master", required_argument, NULL, 'm' },
	{ "alias", required_argument, NULL, 'a' },
	{ "position", required_argument, NULL, 'p' },
	{ "type", required_argument, NULL, 't' },
	{ "domain", required_argument, NULL, 'd' },
	{ "output-file", required_argument, NULL, 'o' },
	{ "skin", required_argument, NULL, 's' },
	{ "emergency", no_argument, NULL, 'e' },
	{ "reset", no_argument, NULL, 'r' },
	{ "force", no_argument, NULL, 'f' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ "drive", required_argument, NULL, 'y' },
	{ "password", required_argument, NULL, EC_CLI_OPT_PASSWORD },
	{ "textfile", required_argument, NULL, EC_CLI_OPT_TEXTFILE },
	{ "interval", required_argument, NULL, EC_CLI_OPT_INTERVAL },
	{ "svg", no_argument, NULL, EC_CLI_OPT_SVG },
	{ "write", required_argument, NULL, 'w' },
	{ "count", required_argument, NULL, EC_CLI_OPT_COUNT },
	{ "duration", required_argument, NULL, EC_CLI_OPT_DURATION },
	{ "recorder", no_argument, NULL, EC_CLI_OPT_RECORDER },
	{ "gateway", required_argument, NULL, EC_CLI_OPT_GATEWAY },
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
		"  --reset    -r           Reset counters (see 'help diag').\n"
		"  --quiet    -q           Output less information.\n"
		"  --verbose  -v           Output more information.\n"
		"  --json     -j           Output JSON instead of text.\n"
		"  --gateway <host[:port]> Reach the slave through a mailbox\n"
		"                          gateway (see 'help upload').\n"
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
	while ((opt = getopt_long(argc, argv, "m:a:p:t:d:o:s:y:w:efrqvjh",
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
		case 'r':
			c->reset = true;
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
		case EC_CLI_OPT_TEXTFILE:
			c->textfile = optarg;
			break;
		case EC_CLI_OPT_INTERVAL:
			c->interval = optarg;
			break;
		case EC_CLI_OPT_SVG:
			c->svg = true;
			break;
		case 'w':
			c->write_file = optarg;
			break;
		case EC_CLI_OPT_COUNT:
			c->count = optarg;
			break;
		case EC_CLI_OPT_DURATION:
			c->duration = optarg;
			break;
		case EC_CLI_OPT_RECORDER:
			c->recorder = true;
			break;
		case EC_CLI_OPT_GATEWAY:
			c->gateway = optarg;
			break;
		default:
			if (optopt == EC_CLI_OPT_PASSWORD ||
			    optopt == EC_CLI_OPT_GATEWAY)
				return ec_cli_usage_error(c,
					"option '--%s' requires an argument",
					optopt == EC_CLI_OPT_GATEWAY ?
					"gateway" : "password");
			if (optopt == EC_CLI_OPT_TEXTFILE ||
			    optopt == EC_CLI_OPT_INTERVAL ||
			    optopt == EC_CLI_OPT_COUNT ||
			    optopt == EC_CLI_OPT_DURATION)
				return ec_cli_usage_error(c,
					"option '--%s' requires an argument",
					optopt == EC_CLI_OPT_TEXTFILE ?
					"textfile" :
					optopt == EC_CLI_OPT_INTERVAL ?
					"interval" :
					optopt == EC_CLI_OPT_COUNT ? "count" :
					"duration");
			if (optopt && strchr("maptdosyw", optopt))
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
	if (c->reset && !(c->cmd->flags & EC_CMD_RESET))
		return ec_cli_usage_error(c, "has no --reset option");
	if ((c->textfile || c->interval) && !(c->cmd->flags & EC_CMD_TEXTFILE))
		return ec_cli_usage_error(c, "has no --%s option",
					  c->textfile ? "textfile" : "interval");
	if (c->svg && !(c->cmd->flags & EC_CMD_SVG))
		return ec_cli_usage_error(c, "has no --svg option");
	if (c->gateway && !(c->cmd->flags & EC_CMD_GATEWAY))
		return ec_cli_usage_error(c, "has no --gateway option");
	if ((c->write_file || c->count || c->duration || c->recorder) &&
	    !(c->cmd->flags & EC_CMD_CAPTURE))
		return ec_cli_usage_error(c, "has no --%s option",
					  c->write_file ? "write" :
					  c->count ? "count" :
					  c->duration ? "duration" :
							"recorder");
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
