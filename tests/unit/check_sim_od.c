// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the virtual segment's object dictionary on its own: the
 * JSON loader (good and malformed input, every error names the culprit)
 * and the checks ecsim_od_add_standard() applies to a model's PDOs.
 * SDO access to the OD is tested through the CoE server in check_sim_coe.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "coe.h"
#include "od.h"

/* high byte of the CoE header for service s */
#define SVC(s)		((uint8_t)((s) << 4))

static uint8_t rep[64];

static uint16_t le16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

static uint32_t le32(const uint8_t *p)
{
	return le16(p) | (uint32_t)le16(p + 2) << 16;
}

static const uint8_t sm_types[] = { 1, 2, 3, 4 };

static const char *pd_objects =
	"[{\"index\": \"0x6040\", \"type\": \"UINT16\", \"access\": \"rw\","
	"  \"pdo\": \"rx\"},"
	" {\"index\": \"0x6041\", \"type\": \"UINT16\", \"pdo\": \"tx\"}]";

struct json_bad {
	const char *json;
	const char *msg;	/* must appear in the error string */
	int ret;
};

static const struct json_bad json_bad_cases[] = {
	{ "{}", "must be a JSON array", -EINVAL },
	{ "[1]", "objects[0]: must be a JSON object", -EINVAL },
	{ "[{\"name\": \"x\"}]", "objects[0]: missing \"index\"", -EINVAL },
	{ "[{\"index\": \"0x1g\", \"type\": \"UINT8\"}]",
	  "is not a number", -EINVAL },
	{ "[{\"index\": 70000, \"type\": \"UINT8\"}]", "out of range",
	  -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"UINT17\"}]",
	  "object 0x3000: unknown type \"UINT17\"", -EINVAL },
	{ "[{\"index\": \"0x3000\"}]", "object 0x3000: missing or bad \"type\"",
	  -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"UINT8\", \"value\": 300}]",
	  "object 0x3000: value 300", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"INT8\", \"value\": -129}]",
	  "out of range for 8 bits", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"UINT8\", \"access\": \"rx\"}]",
	  "unknown access \"rx\"", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"UINT8\", \"pdo\": \"in\"}]",
	  "unknown pdo", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"UINT8\", \"flags\": [\"x\"]}]",
	  "unknown flag", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"STRING\", \"length\": 2,"
	  " \"value\": \"abc\"}]", "longer than 2 bytes", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"STRING\", \"value\": \"a\","
	  " \"min\": 1}]", "min/max need a numeric type", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"object\": \"RECORD\"}]",
	  "needs an \"entries\" array", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"object\": \"STRUCT\"}]",
	  "unknown object", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"object\": \"ARRAY\","
	  " \"type\": \"UINT8\"}]",
	  "needs \"count\"", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"object\": \"ARRAY\", \"type\": \"UINT8\","
	  " \"count\": 3, \"value\": [1, 2]}]", "has 2 elements", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"entries\": [{\"subindex\": 1,"
	  " \"type\": \"UINT8\"}, {\"subindex\": 1, \"type\": \"UINT8\"}]}]",
	  "subindex 1 defined twice", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"entries\": [{\"subindex\": 0,"
	  " \"type\": \"UINT8\"}]}]", "subindex 0 is implicit", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"OCTET_STRING\","
	  " \"value\": \"0g\"}]", "bad hex string", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"UINT8\", \"bitlen\": 16}]",
	  "does not fit the type", -EINVAL },
	{ "[{\"index\": \"0x3000\", \"type\": \"UINT8\"},"
	  " {\"index\": 12288, \"type\": \"UINT8\"}]",
	  "object 0x3000: defined twice", -EEXIST },
};

START_TEST(test_json_bad)
{
	const struct json_bad *b = &json_bad_cases[_i];
	struct ecsim_od *o = ecsim_od_new();
	json_t *j = json_loads(b->json, JSON_DECODE_ANY, NULL);
	char err[160] = "";
	int ret;

	ck_assert_msg(j != NULL, "case %d is not JSON", _i);
	ret = ecsim_od_load_json(o, j, err, sizeof(err));
	ck_assert_msg(ret == b->ret, "case %d: ret %d", _i, ret);
	ck_assert_msg(strstr(err, b->msg) != NULL,
		      "case %d: \"%s\" lacks \"%s\"", _i, err, b->msg);
	/* the failed object is not left half-built */
	ck_assert_int_le(ecsim_od_count(o), 1);
	json_decref(j);
	ecsim_od_free(o);
}
END_TEST

START_TEST(test_json_good)
{
	const char *good =
		"[{\"index\": 12288, \"type\": \"REAL32\", \"access\": \"rw\","
		"  \"value\": 1.5, \"min\": 0, \"max\": 2},"
		" {\"index\": \"0x3001\", \"type\": \"UINT64\","
		"  \"value\": \"18446744073709551615\"},"
		" {\"index\": \"0x3002\", \"type\": \"OCTET_STRING\","
		"  \"value\": \"01 02 ff\"},"
		" {\"index\": \"0x3003\", \"object\": \"ARRAY\","
		"  \"type\": \"INT16\","
		"  \"count\": 3, \"max_subindex\": 5, \"value\": -2,"
		"  \"access\": 63},"
		" {\"index\": \"0x3004\", \"type\": \"BOOL\","
		"  \"value\": true}]";
	struct ecsim_od *o = ecsim_od_new();
	json_t *j = json_loads(good, 0, NULL);
	struct ecsim_od_object_info oi;
	uint8_t buf[8];
	char err[160];
	float f;

	ck_assert_ptr_nonnull(j);
	ck_assert_msg(!ecsim_od_load_json(o, j, err, sizeof(err)), "%s", err);
	ck_assert_uint_eq(ecsim_od_count(o), 5);
	ck_assert_int_eq(ecsim_od_read(o, 0x3000, 0, &f, sizeof(f)), 4);
	ck_assert(f == 1.5f);
	ck_assert_int_eq(ecsim_od_read(o, 0x3001, 0, buf, 8), 8);
	ck_assert_uint_eq(buf[0] & buf[7], 0xff);
	ck_assert_int_eq(ecsim_od_read(o, 0x3002, 0, buf, 8), 3);
	ck_assert_uint_eq(buf[2], 0xff);
	ck_assert_int_eq(ecsim_od_read(o, 0x3003, 3, buf, 8), 2);
	ck_assert_uint_eq(le16(buf), 0xfffe);
	ck_assert_int_eq(ecsim_od_read(o, 0x3003, 0, buf, 8), 1);
	ck_assert_uint_eq(buf[0], 3);
	/* elements up to max_subindex exist, subindex 0 says 3 */
	ck_assert_int_eq(ecsim_od_read(o, 0x3003, 5, buf, 8), 2);
	ck_assert_uint_eq(le16(buf), 0xfffe);
	ck_assert_int_eq(ecsim_od_read(o, 0x3003, 6, buf, 8), -ENOENT);
	ck_assert_uint_eq(ecsim_od_object_info(o, 0x3003, &oi), 0);
	ck_assert_uint_eq(oi.max_subindex, 5);
	ck_assert_int_eq(ecsim_od_read(o, 0x3004, 0, buf, 8), 1);
	ck_assert_uint_eq(buf[0], 1);
	json_decref(j);

	/* REAL32 range check through SDO */
	{
		struct ecsim_coe *c = ecsim_coe_new(o);
		float v = 2.5f;
		uint32_t u;
		uint8_t d[10] = { 0, SVC(2), 0x23, 0x00, 0x30, 0 };

		memcpy(&u, &v, 4);
		d[6] = u; d[7] = u >> 8; d[8] = u >> 16; d[9] = u >> 24;
		ecsim_coe_request(c, d, 10);
		ck_assert_uint_eq(ecsim_coe_pop_reply(c, rep, sizeof(rep)), 10);
		ck_assert_uint_eq(le32(rep + 6), 0x06090030);
		ecsim_coe_free(c);
	}
	ecsim_od_free(o);
}
END_TEST

START_TEST(test_standard_errors)
{
	static const struct ecsim_od_pdo_entry wrong_dir[] = {
		{ 0x6041, 0, 16, "Statusword" },
	};
	static const struct ecsim_od_pdo_entry wrong_len[] = {
		{ 0x6040, 0, 32, "Controlword" },
	};
	struct ecsim_od_pdo p = { 0x1601, 2, "RxPDO 2", 1, wrong_dir, false };
	struct ecsim_od_std std = { .n_sm = 4, .sm_types = sm_types,
				    .n_pdos = 1, .pdos = &p };
	struct ecsim_od *o = ecsim_od_new();
	json_t *j = json_loads(pd_objects, 0, NULL);

	ck_assert_ptr_nonnull(j);
	ck_assert_int_eq(ecsim_od_load_json(o, j, NULL, 0), 0);
	json_decref(j);
	ck_assert_int_eq(ecsim_od_add_standard(o, &std), -EINVAL);
	ck_assert_str_eq(ecsim_od_error(o),
			 "object 0x6041:00 is not RxPDO mappable");
	p.entries = wrong_len;
	ck_assert_int_eq(ecsim_od_add_standard(o, &std), -EINVAL);
	ck_assert_str_eq(ecsim_od_error(o),
			 "PDO entry 0x6040:00 has 32 bits, the object 16");
	p.index = 0x1800;
	ck_assert_int_eq(ecsim_od_add_standard(o, &std), -EINVAL);
	ck_assert_ptr_nonnull(strstr(ecsim_od_error(o), "PDO 0x1800"));
	ecsim_od_free(o);
}
END_TEST

static Suite *od_suite(void)
{
	Suite *s = suite_create("sim_od");
	TCase *tc = tcase_create("json");

	tcase_add_loop_test(tc, test_json_bad, 0,
			    sizeof(json_bad_cases) / sizeof(json_bad_cases[0]));
	tcase_add_test(tc, test_json_good);
	tcase_add_test(tc, test_standard_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(od_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
