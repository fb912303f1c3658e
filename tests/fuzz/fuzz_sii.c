// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_sii.c - libFuzzer harness: the core's SII parser (master/slave/sii.c),
 * the one the scan runs on every EEPROM it reads.  The input is an SII
 * image of any length; it is copied into a buffer of its exact size (an
 * odd byte is dropped: the scan reads words), so that ASan sees every
 * overread.  What the parser accepts must be self-consistent.
 */
#include <assert.h>

#include "slave/sii.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct ec_sii sii;
	char err[256];
	size_t nwords = size / 2;
	u8 *img = malloc(nwords * 2 + 1);
	unsigned int i;

	assert(img);
	memcpy(img, data, nwords * 2);
	memset(&sii, 0, sizeof(sii));
	if (!ec_sii_parse(&sii, img, nwords, err, sizeof(err))) {
		for (i = 0; i < sii.sync_count; i++)
			assert(sii.syncs);
	} else {
		assert(err[0]);
	}
	ec_sii_clear(&sii);
	free(img);
	return 0;
}
