/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sii_dump.h - the tool's view of a Slave Information Interface (SII)
 * EEPROM image: the checks before 'sii_write', the category list and the
 * verbose dump of 'sii_read -v'.  The layout, the checksum and the walk
 * of the category list are the core's (master/slave/sii.h, linked in).
 */
#ifndef EC_TOOL_SII_DUMP_H
#define EC_TOOL_SII_DUMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "slave/sii.h"	/* master/slave/sii.h */

int ec_sii_check(const uint8_t *img, size_t nwords, char *err,
		 size_t err_size);
int ec_sii_walk(const uint8_t *img, size_t nwords, bool need_end,
		struct ec_sii_category *cats, size_t max, size_t *count,
		char *err, size_t err_size);
int ec_sii_dump(const uint8_t *img, size_t nwords, char *err,
		size_t err_size);

#endif /* EC_TOOL_SII_DUMP_H */
