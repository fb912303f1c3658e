// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment's CoE server and object dictionary:
 * every request is a byte array built here from ETG.1000.6 and sent through
 * ecsim_coe_request(); every reply is checked byte by byte.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coe.h"
#include "od.h"

#define README "sim/README-coe.md"

/* CoE header service in bits 12..15, SDO command specifiers in bits 5..7 */
/* high byte of the CoE header for service s */
#define SVC(s)		((uint8_t)((s) << 4))
#define CMD_ABORT	0x80

static struct ecsim_od *od;
static struct ecsim_coe *coe;
static uint8_t rep[4096];
static size_t rep_len;

static uint16_t le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
	return le16(p) | (uint32_t)le16(p + 2) << 16;
}

static const struct ecsim_od_pdo_entry rx_entries[] = {
	{ 0x6040, 0, 16, "Controlword" }, { 0x607A, 0, 32, "Target pos" },
	{ 0x60FF, 0, 32, "Target vel" }, { 0x6071, 0, 16, "Target torque" },
	{ 0x6060, 0, 8, "Mode" }, { 0, 0, 8, NULL },
};
static const struct ecsim_od_pdo_entry tx_entries[] = {
	{ 0x6041, 0, 16, "Statusword" }, { 0x6064, 0, 32, "Position" },
	{ 0x606C, 0, 32, "Velocity" }, { 0x6077, 0, 16, "Torque" },
	{ 0x6061, 0, 8, "Mode display" }, { 0, 0, 8, NULL },
	{ 0x7010, 1, 1, "Auto bit" },		/* not in the JSON */
};
static const struct ecsim_od_pdo pdos[] = {
	{ 0x1600, 2, "RxPDO 1", 6, rx_entries, false },
	{ 0x1601, 0xff, "RxPDO 2", 1, rx_entries, false },
	{ 0x1A00, 3, "TxPDO 1", 7, tx_entries, false },
};
static const uint8_t sm_types[] = { 1, 2, 3, 4 };

/* The README's CiA 402 example: the first ```json block of README-coe.md */
static json_t *readme_json(void)
{
	static char buf[65536];
	char *start, *end;
	json_error_t jerr;
	FILE *f = fopen(README, "r");
	size_t n;

	ck_assert_msg(f != NULL, "run from the repository root (" README ")");
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	start = strstr(buf, "```json\n[");
	ck_assert_ptr_nonnull(start);
	start += 8;
	end = strstr(start, "```");
	ck_assert_ptr_nonnull(end);
	*end = 0;
	json_t *j = json_loads(start, 0, &jerr);

	ck_assert_msg(j != NULL, "README json: %s line %d", jerr.text,
		      jerr.line);
	return j;
}

static const char *extra_json =
	"[ {\"index\": \"0x2100\", \"name\": \"Secret\", \"type\": \"UINT16\","
	"   \"access\": \"wo\"},"
	"  {\"index\": \"0x2101\", \"name\": \"Blob\","
	"   \"type\": \"OCTET_STRING\","
	"   \"length\": 300, \"access\": \"rw\"},"
	"  {\"index\": \"0x2102\", \"name\": \"Bits\", \"object\": \"RECORD\","
	"   \"sub0_access\": \"rw\", \"entries\": ["
	"    {\"subindex\": 1, \"type\": \"BOOL\", \"access\": \"rw\"},"
	"    {\"subindex\": 2, \"type\": \"BIT3\", \"access\": \"rw\","
	"     \"value\": 5},"
	"    {\"subindex\": 3, \"type\": \"UINT16\", \"access\": \"rw\","
	"     \"value\": \"0xBEEF\"} ]},"
	"  {\"index\": \"0x2103\", \"name\": \"Ops\", \"type\": \"UINT8\","
	"   \"access\": \"rw_preop\", \"pdo\": \"none\"} ]";

static void setup(void)
{
	struct ecsim_od_std std = {
		.vendor = 0x00000002, .product = 0x12345678,
		.revision = 0x00010000, .serial = 42,
		.name = "Virtual CiA402 drive", .hw_version = "1.0",
		.sw_version = "0.9", .n_sm = 4, .sm_types = sm_types,
		.n_pdos = 3, .pdos = pdos, .device_type = 0x00020192,
	};
	json_t *j = readme_json(), *x;
	char err[200];

	od = ecsim_od_new();
	ck_assert_int_eq(ecsim_od_load_json(od, j, err, sizeof(err)), 0);
	json_decref(j);
	x = json_loads(extra_json, 0, NULL);
	ck_assert_ptr_nonnull(x);
	ck_assert_msg(!ecsim_od_load_json(od, x, err, sizeof(err)), "%s", err);
	json_decref(x);
	ck_assert_int_eq(ecsim_od_add_standard(od, &std), 0);
	coe = ecsim_coe_new(od);
	ck_assert_ptr_nonnull(coe);
}

static void teardown(void)
{
	ecsim_coe_free(coe);
	ecsim_od_free(od);
}

static void send(const uint8_t *d, size_t n)
{
	ecsim_coe_request(coe, d, n);
}

static size_t pop(void)
{
	rep_len = ecsim_coe_pop_reply(coe, rep, sizeof(rep));
	return rep_len;
}

/* SDO request with command byte, index, subindex and 4 data bytes */
static void sdo(uint8_t cmd, uint16_t index, uint8_t sub, uint32_t data)
{
	uint8_t d[10] = { 0, SVC(2), cmd, index & 0xff, index >> 8, sub,
			  data & 0xff, data >> 8 & 0xff, data >> 16 & 0xff,
			  data >> 24 };

	send(d, sizeof(d));
}

static void expect_abort(uint16_t index, uint8_t sub, uint32_t code)
{
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(2));	/* abort is an SDO request */
	ck_assert_uint_eq(rep[2], CMD_ABORT);
	ck_assert_uint_eq(le16(rep + 3), index);
	ck_assert_uint_eq(rep[5], sub);
	ck_assert_msg(le32(rep + 6) == code, "abort 0x%08x, expected 0x%08x",
		      le32(rep + 6), code);
}

static void expect_download_ok(uint16_t index, uint8_t sub)
{
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(3));
	ck_assert_uint_eq(rep[2], 0x60);
	ck_assert_uint_eq(le16(rep + 3), index);
	ck_assert_uint_eq(rep[5], sub);
}

/* Expedited download of n = 1..4 bytes (size indicated) */
static void down_exp(uint16_t index, uint8_t sub, uint32_t v, unsigned int n)
{
	sdo(0x23 | (4 - n) << 2, index, sub, v);
}

static uint32_t up_exp(uint16_t index, uint8_t sub, unsigned int n)
{
	sdo(0x40, index, sub, 0);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(3));
	ck_assert_uint_eq(rep[2], 0x43 | (4 - n) << 2);
	ck_assert_uint_eq(le16(rep + 3), index);
	return le32(rep + 6);
}

START_TEST(test_expedited)
{
	ck_assert_uint_eq(up_exp(0x1000, 0, 4), 0x00020192);
	ck_assert_uint_eq(up_exp(0x6041, 0, 2), 0x0250);
	ck_assert_uint_eq(up_exp(0x6060, 0, 1), 8);
	ck_assert_uint_eq(up_exp(0x1018, 2, 4), 0x12345678);
	ck_assert_uint_eq(up_exp(0x1C12, 1, 2), 0x1600);

	down_exp(0x6040, 0, 0x000f, 2);
	expect_download_ok(0x6040, 0);
	ck_assert_uint_eq(up_exp(0x6040, 0, 2), 0x000f);
	down_exp(0x607A, 0, 0x12345678, 4);
	expect_download_ok(0x607A, 0);
	ck_assert_uint_eq(up_exp(0x607A, 0, 4), 0x12345678);
	down_exp(0x6060, 0, 9, 1);
	expect_download_ok(0x6060, 0);
	ck_assert_uint_eq(up_exp(0x6060, 0, 1), 9);
	/* expedited without size indication: the object's size is used */
	sdo(0x22, 0x6071, 0, 0xffff0123);
	expect_download_ok(0x6071, 0);
	ck_assert_uint_eq(up_exp(0x6071, 0, 2), 0x0123);
	/* bit entries travel as one byte */
	ck_assert_uint_eq(up_exp(0x2102, 2, 1), 5);
	ck_assert_uint_eq(ecsim_coe_pending(coe), 0);
}
END_TEST

START_TEST(test_normal)
{
	uint8_t d[40] = { 0, SVC(2), 0x21, 0x00, 0x20, 3, 6, 0, 0, 0 };
	char name[17];

	/* normal upload: 0x1008 "Virtual CiA402 drive" (20 bytes) */
	sdo(0x40, 0x1008, 0, 0);
	ck_assert_uint_eq(pop(), 30);
	ck_assert_uint_eq(rep[2], 0x41);
	ck_assert_uint_eq(le32(rep + 6), 20);
	ck_assert_mem_eq(rep + 10, "Virtual CiA402 drive", 20);
	/* normal download into a 16-byte string, then read it back */
	memcpy(d + 10, "EL7211", 6);
	send(d, 16);
	expect_download_ok(0x2000, 3);
	ck_assert_int_eq(ecsim_od_read(od, 0x2000, 3, name, sizeof(name)), 6);
	ck_assert_mem_eq(name, "EL7211", 6);
	/* normal download of a UINT32 with min/max */
	d[2] = 0x21; d[3] = 0x00; d[4] = 0x20; d[5] = 1; d[6] = 4;
	d[10] = 0x10; d[11] = 0x27; d[12] = 0; d[13] = 0;
	send(d, 14);
	expect_download_ok(0x2000, 1);
	ck_assert_uint_eq(up_exp(0x2000, 1, 4), 10000);
}
END_TEST

static void fill_blob(uint8_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = i * 7 + 3;
	ck_assert_int_eq(ecsim_od_write(od, 0x2101, 0, b, n), 0);
}

START_TEST(test_segmented_upload)
{
	uint8_t blob[300], got[300];
	size_t off, n;
	int t = 0;

	fill_blob(blob, sizeof(blob));
	/* 122-byte mailbox: 112 in the initiate response, 119 per segment */
	sdo(0x40, 0x2101, 0, 0);
	ck_assert_uint_eq(pop(), 122);
	ck_assert_uint_eq(rep[2], 0x41);
	ck_assert_uint_eq(le32(rep + 6), 300);
	memcpy(got, rep + 10, 112);
	off = 112;
	while (off < 300) {
		sdo(0x60 | t << 4, 0, 0, 0);
		n = pop();
		ck_assert_uint_eq(rep[1], SVC(3));
		ck_assert_uint_eq(rep[2] & 0xe0, 0x00);
		ck_assert_uint_eq(!!(rep[2] & 0x10), t);
		if (300 - off > 119) {
			ck_assert_uint_eq(n, 122);
			ck_assert_uint_eq(rep[2] & 0x0f, 0);
			memcpy(got + off, rep + 3, 119);
			off += 119;
		} else {
			/* 69 bytes left: last segment */
			ck_assert_uint_eq(n, 3 + 69);
			ck_assert_uint_eq(rep[2] & 0x01, 1);
			memcpy(got + off, rep + 3, 69);
			off += 69;
		}
		t ^= 1;
	}
	ck_assert_mem_eq(got, blob, 300);

	/* last segment shorter than 7 bytes: padded, size in bits 1..3 */
	ck_assert_int_eq(ecsim_od_write(od, 0x2101, 0, blob, 112 + 119 + 3),
			 0);
	sdo(0x40, 0x2101, 0, 0);
	pop();
	sdo(0x60, 0, 0, 0);
	ck_assert_uint_eq(pop(), 122);
	sdo(0x70, 0, 0, 0);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[2], 0x10 | (7 - 3) << 1 | 0x01);
	ck_assert_mem_eq(rep + 3, blob + 231, 3);

	/* wrong toggle bit */
	sdo(0x40, 0x2101, 0, 0);
	pop();
	sdo(0x70, 0, 0, 0);
	expect_abort(0x2101, 0, 0x05030000);
	/* no transfer in progress any more */
	sdo(0x60, 0, 0, 0);
	expect_abort(0, 0, 0x05040001);
}
END_TEST

/* Download segment with toggle t, last flag, n data bytes */
static void down_seg(int t, int last, const uint8_t *data, size_t n)
{
	uint8_t d[200] = { 0, SVC(2) };
	size_t len = n < 7 ? 10 : 3 + n;

	d[2] = t << 4 | last | (n < 7 ? (7 - n) << 1 : 0);
	memcpy(d + 3, data, n);
	send(d, len);
}

static void down_init(uint16_t index, uint8_t sub, uint32_t size,
		      const uint8_t *data, size_t n)
{
	uint8_t d[200] = { 0, SVC(2), 0x21, index & 0xff, index >> 8, sub };

	d[6] = size & 0xff;
	d[7] = size >> 8;
	memcpy(d + 10, data, n);
	send(d, 10 + n);
}

START_TEST(test_segmented_download)
{
	uint8_t blob[300], got[300];
	size_t i;

	for (i = 0; i < sizeof(blob); i++)
		blob[i] = 0xa5 ^ i;
	/* 112 + 119 + 66 + 3 = 300 bytes */
	down_init(0x2101, 0, 300, blob, 112);
	expect_download_ok(0x2101, 0);
	down_seg(0, 0, blob + 112, 119);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(3));
	ck_assert_uint_eq(rep[2], 0x20);
	down_seg(1, 0, blob + 231, 66);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[2], 0x30);
	down_seg(0, 1, blob + 297, 3);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[2], 0x20);
	ck_assert_int_eq(ecsim_od_read(od, 0x2101, 0, got, sizeof(got)), 300);
	ck_assert_mem_eq(got, blob, 300);

	/* toggle not changed */
	down_init(0x2101, 0, 300, blob, 112);
	pop();
	down_seg(0, 0, blob, 119);
	pop();
	down_seg(0, 0, blob, 119);
	expect_abort(0x2101, 0, 0x05030000);
	/* more data than announced */
	down_init(0x2101, 0, 120, blob, 112);
	pop();
	down_seg(0, 1, blob, 9);
	expect_abort(0x2101, 0, 0x06070012);
	/* last segment before the announced size */
	down_init(0x2101, 0, 300, blob, 112);
	pop();
	down_seg(0, 1, blob, 9);
	expect_abort(0x2101, 0, 0x06070013);
	/* announced size above the object's size */
	down_init(0x2101, 0, 301, blob, 112);
	expect_abort(0x2101, 0, 0x06070012);
	/* segment without a transfer */
	down_seg(0, 1, blob, 3);
	expect_abort(0, 0, 0x05040001);
	ck_assert_int_eq(ecsim_od_read(od, 0x2101, 0, got, sizeof(got)), 300);
	ck_assert_mem_eq(got, blob, 300);
}
END_TEST

START_TEST(test_complete_access)
{
	uint8_t ca[12] = { 0, SVC(2), 0x31, 0x12, 0x1c, 0, 4, 0, 0, 0,
			   1, 0 };
	struct ecsim_od_mapped m[16];
	size_t i;

	/* 0x1018 from subindex 0: 16-bit subindex 0 + 4 x UINT32 */
	sdo(0x50, 0x1018, 0, 0);
	ck_assert_uint_eq(pop(), 28);
	ck_assert_uint_eq(rep[2], 0x51);	/* CA echoed */
	ck_assert_uint_eq(le32(rep + 6), 18);
	ck_assert_uint_eq(rep[10], 4);
	ck_assert_uint_eq(rep[11], 0);
	ck_assert_uint_eq(le32(rep + 12), 2);
	ck_assert_uint_eq(le32(rep + 16), 0x12345678);
	ck_assert_uint_eq(le32(rep + 20), 0x00010000);
	ck_assert_uint_eq(le32(rep + 24), 42);
	/* from subindex 1 */
	sdo(0x50, 0x1018, 1, 0);
	ck_assert_uint_eq(pop(), 26);
	ck_assert_uint_eq(le32(rep + 6), 16);
	ck_assert_uint_eq(le32(rep + 10), 2);
	/* bit-packed record: 16 bits sub0, BOOL, BIT3, UINT16 on a byte */
	sdo(0x50, 0x2102, 0, 0);
	ck_assert_uint_eq(pop(), 15);
	ck_assert_uint_eq(rep[2], 0x51);
	ck_assert_uint_eq(le32(rep + 6), 5);
	ck_assert_uint_eq(rep[10], 3);
	ck_assert_uint_eq(rep[11], 0);
	ck_assert_uint_eq(rep[12], 5 << 1);
	ck_assert_uint_eq(le16(rep + 13), 0xBEEF);
	/* subindex above 1 */
	sdo(0x50, 0x1018, 2, 0);
	expect_abort(0x1018, 2, 0x06010000);
	sdo(0x31, 0x1C12, 2, 0);
	expect_abort(0x1C12, 2, 0x06010000);

	/* complete access download of 0x1C12 = { 0x1601 } */
	{
		uint8_t d[14];

		memcpy(d, ca, 10);
		d[10] = 1; d[11] = 0; d[12] = 0x01; d[13] = 0x16;
		send(d, 14);
	}
	expect_download_ok(0x1C12, 0);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 1);
	ck_assert_uint_eq(m[0].index, 0x6040);
	ck_assert_uint_eq(m[0].bitlen, 16);
	/* wrong length for the layout: count 1 needs 4 bytes */
	ca[6] = 2;
	send(ca, 12);
	expect_abort(0x1C12, 0, 0x06070010);
	/* read-only entry sent back changed */
	{
		uint8_t d[28] = { 0, SVC(2), 0x31, 0x18, 0x10, 0, 18, 0, 0, 0,
				  4, 0, 2 };

		for (i = 0; i < 3; i++)
			d[16 + 4 * i] = i;
		send(d, 28);
		expect_abort(0x1018, 0, 0x06010002);
	}
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 1);

	/* bit-packed complete access download: BOOL 1, BIT3 2, UINT16 */
	{
		uint8_t d[15] = { 0, SVC(2), 0x31, 0x02, 0x21, 0, 5, 0, 0, 0,
				  3, 0, 0x01 | 2 << 1, 0x34, 0x12 };
		uint8_t v[2];

		send(d, 15);
		expect_download_ok(0x2102, 0);
		ck_assert_int_eq(ecsim_od_read(od, 0x2102, 1, v, 2), 1);
		ck_assert_uint_eq(v[0], 1);
		ck_assert_int_eq(ecsim_od_read(od, 0x2102, 2, v, 2), 1);
		ck_assert_uint_eq(v[0], 2);
		ck_assert_int_eq(ecsim_od_read(od, 0x2102, 3, v, 2), 2);
		ck_assert_uint_eq(le16(v), 0x1234);
	}
}
END_TEST

struct abort_case {
	const char *what;
	uint8_t cmd;
	uint16_t index;
	uint8_t sub;
	uint32_t data;
	uint8_t al_state;
	uint32_t code;
};

static const struct abort_case abort_cases[] = {
	{ "unknown command specifier", 0xa0, 0x6040, 0, 0, 2, 0x05040001 },
	{ "read write-only", 0x40, 0x2100, 0, 0, 2, 0x06010001 },
	{ "write read-only", 0x23, 0x1018, 1, 5, 2, 0x06010002 },
	{ "write read-only VAR", 0x2b, 0x6041, 0, 5, 2, 0x06010002 },
	{ "no object", 0x40, 0x5555, 0, 0, 2, 0x06020000 },
	{ "no object (download)", 0x2b, 0x5555, 0, 0, 2, 0x06020000 },
	{ "no subindex", 0x40, 0x1018, 5, 0, 2, 0x06090011 },
	{ "no subindex of a VAR", 0x40, 0x6040, 1, 0, 2, 0x06090011 },
	{ "too long", 0x23, 0x6040, 0, 1, 2, 0x06070012 },
	{ "too short", 0x2f, 0x6040, 0, 1, 2, 0x06070013 },
	{ "above max", 0x2f, 0x6060, 0, 11, 2, 0x06090030 },
	{ "below min", 0x2b, 0x6071, 0, 0xf000, 2, 0x06090030 },
	{ "BIT3 out of range", 0x2f, 0x2102, 2, 8, 2, 0x06090030 },
	{ "mapping entry while SI0 != 0", 0x23, 0x1601, 1, 0x60800020, 2,
	  0x06010003 },
	{ "rw_preop entry in SAFEOP", 0x2f, 0x2103, 0, 1, 4, 0x08000022 },
	{ "rw_preop entry in OP", 0x2f, 0x2103, 0, 1, 8, 0x08000022 },
	{ "mapping in SAFEOP", 0x2f, 0x1600, 0, 0, 4, 0x08000022 },
	{ "assignment in OP", 0x2f, 0x1C12, 0, 0, 8, 0x08000022 },
	{ "assignment in SAFEOP", 0x2b, 0x1C13, 1, 0x1A00, 4, 0x08000022 },
	{ "sync type in OP", 0x2b, 0x1C32, 1, 2, 8, 0x08000022 },
	{ "sync type above max", 0x2b, 0x1C32, 1, 4, 2, 0x06090030 },
};

START_TEST(test_aborts)
{
	const struct abort_case *a = &abort_cases[_i];

	ecsim_od_set_al_state(od, a->al_state);
	sdo(a->cmd, a->index, a->sub, a->data);
	ck_assert_msg(pop() == 10, "%s: no reply", a->what);
	ck_assert_msg(rep[2] == CMD_ABORT && le32(rep + 6) == a->code,
		      "%s: cmd 0x%02x code 0x%08x, expected 0x%08x", a->what,
		      rep[2], le32(rep + 6), a->code);
	ck_assert_uint_eq(le16(rep + 3), a->index);
	ck_assert_uint_eq(rep[5], a->sub);
}
END_TEST

START_TEST(test_abort_misc)
{
	uint8_t shortreq[4] = { 0, SVC(2), 0x40, 0x00 };

	/* request too short to hold index and subindex */
	send(shortreq, sizeof(shortreq));
	expect_abort(0, 0, 0x08000000);
	/* a master's abort ends a transfer without a reply */
	sdo(0x40, 0x2101, 0, 0);
	pop();
	sdo(0x80, 0x2101, 0, 0x05040000);
	ck_assert_uint_eq(pop(), 0);
	sdo(0x60, 0, 0, 0);
	expect_abort(0, 0, 0x05040001);
	/* the state only restricts, reads still work in OP */
	ecsim_od_set_al_state(od, 8);
	ck_assert_uint_eq(up_exp(0x1C12, 0, 1), 1);
	ck_assert_uint_eq(up_exp(0x2103, 0, 1), 0);
	/* texts */
	ck_assert_str_eq(ecsim_od_abort_text(0x05030000),
			 "Toggle bit not changed");
	ck_assert_str_eq(ecsim_od_abort_text(0x12345678), "Unknown");
	/* unknown services are ignored */
	shortreq[1] = SVC(5);
	send(shortreq, sizeof(shortreq));
	ck_assert_uint_eq(pop(), 0);
}
END_TEST

/* Write a mapping/assignment entry and expect @code (0 = success) */
static void wr(uint16_t index, uint8_t sub, uint32_t v, unsigned int n,
	       uint32_t code)
{
	down_exp(index, sub, v, n);
	if (code)
		expect_abort(index, sub, code);
	else
		expect_download_ok(index, sub);
}

START_TEST(test_pdo_remap)
{
	struct ecsim_od_mapped m[16];
	int n;

	/* defaults from the model */
	n = ecsim_od_sm_layout(od, 2, m, 16);
	ck_assert_int_eq(n, 6);
	ck_assert_uint_eq(m[1].index, 0x607A);
	ck_assert_uint_eq(m[1].bitlen, 32);
	ck_assert_uint_eq(m[5].index, 0);
	ck_assert_uint_eq(m[5].bitlen, 8);
	n = ecsim_od_sm_layout(od, 3, m, 16);
	ck_assert_int_eq(n, 7);
	ck_assert_uint_eq(m[6].index, 0x7010);
	ck_assert_uint_eq(m[6].subindex, 1);
	ck_assert_uint_eq(m[6].bitlen, 1);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 3, m, 3), -ENOSPC);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 1, m, 16), -ENOENT);

	/* entries change only while subindex 0 is 0 */
	wr(0x1600, 1, 0x60400010, 4, 0x06010003);
	wr(0x1C12, 1, 0x1600, 2, 0x06010003);
	wr(0x1C12, 0, 0, 1, 0);
	wr(0x1600, 0, 0, 1, 0);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 0);
	wr(0x1600, 1, 0x55550010, 4, 0x06040041);	/* no object */
	wr(0x1600, 1, 0x60410010, 4, 0x06040041);	/* TxPDO only */
	wr(0x1600, 1, 0x60400020, 4, 0x06040041);	/* wrong length */
	wr(0x1600, 1, 0x60800020, 4, 0x06040041);	/* not mappable */
	wr(0x1600, 1, 0x607A0020, 4, 0);
	wr(0x1600, 2, 0x00000008, 4, 0);		/* gap */
	wr(0x1600, 3, 0x60400010, 4, 0);
	wr(0x1600, 0, 9, 1, 0x06090030);		/* above capacity */
	wr(0x1600, 0, 3, 1, 0);
	wr(0x1C12, 1, 0x1A00, 2, 0x06090030);	/* wrong direction */
	wr(0x1C12, 1, 0x1700, 2, 0x06090030);		/* no such PDO */
	wr(0x1C12, 1, 0x1600, 2, 0);
	wr(0x1C12, 2, 0x1601, 2, 0);
	wr(0x1C12, 0, 3, 1, 0x06090030);
	wr(0x1C12, 0, 2, 1, 0);

	n = ecsim_od_sm_layout(od, 2, m, 16);
	ck_assert_int_eq(n, 4);
	ck_assert_uint_eq(m[0].index, 0x607A);
	ck_assert_uint_eq(m[1].index, 0);
	ck_assert_uint_eq(m[1].bitlen, 8);
	ck_assert_uint_eq(m[2].index, 0x6040);
	ck_assert_uint_eq(m[3].index, 0x6040);
	ck_assert_uint_eq(m[3].bitlen, 16);

	/* SAFEOP: refused, layout unchanged */
	ecsim_od_set_al_state(od, 4);
	wr(0x1C12, 0, 0, 1, 0x08000022);
	wr(0x1600, 0, 0, 1, 0x08000022);
	ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), 4);
	/* back in PREOP an inconsistent raw write is reported */
	ecsim_od_set_al_state(od, 2);
	{
		uint16_t bad = 0x1777;

		ck_assert_int_eq(ecsim_od_write(od, 0x1C12, 1, &bad, 2), 0);
		ck_assert_int_eq(ecsim_od_sm_layout(od, 2, m, 16), -EINVAL);
	}
}
END_TEST

START_TEST(test_emergency)
{
	const uint8_t data[5] = { 1, 2, 3, 4, 5 };
	const uint8_t want[10] = { 0, SVC(1), 0x10, 0x82, 0x11,
				   1, 2, 3, 4, 5 };

	ecsim_coe_emergency(coe, 0x8210, 0x11, data);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_mem_eq(rep, want, 10);
	ck_assert_uint_eq(pop(), 0);
}
END_TEST

/* SDO information request: opcode + body */
static void info(uint8_t opcode, const uint8_t *body, size_t n)
{
	uint8_t d[32] = { 0, SVC(8), opcode, 0, 0, 0 };

	memcpy(d + 6, body, n);
	send(d, 6 + n);
}

/* Collect all fragments of one SDO info response into out. */
static size_t info_collect(uint8_t opcode, uint8_t *out, size_t cap,
			   unsigned int *frags)
{
	size_t total = 0;
	unsigned int left;

	*frags = 0;
	do {
		size_t n = pop();

		ck_assert_uint_ge(n, 6);
		ck_assert_uint_eq(rep[1], SVC(8));
		ck_assert_uint_eq(rep[2] & 0x7f, opcode);
		left = le16(rep + 4);
		/* incomplete bit set exactly while fragments are left */
		ck_assert_uint_eq(!!(rep[2] & 0x80), left != 0);
		ck_assert_uint_le(total + n - 6, cap);
		memcpy(out + total, rep + 6, n - 6);
		total += n - 6;
		(*frags)++;
	} while (left);
	return total;
}

static void expect_info_error(uint32_t code)
{
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(8));
	ck_assert_uint_eq(rep[2], 0x07);
	ck_assert_uint_eq(le32(rep + 6), code);
}

START_TEST(test_info_lists)
{
	uint8_t body[2048], req[2] = { 1, 0 };
	unsigned int frags, n = ecsim_od_count(od), i;
	struct ecsim_od_object_info oi;
	size_t len;

	/* all objects, in a 16-byte mailbox: 10 body bytes per fragment */
	ecsim_coe_set_mailbox_size(coe, 16);
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 2 + 2 * n);
	ck_assert_uint_eq(frags, (len + 9) / 10);
	ck_assert_uint_gt(frags, 3);
	ck_assert_uint_eq(le16(body), 1);
	for (i = 0; i < n; i++) {
		ecsim_od_object_at(od, i, &oi);
		ck_assert_uint_eq(le16(body + 2 + 2 * i), oi.index);
		if (i)
			ck_assert_uint_gt(oi.index, le16(body + 2 * i));
	}
	ck_assert_uint_eq(le16(body + 2), 0x1000);

	/* lengths of the lists 1..5 */
	ecsim_coe_set_mailbox_size(coe, 122);
	req[0] = 0;
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(frags, 1);
	ck_assert_uint_eq(len, 12);
	ck_assert_uint_eq(le16(body), 0);
	ck_assert_uint_eq(le16(body + 2), n);
	/* RxPDO mappable: 6040 6060 6071 607A 60FF */
	ck_assert_uint_eq(le16(body + 4), 5);
	/* TxPDO mappable: 6041 6061 6064 606C 6077 7010 */
	ck_assert_uint_eq(le16(body + 6), 6);
	/* backup: 605A 607D 6080 2000; settings: 605A 6080 */
	ck_assert_uint_eq(le16(body + 8), 4);
	ck_assert_uint_eq(le16(body + 10), 2);

	req[0] = 2;
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 12);
	ck_assert_uint_eq(le16(body + 2), 0x6040);
	ck_assert_uint_eq(le16(body + 10), 0x60FF);
	req[0] = 5;
	info(0x01, req, 2);
	len = info_collect(0x02, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 6);
	ck_assert_uint_eq(le16(body + 2), 0x605A);
	ck_assert_uint_eq(le16(body + 4), 0x6080);

	req[0] = 6;
	info(0x01, req, 2);
	expect_info_error(0x08000000);
	info(0x09, req, 2);
	expect_info_error(0x05040001);
}
END_TEST

START_TEST(test_info_descriptions)
{
	uint8_t body[512], req[4] = { 0x18, 0x10 };
	unsigned int frags;
	size_t len;

	info(0x03, req, 2);
	len = info_collect(0x04, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 6 + 8);
	ck_assert_uint_eq(le16(body), 0x1018);
	ck_assert_uint_eq(le16(body + 2), 0x0023);	/* IDENTITY */
	ck_assert_uint_eq(body[4], 4);
	ck_assert_uint_eq(body[5], 0x09);		/* RECORD */
	ck_assert_mem_eq(body + 6, "Identity", 8);

	req[0] = 0x7D; req[1] = 0x60;
	info(0x03, req, 2);
	len = info_collect(0x04, body, sizeof(body), &frags);
	ck_assert_uint_eq(le16(body + 2), 0x0004);	/* INTEGER32 */
	ck_assert_uint_eq(body[4], 2);
	ck_assert_uint_eq(body[5], 0x08);		/* ARRAY */

	/* entry 0x6060:0 with default, min and max */
	req[0] = 0x60; req[1] = 0x60; req[2] = 0; req[3] = 0x78;
	info(0x05, req, 4);
	len = info_collect(0x06, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 10 + 3 + 18);
	ck_assert_uint_eq(le16(body), 0x6060);
	ck_assert_uint_eq(body[2], 0);
	ck_assert_uint_eq(body[3], 0x70);		/* no unit type */
	ck_assert_uint_eq(le16(body + 4), 0x0002);	/* INTEGER8 */
	ck_assert_uint_eq(le16(body + 6), 8);
	ck_assert_uint_eq(le16(body + 8), 0x3f | 0x40);	/* rw, RxPDO */
	ck_assert_uint_eq(body[10], 8);
	ck_assert_uint_eq(body[11], 0);
	ck_assert_uint_eq(body[12], 10);
	ck_assert_mem_eq(body + 13, "Modes of operation", 18);

	/* min/max are dropped where the entry has none */
	req[0] = 0x18; req[1] = 0x10; req[2] = 1; req[3] = 0x70;
	info(0x05, req, 4);
	len = info_collect(0x06, body, sizeof(body), &frags);
	ck_assert_uint_eq(body[3], 0x10);
	ck_assert_uint_eq(le16(body + 8), 0x07);
	ck_assert_uint_eq(le32(body + 10), 2);
	ck_assert_mem_eq(body + 14, "Vendor ID", 9);

	/* fragmented entry description in the smallest mailbox */
	ecsim_coe_set_mailbox_size(coe, 10);
	req[0] = 0x00; req[1] = 0x20; req[2] = 3; req[3] = 0x10;
	info(0x05, req, 4);
	len = info_collect(0x06, body, sizeof(body), &frags);
	ck_assert_uint_eq(len, 10 + 16 + 10);
	ck_assert_uint_eq(frags, 9);
	ck_assert_uint_eq(le16(body + 4), 0x0009);
	ck_assert_uint_eq(le16(body + 6), 128);
	ck_assert_mem_eq(body + 10, "AM8121\0\0", 8);
	ck_assert_mem_eq(body + 26, "Motor name", 10);

	/* errors */
	req[0] = 0x55; req[1] = 0x55;
	info(0x03, req, 2);
	expect_info_error(0x06020000);
	req[0] = 0x18; req[1] = 0x10; req[2] = 9;
	info(0x05, req, 4);
	expect_info_error(0x06090011);
	info(0x05, req, 1);
	expect_info_error(0x08000000);
}
END_TEST

static Suite *coe_suite(void)
{
	Suite *s = suite_create("sim_coe");
	TCase *tc = tcase_create("coe");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_expedited);
	tcase_add_test(tc, test_normal);
	tcase_add_test(tc, test_segmented_upload);
	tcase_add_test(tc, test_segmented_download);
	tcase_add_test(tc, test_complete_access);
	tcase_add_loop_test(tc, test_aborts, 0,
			    sizeof(abort_cases) / sizeof(abort_cases[0]));
	tcase_add_test(tc, test_abort_misc);
	tcase_add_test(tc, test_pdo_remap);
	tcase_add_test(tc, test_emergency);
	tcase_add_test(tc, test_info_lists);
	tcase_add_test(tc, test_info_descriptions);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(coe_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
