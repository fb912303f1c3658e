// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_gateway.c - the ethercat tool as a mailbox gateway client: the
 * slave at -p reached through ethercat-mbg (--gateway HOST[:PORT]) with
 * gw_client.c; 'sdos' here, 'upload'/'download' in cmd_sdo.c and
 * 'foe_read' in cmd_foe.c, printing as they do for the local master.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "cmd_gateway.h"
#include "print.h"
#include "mailbox/coe_abort.h"

/**
 * ec_gw_cli_open() - connect to --gateway and address the slave at -p
 * (without -p: address 0, the master's own dictionary)
 * @c: parsed command line
 * @g: client
 *
 * Return: 0 or an exit code (reported).
 */
int ec_gw_cli_open(struct ec_cli *c, struct ec_gw *g)
{
	unsigned long long pos;
	int ret;

	if (strcmp(c->aliases, "-"))
		return ec_cli_usage_error(c,
			"--gateway selects the slave by -p only");
	if (strcmp(c->positions, "-") &&
	    ec_parse_uint(c->positions, 0xfff, &pos))
		return ec_cli_usage_error(c,
			"--gateway needs one slave: -p POSITION (none: the master's dictionary)");
	ret = ec_gw_open(g, c->gateway);
	/* Without -p: address 0, the master's own dictionary. */
	if (!ret && strcmp(c->positions, "-"))
		ret = ec_gw_select(g, (unsigned int)pos);
	if (ret) {
		ret = ec_cli_fail(c, "gateway %s: %s", c->gateway, g->err);
		ec_gw_close(g);
	}
	return ret;
}

/**
 * ec_gw_cli_fail() - report a failed transfer through the gateway
 * @c: parsed command line
 * @g: client
 *
 * Return: EC_EXIT_FAIL.
 */
int ec_gw_cli_fail(struct ec_cli *c, struct ec_gw *g)
{
	if (g->abort_code)
		return ec_cli_fail(c, "SDO transfer aborted with code 0x%08x: %s",
				   g->abort_code,
				   ec_coe_abort_text(g->abort_code));
	return ec_cli_fail(c, "gateway %s: %s", c->gateway, g->err);
}

/* ETG.1000.6 table 52: read PREOP/SAFEOP/OP bits 0-2, write bits 3-5. */
static void ec_gw_entry_to_ioctl(uint8_t sub, const struct ec_gw_entry *g,
				 struct ec_ioctl_slave_sdo_entry *e)
{
	unsigned int a;

	memset(e, 0, sizeof(*e));
	e->sdo_entry_subindex = sub;
	e->data_type = g->data_type;
	e->bit_length = g->bit_length;
	for (a = 0; a < 3; a++) {
		e->read_access[a] = !!(g->access & (1u << a));
		e->write_access[a] = !!(g->access & (1u << (a + 3)));
	}
	snprintf(e->description, sizeof(e->description), "%s",
		 g->description);
}

/**
 * ec_gw_cmd_sdos() - 'sdos' of the slave at -p through the gateway
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_gw_cmd_sdos(struct ec_cli *c)
{
	struct ec_ioctl_slave_sdo_entry e;
	struct ec_ioctl_slave_sdo sdo;
	struct ec_gw_entry ge;
	uint16_t *idx;
	struct ec_gw g;
	size_t n, i;
	unsigned int j;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (!ret)
		ret = ec_gw_cli_open(c, &g);
	if (ret)
		return ret;
	idx = calloc(EC_GW_MAX_OBJECTS, sizeof(*idx));
	if (!idx) {
		ec_gw_close(&g);
		return ec_cli_fail(c, "out of memory");
	}
	ret = ec_gw_od_list(&g, idx, EC_GW_MAX_OBJECTS, &n);
	if (ret) {
		ret = ec_gw_cli_fail(c, &g);
		goto out;
	}
	ec_out_arr_open("slaves");
	ec_out_obj_open(NULL);
	ec_out_str("gateway", NULL, c->gateway);
	if (strcmp(c->positions, "-"))
		ec_out_uint("position", NULL, strtoul(c->positions, NULL, 0));
	ec_out_arr_open("sdos");
	for (i = 0; i < n && !ret; i++) {
		memset(&sdo, 0, sizeof(sdo));
		sdo.sdo_index = idx[i];
		if (ec_gw_object(&g, idx[i], &sdo.max_subindex,
				 &sdo.object_code, sdo.name,
				 sizeof(sdo.name))) {
			ret = ec_gw_cli_fail(c, &g);
			break;
		}
		ec_sdo_print_object(&sdo);
		for (j = 0; j <= sdo.max_subindex && !c->quiet; j++) {
			if (ec_gw_entry(&g, idx[i], (uint8_t)j, &ge))
				continue;
			ec_gw_entry_to_ioctl((uint8_t)j, &ge, &e);
			ec_sdo_print_entry(idx[i], &e);
		}
		ec_out_arr_close();
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_out_obj_close();
	ec_out_arr_close();
out:
	free(idx);
	ec_gw_close(&g);
	return ret;
}

/* One "key=value" line of the status file into @v (0 if absent). */
static unsigned long long ec_gw_status_value(const char *text,
					     const char *key)
{
	size_t n = strlen(key);
	const char *p;

	for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, key, n) && p[n] == '=')
			return strtoull(p + n + 1, NULL, 10);
	return 0;
}

/**
 * ec_gw_print_status() - the mailbox gateway of a master, if it runs
 * @master: master index
 *
 * ethercat-mbg writes its counters to a status file (EC_GW_STATUS_FMT)
 * at most twice a second; a file whose process is gone is not shown.
 */
void ec_gw_print_status(unsigned int master)
{
	static const char *const bad[] = { "short", "oversize", "wrong_type",
					   "length", "protocol", "address" };
	char path[64], text[1024], key[32], addr[64] = "";
	unsigned long long errors = 0;
	const char *a;
	size_t n, i;
	FILE *f;

	snprintf(path, sizeof(path), EC_GW_STATUS_FMT, master);
	f = fopen(path, "r");
	if (!f)
		return;
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	if (kill((pid_t)ec_gw_status_value(text, "pid"), 0) && errno != EPERM)
		return;
	a = strstr(text, "address=");
	if (a)
		sscanf(a + 8, "%63[0-9.]", addr);
	ec_out_text("  Mailbox gateway:\n");
	ec_out_obj_open("gateway");
	ec_out_str("address", "    Address: %s", addr);
	ec_out_uint("port", ":%llu\n", ec_gw_status_value(text, "port"));
	ec_out_uint("clients", "    Clients: %llu",
		    ec_gw_status_value(text, "clients"));
	ec_out_uint("requests", ", requests: %llu",
		    ec_gw_status_value(text, "requests"));
	ec_out_uint("replies", ", replies: %llu",
		    ec_gw_status_value(text, "replies"));
	ec_out_uint("failed", ", failed: %llu\n",
		    ec_gw_status_value(text, "failed"));
	ec_out_uint("denied", "    Dropped: not allowed %llu",
		    ec_gw_status_value(text, "denied"));
	ec_out_uint("rate_limited", ", over the rate %llu",
		    ec_gw_status_value(text, "rate_limited"));
	ec_out_uint("busy", ", too many clients %llu",
		    ec_gw_status_value(text, "busy"));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		unsigned long long v;

		snprintf(key, sizeof(key), "bad_%s", bad[i]);
		v = ec_gw_status_value(text, key);
		errors += v;
		ec_out_uint(key, NULL, v);
	}
	ec_out_uint("malformed", ", malformed %llu\n", errors);
	ec_out_obj_close();
}
