// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_eoe_op.c - the EoE pump in the operation phase as on one CPU
 * (the master's thread runs its turn after the application's send):
 * fragments written ahead of a write still on its way, a busy write
 * mailbox, a restart and a loss while writing ahead; the echoes come
 * back whole.  Shares eoe_harness.h with check_eoe.c.
 */
#include "eoe_harness.h"

/*
 * The operation phase as on one CPU: the master's thread runs its FSM
 * turn after the application's send (doc/LOCKING.md), so what it queues
 * goes with the next send and is answered a turn later.
 */
static void op_cycle_after_send(struct ec_harness *h)
{
	ec_port_io_lock(&h->master);
	ec_master_app_receive(&h->master, h->now_ns);
	ec_port_io_unlock(&h->master);
	ec_harness_op_send(&h->master, h->now_ns);
	ec_master_op_fsm(&h->master, h->now_ns);
	h->now_ns += EC_HARNESS_CYCLE_NS;
}

/* Queue @n UDP echoes, cycle as on one CPU until they are back or
 * @limit cycles passed; return the cycles.
 */
static unsigned int op_udp_burst(struct ec_harness *h, unsigned int n,
				 unsigned int limit)
{
	unsigned int k, c = 0, first = env.tx_n;

	for (k = 0; k < n; k++)
		queue_udp(1472, (u8)(first + k));
	while (env.rx_n < first + n && c < limit) {
		op_cycle_after_send(h);
		c++;
	}
	return c;
}

static void op_setup(struct ec_harness *h)
{
	unsigned int i;

	setup(h);
	ck_assert_int_eq(ec_master_activate(&h->master, h->now_ns), 0);
	for (i = 0; i < 100; i++)
		op_cycle_after_send(h);
}

/* Each echo came back equal to what was sent. */
static void check_udp_echoes(void)
{
	unsigned int k;

	ck_assert_uint_eq(env.rx_n, env.tx_n);
	for (k = 0; k < env.rx_n; k++) {
		ck_assert_uint_eq(env.rx_len[k], env.tx_len[k]);
		ck_assert_int_eq(memcmp(env.rx[k] + 42, env.tx[k] + 42, 1472),
				 0);
	}
}

/* In OP on one CPU a fragment goes ahead of the write still on its way:
 * 8 full frames out (to a port without echo) in well under the 2 cycles
 * per fragment one write at a time takes there; and 8 echoes come back
 * whole (the fetches, one at a time, take 2 cycles per fragment). */
START_TEST(test_op_write_ahead)
{
	struct ecsim_eoe_stats st;
	struct ec_harness h;
	unsigned int k, c = 0;

	op_setup(&h);
	for (k = 0; k < MAX_FRAMES; k++)
		queue_udp_to(1472, (u8)k, UDP_PORT + 1);
	while (eoe.stats.tx_frames < MAX_FRAMES && c < 2000) {
		op_cycle_after_send(&h);
		c++;
	}
	ck_assert_uint_eq(eoe.stats.tx_frames, MAX_FRAMES);
	ck_assert_msg(c <= 6 * MAX_FRAMES + 4,
		      "8 frames out took %u cycles in OP", c);
	ck_assert_uint_eq(eoe.stats.tx_fragments, 4 * MAX_FRAMES);
	ck_assert_uint_eq(eoe.stats.tx_restarts, 0);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.rx_frames, MAX_FRAMES);
	ck_assert_uint_eq(st.rx_dropped, 0);
	ck_assert_uint_eq(st.udp_replies, 0);
	memset(&env, 0, sizeof(env));
	op_udp_burst(&h, MAX_FRAMES, 2000);
	check_udp_echoes();
	ec_master_deactivate(&h.master, h.now_ns);
	teardown(&h);
}
END_TEST

/* Write-ahead into a write mailbox the slave leaves full: the refused
 * writes go again in order (or the frame from fragment 0), every frame
 * arrives whole. */
START_TEST(test_op_mailbox_busy)
{
	struct ecsim_eoe_stats st;
	struct ec_harness h;
	unsigned int k, i;

	op_setup(&h);
	for (k = 0; k < MAX_FRAMES / 2; k++) {
		ck_assert_int_eq(ecsim_slave_eoe_fault(h.seg, ID_EOE,
						       ECSIM_EOE_SLOW_MAILBOX),
				 0);
		for (i = 0; i < k; i++)
			op_cycle_after_send(&h);
		op_udp_burst(&h, 2, 2000);
	}
	check_udp_echoes();
	ck_assert_uint_ge(eoe.stats.tx_busy, 1);
	ck_assert_uint_eq(eoe.stats.tx_errors, 0);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.rx_frames, MAX_FRAMES + st.rx_dropped);
	ec_master_deactivate(&h.master, h.now_ns);
	teardown(&h);
}
END_TEST

/* The write mailbox full for one frame while a fragment went ahead: the
 * slave took the later one and refused the earlier, so the frame goes
 * again from fragment 0 and arrives whole. */
START_TEST(test_op_ahead_restart)
{
	struct ecsim_eoe_stats st;
	struct ec_harness h;

	op_setup(&h);
	ck_assert_int_eq(ecsim_slave_eoe_fault(h.seg, ID_EOE,
					       ECSIM_EOE_SLOW_MAILBOX_1), 0);
	op_udp_burst(&h, 2, 2000);
	check_udp_echoes();
	ck_assert_uint_ge(eoe.stats.tx_restarts, 1);
	ck_assert_uint_eq(eoe.stats.tx_errors, 0);
	ck_assert_uint_eq(eoe.stats.tx_frames, 2);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.rx_frames, 2);
	ck_assert_uint_ge(st.rx_dropped, 1);	/* the frame out of order */
	ec_master_deactivate(&h.master, h.now_ns);
	teardown(&h);
}
END_TEST

/* Answers lost while writes go ahead: every frame arrives whole (a lost
 * write goes again, or its frame from fragment 0; a lost fetch is
 * repeated), and the link goes on. */
START_TEST(test_op_ahead_loss)
{
	struct ec_harness h;
	unsigned int k;

	op_setup(&h);
	for (k = 0; k < 4; k++) {
		queue_udp(1472, (u8)(40 + k));
		while (eoe.stats.tx_fragments < 4 * k + 2)
			op_cycle_after_send(&h);
		h.lose_answers = k & 1;	/* mid-frame, both ways busy: */
		h.drop_frames = !(k & 1);	/* answer lost, or frame */
		while (env.rx_n < k + 1 && eoe.stats.rx_dropped + env.rx_n <
		       k + 1 + eoe.stats.tx_errors)
			op_cycle_after_send(&h);
	}
	for (k = 0; k < 200; k++)
		op_cycle_after_send(&h);
	check_udp_echoes();
	ck_assert_uint_eq(eoe.stats.rx_dropped, 0);
	ck_assert_uint_eq(eoe.stats.tx_errors, 0);
	/* and then a burst passes whole */
	memset(&env, 0, sizeof(env));
	op_udp_burst(&h, 4, 2000);
	check_udp_echoes();
	ec_master_deactivate(&h.master, h.now_ns);
	teardown(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("eoe_op");
	TCase *tc = tcase_create("eoe_op");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_op_write_ahead);
	tcase_add_test(tc, test_op_mailbox_busy);
	tcase_add_test(tc, test_op_ahead_restart);
	tcase_add_test(tc, test_op_ahead_loss);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
