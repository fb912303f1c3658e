// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_fsm_config.c - the slave FSMs take configured slaves to OP against
 * the in-process segment: sync managers, FMMUs and watchdog as configured
 * (read from the simulated ESCs), startup SDOs, a PDO remap of the servo
 * written over CoE, refused SAFEOP with code, text and retries, a slave
 * dropping out of OP, unplug and replug in OP, the application's requests
 * and deactivation back to PREOP.
 */
#include "harness.h"
#include "domain.h"
#include "fsm_change.h"
#include "fsm_slave.h"
#include "mailbox.h"
#include "registers.h"
#include "slave.h"
#include "slave_config.h"

/* Sim ids (= ring positions while all are plugged). */
#define ID_DI 1
#define ID_DO 2
#define ID_AI 3
#define ID_AO 4
#define ID_SERVO 5
#define N_SLAVES 6
#define SERVO_ALIAS 1001

#define VID_BECKHOFF 0x00000002
#define PC_EL1008 0x03f03052
#define PC_EL2008 0x07d83052
#define PC_EL3102 0x0c1e3052
#define PC_EL4102 0x10063052
#define VID_ECSIM 0x0ec51d00
#define PC_SERVO 0x00000402

static const char *segment =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL2008\" }, { \"model\": \"EL3102\" },"
	" { \"model\": \"EL4102\" },"
	" { \"model\": \"ECSIM-SERVO\", \"alias\": 1001 } ],"
	" \"wires\": [ { \"from\": 2, \"to\": 1 } ] }";

struct fixture {
	struct ec_harness h;
	struct ec_domain *domain;
	struct ec_slave_config *sc[N_SLAVES];
	int off_do, off_di, off_ao, off_ai, off_servo_out, off_servo_in;
};

/* Outputs the application writes every cycle, as a real one does
 * between ecrt_domain_process() and ecrt_domain_queue(). */
static struct {
	u8 *dst;
	u8 val[8];
	size_t len;
} app_out;

static void set_output(u8 *dst, const void *val, size_t len)
{
	app_out.dst = dst;
	memcpy(app_out.val, val, len);
	app_out.len = len;
}

/* The core's log lines of the running test (the last 16 KiB). */
static char log_text[16384];

static void log_sink(int level, const char *line)
{
	size_t used = strlen(log_text), len = strlen(line);

	(void)level;
	if (used + len + 2 > sizeof(log_text))
		used = 0;
	memcpy(log_text + used, line, len);
	log_text[used + len] = '\n';
	log_text[used + len + 1] = '\0';
}

static bool log_has(const char *text)
{
	return strstr(log_text, text) != NULL;
}

/* One cycle: the application's while active, else the idle thread's. */
static void cycle(struct ec_harness *h)
{
	struct ec_master *m = &h->master;
	struct ec_list *pos, *tmp;

	if (!m->active) {
		ec_harness_cycle(h);
		return;
	}
	ec_master_app_receive(m, h->now_ns);
	ec_list_for_each_safe(pos, tmp, &m->domains) {
		struct ec_domain *d = ec_list_entry(pos, struct ec_domain,
						    node);

		ec_domain_process(d, h->now_ns);
		if (app_out.len)
			memcpy(app_out.dst, app_out.val, app_out.len);
		ec_domain_queue(d);
	}
	ec_master_app_send(m, h->now_ns);
	h->now_ns += EC_HARNESS_CYCLE_NS;
}

static bool run_until(struct ec_harness *h,
		      bool (*cond)(struct ec_harness *, void *), void *ctx,
		      u64 limit_ns)
{
	u64 end = h->now_ns + limit_ns;

	while (h->now_ns < end) {
		cycle(h);
		if (cond(h, ctx))
			return true;
	}
	return false;
}

static void run_for(struct ec_harness *h, u64 ns)
{
	u64 end = h->now_ns + ns;

	while (h->now_ns < end)
		cycle(h);
}

static bool all_ready(struct ec_harness *h, void *ctx)
{
	unsigned int i, n = *(unsigned int *)ctx;

	if (h->master.scan_busy || h->master.slave_count != n)
		return false;
	for (i = 0; i < n; i++)
		if (!ec_slave_fsm_ready(&h->master.slaves[i]))
			return false;
	return true;
}

static void wait_ready(struct ec_harness *h, unsigned int n)
{
	ck_assert(run_until(h, all_ready, &n, 10 * EC_NSEC_PER_SEC));
}

/* The sim's AL state of slave @id, error bit masked. */
static u8 sim_state(struct ec_harness *h, unsigned int id)
{
	return ecsim_slave_al_status(h->seg, id) & EC_AL_STATE_MASK;
}

struct sim_states {
	const unsigned int *ids;
	unsigned int n;
	u8 state;
};

static bool sim_in_state(struct ec_harness *h, void *ctx)
{
	const struct sim_states *s = ctx;
	unsigned int i;

	for (i = 0; i < s->n; i++)
		if (ecsim_slave_al_status(h->seg, s->ids[i]) != s->state)
			return false;
	return true;
}

/* The master's view of the configured slaves says OP, jobs done. */
static bool master_sees_op(struct ec_harness *h, void *ctx)
{
	unsigned int i;

	(void)ctx;
	for (i = ID_DI; i <= ID_SERVO; i++) {
		const struct ec_slave *s = &h->master.slaves[i];

		if (s->current_state != EC_AL_STATE_OP_ ||
		    !ec_fsm_slave_idle(s->fsm))
			return false;
	}
	return true;
}

static bool servo_error_seen(struct ec_harness *h, void *ctx)
{
	(void)ctx;
	return h->master.slaves[ID_SERVO].current_state &
	       EC_AL_STATE_ERROR_FLAG;
}

static const unsigned int configured[] = {
	ID_DI, ID_DO, ID_AI, ID_AO, ID_SERVO
};

static bool wait_sim_state(struct ec_harness *h, const unsigned int *ids,
			   unsigned int n, u8 state, u64 limit_ns)
{
	struct sim_states s = { ids, n, state };

	return run_until(h, sim_in_state, &s, limit_ns);
}

static struct ec_slave_config *config(struct fixture *f, u16 alias,
				      u16 pos, u32 vid, u32 pc)
{
	struct ec_slave_config *sc = ec_master_slave_config(&f->h.master,
							    alias, pos, vid,
							    pc);

	ck_assert_ptr_nonnull(sc);
	return sc;
}

static int reg(struct fixture *f, struct ec_slave_config *sc, u16 index,
	       u8 sub)
{
	unsigned int bit = 0;
	int off = ec_slave_config_reg_pdo_entry(sc, index, sub, f->domain,
						&bit);

	ck_assert_msg(off >= 0, "registering 0x%04x:%02x: %d", index, sub,
		      off);
	return off;
}

/* Scan, configure all five, register one entry or two each. */
static void setup(struct fixture *f)
{
	log_text[0] = '\0';
	ec_port_set_log(log_sink);
	ec_harness_init(&f->h, segment);
	wait_ready(&f->h, N_SLAVES);
	f->domain = ec_master_create_domain(&f->h.master);
	ck_assert_ptr_nonnull(f->domain);
	f->sc[ID_DI] = config(f, 0, ID_DI, VID_BECKHOFF, PC_EL1008);
	f->sc[ID_DO] = config(f, 0, ID_DO, VID_BECKHOFF, PC_EL2008);
	f->sc[ID_AI] = config(f, 0, ID_AI, VID_BECKHOFF, PC_EL3102);
	f->sc[ID_AO] = config(f, 0, ID_AO, VID_BECKHOFF, PC_EL4102);
	f->sc[ID_SERVO] = config(f, SERVO_ALIAS, 0, VID_ECSIM, PC_SERVO);
}

static void register_entries(struct fixture *f)
{
	f->off_do = reg(f, f->sc[ID_DO], 0x7000, 1);
	f->off_di = reg(f, f->sc[ID_DI], 0x6000, 1);
	f->off_ao = reg(f, f->sc[ID_AO], 0x3001, 1);
	f->off_ai = reg(f, f->sc[ID_AI], 0x3101, 2);
	f->off_servo_out = reg(f, f->sc[ID_SERVO], 0x6040, 0);
	f->off_servo_in = reg(f, f->sc[ID_SERVO], 0x6041, 0);
}

static void activate(struct fixture *f)
{
	ck_assert_int_eq(ec_master_activate(&f->h.master, f->h.now_ns), 0);
}

static void teardown(struct fixture *f)
{
	app_out.len = 0;
	ec_port_set_log(NULL);
	if (f->h.master.active)
		ec_master_deactivate(&f->h.master, f->h.now_ns);
	ec_master_clear_config(&f->h.master);
	ec_fsm_master_clear_slaves(&f->h.master);
	ec_harness_clear(&f->h);
}

static struct ec_slave *slave_at(struct ec_harness *h, unsigned int pos)
{
	ck_assert_uint_lt(pos, h->master.slave_count);
	return &h->master.slaves[pos];
}

static struct ec_fsm_slave *fsm_of(struct ec_harness *h, unsigned int pos)
{
	struct ec_fsm_slave *fsm = slave_at(h, pos)->fsm;

	ck_assert_ptr_nonnull(fsm);
	return fsm;
}

static void peek(struct ec_harness *h, unsigned int id, u16 addr, u8 *buf,
		 size_t len)
{
	ck_assert_int_eq(ecsim_slave_peek(h->seg, id, addr, buf, len), 0);
}

/* SM @sm of sim slave @id is enabled at @start with @len bytes. */
static void check_sm(struct ec_harness *h, unsigned int id, unsigned int sm,
		     u16 start, u16 len, u8 control)
{
	u8 b[EC_SM_SIZE];

	peek(h, id, EC_SM_REG(sm), b, sizeof(b));
	ck_assert_uint_eq(ec_get_u16(b + EC_SM_START), start);
	ck_assert_uint_eq(ec_get_u16(b + EC_SM_LENGTH), len);
	ck_assert_uint_eq(b[EC_SM_CONTROL], control);
	ck_assert_uint_eq(b[EC_SM_ACTIVATE] & EC_SM_ACTIVATE_ENABLE, 1);
}

/* FMMU @i of sim slave @id maps @len bytes at @logical to @phys. */
static void check_fmmu(struct ec_harness *h, unsigned int id, unsigned int i,
		       u32 logical, u16 len, u16 phys, u8 type)
{
	u8 b[EC_FMMU_SIZE];

	peek(h, id, EC_REG_FMMU_BASE + i * EC_FMMU_SIZE, b, sizeof(b));
	ck_assert_uint_eq(ec_get_u32(b + EC_FMMU_LOGICAL_START), logical);
	ck_assert_uint_eq(ec_get_u16(b + EC_FMMU_LENGTH), len);
	ck_assert_uint_eq(b[EC_FMMU_LOGICAL_START_BIT], 0);
	ck_assert_uint_eq(b[EC_FMMU_LOGICAL_STOP_BIT], 7);
	ck_assert_uint_eq(ec_get_u16(b + EC_FMMU_PHYSICAL_START), phys);
	ck_assert_uint_eq(b[EC_FMMU_PHYSICAL_START_BIT], 0);
	ck_assert_uint_eq(b[EC_FMMU_TYPE], type);
	ck_assert_uint_eq(b[EC_FMMU_ACTIVATE], EC_FMMU_ACTIVATE_ENABLE);
}

static bool sdo_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_sdo_request *)ctx)->state);
}

/* Upload @index:@sub of the slave at @pos through a CLI-style request. */
static u32 sdo_read(struct ec_harness *h, unsigned int pos, u16 index,
		    u8 sub)
{
	struct ec_sdo_request req;
	u8 buf[4] = { 0 };

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.node);
	req.index = index;
	req.subindex = sub;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.state = EC_REQ_QUEUED;
	ec_list_add_tail(&req.node, &slave_at(h, pos)->sdo_requests);
	ck_assert(run_until(h, sdo_done, &req, 2 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(req.state, EC_REQ_SUCCESS);
	return ec_get_u32(buf);
}

START_TEST(test_op_with_sms_fmmus_watchdog_sdos)
{
	static const u8 speed[4] = { 0xb8, 0x0b, 0, 0 };	/* 3000 */
	struct fixture f;
	u32 base;
	u8 b[2];

	setup(&f);
	register_entries(&f);
	ec_slave_config_watchdog(f.sc[ID_DO], 2498, 1000);
	ck_assert_int_eq(ec_slave_config_sdo(f.sc[ID_SERVO], 0x6080, 0, speed,
					     sizeof(speed), false), 0);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(sim_state(&f.h, 0), EC_AL_STATE_PREOP_);
	ck_assert(run_until(&f.h, master_sees_op, NULL, EC_NSEC_PER_SEC));
	base = f.domain->logical_base_address;

	/* Sync managers: SII start and control, length of the PDOs. */
	check_sm(&f.h, ID_DO, 0, 0x0f00, 1, 0x44);
	check_sm(&f.h, ID_DI, 0, 0x1000, 1, 0x00);
	check_sm(&f.h, ID_AO, 2, 0x1100, 4, 0x24);
	check_sm(&f.h, ID_AI, 3, 0x1180, 6, 0x20);
	check_sm(&f.h, ID_SERVO, 2, 0x1100, 14, 0x64);
	check_sm(&f.h, ID_SERVO, 3, 0x1180, 14, 0x20);
	/* FMMUs: the whole SM at its place in the domain. */
	check_fmmu(&f.h, ID_DO, 0, base + f.off_do, 1, 0x0f00,
		   EC_FMMU_TYPE_WRITE);
	check_fmmu(&f.h, ID_DI, 0, base + f.off_di, 1, 0x1000,
		   EC_FMMU_TYPE_READ);
	check_fmmu(&f.h, ID_AO, 0, base + f.off_ao, 4, 0x1100,
		   EC_FMMU_TYPE_WRITE);
	check_fmmu(&f.h, ID_SERVO, 0, base + f.off_servo_out, 14, 0x1100,
		   EC_FMMU_TYPE_WRITE);
	check_fmmu(&f.h, ID_SERVO, 1, base + f.off_servo_in, 14, 0x1180,
		   EC_FMMU_TYPE_READ);
	/* Watchdog divider and process data intervals as configured. */
	peek(&f.h, ID_DO, EC_REG_WD_DIVIDER, b, 2);
	ck_assert_uint_eq(ec_get_u16(b), 2498);
	peek(&f.h, ID_DO, EC_REG_WD_TIME_PD, b, 2);
	ck_assert_uint_eq(ec_get_u16(b), 1000);
	/* The startup SDO is in the servo's dictionary. */
	ck_assert_uint_eq(sdo_read(&f.h, ID_SERVO, 0x6080, 0), 3000);
	/* Outputs reach the wired inputs through the domain. */
	set_output(f.domain->data + f.off_do, "\xa5", 1);
	run_for(&f.h, 20 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(f.domain->data[f.off_di], 0xa5);
	ck_assert_uint_eq(fsm_of(&f.h, ID_SERVO)->target.config_failures, 0);
	teardown(&f);
}
END_TEST

START_TEST(test_pdo_remap)
{
	static const ec_pdo_entry_info_t rx2[] = {
		{ 0x6040, 0x00, 16 }, { 0x607A, 0x00, 32 },
	};
	static const ec_pdo_info_t rx[] = { { 0x1601, 2, rx2 } };
	static const ec_pdo_info_t tx[] = { { 0x1A00, 0, NULL } };
	static const ec_sync_info_t syncs[] = {
		{ 2, EC_DIR_OUTPUT, 1, rx, EC_WD_ENABLE },
		{ 3, EC_DIR_INPUT, 1, tx, EC_WD_DISABLE },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
	};
	struct fixture f;
	struct ec_slave *servo;
	unsigned int servo_only[] = { ID_SERVO };
	u32 base;

	setup(&f);
	ck_assert_int_eq(ec_slave_config_pdos(f.sc[ID_SERVO], 3, syncs), 0);
	f.off_servo_out = reg(&f, f.sc[ID_SERVO], 0x607A, 0);
	f.off_servo_in = reg(&f, f.sc[ID_SERVO], 0x6041, 0);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, servo_only, 1, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	servo = slave_at(&f.h, ID_SERVO);
	/* Written over CoE: assignment and the mapping of 0x1601. */
	ck_assert_uint_eq(sdo_read(&f.h, ID_SERVO, 0x1C12, 0), 1);
	ck_assert_uint_eq(sdo_read(&f.h, ID_SERVO, 0x1C12, 1), 0x1601);
	ck_assert_uint_eq(sdo_read(&f.h, ID_SERVO, 0x1601, 0), 2);
	ck_assert_uint_eq(sdo_read(&f.h, ID_SERVO, 0x1601, 2), 0x607A0020);
	ck_assert_uint_ge(fsm_of(&f.h, ID_SERVO)->config.pdo_conf.written, 3);
	/* The master's view follows. */
	ck_assert_uint_ge(servo->sync_count, 3);
	ck_assert_uint_eq(servo->syncs[2].pdo_count, 1);
	ck_assert_uint_eq(servo->syncs[2].pdos[0].index, 0x1601);
	/* SM2 has the 6 bytes of 0x1601; watchdog bit as configured. */
	check_sm(&f.h, ID_SERVO, 2, 0x1100, 6, 0x64);
	check_sm(&f.h, ID_SERVO, 3, 0x1180, 14, 0x20);
	base = f.domain->logical_base_address;
	check_fmmu(&f.h, ID_SERVO, 0, base, 6, 0x1100, EC_FMMU_TYPE_WRITE);
	/* Target position reaches the drive at its new place. */
	set_output(f.domain->data + f.off_servo_out, "\x78\x56\x34\x12", 4);
	run_for(&f.h, 20 * EC_NSEC_PER_MSEC);
	{
		uint64_t v = 0;

		ck_assert_int_eq(ecsim_slave_output(f.h.seg, ID_SERVO, 0x607A,
						    0, &v), 0);
		ck_assert_uint_eq(v, 0x12345678);
	}
	teardown(&f);
}
END_TEST

/* EL3102 without an FMMU for its inputs: refused with 0x001E. */
START_TEST(test_safeop_refused_and_retried)
{
	struct fixture f;
	struct ec_fsm_slave *fsm;
	struct ec_slave *ai;
	unsigned int runs;

	setup(&f);
	f.off_ao = reg(&f, f.sc[ID_AO], 0x3001, 1);
	activate(&f);
	fsm = fsm_of(&f.h, ID_AI);
	run_for(&f.h, 400 * EC_NSEC_PER_MSEC);
	ai = slave_at(&f.h, ID_AI);
	ck_assert_uint_ge(fsm->target.config_failures, 1);
	ck_assert_uint_eq(fsm->config.al_status_code, 0x001E);
	ck_assert_uint_eq(fsm->config.failed_state, EC_AL_STATE_SAFEOP_);
	ck_assert_str_eq(ec_al_status_text(fsm->config.al_status_code),
			 "Invalid input configuration");
	ck_assert(ai->error_flag);
	ck_assert_uint_eq(sim_state(&f.h, ID_AI), EC_AL_STATE_PREOP_);
	/* The others went on to OP. */
	ck_assert_uint_eq(ecsim_slave_al_status(f.h.seg, ID_AO),
			  EC_AL_STATE_OP_);
	/* Tried again after the back-off, and again (longer back-off). */
	runs = fsm->target.config_runs;
	run_for(&f.h, 2 * EC_NSEC_PER_SEC);
	ck_assert_uint_ge(fsm->target.config_runs, runs + 2);
	ck_assert_uint_ge(fsm->target.config_failures, 3);
	ck_assert_uint_le(fsm->target.config_runs, runs + 3);
	ck_assert_uint_eq(fsm->config.al_status_code, 0x001E);
	ck_assert(log_has("0-3 (EL3102 2Ch. Ana. Input +/-10V, DIFF): refused "
			  "SAFEOP: AL status code 0x001e Invalid input "
			  "configuration"));
	ck_assert(log_has("next attempt in 1000000000 ns"));
	teardown(&f);
}
END_TEST

/* A slave falls out of OP with an error: back to OP, code recorded. */
START_TEST(test_dropped_slave_back_to_op)
{
	struct fixture f;
	unsigned int servo_only[] = { ID_SERVO };

	setup(&f);
	register_entries(&f);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	ck_assert(run_until(&f.h, master_sees_op, NULL, EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_al_error(f.h.seg, ID_SERVO, 0x001A), 0);
	ck_assert_uint_eq(ecsim_slave_al_status(f.h.seg, ID_SERVO),
			  EC_AL_STATE_SAFEOP_ | EC_AL_STATE_ERROR_FLAG);
	/* The periodic AL status read sees the error and its code. */
	ck_assert(run_until(&f.h, servo_error_seen, NULL,
			    EC_SLAVE_AL_CHECK_NS + 10 * EC_NSEC_PER_MSEC));
	ck_assert_uint_eq(slave_at(&f.h, ID_SERVO)->al_status_code, 0x001A);
	ck_assert(wait_sim_state(&f.h, servo_only, 1, EC_AL_STATE_OP_,
				 2 * EC_NSEC_PER_SEC));
	ck_assert_uint_ge(fsm_of(&f.h, ID_SERVO)->target.config_runs, 2);
	teardown(&f);
}
END_TEST

START_TEST(test_unplug_replug_in_op)
{
	static const unsigned int before[] = { ID_DI, ID_DO, ID_AI, ID_SERVO };
	struct fixture f;

	setup(&f);
	register_entries(&f);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_unplug(f.h.seg, ID_AO), 0);
	/* Rescanned: the servo (by alias) moves up and comes back to OP. */
	wait_ready(&f.h, N_SLAVES - 1);
	ck_assert(wait_sim_state(&f.h, before, 4, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	ck_assert_ptr_eq(slave_at(&f.h, ID_AO)->config, f.sc[ID_SERVO]);
	ck_assert_int_eq(ecsim_segment_replug(f.h.seg, ID_AO), 0);
	wait_ready(&f.h, N_SLAVES);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	ck_assert_ptr_eq(slave_at(&f.h, ID_SERVO)->config, f.sc[ID_SERVO]);
	/* Process data flows again. */
	set_output(f.domain->data + f.off_do, "\x3c", 1);
	run_for(&f.h, 20 * EC_NSEC_PER_MSEC);
	teardown(&f);
}
END_TEST

static bool app_sdo_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_app_sdo_request *)ctx)->req.state);
}

static bool app_reg_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_app_reg_request *)ctx)->req.state);
}

/* Requests the application created are served in OP. */
START_TEST(test_app_requests_in_op)
{
	struct ec_app_sdo_request *sdo;
	struct ec_app_reg_request *r;
	struct fixture f;

	setup(&f);
	register_entries(&f);
	sdo = ec_slave_config_create_sdo_request(f.sc[ID_SERVO], 0x6080, 0, 4);
	r = ec_slave_config_create_reg_request(f.sc[ID_SERVO], 2);
	ck_assert_ptr_nonnull(sdo);
	ck_assert_ptr_nonnull(r);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	sdo->req.write = false;
	sdo->req.state = EC_REQ_QUEUED;
	ck_assert(run_until(&f.h, app_sdo_done, sdo, EC_NSEC_PER_SEC));
	ck_assert_int_eq(sdo->req.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ec_get_u32(sdo->mem), 6000);
	r->req.write = false;
	r->req.address = EC_REG_AL_STATUS;
	r->req.size = 2;
	r->req.state = EC_REQ_QUEUED;
	ck_assert(run_until(&f.h, app_reg_done, r, EC_NSEC_PER_SEC));
	ck_assert_int_eq(r->req.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(r->mem[0], EC_AL_STATE_OP_);
	teardown(&f);
}
END_TEST

START_TEST(test_deactivate_to_preop)
{
	struct fixture f;
	unsigned int i;

	setup(&f);
	register_entries(&f);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	ec_master_deactivate(&f.h.master, f.h.now_ns);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_PREOP_,
				 2 * EC_NSEC_PER_SEC));
	/* And they stay there. */
	run_for(&f.h, 500 * EC_NSEC_PER_MSEC);
	for (i = 0; i < 5; i++)
		ck_assert_uint_eq(ecsim_slave_al_status(f.h.seg, configured[i]),
				  EC_AL_STATE_PREOP_);
	teardown(&f);
}
END_TEST

/* The budget helper: a settled FSM wants nothing until its AL check. */
START_TEST(test_wants_datagram)
{
	struct fixture f;
	struct ec_slave *s;
	struct ec_fsm_slave *fsm;

	setup(&f);
	s = slave_at(&f.h, ID_DI);
	fsm = fsm_of(&f.h, ID_DI);
	/* Settle just after an AL check. */
	run_until(&f.h, all_ready, &(unsigned int){ N_SLAVES },
		  EC_NSEC_PER_SEC);
	while (!(ec_fsm_slave_idle(fsm) &&
		 fsm->target.next_check_ns >
			 f.h.now_ns + 50 * EC_NSEC_PER_MSEC))
		cycle(&f.h);
	ck_assert(!ec_slave_fsm_wants_datagram(s, f.h.now_ns));
	ck_assert(ec_slave_fsm_wants_datagram(s, fsm->target.next_check_ns));
	teardown(&f);
}
END_TEST

/* A startup SDO the slave aborts fails the configuration; retried. */
START_TEST(test_startup_sdo_abort)
{
	static const u8 one[1] = { 1 };
	struct fixture f;
	struct ec_fsm_slave *fsm;

	setup(&f);
	register_entries(&f);
	ck_assert_int_eq(ec_slave_config_sdo(f.sc[ID_SERVO], 0x5555, 0, one,
					     sizeof(one), false), 0);
	activate(&f);
	fsm = fsm_of(&f.h, ID_SERVO);
	run_for(&f.h, 300 * EC_NSEC_PER_MSEC);
	ck_assert_uint_ge(fsm->target.config_failures, 1);
	ck_assert_int_eq(fsm->config.error, -EIO);
	ck_assert_uint_eq(fsm->config.sdo_request.index, 0x5555);
	ck_assert_uint_eq(fsm->config.sdo_request.abort_code, 0x06020000);
	ck_assert(slave_at(&f.h, ID_SERVO)->error_flag);
	ck_assert(log_has("startup SDO 0x5555:00 aborted: 0x06020000 The "
			  "object does not exist in the object dictionary"));
	/* Stopped before SAFEOP: no process data SMs, no FMMUs yet. */
	ck_assert_uint_eq(sim_state(&f.h, ID_SERVO), EC_AL_STATE_PREOP_);
	run_for(&f.h, 1500 * EC_NSEC_PER_MSEC);
	ck_assert_uint_ge(fsm->target.config_failures, 2);
	teardown(&f);
}
END_TEST

/* Frames lost in the middle of the configuration (a pulled cable): the
 * slaves are lost and scanned again, and all reach OP once the segment
 * answers again. */
START_TEST(test_frames_lost_while_configuring)
{
	struct fixture f;
	unsigned int i;

	setup(&f);
	register_entries(&f);
	activate(&f);
	run_for(&f.h, 5 * EC_NSEC_PER_MSEC);
	ck_assert_uint_ne(sim_state(&f.h, ID_SERVO), EC_AL_STATE_OP_);
	f.h.drop_all = true;
	run_for(&f.h, 300 * EC_NSEC_PER_MSEC);
	f.h.drop_all = false;
	wait_ready(&f.h, N_SLAVES);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 15 * EC_NSEC_PER_SEC));
	ck_assert(run_until(&f.h, master_sees_op, NULL, EC_NSEC_PER_SEC));
	for (i = ID_DI; i <= ID_SERVO; i++)
		ck_assert(!slave_at(&f.h, i)->error_flag);
	teardown(&f);
}
END_TEST

/* Part of the frames lost while configuring: the datagrams' retries
 * carry the configuration through (or the back-off does). */
START_TEST(test_lossy_segment)
{
	struct fixture f;

	setup(&f);
	register_entries(&f);
	ecsim_segment_seed(f.h.seg, 7);
	ck_assert_int_eq(ecsim_segment_set_drop(f.h.seg, 10), 0);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 20 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_set_drop(f.h.seg, 0), 0);
	ck_assert(run_until(&f.h, master_sees_op, NULL, 2 * EC_NSEC_PER_SEC));
	teardown(&f);
}
END_TEST

/* The application activates before the scan has found the slaves: the
 * configs attach after the scan and the slaves go straight on to OP. */
START_TEST(test_activate_before_scan)
{
	static const ec_pdo_entry_info_t do_e[] = { { 0x7000, 1, 1 } };
	static const ec_pdo_entry_info_t di_e[] = { { 0x6000, 1, 1 } };
	static const ec_pdo_info_t do_p[] = { { 0x1600, 1, do_e } };
	static const ec_pdo_info_t di_p[] = { { 0x1A00, 1, di_e } };
	static const ec_sync_info_t do_s[] = {
		{ 0, EC_DIR_OUTPUT, 1, do_p, EC_WD_DEFAULT },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
	};
	static const ec_sync_info_t di_s[] = {
		{ 0, EC_DIR_INPUT, 1, di_p, EC_WD_DEFAULT },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
	};
	static const unsigned int ids[] = { ID_DI, ID_DO };
	struct fixture f;

	log_text[0] = '\0';
	ec_port_set_log(log_sink);
	ec_harness_init(&f.h, segment);
	f.domain = ec_master_create_domain(&f.h.master);
	ck_assert_ptr_nonnull(f.domain);
	f.sc[ID_DI] = config(&f, 0, ID_DI, VID_BECKHOFF, PC_EL1008);
	f.sc[ID_DO] = config(&f, 0, ID_DO, VID_BECKHOFF, PC_EL2008);
	ck_assert_int_eq(ec_slave_config_pdos(f.sc[ID_DO], 2, do_s), 0);
	ck_assert_int_eq(ec_slave_config_pdos(f.sc[ID_DI], 2, di_s), 0);
	f.off_do = reg(&f, f.sc[ID_DO], 0x7000, 1);
	f.off_di = reg(&f, f.sc[ID_DI], 0x6000, 1);
	activate(&f);
	ck_assert_uint_eq(f.h.master.slave_count, 0);
	ck_assert(wait_sim_state(&f.h, ids, 2, EC_AL_STATE_OP_,
				 10 * EC_NSEC_PER_SEC));
	/* The others stay in PREOP. */
	ck_assert_uint_eq(ecsim_slave_al_status(f.h.seg, ID_AI),
			  EC_AL_STATE_PREOP_);
	check_sm(&f.h, ID_DO, 0, 0x0f00, 1, 0x44);
	check_fmmu(&f.h, ID_DI, 0, f.domain->logical_base_address + f.off_di,
		   1, 0x1000, EC_FMMU_TYPE_READ);
	set_output(f.domain->data + f.off_do, "\x81", 1);
	run_for(&f.h, 20 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(f.domain->data[f.off_di], 0x81);
	teardown(&f);
}
END_TEST

static Suite *fsm_config_suite(void)
{
	Suite *s = suite_create("fsm_config");
	TCase *tc = tcase_create("config");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_op_with_sms_fmmus_watchdog_sdos);
	tcase_add_test(tc, test_pdo_remap);
	tcase_add_test(tc, test_safeop_refused_and_retried);
	tcase_add_test(tc, test_dropped_slave_back_to_op);
	tcase_add_test(tc, test_unplug_replug_in_op);
	tcase_add_test(tc, test_app_requests_in_op);
	tcase_add_test(tc, test_deactivate_to_preop);
	tcase_add_test(tc, test_wants_datagram);
	tcase_add_test(tc, test_startup_sdo_abort);
	tcase_add_test(tc, test_frames_lost_while_configuring);
	tcase_add_test(tc, test_lossy_segment);
	tcase_add_test(tc, test_activate_before_scan);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(fsm_config_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
