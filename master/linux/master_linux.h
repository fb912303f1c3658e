/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * master_linux.h - a master as the kernel sees it: the core master plus
 * its lock, thread, char device and attached network devices.
 */
#ifndef EC_MASTER_LINUX_H
#define EC_MASTER_LINUX_H

#include <linux/cdev.h>
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/sched.h>
#include <linux/wait.h>

#include "../master.h"
#include "ecdev.h"

#define EC_MAX_MASTERS 32

struct ec_linux_device {
	const struct ecdev_ops *ops;
	void *priv;
	struct net_device *net_dev;
	struct module *owner;
};

struct ec_linux_master {
	struct ec_master core;
	/* Serialises the core: the thread's cycle, ioctls, device events. */
	struct mutex io_mutex;
	struct task_struct *thread;
	/* Woken after every cycle in which requests may have finished. */
	wait_queue_head_t request_wq;
	u8 main_mac[ETH_ALEN];
	u8 backup_mac[ETH_ALEN];
	bool has_backup;
	struct ec_linux_device ldev[EC_MAX_DEVICES];
	struct cdev cdev;
	struct device *class_device;
	struct file *reserved_by;	/* the application's file, if any */
};

extern unsigned int ec_master_count;
extern struct ec_linux_master *ec_masters;
extern struct class *ec_class;
extern dev_t ec_dev_num;

int ec_linux_thread_start(struct ec_linux_master *m);
void ec_linux_thread_stop(struct ec_linux_master *m);
int ec_cdev_register(struct ec_linux_master *m, unsigned int index);
void ec_cdev_unregister(struct ec_linux_master *m);

#endif /* EC_MASTER_LINUX_H */
