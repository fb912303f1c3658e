// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Standard objects of a CoE slave built from its model (CiA 301
 * communication profile area and ETG.1000.6 object dictionary: 0x1000,
 * 0x1008, 0x1009, 0x100A, 0x1018, PDO mapping 0x1600../0x1A00.., 0x1C00 and
 * the PDO assignment 0x1C1x), and the process data layout that follows from
 * assignment and mapping.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "od_priv.h"

/* Capacity of a generated mapping object: real slaves offer some room */
#define OD_STD_MAP_MIN_SUBS	8

#define OD_DEVICE_TYPE		0x1000
#define OD_DEVICE_NAME		0x1008
#define OD_HW_VERSION		0x1009
#define OD_SW_VERSION		0x100A
#define OD_IDENTITY		0x1018

static int __attribute__((format(printf, 2, 3)))
od_std_fail(struct ecsim_od *od, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(od->err, sizeof(od->err), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

const char *ecsim_od_error(const struct ecsim_od *od)
{
	return od->err;
}

static int od_std_u32(struct ecsim_od *od, uint16_t index, uint8_t sub,
		      const char *name, uint32_t value, uint16_t access)
{
	uint8_t v[4];
	struct ecsim_od_entry_def d = {
		.datatype = ECSIM_DT_UNSIGNED32, .access = access,
		.name = name, .value = v, .value_len = sizeof(v),
	};

	od_put_le(v, sizeof(v), value);
	return ecsim_od_add_entry(od, index, sub, &d);
}

static int od_std_string(struct ecsim_od *od, uint16_t index,
			 const char *name, const char *s)
{
	size_t n = strlen(s);
	struct ecsim_od_entry_def d = {
		.datatype = ECSIM_DT_VISIBLE_STRING,
		.bitlen = 8 * (n ? n : 1),
		.access = ECSIM_ACC_R_ALL, .name = name,
		.value = s, .value_len = n,
	};
	int ret;

	if (od_find(od, index))
		return 0;
	ret = ecsim_od_add_object(od, index, ECSIM_OD_OBJ_VAR,
				  ECSIM_DT_VISIBLE_STRING, name, 0);
	return ret ? ret : ecsim_od_add_entry(od, index, 0, &d);
}

static uint16_t od_std_type_for_bits(unsigned int bits)
{
	switch (bits) {
	case 1:
		return ECSIM_DT_BOOLEAN;
	case 8:
		return ECSIM_DT_UNSIGNED8;
	case 16:
		return ECSIM_DT_UNSIGNED16;
	case 24:
		return ECSIM_DT_UNSIGNED24;
	case 32:
		return ECSIM_DT_UNSIGNED32;
	case 64:
		return ECSIM_DT_UNSIGNED64;
	}
	if (bits < 8)
		return ECSIM_DT_BIT1 + bits - 1;
	return ECSIM_DT_OCTET_STRING;
}

/* Create the object behind a PDO entry when the model did not define it. */
static int od_std_pdo_object(struct ecsim_od *od, bool rx,
			     const struct ecsim_od_pdo_entry *pe)
{
	struct od_object *o = od_find(od, pe->index);
	struct ecsim_od_entry_def d = {
		.datatype = od_std_type_for_bits(pe->bitlen),
		.bitlen = pe->bitlen,
		.access = rx ? ECSIM_ACC_R_ALL | ECSIM_ACC_W_ALL |
			       ECSIM_ACC_RXPDO :
			       ECSIM_ACC_R_ALL | ECSIM_ACC_TXPDO,
		.name = pe->name,
	};
	const struct od_entry *e = od_entry(o, pe->subindex);
	int ret;

	if (!pe->index)
		return 0;
	if (e && e->bitlen != pe->bitlen)
		return od_std_fail(od, "PDO entry 0x%04x:%02x has %u bits, "
				   "the object %u", pe->index, pe->subindex,
				   pe->bitlen, e->bitlen);
	if (e && !(e->access & (rx ? ECSIM_ACC_RXPDO : ECSIM_ACC_TXPDO)))
		return od_std_fail(od, "object 0x%04x:%02x is not %s mappable",
				   pe->index, pe->subindex,
				   rx ? "RxPDO" : "TxPDO");
	if (e)
		return 0;
	if (!o) {
		ret = ecsim_od_add_object(od, pe->index,
					  pe->subindex ? ECSIM_OD_OBJ_RECORD :
							 ECSIM_OD_OBJ_VAR,
					  pe->subindex ? 0 : d.datatype,
					  pe->name, pe->subindex ? 255 : 0);
		if (ret)
			return ret;
		o = od_find(od, pe->index);
		o->autogen = true;
	}
	if (pe->subindex >= o->n_sub || (pe->subindex == 0 &&
					 o->code != ECSIM_OD_OBJ_VAR))
		return od_std_fail(od, "PDO entry 0x%04x:%02x does not fit "
				   "the object", pe->index, pe->subindex);
	return ecsim_od_add_entry(od, pe->index, pe->subindex, &d);
}

static int od_std_mapping(struct ecsim_od *od, const struct ecsim_od_pdo *p)
{
	bool rx = od_is_rx_map(p->index);
	/* a fixed PDO has exactly its entries and cannot be changed */
	unsigned int cap = p->fixed ? p->n_entries :
			   p->n_entries > OD_STD_MAP_MIN_SUBS ?
			   p->n_entries : OD_STD_MAP_MIN_SUBS;
	uint16_t acc = p->fixed ? ECSIM_ACC_R_ALL :
			ECSIM_ACC_R_ALL | ECSIM_ACC_W_PREOP;
	struct ecsim_od_entry_def sub0 = {
		.datatype = ECSIM_DT_UNSIGNED8, .access = acc,
		.name = "SubIndex 000",
	};
	unsigned int i;
	uint8_t n;
	int ret;

	if (!rx && !od_is_tx_map(p->index))
		return od_std_fail(od, "PDO 0x%04x is outside 0x1600-0x17FF "
				   "and 0x1A00-0x1BFF", p->index);
	for (i = 0; i < p->n_entries; i++) {
		ret = od_std_pdo_object(od, rx, &p->entries[i]);
		if (ret)
			return ret;
	}
	if (od_find(od, p->index))
		return 0;
	if (cap > 254)
		return od_std_fail(od, "PDO 0x%04x has more than 254 entries",
				   p->index);
	ret = ecsim_od_add_object(od, p->index, ECSIM_OD_OBJ_RECORD,
				  ECSIM_DT_PDO_MAPPING, p->name, cap);
	for (i = 1; !ret && i <= cap; i++) {
		const struct ecsim_od_pdo_entry *pe =
			i <= p->n_entries ? &p->entries[i - 1] : NULL;
		char name[24];

		snprintf(name, sizeof(name), "SubIndex %03u", i);
		ret = od_std_u32(od, p->index, i, name, pe ?
				 (uint32_t)pe->index << 16 |
				 pe->subindex << 8 | pe->bitlen : 0, acc);
	}
	if (ret)
		return ret;
	n = p->n_entries;
	sub0.value = &n;
	sub0.value_len = 1;
	return ecsim_od_add_entry(od, p->index, 0, &sub0);
}

static int od_std_sm(struct ecsim_od *od, const struct ecsim_od_std *std)
{
	struct ecsim_od_entry_def d = {
		.datatype = ECSIM_DT_UNSIGNED8, .access = ECSIM_ACC_R_ALL,
	};
	unsigned int sm, i;
	int ret = 0;

	if (!std->n_sm || std->n_sm > 32 || od_find(od, OD_SM_COMM_TYPE))
		goto assign;
	ret = ecsim_od_add_object(od, OD_SM_COMM_TYPE, ECSIM_OD_OBJ_ARRAY,
				  ECSIM_DT_UNSIGNED8,
				  "Sync manager type", std->n_sm);
	for (sm = 0; !ret && sm < std->n_sm; sm++) {
		char name[24];

		snprintf(name, sizeof(name), "SubIndex %03u", sm + 1);
		d.name = name;
		d.value = &std->sm_types[sm];
		d.value_len = 1;
		ret = ecsim_od_add_entry(od, OD_SM_COMM_TYPE, sm + 1, &d);
	}
assign:
	for (sm = 0; !ret && sm < std->n_sm && sm < 32; sm++) {
		uint8_t type = std->sm_types[sm];
		uint16_t index = OD_SM_ASSIGN_FIRST + sm;
		uint16_t acc = ECSIM_ACC_R_ALL | ECSIM_ACC_W_PREOP;
		struct ecsim_od_entry_def e = {
			.datatype = ECSIM_DT_UNSIGNED16, .access = acc,
		};
		unsigned int cap = 0, n = 0;
		char name[32];

		if ((type != ECSIM_SM_TYPE_OUTPUTS &&
		     type != ECSIM_SM_TYPE_INPUTS) || od_find(od, index))
			continue;
		for (i = 0; i < std->n_pdos; i++)
			if (type == ECSIM_SM_TYPE_OUTPUTS ?
			    od_is_rx_map(std->pdos[i].index) :
			    od_is_tx_map(std->pdos[i].index))
				cap++;
		if (!cap)
			cap = 1;
		if (cap > 254)
			return -EINVAL;
		snprintf(name, sizeof(name), "%s PDO assign",
			 type == ECSIM_SM_TYPE_OUTPUTS ? "RxPDO" : "TxPDO");
		ret = ecsim_od_add_object(od, index, ECSIM_OD_OBJ_ARRAY,
					  ECSIM_DT_UNSIGNED16, name, cap);
		for (i = 1; !ret && i <= cap; i++) {
			uint8_t v[2] = { 0 };

			snprintf(name, sizeof(name), "SubIndex %03u", i);
			e.name = name;
			e.value = v;
			e.value_len = 2;
			ret = ecsim_od_add_entry(od, index, i, &e);
		}
		for (i = 0; !ret && i < std->n_pdos; i++) {
			if (std->pdos[i].sm != sm || n >= cap)
				continue;
			n++;
			od_put_le(od_find(od, index)->e[n].val, 2,
				  std->pdos[i].index);
		}
		if (!ret) {
			struct od_entry *s0 = &od_find(od, index)->e[0];

			s0->access = acc;
			s0->val[0] = s0->def[0] = n;
			for (i = 1; i <= cap; i++)
				memcpy(od_find(od, index)->e[i].def,
				       od_find(od, index)->e[i].val, 2);
		}
	}
	return ret;
}

int ecsim_od_add_standard(struct ecsim_od *od, const struct ecsim_od_std *std)
{
	unsigned int i;
	int ret = 0;

	od->err[0] = 0;
	if (!od_find(od, OD_DEVICE_TYPE)) {
		ret = ecsim_od_add_object(od, OD_DEVICE_TYPE, ECSIM_OD_OBJ_VAR,
					  ECSIM_DT_UNSIGNED32, "Device type",
					  0);
		if (!ret)
			ret = od_std_u32(od, OD_DEVICE_TYPE, 0, "Device type",
					 std->device_type, ECSIM_ACC_R_ALL);
	}
	if (!ret && std->name)
		ret = od_std_string(od, OD_DEVICE_NAME, "Device name",
				    std->name);
	if (!ret && std->hw_version)
		ret = od_std_string(od, OD_HW_VERSION, "Hardware version",
				    std->hw_version);
	if (!ret && std->sw_version)
		ret = od_std_string(od, OD_SW_VERSION, "Software version",
				    std->sw_version);
	if (!ret && !od_find(od, OD_IDENTITY)) {
		ret = ecsim_od_add_object(od, OD_IDENTITY, ECSIM_OD_OBJ_RECORD,
					  ECSIM_DT_IDENTITY, "Identity", 4);
		if (!ret)
			ret = od_std_u32(od, OD_IDENTITY, 1, "Vendor ID",
					 std->vendor, ECSIM_ACC_R_ALL);
		if (!ret)
			ret = od_std_u32(od, OD_IDENTITY, 2, "Product code",
					 std->product, ECSIM_ACC_R_ALL);
		if (!ret)
			ret = od_std_u32(od, OD_IDENTITY, 3, "Revision",
					 std->revision, ECSIM_ACC_R_ALL);
		if (!ret)
			ret = od_std_u32(od, OD_IDENTITY, 4, "Serial number",
					 std->serial, ECSIM_ACC_R_ALL);
	}
	for (i = 0; !ret && i < std->n_pdos; i++)
		ret = od_std_mapping(od, &std->pdos[i]);
	if (!ret)
		ret = od_std_sm(od, std);
	if (ret && !od->err[0])
		snprintf(od->err, sizeof(od->err), "%s", ret == -ENOMEM ?
			 "out of memory" : "inconsistent model");
	return ret;
}

int ecsim_od_sm_layout(const struct ecsim_od *od, unsigned int sm,
		       struct ecsim_od_mapped *out, unsigned int max)
{
	const struct od_object *a;
	unsigned int k, j, n = 0;

	if (sm > OD_SM_ASSIGN_LAST - OD_SM_ASSIGN_FIRST)
		return -ENOENT;
	a = od_find(od, OD_SM_ASSIGN_FIRST + sm);
	if (!a || a->code == ECSIM_OD_OBJ_VAR)
		return -ENOENT;
	for (k = 1; k <= od_count(a); k++) {
		const struct od_entry *ae = od_entry(a, k);
		const struct od_object *m;

		if (!ae)
			return -EINVAL;
		m = od_find(od, od_get_le(ae->val, 2));
		if (!m || m->code == ECSIM_OD_OBJ_VAR)
			return -EINVAL;
		for (j = 1; j <= od_count(m); j++) {
			const struct od_entry *me = od_entry(m, j);
			uint32_t v;

			if (!me || me->cap != 4)
				return -EINVAL;
			v = od_get_le(me->val, 4);
			if ((v >> 16) && !od_entry(od_find(od, v >> 16),
						   (v >> 8) & 0xff))
				return -EINVAL;
			if (!(v & 0xff))
				return -EINVAL;
			if (out && n >= max)
				return -ENOSPC;
			if (out) {
				out[n].index = v >> 16;
				out[n].subindex = (v >> 8) & 0xff;
				out[n].bitlen = v & 0xff;
			}
			n++;
		}
	}
	return n;
}
