// SPDX-License-Identifier: GPL-2.0-only
/*
 * igb.c - ec_igb.ko: a native, polled EtherCAT port driver for Intel's igb
 * family: the 82576 (QEMU "-device igb"), the i350 and the i210/i211, the
 * NICs of most industrial PCs.  Written from the datasheets (registers,
 * descriptors and their sources: igb_regs.h; what differs between the
 * parts: doc/NATIVE.md).
 *
 * Only copper ports with the internal PHY are driven (CTRL_EXT.LINK_MODE
 * 0); it binds only the ports "ports" names (PCI addresses, MAC addresses
 * or "all", ec_ports.h).  Per port: a controller reset, queue 0 alone with
 * one receive and one transmit ring of advanced descriptors in coherent
 * DMA memory, preallocated 2 KiB buffers, every interrupt masked, and the
 * port offered to the master (ecdev_offer_port()).  No interrupt, no NAPI,
 * no net_device: the master's xmit copies the frame into the next
 * transmit buffer and moves the tail; its poll walks the receive ring,
 * hands EtherCAT frames to ecdev_receive() and, every 100 ms, reads the
 * link state (and reports speed and duplex in the kernel log when it
 * changes).
 *
 * Calling context (doc/LOCKING.md rule 4): xmit() and poll() touch only
 * descriptors, the preallocated buffers and device registers: no
 * allocation, sleep, lock or DMA mapping, so any context the realtime
 * calls allow is fine (hard-irq, softirq, spinlock held, interrupts off,
 * PREEMPT_RT).  They share nothing: the transmit ring is xmit()'s, the
 * receive ring and the link check poll()'s.  A busy bit per ring (atomic
 * test-and-set, never a wait) catches a caller that breaks the master's
 * one-caller-at-a-time rule.
 *
 * Probe and remove run in process context and may sleep (reset, PHY and
 * its semaphore).  remove() withdraws the port from the master before it
 * stops the controller, then releases it to whatever driver binds next:
 * the stock igb takes it back with a sysfs bind (doc/NATIVE.md).
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
#include "igb_regs.h"

#define EC_IGB_DRV_NAME		"ec_igb"
#define EC_IGB_RX_COUNT		64	/* descriptors; RDLEN % 128 == 0 */
#define EC_IGB_TX_COUNT		64
#define EC_IGB_BUF_KB		2
#define EC_IGB_BUF_SIZE		(EC_IGB_BUF_KB * 1024)
#define EC_IGB_TX_MAX		ETH_FRAME_LEN	/* without FCS (IFCS adds it) */
#define EC_IGB_LINK_PERIOD	(HZ / 10)
/* Receive descriptors handed back to the controller per RDT write. */
#define EC_IGB_RX_RETURN	8
#define EC_IGB_MAX_PORTS	16

enum { EC_IGB_TX_BUSY, EC_IGB_RX_BUSY };

/* What differs between the parts (doc/NATIVE.md). */
struct ec_igb_part {
	const char *name;
	u32 eec;	/* where AUTO_RD is: EECD or the i210's EEC */
	bool phpm;	/* PHPM.GO_LINK_D may keep the PHY off the wire */
};

static const struct ec_igb_part ec_igb_82576 = {
	.name = "82576",
	.eec = EC_IGB_EECD,
};

static const struct ec_igb_part ec_igb_i350 = {
	.name = "i350",
	.eec = EC_IGB_EECD,
	.phpm = true,
};

static const struct ec_igb_part ec_igb_i210 = {
	.name = "i210",
	.eec = EC_IGB_EEC_I210,
	.phpm = true,
};

static const struct ec_igb_part ec_igb_i211 = {
	.name = "i211",
	.eec = EC_IGB_EEC_I210,
	.phpm = true,
};

struct ec_igb_port {
	struct pci_dev *pdev;
	void __iomem *hw;
	const struct ec_igb_part *part;
	struct ec_device *ecdev;
	u8 mac[ETH_ALEN];
	unsigned int lan_id;		/* port of a multi-port part */
	struct ec_native_dma dma[EC_NATIVE_DMA_AREAS];

	union ec_igb_rx_desc *rx_ring;
	dma_addr_t rx_ring_dma;
	u8 *rx_buf;			/* EC_IGB_RX_COUNT buffers */
	dma_addr_t rx_buf_dma;
	struct ec_native_rx rx;		/* the receive ring's bookkeeping */
	struct ec_native_peek peek;	/* rx_peek_us: the receive on arrival */

	union ec_igb_tx_desc *tx_ring;
	dma_addr_t tx_ring_dma;
	u8 *tx_buf;			/* EC_IGB_TX_COUNT buffers */
	dma_addr_t tx_buf_dma;
	unsigned int tx_next;		/* next descriptor to fill */
	unsigned int tx_clean;		/* oldest descriptor not known done */

	unsigned long busy;		/* EC_IGB_*_BUSY bits */
	unsigned long next_link_check;	/* jiffies */
	bool link_up;			/* STATUS.LU as poll last read it */
	u32 link_status;		/* STATUS speed and duplex, logged */

	/* Counter (read by nobody yet but a debugger; kept honest). */
	unsigned long tx_ring_full;
};

EC_NATIVE_PARAMS(EC_IGB_MAX_PORTS);

static inline u32 ec_igb_rd(const struct ec_igb_port *p, u32 reg)
{
	return readl(p->hw + reg);
}

static inline void ec_igb_wr(const struct ec_igb_port *p, u32 reg, u32 val)
{
	writel(val, p->hw + reg);
}

static inline dma_addr_t ec_igb_rx_buf_dma(const struct ec_igb_port *p,
					   unsigned int i)
{
	return p->rx_buf_dma + (dma_addr_t)i * EC_IGB_BUF_SIZE;
}

/* --- the cyclic path: xmit and poll ------------------------------------ */

static int ec_igb_xmit(void *priv, const void *frame, size_t size)
{
	struct ec_igb_port *p = priv;
	union ec_igb_tx_desc *d;
	unsigned int i, next;
	int ret = 0;

	if (size > EC_IGB_TX_MAX)
		return -EMSGSIZE;
	/* No carrier: the frame would leave, stale, after autonegotiation. */
	if (!READ_ONCE(p->link_up))
		return -ENETDOWN;
	if (WARN_ON_ONCE(test_and_set_bit_lock(EC_IGB_TX_BUSY, &p->busy)))
		return -EBUSY;
	/* Reclaim what the controller has sent (DD written back). */
	while (p->tx_clean != p->tx_next &&
	       (le32_to_cpu(READ_ONCE(p->tx_ring[p->tx_clean].wb.status)) &
		EC_IGB_TXD_STAT_DD))
		p->tx_clean = (p->tx_clean + 1) % EC_IGB_TX_COUNT;
	i = p->tx_next;
	next = (i + 1) % EC_IGB_TX_COUNT;
	if (next == p->tx_clean) {	/* TDT may not catch up with TDH */
		p->tx_ring_full++;
		ret = -EBUSY;
		goto out;
	}
	memcpy(p->tx_buf + i * EC_IGB_BUF_SIZE, frame, size);
	d = &p->tx_ring[i];
	/* the write-back overwrote the read format: all of it again */
	d->read.buffer_addr = cpu_to_le64(p->tx_buf_dma +
					  (dma_addr_t)i * EC_IGB_BUF_SIZE);
	d->read.cmd_type_len = cpu_to_le32(size | EC_IGB_TXD_DTYP_DATA |
					   EC_IGB_TXD_CMD_DEXT |
					   EC_IGB_TXD_CMD_EOP |
					   EC_IGB_TXD_CMD_IFCS |
					   EC_IGB_TXD_CMD_RS);
	d->read.olinfo_status = cpu_to_le32(EC_IGB_TXD_PAYLEN(size));
	p->tx_next = next;
	/* writel() orders the descriptor and buffer stores before the tail */
	ec_igb_wr(p, EC_IGB_TDT, next);
	ec_native_peek_arm(&p->peek);
out:
	clear_bit_unlock(EC_IGB_TX_BUSY, &p->busy);
	return ret;
}

static void ec_igb_update_link(struct ec_igb_port *p)
{
	u32 status = ec_igb_rd(p, EC_IGB_STATUS);
	bool up = status & EC_IGB_STATUS_LU;
	u32 mode = status & (EC_IGB_STATUS_LU | EC_IGB_STATUS_FD |
			     (3u << 6));

	WRITE_ONCE(p->link_up, up);
	ecdev_set_link(p->ecdev, up);
	if (mode == p->link_status)
		return;
	p->link_status = mode;
	if (up) {
		static const unsigned int mbps[] = { 10, 100, 1000, 1000 };

		dev_info(&p->pdev->dev, "link up, %u Mb/s %s duplex\n",
			 mbps[EC_IGB_STATUS_SPEED(status)],
			 status & EC_IGB_STATUS_FD ? "full" : "half");
	} else {
		dev_info(&p->pdev->dev, "link down\n");
	}
}

static void ec_igb_poll(void *priv)
{
	struct ec_igb_port *p = priv;
	unsigned int n;

	if (WARN_ON_ONCE(test_and_set_bit_lock(EC_IGB_RX_BUSY, &p->busy)))
		return;
	for (n = 0; n < EC_IGB_RX_COUNT; n++) {
		union ec_igb_rx_desc *d = &p->rx_ring[p->rx.next];
		u32 st = le32_to_cpu(READ_ONCE(d->wb.status_error));

		if (!(st & EC_IGB_RXD_STAT_DD))
			break;
		dma_rmb();	/* length and data after DD */
		ec_native_rx_frame(&p->rx, p->ecdev,
				   p->rx_buf + p->rx.next * EC_IGB_BUF_SIZE,
				   le16_to_cpu(d->wb.length), EC_IGB_BUF_SIZE,
				   st & EC_IGB_RXD_STAT_EOP,
				   st & EC_IGB_RXD_ERR_RXE);
		/* back to the read format; hdr_addr 0 clears DD too */
		d->read.pkt_addr = cpu_to_le64(ec_igb_rx_buf_dma(p,
								 p->rx.next));
		d->read.hdr_addr = 0;
		p->rx.next = (p->rx.next + 1) % EC_IGB_RX_COUNT;
	}
	ec_native_rx_return(&p->rx, p->hw + EC_IGB_RDT, n, EC_IGB_RX_COUNT,
			    EC_IGB_RX_RETURN);
	if (time_after_eq(jiffies, p->next_link_check)) {
		p->next_link_check = jiffies + EC_IGB_LINK_PERIOD;
		ec_igb_update_link(p);
	}
	clear_bit_unlock(EC_IGB_RX_BUSY, &p->busy);
}

/* The peek timer's question (ec_native.h): has the next frame come? */
static bool ec_igb_rx_ready(void *priv)
{
	struct ec_igb_port *p = priv;
	const union ec_igb_rx_desc *d = &p->rx_ring[READ_ONCE(p->rx.next)];

	return le32_to_cpu(READ_ONCE(d->wb.status_error)) & EC_IGB_RXD_STAT_DD;
}

static const struct ecdev_ops ec_igb_ops = {
	.xmit = ec_igb_xmit,
	.poll = ec_igb_poll,
};

/* --- the PHY, behind the software/firmware semaphore (process context) -- */

/* SWSM: SMBI (set by the read that finds it clear), then SWESMBI. */
static int ec_igb_get_swsm(struct ec_igb_port *p)
{
	unsigned int i;

	for (i = 0; i < 100; i++) {
		if (!(ec_igb_rd(p, EC_IGB_SWSM) & EC_IGB_SWSM_SMBI))
			break;
		usleep_range(50, 100);
	}
	if (i == 100)
		return -EBUSY;
	for (i = 0; i < 100; i++) {
		ec_igb_wr(p, EC_IGB_SWSM,
			  ec_igb_rd(p, EC_IGB_SWSM) | EC_IGB_SWSM_SWESMBI);
		if (ec_igb_rd(p, EC_IGB_SWSM) & EC_IGB_SWSM_SWESMBI)
			return 0;
		usleep_range(50, 100);
	}
	ec_igb_wr(p, EC_IGB_SWSM, 0);
	return -EBUSY;
}

static void ec_igb_put_swsm(struct ec_igb_port *p)
{
	ec_igb_wr(p, EC_IGB_SWSM, ec_igb_rd(p, EC_IGB_SWSM) &
		  ~(EC_IGB_SWSM_SMBI | EC_IGB_SWSM_SWESMBI));
}

/* Own this port's PHY in SW_FW_SYNC, when neither side holds it. */
static int ec_igb_phy_acquire(struct ec_igb_port *p)
{
	u32 mask = EC_IGB_SW_PHY_SM(p->lan_id);
	unsigned int i;
	u32 sync;

	for (i = 0; i < 200; i++) {
		if (ec_igb_get_swsm(p))
			return -EBUSY;
		sync = ec_igb_rd(p, EC_IGB_SW_FW_SYNC);
		if (!(sync & (mask | mask << EC_IGB_FW_SHIFT))) {
			ec_igb_wr(p, EC_IGB_SW_FW_SYNC, sync | mask);
			ec_igb_put_swsm(p);
			return 0;
		}
		ec_igb_put_swsm(p);
		usleep_range(5000, 6000);
	}
	return -EBUSY;
}

static void ec_igb_phy_release(struct ec_igb_port *p)
{
	if (ec_igb_get_swsm(p))
		return;		/* SW_FW_SYNC is left as it is; next owner waits */
	ec_igb_wr(p, EC_IGB_SW_FW_SYNC, ec_igb_rd(p, EC_IGB_SW_FW_SYNC) &
		  ~EC_IGB_SW_PHY_SM(p->lan_id));
	ec_igb_put_swsm(p);
}

/*
 * The stock igb powers the PHY down when it lets the port go (unbind,
 * ifdown), and an i350/i210 NVM may keep it disconnected (PHPM.GO_LINK_D)
 * until a driver comes.  Power it up, and restart autonegotiation when it
 * was down or the link is not up after the reset (QEMU's model, for one,
 * resets its PHY with the MAC and autonegotiates only when told); a link
 * that is up is left alone.
 */
static void ec_igb_phy_power_up(struct ec_igb_port *p)
{
	struct device *dev = &p->pdev->dev;
	u16 ctrl;
	int ret;

	if (p->part->phpm)
		ec_igb_wr(p, EC_IGB_PHPM, ec_igb_rd(p, EC_IGB_PHPM) &
			  ~EC_IGB_PHPM_GO_LINK_D);
	if (ec_igb_phy_acquire(p)) {
		dev_warn(dev, "PHY semaphore busy: PHY left as it is\n");
		return;
	}
	ret = ec_native_mdic(p->hw, false, EC_IGB_PHY_CTRL, &ctrl);
	if (ret) {
		dev_warn(dev, "PHY does not answer on MDIC (%d)\n", ret);
	} else if ((ctrl & EC_IGB_PHY_CTRL_POWER_DOWN) ||
		   !(ec_igb_rd(p, EC_IGB_STATUS) & EC_IGB_STATUS_LU)) {
		ctrl &= ~EC_IGB_PHY_CTRL_POWER_DOWN;
		ctrl |= EC_IGB_PHY_CTRL_AN_ENABLE | EC_IGB_PHY_CTRL_RESTART_AN;
		if (ec_native_mdic(p->hw, true, EC_IGB_PHY_CTRL, &ctrl))
			dev_warn(dev, "cannot power the PHY up\n");
		else
			dev_info(dev, "autonegotiating\n");
	}
	ec_igb_phy_release(p);
}

/* --- reset and set-up (process context) --------------------------------- */

/* Interrupts masked, receive and transmit off, queue 0 disabled. */
static void ec_igb_quiesce(struct ec_igb_port *p)
{
	ec_igb_wr(p, EC_IGB_IMC, EC_IGB_INT_ALL);
	ec_igb_wr(p, EC_IGB_EIMC, EC_IGB_INT_ALL);
	ec_igb_wr(p, EC_IGB_RCTL, 0);
	ec_igb_wr(p, EC_IGB_TCTL, 0);
	ec_igb_wr(p, EC_IGB_RXDCTL, 0);
	ec_igb_wr(p, EC_IGB_TXDCTL, 0);
	ec_igb_rd(p, EC_IGB_STATUS);	/* flush the posted writes */
	usleep_range(10000, 12000);
}

/*
 * Software reset ([I210] 4.3, [82576] 4.2): stop the bus master first
 * (CTRL.GIO_MASTER_DISABLE until STATUS.GIO_MASTER_ENABLE clears), then
 * CTRL.RST; the controller reloads its NVM words (RAL0/RAH0 among them)
 * and sets AUTO_RD when done.
 */
static int ec_igb_reset(struct ec_igb_port *p)
{
	unsigned int i;

	ec_igb_quiesce(p);
	ec_igb_wr(p, EC_IGB_CTRL, ec_igb_rd(p, EC_IGB_CTRL) |
		  EC_IGB_CTRL_GIO_MASTER_DISABLE);
	for (i = 0; i < 100; i++) {
		if (!(ec_igb_rd(p, EC_IGB_STATUS) &
		      EC_IGB_STATUS_GIO_MASTER_ENABLE))
			break;
		usleep_range(100, 200);
	}
	/* (pending requests time out in the controller: reset anyway) */
	ec_igb_wr(p, EC_IGB_CTRL, ec_igb_rd(p, EC_IGB_CTRL) | EC_IGB_CTRL_RST);
	usleep_range(10000, 12000);
	for (i = 0; i < 100; i++) {
		if (!(ec_igb_rd(p, EC_IGB_CTRL) & EC_IGB_CTRL_RST))
			break;
		usleep_range(1000, 2000);
	}
	if (i == 100)
		return -ETIMEDOUT;
	for (i = 0; i < 100; i++) {
		if (ec_igb_rd(p, p->part->eec) & EC_IGB_EEC_AUTO_RD)
			break;
		usleep_range(100, 200);
	}
	if (i == 100)	/* QEMU's 82576 never sets it; the stock igb goes on */
		dev_dbg(&p->pdev->dev, "NVM auto-read not done after reset\n");
	ec_igb_wr(p, EC_IGB_IMC, EC_IGB_INT_ALL);
	ec_igb_wr(p, EC_IGB_EIMC, EC_IGB_INT_ALL);
	ec_igb_rd(p, EC_IGB_ICR);
	return 0;
}

/* Set XDCTL.ENABLE of a queue register and wait until it reads back. */
static int ec_igb_enable_queue(struct ec_igb_port *p, u32 reg)
{
	unsigned int i;

	ec_igb_wr(p, reg, EC_IGB_XDCTL_ENABLE | EC_IGB_XDCTL_WTHRESH(1));
	for (i = 0; i < 100; i++) {
		if (ec_igb_rd(p, reg) & EC_IGB_XDCTL_ENABLE)
			return 0;
		usleep_range(100, 200);
	}
	return -ETIMEDOUT;
}

/* Receive set-up, [I210] 4.5.9: ring, buffer size, filters, queue on. */
static int ec_igb_setup_rx(struct ec_igb_port *p)
{
	unsigned int i;
	u32 rctl;

	for (i = 0; i < EC_IGB_MTA_COUNT; i++)
		ec_igb_wr(p, EC_IGB_MTA(i), 0);
	for (i = 0; i < EC_IGB_RX_COUNT; i++) {
		p->rx_ring[i].read.pkt_addr =
			cpu_to_le64(ec_igb_rx_buf_dma(p, i));
		p->rx_ring[i].read.hdr_addr = 0;
	}
	p->rx.next = 0;
	p->rx.unreturned = 0;
	p->rx.skip = false;
	ec_igb_wr(p, EC_IGB_MRQC, 0);
	ec_igb_wr(p, EC_IGB_RDBAL, lower_32_bits(p->rx_ring_dma));
	ec_igb_wr(p, EC_IGB_RDBAH, upper_32_bits(p->rx_ring_dma));
	ec_igb_wr(p, EC_IGB_RDLEN, EC_IGB_RX_COUNT * sizeof(*p->rx_ring));
	ec_igb_wr(p, EC_IGB_RDH, 0);
	ec_igb_wr(p, EC_IGB_RDT, 0);
	/* a full ring drops the frame instead of holding the FIFO */
	ec_igb_wr(p, EC_IGB_SRRCTL, EC_IGB_SRRCTL_BSIZEPKT_KB(EC_IGB_BUF_KB) |
				    EC_IGB_SRRCTL_DESCTYPE_ADV1 |
				    EC_IGB_SRRCTL_DROP_EN);
	if (ec_igb_enable_queue(p, EC_IGB_RXDCTL))
		return -ETIMEDOUT;
	/* RDT only counts once the queue is on ([I210] 8.10.8) */
	ec_igb_wr(p, EC_IGB_RDT, EC_IGB_RX_COUNT - 1);
	/*
	 * The master sends to the broadcast address and the slaves change
	 * only the source address, so broadcast acceptance is all EtherCAT
	 * needs; "promisc" takes any destination.
	 */
	rctl = EC_IGB_RCTL_EN | EC_IGB_RCTL_BAM | EC_IGB_RCTL_SECRC;
	if (promisc)
		rctl |= EC_IGB_RCTL_UPE | EC_IGB_RCTL_MPE;
	ec_igb_wr(p, EC_IGB_RCTL, rctl);
	return 0;
}

/* Transmit set-up, [I210] 4.5.10. */
static int ec_igb_setup_tx(struct ec_igb_port *p)
{
	memset(p->tx_ring, 0, EC_IGB_TX_COUNT * sizeof(*p->tx_ring));
	p->tx_next = 0;
	p->tx_clean = 0;
	ec_igb_wr(p, EC_IGB_TDBAL, lower_32_bits(p->tx_ring_dma));
	ec_igb_wr(p, EC_IGB_TDBAH, upper_32_bits(p->tx_ring_dma));
	ec_igb_wr(p, EC_IGB_TDLEN, EC_IGB_TX_COUNT * sizeof(*p->tx_ring));
	ec_igb_wr(p, EC_IGB_TDH, 0);
	ec_igb_wr(p, EC_IGB_TDT, 0);
	ec_igb_wr(p, EC_IGB_TIPG, EC_IGB_TIPG_COPPER);
	/* CT 0x0f; COLD 0x3f (full duplex, the EtherCAT case) */
	ec_igb_wr(p, EC_IGB_TCTL, EC_IGB_TCTL_EN | EC_IGB_TCTL_PSP |
				  EC_IGB_TCTL_CT(0x0f) |
				  EC_IGB_TCTL_COLD(0x3f));
	return ec_igb_enable_queue(p, EC_IGB_TXDCTL);
}

/* Link from the PHY (autonegotiated speed and duplex), no flow control. */
static void ec_igb_setup_mac(struct ec_igb_port *p)
{
	u32 ctrl = ec_igb_rd(p, EC_IGB_CTRL);

	ctrl |= EC_IGB_CTRL_SLU;
	ctrl &= ~(EC_IGB_CTRL_PHY_RST | EC_IGB_CTRL_ILOS |
		  EC_IGB_CTRL_FRCSPD | EC_IGB_CTRL_FRCDPLX |
		  EC_IGB_CTRL_RFCE | EC_IGB_CTRL_TFCE | EC_IGB_CTRL_VME);
	ec_igb_wr(p, EC_IGB_CTRL, ctrl);
	ec_igb_wr(p, EC_IGB_FCAL, 0);
	ec_igb_wr(p, EC_IGB_FCAH, 0);
	ec_igb_wr(p, EC_IGB_FCT, 0);
	ec_igb_wr(p, EC_IGB_FCTTV, 0);
	/* tell the manageability firmware that a driver owns the port */
	ec_igb_wr(p, EC_IGB_CTRL_EXT, ec_igb_rd(p, EC_IGB_CTRL_EXT) |
				      EC_IGB_CTRL_EXT_DRV_LOAD);
	ec_igb_phy_power_up(p);
}

/* Stop the DMA and give the port up: the next driver starts clean. */
static void ec_igb_stop(struct ec_igb_port *p)
{
	ec_igb_reset(p);	/* leaves the PHY powered */
	ec_igb_wr(p, EC_IGB_CTRL_EXT, ec_igb_rd(p, EC_IGB_CTRL_EXT) &
				      ~EC_IGB_CTRL_EXT_DRV_LOAD);
}

/* Both rings and their buffers, in coherent DMA memory. */
static int ec_igb_alloc_rings(struct ec_igb_port *p)
{
	int ret = ec_native_rings_alloc(&p->pdev->dev, p->dma,
				EC_IGB_RX_COUNT * sizeof(*p->rx_ring),
				EC_IGB_TX_COUNT * sizeof(*p->tx_ring),
				EC_IGB_RX_COUNT * EC_IGB_BUF_SIZE,
				EC_IGB_TX_COUNT * EC_IGB_BUF_SIZE);

	if (!ret)
		EC_NATIVE_RINGS_SET(p);
	return ret;
}

/* --- PCI driver ----------------------------------------------------------- */

static int ec_igb_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	struct ec_igb_port *p;
	u32 mode;
	int ret;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->pdev = pdev;
	p->part = (const struct ec_igb_part *)id->driver_data;

	ret = ec_native_pci_map(pdev, EC_IGB_DRV_NAME, &p->hw);
	if (ret)
		return ret;
	p->lan_id = EC_IGB_STATUS_LAN_ID(ec_igb_rd(p, EC_IGB_STATUS));
	/* The address before the reset: a stock driver may have set it. */
	if (!ec_native_read_mac(p->hw, p->mac)) {
		ret = ec_igb_reset(p);
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
	mode = EC_IGB_CTRL_EXT_LINK_MODE(ec_igb_rd(p, EC_IGB_CTRL_EXT));
	if (mode) {
		dev_err(dev, "%pM: link mode %u (SerDes, SGMII): only the internal copper PHY is supported\n",
			p->mac, mode);
		ret = -ENODEV;
		goto out_unmap;
	}
	ret = ec_native_dma_mask(pdev);
	if (ret)
		goto out_unmap;
	ret = ec_igb_alloc_rings(p);
	if (ret)
		goto out_unmap;
	pci_set_master(pdev);
	ret = ec_igb_reset(p);
	if (ret) {
		dev_err(dev, "controller reset did not complete\n");
		goto out_free_rings;
	}
	ec_igb_setup_mac(p);
	ret = ec_igb_setup_rx(p);
	if (!ret)
		ret = ec_igb_setup_tx(p);
	if (ret) {
		dev_err(dev, "queue 0 does not enable (RXDCTL/TXDCTL)\n");
		goto out_stop;
	}
	p->next_link_check = jiffies;

	ec_native_peek_init(&p->peek, ec_igb_rx_ready, p, rx_peek_us, rx_peeks);
	p->ecdev = ecdev_offer_port(p->mac, &ec_igb_ops, p, THIS_MODULE);
	if (!p->ecdev) {
		dev_info(dev, "%pM: no EtherCAT master wants it (main_devices=)\n",
			 p->mac);
		ret = -ENODEV;
		goto out_stop;
	}
	p->peek.ecdev = p->ecdev;
	pci_set_drvdata(pdev, p);
	ec_igb_update_link(p);
	ret = ecdev_open(p->ecdev);
	if (ret) {
		dev_err(dev, "the EtherCAT master failed to open it (%d)\n",
			ret);
		goto out_withdraw;
	}
	dev_info(dev, "%s port %u %pM handed to the EtherCAT master (polled)\n",
		 p->part->name, p->lan_id, p->mac);
	return 0;

out_withdraw:
	ec_native_peek_stop(&p->peek);
	ecdev_withdraw(p->ecdev);
out_stop:
	ec_igb_stop(p);
out_free_rings:
	pci_clear_master(pdev);
	ec_native_dma_free(dev, p->dma, EC_NATIVE_DMA_AREAS);
out_unmap:
	ec_native_pci_unmap(pdev, p->hw);
	return ret;
}

static void ec_igb_remove(struct pci_dev *pdev)
{
	struct ec_igb_port *p = pci_get_drvdata(pdev);

	/* After these the master calls neither xmit nor poll. */
	ecdev_close(p->ecdev);
	ec_native_peek_stop(&p->peek);
	ecdev_withdraw(p->ecdev);
	ec_native_peek_stop(&p->peek);	/* an xmit between the two */
	ec_igb_stop(p);
	pci_clear_master(pdev);
	ec_native_dma_free(&pdev->dev, p->dma, EC_NATIVE_DMA_AREAS);
	ec_native_pci_unmap(pdev, p->hw);
	dev_info(&pdev->dev, "%pM taken back from the EtherCAT master\n",
		 p->mac);
}

#define EC_IGB_ID(dev, part) \
	{ PCI_VDEVICE(INTEL, dev), (kernel_ulong_t)&(part) }

/*
 * Copper parts with the internal PHY, from the datasheets' device id
 * tables ([82576] 1.x, [I350] 1.x, [I210] 1.x).  No MODULE_DEVICE_TABLE:
 * the module must not load itself for every Intel NIC; it binds only
 * what "ports" names.
 */
static const struct pci_device_id ec_igb_ids[] = {
	EC_IGB_ID(0x10c9, ec_igb_82576),	/* 82576 (QEMU igb) */
	EC_IGB_ID(0x10e8, ec_igb_82576),	/* 82576 quad copper */
	EC_IGB_ID(0x1526, ec_igb_82576),	/* 82576 quad copper ET2 */
	EC_IGB_ID(0x150a, ec_igb_82576),	/* 82576NS */
	EC_IGB_ID(0x1521, ec_igb_i350),		/* i350 copper */
	EC_IGB_ID(0x1533, ec_igb_i210),		/* i210 copper */
	EC_IGB_ID(0x157b, ec_igb_i210),		/* i210 copper, flashless */
	EC_IGB_ID(0x1539, ec_igb_i211),		/* i211 copper */
	{ }
};

static struct pci_driver ec_igb_driver = {
	.name = EC_IGB_DRV_NAME,
	.id_table = ec_igb_ids,
	.probe = ec_igb_probe,
	.remove = ec_igb_remove,
};

static int __init ec_igb_init(void)
{
	return ec_native_register(&ec_igb_driver, ports, ports_count);
}

static void __exit ec_igb_exit(void)
{
	pci_unregister_driver(&ec_igb_driver);
}

module_init(ec_igb_init);
module_exit(ec_igb_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The EtherCAT master authors");
MODULE_DESCRIPTION("EtherCAT native polled driver, Intel igb family (82576, i350, i210/i211)");
MODULE_VERSION(EC_RELEASE);
