// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The simulator's ESI import and export (sim/esi*.c): every catalogue model
 * exported and imported again gives the same SII bytes and the same object
 * dictionary; the test ESI files in tests/esi/ load and give what they say;
 * bad files are refused with a message naming the file and the element.
 */
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

/* The ESC the importer picks (ESI files do not name it) is the model's. */
static void esc_eq(const struct ecsim_model *a, const struct ecsim_model *b,
		   const char *what)
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
		esc_eq(a->slaves[0].model, b->slaves[0].model, key);
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


/* ---- the test ESI files (tests/esi/) ---- */

/* Offset of SII category @type in @img (ETG.1000.6 table 17), 0: none. */
static size_t sii_cat(const uint8_t *img, size_t len, uint16_t type,
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
static void sii_string(const uint8_t *img, size_t len, unsigned int idx,
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

static uint64_t od_u(const struct ecsim_od *od, uint16_t index, uint8_t sub)
{
	uint8_t v[8] = { 0 };
	int n = ecsim_od_read(od, index, sub, v, sizeof(v));
	uint64_t x = 0;

	ck_assert_msg(n > 0, "0x%04x:%02x not readable", index, sub);
	while (n--)
		x = x << 8 | v[n];
	return x;
}

static bool listed(const json_t *m, const char *what)
{
	const json_t *v;
	size_t i;

	json_array_foreach(json_object_get(m, "unmodelled"), i, v)
		if (strstr(json_string_value(v), what))
			return true;
	return false;
}

/* What the real terminals show, for every catalogue model. */
START_TEST(test_catalogue_fidelity)
{
	struct ecsim_segment *cat = seg_new("{\"slaves\":[]}");
	unsigned int i, k;

	for (i = 0; i < cat->models.n; i++) {
		const struct ecsim_model *m = cat->models.models[i];
		struct ecsim_od_object_info oi;
		struct ecsim_od_entry_info e;
		struct ecsim_segment *seg;
		const struct ecsim_od *od;
		const uint8_t *img;
		bool rx = false, tx = false, configurable = false;
		size_t len, at, n;
		char json[128], str[96];
		uint32_t serial;

		snprintf(json, sizeof(json), "{\"slaves\":[{\"model\":\"%s\"},"
			 "{\"model\":\"%s\"}]}", m->key, m->key);
		seg = seg_new(json);
		ck_assert_int_eq(ecsim_slave_sii(seg, 0, &img, &len), 0);
		/* strings: order code, group, name; the general category */
		sii_string(img, len, 1, str, sizeof(str));
		ck_assert_str_eq(str, m->order);
		at = sii_cat(img, len, SII_CAT_GENERAL, &n);
		ck_assert_uint_eq(img[at + 2], 1);
		if (m->group) {
			sii_string(img, len, 2, str, sizeof(str));
			ck_assert_str_eq(str, m->group);
			ck_assert_uint_eq(img[at], 2);
		}
		sii_string(img, len, img[at + 3], str, sizeof(str));
		ck_assert_str_eq(str, m->name);
		/* Beckhoff terminals declare their E-bus current */
		if (m->vendor == 2)
			ck_assert_msg((int16_t)ecsim_get16(img + at + 12) != 0,
				      "%s: no E-bus current", m->key);
		/* serial numbers: production week and year, distinct */
		serial = ecsim_get32(img + 2 * SII_SERIAL);
		ck_assert_uint_ge(serial & 0xff, 19);
		ck_assert_uint_le(serial & 0xff, 24);
		ck_assert_uint_ge(serial >> 8, 1);
		ck_assert_uint_le(serial >> 8, 52);
		ck_assert_int_eq(ecsim_slave_sii(seg, 1, &img, &len), 0);
		ck_assert_uint_ne(ecsim_get32(img + 2 * SII_SERIAL), serial);
		od = seg->slaves[0].od;
		if (!od) {
			ecsim_segment_free(seg);
			continue;
		}
		/* device type, order code, versions, standard objects */
		if (m->vendor == 2)
			ck_assert_uint_eq(od_u(od, 0x1000, 0) & 0xffff, 5001);
		else
			ck_assert_uint_eq(od_u(od, 0x1000, 0) & 0xffff, 402);
		ck_assert_uint_eq(ecsim_od_read(od, 0x1008, 0, str,
						sizeof(str)),
				  strlen(m->order));
		ck_assert_int_eq(memcmp(str, m->order, strlen(m->order)), 0);
		ck_assert_uint_eq(ecsim_od_object_info(od, 0x1009, &oi), 0);
		ck_assert_uint_eq(ecsim_od_object_info(od, 0x100a, &oi), 0);
		ck_assert_uint_eq(ecsim_od_object_info(od, 0x1011, &oi), 0);
		ck_assert_uint_eq(ecsim_od_object_info(od, 0x10f0, &oi), 0);
		for (k = 0; k < m->n_pdos; k++) {
			const struct ecsim_model_pdo *p = &m->pdos[k];
			bool fixed = p->flags & ECSIM_PDO_FLAG_FIXED;

			if (p->sm != 0xff) {
				rx |= ecsim_pdo_is_rx(p);
				tx |= !ecsim_pdo_is_rx(p);
			}
			configurable |= !fixed;
			ck_assert_uint_eq(ecsim_od_entry_info(od, p->index, 0,
							      &e), 0);
			ck_assert_msg(!(e.access & ECSIM_ACC_W_ALL) == fixed,
				      "%s: mapping 0x%04x %s", m->key,
				      p->index, fixed ? "writable" :
				      "read-only");
		}
		ck_assert_int_eq(!ecsim_od_object_info(od, 0x1c32, &oi), rx);
		ck_assert_int_eq(!ecsim_od_object_info(od, 0x1c33, &oi), tx);
		/* CoE details: PDO configuration only with configurable PDOs */
		ck_assert_int_eq(!!(m->coe_details & 0x08), configurable);
		ecsim_segment_free(seg);
	}
	ecsim_segment_free(cat);
}
END_TEST

START_TEST(test_digital_input)
{
	struct ecsim_segment *esi = seg_new(
		"{\"slaves\":[{\"esi\":\"" ESI_DIR "/EL1008.xml\","
		"\"type\":\"EL1008\",\"revision\":\"0x00100000\","
		"\"serial\":4660}]}");
	struct ecsim_segment *cat = seg_new(
		"{\"slaves\":[{\"model\":\"EL1008\",\"serial\":4660}]}");
	const uint8_t *img;
	size_t len, at, n;
	char s[64];

	/* written from the documentation, the same as the catalogue */
	sii_eq(cat, esi, "EL1008.xml");
	ck_assert_int_eq(ecsim_slave_sii(esi, 0, &img, &len), 0);
	ck_assert_uint_eq(len, 2048);
	ck_assert_uint_eq(ecsim_get32(img + 2 * SII_PRODUCT), 0x03f03052);
	ck_assert_uint_eq(ecsim_get32(img + 2 * SII_REVISION), 0x00100000);
	ck_assert_uint_eq(ecsim_get16(img + 2 * SII_PDI_CONTROL), 0x0104);
	sii_string(img, len, 1, s, sizeof(s));
	ck_assert_str_eq(s, "EL1008");
	sii_string(img, len, 2, s, sizeof(s));
	ck_assert_str_eq(s, "DigIn");
	sii_string(img, len, 3, s, sizeof(s));
	ck_assert_str_eq(s, "EL1008 8Ch. Dig. Input 24V, 3ms");
	at = sii_cat(img, len, SII_CAT_GENERAL, &n);
	ck_assert_uint_eq(img[at + 2], 1);		/* order: string 1 */
	ck_assert_uint_eq(img[at + 3], 3);		/* name */
	ck_assert_int_eq((int16_t)ecsim_get16(img + at + 12), 90);
	at = sii_cat(img, len, SII_CAT_TXPDO, &n);
	ck_assert_uint_eq(n, 8 * (8 + 8));
	ck_assert_uint_eq(ecsim_get16(img + at), 0x1a00);
	ck_assert_uint_eq(img[at + 2], 1);		/* entries */
	ck_assert_uint_eq(img[at + 3], 0);		/* SM0 */
	ck_assert_uint_eq(ecsim_get16(img + at + 6), 0x0011);
	ck_assert_uint_eq(ecsim_get16(img + at + 8), 0x6000);
	ck_assert_uint_eq(img[at + 10], 1);
	ck_assert_uint_eq(img[at + 12], 0x01);		/* BOOL */
	ck_assert_uint_eq(img[at + 13], 1);
	ck_assert_ptr_null(esi->slaves[0].od);
	ecsim_segment_free(esi);
	ecsim_segment_free(cat);
}
END_TEST

START_TEST(test_analog_input_coe)
{
	struct ecsim_segment *esi = seg_new(
		"{\"slaves\":[{\"esi\":\"" ESI_DIR "/EL3102.xml\","
		"\"serial\":4660}]}");
	struct ecsim_segment *cat = seg_new(
		"{\"slaves\":[{\"model\":\"EL3102\",\"serial\":4660}]}");
	struct ecsim_esi_select sel = { .type = "EL3102" };
	struct ecsim_od *od = esi->slaves[0].od;
	struct ecsim_od_entry_info e;
	struct ecsim_od_object_info oi;
	char err[256];
	uint8_t zero = 0, v[16];
	json_t *m;

	sii_eq(cat, esi, "EL3102.xml");
	ck_assert_ptr_nonnull(od);
	ck_assert_uint_eq(od_u(od, 0x1000, 0), 0x012c1389);
	ck_assert_int_eq(ecsim_od_read(od, 0x1008, 0, v, sizeof(v)), 6);
	ck_assert_int_eq(memcmp(v, "EL3102", 6), 0);
	ck_assert_int_eq(ecsim_od_read(od, 0x100a, 0, v, sizeof(v)), 2);
	ck_assert_int_eq(memcmp(v, "01", 2), 0);
	/* identity from <Type>, serial from the segment */
	ck_assert_uint_eq(od_u(od, 0x1018, 2), 0x0c1e3052);
	ck_assert_uint_eq(od_u(od, 0x1018, 4), 4660);
	/* fixed mapping: read-only */
	ck_assert_uint_eq(od_u(od, 0x1a00, 0), 2);
	ck_assert_uint_eq(od_u(od, 0x1a00, 2), 0x31010210);
	ck_assert_uint_eq(ecsim_od_sdo_download(od, 0x1a00, 0, false, &zero,
						1), ECSIM_ABORT_READ_ONLY);
	/* assignment: writable in PREOP */
	ck_assert_uint_eq(ecsim_od_entry_info(od, 0x1c13, 0, &e), 0);
	ck_assert_uint_eq(e.access, ECSIM_ACC_R_ALL | ECSIM_ACC_W_PREOP);
	ck_assert_uint_eq(od_u(od, 0x1c13, 2), 0x1a01);
	/* signed default from DefaultData, TxPDO mappable */
	ck_assert_uint_eq(od_u(od, 0x3102, 2), 0xfff6);
	ck_assert_uint_eq(ecsim_od_entry_info(od, 0x3102, 2, &e), 0);
	ck_assert_uint_eq(e.access, ECSIM_ACC_R_ALL | ECSIM_ACC_TXPDO);
	ck_assert_uint_eq(e.datatype, ECSIM_DT_INTEGER16);
	/* restrictions, backup, setting, MinValue/MaxValue/DefaultValue */
	ck_assert_uint_eq(ecsim_od_entry_info(od, 0x8000, 0x15, &e), 0);
	ck_assert_uint_eq(e.access, ECSIM_ACC_R_ALL | ECSIM_ACC_W_PREOP |
			  ECSIM_ACC_W_SAFEOP | ECSIM_ACC_BACKUP |
			  ECSIM_ACC_SETTINGS);
	ck_assert(e.has_min && e.has_max);
	ck_assert_uint_eq(e.max[0], 7);
	ck_assert_uint_eq(e.def[0], 2);
	ck_assert_uint_eq(ecsim_od_object_info(od, 0x8000, &oi), 0);
	ck_assert_uint_eq(oi.max_subindex, 0x15);
	ck_assert_uint_eq(ecsim_od_entry_info(od, 0x8000, 1, &e), 0);
	ck_assert_uint_eq(e.datatype, ECSIM_DT_BOOLEAN);
	ck_assert_uint_eq(e.access, ECSIM_ACC_R_ALL | ECSIM_ACC_W_ALL |
			  ECSIM_ACC_BACKUP);
	/* what the file has and the simulator does not model is listed */
	ck_assert_int_eq(ecsim_esi_model(ESI_DIR "/EL3102.xml", &sel, &m,
					 err, sizeof(err)), 0);
	ck_assert(listed(m, "<Info><StateMachine>"));
	ck_assert(listed(m, "MinSize/MaxSize"));
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
		m, "mailbox"), "coe_details")), 0x27);
	json_decref(m);
	ecsim_segment_free(esi);
	ecsim_segment_free(cat);
}
END_TEST

START_TEST(test_dc_drive)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"esi\":\"" ESI_DIR "/ECSIM-SERVO.xml\","
		"\"revision\":\"0x00020000\"}]}");
	struct ecsim_esi_select sel = { .type = "ECSIM-SERVO",
					.have_revision = true,
					.revision = 0x00020000 };
	struct ecsim_od *od = seg->slaves[0].od;
	struct ecsim_od_entry_info e;
	struct ecsim_od_object_info oi;
	const uint8_t *img;
	size_t len, at, n;
	char err[256];
	json_t *m;

	ck_assert_ptr_nonnull(od);
	ck_assert_str_eq(seg->slaves[0].model->behaviour, "cia402");
	ck_assert_int_eq(ecsim_slave_sii(seg, 0, &img, &len), 0);
	ck_assert_uint_eq(ecsim_get32(img + 2 * SII_VENDOR), 0x0ec51d00);
	ck_assert_uint_eq(ecsim_get16(img + 2 * SII_MBX_PROTOCOL),
			  SII_MBX_COE | SII_MBX_FOE);
	at = sii_cat(img, len, SII_CAT_DC, &n);
	ck_assert_uint_gt(at, 0);
	ck_assert_uint_eq(ecsim_get16(img + at + 14), 0x0300);
	at = sii_cat(img, len, SII_CAT_GENERAL, &n);
	ck_assert_uint_eq(img[at + 5], 0x2f);		/* CoE details */
	ck_assert_uint_eq(ecsim_get16(img + at + 0x10), 0x0011); /* MII */
	/* configurable mapping with room for 8 entries, 6 mapped */
	ck_assert_uint_eq(ecsim_od_object_info(od, 0x1600, &oi), 0);
	ck_assert_uint_eq(oi.max_subindex, 8);
	ck_assert_uint_eq(oi.datatype, ECSIM_DT_PDO_MAPPING);
	ck_assert_uint_eq(od_u(od, 0x1600, 0), 6);
	ck_assert_uint_eq(od_u(od, 0x1600, 2), 0x607a0020);
	ck_assert_uint_eq(od_u(od, 0x1c32, 1), 2);
	ck_assert_uint_eq(od_u(od, 0x6041, 0), 0x0240);
	ck_assert_uint_eq(ecsim_od_entry_info(od, 0x6071, 0, &e), 0);
	ck_assert(e.has_min && e.has_max);
	ck_assert_uint_eq(e.min[0] | e.min[1] << 8, 0xf448);	/* -3000 */
	ck_assert_uint_eq(e.access, ECSIM_ACC_R_ALL | ECSIM_ACC_W_ALL |
			  ECSIM_ACC_RXPDO);
	ck_assert_uint_eq(ecsim_od_entry_info(od, 0x2000, 1, &e), 0);
	ck_assert_uint_eq(e.def[0] | e.def[1] << 8, 2500);
	ck_assert_uint_eq(e.min[0], 100);
	ck_assert_uint_eq(e.access & ECSIM_ACC_BACKUP, ECSIM_ACC_BACKUP);
	/* a type the simulator does not have: left out and listed */
	ck_assert_uint_ne(ecsim_od_object_info(od, 0x2100, &oi), 0);
	ck_assert_int_eq(ecsim_esi_model(ESI_DIR "/ECSIM-SERVO.xml", &sel,
					 &m, err, sizeof(err)), 0);
	ck_assert(listed(m, "TIME_OF_DAY"));
	ck_assert(!listed(m, "FoE"));	/* served since FoE landed */
	/* free run (AssignActivate 0) and one DC mode: all modelled */
	ck_assert(!listed(m, "DC operation modes"));
	json_decref(m);
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_esi_folder)
{
	char path[64], err[512] = "";
	struct ecsim_segment *seg;
	FILE *f;

	tmp_path(path, sizeof(path));
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("{\"slaves\":[{\"type\":\"EL3102\"},"
	      "{\"esi\":\"EL1008.xml\",\"serial\":1},"
	      "{\"esi\":\"EL1008.xml\",\"serial\":2},"
	      "{\"type\":\"EL1008\",\"revision\":\"0x00100000\"}]}", f);
	fclose(f);
	seg = ecsim_segment_new_file_esi(path, ESI_DIR, err, sizeof(err));
	ck_assert_msg(seg, "%s", err);
	ck_assert_uint_eq(ecsim_segment_slave_count(seg), 4);
	ck_assert_uint_eq(seg->slaves[3].model->revision, 0x00100000);
	ck_assert_ptr_nonnull(strstr(ecsim_slave_model(seg, 0), "EL3102"));
	/* one model per ESI device, however many slaves use it */
	ck_assert_ptr_eq(seg->slaves[1].model, seg->slaves[2].model);
	ecsim_segment_free(seg);
	/* without the folder "type" alone cannot be resolved */
	ck_assert_ptr_null(ecsim_segment_new_file(path, err, sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, "--esi DIR"));
	f = fopen(path, "w");
	fputs("{\"slaves\":[{\"type\":\"EL9999\"}]}", f);
	fclose(f);
	ck_assert_ptr_null(ecsim_segment_new_file_esi(path, ESI_DIR, err,
						      sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, "no ESI file describes EL9999"));
	f = fopen(path, "w");
	fputs("{\"slaves\":[{\"esi\":\"EL1008.xml\",\"type\":\"EL1008\","
	      "\"revision\":5}]}", f);
	fclose(f);
	ck_assert_ptr_null(ecsim_segment_new_file_esi(path, ESI_DIR, err,
						      sizeof(err)));
	ck_assert_msg(strstr(err, "no <Device> of type EL1008 revision "
			     "0x00000005"), "%s", err);
	unlink(path);
}
END_TEST

/* <Eeprom><Data> is the SII image, with the slave's alias and serial. */
START_TEST(test_eeprom_data)
{
	struct ecsim_segment *cat = seg_new(
		"{\"slaves\":[{\"model\":\"EL1004\",\"serial\":9,"
		"\"alias\":3}]}"), *seg;
	const uint8_t *img, *got;
	size_t len, glen, i;
	char path[64], json[160];
	FILE *f;

	ck_assert_int_eq(ecsim_slave_sii(cat, 0, &img, &len), 0);
	tmp_path(path, sizeof(path));
	f = fopen(path, "w");
	fputs("<?xml version=\"1.0\"?><EtherCATInfo><Vendor><Id>2</Id>"
	      "</Vendor><Descriptions><Devices><Device>"
	      "<Type ProductCode=\"#x03ec3052\">EL1004</Type>"
	      "<Name>different name, the image wins</Name>"
	      "<Eeprom><ByteSize>2048</ByteSize><Data>", f);
	for (i = 0; i < 256; i++)	/* config area and the first strings */
		fprintf(f, "%02X", i == 0x8a ? 'X' : img[i]);
	fputs("</Data></Eeprom></Device></Devices></Descriptions>"
	      "</EtherCATInfo>", f);
	fclose(f);
	snprintf(json, sizeof(json), "{\"slaves\":[{\"esi\":\"%s\","
		 "\"serial\":77,\"alias\":3}]}", path);
	seg = seg_new(json);
	ck_assert_int_eq(ecsim_slave_sii(seg, 0, &got, &glen), 0);
	ck_assert_uint_eq(glen, 2048);
	for (i = 0; i < 256; i++) {
		if (i == 0x8a)
			ck_assert_uint_eq(got[i], 'X');
		else if (i >= 2 * SII_SERIAL && i < 2 * SII_SERIAL + 4)
			ck_assert_uint_eq(got[i], i == 2 * SII_SERIAL ? 77 : 0);
		else
			ck_assert_uint_eq(got[i], img[i]);
	}
	ck_assert_uint_eq(got[256], 0xff);
	unlink(path);
	ecsim_segment_free(seg);
	ecsim_segment_free(cat);
}
END_TEST

/*
 * The shape the master's "ethercat xml" writes (no SM texts, PDOs, no
 * group or dictionary) loads: SM types from the control bytes.
 */
START_TEST(test_master_xml)
{
	static const char xml[] =
		"<?xml version=\"1.0\" ?>\n<EtherCATInfo>\n  <Vendor>\n"
		"    <Id>2</Id>\n  </Vendor>\n  <Descriptions>\n    <Devices>\n"
		"      <Device>\n        <Type ProductCode=\"#x0c1e3052\" "
		"RevisionNo=\"#x00140000\">EL3102</Type>\n"
		"        <Name><![CDATA[EL3102 2Ch. Ana. Input]]></Name>\n"
		"        <Sm Enable=\"1\" StartAddress=\"#x1000\" "
		"ControlByte=\"#x26\" DefaultSize=\"128\" />\n"
		"        <Sm Enable=\"1\" StartAddress=\"#x1080\" "
		"ControlByte=\"#x22\" DefaultSize=\"128\" />\n"
		"        <Sm Enable=\"0\" StartAddress=\"#x1100\" "
		"ControlByte=\"#x24\" DefaultSize=\"0\" />\n"
		"        <Sm Enable=\"1\" StartAddress=\"#x1180\" "
		"ControlByte=\"#x20\" DefaultSize=\"6\" />\n"
		"        <TxPdo Sm=\"3\" Fixed=\"1\" Mandatory=\"1\">\n"
		"          <Index>#x1a00</Index>\n          <Name>Ch.1</Name>\n"
		"          <Entry>\n            <Index>#x3101</Index>\n"
		"            <SubIndex>1</SubIndex>\n"
		"            <BitLen>8</BitLen>\n            <Name>Status</Name>\n"
		"            <DataType>USINT</DataType>\n          </Entry>\n"
		"        </TxPdo>\n      </Device>\n    </Devices>\n"
		"  </Descriptions>\n</EtherCATInfo>\n";
	static const char *const types[] = {
		"mbx_out", "mbx_in", "outputs", "inputs",
	};
	struct ecsim_esi_select sel = { 0 };
	char path[64], err[256] = "";
	const json_t *sms;
	json_t *m;
	unsigned int i;
	FILE *f;

	tmp_path(path, sizeof(path));
	f = fopen(path, "w");
	fputs(xml, f);
	fclose(f);
	ck_assert_msg(!ecsim_esi_model(path, &sel, &m, err, sizeof(err)),
		      "%s", err);
	sms = json_object_get(m, "sms");
	ck_assert_uint_eq(json_array_size(sms), 4);
	for (i = 0; i < 4; i++)
		ck_assert_str_eq(json_string_value(json_object_get(
			json_array_get(sms, i), "type")), types[i]);
	ck_assert_uint_eq(json_array_size(json_object_get(m, "pdos")), 1);
	json_decref(m);
	unlink(path);
}
END_TEST

/* "ethercat xml" of several slaves: an <EtherCATInfoList>. */
START_TEST(test_info_list)
{
	static const char xml[] =
		"<?xml version=\"1.0\" ?>\n<EtherCATInfoList>\n"
		"<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
		"<Device><Type ProductCode=\"#x03f03052\">EL1008</Type>"
		"<Name>a</Name></Device></Devices></Descriptions></EtherCATInfo>"
		"<EtherCATInfo><Vendor><Id>#x0ec51d00</Id></Vendor><Descriptions>"
		"<Devices><Device><Type ProductCode=\"#x402\" RevisionNo=\"7\">"
		"DRV</Type><Name>b</Name></Device></Devices></Descriptions>"
		"</EtherCATInfo>\n</EtherCATInfoList>\n";
	struct ecsim_esi_select sel = { .type = "DRV" };
	char path[64], err[256] = "";
	json_t *m;
	FILE *f;

	tmp_path(path, sizeof(path));
	f = fopen(path, "w");
	fputs(xml, f);
	fclose(f);
	ck_assert_msg(!ecsim_esi_model(path, &sel, &m, err, sizeof(err)),
		      "%s", err);
	ck_assert_int_eq(json_integer_value(json_object_get(m, "vendor")),
			 0x0ec51d00);
	ck_assert_int_eq(json_integer_value(json_object_get(m, "revision")),
			 7);
	json_decref(m);
	sel.type = NULL;
	ck_assert_int_eq(ecsim_esi_model(path, &sel, &m, err, sizeof(err)),
			 -ENOENT);
	ck_assert_ptr_nonnull(strstr(err, "2 devices: say which \"type\""));
	unlink(path);
}
END_TEST

/* Bad files: refused, the message names the file and the element. */
static const struct {
	const char *xml, *msg;
} bad_esi[] = {
	{ "this is not XML", "not an XML file: line 1" },
	{ "<?xml version=\"1.0\"?><Device/>",
	  "root element <Device>, expected <EtherCATInfo>" },
	{ "<EtherCATInfo><Vendor><Name>v</Name></Vendor></EtherCATInfo>",
	  "<Vendor>: <Id> missing" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions>"
	  "<Devices/></Descriptions></EtherCATInfo>",
	  "<Descriptions><Devices> has no <Device>" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
	  "<Device><Type ProductCode=\"1\">T</Type></Device>"
	  "</Devices></Descriptions></EtherCATInfo>",
	  "<Device> T: <Name> missing" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
	  "<Device><Type>T</Type><Name>n</Name></Device>"
	  "</Devices></Descriptions></EtherCATInfo>",
	  "<Device> T: attribute ProductCode missing" },
	{ "<EtherCATInfo><Vendor><Id>#xZZ</Id></Vendor></EtherCATInfo>",
	  "<Vendor>: <Id>: \"#xZZ\" is not a number" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
	  "<Device><Type ProductCode=\"1\">T</Type><Name>n</Name>"
	  "<Sm StartAddress=\"#x1000\" ControlByte=\"#x20\">Inputs</Sm>"
	  "<TxPdo Sm=\"3\"><Index>#x1a00</Index><Entry><Index>#x6000</Index>"
	  "<SubIndex>1</SubIndex><BitLen>1</BitLen></Entry></TxPdo>"
	  "</Device></Devices></Descriptions></EtherCATInfo>",
	  "<TxPdo> 0x1a00: Sm=\"3\", but the device has 1 <Sm>" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
	  "<Device><Type ProductCode=\"1\">T</Type><Name>n</Name>"
	  "<Sm StartAddress=\"#x1000\" ControlByte=\"#x20\">Inputs</Sm>"
	  "<RxPdo Sm=\"0\"><Index>#x1600</Index></RxPdo>"
	  "</Device></Devices></Descriptions></EtherCATInfo>",
	  "<RxPdo> 0x1600: Sm=\"0\" is a inputs sync manager" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
	  "<Device><Type ProductCode=\"1\">T</Type><Name>n</Name>"
	  "<TxPdo><Index>#x1a00</Index><Entry><Index>#x6000</Index>"
	  "</Entry></TxPdo>"
	  "</Device></Devices></Descriptions></EtherCATInfo>",
	  "<TxPdo> 0x1a00 <Entry> 1: <BitLen> missing" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
	  "<Device><Type ProductCode=\"1\">T</Type><Name>n</Name>"
	  "<Mailbox><CoE/></Mailbox><Profile><Dictionary><Objects><Object>"
	  "<Index>#x2000</Index><Name>x</Name><Type>FOO</Type></Object>"
	  "</Objects></Dictionary></Profile>"
	  "</Device></Devices></Descriptions></EtherCATInfo>",
	  "<Object> 0x2000: <Type> FOO is neither a basic type nor a "
	  "<DataType>" },
	{ "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices>"
	  "<Device><Type ProductCode=\"1\">T</Type><Name>n</Name>"
	  "<Sm StartAddress=\"#x1000\" ControlByte=\"#x20\">Bogus</Sm>"
	  "</Device></Devices></Descriptions></EtherCATInfo>",
	  "<Sm> 0: unknown sync manager type \"Bogus\"" },
};

START_TEST(test_bad_files)
{
	struct ecsim_esi_select sel = { 0 };
	char path[64], err[512], json[128];
	json_t *m = NULL;
	FILE *f;

	tmp_path(path, sizeof(path));
	f = fopen(path, "w");
	fputs(bad_esi[_i].xml, f);
	fclose(f);
	err[0] = 0;
	ck_assert_int_ne(ecsim_esi_model(path, &sel, &m, err, sizeof(err)),
			 0);
	ck_assert_ptr_null(m);
	ck_assert_msg(!strncmp(err, path, strlen(path)) &&
		      strstr(err, bad_esi[_i].msg),
		      "case %d: \"%s\" lacks \"%s\"", _i, err,
		      bad_esi[_i].msg);
	/* and through a segment file: the slave, the file, the element */
	snprintf(json, sizeof(json), "{\"slaves\":[{\"esi\":\"%s\"}]}", path);
	ck_assert_ptr_null(ecsim_segment_new_string(json, err, sizeof(err)));
	ck_assert_msg(strstr(err, "slave 0: ") && strstr(err, path) &&
		      strstr(err, bad_esi[_i].msg), "case %d: %s", _i, err);
	/* a missing file */
	ck_assert_int_ne(ecsim_esi_model("/nonexistent/x.xml", &sel, &m, err,
					 sizeof(err)), 0);
	ck_assert_ptr_nonnull(strstr(err, "/nonexistent/x.xml"));
	unlink(path);
}
END_TEST

/*
 * A dictionary the importer takes but the object dictionary refuses (an
 * entry or an object given twice): the segment names the slave and the
 * ESI file (fuzz_sim_esi found the message named neither).
 */
static const char *const bad_dict[] = {
	"<DataTypes><DataType><Name>DT2000</Name><BitSize>24</BitSize>"
	"<SubItem><SubIdx>0</SubIdx><Name>n</Name><Type>USINT</Type>"
	"<BitSize>8</BitSize><BitOffs>0</BitOffs></SubItem>"
	"<SubItem><SubIdx>1</SubIdx><Name>a</Name><Type>USINT</Type>"
	"<BitSize>8</BitSize><BitOffs>8</BitOffs></SubItem>"
	"<SubItem><SubIdx>1</SubIdx><Name>b</Name><Type>USINT</Type>"
	"<BitSize>8</BitSize><BitOffs>16</BitOffs></SubItem>"
	"</DataType></DataTypes><Objects><Object><Index>#x2000</Index>"
	"<Name>rec</Name><Type>DT2000</Type></Object></Objects>",
	"<Objects><Object><Index>#x2001</Index><Name>a</Name>"
	"<Type>UDINT</Type></Object><Object><Index>#x2001</Index>"
	"<Name>b</Name><Type>UDINT</Type></Object></Objects>",
};

START_TEST(test_bad_dictionary)
{
	static const char *const what[] = {
		"object 0x2000: subindex 1 defined twice",
		"object 0x2001",
	};
	char path[64], err[768] = "", json[128];
	FILE *f;

	tmp_path(path, sizeof(path));
	f = fopen(path, "w");
	fprintf(f, "<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions>"
		"<Devices><Device><Type ProductCode=\"1\">T</Type><Name>n"
		"</Name><Mailbox><CoE/></Mailbox><Profile><Dictionary>%s"
		"</Dictionary></Profile></Device></Devices></Descriptions>"
		"</EtherCATInfo>", bad_dict[_i]);
	fclose(f);
	snprintf(json, sizeof(json), "{\"slaves\":[{\"esi\":\"%s\"}]}", path);
	ck_assert_ptr_null(ecsim_segment_new_string(json, err, sizeof(err)));
	ck_assert_msg(strstr(err, "slave 0 ") && strstr(err, path) &&
		      strstr(err, what[_i]), "case %d: %s", _i, err);
	unlink(path);
}
END_TEST

/* 0x1011:01 "load" restores the defaults; other values are refused. */
START_TEST(test_restore_defaults)
{
	struct ecsim_segment *seg = seg_new(
		"{\"slaves\":[{\"model\":\"EL3102\"}]}");
	struct ecsim_od *od = seg->slaves[0].od;
	uint8_t cyc[4] = { 0x80, 0x84, 0x1e, 0x00 };	/* 2 ms */
	uint8_t bad[4] = { 1, 2, 3, 4 };
	uint8_t load[4] = { 'l', 'o', 'a', 'd' };

	ck_assert_uint_eq(ecsim_od_sdo_download(od, 0x1c33, 2, false, cyc, 4),
			  0);
	ck_assert_uint_eq(od_u(od, 0x1c33, 2), 2000000);
	ck_assert_uint_eq(ecsim_od_sdo_download(od, 0x1011, 1, false, bad, 4),
			  ECSIM_ABORT_CANNOT_STORE);
	ck_assert_uint_eq(od_u(od, 0x1c33, 2), 2000000);
	ck_assert_uint_eq(ecsim_od_sdo_download(od, 0x1011, 1, false, load,
						4), 0);
	ck_assert_uint_eq(od_u(od, 0x1c33, 2), 1000000);
	ck_assert_uint_eq(od_u(od, 0x1011, 1), 0);
	ecsim_segment_free(seg);
}
END_TEST

static Suite *esi_suite(void)
{
	Suite *s = suite_create("sim_esi");
	TCase *tc = tcase_create("esi");

	tcase_add_test(tc, test_round_trip_catalogue);
	tcase_add_test(tc, test_catalogue_fidelity);
	tcase_add_test(tc, test_digital_input);
	tcase_add_test(tc, test_analog_input_coe);
	tcase_add_test(tc, test_dc_drive);
	tcase_add_test(tc, test_esi_folder);
	tcase_add_test(tc, test_eeprom_data);
	tcase_add_test(tc, test_master_xml);
	tcase_add_test(tc, test_info_list);
	tcase_add_loop_test(tc, test_bad_files, 0,
			    sizeof(bad_esi) / sizeof(bad_esi[0]));
	tcase_add_loop_test(tc, test_bad_dictionary, 0,
			    sizeof(bad_dict) / sizeof(bad_dict[0]));
	tcase_add_test(tc, test_restore_defaults);
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
