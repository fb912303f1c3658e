// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_master.c - the master state machine of the idle phase.
 *
 * Each cycle it reads the AL status register of all slaves with one
 * broadcast read: the working counter is the number of slaves that
 * answered, the data the OR of their states (ETG.1000.4 clause 5.4.1.3).
 * When that number changes, when the link comes up and when a rescan is
 * asked for, it drops the slaves it knows, clears all station addresses
 * and scans the segment: every slave gets its own scan FSM and datagram
 * and all run in parallel, while the broadcast goes on, so that a change
 * of the slave count during the scan restarts it.
 *
 * With hot-connect groups a change at the end of the ring is taken alone
 * instead: only the new slaves are scanned, only the gone ones dropped
 * (fsm_master_hc.c).
 *
 * In the operation phase the broadcast goes out only every few cycles,
 * between slave checks of the monitor (monitor.c), so that what the
 * master adds to the application's frames does not grow with the segment.
 */
#include "slave/fsm_master.h"
#include "slave/fsm_slave_scan.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "slave/topology.h"
#include "dc/fsm_dc.h"
#include "cycle/monitor.h"
#include "cycle/redundancy.h"
#include "dc/dc.h"
#include "cycle/capture.h"
#include "app/hc_group.h"

static void ec_fsm_master_state_broadcast(struct ec_fsm_master *fsm,
					  u64 now_ns);
static void ec_fsm_master_state_clear_addresses(struct ec_fsm_master *fsm,
						u64 now_ns);
static void ec_fsm_master_state_dc_latch(struct ec_fsm_master *fsm,
					 u64 now_ns);
static void ec_fsm_master_state_check(struct ec_fsm_master *fsm, u64 now_ns);

/**
 * ec_fsm_master_init() - set up the master FSM
 * @fsm: master FSM
 * @master: its master
 * @datagram: the master's own datagram, preallocated
 */
void ec_fsm_master_init(struct ec_fsm_master *fsm, struct ec_master *master,
			struct ec_datagram *datagram)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->master = master;
	fsm->datagram = datagram;
	datagram->name = "master-fsm";
	ec_fsm_master_reset(fsm);
}

/**
 * ec_fsm_master_clear_slaves() - forget the scanned segment
 * @master: master
 *
 * Unqueues the slaves' datagrams, fails their pending requests and frees
 * the slave array.
 */
void ec_fsm_master_clear_slaves(struct ec_master *master)
{
	unsigned int i;

	ec_master_detach_slave_configs(master);
	ec_fsm_dc_free(master);		/* it holds ring positions */
	ec_port_io_lock(master);
	master->dc.offsets_written = false;
	master->dc.aligned = false;
	ec_port_io_unlock(master);
	for (i = 0; i < master->slave_count; i++)
		ec_slave_clear(master->slaves[i]);
	ec_free(master->slaves);
	ec_free(master->slave_pool);
	master->slaves = NULL;
	master->slave_pool = NULL;
	master->slave_count = 0;
	master->slave_capacity = 0;
	master->scan_busy = false;
	master->fsm.slaves_scanning = false;
	master->fsm.hc_partial = false;
	master->fsm.hc_busy = false;
}

/**
 * ec_fsm_master_reset() - start over, as after a link loss
 * @fsm: master FSM
 *
 * A scan in progress is dropped; the next answered broadcast counts as
 * the first link-up and scans again.
 */
void ec_fsm_master_reset(struct ec_fsm_master *fsm)
{
	/* a hot-connect change in progress too: it scans again anyway */
	if (fsm->master->scan_busy || fsm->hc_busy)
		ec_fsm_master_clear_slaves(fsm->master);
	fsm->state = ec_fsm_master_state_start;
	fsm->link_was_up = false;
	fsm->misses = 0;
	ec_monitor_reset(&fsm->monitor);
}

/**
 * ec_fsm_master_rescan() - scan the segment again at the next cycle
 * @fsm: master FSM
 *
 * The rescan ioctl calls this; a scan in progress starts over.
 */
void ec_fsm_master_rescan(struct ec_fsm_master *fsm)
{
	fsm->rescan_requested = true;
	fsm->rescan_gone = false;
}

/**
 * ec_fsm_master_rescan_gone() - a slave no longer answers at its station
 * address: scan again at the next broadcast
 * @fsm: master FSM
 *
 * As ec_fsm_master_rescan(), except that when that broadcast also counts
 * another number of slaves, the change may be taken the hot-connect way
 * (fsm_master_hc.c): the slave was pulled out with its group.
 */
void ec_fsm_master_rescan_gone(struct ec_fsm_master *fsm)
{
	if (!fsm->rescan_requested)
		fsm->rescan_gone = true;
	fsm->rescan_requested = true;
}

/* Step every slave's scan FSM; finish the scan when none is busy (a
 * partial scan of new slaves: fsm_master_hc.c finishes it).
 */
void ec_fsm_master_scan_slaves(struct ec_fsm_master *fsm, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int i, busy = 0, failed = 0;
	u64 ms;

	for (i = 0; i < master->slave_count; i++) {
		struct ec_slave *slave = master->slaves[i];

		if (slave->scan_fsm &&
		    ec_fsm_slave_scan_exec(slave->scan_fsm, now_ns))
			busy++;
	}
	if (busy)
		return;

	fsm->slaves_scanning = false;
	for (i = 0; i < master->slave_count; i++) {
		struct ec_slave *slave = master->slaves[i];

		if (!slave->scan_fsm)
			continue;	/* a known one (partial scan) */
		slave->scan_done = ec_fsm_slave_scan_success(slave->scan_fsm);
		if (!slave->scan_done) {
			slave->error_flag = true;
			failed++;
		}
		ec_fsm_slave_scan_free(slave->scan_fsm);
		slave->scan_fsm = NULL;
	}
	if (fsm->hc_partial) {
		ec_fsm_master_hc_scan_done(fsm, now_ns, failed);
		return;
	}
	if (!ec_fsm_master_topology(master))
		EC_MASTER_WARN(master,
			       "port states do not describe a tree of %u slaves",
			       master->slave_count);
	master->scan_busy = false;
	master->scan_done_ns = now_ns;
	fsm->scans_completed++;
	fsm->preop_logged = false;
	ec_master_find_duplicate_aliases(master);
	ec_master_attach_slave_configs(master);
	ec_dc_scan_done(master);
	ms = (now_ns - master->scan_start_ns) / EC_NSEC_PER_MSEC;
	if (failed)
		EC_MASTER_WARN(master,
			       "%u slave(s) scanned in %llu ms, %u incomplete",
			       master->slave_count, (unsigned long long)ms,
			       failed);
	else
		EC_MASTER_INFO(master, "%u slave(s) scanned in %llu ms",
			       master->slave_count, (unsigned long long)ms);
}

/**
 * ec_fsm_master_exec() - advance the master FSM by one step
 * @fsm: master FSM
 * @now_ns: current time
 *
 * Steps the slaves' scan FSMs (each with its own datagram) and, when its
 * own datagram is back, the master's state.
 *
 * Return: true while a datagram of the FSM is on its way.
 */
/*
 * After a scan, once: the time until every slave is in PREOP or above
 * (the figure make bench reports beside the scan time).
 */
static void ec_fsm_master_log_preop(struct ec_fsm_master *fsm, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int i;

	if (fsm->preop_logged || master->scan_busy || !master->slave_count)
		return;
	for (i = 0; i < master->slave_count; i++) {
		u8 state = master->slaves[i]->current_state;

		if ((state & EC_AL_STATE_ERROR_FLAG) ||
		    ((state & EC_AL_STATE_MASK) != EC_AL_STATE_PREOP_ &&
		     (state & EC_AL_STATE_MASK) != EC_AL_STATE_SAFEOP_ &&
		     (state & EC_AL_STATE_MASK) != EC_AL_STATE_OP_))
			return;
	}
	fsm->preop_logged = true;
	EC_MASTER_INFO(master, "%u slave(s) in PREOP %llu ms after the scan started",
		       master->slave_count,
		       (unsigned long long)((now_ns - master->scan_start_ns) /
					    EC_NSEC_PER_MSEC));
}

bool ec_fsm_master_exec(struct ec_fsm_master *fsm, u64 now_ns)
{
	if (fsm->slaves_scanning)
		ec_fsm_master_scan_slaves(fsm, now_ns);
	else
		ec_fsm_master_log_preop(fsm, now_ns);
	ec_dc_exec(fsm->master, now_ns);
	if (ec_datagram_pending(fsm->datagram))
		return true;	/* answer not yet there */
	fsm->state(fsm, now_ns);
	return fsm->datagram->state == EC_DATAGRAM_QUEUED;
}

void ec_fsm_master_state_start(struct ec_fsm_master *fsm, u64 now_ns)
{
	/* a slave of a hot-connect group no longer answers: count now */
	bool gone = fsm->rescan_gone && fsm->master->hc_group_count;

	if (fsm->master->active && !gone) {
		switch (ec_monitor_next(&fsm->monitor, fsm->master,
					fsm->datagram, now_ns)) {
		case EC_MONITOR_NONE:
			fsm->state = ec_fsm_master_state_start;
			return;
		case EC_MONITOR_CHECK:
			fsm->state = ec_fsm_master_state_check;
			return;
		case EC_MONITOR_BROADCAST:
			break;
		}
	}
	if (ec_datagram_brd(fsm->datagram, EC_REG_AL_STATUS, 2))
		return;
	ec_datagram_zero(fsm->datagram);
	if (fsm->master->active)	/* the monitor's (a batch's: later) */
		ec_master_queue_datagram_at(fsm->master, fsm->datagram,
					    fsm->monitor.brd_at_ns ?
					    fsm->monitor.brd_at_ns : now_ns,
					    true);
	else
		ec_master_queue_datagram(fsm->master, fsm->datagram);
	fsm->state = ec_fsm_master_state_broadcast;
}

/* A slave check of the monitor came back. */
static void ec_fsm_master_state_check(struct ec_fsm_master *fsm, u64 now_ns)
{
	ec_monitor_check_done(&fsm->monitor, fsm->master, fsm->datagram);
	fsm->state = ec_fsm_master_state_start;
	ec_fsm_master_state_start(fsm, now_ns);
}

/**
 * ec_fsm_master_topology() - the slaves' ports from their DL status
 * @master: master, its slaves scanned
 *
 * A redundant ring's last slave has its port 1 open to the backup device
 * (and a break closes two ports): no tree, as expected there.
 *
 * Return: false when the port states do not describe a tree of the
 * slaves (what was found is kept).
 */
bool ec_fsm_master_topology(struct ec_master *master)
{
	return !ec_topology_calc(master->slaves, master->slave_count) ||
	       master->red;
}

/* Drop the old slaves and clear all station addresses: the scan's
 * first step, so that no stale address answers a scan read.
 */
void ec_fsm_master_start_scan(struct ec_fsm_master *fsm, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	struct ec_datagram *d = fsm->datagram;

	if (master->scan_busy) {
		fsm->scans_restarted++;
		EC_MASTER_INFO(master,
			       "segment changed during the scan: restarting it");
	}
	ec_fsm_master_clear_slaves(master);
	master->scan_busy = true;	/* from here on, for the CLI */
	master->scan_start_ns = now_ns;
	fsm->scans_started++;
	if (ec_datagram_bwr(d, EC_REG_STATION_ADDR, 2)) {
		master->scan_busy = false;	/* again at the next broadcast */
		ec_fsm_master_state_start(fsm, now_ns);
		return;
	}
	ec_datagram_zero(d);
	ec_master_queue_datagram(master, d);
	fsm->state = ec_fsm_master_state_clear_addresses;
}

/* Frames received on any device so far (the cyclic side counts them). */
static u64 ec_fsm_master_rx_frames(struct ec_master *master)
{
	u64 n;

	ec_port_io_lock(master);
	n = master->stats.rx_count;
	ec_port_io_unlock(master);
	return n;
}

static void ec_fsm_master_state_broadcast(struct ec_fsm_master *fsm,
					  u64 now_ns)
{
	struct ec_master *master = fsm->master;
	struct ec_datagram *d = fsm->datagram;
	bool link_up = master->devices[EC_DEVICE_MAIN].link_up;
	unsigned int responding = master->slaves_responding;
	bool first_link_up = false;
	u64 rx = ec_fsm_master_rx_frames(master);
	/* Frames came back since the last broadcast: the segment is there,
	 * a lost broadcast keeps the last known state.
	 */
	bool silent = rx == fsm->rx_seen;
	/* A redundant ring's broadcast with a copy missing while the ring
	 * state settles counts one side only: the slaves are still there.
	 */
	bool one_side = d->state == EC_DATAGRAM_RECEIVED &&
			ec_red_brd_unsettled(master, d);

	fsm->rx_seen = rx;
	/* a batch's checks went before it (slave indices still valid) */
	ec_monitor_batch_done(&fsm->monitor, master);
	if (one_side && link_up) {
		fsm->misses = 0;
		fsm->last_answer_ns = now_ns;
	} else if (d->state == EC_DATAGRAM_RECEIVED && link_up) {
		fsm->misses = 0;
		fsm->last_answer_ns = now_ns;
		first_link_up = !fsm->link_was_up;
		fsm->link_was_up = true;
		responding = d->working_counter;
		master->al_states = ec_get_u16(d->data);
	} else if (link_up && !silent) {
		fsm->misses = 0;
	} else if (!link_up || (++fsm->misses >= EC_FSM_MASTER_MISSES &&
				now_ns - fsm->last_answer_ns >=
					EC_FSM_MASTER_LOSS_NS)) {
		/* Lost or not sent: the link is down or the ring broken. */
		/* what the loss rule saw: for a silence nobody explained yet */
		if (fsm->link_was_up)
			EC_MASTER_WARN_RL(master,
					  "no answer to the broadcast (%s, link %s): %u missed in a row with no frame back, last answer %llu ms ago",
					  ec_datagram_state_string(d->state),
					  link_up ? "up" : "down", fsm->misses,
					  (unsigned long long)((now_ns -
						fsm->last_answer_ns) /
						EC_NSEC_PER_MSEC));
		fsm->link_was_up = false;
		responding = 0;
	}
	if (responding < master->slaves_responding)
		ec_recorder_event(master, d->state == EC_DATAGRAM_RECEIVED ?
				  EC_REC_SLAVE_GONE :
				  EC_REC_SLAVE_GONE | EC_REC_FRAME_SENT,
				  d->state == EC_DATAGRAM_RECEIVED ?
				  d->frame_ns : d->sent_ns,
				  "%u slave(s) responding, were %u", responding,
				  master->slaves_responding);
	if (responding != master->slaves_responding) {
		EC_MASTER_INFO(master, "%u slave(s) responding", responding);
		master->slaves_responding = responding;
	}
	if (master->active && d->state == EC_DATAGRAM_RECEIVED && link_up &&
	    !one_side &&
	    responding == master->slave_count && !master->scan_busy)
		ec_monitor_broadcast_done(&fsm->monitor, master,
					  master->al_states, now_ns);

	if (first_link_up || fsm->rescan_requested ||
	    responding != master->slave_count) {
		bool asked = first_link_up ||
			     (fsm->rescan_requested &&
			      (!fsm->rescan_gone ||
			       responding == master->slave_count));

		fsm->rescan_requested = false;
		fsm->rescan_gone = false;
		/* with hot-connect groups: only what came or went */
		if (responding && !asked &&
		    ec_fsm_master_hc_start(fsm, responding, now_ns))
			return;
		if (responding) {
			ec_fsm_master_start_scan(fsm, now_ns);
			return;
		}
		if (master->slave_count || master->scan_busy) {
			EC_MASTER_INFO(master, "no slaves: segment cleared");
			ec_fsm_master_clear_slaves(master);
		}
	}
	ec_fsm_master_state_start(fsm, now_ns);
}

/*
 * Station addresses cleared: every slave latches the receive times of one
 * frame on all its ports (a write to 0x0900), which its scan reads for
 * the propagation delays (dc.c).
 */
static void ec_fsm_master_state_clear_addresses(struct ec_fsm_master *fsm,
						u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int count = master->slaves_responding;

	if (fsm->datagram->state != EC_DATAGRAM_RECEIVED) {
		/* Try again at the next broadcast. */
		fsm->rescan_requested = true;
		master->scan_busy = false;
		ec_fsm_master_state_start(fsm, now_ns);
		return;
	}
	if (fsm->datagram->working_counter != count)
		EC_MASTER_DBG(master, 1,
			      "clearing station addresses: working counter %u, %u slaves",
			      fsm->datagram->working_counter, count);
	if (ec_datagram_bwr(fsm->datagram, EC_REG_DC_RECV_TIME, 4)) {
		ec_fsm_master_state_start(fsm, now_ns);
		master->scan_busy = false;
		return;
	}
	ec_datagram_zero(fsm->datagram);
	ec_master_queue_datagram(master, fsm->datagram);
	fsm->state = ec_fsm_master_state_dc_latch;
}

/* Receive times latched (answered or not: a slave without DC ignores the
 * write): set up one scan FSM per slave.
 */
static void ec_fsm_master_state_dc_latch(struct ec_fsm_master *fsm,
					 u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int i, count = master->slaves_responding;
	/* room for the groups' slaves to come (hot connect, fsm_master_hc.c) */
	unsigned int cap = count + ec_hc_spare_slaves(master);

	master->slave_pool = ec_zalloc(cap * sizeof(*master->slave_pool));
	master->slaves = ec_zalloc(cap * sizeof(*master->slaves));
	if (!master->slaves || !master->slave_pool) {
		ec_free(master->slaves);
		ec_free(master->slave_pool);
		master->slaves = NULL;
		master->slave_pool = NULL;
		goto out_nomem;
	}
	master->slave_count = count;
	master->slave_capacity = cap;
	for (i = 0; i < count; i++) {
		master->slaves[i] = &master->slave_pool[i];
		ec_slave_init(master->slaves[i], master, i);
	}
	for (i = 0; i < count; i++) {
		struct ec_slave *slave = master->slaves[i];

		slave->scan_fsm = ec_fsm_slave_scan_new(slave);
		if (!slave->scan_fsm)
			goto out_clear_slaves;
		ec_fsm_slave_scan_start(slave->scan_fsm);
	}
	EC_MASTER_INFO(master, "scanning %u slave(s)", count);
	fsm->slaves_scanning = true;
	/* First datagrams of the slaves go out in this cycle. */
	ec_fsm_master_scan_slaves(fsm, now_ns);
	ec_fsm_master_state_start(fsm, now_ns);
	return;

out_clear_slaves:
	ec_fsm_master_clear_slaves(master);
out_nomem:
	ec_log_ratelimited(EC_LOG_ERR, "%u: no memory to scan %u slave(s)",
			   master->index, count);
	master->scan_busy = false;
	ec_fsm_master_state_start(fsm, now_ns);
}
