// SPDX-License-Identifier: GPL-2.0-only
/*
 * hc_group.c - hot-connect groups (see hc_group.h, doc/HOTCONNECT.md).
 *
 * A group is placed when every member config finds its slave (by alias
 * and position, as any config), scanned, with the member's identity,
 * without another config, the members' slaves in ring order as the
 * members were added, and, for a group at a port, the first member's
 * slave directly behind that port.  Only a placed group's members attach
 * (slave_config_attach.c asks ec_hc_group_placed()): a group plugged in
 * at the wrong place, or with a wrong slave in it, is refused as a whole
 * and none of its slaves is configured.  Then:
 *
 *	absent  --all members attached-->  joining  --all in OP-->  present
 *	   ^-------------- a member detached (scan, unplug) -----------'
 *
 * present -> joining when a member leaves OP while still attached.
 */
#include "app/hc_group.h"
#include "app/slave_config.h"
#include "cycle/master.h"
#include "slave/slave.h"

#define EC_HC_LOG(level, g, fmt, ...) \
	ec_log(level, "%u: group %s: " fmt, (g)->master->index, (g)->name, \
	       ##__VA_ARGS__)

static const char *const ec_hc_presence_names[] = {
	[EC_HC_ABSENT] = "absent",
	[EC_HC_JOINING] = "joining",
	[EC_HC_PRESENT] = "present",
};

/**
 * ec_hc_presence_string() - "absent", "joining" or "present"
 * @presence: a presence
 *
 * Return: its name, "?" for none.
 */
const char *ec_hc_presence_string(ec_hc_presence_t presence)
{
	if ((unsigned int)presence >= sizeof(ec_hc_presence_names) /
	    sizeof(ec_hc_presence_names[0]))
		return "?";
	return ec_hc_presence_names[presence];
}

static bool ec_hc_name_ok(const char *name)
{
	size_t i, n;

	if (!name)
		return false;
	n = strnlen(name, EC_HC_NAME_SIZE);
	if (!n || n >= EC_HC_NAME_SIZE)
		return false;
	for (i = 0; i < n; i++)
		if (name[i] <= ' ' || name[i] > '~')
			return false;
	return true;
}

/**
 * ec_hc_group_create() - ecrt_master_create_hc_group()
 * @master: master, not active
 * @name: its unique name
 *
 * Return: the group, or NULL (logged: bad name, duplicate, too many,
 * active, no memory).
 */
struct ec_hc_group *ec_hc_group_create(struct ec_master *master,
				       const char *name)
{
	struct ec_hc_group *g;
	struct ec_list *pos;

	if (!ec_hc_name_ok(name)) {
		EC_MASTER_ERR(master,
			      "hot-connect group name must be 1..%u printable characters without spaces",
			      EC_HC_GROUP_NAME_MAX);
		return NULL;
	}
	if (master->active) {
		EC_MASTER_ERR(master, "cannot add group %s when active", name);
		return NULL;
	}
	for (pos = master->hc_groups.next; pos != &master->hc_groups;
	     pos = pos->next) {
		g = ec_list_entry(pos, struct ec_hc_group, node);
		if (!strcmp(g->name, name)) {
			EC_MASTER_ERR(master, "group %s exists already", name);
			return NULL;
		}
	}
	if (master->hc_group_count >= EC_HC_MAX_GROUPS) {
		EC_MASTER_ERR(master, "no more than %u hot-connect groups",
			      EC_HC_MAX_GROUPS);
		return NULL;
	}
	g = ec_zalloc(sizeof(*g));
	if (!g)
		return NULL;
	g->master = master;
	g->index = master->hc_group_count++;
	snprintf(g->name, sizeof(g->name), "%s", name);
	g->presence = EC_HC_ABSENT;
	g->why = EC_HC_EMPTY;
	ec_list_add_tail(&g->node, &master->hc_groups);
	return g;
}

/**
 * ec_hc_group_find() - the group of index @index
 * @master: master
 * @index: creation order
 *
 * Return: the group or NULL.
 */
struct ec_hc_group *ec_hc_group_find(struct ec_master *master,
				     unsigned int index)
{
	struct ec_list *pos;

	for (pos = master->hc_groups.next; pos != &master->hc_groups;
	     pos = pos->next) {
		struct ec_hc_group *g = ec_list_entry(pos, struct ec_hc_group,
						      node);

		if (g->index == index)
			return g;
	}
	return NULL;
}

/**
 * ec_hc_group_at_port() - ecrt_hc_group_at_port()
 * @group: group
 * @alias: the slave's alias (0: none)
 * @position: its position after the alias
 * @port: 1..3
 *
 * Return: 0, -EINVAL (port) or -EBUSY (active).
 */
int ec_hc_group_at_port(struct ec_hc_group *group, u16 alias, u16 position,
			u8 port)
{
	if (port < 1 || port >= EC_MAX_PORTS) {
		EC_HC_LOG(EC_LOG_ERR, group, "port %u: must be 1..%u", port,
			  EC_MAX_PORTS - 1);
		return -EINVAL;
	}
	if (group->master->active)
		return -EBUSY;
	group->at_port = true;
	group->port_alias = alias;
	group->port_position = position;
	group->port = port;
	return 0;
}

/**
 * ec_hc_group_add_config() - ecrt_slave_config_hc_group()
 * @group: group
 * @sc: config of the same master, in no group yet
 *
 * Return: 0, -EINVAL (another master's), -EEXIST (in a group), -EBUSY
 * (active) or -ENOSPC (EC_HC_MAX_MEMBERS).
 */
int ec_hc_group_add_config(struct ec_hc_group *group,
			   struct ec_slave_config *sc)
{
	if (sc->master != group->master)
		return -EINVAL;
	if (sc->hc_group == group)
		return 0;
	if (sc->hc_group) {
		EC_HC_LOG(EC_LOG_ERR, group,
			  "config %u:%u is in group %s already", sc->alias,
			  sc->position, sc->hc_group->name);
		return -EEXIST;
	}
	if (group->master->active)
		return -EBUSY;
	if (group->config_count >= EC_HC_MAX_MEMBERS)
		return -ENOSPC;
	group->members[group->config_count++] = sc;
	sc->hc_group = group;
	/* attached before it was optional: the group decides from now on */
	ec_slave_config_detach(sc);
	return 0;
}

/**
 * ec_hc_groups_free() - forget every group (the configs are freed too)
 * @master: master
 */
void ec_hc_groups_free(struct ec_master *master)
{
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &master->hc_groups) {
		ec_list_del_init(pos);
		ec_free(ec_list_entry(pos, struct ec_hc_group, node));
	}
	master->hc_group_count = 0;
}

/**
 * ec_hc_spare_slaves() - room a scan leaves in the slave array for the
 * groups' slaves to come
 * @master: master
 *
 * The partial scan (fsm_master_hc.c) appends new slaves in place: the
 * known slaves must not move.  0 without groups (IgH's array).
 *
 * Return: the number of member configs of all groups.
 */
unsigned int ec_hc_spare_slaves(const struct ec_master *master)
{
	const struct ec_list *pos;
	unsigned int n = 0;

	for (pos = master->hc_groups.next; pos != &master->hc_groups;
	     pos = pos->next)
		n += ec_list_entry(pos, struct ec_hc_group, node)->config_count;
	return n;
}

/* The slave at @alias/@position, or NULL. */
static struct ec_slave *ec_hc_slave_at(struct ec_master *master, u16 alias,
				       u16 position)
{
	unsigned int i, pos = position;

	if (alias) {
		for (i = 0; i < master->slave_count; i++)
			if (master->slaves[i]->effective_alias == alias)
				break;
		if (i == master->slave_count)
			return NULL;
		pos += i;
	}
	return pos < master->slave_count ? master->slaves[pos] : NULL;
}

/* Port of @parent that @child is directly behind, or -1. */
static int ec_hc_port_of(const struct ec_slave *parent,
			 const struct ec_slave *child)
{
	int p;

	for (p = 1; p < EC_MAX_PORTS; p++)
		if (parent->ports[p].next_slave == child)
			return p;
	return -1;
}

/* Where the group's slaves are: EC_HC_OK or why not; logged on a change. */
static enum ec_hc_why ec_hc_group_check(struct ec_hc_group *g)
{
	struct ec_master *master = g->master;
	struct ec_slave *s, *prev = NULL, *first = NULL;
	struct ec_slave_config *sc;
	enum ec_hc_why why = EC_HC_OK;
	unsigned int i;

	if (!g->config_count)
		why = EC_HC_EMPTY;
	for (i = 0; i < g->config_count && why == EC_HC_OK; i++) {
		sc = g->members[i];
		s = master->scan_busy ? NULL :
		    ec_hc_slave_at(master, sc->alias, sc->position);
		if (!s || !s->scan_done) {
			why = EC_HC_MISSING;
			if (g->why != why && g->presence != EC_HC_ABSENT)
				EC_HC_LOG(EC_LOG_INFO, g,
					  "config %u:%u: no slave there",
					  sc->alias, sc->position);
			break;
		}
		if (!first)
			first = s;
		if (s->sii.vendor_id != sc->vendor_id ||
		    s->sii.product_code != sc->product_code) {
			why = EC_HC_IDENTITY;
			if (g->why != why)
				EC_HC_LOG(EC_LOG_WARN, g,
					  "refused: slave %u-%u has 0x%08x:0x%08x, config %u:%u wants 0x%08x:0x%08x",
					  master->index, s->ring_position,
					  s->sii.vendor_id,
					  s->sii.product_code, sc->alias,
					  sc->position, sc->vendor_id,
					  sc->product_code);
			break;
		}
		if (s->config && s->config != sc) {
			why = EC_HC_TAKEN;
			if (g->why != why)
				EC_HC_LOG(EC_LOG_WARN, g,
					  "refused: slave %u-%u has config %u:%u",
					  master->index, s->ring_position,
					  s->config->alias,
					  s->config->position);
			break;
		}
		if (prev && s->ring_position <= prev->ring_position) {
			why = EC_HC_ORDER;
			if (g->why != why)
				EC_HC_LOG(EC_LOG_WARN, g,
					  "refused: slave %u-%u of config %u:%u comes before slave %u-%u of the config added before it",
					  master->index, s->ring_position,
					  sc->alias, sc->position,
					  master->index, prev->ring_position);
			break;
		}
		prev = s;
	}
	if (why == EC_HC_OK && g->at_port) {
		struct ec_slave *anchor = ec_hc_slave_at(master, g->port_alias,
							 g->port_position);
		struct ec_slave *parent = first->ports[0].next_slave;

		if (!anchor || parent != anchor ||
		    ec_hc_port_of(anchor, first) != g->port) {
			why = EC_HC_PORT;
			if (g->why != why && parent)
				EC_HC_LOG(EC_LOG_WARN, g,
					  "refused: slave %u-%u is behind slave %u-%u port %d, the group is declared at %u:%u port %u",
					  master->index, first->ring_position,
					  master->index, parent->ring_position,
					  ec_hc_port_of(parent, first),
					  g->port_alias, g->port_position,
					  g->port);
			else if (g->why != why)
				EC_HC_LOG(EC_LOG_WARN, g,
					  "refused: slave %u-%u is not behind %u:%u port %u",
					  master->index, first->ring_position,
					  g->port_alias, g->port_position,
					  g->port);
		}
	}
	g->why = why;
	return why;
}

/**
 * ec_hc_group_placed() - may a member of @group attach (FSM side)
 * @group: group
 *
 * Return: true when all of its slaves are where and what the group
 * wants (doc/HOTCONNECT.md).
 */
bool ec_hc_group_placed(struct ec_hc_group *group)
{
	return ec_hc_group_check(group) == EC_HC_OK;
}

/* Where @g stands now, from its members' configs. */
static ec_hc_presence_t ec_hc_group_eval(const struct ec_hc_group *g)
{
	bool all_op = true;
	unsigned int i;

	if (!g->config_count || g->why != EC_HC_OK)
		return EC_HC_ABSENT;
	for (i = 0; i < g->config_count; i++) {
		const struct ec_slave_config *sc = g->members[i];
		u8 seen = sc->al_state_seen;

		if (!sc->slave)
			return EC_HC_ABSENT;
		if ((seen & EC_AL_STATE_MASK) != EC_AL_STATE_OP_ ||
		    !(seen & EC_SC_SEEN_CONFIGURED))
			all_op = false;
	}
	return all_op ? EC_HC_PRESENT : EC_HC_JOINING;
}

/**
 * ec_hc_groups_update() - decide and publish where each group stands
 * @master: master; FSM side, after the FSMs' turn
 * @now_ns: current time (for the log and the join time)
 *
 * Every change is logged with the group's name and the time.
 */
void ec_hc_groups_update(struct ec_master *master, u64 now_ns)
{
	struct ec_list *pos;

	for (pos = master->hc_groups.next; pos != &master->hc_groups;
	     pos = pos->next) {
		struct ec_hc_group *g = ec_list_entry(pos, struct ec_hc_group,
						      node);
		ec_hc_presence_t was = g->presence, now;

		if (master->scan_busy)
			now = EC_HC_ABSENT;
		else
			now = ec_hc_group_eval(g);
		if (now == was)
			continue;
		if (was == EC_HC_ABSENT)
			g->join_started_ns = now_ns;
		if (now == EC_HC_PRESENT) {
			g->joins++;
			g->last_join_ns = now_ns - g->join_started_ns;
			EC_HC_LOG(EC_LOG_INFO, g,
				  "present at %llu ms: %u slave(s) in OP, %llu ms after they were found",
				  (unsigned long long)(now_ns / EC_NSEC_PER_MSEC),
				  g->config_count,
				  (unsigned long long)(g->last_join_ns /
						       EC_NSEC_PER_MSEC));
		} else if (now == EC_HC_ABSENT) {
			if (was == EC_HC_PRESENT)
				g->losses++;
			EC_HC_LOG(EC_LOG_INFO, g, "absent at %llu ms (was %s)",
				  (unsigned long long)(now_ns / EC_NSEC_PER_MSEC),
				  ec_hc_presence_string(was));
		} else {
			EC_HC_LOG(EC_LOG_INFO, g, "joining at %llu ms (was %s)",
				  (unsigned long long)(now_ns / EC_NSEC_PER_MSEC),
				  ec_hc_presence_string(was));
		}
		g->changed_ns = now_ns;
		ec_store_release(&g->presence, (u8)now);
	}
}
