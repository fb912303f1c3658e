// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_tool_num.c - libFuzzer harness: the ethercat tool's number
 * parsers: ec_parse_uint() (every numeric argument), ec_numlist_parse()
 * (-m/-a/-p/-d lists; a reversed or empty range is refused and named),
 * the value parser and formatter of every data type
 * (-t, tool/datatype.c) and the slave selection check and apply on a
 * small bus.  Input: [type selector][max selector] then the text.  A
 * value that parses must format, and a fixed-size integer that parses
 * must give back the same bytes when its formatted decimal is parsed.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "datatype.h"
#include "numlist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const type_names[] = {
	"bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
	"uint24", "uint32", "uint40", "uint48", "uint56", "uint64", "float",
	"double", "string", "octet_string", "unicode_string", "sm8", "sm16",
	"sm32", "sm64", "raw",
};
#define NTYPES (sizeof(type_names) / sizeof(type_names[0]))

static int max_of(void *ctx)
{
	return *(int *)ctx;
}

static void check_dtype(const struct ec_dtype *t, const char *text,
			size_t len)
{
	uint8_t buf[256], again[256];
	char out[2048], err[160];
	size_t n, n2;
	int ret;

	ret = ec_dtype_parse(t, text, len, buf, sizeof(buf), &n, err,
			     sizeof(err));
	if (ret) {
		assert(ret == -EINVAL || ret == -ERANGE || ret == -ENOSPC);
		return;
	}
	assert(n <= sizeof(buf));
	assert(!t->size || n == t->size);
	ret = ec_dtype_format(t, buf, n, out, sizeof(out), err, sizeof(err));
	assert(ret >= 0 || ret == -ENOSPC);
	if (ret < 0 || t->kind != EC_DT_UINT)
		return;
	/* "0x.. N": the decimal after the space parses to the same bytes */
	if (!strchr(out, ' '))
		return;
	ret = ec_dtype_parse(t, strchr(out, ' ') + 1,
			     strlen(strchr(out, ' ') + 1), again,
			     sizeof(again), &n2, err, sizeof(err));
	assert(!ret && n2 == n && !memcmp(buf, again, n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ec_ioctl_slave all[8];
	uint16_t sel[8];
	const struct ec_dtype *t;
	unsigned long long v;
	struct ec_numlist l;
	char *text, msg[160];
	size_t count, i;
	int max, ret;

	if (size < 2)
		return 0;
	text = malloc(size - 1);
	assert(text);
	memcpy(text, data + 2, size - 2);
	text[size - 2] = '\0';

	ret = ec_parse_uint(text, data[1] * 0x01010101ULL, &v);
	assert(!ret || ret == -EINVAL || ret == -ERANGE);
	assert(ret || v <= data[1] * 0x01010101ULL);

	max = (int)(data[1] % 16) - 1;
	ret = ec_numlist_parse(text, max_of, &max, &l);
	assert(ret || l.count <= EC_NUMLIST_MAX_ITEMS);
	assert(!ret || !l.items);
	assert(!ret || ret == -EINVAL || ret == -ERANGE || ret == -E2BIG ||
	       ret == -EDOM || ret == -ENODATA);
	/* a reversed or empty range is named: it lies within the text */
	if (ret == -EDOM || ret == -ENODATA) {
		assert(l.bad && l.bad >= text && l.bad_len &&
		       l.bad + l.bad_len <= text + strlen(text));
		ec_numlist_strerror(msg, sizeof(msg), ret, &l, text,
				    "position list", "the last position");
		assert(strstr(msg, ret == -EDOM ? "reversed range '" :
						  "empty range '"));
	}
	ec_numlist_free(&l);

	t = ec_dtype_find(type_names[data[0] % NTYPES]);
	if (t)
		check_dtype(t, data[0] & 0x80 ? text : (const char *)data + 2,
			    data[0] & 0x80 ? strlen(text) : size - 2);

	memset(all, 0, sizeof(all));
	for (i = 0; i < 8; i++) {
		all[i].position = (uint16_t)i;
		all[i].alias = (data[1] >> (i % 8)) & 1 ? (uint16_t)(i * 7) : 0;
	}
	ret = ec_select_check(all, 8, data[0] & 1 ? text : "-",
			      data[0] & 2 ? text : "-", msg, sizeof(msg));
	assert(!ret || msg[0]);
	if (!ret) {
		ret = ec_select_slaves(all, 8, data[0] & 1 ? text : "-",
				       data[0] & 2 ? text : "-", sel, &count);
		assert(!ret && count <= 8);
		for (i = 0; i < count; i++)
			assert(sel[i] < 8);
	}
	free(text);
	return 0;
}
