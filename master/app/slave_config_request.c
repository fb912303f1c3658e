// SPDX-License-Identifier: GPL-2.0-only
/*
 * slave_config_request.c - what a slave configuration carries for the
 * slave FSM to do: startup SDOs (written in PREOP, before SAFEOP), startup
 * IDNs (SoE, in PREOP or SAFEOP) and the SDO, register, FoE, SoE and VoE
 * requests an application creates for its cyclic task.
 */
#include "app/slave_config.h"
#include "cycle/master.h"
#include "slave/slave.h"

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

/*
 * The application's requests.  Their head (state word, error, timeout)
 * is the struct ec_request every kind begins with; what differs per kind
 * is in this table: the kind of the slave FSM's request, where the kind
 * keeps its data pointer, the size of its memory and its data size,
 * whether the data size starts at the whole memory, how a start clears
 * the last result.  The life cycle (create, own, start, state) is one for
 * all.
 */
struct ec_app_req_ops {
	u8 kind;		/* enum ec_req_kind */
	size_t data;		/* offsets in struct ec_app_request: u8 * */
	size_t mem_size;	/* size_t; register: the transfer size */
	size_t data_size;	/* size_t */
	bool full;		/* data_size starts at mem_size */
	void (*reset)(struct ec_app_request *r);	/* r->write is set */
	u32 (*error_code)(const struct ec_app_request *r);
};

#define EC_APP_REQ_OFF(member) offsetof(struct ec_app_request, u.member)

static void ec_app_sdo_reset(struct ec_app_request *r)
{
	r->u.sdo.write = r->write;
	if (r->write && !r->u.sdo.data_size)
		r->u.sdo.data_size = r->mem_size;
	r->u.sdo.abort_code = 0;
}

static u32 ec_app_sdo_error_code(const struct ec_app_request *r)
{
	return r->u.sdo.abort_code;
}

/* The address and size of the transfer are set by the caller before. */
static void ec_app_reg_reset(struct ec_app_request *r)
{
	r->u.reg.write = r->write;
	r->u.reg.data = r->mem;
}

static u32 ec_app_no_error_code(const struct ec_app_request *r)
{
	(void)r;
	return 0;
}

static void ec_app_foe_reset(struct ec_app_request *r)
{
	r->u.foe.write = r->write;
	r->u.foe.foe_error = 0;
}

static u32 ec_app_foe_error_code(const struct ec_app_request *r)
{
	return ec_load_acquire(&r->u.foe.foe_error);
}

static void ec_app_soe_reset(struct ec_app_request *r)
{
	r->u.soe.write = r->write;
	r->u.soe.error_code = 0;
}

static u32 ec_app_soe_error_code(const struct ec_app_request *r)
{
	return r->u.soe.error_code;
}

/* A VoE handler keeps no result but the head's error. */
static void ec_app_voe_reset(struct ec_app_request *r)
{
	(void)r;
}

/* A kind whose request has data, mem_size and data_size of its own. */
#define EC_APP_REQ_KIND(k, req_kind, fill, reset_fn, code_fn) { \
	.kind = (req_kind), \
	.data = EC_APP_REQ_OFF(k.data), \
	.mem_size = EC_APP_REQ_OFF(k.mem_size), \
	.data_size = EC_APP_REQ_OFF(k.data_size), \
	.full = (fill), \
	.reset = (reset_fn), \
	.error_code = (code_fn), \
}

static const struct ec_app_req_ops ec_app_req_ops[EC_APP_REQ_KINDS] = {
	[EC_APP_REQ_SDO] = EC_APP_REQ_KIND(sdo, EC_REQ_SDO, true,
					   ec_app_sdo_reset,
					   ec_app_sdo_error_code),
	/* One size: the memory is the transfer. */
	[EC_APP_REQ_REG] = {
		.kind = EC_REQ_REG,
		.data = EC_APP_REQ_OFF(reg.data),
		.mem_size = EC_APP_REQ_OFF(reg.size),
		.data_size = EC_APP_REQ_OFF(reg.size),
		.reset = ec_app_reg_reset,
		.error_code = ec_app_no_error_code,
	},
	[EC_APP_REQ_FOE] = EC_APP_REQ_KIND(foe, EC_REQ_FOE, false,
					   ec_app_foe_reset,
					   ec_app_foe_error_code),
	[EC_APP_REQ_SOE] = EC_APP_REQ_KIND(soe, EC_REQ_SOE, true,
					   ec_app_soe_reset,
					   ec_app_soe_error_code),
	[EC_APP_REQ_VOE] = EC_APP_REQ_KIND(voe, EC_REQ_VOE, true,
					   ec_app_voe_reset,
					   ec_app_no_error_code),
};

/* Point the kind's request at the data memory, as its table entry says. */
static void ec_app_req_init(struct ec_app_request *r)
{
	const struct ec_app_req_ops *ops = &ec_app_req_ops[r->kind];

	*(u8 **)((u8 *)r + ops->data) = r->mem;
	*(size_t *)((u8 *)r + ops->mem_size) = r->mem_size;
	if (ops->full)
		*(size_t *)((u8 *)r + ops->data_size) = r->mem_size;
}

/**
 * ec_slave_config_create_request() - a request for the cyclic task
 * @sc: config
 * @kind: EC_APP_REQ_*
 * @size: memory for the data, bytes (VoE: after the VoE header)
 *
 * FSM side only (allocates).  The fields of the kind's request are the
 * application's until it starts the request; the slave FSM serves it
 * once its state word says EC_REQ_QUEUED.
 *
 * Return: the request or NULL (no memory, or no such kind).
 */
struct ec_app_request *
ec_slave_config_create_request(struct ec_slave_config *sc,
			       enum ec_app_req_kind kind, size_t size)
{
	struct ec_app_request *r;

	if ((unsigned int)kind >= EC_APP_REQ_KINDS)
		return NULL;
	r = ec_zalloc(sizeof(*r));
	if (!r)
		return NULL;
	r->mem = ec_zalloc_big(size ? size : 1);
	if (!r->mem) {
		ec_free(r);
		return NULL;
	}
	r->mem_size = size;
	r->sc = sc;
	r->kind = kind;
	ec_request_init(&r->u.base, ec_app_req_ops[kind].kind,
			EC_REQ_OWNER_APP);
	r->state = &r->u.base.state;
	ec_app_req_init(r);
	ec_list_add_tail(&r->config_node, &sc->app_requests);
	return r;
}

/**
 * ec_slave_config_request() - the configuration's request number @index
 * @sc: config
 * @index: position in order of creation, from 0
 *
 * Return: the request or NULL.
 */
struct ec_app_request *ec_slave_config_request(struct ec_slave_config *sc,
					       unsigned int index)
{
	struct ec_list *n = ec_list_nth(&sc->app_requests, index);

	return n ? ec_list_entry(n, struct ec_app_request, config_node) :
		   NULL;
}

/* The position of @r in its configuration's list, from 0. */
unsigned int ec_app_request_index(const struct ec_app_request *r)
{
	return ec_list_index(&r->sc->app_requests, &r->config_node);
}

/**
 * ec_app_request_owned() - the application may change the request
 * @r: request
 *
 * Realtime, any context: an acquire load of the state word.
 *
 * Return: true unless the request is QUEUED or BUSY.
 */
bool ec_app_request_owned(const struct ec_app_request *r)
{
	enum ec_req_state s = ec_load_acquire(r->state);

	return s != EC_REQ_QUEUED && s != EC_REQ_BUSY;
}

/**
 * ec_app_request_start() - hand a request to the slave FSM
 * @r: request, owned by the application
 * @write: write (else read); VoE: see @voe_op
 * @voe_op: VoE: write, read or read without sync
 *
 * Realtime, any context: sets the direction, clears the last result and
 * release-stores QUEUED; the slave FSM picks it up.  The sizes to write
 * (and a register request's address) are set by the caller before.
 *
 * Return: 0, -EBUSY while the FSM owns it, or -EINVAL for an SDO or SoE
 * write of 0 bytes (IgH 1.6.1's library refuses it the same way).
 */
int ec_app_request_start(struct ec_app_request *r, bool write,
			 enum ec_voe_op voe_op)
{
	if (!ec_app_request_owned(r))
		return -EBUSY;
	if (write && (r->kind == EC_APP_REQ_SDO || r->kind == EC_APP_REQ_SOE) &&
	    !*ec_app_request_size(r))
		return -EINVAL;
	if (r->kind == EC_APP_REQ_VOE) {
		r->u.voe.op = voe_op;
		write = voe_op == EC_VOE_OP_WRITE;
	}
	r->write = write;
	r->u.base.error = 0;
	ec_app_req_ops[r->kind].reset(r);
	ec_store_release(r->state, EC_REQ_QUEUED);
	/* the FSMs' turn is due (ec_master_fsm_wanted()) */
	ec_store_release(&r->sc->master->fsm_request, true);
	return 0;
}

/**
 * ec_app_request_state() - the request's state for the application
 * @r: request
 *
 * Realtime, any context (acquire load).
 *
 * Return: EC_REQUEST_UNUSED, _BUSY (queued or in progress), _SUCCESS or
 * _ERROR.
 */
ec_request_state_t ec_app_request_state(const struct ec_app_request *r)
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

/*
 * The kind's data size (register: the transfer size): the bytes to write
 * before a start, the bytes read after a read.  The application's while
 * it owns the request.
 */
size_t *ec_app_request_size(struct ec_app_request *r)
{
	return (size_t *)((u8 *)r + ec_app_req_ops[r->kind].data_size);
}

/* The slave's code of the last failure: SDO abort, FoE or SoE error. */
u32 ec_app_request_error_code(const struct ec_app_request *r)
{
	return ec_app_req_ops[r->kind].error_code(r);
}

/* The -errno of the last failure, 0 if none. */
int ec_app_request_error(const struct ec_app_request *r)
{
	return r->u.base.error;
}
