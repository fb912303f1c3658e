// SPDX-License-Identifier: GPL-2.0-only
/*
 * request.c - the one life cycle of a request a caller waits for, of
 * every kind and every caller (the CLI's ioctls, the application's
 * blocking calls): allocate it with its buffer, queue it on the slave's
 * one queue, wait, collect the result, free it.
 *
 * The wait is interruptible and bounded: a request the FSM has not
 * started is simply taken back; one in progress cannot be (the FSM still
 * uses its memory), so it is handed to the master's list of orphans and
 * freed by the reaper (the master's thread, after each turn) once the
 * FSM is done with it.  A caller therefore never hangs unkillably, also
 * not when an application holds the master in OP and stops cycling; a
 * caller killed or closing its file while it waits leaves the same way.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "request.h"
#include "slave/fsm_slave.h"
#include "slave/slave.h"

#define EC_SCAN_WAIT_MS 10000
#define EC_REQUEST_SLICE_MS 100
/* In OP only the application's cycle serves requests: give up when it
 * has not sent for this long.
 */
#define EC_APP_STALL_NS (2000ULL * NSEC_PER_MSEC)

/**
 * ec_linux_req_alloc() - a request of the caller with its buffer
 * @kind: EC_REQ_*
 * @size: buffer bytes, 0 for none
 * @src: user memory to copy into the buffer, or NULL for a zeroed one
 *
 * Return: the request, or an ERR_PTR (-ENOMEM, -EFAULT).
 */
struct ec_linux_req *ec_linux_req_alloc(enum ec_req_kind kind, size_t size,
					const void __user *src)
{
	struct ec_linux_req *r;
	void *buf = NULL;

	if ((unsigned int)kind >= EC_REQ_KINDS)
		return ERR_PTR(-EINVAL);
	r = kzalloc(offsetof(struct ec_linux_req, base) +
		    ec_request_ops[kind].size, GFP_KERNEL);

	if (!r)
		return ERR_PTR(-ENOMEM);
	if (src)
		buf = vmemdup_user(src, size);
	else if (size)
		buf = kvzalloc(size, GFP_KERNEL);
	if (IS_ERR_OR_NULL(buf) && size) {
		kfree(r);
		return buf ? buf : ERR_PTR(-ENOMEM);
	}
	ec_request_init(&r->base, kind, EC_REQ_OWNER_CLI);
	r->buf = buf;
	return r;
}

void ec_linux_req_free(struct ec_linux_req *r)
{
	kvfree(r->buf);
	kfree(r);
}

static void ec_linux_req_free_orphan(struct ec_request *req)
{
	ec_linux_req_free(container_of(req, struct ec_linux_req, base));
}

/**
 * ec_linux_reap_requests() - free abandoned requests the FSMs finished
 * @m: master, io_mutex held
 */
void ec_linux_reap_requests(struct ec_linux_master *m)
{
	ec_request_reap(&m->orphans, ec_linux_req_free_orphan, false);
}

/**
 * ec_linux_free_orphans() - at unload, after the slaves were cleared
 * @m: master; every request was failed by ec_master_clear()
 */
void ec_linux_free_orphans(struct ec_linux_master *m)
{
	ec_request_reap(&m->orphans, ec_linux_req_free_orphan, true);
}

/*
 * Queue on the slave's queue.  Right after link-up the scan may still
 * run: wait for it (interruptibly, at most EC_SCAN_WAIT_MS), so that a
 * command given just after loading the modules works.  -EINVAL for a
 * slave that does not exist, -ENXIO for a kind that needs a complete scan
 * on a slave the scan gave up on (error flag; retrying does not help:
 * repair the slave and rescan), -EAGAIN when the scan is still running at
 * the end.  A slave not scanned yet (a new scan about to start) is waited
 * for.  Register requests and SII writes are served by any slave that
 * answers (the kind's row says so): an EEPROM full of garbage must be
 * repairable from the master.
 */
static int ec_linux_req_queue(struct ec_linux_master *m, u16 position,
			      struct ec_linux_req *r)
{
	unsigned long end = jiffies + msecs_to_jiffies(EC_SCAN_WAIT_MS);
	bool any = ec_request_ops[r->base.kind].unscanned;
	struct ec_slave *s;
	int ret;

	for (;;) {
		mutex_lock(&m->io_mutex);
		s = position < m->core.slave_count && m->core.slaves ?
			m->core.slaves[position] : NULL;
		if (s && !m->core.scan_busy && (s->scan_done || any)) {
			ec_slave_queue_request(s, &r->base);
			ret = 0;
		} else if (!s && !m->core.scan_busy &&
			   m->core.slave_count == m->core.slaves_responding) {
			ret = -EINVAL;
		} else if (s && s->error_flag && !m->core.scan_busy) {
			ret = -ENXIO;	/* the scan gave up on it */
		} else {
			ret = -EBUSY;	/* scan in progress */
		}
		mutex_unlock(&m->io_mutex);
		if (!ret)
			ec_linux_thread_nudge(m);	/* an idle rest ends */
		if (ret != -EBUSY)
			return ret;
		if (time_after(jiffies, end))
			return -EAGAIN;
		if (msleep_interruptible(10))
			return -EINTR;
	}
}

/*
 * Wait for the FSM.  Returns 0 when the request is done, -EINTR or
 * -ETIMEDOUT otherwise; *orphaned tells that the request now belongs to
 * the reaper and must not be touched or freed by the caller.
 */
static int ec_linux_req_wait(struct ec_linux_master *m,
			     struct ec_linux_req *r, unsigned long timeout_ms,
			     bool *orphaned)
{
	unsigned long end = jiffies + msecs_to_jiffies(timeout_ms);
	enum ec_req_state *state = &r->base.state;
	long left;
	int ret;

	for (;;) {
		/* pairs with the FSM side's release of the final state */
		left = wait_event_interruptible_timeout(
			m->request_wq, ec_req_done(smp_load_acquire(state)),
			msecs_to_jiffies(EC_REQUEST_SLICE_MS));
		if (left > 0)
			return 0;
		if (left < 0 || time_after(jiffies, end))
			break;
		if (READ_ONCE(m->core.phase) == EC_PHASE_OPERATION &&
		    ktime_get_ns() - READ_ONCE(m->last_app_send_ns) >
			    EC_APP_STALL_NS)
			break;	/* the application stopped cycling */
	}
	ret = left < 0 ? -EINTR : -ETIMEDOUT;
	mutex_lock(&m->io_mutex);
	if (ec_req_done(*state)) {
		ret = 0;
	} else if (!ec_slave_unqueue_request(&r->base)) {
		ec_request_orphan(&m->orphans, &r->base);
		*orphaned = true;
	}
	mutex_unlock(&m->io_mutex);
	return ret;
}

/**
 * ec_linux_req_run() - queue, wait, and turn a failed request into its error
 * @m: master
 * @position: slave
 * @r: request of ec_linux_req_alloc() with its kind's fields set
 * @timeout_ms: the longest wait once queued
 * @orphaned: out: the request belongs to the reaper now
 *
 * Process context.
 *
 * Return: 0 or -errno (the request's error when it failed).
 */
int ec_linux_req_run(struct ec_linux_master *m, u16 position,
		     struct ec_linux_req *r, unsigned long timeout_ms,
		     bool *orphaned)
{
	int ret;

	*orphaned = false;
	ret = ec_linux_req_queue(m, position, r);
	if (!ret)
		ret = ec_linux_req_wait(m, r, timeout_ms, orphaned);
	if (!ret && r->base.state == EC_REQ_FAILURE)
		ret = r->base.error ? r->base.error : -EIO;
	return ret;
}

int ec_linux_req_run_free(struct ec_linux_master *m, u16 position,
			  struct ec_linux_req *r, unsigned long timeout_ms)
{
	bool orphaned;
	int ret = ec_linux_req_run(m, position, r, timeout_ms, &orphaned);

	if (!orphaned)
		ec_linux_req_free(r);
	return ret;
}
