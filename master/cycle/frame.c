// SPDX-License-Identifier: GPL-2.0-only
/*
 * frame.c - EtherCAT frame encoding and decoding.
 *
 * The master sends to the broadcast address; slaves forward the frame and
 * it returns on the master's port.  Everything on the wire is little
 * endian except the EtherType, which is big endian as in all Ethernet.
 */
#include "cycle/frame.h"

static const u8 ec_broadcast_mac[EC_ETH_ALEN] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff
};

/**
 * ec_frame_begin() - start a frame in @buf (EC_FRAME_MAX_SIZE bytes)
 * @fb: builder
 * @buf: frame memory
 * @src_mac: the sending device's address
 */
void ec_frame_begin(struct ec_frame_builder *fb, u8 *buf,
		    const u8 src_mac[EC_ETH_ALEN])
{
	fb->buf = buf;
	memcpy(buf, ec_broadcast_mac, EC_ETH_ALEN);
	memcpy(buf + EC_ETH_ALEN, src_mac, EC_ETH_ALEN);
	buf[12] = EC_ETHERTYPE_ECAT >> 8;
	buf[13] = EC_ETHERTYPE_ECAT & 0xff;
	fb->len = EC_ETH_HEADER_SIZE + EC_FRAME_HEADER_SIZE;
	fb->last_len_field = NULL;
	fb->count = 0;
}

bool ec_frame_fits(const struct ec_frame_builder *fb, size_t data_size)
{
	return fb->len + EC_DATAGRAM_HEADER_SIZE + data_size +
	       EC_DATAGRAM_FOOTER_SIZE <= EC_FRAME_MAX_SIZE;
}

/**
 * ec_frame_add() - append a datagram (caller checked ec_frame_fits())
 * @fb: builder
 * @d: datagram with type, index, address and data set
 */
void ec_frame_add(struct ec_frame_builder *fb, const struct ec_datagram *d)
{
	u8 *p = fb->buf + fb->len;

	if (fb->last_len_field)
		ec_put_u16(fb->last_len_field,
			   ec_get_u16(fb->last_len_field) | EC_DGRAM_MORE);
	p[0] = (u8)d->type;
	p[1] = d->index;
	memcpy(p + 2, d->address, 4);
	ec_put_u16(p + 6, (u16)(d->data_size & EC_DGRAM_LEN_MASK));
	ec_put_u16(p + 8, 0);	/* IRQ */
	if (d->data_size)
		memcpy(p + EC_DATAGRAM_HEADER_SIZE, d->data, d->data_size);
	ec_put_u16(p + EC_DATAGRAM_HEADER_SIZE + d->data_size, 0);
	fb->last_len_field = p + 6;
	fb->len += EC_DATAGRAM_HEADER_SIZE + d->data_size +
		   EC_DATAGRAM_FOOTER_SIZE;
	fb->count++;
}

/**
 * ec_frame_finish() - write the EtherCAT header and pad to the minimum
 * @fb: builder
 *
 * Return: the frame length to transmit.
 */
size_t ec_frame_finish(struct ec_frame_builder *fb)
{
	size_t payload = fb->len - EC_ETH_HEADER_SIZE - EC_FRAME_HEADER_SIZE;
	size_t len = fb->len;

	ec_put_u16(fb->buf + EC_ETH_HEADER_SIZE,
		   (u16)((payload & EC_DGRAM_LEN_MASK) |
			 (EC_FRAME_TYPE_DATAGRAMS << 12)));
	if (len < EC_FRAME_MIN_SIZE) {
		memset(fb->buf + len, 0, EC_FRAME_MIN_SIZE - len);
		len = EC_FRAME_MIN_SIZE;
	}
	return len;
}

/**
 * ec_frame_parse_header() - check a received frame and start reading it
 * @frame: whole Ethernet frame
 * @size: its length
 * @r: reader to initialise
 *
 * Return: 0, -EPROTO for a frame that is not EtherCAT (wrong EtherType or
 * frame type), -EMSGSIZE when the header claims more than the frame holds.
 */
int ec_frame_parse_header(const u8 *frame, size_t size,
			  struct ec_frame_reader *r)
{
	u16 header, len;

	if (size < EC_ETH_HEADER_SIZE + EC_FRAME_HEADER_SIZE)
		return -EMSGSIZE;
	if (frame[12] != (EC_ETHERTYPE_ECAT >> 8) ||
	    frame[13] != (EC_ETHERTYPE_ECAT & 0xff))
		return -EPROTO;
	header = ec_get_u16(frame + EC_ETH_HEADER_SIZE);
	if ((header >> 12) != EC_FRAME_TYPE_DATAGRAMS)
		return -EPROTO;
	len = header & EC_DGRAM_LEN_MASK;
	if (len > size - EC_ETH_HEADER_SIZE - EC_FRAME_HEADER_SIZE)
		return -EMSGSIZE;
	r->pos = frame + EC_ETH_HEADER_SIZE + EC_FRAME_HEADER_SIZE;
	r->remaining = len;
	r->more = len > 0;
	return 0;
}

/**
 * ec_frame_next() - decode the next datagram of a received frame
 * @r: reader
 * @out: the datagram, pointing into the frame
 *
 * Return: 1 when a datagram was decoded, 0 at the end, -EMSGSIZE when a
 * datagram runs past the end of the frame.
 */
int ec_frame_next(struct ec_frame_reader *r, struct ec_frame_datagram *out)
{
	u16 len_field;
	size_t need;

	if (!r->more)
		return 0;
	if (r->remaining < EC_DATAGRAM_HEADER_SIZE + EC_DATAGRAM_FOOTER_SIZE)
		return -EMSGSIZE;
	len_field = ec_get_u16(r->pos + 6);
	out->type = r->pos[0];
	out->index = r->pos[1];
	out->address = r->pos + 2;
	out->data_size = len_field & EC_DGRAM_LEN_MASK;
	out->circulated = len_field & EC_DGRAM_CIRCULATING;
	need = EC_DATAGRAM_HEADER_SIZE + out->data_size +
	       EC_DATAGRAM_FOOTER_SIZE;
	if (need > r->remaining)
		return -EMSGSIZE;
	out->data = r->pos + EC_DATAGRAM_HEADER_SIZE;
	out->working_counter = ec_get_u16(out->data + out->data_size);
	r->pos += need;
	r->remaining -= need;
	r->more = len_field & EC_DGRAM_MORE;
	return 1;
}
