// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_abi.c - the ioctl ABI: layouts (at compile time, see
 * abi_layout.h) and command words (at run time).
 */
#include <check.h>
#include <sys/ioctl.h>

#include "abi_layout.h"

START_TEST(test_command_words)
{
	/* The size is part of each command word: a layout change shows. */
	ck_assert_uint_eq(_IOC_SIZE(EC_IOCTL_MASTER),
			  sizeof(struct ec_ioctl_master));
	ck_assert_uint_eq(_IOC_SIZE(EC_IOCTL_SLAVE),
			  sizeof(struct ec_ioctl_slave));
	ck_assert_uint_eq(_IOC_TYPE(EC_IOCTL_MODULE), EC_IOCTL_TYPE);
	ck_assert_uint_eq(_IOC_NR(EC_IOCTL_MODULE), 0);
	ck_assert_uint_le(_IOC_NR(EC_IOCTL_MASTER_DEBUG), EC_IOCTL_NR_MAX);
	ck_assert_uint_eq(_IOC_DIR(EC_IOCTL_MODULE), _IOC_READ);
	ck_assert_uint_eq(_IOC_DIR(EC_IOCTL_SLAVE), _IOC_READ | _IOC_WRITE);
	ck_assert_uint_eq(_IOC_DIR(EC_IOCTL_MASTER_RESCAN), _IOC_NONE);
	/* The capture's commands keep to their range, 0x80-0x87. */
	ck_assert_uint_eq(_IOC_NR(EC_IOCTL_CAPTURE_READ), 0x80);
	ck_assert_uint_le(_IOC_NR(EC_IOCTL_RECORDER_READ), 0x87);
	ck_assert_uint_le(0x87, EC_IOCTL_NR_MAX);
	/* Hot connect: 0xa0-0xa7. */
	ck_assert_uint_eq(_IOC_NR(EC_IOCTL_HC_GROUP_CREATE), 0xa0);
	ck_assert_uint_le(_IOC_NR(EC_IOCTL_CONFIG_HC_GROUP), 0xa7);
	ck_assert_uint_le(0xa7, EC_IOCTL_NR_MAX);
	ck_assert_uint_eq(_IOC_SIZE(EC_IOCTL_HC_GROUP_STATE),
			  sizeof(struct ec_ioctl_hc_group_state));
	ck_assert_uint_eq(_IOC_SIZE(EC_IOCTL_RECORDER_INFO),
			  sizeof(struct ec_ioctl_recorder_info));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("abi");
	TCase *tc = tcase_create("ioctl");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_command_words);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
