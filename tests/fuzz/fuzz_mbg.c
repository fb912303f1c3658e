// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_mbg.c - libFuzzer harness: the mailbox gateway's datagram parser
 * (mbg/mbg_proto.c) and what the daemon does with a datagram that passes
 * it without a master: address 0 answered by the master's dictionary
 * (mbg_od.c over the simulator's CoE server, fed datagram after datagram,
 * so segmented transfers and SDO information run), the FoE end tracking,
 * and the framing of a reply.  A datagram that parses must have its
 * mailbox inside the input, and framing it again must give the same bytes.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "coe.h"
#include "mbg_daemon.h"
#include "mbg_od.h"
#include "mbg_proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct mbg *g;
static struct mbg_od_slave slaves[3] = {
	{ .station = 0x1001, .vendor = 2, .product = 0x03f03052,
	  .mbox_in = 128, .name = "EK1100", .order = "EK1100" },
	{ .station = 0x1002, .vendor = 0x0ec51d00, .product = 0x402,
	  .mbox_in = 128, .mbox_out = 128, .mbox_protocols = 0x0c,
	  .name = "a servo with a name longer than one SDO segment",
	  .order = "ECSIM-SERVO" },
	{ .station = 0x1003 },
};

static void setup(void)
{
	struct mbg_od_master om = { .name = "EtherCAT master",
				    .version = "fuzz", .slaves = slaves,
				    .nslaves = 3, .configs = slaves,
				    .nconfigs = 2 };

	g = calloc(1, sizeof(*g));
	assert(g);
	mbg_defaults(g);
	assert(!mbg_server_set_od(g, mbg_od_build(&om)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t out[MBG_DGRAM_MAX], again[MBG_DGRAM_MAX];
	struct mbg_msg m;
	size_t off = 0;

	if (!g)
		setup();
	/* several datagrams: a 2-byte length before each */
	while (off + 2 <= size) {
		size_t n = data[off] | (size_t)data[off + 1] << 8, k;
		const uint8_t *d = data + off + 2;
		enum mbg_bad bad;

		off += 2;
		if (n > size - off)
			n = size - off;
		off += n;
		bad = mbg_parse(d, n, &m);
		assert((unsigned int)bad < MBG_BAD_KINDS);
		assert(mbg_bad_text(bad) && mbg_bad_name(bad));
		if (bad != MBG_OK)
			continue;
		assert(m.msg == d + MBG_FRAME_HDR && m.size == n - MBG_FRAME_HDR);
		assert(m.data + m.data_size == d + n);
		k = mbg_frame_msg(again, sizeof(again), m.msg, m.size,
				  m.address);
		/* the same datagram, but for the frame header's reserved
		 * bit 11, which is ignored and written 0 */
		assert(k == n && again[0] == d[0] &&
		       again[1] == (d[1] & ~0x08) &&
		       !memcmp(again + 2, d + 2, n - 2));
		if (m.address) {
			struct mbg_od_slave *s = &slaves[m.address % 3];

			mbg_foe_last_ack(s, &m);
			mbg_foe_note_reply(s, m.msg, m.size);
			continue;
		}
		for (k = mbg_server(g, &m, out, sizeof(out)); k;
		     k = mbg_server_next(g, &m, out, sizeof(out))) {
			struct mbg_msg r;
			enum mbg_bad rb = mbg_parse(out, k, &r);

			assert(rb == MBG_OK || (rb == MBG_PROTOCOL &&
						r.type == MBG_TYPE_ERR));
		}
	}
	return 0;
}
