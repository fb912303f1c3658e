/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tables.h - protocol codes and their names: AL states, SII categories,
 * mailbox protocols, port types.  The texts of AL status codes and SDO
 * abort codes are the core's (master/slave/al_status.h,
 * master/mailbox/coe_abort.h), linked into the tool (tool.mk).
 */
#ifndef EC_TOOL_TABLES_H
#define EC_TOOL_TABLES_H

#include <stddef.h>
#include <stdint.h>

/* AL states, ETG.1000.6 table 9 (AL Control / AL Status, bits 0..3). */
#define EC_ALS_INIT 0x01
#define EC_ALS_PREOP 0x02
#define EC_ALS_BOOT 0x03
#define EC_ALS_SAFEOP 0x04
#define EC_ALS_OP 0x08
#define EC_ALS_MASK 0x0f
#define EC_ALS_ERROR 0x10	/* error indication / acknowledge bit */

/* Mailbox protocols, SII word 0x001C (ETG.1000.6 table 18). */
#define EC_MBOX_AOE 0x01
#define EC_MBOX_EOE 0x02
#define EC_MBOX_COE 0x04
#define EC_MBOX_FOE 0x08
#define EC_MBOX_SOE 0x10
#define EC_MBOX_VOE 0x20

/* Port descriptor, ESC register 0x0007 (ETG.1000.4 table 33). */
#define EC_PORT_DESC_NOT_IMPLEMENTED 0
#define EC_PORT_DESC_NOT_CONFIGURED 1
#define EC_PORT_DESC_EBUS 2
#define EC_PORT_DESC_MII 3

/* CoE details bits of the SII General category (ETG.2010 table 4). */
#define EC_COE_ENABLE_SDO 0x01
#define EC_COE_ENABLE_SDO_INFO 0x02
#define EC_COE_ENABLE_PDO_ASSIGN 0x04
#define EC_COE_ENABLE_PDO_CONFIG 0x08
#define EC_COE_ENABLE_UPLOAD_AT_STARTUP 0x10
#define EC_COE_ENABLE_SDO_COMPLETE_ACCESS 0x20

/* General flags of the SII General category. */
#define EC_GENERAL_ENABLE_SAFEOP 0x01
#define EC_GENERAL_ENABLE_NOT_LRW 0x02

const char *ec_al_state_name(uint8_t state, char *buf, size_t size);
int ec_al_state_parse(const char *s, uint8_t *state);
const char *ec_sii_category_name(uint16_t type);
const char *ec_port_desc_name(uint8_t desc);

#endif /* EC_TOOL_TABLES_H */
