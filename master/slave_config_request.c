// SPDX-License-Identifier: GPL-2.0-only
/*
 * slave_config_request.c - what a slave configuration carries for the
 * slave FSM to do: startup SDOs (written in PREOP, before SAFEOP), startup
 * IDNs (SoE, in PREOP or SAFEOP) and the SDO, register, FoE, SoE and VoE
 * requests an application creates for its cyclic task.
 */
#include "slave_config.h"
#include "master.h"
#include "slave.h"

/**
 * ec_slave_config_sdo() - add a startup SDO, written in PREOP
 * @sc: config
 * @index: object index
 * @subindex: subindex (0 with @complete_access: the whole object)
 * @data: value, copied
 * @size: its size in bytes
 * @complete_access: write the object with CoE complete access
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
/*
 * A startup item (SDO or IDN) of @obj_size bytes with a copy of @size
 * bytes of @data in *@copy, both freed by ec_slave_config_free().
 */
static void *ec_slave_config_item(size_t obj_size, const u8 *data,
				  size_t size, u8 **copy)
{
	void *obj = ec_zalloc(obj_size);

	if (!obj)
		return NULL;
	*copy = ec_zalloc(size);
	if (!*copy) {
		ec_free(obj);
		return NULL;
	}
	memcpy(*copy, data, size);
	return obj;
}

int ec_slave_config_sdo(struct ec_slave_config *sc, u16 index, u8 subindex,
			const u8 *data, size_t size, bool complete_access)
{
	struct ec_sdo_config *c;
	u8 *copy;

	if (!size || !data)
		return -EINVAL;
	c = ec_slave_config_item(sizeof(*c), data, size, &copy);
	if (!c)
		return -ENOMEM;
	c->data = copy;
	c->size = size;
	c->index = index;
	c->subindex = subindex;
	c->complete_access = complete_access;
	ec_list_add_tail(&c->node, &sc->sdo_configs);
	return 0;
}

/**
 * ec_slave_config_idn() - add a startup IDN, written over SoE
 * @sc: config
 * @drive_no: drive 0..7
 * @idn: IDN
 * @al_state: EC_AL_STATE_PREOP_ (written in PREOP, before SAFEOP) or
 *	EC_AL_STATE_SAFEOP_ (in SAFEOP, before OP)
 * @data: value, copied
 * @size: its size in bytes
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int ec_slave_config_idn(struct ec_slave_config *sc, u8 drive_no, u16 idn,
			u8 al_state, const u8 *data, size_t size)
{
	struct ec_soe_config *c;
	u8 *copy;

	if (!size || !data || drive_no > 7 ||
	    (al_state != EC_AL_STATE_PREOP_ && al_state != EC_AL_STATE_SAFEOP_))
		return -EINVAL;
	c = ec_slave_config_item(sizeof(*c), data, size, &copy);
	if (!c)
		return -ENOMEM;
	c->data = copy;
	c->size = size;
	c->drive_no = drive_no;
	c->idn = idn;
	c->al_state = al_state;
	ec_list_add_tail(&c->node, &sc->soe_configs);
	return 0;
}

/**
 * ec_slave_config_flag() - set a feature flag of the configuration
 * @sc: config
 * @key: its name, 1 to EC_FLAG_KEY_SIZE - 1 bytes
 * @value: its value; a key set again gets the new value (as IgH's)
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int ec_slave_config_flag(struct ec_slave_config *sc, const char *key,
			 s32 value)
{
	struct ec_flag_config *f;
	struct ec_list *pos;
	size_t len = key ? strlen(key) : 0;

	if (!len || len >= EC_FLAG_KEY_SIZE)
		return -EINVAL;
	for (pos = sc->flags.next; pos != &sc->flags; pos = pos->next) {
		f = ec_list_entry(pos, struct ec_flag_config, node);
		if (!strcmp(f->key, key)) {
			f->value = value;
			return 0;
		}
	}
	f = ec_zalloc(sizeof(*f));
	if (!f)
		return -ENOMEM;
	memcpy(f->key, key, len + 1);
	f->value = value;
	ec_list_add_tail(&f->node, &sc->flags);
	return 0;
}

int ec_slave_config_sdo8(struct ec_slave_config *sc, u16 index, u8 subindex,
			 u8 value)
{
	return ec_slave_config_sdo(sc, index, subindex, &value, 1, false);
}

int ec_slave_config_sdo16(struct ec_slave_config *sc, u16 index,
			  u8 subindex, u16 value)
{
	u8 buf[2];

	ec_put_u16(buf, value);
	return ec_slave_config_sdo(sc, index, subindex, buf, sizeof(buf),
				   false);
}

int ec_slave_config_sdo32(struct ec_slave_config *sc, u16 index,
			  u8 subindex, u32 value)
{
	u8 buf[4];

	ec_put_u32(buf, value);
	return ec_slave_config_sdo(sc, index, subindex, buf, sizeof(buf),
				   false);
}

/**
 * ec_slave_config_create_sdo_request() - an SDO request for the cyclic task
 * @sc: config
 * @index: object index
 * @subindex: subindex
 * @size: memory for the data, bytes
 *
 * The slave FSM serves it once the application sets req.state to
 * EC_REQ_QUEUED (read or write).
 *
 * Return: the request or NULL (no memory).
 */
struct ec_app_sdo_request *
ec_slave_config_create_sdo_request(struct ec_slave_config *sc, u16 index,
				   u8 subindex, size_t size)
{
	struct ec_app_sdo_request *r = ec_zalloc(sizeof(*r));

	if (!r)
		return NULL;
	r->mem = ec_zalloc(size ? size : 1);
	if (!r->mem) {
		ec_free(r);
		return NULL;
	}
	r->mem_size = size;
	r->sc = sc;
	ec_list_init(&r->req.node);
	r->req.state = EC_REQ_UNUSED;
	r->req.index = index;
	r->req.subindex = subindex;
	r->req.data = r->mem;
	r->req.mem_size = size;
	ec_list_add_tail(&r->config_node, &sc->app_sdo_requests);
	return r;
}

/**
 * ec_slave_config_create_reg_request() - a register request
 * @sc: config
 * @size: memory for the data, bytes
 *
 * Return: the request or NULL (no memory).
 */
struct ec_app_reg_request *
ec_slave_config_create_reg_request(struct ec_slave_config *sc, size_t size)
{
	struct ec_app_reg_request *r = ec_zalloc(sizeof(*r));

	if (!r)
		return NULL;
	r->mem = ec_zalloc(size ? size : 1);
	if (!r->mem) {
		ec_free(r);
		return NULL;
	}
	r->mem_size = size;
	r->sc = sc;
	ec_list_init(&r->req.node);
	r->req.state = EC_REQ_UNUSED;
	r->req.data = r->mem;
	r->req.size = size;
	ec_list_add_tail(&r->config_node, &sc->app_reg_requests);
	return r;
}

/**
 * ec_slave_config_create_mbox_request() - an FoE, SoE or VoE request
 * @sc: config
 * @kind: EC_APP_MBOX_*
 * @size: memory for the data, bytes (VoE: after the VoE header)
 *
 * FSM side only (allocates).  The fields of the kind's request are the
 * application's until it starts the request.
 *
 * Return: the request or NULL (no memory).
 */
struct ec_app_mbox_request *
ec_slave_config_create_mbox_request(struct ec_slave_config *sc,
				    enum ec_app_mbox_kind kind, size_t size)
{
	struct ec_app_mbox_request *r = ec_zalloc(sizeof(*r));

	if (!r)
		return NULL;
	r->mem = ec_zalloc(size ? size : 1);
	if (!r->mem) {
		ec_free(r);
		return NULL;
	}
	r->mem_size = size;
	r->sc = sc;
	r->kind = kind;
	switch (kind) {
	case EC_APP_MBOX_FOE:
		ec_list_init(&r->u.foe.node);
		r->u.foe.data = r->mem;
		r->u.foe.mem_size = size;
		r->state = &r->u.foe.state;
		break;
	case EC_APP_MBOX_SOE:
		ec_list_init(&r->u.soe.node);
		r->u.soe.data = r->mem;
		r->u.soe.mem_size = size;
		r->u.soe.data_size = size;
		r->state = &r->u.soe.state;
		break;
	default:
		ec_list_init(&r->u.voe.node);
		r->u.voe.data = r->mem;
		r->u.voe.mem_size = size;
		r->u.voe.data_size = size;
		r->state = &r->u.voe.state;
		break;
	}
	*r->state = EC_REQ_UNUSED;
	ec_list_add_tail(&r->config_node, &sc->app_mbox_requests);
	return r;
}

/**
 * ec_app_mbox_request_owned() - the application may change the request
 * @r: request
 *
 * Realtime, any context: an acquire load of the state word.
 *
 * Return: true unless the request is QUEUED or BUSY.
 */
bool ec_app_mbox_request_owned(const struct ec_app_mbox_request *r)
{
	enum ec_req_state s = ec_load_acquire(r->state);

	return s != EC_REQ_QUEUED && s != EC_REQ_BUSY;
}

/**
 * ec_app_mbox_request_start() - hand a request to the slave FSM
 * @r: request, owned by the application
 * @write: FoE/SoE: write (else read); VoE: see @voe_op
 * @voe_op: VoE: write, read or read without sync
 *
 * Realtime, any context: sets the direction, clears the last result and
 * release-stores QUEUED; the slave FSM picks it up.  The sizes to write
 * are set by the caller before.
 *
 * Return: 0, or -EBUSY while the FSM owns it.
 */
int ec_app_mbox_request_start(struct ec_app_mbox_request *r, bool write,
			      enum ec_voe_op voe_op)
{
	if (!ec_app_mbox_request_owned(r))
		return -EBUSY;
	switch (r->kind) {
	case EC_APP_MBOX_FOE:
		r->u.foe.write = write;
		r->u.foe.error = 0;
		r->u.foe.foe_error = 0;
		break;
	case EC_APP_MBOX_SOE:
		r->u.soe.write = write;
		r->u.soe.error = 0;
		r->u.soe.error_code = 0;
		break;
	default:
		r->u.voe.op = voe_op;
		r->u.voe.error = 0;
		break;
	}
	ec_store_release(r->state, EC_REQ_QUEUED);
	return 0;
}

/**
 * ec_app_mbox_request_state() - the request's state for the application
 * @r: request
 *
 * Realtime, any context (acquire load).
 *
 * Return: EC_REQUEST_UNUSED, _BUSY (queued or in progress), _SUCCESS or
 * _ERROR.
 */
ec_request_state_t ec_app_mbox_request_state(
	const struct ec_app_mbox_request *r)
{
	switch (ec_load_acquire(r->state)) {
	case EC_REQ_QUEUED:
	case EC_REQ_BUSY:
		return EC_REQUEST_BUSY;
	case EC_REQ_SUCCESS:
		return EC_REQUEST_SUCCESS;
	case EC_REQ_FAILURE:
		return EC_REQUEST_ERROR;
	default:
		return EC_REQUEST_UNUSED;
	}
}
