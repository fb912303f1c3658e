// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tool_mbox.c - the tool's mailbox commands (upload, download,
 * foe_read/foe_write, soe_read/soe_write, eoe, ip) end to end against
 * the fake ioctl layer of tool_fake_bus.h.  Output and exit codes are
 * checked.
 */
#include <check.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tool_run.h"
#include "tool_fake_bus.h"

START_TEST(test_upload)
{
	fake_bus();
	ck_assert_int_eq(run("upload", "-p", "2", "0x1018", "1", NULL), 0);
	ck_assert_str_eq(out, "0x00000002 2\n");
	ck_assert_int_eq(run("up", "-p", "2", "0x2000", "0", NULL), 0);
	ck_assert_str_eq(out, "hello\n");
	ck_assert_int_eq(run("upload", "-p2", "0x6000", "1", NULL), 0);
	ck_assert_str_eq(out, "0xfed4 -300\n");
	ck_assert_int_eq(run("upload", "-p2", "-t", "uint16", "0x6000", "1",
			     NULL), 0);
	ck_assert_str_eq(out, "0xfed4 65236\n");
	ck_assert_int_eq(run("upload", "-p2", "-t", "uint8", "0x9999", "0",
			     NULL), EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: upload: SDO transfer aborted with code 0x06020000: The object does not exist in the object dictionary\n");
	/* no dictionary entry and no --type */
	ck_assert_int_eq(run("upload", "-p2", "0x9999", "0", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "please specify --type");
	ck_assert_int_eq(run("upload", "0x1018", "1", NULL), EC_EXIT_USAGE);
	ck_has(err, "matches 3 slaves");
	ck_assert_int_eq(run("upload", "-p2", "0x10000", "1", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("upload", "-p2", "-t", "int7", "1", "1", NULL),
			 EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_upload_json)
{
	json_t *j, *sdo;

	fake_bus();
	ck_assert_int_eq(run("-j", "upload", "-p2", "0x6000", "1", NULL), 0);
	j = json_loads(out, 0, NULL);
	ck_assert_ptr_nonnull(j);
	sdo = json_object_get(j, "sdo");
	ck_assert_int_eq(json_integer_value(json_object_get(sdo, "value")),
			 -300);
	ck_assert_str_eq(json_string_value(json_object_get(sdo, "type")),
			 "int16");
	ck_assert_str_eq(json_string_value(json_object_get(sdo, "hex")),
			 "d4fe");
	json_decref(j);
}
END_TEST

START_TEST(test_download)
{
	fake_bus();
	ck_assert_int_eq(run("download", "-p2", "-t", "int16", "0x6000", "1",
			     "0x7fff", NULL), 0);
	ck_assert_uint_eq(dl_size, 2);
	ck_assert_mem_eq(dl_data, "\xff\x7f", 2);
	ck_assert(!dl_complete);
	/* type from the dictionary */
	ck_assert_int_eq(run("download", "-p2", "0x1018", "1", "258", NULL),
			 0);
	ck_assert_uint_eq(dl_size, 4);
	ck_assert_mem_eq(dl_data, "\x02\x01\x00\x00", 4);
	/* complete access: index and value only */
	ck_assert_int_eq(run("download", "-p2", "-t", "raw", "0x7000",
			     "01 02 03", NULL), 0);
	ck_assert(dl_complete);
	ck_assert_uint_eq(dl_size, 3);
	ck_assert_int_eq(run("download", "-p2", "-t", "int8", "0x6000", "1",
			     "300", NULL), EC_EXIT_USAGE);
	ck_has(err, "Value out of range");
}
END_TEST

START_TEST(test_foe)
{
	char src[] = "/tmp/ec_foe_srcXXXXXX", dst[] = "/tmp/ec_foe_dstXXXXXX";
	char path[64];
	FILE *f;
	int fd;

	fake_bus();
	fd = mkstemp(src);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, "firmware!", 9), 9);
	close(fd);
	fd = mkstemp(dst);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(run("foe_write", "-p2", "--password", "5", "-o",
			     "f.bin", src, NULL), 0);
	ck_assert_uint_eq(foe_len, 9);
	ck_assert_int_eq(run("foe_read", "-p2", "--password=5", "f.bin",
			     NULL), 0);
	ck_assert_str_eq(out, "firmware!");
	ck_assert_int_eq(run("foe_read", "-p2", "--password=5", "-o", dst,
			     "f.bin", NULL), 0);
	f = fopen(dst, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fread(path, 1, sizeof(path), f), 9);
	fclose(f);
	ck_assert_int_eq(memcmp(path, "firmware!", 9), 0);
	/* The slave's errors, with code, text and the slave's own text. */
	ck_assert_int_eq(run("foe_read", "-p2", "g.bin", NULL),
			 EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: foe_read: FoE read of 'g.bin' failed: error 0x00008001: Not found: no such file\n");
	ck_assert_int_eq(run("foe_write", "-p2", "-o", "f.bin", src, NULL),
			 EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: foe_write: FoE write of 'f.bin' failed: error 0x00008002: Access denied\n");
	/* Usage errors. */
	ck_assert_int_eq(run("foe_write", "-p2", "-", NULL), EC_EXIT_USAGE);
	ck_has(err, "--output-file");
	ck_assert_int_eq(run("foe_read", "-p2", "--password", "x", "f.bin",
			     NULL), EC_EXIT_USAGE);
	ck_has(err, "invalid password");
	ck_assert_int_eq(run("foe_read", "-p2", NULL), EC_EXIT_USAGE);
	ck_assert_int_eq(run("foe_read", "-p2", "--password", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "'--password' requires an argument");
	ck_assert_int_eq(run("foe_write", "-p2", "/nonexistent/x", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "failed to read '/nonexistent/x'");
	unlink(src);
	unlink(dst);
}
END_TEST

START_TEST(test_soe)
{
	fake_bus();
	fake_drive();
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0030", NULL), 0);
	ck_assert_str_eq(out, "drive 1.0\n");
	ck_assert_int_eq(run("soe_read", "-p2", "P-0-0001", NULL), 0);
	ck_assert_str_eq(out, "42\n");
	ck_assert_int_eq(run("soe_read", "-p2", "s-0-16", NULL), 0);
	ck_assert_str_eq(out, "S-0-0135 S-0-0051\n");
	ck_assert_int_eq(run("soe_read", "-p2", "-t", "uint32", "0x8001",
			     NULL), 0);
	ck_assert_str_eq(out, "0x0000002a 42\n");
	ck_assert_int_eq(run("soe_write", "-p2", "P-0-0001", "777", NULL), 0);
	ck_assert_int_eq(run("soe_read", "-p2", "P-0-0001", NULL), 0);
	ck_assert_str_eq(out, "777\n");
	ck_assert_int_eq(run("soe_write", "-p2", "S-0-0016",
			     "S-0-0135,S-0-0040 S-0-0051", NULL), 0);
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0016", NULL), 0);
	ck_assert_str_eq(out, "S-0-0135 S-0-0040 S-0-0051\n");
	ck_assert_int_eq(run("soe_write", "-p2", "S-0-0030", "drive 2", NULL),
			 0);
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0030", NULL), 0);
	ck_assert_str_eq(out, "drive 2\n");
	/* The drive's error codes with their texts. */
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-0999", NULL),
			 EC_EXIT_FAIL);
	ck_assert_str_eq(err,
		"ethercat: soe_read: SoE read of S-0-0999 (drive 0) failed: error 0x1001: No IDN\n");
	ck_assert_int_eq(run("soe_read", "-p2", "-y", "3", "S-0-0030", NULL),
			 EC_EXIT_FAIL);
	ck_has(err, "error 0x800a: Invalid drive number");
	/* Usage errors. */
	ck_assert_int_eq(run("soe_read", "-p2", "X-0-0001", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "invalid IDN 'X-0-0001'");
	ck_assert_int_eq(run("soe_read", "-p2", "S-8-0001", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_read", "-p2", "S-0-4096", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_read", "-p2", "-y", "8", "S-0-0001", NULL),
			 EC_EXIT_USAGE);
	ck_has(err, "invalid drive number '8'");
	ck_assert_int_eq(run("soe_write", "-p2", "P-0-0001", "x", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_write", "-p2", "P-0-0001", NULL),
			 EC_EXIT_USAGE);
	ck_assert_int_eq(run("soe_write", "-p2", "-t", "int99", "P-0-0001",
			     "1", NULL), EC_EXIT_USAGE);
}
END_TEST

START_TEST(test_eoe_ip)
{
	fake_bus();
	eoe_ip_calls = 0;
	ck_assert_int_eq(run("ip", "-p2", "addr", "169.254.20.1/16", "link",
			     "02:00:00:aa:bb:0c", "default", "169.254.0.1",
			     "dns", "169.254.0.2", "name", "drive7", NULL), 0);
	ck_assert_uint_eq(eoe_ip_calls, 1);
	ck_assert_uint_eq(eoe_ip_seen.slave_position, 2);
	ck_assert_uint_eq(eoe_ip_seen.flags, EC_IOCTL_EOE_ALL);
	ck_assert_uint_eq(eoe_ip_seen.ip, 0xa9fe1401);
	ck_assert_uint_eq(eoe_ip_seen.subnet, 0xffff0000);
	ck_assert_uint_eq(eoe_ip_seen.gateway, 0xa9fe0001);
	ck_assert_uint_eq(eoe_ip_seen.dns, 0xa9fe0002);
	ck_assert_uint_eq(eoe_ip_seen.mac[5], 0x0c);
	ck_assert_str_eq(eoe_ip_seen.name, "drive7");
	/* without a prefix: no subnet mask; hyphens in the MAC */
	ck_assert_int_eq(run("ip", "-p2", "addr", "10.0.0.1", "link",
			     "02-00-00-aa-bb-0d", NULL), 0);
	ck_assert_uint_eq(eoe_ip_seen.flags,
			  EC_IOCTL_EOE_IP | EC_IOCTL_EOE_MAC);
	/* wrong arguments: usage errors naming what is wrong, no request */
	eoe_ip_calls = 0;
	ck_assert_int_eq(run("ip", "-p2", NULL), EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "no IP parameters"));
	ck_assert_int_eq(run("ip", "-p2", "addr", NULL), EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "pairs"));
	ck_assert_int_eq(run("ip", "-p2", "addr", "1.2.3", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid address '1.2.3'"));
	ck_assert_int_eq(run("ip", "-p2", "addr", "1.2.3.4/33", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid prefix '33'"));
	ck_assert_int_eq(run("ip", "-p2", "link", "02:00:00:aa:bb", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid MAC address"));
	ck_assert_int_eq(run("ip", "-p2", "colour", "red", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "unknown argument 'colour'"));
	ck_assert_int_eq(run("ip", "-p2", "name",
			     "a-host-name-of-more-than-32-chars", NULL),
			 EC_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "invalid host name"));
	ck_assert_uint_eq(eoe_ip_calls, 0);
	/* a slave without EoE */
	ck_assert_int_eq(run("ip", "-p1", "addr", "10.0.0.1", NULL),
			 EC_EXIT_FAIL);
	ck_assert_ptr_nonnull(strstr(err, "does not support EoE"));
}
END_TEST

START_TEST(test_eoe_list)
{
	fake_bus();
	ck_assert_int_eq(run("eoe", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "Interface"));
	ck_assert_ptr_nonnull(strstr(out, "eoe0s2"));
	ck_assert_int_eq(run("eoe", "-j", NULL), 0);
	ck_assert_ptr_nonnull(strstr(out, "\"interface\":\"eoe0s2\""));
	ck_assert_ptr_nonnull(strstr(out, "\"tx_rate\":1200"));
	ck_assert_int_eq(run("eoe", "extra", NULL), EC_EXIT_USAGE);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tool_mbox");
	TCase *tc = tcase_create("mbox");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_upload);
	tcase_add_test(tc, test_upload_json);
	tcase_add_test(tc, test_download);
	tcase_add_test(tc, test_foe);
	tcase_add_test(tc, test_eoe_ip);
	tcase_add_test(tc, test_eoe_list);
	tcase_add_test(tc, test_soe);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
