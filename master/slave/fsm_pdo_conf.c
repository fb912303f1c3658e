// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_pdo_conf.c - write the PDO assignment and mapping an application
 * configured into a CoE slave (in PREOP), where they differ from what the
 * slave has now.
 *
 * for each SM the config sets PDOs for, if they differ:
 *   for each PDO with entries that differ from the slave's mapping:
 *     idx:00 = 0 -> idx:01.. = entries -> idx:00 = count
 *   if the assignment differs:
 *     0x1C1n:00 = 0 -> 0x1C1n:01.. = PDO indices -> 0x1C1n:00 = count
 *   the slave's copy of the SM (slave->coe_syncs) takes the new PDOs
 */
#include "slave/fsm_pdo_conf.h"
#include "mailbox/coe_abort.h"
#include "mailbox/fsm_coe.h"
#include "slave/fsm_pdo.h"
#include "slave/slave.h"
#include "app/slave_config.h"

#define EC_SM_CONTROL_MODE_MASK 0x03	/* SM control bits 0-1 */
#define EC_SM_CONTROL_MODE_MAILBOX 0x02

static void ec_fsm_pdo_conf_state_map_clear(struct ec_fsm_pdo_conf *fsm,
					    u64 now_ns);
static void ec_fsm_pdo_conf_state_map_entry(struct ec_fsm_pdo_conf *fsm,
					    u64 now_ns);
static void ec_fsm_pdo_conf_state_map_count(struct ec_fsm_pdo_conf *fsm,
					    u64 now_ns);
static void ec_fsm_pdo_conf_state_assign_clear(struct ec_fsm_pdo_conf *fsm,
					       u64 now_ns);
static void ec_fsm_pdo_conf_state_assign_entry(struct ec_fsm_pdo_conf *fsm,
					       u64 now_ns);
static void ec_fsm_pdo_conf_state_assign_count(struct ec_fsm_pdo_conf *fsm,
					       u64 now_ns);
static void ec_fsm_pdo_conf_state_end(struct ec_fsm_pdo_conf *fsm,
				      u64 now_ns);
static void ec_fsm_pdo_conf_state_error(struct ec_fsm_pdo_conf *fsm,
					u64 now_ns);

bool ec_sync_is_process_data(const struct ec_sii_sync *sync)
{
	return (sync->control_register & EC_SM_CONTROL_MODE_MASK) !=
	       EC_SM_CONTROL_MODE_MAILBOX;
}

static const struct ec_pdo *ec_syncs_find_pdo(const struct ec_sii_sync *syncs,
					      unsigned int count, u16 index)
{
	unsigned int i, j;

	for (i = 0; syncs && i < count; i++)
		for (j = 0; j < syncs[i].pdo_count; j++)
			if (syncs[i].pdos[j].index == index)
				return &syncs[i].pdos[j];
	return NULL;
}

/**
 * ec_slave_find_pdo() - what the master knows of a slave's PDO
 * @slave: slave
 * @index: PDO index (0x16xx, 0x1Axx)
 *
 * Return: the PDO as read over CoE, else as the SII describes it, or NULL.
 */
const struct ec_pdo *ec_slave_find_pdo(const struct ec_slave *slave,
				       u16 index)
{
	const struct ec_pdo *pdo;

	pdo = ec_syncs_find_pdo(slave->syncs, slave->sync_count, index);
	if (!pdo)
		pdo = ec_syncs_find_pdo(slave->sii.syncs,
					slave->sii.sync_count, index);
	return pdo;
}

/* A config PDO without entries stands for the slave's mapping of it. */
static const struct ec_pdo *ec_pdo_conf_effective(const struct ec_slave *slave,
						  const struct ec_pdo *pdo)
{
	if (pdo->entry_count)
		return pdo;
	return ec_slave_find_pdo(slave, pdo->index);
}

static bool ec_pdo_mapping_equal(const struct ec_pdo *a,
				 const struct ec_pdo *b)
{
	unsigned int i;

	if (!a || !b || a->entry_count != b->entry_count)
		return false;
	for (i = 0; i < a->entry_count; i++)
		if (a->entries[i].index != b->entries[i].index ||
		    a->entries[i].subindex != b->entries[i].subindex ||
		    a->entries[i].bit_length != b->entries[i].bit_length)
			return false;
	return true;
}

static bool ec_pdo_conf_assign_equal(const struct ec_slave *slave,
				     const struct ec_sync_config *cfg,
				     unsigned int sync_index)
{
	const struct ec_sii_sync *cur;
	unsigned int i;

	if (sync_index >= slave->sync_count)
		return false;
	cur = &slave->syncs[sync_index];
	if (cur->pdo_count != cfg->pdo_count)
		return false;
	for (i = 0; i < cfg->pdo_count; i++)
		if (cur->pdos[i].index != cfg->pdos[i].index)
			return false;
	return true;
}

/* The config gives entries for a PDO that the slave maps differently. */
static bool ec_pdo_conf_mapping_differs(const struct ec_slave *slave,
					const struct ec_pdo *pdo)
{
	if (!pdo->entry_count)
		return false;
	return !ec_pdo_mapping_equal(pdo, ec_slave_find_pdo(slave,
							     pdo->index));
}

void ec_fsm_pdo_conf_init(struct ec_fsm_pdo_conf *fsm,
			  struct ec_fsm_coe *coe)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->coe = coe;
	fsm->state = ec_fsm_pdo_conf_state_end;
}

static void ec_fsm_pdo_conf_fail(struct ec_fsm_pdo_conf *fsm, int error)
{
	fsm->error = error;
	fsm->state = ec_fsm_pdo_conf_state_error;
}

/* Download @size bytes of @value to @index:@subindex. */
static void ec_fsm_pdo_conf_download(struct ec_fsm_pdo_conf *fsm, u16 index,
				     u8 subindex, u32 value, size_t size,
				     ec_fsm_pdo_conf_state_t next,
				     u64 now_ns)
{
	struct ec_sdo_request *req = &fsm->request;

	memset(req, 0, sizeof(*req));
	ec_list_init(&req->base.node);
	req->write = true;
	req->index = index;
	req->subindex = subindex;
	ec_put_u32(fsm->buf, value);
	req->data = fsm->buf;
	req->mem_size = sizeof(fsm->buf);
	req->data_size = size;
	ec_fsm_coe_transfer(fsm->coe, fsm->slave, req, now_ns);
	fsm->state = next;
}

/* Runs the CoE FSM; true when the download succeeded. */
static bool ec_fsm_pdo_conf_written(struct ec_fsm_pdo_conf *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = &fsm->request;

	if (ec_fsm_coe_exec(fsm->coe, now_ns))
		return false;
	if (ec_fsm_coe_success(fsm->coe)) {
		fsm->written++;
		return true;
	}
	if (req->abort_code)
		EC_SLAVE_ERR(fsm->slave,
			     "PDO configuration: writing SDO 0x%04x:%02x aborted: 0x%08x %s",
			     req->index, req->subindex, req->abort_code,
			     ec_coe_abort_text(req->abort_code));
	else
		EC_SLAVE_ERR(fsm->slave,
			     "PDO configuration: writing SDO 0x%04x:%02x failed (%d)",
			     req->index, req->subindex, req->base.error);
	ec_fsm_pdo_conf_fail(fsm, req->base.error ? req->base.error : -EIO);
	return false;
}

static const struct ec_sync_config *ec_fsm_pdo_conf_cfg(
	const struct ec_fsm_pdo_conf *fsm)
{
	return &fsm->sc->syncs[fsm->sync_pos];
}

/* Give the slave's copy of the SM the PDOs just written. */
static int ec_fsm_pdo_conf_update_slave(struct ec_fsm_pdo_conf *fsm)
{
	const struct ec_sync_config *cfg = ec_fsm_pdo_conf_cfg(fsm);
	struct ec_slave *slave = fsm->slave;
	struct ec_sii_sync *sync;
	struct ec_pdo *pdos = NULL;
	unsigned int i, n = 0;
	int ret = 0;

	if (!slave->coe_syncs || fsm->sync_pos >= slave->coe_sync_count)
		return 0;
	sync = &slave->coe_syncs[fsm->sync_pos];
	if (cfg->pdo_count) {
		pdos = ec_zalloc(cfg->pdo_count * sizeof(*pdos));
		if (!pdos)
			return -ENOMEM;
	}
	for (; n < cfg->pdo_count; n++) {
		const struct ec_pdo *src = ec_pdo_conf_effective(
			slave, &cfg->pdos[n]);

		if (!src)
			src = &cfg->pdos[n];
		ret = ec_slave_pdo_copy(&pdos[n], src);
		pdos[n].index = cfg->pdos[n].index;
		pdos[n].sync_index = (s8)fsm->sync_pos;
		if (ret) {
			n++;
			break;
		}
	}
	if (ret) {
		for (i = 0; i < n; i++)
			ec_slave_pdo_clear(&pdos[i]);
		ec_free(pdos);
		return ret;
	}
	for (i = 0; i < sync->pdo_count; i++)
		ec_slave_pdo_clear(&sync->pdos[i]);
	ec_free(sync->pdos);
	sync->pdos = pdos;
	sync->pdo_count = cfg->pdo_count;
	return 0;
}

static void ec_fsm_pdo_conf_next_sync(struct ec_fsm_pdo_conf *fsm,
				      u64 now_ns);

static void ec_fsm_pdo_conf_sync_done(struct ec_fsm_pdo_conf *fsm,
				      u64 now_ns)
{
	int ret = ec_fsm_pdo_conf_update_slave(fsm);

	if (ret) {
		ec_fsm_pdo_conf_fail(fsm, ret);
		return;
	}
	fsm->sync_pos++;
	ec_fsm_pdo_conf_next_sync(fsm, now_ns);
}

static void ec_fsm_pdo_conf_assign(struct ec_fsm_pdo_conf *fsm, u64 now_ns)
{
	const struct ec_sync_config *cfg = ec_fsm_pdo_conf_cfg(fsm);
	struct ec_slave *slave = fsm->slave;

	if (ec_pdo_conf_assign_equal(slave, cfg, fsm->sync_pos)) {
		ec_fsm_pdo_conf_sync_done(fsm, now_ns);
		return;
	}
	if (!(slave->sii.coe_details & EC_COE_DETAILS_PDO_ASSIGN)) {
		EC_SLAVE_WARN(slave, "PDO assignment of SM%u differs from the "
			      "configuration, but the slave cannot change it",
			      fsm->sync_pos);
		ec_fsm_pdo_conf_sync_done(fsm, now_ns);
		return;
	}
	fsm->entry_pos = 0;
	ec_fsm_pdo_conf_download(fsm, EC_COE_SM_ASSIGN_BASE + fsm->sync_pos,
				 0, 0, 1, ec_fsm_pdo_conf_state_assign_clear,
				 now_ns);
}

/* The next PDO whose mapping has to be written, else the assignment. */
static void ec_fsm_pdo_conf_next_mapping(struct ec_fsm_pdo_conf *fsm,
					 u64 now_ns)
{
	const struct ec_sync_config *cfg = ec_fsm_pdo_conf_cfg(fsm);
	struct ec_slave *slave = fsm->slave;

	for (; fsm->pdo_pos < cfg->pdo_count; fsm->pdo_pos++) {
		const struct ec_pdo *pdo = &cfg->pdos[fsm->pdo_pos];

		if (!ec_pdo_conf_mapping_differs(slave, pdo))
			continue;
		if (!(slave->sii.coe_details & EC_COE_DETAILS_PDO_CONFIG)) {
			EC_SLAVE_WARN(slave, "mapping of PDO 0x%04x differs "
				      "from the configuration, but the slave "
				      "cannot change it", pdo->index);
			continue;
		}
		fsm->entry_pos = 0;
		ec_fsm_pdo_conf_download(fsm, pdo->index, 0, 0, 1,
					 ec_fsm_pdo_conf_state_map_clear,
					 now_ns);
		return;
	}
	ec_fsm_pdo_conf_assign(fsm, now_ns);
}

static bool ec_fsm_pdo_conf_sync_differs(const struct ec_fsm_pdo_conf *fsm,
					 unsigned int i)
{
	const struct ec_sync_config *cfg = &fsm->sc->syncs[i];
	unsigned int j;

	if (!ec_pdo_conf_assign_equal(fsm->slave, cfg, i))
		return true;
	for (j = 0; j < cfg->pdo_count; j++)
		if (ec_pdo_conf_mapping_differs(fsm->slave, &cfg->pdos[j]))
			return true;
	return false;
}

static void ec_fsm_pdo_conf_next_sync(struct ec_fsm_pdo_conf *fsm,
				      u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	for (; fsm->sync_pos < EC_SC_SYNCS &&
	       fsm->sync_pos < slave->sync_count; fsm->sync_pos++) {
		if (!fsm->sc->syncs[fsm->sync_pos].pdos_set ||
		    !ec_sync_is_process_data(&slave->syncs[fsm->sync_pos]))
			continue;
		if (ec_fsm_pdo_conf_sync_differs(fsm, fsm->sync_pos))
			break;
	}
	if (fsm->sync_pos >= EC_SC_SYNCS ||
	    fsm->sync_pos >= slave->sync_count) {
		fsm->state = ec_fsm_pdo_conf_state_end;
		return;
	}
	fsm->pdo_pos = 0;
	ec_fsm_pdo_conf_next_mapping(fsm, now_ns);
}

/**
 * ec_fsm_pdo_conf_start() - write the configured PDOs of a CoE slave
 * @fsm: PDO configuration FSM
 * @slave: slave in PREOP with CoE
 * @sc: its configuration
 * @now_ns: current time
 */
void ec_fsm_pdo_conf_start(struct ec_fsm_pdo_conf *fsm,
			   struct ec_slave *slave,
			   const struct ec_slave_config *sc, u64 now_ns)
{
	fsm->slave = slave;
	fsm->sc = sc;
	fsm->error = 0;
	fsm->sync_pos = 0;
	ec_fsm_pdo_conf_next_sync(fsm, now_ns);
}

/**
 * ec_fsm_pdo_conf_exec() - advance by one step
 * @fsm: PDO configuration FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_pdo_conf_exec(struct ec_fsm_pdo_conf *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_pdo_conf_state_end ||
	    fsm->state == ec_fsm_pdo_conf_state_error)
		return false;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_pdo_conf_state_end &&
	       fsm->state != ec_fsm_pdo_conf_state_error;
}

/**
 * ec_fsm_pdo_conf_success() - result of the ended FSM
 * @fsm: PDO configuration FSM
 *
 * Return: true if the slave has the configured PDOs; else fsm->error.
 */
bool ec_fsm_pdo_conf_success(const struct ec_fsm_pdo_conf *fsm)
{
	return fsm->state == ec_fsm_pdo_conf_state_end;
}

static const struct ec_pdo *ec_fsm_pdo_conf_pdo(
	const struct ec_fsm_pdo_conf *fsm)
{
	return &ec_fsm_pdo_conf_cfg(fsm)->pdos[fsm->pdo_pos];
}

static void ec_fsm_pdo_conf_write_entry(struct ec_fsm_pdo_conf *fsm,
					u64 now_ns)
{
	const struct ec_pdo *pdo = ec_fsm_pdo_conf_pdo(fsm);
	const struct ec_pdo_entry *e = &pdo->entries[fsm->entry_pos];
	u32 value = (u32)e->index << 16 | (u32)e->subindex << 8 |
		    e->bit_length;

	ec_fsm_pdo_conf_download(fsm, pdo->index, (u8)(fsm->entry_pos + 1),
				 value, 4, ec_fsm_pdo_conf_state_map_entry,
				 now_ns);
}

static void ec_fsm_pdo_conf_state_map_clear(struct ec_fsm_pdo_conf *fsm,
					    u64 now_ns)
{
	if (!ec_fsm_pdo_conf_written(fsm, now_ns))
		return;
	ec_fsm_pdo_conf_write_entry(fsm, now_ns);
}

static void ec_fsm_pdo_conf_state_map_entry(struct ec_fsm_pdo_conf *fsm,
					    u64 now_ns)
{
	const struct ec_pdo *pdo = ec_fsm_pdo_conf_pdo(fsm);

	if (!ec_fsm_pdo_conf_written(fsm, now_ns))
		return;
	if (++fsm->entry_pos < pdo->entry_count) {
		ec_fsm_pdo_conf_write_entry(fsm, now_ns);
		return;
	}
	ec_fsm_pdo_conf_download(fsm, pdo->index, 0, pdo->entry_count, 1,
				 ec_fsm_pdo_conf_state_map_count, now_ns);
}

static void ec_fsm_pdo_conf_state_map_count(struct ec_fsm_pdo_conf *fsm,
					    u64 now_ns)
{
	if (!ec_fsm_pdo_conf_written(fsm, now_ns))
		return;
	fsm->pdo_pos++;
	ec_fsm_pdo_conf_next_mapping(fsm, now_ns);
}

static void ec_fsm_pdo_conf_write_assign(struct ec_fsm_pdo_conf *fsm,
					 u64 now_ns)
{
	const struct ec_sync_config *cfg = ec_fsm_pdo_conf_cfg(fsm);

	ec_fsm_pdo_conf_download(fsm, EC_COE_SM_ASSIGN_BASE + fsm->sync_pos,
				 (u8)(fsm->entry_pos + 1),
				 cfg->pdos[fsm->entry_pos].index, 2,
				 ec_fsm_pdo_conf_state_assign_entry, now_ns);
}

static void ec_fsm_pdo_conf_state_assign_clear(struct ec_fsm_pdo_conf *fsm,
					       u64 now_ns)
{
	const struct ec_sync_config *cfg = ec_fsm_pdo_conf_cfg(fsm);

	if (!ec_fsm_pdo_conf_written(fsm, now_ns))
		return;
	if (!cfg->pdo_count) {
		ec_fsm_pdo_conf_sync_done(fsm, now_ns);
		return;
	}
	ec_fsm_pdo_conf_write_assign(fsm, now_ns);
}

static void ec_fsm_pdo_conf_state_assign_entry(struct ec_fsm_pdo_conf *fsm,
					       u64 now_ns)
{
	const struct ec_sync_config *cfg = ec_fsm_pdo_conf_cfg(fsm);

	if (!ec_fsm_pdo_conf_written(fsm, now_ns))
		return;
	if (++fsm->entry_pos < cfg->pdo_count) {
		ec_fsm_pdo_conf_write_assign(fsm, now_ns);
		return;
	}
	ec_fsm_pdo_conf_download(fsm, EC_COE_SM_ASSIGN_BASE + fsm->sync_pos,
				 0, cfg->pdo_count, 1,
				 ec_fsm_pdo_conf_state_assign_count, now_ns);
}

static void ec_fsm_pdo_conf_state_assign_count(struct ec_fsm_pdo_conf *fsm,
					       u64 now_ns)
{
	if (!ec_fsm_pdo_conf_written(fsm, now_ns))
		return;
	ec_fsm_pdo_conf_sync_done(fsm, now_ns);
}

static void ec_fsm_pdo_conf_state_end(struct ec_fsm_pdo_conf *fsm,
				      u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_pdo_conf_state_error(struct ec_fsm_pdo_conf *fsm,
					u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
