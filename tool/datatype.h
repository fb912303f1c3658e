/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * datatype.h - the -t/--type data types: parsing command-line values into
 * little-endian wire bytes and formatting wire bytes for output.
 */
#ifndef EC_TOOL_DATATYPE_H
#define EC_TOOL_DATATYPE_H

#include <stddef.h>
#include <stdint.h>

enum ec_dtype_kind {
	EC_DT_BOOL,
	EC_DT_SINT,
	EC_DT_UINT,
	EC_DT_FLOAT,
	EC_DT_DOUBLE,
	EC_DT_STRING,
	EC_DT_OCTETS,
	EC_DT_UNICODE,
	EC_DT_SM,		/* sign-and-magnitude integer */
	EC_DT_RAW,
};

struct ec_dtype {
	const char *name;
	uint16_t code;		/* CiA 301 data type index; 0xffff raw */
	uint8_t size;		/* bytes; 0: variable */
	enum ec_dtype_kind kind;
};

/* Data type indices, CiA 301 table 44 / ETG.1000.6 table 64. */
#define EC_DT_CODE_BOOLEAN 0x0001
#define EC_DT_CODE_VISIBLE_STRING 0x0009
#define EC_DT_CODE_RAW 0xffff

const struct ec_dtype *ec_dtype_find(const char *name);
const struct ec_dtype *ec_dtype_by_code(uint16_t code);
const struct ec_dtype *ec_dtype_at(size_t i);
const char *ec_dtype_help(void);

int ec_dtype_parse(const struct ec_dtype *t, const char *text, size_t len,
		   uint8_t *buf, size_t size, size_t *out_len,
		   char *err, size_t err_size);
int ec_dtype_format(const struct ec_dtype *t, const uint8_t *data,
		    size_t len, char *out, size_t size,
		    char *err, size_t err_size);
int ec_dtype_print(const struct ec_dtype *t, const uint8_t *data,
		   size_t len, char *err, size_t err_size);

#endif /* EC_TOOL_DATATYPE_H */
