/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * coe_harness.h - the segment and helpers of the CoE client tests
 * (check_coe.c, check_coe_info.c, check_coe_mbox.c): the catalogue's
 * ECSIM-SERVO, a test drive with extra objects of every basic type, a
 * FoE-only drive and the test drive with 48-byte mailboxes; setup() scans
 * it until every slave FSM is ready; sdo(), upload() and download() run
 * one transfer through the slave's request list.  The sim's dictionary
 * is the reference results are compared with.  Include it once per test
 * program.
 */
#ifndef EC_TEST_COE_HARNESS_H
#define EC_TEST_COE_HARNESS_H

#include <jansson.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness.h"
#include "mailbox/coe_abort.h"
#include "mailbox/emergency.h"
#include "mailbox/fsm_coe.h"
#include "slave/fsm_slave.h"
#include "mailbox/mailbox.h"
#include "request/requests.h"
#include "slave/slave.h"

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
static inline void build_segment(void)
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

static inline bool all_ready(struct ec_harness *h, void *ctx)
{
	unsigned int i;

	(void)ctx;
	if (h->master.scan_busy || h->master.slave_count != NUM_SLAVES)
		return false;
	for (i = 0; i < h->master.slave_count; i++)
		if (!h->master.slaves[i]->scan_done ||
		    !ec_slave_fsm_ready(h->master.slaves[i]))
			return false;
	return true;
}

/* Free the slaves too (and with them what the slave FSMs built). */
static inline void teardown(struct ec_harness *h)
{
	ec_fsm_master_clear_slaves(&h->master);
	ec_harness_clear(h);
}

static inline void setup(struct ec_harness *h)
{
	if (!segment_json)
		build_segment();
	ec_harness_init(h, segment_json);
	ck_assert(ec_harness_run_until(h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
}

static inline struct ecsim_od *sim_od(struct ec_harness *h,
					unsigned int id)
{
	ck_assert_uint_lt(id, h->seg->n_slaves);
	ck_assert_ptr_nonnull(h->seg->slaves[id].od);
	return h->seg->slaves[id].od;
}

static inline bool sdo_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_sdo_request *)ctx)->base.state);
}

/*
 * One SDO transfer through the slave's request list.  Return the request's
 * error; *size is in/out (download: bytes to write; upload: bytes read).
 */
static inline int sdo(struct ec_harness *h, unsigned int pos, bool write,
		      u16 index, u8 sub, bool ca, u8 *buf, size_t mem,
		      size_t *size, u32 *abort_code)
{
	struct ec_slave *slave = h->master.slaves[pos];
	struct ec_sdo_request req;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.write = write;
	req.index = index;
	req.subindex = sub;
	req.complete_access = ca;
	req.data = buf;
	req.mem_size = mem;
	req.data_size = write ? *size : 0;
	req.base.timeout_ns = 500 * EC_NSEC_PER_MSEC;
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(slave, &req.base);
	ck_assert(ec_harness_run_until(h, sdo_done, &req,
				       30 * EC_NSEC_PER_SEC));
	if (size)
		*size = req.data_size;
	if (abort_code)
		*abort_code = req.abort_code;
	ck_assert_int_eq(req.base.state,
			 req.base.error ? EC_REQ_FAILURE : EC_REQ_SUCCESS);
	return req.base.error;
}

static inline int upload(struct ec_harness *h, unsigned int pos,
			 u16 index, u8 sub, u8 *buf, size_t mem, size_t *size)
{
	*size = 0;
	return sdo(h, pos, false, index, sub, false, buf, mem, size, NULL);
}

static inline int download(struct ec_harness *h, unsigned int pos,
			   u16 index, u8 sub, const u8 *data, size_t len)
{
	size_t size = len;

	return sdo(h, pos, true, index, sub, false, (u8 *)data, len, &size,
		   NULL);
}

#endif /* EC_TEST_COE_HARNESS_H */
