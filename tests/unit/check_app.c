// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_app.c - the application phase against the default segment:
 * configs attached by position and alias, a vendor/product mismatch
 * (unattached, logged), an absent slave, configs surviving a rescan,
 * PDO tables that keep the slave's mapping, unmapped entries, the master
 * state, and the FSM byte budget of the cyclic send.
 */
#include "harness.h"
#include "cycle/domain.h"
#include "slave/fsm_master.h"
#include "slave/fsm_slave.h"
#include "slave/slave.h"
#include "request/requests.h"
#include "app/slave_config.h"

#define BECKHOFF 0x00000002
#define EK1100 0x044c2c52
#define EL1008 0x03f03052
#define EL2008 0x07d83052
#define EL3102 0x0c1e3052
#define EL4102 0x10063052
#define SIM_VENDOR 0x0ec51d00
#define SERVO 0x00000402
#define SERVO_ALIAS 1001

#define SEG_DEFAULT "sim/segments/default.json"
#define SLAVES 6

/* Positions (= sim ids) in the default segment. */
#define POS_DI 1
#define POS_DO 2
#define POS_AI 3
#define POS_AO 4
#define POS_SERVO 5

static struct ec_harness h;
static char seg_json[8192];

static char log_lines[32][256];
static unsigned int log_count;

static void capture_log(int level, const char *line)
{
	(void)level;
	if (log_count < 32)
		snprintf(log_lines[log_count++], sizeof(log_lines[0]), "%s",
			 line);
}

static unsigned int logged(const char *needle)
{
	unsigned int i, n = 0;

	for (i = 0; i < log_count; i++)
		if (strstr(log_lines[i], needle))
			n++;
	return n;
}

static void load_segment(void)
{
	FILE *f = fopen(SEG_DEFAULT, "rb");
	size_t n;

	ck_assert_msg(f, "cannot open %s", SEG_DEFAULT);
	n = fread(seg_json, 1, sizeof(seg_json) - 1, f);
	fclose(f);
	seg_json[n] = '\0';
}

static bool all_ready(struct ec_harness *hh, void *ctx)
{
	unsigned int i;

	(void)ctx;
	if (hh->master.scan_busy || hh->master.slave_count != SLAVES)
		return false;
	for (i = 0; i < hh->master.slave_count; i++)
		if (!ec_slave_fsm_ready(hh->master.slaves[i]))
			return false;
	return true;
}

static void setup(void)
{
	load_segment();
	ec_harness_init(&h, seg_json);
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       10 * EC_NSEC_PER_SEC));
	log_count = 0;
	ec_port_set_log(capture_log);
}

static void teardown(void)
{
	ec_port_set_log(NULL);
	ec_master_deactivate(&h.master, h.now_ns);
	ec_master_clear_config(&h.master);
	ec_harness_clear(&h);
}

START_TEST(test_attach_by_position_and_alias)
{
	struct ec_slave_config *di, *servo, *servo2;
	ec_slave_config_state_t st;

	di = ec_master_slave_config(&h.master, 0, POS_DI, BECKHOFF, EL1008);
	ck_assert_ptr_nonnull(di);
	ck_assert_ptr_eq(di->slave, h.master.slaves[POS_DI]);
	ck_assert_ptr_eq(h.master.slaves[POS_DI]->config, di);
	ck_assert(!di->identity_mismatch);
	/* The same address and identity: the same config. */
	ck_assert_ptr_eq(ec_master_slave_config(&h.master, 0, POS_DI,
						BECKHOFF, EL1008), di);
	/* The same address, another identity: refused. */
	ck_assert_ptr_null(ec_master_slave_config(&h.master, 0, POS_DI,
						  BECKHOFF, EL2008));
	ck_assert_uint_eq(h.master.config_count, 1);

	servo = ec_master_slave_config(&h.master, SERVO_ALIAS, 0, SIM_VENDOR,
				       SERVO);
	ck_assert_ptr_nonnull(servo);
	ck_assert_ptr_eq(servo->slave, h.master.slaves[POS_SERVO]);
	/* The same slave by position: already taken by the alias config. */
	servo2 = ec_master_slave_config(&h.master, 0, POS_SERVO, SIM_VENDOR,
					SERVO);
	ck_assert_ptr_nonnull(servo2);
	ck_assert_ptr_null(servo2->slave);
	ck_assert_ptr_eq(h.master.slaves[POS_SERVO]->config, servo);
	ck_assert_uint_eq(logged("already has config 1001:0"), 1);

	ec_slave_config_state(di, &st);
	ck_assert_uint_eq(st.online, 1);
	ck_assert_uint_eq(st.operational, 0);
	ck_assert_uint_eq(st.al_state, EC_AL_STATE_PREOP_);
}
END_TEST

START_TEST(test_identity_mismatch)
{
	struct ec_slave_config *sc;
	ec_slave_config_state_t st;

	sc = ec_master_slave_config(&h.master, 0, POS_DI, BECKHOFF, EL2008);
	ck_assert_ptr_nonnull(sc);
	ck_assert_ptr_null(sc->slave);
	ck_assert(sc->identity_mismatch);
	ck_assert_ptr_null(h.master.slaves[POS_DI]->config);
	ck_assert_uint_eq(logged("slave 0-1 has 0x2:0x3f03052, config wants 0x2:0x7d83052"),
			  1);
	/* Attaching again does not repeat the line. */
	ec_master_attach_slave_configs(&h.master);
	ec_master_attach_slave_configs(&h.master);
	ck_assert_uint_eq(logged("config wants"), 1);
	ec_slave_config_state(sc, &st);
	ck_assert_uint_eq(st.online, 0);
	ck_assert_uint_eq(st.al_state, 0);

	/* An alias nobody has. */
	sc = ec_master_slave_config(&h.master, 4711, 0, BECKHOFF, EL2008);
	ck_assert_ptr_nonnull(sc);
	ck_assert_ptr_null(sc->slave);
	ck_assert(!sc->identity_mismatch);
}
END_TEST

START_TEST(test_absent_slave)
{
	struct ec_slave_config *sc;
	struct ec_domain *d = ec_master_create_domain(&h.master);
	ec_slave_config_state_t st;

	sc = ec_master_slave_config(&h.master, 0, SLAVES, BECKHOFF, EL1008);
	ck_assert_ptr_nonnull(sc);
	ck_assert_ptr_null(sc->slave);
	ck_assert(!sc->identity_mismatch);
	ck_assert_uint_eq(logged("config wants"), 0);
	/* Relative to the servo's alias, one further is past the end. */
	sc = ec_master_slave_config(&h.master, SERVO_ALIAS, 1, BECKHOFF,
				    EL1008);
	ck_assert_ptr_null(sc->slave);
	ec_slave_config_state(sc, &st);
	ck_assert_uint_eq(st.online, 0);
	/* Without a slave and without configured PDOs nothing is mapped. */
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x6000, 1, d, NULL),
			 -ENOENT);
}
END_TEST

START_TEST(test_unmapped_entry)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_slave_config *ai = ec_master_slave_config(
		&h.master, 0, POS_AI, BECKHOFF, EL3102);
	unsigned int bit = 99;

	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(ai, 0x3101, 3, d, &bit),
			 -ENOENT);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(ai, 0x6000, 1, d, &bit),
			 -ENOENT);
	ck_assert_uint_eq(bit, 99);
	ck_assert_uint_eq(logged("PDO entry 0x3101:03 is not mapped"), 1);
	ck_assert_uint_eq(ai->used_fmmus, 0);
	ck_assert_uint_eq(d->data_size, 0);
	/* By position: SM3 has two PDOs of two entries. */
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry_pos(ai, 3, 1, 1, d,
							   &bit), 4);
	ck_assert_uint_eq(bit, 0);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry_pos(ai, 3, 2, 0, d,
							   &bit), -ENOENT);
}
END_TEST

START_TEST(test_pdo_tables_keep_default_mapping)
{
	static const ec_pdo_info_t ai_pdos[] = {
		{ 0x1a01, 0, NULL },	/* the slave's mapping */
	};
	static const ec_pdo_entry_info_t ao_entries[] = {
		{ 0x3002, 0x01, 16 },
		{ 0x3001, 0x01, 16 },
	};
	static const ec_pdo_info_t ao_pdos[] = {
		{ 0x1600, 2, ao_entries },
	};
	static const ec_sync_info_t ai_syncs[] = {
		{ 2, EC_DIR_OUTPUT, 0, NULL, EC_WD_DISABLE },
		{ 3, EC_DIR_INPUT, 1, ai_pdos, EC_WD_DEFAULT },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT }
	};
	static const ec_sync_info_t ao_syncs[] = {
		{ 2, EC_DIR_OUTPUT, 1, ao_pdos, EC_WD_ENABLE },
	};
	static const ec_sync_info_t bad_syncs[] = {
		{ EC_SC_SYNCS, EC_DIR_OUTPUT, 0, NULL, EC_WD_DEFAULT },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT }
	};
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_slave_config *ai = ec_master_slave_config(
		&h.master, 0, POS_AI, BECKHOFF, EL3102);
	struct ec_slave_config *ao = ec_master_slave_config(
		&h.master, 0, POS_AO, BECKHOFF, EL4102);
	const struct ec_sync_config *sync;

	ck_assert_int_eq(ec_slave_config_pdos(ai, EC_END, ai_syncs), 0);
	sync = ec_slave_config_sync(ai, 3);
	ck_assert_ptr_nonnull(sync);
	ck_assert_int_eq(sync->dir, EC_DIR_INPUT);
	ck_assert_uint_eq(sync->pdo_count, 1);
	ck_assert_uint_eq(sync->pdos[0].index, 0x1a01);
	ck_assert_uint_eq(sync->pdos[0].entry_count, 2);
	ck_assert_uint_eq(sync->pdos[0].entries[1].index, 0x3102);
	ck_assert_uint_eq(ec_slave_config_sync_size(ai, 3), 3);
	/* SM2 was given no PDOs: the slave's (none) stay. */
	ck_assert(!ai->syncs[2].pdos_set);
	ck_assert_int_eq(ai->syncs[2].watchdog_mode, EC_WD_DISABLE);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(ai, 0x3102, 2, d, NULL),
			 1);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(ai, 0x3101, 2, d, NULL),
			 -ENOENT);

	ck_assert_int_eq(ec_slave_config_pdos(ao, 1, ao_syncs), 0);
	ck_assert_int_eq(ao->syncs[2].watchdog_mode, EC_WD_ENABLE);
	ck_assert_uint_eq(ec_slave_config_sync_size(ao, 2), 4);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(ao, 0x3001, 1, d, NULL),
			 3 + 2);
	ck_assert_int_eq(ec_slave_config_pdos(ao, EC_END, bad_syncs), -ENOENT);

	/* Startup SDOs, in order, little-endian. */
	ck_assert_int_eq(ec_slave_config_sdo16(ai, 0x8000, 0x06, 0x1234), 0);
	ck_assert_int_eq(ec_slave_config_sdo8(ai, 0x8010, 0x06, 1), 0);
	{
		struct ec_sdo_config *c = ec_list_entry(ai->sdo_configs.next,
						struct ec_sdo_config, node);

		ck_assert_uint_eq(c->index, 0x8000);
		ck_assert_uint_eq(c->size, 2);
		ck_assert_uint_eq(c->data[0], 0x34);
		ck_assert_uint_eq(c->data[1], 0x12);
	}
}
END_TEST

START_TEST(test_configs_survive_rescan)
{
	struct ec_slave_config *ao = ec_master_slave_config(
		&h.master, 0, POS_AO, BECKHOFF, EL4102);
	struct ec_slave_config *ai = ec_master_slave_config(
		&h.master, 0, POS_AI, BECKHOFF, EL3102);

	ck_assert_ptr_nonnull(ao->slave);
	ec_fsm_master_rescan(&h.master.fsm);
	ec_harness_cycle(&h);
	ec_harness_cycle(&h);
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       10 * EC_NSEC_PER_SEC));
	ck_assert_ptr_eq(ao->slave, h.master.slaves[POS_AO]);
	ck_assert_ptr_eq(h.master.slaves[POS_AO]->config, ao);
	ck_assert_ptr_eq(h.master.slaves[POS_AI]->config, ai);
	ck_assert_uint_ge(h.master.fsm.scans_completed, 2);
	/* PDOs read anew after the rescan are seen by the config. */
	ck_assert_uint_eq(ec_slave_config_sync_size(ai, 3), 6);
}
END_TEST

START_TEST(test_master_state)
{
	ec_master_state_t ms;
	ec_master_link_state_t ls;

	ec_master_get_state(&h.master, &ms);
	ck_assert_uint_eq(ms.slaves_responding, SLAVES);
	ck_assert_uint_eq(ms.link_up, 1);
	ck_assert_uint_eq(ms.al_states, EC_AL_STATE_PREOP_);
	ec_master_get_link_state(&h.master, EC_DEVICE_MAIN, &ls);
	ck_assert_uint_eq(ls.slaves_responding, SLAVES);
	ck_assert_uint_eq(ls.link_up, 1);
	ec_master_get_link_state(&h.master, EC_DEVICE_BACKUP, &ls);
	ck_assert_uint_eq(ls.slaves_responding, 0);
	ck_assert_uint_eq(ls.link_up, 0);
}
END_TEST

/* The byte budget: a small one serves the slave FSMs in turn. */
START_TEST(test_fsm_budget)
{
	unsigned int i;

	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(h.master.fsm_bytes_per_cycle,
			  EC_FSM_BYTES_PER_CYCLE_DEFAULT);
	ck_assert_int_eq(h.master.phase, EC_PHASE_OPERATION);
	ck_assert_ptr_null(h.master.pd_mem);
	h.master.fsm_bytes_per_cycle = 1;
	for (i = 0; i < 50; i++) {
		unsigned int before = h.master.fsm_next_slave, j, sent = 0;

		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		/* One slave FSM at least ran (the turn moved on), unless a
		 * whole round found them all settled (a quiet turn visits
		 * none), and at most one put a datagram on the wire. */
		ck_assert(h.master.fsm_next_slave != before ||
			  h.master.fsm_quiet);
		for (j = 0; j < h.master.slave_count; j++) {
			struct ec_fsm_slave *fsm = h.master.slaves[j]->fsm;

			if (fsm && fsm->datagram.state == EC_DATAGRAM_SENT &&
			    fsm->datagram.sent_ns == h.now_ns)
				sent++;
		}
		ck_assert_uint_le(sent, 1);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	ec_master_deactivate(&h.master, h.now_ns);
	ck_assert_int_eq(h.master.phase, EC_PHASE_IDLE);
	ck_assert(!h.master.active);
}
END_TEST

/*
 * Quiet turns: once a whole round of visits found every slave FSM
 * settled, the turns leave them alone; the monitor's AL check, a queued
 * request or EC_FSM_QUIET_NS bring the visits back, and the slave's job
 * runs.
 */
START_TEST(test_fsm_quiet)
{
	struct ec_slave *s;
	struct ec_fsm_slave *fsm;
	struct ec_reg_request req;
	u8 al[2];
	unsigned int i, before;

	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	for (i = 0; i < 200 && !h.master.fsm_quiet; i++) {
		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	ck_assert_msg(h.master.fsm_quiet, "no quiet turns after %u cycles", i);
	/* quiet: the round robin stands still */
	before = h.master.fsm_next_slave;
	for (i = 0; i < 10; i++) {
		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	ck_assert_uint_eq(h.master.fsm_next_slave, before);
	/* the monitor asks for an AL check: visits until it is done */
	s = h.master.slaves[1];
	ec_slave_fsm_request_al_check(s);
	ck_assert(!h.master.fsm_quiet);
	fsm = s->fsm;
	for (i = 0; i < 50 && fsm->target.check_requested; i++) {
		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	ck_assert_msg(!fsm->target.check_requested,
		      "AL check not taken after %u cycles", i);
	for (i = 0; i < 200 && !h.master.fsm_quiet; i++) {
		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	ck_assert(h.master.fsm_quiet);
	/* a queued request: visited and served */
	memset(&req, 0, sizeof(req));
	ec_request_init(&req.base, EC_REQ_REG, EC_REQ_OWNER_CLI);
	req.address = 0x0130;	/* AL status */
	req.size = sizeof(al);
	req.data = al;
	ec_slave_queue_request(s, &req.base);
	ck_assert(!h.master.fsm_quiet);
	for (i = 0; i < 100 && !ec_req_done(req.base.state); i++) {
		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	ck_assert_msg(req.base.state == EC_REQ_SUCCESS,
		      "request not done after %u cycles (state %d)", i,
		      req.base.state);
	ck_assert_uint_eq(al[0] & 0x0f, s->current_state & 0x0f);
	for (i = 0; i < 200 && !h.master.fsm_quiet; i++) {
		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		h.now_ns += EC_HARNESS_CYCLE_NS;
	}
	ck_assert(h.master.fsm_quiet);
	/* at the latest EC_FSM_QUIET_NS later, a round looks again */
	before = h.master.fsm_next_slave;
	h.now_ns = h.master.fsm_quiet_until_ns;
	ec_harness_op_receive(&h.master, h.now_ns);
	ec_harness_op_send(&h.master, h.now_ns);
	ck_assert_uint_ne(h.master.fsm_next_slave, before);
	ec_master_deactivate(&h.master, h.now_ns);
}
END_TEST

/* The cyclic task of an application, as in IgH's examples. */
struct app {
	struct ec_domain *domain;
	struct ec_slave_config *sc[4];	/* DI, DO, AI, AO */
	unsigned int off_di, off_do, off_ai1, off_ai2, off_ao1, off_ao2;
	u8 out_bits;
	s16 out_ao1, out_ao2;
};

static void app_cycle(struct app *a)
{
	u8 *pd;

	ec_harness_op_receive(&h.master, h.now_ns);
	ec_domain_process(a->domain, h.now_ns);
	pd = a->domain->data;
	ec_put_u8(pd + a->off_do, a->out_bits);
	ec_put_u16(pd + a->off_ao1, (u16)a->out_ao1);
	ec_put_u16(pd + a->off_ao2, (u16)a->out_ao2);
	ec_domain_queue(a->domain);
	ec_harness_op_send(&h.master, h.now_ns);
	h.now_ns += EC_HARNESS_CYCLE_NS;
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

static bool app_all_operational(struct app *a)
{
	ec_slave_config_state_t st;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		ec_slave_config_state(a->sc[i], &st);
		if (!st.operational)
			return false;
	}
	return a->domain->wc_state == EC_WC_COMPLETE;
}

static bool app_incomplete(struct app *a)
{
	return a->domain->wc_state == EC_WC_INCOMPLETE;
}

static bool app_looped_back(struct app *a)
{
	const u8 *pd = a->domain->data;

	return ec_get_u8(pd + a->off_di) == a->out_bits &&
	       (s16)ec_get_u16(pd + a->off_ai1) == a->out_ao1 &&
	       (s16)ec_get_u16(pd + a->off_ai2) == a->out_ao2;
}

static void app_setup(struct app *a)
{
	const ec_pdo_entry_reg_t regs[] = {
		{ 0, POS_DI, BECKHOFF, EL1008, 0x6000, 1, &a->off_di, NULL },
		{ 0, POS_DO, BECKHOFF, EL2008, 0x7000, 1, &a->off_do, NULL },
		{ 0, POS_AI, BECKHOFF, EL3102, 0x3101, 2, &a->off_ai1, NULL },
		{ 0, POS_AI, BECKHOFF, EL3102, 0x3102, 2, &a->off_ai2, NULL },
		{ 0, POS_AO, BECKHOFF, EL4102, 0x3001, 1, &a->off_ao1, NULL },
		{ 0, POS_AO, BECKHOFF, EL4102, 0x3002, 1, &a->off_ao2, NULL },
		{ 0 }
	};

	memset(a, 0, sizeof(*a));
	a->domain = ec_master_create_domain(&h.master);
	ck_assert_ptr_nonnull(a->domain);
	ck_assert_int_eq(ec_domain_reg_pdo_entry_list(a->domain, regs), 0);
	a->sc[0] = ec_master_slave_config(&h.master, 0, POS_DI, BECKHOFF,
					  EL1008);
	a->sc[1] = ec_master_slave_config(&h.master, 0, POS_DO, BECKHOFF,
					  EL2008);
	a->sc[2] = ec_master_slave_config(&h.master, 0, POS_AI, BECKHOFF,
					  EL3102);
	a->sc[3] = ec_master_slave_config(&h.master, 0, POS_AO, BECKHOFF,
					  EL4102);
	/* DI at 0, DO at 1, AI (6 bytes) at 2, AO (4 bytes) at 8. */
	ck_assert_uint_eq(a->off_di, 0);
	ck_assert_uint_eq(a->off_do, 1);
	ck_assert_uint_eq(a->off_ai1, 3);
	ck_assert_uint_eq(a->off_ai2, 6);
	ck_assert_uint_eq(a->off_ao1, 8);
	ck_assert_uint_eq(a->off_ao2, 10);
}

START_TEST(test_op_loopback)
{
	struct app a;
	ec_domain_state_t ds;
	ec_master_state_t ms;
	ec_slave_config_state_t st;
	unsigned int round;
	static const struct {
		u8 bits;
		s16 ao1, ao2;
	} values[] = { { 0xa5, 0x1234, -1000 }, { 0x5a, -32768, 32767 },
		       { 0x00, 0, 1 } };

	app_setup(&a);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(a.domain->expected_working_counter, 2 + 1 + 1 + 2);
	ck_assert(app_run_until(&a, app_all_operational,
				10 * EC_NSEC_PER_SEC));
	ec_domain_state(a.domain, &ds);
	ck_assert_uint_eq(ds.working_counter, 6);
	ck_assert_int_eq(ds.wc_state, EC_WC_COMPLETE);
	ec_slave_config_state(a.sc[3], &st);
	ck_assert_uint_eq(st.online, 1);
	ck_assert_uint_eq(st.al_state, EC_AL_STATE_OP_);

	/* Outputs come back on the wired inputs within a few cycles. */
	for (round = 0; round < 3; round++) {
		a.out_bits = values[round].bits;
		a.out_ao1 = values[round].ao1;
		a.out_ao2 = values[round].ao2;
		ck_assert_msg(app_run_until(&a, app_looped_back,
					    10 * EC_HARNESS_CYCLE_NS),
			      "round %u: DI 0x%02x AI %d %d", round,
			      a.domain->data[a.off_di],
			      (s16)ec_get_u16(a.domain->data + a.off_ai1),
			      (s16)ec_get_u16(a.domain->data + a.off_ai2));
		ck_assert_int_eq(a.domain->wc_state, EC_WC_COMPLETE);
	}
	ec_master_get_state(&h.master, &ms);
	ck_assert_uint_eq(ms.slaves_responding, SLAVES);
	ck_assert(ms.al_states & EC_AL_STATE_OP_);

	/* Deactivation: back to PREOP, configs and domains gone. */
	ec_master_deactivate(&h.master, h.now_ns);
	ck_assert_ptr_null(h.master.slaves[POS_AO]->config);
	ck_assert(ec_list_empty(&h.master.configs));
	ec_harness_run_for(&h, 2 * EC_NSEC_PER_SEC);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, POS_AO) &
				  EC_AL_STATE_MASK,
			  EC_AL_STATE_PREOP_);
}
END_TEST

START_TEST(test_op_al_error_and_unplug)
{
	struct app a;

	app_setup(&a);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert(app_run_until(&a, app_all_operational,
				10 * EC_NSEC_PER_SEC));

	/* The AI's application reports an error: OP falls to SAFEOP, its
	 * inputs stop counting; the slave FSM brings it back. */
	ck_assert_int_eq(ecsim_segment_al_error(h.seg, POS_AI, 0x001b), 0);
	ck_assert(app_run_until(&a, app_incomplete, EC_NSEC_PER_SEC));
	ck_assert(app_run_until(&a, app_all_operational,
				10 * EC_NSEC_PER_SEC));

	/* The AO leaves the ring: incomplete; back in, it returns to OP. */
	ck_assert_int_eq(ecsim_segment_unplug(h.seg, POS_AO), 0);
	ck_assert(app_run_until(&a, app_incomplete, EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_replug(h.seg, POS_AO), 0);
	ck_assert(app_run_until(&a, app_all_operational,
				20 * EC_NSEC_PER_SEC));
	ck_assert_ptr_eq(a.sc[3]->slave, h.master.slaves[POS_AO]);
	a.out_ao1 = 777;
	ck_assert(app_run_until(&a, app_looped_back,
				10 * EC_HARNESS_CYCLE_NS));
}
END_TEST

START_TEST(test_op_refused_safeop)
{
	struct app a;
	ec_slave_config_state_t st;
	unsigned int i;

	app_setup(&a);
	/* The AI's inputs mapped with a writing FMMU: the slave refuses
	 * SAFEOP (ESC section II: FMMU/SM settings, AL status 0x001E). */
	ck_assert_int_eq(ec_slave_config_sync_manager(a.sc[2], 3,
						      EC_DIR_OUTPUT,
						      EC_WD_DEFAULT), 0);
	a.sc[2]->fmmus[0].dir = EC_DIR_OUTPUT;
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	for (i = 0; i < 3000; i++)
		app_cycle(&a);
	ec_slave_config_state(a.sc[2], &st);
	ck_assert_uint_eq(st.operational, 0);
	ck_assert_uint_ne(st.al_state, EC_AL_STATE_OP_);
	ck_assert_uint_ne(st.al_state, EC_AL_STATE_SAFEOP_);
	/* The refusal is logged with code and text (the FSM acknowledges
	 * the error before each new attempt). */
	ck_assert_uint_ge(logged("AL status code 0x001e"), 1);
	for (i = 0; i < 4; i++) {
		if (i == 2)
			continue;
		ec_slave_config_state(a.sc[i], &st);
		ck_assert_msg(st.operational, "config %u not operational", i);
	}
	/* AI's FMMU counted as an output: 2 + 1 + 2 + 2 expected, the AI's
	 * 2 missing. */
	ck_assert_uint_eq(a.domain->expected_working_counter, 7);
	ck_assert_uint_eq(a.domain->working_counter, 5);
	ck_assert_int_eq(a.domain->wc_state, EC_WC_INCOMPLETE);
}
END_TEST

static Suite *app_suite(void)
{
	Suite *s = suite_create("app");
	TCase *tc = tcase_create("config");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_attach_by_position_and_alias);
	tcase_add_test(tc, test_identity_mismatch);
	tcase_add_test(tc, test_absent_slave);
	tcase_add_test(tc, test_unmapped_entry);
	tcase_add_test(tc, test_pdo_tables_keep_default_mapping);
	tcase_add_test(tc, test_configs_survive_rescan);
	tcase_add_test(tc, test_master_state);
	tcase_add_test(tc, test_fsm_budget);
	tcase_add_test(tc, test_fsm_quiet);
	suite_add_tcase(s, tc);

	tc = tcase_create("op");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_op_loopback);
	tcase_add_test(tc, test_op_al_error_and_unplug);
	tcase_add_test(tc, test_op_refused_safeop);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(app_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
