// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_dc.c - the distributed clock calls of include/ecrt.h in userspace.
 *
 * With the shared area mapped (after activation) the cyclic calls make no
 * system call: application time and the queue calls are recorded in it
 * (struct ec_ioctl_shm: app_time, dc_queue, dc_sync_time) and the module
 * queues them at the start of the next ecrt_master_send() (or receive);
 * the module publishes what the last receive brought (dc_ref_time32/64,
 * dc_monitor, dc_valid), which the reading calls return, from the first
 * reading call on (that one is an ioctl).  Without the area every call is
 * one ioctl with a plain integer argument (or a __u64).
 */
#include <errno.h>
#include <string.h>

#include "ecrt_lib.h"

int ecrt_master_select_reference_clock(ec_master_t *master,
				       ec_slave_config_t *sc)
{
	return ec_app_ioctl_int(master, EC_IOCTL_SELECT_REF_CLOCK,
				sc ? sc->index : 0xffffffffUL);
}

int ecrt_slave_config_dc(ec_slave_config_t *sc, uint16_t assign_activate,
			 uint32_t sync0_cycle, int32_t sync0_shift,
			 uint32_t sync1_cycle, int32_t sync1_shift)
{
	struct ec_ioctl_sc_dc data;

	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.assign_activate = assign_activate;
	data.sync0_cycle = sync0_cycle;
	data.sync0_shift = sync0_shift;
	data.sync1_cycle = sync1_cycle;
	data.sync1_shift = sync1_shift;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_DC, &data);
}

int ecrt_master_application_time(ec_master_t *master, uint64_t app_time)
{
	struct ec_ioctl_app_time data;

	if (master->shm) {
		/* no system call: the module takes it at the next send */
		master->shm->app_time = app_time;
		__atomic_store_n(&master->shm->app_time_set, 1,
				 __ATOMIC_RELEASE);
		ec_shm_pending(master->shm);
		return 0;
	}
	memset(&data, 0, sizeof(data));
	data.app_time = app_time;
	return ec_app_ioctl(master, EC_IOCTL_APP_TIME, &data);
}

/* Record @what in the shared area, or make the ioctl. */
static int ec_dc_queue(ec_master_t *master, uint32_t what)
{
	if (master->shm) {
		__atomic_fetch_or(&master->shm->dc_queue, what,
				  __ATOMIC_RELEASE);
		ec_shm_pending(master->shm);
		return 0;
	}
	return ec_app_ioctl_int(master, EC_IOCTL_DC_QUEUE, what);
}

int ecrt_master_sync_reference_clock(ec_master_t *master)
{
	return ec_dc_queue(master, EC_IOCTL_DC_SYNC_REF);
}

int ecrt_master_sync_reference_clock_to(ec_master_t *master,
					uint64_t sync_time)
{
	__u64 t = sync_time;

	if (master->shm) {
		master->shm->dc_sync_time = sync_time;
		return ec_dc_queue(master, EC_IOCTL_DC_SYNC_TO);
	}
	return ec_app_ioctl(master, EC_IOCTL_DC_SYNC_REF_TO, &t);
}

int ecrt_master_sync_slave_clocks(ec_master_t *master)
{
	return ec_dc_queue(master, EC_IOCTL_DC_SYNC_SLAVES);
}

int ecrt_master_sync_monitor_queue(ec_master_t *master)
{
	return ec_dc_queue(master, EC_IOCTL_DC_MONITOR);
}

int ecrt_master_64bit_reference_clock_time_queue(ec_master_t *master)
{
	return ec_dc_queue(master, EC_IOCTL_DC_REF_TIME64);
}

/*
 * What the last receive brought, from the area or by ioctl: the module
 * publishes in the area only after the first ioctl (EC_IOCTL_DC_PUBLISHED).
 */
static int ec_dc_times(const ec_master_t *master, struct ec_ioctl_dc_times *t)
{
	if (!master->shm || !(master->dc.valid & EC_IOCTL_DC_PUBLISHED))
		return ec_app_ioctl(master, EC_IOCTL_DC_TIMES, t);
	*t = master->dc;
	t->valid &= ~EC_IOCTL_DC_PUBLISHED;
	return 0;
}

/*
 * At the end of every receive: the words the module published in the
 * area for it.  The readers above take this copy, so what they return
 * changes only at a receive, even when the module completes the next
 * exchange on arrival (struct ec_ioctl_shm_rx) while the application
 * reads.
 */
void ec_dc_snapshot(ec_master_t *master)
{
	const struct ec_ioctl_shm *shm = master->shm;
	uint32_t valid = __atomic_load_n(&shm->dc_valid, __ATOMIC_ACQUIRE);

	memset(&master->dc, 0, sizeof(master->dc));
	if (!(valid & EC_IOCTL_DC_PUBLISHED))
		return;
	master->dc.ref_time64 = shm->dc_ref_time64;
	master->dc.ref_time32 = shm->dc_ref_time32;
	master->dc.monitor = shm->dc_monitor;
	master->dc.valid = valid;
}

/* 0, -ENXIO without reference clock, -EIO when @flag's value is not
 * valid (not answered). */
static int ec_dc_ref_time(const ec_master_t *master, uint32_t flag,
			  struct ec_ioctl_dc_times *t)
{
	int ret = ec_dc_times(master, t);

	if (ret)
		return ret;
	if (t->valid & EC_IOCTL_DC_NO_REF)
		return -ENXIO;
	return t->valid & flag ? 0 : -EIO;
}

int ecrt_master_reference_clock_time(const ec_master_t *master,
				     uint32_t *time)
{
	struct ec_ioctl_dc_times t;
	int ret = ec_dc_ref_time(master, EC_IOCTL_DC_VALID_REF32, &t);

	if (!ret)
		*time = t.ref_time32;
	return ret;
}

int ecrt_master_64bit_reference_clock_time(const ec_master_t *master,
					   uint64_t *time)
{
	struct ec_ioctl_dc_times t;
	int ret = ec_dc_ref_time(master, EC_IOCTL_DC_VALID_REF64, &t);

	if (!ret)
		*time = t.ref_time64;
	return ret;
}

uint32_t ecrt_master_sync_monitor_process(const ec_master_t *master)
{
	struct ec_ioctl_dc_times t;

	if (ec_dc_times(master, &t))
		return 0xffffffff;
	return t.monitor;
}
