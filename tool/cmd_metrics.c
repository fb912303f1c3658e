// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_metrics.c - 'metrics': the master's figures in the Prometheus text
 * exposition format (version 0.0.4, which OpenMetrics parsers read too):
 * frames, lost frames, unmatched datagrams, per domain the working
 * counter, its state and changes, per slave the AL state, per port the
 * ESC error counters the master keeps (link health) and their rates, the
 * unhealthy cables, each DC slave's sync deviation (0x092C) and the state
 * of a redundant ring.  Every family has its HELP and TYPE line.
 *
 * Once to stdout, or with --textfile FILE for node_exporter's textfile
 * collector: written to FILE.tmp and renamed over FILE (atomic on one
 * file system) every --interval seconds (default 10) until killed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "link_health.h"
#include "numlist.h"
#include "tables.h"

#define EC_METRICS_INTERVAL_DEFAULT 10
#define EC_METRICS_INTERVAL_MAX 86400
#define EC_REG_DC_SYSTEM_TIME_DIFF 0x092c	/* ESC data sheet II */
#define EC_DC_DIFF_SMALLER 0x80000000u	/* local time smaller */

/* What one master has, read before anything is printed. */
struct ec_metrics_master {
	unsigned int index;
	struct ec_ioctl_master master;
	struct ec_ioctl_redundancy red;
	struct ec_ioctl_domain *domains;
	struct ec_slaves slaves;
	struct ec_health_view health;
	int64_t *dc_diff;	/* ns, by ring position */
	bool *dc_valid;
};

struct ec_metrics {
	struct ec_metrics_master *m;
	size_t n;
};

static bool ec_metrics_port_exists(const struct ec_ioctl_port *p)
{
	return p->desc == EC_PORT_DESC_EBUS || p->desc == EC_PORT_DESC_MII;
}

/* A label value: backslash, double quote and newline escaped. */
static void ec_metrics_label(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fprintf(f, "\\%c", *s);
		else if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

static void ec_metrics_family(FILE *f, const char *name, const char *type,
			      const char *help)
{
	fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void ec_metrics_free(struct ec_metrics *x)
{
	size_t i;

	for (i = 0; i < x->n; i++) {
		free(x->m[i].domains);
		ec_slaves_free(&x->m[i].slaves);
		ec_health_free(&x->m[i].health);
		free(x->m[i].dc_diff);
		free(x->m[i].dc_valid);
	}
	free(x->m);
	memset(x, 0, sizeof(*x));
}

/* The DC slaves' system time difference (0x092C: sign bit 31). */
static void ec_metrics_dc(struct ec_lib_master *lm,
			  struct ec_metrics_master *mm)
{
	size_t i;

	for (i = 0; i < mm->slaves.n; i++) {
		uint8_t b[4];
		uint32_t v;

		if (!mm->slaves.all[i].dc_supported ||
		    ec_lib_reg_read(lm, (uint16_t)i, false,
				    EC_REG_DC_SYSTEM_TIME_DIFF, 4, b))
			continue;
		v = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
		    (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
		mm->dc_diff[i] = v & EC_DC_DIFF_SMALLER ?
				 -(int64_t)(v & ~EC_DC_DIFF_SMALLER) :
				 (int64_t)v;
		mm->dc_valid[i] = true;
	}
}

static int ec_metrics_read_master(struct ec_cli *c, unsigned int index,
				  struct ec_metrics_master *mm)
{
	struct ec_lib_master lm;
	size_t n;
	uint32_t d;
	int ret;

	mm->index = index;
	ret = ec_cli_open(c, &lm, index, false);
	if (ret)
		return ret;
	ret = ec_lib_master(&lm, &mm->master);
	if (!ret)
		ret = ec_lib_redundancy(&lm, &mm->red);
	if (ret)
		goto out_fail;
	ret = ec_cli_slaves(c, &lm, &mm->slaves);
	if (ret)
		goto out_close;
	n = mm->slaves.n ? mm->slaves.n : 1;
	mm->domains = calloc(mm->master.domain_count + 1,
			     sizeof(*mm->domains));
	mm->dc_diff = calloc(n, sizeof(*mm->dc_diff));
	mm->dc_valid = calloc(n, sizeof(*mm->dc_valid));
	if (!mm->domains || !mm->dc_diff || !mm->dc_valid) {
		ret = ec_cli_fail(c, "out of memory");
		goto out_close;
	}
	for (d = 0; d < mm->master.domain_count && !ret; d++)
		ret = ec_lib_domain(&lm, d, &mm->domains[d]);
	if (!ret)
		ret = ec_health_load(&lm, mm->slaves.n, &mm->health);
	if (ret)
		goto out_fail;
	ec_metrics_dc(&lm, mm);
	ec_lib_close(&lm);
	return 0;

out_fail:
	ret = ec_cli_lib_fail(c, &lm, ret);
out_close:
	ec_lib_close(&lm);
	return ret;
}

static int ec_metrics_read(struct ec_cli *c, struct ec_metrics *x)
{
	struct ec_numlist l;
	size_t i;
	int ret;

	memset(x, 0, sizeof(*x));
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	x->m = calloc(l.count + 1, sizeof(*x->m));
	if (!x->m) {
		ec_numlist_free(&l);
		return ec_cli_fail(c, "out of memory");
	}
	for (i = 0; i < l.count && !ret; i++) {
		x->n++;
		ret = ec_metrics_read_master(c, l.items[i], &x->m[i]);
	}
	ec_numlist_free(&l);
	if (ret)
		ec_metrics_free(x);
	return ret;
}

/* The per-master families, in the order they are printed; the value of
 * row k is ec_metrics_master_value(mm, k). */
static const struct {
	const char *name, *type, *help;
} ec_metrics_master_fam[] = {
	{ "ethercat_master_phase", "gauge",
	  "Master phase: 0 waiting for a device, 1 idle, 2 operation." },
	{ "ethercat_master_slaves", "gauge",
	  "Slaves found by the last scan." },
	{ "ethercat_frames_sent_total", "counter",
	  "Frames the master sent, all devices." },
	{ "ethercat_frames_received_total", "counter",
	  "Frames the master received, all devices." },
	{ "ethercat_frames_lost_total", "counter",
	  "Frames sent and never answered." },
	{ "ethercat_datagrams_unmatched_total", "counter",
	  "Datagrams received that matched none sent." },
	{ "ethercat_datagrams_skipped_total", "counter",
	  "Datagrams queued again before they were answered." },
	{ "ethercat_ring_redundancy", "gauge",
	  "1 when a backup device is configured." },
	{ "ethercat_ring_broken", "gauge",
	  "1 when the redundant ring is broken." },
	{ "ethercat_ring_breaks_total", "counter",
	  "Times the redundant ring was found broken." },
	{ "ethercat_links_unhealthy", "gauge",
	  "Cables with RX errors or lost links in the last 10 s." },
	{ "ethercat_link_health_reads_total", "counter",
	  "Reads of the slaves' ESC error counters by the master." },
};

static unsigned long long
ec_metrics_master_value(const struct ec_metrics_master *mm, size_t k)
{
	switch (k) {
	case 0: return mm->master.phase;
	case 1: return mm->master.slave_count;
	case 2: return mm->master.tx_count;
	case 3: return mm->master.rx_count;
	case 4: return mm->master.lost_frames;
	case 5: return mm->master.unmatched_datagrams;
	case 6: return mm->master.skipped_datagrams;
	case 7: return mm->red.configured;
	case 8: return mm->red.broken;
	case 9: return mm->red.breaks;
	case 10: return mm->health.nlinks;
	default: return mm->health.master.reads;
	}
}

static void ec_metrics_master_families(FILE *f, const struct ec_metrics *x)
{
	size_t k, i;

	for (k = 0; k < sizeof(ec_metrics_master_fam) /
			    sizeof(ec_metrics_master_fam[0]); k++) {
		ec_metrics_family(f, ec_metrics_master_fam[k].name,
				  ec_metrics_master_fam[k].type,
				  ec_metrics_master_fam[k].help);
		for (i = 0; i < x->n; i++)
			fprintf(f, "%s{master=\"%u\"} %llu\n",
				ec_metrics_master_fam[k].name, x->m[i].index,
				ec_metrics_master_value(&x->m[i], k));
	}
}

static void ec_metrics_domains(FILE *f, const struct ec_metrics *x)
{
	static const struct {
		const char *name, *type, *help;
	} fam[] = {
		{ "ethercat_domain_working_counter", "gauge",
		  "Working counter at the last process call." },
		{ "ethercat_domain_working_counter_expected", "gauge",
		  "Working counter of a complete exchange." },
		{ "ethercat_domain_wc_state", "gauge",
		  "0 zero, 1 incomplete, 2 complete." },
		{ "ethercat_domain_working_counter_changes_total", "counter",
		  "Times the working counter changed." },
	};
	size_t k, i;
	uint32_t d;

	for (k = 0; k < sizeof(fam) / sizeof(fam[0]); k++) {
		ec_metrics_family(f, fam[k].name, fam[k].type, fam[k].help);
		for (i = 0; i < x->n; i++) {
			const struct ec_metrics_master *mm = &x->m[i];

			for (d = 0; d < mm->master.domain_count; d++) {
				const struct ec_ioctl_domain *dm =
					&mm->domains[d];
				unsigned long long v =
					k == 0 ? dm->working_counter :
					k == 1 ? dm->expected_working_counter :
					k == 2 ? dm->wc_state :
					dm->working_counter_changes;

				fprintf(f, "%s{master=\"%u\",domain=\"%u\"} %llu\n",
					fam[k].name, mm->index, d, v);
			}
		}
	}
}

static void ec_metrics_slave_labels(FILE *f, const struct ec_metrics_master *mm,
				    size_t pos)
{
	fprintf(f, "{master=\"%u\",slave=\"%zu\",name=\"", mm->index, pos);
	ec_metrics_label(f, mm->slaves.all[pos].name);
	fputs("\"", f);
}

/* The value of per-slave family @k (the table below) for slave @pos;
 * false when the slave has none (no DC). */
static bool ec_metrics_slave_value(const struct ec_metrics_master *mm,
				   size_t pos, size_t k, long long *v)
{
	const struct ec_ioctl_slave *s = &mm->slaves.all[pos];

	switch (k) {
	case 0:
		*v = s->al_state & 0x0f;
		return true;
	case 1:
		*v = (s->al_state & 0x10) || s->error_flag ? 1 : 0;
		return true;
	case 2:
		*v = (long long)mm->health.slaves[pos].processing_unit;
		return true;
	case 3:
		*v = (long long)mm->health.slaves[pos].pdi;
		return true;
	default:
		*v = mm->dc_diff[pos];
		return mm->dc_valid[pos];
	}
}

static void ec_metrics_slaves(FILE *f, const struct ec_metrics *x)
{
	static const struct {
		const char *name, *type, *help;
	} fam[] = {
		{ "ethercat_slave_al_state", "gauge",
		  "AL state: 1 INIT, 2 PREOP, 3 BOOT, 4 SAFEOP, 8 OP." },
		{ "ethercat_slave_al_error", "gauge",
		  "1 when the slave's AL status has the error flag or the master gave up on it." },
		{ "ethercat_slave_processing_unit_errors_total", "counter",
		  "ECAT processing unit errors (0x030C) the master counted." },
		{ "ethercat_slave_pdi_errors_total", "counter",
		  "PDI errors (0x030D) the master counted." },
		{ "ethercat_dc_sync_deviation_ns", "gauge",
		  "System time difference of a DC slave (0x092C), ns." },
	};
	size_t k, i, pos;
	long long v;

	for (k = 0; k < sizeof(fam) / sizeof(fam[0]); k++) {
		ec_metrics_family(f, fam[k].name, fam[k].type, fam[k].help);
		for (i = 0; i < x->n; i++)
			for (pos = 0; pos < x->m[i].slaves.n; pos++) {
				if (!ec_metrics_slave_value(&x->m[i], pos, k,
							    &v))
					continue;
				fputs(fam[k].name, f);
				ec_metrics_slave_labels(f, &x->m[i], pos);
				fprintf(f, "} %lld\n", v);
			}
	}
}

/* The per port families: one sample per existing port of every slave. */
enum ec_metrics_port_value {
	EC_METRICS_TOTAL,	/* counter arg */
	EC_METRICS_RATE,	/* errors per second in window arg */
	EC_METRICS_LOST_RATE,	/* lost links per second in window arg */
	EC_METRICS_SHARE,	/* share of frames, 10 s */
};

static void ec_metrics_port_family(FILE *f, const struct ec_metrics *x,
				   const char *name, const char *type,
				   const char *help,
				   enum ec_metrics_port_value what,
				   unsigned int arg)
{
	static const char *const win[EC_IOCTL_HEALTH_WINDOWS] = {
		"10s", "60s", "start"
	};
	size_t i, pos;
	unsigned int p, w;

	if (what != EC_METRICS_RATE && what != EC_METRICS_LOST_RATE)
		ec_metrics_family(f, name, type, help);
	for (i = 0; i < x->n; i++) {
		const struct ec_metrics_master *mm = &x->m[i];

		for (pos = 0; pos < mm->slaves.n; pos++) {
			const struct ec_ioctl_slave_health *h =
				&mm->health.slaves[pos];

			for (p = 0; p < EC_IOCTL_MAX_PORTS; p++) {
				if (!ec_metrics_port_exists(
					    &mm->slaves.all[pos].ports[p]))
					continue;
				w = arg;
				fputs(name, f);
				ec_metrics_slave_labels(f, mm, pos);
				fprintf(f, ",port=\"%u\"", p);
				if (what == EC_METRICS_TOTAL) {
					fprintf(f, "} %llu\n",
						(unsigned long long)
						h->total[p][arg]);
				} else if (what == EC_METRICS_SHARE) {
					fprintf(f, "} %.6g\n",
						ec_health_error_share(
							h, EC_IOCTL_HEALTH_10S,
							p));
				} else {
					fprintf(f, ",window=\"%s\"} %.6g\n",
						win[w],
						what == EC_METRICS_RATE ?
						ec_health_error_rate(h, w, p) :
						ec_health_rate(
						    h, w, p,
						    EC_IOCTL_HEALTH_LOST_LINK));
				}
			}
		}
	}
}

static void ec_metrics_ports(FILE *f, const struct ec_metrics *x)
{
	unsigned int w;

	ec_metrics_port_family(f, x, "ethercat_port_invalid_frames_total",
			       "counter",
			       "Invalid frames received at the port (0x0300+2p), counted by the master across clears.",
			       EC_METRICS_TOTAL, EC_IOCTL_HEALTH_INVALID);
	ec_metrics_port_family(f, x, "ethercat_port_rx_errors_total",
			       "counter",
			       "Physical layer RX errors at the port (0x0301+2p), counted by the master across clears.",
			       EC_METRICS_TOTAL, EC_IOCTL_HEALTH_RX);
	ec_metrics_port_family(f, x,
			       "ethercat_port_forwarded_rx_errors_total",
			       "counter",
			       "Frames that arrived at the port marked invalid by a slave before (0x0308+p).",
			       EC_METRICS_TOTAL, EC_IOCTL_HEALTH_FORWARDED);
	ec_metrics_port_family(f, x, "ethercat_port_lost_links_total",
			       "counter",
			       "Times the port's link went down (0x0310+p).",
			       EC_METRICS_TOTAL, EC_IOCTL_HEALTH_LOST_LINK);
	ec_metrics_family(f, "ethercat_port_error_rate", "gauge",
			  "Invalid frames and RX errors at the port per second, over the window.");
	for (w = 0; w < EC_IOCTL_HEALTH_WINDOWS; w++)
		ec_metrics_port_family(f, x, "ethercat_port_error_rate", NULL,
				       NULL, EC_METRICS_RATE, w);
	ec_metrics_family(f, "ethercat_port_lost_link_rate", "gauge",
			  "Lost links at the port per second, over the window.");
	for (w = 0; w < EC_IOCTL_HEALTH_WINDOWS; w++)
		ec_metrics_port_family(f, x, "ethercat_port_lost_link_rate",
				       NULL, NULL, EC_METRICS_LOST_RATE, w);
	ec_metrics_port_family(f, x, "ethercat_port_error_ratio", "gauge",
			       "Share of the master's frames the port received damaged, last 10 s.",
			       EC_METRICS_SHARE, 0);
}

static void ec_metrics_links(FILE *f, const struct ec_metrics *x)
{
	char text[160];
	size_t i, k;

	ec_metrics_family(f, "ethercat_link_unhealthy", "gauge",
			  "1 for each cable with RX errors or lost links in the last 10 s; the cable is in the labels.");
	for (i = 0; i < x->n; i++) {
		const struct ec_health_view *v = &x->m[i].health;

		for (k = 0; k < v->nlinks; k++) {
			const struct ec_health_link *l = &v->links[k];

			ec_health_link_text(l, text, sizeof(text));
			fprintf(f, "ethercat_link_unhealthy{master=\"%u\","
				"slave=\"%u\",port=\"%u\",description=\"",
				x->m[i].index, l->slave, l->port);
			ec_metrics_label(f, text);
			fputs("\"} 1\n", f);
		}
	}
}

static void ec_metrics_print(FILE *f, const struct ec_metrics *x)
{
	ec_metrics_master_families(f, x);
	ec_metrics_domains(f, x);
	ec_metrics_slaves(f, x);
	ec_metrics_ports(f, x);
	ec_metrics_links(f, x);
}

/* FILE.tmp, then rename: a reader sees the old file or the new one. */
static int ec_metrics_write_file(struct ec_cli *c, const char *path,
				 const struct ec_metrics *x)
{
	size_t len = strlen(path) + 8;
	char *tmp = malloc(len);
	FILE *f;
	int ret = 0;

	if (!tmp)
		return ec_cli_fail(c, "out of memory");
	snprintf(tmp, len, "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		ret = ec_cli_fail(c, "cannot write %s: %s", tmp,
				  strerror(errno));
		goto out_free;
	}
	ec_metrics_print(f, x);
	if (fflush(f) || fsync(fileno(f))) {
		ret = ec_cli_fail(c, "cannot write %s: %s", tmp,
				  strerror(errno));
		fclose(f);
		unlink(tmp);
		goto out_free;
	}
	fclose(f);
	if (rename(tmp, path)) {
		ret = ec_cli_fail(c, "cannot rename %s to %s: %s", tmp, path,
				  strerror(errno));
		unlink(tmp);
	}
out_free:
	free(tmp);
	return ret;
}

/**
 * ec_cmd_metrics() - the master's figures for Prometheus, once or as a
 * node_exporter textfile rewritten every --interval seconds
 * @c: parsed command line
 *
 * Return: exit code (the textfile loop ends only on an error).
 */
int ec_cmd_metrics(struct ec_cli *c)
{
	unsigned long long interval = EC_METRICS_INTERVAL_DEFAULT;
	struct ec_metrics x;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	if (c->interval && !c->textfile)
		return ec_cli_usage_error(c, "--interval needs --textfile");
	if (c->interval &&
	    (ec_parse_uint(c->interval, EC_METRICS_INTERVAL_MAX, &interval) ||
	     !interval))
		return ec_cli_usage_error(c,
					  "invalid interval '%s' (1 to %u seconds)",
					  c->interval, EC_METRICS_INTERVAL_MAX);
	if (c->textfile && !*c->textfile)
		return ec_cli_usage_error(c, "empty --textfile name");
	for (;;) {
		ret = ec_metrics_read(c, &x);
		if (ret)
			return ret;
		if (c->textfile) {
			ret = ec_metrics_write_file(c, c->textfile, &x);
		} else {
			ec_metrics_print(stdout, &x);
			fflush(stdout);
		}
		ec_metrics_free(&x);
		if (ret || !c->textfile)
			return ret;
		sleep((unsigned int)interval);
	}
}
