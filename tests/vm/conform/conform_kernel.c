// SPDX-License-Identifier: GPL-2.0-only
/*
 * conform_kernel.c - ecrt_conform.c through the kernel API (see
 * ecrt_conform.h): the checks run when the module is loaded (process
 * context) and print to the kernel log; the module stays until rmmod.
 */
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include "ecrt.h"

#define CF_PRINT(...) printk(KERN_INFO __VA_ARGS__)
#define CF_MSLEEP(ms) msleep(ms)

#include "ecrt_conform.c"

static int __init ec_conform_init(void)
{
	ecrt_conform_run(0);
	return 0;
}

static void __exit ec_conform_exit(void)
{
}

module_init(ec_conform_init);
module_exit(ec_conform_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("The EtherCAT master authors");
MODULE_DESCRIPTION("EtherCAT master: IgH 1.6 API conformance checks");
