// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_sim_esi.c - the simulator's ESI import (sim/esi*.c) of the test
 * ESI files in tests/esi/: they load and give what they say (SII,
 * objects, DC, a folder of files, <Eeprom><Data>), and the master's
 * "ethercat xml" output is read back.  The catalogue's export and
 * import are in check_sim_esi_catalogue.c, bad files in
 * check_sim_esi_bad.c.
 */
#include "esi_harness.h"

/* ---- the test ESI files (tests/esi/) ---- */

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

int main(void)
{
	Suite *s = suite_create("sim_esi");
	TCase *tc = tcase_create("esi");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_digital_input);
	tcase_add_test(tc, test_analog_input_coe);
	tcase_add_test(tc, test_dc_drive);
	tcase_add_test(tc, test_esi_folder);
	tcase_add_test(tc, test_eeprom_data);
	tcase_add_test(tc, test_master_xml);
	tcase_add_test(tc, test_info_list);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
