/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * port.h - the one place where the protocol core meets its environment.
 *
 * The core (every file in master/ outside master/linux/) includes only this
 * header for types, memory, strings, errors and logging.  In the kernel the
 * definitions come from master/linux/port_kernel.h, in userspace (unit
 * tests, benchmarks) from master/port_user.h.  Time is never read here: it
 * is passed into the core as nanoseconds by the caller.
 */
#ifndef EC_PORT_H
#define EC_PORT_H

#ifdef __KERNEL__
#include "linux/port_kernel.h"
#else
#include "port_user.h"
#endif

/* Byte-wise little-endian access to wire data; never overlay structs. */
static inline u8 ec_get_u8(const u8 *p)
{
	return p[0];
}

static inline u16 ec_get_u16(const u8 *p)
{
	return (u16)(p[0] | (p[1] << 8));
}

static inline u32 ec_get_u32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) |
	       ((u32)p[3] << 24);
}

static inline u64 ec_get_u64(const u8 *p)
{
	return (u64)ec_get_u32(p) | ((u64)ec_get_u32(p + 4) << 32);
}

static inline void ec_put_u8(u8 *p, u8 v)
{
	p[0] = v;
}

static inline void ec_put_u16(u8 *p, u16 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
}

static inline void ec_put_u32(u8 *p, u32 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	p[2] = (u8)(v >> 16);
	p[3] = (u8)(v >> 24);
}

static inline void ec_put_u64(u8 *p, u64 v)
{
	ec_put_u32(p, (u32)v);
	ec_put_u32(p + 4, (u32)(v >> 32));
}

/*
 * The one lock the core takes itself: around handing a datagram from the
 * FSM side to the cyclic side and back (ec_master_queue_datagram(),
 * ec_master_unqueue_datagram()).  The glue implements it; the kernel's is
 * the master's raw cycle_lock (doc/LOCKING.md).  Never called by the core
 * from a function the cyclic side calls ("_locked" functions).
 */
struct ec_master;
void ec_port_io_lock(struct ec_master *master);
void ec_port_io_unlock(struct ec_master *master);

#define EC_NSEC_PER_USEC 1000ULL
#define EC_NSEC_PER_MSEC 1000000ULL
#define EC_NSEC_PER_SEC 1000000000ULL

/* Log levels of ec_log(). */
enum ec_log_level {
	EC_LOG_ERR,
	EC_LOG_WARN,
	EC_LOG_INFO,
	EC_LOG_DBG,
};

#endif /* EC_PORT_H */
