// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_mbox.c - libFuzzer harness: the core's FoE, SoE and VoE reply
 * parsers (master/mailbox/fsm_foe.c, fsm_soe.c, fsm_voe.c) behind the mailbox FSM
 * (master/mailbox/mailbox.c).  A scripted slave answers every mailbox read with
 * the next chunk of the input ([length][bytes]...).  Built three times:
 *
 *   FUZZ_MBOX_FOE   an FoE read or write (data packets, acknowledges,
 *                   busy, error requests with their texts)
 *   FUZZ_MBOX_SOE   an SoE read or write of an IDN element (fragments
 *                   both ways, error responses, notifications)
 *   FUZZ_MBOX_VOE   a VoE write, read, or read without sync
 *
 * The first input byte picks the transfer (fuzz_foe(), fuzz_soe() and
 * fuzz_voe() say how: direction, sizes, a buffer too small); with its bit
 * 0x80 set each chunk is a whole mailbox with its own
 * header (length, type, counter), so that mailbox error replies, CoE
 * emergencies, other protocols' messages and lengths that do not fit the
 * mailbox arrive too.  Else the chunks are payloads under a valid header
 * of the protocol's type.
 *
 * The FSM must end (success or an error) once the input is used up, and
 * what it reports must stay inside the buffers it was given.
 */
#include <assert.h>

#include "fuzz_bus.h"
#include "mailbox/fsm_foe.h"
#include "mailbox/fsm_soe.h"
#include "mailbox/fsm_voe.h"
#include "request/requests.h"

#define FUZZ_MBOX_FOE 0
#define FUZZ_MBOX_SOE 1
#define FUZZ_MBOX_VOE 2
#ifndef FUZZ_MBOX_PROTO
#define FUZZ_MBOX_PROTO FUZZ_MBOX_FOE
#endif

#define FUZZ_MBOX_RAW 0x80	/* selector: chunks with their header */
#define FUZZ_SOE_IDN 0x008e	/* S-0-0142, application type (text) */
#define FUZZ_MBOX_MAX_CYCLES 4000
#define FUZZ_MBOX_BUF 1024

/*
 * Write sizes, by two bits of the selector: nothing, a few bytes, exactly
 * one mailbox of data after a 6-byte header, several mailboxes.
 */
static size_t fuzz_write_size(unsigned int bits)
{
	static const size_t sizes[4] = { 0, 10, FUZZ_MBOX_SIZE -
					 EC_MBOX_HEADER_SIZE - 6, 700 };

	return sizes[bits & 3];
}

/* Read buffers: roomy, or a few bytes so that a reply overflows it. */
static size_t fuzz_mem_size(bool small)
{
	return small ? 5 : FUZZ_MBOX_BUF;
}

struct fuzz_run {
	struct fuzz_bus *b;
	unsigned int cycles;
};

/* One cycle of the bus; quick timeouts once the input is used up. */
static void fuzz_step(struct fuzz_run *r)
{
	fuzz_bus_cycle(r->b);
	if (r->b->in_pos >= r->b->in_len)
		r->b->now_ns += 20 * EC_NSEC_PER_MSEC;
	assert(++r->cycles < FUZZ_MBOX_MAX_CYCLES);
}

/* Selector: bit 0 write, bits 1-2 its size, bit 3 a small read buffer. */
static void fuzz_foe(struct fuzz_run *r, struct ec_slave *s, u8 sel,
		     struct ec_datagram *dg, u8 *buf)
{
	struct ec_foe_request req;
	struct ec_fsm_foe fsm;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	snprintf(req.file_name, sizeof(req.file_name), "firmware.bin");
	req.password = 0x1234;
	req.write = sel & 0x01;
	req.data = buf;
	req.mem_size = req.write ? FUZZ_MBOX_BUF : fuzz_mem_size(sel & 0x08);
	if (req.write) {
		req.data_size = fuzz_write_size(sel >> 1);
		memset(buf, 0xa5, req.data_size);
	}
	req.base.timeout_ns = 100 * EC_NSEC_PER_MSEC;
	ec_fsm_foe_init(&fsm, dg);
	ec_fsm_foe_transfer(&fsm, s, &req, r->b->now_ns);
	while (ec_fsm_foe_exec(&fsm, r->b->now_ns))
		fuzz_step(r);
	assert(req.data_size <= req.mem_size);
	assert(req.progress <= req.data_size);
	assert(memchr(req.error_text, 0, sizeof(req.error_text)));
	if (ec_fsm_foe_success(&fsm)) {
		assert(!fsm.error && !req.base.error);
		if (req.write)
			assert(req.progress == req.data_size);
	} else {
		assert(fsm.error < 0 && req.base.error < 0);
	}
}

/*
 * Selector: bit 0 write, bits 1-2 its size, bit 3 a small read buffer,
 * bits 4-5 the drive, bit 6 the name element instead of the value.
 */
static void fuzz_soe(struct fuzz_run *r, struct ec_slave *s, u8 sel,
		     struct ec_datagram *dg, u8 *buf)
{
	struct ec_soe_request req;
	struct ec_fsm_soe fsm;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.write = sel & 0x01;
	req.drive_no = (sel >> 4) & 0x03;
	req.idn = FUZZ_SOE_IDN;
	req.elements = (sel & 0x40) ? EC_SOE_ELEM_NAME : 0;
	req.data = buf;
	req.mem_size = req.write ? FUZZ_MBOX_BUF : fuzz_mem_size(sel & 0x08);
	if (req.write) {
		req.data_size = fuzz_write_size(sel >> 1);
		memset(buf, 0x5a, req.data_size);
	}
	req.base.timeout_ns = 100 * EC_NSEC_PER_MSEC;
	ec_fsm_soe_init(&fsm, dg);
	ec_fsm_soe_transfer(&fsm, s, &req, r->b->now_ns);
	while (ec_fsm_soe_exec(&fsm, r->b->now_ns))
		fuzz_step(r);
	assert(req.data_size <= req.mem_size);
	if (ec_fsm_soe_success(&fsm)) {
		assert(!fsm.error && !req.base.error && !req.error_code);
		if (req.write)
			assert(fsm.offset == req.data_size);
	} else {
		assert(fsm.error < 0 && req.base.error < 0);
	}
}

/* Selector: bits 0-1 the operation, bits 2-3 write size, bit 4 small. */
static void fuzz_voe(struct fuzz_run *r, struct ec_slave *s, u8 sel,
		     struct ec_datagram *dg, u8 *buf)
{
	static const enum ec_voe_op ops[4] = {
		EC_VOE_OP_WRITE, EC_VOE_OP_READ, EC_VOE_OP_READ_NOSYNC,
		EC_VOE_OP_READ,
	};
	struct ec_voe_handler req;
	struct ec_fsm_voe fsm;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.op = ops[sel & 0x03];
	req.vendor_id = 0x0ec51d00;
	req.vendor_type = 0x1234;
	req.data = buf;
	req.mem_size = req.op == EC_VOE_OP_WRITE ? FUZZ_MBOX_BUF :
						   fuzz_mem_size(sel & 0x10);
	if (req.op == EC_VOE_OP_WRITE) {
		req.data_size = fuzz_write_size(sel >> 2);
		memset(buf, 0x3c, req.data_size);
	}
	req.base.timeout_ns = 100 * EC_NSEC_PER_MSEC;
	ec_fsm_voe_init(&fsm, dg);
	ec_fsm_voe_transfer(&fsm, s, &req, r->b->now_ns);
	while (ec_fsm_voe_exec(&fsm, r->b->now_ns))
		fuzz_step(r);
	assert(req.data_size <= req.mem_size);
	if (ec_fsm_voe_success(&fsm))
		assert(!fsm.error && !req.base.error);
	else
		assert(fsm.error < 0 && req.base.error < 0);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static u8 buf[FUZZ_MBOX_BUF];
	struct ec_datagram dg;
	struct fuzz_run r;
	struct ec_slave *s;
	struct fuzz_bus b;
	u8 sel;

	if (size < 1)
		return 0;
	sel = data[0];
	s = fuzz_mbox_start(&b, &dg, data + 1, size - 1);
	if (!s)
		return 0;
	b.raw_mbox = sel & FUZZ_MBOX_RAW;
	r.b = &b;
	r.cycles = 0;
	switch (FUZZ_MBOX_PROTO) {
	case FUZZ_MBOX_FOE:
		b.mbox_type = EC_MBOX_TYPE_FOE;
		s->sii.mailbox_protocols |= EC_MBOX_FOE;
		fuzz_foe(&r, s, sel, &dg, buf);
		break;
	case FUZZ_MBOX_SOE:
		b.mbox_type = EC_MBOX_TYPE_SOE;
		s->sii.mailbox_protocols |= EC_MBOX_SOE;
		fuzz_soe(&r, s, sel, &dg, buf);
		break;
	default:
		b.mbox_type = EC_MBOX_TYPE_VOE;
		s->sii.mailbox_protocols |= EC_MBOX_VOE;
		fuzz_voe(&r, s, sel, &dg, buf);
		break;
	}
	fuzz_mbox_end(&b, s, &dg);
	return 0;
}
