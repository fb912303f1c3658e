/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * link_health_types.h - the state of the link health watch
 * (link_health.h), alone so that the master can embed it without
 * including what link_health.c uses.
 */
#ifndef EC_LINK_HEALTH_TYPES_H
#define EC_LINK_HEALTH_TYPES_H

#include "port.h"
#include "cycle/datagram.h"
#include "cycle/monitor_types.h"

#define EC_HEALTH_PORTS 4
/* 0x0300-0x0313, ESC data sheet section II 2.21-2.25 */
#define EC_HEALTH_BLOCK_SIZE 20
/* One snapshot of the totals a second: 60 s back, and the present one. */
#define EC_HEALTH_HISTORY 61

/* The counters kept per port. */
enum ec_health_counter {
	EC_HEALTH_INVALID,	/* invalid frame counter, 0x0300 + 2p */
	EC_HEALTH_RX,		/* RX error counter, 0x0301 + 2p */
	EC_HEALTH_FORWARDED,	/* forwarded RX error counter, 0x0308 + p */
	EC_HEALTH_LOST_LINK,	/* lost link counter, 0x0310 + p */
	EC_HEALTH_COUNTERS
};

struct ec_health_snap {
	u32 c[EC_HEALTH_PORTS][EC_HEALTH_COUNTERS];	/* totals, truncated */
};

/* What the master knows of one slave's error counters. */
struct ec_health_slave {
	u8 raw[EC_HEALTH_BLOCK_SIZE];	/* the last read */
	bool seen;			/* raw holds a read */
	bool clear_due;			/* a counter passed the clear mark */
	u64 total[EC_HEALTH_PORTS][EC_HEALTH_COUNTERS];
	u64 initial[EC_HEALTH_PORTS][EC_HEALTH_COUNTERS];	/* first read */
	u64 processing_unit, pdi;	/* totals of 0x030C, 0x030D */
	u64 reads;
	u64 last_read_ns;
	u64 saturated;		/* reads that found a counter at 0xFF */
	struct ec_health_snap hist[EC_HEALTH_HISTORY];
};

/*
 * Reads one turn plans ahead: those of a monitoring batch, one before
 * each of its slots (monitor.h); outside batches out[0] alone.
 */
#define EC_HEALTH_READS (EC_MONITOR_BATCH_CHECKS + 1)

/* A read or clear of one slave's counters. */
struct ec_health_read {
	struct ec_datagram datagram;
	bool in_flight;		/* the datagram is ours to look at */
	bool clearing;		/* it is a clear */
	unsigned int pos;	/* ring position it is for */
};

struct ec_link_health {
	struct ec_health_read out[EC_HEALTH_READS];
	bool enabled;
	unsigned int cursor;	/* next slave of the round robin */
	u64 next_ns;

	struct ec_health_slave *slaves;	/* by ring position */
	unsigned int count;
	u64 start_ns;
	/* the snapshot ring: hist[head] is the newest, filled in use */
	unsigned int head, filled;
	u64 tick_ns;		/* next snapshot */
	u64 snap_ns[EC_HEALTH_HISTORY];
	u64 snap_frames[EC_HEALTH_HISTORY];	/* the master's tx count */

	/* Figures (ethercat master, make bench). */
	u64 reads;
	u64 lost_reads;
	u64 clears;
};

#endif /* EC_LINK_HEALTH_TYPES_H */
