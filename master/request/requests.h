/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * requests.h - work that the CLI or an application queues on a slave and
 * the slave's FSM carries out: SII writes, register reads/writes, SDO
 * transfers, AL state changes.  The requester owns the memory; it polls
 * or waits until state leaves EC_REQ_QUEUED/EC_REQ_BUSY.  Queueing and
 * dequeueing happen under the master's lock.
 */
#ifndef EC_REQUESTS_H
#define EC_REQUESTS_H

#include "port.h"
#include "list.h"

enum ec_req_state {
	EC_REQ_UNUSED,
	EC_REQ_QUEUED,		/* on a slave's list, not yet taken */
	EC_REQ_BUSY,		/* the slave FSM works on it */
	EC_REQ_SUCCESS,
	EC_REQ_FAILURE,
};

static inline bool ec_req_done(enum ec_req_state s)
{
	return s == EC_REQ_SUCCESS || s == EC_REQ_FAILURE;
}

/* Write words into the SII; the FSM checks and waits for each word. */
struct ec_sii_request {
	struct ec_list node;
	enum ec_req_state state;
	u16 word_offset;
	size_t nwords;
	const u8 *words;	/* nwords * 2 bytes, little-endian */
	int error;		/* -errno on failure */
};

/* Read or write ESC registers with FPRD/FPWR (APRD/APWR if emergency). */
struct ec_reg_request {
	struct ec_list node;
	enum ec_req_state state;
	bool write;
	u16 address;
	size_t size;
	u8 *data;		/* size bytes */
	u16 working_counter;
	int error;
};

/* A CoE SDO upload or download. */
struct ec_sdo_request {
	struct ec_list node;
	enum ec_req_state state;
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
	u64 timeout_ns;		/* 0: FSM default */
	u32 abort_code;		/* SDO abort code, 0 if none */
	int error;		/* -errno: -EIO abort, -ETIMEDOUT, -EPROTO */
};

#define EC_FOE_NAME_SIZE 256	/* file name bytes incl. the final NUL */

/*
 * An FoE read or write of one file (ETG.1000.6 clause 5.7).  A read
 * fails with -EOVERFLOW when the file is larger than mem_size.
 */
struct ec_foe_request {
	struct ec_list node;
	enum ec_req_state state;
	bool write;
	char file_name[EC_FOE_NAME_SIZE];
	u32 password;
	u8 *data;		/* buffer of mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* write: to write; read: read */
	size_t progress;	/* bytes transferred so far */
	u64 timeout_ns;		/* per reply; 0: FSM default */
	u32 foe_error;		/* FoE error code of the slave, 0 if none */
	char error_text[64];	/* the slave's text with it, NUL-ended */
	u16 mbox_error;		/* mailbox error reply detail, 0 if none */
	int error;		/* -errno: -EIO FoE error, -ETIMEDOUT ... */
};

/* An SoE read or write of one IDN element (IEC 61800-7-304). */
struct ec_soe_request {
	struct ec_list node;
	enum ec_req_state state;
	bool write;
	u8 drive_no;		/* 0..7 */
	u16 idn;		/* bit 15: P, bits 14-12: set, 11-0: number */
	u8 elements;		/* EC_SOE_ELEM_*, 0: the value */
	u8 al_state;		/* startup IDNs: EC_AL_STATE_PREOP_/SAFEOP_ */
	u8 *data;		/* buffer of mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* write: to write; read: read */
	u64 timeout_ns;		/* per reply; 0: FSM default */
	u16 error_code;		/* SoE error code of the slave, 0 if none */
	int error;		/* -errno: -EIO SoE error, -ETIMEDOUT ... */
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
	struct ec_list node;
	enum ec_req_state state;
	enum ec_voe_op op;
	u32 vendor_id;		/* header of writes */
	u16 vendor_type;
	u32 rx_vendor_id;	/* header of the last message read */
	u16 rx_vendor_type;
	u8 *data;		/* after the header, mem_size bytes */
	size_t mem_size;
	size_t data_size;	/* write: to write; read: read */
	u64 timeout_ns;		/* 0: FSM default */
	u16 mbox_error;		/* mailbox error reply detail, 0 if none */
	int error;
};

/* Bring a slave to an AL state (with error acknowledge when needed). */
struct ec_state_request {
	struct ec_list node;
	enum ec_req_state state;
	u8 al_state;		/* EC_AL_STATE_*_ */
	u16 al_status_code;	/* on failure, from register 0x0134 */
	int error;
};

#endif /* EC_REQUESTS_H */
