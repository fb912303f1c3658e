/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mbox_text.h - texts of the error codes of FoE (ETG.1000.6 clause 5.7)
 * and SoE (IEC 61800-7-304, error codes of the SERCOS service channel).
 * Pure tables: the core logs them, the ethercat tool links this file
 * too and prints them.
 */
#ifndef EC_MBOX_TEXT_H
#define EC_MBOX_TEXT_H

#include "port.h"

/* FoE error codes, ETG.1000.6 clause 5.7. */
#define EC_FOE_ERR_NOT_DEFINED 0x8000
#define EC_FOE_ERR_NOT_FOUND 0x8001
#define EC_FOE_ERR_ACCESS_DENIED 0x8002
#define EC_FOE_ERR_DISK_FULL 0x8003
#define EC_FOE_ERR_ILLEGAL 0x8004
#define EC_FOE_ERR_PACKET_NUMBER 0x8005
#define EC_FOE_ERR_EXISTS 0x8006
#define EC_FOE_ERR_NO_USER 0x8007
#define EC_FOE_ERR_BOOTSTRAP_ONLY 0x8008
#define EC_FOE_ERR_NOT_BOOTSTRAP 0x8009
#define EC_FOE_ERR_NO_RIGHTS 0x800a
#define EC_FOE_ERR_PROGRAM 0x800b

/* Longest IDN text "P-7-4095" with its NUL. */
#define EC_SOE_IDN_TEXT_SIZE 9

const char *ec_foe_error_text(u32 code);
int ec_soe_idn_parse(const char *text, u16 *idn);
void ec_soe_idn_format(u16 idn, char *buf, size_t size);
const char *ec_soe_error_text(u16 code);

#endif /* EC_MBOX_TEXT_H */
