/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hc_group.h - hot-connect groups (ecrt.h EC_HAVE_HOT_CONNECT,
 * doc/HOTCONNECT.md): named sets of optional slave configurations that
 * may be absent, plugged in or pulled out while the rest runs.
 *
 * The FSM side decides where a group stands (ec_hc_groups_update(), after
 * the FSMs' turn) and publishes it with a release store; the cyclic side
 * (the domains' queue and process) reads it with an acquire load.
 */
#ifndef EC_HC_GROUP_H
#define EC_HC_GROUP_H

#include "port.h"
#include "list.h"
#include "ecrt.h"

#define EC_HC_NAME_SIZE (EC_HC_GROUP_NAME_MAX + 1)
#define EC_HC_MAX_GROUPS 32		/* per master */
#define EC_HC_MAX_MEMBERS 64		/* configs per group */

/* Why a group is not there (group->why). */
enum ec_hc_why {
	EC_HC_OK,
	EC_HC_EMPTY,		/* no member configs */
	EC_HC_MISSING,		/* a member's slave is not there */
	EC_HC_IDENTITY,		/* a member's slave has another identity */
	EC_HC_ORDER,		/* members not in ring order */
	EC_HC_PORT,		/* first slave not behind the port */
	EC_HC_TAKEN,		/* a member's slave has another config */
};

struct ec_master;
struct ec_slave_config;

struct ec_hc_group {
	struct ec_list node;		/* in master->hc_groups */
	struct ec_master *master;
	unsigned int index;		/* creation order, from 0 */
	char name[EC_HC_NAME_SIZE];

	bool at_port;			/* ecrt_hc_group_at_port() */
	u16 port_alias;
	u16 port_position;
	u8 port;

	unsigned int config_count;
	struct ec_slave_config *members[EC_HC_MAX_MEMBERS]; /* call order */

	u8 presence;			/* ec_hc_presence_t, published */
	/* FSM side: why it is absent, logged once per change */
	u8 why;
	u64 changed_ns;			/* when presence last changed */
	unsigned int joins;		/* times it became present */
	unsigned int losses;		/* times it went absent from there */
	u64 join_started_ns;		/* absent -> joining */
	u64 last_join_ns;		/* joining -> present took this long */
};

struct ec_hc_group *ec_hc_group_create(struct ec_master *master,
				       const char *name);
struct ec_hc_group *ec_hc_group_find(struct ec_master *master,
				     unsigned int index);
int ec_hc_group_at_port(struct ec_hc_group *group, u16 alias, u16 position,
			u8 port);
int ec_hc_group_add_config(struct ec_hc_group *group,
			   struct ec_slave_config *sc);
void ec_hc_groups_free(struct ec_master *master);
unsigned int ec_hc_spare_slaves(const struct ec_master *master);
/* Before a member attaches: may the group's slaves be taken? */
bool ec_hc_group_placed(struct ec_hc_group *group);
/* FSM side: decide and publish where each group stands. */
void ec_hc_groups_update(struct ec_master *master, u64 now_ns);
/* Cyclic side. */
static inline ec_hc_presence_t ec_hc_presence(const struct ec_hc_group *g)
{
	return (ec_hc_presence_t)ec_load_acquire(&g->presence);
}
const char *ec_hc_presence_string(ec_hc_presence_t presence);

#endif /* EC_HC_GROUP_H */
