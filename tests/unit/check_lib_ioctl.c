// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * check_lib_ioctl.c - libethercat's ioctl layer.  open() and ioctl() are
 * wrapped by the linker (--wrap) so that this test plays the module: it
 * checks what the wrappers send (command, fields, reserved words zero)
 * and how they report answers, errors and a version mismatch.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ec_lib.h"

int __real_open(const char *path, int flags, ...);
int __real_ioctl(int fd, unsigned long req, ...);

static uint32_t module_version = EC_IOCTL_VERSION;
static char opened_path[64];
static int opened_flags;
static int fail_open;		/* errno to fail open() with */
static int eintr_once;		/* fail the next ioctl with EINTR once */
static int ioctl_calls;
static unsigned long last_req;

int __wrap_open(const char *path, int flags, ...)
{
	if (strncmp(path, "/dev/EtherCAT", 13))
		return __real_open(path, flags, 0);
	snprintf(opened_path, sizeof(opened_path), "%s", path);
	opened_flags = flags;
	if (fail_open) {
		errno = fail_open;
		return -1;
	}
	return __real_open("/dev/null", O_RDONLY);
}

static int all_zero(const void *p, size_t n)
{
	const uint8_t *b = p;

	while (n--)
		if (*b++)
			return 0;
	return 1;
}

int __wrap_ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;

	(void)fd;
	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	ioctl_calls++;
	last_req = req;
	if (eintr_once) {
		eintr_once = 0;
		errno = EINTR;
		return -1;
	}

	if (req == EC_IOCTL_MODULE) {
		struct ec_ioctl_module *m = arg;

		m->ioctl_version = module_version;
		m->master_count = 2;
		return 0;
	}
	if (req == EC_IOCTL_SLAVE) {
		struct ec_ioctl_slave *s = arg;

		ck_assert(all_zero(s->reserved, sizeof(s->reserved)));
		if (s->position == 7) {
			errno = EINVAL;
			return -1;
		}
		s->vendor_id = 0x2;
		memset(s->name, 'x', sizeof(s->name));	/* no NUL */
		return 0;
	}
	if (req == EC_IOCTL_SLAVE_SDO_UPLOAD) {
		struct ec_ioctl_slave_sdo_transfer *t = arg;

		ck_assert_uint_eq(t->slave_position, 3);
		ck_assert_uint_eq(t->sdo_index, 0x1018);
		ck_assert_uint_eq(t->sdo_entry_subindex, 1);
		ck_assert_uint_eq(t->data_size, 16);
		ck_assert(all_zero(t->reserved, sizeof(t->reserved)));
		if (t->complete_access) {
			t->abort_code = 0x06020000;
			errno = EIO;
			return -1;
		}
		memcpy((void *)(uintptr_t)t->data, "\x02\0\0\0", 4);
		t->result_size = 4;
		return 0;
	}
	if (req == EC_IOCTL_SLAVE_REG_WRITE) {
		struct ec_ioctl_slave_reg *r = arg;

		ck_assert_uint_eq(r->address, 0x0120);
		ck_assert_uint_eq(r->size, 2);
		ck_assert_uint_eq(r->emergency, 1);
		ck_assert_mem_eq((void *)(uintptr_t)r->data, "\x02\x00", 2);
		return 0;
	}
	if (req == EC_IOCTL_MASTER_DEBUG) {
		struct ec_ioctl_debug *d = arg;

		ck_assert_uint_eq(d->level, 2);
		errno = EPERM;
		return -1;
	}
	errno = ENOTTY;
	return -1;
}

static void reset(void)
{
	module_version = EC_IOCTL_VERSION;
	fail_open = 0;
	eintr_once = 0;
	ioctl_calls = 0;
	opened_path[0] = '\0';
}

START_TEST(test_open_ok)
{
	struct ec_lib_master m;

	reset();
	ck_assert_int_eq(ec_lib_open(&m, 3, true), 0);
	ck_assert_str_eq(opened_path, "/dev/EtherCAT3");
	ck_assert_int_eq(opened_flags & O_ACCMODE, O_RDWR);
	ck_assert_uint_eq(m.module.master_count, 2);
	ec_lib_close(&m);
	ck_assert_int_eq(ec_lib_open(&m, 0, false), 0);
	ck_assert_int_eq(opened_flags & O_ACCMODE, O_RDONLY);
	ec_lib_close(&m);
}
END_TEST

START_TEST(test_open_missing)
{
	struct ec_lib_master m;

	reset();
	fail_open = ENOENT;
	ck_assert_int_eq(ec_lib_open(&m, 0, false), -ENOENT);
	ck_assert_ptr_nonnull(strstr(ec_lib_error(&m),
		"failed to open /dev/EtherCAT0: No such file or directory"));
	ck_assert_int_eq(m.fd, -1);
	ck_assert_int_eq(ioctl_calls, 0);
}
END_TEST

START_TEST(test_version_mismatch)
{
	struct ec_lib_master m;
	char want[160];

	reset();
	module_version = EC_IOCTL_VERSION + 1;
	ck_assert_int_eq(ec_lib_open(&m, 0, false), -EPROTO);
	snprintf(want, sizeof(want),
		 "ioctl ABI version mismatch: library/tool built for %u, module ec_master speaks %u; rebuild or reinstall one of them",
		 EC_IOCTL_VERSION, EC_IOCTL_VERSION + 1);
	ck_assert_str_eq(ec_lib_error(&m), want);
	ck_assert_int_eq(m.fd, -1);
	ck_assert_uint_eq(m.module.ioctl_version, EC_IOCTL_VERSION + 1);
	ck_assert(ec_lib_version_matches(EC_IOCTL_VERSION));
	ck_assert(!ec_lib_version_matches(EC_IOCTL_VERSION + 1));
}
END_TEST

START_TEST(test_slave)
{
	struct ec_lib_master m;
	struct ec_ioctl_slave s;

	reset();
	ck_assert_int_eq(ec_lib_open(&m, 0, false), 0);
	eintr_once = 1;		/* retried transparently */
	ck_assert_int_eq(ec_lib_slave(&m, 1, &s), 0);
	ck_assert_uint_eq(last_req, EC_IOCTL_SLAVE);
	ck_assert_uint_eq(s.vendor_id, 2);
	ck_assert_uint_eq(strlen(s.name), sizeof(s.name) - 1);
	ck_assert_int_eq(ec_lib_slave(&m, 7, &s), -EINVAL);
	ck_assert_str_eq(ec_lib_error(&m), "slave info: Invalid argument");
	ec_lib_close(&m);
	ck_assert_int_eq(ec_lib_slave(&m, 1, &s), -EBADF);
}
END_TEST

START_TEST(test_sdo_upload)
{
	struct ec_lib_master m;
	uint8_t buf[16];
	uint32_t abort_code = 1;
	size_t got = 0;

	reset();
	ck_assert_int_eq(ec_lib_open(&m, 0, true), 0);
	ck_assert_int_eq(ec_lib_sdo_upload(&m, 3, 0x1018, 1, false, buf,
					   sizeof(buf), &got, &abort_code), 0);
	ck_assert_uint_eq(got, 4);
	ck_assert_uint_eq(abort_code, 0);
	ck_assert_uint_eq(buf[0], 2);
	ck_assert_int_eq(ec_lib_sdo_upload(&m, 3, 0x1018, 1, true, buf,
					   sizeof(buf), &got, &abort_code),
			 -EIO);
	ck_assert_uint_eq(abort_code, 0x06020000);
	ec_lib_close(&m);
}
END_TEST

START_TEST(test_other_commands)
{
	struct ec_lib_master m;

	reset();
	ck_assert_int_eq(ec_lib_open(&m, 0, true), 0);
	ck_assert_int_eq(ec_lib_reg_write(&m, 0, true, 0x0120, 2, "\x02\x00"),
			 0);
	ck_assert_int_eq(ec_lib_debug(&m, 2), -EPERM);
	ck_assert_str_eq(ec_lib_error(&m),
			 "debug level: Operation not permitted");
	ck_assert_int_eq(ec_lib_rescan(&m), -ENOTTY);
	ck_assert_uint_eq(last_req, EC_IOCTL_MASTER_RESCAN);
	ck_assert_str_eq(ec_lib_strerror(-EPERM), "Operation not permitted");
	ec_lib_close(&m);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("lib_ioctl");
	TCase *tc = tcase_create("core");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_open_ok);
	tcase_add_test(tc, test_open_missing);
	tcase_add_test(tc, test_version_mismatch);
	tcase_add_test(tc, test_slave);
	tcase_add_test(tc, test_sdo_upload);
	tcase_add_test(tc, test_other_commands);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
