/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ec_lib_io.h - what the files of libethercat's ioctl layer (ioctl.c,
 * ioctl_slave.c, ioctl_config.c) share: the one ioctl call with its
 * error text, and the string guard; and the one EINTR loop under it that
 * the application interface (ecrt_*.c) calls too.  Hidden: not part of
 * the library's exported symbols.
 */
#ifndef EC_LIB_IO_H
#define EC_LIB_IO_H

#include "ec_lib.h"

/* The module NUL-terminates strings; make sure, whatever it sent. */
#define EC_LIB_TERMINATE(str) ((str)[sizeof(str) - 1] = '\0')

__attribute__((visibility("hidden"), format(printf, 2, 3)))
void ec_lib_set_error(struct ec_lib_master *m, const char *fmt, ...);

/* ioctl() retried while a signal interrupts it; its result or -errno. */
__attribute__((visibility("hidden")))
int ec_lib_ioctl_retry(int fd, unsigned long cmd, unsigned long arg);

__attribute__((visibility("hidden")))
int ec_lib_ioctl(struct ec_lib_master *m, unsigned long cmd, void *arg,
		 const char *what);

#endif /* EC_LIB_IO_H */
