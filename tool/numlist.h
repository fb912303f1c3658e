/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * numlist.h - index lists as IgH's tool accepts them: "1,4,5,7-9",
 * "-" (all), "-3" (0 to 3), "5-" (5 to the last); reversed ("9-7") and
 * empty ("7-" beyond the last) ranges are refused.
 */
#ifndef EC_TOOL_NUMLIST_H
#define EC_TOOL_NUMLIST_H

#include <stddef.h>

#define EC_NUMLIST_MAX_ITEMS 65536

/*
 * Returns the highest valid index, or -1 when there is none.  Called only
 * when an open range needs it.
 */
typedef int (*ec_numlist_max_fn)(void *ctx);

struct ec_numlist {
	unsigned int *items;
	size_t count;
	size_t cap;		/* allocated entries */
	const char *bad;	/* -EDOM, -ENODATA: the refused range */
	size_t bad_len;
	int max;		/* what the max function gave, -1: not asked */
};

int ec_numlist_parse(const char *s, ec_numlist_max_fn get_max, void *ctx,
		     struct ec_numlist *out);
void ec_numlist_free(struct ec_numlist *l);
char *ec_numlist_strerror(char *buf, size_t size, int err,
			  const struct ec_numlist *l, const char *text,
			  const char *what, const char *last);

#endif /* EC_TOOL_NUMLIST_H */
