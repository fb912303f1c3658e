/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * port_kernel.h - kernel definitions behind master/port.h.
 */
#ifndef EC_PORT_KERNEL_H
#define EC_PORT_KERNEL_H

#include <asm/barrier.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/vmalloc.h>

static inline void *ec_zalloc(size_t size)
{
	return kzalloc(size, GFP_KERNEL);
}

static inline void ec_free(void *p)
{
	kfree(p);
}

/* Buffers that may be large (request data): FSM side only. */
static inline void *ec_zalloc_big(size_t size)
{
	return kvzalloc(size, GFP_KERNEL);
}

static inline void ec_free_big(void *p)
{
	kvfree(p);
}

/* Process data memory: zeroed and mappable to userspace (mmap). */
static inline void *ec_pd_alloc(size_t size)
{
	return vmalloc_user(size ? size : 1);
}

static inline void ec_pd_free(void *p)
{
	vfree(p);
}

#define EC_KERN_LEVEL(level) \
	((level) == 0 ? KERN_ERR : (level) == 1 ? KERN_WARNING : \
	 (level) == 2 ? KERN_INFO : KERN_DEBUG)

#define ec_log(level, fmt, ...) \
	printk("%sEtherCAT " fmt "\n", EC_KERN_LEVEL(level), ##__VA_ARGS__)

#define ec_log_ratelimited(level, fmt, ...) \
	do { \
		static DEFINE_RATELIMIT_STATE(_ec_rs, 5 * HZ, 10); \
		if (__ratelimit(&_ec_rs)) \
			ec_log(level, fmt, ##__VA_ARGS__); \
	} while (0)

#define EC_WARN_ON_ONCE(cond) WARN_ON_ONCE(cond)

/* Ordering of the state word that hands a datagram between the sides. */
#define ec_load_acquire(p) smp_load_acquire(p)
/* the datagram handover of doc/LOCKING.md rule 3 */
#define ec_store_release(p, v) smp_store_release(p, v)

#endif /* EC_PORT_KERNEL_H */
