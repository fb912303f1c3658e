// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_fsm_slave.c - the per-slave FSM against the in-process segment:
 * configuration to PREOP after the scan, AL state requests (also refused
 * ones, with the AL status code, its text and the acknowledge), register
 * requests, SII writes and the cancelling of requests.
 */
#include "harness.h"
#include "slave/al_status.h"
#include "slave/fsm_change.h"
#include "slave/fsm_slave.h"
#include "mailbox/mailbox.h"
#include "slave/registers.h"
#include "request/requests.h"
#include "slave/slave.h"

/* Sim ids = ring positions here. */
#define ID_COUPLER 0
#define ID_DI 1
#define ID_AI 2
#define ID_SERVO 3

static const char *segment =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL3102\" }, { \"model\": \"ECSIM-SERVO\" } ] }";

/* Every slave scanned, its FSM idle with nothing queued. */
static unsigned int num_slaves = 4;

#define teardown ec_harness_teardown

static void setup(struct ec_harness *h)
{
	ec_harness_init(h, segment);
	ck_assert(ec_harness_run_until(h, ec_harness_all_ready, &num_slaves,
				       10 * EC_NSEC_PER_SEC));
}

static struct ec_slave *slave_at(struct ec_harness *h, unsigned int pos)
{
	ck_assert_uint_lt(pos, h->master.slave_count);
	return h->master.slaves[pos];
}

static void request_state(struct ec_harness *h, struct ec_slave *slave,
			  struct ec_state_request *req, u8 state)
{
	memset(req, 0, sizeof(*req));
	ec_list_init(&req->base.node);
	req->al_state = state;
	req->base.state = EC_REQ_QUEUED;
	ec_request_init(&req->base, EC_REQ_STATE, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(slave, &req->base);
	ck_assert(ec_harness_run_until(h, ec_harness_req_done, &req->base.state,
				       10 * EC_NSEC_PER_SEC));
}

START_TEST(test_preop_after_scan)
{
	struct ec_harness h;
	unsigned int i;
	u8 sm[16];

	setup(&h);
	for (i = 0; i < 4; i++) {
		struct ec_slave *s = slave_at(&h, i);

		ck_assert_uint_eq(ecsim_slave_al_status(h.seg, i),
				  EC_AL_STATE_PREOP_);
		ck_assert_uint_eq(s->current_state, EC_AL_STATE_PREOP_);
		ck_assert(!s->error_flag);
	}
	/* The mailbox SMs of the EL3102 are as its SII says. */
	ck_assert_int_eq(ecsim_slave_peek(h.seg, ID_AI, 0x0800, sm, 16), 0);
	ck_assert_uint_eq(ec_get_u16(sm), slave_at(&h, ID_AI)->sii
			  .std_rx_mailbox_offset);
	ck_assert_uint_eq(ec_get_u16(sm + 2), slave_at(&h, ID_AI)->sii
			  .std_rx_mailbox_size);
	ck_assert_uint_eq(sm[4], EC_SM_CONTROL_MBOX_WRITE);
	ck_assert_uint_eq(sm[6] & 1, 1);
	ck_assert_uint_eq(ec_get_u16(sm + 8), slave_at(&h, ID_AI)->sii
			  .std_tx_mailbox_offset);
	ck_assert_uint_eq(sm[12], EC_SM_CONTROL_MBOX_READ);
	ck_assert_uint_eq(sm[14] & 1, 1);
	teardown(&h);
}
END_TEST

START_TEST(test_init_preop_init)
{
	struct ec_harness h;
	struct ec_state_request req;
	struct ec_slave *servo;

	setup(&h);
	servo = slave_at(&h, ID_SERVO);
	request_state(&h, servo, &req, EC_AL_STATE_INIT_);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_SERVO),
			  EC_AL_STATE_INIT_);
	ck_assert_uint_eq(servo->current_state, EC_AL_STATE_INIT_);

	request_state(&h, servo, &req, EC_AL_STATE_PREOP_);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_int_eq(req.base.error, 0);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_SERVO),
			  EC_AL_STATE_PREOP_);

	request_state(&h, servo, &req, EC_AL_STATE_INIT_);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_SERVO),
			  EC_AL_STATE_INIT_);
	ck_assert_uint_eq(servo->requested_state, EC_AL_STATE_INIT_);
	/* The other slaves were not touched. */
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_AI),
			  EC_AL_STATE_PREOP_);
	teardown(&h);
}
END_TEST

START_TEST(test_refused_transition)
{
	struct ec_harness h;
	struct ec_state_request req;
	struct ec_slave *ai;

	setup(&h);
	ai = slave_at(&h, ID_AI);
	/* SAFEOP without process data SMs and FMMUs: refused by the
	 * slave's application (an EL1008 with device emulation would
	 * take any state). */
	request_state(&h, ai, &req, EC_AL_STATE_SAFEOP_);
	ck_assert_int_eq(req.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(req.base.error, -EIO);
	ck_assert_uint_eq(req.al_status_code, 0x001E);
	ck_assert_str_eq(ec_al_status_text(req.al_status_code),
			 "Invalid input configuration");
	ck_assert_uint_eq(ai->al_status_code, 0x001E);
	/* Acknowledged: back in PREOP without the error flag. */
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_AI),
			  EC_AL_STATE_PREOP_);
	ck_assert_uint_eq(ai->current_state, EC_AL_STATE_PREOP_);
	/* BOOT is not supported by this model. */
	request_state(&h, ai, &req, EC_AL_STATE_INIT_);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	request_state(&h, ai, &req, EC_AL_STATE_BOOT_);
	ck_assert_int_eq(req.base.state, EC_REQ_FAILURE);
	ck_assert_uint_eq(req.al_status_code, 0x0013);
	ck_assert_str_eq(ec_al_status_text(0x0013), "Bootstrap not supported");
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_AI),
			  EC_AL_STATE_INIT_);
	teardown(&h);
}
END_TEST

START_TEST(test_error_acknowledge)
{
	struct ec_harness h;
	struct ec_state_request req;
	struct ec_slave *ai;

	setup(&h);
	ai = slave_at(&h, ID_AI);
	/* The application signals an error; requests without the
	 * acknowledge bit would be ignored. */
	ck_assert_int_eq(ecsim_segment_al_error(h.seg, ID_AI, 0x001A), 0);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_AI) & 0x10, 0x10);
	request_state(&h, ai, &req, EC_AL_STATE_INIT_);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_AI),
			  EC_AL_STATE_INIT_);
	ck_assert_uint_eq(ecsim_slave_al_code(h.seg, ID_AI), 0);

	/* Error in the state already wanted: acknowledge only. */
	ck_assert_int_eq(ecsim_segment_al_error(h.seg, ID_AI, 0x0001), 0);
	request_state(&h, ai, &req, EC_AL_STATE_INIT_);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_AI),
			  EC_AL_STATE_INIT_);
	teardown(&h);
}
END_TEST

/* Whether @slave's FSM rests at this turn (ec_slave_fsm_idle_run()). */
static bool resting(struct ec_harness *h, struct ec_slave *slave)
{
	const struct ec_fsm_slave *fsm = slave->fsm;

	return fsm->rest_epoch == h->master.fsm_quiet_epoch &&
	       h->now_ns < fsm->rest_until_ns;
}

/* For ec_harness_run_until(): the slave @ctx rests. */
static bool resting_cond(struct ec_harness *h, void *ctx)
{
	return resting(h, ctx);
}

/*
 * The idle phase: a quiet slave FSM rests until its next periodic read
 * (the coupler: its AL status check; the servo: its mailbox poll too), a
 * request ends the rest at once, and an AL error is still seen by the
 * periodic check and repaired.
 */
START_TEST(test_idle_rest)
{
	struct ec_harness h;
	struct ec_reg_request req;
	struct ec_slave *coupler, *servo, *ai;
	const struct ec_fsm_slave *fsm;
	u8 buf[2];
	u64 t0;

	setup(&h);
	coupler = slave_at(&h, ID_COUPLER);
	servo = slave_at(&h, ID_SERVO);
	ai = slave_at(&h, ID_AI);
	ec_harness_run_for(&h, 200 * EC_NSEC_PER_MSEC);
	ck_assert(ec_harness_run_until(&h, resting_cond, coupler, EC_NSEC_PER_SEC));
	fsm = coupler->fsm;
	ck_assert_uint_eq(fsm->rest_until_ns, fsm->target.next_check_ns);
	ck_assert_uint_le(fsm->rest_until_ns - h.now_ns, EC_SLAVE_AL_CHECK_NS);
	/* a poll every EC_MBOX_POLL_NS: it rests until the next one */
	ck_assert(ec_harness_run_until(&h, resting_cond, servo, EC_NSEC_PER_SEC));
	fsm = servo->fsm;
	ck_assert_uint_le(fsm->rest_until_ns, fsm->next_poll_ns);
	ck_assert_uint_le(fsm->rest_until_ns - h.now_ns, EC_MBOX_POLL_NS);

	/* A request on a resting slave starts at the next turn. */
	ck_assert(resting(&h, coupler));
	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.address = EC_REG_TYPE;
	req.size = 2;
	req.data = buf;
	t0 = h.now_ns;
	ec_harness_run_request(&h, coupler, &req.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_le(h.now_ns - t0, 3 * EC_HARNESS_CYCLE_NS);

	/* An AL error behind the master's back: seen by the periodic
	 * check, acknowledged and back in PREOP.
	 */
	ck_assert(ec_harness_run_until(&h, resting_cond, ai, EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_al_error(h.seg, ID_AI, 0x001A), 0);
	t0 = h.now_ns;
	while (!(ai->current_state & EC_AL_STATE_ERROR_FLAG) &&
	       h.now_ns - t0 < EC_NSEC_PER_SEC)
		ec_harness_cycle(&h);
	ck_assert_uint_le(h.now_ns - t0,
			  EC_SLAVE_AL_CHECK_NS + 3 * EC_HARNESS_CYCLE_NS);
	ck_assert(ec_harness_run_until(&h, ec_harness_all_ready, &num_slaves,
				       EC_NSEC_PER_SEC));
	ec_harness_run_for(&h, 20 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_AI),
			  EC_AL_STATE_PREOP_);
	ck_assert_uint_eq(ai->current_state, EC_AL_STATE_PREOP_);
	teardown(&h);
}
END_TEST

/*
 * The idle phase's periodic reads on a large segment: each slave every
 * slave_count slots of EC_IDLE_READ_SLOT_NS, in its own slot, so that
 * about one read of a kind goes out per slot; a small segment keeps the
 * read's own interval.
 */
START_TEST(test_idle_read_spread)
{
	struct ec_master master;
	struct ec_slave a, b;
	const u64 slot = EC_IDLE_READ_SLOT_NS, now = 5 * EC_NSEC_PER_SEC + 3;
	u64 period, ta, tb;

	memset(&master, 0, sizeof(master));
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.master = &master;
	b.master = &master;
	a.ring_position = 3;
	b.ring_position = 4;
	master.slave_count = 4;
	ck_assert_uint_eq(ec_slave_idle_read_at(&a, EC_SLAVE_AL_CHECK_NS, now),
			  now + EC_SLAVE_AL_CHECK_NS);
	master.slave_count = 100;
	period = 100 * slot;
	ta = ec_slave_idle_read_at(&a, EC_SLAVE_AL_CHECK_NS, now);
	tb = ec_slave_idle_read_at(&b, EC_SLAVE_AL_CHECK_NS, now);
	ck_assert_uint_gt(ta, now);
	ck_assert_uint_le(ta, now + period);
	ck_assert_uint_eq((ta - 3 * slot) % period, 0);
	ck_assert_uint_eq((tb - 4 * slot) % period, 0);
	ck_assert_uint_eq((tb + period - ta) % period, slot);
	/* done at its slot: the next one a whole period later */
	ck_assert_uint_eq(ec_slave_idle_read_at(&a, EC_SLAVE_AL_CHECK_NS, ta),
			  ta + period);
	/* before its first slot */
	ck_assert_uint_eq(ec_slave_idle_read_at(&a, EC_SLAVE_AL_CHECK_NS, 1),
			  3 * slot);
}
END_TEST

START_TEST(test_al_status_texts)
{
	static const struct {
		u16 code;
		const char *text;
	} cases[] = {
		{ 0x0000, "No error" },
		{ 0x0001, "Unspecified error" },
		{ 0x0011, "Invalid requested state change" },
		{ 0x0012, "Unknown requested state" },
		{ 0x0014, "No valid firmware" },
		{ 0x0016, "Invalid mailbox configuration (PREOP)" },
		{ 0x001B, "Sync manager watchdog" },
		{ 0x001D, "Invalid output configuration" },
		{ 0x0030, "Invalid DC SYNC configuration" },
		{ 0x0050, "EEPROM no access" },
		{ 0x8001, "Vendor specific error" },
		{ 0x00EE, "Unknown AL status code" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_str_eq(ec_al_status_text(cases[i].code),
				 cases[i].text);
}
END_TEST

START_TEST(test_register_requests)
{
	struct ec_harness h;
	struct ec_reg_request req;
	struct ec_slave *servo;
	u8 buf[4], sim[4];
	static const u8 pattern[4] = { 0xde, 0xad, 0xbe, 0xef };

	setup(&h);
	servo = slave_at(&h, ID_SERVO);

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.address = EC_REG_TYPE;
	req.size = 4;
	req.data = buf;
	ec_harness_run_request(&h, servo, &req.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(req.working_counter, 1);
	ck_assert_int_eq(ecsim_slave_peek(h.seg, ID_SERVO, 0, sim, 4), 0);
	ck_assert_mem_eq(buf, sim, 4);

	/* Write into process RAM, check with the sim and read back. */
	memcpy(buf, pattern, 4);
	req.write = true;
	req.address = 0x1800;
	ec_harness_run_request(&h, servo, &req.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_int_eq(ecsim_slave_peek(h.seg, ID_SERVO, 0x1800, sim, 4),
			 0);
	ck_assert_mem_eq(sim, pattern, 4);
	memset(buf, 0, 4);
	req.write = false;
	ec_harness_run_request(&h, servo, &req.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	ck_assert_mem_eq(buf, pattern, 4);

	/* Nobody answers at that station address: wkc 0. */
	servo->station_address = 0x7777;
	ec_harness_run_request(&h, servo, &req.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	servo->station_address = EC_SLAVE_STATION_BASE + ID_SERVO;
	ck_assert_int_eq(req.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(req.base.error, -EIO);
	ck_assert_uint_eq(req.working_counter, 0);

	/* Larger than a datagram can carry. */
	req.size = 4000;
	ec_harness_run_request(&h, servo, &req.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(req.base.error, -EOVERFLOW);
	teardown(&h);
}
END_TEST

START_TEST(test_sii_write)
{
	struct ec_harness h;
	struct ec_sii_request req;
	struct ec_slave *di;
	const u8 *image;
	size_t len;
	u8 cfg[16], words[8];

	setup(&h);
	di = slave_at(&h, ID_DI);
	/* New alias (word 4) and the checksum (word 7) that goes with it. */
	ck_assert_int_eq(ecsim_slave_sii(h.seg, ID_DI, &image, &len), 0);
	memcpy(cfg, image, 16);
	ec_put_u16(cfg + 8, 0x1234);
	ec_put_u16(cfg + 14, ec_sii_crc(cfg, 14));
	memcpy(words, cfg + 8, 8);

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.word_offset = 4;
	req.nwords = 4;
	req.words = words;
	ec_harness_run_request(&h, di, &req.base, EC_REQ_SII,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_int_eq(ecsim_slave_sii(h.seg, ID_DI, &image, &len), 0);
	ck_assert_mem_eq(image, cfg, 16);
	ck_assert_mem_eq(di->sii_image + 8, words, 8);

	/* A word past the end of the EEPROM is refused. */
	req.word_offset = (u16)(len / 2);
	req.nwords = 1;
	ec_harness_run_request(&h, di, &req.base, EC_REQ_SII,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(req.base.error, -EIO);
	teardown(&h);
}
END_TEST

START_TEST(test_cancel_requests)
{
	struct ec_harness h;
	struct ec_state_request st;
	struct ec_reg_request reg;
	struct ec_sdo_request sdo;
	struct ec_slave *servo;
	u8 buf[4];

	setup(&h);
	servo = slave_at(&h, ID_SERVO);
	memset(&st, 0, sizeof(st));
	memset(&reg, 0, sizeof(reg));
	memset(&sdo, 0, sizeof(sdo));
	st.al_state = EC_AL_STATE_INIT_;
	st.base.state = EC_REQ_QUEUED;
	reg.size = 2;
	reg.data = buf;
	reg.base.state = EC_REQ_QUEUED;
	sdo.index = 0x1000;
	sdo.data = buf;
	sdo.mem_size = sizeof(buf);
	sdo.base.state = EC_REQ_QUEUED;
	ec_request_init(&sdo.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(servo, &sdo.base);
	/* One cycle: the SDO request becomes busy. */
	ec_harness_cycle(&h);
	ck_assert_int_eq(sdo.base.state, EC_REQ_BUSY);
	ec_request_init(&reg.base, EC_REQ_REG, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(servo, &reg.base);
	ec_request_init(&st.base, EC_REQ_STATE, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(servo, &st.base);
	ec_slave_cancel_requests(servo);
	ck_assert_int_eq(sdo.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(sdo.base.error, -ENODEV);
	ck_assert_int_eq(reg.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(reg.base.error, -ENODEV);
	ck_assert_int_eq(st.base.state, EC_REQ_FAILURE);
	ck_assert(ec_list_empty(&servo->requests));
	/* The FSM goes on with new work. */
	memset(&reg, 0, sizeof(reg));
	reg.size = 2;
	reg.data = buf;
	ec_harness_run_request(&h, servo, &reg.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(reg.base.state, EC_REQ_SUCCESS);
	teardown(&h);
}
END_TEST

/* A rescan while an SDO transfer is in progress: it fails, the new
 * slaves come up again. */
START_TEST(test_rescan_with_busy_request)
{
	struct ec_harness h;
	struct ec_sdo_request sdo;
	u8 buf[4];

	setup(&h);
	memset(&sdo, 0, sizeof(sdo));
	ec_list_init(&sdo.base.node);
	sdo.index = 0x1000;
	sdo.data = buf;
	sdo.mem_size = sizeof(buf);
	sdo.base.state = EC_REQ_QUEUED;
	ec_request_init(&sdo.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(slave_at(&h, ID_SERVO), &sdo.base);
	ec_harness_cycle(&h);
	ck_assert_int_eq(sdo.base.state, EC_REQ_BUSY);
	ec_fsm_master_rescan(&h.master.fsm);
	ck_assert(ec_harness_run_until(&h, ec_harness_req_done, &sdo.base.state,
				       EC_NSEC_PER_SEC));
	ck_assert_int_eq(sdo.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(sdo.base.error, -ENODEV);
	ck_assert(ec_harness_run_until(&h, ec_harness_all_ready, &num_slaves,
				       10 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_SERVO),
			  EC_AL_STATE_PREOP_);
	ck_assert_uint_gt(slave_at(&h, ID_SERVO)->sdo_count, 0);
	teardown(&h);
}
END_TEST

static bool scan_over(struct ec_harness *h, void *ctx)
{
	return h->master.fsm.scans_completed > *(unsigned int *)ctx &&
	       !h->master.scan_busy &&
	       h->master.slave_count == 4;
}

static void write_sii(struct ec_harness *h, struct ec_slave *s,
		      const u8 *words, size_t nwords)
{
	struct ec_sii_request req;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.nwords = (u16)nwords;
	req.words = (u8 *)words;
	ec_harness_run_request(h, s, &req.base, EC_REQ_SII,
			       20 * EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
}

/*
 * An EEPROM overwritten with garbage: after the rescan the slave's scan
 * fails, and the master must still be able to write the good image back
 * (and read its registers) so that the next rescan finds the slave again.
 * State and SDO requests, which need the scan, fail at once.
 */
START_TEST(test_repair_garbage_sii)
{
	struct ec_harness h;
	struct ec_reg_request reg;
	struct ec_state_request st;
	struct ec_slave *di;
	u8 good[512], garbage[512], type[2];
	const u8 *image;
	unsigned int scans;
	size_t len, i;

	setup(&h);
	ck_assert_int_eq(ecsim_slave_sii(h.seg, ID_DI, &image, &len), 0);
	ck_assert_uint_ge(len, sizeof(good));
	memcpy(good, image, sizeof(good));
	for (i = 0; i < sizeof(garbage); i++)
		garbage[i] = (u8)(i * 73 + 0x5d);
	write_sii(&h, slave_at(&h, ID_DI), garbage, sizeof(garbage) / 2);

	scans = h.master.fsm.scans_completed;
	ec_fsm_master_rescan(&h.master.fsm);
	ck_assert(ec_harness_run_until(&h, scan_over, &scans,
				       20 * EC_NSEC_PER_SEC));
	di = slave_at(&h, ID_DI);
	ck_assert(!di->scan_done);
	ck_assert(di->error_flag);

	memset(&reg, 0, sizeof(reg));
	ec_list_init(&reg.base.node);
	reg.address = EC_REG_TYPE;
	reg.size = 2;
	reg.data = type;
	ec_harness_run_request(&h, di, &reg.base, EC_REQ_REG,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(reg.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(reg.working_counter, 1);

	memset(&st, 0, sizeof(st));
	ec_list_init(&st.base.node);
	st.al_state = EC_AL_STATE_INIT_;
	ec_harness_run_request(&h, di, &st.base, EC_REQ_STATE,
			       EC_NSEC_PER_SEC);
	ck_assert_int_eq(st.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(st.base.error, -EIO);

	write_sii(&h, di, good, sizeof(good) / 2);
	ck_assert_int_eq(ecsim_slave_sii(h.seg, ID_DI, &image, &len), 0);
	ck_assert_mem_eq(image, good, sizeof(good));

	ec_fsm_master_rescan(&h.master.fsm);
	ck_assert(ec_harness_run_until(&h, ec_harness_all_ready, &num_slaves,
				       20 * EC_NSEC_PER_SEC));
	di = slave_at(&h, ID_DI);
	ck_assert(di->scan_done);
	ck_assert_uint_eq(di->sii.vendor_id, ec_get_u32(good + 16));
	ck_assert_uint_eq(di->sii.product_code, ec_get_u32(good + 20));
	teardown(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fsm_slave");
	TCase *tc = tcase_create("fsm_slave");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_preop_after_scan);
	tcase_add_test(tc, test_init_preop_init);
	tcase_add_test(tc, test_refused_transition);
	tcase_add_test(tc, test_error_acknowledge);
	tcase_add_test(tc, test_idle_rest);
	tcase_add_test(tc, test_idle_read_spread);
	tcase_add_test(tc, test_al_status_texts);
	tcase_add_test(tc, test_register_requests);
	tcase_add_test(tc, test_sii_write);
	tcase_add_test(tc, test_cancel_requests);
	tcase_add_test(tc, test_rescan_with_busy_request);
	tcase_add_test(tc, test_repair_garbage_sii);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
