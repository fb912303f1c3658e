/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hc_show.h - what `ethercat config` and `slaves` show of hot-connect
 * groups (doc/HOTCONNECT.md, doc/CLI.md).
 */
#ifndef EC_TOOL_HC_SHOW_H
#define EC_TOOL_HC_SHOW_H

#include <stdbool.h>
#include <stdint.h>

#include "ec_lib.h"

/* The group of configuration @config_index into @g: 1, 0 (in no group,
 * or a module without hot connect) or -errno. */
int ec_hc_config_group(struct ec_lib_master *m, uint32_t config_index,
		       struct ec_ioctl_hc_group *g);
const char *ec_hc_presence_name(uint32_t presence);
/* The "hc_group" member (JSON) or line (text) of a config's details;
 * nothing for a config in no group. */
void ec_hc_show_config(struct ec_lib_master *m, uint32_t config_index,
		       const char *ind);

/*
 * `ethercat slaves`: the group of each slave whose config is in one, as
 * an extra column "GROUP:PRESENCE" (and "hc_group" in -j), shown only
 * when some slave is in a group (IgH's listing otherwise).
 */
#define EC_HC_MAX_CONFIGS 65536
struct ec_hc_slaves {
	struct ec_ioctl_hc_group *g;	/* per slave; name "" in none */
	size_t n;
	bool any;
	char text[EC_IOCTL_HC_NAME_SIZE + 16];
};
int ec_hc_slaves_load(struct ec_lib_master *m, size_t n,
		      struct ec_hc_slaves *hs);
void ec_hc_slaves_free(struct ec_hc_slaves *hs);
const char *ec_hc_slave_text(void *ctx, size_t i);
void ec_hc_slave_detail(void *ctx, size_t i);

#endif /* EC_TOOL_HC_SHOW_H */
