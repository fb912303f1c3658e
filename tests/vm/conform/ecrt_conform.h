/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ecrt_conform.h - the checks of ecrt_conform.c, written once against
 * include/ecrt.h and built twice: into a userspace program linked with
 * libethercat (conform_user.c) and into a kernel module (conform_kernel.c).
 * Each build supplies CF_PRINT(fmt, ...) and CF_MSLEEP(ms) before
 * including this header.
 * tests/vm/t_conform.sh runs both on the default segment and requires the
 * same lines from each, so the two APIs cannot drift apart.
 */
#ifndef ECRT_CONFORM_H
#define ECRT_CONFORM_H

unsigned int ecrt_conform_run(unsigned int master_index);

#endif
