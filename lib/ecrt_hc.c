// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_hc.c - hot connect in userspace (ecrt.h EC_HAVE_HOT_CONNECT,
 * doc/HOTCONNECT.md): the groups are the kernel's, named by their
 * number (include/ec_ioctl_hc.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt_lib.h"

ec_hc_group_t *ecrt_master_create_hc_group(ec_master_t *master,
					   const char *name)
{
	struct ec_ioctl_hc_group d;
	ec_hc_group_t *g;
	size_t len = name ? strlen(name) : 0;
	int ret;

	if (!len || len >= sizeof(d.name)) {
		errno = EINVAL;
		return NULL;
	}
	g = calloc(1, sizeof(*g));
	if (!g)
		return NULL;
	memset(&d, 0, sizeof(d));
	memcpy(d.name, name, len);
	ret = ec_app_ioctl(master, EC_IOCTL_HC_GROUP_CREATE, &d);
	if (ret) {
		free(g);
		errno = -ret;
		return NULL;
	}
	g->master = master;
	g->index = d.group_index;
	g->next = master->hc_groups;
	master->hc_groups = g;
	return g;
}

int ecrt_hc_group_at_port(ec_hc_group_t *group, uint16_t alias,
			  uint16_t position, uint8_t port)
{
	struct ec_ioctl_hc_group d;

	memset(&d, 0, sizeof(d));
	d.group_index = group->index;
	d.at_port = 1;
	d.port_alias = alias;
	d.port_position = position;
	d.port = port;
	return ec_app_ioctl(group->master, EC_IOCTL_HC_GROUP_AT_PORT, &d);
}

int ecrt_slave_config_hc_group(ec_slave_config_t *sc, ec_hc_group_t *group)
{
	struct ec_ioctl_sc_hc_group d;

	if (sc->master != group->master)
		return -EINVAL;
	memset(&d, 0, sizeof(d));
	d.config_index = sc->index;
	d.group_index = group->index;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_HC_GROUP, &d);
}

int ecrt_domain_group_state(const ec_domain_t *domain,
			    const ec_hc_group_t *group,
			    ec_hc_group_state_t *state)
{
	struct ec_ioctl_hc_group_state d;
	int ret;

	if (domain->master != group->master)
		return -EINVAL;
	memset(&d, 0, sizeof(d));
	d.domain_index = domain->index;
	d.group_index = group->index;
	ret = ec_app_ioctl(domain->master, EC_IOCTL_HC_GROUP_STATE, &d);
	if (ret)
		return ret;
	state->working_counter = d.working_counter;
	state->expected_working_counter = d.expected_working_counter;
	state->wc_state = (ec_wc_state_t)d.wc_state;
	state->presence = (ec_hc_presence_t)d.presence;
	return 0;
}
