/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mailbox.h - the EtherCAT mailbox (ETG.1000.4 clause 5.6): the 6-byte
 * header, writing a request into the write mailbox (SM0), waiting for the
 * read mailbox (SM1) to fill, fetching the reply, the repeat request for
 * a reply that was lost, and the mailbox error reply.
 *
 * struct ec_fsm_mbox carries one request/reply exchange:
 *
 *	payload = ec_mbox_prepare_send(slave, datagram, EC_MBOX_TYPE_COE, n);
 *	(fill payload)
 *	ec_fsm_mbox_transfer(&mbox, slave, timeout_ns, now_ns);
 *	while (ec_fsm_mbox_exec(&mbox, now_ns)) ...
 *	if (ec_fsm_mbox_success(&mbox)) use mbox.type/payload/size
 *
 * ec_fsm_mbox_receive() waits for one more reply without sending (for
 * fragmented replies, or after an unsolicited message such as an
 * emergency).  The reply points into the datagram: use it before the
 * datagram is set up again.
 */
#ifndef EC_MAILBOX_H
#define EC_MAILBOX_H

#include "port.h"
#include "cycle/datagram.h"

struct ec_slave;

#define EC_MBOX_HEADER_SIZE 6	/* ETG.1000.4 table 29 */

/* Header fields, ETG.1000.4 table 29. */
#define EC_MBOX_HDR_LENGTH 0	/* 16 bit: bytes after the header */
#define EC_MBOX_HDR_ADDRESS 2	/* 16 bit: station address of origin */
#define EC_MBOX_HDR_CHANNEL 4	/* channel:6, priority:2 */
#define EC_MBOX_HDR_TYPE 5	/* type:4, counter:3, reserved:1 */
#define EC_MBOX_TYPE_MASK 0x0f
#define EC_MBOX_COUNTER_SHIFT 4
#define EC_MBOX_COUNTER_MAX 7

/* Mailbox types, ETG.1000.4 table 29. */
#define EC_MBOX_TYPE_ERR 0x00
#define EC_MBOX_TYPE_AOE 0x01
#define EC_MBOX_TYPE_EOE 0x02
#define EC_MBOX_TYPE_COE 0x03
#define EC_MBOX_TYPE_FOE 0x04
#define EC_MBOX_TYPE_SOE 0x05
#define EC_MBOX_TYPE_VOE 0x0f
#define EC_MBOX_TYPE_NONE 0xff	/* no reply (ec_fsm_mbox_send()) */

/* Mailbox error reply (type 0), ETG.1000.4 table 30. */
#define EC_MBOX_ERR_SERVICE 0x0001	/* "mailbox command" service */
#define EC_MBOX_ERR_SYNTAX 0x0001
#define EC_MBOX_ERR_UNSUPPORTED_PROTOCOL 0x0002
#define EC_MBOX_ERR_INVALID_CHANNEL 0x0003
#define EC_MBOX_ERR_SERVICE_NOT_SUPPORTED 0x0004
#define EC_MBOX_ERR_INVALID_HEADER 0x0005
#define EC_MBOX_ERR_SIZE_TOO_SHORT 0x0006
#define EC_MBOX_ERR_NO_MEMORY 0x0007
#define EC_MBOX_ERR_INVALID_SIZE 0x0008

/* Sync manager register layout, ETG.1000.4 table 45 (8 bytes per SM). */
#define EC_SM_SIZE 8
#define EC_SM_REG(n) (0x0800 + EC_SM_SIZE * (n))
#define EC_SM_START 0		/* physical start address, 16 bit */
#define EC_SM_LENGTH 2		/* 16 bit */
#define EC_SM_CONTROL 4
#define EC_SM_STATUS 5
#define EC_SM_ACTIVATE 6
#define EC_SM_PDI_CONTROL 7
#define EC_SM_STATUS_MBOX_FULL 0x08	/* status bit 3: mailbox full */
#define EC_SM_ACTIVATE_ENABLE 0x01
#define EC_SM_ACTIVATE_REPEAT 0x02	/* repeat request (toggle) */
#define EC_SM_PDI_REPEAT_ACK 0x02	/* PDI control bit 1: repeat ack */
#define EC_SM_MBOX_WRITE 0		/* SM0: master -> slave */
#define EC_SM_MBOX_READ 1		/* SM1: slave -> master */
/* Control bytes of mailbox SMs: mailbox mode, direction, PDI IRQ. */
#define EC_SM_CONTROL_MBOX_WRITE 0x26
#define EC_SM_CONTROL_MBOX_READ 0x22

/*
 * Idle check of a CoE slave's read mailbox (emergencies): the interval,
 * and over how many slots of it the slaves are spread by ring position.
 * In the operation phase the master's monitor checks them (monitor.h).
 */
#define EC_MBOX_POLL_NS (100 * EC_NSEC_PER_MSEC)
#define EC_MBOX_POLL_SPREAD 10

/* Time a slave has to answer a mailbox request by default. */
#define EC_MBOX_TIMEOUT_NS (1000 * EC_NSEC_PER_MSEC)

bool ec_slave_has_mailbox(const struct ec_slave *slave);
bool ec_slave_has_coe(const struct ec_slave *slave);
size_t ec_mbox_max_request(const struct ec_slave *slave);
size_t ec_mbox_max_reply(const struct ec_slave *slave);
void ec_mbox_layout(const struct ec_slave *slave, u16 *rx_offset,
		    u16 *rx_size, u16 *tx_offset, u16 *tx_size);
u8 *ec_mbox_prepare_send(struct ec_slave *slave, struct ec_datagram *d,
			 u8 type, size_t size);
const char *ec_mbox_error_text(u16 code);

struct ec_fsm_mbox;
typedef void (*ec_fsm_mbox_state_t)(struct ec_fsm_mbox *fsm, u64 now_ns);

struct ec_fsm_mbox {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_mbox_state_t state;
	u64 start_ns;		/* of waiting for the reply */
	u64 timeout_ns;
	unsigned int retries;	/* left for the current datagram */
	u8 repeat_activate;	/* SM1 activate byte with the toggled bit */
	bool send_only;		/* end after the write (no reply) */
	bool fetch_once;	/* one fetch, no waiting (ec_fsm_mbox_fetch) */
	bool repeated;		/* the reply awaited was asked for again */
	int error;		/* -ETIMEDOUT, -EIO (no answer), -EPROTO */
	/* The reply, valid after success. */
	u8 type;		/* EC_MBOX_TYPE_* */
	const u8 *payload;
	size_t size;
	u16 error_code;		/* detail of a mailbox error reply */
	unsigned int repeats;	/* repeat requests done (statistics) */
};

void ec_fsm_mbox_init(struct ec_fsm_mbox *fsm, struct ec_datagram *datagram);
void ec_fsm_mbox_transfer(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
			  u64 timeout_ns, u64 now_ns);
void ec_fsm_mbox_receive(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
			 u64 timeout_ns, u64 now_ns);
void ec_fsm_mbox_send(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
		      u64 timeout_ns, u64 now_ns);
void ec_fsm_mbox_fetch(struct ec_fsm_mbox *fsm, struct ec_slave *slave,
		       u64 timeout_ns, u64 now_ns);
bool ec_fsm_mbox_exec(struct ec_fsm_mbox *fsm, u64 now_ns);
int ec_fsm_mbox_reply(struct ec_fsm_mbox *fsm, u8 type, u64 now_ns);
bool ec_fsm_mbox_success(const struct ec_fsm_mbox *fsm);

#endif /* EC_MAILBOX_H */
