/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sii.h - the Slave Information Interface (SII) EEPROM image: checksum,
 * category walk and the verbose dump of 'sii_read -v'.
 */
#ifndef EC_TOOL_SII_H
#define EC_TOOL_SII_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* SII word addresses, ETG.1000.6 table 16 / ETG.2010 table 2. */
#define EC_SII_WORD_PDI_CONTROL 0x0000
#define EC_SII_WORD_ALIAS 0x0004
#define EC_SII_WORD_CHECKSUM 0x0007
#define EC_SII_WORD_VENDOR_ID 0x0008
#define EC_SII_WORD_PRODUCT_CODE 0x000a
#define EC_SII_WORD_REVISION 0x000c
#define EC_SII_WORD_SERIAL 0x000e
#define EC_SII_WORD_BOOT_RX_MBOX 0x0014
#define EC_SII_WORD_STD_RX_MBOX 0x0018
#define EC_SII_WORD_MBOX_PROTOCOL 0x001c
#define EC_SII_WORD_SIZE 0x003e
#define EC_SII_WORD_VERSION 0x003f
#define EC_SII_FIRST_CATEGORY 0x0040
#define EC_SII_CHECKSUM_BYTES 14	/* words 0..6 */
#define EC_SII_CATEGORY_END 0xffff

/* Category types, ETG.1000.6 table 19. */
#define EC_SII_CAT_STRINGS 0x000a
#define EC_SII_CAT_DATATYPES 0x0014
#define EC_SII_CAT_GENERAL 0x001e
#define EC_SII_CAT_FMMU 0x0028
#define EC_SII_CAT_SYNCM 0x0029
#define EC_SII_CAT_TXPDO 0x0032
#define EC_SII_CAT_RXPDO 0x0033
#define EC_SII_CAT_DC 0x003c

struct ec_sii_category {
	uint16_t type;
	uint32_t offset;	/* word offset of the category data */
	uint16_t size;		/* words */
};

uint8_t ec_sii_crc(const uint8_t *data, size_t len);
uint16_t ec_sii_word(const uint8_t *img, size_t word);
int ec_sii_check(const uint8_t *img, size_t nwords, char *err,
		 size_t err_size);
int ec_sii_walk(const uint8_t *img, size_t nwords, bool need_end,
		struct ec_sii_category *cats, size_t max, size_t *count,
		char *err, size_t err_size);
int ec_sii_dump(const uint8_t *img, size_t nwords, char *err,
		size_t err_size);

#endif /* EC_TOOL_SII_H */
