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
#include "link_health.h"
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
	struct ec_health_view health;
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

static const char *const ec_diag_health_keys[EC_IOCTL_HEALTH_COUNTERS] = {
	"invalid_frame", "rx_error", "forwarded_rx_error", "lost_link"
};
static const char *const ec_diag_window_keys[EC_IOCTL_HEALTH_WINDOWS] = {
	"10s", "60s", "start"
};

/* -j: the master's counts of a slave, and the cables it names */
static void ec_diag_health_json(const struct ec_health_view *v,
				unsigned int pos)
{
	const struct ec_ioctl_slave_health *h = &v->slaves[pos];
	unsigned int p, k, w;
	char key[48], text[160];
	size_t i;

	ec_out_obj_open("link_health");
	ec_out_bool("read", NULL, h->read, NULL, NULL);
	ec_out_uint("reads", NULL, h->reads);
	ec_out_uint("processing_unit_error", NULL, h->processing_unit);
	ec_out_uint("pdi_error", NULL, h->pdi);
	ec_out_arr_open("ports");
	for (p = 0; p < EC_IOCTL_MAX_PORTS; p++) {
		ec_out_obj_open(NULL);
		ec_out_uint("port", NULL, p);
		ec_out_obj_open("total");
		for (k = 0; k < EC_IOCTL_HEALTH_COUNTERS; k++)
			ec_out_uint(ec_diag_health_keys[k], NULL,
				    h->total[p][k]);
		ec_out_obj_close();
		for (w = 0; w < EC_IOCTL_HEALTH_WINDOWS; w++) {
			snprintf(key, sizeof(key), "errors_per_s_%s",
				 ec_diag_window_keys[w]);
			ec_out_double(key, NULL,
				      ec_health_error_rate(h, w, p));
			snprintf(key, sizeof(key), "lost_links_per_s_%s",
				 ec_diag_window_keys[w]);
			ec_out_double(key, NULL,
				      ec_health_rate(h, w, p,
						     EC_IOCTL_HEALTH_LOST_LINK));
		}
		ec_out_double("error_share_10s", NULL,
			      ec_health_error_share(h, EC_IOCTL_HEALTH_10S, p));
		ec_out_uint("faults", NULL, h->port_faults[p]);
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_out_arr_open("unhealthy_links");
	for (i = 0; i < v->nlinks; i++) {
		if (v->links[i].slave != pos)
			continue;
		ec_health_link_text(&v->links[i], text, sizeof(text));
		ec_out_str(NULL, NULL, text);
	}
	ec_out_arr_close();
	ec_out_obj_close();
}

/* A port worth a line: it exists and counted, or -v. */
static bool ec_diag_port_shown(const struct ec_ioctl_slave_health *h,
			       const struct ec_ioctl_slave *sl,
			       unsigned int p, bool verbose)
{
	unsigned int k;

	if (!h->read || !ec_diag_port_exists(&sl->ports[p]))
		return false;
	if (verbose)
		return true;
	for (k = 0; k < EC_IOCTL_HEALTH_COUNTERS; k++)
		if (h->total[p][k])
			return true;
	return false;
}

/* The text after the listing: per port counts and rates, the cables. */
static void ec_diag_health_text(const struct ec_diag *dg,
				 const struct ec_slaves *s)
{
	const struct ec_health_view *v = &dg->health;
	char text[160];
	bool any = false, read = false;
	size_t k, i;
	unsigned int p;

	for (k = 0; k < s->count; k++) {
		unsigned int pos = s->sel[k];
		const struct ec_ioctl_slave_health *h = &v->slaves[pos];

		read |= h->read;
		for (p = 0; p < EC_IOCTL_MAX_PORTS; p++) {
			if (!ec_diag_port_shown(h, &s->all[pos], p,
						dg->verbose))
				continue;
			if (!any)
				ec_out_text("Link health, counted by the master "
					    "(errors: invalid frames + RX "
					    "errors; per s over 10 s, 1 min, "
					    "since start):\n");
			any = true;
			ec_out_text("  Slave %u port %u: invalid %llu, RX %llu, "
				    "forwarded %llu, lost links %llu; "
				    "errors/s %.3f %.3f %.3f",
				    pos, p,
				    (unsigned long long)h->total[p][0],
				    (unsigned long long)h->total[p][1],
				    (unsigned long long)h->total[p][2],
				    (unsigned long long)h->total[p][3],
				    ec_health_error_rate(h, 0, p),
				    ec_health_error_rate(h, 1, p),
				    ec_health_error_rate(h, 2, p));
			if (h->count[0][p][EC_IOCTL_HEALTH_INVALID])
				ec_out_text(" (%.2f %% of frames over 10 s)",
					    100 * ec_health_error_share(h, 0, p));
			ec_out_text("\n");
		}
	}
	/* IgH's output alone while there is nothing to tell (scripts) */
	if (!any && !v->nlinks && (!dg->verbose || !read))
		return;
	if (!any)
		ec_out_text("Link health: no errors counted by the master.\n");
	for (i = 0; i < v->nlinks; i++) {
		ec_health_link_text(&v->links[i], text, sizeof(text));
		ec_out_text("%s\n", text);
	}
	if (!v->nlinks)
		ec_out_text("Links: healthy\n");
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
	ec_diag_health_json(&dg->health, (unsigned int)i);
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
	if (!ret) {
		ret = ec_health_load(m, s->n, &dg.health);
		if (ret)
			ret = ec_cli_lib_fail(c, m, ret);
	}
	if (!ret) {
		ec_list_slaves(master, s, indent, &col);
		if (!ec_out_json())
			ec_diag_health_text(&dg, s);
	}
	ec_health_free(&dg.health);
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
