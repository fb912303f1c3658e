// SPDX-License-Identifier: GPL-2.0-only
/*
 * hc_show.c - hot-connect groups in `ethercat config` and `slaves`.
 */
#include <errno.h>
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
