// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_domains.c - 'domains': the application's domains, one per line or
 * (-v) with their FMMUs and process data in hex, in IgH's layout; and the
 * domain selection (-d) and JSON form that 'data' shares.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "ecrt.h"
#include "print.h"

#define EC_DOMAIN_MAX 65536	/* sanity limit of the listing loop */
#define EC_DOMAIN_BYTES_PER_LINE 16

/**
 * ec_domains_free() - release what ec_cli_domains() allocated
 * @ds: the domains
 */
void ec_domains_free(struct ec_domains *ds)
{
	free(ds->all);
	free(ds->sel);
	memset(ds, 0, sizeof(*ds));
}

static int ec_domain_max(void *ctx)
{
	const struct ec_domains *ds = ctx;

	return ds->n ? (int)ds->n - 1 : -1;
}

/**
 * ec_cli_domains() - a master's domains, selected with -d
 * @c: state (c->domains: "-" for all, else a list of indices)
 * @m: open master
 * @ds: result (free with ec_domains_free())
 *
 * Return: 0 or an exit code (reported).
 */
int ec_cli_domains(struct ec_cli *c, struct ec_lib_master *m,
		   struct ec_domains *ds)
{
	struct ec_numlist l;
	size_t cap = 0, i;
	char msg[160];
	int ret;

	memset(ds, 0, sizeof(*ds));
	for (;;) {
		if (ds->n == cap) {
			struct ec_ioctl_domain *p;

			cap = cap ? 2 * cap : 8;
			p = realloc(ds->all, cap * sizeof(*p));
			if (!p) {
				ec_domains_free(ds);
				return ec_cli_fail(c, "out of memory");
			}
			ds->all = p;
		}
		ret = ec_lib_domain(m, ds->n, &ds->all[ds->n]);
		if (ret == -ENOENT || ds->n >= EC_DOMAIN_MAX)
			break;
		if (ret) {
			ret = ec_cli_lib_fail(c, m, ret);
			ec_domains_free(ds);
			return ret;
		}
		ds->n++;
	}
	ret = ec_numlist_parse(c->domains, ec_domain_max, ds, &l);
	if (ret) {
		ec_domains_free(ds);
		return ec_cli_usage_error(c, "%s",
			ec_numlist_strerror(msg, sizeof(msg), ret, &l,
					    c->domains, "domain list",
					    "the last domain"));
	}
	ds->sel = calloc(l.count ? l.count : 1, sizeof(*ds->sel));
	if (!ds->sel) {
		ec_numlist_free(&l);
		ec_domains_free(ds);
		return ec_cli_fail(c, "out of memory");
	}
	for (i = 0; i < l.count; i++) {
		if (l.items[i] >= ds->n) {
			ret = ec_cli_fail(c, "master %u has no domain %u (%zu domain%s)",
					  m->index, l.items[i], ds->n,
					  ds->n == 1 ? "" : "s");
			ec_numlist_free(&l);
			ec_domains_free(ds);
			return ret;
		}
		ds->sel[ds->count++] = l.items[i];
	}
	ec_numlist_free(&l);
	return 0;
}

/**
 * ec_domain_read_data() - a copy of a domain's process image
 * @c: state
 * @m: open master
 * @d: the domain
 * @data: allocated copy (free()); NULL when there is none
 * @size: bytes in @data; 0 while the master is not activated
 *
 * Return: 0 or an exit code (reported).
 */
int ec_domain_read_data(struct ec_cli *c, struct ec_lib_master *m,
			const struct ec_ioctl_domain *d, uint8_t **data,
			size_t *size)
{
	int ret;

	*data = NULL;
	*size = 0;
	if (!d->data_size)
		return 0;
	*data = calloc(1, d->data_size);
	if (!*data)
		return ec_cli_fail(c, "out of memory");
	ret = ec_lib_domain_data(m, d->domain_index, *data, d->data_size,
				 size);
	if (ret) {
		free(*data);
		*data = NULL;
		return ec_cli_lib_fail(c, m, ret);
	}
	if (!*size) {
		free(*data);
		*data = NULL;
	}
	return 0;
}

static const char *ec_wc_state_name(unsigned int s)
{
	switch (s) {
	case EC_WC_ZERO:
		return "zero";
	case EC_WC_INCOMPLETE:
		return "incomplete";
	case EC_WC_COMPLETE:
		return "complete";
	default:
		return "unknown";
	}
}

/* The FMMU's bytes in the domain image, or NULL when out of range. */
static const uint8_t *ec_fmmu_bytes(const struct ec_ioctl_domain *d,
				    const struct ec_ioctl_domain_fmmu *f,
				    const uint8_t *data, size_t size)
{
	uint32_t off = f->logical_address - d->logical_base_address;

	if (!data || f->logical_address < d->logical_base_address ||
	    off > size || f->data_size > size - off)
		return NULL;
	return data + off;
}

/**
 * ec_domain_show() - one domain: a summary line, and with @verbose its
 * FMMUs and their process data (text) / everything (JSON)
 * @c: state
 * @m: open master
 * @master: master index
 * @d: the domain
 * @verbose: FMMUs and data too (always in JSON)
 * @ind: indentation ("" or "  " with several masters)
 *
 * Return: 0 or an exit code (reported).
 */
int ec_domain_show(struct ec_cli *c, struct ec_lib_master *m,
		   unsigned int master, const struct ec_ioctl_domain *d,
		   bool verbose, const char *ind)
{
	struct ec_ioctl_domain_fmmu f;
	uint8_t *data = NULL;
	const uint8_t *bytes;
	size_t size = 0, j;
	unsigned int i;
	int ret = 0;

	ec_out_obj_open(NULL);
	ec_out_uint("master", NULL, master);
	ec_out_text("%s", ind);
	ec_out_uint("index", "Domain%llu:", d->domain_index);
	ec_out_uint("logical_base_address", " LogBaseAddr 0x%08llx",
		    d->logical_base_address);
	ec_out_uint("size", ", Size %3llu", d->data_size);
	ec_out_uint("working_counter", ", WorkingCounter %llu",
		    d->working_counter);
	ec_out_uint("expected_working_counter", "/%llu\n",
		    d->expected_working_counter);
	ec_out_str("wc_state", NULL, ec_wc_state_name(d->wc_state));
	ec_out_uint("working_counter_changes", NULL,
		    d->working_counter_changes);
	ec_out_uint("datagram_count", NULL, d->datagram_count);
	ec_out_bool("activated", NULL, d->activated, NULL, NULL);
	if (!ec_out_json() && (!verbose || !d->data_size))
		goto out_close;

	ret = ec_domain_read_data(c, m, d, &data, &size);
	if (ret)
		goto out_close;
	ec_out_arr_open("fmmus");
	for (i = 0; i < d->fmmu_count; i++) {
		ret = ec_lib_domain_fmmu(m, d->domain_index, i, &f);
		if (ret) {
			ret = ec_cli_lib_fail(c, m, ret);
			break;
		}
		ec_out_obj_open(NULL);
		ec_out_text("%s  ", ind);
		ec_out_uint("slave_config_alias", "SlaveConfig %llu",
			    f.slave_config_alias);
		ec_out_uint("slave_config_position", ":%llu",
			    f.slave_config_position);
		ec_out_uint("sync_manager", ", SM%llu", f.sync_index);
		ec_out_str("direction", " (%6s)", f.dir == EC_DIR_INPUT ?
			   (ec_out_json() ? "input" : "Input") :
			   (ec_out_json() ? "output" : "Output"));
		ec_out_uint("logical_address", ", LogAddr 0x%08llx",
			    f.logical_address);
		ec_out_uint("size", ", Size %llu\n", f.data_size);
		bytes = ec_fmmu_bytes(d, &f, data, size);
		if (data && !bytes) {
			ec_out_obj_close();
			ret = ec_cli_fail(c, "FMMU information corrupted");
			break;
		}
		if (bytes) {
			ec_out_hex("data", bytes, f.data_size);
			ec_out_text("%s    ", ind);
			for (j = 0; j < f.data_size; j++) {
				if (j && !(j % EC_DOMAIN_BYTES_PER_LINE))
					ec_out_text("\n%s    ", ind);
				ec_out_text("%02x ", bytes[j]);
			}
			ec_out_text("\n");
		} else {
			ec_out_null("data", NULL);
		}
		ec_out_obj_close();
	}
	ec_out_arr_close();
	free(data);
out_close:
	ec_out_obj_close();
	return ret;
}

/**
 * ec_cmd_domains() - show the configured domains
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_domains(struct ec_cli *c)
{
	struct ec_lib_master m;
	struct ec_domains ds;
	struct ec_numlist l;
	const char *ind;
	size_t i, k;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	ind = l.count > 1 ? "  " : "";
	ec_out_arr_open("domains");
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], false);
		if (ret)
			break;
		ret = ec_cli_domains(c, &m, &ds);
		if (!ret && ds.count && l.count > 1)
			ec_out_text("Master%u\n", l.items[i]);
		for (k = 0; !ret && k < ds.count; k++)
			ret = ec_domain_show(c, &m, l.items[i],
					     &ds.all[ds.sel[k]], c->verbose,
					     ind);
		ec_domains_free(&ds);
		ec_lib_close(&m);
	}
	ec_out_arr_close();
	ec_numlist_free(&l);
	return ret;
}
