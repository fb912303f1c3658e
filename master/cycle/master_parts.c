// SPDX-License-Identifier: GPL-2.0-only
/*
 * master_parts.c - the master and its parts: setting up and clearing the
 * devices, the master FSM, distributed clocks and redundancy; the FSM half
 * of an idle cycle; the departure of a device.  Kept apart from master.c
 * (the datagram queue and the frame exchange, which the FSMs call) so that
 * master.c does not include the FSMs' headers: no include circle.
 */
#include "cycle/master.h"
#include "cycle/redundancy.h"
#include "cycle/capture.h"
#include "dc/dc.h"
#include "slave/fsm_master.h"
#include "slave/fsm_slave.h"
#include "slave/slave.h"
#include "slave/link_health.h"
#include "cycle/monitor.h"
#include "app/hc_group.h"
#include "slave/registers.h"

int ec_master_init(struct ec_master *master, unsigned int index)
{
	unsigned int i;
	int ret;

	memset(master, 0, sizeof(*master));
	master->index = index;
	master->phase = EC_PHASE_ORPHANED;
	master->num_devices = 1;
	master->io_timeout_ns = EC_IO_TIMEOUT_NS;
	ec_list_init(&master->datagram_queue);
	ec_list_init(&master->sent_datagrams);
	ec_list_init(&master->timed);
	ec_list_init(&master->configs);
	ec_list_init(&master->hc_groups);
	ec_list_init(&master->domains);
	for (i = 0; i < EC_MAX_DEVICES; i++)
		ec_device_init(&master->devices[i], master, i);

	ec_datagram_init(&master->fsm_datagram);
	/* Large enough for every request of the master's own FSMs. */
	ret = ec_datagram_prealloc(&master->fsm_datagram, 1486);
	if (ret)
		return ret;
	ec_fsm_master_init(&master->fsm, master, &master->fsm_datagram);
	ret = ec_monitor_init(&master->fsm.monitor);
	if (ret)
		goto out_monitor;
	ret = ec_link_health_init(&master->health);
	if (ret)
		goto out_health;
	return ec_dc_init(master);

out_health:
	ec_link_health_free(&master->health);
out_monitor:
	ec_monitor_clear(&master->fsm.monitor, NULL);
	ec_datagram_clear(&master->fsm_datagram);
	return ret;
}

void ec_master_clear(struct ec_master *master)
{
	ec_master_clear_config(master);
	ec_fsm_master_clear_slaves(master);
	ec_dc_clear(master);
	ec_link_health_clear(master);
	ec_monitor_clear(&master->fsm.monitor, master);
	ec_master_unqueue_datagram(master, &master->fsm_datagram);
	ec_datagram_clear(&master->fsm_datagram);
	ec_red_clear(master);
	ec_capture_clear(master);
}

/**
 * ec_master_idle_fsm() - the FSM half of an idle cycle
 * @master: master; FSM side (the io lock is not held)
 * @now_ns: current time
 */
void ec_master_idle_fsm(struct ec_master *master, u64 now_ns)
{
	unsigned int i;

	/* as in the operation phase: a scan or the ring's repair can have
	 * given any slave FSM work (master_app.c)
	 */
	if (master->scan_busy || master->red)
		ec_master_fsm_unquiet(master);
	ec_fsm_master_exec(&master->fsm, now_ns);
	ec_link_health_exec(master, now_ns);
	for (i = 0; i < master->slave_count; i++)
		ec_slave_fsm_idle_run(master->slaves[i], master, now_ns);
	ec_hc_groups_update(master, now_ns);
}

/**
 * ec_master_idle_at_rest() - the idle turn just run started no job that
 * waits for its reply
 * @master: master; idle phase, the io lock held, after ec_master_idle_fsm()
 *	and before the send
 *
 * No scan runs, and the datagram queue holds the master FSM's broadcast
 * of the AL status and otherwise only periodic single reads due by time:
 * the link health read and the slaves' mailbox polls and AL status checks
 * (ec_fsm_slave_checking()); every other slave FSM is idle (no request,
 * configuration or dictionary step in progress).
 * The glue then waits longer before the next turn, as IgH's idle thread
 * waits a jiffy while its master FSM is idle; what a check's reply shows
 * is handled at that turn.  A queued request or rescan ends the wait
 * (master/linux/thread.c).
 *
 * Return: true if at rest.
 */
bool ec_master_idle_at_rest(const struct ec_master *master)
{
	const struct ec_datagram *d = &master->fsm_datagram;
	unsigned int queued = 0, checks = 1, i;
	const struct ec_list *n;

	if (master->scan_busy || master->fsm.slaves_scanning ||
	    d->state != EC_DATAGRAM_QUEUED || d->type != EC_DATAGRAM_BRD ||
	    ec_get_u16(d->address + 2) != EC_REG_AL_STATUS)
		return false;
	for (n = master->datagram_queue.next; n != &master->datagram_queue;
	     n = n->next)
		queued++;
	for (i = 0; i < EC_HEALTH_READS; i++)
		if (master->health.out[i].datagram.state ==
		    EC_DATAGRAM_QUEUED)
			checks++;
	for (i = 0; i < master->slave_count; i++) {
		const struct ec_fsm_slave *fsm = master->slaves[i]->fsm;

		if (!fsm)
			continue;
		if (!ec_fsm_slave_checking(fsm)) {
			if (!ec_fsm_slave_idle(fsm))
				return false;	/* a job in progress */
		} else if (fsm->datagram.state == EC_DATAGRAM_QUEUED) {
			checks++;
		}
	}
	return checks == queued;
}

/**
 * ec_master_device_detached() - the device module withdrew a device
 * @master: master; FSM side (the io lock is not held)
 * @dev: the device
 *
 * The device is gone from the cyclic side at once (under the io lock);
 * then, without the lock, the slaves are forgotten (their requests fail
 * with -ENODEV) so that the device's return starts a new scan.  An active
 * application keeps its configuration: its slaves are taken to OP again
 * when they are found.
 */
void ec_master_device_detached(struct ec_master *master,
			       struct ec_device *dev)
{
	bool main = dev->index == EC_DEVICE_MAIN;

	ec_port_io_lock(master);
	dev->attached = false;
	dev->open = false;
	dev->link_up = false;
	dev->hooks = NULL;
	dev->priv = NULL;
	if (main) {
		master->phase = EC_PHASE_ORPHANED;
		ec_master_fail_datagrams_locked(master);
		master->slaves_responding = 0;
		master->al_states = 0;
	}
	ec_port_io_unlock(master);
	if (main) {
		ec_fsm_master_clear_slaves(master);
		ec_fsm_master_reset(&master->fsm);
	}
	EC_MASTER_INFO(master, "%s device detached%s",
		       main ? "main" : "backup",
		       main && master->active ?
		       " while an application is active: link down" : "");
}
