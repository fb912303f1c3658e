/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * e1000e_regs.h - the registers and descriptors of Intel's 8254x and 82574
 * Ethernet controllers that ec_e1000e uses.
 *
 * Sources:
 *   [SDM]  PCI/PCI-X Family of Gigabit Ethernet Controllers Software
 *          Developer's Manual (8254x), 317453: chapter 13 register
 *          descriptions, chapter 3 descriptor formats, chapter 14
 *          initialisation.
 *   [DS]   Intel 82574 GbE Controller Family Datasheet, 317694:
 *          chapter 10 (device registers) keeps every register and bit used
 *          here at the 8254x offsets; chapter 7 keeps the legacy receive
 *          and transmit descriptors.  Where the 82574 differs it says so.
 * All registers are 32 bits wide, in BAR 0 (memory mapped).
 */
#ifndef EC_E1000E_REGS_H
#define EC_E1000E_REGS_H

#include <linux/bits.h>
#include <linux/types.h>

/* Device Control, CTRL, [SDM] 13.4.1 */
#define EC_E1K_CTRL		0x0000
#define EC_E1K_CTRL_LRST	BIT(3)	/* link reset (8254x) */
#define EC_E1K_CTRL_ASDE	BIT(5)	/* auto-speed detection */
#define EC_E1K_CTRL_SLU		BIT(6)	/* set link up */
#define EC_E1K_CTRL_ILOS	BIT(7)	/* invert loss-of-signal */
#define EC_E1K_CTRL_FRCSPD	BIT(11)	/* force speed */
#define EC_E1K_CTRL_FRCDPLX	BIT(12)	/* force duplex */
#define EC_E1K_CTRL_RST		BIT(26)	/* device reset, self-clearing */
#define EC_E1K_CTRL_VME		BIT(30)	/* VLAN mode */
#define EC_E1K_CTRL_PHY_RST	BIT(31)	/* PHY reset */

/* Device Status, STATUS, [SDM] 13.4.2 */
#define EC_E1K_STATUS		0x0008
#define EC_E1K_STATUS_FD	BIT(0)	/* full duplex */
#define EC_E1K_STATUS_LU	BIT(1)	/* link up */

/*
 * MDI Control, MDIC ([SDM] 13.4, MDIC), the PHY register access, and
 * Receive Address 0, RAL0/RAH0 ([SDM] 13.5.3): in ec_native.h (the igb
 * family keeps them).  The internal PHY answers at address 1.
 */
/* PHY Control, PHY register 0 (IEEE 802.3 clause 22 basic control) */
#define EC_E1K_PHY_CTRL			0
#define EC_E1K_PHY_CTRL_RESTART_AN	BIT(9)
#define EC_E1K_PHY_CTRL_POWER_DOWN	BIT(11)
#define EC_E1K_PHY_CTRL_AN_ENABLE	BIT(12)

/* Flow control address, type, timer ([SDM] 13.4, FCAL FCAH FCT FCTTV) */
#define EC_E1K_FCAL		0x0028
#define EC_E1K_FCAH		0x002c
#define EC_E1K_FCT		0x0030
#define EC_E1K_FCTTV		0x0170

/* Interrupt Cause Read, Interrupt Mask Clear ([SDM] 13.4, ICR IMC) */
#define EC_E1K_ICR		0x00c0
#define EC_E1K_IMC		0x00d8
#define EC_E1K_IMC_ALL		0xffffffff

/* Receive Control, RCTL, [SDM] 13.4.22 */
#define EC_E1K_RCTL		0x0100
#define EC_E1K_RCTL_EN		BIT(1)
#define EC_E1K_RCTL_UPE		BIT(3)	/* unicast promiscuous */
#define EC_E1K_RCTL_MPE		BIT(4)	/* multicast promiscuous */
#define EC_E1K_RCTL_BAM		BIT(15)	/* accept broadcast */
#define EC_E1K_RCTL_BSIZE_2048	(0u << 16)	/* with BSEX 0 */
#define EC_E1K_RCTL_SECRC	BIT(26)	/* strip the Ethernet CRC */

/* Transmit Control and Inter Packet Gap, [SDM] 13.4.33, 13.4.34 */
#define EC_E1K_TCTL		0x0400
#define EC_E1K_TCTL_EN		BIT(1)
#define EC_E1K_TCTL_PSP		BIT(3)	/* pad short packets to 64 bytes */
#define EC_E1K_TCTL_CT(n)	((u32)(n) << 4)	/* collision threshold */
#define EC_E1K_TCTL_COLD(n)	((u32)(n) << 12)	/* collision distance */
#define EC_E1K_TIPG		0x0410
/* IPGT, IPGR1, IPGR2 for copper: [SDM] 13.4.34 (8254x), [DS] TIPG (82574) */
#define EC_E1K_TIPG_8254X	(10u | (8u << 10) | (6u << 20))
#define EC_E1K_TIPG_82574	(8u | (8u << 10) | (6u << 20))

/* Receive descriptor ring, [SDM] 13.4.25-13.4.30 */
#define EC_E1K_RDBAL		0x2800
#define EC_E1K_RDBAH		0x2804
#define EC_E1K_RDLEN		0x2808	/* bytes, a multiple of 128 */
#define EC_E1K_RDH		0x2810
#define EC_E1K_RDT		0x2818
#define EC_E1K_RDTR		0x2820	/* receive delay timer: 0 */

/* Transmit descriptor ring, [SDM] 13.4.36-13.4.40: the receive layout */
#define EC_E1K_TDBAL		0x3800
#define EC_E1K_TDBAH		0x3804
#define EC_E1K_TDLEN		0x3808
#define EC_E1K_TDH		0x3810
#define EC_E1K_TDT		0x3818
#define EC_E1K_TXDCTL		0x3828
/*
 * [DS] TXDCTL bit 22 is reserved and to be written 1b on the 82574
 * (Intel's e1000e driver sets it for the whole 8257x family).
 */
#define EC_E1K_TXDCTL_82574_BIT22	BIT(22)

/* Multicast Table Array, [SDM] 13.5.1 */
#define EC_E1K_MTA(n)		(0x5200 + 4 * (n))

/*
 * Receive Filter Control, RFCTL ([DS] 10.2.5, 82574 only): EXSTEN (bit 15)
 * switches the receive descriptors to the extended format, which the
 * stock e1000e driver uses; Multiple Receive Queues Command, MRQC ([DS]
 * 10.2.5, 82574 only): RSS.  Neither is used here: both are written 0,
 * since a reset does not clear them everywhere (QEMU's e1000e before 8.0
 * resets only the MAC address on CTRL.RST).
 */
#define EC_E1K_RFCTL		0x5008
#define EC_E1K_MRQC		0x5818
#define EC_E1K_MTA_COUNT	128

/* Legacy receive descriptor, [SDM] 3.2.3; [DS] 7.1 (RFCTL.EXSTEN = 0) */
struct ec_e1k_rx_desc {
	__le64 addr;
	__le16 length;
	__le16 csum;
	u8 status;
	u8 errors;
	__le16 special;
};

#define EC_E1K_RXD_STAT_DD	BIT(0)	/* descriptor done */
#define EC_E1K_RXD_STAT_EOP	BIT(1)	/* end of packet */
/* CE, SE, SEQ, CXE, RXE: the frame is damaged (IPE/TCPE are offloads) */
#define EC_E1K_RXD_ERR_FRAME	(BIT(0) | BIT(1) | BIT(2) | BIT(4) | BIT(7))

/* Legacy transmit descriptor, [SDM] 3.3.3; [DS] 7.2 */
struct ec_e1k_tx_desc {
	__le64 addr;
	__le16 length;
	u8 cso;
	u8 cmd;
	u8 status;
	u8 css;
	__le16 special;
};

#define EC_E1K_TXD_CMD_EOP	BIT(0)	/* end of packet */
#define EC_E1K_TXD_CMD_IFCS	BIT(1)	/* insert the FCS */
#define EC_E1K_TXD_CMD_RS	BIT(3)	/* report status (write DD back) */
#define EC_E1K_TXD_STAT_DD	BIT(0)

#endif /* EC_E1000E_REGS_H */
