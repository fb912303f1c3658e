// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_data.c - 'data': the raw process data of the selected domains,
 * concatenated on stdout (as IgH's tool); with --json, per domain its
 * FMMUs with their bytes in hex.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "print.h"

static int ec_data_raw(struct ec_cli *c, struct ec_lib_master *m,
		       const struct ec_ioctl_domain *d)
{
	uint8_t *data;
	size_t size;
	int ret;

	ret = ec_domain_read_data(c, m, d, &data, &size);
	if (ret)
		return ret;
	if (size && fwrite(data, 1, size, stdout) != size)
		ret = ec_cli_fail(c, "write error");
	free(data);
	return ret;
}

/**
 * ec_cmd_data() - output binary domain process data
 * @c: parsed command line
 *
 * Return: exit code.
 */
int ec_cmd_data(struct ec_cli *c)
{
	struct ec_lib_master m;
	struct ec_domains ds;
	struct ec_numlist l;
	size_t i, k;
	int ret;

	ret = ec_cli_nargs(c, 0, 0);
	if (ret)
		return ret;
	ret = ec_cli_masters(c, &l);
	if (ret)
		return ret;
	ec_out_arr_open("domains");
	for (i = 0; i < l.count && !ret; i++) {
		ret = ec_cli_open(c, &m, l.items[i], false);
		if (ret)
			break;
		ret = ec_cli_domains(c, &m, &ds);
		for (k = 0; !ret && k < ds.count; k++) {
			const struct ec_ioctl_domain *d = &ds.all[ds.sel[k]];

			if (ec_out_json())
				ret = ec_domain_show(c, &m, l.items[i], d,
						     true, "");
			else
				ret = ec_data_raw(c, &m, d);
		}
		ec_domains_free(&ds);
		ec_lib_close(&m);
	}
	ec_out_arr_close();
	ec_numlist_free(&l);
	if (fflush(stdout) && !ret)
		ret = ec_cli_fail(c, "write error");
	return ret;
}
