// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_sii_write.c - write words of a slave's SII and verify them.
 *
 * owner (0x0500 = ECAT) -> [write word -> poll busy -> read back
 *   -> poll busy -> compare] for each word -> end
 */
#include "slave/fsm_sii_write.h"
#include "slave/fsm_change.h"
#include "slave/registers.h"
#include "slave/slave.h"

/* EEPROM control/status 0x0502, ESC data sheet section II table 47. */
#define EC_SII_WRITE_ENABLE 0x0001
#define EC_SII_CMD_READ 0x0100
#define EC_SII_CMD_WRITE 0x0200
#define EC_SII_ERR_COMMAND 0x2000	/* missing ack or invalid command */
#define EC_SII_ERR_WRITE_ENABLE 0x4000
#define EC_SII_BUSY 0x8000
/* Layout from 0x0502: control (2), address (4), data (2 of 4/8). */
#define EC_SII_IF_ADDRESS (EC_REG_SII_ADDRESS - EC_REG_SII_CONTROL)
#define EC_SII_IF_DATA (EC_REG_SII_DATA - EC_REG_SII_CONTROL)
#define EC_SII_IF_SIZE (EC_SII_IF_DATA + 2)
#define EC_SII_OWNER_ECAT 0x00	/* 0x0500: EtherCAT owns the SII */

static void ec_fsm_sii_write_state_owner(struct ec_fsm_sii_write *fsm,
					 u64 now_ns);
static void ec_fsm_sii_write_state_write(struct ec_fsm_sii_write *fsm,
					 u64 now_ns);
static void ec_fsm_sii_write_state_write_poll(struct ec_fsm_sii_write *fsm,
					      u64 now_ns);
static void ec_fsm_sii_write_state_read(struct ec_fsm_sii_write *fsm,
					u64 now_ns);
static void ec_fsm_sii_write_state_read_poll(struct ec_fsm_sii_write *fsm,
					     u64 now_ns);
static void ec_fsm_sii_write_state_end(struct ec_fsm_sii_write *fsm,
				       u64 now_ns);
static void ec_fsm_sii_write_state_error(struct ec_fsm_sii_write *fsm,
					 u64 now_ns);

void ec_fsm_sii_write_init(struct ec_fsm_sii_write *fsm,
			   struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	fsm->state = ec_fsm_sii_write_state_end;
}

/**
 * ec_fsm_sii_write_start() - write the words of a request
 * @fsm: SII write FSM
 * @slave: slave
 * @req: the words (at least one), kept by the caller until the end
 * @now_ns: current time
 */
void ec_fsm_sii_write_start(struct ec_fsm_sii_write *fsm,
			    struct ec_slave *slave,
			    const struct ec_sii_request *req, u64 now_ns)
{
	(void)now_ns;
	fsm->slave = slave;
	fsm->req = req;
	fsm->pos = 0;
	fsm->error = 0;
	/* Take the EEPROM interface for EtherCAT (ESC register 0x0500). */
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_SII_CONFIG, 1);
	fsm->datagram->data[0] = EC_SII_OWNER_ECAT;
	fsm->datagram->name = "sii-owner";
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_sii_write_state_owner;
}

/**
 * ec_fsm_sii_write_exec() - advance by one step
 * @fsm: SII write FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_sii_write_exec(struct ec_fsm_sii_write *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_sii_write_state_end ||
	    fsm->state == ec_fsm_sii_write_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_sii_write_state_end &&
	       fsm->state != ec_fsm_sii_write_state_error;
}

/**
 * ec_fsm_sii_write_success() - result of the ended FSM
 * @fsm: SII write FSM
 *
 * Return: true if all words were written and read back; else fsm->error.
 */
bool ec_fsm_sii_write_success(const struct ec_fsm_sii_write *fsm)
{
	return fsm->state == ec_fsm_sii_write_state_end;
}

static void ec_fsm_sii_write_fail(struct ec_fsm_sii_write *fsm, int error)
{
	EC_SLAVE_ERR(fsm->slave, "SII write of word 0x%04zx failed (%d)",
		     fsm->req->word_offset + fsm->pos, error);
	fsm->error = error;
	fsm->state = ec_fsm_sii_write_state_error;
}

/* A datagram of the SII write came back: true if wkc is 1. */
static bool ec_fsm_sii_write_answered(struct ec_fsm_sii_write *fsm)
{
	struct ec_datagram *d = fsm->datagram;

	if (ec_fsm_retry(fsm->slave->master, d, &fsm->retries))
		return false;
	if (d->state != EC_DATAGRAM_RECEIVED) {
		ec_fsm_sii_write_fail(fsm, ec_fsm_datagram_error(d));
		return false;
	}
	if (d->working_counter != 1) {
		ec_fsm_sii_write_fail(fsm, -EIO);
		return false;
	}
	return true;
}

/* Write command, address and data of the current word in one datagram. */
static void ec_fsm_sii_write_word(struct ec_fsm_sii_write *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	u8 *d;

	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_SII_CONTROL, EC_SII_IF_SIZE);
	d = fsm->datagram->data;
	ec_put_u16(d, EC_SII_CMD_WRITE | EC_SII_WRITE_ENABLE);
	ec_put_u32(d + EC_SII_IF_ADDRESS, fsm->req->word_offset + fsm->pos);
	memcpy(d + EC_SII_IF_DATA, fsm->req->words + 2 * fsm->pos, 2);
	fsm->datagram->name = "sii-write";
	fsm->start_ns = now_ns;
	fsm->busy_polls = 0;
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_sii_write_state_write;
}

static void ec_fsm_sii_write_poll(struct ec_fsm_sii_write *fsm,
				  ec_fsm_sii_write_state_t next)
{
	ec_datagram_fprd(fsm->datagram, fsm->slave->station_address,
			 EC_REG_SII_CONTROL, EC_SII_IF_SIZE);
	ec_fsm_queue(fsm->slave->master, fsm->datagram, &fsm->retries);
	fsm->state = next;
}

static void ec_fsm_sii_write_state_owner(struct ec_fsm_sii_write *fsm,
					 u64 now_ns)
{
	if (!ec_fsm_sii_write_answered(fsm))
		return;
	ec_fsm_sii_write_word(fsm, now_ns);
}

static void ec_fsm_sii_write_state_write(struct ec_fsm_sii_write *fsm,
					 u64 now_ns)
{
	(void)now_ns;
	if (!ec_fsm_sii_write_answered(fsm))
		return;
	ec_fsm_sii_write_poll(fsm, ec_fsm_sii_write_state_write_poll);
}

/*
 * Status of the interface came back.  Return: 1 done, 0 still busy (poll
 * queued again), -1 failed.
 */
static int ec_fsm_sii_write_status(struct ec_fsm_sii_write *fsm, u64 now_ns)
{
	u16 status;

	if (!ec_fsm_sii_write_answered(fsm))
		return -1;
	status = ec_get_u16(fsm->datagram->data);
	if (status & EC_SII_BUSY) {
		/* Two busy reads, the last one late: fsm_sii.c says why. */
		if (++fsm->busy_polls >= 2 &&
		    now_ns - fsm->start_ns >= EC_SII_WRITE_TIMEOUT_NS) {
			ec_fsm_sii_write_fail(fsm, -ETIMEDOUT);
			return -1;
		}
		ec_fsm_sii_write_poll(fsm, fsm->state);
		return 0;
	}
	if (status & (EC_SII_ERR_COMMAND | EC_SII_ERR_WRITE_ENABLE)) {
		ec_fsm_sii_write_fail(fsm, -EIO);
		return -1;
	}
	return 1;
}

static void ec_fsm_sii_write_state_write_poll(struct ec_fsm_sii_write *fsm,
					      u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	u8 *d;

	if (ec_fsm_sii_write_status(fsm, now_ns) <= 0)
		return;
	/* Read the word back to verify it. */
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_SII_CONTROL, EC_SII_IF_DATA);
	d = fsm->datagram->data;
	ec_put_u16(d, EC_SII_CMD_READ);
	ec_put_u32(d + EC_SII_IF_ADDRESS, fsm->req->word_offset + fsm->pos);
	fsm->start_ns = now_ns;
	fsm->busy_polls = 0;
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_sii_write_state_read;
}

static void ec_fsm_sii_write_state_read(struct ec_fsm_sii_write *fsm,
					u64 now_ns)
{
	(void)now_ns;
	if (!ec_fsm_sii_write_answered(fsm))
		return;
	ec_fsm_sii_write_poll(fsm, ec_fsm_sii_write_state_read_poll);
}

static void ec_fsm_sii_write_state_read_poll(struct ec_fsm_sii_write *fsm,
					     u64 now_ns)
{
	const struct ec_sii_request *req = fsm->req;
	struct ec_slave *slave = fsm->slave;
	const u8 *want = req->words + 2 * fsm->pos;
	size_t word = req->word_offset + fsm->pos;
	const u8 *got = fsm->datagram->data + EC_SII_IF_DATA;

	if (ec_fsm_sii_write_status(fsm, now_ns) <= 0)
		return;
	if (memcmp(got, want, 2)) {
		EC_SLAVE_ERR(slave,
			     "SII word 0x%04zx reads 0x%04x after writing 0x%04x",
			     word, ec_get_u16(got), ec_get_u16(want));
		ec_fsm_sii_write_fail(fsm, -EIO);
		return;
	}
	/* Keep the master's copy of the SII in step. */
	if (slave->sii_image && word < slave->sii_nwords)
		memcpy(slave->sii_image + 2 * word, want, 2);
	if (++fsm->pos < req->nwords) {
		ec_fsm_sii_write_word(fsm, now_ns);
		return;
	}
	fsm->state = ec_fsm_sii_write_state_end;
}

static void ec_fsm_sii_write_state_end(struct ec_fsm_sii_write *fsm,
				       u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_sii_write_state_error(struct ec_fsm_sii_write *fsm,
					 u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
