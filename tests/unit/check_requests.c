// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_requests.c - the one request queue of a slave: the CLI's and the
 * application's requests of different kinds are served in the order they
 * reach the queue; a request taken back is never served; an abandoned
 * request is reaped once its FSM is done with it, also when the slave
 * goes away in the middle.  The idle thread's rest (the turn queued
 * nothing but the AL status broadcast) ends with a request or a rescan.
 */
#include "config_harness.h"

/* When each request of a test ended, in the order of the cycles. */
struct order {
	const struct ec_request *req[8];
	unsigned int done_at[8];
	unsigned int n;
	unsigned int cycles;
};

static void order_add(struct order *o, const struct ec_request *req)
{
	ck_assert_uint_lt(o->n, 8);
	o->req[o->n] = req;
	o->done_at[o->n] = 0;
	o->n++;
}

/* One cycle; the cycle number at which each request was first seen done. */
static bool order_all_done(struct ec_harness *h, void *ctx)
{
	struct order *o = ctx;
	bool all = true;
	unsigned int i;

	(void)h;
	o->cycles++;
	for (i = 0; i < o->n; i++) {
		if (!o->done_at[i] && ec_req_done(o->req[i]->state))
			o->done_at[i] = o->cycles;
		all = all && o->done_at[i];
	}
	return all;
}

static void cli_sdo(struct ec_sdo_request *req, u16 index, u8 subindex,
		    u8 *buf, size_t size)
{
	memset(req, 0, sizeof(*req));
	ec_request_init(&req->base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	req->index = index;
	req->subindex = subindex;
	req->data = buf;
	req->mem_size = size;
}

/*
 * While the servo's FSM serves a CLI SDO upload, the application starts
 * an SDO read, then the CLI queues an SDO upload and a register read: the
 * application's goes second, before the CLI's queued after it, and the
 * CLI's SDO before its register read, whatever their kinds.
 */
START_TEST(test_cli_and_app_in_queue_order)
{
	struct ec_sdo_request c1, c2;
	struct ec_reg_request c3;
	struct ec_app_request *app;
	struct order o = { .n = 0 };
	struct ec_slave *servo;
	struct fixture f;
	u8 b1[4], b2[4], b3[2];

	setup(&f);
	servo = slave_at(&f.h, ID_SERVO);
	ck_assert_ptr_eq(servo->config, f.sc[ID_SERVO]);
	app = ec_slave_config_create_request(f.sc[ID_SERVO], EC_APP_REQ_SDO,
					     4);
	ck_assert_ptr_nonnull(app);
	app->u.sdo.index = 0x6080;
	ck_assert_uint_eq(app->u.base.kind, EC_REQ_SDO);
	ck_assert_uint_eq(app->u.base.owner, EC_REQ_OWNER_APP);

	cli_sdo(&c1, 0x1000, 0, b1, sizeof(b1));
	ec_slave_queue_request(servo, &c1.base);
	cycle(&f.h);
	ck_assert_int_eq(c1.base.state, EC_REQ_BUSY);

	ck_assert_int_eq(ec_app_request_start(app, false, EC_VOE_OP_READ), 0);
	cycle(&f.h);
	/* In the queue behind the one in progress. */
	ck_assert_int_eq(c1.base.state, EC_REQ_BUSY);
	ck_assert_int_eq(app->u.base.state, EC_REQ_QUEUED);
	ck_assert_ptr_eq(servo->requests.next, &app->u.base.node);

	cli_sdo(&c2, 0x1018, 1, b2, sizeof(b2));
	ec_slave_queue_request(servo, &c2.base);
	memset(&c3, 0, sizeof(c3));
	ec_request_init(&c3.base, EC_REQ_REG, EC_REQ_OWNER_CLI);
	c3.address = EC_REG_AL_STATUS;
	c3.size = sizeof(b3);
	c3.data = b3;
	ec_slave_queue_request(servo, &c3.base);

	order_add(&o, &c1.base);
	order_add(&o, &app->u.base);
	order_add(&o, &c2.base);
	order_add(&o, &c3.base);
	ck_assert(run_until(&f.h, order_all_done, &o, 2 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(c1.base.state, EC_REQ_SUCCESS);
	ck_assert_int_eq(app->u.base.state, EC_REQ_SUCCESS);
	ck_assert_int_eq(c2.base.state, EC_REQ_SUCCESS);
	ck_assert_int_eq(c3.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_lt(o.done_at[0], o.done_at[1]);
	ck_assert_uint_lt(o.done_at[1], o.done_at[2]);
	ck_assert_uint_lt(o.done_at[2], o.done_at[3]);
	ck_assert_uint_eq(ec_get_u32(app->mem), 6000);
	ck_assert_uint_eq(ec_get_u32(b2), VID_ECSIM);
	ck_assert_uint_eq(b3[0] & EC_AL_STATE_MASK, EC_AL_STATE_PREOP_);
	ck_assert(ec_list_empty(&servo->requests));
	teardown(&f);
}
END_TEST

/* A request taken back before the FSM started it is never served. */
START_TEST(test_unqueued_not_served)
{
	struct ec_sdo_request busy, back;
	struct ec_slave *servo;
	struct fixture f;
	u8 b1[4], b2[4];

	setup(&f);
	servo = slave_at(&f.h, ID_SERVO);
	cli_sdo(&busy, 0x1000, 0, b1, sizeof(b1));
	ec_slave_queue_request(servo, &busy.base);
	cli_sdo(&back, 0x1018, 1, b2, sizeof(b2));
	ec_slave_queue_request(servo, &back.base);
	cycle(&f.h);
	ck_assert_int_eq(busy.base.state, EC_REQ_BUSY);
	ck_assert(!ec_slave_unqueue_request(&busy.base));	/* BUSY */
	ck_assert(ec_slave_unqueue_request(&back.base));
	ck_assert_int_eq(back.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(back.base.error, -ECANCELED);
	ck_assert(run_until(&f.h, ec_harness_req_done, &busy.base.state,
			    EC_NSEC_PER_SEC));
	run_for(&f.h, 100 * EC_NSEC_PER_MSEC);
	ck_assert_int_eq(back.base.state, EC_REQ_FAILURE);
	ck_assert(ec_list_empty(&servo->requests));
	teardown(&f);
}
END_TEST

static unsigned int freed;

static void free_orphan(struct ec_request *req)
{
	struct ec_sdo_request *sdo = ec_container_of(req, struct ec_sdo_request,
						     base);

	free(sdo->data);
	free(sdo);
	freed++;
}

static struct ec_sdo_request *heap_sdo(u16 index)
{
	struct ec_sdo_request *req = malloc(sizeof(*req));

	ck_assert_ptr_nonnull(req);
	cli_sdo(req, index, 0, malloc(4), 4);
	ck_assert_ptr_nonnull(req->data);
	return req;
}

/*
 * The waiter of a request in progress goes: the request is orphaned and
 * reaped only once the FSM ended it; one orphaned when its slave goes
 * away (a rescan) ends with -ENODEV and is reaped too.
 */
START_TEST(test_orphan_reaped)
{
	struct ec_sdo_request *a, *b;
	struct ec_list orphans;
	struct ec_slave *servo;
	struct fixture f;

	setup(&f);
	ec_list_init(&orphans);
	freed = 0;
	servo = slave_at(&f.h, ID_SERVO);
	a = heap_sdo(0x1000);
	ec_slave_queue_request(servo, &a->base);
	cycle(&f.h);
	ck_assert_int_eq(a->base.state, EC_REQ_BUSY);
	ec_request_orphan(&orphans, &a->base);
	ck_assert_uint_eq(ec_request_reap(&orphans, free_orphan, false), 0);
	ck_assert(run_until(&f.h, ec_harness_req_done, &a->base.state,
			    EC_NSEC_PER_SEC));
	ck_assert_uint_eq(ec_request_reap(&orphans, free_orphan, false), 1);
	ck_assert_uint_eq(freed, 1);
	ck_assert(ec_list_empty(&orphans));

	/* In progress when the slave goes away. */
	b = heap_sdo(0x1018);
	ec_slave_queue_request(servo, &b->base);
	cycle(&f.h);
	ck_assert_int_eq(b->base.state, EC_REQ_BUSY);
	ec_request_orphan(&orphans, &b->base);
	ec_fsm_master_rescan(&f.h.master.fsm);
	ck_assert(run_until(&f.h, ec_harness_req_done, &b->base.state,
			    EC_NSEC_PER_SEC));
	ck_assert_int_eq(b->base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(b->base.error, -ENODEV);
	ck_assert_uint_eq(ec_request_reap(&orphans, free_orphan, false), 1);
	ck_assert_uint_eq(freed, 2);
	teardown(&f);
}
END_TEST

/* Every kind has its row, with all four operations. */
START_TEST(test_ops_rows_complete)
{
	unsigned int k;

	for (k = 0; k < EC_REQ_KINDS; k++) {
		ck_assert_ptr_nonnull(ec_request_ops[k].name);
		ck_assert_ptr_nonnull(ec_request_ops[k].start);
		ck_assert_ptr_nonnull(ec_request_ops[k].step);
		ck_assert_ptr_nonnull(ec_request_ops[k].done);
		ck_assert_ptr_nonnull(ec_request_ops[k].cancel);
	}
	ck_assert(ec_request_ops[EC_REQ_REG].unscanned);
	ck_assert(ec_request_ops[EC_REQ_SII].unscanned);
	ck_assert(!ec_request_ops[EC_REQ_SDO].unscanned);
}
END_TEST

/*
 * An idle turn as master/linux/thread.c runs it; returns whether the glue
 * would rest after it (ec_master_idle_at_rest() before the send).
 */
static bool idle_turn(struct ec_harness *h)
{
	struct ec_master *m = &h->master;
	bool rest;

	ec_master_poll_devices(m);
	ec_port_io_lock(m);
	ec_master_idle_receive(m, h->now_ns);
	ec_port_io_unlock(m);
	ec_master_idle_fsm(m, h->now_ns);
	ec_port_io_lock(m);
	rest = ec_master_idle_at_rest(m);
	ec_master_send_datagrams(m, h->now_ns);
	ec_port_io_unlock(m);
	h->now_ns += EC_HARNESS_CYCLE_NS;
	return rest;
}

/* Turns until one is at rest (at most @limit); returns how many ran. */
static unsigned int turns_to_rest(struct ec_harness *h, unsigned int limit)
{
	unsigned int i;

	for (i = 1; i <= limit; i++)
		if (idle_turn(h))
			return i;
	return limit + 1;
}

/*
 * The idle master at rest sends the AL status broadcast alone; a CLI
 * request makes its turns busy until it is served, a rescan until the
 * scan is over, then the master rests again.
 */
START_TEST(test_idle_rest)
{
	struct ec_sdo_request r;
	struct ec_slave *servo;
	unsigned int i, rests = 0;
	struct fixture f;
	u8 b[4];

	setup(&f);
	/* The dictionaries and the slaves' jobs after the scan. */
	ck_assert_uint_le(turns_to_rest(&f.h, 30000), 30000);
	for (i = 0; i < 1000; i++)
		rests += idle_turn(&f.h);
	/* Busy turns: the slaves' periodic reads and link health only. */
	ck_assert_uint_ge(rests, 900);

	servo = slave_at(&f.h, ID_SERVO);
	cli_sdo(&r, 0x1018, 1, b, sizeof(b));
	ec_slave_queue_request(servo, &r.base);
	/* Busy from its first datagram until the turn that completes it. */
	for (i = 0; i < 100; i++) {
		bool rest = idle_turn(&f.h);

		if (ec_req_done(r.base.state))
			break;
		ck_assert_msg(!rest, "rest at turn %u of the request", i);
	}
	ck_assert_int_eq(r.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ec_get_u32(b), VID_ECSIM);
	ck_assert_uint_le(turns_to_rest(&f.h, 100), 100);

	ec_fsm_master_rescan(&f.h.master.fsm);
	ck_assert(!idle_turn(&f.h));
	ck_assert(!idle_turn(&f.h));
	ck_assert_uint_le(turns_to_rest(&f.h, 30000), 30000);
	ck_assert(!f.h.master.scan_busy);
	ck_assert_uint_eq(f.h.master.slave_count, N_SLAVES);
	teardown(&f);
}
END_TEST

static Suite *requests_suite(void)
{
	Suite *s = suite_create("requests");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_cli_and_app_in_queue_order);
	tcase_add_test(tc, test_unqueued_not_served);
	tcase_add_test(tc, test_orphan_reaped);
	tcase_add_test(tc, test_ops_rows_complete);
	tcase_add_test(tc, test_idle_rest);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(requests_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
