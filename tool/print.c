// SPDX-License-Identifier: GPL-2.0-only
/*
 * print.c - text/JSON printing layer of the ethercat tool (see print.h).
 *
 * The JSON writer keeps a small stack of open containers to place commas;
 * strings are escaped per RFC 8259, and bytes that are not valid UTF-8
 * (SII strings are often Latin-1) are written as \u00XX.
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "print.h"

int ec_err(char *err, size_t size, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err && size) {
		va_start(ap, fmt);
		vsnprintf(err, size, fmt, ap);
		va_end(ap);
	}
	return ret;
}

#define EC_OUT_MAX_DEPTH 16

static struct {
	FILE *f;
	bool json;
	int depth;
	bool first[EC_OUT_MAX_DEPTH];
	bool is_array[EC_OUT_MAX_DEPTH];
} ec_out = { .depth = 0 };

/**
 * ec_out_init() - choose the output stream and mode
 * @f: stream (stdout in the tool, a memory stream in tests)
 * @json: JSON instead of text
 *
 * In JSON mode the whole output is one top-level object.
 */
void ec_out_init(FILE *f, bool json)
{
	ec_out.f = f;
	ec_out.json = json;
	ec_out.depth = 0;
	if (json) {
		fputc('{', f);
		ec_out.depth = 1;
		ec_out.first[0] = true;
		ec_out.is_array[0] = false;
	}
}

/**
 * ec_out_json() - whether the output is JSON
 */
bool ec_out_json(void)
{
	return ec_out.json;
}

/**
 * ec_out_file() - the output stream, for raw output in text mode
 */
FILE *ec_out_file(void)
{
	return ec_out.f ? ec_out.f : stdout;
}

/**
 * ec_out_finish() - close whatever is open and end the JSON document
 */
void ec_out_finish(void)
{
	if (!ec_out.json || !ec_out.f)
		return;
	while (ec_out.depth > 0) {
		ec_out.depth--;
		fputc(ec_out.is_array[ec_out.depth] ? ']' : '}', ec_out.f);
	}
	fputc('\n', ec_out.f);
	fflush(ec_out.f);
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t ec_utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/**
 * ec_out_json_string() - write a JSON string literal
 * @f: stream
 * @s: bytes
 * @len: number of bytes
 */
void ec_out_json_string(FILE *f, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, n;

	fputc('"', f);
	while (i < len) {
		unsigned char c = p[i];

		switch (c) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (c < 0x20) {
				fprintf(f, "\\u%04x", c);
			} else if (c < 0x80) {
				fputc(c, f);
			} else {
				n = ec_utf8_len(p + i, len - i);
				if (!n) {
					fprintf(f, "\\u%04x", c);
				} else {
					fwrite(p + i, 1, n, f);
					i += n;
					continue;
				}
			}
		}
		i++;
	}
	fputc('"', f);
}

/* Comma and key before a JSON value. */
static void ec_out_key(const char *key)
{
	int d = ec_out.depth - 1;

	if (d >= 0) {
		if (!ec_out.first[d])
			fputc(',', ec_out.f);
		ec_out.first[d] = false;
		if (!ec_out.is_array[d])
			ec_out_json_string(ec_out.f, key ? key : "",
					   strlen(key ? key : ""));
		if (!ec_out.is_array[d])
			fputc(':', ec_out.f);
	}
}

static void ec_out_push(const char *key, bool array)
{
	if (!ec_out.json)
		return;
	ec_out_key(key);
	fputc(array ? '[' : '{', ec_out.f);
	if (ec_out.depth < EC_OUT_MAX_DEPTH) {
		ec_out.first[ec_out.depth] = true;
		ec_out.is_array[ec_out.depth] = array;
		ec_out.depth++;
	}
}

static void ec_out_pop(void)
{
	if (!ec_out.json || ec_out.depth <= 0)
		return;
	ec_out.depth--;
	fputc(ec_out.is_array[ec_out.depth] ? ']' : '}', ec_out.f);
}

/**
 * ec_out_obj_open() - open a JSON object (no-op in text mode)
 * @key: its key, NULL inside an array
 */
void ec_out_obj_open(const char *key)
{
	ec_out_push(key, false);
}

/**
 * ec_out_obj_close() - close the innermost JSON object
 */
void ec_out_obj_close(void)
{
	ec_out_pop();
}

/**
 * ec_out_arr_open() - open a JSON array (no-op in text mode)
 * @key: its key, NULL inside an array
 */
void ec_out_arr_open(const char *key)
{
	ec_out_push(key, true);
}

/**
 * ec_out_arr_close() - close the innermost JSON array
 */
void ec_out_arr_close(void)
{
	ec_out_pop();
}

/* Text output with a caller-supplied format and one argument. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

/**
 * ec_out_str() - a string value
 * @key: JSON key (NULL inside an array)
 * @fmt: text format taking a const char *, NULL for none
 * @val: the string
 */
void ec_out_str(const char *key, const char *fmt, const char *val)
{
	if (ec_out.json) {
		ec_out_key(key);
		ec_out_json_string(ec_out.f, val ? val : "",
				   strlen(val ? val : ""));
	} else if (fmt) {
		fprintf(ec_out.f, fmt, val ? val : "");
	}
}

/**
 * ec_out_strn() - a string of known length (may hold NUL bytes)
 * @key: JSON key
 * @val: the bytes
 * @len: number of bytes
 *
 * Text: the bytes as they are.
 */
void ec_out_strn(const char *key, const char *val, size_t len)
{
	if (ec_out.json) {
		ec_out_key(key);
		ec_out_json_string(ec_out.f, val, len);
	} else {
		fwrite(val, 1, len, ec_out.f);
	}
}

/**
 * ec_out_uint() - an unsigned integer value
 * @key: JSON key (NULL inside an array)
 * @fmt: text format taking an unsigned long long, NULL for none
 * @val: the value
 */
void ec_out_uint(const char *key, const char *fmt, unsigned long long val)
{
	if (ec_out.json) {
		ec_out_key(key);
		fprintf(ec_out.f, "%llu", val);
	} else if (fmt) {
		fprintf(ec_out.f, fmt, val);
	}
}

/**
 * ec_out_int() - a signed integer value
 * @key: JSON key (NULL inside an array)
 * @fmt: text format taking a long long, NULL for none
 * @val: the value
 */
void ec_out_int(const char *key, const char *fmt, long long val)
{
	if (ec_out.json) {
		ec_out_key(key);
		fprintf(ec_out.f, "%lld", val);
	} else if (fmt) {
		fprintf(ec_out.f, fmt, val);
	}
}

/**
 * ec_out_double() - a floating-point value (JSON null if not finite)
 * @key: JSON key (NULL inside an array)
 * @fmt: text format taking a double, NULL for none
 * @val: the value
 */
void ec_out_double(const char *key, const char *fmt, double val)
{
	if (ec_out.json) {
		ec_out_key(key);
		if (isfinite(val))
			fprintf(ec_out.f, "%.17g", val);
		else
			fputs("null", ec_out.f);
	} else if (fmt) {
		fprintf(ec_out.f, fmt, val);
	}
}

/**
 * ec_out_bool() - a boolean value
 * @key: JSON key (NULL inside an array)
 * @fmt: text format taking a const char *, NULL for none
 * @val: the value
 * @yes: text for true (NULL: "yes")
 * @no: text for false (NULL: "no")
 */
void ec_out_bool(const char *key, const char *fmt, bool val,
		 const char *yes, const char *no)
{
	if (ec_out.json) {
		ec_out_key(key);
		fputs(val ? "true" : "false", ec_out.f);
	} else if (fmt) {
		fprintf(ec_out.f, fmt, val ? (yes ? yes : "yes") :
			(no ? no : "no"));
	}
}

/**
 * ec_out_hex() - bytes as a string of hex digits ("0a1b..."), JSON only
 * @key: JSON key
 * @data: the bytes
 * @len: number of bytes
 */
void ec_out_hex(const char *key, const void *data, size_t len)
{
	const uint8_t *d = data;
	size_t i;

	if (!ec_out.json)
		return;
	ec_out_key(key);
	fputc('"', ec_out.f);
	for (i = 0; i < len; i++)
		fprintf(ec_out.f, "%02x", d[i]);
	fputc('"', ec_out.f);
}

/**
 * ec_out_null() - JSON null; in text mode @fmt is printed as it is
 * @key: JSON key (NULL inside an array)
 * @fmt: text, NULL for none
 */
void ec_out_null(const char *key, const char *fmt)
{
	if (ec_out.json) {
		ec_out_key(key);
		fputs("null", ec_out.f);
	} else if (fmt) {
		fputs(fmt, ec_out.f);
	}
}

#pragma GCC diagnostic pop

/**
 * ec_out_text() - text-only output (layout, headings); ignored in JSON
 * @fmt: printf format
 */
void ec_out_text(const char *fmt, ...)
{
	va_list ap;

	if (ec_out.json)
		return;
	va_start(ap, fmt);
	vfprintf(ec_out.f, fmt, ap);
	va_end(ap);
}
