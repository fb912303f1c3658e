// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_sim_esi_bad.c - bad ESI files and dictionaries are refused by the
 * simulator's importer with a message naming the file and the
 * element.
 */
#include "esi_harness.h"

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

int main(void)
{
	Suite *s = suite_create("sim_esi_bad");
	TCase *tc = tcase_create("bad");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_bad_files, 0,
			    sizeof(bad_esi) / sizeof(bad_esi[0]));
	tcase_add_loop_test(tc, test_bad_dictionary, 0,
			    sizeof(bad_dict) / sizeof(bad_dict[0]));
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
