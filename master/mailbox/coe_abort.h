/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * coe_abort.h - SDO abort codes (CiA 301 table 22, ETG.1000.6 table 41)
 * and their texts.
 */
#ifndef EC_COE_ABORT_H
#define EC_COE_ABORT_H

#include "port.h"

#define EC_SDO_ABORT_TOGGLE 0x05030000		/* toggle bit not altered */
#define EC_SDO_ABORT_TIMEOUT 0x05040000		/* SDO protocol timed out */
#define EC_SDO_ABORT_COMMAND 0x05040001		/* command specifier invalid */
#define EC_SDO_ABORT_NO_MEMORY 0x05040005
#define EC_SDO_ABORT_UNSUPPORTED 0x06010000	/* unsupported access */
#define EC_SDO_ABORT_WRITE_ONLY 0x06010001
#define EC_SDO_ABORT_READ_ONLY 0x06010002
#define EC_SDO_ABORT_NO_OBJECT 0x06020000
#define EC_SDO_ABORT_LENGTH 0x06070010		/* length does not match */
#define EC_SDO_ABORT_TOO_LONG 0x06070012
#define EC_SDO_ABORT_TOO_SHORT 0x06070013
#define EC_SDO_ABORT_NO_SUBINDEX 0x06090011
#define EC_SDO_ABORT_RANGE 0x06090030
#define EC_SDO_ABORT_GENERAL 0x08000000
#define EC_SDO_ABORT_STATE 0x08000022		/* present device state */

const char *ec_coe_abort_text(u32 code);
size_t ec_coe_abort_count(void);
u32 ec_coe_abort_code_at(size_t i);

#endif /* EC_COE_ABORT_H */
