// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_header_test.c - include/ecrt.h as a kernel module sees it.
 *
 * At build time: the header compiles in kernel space without warnings, and
 * every kernel prototype has the type of IgH's ecrt.h 1.6
 * (tests/unit/ecrt_protos.h, checked with _Static_assert so that no ecrt_*
 * symbol is referenced and the module links without ec_master.ko).
 * At load time: the EC_READ_* / EC_WRITE_* accessors run on unaligned
 * data in the kernel; the module logs the result and refuses to load
 * (-EINVAL) when a check fails.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include "ecrt.h"

#define ECRT_PROTO(ret, name, args) \
	_Static_assert(__builtin_types_compatible_p(__typeof__(name), \
						    ret args), \
		       "prototype of " #name " differs from IgH ecrt.h 1.6");
#include "ecrt_protos.h"
#undef ECRT_PROTO

/* Floating point stays out of kernel space, as in IgH. */
#if defined(EC_READ_REAL) || defined(EC_WRITE_LREAL)
#error "ecrt.h offers floating-point accessors to kernel code"
#endif

_Static_assert(ECRT_VERSION_MAGIC == ECRT_VERSION(1, 6),
	       "interface version is not 1.6");

/* A PDO configuration table as kernel applications write it. */
static const ec_pdo_entry_info_t test_entries[] = {
	{ 0x7000, 0x01, 1 },
	{ 0x0000, 0x00, 7 },	/* gap */
	{ 0x7010, 0x01, 16 },
};

static const ec_pdo_info_t test_pdos[] = {
	{ 0x1600, ARRAY_SIZE(test_entries), test_entries },
};

static const ec_sync_info_t test_syncs[] = {
	{ 2, EC_DIR_OUTPUT, ARRAY_SIZE(test_pdos), test_pdos, EC_WD_ENABLE },
	{ 0xff, EC_DIR_INVALID, 0, NULL, EC_WD_DEFAULT },
};

static unsigned int test_off, test_bit;

static const ec_pdo_entry_reg_t test_regs[] = {
	{ 0, 1, 0x00000002, 0x07d43052, 0x7000, 0x01, &test_off, &test_bit },
	{ 0, 0, 0, 0, 0, 0, NULL, NULL },
};

/* Number of failed checks on process data written at offset @off. */
static int ecrt_header_check_at(u8 *buf, unsigned int off)
{
	static const u8 seq[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	int failed = 0;

	memset(buf, 0, 16);
	EC_WRITE_U64(buf + off, 0x0807060504030201ULL);
	failed += memcmp(buf + off, seq, 8) != 0;
	failed += EC_READ_U16(buf + off) != 0x0201;
	failed += EC_READ_U32(buf + off + 1) != 0x05040302;
	failed += EC_READ_U64(buf + off) != 0x0807060504030201ULL;
	EC_WRITE_S16(buf + off, -2);
	failed += buf[off] != 0xfe || buf[off + 1] != 0xff;
	failed += EC_READ_S16(buf + off) != -2;
	EC_WRITE_S32(buf + off, -100000);
	failed += EC_READ_S32(buf + off) != -100000;
	EC_WRITE_S64(buf + off, S64_MIN);
	failed += EC_READ_S64(buf + off) != S64_MIN;
	EC_WRITE_S8(buf + off, -128);
	failed += EC_READ_S8(buf + off) != -128;
	EC_WRITE_U8(buf + off, 0xff);
	failed += EC_READ_U8(buf + off) != 0xff;
	EC_WRITE_BIT(buf + off, 3, 0);
	failed += buf[off] != 0xf7 || EC_READ_BIT(buf + off, 3) != 0;
	EC_WRITE_BIT(buf + off, 3, 1);
	failed += buf[off] != 0xff;
	return failed;
}

static int __init ecrt_header_test_init(void)
{
	u8 buf[16];
	ec_slave_info_t info;
	ec_domain_state_t ds;
	unsigned int off;
	int failed = 0;

	for (off = 0; off < 8; off++)
		failed += ecrt_header_check_at(buf, off);

	memset(&info, 0, sizeof(info));
	info.ports[EC_MAX_PORTS - 1].desc = EC_PORT_MII;
	info.name[EC_MAX_STRING_LENGTH - 1] = '\0';
	ds.wc_state = EC_WC_COMPLETE;
	ds.working_counter = 3;
	ds.redundancy_active = 0;
	failed += test_syncs[1].index != 0xff;
	failed += test_pdos[0].n_entries != 3;
	failed += test_regs[1].index != 0;
	failed += ds.wc_state != EC_WC_COMPLETE;

	if (failed) {
		pr_err("ecrt_header_test: %d checks failed\n", failed);
		return -EINVAL;
	}
	pr_info("ecrt_header_test: ok (interface %u.%u)\n", ECRT_VER_MAJOR,
		ECRT_VER_MINOR);
	return 0;
}

static void __exit ecrt_header_test_exit(void)
{
}

module_init(ecrt_header_test_init);
module_exit(ecrt_header_test_exit);
MODULE_DESCRIPTION("Compile and run test of the EtherCAT ecrt.h header");
MODULE_LICENSE("GPL");
