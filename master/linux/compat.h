/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compat.h - the one place where kernel API differences between the
 * kernels we support (6.1 to 6.12, stock and PREEMPT_RT) are bridged.
 * Nothing else in the tree tests LINUX_VERSION_CODE.
 */
#ifndef EC_LINUX_COMPAT_H
#define EC_LINUX_COMPAT_H

#include <linux/device.h>
#include <linux/version.h>

/* class_create() lost its owner argument in 6.4. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
#define ec_class_create(name) class_create(name)
#else
#define ec_class_create(name) class_create(THIS_MODULE, name)
#endif

#endif /* EC_LINUX_COMPAT_H */
