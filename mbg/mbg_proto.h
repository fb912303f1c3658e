/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mbg_proto.h - the datagrams of the mailbox gateway (ETG.8200): a 2-byte
 * EtherCAT frame header of type 5 (mailbox) and one mailbox message, its
 * 6-byte header and data.  Written once, used by the daemon
 * (ethercat-mbg), the gateway client of the ethercat tool and the fuzz
 * harness; doc/GATEWAY.md has the whole picture.
 *
 * Also the few CoE, FoE and SoE fields the daemon and the client look at.
 */
#ifndef EC_MBG_PROTO_H
#define EC_MBG_PROTO_H

#include <stddef.h>
#include <stdint.h>

#define MBG_PORT 0x88a4			/* UDP port of master 0, ETG.8200 */
#define MBG_FRAME_HDR 2			/* ETG.1000.4 table 11 */
#define MBG_FRAME_LEN_MASK 0x07ff	/* length: 11 bits */
#define MBG_FRAME_TYPE_SHIFT 12		/* type: 4 bits */
#define MBG_FRAME_TYPE_MBOX 5		/* mailbox (gateway) frames */
#define MBG_MBOX_HDR 6			/* ETG.1000.4 table 29 */
#define MBG_MSG_MAX 1400		/* largest mailbox message passed on */
#define MBG_DGRAM_MAX (MBG_FRAME_HDR + MBG_MSG_MAX)

/* Mailbox types, ETG.1000.4 table 29. */
#define MBG_TYPE_ERR 0x0
#define MBG_TYPE_EOE 0x2
#define MBG_TYPE_COE 0x3
#define MBG_TYPE_FOE 0x4
#define MBG_TYPE_SOE 0x5
#define MBG_TYPE_VOE 0xf

/* Mailbox error reply (type 0) details, ETG.1000.4 table 30. */
#define MBG_MBOX_ERR_UNSUPPORTED_PROTOCOL 0x0002
#define MBG_MBOX_ERR_SERVICE_NOT_SUPPORTED 0x0004

/* What is wrong with a datagram; each has its counter in the daemon. */
enum mbg_bad {
	MBG_OK,
	MBG_SHORT,		/* shorter than both headers */
	MBG_OVERSIZE,		/* longer than MBG_DGRAM_MAX */
	MBG_WRONG_TYPE,		/* frame type is not 5 (mailbox) */
	MBG_LENGTH,		/* the length fields disagree with the size */
	MBG_PROTOCOL,		/* EoE or a mailbox error message */
	MBG_ADDRESS,		/* no slave has the station address */
	MBG_BAD_KINDS,
};

/* One parsed datagram; @msg points into the datagram. */
struct mbg_msg {
	const uint8_t *msg;	/* the mailbox message, header first */
	size_t size;		/* its bytes */
	uint16_t address;	/* station address, 0: the master */
	uint8_t channel;	/* channel and priority byte */
	uint8_t type;		/* MBG_TYPE_* */
	uint8_t counter;	/* 0..7 */
	const uint8_t *data;	/* after the mailbox header */
	size_t data_size;
};

const char *mbg_bad_text(enum mbg_bad bad);
const char *mbg_bad_name(enum mbg_bad bad);
enum mbg_bad mbg_parse(const uint8_t *buf, size_t n, struct mbg_msg *out);
size_t mbg_build(uint8_t *buf, size_t cap, uint16_t address, uint8_t type,
		 uint8_t counter, const void *data, size_t size);
size_t mbg_frame_msg(uint8_t *buf, size_t cap, const uint8_t *msg,
		     size_t size, uint16_t address);
size_t mbg_mbox_error(uint8_t *buf, size_t cap, uint16_t address,
		      uint8_t counter, uint16_t detail);

/* CoE (ETG.1000.6 5.6): header, SDO command specifiers. */
#define MBG_COE_HDR 2
#define MBG_COE_SERVICE_SHIFT 12
#define MBG_COE_EMERGENCY 0x1
#define MBG_COE_SDO_REQ 0x2
#define MBG_COE_SDO_RESP 0x3
#define MBG_COE_SDO_INFO 0x8
#define MBG_SDO_HDR 4		/* command, index, subindex */
#define MBG_SDO_MSG 10		/* CoE header, SDO header, 4 data bytes */
#define MBG_SDO_ABORT 0x80
#define MBG_SDO_INFO_HDR 4	/* opcode, reserved, fragments left */
#define MBG_SDO_INFO_INCOMPLETE 0x80

/* FoE (ETG.1000.6 5.7): opcodes. */
#define MBG_FOE_RRQ 1
#define MBG_FOE_DATA 3
#define MBG_FOE_ACK 4
#define MBG_FOE_ERR 5
#define MBG_FOE_BUSY 6
#define MBG_FOE_HDR 6		/* opcode, reserved, packet/password */

#endif /* EC_MBG_PROTO_H */
