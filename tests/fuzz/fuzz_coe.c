// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_coe.c - libFuzzer harness: the core's CoE reply parsers
 * (master/mailbox/fsm_coe.c, fsm_coe_info.c) behind the mailbox FSM.  A scripted
 * slave answers every mailbox read with the next chunk of the input
 * ([length][bytes]...), under a valid mailbox header.  Built three times:
 *
 *   FUZZ_COE_SDO    SDO upload or download (expedited, normal,
 *                   segmented, complete access: the first input byte
 *                   picks) -- the SDO response and abort parsers
 *   FUZZ_COE_INFO   the dictionary read (SDO information service 8 is
 *                   forced into every reply) -- the SDO info parsers
 *   FUZZ_COE_EMERG  SDO upload with the emergency service 1 forced into
 *                   every reply -- the emergency parser and the ring
 *
 * The FSM must finish (success or an error) once the input is used up,
 * and what it reports must stay inside the buffers it was given.
 */
#include <assert.h>

#include "fuzz_bus.h"
#include "mailbox/fsm_coe.h"
#include "request/requests.h"

#ifndef FUZZ_COE_MODE
#define FUZZ_COE_MODE 0
#endif
#define FUZZ_COE_SDO 0
#define FUZZ_COE_INFO 1
#define FUZZ_COE_EMERG 2

#define FUZZ_COE_MAX_CYCLES 4000

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static u8 buf[512];
	struct ec_sdo_request req;
	struct ec_datagram dg;
	struct ec_fsm_coe coe;
	struct ec_slave *s;
	struct fuzz_bus b;
	unsigned int cycles = 0;
	u8 sel;

	if (size < 1)
		return 0;
	sel = data[0];
	s = fuzz_mbox_start(&b, &dg, data + 1, size - 1);
	if (!s)
		return 0;
	ec_fsm_coe_init(&coe, &dg);

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.index = 0x1018;
	req.subindex = sel & 0x07;
	req.data = buf;
	req.mem_size = (sel & 0x40) ? 3 : sizeof(buf);	/* small: overflow */
	req.base.timeout_ns = 100 * EC_NSEC_PER_MSEC;
	if (FUZZ_COE_MODE == FUZZ_COE_SDO && (sel & 0x08)) {
		req.write = true;
		/* expedited (<= 4), normal, or segmented (> mailbox) */
		req.data_size = (sel & 0x30) == 0x00 ? 2 :
				(sel & 0x30) == 0x10 ? 40 : 300;
		memset(buf, 0x5a, req.data_size);
	}
	req.complete_access = sel & 0x80;
	if (FUZZ_COE_MODE == FUZZ_COE_INFO)
		b.force_service = 8;	/* SDO information */
	else if (FUZZ_COE_MODE == FUZZ_COE_EMERG)
		b.force_service = 1;	/* emergency */

	if (FUZZ_COE_MODE == FUZZ_COE_INFO)
		ec_fsm_coe_dictionary(&coe, s, b.now_ns);
	else
		ec_fsm_coe_transfer(&coe, s, &req, b.now_ns);
	while (ec_fsm_coe_exec(&coe, b.now_ns)) {
		fuzz_bus_cycle(&b);
		/* input used up: let the timeouts come quickly */
		if (b.in_pos >= b.in_len)
			b.now_ns += 20 * EC_NSEC_PER_MSEC;
		assert(++cycles < FUZZ_COE_MAX_CYCLES);
	}
	if (FUZZ_COE_MODE != FUZZ_COE_INFO && ec_fsm_coe_success(&coe) &&
	    !req.write)
		assert(req.data_size <= req.mem_size);
	if (FUZZ_COE_MODE == FUZZ_COE_INFO && ec_fsm_coe_success(&coe))
		assert(s->sdo_count == 0 || s->sdos);
	ec_fsm_coe_clear(&coe);
	fuzz_mbox_end(&b, s, &dg);
	return 0;
}
