// SPDX-License-Identifier: GPL-2.0-only
/*
 * hc_show.c - hot-connect groups in `ethercat config` and `slaves`.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hc_show.h"
#include "print.h"

int ec_hc_config_group(struct ec_lib_master *m, uint32_t config_index,
		       struct ec_ioctl_hc_group *g)
{
	uint32_t index;
	int ret;

	ret = ec_lib_config_hc_group(m, config_index, &index);
	if (ret == -ENOTTY || ret == -ENOENT)
		return 0;
	if (ret)
		return ret;
	if (index == EC_IOCTL_HC_NONE)
		return 0;
	ret = ec_lib_hc_group(m, index, g);
	if (ret)
		return ret;
	g->name[sizeof(g->name) - 1] = '\0';
	return 1;
}

const char *ec_hc_presence_name(uint32_t presence)
{
	switch (presence) {
	case 0:
		return "absent";
	case 1:
		return "joining";
	case 2:
		return "present";
	default:
		return "?";
	}
}

void ec_hc_show_config(struct ec_lib_master *m, uint32_t config_index,
		       const char *ind)
{
	struct ec_ioctl_hc_group g;

	/* a config in no group: nothing, as before hot connect */
	if (ec_hc_config_group(m, config_index, &g) <= 0)
		return;
	ec_out_obj_open("hc_group");
	ec_out_text("%sHot-connect group: ", ind);
	ec_out_str("name", "%s", g.name);
	ec_out_str("presence", " (%s", ec_hc_presence_name(g.presence));
	if (g.at_port) {
		ec_out_uint("port_alias", ", at %llu", g.port_alias);
		ec_out_uint("port_position", ":%llu", g.port_position);
		ec_out_uint("port", " port %llu", g.port);
	} else {
		ec_out_null("port", NULL);
	}
	ec_out_uint("config_count", ", %llu config(s)", g.config_count);
	ec_out_uint("joins", ", joined %llu time(s)", g.joins);
	ec_out_uint("losses", ", lost %llu time(s)", g.losses);
	ec_out_uint("last_join_ms", ", last join %llu ms)\n",
		    g.last_join_ns / 1000000);
	ec_out_obj_close();
}

/**
 * ec_hc_slaves_load() - the group of each slave through its config
 * @m: open handle
 * @n: slaves on the bus
 * @hs: filled; hs->any says whether any slave is in a group
 *
 * Return: 0 or -errno (-ENOMEM).
 */
int ec_hc_slaves_load(struct ec_lib_master *m, size_t n,
		      struct ec_hc_slaves *hs)
{
	struct ec_ioctl_config cf;
	struct ec_ioctl_hc_group g;
	uint32_t i;

	memset(hs, 0, sizeof(*hs));
	hs->g = calloc(n ? n : 1, sizeof(*hs->g));
	if (!hs->g)
		return -ENOMEM;
	hs->n = n;
	for (i = 0; i < EC_HC_MAX_CONFIGS; i++) {
		if (ec_lib_config(m, i, &cf))
			break;
		if (cf.slave_position == EC_IOCTL_NO_SLAVE ||
		    cf.slave_position >= n ||
		    ec_hc_config_group(m, i, &g) <= 0)
			continue;
		hs->g[cf.slave_position] = g;
		hs->any = true;
	}
	return 0;
}

void ec_hc_slaves_free(struct ec_hc_slaves *hs)
{
	free(hs->g);
	memset(hs, 0, sizeof(*hs));
}

const char *ec_hc_slave_text(void *ctx, size_t i)
{
	struct ec_hc_slaves *hs = ctx;

	if (i >= hs->n || !hs->g[i].name[0])
		return "-";
	snprintf(hs->text, sizeof(hs->text), "%s:%s", hs->g[i].name,
		 ec_hc_presence_name(hs->g[i].presence));
	return hs->text;
}

void ec_hc_slave_detail(void *ctx, size_t i)
{
	struct ec_hc_slaves *hs = ctx;

	if (i >= hs->n || !hs->g[i].name[0])
		return;
	ec_out_obj_open("hc_group");
	ec_out_str("name", NULL, hs->g[i].name);
	ec_out_str("presence", NULL, ec_hc_presence_name(hs->g[i].presence));
	ec_out_obj_close();
}
