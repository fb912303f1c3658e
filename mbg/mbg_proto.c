// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbg_proto.c - parse and build the datagrams of the mailbox gateway
 * (ETG.8200).  Every byte is read and written byte-wise, little-endian;
 * nothing here trusts a length it did not check against the datagram.
 */
#include <string.h>

#include "mbg_proto.h"

/* Mailbox header fields, ETG.1000.4 table 29. */
#define MBG_HDR_LENGTH 0
#define MBG_HDR_ADDRESS 2
#define MBG_HDR_CHANNEL 4
#define MBG_HDR_TYPE 5
#define MBG_COUNTER_SHIFT 4
#define MBG_COUNTER_MASK 0x7

static uint16_t mbg_get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static void mbg_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static const char *const mbg_bad_texts[MBG_BAD_KINDS][2] = {
	[MBG_OK] = { "ok", "no error" },
	[MBG_SHORT] = { "short",
			"shorter than the frame and mailbox headers (8 bytes)" },
	[MBG_OVERSIZE] = { "oversize", "longer than 1402 bytes" },
	[MBG_WRONG_TYPE] = { "wrong_type",
			     "EtherCAT frame type is not 5 (mailbox)" },
	[MBG_LENGTH] = { "length",
			 "frame or mailbox length field disagrees with the datagram's size" },
	[MBG_PROTOCOL] = { "protocol",
			   "mailbox type is EoE or an error reply (not passed on)" },
	[MBG_ADDRESS] = { "address", "no slave has this station address" },
};

/* A sentence saying what is wrong, for the log. */
const char *mbg_bad_text(enum mbg_bad bad)
{
	return (unsigned int)bad < MBG_BAD_KINDS ? mbg_bad_texts[bad][1] :
						   "unknown";
}

/* A short name, for counters (status file, ethercat master). */
const char *mbg_bad_name(enum mbg_bad bad)
{
	return (unsigned int)bad < MBG_BAD_KINDS ? mbg_bad_texts[bad][0] :
						   "unknown";
}

/**
 * mbg_parse() - check one datagram and find its mailbox message
 * @buf: the datagram
 * @n: its bytes
 * @out: the message's fields (pointing into @buf) on MBG_OK
 *
 * Return: MBG_OK or what is wrong (MBG_ADDRESS is the caller's to find).
 */
enum mbg_bad mbg_parse(const uint8_t *buf, size_t n, struct mbg_msg *out)
{
	uint16_t frame;
	size_t len;

	if (n < MBG_FRAME_HDR + MBG_MBOX_HDR)
		return MBG_SHORT;
	if (n > MBG_DGRAM_MAX)
		return MBG_OVERSIZE;
	frame = mbg_get16(buf);
	if (frame >> MBG_FRAME_TYPE_SHIFT != MBG_FRAME_TYPE_MBOX)
		return MBG_WRONG_TYPE;
	len = frame & MBG_FRAME_LEN_MASK;	/* bit 11, reserved: ignored */
	if (len != n - MBG_FRAME_HDR)
		return MBG_LENGTH;
	buf += MBG_FRAME_HDR;
	if ((size_t)mbg_get16(buf + MBG_HDR_LENGTH) + MBG_MBOX_HDR != len)
		return MBG_LENGTH;
	out->msg = buf;
	out->size = len;
	out->address = mbg_get16(buf + MBG_HDR_ADDRESS);
	out->channel = buf[MBG_HDR_CHANNEL];
	out->type = buf[MBG_HDR_TYPE] & 0x0f;
	out->counter = (buf[MBG_HDR_TYPE] >> MBG_COUNTER_SHIFT) &
		       MBG_COUNTER_MASK;
	out->data = buf + MBG_MBOX_HDR;
	out->data_size = len - MBG_MBOX_HDR;
	if (out->type == MBG_TYPE_EOE || out->type == MBG_TYPE_ERR)
		return MBG_PROTOCOL;
	return MBG_OK;
}

/**
 * mbg_build() - a datagram of one mailbox message
 * @buf: where it goes
 * @cap: bytes at @buf
 * @address: station address (request: the slave; reply: where from)
 * @type: MBG_TYPE_*
 * @counter: 0..7
 * @data: the message's data
 * @size: its bytes
 *
 * Return: the datagram's bytes, 0 if it does not fit.
 */
size_t mbg_build(uint8_t *buf, size_t cap, uint16_t address, uint8_t type,
		 uint8_t counter, const void *data, size_t size)
{
	size_t len = MBG_MBOX_HDR + size;

	if (size > MBG_MSG_MAX - MBG_MBOX_HDR || cap < MBG_FRAME_HDR + len)
		return 0;
	mbg_put16(buf, (uint16_t)(len |
				  MBG_FRAME_TYPE_MBOX << MBG_FRAME_TYPE_SHIFT));
	buf += MBG_FRAME_HDR;
	mbg_put16(buf + MBG_HDR_LENGTH, (uint16_t)size);
	mbg_put16(buf + MBG_HDR_ADDRESS, address);
	buf[MBG_HDR_CHANNEL] = 0;
	buf[MBG_HDR_TYPE] = (uint8_t)((type & 0x0f) |
				      (counter & MBG_COUNTER_MASK)
				      << MBG_COUNTER_SHIFT);
	if (size)
		memcpy(buf + MBG_MBOX_HDR, data, size);
	return MBG_FRAME_HDR + len;
}

/**
 * mbg_frame_msg() - a datagram of a mailbox message the slave sent
 * @buf: where it goes
 * @cap: bytes at @buf
 * @msg: the message, header and data
 * @size: its bytes (its length field is checked)
 * @address: written into the address field: the slave's station address
 *
 * Return: the datagram's bytes, 0 if the message is malformed or too big.
 */
size_t mbg_frame_msg(uint8_t *buf, size_t cap, const uint8_t *msg,
		     size_t size, uint16_t address)
{
	if (size < MBG_MBOX_HDR || size > MBG_MSG_MAX ||
	    cap < MBG_FRAME_HDR + size ||
	    (size_t)mbg_get16(msg + MBG_HDR_LENGTH) + MBG_MBOX_HDR != size)
		return 0;
	mbg_put16(buf, (uint16_t)(size |
				  MBG_FRAME_TYPE_MBOX << MBG_FRAME_TYPE_SHIFT));
	memcpy(buf + MBG_FRAME_HDR, msg, size);
	mbg_put16(buf + MBG_FRAME_HDR + MBG_HDR_ADDRESS, address);
	return MBG_FRAME_HDR + size;
}

/**
 * mbg_mbox_error() - a mailbox error reply (ETG.1000.4 table 30)
 * @buf: where it goes
 * @cap: bytes at @buf
 * @address: where it comes from
 * @counter: the counter of the message it answers
 * @detail: MBG_MBOX_ERR_*
 *
 * Return: the datagram's bytes, 0 if it does not fit.
 */
size_t mbg_mbox_error(uint8_t *buf, size_t cap, uint16_t address,
		      uint8_t counter, uint16_t detail)
{
	uint8_t d[4];

	mbg_put16(d, 0x0001);	/* service: mailbox command */
	mbg_put16(d + 2, detail);
	return mbg_build(buf, cap, address, MBG_TYPE_ERR, counter, d,
			 sizeof(d));
}
