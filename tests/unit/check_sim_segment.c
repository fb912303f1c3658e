// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_sim_segment.c - the simulator refuses bad segment files with a
 * message naming the slave (or model) and the key (sim/validate.c), and
 * the file name when the file comes from disk; too many slaves and too
 * many PDOs for the EEPROM get messages that say what to change.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ecsim.h"

struct bad_case {
	const char *json;
	const char *message;
};

static const struct bad_case bad_cases[] = {
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"faults\": { \"drop\": 500 } }",
	  "\"faults\": \"drop\": 500 is not a number from 0 to 100" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"faults\": { \"corrupt\": -5 } }",
	  "\"faults\": \"corrupt\": -5 is not a number from 0 to 100" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"faults\": { \"delay_us\": -1 } }",
	  "\"faults\": \"delay_us\": -1 is not a number from 0 to 10000000" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"faults\": { \"dorp\": 5 } }",
	  "\"faults\": unknown key \"dorp\"" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"dc\": { \"fwd_ns\": \"x\" } }",
	  "\"dc\": \"fwd_ns\": \"x\" is not a number" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\", \"alias\": 70000 } ] }",
	  "slave 0 (model \"EK1100\"): \"alias\": 70000 is not a number from 0 to 65535" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"NOPE\" } ] }",
	  "slave 1 (model \"NOPE\"): \"model\": no model \"NOPE\"" },
	{ "{ \"slaves\": [ { \"modle\": \"EK1100\" } ] }",
	  "slave 0: slave: unknown key \"modle\"" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\", \"faults\": { \"al_error\": 70000 } } ] }",
	  "slave 0 (model \"EK1100\"): \"faults\": \"al_error\": 70000" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\", \"faults\": { \"unplugged\": 1 } } ] }",
	  "\"faults\": \"unplugged\": 1 is not true or false" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"esc\": \"foo\" } } }",
	  "model \"M\": \"esc\" must be an object, not \"foo\"" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": {} } }",
	  "model \"M\": a model needs at least \"vendor\" and \"product\"" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"esc\": { \"ram_kb\": 1 }, \"sms\": [ { \"type\": \"outputs\", \"start\": \"0x1300\", \"size\": 512 } ] } } }",
	  "model \"M\": \"sms\"[0]: 0x1300-0x14ff runs beyond the ESC's process RAM 0x1000-0x13ff (\"esc\": \"ram_kb\" 1)" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"esc\": { \"ram_kb\": 60 }, \"sms\": [ { \"type\": \"outputs\", \"start\": \"0xff00\", \"size\": 512 } ] } } }",
	  "\"sms\"[0]: \"start\" 0xff00 + \"size\" 512 runs past the 64 KiB ESC address space" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"sms\": [ { \"type\": \"outputs\", \"start\": \"0x1000\", \"size\": 1 } ], \"pdos\": [ { \"index\": \"0x1600\", \"sm\": 2, \"entries\": [] } ] } } }",
	  "model \"M\": \"pdos\"[0]: \"sm\": 2, but the model has 1 sync manager (\"sms\")" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"pdos\": [ { \"index\": \"0x1a00\", \"entries\": [ { \"index\": \"0x6000\", \"sub\": 1, \"type\": \"FLOAT128\" } ] } ] } } }",
	  "\"pdos\"[0]: \"entries\"[0]: \"type\": unknown data type FLOAT128" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"mailbox\": { \"protocols\": [ \"CoE\", \"XoE\" ] } } } }",
	  "\"mailbox\": \"protocols\"[1]: unknown mailbox protocol XoE" },
	{ "{ \"slaves\": [ { \"model\": \"EL1008\", \"inputs\": { \"0x6080:01\": 1 } } ] }",
	  "slave 0 (model \"EL1008\"): \"inputs\": \"0x6080:01\": the model has no input entry 0x6080:01" },
	{ "{ \"slaves\": [ { \"model\": \"EL1008\", \"inputs\": { \"0x6000:01\": { \"pattern\": \"sawtooth\" } } } ] }",
	  "\"pattern\" must be \"constant\", \"counter\" or \"toggle\"" },
	{ "{ \"slaves\": [ { \"model\": \"EL2008\" }, { \"model\": \"EL1008\" } ], \"wires\": [ { \"from\": \"0:0x7000:09\", \"to\": \"1:0x6000:01\" } ] }",
	  "\"wires\"[0]: \"from\": slave 0 has no output entry 0x7000:09" },
	{ "{ \"slaves\": [ { \"model\": \"EL2008\" }, { \"model\": \"EL1008\" } ], \"wires\": [ { \"from\": 0, \"to\": 5 } ] }",
	  "\"wires\"[0]: \"to\": no slave 5 (there are 2)" },
	{ "{ \"slaves\": [ { \"model\": \"EL2008\" }, { \"model\": \"EL1008\" } ], \"wires\": [ { \"from\": 0, \"to\": \"1:0x6000:01\" } ] }",
	  "\"wires\"[0] must be" },
	{ "{ \"slaves\": {} }",
	  "\"slaves\" must be an array" },
	{ "{ \"slave\": [] }",
	  "the segment: unknown key \"slave\"" },
	{ "[]",
	  "a segment file must be an object" },
};

START_TEST(test_bad_segment)
{
	const struct bad_case *c = &bad_cases[_i];
	struct ecsim_segment *seg;
	char err[512] = "";

	seg = ecsim_segment_new_string(c->json, err, sizeof(err));
	ck_assert_msg(seg == NULL, "accepted: %s", c->json);
	ck_assert_msg(strstr(err, c->message), "'%s' not in '%s'", c->message,
		      err);
}
END_TEST

/* A segment file with too many slaves names the file. */
START_TEST(test_too_many_slaves_file)
{
	char path[] = "/tmp/check_sim_segmentXXXXXX";
	struct ecsim_segment *seg;
	char err[512], expect[128];
	FILE *f;
	int fd, i;

	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	fputs("{ \"slaves\": [", f);
	for (i = 0; i < 65536; i++)
		fprintf(f, "%s{\"model\":\"EK1100\"}", i ? "," : "");
	fputs("] }", f);
	fclose(f);
	seg = ecsim_segment_new_file(path, err, sizeof(err));
	unlink(path);
	ck_assert_ptr_null(seg);
	snprintf(expect, sizeof(expect),
		 "%s: \"slaves\": 65536 slaves, more than the 65535", path);
	ck_assert_msg(strstr(err, expect), "'%s' not in '%s'", expect, err);
}
END_TEST

/* Too many PDOs for the EEPROM: says what to change, not "File too large". */
START_TEST(test_sii_too_large)
{
	struct ecsim_segment *seg;
	char err[512], *json, *p;
	size_t size = 1 << 20;
	int i;

	json = malloc(size);
	ck_assert_ptr_nonnull(json);
	p = json + sprintf(json, "{ \"slaves\": [ { \"model\": \"BIG\" } ],"
			   " \"models\": { \"BIG\": { \"vendor\": 2, \"product\": 3,"
			   " \"esc\": { \"eeprom_kbit\": 1 },"
			   " \"sms\": [ { \"type\": \"inputs\", \"start\": \"0x1000\","
			   " \"size\": 64 } ], \"pdos\": [");
	for (i = 0; i < 64; i++)
		p += sprintf(p, "%s{ \"index\": %d, \"sm\": 0, \"name\": \"PDO %d\","
			     " \"entries\": [ { \"index\": \"0x6000\", \"sub\": %d,"
			     " \"bits\": 8, \"name\": \"Value\" } ] }",
			     i ? "," : "", 0x1a00 + i, i, i + 1);
	strcpy(p, "] } } }");
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	free(json);
	ck_assert_ptr_null(seg);
	ck_assert_msg(strstr(err, "slave 0 (model \"BIG\"): its SII image"),
		      "%s", err);
	ck_assert_msg(strstr(err, "\"eeprom_kbit\""), "%s", err);
	ck_assert_msg(!strstr(err, "File too large"), "%s", err);
}
END_TEST

/* The shipped segments pass the validation. */
START_TEST(test_shipped_segments)
{
	static const char *const files[] = {
		"sim/segments/default.json", "sim/segments/small.json",
		"sim/segments/big100.json",
	};
	struct ecsim_segment *seg;
	char err[512];
	size_t i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		seg = ecsim_segment_new_file(files[i], err, sizeof(err));
		ck_assert_msg(seg != NULL, "%s", err);
		ecsim_segment_free(seg);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sim_segment");
	TCase *tc = tcase_create("validate");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_bad_segment, 0,
			    sizeof(bad_cases) / sizeof(bad_cases[0]));
	tcase_add_test(tc, test_too_many_slaves_file);
	tcase_add_test(tc, test_sii_too_large);
	tcase_add_test(tc, test_shipped_segments);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
