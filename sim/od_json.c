// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * JSON loader for object dictionaries.  The format is described in od.h
 * and, with examples, in sim/README-coe.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "od_priv.h"

struct odj_ctx {
	struct ecsim_od *od;
	char *err;
	size_t errlen;
	char where[48];		/* "object 0x6040" or "objects[3]" */
};

static int odj_fail(struct odj_ctx *x, const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (x->err && x->errlen)
		snprintf(x->err, x->errlen, "%s: %s", x->where, msg);
	return -EINVAL;
}

static const struct {
	const char *name;
	uint16_t type;
} odj_types[] = {
	{ "BOOL", ECSIM_DT_BOOLEAN }, { "BOOLEAN", ECSIM_DT_BOOLEAN },
	{ "INT8", ECSIM_DT_INTEGER8 }, { "INTEGER8", ECSIM_DT_INTEGER8 },
	{ "INT16", ECSIM_DT_INTEGER16 }, { "INTEGER16", ECSIM_DT_INTEGER16 },
	{ "INT24", ECSIM_DT_INTEGER24 }, { "INTEGER24", ECSIM_DT_INTEGER24 },
	{ "INT32", ECSIM_DT_INTEGER32 }, { "INTEGER32", ECSIM_DT_INTEGER32 },
	{ "INT64", ECSIM_DT_INTEGER64 }, { "INTEGER64", ECSIM_DT_INTEGER64 },
	{ "UINT8", ECSIM_DT_UNSIGNED8 }, { "UNSIGNED8", ECSIM_DT_UNSIGNED8 },
	{ "UINT16", ECSIM_DT_UNSIGNED16 },
	{ "UNSIGNED16", ECSIM_DT_UNSIGNED16 },
	{ "UINT24", ECSIM_DT_UNSIGNED24 },
	{ "UNSIGNED24", ECSIM_DT_UNSIGNED24 },
	{ "UINT32", ECSIM_DT_UNSIGNED32 },
	{ "UNSIGNED32", ECSIM_DT_UNSIGNED32 },
	{ "UINT64", ECSIM_DT_UNSIGNED64 },
	{ "UNSIGNED64", ECSIM_DT_UNSIGNED64 },
	{ "REAL32", ECSIM_DT_REAL32 }, { "FLOAT", ECSIM_DT_REAL32 },
	{ "REAL64", ECSIM_DT_REAL64 }, { "DOUBLE", ECSIM_DT_REAL64 },
	{ "VISIBLE_STRING", ECSIM_DT_VISIBLE_STRING },
	{ "STRING", ECSIM_DT_VISIBLE_STRING },
	{ "OCTET_STRING", ECSIM_DT_OCTET_STRING },
	{ "UNICODE_STRING", ECSIM_DT_UNICODE_STRING },
	{ "PDO_MAPPING", ECSIM_DT_PDO_MAPPING },
	{ "IDENTITY", ECSIM_DT_IDENTITY },
};

static const struct {
	const char *name;
	uint16_t access;
} odj_access[] = {
	{ "ro", ECSIM_ACC_R_ALL },
	{ "const", ECSIM_ACC_R_ALL },
	{ "rw", ECSIM_ACC_R_ALL | ECSIM_ACC_W_ALL },
	{ "wo", ECSIM_ACC_W_ALL },
	{ "rw_preop", ECSIM_ACC_R_ALL | ECSIM_ACC_W_PREOP },
	{ "rw_preop_safeop", ECSIM_ACC_R_ALL | ECSIM_ACC_W_PREOP |
			     ECSIM_ACC_W_SAFEOP },
};

/* A number given as JSON integer or as a string ("0x1A00", "-5"). */
static int odj_uint(struct odj_ctx *x, const json_t *v, const char *what,
		     uint64_t max, uint64_t *out)
{
	if (json_is_integer(v)) {
		json_int_t i = json_integer_value(v);

		if (i < 0 || (uint64_t)i > max)
			return odj_fail(x, "%s %" JSON_INTEGER_FORMAT
					 " out of range", what, i);
		*out = i;
		return 0;
	}
	if (json_is_string(v)) {
		const char *s = json_string_value(v);
		char *end;

		errno = 0;
		*out = strtoull(s, &end, 0);
		if (!*s || *end || errno || *s == '-' || *out > max)
			return odj_fail(x, "%s \"%s\" is not a number in "
					 "range", what, s);
		return 0;
	}
	return odj_fail(x, "%s must be a number", what);
}

static int odj_type(struct odj_ctx *x, const json_t *v, uint16_t *type)
{
	const char *s = json_string_value(v);
	uint64_t n;
	size_t i;

	if (json_is_integer(v)) {
		if (odj_uint(x, v, "type", 0xffff, &n))
			return -EINVAL;
		*type = n;
		return 0;
	}
	if (!s)
		return odj_fail(x, "missing or bad \"type\"");
	for (i = 0; i < sizeof(odj_types) / sizeof(odj_types[0]); i++) {
		if (!strcasecmp(s, odj_types[i].name)) {
			*type = odj_types[i].type;
			return 0;
		}
	}
	if (!strncasecmp(s, "BIT", 3) && s[3] >= '1' && s[3] <= '8' &&
	    !s[4]) {
		*type = ECSIM_DT_BIT1 + s[3] - '1';
		return 0;
	}
	return odj_fail(x, "unknown type \"%s\"", s);
}

/* "access", "pdo" and "flags" of an entry description */
static int odj_entry_access(struct odj_ctx *x, const json_t *j,
			     uint16_t *access)
{
	const json_t *a = json_object_get(j, "access");
	const json_t *p = json_object_get(j, "pdo");
	const json_t *f = json_object_get(j, "flags");
	const json_t *it;
	size_t i;

	*access = ECSIM_ACC_R_ALL;
	if (json_is_integer(a)) {
		uint64_t n;

		if (odj_uint(x, a, "access", 0x3ff, &n))
			return -EINVAL;
		*access = n;
	} else if (a) {
		const char *s = json_string_value(a);

		for (i = 0; s && i < sizeof(odj_access) /
				     sizeof(odj_access[0]); i++)
			if (!strcmp(s, odj_access[i].name))
				break;
		if (!s || i == sizeof(odj_access) / sizeof(odj_access[0]))
			return odj_fail(x, "unknown access \"%s\" (ro, rw, "
					 "wo, rw_preop, rw_preop_safeop)",
					 s ? s : "?");
		*access = odj_access[i].access;
	}
	if (p) {
		const char *s = json_string_value(p);

		if (s && !strcmp(s, "rx"))
			*access |= ECSIM_ACC_RXPDO;
		else if (s && !strcmp(s, "tx"))
			*access |= ECSIM_ACC_TXPDO;
		else if (s && !strcmp(s, "rxtx"))
			*access |= ECSIM_ACC_RXPDO | ECSIM_ACC_TXPDO;
		else if (!s || strcmp(s, "none"))
			return odj_fail(x, "unknown pdo \"%s\" (rx, tx, rxtx, "
					 "none)", s ? s : "?");
	}
	if (f && !json_is_array(f))
		return odj_fail(x, "\"flags\" must be an array");
	json_array_foreach(f, i, it) {
		const char *s = json_string_value(it);

		if (s && !strcmp(s, "backup"))
			*access |= ECSIM_ACC_BACKUP;
		else if (s && !strcmp(s, "settings"))
			*access |= ECSIM_ACC_SETTINGS;
		else
			return odj_fail(x, "unknown flag \"%s\" (backup, "
					 "settings)", s ? s : "?");
	}
	return 0;
}

static int odj_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Octet string from [1, 2, 3] or "01 02 03" / "010203". */
static int odj_octets(struct odj_ctx *x, const json_t *v, uint8_t *buf,
		       size_t cap, size_t *len)
{
	const char *s = json_string_value(v);
	const json_t *it;
	size_t i;

	*len = 0;
	if (json_is_array(v)) {
		json_array_foreach(v, i, it) {
			uint64_t b;

			if (*len >= cap)
				return odj_fail(x, "octet string too long");
			if (odj_uint(x, it, "byte", 0xff, &b))
				return -EINVAL;
			buf[(*len)++] = b;
		}
		return 0;
	}
	if (!s)
		return odj_fail(x, "octet string must be an array of bytes "
				 "or a hex string");
	while (*s) {
		int hi, lo;

		if (*s == ' ' || *s == ':') {
			s++;
			continue;
		}
		hi = odj_hex_digit(s[0]);
		lo = hi < 0 ? -1 : odj_hex_digit(s[1]);
		if (lo < 0)
			return odj_fail(x, "bad hex string");
		if (*len >= cap)
			return odj_fail(x, "octet string too long");
		buf[(*len)++] = hi << 4 | lo;
		s += 2;
	}
	return 0;
}

/* A scalar value of @type into @buf (cap bytes, little-endian). */
static int odj_value(struct odj_ctx *x, const json_t *v, uint16_t type,
		      unsigned int bitlen, uint8_t *buf, size_t cap,
		      size_t *len, const char *what)
{
	enum od_num_kind k = od_num_kind(type);

	memset(buf, 0, cap);
	*len = cap;
	if (type == ECSIM_DT_VISIBLE_STRING) {
		const char *s = json_string_value(v);

		if (!s)
			return odj_fail(x, "%s must be a string", what);
		*len = strlen(s);
		if (*len > cap)
			return odj_fail(x, "%s longer than %zu bytes", what,
					 cap);
		memcpy(buf, s, *len);
		return 0;
	}
	if (od_is_string(type))
		return odj_octets(x, v, buf, cap, len);
	if (k == OD_NUM_FLOAT) {
		double d;

		if (!json_is_number(v))
			return odj_fail(x, "%s must be a number", what);
		d = json_number_value(v);
		if (cap == 4) {
			float f = d;
			uint32_t u;

			memcpy(&u, &f, sizeof(u));
			od_put_le(buf, 4, u);
		} else {
			uint64_t u;

			memcpy(&u, &d, sizeof(u));
			od_put_le(buf, 8, u);
		}
		return 0;
	}
	if (k == OD_NUM_SIGNED) {
		int64_t i, lo = bitlen >= 64 ? INT64_MIN :
				-(int64_t)(1ull << (bitlen - 1));
		int64_t hi = bitlen >= 64 ? INT64_MAX :
			     (int64_t)((1ull << (bitlen - 1)) - 1);

		if (json_is_integer(v)) {
			i = json_integer_value(v);
		} else if (json_is_string(v)) {
			const char *s = json_string_value(v);
			char *end;

			errno = 0;
			i = strtoll(s, &end, 0);
			if (!*s || *end || errno)
				return odj_fail(x, "%s \"%s\" is not a number",
						 what, s);
		} else {
			return odj_fail(x, "%s must be an integer", what);
		}
		if (i < lo || i > hi)
			return odj_fail(x, "%s %" PRId64 " out of range for "
					 "%u bits", what, i, bitlen);
		od_put_le(buf, cap, (uint64_t)i);
		return 0;
	}
	if (k == OD_NUM_UNSIGNED) {
		uint64_t u, max = bitlen >= 64 ? UINT64_MAX :
				  (1ull << bitlen) - 1;

		if (json_is_boolean(v))
			u = json_is_true(v);
		else if (odj_uint(x, v, what, max, &u))
			return -EINVAL;
		od_put_le(buf, cap, u);
		return 0;
	}
	return odj_fail(x, "type 0x%04x cannot hold a value", type);
}

/*
 * One entry: "type", "bitlen" / "length", "access", "pdo", "flags",
 * "value", "min", "max", "name".  @val overrides "value" (array element).
 */
static int odj_entry(struct odj_ctx *x, uint16_t index, uint8_t sub,
		      const json_t *j, const json_t *type_j, const json_t *val,
		      const char *name)
{
	struct ecsim_od_entry_def d = { .name = name };
	const json_t *bl = json_object_get(j, "bitlen");
	const json_t *ln = json_object_get(j, "length");
	const json_t *mi = json_object_get(j, "min");
	const json_t *ma = json_object_get(j, "max");
	uint8_t *v = NULL, mn[8], mx[8];
	size_t cap, vlen = 0, dummy;
	uint64_t n;
	int ret;

	if (odj_type(x, type_j, &d.datatype) ||
	    odj_entry_access(x, j, &d.access))
		return -EINVAL;
	d.bitlen = ecsim_od_type_bits(d.datatype);
	if (bl) {
		if (odj_uint(x, bl, "bitlen", 8 * ECSIM_OD_MAX_VALUE, &n))
			return -EINVAL;
		if (d.bitlen && n != d.bitlen)
			return odj_fail(x, "bitlen %" PRIu64 " does not fit "
					 "the type", n);
		d.bitlen = n;
	} else if (ln) {
		if (odj_uint(x, ln, "length", ECSIM_OD_MAX_VALUE, &n))
			return -EINVAL;
		d.bitlen = 8 * n;
	} else if (!d.bitlen && od_is_string(d.datatype)) {
		size_t l = 0;

		if (json_is_string(val) &&
		    d.datatype == ECSIM_DT_VISIBLE_STRING)
			l = strlen(json_string_value(val));
		else if (json_is_array(val))
			l = json_array_size(val);
		else if (json_is_string(val))
			l = strlen(json_string_value(val)) / 2;
		d.bitlen = 8 * (l ? l : 1);
	}
	if (!d.bitlen || (!ecsim_od_type_bits(d.datatype) &&
			  !od_is_string(d.datatype)))
		return odj_fail(x, "type 0x%04x needs a known size or "
				 "\"bitlen\"", d.datatype);
	cap = (d.bitlen + 7) / 8;
	v = calloc(1, cap);
	if (!v)
		return -ENOMEM;
	if (val && odj_value(x, val, d.datatype, d.bitlen, v, cap, &vlen,
			      "value")) {
		ret = -EINVAL;
		goto out_free;
	}
	d.value = val ? v : NULL;
	d.value_len = vlen;
	if ((mi || ma) && od_num_kind(d.datatype) == OD_NUM_NONE) {
		ret = odj_fail(x, "min/max need a numeric type");
		goto out_free;
	}
	if (mi && odj_value(x, mi, d.datatype, d.bitlen, mn, cap, &dummy,
			     "min")) {
		ret = -EINVAL;
		goto out_free;
	}
	if (ma && odj_value(x, ma, d.datatype, d.bitlen, mx, cap, &dummy,
			     "max")) {
		ret = -EINVAL;
		goto out_free;
	}
	d.min = mi ? mn : NULL;
	d.max = ma ? mx : NULL;
	ret = ecsim_od_add_entry(x->od, index, sub, &d);
	if (ret == -EINVAL)
		ret = odj_fail(x, "subindex %u: inconsistent entry", sub);
	else if (ret == -ENOENT)
		ret = odj_fail(x, "subindex %u above max_subindex", sub);
out_free:
	free(v);
	return ret;
}

/*
 * "sub0_access": make subindex 0 of an ARRAY/RECORD writable;
 * "sub0_value": its value when below the highest subindex (a mapping object
 * with room for more entries than it maps, as ESI files describe them).
 */
static int odj_sub0(struct odj_ctx *x, uint16_t index, const json_t *j)
{
	const json_t *a = json_object_get(j, "sub0_access");
	const json_t *v = json_object_get(j, "sub0_value");
	struct od_entry *e0 = &od_find(x->od, index)->e[0];
	json_t *tmp;
	uint16_t access;
	uint64_t n;
	int ret;

	if (v) {
		if (odj_uint(x, v, "sub0_value", od_find(x->od, index)->n_sub -
			     1, &n))
			return -EINVAL;
		e0->val[0] = e0->def[0] = (uint8_t)n;
	}
	if (!a)
		return 0;
	tmp = json_pack("{sO}", "access", (json_t *)a);
	if (!tmp)
		return -ENOMEM;
	ret = odj_entry_access(x, tmp, &access);
	json_decref(tmp);
	if (!ret)
		e0->access = access &
						     (ECSIM_ACC_R_ALL |
						      ECSIM_ACC_W_ALL);
	return ret;
}

static int odj_record(struct odj_ctx *x, uint16_t index, const json_t *j)
{
	const json_t *entries = json_object_get(j, "entries");
	const json_t *it;
	size_t i;

	if (!json_is_array(entries))
		return odj_fail(x, "a RECORD needs an \"entries\" array");
	json_array_foreach(entries, i, it) {
		const json_t *name = json_object_get(it, "name");
		uint64_t sub;
		int ret;

		if (!json_is_object(it))
			return odj_fail(x, "entries[%zu] must be an object",
					 i);
		if (odj_uint(x, json_object_get(it, "subindex"),
			      "subindex", 255, &sub))
			return -EINVAL;
		if (!sub)
			return odj_fail(x, "entries[%zu]: subindex 0 is "
					 "implicit (use sub0_access)", i);
		if (od_entry(od_find(x->od, index), sub))
			return odj_fail(x, "subindex %u defined twice",
					 (unsigned int)sub);
		ret = odj_entry(x, index, sub, it,
				 json_object_get(it, "type"),
				 json_object_get(it, "value"),
				 json_string_value(name));
		if (ret)
			return ret;
	}
	return 0;
}

/* Elements 1..@maxsub exist; subindex 0 starts at @count. */
static int odj_array_obj(struct odj_ctx *x, uint16_t index,
			 const json_t *j, unsigned int count,
			 unsigned int maxsub)
{
	const json_t *val = json_object_get(j, "value");
	const json_t *names = json_object_get(j, "names");
	struct od_entry *e0;
	unsigned int k;

	if (json_is_array(val) && json_array_size(val) != count)
		return odj_fail(x, "\"value\" has %zu elements, count is %u",
				 json_array_size(val), count);
	for (k = 1; k <= maxsub; k++) {
		const json_t *v = json_is_array(val) ?
				  json_array_get(val, k - 1) : val;
		const char *name = json_string_value(json_array_get(names,
								    k - 1));
		char def[24];
		int ret;

		if (!name) {
			snprintf(def, sizeof(def), "SubIndex %03u", k);
			name = def;
		}
		ret = odj_entry(x, index, k, j, json_object_get(j, "type"),
				 v, name);
		if (ret)
			return ret;
	}
	e0 = &od_find(x->od, index)->e[0];
	e0->val[0] = e0->def[0] = count;
	return 0;
}

static int odj_object_1(struct odj_ctx *x, size_t n, const json_t *j)
{
	const json_t *code_j = json_object_get(j, "object");
	const json_t *entries = json_object_get(j, "entries");
	const char *name = json_string_value(json_object_get(j, "name"));
	const char *code_s = json_string_value(code_j);
	uint8_t code = entries ? ECSIM_OD_OBJ_RECORD : ECSIM_OD_OBJ_VAR;
	uint16_t dtype = 0;
	uint64_t index, count = 0, maxsub = 0;
	struct od_object *old;
	int ret;

	snprintf(x->where, sizeof(x->where), "objects[%zu]", n);
	if (!json_is_object(j))
		return odj_fail(x, "must be a JSON object");
	if (!json_object_get(j, "index"))
		return odj_fail(x, "missing \"index\"");
	if (odj_uint(x, json_object_get(j, "index"), "index", 0xffff,
		      &index))
		return -EINVAL;
	snprintf(x->where, sizeof(x->where), "object 0x%04x",
		 (unsigned int)index);
	if (code_j) {
		if (code_s && !strcasecmp(code_s, "VAR"))
			code = ECSIM_OD_OBJ_VAR;
		else if (code_s && !strcasecmp(code_s, "ARRAY"))
			code = ECSIM_OD_OBJ_ARRAY;
		else if (code_s && !strcasecmp(code_s, "RECORD"))
			code = ECSIM_OD_OBJ_RECORD;
		else
			return odj_fail(x, "unknown object \"%s\" (VAR, "
					 "ARRAY, RECORD)",
					 code_s ? code_s : "?");
	}
	old = od_find(x->od, index);
	if (old && !old->autogen) {
		odj_fail(x, "defined twice");
		return -EEXIST;
	}
	if (old)
		od_remove(x->od, index);

	if (code == ECSIM_OD_OBJ_VAR) {
		if (odj_type(x, json_object_get(j, "type"), &dtype))
			return -EINVAL;
		ret = ecsim_od_add_object(x->od, index, code, dtype, name, 0);
		if (ret)
			return ret;
		ret = odj_entry(x, index, 0, j, json_object_get(j, "type"),
				json_object_get(j, "value"), name);
		if (ret)
			od_remove(x->od, index);
		return ret;
	}
	if (code == ECSIM_OD_OBJ_ARRAY) {
		const json_t *val = json_object_get(j, "value");

		if (odj_type(x, json_object_get(j, "type"), &dtype))
			return -EINVAL;
		if (json_object_get(j, "count")) {
			if (odj_uint(x, json_object_get(j, "count"), "count",
				      254, &count))
				return -EINVAL;
		} else if (json_is_array(val)) {
			count = json_array_size(val);
		} else {
			return odj_fail(x, "an ARRAY needs \"count\"");
		}
		if (count > 254)
			return odj_fail(x, "more than 254 elements");
	} else {
		const json_t *it;
		size_t i;

		if (json_object_get(j, "type") &&
		    odj_type(x, json_object_get(j, "type"), &dtype))
			return -EINVAL;

		json_array_foreach(entries, i, it) {
			uint64_t s;

			if (!odj_uint(x, json_object_get(it, "subindex"),
				       "subindex", 255, &s) && s > count)
				count = s;
		}
	}
	maxsub = count;
	if (json_object_get(j, "max_subindex") &&
	    odj_uint(x, json_object_get(j, "max_subindex"), "max_subindex",
		      254, &maxsub))
		return -EINVAL;
	if (maxsub < count)
		return odj_fail(x, "max_subindex %u below the entries (%u)",
				 (unsigned int)maxsub, (unsigned int)count);
	ret = ecsim_od_add_object(x->od, index, code, dtype, name, maxsub);
	if (ret)
		return ret;
	ret = code == ECSIM_OD_OBJ_ARRAY ?
	      odj_array_obj(x, index, j, count, maxsub) :
	      odj_record(x, index, j);
	if (!ret)
		ret = odj_sub0(x, index, j);
	if (ret)
		od_remove(x->od, index);
	return ret;
}

int ecsim_od_load_json(struct ecsim_od *od, const json_t *objects,
		       char *err, size_t errlen)
{
	struct odj_ctx x = { .od = od, .err = err, .errlen = errlen };
	const json_t *it;
	size_t i;
	int ret;

	if (err && errlen)
		err[0] = 0;
	strcpy(x.where, "objects");
	if (!json_is_array(objects))
		return odj_fail(&x, "must be a JSON array");
	json_array_foreach(objects, i, it) {
		ret = odj_object_1(&x, i, it);
		if (ret == -ENOMEM)
			odj_fail(&x, "out of memory");
		if (ret)
			return ret;
	}
	return 0;
}
