// SPDX-License-Identifier: GPL-2.0-only
/*
 * The simulator's control commands as ethercat-sim-ctl sends them
 * (sim/control.c): the wire values (input/output), the "json" answers
 * (parsed back with jansson: they must be valid JSON and say what the text
 * answer says) and the errors of both forms.
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "ecsim.h"

static const char *three =
	"{\"slaves\":[{\"model\":\"EK1100\"},{\"model\":\"EL1008\"},"
	"{\"model\":\"EL2008\"}]}";

static struct ecsim_segment *seg_new(const char *json)
{
	char err[256];
	struct ecsim_segment *seg = ecsim_segment_new_string(json, err,
							     sizeof(err));

	ck_assert_msg(seg != NULL, "segment: %s", err);
	return seg;
}

static int cmd(struct ecsim_segment *seg, const char *line, char *out,
	       size_t len)
{
	return ecsim_segment_command(seg, line, out, len);
}

/* The one-line JSON answer, parsed; fails the test when it is not JSON. */
static json_t *cmd_json(struct ecsim_segment *seg, const char *line, int rc)
{
	char out[8192];
	json_error_t e;
	json_t *j;

	ck_assert_int_eq(cmd(seg, line, out, sizeof(out)), rc);
	ck_assert_msg(strchr(out, '\n') == out + strlen(out) - 1,
		      "%s: not one line: %s", line, out);
	j = json_loads(out, 0, &e);
	ck_assert_msg(j != NULL, "%s: not JSON (%s): %s", line, e.text, out);
	ck_assert(json_is_boolean(json_object_get(j, "ok")));
	ck_assert_int_eq(json_is_true(json_object_get(j, "ok")), rc == 0);
	return j;
}

START_TEST(test_wire_values)
{
	struct ecsim_segment *seg = seg_new(three);
	char out[1024];
	uint64_t v;

	ck_assert_int_eq(cmd(seg, "input 1 0x6000 1 1", out, sizeof(out)), 0);
	ck_assert_str_eq(out, "ok\n");
	ck_assert_int_eq(ecsim_slave_input(seg, 1, 0x6000, 1, &v), 0);
	ck_assert_uint_eq(v, 1);
	ck_assert_int_eq(cmd(seg, "input 1 0x6070 1 1", out, sizeof(out)), 0);
	ck_assert_int_eq(cmd(seg, "input 1 0x6070 1", out, sizeof(out)), 0);
	ck_assert_str_eq(out, "value 1 0x1\nok\n");
	ck_assert_int_eq(cmd(seg, "output 2 0x7000 1", out, sizeof(out)), 0);
	ck_assert_str_eq(out, "value 0 0x0\nok\n");
	/* an output is the master's: it cannot be set */
	ck_assert_int_eq(cmd(seg, "output 2 0x7000 1 1", out, sizeof(out)),
			 -EINVAL);
	ck_assert_int_eq(cmd(seg, "input 9 0x6000 1", out, sizeof(out)),
			 -ENOENT);
	ck_assert_str_eq(out, "error: no slave 9\n");
	ck_assert_int_eq(cmd(seg, "input 1 0x1234 1 5", out, sizeof(out)),
			 -ENOENT);
	ck_assert_ptr_nonnull(strstr(out, "error: slave 1 has no mapped "
				     "input entry 0x1234:01"));
	ck_assert_int_eq(cmd(seg, "output 1 0x7000 1", out, sizeof(out)),
			 -ENOENT);
	ck_assert_ptr_nonnull(strstr(out, "no mapped output entry"));
	ck_assert_int_eq(cmd(seg, "input 1 0x6000 1 x", out, sizeof(out)),
			 -EINVAL);
	ck_assert_ptr_nonnull(strstr(out, "\"x\" is not a value"));
	ck_assert_int_eq(cmd(seg, "input 1 0x6000 1 -1", out, sizeof(out)),
			 -EINVAL);
	ck_assert_int_eq(cmd(seg, "input 1 0x10000 1", out, sizeof(out)),
			 -EINVAL);
	ck_assert_ptr_nonnull(strstr(out, "error: usage: "));
	ck_assert_int_eq(cmd(seg, "status a b c d e f", out, sizeof(out)),
			 -EINVAL);
	ck_assert_str_eq(out, "error: too many words\n");
	ecsim_segment_free(seg);
}
END_TEST

START_TEST(test_json_answers)
{
	struct ecsim_segment *seg = seg_new(three);
	json_t *j, *s;

	j = cmd_json(seg, "json input 1 0x6000 1 3", 0);
	ck_assert_uint_eq(json_object_size(j), 1);
	json_decref(j);
	j = cmd_json(seg, "json input 1 0x6000 1", 0);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "value")), 1);
	json_decref(j);
	j = cmd_json(seg, "json unplug 9", -ENOENT);
	ck_assert_str_eq(json_string_value(json_object_get(j, "error")),
			 "no slave 9");
	json_decref(j);
	j = cmd_json(seg, "json frobnicate", -EINVAL);
	ck_assert_ptr_nonnull(strstr(json_string_value(
		json_object_get(j, "error")), "usage: "));
	json_decref(j);
	j = cmd_json(seg, "json", -EINVAL);
	ck_assert_str_eq(json_string_value(json_object_get(j, "error")),
			 "empty command");
	json_decref(j);

	j = cmd_json(seg, "json unplug 1", 0);
	json_decref(j);
	j = cmd_json(seg, "json status", 0);
	s = json_object_get(j, "slaves");
	ck_assert_uint_eq(json_array_size(s), 3);
	ck_assert_str_eq(json_string_value(json_object_get(
		json_array_get(s, 2), "model")), "EL2008");
	ck_assert(json_is_false(json_object_get(json_array_get(s, 1),
						"plugged")));
	ck_assert_ptr_null(json_object_get(json_array_get(s, 1), "position"));
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_array_get(s, 2), "position")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(
		json_array_get(s, 0), "state")), "INIT");
	ck_assert(json_is_object(json_object_get(j, "frames")));
	ck_assert(json_is_array(json_object_get(j, "link_faults")));
	json_decref(j);

	/* a link fault, with its share as a JSON number */
	j = cmd_json(seg, "json rxerr 2 0 0.5", 0);
	json_decref(j);
	j = cmd_json(seg, "json status", 0);
	s = json_array_get(json_object_get(j, "link_faults"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(s, "kind")),
			 "rxerr");
	ck_assert(json_real_value(json_object_get(s, "percent")) == 0.5);
	json_decref(j);
	ecsim_segment_free(seg);
}
END_TEST

/* A model name is the user's text: quotes and control characters are
 * escaped in the JSON answer. */
START_TEST(test_json_escapes)
{
	struct ecsim_segment *seg = seg_new(
		"{\"models\":{\"A\\\"B\\\\C\\u0001\":{\"name\":\"x\","
		"\"vendor\":\"0x2\",\"product\":\"0x1\",\"revision\":\"0x1\"}},"
		"\"slaves\":[{\"model\":\"A\\\"B\\\\C\\u0001\"}]}");
	json_t *j = cmd_json(seg, "json status", 0);

	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(j, "slaves"), 0), "model")), "A\"B\\C\001");
	json_decref(j);
	ecsim_segment_free(seg);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sim_control");
	TCase *tc = tcase_create("control");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_wire_values);
	tcase_add_test(tc, test_json_answers);
	tcase_add_test(tc, test_json_escapes);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
