// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_coe_info.c - reading a slave's object dictionary with SDO
 * information (ETG.1000.6 clause 5.6.3): the list of all objects, then
 * for each object its description and the description of each entry.
 * Replies may come in fragments ("fragments left"); their data are
 * collected before use.
 *
 * OD list -> for each object: object description
 *         -> for each subindex (VAR: 0; ARRAY/RECORD: 0..max): entry
 *            description (an SDO info error skips the entry)
 */
#include "mailbox/fsm_coe.h"
#include "mailbox/coe_abort.h"
#include "slave/fsm_change.h"
#include "cycle/master.h"
#include "slave/slave.h"

/* SDO information header after the CoE header, ETG.1000.6 table 43. */
#define EC_SDO_INFO_OPCODE 2	/* opcode:7, incomplete:1 */
#define EC_SDO_INFO_FRAGMENTS 4	/* 16 bit: fragments left */
#define EC_SDO_INFO_DATA 6
#define EC_SDO_INFO_OPCODE_MASK 0x7f

/* Opcodes, ETG.1000.6 table 44. */
#define EC_SDO_INFO_OD_LIST_REQ 0x01
#define EC_SDO_INFO_OD_LIST_RESP 0x02
#define EC_SDO_INFO_OBJ_DESC_REQ 0x03
#define EC_SDO_INFO_OBJ_DESC_RESP 0x04
#define EC_SDO_INFO_ENTRY_DESC_REQ 0x05
#define EC_SDO_INFO_ENTRY_DESC_RESP 0x06
#define EC_SDO_INFO_ERROR_REQ 0x07

#define EC_SDO_INFO_LIST_ALL 0x0001	/* OD list type: all objects */
#define EC_COE_OBJECT_VAR 0x07		/* object codes, ETG.1000.6 */

/* Object access bits of the entry description, ETG.1000.6 table 47. */
#define EC_COE_ACCESS_READ_PREOP 0x0001
#define EC_COE_ACCESS_WRITE_PREOP 0x0008

/* Sizes of fixed parts of the replies' data. */
#define EC_OBJ_DESC_FIXED 6	/* index, data type, max sub, code */
#define EC_ENTRY_DESC_FIXED EC_COE_ENTRY_DESC_FIXED

static void ec_fsm_coe_state_od_list(struct ec_fsm_coe *fsm, u64 now_ns);
static void ec_fsm_coe_state_obj_desc(struct ec_fsm_coe *fsm, u64 now_ns);
static void ec_fsm_coe_state_entry_desc(struct ec_fsm_coe *fsm,
					u64 now_ns);

/**
 * ec_slave_free_sdos() - free a dictionary as fsm_coe_info.c builds it
 * @sdos: array, or NULL
 * @count: its entries
 */
void ec_slave_free_sdos(struct ec_sdo *sdos, unsigned int count)
{
	unsigned int i, j;

	if (!sdos)
		return;
	for (i = 0; i < count; i++) {
		for (j = 0; j < sdos[i].entry_count; j++)
			ec_free(sdos[i].entries[j].description);
		ec_free(sdos[i].entries);
		ec_free(sdos[i].name);
	}
	ec_free(sdos);
}

/**
 * ec_coe_entry_decode() - the fixed fields of an entry description
 * @e: filled but for the description
 * @d: the reply's data, at least EC_COE_ENTRY_DESC_FIXED bytes (ETG.1000.6
 *     table 46: index, subindex, value info, data type, bit length,
 *     object access)
 */
void ec_coe_entry_decode(struct ec_sdo_entry *e, const u8 *d)
{
	u16 access = ec_get_u16(d + 8);
	unsigned int i;

	e->subindex = d[2];
	e->data_type = ec_get_u16(d + 4);
	e->bit_length = ec_get_u16(d + 6);
	for (i = 0; i < 3; i++) {
		e->read_access[i] = !!(access & (EC_COE_ACCESS_READ_PREOP << i));
		e->write_access[i] =
			!!(access & (EC_COE_ACCESS_WRITE_PREOP << i));
	}
}

static char *ec_fsm_coe_strdup(const u8 *s, size_t len)
{
	char *p = ec_zalloc(len + 1);

	if (p)
		memcpy(p, s, len);
	return p;
}

/* Set up an SDO information request with @size data bytes. */
static u8 *ec_fsm_coe_info_prepare(struct ec_fsm_coe *fsm, u8 opcode,
				   size_t size, u8 reply_opcode)
{
	u8 *p = ec_fsm_coe_prepare(fsm, EC_COE_SERVICE_SDO_INFO,
				   EC_SDO_INFO_DATA - EC_COE_HEADER_SIZE +
				   size);

	if (!p) {
		ec_fsm_coe_finish(fsm, -EOVERFLOW);
		return NULL;
	}
	p[EC_SDO_INFO_OPCODE] = opcode;
	fsm->info_opcode = reply_opcode;
	fsm->info_len = 0;
	return p;
}

static int ec_fsm_coe_info_append(struct ec_fsm_coe *fsm, const u8 *data,
				  size_t len)
{
	if (!len)	/* an empty fragment: info_buf may not exist yet */
		return 0;
	if (fsm->info_len + len > fsm->info_cap) {
		size_t cap = fsm->info_cap ? fsm->info_cap : 512;
		u8 *buf;

		while (cap < fsm->info_len + len)
			cap *= 2;
		buf = ec_zalloc(cap);
		if (!buf)
			return -ENOMEM;
		if (fsm->info_len)
			memcpy(buf, fsm->info_buf, fsm->info_len);
		ec_free(fsm->info_buf);
		fsm->info_buf = buf;
		fsm->info_cap = cap;
	}
	memcpy(fsm->info_buf + fsm->info_len, data, len);
	fsm->info_len += len;
	return 0;
}

/*
 * Collect the fragments of an SDO information reply into info_buf.
 * Return: 1 when complete, 0 while waiting, -1 when the FSM failed,
 * -2 for an SDO info error request (abort code in fsm->abort_code).
 */
static int ec_fsm_coe_info_collect(struct ec_fsm_coe *fsm, u64 now_ns)
{
	const u8 *p;
	size_t n;
	u8 op;
	int ret;

	ret = ec_fsm_coe_reply(fsm, EC_COE_SERVICE_SDO_INFO, &p, &n, now_ns);
	if (ret <= 0)
		return ret;
	if (n < EC_SDO_INFO_DATA) {
		EC_SLAVE_ERR(fsm->slave, "SDO information reply too short");
		ec_fsm_coe_finish(fsm, -EPROTO);
		return -1;
	}
	op = p[EC_SDO_INFO_OPCODE] & EC_SDO_INFO_OPCODE_MASK;
	if (op == EC_SDO_INFO_ERROR_REQ) {
		fsm->abort_code = n >= EC_SDO_INFO_DATA + 4 ?
			ec_get_u32(p + EC_SDO_INFO_DATA) : 0;
		return -2;
	}
	if (op != fsm->info_opcode) {
		EC_SLAVE_WARN(fsm->slave,
			      "dropped SDO information opcode 0x%02x", op);
		ec_fsm_coe_receive_again(fsm, now_ns);
		return 0;
	}
	if (ec_fsm_coe_info_append(fsm, p + EC_SDO_INFO_DATA,
				   n - EC_SDO_INFO_DATA)) {
		ec_fsm_coe_finish(fsm, -ENOMEM);
		return -1;
	}
	if (ec_get_u16(p + EC_SDO_INFO_FRAGMENTS)) {
		ec_fsm_coe_receive_again(fsm, now_ns);
		return 0;
	}
	return 1;
}

/**
 * ec_fsm_coe_dictionary() - read the slave's object dictionary
 * @fsm: CoE FSM
 * @slave: slave with CoE and SDO information
 * @now_ns: current time
 *
 * On success the dictionary replaces slave->sdos / sdo_count.
 */
void ec_fsm_coe_dictionary(struct ec_fsm_coe *fsm, struct ec_slave *slave,
			   u64 now_ns)
{
	u8 *p;

	ec_fsm_coe_clear(fsm);
	fsm->dict_pause = false;
	fsm->dict_paused = false;
	fsm->slave = slave;
	fsm->request = NULL;
	fsm->error = 0;
	fsm->abort_code = 0;
	fsm->timeout_ns = EC_MBOX_TIMEOUT_NS;
	if (!(slave->sii.mailbox_protocols & EC_MBOX_COE) ||
	    !ec_slave_has_mailbox(slave)) {
		ec_fsm_coe_finish(fsm, -EPROTONOSUPPORT);
		return;
	}
	p = ec_fsm_coe_info_prepare(fsm, EC_SDO_INFO_OD_LIST_REQ, 2,
				    EC_SDO_INFO_OD_LIST_RESP);
	if (!p)
		return;
	ec_put_u16(p + EC_SDO_INFO_DATA, EC_SDO_INFO_LIST_ALL);
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_od_list, now_ns);
}

static void ec_fsm_coe_request_object(struct ec_fsm_coe *fsm, u64 now_ns);

/* The dictionary is complete: hand it to the slave. */
static void ec_fsm_coe_dictionary_done(struct ec_fsm_coe *fsm)
{
	struct ec_slave *slave = fsm->slave;
	unsigned int i, entries = 0;

	for (i = 0; i < fsm->sdo_count; i++)
		entries += fsm->sdos[i].entry_count;
	ec_slave_free_sdos(slave->sdos, slave->sdo_count);
	slave->sdos = fsm->sdos;
	slave->sdo_count = fsm->sdo_count;
	fsm->sdos = NULL;
	fsm->sdo_count = 0;
	EC_SLAVE_INFO(slave,
		      "read %u objects with %u entries of the dictionary",
		      slave->sdo_count, entries);
	ec_fsm_coe_finish(fsm, 0);
}

static void ec_fsm_coe_state_od_list(struct ec_fsm_coe *fsm, u64 now_ns)
{
	unsigned int i, count;
	int ret;

	ret = ec_fsm_coe_info_collect(fsm, now_ns);
	if (ret == 0 || ret == -1)
		return;
	if (ret == -2) {
		EC_SLAVE_ERR(fsm->slave, "OD list refused: 0x%08x (%s)",
			     fsm->abort_code,
			     ec_coe_abort_text(fsm->abort_code));
		ec_fsm_coe_finish(fsm, -EIO);
		return;
	}
	if (fsm->info_len < 2) {
		ec_fsm_coe_finish(fsm, -EPROTO);
		return;
	}
	/* The first fragment starts with the list type. */
	count = (fsm->info_len - 2) / 2;
	fsm->sdos = count ? ec_zalloc(count * sizeof(*fsm->sdos)) : NULL;
	if (count && !fsm->sdos) {
		ec_fsm_coe_finish(fsm, -ENOMEM);
		return;
	}
	fsm->sdo_count = count;
	for (i = 0; i < count; i++)
		fsm->sdos[i].index = ec_get_u16(fsm->info_buf + 2 + 2 * i);
	fsm->sdo_pos = 0;
	ec_fsm_coe_request_object(fsm, now_ns);
}

static void ec_fsm_coe_request_object(struct ec_fsm_coe *fsm, u64 now_ns)
{
	u8 *p;

	if (fsm->sdo_pos >= fsm->sdo_count) {
		ec_fsm_coe_dictionary_done(fsm);
		return;
	}
	if (fsm->dict_pause) {
		/* A request waits: let it go first, go on from here later. */
		fsm->dict_paused = true;
		return;
	}
	p = ec_fsm_coe_info_prepare(fsm, EC_SDO_INFO_OBJ_DESC_REQ, 2,
				    EC_SDO_INFO_OBJ_DESC_RESP);
	if (!p)
		return;
	ec_put_u16(p + EC_SDO_INFO_DATA, fsm->sdos[fsm->sdo_pos].index);
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_obj_desc, now_ns);
}

/**
 * ec_fsm_coe_dictionary_resume() - go on with a paused dictionary read
 * @fsm: CoE FSM whose dictionary read paused (dict_paused)
 * @now_ns: current time
 *
 * Requests of the next object's description; the SDO transfers done in
 * between used the same FSM but not the dictionary's fields.
 */
void ec_fsm_coe_dictionary_resume(struct ec_fsm_coe *fsm, u64 now_ns)
{
	fsm->dict_paused = false;
	fsm->dict_pause = false;
	fsm->request = NULL;
	fsm->error = 0;
	fsm->abort_code = 0;
	fsm->timeout_ns = EC_MBOX_TIMEOUT_NS;
	ec_fsm_coe_request_object(fsm, now_ns);
}

static void ec_fsm_coe_request_entry(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo *sdo = &fsm->sdos[fsm->sdo_pos];
	u8 *p;

	if (!sdo->entries || fsm->sub_pos > sdo->max_subindex ||
	    (sdo->object_code == EC_COE_OBJECT_VAR && fsm->sub_pos > 0)) {
		fsm->sdo_pos++;
		ec_fsm_coe_request_object(fsm, now_ns);
		return;
	}
	p = ec_fsm_coe_info_prepare(fsm, EC_SDO_INFO_ENTRY_DESC_REQ, 4,
				    EC_SDO_INFO_ENTRY_DESC_RESP);
	if (!p)
		return;
	ec_put_u16(p + EC_SDO_INFO_DATA, sdo->index);
	p[EC_SDO_INFO_DATA + 2] = (u8)fsm->sub_pos;
	p[EC_SDO_INFO_DATA + 3] = 0;	/* value info: none */
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_entry_desc, now_ns);
}

static void ec_fsm_coe_state_obj_desc(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo *sdo = &fsm->sdos[fsm->sdo_pos];
	const u8 *d;
	int ret;

	ret = ec_fsm_coe_info_collect(fsm, now_ns);
	if (ret == 0 || ret == -1)
		return;
	d = fsm->info_buf;	/* (re)allocated by the collection */
	if (ret == -2 || fsm->info_len < EC_OBJ_DESC_FIXED ||
	    ec_get_u16(d) != sdo->index) {
		EC_SLAVE_WARN(fsm->slave, "no description of object 0x%04x",
			      sdo->index);
		fsm->sdo_pos++;
		ec_fsm_coe_request_object(fsm, now_ns);
		return;
	}
	sdo->max_subindex = d[4];
	sdo->object_code = d[5];
	sdo->name = ec_fsm_coe_strdup(d + EC_OBJ_DESC_FIXED,
				      fsm->info_len - EC_OBJ_DESC_FIXED);
	sdo->entries = ec_zalloc((sdo->max_subindex + 1) *
				 sizeof(*sdo->entries));
	if (!sdo->name || !sdo->entries) {
		ec_fsm_coe_finish(fsm, -ENOMEM);
		return;
	}
	fsm->sub_pos = 0;
	ec_fsm_coe_request_entry(fsm, now_ns);
}

static void ec_fsm_coe_state_entry_desc(struct ec_fsm_coe *fsm,
					u64 now_ns)
{
	struct ec_sdo *sdo = &fsm->sdos[fsm->sdo_pos];
	const u8 *d;
	struct ec_sdo_entry *e;
	int ret;

	ret = ec_fsm_coe_info_collect(fsm, now_ns);
	if (ret == 0 || ret == -1)
		return;
	d = fsm->info_buf;	/* (re)allocated by the collection */
	/* An error: the subindex does not exist; keep going. */
	if (ret == 1 && fsm->info_len >= EC_ENTRY_DESC_FIXED &&
	    ec_get_u16(d) == sdo->index && d[2] == fsm->sub_pos &&
	    sdo->entry_count <= sdo->max_subindex) {
		e = &sdo->entries[sdo->entry_count];
		ec_coe_entry_decode(e, d);
		e->description = ec_fsm_coe_strdup(d + EC_ENTRY_DESC_FIXED,
						   fsm->info_len -
						   EC_ENTRY_DESC_FIXED);
		if (!e->description) {
			ec_fsm_coe_finish(fsm, -ENOMEM);
			return;
		}
		sdo->entry_count++;
	}
	fsm->sub_pos++;
	ec_fsm_coe_request_entry(fsm, now_ns);
}

static void ec_fsm_coe_state_entry_info(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	const u8 *d;
	size_t n;
	int ret;

	ret = ec_fsm_coe_info_collect(fsm, now_ns);
	if (ret == 0 || ret == -1)
		return;
	d = fsm->info_buf;	/* (re)allocated by the collection */
	if (ret == -2) {	/* no such entry: the SDO info error's code */
		ec_fsm_coe_finish(fsm, -EIO);
		return;
	}
	if (fsm->info_len < EC_ENTRY_DESC_FIXED ||
	    ec_get_u16(d) != req->index || d[2] != req->subindex) {
		EC_SLAVE_ERR(fsm->slave,
			     "entry description of 0x%04x:%02x: wrong reply",
			     req->index, req->subindex);
		ec_fsm_coe_finish(fsm, -EPROTO);
		return;
	}
	n = fsm->info_len < req->mem_size ? fsm->info_len : req->mem_size;
	memcpy(req->data, d, n);
	req->data_size = n;
	ec_fsm_coe_finish(fsm, 0);
}

/**
 * ec_fsm_coe_entry_info_start() - the description of one entry
 * @fsm: CoE FSM, its request set up by ec_fsm_coe_transfer()
 * @now_ns: current time
 *
 * SDO information Get Entry Description (ETG.1000.6 5.6.3.5) of the
 * request's index:subindex, without value info: what an upload needs to
 * know the entry's type when the dictionary has not been read.
 */
void ec_fsm_coe_entry_info_start(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	u8 *p;

	p = ec_fsm_coe_info_prepare(fsm, EC_SDO_INFO_ENTRY_DESC_REQ, 4,
				    EC_SDO_INFO_ENTRY_DESC_RESP);
	if (!p)
		return;
	ec_put_u16(p + EC_SDO_INFO_DATA, req->index);
	p[EC_SDO_INFO_DATA + 2] = req->subindex;
	p[EC_SDO_INFO_DATA + 3] = 0;	/* value info: none */
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_entry_info, now_ns);
}
