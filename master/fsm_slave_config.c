// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave_config.c - configuration of one slave up to PREOP.
 *
 * INIT -> clear FMMUs -> clear SMs -> [mailbox SM0/SM1] -> PREOP
 *      -> [target above PREOP: change to it]
 */
#include "fsm_slave_config.h"
#include "mailbox.h"
#include "registers.h"
#include "slave.h"

static void ec_fsm_slave_config_state_init(struct ec_fsm_slave_config *fsm,
					   u64 now_ns);
static void ec_fsm_slave_config_state_clear_fmmus(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_clear_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_mbox_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_preop(struct ec_fsm_slave_config *fsm,
					    u64 now_ns);
static void ec_fsm_slave_config_state_target(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_end(struct ec_fsm_slave_config *fsm,
					  u64 now_ns);
static void ec_fsm_slave_config_state_error(struct ec_fsm_slave_config *fsm,
					    u64 now_ns);

/**
 * ec_fsm_slave_config_init() - set up a configuration FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses
 * @change: the state change FSM it runs (on the same datagram)
 */
void ec_fsm_slave_config_init(struct ec_fsm_slave_config *fsm,
			      struct ec_datagram *datagram,
			      struct ec_fsm_change *change)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	fsm->change = change;
	fsm->state = ec_fsm_slave_config_state_end;
}

static void ec_fsm_slave_config_fail(struct ec_fsm_slave_config *fsm,
				     int error)
{
	fsm->error = error;
	fsm->state = ec_fsm_slave_config_state_error;
}

/**
 * ec_fsm_slave_config_start() - configure a slave
 * @fsm: config FSM
 * @slave: scanned slave
 * @target: EC_AL_STATE_INIT_ or EC_AL_STATE_PREOP_ (higher states are
 *	    requested after PREOP without further configuration for now)
 * @now_ns: current time
 */
void ec_fsm_slave_config_start(struct ec_fsm_slave_config *fsm,
			       struct ec_slave *slave, u8 target,
			       u64 now_ns)
{
	fsm->slave = slave;
	fsm->target = target & EC_AL_STATE_MASK;
	fsm->error = 0;
	fsm->al_status_code = 0;
	ec_fsm_change_start(fsm->change, slave, EC_AL_STATE_INIT_, now_ns);
	fsm->state = ec_fsm_slave_config_state_init;
}

/**
 * ec_fsm_slave_config_exec() - advance by one step
 * @fsm: config FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_slave_config_exec(struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_slave_config_state_end ||
	    fsm->state == ec_fsm_slave_config_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_slave_config_state_end &&
	       fsm->state != ec_fsm_slave_config_state_error;
}

/**
 * ec_fsm_slave_config_success() - result of the ended FSM
 * @fsm: config FSM
 *
 * Return: true if the target state was reached; else fsm->error and
 * fsm->al_status_code.
 */
bool ec_fsm_slave_config_success(const struct ec_fsm_slave_config *fsm)
{
	return fsm->state == ec_fsm_slave_config_state_end;
}

/* Runs the change FSM; true when it ended, failing this FSM on error. */
static bool ec_fsm_slave_config_change_done(struct ec_fsm_slave_config *fsm,
					    u64 now_ns)
{
	if (ec_fsm_change_exec(fsm->change, now_ns))
		return false;
	if (!ec_fsm_change_success(fsm->change)) {
		fsm->al_status_code = fsm->change->status_code;
		ec_fsm_slave_config_fail(fsm, fsm->change->error);
		return false;
	}
	return true;
}

/* A write came back: true if answered by the slave. */
static bool ec_fsm_slave_config_written(struct ec_fsm_slave_config *fsm,
					const char *what)
{
	struct ec_datagram *d = fsm->datagram;
	struct ec_slave *slave = fsm->slave;

	if (ec_fsm_retry(slave->master, d, &fsm->retries))
		return false;
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1) {
		EC_SLAVE_ERR(slave, "%s failed: %s, working counter %u", what,
			     ec_datagram_state_string(d->state),
			     d->working_counter);
		ec_fsm_slave_config_fail(fsm, d->state == EC_DATAGRAM_RECEIVED ?
					 -EIO : ec_fsm_datagram_error(d));
		return false;
	}
	return true;
}

static void ec_fsm_slave_config_clear_sms(struct ec_fsm_slave_config *fsm,
					  u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	unsigned int count = slave->base_sync_count;

	if (count > EC_MAX_SYNC_MANAGERS)
		count = EC_MAX_SYNC_MANAGERS;
	if (!count) {
		ec_fsm_slave_config_state_clear_sms(fsm, now_ns);
		return;
	}
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_SM_BASE, count * EC_SM_SIZE);
	ec_datagram_zero(fsm->datagram);
	snprintf(fsm->datagram->name, EC_DATAGRAM_NAME_SIZE, "clear-sms");
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_config_state_clear_sms;
}

static void ec_fsm_slave_config_state_init(struct ec_fsm_slave_config *fsm,
					   u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	unsigned int count = slave->base_fmmu_count;

	if (!ec_fsm_slave_config_change_done(fsm, now_ns))
		return;
	if (count > EC_MAX_FMMUS)
		count = EC_MAX_FMMUS;
	if (!count) {
		ec_fsm_slave_config_clear_sms(fsm, now_ns);
		return;
	}
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_FMMU_BASE, count * EC_FMMU_SIZE);
	ec_datagram_zero(fsm->datagram);
	snprintf(fsm->datagram->name, EC_DATAGRAM_NAME_SIZE, "clear-fmmus");
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_config_state_clear_fmmus;
}

static void ec_fsm_slave_config_state_clear_fmmus(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm, "clearing the FMMUs"))
		return;
	ec_fsm_slave_config_clear_sms(fsm, now_ns);
}

static void ec_fsm_slave_config_request_preop(struct ec_fsm_slave_config *fsm,
					      u64 now_ns)
{
	ec_fsm_change_start(fsm->change, fsm->slave, EC_AL_STATE_PREOP_,
			    now_ns);
	fsm->state = ec_fsm_slave_config_state_preop;
}

/* Write SM0 and SM1 as the SII's standard mailbox says. */
static void ec_fsm_slave_config_state_clear_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	const struct ec_sii *sii = &slave->sii;
	u8 *d;

	if (slave->base_sync_count &&
	    !ec_fsm_slave_config_written(fsm, "clearing the SMs"))
		return;
	if (fsm->target == EC_AL_STATE_INIT_) {
		fsm->state = ec_fsm_slave_config_state_end;
		return;
	}
	if (!ec_slave_has_mailbox(slave)) {
		ec_fsm_slave_config_request_preop(fsm, now_ns);
		return;
	}
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_SM_REG(EC_SM_MBOX_WRITE), 2 * EC_SM_SIZE);
	ec_datagram_zero(fsm->datagram);
	d = fsm->datagram->data;
	ec_put_u16(d + EC_SM_START, sii->std_rx_mailbox_offset);
	ec_put_u16(d + EC_SM_LENGTH, sii->std_rx_mailbox_size);
	d[EC_SM_CONTROL] = EC_SM_CONTROL_MBOX_WRITE;
	d[EC_SM_ACTIVATE] = EC_SM_ACTIVATE_ENABLE;
	d += EC_SM_SIZE;
	ec_put_u16(d + EC_SM_START, sii->std_tx_mailbox_offset);
	ec_put_u16(d + EC_SM_LENGTH, sii->std_tx_mailbox_size);
	d[EC_SM_CONTROL] = EC_SM_CONTROL_MBOX_READ;
	d[EC_SM_ACTIVATE] = EC_SM_ACTIVATE_ENABLE;
	snprintf(fsm->datagram->name, EC_DATAGRAM_NAME_SIZE, "mbox-sms");
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_config_state_mbox_sms;
}

static void ec_fsm_slave_config_state_mbox_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm, "configuring the mailbox SMs"))
		return;
	ec_fsm_slave_config_request_preop(fsm, now_ns);
}

static void ec_fsm_slave_config_state_preop(struct ec_fsm_slave_config *fsm,
					    u64 now_ns)
{
	if (!ec_fsm_slave_config_change_done(fsm, now_ns))
		return;
	if (fsm->target == EC_AL_STATE_PREOP_) {
		fsm->state = ec_fsm_slave_config_state_end;
		return;
	}
	ec_fsm_change_start(fsm->change, fsm->slave, fsm->target, now_ns);
	fsm->state = ec_fsm_slave_config_state_target;
}

static void ec_fsm_slave_config_state_target(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_change_done(fsm, now_ns))
		return;
	fsm->state = ec_fsm_slave_config_state_end;
}

static void ec_fsm_slave_config_state_end(struct ec_fsm_slave_config *fsm,
					  u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_slave_config_state_error(struct ec_fsm_slave_config *fsm,
					    u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
