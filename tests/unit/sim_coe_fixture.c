// SPDX-License-Identifier: GPL-2.0-only
/*
 * sim_coe_fixture.c - the CoE server the virtual segment's CoE tests talk
 * to, and their request helpers (sim_coe_fixture.h).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "sim_coe_fixture.h"

#define README "sim/README-coe.md"

struct ecsim_od *od;
struct ecsim_coe *coe;
uint8_t rep[4096];
size_t rep_len;

uint16_t le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

uint32_t le32(const uint8_t *p)
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
json_t *readme_json(void)
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

void setup(void)
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

void teardown(void)
{
	ecsim_coe_free(coe);
	ecsim_od_free(od);
}

void coe_send(const uint8_t *d, size_t n)
{
	ecsim_coe_request(coe, d, n);
}

size_t pop(void)
{
	rep_len = ecsim_coe_pop_reply(coe, rep, sizeof(rep));
	return rep_len;
}

/* SDO request with command byte, index, subindex and 4 data bytes */
void sdo(uint8_t cmd, uint16_t index, uint8_t sub, uint32_t data)
{
	uint8_t d[10] = { 0, SVC(2), cmd, index & 0xff, index >> 8, sub,
			  data & 0xff, data >> 8 & 0xff, data >> 16 & 0xff,
			  data >> 24 };

	coe_send(d, sizeof(d));
}

void expect_abort(uint16_t index, uint8_t sub, uint32_t code)
{
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(2));	/* abort is an SDO request */
	ck_assert_uint_eq(rep[2], CMD_ABORT);
	ck_assert_uint_eq(le16(rep + 3), index);
	ck_assert_uint_eq(rep[5], sub);
	ck_assert_msg(le32(rep + 6) == code, "abort 0x%08x, expected 0x%08x",
		      le32(rep + 6), code);
}

void expect_download_ok(uint16_t index, uint8_t sub)
{
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(3));
	ck_assert_uint_eq(rep[2], 0x60);
	ck_assert_uint_eq(le16(rep + 3), index);
	ck_assert_uint_eq(rep[5], sub);
}

/* Expedited download of n = 1..4 bytes (size indicated) */
void down_exp(uint16_t index, uint8_t sub, uint32_t v, unsigned int n)
{
	sdo(0x23 | (4 - n) << 2, index, sub, v);
}

uint32_t up_exp(uint16_t index, uint8_t sub, unsigned int n)
{
	sdo(0x40, index, sub, 0);
	ck_assert_uint_eq(pop(), 10);
	ck_assert_uint_eq(rep[1], SVC(3));
	ck_assert_uint_eq(rep[2], 0x43 | (4 - n) << 2);
	ck_assert_uint_eq(le16(rep + 3), index);
	return le32(rep + 6);
}

