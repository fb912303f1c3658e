/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_slave_scan.h - scanning one slave: station address, base
 * information, DL and AL status, alias, the SII image and its contents.
 * Every slave has its own FSM and datagram, so the master scans all
 * slaves of the segment in parallel.
 */
#ifndef EC_FSM_SLAVE_SCAN_H
#define EC_FSM_SLAVE_SCAN_H

#include "port.h"
#include "cycle/datagram.h"
#include "slave/fsm_sii.h"

struct ec_slave;
struct ec_fsm_slave_scan;

typedef void (*ec_fsm_slave_scan_state_t)(struct ec_fsm_slave_scan *fsm,
					  u64 now_ns);

/* Unanswered tries of one datagram before the slave counts as gone. */
#define EC_FSM_SLAVE_SCAN_RETRIES 3
/* Never read more SII than this, whatever the size word claims. */
#define EC_FSM_SLAVE_SCAN_MAX_SII_WORDS 0x8000

struct ec_fsm_slave_scan {
	struct ec_slave *slave;
	struct ec_datagram datagram;	/* this slave's own, preallocated */
	char name[16];			/* its name: "scan-N" */
	ec_fsm_slave_scan_state_t state;
	struct ec_fsm_sii fsm_sii;
	unsigned int lost;	/* unanswered tries of the current datagram */

	/* SII category walk. */
	u8 *sii_buf;
	size_t sii_cap;		/* words allocated */
	size_t sii_read;	/* words [0, sii_read) are read */
	size_t sii_pos;		/* word address of the next category */
	size_t sii_want;	/* words [0, sii_want) needed next */

	int error;		/* 0, or -errno of the failure */
};

struct ec_fsm_slave_scan *ec_fsm_slave_scan_new(struct ec_slave *slave);
void ec_fsm_slave_scan_free(struct ec_fsm_slave_scan *fsm);
void ec_fsm_slave_scan_start(struct ec_fsm_slave_scan *fsm);
bool ec_fsm_slave_scan_exec(struct ec_fsm_slave_scan *fsm, u64 now_ns);
bool ec_fsm_slave_scan_success(const struct ec_fsm_slave_scan *fsm);

#endif /* EC_FSM_SLAVE_SCAN_H */
