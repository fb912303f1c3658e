// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ESI import (EtherCAT Slave Information, ETG.2000): one <Device> of an
 * <EtherCATInfo> file becomes a model in the catalogue's JSON format, so
 * the slave is then built by the same code as a catalogue model (SII image
 * from the description, or the file's <Eeprom><Data>; object dictionary
 * from <Profile><Dictionary>).  What the file describes and the simulator
 * does not model is collected in the model's "unmodelled" list.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>

#include "esi.h"
#include "sim_priv.h"

/* Mailbox protocols the simulator answers (others get the mailbox error
 * "unsupported protocol", see mailbox.c). */
#define ESI_SERVED_PROTOCOLS	(SII_MBX_COE | SII_MBX_FOE | SII_MBX_SOE | SII_MBX_VOE)

/* SII general category, CoE details (ETG.2010 table 4) */
#define ESI_COE_SDO		0x01
#define ESI_COE_SDO_INFO	0x02
#define ESI_COE_PDO_ASSIGN	0x04
#define ESI_COE_PDO_CONFIG	0x08
#define ESI_COE_PDO_UPLOAD	0x10
#define ESI_COE_COMPLETE_ACCESS	0x20

static int esi_set_str(json_t *o, const char *key, char *s)
{
	int ret = s ? json_object_set_new(o, key, json_string(s)) : -1;

	free(s);
	return ret ? -ENOMEM : 0;
}

/* ESI data type names of PDO entries and the catalogue's (model.c). */
static const struct {
	const char *esi, *model;
} esi_entry_types[] = {
	{ "BOOL", "BOOL" }, { "BIT", "BOOL" }, { "BIT1", "BOOL" },
	{ "SINT", "INT8" }, { "INT", "INT16" }, { "DINT", "INT32" },
	{ "LINT", "INT64" }, { "USINT", "UINT8" }, { "BYTE", "UINT8" },
	{ "UINT", "UINT16" }, { "WORD", "UINT16" }, { "UDINT", "UINT32" },
	{ "DWORD", "UINT32" }, { "ULINT", "UINT64" }, { "LWORD", "UINT64" },
	{ "REAL", "REAL32" }, { "BIT2", "BIT2" }, { "BIT3", "BIT3" },
	{ "BIT4", "BIT4" }, { "BIT5", "BIT5" }, { "BIT6", "BIT6" },
	{ "BIT7", "BIT7" }, { "BIT8", "BIT8" },
};

static int esi_pdo_entry(struct esi_ctx *x, const xmlNode *en, json_t *a)
{
	static const struct esi_field fields[] = {
		{ "Index", "index", false, false, 0, 0xffff, 0 },
		{ "SubIndex", "sub", false, true, 0, 0xff, 0 },
		{ "BitLen", "bits", false, false, 1, 64, 0 },
	};
	json_t *e = json_object();
	char *t;
	size_t i;

	if (!e || json_array_append_new(a, e))
		return -ENOMEM;
	if (esi_fields(x, en, fields, sizeof(fields) / sizeof(fields[0]), e))
		return -EINVAL;
	if (esi_child(en, "Name")) {
		t = esi_name(en);
		if (!t)
			return -ENOMEM;
		if (*t)
			json_object_set_new(e, "name", json_string(t));
		free(t);
	}
	if (!esi_child(en, "DataType"))
		return 0;
	t = esi_text(esi_child(en, "DataType"));
	if (!t)
		return -ENOMEM;
	for (i = 0; i < sizeof(esi_entry_types) / sizeof(esi_entry_types[0]);
	     i++)
		if (!strcmp(t, esi_entry_types[i].esi))
			json_object_set_new(e, "type", json_string(
						esi_entry_types[i].model));
	if (!json_object_get(e, "type"))
		esi_unmodelled(x, "PDO entry data type %s (the SII gets the "
			       "type from the bit length)", t);
	free(t);
	return 0;
}

/* <RxPdo>/<TxPdo>: ETG.2000 PdoType; @sms: the <Sm> types in order. */
static int esi_pdo(struct esi_ctx *x, const xmlNode *p, bool rx,
		   const json_t *sms, json_t *pdos)
{
	static const char *const known[] = {
		"Sm", "Fixed", "Mandatory",
	};
	json_t *o = json_object(), *ents = json_array();
	const xmlNode *en;
	const xmlAttr *at;
	int64_t index, sm;
	unsigned int flags = 0;
	size_t i;
	char *name;

	if (!o || !ents || json_array_append_new(pdos, o) ||
	    json_object_set_new(o, "entries", ents))
		return -ENOMEM;
	snprintf(x->where, sizeof(x->where), "<%s>", rx ? "RxPdo" : "TxPdo");
	if (esi_num(x, p, "Index", rx ? 0x1600 : 0x1a00,
		    rx ? 0x17ff : 0x1bff, false, 0, &index))
		return -EINVAL;
	snprintf(x->where, sizeof(x->where), "<%s> 0x%04" PRIx64,
		 rx ? "RxPdo" : "TxPdo", index);
	json_object_set_new(o, "index", json_integer(index));
	if (esi_attr_num(x, p, "Sm", 0, 15, true, -1, &sm))
		return -EINVAL;
	if (sm >= 0) {
		const char *t;

		if ((size_t)sm >= json_array_size(sms))
			return esi_fail(x, "Sm=\"%" PRId64 "\", but the device "
					"has %zu <Sm>", sm,
					json_array_size(sms));
		t = json_string_value(json_object_get(
			json_array_get(sms, sm), "type"));
		if (strcmp(t, rx ? "outputs" : "inputs"))
			return esi_fail(x, "Sm=\"%" PRId64 "\" is a %s sync "
					"manager", sm, t);
	}
	json_object_set_new(o, "sm", json_integer(sm));
	if (esi_attr_bool(p, "Mandatory"))
		flags |= ECSIM_PDO_FLAG_MANDATORY;
	if (esi_attr_bool(p, "Fixed"))
		flags |= ECSIM_PDO_FLAG_FIXED;
	json_object_set_new(o, "flags", json_integer(flags));
	for (at = p->properties; at; at = at->next) {
		for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
			if (!strcmp((const char *)at->name, known[i]))
				break;
		if (i == sizeof(known) / sizeof(known[0]))
			esi_unmodelled(x, "PDO attribute %s", at->name);
	}
	if (esi_child(p, "Exclude"))
		esi_unmodelled(x, "PDO <Exclude> (the master's choice of PDOs "
			       "is not checked)");
	name = esi_name(p);
	if (name && *name)
		json_object_set_new(o, "name", json_string(name));
	free(name);
	for (en = esi_child(p, "Entry"), i = 0; en;
	     en = esi_next(en, "Entry"), i++) {
		char where[sizeof(x->where)];
		int ret;

		memcpy(where, x->where, sizeof(where));
		snprintf(x->where, sizeof(x->where), "%.60s <Entry> %zu",
			 where, i + 1);
		ret = esi_pdo_entry(x, en, ents);
		if (ret)
			return ret;
		memcpy(x->where, where, sizeof(where));
	}
	return 0;
}

/*
 * When no <Sm> of a device has text (the master's "ethercat xml" writes
 * them so), each one's type follows from its control byte (ESC Section II,
 * 0x0804: bits 0-1 mode, 2 mailbox; bits 2-3 direction, 1 written by the
 * master); otherwise an <Sm> without text is unused.
 */
static const char *esi_sm_type_of(json_int_t control)
{
	bool mailbox = (control & 3) == 2, out = ((control >> 2) & 3) == 1;

	if ((control & 3) != 0 && !mailbox)
		return "unused";
	return mailbox ? (out ? "mbx_out" : "mbx_in") :
			 (out ? "outputs" : "inputs");
}

static int esi_sms(struct esi_ctx *x, const xmlNode *dev, json_t *m)
{
	static const struct esi_field fields[] = {
		{ "StartAddress", "start", true, false, 0, 0xffff, 0 },
		{ "DefaultSize", "size", true, true, 0, 0xffff, 0 },
		{ "ControlByte", "control", true, false, 0, 0xff, 0 },
		{ "Enable", "enable", true, true, 0, 0xff, 1 },
	};
	json_t *a = json_array();
	const xmlNode *s;
	unsigned int n = 0;
	bool typed = false;

	if (!a || json_object_set_new(m, "sms", a))
		return -ENOMEM;
	for (s = esi_child(dev, "Sm"); s && !typed; s = esi_next(s, "Sm")) {
		char *t = esi_text(s);

		typed = !t || *t;
		free(t);
	}
	for (s = esi_child(dev, "Sm"); s; s = esi_next(s, "Sm"), n++) {
		json_t *o = json_object();
		char *t = esi_text(s);
		const char *type;

		snprintf(x->where, sizeof(x->where), "<Sm> %u", n);
		if (!o || !t || json_array_append_new(a, o)) {
			free(t);
			return -ENOMEM;
		}
		type = !strcmp(t, "MBoxOut") ? "mbx_out" :
		       !strcmp(t, "MBoxIn") ? "mbx_in" :
		       !strcmp(t, "Outputs") ? "outputs" :
		       !strcmp(t, "Inputs") ? "inputs" : NULL;
		if (!type && *t) {
			esi_fail(x, "unknown sync manager type \"%s\" "
				 "(MBoxOut, MBoxIn, Outputs, Inputs)", t);
			free(t);
			return -EINVAL;
		}
		free(t);
		if (esi_fields(x, s, fields, sizeof(fields) / sizeof(fields[0]),
			       o))
			return -EINVAL;
		if (!type && !typed)	/* as "ethercat xml" writes them */
			type = esi_sm_type_of(json_integer_value(
				json_object_get(o, "control")));
		if (!type)
			type = "unused";
		json_object_set_new(o, "type", json_string(type));
		if (xmlHasProp(s, (const xmlChar *)"MinSize") ||
		    xmlHasProp(s, (const xmlChar *)"MaxSize"))
			esi_unmodelled(x, "<Sm> MinSize/MaxSize (the slave "
				       "checks the configured length against "
				       "the process data, not these bounds)");
	}
	if (n > ESC_SM_MAX) {
		x->where[0] = 0;
		return esi_fail(x, "%u <Sm>, at most %u", n, ESC_SM_MAX);
	}
	return 0;
}

static int esi_fmmus(struct esi_ctx *x, const xmlNode *dev, json_t *m)
{
	json_t *a = json_array();
	const xmlNode *f;

	if (!a || json_object_set_new(m, "fmmus", a))
		return -ENOMEM;
	for (f = esi_child(dev, "Fmmu"); f; f = esi_next(f, "Fmmu")) {
		char *t = esi_text(f);
		const char *u;

		if (!t)
			return -ENOMEM;
		u = !strcmp(t, "Outputs") ? "outputs" :
		    !strcmp(t, "Inputs") ? "inputs" :
		    !strcmp(t, "MBoxState") ? "mbx_state" : "unused";
		if (*t && !strcmp(u, "unused"))
			esi_unmodelled(x, "<Fmmu> %s", t);
		free(t);
		json_array_append_new(a, json_string(u));
	}
	if (json_array_size(a) > ESC_FMMU_MAX) {
		x->where[0] = 0;
		return esi_fail(x, "%zu <Fmmu>, at most %u",
				json_array_size(a), ESC_FMMU_MAX);
	}
	return 0;
}

static int esi_mailbox(struct esi_ctx *x, const xmlNode *mb, json_t *m)
{
	static const struct {
		const char *name;
		uint16_t bit;
	} protos[] = {
		{ "AoE", SII_MBX_AOE }, { "EoE", SII_MBX_EOE },
		{ "CoE", SII_MBX_COE }, { "FoE", SII_MBX_FOE },
		{ "SoE", SII_MBX_SOE }, { "VoE", SII_MBX_VOE },
	};
	json_t *o = json_object(), *a = json_array();
	const xmlNode *coe = esi_child(mb, "CoE");
	unsigned int details = 0, i;

	if (!o || !a || json_object_set_new(m, "mailbox", o) ||
	    json_object_set_new(o, "protocols", a))
		return -ENOMEM;
	for (i = 0; i < sizeof(protos) / sizeof(protos[0]); i++) {
		if (!esi_child(mb, protos[i].name))
			continue;
		json_array_append_new(a, json_string(protos[i].name));
		if (!(protos[i].bit & ESI_SERVED_PROTOCOLS))
			esi_unmodelled(x, "mailbox protocol %s (in the SII; "
				       "requests get the mailbox error "
				       "\"unsupported protocol\")",
				       protos[i].name);
	}
	if (coe) {
		details = ESI_COE_SDO;
		if (esi_attr_bool(coe, "SdoInfo"))
			details |= ESI_COE_SDO_INFO;
		if (esi_attr_bool(coe, "PdoAssign"))
			details |= ESI_COE_PDO_ASSIGN;
		if (esi_attr_bool(coe, "PdoConfig"))
			details |= ESI_COE_PDO_CONFIG;
		if (esi_attr_bool(coe, "PdoUpload"))
			details |= ESI_COE_PDO_UPLOAD;
		if (esi_attr_bool(coe, "CompleteAccess"))
			details |= ESI_COE_COMPLETE_ACCESS;
		if (esi_child(coe, "InitCmd"))
			esi_unmodelled(x, "<CoE><InitCmd> (commands for the "
				       "master, not the slave)");
	}
	json_object_set_new(o, "coe_details", json_integer(details));
	return 0;
}

static int esi_dc(struct esi_ctx *x, const xmlNode *dc, json_t *m)
{
	const xmlNode *op;
	int64_t aa = 0;
	unsigned int n = 0;

	for (op = esi_child(dc, "OpMode"); op; op = esi_next(op, "OpMode")) {
		int64_t v;

		snprintf(x->where, sizeof(x->where), "<Dc><OpMode> %u", n + 1);
		if (esi_num(x, op, "AssignActivate", 0, 0xffff, false, 0, &v))
			return -EINVAL;
		if (!aa && v)
			aa = v;
		else if (v)
			esi_unmodelled(x, "DC operation modes after the first "
				       "(the SII DC category has one)");
		n++;
	}
	if (aa)
		json_object_set_new(m, "dc", json_pack("{sI}",
						       "assign_activate",
						       (json_int_t)aa));
	return 0;
}

static int esi_eeprom(struct esi_ctx *x, const xmlNode *ee, json_t *m,
		      int64_t *bytes)
{
	const xmlNode *c;
	uint8_t *b;
	size_t n;
	int ret = 0;

	snprintf(x->where, sizeof(x->where), "<Eeprom>");
	if (esi_num(x, ee, "ByteSize", 128, 65536, true, *bytes, bytes))
		return -EINVAL;
	for (c = ee->children; c; c = c->next) {
		const char *what = (const char *)c->name;

		if (c->type != XML_ELEMENT_NODE || !strcmp(what, "ByteSize"))
			continue;
		if (strcmp(what, "ConfigData") && strcmp(what, "BootStrap") &&
		    strcmp(what, "Data")) {
			esi_unmodelled(x, "<Eeprom><%s>", what);
			continue;
		}
		ret = esi_hex_element(x, c, &b, &n);
		if (ret)
			return ret;
		if (!strcmp(what, "Data")) {
			char *hex = malloc(2 * n + 1);
			size_t i;

			if (!hex) {
				free(b);
				return -ENOMEM;
			}
			for (i = 0; i < n; i++)
				sprintf(hex + 2 * i, "%02x", b[i]);
			json_object_set_new(m, "sii_image", json_string(hex));
			free(hex);
		} else if (!strcmp(what, "ConfigData") && n >= 4) {
			json_object_set_new(m, "pdi_control",
					    json_integer(ecsim_get16(b)));
			json_object_set_new(m, "pdi_config",
					    json_integer(ecsim_get16(b + 2)));
		} else if (!strcmp(what, "BootStrap")) {
			if (n != 8) {
				free(b);
				return esi_fail(x, "<BootStrap> has %zu bytes, "
						"expected 8", n);
			}
			json_object_set_new(json_object_get(m, "mailbox") ?
				json_object_get(m, "mailbox") : m, "bootstrap",
				json_pack("{s{sisi}s{sisi}}",
					  "out", "start", ecsim_get16(b),
					  "size", ecsim_get16(b + 2),
					  "in", "start", ecsim_get16(b + 4),
					  "size", ecsim_get16(b + 6)));
		}
		free(b);
	}
	return 0;
}

/* "Physics": one letter per port (ETG.2000): K E-bus (LVDS), Y 100BASE-TX
 * and the other Ethernet letters MII, a blank no port. */
static json_t *esi_ports(const xmlNode *dev)
{
	xmlChar *ph = xmlGetProp(dev, (const xmlChar *)"Physics");
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && ph && ph[i] && i < 4; i++)
		json_array_append_new(a, json_string(
			ph[i] == 'K' ? "EBUS" :
			ph[i] == ' ' ? "none" : "MII"));
	if (a && !json_array_size(a)) {
		json_array_append_new(a, json_string("EBUS"));
		json_array_append_new(a, json_string("EBUS"));
	}
	xmlFree(ph);
	return a;
}

/*
 * The ESC behind the device: ESI files do not name it, so take an
 * ET1200-like one (3 FMMUs, 4 SMs, 1 KiB, 4-byte EEPROM reads) when that is
 * enough, else an ET1100-like one (8/8, 8 KiB, 8-byte reads); both have the
 * DC registers, SYNC units only with a <Dc> description.
 */
static int esi_esc(const xmlNode *dev, json_t *m, int64_t bytes)
{
	size_t nsm = json_array_size(json_object_get(m, "sms"));
	size_t nfmmu = json_array_size(json_object_get(m, "fmmus"));
	bool small = nsm <= 4 && nfmmu <= 3 && bytes <= 2048 &&
		     !json_object_get(m, "mailbox");
	json_t *esc = json_pack("{sisisisisisisIsbss}",
				"type", small ? 0x12 : 0x11,
				"revision", 0, "build", small ? 1 : 3,
				"fmmus", small ? 3 : 8, "sms", small ? 4 : 8,
				"ram_kb", small ? 1 : 8,
				"eeprom_kbit", (json_int_t)(bytes * 8 / 1024),
				"read8", !small,
				"features", json_object_get(m, "dc") ?
					    "0x01fc" : "0x003c");

	if (!esc || json_object_set_new(esc, "ports", esi_ports(dev)))
		return -ENOMEM;
	return json_object_set_new(m, "esc", esc) ? -ENOMEM : 0;
}

static int esi_info(struct esi_ctx *x, const xmlNode *info, json_t *m)
{
	const xmlNode *c, *el = esi_child(info, "Electrical");
	int64_t v;

	snprintf(x->where, sizeof(x->where), "<Info>");
	if (esi_num(x, el, "EBusCurrent", -32768, 32767, true, 0, &v))
		return -EINVAL;
	json_object_set_new(m, "ebus_current", json_integer(v));
	for (c = el ? el->children : NULL; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)c->name, "EBusCurrent"))
			esi_unmodelled(x, "<Info><Electrical><%s>", c->name);
	for (c = info->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)c->name, "Electrical"))
			esi_unmodelled(x, "<Info><%s>", c->name);
	return 0;
}

static int esi_profile(struct esi_ctx *x, const xmlNode *prof, json_t *m)
{
	const xmlNode *c, *dict = esi_child(prof, "Dictionary");
	json_t *objs = json_array();
	uint32_t dt = 0;
	bool have_dt = false;
	int ret;

	if (!objs || json_object_set_new(m, "objects", objs))
		return -ENOMEM;
	for (c = prof->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)c->name, "Dictionary") &&
		    strcmp((const char *)c->name, "ProfileNo") &&
		    strcmp((const char *)c->name, "AddInfo"))
			esi_unmodelled(x, "<Profile><%s>", c->name);
	if (!dict)
		return 0;
	ret = esi_dictionary(x, dict, objs, &dt, &have_dt);
	if (!ret && have_dt)
		json_object_set_new(m, "device_type", json_integer(dt));
	/* device profile CiA 402 (low word of 0x1000): a drive with the
	 * simulator's reduced CiA 402 state machine (sim/README.md) */
	if (!ret && have_dt && (dt & 0xffff) == 402)
		json_object_set_new(m, "behaviour", json_string("cia402"));
	return ret;
}

static int esi_device(struct esi_ctx *x, const xmlNode *dev, int64_t vendor,
		      json_t *m)
{
	static const char *const handled[] = {
		"Type", "Name", "GroupType", "Info", "Fmmu", "Sm", "RxPdo",
		"TxPdo", "Mailbox", "Dc", "Eeprom", "Profile", "URL",
	};
	static const struct esi_field identity[] = {
		{ "ProductCode", "product", true, false, 0, 0xffffffff, 0 },
		{ "RevisionNo", "revision", true, true, 0, 0xffffffff, 0 },
	};
	const xmlNode *type = esi_child(dev, "Type"), *c;
	json_t *pdos;
	int64_t bytes = 4096;
	size_t i;
	int ret;

	json_object_set_new(m, "vendor", json_integer(vendor));
	if (esi_fields(x, type, identity, 2, m))
		return -EINVAL;
	if (esi_set_str(m, "order", esi_text(type)))
		return -ENOMEM;
	if (!esi_child(dev, "Name"))
		return esi_fail(x, "<Name> missing");
	if (esi_set_str(m, "name", esi_name(dev)))
		return -ENOMEM;
	if (esi_child(dev, "GroupType") &&
	    esi_set_str(m, "group", esi_text(esi_child(dev, "GroupType"))))
		return -ENOMEM;
	for (c = dev->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		for (i = 0; i < sizeof(handled) / sizeof(handled[0]); i++)
			if (!strcmp((const char *)c->name, handled[i]))
				break;
		if (i == sizeof(handled) / sizeof(handled[0]))
			esi_unmodelled(x, "<Device><%s>", c->name);
	}
	if (esi_child(dev, "Info")) {
		ret = esi_info(x, esi_child(dev, "Info"), m);
		if (ret)
			return ret;
	}
	ret = esi_fmmus(x, dev, m);
	if (!ret)
		ret = esi_sms(x, dev, m);
	if (!ret && esi_child(dev, "Mailbox"))
		ret = esi_mailbox(x, esi_child(dev, "Mailbox"), m);
	if (!ret && esi_child(dev, "Dc"))
		ret = esi_dc(x, esi_child(dev, "Dc"), m);
	if (!ret && esi_child(dev, "Eeprom"))
		ret = esi_eeprom(x, esi_child(dev, "Eeprom"), m, &bytes);
	if (ret)
		return ret;
	pdos = json_array();
	if (!pdos || json_object_set_new(m, "pdos", pdos))
		return -ENOMEM;
	for (c = dev->children; c; c = c->next) {
		if (!esi_is(c, "RxPdo") && !esi_is(c, "TxPdo"))
			continue;
		ret = esi_pdo(x, c, esi_is(c, "RxPdo"),
			      json_object_get(m, "sms"), pdos);
		if (ret)
			return ret;
	}
	if (esi_child(dev, "Profile")) {
		snprintf(x->where, sizeof(x->where), "<Profile>");
		ret = esi_profile(x, esi_child(dev, "Profile"), m);
		if (ret)
			return ret;
	}
	x->where[0] = 0;
	return esi_esc(dev, m, bytes);
}

xmlDoc *esi_read(struct esi_ctx *x)
{
	xmlDoc *doc = xmlReadFile(x->path, NULL, XML_PARSE_NONET |
				  XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	const xmlError *e;

	if (doc)
		return doc;
	e = xmlGetLastError();
	if (e && e->code == XML_IO_LOAD_ERROR)
		esi_fail(x, "cannot read the file");
	else
		esi_fail(x, "not an XML file: line %d: %s", e ? e->line : 0,
			 e && e->message ? e->message : "parse error");
	if (e && e->message && x->err) {	/* drop libxml2's newline */
		size_t n = strlen(x->err);

		if (n && x->err[n - 1] == '\n')
			x->err[n - 1] = 0;
	}
	return NULL;
}

static bool esi_matches(const xmlNode *dev, const struct ecsim_esi_select *s);

/*
 * The devices of a document: one <EtherCATInfo>, or an <EtherCATInfoList>
 * of them (what "ethercat xml" writes for several slaves).  *@match: the
 * first device @sel selects, *@vendor its <Vendor><Id>; *@n counts them.
 * @each (may be NULL) is called for every device with its <Vendor><Id>.
 * Return: 0, or -EINVAL with the message in @x (or what @each returned).
 */
int esi_scan(struct esi_ctx *x, xmlDoc *doc,
	     const struct ecsim_esi_select *sel, xmlNode **match,
	     int64_t *vendor, unsigned int *n,
	     int (*each)(void *arg, const xmlNode *dev, int64_t vendor),
	     void *arg)
{
	xmlNode *root = xmlDocGetRootElement(doc), *info, *dev;
	bool list = esi_is(root, "EtherCATInfoList");
	int64_t v;
	int ret;

	*match = NULL;
	*n = 0;
	if (!list && !esi_is(root, "EtherCATInfo"))
		return esi_fail(x, "not an ESI file: root element <%s>, "
				"expected <EtherCATInfo> (ETG.2000)",
				root ? (const char *)root->name : "");
	for (info = list ? esi_child(root, "EtherCATInfo") : root; info;
	     info = list ? esi_next(info, "EtherCATInfo") : NULL) {
		if (!esi_child(info, "Vendor"))
			return esi_fail(x, "<EtherCATInfo><Vendor> missing");
		snprintf(x->where, sizeof(x->where), "<Vendor>");
		if (esi_num(x, esi_child(info, "Vendor"), "Id", 0,
			    0xffffffff, false, 0, &v))
			return -EINVAL;
		x->where[0] = 0;
		dev = esi_child(esi_child(esi_child(info, "Descriptions"),
					  "Devices"), "Device");
		if (!dev)
			return esi_fail(x, "<Descriptions><Devices> has no "
					"<Device>");
		for (; dev; dev = esi_next(dev, "Device"), (*n)++) {
			if (!esi_child(dev, "Type")) {
				snprintf(x->where, sizeof(x->where),
					 "<Device> %u", *n + 1);
				return esi_fail(x, "<Type> missing");
			}
			if (each) {
				ret = each(arg, dev, v);
				if (ret)
					return ret;
			}
			if (!*match && esi_matches(dev, sel)) {
				*match = dev;
				*vendor = v;
			}
		}
	}
	if (!*n)
		return esi_fail(x, "<EtherCATInfoList> has no <EtherCATInfo>");
	return 0;
}

static bool esi_matches(const xmlNode *dev, const struct ecsim_esi_select *s)
{
	const xmlNode *type = esi_child(dev, "Type");
	char *t = esi_text(type);
	bool ok = t && (!s->type || !strcmp(t, s->type));
	xmlChar *rev;
	int64_t r = 0;

	free(t);
	if (!ok || !s->have_revision)
		return ok;
	rev = xmlGetProp(type, (const xmlChar *)"RevisionNo");
	ok = rev && !esi_parse_num((const char *)rev, &r) &&
	     (uint32_t)r == s->revision;
	xmlFree(rev);
	return ok;
}

int ecsim_esi_model(const char *path, const struct ecsim_esi_select *sel,
		    json_t **model, char *err, size_t errlen)
{
	struct esi_ctx x = { .path = path, .err = err, .errlen = errlen };
	xmlNode *match = NULL;
	unsigned int n = 0;
	int64_t vendor = 0;
	xmlDoc *doc;
	json_t *m;
	int ret;

	doc = esi_read(&x);
	if (!doc)
		return -EINVAL;
	if (esi_scan(&x, doc, sel, &match, &vendor, &n, NULL, NULL)) {
		xmlFreeDoc(doc);
		return -EINVAL;
	}
	if (!match || (!sel->type && n != 1)) {
		xmlFreeDoc(doc);
		x.where[0] = 0;
		if (!sel->type && n != 1)
			esi_fail(&x, "%u devices: say which \"type\"", n);
		else if (sel->have_revision)
			esi_fail(&x, "no <Device> %s%s%srevision 0x%08" PRIx32,
				 sel->type ? "of type " : "",
				 sel->type ? sel->type : "",
				 sel->type ? " " : "", sel->revision);
		else
			esi_fail(&x, "no <Device> of type %s", sel->type);
		return -ENOENT;
	}
	m = json_object();
	x.unmodelled = json_array();
	if (!m || !x.unmodelled ||
	    json_object_set(m, "unmodelled", x.unmodelled)) {
		json_decref(m);
		json_decref(x.unmodelled);
		xmlFreeDoc(doc);
		return -ENOMEM;
	}
	{
		char *t = esi_text(esi_child(match, "Type"));

		snprintf(x.where, sizeof(x.where), "<Device> %s",
			 t ? t : "?");
		free(t);
	}
	ret = esi_device(&x, match, vendor, m);
	json_decref(x.unmodelled);
	xmlFreeDoc(doc);
	if (ret) {
		if (ret == -ENOMEM)
			snprintf(err, errlen, "%s: out of memory", path);
		json_decref(m);
		return ret;
	}
	*model = m;
	return 0;
}
