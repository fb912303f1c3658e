/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_master.h - the master state machine of the idle phase: counts the
 * slaves, notices topology changes and scans the segment.
 */
#ifndef EC_FSM_MASTER_H
#define EC_FSM_MASTER_H

#include "port.h"
#include "slave/fsm_master_types.h"

struct ec_master;

/* Broadcasts in a row without an answer, and without any other frame
 * coming back meanwhile, before the link counts as lost (lost frames
 * are not a topology change: IgH changes a state only on an answered
 * datagram, doc/IGH-SEMANTICS.md).
 */
#define EC_FSM_MASTER_MISSES 3
/*
 * ... and for at least this long: under a loaded host (or an emulated
 * rig) three broadcasts in a row can be late without anything being
 * wrong, and clearing a segment in OP is expensive.  A link the NIC
 * reports down counts at once.
 */
#define EC_FSM_MASTER_LOSS_NS (250 * EC_NSEC_PER_MSEC)

void ec_fsm_master_init(struct ec_fsm_master *fsm, struct ec_master *master,
			struct ec_datagram *datagram);
void ec_fsm_master_reset(struct ec_fsm_master *fsm);
void ec_fsm_master_rescan(struct ec_fsm_master *fsm);
void ec_fsm_master_rescan_gone(struct ec_fsm_master *fsm);
bool ec_fsm_master_exec(struct ec_fsm_master *fsm, u64 now_ns);
void ec_fsm_master_clear_slaves(struct ec_master *master);

/* Shared with fsm_master_hc.c (the hot-connect partial scan). */
void ec_fsm_master_state_start(struct ec_fsm_master *fsm, u64 now_ns);
void ec_fsm_master_start_scan(struct ec_fsm_master *fsm, u64 now_ns);
bool ec_fsm_master_topology(struct ec_master *master);
void ec_fsm_master_scan_slaves(struct ec_fsm_master *fsm, u64 now_ns);
bool ec_fsm_master_hc_start(struct ec_fsm_master *fsm,
			    unsigned int responding, u64 now_ns);
void ec_fsm_master_hc_scan_done(struct ec_fsm_master *fsm, u64 now_ns,
				unsigned int failed);

#endif /* EC_FSM_MASTER_H */
