/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sii.h - the Slave Information Interface (SII EEPROM) contents: the
 * configuration area and the categories (ETG.1000.6 clause 5.4, ETG.2010).
 */
#ifndef EC_SII_H
#define EC_SII_H

#include "port.h"

/* Word addresses of the SII, ETG.2010 table 2. */
#define EC_SII_WORD_PDI_CONTROL 0x0000
#define EC_SII_WORD_ALIAS 0x0004
#define EC_SII_WORD_CHECKSUM 0x0007
#define EC_SII_WORD_VENDOR 0x0008
#define EC_SII_WORD_PRODUCT 0x000a
#define EC_SII_WORD_REVISION 0x000c
#define EC_SII_WORD_SERIAL 0x000e
#define EC_SII_WORD_BOOT_RX_MBOX 0x0014
#define EC_SII_WORD_BOOT_TX_MBOX 0x0016
#define EC_SII_WORD_STD_RX_MBOX 0x0018
#define EC_SII_WORD_STD_TX_MBOX 0x001a
#define EC_SII_WORD_MBOX_PROTOCOLS 0x001c
#define EC_SII_WORD_SIZE 0x003e
#define EC_SII_WORD_VERSION 0x003f
#define EC_SII_FIRST_CATEGORY 0x0040
#define EC_SII_CRC_BYTES 14	/* words 0x0000-0x0006 carry the CRC */

/* Category types, ETG.2010 table 3. */
#define EC_SII_CAT_NOP 0
#define EC_SII_CAT_STRINGS 10
#define EC_SII_CAT_DATATYPES 20
#define EC_SII_CAT_GENERAL 30
#define EC_SII_CAT_FMMU 40
#define EC_SII_CAT_SYNCM 41
#define EC_SII_CAT_TXPDO 50
#define EC_SII_CAT_RXPDO 51
#define EC_SII_CAT_DC 60
#define EC_SII_CAT_END 0xffff

/* Mailbox protocols, SII word 0x001C (ETG.2010 table 2). */
#define EC_MBOX_AOE 0x01
#define EC_MBOX_EOE 0x02
#define EC_MBOX_COE 0x04
#define EC_MBOX_FOE 0x08
#define EC_MBOX_SOE 0x10
#define EC_MBOX_VOE 0x20

enum ec_direction {
	EC_DIR_INVALID_ = 0,
	EC_DIR_OUTPUT_ = 1,	/* master to slave: RxPDOs */
	EC_DIR_INPUT_ = 2,	/* slave to master: TxPDOs */
};

struct ec_pdo_entry {
	u16 index;
	u8 subindex;
	u8 bit_length;
	char *name;
};

struct ec_pdo {
	u16 index;
	s8 sync_index;		/* -1: not assigned */
	char *name;
	unsigned int entry_count;
	struct ec_pdo_entry *entries;
};

/* A sync manager as SII describes it, with the PDOs assigned to it. */
struct ec_sii_sync {
	u16 physical_start_address;
	u16 default_length;
	u8 control_register;
	u8 enable;
	enum ec_direction dir;
	unsigned int pdo_count;
	struct ec_pdo *pdos;
};

struct ec_sii {
	/* Configuration area and identity. */
	u16 alias;
	u32 vendor_id;
	u32 product_code;
	u32 revision_number;
	u32 serial_number;
	u16 boot_rx_mailbox_offset;
	u16 boot_rx_mailbox_size;
	u16 boot_tx_mailbox_offset;
	u16 boot_tx_mailbox_size;
	u16 std_rx_mailbox_offset;
	u16 std_rx_mailbox_size;
	u16 std_tx_mailbox_offset;
	u16 std_tx_mailbox_size;
	u16 mailbox_protocols;
	bool checksum_ok;

	/* Strings category; index 1..n (0 means "none"). */
	unsigned int string_count;
	char **strings;

	/* General category. */
	bool has_general;
	char *group;
	char *image;
	char *order;
	char *name;
	u8 physical_layer[4];
	u8 coe_details;
	u8 foe_details;
	u8 eoe_details;
	u8 soe_channels;
	u8 general_flags;
	s16 current_on_ebus;	/* mA; negative: feeds the E-bus */

	/* FMMU category: usage per FMMU (0 unused, 1 out, 2 in, 3 mbox). */
	unsigned int fmmu_count;
	u8 fmmu_usage[16];

	/* SyncM category with TxPDO/RxPDO assigned by their SM index. */
	unsigned int sync_count;
	struct ec_sii_sync *syncs;

	/* DC category present. */
	bool has_dc;
};

/*
 * One entry of the category list: a header of two words (type, size in
 * words) and the data, from word 0x0040 on until type 0xffff
 * (ETG.1000.6 clause 5.4, ETG.2010 table 3).
 */
struct ec_sii_category {
	u16 type;		/* as stored; bit 15: vendor specific */
	size_t word;		/* word address of its header */
	const u8 *data;		/* its data in the image */
	size_t len;		/* bytes */
};

u8 ec_sii_crc(const u8 *data, size_t size);
int ec_sii_category_next(const u8 *image, size_t nwords, size_t *word,
			 struct ec_sii_category *cat, char *err,
			 size_t errlen);
/* @image: the SII as read, little-endian bytes, @nwords 16-bit words. */
int ec_sii_parse(struct ec_sii *sii, const u8 *image, size_t nwords,
		 char *err, size_t errlen);
void ec_sii_clear(struct ec_sii *sii);

#endif /* EC_SII_H */
