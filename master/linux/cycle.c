// SPDX-License-Identifier: GPL-2.0-only
/*
 * cycle.c - the cyclic side's lock, the transmit queue and the wake-up of
 * the master's thread (doc/LOCKING.md).
 *
 * cycle_lock is a raw spinlock, always taken irqsave, so that the cyclic
 * calls work from any context on every kernel including PREEMPT_RT.  Under
 * it nothing sleeps, allocates or transmits: frames built under the lock
 * are staged in a per-device queue and handed to the device's xmit after
 * the lock is dropped, by ec_linux_cycle_unlock().  The thread is woken
 * with wake_up_process(), which takes only raw locks and may be called in
 * any context but NMI, on PREEMPT_RT too; from NMI the wake-up goes
 * through an irq_work of the hard kind.  The direct call costs a third of
 * the self-interrupt (doc/LOCKING.md, rule 5).
 */
#include <linux/irq_work.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "master_linux.h"
#include "cycle/monitor.h"

/* The core's io lock (master/port.h) is cycle_lock. */
void ec_port_io_lock(struct ec_master *master)
{
	struct ec_linux_master *m = ec_linux_of(master);
	unsigned long flags;

	raw_spin_lock_irqsave(&m->cycle_lock, flags);
	m->cycle_flags = flags;
}

void ec_port_io_unlock(struct ec_master *master)
{
	struct ec_linux_master *m = ec_linux_of(master);

	raw_spin_unlock_irqrestore(&m->cycle_lock, m->cycle_flags);
}

/**
 * ec_linux_cycle_lock() - take cycle_lock for a cyclic call
 * @m: master
 *
 * Return: the interrupt flags for ec_linux_cycle_unlock().
 */
unsigned long ec_linux_cycle_lock(struct ec_linux_master *m)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&m->cycle_lock, flags);
	return flags;
}

/**
 * ec_linux_cycle_unlock() - drop cycle_lock, then transmit what was staged
 * @m: master
 * @flags: from ec_linux_cycle_lock()
 */
void ec_linux_cycle_unlock(struct ec_linux_master *m, unsigned long flags)
{
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	ec_linux_flush_tx(m);
}

/**
 * ec_linux_stage_slot() - the queue slot the next staged frame goes to
 * @m: master; cycle_lock held
 * @dev_idx: device index
 *
 * The core builds its next frame there (ec_device_tx_begin()), so that
 * staging it copies nothing.  The flusher reads only the slots before
 * head, and a slot is free again once the driver's xmit, which copies the
 * frame, has returned (tail).
 *
 * Return: the slot, or NULL when the queue is full (or gone).
 */
u8 *ec_linux_stage_slot(struct ec_linux_master *m, unsigned int dev_idx)
{
	struct ec_linux_txq *q = m->txq[dev_idx];

	if (!q || q->head - READ_ONCE(q->tail) >= EC_LINUX_TXQ_FRAMES)
		return NULL;
	return q->frame[q->head % EC_LINUX_TXQ_FRAMES];
}

/**
 * ec_linux_stage_frame() - queue a frame for transmission after the lock
 * @m: master; cycle_lock held
 * @dev_idx: device index
 * @frame: whole Ethernet frame (built in ec_linux_stage_slot(): not copied)
 * @size: its length
 *
 * Return: 0, or -ENOBUFS when EC_LINUX_TXQ_FRAMES frames wait already.
 */
int ec_linux_stage_frame(struct ec_linux_master *m, unsigned int dev_idx,
			 const u8 *frame, size_t size)
{
	struct ec_linux_txq *q = m->txq[dev_idx];
	u8 *slot;

	if (!q || size > EC_FRAME_MAX_SIZE)
		return -EINVAL;
	slot = ec_linux_stage_slot(m, dev_idx);
	if (!slot)
		return -ENOBUFS;
	if (frame != slot)
		memcpy(slot, frame, size);
	q->len[q->head % EC_LINUX_TXQ_FRAMES] = size;
	/* queue index: pairs with the other side's acquire/release */
	smp_store_release(&q->head, q->head + 1);
	return 0;
}

/* Transmit the staged frames of one device; the caller has the flag. */
static void ec_linux_drain(struct ec_linux_master *m, unsigned int d,
			   struct ec_linux_txq *q)
{
	const struct ecdev_ops *ops;
	unsigned int tail = q->tail;
	void *priv;

	atomic_inc(&m->tx_busy);
	smp_mb__after_atomic();	/* pairs with ec_linux_wait_tx_idle() */
	ops = READ_ONCE(m->ldev[d].ops);
	priv = READ_ONCE(m->ldev[d].priv);
	/* queue index: pairs with the other side's acquire/release */
	while (tail != smp_load_acquire(&q->head)) {
		unsigned int slot = tail % EC_LINUX_TXQ_FRAMES;

		if (ops && READ_ONCE(m->core.devices[d].attached))
			ops->xmit(priv, q->frame[slot], q->len[slot]);
		tail++;
		/* queue index: pairs with the other side's acquire/release */
		smp_store_release(&q->tail, tail);
	}
	atomic_dec(&m->tx_busy);
}

/**
 * ec_linux_flush_tx() - hand the staged frames to the devices
 * @m: master; cycle_lock not held
 *
 * Runs in the caller's context: the device's xmit must be callable from
 * any cyclic context (devices/ecdev.h).  One flusher at a time per device;
 * a caller that finds another at work leaves the frames to it: the other
 * looks at the queue again after it let go of the flag (both sides are
 * fully ordered: test_and_set_bit(), and a barrier after the release), so
 * nothing is left behind and nobody spins on a preempted flusher.
 */
void ec_linux_flush_tx(struct ec_linux_master *m)
{
	unsigned int d;

	for (d = 0; d < m->core.num_devices; d++) {
		struct ec_linux_txq *q = m->txq[d];

		if (!q)
			continue;
		/* queue index: pairs with the other side's acquire/release */
		while (READ_ONCE(q->tail) != smp_load_acquire(&q->head)) {
			if (test_and_set_bit(0, &q->flushing))
				break;
			ec_linux_drain(m, d, q);
			clear_bit_unlock(0, &q->flushing);
			/* the release before the re-check of the queue */
			smp_mb__after_atomic();
		}
	}
}

/**
 * ec_linux_wait_tx_idle() - wait until no flusher is inside a device
 * @m: master; process context, after the device was marked detached under
 *	cycle_lock, before its driver's data goes away
 */
void ec_linux_wait_tx_idle(struct ec_linux_master *m)
{
	smp_mb();	/* the detached flag before the busy count */
	while (atomic_read(&m->tx_busy))
		cpu_relax();
}

static void ec_linux_wake_fn(struct irq_work *work)
{
	struct ec_linux_master *m = container_of(work, struct ec_linux_master,
						 wake_work);
	struct task_struct *t = READ_ONCE(m->thread);

	if (t)
		wake_up_process(t);
}

/**
 * ec_linux_turn_wanted() - after an application's receive: whether the
 * thread's FSM turn has work (doc/LOCKING.md, rule 11)
 * @m: master; cycle_lock held
 * @now_ns: current time
 *
 * With EoE interfaces every receive (their frames wait for the turns);
 * otherwise only when ec_master_fsm_wanted() says so: an FSM datagram
 * answered or lost, a request, or the next due time.
 *
 * Return: true if the caller kicks the thread after the unlock.
 */
bool ec_linux_turn_wanted(struct ec_linux_master *m, u64 now_ns)
{
	return !list_empty(&m->eoe_list) ||
	       ec_master_fsm_wanted(&m->core, now_ns);
}

/**
 * ec_linux_defer_kick() - leave a wanted turn to the application's next
 * send, when it only has the quiet monitoring's work
 * @m: master; cycle_lock held (the receive on arrival, rx_arrival.c)
 *
 * While the monitor plans batches (every slave FSM settled, no request,
 * no scan, no backup device: ec_monitor_batching()) and no EoE interface
 * waits, the turn a batch's broadcast gives is not urgent.  Kicked from
 * the arrival, the thread would run at once on the idle CPU, between the
 * frame and the application's next cycle: an idle exit and entry more
 * per turn than a kick from the application's call, after which the
 * thread runs when the application sleeps (SCHED_BATCH).  The next send
 * (ec_linux_take_send_kick()) kicks instead, a cycle later at most; an
 * application that stops sending leaves it to the thread's own timeout
 * (EC_OP_WAIT_MS).
 *
 * Return: true if deferred (the caller does not kick).
 */
bool ec_linux_defer_kick(struct ec_linux_master *m)
{
	if (ec_load_acquire(&m->core.fsm_request) ||
	    !list_empty(&m->eoe_list) || !ec_monitor_batching(&m->core))
		return false;
	m->kick_at_send = true;
	return true;
}

/**
 * ec_linux_take_send_kick() - at the application's send: a kick the
 * arrival left to it
 * @m: master; cycle_lock held
 *
 * Return: true if the caller kicks the thread after the unlock.
 */
bool ec_linux_take_send_kick(struct ec_linux_master *m)
{
	bool kick = m->kick_at_send;

	m->kick_at_send = false;
	return kick;
}

/**
 * ec_linux_kick_thread() - let the thread run its next turn now
 * @m: master; any context
 */
void ec_linux_kick_thread(struct ec_linux_master *m)
{
	struct task_struct *t;

	if (current == READ_ONCE(m->thread))
		return;	/* its own callbacks: it runs anyway */
	WRITE_ONCE(m->thread_kick, 1);
	if (unlikely(in_nmi())) {
		irq_work_queue(&m->wake_work);
		return;
	}
	/*
	 * The stopper clears m->thread, then waits for a grace period before
	 * kthread_stop(): a task read here stays valid until the unlock.
	 */
	rcu_read_lock();
	t = READ_ONCE(m->thread);
	if (t)
		wake_up_process(t);
	rcu_read_unlock();
}

/**
 * ec_linux_cycle_init() - set up the cyclic side of a master
 * @m: master
 *
 * Return: 0 or -ENOMEM.
 */
int ec_linux_cycle_init(struct ec_linux_master *m)
{
	unsigned int d;

	raw_spin_lock_init(&m->cycle_lock);
	atomic_set(&m->tx_busy, 0);
	m->wake_work = IRQ_WORK_INIT_HARD(ec_linux_wake_fn);
	for (d = 0; d < m->core.num_devices; d++) {
		m->txq[d] = kvzalloc(sizeof(*m->txq[d]), GFP_KERNEL);
		if (!m->txq[d]) {
			ec_linux_cycle_clear(m);
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * ec_linux_cycle_clear() - free the transmit queues
 * @m: master; no device left, the thread stopped
 */
void ec_linux_cycle_clear(struct ec_linux_master *m)
{
	unsigned int d;

	irq_work_sync(&m->wake_work);
	for (d = 0; d < EC_MAX_DEVICES; d++) {
		kvfree(m->txq[d]);
		m->txq[d] = NULL;
	}
}
