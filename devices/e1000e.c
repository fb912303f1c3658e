// SPDX-License-Identifier: GPL-2.0-only
/*
 * e1000e.c - ec_e1000e.ko: a native, polled EtherCAT port driver for
 * Intel's 82574 (the e1000e family; QEMU "-device e1000e") and the 8254x
 * family (QEMU "-device e1000"), written from the controllers' manuals
 * (registers and their sources: e1000e_regs.h).
 *
 * It binds only the ports named by the "ports" parameter (PCI addresses or
 * MAC addresses, or "all"), resets the controller, sets up one receive and
 * one transmit ring of legacy descriptors in coherent DMA memory with
 * preallocated buffers, and offers the port to the master
 * (ecdev_offer_port()).  There is no interrupt, no NAPI and no net_device:
 * the master's xmit copies a frame into the next transmit buffer and moves
 * the tail; its poll walks the receive ring and hands EtherCAT frames to
 * ecdev_receive().
 *
 * Calling context (doc/LOCKING.md rule 4): xmit() and poll() touch only
 * descriptors, preallocated buffers and device registers.  They do not
 * allocate, sleep, take a lock or map DMA; so they may run in any context
 * the realtime calls allow: hard-irq, softirq, a spinlock held, interrupts
 * off, on PREEMPT_RT too.  The master calls xmit() from one context at a
 * time and poll() from one context at a time; the two may overlap, as they
 * share nothing: the transmit ring belongs to xmit() alone, the receive
 * ring and the link check to poll() alone.  A busy bit per ring (atomic
 * test-and-set, never a wait) catches a caller that breaks that rule: the
 * second caller gets -EBUSY (xmit) or returns at once (poll).
 *
 * Probe, remove and the PHY access at probe run in process context and may
 * sleep.  remove() withdraws the port from the master before it stops the
 * controller and frees the rings, so no xmit or poll runs on freed memory.
 */
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pci.h>

#include "ecdev.h"
#include "ec_native.h"
#include "e1000e_regs.h"

#define EC_E1K_DRV_NAME		"ec_e1000e"
#define EC_E1K_RX_COUNT		64	/* descriptors; RDLEN % 128 == 0 */
#define EC_E1K_TX_COUNT		64
#define EC_E1K_BUF_SIZE		2048	/* RCTL.BSIZE 2048 */
#define EC_E1K_TX_MAX		ETH_FRAME_LEN	/* without FCS (IFCS adds it) */
#define EC_E1K_LINK_PERIOD	(HZ / 10)	/* STATUS.LU read in poll */
/* Receive descriptors handed back to the controller per RDT write. */
#define EC_E1K_RX_RETURN	8
#define EC_E1K_MAX_PORTS	16

enum { EC_E1K_TX_BUSY, EC_E1K_RX_BUSY };

/* What differs between the two families. */
struct ec_e1k_family {
	const char *name;
	u32 tipg;
	u32 txdctl_set;	/* bits to set in TXDCTL after reset */
	bool rx_ext;	/* RFCTL and MRQC exist (82574) */
};

static const struct ec_e1k_family ec_e1k_8254x = {
	.name = "8254x",
	.tipg = EC_E1K_TIPG_8254X,
};

static const struct ec_e1k_family ec_e1k_82574 = {
	.name = "82574",
	.tipg = EC_E1K_TIPG_82574,
	.txdctl_set = EC_E1K_TXDCTL_82574_BIT22,
	.rx_ext = true,
};

struct ec_e1k_port {
	struct pci_dev *pdev;
	void __iomem *hw;
	const struct ec_e1k_family *family;
	struct ec_device *ecdev;
	u8 mac[ETH_ALEN];
	struct ec_native_dma dma[EC_NATIVE_DMA_AREAS];

	struct ec_e1k_rx_desc *rx_ring;
	dma_addr_t rx_ring_dma;
	u8 *rx_buf;			/* EC_E1K_RX_COUNT buffers */
	dma_addr_t rx_buf_dma;
	struct ec_native_rx rx;		/* the receive ring's bookkeeping */
	struct ec_native_peek peek;	/* rx_peek_us: the receive on arrival */

	struct ec_e1k_tx_desc *tx_ring;
	dma_addr_t tx_ring_dma;
	u8 *tx_buf;			/* EC_E1K_TX_COUNT buffers */
	dma_addr_t tx_buf_dma;
	unsigned int tx_next;		/* next descriptor to fill */
	unsigned int tx_clean;		/* oldest descriptor not known done */

	unsigned long busy;		/* EC_E1K_*_BUSY bits */
	unsigned long next_link_check;	/* jiffies */
	bool link_up;			/* STATUS.LU as poll last read it */

	/* Counter (read by nobody yet but a debugger; kept honest). */
	unsigned long tx_ring_full;
};

EC_NATIVE_PARAMS(EC_E1K_MAX_PORTS);

static inline u32 ec_e1k_rd(const struct ec_e1k_port *p, u32 reg)
{
	return readl(p->hw + reg);
}

static inline void ec_e1k_wr(const struct ec_e1k_port *p, u32 reg, u32 val)
{
	writel(val, p->hw + reg);
}

/* --- the cyclic path: xmit and poll ------------------------------------ */

/* Move tx_clean past the descriptors the controller has written back. */
static void ec_e1k_tx_reclaim(struct ec_e1k_port *p)
{
	while (p->tx_clean != p->tx_next &&
	       (READ_ONCE(p->tx_ring[p->tx_clean].status) &
		EC_E1K_TXD_STAT_DD))
		p->tx_clean = (p->tx_clean + 1) % EC_E1K_TX_COUNT;
}

static int ec_e1k_xmit(void *priv, const void *frame, size_t size)
{
	struct ec_e1k_port *p = priv;
	struct ec_e1k_tx_desc *d;
	unsigned int i, next;
	int ret = 0;

	if (size > EC_E1K_TX_MAX)
		return -EMSGSIZE;
	/*
	 * No carrier: the frame would wait in the controller and go out,
	 * stale, when the link comes (after an autonegotiation, seconds).
	 */
	if (!READ_ONCE(p->link_up))
		return -ENETDOWN;
	if (WARN_ON_ONCE(test_and_set_bit_lock(EC_E1K_TX_BUSY, &p->busy)))
		return -EBUSY;
	ec_e1k_tx_reclaim(p);
	i = p->tx_next;
	next = (i + 1) % EC_E1K_TX_COUNT;
	if (next == p->tx_clean) {	/* TDT may not catch up with TDH */
		p->tx_ring_full++;
		ret = -EBUSY;
		goto out;
	}
	memcpy(p->tx_buf + i * EC_E1K_BUF_SIZE, frame, size);
	d = &p->tx_ring[i];		/* addr was set once at open */
	d->length = cpu_to_le16(size);
	d->cso = 0;
	d->css = 0;
	d->special = 0;
	d->status = 0;
	d->cmd = EC_E1K_TXD_CMD_EOP | EC_E1K_TXD_CMD_IFCS |
		 EC_E1K_TXD_CMD_RS;
	p->tx_next = next;
	/* writel() orders the descriptor and buffer stores before the tail */
	ec_e1k_wr(p, EC_E1K_TDT, next);
	ec_native_peek_arm(&p->peek);
out:
	clear_bit_unlock(EC_E1K_TX_BUSY, &p->busy);
	return ret;
}

static void ec_e1k_update_link(struct ec_e1k_port *p)
{
	bool up = ec_e1k_rd(p, EC_E1K_STATUS) & EC_E1K_STATUS_LU;

	WRITE_ONCE(p->link_up, up);
	ecdev_set_link(p->ecdev, up);
}

static void ec_e1k_poll(void *priv)
{
	struct ec_e1k_port *p = priv;
	unsigned int n;

	if (WARN_ON_ONCE(test_and_set_bit_lock(EC_E1K_RX_BUSY, &p->busy)))
		return;
	for (n = 0; n < EC_E1K_RX_COUNT; n++) {
		struct ec_e1k_rx_desc *d = &p->rx_ring[p->rx.next];
		u8 status = READ_ONCE(d->status);

		if (!(status & EC_E1K_RXD_STAT_DD))
			break;
		dma_rmb();	/* length, errors and data after DD */
		ec_native_rx_frame(&p->rx, p->ecdev,
				   p->rx_buf + p->rx.next * EC_E1K_BUF_SIZE,
				   le16_to_cpu(d->length), EC_E1K_BUF_SIZE,
				   status & EC_E1K_RXD_STAT_EOP,
				   d->errors & EC_E1K_RXD_ERR_FRAME);
		d->status = 0;
		p->rx.next = (p->rx.next + 1) % EC_E1K_RX_COUNT;
	}
	ec_native_rx_return(&p->rx, p->hw + EC_E1K_RDT, n, EC_E1K_RX_COUNT,
			    EC_E1K_RX_RETURN);
	if (time_after_eq(jiffies, p->next_link_check)) {
		p->next_link_check = jiffies + EC_E1K_LINK_PERIOD;
		ec_e1k_update_link(p);
	}
	clear_bit_unlock(EC_E1K_RX_BUSY, &p->busy);
}

/* The peek timer's question (ec_native.h): has the next frame come? */
static bool ec_e1k_rx_ready(void *priv)
{
	struct ec_e1k_port *p = priv;
	const struct ec_e1k_rx_desc *d = &p->rx_ring[READ_ONCE(p->rx.next)];

	return READ_ONCE(d->status) & EC_E1K_RXD_STAT_DD;
}

static const struct ecdev_ops ec_e1k_ops = {
	.xmit = ec_e1k_xmit,
	.poll = ec_e1k_poll,
};

/* --- bring-up and tear-down (process context) --------------------------- */

/*
 * The PHY autonegotiates on its own after power-up; a driver that had the
 * port before (the stock e1000e on unbind) may have powered it down.  Power
 * it up and restart autonegotiation only then, so that an active link is
 * left alone.
 */
static void ec_e1k_phy_power_up(struct ec_e1k_port *p)
{
	u16 ctrl;

	if (ec_native_mdic(p->hw, false, EC_E1K_PHY_CTRL, &ctrl)) {
		dev_warn(&p->pdev->dev, "PHY does not answer on MDIC\n");
		return;
	}
	if (!(ctrl & EC_E1K_PHY_CTRL_POWER_DOWN))
		return;
	ctrl &= ~EC_E1K_PHY_CTRL_POWER_DOWN;
	ctrl |= EC_E1K_PHY_CTRL_AN_ENABLE | EC_E1K_PHY_CTRL_RESTART_AN;
	if (ec_native_mdic(p->hw, true, EC_E1K_PHY_CTRL, &ctrl))
		dev_warn(&p->pdev->dev, "cannot power the PHY up\n");
	else
		dev_info(&p->pdev->dev, "PHY powered up, autonegotiating\n");
}

/* Receive, transmit and interrupts off; wait for the DMA to settle. */
static void ec_e1k_quiesce(struct ec_e1k_port *p)
{
	ec_e1k_wr(p, EC_E1K_IMC, EC_E1K_IMC_ALL);
	ec_e1k_wr(p, EC_E1K_RCTL, 0);
	ec_e1k_wr(p, EC_E1K_TCTL, 0);
	ec_e1k_rd(p, EC_E1K_STATUS);	/* flush the posted writes */
	usleep_range(10000, 12000);
}

/* Software reset, [SDM] 13.4.1 CTRL.RST and chapter 14 (reset). */
static int ec_e1k_reset(struct ec_e1k_port *p)
{
	unsigned int i;

	ec_e1k_quiesce(p);
	ec_e1k_wr(p, EC_E1K_CTRL, ec_e1k_rd(p, EC_E1K_CTRL) | EC_E1K_CTRL_RST);
	usleep_range(10000, 12000);
	for (i = 0; i < 100; i++) {
		if (!(ec_e1k_rd(p, EC_E1K_CTRL) & EC_E1K_CTRL_RST))
			break;
		usleep_range(1000, 2000);
	}
	if (i == 100)
		return -ETIMEDOUT;
	/* The reset leaves interrupts enabled on some parts: mask, clear. */
	ec_e1k_wr(p, EC_E1K_IMC, EC_E1K_IMC_ALL);
	ec_e1k_rd(p, EC_E1K_ICR);
	return 0;
}

/* Both rings and their buffers, in coherent DMA memory. */
static int ec_e1k_alloc_rings(struct ec_e1k_port *p)
{
	int ret = ec_native_rings_alloc(&p->pdev->dev, p->dma,
				EC_E1K_RX_COUNT * sizeof(*p->rx_ring),
				EC_E1K_TX_COUNT * sizeof(*p->tx_ring),
				EC_E1K_RX_COUNT * EC_E1K_BUF_SIZE,
				EC_E1K_TX_COUNT * EC_E1K_BUF_SIZE);

	if (!ret)
		EC_NATIVE_RINGS_SET(p);
	return ret;
}

/*
 * The ring registers: base, length, head 0, tail.  The receive ring's
 * (RDBAL, 0x2800) and the transmit ring's (TDBAL, 0x3800) share one layout.
 */
static_assert(EC_E1K_TDBAH - EC_E1K_TDBAL == EC_E1K_RDBAH - EC_E1K_RDBAL);
static_assert(EC_E1K_TDLEN - EC_E1K_TDBAL == EC_E1K_RDLEN - EC_E1K_RDBAL);
static_assert(EC_E1K_TDH - EC_E1K_TDBAL == EC_E1K_RDH - EC_E1K_RDBAL);
static_assert(EC_E1K_TDT - EC_E1K_TDBAL == EC_E1K_RDT - EC_E1K_RDBAL);

static void ec_e1k_ring_regs(struct ec_e1k_port *p, u32 bal, dma_addr_t dma,
			     u32 bytes, u32 tail)
{
	ec_e1k_wr(p, bal + (EC_E1K_RDBAL - EC_E1K_RDBAL), lower_32_bits(dma));
	ec_e1k_wr(p, bal + (EC_E1K_RDBAH - EC_E1K_RDBAL), upper_32_bits(dma));
	ec_e1k_wr(p, bal + (EC_E1K_RDLEN - EC_E1K_RDBAL), bytes);
	ec_e1k_wr(p, bal + (EC_E1K_RDH - EC_E1K_RDBAL), 0);
	ec_e1k_wr(p, bal + (EC_E1K_RDT - EC_E1K_RDBAL), tail);
}

/* Receive initialisation, [SDM] 14.4. */
static void ec_e1k_setup_rx(struct ec_e1k_port *p)
{
	unsigned int i;
	u32 rctl;

	for (i = 0; i < EC_E1K_MTA_COUNT; i++)
		ec_e1k_wr(p, EC_E1K_MTA(i), 0);
	for (i = 0; i < EC_E1K_RX_COUNT; i++) {
		memset(&p->rx_ring[i], 0, sizeof(p->rx_ring[i]));
		p->rx_ring[i].addr = cpu_to_le64(p->rx_buf_dma +
						 i * EC_E1K_BUF_SIZE);
	}
	p->rx.next = 0;
	p->rx.unreturned = 0;
	p->rx.skip = false;
	/* all but one descriptor to the controller: RDH == RDT is empty */
	ec_e1k_ring_regs(p, EC_E1K_RDBAL, p->rx_ring_dma,
			 EC_E1K_RX_COUNT * sizeof(*p->rx_ring),
			 EC_E1K_RX_COUNT - 1);
	ec_e1k_wr(p, EC_E1K_RDTR, 0);
	/* legacy descriptors, no RSS: a stock driver may have set both */
	if (p->family->rx_ext) {
		ec_e1k_wr(p, EC_E1K_RFCTL, 0);
		ec_e1k_wr(p, EC_E1K_MRQC, 0);
	}
	/*
	 * The master sends to the broadcast address and the slaves change
	 * only the source address (Beckhoff ESC datasheet, section I,
	 * chapter 3 "Frame Processing"), so broadcast acceptance is all
	 * EtherCAT needs; "promisc" takes any destination.
	 */
	rctl = EC_E1K_RCTL_EN | EC_E1K_RCTL_BAM | EC_E1K_RCTL_SECRC |
	       EC_E1K_RCTL_BSIZE_2048;
	if (promisc)
		rctl |= EC_E1K_RCTL_UPE | EC_E1K_RCTL_MPE;
	ec_e1k_wr(p, EC_E1K_RCTL, rctl);
}

/* Transmit initialisation, [SDM] 14.5. */
static void ec_e1k_setup_tx(struct ec_e1k_port *p)
{
	unsigned int i;

	for (i = 0; i < EC_E1K_TX_COUNT; i++) {
		memset(&p->tx_ring[i], 0, sizeof(p->tx_ring[i]));
		p->tx_ring[i].addr = cpu_to_le64(p->tx_buf_dma +
						 i * EC_E1K_BUF_SIZE);
	}
	p->tx_next = 0;
	p->tx_clean = 0;
	ec_e1k_ring_regs(p, EC_E1K_TDBAL, p->tx_ring_dma,
			 EC_E1K_TX_COUNT * sizeof(*p->tx_ring), 0);
	if (p->family->txdctl_set)
		ec_e1k_wr(p, EC_E1K_TXDCTL, ec_e1k_rd(p, EC_E1K_TXDCTL) |
					    p->family->txdctl_set);
	ec_e1k_wr(p, EC_E1K_TIPG, p->family->tipg);
	/* [SDM] 13.4.33: CT 0x0f; COLD 0x3f (full duplex, the EtherCAT case) */
	ec_e1k_wr(p, EC_E1K_TCTL, EC_E1K_TCTL_EN | EC_E1K_TCTL_PSP |
				  EC_E1K_TCTL_CT(0x0f) |
				  EC_E1K_TCTL_COLD(0x3f));
}

/* General configuration, [SDM] 14.3: link from the PHY, no flow control. */
static void ec_e1k_setup_mac(struct ec_e1k_port *p)
{
	u32 ctrl = ec_e1k_rd(p, EC_E1K_CTRL);

	ctrl |= EC_E1K_CTRL_SLU | EC_E1K_CTRL_ASDE;
	ctrl &= ~(EC_E1K_CTRL_LRST | EC_E1K_CTRL_PHY_RST | EC_E1K_CTRL_ILOS |
		  EC_E1K_CTRL_FRCSPD | EC_E1K_CTRL_FRCDPLX | EC_E1K_CTRL_VME);
	ec_e1k_wr(p, EC_E1K_CTRL, ctrl);
	ec_e1k_wr(p, EC_E1K_FCAL, 0);
	ec_e1k_wr(p, EC_E1K_FCAH, 0);
	ec_e1k_wr(p, EC_E1K_FCT, 0);
	ec_e1k_wr(p, EC_E1K_FCTTV, 0);
	ec_e1k_phy_power_up(p);
}

/* --- PCI driver ----------------------------------------------------------- */

static int ec_e1k_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	struct ec_e1k_port *p;
	int ret;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->pdev = pdev;
	p->family = (const struct ec_e1k_family *)id->driver_data;

	ret = ec_native_pci_map(pdev, EC_E1K_DRV_NAME, &p->hw);
	if (ret)
		return ret;
	/* The address before the reset: a stock driver may have set it. */
	if (!ec_native_read_mac(p->hw, p->mac)) {
		ret = ec_e1k_reset(p);
		if (ret || !ec_native_read_mac(p->hw, p->mac)) {
			dev_err(dev, "no valid MAC address in RAL0/RAH0\n");
			ret = -ENODEV;
			goto out_unmap;
		}
	}
	if (!ec_ports_wanted(ports, ports_count, pdev, p->mac)) {
		dev_info(dev, "%pM not in ports=: left alone\n", p->mac);
		ret = -ENODEV;
		goto out_unmap;
	}
	ret = ec_native_dma_mask(pdev);
	if (ret)
		goto out_unmap;
	ret = ec_e1k_alloc_rings(p);
	if (ret)
		goto out_unmap;
	pci_set_master(pdev);
	ret = ec_e1k_reset(p);
	if (ret) {
		dev_err(dev, "controller reset did not complete\n");
		goto out_free_rings;
	}
	ec_e1k_setup_mac(p);
	ec_e1k_setup_rx(p);
	ec_e1k_setup_tx(p);
	p->next_link_check = jiffies;

	ec_native_peek_init(&p->peek, ec_e1k_rx_ready, p, rx_peek_us, rx_peeks);
	p->ecdev = ecdev_offer_port(p->mac, &ec_e1k_ops, p, THIS_MODULE);
	if (!p->ecdev) {
		dev_info(dev, "%pM: no EtherCAT master wants it (main_devices=)\n",
			 p->mac);
		ret = -ENODEV;
		goto out_stop;
	}
	p->peek.ecdev = p->ecdev;
	pci_set_drvdata(pdev, p);
	ec_e1k_update_link(p);
	ret = ecdev_open(p->ecdev);
	if (ret) {
		dev_err(dev, "the EtherCAT master failed to open it (%d)\n",
			ret);
		goto out_withdraw;
	}
	dev_info(dev, "%s %pM handed to the EtherCAT master (polled)\n",
		 p->family->name, p->mac);
	return 0;

out_withdraw:
	ec_native_peek_stop(&p->peek);
	ecdev_withdraw(p->ecdev);
out_stop:
	ec_e1k_reset(p);
out_free_rings:
	pci_clear_master(pdev);
	ec_native_dma_free(dev, p->dma, EC_NATIVE_DMA_AREAS);
out_unmap:
	ec_native_pci_unmap(pdev, p->hw);
	return ret;
}

static void ec_e1k_remove(struct pci_dev *pdev)
{
	struct ec_e1k_port *p = pci_get_drvdata(pdev);

	/* After these the master calls neither xmit nor poll. */
	ecdev_close(p->ecdev);
	ec_native_peek_stop(&p->peek);
	ecdev_withdraw(p->ecdev);
	ec_native_peek_stop(&p->peek);	/* an xmit between the two */
	ec_e1k_reset(p);	/* stops the DMA; leaves the PHY powered */
	pci_clear_master(pdev);
	ec_native_dma_free(&pdev->dev, p->dma, EC_NATIVE_DMA_AREAS);
	ec_native_pci_unmap(pdev, p->hw);
	dev_info(&pdev->dev, "%pM taken back from the EtherCAT master\n",
		 p->mac);
}

#define EC_E1K_ID(dev, fam) \
	{ PCI_VDEVICE(INTEL, dev), (kernel_ulong_t)&(fam) }

/*
 * 8254x: [SDM] table 5-1 (device ids), the parts with the ring registers
 * at 0x2800/0x3800 (82540 and later; QEMU's e1000 is an 82540EM, its
 * e1000-82544gc and e1000-82545em the others).  82574: [DS] table 1-1.
 * No MODULE_DEVICE_TABLE: the module must not load itself for every
 * Intel NIC; it binds only what "ports" names.
 */
static const struct pci_device_id ec_e1k_ids[] = {
	EC_E1K_ID(0x100c, ec_e1k_8254x),	/* 82544GC copper */
	EC_E1K_ID(0x100e, ec_e1k_8254x),	/* 82540EM */
	EC_E1K_ID(0x100f, ec_e1k_8254x),	/* 82545EM copper */
	EC_E1K_ID(0x1015, ec_e1k_8254x),	/* 82540EM LOM */
	EC_E1K_ID(0x1016, ec_e1k_8254x),	/* 82540EP LOM */
	EC_E1K_ID(0x1017, ec_e1k_8254x),	/* 82540EP */
	EC_E1K_ID(0x101e, ec_e1k_8254x),	/* 82540EP LP */
	EC_E1K_ID(0x1026, ec_e1k_8254x),	/* 82545GM copper */
	EC_E1K_ID(0x1076, ec_e1k_8254x),	/* 82541GI */
	EC_E1K_ID(0x107c, ec_e1k_8254x),	/* 82541PI */
	EC_E1K_ID(0x10d3, ec_e1k_82574),	/* 82574L */
	EC_E1K_ID(0x10f6, ec_e1k_82574),	/* 82574LA */
	{ }
};

static struct pci_driver ec_e1k_driver = {
	.name = EC_E1K_DRV_NAME,
	.id_table = ec_e1k_ids,
	.probe = ec_e1k_probe,
	.remove = ec_e1k_remove,
};

static int __init ec_e1k_init(void)
{
	return ec_native_register(&ec_e1k_driver, ports, ports_count);
}

static void __exit ec_e1k_exit(void)
{
	pci_unregister_driver(&ec_e1k_driver);
}

module_init(ec_e1k_init);
module_exit(ec_e1k_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The EtherCAT master authors");
MODULE_DESCRIPTION("EtherCAT native polled driver, Intel 82574 and 8254x");
MODULE_VERSION(EC_RELEASE);
