/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * esc_errors.h - the ESC error counters 0x0300-0x0313 (ETG.1000.4 table
 * 44, Beckhoff ESC datasheet section II 2.21-2.25), read as one block and
 * shared by 'crc', 'graph CRC' and 'diag': their addresses, names and the
 * write that clears them.
 */
#ifndef EC_TOOL_ESC_ERRORS_H
#define EC_TOOL_ESC_ERRORS_H

#include <stdint.h>

#include "ec_lib.h"

#define EC_REG_RX_ERROR_COUNTER 0x0300	/* 2 bytes a port: invalid, RX */
#define EC_REG_FWD_RX_ERROR_COUNTER 0x0308	/* 1 byte per port */
#define EC_REG_PROC_ERROR_COUNTER 0x030c
#define EC_REG_PDI_ERROR_COUNTER 0x030d
#define EC_REG_LOST_LINK_COUNTER 0x0310	/* 1 byte per port */
#define EC_ESC_ERRORS_SIZE 0x14	/* 0x0300-0x0313 */

enum ec_esc_counter {
	EC_ESC_INVALID_FRAME,	/* 0x0300 + 2p, "CRC" of 'crc' */
	EC_ESC_RX_ERROR,	/* 0x0301 + 2p, "PHY" of 'crc' */
	EC_ESC_FORWARDED,	/* 0x0308 + p */
	EC_ESC_PROCESSING_UNIT,	/* 0x030C, one per slave */
	EC_ESC_PDI,		/* 0x030D, one per slave */
	EC_ESC_LOST_LINK,	/* 0x0310 + p */
	EC_ESC_COUNTERS
};

struct ec_esc_counter_info {
	const char *flag;	/* 'diag' summary, IgH's E_IFC ... */
	const char *name;	/* 'diag -v' line, IgH's text */
	const char *key;	/* JSON */
	uint16_t address;	/* of port 0 */
	uint8_t stride;		/* bytes between ports, 0: one a slave */
};

extern const struct ec_esc_counter_info ec_esc_counters[EC_ESC_COUNTERS];

unsigned int ec_esc_counter(const uint8_t *block, enum ec_esc_counter id,
			    int port);
int ec_esc_errors_read(struct ec_lib_master *m, uint16_t position,
		       uint8_t *block);
int ec_esc_errors_reset(struct ec_lib_master *m, uint16_t position);

#endif /* EC_TOOL_ESC_ERRORS_H */
