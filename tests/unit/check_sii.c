// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_sii.c - the SII parser: images built here byte by byte (ETG.2010
 * layouts), images from the virtual segment's EEPROMs, the checksum, and
 * malformed or truncated images, which must give a clear error and never
 * a crash or an overread (run it under valgrind: images are copied into
 * buffers of their exact size).
 */
#include <check.h>
#include <jansson.h>

#include "slave/sii.h"
#include "ecsim.h"

#define CATALOGUE "sim/catalogue/catalogue.json"

struct img {
	u8 b[4096];
	size_t n;		/* bytes used, always even */
	size_t cat_strings, cat_general, cat_fmmu, cat_syncm, cat_txpdo,
	       cat_rxpdo, cat_dc;	/* byte offsets of category headers */
};

static void put8(struct img *im, u8 v)
{
	im->b[im->n++] = v;
}

static void put16(struct img *im, u16 v)
{
	ec_put_u16(im->b + im->n, v);
	im->n += 2;
}

static void put32(struct img *im, u32 v)
{
	ec_put_u32(im->b + im->n, v);
	im->n += 4;
}

static void putstr(struct img *im, const char *s)
{
	put8(im, (u8)strlen(s));
	memcpy(im->b + im->n, s, strlen(s));
	im->n += strlen(s);
}

static size_t cat_begin(struct img *im, u16 type)
{
	size_t at = im->n;

	put16(im, type);
	put16(im, 0);
	return at;
}

static void cat_end(struct img *im, size_t at)
{
	if (im->n & 1)
		put8(im, 0);
	ec_put_u16(im->b + at + 2, (u16)((im->n - at - 4) / 2));
}

/* PDO header and entries, ETG.2010 tables 11/12. */
static void put_pdo(struct img *im, u16 index, u8 nentry, s8 sm, u8 name)
{
	put16(im, index);
	put8(im, nentry);
	put8(im, (u8)sm);
	put8(im, 0);		/* synchronization */
	put8(im, name);
	put16(im, 0);		/* flags */
}

static void put_entry(struct img *im, u16 index, u8 sub, u8 name, u8 bits)
{
	put16(im, index);
	put8(im, sub);
	put8(im, name);
	put8(im, 0x07);		/* data type */
	put8(im, bits);
	put16(im, 0);
}

static void put_sm(struct img *im, u16 start, u16 len, u8 ctrl, u8 enable,
		   u8 type)
{
	put16(im, start);
	put16(im, len);
	put8(im, ctrl);
	put8(im, 0);
	put8(im, enable);
	put8(im, type);
}

/*
 * A complete image: strings 1 "Grp", 2 "img", 3 "EL9999-0000", 4 "Test
 * terminal", 5 "Inputs", 6 "Outputs", 7 "Value"; general; 3 FMMUs; 4 SMs
 * (mbox out/in, outputs, inputs); TxPDO 0x1a00 (2 entries) on SM 3 and
 * 0x1a01 (1 entry) on SM 3; RxPDO 0x1600 (1 entry) on SM 2; DC.
 */
static void build_full(struct img *im)
{
	size_t c;

	memset(im, 0, sizeof(*im));
	put16(im, 0x0c80);	/* PDI control */
	put16(im, 0x6e00);	/* PDI configuration */
	put16(im, 0);
	put16(im, 0);
	put16(im, 0x1234);	/* alias, word 4 */
	put16(im, 0);
	put16(im, 0);
	im->b[14] = ec_sii_crc(im->b, 14);
	im->n = 16;
	put32(im, 0x00000002);	/* vendor, word 8 */
	put32(im, 0x270f3052);	/* product */
	put32(im, 0x00110000);	/* revision */
	put32(im, 0xdeadbeef);	/* serial */
	im->n = 0x14 * 2;
	put16(im, 0x1000);	/* boot rx mbox */
	put16(im, 0x0080);
	put16(im, 0x1080);	/* boot tx mbox */
	put16(im, 0x0040);
	put16(im, 0x1100);	/* std rx mbox */
	put16(im, 0x0100);
	put16(im, 0x1200);	/* std tx mbox */
	put16(im, 0x0100);
	put16(im, EC_MBOX_COE | EC_MBOX_FOE);
	im->n = 0x3e * 2;
	put16(im, 31);		/* 32 Kbit */
	put16(im, 1);		/* version */

	im->cat_strings = c = cat_begin(im, EC_SII_CAT_STRINGS);
	put8(im, 7);
	putstr(im, "Grp");
	putstr(im, "img");
	putstr(im, "EL9999-0000");
	putstr(im, "Test terminal");
	putstr(im, "Inputs");
	putstr(im, "Outputs");
	putstr(im, "Value");
	cat_end(im, c);

	im->cat_general = c = cat_begin(im, EC_SII_CAT_GENERAL);
	put8(im, 1);		/* group */
	put8(im, 2);		/* image */
	put8(im, 3);		/* order */
	put8(im, 4);		/* name */
	put8(im, 0);
	put8(im, 0x23);		/* CoE details */
	put8(im, 0x01);		/* FoE */
	put8(im, 0x00);		/* EoE */
	put8(im, 0x00);		/* SoE channels */
	put8(im, 0x00);		/* DS402 */
	put8(im, 0x00);		/* sysman */
	put8(im, 0x02);		/* flags */
	put16(im, (u16)-120);	/* feeds 120 mA into the E-bus */
	put8(im, 1);
	put8(im, 0);
	put16(im, 0x0033);	/* ports 0, 1: E-bus */
	put16(im, 0);
	while (im->n - c - 4 < 32)
		put8(im, 0);
	cat_end(im, c);

	im->cat_fmmu = c = cat_begin(im, EC_SII_CAT_FMMU);
	put8(im, 1);
	put8(im, 2);
	put8(im, 3);
	put8(im, 0xff);
	cat_end(im, c);

	im->cat_syncm = c = cat_begin(im, EC_SII_CAT_SYNCM);
	put_sm(im, 0x1000, 128, 0x26, 1, 1);
	put_sm(im, 0x1080, 128, 0x22, 1, 2);
	put_sm(im, 0x1100, 2, 0x24, 1, 3);
	put_sm(im, 0x1180, 6, 0x20, 1, 4);
	cat_end(im, c);

	im->cat_txpdo = c = cat_begin(im, EC_SII_CAT_TXPDO);
	put_pdo(im, 0x1a00, 2, 3, 5);
	put_entry(im, 0x6000, 1, 7, 16);
	put_entry(im, 0x0000, 0, 0, 8);	/* gap */
	put_pdo(im, 0x1a01, 1, 3, 0);
	put_entry(im, 0x6010, 1, 0, 32);
	cat_end(im, c);

	im->cat_rxpdo = c = cat_begin(im, EC_SII_CAT_RXPDO);
	put_pdo(im, 0x1600, 1, 2, 6);
	put_entry(im, 0x7000, 1, 7, 16);
	cat_end(im, c);

	im->cat_dc = c = cat_begin(im, EC_SII_CAT_DC);
	while (im->n - c - 4 < 24)
		put8(im, 0);
	cat_end(im, c);

	put16(im, EC_SII_CAT_END);
}

/* Parse a copy of the image in a buffer of exactly @nwords words. */
static int parse_exact(struct ec_sii *sii, const u8 *image, size_t nwords,
		       char *err, size_t errlen)
{
	u8 *copy = nwords ? malloc(2 * nwords) : NULL;
	int ret;

	if (nwords)
		memcpy(copy, image, 2 * nwords);
	ret = ec_sii_parse(sii, copy ? copy : (const u8 *)"", nwords, err,
			   errlen);
	free(copy);
	return ret;
}

START_TEST(test_full_image)
{
	struct img im;
	struct ec_sii sii;
	char err[160];
	const struct ec_sii_sync *sm;

	build_full(&im);
	ck_assert_int_eq(parse_exact(&sii, im.b, im.n / 2, err, sizeof(err)),
			 0);
	ck_assert_str_eq(err, "");
	ck_assert(sii.checksum_ok);
	ck_assert_uint_eq(sii.alias, 0x1234);
	ck_assert_uint_eq(sii.vendor_id, 2);
	ck_assert_uint_eq(sii.product_code, 0x270f3052);
	ck_assert_uint_eq(sii.revision_number, 0x00110000);
	ck_assert_uint_eq(sii.serial_number, 0xdeadbeef);
	ck_assert_uint_eq(sii.boot_rx_mailbox_offset, 0x1000);
	ck_assert_uint_eq(sii.boot_rx_mailbox_size, 0x80);
	ck_assert_uint_eq(sii.boot_tx_mailbox_offset, 0x1080);
	ck_assert_uint_eq(sii.boot_tx_mailbox_size, 0x40);
	ck_assert_uint_eq(sii.std_rx_mailbox_offset, 0x1100);
	ck_assert_uint_eq(sii.std_rx_mailbox_size, 0x100);
	ck_assert_uint_eq(sii.std_tx_mailbox_offset, 0x1200);
	ck_assert_uint_eq(sii.std_tx_mailbox_size, 0x100);
	ck_assert_uint_eq(sii.mailbox_protocols, EC_MBOX_COE | EC_MBOX_FOE);

	ck_assert_uint_eq(sii.string_count, 7);
	ck_assert_str_eq(sii.strings[6], "Value");
	ck_assert(sii.has_general);
	ck_assert_str_eq(sii.group, "Grp");
	ck_assert_str_eq(sii.image, "img");
	ck_assert_str_eq(sii.order, "EL9999-0000");
	ck_assert_str_eq(sii.name, "Test terminal");
	ck_assert_uint_eq(sii.coe_details, 0x23);
	ck_assert_uint_eq(sii.foe_details, 0x01);
	ck_assert_uint_eq(sii.general_flags, 0x02);
	ck_assert_int_eq(sii.current_on_ebus, -120);
	ck_assert_uint_eq(sii.physical_layer[0], 3);
	ck_assert_uint_eq(sii.physical_layer[1], 3);
	ck_assert_uint_eq(sii.physical_layer[2], 0);

	ck_assert_uint_eq(sii.fmmu_count, 3);
	ck_assert_uint_eq(sii.fmmu_usage[0], 1);
	ck_assert_uint_eq(sii.fmmu_usage[2], 3);

	ck_assert_uint_eq(sii.sync_count, 4);
	ck_assert_uint_eq(sii.syncs[0].physical_start_address, 0x1000);
	ck_assert_uint_eq(sii.syncs[0].default_length, 128);
	ck_assert_uint_eq(sii.syncs[0].control_register, 0x26);
	ck_assert_int_eq(sii.syncs[0].dir, EC_DIR_OUTPUT_);
	ck_assert_int_eq(sii.syncs[1].dir, EC_DIR_INPUT_);
	ck_assert_int_eq(sii.syncs[2].dir, EC_DIR_OUTPUT_);
	ck_assert_int_eq(sii.syncs[3].dir, EC_DIR_INPUT_);
	ck_assert_uint_eq(sii.syncs[3].enable, 1);
	ck_assert_uint_eq(sii.syncs[0].pdo_count, 0);

	sm = &sii.syncs[3];
	ck_assert_uint_eq(sm->pdo_count, 2);
	ck_assert_uint_eq(sm->pdos[0].index, 0x1a00);
	ck_assert_int_eq(sm->pdos[0].sync_index, 3);
	ck_assert_str_eq(sm->pdos[0].name, "Inputs");
	ck_assert_uint_eq(sm->pdos[0].entry_count, 2);
	ck_assert_uint_eq(sm->pdos[0].entries[0].index, 0x6000);
	ck_assert_uint_eq(sm->pdos[0].entries[0].subindex, 1);
	ck_assert_uint_eq(sm->pdos[0].entries[0].bit_length, 16);
	ck_assert_str_eq(sm->pdos[0].entries[0].name, "Value");
	ck_assert_uint_eq(sm->pdos[0].entries[1].index, 0);
	ck_assert_uint_eq(sm->pdos[0].entries[1].bit_length, 8);
	ck_assert_ptr_null(sm->pdos[0].entries[1].name);
	ck_assert_ptr_null(sm->pdos[1].name);
	ck_assert_uint_eq(sm->pdos[1].entries[0].bit_length, 32);
	sm = &sii.syncs[2];
	ck_assert_uint_eq(sm->pdo_count, 1);
	ck_assert_uint_eq(sm->pdos[0].index, 0x1600);
	ck_assert_str_eq(sm->pdos[0].name, "Outputs");
	ck_assert(sii.has_dc);

	ec_sii_clear(&sii);
	ck_assert_ptr_null(sii.syncs);
	ec_sii_clear(&sii);	/* again: harmless */
}
END_TEST

/* CRC-8 poly 0x07: with init 0xFF it equals CRC-8/SMBUS (init 0) of the
 * data whose first byte is inverted; SMBUS's check value of "123456789"
 * is 0xF4. */
START_TEST(test_crc)
{
	u8 data[9] = { '1' ^ 0xff, '2', '3', '4', '5', '6', '7', '8', '9' };
	struct img im;
	struct ec_sii sii;

	ck_assert_uint_eq(ec_sii_crc(data, 9), 0xf4);
	ck_assert_uint_eq(ec_sii_crc(data, 0), 0xff);

	/* A wrong checksum is flagged, the image still parsed. */
	build_full(&im);
	im.b[14] ^= 0x01;
	ck_assert_int_eq(parse_exact(&sii, im.b, im.n / 2, NULL, 0), 0);
	ck_assert(!sii.checksum_ok);
	ck_assert_str_eq(sii.name, "Test terminal");
	ck_assert_uint_eq(sii.sync_count, 4);
	ec_sii_clear(&sii);
	/* So is a change in the configuration area it covers. */
	build_full(&im);
	im.b[3] ^= 0x40;
	ck_assert_int_eq(parse_exact(&sii, im.b, im.n / 2, NULL, 0), 0);
	ck_assert(!sii.checksum_ok);
	ec_sii_clear(&sii);
}
END_TEST

/* Images as the virtual segment's EEPROMs hold them, every model. */
START_TEST(test_sim_images)
{
	json_t *cat = json_load_file(CATALOGUE, 0, NULL);
	const json_t *models, *m;
	const char *key;
	char seg_json[4096] = "{ \"slaves\": [ ";
	struct ecsim_segment *seg;
	char err[160];
	unsigned int id = 0;

	ck_assert_ptr_nonnull(cat);
	models = json_object_get(cat, "models");
	json_object_foreach((json_t *)models, key, m) {
		(void)m;
		snprintf(seg_json + strlen(seg_json),
			 sizeof(seg_json) - strlen(seg_json),
			 "%s{ \"model\": \"%s\" }", id++ ? ", " : "", key);
	}
	strcat(seg_json, " ] }");
	seg = ecsim_segment_new_string(seg_json, err, sizeof(err));
	ck_assert_msg(seg, "%s", err);

	id = 0;
	json_object_foreach((json_t *)models, key, m) {
		const u8 *image;
		const json_t *dc;
		size_t len;
		struct ec_sii sii;

		ck_assert_int_eq(ecsim_slave_sii(seg, id, &image, &len), 0);
		ck_assert_int_eq(parse_exact(&sii, image, len / 2, err,
					     sizeof(err)), 0);
		ck_assert(sii.checksum_ok);
		ck_assert_uint_eq(sii.vendor_id, strtoul(json_string_value(
				  json_object_get(m, "vendor")), NULL, 0));
		ck_assert_uint_eq(sii.product_code, strtoul(json_string_value(
				  json_object_get(m, "product")), NULL, 0));
		ck_assert_str_eq(sii.name, json_string_value(
				 json_object_get(m, "name")));
		ck_assert_uint_eq(sii.sync_count,
				  json_array_size(json_object_get(m, "sms")));
		/* DC category: written for a DC mode (assign/activate). */
		dc = json_object_get(json_object_get(m, "dc"),
				     "assign_activate");
		ck_assert_int_eq(sii.has_dc,
				 dc && (json_is_string(dc) ?
					strtoul(json_string_value(dc), NULL,
						0) :
					(unsigned long)json_integer_value(dc)));
		ec_sii_clear(&sii);
		id++;
	}
	ecsim_segment_free(seg);
	json_decref(cat);
}
END_TEST

/* Every truncation of a valid image: an error or a partial parse, never
 * a crash or a read past the (exactly sized) buffer. */
START_TEST(test_truncated)
{
	struct img im;
	struct ec_sii sii;
	char err[160];
	size_t n;
	int ret;

	build_full(&im);
	for (n = 0; n <= im.n / 2; n++) {
		ret = parse_exact(&sii, im.b, n, err, sizeof(err));
		if (n < EC_SII_FIRST_CATEGORY) {
			ck_assert_int_eq(ret, -EINVAL);
			ck_assert_ptr_nonnull(strstr(err,
						     "configuration area"));
		} else if (ret) {
			ck_assert_int_eq(ret, -EPROTO);
			ck_assert_msg(strstr(err, "words, only") ||
				      strstr(err, "has no size word"),
				      "%zu words: %s", n, err);
			/* The identity is still there. */
			ck_assert_uint_eq(sii.product_code, 0x270f3052);
		}
		ec_sii_clear(&sii);
	}
	/* Cut exactly at a category boundary: fine, shorter. */
	ck_assert_int_eq(parse_exact(&sii, im.b, im.cat_dc / 2, err,
				     sizeof(err)), 0);
	ck_assert(!sii.has_dc);
	ck_assert_uint_eq(sii.syncs[2].pdo_count, 1);
	ec_sii_clear(&sii);
	ck_assert_int_eq(ec_sii_parse(&sii, NULL, 100, err, sizeof(err)),
			 -EINVAL);
	ec_sii_clear(&sii);
}
END_TEST

struct bad_case {
	const char *what;
	void (*mutate)(struct img *im);
	int ret;
	const char *msg;	/* part of the error message */
};

static void m_cat_too_long(struct img *im)
{
	ec_put_u16(im->b + im->cat_txpdo + 2, 0x7fff);
}

static void m_name_index(struct img *im)
{
	im->b[im->cat_general + 4 + 3] = 8;	/* 7 strings */
}

static void m_entry_name_index(struct img *im)
{
	/* First entry of the RxPDO: name index byte. */
	im->b[im->cat_rxpdo + 4 + 8 + 3] = 200;
}

static void m_pdo_name_index(struct img *im)
{
	im->b[im->cat_txpdo + 4 + 5] = 9;
}

static void m_string_overrun(struct img *im)
{
	im->b[im->cat_strings + 4 + 1] = 250;	/* length of string 1 */
}

static void m_string_count(struct img *im)
{
	im->b[im->cat_strings + 4] = 200;
}

static void m_strings_empty(struct img *im)
{
	/* Strings category of size 0 (shift nothing: type only changes). */
	ec_put_u16(im->b + im->cat_fmmu, EC_SII_CAT_STRINGS);
	ec_put_u16(im->b + im->cat_strings, 0x0800 | 0x7);	/* unknown */
	ec_put_u16(im->b + im->cat_fmmu + 2, 0);
	/* the FMMU data words now read as a category header */
}

static void m_general_short(struct img *im)
{
	/* Declare 4 words; the rest becomes an unknown category. */
	ec_put_u16(im->b + im->cat_general + 2, 4);
	ec_put_u16(im->b + im->cat_general + 4 + 8, 0x0777);
	ec_put_u16(im->b + im->cat_general + 4 + 10, 16 - 4 - 2);
}

static void m_syncm_odd(struct img *im)
{
	/* 15 words of SyncM data: not a multiple of 8 bytes. */
	ec_put_u16(im->b + im->cat_syncm + 2, 15);
	ec_put_u16(im->b + im->cat_syncm + 4 + 30, 0x0777);
}

static void m_pdo_entries_overrun(struct img *im)
{
	im->b[im->cat_rxpdo + 4 + 2] = 200;
}

static void m_pdo_header_cut(struct img *im)
{
	/* RxPDO category of 2 words: half a PDO header. */
	ec_put_u16(im->b + im->cat_rxpdo + 2, 2);
	ec_put_u16(im->b + im->cat_rxpdo + 8, 0x0777);
	ec_put_u16(im->b + im->cat_rxpdo + 10, 4);
}

static void m_too_many_fmmus(struct img *im)
{
	/* Treat the SyncM data (32 bytes) as FMMU bytes. */
	ec_put_u16(im->b + im->cat_syncm, EC_SII_CAT_FMMU);
	ec_put_u16(im->b + im->cat_fmmu, 0x0777);
}

static const struct bad_case bad_cases[] = {
	{ "category past the end", m_cat_too_long, -EPROTO,
	  "words, only" },
	{ "name string index", m_name_index, -EPROTO, "string index 8" },
	{ "entry name index", m_entry_name_index, -EPROTO,
	  "string index 200" },
	{ "PDO name index", m_pdo_name_index, -EPROTO, "string index 9" },
	{ "string past category", m_string_overrun, -EPROTO,
	  "past the category end" },
	{ "string count", m_string_count, -EPROTO, "past the category end" },
	{ "empty strings", m_strings_empty, -EPROTO, "empty" },
	{ "short general", m_general_short, -EPROTO, "shorter than" },
	{ "SyncM size", m_syncm_odd, -EPROTO, "multiple of 8" },
	{ "PDO entries", m_pdo_entries_overrun, -EPROTO, "200 entries" },
	{ "PDO header", m_pdo_header_cut, -EPROTO, "PDO header" },
	{ "FMMU count", m_too_many_fmmus, -EPROTO, "FMMUs" },
};

START_TEST(test_malformed)
{
	const struct bad_case *c = &bad_cases[_i];
	struct img im;
	struct ec_sii sii;
	char err[160];
	int ret;

	build_full(&im);
	c->mutate(&im);
	ret = parse_exact(&sii, im.b, im.n / 2, err, sizeof(err));
	ck_assert_msg(ret == c->ret, "%s: %d (%s)", c->what, ret, err);
	ck_assert_msg(strstr(err, c->msg), "%s: message '%s'", c->what, err);
	ck_assert_uint_eq(sii.vendor_id, 2);
	ck_assert_ptr_null(sii.syncs);
	ck_assert_ptr_null(sii.strings);
	ec_sii_clear(&sii);
}
END_TEST

/* PDOs naming a sync manager that does not exist are left out. */
START_TEST(test_pdo_without_sm)
{
	struct img im;
	struct ec_sii sii;

	build_full(&im);
	im.b[im.cat_txpdo + 4 + 3] = 0xff;	/* 0x1a00: SM -1 */
	im.b[im.cat_rxpdo + 4 + 3] = 9;		/* 0x1600: SM 9 */
	ck_assert_int_eq(parse_exact(&sii, im.b, im.n / 2, NULL, 0), 0);
	ck_assert_uint_eq(sii.syncs[3].pdo_count, 1);
	ck_assert_uint_eq(sii.syncs[3].pdos[0].index, 0x1a01);
	ck_assert_uint_eq(sii.syncs[2].pdo_count, 0);
	ec_sii_clear(&sii);

	/* No SyncM category at all: no syncs, no PDOs, no error. */
	build_full(&im);
	ec_put_u16(im.b + im.cat_syncm, 0x0777);
	ck_assert_int_eq(parse_exact(&sii, im.b, im.n / 2, NULL, 0), 0);
	ck_assert_uint_eq(sii.sync_count, 0);
	ck_assert_ptr_null(sii.syncs);
	ec_sii_clear(&sii);
}
END_TEST

/* Random damage to the categories: any result, never a crash. */
START_TEST(test_random_damage)
{
	struct img im, orig;
	struct ec_sii sii;
	char err[160];
	unsigned int seed = 1, i, k;
	int ret, fails = 0;

	build_full(&orig);
	for (i = 0; i < 3000; i++) {
		im = orig;
		for (k = 0; k < 1 + i % 4; k++) {
			size_t at;

			seed = seed * 1103515245 + 12345;
			at = 0x80 + (seed >> 8) % (im.n - 0x80);
			seed = seed * 1103515245 + 12345;
			im.b[at] = (u8)(seed >> 16);
		}
		ret = parse_exact(&sii, im.b, im.n / 2, err, sizeof(err));
		ck_assert_msg(ret == 0 || ret == -EPROTO, "%d", ret);
		if (ret) {
			ck_assert_uint_gt(strlen(err), 0);
			fails++;
		}
		ec_sii_clear(&sii);
	}
	ck_assert_int_gt(fails, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sii");
	TCase *tc = tcase_create("sii");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_full_image);
	tcase_add_test(tc, test_crc);
	tcase_add_test(tc, test_sim_images);
	tcase_add_test(tc, test_truncated);
	tcase_add_loop_test(tc, test_malformed, 0,
			    sizeof(bad_cases) / sizeof(bad_cases[0]));
	tcase_add_test(tc, test_pdo_without_sm);
	tcase_add_test(tc, test_random_damage);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
