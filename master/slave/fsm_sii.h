/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_sii.h - reading the SII EEPROM of one slave through the ESC's
 * EEPROM interface (registers 0x0500-0x050F, ESC data sheet section II).
 */
#ifndef EC_FSM_SII_H
#define EC_FSM_SII_H

#include "port.h"
#include "cycle/datagram.h"

struct ec_slave;
struct ec_fsm_sii;

typedef void (*ec_fsm_sii_state_t)(struct ec_fsm_sii *fsm, u64 now_ns);

/* How long one read may stay busy, and how often a read is re-issued
 * after an acknowledge error or a lost datagram.
 */
#define EC_FSM_SII_TIMEOUT_NS (100 * EC_NSEC_PER_MSEC)
#define EC_FSM_SII_RETRIES 3

/* Largest datagram the FSM sends: control/status, address, 8 data bytes. */
#define EC_FSM_SII_DATAGRAM_SIZE 14

struct ec_fsm_sii {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_sii_state_t state;

	u32 word;		/* next word address to read */
	size_t remaining;	/* words still to read */
	u8 *dest;		/* where they go, 2 bytes per word */
	unsigned int read_size;	/* bytes per read, 4 or 8: 0x0502 bit 6 */
	bool interface_checked;	/* ownership and read size known */

	u64 read_start_ns;	/* of the current word, for the timeout */
	unsigned int busy_polls;	/* status reads that saw busy */
	unsigned int retries;	/* acknowledge errors on this word */
	unsigned int lost;	/* unanswered tries of this datagram */
	unsigned int reads;	/* EEPROM read commands issued, total */
	int error;		/* 0, or -errno of the failure */
};

void ec_fsm_sii_init(struct ec_fsm_sii *fsm, struct ec_slave *slave,
		     struct ec_datagram *datagram);
void ec_fsm_sii_read(struct ec_fsm_sii *fsm, u32 word, size_t nwords,
		     u8 *dest);
bool ec_fsm_sii_exec(struct ec_fsm_sii *fsm, u64 now_ns);
bool ec_fsm_sii_success(const struct ec_fsm_sii *fsm);

#endif /* EC_FSM_SII_H */
