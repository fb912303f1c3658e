// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_hc_ring.c - hot connect with cable redundancy (issue 31 item 4,
 * doc/HOTCONNECT.md "In a redundant ring") in simulated time: a main and
 * a backup device, the in-process segment closing the ring, a base I/O
 * group and a tool group.  Pulled out of the ring, the tool leaves it
 * open where it was: the master locates the break, marks the group
 * absent and keeps the base's process data complete in every cycle.
 */
#include "hc_harness.h"
#include "cycle/domain.h"
#include "cycle/redundancy.h"
#include "slave/fsm_master.h"
#include "dc/fsm_dc.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "app/hc_group.h"

#define BECKHOFF 0x00000002
#define EL1008 0x03f03052
#define EL2008 0x07d83052
#define DO_ALIAS 7

/*
 * At the end: coupler, DI, DO, the tool (DI, DO), the backup cable from
 * the tool's DO.  In the middle: coupler, DI, the tool, then the base DO
 * (alias DO_ALIAS: its ring position changes with the tool).
 */
#define SEG_END(groups) \
	"{ \"slaves\": [" \
	" { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" }," \
	" { \"model\": \"EL2008\" }," \
	" { \"model\": \"EL1008\", \"group\": \"tool\" }," \
	" { \"model\": \"EL2008\", \"group\": \"tool\" } ]," groups \
	" \"wires\": [ { \"from\": 2, \"to\": 1 }, { \"from\": 4, \"to\": 3 } ] }"
static const char *seg_end = SEG_END("");
static const char *seg_end_absent =
	SEG_END(" \"groups\": { \"tool\": { \"absent\": true } },");
static const char *seg_mid =
	"{ \"slaves\": ["
	" { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL1008\", \"group\": \"tool\" },"
	" { \"model\": \"EL2008\", \"group\": \"tool\" },"
	" { \"model\": \"EL2008\", \"alias\": 7 } ],"
	" \"wires\": [ { \"from\": 4, \"to\": 1 }, { \"from\": 3, \"to\": 2 } ] }";

static unsigned int reg(struct app *a, struct ec_slave_config *sc, u16 idx)
{
	int ret = ec_slave_config_reg_pdo_entry(sc, idx, 1, a->domain, NULL);

	ck_assert_int_ge(ret, 0);
	return (unsigned int)ret;
}

/* The ring @json scanned, the application active; the tool behind port
 * 1 of the slave at @at_pos, the base DO at @do_alias:@do_pos. */
static void app_setup(struct app *a, const char *json, u16 at_pos,
		      u16 do_alias, u16 do_pos)
{
	/* a segment file with the tool absent at start scans 3 slaves */
	unsigned int n = strstr(json, "absent") ? 3 : 5;

	ec_harness_init_ring(&h, json);
	ck_assert(ec_harness_run_until(&h, scanned, &n, 10 * EC_NSEC_PER_SEC));
	log_count = 0;
	ec_port_set_log(capture_log);

	memset(a, 0, sizeof(*a));
	a->domain = ec_master_create_domain(&h.master);
	ck_assert_ptr_nonnull(a->domain);
	a->di = ec_master_slave_config(&h.master, 0, 1, BECKHOFF, EL1008);
	a->do_ = ec_master_slave_config(&h.master, do_alias, do_pos, BECKHOFF,
					EL2008);
	a->tdi = ec_master_slave_config(&h.master, 0, at_pos + 1, BECKHOFF,
					EL1008);
	a->tdo = ec_master_slave_config(&h.master, 0, at_pos + 2, BECKHOFF,
					EL2008);
	ck_assert(a->di && a->do_ && a->tdi && a->tdo);
	a->tool = ec_hc_group_create(&h.master, "tool");
	ck_assert_ptr_nonnull(a->tool);
	ck_assert_int_eq(ec_hc_group_at_port(a->tool, 0, at_pos, 1), 0);
	ck_assert_int_eq(ec_hc_group_add_config(a->tool, a->tdi), 0);
	ck_assert_int_eq(ec_hc_group_add_config(a->tool, a->tdo), 0);
	ck_assert_int_eq(ec_slave_config_pdos(a->tdi, EC_END, in_syncs), 0);
	ck_assert_int_eq(ec_slave_config_pdos(a->tdo, EC_END, out_syncs), 0);
	a->off_di = reg(a, a->di, 0x6000);
	a->off_do = reg(a, a->do_, 0x7000);
	a->off_tdi = reg(a, a->tdi, 0x6000);
	a->off_tdo = reg(a, a->tdo, 0x7000);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
}

/* The base's part of the domain (the datagrams of no group) complete in
 * the last exchange, and its loop-back DO -> DI made the round trip. */
static bool base_complete(const struct app *a)
{
	unsigned int i, wkc = 0, expected = 0;

	for (i = 0; i < a->domain->datagram_count; i++) {
		const struct ec_domain_datagram *dd = &a->domain->datagrams[i];

		if (dd->group)
			continue;
		expected += dd->expected_working_counter;
		wkc += dd->wkc_seen;
	}
	return expected && wkc == expected &&
	       ec_get_u8(a->domain->data + a->off_di) == a->out;
}

static bool tool_present(const struct app *a)
{
	ec_hc_group_state_t gs;

	ec_domain_group_state(a->domain, a->tool, false, &gs);
	return base_complete(a) && gs.presence == EC_HC_PRESENT &&
	       gs.wc_state == EC_WC_COMPLETE &&
	       ec_get_u8(a->domain->data + a->off_tdi) == a->tout &&
	       a->domain->wc_state == EC_WC_COMPLETE;
}

static bool run_until_present(struct app *a, u64 limit_ns)
{
	u64 end = h.now_ns + limit_ns;

	while (h.now_ns < end) {
		app_cycle(a);
		if (tool_present(a))
			return true;
	}
	return false;
}

/* Cycles until the tool is absent; the cycles with the base incomplete
 * (none allowed once the first exchange was complete). */
static unsigned int run_until_absent(struct app *a, unsigned int limit)
{
	unsigned int i, bad = 0;

	for (i = 0; i < limit && ec_hc_presence(a->tool) != EC_HC_ABSENT;
	     i++) {
		app_cycle(a);
		if (!base_complete(a))
			bad++;
	}
	ck_assert_int_eq(ec_hc_presence(a->tool), EC_HC_ABSENT);
	return bad;
}

static unsigned int run_counting(struct app *a, unsigned int n)
{
	unsigned int i, bad = 0;

	for (i = 0; i < n; i++) {
		app_cycle(a);
		if (!base_complete(a))
			bad++;
	}
	return bad;
}

/*
 * The tool at the end of the ring, just before the backup port: pulled
 * out, the ring is open after the base (its backup cable went with the
 * tool).  The break is located, the tool is absent, the base complete in
 * every cycle and untouched (no scan); plugged back in, the tool is
 * scanned alone, joins, and the ring is reported closed.
 */
START_TEST(test_pull_at_ring_end)
{
	struct ec_fsm_master *fsm = &h.master.fsm;
	struct ec_redundancy *r;
	struct app a;
	unsigned int scans, i;

	app_setup(&a, seg_end, 2, 0, 2);
	r = h.master.red;
	a.out = 0x5a;
	a.tout = 0xc3;
	ck_assert(run_until_present(&a, 20 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(run_counting(&a, 200), 0);
	ck_assert(!r->broken);
	scans = fsm->scans_started;

	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", false), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(h.seg), 3);
	ck_assert_uint_eq(run_until_absent(&a, 3000), 0);
	ck_assert_uint_eq(run_counting(&a, 2000), 0);
	ck_assert_int_eq(a.domain->wc_state, EC_WC_COMPLETE);
	/* located: after the base, nobody on the backup side */
	ck_assert(r->broken);
	ck_assert_uint_eq(r->break_pos, 3);
	ck_assert_ptr_nonnull(logged("ring broken after 3 slave(s): 3 answer(s) on the main device, 0 on the backup device"));
	ck_assert_ptr_nonnull(logged("group tool: absent at"));
	/* the base untouched: dropped alone, no scan */
	ck_assert_uint_eq(fsm->scans_started, scans);
	ck_assert_uint_eq(fsm->hc_removals, 1);
	ck_assert_ptr_null(logged("full rescan"));
	ck_assert_uint_eq(h.master.slave_count, 3);
	for (i = 1; i < 3; i++)
		ck_assert_uint_eq(h.master.slaves[i]->current_state,
				  EC_AL_STATE_OP_);
	ck_assert_uint_eq(ec_get_u8(a.domain->data + a.off_tdi), 0);

	/* plugged back in: scanned alone, in OP, the ring closed */
	a.tout = 0x3c;
	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", true), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(h.seg), -1);
	ck_assert(run_until_present(&a, 10 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(run_counting(&a, 500), 0);
	ck_assert(!r->broken);
	ck_assert_ptr_nonnull(logged("ring closed again, 5 slave(s)"));
	ck_assert_uint_eq(fsm->scans_started, scans);
	ck_assert_uint_eq(fsm->hc_scans, 1);
	ck_assert_ptr_null(logged("full rescan"));
	ck_assert_uint_eq(a.tool->joins, 2);
	ck_assert_uint_eq(a.tool->losses, 1);
	/* the new slaves' clocks read in one frame at once, although the
	 * backup copies lost while the ring was open hold their indices */
	ck_assert_ptr_nonnull(logged("DC: 2 new slave(s): offsets and delays written"));
	ck_assert_ptr_null(logged("reading the clocks in one frame failed"));
}
END_TEST

/*
 * The tool in the middle of the ring (behind the DI, the base DO after
 * it): pulled out, the ring is open where it was, the base DO now on the
 * backup side.  The break is located, the tool absent and dropped alone:
 * no scan, nothing written to the running slaves, the base complete in
 * every cycle, the base DO the same slave (address, SII, FSM, config, OP)
 * at ring position 2 now, as a scan of the open ring would number it.
 * Plugged back in, the ring is closed, the base DO found behind the new
 * slaves, which alone are scanned, get DC and join; again no scan, no
 * write to a running slave, the base complete in every cycle.  (On main
 * both went through the full rescan: the base incomplete for 25 cycles.)
 */
START_TEST(test_pull_in_ring_middle)
{
	struct ec_fsm_master *fsm = &h.master.fsm;
	/* running: positions 0, 1 and the base DO at 4 (2 once renumbered;
	 * before that position 2 is the gone tool: nobody answers there) */
	struct tap t = { .pos_mask = 0x17, .addr_mask = 0x13 };
	const struct ec_fsm_slave *do_fsm;
	struct ec_redundancy *r;
	struct ec_slave *do_slave;
	const u8 *do_sii;
	unsigned int scans, i;
	u16 do_addr;
	struct app a;

	app_setup(&a, seg_mid, 1, DO_ALIAS, 0);
	r = h.master.red;
	a.out = 0x5a;
	a.tout = 0xc3;
	ck_assert(run_until_present(&a, 20 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(run_counting(&a, 200), 0);
	/* the offset job after the scan done: it writes every clock */
	for (i = 0; i < 5000 && (ec_fsm_dc_busy(&h.master) ||
				 h.master.dc.rescan_offsets); i++)
		ck_assert_uint_eq(run_counting(&a, 1), 0);
	ck_assert(!ec_fsm_dc_busy(&h.master));
	scans = fsm->scans_started;
	do_slave = h.master.slaves[4];
	do_addr = do_slave->station_address;
	do_sii = do_slave->sii_image;
	do_fsm = do_slave->fsm;
	ck_assert_ptr_eq(a.do_->slave, do_slave);

	h.tap = tap_frame;
	h.tap_ctx = &t;
	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", false), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(h.seg), 2);
	ck_assert_uint_eq(run_until_absent(&a, 3000), 0);
	ck_assert_uint_eq(run_counting(&a, 2000), 0);
	ck_assert_int_eq(a.domain->wc_state, EC_WC_COMPLETE);
	ck_assert(r->broken);
	ck_assert_uint_eq(r->break_pos, 2);
	ck_assert_ptr_nonnull(logged("ring broken after 2 slave(s): 2 answer(s) on the main device, 1 on the backup device"));
	ck_assert_ptr_nonnull(logged("group tool: absent at"));
	ck_assert_ptr_nonnull(logged("hot connect: 2 slave(s) gone after slave 1, 1 behind them on the backup side: dropping only them"));
	ck_assert_ptr_nonnull(logged("the ones behind the gap renumbered"));
	ck_assert_ptr_null(logged("full rescan"));
	ck_assert_uint_eq(fsm->scans_started, scans);
	ck_assert_uint_eq(fsm->hc_removals, 1);
	ck_assert_msg(!t.bad, "%u datagram(s) reconfigured running slaves, first: %s",
		      t.bad, t.first_bad);
	ck_assert_uint_eq(t.new_addr, 0);
	/* the positions `ethercat slaves` prints: 0, 1, then the DO */
	ck_assert_uint_eq(h.master.slave_count, 3);
	for (i = 0; i < 3; i++)
		ck_assert_uint_eq(h.master.slaves[i]->ring_position, i);
	for (i = 1; i < 3; i++)	/* the coupler has no config: PREOP */
		ck_assert_uint_eq(h.master.slaves[i]->current_state,
				  EC_AL_STATE_OP_);
	ck_assert_ptr_eq(h.master.slaves[2], do_slave);
	ck_assert_uint_eq(do_slave->station_address, do_addr);
	ck_assert_uint_eq(do_slave->effective_alias, DO_ALIAS);
	ck_assert_ptr_eq(do_slave->sii_image, do_sii);
	ck_assert_ptr_eq(do_slave->fsm, do_fsm);
	ck_assert_ptr_eq(do_slave->config, a.do_);
	ck_assert_ptr_eq(a.do_->slave, do_slave);
	ck_assert(!do_slave->ports[0].link_up);	/* the tool went */
	ck_assert_ptr_null(a.tdi->slave);
	ck_assert_uint_eq(ec_get_u8(a.domain->data + a.off_tdi), 0);

	/* plugged back in: the ring closed, the base DO found behind the new
	 * slaves (at 4 again), they alone scanned, their DC alone, in OP */
	t = (struct tap){ .pos_mask = 0x13, .addr_mask = 0x13 };
	a.tout = 0x3c;
	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", true), 0);
	ck_assert_int_eq(ecsim_segment_break_pos(h.seg), -1);
	for (i = 0; i < 20000 && !tool_present(&a); i++) {
		app_cycle(&a);
		ck_assert_msg(base_complete(&a), "base incomplete in cycle %u", i);
	}
	ck_assert(tool_present(&a));
	ck_assert_uint_eq(run_counting(&a, 500), 0);
	ck_assert(!r->broken);
	ck_assert_ptr_nonnull(logged("ring closed again, 5 slave(s)"));
	ck_assert_ptr_nonnull(logged("hot connect: 2 new slave(s) after slave 1, 1 known behind them: scanning only them"));
	ck_assert_ptr_nonnull(logged("DC: 2 new slave(s): offsets and delays written, the running ones untouched"));
	ck_assert_ptr_null(logged("full rescan"));
	ck_assert_uint_eq(fsm->scans_started, scans);
	ck_assert_uint_eq(fsm->hc_scans, 1);
	ck_assert_msg(!t.bad, "%u datagram(s) reconfigured running slaves, first: %s",
		      t.bad, t.first_bad);
	/* 2 new slaves; the tap sees each frame on both devices (the
	 * backup copy's ADP made to address nobody, ec_red_backup_frame()) */
	ck_assert_uint_eq(t.new_addr, 4);
	ck_assert_uint_eq(h.master.slave_count, 5);
	for (i = 0; i < 5; i++)
		ck_assert_uint_eq(h.master.slaves[i]->ring_position, i);
	ck_assert_ptr_eq(h.master.slaves[4], do_slave);
	ck_assert_uint_eq(do_slave->station_address, do_addr);
	ck_assert_ptr_eq(do_slave->fsm, do_fsm);
	/* it hangs on the tool's DO again, its port 0 up */
	ck_assert_ptr_eq(do_slave->ports[0].next_slave, h.master.slaves[3]);
	ck_assert(do_slave->ports[0].link_up);
	ck_assert_ptr_eq(a.do_->slave, do_slave);
	ck_assert_ptr_eq(a.tdi->slave, h.master.slaves[2]);
	ck_assert_uint_eq(a.tool->joins, 2);
	ck_assert_uint_eq(a.tool->losses, 1);
	h.tap = NULL;
}
END_TEST

/*
 * The same with the base DO configured by its position (0:4) instead of
 * its alias: after the tool went it would be at 2, where no config finds
 * it, as after IgH's scan.  The partial path refuses, the full rescan
 * runs with the reason logged, and the tool is absent.
 */
START_TEST(test_pull_in_ring_middle_by_position)
{
	struct ec_fsm_master *fsm = &h.master.fsm;
	unsigned int scans;
	struct app a;

	app_setup(&a, seg_mid, 1, 0, 4);
	a.out = 0x5a;
	a.tout = 0xc3;
	ck_assert(run_until_present(&a, 20 * EC_NSEC_PER_SEC));
	scans = fsm->scans_started;
	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", false), 0);
	run_until_absent(&a, 3000);
	run_counting(&a, 2000);
	ck_assert_ptr_nonnull(logged("hot connect: 3 slave(s) responding, 5 known: full rescan (a config behind the gap addresses its slave by a position that moves)"));
	ck_assert_uint_eq(fsm->scans_started, scans + 1);
	ck_assert_uint_eq(fsm->hc_removals, 0);
	ck_assert_ptr_null(a.do_->slave);
}
END_TEST

/*
 * The tool absent at start at the end of the ring: the ring is open
 * there from the start, the base reaches OP and stays complete, and the
 * tool plugged in closes the ring, is scanned alone and joins.
 */
START_TEST(test_absent_at_start_in_ring)
{
	struct ec_fsm_master *fsm = &h.master.fsm;
	unsigned int scans;
	struct app a;
	u64 end;

	app_setup(&a, seg_end_absent, 2, 0, 2);
	a.out = 0x5a;
	a.tout = 0xc3;
	end = h.now_ns + 20 * EC_NSEC_PER_SEC;
	while (h.now_ns < end && !base_complete(&a))
		app_cycle(&a);
	ck_assert_uint_eq(run_counting(&a, 1000), 0);
	ck_assert_int_eq(ec_hc_presence(a.tool), EC_HC_ABSENT);
	ck_assert(h.master.red->broken);
	ck_assert_uint_eq(h.master.red->break_pos, 3);
	ck_assert_uint_eq(h.master.red->side_slaves[EC_DEVICE_BACKUP], 0);
	scans = fsm->scans_started;

	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", true), 0);
	ck_assert(run_until_present(&a, 10 * EC_NSEC_PER_SEC));
	ck_assert(!h.master.red->broken);
	ck_assert_ptr_nonnull(logged("ring closed again, 5 slave(s)"));
	ck_assert_uint_eq(fsm->scans_started, scans);
	ck_assert_uint_eq(fsm->hc_scans, 1);
}
END_TEST

/*
 * The ring breaks inside the group while its new slaves are scanned (in
 * front of the tool's second slave): that slave hangs on no port the
 * scan saw open, so the partial scan gives way to the full rescan, and
 * the tool still joins, across the break.
 */
START_TEST(test_break_during_partial_scan)
{
	struct ec_fsm_master *fsm = &h.master.fsm;
	unsigned int i;
	struct app a;

	app_setup(&a, seg_end, 2, 0, 2);
	a.out = 0x5a;
	a.tout = 0xc3;
	ck_assert(run_until_present(&a, 20 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", false), 0);
	run_until_absent(&a, 3000);
	for (i = 0; i < 1000 && fsm->hc_busy; i++)
		app_cycle(&a);
	ck_assert_int_eq(ecsim_segment_group_plug(h.seg, "tool", true), 0);
	for (i = 0; i < 3000 && !fsm->hc_partial; i++)
		app_cycle(&a);
	ck_assert(fsm->hc_partial);
	ck_assert_int_eq(ecsim_segment_break(h.seg, 4), 0);
	ck_assert(run_until_present(&a, 20 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(fsm->hc_scans, 0);
	ck_assert_ptr_nonnull(logged("hot connect: the port states do not describe a tree: full rescan"));
	ck_assert_uint_eq(h.master.red->break_pos, 4);
}
END_TEST

static Suite *hc_ring_suite(void)
{
	Suite *s = suite_create("hc_ring");
	TCase *tc = tcase_create("ring");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_pull_at_ring_end);
	tcase_add_test(tc, test_pull_in_ring_middle);
	tcase_add_test(tc, test_pull_in_ring_middle_by_position);
	tcase_add_test(tc, test_break_during_partial_scan);
	tcase_add_test(tc, test_absent_at_start_in_ring);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(hc_ring_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
