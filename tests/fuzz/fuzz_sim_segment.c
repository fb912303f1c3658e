// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_sim_segment.c - libFuzzer harness: the simulator's segment-file
 * loader (sim/validate.c, sim/segment.c, sim/model.c, the object
 * dictionary and SII builders).  The input is the text of a segment file;
 * it is either refused with a message or built, and a built segment must
 * answer a broadcast read.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ecsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* BRD of the AL status, 2 bytes: what a master sends first. */
static const uint8_t brd[] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x52, 0x54, 0x00, 0xec, 0xa7,
	0x01, 0x88, 0xa4, 0x0e, 0x10, 0x07, 0x00, 0x00, 0x00, 0x30, 0x01,
	0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ecsim_segment *seg;
	uint8_t frame[64];
	char *text, err[512];
	size_t len;

	if (size > 256 * 1024)
		return 0;
	text = malloc(size + 1);
	assert(text);
	memcpy(text, data, size);
	text[size] = '\0';
	err[0] = '\0';
	seg = ecsim_segment_new_string(text, err, sizeof(err));
	if (seg) {
		const char *w = ecsim_segment_warnings(seg);

		assert(!w || (*w && w[strlen(w) - 1] == '\n'));
		memset(frame, 0, sizeof(frame));
		memcpy(frame, brd, sizeof(brd));
		len = ecsim_segment_process(seg, frame, 60);
		assert(len <= 60);
		ecsim_segment_free(seg);
	} else {
		assert(err[0]);
	}
	free(text);
	return 0;
}
