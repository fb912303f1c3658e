/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ESC register map and protocol codes of the virtual segment.
 *
 * Written from the EtherCAT specification (ETG.1000.3/.4/.6) and Beckhoff's
 * "EtherCAT Slave Controller, Section II: Register Description"; the table
 * named next to each group is the one the values come from.  The simulator
 * deliberately shares none of these with the master (see DESIGN.md).
 */
#ifndef ECSIM_ESC_REGS_H
#define ECSIM_ESC_REGS_H

/* ESC information, ESC Section II table 2 (0x0000:0x000B) */
#define ESC_REG_TYPE		0x0000
#define ESC_REG_REVISION	0x0001
#define ESC_REG_BUILD		0x0002
#define ESC_REG_FMMU_COUNT	0x0004
#define ESC_REG_SM_COUNT	0x0005
#define ESC_REG_RAM_SIZE	0x0006	/* KiB */
#define ESC_REG_PORT_DESC	0x0007
#define ESC_REG_FEATURES	0x0008	/* 16 bit */

/* Station address, ESC Section II 3.5/3.6 */
#define ESC_REG_STATION_ADDR	0x0010
#define ESC_REG_STATION_ALIAS	0x0012

/* Data link layer, ESC Section II 3.11-3.15 */
#define ESC_REG_DL_CONTROL	0x0100	/* 32 bit */
#define ESC_DLC_FWD_RULE	0x00000001u	/* 1: destroy non-EtherCAT */
#define ESC_DLC_LOOP_SHIFT(p)	(8 + 2 * (p))
#define ESC_DLC_LOOP_AUTO	0
#define ESC_DLC_LOOP_AUTOCLOSE	1
#define ESC_DLC_LOOP_OPEN	2
#define ESC_DLC_LOOP_CLOSED	3
#define ESC_DLC_ALIAS_ENABLE	0x01000000u
#define ESC_REG_DL_STATUS	0x0110	/* 16 bit */
#define ESC_DLS_PDI_OPERATIONAL	0x0001
#define ESC_DLS_PDI_WD_OK	0x0002
#define ESC_DLS_LINK(p)		(0x0010 << (p))
#define ESC_DLS_LOOP_CLOSED(p)	(0x0100 << (2 * (p)))
#define ESC_DLS_COMM(p)		(0x0200 << (2 * (p)))

/* Application layer, ESC Section II 3.17-3.20 */
#define ESC_REG_AL_CONTROL	0x0120
#define ESC_REG_AL_STATUS	0x0130
#define ESC_REG_AL_STATUS_CODE	0x0134
#define ESC_AL_STATE_MASK	0x0f
#define ESC_AL_ERROR		0x10	/* status: error ind., control: ack */
#define ESC_AL_ID_REQUEST	0x20	/* control: device identification */
#define ESC_AL_INIT		0x01	/* ETG.1000.6 table 9 */
#define ESC_AL_PREOP		0x02
#define ESC_AL_BOOT		0x03
#define ESC_AL_SAFEOP		0x04
#define ESC_AL_OP		0x08

/* AL status codes, ETG.1000.6 table 11 */
#define AL_CODE_NONE			0x0000
#define AL_CODE_UNSPECIFIED		0x0001
#define AL_CODE_INVALID_STATE_CHANGE	0x0011
#define AL_CODE_UNKNOWN_STATE		0x0012
#define AL_CODE_BOOT_NOT_SUPPORTED	0x0013
#define AL_CODE_NO_VALID_FIRMWARE	0x0014
#define AL_CODE_INVALID_MBX_BOOT	0x0015
#define AL_CODE_INVALID_MBX_PREOP	0x0016
#define AL_CODE_INVALID_SM_CONFIG	0x0017
#define AL_CODE_SM_WATCHDOG		0x001B
#define AL_CODE_INVALID_OUTPUT_CONFIG	0x001D
#define AL_CODE_INVALID_INPUT_CONFIG	0x001E
#define AL_CODE_INVALID_INPUT_MAPPING	0x0024
#define AL_CODE_INVALID_OUTPUT_MAPPING	0x0025
#define AL_CODE_FATAL_SYNC_ERROR	0x002C
#define AL_CODE_INVALID_DC_SYNC		0x0030
#define AL_CODE_INVALID_DC_SYNC0_CYCLE	0x0036

/* PDI, ESC Section II 3.21 */
#define ESC_REG_PDI_CONTROL	0x0140
#define ESC_PDI_TYPE_NONE	0x00	/* ESC Section II table 27 */
#define ESC_PDI_TYPE_DIO	0x04	/* digital I/O */
#define ESC_PDI_TYPE_SPI	0x05
#define ESC_PDI_EMULATION	0x0100	/* 0x0141 bit 0: device emulation */
#define ESC_REG_PDI_CONFIG	0x0150
#define ESC_REG_PDI_CONFIG_EXT	0x0152

/* Event registers, ESC Section II 3.24-3.27 */
#define ESC_REG_ECAT_EVENT_MASK	0x0200
#define ESC_REG_ECAT_EVENT_REQ	0x0210
#define ESC_EV_DL_STATUS	0x0004
#define ESC_EV_AL_STATUS	0x0008
#define ESC_EV_SM_SHIFT		4	/* bits 4..11 mirror SM 0..7 */
#define ESC_REG_AL_EVENT_REQ	0x0220

/* Error counters, ESC Section II 3.28-3.32 */
#define ESC_REG_RX_ERR(p)	(0x0300 + 2 * (p))	/* invalid frame, RX */
#define ESC_REG_FWD_RX_ERR(p)	(0x0308 + (p))
#define ESC_REG_PU_ERR		0x030C
#define ESC_REG_PDI_ERR		0x030D
#define ESC_REG_LOST_LINK(p)	(0x0310 + (p))
#define ESC_REG_ERR_END		0x0313

/* Watchdogs, ESC Section II 3.33-3.39 */
#define ESC_REG_WD_DIVIDER	0x0400
#define ESC_REG_WD_PDI		0x0410
#define ESC_REG_WD_SM		0x0420
#define ESC_REG_WD_SM_STATUS	0x0440
#define ESC_REG_WD_SM_COUNTER	0x0442
#define ESC_REG_WD_PDI_COUNTER	0x0443
#define ESC_WD_DIVIDER_DEFAULT	0x09C2	/* 100 us at 40 ns per tick */
#define ESC_WD_TIME_DEFAULT	0x03E8	/* 1000 x 100 us = 100 ms */
#define ESC_WD_TICK_NS		40

/* SII EEPROM interface, ESC Section II 3.40-3.44 */
#define ESC_REG_EEP_CONFIG	0x0500	/* bit 0: EEPROM owned by PDI */
#define ESC_REG_EEP_PDI_ACCESS	0x0501
#define ESC_REG_EEP_CONTROL	0x0502	/* 16 bit control/status */
#define ESC_REG_EEP_ADDRESS	0x0504	/* 32 bit word address */
#define ESC_REG_EEP_DATA	0x0508	/* 4 or 8 bytes */
#define ESC_EEP_WRITE_ENABLE	0x0001
#define ESC_EEP_READ8		0x0040	/* 8-byte reads supported */
#define ESC_EEP_ADDR2		0x0080	/* two address bytes (>16 Kbit) */
#define ESC_EEP_CMD_MASK	0x0700
#define ESC_EEP_CMD_IDLE	0x0000
#define ESC_EEP_CMD_READ	0x0100
#define ESC_EEP_CMD_WRITE	0x0200
#define ESC_EEP_CMD_RELOAD	0x0400
#define ESC_EEP_CRC_ERROR	0x0800
#define ESC_EEP_LOAD_ERROR	0x1000
#define ESC_EEP_ACK_ERROR	0x2000
#define ESC_EEP_WE_ERROR	0x4000
#define ESC_EEP_BUSY		0x8000

/* FMMU, ESC Section II 3.47, 16 bytes each */
#define ESC_REG_FMMU(n)		(0x0600 + 16 * (n))
#define ESC_FMMU_LOG_START	0x0
#define ESC_FMMU_LENGTH		0x4
#define ESC_FMMU_LOG_START_BIT	0x6
#define ESC_FMMU_LOG_STOP_BIT	0x7
#define ESC_FMMU_PHYS_START	0x8
#define ESC_FMMU_PHYS_START_BIT	0xA
#define ESC_FMMU_TYPE		0xB
#define ESC_FMMU_ACTIVATE	0xC
#define ESC_FMMU_TYPE_READ	0x01
#define ESC_FMMU_TYPE_WRITE	0x02
#define ESC_FMMU_MAX		16

/* Sync managers, ESC Section II 3.48, 8 bytes each */
#define ESC_REG_SM(n)		(0x0800 + 8 * (n))
#define ESC_SM_START		0x0
#define ESC_SM_LENGTH		0x2
#define ESC_SM_CONTROL		0x4
#define ESC_SM_STATUS		0x5
#define ESC_SM_ACTIVATE		0x6
#define ESC_SM_PDI_CONTROL	0x7
#define ESC_SM_MAX		16
#define ESC_SMC_MODE_MASK	0x03
#define ESC_SMC_MODE_BUFFERED	0x00
#define ESC_SMC_MODE_MAILBOX	0x02
#define ESC_SMC_DIR_MASK	0x0C
#define ESC_SMC_DIR_READ	0x00	/* ECAT reads, PDI writes */
#define ESC_SMC_DIR_WRITE	0x04	/* ECAT writes, PDI reads */
#define ESC_SMC_WATCHDOG	0x40
#define ESC_SMS_IRQ_WRITE	0x01
#define ESC_SMS_IRQ_READ	0x02
#define ESC_SMS_MBX_FULL	0x08
#define ESC_SMS_BUF_SHIFT	4
#define ESC_SMA_ENABLE		0x01
#define ESC_SMA_REPEAT		0x02
#define ESC_SMP_DEACTIVATE	0x01
#define ESC_SMP_REPEAT_ACK	0x02

/* Distributed clocks, ESC Section II 3.49-3.54 */
#define ESC_REG_DC_RX_TIME(p)	(0x0900 + 4 * (p))	/* local, 32 bit */
#define ESC_REG_DC_SYSTIME	0x0910	/* 64 bit */
#define ESC_REG_DC_RX_TIME_PU	0x0918	/* 64 bit, local time */
#define ESC_REG_DC_OFFSET	0x0920	/* 64 bit */
#define ESC_REG_DC_DELAY	0x0928	/* 32 bit */
#define ESC_REG_DC_DIFF		0x092C	/* 32 bit, sign-magnitude */
#define ESC_REG_DC_SPEED_START	0x0930
#define ESC_REG_DC_SPEED_DIFF	0x0932
#define ESC_REG_DC_FILTER	0x0934
#define ESC_REG_DC_CYCLIC_CTRL	0x0980
#define ESC_REG_DC_ACTIVATION	0x0981
#define ESC_REG_DC_PULSE_LEN	0x0982
#define ESC_REG_DC_ACT_STATUS	0x0984
#define ESC_REG_DC_SYNC0_STATUS	0x098E
#define ESC_REG_DC_SYNC1_STATUS	0x098F
#define ESC_REG_DC_START_TIME	0x0990	/* w: start, r: next SYNC0 */
#define ESC_REG_DC_NEXT_SYNC1	0x0998
#define ESC_REG_DC_SYNC0_CYCLE	0x09A0
#define ESC_REG_DC_SYNC1_CYCLE	0x09A4
#define ESC_REG_DC_LATCH_CTRL	0x09A8
#define ESC_DCA_CYCLIC		0x01
#define ESC_DCA_SYNC0		0x02
#define ESC_DCA_SYNC1		0x04
#define ESC_DCAS_SYNC0_PENDING	0x01
#define ESC_DCAS_SYNC1_PENDING	0x02
#define ESC_DCAS_START_FAR	0x04
#define ESC_DC_NEAR_FUTURE_NS	2100000000ull	/* ~2^31 ns */

/* Digital I/O and user RAM, ESC Section II 3.55+ */
#define ESC_REG_DIO_OUT		0x0F00
#define ESC_REG_USER_RAM	0x0F80
#define ESC_PROCESS_RAM		0x1000

/* ESC feature bits (0x0008), ESC Section II table 8 */
#define ESC_FEAT_DC		0x0004
#define ESC_FEAT_DC64		0x0008
#define ESC_FEAT_LOW_JITTER	0x0010
#define ESC_FEAT_ENH_LINK_EBUS	0x0020
#define ESC_FEAT_ENH_LINK_MII	0x0040
#define ESC_FEAT_FCS_SEPARATE	0x0080
#define ESC_FEAT_ENH_DC_SYNC	0x0100

/* Port descriptor (0x0007), 2 bits per port, ESC Section II table 7 */
#define ESC_PORT_NONE		0
#define ESC_PORT_UNCONFIGURED	1
#define ESC_PORT_EBUS		2
#define ESC_PORT_MII		3

/* Frames and datagrams, ETG.1000.4 5.3 and table 11 */
#define ETH_P_ECAT_SIM		0x88A4
#define ETH_P_VLAN_SIM		0x8100
#define ETH_HLEN_SIM		14
#define ECAT_HDR_LEN		2
#define ECAT_LEN_MASK		0x07FF
#define ECAT_TYPE_SHIFT		12
#define ECAT_TYPE_DLPDU		1
#define DG_HDR_LEN		10
#define DG_WKC_LEN		2
#define DG_LEN_MASK		0x07FF
#define DG_CIRCULATING		0x4000
#define DG_MORE			0x8000

/* Datagram commands, ETG.1000.4 table 12 */
#define CMD_NOP		0
#define CMD_APRD	1
#define CMD_APWR	2
#define CMD_APRW	3
#define CMD_FPRD	4
#define CMD_FPWR	5
#define CMD_FPRW	6
#define CMD_BRD		7
#define CMD_BWR		8
#define CMD_BRW		9
#define CMD_LRD		10
#define CMD_LWR		11
#define CMD_LRW		12
#define CMD_ARMW	13
#define CMD_FRMW	14

/* Mailbox, ETG.1000.4 table 29 and ETG.1000.6 5.4 */
#define MBX_HDR_LEN		6
#define MBX_TYPE_ERR		0x0
#define MBX_TYPE_AOE		0x1
#define MBX_TYPE_EOE		0x2
#define MBX_TYPE_COE		0x3
#define MBX_TYPE_FOE		0x4
#define MBX_TYPE_SOE		0x5
#define MBX_TYPE_VOE		0xF
#define MBX_ERR_SERVICE		0x0001
#define MBX_ERR_SYNTAX		0x0001
#define MBX_ERR_UNSUPPORTED	0x0002
#define MBX_ERR_INVALID_HEADER	0x0005
#define MBX_ERR_SIZE_TOO_SHORT	0x0006
#define MBX_ERR_INVALID_SIZE	0x0008

/* SII EEPROM, ETG.1000.6 table 16 (word addresses) and table 17 */
#define SII_PDI_CONTROL		0x0000
#define SII_PDI_CONFIG		0x0001
#define SII_SYNC_PULSE_LEN	0x0002
#define SII_PDI_CONFIG_EXT	0x0003
#define SII_ALIAS		0x0004
#define SII_CHECKSUM		0x0007
#define SII_VENDOR		0x0008
#define SII_PRODUCT		0x000A
#define SII_REVISION		0x000C
#define SII_SERIAL		0x000E
#define SII_BOOT_RX_MBX		0x0014
#define SII_BOOT_TX_MBX		0x0016
#define SII_STD_RX_MBX		0x0018
#define SII_STD_TX_MBX		0x001A
#define SII_MBX_PROTOCOL	0x001C
#define SII_SIZE		0x003E
#define SII_VERSION		0x003F
#define SII_FIRST_CATEGORY	0x0040
#define SII_CAT_STRINGS		10
#define SII_CAT_DATATYPES	20
#define SII_CAT_GENERAL		30
#define SII_CAT_FMMU		40
#define SII_CAT_SYNCM		41
#define SII_CAT_TXPDO		50
#define SII_CAT_RXPDO		51
#define SII_CAT_DC		60
#define SII_CAT_END		0xFFFF
#define SII_MBX_AOE		0x0001
#define SII_MBX_EOE		0x0002
#define SII_MBX_COE		0x0004
#define SII_MBX_FOE		0x0008
#define SII_MBX_SOE		0x0010
#define SII_MBX_VOE		0x0020
#define SII_CRC_POLY		0x07
#define SII_CRC_INIT		0xFF

#endif /* ECSIM_ESC_REGS_H */
