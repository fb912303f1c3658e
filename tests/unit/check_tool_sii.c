// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_sii.c - SII image handling of the tool: checksum, category
 * walk, the 'sii_read -v' dump, and malformed or truncated images (a
 * clear error, never a crash).
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"
#include "sii_dump.h"

#define IMG_WORDS 128

static uint8_t img[IMG_WORDS * 2];
static size_t img_words;

static void put16(size_t word, uint16_t v)
{
	img[2 * word] = v & 0xff;
	img[2 * word + 1] = v >> 8;
}

/* A small valid image: header, STRINGS, SyncM, TXPDO, end marker. */
static void build(void)
{
	size_t w = EC_SII_FIRST_CATEGORY;
	static const uint8_t strings[] = { 2, 5, 'H', 'e', 'l', 'l', 'o',
					   3, 'A', 'B', 'C', 0 };
	static const uint8_t syncm[] = {
		0x00, 0x10, 0x80, 0x00, 0x26, 0x00, 0x01, 0x01,
		0x80, 0x10, 0x80, 0x00, 0x22, 0x00, 0x01, 0x02,
	};
	static const uint8_t txpdo[] = {
		0x00, 0x1a, 1, 3, 0, 1, 0, 0,		/* PDO 0x1a00 */
		0x00, 0x60, 1, 2, 0x07, 32, 0, 0,	/* 0x6000:01, 32 bit */
	};

	memset(img, 0xff, sizeof(img));
	memset(img, 0, 2 * EC_SII_FIRST_CATEGORY);
	put16(EC_SII_WORD_ALIAS, 0x1234);
	img[2 * EC_SII_WORD_CHECKSUM] = ec_sii_crc(img, EC_SII_CRC_BYTES);
	put16(EC_SII_WORD_VENDOR, 0x0002);

	put16(w++, EC_SII_CAT_STRINGS);
	put16(w++, sizeof(strings) / 2);
	memcpy(img + 2 * w, strings, sizeof(strings));
	w += sizeof(strings) / 2;
	put16(w++, EC_SII_CAT_SYNCM);
	put16(w++, sizeof(syncm) / 2);
	memcpy(img + 2 * w, syncm, sizeof(syncm));
	w += sizeof(syncm) / 2;
	put16(w++, EC_SII_CAT_TXPDO);
	put16(w++, sizeof(txpdo) / 2);
	memcpy(img + 2 * w, txpdo, sizeof(txpdo));
	w += sizeof(txpdo) / 2;
	put16(w++, EC_SII_CAT_END);
	img_words = w;
}

START_TEST(test_crc)
{
	uint8_t seq[14], zero[14] = { 0 };
	int i;

	for (i = 0; i < 14; i++)
		seq[i] = i;
	/* values from an independent table-driven implementation */
	ck_assert_uint_eq(ec_sii_crc(seq, 14), 0xe0);
	ck_assert_uint_eq(ec_sii_crc(zero, 14), 0x30);
	ck_assert_uint_eq(ec_sii_crc((const uint8_t *)"123456789", 9), 0xfb);
}
END_TEST

START_TEST(test_walk)
{
	struct ec_sii_category cats[8];
	size_t n;

	build();
	ck_assert_int_eq(ec_sii_walk(img, img_words, true, cats, 8, &n, NULL,
				     0), 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(cats[0].type, EC_SII_CAT_STRINGS);
	ck_assert_uint_eq(cats[0].word, EC_SII_FIRST_CATEGORY);
	ck_assert_ptr_eq(cats[0].data, img + 2 * (EC_SII_FIRST_CATEGORY + 2));
	ck_assert_uint_eq(cats[0].len, 12);
	ck_assert_uint_eq(cats[1].type, EC_SII_CAT_SYNCM);
	ck_assert_uint_eq(cats[1].len, 16);
	ck_assert_uint_eq(cats[2].type, EC_SII_CAT_TXPDO);
	ck_assert_int_eq(ec_sii_check(img, img_words, NULL, 0), 0);
}
END_TEST

START_TEST(test_check_errors)
{
	char err[256];

	build();
	ck_assert_int_eq(ec_sii_check(img, 10, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "too short"));

	img[2 * EC_SII_WORD_CHECKSUM] ^= 1;
	ck_assert_int_eq(ec_sii_check(img, img_words, err, sizeof(err)),
			 -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "CRC incorrect"));
	img[2 * EC_SII_WORD_CHECKSUM] ^= 1;

	/* no end marker: the image stops right before it */
	ck_assert_int_eq(ec_sii_check(img, img_words - 1, err, sizeof(err)),
			 -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "no category end marker"));
}
END_TEST

START_TEST(test_truncated)
{
	struct ec_sii_category cats[8];
	char err[256] = "";
	size_t n, cut;

	build();
	/* a category claiming more words than there are */
	put16(EC_SII_FIRST_CATEGORY + 1, 0x7fff);
	ck_assert_int_eq(ec_sii_walk(img, img_words, false, cats, 8, &n, err,
				     sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "claims 32767 words"));
	ck_assert_uint_eq(n, 0);

	/* cut inside the second category: the first stays valid */
	build();
	cut = EC_SII_FIRST_CATEGORY + 2 + 6 + 3;
	ck_assert_int_eq(ec_sii_walk(img, cut, false, cats, 8, &n, err,
				     sizeof(err)), -EINVAL);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(cats[0].type, EC_SII_CAT_STRINGS);

	/* cut between a type word and its size word */
	cut = EC_SII_FIRST_CATEGORY + 2 + 6 + 1;
	ck_assert_int_eq(ec_sii_walk(img, cut, false, cats, 8, &n, err,
				     sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "has no size word"));

	/* a header-only image has no categories, and that is fine here */
	ck_assert_int_eq(ec_sii_walk(img, 64, false, cats, 8, &n, err,
				     sizeof(err)), 0);
	ck_assert_uint_eq(n, 0);
}
END_TEST

static char *dump(bool json, const uint8_t *data, size_t words, int *ret,
		  char *err, size_t err_size)
{
	char *buf;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	ec_out_init(f, json);
	*ret = ec_sii_dump(data, words, err, err_size);
	ec_out_finish();
	fclose(f);
	return buf;
}

START_TEST(test_dump_text)
{
	char err[256], *out;
	int ret;

	build();
	out = dump(false, img, img_words, &ret, err, sizeof(err));
	ck_assert_int_eq(ret, 0);
	ck_assert_ptr_nonnull(strstr(out, "SII Area:\n  00 00 00 00 00 00 "
				     "00 00 34 12"));
	ck_assert_ptr_nonnull(strstr(out,
				     "SII Category 0x000a (STRINGS), 6 words"));
	ck_assert_ptr_nonnull(strstr(out, "String 1: \"Hello\""));
	ck_assert_ptr_nonnull(strstr(out, "String 2: \"ABC\""));
	ck_assert_ptr_nonnull(strstr(out, "SII Category 0x0029 (SyncM)"));
	ck_assert_ptr_nonnull(strstr(out,
		"SM1: PhysAddr 0x1080, Length 128, Control 0x22"));
	ck_assert_ptr_nonnull(strstr(out, "TxPDO 0x1a00, SM 3"));
	ck_assert_ptr_nonnull(strstr(out, "PDO entry 0x6000:01, 32 bit"));
	free(out);
}
END_TEST

START_TEST(test_dump_json)
{
	json_error_t jerr;
	json_t *j, *sii, *cats;
	char err[256], *out;
	int ret;

	build();
	out = dump(true, img, img_words, &ret, err, sizeof(err));
	ck_assert_int_eq(ret, 0);
	j = json_loads(out, 0, &jerr);
	ck_assert_msg(j != NULL, "%s: %s", jerr.text, out);
	sii = json_object_get(j, "sii");
	ck_assert_int_eq(json_integer_value(json_object_get(sii, "alias")),
			 0x1234);
	ck_assert(json_is_true(json_object_get(sii, "checksum_ok")));
	cats = json_object_get(sii, "categories");
	ck_assert_int_eq(json_array_size(cats), 3);
	ck_assert_str_eq(json_string_value(json_array_get(json_object_get(
		json_array_get(cats, 0), "strings"), 0)), "Hello");
	json_decref(j);
	free(out);
}
END_TEST

START_TEST(test_dump_corrupt)
{
	char err[256] = "", *out;
	int ret;

	build();
	put16(EC_SII_FIRST_CATEGORY + 2 + 6 + 1, 0x7fff);	/* SyncM size */
	out = dump(false, img, img_words, &ret, err, sizeof(err));
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "corrupted"));
	ck_assert_ptr_nonnull(strstr(out, "(STRINGS)"));	/* before */
	ck_assert_ptr_null(strstr(out, "(SyncM)"));
	free(out);
}
END_TEST

START_TEST(test_dump_garbage)
{
	static uint8_t junk[2 * 300];
	char err[256], *out;
	unsigned int seed = 1;
	int i, ret;
	size_t k, words;

	/* random images, with bytes favouring small sizes and known types */
	for (i = 0; i < 3000; i++) {
		for (k = 0; k < sizeof(junk); k++)
			junk[k] = rand_r(&seed) % 4 ? rand_r(&seed) % 0x40 :
				rand_r(&seed);
		words = rand_r(&seed) % 300;
		out = dump(i % 2, junk, words, &ret, err, sizeof(err));
		ck_assert(ret == 0 || ret == -EINVAL);
		if (i % 2) {	/* JSON stays valid, even for garbage */
			json_t *j = json_loads(out, JSON_ALLOW_NUL, NULL);

			ck_assert_msg(j != NULL, "invalid JSON: %s", out);
			json_decref(j);
		}
		free(out);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_sii");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_crc);
	tcase_add_test(tc, test_walk);
	tcase_add_test(tc, test_check_errors);
	tcase_add_test(tc, test_truncated);
	tcase_add_test(tc, test_dump_text);
	tcase_add_test(tc, test_dump_json);
	tcase_add_test(tc, test_dump_corrupt);
	tcase_add_test(tc, test_dump_garbage);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
