/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * esi_harness.h - helpers of the simulator's ESI tests
 * (check_sim_esi.c, check_sim_esi_catalogue.c, check_sim_esi_bad.c): a
 * segment from a JSON string, a temporary file, comparisons of object
 * dictionaries, SII images and ESC features, and readers of SII
 * categories, strings and object values.  Include it once per test
 * program.
 */
#ifndef EC_TEST_ESI_HARNESS_H
#define EC_TEST_ESI_HARNESS_H

#include <check.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "esi.h"
#include "od.h"
#include "sim_priv.h"

#define ESI_DIR "tests/esi"

static inline struct ecsim_segment *seg_new(const char *json)
{
	char err[512] = "";
	struct ecsim_segment *seg = ecsim_segment_new_string(json, err,
							     sizeof(err));

	ck_assert_msg(seg, "segment: %s", err);
	return seg;
}

static inline char *tmp_path(char *buf, size_t cap)
{
	int fd;

	snprintf(buf, cap, "/tmp/check_sim_esi_XXXXXX");
	fd = mkstemp(buf);
	ck_assert_int_ge(fd, 0);
	close(fd);
	return buf;
}

static inline void entry_eq(const struct ecsim_od *a, const struct ecsim_od *b,
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
static inline void od_eq(const struct ecsim_od *a, const struct ecsim_od *b,
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

static inline void sii_eq(const struct ecsim_segment *a,
			  const struct ecsim_segment *b, const char *what)
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

/* The ESC the importer picks (ESI files do not name it) is the model's. */
static inline void esc_eq(const struct ecsim_model *a,
			  const struct ecsim_model *b, const char *what)
{
	ck_assert_msg(a->esc_type == b->esc_type && a->n_fmmu == b->n_fmmu &&
		      a->n_sm == b->n_sm && a->ram_kb == b->ram_kb &&
		      a->port_desc == b->port_desc &&
		      a->features == b->features &&
		      a->eeprom_read8 == b->eeprom_read8 &&
		      a->eeprom_kbit == b->eeprom_kbit,
		      "%s: ESC type 0x%02x/0x%02x, %u/%u FMMUs, %u/%u SMs, "
		      "ports 0x%02x/0x%02x, features 0x%04x/0x%04x", what,
		      a->esc_type, b->esc_type, a->n_fmmu, b->n_fmmu, a->n_sm,
		      b->n_sm, a->port_desc, b->port_desc, a->features,
		      b->features);
}

/* Offset of SII category @type in @img (ETG.1000.6 table 17), 0: none. */
static inline size_t sii_cat(const uint8_t *img, size_t len, uint16_t type,
			     size_t *clen)
{
	size_t at = 2 * SII_FIRST_CATEGORY;

	while (at + 4 <= len) {
		uint16_t t = img[at] | img[at + 1] << 8;
		size_t n = 2 * (size_t)(img[at + 2] | img[at + 3] << 8);

		if (t == 0xffff)
			break;
		if (t == type) {
			*clen = n;
			return at + 4;
		}
		at += 4 + n;
	}
	return 0;
}

/* String @idx (1-based) of the strings category. */
static inline void sii_string(const uint8_t *img, size_t len, unsigned int idx,
			      char *out, size_t cap)
{
	size_t n, at = sii_cat(img, len, SII_CAT_STRINGS, &n), k;
	unsigned int i;

	ck_assert_uint_gt(at, 0);
	ck_assert_uint_le(idx, img[at]);
	at++;
	for (i = 1; i < idx; i++)
		at += 1 + img[at];
	k = img[at] < cap - 1 ? img[at] : cap - 1;
	memcpy(out, img + at + 1, k);
	out[k] = 0;
}

static inline uint64_t od_u(const struct ecsim_od *od, uint16_t index,
			    uint8_t sub)
{
	uint8_t v[8] = { 0 };
	int n = ecsim_od_read(od, index, sub, v, sizeof(v));
	uint64_t x = 0;

	ck_assert_msg(n > 0, "0x%04x:%02x not readable", index, sub);
	while (n--)
		x = x << 8 | v[n];
	return x;
}

static inline bool listed(const json_t *m, const char *what)
{
	const json_t *v;
	size_t i;

	json_array_foreach(json_object_get(m, "unmodelled"), i, v)
		if (strstr(json_string_value(v), what))
			return true;
	return false;
}

#endif /* EC_TEST_ESI_HARNESS_H */
