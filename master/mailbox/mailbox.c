// SPDX-License-Identifier: GPL-2.0-only
/*
 * mailbox.c - mailbox header, request/reply exchange with repeat request,
 * mailbox error texts (ETG.1000.4 clause 5.6).
 */
#include "mailbox/mailbox.h"
#include "slave/fsm_change.h"
#include "mailbox/fsm_coe.h"
#include "mailbox/fsm_eoe.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"

struct ec_mbox_error_text {
	u16 code;
	const char *text;
};

static const struct ec_mbox_error_text ec_mbox_error_texts[] = {
	{ EC_MBOX_ERR_SYNTAX, "Syntax of 6 octet mailbox header is wrong" },
	{ EC_MBOX_ERR_UNSUPPORTED_PROTOCOL,
	  "The mailbox protocol is not supported" },
	{ EC_MBOX_ERR_INVALID_CHANNEL, "Channel field contains wrong value" },
	{ EC_MBOX_ERR_SERVICE_NOT_SUPPORTED,
	  "The service is not supported" },
	{ EC_MBOX_ERR_INVALID_HEADER,
	  "The mailbox protocol header is wrong" },
	{ EC_MBOX_ERR_SIZE_TOO_SHORT, "Length of received data is too short" },
	{ EC_MBOX_ERR_NO_MEMORY, "Not enough memory in the slave" },
	{ EC_MBOX_ERR_INVALID_SIZE, "The length of data is inconsistent" },
};

/**
 * ec_mbox_error_text() - the text of a mailbox error reply's detail code
 * @code: detail code, ETG.1000.4 table 30
 *
 * Return: a static string.
 */
const char *ec_mbox_error_text(u16 code)
{
	size_t i;

	for (i = 0; i < sizeof(ec_mbox_error_texts) /
			sizeof(ec_mbox_error_texts[0]); i++)
		if (ec_mbox_error_texts[i].code == code)
			return ec_mbox_error_texts[i].text;
	return "Unknown mailbox error";
}

/*
 * The mailbox in use: in BOOT the bootstrap mailbox of SII words
 * 0x0014-0x0017 (ETG.1000.6 table 18), else the standard one.
 */
static bool ec_mbox_boot(const struct ec_slave *slave)
{
	return (slave->current_state & EC_AL_STATE_MASK) == EC_AL_STATE_BOOT_ &&
	       slave->sii.boot_rx_mailbox_size > EC_MBOX_HEADER_SIZE &&
	       slave->sii.boot_tx_mailbox_size > EC_MBOX_HEADER_SIZE;
}

/**
 * ec_mbox_layout() - offsets and sizes of the mailbox in use
 * @slave: slave
 * @rx_offset: write mailbox (SM0) start, or NULL
 * @rx_size: write mailbox size, or NULL
 * @tx_offset: read mailbox (SM1) start, or NULL
 * @tx_size: read mailbox size, or NULL
 */
void ec_mbox_layout(const struct ec_slave *slave, u16 *rx_offset,
		    u16 *rx_size, u16 *tx_offset, u16 *tx_size)
{
	bool boot = ec_mbox_boot(slave);
	const struct ec_sii *sii = &slave->sii;

	if (rx_offset)
		*rx_offset = boot ? sii->boot_rx_mailbox_offset :
				    sii->std_rx_mailbox_offset;
	if (rx_size)
		*rx_size = boot ? sii->boot_rx_mailbox_size :
				  sii->std_rx_mailbox_size;
	if (tx_offset)
		*tx_offset = boot ? sii->boot_tx_mailbox_offset :
				    sii->std_tx_mailbox_offset;
	if (tx_size)
		*tx_size = boot ? sii->boot_tx_mailbox_size :
				  sii->std_tx_mailbox_size;
}

/* True when the SII gives a standard write and read mailbox. */
bool ec_slave_has_mailbox(const struct ec_slave *slave)
{
	return slave->sii.std_rx_mailbox_size > EC_MBOX_HEADER_SIZE &&
	       slave->sii.std_tx_mailbox_size > EC_MBOX_HEADER_SIZE;
}

/* A slave that speaks CoE (SII) through a usable standard mailbox. */
bool ec_slave_has_coe(const struct ec_slave *slave)
{
	return (slave->sii.mailbox_protocols & EC_MBOX_COE) &&
	       ec_slave_has_mailbox(slave);
}

/* Largest payload a request may carry (write mailbox minus header). */
size_t ec_mbox_max_request(const struct ec_slave *slave)
{
	u16 size;

	ec_mbox_layout(slave, NULL, &size, NULL, NULL);
	if (size <= EC_MBOX_HEADER_SIZE)
		return 0;
	return size - EC_MBOX_HEADER_SIZE;
}

/* Largest payload a reply may carry (read mailbox minus header). */
size_t ec_mbox_max_reply(const struct ec_slave *slave)
{
	u16 size;

	ec_mbox_layout(slave, NULL, NULL, NULL, &size);
	if (size <= EC_MBOX_HEADER_SIZE)
		return 0;
	return size - EC_MBOX_HEADER_SIZE;
}

/**
 * ec_mbox_prepare_send() - set up a write of the whole write mailbox
 * @slave: slave
 * @d: datagram
 * @type: mailbox type, EC_MBOX_TYPE_*
 * @size: payload bytes after the header
 *
 * Writes the header with the next counter (1..7, ETG.1000.4 clause
 * 5.6.2.2: 0 is reserved) and zeroes the rest of the mailbox.
 *
 * Return: where the payload goes, or NULL if it does not fit.
 */
u8 *ec_mbox_prepare_send(struct ec_slave *slave, struct ec_datagram *d,
			 u8 type, size_t size)
{
	u16 mbox_offset, mbox_size;
	u8 *hdr;

	ec_mbox_layout(slave, &mbox_offset, &mbox_size, NULL, NULL);
	if (!ec_slave_has_mailbox(slave) || mbox_size <= EC_MBOX_HEADER_SIZE ||
	    size > (size_t)mbox_size - EC_MBOX_HEADER_SIZE)
		return NULL;
	if (ec_datagram_fpwr(d, slave->station_address, mbox_offset,
			     mbox_size))
		return NULL;
	ec_datagram_zero(d);
	slave->mailbox_counter = slave->mailbox_counter >= EC_MBOX_COUNTER_MAX ?
					 1 : slave->mailbox_counter + 1;
	hdr = d->data;
	ec_put_u16(hdr + EC_MBOX_HDR_LENGTH, (u16)size);
	ec_put_u16(hdr + EC_MBOX_HDR_ADDRESS, 0);	/* from the master */
	ec_put_u8(hdr + EC_MBOX_HDR_CHANNEL, 0);
	ec_put_u8(hdr + EC_MBOX_HDR_TYPE,
		  (type & EC_MBOX_TYPE_MASK) |
		  (slave->mailbox_counter << EC_MBOX_COUNTER_SHIFT));
	return hdr + EC_MBOX_HEADER_SIZE;
}

static void ec_fsm_mbox_state_send(struct ec_fsm_mbox *fsm, u64 now_ns);
static void ec_fsm_mbox_state_check(struct ec_fsm_mbox *fsm, u64 now_ns);
static void ec_fsm_mbox_state_fetch(struct ec_fsm_mbox *fsm, u64 now_ns);
static void ec_fsm_mbox_state_repeat_read(struct ec_fsm_mbox *fsm,
					  u64 now_ns);
static void ec_fsm_mbox_state_repeat_write(struct ec_fsm_mbox *fsm,
					   u64 now_ns);
static void ec_fsm_mbox_state_repeat_ack(struct ec_fsm_mbox *fsm,
					 u64 now_ns);
static void ec_fsm_mbox_state_end(struct ec_fsm_mbox *fsm, u64 now_ns);
static void ec_fsm_mbox_state_error(struct ec_fsm_mbox *fsm, u64 now_ns);

/**
 * ec_fsm_mbox_init() - set up a mailbox FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses (shared with the owner's other FSMs)
 */
void ec_fsm_mbox_init(struct ec_fsm_mbox *fsm, struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	fsm->state = ec_fsm_mbox_state_end;
}

static void ec_fsm_mbox_fail(struct ec_fsm_mbox *fsm, int error)
{
	fsm->error = error;
	fsm->state = ec_fsm_mbox_state_error;
}

/* Queue a read of the read mailbox SM's status byte. */
static void ec_fsm_mbox_queue_check(struct ec_fsm_mbox *fsm)
{
	struct ec_slave *slave = fsm->slave;

	ec_datagram_fprd(fsm->datagram, slave->station_address,
			 EC_SM_REG(EC_SM_MBOX_READ) + EC_SM_STATUS, 1);
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_mbox_state_check;
}

/* The common start of an exchange. */
static void ec_fsm_mbox_start(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
			      u64 timeout_ns, u64 now_ns)
{
	fsm->slave = slave;
	fsm->timeout_ns = timeout_ns ? timeout_ns : EC_MBOX_TIMEOUT_NS;
	fsm->start_ns = now_ns;
	fsm->error = 0;
	fsm->send_only = false;
	fsm->fetch_once = false;
	fsm->repeated = false;
}

/* Queue a read of the whole read mailbox. */
static void ec_fsm_mbox_queue_fetch(struct ec_fsm_mbox *fsm)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_datagram *d = fsm->datagram;
	u16 tx_offset, tx_size;

	ec_mbox_layout(slave, NULL, NULL, &tx_offset, &tx_size);
	ec_datagram_fprd(d, slave->station_address, tx_offset, tx_size);
	d->name = "mbox-fetch";
	ec_fsm_queue(slave->master, d, &fsm->retries);
	fsm->state = ec_fsm_mbox_state_fetch;
}

/**
 * ec_fsm_mbox_transfer() - send the prepared request and fetch the reply
 * @fsm: mailbox FSM
 * @slave: slave
 * @timeout_ns: time the slave has to answer
 * @now_ns: current time
 *
 * The datagram must have been set up with ec_mbox_prepare_send().
 */
void ec_fsm_mbox_transfer(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
			  u64 timeout_ns, u64 now_ns)
{
	ec_fsm_mbox_start(fsm, slave, timeout_ns, now_ns);
	fsm->datagram->name = "mbox-send";
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_mbox_state_send;
}

/**
 * ec_fsm_mbox_send() - send the prepared message, expect no reply
 * @fsm: mailbox FSM
 * @slave: slave
 * @timeout_ns: time the write mailbox may stay full
 * @now_ns: current time
 *
 * For the last acknowledge of a transfer (FoE): the FSM ends when the
 * slave took the message; success gives type EC_MBOX_TYPE_NONE.
 */
void ec_fsm_mbox_send(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
		      u64 timeout_ns, u64 now_ns)
{
	ec_fsm_mbox_transfer(fsm, slave, timeout_ns, now_ns);
	fsm->send_only = true;
}

/**
 * ec_fsm_mbox_receive() - wait for and fetch one more reply
 * @fsm: mailbox FSM
 * @slave: slave
 * @timeout_ns: time the slave has to answer
 * @now_ns: current time
 */
void ec_fsm_mbox_receive(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
			 u64 timeout_ns, u64 now_ns)
{
	ec_fsm_mbox_start(fsm, slave, timeout_ns, now_ns);
	ec_fsm_mbox_queue_check(fsm);
}

/**
 * ec_fsm_mbox_fetch() - read the read mailbox once, without waiting
 * @fsm: mailbox FSM
 * @slave: slave
 * @timeout_ns: for the retries of the datagram
 * @now_ns: current time
 *
 * Fails with -ENOMSG when the mailbox holds nothing (VoE read without
 * sync), also when a fetch lost on the way back is followed by a repeat
 * request that brings back nothing new.
 */
void ec_fsm_mbox_fetch(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
		       u64 timeout_ns, u64 now_ns)
{
	ec_fsm_mbox_start(fsm, slave, timeout_ns, now_ns);
	fsm->fetch_once = true;
	ec_fsm_mbox_queue_fetch(fsm);
}

/**
 * ec_fsm_mbox_exec() - advance by one step
 * @fsm: mailbox FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_mbox_exec(struct ec_fsm_mbox *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_mbox_state_end ||
	    fsm->state == ec_fsm_mbox_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_mbox_state_end &&
	       fsm->state != ec_fsm_mbox_state_error;
}

/**
 * ec_fsm_mbox_success() - result of the ended FSM
 * @fsm: mailbox FSM
 *
 * Return: true with a reply in type/payload/size (which may be a
 * mailbox error reply, type EC_MBOX_TYPE_ERR); else fsm->error.
 */
bool ec_fsm_mbox_success(const struct ec_fsm_mbox *fsm)
{
	return fsm->state == ec_fsm_mbox_state_end;
}

/**
 * ec_fsm_mbox_reply() - take the reply of a mailbox protocol other than
 * CoE's SDO services
 * @fsm: mailbox FSM, after ec_fsm_mbox_transfer() or _receive()
 * @type: the mailbox type awaited, EC_MBOX_TYPE_*
 * @now_ns: current time
 *
 * A CoE emergency that arrives meanwhile goes into the slave's ring and
 * the FSM waits on; other messages are dropped with a warning.  A mailbox
 * error reply fails the exchange with -EPROTO (detail in error_code).
 *
 * Return: 1 with the reply in payload/size, 0 while busy, -1 on failure
 * (fsm->error).
 */
int ec_fsm_mbox_reply(struct ec_fsm_mbox *fsm, u8 type, u64 now_ns)
{
	if (ec_fsm_mbox_exec(fsm, now_ns))
		return 0;
	if (!ec_fsm_mbox_success(fsm))
		return -1;
	if (fsm->type == type)
		return 1;
	if (fsm->type == EC_MBOX_TYPE_ERR) {
		fsm->error = -EPROTO;
		return -1;
	}
	if (!ec_mbox_unsolicited(fsm->slave, fsm->type, fsm->payload,
				 fsm->size))
		EC_SLAVE_WARN(fsm->slave,
			      "dropped a mailbox message of type 0x%x",
			      fsm->type);
	ec_fsm_mbox_receive(fsm, fsm->slave, fsm->timeout_ns, now_ns);
	return 0;
}

static bool ec_fsm_mbox_timed_out(const struct ec_fsm_mbox *fsm, u64 now_ns)
{
	return now_ns - fsm->start_ns >= fsm->timeout_ns;
}

/* The write of the request came back. */
static void ec_fsm_mbox_state_send(struct ec_fsm_mbox *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;
	struct ec_slave *slave = fsm->slave;

	if (ec_fsm_retry(slave->master, d, &fsm->retries))
		return;
	if (d->state != EC_DATAGRAM_RECEIVED) {
		EC_SLAVE_ERR(slave, "mailbox request not sent: %s",
			     ec_datagram_state_string(d->state));
		ec_fsm_mbox_fail(fsm, ec_fsm_datagram_error(d));
		return;
	}
	if (d->working_counter != 1) {
		/* wkc 0: the write mailbox is still full (ESC section I). */
		if (ec_fsm_mbox_timed_out(fsm, now_ns)) {
			EC_SLAVE_ERR(slave, "write mailbox stayed full");
			ec_fsm_mbox_fail(fsm, -ETIMEDOUT);
			return;
		}
		ec_fsm_queue(slave->master, d, &fsm->retries);
		return;
	}
	if (fsm->send_only) {
		fsm->type = EC_MBOX_TYPE_NONE;
		fsm->payload = NULL;
		fsm->size = 0;
		fsm->error_code = 0;
		fsm->state = ec_fsm_mbox_state_end;
		return;
	}
	fsm->start_ns = now_ns;
	fsm->repeated = false;
	/*
	 * Idle phase: fetch at once.  A slave that answers within a cycle
	 * has the reply in its read mailbox by now, and an empty mailbox
	 * only costs a working counter of 0 (then the status is polled);
	 * saves a cycle per exchange.  In the operation phase the FSMs share
	 * the application's frames within a byte budget: there the 1-byte
	 * status check comes first, as before.
	 */
	if (!slave->master || slave->master->mbox_check_first ||
	    slave->master->active) {
		ec_fsm_mbox_queue_check(fsm);
		return;
	}
	ec_fsm_mbox_queue_fetch(fsm);
}

/* The read mailbox status came back: full means a reply is there. */
static void ec_fsm_mbox_state_check(struct ec_fsm_mbox *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;
	struct ec_slave *slave = fsm->slave;

	if (ec_fsm_retry(slave->master, d, &fsm->retries))
		return;
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1) {
		EC_SLAVE_ERR(slave, "mailbox check failed: %s, wkc %u",
			     ec_datagram_state_string(d->state),
			     d->working_counter);
		ec_fsm_mbox_fail(fsm, ec_fsm_datagram_error(d));
		return;
	}
	if (!(d->data[0] & EC_SM_STATUS_MBOX_FULL)) {
		if (fsm->fetch_once) {
			/* after a repeat request: nothing was lost */
			ec_fsm_mbox_fail(fsm, -ENOMSG);
			return;
		}
		if (ec_fsm_mbox_timed_out(fsm, now_ns)) {
			ec_fsm_mbox_fail(fsm, -ETIMEDOUT);
			return;
		}
		ec_fsm_mbox_queue_check(fsm);
		return;
	}
	ec_fsm_mbox_queue_fetch(fsm);
}

/*
 * Ask the slave to put its last reply back (ETG.1000.4 clause 5.6.2.3):
 * read the SM1 activate byte, write it with the repeat bit toggled, wait
 * until the PDI control byte's repeat ack bit equals it.
 */
static void ec_fsm_mbox_start_repeat(struct ec_fsm_mbox *fsm)
{
	struct ec_slave *slave = fsm->slave;

	fsm->repeats++;
	fsm->repeated = true;
	EC_SLAVE_WARN(slave, "mailbox reply lost, sending a repeat request");
	ec_datagram_fprd(fsm->datagram, slave->station_address,
			 EC_SM_REG(EC_SM_MBOX_READ) + EC_SM_ACTIVATE, 1);
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_mbox_state_repeat_read;
}

/* The reply came back. */
static void ec_fsm_mbox_state_fetch(struct ec_fsm_mbox *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;
	struct ec_slave *slave = fsm->slave;
	size_t len;
	u8 counter;

	if (d->state == EC_DATAGRAM_TIMED_OUT) {
		if (ec_fsm_mbox_timed_out(fsm, now_ns)) {
			ec_fsm_mbox_fail(fsm, -ETIMEDOUT);
			return;
		}
		/* Reading emptied the mailbox even if the frame got lost. */
		ec_fsm_mbox_start_repeat(fsm);
		return;
	}
	if (d->state != EC_DATAGRAM_RECEIVED) {
		ec_fsm_mbox_fail(fsm, -EIO);
		return;
	}
	if (d->working_counter != 1) {
		if (fsm->fetch_once) {
			ec_fsm_mbox_fail(fsm, -ENOMSG);
			return;
		}
		/* Nothing readable after all: wait again. */
		ec_fsm_mbox_queue_check(fsm);
		return;
	}
	len = ec_get_u16(d->data + EC_MBOX_HDR_LENGTH);
	if (len > d->data_size - EC_MBOX_HEADER_SIZE) {
		EC_SLAVE_ERR(slave,
			     "mailbox reply of %zu bytes does not fit the read mailbox of %zu",
			     len, d->data_size);
		ec_fsm_mbox_fail(fsm, -EPROTO);
		return;
	}
	counter = (d->data[EC_MBOX_HDR_TYPE] >> EC_MBOX_COUNTER_SHIFT) &
		  EC_MBOX_COUNTER_MAX;
	if (fsm->repeated && counter && counter == slave->mailbox_rx_counter) {
		/*
		 * The repeat brought back the reply taken before: the lost
		 * read found the mailbox empty (a direct fetch).  Wait.
		 */
		fsm->repeated = false;
		if (fsm->fetch_once) {
			ec_fsm_mbox_fail(fsm, -ENOMSG);
			return;
		}
		ec_fsm_mbox_queue_check(fsm);
		return;
	}
	slave->mailbox_rx_counter = counter;
	fsm->repeated = false;
	fsm->type = d->data[EC_MBOX_HDR_TYPE] & EC_MBOX_TYPE_MASK;
	fsm->payload = d->data + EC_MBOX_HEADER_SIZE;
	fsm->size = len;
	fsm->error_code = 0;
	if (fsm->type == EC_MBOX_TYPE_ERR) {
		fsm->error_code = len >= 4 ? ec_get_u16(fsm->payload + 2) : 0;
		EC_SLAVE_ERR(slave, "mailbox error reply 0x%04x: %s",
			     fsm->error_code,
			     ec_mbox_error_text(fsm->error_code));
	}
	fsm->state = ec_fsm_mbox_state_end;
}

static void ec_fsm_mbox_state_repeat_read(struct ec_fsm_mbox *fsm,
					  u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;
	struct ec_slave *slave = fsm->slave;
	u8 act;

	(void)now_ns;
	if (ec_fsm_retry(slave->master, d, &fsm->retries))
		return;
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1) {
		ec_fsm_mbox_fail(fsm, ec_fsm_datagram_error(d));
		return;
	}
	act = d->data[0] ^ EC_SM_ACTIVATE_REPEAT;
	fsm->repeat_activate = act;
	ec_datagram_fpwr(d, slave->station_address,
			 EC_SM_REG(EC_SM_MBOX_READ) + EC_SM_ACTIVATE, 1);
	d->data[0] = act;
	ec_fsm_queue(slave->master, d, &fsm->retries);
	fsm->state = ec_fsm_mbox_state_repeat_write;
}

static void ec_fsm_mbox_queue_repeat_ack(struct ec_fsm_mbox *fsm)
{
	struct ec_slave *slave = fsm->slave;

	ec_datagram_fprd(fsm->datagram, slave->station_address,
			 EC_SM_REG(EC_SM_MBOX_READ) + EC_SM_PDI_CONTROL, 1);
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_mbox_state_repeat_ack;
}

static void ec_fsm_mbox_state_repeat_write(struct ec_fsm_mbox *fsm,
					   u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;

	(void)now_ns;
	if (ec_fsm_retry(fsm->slave->master, d, &fsm->retries))
		return;
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1) {
		ec_fsm_mbox_fail(fsm, ec_fsm_datagram_error(d));
		return;
	}
	ec_fsm_mbox_queue_repeat_ack(fsm);
}

static void ec_fsm_mbox_state_repeat_ack(struct ec_fsm_mbox *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;

	if (ec_fsm_retry(fsm->slave->master, d, &fsm->retries))
		return;
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1) {
		ec_fsm_mbox_fail(fsm, ec_fsm_datagram_error(d));
		return;
	}
	if ((d->data[0] & EC_SM_PDI_REPEAT_ACK) !=
	    (fsm->repeat_activate & EC_SM_ACTIVATE_REPEAT)) {
		if (ec_fsm_mbox_timed_out(fsm, now_ns)) {
			EC_SLAVE_ERR(fsm->slave, "no repeat acknowledge");
			ec_fsm_mbox_fail(fsm, -ETIMEDOUT);
			return;
		}
		ec_fsm_mbox_queue_repeat_ack(fsm);
		return;
	}
	/* The last reply is back in the read mailbox. */
	ec_fsm_mbox_queue_check(fsm);
}

static void ec_fsm_mbox_state_end(struct ec_fsm_mbox *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_mbox_state_error(struct ec_fsm_mbox *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
