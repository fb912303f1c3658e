// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_pdo.c - read the PDO assignment and mapping of a CoE slave.
 *
 * copy the SII SMs -> for each process data SM: 0x1C1n:00 (count)
 *   -> 0x1C1n:01.. (PDO indices) -> for each PDO: idx:00 (count)
 *   -> idx:01.. (index << 16 | subindex << 8 | bit length)
 * An SM whose assignment object does not exist keeps the SII PDOs.
 */
#include "slave/fsm_pdo.h"
#include "mailbox/fsm_coe.h"
#include "slave/slave.h"

#define EC_SM_CONTROL_MODE_MASK 0x03	/* SM control bits 0-1 */
#define EC_SM_CONTROL_MODE_MAILBOX 0x02

static void ec_fsm_pdo_state_assign_count(struct ec_fsm_pdo *fsm,
					  u64 now_ns);
static void ec_fsm_pdo_state_assign_entry(struct ec_fsm_pdo *fsm,
					  u64 now_ns);
static void ec_fsm_pdo_state_map_count(struct ec_fsm_pdo *fsm, u64 now_ns);
static void ec_fsm_pdo_state_map_entry(struct ec_fsm_pdo *fsm, u64 now_ns);
static void ec_fsm_pdo_state_end(struct ec_fsm_pdo *fsm, u64 now_ns);
static void ec_fsm_pdo_state_error(struct ec_fsm_pdo *fsm, u64 now_ns);

static char *ec_pdo_strdup(const char *s)
{
	size_t len;
	char *p;

	if (!s)
		return NULL;
	len = strlen(s);
	p = ec_zalloc(len + 1);
	if (p)
		memcpy(p, s, len);
	return p;
}

/* Frees the name and entries of @pdo (not @pdo itself). */
void ec_slave_pdo_clear(struct ec_pdo *pdo)
{
	unsigned int i;

	for (i = 0; i < pdo->entry_count; i++)
		ec_free(pdo->entries[i].name);
	ec_free(pdo->entries);
	ec_free(pdo->name);
	pdo->entries = NULL;
	pdo->entry_count = 0;
	pdo->name = NULL;
}

static void ec_sync_free_pdos(struct ec_sii_sync *sync)
{
	unsigned int i;

	for (i = 0; i < sync->pdo_count; i++)
		ec_slave_pdo_clear(&sync->pdos[i]);
	ec_free(sync->pdos);
	sync->pdos = NULL;
	sync->pdo_count = 0;
}

/**
 * ec_slave_free_syncs() - free a sync manager copy made by fsm_pdo.c
 * @syncs: array, or NULL
 * @count: its entries
 */
void ec_slave_free_syncs(struct ec_sii_sync *syncs, unsigned int count)
{
	unsigned int i;

	if (!syncs)
		return;
	for (i = 0; i < count; i++)
		ec_sync_free_pdos(&syncs[i]);
	ec_free(syncs);
}

/* Deep copy of @src into @dst; on -ENOMEM @dst holds what was copied. */
int ec_slave_pdo_copy(struct ec_pdo *dst, const struct ec_pdo *src)
{
	unsigned int i;

	*dst = *src;
	dst->name = NULL;
	dst->entries = NULL;
	dst->entry_count = 0;
	if (src->name) {
		dst->name = ec_pdo_strdup(src->name);
		if (!dst->name)
			return -ENOMEM;
	}
	if (!src->entry_count)
		return 0;
	dst->entries = ec_zalloc(src->entry_count * sizeof(*dst->entries));
	if (!dst->entries)
		return -ENOMEM;
	for (i = 0; i < src->entry_count; i++) {
		dst->entries[i] = src->entries[i];
		dst->entries[i].name = NULL;
		dst->entry_count++;
		if (src->entries[i].name) {
			dst->entries[i].name =
				ec_pdo_strdup(src->entries[i].name);
			if (!dst->entries[i].name)
				return -ENOMEM;
		}
	}
	return 0;
}

/* Deep copy of the SII sync managers with their PDOs. */
static int ec_fsm_pdo_copy_sii(struct ec_fsm_pdo *fsm)
{
	const struct ec_sii *sii = &fsm->slave->sii;
	unsigned int i, j;

	fsm->sync_count = 0;
	if (!sii->sync_count)
		return 0;
	fsm->syncs = ec_zalloc(sii->sync_count * sizeof(*fsm->syncs));
	if (!fsm->syncs)
		return -ENOMEM;
	fsm->sync_count = sii->sync_count;
	for (i = 0; i < sii->sync_count; i++) {
		const struct ec_sii_sync *src = &sii->syncs[i];
		struct ec_sii_sync *dst = &fsm->syncs[i];

		*dst = *src;
		dst->pdos = NULL;
		dst->pdo_count = 0;
		if (!src->pdo_count)
			continue;
		dst->pdos = ec_zalloc(src->pdo_count * sizeof(*dst->pdos));
		if (!dst->pdos)
			return -ENOMEM;
		for (j = 0; j < src->pdo_count; j++) {
			dst->pdo_count++;
			if (ec_slave_pdo_copy(&dst->pdos[j], &src->pdos[j]))
				return -ENOMEM;
		}
	}
	return 0;
}

/* The SII's description of a PDO, for its names. */
static const struct ec_pdo *ec_fsm_pdo_sii_pdo(const struct ec_slave *slave,
					       u16 index)
{
	unsigned int i, j;

	for (i = 0; i < slave->sii.sync_count; i++)
		for (j = 0; j < slave->sii.syncs[i].pdo_count; j++)
			if (slave->sii.syncs[i].pdos[j].index == index)
				return &slave->sii.syncs[i].pdos[j];
	return NULL;
}

/**
 * ec_fsm_pdo_init() - set up a PDO reading FSM
 * @fsm: FSM memory
 * @coe: the CoE FSM it runs its uploads with
 */
void ec_fsm_pdo_init(struct ec_fsm_pdo *fsm, struct ec_fsm_coe *coe)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->coe = coe;
	fsm->state = ec_fsm_pdo_state_end;
}

/* Frees a half-built copy of the SMs (nothing after success). */
void ec_fsm_pdo_clear(struct ec_fsm_pdo *fsm)
{
	ec_slave_free_syncs(fsm->syncs, fsm->sync_count);
	fsm->syncs = NULL;
	fsm->sync_count = 0;
}

static void ec_fsm_pdo_fail(struct ec_fsm_pdo *fsm, int error)
{
	fsm->error = error;
	ec_fsm_pdo_clear(fsm);
	fsm->state = ec_fsm_pdo_state_error;
}

/* Start an upload of @index:@subindex into buf. */
static void ec_fsm_pdo_upload(struct ec_fsm_pdo *fsm, u16 index,
			      u8 subindex, ec_fsm_pdo_state_t next,
			      u64 now_ns)
{
	struct ec_sdo_request *req = &fsm->request;

	memset(req, 0, sizeof(*req));
	ec_list_init(&req->base.node);
	req->index = index;
	req->subindex = subindex;
	req->data = fsm->buf;
	req->mem_size = sizeof(fsm->buf);
	memset(fsm->buf, 0, sizeof(fsm->buf));
	ec_fsm_coe_transfer(fsm->coe, fsm->slave, req, now_ns);
	fsm->state = next;
}

/* Value of the upload just done, little-endian, up to 4 bytes. */
static u32 ec_fsm_pdo_value(const struct ec_fsm_pdo *fsm)
{
	return ec_get_u32(fsm->buf);
}

/* Runs the CoE FSM; true once it finished (successfully or not). */
static bool ec_fsm_pdo_coe_done(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	return !ec_fsm_coe_exec(fsm->coe, now_ns);
}

static void ec_fsm_pdo_next_sync(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	for (; fsm->sync_pos < fsm->sync_count; fsm->sync_pos++) {
		const struct ec_sii_sync *s = &fsm->syncs[fsm->sync_pos];

		if ((s->control_register & EC_SM_CONTROL_MODE_MASK) !=
		    EC_SM_CONTROL_MODE_MAILBOX)
			break;
	}
	if (fsm->sync_pos >= fsm->sync_count) {
		ec_slave_free_syncs(slave->coe_syncs, slave->coe_sync_count);
		slave->coe_syncs = fsm->syncs;
		slave->coe_sync_count = fsm->sync_count;
		slave->syncs = slave->coe_syncs;
		slave->sync_count = slave->coe_sync_count;
		fsm->syncs = NULL;
		fsm->sync_count = 0;
		fsm->state = ec_fsm_pdo_state_end;
		return;
	}
	ec_fsm_pdo_upload(fsm, EC_COE_SM_ASSIGN_BASE + fsm->sync_pos, 0,
			  ec_fsm_pdo_state_assign_count, now_ns);
}

/**
 * ec_fsm_pdo_start() - read the PDOs of a CoE slave in PREOP
 * @fsm: PDO FSM
 * @slave: slave
 * @now_ns: current time
 */
void ec_fsm_pdo_start(struct ec_fsm_pdo *fsm, struct ec_slave *slave,
		      u64 now_ns)
{
	ec_fsm_pdo_clear(fsm);
	fsm->slave = slave;
	fsm->error = 0;
	fsm->sync_pos = 0;
	fsm->read_count = 0;
	if (ec_fsm_pdo_copy_sii(fsm)) {
		ec_fsm_pdo_fail(fsm, -ENOMEM);
		return;
	}
	ec_fsm_pdo_next_sync(fsm, now_ns);
}

/**
 * ec_fsm_pdo_exec() - advance by one step
 * @fsm: PDO FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_pdo_exec(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_pdo_state_end ||
	    fsm->state == ec_fsm_pdo_state_error)
		return false;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_pdo_state_end &&
	       fsm->state != ec_fsm_pdo_state_error;
}

/**
 * ec_fsm_pdo_success() - result of the ended FSM
 * @fsm: PDO FSM
 *
 * Return: true if the PDOs were read; else fsm->error.
 */
bool ec_fsm_pdo_success(const struct ec_fsm_pdo *fsm)
{
	return fsm->state == ec_fsm_pdo_state_end;
}

static void ec_fsm_pdo_state_assign_count(struct ec_fsm_pdo *fsm,
					  u64 now_ns)
{
	struct ec_sii_sync *sync = &fsm->syncs[fsm->sync_pos];
	unsigned int count;

	if (!ec_fsm_pdo_coe_done(fsm, now_ns))
		return;
	if (!ec_fsm_coe_success(fsm->coe)) {
		if (!fsm->request.abort_code) {	/* not an SDO abort */
			ec_fsm_pdo_fail(fsm, fsm->request.base.error);
			return;
		}
		/* No assignment object: keep what the SII says. */
		fsm->sync_pos++;
		ec_fsm_pdo_next_sync(fsm, now_ns);
		return;
	}
	count = ec_fsm_pdo_value(fsm) & 0xff;
	ec_sync_free_pdos(sync);
	fsm->read_count++;
	if (count) {
		sync->pdos = ec_zalloc(count * sizeof(*sync->pdos));
		if (!sync->pdos) {
			ec_fsm_pdo_fail(fsm, -ENOMEM);
			return;
		}
		sync->pdo_count = count;
	}
	fsm->pdo_pos = 0;
	if (!count) {
		fsm->sync_pos++;
		ec_fsm_pdo_next_sync(fsm, now_ns);
		return;
	}
	ec_fsm_pdo_upload(fsm, EC_COE_SM_ASSIGN_BASE + fsm->sync_pos, 1,
			  ec_fsm_pdo_state_assign_entry, now_ns);
}

static void ec_fsm_pdo_state_assign_entry(struct ec_fsm_pdo *fsm,
					  u64 now_ns)
{
	struct ec_sii_sync *sync = &fsm->syncs[fsm->sync_pos];
	struct ec_pdo *pdo = &sync->pdos[fsm->pdo_pos];
	const struct ec_pdo *sii_pdo;

	if (!ec_fsm_pdo_coe_done(fsm, now_ns))
		return;
	if (!ec_fsm_coe_success(fsm->coe)) {
		ec_fsm_pdo_fail(fsm, fsm->request.base.error);
		return;
	}
	pdo->index = (u16)ec_fsm_pdo_value(fsm);
	pdo->sync_index = (s8)fsm->sync_pos;
	sii_pdo = ec_fsm_pdo_sii_pdo(fsm->slave, pdo->index);
	if (sii_pdo && sii_pdo->name) {
		pdo->name = ec_pdo_strdup(sii_pdo->name);
		if (!pdo->name) {
			ec_fsm_pdo_fail(fsm, -ENOMEM);
			return;
		}
	}
	if (++fsm->pdo_pos < sync->pdo_count) {
		ec_fsm_pdo_upload(fsm, EC_COE_SM_ASSIGN_BASE + fsm->sync_pos,
				  (u8)(fsm->pdo_pos + 1),
				  ec_fsm_pdo_state_assign_entry, now_ns);
		return;
	}
	fsm->pdo_pos = 0;
	ec_fsm_pdo_upload(fsm, sync->pdos[0].index, 0,
			  ec_fsm_pdo_state_map_count, now_ns);
}

/* Next PDO of the SM, or the next SM. */
static void ec_fsm_pdo_next_pdo(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	struct ec_sii_sync *sync = &fsm->syncs[fsm->sync_pos];

	if (++fsm->pdo_pos < sync->pdo_count) {
		ec_fsm_pdo_upload(fsm, sync->pdos[fsm->pdo_pos].index, 0,
				  ec_fsm_pdo_state_map_count, now_ns);
		return;
	}
	fsm->sync_pos++;
	ec_fsm_pdo_next_sync(fsm, now_ns);
}

static void ec_fsm_pdo_state_map_count(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	struct ec_pdo *pdo = &fsm->syncs[fsm->sync_pos].pdos[fsm->pdo_pos];
	unsigned int count;

	if (!ec_fsm_pdo_coe_done(fsm, now_ns))
		return;
	if (!ec_fsm_coe_success(fsm->coe)) {
		ec_fsm_pdo_fail(fsm, fsm->request.base.error);
		return;
	}
	count = ec_fsm_pdo_value(fsm) & 0xff;
	if (!count) {
		ec_fsm_pdo_next_pdo(fsm, now_ns);
		return;
	}
	pdo->entries = ec_zalloc(count * sizeof(*pdo->entries));
	if (!pdo->entries) {
		ec_fsm_pdo_fail(fsm, -ENOMEM);
		return;
	}
	pdo->entry_count = count;
	fsm->entry_pos = 0;
	ec_fsm_pdo_upload(fsm, pdo->index, 1, ec_fsm_pdo_state_map_entry,
			  now_ns);
}

static void ec_fsm_pdo_state_map_entry(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	struct ec_pdo *pdo = &fsm->syncs[fsm->sync_pos].pdos[fsm->pdo_pos];
	struct ec_pdo_entry *e = &pdo->entries[fsm->entry_pos];
	const struct ec_pdo *sii_pdo;
	unsigned int i;
	u32 v;

	if (!ec_fsm_pdo_coe_done(fsm, now_ns))
		return;
	if (!ec_fsm_coe_success(fsm->coe)) {
		ec_fsm_pdo_fail(fsm, fsm->request.base.error);
		return;
	}
	v = ec_fsm_pdo_value(fsm);
	e->index = (u16)(v >> 16);
	e->subindex = (u8)(v >> 8);
	e->bit_length = (u8)v;
	sii_pdo = ec_fsm_pdo_sii_pdo(fsm->slave, pdo->index);
	for (i = 0; sii_pdo && i < sii_pdo->entry_count; i++) {
		const struct ec_pdo_entry *s = &sii_pdo->entries[i];

		if (s->index == e->index && s->subindex == e->subindex &&
		    s->name && e->index) {
			e->name = ec_pdo_strdup(s->name);
			if (!e->name) {
				ec_fsm_pdo_fail(fsm, -ENOMEM);
				return;
			}
			break;
		}
	}
	if (++fsm->entry_pos < pdo->entry_count) {
		ec_fsm_pdo_upload(fsm, pdo->index, (u8)(fsm->entry_pos + 1),
				  ec_fsm_pdo_state_map_entry, now_ns);
		return;
	}
	ec_fsm_pdo_next_pdo(fsm, now_ns);
}

static void ec_fsm_pdo_state_end(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_pdo_state_error(struct ec_fsm_pdo *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
