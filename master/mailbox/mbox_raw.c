// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbox_raw.c - the raw mailbox exchange of the mailbox gateway (ETG.8200
 * clause "mailbox gateway"): a client's message into the write mailbox,
 * its reply out of the read mailbox.
 *
 * The master fills in the counter (its own sequence 1..7, as for every
 * message it sends, so that the slave's repeat detection stays right for
 * the master's other readers) and the address (0: from the master); the
 * channel and priority byte, the type and the data go unchanged.  EoE is
 * refused: it stays on the EoE interfaces.
 */
#include "mailbox/mbox_raw.h"
#include "mailbox/fsm_coe.h"
#include "mailbox/fsm_eoe.h"
#include "cycle/master.h"
#include "slave/slave.h"

/**
 * ec_mbox_raw_check() - is this a message the gateway may pass on
 * @msg: the message, header and data
 * @size: its bytes
 *
 * Return: 0, -EMSGSIZE when the header's length disagrees with @size or
 * the header is missing, -EPROTONOSUPPORT for EoE and the error type.
 */
int ec_mbox_raw_check(const u8 *msg, size_t size)
{
	u8 type;

	if (size < EC_MBOX_HEADER_SIZE ||
	    ec_get_u16(msg + EC_MBOX_HDR_LENGTH) !=
	    size - EC_MBOX_HEADER_SIZE)
		return -EMSGSIZE;
	type = msg[EC_MBOX_HDR_TYPE] & EC_MBOX_TYPE_MASK;
	if (type == EC_MBOX_TYPE_EOE || type == EC_MBOX_TYPE_ERR)
		return -EPROTONOSUPPORT;
	return 0;
}

/**
 * ec_mbox_raw_more() - more fragments of this reply follow unasked
 * @type: mailbox type of the reply
 * @p: its data
 * @n: its bytes
 *
 * SDO information (ETG.1000.6 5.6.3.2: the Incomplete bit of its header)
 * and SoE (IEC 61800-7-304: the Incomplete bit) send a long reply as
 * fragments one after the other without a request for each: the
 * exchange collects them all, so no other reader takes one.
 *
 * Return: true when the slave sends another fragment.
 */
bool ec_mbox_raw_more(u8 type, const u8 *p, size_t n)
{
	if (type == EC_MBOX_TYPE_COE)
		return n >= EC_COE_HEADER_SIZE + 1 &&
		       ec_get_u16(p) >> EC_COE_SERVICE_SHIFT ==
		       EC_COE_SERVICE_SDO_INFO &&
		       (p[EC_COE_HEADER_SIZE] & 0x80);
	if (type == EC_MBOX_TYPE_SOE)
		return n >= 1 && (p[0] & 0x08);
	return false;
}

/* SDO command specifiers, ETG.1000.6 tables 39-46 (bits 5-7). */
#define EC_RAW_CS(cmd) ((cmd) >> 5)
#define EC_RAW_CCS_DOWN_SEG 0
#define EC_RAW_CCS_DOWN_INIT 1
#define EC_RAW_SCS_UP_SEG 0
#define EC_RAW_SCS_UP_INIT 2
#define EC_RAW_SDO_EXPEDITED 0x02
#define EC_RAW_SDO_LAST 0x01	/* segment: no more segments */
#define EC_RAW_SDO_ABORT 0x80
#define EC_RAW_SDO_SIZE 6	/* normal transfer: the size (32 bit) */
#define EC_RAW_SDO_MSG 10	/* CoE header, command, index, size */

/* A CoE SDO message's command byte, or -1 if it is none. */
static int ec_mbox_raw_sdo_cmd(u8 type, const u8 *p, size_t n, u8 service)
{
	if (type != EC_MBOX_TYPE_COE || n < EC_COE_HEADER_SIZE + 1 ||
	    ec_get_u16(p) >> EC_COE_SERVICE_SHIFT != service)
		return -1;
	return p[EC_COE_HEADER_SIZE];
}

/*
 * The client's message starts or continues a segmented download that
 * has more segments to come.
 */
static bool ec_mbox_raw_download_goes_on(u8 type, const u8 *p, size_t n)
{
	int cmd = ec_mbox_raw_sdo_cmd(type, p, n, EC_COE_SERVICE_SDO_REQUEST);

	if (cmd < 0)
		return false;
	if (EC_RAW_CS(cmd) == EC_RAW_CCS_DOWN_SEG)
		return !(cmd & EC_RAW_SDO_LAST);
	return EC_RAW_CS(cmd) == EC_RAW_CCS_DOWN_INIT &&
	       !(cmd & EC_RAW_SDO_EXPEDITED) && n >= EC_RAW_SDO_MSG &&
	       ec_get_u32(p + EC_RAW_SDO_SIZE) > n - EC_RAW_SDO_MSG;
}

/* The slave's reply leaves a segmented transfer in progress. */
static bool ec_mbox_raw_transfer_goes_on(const struct ec_fsm_mbox_raw *fsm,
					 const u8 *p, size_t n)
{
	int cmd = ec_mbox_raw_sdo_cmd(fsm->mbox.type, p, n,
				      EC_COE_SERVICE_SDO_RESPONSE);

	if (cmd < 0)
		return false;
	if (EC_RAW_CS(cmd) == EC_RAW_SCS_UP_SEG)
		return !(cmd & EC_RAW_SDO_LAST);
	if (EC_RAW_CS(cmd) == EC_RAW_SCS_UP_INIT)
		return !(cmd & EC_RAW_SDO_EXPEDITED) && n >= EC_RAW_SDO_MSG &&
		       ec_get_u32(p + EC_RAW_SDO_SIZE) > n - EC_RAW_SDO_MSG;
	return fsm->more_out && (cmd & 0xe0) != EC_RAW_SDO_ABORT;
}

/**
 * ec_fsm_mbox_raw_init() - set up a raw exchange
 * @fsm: its memory
 * @datagram: the datagram it uses (the slave FSM's)
 */
void ec_fsm_mbox_raw_init(struct ec_fsm_mbox_raw *fsm,
			  struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	ec_fsm_mbox_init(&fsm->mbox, datagram);
}

static void ec_fsm_mbox_raw_finish(struct ec_fsm_mbox_raw *fsm, int error)
{
	fsm->error = error;
	fsm->busy = false;
	if (fsm->request && error && !fsm->request->base.error)
		fsm->request->base.error = error;
}

/**
 * ec_fsm_mbox_raw_transfer() - write the message, await its reply
 * @fsm: raw exchange
 * @slave: slave with a mailbox
 * @request: the message in data/data_size
 * @now_ns: current time
 */
void ec_fsm_mbox_raw_transfer(struct ec_fsm_mbox_raw *fsm,
			      struct ec_slave *slave,
			      struct ec_mbox_raw_request *request, u64 now_ns)
{
	const u8 *msg = request->data;
	size_t n = request->data_size;
	int ret;
	u8 *p;

	fsm->request = request;
	fsm->error = 0;
	fsm->busy = true;
	request->base.error = 0;
	request->reply_size = 0;
	ret = ec_mbox_raw_check(msg, n);
	if (ret) {
		EC_SLAVE_ERR(slave, "gateway: refused a message of %zu bytes",
			     n);
		ec_fsm_mbox_raw_finish(fsm, ret);
		return;
	}
	fsm->type = msg[EC_MBOX_HDR_TYPE] & EC_MBOX_TYPE_MASK;
	n -= EC_MBOX_HEADER_SIZE;
	fsm->more_out = ec_mbox_raw_download_goes_on(fsm->type,
						     msg + EC_MBOX_HEADER_SIZE,
						     n);
	p = ec_mbox_prepare_send(slave, fsm->mbox.datagram, fsm->type, n);
	if (!p) {
		EC_SLAVE_ERR(slave, "gateway: %zu bytes do not fit the mailbox",
			     n);
		ec_fsm_mbox_raw_finish(fsm, -EOVERFLOW);
		return;
	}
	(p - EC_MBOX_HEADER_SIZE)[EC_MBOX_HDR_CHANNEL] =
		msg[EC_MBOX_HDR_CHANNEL];
	memcpy(p, msg + EC_MBOX_HEADER_SIZE, n);
	if (request->no_reply)
		ec_fsm_mbox_send(&fsm->mbox, slave, request->base.timeout_ns,
				 now_ns);
	else
		ec_fsm_mbox_transfer(&fsm->mbox, slave,
				     request->base.timeout_ns, now_ns);
}

/*
 * A message that is not the reply: an emergency to the ring, an EoE
 * fragment to its handler; either way the exchange waits on.
 */
static bool ec_fsm_mbox_raw_other(struct ec_fsm_mbox_raw *fsm, u64 now_ns)
{
	struct ec_fsm_mbox *mbox = &fsm->mbox;
	struct ec_slave *slave = mbox->slave;

	if (mbox->type == EC_MBOX_TYPE_ERR)
		return false;	/* the slave's answer to this message */
	if (mbox->type == fsm->type &&
	    !(mbox->type == EC_MBOX_TYPE_COE &&
	      ec_coe_emergency(slave, mbox->payload, mbox->size)))
		return false;
	if (mbox->type != EC_MBOX_TYPE_COE &&
	    !ec_mbox_unsolicited(slave, mbox->type, mbox->payload,
				 mbox->size))
		EC_SLAVE_WARN(slave, "gateway: dropped a message of type 0x%x",
			      mbox->type);
	ec_fsm_mbox_receive(mbox, slave, mbox->timeout_ns, now_ns);
	return true;
}

/**
 * ec_fsm_mbox_raw_exec() - advance by one step
 * @fsm: raw exchange
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_mbox_raw_exec(struct ec_fsm_mbox_raw *fsm, u64 now_ns)
{
	struct ec_mbox_raw_request *req = fsm->request;
	struct ec_fsm_mbox *mbox = &fsm->mbox;
	size_t n;

	if (!fsm->busy)
		return false;
	if (ec_fsm_mbox_exec(mbox, now_ns))
		return true;
	if (!ec_fsm_mbox_success(mbox)) {
		ec_fsm_mbox_raw_finish(fsm, mbox->error ? mbox->error : -EIO);
		return false;
	}
	if (req->no_reply) {
		ec_fsm_mbox_raw_finish(fsm, 0);
		return false;
	}
	if (ec_fsm_mbox_raw_other(fsm, now_ns))
		return true;
	n = EC_MBOX_HEADER_SIZE + mbox->size;
	if (n > req->mem_size - req->reply_size) {
		EC_SLAVE_ERR(mbox->slave,
			     "gateway: reply of %zu bytes, room for %zu",
			     req->reply_size + n, req->mem_size);
		ec_fsm_mbox_raw_finish(fsm, -EOVERFLOW);
		return false;
	}
	/* The header is in the datagram just before the payload. */
	memcpy(req->data + req->reply_size,
	       mbox->payload - EC_MBOX_HEADER_SIZE, n);
	req->reply_size += n;
	if (ec_mbox_raw_more(mbox->type, mbox->payload, mbox->size)) {
		ec_fsm_mbox_receive(mbox, mbox->slave, mbox->timeout_ns,
				    now_ns);
		return true;
	}
	/* Keep other SDOs away until the client's next segment. */
	mbox->slave->raw_hold_ns =
		ec_mbox_raw_transfer_goes_on(fsm, mbox->payload, mbox->size) ?
		now_ns + EC_MBOX_RAW_HOLD_NS : 0;
	ec_fsm_mbox_raw_finish(fsm, 0);
	return false;
}

/**
 * ec_fsm_mbox_raw_success() - result of the ended exchange
 * @fsm: raw exchange
 *
 * Return: true on success; else fsm->error.
 */
bool ec_fsm_mbox_raw_success(const struct ec_fsm_mbox_raw *fsm)
{
	return !fsm->busy && !fsm->error;
}
