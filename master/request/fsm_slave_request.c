// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave_request.c - the requests a slave's FSM serves, one at a time,
 * in the order they reach the slave's one queue (slave->requests): the
 * CLI's are queued there by the glue under the master lock; the
 * application's, started lock-free by a release store of QUEUED on their
 * slave config, are moved there by the FSM side when it next runs
 * (ec_slave_collect_requests()).  Whatever the kind, the FSM serves it
 * through the kind's row of ec_request_ops[]: start, step until it ends,
 * done for the result, cancel when the slave or the config goes.
 *
 * idle -> request (the row's step until it ends) -> idle
 * (doc/REQUESTS.md has the life cycle and how a kind is added.)
 */
#include "slave/fsm_slave.h"
#include "cycle/master.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "slave/fsm_master.h"

static void ec_fsm_slave_state_request(struct ec_fsm_slave *fsm,
				       u64 now_ns);

/* The kind's record of @req, the request head being its first member. */
#define EC_REQ_OF(req, type) ec_container_of((req), type, base)

/* AL state: fsm_slave_config from INIT or to BOOT, else fsm_change. */
static int ec_req_state_start(struct ec_fsm_slave *fsm,
			      struct ec_request *base, u64 now_ns)
{
	struct ec_state_request *req = EC_REQ_OF(base, struct ec_state_request);
	struct ec_slave *slave = fsm->slave;
	u8 target = req->al_state & EC_AL_STATE_MASK;
	u8 cur = slave->current_state & EC_AL_STATE_MASK;

	req->al_status_code = 0;
	fsm->state_from = cur;
	/* From INIT up the mailbox SMs have to be configured first; BOOT
	 * needs the bootstrap mailbox, set up from INIT.
	 */
	fsm->state_config = target == EC_AL_STATE_BOOT_ ||
		((cur == EC_AL_STATE_INIT_ || cur == EC_AL_STATE_NONE) &&
		 (target == EC_AL_STATE_PREOP_ ||
		  target == EC_AL_STATE_SAFEOP_ || target == EC_AL_STATE_OP_));
	if (fsm->state_config)
		ec_fsm_slave_config_start(&fsm->config, slave, target, now_ns);
	else
		ec_fsm_change_start(&fsm->change, slave, target, now_ns);
	return 0;
}

static bool ec_req_state_step(struct ec_fsm_slave *fsm, u64 now_ns)
{
	return fsm->state_config ? ec_fsm_slave_config_exec(&fsm->config,
							    now_ns) :
				   ec_fsm_change_exec(&fsm->change, now_ns);
}

static int ec_req_state_done(struct ec_fsm_slave *fsm,
			     struct ec_request *base)
{
	struct ec_state_request *req = EC_REQ_OF(base, struct ec_state_request);
	struct ec_slave *slave = fsm->slave;
	bool ok;
	int error;

	if (fsm->state_config) {
		ok = ec_fsm_slave_config_success(&fsm->config);
		error = fsm->config.error;
		req->al_status_code = fsm->config.al_status_code;
	} else {
		ok = ec_fsm_change_success(&fsm->change);
		error = fsm->change.error;
		req->al_status_code = fsm->change.status_code;
	}
	if (!ok)
		return error ? error : -EIO;
	req->al_status_code = 0;
	slave->requested_state = req->al_state & EC_AL_STATE_MASK;
	slave->error_flag = false;
	/* Out of BOOT the slave runs what was written (new firmware, new SII
	 * contents): scan it again, as IgH does.
	 */
	if (fsm->state_from == EC_AL_STATE_BOOT_ &&
	    slave->requested_state != EC_AL_STATE_BOOT_ && slave->master) {
		EC_SLAVE_INFO(slave, "left BOOT: scanning again");
		ec_fsm_master_rescan(&slave->master->fsm);
	}
	return 0;
}

/* Register read or write with FPRD/FPWR and the FSM's own datagram. */
static int ec_req_reg_start(struct ec_fsm_slave *fsm,
			    struct ec_request *base, u64 now_ns)
{
	struct ec_reg_request *req = EC_REQ_OF(base, struct ec_reg_request);
	struct ec_slave *slave = fsm->slave;
	int ret;

	(void)now_ns;
	req->working_counter = 0;
	if (req->size > fsm->datagram.mem_size || !req->size)
		return -EOVERFLOW;
	if (req->write) {
		ret = ec_datagram_fpwr(&fsm->datagram, slave->station_address,
				       req->address, req->size);
		if (!ret)
			memcpy(fsm->datagram.data, req->data, req->size);
	} else {
		ret = ec_datagram_fprd(&fsm->datagram, slave->station_address,
				       req->address, req->size);
		if (!ret)
			ec_datagram_zero(&fsm->datagram);
	}
	if (ret)
		return ret;
	fsm->datagram.name = "reg-request";
	ec_fsm_queue(slave->master, &fsm->datagram, &fsm->retries);
	return 0;
}

static bool ec_req_reg_step(struct ec_fsm_slave *fsm, u64 now_ns)
{
	(void)now_ns;
	return ec_fsm_datagram_pending(&fsm->datagram) ||
	       ec_fsm_retry(fsm->slave->master, &fsm->datagram,
			    &fsm->retries);
}

static int ec_req_reg_done(struct ec_fsm_slave *fsm, struct ec_request *base)
{
	struct ec_reg_request *req = EC_REQ_OF(base, struct ec_reg_request);
	struct ec_datagram *d = &fsm->datagram;

	if (d->state != EC_DATAGRAM_RECEIVED)
		return ec_fsm_datagram_error(d);
	req->working_counter = d->working_counter;
	if (d->working_counter != 1)
		return -EIO;
	if (!req->write)
		memcpy(req->data, d->data, req->size);
	return 0;
}

/* SII write (fsm_sii_write); an empty one succeeds at once. */
static int ec_req_sii_start(struct ec_fsm_slave *fsm,
			    struct ec_request *base, u64 now_ns)
{
	struct ec_sii_request *req = EC_REQ_OF(base, struct ec_sii_request);

	if (!req->nwords)
		return 1;
	ec_fsm_sii_write_start(&fsm->sii_write, fsm->slave, req, now_ns);
	return 0;
}

static bool ec_req_sii_step(struct ec_fsm_slave *fsm, u64 now_ns)
{
	return ec_fsm_sii_write_exec(&fsm->sii_write, now_ns);
}

static int ec_req_sii_done(struct ec_fsm_slave *fsm, struct ec_request *base)
{
	(void)base;
	if (ec_fsm_sii_write_success(&fsm->sii_write))
		return 0;
	return fsm->sii_write.error ? fsm->sii_write.error : -EIO;
}

/*
 * The mailbox kinds: the protocol's FSM records the details (abort code,
 * error code) in the request and its -errno in the request's head.
 */
static int ec_req_mbox_result(bool ok, const struct ec_request *base)
{
	if (ok)
		return 0;
	return base->error ? base->error : -EIO;
}

/*
 * The four functions of a mailbox kind whose FSM has the shape
 * ec_fsm_<p>_transfer() / _exec() / _success() and a member <f> in
 * struct ec_fsm_slave holding a pointer to the request.
 */
#define EC_REQ_MBOX_KIND(kind, p, f, type) \
static int ec_req_##kind##_start(struct ec_fsm_slave *fsm, \
				 struct ec_request *base, u64 now_ns) \
{ \
	ec_fsm_##p##_transfer(&fsm->f, fsm->slave, EC_REQ_OF(base, type), \
			      now_ns); \
	return 0; \
} \
static bool ec_req_##kind##_step(struct ec_fsm_slave *fsm, u64 now_ns) \
{ \
	return ec_fsm_##p##_exec(&fsm->f, now_ns); \
} \
static int ec_req_##kind##_done(struct ec_fsm_slave *fsm, \
				struct ec_request *base) \
{ \
	return ec_req_mbox_result(ec_fsm_##p##_success(&fsm->f), base); \
} \
static void ec_req_##kind##_cancel(struct ec_fsm_slave *fsm) \
{ \
	fsm->f.request = NULL; \
}

EC_REQ_MBOX_KIND(sdo, coe, coe, struct ec_sdo_request)
EC_REQ_MBOX_KIND(foe, foe, foe, struct ec_foe_request)
EC_REQ_MBOX_KIND(soe, soe, soe, struct ec_soe_request)
EC_REQ_MBOX_KIND(voe, voe, voe, struct ec_voe_handler)
EC_REQ_MBOX_KIND(raw, mbox_raw, raw, struct ec_mbox_raw_request)

static int ec_req_eoe_ip_start(struct ec_fsm_slave *fsm,
			       struct ec_request *base, u64 now_ns)
{
	ec_fsm_eoe_set_ip(&fsm->eoe, fsm->slave,
			  &EC_REQ_OF(base, struct ec_eoe_ip_request)->ip,
			  now_ns);
	return 0;
}

static bool ec_req_eoe_ip_step(struct ec_fsm_slave *fsm, u64 now_ns)
{
	return ec_fsm_eoe_exec(&fsm->eoe, now_ns);
}

static int ec_req_eoe_ip_done(struct ec_fsm_slave *fsm,
			      struct ec_request *base)
{
	(void)base;
	if (ec_fsm_eoe_success(&fsm->eoe))
		return 0;
	return fsm->eoe.error ? fsm->eoe.error : -EIO;
}

/* A kind whose FSM keeps no pointer to the request. */
static void ec_req_no_cancel(struct ec_fsm_slave *fsm)
{
	(void)fsm;
}

/* One row per kind: what the slave FSM does with a request of that kind. */
#define EC_REQ_ROW(text, type, repair, fn, cancel_fn) { \
	.name = (text), \
	.size = sizeof(type), \
	.unscanned = (repair), \
	.start = ec_req_##fn##_start, \
	.step = ec_req_##fn##_step, \
	.done = ec_req_##fn##_done, \
	.cancel = (cancel_fn), \
}

const struct ec_request_ops ec_request_ops[EC_REQ_KINDS] = {
	[EC_REQ_SII] = EC_REQ_ROW("SII write", struct ec_sii_request, true,
				  sii, ec_req_no_cancel),
	[EC_REQ_REG] = EC_REQ_ROW("register", struct ec_reg_request, true,
				  reg, ec_req_no_cancel),
	[EC_REQ_SDO] = EC_REQ_ROW("SDO", struct ec_sdo_request, false,
				  sdo, ec_req_sdo_cancel),
	[EC_REQ_STATE] = EC_REQ_ROW("AL state", struct ec_state_request,
				    false, state, ec_req_no_cancel),
	[EC_REQ_FOE] = EC_REQ_ROW("FoE", struct ec_foe_request, false,
				  foe, ec_req_foe_cancel),
	[EC_REQ_SOE] = EC_REQ_ROW("SoE", struct ec_soe_request, false,
				  soe, ec_req_soe_cancel),
	[EC_REQ_VOE] = EC_REQ_ROW("VoE", struct ec_voe_handler, false,
				  voe, ec_req_voe_cancel),
	[EC_REQ_EOE_IP] = EC_REQ_ROW("EoE set IP", struct ec_eoe_ip_request,
				     false, eoe_ip, ec_req_no_cancel),
	[EC_REQ_MBOX_RAW] = EC_REQ_ROW("mailbox gateway",
				       struct ec_mbox_raw_request, false, raw,
				       ec_req_raw_cancel),
};

/**
 * ec_slave_queue_request() - queue a request of the CLI on a slave
 * @slave: slave
 * @req: request with its kind's fields set, owned by the caller until done
 *
 * FSM side, under the master lock.  The request goes to the end of the
 * slave's one queue.
 */
void ec_slave_queue_request(struct ec_slave *slave, struct ec_request *req)
{
	req->error = 0;
	req->state = EC_REQ_QUEUED;
	ec_list_add_tail(&req->node, &slave->requests);
	ec_master_fsm_unquiet(slave->master);
}

/**
 * ec_slave_unqueue_request() - take back a request not started yet
 * @req: request of the CLI
 *
 * FSM side, under the master lock.
 *
 * Return: true if it was QUEUED (it is now failed, -ECANCELED), false if
 * the FSM has it (BUSY: wait for it) or it is done.
 */
bool ec_slave_unqueue_request(struct ec_request *req)
{
	if (req->state != EC_REQ_QUEUED)
		return false;
	ec_list_del_init(&req->node);
	req->error = -ECANCELED;
	req->state = EC_REQ_FAILURE;
	return true;
}

/* An application request started and not in the slave's queue yet. */
static bool ec_app_request_waits(const struct ec_app_request *r)
{
	return ec_load_acquire(r->state) == EC_REQ_QUEUED &&
	       !ec_list_linked(&r->u.base.node);
}

/**
 * ec_request_orphan() - hand a request whose waiter went to the reaper
 * @orphans: the list of abandoned requests (the glue's, one per master)
 * @req: request of the CLI, BUSY: the FSM still uses its memory
 *
 * FSM side, under the master lock.  A BUSY request is in no queue, so its
 * node is free to hold it in @orphans.
 */
void ec_request_orphan(struct ec_list *orphans, struct ec_request *req)
{
	ec_list_add_tail(&req->node, orphans);
}

/**
 * ec_request_reap() - free the abandoned requests that have ended
 * @orphans: the list of ec_request_orphan()
 * @free_req: frees a request with its memory
 * @all: free every one (at unload, after every request was failed)
 *
 * FSM side, under the master lock.
 *
 * Return: the number freed.
 */
unsigned int ec_request_reap(struct ec_list *orphans,
			     void (*free_req)(struct ec_request *req),
			     bool all)
{
	struct ec_list *pos, *tmp;
	unsigned int n = 0;

	ec_list_for_each_safe(pos, tmp, orphans) {
		struct ec_request *req = ec_list_entry(pos, struct ec_request,
						       node);

		if (!all && !ec_req_done(ec_load_acquire(&req->state)))
			continue;
		ec_list_del_init(pos);
		free_req(req);
		n++;
	}
	return n;
}

/**
 * ec_slave_collect_requests() - move the application's started requests
 * into the slave's queue
 * @slave: scanned slave with a configuration
 *
 * FSM side.  They take their place behind what is queued already, in the
 * order of their configuration's list.
 */
void ec_slave_collect_requests(struct ec_slave *slave)
{
	struct ec_slave_config *sc = slave->config;
	struct ec_list *pos, *tmp;

	if (!sc || !slave->scan_done)
		return;
	ec_list_for_each_safe(pos, tmp, &sc->app_requests) {
		struct ec_app_request *r = ec_list_entry(
			pos, struct ec_app_request, config_node);

		if (ec_app_request_waits(r))
			ec_list_add_tail(&r->u.base.node, &slave->requests);
	}
}

/* Put the application's queued requests back on their config alone. */
static void ec_slave_drop_app_requests(struct ec_slave *slave)
{
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &slave->requests) {
		struct ec_request *req = ec_list_entry(pos, struct ec_request,
						       node);

		if (req->owner == EC_REQ_OWNER_APP)
			ec_list_del_init(pos);	/* stays QUEUED */
	}
}

/* End @req with @error (0: success); the requester may free it then. */
static void ec_request_end(struct ec_request *req, int error)
{
	if (!error) {
		ec_store_release(&req->state, EC_REQ_SUCCESS);
		return;
	}
	req->error = error;
	ec_store_release(&req->state, EC_REQ_FAILURE);
}

/* The request in progress ended: back to idle, then the result. */
static void ec_fsm_slave_request_end(struct ec_fsm_slave *fsm, int error)
{
	struct ec_request *req = fsm->request;

	fsm->request = NULL;
	fsm->request_sc = NULL;
	fsm->state = ec_fsm_slave_state_idle;
	ec_request_end(req, error);
}

/* Take @req off the queue and start it through its kind's row. */
static void ec_fsm_slave_serve(struct ec_fsm_slave *fsm,
			       struct ec_request *req, u64 now_ns)
{
	const struct ec_request_ops *ops = &ec_request_ops[req->kind];
	int ret;

	ec_list_del_init(&req->node);
	req->state = EC_REQ_BUSY;
	req->error = 0;
	fsm->request = req;
	if (req->owner == EC_REQ_OWNER_APP)
		fsm->request_sc = fsm->slave->config;
	ret = ops->start(fsm, req, now_ns);
	if (ret) {
		ec_fsm_slave_request_end(fsm, ret > 0 ? 0 : ret);
		return;
	}
	fsm->state = ec_fsm_slave_state_request;
	fsm->state(fsm, now_ns);
}

static void ec_fsm_slave_state_request(struct ec_fsm_slave *fsm, u64 now_ns)
{
	const struct ec_request_ops *ops = &ec_request_ops[fsm->request->kind];

	if (ops->step(fsm, now_ns))
		return;
	ec_fsm_slave_request_end(fsm, ops->done(fsm, fsm->request));
}

/**
 * ec_fsm_slave_start_repair_request() - take the next request a slave
 * without a finished scan can serve
 * @fsm: idle slave FSM
 * @now_ns: current time
 *
 * A slave whose scan did not finish (an EEPROM overwritten with garbage,
 * say) still answers at the station address the scan gave it: it serves
 * the kinds whose row says so (register requests and SII writes), so
 * that its SII can be repaired from the master, and nothing that needs
 * what the scan reads.
 */
void ec_fsm_slave_start_repair_request(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &slave->requests) {
		struct ec_request *req = ec_list_entry(pos, struct ec_request,
						       node);

		if (ec_request_ops[req->kind].unscanned) {
			ec_fsm_slave_serve(fsm, req, now_ns);
			return;
		}
	}
}

/**
 * ec_slave_repair_queued() - a request a slave without a finished scan
 * serves waits
 * @slave: slave
 *
 * Return: true if one is queued.
 */
bool ec_slave_repair_queued(const struct ec_slave *slave)
{
	const struct ec_list *pos;

	for (pos = slave->requests.next; pos != &slave->requests;
	     pos = pos->next)
		if (ec_request_ops[ec_list_entry(pos, struct ec_request,
						 node)->kind].unscanned)
			return true;
	return false;
}

/**
 * ec_fsm_slave_request_queued() - a request waits to be served
 * @slave: slave
 *
 * Return: true if the slave's queue holds one, or the application
 * started one that is not in the queue yet.
 */
bool ec_fsm_slave_request_queued(const struct ec_slave *slave)
{
	struct ec_list *pos, *tmp;

	if (!ec_list_empty(&slave->requests))
		return true;
	if (!slave->config)
		return false;
	ec_list_for_each_safe(pos, tmp, &slave->config->app_requests)
		if (ec_app_request_waits(ec_list_entry(
			    pos, struct ec_app_request, config_node)))
			return true;
	return false;
}

/**
 * ec_fsm_slave_start_request() - take the next queued request
 * @fsm: idle slave FSM of a scanned slave
 * @now_ns: current time
 *
 * The first of the slave's queue, whoever queued it and of whatever
 * kind; while a mailbox gateway client's segmented SDO transfer goes on
 * (slave->raw_hold_ns), its next raw exchange, and nothing else.  A request that ends at once (a bad register size, an empty SII
 * write) still counts as taken.
 *
 * Return: true if a request was taken.
 */
bool ec_fsm_slave_start_request(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_list *pos;

	ec_slave_collect_requests(slave);
	if (slave->raw_hold_ns && now_ns < slave->raw_hold_ns) {
		/*
		 * A gateway client's segmented SDO transfer goes on: its
		 * next exchange first, the others (and the idle work) wait,
		 * at most EC_MBOX_RAW_HOLD_NS after its last segment.
		 */
		for (pos = slave->requests.next; pos != &slave->requests;
		     pos = pos->next) {
			struct ec_request *req = ec_list_entry(
				pos, struct ec_request, node);

			if (req->kind == EC_REQ_MBOX_RAW) {
				ec_fsm_slave_serve(fsm, req, now_ns);
				return true;
			}
		}
		return true;
	}
	slave->raw_hold_ns = 0;
	if (ec_list_empty(&slave->requests))
		return false;
	ec_fsm_slave_serve(fsm, ec_list_entry(slave->requests.next,
					      struct ec_request, node),
			   now_ns);
	return true;
}

/*
 * Fail the CLI's queued requests that @fail selects with @error; the
 * application's go back to their config, still QUEUED.
 */
static void ec_slave_fail_requests(struct ec_slave *slave, int error,
				   bool all)
{
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &slave->requests) {
		struct ec_request *req = ec_list_entry(pos, struct ec_request,
						       node);

		if (!all && ec_request_ops[req->kind].unscanned)
			continue;
		ec_list_del_init(pos);
		if (req->owner != EC_REQ_OWNER_APP)
			ec_request_end(req, error);
	}
}

/**
 * ec_slave_fail_unscanned_requests() - fail what a slave without a
 * finished scan cannot serve
 * @slave: slave whose scan gave up
 *
 * The kinds that need the scan end with -EIO; register requests and SII
 * writes stay (ec_fsm_slave_start_repair_request()).
 */
void ec_slave_fail_unscanned_requests(struct ec_slave *slave)
{
	ec_slave_fail_requests(slave, -EIO, false);
}

/**
 * ec_fsm_slave_drop_request() - forget the request in progress
 * @fsm: slave FSM
 *
 * Its kind's FSM lets go of it; the datagram is taken back by the caller.
 * The request itself is not touched.
 *
 * Return: the request, or NULL if none was in progress.
 */
struct ec_request *ec_fsm_slave_drop_request(struct ec_fsm_slave *fsm)
{
	struct ec_request *req = fsm->request;

	if (!req)
		return NULL;
	ec_request_ops[req->kind].cancel(fsm);
	fsm->request = NULL;
	fsm->request_sc = NULL;
	return req;
}

/**
 * ec_fsm_slave_drop_app_request() - the configuration goes: forget its
 * requests
 * @fsm: slave FSM
 *
 * Those queued go back to the config (still QUEUED); the one in progress
 * is dropped untouched (its requester is going away).
 *
 * Return: true if one was in progress.
 */
bool ec_fsm_slave_drop_app_request(struct ec_fsm_slave *fsm)
{
	ec_slave_drop_app_requests(fsm->slave);
	if (!fsm->request_sc)
		return false;
	ec_fsm_slave_drop_request(fsm);
	return true;
}

/**
 * ec_slave_cancel_requests() - fail every request of a slave
 * @slave: slave that goes away
 *
 * The CLI's queued requests and the one in progress end with -ENODEV;
 * the application's queued ones go back to their config.
 */
void ec_slave_cancel_requests(struct ec_slave *slave)
{
	struct ec_fsm_slave *fsm = slave->fsm;
	struct ec_request *req;

	ec_slave_fail_requests(slave, -ENODEV, true);
	if (!fsm)
		return;
	req = ec_fsm_slave_drop_request(fsm);
	if (req)
		ec_request_end(req, -ENODEV);
	if (slave->master)
		ec_master_unqueue_datagram(slave->master, &fsm->datagram);
	fsm->state = ec_fsm_slave_state_idle;
}
