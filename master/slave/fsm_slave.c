// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave.c - the per-slave FSM: configuration after the scan, PDO
 * read, keeping the slave in its target state, dictionary read, the
 * choice of the next job, EoE frames out and the watch over the read
 * mailbox.  The requests of the CLI and applications are served in
 * fsm_slave_request.c.
 *
 * idle -> target (first configuration) -> idle -> pdo -> idle
 *      -> [target (fsm_target: AL check, configuration or change)] -> idle
 *      -> dict -> idle
 * idle -> [request (fsm_slave_request.c)] -> idle
 * idle -> [EoE pump: a fragment out and a fetch per cycle while frames
 *         flow (fsm_eoe.c)] -> idle
 * idle -> [mailbox check: read mailbox full -> fetch (emergency)] -> idle
 */
#include "slave/fsm_slave.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "slave/fsm_slave_scan.h"
#include "app/slave_config.h"

static void ec_fsm_slave_state_target(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_pdo(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_dict(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_eoe(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_poll(struct ec_fsm_slave *fsm, u64 now_ns);
static void ec_fsm_slave_state_poll_fetch(struct ec_fsm_slave *fsm,
					  u64 now_ns);

/**
 * ec_fsm_slave_init() - set up the FSM of a slave
 * @fsm: FSM memory
 * @slave: its slave
 *
 * Allocates the datagram for the largest request, once.
 *
 * Return: 0 or -ENOMEM.
 */
int ec_fsm_slave_init(struct ec_fsm_slave *fsm, struct ec_slave *slave)
{
	int ret;

	memset(fsm, 0, sizeof(*fsm));
	fsm->slave = slave;
	ec_datagram_init(&fsm->datagram);
	ret = ec_datagram_prealloc(&fsm->datagram, EC_FRAME_MAX_PAYLOAD -
				   EC_DATAGRAM_HEADER_SIZE -
				   EC_DATAGRAM_FOOTER_SIZE);
	if (ret)
		return ret;
	ec_fsm_change_init(&fsm->change, &fsm->datagram);
	ec_fsm_slave_config_init(&fsm->config, &fsm->datagram, &fsm->change,
				 &fsm->coe);
	ec_fsm_coe_init(&fsm->coe, &fsm->datagram);
	ec_fsm_foe_init(&fsm->foe, &fsm->datagram);
	ec_fsm_soe_init(&fsm->soe, &fsm->datagram);
	ec_fsm_voe_init(&fsm->voe, &fsm->datagram);
	ec_fsm_mbox_raw_init(&fsm->raw, &fsm->datagram);
	ec_fsm_eoe_init(&fsm->eoe, &fsm->datagram);
	ec_fsm_mbox_init(&fsm->poll, &fsm->datagram);
	fsm->config.soe = &fsm->soe;
	fsm->config.eoe = &fsm->eoe;
	ec_fsm_pdo_init(&fsm->pdo, &fsm->coe);
	ec_fsm_sii_write_init(&fsm->sii_write, &fsm->datagram);
	ec_fsm_target_init(&fsm->target, slave, &fsm->datagram, &fsm->change,
			   &fsm->config);
	fsm->state = ec_fsm_slave_state_idle;
	return 0;
}

/* The caller has taken the datagram off the master's queues. */
void ec_fsm_slave_clear(struct ec_fsm_slave *fsm)
{
	ec_fsm_pdo_clear(&fsm->pdo);
	ec_fsm_coe_clear(&fsm->coe);
	ec_fsm_eoe_clear(&fsm->eoe, NULL);
	ec_datagram_clear(&fsm->datagram);
}

/**
 * ec_fsm_slave_exec() - advance by one step
 * @fsm: slave FSM
 * @now_ns: current time
 *
 * Return: true while a job is in progress.
 */
bool ec_fsm_slave_exec(struct ec_fsm_slave *fsm, u64 now_ns)
{
	if (ec_fsm_datagram_pending(&fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_slave_state_idle;
}

/**
 * ec_fsm_slave_idle() - no job in progress
 * @fsm: slave FSM
 *
 * Return: true when the FSM waits for work.
 */
bool ec_fsm_slave_idle(const struct ec_fsm_slave *fsm)
{
	return fsm->state == ec_fsm_slave_state_idle;
}

/**
 * ec_slave_fsm_ready() - the slave's FSM finished its work after the scan
 * @slave: slave
 *
 * Return: true when configuration, PDO and dictionary reads are over and
 * no request is in progress.
 */
bool ec_slave_fsm_ready(const struct ec_slave *slave)
{
	const struct ec_fsm_slave *fsm = slave->fsm;

	return fsm && fsm->startup_done && ec_fsm_slave_idle(fsm);
}

static bool ec_fsm_slave_mailbox_up(const struct ec_slave *slave)
{
	u8 state = slave->current_state & EC_AL_STATE_MASK;

	return state == EC_AL_STATE_PREOP_ || state == EC_AL_STATE_SAFEOP_ ||
	       state == EC_AL_STATE_OP_;
}

/* An EoE slave whose handler is attached: its frames come unasked. */
static bool ec_fsm_slave_has_eoe(const struct ec_slave *slave)
{
	return slave->eoe && ec_slave_has_mailbox(slave);
}

/**
 * ec_fsm_slave_mbox_watched() - the read mailbox may be checked for
 * unsolicited messages now
 * @slave: slave
 *
 * Return: true for a CoE slave whose start-up is over, in PREOP, SAFEOP
 * or OP (not BOOT).
 */
bool ec_fsm_slave_mbox_watched(const struct ec_slave *slave)
{
	const struct ec_fsm_slave *fsm = slave->fsm;

	return fsm && fsm->startup_done &&
	       (ec_slave_has_coe(slave) || ec_fsm_slave_has_eoe(slave)) &&
	       ec_fsm_slave_mailbox_up(slave) &&
	       (slave->current_state & EC_AL_STATE_MASK) != EC_AL_STATE_BOOT_;
}

/*
 * In OP the monitor checks the read mailbox of a CoE slave; an EoE
 * slave's mailbox is its network interface's receive path, which keeps
 * its own poll (EC_EOE_POLL_NS, in the FSMs' byte budget).
 */
static bool ec_fsm_slave_op_monitored(const struct ec_slave *slave)
{
	return slave->master && slave->master->active &&
	       !ec_fsm_slave_has_eoe(slave);
}

/**
 * ec_slave_fsm_mbox_checkable() - the master's monitor may check the
 * slave's read mailbox now
 * @slave: slave
 *
 * Return: true when the mailbox is watched, no transfer (which reads it
 * itself) is in progress and no full mailbox waits to be fetched.
 */
bool ec_slave_fsm_mbox_checkable(const struct ec_slave *slave)
{
	const struct ec_fsm_slave *fsm = slave->fsm;

	return ec_fsm_slave_mbox_watched(slave) &&
	       ec_fsm_slave_op_monitored(slave) && ec_fsm_slave_idle(fsm) &&
	       !fsm->mbox_full;
}

/**
 * ec_slave_fsm_mbox_full() - the monitor saw the read mailbox full
 * @slave: slave with an FSM
 *
 * The FSM fetches the message when it is next idle.
 */
void ec_slave_fsm_mbox_full(struct ec_slave *slave)
{
	struct ec_fsm_slave *fsm = slave->fsm;

	fsm->mbox_full = true;
	ec_master_fsm_unquiet(slave->master);
}

/**
 * ec_slave_fsm_request_al_check() - read the AL status at the next chance
 * @slave: slave with an FSM
 */
void ec_slave_fsm_request_al_check(struct ec_slave *slave)
{
	struct ec_fsm_slave *fsm = slave->fsm;

	ec_fsm_target_request_check(&fsm->target);
	ec_master_fsm_unquiet(slave->master);
}

/*
 * Always listening: with nothing else to do, a CoE slave's read mailbox
 * status (1 byte) is checked every EC_MBOX_POLL_NS, the slaves spread
 * over the cycles by ring position; what it holds is fetched (an
 * emergency goes to the slave's ring and the log).  In the operation
 * phase the master's monitor (monitor.c) does the checks, one slave at a
 * time, and a full mailbox is fetched here.
 */
static bool ec_fsm_slave_poll_due(const struct ec_fsm_slave *fsm, u64 now_ns)
{
	const struct ec_slave *slave = fsm->slave;

	if (!ec_fsm_slave_mbox_watched(slave))
		return false;
	if (ec_fsm_slave_op_monitored(slave))
		return fsm->mbox_full;
	return fsm->mbox_full || now_ns >= fsm->next_poll_ns;
}

static void ec_fsm_slave_start_poll(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	if (ec_fsm_slave_op_monitored(slave)) {
		if (!ec_fsm_slave_poll_due(fsm, now_ns))
			return;
		fsm->mbox_full = false;
		ec_fsm_mbox_fetch(&fsm->poll, slave, 0, now_ns);
		fsm->state = ec_fsm_slave_state_poll_fetch;
		return;
	}
	if (!fsm->next_poll_ns)
		fsm->next_poll_ns = now_ns + (slave->ring_position %
					      EC_MBOX_POLL_SPREAD) *
					     (EC_MBOX_POLL_NS /
					      EC_MBOX_POLL_SPREAD);
	if (!ec_fsm_slave_poll_due(fsm, now_ns))
		return;
	fsm->mbox_full = false;
	fsm->next_poll_ns = ec_fsm_slave_has_eoe(slave) ?
			    now_ns + EC_EOE_POLL_NS :
			    ec_slave_idle_read_at(slave, EC_MBOX_POLL_NS, now_ns);
	ec_datagram_fprd(&fsm->datagram, slave->station_address,
			 EC_SM_REG(EC_SM_MBOX_READ) + EC_SM_STATUS, 1);
	ec_datagram_zero(&fsm->datagram);
	fsm->datagram.name = "mbox-poll";
	ec_fsm_queue(slave->master, &fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_state_poll;
}

static void ec_fsm_slave_state_poll(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_datagram *d = &fsm->datagram;

	if (ec_fsm_retry(fsm->slave->master, d, &fsm->retries))
		return;
	fsm->state = ec_fsm_slave_state_idle;
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1 ||
	    !(d->data[0] & EC_SM_STATUS_MBOX_FULL)) {
		/* A request queued meanwhile starts now: the check costs
		 * it no cycle.
		 */
		ec_fsm_slave_state_idle(fsm, now_ns);
		return;
	}
	ec_fsm_mbox_fetch(&fsm->poll, fsm->slave, 0, now_ns);
	fsm->state = ec_fsm_slave_state_poll_fetch;
}

static void ec_fsm_slave_state_poll_fetch(struct ec_fsm_slave *fsm,
					  u64 now_ns)
{
	struct ec_fsm_mbox *mbox = &fsm->poll;

	if (ec_fsm_mbox_exec(mbox, now_ns))
		return;
	fsm->state = ec_fsm_slave_state_idle;
	if (!ec_fsm_mbox_success(mbox))
		return;
	fsm->unsolicited++;
	if (mbox->type == EC_MBOX_TYPE_EOE)	/* the pump takes over */
		fsm->eoe.hot_until_ns = now_ns + EC_EOE_FETCH_NS;
	if (!ec_mbox_unsolicited(fsm->slave, mbox->type, mbox->payload,
				 mbox->size))
		EC_SLAVE_WARN(fsm->slave,
			      "dropped an unsolicited mailbox message of type 0x%x",
			      mbox->type);
	/* More may be waiting: look again at the next chance. */
	fsm->next_poll_ns = now_ns;
}

/**
 * ec_fsm_slave_checking() - the slave FSM's datagram is one of its
 * periodic checks: the mailbox poll or the AL status check
 * @fsm: slave FSM
 *
 * A single read each, due by time; what its reply shows starts a job at
 * the next turn, whenever that is (ec_master_idle_at_rest()).
 *
 * Return: true if so.
 */
bool ec_fsm_slave_checking(const struct ec_fsm_slave *fsm)
{
	return fsm->state == ec_fsm_slave_state_poll ||
	       (fsm->state == ec_fsm_slave_state_target &&
		ec_fsm_target_checking(&fsm->target));
}

/* Nothing in progress: pick the next job. */
void ec_fsm_slave_state_idle(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	if (!slave->scan_done) {
		ec_fsm_slave_start_repair_request(fsm, now_ns);
		return;
	}
	if (!fsm->config_done) {
		fsm->config_done = true;
		ec_fsm_target_start_first(&fsm->target, now_ns);
		fsm->state = ec_fsm_slave_state_target;
		return;
	}
	if (!fsm->pdos_done && ec_slave_has_coe(slave) &&
	    ec_fsm_slave_mailbox_up(slave)) {
		fsm->pdos_done = true;
		if (slave->sii.coe_details & (EC_COE_DETAILS_PDO_ASSIGN |
					      EC_COE_DETAILS_PDO_CONFIG)) {
			ec_fsm_pdo_start(&fsm->pdo, slave, now_ns);
			fsm->state = ec_fsm_slave_state_pdo;
			return;
		}
	}
	if (ec_fsm_target_start(&fsm->target, now_ns)) {
		fsm->state = ec_fsm_slave_state_target;
		return;
	}
	if (!fsm->dict_done && ec_slave_has_coe(slave) &&
	    ec_fsm_slave_mailbox_up(slave)) {
		if (!(slave->sii.coe_details & EC_COE_DETAILS_SDO_INFO) ||
		    (slave->master && slave->master->no_dictionary)) {
			fsm->dict_done = true;
		} else if (!ec_fsm_slave_request_queued(slave)) {
			if (fsm->dict_paused)
				ec_fsm_coe_dictionary_resume(&fsm->coe, now_ns);
			else
				ec_fsm_coe_dictionary(&fsm->coe, slave, now_ns);
			fsm->dict_paused = false;
			fsm->state = ec_fsm_slave_state_dict;
			return;
		}
		/* A request waits: it goes before (the rest of) the
		 * dictionary, which can take seconds on a real drive.
		 */
	}
	if (fsm->dict_done || !ec_slave_has_coe(slave) ||
	    !ec_fsm_slave_mailbox_up(slave))
		fsm->startup_done = true;
	if (ec_fsm_slave_start_request(fsm, now_ns))
		return;
	if (ec_fsm_slave_has_eoe(slave) && ec_fsm_slave_mailbox_up(slave) &&
	    ec_fsm_eoe_pump_start(&fsm->eoe, slave, now_ns)) {
		fsm->state = ec_fsm_slave_state_eoe;
	} else {
		ec_fsm_slave_start_poll(fsm, now_ns);
	}
}

/*
 * The EoE pump, until the frames stop or another job waits (a request,
 * an AL check): then it finishes the frame it is sending and gives way.
 */
static void ec_fsm_slave_state_eoe(struct ec_fsm_slave *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	fsm->eoe.yield = ec_fsm_slave_request_queued(slave) ||
			 ec_fsm_target_wants_job(&fsm->target, now_ns);
	if (ec_fsm_eoe_exec(&fsm->eoe, now_ns))
		return;
	fsm->state = ec_fsm_slave_state_idle;
	fsm->next_poll_ns = now_ns + EC_EOE_POLL_NS;
	if (fsm->eoe.yield)	/* the job waiting starts in this step */
		ec_fsm_slave_state_idle(fsm, now_ns);
}

static void ec_fsm_slave_state_target(struct ec_fsm_slave *fsm, u64 now_ns)
{
	if (ec_fsm_target_exec(&fsm->target, now_ns))
		return;
	fsm->state = ec_fsm_slave_state_idle;
	/* After a routine AL check, a waiting request starts in this step. */
	if (fsm->startup_done)
		ec_fsm_slave_state_idle(fsm, now_ns);
}

static void ec_fsm_slave_state_pdo(struct ec_fsm_slave *fsm, u64 now_ns)
{
	if (ec_fsm_pdo_exec(&fsm->pdo, now_ns))
		return;
	if (!ec_fsm_pdo_success(&fsm->pdo))
		EC_SLAVE_WARN(fsm->slave,
			      "reading the PDOs failed (%d), keeping the SII PDOs",
			      fsm->pdo.error);
	fsm->state = ec_fsm_slave_state_idle;
}

static void ec_fsm_slave_state_dict(struct ec_fsm_slave *fsm, u64 now_ns)
{
	/* Pause before the next object when a request waits. */
	fsm->coe.dict_pause = ec_fsm_slave_request_queued(fsm->slave);
	if (ec_fsm_coe_exec(&fsm->coe, now_ns))
		return;
	if (fsm->coe.dict_paused) {
		fsm->dict_paused = true;
		fsm->state = ec_fsm_slave_state_idle;
		ec_fsm_slave_state_idle(fsm, now_ns);
		return;
	}
	fsm->dict_done = true;
	if (!ec_fsm_coe_success(&fsm->coe))
		EC_SLAVE_WARN(fsm->slave,
			      "reading the dictionary failed (%d)",
			      fsm->coe.error);
	fsm->state = ec_fsm_slave_state_idle;
}

/* Stop whatever uses a configuration; the datagram is taken back. */
static void ec_fsm_slave_drop_config(struct ec_fsm_slave *fsm)
{
	struct ec_slave *slave = fsm->slave;
	bool dropped = false;

	if (fsm->state == ec_fsm_slave_state_target &&
	    ec_fsm_target_drop_config(&fsm->target))
		dropped = true;
	if (ec_fsm_slave_drop_app_request(fsm))
		dropped = true;
	if (!dropped)
		return;
	if (slave->master)
		ec_master_unqueue_datagram(slave->master, &fsm->datagram);
	fsm->state = ec_fsm_slave_state_idle;
}

/* slave->config changed under a job that uses the old one. */
static void ec_fsm_slave_check_config(struct ec_fsm_slave *fsm)
{
	const struct ec_slave_config *sc = fsm->slave->config;

	if ((fsm->state == ec_fsm_slave_state_target &&
	     ec_fsm_target_stale_config(&fsm->target)) ||
	    (fsm->request_sc && fsm->request_sc != sc))
		ec_fsm_slave_drop_config(fsm);
}

/*
 * Nothing to do but what falls due by time or comes as an event:
 * ec_fsm_slave_state_idle() would start nothing now but a periodic read,
 * ec_fsm_slave_check_config() drop nothing and ec_slave_collect_requests()
 * collect nothing (each condition below is one of theirs).  What leaves
 * it is an event (a request, the monitor's AL check or full mailbox, an
 * AL state or configuration change, an activation or deactivation: each
 * calls ec_master_fsm_unquiet()) or, outside the operation phase, the
 * slave's next AL status read or mailbox poll.
 */
static bool ec_fsm_slave_quiet(const struct ec_fsm_slave *fsm)
{
	const struct ec_slave *slave = fsm->slave;

	if (fsm->state != ec_fsm_slave_state_idle || !fsm->startup_done ||
	    !fsm->config_done || fsm->mbox_full || fsm->request_sc ||
	    slave->eoe || !slave->scan_done ||
	    ec_fsm_datagram_pending(&fsm->datagram))
		return false;
	if ((!fsm->pdos_done || !fsm->dict_done) && ec_slave_has_coe(slave))
		return false;
	return ec_fsm_target_kept(&fsm->target) &&
	       !ec_fsm_slave_request_queued(slave);
}

/*
 * The steady state of the operation phase: quiet, and no job waits on a
 * time there, so a turn only publishes the slave's state.
 */
static bool ec_fsm_slave_settled(const struct ec_fsm_slave *fsm)
{
	const struct ec_slave *slave = fsm->slave;

	return slave->master && slave->master->active &&
	       ec_fsm_slave_quiet(fsm);
}

/*
 * Until when a quiet FSM of the idle phase may rest: its next AL status
 * read, and its next mailbox poll if it polls.  0: no rest (the master
 * is active, or an application configures the slave: its requests and
 * published state come without an event, ec_app_request_start()).
 */
static u64 ec_fsm_slave_rest_until(const struct ec_fsm_slave *fsm)
{
	const struct ec_slave *slave = fsm->slave;
	u64 until = fsm->target.next_check_ns;

	if (!slave->master || slave->master->active || slave->config ||
	    !ec_fsm_slave_quiet(fsm))
		return 0;
	if (ec_fsm_slave_mbox_watched(slave) && fsm->next_poll_ns < until)
		until = fsm->next_poll_ns;
	return until;
}

/**
 * ec_slave_fsm_run() - run a slave's FSM for one cycle
 * @slave: slave
 * @now_ns: current time
 *
 * The FSM is created at the first call after the slave's scan.
 *
 * Return: true if the FSM was settled (ec_fsm_slave_settled()): it did
 * nothing but publish the slave's state.
 */
bool ec_slave_fsm_run(struct ec_slave *slave, u64 now_ns)
{
	struct ec_fsm_slave *fsm = slave->fsm;

	if (!slave->scan_done) {
		/* The scan owns the slave while it runs; after it, a slave
		 * it gave up on serves only register and SII requests.
		 */
		if (!slave->master || slave->master->scan_busy)
			return false;
		ec_slave_fail_unscanned_requests(slave);
		if (!fsm && !ec_slave_repair_queued(slave))
			return false;
	}
	if (!fsm) {
		fsm = ec_zalloc(sizeof(*fsm));
		if (!fsm)
			return false;
		if (ec_fsm_slave_init(fsm, slave)) {
			ec_datagram_clear(&fsm->datagram);
			ec_free(fsm);
			return false;
		}
		slave->fsm = fsm;
	}
	if (ec_fsm_slave_settled(fsm)) {
		ec_slave_config_publish_as(slave->config, true);
		return true;
	}
	ec_fsm_slave_check_config(fsm);
	/* The application's started requests join the queue in the order
	 * the FSM side sees them, between the CLI's.
	 */
	ec_slave_collect_requests(slave);
	ec_fsm_slave_exec(fsm, now_ns);
	ec_slave_config_publish(slave->config);
	return false;
}

/**
 * ec_slave_fsm_idle_run() - run a slave's FSM for one turn of the idle
 * phase
 * @slave: slave of @master
 * @master: master, not active
 * @now_ns: current time
 *
 * As ec_slave_fsm_run(), except that an FSM found quiet at an earlier
 * turn rests until its next periodic read is due, unless an event came
 * since (ec_master_fsm_unquiet()): the idle master's turn then costs
 * a test per resting slave, as IgH's, whose idle slave FSMs only look
 * for requests.
 */
void ec_slave_fsm_idle_run(struct ec_slave *slave, struct ec_master *master,
			   u64 now_ns)
{
	struct ec_fsm_slave *fsm = slave->fsm;
	unsigned int epoch = master->fsm_quiet_epoch;

	if (fsm && fsm->rest_epoch == epoch && now_ns < fsm->rest_until_ns)
		return;
	ec_slave_fsm_run(slave, now_ns);
	fsm = slave->fsm;
	if (!fsm)
		return;
	fsm->rest_until_ns = ec_fsm_slave_rest_until(fsm);
	fsm->rest_epoch = epoch;
}

/**
 * ec_slave_fsm_wants_datagram() - whether the slave FSM may queue a
 * datagram when it runs now
 * @slave: slave
 * @now_ns: current time
 *
 * For the byte budget of the operation phase: false while the FSM waits
 * for its datagram or has nothing to do.  A true answer can still end
 * without a datagram (a mailbox poll that is not due yet).
 *
 * Return: true if ec_slave_fsm_run() may queue the FSM's datagram.
 */
bool ec_slave_fsm_wants_datagram(const struct ec_slave *slave, u64 now_ns)
{
	const struct ec_fsm_slave *fsm = slave->fsm;
	bool repair = ec_slave_repair_queued(slave);

	if (!fsm)
		return slave->scan_done || repair;
	if (ec_fsm_datagram_pending(&fsm->datagram))
		return false;
	if (!slave->scan_done)
		return !ec_fsm_slave_idle(fsm) || repair;
	if (!ec_fsm_slave_idle(fsm) || !fsm->startup_done ||
	    ec_fsm_target_wants_job(&fsm->target, now_ns))
		return true;
	if (ec_fsm_slave_request_queued(slave))
		return true;
	if (ec_fsm_slave_has_eoe(slave) && ec_fsm_slave_mailbox_up(slave) &&
	    ec_fsm_eoe_pump_wanted(&fsm->eoe, slave, now_ns))
		return true;
	return ec_fsm_slave_poll_due(fsm, now_ns);
}

/**
 * ec_slave_fsm_detach_config() - forget the configuration of a slave
 * @slave: slave whose slave->config is about to change or be freed
 *
 * Ends a configuration job that applies it and drops the application
 * request being served (its requester is going away: it is not touched).
 * The slave FSM notices a changed slave->config by itself too, but only
 * when it runs next: call this before freeing the configuration.
 */
void ec_slave_fsm_detach_config(struct ec_slave *slave)
{
	struct ec_fsm_slave *fsm = slave->fsm;

	if (!fsm)
		return;
	ec_fsm_slave_drop_config(fsm);
	ec_fsm_target_forget_config(&fsm->target);
}

/**
 * ec_slave_fsm_free() - release the slave FSM and what it built
 * @slave: slave being cleared (ec_slave_clear() calls this first)
 *
 * Fails all requests, takes the FSM's datagram off the master's queues,
 * frees the FSM, the CoE PDO copy and the dictionary.
 */
void ec_slave_fsm_free(struct ec_slave *slave)
{
	struct ec_fsm_slave *fsm = slave->fsm;

	ec_slave_cancel_requests(slave);
	if (slave->eoe)
		ec_eoe_detach(slave->eoe);
	if (fsm) {
		ec_fsm_eoe_clear(&fsm->eoe, slave->master);
		ec_fsm_slave_clear(fsm);
		ec_free(fsm);
		slave->fsm = NULL;
	}
	if (slave->syncs == slave->coe_syncs) {
		slave->syncs = slave->sii.syncs;
		slave->sync_count = slave->sii.sync_count;
	}
	ec_slave_free_syncs(slave->coe_syncs, slave->coe_sync_count);
	slave->coe_syncs = NULL;
	slave->coe_sync_count = 0;
	ec_slave_free_sdos(slave->sdos, slave->sdo_count);
	slave->sdos = NULL;
	slave->sdo_count = 0;
}

/**
 * ec_slave_clear() - release everything a slave holds
 * @slave: slave; its datagrams are taken off the master's queues first
 *
 * The slave FSM goes first (ec_slave_fsm_free(): requests still queued
 * or in progress fail with -ENODEV, the CoE PDOs and the dictionary are
 * freed), then the scan FSM and the SII.
 */
void ec_slave_clear(struct ec_slave *slave)
{
	ec_slave_fsm_free(slave);
	if (slave->scan_fsm) {
		ec_fsm_slave_scan_free(slave->scan_fsm);
		slave->scan_fsm = NULL;
	}
	slave->syncs = NULL;	/* pointed into sii */
	slave->sync_count = 0;
	ec_sii_clear(&slave->sii);
	ec_free(slave->sii_image);
	slave->sii_image = NULL;
	slave->sii_nwords = 0;
	slave->scan_done = false;
}
