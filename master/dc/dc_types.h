/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dc_types.h - the master's distributed clock state (dc.h), alone so that
 * struct ec_master can embed it without including what dc.c uses.
 */
#ifndef EC_DC_TYPES_H
#define EC_DC_TYPES_H

#include "port.h"
#include "cycle/datagram.h"

struct ec_slave_config;
struct ec_fsm_dc;

struct ec_master_dc {
	/* Set by the FSM side under the io lock, read by the cyclic side. */
	u16 ref_station;	/* 0: no reference clock */
	u16 ref_position;	/* ring position, for the CLI */
	bool ref_64bit;
	/* ecrt_master_select_reference_clock(), NULL: the first DC slave */
	struct ec_slave_config *ref_config;
	/* The application's time base (ecrt_master_application_time()),
	 * written by the cyclic side under the io lock.
	 */
	bool has_app_time;
	u64 app_time;		/* last value */
	u64 app_time_mono;	/* the core's clock when it was given */
	u64 app_time_first;	/* first value after activation */
	bool app_time_first_set;
	/* System time before any application time: now_ns + wall_offset. */
	s64 wall_offset;
	/* the base (system time - now_ns) the offsets were written with */
	s64 written_base;
	bool offsets_written;
	/* the reference was aligned with this application's time */
	bool aligned;
	/* The cyclic datagrams, preallocated by ec_dc_init(). */
	struct ec_datagram ref_sync;	/* FPWR 0x0910 */
	struct ec_datagram sync;	/* FRMW 0x0910 */
	struct ec_datagram ref_time64;	/* FPRD 0x0910, 8 bytes */
	struct ec_datagram monitor;	/* BRD 0x092C */
	/* the offset FSM (fsm_dc.c), FSM side */
	struct ec_fsm_dc *fsm;
	bool rescan_offsets;	/* compute delays and offsets again */
	/* hot connect (dc_hc.c): offsets of the hc_count slaves from
	 * ring position hc_first on
	 */
	bool hc_offsets;
	unsigned int hc_first;
	unsigned int hc_count;
};

#endif /* EC_DC_TYPES_H */
