// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_voe.c - VoE messages (ETG.1000.6 clause 5.9).
 *
 * write:       message -> written into the write mailbox -> end
 * read:        wait for the read mailbox -> fetch -> end
 * read nosync: fetch the read mailbox once -> end (-ENOMSG if empty)
 */
#include "mailbox/fsm_voe.h"
#include "slave/fsm_change.h"
#include "cycle/master.h"
#include "slave/slave.h"

#define EC_VOE_VENDOR_ID 0
#define EC_VOE_VENDOR_TYPE 4

static void ec_fsm_voe_state_write(struct ec_fsm_voe *fsm, u64 now_ns);
static void ec_fsm_voe_state_read(struct ec_fsm_voe *fsm, u64 now_ns);
static void ec_fsm_voe_state_end(struct ec_fsm_voe *fsm, u64 now_ns);
static void ec_fsm_voe_state_error(struct ec_fsm_voe *fsm, u64 now_ns);

/**
 * ec_fsm_voe_init() - set up a VoE FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses (shared with the owner's other FSMs)
 */
void ec_fsm_voe_init(struct ec_fsm_voe *fsm, struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	ec_fsm_mbox_init(&fsm->mbox, datagram);
	fsm->state = ec_fsm_voe_state_end;
}

static void ec_fsm_voe_finish(struct ec_fsm_voe *fsm, int error)
{
	fsm->error = error;
	if (fsm->request && error && !fsm->request->base.error)
		fsm->request->base.error = error;
	fsm->state = error ? ec_fsm_voe_state_error : ec_fsm_voe_state_end;
}

/**
 * ec_fsm_voe_transfer() - start a write or read
 * @fsm: VoE FSM
 * @slave: slave
 * @request: the handler; its error fields are reset
 * @now_ns: current time
 */
void ec_fsm_voe_transfer(struct ec_fsm_voe *fsm, struct ec_slave *slave,
			 struct ec_voe_handler *request, u64 now_ns)
{
	u64 timeout = request->base.timeout_ns ? request->base.timeout_ns :
					    EC_VOE_TIMEOUT_NS;
	u8 *p;

	fsm->slave = slave;
	fsm->request = request;
	fsm->error = 0;
	request->base.error = 0;
	request->mbox_error = 0;
	if (!(slave->sii.mailbox_protocols & EC_MBOX_VOE)) {
		EC_SLAVE_ERR(slave, "VoE: the slave does not support VoE");
		ec_fsm_voe_finish(fsm, -EPROTONOSUPPORT);
		return;
	}
	switch (request->op) {
	case EC_VOE_OP_WRITE:
		p = ec_mbox_prepare_send(slave, fsm->datagram, EC_MBOX_TYPE_VOE,
					 EC_VOE_HEADER_SIZE +
					 request->data_size);
		if (!p) {
			EC_SLAVE_ERR(slave, "VoE: %zu bytes do not fit the mailbox",
				     request->data_size);
			ec_fsm_voe_finish(fsm, -EOVERFLOW);
			return;
		}
		ec_put_u32(p + EC_VOE_VENDOR_ID, request->vendor_id);
		ec_put_u16(p + EC_VOE_VENDOR_TYPE, request->vendor_type);
		memcpy(p + EC_VOE_HEADER_SIZE, request->data,
		       request->data_size);
		ec_fsm_mbox_send(&fsm->mbox, slave, timeout, now_ns);
		fsm->state = ec_fsm_voe_state_write;
		return;
	case EC_VOE_OP_READ:
		request->data_size = 0;
		ec_fsm_mbox_receive(&fsm->mbox, slave, timeout, now_ns);
		break;
	default:
		request->data_size = 0;
		ec_fsm_mbox_fetch(&fsm->mbox, slave, timeout, now_ns);
		break;
	}
	fsm->state = ec_fsm_voe_state_read;
}

/**
 * ec_fsm_voe_exec() - advance by one step
 * @fsm: VoE FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_voe_exec(struct ec_fsm_voe *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_voe_state_end ||
	    fsm->state == ec_fsm_voe_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_voe_state_end &&
	       fsm->state != ec_fsm_voe_state_error;
}

/**
 * ec_fsm_voe_success() - result of the ended FSM
 * @fsm: VoE FSM
 *
 * Return: true on success; else fsm->error.
 */
bool ec_fsm_voe_success(const struct ec_fsm_voe *fsm)
{
	return fsm->state == ec_fsm_voe_state_end;
}

static void ec_fsm_voe_state_write(struct ec_fsm_voe *fsm, u64 now_ns)
{
	if (ec_fsm_mbox_exec(&fsm->mbox, now_ns))
		return;
	ec_fsm_voe_finish(fsm, ec_fsm_mbox_success(&fsm->mbox) ? 0 :
			       fsm->mbox.error);
}

static void ec_fsm_voe_state_read(struct ec_fsm_voe *fsm, u64 now_ns)
{
	struct ec_voe_handler *req = fsm->request;
	int ret = ec_fsm_mbox_reply(&fsm->mbox, EC_MBOX_TYPE_VOE, now_ns);
	const u8 *p;
	size_t n;

	if (!ret)
		return;
	if (ret < 0) {
		req->mbox_error = fsm->mbox.error_code;
		ec_fsm_voe_finish(fsm, fsm->mbox.error ? fsm->mbox.error :
					   -EIO);
		return;
	}
	p = fsm->mbox.payload;
	n = fsm->mbox.size;
	if (n < EC_VOE_HEADER_SIZE) {
		EC_SLAVE_ERR(fsm->slave, "VoE: message of %zu bytes", n);
		ec_fsm_voe_finish(fsm, -EPROTO);
		return;
	}
	n -= EC_VOE_HEADER_SIZE;
	if (n > req->mem_size) {
		EC_SLAVE_ERR(fsm->slave, "VoE: %zu bytes do not fit the handler's %zu",
			     n, req->mem_size);
		ec_fsm_voe_finish(fsm, -EOVERFLOW);
		return;
	}
	req->rx_vendor_id = ec_get_u32(p + EC_VOE_VENDOR_ID);
	req->rx_vendor_type = ec_get_u16(p + EC_VOE_VENDOR_TYPE);
	memcpy(req->data, p + EC_VOE_HEADER_SIZE, n);
	req->data_size = n;
	ec_fsm_voe_finish(fsm, 0);
}

static void ec_fsm_voe_state_end(struct ec_fsm_voe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_voe_state_error(struct ec_fsm_voe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
