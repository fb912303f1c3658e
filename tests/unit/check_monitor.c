// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_monitor.c - what the master adds to the application's frames in
 * the operation phase (monitor.c): at most one datagram of at most
 * EC_MONITOR_MAX_BYTES per cycle beside the domains', on 6 and on 100
 * slaves, one every EC_MONITOR_PERIOD_NS and a broadcast every
 * EC_MONITOR_BRD_EVERY of them; an AL error and an unplugged slave are
 * seen within ec_monitor_notice_ns(); a slave power-cycled between two
 * broadcasts (count unchanged, station address lost) is rescanned.
 */
#include "config_harness.h"
#include "dc/fsm_dc.h"
#include "cycle/monitor.h"
#include "slave/link_health.h"

struct wire {
	unsigned int cycles;
	unsigned int max_datagrams;	/* not the domains', in one cycle */
	size_t max_bytes;
	unsigned long datagrams, bytes, broadcasts;
	/* the link health reads (link_health.h), counted apart */
	unsigned int max_health;	/* in one cycle */
	size_t max_health_bytes;
	unsigned int max_together;	/* monitor and health in one cycle */
	unsigned long health;
};

/* Count what went out in this cycle beside the domains' datagrams. */
static void count_sent(struct ec_harness *h, struct wire *w)
{
	struct ec_list *pos, *tmp;
	unsigned int n = 0, nh = 0;
	size_t bytes = 0, hbytes = 0;

	ec_list_for_each_safe(pos, tmp, &h->master.sent_datagrams) {
		struct ec_datagram *d = ec_list_entry(pos, struct ec_datagram,
						      sent_node);

		if (d->cyclic || d->sent_ns != h->now_ns)
			continue;
		if (d >= &h->master.health.out[0].datagram &&
		    d <= &h->master.health.out[EC_HEALTH_READS - 1].datagram) {
			nh++;
			hbytes += EC_DATAGRAM_HEADER_SIZE + d->data_size +
				  EC_DATAGRAM_FOOTER_SIZE;
			continue;
		}
		n++;
		bytes += EC_DATAGRAM_HEADER_SIZE + d->data_size +
			 EC_DATAGRAM_FOOTER_SIZE;
		if (d->type == EC_DATAGRAM_BRD)
			w->broadcasts++;
		if (getenv("EC_MONITOR_VERBOSE"))
			fprintf(stderr, "%llu %s %zu\n",
				(unsigned long long)h->now_ns, ec_datagram_name(d),
				d->data_size);
	}
	w->cycles++;
	w->health += nh;
	if (nh > w->max_health)
		w->max_health = nh;
	if (hbytes > w->max_health_bytes)
		w->max_health_bytes = hbytes;
	if (n + nh > w->max_together)
		w->max_together = n + nh;
	w->datagrams += n;
	w->bytes += bytes;
	if (n > w->max_datagrams)
		w->max_datagrams = n;
	if (bytes > w->max_bytes)
		w->max_bytes = bytes;
}

/* cycle() of config_harness.h, counting after the send. */
static void measure(struct ec_harness *h, unsigned int cycles, struct wire *w)
{
	struct ec_master *m = &h->master;
	unsigned int i;

	memset(w, 0, sizeof(*w));
	for (i = 0; i < cycles; i++) {
		struct ec_list *pos, *tmp;

		ec_harness_op_receive(m, h->now_ns);
		ec_list_for_each_safe(pos, tmp, &m->domains) {
			struct ec_domain *d = ec_list_entry(
				pos, struct ec_domain, node);

			ec_domain_process(d, h->now_ns);
			ec_domain_queue(d);
		}
		ec_harness_op_send(m, h->now_ns);
		count_sent(h, w);
		h->now_ns += EC_HARNESS_CYCLE_NS;
	}
}

static bool fsms_quiet(struct ec_harness *h, void *ctx)
{
	unsigned int i;

	(void)ctx;
	if (ec_fsm_dc_busy(&h->master))
		return false;
	for (i = 0; i < h->master.slave_count; i++)
		if (!ec_slave_fsm_ready(h->master.slaves[i]))
			return false;
	return true;
}

/* The default segment's application in OP, every FSM done. */
static void op_setup(struct fixture *f)
{
	setup_op(f);
	ck_assert(run_until(&f->h, fsms_quiet, NULL, 10 * EC_NSEC_PER_SEC));
}

static void check_bound(const struct wire *w, unsigned int cycles)
{
	unsigned int slots = cycles * EC_HARNESS_CYCLE_NS /
			     EC_MONITOR_PERIOD_NS;

	ck_assert_uint_le(w->max_datagrams, 1);
	ck_assert_uint_le(w->max_bytes, EC_MONITOR_MAX_BYTES);
	/*
	 * Batches (monitor.h) keep the rate; a round of slave FSM visits
	 * (every EC_FSM_QUIET_NS) can cost a slot on the way out of one.
	 */
	ck_assert_uint_ge(w->datagrams, slots - slots / 50 - 2);
	ck_assert_uint_le(w->datagrams, slots + 2);
	ck_assert_uint_ge(w->broadcasts, slots / EC_MONITOR_BRD_EVERY - 1);
	ck_assert_uint_le(w->broadcasts, slots / EC_MONITOR_BRD_EVERY + 1);
	/* the link health: one read of 32 bytes a slot, never in the
	 * monitor's cycle at 1 kHz
	 */
	ck_assert_uint_le(w->max_health, 1);
	ck_assert_uint_le(w->max_health_bytes, EC_HEALTH_WIRE_BYTES);
	ck_assert_uint_le(w->max_together, 1);
	ck_assert_uint_ge(w->health, slots - slots / 50 - 2);
	ck_assert_uint_le(w->health, slots + 2);
}

/* The default segment in OP: the application's LRW and the monitor. */
START_TEST(test_bytes_default)
{
	struct fixture f;
	struct wire w;

	op_setup(&f);
	run_for(&f.h, 100 * EC_NSEC_PER_MSEC);
	measure(&f.h, 1000, &w);
	check_bound(&w, 1000);
	teardown(&f);
}
END_TEST

/*
 * The glue's wake rule: the FSMs' turn only when it has work.  The wire
 * carries the same, in fewer turns.
 */
START_TEST(test_woken_bytes_default)
{
	struct fixture f;
	struct wire w;
	unsigned long turns;

	op_setup(&f);
	ec_harness_wake_rule = true;
	run_for(&f.h, 100 * EC_NSEC_PER_MSEC);
	turns = ec_harness_turns;
	measure(&f.h, 1000, &w);
	turns = ec_harness_turns - turns;
	if (getenv("EC_MONITOR_VERBOSE"))
		fprintf(stderr, "turns in 1000 cycles: %lu\n", turns);
	check_bound(&w, 1000);
	/* a turn per broadcast's answer (every 10 ms), which plans the next
	 * batch of slots (monitor.h), and the rounds of visits every 100 ms:
	 * 110, against 1000 with a turn every cycle (and 600 with a turn per
	 * 2 ms slot, before batches)
	 */
	ck_assert_uint_le(turns, 1000 * 15 / 100);
	ec_harness_wake_rule = false;
	teardown(&f);
}
END_TEST

/*
 * What gives the FSMs a turn (ec_master_fsm_wanted()): the due time, a
 * request, the answer or the loss of a datagram the FSM side queued; not
 * the answer of a quietly queued monitoring read, nor the domains'.
 */
START_TEST(test_wanted_reasons)
{
	struct fixture f;
	struct ec_master *m;
	struct ec_datagram d;
	u64 due;

	op_setup(&f);
	m = &f.h.master;
	ec_harness_wake_rule = true;
	run_for(&f.h, 20 * EC_NSEC_PER_MSEC);
	/* a turn now: nothing answered or asked since, the due time ahead */
	ec_port_io_lock(m);
	ec_master_fsm_turn_start(m);
	ec_port_io_unlock(m);
	ec_master_op_fsm(m, f.h.now_ns);
	due = ec_master_fsm_next_due(m, f.h.now_ns);
	ck_assert_uint_gt(due, f.h.now_ns);
	ck_assert_uint_le(due, f.h.now_ns + ec_monitor_slot_ns(m));
	m->fsm_due_ns = due;
	/* whatever the turn queued is on its way, not answered */
	ck_assert(!ec_master_fsm_wanted(m, f.h.now_ns));
	ck_assert(ec_master_fsm_wanted(m, due));
	ck_assert(!ec_master_fsm_wanted(m, due - 1));

	/* a request started by the application */
	ec_store_release(&m->fsm_request, true);
	ck_assert(ec_master_fsm_wanted(m, f.h.now_ns));
	ec_port_io_lock(m);
	ec_master_fsm_turn_start(m);
	ec_port_io_unlock(m);
	ck_assert(!ec_master_fsm_wanted(m, f.h.now_ns));

	/* an FSM datagram lost; then one quietly queued, lost: no turn */
	ec_datagram_init(&d);
	ck_assert_int_eq(ec_datagram_prealloc(&d, 4), 0);
	ck_assert_int_eq(ec_datagram_fprd(&d, 0x1001, 0x130, 2), 0);
	ec_master_queue_datagram(m, &d);
	ec_port_io_lock(m);
	ec_master_send_datagrams(m, f.h.now_ns);
	ck_assert(!ec_master_fsm_wanted(m, f.h.now_ns));
	ec_master_lose_datagram(m, &d);
	ck_assert(ec_master_fsm_wanted(m, f.h.now_ns));
	ec_master_fsm_turn_start(m);
	ec_port_io_unlock(m);
	ec_master_queue_datagram_quiet(m, &d);
	ec_port_io_lock(m);
	ec_master_send_datagrams(m, f.h.now_ns);
	ec_master_lose_datagram(m, &d);
	ck_assert(!ec_master_fsm_wanted(m, f.h.now_ns));
	ec_port_io_unlock(m);
	ec_datagram_clear(&d);
	ec_harness_wake_rule = false;
	teardown(&f);
}
END_TEST

/* 100 slaves, half of them CoE: the same figures. */
START_TEST(test_bytes_100)
{
	static char json[8192];
	struct ec_harness *h = malloc(sizeof(*h));
	size_t len;
	unsigned int i;
	struct wire w;
	unsigned long turns;

	ck_assert_ptr_nonnull(h);
	len = snprintf(json, sizeof(json), "{ \"slaves\": [ { \"model\": \"EK1100\" }");
	for (i = 1; i < 100; i++)
		len += snprintf(json + len, sizeof(json) - len,
				", { \"model\": \"%s\" }",
				i % 2 ? "EL1008" : "EL3102");
	snprintf(json + len, sizeof(json) - len, " ] }");
	ec_harness_init(h, json);
	h->master.no_dictionary = true;
	wait_ready(h, 100);
	ck_assert_int_eq(ec_master_activate(&h->master, h->now_ns), 0);
	ck_assert(run_until(h, fsms_quiet, NULL, 10 * EC_NSEC_PER_SEC));
	run_for(h, 100 * EC_NSEC_PER_MSEC);
	measure(h, 1000, &w);
	check_bound(&w, 1000);
	/* Each slave got its own check within the round robin's period. */
	ck_assert_uint_ge(h->master.fsm.monitor.checks, 100);
	/* the same with the glue's wake rule: more slaves than the visits
	 * per turn, but none with work left over, so no extra turn
	 */
	ec_harness_wake_rule = true;
	run_for(h, 100 * EC_NSEC_PER_MSEC);
	turns = ec_harness_turns;
	measure(h, 1000, &w);
	turns = ec_harness_turns - turns;
	ec_harness_wake_rule = false;
	if (getenv("EC_MONITOR_VERBOSE"))
		fprintf(stderr, "turns in 1000 cycles, 100 slaves: %lu\n",
			turns);
	check_bound(&w, 1000);
	/* batches: a turn per broadcast, two per round of visits */
	ck_assert_uint_le(turns, 1000 * 15 / 100);
	ec_master_deactivate(&h->master, h->now_ns);
	ec_fsm_master_clear_slaves(&h->master);
	ec_harness_clear(h);
	free(h);
}
END_TEST

static bool ai_error_seen(struct ec_harness *h, void *ctx)
{
	(void)ctx;
	return slave_at(h, ID_AI)->current_state & EC_AL_STATE_ERROR_FLAG;
}

static bool fewer_responding(struct ec_harness *h, void *ctx)
{
	return h->master.slaves_responding < *(unsigned int *)ctx;
}

static void notice_al_error_and_unplug(bool wake_rule)
{
	struct fixture f;
	unsigned int n = N_SLAVES;
	u64 t0, bound;

	op_setup(&f);
	ec_harness_wake_rule = wake_rule;
	bound = ec_monitor_notice_ns(&f.h.master);
	/* 10 ms broadcast + 3 cycles for 6 slaves at 1 ms */
	ck_assert_uint_eq(bound, 13 * EC_NSEC_PER_MSEC);
	/* at 10 ms cycles: one datagram per cycle, the BRD every 5th */
	ec_master_set_send_interval(&f.h.master, 10 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(ec_monitor_notice_ns(&f.h.master),
			  80 * EC_NSEC_PER_MSEC);
	ec_master_set_send_interval(&f.h.master, EC_NSEC_PER_MSEC);

	run_for(&f.h, 3 * EC_NSEC_PER_MSEC);	/* off the broadcast's beat */
	ck_assert_int_eq(ecsim_segment_al_error(f.h.seg, ID_AI, 0x001b), 0);
	t0 = f.h.now_ns;
	ck_assert(run_until(&f.h, ai_error_seen, NULL, EC_NSEC_PER_SEC));
	ck_assert_uint_le(f.h.now_ns - t0, bound);
	ck_assert(log_has("AL status code 0x001b"));
	ck_assert(run_until(&f.h, master_sees_op, NULL,
			    10 * EC_NSEC_PER_SEC));

	run_for(&f.h, 7 * EC_NSEC_PER_MSEC);
	ck_assert_int_eq(ecsim_segment_unplug(f.h.seg, ID_AO), 0);
	t0 = f.h.now_ns;
	ck_assert(run_until(&f.h, fewer_responding, &n, EC_NSEC_PER_SEC));
	ck_assert_uint_le(f.h.now_ns - t0, bound);
	ec_harness_wake_rule = false;
	teardown(&f);
}

START_TEST(test_notice_al_error_and_unplug)
{
	notice_al_error_and_unplug(false);
}
END_TEST

/* The same bound with the FSMs' turns only when they have work. */
START_TEST(test_woken_notice)
{
	notice_al_error_and_unplug(true);
}
END_TEST

static bool op_again(struct ec_harness *h, void *ctx)
{
	return h->master.slave_count == N_SLAVES && !h->master.scan_busy &&
	       master_sees_op(h, ctx);
}

static bool rescanned(struct ec_harness *h, void *ctx)
{
	return h->master.fsm.scans_started > *(unsigned int *)ctx;
}

/* Off and on again between two broadcasts: the count never changes, the
 * slave comes back in INIT without its station address. */
START_TEST(test_power_cycle_between_broadcasts)
{
	struct fixture f;
	unsigned int started;

	op_setup(&f);
	started = f.h.master.fsm.scans_started;
	ck_assert_int_eq(ecsim_segment_unplug(f.h.seg, ID_AO), 0);
	cycle(&f.h);
	ck_assert_int_eq(ecsim_segment_replug(f.h.seg, ID_AO), 0);
	ck_assert(run_until(&f.h, rescanned, &started, EC_NSEC_PER_SEC));
	ck_assert(run_until(&f.h, op_again, NULL,
			    20 * EC_NSEC_PER_SEC));
	ck_assert(log_has("no answer at station address"));
	teardown(&f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("monitor");
	TCase *tc = tcase_create("monitor");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_bytes_default);
	tcase_add_test(tc, test_bytes_100);
	tcase_add_test(tc, test_notice_al_error_and_unplug);
	tcase_add_test(tc, test_woken_bytes_default);
	tcase_add_test(tc, test_woken_notice);
	tcase_add_test(tc, test_wanted_reasons);
	tcase_add_test(tc, test_power_cycle_between_broadcasts);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
