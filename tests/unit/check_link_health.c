// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_link_health.c - the master's watch over the ESC error counters
 * (link_health.c) against the in-process segment in the idle phase:
 * every slave is read in its round; RX errors injected on the cable in
 * front of slave 3 port 0 (ethercat-sim "rxerr 3 0 1") name that cable
 * and no other within 2 s, the forwarded errors behind it do not; after
 * the fault stops the 10 s count falls to 0 and the total stays; a
 * counter that would saturate is cleared by the master and the total goes
 * on past 255; a flapping link (lost links) and invalid frames alone name
 * their cables too; the reads can be switched off.
 */
#include "harness.h"
#include "slave/link_health.h"
#include "slave/slave.h"

/* EK1100, EL1008, EL2008, EL3102, EL4102, EL1008: a line */
static const char *const segment =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL2008\" }, { \"model\": \"EL3102\" },"
	" { \"model\": \"EL4102\" }, { \"model\": \"EL1008\" } ] }";
#define N 6

static void sim(struct ec_harness *h, const char *cmd)
{
	char out[256];

	ck_assert_msg(!ecsim_segment_command(h->seg, cmd, out, sizeof(out)),
		      "%s: %s", cmd, out);
}

static void setup(struct ec_harness *h)
{
	unsigned int n = N;

	ec_harness_init(h, segment);
	ck_assert(ec_harness_run_until(h, ec_harness_all_ready, &n,
				       10 * EC_NSEC_PER_SEC));
	/* a round of reads, and the snapshots of a few seconds */
	ec_harness_run_for(h, 3 * EC_NSEC_PER_SEC);
}

/* The cables with RX or lost link faults: "pos:port" of each end seen. */
static unsigned int faulty_ports(struct ec_harness *h, unsigned int mask,
				 unsigned int *pos, unsigned int *port)
{
	unsigned int i, p, n = 0;

	for (i = 0; i < N; i++)
		for (p = 0; p < EC_HEALTH_PORTS; p++)
			if (ec_link_health_port_faults(&h->master, i, p,
						       h->now_ns) & mask) {
				*pos = i;
				*port = p;
				n++;
			}
	return n;
}

static u64 total(struct ec_harness *h, unsigned int pos, unsigned int port,
		 enum ec_health_counter c)
{
	const struct ec_health_slave *s = ec_link_health_slave(&h->master,
								pos);

	ck_assert_ptr_nonnull(s);
	return s->total[port][c];
}

START_TEST(test_every_slave_read)
{
	struct ec_harness h;
	unsigned int i, pos, port;

	setup(&h);
	for (i = 0; i < N; i++) {
		const struct ec_health_slave *s =
			ec_link_health_slave(&h.master, i);

		ck_assert_ptr_nonnull(s);
		/* every 6 x 2 ms: about 250 reads in 3 s */
		ck_assert_uint_ge(s->reads, 150);
		ck_assert_uint_le(h.now_ns - s->last_read_ns,
				  2 * ec_link_health_round_ns(&h.master));
	}
	ck_assert_uint_eq(faulty_ports(&h, ~0u, &pos, &port), 0);
	ck_assert_uint_eq(ec_link_health_unhealthy(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(h.master.health.lost_reads, 0);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_rx_errors_name_the_cable)
{
	struct ec_harness h;
	struct ec_health_window w;
	unsigned int pos = 99, port = 99;
	u64 t0, rx, fwd4;
	u16 peer;
	u8 peer_port;

	setup(&h);
	sim(&h, "rxerr 3 0 1");
	t0 = h.now_ns;
	while (!faulty_ports(&h, EC_HEALTH_FAULT_CABLE, &pos, &port) &&
	       h.now_ns - t0 < 2 * EC_NSEC_PER_SEC)
		ec_harness_cycle(&h);
	ck_assert_uint_lt(h.now_ns - t0, 2 * EC_NSEC_PER_SEC);
	ec_harness_run_for(&h, 2 * EC_NSEC_PER_SEC);
	ck_assert_uint_eq(faulty_ports(&h, EC_HEALTH_FAULT_CABLE, &pos, &port),
			  1);
	ck_assert_uint_eq(pos, 3);
	ck_assert_uint_eq(port, 0);
	ck_assert_uint_eq(ec_link_health_unhealthy(&h.master, h.now_ns), 1);
	ec_link_health_peer(&h.master, 3, 0, &peer, &peer_port);
	ck_assert_uint_eq(peer, 2);
	ck_assert_uint_eq(peer_port, 1);
	ec_link_health_peer(&h.master, 0, 0, &peer, &peer_port);
	ck_assert_uint_eq(peer, EC_HEALTH_PEER_MASTER);
	/* behind the cable: forwarded errors, no fault of their cables */
	ck_assert(ec_link_health_port_faults(&h.master, 4, 0, h.now_ns) &
		  EC_HEALTH_FAULT_FORWARDED);
	ck_assert_uint_gt(total(&h, 5, 0, EC_HEALTH_FORWARDED), 0);
	ck_assert_uint_eq(total(&h, 2, 0, EC_HEALTH_FORWARDED), 0);
	/* about 1 % of the frames: a frame a cycle, 4 s */
	rx = total(&h, 3, 0, EC_HEALTH_RX);
	ck_assert_uint_eq(rx, total(&h, 3, 0, EC_HEALTH_INVALID));
	ck_assert_uint_ge(rx, 15);
	ck_assert_uint_le(rx, 120);
	ec_link_health_window(&h.master, 3, EC_HEALTH_WIN_10S, h.now_ns, &w);
	ck_assert_uint_gt(w.delta[0][EC_HEALTH_RX], 0);
	ck_assert_uint_gt(w.frames, 0);

	/* the fault stops: 10 s later no count in the window, totals kept */
	sim(&h, "rxerr 3 0 0");
	ec_harness_run_for(&h, 200 * EC_NSEC_PER_MSEC);
	rx = total(&h, 3, 0, EC_HEALTH_RX);
	fwd4 = total(&h, 4, 0, EC_HEALTH_FORWARDED);
	ec_harness_run_for(&h, 12 * EC_NSEC_PER_SEC);
	ck_assert_uint_eq(faulty_ports(&h, ~0u, &pos, &port), 0);
	ck_assert_uint_eq(ec_link_health_unhealthy(&h.master, h.now_ns), 0);
	ec_link_health_window(&h.master, 3, EC_HEALTH_WIN_10S, h.now_ns, &w);
	ck_assert_uint_eq(w.delta[0][EC_HEALTH_RX], 0);
	ck_assert_uint_ge(w.ns, 10 * EC_NSEC_PER_SEC);
	ec_link_health_window(&h.master, 3, EC_HEALTH_WIN_START, h.now_ns,
			      &w);
	ck_assert_uint_eq(w.delta[0][EC_HEALTH_RX], rx);
	ck_assert_uint_eq(total(&h, 3, 0, EC_HEALTH_RX), rx);
	ck_assert_uint_eq(total(&h, 4, 0, EC_HEALTH_FORWARDED), fwd4);
	ec_harness_clear(&h);
}
END_TEST

/* 50 % of the frames: the counter passes 0x80 within a second; the
 * master clears it and the total goes on past what a byte holds.
 */
START_TEST(test_clear_before_saturation)
{
	struct ec_harness h;
	u8 raw[1];

	setup(&h);
	sim(&h, "rxerr 2 0 50");
	ec_harness_run_for(&h, 5 * EC_NSEC_PER_SEC);
	sim(&h, "rxerr 2 0 0");
	ec_harness_run_for(&h, 100 * EC_NSEC_PER_MSEC);
	ck_assert_uint_gt(total(&h, 2, 0, EC_HEALTH_RX), 255);
	ck_assert_uint_gt(h.master.health.clears, 3);
	ck_assert_uint_eq(ec_link_health_slave(&h.master, 2)->saturated, 0);
	ck_assert_int_eq(ecsim_slave_peek(h.seg, 2, 0x0301, raw, 1), 0);
	ck_assert_uint_lt(raw[0], EC_HEALTH_CLEAR_AT);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_flap_and_invalid)
{
	struct ec_harness h;
	unsigned int pos = 99, port = 99;

	setup(&h);
	sim(&h, "flap 4 0 1");
	ec_harness_run_for(&h, 2 * EC_NSEC_PER_SEC);
	sim(&h, "flap 4 0 0");
	/* both ends of the cable count: slave 3 port 1 and slave 4 port 0,
	 * one cable
	 */
	ck_assert_uint_gt(total(&h, 4, 0, EC_HEALTH_LOST_LINK), 0);
	ck_assert_uint_eq(total(&h, 4, 0, EC_HEALTH_LOST_LINK),
			  total(&h, 3, 1, EC_HEALTH_LOST_LINK));
	ck_assert(ec_link_health_port_faults(&h.master, 4, 0, h.now_ns) &
		  EC_HEALTH_FAULT_LOST_LINK);
	ck_assert_uint_eq(ec_link_health_unhealthy(&h.master, h.now_ns), 1);
	ck_assert_uint_eq(total(&h, 4, 0, EC_HEALTH_RX), 0);
	ec_harness_run_for(&h, 12 * EC_NSEC_PER_SEC);

	sim(&h, "invalid 1 0 2");
	ec_harness_run_for(&h, 2 * EC_NSEC_PER_SEC);
	sim(&h, "invalid 1 0 0");
	ck_assert_uint_eq(faulty_ports(&h, EC_HEALTH_FAULT_CABLE, &pos, &port),
			  1);
	ck_assert_uint_eq(pos, 1);
	ck_assert_uint_eq(port, 0);
	ck_assert_uint_gt(total(&h, 1, 0, EC_HEALTH_INVALID), 0);
	ck_assert_uint_eq(total(&h, 1, 0, EC_HEALTH_RX), 0);
	ec_harness_clear(&h);
}
END_TEST

/* Port 1 of the EL2008: the frame on its way back, into slave 2. */
START_TEST(test_return_direction)
{
	struct ec_harness h;
	unsigned int pos = 99, port = 99;

	setup(&h);
	sim(&h, "rxerr 2 1 2");
	ec_harness_run_for(&h, 2 * EC_NSEC_PER_SEC);
	ck_assert_uint_eq(faulty_ports(&h, EC_HEALTH_FAULT_CABLE, &pos, &port),
			  1);
	ck_assert_uint_eq(pos, 2);
	ck_assert_uint_eq(port, 1);
	/* the slaves before it see the marked frame at their port 1 */
	ck_assert_uint_gt(total(&h, 1, 1, EC_HEALTH_FORWARDED), 0);
	ck_assert_uint_gt(total(&h, 0, 1, EC_HEALTH_FORWARDED), 0);
	ck_assert_uint_eq(total(&h, 3, 0, EC_HEALTH_FORWARDED), 0);
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_switch_off)
{
	struct ec_harness h;
	u64 reads;

	setup(&h);
	ec_link_health_enable(&h.master, false);
	ec_harness_run_for(&h, 100 * EC_NSEC_PER_MSEC);
	reads = h.master.health.reads;
	ec_harness_run_for(&h, EC_NSEC_PER_SEC);
	ck_assert_uint_eq(h.master.health.reads, reads);
	ec_link_health_enable(&h.master, true);
	ec_harness_run_for(&h, EC_NSEC_PER_SEC);
	ck_assert_uint_gt(h.master.health.reads, reads + 100);
	ec_harness_clear(&h);
}
END_TEST

static Suite *link_health_suite(void)
{
	Suite *s = suite_create("link_health");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_every_slave_read);
	tcase_add_test(tc, test_rx_errors_name_the_cable);
	tcase_add_test(tc, test_clear_before_saturation);
	tcase_add_test(tc, test_flap_and_invalid);
	tcase_add_test(tc, test_return_direction);
	tcase_add_test(tc, test_switch_off);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(link_health_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
