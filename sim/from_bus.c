// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * "ethercat-sim --from-bus": the segment file of a running segment, from
 * what the master scanned, so a real machine can be recorded once and its
 * twin simulated later.
 *
 * The simulator shares no code with the master, so it does not speak the
 * master's ioctl ABI either: it asks the master's command line tool, which
 * is the one reader of the master (its --json output is a tested
 * interface, tool/ and tests/unit/check_tool_golden.c).  Per slave:
 *   sii_read     the whole SII, kept as the model's "sii_image" (identity,
 *                names, mailbox, categories: what "slaves -v" shows);
 *   reg_read     ESC information 0x0000-0x0009 and 0x0502 (ESC type,
 *                FMMUs, SMs, RAM, ports, features, EEPROM read size);
 *   pdos         sync managers and the PDO assignment and mapping;
 *   sdos         the CoE dictionary by SDO information, and an upload of
 *                every entry that can be read, for its value.
 * What the bus does not tell (PDO flags, which entries may be mapped,
 * a drive's DC requirements, wires) is not in the file: see sim/README.md.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "esi.h"
#include "sim_priv.h"

/* ETG.1000.6 SII words and categories */
#define BUS_SII_PDI_CONTROL	0x0000
#define BUS_SII_PDI_CONFIG	0x0001
#define BUS_SII_ALIAS		0x0004
#define BUS_SII_VENDOR		0x0008
#define BUS_SII_PRODUCT		0x000a
#define BUS_SII_REVISION	0x000c
#define BUS_SII_SERIAL		0x000e
#define BUS_SII_BOOT_RX		0x0014
#define BUS_SII_MBX_PROTO	0x001c
#define BUS_SII_SIZE		0x003e
#define BUS_SII_CATEGORIES	0x0040
#define BUS_SII_CAT_GENERAL	30
#define BUS_SII_GENERAL_COE	5	/* CoE details byte */
/* ESC registers (ESC datasheet section II) */
#define BUS_REG_INFO		0x0000	/* type .. features: 10 bytes */
#define BUS_REG_EEPROM_CFG	0x0502	/* bit 6: 8-byte reads */
/* SM control byte (ETG.1000.4 table 58) */
#define BUS_SM_MODE_MAILBOX	0x02
#define BUS_SM_DIR_WRITE	0x04

struct bus {
	const char *tool;
	unsigned int master;
	bool values;
	char *err;
	size_t errlen;
};

static json_t *bus_run(struct bus *b, const char *args);

/*
 * Run "TOOL -m MASTER --json ARGS" and parse what it prints.  A failure is
 * tried again twice: a register or SII read can time out while the master
 * is busy with the slaves (reading their dictionaries after a scan).
 */
static json_t *bus_json(struct bus *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static json_t *bus_json(struct bus *b, const char *fmt, ...)
{
	char args[256];
	unsigned int tries;
	json_t *js = NULL;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	for (tries = 0; tries < 3 && !js; tries++) {
		if (tries)
			usleep(500000);
		js = bus_run(b, args);
		if (!js && strstr(b->err, ": not found"))
			break;
	}
	if (js)
		b->err[0] = 0;
	return js;
}

static json_t *bus_run(struct bus *b, const char *args)
{
	char *cmd, *out = NULL;
	size_t len = 0;
	json_error_t je;
	json_t *js;
	FILE *p, *mem;
	int c, st;

	if (asprintf(&cmd, "'%s' -m %u --json %s 2>/dev/null", b->tool,
		     b->master, args) < 0)
		return NULL;
	p = popen(cmd, "r");
	mem = open_memstream(&out, &len);
	if (!p || !mem) {
		snprintf(b->err, b->errlen, "cannot run %s: %s", b->tool,
			 strerror(errno));
		if (p)
			pclose(p);
		if (mem)
			fclose(mem);
		free(out);
		free(cmd);
		return NULL;
	}
	while ((c = getc(p)) != EOF)
		putc(c, mem);
	fclose(mem);
	st = pclose(p);
	free(cmd);
	if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		free(out);
		if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 127)
			snprintf(b->err, b->errlen, "%s: not found (give the "
				 "master's tool with --tool)", b->tool);
		else
			snprintf(b->err, b->errlen, "%s %s failed (status "
				 "%d)", b->tool, args, WIFEXITED(st) ?
				 WEXITSTATUS(st) : -1);
		return NULL;
	}
	js = json_loads(out, 0, &je);
	if (!js)
		snprintf(b->err, b->errlen, "%s %s: not JSON: %s", b->tool,
			 args, je.text);
	free(out);
	return js;
}

/* The first member called @key anywhere in @j (depth first). */
static json_t *bus_find(json_t *j, const char *key)
{
	const char *k;
	json_t *v, *r;
	size_t i;

	if (json_is_object(j)) {
		v = json_object_get(j, key);
		if (v)
			return v;
		json_object_foreach(j, k, v) {
			r = bus_find(v, key);
			if (r)
				return r;
		}
	} else if (json_is_array(j)) {
		json_array_foreach(j, i, v) {
			r = bus_find(v, key);
			if (r)
				return r;
		}
	}
	return NULL;
}

/* The bytes of a "hex" string ("0a1b..."), malloc'ed. */
static int bus_hex(json_t *j, uint8_t **out, size_t *len)
{
	const char *s = json_string_value(j);

	if (!s)
		return -EINVAL;
	return esi_hex(s, out, len);
}

static unsigned int bus_u16(const uint8_t *sii, size_t len, unsigned int w)
{
	return 2 * w + 1 < len ? ecsim_get16(sii + 2 * w) : 0;
}

static uint32_t bus_u32(const uint8_t *sii, size_t len, unsigned int w)
{
	return bus_u16(sii, len, w) | (uint32_t)bus_u16(sii, len, w + 1) << 16;
}

static json_t *bus_hexstr(uint32_t v)
{
	char s[16];

	snprintf(s, sizeof(s), "0x%08" PRIx32, v);
	return json_string(s);
}

/* The CoE details byte of the SII general category (0: none). */
static unsigned int bus_coe_details(const uint8_t *sii, size_t len)
{
	size_t at = 2 * BUS_SII_CATEGORIES;

	while (at + 4 <= len) {
		unsigned int type = ecsim_get16(sii + at);
		size_t n = 2 * (size_t)ecsim_get16(sii + at + 2);

		if (type == 0xffff)
			break;
		if (type == BUS_SII_CAT_GENERAL &&
		    at + 4 + BUS_SII_GENERAL_COE < len)
			return sii[at + 4 + BUS_SII_GENERAL_COE];
		at += 4 + n;
	}
	return 0;
}

/* Identity, SII image, mailbox and PDI words of the model. */
static int bus_sii(struct bus *b, unsigned int pos, json_t *m, json_t *sl)
{
	static const struct {
		unsigned int bit;
		const char *name;
	} protos[] = {
		{ 0x0002, "EoE" }, { 0x0004, "CoE" }, { 0x0008, "FoE" },
		{ 0x0010, "SoE" }, { 0x0020, "VoE" },
	};
	json_t *js = NULL, *a;
	const char *hex = NULL;
	unsigned int mbx, i, tries;
	uint8_t *sii = NULL;
	size_t len = 0;

	/* while the master scans again its copy of the SII is empty */
	for (tries = 0; tries < 20; tries++) {
		if (tries)
			usleep(500000);
		json_decref(js);
		js = bus_json(b, "sii_read -p %u", pos);
		hex = json_string_value(bus_find(js, "data"));
		if (hex && !esi_hex(hex, &sii, &len) &&
		    len >= 2 * BUS_SII_CATEGORIES)
			break;
		free(sii);
		sii = NULL;
	}
	if (!sii) {
		if (js && !b->err[0])
			snprintf(b->err, b->errlen, "slave %u: no SII (%zu "
				 "bytes)", pos, len);
		json_decref(js);
		return -EIO;
	}
	json_object_set_new(m, "vendor", bus_hexstr(bus_u32(sii, len,
							BUS_SII_VENDOR)));
	json_object_set_new(m, "product", bus_hexstr(bus_u32(sii, len,
							BUS_SII_PRODUCT)));
	json_object_set_new(m, "revision", bus_hexstr(bus_u32(sii, len,
							BUS_SII_REVISION)));
	json_object_set_new(m, "pdi_control", json_integer(
		bus_u16(sii, len, BUS_SII_PDI_CONTROL)));
	json_object_set_new(m, "pdi_config", json_integer(
		bus_u16(sii, len, BUS_SII_PDI_CONFIG)));
	json_object_set_new(sl, "alias", json_integer(
		bus_u16(sii, len, BUS_SII_ALIAS)));
	json_object_set_new(sl, "serial", json_integer(
		bus_u32(sii, len, BUS_SII_SERIAL)));
	mbx = bus_u16(sii, len, BUS_SII_MBX_PROTO);
	if (mbx) {
		a = json_array();
		for (i = 0; i < sizeof(protos) / sizeof(protos[0]); i++)
			if (mbx & protos[i].bit)
				json_array_append_new(a, json_string(
					protos[i].name));
		json_object_set_new(m, "mailbox", json_pack("{so,si}",
			"protocols", a, "coe_details",
			(int)bus_coe_details(sii, len)));
		if (bus_u16(sii, len, BUS_SII_BOOT_RX + 1))
			json_object_set_new(json_object_get(m, "mailbox"),
				"bootstrap", json_pack(
				"{s{sisi}s{sisi}}",
				"out", "start",
				(int)bus_u16(sii, len, BUS_SII_BOOT_RX),
				"size",
				(int)bus_u16(sii, len, BUS_SII_BOOT_RX + 1),
				"in", "start",
				(int)bus_u16(sii, len, BUS_SII_BOOT_RX + 2),
				"size",
				(int)bus_u16(sii, len, BUS_SII_BOOT_RX + 3)));
	}
	json_object_set_new(m, "sii_image", json_string(hex));
	json_object_set_new(m, "eeprom_kbit_", json_integer(
		bus_u16(sii, len, BUS_SII_SIZE) + 1));
	free(sii);
	json_decref(js);
	return 0;
}

/* The ESC from its information registers. */
static int bus_esc(struct bus *b, unsigned int pos, json_t *m)
{
	static const char *const port[4] = { "none", "none", "EBUS", "MII" };
	json_t *js = bus_json(b, "reg_read -p %u 0x%04x 10", pos,
			      BUS_REG_INFO);
	json_t *js2 = js ? bus_json(b, "reg_read -p %u 0x%04x 1", pos,
				    BUS_REG_EEPROM_CFG) : NULL;
	json_t *esc, *ports;
	uint8_t *r = NULL, *e = NULL;
	size_t len = 0, elen = 0;
	unsigned int i;
	int ret = -EIO;

	if (!js2 || bus_hex(bus_find(js, "hex"), &r, &len) || len != 10 ||
	    bus_hex(bus_find(js2, "hex"), &e, &elen) || elen != 1) {
		if (!b->err[0])
			snprintf(b->err, b->errlen, "slave %u: cannot read "
				 "the ESC registers", pos);
		goto out;
	}
	ports = json_array();
	for (i = 0; i < 4; i++)
		if ((r[7] >> (2 * i) & 3) >= 2 || i < 2)
			json_array_append_new(ports, json_string(
				port[r[7] >> (2 * i) & 3]));
	esc = json_pack("{si,si,si,si,si,si,so,sI,sb,si}",
			"type", r[0], "revision", r[1],
			"build", ecsim_get16(r + 2), "fmmus", r[4],
			"sms", r[5], "ram_kb", r[6], "ports", ports,
			"eeprom_kbit", json_integer_value(json_object_get(m,
							"eeprom_kbit_")),
			"read8", (e[0] & 0x40) != 0,
			"features", ecsim_get16(r + 8));
	json_object_del(m, "eeprom_kbit_");
	ret = esc && !json_object_set_new(m, "esc", esc) ? 0 : -ENOMEM;
out:
	free(r);
	free(e);
	json_decref(js);
	json_decref(js2);
	return ret;
}

/* Sync managers and the PDOs assigned to them. */
static int bus_pdos(struct bus *b, unsigned int pos, json_t *m)
{
	json_t *js = bus_json(b, "pdos -p %u", pos);
	json_t *sms = json_array(), *pdos = json_array(), *sm, *p, *e;
	size_t i, j, k;

	if (!js)
		return -EIO;
	json_array_foreach(bus_find(js, "sync_managers"), i, sm) {
		unsigned int ctl = json_integer_value(json_object_get(sm,
							"control_register"));
		bool mbx = (ctl & 0x03) == BUS_SM_MODE_MAILBOX;
		bool wr = ctl & BUS_SM_DIR_WRITE;

		json_array_append_new(sms, json_pack("{sO,sO,sO,sO,ss}",
			"start", json_object_get(sm, "physical_start_address"),
			"size", json_object_get(sm, "default_size"),
			"control", json_object_get(sm, "control_register"),
			"enable", json_object_get(sm, "enable"),
			"type", mbx ? (wr ? "mbx_out" : "mbx_in") :
			(wr ? "outputs" : "inputs")));
		json_array_foreach(json_object_get(sm, "pdos"), j, p) {
			json_t *ents = json_array();

			json_array_foreach(json_object_get(p, "entries"), k, e)
				json_array_append_new(ents, json_pack(
					"{sO,sO,sO,sO}",
					"index", json_object_get(e, "index"),
					"sub", json_object_get(e, "subindex"),
					"bits", json_object_get(e,
								"bit_length"),
					"name", json_object_get(e, "name")));
			json_array_append_new(pdos, json_pack("{sO,si,sO,so}",
				"index", json_object_get(p, "index"),
				"sm", (int)i, "name", json_object_get(p, "name"),
				"entries", ents));
		}
	}
	json_object_set_new(m, "sms", sms);
	json_object_set_new(m, "pdos", pdos);
	json_decref(js);
	return 0;
}

/* "rwr-r-" (PREOP, SAFEOP, OP) as ETG.1000.6 ObjectAccess bits. */
static unsigned int bus_access(const char *s)
{
	unsigned int a = 0, i;

	for (i = 0; s && i < 3 && s[2 * i] && s[2 * i + 1]; i++) {
		if (s[2 * i] == 'r')
			a |= 1u << i;
		if (s[2 * i + 1] == 'w')
			a |= 1u << (3 + i);
	}
	return a;
}

/* The value of an entry by an upload, in the objects' JSON format. */
static json_t *bus_value(struct bus *b, unsigned int pos, unsigned int index,
			 unsigned int sub, unsigned int dtype,
			 unsigned int bits)
{
	char err[8];
	json_t *js, *v = NULL;
	uint8_t *d;
	size_t len, i;
	uint64_t u = 0;

	if (!b->values)
		return NULL;
	/* an entry that cannot be read only has no value (the bus said
	 * so with an abort): not an error of the recording */
	err[0] = 0;
	js = bus_json(&(struct bus){ b->tool, b->master, true, err,
				     sizeof(err) },
		      "upload -p %u -t raw 0x%04x 0x%02x", pos, index, sub);
	if (!js || bus_hex(bus_find(js, "hex"), &d, &len)) {
		json_decref(js);
		return NULL;
	}
	json_decref(js);
	switch (dtype) {
	case 0x0001: case 0x0002: case 0x0003: case 0x0004: case 0x0005:
	case 0x0006: case 0x0007: case 0x0010: case 0x0015: case 0x001b:
	case 0x0016: case 0x0020: case 0x0030: case 0x0031: case 0x0032:
	case 0x0033: case 0x0034: case 0x0035: case 0x0036: case 0x0037:
		if (len * 8 < bits || len > 8)
			break;
		for (i = 0; i < len && i < 8; i++)
			u |= (uint64_t)d[i] << (8 * i);
		if (bits < 64)
			u &= (1ull << bits) - 1;
		if ((dtype >= 2 && dtype <= 4) || dtype == 0x0010 ||
		    dtype == 0x0015) {	/* signed: extend */
			if (bits && bits < 64 && (u >> (bits - 1) & 1))
				u |= ~0ull << bits;
			v = json_integer((json_int_t)u);
		} else if (u <= INT64_MAX) {
			v = json_integer((json_int_t)u);
		} else {
			char s[24];

			snprintf(s, sizeof(s), "%" PRIu64, u);
			v = json_string(s);
		}
		break;
	case 0x0009:		/* VISIBLE_STRING */
		for (i = 0; i < len && d[i]; i++)
			;
		v = json_stringn((const char *)d, i);
		break;
	case 0x000a: {		/* OCTET_STRING */
		char *h = malloc(3 * len + 1);

		for (i = 0; h && i < len; i++)
			sprintf(h + 3 * i, "%02x ", d[i]);
		if (h) {
			h[len ? 3 * len - 1 : 0] = 0;
			v = json_string(h);
		}
		free(h);
		break;
	}
	default:
		break;
	}
	free(d);
	return v;
}

/*
 * The values of the PDO assignment (0x1C10 + SM) and of the mapping of an
 * assigned PDO follow from what "pdos" listed (the master read them from
 * these very objects): no upload, and right with --no-values too.
 * Return: the value, or NULL when @index is not such an object.
 */
static json_t *bus_derived(json_t *m, unsigned int index, unsigned int sub)
{
	json_t *pdos = json_object_get(m, "pdos"), *p, *e, *ents;
	unsigned int n = 0;
	size_t i;

	if (index >= 0x1c10 && index <= 0x1c2f) {
		if (index - 0x1c10 >= json_array_size(json_object_get(m,
								      "sms")))
			return NULL;
		json_array_foreach(pdos, i, p) {
			if (json_integer_value(json_object_get(p, "sm")) !=
			    index - 0x1c10)
				continue;
			if (++n == sub)
				return json_integer(json_integer_value(
					json_object_get(p, "index")));
		}
		return json_integer(sub ? 0 : n);
	}
	if (!((index >= 0x1600 && index <= 0x17ff) ||
	      (index >= 0x1a00 && index <= 0x1bff)))
		return NULL;
	json_array_foreach(pdos, i, p) {
		if ((unsigned int)json_integer_value(json_object_get(p,
						"index")) != index)
			continue;
		ents = json_object_get(p, "entries");
		if (!sub)
			return json_integer((json_int_t)json_array_size(ents));
		e = json_array_get(ents, sub - 1);
		if (!e)
			return json_integer(0);
		return json_integer(
			(json_int_t)json_integer_value(json_object_get(e,
							"index")) << 16 |
			json_integer_value(json_object_get(e, "sub")) << 8 |
			json_integer_value(json_object_get(e, "bits")));
	}
	return NULL;
}

/* "tx"/"rx" when an assigned PDO maps @index:@sub (the bus does not say
 * which other entries could be mapped), else NULL. */
static const char *bus_mapped(json_t *m, unsigned int index, unsigned int sub)
{
	json_t *p, *e;
	size_t i, k;

	json_array_foreach(json_object_get(m, "pdos"), i, p)
		json_array_foreach(json_object_get(p, "entries"), k, e)
			if (json_integer_value(json_object_get(e, "index")) ==
			    index &&
			    json_integer_value(json_object_get(e, "sub")) ==
			    sub)
				return json_integer_value(json_object_get(p,
						"index")) >= 0x1a00 ?
					"tx" : "rx";
	return NULL;
}

static json_t *bus_entry(struct bus *b, unsigned int pos, unsigned int index,
			 json_t *e, bool var, const char *obj_name, json_t *m)
{
	unsigned int sub = json_integer_value(json_object_get(e, "subindex"));
	unsigned int dt = json_integer_value(json_object_get(e, "data_type"));
	unsigned int bits = json_integer_value(json_object_get(e,
							"bit_length"));
	const char *acc = json_string_value(json_object_get(e, "access"));
	const char *name = json_string_value(json_object_get(e,
							"description"));
	json_t *o = json_pack("{si,si,si}", "type", dt, "access",
			      bus_access(acc), "bitlen", bits), *v;

	if (!o)
		return NULL;
	if (var) {
		json_object_set_new(o, "index", json_integer(index));
		json_object_set_new(o, "name", json_string(obj_name ?
							   obj_name : ""));
	} else {
		json_object_set_new(o, "subindex", json_integer(sub));
		json_object_set_new(o, "name", json_string(name ? name : ""));
	}
	if (bus_mapped(m, index, sub))
		json_object_set_new(o, "pdo", json_string(bus_mapped(m, index,
								     sub)));
	v = bus_derived(m, index, sub);
	if (!v && (bus_access(acc) & 0x07))
		v = bus_value(b, pos, index, sub, dt, bits);
	if (v)
		json_object_set_new(o, "value", v);
	return o;
}

/* The CoE dictionary as SDO information lists it, with values. */
static int bus_objects(struct bus *b, unsigned int pos, json_t *m)
{
	json_t *js = bus_json(b, "sdos -p %u", pos), *objs, *sdo, *e;
	size_t i, k;

	if (!js)
		return -EIO;
	objs = json_array();
	json_array_foreach(bus_find(js, "sdos"), i, sdo) {
		unsigned int index = json_integer_value(json_object_get(sdo,
								"index"));
		unsigned int code = json_integer_value(json_object_get(sdo,
							"object_code"));
		const char *name = json_string_value(json_object_get(sdo,
								"name"));
		json_t *ents = json_object_get(sdo, "entries"), *o, *list;

		if (code == 7) {	/* VAR: its entry 0 */
			e = json_array_get(ents, 0);
			o = e ? bus_entry(b, pos, index, e, true, name, m) :
				NULL;
			if (o)
				json_array_append_new(objs, o);
			continue;
		}
		list = json_array();
		o = json_pack("{si,ss,ss,sO,so}", "index", (int)index,
			      "name", name ? name : "", "object", "RECORD",
			      "max_subindex", json_object_get(sdo,
							      "max_subindex"),
			      "entries", list);
		if (!o)
			continue;
		json_array_foreach(ents, k, e) {
			json_t *x;
			unsigned int sub = json_integer_value(
				json_object_get(e, "subindex"));

			if (!sub) {	/* subindex 0: access and value */
				json_object_set_new(o, "sub0_access",
					json_integer(bus_access(
					json_string_value(json_object_get(e,
							"access")))));
				x = bus_derived(m, index, 0);
				if (!x)
					x = bus_value(b, pos, index, 0, 0x0005,
						      8);
				if (x && json_integer_value(x) <
				    json_integer_value(json_object_get(sdo,
							"max_subindex")))
					json_object_set_new(o, "sub0_value", x);
				else
					json_decref(x);
				continue;
			}
			x = bus_entry(b, pos, index, e, false, NULL, m);
			if (x)
				json_array_append_new(list, x);
		}
		json_array_append_new(objs, o);
	}
	json_decref(js);
	if (json_array_size(objs))
		json_object_set_new(m, "objects", objs);
	else
		json_decref(objs);
	return 0;
}

static bool bus_has_coe(json_t *m)
{
	json_t *v;
	size_t i;

	json_array_foreach(json_object_get(json_object_get(m, "mailbox"),
					   "protocols"), i, v)
		if (!strcmp(json_string_value(v), "CoE"))
			return true;
	return false;
}

int ecsim_from_bus(const char *tool, unsigned int master, bool values,
		   json_t **segment, char *err, size_t errlen)
{
	struct bus b = { tool, master, values, err, errlen };
	json_t *js, *list, *seg, *models, *slaves, *v;
	size_t i, k, n;
	int ret = 0;

	err[0] = 0;
	js = bus_json(&b, "slaves");
	if (!js)
		return -EIO;
	list = bus_find(js, "slaves");
	n = json_array_size(list);
	if (!n) {
		snprintf(err, errlen, "master %u has no slaves", master);
		json_decref(js);
		return -ENOENT;
	}
	seg = json_pack("{s:s,s:{},s:[]}", "comment", "recorded by "
			"ethercat-sim --from-bus", "models", "slaves");
	models = json_object_get(seg, "models");
	slaves = json_object_get(seg, "slaves");
	for (i = 0; i < n && !ret; i++) {
		json_t *m = json_object(), *sl = json_object();
		unsigned int pos = json_integer_value(json_object_get(
				json_array_get(list, i), "position"));
		const char *name = json_string_value(json_object_get(
				json_array_get(list, i), "name"));
		char key[32];

		snprintf(key, sizeof(key), "bus-%u", pos);
		json_object_set_new(sl, "model", json_string(key));
		if (name)
			json_object_set_new(m, "comment", json_string(name));
		ret = bus_sii(&b, pos, m, sl);
		if (!ret)
			ret = bus_esc(&b, pos, m);
		if (!ret)
			ret = bus_pdos(&b, pos, m);
		if (!ret && bus_has_coe(m))
			ret = bus_objects(&b, pos, m);
		/* CiA 402 device type: the drive behaviour */
		json_array_foreach(json_object_get(m, "objects"), k, v)
			if (json_integer_value(json_object_get(v, "index")) ==
			    0x1000 && (json_integer_value(json_object_get(v,
					"value")) & 0xffff) == 402)
				json_object_set_new(m, "behaviour",
						    json_string("cia402"));
		json_object_set_new(models, key, m);
		json_array_append_new(slaves, sl);
	}
	json_decref(js);
	if (ret) {
		if (!err[0])
			snprintf(err, errlen, "out of memory");
		json_decref(seg);
		return ret;
	}
	*segment = seg;
	return 0;
}
