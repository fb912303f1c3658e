// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_pcapng.c - the pcapng writer of `ethercat capture`
 * (tool/pcapng.c): the blocks read back field by field as the pcapng
 * draft lays them out: lengths (leading = trailing, multiples of 4),
 * the section header's magic and version, the interface's link type and
 * if_tsresol 9, the packet's interface, split nanosecond timestamp, data
 * and padding, its direction, drop count and comment, the statistics;
 * and a frame too big for a block refused without writing anything.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "pcapng.h"

struct blk {
	uint32_t type, len;
	const uint8_t *body;	/* after type and length */
	size_t body_len;	/* up to the trailing length */
};

static uint32_t u32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint16_t u16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return v;
}

/* Split @buf into blocks; checks the framing of each. */
static size_t blocks(const uint8_t *buf, size_t n, struct blk *b, size_t max)
{
	size_t off = 0, i = 0;

	while (off < n) {
		ck_assert_uint_lt(i, max);
		ck_assert_uint_ge(n - off, 12);
		b[i].type = u32(buf + off);
		b[i].len = u32(buf + off + 4);
		ck_assert_uint_eq(b[i].len % 4, 0);
		ck_assert_uint_le(b[i].len, n - off);
		ck_assert_uint_eq(u32(buf + off + b[i].len - 4), b[i].len);
		b[i].body = buf + off + 8;
		b[i].body_len = b[i].len - 12;
		off += b[i].len;
		i++;
	}
	ck_assert_uint_eq(off, n);
	return i;
}

/* The option @code in the options at @p (@n bytes), or NULL. */
static const uint8_t *opt(const uint8_t *p, size_t n, uint16_t code,
			  uint16_t *len)
{
	size_t off = 0;

	while (off + 4 <= n) {
		uint16_t c = u16(p + off), l = u16(p + off + 2);

		if (c == EC_PCAPNG_OPT_END) {
			ck_assert_uint_eq(l, 0);
			ck_assert_uint_eq(off + 4, n);	/* the last one */
			return NULL;
		}
		if (c == code) {
			*len = l;
			return p + off + 4;
		}
		off += 4 + ((l + 3u) & ~3u);
	}
	ck_abort_msg("options without opt_endofopt");
	return NULL;
}

static uint8_t *write_all(size_t *n)
{
	static const uint8_t mac[6] = { 0x52, 0x54, 0x00, 0xec, 0xa7, 0x01 };
	uint8_t frame[61];
	char *buf = NULL;
	FILE *f = open_memstream(&buf, n);
	unsigned int i;

	ck_assert_ptr_nonnull(f);
	for (i = 0; i < sizeof(frame); i++)
		frame[i] = (uint8_t)i;
	ck_assert_int_eq(ec_pcapng_section(f, "ethercat capture test",
					   "a comment"), 0);
	ck_assert_int_eq(ec_pcapng_interface(f, "main", "the main device",
					     mac), 0);
	ck_assert_int_eq(ec_pcapng_interface(f, "backup", NULL, NULL), 0);
	ck_assert_int_eq(ec_pcapng_packet(f, 1, 0x0123456789abcdefULL, frame,
					  sizeof(frame), EC_PCAPNG_OUTBOUND, 7,
					  "the event"), 0);
	ck_assert_int_eq(ec_pcapng_packet(f, 0, 5, frame, 60,
					  EC_PCAPNG_INBOUND, 0, NULL), 0);
	ck_assert_int_eq(ec_pcapng_stats(f, 0, 2000, 1000, 12, 3, NULL), 0);
	fclose(f);
	return (uint8_t *)buf;
}

START_TEST(test_blocks)
{
	struct blk b[8];
	size_t n, nb;
	uint8_t *buf = write_all(&n);
	const uint8_t *o;
	uint16_t len;
	uint64_t v;
	unsigned int i;

	nb = blocks(buf, n, b, 8);
	ck_assert_uint_eq(nb, 6);
	/* the section header */
	ck_assert_uint_eq(b[0].type, EC_PCAPNG_SHB);
	ck_assert_uint_eq(u32(b[0].body), EC_PCAPNG_BYTE_ORDER_MAGIC);
	ck_assert_uint_eq(u16(b[0].body + 4), 1);
	ck_assert_uint_eq(u16(b[0].body + 6), 0);
	memcpy(&v, b[0].body + 8, 8);
	ck_assert(v == UINT64_MAX);
	o = opt(b[0].body + 16, b[0].body_len - 16, EC_PCAPNG_OPT_COMMENT,
		&len);
	ck_assert_ptr_nonnull(o);
	ck_assert_uint_eq(len, 9);
	ck_assert(!memcmp(o, "a comment", 9));
	/* the interfaces: Ethernet, no snap length, nanoseconds */
	for (i = 1; i <= 2; i++) {
		ck_assert_uint_eq(b[i].type, EC_PCAPNG_IDB);
		ck_assert_uint_eq(u16(b[i].body), 1);
		ck_assert_uint_eq(u32(b[i].body + 4), 0);
		o = opt(b[i].body + 8, b[i].body_len - 8, EC_PCAPNG_IF_TSRESOL,
			&len);
		ck_assert_ptr_nonnull(o);
		ck_assert_uint_eq(len, 1);
		ck_assert_uint_eq(o[0], 9);
	}
	o = opt(b[1].body + 8, b[1].body_len - 8, EC_PCAPNG_IF_MACADDR, &len);
	ck_assert_ptr_nonnull(o);
	ck_assert_uint_eq(len, 6);
	ck_assert_uint_eq(o[5], 0x01);
	o = opt(b[2].body + 8, b[2].body_len - 8, EC_PCAPNG_IF_NAME, &len);
	ck_assert_ptr_nonnull(o);
	ck_assert(len == 6 && !memcmp(o, "backup", 6));
	/* the packet: interface 1, the time split high/low, 61 bytes
	 * padded to 64 */
	ck_assert_uint_eq(b[3].type, EC_PCAPNG_EPB);
	ck_assert_uint_eq(u32(b[3].body), 1);
	ck_assert_uint_eq(u32(b[3].body + 4), 0x01234567);
	ck_assert_uint_eq(u32(b[3].body + 8), 0x89abcdef);
	ck_assert_uint_eq(u32(b[3].body + 12), 61);
	ck_assert_uint_eq(u32(b[3].body + 16), 61);
	ck_assert_uint_eq(b[3].body[20 + 60], 60);
	ck_assert_uint_eq(b[3].body[20 + 61], 0);
	ck_assert_uint_eq(b[3].body[20 + 63], 0);
	o = opt(b[3].body + 20 + 64, b[3].body_len - 20 - 64,
		EC_PCAPNG_EPB_FLAGS, &len);
	ck_assert_ptr_nonnull(o);
	ck_assert_uint_eq(u32(o) & 3, EC_PCAPNG_OUTBOUND);
	o = opt(b[3].body + 84, b[3].body_len - 84, EC_PCAPNG_EPB_DROPCOUNT,
		&len);
	ck_assert_ptr_nonnull(o);
	memcpy(&v, o, 8);
	ck_assert_uint_eq(v, 7);
	o = opt(b[3].body + 84, b[3].body_len - 84, EC_PCAPNG_OPT_COMMENT,
		&len);
	ck_assert(o && len == 9 && !memcmp(o, "the event", 9));
	/* the second packet: no drop count, no comment */
	ck_assert_uint_eq(u32(b[4].body + 12), 60);
	ck_assert_ptr_null(opt(b[4].body + 80, b[4].body_len - 80,
			       EC_PCAPNG_EPB_DROPCOUNT, &len));
	o = opt(b[4].body + 80, b[4].body_len - 80, EC_PCAPNG_EPB_FLAGS, &len);
	ck_assert(o && (u32(o) & 3) == EC_PCAPNG_INBOUND);
	/* the statistics */
	ck_assert_uint_eq(b[5].type, EC_PCAPNG_ISB);
	ck_assert_uint_eq(u32(b[5].body + 8), 2000);
	o = opt(b[5].body + 12, b[5].body_len - 12, EC_PCAPNG_ISB_IFRECV,
		&len);
	ck_assert_ptr_nonnull(o);
	memcpy(&v, o, 8);
	ck_assert_uint_eq(v, 12);
	o = opt(b[5].body + 12, b[5].body_len - 12, EC_PCAPNG_ISB_IFDROP,
		&len);
	memcpy(&v, o, 8);
	ck_assert_uint_eq(v, 3);
	o = opt(b[5].body + 12, b[5].body_len - 12, EC_PCAPNG_ISB_STARTTIME,
		&len);
	ck_assert(o && len == 8 && u32(o) == 0 && u32(o + 4) == 1000);
	free(buf);
}
END_TEST

START_TEST(test_too_big_refused)
{
	static uint8_t frame[5000];
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	ck_assert_int_eq(ec_pcapng_packet(f, 0, 1, frame, sizeof(frame), 0, 0,
					  NULL), -EOVERFLOW);
	fclose(f);
	ck_assert_uint_eq(n, 0);
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_pcapng");
	TCase *tc = tcase_create("pcapng");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_blocks);
	tcase_add_test(tc, test_too_big_refused);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
