// SPDX-License-Identifier: GPL-2.0-only
/*
 * master_app.c - the application phase of a master (IgH's ecrt_master_*
 * semantics): domains and slave configurations, activation, the cyclic
 * receive/send, and the state figures.
 *
 * In OPERATION the glue runs no idle cycle: its thread runs the master FSM
 * and the slave FSMs with ec_master_op_fsm() (FSM side), within
 * master->fsm_bytes_per_cycle, and their datagrams wait in the queue for
 * the application's ec_master_app_send() (cyclic side).
 */
#include "cycle/master.h"
#include "cycle/redundancy.h"
#include "cycle/domain.h"
#include "slave/fsm_slave.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "app/hc_group.h"
#include "dc/dc.h"
#include "slave/fsm_master.h"
#include "slave/link_health.h"
#include "cycle/monitor.h"

/**
 * ec_master_create_domain() - ecrt_master_create_domain()
 * @master: master, not active
 *
 * Return: the new domain, or NULL (active, no memory).
 */
struct ec_domain *ec_master_create_domain(struct ec_master *master)
{
	struct ec_domain *domain;

	if (master->active) {
		EC_MASTER_ERR(master, "cannot create a domain when active");
		return NULL;
	}
	domain = ec_domain_create(master);
	if (!domain)
		return NULL;
	domain->index = master->domain_count++;
	ec_list_add_tail(&domain->node, &master->domains);
	return domain;
}

/**
 * ec_master_slave_config() - ecrt_master_slave_config()
 * @master: master
 * @alias: station alias, 0 for none
 * @position: ring position (relative to the slave with @alias)
 * @vendor_id: expected vendor
 * @product_code: expected product
 *
 * Return: the existing config for @alias/@position when the identity is
 * the same, a new config (attached if its slave is there), or NULL when
 * the identity differs from the existing one's or memory is short.
 */
struct ec_slave_config *ec_master_slave_config(struct ec_master *master,
					       u16 alias, u16 position,
					       u32 vendor_id,
					       u32 product_code)
{
	struct ec_slave_config *sc;
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &master->configs) {
		sc = ec_list_entry(pos, struct ec_slave_config, node);
		if (sc->alias != alias || sc->position != position)
			continue;
		if (sc->vendor_id == vendor_id &&
		    sc->product_code == product_code)
			return sc;
		EC_MASTER_ERR(master,
			      "config %u:%u exists for 0x%08x:0x%08x, not 0x%08x:0x%08x",
			      alias, position, sc->vendor_id, sc->product_code,
			      vendor_id, product_code);
		return NULL;
	}
	if (master->active) {
		EC_MASTER_ERR(master, "cannot add config %u:%u when active",
			      alias, position);
		return NULL;
	}
	sc = ec_slave_config_create(master, alias, position, vendor_id,
				    product_code);
	if (!sc)
		return NULL;
	ec_list_add_tail(&sc->node, &master->configs);
	master->config_count++;
	ec_slave_config_attach(sc);
	return sc;
}

static size_t ec_pd_round(size_t size)
{
	return (size + EC_PD_ALIGN - 1) / EC_PD_ALIGN * EC_PD_ALIGN;
}

static void ec_master_clear_domain_datagrams(struct ec_master *master)
{
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &master->domains)
		ec_domain_clear_datagrams(ec_list_entry(pos, struct ec_domain,
							node));
}

/**
 * ec_master_activate() - ecrt_master_activate(): lay out and go cyclic
 * @master: master
 * @now_ns: current time
 *
 * Domains get logical addresses one after another from 0 and each a
 * page-aligned part of one process data block (master->pd_mem, mappable;
 * a domain with external memory keeps its own), then their datagrams.
 * The configs are attached; the slave FSMs take the configured slaves to
 * OP from the next ec_master_app_send() on.
 *
 * Return: 0 or -errno (-EINVAL: a sync manager too large for a frame,
 * -ENOMEM).  Activating an active master does nothing.
 */
int ec_master_activate(struct ec_master *master, u64 now_ns)
{
	struct ec_list *pos, *tmp;
	size_t pd_size = 0, offset = 0;
	u32 logical = 0;
	int ret;

	(void)now_ns;
	if (master->active) {
		EC_MASTER_WARN(master, "master already active");
		return 0;
	}
	ec_master_fsm_unquiet(master);
	ec_list_for_each_safe(pos, tmp, &master->domains) {
		struct ec_domain *d = ec_list_entry(pos, struct ec_domain,
						    node);

		if (!d->external_memory)
			pd_size += ec_pd_round(d->data_size);
	}
	if (pd_size) {
		master->pd_mem = ec_pd_alloc(pd_size);
		if (!master->pd_mem)
			return -ENOMEM;
		master->pd_size = pd_size;
	}
	ec_list_for_each_safe(pos, tmp, &master->domains) {
		struct ec_domain *d = ec_list_entry(pos, struct ec_domain,
						    node);
		u8 *mem = d->data;

		if (!d->external_memory) {
			mem = d->data_size ? master->pd_mem + offset : NULL;
			offset += ec_pd_round(d->data_size);
		}
		ret = ec_domain_finish(d, logical, mem);
		if (ret)
			goto out_free_pd;
		logical += (u32)d->data_size;
	}
	ec_master_attach_slave_configs(master);
	/* Hot connect: the scan before the groups existed left no room for
	 * their slaves to be appended (fsm_master_hc.c): scan once more.
	 */
	if (master->hc_group_count && master->slave_count &&
	    master->slave_capacity < master->slave_count +
	    ec_hc_spare_slaves(master)) {
		EC_MASTER_INFO(master,
			       "hot connect: rescanning for room for the groups' slaves");
		ec_fsm_master_rescan(&master->fsm);
	}
	ec_master_set_send_interval(master, master->send_interval_ns);
	master->fsm_next_slave = 0;
	ec_port_io_lock(master);	/* the cyclic side may start now */
	if (master->phase == EC_PHASE_IDLE)
		master->phase = EC_PHASE_OPERATION;
	master->active = true;
	ec_port_io_unlock(master);
	EC_MASTER_INFO(master,
		       "active: %u domain(s), %zu bytes of process data, %u config(s)",
		       master->domain_count, master->pd_size,
		       master->config_count);
	return 0;

out_free_pd:
	ec_master_clear_domain_datagrams(master);
	ec_list_for_each_safe(pos, tmp, &master->domains) {
		struct ec_domain *d = ec_list_entry(pos, struct ec_domain,
						    node);

		if (!d->external_memory)
			d->data = NULL;
	}
	ec_pd_free(master->pd_mem);
	master->pd_mem = NULL;
	master->pd_size = 0;
	return ret;
}

/**
 * ec_master_clear_config() - forget every domain and config
 * @master: master; the process data block is freed
 *
 * Attached slaves lose their config, so their FSMs keep them in PREOP.
 */
void ec_master_clear_config(struct ec_master *master)
{
	struct ec_list *pos, *tmp;

	ec_list_for_each_safe(pos, tmp, &master->domains)
		ec_domain_free(ec_list_entry(pos, struct ec_domain, node));
	ec_list_for_each_safe(pos, tmp, &master->configs)
		ec_slave_config_free(ec_list_entry(pos, struct ec_slave_config,
						   node));
	ec_hc_groups_free(master);
	master->domain_count = 0;
	master->config_count = 0;
	ec_pd_free(master->pd_mem);
	master->pd_mem = NULL;
	master->pd_size = 0;
}

/* Take the domains' datagrams off the cyclic side (io lock held). */
static void ec_master_unqueue_domains_locked(struct ec_master *master)
{
	struct ec_list *pos, *tmp;
	unsigned int i;

	ec_list_for_each_safe(pos, tmp, &master->domains) {
		struct ec_domain *d = ec_list_entry(pos, struct ec_domain,
						    node);

		for (i = 0; i < d->datagram_count; i++)
			ec_master_unqueue_datagram_locked(
				master, &d->datagrams[i].datagram);
	}
}

/**
 * ec_master_deactivate() - ecrt_master_deactivate(): back to idle
 * @master: master; FSM side
 * @now_ns: current time
 *
 * The cyclic side lets go first (under the io lock: not active any more,
 * no domain datagram queued), so that a late cyclic call finds nothing;
 * then domains, configs and process data are released and every slave is
 * asked for PREOP, the safe state, which the idle phase's FSMs establish.
 */
void ec_master_deactivate(struct ec_master *master, u64 now_ns)
{
	unsigned int i;
	bool was_active;

	(void)now_ns;
	ec_port_io_lock(master);
	was_active = master->active;
	master->active = false;
	if (master->phase == EC_PHASE_OPERATION)
		master->phase = EC_PHASE_IDLE;
	ec_master_unqueue_domains_locked(master);
	ec_port_io_unlock(master);
	if (!was_active)
		return;
	ec_master_clear_config(master);
	ec_dc_deactivate(master);
	for (i = 0; i < master->slave_count; i++)
		master->slaves[i]->requested_state = EC_AL_STATE_PREOP_;
	EC_MASTER_INFO(master, "deactivated");
}

/**
 * ec_master_cyclic_timeout() - how long the application's cycle waits
 * @master: master
 *
 * Half the send interval (ecrt_master_set_send_interval(), 1 ms unless
 * set), at least EC_CYCLIC_TIMEOUT_MIN_NS: an answer later than that is
 * from a frame of an earlier cycle, which is lost (doc/LOCKING.md).
 *
 * Return: the timeout in nanoseconds.
 */
u64 ec_master_cyclic_timeout(const struct ec_master *master)
{
	u64 interval = master->send_interval_ns ? master->send_interval_ns :
			EC_SEND_INTERVAL_DEFAULT_NS;

	return interval / 2 > EC_CYCLIC_TIMEOUT_MIN_NS ?
		       interval / 2 : EC_CYCLIC_TIMEOUT_MIN_NS;
}

/**
 * ec_master_set_send_interval() - ecrt_master_set_send_interval()
 * @master: master
 * @interval_ns: the application's cycle, 0 for the default
 *
 * Sets the cycle the loss rule assumes and the FSMs' byte budget per cycle
 * as IgH does: the bytes the wire carries in the interval at 80 ns per
 * byte, less 10 %, less what the domains' datagrams take (at least one
 * frame's worth is left to the FSMs, so that they always progress).
 */
void ec_master_set_send_interval(struct ec_master *master, u64 interval_ns)
{
	struct ec_list *pos, *tmp;
	size_t budget, domains = 0;

	master->send_interval_ns = interval_ns;
	if (!interval_ns) {
		master->fsm_bytes_per_cycle = EC_FSM_BYTES_PER_CYCLE_DEFAULT;
		return;
	}
	budget = (size_t)(interval_ns / EC_BYTE_TRANSMISSION_TIME_NS);
	budget -= budget / 10;
	ec_list_for_each_safe(pos, tmp, &master->domains) {
		const struct ec_domain *d = ec_list_entry(pos, struct ec_domain,
							  node);

		domains += d->data_size + (EC_DATAGRAM_HEADER_SIZE +
					   EC_DATAGRAM_FOOTER_SIZE);
	}
	budget = budget > domains ? budget - domains : 0;
	if (budget < EC_FSM_BYTES_PER_CYCLE_DEFAULT)
		budget = EC_FSM_BYTES_PER_CYCLE_DEFAULT;
	master->fsm_bytes_per_cycle = budget;
}

/**
 * ec_master_app_receive() - ecrt_master_receive() (cyclic side)
 * @master: master; the caller holds the io lock
 * @now_ns: current time
 *
 * Polls the devices (replies are matched to their datagrams), then loses
 * every domain datagram still unanswered from an earlier cycle (sent at
 * least ec_master_cyclic_timeout() ago) there and then, so that a lost
 * frame costs one cycle, and samples the statistics.  The FSMs' datagrams
 * keep their longer io_timeout_ns: they carry no process data, and a slow
 * link (answers later than half a cycle) must not make requests fail.
 */
void ec_master_app_receive(struct ec_master *master, u64 now_ns)
{
	ec_master_poll_devices(master);
	ec_master_check_timeouts(master, now_ns,
				 ec_master_cyclic_timeout(master));
	ec_master_update_stats(master, now_ns);
}

/* Bytes a datagram takes in a frame. */
static size_t ec_master_datagram_bytes(const struct ec_datagram *d)
{
	return EC_DATAGRAM_HEADER_SIZE + d->data_size +
	       EC_DATAGRAM_FOOTER_SIZE;
}

/*
 * Run one slave FSM; return the bytes it queued (its EoE pump's too).
 * Every slave FSM found settled since the last reset (each counted once,
 * by its epoch stamp) makes the turns quiet; one that is not resets.
 */
static size_t ec_master_run_slave_fsm(struct ec_master *master,
				      struct ec_slave *slave, u64 now_ns)
{
	struct ec_fsm_slave *fsm = slave->fsm;
	bool was_pending = fsm && ec_datagram_pending(&fsm->datagram);
	u64 eoe_bytes = fsm ? fsm->eoe.queued_bytes : 0;

	if (!ec_slave_fsm_run(slave, now_ns)) {
		ec_master_fsm_unquiet(master);
	} else if (slave->fsm) {
		fsm = slave->fsm;
		if (fsm->quiet_epoch != master->fsm_quiet_epoch) {
			fsm->quiet_epoch = master->fsm_quiet_epoch;
			if (++master->fsm_quiet_count >= master->slave_count) {
				master->fsm_quiet = true;
				master->fsm_quiet_until_ns =
					now_ns + EC_FSM_QUIET_NS;
			}
		}
	}
	fsm = slave->fsm;
	if (!fsm)
		return 0;
	eoe_bytes = fsm->eoe.queued_bytes - eoe_bytes;
	if (was_pending || !ec_datagram_pending(&fsm->datagram))
		return (size_t)eoe_bytes;
	return ec_master_datagram_bytes(&fsm->datagram) + (size_t)eoe_bytes;
}

/*
 * Whether a slave FSM the turn left for the next one (the byte budget or
 * the visits ran out after @visited of @n, from fsm_next_slave on) has
 * work, among those the next turn visits: then the next turn is due at
 * once (ec_master_fsm_next_due()).
 */
static bool ec_master_slaves_want(const struct ec_master *master,
				  unsigned int visited, unsigned int n,
				  u64 now_ns)
{
	unsigned int i, end = visited + EC_FSM_SLAVE_VISITS_PER_CYCLE;

	/* the next turn's visits only: bounded work per turn */
	if (end > n)
		end = n;
	for (i = visited; i < end; i++) {
		unsigned int idx = (master->fsm_next_slave + i - visited) % n;

		if (ec_slave_fsm_wants_datagram(master->slaves[idx], now_ns))
			return true;
	}
	return false;
}

/**
 * ec_master_op_fsm() - the FSMs' turn in the operation phase (FSM side)
 * @master: master; the io lock is not held
 * @now_ns: current time
 *
 * Runs the master FSM, then the slave FSMs in round robin while their
 * datagrams stay within fsm_bytes_per_cycle (the master FSM's datagram
 * counts too; at least one slave FSM runs per turn and the one that
 * crosses the budget still runs, so that every FSM progresses; the rest
 * resume at the next turn).  What they queue goes out with the
 * application's next send.
 *
 * Once a whole round of visits found every slave FSM settled (nothing to
 * do but publish the slave's state, ec_fsm_slave_settled(): in the
 * operation phase no job of a settled FSM waits on a time), the turns
 * leave the slave FSMs alone until something can have given one work
 * (ec_master_fsm_unquiet(): a request, the monitor's finding, a new
 * handler or configuration; a scan, cable redundancy), and at the latest
 * after EC_FSM_QUIET_NS, when a round of visits looks again.  Then a turn
 * due only by its monitoring slot costs the master FSM's step alone.
 */
void ec_master_op_fsm(struct ec_master *master, u64 now_ns)
{
	size_t budget = master->fsm_bytes_per_cycle ?
			master->fsm_bytes_per_cycle :
			EC_FSM_BYTES_PER_CYCLE_DEFAULT;
	size_t used = 0;
	unsigned int i, n;
	bool busy;

	if (master->phase == EC_PHASE_ORPHANED)
		return;
	/* a request started without ec_master_fsm_turn_start() (tests) */
	if (ec_load_acquire(&master->fsm_request) || master->scan_busy ||
	    master->red ||
	    (master->fsm_quiet && now_ns >= master->fsm_quiet_until_ns))
		ec_master_fsm_unquiet(master);
	busy = ec_fsm_master_exec(&master->fsm, now_ns);
	if (busy)
		used += ec_master_datagram_bytes(&master->fsm_datagram);
	used += ec_link_health_exec(master, now_ns);
	if (master->fsm_quiet && !master->scan_busy) {
		master->fsm_cut = false;
		ec_hc_groups_update(master, now_ns);
		return;
	}
	n = master->slave_count;
	if (master->fsm_next_slave >= n)
		master->fsm_next_slave = 0;
	for (i = 0; i < n; i++) {
		unsigned int idx = (master->fsm_next_slave + i) % n;

		if (i && (used >= budget ||
			  i >= EC_FSM_SLAVE_VISITS_PER_CYCLE)) {
			master->fsm_next_slave = idx;
			break;
		}
		used += ec_master_run_slave_fsm(master, master->slaves[idx],
						now_ns);
	}
	if (i == n && n)	/* all ran: the next turn starts one further */
		master->fsm_next_slave = (master->fsm_next_slave + 1) % n;
	master->fsm_cut = i < n && ec_master_slaves_want(master, i, n, now_ns);
	ec_hc_groups_update(master, now_ns);
}

/**
 * ec_master_fsm_turn_start() - an FSM turn of the operation phase begins
 * @master: master; the io lock held
 *
 * What was answered and requested up to now is what this turn takes; a
 * request lets the turn visit the slave FSMs (ec_master_fsm_unquiet()).
 */
void ec_master_fsm_turn_start(struct ec_master *master)
{
	master->fsm_answers_seen = master->fsm_answers;
	if (ec_load_acquire(&master->fsm_request))
		ec_master_fsm_unquiet(master);
	ec_store_release(&master->fsm_request, false);
}

/**
 * ec_master_fsm_next_due() - when the FSMs' next turn of the operation
 * phase is due by time
 * @master: master; FSM side, after ec_master_op_fsm()
 * @now_ns: the time the turn ran at
 *
 * The monitor's next slot, the link health's next read and its next
 * snapshot, and at once when the byte budget or the visits per turn left
 * a slave FSM with work for the next turn; at the latest one
 * monitoring slot from now (ec_monitor_slot_ns()), which bounds what has
 * no due time of its own (mailbox and EoE polls, DC, hot-connect groups,
 * request timeouts).  Answers of the FSMs' datagrams give a turn of their
 * own (ec_master_fsm_wanted()).  While the monitor plans batches (every
 * slave FSM settled, monitor.h), the batch's broadcast gives the next
 * turn: the snapshot, the next round of visits (EC_FSM_QUIET_NS) or the
 * end of the broadcast's slot come first only if earlier; a request or an
 * answer of a slave FSM's datagram gives a turn anyway.
 *
 * Return: the due time (passed-in clock).
 */
u64 ec_master_fsm_next_due(const struct ec_master *master, u64 now_ns)
{
	const struct ec_link_health *h = &master->health;
	const struct ec_monitor *mon = &master->fsm.monitor;
	u64 slot = ec_monitor_slot_ns(master), due = now_ns + slot;

	if (master->fsm_cut)
		return now_ns;
	if (master->active && ec_monitor_batching(master)) {
		/*
		 * A batch's broadcast gives the next turn with its answer; the
		 * end of its slot bounds it, and the next round of visits.
		 */
		if (mon->brd_at_ns + slot > due)
			due = mon->brd_at_ns + slot;
		if (master->fsm_quiet_until_ns < due)
			due = master->fsm_quiet_until_ns;
	} else {
		if (master->active && mon->next_ns < due)
			due = mon->next_ns;
		if (h->enabled && h->next_ns < due)
			due = h->next_ns;
	}
	if (h->tick_ns && h->tick_ns < due)
		due = h->tick_ns;
	return due > now_ns ? due : now_ns;
}

/**
 * ec_master_fsm_wanted() - whether the FSMs' turn has work now (cyclic
 * side: the application's receive asks before it wakes the thread)
 * @master: master; the io lock held
 * @now_ns: current time
 *
 * Yes when a datagram the FSM side queued (ec_master_queue_datagram())
 * was answered or lost since the last turn began, when the application
 * started a request, or when the next due time has come.  With a backup
 * device always: its copies are completed in redundancy.c, which does not
 * count them.
 *
 * Return: true if the thread should run its turn.
 */
bool ec_master_fsm_wanted(const struct ec_master *master, u64 now_ns)
{
	return master->red || master->fsm_answers != master->fsm_answers_seen ||
	       ec_load_acquire(&master->fsm_request) ||
	       now_ns >= master->fsm_due_ns;
}

/**
 * ec_master_app_send() - ecrt_master_send() (cyclic side)
 * @master: master; the caller holds the io lock
 * @now_ns: current time
 *
 * Sends everything queued: the domains' datagrams (those of a kernel
 * application's ec_domain_queue_later() first queued now) and what the
 * FSMs queued since the last send.
 */
void ec_master_app_send(struct ec_master *master, u64 now_ns)
{
	ec_domains_take_queued(master);
	ec_master_send_datagrams(master, now_ns);
}

/**
 * ec_master_get_state() - ecrt_master_state()
 * @master: master
 * @state: receives slaves responding, OR of AL states, link state
 */
void ec_master_get_state(const struct ec_master *master,
			 ec_master_state_t *state)
{
	unsigned int i;

	state->slaves_responding = master->slaves_responding;
	state->al_states = master->al_states & EC_AL_STATE_MASK;
	state->link_up = 0;
	for (i = 0; i < master->num_devices; i++)
		if (master->devices[i].attached && master->devices[i].link_up)
			state->link_up = 1;
}

/**
 * ec_master_get_link_state() - ecrt_master_link_state()
 * @master: master
 * @dev_idx: EC_DEVICE_MAIN or EC_DEVICE_BACKUP
 * @state: receives the figures of that link (all zero for an unused one)
 *
 * With a backup device a link's slaves are those that processed the
 * frames this device sent (redundancy.c): all on the main link while the
 * ring is closed, each side's own while it is broken.  Without one every
 * slave answers over the main link.
 */
void ec_master_get_link_state(const struct ec_master *master,
			      unsigned int dev_idx,
			      ec_master_link_state_t *state)
{
	memset(state, 0, sizeof(*state));
	if (dev_idx >= master->num_devices)
		return;
	state->link_up = master->devices[dev_idx].attached &&
			 master->devices[dev_idx].link_up;
	if (master->red) {
		state->slaves_responding = master->red->side_slaves[dev_idx];
		state->al_states = master->red->side_al[dev_idx] &
				   EC_AL_STATE_MASK;
		return;
	}
	if (dev_idx != EC_DEVICE_MAIN)
		return;
	state->slaves_responding = master->slaves_responding;
	state->al_states = master->al_states & EC_AL_STATE_MASK;
}
