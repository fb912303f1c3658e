// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_fsm_config.c - the slave FSMs take configured slaves to OP against
 * the in-process segment: sync managers, FMMUs and watchdog as configured
 * (read from the simulated ESCs), startup SDOs (and an aborted one),
 * refused SAFEOP with code, text and retries, a slave dropping out of OP,
 * unplug and replug in OP, lost frames, activation before the scan, the
 * application's requests and deactivation back to PREOP.
 */
#include "config_harness.h"
#include "slave/al_status.h"

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
	return ec_req_done(((struct ec_app_request *)ctx)->u.sdo.base.state);
}

static bool app_reg_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_app_request *)ctx)->u.reg.base.state);
}

/* Requests the application created are served in OP. */
START_TEST(test_app_requests_in_op)
{
	struct ec_app_request *sdo;
	struct ec_app_request *r;
	struct fixture f;

	setup(&f);
	register_entries(&f);
	sdo = ec_slave_config_create_request(f.sc[ID_SERVO], EC_APP_REQ_SDO, 4);
	ck_assert_ptr_nonnull(sdo);
	sdo->u.sdo.index = 0x6080;
	r = ec_slave_config_create_request(f.sc[ID_SERVO], EC_APP_REQ_REG, 2);
	ck_assert_ptr_nonnull(sdo);
	ck_assert_ptr_nonnull(r);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	sdo->u.sdo.write = false;
	sdo->u.sdo.base.state = EC_REQ_QUEUED;
	ck_assert(run_until(&f.h, app_sdo_done, sdo, EC_NSEC_PER_SEC));
	ck_assert_int_eq(sdo->u.sdo.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ec_get_u32(sdo->mem), 6000);
	r->u.reg.write = false;
	r->u.reg.address = EC_REG_AL_STATUS;
	r->u.reg.size = 2;
	r->u.reg.base.state = EC_REQ_QUEUED;
	ck_assert(run_until(&f.h, app_reg_done, r, EC_NSEC_PER_SEC));
	ck_assert_int_eq(r->u.reg.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(r->mem[0], EC_AL_STATE_OP_);
	teardown(&f);
}
END_TEST

/*
 * In OP a domain datagram is lost after half a cycle, an FSM datagram only
 * after the master's io_timeout_ns: an SDO request whose answers come two
 * cycles late (the harness holds the frames back) still completes, while
 * the process data of those cycles is incomplete.
 */
START_TEST(test_app_request_survives_late_frames)
{
	struct ec_app_request *sdo;
	struct fixture f;
	unsigned int i;
	u64 lost;

	setup(&f);
	register_entries(&f);
	sdo = ec_slave_config_create_request(f.sc[ID_SERVO], EC_APP_REQ_SDO, 4);
	ck_assert_ptr_nonnull(sdo);
	sdo->u.sdo.index = 0x6080;
	ck_assert_ptr_nonnull(sdo);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, configured, 5, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	sdo->u.sdo.write = false;
	sdo->u.sdo.base.state = EC_REQ_QUEUED;
	f.h.late_cycles = 2;
	lost = f.h.master.timed_out_datagrams;
	for (i = 0; i < 1000 && !app_sdo_done(&f.h, sdo); i++)
		cycle(&f.h);
	f.h.late_cycles = 0;
	ck_assert_int_eq(sdo->u.sdo.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ec_get_u32(sdo->mem), 6000);
	/* The domain datagrams of those cycles were lost, and counted; their
	 * answers came late. */
	ck_assert_uint_gt(f.h.master.timed_out_datagrams, lost);
	ck_assert_uint_gt(f.h.master.late_answers, 0);
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
	tcase_add_test(tc, test_safeop_refused_and_retried);
	tcase_add_test(tc, test_dropped_slave_back_to_op);
	tcase_add_test(tc, test_unplug_replug_in_op);
	tcase_add_test(tc, test_app_requests_in_op);
	tcase_add_test(tc, test_app_request_survives_late_frames);
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
