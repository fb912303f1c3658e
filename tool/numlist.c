// SPDX-License-Identifier: GPL-2.0-only
/*
 * numlist.c - parser for index lists with ranges (see numlist.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
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

/* a..b, a <= b (the caller refuses reversed ranges) */
static int ec_numlist_range(struct ec_numlist *l, unsigned int a,
			    unsigned int b)
{
	unsigned long long i;
	int ret;

	for (i = a; i <= b; i++) {
		ret = ec_numlist_add(l, (unsigned int)i);
		if (ret)
			return ret;
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
 * A reversed range ("1-0") and an open range that starts beyond the
 * highest index ("7-" of 0..5) are refused: IgH's tool lists the first
 * in descending order and drops the second silently, and both are more
 * often a slip than a wish (doc/CLI.md).  A bare "-" (all) is never
 * refused, even when there is nothing to select.  On these two errors
 * @out->bad and @out->bad_len give the offending range within @s.
 *
 * Return: 0, -EINVAL on a syntax error, -ERANGE on a number above 2^32-1,
 * -EDOM on a reversed range, -ENODATA on an empty open range, -E2BIG
 * when the list would exceed EC_NUMLIST_MAX_ITEMS.
 */
int ec_numlist_parse(const char *s, ec_numlist_max_fn get_max, void *ctx,
		     struct ec_numlist *out)
{
	const char *p = s, *start;
	unsigned int first, second;
	int ret = 0, max;
	bool have_first;

	out->items = NULL;
	out->count = 0;
	out->cap = 0;
	out->bad = NULL;
	out->bad_len = 0;
	out->max = -1;

	while (*p) {
		if (*p == ',') {
			p++;
			continue;
		}
		start = p;
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
				if (first > second)
					ret = -EDOM;
				else
					ret = ec_numlist_range(out, first,
							       second);
			} else {
				/* open range: up to the highest index */
				max = get_max ? get_max(ctx) : -1;
				out->max = max;
				if (max >= 0 && first <= (unsigned int)max)
					ret = ec_numlist_range(out, first,
							       (unsigned int)max);
				else if (have_first)
					ret = -ENODATA;
			}
		} else if (have_first) {
			ret = ec_numlist_add(out, first);
		} else {
			ret = -EINVAL;
		}
		if (ret == -EDOM || ret == -ENODATA) {
			out->bad = start;
			out->bad_len = (size_t)(p - start);
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

/**
 * ec_numlist_strerror() - the message for a list ec_numlist_parse() refused
 * @buf: the message
 * @size: size of @buf
 * @err: what ec_numlist_parse() returned
 * @l: the list it was given
 * @text: the list's text
 * @what: the kind of list ("position list", "master list")
 * @last: how the highest index reads ("the last position")
 *
 * Names the refused range: "reversed range '1-0' in position list
 * '1-0': write it as 0-1", "empty range '7-' in position list '7-':
 * the last position is 5".
 *
 * Return: @buf.
 */
char *ec_numlist_strerror(char *buf, size_t size, int err,
			  const struct ec_numlist *l, const char *text,
			  const char *what, const char *last)
{
	const char *p;
	unsigned int a, b;

	if (err == -EDOM && l->bad) {
		p = l->bad;
		a = (unsigned int)strtoul(p, (char **)&p, 10);
		b = (unsigned int)strtoul(p + 1, NULL, 10);
		snprintf(buf, size,
			 "reversed range '%.*s' in %s '%s': write it as %u-%u",
			 (int)l->bad_len, l->bad, what, text, b, a);
	} else if (err == -ENODATA && l->bad && l->max >= 0) {
		snprintf(buf, size,
			 "empty range '%.*s' in %s '%s': %s is %d",
			 (int)l->bad_len, l->bad, what, text, last, l->max);
	} else if (err == -ENODATA && l->bad) {
		snprintf(buf, size, "empty range '%.*s' in %s '%s': there is none",
			 (int)l->bad_len, l->bad, what, text);
	} else {
		snprintf(buf, size, "invalid %s '%s'", what, text);
	}
	return buf;
}
