// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_soe.c - the SoE client against the in-process segment's SERCOS
 * drive (ECSIM-SOE): identification IDNs, every element (value, name,
 * attribute, unit, minimum, maximum), writes read back, fragmented reads
 * and writes through a small mailbox, the drive's error codes with their
 * texts, lost frames, a slave without SoE, and process data laid out by
 * the AT/MDT configuration written in PREOP.
 */
#include <jansson.h>
#include <stdlib.h>

#include "harness.h"
#include "slave/fsm_slave.h"
#include "mailbox/fsm_soe.h"
#include "mailbox/mbox_text.h"
#include "request/requests.h"
#include "slave/slave.h"

#include "sim_priv.h"

#define ID_COUPLER 0
#define ID_SOE 1
#define ID_SMALL 2	/* the drive with 48-byte mailboxes */
#define ID_AI 3
#define NUM_SLAVES 4

#define S(n) ((u16)(n))
#define P(n) ((u16)(0x8000 | (n)))

static char *segment_json;

static void build_segment(void)
{
	json_error_t err;
	json_t *cat, *small, *seg, *models;

	cat = json_load_file("sim/catalogue/catalogue.json", 0, &err);
	ck_assert_msg(cat, "catalogue: %s", err.text);
	small = json_deep_copy(json_object_get(json_object_get(cat, "models"),
					       "ECSIM-SOE"));
	ck_assert_ptr_nonnull(small);
	json_object_set_new(small, "product", json_string("0x00000504"));
	json_object_set_new(json_array_get(json_object_get(small, "sms"), 0),
			    "size", json_integer(48));
	json_object_set_new(json_array_get(json_object_get(small, "sms"), 1),
			    "size", json_integer(48));
	seg = json_loads("{ \"slaves\": [ { \"model\": \"EK1100\" },"
			 " { \"model\": \"ECSIM-SOE\" },"
			 " { \"model\": \"SMALLSOE\" },"
			 " { \"model\": \"EL3102\" } ] }", 0, &err);
	ck_assert_ptr_nonnull(seg);
	models = json_object();
	json_object_set_new(models, "SMALLSOE", small);
	json_object_set_new(seg, "models", models);
	segment_json = json_dumps(seg, 0);
	json_decref(seg);
	json_decref(cat);
}

static unsigned int num_slaves = NUM_SLAVES;

static void setup(struct ec_harness *h)
{
	if (!segment_json)
		build_segment();
	ec_harness_init(h, segment_json);
	ck_assert(ec_harness_run_until(h, ec_harness_all_ready, &num_slaves,
				       30 * EC_NSEC_PER_SEC));
}

#define teardown ec_harness_teardown

static int soe(struct ec_harness *h, unsigned int pos, bool write, u8 drive,
	       u16 idn, u8 elements, u8 *buf, size_t mem, size_t *size,
	       u16 *code)
{
	struct ec_soe_request req;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.write = write;
	req.drive_no = drive;
	req.idn = idn;
	req.elements = elements;
	req.data = buf;
	req.mem_size = mem;
	req.data_size = write ? *size : 0;
	req.base.timeout_ns = 500 * EC_NSEC_PER_MSEC;
	ec_harness_run_request(h, h->master.slaves[pos], &req.base, EC_REQ_SOE,
			       10 * EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state,
			 req.base.error ? EC_REQ_FAILURE : EC_REQ_SUCCESS);
	if (size)
		*size = req.data_size;
	if (code)
		*code = req.error_code;
	return req.base.error;
}

static int rd(struct ec_harness *h, unsigned int pos, u16 idn, u8 el,
	      u8 *buf, size_t mem, size_t *size)
{
	return soe(h, pos, false, 0, idn, el, buf, mem, size, NULL);
}

/* A text or list element: 16-bit current and maximum length first. */
static void ck_text(const u8 *buf, size_t n, const char *want)
{
	ck_assert_uint_ge(n, 4);
	ck_assert_uint_eq(ec_get_u16(buf), strlen(want));
	ck_assert_uint_eq(n, 4 + strlen(want));
	ck_assert_int_eq(memcmp(buf + 4, want, strlen(want)), 0);
}

START_TEST(test_identification)
{
	struct ec_harness h;
	unsigned int pos;
	u8 buf[256];
	size_t n;

	setup(&h);
	for (pos = ID_SOE; pos <= ID_SMALL; pos++) {
		ck_assert_int_eq(rd(&h, pos, S(30), 0, buf, sizeof(buf), &n),
				 0);
		ck_text(buf, n, "ECSIM SoE drive 1.0");
		ck_assert_int_eq(rd(&h, pos, S(140), EC_SOE_ELEM_VALUE, buf,
				    sizeof(buf), &n), 0);
		ck_text(buf, n, "ECSIM-SOE");
		ck_assert_int_eq(rd(&h, pos, S(1), 0, buf, sizeof(buf), &n),
				 0);
		ck_assert_uint_eq(n, 2);
		ck_assert_uint_eq(ec_get_u16(buf), 1000);
		ck_assert_int_eq(rd(&h, pos, S(16), 0, buf, sizeof(buf), &n),
				 0);
		ck_assert_uint_eq(n, 8);
		ck_assert_uint_eq(ec_get_u16(buf + 4), 135);
		ck_assert_uint_eq(ec_get_u16(buf + 6), 51);
	}
	teardown(&h);
}
END_TEST

START_TEST(test_elements)
{
	struct ec_harness h;
	u8 buf[512];
	size_t n, all;
	u32 attr;

	setup(&h);
	ck_assert_int_eq(rd(&h, ID_SOE, P(1), EC_SOE_ELEM_NAME, buf,
			    sizeof(buf), &n), 0);
	ck_text(buf, n, "Following error window");
	ck_assert_int_eq(rd(&h, ID_SOE, P(1), EC_SOE_ELEM_UNIT, buf,
			    sizeof(buf), &n), 0);
	ck_text(buf, n, "deg");
	ck_assert_int_eq(rd(&h, ID_SOE, P(1), EC_SOE_ELEM_ATTRIBUTE, buf,
			    sizeof(buf), &n), 0);
	ck_assert_uint_eq(n, 4);
	attr = ec_get_u32(buf);
	ck_assert_uint_eq((attr >> 16) & 7, 2);		/* 4 bytes */
	ck_assert_uint_eq((attr >> 20) & 7, 1);		/* unsigned */
	ck_assert_uint_eq(attr >> 28, 0);		/* writable */
	ck_assert_int_eq(rd(&h, ID_SOE, P(1), EC_SOE_ELEM_MIN, buf,
			    sizeof(buf), &n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(ec_get_u32(buf), 0);
	ck_assert_int_eq(rd(&h, ID_SOE, P(1), EC_SOE_ELEM_MAX, buf,
			    sizeof(buf), &n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 1000);
	ck_assert_int_eq(rd(&h, ID_SOE, P(1), EC_SOE_ELEM_VALUE, buf,
			    sizeof(buf), &n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 42);
	/* Several elements at once, fragmented through the small mailbox:
	 * name, attribute, unit, min, max, value concatenated. */
	ck_assert_int_eq(rd(&h, ID_SMALL, P(1), 0x7e, buf, sizeof(buf),
			    &all), 0);
	ck_assert_uint_eq(all, 4 + 22 + 4 + 4 + 3 + 4 + 4 + 4);
	ck_assert_int_eq(memcmp(buf + 4, "Following error window", 22), 0);
	ck_assert_uint_eq(ec_get_u32(buf + all - 4), 42);
	ck_assert_uint_gt(((struct ec_fsm_slave *)
			   h.master.slaves[ID_SMALL]->fsm)->soe.fragments, 1);
	teardown(&h);
}
END_TEST

START_TEST(test_write)
{
	static const char text[] =
		"a name long enough for several fragments of 38 bytes each";
	struct ec_harness h;
	u8 buf[256], w[128];
	size_t n;
	unsigned int pos;

	setup(&h);
	ec_put_u32(w, 777);
	n = 4;
	ck_assert_int_eq(soe(&h, ID_SOE, true, 0, P(1), 0, w, 4, &n, NULL),
			 0);
	ck_assert_int_eq(rd(&h, ID_SOE, P(1), 0, buf, sizeof(buf), &n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 777);
	/* A fragmented write (and read) of a text IDN. */
	for (pos = ID_SOE; pos <= ID_SMALL; pos++) {
		ec_put_u16(w, sizeof(text) - 1);
		ec_put_u16(w + 2, 64);
		memcpy(w + 4, text, sizeof(text) - 1);
		n = 4 + sizeof(text) - 1;
		ck_assert_int_eq(soe(&h, pos, true, 0, S(142), 0, w, n, &n,
				     NULL), 0);
		ck_assert_int_eq(rd(&h, pos, S(142), 0, buf, sizeof(buf), &n),
				 0);
		ck_text(buf, n, text);
	}
	ck_assert_uint_gt(((struct ec_fsm_slave *)
			   h.master.slaves[ID_SMALL]->fsm)->soe.fragments, 1);
	/* The AT configuration, writable in PREOP. */
	ec_put_u16(w, 4);
	ec_put_u16(w + 2, 64);
	ec_put_u16(w + 4, 135);
	ec_put_u16(w + 6, 40);
	n = 8;
	ck_assert_int_eq(soe(&h, ID_SOE, true, 0, S(16), 0, w, n, &n, NULL),
			 0);
	ck_assert_int_eq(rd(&h, ID_SOE, S(16), 0, buf, sizeof(buf), &n), 0);
	ck_assert_uint_eq(ec_get_u16(buf + 6), 40);
	teardown(&h);
}
END_TEST

START_TEST(test_errors)
{
	static const struct {
		bool write;
		u8 drive;
		u16 idn;
		u8 elements;
		u32 value;
		size_t size;
		u16 code;
	} cases[] = {
		{ false, 0, S(999), 0, 0, 0, 0x1001 },	/* no IDN */
		{ false, 0, S(11), EC_SOE_ELEM_UNIT, 0, 0, 0x4001 },
		{ false, 0, S(30), EC_SOE_ELEM_MIN, 0, 0, 0x5001 },
		{ true, 0, S(11), 0, 0, 2, 0x7004 },	/* read only */
		{ true, 0, P(1), 0, 1001, 4, 0x7007 },	/* above max */
		{ true, 0, P(1), 0, 1, 2, 0x7002 },	/* too short */
		{ true, 0, P(1), EC_SOE_ELEM_NAME, 0, 4, 0x2004 },
		{ false, 1, S(11), 0, 0, 0, 0x800a },	/* drive 1 */
	};
	struct ec_harness h;
	u8 buf[64];
	size_t i, n;
	u16 code;

	setup(&h);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ec_put_u32(buf, cases[i].value);
		n = cases[i].size;
		code = 0;
		ck_assert_int_eq(soe(&h, ID_SOE, cases[i].write,
				     cases[i].drive, cases[i].idn,
				     cases[i].elements, buf, sizeof(buf), &n,
				     &code), -EIO);
		ck_assert_msg(code == cases[i].code, "case %zu: 0x%04x",
			      i, code);
	}
	/* Too small a buffer, a slave without SoE. */
	ck_assert_int_eq(rd(&h, ID_SOE, S(30), 0, buf, 8, &n), -EOVERFLOW);
	ck_assert_int_eq(rd(&h, ID_AI, S(30), 0, buf, sizeof(buf), &n),
			 -EPROTONOSUPPORT);
	ck_assert_str_eq(ec_soe_error_text(0x1001), "No IDN");
	ck_assert_str_eq(ec_soe_error_text(0x7004),
			 "Operation data cannot be changed (read only)");
	ck_assert_str_eq(ec_soe_error_text(0x4242), "Unknown SoE error");
	teardown(&h);
}
END_TEST

/*
 * A fragmented write larger than the drive takes: one error reply, to
 * the last fragment, and nothing left behind in the mailbox for the next
 * transfer (the simulator replied once on the overflowing fragment and
 * once more to the last, so the next write got the stale error).
 */
START_TEST(test_write_too_long)
{
	static u8 big[700];
	struct ec_harness h;
	u8 w[8];
	size_t n;
	u16 code = 0;

	setup(&h);
	memset(big, 'a', sizeof(big));
	ec_put_u16(big, sizeof(big) - 4);
	ec_put_u16(big + 2, sizeof(big) - 4);
	n = sizeof(big);
	ck_assert_int_eq(soe(&h, ID_SOE, true, 0, S(142), 0, big, n, &n,
			     &code), -EIO);
	ck_assert_uint_eq(code, 0x7003);	/* data too long */
	ec_put_u32(w, 42);
	n = 4;
	code = 0;
	ck_assert_int_eq(soe(&h, ID_SOE, true, 0, P(1), 0, w, 4, &n, &code),
			 0);
	ck_assert_uint_eq(code, 0);
	teardown(&h);
}
END_TEST

START_TEST(test_frame_loss)
{
	struct ec_harness h;
	u8 buf[256];
	size_t n;
	unsigned int k;

	setup(&h);
	ecsim_segment_seed(h.seg, 5);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 10), 0);
	for (k = 0; k < 20; k++) {
		ck_assert_int_eq(rd(&h, ID_SMALL, P(1), 0x7e, buf,
				    sizeof(buf), &n), 0);
		ck_assert_uint_eq(n, 49);
	}
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	ck_assert_uint_gt(((struct ec_fsm_slave *)
			   h.master.slaves[ID_SMALL]->fsm)->soe.mbox.repeats,
			  0);
	teardown(&h);
}
END_TEST

/* The drive's process data follows S-0-0016/S-0-0024. */
START_TEST(test_pd_layout)
{
	struct ec_harness h;
	struct ecsim_slave *s;
	struct ecsim_pd_sm out, in;
	u8 w[16];
	size_t n;

	setup(&h);
	s = &h.seg->slaves[ID_SOE];
	ck_assert_int_eq(ecsim_pd_layout(s, 2, &out), 0);
	ck_assert_int_eq(ecsim_pd_layout(s, 3, &in), 0);
	ck_assert_uint_eq(out.bits, 48);
	ck_assert_uint_eq(out.e[0].index, 134);
	ck_assert_uint_eq(out.e[1].index, 47);
	ck_assert_uint_eq(in.e[1].index, 51);
	ec_put_u16(w, 6);
	ec_put_u16(w + 2, 64);
	ec_put_u16(w + 4, 135);
	ec_put_u16(w + 6, 51);
	ec_put_u16(w + 8, 40);
	n = 10;
	ck_assert_int_eq(soe(&h, ID_SOE, true, 0, S(16), 0, w, n, &n, NULL),
			 0);
	ck_assert_int_eq(ecsim_pd_layout(s, 3, &in), 0);
	ck_assert_uint_eq(in.n, 3);
	ck_assert_uint_eq(in.bits, 80);
	ck_assert_uint_eq(in.e[2].index, 40);
	teardown(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("soe");
	TCase *tc = tcase_create("soe");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_identification);
	tcase_add_test(tc, test_elements);
	tcase_add_test(tc, test_write);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_write_too_long);
	tcase_add_test(tc, test_frame_loss);
	tcase_add_test(tc, test_pd_layout);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(segment_json);
	return failed ? 1 : 0;
}
