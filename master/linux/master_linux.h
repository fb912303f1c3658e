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
	/* When the application last sent (its cycle serves requests in OP). */
	u64 last_app_send_ns;
	/* Requests whose ioctl gave up while the FSM worked on them. */
	struct list_head orphans;
	u8 main_mac[ETH_ALEN];
	u8 backup_mac[ETH_ALEN];
	bool has_backup;
	struct ec_linux_device ldev[EC_MAX_DEVICES];
	struct cdev cdev;
	struct device *class_device;

	/* Guards thread and in_operation (start/stop of the idle thread). */
	struct mutex thread_mutex;
	bool in_operation;		/* an application runs the cycle */

	/*
	 * The application holding the master (ecrt_request_master() or
	 * EC_IOCTL_REQUEST), under io_mutex: reserved, and the file for a
	 * userspace application (NULL for a kernel module).
	 */
	bool reserved;
	struct ec_cdev_file *reserved_file;
	/*
	 * Orders mmap() against activation and deactivation: mmap() runs
	 * under the mm's lock and must not wait for io_mutex.  Lock order:
	 * pd_lock, then io_mutex.
	 */
	struct mutex pd_lock;
	unsigned int pd_maps;		/* live mappings of pd_mem and shm */
	/* Shared area of a userspace application (ec_ioctl.h), or NULL. */
	struct ec_ioctl_shm *shm;
	/* ecrt_master_callbacks(): stored, see ecrt.c. */
	void (*send_cb)(void *data);
	void (*receive_cb)(void *data);
	void *cb_data;
};

extern unsigned int ec_master_count;
extern struct ec_linux_master *ec_masters;
extern struct class *ec_class;
extern dev_t ec_dev_num;

struct ec_cdev_file;
struct ec_ioctl_shm;
struct ec_slave_config;

int ec_linux_thread_start(struct ec_linux_master *m);
void ec_linux_thread_stop(struct ec_linux_master *m);
void ec_linux_enter_operation(struct ec_linux_master *m);
void ec_linux_leave_operation(struct ec_linux_master *m);

/* The application's hold on a master (ecrt.c). */
int ec_linux_master_reserve(struct ec_linux_master *m,
			    struct ec_cdev_file *file);
void ec_linux_master_release(struct ec_linux_master *m);
int ec_linux_master_activate(struct ec_linux_master *m);
int ec_linux_master_deactivate(struct ec_linux_master *m);
int ec_linux_sc_state_timeout(struct ec_slave_config *sc,
			      unsigned int from_state, unsigned int to_state,
			      unsigned int timeout_ms);
int ec_cdev_register(struct ec_linux_master *m, unsigned int index);
void ec_cdev_unregister(struct ec_linux_master *m);
void ec_linux_reap_requests(struct ec_linux_master *m);
void ec_linux_free_orphans(struct ec_linux_master *m);

#endif /* EC_MASTER_LINUX_H */
