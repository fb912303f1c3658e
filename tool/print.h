/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * print.h - the tool's one printing layer: text by default, JSON with -j.
 *
 * Modelled on iproute2's json_print: every value is printed with a key
 * (used in JSON) and a printf format (used in text; NULL prints nothing).
 * Containers only exist in JSON; in text mode they are no-ops.
 * Integer formats take an unsigned long long / long long, float formats a
 * double, string formats a const char *.
 */
#ifndef EC_TOOL_PRINT_H
#define EC_TOOL_PRINT_H

#include <stdbool.h>
#include <stdio.h>

/*
 * A failure's message into a caller's buffer (@err may be NULL): returns
 * @ret, so that parsers can write "return ec_err(err, size, -EINVAL, ...)".
 */
int ec_err(char *err, size_t size, int ret, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

void ec_out_init(FILE *f, bool json);
bool ec_out_json(void);
FILE *ec_out_file(void);
void ec_out_finish(void);

void ec_out_obj_open(const char *key);
void ec_out_obj_close(void);
void ec_out_arr_open(const char *key);
void ec_out_arr_close(void);

void ec_out_str(const char *key, const char *fmt, const char *val);
void ec_out_strn(const char *key, const char *val, size_t len);
void ec_out_uint(const char *key, const char *fmt, unsigned long long val);
void ec_out_int(const char *key, const char *fmt, long long val);
void ec_out_double(const char *key, const char *fmt, double val);
void ec_out_bool(const char *key, const char *fmt, bool val,
		 const char *yes, const char *no);
void ec_out_hex(const char *key, const void *data, size_t len);
void ec_out_null(const char *key, const char *fmt);
void ec_out_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void ec_out_json_string(FILE *f, const char *s, size_t len);

#endif /* EC_TOOL_PRINT_H */
