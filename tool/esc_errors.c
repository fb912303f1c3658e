// SPDX-License-Identifier: GPL-2.0-only
/*
 * esc_errors.c - the ESC error counter block 0x0300-0x0313: one table of
 * the counters, one read, one reset, for 'crc', 'graph CRC' and 'diag'.
 */
#include <string.h>

#include "esc_errors.h"

const struct ec_esc_counter_info ec_esc_counters[EC_ESC_COUNTERS] = {
	[EC_ESC_INVALID_FRAME] = { "E_IFC", "Invalid Frame Counter",
				   "invalid_frame",
				   EC_REG_RX_ERROR_COUNTER, 2 },
	[EC_ESC_RX_ERROR] = { "E_REC", "RX Error counter", "rx_error",
			      EC_REG_RX_ERROR_COUNTER + 1, 2 },
	[EC_ESC_FORWARDED] = { "E_FREC", "Forwarded RX Error Counter",
			       "forwarded_rx_error",
			       EC_REG_FWD_RX_ERROR_COUNTER, 1 },
	[EC_ESC_PROCESSING_UNIT] = { "E_PUEC",
				     "ECAT Processing Unit Error Counter",
				     "processing_unit_error",
				     EC_REG_PROC_ERROR_COUNTER, 0 },
	[EC_ESC_PDI] = { "E_PDIEC", "PDI Error Counter", "pdi_error",
			 EC_REG_PDI_ERROR_COUNTER, 0 },
	[EC_ESC_LOST_LINK] = { "E_LLC", "Lost Link Counter", "lost_link",
			       EC_REG_LOST_LINK_COUNTER, 1 },
};

/**
 * ec_esc_counter() - one counter out of a block read by ec_esc_errors_read()
 * @block: EC_ESC_ERRORS_SIZE bytes from 0x0300
 * @id: which counter
 * @port: 0-3 (ignored for the counters that are not per port)
 *
 * Return: the counter's value (each is one byte, saturating at 255).
 */
unsigned int ec_esc_counter(const uint8_t *block, enum ec_esc_counter id,
			    int port)
{
	const struct ec_esc_counter_info *c = &ec_esc_counters[id];

	return block[c->address - EC_REG_RX_ERROR_COUNTER +
		     c->stride * port];
}

/**
 * ec_esc_errors_read() - read a slave's error counters 0x0300-0x0313
 * @m: open master
 * @position: ring position
 * @block: EC_ESC_ERRORS_SIZE bytes
 *
 * Return: 0 or -errno (ec_lib_error() tells more).
 */
int ec_esc_errors_read(struct ec_lib_master *m, uint16_t position,
		       uint8_t *block)
{
	return ec_lib_reg_read(m, position, false, EC_REG_RX_ERROR_COUNTER,
			       EC_ESC_ERRORS_SIZE, block);
}

/**
 * ec_esc_errors_reset() - clear a slave's error counters
 * @m: master opened for writing
 * @position: ring position
 *
 * A write to any of 0x0300-0x030B clears those twelve counters, a write
 * to 0x030C the processing unit's, to 0x030D the PDI's and to any of
 * 0x0310-0x0313 the four lost link counters; the value written is
 * ignored (ESC datasheet section II 2.21-2.25).  One write of the whole
 * block clears them all.
 *
 * Return: 0 or -errno.
 */
int ec_esc_errors_reset(struct ec_lib_master *m, uint16_t position)
{
	uint8_t zero[EC_ESC_ERRORS_SIZE];

	memset(zero, 0, sizeof(zero));
	return ec_lib_reg_write(m, position, false, EC_REG_RX_ERROR_COUNTER,
				sizeof(zero), zero);
}
