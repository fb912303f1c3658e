// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Validation of a segment file, the models (validate.c has the rest): a
 * model's ESC (FMMUs, RAM, EEPROM), its sync managers (inside the process
 * RAM, not overlapping), its PDOs (indices in their ranges, on sync
 * managers that exist, entries of known types, none twice), the strings
 * that go into its SII and its mailbox protocols.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "validate_priv.h"

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
	ret = ecsim_vobject(v, esc, "\"esc\"");
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "type", 0, 0xff, 0, NULL);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "revision", 0, 0xff, 0, NULL);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "build", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "fmmus", 0, ESC_FMMU_MAX, 3,
			   n_fmmu);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "sms", 0, ESC_SM_MAX, 4,
			   n_sm);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "ram_kb", 0, ECSIM_MAX_RAM_KB,
			   8, ram_kb);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "eeprom_kbit", 1,
			   ECSIM_MAX_EEPROM_KBIT, 16, NULL);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "read8", 0, 1, 1, NULL);
	if (!ret)
		ret = ecsim_vnum(v, esc, "\"esc\": ", "features", 0, 0xffff, 0, NULL);
	if (ret)
		return ret;
	p = json_object_get(esc, "ports");
	if (!p)
		return 0;
	if (!json_is_array(p) || json_array_size(p) > 4)
		return ecsim_verr(v, "\"esc\": \"ports\" must be an array of up to 4 of \"MII\", \"EBUS\", \"none\"");
	json_array_foreach(p, i, e) {
		for (k = 0; ports[k]; k++)
			if (json_is_string(e) &&
			    !strcmp(json_string_value(e), ports[k]))
				break;
		if (!ports[k])
			return ecsim_verr(v, "\"esc\": \"ports\"[%zu]: not \"MII\", \"EBUS\" or \"none\"",
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
			return ecsim_verr(v, "\"sms\"[%zu]: 0x%04llx-0x%04llx overlaps \"sms\"[%zu] 0x%04llx-0x%04llx",
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
	ret = ecsim_varray(v, sms, "\"sms\"");
	if (ret)
		return ret;
	if (json_array_size(sms) > n_sm)
		return ecsim_verr(v, "\"sms\": %zu sync managers, but the ESC has %llu (\"esc\": \"sms\")",
			    json_array_size(sms), (unsigned long long)n_sm);
	json_array_foreach(sms, i, sm) {
		const json_t *t = json_object_get(sm, "type");
		uint64_t start, size;

		snprintf(what, sizeof(what), "\"sms\"[%zu]: ", i);
		ret = ecsim_vobject(v, sm, "a sync manager");
		if (ret)
			return ret;
		for (k = 0; types[k]; k++)
			if (json_is_string(t) &&
			    !strcmp(json_string_value(t), types[k]))
				break;
		if (!types[k])
			return ecsim_verr(v, "%s\"type\" must be one of \"unused\", \"mbx_out\", \"mbx_in\", \"outputs\", \"inputs\"",
				    what);
		ret = ecsim_vnum(v, sm, what, "start", 0, 0xffff, 0, &start);
		if (!ret)
			ret = ecsim_vnum(v, sm, what, "size", 0, 0xffff, 0, &size);
		if (!ret)
			ret = ecsim_vnum(v, sm, what, "control", 0, 0xff, 0, NULL);
		if (!ret)
			ret = ecsim_vnum(v, sm, what, "enable", 0, 0xff, 1, NULL);
		if (ret)
			return ret;
		if (start + size > ECSIM_ESC_MEM)
			return ecsim_verr(v, "%s\"start\" 0x%04llx + \"size\" %llu runs past the 64 KiB ESC address space",
				    what, (unsigned long long)start,
				    (unsigned long long)size);
		/* Below the process RAM is the register space, where
		 * digital I/O ESCs map a sync manager on 0x0f00. */
		if (size && start + size > ram_end)
			return ecsim_verr(v, "%s0x%04llx-0x%04llx runs beyond the ESC's process RAM 0x1000-0x%04llx (\"esc\": \"ram_kb\" %llu)",
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

	ret = ecsim_vobject(v, e, "a PDO entry");
	if (!ret)
		ret = ecsim_vnum(v, e, what, "index", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = ecsim_vnum(v, e, what, "sub", 0, 0xff, 0, NULL);
	if (!ret)
		ret = ecsim_vstring(v, e, what, "name");
	if (ret)
		return ret;
	if (t) {
		tbits = json_is_string(t) ?
			ecsim_model_type_bits(json_string_value(t)) : -1;
		if (tbits < 0)
			return ecsim_verr(v, "%s\"type\": unknown data type %s", what,
				    json_is_string(t) ?
				    json_string_value(t) : "(not a string)");
	}
	if (!json_object_get(e, "bits") && !tbits)
		return ecsim_verr(v, "%sneeds \"bits\" or \"type\"", what);
	return ecsim_vnum(v, e, what, "bits", 1, 64, 1, &bits);
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
			return ecsim_verr(v, "\"pdos\"[%zu]: PDO 0x%04llx is listed twice (also \"pdos\"[%zu])",
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
	ret = ecsim_varray(v, pdos, "\"pdos\"");
	if (ret)
		return ret;
	json_array_foreach(pdos, i, p) {
		const json_t *sm, *ents;
		uint64_t index;
		bool rx, on_sm = false;

		snprintf(what, sizeof(what), "\"pdos\"[%zu]: ", i);
		ret = ecsim_vobject(v, p, "a PDO");
		if (!ret)
			ret = ecsim_vnum(v, p, what, "index", 0, 0xffff, 0, &index);
		if (!ret)
			ret = ecsim_vnum(v, p, what, "flags", 0, 0xffff, 0, NULL);
		if (!ret)
			ret = ecsim_vstring(v, p, what, "name");
		if (ret)
			return ret;
		rx = index >= ECSIM_RXPDO_FIRST && index <= ECSIM_RXPDO_LAST;
		if (!rx && (index < ECSIM_TXPDO_FIRST ||
			    index > ECSIM_TXPDO_LAST))
			return ecsim_verr(v, "%s\"index\": 0x%04llx is neither an RxPDO (0x1600-0x17ff) nor a TxPDO (0x1a00-0x1bff)",
				    what, (unsigned long long)index);
		ret = vpdo_twice(v, pdos, i, index);
		if (ret)
			return ret;
		sm = json_object_get(p, "sm");
		if (sm && !(json_is_integer(sm) &&
			    json_integer_value(sm) == -1)) {
			uint64_t x;

			ret = ecsim_vnum(v, p, what, "sm", 0, 0xff, 0, &x);
			if (ret)
				return ret;
			if (x >= n_sms)
				return ecsim_verr(v, "%s\"sm\": %llu, but the model has %zu sync manager%s (\"sms\")",
					    what, (unsigned long long)x, n_sms,
					    n_sms == 1 ? "" : "s");
			on_sm = true;
		}
		ents = json_object_get(p, "entries");
		if (!json_is_array(ents))
			return ecsim_verr(v, "%s\"entries\" must be an array", what);
		if (json_array_size(ents) > ECSIM_MAX_PDO_ENTRIES)
			return ecsim_verr(v, "%s\"entries\": %zu entries, more than the %d a PDO can have",
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
		return ecsim_verr(v, "\"esc\": \"fmmus\": %llu, but the model has %s%s%s process data: it needs an FMMU for each direction (%u)",
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
			return ecsim_verr(v, "more than %d different names (of the device, its PDOs and entries): the SII numbers its strings with a byte",
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
	ret = ecsim_vobject(v, mb, "\"mailbox\"");
	if (!ret)
		ret = ecsim_vnum(v, mb, "\"mailbox\": ", "coe_details", 0, 0xff, 0,
			   NULL);
	if (ret)
		return ret;
	protos = json_object_get(mb, "protocols");
	if (protos) {
		ret = ecsim_varray(v, protos, "\"mailbox\": \"protocols\"");
		if (ret)
			return ret;
		json_array_foreach(protos, i, p)
			if (!json_is_string(p) ||
			    !ecsim_model_mbx_protocol(json_string_value(p)))
				return ecsim_verr(v, "\"mailbox\": \"protocols\"[%zu]: unknown mailbox protocol %s (AoE, EoE, CoE, FoE, SoE, VoE)",
					    i, json_is_string(p) ?
					    json_string_value(p) :
					    "(not a string)");
	}
	boot = json_object_get(mb, "bootstrap");
	if (!boot)
		return 0;
	ret = ecsim_vobject(v, boot, "\"mailbox\": \"bootstrap\"");
	for (i = 0; i < 2 && !ret; i++) {
		const json_t *d = json_object_get(boot, dir[i]);

		if (!d)
			continue;
		snprintf(what, sizeof(what), "\"mailbox\": \"bootstrap\": \"%s\": ",
			 dir[i]);
		ret = ecsim_vobject(v, d, what);
		if (!ret)
			ret = ecsim_vnum(v, d, what, "start", 0, 0xffff, 0, NULL);
		if (!ret)
			ret = ecsim_vnum(v, d, what, "size", 0, 0xffff, 0, NULL);
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

	ret = ecsim_vobject(v, m, "a model");
	if (!ret)
		ret = ecsim_vstrings(v, m, "", NULL, 0);
	if (ret)
		return ret;
	if (!json_object_get(m, "vendor") || !json_object_get(m, "product"))
		return ecsim_verr(v, "a model needs at least \"vendor\" and \"product\"");
	for (i = 0; ids[i]; i++) {
		ret = ecsim_vnum(v, m, "", ids[i], 0, 0xffffffff, 0, NULL);
		if (ret)
			return ret;
	}
	for (i = 0; i < 7; i++) {
		static const char *const s[] = { "name", "order", "group",
			"hw_version", "sw_version", "behaviour", "comment" };

		ret = ecsim_vstring(v, m, "", s[i]);
		if (ret)
			return ret;
	}
	ret = ecsim_vnum(v, m, "", "pdi_control", 0, 0xffff, 0, NULL);
	if (!ret)
		ret = ecsim_vnum(v, m, "", "pdi_config", 0, 0xffff, 0, NULL);
	if (!ret && json_object_get(m, "ebus_current") &&
	    (!json_is_integer(json_object_get(m, "ebus_current")) ||
	     json_integer_value(json_object_get(m, "ebus_current")) < -32768 ||
	     json_integer_value(json_object_get(m, "ebus_current")) > 32767))
		ret = ecsim_verr(v, "\"ebus_current\" must be an integer from -32768 to 32767 (mA)");
	dc = json_object_get(m, "dc");
	if (!ret && dc && !json_is_boolean(dc)) {
		ret = ecsim_vobject(v, dc, "\"dc\"");
		if (!ret)
			ret = ecsim_vnum(v, dc, "\"dc\": ", "assign_activate", 0,
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
int ecsim_vmodel_once(struct vctx *v, const json_t *m)
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
