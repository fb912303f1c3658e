// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_red.c - EC_IOCTL_REDUNDANCY: the ring state of cable redundancy
 * (master/cycle/redundancy.c) for `ethercat master`.
 */
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "cycle/redundancy.h"

long ec_ioctl_redundancy(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_redundancy data;
	struct ec_redundancy *r = m->core.red;
	unsigned long flags;
	unsigned int d;

	memset(&data, 0, sizeof(data));
	if (r) {
		/* the cyclic side's figures: a bounded copy under the lock */
		flags = ec_linux_cycle_lock(m);
		data.configured = 1;
		data.known = r->known;
		data.broken = r->broken;
		data.break_pos = r->break_pos;
		for (d = 0; d < 2; d++) {
			data.side_slaves[d] = r->side_slaves[d];
			data.side_al[d] = r->side_al[d];
		}
		data.partial = r->partial;
		data.breaks = r->breaks;
		data.late = r->late;
		ec_linux_cycle_unlock(m, flags);
	}
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}
