// SPDX-License-Identifier: GPL-2.0-only
/*
 * slave_config_attach.c - configurations meet scanned slaves: matching by
 * alias and position with an identity check, attaching and detaching
 * (after each scan, before the slaves are freed), duplicate station
 * aliases (found after each scan; a config addressed by such an alias
 * is not attached, doc/SPECNOTES.md "Duplicate station aliases"), and the
 * state an application sees of its configuration.
 */
#include "app/slave_config.h"
#include "slave/fsm_slave.h"
#include "cycle/master.h"
#include "slave/slave.h"
#include "app/hc_group.h"

#define EC_CONFIG_WARN_RL(sc, fmt, ...) \
	ec_log_ratelimited(EC_LOG_WARN, "%u: config %u:%u: " fmt, \
			   (sc)->master->index, (sc)->alias, (sc)->position, \
			   ##__VA_ARGS__)

/**
 * ec_slave_config_state() - ecrt_slave_config_state() (cyclic side)
 * @sc: config
 * @state: receives, as IgH 1.6 defines them: online (a slave is
 *	attached), operational (its AL state is OP and it needs no new
 *	configuration) and its AL state (0 without a slave)
 *
 * Only the slave FSM's answered AL status reads change what this
 * reports: a lost frame or a domain's working counter does not.
 */
void ec_slave_config_state(const struct ec_slave_config *sc,
			   ec_slave_config_state_t *state)
{
	u8 seen = ec_load_acquire(&sc->al_state_seen);
	u8 al = seen & EC_AL_STATE_MASK;

	state->online = !!(seen & EC_SC_SEEN_ATTACHED);
	state->operational = al == EC_AL_STATE_OP_ &&
			     (seen & EC_SC_SEEN_CONFIGURED);
	state->al_state = al;
}

/**
 * ec_slave_config_publish() - hand the attached slave's state to the
 * cyclic side (FSM side, after each step of the slave's FSM)
 * @sc: config, or NULL
 */
void ec_slave_config_publish(struct ec_slave_config *sc)
{
	const struct ec_fsm_slave *fsm;

	if (!sc || !sc->slave)
		return;
	fsm = sc->slave->fsm;
	ec_slave_config_publish_as(sc, fsm &&
				   ec_fsm_target_configured(&fsm->target));
}

/**
 * ec_slave_config_publish_as() - ec_slave_config_publish() when the
 * caller knows whether the slave needs a new configuration
 * @sc: config, or NULL
 * @configured: what ec_fsm_target_configured() says of its slave
 */
void ec_slave_config_publish_as(struct ec_slave_config *sc, bool configured)
{
	u8 seen;

	if (!sc || !sc->slave)
		return;
	seen = EC_SC_SEEN_ATTACHED |
	       (sc->slave->current_state &
		(EC_AL_STATE_MASK | EC_AL_STATE_ERROR_FLAG));
	if (configured)
		seen |= EC_SC_SEEN_CONFIGURED;
	ec_store_release(&sc->al_state_seen, seen);
}

/**
 * ec_slave_config_detach() - forget the attached slave
 * @sc: config
 */
void ec_slave_config_detach(struct ec_slave_config *sc)
{
	if (!sc->slave)
		return;
	if (sc->slave->config == sc) {
		ec_slave_fsm_detach_config(sc->slave);
		sc->slave->config = NULL;
		ec_master_fsm_unquiet(sc->slave->master);
	}
	sc->slave = NULL;
	ec_store_release(&sc->al_state_seen, 0);
	ec_slave_config_invalidate(sc);
}

#define EC_ALIAS_COUNT 65536		/* register 0x0012 is 16 bits */
#define EC_ALIAS_LOG_LINES 8		/* per scan, then a summary */
#define EC_ALIAS_LOG_SLAVES 8		/* named per line */
#define EC_ALIAS_DONE 0xffff		/* no ring position (< 65535) */

/* One log line for the slaves that share @alias, from ring position
 * @first on.
 */
static void ec_master_log_duplicate_alias(struct ec_master *master,
					  u16 alias, unsigned int first)
{
	const struct ec_slave *s = master->slaves[first];
	unsigned int i, n = s->alias_holders, named = 0;
	char list[EC_ALIAS_LOG_SLAVES * 8 + 32];
	size_t off = 0;

	for (i = first; i < master->slave_count && named < n &&
	     named < EC_ALIAS_LOG_SLAVES; i++) {
		if (master->slaves[i]->effective_alias != alias)
			continue;
		named++;
		off += snprintf(list + off, sizeof(list) - off, "%s%u",
				named == 1 ? "" :
				named == n ? " and " : ", ", i);
	}
	if (named < n)
		snprintf(list + off, sizeof(list) - off, " and %u more",
			 n - named);
	EC_MASTER_WARN(master,
		       "slaves %s have the same station alias %u: a config addressed by alias %u is not attached",
		       list, alias, alias);
}

/**
 * ec_master_find_duplicate_aliases() - note which slaves share an alias
 * @master: master, after a scan
 *
 * Sets each slave's alias_holders and alias_next and the master's
 * dup_aliases, and logs one line per shared alias naming its slaves.
 * EtherCAT does not forbid two slaves the same alias (a copied EEPROM,
 * a swapped terminal), but an address by alias then means two slaves.
 */
void ec_master_find_duplicate_aliases(struct ec_master *master)
{
	unsigned int i, lines = 0;
	u16 *count, *last;

	master->dup_aliases = 0;
	for (i = 0; i < master->slave_count; i++) {
		master->slaves[i]->alias_holders = 0;
		master->slaves[i]->alias_next = (u16)i;
	}
	if (master->slave_count < 2)
		return;
	/* count[] may reach 65535 (a u16 fits: at most 65535 slaves) */
	count = ec_zalloc_big(2 * EC_ALIAS_COUNT * sizeof(*count));
	if (!count) {
		EC_MASTER_WARN(master, "no memory to look for duplicate aliases");
		return;
	}
	last = count + EC_ALIAS_COUNT;
	for (i = 0; i < master->slave_count; i++) {
		u16 a = master->slaves[i]->effective_alias;

		if (!a)
			continue;
		if (count[a]++)
			master->slaves[last[a]]->alias_next = (u16)i;
		last[a] = (u16)i;
	}
	/* in ring order: at its first holder, an alias is reported and its
	 * last holder's next wraps around to the first
	 */
	for (i = 0; i < master->slave_count; i++) {
		struct ec_slave *s = master->slaves[i];
		u16 a = s->effective_alias;

		if (!a || count[a] < 2)
			continue;
		s->alias_holders = count[a];
		if (last[a] == EC_ALIAS_DONE)
			continue;
		master->slaves[last[a]]->alias_next = (u16)i;
		last[a] = EC_ALIAS_DONE;
		master->dup_aliases++;
		if (lines++ < EC_ALIAS_LOG_LINES)
			ec_master_log_duplicate_alias(master, a, i);
	}
	if (lines > EC_ALIAS_LOG_LINES)
		EC_MASTER_WARN(master,
			       "%u more aliases are shared by several slaves (ethercat slaves -v)",
			       lines - EC_ALIAS_LOG_LINES);
	ec_free_big(count);
}

/* The slave a config addresses, or NULL; *@first is the first holder
 * of the config's alias when that alias is on several slaves.
 */
static struct ec_slave *ec_slave_config_find_slave(struct ec_slave_config *sc,
						   struct ec_slave **first)
{
	struct ec_master *master = sc->master;
	unsigned int i, pos = sc->position;

	*first = NULL;
	if (sc->alias) {
		for (i = 0; i < master->slave_count; i++)
			if (master->slaves[i]->effective_alias == sc->alias)
				break;
		if (i == master->slave_count)
			return NULL;
		if (master->slaves[i]->alias_holders > 1) {
			*first = master->slaves[i];
			return NULL;
		}
		pos += i;
	}
	if (pos >= master->slave_count)
		return NULL;
	return master->slaves[pos];
}

/**
 * ec_slave_config_attach() - attach a config to its slave if it is there
 * @sc: config
 *
 * The slave is found by alias (0: none) and position relative to it; it
 * must have been scanned, carry the config's vendor and product, and
 * have no other config.  An alias that several slaves have names none of
 * them: IgH 1.6 takes the first, silently; here the config stays
 * unattached, as for an absent slave, and the log says why
 * (doc/SPECNOTES.md, "Duplicate station aliases").  A mismatch leaves the
 * config unattached and is logged once until it changes.
 */
void ec_slave_config_attach(struct ec_slave_config *sc)
{
	struct ec_master *master = sc->master;
	struct ec_slave *slave, *first;

	if (master->scan_busy)
		return;
	slave = ec_slave_config_find_slave(sc, &first);
	if (slave == sc->slave && slave)
		return;
	ec_slave_config_detach(sc);
	if (first) {
		if (!sc->alias_ambiguous)
			EC_CONFIG_WARN_RL(sc,
					  "not attached: station alias %u is on %u slaves (%u-%u, %u-%u%s), an address by it is ambiguous",
					  sc->alias, first->alias_holders,
					  master->index, first->ring_position,
					  master->index, first->alias_next,
					  first->alias_holders > 2 ? ", ..." :
					  "");
		sc->alias_ambiguous = true;
		sc->identity_mismatch = false;
		return;
	}
	sc->alias_ambiguous = false;
	if (!slave || !slave->scan_done) {
		sc->identity_mismatch = false;
		return;
	}
	if (slave->sii.vendor_id != sc->vendor_id ||
	    slave->sii.product_code != sc->product_code) {
		if (!sc->identity_mismatch)
			EC_CONFIG_WARN_RL(sc,
					  "slave %u-%u has 0x%x:0x%x, config wants 0x%x:0x%x",
					  master->index, slave->ring_position,
					  slave->sii.vendor_id,
					  slave->sii.product_code,
					  sc->vendor_id, sc->product_code);
		sc->identity_mismatch = true;
		return;
	}
	sc->identity_mismatch = false;
	/* an optional config: all of its group or none (hc_group.c) */
	if (sc->hc_group && !ec_hc_group_placed(sc->hc_group))
		return;
	if (slave->config && slave->config != sc) {
		EC_CONFIG_WARN_RL(sc, "slave %u-%u already has config %u:%u",
				  master->index, slave->ring_position,
				  slave->config->alias,
				  slave->config->position);
		return;
	}
	sc->slave = slave;
	slave->config = sc;
	ec_master_fsm_unquiet(slave->master);
	ec_slave_config_publish(sc);
	ec_slave_config_invalidate(sc);
}

/**
 * ec_master_attach_slave_configs() - attach configs to scanned slaves
 * @master: master, after a scan or when configs were created
 */
void ec_master_attach_slave_configs(struct ec_master *master)
{
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &master->configs)
		ec_slave_config_attach(ec_list_entry(pos,
						     struct ec_slave_config,
						     node));
}

/**
 * ec_master_detach_slave_configs() - detach every config
 * @master: master whose slaves are about to be freed
 */
void ec_master_detach_slave_configs(struct ec_master *master)
{
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &master->configs)
		ec_slave_config_detach(ec_list_entry(pos,
						     struct ec_slave_config,
						     node));
}
