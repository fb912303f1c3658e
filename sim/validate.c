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

#include "validate_priv.h"

int ecsim_verr(struct vctx *v, const char *fmt, ...)
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
			return ecsim_verr(v, "%s: unknown key \"%s\"", what, key);
	}
	return 0;
}

int ecsim_vobject(struct vctx *v, const json_t *j, const char *what)
{
	char t[64];

	if (!json_is_object(j))
		return ecsim_verr(v, "%s must be an object, not %s", what,
			    vtext(j, t, sizeof(t)));
	return 0;
}

int ecsim_varray(struct vctx *v, const json_t *j, const char *what)
{
	char t[64];

	if (!json_is_array(j))
		return ecsim_verr(v, "%s must be an array, not %s", what,
			    vtext(j, t, sizeof(t)));
	return 0;
}

/* An optional number (integer, "0x.." string or boolean) in range. */
int ecsim_vnum(struct vctx *v, const json_t *o, const char *what,
		const char *key, uint64_t min, uint64_t max, uint64_t def,
		uint64_t *out)
{
	const json_t *j = json_object_get(o, key);
	uint64_t x = def;
	char t[64];

	if (j && (ecsim_json_uint(j, max, &x) || x < min))
		return ecsim_verr(v, "%s\"%s\": %s is not a number from %llu to %llu",
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
		return ecsim_verr(v, "%s\"%s\": %s is not true or false", what, key,
			    vtext(j, t, sizeof(t)));
	return 0;
}

int ecsim_vstring(struct vctx *v, const json_t *o, const char *what,
		   const char *key)
{
	const json_t *j = json_object_get(o, key);
	char t[64];

	if (j && !json_is_string(j))
		return ecsim_verr(v, "%s\"%s\": %s is not a string", what, key,
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
int ecsim_vstrings(struct vctx *v, const json_t *j, const char *path,
		    const char *key, unsigned int depth)
{
	size_t max = ECSIM_MAX_STRING, i, n;
	char sub[512];
	const char *k;
	json_t *x;
	int ret;

	if (depth > ECSIM_MAX_DEPTH)
		return ecsim_verr(v, "%sobjects nested deeper than %d", path,
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
			return ecsim_verr(v, "%s%zu bytes, more than the %zu %s",
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
			ret = ecsim_vstrings(v, x, sub, key, depth + 1);
			if (ret)
				return ret;
		}
		return 0;
	}
	if (!json_is_object(j))
		return 0;
	json_object_foreach((json_t *)j, k, x) {
		if (strlen(k) > ECSIM_MAX_STRING)
			return ecsim_verr(v, "%sa key of %zu bytes, more than the %d an SII string holds",
				    path, strlen(k), ECSIM_MAX_STRING);
		snprintf(sub, sizeof(sub), "%.200s\"%.255s\": ", path, k);
		ret = ecsim_vstrings(v, x, sub, k, depth + 1);
		if (ret)
			return ret;
	}
	return 0;
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
	ret = ecsim_vobject(v, in, "\"inputs\"");
	if (ret)
		return ret;
	json_object_foreach((json_t *)in, key, val) {
		const json_t *pat = json_object_get(val, "pattern");

		if (ecsim_json_entry_ref(key, &index, &sub))
			return ecsim_verr(v, "\"inputs\": \"%s\" is not an entry \"INDEX:SUB\" (e.g. \"0x6000:01\")",
				    key);
		if (!vmodel_has_entry(m, index, sub, false))
			return ecsim_verr(v, "\"inputs\": \"%s\": the model has no input entry 0x%04x:%02x",
				    key, index, sub);
		if (!json_is_object(val))
			continue;
		for (k = 0; pat && kinds[k]; k++)
			if (json_is_string(pat) &&
			    !strcmp(json_string_value(pat), kinds[k]))
				break;
		if (pat && !kinds[k])
			return ecsim_verr(v, "\"inputs\": \"%s\": \"pattern\" must be \"constant\", \"counter\" or \"toggle\"",
				    key);
		ret = ecsim_vnum(v, val, "\"inputs\": ", "period", 1, 0xffffffff, 1,
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
		"foe", "eoe",
		/* a hot-connect group, checked by sim/group.c */
		"group", NULL,
	};
	static const char *const fkeys[] = {
		"sii_checksum", "no_firmware", "unplugged", "al_error", NULL,
	};
	const json_t *model = json_object_get(s, "model");
	const json_t *f = json_object_get(s, "faults");
	const json_t *m;
	int ret;

	snprintf(v->where, sizeof(v->where), "slave %zu: ", id);
	ret = ecsim_vobject(v, s, "a slave");
	if (!ret)
		ret = vkeys(v, s, "slave", keys);
	if (ret)
		return ret;
	if (!model && (json_object_get(s, "esi") ||
		       json_object_get(s, "type"))) {
		/* built from an ESI file (segment_esi.c): its model is known
		 * only once the file is read, which checks it */
		ret = ecsim_vstrings(v, s, "", NULL, 0);
		if (!ret)
			ret = ecsim_vstring(v, s, "", "esi");
		if (!ret)
			ret = ecsim_vstring(v, s, "", "type");
		if (!ret)
			ret = ecsim_vnum(v, s, "", "revision", 0, 0xffffffff, 0,
				   NULL);
		return ret;
	}
	if (!json_is_string(model))
		return ecsim_verr(v, "\"model\" must name a model of the catalogue or of \"models\" (or give \"esi\"/\"type\")");
	snprintf(v->where, sizeof(v->where), "slave %zu (model \"%s\"): ",
		 id, json_string_value(model));
	m = vfind_model(own, cat, json_string_value(model));
	if (!m)
		return ecsim_verr(v, "\"model\": no model \"%s\" in the catalogue or in \"models\"",
			    json_string_value(model));
	ret = ecsim_vstrings(v, s, "", NULL, 0);
	if (!ret)
		ret = ecsim_vstring(v, s, "", "name");
	if (!ret)
		ret = ecsim_vnum(v, s, "", "alias", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = ecsim_vnum(v, s, "", "serial", 0, 0xffffffff, 0, NULL);
	if (!ret && f) {
		ret = ecsim_vobject(v, f, "\"faults\"");
		if (!ret)
			ret = vkeys(v, f, "\"faults\"", fkeys);
		if (!ret)
			ret = vbool(v, f, "\"faults\": ", "sii_checksum");
		if (!ret)
			ret = vbool(v, f, "\"faults\": ", "no_firmware");
		if (!ret)
			ret = vbool(v, f, "\"faults\": ", "unplugged");
		if (!ret)
			ret = ecsim_vnum(v, f, "\"faults\": ", "al_error", 0, 0xffff,
				   0, NULL);
	}
	if (!ret)
		ret = ecsim_vmodel_once(v, m);
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
			return ecsim_verr(v, "\"wires\"[%zu]: \"%s\": no slave %s (there are %zu)",
				    i, end, vtext(j, t, sizeof(t)),
				    json_array_size(slaves));
		return 0;
	}
	if (!json_is_string(j))
		return ecsim_verr(v, "\"wires\"[%zu]: \"%s\" must be a slave number or \"SLAVE:INDEX:SUB\"",
			    i, end);
	id = strtoul(json_string_value(j), &rest, 10);
	if (rest == json_string_value(j) || *rest != ':' ||
	    ecsim_json_entry_ref(rest + 1, &index, &sub))
		return ecsim_verr(v, "\"wires\"[%zu]: \"%s\": \"%s\" is not \"SLAVE:INDEX:SUB\"",
			    i, end, json_string_value(j));
	if (id >= json_array_size(slaves))
		return ecsim_verr(v, "\"wires\"[%zu]: \"%s\": no slave %lu (there are %zu)",
			    i, end, id, json_array_size(slaves));
	m = vfind_model(own, cat, json_string_value(json_object_get(
		json_array_get(slaves, id), "model")));
	if (!json_object_get(json_array_get(slaves, id), "model"))
		return 0;	/* an ESI slave: its entries come with the file */
	if (!vmodel_has_entry(m, index, sub, rx))
		return ecsim_verr(v, "\"wires\"[%zu]: \"%s\": slave %lu has no %s entry 0x%04x:%02x",
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
	ret = ecsim_varray(v, wires, "\"wires\"");
	if (ret)
		return ret;
	json_array_foreach(wires, i, w) {
		const json_t *from = json_object_get(w, "from");
		const json_t *to = json_object_get(w, "to");

		if (!json_is_object(w) || !from || !to ||
		    json_is_integer(from) != json_is_integer(to))
			return ecsim_verr(v, "\"wires\"[%zu] must be {\"from\": A, \"to\": B} with two slave numbers or two \"SLAVE:INDEX:SUB\"",
				    i);
		ret = vwire_end(v, slaves, own, cat, i, "from", from, true);
		if (!ret && vwire_same(from, to))
			ret = ecsim_verr(v, "\"wires\"[%zu]: \"from\" and \"to\" are the same %s: a wire joins an output to another input",
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
		ret = ecsim_vobject(v, f, "\"faults\"");
		if (!ret)
			ret = vkeys(v, f, "\"faults\"", keys);
		if (!ret)
			ret = ecsim_vnum(v, f, "\"faults\": ", "drop", 0, 100, 0,
				   NULL);
		if (!ret)
			ret = ecsim_vnum(v, f, "\"faults\": ", "corrupt", 0, 100, 0,
				   NULL);
		if (!ret)
			ret = ecsim_vnum(v, f, "\"faults\": ", "delay_us", 0,
				   ECSIM_MAX_DELAY_US, 0, NULL);
		if (!ret)
			ret = ecsim_vnum(v, f, "\"faults\": ", "seed", 0, 0xffffffff,
				   0, NULL);
	}
	if (!ret && dc) {
		ret = ecsim_vobject(v, dc, "\"dc\"");
		if (!ret)
			ret = vkeys(v, dc, "\"dc\"", dkeys);
		if (!ret)
			ret = ecsim_vnum(v, dc, "\"dc\": ", "fwd_ns", 0,
				   ECSIM_MAX_HOP_NS, 0, NULL);
		if (!ret)
			ret = ecsim_vnum(v, dc, "\"dc\": ", "ret_ns", 0,
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
		"slaves", "wires", "faults", "dc", "models", "comment",
		"groups", NULL,
	};
	struct vctx v = { .err = err, .errlen = errlen };
	const json_t *slaves = json_object_get(root, "slaves");
	const json_t *own = json_object_get(root, "models");
	const char *key;
	json_t *m;
	size_t i;
	int ret;

	ret = ecsim_vobject(&v, root, "a segment file");
	if (!ret)
		ret = vkeys(&v, root, "the segment", keys);
	if (ret)
		return ret;
	if (!slaves)
		return ecsim_verr(&v, "no \"slaves\" array");
	ret = ecsim_varray(&v, slaves, "\"slaves\"");
	if (ret)
		return ret;
	if (json_array_size(slaves) > ECSIM_MAX_SLAVES)
		return ecsim_verr(&v, "\"slaves\": %zu slaves, more than the %d a segment can address",
			    json_array_size(slaves), ECSIM_MAX_SLAVES);
	ret = vsegment_faults(&v, root);
	if (ret)
		return ret;
	if (own) {
		ret = ecsim_vobject(&v, own, "\"models\"");
		if (ret)
			return ret;
		json_object_foreach((json_t *)own, key, m) {
			snprintf(v.where, sizeof(v.where), "model \"%s\": ",
				 key);
			ret = ecsim_vmodel_once(&v, m);
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
	ret = ecsim_vstrings(&v, json_object_get(root, "comment"), "\"comment\": ",
		       "comment", 0);
	if (!ret)
		ret = vwires(&v, root, own, catalogue);
	if (!ret)
		ret = valiases(slaves, warn, warnlen);
	return ret;
}
