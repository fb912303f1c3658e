/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * requests.h - work that the CLI or an application queues on a slave and
 * the slave's FSM carries out: SII writes, register reads/writes, SDO
 * transfers (and SDO entry descriptions), AL state changes, FoE, SoE and
 * VoE transfers, EoE set IP.
 *
 * Every kind begins with struct ec_request: the node in the slave's one
 * queue, the kind (which picks the kind's row of struct ec_request_ops in
 * request/request.c), the owner, the state word, the error and the
 * timeout.  The requester owns the memory; it polls or waits until the
 * state leaves EC_REQ_QUEUED/EC_REQ_BUSY.  doc/REQUESTS.md has the life
 * cycle and how a kind is added.
 */
#ifndef EC_REQUESTS_H
#define EC_REQUESTS_H

#include "port.h"
#include "list.h"

enum ec_req_state {
	EC_REQ_UNUSED,
	EC_REQ_QUEUED,		/* started, waiting in the slave's queue */
	EC_REQ_BUSY,		/* the slave FSM works on it */
	EC_REQ_SUCCESS,
	EC_REQ_FAILURE,
};

static inline bool ec_req_done(enum ec_req_state s)
{
	return s == EC_REQ_SUCCESS || s == EC_REQ_FAILURE;
}

/* The kinds; each has one row in ec_request_ops[] (request/request.c). */
enum ec_req_kind {
	EC_REQ_SII,		/* struct ec_sii_request */
	EC_REQ_REG,		/* struct ec_reg_request */
	EC_REQ_SDO,		/* struct ec_sdo_request */
	EC_REQ_STATE,		/* struct ec_state_request */
	EC_REQ_FOE,		/* struct ec_foe_request */
	EC_REQ_SOE,		/* struct ec_soe_request */
	EC_REQ_VOE,		/* struct ec_voe_handler */
	EC_REQ_EOE_IP,		/* struct ec_eoe_ip_request (fsm_eoe.h) */
	EC_REQ_MBOX_RAW,	/* struct ec_mbox_raw_request */
	EC_REQ_KINDS,
};

/* Who queued a request; both use the one queue of the slave. */
enum ec_req_owner {
	EC_REQ_OWNER_CLI,	/* the glue, queued under the master lock */
	EC_REQ_OWNER_APP,	/* a slave config's, started lock-free */
};

/*
 * The head of every request, its first member.  @node is in the slave's
 * queue (slave->requests) while QUEUED; @error is -errno after a failure
 * (the kind's record may hold the slave's code as well); @timeout_ns is
 * per reply where the kind's FSM has one, 0 for its default.
 */
struct ec_request {
	struct ec_list node;
	u8 kind;		/* enum ec_req_kind */
	u8 owner;		/* enum ec_req_owner */
	enum ec_req_state state;
	int error;
	u64 timeout_ns;
};

/* Set up the head of a request of @kind (its record zeroed before). */
static inline void ec_request_init(struct ec_request *req,
				   enum ec_req_kind kind,
				   enum ec_req_owner owner)
{
	ec_list_init(&req->node);
	req->kind = kind;
	req->owner = owner;
	req->state = EC_REQ_UNUSED;
}

/* Write words into the SII; the FSM checks and waits for each word. */
struct ec_sii_request {
	struct ec_request base;
	u16 word_offset;
	size_t nwords;
	const u8 *words;	/* nwords * 2 bytes, little-endian */
};

/* Read or write ESC registers with FPRD/FPWR (APRD/APWR if emergency). */
struct ec_reg_request {
	struct ec_request base;
	bool write;
	u16 address;
	size_t size;
	u8 *data;		/* size bytes */
	u16 working_counter;
};

/* A CoE SDO upload or download. */
struct ec_sdo_request {
	struct ec_request base;
	bool write;		/* download */
	u16 index;
	u8 subindex;
	bool complete_access;
	/*
	 * Not an upload but SDO information's Get Entry Description of
	 * index:subindex (ETG.1000.6 5.6.3.5): data gets the reply's data
	 * (index, subindex, value info, data type, bit length, access,
	 * description), data_size its length.
	 */
	bool entry_info;
	u8 *data;		/* buffer of mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* download: to write; upload: read */
	u32 abort_code;		/* SDO abort code, 0 if none */
};

#define EC_FOE_NAME_SIZE 256	/* file name bytes incl. the final NUL */

/*
 * An FoE read or write of one file (ETG.1000.6 clause 5.7).  A read
 * fails with -EOVERFLOW when the file is larger than mem_size.
 */
struct ec_foe_request {
	struct ec_request base;
	bool write;
	char file_name[EC_FOE_NAME_SIZE];
	u32 password;
	u8 *data;		/* buffer of mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* write: to write; read: read */
	size_t progress;	/* bytes transferred so far */
	u32 foe_error;		/* FoE error code of the slave, 0 if none */
	char error_text[64];	/* the slave's text with it, NUL-ended */
	u16 mbox_error;		/* mailbox error reply detail, 0 if none */
};

/* An SoE read or write of one IDN element (IEC 61800-7-304). */
struct ec_soe_request {
	struct ec_request base;
	bool write;
	u8 drive_no;		/* 0..7 */
	u16 idn;		/* bit 15: P, bits 14-12: set, 11-0: number */
	u8 elements;		/* EC_SOE_ELEM_*, 0: the value */
	u8 al_state;		/* startup IDNs: EC_AL_STATE_PREOP_/SAFEOP_ */
	u8 *data;		/* buffer of mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* write: to write; read: read */
	u16 error_code;		/* SoE error code of the slave, 0 if none */
};

/* What a VoE handler does next. */
enum ec_voe_op {
	EC_VOE_OP_WRITE,
	EC_VOE_OP_READ,		/* wait for the read mailbox to fill */
	EC_VOE_OP_READ_NOSYNC,	/* fetch the read mailbox once */
};

/*
 * A vendor-specific message (ETG.1000.6 clause 5.9): 6 bytes of header
 * (vendor id, vendor type) and data.  A write needs no reply.
 */
struct ec_voe_handler {
	struct ec_request base;
	enum ec_voe_op op;
	u32 vendor_id;		/* header of writes */
	u16 vendor_type;
	u32 rx_vendor_id;	/* header of the last message read */
	u16 rx_vendor_type;
	u8 *data;		/* after the header, mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* write: to write; read: read */
	u16 mbox_error;		/* mailbox error reply detail, 0 if none */
};

/*
 * A raw mailbox exchange of the mailbox gateway (ETG.8200,
 * mailbox/mbox_raw.c): @data holds a mailbox message, 6-byte header and
 * data, as the gateway's client sent it; the master fills in the counter
 * and the address.  On success @data holds the slave's reply, header and
 * data (reply_size bytes; 0 with @no_reply); a reply the slave sends in
 * fragments unasked (SDO information, SoE) as its messages back to back.
 */
struct ec_mbox_raw_request {
	struct ec_request base;
	bool no_reply;		/* end once the slave took the message */
	u8 *data;		/* buffer of mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* the message's bytes, header included */
	size_t reply_size;	/* the reply's bytes, header included */
};

/* Bring a slave to an AL state (with error acknowledge when needed). */
struct ec_state_request {
	struct ec_request base;
	u8 al_state;		/* EC_AL_STATE_*_ */
	u16 al_status_code;	/* on failure, from register 0x0134 */
};

#endif /* EC_REQUESTS_H */
