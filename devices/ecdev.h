/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ecdev.h - the contract between the EtherCAT master and device modules.
 *
 * A device module offers each network device it drives to the master with
 * ecdev_offer().  When a master wants the device (its MAC is listed in the
 * master's main_devices or backup_devices parameter, or the parameter is
 * the broadcast address), ecdev_offer() returns a handle; the device module
 * then stops using the device for anything else, and calls ecdev_open().
 *
 * From then on the master calls ops->xmit(priv) to send one Ethernet frame and
 * ops->poll(priv) to have received frames delivered: the device module calls
 * ecdev_receive() for each EtherCAT frame, from within poll().  Link changes
 * are reported with ecdev_set_link().  Before the device goes away the
 * module calls ecdev_close() and ecdev_withdraw().
 *
 * xmit() and poll() are called from the master's cyclic context, which may
 * be any context the application calls ecrt_master_send()/_receive() from:
 * a kthread, a timer_list or hrtimer callback (softirq or hard interrupt),
 * with a spinlock held or interrupts off, on PREEMPT_RT too.  They must not
 * sleep, allocate in a way PREEMPT_RT forbids there, or take a lock that is
 * not a raw spinlock.  The master serialises calls per device: never two
 * xmit() or two poll() at once.  poll() runs under the master's raw
 * cycle_lock; xmit() after it was dropped (doc/LOCKING.md).
 *
 * A device module that learns of receptions (a receive handler, an
 * interrupt) may call ecdev_rx_notify() there, in any context but NMI and
 * never from within poll(): while a userspace application runs the cycle,
 * the master then polls at once and hands the application its data
 * without a system call at its next receive (doc/LOCKING.md, rule 9).  A
 * purely polled driver does not call it; its application's receive polls.
 *
 * The master names the device module in use ("ethercat master") after the
 * module passed as @owner.
 */
#ifndef EC_DEVICES_ECDEV_H
#define EC_DEVICES_ECDEV_H

#include <linux/netdevice.h>

struct ec_device;

struct ecdev_ops {
	/* Send one frame (whole Ethernet frame, without FCS); 0 or -errno. */
	int (*xmit)(void *priv, const void *frame, size_t size);
	/* Deliver received frames through ecdev_receive(). */
	void (*poll)(void *priv);
};

struct ec_device *ecdev_offer(struct net_device *net_dev,
			      const struct ecdev_ops *ops, void *priv,
			      struct module *owner);
/* A native driver without a net_device offers its port by MAC address. */
struct ec_device *ecdev_offer_port(const u8 *mac, const struct ecdev_ops *ops,
				   void *priv, struct module *owner);
void ecdev_withdraw(struct ec_device *device);
int ecdev_open(struct ec_device *device);
void ecdev_close(struct ec_device *device);
void ecdev_receive(struct ec_device *device, const void *data, size_t size);
void ecdev_rx_notify(struct ec_device *device);
void ecdev_set_link(struct ec_device *device, bool up);
bool ecdev_get_link(const struct ec_device *device);

#endif /* EC_DEVICES_ECDEV_H */
