// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_tool_sii.c - libFuzzer harness: the ethercat tool's SII file
 * parsers (tool/sii.c): the checksum check sii_write does, the category
 * walk, and the verbose dump of 'sii_read -v' (into /dev/null).  The
 * image is copied into a buffer of its exact size.  Categories the walk
 * returns must lie inside the image.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"
#include "sii_dump.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct ec_sii_category cats[64];
	size_t nwords = size / 2, count, i;
	char err[256];
	uint8_t *img;

	if (!null)
		null = fopen("/dev/null", "w");
	img = malloc(nwords * 2 + 1);
	assert(img);
	memcpy(img, data, nwords * 2);
	(void)ec_sii_check(img, nwords, err, sizeof(err));
	if (!ec_sii_walk(img, nwords, size & 1, cats, 64, &count, err,
			 sizeof(err))) {
		/* @count says how many there are; 64 at most are kept */
		for (i = 0; i < count && i < 64; i++)
			assert(cats[i].data + cats[i].len <=
			       img + 2 * nwords);
	}
	ec_out_init(null, false);
	(void)ec_sii_dump(img, nwords, err, sizeof(err));
	ec_out_finish();
	free(img);
	return 0;
}
