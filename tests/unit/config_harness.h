/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * config_harness.h - the application phase against the in-process segment
 * for the tests of the slave FSMs: the default segment's slaves, configs
 * made through the core's ec_* API, an application cycle (receive,
 * process, outputs, queue, send), waits on the simulated slaves' AL
 * states, peeks of their SM and FMMU registers, a captured core log.
 */
#ifndef EC_TEST_CONFIG_HARNESS_H
#define EC_TEST_CONFIG_HARNESS_H

#include "harness.h"
#include "cycle/domain.h"
#include "slave/fsm_change.h"
#include "slave/fsm_slave.h"
#include "mailbox/mailbox.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "app/slave_config.h"

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

static const char *const segment __attribute__((unused)) =
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
} app_out __attribute__((unused));

static inline void set_output(u8 *dst, const void *val, size_t len)
{
	app_out.dst = dst;
	memcpy(app_out.val, val, len);
	app_out.len = len;
}

/* The core's log lines of the running test (the last 16 KiB). */
static char log_text[16384] __attribute__((unused));

static inline void log_sink(int level, const char *line)
{
	size_t used = strlen(log_text), len = strlen(line);

	(void)level;
	if (used + len + 2 > sizeof(log_text))
		used = 0;
	memcpy(log_text + used, line, len);
	log_text[used + len] = '\n';
	log_text[used + len + 1] = '\0';
}

static inline bool log_has(const char *text)
{
	return strstr(log_text, text) != NULL;
}

/* One cycle: the application's while active, else the idle thread's. */
static inline void cycle(struct ec_harness *h)
{
	struct ec_master *m = &h->master;
	struct ec_list *pos, *tmp;

	if (!m->active) {
		ec_harness_cycle(h);
		return;
	}
	ec_harness_op_receive(m, h->now_ns);
	ec_list_for_each_safe(pos, tmp, &m->domains) {
		struct ec_domain *d = ec_list_entry(pos, struct ec_domain,
						    node);

		ec_domain_process(d, h->now_ns);
		if (app_out.len)
			memcpy(app_out.dst, app_out.val, app_out.len);
		ec_domain_queue(d);
	}
	ec_harness_op_send(m, h->now_ns);
	h->now_ns += EC_HARNESS_CYCLE_NS;
}

static inline bool run_until(struct ec_harness *h,
			     bool (*cond)(struct ec_harness *, void *),
			     void *ctx, u64 limit_ns)
{
	u64 end = h->now_ns + limit_ns;

	while (h->now_ns < end) {
		cycle(h);
		if (cond(h, ctx))
			return true;
	}
	return false;
}

static inline void run_for(struct ec_harness *h, u64 ns)
{
	u64 end = h->now_ns + ns;

	while (h->now_ns < end)
		cycle(h);
}

static inline bool all_ready(struct ec_harness *h, void *ctx)
{
	unsigned int i, n = *(unsigned int *)ctx;

	if (h->master.scan_busy || h->master.slave_count != n)
		return false;
	for (i = 0; i < n; i++)
		if (!ec_slave_fsm_ready(h->master.slaves[i]))
			return false;
	return true;
}

static inline void wait_ready(struct ec_harness *h, unsigned int n)
{
	ck_assert(run_until(h, all_ready, &n, 10 * EC_NSEC_PER_SEC));
}

/* The sim's AL state of slave @id, error bit masked. */
static inline u8 sim_state(struct ec_harness *h, unsigned int id)
{
	return ecsim_slave_al_status(h->seg, id) & EC_AL_STATE_MASK;
}

struct sim_states {
	const unsigned int *ids;
	unsigned int n;
	u8 state;
};

static inline bool sim_in_state(struct ec_harness *h, void *ctx)
{
	const struct sim_states *s = ctx;
	unsigned int i;

	for (i = 0; i < s->n; i++)
		if (ecsim_slave_al_status(h->seg, s->ids[i]) != s->state)
			return false;
	return true;
}

/* The master's view of the configured slaves says OP, jobs done. */
static inline bool master_sees_op(struct ec_harness *h, void *ctx)
{
	unsigned int i;

	(void)ctx;
	for (i = ID_DI; i <= ID_SERVO; i++) {
		const struct ec_slave *s = h->master.slaves[i];

		if (s->current_state != EC_AL_STATE_OP_ ||
		    !ec_fsm_slave_idle(s->fsm))
			return false;
	}
	return true;
}

static inline bool servo_error_seen(struct ec_harness *h, void *ctx)
{
	(void)ctx;
	return h->master.slaves[ID_SERVO]->current_state &
	       EC_AL_STATE_ERROR_FLAG;
}

static const unsigned int configured[] __attribute__((unused)) = {
	ID_DI, ID_DO, ID_AI, ID_AO, ID_SERVO
};

static inline bool wait_sim_state(struct ec_harness *h,
				  const unsigned int *ids, unsigned int n,
				  u8 state, u64 limit_ns)
{
	struct sim_states s = { ids, n, state };

	return run_until(h, sim_in_state, &s, limit_ns);
}

static inline struct ec_slave_config *config(struct fixture *f, u16 alias,
					     u16 pos, u32 vid, u32 pc)
{
	struct ec_slave_config *sc = ec_master_slave_config(&f->h.master,
							    alias, pos, vid,
							    pc);

	ck_assert_ptr_nonnull(sc);
	return sc;
}

static inline int reg(struct fixture *f, struct ec_slave_config *sc,
		      u16 index, u8 sub)
{
	unsigned int bit = 0;
	int off = ec_slave_config_reg_pdo_entry(sc, index, sub, f->domain,
						&bit);

	ck_assert_msg(off >= 0, "registering 0x%04x:%02x: %d", index, sub,
		      off);
	return off;
}

/* A domain and the configs of all five (no scan needed). */
static inline void add_configs(struct fixture *f)
{
	f->domain = ec_master_create_domain(&f->h.master);
	ck_assert_ptr_nonnull(f->domain);
	f->sc[ID_DI] = config(f, 0, ID_DI, VID_BECKHOFF, PC_EL1008);
	f->sc[ID_DO] = config(f, 0, ID_DO, VID_BECKHOFF, PC_EL2008);
	f->sc[ID_AI] = config(f, 0, ID_AI, VID_BECKHOFF, PC_EL3102);
	f->sc[ID_AO] = config(f, 0, ID_AO, VID_BECKHOFF, PC_EL4102);
	f->sc[ID_SERVO] = config(f, SERVO_ALIAS, 0, VID_ECSIM, PC_SERVO);
}

/* Scan, configure all five, register one entry or two each. */
static inline void setup(struct fixture *f)
{
	log_text[0] = '\0';
	ec_port_set_log(log_sink);
	ec_harness_init(&f->h, segment);
	wait_ready(&f->h, N_SLAVES);
	add_configs(f);
}

static inline void register_entries(struct fixture *f)
{
	f->off_do = reg(f, f->sc[ID_DO], 0x7000, 1);
	f->off_di = reg(f, f->sc[ID_DI], 0x6000, 1);
	f->off_ao = reg(f, f->sc[ID_AO], 0x3001, 1);
	f->off_ai = reg(f, f->sc[ID_AI], 0x3101, 2);
	f->off_servo_out = reg(f, f->sc[ID_SERVO], 0x6040, 0);
	f->off_servo_in = reg(f, f->sc[ID_SERVO], 0x6041, 0);
}

static inline void activate(struct fixture *f)
{
	ck_assert_int_eq(ec_master_activate(&f->h.master, f->h.now_ns), 0);
}

/* The default segment's application activated, the master seeing its
 * slaves in OP with their jobs done. */
static inline void setup_op(struct fixture *f)
{
	setup(f);
	register_entries(f);
	activate(f);
	ck_assert(run_until(&f->h, master_sees_op, NULL,
			    10 * EC_NSEC_PER_SEC));
}

static inline void teardown(struct fixture *f)
{
	app_out.len = 0;
	ec_port_set_log(NULL);
	if (f->h.master.active)
		ec_master_deactivate(&f->h.master, f->h.now_ns);
	ec_master_clear_config(&f->h.master);
	ec_fsm_master_clear_slaves(&f->h.master);
	ec_harness_clear(&f->h);
}

static inline struct ec_slave *slave_at(struct ec_harness *h,
				       unsigned int pos)
{
	ck_assert_uint_lt(pos, h->master.slave_count);
	return h->master.slaves[pos];
}

static inline struct ec_fsm_slave *fsm_of(struct ec_harness *h,
					  unsigned int pos)
{
	struct ec_fsm_slave *fsm = slave_at(h, pos)->fsm;

	ck_assert_ptr_nonnull(fsm);
	return fsm;
}

static inline void peek(struct ec_harness *h, unsigned int id, u16 addr,
			u8 *buf, size_t len)
{
	ck_assert_int_eq(ecsim_slave_peek(h->seg, id, addr, buf, len), 0);
}

/* SM @sm of sim slave @id is enabled at @start with @len bytes. */
static inline void check_sm(struct ec_harness *h, unsigned int id,
			    unsigned int sm, u16 start, u16 len, u8 control)
{
	u8 b[EC_SM_SIZE];

	peek(h, id, EC_SM_REG(sm), b, sizeof(b));
	ck_assert_uint_eq(ec_get_u16(b + EC_SM_START), start);
	ck_assert_uint_eq(ec_get_u16(b + EC_SM_LENGTH), len);
	ck_assert_uint_eq(b[EC_SM_CONTROL], control);
	ck_assert_uint_eq(b[EC_SM_ACTIVATE] & EC_SM_ACTIVATE_ENABLE, 1);
}

/* FMMU @i of sim slave @id maps @len bytes at @logical to @phys. */
static inline void check_fmmu(struct ec_harness *h, unsigned int id,
			      unsigned int i, u32 logical, u16 len, u16 phys,
			      u8 type)
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

/* Upload @index:@sub of the slave at @pos through a CLI-style request. */
static inline u32 sdo_read(struct ec_harness *h, unsigned int pos,
			   u16 index, u8 sub)
{
	struct ec_sdo_request req;
	u8 buf[4] = { 0 };

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.index = index;
	req.subindex = sub;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(slave_at(h, pos), &req.base);
	ck_assert(run_until(h, ec_harness_req_done, &req.base.state,
			    2 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	return ec_get_u32(buf);
}

#endif /* EC_TEST_CONFIG_HARNESS_H */
