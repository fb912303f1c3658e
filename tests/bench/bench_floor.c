// SPDX-License-Identifier: GPL-2.0-only
/*
 * ec_bench_floor - the floor of the benchmark's cycle (make bench
 * IGH_SRC=DIR): what any master pays the network stack and the NIC for
 * the same cycle, with no master loaded.  A kthread sleeps until an
 * absolute time between cycles as ec_bench_kernel does and sends one
 * EtherCAT frame per cycle straight to the driver (__dev_direct_xmit(),
 * as ec_generic does), of the size of the benchmark's: one LRW of @bytes
 * at a logical address no slave maps, so the segment answers it unchanged.
 * A packet_type handler counts the answers and frees them, and does
 * nothing else.  What the guest's CPU spends beside this is the masters'
 * own work.
 *
 * Parameters: ifname (eth0), cycles, period_us, bytes (40).  It prints
 * "BENCH floor op" when the cycles start and "BENCH floor done sent=N
 * answers=N" (or "BENCH floor error: ...") at the end; unload it then.
 */
#define pr_fmt(fmt) "ec_bench_floor: " fmt

#include <linux/etherdevice.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

static char *ifname = "eth0";
module_param(ifname, charp, 0444);
MODULE_PARM_DESC(ifname, "network interface to send on (default eth0)");
static unsigned int cycles = 5000;
module_param(cycles, uint, 0444);
MODULE_PARM_DESC(cycles, "cycles to run (default 5000)");
static unsigned int period_us = 1000;
module_param(period_us, uint, 0444);
MODULE_PARM_DESC(period_us, "cycle time in us (default 1000)");
static unsigned int bytes = 40;
module_param(bytes, uint, 0444);
MODULE_PARM_DESC(bytes, "data bytes of the LRW (default 40, at most 1400)");

#define FLOOR_ETHERTYPE 0x88a4
#define FLOOR_LRW 12
#define FLOOR_LOGICAL 0x7fff0000u	/* mapped by no slave */

static struct net_device *floor_dev;
static struct task_struct *floor_thread;
static atomic_t floor_answers = ATOMIC_INIT(0);

static int floor_rcv(struct sk_buff *skb, struct net_device *dev,
		     struct packet_type *pt, struct net_device *orig_dev)
{
	atomic_inc(&floor_answers);
	kfree_skb(skb);
	return NET_RX_SUCCESS;
}

static struct packet_type floor_pt = {
	.type = htons(FLOOR_ETHERTYPE),
	.func = floor_rcv,
};

/* One frame: Ethernet header, EtherCAT header, the LRW and its WKC. */
static struct sk_buff *floor_frame(struct net_device *dev, u8 index)
{
	unsigned int dlen = 10 + bytes + 2, len = ETH_HLEN + 2 + dlen;
	unsigned int hr = LL_RESERVED_SPACE(dev);
	struct sk_buff *skb = alloc_skb(hr + max(len, 60u), GFP_KERNEL);
	u8 *p;

	if (!skb)
		return NULL;
	skb_reserve(skb, hr);
	p = skb_put_zero(skb, max(len, 60u));
	eth_broadcast_addr(p);
	ether_addr_copy(p + ETH_ALEN, dev->dev_addr);
	put_unaligned_be16(FLOOR_ETHERTYPE, p + 12);
	p += ETH_HLEN;
	put_unaligned_le16((u16)(dlen | 1 << 12), p);	/* type 1: datagrams */
	p += 2;
	p[0] = FLOOR_LRW;
	p[1] = index;
	put_unaligned_le32(FLOOR_LOGICAL, p + 2);
	put_unaligned_le16((u16)bytes, p + 6);	/* the last datagram */
	skb_reset_mac_header(skb);
	skb->dev = dev;
	skb->protocol = htons(FLOOR_ETHERTYPE);
	return skb;
}

static int floor_task(void *data)
{
	unsigned int i, sent = 0;
	ktime_t wakeup = ktime_get();

	pr_info("BENCH floor op\n");
	for (i = 0; i < cycles && !kthread_should_stop(); i++) {
		struct sk_buff *skb;

		wakeup = ktime_add_us(wakeup, period_us);
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_hrtimeout_range(&wakeup, 0, HRTIMER_MODE_ABS);
		skb = floor_frame(floor_dev, (u8)i);
		if (!skb)
			continue;
		if (__dev_direct_xmit(skb, 0) == NETDEV_TX_OK)
			sent++;
	}
	pr_info("BENCH floor done sent=%u answers=%d\n", sent,
		atomic_read(&floor_answers));
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static int __init floor_init(void)
{
	if (!bytes || bytes > 1400 || !period_us) {
		pr_err("BENCH floor error: bytes 1..1400, period_us > 0\n");
		return -EINVAL;
	}
	floor_dev = dev_get_by_name(&init_net, ifname);
	if (!floor_dev) {
		pr_err("BENCH floor error: no interface %s\n", ifname);
		return -ENODEV;
	}
	floor_pt.dev = floor_dev;
	dev_add_pack(&floor_pt);
	floor_thread = kthread_run(floor_task, NULL, "ec_bench_floor");
	if (IS_ERR(floor_thread)) {
		pr_err("BENCH floor error: no thread\n");
		dev_remove_pack(&floor_pt);
		dev_put(floor_dev);
		return PTR_ERR(floor_thread);
	}
	return 0;
}

static void __exit floor_exit(void)
{
	kthread_stop(floor_thread);
	dev_remove_pack(&floor_pt);
	dev_put(floor_dev);
}

module_init(floor_init);
module_exit(floor_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("The floor of make bench's cycle: a bare EtherCAT sender, no master");
