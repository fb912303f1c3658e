// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave_config.c - configuration of one slave up to its target state.
 *
 * INIT -> clear FMMUs -> clear SMs -> [mailbox SM0/SM1] -> PREOP
 *   to BOOT: -> bootstrap mailbox SM0/SM1 -> BOOT
 *   without a configuration: -> [target above PREOP: change to it]
 *   with one (target SAFEOP or OP): -> startup SDOs -> PREOP IDNs (SoE)
 *      -> PDO configuration -> process data SMs -> [watchdog divider]
 *      -> [watchdog intervals] -> [FMMUs] -> [DC: SYNC settings] -> SAFEOP
 *      -> SAFEOP IDNs -> [OP]
 * (the steps from the PDO configuration to the FMMUs are in
 * fsm_slave_config_pd.c; the DC steps, and the SYNC signals of DC slaves
 * switched off in INIT, in fsm_slave_config_dc.c)
 */
#include "slave/fsm_slave_config.h"
#include "slave/al_status.h"
#include "mailbox/coe_abort.h"
#include "mailbox/fsm_coe.h"
#include "mailbox/fsm_eoe.h"
#include "mailbox/fsm_soe.h"
#include "mailbox/mbox_text.h"
#include "mailbox/mailbox.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "app/slave_config.h"

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
static void ec_fsm_slave_config_state_sdo(struct ec_fsm_slave_config *fsm,
					  u64 now_ns);
static void ec_fsm_slave_config_state_idn(struct ec_fsm_slave_config *fsm,
					  u64 now_ns);
static void ec_fsm_slave_config_state_safeop(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_op(struct ec_fsm_slave_config *fsm,
					 u64 now_ns);
static void ec_fsm_slave_config_state_end(struct ec_fsm_slave_config *fsm,
					  u64 now_ns);
static void ec_fsm_slave_config_state_error(struct ec_fsm_slave_config *fsm,
					    u64 now_ns);

/**
 * ec_fsm_slave_config_init() - set up a configuration FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses
 * @change: the state change FSM it runs (on the same datagram)
 * @coe: the CoE FSM for startup SDOs and PDO configuration (same datagram)
 */
void ec_fsm_slave_config_init(struct ec_fsm_slave_config *fsm,
			      struct ec_datagram *datagram,
			      struct ec_fsm_change *change,
			      struct ec_fsm_coe *coe)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	fsm->change = change;
	fsm->coe = coe;
	ec_fsm_pdo_conf_init(&fsm->pdo_conf, coe);
	fsm->state = ec_fsm_slave_config_state_end;
}

void ec_fsm_slave_config_fail(struct ec_fsm_slave_config *fsm, int error)
{
	fsm->error = error;
	fsm->state = ec_fsm_slave_config_state_error;
}

/* Index of sc->state_timeout_ns for a change to @state. */
static unsigned int ec_fsm_slave_config_timeout_index(u8 state)
{
	switch (state) {
	case EC_AL_STATE_PREOP_:
		return 0;
	case EC_AL_STATE_SAFEOP_:
		return 1;
	case EC_AL_STATE_OP_:
		return 2;
	default:
		return 3;	/* INIT */
	}
}

/* Change to @state with the config's timeout, else fsm_change's. */
static void ec_fsm_slave_config_change_to(struct ec_fsm_slave_config *fsm,
					  u8 state,
					  ec_fsm_slave_config_state_t next,
					  u64 now_ns)
{
	unsigned int i = ec_fsm_slave_config_timeout_index(state);

	ec_fsm_change_start(fsm->change, fsm->slave, state, now_ns);
	if (fsm->sc && fsm->sc->state_timeout_ns[i])
		fsm->change->timeout_ns = fsm->sc->state_timeout_ns[i];
	fsm->state = next;
}

/**
 * ec_fsm_slave_config_start() - configure a slave
 * @fsm: config FSM
 * @slave: scanned slave
 * @target: EC_AL_STATE_INIT_ ... EC_AL_STATE_OP_; above PREOP the
 *	    application's configuration attached to the slave (slave->config)
 *	    is applied, if there is one, else the state is only requested
 * @now_ns: current time
 */
void ec_fsm_slave_config_start(struct ec_fsm_slave_config *fsm,
			       struct ec_slave *slave, u8 target,
			       u64 now_ns)
{
	fsm->slave = slave;
	fsm->target = target & EC_AL_STATE_MASK;
	fsm->sc = fsm->target == EC_AL_STATE_SAFEOP_ ||
		  fsm->target == EC_AL_STATE_OP_ ? slave->config : NULL;
	fsm->error = 0;
	fsm->al_status_code = 0;
	fsm->failed_state = 0;
	ec_fsm_slave_config_change_to(fsm, EC_AL_STATE_INIT_,
				      ec_fsm_slave_config_state_init, now_ns);
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
		fsm->failed_state = fsm->change->requested;
		if (fsm->al_status_code)
			EC_SLAVE_ERR(fsm->slave,
				     "refused %s: AL status code 0x%04x %s",
				     ec_al_state_string(fsm->change->requested),
				     fsm->al_status_code,
				     ec_al_status_text(fsm->al_status_code));
		ec_fsm_slave_config_fail(fsm, fsm->change->error);
		return false;
	}
	return true;
}

/* A write came back: true if answered by the slave. */
bool ec_fsm_slave_config_written(struct ec_fsm_slave_config *fsm,
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
	fsm->datagram->name = "clear-sms";
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_config_state_clear_sms;
}

static void ec_fsm_slave_config_clear_fmmus(struct ec_fsm_slave_config *fsm,
					    u64 now_ns);

/* In INIT: SYNC signals off (DC slaves only), then clear the FMMUs. */
static void ec_fsm_slave_config_state_init(struct ec_fsm_slave_config *fsm,
					   u64 now_ns)
{
	if (!ec_fsm_slave_config_change_done(fsm, now_ns))
		return;
	ec_fsm_slave_config_dc(fsm, false, ec_fsm_slave_config_clear_fmmus,
			       now_ns);
}

static void ec_fsm_slave_config_clear_fmmus(struct ec_fsm_slave_config *fsm,
					    u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	unsigned int count = slave->base_fmmu_count;

	if (count > EC_MAX_FMMUS)
		count = EC_MAX_FMMUS;
	if (!count) {
		ec_fsm_slave_config_clear_sms(fsm, now_ns);
		return;
	}
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_FMMU_BASE, count * EC_FMMU_SIZE);
	ec_datagram_zero(fsm->datagram);
	fsm->datagram->name = "clear-fmmus";
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
	ec_fsm_slave_config_change_to(fsm, EC_AL_STATE_PREOP_,
				      ec_fsm_slave_config_state_preop, now_ns);
}

/*
 * Write SM0 and SM1 as the SII's standard mailbox says, or its bootstrap
 * mailbox (words 0x0014-0x0017) on the way to BOOT.
 */
static void ec_fsm_slave_config_state_clear_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	const struct ec_sii *sii = &slave->sii;
	bool boot = fsm->target == EC_AL_STATE_BOOT_;
	u8 *d;

	if (slave->base_sync_count &&
	    !ec_fsm_slave_config_written(fsm, "clearing the SMs"))
		return;
	if (fsm->target == EC_AL_STATE_INIT_) {
		fsm->state = ec_fsm_slave_config_state_end;
		return;
	}
	if (boot && (sii->boot_rx_mailbox_size <= EC_MBOX_HEADER_SIZE ||
		     sii->boot_tx_mailbox_size <= EC_MBOX_HEADER_SIZE)) {
		/* Let the slave say why not (AL status code). */
		EC_SLAVE_WARN(slave, "BOOT: the SII has no bootstrap mailbox");
		ec_fsm_slave_config_change_to(fsm, EC_AL_STATE_BOOT_,
					      ec_fsm_slave_config_state_target,
					      now_ns);
		return;
	}
	if (!boot && !ec_slave_has_mailbox(slave)) {
		ec_fsm_slave_config_request_preop(fsm, now_ns);
		return;
	}
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_SM_REG(EC_SM_MBOX_WRITE), 2 * EC_SM_SIZE);
	ec_datagram_zero(fsm->datagram);
	d = fsm->datagram->data;
	ec_put_u16(d + EC_SM_START, boot ? sii->boot_rx_mailbox_offset :
					   sii->std_rx_mailbox_offset);
	ec_put_u16(d + EC_SM_LENGTH, boot ? sii->boot_rx_mailbox_size :
					    sii->std_rx_mailbox_size);
	d[EC_SM_CONTROL] = EC_SM_CONTROL_MBOX_WRITE;
	d[EC_SM_ACTIVATE] = EC_SM_ACTIVATE_ENABLE;
	d += EC_SM_SIZE;
	ec_put_u16(d + EC_SM_START, boot ? sii->boot_tx_mailbox_offset :
					   sii->std_tx_mailbox_offset);
	ec_put_u16(d + EC_SM_LENGTH, boot ? sii->boot_tx_mailbox_size :
					    sii->std_tx_mailbox_size);
	d[EC_SM_CONTROL] = EC_SM_CONTROL_MBOX_READ;
	d[EC_SM_ACTIVATE] = EC_SM_ACTIVATE_ENABLE;
	fsm->datagram->name = "mbox-sms";
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_config_state_mbox_sms;
}

static void ec_fsm_slave_config_state_mbox_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm, "configuring the mailbox SMs"))
		return;
	if (fsm->target == EC_AL_STATE_BOOT_) {
		ec_fsm_slave_config_change_to(fsm, EC_AL_STATE_BOOT_,
					      ec_fsm_slave_config_state_target,
					      now_ns);
		return;
	}
	ec_fsm_slave_config_request_preop(fsm, now_ns);
}

static void ec_fsm_slave_config_after_idns(struct ec_fsm_slave_config *fsm,
					   u64 now_ns);
static void ec_fsm_slave_config_state_eoe_ip(struct ec_fsm_slave_config *fsm,
					     u64 now_ns);

/* Write the next startup IDN of fsm->idn_state, or go on. */
static void ec_fsm_slave_config_next_idn(struct ec_fsm_slave_config *fsm,
					 u64 now_ns)
{
	struct ec_soe_request *req = &fsm->soe_request;
	const struct ec_soe_config *c;

	for (;;) {
		fsm->idn_pos = fsm->idn_pos->next;
		if (fsm->idn_pos == &fsm->sc->soe_configs) {
			ec_fsm_slave_config_after_idns(fsm, now_ns);
			return;
		}
		c = ec_list_entry(fsm->idn_pos, struct ec_soe_config, node);
		if (c->al_state == fsm->idn_state)
			break;
	}
	if (!fsm->soe) {
		ec_fsm_slave_config_fail(fsm, -EPROTONOSUPPORT);
		return;
	}
	memset(req, 0, sizeof(*req));
	ec_list_init(&req->base.node);
	req->write = true;
	req->drive_no = c->drive_no;
	req->idn = c->idn;
	req->al_state = c->al_state;
	req->data = c->data;
	req->mem_size = c->size;
	req->data_size = c->size;
	ec_fsm_soe_transfer(fsm->soe, fsm->slave, req, now_ns);
	fsm->state = ec_fsm_slave_config_state_idn;
}

static void ec_fsm_slave_config_start_idns(struct ec_fsm_slave_config *fsm,
					   u8 al_state, u64 now_ns)
{
	fsm->idn_state = al_state;
	fsm->idn_pos = &fsm->sc->soe_configs;
	ec_fsm_slave_config_next_idn(fsm, now_ns);
}

static void ec_fsm_slave_config_state_idn(struct ec_fsm_slave_config *fsm,
					  u64 now_ns)
{
	struct ec_soe_request *req = &fsm->soe_request;
	char idn[EC_SOE_IDN_TEXT_SIZE];

	if (ec_fsm_soe_exec(fsm->soe, now_ns))
		return;
	if (ec_fsm_soe_success(fsm->soe)) {
		ec_fsm_slave_config_next_idn(fsm, now_ns);
		return;
	}
	ec_soe_idn_format(req->idn, idn, sizeof(idn));
	if (req->error_code)
		EC_SLAVE_ERR(fsm->slave,
			     "startup IDN %s (drive %u) refused: 0x%04x %s",
			     idn, req->drive_no, req->error_code,
			     ec_soe_error_text(req->error_code));
	else
		EC_SLAVE_ERR(fsm->slave, "startup IDN %s (drive %u) failed (%d)",
			     idn, req->drive_no, req->base.error);
	ec_fsm_slave_config_fail(fsm, req->base.error ? req->base.error : -EIO);
}

/* Write the next startup SDO, or go on with the PREOP IDNs. */
static void ec_fsm_slave_config_next_sdo(struct ec_fsm_slave_config *fsm,
					 u64 now_ns)
{
	struct ec_sdo_request *req = &fsm->sdo_request;
	const struct ec_sdo_config *sdo;

	fsm->sdo_pos = fsm->sdo_pos->next;
	if (fsm->sdo_pos == &fsm->sc->sdo_configs) {
		ec_fsm_slave_config_start_idns(fsm, EC_AL_STATE_PREOP_, now_ns);
		return;
	}
	if (!ec_slave_has_coe(fsm->slave)) {
		EC_SLAVE_ERR(fsm->slave,
			     "startup SDOs configured, but the slave has no CoE");
		ec_fsm_slave_config_fail(fsm, -EPROTONOSUPPORT);
		return;
	}
	sdo = ec_list_entry(fsm->sdo_pos, struct ec_sdo_config, node);
	memset(req, 0, sizeof(*req));
	ec_list_init(&req->base.node);
	req->write = true;
	req->index = sdo->index;
	req->subindex = sdo->subindex;
	req->complete_access = sdo->complete_access;
	req->data = sdo->data;
	req->mem_size = sdo->size;
	req->data_size = sdo->size;
	ec_fsm_coe_transfer(fsm->coe, fsm->slave, req, now_ns);
	fsm->state = ec_fsm_slave_config_state_sdo;
}

static void ec_fsm_slave_config_state_sdo(struct ec_fsm_slave_config *fsm,
					  u64 now_ns)
{
	struct ec_sdo_request *req = &fsm->sdo_request;

	if (ec_fsm_coe_exec(fsm->coe, now_ns))
		return;
	if (ec_fsm_coe_success(fsm->coe)) {
		ec_fsm_slave_config_next_sdo(fsm, now_ns);
		return;
	}
	if (req->abort_code)
		EC_SLAVE_ERR(fsm->slave,
			     "startup SDO 0x%04x:%02x aborted: 0x%08x %s",
			     req->index, req->subindex, req->abort_code,
			     ec_coe_abort_text(req->abort_code));
	else
		EC_SLAVE_ERR(fsm->slave, "startup SDO 0x%04x:%02x failed (%d)",
			     req->index, req->subindex, req->base.error);
	ec_fsm_slave_config_fail(fsm, req->base.error ? req->base.error : -EIO);
}

/* After the process data and DC steps (fsm_slave_config_pd.c,
 * fsm_slave_config_dc.c): request SAFEOP.
 */
void ec_fsm_slave_config_request_safeop(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	ec_fsm_slave_config_change_to(fsm, EC_AL_STATE_SAFEOP_,
				      ec_fsm_slave_config_state_safeop, now_ns);
}

static void ec_fsm_slave_config_state_safeop(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_change_done(fsm, now_ns))
		return;
	ec_fsm_slave_config_start_idns(fsm, EC_AL_STATE_SAFEOP_, now_ns);
}

static void ec_fsm_slave_config_state_eoe_ip(struct ec_fsm_slave_config *fsm,
					     u64 now_ns)
{
	if (ec_fsm_eoe_exec(fsm->eoe, now_ns))
		return;
	if (!ec_fsm_eoe_success(fsm->eoe)) {
		EC_SLAVE_ERR(fsm->slave, "setting the EoE IP parameters failed (%d)",
			     fsm->eoe->error);
		ec_fsm_slave_config_fail(fsm, fsm->eoe->error);
		return;
	}
	ec_fsm_slave_config_pdo_conf(fsm, now_ns);
}

/* The IDNs of fsm->idn_state are written: PDOs after PREOP, OP after SAFEOP. */
static void ec_fsm_slave_config_after_idns(struct ec_fsm_slave_config *fsm,
					   u64 now_ns)
{
	if (fsm->idn_state == EC_AL_STATE_PREOP_) {
		/* EoE IP parameters before the PDOs, as IgH does. */
		if (fsm->sc->eoe_ip.flags && fsm->eoe) {
			ec_fsm_eoe_set_ip(fsm->eoe, fsm->slave,
					  &fsm->sc->eoe_ip, now_ns);
			fsm->state = ec_fsm_slave_config_state_eoe_ip;
			return;
		}
		ec_fsm_slave_config_pdo_conf(fsm, now_ns);
		return;
	}
	if (fsm->target == EC_AL_STATE_SAFEOP_) {
		fsm->state = ec_fsm_slave_config_state_end;
		return;
	}
	/* The domain datagrams cycle already: the outputs are valid. */
	ec_fsm_slave_config_change_to(fsm, EC_AL_STATE_OP_,
				      ec_fsm_slave_config_state_op, now_ns);
}

static void ec_fsm_slave_config_state_op(struct ec_fsm_slave_config *fsm,
					 u64 now_ns)
{
	if (!ec_fsm_slave_config_change_done(fsm, now_ns))
		return;
	fsm->state = ec_fsm_slave_config_state_end;
}

/**
 * ec_fsm_slave_config_abort() - give up the configuration in progress
 * @fsm: config FSM
 *
 * For a configuration that goes away: the FSM forgets it and ends with
 * -ECANCELED.  The caller takes the datagram off the master's queues.
 */
void ec_fsm_slave_config_abort(struct ec_fsm_slave_config *fsm)
{
	if (fsm->state == ec_fsm_slave_config_state_end ||
	    fsm->state == ec_fsm_slave_config_state_error)
		return;
	fsm->sc = NULL;
	fsm->sdo_pos = NULL;
	fsm->idn_pos = NULL;
	ec_fsm_slave_config_fail(fsm, -ECANCELED);
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
	if (fsm->sc) {
		fsm->sdo_pos = &fsm->sc->sdo_configs;
		ec_fsm_slave_config_next_sdo(fsm, now_ns);
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
