/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * frame.h - encoding datagrams into Ethernet frames and decoding replies
 * (ETG.1000.4 clause 5.3: EtherCAT frame in an Ethernet frame).
 */
#ifndef EC_FRAME_H
#define EC_FRAME_H

#include "port.h"
#include "cycle/datagram.h"

#define EC_ETH_ALEN 6
#define EC_ETH_HEADER_SIZE 14
#define EC_ETHERTYPE_ECAT 0x88a4	/* ETG.1000.4 clause 5.3.1 */
#define EC_FRAME_HEADER_SIZE 2	/* length:11, reserved:1, type:4 */
#define EC_FRAME_TYPE_DATAGRAMS 0x1	/* ETG.1000.4 table 11 */
#define EC_FRAME_MAX_SIZE 1514	/* without FCS */
#define EC_FRAME_MIN_SIZE 60	/* without FCS; shorter frames are padded */
#define EC_FRAME_MAX_PAYLOAD (EC_FRAME_MAX_SIZE - EC_ETH_HEADER_SIZE - \
			      EC_FRAME_HEADER_SIZE)

/* Datagram header, ETG.1000.4 table 12: len:11, r:3, C:1, M:1. */
#define EC_DGRAM_LEN_MASK 0x07ff
#define EC_DGRAM_CIRCULATING 0x4000
#define EC_DGRAM_MORE 0x8000

struct ec_frame_builder {
	u8 *buf;
	size_t len;		/* bytes written so far */
	u8 *last_len_field;	/* to set the "more follows" bit */
	unsigned int count;	/* datagrams in this frame */
};

void ec_frame_begin(struct ec_frame_builder *fb, u8 *buf,
		    const u8 src_mac[EC_ETH_ALEN]);
bool ec_frame_fits(const struct ec_frame_builder *fb, size_t data_size);
void ec_frame_add(struct ec_frame_builder *fb, const struct ec_datagram *d);
size_t ec_frame_finish(struct ec_frame_builder *fb);

/* One datagram of a received frame; pointers into the frame. */
struct ec_frame_datagram {
	u8 type;
	u8 index;
	const u8 *address;
	u16 data_size;
	bool circulated;
	const u8 *data;
	u16 working_counter;
};

struct ec_frame_reader {
	const u8 *pos;
	size_t remaining;
	bool more;
};

int ec_frame_parse_header(const u8 *frame, size_t size,
			  struct ec_frame_reader *r);
int ec_frame_next(struct ec_frame_reader *r, struct ec_frame_datagram *out);

#endif /* EC_FRAME_H */
