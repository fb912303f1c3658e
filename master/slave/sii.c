// SPDX-License-Identifier: GPL-2.0-only
/*
 * sii.c - parsing of the SII EEPROM image: configuration area, identity,
 * mailbox settings and the categories (ETG.1000.6 clause 5.4, ETG.2010).
 *
 * The image comes from a slave and is not trusted: every read is checked
 * against the category it belongs to and the image end.  A malformed image
 * gives -EINVAL (no usable configuration area) or -EPROTO (a broken
 * category) with a message in @err; the identity from the configuration
 * area stays valid in the latter case.
 */
#include "slave/sii.h"

/* CRC of the configuration area, ETG.2010 clause 2.2: x^8 + x^2 + x + 1. */
#define EC_SII_CRC_POLY 0x07
#define EC_SII_CRC_INIT 0xff

#define EC_SII_CAT_TYPE_MASK 0x7fff	/* bit 15: vendor specific */
#define EC_SII_MAX_SYNCS 16
#define EC_SII_MAX_FMMUS 16

/* General category byte offsets, ETG.2010 table 8. */
#define EC_SII_GEN_GROUP 0
#define EC_SII_GEN_IMAGE 1
#define EC_SII_GEN_ORDER 2
#define EC_SII_GEN_NAME 3
#define EC_SII_GEN_COE 5
#define EC_SII_GEN_FOE 6
#define EC_SII_GEN_EOE 7
#define EC_SII_GEN_SOE 8
#define EC_SII_GEN_FLAGS 11
#define EC_SII_GEN_EBUS_CURRENT 12
#define EC_SII_GEN_MIN_SIZE 14	/* up to the E-bus current */
#define EC_SII_GEN_PHYS_PORT 16
#define EC_SII_GEN_PHYS_PORT_END 18

/* SyncM category: 8 bytes per sync manager, ETG.2010 table 10. */
#define EC_SII_SM_SIZE 8
#define EC_SII_SM_START 0
#define EC_SII_SM_LENGTH 2
#define EC_SII_SM_CONTROL 4
#define EC_SII_SM_ENABLE 6
#define EC_SII_SM_TYPE 7
#define EC_SII_SM_TYPE_MBOX_OUT 1
#define EC_SII_SM_TYPE_MBOX_IN 2
#define EC_SII_SM_TYPE_OUTPUTS 3
#define EC_SII_SM_TYPE_INPUTS 4

/* SM control register bits 2-3, ESC data sheet II table "SM control". */
#define EC_SM_CTRL_DIR_SHIFT 2
#define EC_SM_CTRL_DIR_MASK 0x3
#define EC_SM_CTRL_DIR_READ 0	/* ECAT reads: slave to master */
#define EC_SM_CTRL_DIR_WRITE 1	/* ECAT writes: master to slave */

/* TxPDO/RxPDO categories, ETG.2010 tables 11 and 12. */
#define EC_SII_PDO_SIZE 8
#define EC_SII_PDO_INDEX 0
#define EC_SII_PDO_NENTRY 2
#define EC_SII_PDO_SM 3
#define EC_SII_PDO_NAME 5
#define EC_SII_ENTRY_SIZE 8
#define EC_SII_ENTRY_INDEX 0
#define EC_SII_ENTRY_SUBINDEX 2
#define EC_SII_ENTRY_NAME 3
#define EC_SII_ENTRY_BITLEN 5

struct ec_sii_parser {
	struct ec_sii *sii;
	const u8 *image;
	size_t nwords;
	char *err;
	size_t errlen;
};

static int ec_sii_fail(struct ec_sii_parser *p, int ret, const char *fmt,
		       ...) __attribute__((format(printf, 3, 4)));

static int ec_sii_fail(struct ec_sii_parser *p, int ret, const char *fmt, ...)
{
	va_list ap;

	if (p->err && p->errlen) {
		va_start(ap, fmt);
		vsnprintf(p->err, p->errlen, fmt, ap);
		va_end(ap);
	}
	return ret;
}

/**
 * ec_sii_crc() - CRC-8 of the SII configuration area
 * @data: bytes 0..13 of the SII (words 0-6)
 * @size: number of bytes (14)
 *
 * Return: the CRC that word 7's low byte must hold.
 */
u8 ec_sii_crc(const u8 *data, size_t size)
{
	u8 crc = EC_SII_CRC_INIT;
	size_t i;
	int bit;

	for (i = 0; i < size; i++) {
		crc ^= data[i];
		for (bit = 0; bit < 8; bit++)
			crc = (crc & 0x80) ?
				      (u8)((crc << 1) ^ EC_SII_CRC_POLY) :
				      (u8)(crc << 1);
	}
	return crc;
}

static u16 ec_sii_word(const struct ec_sii_parser *p, size_t word)
{
	return ec_get_u16(p->image + 2 * word);
}

static u32 ec_sii_dword(const struct ec_sii_parser *p, size_t word)
{
	return ec_get_u32(p->image + 2 * word);
}

/**
 * ec_sii_category_next() - the next entry of an SII category list
 * @image: the SII, little-endian bytes
 * @nwords: number of 16-bit words in @image
 * @word: word address of the entry (EC_SII_FIRST_CATEGORY for the
 *	  first); moved past it on success
 * @cat: receives the entry
 * @err: receives a message for -EPROTO (may be NULL)
 * @errlen: size of @err
 *
 * Every read is checked against @nwords: the image may come from a file
 * or a slave and be cut off or garbage.  The core's parser and the
 * tool's checks and dump walk the list with this one function.
 *
 * Return: 1 with @cat filled, 0 at the end marker, -ENODATA when the
 * image ends before an end marker, -EPROTO when the entry does not fit
 * the image.
 */
int ec_sii_category_next(const u8 *image, size_t nwords, size_t *word,
			 struct ec_sii_category *cat, char *err,
			 size_t errlen)
{
	size_t w = *word, size;
	u16 type;

	if (w >= nwords)
		return -ENODATA;
	type = ec_get_u16(image + 2 * w);
	if (type == EC_SII_CAT_END)
		return 0;
	if (w + 2 > nwords) {
		if (err && errlen)
			snprintf(err, errlen,
				 "category 0x%04x at word 0x%04zx has no size word",
				 type, w);
		return -EPROTO;
	}
	size = ec_get_u16(image + 2 * (w + 1));
	if (w + 2 + size > nwords) {
		if (err && errlen)
			snprintf(err, errlen,
				 "category 0x%04x at word 0x%04zx claims %zu words, only %zu left",
				 type, w, size, nwords - w - 2);
		return -EPROTO;
	}
	cat->type = type;
	cat->word = w;
	cat->data = image + 2 * (w + 2);
	cat->len = 2 * size;
	*word = w + 2 + size;
	return 1;
}

/*
 * Next category at *word, its type without the vendor bit.  Return: 1
 * with @cat filled, 0 at the end marker or the image end, -EPROTO when
 * the category does not fit.
 */
static int ec_sii_next_cat(struct ec_sii_parser *p, size_t *word,
			   struct ec_sii_category *cat)
{
	int ret = ec_sii_category_next(p->image, p->nwords, word, cat,
				       p->err, p->errlen);

	if (ret == -ENODATA)
		return 0;	/* image ends without an end marker */
	if (ret > 0)
		cat->type &= EC_SII_CAT_TYPE_MASK;
	return ret;
}

/* First category of @type, or 0 when there is none; -EPROTO on damage. */
static int ec_sii_find_cat(struct ec_sii_parser *p, u16 type,
			   struct ec_sii_category *cat)
{
	size_t w = EC_SII_FIRST_CATEGORY;
	int ret;

	while ((ret = ec_sii_next_cat(p, &w, cat)) > 0)
		if (cat->type == type)
			return 1;
	return ret;
}

static char *ec_sii_strndup(const u8 *s, size_t len)
{
	char *d = ec_zalloc(len + 1);

	if (d)
		memcpy(d, s, len);
	return d;
}

static int ec_sii_parse_strings(struct ec_sii_parser *p)
{
	struct ec_sii *sii = p->sii;
	struct ec_sii_category cat;
	size_t off;
	unsigned int i, count;
	int ret;

	ret = ec_sii_find_cat(p, EC_SII_CAT_STRINGS, &cat);
	if (ret <= 0)
		return ret;
	if (cat.len < 1)
		return ec_sii_fail(p, -EPROTO,
				   "strings category at word 0x%04zx is empty",
				   cat.word);
	count = cat.data[0];
	if (!count)
		return 0;
	sii->strings = ec_zalloc(count * sizeof(*sii->strings));
	if (!sii->strings)
		return -ENOMEM;
	sii->string_count = count;
	off = 1;
	for (i = 0; i < count; i++) {
		size_t len;

		if (off >= cat.len)
			return ec_sii_fail(p, -EPROTO,
					   "strings category: string %u of %u starts past the category end",
					   i + 1, count);
		len = cat.data[off++];
		if (off + len > cat.len)
			return ec_sii_fail(p, -EPROTO,
					   "strings category: string %u of %u (%zu bytes) runs past the category end",
					   i + 1, count, len);
		sii->strings[i] = ec_sii_strndup(cat.data + off, len);
		if (!sii->strings[i])
			return -ENOMEM;
		off += len;
	}
	return 0;
}

/* Copy of string @index (1-based, 0: none) into *out. */
static int ec_sii_string(struct ec_sii_parser *p, unsigned int index,
			 char **out, const char *what)
{
	const struct ec_sii *sii = p->sii;

	*out = NULL;
	if (!index)
		return 0;
	if (index > sii->string_count)
		return ec_sii_fail(p, -EPROTO,
				   "%s: string index %u out of range (%u strings)",
				   what, index, sii->string_count);
	*out = ec_sii_strndup((const u8 *)sii->strings[index - 1],
			      strlen(sii->strings[index - 1]));
	return *out ? 0 : -ENOMEM;
}

static int ec_sii_parse_general(struct ec_sii_parser *p)
{
	struct ec_sii *sii = p->sii;
	struct ec_sii_category cat;
	unsigned int i;
	int ret;

	ret = ec_sii_find_cat(p, EC_SII_CAT_GENERAL, &cat);
	if (ret <= 0)
		return ret;
	if (cat.len < EC_SII_GEN_MIN_SIZE)
		return ec_sii_fail(p, -EPROTO,
				   "general category of %zu bytes is shorter than %u",
				   cat.len, EC_SII_GEN_MIN_SIZE);
	ret = ec_sii_string(p, cat.data[EC_SII_GEN_GROUP], &sii->group,
			    "general category group");
	if (!ret)
		ret = ec_sii_string(p, cat.data[EC_SII_GEN_IMAGE], &sii->image,
				    "general category image");
	if (!ret)
		ret = ec_sii_string(p, cat.data[EC_SII_GEN_ORDER], &sii->order,
				    "general category order");
	if (!ret)
		ret = ec_sii_string(p, cat.data[EC_SII_GEN_NAME], &sii->name,
				    "general category name");
	if (ret)
		return ret;
	sii->coe_details = cat.data[EC_SII_GEN_COE];
	sii->foe_details = cat.data[EC_SII_GEN_FOE];
	sii->eoe_details = cat.data[EC_SII_GEN_EOE];
	sii->soe_channels = cat.data[EC_SII_GEN_SOE];
	sii->general_flags = cat.data[EC_SII_GEN_FLAGS];
	sii->current_on_ebus =
		(s16)ec_get_u16(cat.data + EC_SII_GEN_EBUS_CURRENT);
	if (cat.len >= EC_SII_GEN_PHYS_PORT_END) {
		u16 phys = ec_get_u16(cat.data + EC_SII_GEN_PHYS_PORT);

		for (i = 0; i < 4; i++)
			sii->physical_layer[i] = (phys >> (4 * i)) & 0xf;
	}
	sii->has_general = true;
	return 0;
}

static int ec_sii_parse_fmmu(struct ec_sii_parser *p)
{
	struct ec_sii *sii = p->sii;
	struct ec_sii_category cat;
	int ret;

	ret = ec_sii_find_cat(p, EC_SII_CAT_FMMU, &cat);
	if (ret <= 0)
		return ret;
	/* One byte per FMMU; a padding byte 0xff may fill the last word. */
	sii->fmmu_count = cat.len;
	if (cat.len && cat.data[cat.len - 1] == 0xff)
		sii->fmmu_count--;
	if (sii->fmmu_count > EC_SII_MAX_FMMUS)
		return ec_sii_fail(p, -EPROTO,
				   "FMMU category lists %u FMMUs, at most %u exist",
				   sii->fmmu_count, EC_SII_MAX_FMMUS);
	memcpy(sii->fmmu_usage, cat.data, sii->fmmu_count);
	return 0;
}

static enum ec_direction ec_sii_sync_dir(u8 control, u8 type)
{
	switch ((control >> EC_SM_CTRL_DIR_SHIFT) & EC_SM_CTRL_DIR_MASK) {
	case EC_SM_CTRL_DIR_READ:
		return EC_DIR_INPUT_;
	case EC_SM_CTRL_DIR_WRITE:
		return EC_DIR_OUTPUT_;
	}
	/* Reserved direction code: fall back to the SII type byte. */
	if (type == EC_SII_SM_TYPE_MBOX_OUT || type == EC_SII_SM_TYPE_OUTPUTS)
		return EC_DIR_OUTPUT_;
	if (type == EC_SII_SM_TYPE_MBOX_IN || type == EC_SII_SM_TYPE_INPUTS)
		return EC_DIR_INPUT_;
	return EC_DIR_INVALID_;
}

static int ec_sii_parse_syncm(struct ec_sii_parser *p)
{
	struct ec_sii *sii = p->sii;
	struct ec_sii_category cat;
	unsigned int i, count;
	int ret;

	ret = ec_sii_find_cat(p, EC_SII_CAT_SYNCM, &cat);
	if (ret <= 0)
		return ret;
	if (cat.len % EC_SII_SM_SIZE)
		return ec_sii_fail(p, -EPROTO,
				   "SyncM category of %zu bytes is not a multiple of %u",
				   cat.len, EC_SII_SM_SIZE);
	count = cat.len / EC_SII_SM_SIZE;
	if (count > EC_SII_MAX_SYNCS)
		return ec_sii_fail(p, -EPROTO,
				   "SyncM category lists %u sync managers, at most %u exist",
				   count, EC_SII_MAX_SYNCS);
	if (!count)
		return 0;
	sii->syncs = ec_zalloc(count * sizeof(*sii->syncs));
	if (!sii->syncs)
		return -ENOMEM;
	sii->sync_count = count;
	for (i = 0; i < count; i++) {
		const u8 *d = cat.data + i * EC_SII_SM_SIZE;
		struct ec_sii_sync *sync = &sii->syncs[i];

		sync->physical_start_address = ec_get_u16(d + EC_SII_SM_START);
		sync->default_length = ec_get_u16(d + EC_SII_SM_LENGTH);
		sync->control_register = d[EC_SII_SM_CONTROL];
		sync->enable = d[EC_SII_SM_ENABLE];
		sync->dir = ec_sii_sync_dir(d[EC_SII_SM_CONTROL],
					    d[EC_SII_SM_TYPE]);
	}
	return 0;
}

/*
 * Walk one PDO category.  With @fill false, count the PDOs per sync
 * manager into sync->pdo_count; with @fill true, fill sync->pdos (sized by
 * the count pass) and count again.  PDOs without a valid sync manager are
 * not kept: the slave cannot map them without one.
 */
static int ec_sii_walk_pdos(struct ec_sii_parser *p,
			    const struct ec_sii_category *cat, bool fill)
{
	struct ec_sii *sii = p->sii;
	const char *what = cat->type == EC_SII_CAT_TXPDO ? "TxPDO" : "RxPDO";
	size_t off = 0;
	int ret;

	while (off < cat->len) {
		const u8 *d = cat->data + off;
		unsigned int n, j;
		struct ec_pdo *pdo;
		s8 sm;

		if (off + EC_SII_PDO_SIZE > cat->len)
			return ec_sii_fail(p, -EPROTO,
					   "%s category at word 0x%04zx: PDO header at byte %zu runs past the category end",
					   what, cat->word, off);
		n = d[EC_SII_PDO_NENTRY];
		if (off + EC_SII_PDO_SIZE + n * EC_SII_ENTRY_SIZE > cat->len)
			return ec_sii_fail(p, -EPROTO,
					   "%s 0x%04x: %u entries run past the category end",
					   what,
					   ec_get_u16(d + EC_SII_PDO_INDEX), n);
		off += EC_SII_PDO_SIZE + n * EC_SII_ENTRY_SIZE;
		sm = (s8)d[EC_SII_PDO_SM];
		if (sm < 0 || (unsigned int)sm >= sii->sync_count)
			continue;
		if (!fill) {
			sii->syncs[sm].pdo_count++;
			continue;
		}
		pdo = &sii->syncs[sm].pdos[sii->syncs[sm].pdo_count++];
		pdo->index = ec_get_u16(d + EC_SII_PDO_INDEX);
		pdo->sync_index = sm;
		ret = ec_sii_string(p, d[EC_SII_PDO_NAME], &pdo->name, what);
		if (ret)
			return ret;
		if (!n)
			continue;
		pdo->entries = ec_zalloc(n * sizeof(*pdo->entries));
		if (!pdo->entries)
			return -ENOMEM;
		pdo->entry_count = n;
		for (j = 0; j < n; j++) {
			const u8 *e = d + EC_SII_PDO_SIZE +
				      j * EC_SII_ENTRY_SIZE;
			struct ec_pdo_entry *entry = &pdo->entries[j];

			entry->index = ec_get_u16(e + EC_SII_ENTRY_INDEX);
			entry->subindex = e[EC_SII_ENTRY_SUBINDEX];
			entry->bit_length = e[EC_SII_ENTRY_BITLEN];
			ret = ec_sii_string(p, e[EC_SII_ENTRY_NAME],
					    &entry->name, what);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* Every TxPDO and RxPDO category, two passes: count, then fill. */
static int ec_sii_parse_pdos(struct ec_sii_parser *p)
{
	struct ec_sii *sii = p->sii;
	struct ec_sii_category cat;
	unsigned int i, pass;
	size_t w;
	int ret;

	for (pass = 0; pass < 2; pass++) {
		if (pass) {
			for (i = 0; i < sii->sync_count; i++) {
				struct ec_sii_sync *sync = &sii->syncs[i];

				if (sync->pdo_count) {
					sync->pdos = ec_zalloc(
						sync->pdo_count *
						sizeof(*sync->pdos));
					if (!sync->pdos)
						return -ENOMEM;
				}
				sync->pdo_count = 0;
			}
		}
		w = EC_SII_FIRST_CATEGORY;
		while ((ret = ec_sii_next_cat(p, &w, &cat)) > 0) {
			if (cat.type != EC_SII_CAT_TXPDO &&
			    cat.type != EC_SII_CAT_RXPDO)
				continue;
			ret = ec_sii_walk_pdos(p, &cat, pass == 1);
			if (ret)
				return ret;
		}
		if (ret)
			return ret;
	}
	return 0;
}

static void ec_sii_free_pdos(struct ec_pdo *pdos, unsigned int count)
{
	unsigned int i, j;

	for (i = 0; i < count; i++) {
		for (j = 0; j < pdos[i].entry_count; j++)
			ec_free(pdos[i].entries[j].name);
		ec_free(pdos[i].entries);
		ec_free(pdos[i].name);
	}
	ec_free(pdos);
}

/* Free what the categories gave; the configuration area stays. */
static void ec_sii_clear_categories(struct ec_sii *sii)
{
	unsigned int i;

	for (i = 0; i < sii->string_count; i++)
		ec_free(sii->strings[i]);
	ec_free(sii->strings);
	sii->strings = NULL;
	sii->string_count = 0;
	ec_free(sii->group);
	ec_free(sii->image);
	ec_free(sii->order);
	ec_free(sii->name);
	sii->group = NULL;
	sii->image = NULL;
	sii->order = NULL;
	sii->name = NULL;
	sii->has_general = false;
	memset(sii->physical_layer, 0, sizeof(sii->physical_layer));
	sii->coe_details = 0;
	sii->foe_details = 0;
	sii->eoe_details = 0;
	sii->general_flags = 0;
	sii->soe_channels = 0;
	sii->current_on_ebus = 0;
	sii->fmmu_count = 0;
	memset(sii->fmmu_usage, 0, sizeof(sii->fmmu_usage));
	for (i = 0; i < sii->sync_count; i++)
		if (sii->syncs[i].pdos)
			ec_sii_free_pdos(sii->syncs[i].pdos,
					 sii->syncs[i].pdo_count);
	ec_free(sii->syncs);
	sii->syncs = NULL;
	sii->sync_count = 0;
	sii->has_dc = false;
}

/**
 * ec_sii_clear() - free everything ec_sii_parse() allocated
 * @sii: parsed SII; zeroed afterwards, may be cleared again
 */
void ec_sii_clear(struct ec_sii *sii)
{
	ec_sii_clear_categories(sii);
	memset(sii, 0, sizeof(*sii));
}

static void ec_sii_parse_config(struct ec_sii_parser *p)
{
	struct ec_sii *sii = p->sii;

	sii->alias = ec_sii_word(p, EC_SII_WORD_ALIAS);
	sii->vendor_id = ec_sii_dword(p, EC_SII_WORD_VENDOR);
	sii->product_code = ec_sii_dword(p, EC_SII_WORD_PRODUCT);
	sii->revision_number = ec_sii_dword(p, EC_SII_WORD_REVISION);
	sii->serial_number = ec_sii_dword(p, EC_SII_WORD_SERIAL);
	sii->boot_rx_mailbox_offset = ec_sii_word(p, EC_SII_WORD_BOOT_RX_MBOX);
	sii->boot_rx_mailbox_size =
		ec_sii_word(p, EC_SII_WORD_BOOT_RX_MBOX + 1);
	sii->boot_tx_mailbox_offset = ec_sii_word(p, EC_SII_WORD_BOOT_TX_MBOX);
	sii->boot_tx_mailbox_size =
		ec_sii_word(p, EC_SII_WORD_BOOT_TX_MBOX + 1);
	sii->std_rx_mailbox_offset = ec_sii_word(p, EC_SII_WORD_STD_RX_MBOX);
	sii->std_rx_mailbox_size = ec_sii_word(p, EC_SII_WORD_STD_RX_MBOX + 1);
	sii->std_tx_mailbox_offset = ec_sii_word(p, EC_SII_WORD_STD_TX_MBOX);
	sii->std_tx_mailbox_size = ec_sii_word(p, EC_SII_WORD_STD_TX_MBOX + 1);
	sii->mailbox_protocols = ec_sii_word(p, EC_SII_WORD_MBOX_PROTOCOLS);
	sii->checksum_ok = ec_sii_crc(p->image, EC_SII_CRC_BYTES) ==
			   p->image[2 * EC_SII_WORD_CHECKSUM];
}

/**
 * ec_sii_parse() - decode an SII image
 * @sii: receives the contents; ec_sii_clear() it when done, also after
 *	 an error (it then holds the configuration area only)
 * @image: the SII as read, little-endian bytes
 * @nwords: number of 16-bit words in @image
 * @err: receives a message on failure (may be NULL)
 * @errlen: size of @err
 *
 * A wrong configuration area checksum is not an error: checksum_ok is
 * false and the rest is parsed (ESCs load the area anyway, flagging it).
 *
 * Return: 0, -EINVAL when @image is too short to hold the configuration
 * area, -EPROTO for a malformed category, -ENOMEM.
 */
int ec_sii_parse(struct ec_sii *sii, const u8 *image, size_t nwords,
		 char *err, size_t errlen)
{
	struct ec_sii_parser p = {
		.sii = sii, .image = image, .nwords = nwords,
		.err = err, .errlen = errlen,
	};
	int ret;

	memset(sii, 0, sizeof(*sii));
	if (err && errlen)
		err[0] = '\0';
	if (!image || nwords < EC_SII_FIRST_CATEGORY)
		return ec_sii_fail(&p, -EINVAL,
				   "SII image of %zu words is shorter than its %u-word configuration area",
				   image ? nwords : 0, EC_SII_FIRST_CATEGORY);
	ec_sii_parse_config(&p);

	/* Strings first: the other categories refer to them by index. */
	ret = ec_sii_parse_strings(&p);
	if (!ret)
		ret = ec_sii_parse_general(&p);
	if (!ret)
		ret = ec_sii_parse_fmmu(&p);
	if (!ret)
		ret = ec_sii_parse_syncm(&p);
	if (!ret)
		ret = ec_sii_parse_pdos(&p);
	if (!ret) {
		struct ec_sii_category cat;

		ret = ec_sii_find_cat(&p, EC_SII_CAT_DC, &cat);
		sii->has_dc = ret > 0;
		ret = ret > 0 ? 0 : ret;
	}
	if (ret == -ENOMEM)
		ec_sii_fail(&p, ret, "out of memory");
	if (ret)
		ec_sii_clear_categories(sii);
	return ret;
}
