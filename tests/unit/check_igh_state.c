// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_igh_state.c - the state an application reads, as IgH 1.6 defines
 * it (doc/IGH-SEMANTICS.md): ecrt_slave_config_state()'s online,
 * operational and al_state and ecrt_master_state()'s al_states change
 * only on an answered datagram; a lost frame, or a domain's working
 * counter of 0, leaves the last known state in place.
 */
#include "config_harness.h"
#include "cycle/master.h"

/* The default segment's application in OP, seen so by every config. */
static bool all_operational(struct ec_harness *h, void *ctx)
{
	struct fixture *f = ctx;
	unsigned int i;

	(void)h;
	for (i = ID_DI; i <= ID_SERVO; i++) {
		ec_slave_config_state_t st;

		ec_slave_config_state(f->sc[i], &st);
		if (!st.operational)
			return false;
	}
	return true;
}

static void op_setup(struct fixture *f)
{
	setup_op(f);
	ck_assert(run_until(&f->h, all_operational, f,
			    10 * EC_NSEC_PER_SEC));
	/* Some cycles more: every FSM job after OP done. */
	run_for(&f->h, 200 * EC_NSEC_PER_MSEC);
}

/* The OR of the simulated slaves' AL states (the coupler, without a
 * config, stays in PREOP). */
static u8 sim_states(struct ec_harness *h)
{
	unsigned int id;
	u8 or = 0;

	for (id = 0; id < N_SLAVES; id++)
		or |= ecsim_slave_al_status(h->seg, id);
	return or;
}

/* Every config online, operational, in OP; the master's OR is the
 * simulator's, which has every configured slave in OP. */
static void check_all_op(struct fixture *f, const char *when)
{
	ec_master_state_t ms;
	unsigned int i;

	for (i = ID_DI; i <= ID_SERVO; i++)
		ck_assert_uint_eq(ecsim_slave_al_status(f->h.seg, i),
				  EC_AL_STATE_OP_);

	for (i = ID_DI; i <= ID_SERVO; i++) {
		ec_slave_config_state_t st;

		ec_slave_config_state(f->sc[i], &st);
		if (!(st.online && st.operational) && getenv("EC_TEST_LOG"))
			fputs(log_text, stderr);
		ck_assert_msg(st.online && st.operational &&
			      st.al_state == EC_AL_STATE_OP_,
			      "%s: config %u online %u operational %u al_state 0x%x",
			      when, i, st.online, st.operational, st.al_state);
	}
	ec_master_get_state(&f->h.master, &ms);
	ck_assert_msg(ms.al_states == sim_states(&f->h) &&
		      ms.slaves_responding == N_SLAVES,
		      "%s: master al_states 0x%x (simulator 0x%x), %u responding",
		      when, ms.al_states, sim_states(&f->h),
		      ms.slaves_responding);
}

/*
 * One lost frame: the domain's working counter is 0 in the cycle that
 * finds it lost, and that is all that changes (IgH: operational is the
 * slave's AL state OP and no configuration pending, nothing else).
 */
START_TEST(test_lost_frame_keeps_operational)
{
	struct fixture f;
	unsigned int run;

	op_setup(&f);
	check_all_op(&f, "before");
	for (run = 0; run < 3; run++) {
		f.h.drop_frames = 1;	/* the frame this cycle sends */
		cycle(&f.h);
		cycle(&f.h);		/* its receive finds it lost */
		ck_assert_int_eq(f.domain->wc_state, EC_WC_ZERO);
		check_all_op(&f, "frame lost");
		cycle(&f.h);
		ck_assert_int_eq(f.domain->wc_state, EC_WC_COMPLETE);
		check_all_op(&f, "after");
	}
	teardown(&f);
}
END_TEST

/*
 * 20 % of the frames lost for 4 s at a 10 ms cycle, the simulated slaves
 * staying in OP: only the domain's working counter shows it; online,
 * operational, al_state and the master's al_states never leave OP.
 */
START_TEST(test_loss_20_percent)
{
	struct fixture f;
	unsigned int i, zero = 0, complete = 0;
	char when[32];

	op_setup(&f);
	ec_master_set_send_interval(&f.h.master, 10 * EC_NSEC_PER_MSEC);
	run_for(&f.h, 100 * EC_NSEC_PER_MSEC);
	check_all_op(&f, "before");
	if (getenv("EC_TEST_SEED"))
		ecsim_segment_seed(f.h.seg, atoi(getenv("EC_TEST_SEED")));
	ck_assert_int_eq(ecsim_segment_set_drop(f.h.seg, 20), 0);
	for (i = 0; i < 400; i++) {
		cycle(&f.h);
		f.h.now_ns += 10 * EC_NSEC_PER_MSEC - EC_HARNESS_CYCLE_NS;
		if (f.domain->wc_state == EC_WC_ZERO)
			zero++;
		else if (f.domain->wc_state == EC_WC_COMPLETE)
			complete++;
		snprintf(when, sizeof(when), "cycle %u", i);
		check_all_op(&f, when);
	}
	ck_assert_int_eq(ecsim_segment_set_drop(f.h.seg, 0), 0);
	/* The loss was there, and cost cycles, not more. */
	ck_assert_uint_ge(zero, 40);
	ck_assert_uint_ge(complete, 240);
	ck_assert_uint_eq(zero + complete, 400);
	teardown(&f);
}
END_TEST

/*
 * Deactivated and activated again at once, the slaves still in OP: the
 * new configs are not operational before they were applied (IgH sets
 * force_config at deactivation), even when a new config gets the
 * address of the old one.
 */
START_TEST(test_reactivation_reconfigures)
{
	struct fixture f;
	const struct ec_slave_config *old[N_SLAVES];
	unsigned int i, reused = 0, runs[N_SLAVES];

	op_setup(&f);
	for (i = ID_DI; i <= ID_SERVO; i++)
		runs[i] = fsm_of(&f.h, i)->target.config_runs;
	for (i = ID_DI; i <= ID_SERVO; i++)
		old[i] = f.sc[i];
	ec_master_deactivate(&f.h.master, f.h.now_ns);
	/* The new configs in reverse order: the allocator tends to hand
	 * each the memory of its slave's old one (the case that matters). */
	f.domain = ec_master_create_domain(&f.h.master);
	ck_assert_ptr_nonnull(f.domain);
	f.sc[ID_SERVO] = config(&f, SERVO_ALIAS, 0, VID_ECSIM, PC_SERVO);
	f.sc[ID_AO] = config(&f, 0, ID_AO, VID_BECKHOFF, PC_EL4102);
	f.sc[ID_AI] = config(&f, 0, ID_AI, VID_BECKHOFF, PC_EL3102);
	f.sc[ID_DO] = config(&f, 0, ID_DO, VID_BECKHOFF, PC_EL2008);
	f.sc[ID_DI] = config(&f, 0, ID_DI, VID_BECKHOFF, PC_EL1008);
	for (i = ID_DI; i <= ID_SERVO; i++)
		reused += f.sc[i] == old[i];
	if (getenv("EC_TEST_LOG"))
		fprintf(stderr, "%u configs at their old address\n", reused);
	register_entries(&f);
	activate(&f);
	for (i = ID_DI; i <= ID_SERVO; i++)
		ck_assert_uint_eq(ecsim_slave_al_status(f.h.seg, i),
				  EC_AL_STATE_OP_);
	/* Until its configuration job ran, no config is operational. */
	while (!all_operational(&f.h, &f)) {
		for (i = ID_DI; i <= ID_SERVO; i++) {
			ec_slave_config_state_t st;

			ec_slave_config_state(f.sc[i], &st);
			ck_assert_msg(!st.operational ||
				      fsm_of(&f.h, i)->target.config_runs >
				      runs[i],
				      "config %u operational before it was applied",
				      i);
		}
		ck_assert_uint_lt(f.h.now_ns, 60 * EC_NSEC_PER_SEC);
		cycle(&f.h);
	}
	for (i = ID_DI; i <= ID_SERVO; i++)
		ck_assert_uint_gt(fsm_of(&f.h, i)->target.config_runs,
				  runs[i]);
	teardown(&f);
}
END_TEST

/*
 * The errno of each error case of the configuration calls, as IgH 1.6's
 * master/slave_config.c returns it (doc/IGH-SEMANTICS.md): a sync manager
 * index out of range is -ENOENT in ecrt_slave_config_sync_manager() and
 * ecrt_slave_config_pdos() but -EINVAL in ecrt_slave_config_pdo_assign_add()
 * and ecrt_slave_config_reg_pdo_entry_pos(); an entry that is not mapped is
 * -ENOENT; a bit entry registered without a bit_position is -EFAULT; an
 * unassigned PDO's mapping is -ENOENT; the IDN drive number and state and
 * the state timeout's states are -EINVAL.
 */
START_TEST(test_config_errnos)
{
	static const ec_sync_info_t bad_sm[] = {
		{ EC_MAX_SYNC_MANAGERS, EC_DIR_OUTPUT, 0, NULL, EC_WD_DEFAULT },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT }
	};
	struct fixture f;
	struct ec_slave_config *di;
	unsigned int bit;
	u8 one = 1;

	setup(&f);
	f.domain = ec_master_create_domain(&f.h.master);
	ck_assert_ptr_nonnull(f.domain);
	di = f.sc[ID_DI];
	ck_assert_int_eq(ec_slave_config_sync_manager(di, EC_MAX_SYNC_MANAGERS,
						      EC_DIR_INPUT,
						      EC_WD_DEFAULT), -ENOENT);
	ck_assert_int_eq(ec_slave_config_sync_manager(di, 0, EC_DIR_INVALID,
						      EC_WD_DEFAULT), -EINVAL);
	ck_assert_int_eq(ec_slave_config_pdos(di, EC_END, bad_sm), -ENOENT);
	ck_assert_int_eq(ec_slave_config_pdo_assign_add(di,
							EC_MAX_SYNC_MANAGERS,
							0x1a00), -EINVAL);
	ck_assert_int_eq(ec_slave_config_pdo_mapping_add(di, 0x1a55, 0x6000, 1,
							 1), -ENOENT);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(di, 0x5555, 1, f.domain,
						       &bit), -ENOENT);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry_pos(di,
							   EC_MAX_SYNC_MANAGERS,
							   0, 0, f.domain,
							   &bit), -EINVAL);
	/* 0x6000:01 is bit 0 of the SM's byte, 0x6010:01 bit 1 */
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(di, 0x6000, 1, f.domain,
						       NULL), 0);
	ck_assert_int_eq(ec_slave_config_reg_pdo_entry(di, 0x6010, 1, f.domain,
						       NULL), -EFAULT);
	ck_assert_int_eq(ec_slave_config_idn(di, 8, 0x0001, EC_AL_STATE_PREOP,
					     &one, 1), -EINVAL);
	ck_assert_int_eq(ec_slave_config_idn(di, 0, 0x0001, EC_AL_STATE_OP,
					     &one, 1), -EINVAL);
	teardown(&f);
}
END_TEST

static Suite *igh_state_suite(void)
{
	Suite *s = suite_create("igh_state");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_lost_frame_keeps_operational);
	tcase_add_test(tc, test_loss_20_percent);
	tcase_add_test(tc, test_reactivation_reconfigures);
	tcase_add_test(tc, test_config_errnos);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(igh_state_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
