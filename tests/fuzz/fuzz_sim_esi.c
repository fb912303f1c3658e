// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_sim_esi.c - libFuzzer harness: the simulator's ESI importer
 * (sim/esi.c, esi_dict.c, esi_xml.c, segment_esi.c) on the path a segment
 * file takes: a slave { "esi": FILE } whose file is the input.  The input
 * lives in a memfd named by /proc/self/fd/N, so that libxml2 reads it as
 * the importer reads any file.  The file is either refused with a message
 * that names it, or becomes a slave whose SII image and dictionary are
 * built; a built segment must answer a broadcast read.
 *
 * What a file describes and the simulator does not model goes to stderr:
 * scripts/fuzz runs this harness with -close_fd_mask=3.
 */
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ecsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* BRD of the AL status, 2 bytes: what a master sends first. */
static const uint8_t brd[] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x52, 0x54, 0x00, 0xec, 0xa7,
	0x01, 0x88, 0xa4, 0x0e, 0x10, 0x07, 0x00, 0x00, 0x00, 0x30, 0x01,
	0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};

static int esi_fd = -1;
static char esi_path[64], segment[128];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ecsim_segment *seg;
	const uint8_t *img;
	uint8_t frame[64];
	char err[1024];
	size_t len;

	if (size > 256 * 1024)
		return 0;
	if (esi_fd < 0) {
		esi_fd = memfd_create("fuzz_sim_esi", 0);
		assert(esi_fd >= 0);
		snprintf(esi_path, sizeof(esi_path), "/proc/self/fd/%d",
			 esi_fd);
		snprintf(segment, sizeof(segment),
			 "{ \"slaves\": [ { \"esi\": \"%s\" } ] }", esi_path);
	}
	assert(!ftruncate(esi_fd, 0));
	assert(pwrite(esi_fd, data, size, 0) == (ssize_t)size);
	err[0] = '\0';
	seg = ecsim_segment_new_string(segment, err, sizeof(err));
	if (!seg) {
		/* refused: the message names the file */
		assert(strstr(err, esi_path));
		return 0;
	}
	assert(ecsim_segment_slave_count(seg) == 1);
	assert(!ecsim_slave_sii(seg, 0, &img, &len) && len >= 16);
	memset(frame, 0, sizeof(frame));
	memcpy(frame, brd, sizeof(brd));
	len = ecsim_segment_process(seg, frame, 60);
	assert(len == 60 && frame[28] == 1);	/* working counter 1 */
	ecsim_segment_free(seg);
	return 0;
}
