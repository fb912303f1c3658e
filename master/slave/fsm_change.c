// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_change.c - AL state change and error acknowledge of one slave, and
 * the texts of the AL status codes.
 *
 * read status -> [error: read code -> ack -> wait cleared] -> write control
 *   -> poll status -> reached: done
 *                  -> error flag: read code -> ack -> wait cleared -> failed
 */
#include "slave/fsm_change.h"
#include "slave/registers.h"
#include "slave/slave.h"

struct ec_al_status_text {
	u16 code;
	const char *text;
};

/* ETG.1000.6 table 11, ESC data sheet section I (AL status codes). */
static const struct ec_al_status_text ec_al_status_texts[] = {
	{ 0x0000, "No error" },
	{ 0x0001, "Unspecified error" },
	{ 0x0002, "No memory" },
	{ 0x0003, "Invalid device setup" },
	{ 0x0006, "SII/EEPROM information does not match firmware" },
	{ 0x0007,
	  "Firmware update not successful, old firmware still running" },
	{ 0x000E, "License error" },
	{ 0x0011, "Invalid requested state change" },
	{ 0x0012, "Unknown requested state" },
	{ 0x0013, "Bootstrap not supported" },
	{ 0x0014, "No valid firmware" },
	{ 0x0015, "Invalid mailbox configuration (BOOT)" },
	{ 0x0016, "Invalid mailbox configuration (PREOP)" },
	{ 0x0017, "Invalid sync manager configuration" },
	{ 0x0018, "No valid inputs available" },
	{ 0x0019, "No valid outputs" },
	{ 0x001A, "Synchronization error" },
	{ 0x001B, "Sync manager watchdog" },
	{ 0x001C, "Invalid sync manager types" },
	{ 0x001D, "Invalid output configuration" },
	{ 0x001E, "Invalid input configuration" },
	{ 0x001F, "Invalid watchdog configuration" },
	{ 0x0020, "Slave needs cold start" },
	{ 0x0021, "Slave needs INIT" },
	{ 0x0022, "Slave needs PREOP" },
	{ 0x0023, "Slave needs SAFEOP" },
	{ 0x0024, "Invalid input mapping" },
	{ 0x0025, "Invalid output mapping" },
	{ 0x0026, "Inconsistent settings" },
	{ 0x0027, "Freerun not supported" },
	{ 0x0028, "Synchronization not supported" },
	{ 0x0029, "Freerun needs 3-buffer mode" },
	{ 0x002A, "Background watchdog" },
	{ 0x002B, "No valid inputs and outputs" },
	{ 0x002C, "Fatal sync error" },
	{ 0x002D, "No sync error" },
	{ 0x002E, "Invalid input FMMU configuration" },
	{ 0x0030, "Invalid DC SYNC configuration" },
	{ 0x0031, "Invalid DC latch configuration" },
	{ 0x0032, "PLL error" },
	{ 0x0033, "DC sync IO error" },
	{ 0x0034, "DC sync timeout error" },
	{ 0x0035, "DC invalid sync cycle time" },
	{ 0x0036, "DC invalid SYNC0 cycle time" },
	{ 0x0037, "DC invalid SYNC1 cycle time" },
	{ 0x0041, "MBX_AOE" },
	{ 0x0042, "MBX_EOE" },
	{ 0x0043, "MBX_COE" },
	{ 0x0044, "MBX_FOE" },
	{ 0x0045, "MBX_SOE" },
	{ 0x004F, "MBX_VOE" },
	{ 0x0050, "EEPROM no access" },
	{ 0x0051, "EEPROM error" },
	{ 0x0052, "External hardware not ready" },
	{ 0x0060, "Slave restarted locally" },
	{ 0x0061, "Device identification value updated" },
	{ 0x00F0, "Application controller available" },
};

/**
 * ec_al_status_text() - the text of an AL status code (register 0x0134)
 * @code: AL status code
 *
 * Return: a static string; codes 0x8000 and up are vendor specific.
 */
const char *ec_al_status_text(u16 code)
{
	size_t i;

	for (i = 0; i < sizeof(ec_al_status_texts) /
			sizeof(ec_al_status_texts[0]); i++)
		if (ec_al_status_texts[i].code == code)
			return ec_al_status_texts[i].text;
	if (code >= 0x8000)
		return "Vendor specific error";
	return "Unknown AL status code";
}

static void ec_fsm_change_state_read_current(struct ec_fsm_change *fsm,
					     u64 now_ns);
static void ec_fsm_change_state_write(struct ec_fsm_change *fsm,
				      u64 now_ns);
static void ec_fsm_change_state_poll(struct ec_fsm_change *fsm, u64 now_ns);
static void ec_fsm_change_state_code(struct ec_fsm_change *fsm, u64 now_ns);
static void ec_fsm_change_state_ack(struct ec_fsm_change *fsm, u64 now_ns);
static void ec_fsm_change_state_ack_poll(struct ec_fsm_change *fsm,
					 u64 now_ns);
static void ec_fsm_change_state_end(struct ec_fsm_change *fsm, u64 now_ns);
static void ec_fsm_change_state_error(struct ec_fsm_change *fsm,
				      u64 now_ns);

/**
 * ec_fsm_change_init() - set up an AL state change FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses (shared with the owner's other FSMs)
 */
void ec_fsm_change_init(struct ec_fsm_change *fsm,
			struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	fsm->state = ec_fsm_change_state_end;
}

static void ec_fsm_change_fail(struct ec_fsm_change *fsm, int error)
{
	fsm->error = error;
	fsm->state = ec_fsm_change_state_error;
}

static void ec_fsm_change_queue_status(struct ec_fsm_change *fsm,
				       ec_fsm_change_state_t next)
{
	struct ec_slave *slave = fsm->slave;

	ec_datagram_fprd(fsm->datagram, slave->station_address,
			 EC_REG_AL_STATUS, 2);
	snprintf(fsm->datagram->name, EC_DATAGRAM_NAME_SIZE, "al-status");
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = next;
}

static void ec_fsm_change_queue_control(struct ec_fsm_change *fsm, u8 value,
					ec_fsm_change_state_t next)
{
	struct ec_slave *slave = fsm->slave;

	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_AL_CONTROL, 2);
	ec_put_u16(fsm->datagram->data, value);
	snprintf(fsm->datagram->name, EC_DATAGRAM_NAME_SIZE, "al-control");
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = next;
}

static void ec_fsm_change_begin(struct ec_fsm_change *fsm,
				struct ec_slave *slave, u8 state, bool ack_only,
				u64 now_ns)
{
	fsm->slave = slave;
	fsm->requested = state & EC_AL_STATE_MASK;
	fsm->ack_only = ack_only;
	fsm->request_after_ack = false;
	fsm->start_ns = now_ns;
	fsm->timeout_ns = EC_AL_STATE_TIMEOUT_NS;
	fsm->status_code = 0;
	fsm->error = 0;
	ec_fsm_change_queue_status(fsm, ec_fsm_change_state_read_current);
}

/**
 * ec_fsm_change_start() - bring a slave to an AL state
 * @fsm: change FSM
 * @slave: slave
 * @state: EC_AL_STATE_INIT_ ... EC_AL_STATE_OP_
 * @now_ns: current time
 *
 * An error indication that is already there is acknowledged first.
 */
void ec_fsm_change_start(struct ec_fsm_change *fsm, struct ec_slave *slave,
			 u8 state, u64 now_ns)
{
	ec_fsm_change_begin(fsm, slave, state, false, now_ns);
}

/**
 * ec_fsm_change_ack() - acknowledge a slave's error indication, if any
 * @fsm: change FSM
 * @slave: slave
 * @now_ns: current time
 */
void ec_fsm_change_ack(struct ec_fsm_change *fsm, struct ec_slave *slave,
		       u64 now_ns)
{
	ec_fsm_change_begin(fsm, slave, 0, true, now_ns);
}

/**
 * ec_fsm_change_exec() - advance by one step
 * @fsm: change FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_change_exec(struct ec_fsm_change *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_change_state_end ||
	    fsm->state == ec_fsm_change_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_change_state_end &&
	       fsm->state != ec_fsm_change_state_error;
}

/**
 * ec_fsm_change_success() - result of the ended FSM
 * @fsm: change FSM
 *
 * Return: true if the state was reached (or the error acknowledged);
 * else fsm->error and fsm->status_code tell why.
 */
bool ec_fsm_change_success(const struct ec_fsm_change *fsm)
{
	return fsm->state == ec_fsm_change_state_end;
}

/* A datagram came back; false (and failed/requeued) unless wkc is 1. */
static bool ec_fsm_change_check(struct ec_fsm_change *fsm, const char *what)
{
	struct ec_datagram *d = fsm->datagram;
	struct ec_slave *slave = fsm->slave;

	if (ec_fsm_retry(slave->master, d, &fsm->retries))
		return false;
	if (d->state != EC_DATAGRAM_RECEIVED) {
		EC_SLAVE_ERR(slave, "%s: datagram %s", what,
			     ec_datagram_state_string(d->state));
		ec_fsm_change_fail(fsm, ec_fsm_datagram_error(d));
		return false;
	}
	if (d->working_counter != 1) {
		EC_SLAVE_ERR(slave, "%s: working counter %u, expected 1", what,
			     d->working_counter);
		ec_fsm_change_fail(fsm, -EIO);
		return false;
	}
	return true;
}

static void ec_fsm_change_queue_code(struct ec_fsm_change *fsm)
{
	struct ec_slave *slave = fsm->slave;

	ec_datagram_fprd(fsm->datagram, slave->station_address,
			 EC_REG_AL_STATUS_CODE, 2);
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_change_state_code;
}

static void ec_fsm_change_state_read_current(struct ec_fsm_change *fsm,
					     u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	u8 status;

	(void)now_ns;
	if (!ec_fsm_change_check(fsm, "reading AL status"))
		return;
	status = fsm->datagram->data[0];
	slave->current_state = status;
	if (status & EC_AL_STATE_ERROR_FLAG) {
		fsm->request_after_ack = !fsm->ack_only;
		ec_fsm_change_queue_code(fsm);
		return;
	}
	if (fsm->ack_only ||
	    (status & EC_AL_STATE_MASK) == fsm->requested) {
		fsm->state = ec_fsm_change_state_end;
		return;
	}
	ec_fsm_change_queue_control(fsm, fsm->requested,
				    ec_fsm_change_state_write);
}

static void ec_fsm_change_state_write(struct ec_fsm_change *fsm, u64 now_ns)
{
	if (!ec_fsm_change_check(fsm, "writing AL control"))
		return;
	fsm->start_ns = now_ns;
	ec_fsm_change_queue_status(fsm, ec_fsm_change_state_poll);
}

static void ec_fsm_change_state_poll(struct ec_fsm_change *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	u8 status;

	if (!ec_fsm_change_check(fsm, "polling AL status"))
		return;
	status = fsm->datagram->data[0];
	slave->current_state = status;
	if (status & EC_AL_STATE_ERROR_FLAG) {
		ec_fsm_change_queue_code(fsm);
		return;
	}
	if ((status & EC_AL_STATE_MASK) == fsm->requested) {
		slave->al_status_code = 0;
		fsm->state = ec_fsm_change_state_end;
		return;
	}
	if (now_ns - fsm->start_ns >= fsm->timeout_ns) {
		EC_SLAVE_ERR(slave, "timeout changing to %s, still in %s",
			     ec_al_state_string(fsm->requested),
			     ec_al_state_string(status));
		ec_fsm_change_fail(fsm, -ETIMEDOUT);
		return;
	}
	ec_fsm_change_queue_status(fsm, ec_fsm_change_state_poll);
}

/* The AL status code came back: keep it and acknowledge. */
static void ec_fsm_change_state_code(struct ec_fsm_change *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	u16 code;

	(void)now_ns;
	if (!ec_fsm_change_check(fsm, "reading AL status code"))
		return;
	code = ec_get_u16(fsm->datagram->data);
	slave->al_status_code = code;
	fsm->status_code = code;
	if (fsm->ack_only || fsm->request_after_ack)
		EC_SLAVE_WARN(slave,
			      "acknowledging error in %s: AL status code 0x%04x (%s)",
			      ec_al_state_string(slave->current_state), code,
			      ec_al_status_text(code));
	else
		EC_SLAVE_ERR(slave,
			     "failed to change to %s, now %s: AL status code 0x%04x (%s)",
			     ec_al_state_string(fsm->requested),
			     ec_al_state_string(slave->current_state), code,
			     ec_al_status_text(code));
	ec_fsm_change_queue_control(fsm, (slave->current_state &
					  EC_AL_STATE_MASK) |
					 EC_AL_CONTROL_ACK,
				    ec_fsm_change_state_ack);
}

static void ec_fsm_change_state_ack(struct ec_fsm_change *fsm, u64 now_ns)
{
	if (!ec_fsm_change_check(fsm, "acknowledging"))
		return;
	fsm->start_ns = now_ns;
	ec_fsm_change_queue_status(fsm, ec_fsm_change_state_ack_poll);
}

static void ec_fsm_change_state_ack_poll(struct ec_fsm_change *fsm,
					 u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	u8 status;

	if (!ec_fsm_change_check(fsm, "polling acknowledge"))
		return;
	status = fsm->datagram->data[0];
	slave->current_state = status;
	if (status & EC_AL_STATE_ERROR_FLAG) {
		if (now_ns - fsm->start_ns >= fsm->timeout_ns) {
			EC_SLAVE_ERR(slave, "error acknowledge timed out");
			ec_fsm_change_fail(fsm, -ETIMEDOUT);
			return;
		}
		ec_fsm_change_queue_status(fsm, ec_fsm_change_state_ack_poll);
		return;
	}
	if (fsm->ack_only) {
		fsm->state = ec_fsm_change_state_end;
		return;
	}
	if (fsm->request_after_ack) {
		fsm->request_after_ack = false;
		if ((status & EC_AL_STATE_MASK) == fsm->requested) {
			fsm->state = ec_fsm_change_state_end;
			return;
		}
		ec_fsm_change_queue_control(fsm, fsm->requested,
					    ec_fsm_change_state_write);
		return;
	}
	ec_fsm_change_fail(fsm, -EIO);	/* refused, code kept */
}

static void ec_fsm_change_state_end(struct ec_fsm_change *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_change_state_error(struct ec_fsm_change *fsm,
				      u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
