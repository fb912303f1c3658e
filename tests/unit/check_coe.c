// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_coe.c - the CoE client against the in-process segment: SDO upload
 * and download (expedited, normal, segmented, complete access), every
 * basic type, aborts with code and text, timeouts and frame loss, the
 * mailbox error reply, emergencies, the dictionary (SDO information) and
 * the PDOs read over CoE; and the encodings that need no segment.
 *
 * The test drive is the catalogue's ECSIM-SERVO with extra objects; its
 * dictionary in the sim is the reference the results are compared with.
 */
#include <jansson.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness.h"
#include "coe_abort.h"
#include "emergency.h"
#include "fsm_coe.h"
#include "fsm_slave.h"
#include "mailbox.h"
#include "requests.h"
#include "slave.h"

#include "sim_priv.h"
#include "coe.h"
#include "od.h"
#include "pcap.h"

#define CATALOGUE "sim/catalogue/catalogue.json"

/* Sim ids = ring positions. */
#define ID_COUPLER 0
#define ID_AI 1
#define ID_AO 2
#define ID_SERVO 3
#define ID_TEST 4
#define ID_FOE 5
#define ID_SMALL 6	/* the test drive with 48-byte mailboxes */
#define NUM_SLAVES 7
#define SMALL_MBOX 48

#define LONG_TEXT_LEN 300
#define BLOB_LEN 200
#define ARRAY_COUNT 100

static const char *extra_objects =
	"["
	"{\"index\":\"0x2001\",\"name\":\"Bool\",\"type\":\"BOOL\","
	" \"access\":\"rw\",\"value\":false},"
	"{\"index\":\"0x2002\",\"name\":\"Int8\",\"type\":\"INT8\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x2003\",\"name\":\"Int16\",\"type\":\"INT16\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x2004\",\"name\":\"Int32\",\"type\":\"INT32\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x2005\",\"name\":\"Int64\",\"type\":\"INT64\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x2006\",\"name\":\"Uint8\",\"type\":\"UINT8\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x2007\",\"name\":\"Uint16\",\"type\":\"UINT16\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x2008\",\"name\":\"Uint32\",\"type\":\"UINT32\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x2009\",\"name\":\"Uint64\",\"type\":\"UINT64\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x200A\",\"name\":\"Real32\",\"type\":\"REAL32\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x200B\",\"name\":\"Real64\",\"type\":\"REAL64\","
	" \"access\":\"rw\",\"value\":0},"
	"{\"index\":\"0x200C\",\"name\":\"Long text\","
	" \"type\":\"VISIBLE_STRING\",\"length\":300,\"access\":\"rw\"},"
	"{\"index\":\"0x200D\",\"name\":\"Blob\",\"type\":\"OCTET_STRING\","
	" \"length\":200,\"access\":\"rw\"},"
	"{\"index\":\"0x200E\",\"name\":\"Record\",\"object\":\"RECORD\","
	" \"entries\":["
	"  {\"subindex\":1,\"name\":\"A\",\"type\":\"UINT8\",\"access\":\"rw\","
	"   \"value\":1},"
	"  {\"subindex\":2,\"name\":\"B\",\"type\":\"UINT16\","
	"   \"access\":\"rw\","
	"   \"value\":2},"
	"  {\"subindex\":3,\"name\":\"C\",\"type\":\"UINT32\","
	"   \"access\":\"rw\","
	"   \"value\":3}]},"
	"{\"index\":\"0x200F\",\"name\":\"Read only\",\"type\":\"UINT16\","
	" \"access\":\"ro\",\"value\":7},"
	"{\"index\":\"0x2010\",\"name\":\"Limited\",\"type\":\"INT16\","
	" \"access\":\"rw\",\"value\":0,\"min\":-100,\"max\":100},"
	"{\"index\":\"0x2011\",\"name\":\"Short text\","
	" \"type\":\"VISIBLE_STRING\",\"length\":8,\"access\":\"rw\","
	" \"value\":\"abcdefgh\"},"
	"{\"index\":\"0x2012\",\"name\":\"Write only\",\"type\":\"UINT32\","
	" \"access\":\"wo\",\"value\":0},"
	"{\"index\":\"0x2013\",\"name\":\"Big array\",\"object\":\"ARRAY\","
	" \"type\":\"UINT32\",\"access\":\"rw\",\"count\":100,\"value\":5}"
	"]";

static char *segment_json;

/* The segment: catalogue slaves, the test drive and a FoE-only drive. */
static void build_segment(void)
{
	json_error_t err;
	json_t *cat, *servo, *test, *foe, *small, *objs, *extra, *seg;
	json_t *models;
	char text[LONG_TEXT_LEN + 1];
	char blob[3 * BLOB_LEN + 1];
	size_t i;

	cat = json_load_file(CATALOGUE, 0, &err);
	ck_assert_msg(cat, "%s: %s", CATALOGUE, err.text);
	servo = json_object_get(json_object_get(cat, "models"),
				"ECSIM-SERVO");
	ck_assert_ptr_nonnull(servo);
	test = json_deep_copy(servo);
	objs = json_object_get(test, "objects");
	extra = json_loads(extra_objects, 0, &err);
	ck_assert_msg(extra, "extra objects: %s", err.text);
	for (i = 0; i < LONG_TEXT_LEN; i++)
		text[i] = (char)('A' + i % 26);
	text[LONG_TEXT_LEN] = 0;
	json_object_set_new(json_array_get(extra, 11), "value",
			    json_string(text));
	for (i = 0; i < BLOB_LEN; i++)
		snprintf(blob + 3 * i, 4, "%02x ", (unsigned int)(i & 0xff));
	blob[3 * BLOB_LEN - 1] = 0;
	json_object_set_new(json_array_get(extra, 12), "value",
			    json_string(blob));
	json_array_extend(objs, extra);
	json_decref(extra);
	json_object_set_new(test, "name", json_string("TESTDRIVE"));
	json_object_set_new(test, "product", json_string("0x00000403"));

	foe = json_deep_copy(servo);
	json_object_del(foe, "objects");
	json_object_set_new(foe, "mailbox",
			    json_pack("{s:[s]}", "protocols", "FoE"));
	json_object_set_new(foe, "name", json_string("FOEDRIVE"));
	json_object_set_new(foe, "product", json_string("0x00000404"));

	small = json_deep_copy(test);
	json_object_set_new(small, "name", json_string("SMALLMBX"));
	json_object_set_new(small, "product", json_string("0x00000405"));
	json_object_set_new(json_array_get(json_object_get(small, "sms"), 0),
			    "size", json_integer(SMALL_MBOX));
	json_object_set_new(json_array_get(json_object_get(small, "sms"), 1),
			    "size", json_integer(SMALL_MBOX));

	seg = json_loads("{ \"slaves\": [ { \"model\": \"EK1100\" },"
			 " { \"model\": \"EL3102\" },"
			 " { \"model\": \"EL4102\" },"
			 " { \"model\": \"ECSIM-SERVO\" },"
			 " { \"model\": \"TESTDRIVE\" },"
			 " { \"model\": \"FOEDRIVE\" },"
			 " { \"model\": \"SMALLMBX\" } ] }", 0, &err);
	ck_assert_msg(seg, "segment: %s", err.text);
	models = json_object();
	json_object_set_new(models, "TESTDRIVE", test);
	json_object_set_new(models, "FOEDRIVE", foe);
	json_object_set_new(models, "SMALLMBX", small);
	json_object_set_new(seg, "models", models);
	free(segment_json);
	segment_json = json_dumps(seg, 0);
	json_decref(seg);
	json_decref(cat);
}

static bool all_ready(struct ec_harness *h, void *ctx)
{
	unsigned int i;

	(void)ctx;
	if (h->master.scan_busy || h->master.slave_count != NUM_SLAVES)
		return false;
	for (i = 0; i < h->master.slave_count; i++)
		if (!h->master.slaves[i].scan_done ||
		    !ec_slave_fsm_ready(&h->master.slaves[i]))
			return false;
	return true;
}

/* Free the slaves too (and with them what the slave FSMs built). */
static void teardown(struct ec_harness *h)
{
	ec_fsm_master_clear_slaves(&h->master);
	ec_harness_clear(h);
}

static void setup(struct ec_harness *h)
{
	if (!segment_json)
		build_segment();
	ec_harness_init(h, segment_json);
	ck_assert(ec_harness_run_until(h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
}

static struct ecsim_od *sim_od(struct ec_harness *h, unsigned int id)
{
	ck_assert_uint_lt(id, h->seg->n_slaves);
	ck_assert_ptr_nonnull(h->seg->slaves[id].od);
	return h->seg->slaves[id].od;
}

static bool sdo_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_sdo_request *)ctx)->state);
}

/*
 * One SDO transfer through the slave's request list.  Return the request's
 * error; *size is in/out (download: bytes to write; upload: bytes read).
 */
static int sdo(struct ec_harness *h, unsigned int pos, bool write, u16 index,
	       u8 sub, bool ca, u8 *buf, size_t mem, size_t *size,
	       u32 *abort_code)
{
	struct ec_slave *slave = &h->master.slaves[pos];
	struct ec_sdo_request req;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.node);
	req.write = write;
	req.index = index;
	req.subindex = sub;
	req.complete_access = ca;
	req.data = buf;
	req.mem_size = mem;
	req.data_size = write ? *size : 0;
	req.timeout_ns = 500 * EC_NSEC_PER_MSEC;
	req.state = EC_REQ_QUEUED;
	ec_list_add_tail(&req.node, &slave->sdo_requests);
	ck_assert(ec_harness_run_until(h, sdo_done, &req,
				       30 * EC_NSEC_PER_SEC));
	if (size)
		*size = req.data_size;
	if (abort_code)
		*abort_code = req.abort_code;
	ck_assert_int_eq(req.state,
			 req.error ? EC_REQ_FAILURE : EC_REQ_SUCCESS);
	return req.error;
}

static int upload(struct ec_harness *h, unsigned int pos, u16 index, u8 sub,
		  u8 *buf, size_t mem, size_t *size)
{
	*size = 0;
	return sdo(h, pos, false, index, sub, false, buf, mem, size, NULL);
}

static int download(struct ec_harness *h, unsigned int pos, u16 index,
		    u8 sub, const u8 *data, size_t len)
{
	size_t size = len;

	return sdo(h, pos, true, index, sub, false, (u8 *)data, len, &size,
		   NULL);
}

START_TEST(test_expedited_upload)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;

	setup(&h);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6060, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(buf[0], 8);
	/* Identity object against the SII. */
	ck_assert_int_eq(upload(&h, ID_AI, 0x1018, 1, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(ec_get_u32(buf),
			  h.master.slaves[ID_AI].sii.vendor_id);
	ck_assert_int_eq(upload(&h, ID_AI, 0x1018, 2, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u32(buf),
			  h.master.slaves[ID_AI].sii.product_code);
	teardown(&h);
}
END_TEST

START_TEST(test_normal_upload)
{
	struct ec_harness h;
	u8 buf[64], ref[64];
	size_t n;
	int len;

	setup(&h);
	/* Device name: longer than 4 bytes, fits one mailbox. */
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x1008, 0, buf, sizeof(buf),
				&n), 0);
	len = ecsim_od_read(sim_od(&h, ID_SERVO), 0x1008, 0, ref,
			    sizeof(ref));
	ck_assert_int_gt(len, 4);
	ck_assert_uint_eq(n, (size_t)len);
	ck_assert_mem_eq(buf, ref, n);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2011, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 8);
	ck_assert_mem_eq(buf, "abcdefgh", 8);
	/* A buffer too small for the announced size: the client aborts
	 * the transfer and the slave serves the next one. */
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2011, 0, buf, 4, &n),
			 -EOVERFLOW);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, 64, &n),
			 -EOVERFLOW);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2011, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_mem_eq(buf, "abcdefgh", 8);
	teardown(&h);
}
END_TEST

START_TEST(test_segmented_string)
{
	struct ec_harness h;
	u8 buf[512], ref[512];
	size_t n, i;
	int len;

	setup(&h);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, LONG_TEXT_LEN);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(buf[i], 'A' + i % 26);

	/* Segmented download of a new text, checked in the sim. */
	for (i = 0; i < LONG_TEXT_LEN; i++)
		buf[i] = (u8)('z' - i % 26);
	ck_assert_int_eq(download(&h, ID_TEST, 0x200C, 0, buf,
				  LONG_TEXT_LEN), 0);
	len = ecsim_od_read(sim_od(&h, ID_TEST), 0x200C, 0, ref, sizeof(ref));
	ck_assert_int_eq(len, LONG_TEXT_LEN);
	ck_assert_mem_eq(ref, buf, LONG_TEXT_LEN);
	memset(buf, 0, sizeof(buf));
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_mem_eq(ref, buf, LONG_TEXT_LEN);

	/* Octet string: segmented both ways, every byte value. */
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200D, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, BLOB_LEN);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(buf[i], i & 0xff);
	for (i = 0; i < BLOB_LEN; i++)
		buf[i] = (u8)(0xff - i);
	ck_assert_int_eq(download(&h, ID_TEST, 0x200D, 0, buf, BLOB_LEN), 0);
	len = ecsim_od_read(sim_od(&h, ID_TEST), 0x200D, 0, ref, sizeof(ref));
	ck_assert_int_eq(len, BLOB_LEN);
	ck_assert_mem_eq(ref, buf, BLOB_LEN);
	teardown(&h);
}
END_TEST

/* Every basic type: download a value, upload it, compare with the sim. */
START_TEST(test_basic_types)
{
	static const struct {
		u16 index;
		size_t size;
		u8 value[8];
	} cases[] = {
		{ 0x2001, 1, { 0x01 } },
		{ 0x2002, 1, { 0x85 } },			/* -123 */
		{ 0x2003, 2, { 0x2e, 0xfb } },			/* -1234 */
		{ 0x2004, 4, { 0x78, 0x56, 0x34, 0x92 } },
		{ 0x2005, 8, { 1, 2, 3, 4, 5, 6, 7, 0x88 } },
		{ 0x2006, 1, { 0xfe } },
		{ 0x2007, 2, { 0x34, 0xf2 } },
		{ 0x2008, 4, { 0xef, 0xbe, 0xad, 0xde } },
		{ 0x2009, 8, { 0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 1 } },
		{ 0x200A, 4, { 0x00, 0x00, 0xc0, 0x3f } },	/* 1.5f */
		/* -2.5 */
		{ 0x200B, 8, { 0, 0, 0, 0, 0, 0, 0x04, 0xc0 } },
	};
	struct ec_harness h;
	u8 buf[16], ref[16];
	size_t i, n;

	setup(&h);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_msg(download(&h, ID_TEST, cases[i].index, 0,
				       cases[i].value, cases[i].size) == 0,
			      "download 0x%04x", cases[i].index);
		ck_assert_int_eq(ecsim_od_read(sim_od(&h, ID_TEST),
					       cases[i].index, 0, ref,
					       sizeof(ref)),
				 (int)cases[i].size);
		ck_assert_mem_eq(ref, cases[i].value, cases[i].size);
		memset(buf, 0, sizeof(buf));
		ck_assert_int_eq(upload(&h, ID_TEST, cases[i].index, 0, buf,
					sizeof(buf), &n), 0);
		ck_assert_uint_eq(n, cases[i].size);
		ck_assert_mem_eq(buf, cases[i].value, n);
	}
	teardown(&h);
}
END_TEST

START_TEST(test_complete_access)
{
	struct ec_harness h;
	struct ecsim_od *od;
	u8 buf[512], *ref;
	size_t n, ref_len, i;
	u32 abort_code;

	setup(&h);
	od = sim_od(&h, ID_TEST);
	/* Record: subindex 0 as 16 bits, then 1 + 2 + 4 bytes. */
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_TEST, false, 0x200E, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_uint_eq(ecsim_od_sdo_upload(od, 0x200E, 0, true, &ref,
					      &ref_len), 0);
	ck_assert_uint_eq(n, ref_len);
	ck_assert_mem_eq(buf, ref, n);
	free(ref);
	ck_assert_uint_eq(n, 9);
	ck_assert_uint_eq(buf[0], 3);
	ck_assert_uint_eq(buf[2], 1);
	ck_assert_uint_eq(ec_get_u16(buf + 3), 2);
	ck_assert_uint_eq(ec_get_u32(buf + 5), 3);

	/* Write all entries at once, read them one by one. */
	buf[2] = 0x11;
	ec_put_u16(buf + 3, 0x2222);
	ec_put_u32(buf + 5, 0x33333333);
	ck_assert_int_eq(sdo(&h, ID_TEST, true, 0x200E, 0, true, buf,
			     sizeof(buf), &n, &abort_code), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200E, 2, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u16(buf), 0x2222);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200E, 3, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u32(buf), 0x33333333);

	/* A 100-element array: complete access, segmented both ways. */
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_TEST, false, 0x2013, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_uint_eq(n, 2 + 4 * ARRAY_COUNT);
	ck_assert_uint_eq(buf[0], ARRAY_COUNT);
	for (i = 0; i < ARRAY_COUNT; i++)
		ck_assert_uint_eq(ec_get_u32(buf + 2 + 4 * i), 5);
	for (i = 0; i < ARRAY_COUNT; i++)
		ec_put_u32(buf + 2 + 4 * i, (u32)(i * 1000 + 7));
	ck_assert_int_eq(sdo(&h, ID_TEST, true, 0x2013, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2013, 100, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 99 * 1000 + 7);

	/* Identity object from subindex 1 on. */
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_SERVO, false, 0x1018, 1, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_uint_eq(n, 16);
	ck_assert_uint_eq(ec_get_u32(buf),
			  h.master.slaves[ID_SERVO].sii.vendor_id);
	ck_assert_uint_eq(ec_get_u32(buf + 4),
			  h.master.slaves[ID_SERVO].sii.product_code);
	teardown(&h);
}
END_TEST

START_TEST(test_aborts)
{
	static const struct {
		bool write;
		u16 index;
		u8 sub;
		size_t size;
		u32 code;
		const char *text;
	} cases[] = {
		{ false, 0x5555, 0, 0, 0x06020000,
		  "The object does not exist in the object dictionary" },
		{ false, 0x6040, 7, 0, 0x06090011, "Subindex does not exist" },
		{ true, 0x200F, 0, 2, 0x06010002,
		  "Attempt to write a read-only object" },
		{ false, 0x2012, 0, 0, 0x06010001,
		  "Attempt to read a write-only object" },
		{ true, 0x2003, 0, 4, 0x06070012,
		  "Data type does not match, length of service parameter "
		  "too high" },
		{ true, 0x2004, 0, 2, 0x06070013,
		  "Data type does not match, length of service parameter "
		  "too low" },
		{ true, 0x2010, 0, 2, 0x06090030,
		  "Value range of parameter exceeded" },
		{ true, 0x2011, 0, 40, 0x06070012,
		  "Data type does not match, length of service parameter "
		  "too high" },
	};
	struct ec_harness h;
	u8 buf[64];
	size_t i, n;
	u32 code;

	setup(&h);
	memset(buf, 0, sizeof(buf));
	ec_put_u16(buf, 1000);	/* out of range for 0x2010 */
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		n = cases[i].size;
		code = 0;
		ck_assert_msg(sdo(&h, ID_TEST, cases[i].write,
				  cases[i].index, cases[i].sub, false, buf,
				  sizeof(buf), &n, &code) == -EIO,
			      "0x%04x:%02x: no abort", cases[i].index,
			      cases[i].sub);
		ck_assert_msg(code == cases[i].code,
			      "0x%04x:%02x: abort 0x%08x, expected 0x%08x",
			      cases[i].index, cases[i].sub, code,
			      cases[i].code);
		ck_assert_str_eq(ec_coe_abort_text(code), cases[i].text);
	}
	/* The value was not changed by the refused write. */
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2010, 0, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u16(buf), 0);
	teardown(&h);
}
END_TEST

START_TEST(test_abort_texts)
{
	ck_assert_str_eq(ec_coe_abort_text(0x05030000),
			 "Toggle bit not changed");
	ck_assert_str_eq(ec_coe_abort_text(0x05040000),
			 "SDO protocol timeout");
	ck_assert_str_eq(ec_coe_abort_text(0x08000022),
			 "Data cannot be transferred or stored to the "
			 "application because of the present device state");
	ck_assert_str_eq(ec_coe_abort_text(0x06010003),
			 "Subindex cannot be written, subindex 0 must be 0 "
			 "for write access");
	ck_assert_str_eq(ec_coe_abort_text(0x12345678),
			 "Unknown abort code");
	ck_assert_str_eq(ec_mbox_error_text(EC_MBOX_ERR_UNSUPPORTED_PROTOCOL),
			 "The mailbox protocol is not supported");
	ck_assert_str_eq(ec_mbox_error_text(0x0999), "Unknown mailbox error");
}
END_TEST

static void state_request(struct ec_harness *h, unsigned int pos, u8 state)
{
	ck_assert_int_eq(ec_harness_state_request(h, pos, state), 0);
}

START_TEST(test_timeout)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;
	u64 start;

	setup(&h);
	/* The ESC answers, but the application behind it is gone: the
	 * request is written, no reply ever comes. */
	h.seg->slaves[ID_SERVO].pdi_dead = true;
	start = h.now_ns;
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), -ETIMEDOUT);
	/* The request's timeout of 500 ms, in simulated time. */
	ck_assert_uint_ge(h.now_ns - start, 500 * EC_NSEC_PER_MSEC);
	ck_assert_uint_lt(h.now_ns - start, 600 * EC_NSEC_PER_MSEC);
	h.seg->slaves[ID_SERVO].pdi_dead = false;
	/* The old request still fills the write mailbox: going through
	 * INIT clears the mailboxes, then CoE works again. */
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6060, 0, buf, sizeof(buf),
				&n), -ETIMEDOUT);
	state_request(&h, ID_SERVO, EC_AL_STATE_INIT_);
	state_request(&h, ID_SERVO, EC_AL_STATE_PREOP_);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6060, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(buf[0], 8);
	teardown(&h);
}
END_TEST

START_TEST(test_segment_silent)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;

	setup(&h);
	/* Every frame lost: the master gives up on the slaves and the
	 * request fails with them (or times out first). */
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 100), 0);
	n = 0;
	ck_assert_int_ne(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	teardown(&h);
}
END_TEST

START_TEST(test_frame_loss)
{
	struct ec_harness h;
	u8 buf[512];
	size_t n, i;
	unsigned int k, repeats;
	struct ec_fsm_slave *fsm;

	setup(&h);
	ecsim_segment_seed(h.seg, 7);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 10), 0);
	for (k = 0; k < 20; k++) {
		ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf,
					sizeof(buf), &n), 0);
		ck_assert_uint_eq(n, LONG_TEXT_LEN);
		for (i = 0; i < n; i++)
			ck_assert_uint_eq(buf[i], 'A' + i % 26);
	}
	fsm = h.master.slaves[ID_TEST].fsm;
	repeats = fsm->coe.mbox.repeats;
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	/* Lost replies were fetched again with the repeat request. */
	ck_assert_uint_gt(repeats, 0);
	teardown(&h);
}
END_TEST

START_TEST(test_emergency)
{
	struct ec_harness h;
	static const u8 data[5] = { 1, 2, 3, 4, 5 };
	struct ec_slave *servo;
	u8 buf[16], msg[EC_EMERG_SIZE];
	size_t n;

	setup(&h);
	servo = &h.master.slaves[ID_SERVO];
	/* An emergency queued before the reply arrives in its place. */
	ecsim_coe_emergency(h.seg->slaves[ID_SERVO].coe, 0x8110, 0x11, data);
	ecsim_coe_emergency(h.seg->slaves[ID_SERVO].coe, 0x2310, 0x03, NULL);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 2);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x8110);
	ck_assert_uint_eq(msg[2], 0x11);
	ck_assert_mem_eq(msg + 3, data, 5);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x2310);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), -ENOENT);
	teardown(&h);
}
END_TEST

static void check_dictionary(struct ec_harness *h, unsigned int id);

static bool dict_reading(struct ec_harness *h, void *ctx)
{
	const struct ec_fsm_slave *fsm;

	if (h->master.scan_busy || h->master.slave_count != NUM_SLAVES ||
	    !h->master.slaves)
		return false;
	fsm = h->master.slaves[*(unsigned int *)ctx].fsm;
	return fsm && fsm->pdos_done &&
	       !fsm->dict_done && !ec_fsm_slave_idle(fsm) &&
	       fsm->coe.sdo_count > 0;
}

/* An SDO request does not wait behind the dictionary read: it goes at
 * the next object boundary, and the dictionary is complete later. */
START_TEST(test_request_before_dictionary)
{
	unsigned int id = ID_TEST;
	struct ec_sdo_request req;
	struct ec_harness h;
	struct ec_slave *s;
	u8 buf[16];
	u64 t0;

	if (!segment_json)
		build_segment();
	ec_harness_init(&h, segment_json);
	ck_assert(ec_harness_run_until(&h, dict_reading, &id,
				       30 * EC_NSEC_PER_SEC));
	s = &h.master.slaves[ID_TEST];
	memset(&req, 0, sizeof(req));
	ec_list_init(&req.node);
	req.index = 0x6502;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.state = EC_REQ_QUEUED;
	ec_list_add_tail(&req.node, &s->sdo_requests);
	t0 = h.now_ns;
	ck_assert(ec_harness_run_until(&h, sdo_done, &req,
				       5 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(req.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	/* At most one object's description (a few exchanges) first. */
	ck_assert_uint_le(h.now_ns - t0, 20 * EC_NSEC_PER_MSEC);
	ck_assert(!((struct ec_fsm_slave *)s->fsm)->dict_done);
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	check_dictionary(&h, ID_TEST);
	teardown(&h);
}
END_TEST

/* A master with the dictionary read switched off, its slaves ready. */
static void setup_no_dictionary(struct ec_harness *h)
{
	if (!segment_json)
		build_segment();
	ec_harness_init(h, segment_json);
	h->master.no_dictionary = true;
	ck_assert(ec_harness_run_until(h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(h->master.slaves[ID_TEST].sdo_count, 0);
}

/* The dictionary read switched off for the master. */
START_TEST(test_no_dictionary)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;

	setup_no_dictionary(&h);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x6502, 0, buf, sizeof(buf), &n),
			 0);
	teardown(&h);
}
END_TEST

/* SDO information Get Entry Description of one entry; Return: its error. */
static int entry_info(struct ec_harness *h, unsigned int pos, u16 index,
		      u8 sub, struct ec_sdo_entry *e, u32 *abort_code)
{
	struct ec_slave *slave = &h->master.slaves[pos];
	struct ec_sdo_request req;
	u8 buf[64];

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.node);
	req.entry_info = true;
	req.index = index;
	req.subindex = sub;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.state = EC_REQ_QUEUED;
	ec_list_add_tail(&req.node, &slave->sdo_requests);
	ck_assert(ec_harness_run_until(h, sdo_done, &req,
				       5 * EC_NSEC_PER_SEC));
	*abort_code = req.abort_code;
	if (req.error)
		return req.error;
	ck_assert_uint_ge(req.data_size, EC_COE_ENTRY_DESC_FIXED);
	ck_assert_uint_eq(ec_get_u16(buf), index);
	ec_coe_entry_decode(e, buf);
	return 0;
}

/*
 * Without the dictionary, one entry's description is asked for on
 * demand ('ethercat upload' without -t): type and size of the entry, or
 * the slave's SDO information error for an entry that does not exist.
 */
START_TEST(test_entry_info)
{
	struct ec_sdo_entry e;
	struct ec_harness h;
	u32 code;

	setup_no_dictionary(&h);
	memset(&e, 0, sizeof(e));
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x1018, 1, &e, &code), 0);
	ck_assert_uint_eq(e.subindex, 1);
	ck_assert_uint_eq(e.data_type, 0x0007);	/* UNSIGNED32 */
	ck_assert_uint_eq(e.bit_length, 32);
	ck_assert(e.read_access[0]);
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x1008, 0, &e, &code), 0);
	ck_assert_uint_eq(e.data_type, 0x0009);	/* VISIBLE_STRING */
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x1018, 0x7f, &e, &code),
			 -EIO);
	ck_assert_uint_ne(code, 0);
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x5ff0, 0, &e, &code),
			 -EIO);
	ck_assert_uint_ne(code, 0);
	teardown(&h);
}
END_TEST

/* Always listening: an emergency while no transfer runs is fetched by
 * the idle check of the read mailbox, within its interval. */
START_TEST(test_emergency_idle)
{
	struct ec_harness h;
	struct ec_slave *servo;
	struct ec_fsm_slave *fsm;
	u8 msg[EC_EMERG_SIZE];
	u64 t0;

	setup(&h);
	servo = &h.master.slaves[ID_SERVO];
	fsm = servo->fsm;
	ec_harness_run_for(&h, 50 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 0);
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, ID_SERVO, 0x7300), 0);
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, ID_SERVO, 0x5530), 0);
	t0 = h.now_ns;
	while (ec_emerg_ring_count(&servo->emerg_ring) < 2 &&
	       h.now_ns - t0 < EC_NSEC_PER_SEC)
		ec_harness_cycle(&h);
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 2);
	ck_assert_uint_le(h.now_ns - t0, 2 * EC_MBOX_POLL_NS);
	ck_assert_uint_eq(fsm->unsolicited, 2);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x7300);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x5530);
	/* A slave without CoE: the sim refuses. */
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, ID_COUPLER, 1),
			 -EPROTONOSUPPORT);
	ck_assert_int_eq(ecsim_segment_emergency(h.seg, 99, 1), -ENOENT);
	teardown(&h);
}
END_TEST

START_TEST(test_emergency_ring)
{
	struct ec_emerg_ring ring;
	u8 msg[EC_EMERG_SIZE];
	unsigned int i;

	memset(&ring, 0, sizeof(ring));
	ck_assert_int_eq(ec_emerg_ring_set_size(&ring, EC_EMERG_RING_MAX + 1),
			 -EINVAL);
	ck_assert_int_eq(ec_emerg_ring_set_size(&ring, 4), 0);
	for (i = 0; i < 10; i++) {
		memset(msg, (int)i, sizeof(msg));
		ec_emerg_ring_push(&ring, msg);
	}
	ck_assert_uint_eq(ec_emerg_ring_count(&ring), 4);
	ck_assert_uint_eq(ec_emerg_ring_overruns(&ring), 6);
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(ec_emerg_ring_pop(&ring, msg), 0);
		ck_assert_uint_eq(msg[7], i);	/* oldest first */
	}
	ck_assert_int_eq(ec_emerg_ring_pop(&ring, msg), -ENOENT);
	/* Wrap around. */
	for (i = 0; i < 3; i++) {
		memset(msg, (int)(20 + i), sizeof(msg));
		ec_emerg_ring_push(&ring, msg);
	}
	ck_assert_int_eq(ec_emerg_ring_pop(&ring, msg), 0);
	ck_assert_uint_eq(msg[0], 20);
	ec_emerg_ring_clear(&ring);
	ck_assert_uint_eq(ec_emerg_ring_count(&ring), 0);
	ck_assert_uint_eq(ec_emerg_ring_overruns(&ring), 0);
}
END_TEST

static bool mbox_done(struct ec_harness *h, void *ctx)
{
	struct ec_fsm_mbox *mbox = ctx;

	(void)h;
	return !ec_fsm_mbox_exec(mbox, h->now_ns);
}

START_TEST(test_mailbox_error_reply)
{
	struct ec_harness h;
	struct ec_slave *foe;
	struct ec_datagram d;
	struct ec_fsm_mbox mbox;
	u8 buf[16], *p;
	size_t n;

	setup(&h);
	foe = &h.master.slaves[ID_FOE];
	ck_assert_uint_eq(foe->sii.mailbox_protocols & EC_MBOX_COE, 0);
	/* No CoE: refused without sending anything. */
	ck_assert_int_eq(upload(&h, ID_FOE, 0x1000, 0, buf, sizeof(buf), &n),
			 -EPROTONOSUPPORT);

	/* A CoE request anyway: the slave answers with a mailbox error. */
	foe->sii.mailbox_protocols |= EC_MBOX_COE;
	ck_assert_int_eq(upload(&h, ID_FOE, 0x1000, 0, buf, sizeof(buf), &n),
			 -EPROTO);
	ck_assert_uint_eq(((struct ec_fsm_slave *)foe->fsm)->coe.mbox
			  .error_code, EC_MBOX_ERR_UNSUPPORTED_PROTOCOL);

	/* The raw exchange with another protocol (EoE). */
	ec_datagram_init(&d);
	ck_assert_int_eq(ec_datagram_prealloc(&d, 256), 0);
	ec_fsm_mbox_init(&mbox, &d);
	p = ec_mbox_prepare_send(foe, &d, EC_MBOX_TYPE_EOE, 4);
	ck_assert_ptr_nonnull(p);
	ec_fsm_mbox_transfer(&mbox, foe, 0, h.now_ns);
	ck_assert(ec_harness_run_until(&h, mbox_done, &mbox,
				       EC_NSEC_PER_SEC));
	ck_assert(ec_fsm_mbox_success(&mbox));
	ck_assert_uint_eq(mbox.type, EC_MBOX_TYPE_ERR);
	ck_assert_uint_eq(mbox.error_code, EC_MBOX_ERR_UNSUPPORTED_PROTOCOL);
	ck_assert_uint_eq(ec_get_u16(mbox.payload), EC_MBOX_ERR_SERVICE);
	ec_master_unqueue_datagram(&h.master, &d);
	ec_datagram_clear(&d);
	teardown(&h);
}
END_TEST

START_TEST(test_mailbox_header)
{
	struct ec_slave slave;
	struct ec_datagram d;
	unsigned int i;
	u8 *p;

	memset(&slave, 0, sizeof(slave));
	slave.station_address = 0x1005;
	slave.sii.std_rx_mailbox_offset = 0x1000;
	slave.sii.std_rx_mailbox_size = 48;
	slave.sii.std_tx_mailbox_offset = 0x1080;
	slave.sii.std_tx_mailbox_size = 48;
	ec_datagram_init(&d);
	for (i = 0; i < 9; i++) {
		p = ec_mbox_prepare_send(&slave, &d, EC_MBOX_TYPE_COE, 10);
		ck_assert_ptr_nonnull(p);
		ck_assert_ptr_eq(p, d.data + EC_MBOX_HEADER_SIZE);
		ck_assert_int_eq(d.type, EC_DATAGRAM_FPWR);
		ck_assert_uint_eq(ec_get_u16(d.address), 0x1005);
		ck_assert_uint_eq(ec_get_u16(d.address + 2), 0x1000);
		ck_assert_uint_eq(d.data_size, 48);	/* the whole SM */
		ck_assert_uint_eq(ec_get_u16(d.data), 10);
		ck_assert_uint_eq(d.data[5] & 0x0f, EC_MBOX_TYPE_COE);
		/* Counter 1..7, never 0. */
		ck_assert_uint_eq(d.data[5] >> 4, i % 7 + 1);
	}
	/* Payload larger than the mailbox. */
	ck_assert_ptr_null(ec_mbox_prepare_send(&slave, &d, EC_MBOX_TYPE_COE,
						43));
	ck_assert_ptr_nonnull(ec_mbox_prepare_send(&slave, &d,
						   EC_MBOX_TYPE_COE, 42));
	ec_datagram_clear(&d);
}
END_TEST

/* The dictionary read with SDO information equals the sim's OD. */
static void check_dictionary(struct ec_harness *h, unsigned int id)
{
	struct ec_slave *slave = &h->master.slaves[id];
	struct ecsim_od *od = sim_od(h, id);
	struct ecsim_od_object_info oi;
	struct ecsim_od_entry_info ei;
	unsigned int n, j, sub, subs;

	ck_assert_uint_gt(slave->sdo_count, 0);
	ck_assert_uint_eq(slave->sdo_count, ecsim_od_count(od));
	for (n = 0; n < slave->sdo_count; n++) {
		const struct ec_sdo *sdo = &slave->sdos[n];

		ck_assert_int_eq(ecsim_od_object_at(od, n, &oi), 0);
		ck_assert_uint_eq(sdo->index, oi.index);
		ck_assert_uint_eq(sdo->object_code, oi.object_code);
		ck_assert_uint_eq(sdo->max_subindex, oi.max_subindex);
		ck_assert_str_eq(sdo->name, oi.name);
		ck_assert_ptr_eq(ec_slave_find_sdo(slave, oi.index), sdo);
		subs = 0;
		for (sub = 0; sub <= oi.max_subindex; sub++) {
			if (ecsim_od_entry_info(od, oi.index, (u8)sub, &ei))
				continue;
			if (oi.object_code == 7 && sub > 0)
				break;
			j = subs++;
			ck_assert_uint_lt(j, sdo->entry_count);
			ck_assert_uint_eq(sdo->entries[j].subindex, sub);
			ck_assert_uint_eq(sdo->entries[j].data_type,
					  ei.datatype);
			ck_assert_uint_eq(sdo->entries[j].bit_length,
					  ei.bitlen);
			ck_assert_str_eq(sdo->entries[j].description,
					 ei.name ? ei.name : "");
			ck_assert_uint_eq(sdo->entries[j].read_access[0],
					  !!(ei.access & 0x01));
			ck_assert_uint_eq(sdo->entries[j].write_access[0],
					  !!(ei.access & 0x08));
		}
		ck_assert_uint_eq(sdo->entry_count, subs);
	}
}

/* Mailboxes of 48 bytes: fragmented SDO information, many segments. */
START_TEST(test_small_mailbox)
{
	struct ec_harness h;
	struct ec_slave *slave;
	u8 buf[512], ref[512];
	size_t n, i;
	int len;

	setup(&h);
	slave = &h.master.slaves[ID_SMALL];
	ck_assert_uint_eq(slave->sii.std_rx_mailbox_size, SMALL_MBOX);
	ck_assert_uint_eq(slave->sii.std_tx_mailbox_size, SMALL_MBOX);
	/* The OD list alone needs several fragments here. */
	ck_assert_uint_gt(slave->sdo_count * 2 + 2, SMALL_MBOX - 12);
	check_dictionary(&h, ID_SMALL);
	ck_assert_int_eq(upload(&h, ID_SMALL, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, LONG_TEXT_LEN);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(buf[i], 'A' + i % 26);
	for (i = 0; i < LONG_TEXT_LEN; i++)
		buf[i] = (u8)('0' + i % 10);
	ck_assert_int_eq(download(&h, ID_SMALL, 0x200C, 0, buf,
				  LONG_TEXT_LEN), 0);
	len = ecsim_od_read(sim_od(&h, ID_SMALL), 0x200C, 0, ref,
			    sizeof(ref));
	ck_assert_int_eq(len, LONG_TEXT_LEN);
	ck_assert_mem_eq(ref, buf, LONG_TEXT_LEN);
	/* Last segments with less than 7 bytes of data (padded, with the
	 * count of unused bytes): 32 bytes go with the initiate, 39 in
	 * each segment through this mailbox. */
	for (i = 0; i < 12; i++) {
		size_t want = (i < 6 ? 32 : 71) + i % 6 + 1, k;

		for (k = 0; k < want; k++)
			buf[k] = (u8)('a' + (k + i) % 26);
		ck_assert_int_eq(download(&h, ID_SMALL, 0x200C, 0, buf, want),
				 0);
		len = ecsim_od_read(sim_od(&h, ID_SMALL), 0x200C, 0, ref,
				    sizeof(ref));
		ck_assert_int_eq(len, (int)want);
		ck_assert_mem_eq(ref, buf, want);
		memset(ref, 0, sizeof(ref));
		ck_assert_int_eq(upload(&h, ID_SMALL, 0x200C, 0, ref,
					sizeof(ref), &n), 0);
		ck_assert_uint_eq(n, want);
		ck_assert_mem_eq(ref, buf, want);
	}
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_dictionary)
{
	struct ec_harness h;
	const struct ec_sdo *sdo;

	setup(&h);
	check_dictionary(&h, ID_SERVO);
	check_dictionary(&h, ID_AI);
	check_dictionary(&h, ID_TEST);
	/* A few values known from the model. */
	sdo = ec_slave_find_sdo(&h.master.slaves[ID_TEST], 0x2013);
	ck_assert_ptr_nonnull(sdo);
	ck_assert_str_eq(sdo->name, "Big array");
	ck_assert_uint_eq(sdo->entry_count, ARRAY_COUNT + 1);
	sdo = ec_slave_find_sdo(&h.master.slaves[ID_TEST], 0x200F);
	ck_assert_ptr_nonnull(sdo);
	ck_assert_uint_eq(sdo->entries[0].read_access[0], 1);
	ck_assert_uint_eq(sdo->entries[0].write_access[0], 0);
	teardown(&h);
}
END_TEST

/* The PDOs read over CoE equal the sim's assignment and mapping. */
START_TEST(test_pdos)
{
	struct ec_harness h;
	struct ec_slave *servo;
	struct ecsim_od *od;
	const struct ec_sii_sync *sm;
	unsigned int smi, p, e;
	u8 v[4];

	setup(&h);
	servo = &h.master.slaves[ID_SERVO];
	od = sim_od(&h, ID_SERVO);
	ck_assert_ptr_nonnull(servo->coe_syncs);
	ck_assert_ptr_eq(servo->syncs, servo->coe_syncs);
	ck_assert_uint_ge(servo->sync_count, 4);
	for (smi = 2; smi < 4; smi++) {
		sm = &servo->syncs[smi];
		ck_assert_int_eq(ecsim_od_read(od, 0x1C10 + smi, 0, v, 4), 1);
		ck_assert_uint_eq(sm->pdo_count, v[0]);
		for (p = 0; p < sm->pdo_count; p++) {
			const struct ec_pdo *pdo = &sm->pdos[p];

			ck_assert_int_eq(ecsim_od_read(od, 0x1C10 + smi,
						       (u8)(p + 1), v, 4), 2);
			ck_assert_uint_eq(pdo->index, ec_get_u16(v));
			ck_assert_int_eq(pdo->sync_index, (int)smi);
			ck_assert_int_eq(ecsim_od_read(od, pdo->index, 0, v, 4),
					 1);
			ck_assert_uint_eq(pdo->entry_count, v[0]);
			for (e = 0; e < pdo->entry_count; e++) {
				u32 m;

				ck_assert_int_eq(ecsim_od_read(od, pdo->index,
							       (u8)(e + 1),
							       v, 4), 4);
				m = ec_get_u32(v);
				ck_assert_uint_eq(pdo->entries[e].index,
						  m >> 16);
				ck_assert_uint_eq(pdo->entries[e].subindex,
						  (m >> 8) & 0xff);
				ck_assert_uint_eq(pdo->entries[e].bit_length,
						  m & 0xff);
			}
		}
	}
	/* Names come from the SII. */
	ck_assert_uint_eq(servo->syncs[2].pdos[0].index, 0x1600);
	ck_assert_str_eq(servo->syncs[2].pdos[0].name, "RxPDO 1");
	ck_assert_str_eq(servo->syncs[2].pdos[0].entries[0].name,
			 "Controlword");
	ck_assert_uint_eq(servo->syncs[3].pdos[0].index, 0x1A00);
	ck_assert_str_eq(servo->syncs[3].pdos[0].entries[0].name,
			 "Statusword");
	teardown(&h);
}
END_TEST

/* Figures in simulated time at a 1 ms cycle (printed, not asserted). */
START_TEST(test_figures)
{
	struct ec_harness h;
	u8 buf[512];
	size_t n;
	u64 t0, t_exp, t_seg, t_dl;

	if (!segment_json)
		build_segment();
	ec_harness_init(&h, segment_json);
	t0 = h.now_ns;
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	printf("coe: link-up to all slaves in PREOP with PDOs and "
	       "dictionaries read: %llu ms\n",
	       (unsigned long long)((h.now_ns - t0) / EC_NSEC_PER_MSEC));
	t0 = h.now_ns;
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	t_exp = h.now_ns - t0;
	t0 = h.now_ns;
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	t_seg = h.now_ns - t0;
	t0 = h.now_ns;
	ck_assert_int_eq(download(&h, ID_TEST, 0x200C, 0, buf, n), 0);
	t_dl = h.now_ns - t0;
	printf("coe: expedited upload %llu ms, 300-byte segmented upload "
	       "%llu ms, download %llu ms\n",
	       (unsigned long long)(t_exp / EC_NSEC_PER_MSEC),
	       (unsigned long long)(t_seg / EC_NSEC_PER_MSEC),
	       (unsigned long long)(t_dl / EC_NSEC_PER_MSEC));
	teardown(&h);
}
END_TEST

/* Frames both ways into a pcap file, for tshark. */
static struct ecsim_pcap capture;

static int capture_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	struct ec_harness *h = dev->priv;
	unsigned int before = h->pending;
	int ret;

	ecsim_pcap_write(&capture, h->now_ns, frame, size);
	ret = ec_harness_xmit(dev, frame, size);
	if (h->pending > before)
		ecsim_pcap_write(&capture, h->now_ns + 1000,
				 h->pending_frame[h->pending - 1],
				 h->pending_len[h->pending - 1]);
	return ret;
}

static const struct ec_device_hooks capture_hooks = {
	.xmit = capture_xmit,
	.poll = ec_harness_poll,
};

/* Lines tshark prints for a display filter on the capture. */
static unsigned int tshark_count(const char *file, const char *filter,
				 const char *field, const char *match)
{
	char cmd[512], line[256];
	unsigned int n = 0;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "tshark -r %s -Y '%s' -T fields -e %s "
		 "2>/dev/null", file, filter, field);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f))
		if (!match || strstr(line, match))
			n++;
	pclose(f);
	return n;
}

/*
 * tshark, the third opinion: the scan, PREOP, PDO and dictionary reads and
 * transfers of every kind decode as EtherCAT mailbox/CoE without a single
 * malformed packet.
 */
START_TEST(test_tshark)
{
	char file[] = "/tmp/check_coe_XXXXXX";
	struct ec_harness h;
	u8 buf[512];
	size_t n;
	int fd;

	if (system("command -v tshark >/dev/null 2>&1")) {
		printf("coe: tshark not installed, capture not checked\n");
		return;
	}
	fd = mkstemp(file);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(ecsim_pcap_open(&capture, file), 0);
	if (!segment_json)
		build_segment();
	ec_harness_init(&h, segment_json);
	h.master.devices[EC_DEVICE_MAIN].hooks = &capture_hooks;
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_int_eq(download(&h, ID_TEST, 0x200C, 0, buf, n), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x5555, 0, buf, sizeof(buf),
				&n), -EIO);
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_TEST, false, 0x200E, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	teardown(&h);
	ecsim_pcap_close(&capture);

	ck_assert_uint_gt(tshark_count(file, "ecat", "frame.number", NULL),
			  100);
	ck_assert_uint_eq(tshark_count(file, "_ws.malformed || "
				       "_ws.expert.severity >= 8388608",
				       "frame.number", NULL), 0);
	/* The requests are decoded with their objects. */
	ck_assert_uint_gt(tshark_count(file, "ecat_mailbox.coe.sdoidx == "
				       "0x6502", "frame.number", NULL), 0);
	ck_assert_uint_gt(tshark_count(file, "ecat_mailbox.coe.abortcode",
				       "ecat_mailbox.coe.abortcode",
				       "0x06020000"), 0);
	ck_assert_uint_gt(tshark_count(file, "ecat_mailbox.coe.sdoinfoopcode",
				       "frame.number", NULL), 0);
	unlink(file);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("coe");
	TCase *tc = tcase_create("coe");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_mailbox_header);
	tcase_add_test(tc, test_abort_texts);
	tcase_add_test(tc, test_emergency_ring);
	tcase_add_test(tc, test_expedited_upload);
	tcase_add_test(tc, test_normal_upload);
	tcase_add_test(tc, test_segmented_string);
	tcase_add_test(tc, test_basic_types);
	tcase_add_test(tc, test_complete_access);
	tcase_add_test(tc, test_aborts);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_segment_silent);
	tcase_add_test(tc, test_frame_loss);
	tcase_add_test(tc, test_emergency);
	tcase_add_test(tc, test_emergency_idle);
	tcase_add_test(tc, test_request_before_dictionary);
	tcase_add_test(tc, test_no_dictionary);
	tcase_add_test(tc, test_entry_info);
	tcase_add_test(tc, test_mailbox_error_reply);
	tcase_add_test(tc, test_dictionary);
	tcase_add_test(tc, test_small_mailbox);
	tcase_add_test(tc, test_pdos);
	tcase_add_test(tc, test_figures);
	tcase_add_test(tc, test_tshark);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(segment_json);
	return failed ? 1 : 0;
}
