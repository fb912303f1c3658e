/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * link_health.h - the master's watch over the cables: every slave's ESC
 * error counters (0x0300-0x0313) read one slave at a time, in the idle
 * and the operation phase, kept as totals across the counters' saturation
 * and clears, with rates over the last 10 s, 1 min and since the start,
 * and the cable each fault points at.
 *
 * Cost: one FPRD of 20 bytes (32 bytes on the wire) at most every
 * ec_link_health_period_ns() (2 ms, or the send interval when longer),
 * beside the monitor's datagram (monitor.h), in another cycle than it at
 * 1 kHz (ec_link_health_exec()); in the operation phase it counts against
 * the FSMs' byte budget.  Each slave is read every
 * ec_link_health_round_ns() (slave count times the period).  A counter
 * that reaches EC_HEALTH_CLEAR_AT is cleared by the master in the next
 * slot of that slave (an FPWR of the block, 32 bytes on the wire), so that
 * it never saturates; doc/SPECNOTES.md has the readings of the ESC
 * manual behind the counting and the location.
 */
#ifndef EC_LINK_HEALTH_H
#define EC_LINK_HEALTH_H

#include "port.h"
#include "slave/link_health_types.h"

struct ec_master;

/* Offsets in the block from 0x0300 (ESC data sheet section II). */
#define EC_HEALTH_OFF_INVALID(p) (2 * (p))	/* 0x0300 + 2p */
#define EC_HEALTH_OFF_RX(p) (2 * (p) + 1)	/* 0x0301 + 2p */
#define EC_HEALTH_OFF_FORWARDED(p) (0x08 + (p))	/* 0x0308 + p */
#define EC_HEALTH_OFF_PROCESSING_UNIT 0x0c	/* 0x030C */
#define EC_HEALTH_OFF_PDI 0x0d			/* 0x030D */
#define EC_HEALTH_OFF_LOST_LINK(p) (0x10 + (p))	/* 0x0310 + p */

/* A counter at or above this is cleared by the master (never saturates). */
#define EC_HEALTH_CLEAR_AT 0x80
/* Datagram header 10 + 20 data + working counter 2. */
#define EC_HEALTH_WIRE_BYTES 32
#define EC_HEALTH_PERIOD_NS (2 * EC_NSEC_PER_MSEC)
#define EC_HEALTH_SNAP_NS EC_NSEC_PER_SEC

/* The windows of the rates. */
enum ec_health_window_id {
	EC_HEALTH_WIN_10S,
	EC_HEALTH_WIN_60S,
	EC_HEALTH_WIN_START,
	EC_HEALTH_WINDOWS
};

struct ec_health_window {
	u64 ns;			/* its length */
	u64 frames;		/* frames the master sent in it */
	u64 delta[EC_HEALTH_PORTS][EC_HEALTH_COUNTERS];
};

/* What a port's counters say over the last 10 s. */
#define EC_HEALTH_FAULT_RX 0x01		/* invalid frames or RX errors */
#define EC_HEALTH_FAULT_LOST_LINK 0x02	/* the link went down */
#define EC_HEALTH_FAULT_FORWARDED 0x04	/* marked frames passed (no fault
					 * of this cable)
					 */
/* The cable's faults: what names it. */
#define EC_HEALTH_FAULT_CABLE (EC_HEALTH_FAULT_RX | EC_HEALTH_FAULT_LOST_LINK)

/* The other end of a port's cable. */
#define EC_HEALTH_PEER_NONE 0xffff
#define EC_HEALTH_PEER_MASTER 0xfffe

int ec_link_health_init(struct ec_link_health *h);
void ec_link_health_clear(struct ec_master *master);
void ec_link_health_free(struct ec_link_health *h);
size_t ec_link_health_exec(struct ec_master *master, u64 now_ns);
void ec_link_health_enable(struct ec_master *master, bool on);
u64 ec_link_health_period_ns(const struct ec_master *master);
u64 ec_link_health_round_ns(const struct ec_master *master);
const struct ec_health_slave *
ec_link_health_slave(const struct ec_master *master, unsigned int pos);
void ec_link_health_window(const struct ec_master *master, unsigned int pos,
			   enum ec_health_window_id id, u64 now_ns,
			   struct ec_health_window *w);
unsigned int ec_link_health_port_faults(const struct ec_master *master,
					unsigned int pos, unsigned int port,
					u64 now_ns);
void ec_link_health_peer(const struct ec_master *master, unsigned int pos,
			 unsigned int port, u16 *peer, u8 *peer_port);
unsigned int ec_link_health_unhealthy(const struct ec_master *master,
				      u64 now_ns);

#endif /* EC_LINK_HEALTH_H */
