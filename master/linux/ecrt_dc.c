// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_dc.c - the distributed clock calls of include/ecrt.h for kernel
 * applications.
 *
 * Locking (doc/LOCKING.md): the cyclic calls (application time, sync
 * reference clock [to], sync slave clocks, reference clock time 32/64,
 * sync monitor queue/process) take cycle_lock (raw, irqsave) around the
 * core call and nothing else: callable from any context, they never
 * sleep, allocate or transmit (the datagrams are the master's, set up at
 * init).  ecrt_master_select_reference_clock() and ecrt_slave_config_dc()
 * are setup calls: process context, io_mutex.
 */
#include <linux/ktime.h>
#include <linux/module.h>

#include "ecrt.h"
#include "master_linux.h"
#include "dc/dc.h"
#include "app/slave_config.h"

static struct ec_linux_master *ec_dc_lm(const ec_master_t *master)
{
	return ec_linux_of(master);
}

/* A cyclic DC call: cycle_lock around the core call, nothing else. */
#define EC_DC_CYCLIC(master, call) \
	({ \
		struct ec_linux_master *__m = ec_dc_lm(master); \
		unsigned long __flags = ec_linux_cycle_lock(__m); \
		typeof(call) __ret = (call); \
		raw_spin_unlock_irqrestore(&__m->cycle_lock, __flags); \
		__ret; \
	})

/**
 * ec_linux_dc_init() - the system time before any application time
 * @m: master, core initialised
 *
 * Until an application gives its time, offsets are written in wall clock
 * time since 2000-01-01 (the monotonic clock is the core's now_ns).
 */
void ec_linux_dc_init(struct ec_linux_master *m)
{
	m->core.dc.wall_offset = (s64)(ktime_get_real_ns() - ktime_get_ns()) -
				 (s64)(ECRT_DC_EPOCH_UNIX_SEC * NSEC_PER_SEC);
}

int ecrt_master_select_reference_clock(ec_master_t *master,
				       ec_slave_config_t *sc)
{
	struct ec_linux_master *m = ec_dc_lm(master);
	int ret;

	mutex_lock(&m->io_mutex);
	ret = ec_dc_select_reference(master, sc);
	mutex_unlock(&m->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_master_select_reference_clock);

int ecrt_slave_config_dc(ec_slave_config_t *sc, uint16_t assign_activate,
			 uint32_t sync0_cycle, int32_t sync0_shift,
			 uint32_t sync1_cycle, int32_t sync1_shift)
{
	struct ec_linux_master *m = ec_dc_lm(sc->master);
	int ret;

	mutex_lock(&m->io_mutex);
	ret = ec_dc_config(sc, assign_activate, sync0_cycle, sync0_shift,
			   sync1_cycle, sync1_shift);
	mutex_unlock(&m->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_slave_config_dc);

/**
 * ecrt_master_application_time() - the application's time (realtime, any
 * context)
 */
int ecrt_master_application_time(ec_master_t *master, uint64_t app_time)
{
	u64 now = ktime_get_ns();

	return EC_DC_CYCLIC(master, (ec_dc_application_time_locked(master,
						app_time, now), 0));
}
EXPORT_SYMBOL(ecrt_master_application_time);

int ecrt_master_sync_reference_clock(ec_master_t *master)
{
	return EC_DC_CYCLIC(master,
			    ec_dc_queue_locked(master, EC_DC_QUEUE_REF_SYNC));
}
EXPORT_SYMBOL(ecrt_master_sync_reference_clock);

int ecrt_master_sync_reference_clock_to(ec_master_t *master,
					uint64_t sync_time)
{
	return EC_DC_CYCLIC(master,
			    ec_dc_sync_ref_locked(master, true, sync_time));
}
EXPORT_SYMBOL(ecrt_master_sync_reference_clock_to);

int ecrt_master_sync_slave_clocks(ec_master_t *master)
{
	return EC_DC_CYCLIC(master,
			    ec_dc_queue_locked(master, EC_DC_QUEUE_SLAVE_SYNC));
}
EXPORT_SYMBOL(ecrt_master_sync_slave_clocks);

int ecrt_master_64bit_reference_clock_time_queue(ec_master_t *master)
{
	return EC_DC_CYCLIC(master,
			    ec_dc_queue_locked(master, EC_DC_QUEUE_REF_TIME64));
}
EXPORT_SYMBOL(ecrt_master_64bit_reference_clock_time_queue);

int ecrt_master_sync_monitor_queue(ec_master_t *master)
{
	return EC_DC_CYCLIC(master,
			    ec_dc_queue_locked(master, EC_DC_QUEUE_MONITOR));
}
EXPORT_SYMBOL(ecrt_master_sync_monitor_queue);

int ecrt_master_reference_clock_time(const ec_master_t *master,
				     uint32_t *time)
{
	return EC_DC_CYCLIC(master, ec_dc_ref_time32_locked(master, time));
}
EXPORT_SYMBOL(ecrt_master_reference_clock_time);

int ecrt_master_64bit_reference_clock_time(const ec_master_t *master,
					   uint64_t *time)
{
	return EC_DC_CYCLIC(master, ec_dc_ref_time64_locked(master, time));
}
EXPORT_SYMBOL(ecrt_master_64bit_reference_clock_time);

uint32_t ecrt_master_sync_monitor_process(const ec_master_t *master)
{
	return EC_DC_CYCLIC(master, ec_dc_monitor_locked(master));
}
EXPORT_SYMBOL(ecrt_master_sync_monitor_process);
