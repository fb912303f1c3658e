// SPDX-License-Identifier: GPL-2.0-only
/*
 * eoe.c - one network interface per EoE slave (doc/EOE.md).
 *
 * Each EoE-capable slave found by a scan gets a net_device named
 * eoe<master>s<position>, or eoe<master>a<alias> when the slave has an
 * alias, holding a core EoE handler (master/mailbox/fsm_eoe.h).  The slave FSM
 * sends and receives its frames; this file moves them between the
 * handler and the network stack.
 *
 * Locking (doc/LOCKING.md):
 *  - ndo_start_xmit runs in softirq (BH) context, serialised per device by
 *    the stack's transmit lock.  It never takes io_mutex: it puts the skb
 *    into a bounded single-producer/single-consumer ring (release store of
 *    head) and stops the queue when the ring is full.
 *  - The consumer is the slave FSM (the master's thread, idle or OP turn,
 *    under io_mutex): tx_pull() takes the skb (acquire load of head,
 *    release store of tail), frees it, and wakes the queue.  After
 *    stopping the queue the producer checks the ring again, so that a
 *    wake between its check and its stop is not lost.
 *  - rx_push() (the same FSM turn) allocates an skb and hands it to
 *    netif_rx(): process context, no spinlock held.
 *  - Creating and removing interfaces takes the rtnl lock, which must not
 *    be taken under io_mutex (the network device notifier of ec_generic
 *    takes io_mutex under rtnl).  ec_linux_eoe_sync() therefore decides
 *    under io_mutex and registers or unregisters after dropping it, in the
 *    master's thread.  A handler is detached from its slave (and off the
 *    list) under io_mutex before its device is unregistered and freed.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/netdevice.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/skbuff.h>

#include "master_linux.h"
#include "eoe.h"
#include "mailbox/fsm_eoe.h"
#include "slave/sii.h"
#include "slave/slave.h"

#define EC_EOE_TXQ 64			/* frames; a power of two */
#define EC_EOE_TXQ_WAKE 8		/* free slots to wake a stopped queue */
#define EC_EOE_NEW_PER_TURN 4		/* interfaces created per sync */
/* A slave not seen for this long has gone: its interface is removed.  A
 * rescan (or a slave whose scan is being repeated) is shorter.
 */
#define EC_EOE_GONE_NS (2 * NSEC_PER_SEC)
/*
 * Without interfaces, how often the slaves are looked through for EoE
 * slaves (a walk over every slave each turn otherwise); with interfaces
 * every turn, since their handlers must leave a slave that has gone.
 */
#define EC_EOE_LOOK_NS (50 * NSEC_PER_MSEC)

struct ec_linux_eoe {
	struct list_head node;		/* in m->eoe_list, under io_mutex */
	struct ec_linux_master *m;
	struct net_device *ndev;
	struct ec_eoe core;		/* under io_mutex */
	bool wanted;			/* sync: its slave is still there */
	u64 missing_since_ns;		/* its slave not seen since, or 0 */
	unsigned int head;		/* written by ndo_start_xmit */
	unsigned int tail;		/* written by the FSM side */
	struct sk_buff *ring[EC_EOE_TXQ];
	atomic64_t rx_nomem;		/* frames lost: no skb */
	atomic64_t tx_too_long;		/* frames refused: over 1536 bytes */
	/* Rates over the last second (sync, under io_mutex). */
	u64 rate_ns, rate_tx_bytes, rate_rx_bytes;
	u32 tx_rate, rx_rate;
};

static unsigned int ec_eoe_ring_used(const struct ec_linux_eoe *e)
{
	/* acquire: pairs with the release of head in ndo_start_xmit */
	return smp_load_acquire(&e->head) - READ_ONCE(e->tail);
}

static netdev_tx_t ec_eoe_start_xmit(struct sk_buff *skb,
				     struct net_device *ndev)
{
	struct ec_linux_eoe *e = netdev_priv(ndev);
	unsigned int head = e->head;

	if (skb->len > EC_EOE_MAX_FRAME || !skb->len) {
		atomic64_inc(&e->tx_too_long);
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}
	/* acquire: the consumer is done with the slot (release of tail) */
	if (head - smp_load_acquire(&e->tail) >= EC_EOE_TXQ) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}
	e->ring[head % EC_EOE_TXQ] = skb;
	/* release: the slot is written before the consumer sees it */
	smp_store_release(&e->head, head + 1);
	/* acquire: as above */
	if (head + 1 - smp_load_acquire(&e->tail) >= EC_EOE_TXQ) {
		netif_stop_queue(ndev);
		/* the stop before the second look; pairs with tx_pull's */
		smp_mb();
		if (head + 1 - READ_ONCE(e->tail) < EC_EOE_TXQ)
			netif_wake_queue(ndev);
	}
	return NETDEV_TX_OK;
}

static bool ec_eoe_tx_pending(struct ec_eoe *core)
{
	struct ec_linux_eoe *e = core->priv;

	return ec_eoe_ring_used(e) != 0;
}

static size_t ec_eoe_tx_pull(struct ec_eoe *core, u8 *buf, size_t max)
{
	struct ec_linux_eoe *e = core->priv;
	unsigned int tail = e->tail;
	struct sk_buff *skb;
	size_t n = 0;

	/* acquire: pairs with the release of head in ndo_start_xmit */
	if (smp_load_acquire(&e->head) == tail)
		return 0;
	skb = e->ring[tail % EC_EOE_TXQ];
	e->ring[tail % EC_EOE_TXQ] = NULL;
	/* release: the slot is read before the producer may reuse it */
	smp_store_release(&e->tail, tail + 1);
	if (skb->len <= max && !skb_copy_bits(skb, 0, buf, skb->len))
		n = skb->len;
	dev_consume_skb_any(skb);
	/* the tail before the look at the queue state; pairs with xmit's */
	smp_mb();
	if (netif_queue_stopped(e->ndev) &&
	    EC_EOE_TXQ - ec_eoe_ring_used(e) >= EC_EOE_TXQ_WAKE)
		netif_wake_queue(e->ndev);
	return n;
}

static void ec_eoe_rx_push(struct ec_eoe *core, const u8 *frame, size_t size)
{
	struct ec_linux_eoe *e = core->priv;
	struct sk_buff *skb;

	if (size < ETH_HLEN)
		return;
	skb = netdev_alloc_skb_ip_align(e->ndev, size);
	if (!skb) {
		atomic64_inc(&e->rx_nomem);
		return;
	}
	skb_put_data(skb, frame, size);
	skb->protocol = eth_type_trans(skb, e->ndev);
	skb->ip_summed = CHECKSUM_NONE;
	netif_rx(skb);
}

static const struct ec_eoe_ops ec_eoe_linux_ops = {
	.tx_pending = ec_eoe_tx_pending,
	.tx_pull = ec_eoe_tx_pull,
	.rx_push = ec_eoe_rx_push,
};

static int ec_eoe_open(struct net_device *ndev)
{
	netif_start_queue(ndev);
	return 0;
}

static int ec_eoe_stop(struct net_device *ndev)
{
	netif_stop_queue(ndev);
	return 0;
}

/* Counters of the core handler: u64 each, written by the FSM side. */
static void ec_eoe_get_stats64(struct net_device *ndev,
			       struct rtnl_link_stats64 *st)
{
	struct ec_linux_eoe *e = netdev_priv(ndev);
	const struct ec_eoe_stats *c = &e->core.stats;

	st->tx_packets = READ_ONCE(c->tx_frames);
	st->tx_bytes = READ_ONCE(c->tx_bytes);
	st->tx_errors = READ_ONCE(c->tx_errors);
	st->tx_dropped = atomic64_read(&e->tx_too_long);
	st->rx_packets = READ_ONCE(c->rx_frames);
	st->rx_bytes = READ_ONCE(c->rx_bytes);
	st->rx_errors = READ_ONCE(c->rx_errors);
	st->rx_dropped = READ_ONCE(c->rx_dropped) +
			 atomic64_read(&e->rx_nomem);
}

static const struct net_device_ops ec_eoe_netdev_ops = {
	.ndo_open = ec_eoe_open,
	.ndo_stop = ec_eoe_stop,
	.ndo_start_xmit = ec_eoe_start_xmit,
	.ndo_get_stats64 = ec_eoe_get_stats64,
	.ndo_set_mac_address = eth_mac_addr,
	.ndo_validate_addr = eth_validate_addr,
};

/* IgH's names: eoe<master>a<alias> with an alias, else eoe<master>s<pos>. */
static void ec_eoe_name(const struct ec_slave *slave, unsigned int master,
			char *name)
{
	if (slave->effective_alias)
		snprintf(name, IFNAMSIZ, "eoe%ua%u", master,
			 slave->effective_alias);
	else
		snprintf(name, IFNAMSIZ, "eoe%us%u", master,
			 slave->ring_position);
}

static bool ec_eoe_slave_wanted(const struct ec_slave *slave)
{
	return slave->scan_done &&
	       (slave->sii.mailbox_protocols & EC_MBOX_EOE);
}

static struct ec_linux_eoe *ec_eoe_create(struct ec_linux_master *m,
					  const char *name, u16 key)
{
	struct net_device *ndev;
	struct ec_linux_eoe *e;
	u8 mac[ETH_ALEN];
	int ret;

	ndev = alloc_netdev(sizeof(*e), name, NET_NAME_PREDICTABLE,
			    ether_setup);
	if (!ndev)
		return NULL;
	e = netdev_priv(ndev);
	memset(e, 0, sizeof(*e));
	e->m = m;
	e->ndev = ndev;
	INIT_LIST_HEAD(&e->node);
	ec_eoe_init(&e->core, &ec_eoe_linux_ops, e);
	ndev->netdev_ops = &ec_eoe_netdev_ops;
	ndev->min_mtu = ETH_MIN_MTU;
	ndev->max_mtu = EC_EOE_MAX_FRAME - VLAN_ETH_HLEN;
	ndev->mtu = ETH_DATA_LEN;
	ndev->tx_queue_len = EC_EOE_TXQ;
	/* locally administered: 02 'E' 'o' master key */
	mac[0] = 0x02;
	mac[1] = 'E';
	mac[2] = 'o';
	mac[3] = (u8)m->core.index;
	mac[4] = (u8)(key >> 8);
	mac[5] = (u8)key;
	eth_hw_addr_set(ndev, mac);
	netif_carrier_off(ndev);
	ret = register_netdev(ndev);
	if (ret) {
		pr_err_ratelimited("EtherCAT %u: EoE: registering %s failed: %d\n",
		       m->core.index, name, ret);
		free_netdev(ndev);
		return NULL;
	}
	pr_info("EtherCAT %u: EoE: created interface %s\n", m->core.index,
		ndev->name);
	return e;
}

static void ec_eoe_destroy(struct ec_linux_eoe *e)
{
	unsigned int i;

	pr_info("EtherCAT %u: EoE: removed interface %s\n", e->m->core.index,
		e->ndev->name);
	unregister_netdev(e->ndev);	/* no xmit runs after this */
	for (i = 0; i < EC_EOE_TXQ; i++)
		if (e->ring[i])
			dev_kfree_skb(e->ring[i]);
	free_netdev(e->ndev);
}

static struct ec_linux_eoe *ec_eoe_find(struct ec_linux_master *m,
					const char *name)
{
	struct ec_linux_eoe *e;

	list_for_each_entry(e, &m->eoe_list, node)
		if (!strcmp(e->ndev->name, name))
			return e;
	return NULL;
}

static bool ec_eoe_name_listed(char (*names)[IFNAMSIZ], unsigned int n,
			       const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

/* The carrier follows the slave: up from PREOP on. */
static void ec_eoe_carrier(struct ec_linux_eoe *e)
{
	const struct ec_slave *slave = e->core.slave;
	u8 st = slave ? slave->current_state & EC_AL_STATE_MASK : 0;
	bool up = st == EC_AL_STATE_PREOP_ || st == EC_AL_STATE_SAFEOP_ ||
		  st == EC_AL_STATE_OP_;

	if (up && !netif_carrier_ok(e->ndev))
		netif_carrier_on(e->ndev);
	else if (!up && netif_carrier_ok(e->ndev))
		netif_carrier_off(e->ndev);
}

/* Bytes per second over about the last second. */
static void ec_eoe_rates(struct ec_linux_eoe *e, u64 now_ns)
{
	u64 dt = now_ns - e->rate_ns;

	if (dt < NSEC_PER_SEC)
		return;
	e->tx_rate = (u32)div64_u64((e->core.stats.tx_bytes -
				     e->rate_tx_bytes) * NSEC_PER_SEC, dt);
	e->rx_rate = (u32)div64_u64((e->core.stats.rx_bytes -
				     e->rate_rx_bytes) * NSEC_PER_SEC, dt);
	e->rate_ns = now_ns;
	e->rate_tx_bytes = e->core.stats.tx_bytes;
	e->rate_rx_bytes = e->core.stats.rx_bytes;
}

/**
 * ec_linux_eoe_sync() - interfaces for the EoE slaves of the last scan
 * @m: master; io_mutex must not be held (process context)
 *
 * Attaches handlers to their slaves by name, creates the interfaces of
 * new EoE slaves, removes those whose slave has not been seen for
 * EC_EOE_GONE_NS (an interface keeps its addresses across a rescan), and
 * sets the carriers.  While a scan runs, nothing is created or removed.
 */
void ec_linux_eoe_sync(struct ec_linux_master *m)
{
	struct ec_linux_eoe *e, *tmp;
	char names[EC_EOE_NEW_PER_TURN][IFNAMSIZ];
	u16 keys[EC_EOE_NEW_PER_TURN];
	char name[IFNAMSIZ];
	unsigned int i, n_new = 0;
	LIST_HEAD(gone);
	u64 now;

	mutex_lock(&m->io_mutex);
	now = ktime_get_ns();
	if (list_empty(&m->eoe_list)) {
		/* nothing to detach: a look now and then finds new ones */
		if (now - m->eoe_look_ns < EC_EOE_LOOK_NS) {
			mutex_unlock(&m->io_mutex);
			return;
		}
		m->eoe_look_ns = now;
	}
	list_for_each_entry(e, &m->eoe_list, node)
		ec_eoe_rates(e, now);
	if (m->core.scan_busy) {
		list_for_each_entry(e, &m->eoe_list, node)
			ec_eoe_carrier(e);
		mutex_unlock(&m->io_mutex);
		return;
	}
	list_for_each_entry(e, &m->eoe_list, node)
		e->wanted = false;
	for (i = 0; i < m->core.slave_count; i++) {
		struct ec_slave *slave = m->core.slaves[i];

		if (!ec_eoe_slave_wanted(slave))
			continue;
		ec_eoe_name(slave, m->core.index, name);
		e = ec_eoe_find(m, name);
		if (e && e->wanted)
			continue;	/* two slaves of one alias: the first */
		if (e) {
			e->wanted = true;
			ec_eoe_attach(&e->core, slave);
		} else if (n_new < EC_EOE_NEW_PER_TURN &&
			   !ec_eoe_name_listed(names, n_new, name)) {
			strscpy(names[n_new], name, IFNAMSIZ);
			keys[n_new++] = slave->effective_alias ?
					slave->effective_alias :
					slave->ring_position;
		}
	}
	now = ktime_get_ns();
	list_for_each_entry_safe(e, tmp, &m->eoe_list, node) {
		if (e->wanted) {
			e->missing_since_ns = 0;
		} else {
			ec_eoe_detach(&e->core);
			if (!e->missing_since_ns)
				e->missing_since_ns = now;
			if (now - e->missing_since_ns >= EC_EOE_GONE_NS)
				list_move(&e->node, &gone);
		}
		ec_eoe_carrier(e);
	}
	mutex_unlock(&m->io_mutex);

	list_for_each_entry_safe(e, tmp, &gone, node)
		ec_eoe_destroy(e);
	for (i = 0; i < n_new; i++) {
		e = ec_eoe_create(m, names[i], keys[i]);
		if (!e)
			continue;
		mutex_lock(&m->io_mutex);
		list_add_tail(&e->node, &m->eoe_list);
		mutex_unlock(&m->io_mutex);
	}
}

/**
 * ec_linux_eoe_clear() - remove every EoE interface of a master
 * @m: master; its thread is stopped, io_mutex not held
 */
void ec_linux_eoe_clear(struct ec_linux_master *m)
{
	struct ec_linux_eoe *e, *tmp;
	LIST_HEAD(gone);

	mutex_lock(&m->io_mutex);
	list_for_each_entry_safe(e, tmp, &m->eoe_list, node) {
		ec_eoe_detach(&e->core);
		list_move(&e->node, &gone);
	}
	mutex_unlock(&m->io_mutex);
	list_for_each_entry_safe(e, tmp, &gone, node)
		ec_eoe_destroy(e);
}

/**
 * ec_linux_eoe_get() - one handler's state for the CLI
 * @m: master; io_mutex held
 * @index: handler number, in creation order
 * @info: filled in
 *
 * Return: 0, or -ENOENT past the last handler.
 */
int ec_linux_eoe_get(struct ec_linux_master *m, unsigned int index,
		     struct ec_linux_eoe_info *info)
{
	struct ec_linux_eoe *e;
	unsigned int i = 0;

	list_for_each_entry(e, &m->eoe_list, node) {
		if (i++ != index)
			continue;
		memset(info, 0, sizeof(*info));
		strscpy(info->name, e->ndev->name, sizeof(info->name));
		info->attached = e->core.slave != NULL;
		info->position = e->core.slave ?
				 e->core.slave->ring_position : 0;
		info->open = netif_running(e->ndev);
		info->carrier = netif_carrier_ok(e->ndev);
		info->stats = e->core.stats;
		info->tx_queued = ec_eoe_ring_used(e);
		info->tx_queue_size = EC_EOE_TXQ;
		info->rx_dropped_nomem = atomic64_read(&e->rx_nomem);
		info->tx_rate = e->tx_rate;
		info->rx_rate = e->rx_rate;
		return 0;
	}
	return -ENOENT;
}
