// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_soe_config.c - startup IDNs (ecrt_slave_config_idn) on the way to
 * OP: the SERCOS drive ECSIM-SOE gets a longer AT configuration in PREOP
 * and a parameter in SAFEOP, reaches OP with process data laid out as its
 * IDNs say, and its position feedback follows the command; a refused
 * startup IDN stops the configuration with the drive's error code.
 */
#include "config_harness.h"
#include "mailbox/fsm_soe.h"
#include "mailbox/mbox_text.h"

#include "sim_priv.h"

#define ID_DRIVE 1
#define PC_SOE 0x00000503

static const char *const soe_segment =
	"{ \"slaves\": [ { \"model\": \"EK1100\" },"
	" { \"model\": \"ECSIM-SOE\" } ] }";

/* The AT gets the velocity feedback S-0-0040 as well (10 bytes). */
static const u8 at_list[] = { 6, 0, 6, 0, 135, 0, 51, 0, 40, 0 };

static const ec_pdo_entry_info_t mdt_e[] = {
	{ 0x0086, 0, 16 }, { 0x002f, 0, 32 },
};
static const ec_pdo_entry_info_t at_e[] = {
	{ 0x0087, 0, 16 }, { 0x0033, 0, 32 }, { 0x0028, 0, 32 },
};
static const ec_pdo_info_t mdt_p[] = { { 0x1600, 2, mdt_e } };
static const ec_pdo_info_t at_p[] = { { 0x1a00, 3, at_e } };
static const ec_sync_info_t drive_s[] = {
	{ 2, EC_DIR_OUTPUT, 1, mdt_p, EC_WD_DEFAULT },
	{ 3, EC_DIR_INPUT, 1, at_p, EC_WD_DEFAULT },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static struct ec_slave_config *drive_config(struct fixture *f)
{
	f->domain = ec_master_create_domain(&f->h.master);
	ck_assert_ptr_nonnull(f->domain);
	f->sc[ID_DRIVE] = config(f, 0, ID_DRIVE, VID_ECSIM, PC_SOE);
	ck_assert_int_eq(ec_slave_config_pdos(f->sc[ID_DRIVE], 3, drive_s),
			 0);
	f->off_servo_out = reg(f, f->sc[ID_DRIVE], 0x002f, 0);
	f->off_servo_in = reg(f, f->sc[ID_DRIVE], 0x0033, 0);
	return f->sc[ID_DRIVE];
}

static void soe_setup(struct fixture *f)
{
	log_text[0] = '\0';
	ec_port_set_log(log_sink);
	ec_harness_init(&f->h, soe_segment);
	wait_ready(&f->h, 2);
}

static bool feedback_is(struct ec_harness *h, void *ctx)
{
	struct fixture *f = ctx;

	(void)h;
	return ec_get_u32(f->domain->data + f->off_servo_in) == 123456;
}

START_TEST(test_startup_idns)
{
	static const unsigned int ids[] = { ID_DRIVE };
	struct fixture f;
	struct ec_slave_config *sc;
	struct ecsim_slave *s;
	u8 v[4];

	soe_setup(&f);
	sc = drive_config(&f);
	ck_assert_int_eq(ec_slave_config_idn(sc, 0, 16, EC_AL_STATE_PREOP_,
					     at_list, sizeof(at_list)), 0);
	ec_put_u32(v, 500);
	ck_assert_int_eq(ec_slave_config_idn(sc, 0, 0x8001,
					     EC_AL_STATE_SAFEOP_, v, 4), 0);
	/* Bad arguments. */
	ck_assert_int_eq(ec_slave_config_idn(sc, 8, 1, EC_AL_STATE_PREOP_, v,
					     2), -EINVAL);
	ck_assert_int_eq(ec_slave_config_idn(sc, 0, 1, EC_AL_STATE_OP_, v,
					     2), -EINVAL);
	ck_assert_int_eq(ec_slave_config_idn(sc, 0, 1, EC_AL_STATE_PREOP_, v,
					     0), -EINVAL);
	/* Feature flags: a key set again keeps its place, new value. */
	ck_assert_int_eq(ec_slave_config_flag(sc, "Timeout", 10), 0);
	ck_assert_int_eq(ec_slave_config_flag(sc, "Mode", -2), 0);
	ck_assert_int_eq(ec_slave_config_flag(sc, "Timeout", 20), 0);
	ck_assert_int_eq(ec_slave_config_flag(sc, "", 1), -EINVAL);
	ck_assert_int_eq(ec_list_entry(sc->flags.next, struct ec_flag_config,
				       node)->value, 20);
	ck_assert_ptr_eq(sc->flags.next->next->next, &sc->flags);
	activate(&f);
	ck_assert(wait_sim_state(&f.h, ids, 1, ESC_AL_OP,
				 10 * EC_NSEC_PER_SEC));
	s = &f.h.seg->slaves[ID_DRIVE];
	ck_assert_uint_eq(s->pd_in.bits, 80);
	ck_assert_uint_eq(s->pd_in.e[2].index, 40);
	/* The drive follows the command over the process data. */
	ec_put_u32(v, 123456);
	set_output(f.domain->data + f.off_servo_out, v, 4);
	ck_assert(run_until(&f.h, feedback_is, &f, EC_NSEC_PER_SEC));
	teardown(&f);
}
END_TEST

START_TEST(test_startup_idn_refused)
{
	struct fixture f;
	struct ec_slave_config *sc;
	u8 v[4];

	soe_setup(&f);
	sc = drive_config(&f);
	ec_put_u32(v, 5000);	/* above the maximum of 1000 */
	ck_assert_int_eq(ec_slave_config_idn(sc, 0, 0x8001,
					     EC_AL_STATE_PREOP_, v, 4), 0);
	activate(&f);
	run_for(&f.h, 2 * EC_NSEC_PER_SEC);
	ck_assert_uint_eq(sim_state(&f.h, ID_DRIVE), ESC_AL_PREOP);
	ck_assert_msg(log_has("startup IDN P-0-0001 (drive 0) refused: 0x7007"),
		      "%s", log_text);
	teardown(&f);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("soe_config");
	TCase *tc = tcase_create("soe_config");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_startup_idns);
	tcase_add_test(tc, test_startup_idn_refused);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
