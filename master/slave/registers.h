/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * registers.h - ESC registers used by the master, with the tables of the
 * EtherCAT specification (ETG.1000.4) and the ESC data sheet (section II)
 * they come from.
 */
#ifndef EC_REGISTERS_H
#define EC_REGISTERS_H

#define EC_REG_TYPE 0x0000		/* ESC type, ETG.1000.4 table 31 */
#define EC_REG_REVISION 0x0001
#define EC_REG_BUILD 0x0002
#define EC_REG_FMMU_COUNT 0x0004
#define EC_REG_SM_COUNT 0x0005
#define EC_REG_RAM_SIZE 0x0006
#define EC_REG_PORT_DESC 0x0007
#define EC_REG_FEATURES 0x0008
#define EC_REG_STATION_ADDR 0x0010	/* configured station address */
#define EC_REG_STATION_ALIAS 0x0012
#define EC_REG_DL_CONTROL 0x0100
#define EC_REG_DL_STATUS 0x0110
#define EC_REG_AL_CONTROL 0x0120	/* ETG.1000.4 table 35 */
#define EC_REG_AL_STATUS 0x0130
#define EC_REG_AL_STATUS_CODE 0x0134
#define EC_REG_PDI_CONTROL 0x0140
#define EC_REG_RX_ERROR_COUNT 0x0300	/* ESC data sheet II, 0x0300-0x0313 */
#define EC_REG_WD_DIVIDER 0x0400
#define EC_REG_WD_TIME_PDI 0x0410
#define EC_REG_WD_TIME_PD 0x0420
#define EC_REG_SII_CONFIG 0x0500	/* ETG.1000.4 table 43 */
#define EC_REG_SII_CONTROL 0x0502
#define EC_REG_SII_ADDRESS 0x0504
#define EC_REG_SII_DATA 0x0508
#define EC_REG_FMMU_BASE 0x0600		/* 16 bytes each */
#define EC_REG_SM_BASE 0x0800		/* 8 bytes each */
#define EC_REG_DC_RECV_TIME 0x0900
#define EC_REG_DC_SYSTEM_TIME 0x0910
#define EC_REG_DC_RECV_TIME_ECAT 0x0918
#define EC_REG_DC_SYSTEM_OFFSET 0x0920
#define EC_REG_DC_SYSTEM_DELAY 0x0928
#define EC_REG_DC_SYSTEM_DIFF 0x092c

#endif /* EC_REGISTERS_H */
