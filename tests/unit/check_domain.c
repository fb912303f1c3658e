// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_domain.c - domain layout and working counters: inputs only,
 * outputs only and both directions against the scanned default segment,
 * bit-sized entries, a domain cut into several datagrams with the
 * expected working counter of each, an FMMU too large for a frame, and
 * the ZERO/INCOMPLETE/COMPLETE classification.
 */
#include "harness.h"
#include "cycle/domain.h"
#include "slave/fsm_master.h"
#include "slave/fsm_slave.h"
#include "slave/slave.h"
#include "app/slave_config.h"
#include "wc_cases.h"
#include "domain_io.h"

#define BECKHOFF 0x00000002
#define EL1008 0x03f03052
#define EL2008 0x07d83052
#define EL3102 0x0c1e3052
#define EL4102 0x10063052

/* Positions in the default segment. */
#define POS_DI 1
#define POS_DO 2
#define POS_AI 3
#define POS_AO 4

static const char *segment =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL2008\" }, { \"model\": \"EL3102\" },"
	" { \"model\": \"EL4102\" } ] }";

static struct ec_harness h;

static bool all_ready(struct ec_harness *hh, void *ctx)
{
	unsigned int i, want = *(unsigned int *)ctx;

	if (hh->master.scan_busy || hh->master.slave_count != want)
		return false;
	for (i = 0; i < hh->master.slave_count; i++)
		if (!ec_slave_fsm_ready(hh->master.slaves[i]))
			return false;
	return true;
}

static void setup_segment(void)
{
	unsigned int n = 5;

	ec_harness_init(&h, segment);
	ck_assert(ec_harness_run_until(&h, all_ready, &n,
				       10 * EC_NSEC_PER_SEC));
}

/* A segment with nothing to scan: layouts from configured PDOs only. */
static void setup_empty(void)
{
	ec_harness_init(&h, "{ \"slaves\": [ { \"model\": \"EK1100\" } ] }");
}

static void teardown(void)
{
	ec_master_deactivate(&h.master, h.now_ns);
	ec_master_clear_config(&h.master);
	ec_harness_clear(&h);
}

static struct ec_slave_config *cfg(u16 pos, u32 product)
{
	struct ec_slave_config *sc = ec_master_slave_config(&h.master, 0, pos,
							    BECKHOFF, product);

	ck_assert_ptr_nonnull(sc);
	return sc;
}

static int reg(struct ec_domain *d, u16 pos, u32 product, u16 index,
	       u8 sub, unsigned int *bit)
{
	return ec_slave_config_reg_pdo_entry(cfg(pos, product), index, sub, d,
					     bit);
}

START_TEST(test_inputs_only_bits)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	unsigned int i, bit;
	int off;

	ck_assert_ptr_nonnull(d);
	/* EL1008: eight TxPDOs of one BOOL each, packed in SM0's byte. */
	for (i = 0; i < 8; i++) {
		off = reg(d, POS_DI, EL1008, 0x6000 + 0x10 * i, 1, &bit);
		ck_assert_int_eq(off, 0);
		ck_assert_uint_eq(bit, i);
	}
	/* A bit entry without bit_position is only fine at bit 0 (else
	 * IgH 1.6's -EFAULT). */
	ck_assert_int_eq(reg(d, POS_DI, EL1008, 0x6000, 1, NULL), 0);
	ck_assert_int_eq(reg(d, POS_DI, EL1008, 0x6010, 1, NULL), -EFAULT);
	ck_assert_uint_eq(d->data_size, 1);

	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 1);
	ck_assert_int_eq(d->datagrams[0].datagram.type, EC_DATAGRAM_LRD);
	ck_assert_uint_eq(d->datagrams[0].size, 1);
	ck_assert_uint_eq(d->datagrams[0].expected_working_counter, 1);
	ck_assert_uint_eq(d->expected_working_counter, 1);
	ck_assert_ptr_eq(d->data, h.master.pd_mem);
	ck_assert_int_eq(h.master.phase, EC_PHASE_OPERATION);
	ck_assert(h.master.active);
}
END_TEST

START_TEST(test_outputs_only_bits)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	unsigned int bit;

	ck_assert_int_eq(reg(d, POS_DO, EL2008, 0x7070, 1, &bit), 0);
	ck_assert_uint_eq(bit, 7);
	ck_assert_int_eq(reg(d, POS_DO, EL2008, 0x7030, 1, &bit), 0);
	ck_assert_uint_eq(bit, 3);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 1);
	ck_assert_int_eq(d->datagrams[0].datagram.type, EC_DATAGRAM_LWR);
	ck_assert_uint_eq(d->datagrams[0].expected_working_counter, 1);
}
END_TEST

START_TEST(test_both_directions)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_domain *d2 = ec_master_create_domain(&h.master);
	unsigned int bit;

	/* FMMUs in registration order: EL2008 out (1 byte) at 0, EL1008 in
	 * (1) at 1, EL3102 SM3 in (6) at 2, EL4102 SM2 out (4) at 8. */
	ck_assert_int_eq(reg(d, POS_DO, EL2008, 0x7010, 1, &bit), 0);
	ck_assert_uint_eq(bit, 1);
	ck_assert_int_eq(reg(d, POS_DI, EL1008, 0x6020, 1, &bit), 1);
	ck_assert_uint_eq(bit, 2);
	ck_assert_int_eq(reg(d, POS_AI, EL3102, 0x3101, 2, &bit), 3);
	ck_assert_uint_eq(bit, 0);
	ck_assert_int_eq(reg(d, POS_AI, EL3102, 0x3102, 2, NULL), 6);
	ck_assert_int_eq(reg(d, POS_AO, EL4102, 0x3002, 1, NULL), 10);
	ck_assert_int_eq(reg(d, POS_AO, EL4102, 0x3001, 1, NULL), 8);
	ck_assert_uint_eq(d->data_size, 12);
	/* The same SM in a second domain gets a second FMMU. */
	ck_assert_int_eq(reg(d2, POS_AI, EL3102, 0x3101, 1, NULL), 0);
	ck_assert_uint_eq(cfg(POS_AI, EL3102)->used_fmmus, 2);

	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 1);
	ck_assert_int_eq(d->datagrams[0].datagram.type, EC_DATAGRAM_LRW);
	/* 2 per output slave, 1 per input slave. */
	ck_assert_uint_eq(d->expected_working_counter, 2 + 1 + 1 + 2);
	ck_assert_uint_eq(d->logical_base_address, 0);
	ck_assert_uint_eq(d2->logical_base_address, 12);
	ck_assert_uint_eq(d2->expected_working_counter, 1);
	/* Each domain on its own page of one block. */
	ck_assert_ptr_eq(d->data, h.master.pd_mem);
	ck_assert_ptr_eq(d2->data, h.master.pd_mem + EC_PD_ALIGN);
	ck_assert_uint_eq(h.master.pd_size, 2 * EC_PD_ALIGN);
	ck_assert_ptr_eq(d->datagrams[0].datagram.data, d->data);
}
END_TEST

START_TEST(test_unmapped_entry)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);

	ck_assert_int_eq(reg(d, POS_DI, EL1008, 0x6000, 2, NULL), -ENOENT);
	ck_assert_int_eq(reg(d, POS_AO, EL4102, 0x3101, 2, NULL), -ENOENT);
	ck_assert_uint_eq(d->data_size, 0);
}
END_TEST

START_TEST(test_reg_list)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	unsigned int off_do, bit_do, off_ai, off_ao;
	const ec_pdo_entry_reg_t regs[] = {
		{ 0, POS_DO, BECKHOFF, EL2008, 0x7050, 1, &off_do, &bit_do },
		{ 0, POS_AI, BECKHOFF, EL3102, 0x3102, 2, &off_ai, NULL },
		{ 0, POS_AO, BECKHOFF, EL4102, 0x3002, 1, &off_ao, NULL },
		{ 0 }
	};
	const ec_pdo_entry_reg_t bad[] = {
		{ 0, POS_AO, BECKHOFF, EL4102, 0x3003, 1, &off_ao, NULL },
		{ 0 }
	};

	ck_assert_int_eq(ec_domain_reg_pdo_entry_list(d, regs), 0);
	ck_assert_uint_eq(off_do, 0);
	ck_assert_uint_eq(bit_do, 5);
	ck_assert_uint_eq(off_ai, 1 + 4);
	ck_assert_uint_eq(off_ao, 7 + 2);
	ck_assert_int_eq(ec_domain_reg_pdo_entry_list(d, bad), -ENOENT);
}
END_TEST

/* A config with an output and an input SM of @bytes each (16-bit words). */
static struct ec_slave_config *io_config(u16 pos, unsigned int bytes)
{
	return ec_test_io_config(&h.master, pos, bytes);
}

START_TEST(test_split)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	unsigned int i, total = 0, wkc = 0;

	/* 100 slaves x (10 out + 10 in): 74 slaves (1480 bytes) fit the
	 * first datagram, 26 (520 bytes) the second. */
	for (i = 0; i < 100; i++) {
		struct ec_slave_config *sc = io_config(i, 10);

		ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x7000, 1, d,
							       NULL), 20 * i);
		ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x6000, 5, d,
							       NULL),
				 20 * i + 10 + 8);
	}
	ck_assert_uint_eq(d->data_size, 2000);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 2);
	ck_assert_uint_eq(d->datagrams[0].logical_offset, 0);
	ck_assert_uint_eq(d->datagrams[0].size, 1480);
	ck_assert_uint_eq(d->datagrams[0].expected_working_counter, 74 * 3);
	ck_assert_uint_eq(d->datagrams[1].logical_offset, 1480);
	ck_assert_uint_eq(d->datagrams[1].size, 520);
	ck_assert_uint_eq(d->datagrams[1].expected_working_counter, 26 * 3);
	for (i = 0; i < d->datagram_count; i++) {
		const struct ec_datagram *dg = &d->datagrams[i].datagram;

		ck_assert_int_eq(dg->type, EC_DATAGRAM_LRW);
		ck_assert_uint_le(dg->data_size, EC_DOMAIN_MAX_DATAGRAM);
		ck_assert_uint_eq(ec_get_u32(dg->address),
				  d->datagrams[i].logical_offset);
		ck_assert_ptr_eq(dg->data,
				 d->data + d->datagrams[i].logical_offset);
		total += dg->data_size;
		wkc += d->datagrams[i].expected_working_counter;
	}
	ck_assert_uint_eq(total, d->data_size);
	ck_assert_uint_eq(wkc, d->expected_working_counter);
}
END_TEST

START_TEST(test_split_directions)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_slave_config *sc[41];
	unsigned int i;

	/* Outputs of 41 slaves x 36 bytes (1476), then their inputs: the
	 * first input FMMU no longer fits, so the first datagram holds
	 * outputs only (LWR) and the second inputs only (LRD). */
	for (i = 0; i < 41; i++) {
		sc[i] = io_config(i, 36);
		ck_assert_int_eq(ec_slave_config_reg_pdo_entry(
			sc[i], 0x7000, 1, d, NULL), 36 * i);
	}
	for (i = 0; i < 41; i++)
		ck_assert_int_eq(ec_slave_config_reg_pdo_entry(
			sc[i], 0x6000, 1, d, NULL), 1476 + 36 * i);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 2);
	ck_assert_int_eq(d->datagrams[0].datagram.type, EC_DATAGRAM_LWR);
	ck_assert_uint_eq(d->datagrams[0].size, 1476);
	ck_assert_uint_eq(d->datagrams[0].expected_working_counter, 41);
	ck_assert_int_eq(d->datagrams[1].datagram.type, EC_DATAGRAM_LRD);
	ck_assert_uint_eq(d->datagrams[1].size, 1476);
	ck_assert_uint_eq(d->datagrams[1].expected_working_counter, 41);
	ck_assert_uint_eq(d->expected_working_counter, 82);
}
END_TEST

START_TEST(test_once_per_slave_and_direction)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_slave_config *sc = ec_master_slave_config(&h.master, 0, 0,
							    1, 2);

	/* Two input SMs of one slave in one LRD: the slave counts once. */
	ck_assert_int_eq(ec_slave_config_sync_manager(sc, 2, EC_DIR_INPUT,
						      EC_WD_DEFAULT), 0);
	ck_assert_int_eq(ec_slave_config_sync_manager(sc, 3, EC_DIR_INPUT,
						      EC_WD_DEFAULT), 0);
	ck_assert_int_eq(ec_slave_config_pdo_assign_add(sc, 2, 0x1a00), 0);
	ck_assert_int_eq(ec_slave_config_pdo_assign_add(sc, 3, 0x1a01), 0);
	ck_assert_int_eq(ec_slave_config_pdo_mapping_add(sc, 0x1a00, 0x6000,
							 1, 8), 0);
	ck_assert_int_eq(ec_slave_config_pdo_mapping_add(sc, 0x1a01, 0x6010,
							 1, 8), 0);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x6000, 1, d, NULL),
			 0);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x6010, 1, d, NULL),
			 1);
	/* Not assigned: no mapping to add to. */
	ck_assert_int_eq(ec_slave_config_pdo_mapping_add(sc, 0x1a02, 0x6020,
							 1, 8), -ENOENT);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 1);
	ck_assert_int_eq(d->datagrams[0].datagram.type, EC_DATAGRAM_LRD);
	ck_assert_uint_eq(d->expected_working_counter, 1);
}
END_TEST

START_TEST(test_fmmu_too_large)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_slave_config *sc = ec_master_slave_config(&h.master, 0, 0,
							    1, 2);
	unsigned int i;

	/* 50 entries of 248 bits: 1550 bytes in one SM. */
	ck_assert_int_eq(ec_slave_config_sync_manager(sc, 3, EC_DIR_INPUT,
						      EC_WD_DEFAULT), 0);
	ck_assert_int_eq(ec_slave_config_pdo_assign_add(sc, 3, 0x1a00), 0);
	for (i = 0; i < 50; i++)
		ck_assert_int_eq(ec_slave_config_pdo_mapping_add(
			sc, 0x1a00, 0x6000, i + 1, 248), 0);
	ck_assert_uint_eq(ec_slave_config_sync_size(sc, 3), 1550);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x6000, 1, d, NULL),
			 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), -EINVAL);
	ck_assert(!h.master.active);
	ck_assert_ptr_null(h.master.pd_mem);
	ck_assert_uint_eq(d->datagram_count, 0);
}
END_TEST

/* Pretend the datagrams were answered with these working counters. */
static void answer(struct ec_domain *d, const u16 *wkc, const bool *rx)
{
	unsigned int i;

	for (i = 0; i < d->datagram_count; i++) {
		d->datagrams[i].datagram.state = rx[i] ?
			EC_DATAGRAM_RECEIVED : EC_DATAGRAM_TIMED_OUT;
		d->datagrams[i].datagram.working_counter = wkc[i];
	}
}

START_TEST(test_wc_states)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_slave_config *sc[100];
	ec_domain_state_t st;
	unsigned int i;
	const bool both[2] = { true, true };
	const bool first[2] = { true, false };

	for (i = 0; i < 100; i++) {
		sc[i] = io_config(i, 10);
		ck_assert_int_ge(ec_slave_config_reg_pdo_entry(
			sc[i], 0x6000, 1, d, NULL), 0);
	}
	for (i = 0; i < 100; i++)
		ck_assert_int_ge(ec_slave_config_reg_pdo_entry(
			sc[i], 0x7000, 1, d, NULL), 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 2);
	/* Datagram 1: 100 inputs (1000 bytes) + 48 outputs (LRW: 1 + 2
	 * each); datagram 2: 52 outputs (LWR: 1 each). */
	ck_assert_int_eq(d->datagrams[0].datagram.type, EC_DATAGRAM_LRW);
	ck_assert_uint_eq(d->datagrams[0].expected_working_counter,
			  100 + 48 * 2);
	ck_assert_int_eq(d->datagrams[1].datagram.type, EC_DATAGRAM_LWR);
	ck_assert_uint_eq(d->datagrams[1].expected_working_counter, 52);
	ck_assert_uint_eq(d->expected_working_counter, 248);

	ec_domain_state(d, &st);
	ck_assert_int_eq(st.wc_state, EC_WC_ZERO);
	answer(d, (const u16[]){ 196, 52 }, both);
	ec_domain_process(d, h.now_ns);
	ec_domain_state(d, &st);
	ck_assert_uint_eq(st.working_counter, 248);
	ck_assert_int_eq(st.wc_state, EC_WC_COMPLETE);
	answer(d, (const u16[]){ 196, 51 }, both);
	ec_domain_process(d, h.now_ns);
	ec_domain_state(d, &st);
	ck_assert_uint_eq(st.working_counter, 247);
	ck_assert_int_eq(st.wc_state, EC_WC_INCOMPLETE);
	/* A datagram that got no answer contributes nothing. */
	answer(d, (const u16[]){ 196, 52 }, first);
	ec_domain_process(d, h.now_ns);
	ec_domain_state(d, &st);
	ck_assert_uint_eq(st.working_counter, 196);
	ck_assert_int_eq(st.wc_state, EC_WC_INCOMPLETE);
	answer(d, (const u16[]){ 0, 0 }, both);
	ec_domain_process(d, h.now_ns);
	ec_domain_state(d, &st);
	ck_assert_uint_eq(st.working_counter, 0);
	ck_assert_int_eq(st.wc_state, EC_WC_ZERO);
	ck_assert_uint_ge(d->working_counter_changes, 1);
}
END_TEST

/*
 * The kernel's domain classifies each sum of the one table of cases
 * (wc_cases.h) as check_lib_ecrt_shm.c finds libethercat's process() does.
 */
START_TEST(test_wc_rule_cases)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	ec_domain_state_t st;
	size_t i;

	ck_assert_ptr_nonnull(d);
	for (i = 0; i < WC_CASE_COUNT; i++) {
		d->expected_working_counter = wc_cases[i].expected;
		ec_domain_set_wkc(d, wc_cases[i].wkc, h.now_ns);
		ec_domain_state(d, &st);
		ck_assert_uint_eq(st.working_counter, wc_cases[i].wkc);
		ck_assert_msg(st.wc_state == wc_cases[i].state,
			      "wkc %u of %u: state %d, expected %d",
			      wc_cases[i].wkc, wc_cases[i].expected,
			      st.wc_state, wc_cases[i].state);
	}
}
END_TEST

static unsigned int wkc_lines;

static void count_wkc_lines(int level, const char *line)
{
	(void)level;
	if (strstr(line, "working counter"))
		wkc_lines++;
}

/* Changes are counted; at most one log line per second tells of them. */
START_TEST(test_wc_change_log_rate)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	struct ec_slave_config *sc = io_config(0, 10);
	const bool rx[1] = { true };
	unsigned int i;

	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(sc, 0x6000, 1, d,
						       NULL), 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	wkc_lines = 0;
	ec_port_set_log(count_wkc_lines);
	/* 99 changes within 100 ms (the first answer, 0, is none): the
	 * first one is told at once, 98 wait. */
	for (i = 0; i < 100; i++) {
		answer(d, (const u16[]){ (u16)(i & 1) }, rx);
		ec_domain_process(d, h.now_ns);
		h.now_ns += EC_NSEC_PER_MSEC;
	}
	ck_assert_uint_eq(wkc_lines, 1);
	ck_assert_uint_eq(d->working_counter_changes, 98);
	/* A second later the rest is summed up in one line. */
	h.now_ns += EC_NSEC_PER_SEC;
	ec_domain_process(d, h.now_ns);
	ec_port_set_log(NULL);
	ck_assert_uint_eq(wkc_lines, 2);
	ck_assert_uint_eq(d->working_counter_changes, 0);
}
END_TEST

/* Queue puts every datagram on the master's queue, once. */
START_TEST(test_queue)
{
	struct ec_domain *d = ec_master_create_domain(&h.master);
	unsigned int i, before = h.master.skipped_datagrams;

	for (i = 0; i < 100; i++)
		ck_assert_int_ge(ec_slave_config_reg_pdo_entry(
			io_config(i, 10), 0x6000, 1, d, NULL), 0);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	ck_assert_uint_eq(d->datagram_count, 1);
	ec_domain_queue(d);
	ck_assert_int_eq(d->datagrams[0].datagram.state, EC_DATAGRAM_QUEUED);
	ec_domain_queue(d);
	ck_assert_uint_eq(h.master.skipped_datagrams, before + 1);
	/* Deactivation takes them off the queue again. */
	ec_master_deactivate(&h.master, h.now_ns);
	ck_assert(ec_list_empty(&h.master.datagram_queue));
	ck_assert_ptr_null(h.master.pd_mem);
	ck_assert(!h.master.active);
	ck_assert_int_eq(h.master.phase, EC_PHASE_IDLE);
	ck_assert(ec_list_empty(&h.master.configs));
	ck_assert(ec_list_empty(&h.master.domains));
}
END_TEST

#define SIM_VENDOR 0x0ec51d00
#define SERVO 0x00000402
#define SERVOS 60

static bool big_operational(struct ec_harness *hh, void *ctx)
{
	struct ec_domain *d = ctx;
	unsigned int i;

	for (i = 1; i <= SERVOS; i++)
		if ((hh->master.slaves[i]->current_state & EC_AL_STATE_MASK) !=
		    EC_AL_STATE_OP_)
			return false;
	return d->wc_state == EC_WC_COMPLETE;
}

/* One cycle of an application; the harness' idle cycle must not run. */
static bool op_queue_later;	/* a kernel application's queue */

static void op_cycle(struct ec_harness *hh, struct ec_domain *d)
{
	ec_harness_op_receive(&hh->master, hh->now_ns);
	ec_domain_process(d, hh->now_ns);
	if (op_queue_later)
		ec_domain_queue_later(d);
	else
		ec_domain_queue(d);
	ec_harness_op_send(&hh->master, hh->now_ns);
	hh->now_ns += EC_HARNESS_CYCLE_NS;
}

/* 60 drives with 14 + 14 bytes: the segment answers each of the two
 * datagrams with exactly the working counter the layout expects. */
START_TEST(test_split_on_the_wire)
{
	static char json[8192];
	struct ec_domain *d;
	unsigned int i, n = SERVOS + 1, len;
	u64 end;

	len = (unsigned int)snprintf(json, sizeof(json), "%s",
			"{ \"slaves\": [ { \"model\": \"EK1100\" }");
	for (i = 0; i < SERVOS; i++)
		len += (unsigned int)snprintf(json + len, sizeof(json) - len,
				", { \"model\": \"ECSIM-SERVO\" }");
	snprintf(json + len, sizeof(json) - len, " ] }");
	ec_harness_init(&h, json);
	ck_assert(ec_harness_run_until(&h, all_ready, &n,
				       60 * EC_NSEC_PER_SEC));

	d = ec_master_create_domain(&h.master);
	for (i = 1; i <= SERVOS; i++) {
		struct ec_slave_config *sc = ec_master_slave_config(
			&h.master, 0, i, SIM_VENDOR, SERVO);

		ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x6040, 0,
							       d, NULL),
				 28 * (i - 1));
		ck_assert_int_eq(ec_slave_config_reg_pdo_entry(sc, 0x6041, 0,
							       d, NULL),
				 28 * (i - 1) + 14);
	}
	ck_assert_uint_eq(d->data_size, 28 * SERVOS);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	/* 53 drives (1484 bytes) in the first LRW, 7 in the second. */
	ck_assert_uint_eq(d->datagram_count, 2);
	ck_assert_uint_eq(d->datagrams[0].size, 53 * 28);
	ck_assert_uint_eq(d->datagrams[0].expected_working_counter, 53 * 3);
	ck_assert_uint_eq(d->datagrams[1].size, 7 * 28);
	ck_assert_uint_eq(d->datagrams[1].expected_working_counter, 7 * 3);

	end = h.now_ns + 30 * EC_NSEC_PER_SEC;
	while (h.now_ns < end && !big_operational(&h, d))
		op_cycle(&h, d);
	ck_assert_msg(big_operational(&h, d), "wkc %u/%u",
		      d->working_counter, d->expected_working_counter);
	ec_harness_op_receive(&h.master, h.now_ns);
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(d->datagrams[i].datagram.state,
				 EC_DATAGRAM_RECEIVED);
		ck_assert_uint_eq(d->datagrams[i].datagram.working_counter,
				  d->datagrams[i].expected_working_counter);
	}
	/* A drive leaves the ring: the working counter drops. */
	ck_assert_int_eq(ecsim_segment_unplug(h.seg, SERVOS), 0);
	for (i = 0; i < 3; i++)
		op_cycle(&h, d);
	ck_assert_int_eq(d->wc_state, EC_WC_INCOMPLETE);
	ck_assert_uint_eq(d->working_counter, (SERVOS - 1) * 3);
}
END_TEST

/*
 * The loss rule: the frame of cycle n is lost, so cycle n+1's receive
 * loses its datagram there and then (incomplete process data for that one
 * cycle), the queue sends it again instead of skipping it, and cycle n+2
 * is complete.  The same with the master FSM's datagrams in the frame.
 */
START_TEST(test_one_lost_frame_costs_one_cycle)
{
	static const char json[] = "{ \"slaves\": [ { \"model\": \"EK1100\" }, "
		"{ \"model\": \"ECSIM-SERVO\" }, { \"model\": \"ECSIM-SERVO\" } ] }";
	struct ec_domain *d;
	unsigned int i, n = 3, incomplete = 0, run;
	u64 end, skipped, lost;

	op_queue_later = _i;	/* 1: queued at the send (the kernel's) */
	ec_harness_init(&h, json);
	ck_assert(ec_harness_run_until(&h, all_ready, &n, 20 * EC_NSEC_PER_SEC));
	d = ec_master_create_domain(&h.master);
	for (i = 1; i <= 2; i++) {
		struct ec_slave_config *sc = ec_master_slave_config(
			&h.master, 0, i, SIM_VENDOR, SERVO);

		ck_assert_int_ge(ec_slave_config_reg_pdo_entry(sc, 0x6040, 0,
							       d, NULL), 0);
		ck_assert_int_ge(ec_slave_config_reg_pdo_entry(sc, 0x6041, 0,
							       d, NULL), 0);
	}
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	end = h.now_ns + 20 * EC_NSEC_PER_SEC;
	while (h.now_ns < end) {
		op_cycle(&h, d);
		if (d->wc_state == EC_WC_COMPLETE &&
		    (h.master.slaves[2]->current_state & EC_AL_STATE_MASK) ==
		    EC_AL_STATE_OP_)
			break;
	}
	ck_assert_msg(d->wc_state == EC_WC_COMPLETE, "wkc %u/%u, slave states %x %x",
		      d->working_counter, d->expected_working_counter,
		      h.master.slaves[1]->current_state, h.master.slaves[2]->current_state);
	for (run = 0; run < 5; run++) {
		skipped = h.master.skipped_datagrams;
		lost = h.master.timed_out_datagrams;
		h.drop_frames = 1;	/* the frame this cycle sends */
		op_cycle(&h, d);
		ck_assert_int_eq(d->wc_state, EC_WC_COMPLETE);
		op_cycle(&h, d);	/* its receive finds it lost */
		ck_assert_int_eq(d->wc_state, EC_WC_ZERO);
		ck_assert_uint_ge(h.master.timed_out_datagrams, lost + 1);
		ck_assert_uint_eq(h.master.skipped_datagrams, skipped);
		op_cycle(&h, d);	/* the next frame came back */
		ck_assert_int_eq(d->wc_state, EC_WC_COMPLETE);
		ck_assert_uint_eq(h.master.skipped_datagrams, skipped);
	}
	/* Two frames lost in a row: two cycles, no more. */
	h.drop_frames = 2;
	for (i = 0; i < 6; i++) {
		op_cycle(&h, d);
		if (d->wc_state != EC_WC_COMPLETE)
			incomplete++;
	}
	ck_assert_uint_eq(incomplete, 2);
	ck_assert_int_eq(d->wc_state, EC_WC_COMPLETE);
	op_queue_later = false;
}
END_TEST

/*
 * A frame that comes back after its cycle was given up is late: the
 * domain's datagram in it was lost at half a send interval (counted as
 * timed out, its answer as late, not as unmatched), an FSM's datagram in
 * the same frame waits for io_timeout_ns and is matched.
 */
START_TEST(test_late_answer_is_late)
{
	struct ec_datagram a, b;
	u64 unmatched, late, half;

	ec_harness_init(&h, "{ \"slaves\": [ { \"model\": \"EK1100\" } ] }");
	ec_datagram_init(&a);
	ec_datagram_init(&b);
	ck_assert_int_eq(ec_datagram_brd(&a, 0x0130, 2), 0);
	ck_assert_int_eq(ec_datagram_brd(&b, 0x0130, 2), 0);
	a.cyclic = true;	/* as a domain's */
	half = ec_master_cyclic_timeout(&h.master);
	ec_port_io_lock(&h.master);
	ec_master_queue_datagram_locked(&h.master, &a);
	ec_master_queue_datagram_locked(&h.master, &b);
	ec_master_send_datagrams(&h.master, h.now_ns);
	/* Half a send interval later the receive has not polled yet. */
	ec_master_check_timeouts(&h.master, h.now_ns + half, half);
	ck_assert_int_eq(a.state, EC_DATAGRAM_TIMED_OUT);
	ck_assert_int_eq(b.state, EC_DATAGRAM_SENT);
	unmatched = h.master.unmatched_datagrams;
	late = h.master.late_answers;
	ec_master_poll_devices(&h.master);
	ec_port_io_unlock(&h.master);
	ck_assert_uint_eq(h.master.unmatched_datagrams, unmatched);
	ck_assert_uint_eq(h.master.late_answers, late + 1);
	ck_assert_int_eq(a.state, EC_DATAGRAM_TIMED_OUT);
	ck_assert_int_eq(b.state, EC_DATAGRAM_RECEIVED);
	ec_datagram_clear(&a);
	ec_datagram_clear(&b);
}
END_TEST

/* The cyclic timeout follows the send interval; the budget IgH's rule. */
START_TEST(test_send_interval)
{
	ec_harness_init(&h, "{ \"slaves\": [ { \"model\": \"EK1100\" } ] }");
	ck_assert_uint_eq(ec_master_cyclic_timeout(&h.master),
			  500 * EC_NSEC_PER_USEC);
	ec_master_set_send_interval(&h.master, 250 * EC_NSEC_PER_USEC);
	ck_assert_uint_eq(ec_master_cyclic_timeout(&h.master),
			  125 * EC_NSEC_PER_USEC);
	/* 250 us / 80 ns = 3125 bytes, less 10 %. */
	ck_assert_uint_eq(h.master.fsm_bytes_per_cycle, 3125 - 312);
	ec_master_set_send_interval(&h.master, 20 * EC_NSEC_PER_USEC);
	ck_assert_uint_eq(ec_master_cyclic_timeout(&h.master),
			  EC_CYCLIC_TIMEOUT_MIN_NS);
	ck_assert_uint_eq(h.master.fsm_bytes_per_cycle,
			  EC_FSM_BYTES_PER_CYCLE_DEFAULT);
}
END_TEST

static Suite *domain_suite(void)
{
	Suite *s = suite_create("domain");
	TCase *tc = tcase_create("segment");

	tcase_add_checked_fixture(tc, setup_segment, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_inputs_only_bits);
	tcase_add_test(tc, test_outputs_only_bits);
	tcase_add_test(tc, test_both_directions);
	tcase_add_test(tc, test_unmapped_entry);
	tcase_add_test(tc, test_reg_list);
	suite_add_tcase(s, tc);

	tc = tcase_create("wire");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_split_on_the_wire);
	tcase_add_loop_test(tc, test_one_lost_frame_costs_one_cycle, 0, 2);
	tcase_add_test(tc, test_late_answer_is_late);
	tcase_add_test(tc, test_send_interval);
	suite_add_tcase(s, tc);

	tc = tcase_create("layout");
	tcase_add_checked_fixture(tc, setup_empty, teardown);
	tcase_add_test(tc, test_split);
	tcase_add_test(tc, test_split_directions);
	tcase_add_test(tc, test_once_per_slave_and_direction);
	tcase_add_test(tc, test_fmmu_too_large);
	tcase_add_test(tc, test_wc_states);
	tcase_add_test(tc, test_wc_rule_cases);
	tcase_add_test(tc, test_wc_change_log_rate);
	tcase_add_test(tc, test_queue);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(domain_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
