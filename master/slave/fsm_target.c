// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_target.c - keep a slave in its target state.
 *
 * start -> al_check -> end (every EC_SLAVE_AL_CHECK_NS; in OP when the
 *                           master's monitor asks)
 * start -> config (fsm_slave_config: below target, error flag, changed)
 *       -> end | error (back-off)
 * start -> change (fsm_change: above target) -> end | error (back-off)
 */
#include "slave/fsm_target.h"
#include "slave/al_status.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "slave/fsm_master.h"
#include "cycle/capture.h"
#include "cycle/redundancy.h"

static void ec_fsm_target_state_al_check(struct ec_fsm_target *fsm,
					 u64 now_ns);
static void ec_fsm_target_state_config(struct ec_fsm_target *fsm,
				       u64 now_ns);
static void ec_fsm_target_state_change(struct ec_fsm_target *fsm,
				       u64 now_ns);
static void ec_fsm_target_state_end(struct ec_fsm_target *fsm, u64 now_ns);

/**
 * ec_slave_target_state() - the AL state the slave FSM keeps a slave in
 * @slave: slave
 *
 * Return: OP for a slave with an application's configuration while the
 * master is active, else the state last requested (PREOP by default).
 */
u8 ec_slave_target_state(const struct ec_slave *slave)
{
	u8 req = slave->requested_state & EC_AL_STATE_MASK;

	if (slave->config && slave->master && slave->master->active)
		return EC_AL_STATE_OP_;
	return req == EC_AL_STATE_NONE ? EC_AL_STATE_PREOP_ : req;
}

/* The configuration a job to @target applies (none up to PREOP). */
static const struct ec_slave_config *ec_fsm_target_wanted_config(
	const struct ec_slave *slave, u8 target)
{
	if (target == EC_AL_STATE_SAFEOP_ || target == EC_AL_STATE_OP_)
		return slave->config;
	return NULL;
}

/* Order of the AL states; 0 for none and BOOT (configure from INIT). */
static unsigned int ec_al_state_rank(u8 state)
{
	switch (state & EC_AL_STATE_MASK) {
	case EC_AL_STATE_INIT_:
		return 1;
	case EC_AL_STATE_PREOP_:
		return 2;
	case EC_AL_STATE_SAFEOP_:
		return 3;
	case EC_AL_STATE_OP_:
		return 4;
	default:
		return 0;
	}
}

/**
 * ec_fsm_target_init() - set up the target keeping of a slave
 * @fsm: FSM memory
 * @slave: its slave
 * @datagram: the slave FSM's datagram
 * @change: state change FSM on the same datagram
 * @config: configuration FSM on the same datagram
 */
void ec_fsm_target_init(struct ec_fsm_target *fsm, struct ec_slave *slave,
			struct ec_datagram *datagram,
			struct ec_fsm_change *change,
			struct ec_fsm_slave_config *config)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->slave = slave;
	fsm->datagram = datagram;
	fsm->change = change;
	fsm->config = config;
	fsm->state = ec_fsm_target_state_end;
}

static bool ec_fsm_target_changed(const struct ec_fsm_target *fsm, u8 target)
{
	return target != fsm->applied_target ||
	       ec_fsm_target_wanted_config(fsm->slave, target) !=
	       fsm->applied_config;
}

/* The slave is where it should be (as far as the last AL status says). */
static bool ec_fsm_target_reached(const struct ec_fsm_target *fsm, u8 target)
{
	u8 cur = fsm->slave->current_state;

	return (cur & EC_AL_STATE_MASK) == target &&
	       !(cur & EC_AL_STATE_ERROR_FLAG);
}

static void ec_fsm_target_configure(struct ec_fsm_target *fsm, u8 target,
				    const struct ec_slave_config *sc,
				    u64 now_ns)
{
	fsm->applied_target = target;
	fsm->applied_config = sc;
	fsm->next_check_ns = now_ns + EC_SLAVE_AL_CHECK_NS;
	fsm->config_runs++;
	ec_fsm_slave_config_start(fsm->config, fsm->slave, target, now_ns);
	fsm->state = ec_fsm_target_state_config;
}

/**
 * ec_fsm_target_start_first() - the configuration after the scan
 * @fsm: target FSM
 * @now_ns: current time
 *
 * Up to the target state, but only to PREOP for a slave with an
 * application's configuration: its PDOs are read there first, and the
 * next ec_fsm_target_start() goes on from PREOP.
 */
void ec_fsm_target_start_first(struct ec_fsm_target *fsm, u64 now_ns)
{
	u8 target = ec_slave_target_state(fsm->slave);

	if (ec_fsm_target_wanted_config(fsm->slave, target))
		target = EC_AL_STATE_PREOP_;
	ec_fsm_target_configure(fsm, target, NULL, now_ns);
}

/**
 * ec_slave_idle_read_at() - when a periodic read of one slave is next due
 * @slave: slave
 * @min_ns: the read's own interval (EC_SLAVE_AL_CHECK_NS, EC_MBOX_POLL_NS)
 * @now_ns: current time, the read being done now
 *
 * Every @min_ns; on a segment of more than @min_ns / EC_IDLE_READ_SLOT_NS
 * slaves every slave_count slots instead, each slave in its own slot by
 * ring position, so that the reads of all slaves come at about one per
 * slot: the idle master's frame carries a bounded number of them, as IgH's
 * master FSM reads one slave's AL state per idle turn (every slave every
 * slave_count + 1 turns).
 *
 * Return: the due time (passed-in clock), after @now_ns.
 */
u64 ec_slave_idle_read_at(const struct ec_slave *slave, u64 min_ns,
			  u64 now_ns)
{
	unsigned int n = slave->master ? slave->master->slave_count : 0;
	u64 period = (u64)n * EC_IDLE_READ_SLOT_NS, phase;

	if (period <= min_ns)
		return now_ns + min_ns;
	phase = (u64)(slave->ring_position % n) * EC_IDLE_READ_SLOT_NS;
	if (now_ns < phase)
		return phase;
	return phase + ((now_ns - phase) / period + 1) * period;
}

static void ec_fsm_target_start_al_check(struct ec_fsm_target *fsm,
					 u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	fsm->next_check_ns = ec_slave_idle_read_at(slave, EC_SLAVE_AL_CHECK_NS,
						   now_ns);
	fsm->check_requested = false;
	/* AL status 0x0130 (2 bytes), reserved, AL status code 0x0134. */
	ec_datagram_fprd(fsm->datagram, slave->station_address,
			 EC_REG_AL_STATUS, EC_REG_AL_STATUS_CODE + 2 -
			 EC_REG_AL_STATUS);
	ec_datagram_zero(fsm->datagram);
	fsm->datagram->name = "al-check";
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_target_state_al_check;
}

/*
 * An AL status read is due: asked for by the master's monitor, or (not in
 * the operation phase, where the monitor's broadcast watches every slave
 * at a cost that does not grow with the segment) every
 * EC_SLAVE_AL_CHECK_NS.
 */
static bool ec_fsm_target_check_due(const struct ec_fsm_target *fsm,
				    u64 now_ns)
{
	const struct ec_slave *slave = fsm->slave;

	if (fsm->check_requested)
		return true;
	if (slave->master && slave->master->active)
		return false;
	return now_ns >= fsm->next_check_ns;
}

/**
 * ec_fsm_target_request_check() - read the AL status at the next chance
 * @fsm: target FSM
 *
 * The master's monitor calls this when its broadcast or its check of the
 * slave saw something the slave's last AL status does not explain.
 */
void ec_fsm_target_request_check(struct ec_fsm_target *fsm)
{
	fsm->check_requested = true;
}

/**
 * ec_fsm_target_configured() - the slave needs no new configuration
 * @fsm: target FSM
 *
 * The last job brought the slave to the state and configuration it
 * should have now, and no job runs: IgH's !slave->force_config.
 *
 * Return: true if nothing is to be applied.
 */
bool ec_fsm_target_configured(const struct ec_fsm_target *fsm)
{
	return fsm->state != ec_fsm_target_state_config &&
	       fsm->state != ec_fsm_target_state_change &&
	       !fsm->slave->error_flag &&
	       !ec_fsm_target_changed(fsm,
				      ec_slave_target_state(fsm->slave));
}

/**
 * ec_fsm_target_checking() - the AL status check of an idle slave is on
 * its way (a single read; its reply waits for the next turn)
 * @fsm: target FSM
 *
 * Return: true if so.
 */
bool ec_fsm_target_checking(const struct ec_fsm_target *fsm)
{
	return fsm->state == ec_fsm_target_state_al_check;
}

/**
 * ec_fsm_target_kept() - the slave is kept where it should be and nothing
 * asks for a job now
 * @fsm: target FSM
 *
 * No job runs or is asked for, the slave is in its target state with no
 * error, and neither the target nor the configuration changed since the
 * last job.  Then ec_fsm_target_start() starts nothing but the AL status
 * read due by time (not in the operation phase: at next_check_ns) and
 * ec_fsm_target_configured() is true, until one of these inputs changes.
 *
 * Return: true if kept.
 */
bool ec_fsm_target_kept(const struct ec_fsm_target *fsm)
{
	const struct ec_slave *slave = fsm->slave;
	u8 target;

	if (fsm->state != ec_fsm_target_state_end || fsm->check_requested ||
	    slave->error_flag)
		return false;
	target = ec_slave_target_state(slave);
	return !ec_fsm_target_changed(fsm, target) &&
	       ec_fsm_target_reached(fsm, target);
}

/**
 * ec_fsm_target_settled() - kept, in the operation phase
 * @fsm: target FSM
 *
 * There no AL status read falls due by time (the master's monitor asks
 * for them): a kept slave asks for nothing until an input changes.
 *
 * Return: true if settled.
 */
bool ec_fsm_target_settled(const struct ec_fsm_target *fsm)
{
	const struct ec_slave *slave = fsm->slave;

	return slave->master && slave->master->active &&
	       ec_fsm_target_kept(fsm);
}

/* Bring the slave to @target: configure it on the way up, else change. */
static void ec_fsm_target_go(struct ec_fsm_target *fsm, u8 target,
			     bool changed, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	const struct ec_slave_config *sc =
		ec_fsm_target_wanted_config(slave, target);
	unsigned int cur = ec_al_state_rank(slave->current_state);

	if (ec_al_state_rank(target) > cur || !cur || (changed && sc)) {
		ec_fsm_target_configure(fsm, target, sc, now_ns);
		return;
	}
	fsm->applied_target = target;
	fsm->applied_config = sc;
	fsm->next_check_ns = now_ns + EC_SLAVE_AL_CHECK_NS;
	fsm->config_runs++;
	ec_fsm_change_start(fsm->change, slave, target, now_ns);
	fsm->state = ec_fsm_target_state_change;
}

/**
 * ec_fsm_target_start() - start what keeps the slave in its target state
 * @fsm: target FSM, ended
 * @now_ns: current time
 *
 * Return: true if a job started (run it with ec_fsm_target_exec()).
 */
bool ec_fsm_target_start(struct ec_fsm_target *fsm, u64 now_ns)
{
	u8 target = ec_slave_target_state(fsm->slave);

	if (ec_fsm_target_changed(fsm, target)) {
		fsm->backoff_ns = 0;
		fsm->retry_ns = 0;
		ec_fsm_target_go(fsm, target, true, now_ns);
		return true;
	}
	if (ec_fsm_target_check_due(fsm, now_ns)) {
		ec_fsm_target_start_al_check(fsm, now_ns);
		return true;
	}
	if (ec_fsm_target_reached(fsm, target) || now_ns < fsm->retry_ns)
		return false;
	ec_fsm_target_go(fsm, target, false, now_ns);
	return true;
}

/**
 * ec_fsm_target_wants_job() - whether ec_fsm_target_start() would start
 * @fsm: target FSM, ended
 * @now_ns: current time
 *
 * Return: true if a job is due now.
 */
bool ec_fsm_target_wants_job(const struct ec_fsm_target *fsm, u64 now_ns)
{
	u8 target = ec_slave_target_state(fsm->slave);

	return ec_fsm_target_changed(fsm, target) ||
	       ec_fsm_target_check_due(fsm, now_ns) ||
	       (!ec_fsm_target_reached(fsm, target) && now_ns >= fsm->retry_ns);
}

/**
 * ec_fsm_target_exec() - advance by one step
 * @fsm: target FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_target_exec(struct ec_fsm_target *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_target_state_end)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_target_state_end;
}

/**
 * ec_fsm_target_stale_config() - the job applies a configuration that is
 * no longer the slave's
 * @fsm: target FSM
 *
 * Return: true if the running configuration job must be dropped.
 */
bool ec_fsm_target_stale_config(const struct ec_fsm_target *fsm)
{
	return fsm->state == ec_fsm_target_state_config &&
	       fsm->config->sc && fsm->config->sc != fsm->slave->config;
}

/**
 * ec_fsm_target_drop_config() - end a job that applies a configuration
 * @fsm: target FSM
 *
 * The configuration goes away: the job ends at once and the next
 * ec_fsm_target_start() decides again.  The caller takes the datagram
 * off the master's queues.
 *
 * Return: true if a job was dropped.
 */
bool ec_fsm_target_drop_config(struct ec_fsm_target *fsm)
{
	if (fsm->state != ec_fsm_target_state_config || !fsm->config->sc)
		return false;
	ec_fsm_slave_config_abort(fsm->config);
	fsm->applied_config = NULL;
	fsm->applied_target = 0;
	fsm->state = ec_fsm_target_state_end;
	return true;
}

/**
 * ec_fsm_target_forget_config() - the slave's configuration is gone
 * @fsm: target FSM
 *
 * What was applied no longer counts (IgH's force_config after a
 * deactivation): a configuration attached later, even at the same
 * address, is applied anew before the slave counts as configured.
 */
void ec_fsm_target_forget_config(struct ec_fsm_target *fsm)
{
	fsm->applied_config = NULL;
}

/* Record the end of a job (back-off on failure). */
static void ec_fsm_target_done(struct ec_fsm_target *fsm, bool ok, int error,
			       u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	fsm->state = ec_fsm_target_state_end;
	if (ok) {
		slave->error_flag = false;
		fsm->backoff_ns = 0;
		fsm->retry_ns = 0;
		return;
	}
	slave->error_flag = true;
	fsm->config_failures++;
	fsm->backoff_ns = fsm->backoff_ns ? 2 * fsm->backoff_ns :
					    EC_SLAVE_RETRY_MIN_NS;
	if (fsm->backoff_ns > EC_SLAVE_RETRY_MAX_NS)
		fsm->backoff_ns = EC_SLAVE_RETRY_MAX_NS;
	fsm->retry_ns = now_ns + fsm->backoff_ns;
	EC_SLAVE_ERR(slave,
		     "bringing the slave to %s failed (%d), next attempt in %llu ns",
		     ec_al_state_string(fsm->applied_target), error,
		     (unsigned long long)fsm->backoff_ns);
}

/* The AL status came back: keep it; a dropped slave is seen at start. */
static void ec_fsm_target_state_al_check(struct ec_fsm_target *fsm,
					 u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_datagram *d = fsm->datagram;
	u8 status;

	(void)now_ns;
	if (ec_fsm_retry(slave->master, d, &fsm->retries))
		return;
	fsm->state = ec_fsm_target_state_end;
	if (d->state == EC_DATAGRAM_RECEIVED && !d->working_counter &&
	    slave->master && !slave->master->scan_busy &&
	    !ec_red_one_copy(slave->master, d)) {
		/*
		 * The frame came back but nobody has the station address:
		 * the slave is gone, or was powered off and on (it lost its
		 * address) faster than the slave count showed it.
		 */
		EC_SLAVE_WARN(slave, "no answer at station address %u: rescanning",
			      slave->station_address);
		ec_recorder_event(slave->master, EC_REC_SLAVE_GONE, d->frame_ns,
				  "slave %u: no answer at station address %u",
				  slave->ring_position, slave->station_address);
		ec_fsm_master_rescan_gone(&slave->master->fsm);
		return;
	}
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1)
		return;		/* lost: the next check looks again */
	status = d->data[0];
	if (((status & EC_AL_STATE_ERROR_FLAG) &&
	     !(slave->current_state & EC_AL_STATE_ERROR_FLAG)) ||
	    ((slave->current_state & EC_AL_STATE_MASK) == EC_AL_STATE_OP_ &&
	     (status & EC_AL_STATE_MASK) != EC_AL_STATE_OP_))
		ec_recorder_event(slave->master, EC_REC_AL_ERROR, d->frame_ns,
				  "slave %u: AL status %s%s (was %s), code 0x%04x",
				  slave->ring_position,
				  ec_al_state_string(status & EC_AL_STATE_MASK),
				  status & EC_AL_STATE_ERROR_FLAG ? " + ERROR" :
								    "",
				  ec_al_state_string(slave->current_state &
						     EC_AL_STATE_MASK),
				  ec_get_u16(d->data + EC_REG_AL_STATUS_CODE -
					     EC_REG_AL_STATUS));
	if (status != slave->current_state)
		EC_SLAVE_INFO(slave, "AL status %s%s (was %s)",
			      ec_al_state_string(status & EC_AL_STATE_MASK),
			      status & EC_AL_STATE_ERROR_FLAG ? " + ERROR" : "",
			      ec_al_state_string(slave->current_state &
						 EC_AL_STATE_MASK));
	slave->current_state = status;
	if (status & EC_AL_STATE_ERROR_FLAG) {
		slave->al_status_code = ec_get_u16(d->data +
			EC_REG_AL_STATUS_CODE - EC_REG_AL_STATUS);
		EC_SLAVE_WARN(slave, "AL status code 0x%04x %s",
			      slave->al_status_code,
			      ec_al_status_text(slave->al_status_code));
	}
}

static void ec_fsm_target_state_config(struct ec_fsm_target *fsm,
				       u64 now_ns)
{
	if (ec_fsm_slave_config_exec(fsm->config, now_ns))
		return;
	ec_fsm_target_done(fsm, ec_fsm_slave_config_success(fsm->config),
			   fsm->config->error, now_ns);
}

static void ec_fsm_target_state_change(struct ec_fsm_target *fsm,
				       u64 now_ns)
{
	if (ec_fsm_change_exec(fsm->change, now_ns))
		return;
	ec_fsm_target_done(fsm, ec_fsm_change_success(fsm->change),
			   fsm->change->error, now_ns);
}

static void ec_fsm_target_state_end(struct ec_fsm_target *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
