/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_foe.h - File access over EtherCAT client (ETG.1000.6 clause 5.7):
 * read and write of one file with name and password, data packets sized
 * to the mailbox, acknowledges, busy, errors with code and text.
 */
#ifndef EC_FSM_FOE_H
#define EC_FSM_FOE_H

#include "port.h"
#include "cycle/datagram.h"
#include "mailbox/mailbox.h"
#include "request/requests.h"

struct ec_slave;

/* FoE header, ETG.1000.6 clause 5.7: opcode, reserved, one 32-bit word. */
#define EC_FOE_HEADER_SIZE 6
#define EC_FOE_OP_READ 0x01
#define EC_FOE_OP_WRITE 0x02
#define EC_FOE_OP_DATA 0x03
#define EC_FOE_OP_ACK 0x04
#define EC_FOE_OP_ERROR 0x05
#define EC_FOE_OP_BUSY 0x06

/* Time a slave has to answer one FoE request by default (flash erase). */
#define EC_FOE_TIMEOUT_NS (3000 * EC_NSEC_PER_MSEC)

struct ec_fsm_foe;
typedef void (*ec_fsm_foe_state_t)(struct ec_fsm_foe *fsm, u64 now_ns);

struct ec_fsm_foe {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_foe_state_t state;
	struct ec_fsm_mbox mbox;
	struct ec_foe_request *request;
	u64 timeout_ns;
	u32 packet_no;		/* write: last sent; read: last received */
	size_t segment_size;	/* write: bytes in the data packet sent */
	size_t max_data;	/* data bytes per packet */
	bool last;		/* the final packet was sent / received */
	unsigned int duplicates;	/* repeated packets seen */
	unsigned int busy_count;	/* busy replies seen */
	u64 busy_since_ns;	/* first busy of the current packet, or 0 */
	int error;
};

void ec_fsm_foe_init(struct ec_fsm_foe *fsm, struct ec_datagram *datagram);
void ec_fsm_foe_transfer(struct ec_fsm_foe *fsm, struct ec_slave *slave,
			 struct ec_foe_request *request, u64 now_ns);
bool ec_fsm_foe_exec(struct ec_fsm_foe *fsm, u64 now_ns);
bool ec_fsm_foe_success(const struct ec_fsm_foe *fsm);

#endif /* EC_FSM_FOE_H */
