// SPDX-License-Identifier: GPL-2.0-only
/*
 * slave_config.c - what an application wants of one slave (IgH's
 * ec_slave_config semantics): sync managers, PDO assignment and mapping,
 * PDO entry registration into domains.  Startup SDOs and the
 * application's requests are in slave_config_request.c, the attachment to
 * scanned slaves in slave_config_attach.c.
 *
 * A PDO the application assigned without giving entries (entry_count 0)
 * keeps the slave's mapping: the PDOs in effect (sc->effective) take the
 * entries of the slave's PDO with the same index.
 */
#include "app/slave_config.h"
#include "cycle/domain.h"
#include "cycle/master.h"
#include "slave/slave.h"

#define EC_CONFIG_LOG(level, sc, fmt, ...) \
	ec_log(level, "%u: config %u:%u: " fmt, (sc)->master->index, \
	       (sc)->alias, (sc)->position, ##__VA_ARGS__)
#define EC_CONFIG_ERR(sc, fmt, ...) \
	EC_CONFIG_LOG(EC_LOG_ERR, sc, fmt, ##__VA_ARGS__)

/* ecrt_slave_config_pdos(): a sync_info with this index ends the list. */
#define EC_SYNC_INFO_END 0xff

static void ec_pdo_array_free(struct ec_pdo *pdos, unsigned int count)
{
	unsigned int i;

	if (!pdos)
		return;
	for (i = 0; i < count; i++)
		ec_free(pdos[i].entries);
	ec_free(pdos);
}

static void ec_sync_config_clear(struct ec_sync_config *sync)
{
	ec_pdo_array_free(sync->pdos, sync->pdo_count);
	sync->pdos = NULL;
	sync->pdo_count = 0;
}

/* Forget the PDOs in effect: rebuilt at the next ec_slave_config_sync(). */
void ec_slave_config_invalidate(struct ec_slave_config *sc)
{
	unsigned int i;

	for (i = 0; i < EC_SC_SYNCS; i++) {
		ec_sync_config_clear(&sc->effective[i]);
		sc->effective[i].dir = EC_DIR_INVALID;
		sc->effective[i].pdos_set = false;
	}
	sc->effective_valid = false;
}

/**
 * ec_slave_config_create() - a new, empty configuration
 * @master: master
 * @alias: station alias (0: none)
 * @position: ring position, relative to the slave with @alias if non-zero
 * @vendor_id: expected vendor
 * @product_code: expected product
 *
 * The caller links it into master->configs (ec_master_slave_config()).
 *
 * Return: the config or NULL (no memory).
 */
struct ec_slave_config *ec_slave_config_create(struct ec_master *master,
					       u16 alias, u16 position,
					       u32 vendor_id,
					       u32 product_code)
{
	struct ec_slave_config *sc = ec_zalloc(sizeof(*sc));
	unsigned int i;

	if (!sc)
		return NULL;
	ec_list_init(&sc->node);
	sc->master = master;
	sc->alias = alias;
	sc->position = position;
	sc->vendor_id = vendor_id;
	sc->product_code = product_code;
	for (i = 0; i < EC_SC_SYNCS; i++) {
		sc->syncs[i].dir = EC_DIR_INVALID;
		sc->syncs[i].watchdog_mode = EC_WD_DEFAULT;
		sc->effective[i].dir = EC_DIR_INVALID;
	}
	for (i = 0; i < EC_MAX_FMMUS_PER_CONFIG; i++)
		ec_list_init(&sc->fmmus[i].domain_node);
	ec_list_init(&sc->sdo_configs);
	ec_list_init(&sc->soe_configs);
	ec_list_init(&sc->flags);
	ec_list_init(&sc->app_requests);
	return sc;
}

/**
 * ec_slave_config_free() - detach and release a configuration
 * @sc: config; taken out of master->configs and of its domains
 *
 * The slave FSM first drops a configuration job or an application
 * request of this config that it is working on.
 */
void ec_slave_config_free(struct ec_slave_config *sc)
{
	struct ec_list *pos, *tmp;
	unsigned int i;

	ec_slave_config_detach(sc);
	if (ec_list_linked(&sc->node))
		ec_list_del_init(&sc->node);
	for (i = 0; i < EC_MAX_FMMUS_PER_CONFIG; i++)
		if (ec_list_linked(&sc->fmmus[i].domain_node))
			ec_list_del_init(&sc->fmmus[i].domain_node);
	for (i = 0; i < EC_SC_SYNCS; i++)
		ec_sync_config_clear(&sc->syncs[i]);
	ec_slave_config_invalidate(sc);
	ec_list_for_each_safe(pos, tmp, &sc->sdo_configs) {
		struct ec_sdo_config *c = ec_list_entry(pos,
						struct ec_sdo_config, node);

		ec_list_del_init(pos);
		ec_free(c->data);
		ec_free(c);
	}
	ec_list_for_each_safe(pos, tmp, &sc->flags) {
		ec_list_del_init(pos);
		ec_free(ec_list_entry(pos, struct ec_flag_config, node));
	}
	ec_list_for_each_safe(pos, tmp, &sc->soe_configs) {
		struct ec_soe_config *c = ec_list_entry(pos,
						struct ec_soe_config, node);

		ec_list_del_init(pos);
		ec_free(c->data);
		ec_free(c);
	}
	ec_list_for_each_safe(pos, tmp, &sc->app_requests) {
		struct ec_app_request *r = ec_list_entry(
			pos, struct ec_app_request, config_node);

		ec_list_del_init(pos);
		ec_free_big(r->mem);
		ec_free(r);
	}
	ec_free(sc);
}

/**
 * ec_slave_config_sync_manager() - direction and watchdog of a sync manager
 * @sc: config
 * @sync_index: sync manager, below EC_SC_SYNCS
 * @dir: EC_DIR_OUTPUT or EC_DIR_INPUT
 * @watchdog_mode: watchdog setting
 *
 * Return: 0, -ENOENT (sync manager index) or -EINVAL.
 */
int ec_slave_config_sync_manager(struct ec_slave_config *sc, u8 sync_index,
				 ec_direction_t dir,
				 ec_watchdog_mode_t watchdog_mode)
{
	if (sync_index >= EC_SC_SYNCS) {
		EC_CONFIG_ERR(sc, "invalid sync manager index %u", sync_index);
		return -ENOENT;	/* IgH 1.6 (doc/IGH-SEMANTICS.md) */
	}
	if (dir != EC_DIR_OUTPUT && dir != EC_DIR_INPUT) {
		EC_CONFIG_ERR(sc, "invalid direction %u for SM%u",
			      (unsigned int)dir, sync_index);
		return -EINVAL;
	}
	if (watchdog_mode != EC_WD_DEFAULT && watchdog_mode != EC_WD_ENABLE &&
	    watchdog_mode != EC_WD_DISABLE) {
		EC_CONFIG_ERR(sc, "invalid watchdog mode %u for SM%u",
			      (unsigned int)watchdog_mode, sync_index);
		return -EINVAL;
	}
	sc->syncs[sync_index].dir = dir;
	sc->syncs[sync_index].watchdog_mode = watchdog_mode;
	ec_slave_config_invalidate(sc);
	return 0;
}

/**
 * ec_slave_config_watchdog() - watchdog divider and process data intervals
 * @sc: config
 * @divider: register 0x0400 value, 0 keeps the slave's default
 * @intervals: register 0x0420 value, 0 keeps the slave's default
 */
void ec_slave_config_watchdog(struct ec_slave_config *sc, u16 divider,
			      u16 intervals)
{
	sc->watchdog_divider = divider;
	sc->watchdog_intervals = intervals;
}

/**
 * ec_slave_config_pdo_assign_add() - assign a PDO to a sync manager
 * @sc: config
 * @sync_index: sync manager
 * @pdo_index: PDO; its mapping is the slave's until entries are added
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int ec_slave_config_pdo_assign_add(struct ec_slave_config *sc, u8 sync_index,
				   u16 pdo_index)
{
	struct ec_sync_config *sync;
	struct ec_pdo *pdos;

	if (sync_index >= EC_SC_SYNCS) {
		EC_CONFIG_ERR(sc, "invalid sync manager index %u", sync_index);
		return -EINVAL;
	}
	sync = &sc->syncs[sync_index];
	pdos = ec_zalloc((sync->pdo_count + 1) * sizeof(*pdos));
	if (!pdos)
		return -ENOMEM;
	if (sync->pdo_count)
		memcpy(pdos, sync->pdos, sync->pdo_count * sizeof(*pdos));
	pdos[sync->pdo_count].index = pdo_index;
	pdos[sync->pdo_count].sync_index = (s8)sync_index;
	ec_free(sync->pdos);	/* the entries moved to the new array */
	sync->pdos = pdos;
	sync->pdo_count++;
	sync->pdos_set = true;
	ec_slave_config_invalidate(sc);
	return 0;
}

/**
 * ec_slave_config_pdo_assign_clear() - assign no PDO to a sync manager
 * @sc: config
 * @sync_index: sync manager
 */
void ec_slave_config_pdo_assign_clear(struct ec_slave_config *sc,
				      u8 sync_index)
{
	if (sync_index >= EC_SC_SYNCS) {
		EC_CONFIG_ERR(sc, "invalid sync manager index %u", sync_index);
		return;
	}
	ec_sync_config_clear(&sc->syncs[sync_index]);
	sc->syncs[sync_index].pdos_set = true;
	ec_slave_config_invalidate(sc);
}

static struct ec_pdo *ec_slave_config_find_pdo(struct ec_slave_config *sc,
					       u16 pdo_index)
{
	unsigned int i, j;

	for (i = 0; i < EC_SC_SYNCS; i++)
		for (j = 0; j < sc->syncs[i].pdo_count; j++)
			if (sc->syncs[i].pdos[j].index == pdo_index)
				return &sc->syncs[i].pdos[j];
	return NULL;
}

/**
 * ec_slave_config_pdo_mapping_add() - append an entry to a PDO's mapping
 * @sc: config
 * @pdo_index: an assigned PDO
 * @entry_index: object index (0: a gap)
 * @entry_subindex: object subindex
 * @entry_bit_length: bits
 *
 * Return: 0, -ENOENT (PDO not assigned) or -ENOMEM.
 */
int ec_slave_config_pdo_mapping_add(struct ec_slave_config *sc,
				    u16 pdo_index, u16 entry_index,
				    u8 entry_subindex, u8 entry_bit_length)
{
	struct ec_pdo *pdo = ec_slave_config_find_pdo(sc, pdo_index);
	struct ec_pdo_entry *entries;

	if (!pdo) {
		EC_CONFIG_ERR(sc, "PDO 0x%04x is not assigned", pdo_index);
		return -ENOENT;
	}
	entries = ec_zalloc((pdo->entry_count + 1) * sizeof(*entries));
	if (!entries)
		return -ENOMEM;
	if (pdo->entry_count)
		memcpy(entries, pdo->entries,
		       pdo->entry_count * sizeof(*entries));
	entries[pdo->entry_count].index = entry_index;
	entries[pdo->entry_count].subindex = entry_subindex;
	entries[pdo->entry_count].bit_length = entry_bit_length;
	ec_free(pdo->entries);
	pdo->entries = entries;
	pdo->entry_count++;
	ec_slave_config_invalidate(sc);
	return 0;
}

/**
 * ec_slave_config_pdo_mapping_clear() - forget a PDO's mapping
 * @sc: config
 * @pdo_index: an assigned PDO; without entries it keeps the slave's
 */
void ec_slave_config_pdo_mapping_clear(struct ec_slave_config *sc,
				       u16 pdo_index)
{
	struct ec_pdo *pdo = ec_slave_config_find_pdo(sc, pdo_index);

	if (!pdo) {
		EC_CONFIG_ERR(sc, "PDO 0x%04x is not assigned", pdo_index);
		return;
	}
	ec_free(pdo->entries);
	pdo->entries = NULL;
	pdo->entry_count = 0;
	ec_slave_config_invalidate(sc);
}

/**
 * ec_slave_config_pdos() - the whole PDO configuration from tables
 * @sc: config
 * @n_syncs: elements of @syncs, or EC_END: up to the index 0xff element
 * @syncs: sync managers; n_pdos 0 or pdos NULL keeps the assignment,
 *	n_entries 0 or entries NULL keeps a PDO's mapping
 *
 * Return: 0 or -errno.
 */
int ec_slave_config_pdos(struct ec_slave_config *sc, unsigned int n_syncs,
			 const ec_sync_info_t syncs[])
{
	unsigned int i, j, k;
	int ret;

	if (!syncs)
		return 0;
	for (i = 0; i < n_syncs; i++) {
		const ec_sync_info_t *si = &syncs[i];

		if (si->index == EC_SYNC_INFO_END)
			break;
		if (si->index >= EC_SC_SYNCS) {
			EC_CONFIG_ERR(sc, "invalid sync manager index %u",
				      si->index);
			return -ENOENT;
		}
		ret = ec_slave_config_sync_manager(sc, si->index, si->dir,
						   si->watchdog_mode);
		if (ret)
			return ret;
		if (!si->n_pdos || !si->pdos)
			continue;
		ec_slave_config_pdo_assign_clear(sc, si->index);
		for (j = 0; j < si->n_pdos; j++) {
			const ec_pdo_info_t *pi = &si->pdos[j];

			ret = ec_slave_config_pdo_assign_add(sc, si->index,
							     pi->index);
			if (ret)
				return ret;
			if (!pi->n_entries || !pi->entries)
				continue;
			ec_slave_config_pdo_mapping_clear(sc, pi->index);
			for (k = 0; k < pi->n_entries; k++) {
				const ec_pdo_entry_info_t *e = &pi->entries[k];

				ret = ec_slave_config_pdo_mapping_add(
					sc, pi->index, e->index, e->subindex,
					e->bit_length);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

/* The slave's PDO with this index, in any sync manager. */
static const struct ec_pdo *ec_sc_slave_pdo(const struct ec_slave *slave,
					    u16 pdo_index)
{
	unsigned int i, j;

	if (!slave || !slave->syncs)
		return NULL;
	for (i = 0; i < slave->sync_count; i++)
		for (j = 0; j < slave->syncs[i].pdo_count; j++)
			if (slave->syncs[i].pdos[j].index == pdo_index)
				return &slave->syncs[i].pdos[j];
	return NULL;
}

static int ec_pdo_copy(struct ec_pdo *dst, const struct ec_pdo *src,
		       const struct ec_pdo *mapping)
{
	dst->index = src->index;
	dst->sync_index = src->sync_index;
	dst->name = NULL;
	dst->entry_count = 0;
	dst->entries = NULL;
	if (!mapping || !mapping->entry_count)
		return 0;
	dst->entries = ec_zalloc(mapping->entry_count * sizeof(*dst->entries));
	if (!dst->entries)
		return -ENOMEM;
	memcpy(dst->entries, mapping->entries,
	       mapping->entry_count * sizeof(*dst->entries));
	for (dst->entry_count = 0; dst->entry_count < mapping->entry_count;
	     dst->entry_count++)
		dst->entries[dst->entry_count].name = NULL;
	return 0;
}

/* Fill sc->effective from the config and the attached slave. */
static int ec_slave_config_build_effective(struct ec_slave_config *sc)
{
	const struct ec_slave *slave = sc->slave;
	unsigned int i, j;
	int ret;

	ec_slave_config_invalidate(sc);
	for (i = 0; i < EC_SC_SYNCS; i++) {
		const struct ec_sync_config *cfg = &sc->syncs[i];
		const struct ec_sii_sync *ss = NULL;
		struct ec_sync_config *eff = &sc->effective[i];
		const struct ec_pdo *src;
		unsigned int count;

		if (slave && slave->syncs && i < slave->sync_count)
			ss = &slave->syncs[i];
		eff->dir = cfg->dir;
		if (eff->dir == EC_DIR_INVALID && ss)
			eff->dir = (ec_direction_t)ss->dir;
		eff->watchdog_mode = cfg->watchdog_mode;
		eff->pdos_set = cfg->pdos_set;
		if (cfg->pdos_set) {
			src = cfg->pdos;
			count = cfg->pdo_count;
		} else if (ss) {
			src = ss->pdos;
			count = ss->pdo_count;
		} else {
			continue;
		}
		if (!count)
			continue;
		eff->pdos = ec_zalloc(count * sizeof(*eff->pdos));
		if (!eff->pdos) {
			ret = -ENOMEM;
			goto out_invalidate;
		}
		eff->pdo_count = count;
		for (j = 0; j < count; j++) {
			const struct ec_pdo *map = &src[j];

			if (!map->entry_count)
				map = ec_sc_slave_pdo(slave, src[j].index);
			ret = ec_pdo_copy(&eff->pdos[j], &src[j], map);
			if (ret)
				goto out_invalidate;
			eff->pdos[j].sync_index = (s8)i;
		}
	}
	sc->effective_src = slave ? slave->syncs : NULL;
	sc->effective_src_count = slave ? slave->sync_count : 0;
	sc->effective_valid = true;
	return 0;

out_invalidate:
	ec_slave_config_invalidate(sc);
	return ret;
}

static bool ec_slave_config_effective_stale(const struct ec_slave_config *sc)
{
	const struct ec_slave *slave = sc->slave;

	if (!sc->effective_valid)
		return true;
	if (!slave)
		return sc->effective_src != NULL;
	return slave->syncs != sc->effective_src ||
	       slave->sync_count != sc->effective_src_count;
}

/**
 * ec_slave_config_sync() - the PDOs in effect for a sync manager
 * @sc: config
 * @sync_index: sync manager
 *
 * The config's PDOs where it set them, else the attached slave's (SII or
 * CoE); PDOs without entries carry the slave's mapping.  The direction
 * is the config's, else the slave's.  Rebuilt (allocating) when the slave
 * or its PDOs changed since the last call: not for the cyclic path.
 *
 * Return: the sync config, or NULL (index out of range, no memory).
 */
const struct ec_sync_config *ec_slave_config_sync(
	const struct ec_slave_config *sc, u8 sync_index)
{
	/* The cache is not part of what callers see as the config. */
	struct ec_slave_config *msc = (struct ec_slave_config *)sc;

	if (sync_index >= EC_SC_SYNCS)
		return NULL;
	if (ec_slave_config_effective_stale(sc) &&
	    ec_slave_config_build_effective(msc))
		return NULL;
	return &sc->effective[sync_index];
}

/**
 * ec_slave_config_sync_size() - bytes of the PDOs in effect for an SM
 * @sc: config
 * @sync_index: sync manager
 *
 * Return: the size, bit lengths summed and rounded up to bytes.
 */
unsigned int ec_slave_config_sync_size(const struct ec_slave_config *sc,
				       u8 sync_index)
{
	const struct ec_sync_config *sync = ec_slave_config_sync(sc,
								 sync_index);
	unsigned int i, j, bits = 0;

	if (!sync)
		return 0;
	for (i = 0; i < sync->pdo_count; i++)
		for (j = 0; j < sync->pdos[i].entry_count; j++)
			bits += sync->pdos[i].entries[j].bit_length;
	return (bits + 7) / 8;
}

/* The FMMU of @sc for SM @sync_index in @domain, created if needed. */
static struct ec_fmmu_config *
ec_slave_config_fmmu(struct ec_slave_config *sc, u8 sync_index,
		     struct ec_domain *domain, int *err)
{
	const struct ec_sync_config *sync = ec_slave_config_sync(sc,
								 sync_index);
	struct ec_fmmu_config *fmmu;
	unsigned int i;
	int ret;

	for (i = 0; i < sc->used_fmmus; i++) {
		fmmu = &sc->fmmus[i];
		if (fmmu->sync_index == sync_index && fmmu->domain == domain)
			return fmmu;
	}
	if (!sync ||
	    (sync->dir != EC_DIR_OUTPUT && sync->dir != EC_DIR_INPUT)) {
		EC_CONFIG_ERR(sc, "SM%u has no direction", sync_index);
		*err = -EINVAL;
		return NULL;
	}
	if (sc->used_fmmus >= EC_MAX_FMMUS_PER_CONFIG) {
		EC_CONFIG_ERR(sc, "all %u FMMUs in use",
			      EC_MAX_FMMUS_PER_CONFIG);
		*err = -EOVERFLOW;
		return NULL;
	}
	fmmu = &sc->fmmus[sc->used_fmmus];
	fmmu->sc = sc;
	fmmu->domain = domain;
	fmmu->sync_index = sync_index;
	fmmu->dir = sync->dir;
	fmmu->data_size = ec_slave_config_sync_size(sc, sync_index);
	ret = ec_domain_add_fmmu_config(domain, fmmu);
	if (ret < 0) {
		*err = ret;
		return NULL;
	}
	sc->used_fmmus++;
	return fmmu;
}

static int ec_slave_config_reg_at(struct ec_slave_config *sc, u8 sync_index,
				  unsigned int bit_offset,
				  struct ec_domain *domain,
				  unsigned int *bit_position)
{
	struct ec_fmmu_config *fmmu;
	int err = 0;

	if (sc->master->active) {
		EC_CONFIG_ERR(sc, "cannot register PDO entries when active");
		return -EBUSY;
	}
	fmmu = ec_slave_config_fmmu(sc, sync_index, domain, &err);
	if (!fmmu)
		return err;
	if (bit_position) {
		*bit_position = bit_offset % 8;
	} else if (bit_offset % 8) {
		EC_CONFIG_ERR(sc, "PDO entry at bit %u is not byte-aligned",
			      bit_offset);
		return -EFAULT;	/* IgH 1.6's errno for this case */
	}
	return (int)(fmmu->logical_start_address + bit_offset / 8);
}

/**
 * ec_slave_config_reg_pdo_entry() - map a PDO entry into a domain
 * @sc: config
 * @entry_index: object index
 * @entry_subindex: object subindex
 * @domain: domain
 * @bit_position: receives the bit (0-7) in the returned byte; NULL makes
 *	an entry that does not start on a byte boundary an error
 *
 * Looks for the entry in the PDOs in effect (the configured ones, else
 * the attached slave's), and maps that sync manager's whole data into
 * the domain with one FMMU (shared by all entries of the SM).
 *
 * Return: byte offset in the domain, or -ENOENT (entry not mapped),
 * -EFAULT (not byte-aligned without @bit_position), -EINVAL, -EBUSY
 * (active), -EOVERFLOW (FMMUs), -ENOMEM.
 */
int ec_slave_config_reg_pdo_entry(struct ec_slave_config *sc,
				  u16 entry_index, u8 entry_subindex,
				  struct ec_domain *domain,
				  unsigned int *bit_position)
{
	unsigned int s, i, j, bits;

	for (s = 0; s < EC_SC_SYNCS; s++) {
		const struct ec_sync_config *sync = ec_slave_config_sync(sc, s);

		if (!sync)
			return -ENOMEM;
		bits = 0;
		for (i = 0; i < sync->pdo_count; i++) {
			const struct ec_pdo *pdo = &sync->pdos[i];

			for (j = 0; j < pdo->entry_count; j++) {
				const struct ec_pdo_entry *e = &pdo->entries[j];

				if (e->index == entry_index &&
				    e->subindex == entry_subindex)
					return ec_slave_config_reg_at(
						sc, s, bits, domain,
						bit_position);
				bits += e->bit_length;
			}
		}
	}
	EC_CONFIG_ERR(sc, "PDO entry 0x%04x:%02x is not mapped", entry_index,
		      entry_subindex);
	return -ENOENT;
}

/**
 * ec_slave_config_reg_pdo_entry_pos() - map a PDO entry given by position
 * @sc: config
 * @sync_index: sync manager
 * @pdo_pos: PDO position in the SM's assignment
 * @entry_pos: entry position in the PDO's mapping
 * @domain: domain
 * @bit_position: as for ec_slave_config_reg_pdo_entry()
 *
 * Return: byte offset in the domain, or -errno (-ENOENT: no such entry).
 */
int ec_slave_config_reg_pdo_entry_pos(struct ec_slave_config *sc,
				      u8 sync_index, unsigned int pdo_pos,
				      unsigned int entry_pos,
				      struct ec_domain *domain,
				      unsigned int *bit_position)
{
	const struct ec_sync_config *sync;
	unsigned int i, j, bits = 0;

	if (sync_index >= EC_SC_SYNCS) {
		EC_CONFIG_ERR(sc, "invalid sync manager index %u", sync_index);
		return -EINVAL;
	}
	sync = ec_slave_config_sync(sc, sync_index);
	if (!sync)
		return -ENOMEM;
	for (i = 0; i < sync->pdo_count; i++) {
		const struct ec_pdo *pdo = &sync->pdos[i];

		for (j = 0; j < pdo->entry_count; j++) {
			if (i == pdo_pos && j == entry_pos)
				return ec_slave_config_reg_at(sc, sync_index,
							      bits, domain,
							      bit_position);
			bits += pdo->entries[j].bit_length;
		}
	}
	EC_CONFIG_ERR(sc, "no entry %u of PDO %u in SM%u", entry_pos, pdo_pos,
		      sync_index);
	return -ENOENT;
}
