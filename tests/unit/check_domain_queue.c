// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_domain_queue.c - a kernel application's queue and process
 * without the io lock (cycle/domain.c: ec_domain_queue_later(),
 * ec_domain_process_unlocked(); doc/LOCKING.md rule 10).
 */
#include "harness.h"
#include "cycle/domain.h"
#include "cycle/domain_process.h"
#include "domain_io.h"

static struct ec_harness h;

static void setup(void)
{
	ec_harness_init(&h, "{ \"slaves\": [ { \"model\": \"EK1100\" } ] }");
}

static void teardown(void)
{
	ec_master_deactivate(&h.master, h.now_ns);
	ec_master_clear_config(&h.master);
	ec_harness_clear(&h);
}

static struct ec_slave_config *io_config(u16 pos, unsigned int bytes)
{
	return ec_test_io_config(&h.master, pos, bytes);
}

/*
 * A kernel application's queue (ecrt_domain_queue()) is recorded without
 * the lock and replayed by its next process, receive or send
 * (ec_domain_queue_later()): the datagram is queued only then, a process
 * after the queue finds nothing answered, and a second queue before it
 * counts as skipped, as with ec_domain_queue().
 */
START_TEST(test_queue_later)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	unsigned int before = h.master.skipped_datagrams;
	struct ec_datagram *dg;

	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(io_config(0, 10),
						       0x6000, 1, d, NULL), 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	dg = &d->datagrams[0].datagram;
	dg->state = EC_DATAGRAM_RECEIVED;	/* as after an exchange */
	dg->working_counter = 1;
	ec_domain_queue_later(d);
	ec_domain_queue_later(d);
	ck_assert_int_eq(dg->state, EC_DATAGRAM_RECEIVED);
	ck_assert(!ec_list_linked(&dg->queue_node));
	ec_domain_process(d, h.now_ns);
	ck_assert_int_eq(dg->state, EC_DATAGRAM_QUEUED);
	ck_assert_uint_eq(d->working_counter, 0);
	ck_assert_uint_eq(h.master.skipped_datagrams, before + 1);
	ck_assert(!h.master.queue_later);
	ck_assert_uint_eq(d->queue_later, 0);
	/* The send replays a queue that came after the process. */
	ec_harness_op_send(&h.master, h.now_ns);
	ck_assert_int_eq(dg->state, EC_DATAGRAM_SENT);
	dg->state = EC_DATAGRAM_RECEIVED;
	ec_domain_queue_later(d);
	ec_harness_op_send(&h.master, h.now_ns);
	ck_assert_int_eq(dg->state, EC_DATAGRAM_SENT);
	ck_assert_uint_eq(h.master.skipped_datagrams, before + 1);
}
END_TEST

/*
 * The kernel's process() without the lock (ec_domain_process_unlocked()):
 * it finds what ec_domain_process() finds, and leaves to it, under the
 * lock, a queue() recorded before and a working counter that fell (the
 * capture's event).
 */
START_TEST(test_process_unlocked)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_datagram *dg;

	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(io_config(0, 10),
						       0x6000, 1, d, NULL), 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	dg = &d->datagrams[0].datagram;
	dg->state = EC_DATAGRAM_RECEIVED;
	dg->working_counter = 1;
	ck_assert(ec_domain_process_unlocked(d, h.now_ns));
	ck_assert_uint_eq(d->working_counter, 1);
	ck_assert_uint_eq(d->datagrams[0].wkc_seen, 1);
	ck_assert_int_eq(d->wc_state, EC_WC_COMPLETE);
	/* a reply still in the rx image does not count: the sum falls */
	dg->rx_pending = true;
	ck_assert(!ec_domain_process_unlocked(d, h.now_ns));
	ck_assert_uint_eq(d->working_counter, 1);
	ec_domain_process(d, h.now_ns);
	ck_assert_uint_eq(d->working_counter, 0);
	ck_assert_int_eq(d->wc_state, EC_WC_ZERO);
	dg->rx_pending = false;
	ck_assert(ec_domain_process_unlocked(d, h.now_ns));
	ck_assert_uint_eq(d->working_counter, 1);
	/* a queue() before: replayed under the lock */
	ec_domain_queue_later(d);
	ck_assert(!ec_domain_process_unlocked(d, h.now_ns));
	ck_assert_int_eq(dg->state, EC_DATAGRAM_RECEIVED);
	ec_domain_process(d, h.now_ns);
	ck_assert_int_eq(dg->state, EC_DATAGRAM_QUEUED);
	ck_assert_uint_eq(d->working_counter, 0);
}
END_TEST

static Suite *domain_queue_suite(void)
{
	Suite *s = suite_create("domain_queue");
	TCase *tc = tcase_create("lockless");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_queue_later);
	tcase_add_test(tc, test_process_unlocked);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(domain_queue_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
