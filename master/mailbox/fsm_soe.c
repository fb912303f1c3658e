// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_soe.c - SoE read and write of one IDN element (ETG.1000.6 5.8).
 *
 * read:  read request -> read response [incomplete: the drive sends the
 *        next fragment by itself, fragments left in the IDN field]*
 * write: [write request fragment, incomplete, sent without a reply]*
 *        -> last fragment -> write response
 * A response with the error flag carries the drive's error code.
 */
#include "mailbox/fsm_soe.h"
#include "slave/fsm_change.h"
#include "mailbox/mbox_text.h"
#include "cycle/master.h"
#include "slave/slave.h"

#define EC_SOE_OPCODE 0		/* opcode:3, incomplete, error, drive:3 */
#define EC_SOE_ELEMENTS 1
#define EC_SOE_IDN 2		/* IDN, or fragments left when incomplete */

static void ec_fsm_soe_state_read(struct ec_fsm_soe *fsm, u64 now_ns);
static void ec_fsm_soe_state_write_fragment(struct ec_fsm_soe *fsm,
					    u64 now_ns);
static void ec_fsm_soe_state_write(struct ec_fsm_soe *fsm, u64 now_ns);
static void ec_fsm_soe_state_end(struct ec_fsm_soe *fsm, u64 now_ns);
static void ec_fsm_soe_state_error(struct ec_fsm_soe *fsm, u64 now_ns);

/**
 * ec_fsm_soe_init() - set up an SoE FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses (shared with the owner's other FSMs)
 */
void ec_fsm_soe_init(struct ec_fsm_soe *fsm, struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	ec_fsm_mbox_init(&fsm->mbox, datagram);
	fsm->state = ec_fsm_soe_state_end;
}

static void ec_fsm_soe_finish(struct ec_fsm_soe *fsm, int error)
{
	fsm->error = error;
	if (fsm->request && error && !fsm->request->base.error)
		fsm->request->base.error = error;
	fsm->state = error ? ec_fsm_soe_state_error : ec_fsm_soe_state_end;
}

static u8 ec_fsm_soe_elements(const struct ec_soe_request *req)
{
	return req->elements ? req->elements : EC_SOE_ELEM_VALUE;
}

static u8 *ec_fsm_soe_prepare(struct ec_fsm_soe *fsm, u8 opcode, u16 idn,
			      size_t data_size)
{
	struct ec_soe_request *req = fsm->request;
	u8 *p = ec_mbox_prepare_send(fsm->slave, fsm->datagram,
				     EC_MBOX_TYPE_SOE,
				     EC_SOE_HEADER_SIZE + data_size);

	if (!p)
		return NULL;
	p[EC_SOE_OPCODE] = opcode | (req->drive_no << EC_SOE_DRIVE_SHIFT);
	p[EC_SOE_ELEMENTS] = ec_fsm_soe_elements(req);
	ec_put_u16(p + EC_SOE_IDN, idn);
	return p + EC_SOE_HEADER_SIZE;
}

/* Send the next write fragment (all of it if it fits). */
static void ec_fsm_soe_send_write(struct ec_fsm_soe *fsm, u64 now_ns)
{
	struct ec_soe_request *req = fsm->request;
	size_t max = ec_mbox_max_request(fsm->slave) - EC_SOE_HEADER_SIZE;
	size_t left = req->data_size - fsm->offset, n = left, fragments;
	u8 opcode = EC_SOE_OP_WRITE_REQ;
	u16 word = req->idn;
	u8 *p;

	if (left > max) {
		/* Fragments left after this one (ETG.1000.6 clause 5.8). */
		n = max;
		fragments = (left - n + max - 1) / max;
		opcode |= EC_SOE_INCOMPLETE;
		word = (u16)fragments;
	}
	p = ec_fsm_soe_prepare(fsm, opcode, word, n);
	if (!p) {
		ec_fsm_soe_finish(fsm, -EIO);
		return;
	}
	memcpy(p, req->data + fsm->offset, n);
	fsm->fragment_size = n;
	fsm->fragments++;
	if (opcode & EC_SOE_INCOMPLETE) {
		ec_fsm_mbox_send(&fsm->mbox, fsm->slave, fsm->timeout_ns,
				 now_ns);
		fsm->state = ec_fsm_soe_state_write_fragment;
		return;
	}
	ec_fsm_mbox_transfer(&fsm->mbox, fsm->slave, fsm->timeout_ns, now_ns);
	fsm->state = ec_fsm_soe_state_write;
}

/**
 * ec_fsm_soe_transfer() - start a read or write
 * @fsm: SoE FSM
 * @slave: slave
 * @request: what to do; its error fields are reset
 * @now_ns: current time
 */
void ec_fsm_soe_transfer(struct ec_fsm_soe *fsm, struct ec_slave *slave,
			 struct ec_soe_request *request, u64 now_ns)
{
	fsm->slave = slave;
	fsm->request = request;
	fsm->timeout_ns = request->base.timeout_ns ? request->base.timeout_ns :
						EC_SOE_TIMEOUT_NS;
	fsm->offset = 0;
	fsm->fragment_size = 0;
	fsm->fragments = 0;
	fsm->error = 0;
	request->base.error = 0;
	request->error_code = 0;
	if (!request->write)
		request->data_size = 0;
	if (!(slave->sii.mailbox_protocols & EC_MBOX_SOE)) {
		EC_SLAVE_ERR(slave, "SoE: the slave does not support SoE");
		ec_fsm_soe_finish(fsm, -EPROTONOSUPPORT);
		return;
	}
	if (request->drive_no > 7 ||
	    ec_mbox_max_request(slave) <= EC_SOE_HEADER_SIZE) {
		ec_fsm_soe_finish(fsm, -EINVAL);
		return;
	}
	if (request->write) {
		ec_fsm_soe_send_write(fsm, now_ns);
		return;
	}
	if (!ec_fsm_soe_prepare(fsm, EC_SOE_OP_READ_REQ, request->idn, 0)) {
		ec_fsm_soe_finish(fsm, -EIO);
		return;
	}
	ec_fsm_mbox_transfer(&fsm->mbox, slave, fsm->timeout_ns, now_ns);
	fsm->state = ec_fsm_soe_state_read;
}

/**
 * ec_fsm_soe_exec() - advance by one step
 * @fsm: SoE FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_soe_exec(struct ec_fsm_soe *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_soe_state_end ||
	    fsm->state == ec_fsm_soe_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_soe_state_end &&
	       fsm->state != ec_fsm_soe_state_error;
}

/**
 * ec_fsm_soe_success() - result of the ended FSM
 * @fsm: SoE FSM
 *
 * Return: true on success; else fsm->error and the request's error code.
 */
bool ec_fsm_soe_success(const struct ec_fsm_soe *fsm)
{
	return fsm->state == ec_fsm_soe_state_end;
}

/*
 * Take the SoE response with the opcode wanted: 1 with it in p and n, 0
 * while waiting, -1 when the FSM has ended.
 */
static int ec_fsm_soe_reply(struct ec_fsm_soe *fsm, u8 opcode,
			    const u8 **p, size_t *n, u64 now_ns)
{
	struct ec_soe_request *req = fsm->request;
	struct ec_slave *slave = fsm->slave;
	int ret = ec_fsm_mbox_reply(&fsm->mbox, EC_MBOX_TYPE_SOE, now_ns);
	char idn[EC_SOE_IDN_TEXT_SIZE];

	if (!ret)
		return 0;
	if (ret < 0) {
		if (fsm->mbox.error == -ETIMEDOUT)
			EC_SLAVE_ERR(slave, "SoE: no reply within %llu ms",
				     (unsigned long long)(fsm->timeout_ns /
							  EC_NSEC_PER_MSEC));
		ec_fsm_soe_finish(fsm, fsm->mbox.error ? fsm->mbox.error :
					   -EIO);
		return -1;
	}
	*p = fsm->mbox.payload;
	*n = fsm->mbox.size;
	if (*n < EC_SOE_HEADER_SIZE) {
		EC_SLAVE_ERR(slave, "SoE: reply of %zu bytes", *n);
		ec_fsm_soe_finish(fsm, -EPROTO);
		return -1;
	}
	if (((*p)[EC_SOE_OPCODE] & EC_SOE_OP_MASK) != opcode ||
	    ((*p)[EC_SOE_OPCODE] >> EC_SOE_DRIVE_SHIFT) != req->drive_no) {
		/* A notification or another drive's: not ours. */
		EC_SLAVE_WARN(slave, "SoE: dropped a message with opcode %u",
			      (*p)[EC_SOE_OPCODE] & EC_SOE_OP_MASK);
		ec_fsm_mbox_receive(&fsm->mbox, slave, fsm->timeout_ns,
				    now_ns);
		return 0;
	}
	if (!((*p)[EC_SOE_OPCODE] & EC_SOE_ERROR))
		return 1;
	req->error_code = *n >= EC_SOE_HEADER_SIZE + 2 ?
			  ec_get_u16(*p + EC_SOE_HEADER_SIZE) : 0;
	ec_soe_idn_format(req->idn, idn, sizeof(idn));
	EC_SLAVE_ERR(slave, "SoE %s of %s (drive %u) failed: error 0x%04x: %s",
		     req->write ? "write" : "read", idn,
		     req->drive_no, req->error_code,
		     ec_soe_error_text(req->error_code));
	ec_fsm_soe_finish(fsm, -EIO);
	return -1;
}

static void ec_fsm_soe_state_read(struct ec_fsm_soe *fsm, u64 now_ns)
{
	struct ec_soe_request *req = fsm->request;
	const u8 *p;
	size_t n;

	if (ec_fsm_soe_reply(fsm, EC_SOE_OP_READ_RES, &p, &n, now_ns) <= 0)
		return;
	if (!fsm->fragments && ec_get_u16(p + EC_SOE_IDN) != req->idn &&
	    !(p[EC_SOE_OPCODE] & EC_SOE_INCOMPLETE)) {
		EC_SLAVE_WARN(fsm->slave, "SoE: dropped the response of IDN 0x%04x",
			      ec_get_u16(p + EC_SOE_IDN));
		ec_fsm_mbox_receive(&fsm->mbox, fsm->slave, fsm->timeout_ns,
				    now_ns);
		return;
	}
	n -= EC_SOE_HEADER_SIZE;
	if (n > req->mem_size - req->data_size) {
		EC_SLAVE_ERR(fsm->slave, "SoE: %zu bytes do not fit the buffer of %zu",
			     req->data_size + n, req->mem_size);
		ec_fsm_soe_finish(fsm, -EOVERFLOW);
		return;
	}
	memcpy(req->data + req->data_size, p + EC_SOE_HEADER_SIZE, n);
	req->data_size += n;
	fsm->fragments++;
	if (p[EC_SOE_OPCODE] & EC_SOE_INCOMPLETE) {
		/* The drive sends the next fragment without a request. */
		ec_fsm_mbox_receive(&fsm->mbox, fsm->slave, fsm->timeout_ns,
				    now_ns);
		return;
	}
	ec_fsm_soe_finish(fsm, 0);
}

/* A write fragment was taken by the slave: send the next one. */
static void ec_fsm_soe_state_write_fragment(struct ec_fsm_soe *fsm,
					    u64 now_ns)
{
	if (ec_fsm_mbox_exec(&fsm->mbox, now_ns))
		return;
	if (!ec_fsm_mbox_success(&fsm->mbox)) {
		ec_fsm_soe_finish(fsm, fsm->mbox.error);
		return;
	}
	fsm->offset += fsm->fragment_size;
	ec_fsm_soe_send_write(fsm, now_ns);
}

static void ec_fsm_soe_state_write(struct ec_fsm_soe *fsm, u64 now_ns)
{
	const u8 *p;
	size_t n;

	if (ec_fsm_soe_reply(fsm, EC_SOE_OP_WRITE_RES, &p, &n, now_ns) <= 0)
		return;
	if (ec_get_u16(p + EC_SOE_IDN) != fsm->request->idn) {
		ec_fsm_mbox_receive(&fsm->mbox, fsm->slave, fsm->timeout_ns,
				    now_ns);
		return;
	}
	fsm->offset += fsm->fragment_size;
	ec_fsm_soe_finish(fsm, 0);
}

static void ec_fsm_soe_state_end(struct ec_fsm_soe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_soe_state_error(struct ec_fsm_soe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
