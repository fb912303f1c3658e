// SPDX-License-Identifier: GPL-2.0-only
/*
 * datatype.c - -t/--type data types (see datatype.h).
 *
 * Names and output formats follow IgH's tool so that scripts keep working:
 * integers as "0x<hex> <decimal>", floats as the shortest text that reads
 * back to the same value, raw data as "0x01 0x02 ...".  Integers are
 * stored little endian, CiA 301 section 7.1.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "datatype.h"
#include "print.h"

static const struct ec_dtype ec_dtypes[] = {
	{ "bool", 0x0001, 1, EC_DT_BOOL },
	{ "int8", 0x0002, 1, EC_DT_SINT },
	{ "int16", 0x0003, 2, EC_DT_SINT },
	{ "int32", 0x0004, 4, EC_DT_SINT },
	{ "uint8", 0x0005, 1, EC_DT_UINT },
	{ "uint16", 0x0006, 2, EC_DT_UINT },
	{ "uint32", 0x0007, 4, EC_DT_UINT },
	{ "float", 0x0008, 4, EC_DT_FLOAT },
	{ "string", 0x0009, 0, EC_DT_STRING },	/* VISIBLE_STRING */
	{ "octet_string", 0x000a, 0, EC_DT_OCTETS },
	{ "unicode_string", 0x000b, 0, EC_DT_UNICODE },
	{ "int24", 0x0010, 3, EC_DT_SINT },
	{ "double", 0x0011, 8, EC_DT_DOUBLE },
	{ "int40", 0x0012, 5, EC_DT_SINT },
	{ "int48", 0x0013, 6, EC_DT_SINT },
	{ "int56", 0x0014, 7, EC_DT_SINT },
	{ "int64", 0x0015, 8, EC_DT_SINT },
	{ "uint24", 0x0016, 3, EC_DT_UINT },
	{ "uint40", 0x0018, 5, EC_DT_UINT },
	{ "uint48", 0x0019, 6, EC_DT_UINT },
	{ "uint56", 0x001a, 7, EC_DT_UINT },
	{ "uint64", 0x001b, 8, EC_DT_UINT },
	{ "sm8", 0xfffb, 1, EC_DT_SM },
	{ "sm16", 0xfffc, 2, EC_DT_SM },
	{ "sm32", 0xfffd, 4, EC_DT_SM },
	{ "sm64", 0xfffe, 8, EC_DT_SM },
	{ "raw", EC_DT_CODE_RAW, 0, EC_DT_RAW },
};

#define EC_DTYPE_COUNT (sizeof(ec_dtypes) / sizeof(ec_dtypes[0]))

/**
 * ec_dtype_find() - a data type by its -t name
 * @name: e.g. "uint16"
 *
 * Return: the type, NULL if unknown.
 */
const struct ec_dtype *ec_dtype_find(const char *name)
{
	size_t i;

	for (i = 0; i < EC_DTYPE_COUNT; i++)
		if (!strcmp(name, ec_dtypes[i].name))
			return &ec_dtypes[i];
	return NULL;
}

/**
 * ec_dtype_by_code() - a data type by its CiA 301 data type index
 * @code: index from the dictionary (SDO information)
 *
 * Return: the type, NULL if the tool does not know it.
 */
const struct ec_dtype *ec_dtype_by_code(uint16_t code)
{
	size_t i;

	for (i = 0; i < EC_DTYPE_COUNT; i++)
		if (ec_dtypes[i].code == code && code != EC_DT_CODE_RAW)
			return &ec_dtypes[i];
	return NULL;
}

/**
 * ec_dtype_at() - the i-th entry of the type table (for listings, tests)
 * @i: position
 *
 * Return: the type, NULL past the end.
 */
const struct ec_dtype *ec_dtype_at(size_t i)
{
	return i < EC_DTYPE_COUNT ? &ec_dtypes[i] : NULL;
}

/**
 * ec_dtype_help() - the help text listing the -t types
 *
 * Return: a static string.
 */
const char *ec_dtype_help(void)
{
	return "These are valid data types to use with\n"
	       "the --type option:\n"
	       "  bool,\n"
	       "  int8, int16, int24, int32, int40, int48, int56, int64,\n"
	       "  uint8, uint16, uint24, uint32, uint40, uint48, uint56,\n"
	       "  uint64, float, double,\n"
	       "  string, octet_string, unicode_string, raw.\n"
	       "For sign-and-magnitude coding, use the following types:\n"
	       "  sm8, sm16, sm32, sm64\n"
	       "raw values are hexadecimal bytes: \"0x01 0x02\" or \"0102\".\n";
}

static void ec_put_le(uint8_t *buf, uint64_t v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t ec_get_le(const uint8_t *buf, size_t n)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)buf[i] << (8 * i);
	return v;
}

/* Copy a numeric argument without surrounding white space. */
static int ec_trim(const char *text, size_t len, char *out, size_t size)
{
	while (len && isspace((unsigned char)*text)) {
		text++;
		len--;
	}
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	if (!len || len >= size || memchr(text, '\0', len))
		return -EINVAL;
	memcpy(out, text, len);
	out[len] = '\0';
	return 0;
}

static int ec_parse_int(const struct ec_dtype *t, const char *s,
			uint8_t *buf, char *err, size_t err_size)
{
	unsigned int bits = t->size * 8;
	char *end;

	errno = 0;
	if (t->kind == EC_DT_UINT) {
		unsigned long long v;
		unsigned long long max = bits == 64 ? UINT64_MAX :
			(1ULL << bits) - 1;

		if (strchr(s, '-'))
			return ec_err(err, err_size, -ERANGE,
					 "Value out of range");
		v = strtoull(s, &end, 0);
		if (*end || end == s)
			return -EINVAL;
		if (errno == ERANGE || v > max)
			return ec_err(err, err_size, -ERANGE,
					 "Value out of range");
		ec_put_le(buf, v, t->size);
	} else {
		long long v;
		long long max = bits == 64 ? INT64_MAX :
			(long long)((1ULL << (bits - 1)) - 1);
		long long min = -max - 1;

		v = strtoll(s, &end, 0);
		if (*end || end == s)
			return -EINVAL;
		if (errno == ERANGE || v > max || v < min)
			return ec_err(err, err_size, -ERANGE,
					 "Value out of range");
		if (t->kind == EC_DT_SM && v < 0) {
			/* sign bit plus magnitude; -0 is not produced */
			if (v == min)
				return ec_err(err, err_size, -ERANGE,
						 "Value out of range");
			ec_put_le(buf, (uint64_t)(-v) | (1ULL << (bits - 1)),
				  t->size);
		} else {
			ec_put_le(buf, (uint64_t)v, t->size);
		}
	}
	return 0;
}

static int ec_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static int ec_parse_raw(const char *text, size_t len, uint8_t *buf,
			size_t size, size_t *out_len)
{
	size_t i = 0, n = 0, tok, j;

	while (i < len) {
		if (isspace((unsigned char)text[i]) || text[i] == ',' ||
		    text[i] == ':') {
			i++;
			continue;
		}
		if (i + 1 < len && text[i] == '0' &&
		    (text[i + 1] == 'x' || text[i + 1] == 'X'))
			i += 2;
		for (tok = 0; i + tok < len && ec_hexval(text[i + tok]) >= 0;
		     tok++)
			;
		if (!tok || (i + tok < len &&
			     !isspace((unsigned char)text[i + tok]) &&
			     text[i + tok] != ',' && text[i + tok] != ':'))
			return -EINVAL;
		if (tok % 2 && tok != 1)
			return -EINVAL;
		for (j = 0; j < tok; j += 2) {
			if (n >= size)
				return -ENOSPC;
			if (tok == 1)
				buf[n++] = ec_hexval(text[i]);
			else
				buf[n++] = ec_hexval(text[i + j]) << 4 |
					ec_hexval(text[i + j + 1]);
		}
		i += tok;
	}
	if (!n)
		return -EINVAL;
	*out_len = n;
	return 0;
}

/* UTF-8 to UTF-16LE (CiA 301 UNICODE_STRING is an array of UNSIGNED16). */
static int ec_utf8_to_utf16le(const char *text, size_t len, uint8_t *buf,
			      size_t size, size_t *out_len)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, n = 0, k, extra;
	uint32_t cp;

	while (i < len) {
		if (s[i] < 0x80) {
			cp = s[i];
			extra = 0;
		} else if ((s[i] & 0xe0) == 0xc0) {
			cp = s[i] & 0x1f;
			extra = 1;
		} else if ((s[i] & 0xf0) == 0xe0) {
			cp = s[i] & 0x0f;
			extra = 2;
		} else if ((s[i] & 0xf8) == 0xf0) {
			cp = s[i] & 0x07;
			extra = 3;
		} else {
			return -EILSEQ;
		}
		if (i + extra >= len + (extra ? 0 : 1))
			return -EILSEQ;
		for (k = 1; k <= extra; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return -EILSEQ;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		i += extra + 1;
		if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return -EILSEQ;
		if (cp >= 0x10000) {
			if (n + 4 > size)
				return -ENOSPC;
			cp -= 0x10000;
			ec_put_le(buf + n, 0xd800 | (cp >> 10), 2);
			ec_put_le(buf + n + 2, 0xdc00 | (cp & 0x3ff), 2);
			n += 4;
		} else {
			if (n + 2 > size)
				return -ENOSPC;
			ec_put_le(buf + n, cp, 2);
			n += 2;
		}
	}
	*out_len = n;
	return 0;
}

/**
 * ec_dtype_parse() - value text to wire bytes
 * @t: the data type
 * @text: the value as given (not necessarily NUL-terminated)
 * @len: its length
 * @buf: output buffer
 * @size: size of @buf
 * @out_len: bytes written
 * @err: message buffer for a failure (may be NULL)
 * @err_size: its size
 *
 * Return: 0, -EINVAL for text that is no value of the type, -ERANGE for a
 * value out of the type's range, -ENOSPC when @buf is too small.
 */
int ec_dtype_parse(const struct ec_dtype *t, const char *text, size_t len,
		   uint8_t *buf, size_t size, size_t *out_len,
		   char *err, size_t err_size)
{
	char num[128], *end;
	int ret;

	if (t->size && size < t->size)
		return ec_err(err, err_size, -ENOSPC,
				 "Buffer too small for %s", t->name);

	switch (t->kind) {
	case EC_DT_BOOL:
	case EC_DT_SINT:
	case EC_DT_UINT:
	case EC_DT_SM:
	case EC_DT_FLOAT:
	case EC_DT_DOUBLE:
		if (ec_trim(text, len, num, sizeof(num)))
			goto out_invalid;
		break;
	default:
		break;
	}

	switch (t->kind) {
	case EC_DT_BOOL:
		if (!strcmp(num, "1") || !strcasecmp(num, "true"))
			buf[0] = 1;
		else if (!strcmp(num, "0") || !strcasecmp(num, "false"))
			buf[0] = 0;
		else
			return ec_err(err, err_size, -ERANGE,
					 "Value out of range");
		break;
	case EC_DT_SINT:
	case EC_DT_UINT:
	case EC_DT_SM:
		ret = ec_parse_int(t, num, buf, err, err_size);
		if (ret == -EINVAL)
			goto out_invalid;
		if (ret)
			return ret;
		break;
	case EC_DT_FLOAT: {
		float f;
		uint32_t u;

		errno = 0;
		f = strtof(num, &end);
		if (*end || end == num)
			goto out_invalid;
		if (errno == ERANGE && isinf(f))
			return ec_err(err, err_size, -ERANGE,
					 "Value out of range");
		memcpy(&u, &f, sizeof(u));
		ec_put_le(buf, u, 4);
		break;
	}
	case EC_DT_DOUBLE: {
		double d;
		uint64_t u;

		errno = 0;
		d = strtod(num, &end);
		if (*end || end == num)
			goto out_invalid;
		if (errno == ERANGE && isinf(d))
			return ec_err(err, err_size, -ERANGE,
					 "Value out of range");
		memcpy(&u, &d, sizeof(u));
		ec_put_le(buf, u, 8);
		break;
	}
	case EC_DT_STRING:
	case EC_DT_OCTETS:
		if (len > size)
			return ec_err(err, err_size, -ENOSPC,
					 "String too large (%zu > %zu)", len,
					 size);
		memcpy(buf, text, len);
		*out_len = len;
		return 0;
	case EC_DT_UNICODE:
		ret = ec_utf8_to_utf16le(text, len, buf, size, out_len);
		if (ret == -ENOSPC)
			return ec_err(err, err_size, ret,
					 "String too large for %zu bytes",
					 size);
		if (ret)
			return ec_err(err, err_size, -EINVAL,
					 "Invalid UTF-8 in value");
		return 0;
	case EC_DT_RAW:
		ret = ec_parse_raw(text, len, buf, size, out_len);
		if (ret == -ENOSPC)
			return ec_err(err, err_size, ret,
					 "Raw data too large (max. %zu bytes)",
					 size);
		if (ret)
			goto out_invalid;
		return 0;
	}
	*out_len = t->size;
	return 0;

out_invalid:
	return ec_err(err, err_size, -EINVAL, "Invalid value for type %s",
			 t->name);
}

/* Shortest %g text that reads back to the same value. */
static void ec_format_real(char *out, size_t size, double v, bool single)
{
	int prec;

	for (prec = 6; prec <= 17; prec++) {
		snprintf(out, size, "%.*g", prec, v);
		if (single ? strtof(out, NULL) == (float)v :
		    strtod(out, NULL) == v)
			return;
	}
}

/**
 * ec_dtype_format() - wire bytes to the tool's text (without newline)
 * @t: the data type, NULL for raw
 * @data: the bytes
 * @len: number of bytes
 * @out: text buffer (octet_string: the bytes themselves)
 * @size: size of @out
 * @err: message buffer for a failure (may be NULL)
 * @err_size: its size
 *
 * Return: length written to @out, or -EINVAL when @len does not match a
 * fixed-size type, -ENOSPC when @out is too small.
 */
int ec_dtype_format(const struct ec_dtype *t, const uint8_t *data,
		    size_t len, char *out, size_t size,
		    char *err, size_t err_size)
{
	enum ec_dtype_kind kind = t ? t->kind : EC_DT_RAW;
	unsigned int bits;
	uint64_t u;
	size_t i, n = 0;
	int w;

	if (t && t->size && len != t->size)
		return ec_err(err, err_size, -EINVAL,
				 "Data type mismatch. Expected %s with %u byte, but got %zu byte.",
				 t->name, t->size, len);
	if (!size)
		return -ENOSPC;
	out[0] = '\0';

	switch (kind) {
	case EC_DT_BOOL:
	case EC_DT_UINT:
		u = ec_get_le(data, t->size);
		w = snprintf(out, size, "0x%0*llx %llu", t->size * 2,
			     (unsigned long long)u, (unsigned long long)u);
		break;
	case EC_DT_SINT: {
		int64_t s;

		bits = t->size * 8;
		u = ec_get_le(data, t->size);
		s = bits < 64 && (u >> (bits - 1)) ?
			(int64_t)(u | ~((1ULL << bits) - 1)) : (int64_t)u;
		w = snprintf(out, size, "0x%0*llx %lld", t->size * 2,
			     (unsigned long long)u, (long long)s);
		break;
	}
	case EC_DT_SM: {
		uint64_t mag;
		bool neg;

		bits = t->size * 8;
		u = ec_get_le(data, t->size);
		neg = u >> (bits - 1);
		mag = bits < 64 ? u & ((1ULL << (bits - 1)) - 1) :
			u & INT64_MAX;
		w = snprintf(out, size, "0x%0*llx %s%llu", t->size * 2,
			     (unsigned long long)u, neg && mag ? "-" : "",
			     (unsigned long long)mag);
		break;
	}
	case EC_DT_FLOAT: {
		uint32_t v32 = (uint32_t)ec_get_le(data, 4);
		float f;

		memcpy(&f, &v32, sizeof(f));
		ec_format_real(out, size, f, true);
		w = strlen(out);
		break;
	}
	case EC_DT_DOUBLE: {
		uint64_t v64 = ec_get_le(data, 8);
		double d;

		memcpy(&d, &v64, sizeof(d));
		ec_format_real(out, size, d, false);
		w = strlen(out);
		break;
	}
	case EC_DT_STRING:
	case EC_DT_OCTETS:
		if (len >= size)
			return -ENOSPC;
		memcpy(out, data, len);
		out[len] = '\0';
		return (int)len;
	case EC_DT_UNICODE:
		for (i = 0; i + 1 < len; i += 2) {
			uint32_t cp = (uint32_t)ec_get_le(data + i, 2);
			char enc[4];
			size_t k, el;

			if (!cp)
				break;
			if (cp >= 0xd800 && cp < 0xdc00 && i + 3 < len) {
				uint32_t lo = (uint32_t)ec_get_le(data + i + 2,
								  2);

				if (lo >= 0xdc00 && lo < 0xe000) {
					cp = 0x10000 + ((cp - 0xd800) << 10) +
						(lo - 0xdc00);
					i += 2;
				}
			}
			if (cp >= 0xd800 && cp < 0xe000)
				cp = 0xfffd;
			if (cp < 0x80) {
				enc[0] = cp;
				el = 1;
			} else if (cp < 0x800) {
				enc[0] = 0xc0 | cp >> 6;
				enc[1] = 0x80 | (cp & 0x3f);
				el = 2;
			} else if (cp < 0x10000) {
				enc[0] = 0xe0 | cp >> 12;
				enc[1] = 0x80 | ((cp >> 6) & 0x3f);
				enc[2] = 0x80 | (cp & 0x3f);
				el = 3;
			} else {
				enc[0] = 0xf0 | cp >> 18;
				enc[1] = 0x80 | ((cp >> 12) & 0x3f);
				enc[2] = 0x80 | ((cp >> 6) & 0x3f);
				enc[3] = 0x80 | (cp & 0x3f);
				el = 4;
			}
			if (n + el >= size)
				return -ENOSPC;
			for (k = 0; k < el; k++)
				out[n++] = enc[k];
		}
		out[n] = '\0';
		return (int)n;
	case EC_DT_RAW:
	default:
		for (i = 0; i < len; i++) {
			if (n + 6 > size)
				return -ENOSPC;
			n += snprintf(out + n, size - n, "%s0x%02x",
				      i ? " " : "", data[i]);
		}
		return (int)n;
	}
	if (w < 0 || (size_t)w >= size)
		return -ENOSPC;
	return w;
}

/**
 * ec_dtype_print() - print a value through the printing layer
 * @t: the data type, NULL for raw
 * @data: the bytes
 * @len: number of bytes
 * @err: message buffer for a failure (may be NULL)
 * @err_size: its size
 *
 * Text: one line as IgH's tool prints it (octet_string: the bytes, no
 * newline).  JSON: "type", "value" (number or string) and "hex".
 *
 * Return: 0 or -errno.
 */
int ec_dtype_print(const struct ec_dtype *t, const uint8_t *data,
		   size_t len, char *err, size_t err_size)
{
	enum ec_dtype_kind kind = t ? t->kind : EC_DT_RAW;
	size_t size = len * 5 + 64;
	char *text = malloc(size);
	int n;

	if (!text)
		return -ENOMEM;
	n = ec_dtype_format(t, data, len, text, size, err, err_size);
	if (n < 0) {
		free(text);
		return n;
	}
	if (!ec_out_json()) {
		fwrite(text, 1, n, ec_out_file());
		if (kind != EC_DT_OCTETS)
			fputc('\n', ec_out_file());
		free(text);
		return 0;
	}

	/* integers: the decimal after "0x<2 * size hex digits>"; reals:
	 * the shortest text, which reads back exactly */
	ec_out_str("type", NULL, t ? t->name : "raw");
	switch (kind) {
	case EC_DT_BOOL:
		ec_out_bool("value", NULL, data[0], NULL, NULL);
		break;
	case EC_DT_UINT:
		ec_out_uint("value", NULL, strtoull(text + 2 + 2 * t->size,
						     NULL, 10));
		break;
	case EC_DT_SINT:
	case EC_DT_SM:
		ec_out_int("value", NULL, strtoll(text + 2 + 2 * t->size,
						   NULL, 10));
		break;
	case EC_DT_FLOAT:
	case EC_DT_DOUBLE:
		ec_out_double("value", NULL, strtod(text, NULL));
		break;
	case EC_DT_STRING:
	case EC_DT_UNICODE:
		ec_out_strn("value", text, n);
		break;
	default:
		break;
	}
	ec_out_hex("hex", data, len);
	free(text);
	return 0;
}
