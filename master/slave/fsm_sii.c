// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_sii.c - reading the SII EEPROM through the ESC's EEPROM interface.
 *
 * ESC data sheet section II, registers 0x0500-0x050F: the master takes
 * the interface from the PDI if the PDI does not use it, waits until it
 * is not busy, writes the read command and the word address, polls the
 * control/status register until busy clears and takes 4 or 8 data bytes
 * (0x0502 bit 6 says which) from 0x0508.  Acknowledge errors are retried,
 * busy is waited out up to EC_FSM_SII_TIMEOUT_NS per read.
 */
#include "slave/fsm_sii.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"

/* EEPROM configuration 0x0500 and PDI access state 0x0501. */
#define EC_SII_CFG_PDI_OFFERED 0x01	/* EEPROM control offered to PDI */
#define EC_SII_PDI_ACCESS 0x01		/* PDI holds the EEPROM */

/* EEPROM control/status 0x0502, ESC data sheet II "EEPROM Control". */
#define EC_SII_CTL_READ8 0x0040		/* 8-byte reads (else 4) */
#define EC_SII_CTL_CMD_READ 0x0100	/* command bits 8-10: read */
#define EC_SII_CTL_ACK_ERROR 0x2000	/* missing EEPROM ack / bad cmd */
#define EC_SII_CTL_BUSY 0x8000

#define EC_FSM_SII_TIMEOUT_MS \
	((unsigned long long)(EC_FSM_SII_TIMEOUT_NS / EC_NSEC_PER_MSEC))

/* Offsets into a read of 0x0502..0x050F. */
#define EC_SII_POLL_DATA (EC_REG_SII_DATA - EC_REG_SII_CONTROL)

static void ec_fsm_sii_state_start(struct ec_fsm_sii *fsm, u64 now_ns);
static void ec_fsm_sii_state_check_interface(struct ec_fsm_sii *fsm,
					     u64 now_ns);
static void ec_fsm_sii_state_take_interface(struct ec_fsm_sii *fsm,
					    u64 now_ns);
static void ec_fsm_sii_state_issued(struct ec_fsm_sii *fsm, u64 now_ns);
static void ec_fsm_sii_state_poll(struct ec_fsm_sii *fsm, u64 now_ns);
static void ec_fsm_sii_state_end(struct ec_fsm_sii *fsm, u64 now_ns);
static void ec_fsm_sii_state_error(struct ec_fsm_sii *fsm, u64 now_ns);

/**
 * ec_fsm_sii_init() - set up the SII FSM of a slave
 * @fsm: FSM
 * @slave: slave whose configured station address is used
 * @datagram: datagram of at least EC_FSM_SII_DATAGRAM_SIZE bytes, owned
 *	      by the caller and used by this FSM only while it runs
 */
void ec_fsm_sii_init(struct ec_fsm_sii *fsm, struct ec_slave *slave,
		     struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->slave = slave;
	fsm->datagram = datagram;
	fsm->state = ec_fsm_sii_state_end;
}

/**
 * ec_fsm_sii_read() - start reading words of the SII
 * @fsm: FSM, not running
 * @word: first word address
 * @nwords: number of words (> 0)
 * @dest: receives 2 * @nwords bytes, little-endian as stored
 */
void ec_fsm_sii_read(struct ec_fsm_sii *fsm, u32 word, size_t nwords,
		     u8 *dest)
{
	fsm->word = word;
	fsm->remaining = nwords;
	fsm->dest = dest;
	fsm->retries = 0;
	fsm->lost = 0;
	fsm->error = 0;
	fsm->state = nwords ? ec_fsm_sii_state_start : ec_fsm_sii_state_end;
}

/**
 * ec_fsm_sii_exec() - advance the FSM by one step
 * @fsm: FSM
 * @now_ns: current time
 *
 * Return: true while the read is in progress.
 */
bool ec_fsm_sii_exec(struct ec_fsm_sii *fsm, u64 now_ns)
{
	if (ec_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_sii_state_end &&
	       fsm->state != ec_fsm_sii_state_error;
}

/**
 * ec_fsm_sii_success() - did the last read complete?
 * @fsm: FSM, not busy
 *
 * Return: true if all words were read; else fsm->error says why.
 */
bool ec_fsm_sii_success(const struct ec_fsm_sii *fsm)
{
	return fsm->state == ec_fsm_sii_state_end;
}

static void ec_fsm_sii_queue(struct ec_fsm_sii *fsm)
{
	ec_master_queue_datagram(fsm->slave->master, fsm->datagram);
}

static void ec_fsm_sii_fail(struct ec_fsm_sii *fsm, int error)
{
	fsm->error = error;
	fsm->state = ec_fsm_sii_state_error;
}

/*
 * Did the slave answer the datagram?  Return: true if so; otherwise the
 * same datagram is queued again, up to EC_FSM_SII_RETRIES times, and then
 * the FSM fails with -EIO.
 */
static bool ec_fsm_sii_answered(struct ec_fsm_sii *fsm, const char *what)
{
	struct ec_datagram *d = fsm->datagram;

	if (d->state == EC_DATAGRAM_RECEIVED && d->working_counter == 1) {
		fsm->lost = 0;
		return true;
	}
	if (++fsm->lost <= EC_FSM_SII_RETRIES) {
		ec_fsm_sii_queue(fsm);
		return false;
	}
	EC_SLAVE_ERR(fsm->slave,
		     "SII word 0x%04x: no answer to %s (%s, working counter %u)",
		     fsm->word, what, ec_datagram_state_string(d->state),
		     d->working_counter);
	ec_fsm_sii_fail(fsm, -EIO);
	return false;
}

static bool ec_fsm_sii_timed_out(const struct ec_fsm_sii *fsm, u64 now_ns)
{
	return now_ns - fsm->read_start_ns >= EC_FSM_SII_TIMEOUT_NS;
}

/* Write the read command and the word address in one datagram. */
static void ec_fsm_sii_issue(struct ec_fsm_sii *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;

	if (ec_datagram_fpwr(d, fsm->slave->station_address,
			     EC_REG_SII_CONTROL, 6)) {
		ec_fsm_sii_fail(fsm, -ENOMEM);
		return;
	}
	ec_put_u16(d->data, EC_SII_CTL_CMD_READ);
	ec_put_u32(d->data + 2, fsm->word);
	ec_fsm_sii_queue(fsm);
	fsm->read_start_ns = now_ns;
	fsm->busy_polls = 0;
	fsm->reads++;
	fsm->state = ec_fsm_sii_state_issued;
}

static void ec_fsm_sii_state_start(struct ec_fsm_sii *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;

	if (fsm->interface_checked) {
		ec_fsm_sii_issue(fsm, now_ns);
		return;
	}
	if (ec_datagram_fprd(d, fsm->slave->station_address,
			     EC_REG_SII_CONFIG, 4)) {
		ec_fsm_sii_fail(fsm, -ENOMEM);
		return;
	}
	ec_datagram_zero(d);
	ec_fsm_sii_queue(fsm);
	fsm->read_start_ns = now_ns;
	fsm->state = ec_fsm_sii_state_check_interface;
}

static void ec_fsm_sii_state_check_interface(struct ec_fsm_sii *fsm,
					     u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;
	u8 cfg, pdi;
	u16 ctl;

	if (!ec_fsm_sii_answered(fsm, "the EEPROM interface read"))
		return;
	cfg = d->data[0];
	pdi = d->data[1];
	ctl = ec_get_u16(d->data + 2);
	if ((cfg & EC_SII_CFG_PDI_OFFERED) && !(pdi & EC_SII_PDI_ACCESS)) {
		/* Offered to a PDI that does not use it: take it back. */
		if (ec_datagram_fpwr(d, fsm->slave->station_address,
				     EC_REG_SII_CONFIG, 1)) {
			ec_fsm_sii_fail(fsm, -ENOMEM);
			return;
		}
		d->data[0] = 0;
		ec_fsm_sii_queue(fsm);
		fsm->state = ec_fsm_sii_state_take_interface;
		return;
	}
	if ((cfg & EC_SII_CFG_PDI_OFFERED) || (ctl & EC_SII_CTL_BUSY)) {
		if (ec_fsm_sii_timed_out(fsm, now_ns)) {
			EC_SLAVE_ERR(fsm->slave,
				     "SII: EEPROM interface %s for %llu ms",
				     (ctl & EC_SII_CTL_BUSY) ? "busy" :
				     "held by the PDI",
				     EC_FSM_SII_TIMEOUT_MS);
			ec_fsm_sii_fail(fsm, -EBUSY);
			return;
		}
		ec_datagram_zero(d);
		ec_fsm_sii_queue(fsm);
		return;
	}
	fsm->read_size = (ctl & EC_SII_CTL_READ8) ? 8 : 4;
	fsm->interface_checked = true;
	ec_fsm_sii_issue(fsm, now_ns);
}

static void ec_fsm_sii_state_take_interface(struct ec_fsm_sii *fsm,
					    u64 now_ns)
{
	if (!ec_fsm_sii_answered(fsm, "taking the EEPROM interface"))
		return;
	ec_fsm_sii_state_start(fsm, now_ns);
}

static void ec_fsm_sii_state_issued(struct ec_fsm_sii *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;

	(void)now_ns;
	if (!ec_fsm_sii_answered(fsm, "the EEPROM read command"))
		return;
	if (ec_datagram_fprd(d, fsm->slave->station_address,
			     EC_REG_SII_CONTROL,
			     EC_SII_POLL_DATA + fsm->read_size)) {
		ec_fsm_sii_fail(fsm, -ENOMEM);
		return;
	}
	ec_datagram_zero(d);
	ec_fsm_sii_queue(fsm);
	fsm->state = ec_fsm_sii_state_poll;
}

static void ec_fsm_sii_state_poll(struct ec_fsm_sii *fsm, u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;
	size_t n;
	u16 ctl;

	if (!ec_fsm_sii_answered(fsm, "the EEPROM status read"))
		return;
	ctl = ec_get_u16(d->data);
	if (ctl & EC_SII_CTL_BUSY) {
		/*
		 * Busy at two reads, the last one at least the timeout after
		 * the command: one busy read proves nothing when the master
		 * itself was late (its thread held up in OP, answers delayed):
		 * the first read after a command may show busy whenever it
		 * comes (ESC section I: busy while the EEPROM is read; the
		 * simulator shows it once, at the first read).
		 */
		if (++fsm->busy_polls >= 2 &&
		    ec_fsm_sii_timed_out(fsm, now_ns)) {
			EC_SLAVE_ERR(fsm->slave,
				     "SII word 0x%04x: EEPROM busy for %llu ms",
				     fsm->word,
				     EC_FSM_SII_TIMEOUT_MS);
			ec_fsm_sii_fail(fsm, -ETIMEDOUT);
			return;
		}
		ec_datagram_zero(d);
		ec_fsm_sii_queue(fsm);
		return;
	}
	if (ctl & EC_SII_CTL_ACK_ERROR) {
		if (++fsm->retries > EC_FSM_SII_RETRIES) {
			EC_SLAVE_ERR(fsm->slave,
				     "SII word 0x%04x: EEPROM acknowledge error, %u tries (status 0x%04x)",
				     fsm->word, fsm->retries, ctl);
			ec_fsm_sii_fail(fsm, -EIO);
			return;
		}
		ec_fsm_sii_issue(fsm, now_ns);
		return;
	}
	n = fsm->read_size / 2;
	if (n > fsm->remaining)
		n = fsm->remaining;
	memcpy(fsm->dest, d->data + EC_SII_POLL_DATA, 2 * n);
	fsm->dest += 2 * n;
	fsm->word += n;
	fsm->remaining -= n;
	fsm->retries = 0;
	if (fsm->remaining)
		ec_fsm_sii_issue(fsm, now_ns);
	else
		fsm->state = ec_fsm_sii_state_end;
}

static void ec_fsm_sii_state_end(struct ec_fsm_sii *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_sii_state_error(struct ec_fsm_sii *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
