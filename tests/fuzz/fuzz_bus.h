/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_bus.h - the protocol core on a bus that the fuzzer plays: a fake
 * device whose transmitted frames come back as the fuzz input says, and
 * one slave with a mailbox whose answers are scripted (SM status "full",
 * the read mailbox filled with the next chunk of the input).  No
 * simulator: every byte the master parses comes from the fuzzer, and a
 * run takes a few cycles, so millions of inputs go through.
 *
 * Shared by the core harnesses (fuzz_frame.c, fuzz_coe.c) and by the seed
 * writer (mkseeds.c), so that seeds and harness agree on the datagrams.
 */
#ifndef EC_FUZZ_BUS_H
#define EC_FUZZ_BUS_H

#include "cycle/master.h"
#include "cycle/datagram.h"
#include "cycle/frame.h"
#include "mailbox/mailbox.h"
#include "slave/registers.h"
#include "slave/slave.h"

#define FUZZ_CYCLE_NS (1 * EC_NSEC_PER_MSEC)
#define FUZZ_MBOX_OUT 0x1000	/* write mailbox (SM0) */
#define FUZZ_MBOX_IN 0x1080	/* read mailbox (SM1) */
#define FUZZ_MBOX_SIZE 128
#define FUZZ_ETH_HDR 14
#define FUZZ_FRAME_HDR 2
#define FUZZ_DG_HDR 10

struct fuzz_bus {
	struct ec_master master;
	struct ec_slave *slave;	/* master.slaves[0] */
	u64 now_ns;
	/* the last frame sent, answered in place by the script */
	u8 frame[EC_FRAME_MAX_SIZE];
	size_t frame_len;
	bool pending;
	/* mailbox chunks: [length byte][bytes]... */
	const u8 *in;
	size_t in_len, in_pos;
	unsigned int chunks;
	u8 force_service;	/* CoE service put in each chunk, 0: none */
	u8 mbox_type;		/* mailbox type of the replies (CoE) */
	bool raw_mbox;		/* chunks carry their own mailbox header */
	bool script;		/* answer datagrams (else the frame test) */
};

static void fuzz_log(int level, const char *line)
{
	(void)level;
	(void)line;
}

/* Next chunk of the input, NULL when used up. */
static const u8 *fuzz_chunk(struct fuzz_bus *b, size_t *n)
{
	const u8 *p;

	if (b->in_pos >= b->in_len)
		return NULL;
	*n = b->in[b->in_pos++];
	if (*n > b->in_len - b->in_pos)
		*n = b->in_len - b->in_pos;
	p = b->in + b->in_pos;
	b->in_pos += *n;
	return p;
}

/* The slave's answer to one datagram of a frame (ETG.1000.4 5.4). */
static void fuzz_answer(struct fuzz_bus *b, u8 *d, size_t len)
{
	u8 cmd = d[0];
	u16 ado = ec_get_u16(d + 4);
	u8 *data = d + FUZZ_DG_HDR;
	const u8 *c;
	size_t n;

	ec_put_u16(data + len, 1);	/* every datagram is answered */
	if (cmd != EC_DATAGRAM_FPRD)
		return;
	if (ado == EC_SM_REG(EC_SM_MBOX_READ) + EC_SM_STATUS) {
		/* "mailbox full" while chunks are left (ESC table 59) */
		data[0] = b->in_pos < b->in_len ? 0x08 : 0x00;
		return;
	}
	if (ado != FUZZ_MBOX_IN || len < EC_MBOX_HEADER_SIZE)
		return;
	c = fuzz_chunk(b, &n);
	if (!c)
		return;
	memset(data, 0, len);
	if (b->raw_mbox) {
		/* header and all from the input: length, type, counter */
		memcpy(data, c, n < len ? n : len);
		return;
	}
	if (n > len - EC_MBOX_HEADER_SIZE)
		n = len - EC_MBOX_HEADER_SIZE;
	memcpy(data + EC_MBOX_HEADER_SIZE, c, n);
	ec_put_u16(data, (u16)n);
	data[5] = b->mbox_type | (u8)((b->chunks++ % 7 + 1) << 4);
	if (b->force_service && n >= 2)
		data[EC_MBOX_HEADER_SIZE + 1] =
			(data[EC_MBOX_HEADER_SIZE + 1] & 0x0f) |
			(u8)(b->force_service << 4);
}

static int fuzz_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	struct fuzz_bus *b = dev->priv;
	size_t off = FUZZ_ETH_HDR + FUZZ_FRAME_HDR;

	memcpy(b->frame, frame, size);
	b->frame_len = size;
	b->pending = true;
	if (!b->script)
		return 0;
	/* Walk the datagrams of the frame the master built. */
	while (off + FUZZ_DG_HDR + 2 <= size) {
		u8 *d = b->frame + off;
		size_t len = ec_get_u16(d + 6) & 0x07ff;

		if (off + FUZZ_DG_HDR + len + 2 > size)
			break;
		fuzz_answer(b, d, len);
		if (!(ec_get_u16(d + 6) & 0x8000))
			break;		/* no more datagrams follow */
		off += FUZZ_DG_HDR + len + 2;
	}
	return 0;
}

static void fuzz_poll(struct ec_device *dev)
{
	struct fuzz_bus *b = dev->priv;

	if (b->script && b->pending)
		ec_device_receive(dev, b->frame, b->frame_len, b->now_ns);
	b->pending = false;
}

static const struct ec_device_hooks fuzz_hooks = {
	.xmit = fuzz_xmit,
	.poll = fuzz_poll,
};

static inline int fuzz_bus_init(struct fuzz_bus *b, bool script)
{
	static const u8 mac[6] = { 0x52, 0x54, 0x00, 0xec, 0xa7, 0x01 };
	struct ec_device *dev;

	memset(b, 0, sizeof(*b));
	ec_port_set_log(fuzz_log);
	if (ec_master_init(&b->master, 0))
		return -1;
	b->script = script;
	b->mbox_type = EC_MBOX_TYPE_COE;
	dev = &b->master.devices[EC_DEVICE_MAIN];
	memcpy(dev->mac, mac, 6);
	dev->hooks = &fuzz_hooks;
	dev->priv = b;
	dev->attached = true;
	dev->open = true;
	dev->link_up = true;
	ec_master_device_attached(&b->master, dev);
	b->now_ns = EC_NSEC_PER_SEC;
	return 0;
}

static inline void fuzz_bus_clear(struct fuzz_bus *b)
{
	ec_master_clear(&b->master);
}

/* A slave with a CoE mailbox, as a scan would leave it. */
static inline void fuzz_slave_init(struct fuzz_bus *b, struct ec_slave *s)
{
	ec_slave_init(s, &b->master, 0);
	s->sii.std_rx_mailbox_offset = FUZZ_MBOX_OUT;
	s->sii.std_rx_mailbox_size = FUZZ_MBOX_SIZE;
	s->sii.std_tx_mailbox_offset = FUZZ_MBOX_IN;
	s->sii.std_tx_mailbox_size = FUZZ_MBOX_SIZE;
	s->sii.mailbox_protocols = EC_MBOX_COE;
	s->current_state = EC_AL_STATE_PREOP_;
	s->scan_done = true;
}

/*
 * The mailbox harnesses' set-up: the bus with one slave as a scan would
 * leave it, whose read mailbox @in feeds, and @dg ready for its FSMs.
 * Return: the slave, or NULL when there is no memory.
 */
static inline struct ec_slave *fuzz_mbox_start(struct fuzz_bus *b,
					       struct ec_datagram *dg,
					       const u8 *in, size_t in_len)
{
	struct ec_slave *s;

	if (fuzz_bus_init(b, true))
		return NULL;
	b->in = in;
	b->in_len = in_len;
	s = calloc(1, sizeof(*s));
	if (!s) {
		fuzz_bus_clear(b);
		return NULL;
	}
	b->slave = s;
	b->master.slaves = &b->slave;
	b->master.slave_count = 1;
	fuzz_slave_init(b, s);
	ec_datagram_init(dg);
	if (ec_datagram_prealloc(dg, EC_FRAME_MAX_PAYLOAD -
				 EC_DATAGRAM_HEADER_SIZE -
				 EC_DATAGRAM_FOOTER_SIZE)) {
		ec_datagram_clear(dg);
		ec_slave_clear(s);
		free(s);
		fuzz_bus_clear(b);
		return NULL;
	}
	return s;
}

/* Undo fuzz_mbox_start(), after the FSMs on @dg are done. */
static inline void fuzz_mbox_end(struct fuzz_bus *b, struct ec_slave *s,
				 struct ec_datagram *dg)
{
	ec_master_unqueue_datagram(&b->master, dg);
	ec_datagram_clear(dg);
	ec_slave_clear(s);
	ec_emerg_ring_clear(&s->emerg_ring);
	b->master.slaves = NULL;
	b->master.slave_count = 0;
	free(s);
	fuzz_bus_clear(b);
}

/* One cycle: answers of the last frame in, then what is queued out. */
static inline void fuzz_bus_cycle(struct fuzz_bus *b)
{
	ec_master_poll_devices(&b->master);
	ec_master_check_timeouts(&b->master, b->now_ns,
				 b->master.io_timeout_ns);
	ec_master_send_datagrams(&b->master, b->now_ns);
	b->now_ns += FUZZ_CYCLE_NS;
}

/*
 * The datagrams of the frame test: one of each addressing mode, in one
 * frame, so that the reply parser sees them all.
 */
#define FUZZ_FRAME_DATAGRAMS 6

static inline int fuzz_frame_queue(struct fuzz_bus *b, struct ec_datagram *d)
{
	int ret = 0;
	unsigned int i;

	for (i = 0; i < FUZZ_FRAME_DATAGRAMS; i++)
		ec_datagram_init(&d[i]);
	ret |= ec_datagram_aprd(&d[0], 0, EC_REG_TYPE, 2);
	ret |= ec_datagram_fprd(&d[1], 0x1001, EC_REG_AL_STATUS, 6);
	ret |= ec_datagram_brd(&d[2], EC_REG_AL_STATUS, 2);
	ret |= ec_datagram_lrw(&d[3], 0x10000, 32);
	ret |= ec_datagram_fpwr(&d[4], 0x1002, EC_REG_AL_CONTROL, 2);
	ret |= ec_datagram_apwr(&d[5], 0xffff, 0x0010, 2);
	if (ret)
		return -1;
	for (i = 0; i < FUZZ_FRAME_DATAGRAMS; i++) {
		ec_datagram_zero(&d[i]);
		ec_master_queue_datagram(&b->master, &d[i]);
	}
	return 0;
}

#endif /* EC_FUZZ_BUS_H */
