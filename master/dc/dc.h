/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dc.h - distributed clocks (ETG.1000.4 clause 9 / ESC data sheet section I
 * chapter 9): propagation delays from the port receive times, system time
 * offsets, the reference clock, the SYNC start time, and the cyclic DC
 * datagrams of the application (sync reference clock, sync slave clocks,
 * reference clock time, sync monitor).
 *
 * Locking (doc/LOCKING.md): the _locked functions are of the cyclic side
 * (the glue holds the io lock around each call, nothing else); the others
 * of the FSM side.  The cyclic side only reads the reference clock's
 * station address, never a slave.
 */
#ifndef EC_DC_H
#define EC_DC_H

#include "port.h"
#include "cycle/datagram.h"
#include "dc/dc_types.h"

struct ec_master;
struct ec_slave;
struct ec_slave_config;

/* DC registers, ESC data sheet section II 0x0900-0x09FF. */
#define EC_REG_DC_SPEED_START 0x0930	/* speed counter start */
#define EC_REG_DC_CYCLIC_UNIT 0x0980	/* + 0x0981 activation */
#define EC_REG_DC_START_TIME 0x0990	/* SYNC0 start time, 64 bit */
#define EC_REG_DC_SYNC0_CYCLE 0x09a0	/* + 0x09a4 SYNC1 cycle */
#define EC_DC_SPEED_START_DEFAULT 0x1000	/* reset value */
#define EC_DC_ACTIVATE_CYCLIC 0x0100	/* assign_activate: 0x0981 bit 0 */

/* The margin of a SYNC start time over "now" (IgH: 100 ms): the datagram
 * carrying it and the activation must reach the slave before it.
 */
#define EC_DC_START_MARGIN_NS (100 * EC_NSEC_PER_MSEC)
/* Static drift compensation after new offsets (ETG.1020 recommends a
 * burst of reference time distributions before the slaves start): one
 * FRMW per master FSM turn for this long.
 */
#define EC_DC_DRIFT_BURST_NS (300 * EC_NSEC_PER_MSEC)
/* The application's time base moved this far from the one the offsets
 * were written in: write them again (before any SYNC start).
 */
#define EC_DC_REBASE_NS (100 * EC_NSEC_PER_USEC)
/* A slave is in sync for its SYNC start when |0x092C| is below this, or
 * after the wait (IgH: 5 s) with a warning.
 */
#define EC_DC_SYNC_DIFF_MAX_NS 1000
#define EC_DC_SYNC_WAIT_NS (5 * EC_NSEC_PER_SEC)

/* A frame's bytes pass a slave one after the other: 100 Mbit/s, the one
 * speed of EtherCAT (doc/SPECNOTES.md "Hot connect: DC of new slaves").
 */
#define EC_DC_NS_PER_BYTE 80

/* what ec_dc_queue_locked() queues (also the ioctl's bits) */
#define EC_DC_QUEUE_REF_SYNC 0x1	/* reference clock := app time */
#define EC_DC_QUEUE_SLAVE_SYNC 0x2	/* FRMW of the reference time */
#define EC_DC_QUEUE_MONITOR 0x4		/* BRD of 0x092C */
#define EC_DC_QUEUE_REF_TIME64 0x8	/* FPRD of the 64-bit time */
#define EC_DC_QUEUE_ALL 0xf

int ec_dc_init(struct ec_master *master);
void ec_dc_clear(struct ec_master *master);

/* pure computations, also for the unit tests */
unsigned int ec_dc_calc_delays(struct ec_slave *const *slaves,
			       unsigned int count,
			       const struct ec_slave *ref);
struct ec_slave *ec_dc_find_ref(struct ec_master *master);
u64 ec_dc_start_time(u64 app_now, u64 app_first, u32 cycle, s32 shift,
		     u64 margin);
u64 ec_dc_offset(u64 system_time_at_latch, u32 delay, u64 local_rx_time);

/* FSM side */
u64 ec_dc_system_time(struct ec_master *master, u64 now_ns);
void ec_dc_scan_done(struct ec_master *master);
/* dc.c, for dc_hc.c: port order after port 0, a slave's branch span */
extern const u8 ec_dc_port_order[3];
u32 ec_dc_branch_span(const struct ec_slave *s);
/* dc_hc.c: hot connect, the new slaves only */
void ec_dc_hc_scan_done(struct ec_master *master, unsigned int first,
			unsigned int count, const struct ec_slave *parent,
			const u32 *parent_rx);
bool ec_dc_ready(struct ec_master *master);
bool ec_dc_exec(struct ec_master *master, u64 now_ns);
void ec_dc_deactivate(struct ec_master *master);
int ec_dc_select_reference(struct ec_master *master,
			   struct ec_slave_config *sc);
int ec_dc_config(struct ec_slave_config *sc, u16 assign_activate,
		 u32 sync0_cycle, s32 sync0_shift, u32 sync1_cycle,
		 s32 sync1_shift);

/* cyclic side: the caller holds the io lock */
void ec_dc_application_time_locked(struct ec_master *master, u64 app_time,
				   u64 now_ns);
int ec_dc_sync_ref_locked(struct ec_master *master, bool to, u64 time);
int ec_dc_queue_locked(struct ec_master *master, unsigned int what);
int ec_dc_ref_time32_locked(const struct ec_master *master, u32 *time);
int ec_dc_ref_time64_locked(const struct ec_master *master, u64 *time);
u32 ec_dc_monitor_locked(const struct ec_master *master);

#endif /* EC_DC_H */
