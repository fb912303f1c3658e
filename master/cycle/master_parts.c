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
#include "app/hc_group.h"

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
	ret = ec_link_health_init(&master->health);
	if (ret) {
		ec_datagram_clear(&master->health.datagram);
		ec_datagram_clear(&master->fsm_datagram);
		return ret;
	}
	return ec_dc_init(master);
}

void ec_master_clear(struct ec_master *master)
{
	ec_master_clear_config(master);
	ec_fsm_master_clear_slaves(master);
	ec_dc_clear(master);
	ec_link_health_clear(master);
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

	ec_fsm_master_exec(&master->fsm, now_ns);
	ec_link_health_exec(master, now_ns, false);
	for (i = 0; i < master->slave_count; i++)
		ec_slave_fsm_run(&master->slaves[i], now_ns);
	ec_hc_groups_update(master, now_ns);
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
