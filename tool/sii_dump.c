// SPDX-License-Identifier: GPL-2.0-only
/*
 * sii_dump.c - SII image checks and the verbose dump (see sii_dump.h).
 *
 * The category list is walked with the core's ec_sii_category_next()
 * (master/slave/sii.c), which checks every access against the image end:
 * images come from files and from slaves and may be truncated or garbage.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"
#include "sii_dump.h"
#include "tables.h"

#define EC_SII_DUMP_BYTES_PER_LINE 16
#define EC_SII_SYNCM_BYTES 8	/* ETG.1000.6 table 20 */
#define EC_SII_PDO_BYTES 8	/* ETG.1000.6 table 21 */
#define EC_SII_PDO_ENTRY_BYTES 8

/**
 * ec_sii_walk() - list the categories of an SII image
 * @img: the image, little-endian words
 * @nwords: its length in words
 * @need_end: fail when the list has no end marker within the image
 * @cats: output array (may be NULL)
 * @max: entries in @cats
 * @count: number of categories found
 * @err: message buffer
 * @err_size: its size
 *
 * On failure, @count still tells how many categories before the damage
 * were valid (and filled in).
 *
 * Return: 0, or -EINVAL with a message naming the offending word.
 */
int ec_sii_walk(const uint8_t *img, size_t nwords, bool need_end,
		struct ec_sii_category *cats, size_t max, size_t *count,
		char *err, size_t err_size)
{
	struct ec_sii_category cat;
	size_t pos = EC_SII_FIRST_CATEGORY, n = 0;
	char why[160];
	int ret;

	*count = 0;
	if (nwords <= EC_SII_FIRST_CATEGORY) {
		if (need_end)
			return ec_err(err, err_size, -EINVAL,
					  "SII data too short (%zu words), minimum is 64 fixed words + 1 end marker",
					  nwords);
		return 0;
	}
	while ((ret = ec_sii_category_next(img, nwords, &pos, &cat, why,
					   sizeof(why))) > 0) {
		if (cats && n < max)
			cats[n] = cat;
		*count = ++n;
	}
	if (ret == -EPROTO)
		return ec_err(err, err_size, -EINVAL,
				  "SII data seem to be corrupted: %s", why);
	if (ret == -ENODATA && need_end)
		return ec_err(err, err_size, -EINVAL,
				  "SII data seem to be corrupted: no category end marker before word 0x%04zx",
				  nwords);
	return 0;
}

/**
 * ec_sii_check() - validity checks before writing an image to a slave
 * @img: the image
 * @nwords: length in words
 * @err: message buffer
 * @err_size: its size
 *
 * Checks the minimum length, the header checksum and the category list.
 *
 * Return: 0 or -EINVAL with a message.
 */
int ec_sii_check(const uint8_t *img, size_t nwords, char *err,
		 size_t err_size)
{
	size_t count;
	uint8_t crc;

	if (nwords < EC_SII_FIRST_CATEGORY + 1)
		return ec_err(err, err_size, -EINVAL,
				  "SII data too short (%zu words), minimum is 64 fixed words + 1 end marker",
				  nwords);
	crc = ec_sii_crc(img, EC_SII_CRC_BYTES);
	if (crc != img[2 * EC_SII_WORD_CHECKSUM])
		return ec_err(err, err_size, -EINVAL,
				  "CRC incorrect: is 0x%02x, must be 0x%02x",
				  img[2 * EC_SII_WORD_CHECKSUM], crc);
	return ec_sii_walk(img, nwords, true, NULL, 0, &count, err,
			   err_size);
}

static void ec_sii_hexdump(const uint8_t *data, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		ec_out_text("%s%02x", i % EC_SII_DUMP_BYTES_PER_LINE ?
			    " " : "\n  ", data[i]);
	ec_out_text("\n");
}

static void ec_sii_dump_strings(const uint8_t *d, size_t len)
{
	size_t pos = 1, i, n;

	if (!len)
		return;
	ec_out_arr_open("strings");
	for (i = 0; i < d[0]; i++) {
		if (pos >= len)
			break;
		n = d[pos];
		if (pos + 1 + n > len)
			n = len - pos - 1;
		ec_out_text("    String %zu: \"", i + 1);
		ec_out_strn(NULL, (const char *)d + pos + 1, n);
		ec_out_text("\"\n");
		pos += 1 + n;
	}
	ec_out_arr_close();
}

static void ec_sii_dump_syncm(const uint8_t *d, size_t len)
{
	size_t i;

	ec_out_arr_open("sync_managers");
	for (i = 0; i + EC_SII_SYNCM_BYTES <= len; i += EC_SII_SYNCM_BYTES) {
		ec_out_obj_open(NULL);
		ec_out_text("    SM%zu:", i / EC_SII_SYNCM_BYTES);
		ec_out_uint("start", " PhysAddr 0x%04llx",
			    d[i] | d[i + 1] << 8);
		ec_out_uint("length", ", Length %llu", d[i + 2] | d[i + 3] << 8);
		ec_out_uint("control", ", Control 0x%02llx", d[i + 4]);
		ec_out_uint("enable", ", Enable 0x%02llx", d[i + 6]);
		ec_out_uint("type", ", Type %llu\n", d[i + 7]);
		ec_out_obj_close();
	}
	ec_out_arr_close();
}

static void ec_sii_dump_pdos(const uint8_t *d, size_t len, bool tx)
{
	size_t pos = 0, e, n;

	ec_out_arr_open("pdos");
	while (pos + EC_SII_PDO_BYTES <= len) {
		n = d[pos + 2];
		ec_out_obj_open(NULL);
		ec_out_text("    %cxPDO", tx ? 'T' : 'R');
		ec_out_uint("index", " 0x%04llx", d[pos] | d[pos + 1] << 8);
		ec_out_uint("sync_manager", ", SM %llu", d[pos + 3]);
		ec_out_uint("name_index", ", name string %llu\n", d[pos + 5]);
		pos += EC_SII_PDO_BYTES;
		ec_out_arr_open("entries");
		for (e = 0; e < n && pos + EC_SII_PDO_ENTRY_BYTES <= len;
		     e++, pos += EC_SII_PDO_ENTRY_BYTES) {
			ec_out_obj_open(NULL);
			ec_out_uint("index", "      PDO entry 0x%04llx",
				    d[pos] | d[pos + 1] << 8);
			ec_out_uint("subindex", ":%02llx", d[pos + 2]);
			ec_out_uint("bit_length", ", %llu bit", d[pos + 5]);
			ec_out_uint("name_index", ", name string %llu\n",
				    d[pos + 3]);
			ec_out_obj_close();
		}
		ec_out_arr_close();
		ec_out_obj_close();
		if (e < n)
			break;	/* truncated entry list */
	}
	ec_out_arr_close();
}

/**
 * ec_sii_dump() - print an SII image as 'sii_read -v' does
 * @img: the image
 * @nwords: its length in words
 * @err: message buffer
 * @err_size: its size
 *
 * Text: IgH's format (the fixed area and each category in hex, 16 bytes
 * a line) plus decoded strings, sync managers and PDOs.  Everything
 * before a corrupted category is printed; then it fails.
 *
 * Return: 0 or -EINVAL with a message.
 */
int ec_sii_dump(const uint8_t *img, size_t nwords, char *err,
		size_t err_size)
{
	size_t head = nwords < EC_SII_FIRST_CATEGORY ? nwords :
		EC_SII_FIRST_CATEGORY;
	struct ec_sii_category *cats;
	size_t count, i;
	int ret;

	ec_out_obj_open("sii");
	ec_out_uint("words", NULL, nwords);
	ec_out_text("SII Area:");
	ec_sii_hexdump(img, head * 2);
	ec_out_hex("area", img, head * 2);
	if (nwords >= EC_SII_FIRST_CATEGORY) {
		ec_out_uint("alias", NULL,
			    ec_get_u16(img + 2 * EC_SII_WORD_ALIAS));
		ec_out_uint("checksum", NULL, img[2 * EC_SII_WORD_CHECKSUM]);
		ec_out_bool("checksum_ok", NULL,
			    ec_sii_crc(img, EC_SII_CRC_BYTES) ==
			    img[2 * EC_SII_WORD_CHECKSUM], NULL, NULL);
		ec_out_uint("vendor_id", NULL,
			    ec_get_u32(img + 2 * EC_SII_WORD_VENDOR));
		ec_out_uint("product_code", NULL,
			    ec_get_u32(img + 2 * EC_SII_WORD_PRODUCT));
	}

	/* Walk once to learn the count, then again to fill. */
	ec_sii_walk(img, nwords, false, NULL, 0, &count, NULL, 0);
	cats = calloc(count ? count : 1, sizeof(*cats));
	if (!cats) {
		ec_out_obj_close();
		return -ENOMEM;
	}
	ret = ec_sii_walk(img, nwords, false, cats, count, &count, err,
			  err_size);

	ec_out_arr_open("categories");
	for (i = 0; i < count; i++) {
		const uint8_t *d = cats[i].data;
		size_t len = cats[i].len;

		ec_out_obj_open(NULL);
		ec_out_uint("type", "SII Category 0x%04llx", cats[i].type);
		ec_out_str("name", " (%s)", ec_sii_category_name(cats[i].type));
		ec_out_uint("size", ", %llu words", cats[i].len / 2);
		ec_sii_hexdump(d, len);
		ec_out_hex("data", d, len);
		switch (cats[i].type) {
		case EC_SII_CAT_STRINGS:
			ec_sii_dump_strings(d, len);
			break;
		case EC_SII_CAT_SYNCM:
			ec_sii_dump_syncm(d, len);
			break;
		case EC_SII_CAT_TXPDO:
		case EC_SII_CAT_RXPDO:
			ec_sii_dump_pdos(d, len,
					 cats[i].type == EC_SII_CAT_TXPDO);
			break;
		default:
			break;
		}
		ec_out_obj_close();
	}
	ec_out_arr_close();
	ec_out_obj_close();
	free(cats);
	return ret;
}
