/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_soe.h - Servo drive profile over EtherCAT client (ETG.1000.6 clause
 * 5.8, IEC 61800-7-304): read and write of one element of an IDN, with
 * fragmented transfers in both directions and the drive's error codes.
 */
#ifndef EC_FSM_SOE_H
#define EC_FSM_SOE_H

#include "port.h"
#include "cycle/datagram.h"
#include "mailbox/mailbox.h"
#include "request/requests.h"

struct ec_slave;

/* SoE header (4 bytes), ETG.1000.6 clause 5.8. */
#define EC_SOE_HEADER_SIZE 4
#define EC_SOE_OP_READ_REQ 0x01
#define EC_SOE_OP_READ_RES 0x02
#define EC_SOE_OP_WRITE_REQ 0x03
#define EC_SOE_OP_WRITE_RES 0x04
#define EC_SOE_OP_NOTIFY 0x05
#define EC_SOE_OP_MASK 0x07
#define EC_SOE_INCOMPLETE 0x08
#define EC_SOE_ERROR 0x10
#define EC_SOE_DRIVE_SHIFT 5
/* Element flags (byte 1). */
#define EC_SOE_ELEM_DATA_STATE 0x01
#define EC_SOE_ELEM_NAME 0x02
#define EC_SOE_ELEM_ATTRIBUTE 0x04
#define EC_SOE_ELEM_UNIT 0x08
#define EC_SOE_ELEM_MIN 0x10
#define EC_SOE_ELEM_MAX 0x20
#define EC_SOE_ELEM_VALUE 0x40
#define EC_SOE_ELEM_DEFAULT 0x80

#define EC_SOE_TIMEOUT_NS (1000 * EC_NSEC_PER_MSEC)

struct ec_fsm_soe;
typedef void (*ec_fsm_soe_state_t)(struct ec_fsm_soe *fsm, u64 now_ns);

struct ec_fsm_soe {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_soe_state_t state;
	struct ec_fsm_mbox mbox;
	struct ec_soe_request *request;
	u64 timeout_ns;
	size_t offset;		/* write: bytes sent */
	size_t fragment_size;	/* write: bytes in the fragment in flight */
	unsigned int fragments;	/* fragments sent or received */
	int error;
};

void ec_fsm_soe_init(struct ec_fsm_soe *fsm, struct ec_datagram *datagram);
void ec_fsm_soe_transfer(struct ec_fsm_soe *fsm, struct ec_slave *slave,
			 struct ec_soe_request *request, u64 now_ns);
bool ec_fsm_soe_exec(struct ec_fsm_soe *fsm, u64 now_ns);
bool ec_fsm_soe_success(const struct ec_fsm_soe *fsm);

#endif /* EC_FSM_SOE_H */
