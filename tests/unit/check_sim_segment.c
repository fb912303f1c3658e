// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_sim_segment.c - the simulator refuses bad segment files with a
 * message naming the slave (or model) and the key (sim/validate.c), and
 * the file name when the file comes from disk; too many slaves and too
 * many PDOs for the EEPROM get messages that say what to change.  The
 * cases of issue 29 (hostile segment files) are here too: no FMMU for
 * process data, overlapping sync managers, a PDO listed twice, a wire to
 * itself, strings and counts beyond what the SII and EtherCAT hold, a
 * duplicate key, and duplicate aliases (accepted with a warning).
 */
#include <check.h>
#include <jansson.h>
#include <stdbool.h>
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
	/* issue 29: input PDOs but no FMMU to reach them */
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"esc\": { \"fmmus\": 0 }, \"sms\": [ { \"type\": \"inputs\", \"start\": \"0x1000\", \"size\": 1 } ], \"pdos\": [ { \"index\": \"0x1a00\", \"sm\": 0, \"entries\": [ { \"index\": \"0x6000\", \"sub\": 1, \"bits\": 8 } ] } ] } } }",
	  "model \"M\": \"esc\": \"fmmus\": 0, but the model has input process data: it needs an FMMU for each direction (1)" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"esc\": { \"fmmus\": 1 }, \"sms\": [ { \"type\": \"outputs\", \"start\": \"0x1000\", \"size\": 1 }, { \"type\": \"inputs\", \"start\": \"0x1100\", \"size\": 1 } ], \"pdos\": [ { \"index\": \"0x1600\", \"sm\": 0, \"entries\": [ { \"index\": \"0x7000\", \"sub\": 1, \"bits\": 8 } ] }, { \"index\": \"0x1a00\", \"sm\": 1, \"entries\": [ { \"index\": \"0x6000\", \"sub\": 1, \"bits\": 8 } ] } ] } } }",
	  "\"fmmus\": 1, but the model has output and input process data: it needs an FMMU for each direction (2)" },
	/* sync managers on the same bytes */
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"sms\": [ { \"type\": \"mbx_out\", \"start\": \"0x1000\", \"size\": 4 }, { \"type\": \"mbx_in\", \"start\": \"0x1002\", \"size\": 4 } ] } } }",
	  "model \"M\": \"sms\"[1]: 0x1002-0x1005 overlaps \"sms\"[0] 0x1000-0x1003" },
	/* a PDO listed twice, a PDO index outside the PDO ranges */
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"sms\": [ { \"type\": \"inputs\", \"start\": \"0x1000\", \"size\": 2 } ], \"pdos\": [ { \"index\": \"0x1a00\", \"sm\": 0, \"entries\": [ { \"index\": \"0x6000\", \"sub\": 1, \"bits\": 8 } ] }, { \"index\": \"0x1A00\", \"sm\": 0, \"entries\": [ { \"index\": \"0x6000\", \"sub\": 2, \"bits\": 8 } ] } ] } } }",
	  "model \"M\": \"pdos\"[1]: PDO 0x1a00 is listed twice (also \"pdos\"[0])" },
	{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"pdos\": [ { \"index\": \"0x2000\", \"entries\": [] } ] } } }",
	  "\"pdos\"[0]: \"index\": 0x2000 is neither an RxPDO (0x1600-0x17ff) nor a TxPDO (0x1a00-0x1bff)" },
	/* a wire from an entry (or a slave) to itself */
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL2008\" }, { \"model\": \"EL2008\" } ], \"wires\": [ { \"from\": \"2:0x7000:01\", \"to\": \"2:0x7000:1\" } ] }",
	  "\"wires\"[0]: \"from\" and \"to\" are the same entry" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL2008\" }, { \"model\": \"EL2008\" } ], \"wires\": [ { \"from\": 2, \"to\": 2 } ] }",
	  "\"wires\"[0]: \"from\" and \"to\" are the same slave" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"wires\": [ { \"from\": \"2:0\", \"to\": \"2:0\" } ] }",
	  "\"wires\"[0]: \"from\": \"2:0\" is not \"SLAVE:INDEX:SUB\"" },
	/* a duplicate key in one object (jansson: JSON_REJECT_DUPLICATES) */
	{ "{ \"slaves\": [ { \"model\": \"EK1100\", \"model\": \"EL1008\" } ] }",
	  "line 1: duplicate object key" },
	{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"slaves\": [] }",
	  "duplicate object key" },
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

/* A JSON text of @n bytes of 'x' in place of %s in @fmt. */
static char *with_long_string(const char *fmt, size_t n)
{
	char *s = malloc(n + 1), *json;
	size_t size = strlen(fmt) + n + 1;

	ck_assert_ptr_nonnull(s);
	memset(s, 'x', n);
	s[n] = '\0';
	json = malloc(size);
	ck_assert_ptr_nonnull(json);
	snprintf(json, size, fmt, s);
	free(s);
	return json;
}

/* Every string at most 255 bytes (one SII string), a comment 65535; a
 * 100 KB name and one of 256 bytes are refused with the slave or model
 * and the key. */
START_TEST(test_long_strings)
{
	static const struct {
		const char *fmt;
		size_t n;
		const char *message;
	} cases[] = {
		{ "{ \"slaves\": [ { \"model\": \"EL1008\", \"name\": \"%s\" } ] }",
		  102400, "slave 0 (model \"EL1008\"): \"name\": 102400 bytes, more than the 255 an SII string holds" },
		{ "{ \"slaves\": [ { \"model\": \"EL1008\", \"name\": \"%s\" } ] }",
		  256, "slave 0 (model \"EL1008\"): \"name\": 256 bytes, more than the 255" },
		{ "{ \"slaves\": [ { \"model\": \"M\" } ], \"models\": { \"M\": { \"vendor\": 2, \"product\": 3, \"pdos\": [ { \"index\": \"0x1a00\", \"entries\": [ { \"index\": \"0x6000\", \"sub\": 1, \"bits\": 8, \"name\": \"%s\" } ] } ] } } }",
		  300, "model \"M\": \"pdos\"[0]: \"entries\"[0]: \"name\": 300 bytes, more than the 255" },
		{ "{ \"slaves\": [ { \"model\": \"EK1100\", \"foe\": { \"files\": [ { \"name\": \"%s\" } ] } } ] }",
		  1000, "slave 0 (model \"EK1100\"): \"foe\": \"files\"[0]: \"name\": 1000 bytes" },
		{ "{ \"slaves\": [ { \"model\": \"EK1100\" } ], \"comment\": \"%s\" }",
		  65536, "\"comment\": 65536 bytes, more than the 65535 of a comment" },
	};
	struct ecsim_segment *seg;
	char err[512], *json;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json = with_long_string(cases[i].fmt, cases[i].n);
		seg = ecsim_segment_new_string(json, err, sizeof(err));
		free(json);
		ck_assert_msg(seg == NULL, "case %zu accepted", i);
		ck_assert_msg(strstr(err, cases[i].message), "'%s' not in '%s'",
			      cases[i].message, err);
	}
	/* a comment is for people, never an SII string: 384 bytes fit
	 * (examples/dc/segment.json has one) */
	json = with_long_string(cases[4].fmt, 384);
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	free(json);
	ck_assert_msg(seg != NULL, "%s", err);
	ecsim_segment_free(seg);
	/* 255 bytes fit */
	json = with_long_string(cases[0].fmt, 255);
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	free(json);
	ck_assert_msg(seg != NULL, "%s", err);
	ecsim_segment_free(seg);
}
END_TEST

/* A file too big to be a segment (the 200 MB name of issue 29) is
 * refused before it is read; a sparse file costs no disk. */
START_TEST(test_file_too_big)
{
	char path[] = "/tmp/check_sim_segmentXXXXXX";
	struct ecsim_segment *seg;
	char err[512], expect[128];
	int fd;

	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, 200 << 20), 0);
	close(fd);
	seg = ecsim_segment_new_file(path, err, sizeof(err));
	unlink(path);
	ck_assert_ptr_null(seg);
	snprintf(expect, sizeof(expect),
		 "%s: %d bytes, more than the 64 MiB a segment file may have",
		 path, 200 << 20);
	ck_assert_msg(strstr(err, expect), "'%s' not in '%s'", expect, err);
}
END_TEST

/* A model of @n_pdos TxPDOs of @per entries each, named E0, E1, ...
 * (all "E0" when not @distinct). */
static char *model_with_entries(int n_pdos, int per, bool distinct)
{
	char *json = malloc(1 << 20), *p;
	int i, k;

	ck_assert_ptr_nonnull(json);
	p = json + sprintf(json, "{ \"slaves\": [ { \"model\": \"M\" } ],"
			   " \"models\": { \"M\": { \"vendor\": 2, \"product\": 3,"
			   " \"esc\": { \"eeprom_kbit\": 512 }, \"pdos\": [");
	for (k = 0; k < n_pdos; k++) {
		p += sprintf(p, "%s{ \"index\": %d, \"entries\": [",
			     k ? "," : "", 0x1a00 + k);
		for (i = 0; i < per; i++)
			p += sprintf(p, "%s{ \"index\": 0, \"bits\": 1, \"name\": \"E%d\" }",
				     i ? "," : "", distinct ? k * per + i : 0);
		p += sprintf(p, "] }");
	}
	strcpy(p, "] } } }");
	return json;
}

/* Counts bounded by EtherCAT: 255 entries per PDO, 255 SII strings. */
START_TEST(test_counts)
{
	struct ecsim_segment *seg;
	char err[512], *json;

	json = model_with_entries(1, 256, false);
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	free(json);
	ck_assert_ptr_null(seg);
	ck_assert_msg(strstr(err, "model \"M\": \"pdos\"[0]: \"entries\": 256 entries, more than the 255 a PDO can have"),
		      "%s", err);

	json = model_with_entries(1, 255, false);
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	free(json);
	ck_assert_msg(seg != NULL, "%s", err);
	ecsim_segment_free(seg);

	/* 2 x 128 different names: more than a string index can number */
	json = model_with_entries(2, 128, true);
	seg = ecsim_segment_new_string(json, err, sizeof(err));
	free(json);
	ck_assert_ptr_null(seg);
	ck_assert_msg(strstr(err, "model \"M\": more than 255 different names"),
		      "%s", err);
}
END_TEST

/* Duplicate station aliases happen on real segments: accepted, with one
 * warning line per alias naming the slaves. */
START_TEST(test_duplicate_alias_warning)
{
	struct ecsim_segment *seg;
	const char *w;
	char err[512];

	seg = ecsim_segment_new_string(
		"{ \"slaves\": [ { \"model\": \"EK1100\", \"alias\": 7 },"
		" { \"model\": \"EL1008\", \"alias\": 5 },"
		" { \"model\": \"EL2008\", \"alias\": 7 },"
		" { \"model\": \"EL2008\", \"alias\": \"0x0007\" },"
		" { \"model\": \"EL2008\" }, { \"model\": \"EL2008\" } ] }",
		err, sizeof(err));
	ck_assert_msg(seg != NULL, "%s", err);
	w = ecsim_segment_warnings(seg);
	ck_assert_ptr_nonnull(w);
	ck_assert_str_eq(w, "slaves 0, 2 and 3 have the same \"alias\" 7: a master addressing alias 7 cannot tell them apart\n");
	ecsim_segment_free(seg);

	/* distinct aliases (and many slaves without one): no warning */
	seg = ecsim_segment_new_string(
		"{ \"slaves\": [ { \"model\": \"EK1100\", \"alias\": 7 },"
		" { \"model\": \"EL1008\", \"alias\": 5 },"
		" { \"model\": \"EL2008\" }, { \"model\": \"EL2008\" } ] }",
		err, sizeof(err));
	ck_assert_msg(seg != NULL, "%s", err);
	ck_assert_ptr_null(ecsim_segment_warnings(seg));
	ecsim_segment_free(seg);
}
END_TEST

/*
 * A slave's ESC address space is a mapping whose untouched pages cost
 * nothing (sim/esc.c): it reads zero everywhere when built, keeps what is
 * written, and reads zero again after a replug (power cycle), registers
 * back at their reset values.
 */
START_TEST(test_memory_reset)
{
	static const uint8_t pattern[4] = { 0xde, 0xad, 0xbe, 0xef };
	static const uint16_t addrs[] = { 0x1000, 0x1ffc, 0x8000, 0xfffc };
	struct ecsim_segment *seg;
	uint8_t buf[4], zero[4] = { 0 };
	char err[256];
	size_t i;

	seg = ecsim_segment_new_string("{ \"slaves\": [ { \"model\": \"EK1100\" },"
				       " { \"model\": \"EL2008\" } ] }",
				       err, sizeof(err));
	ck_assert_msg(seg != NULL, "%s", err);
	for (i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++) {
		ck_assert_int_eq(ecsim_slave_peek(seg, 1, addrs[i], buf, 4), 0);
		ck_assert_mem_eq(buf, zero, 4);
		ck_assert_int_eq(ecsim_slave_poke(seg, 1, addrs[i], pattern, 4),
				 0);
		ck_assert_int_eq(ecsim_slave_peek(seg, 1, addrs[i], buf, 4), 0);
		ck_assert_mem_eq(buf, pattern, 4);
	}
	ck_assert_int_eq(ecsim_segment_unplug(seg, 1), 0);
	ck_assert_int_eq(ecsim_segment_replug(seg, 1), 0);
	for (i = 0; i < sizeof(addrs) / sizeof(addrs[0]); i++) {
		ck_assert_int_eq(ecsim_slave_peek(seg, 1, addrs[i], buf, 4), 0);
		ck_assert_mem_eq(buf, zero, 4);
	}
	/* AL status INIT (0x0130), DL control forwarding rule (0x0100) */
	ck_assert_int_eq(ecsim_slave_peek(seg, 1, 0x0130, buf, 1), 0);
	ck_assert_uint_eq(buf[0], 1);
	ck_assert_int_eq(ecsim_slave_peek(seg, 1, 0x0100, buf, 1), 0);
	ck_assert_uint_eq(buf[0] & 1, 1);
	ecsim_segment_free(seg);
}
END_TEST

/* Every catalogue model passes the validation (its bounds included). */
START_TEST(test_catalogue_models)
{
	json_t *cat = json_load_file("sim/catalogue/catalogue.json", 0, NULL);
	struct ecsim_segment *seg;
	char json[256], err[512];
	const char *name;
	json_t *m;
	int n = 0;

	ck_assert_ptr_nonnull(cat);
	json_object_foreach(json_object_get(cat, "models"), name, m) {
		snprintf(json, sizeof(json),
			 "{ \"slaves\": [ { \"model\": \"%s\" } ] }", name);
		seg = ecsim_segment_new_string(json, err, sizeof(err));
		ck_assert_msg(seg != NULL, "%s: %s", name, err);
		ecsim_segment_free(seg);
		n++;
	}
	ck_assert_int_ge(n, 20);
	json_decref(cat);
}
END_TEST

/* The shipped segments pass the validation. */
START_TEST(test_shipped_segments)
{
	static const char *const files[] = {
		"sim/segments/default.json", "sim/segments/small.json",
		"sim/segments/big100.json", "sim/segments/second.json",
		"sim/segments/wide100.json",
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
	tcase_add_test(tc, test_long_strings);
	tcase_add_test(tc, test_file_too_big);
	tcase_add_test(tc, test_counts);
	tcase_add_test(tc, test_duplicate_alias_warning);
	tcase_add_test(tc, test_catalogue_models);
	tcase_add_test(tc, test_memory_reset);
	tcase_add_test(tc, test_shipped_segments);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
