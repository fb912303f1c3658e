// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecdev.c - the device interface (devices/ecdev.h): device modules offer
 * network devices, masters claim them by MAC address.
 */
#include <linux/etherdevice.h>
#include <linux/ktime.h>
#include <linux/module.h>

#include "master_linux.h"

static DEFINE_MUTEX(ec_offer_mutex);

static struct ec_linux_master *ec_linux_master_of(struct ec_device *dev)
{
	return container_of(dev->master, struct ec_linux_master, core);
}

/* Under cycle_lock: staged, transmitted after the lock (cycle.c). */
static int ec_linux_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	return ec_linux_stage_frame(ec_linux_master_of(dev), dev->index, frame,
				    size);
}

/* Under cycle_lock: the frame is built in its transmit queue slot. */
static u8 *ec_linux_tx_buffer(struct ec_device *dev)
{
	return ec_linux_stage_slot(ec_linux_master_of(dev), dev->index);
}

/* Under cycle_lock: the driver's poll must be callable there (ecdev.h). */
static void ec_linux_poll(struct ec_device *dev)
{
	struct ec_linux_device *ld = dev->priv;

	if (ld && ld->ops->poll)
		ld->ops->poll(ld->priv);
}

static const struct ec_device_hooks ec_linux_hooks = {
	.xmit = ec_linux_xmit,
	.poll = ec_linux_poll,
	.tx_buffer = ec_linux_tx_buffer,
};

static bool ec_mac_wanted(const u8 *wanted, const u8 *offered)
{
	return ether_addr_equal(wanted, offered) ||
	       is_broadcast_ether_addr(wanted);
}

/* The offer of a port with @mac; @net_dev is NULL for a native driver. */
static struct ec_device *ec_offer(const u8 *mac, bool link_up,
				  struct net_device *net_dev,
				  const struct ecdev_ops *ops, void *priv,
				  struct module *owner)
{
	struct ec_device *found = NULL;
	unsigned int i, d;

	if (!ops || !ops->xmit)
		return NULL;
	mutex_lock(&ec_offer_mutex);
	for (i = 0; i < ec_master_count && !found; i++) {
		struct ec_linux_master *m = &ec_masters[i];

		for (d = 0; d < m->core.num_devices; d++) {
			struct ec_device *dev = &m->core.devices[d];
			const u8 *want = d == EC_DEVICE_MAIN ? m->main_mac :
							       m->backup_mac;

			if (dev->attached ||
			    !ec_mac_wanted(want, mac))
				continue;
			mutex_lock(&m->io_mutex);
			ec_port_io_lock(&m->core);
			m->ldev[d].ops = ops;
			m->ldev[d].priv = priv;
			m->ldev[d].net_dev = net_dev;
			m->ldev[d].owner = owner;
			dev->priv = &m->ldev[d];
			dev->hooks = &ec_linux_hooks;
			memcpy(dev->mac, mac, ETH_ALEN);
			dev->link_up = link_up;
			ec_master_device_attached(&m->core, dev);
			ec_port_io_unlock(&m->core);
			mutex_unlock(&m->io_mutex);
			found = dev;
			break;
		}
	}
	mutex_unlock(&ec_offer_mutex);
	return found;
}

/**
 * ecdev_offer() - offer a network device to the masters
 * @net_dev: the device
 * @ops: how the master sends and polls on it
 * @priv: passed to every call of @ops
 * @owner: the device module
 *
 * Return: a handle when a master takes the device, NULL otherwise.
 */
struct ec_device *ecdev_offer(struct net_device *net_dev,
			      const struct ecdev_ops *ops, void *priv,
			      struct module *owner)
{
	return ec_offer(net_dev->dev_addr, netif_carrier_ok(net_dev), net_dev,
			ops, priv, owner);
}
EXPORT_SYMBOL(ecdev_offer);

/**
 * ecdev_offer_port() - offer a port that has no net_device (native driver)
 * @mac: its MAC address
 * @ops: how the master sends and polls on it
 * @priv: passed to every call of @ops
 * @owner: the device module
 *
 * The link starts DOWN; the driver reports it with ecdev_set_link().
 *
 * Return: a handle when a master takes the port, NULL otherwise.
 */
struct ec_device *ecdev_offer_port(const u8 *mac, const struct ecdev_ops *ops,
				   void *priv, struct module *owner)
{
	return ec_offer(mac, false, NULL, ops, priv, owner);
}
EXPORT_SYMBOL(ecdev_offer_port);

/**
 * ecdev_withdraw() - the device module takes its device back
 * @dev: handle from ecdev_offer()
 */
void ecdev_withdraw(struct ec_device *dev)
{
	struct ec_linux_master *m = ec_linux_master_of(dev);

	ecdev_close(dev);
	mutex_lock(&ec_offer_mutex);
	mutex_lock(&m->io_mutex);
	/* Gone from the cyclic side under cycle_lock, slaves cleared after. */
	ec_master_device_detached(&m->core, dev);
	/* No flusher may still be inside the driver's xmit. */
	ec_linux_wait_tx_idle(m);
	memset(&m->ldev[dev->index], 0, sizeof(m->ldev[dev->index]));
	mutex_unlock(&m->io_mutex);
	mutex_unlock(&ec_offer_mutex);
	/* Requesters of the cleared slaves see their failure now. */
	wake_up_all(&m->request_wq);
}
EXPORT_SYMBOL(ecdev_withdraw);

/**
 * ecdev_open() - the device is ready: the master starts using it
 * @dev: handle from ecdev_offer()
 *
 * Return: 0 or -errno.
 */
int ecdev_open(struct ec_device *dev)
{
	struct ec_linux_master *m = ec_linux_master_of(dev);

	mutex_lock(&m->io_mutex);
	ec_port_io_lock(&m->core);
	dev->open = true;
	ec_port_io_unlock(&m->core);
	mutex_unlock(&m->io_mutex);
	if (dev->index == EC_DEVICE_MAIN)
		return ec_linux_thread_start(m);
	return 0;
}
EXPORT_SYMBOL(ecdev_open);

/**
 * ecdev_close() - the master stops using the device
 * @dev: handle from ecdev_offer()
 */
void ecdev_close(struct ec_device *dev)
{
	struct ec_linux_master *m = ec_linux_master_of(dev);

	if (dev->index == EC_DEVICE_MAIN)
		ec_linux_thread_stop(m);
	mutex_lock(&m->io_mutex);
	ec_port_io_lock(&m->core);
	dev->open = false;
	ec_port_io_unlock(&m->core);
	mutex_unlock(&m->io_mutex);
	ec_linux_wait_tx_idle(m);
}
EXPORT_SYMBOL(ecdev_close);

/**
 * ecdev_rx_notify() - frames wait for ops->poll()
 * @dev: handle from ecdev_offer()
 *
 * A device module may call it from its receive handler, in any context but
 * NMI, never from within ops->poll(): while a userspace application runs
 * the cycle the master then polls at once and completes the exchange
 * there (rx_arrival.c).  Otherwise it returns without doing anything.
 */
void ecdev_rx_notify(struct ec_device *dev)
{
	ec_rx_arrived(ec_linux_master_of(dev));
}
EXPORT_SYMBOL(ecdev_rx_notify);

/**
 * ecdev_receive() - deliver a received frame; called from ops->poll()
 * @dev: handle from ecdev_offer()
 * @data: the whole Ethernet frame
 * @size: its length
 */
void ecdev_receive(struct ec_device *dev, const void *data, size_t size)
{
	ec_device_receive(dev, data, size, ktime_get_ns());
}
EXPORT_SYMBOL(ecdev_receive);

/**
 * ecdev_set_link() - report the link state
 * @dev: handle from ecdev_offer()
 * @up: carrier present
 */
void ecdev_set_link(struct ec_device *dev, bool up)
{
	if (dev->link_up != up)
		EC_MASTER_INFO(dev->master, "link is %s", up ? "UP" : "DOWN");
	WRITE_ONCE(dev->link_up, up);
}
EXPORT_SYMBOL(ecdev_set_link);

bool ecdev_get_link(const struct ec_device *dev)
{
	return READ_ONCE(dev->link_up);
}
EXPORT_SYMBOL(ecdev_get_link);
