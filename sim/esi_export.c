// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ESI export: a model of the catalogue written as an ETG.2000
 * <EtherCATInfo> file.  The slave is built first (SII image and object
 * dictionary as the simulator plays them) and the file describes that
 * slave, so that importing it again must give the same SII bytes and the
 * same objects (tests/unit/check_sim_esi_catalogue.c).  The file carries
 * no <Eeprom><Data>: the importer builds the SII from the description.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "esi.h"
#include "od.h"
#include "sim_priv.h"

#define ESI_BECKHOFF		0x00000002
/* ETG.5001 modular device profile */
#define ESI_MDP_PROFILE		5001

static xmlNode *add(xmlNode *parent, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static xmlNode *add(xmlNode *parent, const char *name, const char *fmt, ...)
{
	char text[512];
	va_list ap;

	if (!fmt)
		return xmlNewChild(parent, NULL, (const xmlChar *)name, NULL);
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	return xmlNewTextChild(parent, NULL, (const xmlChar *)name,
			       (const xmlChar *)text);
}

static void attr(xmlNode *n, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void attr(xmlNode *n, const char *name, const char *fmt, ...)
{
	char text[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	xmlNewProp(n, (const xmlChar *)name, (const xmlChar *)text);
}

static void add_hex(xmlNode *parent, const char *name, const uint8_t *b,
		    size_t n)
{
	char *h = malloc(2 * n + 1);
	size_t i;

	if (!h)
		return;
	h[0] = 0;
	for (i = 0; i < n; i++)
		sprintf(h + 2 * i, "%02X", b[i]);
	xmlNewTextChild(parent, NULL, (const xmlChar *)name,
			(const xmlChar *)h);
	free(h);
}

/* ESI name of an object dictionary data type; NULL when none fits. */
static const char *esi_type_name(uint16_t dt, unsigned int bits, char *buf,
				 size_t cap)
{
	static const struct {
		uint16_t dt;
		const char *name;
	} t[] = {
		{ ECSIM_DT_BOOLEAN, "BOOL" }, { ECSIM_DT_INTEGER8, "SINT" },
		{ ECSIM_DT_INTEGER16, "INT" }, { ECSIM_DT_INTEGER24, "INT24" },
		{ ECSIM_DT_INTEGER32, "DINT" }, { ECSIM_DT_INTEGER64, "LINT" },
		{ ECSIM_DT_UNSIGNED8, "USINT" },
		{ ECSIM_DT_UNSIGNED16, "UINT" },
		{ ECSIM_DT_UNSIGNED24, "UINT24" },
		{ ECSIM_DT_UNSIGNED32, "UDINT" },
		{ ECSIM_DT_UNSIGNED64, "ULINT" }, { ECSIM_DT_REAL32, "REAL" },
		{ ECSIM_DT_REAL64, "LREAL" },
		{ ECSIM_DT_OCTET_STRING, "OCTET_STRING" },
	};
	size_t i;

	if (dt == ECSIM_DT_VISIBLE_STRING) {
		snprintf(buf, cap, "STRING(%u)", bits / 8);
		return buf;
	}
	if (dt >= ECSIM_DT_BIT1 && dt <= ECSIM_DT_BIT8) {
		snprintf(buf, cap, "BIT%u", dt - ECSIM_DT_BIT1 + 1);
		return buf;
	}
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i].dt == dt)
			return t[i].name;
	return NULL;
}

/* ETG.2000 restriction names for a set of states (1 PREOP, 2 SAFEOP, 4 OP). */
static const char *esi_states(unsigned int s)
{
	static const char *const n[8] = {
		"", "PreOP", "SafeOP", "PreOP_SafeOP", "OP", "PreOP_OP",
		"SafeOP_OP", "",
	};

	return n[s & 7];
}

static void add_flags(xmlNode *parent, uint16_t acc)
{
	xmlNode *f = add(parent, "Flags", NULL), *a;
	unsigned int rd = acc & 7, wr = (acc >> 3) & 7;

	a = add(f, "Access", "%s", !wr ? "ro" : !rd ? "wo" : "rw");
	if (rd && rd != 7)
		attr(a, "ReadRestrictions", "%s", esi_states(rd));
	if (wr && wr != 7)
		attr(a, "WriteRestrictions", "%s", esi_states(wr));
	if (acc & (ECSIM_ACC_RXPDO | ECSIM_ACC_TXPDO))
		add(f, "PdoMapping", "%s%s", acc & ECSIM_ACC_RXPDO ? "R" : "",
		    acc & ECSIM_ACC_TXPDO ? "T" : "");
	if (acc & ECSIM_ACC_BACKUP)
		add(f, "Backup", "1");
	if (acc & ECSIM_ACC_SETTINGS)
		add(f, "Setting", "1");
}

/* <Info> of one entry: its default (and range) as the OD holds them. */
static void add_info_values(xmlNode *info, const struct ecsim_od_entry_info *e)
{
	size_t n = (e->bitlen + 7) / 8;

	if (e->datatype == ECSIM_DT_VISIBLE_STRING) {
		add(info, "DefaultString", "%.*s", (int)strnlen(
			    (const char *)e->def, n), (const char *)e->def);
		return;
	}
	if (e->has_min)
		add_hex(info, "MinData", e->min, n);
	if (e->has_max)
		add_hex(info, "MaxData", e->max, n);
	add_hex(info, "DefaultData", e->def, n);
}

struct esi_out {
	xmlNode *types;		/* <DataTypes> */
	xmlNode *objects;	/* <Objects> */
	char *err;
	size_t errlen;
};

static int add_basic_type(struct esi_out *o, const char *name,
			  unsigned int bits)
{
	xmlNode *t;

	if (esi_named(o->types, "DataType", name))
		return 0;
	t = add(o->types, "DataType", NULL);
	add(t, "Name", "%s", name);
	add(t, "BitSize", "%u", bits);
	return 0;
}

static int entry_type(struct esi_out *o, uint16_t index,
		      const struct ecsim_od_entry_info *e, char *buf,
		      size_t cap, const char **name)
{
	*name = esi_type_name(e->datatype, e->bitlen, buf, cap);
	if (!*name) {
		snprintf(o->err, o->errlen, "object 0x%04x: data type 0x%04x "
			 "has no ESI name", index, e->datatype);
		return -EINVAL;
	}
	return add_basic_type(o, *name, e->bitlen);
}

static void add_subitem_type(xmlNode *dt, unsigned int sub, const char *name,
			     const char *type, unsigned int bits,
			     unsigned int offs, uint16_t acc)
{
	xmlNode *si = add(dt, "SubItem", NULL);

	add(si, "SubIdx", "%u", sub);
	add(si, "Name", "%s", name);
	add(si, "Type", "%s", type);
	add(si, "BitSize", "%u", bits);
	add(si, "BitOffs", "%u", offs);
	add_flags(si, acc);
}

static void add_subitem_info(xmlNode *info, const char *name,
			     const struct ecsim_od_entry_info *e)
{
	xmlNode *si = add(info, "SubItem", NULL);

	add(si, "Name", "%s", name);
	add_info_values(add(si, "Info", NULL), e);
}

static int export_var(struct esi_out *o, const struct ecsim_od *od,
		      const struct ecsim_od_object_info *oi)
{
	struct ecsim_od_entry_info e;
	xmlNode *ob;
	const char *tn;
	char buf[24];

	if (ecsim_od_entry_info(od, oi->index, 0, &e))
		return 0;
	if (entry_type(o, oi->index, &e, buf, sizeof(buf), &tn))
		return -EINVAL;
	ob = add(o->objects, "Object", NULL);
	add(ob, "Index", "#x%04X", oi->index);
	add(ob, "Name", "%s", oi->name);
	add(ob, "Type", "%s", tn);
	add(ob, "BitSize", "%u", e.bitlen);
	add_info_values(add(ob, "Info", NULL), &e);
	add_flags(ob, e.access);
	return 0;
}

/* ARRAY: DTxxxx (subindex 0, "Elements" of DTxxxxARR) and DTxxxxARR. */
static int export_array(struct esi_out *o, const struct ecsim_od *od,
			const struct ecsim_od_object_info *oi)
{
	struct ecsim_od_entry_info e0, e;
	xmlNode *ob, *dt, *info;
	char arr[16], dtn[16], buf[24];
	const char *tn;
	unsigned int k, bits;

	if (ecsim_od_entry_info(od, oi->index, 0, &e0) ||
	    ecsim_od_entry_info(od, oi->index, 1, &e))
		return 0;
	if (entry_type(o, oi->index, &e, buf, sizeof(buf), &tn) ||
	    add_basic_type(o, "USINT", 8))
		return -EINVAL;
	bits = oi->max_subindex * e.bitlen;
	snprintf(dtn, sizeof(dtn), "DT%04X", oi->index);
	snprintf(arr, sizeof(arr), "DT%04XARR", oi->index);
	dt = add(o->types, "DataType", NULL);
	add(dt, "Name", "%s", arr);
	add(dt, "BaseType", "%s", tn);
	add(dt, "BitSize", "%u", bits);
	info = add(dt, "ArrayInfo", NULL);
	add(info, "LBound", "1");
	add(info, "Elements", "%u", oi->max_subindex);
	dt = add(o->types, "DataType", NULL);
	add(dt, "Name", "%s", dtn);
	add(dt, "BitSize", "%u", 16 + bits);
	add_subitem_type(dt, 0, "SubIndex 000", "USINT", 8, 0, e0.access);
	dt = add(dt, "SubItem", NULL);
	add(dt, "Name", "Elements");
	add(dt, "Type", "%s", arr);
	add(dt, "BitSize", "%u", bits);
	add(dt, "BitOffs", "16");
	add_flags(dt, e.access);
	ob = add(o->objects, "Object", NULL);
	add(ob, "Index", "#x%04X", oi->index);
	add(ob, "Name", "%s", oi->name);
	add(ob, "Type", "%s", dtn);
	add(ob, "BitSize", "%u", 16 + bits);
	info = add(ob, "Info", NULL);
	add_subitem_info(info, "SubIndex 000", &e0);
	for (k = 1; k <= oi->max_subindex; k++) {
		if (ecsim_od_entry_info(od, oi->index, k, &e))
			continue;
		add_subitem_info(info, e.name, &e);
	}
	add_flags(ob, e0.access);
	return 0;
}

static int export_record(struct esi_out *o, const struct ecsim_od *od,
			 const struct ecsim_od_object_info *oi)
{
	struct ecsim_od_entry_info e0, e;
	xmlNode *ob, *dt, *info, *dt_name, *ob_type;
	char dtn[16], buf[24], size[16];
	const char *tn;
	unsigned int k, offs = 16;

	if (ecsim_od_entry_info(od, oi->index, 0, &e0) ||
	    add_basic_type(o, "USINT", 8))
		return 0;
	snprintf(dtn, sizeof(dtn), "DT%04X", oi->index);
	dt = add(o->types, "DataType", NULL);
	dt_name = add(dt, "Name", "%s", dtn);
	add_subitem_type(dt, 0, "SubIndex 000", "USINT", 8, 0, e0.access);
	ob = add(o->objects, "Object", NULL);
	add(ob, "Index", "#x%04X", oi->index);
	add(ob, "Name", "%s", oi->name);
	ob_type = add(ob, "Type", "%s", dtn);
	info = add(ob, "Info", NULL);
	add_subitem_info(info, "SubIndex 000", &e0);
	for (k = 1; k <= oi->max_subindex; k++) {
		if (ecsim_od_entry_info(od, oi->index, k, &e))
			continue;
		if (entry_type(o, oi->index, &e, buf, sizeof(buf), &tn))
			return -EINVAL;
		if (e.bitlen >= 8 && offs % 8)
			offs += 8 - offs % 8;
		add_subitem_type(dt, k, e.name, tn, e.bitlen, offs, e.access);
		add_subitem_info(info, e.name, &e);
		offs += e.bitlen;
	}
	/* the size is known now; ETG.2000 wants it after the name/type */
	snprintf(size, sizeof(size), "%u", offs);
	xmlAddNextSibling(dt_name, xmlNewDocRawNode(dt->doc, NULL,
			  (const xmlChar *)"BitSize", (const xmlChar *)size));
	xmlAddNextSibling(ob_type, xmlNewDocRawNode(ob->doc, NULL,
			  (const xmlChar *)"BitSize", (const xmlChar *)size));
	add_flags(ob, e0.access);
	return 0;
}

static int export_dictionary(xmlNode *profile, const struct ecsim_od *od,
			     char *err, size_t errlen)
{
	xmlNode *dict = add(profile, "Dictionary", NULL);
	struct esi_out o = {
		.types = add(dict, "DataTypes", NULL),
		.objects = add(dict, "Objects", NULL),
		.err = err, .errlen = errlen,
	};
	unsigned int i, n = ecsim_od_count(od);
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		struct ecsim_od_object_info oi;

		if (ecsim_od_object_at(od, i, &oi))
			continue;
		ret = oi.object_code == ECSIM_OD_OBJ_VAR ?
		      export_var(&o, od, &oi) :
		      oi.object_code == ECSIM_OD_OBJ_ARRAY ?
		      export_array(&o, od, &oi) : export_record(&o, od, &oi);
	}
	return ret;
}

/* PDO entry data type names (the SII's codes, ETG.1000.6 table 64). */
static const char *esi_entry_type_name(uint8_t code)
{
	static const char *const bits[] = {
		"BIT2", "BIT3", "BIT4", "BIT5", "BIT6", "BIT7", "BIT8",
	};
	char buf[8];

	if (code > ECSIM_DT_BIT1 && code <= ECSIM_DT_BIT8)
		return bits[code - ECSIM_DT_BIT1 - 1];
	if (!code || code == ECSIM_DT_BIT1 || code == ECSIM_DT_VISIBLE_STRING)
		return NULL;
	/* every other name esi_type_name() gives is a constant */
	return esi_type_name(code, 0, buf, sizeof(buf));
}

static void export_pdos(xmlNode *dev, const struct ecsim_model *m, bool rx)
{
	unsigned int i, j;

	for (i = 0; i < m->n_pdos; i++) {
		const struct ecsim_model_pdo *p = &m->pdos[i];
		xmlNode *x;

		if (ecsim_pdo_is_rx(p) != rx)
			continue;
		x = add(dev, rx ? "RxPdo" : "TxPdo", NULL);
		if (p->flags & ECSIM_PDO_FLAG_FIXED)
			attr(x, "Fixed", "1");
		if (p->flags & ECSIM_PDO_FLAG_MANDATORY)
			attr(x, "Mandatory", "1");
		if (p->sm != 0xff)
			attr(x, "Sm", "%u", p->sm);
		add(x, "Index", "#x%04X", p->index);
		if (p->name)
			add(x, "Name", "%s", p->name);
		for (j = 0; j < p->n_entries; j++) {
			const struct ecsim_model_entry *e = &p->entries[j];
			const char *tn = e->index ?
					 esi_entry_type_name(e->datatype) :
					 NULL;
			xmlNode *en = add(x, "Entry", NULL);

			add(en, "Index", "#x%04X", e->index);
			add(en, "SubIndex", "%u", e->sub);
			add(en, "BitLen", "%u", e->bits);
			if (e->name)
				add(en, "Name", "%s", e->name);
			if (tn)
				add(en, "DataType", "%s", tn);
		}
	}
}

static void export_mailbox(xmlNode *dev, const struct ecsim_model *m)
{
	static const struct {
		uint16_t bit;
		const char *name;
	} protos[] = {
		{ SII_MBX_AOE, "AoE" }, { SII_MBX_EOE, "EoE" },
		{ SII_MBX_COE, "CoE" }, { SII_MBX_FOE, "FoE" },
		{ SII_MBX_SOE, "SoE" }, { SII_MBX_VOE, "VoE" },
	};
	xmlNode *mb;
	unsigned int i;

	if (!m->mbx_protocols)
		return;
	mb = add(dev, "Mailbox", NULL);
	attr(mb, "DataLinkLayer", "true");
	for (i = 0; i < sizeof(protos) / sizeof(protos[0]); i++) {
		xmlNode *p;

		if (!(m->mbx_protocols & protos[i].bit))
			continue;
		p = add(mb, protos[i].name, NULL);
		if (protos[i].bit != SII_MBX_COE)
			continue;
		attr(p, "SdoInfo", "%s", m->coe_details & 0x02 ? "true" :
		     "false");
		attr(p, "PdoAssign", "%s", m->coe_details & 0x04 ? "true" :
		     "false");
		attr(p, "PdoConfig", "%s", m->coe_details & 0x08 ? "true" :
		     "false");
		attr(p, "PdoUpload", "%s", m->coe_details & 0x10 ? "true" :
		     "false");
		attr(p, "CompleteAccess", "%s", m->coe_details & 0x20 ?
		     "true" : "false");
	}
}

static void export_device(xmlNode *dev, const struct ecsim_slave *s,
			  char *err, size_t errlen, int *ret)
{
	static const char *const sm_types[] = {
		"", "MBoxOut", "MBoxIn", "Outputs", "Inputs",
	};
	static const char *const fmmus[] = {
		"", "Outputs", "Inputs", "MBoxState",
	};
	const struct ecsim_model *m = s->model;
	char physics[5] = { 0 };
	uint8_t cfg[8] = { 0 }, boot[8];
	xmlNode *t, *x;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		unsigned int d = (m->port_desc >> (2 * i)) & 3;

		physics[i] = d == ESC_PORT_EBUS ? 'K' : d == ESC_PORT_MII ?
			     'Y' : ' ';
	}
	for (i = 4; i > 0 && physics[i - 1] == ' '; i--)
		physics[i - 1] = 0;
	attr(dev, "Physics", "%s", physics);
	t = add(dev, "Type", "%s", m->order);
	attr(t, "ProductCode", "#x%08" PRIX32, m->product);
	attr(t, "RevisionNo", "#x%08" PRIX32, m->revision);
	attr(add(dev, "Name", "%s", m->name), "LcId", "1033");
	add(add(add(dev, "Info", NULL), "Electrical", NULL), "EBusCurrent",
	    "%d", m->ebus_current);
	if (m->group)
		add(dev, "GroupType", "%s", m->group);
	if (s->od) {
		x = add(dev, "Profile", NULL);
		add(x, "ProfileNo", "%u", ESI_MDP_PROFILE);
		*ret = export_dictionary(x, s->od, err, errlen);
	}
	for (i = 0; i < m->n_fmmu_usage; i++)
		add(dev, "Fmmu", "%s", fmmus[m->fmmu_usage[i] & 3]);
	for (i = 0; i < m->n_sms; i++) {
		x = add(dev, "Sm", "%s", m->sms[i].type < 5 ?
			sm_types[m->sms[i].type] : "");
		attr(x, "DefaultSize", "%u", m->sms[i].size);
		attr(x, "StartAddress", "#x%04X", m->sms[i].start);
		attr(x, "ControlByte", "#x%02X", m->sms[i].control);
		attr(x, "Enable", "%u", m->sms[i].enable);
	}
	export_pdos(dev, m, true);
	export_pdos(dev, m, false);
	export_mailbox(dev, m);
	if (m->dc && m->dc_assign_activate) {
		x = add(add(dev, "Dc", NULL), "OpMode", NULL);
		add(x, "Name", "DcSync");
		add(x, "Desc", "DC-Synchron");
		add(x, "AssignActivate", "#x%04X", m->dc_assign_activate);
	}
	x = add(dev, "Eeprom", NULL);
	add(x, "ByteSize", "%u", m->eeprom_kbit * 128);
	ecsim_put16(cfg, m->pdi_control);
	ecsim_put16(cfg + 2, m->pdi_config);
	ecsim_put16(cfg + 4, ecsim_get16(s->sii + 2 * SII_SYNC_PULSE_LEN));
	add_hex(x, "ConfigData", cfg, sizeof(cfg));
	if (m->boot_rx_size || m->boot_tx_size) {
		ecsim_put16(boot, m->boot_rx_start);
		ecsim_put16(boot + 2, m->boot_rx_size);
		ecsim_put16(boot + 4, m->boot_tx_start);
		ecsim_put16(boot + 6, m->boot_tx_size);
		add_hex(x, "BootStrap", boot, sizeof(boot));
	}
}

int ecsim_esi_write(const char *model_key, const char *segment_json,
		    FILE *out, char *err, size_t errlen)
{
	const struct ecsim_model *m;
	struct ecsim_segment *seg;
	xmlNode *root, *x, *dev;
	xmlChar *text = NULL;
	json_t *desc, *seg_json = NULL;
	xmlDoc *doc;
	char *js;
	int len, ret = 0;

	if (segment_json) {
		json_error_t jerr;

		seg_json = json_loads(segment_json, 0, &jerr);
		if (!seg_json) {
			snprintf(err, errlen, "segment: line %d: %s",
				 jerr.line, jerr.text);
			return -EINVAL;
		}
	}
	desc = json_pack("{s[{ss}]}", "slaves", "model", model_key);
	if (!desc)
		return -ENOMEM;
	if (json_object_get(seg_json, "models"))
		json_object_set(desc, "models",
				json_object_get(seg_json, "models"));
	json_decref(seg_json);
	js = json_dumps(desc, 0);
	json_decref(desc);
	if (!js)
		return -ENOMEM;
	seg = ecsim_segment_new_string(js, err, errlen);
	free(js);
	if (!seg) {		/* "slave 0: unknown model ..." */
		if (errlen && !strncmp(err, "slave 0: ", 9))
			memmove(err, err + 9, strlen(err + 9) + 1);
		return -ENOENT;
	}
	m = seg->slaves[0].model;
	doc = xmlNewDoc((const xmlChar *)"1.0");
	root = xmlNewNode(NULL, (const xmlChar *)"EtherCATInfo");
	xmlDocSetRootElement(doc, root);
	attr(root, "Version", "1.6");
	xmlAddChild(root, xmlNewComment((const xmlChar *)
		" written by ethercat-sim from its catalogue (export-esi) "));
	x = add(root, "Vendor", NULL);
	add(x, "Id", "#x%08" PRIX32, m->vendor);
	add(x, "Name", "%s", m->vendor == ESI_BECKHOFF ?
	    "Beckhoff Automation GmbH & Co. KG" : "ecsim (simulated vendor)");
	x = add(root, "Descriptions", NULL);
	if (m->group) {
		xmlNode *g = add(add(x, "Groups", NULL), "Group", NULL);

		add(g, "Type", "%s", m->group);
		attr(add(g, "Name", "%s", m->group), "LcId", "1033");
	}
	dev = add(add(x, "Devices", NULL), "Device", NULL);
	export_device(dev, &seg->slaves[0], err, errlen, &ret);
	if (!ret) {
		xmlDocDumpFormatMemoryEnc(doc, &text, &len, "UTF-8", 1);
		if (!text)
			ret = -ENOMEM;
		else if (fwrite(text, 1, (size_t)len, out) != (size_t)len)
			ret = -EIO;
		xmlFree(text);
	}
	xmlFreeDoc(doc);
	ecsim_segment_free(seg);
	return ret;
}

int ecsim_export_esi(const char *model, const char *segment, FILE *out,
		     char *err, size_t errlen)
{
	char *text = NULL;
	int ret;

	if (segment) {
		FILE *f = fopen(segment, "r");
		long n;

		if (!f) {
			snprintf(err, errlen, "%s: %s", segment,
				 strerror(errno));
			return -ENOENT;
		}
		fseek(f, 0, SEEK_END);
		n = ftell(f);
		rewind(f);
		text = n >= 0 ? calloc(1, (size_t)n + 1) : NULL;
		if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) {
			fclose(f);
			free(text);
			snprintf(err, errlen, "%s: cannot read", segment);
			return -EIO;
		}
		fclose(f);
	}
	ret = ecsim_esi_write(model, text, out, err, errlen);
	free(text);
	return ret;
}
