/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_master_types.h - the master FSM's state (fsm_master.h), alone so
 * that struct ec_master can embed it without including what fsm_master.c
 * uses (mm_types.h in Linux does the same for struct mm_struct).
 */
#ifndef EC_FSM_MASTER_TYPES_H
#define EC_FSM_MASTER_TYPES_H

#include "port.h"
#include "cycle/monitor_types.h"

struct ec_master;
struct ec_datagram;
struct ec_fsm_master;

typedef void (*ec_fsm_master_state_t)(struct ec_fsm_master *fsm, u64 now_ns);

struct ec_fsm_master {
	struct ec_master *master;
	struct ec_datagram *datagram;
	ec_fsm_master_state_t state;
	bool link_was_up;
	unsigned int misses;	/* unanswered broadcasts in a row, with no
				 * other frame back between them
				 */
	u64 rx_seen;		/* frames received at the last broadcast */
	u64 last_answer_ns;	/* last answered broadcast */
	bool rescan_requested;	/* ec_fsm_master_rescan() */
	bool rescan_gone;	/* ... by ec_fsm_master_rescan_gone() */
	bool slaves_scanning;	/* the slaves' scan FSMs are running */
	struct ec_monitor monitor;	/* the operation phase's watch */
	bool preop_logged;	/* "in PREOP ... after the scan started" */

	/* Hot connect (fsm_master_hc.c): the scan of new slaves only. */
	bool hc_busy;		/* from its first check to its end */
	bool hc_partial;	/* the scan FSMs running are the new slaves' */
	unsigned int hc_target;	/* slave count the partial path expects */
	unsigned int hc_next;	/* the slave it reads next */
	unsigned int hc_gap;	/* ring position of the first gone slave */
	unsigned int hc_check;	/* the next slave behind the gap to check */
	unsigned int hc_lo, hc_hi;	/* the gap is in [lo, hi] (seek) */
	unsigned int hc_behind;	/* known slaves behind the new ones */
	unsigned int hc_parent;	/* the known slave the new ones hang on */
	u32 hc_parent_rx[4];	/* its port receive times at the latch */
	bool hc_parent_rx_valid;
	u64 hc_start_ns;

	/* Figures for tests and the CLI. */
	unsigned int scans_started;
	unsigned int scans_completed;
	unsigned int scans_restarted;	/* count changed during a scan */
	unsigned int hc_scans;		/* partial scans of new slaves */
	unsigned int hc_removals;	/* slaves gone, removed alone */
	unsigned int hc_fallbacks;	/* full rescans instead (logged) */
};

#endif /* EC_FSM_MASTER_TYPES_H */
