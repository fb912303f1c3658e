/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * igb_regs.h - the registers and descriptors of Intel's igb family (82576,
 * i350, i210/i211) that ec_igb uses.
 *
 * Sources:
 *   [82576] Intel 82576EB Gigabit Ethernet Controller Datasheet, 82576EB
 *           rev. 2.x: chapter 8 (programming interface), chapter 7.1 and
 *           7.2 (advanced receive and transmit descriptors), chapter 4.5
 *           (software initialisation).
 *   [I350]  Intel Ethernet Controller I350 Datasheet: chapter 8 keeps the
 *           82576's offsets for every register used here.
 *   [I210]  Intel Ethernet Controller I210 Datasheet, 333016: 8.2 general
 *           registers (8.2.4 MDIC), 8.8 interrupts, 8.10 receive
 *           (8.10.4-8.10.8 the ring of queue n at 0xC000 + 0x40 * n),
 *           8.12 transmit (0xE000 + 0x40 * n), 7.1.4.2 advanced receive
 *           descriptors, 7.2.2.3 advanced transmit descriptors, 3.4 NVM
 *           (flash or the i211's iNVM).
 * Where the parts differ it says so.  All registers are 32 bits wide, in
 * BAR 0 (memory mapped).
 */
#ifndef EC_IGB_REGS_H
#define EC_IGB_REGS_H

#include <linux/bits.h>
#include <linux/types.h>

/* Device Control, CTRL ([I210] 8.2.1, [82576] 8.2.1) */
#define EC_IGB_CTRL		0x0000
#define EC_IGB_CTRL_FD		BIT(0)	/* full duplex (forced mode only) */
#define EC_IGB_CTRL_GIO_MASTER_DISABLE	BIT(2)
#define EC_IGB_CTRL_SLU		BIT(6)	/* set link up */
#define EC_IGB_CTRL_ILOS	BIT(7)	/* invert loss-of-signal */
#define EC_IGB_CTRL_FRCSPD	BIT(11)	/* force speed */
#define EC_IGB_CTRL_FRCDPLX	BIT(12)	/* force duplex */
#define EC_IGB_CTRL_RST		BIT(26)	/* device reset, self-clearing */
#define EC_IGB_CTRL_RFCE	BIT(27)	/* receive flow control */
#define EC_IGB_CTRL_TFCE	BIT(28)	/* transmit flow control */
#define EC_IGB_CTRL_VME		BIT(30)	/* VLAN mode */
#define EC_IGB_CTRL_PHY_RST	BIT(31)	/* PHY reset */

/* Device Status, STATUS ([I210] 8.2.2, [82576] 8.2.2) */
#define EC_IGB_STATUS		0x0008
#define EC_IGB_STATUS_FD	BIT(0)	/* full duplex */
#define EC_IGB_STATUS_LU	BIT(1)	/* link up */
#define EC_IGB_STATUS_LAN_ID(s)	(((s) >> 2) & 3)	/* port of the part */
#define EC_IGB_STATUS_SPEED(s)	(((s) >> 6) & 3)	/* 0: 10, 1: 100, 2/3: 1000 */
#define EC_IGB_STATUS_GIO_MASTER_ENABLE	BIT(19)	/* DMA still running */

/*
 * NVM auto-read done: after a reset the controller loads RAL0/RAH0 (and
 * more) from its NVM and sets AUTO_RD.  The 82576 and i350 keep it in
 * EECD at 0x0010 ([82576] 8.2.3 EEPROM/Flash Control); the i210/i211,
 * whose NVM is a flash (or the i211's iNVM, an OTP), in EEC at 0x12010
 * ([I210] 8.4 Flash registers).  Bit 9 in both.
 */
#define EC_IGB_EECD		0x0010
#define EC_IGB_EEC_I210		0x12010
#define EC_IGB_EEC_AUTO_RD	BIT(9)

/* Extended Device Control, CTRL_EXT ([I210] 8.2.3, [82576] 8.2.5) */
#define EC_IGB_CTRL_EXT		0x0018
#define EC_IGB_CTRL_EXT_LINK_MODE(c)	(((c) >> 22) & 3)	/* 0: copper PHY */
#define EC_IGB_CTRL_EXT_DRV_LOAD	BIT(28)	/* a driver owns the port */

/*
 * MDI Control, MDIC ([I210] 8.2.4, [82576] 8.2.4), the PHY register access,
 * and Receive Address 0, RAL0/RAH0 ([I210] 8.10.x, [82576] 8.10.x): the
 * 8254x offsets and bits, in ec_native.h.  The internal copper PHY answers
 * at address 1 on every part.
 */
/* PHY Control, PHY register 0 (IEEE 802.3 clause 22 basic control) */
#define EC_IGB_PHY_CTRL			0
#define EC_IGB_PHY_CTRL_RESTART_AN	BIT(9)
#define EC_IGB_PHY_CTRL_POWER_DOWN	BIT(11)
#define EC_IGB_PHY_CTRL_AN_ENABLE	BIT(12)

/* Flow control address, type, timer ([82576] 8.2, FCAL FCAH FCT FCTTV) */
#define EC_IGB_FCAL		0x0028
#define EC_IGB_FCAH		0x002c
#define EC_IGB_FCT		0x0030
#define EC_IGB_FCTTV		0x0170

/*
 * PHY Power Management, PHPM ([I210] 8.2, i350 and i210 only): the NVM
 * may set Go Link Disconnect, which keeps the PHY off the wire until a
 * driver clears it ([I210] 3.4.1).
 */
#define EC_IGB_PHPM		0x0e14
#define EC_IGB_PHPM_GO_LINK_D	BIT(5)

/*
 * Interrupts ([I210] 8.8, [82576] 8.8): the igb parts moved ICR/IMC from
 * the 8254x offsets to 0x1500; the extended (per queue, MSI-X) causes
 * have their own mask.  ec_igb masks them all and never enables one.
 */
#define EC_IGB_ICR		0x1500
#define EC_IGB_IMC		0x150c
#define EC_IGB_EIMC		0x1528
#define EC_IGB_EIAC		0x152c
#define EC_IGB_EICR		0x1580
#define EC_IGB_INT_ALL		0xffffffff

/* Receive Control, RCTL ([I210] 8.10.1, [82576] 8.10.1) */
#define EC_IGB_RCTL		0x0100
#define EC_IGB_RCTL_EN		BIT(1)
#define EC_IGB_RCTL_UPE		BIT(3)	/* unicast promiscuous */
#define EC_IGB_RCTL_MPE		BIT(4)	/* multicast promiscuous */
#define EC_IGB_RCTL_BAM		BIT(15)	/* accept broadcast */
#define EC_IGB_RCTL_SECRC	BIT(26)	/* strip the Ethernet CRC */

/* Transmit Control and Inter Packet Gap ([I210] 8.12.1, 8.12.2) */
#define EC_IGB_TCTL		0x0400
#define EC_IGB_TCTL_EN		BIT(1)
#define EC_IGB_TCTL_PSP		BIT(3)	/* pad short packets to 64 bytes */
#define EC_IGB_TCTL_CT(n)	((u32)(n) << 4)	/* collision threshold */
#define EC_IGB_TCTL_COLD(n)	((u32)(n) << 12)	/* collision distance */
#define EC_IGB_TIPG		0x0410
/* IPGT 8, IPGR1 8, IPGR2 6: the copper default of the whole family */
#define EC_IGB_TIPG_COPPER	(8u | (8u << 10) | (6u << 20))

/*
 * Software/firmware semaphores ([82576] 4.6.x "Shared resources",
 * [I210] 4.6): the PHY is shared with the manageability firmware, and
 * the two ports of a 82576/i350 share one MDIO bus.  SWSM.SMBI (set by
 * the read that finds it clear) and SWSM.SWESMBI guard SW_FW_SYNC, whose
 * bits say who owns which resource.
 */
#define EC_IGB_SWSM		0x5b50
#define EC_IGB_SWSM_SMBI	BIT(0)
#define EC_IGB_SWSM_SWESMBI	BIT(1)
#define EC_IGB_SW_FW_SYNC	0x5b5c
/* software's PHY bit of LAN port 0-3 (STATUS.LAN_ID): 1, 2, 5, 6 */
#define EC_IGB_SW_PHY_SM(port)	BIT((port) < 2 ? 1 + (port) : 3 + (port))
#define EC_IGB_FW_SHIFT		16		/* the firmware's bits */

/* Multicast Table Array ([I210] 8.10.x, [82576] 8.10.x) */
#define EC_IGB_MTA(n)		(0x5200 + 4 * (n))
#define EC_IGB_MTA_COUNT	128
/* Multiple receive queues: 0 is none (every frame to queue 0) */
#define EC_IGB_MRQC		0x5818

/*
 * Queue 0's rings ([I210] 8.10.2-8.10.9 and 8.12.x, [82576] 8.10, 8.12):
 * receive at 0xC000, transmit at 0xE000, one layout.  (0x2800 and
 * 0x3800 are aliases of queue 0 kept for the 8254x drivers.)
 */
#define EC_IGB_RDBAL		0xc000
#define EC_IGB_RDBAH		0xc004
#define EC_IGB_RDLEN		0xc008	/* bytes, a multiple of 128 */
#define EC_IGB_SRRCTL		0xc00c	/* split and replication control */
#define EC_IGB_RDH		0xc010
#define EC_IGB_RDT		0xc018
#define EC_IGB_RXDCTL		0xc028
#define EC_IGB_TDBAL		0xe000
#define EC_IGB_TDBAH		0xe004
#define EC_IGB_TDLEN		0xe008
#define EC_IGB_TDH		0xe010
#define EC_IGB_TDT		0xe018
#define EC_IGB_TXDCTL		0xe028
/*
 * The queues start disabled on every part but the 82575 (queue 0 there):
 * RXDCTL/TXDCTL.ENABLE is set after the ring registers, and the driver
 * waits until it reads back as 1 ([I210] 4.5.9, 4.5.10).
 */
#define EC_IGB_XDCTL_ENABLE	BIT(25)
/* write-back threshold: 1, each descriptor at once (nothing polls late) */
#define EC_IGB_XDCTL_WTHRESH(n)	((u32)(n) << 16)
/* SRRCTL: packet buffer size in KiB, advanced one-buffer descriptors */
#define EC_IGB_SRRCTL_BSIZEPKT_KB(k)	((u32)(k))
#define EC_IGB_SRRCTL_DESCTYPE_ADV1	(1u << 25)
#define EC_IGB_SRRCTL_DROP_EN		BIT(31)

/*
 * Advanced receive descriptor ([I210] 7.1.4.2), one buffer: the driver
 * writes the buffer address (read format), the controller overwrites the
 * 16 bytes with the write-back format.  ec_igb keeps the buffer address
 * of each descriptor and writes it again when it returns the descriptor.
 * (QEMU's igb model knows only this format, not the legacy one.)
 */
union ec_igb_rx_desc {
	struct {
		__le64 pkt_addr;
		__le64 hdr_addr;	/* 0: no header split */
	} read;
	struct {
		__le32 info;		/* packet type, RSS type */
		__le32 rss;
		__le32 status_error;	/* extended status and errors */
		__le16 length;		/* bytes in this buffer */
		__le16 vlan;
	} wb;
};

#define EC_IGB_RXD_STAT_DD	BIT(0)	/* descriptor done */
#define EC_IGB_RXD_STAT_EOP	BIT(1)	/* end of packet */
/* RXE (bit 29): CRC or symbol error, frame damaged ([I210] 7.1.4.2.2) */
#define EC_IGB_RXD_ERR_RXE	BIT(29)

/*
 * Advanced transmit data descriptor ([I210] 7.2.2.3): the controller
 * writes back only the DD bit in the last dword (RS set, head write-back
 * off).
 */
union ec_igb_tx_desc {
	struct {
		__le64 buffer_addr;
		__le32 cmd_type_len;
		__le32 olinfo_status;
	} read;
	struct {
		__le64 rsvd;
		__le32 nxtseq_seed;
		__le32 status;
	} wb;
};

#define EC_IGB_TXD_DTYP_DATA	(3u << 20)	/* advanced data descriptor */
#define EC_IGB_TXD_CMD_EOP	BIT(24)	/* end of packet */
#define EC_IGB_TXD_CMD_IFCS	BIT(25)	/* insert the FCS */
#define EC_IGB_TXD_CMD_RS	BIT(27)	/* report status (write DD back) */
#define EC_IGB_TXD_CMD_DEXT	BIT(29)	/* descriptor extension: advanced */
#define EC_IGB_TXD_PAYLEN(n)	((u32)(n) << 14)	/* olinfo_status */
#define EC_IGB_TXD_STAT_DD	BIT(0)

#endif /* EC_IGB_REGS_H */
