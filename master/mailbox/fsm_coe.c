// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_coe.c - SDO upload and download over CoE (ETG.1000.6 clause 5.6.2,
 * CiA 301 clause 7.2.4).
 *
 * upload:   initiate -> expedited or normal reply
 *                    -> [upload segment request -> segment]* (toggle)
 * download: expedited or normal initiate (with as much data as fits)
 *                    -> [download segment -> segment reply]* (toggle)
 */
#include "mailbox/fsm_coe.h"
#include "mailbox/coe_abort.h"
#include "mailbox/emergency.h"
#include "slave/fsm_change.h"
#include "mailbox/fsm_eoe.h"
#include "cycle/master.h"
#include "slave/slave.h"

/* Offsets in a CoE SDO message, counted from the CoE header. */
#define EC_SDO_CMD 2
#define EC_SDO_INDEX 3
#define EC_SDO_SUBINDEX 5
#define EC_SDO_DATA 6		/* expedited data, abort code, size */
#define EC_SDO_NORMAL_DATA 10	/* normal: data after the size */
#define EC_SDO_SEGMENT_DATA 3	/* segments: data after the command */
#define EC_SDO_MSG_SIZE 10	/* CoE header + SDO header + 4 bytes */

static void ec_fsm_coe_state_upload(struct ec_fsm_coe *fsm, u64 now_ns);
static void ec_fsm_coe_state_upload_segment(struct ec_fsm_coe *fsm,
					    u64 now_ns);
static void ec_fsm_coe_state_download(struct ec_fsm_coe *fsm, u64 now_ns);
static void ec_fsm_coe_state_download_segment(struct ec_fsm_coe *fsm,
					      u64 now_ns);
static void ec_fsm_coe_state_end(struct ec_fsm_coe *fsm, u64 now_ns);
static void ec_fsm_coe_state_error(struct ec_fsm_coe *fsm, u64 now_ns);

/**
 * ec_fsm_coe_init() - set up a CoE FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses (shared with the owner's other FSMs)
 */
void ec_fsm_coe_init(struct ec_fsm_coe *fsm, struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	ec_fsm_mbox_init(&fsm->mbox, datagram);
	fsm->state = ec_fsm_coe_state_end;
}

/* Frees what a dictionary read left behind (nothing after success). */
void ec_fsm_coe_clear(struct ec_fsm_coe *fsm)
{
	ec_free(fsm->indices);
	fsm->indices = NULL;
	fsm->index_count = 0;
	fsm->index_cap = 0;
	ec_free(fsm->info_buf);
	fsm->info_buf = NULL;
	fsm->info_len = 0;
	fsm->info_cap = 0;
	ec_slave_free_sdos(fsm->sdos, fsm->sdo_count);
	fsm->sdos = NULL;
	fsm->sdo_count = 0;
}

/**
 * ec_fsm_coe_finish() - end the current operation
 * @fsm: CoE FSM
 * @error: 0 or -errno; copied into the request of a transfer
 */
void ec_fsm_coe_finish(struct ec_fsm_coe *fsm, int error)
{
	fsm->error = error;
	if (fsm->request) {
		fsm->request->base.error = error;
		fsm->request->abort_code = fsm->abort_code;
	}
	fsm->state = error ? ec_fsm_coe_state_error : ec_fsm_coe_state_end;
}

/**
 * ec_fsm_coe_exec() - advance by one step
 * @fsm: CoE FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_coe_exec(struct ec_fsm_coe *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_coe_state_end ||
	    fsm->state == ec_fsm_coe_state_error || fsm->dict_paused)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_coe_state_end &&
	       fsm->state != ec_fsm_coe_state_error && !fsm->dict_paused;
}

/**
 * ec_fsm_coe_success() - result of the ended FSM
 * @fsm: CoE FSM
 *
 * Return: true on success; else fsm->error (and fsm->abort_code).
 */
bool ec_fsm_coe_success(const struct ec_fsm_coe *fsm)
{
	return fsm->state == ec_fsm_coe_state_end;
}

/**
 * ec_fsm_coe_prepare() - set up a CoE request in the write mailbox
 * @fsm: CoE FSM
 * @service: EC_COE_SERVICE_*
 * @size: bytes after the CoE header
 *
 * Return: the message from its CoE header on, zeroed, or NULL if it does
 * not fit the mailbox.
 */
u8 *ec_fsm_coe_prepare(struct ec_fsm_coe *fsm, u8 service, size_t size)
{
	u8 *p = ec_mbox_prepare_send(fsm->slave, fsm->datagram,
				     EC_MBOX_TYPE_COE,
				     EC_COE_HEADER_SIZE + size);

	if (p)
		ec_put_u16(p, (u16)(service << EC_COE_SERVICE_SHIFT));
	return p;
}

/* Send the prepared request; @next handles the reply. */
void ec_fsm_coe_send(struct ec_fsm_coe *fsm, ec_fsm_coe_state_t next,
		     u64 now_ns)
{
	ec_fsm_mbox_transfer(&fsm->mbox, fsm->slave, fsm->timeout_ns, now_ns);
	fsm->state = next;
}

/* Wait for another message without sending (the state stays). */
void ec_fsm_coe_receive_again(struct ec_fsm_coe *fsm, u64 now_ns)
{
	ec_fsm_mbox_receive(&fsm->mbox, fsm->slave, fsm->timeout_ns, now_ns);
}

/**
 * ec_coe_emergency() - store a CoE message if it is an emergency
 * @slave: the slave that sent it
 * @p: the message from its CoE header on
 * @n: its length
 *
 * Return: true if it was an emergency (stored, or too short and logged).
 */
bool ec_coe_emergency(struct ec_slave *slave, const u8 *p, size_t n)
{
	const u8 *e = p + EC_COE_HEADER_SIZE;

	if (n < EC_COE_HEADER_SIZE ||
	    ec_get_u16(p) >> EC_COE_SERVICE_SHIFT != EC_COE_SERVICE_EMERGENCY)
		return false;
	if (n < EC_COE_HEADER_SIZE + EC_EMERG_SIZE) {
		EC_SLAVE_WARN(slave, "CoE emergency of %zu bytes ignored", n);
		return true;
	}
	ec_emerg_ring_push(&slave->emerg_ring, e);
	EC_SLAVE_WARN(slave, "CoE emergency: error code 0x%04x, error "
		      "register 0x%02x, data %02x %02x %02x %02x %02x",
		      ec_get_u16(e), e[2], e[3], e[4], e[5], e[6], e[7]);
	return true;
}

/**
 * ec_fsm_coe_reply() - take the mailbox FSM's reply
 * @fsm: CoE FSM
 * @service: the CoE service wanted
 * @data: receives the message from its CoE header on
 * @size: receives its length
 * @now_ns: current time
 *
 * Emergencies are stored and other unexpected messages dropped; in both
 * cases the FSM waits for the next message.
 *
 * Return: 1 with the reply, 0 while waiting, -1 when the FSM has failed.
 */
int ec_fsm_coe_reply(struct ec_fsm_coe *fsm, u8 service, const u8 **data,
		     size_t *size, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	const u8 *p;
	size_t n;
	u8 got;

	if (ec_fsm_mbox_exec(&fsm->mbox, now_ns))
		return 0;
	if (!ec_fsm_mbox_success(&fsm->mbox)) {
		if (fsm->mbox.error == -ETIMEDOUT)
			EC_SLAVE_ERR(slave, "CoE: no reply within %llu ms",
				     (unsigned long long)(fsm->timeout_ns /
							  EC_NSEC_PER_MSEC));
		ec_fsm_coe_finish(fsm, fsm->mbox.error);
		return -1;
	}
	p = fsm->mbox.payload;
	n = fsm->mbox.size;
	if (fsm->mbox.type == EC_MBOX_TYPE_ERR) {
		ec_fsm_coe_finish(fsm, -EPROTO);
		return -1;
	}
	if (fsm->mbox.type != EC_MBOX_TYPE_COE) {
		if (ec_mbox_unsolicited(slave, fsm->mbox.type, p, n)) {
			ec_fsm_coe_receive_again(fsm, now_ns);
			return 0;
		}
		EC_SLAVE_WARN(slave,
			      "CoE: dropped a mailbox message of type 0x%x",
			      fsm->mbox.type);
		ec_fsm_coe_receive_again(fsm, now_ns);
		return 0;
	}
	if (n < EC_COE_HEADER_SIZE) {
		EC_SLAVE_ERR(slave, "CoE: reply of %zu bytes", n);
		ec_fsm_coe_finish(fsm, -EPROTO);
		return -1;
	}
	got = ec_get_u16(p) >> EC_COE_SERVICE_SHIFT;
	/* An abort comes as an SDO request (ETG.1000.6 table 40). */
	if (service == EC_COE_SERVICE_SDO_RESPONSE &&
	    got == EC_COE_SERVICE_SDO_REQUEST && n > EC_SDO_CMD &&
	    (p[EC_SDO_CMD] & EC_SDO_CS_MASK) == EC_SDO_CS_ABORT)
		got = service;
	if (got == EC_COE_SERVICE_EMERGENCY) {
		ec_coe_emergency(slave, p, n);
		ec_fsm_coe_receive_again(fsm, now_ns);
		return 0;
	}
	if (got != service) {
		EC_SLAVE_WARN(slave, "CoE: dropped a message of service %u",
			      got);
		ec_fsm_coe_receive_again(fsm, now_ns);
		return 0;
	}
	*data = p;
	*size = n;
	return 1;
}

static bool ec_fsm_coe_check_abort(struct ec_fsm_coe *fsm, const u8 *p,
				   size_t n)
{
	struct ec_sdo_request *req = fsm->request;

	if ((p[EC_SDO_CMD] & EC_SDO_CS_MASK) != EC_SDO_CS_ABORT)
		return false;
	fsm->abort_code = n >= EC_SDO_MSG_SIZE ? ec_get_u32(p + EC_SDO_DATA) :
						 0;
	EC_SLAVE_ERR(fsm->slave, "SDO 0x%04x:%02x %s aborted: 0x%08x (%s)",
		     req->index, req->subindex,
		     req->write ? "download" : "upload", fsm->abort_code,
		     ec_coe_abort_text(fsm->abort_code));
	ec_fsm_coe_finish(fsm, -EIO);
	return true;
}

/* An initiate reply for another object: a stale message. */
static bool ec_fsm_coe_other_object(const struct ec_fsm_coe *fsm,
				    const u8 *p)
{
	return ec_get_u16(p + EC_SDO_INDEX) != fsm->request->index ||
	       p[EC_SDO_SUBINDEX] != fsm->request->subindex;
}

/* The abort request went out (or got lost): the transfer ends. */
static void ec_fsm_coe_state_abort_sent(struct ec_fsm_coe *fsm, u64 now_ns)
{
	(void)now_ns;
	if (ec_fsm_retry(fsm->slave->master, fsm->datagram, &fsm->retries))
		return;
	ec_fsm_coe_finish(fsm, fsm->client_error);
}

/*
 * The client ends a transfer it cannot go on with: tell the slave with an
 * abort request (CiA 301 7.2.4.3.17) so that its server is ready for the
 * next one; no reply follows.
 */
static void ec_fsm_coe_client_abort(struct ec_fsm_coe *fsm, u32 code,
				    int error, const char *what, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	u8 *p;

	(void)now_ns;
	EC_SLAVE_ERR(fsm->slave,
		     "SDO 0x%04x:%02x: %s; aborting with 0x%08x (%s)",
		     req->index, req->subindex, what, code,
		     ec_coe_abort_text(code));
	p = ec_fsm_coe_prepare(fsm, EC_COE_SERVICE_SDO_REQUEST,
			       EC_SDO_MSG_SIZE - EC_COE_HEADER_SIZE);
	if (!p) {
		ec_fsm_coe_finish(fsm, error);
		return;
	}
	p[EC_SDO_CMD] = EC_SDO_CS_ABORT;
	ec_put_u16(p + EC_SDO_INDEX, req->index);
	p[EC_SDO_SUBINDEX] = req->subindex;
	ec_put_u32(p + EC_SDO_DATA, code);
	fsm->client_error = error;
	ec_fsm_queue(fsm->slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_coe_state_abort_sent;
}

/* A reply that breaks the protocol: abort with @code, fail -EPROTO. */
static void ec_fsm_coe_protocol_error(struct ec_fsm_coe *fsm, u32 code,
				      const char *what, u64 now_ns)
{
	ec_fsm_coe_client_abort(fsm, code, -EPROTO, what, now_ns);
}

/*
 * The SDO response of this step in *@p, *@n bytes: false while it has
 * not come, and when the transfer ended with it: shorter than @min (a
 * protocol error, @what says which reply) or an abort from the slave.
 */
static bool ec_fsm_coe_sdo_reply(struct ec_fsm_coe *fsm, size_t min,
				 const char *what, const u8 **p, size_t *n,
				 u64 now_ns)
{
	if (ec_fsm_coe_reply(fsm, EC_COE_SERVICE_SDO_RESPONSE, p, n,
			     now_ns) <= 0)
		return false;
	if (*n < min) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_COMMAND, what,
					  now_ns);
		return false;
	}
	return !ec_fsm_coe_check_abort(fsm, *p, *n);
}

static void ec_fsm_coe_upload_start(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	u8 *p = ec_fsm_coe_prepare(fsm, EC_COE_SERVICE_SDO_REQUEST,
				   EC_SDO_MSG_SIZE - EC_COE_HEADER_SIZE);

	if (!p) {
		ec_fsm_coe_finish(fsm, -EOVERFLOW);
		return;
	}
	p[EC_SDO_CMD] = EC_SDO_CCS_UPLOAD |
			(req->complete_access ? EC_SDO_COMPLETE_ACCESS : 0);
	ec_put_u16(p + EC_SDO_INDEX, req->index);
	p[EC_SDO_SUBINDEX] = req->subindex;
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_upload, now_ns);
}

static void ec_fsm_coe_upload_segment_request(struct ec_fsm_coe *fsm,
					      u64 now_ns)
{
	u8 *p = ec_fsm_coe_prepare(fsm, EC_COE_SERVICE_SDO_REQUEST,
				   EC_SDO_MSG_SIZE - EC_COE_HEADER_SIZE);

	if (!p) {
		ec_fsm_coe_finish(fsm, -EOVERFLOW);
		return;
	}
	p[EC_SDO_CMD] = EC_SDO_CCS_UPLOAD_SEGMENT |
			(fsm->toggle ? EC_SDO_TOGGLE : 0);
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_upload_segment, now_ns);
}

/* Upload initiate reply: expedited data, or the size and first part. */
static void ec_fsm_coe_state_upload(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	const u8 *p;
	size_t n, size;
	u8 cmd;

	if (!ec_fsm_coe_sdo_reply(fsm, EC_SDO_DATA,
				  "upload reply too short", &p, &n, now_ns))
		return;
	if (ec_fsm_coe_other_object(fsm, p)) {
		ec_fsm_coe_receive_again(fsm, now_ns);
		return;
	}
	cmd = p[EC_SDO_CMD];
	if ((cmd & EC_SDO_CS_MASK) != EC_SDO_SCS_UPLOAD) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_COMMAND,
					  "unexpected upload reply", now_ns);
		return;
	}
	if (cmd & EC_SDO_EXPEDITED) {
		size = EC_SDO_EXPEDITED_MAX;
		if (cmd & EC_SDO_SIZE_INDICATED)
			size -= (cmd >> 2) & 0x03;
		if (n < EC_SDO_DATA + size) {
			ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_COMMAND,
						  "expedited reply too short",
						  now_ns);
			return;
		}
		if (size > req->mem_size) {
			ec_fsm_coe_finish(fsm, -EOVERFLOW);
			return;
		}
		memcpy(req->data, p + EC_SDO_DATA, size);
		req->data_size = size;
		ec_fsm_coe_finish(fsm, 0);
		return;
	}
	if (n < EC_SDO_NORMAL_DATA) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_COMMAND,
					  "normal reply too short", now_ns);
		return;
	}
	fsm->complete_size = ec_get_u32(p + EC_SDO_DATA);
	if (fsm->complete_size > req->mem_size) {
		ec_fsm_coe_client_abort(fsm, EC_SDO_ABORT_NO_MEMORY,
					-EOVERFLOW, "reply larger than the "
					"buffer", now_ns);
		return;
	}
	size = n - EC_SDO_NORMAL_DATA;
	if (size > fsm->complete_size)
		size = fsm->complete_size;
	memcpy(req->data, p + EC_SDO_NORMAL_DATA, size);
	fsm->offset = size;
	if (fsm->offset == fsm->complete_size) {
		req->data_size = fsm->offset;
		ec_fsm_coe_finish(fsm, 0);
		return;
	}
	fsm->toggle = 0;
	ec_fsm_coe_upload_segment_request(fsm, now_ns);
}

static void ec_fsm_coe_state_upload_segment(struct ec_fsm_coe *fsm,
					    u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	const u8 *p;
	size_t n, size;
	u8 cmd;

	if (!ec_fsm_coe_sdo_reply(fsm, EC_SDO_SEGMENT_DATA,
				  "segment too short", &p, &n, now_ns))
		return;
	cmd = p[EC_SDO_CMD];
	if ((cmd & EC_SDO_CS_MASK) != EC_SDO_SCS_UPLOAD_SEGMENT ||
	    n < EC_SDO_SEGMENT_DATA + EC_SDO_SEGMENT_MIN) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_COMMAND,
					  "unexpected upload segment", now_ns);
		return;
	}
	if (!!(cmd & EC_SDO_TOGGLE) != fsm->toggle) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_TOGGLE,
					  "toggle bit not changed", now_ns);
		return;
	}
	size = n - EC_SDO_SEGMENT_DATA;
	if (size == EC_SDO_SEGMENT_MIN)	/* n: bytes without data */
		size -= (cmd >> 1) & 0x07;
	if (size > fsm->complete_size - fsm->offset) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_LENGTH,
					  "more data than announced", now_ns);
		return;
	}
	memcpy(req->data + fsm->offset, p + EC_SDO_SEGMENT_DATA, size);
	fsm->offset += size;
	if (cmd & EC_SDO_LAST_SEGMENT) {
		if (fsm->offset != fsm->complete_size) {
			ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_LENGTH,
						  "less data than announced",
						  now_ns);
			return;
		}
		req->data_size = fsm->offset;
		ec_fsm_coe_finish(fsm, 0);
		return;
	}
	fsm->toggle ^= 1;
	ec_fsm_coe_upload_segment_request(fsm, now_ns);
}

static void ec_fsm_coe_download_start(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	size_t max = ec_mbox_max_request(fsm->slave), first;
	u8 *p;

	if (!req->complete_access && req->data_size &&
	    req->data_size <= EC_SDO_EXPEDITED_MAX) {
		p = ec_fsm_coe_prepare(fsm, EC_COE_SERVICE_SDO_REQUEST,
				       EC_SDO_MSG_SIZE - EC_COE_HEADER_SIZE);
		if (!p) {
			ec_fsm_coe_finish(fsm, -EOVERFLOW);
			return;
		}
		p[EC_SDO_CMD] = EC_SDO_CCS_DOWNLOAD | EC_SDO_EXPEDITED |
				EC_SDO_SIZE_INDICATED |
				((EC_SDO_EXPEDITED_MAX - req->data_size) << 2);
		memcpy(p + EC_SDO_DATA, req->data, req->data_size);
		first = req->data_size;
	} else {
		if (max <= EC_SDO_NORMAL_DATA) {
			ec_fsm_coe_finish(fsm, -EOVERFLOW);
			return;
		}
		first = req->data_size;
		if (first > max - EC_SDO_NORMAL_DATA)
			first = max - EC_SDO_NORMAL_DATA;
		p = ec_fsm_coe_prepare(fsm, EC_COE_SERVICE_SDO_REQUEST,
				       EC_SDO_NORMAL_DATA - EC_COE_HEADER_SIZE +
				       first);
		if (!p) {
			ec_fsm_coe_finish(fsm, -EOVERFLOW);
			return;
		}
		p[EC_SDO_CMD] = EC_SDO_CCS_DOWNLOAD | EC_SDO_SIZE_INDICATED |
				(req->complete_access ?
				 EC_SDO_COMPLETE_ACCESS : 0);
		ec_put_u32(p + EC_SDO_DATA, (u32)req->data_size);
		memcpy(p + EC_SDO_NORMAL_DATA, req->data, first);
	}
	ec_put_u16(p + EC_SDO_INDEX, req->index);
	p[EC_SDO_SUBINDEX] = req->subindex;
	fsm->offset = first;
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_download, now_ns);
}

static void ec_fsm_coe_download_segment(struct ec_fsm_coe *fsm, u64 now_ns)
{
	struct ec_sdo_request *req = fsm->request;
	size_t max = ec_mbox_max_request(fsm->slave) - EC_COE_HEADER_SIZE - 1;
	size_t size = req->data_size - fsm->offset, padded;
	bool last;
	u8 *p;

	if (size > max)
		size = max;
	last = fsm->offset + size == req->data_size;
	padded = size < EC_SDO_SEGMENT_MIN ? EC_SDO_SEGMENT_MIN : size;
	p = ec_fsm_coe_prepare(fsm, EC_COE_SERVICE_SDO_REQUEST, 1 + padded);
	if (!p) {
		ec_fsm_coe_finish(fsm, -EOVERFLOW);
		return;
	}
	p[EC_SDO_CMD] = EC_SDO_CCS_DOWNLOAD_SEGMENT |
			(fsm->toggle ? EC_SDO_TOGGLE : 0) |
			(last ? EC_SDO_LAST_SEGMENT : 0);
	if (size < EC_SDO_SEGMENT_MIN)
		p[EC_SDO_CMD] |= (EC_SDO_SEGMENT_MIN - size) << 1;
	memcpy(p + EC_SDO_SEGMENT_DATA, req->data + fsm->offset, size);
	fsm->segment_size = size;
	ec_fsm_coe_send(fsm, ec_fsm_coe_state_download_segment, now_ns);
}

static void ec_fsm_coe_state_download(struct ec_fsm_coe *fsm, u64 now_ns)
{
	const u8 *p;
	size_t n;

	if (!ec_fsm_coe_sdo_reply(fsm, EC_SDO_DATA,
				  "download reply too short", &p, &n, now_ns))
		return;
	if (ec_fsm_coe_other_object(fsm, p)) {
		ec_fsm_coe_receive_again(fsm, now_ns);
		return;
	}
	if ((p[EC_SDO_CMD] & EC_SDO_CS_MASK) != EC_SDO_SCS_DOWNLOAD) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_COMMAND,
					  "unexpected download reply", now_ns);
		return;
	}
	if (fsm->offset >= fsm->request->data_size) {
		ec_fsm_coe_finish(fsm, 0);
		return;
	}
	fsm->toggle = 0;
	ec_fsm_coe_download_segment(fsm, now_ns);
}

static void ec_fsm_coe_state_download_segment(struct ec_fsm_coe *fsm,
					      u64 now_ns)
{
	const u8 *p;
	size_t n;
	u8 cmd;

	if (!ec_fsm_coe_sdo_reply(fsm, EC_SDO_SEGMENT_DATA,
				  "segment reply too short", &p, &n, now_ns))
		return;
	cmd = p[EC_SDO_CMD];
	if ((cmd & EC_SDO_CS_MASK) != EC_SDO_SCS_DOWNLOAD_SEGMENT) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_COMMAND,
					  "unexpected segment reply", now_ns);
		return;
	}
	if (!!(cmd & EC_SDO_TOGGLE) != fsm->toggle) {
		ec_fsm_coe_protocol_error(fsm, EC_SDO_ABORT_TOGGLE,
					  "toggle bit not changed", now_ns);
		return;
	}
	fsm->offset += fsm->segment_size;
	if (fsm->offset >= fsm->request->data_size) {
		ec_fsm_coe_finish(fsm, 0);
		return;
	}
	fsm->toggle ^= 1;
	ec_fsm_coe_download_segment(fsm, now_ns);
}

/**
 * ec_fsm_coe_transfer() - start an SDO upload or download
 * @fsm: CoE FSM
 * @slave: slave with CoE
 * @request: what to transfer; error, abort_code (and for an upload
 *	     data_size) are filled when the FSM ends
 * @now_ns: current time
 */
void ec_fsm_coe_transfer(struct ec_fsm_coe *fsm, struct ec_slave *slave,
			 struct ec_sdo_request *request, u64 now_ns)
{
	/* A paused dictionary read keeps its place (sdos, sdo_pos). */
	fsm->dict_paused = false;
	fsm->slave = slave;
	fsm->request = request;
	fsm->error = 0;
	fsm->abort_code = 0;
	fsm->offset = 0;
	fsm->complete_size = 0;
	fsm->toggle = 0;
	fsm->timeout_ns = request->base.timeout_ns ? request->base.timeout_ns :
						EC_MBOX_TIMEOUT_NS;
	request->base.error = 0;
	request->abort_code = 0;
	if (!(slave->sii.mailbox_protocols & EC_MBOX_COE) ||
	    !ec_slave_has_mailbox(slave)) {
		EC_SLAVE_ERR(slave, "SDO transfer: the slave has no CoE");
		ec_fsm_coe_finish(fsm, -EPROTONOSUPPORT);
		return;
	}
	if (request->entry_info)
		ec_fsm_coe_entry_info_start(fsm, now_ns);
	else if (request->write)
		ec_fsm_coe_download_start(fsm, now_ns);
	else
		ec_fsm_coe_upload_start(fsm, now_ns);
}

static void ec_fsm_coe_state_end(struct ec_fsm_coe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_coe_state_error(struct ec_fsm_coe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
