/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_coe.h - CANopen over EtherCAT client (ETG.1000.6 clause 5.6): SDO
 * upload and download (expedited, normal, segmented, complete access) and
 * SDO information (object list, object and entry descriptions) filling the
 * slave's dictionary.  Emergencies that arrive while a reply is awaited go
 * into the slave's emergency ring and the FSM keeps waiting.
 */
#ifndef EC_FSM_COE_H
#define EC_FSM_COE_H

#include "port.h"
#include "cycle/datagram.h"
#include "mailbox/mailbox.h"
#include "request/requests.h"

struct ec_slave;
struct ec_sdo;

/* CoE header (2 bytes): number:9, reserved:3, service:4 (table 29). */
#define EC_COE_HEADER_SIZE 2
#define EC_COE_SERVICE_SHIFT 12
#define EC_COE_SERVICE_EMERGENCY 0x1
#define EC_COE_SERVICE_SDO_REQUEST 0x2
#define EC_COE_SERVICE_SDO_RESPONSE 0x3
#define EC_COE_SERVICE_SDO_INFO 0x8

/* SDO command byte (CiA 301 clause 7.2.4.3, ETG.1000.6 tables 30-39). */
#define EC_SDO_CCS_DOWNLOAD_SEGMENT 0x00	/* client command specifiers */
#define EC_SDO_CCS_DOWNLOAD 0x20
#define EC_SDO_CCS_UPLOAD 0x40
#define EC_SDO_CCS_UPLOAD_SEGMENT 0x60
#define EC_SDO_CS_ABORT 0x80
#define EC_SDO_SCS_UPLOAD_SEGMENT 0x00		/* server command specifiers */
#define EC_SDO_SCS_DOWNLOAD_SEGMENT 0x20
#define EC_SDO_SCS_UPLOAD 0x40
#define EC_SDO_SCS_DOWNLOAD 0x60
#define EC_SDO_CS_MASK 0xe0
#define EC_SDO_COMPLETE_ACCESS 0x10	/* initiate: complete access */
#define EC_SDO_TOGGLE 0x10		/* segments: toggle bit */
#define EC_SDO_EXPEDITED 0x02
#define EC_SDO_SIZE_INDICATED 0x01
#define EC_SDO_LAST_SEGMENT 0x01
/* Bytes of the SDO header after the CoE header: command, index, sub. */
#define EC_SDO_HEADER_SIZE 4
#define EC_SDO_EXPEDITED_MAX 4
#define EC_SDO_SEGMENT_MIN 7	/* a segment carries at least 7 bytes */

struct ec_fsm_coe;
typedef void (*ec_fsm_coe_state_t)(struct ec_fsm_coe *fsm, u64 now_ns);

struct ec_fsm_coe {
	struct ec_slave *slave;
	struct ec_datagram *datagram;
	ec_fsm_coe_state_t state;
	struct ec_fsm_mbox mbox;
	u64 timeout_ns;
	int error;		/* -EIO abort, -ETIMEDOUT, -EPROTO ... */
	u32 abort_code;

	/* SDO transfer. */
	struct ec_sdo_request *request;
	size_t offset;		/* bytes done */
	size_t complete_size;	/* upload: announced by the slave */
	size_t segment_size;	/* download: bytes in the segment sent */
	u8 toggle;
	int client_error;	/* error of a transfer the client aborts */
	unsigned int retries;	/* of the abort request */

	/* Dictionary read (fsm_coe_info.c). */
	u16 *indices;
	unsigned int index_count;
	unsigned int index_cap;
	u8 *info_buf;		/* data of a fragmented reply */
	size_t info_len;
	size_t info_cap;
	u8 info_opcode;		/* reply opcode awaited */
	struct ec_sdo *sdos;	/* being built */
	unsigned int sdo_count;
	unsigned int sdo_pos;
	unsigned int sub_pos;
	bool dict_pause;	/* stop before the next object (a request waits) */
	bool dict_paused;	/* stopped: ec_fsm_coe_dictionary_resume() */
};

void ec_fsm_coe_init(struct ec_fsm_coe *fsm, struct ec_datagram *datagram);
void ec_fsm_coe_clear(struct ec_fsm_coe *fsm);
void ec_fsm_coe_transfer(struct ec_fsm_coe *fsm, struct ec_slave *slave,
			 struct ec_sdo_request *request, u64 now_ns);
/* SDO information: one entry's description (fsm_coe_info.c). */
#define EC_COE_ENTRY_DESC_FIXED 10	/* index, sub, info, type, bits, access */
struct ec_sdo_entry;
void ec_coe_entry_decode(struct ec_sdo_entry *e, const u8 *d);
void ec_fsm_coe_entry_info_start(struct ec_fsm_coe *fsm, u64 now_ns);
void ec_fsm_coe_dictionary(struct ec_fsm_coe *fsm, struct ec_slave *slave,
			   u64 now_ns);
void ec_fsm_coe_dictionary_resume(struct ec_fsm_coe *fsm, u64 now_ns);
bool ec_fsm_coe_exec(struct ec_fsm_coe *fsm, u64 now_ns);
bool ec_fsm_coe_success(const struct ec_fsm_coe *fsm);

bool ec_coe_emergency(struct ec_slave *slave, const u8 *p, size_t n);
void ec_slave_free_sdos(struct ec_sdo *sdos, unsigned int count);

/* Shared by fsm_coe.c and fsm_coe_info.c only. */
void ec_fsm_coe_finish(struct ec_fsm_coe *fsm, int error);
u8 *ec_fsm_coe_prepare(struct ec_fsm_coe *fsm, u8 service, size_t size);
void ec_fsm_coe_send(struct ec_fsm_coe *fsm, ec_fsm_coe_state_t next,
		     u64 now_ns);
int ec_fsm_coe_reply(struct ec_fsm_coe *fsm, u8 service, const u8 **data,
		     size_t *size, u64 now_ns);
void ec_fsm_coe_receive_again(struct ec_fsm_coe *fsm, u64 now_ns);

#endif /* EC_FSM_COE_H */
