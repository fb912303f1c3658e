// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_frame.c - libFuzzer harness: the core's frame receive path and
 * datagram matching (master/cycle/frame.c, master/cycle/master.c).  Six datagrams of
 * every addressing mode go out in one frame; the input comes back as the
 * answer, either as the whole received frame (first byte even) or as a
 * patch over the frame that went out (first byte odd, second byte the
 * offset), which keeps the indices and lengths that matching needs.
 * Afterwards every datagram must be received or timed out, never left
 * in flight, and a second frame must still be matched.
 */
#include <assert.h>

#include "fuzz_bus.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct ec_datagram d[FUZZ_FRAME_DATAGRAMS];
	static u8 frame[EC_FRAME_MAX_SIZE + 64];
	struct fuzz_bus b;
	size_t len, off, n;
	unsigned int i;

	if (!size || fuzz_bus_init(&b, false))
		return 0;
	if (fuzz_frame_queue(&b, d))
		goto out;
	ec_master_send_datagrams(&b.master, b.now_ns);
	assert(b.pending);
	if (data[0] & 1) {
		memcpy(frame, b.frame, b.frame_len);
		len = b.frame_len;
		off = size > 1 ? data[1] % len : 0;
		n = size > 2 ? size - 2 : 0;
		if (n > len - off)
			n = len - off;
		memcpy(frame + off, data + 2, n);
	} else {
		len = size - 1 < sizeof(frame) ? size - 1 : sizeof(frame);
		memcpy(frame, data + 1, len);
	}
	ec_device_receive(&b.master.devices[EC_DEVICE_MAIN], frame, len,
			  b.now_ns);
	ec_master_check_timeouts(&b.master, b.now_ns + 10 * EC_NSEC_PER_SEC,
				 b.master.io_timeout_ns);
	for (i = 0; i < FUZZ_FRAME_DATAGRAMS; i++)
		assert(d[i].state == EC_DATAGRAM_RECEIVED ||
		       d[i].state == EC_DATAGRAM_TIMED_OUT ||
		       d[i].state == EC_DATAGRAM_ERROR);
	/* The master still works: the same datagrams again, answered. */
	for (i = 0; i < FUZZ_FRAME_DATAGRAMS; i++)
		ec_master_queue_datagram(&b.master, &d[i]);
	b.script = true;
	ec_master_send_datagrams(&b.master, b.now_ns);
	ec_master_poll_devices(&b.master);
	for (i = 0; i < FUZZ_FRAME_DATAGRAMS; i++)
		assert(d[i].state == EC_DATAGRAM_RECEIVED);
out:
	for (i = 0; i < FUZZ_FRAME_DATAGRAMS; i++) {
		ec_master_unqueue_datagram(&b.master, &d[i]);
		ec_datagram_clear(&d[i]);
	}
	fuzz_bus_clear(&b);
	return 0;
}
