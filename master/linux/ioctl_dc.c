// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_dc.c - the distributed clock commands of the application
 * (include/ec_ioctl.h, "distributed clocks") and their part of the shared
 * area.
 *
 * Locking (doc/LOCKING.md): the cyclic commands take cycle_lock around
 * the core call only; the two setup commands io_mutex.  The shared area's
 * DC words are taken and published inside EC_IOCTL_RECEIVE/SEND, under
 * cycle_lock (ioctl_cycle.c calls ec_dc_shm_take/publish).
 */
#include <linux/build_bug.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "dc/dc.h"

static_assert(EC_IOCTL_DC_SYNC_REF == EC_DC_QUEUE_REF_SYNC);
static_assert(EC_IOCTL_DC_SYNC_SLAVES == EC_DC_QUEUE_SLAVE_SYNC);
static_assert(EC_IOCTL_DC_MONITOR == EC_DC_QUEUE_MONITOR);
static_assert(EC_IOCTL_DC_REF_TIME64 == EC_DC_QUEUE_REF_TIME64);

long ec_ioctl_dc_queue(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned long what = (unsigned long)arg, flags;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	if (what & ~(unsigned long)EC_DC_QUEUE_ALL)
		return -EINVAL;
	flags = ec_linux_cycle_lock(m);
	ret = m->core.active ? ec_dc_queue_locked(&m->core, what) : -EPERM;
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return ret;
}

long ec_ioctl_dc_sync_ref_to(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned long flags;
	__u64 t;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	if (copy_from_user(&t, arg, sizeof(t)))
		return -EFAULT;
	flags = ec_linux_cycle_lock(m);
	ret = m->core.active ? ec_dc_sync_ref_locked(&m->core, true, t) :
			       -EPERM;
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return ret;
}

/* What the last receive brought; cycle_lock held. */
static void ec_dc_times_locked(struct ec_master *c,
			       struct ec_ioctl_dc_times *o)
{
	u32 t32;
	u64 t64;

	memset(o, 0, sizeof(*o));
	o->monitor = ec_dc_monitor_locked(c);
	if (!c->dc.ref_station)
		o->valid |= EC_IOCTL_DC_NO_REF;
	if (!ec_dc_ref_time32_locked(c, &t32)) {
		o->ref_time32 = t32;
		o->valid |= EC_IOCTL_DC_VALID_REF32;
	}
	if (!ec_dc_ref_time64_locked(c, &t64)) {
		o->ref_time64 = t64;
		o->valid |= EC_IOCTL_DC_VALID_REF64;
	}
}

/* Publish @o in the shared area; cycle_lock held, m->shm set. */
static void ec_dc_shm_write(struct ec_linux_master *m,
			    const struct ec_ioctl_dc_times *o)
{
	WRITE_ONCE(m->shm->dc_ref_time64, o->ref_time64);
	WRITE_ONCE(m->shm->dc_ref_time32, o->ref_time32);
	WRITE_ONCE(m->shm->dc_monitor, o->monitor);
	/* the words before dc_valid: pairs with lib's acquire load */
	smp_store_release(&m->shm->dc_valid,
			  o->valid | EC_IOCTL_DC_PUBLISHED);
}

long ec_ioctl_dc_times(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_dc_times o;
	unsigned long flags;

	if (!ec_app_holds(f))
		return -EPERM;
	flags = ec_linux_cycle_lock(m);
	ec_dc_times_locked(&m->core, &o);
	if (m->shm && m->core.active) {
		/* from now on at every receive (EC_IOCTL_DC_PUBLISHED) */
		WRITE_ONCE(m->dc_shm_wanted, true);
		ec_dc_shm_write(m, &o);
	}
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return copy_to_user(arg, &o, sizeof(o)) ? -EFAULT : 0;
}

long ec_ioctl_select_ref_clock(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	unsigned long index = (unsigned long)arg;
	struct ec_slave_config *sc = NULL;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	mutex_lock(&m->io_mutex);
	if (index != 0xffffffffUL) {
		sc = ec_app_config(m, (u32)index);
		if (!sc) {
			mutex_unlock(&m->io_mutex);
			return -ENOENT;
		}
	}
	ret = ec_dc_select_reference(&m->core, sc);
	mutex_unlock(&m->io_mutex);
	return ret;
}

static long ec_sc_dc_apply(struct ec_slave_config *sc, const void *data)
{
	const struct ec_ioctl_sc_dc *d = data;

	return ec_dc_config(sc, d->assign_activate, d->sync0_cycle,
			    d->sync0_shift, d->sync1_cycle, d->sync1_shift);
}

long ec_ioctl_sc_dc(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_sc_dc data;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0)
		return -EINVAL;
	return ec_app_sc_apply(f->master, data.config_index, ec_sc_dc_apply,
			       &data);
}

/**
 * ec_dc_shm_take() - the DC calls the application made through the area
 * @m: master; cycle_lock held, inside EC_IOCTL_RECEIVE or EC_IOCTL_SEND
 */
void ec_dc_shm_take(struct ec_linux_master *m)
{
	u32 what = READ_ONCE(m->shm->dc_queue) ?
			   xchg(&m->shm->dc_queue, 0) : 0;	/* ioctl_cycle.c */

	if (what & EC_IOCTL_DC_SYNC_TO)
		ec_dc_sync_ref_locked(&m->core, true,
				      READ_ONCE(m->shm->dc_sync_time));
	what &= EC_DC_QUEUE_ALL;
	if (what)
		ec_dc_queue_locked(&m->core, what);
}

/**
 * ec_dc_shm_publish() - what the receive brought, for the application
 * @m: master; cycle_lock held, at the end of EC_IOCTL_RECEIVE
 *
 * Only once the application read the DC words (EC_IOCTL_DC_PUBLISHED).
 */
void ec_dc_shm_publish(struct ec_linux_master *m)
{
	struct ec_ioctl_dc_times o;

	if (!m->shm || !READ_ONCE(m->dc_shm_wanted))
		return;
	ec_dc_times_locked(&m->core, &o);
	ec_dc_shm_write(m, &o);
}
