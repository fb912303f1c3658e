// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_alias.c - duplicate station aliases (issue 29): the scan finds
 * them and logs one line per alias naming the slaves; a config addressed
 * by such an alias is created (ecrt_master_slave_config() returns it, as
 * IgH 1.6's does whatever the bus holds) but attached to none of them,
 * with a log line that says why, and it attaches once the alias is unique
 * again.  Configs by position and by a unique alias are not affected.
 * doc/SPECNOTES.md, "Duplicate station aliases".
 */
#include "harness.h"
#include "app/slave_config.h"

#define BECKHOFF 0x00000002
#define EL1008 0x03f03052
#define EL2008 0x07d83052

/* EK1100; EL1008 and EL2008 with alias 7; EL2008 with alias 9 */
static const char seg_json[] =
	"{ \"slaves\": [ { \"model\": \"EK1100\" },"
	" { \"model\": \"EL1008\", \"alias\": 7 },"
	" { \"model\": \"EL2008\", \"alias\": 7 },"
	" { \"model\": \"EL2008\", \"alias\": 9 } ] }";
static const unsigned int n_slaves = 4;

static struct ec_harness h;
static char log_lines[64][256];
static unsigned int log_count;

static void capture_log(int level, const char *line)
{
	(void)level;
	if (log_count < 64)
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

static void setup(void)
{
	char err[256];
	struct ecsim_segment *seg;

	/* the segment file itself is accepted, with a warning */
	seg = ecsim_segment_new_string(seg_json, err, sizeof(err));
	ck_assert_msg(seg, "%s", err);
	ck_assert_ptr_nonnull(ecsim_segment_warnings(seg));
	ecsim_segment_free(seg);

	log_count = 0;
	ec_port_set_log(capture_log);
	ec_harness_init(&h, seg_json);
	ck_assert(ec_harness_run_until(&h, ec_harness_all_ready,
				       (void *)&n_slaves,
				       10 * EC_NSEC_PER_SEC));
}

static void teardown(void)
{
	ec_port_set_log(NULL);
	ec_master_clear_config(&h.master);
	ec_harness_clear(&h);
}

START_TEST(test_scan_finds_duplicates)
{
	struct ec_slave *const *s = h.master.slaves;

	ck_assert_uint_eq(h.master.dup_aliases, 1);
	ck_assert_uint_eq(s[0]->alias_holders, 0);
	ck_assert_uint_eq(s[1]->effective_alias, 7);
	ck_assert_uint_eq(s[1]->alias_holders, 2);
	ck_assert_uint_eq(s[1]->alias_next, 2);
	ck_assert_uint_eq(s[2]->alias_holders, 2);
	ck_assert_uint_eq(s[2]->alias_next, 1);	/* wraps to the first */
	ck_assert_uint_eq(s[3]->effective_alias, 9);
	ck_assert_uint_eq(s[3]->alias_holders, 0);
	ck_assert_uint_eq(logged("slaves 1 and 2 have the same station alias 7"),
			  1);
	ck_assert_uint_eq(logged("same station alias 9"), 0);
}
END_TEST

START_TEST(test_ambiguous_alias_not_attached)
{
	struct ec_slave_config *sc, *sc1, *by_pos, *unique;
	ec_slave_config_state_t st;

	/* IgH 1.6.1: the config is created whatever the bus holds */
	sc = ec_master_slave_config(&h.master, 7, 0, BECKHOFF, EL1008);
	ck_assert_ptr_nonnull(sc);
	ck_assert_ptr_null(sc->slave);
	ck_assert(sc->alias_ambiguous);
	ck_assert(!sc->identity_mismatch);
	ck_assert_ptr_null(h.master.slaves[1]->config);
	ck_assert_ptr_null(h.master.slaves[2]->config);
	ck_assert_uint_eq(logged("config 7:0: not attached: station alias 7 is on 2 slaves (0-1, 0-2), an address by it is ambiguous"),
			  1);
	ec_slave_config_state(sc, &st);
	ck_assert_uint_eq(st.online, 0);
	ck_assert_uint_eq(st.al_state, 0);
	/* attaching again does not repeat the line */
	ec_master_attach_slave_configs(&h.master);
	ec_master_attach_slave_configs(&h.master);
	ck_assert_uint_eq(logged("not attached: station alias 7"), 1);

	/* relative to the ambiguous alias: just as ambiguous */
	sc1 = ec_master_slave_config(&h.master, 7, 1, BECKHOFF, EL2008);
	ck_assert_ptr_nonnull(sc1);
	ck_assert_ptr_null(sc1->slave);
	ck_assert(sc1->alias_ambiguous);

	/* by position and by a unique alias: attached as before */
	by_pos = ec_master_slave_config(&h.master, 0, 2, BECKHOFF, EL2008);
	ck_assert_ptr_eq(by_pos->slave, h.master.slaves[2]);
	unique = ec_master_slave_config(&h.master, 9, 0, BECKHOFF, EL2008);
	ck_assert_ptr_eq(unique->slave, h.master.slaves[3]);
	ck_assert(!unique->alias_ambiguous);
}
END_TEST

/* Once the alias is unique (another alias written, the segment scanned
 * again), the config attaches to the one slave that has it. */
START_TEST(test_attaches_when_unique)
{
	struct ec_slave_config *sc;

	sc = ec_master_slave_config(&h.master, 7, 0, BECKHOFF, EL1008);
	ck_assert_ptr_null(sc->slave);
	h.master.slaves[2]->effective_alias = 8;	/* as a rescan would see */
	ec_master_find_duplicate_aliases(&h.master);
	ck_assert_uint_eq(h.master.dup_aliases, 0);
	ck_assert_uint_eq(h.master.slaves[1]->alias_holders, 0);
	ec_master_attach_slave_configs(&h.master);
	ck_assert_ptr_eq(sc->slave, h.master.slaves[1]);
	ck_assert(!sc->alias_ambiguous);
}
END_TEST

/* Many slaves sharing one alias, several aliases shared: every holder
 * counted, each alias logged once, the list of slaves cut short. */
START_TEST(test_many_holders)
{
	struct ec_slave *const *s = h.master.slaves;
	unsigned int i;

	for (i = 0; i < n_slaves; i++)
		s[i]->effective_alias = 5;
	log_count = 0;
	ec_master_find_duplicate_aliases(&h.master);
	ck_assert_uint_eq(h.master.dup_aliases, 1);
	for (i = 0; i < n_slaves; i++) {
		ck_assert_uint_eq(s[i]->alias_holders, n_slaves);
		ck_assert_uint_eq(s[i]->alias_next, (i + 1) % n_slaves);
	}
	ck_assert_uint_eq(logged("slaves 0, 1, 2 and 3 have the same station alias 5"),
			  1);
	s[0]->effective_alias = 3;
	s[1]->effective_alias = 3;
	log_count = 0;
	ec_master_find_duplicate_aliases(&h.master);
	ck_assert_uint_eq(h.master.dup_aliases, 2);
	ck_assert_uint_eq(logged("slaves 0 and 1 have the same station alias 3"),
			  1);
	ck_assert_uint_eq(logged("slaves 2 and 3 have the same station alias 5"),
			  1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("alias");
	TCase *tc = tcase_create("duplicates");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_scan_finds_duplicates);
	tcase_add_test(tc, test_ambiguous_alias_not_attached);
	tcase_add_test(tc, test_attaches_when_unique);
	tcase_add_test(tc, test_many_holders);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
