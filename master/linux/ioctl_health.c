// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_health.c - link health for the CLI (ec_ioctl_health.h): a slave's
 * error counter totals, counts per window and the ends of its cables; the
 * master's summary; switching the reads on and off.
 *
 * Locking: the watch's state belongs to the FSM side, which runs under
 * io_mutex (thread.c); these handlers take io_mutex for the copy and
 * never touch cycle_lock except through the core's short tx count read.
 */
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "slave/link_health.h"

static void ec_ioctl_health_fill(const struct ec_master *c, unsigned int pos,
				 u64 now, struct ec_ioctl_slave_health *o)
{
	const struct ec_health_slave *s = ec_link_health_slave(c, pos);
	struct ec_health_window w;
	unsigned int p, k, win;

	for (p = 0; p < EC_IOCTL_MAX_PORTS; p++) {
		ec_link_health_peer(c, pos, p, &o->peer[p], &o->peer_port[p]);
		o->port_faults[p] = ec_link_health_port_faults(c, pos, p, now);
	}
	if (!s)
		return;
	o->read = 1;
	memcpy(o->raw, s->raw, sizeof(o->raw));
	o->reads = s->reads;
	o->age_ns = now - s->last_read_ns;
	o->saturated = s->saturated;
	for (p = 0; p < EC_IOCTL_MAX_PORTS; p++)
		for (k = 0; k < EC_IOCTL_HEALTH_COUNTERS; k++)
			o->total[p][k] = s->total[p][k];
	o->processing_unit = s->processing_unit;
	o->pdi = s->pdi;
	for (win = 0; win < EC_IOCTL_HEALTH_WINDOWS; win++) {
		ec_link_health_window(c, pos, win, now, &w);
		o->window_ns[win] = w.ns;
		o->window_frames[win] = w.frames;
		for (p = 0; p < EC_IOCTL_MAX_PORTS; p++)
			for (k = 0; k < EC_IOCTL_HEALTH_COUNTERS; k++)
				o->count[win][p][k] = w.delta[p][k];
	}
}

/* EC_IOCTL_SLAVE_HEALTH: one slave's counters as the master keeps them */
long ec_ioctl_slave_health(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave_health *o;
	u16 pos;
	long ret = 0;

	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	if (copy_from_user(o, arg, sizeof(*o))) {
		ret = -EFAULT;
		goto out_free;
	}
	if (o->reserved0 || o->reserved1 ||
	    !ec_ioctl_reserved_ok(o->reserved, ARRAY_SIZE(o->reserved))) {
		ret = -EINVAL;
		goto out_free;
	}
	pos = o->slave_position;
	memset(o, 0, sizeof(*o));
	o->slave_position = pos;
	if (mutex_lock_interruptible(&m->io_mutex)) {
		ret = -EINTR;
		goto out_free;
	}
	if (pos >= m->core.slave_count)
		ret = -EINVAL;
	else
		ec_ioctl_health_fill(&m->core, pos, ktime_get_ns(), o);
	mutex_unlock(&m->io_mutex);
	if (!ret && copy_to_user(arg, o, sizeof(*o)))
		ret = -EFAULT;
out_free:
	kfree(o);
	return ret;
}

/* EC_IOCTL_MASTER_HEALTH: the cost of the watch and the unhealthy cables */
long ec_ioctl_master_health(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_master *c = &m->core;
	const struct ec_link_health *h = &c->health;
	struct ec_ioctl_master_health o;
	u64 now;

	memset(&o, 0, sizeof(o));
	o.wire_bytes = EC_HEALTH_WIRE_BYTES;
	o.clear_at = EC_HEALTH_CLEAR_AT;
	if (mutex_lock_interruptible(&m->io_mutex))
		return -EINTR;
	now = ktime_get_ns();
	o.period_ns = ec_link_health_period_ns(c);
	o.round_ns = ec_link_health_round_ns(c);
	o.enabled = h->enabled;
	o.unhealthy_links = ec_link_health_unhealthy(c, now);
	o.reads = h->reads;
	o.lost_reads = h->lost_reads;
	o.clears = h->clears;
	o.since_ns = h->start_ns ? now - h->start_ns : 0;
	o.slave_count = c->slave_count;
	mutex_unlock(&m->io_mutex);
	if (copy_to_user(arg, &o, sizeof(o)))
		return -EFAULT;
	return 0;
}

/* EC_IOCTL_HEALTH_ENABLE: reads on or off (make bench); needs write */
long ec_ioctl_health_enable(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_health_enable in;

	if (copy_from_user(&in, arg, sizeof(in)))
		return -EFAULT;
	if (in.enabled > 1 ||
	    !ec_ioctl_reserved_ok(in.reserved, ARRAY_SIZE(in.reserved)))
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	ec_link_health_enable(&m->core, in.enabled);
	mutex_unlock(&m->io_mutex);
	return 0;
}
