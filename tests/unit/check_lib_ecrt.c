// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_lib_ecrt.c - libethercat's userspace ecrt_* (lib/ecrt_*.c) over
 * ioctl: the test plays the module (lib_fake_module.c) and checks the
 * application commands the library sends (indices, plain integer
 * arguments on the cyclic path, reserved words zero) and how it turns
 * answers into IgH semantics (NULL + errno, offsets, mapped domain data,
 * request states).  The cyclic calls over the shared area are in
 * check_lib_ecrt_shm.c.
 */
#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt.h"
#include "lib_fake_module.h"

START_TEST(test_request_busy)
{
	fake_reset();
	fake.request_errno = EBUSY;
	errno = 0;
	ck_assert_ptr_null(ecrt_request_master(0));
	ck_assert_int_eq(errno, EBUSY);
}
END_TEST

/*
 * IgH 1.6: ecrt_master_sdo_upload() and ecrt_master_read_idn() return
 * -ENOBUFS when the value is larger than the buffer, and IgH's library
 * leaves *result_size alone on failure (doc/IGH-SEMANTICS.md); the
 * module's and the library's own check say -EOVERFLOW.
 */
START_TEST(test_upload_too_large)
{
	ec_master_t *m;
	uint8_t buf[4];
	size_t got = 99;
	uint32_t abort_code = 1;
	uint16_t error_code = 1;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(ecrt_master_sdo_upload(m, 1, 0x1018, 1, buf,
						sizeof(buf), &got,
						&abort_code), -ENOBUFS);
	ck_assert_uint_eq(got, 99);
	ck_assert_uint_eq(abort_code, 0);
	ck_assert_int_eq(ecrt_master_read_idn(m, 1, 0, 0x0001, buf,
					      sizeof(buf), &got,
					      &error_code), -ENOBUFS);
	ck_assert_uint_eq(got, 99);
	ecrt_release_master(m);
}
END_TEST

/*
 * IgH 1.6: ecrt_master_deactivate() on a master that is not active
 * returns -EINVAL and keeps the configuration: the same config object
 * comes back for the same address and the activation still has it.
 */
START_TEST(test_deactivate_not_active)
{
	ec_master_t *m;
	ec_slave_config_t *sc;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(ecrt_master_create_domain(m));
	/* the fake module gives position 9 the same config each time */
	sc = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(ecrt_master_deactivate(m), -EINVAL);
	ck_assert_ptr_eq(ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052), sc);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ck_assert_int_eq(ecrt_master_deactivate(m), -EINVAL);
	ecrt_release_master(m);
}
END_TEST

/*
 * IgH 1.6: ecrt_master_get_sync_manager(), _get_pdo() and
 * _get_pdo_entry() refuse a sync manager index of EC_MAX_SYNC_MANAGERS
 * or more with -ENOENT, before asking the module.
 */
START_TEST(test_get_sync_index)
{
	ec_master_t *m;
	ec_sync_info_t sync;
	ec_pdo_info_t pdo;
	ec_pdo_entry_info_t entry;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(ecrt_master_get_sync_manager(m, 0,
						      EC_MAX_SYNC_MANAGERS,
						      &sync), -ENOENT);
	ck_assert_int_eq(ecrt_master_get_pdo(m, 0, EC_MAX_SYNC_MANAGERS, 0,
					     &pdo), -ENOENT);
	ck_assert_int_eq(ecrt_master_get_pdo_entry(m, 0, 0xff, 0, 0, &entry),
			 -ENOENT);
	ecrt_release_master(m);
}
END_TEST

/*
 * The fields of ec_slave_info_t, ec_sync_info_t, ec_pdo_info_t and
 * ec_pdo_entry_info_t as IgH 1.6's library fills them from the module's
 * answer (doc/IGH-SEMANTICS.md): the SM direction from bit 2 and the
 * watchdog from bit 6 of the control register, pdos and entries NULL, the
 * name always terminated; -EINVAL for no slave at that position (IgH's
 * ioctl; its kernel call says -ENOENT).
 */
START_TEST(test_get_info_fields)
{
	ec_master_t *m;
	ec_slave_info_t si;
	ec_sync_info_t sync;
	ec_pdo_info_t pdo;
	ec_pdo_entry_info_t entry;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(ecrt_master_get_slave(m, 5, &si), -EINVAL);
	ck_assert_int_eq(ecrt_master_get_slave(m, 2, &si), 0);
	ck_assert_uint_eq(si.position, 2);
	ck_assert_uint_eq(si.vendor_id, 2);
	ck_assert_uint_eq(si.product_code, 0x07d83052);
	ck_assert_uint_eq(si.revision_number, 0x00110000);
	ck_assert_uint_eq(si.serial_number, 1234);
	ck_assert_uint_eq(si.alias, 7);
	ck_assert_int_eq(si.current_on_ebus, -20);
	ck_assert_uint_eq(si.al_state, 0x12);
	ck_assert_uint_eq(si.error_flag, 1);
	ck_assert_uint_eq(si.sync_count, 1);
	ck_assert_uint_eq(si.sdo_count, 33);
	ck_assert_int_eq(si.ports[0].desc, EC_PORT_EBUS);
	ck_assert_uint_eq(si.ports[0].link.link_up, 1);
	ck_assert_uint_eq(si.ports[0].link.loop_closed, 0);
	ck_assert_uint_eq(si.ports[0].link.signal_detected, 1);
	ck_assert_uint_eq(si.ports[0].next_slave, 3);
	ck_assert_uint_eq(si.ports[0].receive_time, 1000);
	ck_assert_uint_eq(si.ports[0].delay_to_next_dc, 150);
	ck_assert_uint_eq(si.ports[1].next_slave, 0xffff);
	ck_assert_uint_eq(strlen(si.name), EC_MAX_STRING_LENGTH - 1);

	ck_assert_int_eq(ecrt_master_get_sync_manager(m, 2, 0, &sync), 0);
	ck_assert_uint_eq(sync.index, 0);
	ck_assert_int_eq(sync.dir, EC_DIR_OUTPUT);	/* bit 2 */
	ck_assert_uint_eq(sync.n_pdos, 8);
	ck_assert_ptr_null(sync.pdos);
	ck_assert_int_eq(sync.watchdog_mode, EC_WD_ENABLE);	/* bit 6 */
	ck_assert_int_eq(ecrt_master_get_pdo(m, 2, 0, 1, &pdo), 0);
	ck_assert_uint_eq(pdo.index, 0x1601);
	ck_assert_uint_eq(pdo.n_entries, 1);
	ck_assert_ptr_null(pdo.entries);
	ck_assert_int_eq(ecrt_master_get_pdo_entry(m, 2, 0, 1, 0, &entry), 0);
	ck_assert_uint_eq(entry.index, 0x7010);
	ck_assert_uint_eq(entry.subindex, 1);
	ck_assert_uint_eq(entry.bit_length, 1);
	ecrt_release_master(m);
}
END_TEST

START_TEST(test_version_mismatch)
{
	fake_reset();
	fake.version = EC_IOCTL_VERSION + 1;
	errno = 0;
	ck_assert_ptr_null(ecrt_request_master(0));
	ck_assert_int_eq(errno, EPROTO);
}
END_TEST

START_TEST(test_cycle)
{
	ec_master_t *m;
	ec_domain_t *d0, *d1;
	ec_slave_config_t *sc, *again;
	unsigned int bit = 99;
	uint8_t emerg[EC_COE_EMERGENCY_MSG_SIZE];

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	d0 = ecrt_master_create_domain(m);
	d1 = ecrt_master_create_domain(m);
	ck_assert_ptr_nonnull(d0);
	ck_assert_ptr_nonnull(d1);
	sc = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	again = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_eq(sc, again);
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x6000, 2, d1,
							 &bit), 3);
	ck_assert_uint_eq(bit, 5);
	/* a bit entry without a place for its bit position: IgH's -EFAULT */
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x6000, 2, d1,
							 NULL), -EFAULT);
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x5555, 1, d1,
							 &bit), -ENOENT);
	ck_assert_int_eq(ecrt_slave_config_emerg_pop(sc, emerg), -ENOENT);

	ck_assert_ptr_null(ecrt_domain_data(d1));
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_ptr_eq(ecrt_domain_data(d0), fake.map);
	ck_assert_ptr_eq(ecrt_domain_data(d1), fake.map + DOMAIN1_OFFSET);

	ck_assert_int_eq(ecrt_master_receive(m), 0);
	ck_assert_int_eq(ecrt_domain_process(d1), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DOMAIN_PROCESS);
	ck_assert_uint_eq(fake.last_int_arg, 1);
	ck_assert_int_eq(ecrt_domain_queue(d0), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DOMAIN_QUEUE);
	ck_assert_uint_eq(fake.last_int_arg, 0);
	ck_assert_int_eq(ecrt_master_send(m), 0);
	ck_assert_uint_eq(fake.sends, 1);
	ck_assert_uint_eq(fake.receives, 1);
	/* interrupted by signals: retried, by pointer and by integer */
	fake.eintr = 2;
	ck_assert_int_eq(ecrt_master_send(m), 0);
	ck_assert_uint_eq(fake.sends, 2);
	fake.eintr = 3;
	ck_assert_int_eq(ecrt_slave_config_reg_pdo_entry(sc, 0x6000, 2, d1,
							 &bit), 3);
	ck_assert_uint_eq(fake.eintr, 0);

	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ck_assert_int_eq(fake.unmapped, 1);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DEACTIVATE);
	ecrt_release_master(m);
}
END_TEST

/* Hot connect: the four calls, each one ioctl naming the kernel's objects
 * by number; a bad name never reaches the module. */
START_TEST(test_hot_connect)
{
	ec_hc_group_state_t st;
	ec_slave_config_t *sc;
	ec_hc_group_t *g;
	ec_master_t *m;
	ec_domain_t *d1;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ecrt_master_create_domain(m);
	d1 = ecrt_master_create_domain(m);
	sc = ecrt_master_slave_config(m, 0, 9, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	errno = 0;
	ck_assert_ptr_null(ecrt_master_create_hc_group(m, ""));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(ecrt_master_create_hc_group(m,
		"a-name-longer-than-thirty-one-chars"));
	ck_assert_uint_eq(fake.hc_groups, 0);
	g = ecrt_master_create_hc_group(m, "tool");
	ck_assert_ptr_nonnull(g);
	ck_assert_int_eq(ecrt_hc_group_at_port(g, 0, 2, 1), 0);
	ck_assert_uint_eq(fake.hc_port.group_index, 4);
	ck_assert_uint_eq(fake.hc_port.at_port, 1);
	ck_assert_uint_eq(fake.hc_port.port_position, 2);
	ck_assert_uint_eq(fake.hc_port.port, 1);
	ck_assert_int_eq(ecrt_slave_config_hc_group(sc, g), 0);
	ck_assert_uint_eq(fake.hc_member.group_index, 4);
	ck_assert_uint_eq(fake.hc_member.config_index, 0);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_int_eq(ecrt_domain_group_state(d1, g, &st), 0);
	ck_assert_uint_eq(st.working_counter, 3);
	ck_assert_uint_eq(st.expected_working_counter, 3);
	ck_assert_int_eq(st.wc_state, EC_WC_COMPLETE);
	ck_assert_int_eq(st.presence, EC_HC_PRESENT);
	ecrt_release_master(m);
}
END_TEST

/* The DC calls without the shared area: one ioctl each, plain integers. */
START_TEST(test_dc)
{
	ec_master_t *m;
	ec_slave_config_t *sc;
	uint32_t t32 = 0;
	uint64_t t64 = 0;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(ecrt_master_create_domain(m));
	sc = ecrt_master_slave_config(m, 0, 1, 2, 0x03f03052);
	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(ecrt_slave_config_dc(sc, 0x0300, 1000000, -4000,
					      2000000, 500), 0);
	ck_assert_uint_eq(fake.sc_dc.assign_activate, 0x0300);
	ck_assert_uint_eq(fake.sc_dc.sync0_cycle, 1000000);
	ck_assert_int_eq(fake.sc_dc.sync0_shift, -4000);
	ck_assert_uint_eq(fake.sc_dc.sync1_cycle, 2000000);
	ck_assert_int_eq(fake.sc_dc.sync1_shift, 500);
	ck_assert_int_eq(ecrt_master_select_reference_clock(m, sc), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_SELECT_REF_CLOCK);
	ck_assert_uint_eq(fake.last_int_arg, 0);
	ck_assert_int_eq(ecrt_master_select_reference_clock(m, NULL), 0);
	ck_assert_uint_eq(fake.last_int_arg, 0xffffffffUL);
	ck_assert_int_eq(ecrt_master_activate(m), 0);
	ck_assert_int_eq(ecrt_master_sync_reference_clock(m), 0);
	ck_assert_uint_eq(fake.last_int_cmd, EC_IOCTL_DC_QUEUE);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_SYNC_REF);
	ck_assert_int_eq(ecrt_master_sync_slave_clocks(m), 0);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_SYNC_SLAVES);
	ck_assert_int_eq(ecrt_master_sync_monitor_queue(m), 0);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_MONITOR);
	ck_assert_int_eq(ecrt_master_64bit_reference_clock_time_queue(m), 0);
	ck_assert_uint_eq(fake.last_int_arg, EC_IOCTL_DC_REF_TIME64);
	ck_assert_int_eq(ecrt_master_sync_reference_clock_to(m,
			 0x0123456789abcdefULL), 0);
	ck_assert_uint_eq(fake.sync_to, 0x0123456789abcdefULL);
	ck_assert_int_eq(ecrt_master_reference_clock_time(m, &t32), 0);
	ck_assert_uint_eq(t32, 0x12345678);
	ck_assert_int_eq(ecrt_master_64bit_reference_clock_time(m, &t64),
			 -EIO);
	ck_assert_uint_eq(ecrt_master_sync_monitor_process(m), 17);
	ck_assert_int_eq(ecrt_master_deactivate(m), 0);
	ecrt_release_master(m);
}
END_TEST

START_TEST(test_pdos)
{
	static const ec_pdo_entry_info_t entries[] = {
		{ 0x7000, 1, 1 }, { 0x7010, 1, 1 },
	};
	static const ec_pdo_info_t pdos[] = {
		{ 0x1600, 2, entries },
		{ 0x1601, 0, NULL },	/* keep its default mapping */
	};
	static const ec_sync_info_t syncs[] = {
		{ 0, EC_DIR_OUTPUT, 2, pdos, EC_WD_ENABLE },
		{ 1, EC_DIR_INPUT, 0, NULL, EC_WD_DEFAULT },
		{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
		/* after EC_END: ignored */
		{ 2, EC_DIR_INPUT, 0, NULL, EC_WD_DEFAULT },
	};
	ec_master_t *m;
	ec_slave_config_t *sc;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	sc = ecrt_master_slave_config(m, 0, 2, 2, 0x07d83052);
	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(ecrt_slave_config_pdos(sc, EC_END, syncs), 0);
	ck_assert_str_eq(fake.log,
		"sync 0 1 1;clear 0;pdo 0 0x1600;clear-entries 0x1600;"
		"entry 0x1600 0x7000:1/1;entry 0x1600 0x7010:1/1;"
		"pdo 0 0x1601;sync 1 2 0;");
	ecrt_release_master(m);
}
END_TEST

START_TEST(test_sdo_request)
{
	ec_master_t *m;
	ec_slave_config_t *sc;
	ec_sdo_request_t *req;

	fake_reset();
	m = ecrt_request_master(0);
	ck_assert_ptr_nonnull(m);
	sc = ecrt_master_slave_config(m, 1001, 0, 0x0ec51d00, 0x402);
	ck_assert_ptr_nonnull(sc);
	req = ecrt_slave_config_create_sdo_request(sc, 0x1018, 1, 4);
	ck_assert_ptr_nonnull(req);
	ck_assert_uint_eq(ecrt_sdo_request_data_size(req), 4);
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_UNUSED);
	ck_assert_uint_eq(fake.sdo_state_calls, 0);	/* no ioctl needed */
	ck_assert_int_eq(ecrt_sdo_request_read(req), 0);
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_BUSY);
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_SUCCESS);
	ck_assert_uint_eq(EC_READ_U32(ecrt_sdo_request_data(req)),
			  0x0ec51d00);
	/* done: later polls cost no ioctl */
	ck_assert_int_eq(ecrt_sdo_request_state(req), EC_REQUEST_SUCCESS);
	ck_assert_uint_eq(fake.sdo_state_calls, 2);
	ecrt_release_master(m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("lib_ecrt");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_request_busy);
	tcase_add_test(tc, test_version_mismatch);
	tcase_add_test(tc, test_upload_too_large);
	tcase_add_test(tc, test_deactivate_not_active);
	tcase_add_test(tc, test_get_sync_index);
	tcase_add_test(tc, test_get_info_fields);
	tcase_add_test(tc, test_cycle);
	tcase_add_test(tc, test_dc);
	tcase_add_test(tc, test_hot_connect);
	tcase_add_test(tc, test_pdos);
	tcase_add_test(tc, test_sdo_request);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
