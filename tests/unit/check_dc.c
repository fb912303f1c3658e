// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_dc.c - distributed clocks: the delay computation on lines and
 * branched trees against the simulator's true delays, offsets, the start
 * time rule, SYNC0 started by a configuration, a slave without DC left
 * alone, a DC drive refused OP without SYNC0, and the cyclic DC calls.
 */
#include <check.h>

#include "config_harness.h"
#include "dc_harness.h"
#include "slave/fsm_change.h"
#include "dc/fsm_dc.h"

static struct ec_harness h;
static bool offsets_done(struct ec_harness *hh, void *ctx)
{
	(void)ctx;
	return hh->master.slave_count && !hh->master.scan_busy &&
	       hh->master.dc.offsets_written && !ec_fsm_dc_busy(&hh->master);
}

static bool scanned(struct ec_harness *hh, void *ctx)
{
	(void)ctx;
	return hh->master.slave_count && !hh->master.scan_busy;
}

static void scan_until(const char *json,
		       bool (*cond)(struct ec_harness *, void *))
{
	log_text[0] = '\0';
	ec_port_set_log(log_sink);
	ec_harness_init(&h, json);
	ck_assert_msg(ec_harness_run_until(&h, cond, NULL,
					   5 * EC_NSEC_PER_SEC),
		      "segment not scanned, or DC offsets not written: %s",
		      log_text);
}

static void scan(const char *json)
{
	scan_until(json, offsets_done);
}

static void check_delays(unsigned int max_err)
{
	double mean;
	u64 err = dc_delay_error(&h.master, h.seg, &mean);

	ck_assert_msg(err <= max_err, "delay error %llu ns",
		      (unsigned long long)err);
}

/* ---- the delay computation alone, on receive times made by hand ---- */

static struct ec_slave hand[4];
static struct ec_slave *const hand_p[4] = {
	&hand[0], &hand[1], &hand[2], &hand[3]
};

static void hand_link(unsigned int parent, unsigned int port,
		      unsigned int child)
{
	hand[parent].ports[port].next_slave = &hand[child];
	hand[child].ports[0].next_slave = &hand[parent];
}

static void hand_init(unsigned int n, bool dc)
{
	unsigned int i;

	memset(hand, 0, sizeof(hand));
	for (i = 0; i < n; i++) {
		hand[i].ring_position = (u16)i;
		hand[i].base_dc_supported = dc;
	}
}

/* A line A -> B -> C, links 100 and 200 ns, each clock its own offset;
 * A's receive times wrap around 2^32. */
START_TEST(test_calc_line)
{
	hand_init(3, true);
	hand_link(0, 1, 1);
	hand_link(1, 1, 2);
	hand[0].ports[0].receive_time = 0xffffff00u;
	hand[0].ports[1].receive_time = 0xffffff00u + 600;	/* wraps */
	hand[1].ports[0].receive_time = 5000;
	hand[1].ports[1].receive_time = 5400;
	hand[2].ports[0].receive_time = 123456789;
	ck_assert_uint_eq(ec_dc_calc_delays(hand_p, 3, &hand[0]), 0);
	ck_assert_uint_eq(hand[0].transmission_delay, 0);
	ck_assert_uint_eq(hand[1].transmission_delay, 100);
	ck_assert_uint_eq(hand[2].transmission_delay, 300);
	ck_assert_uint_eq(hand[0].ports[1].delay_to_next_dc, 100);
	ck_assert_uint_eq(hand[1].ports[0].delay_to_next_dc, 100);
	ck_assert_uint_eq(hand[1].ports[1].delay_to_next_dc, 200);
	ck_assert_uint_eq(hand[2].ports[0].delay_to_next_dc, 200);
	/* the reference in the middle: A before it gets nothing */
	ec_dc_calc_delays(hand_p, 3, &hand[1]);
	ck_assert_uint_eq(hand[0].transmission_delay, 0);
	ck_assert_uint_eq(hand[1].transmission_delay, 0);
	ck_assert_uint_eq(hand[2].transmission_delay, 200);
}
END_TEST

/* A junction with X behind port 3 (50 ns), Y behind port 1 (70 ns), Z
 * behind port 2 (90 ns): served in the order 3, 1, 2; odd round trips
 * keep their half nanosecond until the end. */
START_TEST(test_calc_junction)
{
	hand_init(4, true);
	hand_link(0, 3, 1);
	hand_link(0, 1, 2);
	hand_link(0, 2, 3);
	hand[0].ports[0].receive_time = 1000;
	hand[0].ports[3].receive_time = 1000 + 101;	/* 50.5 ns each way */
	hand[0].ports[1].receive_time = 1101 + 140;
	hand[0].ports[2].receive_time = 1241 + 180;
	ck_assert_uint_eq(ec_dc_calc_delays(hand_p, 4, &hand[0]), 0);
	ck_assert_uint_eq(hand[1].transmission_delay, 51);	/* 50.5 */
	ck_assert_uint_eq(hand[2].transmission_delay, 171);	/* 101 + 70 */
	ck_assert_uint_eq(hand[3].transmission_delay, 331);	/* 241 + 90 */
	ck_assert_uint_eq(hand[0].ports[1].delay_to_next_dc, 70);
	ck_assert_uint_eq(hand[0].ports[2].delay_to_next_dc, 90);
	/* a junction without DC: its links cannot be measured */
	hand[0].base_dc_supported = false;
	ck_assert_uint_eq(ec_dc_calc_delays(hand_p, 4, &hand[1]), 3);
	ck_assert_uint_eq(hand[2].transmission_delay, 0);
	ck_assert_uint_eq(hand[0].ports[2].delay_to_next_dc, 0);
}
END_TEST

/* Line, each hop different: computed delays match the simulator's. */
START_TEST(test_delays_line)
{
	char *json = dc_segment_json(12, false, 100);
	unsigned int i;

	scan(json);
	free(json);
	ck_assert_uint_eq(h.master.slave_count, 12);
	ck_assert_uint_eq(h.master.dc.ref_station, EC_SLAVE_STATION_BASE);
	ck_assert_uint_eq(h.master.slaves[0]->transmission_delay, 0);
	for (i = 1; i < 12; i++)
		ck_assert_uint_gt(h.master.slaves[i]->transmission_delay,
				  h.master.slaves[i - 1]->transmission_delay);
	check_delays(2);
	ec_harness_clear(&h);
}
END_TEST

/* A tree through an EK1122: ports 3, 1, 2 in processing order. */
START_TEST(test_delays_branched)
{
	char *json = dc_segment_json(14, true, 100);
	const struct ec_slave *j;

	scan(json);
	free(json);
	ck_assert_uint_eq(h.master.slave_count, 14);
	j = h.master.slaves[1];	/* the EK1122 */
	ck_assert_ptr_nonnull(j->ports[3].next_slave);
	ck_assert_ptr_nonnull(j->ports[1].next_slave);
	ck_assert_ptr_nonnull(j->ports[2].next_slave);
	/* the X1 branch comes first, then the E-bus, then X2 */
	ck_assert_uint_eq(j->ports[3].next_slave->ring_position, 2);
	ck_assert_uint_lt(j->ports[1].next_slave->ring_position,
			  j->ports[2].next_slave->ring_position);
	ck_assert_uint_gt(j->ports[3].delay_to_next_dc, 400);
	check_delays(2);
	ec_harness_clear(&h);
}
END_TEST

/* Offsets and the drift burst: all system times agree after the scan. */
START_TEST(test_offsets)
{
	char *json = dc_segment_json(10, true, 100);
	u64 diff;

	scan(json);
	free(json);
	diff = dc_true_max_diff(h.seg, 0);
	ck_assert_msg(diff < 100, "system times %llu ns apart after the burst",
		      (unsigned long long)diff);
	ec_harness_clear(&h);
}
END_TEST

/* Without distribution, +-100 ppm clocks drift apart (the simulator's
 * clocks really run at their own speeds). */
START_TEST(test_drift_without_sync)
{
	struct ecsim_segment *seg = ecsim_segment_new_string(
		"{ \"slaves\": ["
		" { \"model\": \"EK1100\", \"dc\": { \"ppm\": -100 } },"
		" { \"model\": \"EL1008\", \"dc\": { \"ppm\": 100 } } ] }",
		NULL, 0);
	u64 t0, t1, u0, u1;

	ck_assert_ptr_nonnull(seg);
	ecsim_segment_set_time(seg, 1000000000ULL);
	ck_assert_int_eq(ecsim_slave_dc_time(seg, 0, &t0), 0);
	ck_assert_int_eq(ecsim_slave_dc_time(seg, 1, &u0), 0);
	ecsim_segment_set_time(seg, 2000000000ULL);
	ck_assert_int_eq(ecsim_slave_dc_time(seg, 0, &t1), 0);
	ck_assert_int_eq(ecsim_slave_dc_time(seg, 1, &u1), 0);
	ck_assert_uint_eq(t1 - t0, 1000000000ULL - 100000);
	ck_assert_uint_eq(u1 - u0, 1000000000ULL + 100000);
	ecsim_segment_free(seg);
}
END_TEST

/* Start time rule: whole cycles after app_first, past now + margin. */
START_TEST(test_start_time)
{
	static const struct {
		u64 now, first;
		u32 cycle;
		s32 shift;
		u64 start;
	} t[] = {
		{ 1000000, 0, 1000000, 0, 102000000 },
		{ 1500000, 0, 1000000, 0, 102000000 },
		{ 1500000, 250000, 1000000, 0, 102250000 },
		{ 1500000, 250000, 1000000, 100000, 102350000 },
		{ 1500000, 250000, 1000000, -100000, 102150000 },
		{ 1500000, 0, 0, 5, 101500005 },
		{ 101000000, 1000, 500000, 0, 201001000 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		ck_assert_msg(ec_dc_start_time(t[i].now, t[i].first,
					       t[i].cycle, t[i].shift,
					       EC_DC_START_MARGIN_NS) ==
			      t[i].start, "case %u: %llu", i,
			      (unsigned long long)ec_dc_start_time(t[i].now,
				      t[i].first, t[i].cycle, t[i].shift,
				      EC_DC_START_MARGIN_NS));
	ck_assert_int_eq(ec_dc_config(NULL, 0x0300, 0, 0, 0, 0), -EINVAL);
}
END_TEST

/* ---- with an application ---- */

#define VID_ECSIM 0x0ec51d00
#define PC_SERVO 0x00000402

/* datagrams at 0x09xx addressed to slave 1 */
static unsigned int dc_writes_to_nodc;

static int watch_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	size_t off = 14 + 2;

	/* datagrams addressed to the slave without DC (station 0x1002) */
	while (off + 10 <= size) {
		u8 cmd = frame[off];
		u16 adp = ec_get_u16(frame + off + 2);
		u16 ado = ec_get_u16(frame + off + 4);
		u16 len = ec_get_u16(frame + off + 6) & 0x7ff;
		bool more = ec_get_u16(frame + off + 6) & 0x8000;

		if ((cmd == EC_DATAGRAM_FPWR || cmd == EC_DATAGRAM_FPRW) &&
		    adp == EC_SLAVE_STATION_BASE + 1 && ado >= 0x0900 &&
		    ado < 0x0a00)
			dc_writes_to_nodc++;
		off += 10 + len + 2;
		if (!more)
			break;
	}
	return ec_harness_xmit(dev, frame, size);
}

static const struct ec_device_hooks watch_hooks = {
	.xmit = watch_xmit,
	.poll = ec_harness_poll,
};

struct app {
	struct ec_domain *dom;
	struct ec_slave_config *servo, *nodc;
	u64 base;
	unsigned long n;
	u32 monitor;
};

static void app_cycle(struct app *a)
{
	dc_app_cycle(&h.master, a->dom, h.now_ns, h.now_ns + a->base, a->n++,
		     &a->monitor);
	h.now_ns += EC_HARNESS_CYCLE_NS;
}

static void app_run(struct app *a, u64 ns)
{
	u64 end = h.now_ns + ns;

	while (h.now_ns < end)
		app_cycle(a);
}

static const char *servo_segment =
	"{ \"models\": { \"NODC\": { \"vendor\": 2, \"product\": 7,"
	"   \"esc\": { \"features\": \"0x0000\" } } },"
	"  \"slaves\": [ { \"model\": \"EK1100\", \"dc\": { \"ppm\": 50 } },"
	"  { \"model\": \"NODC\" },"
	"  { \"model\": \"ECSIM-SERVO\","
	"    \"dc\": { \"ppm\": -80, \"required\": true } } ] }";

static void app_start(struct app *a, bool with_dc)
{
	struct ec_device *dev;

	memset(a, 0, sizeof(*a));
	scan(servo_segment);
	dev = &h.master.devices[EC_DEVICE_MAIN];
	dev->hooks = &watch_hooks;
	dc_writes_to_nodc = 0;
	a->base = 123456789000ULL;	/* the application's clock differs */
	a->dom = ec_master_create_domain(&h.master);
	a->servo = ec_master_slave_config(&h.master, 0, 2, VID_ECSIM,
					  PC_SERVO);
	a->nodc = ec_master_slave_config(&h.master, 0, 1, 2, 7);
	ck_assert_ptr_nonnull(a->dom);
	ck_assert_ptr_nonnull(a->servo);
	ck_assert_ptr_nonnull(a->nodc);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(a->servo, 0x6041, 0,
						       a->dom, NULL), 0);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(a->servo, 0x6040, 0,
						       a->dom, NULL), 0);
	if (with_dc) {
		ck_assert_int_eq(ec_dc_config(a->servo, 0x0300, 1000000, 0, 0,
					      0), 0);
		/* DC settings for a slave without DC: ignored, warned */
		ck_assert_int_eq(ec_dc_config(a->nodc, 0x0300, 1000000, 0, 0,
					      0), 0);
	}
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
}

static bool servo_op(struct app *a)
{
	(void)a;
	return ecsim_slave_al_status(h.seg, 2) == 0x08;
}

START_TEST(test_sync0_started)
{
	struct app a;
	u64 s0, s1, sync1, end;
	u32 t32;

	app_start(&a, true);
	end = h.now_ns + 5 * EC_NSEC_PER_SEC;
	while (h.now_ns < end && !servo_op(&a))
		app_cycle(&a);
	ck_assert_msg(servo_op(&a),
		      "servo not in OP: AL 0x%02x code 0x%04x\n%s",
		      ecsim_slave_al_status(h.seg, 2),
		      ecsim_slave_al_code(h.seg, 2), log_text);
	/* SYNC0 at 1 ms, in phase with the application's cycle */
	/* the start time lies up to EC_DC_START_MARGIN_NS ahead */
	app_run(&a, EC_DC_START_MARGIN_NS + 2 * EC_NSEC_PER_MSEC);
	ck_assert_int_eq(ecsim_slave_dc_pulses(h.seg, 2, &s0, &s1), 0);
	ck_assert_uint_gt(s0, 0);
	app_run(&a, 100 * EC_NSEC_PER_MSEC);
	ck_assert_int_eq(ecsim_slave_dc_pulses(h.seg, 2, &s1, &sync1), 0);
	ck_assert_uint_ge(s1 - s0, 99);
	ck_assert_uint_le(s1 - s0, 101);
	/* settled: the monitor bounds the largest difference */
	app_run(&a, EC_NSEC_PER_SEC);
	ck_assert_uint_lt(a.monitor, 20);
	/* the segment's default E-bus hops are asymmetric (160 ns out, 140
	 * back), which no delay measurement sees: (160 - 140) / 2 per hop */
	ck_assert_uint_lt(dc_true_max_diff(h.seg, 0), 20 + 2 * 10);
	/* the reference follows the application's time: what the last
	 * cycle's FRMW read, after its answer came in */
	ec_port_io_lock(&h.master);
	ec_master_app_receive(&h.master, h.now_ns);
	ck_assert_int_eq(ec_dc_ref_time32_locked(&h.master, &t32), 0);
	ec_port_io_unlock(&h.master);
	t32 -= (u32)(h.now_ns - EC_HARNESS_CYCLE_NS + a.base);
	ck_assert_int_lt((s32)t32, 5000);
	ck_assert_int_gt((s32)t32, -5000);
	/* nothing DC was written to the slave without DC */
	ck_assert_uint_eq(dc_writes_to_nodc, 0);
	ck_assert_ptr_nonnull(strstr(log_text, "no distributed clock"));
	ec_master_deactivate(&h.master, h.now_ns);
	ec_harness_clear(&h);
	ec_port_set_log(NULL);
}
END_TEST

/* A DC drive without SYNC0 refuses OP: 0x0030 with its text. */
START_TEST(test_op_refused_without_sync0)
{
	struct app a;

	u64 end;

	app_start(&a, false);
	end = h.now_ns + 3 * EC_NSEC_PER_SEC;
	while (h.now_ns < end) {
		app_cycle(&a);
		ck_assert(!servo_op(&a));
	}
	/* refused from SAFEOP, the master tries again and again */
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, 2) & 0x0f, 0x04);
	ck_assert_msg(strstr(log_text, "0x0030 Invalid DC SYNC configuration"),
		      "%s", log_text);
	ck_assert_uint_eq(dc_writes_to_nodc, 0);
	ec_master_deactivate(&h.master, h.now_ns);
	ec_harness_clear(&h);
	ec_port_set_log(NULL);
}
END_TEST

/* A drive in OP that loses the distribution falls back: sync error. */
START_TEST(test_sync_error_on_drift)
{
	struct app a;
	u64 end, i;
	bool seen = false;

	app_start(&a, true);
	end = h.now_ns + 5 * EC_NSEC_PER_SEC;
	while (h.now_ns < end && !servo_op(&a))
		app_cycle(&a);
	ck_assert(servo_op(&a));
	/* 1 s without the slave clock synchronisation while the drive's
	 * clock changes speed by 100 ppm (temperature): the first
	 * distribution afterwards shows 100 us */
	ck_assert_int_eq(ecsim_slave_dc_set_drift(h.seg, 2, 20000), 0);
	for (i = 0; i < 1000; i++) {
		ec_port_io_lock(&h.master);
		ec_master_app_receive(&h.master, h.now_ns);
		ec_port_io_unlock(&h.master);
		ec_master_op_fsm(&h.master, h.now_ns);
		ec_port_io_lock(&h.master);
		ec_domain_process(a.dom, h.now_ns);
		ec_domain_queue(a.dom);
		ec_master_app_send(&h.master, h.now_ns);
		ec_port_io_unlock(&h.master);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	for (i = 0; i < 50 && !seen; i++) {
		app_cycle(&a);
		seen = ecsim_slave_al_code(h.seg, 2) == 0x002C &&
		       (ecsim_slave_al_status(h.seg, 2) & 0x0f) == 0x04;
	}
	ck_assert_msg(seen, "no sync error: AL 0x%02x code 0x%04x",
		      ecsim_slave_al_status(h.seg, 2),
		      ecsim_slave_al_code(h.seg, 2));
	ec_master_deactivate(&h.master, h.now_ns);
	ec_harness_clear(&h);
	ec_port_set_log(NULL);
}
END_TEST

/* The cyclic calls without a reference clock say so. */
START_TEST(test_no_reference)
{
	u32 t;
	u64 t64;

	scan_until("{ \"models\": { \"NODC\": { \"vendor\": 2, "
		   "\"product\": 7, \"esc\": { \"features\": \"0x0000\" } } },"
		   " \"slaves\": [ { \"model\": \"NODC\" } ] }", scanned);
	ck_assert_uint_eq(h.master.dc.ref_station, 0);
	ec_port_io_lock(&h.master);
	ck_assert_int_eq(ec_dc_sync_ref_locked(&h.master, true, 5), -ENXIO);
	ck_assert_int_eq(ec_dc_queue_locked(&h.master, EC_DC_QUEUE_SLAVE_SYNC),
			 -ENXIO);
	ck_assert_int_eq(ec_dc_ref_time32_locked(&h.master, &t), -ENXIO);
	ck_assert_int_eq(ec_dc_ref_time64_locked(&h.master, &t64), -ENXIO);
	ck_assert_uint_eq(ec_dc_monitor_locked(&h.master), 0xffffffff);
	ec_port_io_unlock(&h.master);
	ec_harness_clear(&h);
	ec_port_set_log(NULL);
}
END_TEST

static Suite *dc_suite(void)
{
	Suite *s = suite_create("dc");
	TCase *tc = tcase_create("dc");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_calc_line);
	tcase_add_test(tc, test_calc_junction);
	tcase_add_test(tc, test_delays_line);
	tcase_add_test(tc, test_delays_branched);
	tcase_add_test(tc, test_offsets);
	tcase_add_test(tc, test_drift_without_sync);
	tcase_add_test(tc, test_start_time);
	tcase_add_test(tc, test_sync0_started);
	tcase_add_test(tc, test_op_refused_without_sync0);
	tcase_add_test(tc, test_sync_error_on_drift);
	tcase_add_test(tc, test_no_reference);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(dc_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
