/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ec_native.h - what the native drivers (ec_e1000e, ec_igb) share beyond
 * "ports" (ec_ports.h): the PCI and DMA set-up of a port, the receive
 * address and the PHY access through MDIC, which the 8254x, 82574 and igb
 * families keep at the same offsets with the same bits (e1000e_regs.h,
 * igb_regs.h).  Process context only: everything here may sleep.
 */
#ifndef EC_DEVICES_EC_NATIVE_H
#define EC_DEVICES_EC_NATIVE_H

#include <linux/bits.h>
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/hrtimer.h>
#include <linux/io.h>
#include <linux/pci.h>

#include "ecdev.h"
#include "ec_ports.h"

/* Receive Address 0 and MDI Control: one layout in every family. */
#define EC_NATIVE_RAL0		0x5400
#define EC_NATIVE_RAH0		0x5404
#define EC_NATIVE_RAH_AV	BIT(31)	/* address valid */
#define EC_NATIVE_MDIC		0x0020
#define EC_NATIVE_MDIC_DATA	0xffff
#define EC_NATIVE_MDIC_REG(r)	((u32)(r) << 16)
#define EC_NATIVE_MDIC_PHY(p)	((u32)(p) << 21)
#define EC_NATIVE_MDIC_OP_WRITE	BIT(26)
#define EC_NATIVE_MDIC_OP_READ	BIT(27)
#define EC_NATIVE_MDIC_READY	BIT(28)
#define EC_NATIVE_MDIC_ERROR	BIT(30)
/* The internal PHY answers at address 1 in every family. */
#define EC_NATIVE_PHY_ADDR	1

/* The address the NVM (or the previous driver) put in RAL0/RAH0. */
static inline bool ec_native_read_mac(void __iomem *hw, u8 *mac)
{
	u32 ral = readl(hw + EC_NATIVE_RAL0);
	u32 rah = readl(hw + EC_NATIVE_RAH0);

	if (!(rah & EC_NATIVE_RAH_AV))
		return false;
	mac[0] = ral;
	mac[1] = ral >> 8;
	mac[2] = ral >> 16;
	mac[3] = ral >> 24;
	mac[4] = rah;
	mac[5] = rah >> 8;
	return is_valid_ether_addr(mac);
}

/* One PHY register read or write through MDIC (64 us per MDIO frame). */
static inline int ec_native_mdic(void __iomem *hw, bool write, u32 reg,
				 u16 *val)
{
	u32 op = write ? EC_NATIVE_MDIC_OP_WRITE : EC_NATIVE_MDIC_OP_READ;
	unsigned int i;
	u32 mdic;

	writel(op | EC_NATIVE_MDIC_REG(reg) |
	       EC_NATIVE_MDIC_PHY(EC_NATIVE_PHY_ADDR) | (write ? *val : 0),
	       hw + EC_NATIVE_MDIC);
	for (i = 0; i < 100; i++) {
		usleep_range(50, 100);
		mdic = readl(hw + EC_NATIVE_MDIC);
		if (!(mdic & EC_NATIVE_MDIC_READY))
			continue;
		if (mdic & EC_NATIVE_MDIC_ERROR)
			return -EIO;
		if (!write)
			*val = mdic & EC_NATIVE_MDIC_DATA;
		return 0;
	}
	return -ETIMEDOUT;
}

/* Coherent DMA areas of a port: both rings and both buffer blocks. */
struct ec_native_dma {
	void *cpu;
	dma_addr_t dma;
	size_t size;
};

static inline void ec_native_dma_free(struct device *dev,
				      struct ec_native_dma *a, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (a[i].cpu)
			dma_free_coherent(dev, a[i].size, a[i].cpu, a[i].dma);
		a[i].cpu = NULL;
	}
}

/* Every area of a[] (sizes set), or none and -ENOMEM. */
static inline int ec_native_dma_alloc(struct device *dev,
				      struct ec_native_dma *a, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		a[i].cpu = dma_alloc_coherent(dev, a[i].size, &a[i].dma,
					      GFP_KERNEL);
		if (!a[i].cpu) {
			ec_native_dma_free(dev, a, n);
			return -ENOMEM;
		}
	}
	return 0;
}

/* Enable the function, claim and map BAR 0. */
static inline int ec_native_pci_map(struct pci_dev *pdev, const char *name,
				    void __iomem **hw)
{
	int ret = pci_enable_device_mem(pdev);

	if (ret)
		return ret;
	ret = pci_request_mem_regions(pdev, name);
	if (ret)
		goto out_disable;
	*hw = pci_iomap(pdev, 0, 0);
	if (*hw)
		return 0;
	ret = -ENOMEM;
	pci_release_mem_regions(pdev);
out_disable:
	pci_disable_device(pdev);
	return ret;
}

static inline void ec_native_pci_unmap(struct pci_dev *pdev, void __iomem *hw)
{
	pci_iounmap(pdev, hw);
	pci_release_mem_regions(pdev);
	pci_disable_device(pdev);
}

/* 64-bit DMA, else 32-bit. */
static inline int ec_native_dma_mask(struct pci_dev *pdev)
{
	if (!dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64)))
		return 0;
	return dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
}

/* Both rings and their buffers: a[] gets the four areas, or none. */
enum { EC_NATIVE_RX_RING, EC_NATIVE_TX_RING, EC_NATIVE_RX_BUFS,
       EC_NATIVE_TX_BUFS, EC_NATIVE_DMA_AREAS };

static inline int ec_native_rings_alloc(struct device *dev,
					struct ec_native_dma *a,
					size_t rx_ring, size_t tx_ring,
					size_t rx_bufs, size_t tx_bufs)
{
	a[EC_NATIVE_RX_RING].size = rx_ring;
	a[EC_NATIVE_TX_RING].size = tx_ring;
	a[EC_NATIVE_RX_BUFS].size = rx_bufs;
	a[EC_NATIVE_TX_BUFS].size = tx_bufs;
	return ec_native_dma_alloc(dev, a, EC_NATIVE_DMA_AREAS);
}

/* The port's typed ring and buffer pointers from its areas. */
#define EC_NATIVE_RINGS_SET(p) do {					\
	(p)->rx_ring = (p)->dma[EC_NATIVE_RX_RING].cpu;			\
	(p)->rx_ring_dma = (p)->dma[EC_NATIVE_RX_RING].dma;		\
	(p)->tx_ring = (p)->dma[EC_NATIVE_TX_RING].cpu;			\
	(p)->tx_ring_dma = (p)->dma[EC_NATIVE_TX_RING].dma;		\
	(p)->rx_buf = (p)->dma[EC_NATIVE_RX_BUFS].cpu;			\
	(p)->rx_buf_dma = (p)->dma[EC_NATIVE_RX_BUFS].dma;		\
	(p)->tx_buf = (p)->dma[EC_NATIVE_TX_BUFS].cpu;			\
	(p)->tx_buf_dma = (p)->dma[EC_NATIVE_TX_BUFS].dma;		\
} while (0)

/*
 * The module parameters of a native driver: "ports" (ec_ports.h) and
 * "promisc".
 */
#define EC_NATIVE_PARAMS(max)						\
static char *ports[max];						\
static int ports_count;							\
module_param_array(ports, charp, &ports_count, 0444);			\
MODULE_PARM_DESC(ports,							\
		 "ports to drive: PCI addresses (0000:03:00.0) or MAC addresses, comma separated, or \"all\""); \
static bool promisc;							\
module_param(promisc, bool, 0444);					\
MODULE_PARM_DESC(promisc,						\
		 "accept frames for any destination (default: broadcast and own MAC, enough for EtherCAT)"); \
static unsigned int rx_peek_us;						\
module_param(rx_peek_us, uint, 0444);					\
MODULE_PARM_DESC(rx_peek_us,						\
		 "the receive on arrival: look at the receive ring this many us after each send and every as many after (0: off; doc/NATIVE.md)"); \
static unsigned int rx_peeks = 8;					\
module_param(rx_peeks, uint, 0444);					\
MODULE_PARM_DESC(rx_peeks,						\
		 "looks at the receive ring per send with rx_peek_us (default 8)")

/* Module init: refuse a bad "ports" word, then register the PCI driver. */
static inline int ec_native_register(struct pci_driver *drv, char **ports,
				     int count)
{
	int ret = ec_ports_check(drv->name, ports, count);

	if (ret)
		return ret;
	if (!count)
		pr_info("%s: no ports= given: binding no port (ports=all binds every supported one)\n",
			drv->name);
	return pci_register_driver(drv);
}

/* --- the cyclic path: no sleep, lock or allocation below ----------------- */

/* Receive bookkeeping of a polled ring. */
struct ec_native_rx {
	unsigned int next;		/* next descriptor the driver reads */
	unsigned int unreturned;	/* read, not yet given back (tail) */
	bool skip;			/* dropping a frame > one buffer */
	/* Counters (read by nobody yet but a debugger; kept honest). */
	unsigned long errors, other, oversized;
};

/*
 * One received buffer (eop: the frame ends in it; damaged: the controller
 * saw a CRC or symbol error): hand it to the master when it is a whole
 * EtherCAT frame.  A frame longer than one buffer is not one: it is
 * dropped whole.
 */
static inline void ec_native_rx_frame(struct ec_native_rx *rx,
				      struct ec_device *ecdev, const u8 *buf,
				      unsigned int len, unsigned int buf_size,
				      bool eop, bool damaged)
{
	if (!eop) {
		rx->skip = true;
		return;
	}
	if (rx->skip) {
		rx->skip = false;
		rx->oversized++;
		return;
	}
	if (damaged) {
		rx->errors++;
		return;
	}
	if (len < ETH_HLEN || len > buf_size ||
	    ((buf[12] << 8) | buf[13]) != ETH_P_ETHERCAT) {
		rx->other++;
		return;
	}
	ecdev_receive(ecdev, buf, len);
}

/*
 * After a poll read n descriptors: the controller fills up to, not
 * including, the tail.  Give the read descriptors back a few (batch) at a
 * time: a register write is a bus (or, emulated, a VM) round trip, and
 * the ring has room to spare.
 */
static inline void ec_native_rx_return(struct ec_native_rx *rx,
				       void __iomem *tail, unsigned int n,
				       unsigned int count, unsigned int batch)
{
	rx->unreturned += n;
	if (rx->unreturned < batch)
		return;
	rx->unreturned = 0;
	writel((rx->next + count - 1) % count, tail);
}

/*
 * The receive on arrival for a polled driver (doc/NATIVE.md): a driver
 * without interrupts cannot call ecdev_rx_notify() when a frame comes.
 * Instead each send arms a high-resolution timer (hard-irq expiry, also on
 * PREEMPT_RT); its callback only reads the next receive descriptor's done
 * bit (memory, no register) and, when it is set, calls ecdev_rx_notify():
 * the master then polls at once (under its cycle lock, by trylock) and the
 * application's receive finds the exchange complete.  It looks again
 * every step, "peeks" times in all per send, so that the frames of one
 * send that come later are taken too.  poll() stays the only reader of
 * the ring; the callback shares with xmit() only "left", where a lost
 * update costs one look more or less.
 */
struct ec_native_peek {
	struct hrtimer timer;
	struct ec_device *ecdev;
	bool (*ready)(void *port);	/* next receive descriptor done? */
	void *port;
	ktime_t step;
	unsigned int peeks;		/* 0: off */
	unsigned int left;
};

static inline enum hrtimer_restart ec_native_peek_fire(struct hrtimer *t)
{
	struct ec_native_peek *pk = container_of(t, struct ec_native_peek,
						 timer);
	unsigned int left = READ_ONCE(pk->left);

	if (pk->ready(pk->port))
		ecdev_rx_notify(pk->ecdev);
	if (!left)
		return HRTIMER_NORESTART;
	WRITE_ONCE(pk->left, left - 1);
	hrtimer_forward_now(t, pk->step);
	return HRTIMER_RESTART;
}

/* Set up (process context); off when us or peeks is 0. */
static inline void ec_native_peek_init(struct ec_native_peek *pk,
				       bool (*ready)(void *port), void *port,
				       unsigned int us, unsigned int peeks)
{
	hrtimer_init(&pk->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	pk->timer.function = ec_native_peek_fire;
	pk->ready = ready;
	pk->port = port;
	pk->step = ns_to_ktime((u64)us * NSEC_PER_USEC);
	pk->peeks = us ? peeks : 0;
}

/* From xmit(), after the tail write: look again from now on. */
static inline void ec_native_peek_arm(struct ec_native_peek *pk)
{
	if (!pk->peeks || !pk->ecdev)
		return;
	WRITE_ONCE(pk->left, pk->peeks - 1);
	hrtimer_start(&pk->timer, pk->step, HRTIMER_MODE_REL_HARD);
}

/* Process context, after ecdev_close(): no callback runs any more. */
static inline void ec_native_peek_stop(struct ec_native_peek *pk)
{
	hrtimer_cancel(&pk->timer);
}

#endif /* EC_DEVICES_EC_NATIVE_H */
