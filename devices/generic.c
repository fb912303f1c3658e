// SPDX-License-Identifier: GPL-2.0-only
/*
 * generic.c - ec_generic.ko: offers any Linux Ethernet device to the
 * EtherCAT master.  Frames are handed to the driver directly, past the
 * queueing discipline (__dev_direct_xmit(), as AF_PACKET's
 * PACKET_QDISC_BYPASS does: the master sends a cycle's frames itself and
 * needs no queue in between), in socket buffers of a small pool reused
 * once the driver has let go of them; packet taps (tcpdump) still see
 * every frame sent (dev_queue_xmit_nit()).  EtherCAT frames
 * (EtherType 0x88a4) received by the driver are caught with a packet_type
 * handler, kept in a small ring and handed to the master when it polls, so
 * that the master sees them in its own context; the handler tells the
 * master of each (ecdev_rx_notify()), which polls there and then while a
 * userspace application runs the cycle.
 */
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/if_arp.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "ecdev.h"

#define EC_GEN_RING_SIZE 64	/* frames buffered between two polls */
#define EC_GEN_TX_RING_SIZE 32	/* frames waiting for the tasklet */
#define EC_GEN_FRAME_MAX 1518
/*
 * Socket buffers of the send pool: frames the driver may still hold (its
 * transmit completion frees them late, at its next send or poll) while
 * the next one goes out.  When all are held a buffer is allocated.
 */
#define EC_GEN_TX_SKBS 8

struct ec_gen_frame {
	u16 len;
	u8 data[EC_GEN_FRAME_MAX];
};

struct ec_gen_dev {
	struct list_head node;
	struct net_device *net_dev;
	struct ec_device *ecdev;
	struct packet_type pt;
	spinlock_t rx_lock;	/* among the producers of the ring only */
	unsigned int head, tail;	/* ring indices, head == tail: empty */
	unsigned long dropped;
	struct ec_gen_frame ring[EC_GEN_RING_SIZE];
	/* Deferred transmission: one producer (the master), the tasklet. */
	struct tasklet_struct tx_tasklet;
	unsigned int tx_head, tx_tail;
	unsigned long tx_dropped;
	struct ec_gen_frame tx_ring[EC_GEN_TX_RING_SIZE];
	/* The send pool; one sender at a time (ec_gen_xmit()). */
	struct sk_buff *tx_skb[EC_GEN_TX_SKBS];
	unsigned int tx_next;
	unsigned int tx_headroom;
	unsigned long tx_allocated;	/* frames sent outside the pool */
};

static LIST_HEAD(ec_gen_devices);	/* protected by rtnl */

static struct ec_gen_dev *ec_gen_find(const struct net_device *net_dev)
{
	struct ec_gen_dev *g;

	list_for_each_entry(g, &ec_gen_devices, node)
		if (g->net_dev == net_dev)
			return g;
	return NULL;
}

static int ec_gen_rcv(struct sk_buff *skb, struct net_device *dev,
		      struct packet_type *pt, struct net_device *orig_dev)
{
	struct ec_gen_dev *g = container_of(pt, struct ec_gen_dev, pt);
	unsigned int len = skb->len + ETH_HLEN;
	unsigned long flags;
	unsigned int next;
	bool queued = false;

	if (len > EC_GEN_FRAME_MAX || skb_mac_header_len(skb) != ETH_HLEN)
		goto out;
	spin_lock_irqsave(&g->rx_lock, flags);
	next = (g->head + 1) % EC_GEN_RING_SIZE;
	/* ring index: pairs with the other side's acquire/release */
	if (next == smp_load_acquire(&g->tail)) {
		g->dropped++;
	} else {
		struct ec_gen_frame *f = &g->ring[g->head];

		memcpy(f->data, skb_mac_header(skb), ETH_HLEN);
		if (!skb_copy_bits(skb, 0, f->data + ETH_HLEN, skb->len)) {
			f->len = len;
			/* ring index: pairs with the other side's acquire/release */
			smp_store_release(&g->head, next);
			queued = true;
		}
	}
	spin_unlock_irqrestore(&g->rx_lock, flags);
	if (queued)
		ecdev_rx_notify(g->ecdev);
out:
	kfree_skb(skb);
	return NET_RX_SUCCESS;
}

/*
 * A buffer of the pool for the next frame, rewound, with a reference for
 * the driver; NULL when the driver holds all of them.
 */
static struct sk_buff *ec_gen_pool_skb(struct ec_gen_dev *g)
{
	unsigned int i;

	for (i = 0; i < EC_GEN_TX_SKBS; i++) {
		unsigned int k = (g->tx_next + i) % EC_GEN_TX_SKBS;
		struct sk_buff *skb = g->tx_skb[k];

		/* a tap's clone shares the data: wait for it too */
		if (!skb || skb_shared(skb) || skb_cloned(skb))
			continue;
		/* the driver's last use before our writes */
		smp_acquire__after_ctrl_dep();
		g->tx_next = k + 1;
		skb->data = skb->head + g->tx_headroom;
		skb->len = 0;
		skb_reset_tail_pointer(skb);
		return skb_get(skb);
	}
	return NULL;
}

static int ec_gen_send_now(struct ec_gen_dev *g, const void *frame,
			   size_t size)
{
	struct net_device *dev = g->net_dev;
	struct sk_buff *skb = ec_gen_pool_skb(g);
	int ret;

	if (!skb) {
		skb = alloc_skb(size + g->tx_headroom, GFP_ATOMIC);
		if (!skb)
			return -ENOMEM;
		skb_reserve(skb, g->tx_headroom);
		g->tx_allocated++;
	}
	skb_put_data(skb, frame, size);
	skb_reset_mac_header(skb);
	skb->dev = dev;
	skb->protocol = htons(ETH_P_ETHERCAT);
	if (dev_nit_active(dev))
		dev_queue_xmit_nit(skb, dev);
	ret = __dev_direct_xmit(skb, 0);
	if (!dev_xmit_complete(ret)) {	/* the driver's queue is stopped */
		kfree_skb(skb);
		return -EBUSY;
	}
	return ret == NETDEV_TX_OK ? 0 : -EIO;
}

/* Where the driver (and alloc_skb()) may be called directly. */
static bool ec_gen_stack_allowed(void)
{
	if (IS_ENABLED(CONFIG_PREEMPT_RT))
		return false;	/* see the file comment */
	return !in_hardirq() && !in_nmi() && !irqs_disabled();
}

static void ec_gen_tx_tasklet(struct tasklet_struct *t)
{
	struct ec_gen_dev *g = from_tasklet(g, t, tx_tasklet);
	unsigned int tail = g->tx_tail;

	/* ring index: pairs with the other side's acquire/release */
	while (tail != smp_load_acquire(&g->tx_head)) {
		struct ec_gen_frame *f = &g->tx_ring[tail % EC_GEN_TX_RING_SIZE];

		ec_gen_send_now(g, f->data, f->len);
		tail++;
		/* ring index: pairs with the other side's acquire/release */
		smp_store_release(&g->tx_tail, tail);
	}
}

static int ec_gen_xmit(void *priv, const void *frame, size_t size)
{
	struct ec_gen_dev *g = priv;
	struct ec_gen_frame *f;
	unsigned int head = g->tx_head;

	if (size > EC_GEN_FRAME_MAX)
		return -EINVAL;
	/* In order: nothing may overtake a frame that waits already. */
	if (head == smp_load_acquire(&g->tx_tail) && ec_gen_stack_allowed())
		return ec_gen_send_now(g, frame, size);
	if (head - g->tx_tail >= EC_GEN_TX_RING_SIZE) {
		g->tx_dropped++;
		return -ENOBUFS;
	}
	f = &g->tx_ring[head % EC_GEN_TX_RING_SIZE];
	memcpy(f->data, frame, size);
	f->len = size;
	/* ring index: pairs with the other side's acquire/release */
	smp_store_release(&g->tx_head, head + 1);
	tasklet_hi_schedule(&g->tx_tasklet);
	return 0;
}

/* Take the oldest buffered frame; NULL when none.  Lock-free consumer. */
static struct ec_gen_frame *ec_gen_peek(struct ec_gen_dev *g)
{
	/* ring index: pairs with the other side's acquire/release */
	if (g->tail == smp_load_acquire(&g->head))
		return NULL;
	return &g->ring[g->tail];
}

static void ec_gen_poll(void *priv)
{
	struct ec_gen_dev *g = priv;
	struct ec_gen_frame *f;
	unsigned int n;

	for (n = 0; n < EC_GEN_RING_SIZE && (f = ec_gen_peek(g)); n++) {
		ecdev_receive(g->ecdev, f->data, f->len);
		/* ring index: pairs with the other side's acquire/release */
		smp_store_release(&g->tail, (g->tail + 1) % EC_GEN_RING_SIZE);
	}
	ecdev_set_link(g->ecdev, netif_carrier_ok(g->net_dev));
}

static const struct ecdev_ops ec_gen_ops = {
	.xmit = ec_gen_xmit,
	.poll = ec_gen_poll,
};

/* The driver frees what it still holds when it is done with it. */
static void ec_gen_free_pool(struct ec_gen_dev *g)
{
	unsigned int i;

	for (i = 0; i < EC_GEN_TX_SKBS; i++)
		consume_skb(g->tx_skb[i]);
}

/* Called under rtnl. */
static void ec_gen_offer(struct net_device *net_dev)
{
	struct ec_gen_dev *g;
	unsigned int i;

	if (net_dev->type != ARPHRD_ETHER || ec_gen_find(net_dev))
		return;
	g = kvzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return;
	g->net_dev = net_dev;
	spin_lock_init(&g->rx_lock);
	g->tx_headroom = LL_RESERVED_SPACE(net_dev);
	for (i = 0; i < EC_GEN_TX_SKBS; i++)	/* none: allocated per frame */
		g->tx_skb[i] = alloc_skb(EC_GEN_FRAME_MAX + g->tx_headroom,
					 GFP_KERNEL);
	tasklet_setup(&g->tx_tasklet, ec_gen_tx_tasklet);
	g->ecdev = ecdev_offer(net_dev, &ec_gen_ops, g, THIS_MODULE);
	if (!g->ecdev) {
		ec_gen_free_pool(g);
		kvfree(g);
		return;
	}
	dev_hold(net_dev);
	g->pt.type = htons(ETH_P_ETHERCAT);
	g->pt.dev = net_dev;
	g->pt.func = ec_gen_rcv;
	dev_add_pack(&g->pt);
	list_add_tail(&g->node, &ec_gen_devices);
	netdev_info(net_dev, "handed to the EtherCAT master\n");
	if (ecdev_open(g->ecdev))
		netdev_err(net_dev, "the EtherCAT master failed to open it\n");
}

/* Called under rtnl. */
static void ec_gen_release(struct ec_gen_dev *g)
{
	ecdev_close(g->ecdev);
	dev_remove_pack(&g->pt);
	ecdev_withdraw(g->ecdev);
	tasklet_kill(&g->tx_tasklet);
	ec_gen_free_pool(g);
	list_del(&g->node);
	netdev_info(g->net_dev,
		    "taken back from the EtherCAT master (%lu frames sent outside the buffer pool)\n",
		    g->tx_allocated);
	dev_put(g->net_dev);
	kvfree(g);
}

static int ec_gen_netdev_event(struct notifier_block *nb,
			       unsigned long event, void *ptr)
{
	struct net_device *net_dev = netdev_notifier_info_to_dev(ptr);
	struct ec_gen_dev *g;

	switch (event) {
	case NETDEV_REGISTER:
	case NETDEV_UP:
		ec_gen_offer(net_dev);
		break;
	case NETDEV_UNREGISTER:
		g = ec_gen_find(net_dev);
		if (g)
			ec_gen_release(g);
		break;
	case NETDEV_CHANGE:
		g = ec_gen_find(net_dev);
		if (g)
			ecdev_set_link(g->ecdev, netif_carrier_ok(net_dev));
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block ec_gen_notifier = {
	.notifier_call = ec_gen_netdev_event,
};

static int __init ec_gen_init(void)
{
	pr_info("ec_generic: offering Ethernet devices to the EtherCAT master\n");
	return register_netdevice_notifier(&ec_gen_notifier);
}

static void __exit ec_gen_exit(void)
{
	struct ec_gen_dev *g, *tmp;

	rtnl_lock();
	list_for_each_entry_safe(g, tmp, &ec_gen_devices, node)
		ec_gen_release(g);
	rtnl_unlock();
	unregister_netdevice_notifier(&ec_gen_notifier);
	pr_info("ec_generic: unloaded\n");
}

module_init(ec_gen_init);
module_exit(ec_gen_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The EtherCAT master authors");
MODULE_DESCRIPTION("EtherCAT master device module for any Linux netdev");
MODULE_VERSION(EC_RELEASE);
