/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_sii_write.h - writing words into a slave's SII EEPROM through the
 * ESC's EEPROM interface (ESC data sheet section II, 0x0500-0x050F): take
 * the interface for EtherCAT, then per word write command + address +
 * data, poll until not busy, read the word back and compare.
 */
#ifndef EC_FSM_SII_WRITE_H
#define EC_FSM_SII_WRITE_H

#include "port.h"
#include "cycle/datagram.h"
#include "request/requests.h"

struct ec_slave;

/* Time the EEPROM has for one word (writes take a few ms). */
#define EC_SII_WRITE_TIMEOUT_NS (100 * EC_NSEC_PER_MSEC)

struct ec_fsm_sii_write;
typedef void (*ec_fsm_sii_write_state_t)(struct ec_fsm_sii_write *fsm,
					 u64 now_ns);

struct ec_fsm_sii_write {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_sii_write_state_t state;
	unsigned int retries;
	const struct ec_sii_request *req;
	size_t pos;		/* word being written */
	u64 start_ns;
	unsigned int busy_polls;	/* status reads that saw busy */
	int error;
};

void ec_fsm_sii_write_init(struct ec_fsm_sii_write *fsm,
			   struct ec_datagram *datagram);
void ec_fsm_sii_write_start(struct ec_fsm_sii_write *fsm,
			    struct ec_slave *slave,
			    const struct ec_sii_request *req, u64 now_ns);
bool ec_fsm_sii_write_exec(struct ec_fsm_sii_write *fsm, u64 now_ns);
bool ec_fsm_sii_write_success(const struct ec_fsm_sii_write *fsm);

#endif /* EC_FSM_SII_WRITE_H */
