// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_foe.c - FoE read and write (ETG.1000.6 clause 5.7).
 *
 * write: WRQ -> ACK 0 -> [DATA n -> ACK n]* until a packet shorter than
 *        the mailbox allows (an empty one if the file fills the last)
 * read:  RRQ -> [DATA n -> ACK n]* until a short packet; the last ACK is
 *        sent without waiting for a reply
 * BUSY from the slave: the last request is sent again (write: the data
 * packet) until the slave takes it or the reply timeout ends.  A packet
 * repeated by the slave is acknowledged again; an error request ends the
 * transfer with the slave's code and text.
 */
#include "mailbox/fsm_foe.h"
#include "slave/fsm_change.h"
#include "mailbox/mbox_text.h"
#include "cycle/master.h"
#include "slave/slave.h"

#define EC_FOE_OPCODE 0
#define EC_FOE_WORD 2		/* password, packet number, error code */

static void ec_fsm_foe_state_write_reply(struct ec_fsm_foe *fsm, u64 now_ns);
static void ec_fsm_foe_state_read_reply(struct ec_fsm_foe *fsm, u64 now_ns);
static void ec_fsm_foe_state_last_ack(struct ec_fsm_foe *fsm, u64 now_ns);
static void ec_fsm_foe_state_abort(struct ec_fsm_foe *fsm, u64 now_ns);
static void ec_fsm_foe_state_end(struct ec_fsm_foe *fsm, u64 now_ns);
static void ec_fsm_foe_state_error(struct ec_fsm_foe *fsm, u64 now_ns);

/**
 * ec_fsm_foe_init() - set up an FoE FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses (shared with the owner's other FSMs)
 */
void ec_fsm_foe_init(struct ec_fsm_foe *fsm, struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	ec_fsm_mbox_init(&fsm->mbox, datagram);
	fsm->state = ec_fsm_foe_state_end;
}

static void ec_fsm_foe_finish(struct ec_fsm_foe *fsm, int error)
{
	fsm->error = error;
	if (fsm->request && error && !fsm->request->base.error)
		fsm->request->base.error = error;
	fsm->state = error ? ec_fsm_foe_state_error : ec_fsm_foe_state_end;
}

/* Set up an FoE message in the write mailbox. */
static u8 *ec_fsm_foe_prepare(struct ec_fsm_foe *fsm, u8 opcode, u32 word,
			      size_t data_size)
{
	u8 *p = ec_mbox_prepare_send(fsm->slave, fsm->datagram,
				     EC_MBOX_TYPE_FOE,
				     EC_FOE_HEADER_SIZE + data_size);

	if (!p)
		return NULL;
	p[EC_FOE_OPCODE] = opcode;
	ec_put_u32(p + EC_FOE_WORD, word);
	return p + EC_FOE_HEADER_SIZE;
}

static void ec_fsm_foe_send(struct ec_fsm_foe *fsm, ec_fsm_foe_state_t next,
			    u64 now_ns)
{
	ec_fsm_mbox_transfer(&fsm->mbox, fsm->slave, fsm->timeout_ns, now_ns);
	fsm->state = next;
}

/* The read or write request with password and file name. */
static void ec_fsm_foe_send_request(struct ec_fsm_foe *fsm, u64 now_ns)
{
	struct ec_foe_request *req = fsm->request;
	size_t len = strlen(req->file_name);
	u8 *p;

	p = ec_fsm_foe_prepare(fsm, req->write ? EC_FOE_OP_WRITE :
				    EC_FOE_OP_READ, req->password, len);
	if (!p) {
		EC_SLAVE_ERR(fsm->slave,
			     "FoE: file name of %zu bytes does not fit the mailbox",
			     len);
		ec_fsm_foe_finish(fsm, -ENAMETOOLONG);
		return;
	}
	memcpy(p, req->file_name, len);
	ec_fsm_foe_send(fsm, req->write ? ec_fsm_foe_state_write_reply :
					  ec_fsm_foe_state_read_reply, now_ns);
}

/* Write: the data packet after the one acknowledged. */
static void ec_fsm_foe_send_data(struct ec_fsm_foe *fsm, u64 now_ns)
{
	struct ec_foe_request *req = fsm->request;
	size_t left = req->data_size - req->progress;
	size_t n = left < fsm->max_data ? left : fsm->max_data;
	u8 *p;

	p = ec_fsm_foe_prepare(fsm, EC_FOE_OP_DATA, fsm->packet_no + 1, n);
	if (!p) {
		ec_fsm_foe_finish(fsm, -EIO);
		return;
	}
	memcpy(p, req->data + req->progress, n);
	fsm->segment_size = n;
	fsm->last = n < fsm->max_data;
	ec_fsm_foe_send(fsm, ec_fsm_foe_state_write_reply, now_ns);
}

/**
 * ec_fsm_foe_transfer() - start a read or write
 * @fsm: FoE FSM
 * @slave: slave
 * @request: what to do; its error fields are reset
 * @now_ns: current time
 */
void ec_fsm_foe_transfer(struct ec_fsm_foe *fsm, struct ec_slave *slave,
			 struct ec_foe_request *request, u64 now_ns)
{
	size_t mbox;

	fsm->slave = slave;
	fsm->request = request;
	fsm->timeout_ns = request->base.timeout_ns ? request->base.timeout_ns :
						EC_FOE_TIMEOUT_NS;
	fsm->packet_no = 0;
	fsm->segment_size = 0;
	fsm->last = false;
	fsm->duplicates = 0;
	fsm->busy_count = 0;
	fsm->busy_since_ns = 0;
	fsm->error = 0;
	request->base.error = 0;
	request->foe_error = 0;
	request->error_text[0] = '\0';
	request->mbox_error = 0;
	request->progress = 0;
	if (!request->write)
		request->data_size = 0;
	if (!(slave->sii.mailbox_protocols & EC_MBOX_FOE)) {
		EC_SLAVE_ERR(slave, "FoE: the slave does not support FoE");
		ec_fsm_foe_finish(fsm, -EPROTONOSUPPORT);
		return;
	}
	mbox = request->write ? ec_mbox_max_request(slave) :
				ec_mbox_max_reply(slave);
	if (mbox <= EC_FOE_HEADER_SIZE ||
	    ec_mbox_max_request(slave) <= EC_FOE_HEADER_SIZE) {
		EC_SLAVE_ERR(slave, "FoE: mailbox too small");
		ec_fsm_foe_finish(fsm, -EPROTO);
		return;
	}
	fsm->max_data = mbox - EC_FOE_HEADER_SIZE;
	ec_fsm_foe_send_request(fsm, now_ns);
}

/**
 * ec_fsm_foe_exec() - advance by one step
 * @fsm: FoE FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_foe_exec(struct ec_fsm_foe *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_foe_state_end ||
	    fsm->state == ec_fsm_foe_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_foe_state_end &&
	       fsm->state != ec_fsm_foe_state_error;
}

/**
 * ec_fsm_foe_success() - result of the ended FSM
 * @fsm: FoE FSM
 *
 * Return: true on success; else fsm->error and the request's FoE error.
 */
bool ec_fsm_foe_success(const struct ec_fsm_foe *fsm)
{
	return fsm->state == ec_fsm_foe_state_end;
}

/*
 * Take the FoE reply: 1 with it in p and n (at least the header), 0 while
 * waiting, -1 when the FSM has ended (error request, mailbox failure).
 */
static int ec_fsm_foe_reply(struct ec_fsm_foe *fsm, const u8 **p, size_t *n,
			    u64 now_ns)
{
	struct ec_foe_request *req = fsm->request;
	struct ec_slave *slave = fsm->slave;
	int ret = ec_fsm_mbox_reply(&fsm->mbox, EC_MBOX_TYPE_FOE, now_ns);
	size_t len;

	if (!ret)
		return 0;
	if (ret < 0) {
		if (fsm->mbox.error == -ETIMEDOUT)
			EC_SLAVE_ERR(slave, "FoE: no reply within %llu ms",
				     (unsigned long long)(fsm->timeout_ns /
							  EC_NSEC_PER_MSEC));
		req->mbox_error = fsm->mbox.error_code;
		ec_fsm_foe_finish(fsm, fsm->mbox.error ? fsm->mbox.error :
					   -EIO);
		return -1;
	}
	if (fsm->mbox.size < EC_FOE_HEADER_SIZE) {
		EC_SLAVE_ERR(slave, "FoE: reply of %zu bytes", fsm->mbox.size);
		ec_fsm_foe_finish(fsm, -EPROTO);
		return -1;
	}
	*p = fsm->mbox.payload;
	*n = fsm->mbox.size;
	if ((*p)[EC_FOE_OPCODE] != EC_FOE_OP_ERROR)
		return 1;
	req->foe_error = ec_get_u32(*p + EC_FOE_WORD);
	len = *n - EC_FOE_HEADER_SIZE;
	if (len > sizeof(req->error_text) - 1)
		len = sizeof(req->error_text) - 1;
	memcpy(req->error_text, *p + EC_FOE_HEADER_SIZE, len);
	req->error_text[len] = '\0';
	EC_SLAVE_ERR(slave, "FoE %s of \"%s\" failed: error 0x%08x: %s%s%s",
		     req->write ? "write" : "read", req->file_name,
		     req->foe_error, ec_foe_error_text(req->foe_error),
		     len ? ", " : "", req->error_text);
	ec_fsm_foe_finish(fsm, -EIO);
	return -1;
}

static void ec_fsm_foe_send_ack(struct ec_fsm_foe *fsm, u64 now_ns);

/*
 * The slave is busy (done/entire in the reply tell how far it is): send
 * the last request again; the reply timeout bounds the repetitions.
 */
static void ec_fsm_foe_busy(struct ec_fsm_foe *fsm, u64 now_ns)
{
	fsm->busy_count++;
	if (!fsm->busy_since_ns) {
		fsm->busy_since_ns = now_ns ? now_ns : 1;
	} else if (now_ns - fsm->busy_since_ns >= fsm->timeout_ns) {
		EC_SLAVE_ERR(fsm->slave, "FoE: slave stayed busy");
		ec_fsm_foe_finish(fsm, -ETIMEDOUT);
		return;
	}
	if (fsm->request->write && (fsm->segment_size || fsm->last))
		ec_fsm_foe_send_data(fsm, now_ns);
	else if (fsm->request->write || !fsm->packet_no)
		ec_fsm_foe_send_request(fsm, now_ns);
	else
		ec_fsm_foe_send_ack(fsm, now_ns);
}

static void ec_fsm_foe_protocol_error(struct ec_fsm_foe *fsm, u32 code,
				      const char *what, u64 now_ns)
{
	u8 *p;

	EC_SLAVE_ERR(fsm->slave, "FoE: %s", what);
	fsm->request->foe_error = code;
	fsm->error = code == EC_FOE_ERR_DISK_FULL ? -EOVERFLOW : -EPROTO;
	/* Tell the slave the transfer is over (ETG.1000.6 5.7.3). */
	p = ec_fsm_foe_prepare(fsm, EC_FOE_OP_ERROR, code, 0);
	if (!p) {
		ec_fsm_foe_finish(fsm, fsm->error);
		return;
	}
	ec_fsm_mbox_send(&fsm->mbox, fsm->slave, fsm->timeout_ns, now_ns);
	fsm->state = ec_fsm_foe_state_abort;
}

static void ec_fsm_foe_state_write_reply(struct ec_fsm_foe *fsm, u64 now_ns)
{
	struct ec_foe_request *req = fsm->request;
	const u8 *p;
	size_t n;
	u32 no;

	if (ec_fsm_foe_reply(fsm, &p, &n, now_ns) <= 0)
		return;
	no = ec_get_u32(p + EC_FOE_WORD);
	switch (p[EC_FOE_OPCODE]) {
	case EC_FOE_OP_BUSY:
		ec_fsm_foe_busy(fsm, now_ns);
		return;
	case EC_FOE_OP_ACK:
		fsm->busy_since_ns = 0;
		break;
	default:
		ec_fsm_foe_protocol_error(fsm, EC_FOE_ERR_ILLEGAL,
					  "unexpected reply to a write",
					  now_ns);
		return;
	}
	if (no != fsm->packet_no + (fsm->segment_size || fsm->last ? 1 : 0)) {
		if (no <= fsm->packet_no) {
			/* An acknowledge seen before: wait for ours. */
			fsm->duplicates++;
			ec_fsm_mbox_receive(&fsm->mbox, fsm->slave,
					    fsm->timeout_ns, now_ns);
			return;
		}
		ec_fsm_foe_protocol_error(fsm, EC_FOE_ERR_PACKET_NUMBER,
					  "acknowledge of a packet not sent",
					  now_ns);
		return;
	}
	if (fsm->segment_size || fsm->last) {
		fsm->packet_no = no;
		req->progress += fsm->segment_size;
		fsm->segment_size = 0;
	}
	if (fsm->last) {
		ec_fsm_foe_finish(fsm, 0);
		return;
	}
	ec_fsm_foe_send_data(fsm, now_ns);
}

static void ec_fsm_foe_send_ack(struct ec_fsm_foe *fsm, u64 now_ns)
{
	if (!ec_fsm_foe_prepare(fsm, EC_FOE_OP_ACK, fsm->packet_no, 0)) {
		ec_fsm_foe_finish(fsm, -EIO);
		return;
	}
	if (fsm->last) {
		ec_fsm_mbox_send(&fsm->mbox, fsm->slave, fsm->timeout_ns,
				 now_ns);
		fsm->state = ec_fsm_foe_state_last_ack;
		return;
	}
	ec_fsm_foe_send(fsm, ec_fsm_foe_state_read_reply, now_ns);
}

static void ec_fsm_foe_state_read_reply(struct ec_fsm_foe *fsm, u64 now_ns)
{
	struct ec_foe_request *req = fsm->request;
	const u8 *p;
	size_t n;
	u32 no;

	if (ec_fsm_foe_reply(fsm, &p, &n, now_ns) <= 0)
		return;
	no = ec_get_u32(p + EC_FOE_WORD);
	switch (p[EC_FOE_OPCODE]) {
	case EC_FOE_OP_BUSY:
		ec_fsm_foe_busy(fsm, now_ns);
		return;
	case EC_FOE_OP_DATA:
		fsm->busy_since_ns = 0;
		break;
	default:
		ec_fsm_foe_protocol_error(fsm, EC_FOE_ERR_ILLEGAL,
					  "unexpected reply to a read",
					  now_ns);
		return;
	}
	n -= EC_FOE_HEADER_SIZE;
	if (no == fsm->packet_no && no) {
		/* Our acknowledge got lost for the slave: repeat it. */
		fsm->duplicates++;
		ec_fsm_foe_send_ack(fsm, now_ns);
		return;
	}
	if (no != fsm->packet_no + 1) {
		ec_fsm_foe_protocol_error(fsm, EC_FOE_ERR_PACKET_NUMBER,
					  "data packet out of order", now_ns);
		return;
	}
	if (n > fsm->max_data) {
		ec_fsm_foe_protocol_error(fsm, EC_FOE_ERR_ILLEGAL,
					  "data packet larger than the mailbox",
					  now_ns);
		return;
	}
	if (n > req->mem_size - req->data_size) {
		ec_fsm_foe_protocol_error(fsm, EC_FOE_ERR_DISK_FULL,
					  "file larger than the buffer",
					  now_ns);
		return;
	}
	memcpy(req->data + req->data_size, p + EC_FOE_HEADER_SIZE, n);
	req->data_size += n;
	req->progress = req->data_size;
	fsm->packet_no = no;
	fsm->last = n < fsm->max_data;
	ec_fsm_foe_send_ack(fsm, now_ns);
}

static void ec_fsm_foe_state_last_ack(struct ec_fsm_foe *fsm, u64 now_ns)
{
	if (ec_fsm_mbox_exec(&fsm->mbox, now_ns))
		return;
	ec_fsm_foe_finish(fsm, ec_fsm_mbox_success(&fsm->mbox) ? 0 :
			       fsm->mbox.error);
}

/* The error request the master sent went out (or not): fail. */
static void ec_fsm_foe_state_abort(struct ec_fsm_foe *fsm, u64 now_ns)
{
	if (ec_fsm_mbox_exec(&fsm->mbox, now_ns))
		return;
	ec_fsm_foe_finish(fsm, fsm->error);
}

static void ec_fsm_foe_state_end(struct ec_fsm_foe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_foe_state_error(struct ec_fsm_foe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
