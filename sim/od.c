// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Object dictionary of a virtual slave: storage, building, raw access and
 * descriptions.  SDO access rules live in od_sdo.c, the standard objects
 * and the PDO layout in od_std.c, the JSON loader in od_json.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "od_priv.h"

struct ecsim_od *ecsim_od_new(void)
{
	struct ecsim_od *od = calloc(1, sizeof(*od));

	if (od)
		od->al_state = ECSIM_AL_PREOP;
	return od;
}

static void od_entry_clear(struct od_entry *e)
{
	free(e->name);
	free(e->val);
	free(e->def);
	memset(e, 0, sizeof(*e));
}

static void od_object_clear(struct od_object *o)
{
	unsigned int i;

	for (i = 0; i < o->n_sub; i++)
		od_entry_clear(&o->e[i]);
	free(o->e);
	free(o->name);
}

void ecsim_od_free(struct ecsim_od *od)
{
	unsigned int i;

	if (!od)
		return;
	for (i = 0; i < od->n; i++)
		od_object_clear(&od->obj[i]);
	free(od->obj);
	free(od);
}

/* Position of @index, or where it would be inserted. */
static unsigned int od_pos(const struct ecsim_od *od, uint16_t index)
{
	unsigned int lo = 0, hi = od->n;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (od->obj[mid].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

struct od_object *od_find(const struct ecsim_od *od, uint16_t index)
{
	unsigned int p = od_pos(od, index);

	if (p < od->n && od->obj[p].index == index)
		return &od->obj[p];
	return NULL;
}

struct od_entry *od_entry(const struct od_object *o, unsigned int sub)
{
	if (!o || sub >= o->n_sub || !o->e[sub].present)
		return NULL;
	return &o->e[sub];
}

void od_remove(struct ecsim_od *od, uint16_t index)
{
	unsigned int p = od_pos(od, index);

	if (p >= od->n || od->obj[p].index != index)
		return;
	od_object_clear(&od->obj[p]);
	memmove(&od->obj[p], &od->obj[p + 1],
		(od->n - p - 1) * sizeof(od->obj[0]));
	od->n--;
}

unsigned int od_count(const struct od_object *o)
{
	if (o->code == ECSIM_OD_OBJ_VAR || !o->e[0].present)
		return 0;
	return o->e[0].val[0];
}

uint64_t od_get_le(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 8) | p[n];
	return v;
}

void od_put_le(uint8_t *p, size_t n, uint64_t v)
{
	size_t i;

	for (i = 0; i < n; i++, v >>= 8)
		p[i] = v & 0xff;
}

bool od_is_rx_map(uint16_t index)
{
	return index >= OD_RXPDO_MAP_FIRST && index <= OD_RXPDO_MAP_LAST;
}

bool od_is_tx_map(uint16_t index)
{
	return index >= OD_TXPDO_MAP_FIRST && index <= OD_TXPDO_MAP_LAST;
}

bool od_is_assign(uint16_t index)
{
	return index >= OD_SM_ASSIGN_FIRST && index <= OD_SM_ASSIGN_LAST;
}

unsigned int ecsim_od_type_bits(uint16_t datatype)
{
	switch (datatype) {
	case ECSIM_DT_BOOLEAN:
		return 1;
	case ECSIM_DT_INTEGER8:
	case ECSIM_DT_UNSIGNED8:
		return 8;
	case ECSIM_DT_INTEGER16:
	case ECSIM_DT_UNSIGNED16:
		return 16;
	case ECSIM_DT_INTEGER24:
	case ECSIM_DT_UNSIGNED24:
		return 24;
	case ECSIM_DT_INTEGER32:
	case ECSIM_DT_UNSIGNED32:
	case ECSIM_DT_REAL32:
		return 32;
	case ECSIM_DT_INTEGER64:
	case ECSIM_DT_UNSIGNED64:
	case ECSIM_DT_REAL64:
		return 64;
	}
	if (datatype >= ECSIM_DT_BIT1 && datatype <= ECSIM_DT_BIT8)
		return datatype - ECSIM_DT_BIT1 + 1;
	return 0;
}

enum od_num_kind od_num_kind(uint16_t datatype)
{
	switch (datatype) {
	case ECSIM_DT_INTEGER8:
	case ECSIM_DT_INTEGER16:
	case ECSIM_DT_INTEGER24:
	case ECSIM_DT_INTEGER32:
	case ECSIM_DT_INTEGER64:
		return OD_NUM_SIGNED;
	case ECSIM_DT_REAL32:
	case ECSIM_DT_REAL64:
		return OD_NUM_FLOAT;
	case ECSIM_DT_BOOLEAN:
	case ECSIM_DT_UNSIGNED8:
	case ECSIM_DT_UNSIGNED16:
	case ECSIM_DT_UNSIGNED24:
	case ECSIM_DT_UNSIGNED32:
	case ECSIM_DT_UNSIGNED64:
		return OD_NUM_UNSIGNED;
	}
	if (datatype >= ECSIM_DT_BIT1 && datatype <= ECSIM_DT_BIT8)
		return OD_NUM_UNSIGNED;
	return OD_NUM_NONE;
}

bool od_is_string(uint16_t datatype)
{
	return datatype == ECSIM_DT_VISIBLE_STRING ||
	       datatype == ECSIM_DT_OCTET_STRING ||
	       datatype == ECSIM_DT_UNICODE_STRING;
}

static int od_entry_set(struct od_entry *e, const struct ecsim_od_entry_def *d)
{
	unsigned int tbits = ecsim_od_type_bits(d->datatype);
	unsigned int bitlen = d->bitlen ? d->bitlen : tbits;
	size_t cap;

	if (!bitlen || (tbits && bitlen != tbits) ||
	    bitlen > 8 * ECSIM_OD_MAX_VALUE)
		return -EINVAL;
	if (!tbits && !od_is_string(d->datatype) && bitlen % 8)
		return -EINVAL;
	cap = (bitlen + 7) / 8;
	if (d->value && d->value_len > cap)
		return -EINVAL;
	if ((d->min || d->max) && od_num_kind(d->datatype) == OD_NUM_NONE)
		return -EINVAL;

	memset(e, 0, sizeof(*e));
	e->val = calloc(1, cap);
	e->def = calloc(1, cap);
	e->name = strdup(d->name ? d->name : "");
	if (!e->val || !e->def || !e->name) {
		od_entry_clear(e);
		return -ENOMEM;
	}
	e->present = true;
	e->datatype = d->datatype;
	e->bitlen = bitlen;
	e->access = d->access;
	e->cap = cap;
	e->len = od_is_string(d->datatype) && d->value ? d->value_len : cap;
	if (d->value)
		memcpy(e->val, d->value, d->value_len);
	memcpy(e->def, e->val, cap);
	e->def_len = e->len;
	if (d->min) {
		e->has_min = true;
		memcpy(e->min, d->min, cap);
	}
	if (d->max) {
		e->has_max = true;
		memcpy(e->max, d->max, cap);
	}
	return 0;
}

int ecsim_od_add_object(struct ecsim_od *od, uint16_t index, uint8_t code,
			uint16_t datatype, const char *name,
			uint8_t max_subindex)
{
	struct ecsim_od_entry_def sub0 = {
		.datatype = ECSIM_DT_UNSIGNED8,
		.access = ECSIM_ACC_R_ALL,
		.name = "SubIndex 000",
	};
	struct od_object o = { .index = index, .code = code,
			       .datatype = datatype };
	unsigned int p;
	int ret;

	if (code != ECSIM_OD_OBJ_VAR && code != ECSIM_OD_OBJ_ARRAY &&
	    code != ECSIM_OD_OBJ_RECORD)
		return -EINVAL;
	if (od_find(od, index))
		return -EEXIST;
	o.n_sub = code == ECSIM_OD_OBJ_VAR ? 1 : max_subindex + 1u;
	o.e = calloc(o.n_sub, sizeof(*o.e));
	o.name = strdup(name ? name : "");
	if (!o.e || !o.name) {
		ret = -ENOMEM;
		goto out_free_object;
	}
	if (code != ECSIM_OD_OBJ_VAR) {
		ret = od_entry_set(&o.e[0], &sub0);
		if (ret)
			goto out_free_object;
	}
	if (od->n == od->cap) {
		unsigned int ncap = od->cap ? 2 * od->cap : 32;
		struct od_object *n = realloc(od->obj, ncap * sizeof(*n));

		if (!n) {
			ret = -ENOMEM;
			goto out_free_object;
		}
		od->obj = n;
		od->cap = ncap;
	}
	p = od_pos(od, index);
	memmove(&od->obj[p + 1], &od->obj[p], (od->n - p) * sizeof(o));
	od->obj[p] = o;
	od->n++;
	return 0;

out_free_object:
	od_object_clear(&o);
	return ret;
}

int ecsim_od_add_entry(struct ecsim_od *od, uint16_t index, uint8_t sub,
		       const struct ecsim_od_entry_def *def)
{
	struct od_object *o = od_find(od, index);
	struct od_entry e;
	int ret;

	if (!o || sub >= o->n_sub)
		return -ENOENT;
	ret = od_entry_set(&e, def);
	if (ret)
		return ret;
	if (sub == 0 && o->code != ECSIM_OD_OBJ_VAR &&
	    (e.bitlen != 8 || e.datatype != ECSIM_DT_UNSIGNED8)) {
		od_entry_clear(&e);
		return -EINVAL;
	}
	if (sub == 0 && o->code != ECSIM_OD_OBJ_VAR && o->e[0].present) {
		/* keep the count unless the definition gives one */
		if (!def->value)
			e.val[0] = e.def[0] = o->e[0].val[0];
	}
	od_entry_clear(&o->e[sub]);
	o->e[sub] = e;
	if (sub && o->code != ECSIM_OD_OBJ_VAR && o->e[0].val[0] < sub)
		o->e[0].val[0] = o->e[0].def[0] = sub;
	return 0;
}

void ecsim_od_set_al_state(struct ecsim_od *od, uint8_t al_state)
{
	od->al_state = al_state;
}

int ecsim_od_read(const struct ecsim_od *od, uint16_t index, uint8_t sub,
		  void *buf, size_t cap)
{
	const struct od_entry *e = od_entry(od_find(od, index), sub);

	if (!e)
		return -ENOENT;
	if (cap < e->len)
		return -ENOSPC;
	memcpy(buf, e->val, e->len);
	return e->len;
}

int ecsim_od_write(struct ecsim_od *od, uint16_t index, uint8_t sub,
		   const void *buf, size_t len)
{
	struct od_entry *e = od_entry(od_find(od, index), sub);

	if (!e)
		return -ENOENT;
	if (len > e->cap || (!od_is_string(e->datatype) && len != e->cap))
		return -EMSGSIZE;
	memcpy(e->val, buf, len);
	if (len < e->cap)
		memset(e->val + len, 0, e->cap - len);
	e->len = len;
	return 0;
}

unsigned int ecsim_od_count(const struct ecsim_od *od)
{
	return od->n;
}

static void od_fill_object_info(const struct od_object *o,
				struct ecsim_od_object_info *info)
{
	unsigned int i;

	info->index = o->index;
	info->datatype = o->datatype;
	/* objects made for PDO entries report what they hold */
	info->max_subindex = o->autogen ? od_count(o) : o->n_sub - 1;
	info->object_code = o->code;
	info->name = o->name;
	info->access_union = 0;
	for (i = 0; i < o->n_sub; i++)
		if (o->e[i].present)
			info->access_union |= o->e[i].access;
}

int ecsim_od_object_at(const struct ecsim_od *od, unsigned int n,
		       struct ecsim_od_object_info *info)
{
	if (n >= od->n)
		return -ENOENT;
	od_fill_object_info(&od->obj[n], info);
	return 0;
}

uint32_t ecsim_od_object_info(const struct ecsim_od *od, uint16_t index,
			      struct ecsim_od_object_info *info)
{
	const struct od_object *o = od_find(od, index);

	if (!o)
		return ECSIM_ABORT_NO_OBJECT;
	od_fill_object_info(o, info);
	return 0;
}

uint32_t ecsim_od_entry_info(const struct ecsim_od *od, uint16_t index,
			     uint8_t sub, struct ecsim_od_entry_info *info)
{
	const struct od_object *o = od_find(od, index);
	const struct od_entry *e;

	if (!o)
		return ECSIM_ABORT_NO_OBJECT;
	e = od_entry(o, sub);
	if (!e)
		return ECSIM_ABORT_NO_SUBINDEX;
	info->datatype = e->datatype;
	info->bitlen = e->bitlen;
	info->access = e->access;
	info->name = e->name;
	info->has_min = e->has_min;
	info->has_max = e->has_max;
	info->min = e->min;
	info->max = e->max;
	info->def = e->def;
	return 0;
}

static const struct {
	uint32_t code;
	const char *text;
} od_abort_texts[] = {
	{ ECSIM_ABORT_TOGGLE,
	  "Toggle bit not changed" },
	{ ECSIM_ABORT_TIMEOUT,
	  "SDO protocol timeout" },
	{ ECSIM_ABORT_CS_UNKNOWN,
	  "Client/Server command specifier not valid or unknown" },
	{ ECSIM_ABORT_OUT_OF_MEMORY,
	  "Out of memory" },
	{ ECSIM_ABORT_UNSUPPORTED_ACCESS,
	  "Unsupported access to an object" },
	{ ECSIM_ABORT_WRITE_ONLY,
	  "Attempt to read a write-only object" },
	{ ECSIM_ABORT_READ_ONLY,
	  "Attempt to write a read-only object" },
	{ ECSIM_ABORT_SI0_NOT_ZERO,
	  "Subindex cannot be written, SI0 must be 0 for write access" },
	{ ECSIM_ABORT_CA_UNSUPPORTED,
	  "Complete access not supported for objects of variable length" },
	{ ECSIM_ABORT_NO_OBJECT,
	  "The object does not exist in the object dictionary" },
	{ ECSIM_ABORT_NOT_MAPPABLE,
	  "The object cannot be mapped into the PDO" },
	{ ECSIM_ABORT_PDO_TOO_LONG,
	  "The number and length of the objects to be mapped would exceed the PDO length" },
	{ ECSIM_ABORT_PARAM_INCOMPAT,
	  "General parameter incompatibility reason" },
	{ ECSIM_ABORT_TYPE_MISMATCH,
	  "Data type does not match, length of service parameter does not match" },
	{ ECSIM_ABORT_TOO_LONG,
	  "Data type does not match, length of service parameter too high" },
	{ ECSIM_ABORT_TOO_SHORT,
	  "Data type does not match, length of service parameter too low" },
	{ ECSIM_ABORT_NO_SUBINDEX,
	  "Subindex does not exist" },
	{ ECSIM_ABORT_VALUE_RANGE,
	  "Value range of parameter exceeded" },
	{ ECSIM_ABORT_VALUE_TOO_HIGH,
	  "Value of parameter written too high" },
	{ ECSIM_ABORT_VALUE_TOO_LOW,
	  "Value of parameter written too low" },
	{ ECSIM_ABORT_GENERAL,
	  "General error" },
	{ ECSIM_ABORT_STATE,
	  "Data cannot be transferred or stored to the application because of the present device state" },
};

const char *ecsim_od_abort_text(uint32_t code)
{
	size_t i;

	for (i = 0; i < sizeof(od_abort_texts) / sizeof(od_abort_texts[0]); i++)
		if (od_abort_texts[i].code == code)
			return od_abort_texts[i].text;
	return "Unknown";
}
