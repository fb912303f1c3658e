// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Device models: parsed from the JSON catalogue (sim/catalogue/) and from
 * the "models" object of a segment file.  The format is documented in
 * sim/README.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"

/* SII/CoE basic data types, ETG.1000.6 table 64 */
static const struct {
	const char *name;
	uint8_t code;
	uint8_t bits;
} types[] = {
	{ "BOOL", 0x01, 1 }, { "BIT", 0x01, 1 }, { "INT8", 0x02, 8 },
	{ "INT16", 0x03, 16 }, { "INT32", 0x04, 32 }, { "UINT8", 0x05, 8 },
	{ "UINT16", 0x06, 16 }, { "UINT32", 0x07, 32 },
	{ "REAL32", 0x08, 32 }, { "INT64", 0x15, 64 }, { "UINT64", 0x1B, 64 },
	{ "BIT2", 0x31, 2 }, { "BIT3", 0x32, 3 }, { "BIT4", 0x33, 4 },
	{ "BIT5", 0x34, 5 }, { "BIT6", 0x35, 6 }, { "BIT7", 0x36, 7 },
	{ "BIT8", 0x37, 8 },
};

/* Bits of a data type name of the table above, or -1 when unknown. */
int ecsim_model_type_bits(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(name, types[i].name))
			return types[i].bits;
	return -1;
}

/* SII mailbox protocol bit of a protocol name ("CoE"), 0 when unknown. */
uint16_t ecsim_model_mbx_protocol(const char *name)
{
	return !strcmp(name, "AoE") ? SII_MBX_AOE :
	       !strcmp(name, "EoE") ? SII_MBX_EOE :
	       !strcmp(name, "CoE") ? SII_MBX_COE :
	       !strcmp(name, "FoE") ? SII_MBX_FOE :
	       !strcmp(name, "SoE") ? SII_MBX_SOE :
	       !strcmp(name, "VoE") ? SII_MBX_VOE : 0;
}

int ecsim_json_uint(const json_t *v, uint64_t max, uint64_t *out)
{
	unsigned long long u;
	char *end;

	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0 ||
		    (uint64_t)json_integer_value(v) > max)
			return -ERANGE;
		*out = (uint64_t)json_integer_value(v);
		return 0;
	}
	if (json_is_true(v) || json_is_false(v)) {
		*out = json_is_true(v);
		return 0;
	}
	if (!json_is_string(v))
		return -EINVAL;
	errno = 0;
	u = strtoull(json_string_value(v), &end, 0);
	if (errno || *end || end == json_string_value(v) || u > max)
		return -EINVAL;
	*out = u;
	return 0;
}

/*
 * Beckhoff's serial numbers (0x1018:04, SII word 0x0E) carry the production
 * date: week in bits 8-15, year (two digits) in bits 0-7.  Simulated slaves
 * get distinct, plausible dates: weeks 1-52 of 2019-2024.
 */
uint32_t ecsim_default_serial(unsigned int id)
{
	return (1 + id * 11 % 52) << 8 | (19 + id / 52 % 6);
}

/* "0x6000:01" (hex subindex) or "0x6000:1". */
int ecsim_json_entry_ref(const char *s, uint16_t *index, uint8_t *sub)
{
	unsigned long i, k;
	char *end;

	i = strtoul(s, &end, 0);
	if (end == s || *end != ':' || i > 0xffff)
		return -EINVAL;
	s = end + 1;
	k = strtoul(s, &end, 16);
	if (end == s || *end || k > 0xff)
		return -EINVAL;
	*index = (uint16_t)i;
	*sub = (uint8_t)k;
	return 0;
}

static int get_num(const json_t *obj, const char *key, uint64_t max,
		   uint64_t def, uint64_t *out)
{
	const json_t *v = json_object_get(obj, key);

	if (!v) {
		*out = def;
		return 0;
	}
	return ecsim_json_uint(v, max, out);
}

static char *get_str(const json_t *obj, const char *key, const char *def)
{
	const json_t *v = json_object_get(obj, key);
	const char *s = json_is_string(v) ? json_string_value(v) : def;

	return s ? strdup(s) : NULL;
}

bool ecsim_pdo_is_rx(const struct ecsim_model_pdo *pdo)
{
	return pdo->index >= 0x1600 && pdo->index < 0x1800;
}

static int parse_sm_type(const char *t)
{
	static const char *const names[] = {
		"unused", "mbx_out", "mbx_in", "outputs", "inputs",
	};
	unsigned int i;

	for (i = 0; i < 5; i++)
		if (!strcmp(t, names[i]))
			return (int)i;
	return -1;
}

static int parse_sms(struct ecsim_model *m, const json_t *a)
{
	size_t i;
	json_t *v;

	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > ESC_SM_MAX)
		return -EINVAL;
	json_array_foreach(a, i, v) {
		struct ecsim_model_sm *d = &m->sms[i];
		const char *t = NULL;
		uint64_t x;
		int type;

		if (json_unpack((json_t *)v, "{s:s}", "type", &t))
			return -EINVAL;
		type = parse_sm_type(t);
		if (type < 0)
			return -EINVAL;
		d->type = (uint8_t)type;
		if (get_num(v, "start", 0xffff, 0, &x))
			return -EINVAL;
		d->start = (uint16_t)x;
		if (get_num(v, "size", 0xffff, 0, &x))
			return -EINVAL;
		d->size = (uint16_t)x;
		if (get_num(v, "control", 0xff, 0, &x))
			return -EINVAL;
		d->control = (uint8_t)x;
		if (get_num(v, "enable", 0xff, 1, &x))
			return -EINVAL;
		d->enable = (uint8_t)x;
	}
	m->n_sms = (unsigned int)json_array_size(a);
	return 0;
}

static int parse_entry(struct ecsim_model_entry *e, const json_t *v)
{
	const char *t = NULL;
	uint64_t x;
	unsigned int i;

	if (get_num(v, "index", 0xffff, 0, &x))
		return -EINVAL;
	e->index = (uint16_t)x;
	if (get_num(v, "sub", 0xff, 0, &x))
		return -EINVAL;
	e->sub = (uint8_t)x;
	json_unpack((json_t *)v, "{s?s}", "type", &t);
	for (i = 0; t && i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(t, types[i].name)) {
			e->datatype = types[i].code;
			e->bits = types[i].bits;
		}
	if (get_num(v, "bits", 64, e->bits, &x) || !x)
		return -EINVAL;
	e->bits = (uint8_t)x;
	if (!e->datatype && e->index)
		e->datatype = x == 1 ? 0x01 : x == 8 ? 0x05 : x == 16 ? 0x06 :
			      x == 32 ? 0x07 : 0;
	e->name = get_str(v, "name", NULL);
	return 0;
}

static int parse_pdos(struct ecsim_model *m, const json_t *a)
{
	size_t i, j;
	json_t *v, *e;

	if (!a)
		return 0;
	if (!json_is_array(a))
		return -EINVAL;
	m->pdos = calloc(json_array_size(a) + 1, sizeof(*m->pdos));
	if (!m->pdos)
		return -ENOMEM;
	json_array_foreach(a, i, v) {
		struct ecsim_model_pdo *p = &m->pdos[i];
		const json_t *ents = json_object_get(v, "entries");
		uint64_t x;

		m->n_pdos = (unsigned int)i + 1;
		if (get_num(v, "index", 0xffff, 0, &x))
			return -EINVAL;
		p->index = (uint16_t)x;
		if (json_is_integer(json_object_get(v, "sm")) &&
		    json_integer_value(json_object_get(v, "sm")) < 0)
			x = 0xff;
		else if (get_num(v, "sm", 0xff, 0xff, &x))
			return -EINVAL;
		p->sm = (uint8_t)x;
		if (get_num(v, "flags", 0xffff, 0, &x))
			return -EINVAL;
		p->flags = (uint16_t)x;
		p->name = get_str(v, "name", NULL);
		if (!json_is_array(ents))
			return -EINVAL;
		p->entries = calloc(json_array_size(ents) + 1,
				    sizeof(*p->entries));
		if (!p->entries)
			return -ENOMEM;
		json_array_foreach(ents, j, e) {
			if (parse_entry(&p->entries[j], e))
				return -EINVAL;
			p->n_entries = (unsigned int)j + 1;
		}
	}
	return 0;
}

static int parse_ports(struct ecsim_model *m, const json_t *a)
{
	size_t i;
	json_t *v;

	m->port_desc = ESC_PORT_EBUS | ESC_PORT_EBUS << 2;
	if (!a)
		return 0;
	if (!json_is_array(a) || json_array_size(a) > 4)
		return -EINVAL;
	m->port_desc = 0;
	json_array_foreach(a, i, v) {
		const char *t = json_string_value(v);
		unsigned int d;

		if (!t)
			return -EINVAL;
		d = !strcmp(t, "MII") ? ESC_PORT_MII :
		    !strcmp(t, "EBUS") ? ESC_PORT_EBUS : ESC_PORT_NONE;
		m->port_desc |= d << (2 * i);
	}
	return 0;
}

static int parse_esc(struct ecsim_model *m, const json_t *esc)
{
	uint64_t x;

	if (get_num(esc, "type", 0xff, 0x11, &x))
		return -EINVAL;
	m->esc_type = (uint8_t)x;
	if (get_num(esc, "revision", 0xff, 0, &x))
		return -EINVAL;
	m->esc_revision = (uint8_t)x;
	if (get_num(esc, "build", 0xffff, 0, &x))
		return -EINVAL;
	m->esc_build = (uint16_t)x;
	if (get_num(esc, "fmmus", ESC_FMMU_MAX, 3, &x))
		return -EINVAL;
	m->n_fmmu = (uint8_t)x;
	if (get_num(esc, "sms", ESC_SM_MAX, 4, &x))
		return -EINVAL;
	m->n_sm = (uint8_t)x;
	if (get_num(esc, "ram_kb", 60, 8, &x))
		return -EINVAL;
	m->ram_kb = (uint8_t)x;
	if (get_num(esc, "eeprom_kbit", 512, 16, &x) || x < 1)
		return -EINVAL;
	m->eeprom_kbit = (uint16_t)x;
	if (get_num(esc, "read8", 1, 1, &x))
		return -EINVAL;
	m->eeprom_read8 = x;
	if (get_num(esc, "features", 0xffff,
		    m->dc ? ESC_FEAT_DC | ESC_FEAT_DC64 | ESC_FEAT_LOW_JITTER |
		    ESC_FEAT_ENH_LINK_EBUS | ESC_FEAT_ENH_DC_SYNC : 0, &x))
		return -EINVAL;
	m->features = (uint16_t)x;
	m->dc_regs = m->features & ESC_FEAT_DC;
	return parse_ports(m, json_object_get(esc, "ports"));
}

static int parse_mailbox(struct ecsim_model *m, const json_t *mb)
{
	const json_t *protos = json_object_get(mb, "protocols");
	const json_t *boot = json_object_get(mb, "bootstrap");
	size_t i;
	json_t *v;
	uint64_t x;

	json_array_foreach(protos, i, v) {
		const char *p = json_string_value(v);

		if (!p)
			return -EINVAL;
		m->mbx_protocols |= ecsim_model_mbx_protocol(p);
	}
	if (boot) {
		const json_t *o = json_object_get(boot, "out");
		const json_t *in = json_object_get(boot, "in");

		if (get_num(o, "start", 0xffff, 0, &x))
			return -EINVAL;
		m->boot_rx_start = (uint16_t)x;
		if (get_num(o, "size", 0xffff, 0, &x))
			return -EINVAL;
		m->boot_rx_size = (uint16_t)x;
		if (get_num(in, "start", 0xffff, 0, &x))
			return -EINVAL;
		m->boot_tx_start = (uint16_t)x;
		if (get_num(in, "size", 0xffff, 0, &x))
			return -EINVAL;
		m->boot_tx_size = (uint16_t)x;
	}
	if (get_num(mb, "coe_details", 0xff,
		    m->mbx_protocols & SII_MBX_COE ? 0x2f : 0, &x))
		return -EINVAL;
	m->coe_details = (uint8_t)x;
	return 0;
}

/* SII FMMU usage: explicit list, or one per process data direction. */
static int parse_fmmus(struct ecsim_model *m, const json_t *a)
{
	unsigned int n, i;
	bool out = false, in = false, mbx = false;
	size_t k;
	json_t *v;

	if (json_is_array(a)) {
		json_array_foreach(a, k, v) {
			const char *t = json_string_value(v);

			if (!t || k >= ESC_FMMU_MAX)
				return -EINVAL;
			m->fmmu_usage[k] = !strcmp(t, "outputs") ? 1 :
					   !strcmp(t, "inputs") ? 2 :
					   !strcmp(t, "mbx_state") ? 3 : 0;
			m->n_fmmu_usage = (unsigned int)k + 1;
		}
		return 0;
	}
	for (i = 0; i < m->n_sms; i++) {
		out |= m->sms[i].type == ECSIM_SMT_OUTPUTS;
		in |= m->sms[i].type == ECSIM_SMT_INPUTS;
		mbx |= m->sms[i].type == ECSIM_SMT_MBX_IN;
	}
	n = 0;
	if (out && n < m->n_fmmu)
		m->fmmu_usage[n++] = 1;
	if (in && n < m->n_fmmu)
		m->fmmu_usage[n++] = 2;
	if (mbx && n < m->n_fmmu)
		m->fmmu_usage[n++] = 3;
	m->n_fmmu_usage = n;
	return 0;
}

/* "sii_image": hex digits of the whole EEPROM (an ESI <Eeprom><Data>). */
static int parse_sii_image(struct ecsim_model *m, const json_t *v)
{
	const char *s = json_string_value(v);
	size_t n, i;

	if (!v)
		return 0;
	n = s ? strlen(s) : 0;
	if (!n || n % 4 || n / 2 > 65536)
		return -EINVAL;
	m->sii_image = malloc(n / 2);
	if (!m->sii_image)
		return -ENOMEM;
	for (i = 0; i < n / 2; i++) {
		unsigned int b;

		if (sscanf(s + 2 * i, "%2x", &b) != 1)
			return -EINVAL;
		m->sii_image[i] = (uint8_t)b;
	}
	m->sii_image_len = n / 2;
	return 0;
}

static int parse_model(struct ecsim_model *m, const char *key,
		       const json_t *o)
{
	const json_t *dc = json_object_get(o, "dc");
	uint64_t x;
	int ret;

	m->key = strdup(key);
	m->name = get_str(o, "name", key);
	m->order = get_str(o, "order", key);
	m->group = get_str(o, "group", NULL);
	m->hw_version = get_str(o, "hw_version", NULL);
	m->sw_version = get_str(o, "sw_version", NULL);
	m->behaviour = get_str(o, "behaviour", NULL);
	if (get_num(o, "vendor", 0xffffffff, 0, &x))
		return -EINVAL;
	m->vendor = (uint32_t)x;
	if (get_num(o, "product", 0xffffffff, 0, &x))
		return -EINVAL;
	m->product = (uint32_t)x;
	if (get_num(o, "revision", 0xffffffff, 0, &x))
		return -EINVAL;
	m->revision = (uint32_t)x;
	if (get_num(o, "device_type", 0xffffffff, 0, &x))
		return -EINVAL;
	m->device_type = (uint32_t)x;
	/* negative: the coupler feeds the E-bus (ETG.2010 general cat.) */
	if (json_is_integer(json_object_get(o, "ebus_current")))
		m->ebus_current = (int16_t)json_integer_value(
			json_object_get(o, "ebus_current"));
	m->dc = dc && !json_is_false(dc);
	if (json_is_object(dc)) {
		if (get_num(dc, "assign_activate", 0xffff, 0x300, &x))
			return -EINVAL;
		m->dc_assign_activate = (uint16_t)x;
		m->dc_required = json_is_true(json_object_get(dc, "required"));
	} else if (m->dc) {
		m->dc_assign_activate = 0x300;
	}
	ret = parse_esc(m, json_object_get(o, "esc"));
	if (ret)
		return ret;
	ret = parse_sms(m, json_object_get(o, "sms"));
	if (ret)
		return ret;
	if (m->n_sms > m->n_sm)
		return -EINVAL;
	ret = parse_mailbox(m, json_object_get(o, "mailbox"));
	if (ret)
		return ret;
	/* without a mailbox there is no microcontroller: digital I/O PDI
	 * and device emulation (ESC Section I 10.1.2) */
	if (get_num(o, "pdi_control", 0xffff,
		    m->mbx_protocols ? ESC_PDI_TYPE_SPI :
		    ESC_PDI_TYPE_DIO | ESC_PDI_EMULATION, &x))
		return -EINVAL;
	m->pdi_control = (uint16_t)x;
	if (get_num(o, "pdi_config", 0xffff, 0, &x))
		return -EINVAL;
	m->pdi_config = (uint16_t)x;
	ret = parse_fmmus(m, json_object_get(o, "fmmus"));
	if (ret)
		return ret;
	ret = parse_pdos(m, json_object_get(o, "pdos"));
	if (ret)
		return ret;
	if (json_object_get(o, "objects"))
		m->objects = json_incref(json_object_get(o, "objects"));
	if (json_object_get(o, "idns"))	/* SoE dictionary (soe.c) */
		m->idns = json_incref(json_object_get(o, "idns"));
	return parse_sii_image(m, json_object_get(o, "sii_image"));
}

static void model_free(struct ecsim_model *m)
{
	unsigned int i, j;

	if (!m)
		return;
	for (i = 0; i < m->n_pdos; i++) {
		for (j = 0; j < m->pdos[i].n_entries; j++)
			free(m->pdos[i].entries[j].name);
		free(m->pdos[i].entries);
		free(m->pdos[i].name);
	}
	free(m->pdos);
	free(m->sii_image);
	json_decref(m->objects);
	json_decref(m->idns);
	free(m->key);
	free(m->name);
	free(m->order);
	free(m->group);
	free(m->hw_version);
	free(m->sw_version);
	free(m->behaviour);
	free(m);
}

/**
 * ecsim_models_load() - add the models of a JSON object to @set
 * @set: model set; a model with a key already present replaces it
 * @models: { "EL1008": { ... }, ... }
 * @err: message on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int ecsim_models_load(struct ecsim_model_set *set, json_t *models,
		      char *err, size_t errlen)
{
	const char *key;
	json_t *v;

	if (!json_is_object(models)) {
		snprintf(err, errlen, "\"models\" must be an object");
		return -EINVAL;
	}
	json_object_foreach(models, key, v) {
		struct ecsim_model *m = calloc(1, sizeof(*m)), **nm;
		unsigned int i;
		int ret;

		if (!m)
			return -ENOMEM;
		ret = parse_model(m, key, v);
		if (ret) {
			snprintf(err, errlen, "model \"%s\": invalid (%s)",
				 key, ret == -ENOMEM ? "no memory" :
				 "bad or missing field");
			model_free(m);
			return ret;
		}
		for (i = 0; i < set->n; i++)
			if (!strcmp(set->models[i]->key, key))
				break;
		if (i < set->n) {
			model_free(set->models[i]);
			set->models[i] = m;
			continue;
		}
		nm = realloc(set->models, (set->n + 1) * sizeof(*nm));
		if (!nm) {
			model_free(m);
			return -ENOMEM;
		}
		set->models = nm;
		set->models[set->n++] = m;
	}
	return 0;
}

const struct ecsim_model *ecsim_models_find(const struct ecsim_model_set *s,
					    const char *key)
{
	unsigned int i;

	for (i = 0; i < s->n; i++)
		if (!strcmp(s->models[i]->key, key))
			return s->models[i];
	return NULL;
}

void ecsim_models_free(struct ecsim_model_set *set)
{
	unsigned int i;

	for (i = 0; i < set->n; i++)
		model_free(set->models[i]);
	free(set->models);
	set->models = NULL;
	set->n = 0;
}
