// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave_request.c - the requests a slave's FSM serves, one at a time:
 * taking the next one queued on the slave (CLI: AL state, register, SII
 * write, SDO, SoE, FoE, EoE set IP) or on its configuration (application:
 * SDO, register, FoE, SoE, VoE), the states that serve each kind until it
 * ends, and failing those left when the slave goes (fsm_slave.h has the
 * request life cycle).
 *
 * From idle, one of: state request (fsm_slave_config from INIT or to
 * BOOT, else fsm_change), register request, SII write (fsm_sii_write),
 * SDO (fsm_coe), SoE, FoE, VoE, EoE set IP (fsm_eoe); back to idle when
 * it ends.
 */
#include "slave/fsm_slave.h"
#include "cycle/master.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "slave/fsm_master.h"

static void ec_fsm_slave_state_state_config(struct ec_fsm_slave *fsm,
					    u64 now_ns);
static void ec_fsm_slave_state_state_change(struct ec_fsm_slave *fsm,
					    u64 now_ns);
static void ec_fsm_slave_state_reg(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_sdo(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_sii(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_foe(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_soe(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_voe(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_eoe_ip(struct ec_fsm_slave *fsm, u64 now_ns);

static void ec_fsm_slave_start_state_request(struct ec_fsm_slave *fsm,
					     u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_state_request *req = ec_list_entry(
		slave->state_requests.next, struct ec_state_request, node);
	u8 target = req->al_state & EC_AL_STATE_MASK;
	u8 cur = slave->current_state & EC_AL_STATE_MASK;

	ec_list_del_init(&req->node);
	req->state = EC_REQ_BUSY;
	req->error = 0;
	req->al_status_code = 0;
	fsm->state_request = req;
	/* From INIT up, the mailbox SMs have to be configured first. */
	fsm->state_from = cur;
	/* BOOT needs the bootstrap mailbox, set up from INIT. */
	if (target == EC_AL_STATE_BOOT_ ||
	    ((cur == EC_AL_STATE_INIT_ || cur == EC_AL_STATE_NONE) &&
	     (target == EC_AL_STATE_PREOP_ || target == EC_AL_STATE_SAFEOP_ ||
	      target == EC_AL_STATE_OP_))) {
		ec_fsm_slave_config_start(&fsm->config, slave, target, now_ns);
		fsm->state = ec_fsm_slave_state_state_config;
	} else {
		ec_fsm_change_start(&fsm->change, slave, target, now_ns);
		fsm->state = ec_fsm_slave_state_state_change;
	}
	fsm->state(fsm, now_ns);
}

static void ec_fsm_slave_start_reg_request(struct ec_fsm_slave *fsm,
					   struct ec_reg_request *req)
{
	struct ec_slave *slave = fsm->slave;
	int ret;

	req->state = EC_REQ_BUSY;
	req->error = 0;
	req->working_counter = 0;
	if (req->size > fsm->datagram.mem_size || !req->size) {
		req->error = -EOVERFLOW;
		ec_store_release(&req->state, EC_REQ_FAILURE);
		return;
	}
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
	if (ret) {
		req->error = ret;
		ec_store_release(&req->state, EC_REQ_FAILURE);
		return;
	}
	snprintf(fsm->datagram.name, EC_DATAGRAM_NAME_SIZE, "reg-request");
	fsm->reg_request = req;
	ec_fsm_queue(slave->master, &fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_state_reg;
}

static void ec_fsm_slave_start_sii_request(struct ec_fsm_slave *fsm,
					   u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_sii_request *req = ec_list_entry(
		slave->sii_requests.next, struct ec_sii_request, node);

	ec_list_del_init(&req->node);
	req->state = EC_REQ_BUSY;
	req->error = 0;
	if (!req->nwords) {
		ec_store_release(&req->state, EC_REQ_SUCCESS);
		return;
	}
	fsm->sii_request = req;
	ec_fsm_sii_write_start(&fsm->sii_write, slave, req, now_ns);
	fsm->state = ec_fsm_slave_state_sii;
}

static void ec_fsm_slave_start_sdo_request(struct ec_fsm_slave *fsm,
					   struct ec_sdo_request *req,
					   u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	req->state = EC_REQ_BUSY;
	fsm->sdo_request = req;
	ec_fsm_coe_transfer(&fsm->coe, slave, req, now_ns);
	fsm->state = ec_fsm_slave_state_sdo;
	fsm->state(fsm, now_ns);
}

static void ec_fsm_slave_start_foe_request(struct ec_fsm_slave *fsm,
					   struct ec_foe_request *req,
					   u64 now_ns)
{
	req->state = EC_REQ_BUSY;
	fsm->foe_request = req;
	ec_fsm_foe_transfer(&fsm->foe, fsm->slave, req, now_ns);
	fsm->state = ec_fsm_slave_state_foe;
	fsm->state(fsm, now_ns);
}

static void ec_fsm_slave_start_soe_request(struct ec_fsm_slave *fsm,
					   struct ec_soe_request *req,
					   u64 now_ns)
{
	req->state = EC_REQ_BUSY;
	fsm->soe_request = req;
	ec_fsm_soe_transfer(&fsm->soe, fsm->slave, req, now_ns);
	fsm->state = ec_fsm_slave_state_soe;
	fsm->state(fsm, now_ns);
}

static void ec_fsm_slave_start_voe_request(struct ec_fsm_slave *fsm,
					   struct ec_voe_handler *req,
					   u64 now_ns)
{
	req->state = EC_REQ_BUSY;
	fsm->voe_request = req;
	ec_fsm_voe_transfer(&fsm->voe, fsm->slave, req, now_ns);
	fsm->state = ec_fsm_slave_state_voe;
	fsm->state(fsm, now_ns);
}

static void ec_fsm_slave_start_eoe_ip_request(struct ec_fsm_slave *fsm,
					      struct ec_eoe_ip_request *req,
					      u64 now_ns)
{
	req->state = EC_REQ_BUSY;
	req->error = 0;
	fsm->eoe_ip_request = req;
	ec_fsm_eoe_set_ip(&fsm->eoe, fsm->slave, &req->ip, now_ns);
	fsm->state = ec_fsm_slave_state_eoe_ip;
	fsm->state(fsm, now_ns);
}

/* Take the next queued request of the application's configuration. */
static bool ec_fsm_slave_start_app_request(struct ec_fsm_slave *fsm,
					   u64 now_ns)
{
	struct ec_slave_config *sc = fsm->slave->config;
	struct ec_list *pos, *tmp;

	if (!sc)
		return false;
	ec_list_for_each_safe(pos, tmp, &sc->app_requests) {
		struct ec_app_request *r = ec_list_entry(
			pos, struct ec_app_request, config_node);

		if (ec_load_acquire(r->state) != EC_REQ_QUEUED)
			continue;
		fsm->request_sc = sc;
		switch (r->kind) {
		case EC_APP_REQ_SDO:
			ec_fsm_slave_start_sdo_request(fsm, &r->u.sdo, now_ns);
			break;
		case EC_APP_REQ_REG:
			ec_fsm_slave_start_reg_request(fsm, &r->u.reg);
			break;
		case EC_APP_REQ_FOE:
			ec_fsm_slave_start_foe_request(fsm, &r->u.foe, now_ns);
			break;
		case EC_APP_REQ_SOE:
			ec_fsm_slave_start_soe_request(fsm, &r->u.soe, now_ns);
			break;
		default:
			ec_fsm_slave_start_voe_request(fsm, &r->u.voe, now_ns);
			break;
		}
		return true;
	}
	return false;
}

static struct ec_list *ec_fsm_slave_pop(struct ec_list *list)
{
	struct ec_list *first = list->next;

	ec_list_del_init(first);
	return first;
}

/**
 * ec_fsm_slave_start_repair_request() - take the next request a slave
 * without a finished scan can serve
 * @fsm: idle slave FSM
 * @now_ns: current time
 *
 * A slave whose scan did not finish (an EEPROM overwritten with garbage,
 * say) still answers at the station address the scan gave it: it serves
 * register requests and SII writes, so that its SII can be repaired from
 * the master, and nothing that needs what the scan reads.
 */
void ec_fsm_slave_start_repair_request(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	if (!ec_list_empty(&slave->reg_requests))
		ec_fsm_slave_start_reg_request(fsm, ec_list_entry(
			ec_fsm_slave_pop(&slave->reg_requests),
			struct ec_reg_request, node));
	else if (!ec_list_empty(&slave->sii_requests))
		ec_fsm_slave_start_sii_request(fsm, now_ns);
}

/**
 * ec_fsm_slave_request_queued() - a request waits to be served
 * @slave: slave
 *
 * Return: true if a request of the CLI or of the application's
 * configuration is queued.
 */
bool ec_fsm_slave_request_queued(const struct ec_slave *slave)
{
	struct ec_list *pos, *tmp;

	if (!ec_list_empty(&slave->state_requests) ||
	    !ec_list_empty(&slave->reg_requests) ||
	    !ec_list_empty(&slave->sii_requests) ||
	    !ec_list_empty(&slave->sdo_requests) ||
	    !ec_list_empty(&slave->foe_requests) ||
	    !ec_list_empty(&slave->soe_requests) ||
	    !ec_list_empty(&slave->eoe_requests))
		return true;
	if (!slave->config)
		return false;
	ec_list_for_each_safe(pos, tmp, &slave->config->app_requests)
		if (ec_load_acquire(ec_list_entry(pos, struct ec_app_request,
						  config_node)->state) ==
		    EC_REQ_QUEUED)
			return true;
	return false;
}

/**
 * ec_fsm_slave_start_request() - take the next queued request
 * @fsm: idle slave FSM of a scanned slave
 * @now_ns: current time
 *
 * The CLI's requests in a fixed order of kinds, then the application's
 * in the order they were queued.  A request that ends at once (a bad
 * register size, an empty SII write) still counts as taken.
 *
 * Return: true if a request was taken.
 */
bool ec_fsm_slave_start_request(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	if (!ec_list_empty(&slave->state_requests))
		ec_fsm_slave_start_state_request(fsm, now_ns);
	else if (!ec_list_empty(&slave->reg_requests))
		ec_fsm_slave_start_reg_request(fsm, ec_list_entry(
			ec_fsm_slave_pop(&slave->reg_requests),
			struct ec_reg_request, node));
	else if (!ec_list_empty(&slave->sii_requests))
		ec_fsm_slave_start_sii_request(fsm, now_ns);
	else if (!ec_list_empty(&slave->sdo_requests))
		ec_fsm_slave_start_sdo_request(fsm, ec_list_entry(
			ec_fsm_slave_pop(&slave->sdo_requests),
			struct ec_sdo_request, node), now_ns);
	else if (!ec_list_empty(&slave->soe_requests))
		ec_fsm_slave_start_soe_request(fsm, ec_list_entry(
			ec_fsm_slave_pop(&slave->soe_requests),
			struct ec_soe_request, node), now_ns);
	else if (!ec_list_empty(&slave->foe_requests))
		ec_fsm_slave_start_foe_request(fsm, ec_list_entry(
			ec_fsm_slave_pop(&slave->foe_requests),
			struct ec_foe_request, node), now_ns);
	else if (!ec_list_empty(&slave->eoe_requests))
		ec_fsm_slave_start_eoe_ip_request(fsm, ec_list_entry(
			ec_fsm_slave_pop(&slave->eoe_requests),
			struct ec_eoe_ip_request, node), now_ns);
	else
		return ec_fsm_slave_start_app_request(fsm, now_ns);
	return true;
}

static void ec_fsm_slave_state_request_done(struct ec_fsm_slave *fsm,
					    bool ok, int error, u16 code)
{
	struct ec_state_request *req = fsm->state_request;
	struct ec_slave *slave = fsm->slave;

	fsm->state_request = NULL;
	fsm->state = ec_fsm_slave_state_idle;
	if (ok) {
		slave->requested_state = req->al_state & EC_AL_STATE_MASK;
		slave->error_flag = false;
		/* Out of BOOT the slave runs what was written (new firmware,
		 * new SII contents): scan it again, as IgH does.
		 */
		if (fsm->state_from == EC_AL_STATE_BOOT_ &&
		    slave->requested_state != EC_AL_STATE_BOOT_ &&
		    slave->master) {
			EC_SLAVE_INFO(slave, "left BOOT: scanning again");
			ec_fsm_master_rescan(&slave->master->fsm);
		}
		ec_store_release(&req->state, EC_REQ_SUCCESS);
		return;
	}
	req->al_status_code = code;
	req->error = error ? error : -EIO;
	ec_store_release(&req->state, EC_REQ_FAILURE);
}

static void ec_fsm_slave_state_state_config(struct ec_fsm_slave *fsm,
					    u64 now_ns)
{
	if (ec_fsm_slave_config_exec(&fsm->config, now_ns))
		return;
	ec_fsm_slave_state_request_done(fsm,
		ec_fsm_slave_config_success(&fsm->config),
		fsm->config.error, fsm->config.al_status_code);
}

static void ec_fsm_slave_state_state_change(struct ec_fsm_slave *fsm,
					    u64 now_ns)
{
	if (ec_fsm_change_exec(&fsm->change, now_ns))
		return;
	ec_fsm_slave_state_request_done(fsm,
		ec_fsm_change_success(&fsm->change), fsm->change.error,
		fsm->change.status_code);
}

static void ec_fsm_slave_state_reg(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_reg_request *req = fsm->reg_request;
	struct ec_datagram *d = &fsm->datagram;

	(void)now_ns;
	if (ec_fsm_retry(fsm->slave->master, d, &fsm->retries))
		return;
	fsm->reg_request = NULL;
	fsm->request_sc = NULL;
	fsm->state = ec_fsm_slave_state_idle;
	if (d->state != EC_DATAGRAM_RECEIVED) {
		req->error = ec_fsm_datagram_error(d);
		ec_store_release(&req->state, EC_REQ_FAILURE);
		return;
	}
	req->working_counter = d->working_counter;
	if (d->working_counter != 1) {
		req->error = -EIO;
		ec_store_release(&req->state, EC_REQ_FAILURE);
		return;
	}
	if (!req->write)
		memcpy(req->data, d->data, req->size);
	ec_store_release(&req->state, EC_REQ_SUCCESS);
}

/*
 * A mailbox transfer (SDO, FoE, SoE, VoE; of the CLI or the application)
 * ended: back to idle, then the result for the requester, which may free
 * the request as soon as it sees it.
 */
static void ec_fsm_slave_request_end(struct ec_fsm_slave *fsm,
				     enum ec_req_state *state, int *error,
				     bool ok)
{
	fsm->request_sc = NULL;
	fsm->state = ec_fsm_slave_state_idle;
	if (ok) {
		ec_store_release(state, EC_REQ_SUCCESS);
		return;
	}
	if (!*error)
		*error = -EIO;
	ec_store_release(state, EC_REQ_FAILURE);
}

static void ec_fsm_slave_state_sdo(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->sdo_request;

	if (ec_fsm_coe_exec(&fsm->coe, now_ns))
		return;
	fsm->sdo_request = NULL;
	ec_fsm_slave_request_end(fsm, &req->state, &req->error,
				 ec_fsm_coe_success(&fsm->coe));
}

static void ec_fsm_slave_state_foe(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_foe_request *req = fsm->foe_request;

	if (ec_fsm_foe_exec(&fsm->foe, now_ns))
		return;
	fsm->foe_request = NULL;
	ec_fsm_slave_request_end(fsm, &req->state, &req->error,
				 ec_fsm_foe_success(&fsm->foe));
}

static void ec_fsm_slave_state_soe(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_soe_request *req = fsm->soe_request;

	if (ec_fsm_soe_exec(&fsm->soe, now_ns))
		return;
	fsm->soe_request = NULL;
	ec_fsm_slave_request_end(fsm, &req->state, &req->error,
				 ec_fsm_soe_success(&fsm->soe));
}

static void ec_fsm_slave_state_voe(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_voe_handler *req = fsm->voe_request;

	if (ec_fsm_voe_exec(&fsm->voe, now_ns))
		return;
	fsm->voe_request = NULL;
	ec_fsm_slave_request_end(fsm, &req->state, &req->error,
				 ec_fsm_voe_success(&fsm->voe));
}

static void ec_fsm_slave_state_sii(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_sii_request *req = fsm->sii_request;

	if (ec_fsm_sii_write_exec(&fsm->sii_write, now_ns))
		return;
	fsm->sii_request = NULL;
	fsm->state = ec_fsm_slave_state_idle;
	if (ec_fsm_sii_write_success(&fsm->sii_write)) {
		ec_store_release(&req->state, EC_REQ_SUCCESS);
		return;
	}
	req->error = fsm->sii_write.error;
	ec_store_release(&req->state, EC_REQ_FAILURE);
}

static void ec_fsm_slave_state_eoe_ip(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_eoe_ip_request *req = fsm->eoe_ip_request;

	if (ec_fsm_eoe_exec(&fsm->eoe, now_ns))
		return;
	fsm->eoe_ip_request = NULL;
	fsm->state = ec_fsm_slave_state_idle;
	if (ec_fsm_eoe_success(&fsm->eoe)) {
		ec_store_release(&req->state, EC_REQ_SUCCESS);
		return;
	}
	req->error = fsm->eoe.error ? fsm->eoe.error : -EIO;
	ec_store_release(&req->state, EC_REQ_FAILURE);
}

#define EC_FAIL_REQUESTS(list, type, err) \
	do { \
		struct ec_list *pos_, *tmp_; \
		ec_list_for_each_safe(pos_, tmp_, list) { \
			type *req_ = ec_list_entry(pos_, type, node); \
			ec_list_del_init(pos_); \
			req_->error = (err); \
			ec_store_release(&req_->state, EC_REQ_FAILURE); \
		} \
	} while (0)

#define EC_FAIL_REQUEST(req) \
	do { \
		if (req) { \
			(req)->error = -ENODEV; \
			ec_store_release(&(req)->state, EC_REQ_FAILURE); \
			(req) = NULL; \
		} \
	} while (0)

/* Fail the requests still queued on a slave with @error. */
static void ec_slave_fail_requests(struct ec_slave *slave, int error)
{
	EC_FAIL_REQUESTS(&slave->sii_requests, struct ec_sii_request, error);
	EC_FAIL_REQUESTS(&slave->reg_requests, struct ec_reg_request, error);
	EC_FAIL_REQUESTS(&slave->sdo_requests, struct ec_sdo_request, error);
	EC_FAIL_REQUESTS(&slave->state_requests, struct ec_state_request,
			 error);
	EC_FAIL_REQUESTS(&slave->foe_requests, struct ec_foe_request, error);
	EC_FAIL_REQUESTS(&slave->soe_requests, struct ec_soe_request, error);
	EC_FAIL_REQUESTS(&slave->eoe_requests, struct ec_eoe_ip_request,
			 error);
}

/**
 * ec_slave_fail_unscanned_requests() - fail what a slave without a
 * finished scan cannot serve
 * @slave: slave whose scan gave up
 *
 * SDO and AL state requests end with -EIO; register requests and SII
 * writes stay (ec_fsm_slave_start_repair_request()).
 */
void ec_slave_fail_unscanned_requests(struct ec_slave *slave)
{
	EC_FAIL_REQUESTS(&slave->sdo_requests, struct ec_sdo_request, -EIO);
	EC_FAIL_REQUESTS(&slave->state_requests, struct ec_state_request,
			 -EIO);
}

/**
 * ec_slave_cancel_requests() - fail every request of a slave
 * @slave: slave that goes away
 *
 * Queued requests and the one in progress end with -ENODEV.
 */
void ec_slave_cancel_requests(struct ec_slave *slave)
{
	struct ec_fsm_slave *fsm = slave->fsm;

	ec_slave_fail_requests(slave, -ENODEV);
	if (!fsm)
		return;
	EC_FAIL_REQUEST(fsm->sii_request);
	EC_FAIL_REQUEST(fsm->reg_request);
	EC_FAIL_REQUEST(fsm->sdo_request);
	EC_FAIL_REQUEST(fsm->state_request);
	EC_FAIL_REQUEST(fsm->foe_request);
	EC_FAIL_REQUEST(fsm->soe_request);
	EC_FAIL_REQUEST(fsm->voe_request);
	EC_FAIL_REQUEST(fsm->eoe_ip_request);
	fsm->request_sc = NULL;
	fsm->coe.request = NULL;
	fsm->foe.request = NULL;
	fsm->soe.request = NULL;
	fsm->voe.request = NULL;
	if (slave->master)
		ec_master_unqueue_datagram(slave->master, &fsm->datagram);
	fsm->state = ec_fsm_slave_state_idle;
}
