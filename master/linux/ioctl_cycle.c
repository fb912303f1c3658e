// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_cycle.c - ioctl handlers of the application API for activation
 * and the cycle: activate/deactivate, send, receive, domain process/queue
 * and the state queries.  The cyclic commands take the domain index (or
 * nothing) as the plain ioctl argument: no copies on the hot path.
 */
#include <linux/ktime.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <linux/wait.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "cycle/domain.h"
#include "slave/slave.h"
#include "dc/dc.h"

/*
 * The shared area: created at the first EC_IOCTL_ACTIVATE, freed by
 * ec_linux_master_deactivate().  Called with pd_lock and io_mutex held.
 */
static u32 ec_shm_create(struct ec_linux_master *m)
{
	size_t head = PAGE_ALIGN(sizeof(struct ec_ioctl_shm));
	struct ec_ioctl_shm *shm;
	struct ec_list *n;
	struct ec_domain *d;
	size_t image;

	if (m->shm)
		return m->shm_size;	/* activated before */
	image = ec_rx_image_size(m, true);
	shm = vmalloc_user(head + PAGE_ALIGN(image));
	if (!shm)
		return 0;	/* userspace falls back to ioctls */
	m->shm = shm;
	m->shm_size = head + PAGE_ALIGN(image);
	WRITE_ONCE(m->dc_shm_wanted, false);
	shm->magic = EC_IOCTL_SHM_MAGIC;
	shm->version = EC_IOCTL_VERSION;
	shm->entry_size = sizeof(shm->domains[0]);
	shm->domain_count = min_t(u32, m->core.domain_count,
				  EC_IOCTL_SHM_DOMAINS);
	for (n = m->core.domains.next; n != &m->core.domains; n = n->next) {
		d = ec_list_entry(n, struct ec_domain, node);
		if (d->index < EC_IOCTL_SHM_DOMAINS)
			shm->domains[d->index].expected_wkc =
				d->expected_working_counter;
	}
	if (image) {
		shm->rx.rx_image_offset = head;
		shm->rx.rx_image_size = image;
		ec_rx_start(m, (u8 *)shm + head);
	}
	return m->shm_size;
}

/*
 * Take the application time set through the shared area, and replay on
 * each domain what the application did through it since the last receive,
 * send or state query: a process() before any queue() (with the working
 * counter lib found), the queue()s (their datagrams are queued: a
 * process() after them finds nothing answered), a process() after them.
 * cycle_lock held.
 */
static void ec_shm_take(struct ec_linux_master *m, u64 now_ns)
{
	struct ec_ioctl_shm_domain *e;
	struct ec_list *n;
	struct ec_domain *d;
	u32 flags, queues;

	/*
	 * A plain load first: most receives find nothing recorded, and an
	 * atomic exchange costs far more than a load (under emulation most
	 * of all), as does the walk over the domains.  A record made just
	 * after the load is taken at the next receive or send, as one made
	 * just after the exchange would be; the exchange orders the reads
	 * of the records after lib's release of app_pending.
	 */
	if (!m->shm || !READ_ONCE(m->shm->app_pending) ||
	    !xchg(&m->shm->app_pending, 0))
		return;
	if (READ_ONCE(m->shm->app_time_set) && xchg(&m->shm->app_time_set, 0))
		ec_dc_application_time_locked(&m->core,
					      READ_ONCE(m->shm->app_time),
					      now_ns);
	ec_dc_shm_take(m);	/* the DC calls, before the domains' queues */
	for (n = m->core.domains.next; n != &m->core.domains; n = n->next) {
		d = ec_list_entry(n, struct ec_domain, node);
		if (d->index >= EC_IOCTL_SHM_DOMAINS)
			continue;
		e = &m->shm->domains[d->index];
		flags = READ_ONCE(e->app_flags) ? xchg(&e->app_flags, 0) : 0;
		queues = READ_ONCE(e->queue_count) ?
				 xchg(&e->queue_count, 0) : 0;
		if (flags & EC_IOCTL_SHM_PROCESSED)
			ec_domain_set_wkc(d, (u16)READ_ONCE(e->app_wkc),
					  now_ns);
		queues = min_t(u32, queues, EC_IOCTL_SHM_QUEUE_MAX);
		while (queues--)
			ec_domain_queue(d);
		if (flags & EC_IOCTL_SHM_PROCESSED_QUEUED)
			ec_domain_set_wkc(d, 0, now_ns);	/* queued */
	}
}

/*
 * Publish, per domain, what a process() would find now: the working
 * counters of the answered datagrams (ec_domain_answered_wkc()), and
 * whether the backup link carried data (ecrt_domain_state()).
 * cycle_lock held.
 */
static void ec_shm_publish(struct ec_linux_master *m)
{
	struct ec_ioctl_shm_domain *e;
	struct ec_list *n;
	struct ec_domain *d;

	if (!m->shm)
		return;
	for (n = m->core.domains.next; n != &m->core.domains; n = n->next) {
		d = ec_list_entry(n, struct ec_domain, node);
		if (d->index >= EC_IOCTL_SHM_DOMAINS)
			continue;
		e = &m->shm->domains[d->index];
		WRITE_ONCE(e->wkc_received, ec_domain_answered_wkc(d));
		/* hot connect: only the groups present count */
		WRITE_ONCE(e->expected_wkc, ec_domain_expected_wkc(d));
		WRITE_ONCE(e->redundancy_active,
			   ec_domain_redundancy_active(d));
		WRITE_ONCE(e->kernel_seq, e->kernel_seq + 1);
	}
}

long ec_ioctl_app_domain_info(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_domain_info data;
	struct ec_domain *d;
	long ret = 0;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0)
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	d = ec_app_domain(m, data.domain_index);
	if (!d) {
		ret = -ENOENT;
	} else {
		data.size = d->data_size;
		data.offset = 0;
		if (m->core.active && m->core.pd_mem && d->data &&
		    d->data >= m->core.pd_mem &&
		    d->data <= m->core.pd_mem + m->core.pd_size)
			data.offset = d->data - m->core.pd_mem;
		else if (m->core.active && d->data_size)
			ret = -ENODATA;	/* external memory: not mappable */
	}
	mutex_unlock(&m->io_mutex);
	if (!ret && copy_to_user(arg, &data, sizeof(data)))
		ret = -EFAULT;
	return ret;
}

long ec_ioctl_app_activate(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_activate data;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	ret = ec_linux_master_activate(m);
	if (ret)
		return ret;
	memset(&data, 0, sizeof(data));
	mutex_lock(&m->pd_lock);
	mutex_lock(&m->io_mutex);
	data.pd_size = m->core.pd_size;
	if (m->core.active)
		data.shm_size = ec_shm_create(m);
	mutex_unlock(&m->io_mutex);
	mutex_unlock(&m->pd_lock);
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_app_deactivate(struct ec_cdev_file *f, void __user *arg)
{
	if (!ec_app_holds(f))
		return -EPERM;
	if (!READ_ONCE(f->master->core.active))
		return -EINVAL;	/* IgH 1.6: not active; config kept */
	return ec_linux_master_deactivate(f->master);
}

/*
 * The cyclic ioctls of a userspace application take only cycle_lock, never
 * io_mutex (doc/LOCKING.md): a CLI command or the master's FSM turn never
 * delays the application's cycle by more than a short section.
 */
long ec_ioctl_app_send(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned long flags;
	long ret = 0;
	u64 now = ktime_get_ns();
	bool kick = false;

	if (!ec_app_holds(f))
		return -EPERM;
	flags = ec_linux_cycle_lock(m);
	if (m->core.active) {
		ec_shm_take(m, now);
		ec_master_app_send(&m->core, now);
		ec_rx_after_send(m);
		ec_shm_publish(m);
		kick = ec_linux_take_send_kick(m);
	} else {
		ret = -EPERM;
	}
	ec_linux_cycle_unlock(m, flags);	/* transmits */
	WRITE_ONCE(m->last_app_send_ns, now);
	if (kick)
		ec_linux_kick_thread(m);
	return ret;
}

long ec_ioctl_app_receive(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned long flags;
	long ret = 0;
	bool kick = false;
	u64 now = ktime_get_ns();

	if (!ec_app_holds(f))
		return -EPERM;
	flags = ec_linux_cycle_lock(m);
	if (m->core.active) {
		ec_shm_take(m, now);
		ec_rx_before_receive(m);
		ec_master_app_receive(&m->core, now);
		ec_rx_after_receive(m);
		ec_shm_publish(m);
		ec_dc_shm_publish(m);
		kick = ec_linux_turn_wanted(m, now);
	} else {
		ret = -EPERM;
	}
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	if (kick)
		ec_linux_kick_thread(m);
	return ret;
}

long ec_ioctl_app_domain_process(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned long flags;
	struct ec_domain *d;
	u64 now = ktime_get_ns();

	if (!ec_app_holds(f))
		return -EPERM;
	flags = ec_linux_cycle_lock(m);
	d = m->core.active ? ec_app_domain(m, (unsigned long)arg) : NULL;
	if (d)
		ec_domain_process(d, now);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return d ? 0 : -ENOENT;
}

long ec_ioctl_app_domain_queue(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned long flags;
	struct ec_domain *d;

	if (!ec_app_holds(f))
		return -EPERM;
	flags = ec_linux_cycle_lock(m);
	d = m->core.active ? ec_app_domain(m, (unsigned long)arg) : NULL;
	if (d)
		ec_domain_queue(d);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return d ? 0 : -ENOENT;
}

long ec_ioctl_app_domain_state(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_domain_state data;
	ec_domain_state_t st;
	unsigned long flags;
	struct ec_domain *d;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0)
		return -EINVAL;
	memset(&st, 0, sizeof(st));
	flags = ec_linux_cycle_lock(m);
	if (m->core.active)	/* the state as lib reports it */
		ec_shm_take(m, ktime_get_ns());
	d = m->core.active ? ec_app_domain(m, data.domain_index) : NULL;
	if (d)
		ec_domain_state(d, &st);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	if (!d)
		return -ENOENT;
	data.working_counter = st.working_counter;
	data.wc_state = st.wc_state;
	data.redundancy_active = st.redundancy_active;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

/* The answer of both state commands: the fields the two states share. */
static long ec_master_state_out(struct ec_ioctl_master_state *data,
				unsigned int responding,
				unsigned int al_states, unsigned int link_up,
				void __user *arg)
{
	data->slaves_responding = responding;
	data->al_states = al_states;
	data->link_up = link_up;
	if (copy_to_user(arg, data, sizeof(*data)))
		return -EFAULT;
	return 0;
}

/* Master and link state: any file may ask. */
long ec_ioctl_app_master_state(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_master_state data;
	ec_master_state_t st;
	unsigned long flags;

	memset(&data, 0, sizeof(data));
	memset(&st, 0, sizeof(st));
	flags = ec_linux_cycle_lock(m);
	ec_master_get_state(&m->core, &st);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return ec_master_state_out(&data, st.slaves_responding, st.al_states,
				   st.link_up, arg);
}

long ec_ioctl_app_link_state(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_master_state data;
	ec_master_link_state_t st;
	unsigned long flags;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (data.reserved0 ||
	    !ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)))
		return -EINVAL;
	if (data.dev_idx >= m->core.num_devices)
		return -EINVAL;
	memset(&st, 0, sizeof(st));
	flags = ec_linux_cycle_lock(m);
	ec_master_get_link_state(&m->core, data.dev_idx, &st);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return ec_master_state_out(&data, st.slaves_responding, st.al_states,
				   st.link_up, arg);
}

long ec_ioctl_app_app_time(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_app_time data;
	unsigned long flags;

	EC_APP_COPY_IN(f, data, arg);
	flags = ec_linux_cycle_lock(m);
	ec_dc_application_time_locked(&m->core, data.app_time,
				      ktime_get_ns());
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return 0;
}

long ec_ioctl_app_send_interval(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_send_interval data;

	EC_APP_COPY_IN(f, data, arg);
	mutex_lock(&m->io_mutex);
	ec_port_io_lock(&m->core);
	ec_master_set_send_interval(&m->core,
				    (u64)data.send_interval_us * NSEC_PER_USEC);
	ec_port_io_unlock(&m->core);
	mutex_unlock(&m->io_mutex);
	return 0;
}

long ec_ioctl_app_reset(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned int i;

	if (!ec_app_holds(f))
		return -EPERM;
	mutex_lock(&m->io_mutex);
	for (i = 0; m->core.slaves && i < m->core.slave_count; i++)
		m->core.slaves[i]->error_flag = false;
	mutex_unlock(&m->io_mutex);
	return 0;
}
