// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_sim_frame.c - libFuzzer harness: the simulator's frame processor
 * (sim/frame.c and everything a datagram reaches: ESC registers, SII,
 * sync managers, FMMUs, mailboxes, CoE) on the default segment with a
 * CoE drive.  The input is one frame as the wire would carry it; the
 * segment lives across inputs, as it does in ethercat-sim, so state
 * built by earlier frames (AL states, FMMUs, mailboxes) is reached.  An
 * answer is never longer than the frame it answers.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ecsim.h"

#define FRAME_MAX 1522

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char segment[] =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL2008\" }, { \"model\": \"EL3102\" },"
	" { \"model\": \"EL4102\" }, { \"model\": \"ECSIM-SERVO\" } ],"
	" \"wires\": [ { \"from\": 2, \"to\": 1 } ] }";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ecsim_segment *seg;
	static uint64_t now;
	uint8_t *frame;
	size_t len;
	char err[256];

	if (!seg) {
		seg = ecsim_segment_new_string(segment, err, sizeof(err));
		assert(seg);
	}
	if (size > FRAME_MAX)
		size = FRAME_MAX;
	frame = malloc(size ? size : 1);
	assert(frame);
	memcpy(frame, data, size);
	now += 1000000;
	ecsim_segment_set_time(seg, now);
	len = ecsim_segment_process(seg, frame, size);
	assert(len <= size);
	free(frame);
	return 0;
}
