// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Validation of a segment file before anything is built from it: every key
 * the file gives is checked for its type and range, slaves name models
 * that exist, models are consistent with their ESC (sync managers inside
 * the process RAM, PDOs on sync managers that exist, known data types and
 * mailbox protocols), and "inputs" and "wires" name PDO entries that
 * exist.  The first problem is reported with the slave (or model) and the
 * key; ecsim_segment_new_file() puts the file name in front.
 *
 * The parsers (model.c, segment.c, pdata.c) stay as they were: this is a
 * second, strict reading of the same keys, so a bad file is refused with a
 * message instead of being half taken.
 *
 * Bounds are those of EtherCAT: every string at most 255 bytes (one SII
 * string, ETG.1000.6 table 20: a length byte), at most 255 strings per
 * model (a string index is a byte), at most 255 entries per PDO (the SII
 * PDO category counts them in a byte), PDO indices in 0x1600-0x17FF
 * (RxPDO) or 0x1A00-0x1BFF (TxPDO) (ETG.1000.6 table 67), sync managers
 * that do not overlap, an FMMU for each direction that carries process
 * data.  Duplicate station aliases are legal on a wire (they happen by
 * mistake): they give a warning, not an error.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"

#define ECSIM_MAX_SLAVES	65535	/* 16-bit ring positions */
#define ECSIM_MAX_DELAY_US	10000000
#define ECSIM_MAX_HOP_NS	1000000
#define ECSIM_MAX_RAM_KB	60
#define ECSIM_MAX_EEPROM_KBIT	512
#define ECSIM_MAX_STRING	255	/* SII strings: a length byte */
#define ECSIM_MAX_COMMENT	65535	/* "comment": for people, never in the SII */
#define ECSIM_MAX_SII_STRINGS	255	/* SII string index: a byte */
#define ECSIM_MAX_PDO_ENTRIES	255	/* SII PDO category: a byte */
#define ECSIM_MAX_PATH		4095	/* "esi": a file name */
#define ECSIM_MAX_WARN_ALIASES	16	/* alias warning lines */
#define ECSIM_MAX_DEPTH		32	/* nested objects */

struct vctx {
	char *err;
	size_t errlen;
	char where[128];	/* "slave 3 (model \"EL1008\"): " */
	/* models already found good, checked once however many slaves
	 * use them */
	const json_t *done[64];
	size_t n_done;
};

static int verr(struct vctx *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int verr(struct vctx *v, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(v->err, v->errlen, "%s%s", v->where, msg);
	return -EINVAL;
}

/* A JSON value as text, for messages (shortened). */
static const char *vtext(const json_t *j, char *buf, size_t size)
{
	char *s = json_dumps(j, JSON_ENCODE_ANY | JSON_COMPACT);

	snprintf(buf, size, "%s", s ? s : "?");
	if (s && strlen(s) >= size && size > 4)
		strcpy(buf + size - 4, "...");
	free(s);
	return buf;
}

static int vkeys(struct vctx *v, const json_t *o, const char *what,
		 const char *const *known)
{
	const char *key;
	json_t *val;
	size_t i;

	json_object_foreach((json_t *)o, key, val) {
		for (i = 0; known[i]; i++)
			if (!strcmp(key, known[i]))
				break;
		if (!known[i])
			return verr(v, "%s: unknown key \"%s\"", what, key);
	}
	return 0;
}

static int vobject(struct vctx *v, const json_t *j, const char *what)
{
	char t[64];

	if (!json_is_object(j))
		return verr(v, "%s must be an object, not %s", what,
			    vtext(j, t, sizeof(t)));
	return 0;
}

static int varray(struct vctx *v, const json_t *j, const char *what)
{
	char t[64];

	if (!json_is_array(j))
		return verr(v, "%s must be an array, not %s", what,
			    vtext(j, t, sizeof(t)));
	return 0;
}

/* An optional number (integer, "0x.." string or boolean) in range. */
static int vnum(struct vctx *v, const json_t *o, const char *what,
		const char *key, uint64_t min, uint64_t max, uint64_t def,
		uint64_t *out)
{
	const json_t *j = json_object_get(o, key);
	uint64_t x = def;
	char t[64];

	if (j && (ecsim_json_uint(j, max, &x) || x < min))
		return verr(v, "%s\"%s\": %s is not a number from %llu to %llu",
			    what, key, vtext(j, t, sizeof(t)),
			    (unsigned long long)min, (unsigned long long)max);
	if (out)
		*out = x;
	return 0;
}

static int vbool(struct vctx *v, const json_t *o, const char *what,
		 const char *key)
{
	const json_t *j = json_object_get(o, key);
	char t[64];

	if (j && !json_is_boolean(j))
		return verr(v, "%s\"%s\": %s is not true or false", what, key,
			    vtext(j, t, sizeof(t)));
	return 0;
}

static int vstring(struct vctx *v, const json_t *o, const char *what,
		   const char *key)
{
	const json_t *j = json_object_get(o, key);
	char t[64];

	if (j && !json_is_string(j))
		return verr(v, "%s\"%s\": %s is not a string", what, key,
			    vtext(j, t, sizeof(t)));
	return 0;
}

/*
 * Every string under @j at most 255 bytes (what one SII string holds),
 * file names ("esi") 4095, comments ("comment", never in the SII) 65535; "data" (an FoE file's bytes), "value" (an
 * object's value) and "sii_image" (a whole EEPROM) are bounded by their
 * loaders (foe.c, od_json.c, model.c).
 * @path names @j for the message ("\"pdos\"[2]: ").
 */
static int vstrings(struct vctx *v, const json_t *j, const char *path,
		    const char *key, unsigned int depth)
{
	size_t max = ECSIM_MAX_STRING, i, n;
	char sub[512];
	const char *k;
	json_t *x;
	int ret;

	if (depth > ECSIM_MAX_DEPTH)
		return verr(v, "%sobjects nested deeper than %d", path,
			    ECSIM_MAX_DEPTH);
	if (json_is_string(j)) {
		if (key && (!strcmp(key, "data") || !strcmp(key, "value") ||
			    !strcmp(key, "sii_image")))
			return 0;
		if (key && !strcmp(key, "esi"))
			max = ECSIM_MAX_PATH;
		if (key && !strcmp(key, "comment"))
			max = ECSIM_MAX_COMMENT;
		n = json_string_length(j);
		if (n > max)
			return verr(v, "%s%zu bytes, more than the %zu %s",
				    path, n, max, max == ECSIM_MAX_STRING ?
				    "an SII string holds" :
				    max == ECSIM_MAX_PATH ? "of a file name" :
				    "of a comment");
		return 0;
	}
	if (json_is_array(j)) {
		json_array_foreach(j, i, x) {
			n = strlen(path) > 2 ? strlen(path) - 2 : 0;
			snprintf(sub, sizeof(sub), "%.*s[%zu]: ",
				 (int)(n > 200 ? 200 : n), path, i);
			ret = vstrings(v, x, sub, key, depth + 1);
			if (ret)
				return ret;
		}
		return 0;
	}
	if (!json_is_object(j))
		return 0;
	json_object_foreach((json_t *)j, k, x) {
		if (strlen(k) > ECSIM_MAX_STRING)
			return verr(v, "%sa key of %zu bytes, more than the %d an SII string holds",
				    path, strlen(k), ECSIM_MAX_STRING);
		snprintf(sub, sizeof(sub), "%.200s\"%.255s\": ", path, k);
		ret = vstrings(v, x, sub, k, depth + 1);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- models ---- */

static int vmodel_esc(struct vctx *v, const json_t *m, uint64_t *ram_kb,
		      uint64_t *n_sm, uint64_t *n_fmmu)
{
	static const char *const ports[] = { "MII", "EBUS", "none", NULL };
	const json_t *esc = json_object_get(m, "esc");
	const json_t *p;
	size_t i, k;
	json_t *e;
	int ret;

	*ram_kb = 8;
	*n_sm = 4;
	*n_fmmu = 3;
	if (!esc)
		return 0;
	ret = vobject(v, esc, "\"esc\"");
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "type", 0, 0xff, 0, NULL);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "revision", 0, 0xff, 0, NULL);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "build", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "fmmus", 0, ESC_FMMU_MAX, 3,
			   n_fmmu);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "sms", 0, ESC_SM_MAX, 4,
			   n_sm);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "ram_kb", 0, ECSIM_MAX_RAM_KB,
			   8, ram_kb);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "eeprom_kbit", 1,
			   ECSIM_MAX_EEPROM_KBIT, 16, NULL);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "read8", 0, 1, 1, NULL);
	if (!ret)
		ret = vnum(v, esc, "\"esc\": ", "features", 0, 0xffff, 0, NULL);
	if (ret)
		return ret;
	p = json_object_get(esc, "ports");
	if (!p)
		return 0;
	if (!json_is_array(p) || json_array_size(p) > 4)
		return verr(v, "\"esc\": \"ports\" must be an array of up to 4 of \"MII\", \"EBUS\", \"none\"");
	json_array_foreach(p, i, e) {
		for (k = 0; ports[k]; k++)
			if (json_is_string(e) &&
			    !strcmp(json_string_value(e), ports[k]))
				break;
		if (!ports[k])
			return verr(v, "\"esc\": \"ports\"[%zu]: not \"MII\", \"EBUS\" or \"none\"",
				    i);
	}
	return 0;
}

/* An SM's area from its "start" and "size", false when it has none. */
static bool vsm_area(const json_t *sm, uint64_t *start, uint64_t *size)
{
	const json_t *t = json_object_get(sm, "type");

	if (json_is_string(t) && !strcmp(json_string_value(t), "unused"))
		return false;
	if (ecsim_json_uint(json_object_get(sm, "start"), 0xffff, start))
		*start = 0;
	if (ecsim_json_uint(json_object_get(sm, "size"), 0xffff, size))
		*size = 0;
	return *size != 0;
}

/* Sync manager @i (@start, @size) against the ones before it: two SMs
 * on the same bytes would hand them to both directions. */
static int vsm_overlap(struct vctx *v, const json_t *sms, size_t i,
		       uint64_t start, uint64_t size)
{
	uint64_t s2, z2;
	size_t k;

	if (!vsm_area(json_array_get(sms, i), &start, &size))
		return 0;
	for (k = 0; k < i; k++) {
		if (!vsm_area(json_array_get(sms, k), &s2, &z2))
			continue;
		if (start < s2 + z2 && s2 < start + size)
			return verr(v, "\"sms\"[%zu]: 0x%04llx-0x%04llx overlaps \"sms\"[%zu] 0x%04llx-0x%04llx",
				    i, (unsigned long long)start,
				    (unsigned long long)(start + size - 1), k,
				    (unsigned long long)s2,
				    (unsigned long long)(s2 + z2 - 1));
	}
	return 0;
}

static int vmodel_sms(struct vctx *v, const json_t *m, uint64_t ram_kb,
		      uint64_t n_sm, size_t *count)
{
	static const char *const types[] = {
		"unused", "mbx_out", "mbx_in", "outputs", "inputs", NULL,
	};
	const json_t *sms = json_object_get(m, "sms");
	uint64_t ram_end = ESC_PROCESS_RAM + ram_kb * 1024;
	char what[32];
	size_t i, k;
	json_t *sm;
	int ret;

	*count = 0;
	if (!sms)
		return 0;
	ret = varray(v, sms, "\"sms\"");
	if (ret)
		return ret;
	if (json_array_size(sms) > n_sm)
		return verr(v, "\"sms\": %zu sync managers, but the ESC has %llu (\"esc\": \"sms\")",
			    json_array_size(sms), (unsigned long long)n_sm);
	json_array_foreach(sms, i, sm) {
		const json_t *t = json_object_get(sm, "type");
		uint64_t start, size;

		snprintf(what, sizeof(what), "\"sms\"[%zu]: ", i);
		ret = vobject(v, sm, "a sync manager");
		if (ret)
			return ret;
		for (k = 0; types[k]; k++)
			if (json_is_string(t) &&
			    !strcmp(json_string_value(t), types[k]))
				break;
		if (!types[k])
			return verr(v, "%s\"type\" must be one of \"unused\", \"mbx_out\", \"mbx_in\", \"outputs\", \"inputs\"",
				    what);
		ret = vnum(v, sm, what, "start", 0, 0xffff, 0, &start);
		if (!ret)
			ret = vnum(v, sm, what, "size", 0, 0xffff, 0, &size);
		if (!ret)
			ret = vnum(v, sm, what, "control", 0, 0xff, 0, NULL);
		if (!ret)
			ret = vnum(v, sm, what, "enable", 0, 0xff, 1, NULL);
		if (ret)
			return ret;
		if (start + size > ECSIM_ESC_MEM)
			return verr(v, "%s\"start\" 0x%04llx + \"size\" %llu runs past the 64 KiB ESC address space",
				    what, (unsigned long long)start,
				    (unsigned long long)size);
		/* Below the process RAM is the register space, where
		 * digital I/O ESCs map a sync manager on 0x0f00. */
		if (size && start + size > ram_end)
			return verr(v, "%s0x%04llx-0x%04llx runs beyond the ESC's process RAM 0x1000-0x%04llx (\"esc\": \"ram_kb\" %llu)",
				    what, (unsigned long long)start,
				    (unsigned long long)(start + size - 1),
				    (unsigned long long)(ram_end - 1),
				    (unsigned long long)ram_kb);
		ret = vsm_overlap(v, sms, i, start, size);
		if (ret)
			return ret;
	}
	*count = json_array_size(sms);
	return 0;
}

static int vmodel_entry(struct vctx *v, const json_t *e, const char *what)
{
	const json_t *t = json_object_get(e, "type");
	uint64_t bits;
	int ret, tbits = 0;

	ret = vobject(v, e, "a PDO entry");
	if (!ret)
		ret = vnum(v, e, what, "index", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = vnum(v, e, what, "sub", 0, 0xff, 0, NULL);
	if (!ret)
		ret = vstring(v, e, what, "name");
	if (ret)
		return ret;
	if (t) {
		tbits = json_is_string(t) ?
			ecsim_model_type_bits(json_string_value(t)) : -1;
		if (tbits < 0)
			return verr(v, "%s\"type\": unknown data type %s", what,
				    json_is_string(t) ?
				    json_string_value(t) : "(not a string)");
	}
	if (!json_object_get(e, "bits") && !tbits)
		return verr(v, "%sneeds \"bits\" or \"type\"", what);
	return vnum(v, e, what, "bits", 1, 64, 1, &bits);
}

#define ECSIM_RXPDO_FIRST	0x1600	/* ETG.1000.6 table 67 */
#define ECSIM_RXPDO_LAST	0x17ff
#define ECSIM_TXPDO_FIRST	0x1a00
#define ECSIM_TXPDO_LAST	0x1bff

/* PDO @i's index against those before it. */
static int vpdo_twice(struct vctx *v, const json_t *pdos, size_t i,
		      uint64_t index)
{
	uint64_t x;
	size_t k;

	for (k = 0; k < i; k++)
		if (!ecsim_json_uint(json_object_get(json_array_get(pdos, k),
						     "index"), 0xffff, &x) &&
		    x == index)
			return verr(v, "\"pdos\"[%zu]: PDO 0x%04llx is listed twice (also \"pdos\"[%zu])",
				    i, (unsigned long long)index, k);
	return 0;
}

static int vmodel_pdos(struct vctx *v, const json_t *m, size_t n_sms,
		       uint64_t n_fmmu)
{
	const json_t *pdos = json_object_get(m, "pdos");
	bool data[2] = { false, false };	/* outputs, inputs */
	unsigned int need;
	char what[80];
	size_t i, k;
	json_t *p, *e;
	int ret;

	if (!pdos)
		return 0;
	ret = varray(v, pdos, "\"pdos\"");
	if (ret)
		return ret;
	json_array_foreach(pdos, i, p) {
		const json_t *sm, *ents;
		uint64_t index;
		bool rx, on_sm = false;

		snprintf(what, sizeof(what), "\"pdos\"[%zu]: ", i);
		ret = vobject(v, p, "a PDO");
		if (!ret)
			ret = vnum(v, p, what, "index", 0, 0xffff, 0, &index);
		if (!ret)
			ret = vnum(v, p, what, "flags", 0, 0xffff, 0, NULL);
		if (!ret)
			ret = vstring(v, p, what, "name");
		if (ret)
			return ret;
		rx = index >= ECSIM_RXPDO_FIRST && index <= ECSIM_RXPDO_LAST;
		if (!rx && (index < ECSIM_TXPDO_FIRST ||
			    index > ECSIM_TXPDO_LAST))
			return verr(v, "%s\"index\": 0x%04llx is neither an RxPDO (0x1600-0x17ff) nor a TxPDO (0x1a00-0x1bff)",
				    what, (unsigned long long)index);
		ret = vpdo_twice(v, pdos, i, index);
		if (ret)
			return ret;
		sm = json_object_get(p, "sm");
		if (sm && !(json_is_integer(sm) &&
			    json_integer_value(sm) == -1)) {
			uint64_t x;

			ret = vnum(v, p, what, "sm", 0, 0xff, 0, &x);
			if (ret)
				return ret;
			if (x >= n_sms)
				return verr(v, "%s\"sm\": %llu, but the model has %zu sync manager%s (\"sms\")",
					    what, (unsigned long long)x, n_sms,
					    n_sms == 1 ? "" : "s");
			on_sm = true;
		}
		ents = json_object_get(p, "entries");
		if (!json_is_array(ents))
			return verr(v, "%s\"entries\" must be an array", what);
		if (json_array_size(ents) > ECSIM_MAX_PDO_ENTRIES)
			return verr(v, "%s\"entries\": %zu entries, more than the %d a PDO can have",
				    what, json_array_size(ents),
				    ECSIM_MAX_PDO_ENTRIES);
		if (on_sm && json_array_size(ents))
			data[rx ? 0 : 1] = true;
		json_array_foreach(ents, k, e) {
			snprintf(what, sizeof(what),
				 "\"pdos\"[%zu]: \"entries\"[%zu]: ", i, k);
			ret = vmodel_entry(v, e, what);
			if (ret)
				return ret;
		}
	}
	/* LRD/LWR/LRW reach process data only through an FMMU; a master
	 * maps each direction with one of its own (ESC Section I 5). */
	need = (data[0] ? 1 : 0) + (data[1] ? 1 : 0);
	if (n_fmmu < need)
		return verr(v, "\"esc\": \"fmmus\": %llu, but the model has %s%s%s process data: it needs an FMMU for each direction (%u)",
			    (unsigned long long)n_fmmu,
			    data[0] ? "output" : "",
			    data[0] && data[1] ? " and " : "",
			    data[1] ? "input" : "", need);
	return 0;
}

/* Adds @s to the distinct strings @set of *@n (at most @max kept). */
static void vstr_add(const char **set, size_t *n, size_t max, const char *s)
{
	size_t i;

	if (!s || !*s)
		return;
	for (i = 0; i < *n && i < max; i++)
		if (!strcmp(set[i], s))
			return;
	if (*n < max)
		set[*n] = s;
	(*n)++;
}

/* The strings that go into the SII's strings category (sii.c): order,
 * group, name, and the names of PDOs and entries; a string index is a
 * byte, so at most 255 different ones. */
static int vmodel_sii_strings(struct vctx *v, const json_t *m)
{
	static const char *const keys[] = { "order", "group", "name" };
	const char *set[ECSIM_MAX_SII_STRINGS + 1];
	size_t n = 0, i, k, max = ECSIM_MAX_SII_STRINGS + 1;
	json_t *p, *e;

	for (i = 0; i < 3; i++)
		vstr_add(set, &n, max,
			 json_string_value(json_object_get(m, keys[i])));
	json_array_foreach(json_object_get(m, "pdos"), i, p) {
		vstr_add(set, &n, max,
			 json_string_value(json_object_get(p, "name")));
		json_array_foreach(json_object_get(p, "entries"), k, e)
			vstr_add(set, &n, max,
				 json_string_value(json_object_get(e,
								   "name")));
		if (n > ECSIM_MAX_SII_STRINGS)
			return verr(v, "more than %d different names (of the device, its PDOs and entries): the SII numbers its strings with a byte",
				    ECSIM_MAX_SII_STRINGS);
	}
	return 0;
}

static int vmodel_mailbox(struct vctx *v, const json_t *m)
{
	const json_t *mb = json_object_get(m, "mailbox");
	const json_t *protos, *boot;
	const char *dir[2] = { "out", "in" };
	char what[48];
	size_t i;
	json_t *p;
	int ret;

	if (!mb)
		return 0;
	ret = vobject(v, mb, "\"mailbox\"");
	if (!ret)
		ret = vnum(v, mb, "\"mailbox\": ", "coe_details", 0, 0xff, 0,
			   NULL);
	if (ret)
		return ret;
	protos = json_object_get(mb, "protocols");
	if (protos) {
		ret = varray(v, protos, "\"mailbox\": \"protocols\"");
		if (ret)
			return ret;
		json_array_foreach(protos, i, p)
			if (!json_is_string(p) ||
			    !ecsim_model_mbx_protocol(json_string_value(p)))
				return verr(v, "\"mailbox\": \"protocols\"[%zu]: unknown mailbox protocol %s (AoE, EoE, CoE, FoE, SoE, VoE)",
					    i, json_is_string(p) ?
					    json_string_value(p) :
					    "(not a string)");
	}
	boot = json_object_get(mb, "bootstrap");
	if (!boot)
		return 0;
	ret = vobject(v, boot, "\"mailbox\": \"bootstrap\"");
	for (i = 0; i < 2 && !ret; i++) {
		const json_t *d = json_object_get(boot, dir[i]);

		if (!d)
			continue;
		snprintf(what, sizeof(what), "\"mailbox\": \"bootstrap\": \"%s\": ",
			 dir[i]);
		ret = vobject(v, d, what);
		if (!ret)
			ret = vnum(v, d, what, "start", 0, 0xffff, 0, NULL);
		if (!ret)
			ret = vnum(v, d, what, "size", 0, 0xffff, 0, NULL);
	}
	return ret;
}

static int vmodel(struct vctx *v, const json_t *m)
{
	static const char *const ids[] = {
		"vendor", "product", "revision", "device_type", NULL,
	};
	uint64_t ram_kb, n_sm, n_fmmu;
	const json_t *dc;
	size_t i, n_sms;
	int ret;

	ret = vobject(v, m, "a model");
	if (!ret)
		ret = vstrings(v, m, "", NULL, 0);
	if (ret)
		return ret;
	if (!json_object_get(m, "vendor") || !json_object_get(m, "product"))
		return verr(v, "a model needs at least \"vendor\" and \"product\"");
	for (i = 0; ids[i]; i++) {
		ret = vnum(v, m, "", ids[i], 0, 0xffffffff, 0, NULL);
		if (ret)
			return ret;
	}
	for (i = 0; i < 7; i++) {
		static const char *const s[] = { "name", "order", "group",
			"hw_version", "sw_version", "behaviour", "comment" };

		ret = vstring(v, m, "", s[i]);
		if (ret)
			return ret;
	}
	ret = vnum(v, m, "", "pdi_control", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = vnum(v, m, "", "pdi_config", 0, 0xffff, 0, NULL);
	if (!ret && json_object_get(m, "ebus_current") &&
	    (!json_is_integer(json_object_get(m, "ebus_current")) ||
	     json_integer_value(json_object_get(m, "ebus_current")) < -32768 ||
	     json_integer_value(json_object_get(m, "ebus_current")) > 32767))
		ret = verr(v, "\"ebus_current\" must be an integer from -32768 to 32767 (mA)");
	dc = json_object_get(m, "dc");
	if (!ret && dc && !json_is_boolean(dc)) {
		ret = vobject(v, dc, "\"dc\"");
		if (!ret)
			ret = vnum(v, dc, "\"dc\": ", "assign_activate", 0,
				   0xffff, 0, NULL);
	}
	if (!ret)
		ret = vmodel_esc(v, m, &ram_kb, &n_sm, &n_fmmu);
	if (!ret)
		ret = vmodel_sms(v, m, ram_kb, n_sm, &n_sms);
	if (!ret)
		ret = vmodel_pdos(v, m, n_sms, n_fmmu);
	if (!ret)
		ret = vmodel_sii_strings(v, m);
	if (!ret)
		ret = vmodel_mailbox(v, m);
	/* "objects" is checked by its loader (od_json.c). */
	return ret;
}

/* vmodel() for a model a slave uses, once per model. */
static int vmodel_once(struct vctx *v, const json_t *m)
{
	size_t i;
	int ret;

	for (i = 0; i < v->n_done; i++)
		if (v->done[i] == m)
			return 0;
	ret = vmodel(v, m);
	if (!ret && v->n_done < sizeof(v->done) / sizeof(v->done[0]))
		v->done[v->n_done++] = m;
	return ret;
}

/* ---- slaves, inputs and wires ---- */

static const json_t *vfind_model(const json_t *own, const json_t *cat,
				 const char *key)
{
	const json_t *m = json_is_object(own) ? json_object_get(own, key) :
			  NULL;

	return m ? m : json_object_get(cat, key);
}

/* Whether the model maps @index:@sub in a PDO of the direction asked. */
static bool vmodel_has_entry(const json_t *m, uint16_t index, uint8_t sub,
			     bool rx)
{
	const json_t *pdos = json_object_get(m, "pdos");
	size_t i, k;
	json_t *p, *e;
	uint64_t x, s;

	json_array_foreach(pdos, i, p) {
		if (ecsim_json_uint(json_object_get(p, "index"), 0xffff, &x))
			continue;
		if ((x >= 0x1600 && x < 0x1800) != rx)
			continue;
		json_array_foreach(json_object_get(p, "entries"), k, e)
			if (!ecsim_json_uint(json_object_get(e, "index"),
					     0xffff, &x) && x == index &&
			    !ecsim_json_uint(json_object_get(e, "sub"), 0xff,
					     &s) && s == sub)
				return true;
	}
	return false;
}

static int vinputs(struct vctx *v, const json_t *m, const json_t *in)
{
	static const char *const kinds[] = {
		"constant", "counter", "toggle", NULL,
	};
	const char *key;
	json_t *val;
	uint16_t index;
	uint8_t sub;
	size_t k;
	int ret;

	if (!in)
		return 0;
	ret = vobject(v, in, "\"inputs\"");
	if (ret)
		return ret;
	json_object_foreach((json_t *)in, key, val) {
		const json_t *pat = json_object_get(val, "pattern");

		if (ecsim_json_entry_ref(key, &index, &sub))
			return verr(v, "\"inputs\": \"%s\" is not an entry \"INDEX:SUB\" (e.g. \"0x6000:01\")",
				    key);
		if (!vmodel_has_entry(m, index, sub, false))
			return verr(v, "\"inputs\": \"%s\": the model has no input entry 0x%04x:%02x",
				    key, index, sub);
		if (!json_is_object(val))
			continue;
		for (k = 0; pat && kinds[k]; k++)
			if (json_is_string(pat) &&
			    !strcmp(json_string_value(pat), kinds[k]))
				break;
		if (pat && !kinds[k])
			return verr(v, "\"inputs\": \"%s\": \"pattern\" must be \"constant\", \"counter\" or \"toggle\"",
				    key);
		ret = vnum(v, val, "\"inputs\": ", "period", 1, 0xffffffff, 1,
			   NULL);
		if (ret)
			return ret;
	}
	return 0;
}

static int vslave(struct vctx *v, const json_t *own, const json_t *cat,
		  size_t id, const json_t *s)
{
	static const char *const keys[] = {
		"model", "esi", "type", "revision", "name", "alias", "serial",
		"faults", "inputs", "comment",
		/* distributed clocks and wiring, checked by sim/dc.c */
		"link", "dc", "fwd_ns", "ret_ns",
		/* FoE files, checked by sim/foe.c; EoE, by sim/eoe.c */
		"foe", "eoe", NULL,
	};
	static const char *const fkeys[] = {
		"sii_checksum", "no_firmware", "unplugged", "al_error", NULL,
	};
	const json_t *model = json_object_get(s, "model");
	const json_t *f = json_object_get(s, "faults");
	const json_t *m;
	int ret;

	snprintf(v->where, sizeof(v->where), "slave %zu: ", id);
	ret = vobject(v, s, "a slave");
	if (!ret)
		ret = vkeys(v, s, "slave", keys);
	if (ret)
		return ret;
	if (!model && (json_object_get(s, "esi") ||
		       json_object_get(s, "type"))) {
		/* built from an ESI file (segment_esi.c): its model is known
		 * only once the file is read, which checks it */
		ret = vstrings(v, s, "", NULL, 0);
		if (!ret)
			ret = vstring(v, s, "", "esi");
		if (!ret)
			ret = vstring(v, s, "", "type");
		if (!ret)
			ret = vnum(v, s, "", "revision", 0, 0xffffffff, 0,
				   NULL);
		return ret;
	}
	if (!json_is_string(model))
		return verr(v, "\"model\" must name a model of the catalogue or of \"models\" (or give \"esi\"/\"type\")");
	snprintf(v->where, sizeof(v->where), "slave %zu (model \"%s\"): ",
		 id, json_string_value(model));
	m = vfind_model(own, cat, json_string_value(model));
	if (!m)
		return verr(v, "\"model\": no model \"%s\" in the catalogue or in \"models\"",
			    json_string_value(model));
	ret = vstrings(v, s, "", NULL, 0);
	if (!ret)
		ret = vstring(v, s, "", "name");
	if (!ret)
		ret = vnum(v, s, "", "alias", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = vnum(v, s, "", "serial", 0, 0xffffffff, 0, NULL);
	if (!ret && f) {
		ret = vobject(v, f, "\"faults\"");
		if (!ret)
			ret = vkeys(v, f, "\"faults\"", fkeys);
		if (!ret)
			ret = vbool(v, f, "\"faults\": ", "sii_checksum");
		if (!ret)
			ret = vbool(v, f, "\"faults\": ", "no_firmware");
		if (!ret)
			ret = vbool(v, f, "\"faults\": ", "unplugged");
		if (!ret)
			ret = vnum(v, f, "\"faults\": ", "al_error", 0, 0xffff,
				   0, NULL);
	}
	if (!ret)
		ret = vmodel_once(v, m);
	if (!ret)
		ret = vinputs(v, m, json_object_get(s, "inputs"));
	return ret;
}

/* "A:INDEX:SUB" naming an output (@rx) or input entry of slave A. */
static int vwire_end(struct vctx *v, const json_t *slaves, const json_t *own,
		     const json_t *cat, size_t i, const char *end,
		     const json_t *j, bool rx)
{
	const json_t *m;
	unsigned long id;
	uint16_t index;
	uint8_t sub;
	char *rest;
	char t[64];

	if (json_is_integer(j)) {
		if (json_integer_value(j) < 0 ||
		    (size_t)json_integer_value(j) >= json_array_size(slaves))
			return verr(v, "\"wires\"[%zu]: \"%s\": no slave %s (there are %zu)",
				    i, end, vtext(j, t, sizeof(t)),
				    json_array_size(slaves));
		return 0;
	}
	if (!json_is_string(j))
		return verr(v, "\"wires\"[%zu]: \"%s\" must be a slave number or \"SLAVE:INDEX:SUB\"",
			    i, end);
	id = strtoul(json_string_value(j), &rest, 10);
	if (rest == json_string_value(j) || *rest != ':' ||
	    ecsim_json_entry_ref(rest + 1, &index, &sub))
		return verr(v, "\"wires\"[%zu]: \"%s\": \"%s\" is not \"SLAVE:INDEX:SUB\"",
			    i, end, json_string_value(j));
	if (id >= json_array_size(slaves))
		return verr(v, "\"wires\"[%zu]: \"%s\": no slave %lu (there are %zu)",
			    i, end, id, json_array_size(slaves));
	m = vfind_model(own, cat, json_string_value(json_object_get(
		json_array_get(slaves, id), "model")));
	if (!json_object_get(json_array_get(slaves, id), "model"))
		return 0;	/* an ESI slave: its entries come with the file */
	if (!vmodel_has_entry(m, index, sub, rx))
		return verr(v, "\"wires\"[%zu]: \"%s\": slave %lu has no %s entry 0x%04x:%02x",
			    i, end, id, rx ? "output" : "input", index, sub);
	return 0;
}

/* Whether two checked wire ends name the same slave (whole images) or
 * the same entry of the same slave. */
static bool vwire_same(const json_t *from, const json_t *to)
{
	unsigned long a, b;
	uint16_t ia, ib;
	uint8_t sa, sb;
	char *ra, *rb;

	if (json_is_integer(from))
		return json_integer_value(from) == json_integer_value(to);
	a = strtoul(json_string_value(from), &ra, 10);
	b = strtoul(json_string_value(to), &rb, 10);
	return a == b && !ecsim_json_entry_ref(ra + 1, &ia, &sa) &&
	       !ecsim_json_entry_ref(rb + 1, &ib, &sb) && ia == ib &&
	       sa == sb;
}

static int vwires(struct vctx *v, const json_t *root, const json_t *own,
		  const json_t *cat)
{
	const json_t *wires = json_object_get(root, "wires");
	const json_t *slaves = json_object_get(root, "slaves");
	size_t i;
	json_t *w;
	int ret;

	v->where[0] = '\0';
	if (!wires)
		return 0;
	ret = varray(v, wires, "\"wires\"");
	if (ret)
		return ret;
	json_array_foreach(wires, i, w) {
		const json_t *from = json_object_get(w, "from");
		const json_t *to = json_object_get(w, "to");

		if (!json_is_object(w) || !from || !to ||
		    json_is_integer(from) != json_is_integer(to))
			return verr(v, "\"wires\"[%zu] must be {\"from\": A, \"to\": B} with two slave numbers or two \"SLAVE:INDEX:SUB\"",
				    i);
		ret = vwire_end(v, slaves, own, cat, i, "from", from, true);
		if (!ret && vwire_same(from, to))
			ret = verr(v, "\"wires\"[%zu]: \"from\" and \"to\" are the same %s: a wire joins an output to another input",
				   i, json_is_integer(from) ? "slave" :
				   "entry");
		if (!ret)
			ret = vwire_end(v, slaves, own, cat, i, "to", to,
					false);
		if (ret)
			return ret;
	}
	return 0;
}

static int vsegment_faults(struct vctx *v, const json_t *root)
{
	static const char *const keys[] = {
		"drop", "corrupt", "delay_us", "seed", NULL,
	};
	static const char *const dkeys[] = { "fwd_ns", "ret_ns", "ppm_spread",
					      NULL };
	const json_t *f = json_object_get(root, "faults");
	const json_t *dc = json_object_get(root, "dc");
	int ret = 0;

	if (f) {
		ret = vobject(v, f, "\"faults\"");
		if (!ret)
			ret = vkeys(v, f, "\"faults\"", keys);
		if (!ret)
			ret = vnum(v, f, "\"faults\": ", "drop", 0, 100, 0,
				   NULL);
		if (!ret)
			ret = vnum(v, f, "\"faults\": ", "corrupt", 0, 100, 0,
				   NULL);
		if (!ret)
			ret = vnum(v, f, "\"faults\": ", "delay_us", 0,
				   ECSIM_MAX_DELAY_US, 0, NULL);
		if (!ret)
			ret = vnum(v, f, "\"faults\": ", "seed", 0, 0xffffffff,
				   0, NULL);
	}
	if (!ret && dc) {
		ret = vobject(v, dc, "\"dc\"");
		if (!ret)
			ret = vkeys(v, dc, "\"dc\"", dkeys);
		if (!ret)
			ret = vnum(v, dc, "\"dc\": ", "fwd_ns", 0,
				   ECSIM_MAX_HOP_NS, 0, NULL);
		if (!ret)
			ret = vnum(v, dc, "\"dc\": ", "ret_ns", 0,
				   ECSIM_MAX_HOP_NS, 0, NULL);
	}
	return ret;
}

/* The alias a slave sets (0: none). */
static uint16_t valias_of(const json_t *s)
{
	uint64_t x;

	if (ecsim_json_uint(json_object_get(s, "alias"), 0xffff, &x))
		return 0;
	return (uint16_t)x;
}

/*
 * Duplicate station aliases: legal on a wire, and they do happen by
 * mistake, but a master addressing a slave by alias cannot tell them
 * apart.  One warning line per alias, naming the slaves (at most
 * ECSIM_MAX_WARN_ALIASES lines, then how many more).
 */
static int valiases(const json_t *slaves, char *warn, size_t warnlen)
{
	uint32_t *count = calloc(65536, sizeof(*count));
	size_t i, k, n = json_array_size(slaves), lines = 0, more = 0;
	size_t off = 0;

	if (warnlen)
		warn[0] = '\0';
	if (!count)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		count[valias_of(json_array_get(slaves, i))]++;
	for (i = 0; i < n; i++) {
		uint16_t a = valias_of(json_array_get(slaves, i));
		size_t seen = 0;

		if (!a || count[a] < 2)
			continue;
		if (lines == ECSIM_MAX_WARN_ALIASES) {
			more++;
			count[a] = 0;	/* counted once */
			continue;
		}
		off += (size_t)snprintf(warn + off, off < warnlen ?
					warnlen - off : 0,
					"slaves ");
		for (k = i; k < n && seen < count[a]; k++) {
			if (valias_of(json_array_get(slaves, k)) != a)
				continue;
			seen++;
			off += (size_t)snprintf(warn + off, off < warnlen ?
						warnlen - off : 0,
						"%s%zu", seen == 1 ? "" :
						seen == count[a] ? " and " :
						", ", k);
		}
		off += (size_t)snprintf(warn + off, off < warnlen ?
					warnlen - off : 0,
					" have the same \"alias\" %u: a master addressing alias %u cannot tell them apart\n",
					a, a);
		lines++;
		count[a] = 0;	/* reported */
	}
	if (more)
		snprintf(warn + off, off < warnlen ? warnlen - off : 0,
			 "%zu more aliases are shared by several slaves\n",
			 more);
	free(count);
	return 0;
}

/**
 * ecsim_segment_validate() - check a segment file before it is built
 * @root: the parsed file
 * @catalogue: the catalogue's "models" object
 * @err: the first problem, naming the slave or model and the key
 * @errlen: size of @err
 * @warn: receives the warnings (lines ending in '\n', "" for none)
 * @warnlen: size of @warn
 *
 * Return: 0 or -EINVAL.
 */
int ecsim_segment_validate(const json_t *root, const json_t *catalogue,
			   char *err, size_t errlen, char *warn,
			   size_t warnlen)
{
	static const char *const keys[] = {
		"slaves", "wires", "faults", "dc", "models", "comment", NULL,
	};
	struct vctx v = { .err = err, .errlen = errlen };
	const json_t *slaves = json_object_get(root, "slaves");
	const json_t *own = json_object_get(root, "models");
	const char *key;
	json_t *m;
	size_t i;
	int ret;

	ret = vobject(&v, root, "a segment file");
	if (!ret)
		ret = vkeys(&v, root, "the segment", keys);
	if (ret)
		return ret;
	if (!slaves)
		return verr(&v, "no \"slaves\" array");
	ret = varray(&v, slaves, "\"slaves\"");
	if (ret)
		return ret;
	if (json_array_size(slaves) > ECSIM_MAX_SLAVES)
		return verr(&v, "\"slaves\": %zu slaves, more than the %d a segment can address",
			    json_array_size(slaves), ECSIM_MAX_SLAVES);
	ret = vsegment_faults(&v, root);
	if (ret)
		return ret;
	if (own) {
		ret = vobject(&v, own, "\"models\"");
		if (ret)
			return ret;
		json_object_foreach((json_t *)own, key, m) {
			snprintf(v.where, sizeof(v.where), "model \"%s\": ",
				 key);
			ret = vmodel_once(&v, m);
			if (ret)
				return ret;
		}
	}
	json_array_foreach(slaves, i, m) {
		ret = vslave(&v, own, catalogue, i, m);
		if (ret)
			return ret;
	}
	v.where[0] = '\0';
	ret = vstrings(&v, json_object_get(root, "comment"), "\"comment\": ",
		       "comment", 0);
	if (!ret)
		ret = vwires(&v, root, own, catalogue);
	if (!ret)
		ret = valiases(slaves, warn, warnlen);
	return ret;
}
