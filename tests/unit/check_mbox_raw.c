// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_mbox_raw.c - the mailbox gateway's raw mailbox exchange
 * (EC_REQ_MBOX_RAW, mailbox/mbox_raw.c) through the slave's request queue
 * against the in-process segment (coe_harness.h): an SDO upload message
 * and its reply (the master's counter and address in the message), an
 * emergency arriving meanwhile goes to the ring, SDO information's
 * fragments of a small mailbox collected in one exchange, a client's
 * segmented upload kept whole while another SDO request waits, a message
 * without reply, and the refused ones (EoE, length disagreeing, too large
 * for the mailbox, reply buffer too small).
 */
#include "coe_harness.h"
#include "mailbox/mbox_raw.h"

static bool raw_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_mbox_raw_request *)ctx)->base.state);
}

/* One exchange of @msg (@n bytes) with the slave at @pos; its error. */
static int exchange(struct ec_harness *h, unsigned int pos, u8 *buf,
		    size_t n, size_t cap, bool no_reply, size_t *reply)
{
	struct ec_mbox_raw_request req;

	memset(&req, 0, sizeof(req));
	ec_request_init(&req.base, EC_REQ_MBOX_RAW, EC_REQ_OWNER_CLI);
	req.data = buf;
	req.data_size = n;
	req.mem_size = cap;
	req.no_reply = no_reply;
	ec_slave_queue_request(h->master.slaves[pos], &req.base);
	ck_assert(ec_harness_run_until(h, raw_done, &req,
				       10 * EC_NSEC_PER_SEC));
	*reply = req.reply_size;
	return req.base.error;
}

/* A mailbox message: header (@len data bytes) and an SDO upload. */
static size_t upload_msg(u8 *m, u8 type, u16 index, u8 sub)
{
	memset(m, 0, 16);
	ec_put_u16(m, 10);
	ec_put_u16(m + 2, 0x4321);	/* the client's: replaced */
	m[5] = type | 5 << 4;		/* the client's counter: replaced */
	ec_put_u16(m + 6, 0x2000);	/* CoE SDO request */
	m[8] = 0x40;
	ec_put_u16(m + 9, index);
	m[11] = sub;
	return 16;
}

START_TEST(test_upload_and_emergency)
{
	struct ec_harness h;
	struct ec_slave *servo;
	u8 buf[256], msg[EC_EMERG_SIZE];
	size_t n;

	setup(&h);
	servo = h.master.slaves[ID_SERVO];
	ecsim_coe_emergency(h.seg->slaves[ID_SERVO].coe, 0x8110, 0x11, NULL);
	n = upload_msg(buf, EC_MBOX_TYPE_COE, 0x6502, 0);
	ck_assert_int_eq(exchange(&h, ID_SERVO, buf, n, sizeof(buf), false,
				  &n), 0);
	ck_assert_uint_eq(n, 16);
	ck_assert_uint_eq(ec_get_u16(buf), 10);
	ck_assert_uint_eq(buf[5] & 0x0f, EC_MBOX_TYPE_COE);
	ck_assert_uint_eq(ec_get_u16(buf + 6) >> 12, 3);	/* response */
	ck_assert_uint_eq(buf[8], 0x43);
	ck_assert_uint_eq(ec_get_u32(buf + 12), 0x385);
	/* the emergency went to the ring, not to the gateway */
	ck_assert_uint_eq(ec_emerg_ring_count(&servo->emerg_ring), 1);
	ck_assert_int_eq(ec_emerg_ring_pop(&servo->emerg_ring, msg), 0);
	ck_assert_uint_eq(ec_get_u16(msg), 0x8110);
	/* the master's sequence went on: a normal upload still works */
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	teardown(&h);
}
END_TEST

/* SDO information of a 48-byte mailbox: fragments, back to back. */
START_TEST(test_info_fragments)
{
	struct ec_harness h;
	u8 buf[4096];
	size_t n, off, frags = 0, ids = 0;

	setup(&h);
	memset(buf, 0, 14);
	ec_put_u16(buf, 8);
	buf[5] = EC_MBOX_TYPE_COE;
	ec_put_u16(buf + 6, 0x8000);	/* SDO information */
	buf[8] = 1;			/* Get OD List */
	ec_put_u16(buf + 12, 1);	/* all objects */
	ck_assert_int_eq(exchange(&h, ID_SMALL, buf, 14, sizeof(buf), false,
				  &n), 0);
	for (off = 0; off + EC_MBOX_HEADER_SIZE <= n; frags++) {
		size_t len = ec_get_u16(buf + off);
		const u8 *p = buf + off + EC_MBOX_HEADER_SIZE;

		ck_assert_uint_ge(len, 6);
		ck_assert_uint_eq(p[2] & 0x7f, 2);	/* OD list response */
		ck_assert_uint_eq(!!(p[2] & 0x80),
				  off + EC_MBOX_HEADER_SIZE + len < n);
		ids += (len - 6) / 2;
		off += EC_MBOX_HEADER_SIZE + len;
	}
	ck_assert_uint_eq(off, n);
	ck_assert_uint_gt(frags, 1);
	ck_assert_uint_gt(ids, 10);
	/* too small a buffer for all fragments: -EOVERFLOW */
	memset(buf, 0, 14);
	ec_put_u16(buf, 8);
	buf[5] = EC_MBOX_TYPE_COE;
	ec_put_u16(buf + 6, 0x8000);
	buf[8] = 1;
	ec_put_u16(buf + 12, 1);
	ck_assert_int_eq(exchange(&h, ID_SMALL, buf, 14, 60, false, &n),
			 -EOVERFLOW);
	teardown(&h);
}
END_TEST

static bool both_done(struct ec_harness *h, void *ctx)
{
	struct ec_request **r = ctx;

	(void)h;
	return ec_req_done(r[0]->state) && ec_req_done(r[1]->state);
}

/*
 * A client's segmented upload: an SDO request queued between its
 * segments waits until the transfer ended (the slave would abort it).
 */
START_TEST(test_segments_hold)
{
	struct ec_mbox_raw_request raw;
	struct ec_sdo_request sdo;
	struct ec_request *both[2] = { &raw.base, &sdo.base };
	struct ec_harness h;
	struct ec_slave *slave;
	u8 buf[512], val[16];
	size_t n;

	setup(&h);
	slave = h.master.slaves[ID_TEST];
	n = upload_msg(buf, EC_MBOX_TYPE_COE, 0x200C, 0);
	ck_assert_int_eq(exchange(&h, ID_TEST, buf, n, sizeof(buf), false,
				  &n), 0);
	ck_assert_uint_eq(buf[8], 0x41);	/* normal: segments follow */
	ck_assert_uint_eq(ec_get_u32(buf + 12), 300);
	ck_assert_uint_gt(slave->raw_hold_ns, h.now_ns);
	/* the application's or CLI's SDO first in the queue ... */
	memset(&sdo, 0, sizeof(sdo));
	ec_request_init(&sdo.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	sdo.index = 0x2011;
	sdo.data = val;
	sdo.mem_size = sizeof(val);
	ec_slave_queue_request(slave, &sdo.base);
	/* ... then the client's first segment request */
	memset(buf, 0, 16);
	ec_put_u16(buf, 10);
	buf[5] = EC_MBOX_TYPE_COE;
	ec_put_u16(buf + 6, 0x2000);
	buf[8] = 0x60;
	memset(&raw, 0, sizeof(raw));
	ec_request_init(&raw.base, EC_REQ_MBOX_RAW, EC_REQ_OWNER_CLI);
	raw.data = buf;
	raw.data_size = 16;
	raw.mem_size = sizeof(buf);
	ec_slave_queue_request(slave, &raw.base);
	ck_assert(ec_harness_run_until(&h, both_done, both,
				       10 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(raw.base.error, 0);
	ck_assert_uint_eq(buf[8] & 0xe0, 0x00);	/* a segment, no abort */
	ck_assert_int_eq(sdo.base.error, 0);
	ck_assert_mem_eq(val, "abcdefgh", 8);
	/* the client went away in the middle: the hold ends by itself */
	ec_harness_run_for(&h, EC_MBOX_RAW_HOLD_NS + 10 * EC_NSEC_PER_MSEC);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2011, 0, val, sizeof(val), &n),
			 0);
	ck_assert_uint_eq(slave->raw_hold_ns, 0);
	teardown(&h);
}
END_TEST

START_TEST(test_refused)
{
	struct ec_harness h;
	u8 buf[512];
	size_t n;

	setup(&h);
	n = upload_msg(buf, EC_MBOX_TYPE_EOE, 0x1000, 0);
	ck_assert_int_eq(exchange(&h, ID_SERVO, buf, n, sizeof(buf), false,
				  &n), -EPROTONOSUPPORT);
	n = upload_msg(buf, EC_MBOX_TYPE_COE, 0x1000, 0);
	ck_assert_int_eq(exchange(&h, ID_SERVO, buf, n - 1, sizeof(buf),
				  false, &n), -EMSGSIZE);
	memset(buf, 0, sizeof(buf));
	ec_put_u16(buf, 300);
	buf[5] = EC_MBOX_TYPE_COE;
	ck_assert_int_eq(exchange(&h, ID_SERVO, buf, 306, sizeof(buf), false,
				  &n), -EOVERFLOW);
	/* without reply: ends once the slave took the message */
	n = upload_msg(buf, EC_MBOX_TYPE_COE, 0x6502, 0);
	ck_assert_int_eq(exchange(&h, ID_SERVO, buf, n, sizeof(buf), true,
				  &n), 0);
	ck_assert_uint_eq(n, 0);
	teardown(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mbox_raw");
	TCase *tc = tcase_create("mbox_raw");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_upload_and_emergency);
	tcase_add_test(tc, test_info_fragments);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_segments_hold);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(segment_json);
	return failed ? 1 : 0;
}
