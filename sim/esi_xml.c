// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Reading ESI files (ETG.2000) with libxml2: element lookup, text, the
 * numbers of the format ("#x1A00" hex, decimal), hexBinary, and the messages
 * that name the file and the element (esi.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "esi.h"

int esi_fail(struct esi_ctx *x, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (x->err && x->errlen)
		snprintf(x->err, x->errlen, "%s: %s%s%s", x->path, x->where,
			 x->where[0] ? ": " : "", msg);
	return -EINVAL;
}

void esi_unmodelled(struct esi_ctx *x, const char *fmt, ...)
{
	char msg[256];
	size_t i;
	json_t *v;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	json_array_foreach(x->unmodelled, i, v)
		if (!strcmp(json_string_value(v), msg))
			return;
	json_array_append_new(x->unmodelled, json_string(msg));
}

bool esi_is(const xmlNode *n, const char *name)
{
	return n && n->type == XML_ELEMENT_NODE &&
	       !strcmp((const char *)n->name, name);
}

xmlNode *esi_next(const xmlNode *n, const char *name)
{
	for (n = n ? n->next : NULL; n; n = n->next)
		if (esi_is(n, name))
			return (xmlNode *)n;
	return NULL;
}

xmlNode *esi_child(const xmlNode *n, const char *name)
{
	xmlNode *c;

	for (c = n ? n->children : NULL; c; c = c->next)
		if (esi_is(c, name))
			return c;
	return NULL;
}

char *esi_text(const xmlNode *n)
{
	xmlChar *t = n ? xmlNodeGetContent(n) : NULL;
	const char *s = t ? (const char *)t : "";
	size_t len;
	char *r;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	len = strlen(s);
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' ||
		       s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	r = strndup(s, len);
	xmlFree(t);
	return r;
}

int esi_parse_num(const char *s, int64_t *out)
{
	char *end;
	bool neg = false;
	uint64_t u;

	if (!s || !*s)
		return -EINVAL;
	if (*s == '-') {
		neg = true;
		s++;
	}
	errno = 0;
	if (s[0] == '#' && (s[1] == 'x' || s[1] == 'X'))
		u = strtoull(s + 2, &end, 16);
	else
		u = strtoull(s, &end, 0);
	if (errno || end == s || *end || (neg && u > (uint64_t)INT64_MAX))
		return -EINVAL;
	*out = neg ? -(int64_t)u : (int64_t)u;
	return 0;
}

static int esi_check_num(struct esi_ctx *x, const char *what,
			 const char *s, int64_t min, int64_t max,
			 int64_t *out)
{
	if (esi_parse_num(s, out) || *out < min || *out > max)
		return esi_fail(x, "%s: \"%s\" is not a number in %" PRId64
				".. %" PRId64, what, s, min, max);
	return 0;
}

int esi_num(struct esi_ctx *x, const xmlNode *n, const char *name,
	    int64_t min, int64_t max, bool have_def, int64_t def,
	    int64_t *out)
{
	const xmlNode *c = esi_child(n, name);
	char what[48], *t;
	int ret;

	if (!c) {
		if (!have_def)
			return esi_fail(x, "<%s> missing", name);
		*out = def;
		return 0;
	}
	t = esi_text(c);
	if (!t)
		return -ENOMEM;
	snprintf(what, sizeof(what), "<%s>", name);
	ret = esi_check_num(x, what, t, min, max, out);
	free(t);
	return ret;
}

int esi_attr_num(struct esi_ctx *x, const xmlNode *n, const char *name,
		 int64_t min, int64_t max, bool have_def, int64_t def,
		 int64_t *out)
{
	xmlChar *a = xmlGetProp(n, (const xmlChar *)name);
	char what[48];
	int ret;

	if (!a) {
		if (!have_def)
			return esi_fail(x, "attribute %s missing", name);
		*out = def;
		return 0;
	}
	snprintf(what, sizeof(what), "attribute %s", name);
	ret = esi_check_num(x, what, (const char *)a, min, max, out);
	xmlFree(a);
	return ret;
}

int esi_fields(struct esi_ctx *x, const xmlNode *n,
	       const struct esi_field *f, size_t count, json_t *o)
{
	size_t i;
	int64_t v;

	for (i = 0; i < count; i++) {
		int ret = f[i].attr ?
			  esi_attr_num(x, n, f[i].xml, f[i].min, f[i].max,
				       f[i].optional, f[i].def, &v) :
			  esi_num(x, n, f[i].xml, f[i].min, f[i].max,
				  f[i].optional, f[i].def, &v);

		if (ret)
			return ret;
		if (json_object_set_new(o, f[i].key, json_integer(v)))
			return -ENOMEM;
	}
	return 0;
}

bool esi_attr_bool(const xmlNode *n, const char *name)
{
	xmlChar *a = xmlGetProp(n, (const xmlChar *)name);
	bool v = a && (!strcmp((const char *)a, "1") ||
		       !strcasecmp((const char *)a, "true"));

	xmlFree(a);
	return v;
}

int esi_hex(const char *s, uint8_t **out, size_t *len)
{
	size_t n = 0, i;
	uint8_t *b;

	for (i = 0; s[i]; i++)
		if (s[i] != ' ' && s[i] != '\n' && s[i] != '\r' &&
		    s[i] != '\t')
			n++;
	if (n % 2)
		return -EINVAL;
	b = malloc(n / 2 + 1);
	if (!b)
		return -ENOMEM;
	for (i = 0, n = 0; *s; s++) {
		int d;

		if (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')
			continue;
		d = *s >= '0' && *s <= '9' ? *s - '0' :
		    *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 :
		    *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;
		if (d < 0) {
			free(b);
			return -EINVAL;
		}
		if (n % 2)
			b[i++] |= (uint8_t)d;
		else
			b[i] = (uint8_t)(d << 4);
		n++;
	}
	*out = b;
	*len = i;
	return 0;
}

char *esi_name(const xmlNode *n)
{
	const xmlNode *c, *first = esi_child(n, "Name");

	for (c = first; c; c = esi_next(c, "Name")) {
		xmlChar *lc = xmlGetProp(c, (const xmlChar *)"LcId");
		bool en = lc && !strcmp((const char *)lc, "1033");

		xmlFree(lc);
		if (en)
			return esi_text(c);
	}
	return first ? esi_text(first) : NULL;
}


int esi_hex_element(struct esi_ctx *x, const xmlNode *n, uint8_t **out,
		    size_t *len)
{
	char *t = esi_text(n);
	int ret;

	if (!t)
		return -ENOMEM;
	ret = esi_hex(t, out, len);
	free(t);
	if (ret == -EINVAL)
		return esi_fail(x, "<%s> is not hexBinary", n->name);
	return ret;
}

xmlNode *esi_named(const xmlNode *parent, const char *elem,
		   const char *name)
{
	xmlNode *c;

	for (c = esi_child(parent, elem); c; c = esi_next(c, elem)) {
		char *n = esi_text(esi_child(c, "Name"));
		bool eq = n && !strcmp(n, name);

		free(n);
		if (eq)
			return c;
	}
	return NULL;
}
