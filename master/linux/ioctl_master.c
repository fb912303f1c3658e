// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_master.c - ioctl handlers for the module and the master.
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "cycle/monitor.h"
#include "slave/fsm_master.h"

long ec_ioctl_module(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_module data;

	memset(&data, 0, sizeof(data));
	data.ioctl_version = EC_IOCTL_VERSION;
	data.master_count = ec_master_count;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

static void ec_ioctl_copy_rates(__s32 *dst, const s32 *src)
{
	memcpy(dst, src, EC_IOCTL_RATE_COUNT * sizeof(*dst));
}

static void ec_ioctl_fill_device(struct ec_ioctl_device *out,
				 const struct ec_device *dev,
				 const struct ec_linux_device *ld,
				 const u8 *want)
{
	const struct ec_device_stats *s = &dev->stats;

	/* The device module's name (the owner given to ecdev_offer*()). */
	if (dev->attached)
		strscpy(out->driver,
			ld->owner ? module_name(ld->owner) : "built-in",
			sizeof(out->driver));

	memcpy(out->address, dev->attached ? dev->mac : want, ETH_ALEN);
	out->attached = dev->attached;
	out->link_state = dev->attached && READ_ONCE(dev->link_up);
	out->tx_count = s->tx_count;
	out->rx_count = s->rx_count;
	out->tx_bytes = s->tx_bytes;
	out->rx_bytes = s->rx_bytes;
	out->tx_errors = s->tx_errors;
	ec_ioctl_copy_rates(out->tx_frame_rates, s->tx_frame_rates);
	ec_ioctl_copy_rates(out->rx_frame_rates, s->rx_frame_rates);
	ec_ioctl_copy_rates(out->tx_byte_rates, s->tx_byte_rates);
	ec_ioctl_copy_rates(out->rx_byte_rates, s->rx_byte_rates);
}

long ec_ioctl_master(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_master *c = &m->core;
	struct ec_ioctl_master *data;
	unsigned int i;
	long ret = 0;

	data = kzalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	if (mutex_lock_interruptible(&m->io_mutex)) {
		ret = -EINTR;
		goto out_free;
	}
	data->slave_count = c->slaves_responding;
	data->config_count = c->config_count;
	data->domain_count = c->domain_count;
	data->scan_busy = c->scan_busy;
	data->app_time = c->app_time_ns;
	data->phase = c->phase;
	data->active = c->active;
	data->num_devices = c->num_devices;
	for (i = 0; i < c->num_devices; i++)
		ec_ioctl_fill_device(&data->devices[i], &c->devices[i],
				     &m->ldev[i],
				     i == EC_DEVICE_MAIN ? m->main_mac :
							   m->backup_mac);
	data->tx_count = c->stats.tx_count;
	data->rx_count = c->stats.rx_count;
	data->tx_bytes = c->stats.tx_bytes;
	data->rx_bytes = c->stats.rx_bytes;
	data->lost_frames = ec_master_lost_frames(c);
	data->skipped_datagrams = c->skipped_datagrams;
	data->unmatched_datagrams = c->unmatched_datagrams;
	data->timed_out_datagrams = c->timed_out_datagrams;
	data->late_answers = c->late_answers;
	ec_ioctl_copy_rates(data->tx_frame_rates, c->stats.tx_frame_rates);
	ec_ioctl_copy_rates(data->rx_frame_rates, c->stats.rx_frame_rates);
	ec_ioctl_copy_rates(data->tx_byte_rates, c->stats.tx_byte_rates);
	ec_ioctl_copy_rates(data->rx_byte_rates, c->stats.rx_byte_rates);
	ec_ioctl_copy_rates(data->loss_rates, c->stats.loss_rates);
	/* DC: the reference clock's ring position, the first application
	 * time after activation (IgH's DC reference time)
	 */
	data->ref_clock = c->dc.ref_station ? c->dc.ref_position :
					      EC_IOCTL_NO_SLAVE;
	data->dc_ref_time = c->dc.app_time_first_set ? c->dc.app_time_first :
						       0;
	data->debug_level = c->debug_level;
	data->rx_on_arrival = READ_ONCE(m->rx_on_arrival);
	data->rx_in_call = READ_ONCE(m->rx_in_call);
	data->dup_aliases = c->dup_aliases;
	mutex_unlock(&m->io_mutex);
	if (copy_to_user(arg, data, sizeof(*data)))
		ret = -EFAULT;
out_free:
	kfree(data);
	return ret;
}

/* EC_IOCTL_MASTER_MONITOR: the operation phase's monitoring, monitor.h */
long ec_ioctl_master_monitor(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_master *c = &m->core;
	const struct ec_monitor *mon = &c->fsm.monitor;
	struct ec_ioctl_master_monitor data;

	memset(&data, 0, sizeof(data));
	data.max_bytes = EC_MONITOR_MAX_BYTES;
	data.max_datagrams = 1;
	if (mutex_lock_interruptible(&m->io_mutex))
		return -EINTR;
	data.period_ns = ec_monitor_slot_ns(c);
	data.broadcast_ns = data.period_ns * ec_monitor_broadcast_every(c);
	data.notice_ns = ec_monitor_notice_ns(c);
	data.round_ns = ec_monitor_round_ns(c);
	data.send_interval_ns = c->send_interval_ns ? c->send_interval_ns :
						      EC_SEND_INTERVAL_DEFAULT_NS;
	data.broadcasts = mon->broadcasts;
	data.checks = mon->checks;
	data.sweeps = mon->sweeps;
	data.mbox_full = mon->mbox_full;
	data.state_changes = mon->state_changes;
	data.slave_count = c->slave_count;
	mutex_unlock(&m->io_mutex);
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_master_rescan(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;

	mutex_lock(&m->io_mutex);
	ec_fsm_master_rescan(&m->core.fsm);
	mutex_unlock(&m->io_mutex);
	ec_linux_thread_nudge(m);
	return 0;
}

long ec_ioctl_master_debug(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_debug data;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    data.level > 2)
		return -EINVAL;
	mutex_lock(&f->master->io_mutex);
	f->master->core.debug_level = data.level;
	mutex_unlock(&f->master->io_mutex);
	return 0;
}
