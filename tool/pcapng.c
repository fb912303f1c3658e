// SPDX-License-Identifier: GPL-2.0-only
/*
 * pcapng.c - the pcapng writer of `ethercat capture` (pcapng.h).
 *
 * Each block is built in memory and written with one fwrite(): type,
 * total length, body, options (code, length, value padded to 32 bits,
 * then opt_endofopt), total length again.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "pcapng.h"

/* The largest block: an EPB of a full frame with a comment. */
#define EC_PCAPNG_BLOCK_MAX 4096

struct ec_pcapng_block {
	uint8_t buf[EC_PCAPNG_BLOCK_MAX];
	size_t len;
	int err;
};

static size_t ec_pad4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

static void ec_blk_put(struct ec_pcapng_block *b, const void *p, size_t n)
{
	size_t padded = ec_pad4(n);

	if (b->err || b->len + padded + 16 > sizeof(b->buf)) {
		b->err = -EOVERFLOW;
		return;
	}
	if (n)
		memcpy(b->buf + b->len, p, n);
	memset(b->buf + b->len + n, 0, padded - n);
	b->len += padded;
}

static void ec_blk_u32(struct ec_pcapng_block *b, uint32_t v)
{
	ec_blk_put(b, &v, sizeof(v));
}

static void ec_blk_u16(struct ec_pcapng_block *b, uint16_t v)
{
	if (b->err || b->len + 2 > sizeof(b->buf)) {
		b->err = -EOVERFLOW;
		return;
	}
	memcpy(b->buf + b->len, &v, 2);
	b->len += 2;
}

static void ec_blk_begin(struct ec_pcapng_block *b, uint32_t type)
{
	b->len = 0;
	b->err = 0;
	ec_blk_u32(b, type);
	ec_blk_u32(b, 0);	/* total length, set by ec_blk_write() */
}

static void ec_blk_opt(struct ec_pcapng_block *b, uint16_t code,
		       const void *val, size_t n)
{
	if (n > 0xffff) {
		b->err = -EOVERFLOW;
		return;
	}
	ec_blk_u16(b, code);
	ec_blk_u16(b, (uint16_t)n);
	ec_blk_put(b, val, n);
}

static void ec_blk_opt_str(struct ec_pcapng_block *b, uint16_t code,
			   const char *s)
{
	if (s && *s)
		ec_blk_opt(b, code, s, strlen(s));
}

static void ec_blk_opt_u64(struct ec_pcapng_block *b, uint16_t code,
			   uint64_t v)
{
	ec_blk_opt(b, code, &v, sizeof(v));
}

/* Timestamps of if_tsresol 9: nanoseconds, high word first. */
static void ec_blk_opt_time(struct ec_pcapng_block *b, uint16_t code,
			    uint64_t ns)
{
	uint32_t t[2] = { (uint32_t)(ns >> 32), (uint32_t)ns };

	ec_blk_opt(b, code, t, sizeof(t));
}

static int ec_blk_write(FILE *f, struct ec_pcapng_block *b, bool options)
{
	uint32_t total;

	if (options)
		ec_blk_u32(b, EC_PCAPNG_OPT_END);	/* code 0, length 0 */
	ec_blk_u32(b, 0);	/* room for the trailing length */
	if (b->err)
		return b->err;
	total = (uint32_t)b->len;
	memcpy(b->buf + 4, &total, 4);
	memcpy(b->buf + b->len - 4, &total, 4);
	if (fwrite(b->buf, 1, b->len, f) != b->len)
		return errno ? -errno : -EIO;
	return 0;
}

/**
 * ec_pcapng_section() - the section header block
 * @f: output
 * @application: shb_userappl, or NULL
 * @comment: opt_comment, or NULL
 *
 * Return: 0 or -errno.
 */
int ec_pcapng_section(FILE *f, const char *application, const char *comment)
{
	struct ec_pcapng_block b;
	uint64_t section_len = UINT64_MAX;	/* not given */

	ec_blk_begin(&b, EC_PCAPNG_SHB);
	ec_blk_u32(&b, EC_PCAPNG_BYTE_ORDER_MAGIC);
	ec_blk_u16(&b, 1);	/* major version */
	ec_blk_u16(&b, 0);	/* minor version */
	ec_blk_put(&b, &section_len, sizeof(section_len));
	ec_blk_opt_str(&b, EC_PCAPNG_OPT_COMMENT, comment);
	ec_blk_opt_str(&b, EC_PCAPNG_SHB_USERAPPL, application);
	return ec_blk_write(f, &b, true);
}

/**
 * ec_pcapng_interface() - an interface description block: Ethernet, no
 * snap length, timestamps in nanoseconds (if_tsresol 9)
 * @f: output
 * @name: if_name
 * @description: if_description, or NULL
 * @mac: if_MACaddr, or NULL
 *
 * Interfaces are numbered in the order of their blocks, from 0.
 *
 * Return: 0 or -errno.
 */
int ec_pcapng_interface(FILE *f, const char *name, const char *description,
			const uint8_t mac[6])
{
	struct ec_pcapng_block b;
	uint8_t tsresol = 9;

	ec_blk_begin(&b, EC_PCAPNG_IDB);
	ec_blk_u16(&b, EC_PCAPNG_LINKTYPE_ETHERNET);
	ec_blk_u16(&b, 0);	/* reserved */
	ec_blk_u32(&b, 0);	/* snaplen: no limit */
	ec_blk_opt_str(&b, EC_PCAPNG_IF_NAME, name);
	ec_blk_opt_str(&b, EC_PCAPNG_IF_DESCRIPTION, description);
	if (mac)
		ec_blk_opt(&b, EC_PCAPNG_IF_MACADDR, mac, 6);
	ec_blk_opt(&b, EC_PCAPNG_IF_TSRESOL, &tsresol, 1);
	return ec_blk_write(f, &b, true);
}

/**
 * ec_pcapng_packet() - an enhanced packet block
 * @f: output
 * @ifid: the interface (its block's number)
 * @time_ns: nanoseconds since 1970
 * @data: the frame
 * @len: its length
 * @direction: EC_PCAPNG_INBOUND, EC_PCAPNG_OUTBOUND or 0
 * @dropcount: frames lost between the previous packet and this one
 *	(epb_dropcount; written when not 0)
 * @comment: opt_comment, or NULL
 *
 * Return: 0 or -errno (-EOVERFLOW: frame and comment too long).
 */
int ec_pcapng_packet(FILE *f, uint32_t ifid, uint64_t time_ns,
		     const uint8_t *data, uint32_t len, uint32_t direction,
		     uint64_t dropcount, const char *comment)
{
	struct ec_pcapng_block b;

	ec_blk_begin(&b, EC_PCAPNG_EPB);
	ec_blk_u32(&b, ifid);
	ec_blk_u32(&b, (uint32_t)(time_ns >> 32));
	ec_blk_u32(&b, (uint32_t)time_ns);
	ec_blk_u32(&b, len);	/* captured */
	ec_blk_u32(&b, len);	/* original */
	ec_blk_put(&b, data, len);
	ec_blk_opt_str(&b, EC_PCAPNG_OPT_COMMENT, comment);
	if (direction)
		ec_blk_opt(&b, EC_PCAPNG_EPB_FLAGS, &direction, 4);
	if (dropcount)
		ec_blk_opt_u64(&b, EC_PCAPNG_EPB_DROPCOUNT, dropcount);
	return ec_blk_write(f, &b, true);
}

/**
 * ec_pcapng_stats() - an interface statistics block
 * @f: output
 * @ifid: the interface
 * @time_ns: when the statistics were taken, ns since 1970
 * @start_ns: isb_starttime, the start of the capture
 * @received: isb_ifrecv, frames the interface carried meanwhile
 * @dropped: isb_ifdrop, frames of those not in the file
 * @comment: opt_comment, or NULL
 *
 * Return: 0 or -errno.
 */
int ec_pcapng_stats(FILE *f, uint32_t ifid, uint64_t time_ns,
		    uint64_t start_ns, uint64_t received, uint64_t dropped,
		    const char *comment)
{
	struct ec_pcapng_block b;

	ec_blk_begin(&b, EC_PCAPNG_ISB);
	ec_blk_u32(&b, ifid);
	ec_blk_u32(&b, (uint32_t)(time_ns >> 32));
	ec_blk_u32(&b, (uint32_t)time_ns);
	ec_blk_opt_str(&b, EC_PCAPNG_OPT_COMMENT, comment);
	ec_blk_opt_time(&b, EC_PCAPNG_ISB_STARTTIME, start_ns);
	ec_blk_opt_time(&b, EC_PCAPNG_ISB_ENDTIME, time_ns);
	ec_blk_opt_u64(&b, EC_PCAPNG_ISB_IFRECV, received);
	ec_blk_opt_u64(&b, EC_PCAPNG_ISB_IFDROP, dropped);
	return ec_blk_write(f, &b, true);
}
