/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.h - the ethercat tool's framework: the command table, global
 * options, command lookup by unique prefix, error reporting, and master
 * and slave selection as IgH's tool does them.
 */
#ifndef EC_TOOL_CLI_H
#define EC_TOOL_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ec_lib.h"
#include "numlist.h"

/* The release, from the top-level VERSION file (-DEC_VERSION). */
#define EC_TOOL_VERSION EC_VERSION

enum {
	EC_EXIT_OK = 0,
	EC_EXIT_FAIL = 1,	/* the master reported a failure */
	EC_EXIT_USAGE = 2,	/* bad arguments */
};

#define EC_CMD_NO_JSON 0x01	/* output format of its own (XML) */
#define EC_CMD_PLAIN 0x02	/* prints on its own (help) */
#define EC_CMD_SKIN 0x04	/* takes --skin (pdos) */
/* -o means a file of its own (foe_read: the local file, foe_write: the
 * name on the slave), not the redirection of stdout */
#define EC_CMD_OWN_OUTPUT 0x08
#define EC_CMD_RESET 0x10	/* takes -r/--reset (diag) */
#define EC_CMD_TEXTFILE 0x100	/* takes --textfile, --interval (metrics) */
#define EC_CMD_SVG 0x200	/* takes --svg (graph) */
/* takes --gateway (upload, download, sdos, foe_read, soe_read) */
#define EC_CMD_GATEWAY 0x400
/* takes -w/--write, --count, --duration, --recorder (capture) */
#define EC_CMD_CAPTURE 0x20

struct ec_cli;

struct ec_cmd {
	const char *name;
	const char *brief;
	const char *synopsis;	/* after "ethercat NAME " */
	const char *help;	/* details and command-specific options */
	int (*run)(struct ec_cli *c);
	unsigned int flags;
};

struct ec_cli {
	const char *prog;
	const char *masters;	/* "-": all */
	const char *aliases;	/* "-": any */
	const char *positions;	/* "-": all */
	const char *domains;	/* "-": all */
	const char *type;	/* NULL: none */
	const char *skin;	/* NULL: default */
	const char *output_file;	/* -o: NULL or "-": stdout */
	const char *drive;	/* -y, SoE drive number, NULL: 0 */
	const char *password;	/* --password, FoE, NULL: 0 */
	const char *gateway;	/* --gateway HOST[:PORT], NULL: the master */
	const char *textfile;	/* metrics --textfile, NULL: stdout once */
	const char *interval;	/* metrics --interval SECONDS, NULL: 10 */
	bool svg;		/* graph --svg */
	bool verbose, quiet, force, json, help, emergency, reset;
	/* capture: -w FILE ("-": stdout), --count N, --duration S */
	const char *write_file, *count, *duration;
	bool recorder;
	const struct ec_cmd *cmd;
	int argc;		/* command arguments */
	char **argv;
	FILE *err;		/* stderr */
};

/* The selected slaves of one master. */
struct ec_slaves {
	struct ec_ioctl_slave *all;	/* every slave, by ring position */
	size_t n;
	uint16_t *sel;			/* positions selected */
	size_t count;
	/*
	 * The first position reached through the backup device (IgH's
	 * device_index 1: the ring is broken in front of it), n when every
	 * slave is reached through the main device.
	 */
	size_t backup_from;
};

extern const struct ec_cmd ec_commands[];
extern const size_t ec_command_count;

void ec_cli_init(struct ec_cli *c, const char *prog);
int ec_cli_parse(struct ec_cli *c, int argc, char **argv);
int ec_cli_find(const char *name, const struct ec_cmd **match,
		const struct ec_cmd **cands, size_t max, size_t *ncands);
int ec_cli_run(struct ec_cli *c);
void ec_cli_usage(FILE *f, const char *prog);
void ec_cli_cmd_help(FILE *f, const char *prog, const struct ec_cmd *cmd);

int ec_cli_usage_error(struct ec_cli *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int ec_cli_fail(struct ec_cli *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void ec_cli_warn(struct ec_cli *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
const char *ec_cli_errno_hint(int err);
int ec_cli_lib_fail(struct ec_cli *c, struct ec_lib_master *m, int err);
int ec_cli_nargs(struct ec_cli *c, int min, int max);

int ec_parse_uint(const char *s, unsigned long long max,
		  unsigned long long *v);

int ec_cli_masters(struct ec_cli *c, struct ec_numlist *out);
int ec_cli_single_master(struct ec_cli *c, unsigned int *index);
int ec_cli_open(struct ec_cli *c, struct ec_lib_master *m,
		unsigned int index, bool writable);

int ec_select_check(const struct ec_ioctl_slave *all, size_t n,
		    const char *aliases, const char *positions, char *msg,
		    size_t size);
int ec_select_slaves(const struct ec_ioctl_slave *all, size_t n,
		     const char *aliases, const char *positions,
		     uint16_t *out, size_t *count);
int ec_cli_slaves(struct ec_cli *c, struct ec_lib_master *m,
		  struct ec_slaves *s);
int ec_cli_single_slave(struct ec_cli *c, struct ec_lib_master *m,
			struct ec_slaves *s,
			const struct ec_ioctl_slave **slave);
void ec_slaves_free(struct ec_slaves *s);
int ec_cli_open_slave(struct ec_cli *c, struct ec_lib_master *m,
		      struct ec_slaves *s, const struct ec_ioctl_slave **slave);

/* Called for each selected slave of each selected master; header tells
 * whether more than one slave is listed (IgH prints a title then). */
typedef int (*ec_cli_slave_fn)(struct ec_cli *c, struct ec_lib_master *m,
			       unsigned int master,
			       const struct ec_ioctl_slave *sl, bool header);
int ec_cli_each_slave(struct ec_cli *c, ec_cli_slave_fn fn);

#endif /* EC_TOOL_CLI_H */
