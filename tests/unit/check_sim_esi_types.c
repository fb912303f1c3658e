// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_sim_esi_types.c - segment files built from a folder of ESI files
 * and a list of types (sim/esi_types.c, "ethercat-sim --from-esi DIR
 * --types ..."): the file stands alone and builds the same slaves (SII
 * bytes, object dictionaries) as a segment naming the ESI files; unknown
 * types are refused with the closest names, a type with several revisions
 * needs one, bad lists and a missing folder are refused.
 */
#include <sys/stat.h>

#include "esi_harness.h"

/* The segment --from-esi writes for @types, as text (caller frees). */
static char *from_esi(const char *dir, const char *types)
{
	char err[1024] = "";
	json_t *js = NULL;
	char *text;
	int ret = ecsim_esi_segment(dir, types, NULL, &js, err, sizeof(err));

	ck_assert_msg(!ret, "%s: %s", types, err);
	text = json_dumps(js, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	ck_assert_ptr_nonnull(text);
	json_decref(js);
	return text;
}

/* @types refused with an error containing @want; returns the code. */
static int refused(const char *dir, const char *types, const char *want)
{
	char err[1024] = "";
	json_t *js = NULL;
	int ret = ecsim_esi_segment(dir, types, NULL, &js, err, sizeof(err));

	ck_assert_msg(ret < 0, "\"%s\" was taken", types);
	ck_assert_ptr_null(js);
	ck_assert_msg(strstr(err, want), "\"%s\": \"%s\" lacks \"%s\"", types,
		      err, want);
	return ret;
}

static void slave_eq(const struct ecsim_segment *a,
		     const struct ecsim_segment *b, unsigned int id)
{
	const uint8_t *ia, *ib;
	size_t la, lb;
	char what[32];

	snprintf(what, sizeof(what), "slave %u", id);
	ck_assert_int_eq(ecsim_slave_sii(a, id, &ia, &la), 0);
	ck_assert_int_eq(ecsim_slave_sii(b, id, &ib, &lb), 0);
	ck_assert_msg(la == lb && !memcmp(ia, ib, la), "%s: SII differs",
		      what);
	od_eq(a->slaves[id].od, b->slaves[id].od, what);
	esc_eq(a->slaves[id].model, b->slaves[id].model, what);
}

START_TEST(test_same_slaves_as_esi)
{
	char *text = from_esi(ESI_DIR, "EL1008, EL3102*2,ECSIM-SERVO");
	struct ecsim_segment *gen = seg_new(text);
	/* serials: the generated file gives none, the default is per slave */
	struct ecsim_segment *ref = seg_new(
		"{\"slaves\":["
		"{\"esi\":\"" ESI_DIR "/EL1008.xml\",\"type\":\"EL1008\"},"
		"{\"esi\":\"" ESI_DIR "/EL3102.xml\",\"type\":\"EL3102\"},"
		"{\"esi\":\"" ESI_DIR "/EL3102.xml\",\"type\":\"EL3102\"},"
		"{\"esi\":\"" ESI_DIR "/ECSIM-SERVO.xml\"}]}");
	json_t *js = json_loads(text, 0, NULL);
	unsigned int i;

	ck_assert_uint_eq(ecsim_segment_slave_count(gen), 4);
	for (i = 0; i < 4; i++)
		slave_eq(gen, ref, i);
	/* one model per device, named by its type, the identity in hex */
	ck_assert_uint_eq(json_object_size(json_object_get(js, "models")), 3);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(js, "slaves"), 2), "model")), "EL3102");
	ck_assert_str_eq(json_string_value(json_object_get(json_object_get(
		json_object_get(js, "models"), "EL3102"), "product")),
		"0x0c1e3052");
	ck_assert_ptr_null(json_object_get(json_object_get(json_object_get(
		js, "models"), "EL3102"), "unmodelled"));
	/* the file stands alone: it names no ESI file */
	ck_assert_ptr_null(strstr(text, "\"esi\""));
	json_decref(js);
	ecsim_segment_free(gen);
	ecsim_segment_free(ref);
	free(text);
}
END_TEST

START_TEST(test_unknown_type)
{
	ck_assert_int_eq(refused(ESI_DIR, "EL1008,EL1009",
				 "no ESI file describes EL1009; closest: "
				 "EL1008"), -ENOENT);
	refused(ESI_DIR, "el3102", "closest: EL3102");
	refused(ESI_DIR, "SERVO", "closest: ECSIM-SERVO");
	refused(ESI_DIR, "XYZ", "nothing close among the folder's 3 devices");
	refused(ESI_DIR, "EL1008@0x00110000",
		"no ESI file describes EL1008 revision 0x00110000; there is "
		"0x00100000 (" ESI_DIR "/EL1008.xml)");
}
END_TEST

/* A folder with EL1008 in two revisions (and a file that is not ESI). */
static void two_revisions(char *dir, size_t cap)
{
	char cmd[512];
	FILE *f;

	snprintf(dir, cap, "/tmp/check_sim_esi_types_XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd), "cp " ESI_DIR "/EL1008.xml %s/a.xml && "
		 "sed 's/RevisionNo=\"#x00100000\"/RevisionNo=\"#x00110000\"/'"
		 " " ESI_DIR "/EL1008.xml >%s/b.xml", dir, dir);
	ck_assert_int_eq(system(cmd), 0);
	snprintf(cmd, sizeof(cmd), "%s/notes.xml", dir);
	f = fopen(cmd, "w");
	ck_assert_ptr_nonnull(f);
	fputs("<notes>not ESI</notes>\n", f);
	fclose(f);
}

static void rm_dir(const char *dir)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_revisions)
{
	char dir[64], *text, want[256];
	struct ecsim_segment *seg;
	const uint8_t *img;
	json_t *js;
	size_t len;

	two_revisions(dir, sizeof(dir));
	snprintf(want, sizeof(want), "EL1008 has several revisions, say which "
		 "(EL1008@REVISION): 0x00100000 (%s/a.xml) 0x00110000 "
		 "(%s/b.xml)", dir, dir);
	ck_assert_int_eq(refused(dir, "EL1008", want), -EINVAL);
	text = from_esi(dir, "EL1008@0x00110000*2,EL1008@#x00100000");
	seg = seg_new(text);
	ck_assert_uint_eq(ecsim_segment_slave_count(seg), 3);
	ck_assert_int_eq(ecsim_slave_sii(seg, 1, &img, &len), 0);
	ck_assert_uint_eq(ecsim_get32(img + 2 * SII_REVISION), 0x00110000);
	ck_assert_int_eq(ecsim_slave_sii(seg, 2, &img, &len), 0);
	ck_assert_uint_eq(ecsim_get32(img + 2 * SII_REVISION), 0x00100000);
	/* two revisions of a type: the model names say which */
	js = json_loads(text, 0, NULL);
	ck_assert_ptr_nonnull(json_object_get(json_object_get(js, "models"),
					      "EL1008@0x00110000"));
	ck_assert_ptr_nonnull(json_object_get(json_object_get(js, "models"),
					      "EL1008@0x00100000"));
	json_decref(js);
	ecsim_segment_free(seg);
	free(text);
	rm_dir(dir);
}
END_TEST

START_TEST(test_bad_lists)
{
	refused(ESI_DIR, "", "an empty item");
	refused(ESI_DIR, "EL1008,", "an empty item");
	refused(ESI_DIR, "EL1008,,EL3102", "an empty item");
	refused(ESI_DIR, "EL1008*", "\"EL1008*\": the count after '*' must "
		"be 1..65535");
	refused(ESI_DIR, "EL1008*0", "the count after '*'");
	refused(ESI_DIR, "EL1008*3x", "the count after '*'");
	refused(ESI_DIR, "EL1008*40000,EL3102*40000", "80000 slaves, at most "
		"65535");
	refused(ESI_DIR, "EL1008@zz", "EL1008: bad revision \"zz\"");
	refused(ESI_DIR, "@0x1", "an item without a type");
}
END_TEST

START_TEST(test_missing_folder)
{
	ck_assert_int_eq(refused("/nonexistent/esi", "EL1008",
				 "/nonexistent/esi: No such file or "
				 "directory"), -ENOENT);
	/* a folder without ESI files */
	refused("tests/unit", "EL1008", "tests/unit: no ESI file (*.xml with "
		"<EtherCATInfo>) in the folder");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sim_esi_types");
	TCase *tc = tcase_create("esi_types");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_same_slaves_as_esi);
	tcase_add_test(tc, test_unknown_type);
	tcase_add_test(tc, test_revisions);
	tcase_add_test(tc, test_bad_lists);
	tcase_add_test(tc, test_missing_folder);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
