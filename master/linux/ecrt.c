// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt.c - the application interface for kernel modules (include/ecrt.h):
 * thin wrappers that take the right lock, read the clock where the core
 * needs the time and call the core's ec_* functions.
 *
 * Contexts (doc/LOCKING.md): the realtime calls (receive, send, send_ext,
 * master and link state, application time, and in ecrt_config.c the
 * domain and slave-config state and the request state/read/write calls)
 * take only the raw cycle_lock, so they may be called from any context:
 * process, kthread, timer_list or hrtimer callback (softirq or hard-irq
 * expiry), with a spinlock held or interrupts off, PREEMPT_RT included.
 * Everything else (request, configure, activate, deactivate, release, the
 * blocking SDO transfers) takes io_mutex: process context only.  The
 * blocking transfers wait for the slave FSM, which in the operation phase
 * runs in the master's thread, so they work from any process context but
 * never from the cyclic task itself; use an SDO request there.
 *
 * The application's hold on a master (reserve, activate, deactivate,
 * release) is shared with the char device: see ec_linux_master_*() below.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/vmalloc.h>
#include <linux/wait.h>

#include "ecrt.h"
#include "master_linux.h"
#include "cycle/domain.h"
#include "mailbox/emergency.h"
#include "request/requests.h"
#include "slave/slave.h"
#include "app/slave_config.h"

static struct ec_linux_master *ec_lm(const ec_master_t *master)
{
	return ec_linux_of(master);
}

static void ec_wake_requesters(struct ec_linux_master *m)
{
	if (wq_has_sleeper(&m->request_wq))
		wake_up_all(&m->request_wq);
}

/**
 * ec_linux_master_reserve() - give a master to one application
 * @m: the master
 * @file: the char device file of a userspace application, NULL for a
 *	kernel module
 *
 * Return: 0, -EBUSY when another application holds it, -ENODEV when the
 * master has no device yet.
 */
int ec_linux_master_reserve(struct ec_linux_master *m,
			    struct ec_cdev_file *file)
{
	int ret = 0;

	mutex_lock(&m->io_mutex);
	if (m->reserved)
		ret = -EBUSY;
	else if (m->core.phase == EC_PHASE_ORPHANED)
		ret = -ENODEV;
	if (!ret) {
		m->reserved = true;
		m->reserved_file = file;
	}
	mutex_unlock(&m->io_mutex);
	if (ret == -EBUSY)
		EC_MASTER_WARN(&m->core,
			       "master is in use by another application");
	else if (ret)
		EC_MASTER_WARN(&m->core, "master has no device yet");
	else
		EC_MASTER_INFO(&m->core, "master reserved by %s",
			       file ? "a userspace application" :
				      "a kernel module");
	return ret;
}

/**
 * ec_linux_master_deactivate() - leave the operation phase
 * @m: the master
 *
 * The core takes the slaves back to PREOP and frees configurations,
 * domains and process data; the idle thread runs again.
 *
 * Return: 0, or -EBUSY while the process data is still mapped.
 */
int ec_linux_master_deactivate(struct ec_linux_master *m)
{
	bool was_active;

	mutex_lock(&m->pd_lock);
	if (m->pd_maps) {
		mutex_unlock(&m->pd_lock);
		return -EBUSY;
	}
	mutex_lock(&m->io_mutex);
	was_active = m->core.active;
	ec_rx_stop(m);	/* replies into the process data again */
	/* Lets go of the cyclic side under cycle_lock, then frees. */
	ec_master_deactivate(&m->core, ktime_get_ns());
	ec_master_clear_config(&m->core);
	/* The userspace shared area (ioctl_cycle.c): no mapping is left. */
	vfree(m->shm);
	m->shm = NULL;
	m->shm_size = 0;
	mutex_unlock(&m->io_mutex);
	mutex_unlock(&m->pd_lock);
	if (was_active)
		ec_linux_leave_operation(m);
	ec_wake_requesters(m);
	return 0;
}

/**
 * ec_linux_master_release() - the application lets go of the master
 * @m: the master
 *
 * Deactivates (slaves to PREOP), clears the configuration and makes the
 * master available to the next request.
 */
void ec_linux_master_release(struct ec_linux_master *m)
{
	ec_linux_master_deactivate(m);
	mutex_lock(&m->io_mutex);
	m->reserved = false;
	m->reserved_file = NULL;
	m->send_cb = NULL;
	m->receive_cb = NULL;
	m->cb_data = NULL;
	mutex_unlock(&m->io_mutex);
	EC_MASTER_INFO(&m->core, "master released");
}

/**
 * ec_linux_master_activate() - enter the operation phase
 * @m: the master
 *
 * Stops the idle thread (the application's send/receive drive the bus
 * from now on) and lets the core lay out the domains and configure the
 * slaves toward OP.
 *
 * Return: 0 or -errno from the core; the idle thread runs again on error.
 */
int ec_linux_master_activate(struct ec_linux_master *m)
{
	int ret;

	mutex_lock(&m->io_mutex);
	ret = m->core.active ? -EALREADY : 0;
	mutex_unlock(&m->io_mutex);
	if (ret)
		return 0;
	ec_linux_enter_operation(m);
	mutex_lock(&m->pd_lock);
	mutex_lock(&m->io_mutex);
	ret = ec_master_activate(&m->core, ktime_get_ns());
	/* Requests wait for the application's first cycles from now on. */
	WRITE_ONCE(m->last_app_send_ns, ktime_get_ns());
	mutex_unlock(&m->io_mutex);
	mutex_unlock(&m->pd_lock);
	if (ret) {
		EC_MASTER_ERR(&m->core, "activation failed: %d", ret);
		ec_linux_leave_operation(m);
	}
	return ret;
}

/**
 * ecrt_version_magic() - the interface version this module implements
 *
 * Return: ECRT_VERSION_MAGIC.
 */
unsigned int ecrt_version_magic(void)
{
	return ECRT_VERSION_MAGIC;
}
EXPORT_SYMBOL(ecrt_version_magic);

/**
 * ecrt_request_master() - reserve a master for this kernel module
 * @master_index: index of the master
 *
 * Return: the master, or NULL when it does not exist, has no device yet or
 * is held by another application (reason in the kernel log).
 */
ec_master_t *ecrt_request_master(unsigned int master_index)
{
	struct ec_linux_master *m;

	if (master_index >= ec_master_count) {
		pr_err("EtherCAT: no master %u\n", master_index);
		return NULL;
	}
	m = &ec_masters[master_index];
	if (ec_linux_master_reserve(m, NULL))
		return NULL;
	return &m->core;
}
EXPORT_SYMBOL(ecrt_request_master);

/**
 * ecrt_release_master() - release a master: deactivate, slaves to PREOP
 * @master: from ecrt_request_master()
 */
void ecrt_release_master(ec_master_t *master)
{
	ec_linux_master_release(ec_lm(master));
}
EXPORT_SYMBOL(ecrt_release_master);

/**
 * ecrt_master_callbacks() - the application's send/receive callbacks
 * @master: the master
 * @send_cb: sends the master's own datagrams with ecrt_master_send_ext(),
 *	or NULL
 * @receive_cb: receives with ecrt_master_receive(), or NULL
 * @cb_data: argument of both
 *
 * In the operation phase the master never touches a device itself: with
 * callbacks, its thread calls receive_cb before and send_cb after each
 * FSM turn, so that what the FSMs (and the CLI's requests) queued goes out
 * at once, not only with the application's next ecrt_master_send().  The
 * callbacks run in the thread (process context) and must take the
 * application's own lock around the call, as in IgH.  Process context.
 */
void ecrt_master_callbacks(ec_master_t *master, void (*send_cb)(void *),
			   void (*receive_cb)(void *), void *cb_data)
{
	struct ec_linux_master *m = ec_lm(master);

	mutex_lock(&m->io_mutex);
	m->send_cb = send_cb;
	m->receive_cb = receive_cb;
	m->cb_data = cb_data;
	mutex_unlock(&m->io_mutex);
}
EXPORT_SYMBOL(ecrt_master_callbacks);

ec_domain_t *ecrt_master_create_domain(ec_master_t *master)
{
	struct ec_linux_master *m = ec_lm(master);
	struct ec_domain *d;

	mutex_lock(&m->io_mutex);
	d = ec_master_create_domain(master);
	mutex_unlock(&m->io_mutex);
	return d;
}
EXPORT_SYMBOL(ecrt_master_create_domain);

ec_slave_config_t *ecrt_master_slave_config(ec_master_t *master,
					    uint16_t alias, uint16_t position,
					    uint32_t vendor_id,
					    uint32_t product_code)
{
	struct ec_linux_master *m = ec_lm(master);
	struct ec_slave_config *sc;

	mutex_lock(&m->io_mutex);
	sc = ec_master_slave_config(master, alias, position, vendor_id,
				    product_code);
	mutex_unlock(&m->io_mutex);
	return sc;
}
EXPORT_SYMBOL(ecrt_master_slave_config);

int ecrt_master(ec_master_t *master, ec_master_info_t *master_info)
{
	struct ec_linux_master *m = ec_lm(master);

	mutex_lock(&m->io_mutex);
	master_info->slave_count = master->slave_count;
	master_info->link_up =
		READ_ONCE(master->devices[EC_DEVICE_MAIN].link_up);
	master_info->scan_busy = master->scan_busy;
	master_info->app_time = master->app_time_ns;
	mutex_unlock(&m->io_mutex);
	return 0;
}
EXPORT_SYMBOL(ecrt_master);

int ecrt_master_scan_progress(ec_master_t *master,
			      ec_master_scan_progress_t *progress)
{
	struct ec_linux_master *m = ec_lm(master);
	unsigned int i, done = 0;

	mutex_lock(&m->io_mutex);
	for (i = 0; master->slaves && i < master->slave_count; i++)
		if (master->slaves[i]->scan_done)
			done++;
	progress->slave_count = master->slave_count;
	progress->scan_index = master->scan_busy ? done : master->slave_count;
	mutex_unlock(&m->io_mutex);
	return 0;
}
EXPORT_SYMBOL(ecrt_master_scan_progress);

static void ec_fill_slave_info(ec_slave_info_t *o, const struct ec_slave *s)
{
	unsigned int i;

	memset(o, 0, sizeof(*o));
	o->position = s->ring_position;
	o->vendor_id = s->sii.vendor_id;
	o->product_code = s->sii.product_code;
	o->revision_number = s->sii.revision_number;
	o->serial_number = s->sii.serial_number;
	o->alias = s->effective_alias;
	o->current_on_ebus = s->sii.current_on_ebus;
	for (i = 0; i < EC_MAX_PORTS; i++) {
		const struct ec_slave_port *p = &s->ports[i];

		o->ports[i].desc = p->desc;
		o->ports[i].link.link_up = p->link_up;
		o->ports[i].link.loop_closed = p->loop_closed;
		o->ports[i].link.signal_detected = p->signal_detected;
		o->ports[i].receive_time = p->receive_time;
		o->ports[i].next_slave = p->next_slave ?
			p->next_slave->ring_position : 0xffff;
		o->ports[i].delay_to_next_dc = p->delay_to_next_dc;
	}
	o->al_state = s->current_state;
	o->error_flag = s->error_flag;
	o->sync_count = s->sync_count;
	o->sdo_count = s->sdo_count;
	strscpy(o->name, ec_slave_name(s), sizeof(o->name));
}

int ecrt_master_get_slave(ec_master_t *master, uint16_t slave_position,
			  ec_slave_info_t *slave_info)
{
	struct ec_linux_master *m = ec_lm(master);
	int ret = -ENOENT;

	mutex_lock(&m->io_mutex);
	if (master->slaves && slave_position < master->slave_count) {
		ec_fill_slave_info(slave_info, master->slaves[slave_position]);
		ret = 0;
	}
	mutex_unlock(&m->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_master_get_slave);

/**
 * ecrt_master_activate() - enter the operation phase
 *
 * The idle thread stops; from now on the application's cyclic task must
 * call ecrt_master_receive() and ecrt_master_send().
 */
int ecrt_master_activate(ec_master_t *master)
{
	int ret = ec_linux_master_activate(ec_lm(master));

	if (!ret)
		ec_rx_start_kernel(ec_lm(master));
	return ret;
}
EXPORT_SYMBOL(ecrt_master_activate);

/**
 * ecrt_master_deactivate() - leave the operation phase
 *
 * Return: 0; -EINVAL when the master is not active (its configuration
 * stays, as in IgH 1.6); -EBUSY while process data is mapped.
 */
int ecrt_master_deactivate(ec_master_t *master)
{
	if (!READ_ONCE(master->active)) {
		EC_MASTER_WARN(master, "deactivate: master not active");
		return -EINVAL;
	}
	return ec_linux_master_deactivate(ec_lm(master));
}
EXPORT_SYMBOL(ecrt_master_deactivate);

/**
 * ecrt_master_set_send_interval() - the application's cycle, in us
 *
 * Sets the FSMs' byte budget per cycle (IgH's rule) and the cyclic loss
 * timeout (half the interval).  Process context.
 */
int ecrt_master_set_send_interval(ec_master_t *master, size_t send_interval)
{
	struct ec_linux_master *m = ec_lm(master);

	mutex_lock(&m->io_mutex);
	ec_port_io_lock(master);
	ec_master_set_send_interval(master,
				    (u64)send_interval * NSEC_PER_USEC);
	ec_port_io_unlock(master);
	mutex_unlock(&m->io_mutex);
	return 0;
}
EXPORT_SYMBOL(ecrt_master_set_send_interval);

/**
 * ecrt_master_send() - send the queued datagrams (realtime, any context)
 *
 * The domains' datagrams and what the FSMs queued since the last send
 * are packed into frames under cycle_lock and transmitted after it.
 */
int ecrt_master_send(ec_master_t *master)
{
	struct ec_linux_master *m = ec_lm(master);
	unsigned long flags;
	u64 now = ktime_get_ns();
	bool kick;

	flags = ec_linux_cycle_lock(m);
	if (!master->active) {
		raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
		return -EPERM;
	}
	ec_master_app_send(master, now);
	ec_rx_after_send(m);
	kick = ec_linux_take_send_kick(m);
	ec_linux_cycle_unlock(m, flags);	/* transmits */
	WRITE_ONCE(m->last_app_send_ns, now);
	if (kick)
		ec_linux_kick_thread(m);
	return 0;
}
EXPORT_SYMBOL(ecrt_master_send);

/**
 * ecrt_master_receive() - take in the frames that arrived (realtime, any
 * context)
 *
 * When the last send's exchange completed as its frames arrived
 * (rx_arrival.c), its replies are copied into the process data and that
 * is all.  Otherwise the devices are polled, what is still unanswered
 * from an earlier cycle is lost here (one lost frame costs one cycle) and
 * the master's thread is kicked when its FSM turn has work
 * (ec_linux_turn_wanted()).
 */
int ecrt_master_receive(ec_master_t *master)
{
	struct ec_linux_master *m = ec_lm(master);
	unsigned long flags;
	bool kick = false;

	flags = ec_linux_cycle_lock(m);
	if (!master->active) {
		raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
		return -EPERM;
	}
	ec_domains_take_queued(master);	/* a queue() before the receive */
	if (!ec_rx_take_arrived(m)) {
		u64 now = ktime_get_ns();

		ec_master_app_receive(master, now);
		ec_rx_after_receive(m);
		kick = ec_linux_turn_wanted(m, now);
	}
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	if (kick)
		ec_linux_kick_thread(m);
	return 0;
}
EXPORT_SYMBOL(ecrt_master_receive);

/**
 * ecrt_master_send_ext() - send what the master queued (realtime, any
 * context; meant for the application's send callback)
 *
 * Sends the queue as ecrt_master_send() does: the FSMs' datagrams (and
 * whatever domain datagrams the application queued since its last send).
 */
int ecrt_master_send_ext(ec_master_t *master)
{
	return ecrt_master_send(master);
}
EXPORT_SYMBOL(ecrt_master_send_ext);

/** ecrt_master_state() - realtime, any context */
int ecrt_master_state(const ec_master_t *master, ec_master_state_t *state)
{
	struct ec_linux_master *m = ec_lm(master);
	unsigned long flags;

	flags = ec_linux_cycle_lock(m);
	ec_master_get_state(master, state);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return 0;
}
EXPORT_SYMBOL(ecrt_master_state);

/** ecrt_master_link_state() - realtime, any context */
int ecrt_master_link_state(const ec_master_t *master, unsigned int dev_idx,
			   ec_master_link_state_t *state)
{
	struct ec_linux_master *m = ec_lm(master);
	unsigned long flags;

	if (dev_idx >= master->num_devices)
		return -EINVAL;
	flags = ec_linux_cycle_lock(m);
	ec_master_get_link_state(master, dev_idx, state);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return 0;
}
EXPORT_SYMBOL(ecrt_master_link_state);

/**
 * ecrt_master_reset() - retry the slaves the master gave up on
 *
 * Clears every slave's error flag so that its FSM configures it again.
 */
int ecrt_master_reset(ec_master_t *master)
{
	struct ec_linux_master *m = ec_lm(master);
	unsigned int i;

	mutex_lock(&m->io_mutex);
	for (i = 0; master->slaves && i < master->slave_count; i++)
		master->slaves[i]->error_flag = false;
	mutex_unlock(&m->io_mutex);
	return 0;
}
EXPORT_SYMBOL(ecrt_master_reset);
