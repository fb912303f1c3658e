// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_diag.c - 'diag': the ESC error counters of the selected slaves
 * (0x0300-0x0313, esc_errors.c) in the 'slaves' listing, as IgH's tool
 * has it since Ralf Roesch's patch (2016): one summary column of the
 * counters that are not zero (E_IFC, E_REC, E_FREC, E_PUEC, E_LLC, and
 * E_PDIEC here), with -v a line per such counter giving its ports, with
 * -r the counters cleared after they were read.
 */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "esc_errors.h"
#include "print.h"
#include "tables.h"

/* "E_IFC E_REC E_FREC E_PUEC E_PDIEC E_LLC " */
#define EC_DIAG_SUMMARY_SIZE 48

struct ec_diag_slave {
	uint8_t block[EC_ESC_ERRORS_SIZE];
	unsigned int counters[EC_ESC_COUNTERS][EC_IOCTL_MAX_PORTS];
	unsigned int found;	/* bit per enum ec_esc_counter */
	char summary[EC_DIAG_SUMMARY_SIZE];
};

struct ec_diag {
	struct ec_diag_slave *slaves;	/* by ring position */
	bool verbose, reset;
};

/*
 * The counters of a port count only where the port exists (0x0007: EBUS
 * or MII); a port not implemented or not configured reads 0 in a real
 * ESC, and is not looked at.
 */
static bool ec_diag_port_exists(const struct ec_ioctl_port *p)
{
	return p->desc == EC_PORT_DESC_EBUS || p->desc == EC_PORT_DESC_MII;
}

static void ec_diag_evaluate(struct ec_diag_slave *d,
			     const struct ec_ioctl_slave *sl)
{
	size_t len = 0;
	int id, port;

	d->found = 0;
	for (id = 0; id < EC_ESC_COUNTERS; id++) {
		bool per_port = ec_esc_counters[id].stride;

		for (port = 0; port < EC_IOCTL_MAX_PORTS; port++) {
			unsigned int v = 0;

			if (per_port ? ec_diag_port_exists(&sl->ports[port]) :
			    port == 0)
				v = ec_esc_counter(d->block, id, port);
			d->counters[id][port] = v;
			if (v)
				d->found |= 1u << id;
		}
	}
	d->summary[0] = '\0';
	for (id = 0; id < EC_ESC_COUNTERS; id++)
		if (d->found & (1u << id))
			len += snprintf(d->summary + len,
					sizeof(d->summary) - len, "%s ",
					ec_esc_counters[id].flag);
	if (!d->found)
		snprintf(d->summary, sizeof(d->summary), "ESC no errors. ");
}

static const char *ec_diag_text(void *ctx, size_t i)
{
	struct ec_diag *dg = ctx;

	return dg->slaves[i].summary;
}

/* -v: "    Invalid Frame Counter - P[0]: 3 P[1]: 1" (IgH's lines) */
static void ec_diag_verbose(const struct ec_diag_slave *d)
{
	int id, port;

	for (id = 0; id < EC_ESC_COUNTERS; id++) {
		if (!(d->found & (1u << id)))
			continue;
		ec_out_text("    %s -", ec_esc_counters[id].name);
		if (!ec_esc_counters[id].stride) {
			ec_out_text(" %u\n", d->counters[id][0]);
			continue;
		}
		for (port = 0; port < EC_IOCTL_MAX_PORTS; port++)
			if (d->counters[id][port])
				ec_out_text(" P[%d]: %u", port,
					    d->counters[id][port]);
		ec_out_text("\n");
	}
}

static void ec_diag_detail(void *ctx, size_t i)
{
	struct ec_diag *dg = ctx;
	const struct ec_diag_slave *d = &dg->slaves[i];
	int id, port;

	if (dg->verbose && !ec_out_json())
		ec_diag_verbose(d);
	ec_out_arr_open("errors");
	for (id = 0; id < EC_ESC_COUNTERS; id++)
		if (d->found & (1u << id))
			ec_out_str(NULL, NULL, ec_esc_counters[id].flag);
	ec_out_arr_close();
	ec_out_obj_open("counters");
	for (id = 0; id < EC_ESC_COUNTERS; id++) {
		if (!ec_esc_counters[id].stride) {
			ec_out_uint(ec_esc_counters[id].key, NULL,
				    d->counters[id][0]);
			continue;
		}
		ec_out_arr_open(ec_esc_counters[id].key);
		for (port = 0; port < EC_IOCTL_MAX_PORTS; port++)
			ec_out_uint(NULL, NULL, d->counters[id][port]);
		ec_out_arr_close();
	}
	ec_out_obj_close();
	ec_out_bool("reset", NULL, dg->reset, NULL, NULL);
}

/* Read (and with -r clear) the counters of the selected slaves, list them. */
static int ec_diag_master(struct ec_cli *c, struct ec_lib_master *m,
			  unsigned int master, struct ec_slaves *s,
			  bool indent)
{
	struct ec_diag dg = { .verbose = c->verbose, .reset = c->reset };
	struct ec_slave_column col = { ec_diag_text, ec_diag_detail, &dg };
	size_t k;
	int ret = 0;

	dg.slaves = calloc(s->n ? s->n : 1, sizeof(*dg.slaves));
	if (!dg.slaves)
		return ec_cli_fail(c, "out of memory");
	for (k = 0; k < s->count && !ret; k++) {
		uint16_t pos = s->sel[k];
		struct ec_diag_slave *d = &dg.slaves[pos];

		ret = ec_esc_errors_read(m, pos, d->block);
		if (!ret && c->reset)
			ret = ec_esc_errors_reset(m, pos);
		if (ret)
			ret = ec_cli_lib_fail(c, m, ret);
		else
			ec_diag_evaluate(d, &s->all[pos]);
	}
	if (!ret)
		ec_list_slaves(master, s, indent, &col);
	free(dg.slaves);
	return ret;
}

/**
 * ec_cmd_diag() - show (and with -r clear) the ESC error counters of the
 * selected slaves
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_diag(struct ec_cli *c)
{
	return ec_slaves_each_master(c, c->reset, ec_diag_master);
}
