// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_hotconnect.c - hot-connect groups (EC_HAVE_HOT_CONNECT,
 * doc/HOTCONNECT.md) in simulated time against the in-process segment:
 * a base I/O group (coupler, DI, DO) and a tool group (DI, DO) behind the
 * base DO's port 1.  Per rule: each group's expected working counter and
 * the domain's counting only present groups; an absent group's inputs
 * read zero; a pulled and plugged group leaves and joins; identity
 * mismatch refused with a log line naming the slave and what it has; a
 * group at the wrong port refused; a tool absent at start.
 */
#include "hc_harness.h"
#include "cycle/domain.h"
#include "cycle/monitor.h"
#include "slave/fsm_master.h"
#include "slave/registers.h"
#include "dc/fsm_dc.h"
#include "dc/dc.h"
#include "dc_harness.h"
#include "slave/fsm_slave.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "app/hc_group.h"

#define BECKHOFF 0x00000002
#define EL1008 0x03f03052
#define EL2008 0x07d83052

/* sim ids = ring positions while the tool is plugged in */
#define POS_DI 1
#define POS_DO 2
#define POS_TDI 3
#define POS_TDO 4

#define SEG_FMT \
	"{ \"slaves\": [" \
	" { \"model\": \"EK1100\" }," \
	" { \"model\": \"EL1008\" }," \
	" { \"model\": \"EL2008\" }," \
	" { \"model\": \"EL1008\"%s }," \
	" { \"model\": \"EL2008\"%s } ]," \
	" \"wires\": [ { \"from\": 2, \"to\": 1 }, { \"from\": 4, \"to\": 3 } ]%s }"

/* cycles until a pulled slave is noticed: the monitoring broadcast's
 * period (monitor.h), and the cycle of its answer */
#define MONITOR_BOUND_CYCLES \
	(EC_MONITOR_BRD_EVERY * EC_MONITOR_PERIOD_NS / EC_HARNESS_CYCLE_NS + 2)

/* the tool as the segment file's hot-connect group, absent at start */
#define IN_GROUP ", \"group\": \"tool\""
#define ABSENT ", \"groups\": { \"tool\": { \"absent\": true } }"

/* The segment @json, scanned with @n slaves; the log captured. */
static void start_json(const char *json, unsigned int n)
{
	ec_harness_init(&h, json);
	ck_assert(ec_harness_run_until(&h, scanned, &n, 10 * EC_NSEC_PER_SEC));
	log_count = 0;
	ec_port_set_log(capture_log);
}

static void start(bool tool_plugged)
{
	static char json[1024];

	snprintf(json, sizeof(json), SEG_FMT, IN_GROUP, IN_GROUP,
		 tool_plugged ? "" : ABSENT);
	start_json(json, tool_plugged ? 5 : 3);
}

static void app_setup(struct app *a, u16 tdo_product, u16 at_pos)
{
	int ret;

	memset(a, 0, sizeof(*a));
	a->domain = ec_master_create_domain(&h.master);
	ck_assert_ptr_nonnull(a->domain);
	a->di = ec_master_slave_config(&h.master, 0, POS_DI, BECKHOFF, EL1008);
	a->do_ = ec_master_slave_config(&h.master, 0, POS_DO, BECKHOFF,
					EL2008);
	a->tdi = ec_master_slave_config(&h.master, 0, POS_TDI, BECKHOFF,
					EL1008);
	a->tdo = ec_master_slave_config(&h.master, 0, POS_TDO, BECKHOFF,
					tdo_product ? EL1008 : EL2008);
	ck_assert(a->di && a->do_ && a->tdi && a->tdo);
	a->tool = ec_hc_group_create(&h.master, "tool");
	ck_assert_ptr_nonnull(a->tool);
	ck_assert_ptr_null(ec_hc_group_create(&h.master, "tool"));
	ck_assert_ptr_null(ec_hc_group_create(&h.master, "bad name"));
	ck_assert_int_eq(ec_hc_group_at_port(a->tool, 0, at_pos, 1), 0);
	ck_assert_int_eq(ec_hc_group_at_port(a->tool, 0, at_pos, 0), -EINVAL);
	ck_assert_int_eq(ec_hc_group_add_config(a->tool, a->tdi), 0);
	ck_assert_int_eq(ec_hc_group_add_config(a->tool, a->tdo), 0);
	ck_assert_int_eq(ec_slave_config_pdos(a->tdi, EC_END, in_syncs), 0);
	ck_assert_int_eq(ec_slave_config_pdos(a->tdo, EC_END,
					      tdo_product ? in_syncs :
					      out_syncs), 0);

	ret = ec_slave_config_reg_pdo_entry(a->di, 0x6000, 1, a->domain, NULL);
	ck_assert_int_ge(ret, 0);
	a->off_di = (unsigned int)ret;
	ret = ec_slave_config_reg_pdo_entry(a->do_, 0x7000, 1, a->domain, NULL);
	ck_assert_int_ge(ret, 0);
	a->off_do = (unsigned int)ret;
	ret = ec_slave_config_reg_pdo_entry(a->tdi, 0x6000, 1, a->domain, NULL);
	ck_assert_int_ge(ret, 0);
	a->off_tdi = (unsigned int)ret;
	if (!tdo_product) {
		ret = ec_slave_config_reg_pdo_entry(a->tdo, 0x7000, 1,
						    a->domain, NULL);
		ck_assert_int_ge(ret, 0);
		a->off_tdo = (unsigned int)ret;
	}
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
}

/* The tool absent at start, the application active with it. */
static void start_absent(struct app *a, u8 out, u8 tout)
{
	start(false);
	app_setup(a, 0, POS_DO);
	a->out = out;
	a->tout = tout;
}

static bool app_run_until(struct app *a, bool (*cond)(struct app *),
			  u64 limit_ns)
{
	u64 end = h.now_ns + limit_ns;

	while (h.now_ns < end) {
		app_cycle(a);
		if (cond(a))
			return true;
	}
	return false;
}

static bool base_op(struct app *a)
{
	ec_slave_config_state_t s1, s2;

	ec_slave_config_state(a->di, &s1);
	ec_slave_config_state(a->do_, &s2);
	return s1.operational && s2.operational &&
	       a->domain->wc_state == EC_WC_COMPLETE;
}

static bool tool_present(struct app *a)
{
	ec_hc_group_state_t gs;

	ec_domain_group_state(a->domain, a->tool, false, &gs);
	return base_op(a) && gs.presence == EC_HC_PRESENT &&
	       gs.wc_state == EC_WC_COMPLETE &&
	       ec_get_u8(a->domain->data + a->off_tdi) == a->tout;
}

static bool tool_absent(struct app *a)
{
	return ec_hc_presence(a->tool) == EC_HC_ABSENT;
}

/* LRW: an input slave adds 1, an output slave 2 (ESC datasheet). */
START_TEST(test_group_wkc)
{
	ec_hc_group_state_t gs;
	struct app a;
	unsigned int cycles, incomplete = 0;

	start(true);
	app_setup(&a, 0, POS_DO);
	/* the tool's FMMUs in a datagram of their own */
	ck_assert_uint_eq(a.domain->datagram_count, 2);
	ck_assert_ptr_null(a.domain->datagrams[0].group);
	ck_assert_ptr_eq(a.domain->datagrams[1].group, a.tool);
	ck_assert_uint_eq(a.domain->datagrams[0].expected_working_counter, 3);
	ck_assert_uint_eq(a.domain->datagrams[1].expected_working_counter, 3);
	a.out = 0x5a;
	a.tout = 0xc3;
	ck_assert(app_run_until(&a, tool_present, 5 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(a.domain->working_counter, 6);
	ck_assert_uint_eq(ec_domain_expected_wkc(a.domain), 6);
	ec_domain_group_state(a.domain, a.tool, false, &gs);
	ck_assert_uint_eq(gs.working_counter, 3);
	ck_assert_uint_eq(gs.expected_working_counter, 3);
	ck_assert_ptr_nonnull(logged("group tool: present at"));

	/* Pulled out: the base stays complete in every cycle. */
	ck_assert_int_eq(ecsim_segment_unplug(h.seg, POS_TDO), 0);
	ck_assert_int_eq(ecsim_segment_unplug(h.seg, POS_TDI), 0);
	for (cycles = 0; cycles < 2000 && !tool_absent(&a); cycles++) {
		app_cycle(&a);
		if (a.domain->wc_state != EC_WC_COMPLETE)
			incomplete++;
	}
	ck_assert(tool_absent(&a));
	ck_assert_ptr_nonnull(logged("group tool: absent at"));
	for (cycles = 0; cycles < 50; cycles++) {
		app_cycle(&a);
		ck_assert_int_eq(a.domain->wc_state, EC_WC_COMPLETE);
	}
	/* the domain counts the present tool until the master has noticed
	 * it gone: within the monitoring bound (the broadcast's period, or
	 * sooner when a check finds a tool slave silent); none after */
	ck_assert_uint_le(incomplete, MONITOR_BOUND_CYCLES);
	ck_assert_uint_eq(a.domain->working_counter, 3);
	ck_assert_uint_eq(ec_domain_expected_wkc(a.domain), 3);
	ec_domain_group_state(a.domain, a.tool, false, &gs);
	ck_assert_int_eq(gs.presence, EC_HC_ABSENT);
	ck_assert_uint_eq(gs.working_counter, 0);
	ck_assert_int_eq(gs.wc_state, EC_WC_ZERO);
	/* inputs read zero, outputs not sent */
	ck_assert_uint_eq(ec_get_u8(a.domain->data + a.off_tdi), 0);
	ck_assert_int_ne(a.domain->datagrams[1].datagram.state,
			 EC_DATAGRAM_QUEUED);
	ck_assert_int_ne(a.domain->datagrams[1].datagram.state,
			 EC_DATAGRAM_SENT);

	/* Plugged back in: scanned, configured, in OP, data again. */
	ck_assert_int_eq(ecsim_segment_replug(h.seg, POS_TDI), 0);
	ck_assert_int_eq(ecsim_segment_replug(h.seg, POS_TDO), 0);
	a.tout = 0x3c;
	ck_assert(app_run_until(&a, tool_present, 10 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(a.tool->joins, 2);
	ck_assert_uint_eq(a.tool->losses, 1);
	ck_assert_uint_eq(ec_get_u8(a.domain->data + a.off_di), 0x5a);
}
END_TEST

START_TEST(test_identity_refused)
{
	ec_slave_config_state_t st;
	struct app a;
	const char *line;

	start(true);
	app_setup(&a, 1, POS_DO);	/* tool DO config wants an EL1008 */
	ck_assert(app_run_until(&a, base_op, 5 * EC_NSEC_PER_SEC));
	app_run_until(&a, tool_absent, 200 * EC_NSEC_PER_MSEC);
	line = logged("group tool: refused: slave 0-4 has 0x00000002:0x07d83052");
	ck_assert_msg(line, "no refusal logged");
	ck_assert(strstr(line, "config 0:4 wants 0x00000002:0x03f03052"));
	ck_assert_int_eq(ec_hc_presence(a.tool), EC_HC_ABSENT);
	/* the whole group refused: its correct slave is not configured */
	ck_assert_ptr_null(a.tdi->slave);
	ec_slave_config_state(a.tdi, &st);
	ck_assert_uint_eq(st.online, 0);
	ck_assert_uint_ne(h.master.slaves[POS_TDI]->current_state &
			  EC_AL_STATE_MASK, EC_AL_STATE_OP_);
	ck_assert_int_eq(a.domain->wc_state, EC_WC_COMPLETE);
}
END_TEST

START_TEST(test_wrong_port_refused)
{
	struct app a;
	const char *line;
	unsigned int i;

	start(true);
	app_setup(&a, 0, POS_DI);	/* declared behind the DI's port 1 */
	ck_assert(app_run_until(&a, base_op, 5 * EC_NSEC_PER_SEC));
	for (i = 0; i < 200; i++)
		app_cycle(&a);
	line = logged("group tool: refused: slave 0-3 is behind slave 0-2 port 1, the group is declared at 0:1 port 1");
	ck_assert_msg(line, "no refusal logged");
	ck_assert_int_eq(ec_hc_presence(a.tool), EC_HC_ABSENT);
	ck_assert_ptr_null(a.tdi->slave);
	ck_assert_ptr_null(a.tdo->slave);
	ck_assert_int_eq(a.domain->wc_state, EC_WC_COMPLETE);
	ck_assert_uint_eq(ec_domain_expected_wkc(a.domain), 3);
}
END_TEST

START_TEST(test_absent_at_start)
{
	char out[128];
	struct app a;

	start_absent(&a, 0x11, 0x22);
	/* the base reaches OP and a complete domain without the tool */
	ck_assert(app_run_until(&a, base_op, 5 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ec_hc_presence(a.tool), EC_HC_ABSENT);
	ck_assert_uint_eq(a.domain->working_counter, 3);
	ck_assert_uint_eq(ec_get_u8(a.domain->data + a.off_tdi), 0);
	/* the tool joins later: the simulator's control command */
	ck_assert_int_eq(ecsim_segment_command(h.seg, "plug tool", out,
					       sizeof(out)), 0);
	ck_assert_str_eq(out, "ok\n");
	ck_assert(app_run_until(&a, tool_present, 10 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(a.domain->working_counter, 6);
	/* and leaves */
	ck_assert_int_eq(ecsim_segment_command(h.seg, "pull tool", out,
					       sizeof(out)), 0);
	ck_assert(app_run_until(&a, tool_absent, 2 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_command(h.seg, "pull nothing", out,
					       sizeof(out)), -ENOENT);
	ck_assert_str_eq(out, "error: no slave in group nothing\n");
}
END_TEST

/* Watch the frames, plug the tool in. */
static void plug_tapped(struct tap *t)
{
	char out[64];

	h.tap = tap_frame;
	h.tap_ctx = t;
	ck_assert_int_eq(ecsim_segment_command(h.seg, "plug tool", out,
					       sizeof(out)), 0);
}

static bool dc_idle_any(struct app *a)	/* whatever the configs */
{
	(void)a;
	return !h.master.scan_busy && !ec_fsm_dc_busy(&h.master) &&
	       !h.master.dc.rescan_offsets && h.master.slave_count == 3;
}

static bool tool_joined(struct app *a)
{
	return ec_hc_presence(a->tool) == EC_HC_PRESENT;
}

static bool dc_idle(struct app *a)
{
	return base_op(a) && !ec_fsm_dc_busy(&h.master) &&
	       !h.master.dc.rescan_offsets;
}

/* Base datagram complete in this cycle? */
static bool base_complete(const struct app *a)
{
	const struct ec_domain_datagram *dd = &a->domain->datagrams[0];

	return dd->wkc_seen == dd->expected_working_counter;
}

/* Plugged in: only the new slaves are scanned; pulled out: only they go. */
START_TEST(test_plug_scans_only_new)
{
	struct fsm_snap { const void *sii, *fsm; } snap[3];
	unsigned int i, started, cycles, missed = 0;
	struct tap t = TAP_FIRST(3);
	struct ec_fsm_master *fsm = &h.master.fsm;
	char out[64];
	struct app a;

	start_absent(&a, 0x42, 0x24);
	ck_assert(app_run_until(&a, dc_idle, 5 * EC_NSEC_PER_SEC));
	started = fsm->scans_started;
	for (i = 0; i < 3; i++) {
		snap[i].sii = h.master.slaves[i]->sii_image;
		snap[i].fsm = h.master.slaves[i]->fsm;
	}
	plug_tapped(&t);
	for (cycles = 0; cycles < 10000 && !tool_present(&a); cycles++) {
		app_cycle(&a);
		if (!base_complete(&a))
			missed++;
	}
	ck_assert(tool_present(&a));
	ck_assert_msg(!t.bad, "%u datagram(s) reconfigured running slaves, first: %s",
		      t.bad, t.first_bad);
	ck_assert_uint_eq(t.new_addr, 2);
	ck_assert_uint_eq(missed, 0);
	ck_assert_uint_eq(fsm->scans_started, started);
	ck_assert_uint_eq(fsm->hc_scans, 1);
	ck_assert_ptr_nonnull(logged("hot connect: 2 new slave(s) after slave 2: scanning only them"));
	ck_assert_ptr_nonnull(logged("the known ones untouched"));
	for (i = 0; i < 3; i++) {
		ck_assert_ptr_eq(h.master.slaves[i]->sii_image, snap[i].sii);
		ck_assert_ptr_eq(h.master.slaves[i]->fsm, snap[i].fsm);
	}
	ck_assert_uint_eq(h.master.slaves[POS_TDO]->station_address,
			  EC_SLAVE_STATION_BASE + POS_TDO);
	ck_assert_ptr_eq(a.tdo->slave, h.master.slaves[POS_TDO]);

	/* pulled out: dropped alone */
	ck_assert_int_eq(ecsim_segment_command(h.seg, "pull tool", out,
					       sizeof(out)), 0);
	ck_assert(app_run_until(&a, tool_absent, 2 * EC_NSEC_PER_SEC));
	/* a tool slave's FSM finds it silent during the drop (the VM): no
	 * full rescan after */
	ec_fsm_master_rescan_gone(fsm);
	for (cycles = 0; cycles < 100; cycles++) {
		app_cycle(&a);
		ck_assert(base_complete(&a));
	}
	ck_assert_uint_eq(h.master.slave_count, 3);
	ck_assert_uint_eq(fsm->hc_removals, 1);
	ck_assert_uint_eq(fsm->scans_started, started);
	ck_assert_ptr_nonnull(logged("2 slave(s) gone after slave 2: dropping only them"));

	/* and again */
	ck_assert_int_eq(ecsim_segment_command(h.seg, "plug tool", out,
					       sizeof(out)), 0);
	ck_assert(app_run_until(&a, tool_present, 10 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(fsm->hc_scans, 2);
	ck_assert_uint_eq(fsm->scans_started, started);
	ck_assert_msg(!t.bad, "%u datagram(s) reconfigured running slaves, first: %s",
		      t.bad, t.first_bad);
	ck_assert_uint_eq(fsm->hc_fallbacks, 0);
}
END_TEST

#define MAX_U64(x, y) ((x) > (y) ? (x) : (y))

/* The largest |system time - slave 0's| over the sim's slaves
 * [from, to) (slave 0 is the reference clock). */
static u64 true_diff(unsigned int from, unsigned int to)
{
	u64 d = dc_true_diff_range(h.seg, 0, from, to);

	ck_assert_uint_ne(d, ~0ULL);
	return d;
}

static bool dc_aligned(struct app *a)
{
	return dc_idle(a) && h.master.dc.aligned;
}

/* DC: the new slaves' delays and offsets, the running clocks untouched. */
START_TEST(test_plug_dc)
{
	static const s32 ppb[5] = { 30000, -20000, 10000, -25000, 15000 };
	u64 before = 0, during = 0, after = 0, tool = 0, arr0, arr;
	s64 hop = 0;
	u64 tool_first = 0;
	bool written = false;
	struct tap t = TAP_FIRST(3);
	unsigned int i, cycles;
	struct app a;

	start(false);
	for (i = 0; i < 5; i++)
		ck_assert_int_eq(ecsim_slave_dc_set_drift(h.seg, i, ppb[i]), 0);
	app_setup(&a, 0, POS_DO);
	a.dc = true;
	ck_assert(app_run_until(&a, dc_aligned, 5 * EC_NSEC_PER_SEC));
	/* the drift compensation settles */
	for (cycles = 0; cycles < 2000; cycles++)
		app_cycle(&a);
	for (cycles = 0; cycles < 500; cycles++) {
		app_cycle(&a);
		before = MAX_U64(before, true_diff(1, 3));
	}
	plug_tapped(&t);
	for (cycles = 0; cycles < 10000 && !tool_present(&a); cycles++) {
		app_cycle(&a);
		during = MAX_U64(during, true_diff(1, 3));
		/* the new clocks right after their offsets were written,
		 * before the control loops could correct them */
		if (!written && logged("DC: 2 new slave(s): offsets and delays written, the running ones untouched")) {
			written = true;
			tool_first = true_diff(3, 5);
		}
	}
	ck_assert(tool_present(&a));
	ck_assert(written);
	for (cycles = 0; cycles < 2000; cycles++) {
		app_cycle(&a);
		after = MAX_U64(after, true_diff(1, 3));
		if (cycles >= 1500)
			tool = MAX_U64(tool, true_diff(3, 5));
	}
	ck_assert_msg(!t.bad, "%u datagram(s) reconfigured running slaves, first: %s",
		      t.bad, t.first_bad);
	ck_assert_uint_eq(h.master.fsm.scans_started, 2);
	/* the new delays against the simulator's truth: as close as the
	 * scanned ones (the model's hop error, per hop) */
	ck_assert_int_eq(ecsim_slave_dc_arrival(h.seg, 0, &arr0), 0);
	for (i = 1; i <= POS_TDO; i++) {
		s64 e;

		ck_assert_int_eq(ecsim_slave_dc_arrival(h.seg, i, &arr), 0);
		e = (s64)h.master.slaves[i]->transmission_delay -
		    (s64)(arr - arr0);
		e = e < 0 ? -e : e;
		fprintf(stderr, "hotconnect DC: slave %u delay %u ns, true %llu ns\n",
			i, h.master.slaves[i]->transmission_delay,
			(unsigned long long)(arr - arr0));
		if (i == 1)
			hop = e + 5;
		ck_assert_int_le(e, (s64)(i * hop));
	}
	fprintf(stderr,
		"hotconnect DC: base |system time - reference| max %llu ns before, %llu during, %llu after the plug-in; tool %llu ns when written, %llu ns settled\n",
		(unsigned long long)before, (unsigned long long)during,
		(unsigned long long)after, (unsigned long long)tool_first,
		(unsigned long long)tool);
	/* no step: what the control loops leave, before as during */
	ck_assert_uint_le(during, 2 * before + 20);
	ck_assert_uint_le(after, 2 * before + 20);
	ck_assert_uint_lt(tool_first, EC_DC_SYNC_DIFF_MAX_NS);
	ck_assert_uint_lt(tool, EC_DC_SYNC_DIFF_MAX_NS);
}
END_TEST

/*
 * Without a backup device: a group plugged in behind port 3 of a junction
 * whose port 1 carries a known slave (the base DI, found by its alias)
 * takes ring positions before it (port 3 is served first).  The gap is
 * found by reading station addresses (a binary search), the base DI
 * keeps its address and moves up from 2 to 4, only the new slaves are
 * scanned (their addresses the free ones: 2 is the base DI's) and join.
 * Pulled out again, they are dropped alone and the base DI is 2 again.
 * Nothing reconfigures a running slave, no scan starts, the base is
 * complete in every cycle.  (On main both took the full rescan.)
 */
START_TEST(test_plug_in_branch_ahead)
{
	/* running: positions 0, 1 and the base DI (2, then 4) */
	struct tap t = { .pos_mask = 0x13, .addr_mask = 0x07 };
	struct ec_slave *base_di;
	unsigned int started, i;
	char out[64];
	struct app a;

	start_json("{ \"slaves\": ["
		   " { \"model\": \"EK1100\" }, { \"model\": \"EK1122\" },"
		   " { \"model\": \"EL1008\", \"group\": \"tool\","
		   "   \"link\": { \"to\": 1, \"port\": 3 } },"
		   " { \"model\": \"EL2008\", \"group\": \"tool\" },"
		   " { \"model\": \"EL1008\", \"alias\": 9,"
		   "   \"link\": { \"to\": 1, \"port\": 1 } } ],"
		   " \"groups\": { \"tool\": { \"absent\": true } } }", 3);
	memset(&a, 0, sizeof(a));
	a.domain = ec_master_create_domain(&h.master);
	a.di = ec_master_slave_config(&h.master, 9, 0, BECKHOFF, EL1008);
	a.tool = ec_hc_group_create(&h.master, "tool");
	a.tdi = ec_master_slave_config(&h.master, 0, 2, BECKHOFF, EL1008);
	a.tdo = ec_master_slave_config(&h.master, 0, 3, BECKHOFF, EL2008);
	ck_assert(a.domain && a.di && a.tool && a.tdi && a.tdo);
	ck_assert_int_eq(ec_hc_group_at_port(a.tool, 0, 1, 3), 0);
	ck_assert_int_eq(ec_hc_group_add_config(a.tool, a.tdi), 0);
	ck_assert_int_eq(ec_hc_group_add_config(a.tool, a.tdo), 0);
	ck_assert_int_eq(ec_slave_config_pdos(a.tdi, EC_END, in_syncs), 0);
	ck_assert_int_eq(ec_slave_config_pdos(a.tdo, EC_END, out_syncs), 0);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(a.di, 0x6000, 1,
						       a.domain, NULL), 0);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(a.tdi, 0x6000, 1,
						       a.domain, NULL), 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert(app_run_until(&a, dc_idle_any, 5 * EC_NSEC_PER_SEC));
	base_di = h.master.slaves[2];
	for (i = 0; i < 5000 && (base_di->current_state != EC_AL_STATE_OP_ ||
				 !base_complete(&a)); i++)
		app_cycle(&a);
	ck_assert_uint_eq(base_di->current_state, EC_AL_STATE_OP_);
	ck_assert_ptr_null(a.domain->datagrams[0].group);
	ck_assert_ptr_eq(a.di->slave, base_di);
	ck_assert_uint_eq(base_di->station_address, EC_SLAVE_STATION_BASE + 2);
	started = h.master.fsm.scans_started;

	h.tap = tap_frame;
	h.tap_ctx = &t;
	ck_assert_int_eq(ecsim_segment_command(h.seg, "plug tool", out,
					       sizeof(out)), 0);
	for (i = 0; i < 10000 && !tool_joined(&a); i++) {
		app_cycle(&a);
		ck_assert_msg(base_complete(&a), "base incomplete in cycle %u", i);
	}
	ck_assert(tool_joined(&a));
	ck_assert_ptr_nonnull(logged("hot connect: 2 new slave(s) after slave 1, 1 known behind them: scanning only them"));
	ck_assert_ptr_null(logged("full rescan"));
	ck_assert_uint_eq(h.master.fsm.scans_started, started);
	ck_assert_uint_eq(h.master.fsm.hc_scans, 1);
	ck_assert_msg(!t.bad, "%u datagram(s) reconfigured running slaves, first: %s",
		      t.bad, t.first_bad);
	ck_assert_uint_eq(t.new_addr, 2);
	/* positions as `ethercat slaves` prints them */
	ck_assert_uint_eq(h.master.slave_count, 5);
	for (i = 0; i < 5; i++)
		ck_assert_uint_eq(h.master.slaves[i]->ring_position, i);
	ck_assert_ptr_eq(h.master.slaves[4], base_di);
	ck_assert_uint_eq(base_di->station_address, EC_SLAVE_STATION_BASE + 2);
	ck_assert_ptr_eq(a.di->slave, base_di);
	ck_assert_ptr_eq(a.tdi->slave, h.master.slaves[2]);
	ck_assert_ptr_eq(a.tdo->slave, h.master.slaves[3]);
	ck_assert_uint_eq(h.master.slaves[2]->station_address,
			  EC_SLAVE_STATION_BASE + 3);
	ck_assert_uint_eq(h.master.slaves[3]->station_address,
			  EC_SLAVE_STATION_BASE + 4);

	/* pulled out: dropped alone, the base DI back at 2 */
	t.pos_mask = 0x17;
	for (i = 0; i < 200; i++)
		app_cycle(&a);
	ck_assert_int_eq(ecsim_segment_command(h.seg, "pull tool", out,
					       sizeof(out)), 0);
	for (i = 0; i < 3000 && (!tool_absent(&a) || h.master.fsm.hc_busy);
	     i++) {
		app_cycle(&a);
		ck_assert_msg(base_complete(&a), "base incomplete in cycle %u", i);
	}
	ck_assert(tool_absent(&a));
	ck_assert(!h.master.fsm.hc_busy);
	for (i = 0; i < 1000; i++) {
		app_cycle(&a);
		ck_assert(base_complete(&a));
	}
	ck_assert_ptr_nonnull(logged("hot connect: 2 slave(s) gone after slave 1, 1 behind them: dropping only them"));
	ck_assert_ptr_null(logged("full rescan"));
	ck_assert_uint_eq(h.master.fsm.scans_started, started);
	ck_assert_uint_eq(h.master.fsm.hc_removals, 1);
	ck_assert_msg(!t.bad, "%u datagram(s) reconfigured running slaves, first: %s",
		      t.bad, t.first_bad);
	ck_assert_uint_eq(h.master.slave_count, 3);
	ck_assert_ptr_eq(h.master.slaves[2], base_di);
	ck_assert_uint_eq(base_di->ring_position, 2);
	ck_assert_ptr_eq(a.di->slave, base_di);
	ck_assert_uint_eq(base_di->current_state, EC_AL_STATE_OP_);
	h.tap = NULL;
}
END_TEST

/* The simulator refuses a "groups" entry no slave uses, and bad names. */
START_TEST(test_sim_group_file_errors)
{
	char err[256];
	struct ecsim_segment *seg;

	seg = ecsim_segment_new_string("{ \"slaves\": [ { \"model\": \"EK1100\" } ],"
				       " \"groups\": { \"tool\": { \"absent\": true } } }",
				       err, sizeof(err));
	ck_assert_ptr_null(seg);
	ck_assert_msg(strstr(err, "\"groups\": \"tool\": no slave has \"group\": \"tool\""),
		      "%s", err);
	seg = ecsim_segment_new_string("{ \"slaves\": [ { \"model\": \"EK1100\", \"group\": \"a b\" } ] }",
				       err, sizeof(err));
	ck_assert_ptr_null(seg);
	ck_assert_msg(strstr(err, "slave 0: \"group\""), "%s", err);
	seg = ecsim_segment_new_string("{ \"slaves\": [ { \"model\": \"EK1100\", \"group\": \"t\" } ],"
				       " \"groups\": { \"t\": { \"absent\": 1 } } }",
				       err, sizeof(err));
	ck_assert_ptr_null(seg);
	ck_assert_msg(strstr(err, "only \"absent\""), "%s", err);
}
END_TEST

/* Without groups nothing differs: one datagram, the IgH sum. */
START_TEST(test_no_groups_unchanged)
{
	struct ec_domain *d;
	struct ec_slave_config *di, *tdi;

	start(true);
	d = ec_master_create_domain(&h.master);
	di = ec_master_slave_config(&h.master, 0, POS_DI, BECKHOFF, EL1008);
	tdi = ec_master_slave_config(&h.master, 0, POS_TDI, BECKHOFF, EL1008);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(di, 0x6000, 1, d, NULL),
			 0);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(tdi, 0x6000, 1, d,
						       NULL), 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 1);
	ck_assert_uint_eq(d->expected_working_counter, 2);
	ck_assert_uint_eq(ec_domain_expected_wkc(d), 2);
	ck_assert_ptr_nonnull(tdi->slave);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("hotconnect");
	TCase *tc = tcase_create("groups");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_group_wkc);
	tcase_add_test(tc, test_identity_refused);
	tcase_add_test(tc, test_wrong_port_refused);
	tcase_add_test(tc, test_absent_at_start);
	tcase_add_test(tc, test_plug_scans_only_new);
	tcase_add_test(tc, test_plug_dc);
	tcase_add_test(tc, test_plug_in_branch_ahead);
	tcase_add_test(tc, test_no_groups_unchanged);
	tcase_add_test(tc, test_sim_group_file_errors);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
