/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * monitor_types.h - the monitor's state (monitor.h), alone so that the
 * master FSM can embed it without including what monitor.c uses.
 */
#ifndef EC_MONITOR_TYPES_H
#define EC_MONITOR_TYPES_H

#include "port.h"

struct ec_monitor {
	u64 next_ns;		/* next monitoring datagram */
	unsigned int slot;	/* counts the datagrams, for the BRD */
	unsigned int cursor;	/* next slave of the round robin */
	unsigned int checked;	/* ring position of the queued check */
	bool check_mbox;	/* the queued check reads SM1 */
	u16 swept_states;	/* OR seen at the last sweep */
	u64 swept_ns;
	bool swept;

	/* Figures (ethercat master, tests). */
	u64 broadcasts;
	u64 checks;
	u64 sweeps;
	u64 mbox_full;
	u64 state_changes;	/* a check saw a state not known before */
};

#endif /* EC_MONITOR_TYPES_H */
