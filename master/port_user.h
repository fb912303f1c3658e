/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * port_user.h - userspace definitions behind port.h (unit tests and
 * benchmarks link the core against these).
 */
#ifndef EC_PORT_USER_H
#define EC_PORT_USER_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

static inline void *ec_zalloc(size_t size)
{
	return calloc(1, size);
}

static inline void ec_free(void *p)
{
	free(p);
}

/* Buffers that may be large (request data): kvzalloc in the kernel. */
static inline void *ec_zalloc_big(size_t size)
{
	return calloc(1, size);
}

static inline void ec_free_big(void *p)
{
	free(p);
}

/* Process data memory: zeroed, page-aligned in the kernel (mmap). */
static inline void *ec_pd_alloc(size_t size)
{
	return calloc(1, size ? size : 1);
}

static inline void ec_pd_free(void *p)
{
	free(p);
}

/*
 * Log sink.  Tests may replace it with ec_port_set_log() to capture lines;
 * the default writes to stderr when ec_port_verbose is set.
 */
typedef void (*ec_log_sink_t)(int level, const char *line);
void ec_port_set_log(ec_log_sink_t sink);
void ec_port_log(int level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define ec_log(level, fmt, ...) ec_port_log(level, fmt, ##__VA_ARGS__)
#define ec_log_ratelimited(level, fmt, ...) \
	ec_port_log(level, fmt, ##__VA_ARGS__)

#define EC_WARN_ON_ONCE(cond) (!!(cond))

/* Ordering of the state word that hands a datagram between the sides. */
#define ec_load_acquire(p) __atomic_load_n(p, __ATOMIC_ACQUIRE)
#define ec_store_release(p, v) __atomic_store_n(p, v, __ATOMIC_RELEASE)

/*
 * The userspace io lock checks the discipline instead of locking (tests are
 * single-threaded): taking it twice, or releasing it unheld, aborts, as
 * either would deadlock or corrupt in the kernel.  ec_port_io_held tells
 * tests whether it is held.
 */
extern int ec_port_io_held;

#endif /* EC_PORT_USER_H */
