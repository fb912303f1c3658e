// SPDX-License-Identifier: GPL-2.0-only
/*
 * numlist.c - parser for index lists with ranges (see numlist.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "numlist.h"

static int ec_numlist_add(struct ec_numlist *l, unsigned int v)
{
	unsigned int *n;
	size_t cap;

	if (l->count >= EC_NUMLIST_MAX_ITEMS)
		return -E2BIG;
	if (l->count == l->cap) {
		/* doubling: a range of 60000 indices is not 60000 reallocs */
		cap = l->cap ? 2 * l->cap : 16;
		n = realloc(l->items, cap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		l->items = n;
		l->cap = cap;
	}
	l->items[l->count++] = v;
	return 0;
}

static int ec_numlist_range(struct ec_numlist *l, unsigned int a,
			    unsigned int b)
{
	unsigned long long i;
	int ret;

	if (a <= b) {
		for (i = a; i <= b; i++) {
			ret = ec_numlist_add(l, (unsigned int)i);
			if (ret)
				return ret;
		}
	} else {
		for (i = a + 1ULL; i-- > b;) {
			ret = ec_numlist_add(l, (unsigned int)i);
			if (ret)
				return ret;
		}
	}
	return 0;
}

static int ec_numlist_number(const char **p, unsigned int *v)
{
	unsigned long long n = 0;

	if (!isdigit((unsigned char)**p))
		return -EINVAL;
	while (isdigit((unsigned char)**p)) {
		n = n * 10 + (unsigned int)(**p - '0');
		if (n > 0xffffffffULL)
			return -ERANGE;
		(*p)++;
	}
	*v = (unsigned int)n;
	return 0;
}

/**
 * ec_numlist_parse() - parse a comma-separated index list with ranges
 * @s: the text
 * @get_max: gives the highest index for open ranges ("-", "5-")
 * @ctx: passed to @get_max
 * @out: the list, in the order given; free with ec_numlist_free()
 *
 * Return: 0, -EINVAL on a syntax error, -ERANGE on a number above 2^32-1,
 * -E2BIG when the list would exceed EC_NUMLIST_MAX_ITEMS.
 */
int ec_numlist_parse(const char *s, ec_numlist_max_fn get_max, void *ctx,
		     struct ec_numlist *out)
{
	const char *p = s;
	unsigned int first, second;
	int ret = 0, max;
	bool have_first;

	out->items = NULL;
	out->count = 0;
	out->cap = 0;

	while (*p) {
		if (*p == ',') {
			p++;
			continue;
		}
		have_first = false;
		first = 0;
		if (isdigit((unsigned char)*p)) {
			ret = ec_numlist_number(&p, &first);
			if (ret)
				goto out_free;
			have_first = true;
		}
		if (*p == '-') {
			p++;
			if (isdigit((unsigned char)*p)) {
				ret = ec_numlist_number(&p, &second);
				if (ret)
					goto out_free;
				ret = ec_numlist_range(out, first, second);
			} else {
				/* open range: up to the highest index */
				max = get_max ? get_max(ctx) : -1;
				if (max >= 0 && first <= (unsigned int)max)
					ret = ec_numlist_range(out, first,
							       (unsigned int)max);
			}
		} else if (have_first) {
			ret = ec_numlist_add(out, first);
		} else {
			ret = -EINVAL;
		}
		if (ret)
			goto out_free;
		if (*p && *p != ',') {
			ret = -EINVAL;
			goto out_free;
		}
	}
	return 0;

out_free:
	ec_numlist_free(out);
	return ret;
}

/**
 * ec_numlist_free() - release a parsed list
 * @l: the list
 */
void ec_numlist_free(struct ec_numlist *l)
{
	free(l->items);
	l->items = NULL;
	l->count = 0;
	l->cap = 0;
}
