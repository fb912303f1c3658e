// SPDX-License-Identifier: GPL-2.0-only
/*
 * thread.c - the master's own thread in the idle phase: poll, advance the
 * master FSM, send; about once per millisecond.
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
		mutex_unlock(&m->io_mutex);
		if (wq_has_sleeper(&m->request_wq))
			wake_up_all(&m->request_wq);
		usleep_range(EC_IDLE_PERIOD_US, EC_IDLE_PERIOD_US + 200);
	}
	return 0;
}

int ec_linux_thread_start(struct ec_linux_master *m)
{
	struct task_struct *t;

	if (m->thread)
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

void ec_linux_thread_stop(struct ec_linux_master *m)
{
	if (!m->thread)
		return;
	kthread_stop(m->thread);
	m->thread = NULL;
}
