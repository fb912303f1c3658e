// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_sdo.c - CoE commands: 'sdos' (the dictionary), 'upload' and
 * 'download' (one SDO entry, typed with -t or by the dictionary).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "datatype.h"
#include "print.h"
#include "tables.h"
#include "mailbox/coe_abort.h"
#include "tool_io.h"
#include "cmd_gateway.h"

#define EC_SDO_BUFFER_SIZE (64 * 1024)	/* variable-size uploads */

enum { EC_ACCESS_PREOP, EC_ACCESS_SAFEOP, EC_ACCESS_OP };

/**
 * ec_sdo_print_entry() - one line of 'sdos' (also the gateway client's)
 * @index: the object
 * @e: its entry's description
 */
void ec_sdo_print_entry(uint16_t index, const struct ec_ioctl_slave_sdo_entry *e)
{
	const struct ec_dtype *t;
	char access[7];
	unsigned int a;

	for (a = EC_ACCESS_PREOP; a <= EC_ACCESS_OP; a++) {
		access[2 * a] = e->read_access[a] ? 'r' : '-';
		access[2 * a + 1] = e->write_access[a] ? 'w' : '-';
	}
	access[6] = '\0';
	t = ec_dtype_by_code(e->data_type);
	ec_out_obj_open(NULL);
	ec_out_text("  0x%04x", index);
	ec_out_uint("subindex", ":%02llx", e->sdo_entry_subindex);
	ec_out_str("access", ", %s, ", access);
	if (t)
		ec_out_str("type", "%s", t->name);
	else
		ec_out_null("type", NULL);
	ec_out_uint("data_type", t ? NULL : "type %04llx", e->data_type);
	ec_out_uint("bit_length", ", %llu bit", e->bit_length);
	ec_out_str("description", ", \"%s\"\n", e->description);
	ec_out_obj_close();
}

/**
 * ec_sdo_print_object() - open an object of 'sdos' (close with
 * ec_out_arr_close() and ec_out_obj_close() after its entries)
 * @sdo: the object
 */
void ec_sdo_print_object(const struct ec_ioctl_slave_sdo *sdo)
{
	ec_out_obj_open(NULL);
	ec_out_uint("index", "SDO 0x%04llx", sdo->sdo_index);
	ec_out_str("name", ", \"%s\"\n", sdo->name);
	ec_out_uint("max_subindex", NULL, sdo->max_subindex);
	ec_out_uint("object_code", NULL, sdo->object_code);
	ec_out_arr_open("entries");
}

static int ec_list_slave_sdos(struct ec_cli *c, struct ec_lib_master *m,
			      unsigned int master,
			      const struct ec_ioctl_slave *sl, bool header)
{
	struct ec_ioctl_slave_sdo_entry e;
	struct ec_ioctl_slave_sdo sdo;
	unsigned int i, j;
	int ret;

	if (header && sl->sdo_count)
		ec_out_text("=== Master %u, Slave %u ===\n", master,
			    sl->position);
	ec_out_obj_open(NULL);
	ec_out_uint("master", NULL, master);
	ec_out_uint("position", NULL, sl->position);
	ec_out_arr_open("sdos");
	for (i = 0; i < sl->sdo_count; i++) {
		ret = ec_lib_slave_sdo(m, sl->position, i, &sdo);
		if (ret)
			return ec_cli_lib_fail(c, m, ret);
		ec_sdo_print_object(&sdo);
		for (j = 0; j <= sdo.max_subindex && !c->quiet; j++) {
			if (ec_lib_slave_sdo_entry(m, sl->position,
						   -(int32_t)(i + 1), j, &e))
				continue;
			ec_sdo_print_entry(sdo.sdo_index, &e);
		}
		ec_out_arr_close();
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_out_obj_close();
	return 0;
}

/**
 * ec_cmd_sdos() - list the SDO dictionaries
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_sdos(struct ec_cli *c)
{
	int ret;

	if (c->gateway)
		return ec_gw_cmd_sdos(c);
	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ec_out_arr_open("slaves");
	ret = ec_cli_each_slave(c, ec_list_slave_sdos);
	ec_out_arr_close();
	return ret;
}

struct ec_sdo_args {
	uint16_t index;
	uint8_t subindex;
	bool complete_access;
	const char *value;
};

static int ec_sdo_parse_args(struct ec_cli *c, bool download,
			     struct ec_sdo_args *a)
{
	unsigned long long v;
	int ret;

	ret = download ? ec_cli_nargs(c, 2, 3) : ec_cli_nargs(c, 2, 2);
	if (ret)
		return ret;
	memset(a, 0, sizeof(*a));
	if (ec_parse_uint(c->argv[0], 0xffff, &v))
		return ec_cli_usage_error(c, "invalid SDO index '%s'",
					  c->argv[0]);
	a->index = (uint16_t)v;
	if (download && c->argc == 2) {
		a->complete_access = true;
		a->value = c->argv[1];
		return 0;
	}
	if (ec_parse_uint(c->argv[1], 0xff, &v))
		return ec_cli_usage_error(c, "invalid SDO subindex '%s'",
					  c->argv[1]);
	a->subindex = (uint8_t)v;
	if (download)
		a->value = c->argv[2];
	return 0;
}

/* -t, or the type the slave's dictionary gives for the entry. */
static int ec_sdo_type(struct ec_cli *c, struct ec_lib_master *m,
		       uint16_t position, const struct ec_sdo_args *a,
		       const struct ec_dtype **t)
{
	struct ec_ioctl_slave_sdo_entry e;

	if (c->type) {
		*t = ec_dtype_find(c->type);
		if (!*t)
			return ec_cli_usage_error(c, "invalid data type '%s'",
						  c->type);
		return 0;
	}
	if (ec_lib_slave_sdo_entry(m, position, a->index, a->subindex, &e))
		return ec_cli_fail(c,
			"failed to determine the SDO entry data type (%s); please specify --type",
			ec_lib_error(m));
	*t = ec_dtype_by_code(e.data_type);
	if (!*t) {
		if (c->verbose)
			ec_cli_warn(c,
				"unknown data type 0x%04x in the dictionary, using raw",
				e.data_type);
		*t = ec_dtype_find("raw");
	}
	return 0;
}

static int ec_sdo_fail(struct ec_cli *c, struct ec_lib_master *m, int err,
		       uint32_t abort_code)
{
	if (abort_code)
		return ec_cli_fail(c,
				   "SDO transfer aborted with code 0x%08x: %s",
				   abort_code, ec_coe_abort_text(abort_code));
	return ec_cli_lib_fail(c, m, err);
}

/* The value to download, from the argument or stdin ("-"), in *@buf. */
static int ec_sdo_value(struct ec_cli *c, const struct ec_dtype *t,
			const struct ec_sdo_args *a, uint8_t **buf, size_t *len)
{
	uint8_t *in = NULL;
	size_t in_len;
	char err[160];
	int ret;

	*buf = NULL;
	if (!strcmp(a->value, "-")) {
		ret = ec_read_stream(stdin, &in, &in_len);
		if (ret)
			return ec_cli_fail(c, "failed to read stdin: %s",
					   strerror(-ret));
		if (!in_len) {
			free(in);
			return ec_cli_fail(c, "no data on stdin");
		}
	} else {
		in_len = strlen(a->value);
	}
	*buf = malloc(EC_SDO_BUFFER_SIZE);
	if (!*buf) {
		free(in);
		return ec_cli_fail(c, "out of memory");
	}
	ret = ec_dtype_parse(t, in ? (const char *)in : a->value, in_len, *buf,
			     EC_SDO_BUFFER_SIZE, len, err, sizeof(err));
	free(in);
	if (ret)
		return ret == -ENOSPC ? ec_cli_fail(c, "%s", err) :
			ec_cli_usage_error(c,
				"invalid value for type '%s': %s", t->name,
				err);
	return 0;
}

/* -t, or the entry's type by SDO information through the gateway. */
static int ec_gw_sdo_type(struct ec_cli *c, struct ec_gw *g,
			  const struct ec_sdo_args *a,
			  const struct ec_dtype **t)
{
	struct ec_gw_entry e;

	if (c->type) {
		*t = ec_dtype_find(c->type);
		return *t ? 0 : ec_cli_usage_error(c, "invalid data type '%s'",
						   c->type);
	}
	if (ec_gw_entry(g, a->index, a->subindex, &e))
		return ec_cli_fail(c,
			"failed to determine the SDO entry data type (%s); please specify --type",
			g->err);
	*t = ec_dtype_by_code(e.data_type);
	if (!*t)
		*t = ec_dtype_find("raw");
	return 0;
}

/**
 * ec_gw_cmd_sdo() - 'upload' or 'download' through a mailbox gateway
 * @c: parsed command line (--gateway)
 * @download: download (else upload)
 *
 * Prints as 'upload' does for the local master.
 *
 * Return: exit code.
 */
int ec_gw_cmd_sdo(struct ec_cli *c, bool download)
{
	const struct ec_dtype *t;
	struct ec_sdo_args a;
	uint8_t *buf = NULL;
	struct ec_gw g;
	size_t len, got;
	char err[160];
	int ret;

	ret = ec_sdo_parse_args(c, download, &a);
	if (!ret && a.complete_access)
		ret = ec_cli_usage_error(c,
			"--gateway has no complete access; give a subindex");
	if (!ret)
		ret = ec_gw_cli_open(c, &g);
	if (ret)
		return ret;
	ret = ec_gw_sdo_type(c, &g, &a, &t);
	if (ret)
		goto out;
	if (download) {
		ret = ec_sdo_value(c, t, &a, &buf, &len);
		if (!ret && ec_gw_sdo_download(&g, a.index, a.subindex, buf,
					       len))
			ret = ec_gw_cli_fail(c, &g);
		goto out;
	}
	len = t->size ? t->size : EC_SDO_BUFFER_SIZE;
	buf = calloc(1, len);
	if (!buf) {
		ret = ec_cli_fail(c, "out of memory");
		goto out;
	}
	if (ec_gw_sdo_upload(&g, a.index, a.subindex, buf, len, &got)) {
		ret = ec_gw_cli_fail(c, &g);
		goto out;
	}
	ec_out_obj_open("sdo");
	if (strcmp(c->positions, "-"))
		ec_out_uint("position", NULL, strtoul(c->positions, NULL, 0));
	ec_out_uint("index", NULL, a.index);
	ec_out_uint("subindex", NULL, a.subindex);
	ret = ec_dtype_print(t, buf, got, err, sizeof(err));
	ec_out_obj_close();
	if (ret)
		ret = ec_cli_fail(c, "%s", err);
out:
	free(buf);
	ec_gw_close(&g);
	return ret;
}

/**
 * ec_cmd_upload() - read an SDO entry from a slave
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_upload(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	const struct ec_dtype *t;
	struct ec_lib_master m;
	struct ec_sdo_args a;
	struct ec_slaves s;
	uint32_t abort_code = 0;
	unsigned int index;
	size_t size, got;
	uint8_t *buf;
	char err[160];
	int ret;

	if (c->gateway)
		return ec_gw_cmd_sdo(c, false);
	ret = ec_sdo_parse_args(c, false, &a);
	if (!ret)
		ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &m, index, false);
	if (ret)
		return ret;
	ret = ec_cli_single_slave(c, &m, &s, &slave);
	if (ret)
		goto out_close;
	ret = ec_sdo_type(c, &m, slave->position, &a, &t);
	if (ret)
		goto out_free_slaves;
	size = t->size ? t->size : EC_SDO_BUFFER_SIZE;
	buf = calloc(1, size);
	if (!buf) {
		ret = ec_cli_fail(c, "out of memory");
		goto out_free_slaves;
	}
	ret = ec_lib_sdo_upload(&m, slave->position, a.index, a.subindex,
				false, buf, size, &got, &abort_code);
	if (ret) {
		ret = ec_sdo_fail(c, &m, ret, abort_code);
	} else {
		ec_out_obj_open("sdo");
		ec_out_uint("position", NULL, slave->position);
		ec_out_uint("index", NULL, a.index);
		ec_out_uint("subindex", NULL, a.subindex);
		ret = ec_dtype_print(t, buf, got, err, sizeof(err));
		ec_out_obj_close();
		if (ret)
			ret = ec_cli_fail(c, "%s", err);
	}
	free(buf);
out_free_slaves:
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
	return ret;
}

/**
 * ec_cmd_download() - write an SDO entry to a slave
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_download(struct ec_cli *c)
{
	const struct ec_ioctl_slave *slave;
	uint8_t *buf = NULL;
	const struct ec_dtype *t;
	struct ec_lib_master m;
	struct ec_sdo_args a;
	struct ec_slaves s;
	uint32_t abort_code = 0;
	unsigned int index;
	size_t len;
	int ret;

	if (c->gateway)
		return ec_gw_cmd_sdo(c, true);
	ret = ec_sdo_parse_args(c, true, &a);
	if (!ret)
		ret = ec_cli_single_master(c, &index);
	if (ret)
		return ret;
	ret = ec_cli_open(c, &m, index, true);
	if (ret)
		return ret;
	ret = ec_cli_single_slave(c, &m, &s, &slave);
	if (ret)
		goto out_close;
	ret = ec_sdo_type(c, &m, slave->position, &a, &t);
	if (ret)
		goto out_free;

	ret = ec_sdo_value(c, t, &a, &buf, &len);
	if (ret)
		goto out_free;
	ret = ec_lib_sdo_download(&m, slave->position, a.index, a.subindex,
				  a.complete_access, buf, len, &abort_code);
	if (ret)
		ret = ec_sdo_fail(c, &m, ret, abort_code);
out_free:
	free(buf);
	ec_slaves_free(&s);
out_close:
	ec_lib_close(&m);
	return ret;
}
