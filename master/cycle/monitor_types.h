/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor_types.h - the monitor's state (monitor.h), alone so that the
 * master FSM can embed it without including what monitor.c uses.
 */
#ifndef EC_MONITOR_TYPES_H
#define EC_MONITOR_TYPES_H

#include "port.h"
#include "cycle/datagram.h"

/* Slave checks a batch plans ahead (ec_monitor_next(), monitor.h). */
#define EC_MONITOR_BATCH_CHECKS 4

/* A slave check of a batch. */
struct ec_monitor_check {
	struct ec_datagram datagram;
	unsigned int pos;	/* ring position checked */
	bool mbox;		/* it reads SM1 */
};

struct ec_monitor {
	u64 next_ns;		/* next monitoring datagram */
	u64 last_ns;		/* the last one's slot */
	unsigned int slot;	/* counts the datagrams, for the BRD */
	unsigned int cursor;	/* next slave of the round robin */
	unsigned int checked;	/* ring position of the queued check */
	bool check_mbox;	/* the queued check reads SM1 */
	u16 swept_states;	/* OR seen at the last sweep */
	u64 swept_ns;
	bool swept;
	/*
	 * The last batch: its checks, how many it planned (taken when its
	 * broadcast is back), when it was planned, its first slot and its
	 * broadcast's (0: no batch).
	 */
	struct ec_monitor_check batch[EC_MONITOR_BATCH_CHECKS];
	unsigned int batch_checks;
	u64 planned_ns;
	u64 batch_ns;
	u64 brd_at_ns;

	/* Figures (ethercat master, tests). */
	u64 broadcasts;
	u64 checks;
	u64 batches;
	u64 sweeps;
	u64 mbox_full;
	u64 state_changes;	/* a check saw a state not known before */
};

#endif /* EC_MONITOR_TYPES_H */
