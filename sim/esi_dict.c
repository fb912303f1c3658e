// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ESI import, the object dictionary: <Profile><Dictionary> (ETG.2000
 * DictionaryType: <DataTypes> and <Objects>) into the "objects" array of
 * the object dictionary's JSON format (sim/od.h, sim/README-coe.md).
 *
 * An object whose type is a basic type is a VAR.  A type with <SubItem>s is
 * an ARRAY when, besides subindex 0, its one subitem is of an array type
 * (<ArrayInfo>, <BaseType>), else a RECORD whose subitems carry <SubIdx>.
 * Defaults, minimum and maximum come from the object's <Info> (<SubItem>s
 * matched by name, in order); access rights from <Flags> (<Access> with
 * Read/WriteRestrictions, <PdoMapping>, <Backup>, <Setting>).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "esi.h"
#include "od.h"

#define ESI_OD_IDENTITY		0x1018
#define ESI_OD_DEVICE_TYPE	0x1000

enum esi_kind { ESI_UNSIGNED, ESI_SIGNED, ESI_REAL, ESI_VSTRING,
		ESI_OSTRING };

struct esi_type {
	const char *esi;	/* ESI name */
	const char *json;	/* od.h JSON name */
	enum esi_kind kind;
	unsigned int bits;	/* 0: from BitSize */
};

static const struct esi_type esi_types[] = {
	{ "BOOL", "BOOL", ESI_UNSIGNED, 1 },
	{ "BIT1", "BIT1", ESI_UNSIGNED, 1 },
	{ "BIT2", "BIT2", ESI_UNSIGNED, 2 },
	{ "BIT3", "BIT3", ESI_UNSIGNED, 3 },
	{ "BIT4", "BIT4", ESI_UNSIGNED, 4 },
	{ "BIT5", "BIT5", ESI_UNSIGNED, 5 },
	{ "BIT6", "BIT6", ESI_UNSIGNED, 6 },
	{ "BIT7", "BIT7", ESI_UNSIGNED, 7 },
	{ "BIT8", "BIT8", ESI_UNSIGNED, 8 },
	{ "SINT", "INT8", ESI_SIGNED, 8 },
	{ "INT", "INT16", ESI_SIGNED, 16 },
	{ "INT24", "INT24", ESI_SIGNED, 24 },
	{ "DINT", "INT32", ESI_SIGNED, 32 },
	{ "LINT", "INT64", ESI_SIGNED, 64 },
	{ "USINT", "UINT8", ESI_UNSIGNED, 8 },
	{ "BYTE", "UINT8", ESI_UNSIGNED, 8 },
	{ "UINT", "UINT16", ESI_UNSIGNED, 16 },
	{ "WORD", "UINT16", ESI_UNSIGNED, 16 },
	{ "UINT24", "UINT24", ESI_UNSIGNED, 24 },
	{ "UDINT", "UINT32", ESI_UNSIGNED, 32 },
	{ "DWORD", "UINT32", ESI_UNSIGNED, 32 },
	{ "ULINT", "UINT64", ESI_UNSIGNED, 64 },
	{ "LWORD", "UINT64", ESI_UNSIGNED, 64 },
	{ "REAL", "REAL32", ESI_REAL, 32 },
	{ "LREAL", "REAL64", ESI_REAL, 64 },
	{ "STRING", "VISIBLE_STRING", ESI_VSTRING, 0 },
	{ "OCTET_STRING", "OCTET_STRING", ESI_OSTRING, 0 },
};

struct esi_dict {
	struct esi_ctx *x;
	const xmlNode *types;	/* <DataTypes> */
};

/* A basic type: "UDINT", "STRING(8)", "ARRAY [0..3] OF BYTE". */
static const struct esi_type *esi_basic(const char *name)
{
	size_t i;

	if (!strncmp(name, "STRING(", 7))
		return &esi_types[sizeof(esi_types) / sizeof(esi_types[0]) - 2];
	if (!strncmp(name, "ARRAY [", 7) && strstr(name, "] OF BYTE"))
		return &esi_types[sizeof(esi_types) / sizeof(esi_types[0]) - 1];
	for (i = 0; i < sizeof(esi_types) / sizeof(esi_types[0]); i++)
		if (!strcmp(name, esi_types[i].esi))
			return &esi_types[i];
	return NULL;
}

static const xmlNode *esi_datatype(const struct esi_dict *d, const char *name)
{
	return esi_named(d->types, "DataType", name);
}

static const char *esi_restrict(const char *s, unsigned int *states)
{
	static const struct {
		const char *name;
		unsigned int states;	/* 1 PREOP, 2 SAFEOP, 4 OP */
	} r[] = {
		{ "PreOP", 1 }, { "SafeOP", 2 }, { "OP", 4 },
		{ "PreOP_SafeOP", 3 }, { "PreOP_OP", 5 }, { "SafeOP_OP", 6 },
		{ "PreOP_SafeOP_OP", 7 },
	};
	size_t i;

	for (i = 0; i < sizeof(r) / sizeof(r[0]); i++)
		if (!strcmp(s, r[i].name)) {
			*states = r[i].states;
			return NULL;
		}
	return s;
}

/* <Flags> into ETG.1000.6 ObjectAccess bits (od.h ECSIM_ACC_*). */
static int esi_flags(struct esi_dict *d, const xmlNode *f, uint16_t *acc)
{
	const xmlNode *a = esi_child(f, "Access");
	char *t = esi_text(a), *pm = esi_text(esi_child(f, "PdoMapping"));
	xmlChar *rr = a ? xmlGetProp(a, (const xmlChar *)"ReadRestrictions") :
		      NULL;
	xmlChar *wr = a ? xmlGetProp(a, (const xmlChar *)"WriteRestrictions") :
		      NULL;
	unsigned int rd = 7, wrs = 7;
	int ret = 0;

	if (!t || !pm) {
		ret = -ENOMEM;
		goto out;
	}
	if ((rr && esi_restrict((const char *)rr, &rd)) ||
	    (wr && esi_restrict((const char *)wr, &wrs))) {
		ret = esi_fail(d->x, "unknown access restriction \"%s\"",
			       rr && esi_restrict((const char *)rr, &rd) ?
			       (const char *)rr : (const char *)wr);
		goto out;
	}
	if (!*t || !strcmp(t, "ro") || !strcmp(t, "const"))
		*acc = rd;
	else if (!strcmp(t, "rw"))
		*acc = rd | wrs << 3;
	else if (!strcmp(t, "wo"))
		*acc = wrs << 3;
	else
		ret = esi_fail(d->x, "<Access> \"%s\" (ro, rw, wo)", t);
	if (strchr(pm, 'R') || strchr(pm, 'r'))
		*acc |= ECSIM_ACC_RXPDO;
	if (strchr(pm, 'T') || strchr(pm, 't'))
		*acc |= ECSIM_ACC_TXPDO;
	if (esi_child(f, "Backup"))
		*acc |= ECSIM_ACC_BACKUP;
	if (esi_child(f, "Setting"))
		*acc |= ECSIM_ACC_SETTINGS;
out:
	free(t);
	free(pm);
	xmlFree(rr);
	xmlFree(wr);
	return ret;
}

static uint64_t esi_le(const uint8_t *b, size_t n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | b[n];
	return v;
}

/* A value of type @t with @bits from hexBinary data (little-endian). */
static json_t *esi_data_value(const struct esi_type *t, unsigned int bits,
			      const uint8_t *b, size_t n)
{
	char s[32];
	uint64_t v;
	size_t i;

	switch (t->kind) {
	case ESI_VSTRING:
		for (i = 0; i < n && b[i]; i++)
			;
		return json_stringn((const char *)b, i);
	case ESI_OSTRING: {
		char *h = malloc(3 * n + 1);
		json_t *j;

		if (!h)
			return NULL;
		h[0] = 0;
		for (i = 0; i < n; i++)
			sprintf(h + 3 * i, i ? " %02x" : "%02x", b[i]);
		if (n)
			h[3 * n - 1] = 0;
		j = json_string(n ? h : "");
		free(h);
		return j;
	}
	case ESI_REAL:
		if (bits == 32 && n >= 4) {
			uint32_t u = (uint32_t)esi_le(b, 4);
			float f;

			memcpy(&f, &u, 4);
			return json_real(f);
		}
		if (n >= 8) {
			uint64_t u = esi_le(b, 8);
			double f;

			memcpy(&f, &u, 8);
			return json_real(f);
		}
		return NULL;
	default:
		v = esi_le(b, n > 8 ? 8 : n);
		if (bits < 64)
			v &= (1ull << bits) - 1;
		if (t->kind == ESI_SIGNED && bits < 64 &&
		    v & (1ull << (bits - 1)))
			snprintf(s, sizeof(s), "%" PRId64,
				 (int64_t)(v | ~((1ull << bits) - 1)));
		else if (t->kind == ESI_SIGNED)
			snprintf(s, sizeof(s), "%" PRId64, (int64_t)v);
		else
			snprintf(s, sizeof(s), "%" PRIu64, v);
		return json_string(s);
	}
}

/* <Info>: DefaultData/DefaultString/DefaultValue, Min.., Max.. into @o. */
static int esi_info_values(struct esi_dict *d, const xmlNode *info,
			   const struct esi_type *t, unsigned int bits,
			   json_t *o)
{
	static const char *const keys[3][3] = {
		{ "value", "DefaultData", "DefaultValue" },
		{ "min", "MinData", "MinValue" },
		{ "max", "MaxData", "MaxValue" },
	};
	unsigned int k;

	if (!info)
		return 0;
	if (esi_child(info, "DefaultString")) {
		char *s = esi_text(esi_child(info, "DefaultString"));

		if (!s)
			return -ENOMEM;
		json_object_set_new(o, "value", json_string(s));
		free(s);
	}
	for (k = 0; k < 3; k++) {
		const xmlNode *c = esi_child(info, keys[k][1]);
		char *s;
		int ret;

		if (k && (t->kind == ESI_VSTRING || t->kind == ESI_OSTRING))
			break;
		if (c) {
			uint8_t *b;
			size_t n;

			ret = esi_hex_element(d->x, c, &b, &n);
			if (ret)
				return ret;
			json_object_set_new(o, keys[k][0],
					    esi_data_value(t, bits, b, n));
			free(b);
		} else if ((c = esi_child(info, keys[k][2]))) {
			int64_t v;
			char num[24];

			s = esi_text(c);
			if (!s)
				return -ENOMEM;
			ret = esi_parse_num(s, &v);
			free(s);
			if (ret)
				return esi_fail(d->x, "<%s> is not a number",
						keys[k][2]);
			snprintf(num, sizeof(num), "%" PRId64, v);
			json_object_set_new(o, keys[k][0], json_string(num));
		}
	}
	return 0;
}

/* The <Info><SubItem> named @name (the @nth of that name), or NULL. */
static const xmlNode *esi_info_sub(const xmlNode *info, const char *name,
				   unsigned int nth)
{
	const xmlNode *s;

	for (s = esi_child(info, "SubItem"); s; s = esi_next(s, "SubItem")) {
		char *n = esi_text(esi_child(s, "Name"));
		bool eq = n && !strcmp(n, name);

		free(n);
		if (eq && !nth--)
			return esi_child(s, "Info");
	}
	return NULL;
}

/* Type name of @n's <Type> child, resolved to a basic type. */
static int esi_entry_type(struct esi_dict *d, const xmlNode *n,
			  const struct esi_type **t, char **name)
{
	*name = esi_text(esi_child(n, "Type"));
	if (!*name)
		return -ENOMEM;
	if (!**name)
		return esi_fail(d->x, "<Type> missing");
	*t = esi_basic(*name);
	if (!*t) {
		const xmlNode *dt = esi_datatype(d, *name);
		char *base = dt ? esi_text(esi_child(dt, "BaseType")) : NULL;

		if (base && !esi_child(dt, "ArrayInfo"))
			*t = esi_basic(base);
		free(base);
	}
	return 0;
}

/* One VAR-like entry into @o: type, bitlen, access, value, min, max. */
static int esi_entry(struct esi_dict *d, const xmlNode *n,
		     const xmlNode *flags, const xmlNode *info, json_t *o,
		     bool *skip)
{
	const struct esi_type *t = NULL;
	int64_t bits;
	uint16_t acc = ECSIM_ACC_R_ALL;
	char *tn;
	int ret = esi_entry_type(d, n, &t, &tn);

	if (ret)
		goto out;
	if (!t) {
		esi_unmodelled(d->x, "objects of data type %s (left out)", tn);
		*skip = true;
		goto out;
	}
	ret = esi_num(d->x, n, "BitSize", 1, 65535 * 8, t->bits != 0,
		      t->bits, &bits);
	if (ret)
		goto out;
	json_object_set_new(o, "type", json_string(t->json));
	if (!t->bits)
		json_object_set_new(o, "bitlen", json_integer(bits));
	if (flags) {
		ret = esi_flags(d, flags, &acc);
		if (ret)
			goto out;
	}
	json_object_set_new(o, "access", json_integer(acc));
	ret = esi_info_values(d, info, t, (unsigned int)bits, o);
out:
	free(tn);
	return ret;
}

static int esi_sub_name(const xmlNode *si, json_t *o)
{
	char *n = esi_text(esi_child(si, "Name"));

	if (!n)
		return -ENOMEM;
	json_object_set_new(o, "name", json_string(n));
	free(n);
	return 0;
}

/* Count of subitems named like @si before it (for esi_info_sub()). */
static unsigned int esi_same_name_before(const xmlNode *first,
					 const xmlNode *si)
{
	char *name = esi_text(esi_child(si, "Name"));
	unsigned int k = 0;

	for (; first && first != si; first = esi_next(first, "SubItem")) {
		char *n = esi_text(esi_child(first, "Name"));

		k += n && name && !strcmp(n, name);
		free(n);
	}
	free(name);
	return k;
}

/* Subindex 0 of an ARRAY/RECORD: its access and, when set, its value. */
static int esi_sub0(struct esi_dict *d, const xmlNode *si0,
		    const xmlNode *info, json_t *o, int64_t *count)
{
	const xmlNode *in = esi_info_sub(info, "SubIndex 000", 0);
	uint16_t acc = ECSIM_ACC_R_ALL;
	json_t *tmp = json_object();
	int ret;

	if (!tmp)
		return -ENOMEM;
	if (si0 && !in) {
		char *n = esi_text(esi_child(si0, "Name"));

		in = n ? esi_info_sub(info, n, 0) : NULL;
		free(n);
	}
	ret = si0 && esi_child(si0, "Flags") ?
	      esi_flags(d, esi_child(si0, "Flags"), &acc) : 0;
	if (!ret && acc != ECSIM_ACC_R_ALL)
		json_object_set_new(o, "sub0_access", json_integer(acc));
	if (!ret)
		ret = esi_info_values(d, in, esi_basic("USINT"), 8, tmp);
	if (!ret && json_object_get(tmp, "value"))
		*count = strtoll(json_string_value(json_object_get(tmp,
								   "value")),
				 NULL, 10);
	json_decref(tmp);
	return ret;
}

static int esi_array(struct esi_dict *d, const xmlNode *si0,
		     const xmlNode *el, const xmlNode *arr,
		     const xmlNode *info, json_t *o, bool *skip)
{
	const xmlNode *ai = esi_child(arr, "ArrayInfo"), *s;
	json_t *vals = json_array(), *names = json_array(), *e;
	int64_t lb, n, count, k;
	char *base = esi_text(esi_child(arr, "BaseType"));
	xmlNode fake = { 0 };
	int ret;

	if (!vals || !names || !base) {
		ret = -ENOMEM;
		goto out;
	}
	ret = esi_num(d->x, ai, "LBound", 0, 255, true, 1, &lb);
	if (!ret)
		ret = esi_num(d->x, ai, "Elements", 0, 254, false, 0, &n);
	if (ret)
		goto out;
	count = n;
	ret = esi_sub0(d, si0, info, o, &count);
	if (ret)
		goto out;
	if (count > n) {
		ret = esi_fail(d->x, "subindex 0 is %" PRId64 ", the array "
			       "has %" PRId64 " elements", count, n);
		goto out;
	}
	json_object_set_new(o, "object", json_string("ARRAY"));
	json_object_set_new(o, "count", json_integer(count));
	json_object_set_new(o, "max_subindex", json_integer(n));
	/* the element's type is the array's base type */
	fake.type = XML_ELEMENT_NODE;
	fake.name = (const xmlChar *)"Fake";
	fake.children = xmlNewNode(NULL, (const xmlChar *)"Type");
	if (!fake.children) {
		ret = -ENOMEM;
		goto out;
	}
	xmlNodeSetContent(fake.children, (const xmlChar *)base);
	/* element values from the <Info> subitems after subindex 0 */
	s = esi_child(info, "SubItem");
	if (s && esi_info_sub(info, "SubIndex 000", 0))
		s = esi_next(s, "SubItem");
	for (k = 0; !ret && k < n; k++) {
		e = json_object();
		if (!e) {
			ret = -ENOMEM;
			break;
		}
		ret = esi_entry(d, &fake, esi_child(el, "Flags"),
				s ? esi_child(s, "Info") : NULL, e, skip);
		if (!ret && !*skip && !json_object_get(o, "type")) {
			json_object_set(o, "type", json_object_get(e, "type"));
			json_object_set(o, "access",
					json_object_get(e, "access"));
			if (json_object_get(e, "bitlen"))
				json_object_set(o, "bitlen",
						json_object_get(e, "bitlen"));
		}
		if (json_object_get(e, "value"))
			json_array_append(vals, json_object_get(e, "value"));
		else
			json_array_append_new(vals, json_integer(0));
		if (s)
			esi_sub_name(s, e);
		json_array_append(names, json_object_get(e, "name") ?
				  json_object_get(e, "name") :
				  json_null());
		json_decref(e);
		s = s ? esi_next(s, "SubItem") : NULL;
	}
	xmlFreeNode(fake.children);
	/* "value" holds the first count elements, the others are zero */
	while (!ret && json_array_size(vals) > (size_t)count)
		json_array_remove(vals, json_array_size(vals) - 1);
	if (!ret) {
		json_object_set(o, "value", vals);
		json_object_set(o, "names", names);
	}
out:
	json_decref(vals);
	json_decref(names);
	free(base);
	return ret;
}

static int esi_record(struct esi_dict *d, const xmlNode *dt,
		      const xmlNode *info, json_t *o, bool *skip)
{
	const xmlNode *si, *first = esi_child(dt, "SubItem"), *si0 = NULL;
	json_t *ents = json_array();
	int64_t count = -1, max = 0;
	int ret = 0;

	if (!ents || json_object_set_new(o, "entries", ents))
		return -ENOMEM;
	json_object_set_new(o, "object", json_string("RECORD"));
	for (si = first; si && !ret; si = esi_next(si, "SubItem")) {
		json_t *e;
		int64_t sub;

		ret = esi_num(d->x, si, "SubIdx", 0, 255, false, 0, &sub);
		if (ret)
			break;
		if (!sub) {
			si0 = si;
			continue;
		}
		e = json_object();
		if (!e || json_array_append_new(ents, e) ||
		    esi_sub_name(si, e))
			return -ENOMEM;
		json_object_set_new(e, "subindex", json_integer(sub));
		if (sub > max)
			max = sub;
		ret = esi_entry(d, si, esi_child(si, "Flags"),
				esi_info_sub(info, json_string_value(
						json_object_get(e, "name")),
					     esi_same_name_before(first, si)),
				e, skip);
		if (*skip)
			return 0;
	}
	if (!ret)
		ret = esi_sub0(d, si0, info, o, &count);
	if (!ret && count >= 0 && count != max)
		json_object_set_new(o, "sub0_value", json_integer(count));
	return ret;
}

static int esi_object(struct esi_dict *d, const xmlNode *ob, json_t *objs,
		      uint32_t *device_type, bool *have_dt)
{
	const xmlNode *dt, *si, *arr = NULL, *el = NULL, *si0 = NULL;
	json_t *o;
	int64_t index;
	char *tn, *name;
	bool skip = false;
	int ret;

	snprintf(d->x->where, sizeof(d->x->where), "<Object>");
	ret = esi_num(d->x, ob, "Index", 0, 0xffff, false, 0, &index);
	if (ret)
		return ret;
	snprintf(d->x->where, sizeof(d->x->where), "<Object> 0x%04" PRIx64,
		 index);
	tn = esi_text(esi_child(ob, "Type"));
	name = esi_text(esi_child(ob, "Name"));
	o = json_pack("{sIss}", "index", (json_int_t)index, "name",
		      name ? name : "");
	if (!tn || !name || !o) {
		ret = -ENOMEM;
		goto out;
	}
	if (!*tn) {
		ret = esi_fail(d->x, "<Type> missing");
		goto out;
	}
	dt = esi_basic(tn) ? NULL : esi_datatype(d, tn);
	if (!esi_basic(tn) && !dt) {
		ret = esi_fail(d->x, "<Type> %s is neither a basic type nor "
			       "a <DataType>", tn);
		goto out;
	}
	if (!dt || !esi_child(dt, "SubItem")) {
		ret = esi_entry(d, ob, esi_child(ob, "Flags"),
				esi_child(ob, "Info"), o, &skip);
		if (!ret && index == ESI_OD_DEVICE_TYPE &&
		    json_is_string(json_object_get(o, "value"))) {
			*device_type = (uint32_t)strtoull(json_string_value(
				json_object_get(o, "value")), NULL, 10);
			*have_dt = true;
		}
		goto add;
	}
	for (si = esi_child(dt, "SubItem"); si; si = esi_next(si, "SubItem")) {
		char *st = esi_text(esi_child(si, "Type"));
		const xmlNode *sdt = st ? esi_datatype(d, st) : NULL;

		if (!esi_child(si, "SubIdx") && sdt &&
		    esi_child(sdt, "ArrayInfo")) {
			arr = sdt;
			el = si;
		} else if (esi_child(si, "SubIdx")) {
			char *sx = esi_text(esi_child(si, "SubIdx"));

			if (sx && !strcmp(sx, "0"))
				si0 = si;
			free(sx);
		}
		free(st);
	}
	if (arr)
		ret = esi_array(d, si0, el, arr, esi_child(ob, "Info"), o,
				&skip);
	else
		ret = esi_record(d, dt, esi_child(ob, "Info"), o, &skip);
	/* mapping objects are of type PDO_MAPPING (ETG.1000.6) */
	if (!ret && !arr && ((index >= 0x1600 && index <= 0x17ff) ||
			     (index >= 0x1a00 && index <= 0x1bff)))
		json_object_set_new(o, "type", json_string("PDO_MAPPING"));
add:
	if (!ret && !skip)
		ret = json_array_append(objs, o) ? -ENOMEM : 0;
out:
	json_decref(o);
	free(tn);
	free(name);
	return ret;
}

int esi_dictionary(struct esi_ctx *x, const xmlNode *dict, json_t *objects,
		   uint32_t *device_type, bool *have_device_type)
{
	struct esi_dict d = { .x = x, .types = esi_child(dict, "DataTypes") };
	const xmlNode *ob;
	int ret = 0;

	for (ob = esi_child(esi_child(dict, "Objects"), "Object");
	     ob && !ret; ob = esi_next(ob, "Object")) {
		int64_t index;

		/* identity: from <Type> and the slave's serial number */
		if (!esi_num(x, ob, "Index", 0, 0xffff, true, -1, &index) &&
		    index == ESI_OD_IDENTITY)
			continue;
		ret = esi_object(&d, ob, objects, device_type,
				 have_device_type);
	}
	return ret;
}
