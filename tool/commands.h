/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * commands.h - handlers of the ethercat tool's commands (cmd_*.c); the
 * table that names them is in commands.c.
 */
#ifndef EC_TOOL_COMMANDS_H
#define EC_TOOL_COMMANDS_H

#include "cli.h"

int ec_cmd_alias(struct ec_cli *c);
int ec_cmd_capture(struct ec_cli *c);
int ec_cmd_config(struct ec_cli *c);
int ec_cmd_crc(struct ec_cli *c);
int ec_cmd_cstruct(struct ec_cli *c);
int ec_cmd_data(struct ec_cli *c);
int ec_cmd_debug(struct ec_cli *c);
int ec_cmd_diag(struct ec_cli *c);
int ec_cmd_domains(struct ec_cli *c);
int ec_cmd_download(struct ec_cli *c);
int ec_cmd_eoe(struct ec_cli *c);
int ec_cmd_foe_read(struct ec_cli *c);
int ec_cmd_foe_write(struct ec_cli *c);
int ec_cmd_graph(struct ec_cli *c);
int ec_cmd_metrics(struct ec_cli *c);
int ec_cmd_help(struct ec_cli *c);
int ec_cmd_ip(struct ec_cli *c);
int ec_cmd_master(struct ec_cli *c);
int ec_cmd_pdos(struct ec_cli *c);
int ec_cmd_reg_read(struct ec_cli *c);
int ec_cmd_reg_write(struct ec_cli *c);
int ec_cmd_rescan(struct ec_cli *c);
int ec_cmd_sdos(struct ec_cli *c);
int ec_cmd_sii_read(struct ec_cli *c);
int ec_cmd_sii_write(struct ec_cli *c);
int ec_cmd_slaves(struct ec_cli *c);
int ec_cmd_soe_read(struct ec_cli *c);
int ec_cmd_soe_write(struct ec_cli *c);
int ec_cmd_states(struct ec_cli *c);
int ec_cmd_upload(struct ec_cli *c);
int ec_cmd_version(struct ec_cli *c);
int ec_cmd_xml(struct ec_cli *c);

/* The application's domains, selected with -d (cmd_domains.c). */
struct ec_domains {
	struct ec_ioctl_domain *all;	/* every domain, by index */
	size_t n;
	unsigned int *sel;		/* indices selected */
	size_t count;
};

int ec_cli_domains(struct ec_cli *c, struct ec_lib_master *m,
		   struct ec_domains *ds);
void ec_domains_free(struct ec_domains *ds);
int ec_domain_read_data(struct ec_cli *c, struct ec_lib_master *m,
			const struct ec_ioctl_domain *d, uint8_t **data,
			size_t *size);
int ec_domain_show(struct ec_cli *c, struct ec_lib_master *m,
		   unsigned int master, const struct ec_ioctl_domain *d,
		   bool verbose, const char *ind);

/*
 * One more column of the 'slaves' listing (cmd_slaves.c), for 'diag':
 * text() gives the column of ring position i, detail() prints what
 * follows the line (lines of its own, JSON fields of the slave).
 */
struct ec_slave_column {
	const char *(*text)(void *ctx, size_t i);
	void (*detail)(void *ctx, size_t i);
	void *ctx;
};

void ec_list_slaves(unsigned int master, const struct ec_slaves *s,
		    bool indent, const struct ec_slave_column *col);

typedef int (*ec_slaves_fn)(struct ec_cli *c, struct ec_lib_master *m,
			    unsigned int master, struct ec_slaves *s,
			    bool indent);
int ec_slaves_each_master(struct ec_cli *c, bool writable, ec_slaves_fn fn);

/* 'sdos' output, shared by the master's and the gateway's listing. */
struct ec_ioctl_slave_sdo;
struct ec_ioctl_slave_sdo_entry;
void ec_sdo_print_object(const struct ec_ioctl_slave_sdo *sdo);
void ec_sdo_print_entry(uint16_t index,
			const struct ec_ioctl_slave_sdo_entry *e);

/* The same commands through a mailbox gateway (cmd_gateway.c). */
int ec_gw_cmd_sdo(struct ec_cli *c, bool download);
int ec_gw_cmd_sdos(struct ec_cli *c);
int ec_gw_cmd_foe_read(struct ec_cli *c);

#endif /* EC_TOOL_COMMANDS_H */
