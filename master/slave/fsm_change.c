// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_change.c - AL state change and error acknowledge of one slave (the
 * texts of the AL status codes are in al_status.c).
 *
 * read status -> [error: read code -> ack -> wait cleared] -> write control
 *   -> poll status -> reached: done
 *                  -> error flag: read code -> ack -> wait cleared -> failed
 */
#include "slave/fsm_change.h"
#include "slave/al_status.h"
#include "slave/registers.h"
#include "slave/slave.h"

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
	fsm->datagram->name = "al-status";
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
	fsm->datagram->name = "al-control";
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
