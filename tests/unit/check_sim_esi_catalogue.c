// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_sim_esi_catalogue.c - the simulator's catalogue and ESI: every
 * catalogue model exported and imported again gives the same SII bytes,
 * ESC and object dictionary; the models show what the real terminals
 * show; "load" into 0x1011:01 restores a model's defaults.
 */
#include "esi_harness.h"

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

int main(void)
{
	Suite *s = suite_create("sim_esi_catalogue");
	TCase *tc = tcase_create("catalogue");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_round_trip_catalogue);
	tcase_add_test(tc, test_catalogue_fidelity);
	tcase_add_test(tc, test_restore_defaults);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
