// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_fsm_pdo_conf.c - the PDO assignment and mapping an application
 * configures, written over CoE into the servo of the in-process segment
 * in PREOP and honoured by it on SAFEOP: a remap to another RxPDO, and a
 * changed mapping of the assigned one.
 */
#include "config_harness.h"

/* The servo's outputs move from RxPDO 0x1600 to 0x1601 (6 bytes). */
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

/* Only the mapping of the assigned RxPDO changes: written, SM2 follows. */
START_TEST(test_mapping_only)
{
	static const ec_pdo_entry_info_t rx1[] = {
		{ 0x6040, 0x00, 16 }, { 0x60FF, 0x00, 32 },
		{ 0x6060, 0x00, 8 },
	};
	static const ec_pdo_info_t rx[] = { { 0x1600, 3, rx1 } };
	static const ec_sync_info_t syncs[] = {
		{ 2, EC_DIR_OUTPUT, 1, rx, EC_WD_DISABLE },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
	};
	unsigned int servo_only[] = { ID_SERVO };
	struct fixture f;

	setup(&f);
	ck_assert_int_eq(ec_slave_config_pdos(f.sc[ID_SERVO], 2, syncs), 0);
	f.off_servo_out = reg(&f, f.sc[ID_SERVO], 0x60FF, 0);
	f.off_servo_in = reg(&f, f.sc[ID_SERVO], 0x6041, 0);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, servo_only, 1, EC_AL_STATE_OP_,
				 5 * EC_NSEC_PER_SEC));
	/* Three entries and the count, no assignment written. */
	ck_assert_uint_eq(fsm_of(&f.h, ID_SERVO)->config.pdo_conf.written, 5);
	ck_assert_uint_eq(sdo_read(&f.h, ID_SERVO, 0x1600, 0), 3);
	ck_assert_uint_eq(sdo_read(&f.h, ID_SERVO, 0x1600, 3), 0x60600008);
	/* 7 bytes; the watchdog bit of the SII's 0x64 taken off. */
	check_sm(&f.h, ID_SERVO, 2, 0x1100, 7, 0x24);
	teardown(&f);
}
END_TEST

static Suite *fsm_pdo_conf_suite(void)
{
	Suite *s = suite_create("fsm_pdo_conf");
	TCase *tc = tcase_create("pdo_conf");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_pdo_remap);
	tcase_add_test(tc, test_mapping_only);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(fsm_pdo_conf_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
