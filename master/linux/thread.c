// SPDX-License-Identifier: GPL-2.0-only
/*
 * thread.c - the master's own thread in the idle phase: poll, advance the
 * master FSM, send; about once per millisecond.
 *
 * In the operation phase the thread is stopped: the application's
 * ecrt_master_receive()/ecrt_master_send() drive the bus and run the
 * FSMs.  thread_mutex orders starts and stops from the device interface
 * (ecdev_open/close) and from activation/deactivation.
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/ktime.h>

#include "master_linux.h"

#define EC_IDLE_PERIOD_US 1000

static int ec_linux_idle_thread(void *data)
{
	struct ec_linux_master *m = data;

	while (!kthread_should_stop()) {
		mutex_lock(&m->io_mutex);
		if (m->core.phase == EC_PHASE_IDLE) {
			ec_master_poll_devices(&m->core);
			ec_master_idle_cycle(&m->core, ktime_get_ns());
		}
		ec_linux_reap_requests(m);
		mutex_unlock(&m->io_mutex);
		if (wq_has_sleeper(&m->request_wq))
			wake_up_all(&m->request_wq);
		usleep_range(EC_IDLE_PERIOD_US, EC_IDLE_PERIOD_US + 200);
	}
	return 0;
}

/* Called with thread_mutex held. */
static int ec_linux_thread_start_locked(struct ec_linux_master *m)
{
	struct task_struct *t;

	if (m->thread || m->in_operation)
		return 0;
	t = kthread_run(ec_linux_idle_thread, m, "EtherCAT-IDLE%u",
			m->core.index);
	if (IS_ERR(t)) {
		EC_MASTER_ERR(&m->core, "failed to start the idle thread: %ld",
			      PTR_ERR(t));
		return PTR_ERR(t);
	}
	m->thread = t;
	return 0;
}

static void ec_linux_thread_stop_locked(struct ec_linux_master *m)
{
	if (!m->thread)
		return;
	kthread_stop(m->thread);
	m->thread = NULL;
}

/**
 * ec_linux_thread_start() - start the idle thread (not in operation)
 * @m: the master
 *
 * Return: 0 or -errno.
 */
int ec_linux_thread_start(struct ec_linux_master *m)
{
	int ret;

	mutex_lock(&m->thread_mutex);
	ret = ec_linux_thread_start_locked(m);
	mutex_unlock(&m->thread_mutex);
	return ret;
}

/**
 * ec_linux_thread_stop() - stop the idle thread; waits for it
 * @m: the master; io_mutex must not be held
 */
void ec_linux_thread_stop(struct ec_linux_master *m)
{
	mutex_lock(&m->thread_mutex);
	ec_linux_thread_stop_locked(m);
	mutex_unlock(&m->thread_mutex);
}

/**
 * ec_linux_enter_operation() - the application takes over the cycle
 * @m: the master; io_mutex must not be held
 *
 * Stops the idle thread and keeps it stopped until
 * ec_linux_leave_operation(), whatever the device does meanwhile.
 */
void ec_linux_enter_operation(struct ec_linux_master *m)
{
	mutex_lock(&m->thread_mutex);
	m->in_operation = true;
	ec_linux_thread_stop_locked(m);
	mutex_unlock(&m->thread_mutex);
}

/**
 * ec_linux_leave_operation() - back to idle: restart the idle thread
 * @m: the master; io_mutex must not be held
 *
 * The thread runs again only when the main device is open (as after
 * ecdev_open()); it takes the slaves back to PREOP.
 */
void ec_linux_leave_operation(struct ec_linux_master *m)
{
	mutex_lock(&m->thread_mutex);
	m->in_operation = false;
	if (READ_ONCE(m->core.devices[EC_DEVICE_MAIN].open))
		ec_linux_thread_start_locked(m);
	mutex_unlock(&m->thread_mutex);
}
