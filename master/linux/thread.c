// SPDX-License-Identifier: GPL-2.0-only
/*
 * thread.c - the master's own thread, in both phases (doc/LOCKING.md).
 *
 * Idle phase, a turn a millisecond after a busy one (during a scan as
 * soon as the last frame is back): under io_mutex, poll and time out (cycle_lock),
 * advance the FSMs (FSM side: they may allocate), send what they queued
 * (cycle_lock) and transmit it after the lock.  A turn that queued
 * nothing but the AL status broadcast (ec_master_idle_at_rest(): no scan,
 * no slave FSM work, no request; and no EoE interface) is followed by a
 * rest of idle_rest_us instead (8000 by default: IgH's idle thread sleeps
 * schedule_timeout(1) while its FSM is idle, which the timer wheel ends
 * at the second tick, a frame per 8 ms at HZ=250, not per ms).
 * The periodic reads due meanwhile (link health, mailbox polls, AL
 * checks) go out together with the next broadcast, in one frame; the
 * idle master notices a change within one rest (about 8 ms, as IgH).
 * A request or a rescan ends the rest (ec_linux_thread_nudge()).
 *
 * Operation phase: the application's cycle owns the devices.  The thread
 * sleeps until the application's receive kicks it (cycle.c), or 10 ms,
 * then runs the FSMs' turn within the byte budget.  The receive kicks only
 * when the turn has work (ec_linux_turn_wanted(), doc/LOCKING.md rule 11):
 * a datagram the FSMs queued was answered or lost (not the monitor's
 * slave checks nor the link health reads: their answers wait for a later
 * turn), a request is pending (ec_linux_thread_nudge(), or the
 * application's own), the turn's next due time has come
 * (ec_master_fsm_next_due()), or an EoE interface exists.  While every
 * slave FSM is settled, the turn a broadcast's answer gives plans the
 * monitoring slots up to the next broadcast (monitor.h): at 1 kHz about
 * one turn per 10 ms instead of one per cycle; otherwise one per 2 ms
 * slot and one per broadcast's answer.  Their datagrams
 * go out with the application's next send, or at once through the
 * application's callbacks (ecrt_master_callbacks(): send_cb after a turn
 * that queued something, receive_cb before a turn the application did not
 * kick, each of which calls back into ecrt_master_send_ext() /
 * ecrt_master_receive() under the application's own lock).
 *
 * thread_mutex orders starts and stops from the device interface
 * (ecdev_open/close) and from activation/deactivation.
 */
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <uapi/linux/sched/types.h>

#include "master_linux.h"
#include "eoe.h"
#include "cycle/capture.h"

#define EC_IDLE_PERIOD_US 1000
/*
 * IgH's idle period at Debian's HZ=250, whatever HZ is: schedule_timeout(1)
 * asks for the next jiffy, and the timer wheel rounds a timeout up to the
 * tick after it (it never fires early), two jiffies; measured in the rig,
 * IgH's idle master sends 125 frames/s (doc/SPECNOTES.md).
 */
#define EC_IDLE_REST_US 8000
/*
 * While a scan runs, the next idle turn starts as soon as the frame of
 * the last one is back (polled every EC_SCAN_POLL_US), at the latest
 * after EC_IDLE_PERIOD_US: the scan's steps (register and SII reads, which
 * an ESC answers at once) then take a round trip each, not a millisecond.
 */
#define EC_SCAN_POLL_US 50
#define EC_OP_WAIT_MS 10

/*
 * Read at each rest.  On (EC_IDLE_REST_US) by default: long ago two runs
 * in the rig saw the segment fall silent for over 250 ms with the rest
 * on; not seen again in six later boots nor in two idle boots of 150 s
 * each (one with the host loaded) that logged no loss warning, no lost
 * frame and no rescan (doc/SPECNOTES.md); the loss rule's warning logs
 * what it saw.  0: a turn every ms; make bench measures both.
 */
static unsigned int idle_rest_us = EC_IDLE_REST_US;
module_param(idle_rest_us, uint, 0644);
MODULE_PARM_DESC(idle_rest_us,
		 "Idle phase: wait after a turn that only broadcast the AL status and periodic reads (us; 8000, default: IgH's idle period at HZ=250; 0: 1 ms as after a busy turn)");

static unsigned int run_on_cpu = UINT_MAX;
module_param(run_on_cpu, uint, 0444);
MODULE_PARM_DESC(run_on_cpu,
		 "CPU the masters' threads are bound to (default: any)");

/*
 * SCHED_BATCH: a woken batch task never preempts the task that woke it
 * (the scheduler's wake-up preemption skips it), so the application's
 * receive, which kicks the thread, returns without a switch to the
 * thread's FSM turn in between: the turn runs when the application sleeps
 * for its next cycle (on a single CPU; on more it runs on another at
 * once), as it does behind a kernel application, and its datagrams go
 * out with the next send.  Its share of the CPU is that of a normal task.
 */
static void ec_linux_thread_set_batch(struct ec_linux_master *m,
				      struct task_struct *t)
{
	struct sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_BATCH,
	};
	int ret = sched_setattr_nocheck(t, &attr);

	if (ret)
		EC_MASTER_WARN(&m->core,
			       "thread stays SCHED_NORMAL (SCHED_BATCH: %d)",
			       ret);
}

static void ec_linux_wake_requesters(struct ec_linux_master *m)
{
	if (wq_has_sleeper(&m->request_wq))
		wake_up_all(&m->request_wq);
}

/* One idle turn; io_mutex held.  Return: whether a rest may follow. */
static bool ec_linux_idle_turn(struct ec_linux_master *m)
{
	struct ec_master *c = &m->core;
	unsigned long flags;
	u64 now = ktime_get_ns();
	bool rest;

	flags = ec_linux_cycle_lock(m);
	ec_master_poll_devices(c);
	ec_master_idle_receive(c, now);
	ec_linux_cycle_unlock(m, flags);
	ec_master_idle_fsm(c, now);
	flags = ec_linux_cycle_lock(m);
	rest = ec_master_idle_at_rest(c) && list_empty(&m->eoe_list);
	ec_master_send_datagrams(c, ktime_get_ns());
	ec_linux_cycle_unlock(m, flags);	/* transmits */
	return rest;
}

/* The rest after a quiet idle turn; a nudge ends it. */
static void ec_linux_idle_rest(struct ec_linux_master *m, unsigned int us)
{
	ktime_t end = ktime_add_us(ktime_get(), us);

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (xchg(&m->idle_nudge, 0) || kthread_should_stop() ||
		    !schedule_hrtimeout_range(&end, 200 * NSEC_PER_USEC,
					      HRTIMER_MODE_ABS))
			break;
		/* a stray wake-up (leave_operation's): sleep on */
	}
	__set_current_state(TASK_RUNNING);
}

/**
 * ec_linux_thread_nudge() - a request or rescan for the thread
 * @m: master; process context
 *
 * An idle thread at rest (ec_linux_idle_rest()) runs its next turn now;
 * in the operation phase the application's next receive kicks the thread
 * (ec_master_fsm_wanted()): the turns follow the application's cycle.
 */
void ec_linux_thread_nudge(struct ec_linux_master *m)
{
	struct task_struct *t;

	if (READ_ONCE(m->in_operation)) {
		/* the application's next receive kicks the thread */
		ec_store_release(&m->core.fsm_request, true);
		return;
	}
	WRITE_ONCE(m->idle_nudge, 1);
	rcu_read_lock();	/* see ec_linux_kick_thread() */
	t = READ_ONCE(m->thread);
	if (t && t != current)
		wake_up_process(t);
	rcu_read_unlock();
}

/*
 * Sleep until kicked by the application's receive, or @ms.  Return: true
 * when kicked (the application cycles and has just received).
 */
static bool ec_linux_wait_kick(struct ec_linux_master *m, unsigned int ms)
{
	bool kicked;

	set_current_state(TASK_INTERRUPTIBLE);
	kicked = xchg(&m->thread_kick, 0);
	if (!kicked && !kthread_should_stop())
		schedule_timeout(msecs_to_jiffies(ms));
	__set_current_state(TASK_RUNNING);
	return kicked || xchg(&m->thread_kick, 0);
}

/* Whether the FSMs left datagrams for the next send. */
static bool ec_linux_queue_busy(struct ec_linux_master *m)
{
	unsigned long flags;
	bool busy;

	flags = ec_linux_cycle_lock(m);
	busy = !ec_list_empty(&m->core.datagram_queue);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return busy;
}

/* Idle phase: the wait after a turn (see EC_SCAN_POLL_US). */
static void ec_linux_idle_wait(struct ec_linux_master *m, bool rest)
{
	u64 end = ktime_get_ns() + EC_IDLE_PERIOD_US * NSEC_PER_USEC;
	unsigned long flags;
	unsigned int rest_us = READ_ONCE(idle_rest_us);
	bool answered;

	if (rest && rest_us > EC_IDLE_PERIOD_US) {
		ec_linux_idle_rest(m, min(rest_us, 100U * USEC_PER_MSEC));
		return;
	}
	if (!READ_ONCE(m->core.scan_busy)) {
		usleep_range(EC_IDLE_PERIOD_US, EC_IDLE_PERIOD_US + 200);
		return;
	}
	do {
		usleep_range(EC_SCAN_POLL_US, 2 * EC_SCAN_POLL_US);
		flags = ec_linux_cycle_lock(m);
		ec_master_poll_devices(&m->core);
		answered = ec_list_empty(&m->core.sent_datagrams);
		ec_linux_cycle_unlock(m, flags);
	} while (!answered && ktime_get_ns() < end &&
		 !kthread_should_stop());
}

/*
 * The FSMs' turn of the operation phase; io_mutex held.  It takes what
 * was answered and requested before it began, and leaves its next due
 * time for the application's receive (ec_linux_turn_wanted()).
 */
static void ec_linux_op_turn(struct ec_linux_master *m)
{
	struct ec_master *c = &m->core;
	unsigned long flags;
	u64 now = ktime_get_ns(), due;

	flags = ec_linux_cycle_lock(m);
	ec_master_fsm_turn_start(c);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	ec_master_op_fsm(c, now);
	due = ec_master_fsm_next_due(c, now);
	flags = ec_linux_cycle_lock(m);
	c->fsm_due_ns = due;
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
}

static int ec_linux_master_thread(void *data)
{
	struct ec_linux_master *m = data;

	while (!kthread_should_stop()) {
		bool op = READ_ONCE(m->in_operation), kicked = false;
		bool rest = false;
		void (*send_cb)(void *) = NULL, (*receive_cb)(void *) = NULL;
		void *cb_data = NULL;

		if (op) {
			kicked = ec_linux_wait_kick(m, EC_OP_WAIT_MS);
			if (kthread_should_stop())
				break;
		}
		mutex_lock(&m->io_mutex);
		if (m->core.phase == EC_PHASE_IDLE && !op) {
			rest = ec_linux_idle_turn(m);
		} else if (m->core.phase == EC_PHASE_OPERATION && op) {
			send_cb = m->send_cb;
			receive_cb = m->receive_cb;
			cb_data = m->cb_data;
		}
		mutex_unlock(&m->io_mutex);
		/* The application's own receive came first when it kicked. */
		if (receive_cb && !kicked)
			receive_cb(cb_data);
		if (op) {
			mutex_lock(&m->io_mutex);
			if (m->core.phase == EC_PHASE_OPERATION)
				ec_linux_op_turn(m);
			mutex_unlock(&m->io_mutex);
		}
		if (send_cb && ec_linux_queue_busy(m))
			send_cb(cb_data);
		mutex_lock(&m->io_mutex);
		ec_linux_reap_requests(m);
		ec_recorder_freeze(&m->core, ktime_get_ns());
		mutex_unlock(&m->io_mutex);
		ec_linux_wake_requesters(m);
		ec_linux_eoe_sync(m);	/* takes io_mutex, then rtnl outside it */
		if (!op)
			ec_linux_idle_wait(m, rest);
	}
	return 0;
}

/* Called with thread_mutex held. */
static int ec_linux_thread_start_locked(struct ec_linux_master *m)
{
	struct task_struct *t;

	if (m->thread)
		return 0;
	t = kthread_create(ec_linux_master_thread, m, "EtherCAT-%u",
			   m->core.index);
	if (IS_ERR(t)) {
		EC_MASTER_ERR(&m->core, "failed to start the thread: %ld",
			      PTR_ERR(t));
		return PTR_ERR(t);
	}
	ec_linux_thread_set_batch(m, t);
	if (run_on_cpu != UINT_MAX) {
		if (run_on_cpu < nr_cpu_ids && cpu_online(run_on_cpu))
			kthread_bind(t, run_on_cpu);
		else
			EC_MASTER_WARN(&m->core,
				       "run_on_cpu=%u is not an online CPU: not bound",
				       run_on_cpu);
	}
	WRITE_ONCE(m->thread, t);
	wake_up_process(t);
	return 0;
}

static void ec_linux_thread_stop_locked(struct ec_linux_master *m)
{
	struct task_struct *t = m->thread;

	if (!t)
		return;
	WRITE_ONCE(m->thread, NULL);
	/*
	 * No wake-up of a stopped thread: neither a direct one (cycle.c,
	 * under rcu_read_lock()) nor one through the irq_work.
	 */
	synchronize_rcu();
	irq_work_sync(&m->wake_work);
	kthread_stop(t);
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
 * The thread stops polling and sending; it runs the FSMs' turns when the
 * application's receive kicks it.
 */
void ec_linux_enter_operation(struct ec_linux_master *m)
{
	mutex_lock(&m->thread_mutex);
	WRITE_ONCE(m->in_operation, true);
	mutex_unlock(&m->thread_mutex);
}

/**
 * ec_linux_leave_operation() - back to idle: the thread runs the bus
 * @m: the master; io_mutex must not be held
 *
 * The thread (when the main device is open) takes the slaves back to PREOP.
 */
void ec_linux_leave_operation(struct ec_linux_master *m)
{
	mutex_lock(&m->thread_mutex);
	WRITE_ONCE(m->in_operation, false);
	if (m->thread)
		wake_up_process(m->thread);
	mutex_unlock(&m->thread_mutex);
}
