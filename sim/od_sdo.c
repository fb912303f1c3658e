// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * SDO access to the object dictionary as a real slave does it: access
 * rights per AL state, length and range checks, complete access and the PDO
 * mapping/assignment rules of CiA 301 (PDO mapping parameter) and
 * ETG.1000.6 (Sync Manager PDO assignment objects).
 * Every function here returns 0 or the SDO abort code a slave would send.
 */
#include <stdlib.h>
#include <string.h>

#include "od_priv.h"

/* Access bits that apply in the current AL state (low nibble of AL status) */
static uint16_t od_state_read(const struct ecsim_od *od)
{
	switch (od->al_state & 0x0f) {
	case ECSIM_AL_SAFEOP:
		return ECSIM_ACC_R_SAFEOP;
	case ECSIM_AL_OP:
		return ECSIM_ACC_R_OP;
	default:
		return ECSIM_ACC_R_PREOP;
	}
}

static uint16_t od_state_write(const struct ecsim_od *od)
{
	switch (od->al_state & 0x0f) {
	case ECSIM_AL_SAFEOP:
		return ECSIM_ACC_W_SAFEOP;
	case ECSIM_AL_OP:
		return ECSIM_ACC_W_OP;
	default:
		return ECSIM_ACC_W_PREOP;
	}
}

static bool od_pdo_locked(const struct ecsim_od *od)
{
	uint8_t s = od->al_state & 0x0f;

	return s == ECSIM_AL_SAFEOP || s == ECSIM_AL_OP;
}

static uint32_t od_check_read(const struct ecsim_od *od,
			      const struct od_entry *e)
{
	if (!(e->access & ECSIM_ACC_R_ALL))
		return ECSIM_ABORT_WRITE_ONLY;
	if (!(e->access & od_state_read(od)))
		return ECSIM_ABORT_STATE;
	return 0;
}

static uint32_t od_check_write(const struct ecsim_od *od,
			       const struct od_object *o,
			       const struct od_entry *e)
{
	if (!(e->access & ECSIM_ACC_W_ALL))
		return ECSIM_ABORT_READ_ONLY;
	if (!(e->access & od_state_write(od)))
		return ECSIM_ABORT_STATE;
	if (o->code != ECSIM_OD_OBJ_VAR && od_pdo_locked(od) &&
	    (od_is_rx_map(o->index) || od_is_tx_map(o->index) ||
	     od_is_assign(o->index)))
		return ECSIM_ABORT_STATE;
	return 0;
}

static int64_t od_sext(uint64_t v, unsigned int bits)
{
	if (bits < 64 && (v & (1ull << (bits - 1))))
		v |= ~0ull << bits;
	return (int64_t)v;
}

static double od_float(const uint8_t *p, size_t n)
{
	uint64_t v = od_get_le(p, n);

	if (n == 4) {
		uint32_t u = v;
		float f;

		memcpy(&f, &u, sizeof(f));
		return f;
	} else {
		double d;

		memcpy(&d, &v, sizeof(d));
		return d;
	}
}

/* <0, 0, >0 as value a compares to b, both in the entry's type. */
static int od_compare(const struct od_entry *e, const uint8_t *a,
		      const uint8_t *b)
{
	switch (od_num_kind(e->datatype)) {
	case OD_NUM_SIGNED: {
		int64_t x = od_sext(od_get_le(a, e->cap), e->bitlen);
		int64_t y = od_sext(od_get_le(b, e->cap), e->bitlen);

		return x < y ? -1 : x > y;
	}
	case OD_NUM_FLOAT: {
		double x = od_float(a, e->cap), y = od_float(b, e->cap);

		return x < y ? -1 : x > y;
	}
	case OD_NUM_UNSIGNED: {
		uint64_t x = od_get_le(a, e->cap), y = od_get_le(b, e->cap);

		return x < y ? -1 : x > y;
	}
	default:
		return 0;
	}
}

/* Length, type range and min/max of a value for entry @e. */
static uint32_t od_check_value(const struct od_entry *e, const uint8_t *d,
			       size_t len)
{
	if (len > e->cap)
		return ECSIM_ABORT_TOO_LONG;
	if (od_is_string(e->datatype))
		return 0;
	if (len < e->cap)
		return ECSIM_ABORT_TOO_SHORT;
	if (e->bitlen < 8 && od_get_le(d, 1) >> e->bitlen)
		return ECSIM_ABORT_VALUE_RANGE;
	if (e->has_min && od_compare(e, d, e->min) < 0)
		return ECSIM_ABORT_VALUE_RANGE;
	if (e->has_max && od_compare(e, d, e->max) > 0)
		return ECSIM_ABORT_VALUE_RANGE;
	return 0;
}

/* A mapping entry value (index << 16 | sub << 8 | bitlen) valid for @map? */
static bool od_map_entry_ok(const struct ecsim_od *od, uint16_t map,
			    uint32_t v)
{
	uint16_t index = v >> 16;
	uint8_t sub = (v >> 8) & 0xff, bitlen = v & 0xff;
	const struct od_entry *e;

	if (!bitlen)
		return false;
	if (!index)
		return true;	/* gap */
	e = od_entry(od_find(od, index), sub);
	if (!e || e->bitlen != bitlen)
		return false;
	return e->access & (od_is_rx_map(map) ? ECSIM_ACC_RXPDO :
						ECSIM_ACC_TXPDO);
}

/* SM type from 0x1C00 for SM @sm, or -1 when unknown. */
static int od_sm_type(const struct ecsim_od *od, unsigned int sm)
{
	const struct od_entry *e = od_entry(od_find(od, OD_SM_COMM_TYPE),
					    sm + 1);

	return e ? e->val[0] : -1;
}

static bool od_assign_entry_ok(const struct ecsim_od *od, uint16_t assign,
			       uint16_t pdo)
{
	const struct od_object *p = od_find(od, pdo);
	int type = od_sm_type(od, assign - OD_SM_ASSIGN_FIRST);

	if (!p || p->code == ECSIM_OD_OBJ_VAR)
		return false;
	if (type == ECSIM_SM_TYPE_OUTPUTS)
		return od_is_rx_map(pdo);
	if (type == ECSIM_SM_TYPE_INPUTS)
		return od_is_tx_map(pdo);
	return od_is_rx_map(pdo) || od_is_tx_map(pdo);
}

/* Rules for subindex 0 (the count) of a mapping or assignment object. */
static uint32_t od_check_count(const struct ecsim_od *od,
			       const struct od_object *o, unsigned int n)
{
	unsigned int k, j;

	if (n >= o->n_sub)
		return ECSIM_ABORT_VALUE_RANGE;
	for (k = 1; k <= n; k++) {
		const struct od_entry *e = od_entry(o, k);
		uint64_t v;

		if (!e)
			return ECSIM_ABORT_VALUE_RANGE;
		v = od_get_le(e->val, e->cap);
		if (od_is_assign(o->index)) {
			if (!od_assign_entry_ok(od, o->index, v))
				return ECSIM_ABORT_VALUE_RANGE;
			for (j = 1; j < k; j++)
				if (od_get_le(o->e[j].val, 2) == v)
					return ECSIM_ABORT_VALUE_RANGE;
		} else if (!od_map_entry_ok(od, o->index, v)) {
			return ECSIM_ABORT_NOT_MAPPABLE;
		}
	}
	return 0;
}

static uint32_t od_check_pdo_rules(const struct ecsim_od *od,
				   const struct od_object *o, unsigned int sub,
				   const uint8_t *d)
{
	bool map = od_is_rx_map(o->index) || od_is_tx_map(o->index);
	bool assign = od_is_assign(o->index);
	uint64_t v;

	if (o->code == ECSIM_OD_OBJ_VAR || (!map && !assign))
		return 0;
	if (sub == 0)
		return od_check_count(od, o, d[0]);
	if (od_count(o))
		return ECSIM_ABORT_SI0_NOT_ZERO;
	v = od_get_le(d, o->e[sub].cap);
	if (assign)
		return !v || od_assign_entry_ok(od, o->index, v) ?
			0 : ECSIM_ABORT_VALUE_RANGE;
	return !v || od_map_entry_ok(od, o->index, v) ?
		0 : ECSIM_ABORT_NOT_MAPPABLE;
}

static uint32_t od_write_entry(struct ecsim_od *od, struct od_object *o,
			       unsigned int sub, const uint8_t *d, size_t len)
{
	struct od_entry *e = od_entry(o, sub);
	uint32_t abort;

	if (!e)
		return ECSIM_ABORT_NO_SUBINDEX;
	abort = od_check_write(od, o, e);
	if (!abort)
		abort = od_check_value(e, d, len);
	if (!abort && sub == 0 && o->code != ECSIM_OD_OBJ_VAR &&
	    d[0] >= o->n_sub)
		abort = ECSIM_ABORT_VALUE_RANGE;
	if (!abort)
		abort = od_check_pdo_rules(od, o, sub, d);
	if (abort)
		return abort;
	memcpy(e->val, d, len);
	memset(e->val + len, 0, e->cap - len);
	e->len = len;
	return 0;
}

/*
 * Complete access layout (ETG.1000.6, SDO complete access): subindex 0
 * takes 16 bits (the count and a padding byte) when included, then entries
 * 1..count in order; byte-sized entries start on a byte boundary, BOOL/BITn
 * entries are packed bit-wise.  Missing subindices of a RECORD take no room.
 */
static size_t od_ca_bits(const struct od_object *o, unsigned int first,
			 unsigned int count, size_t *offs)
{
	size_t bit = 0;
	unsigned int k;

	if (first == 0)
		bit = 16;
	for (k = 1; k <= count; k++) {
		const struct od_entry *e = od_entry(o, k);

		if (!e)
			continue;
		if (e->bitlen % 8 == 0)
			bit = (bit + 7) & ~(size_t)7;
		if (offs)
			offs[k] = bit;
		bit += e->bitlen;
	}
	return bit;
}

static void od_bits_put(uint8_t *buf, size_t bit, const uint8_t *src,
			unsigned int nbits)
{
	unsigned int i;

	if (bit % 8 == 0 && nbits % 8 == 0) {
		memcpy(buf + bit / 8, src, nbits / 8);
		return;
	}
	for (i = 0; i < nbits; i++, bit++) {
		if (src[i / 8] & (1u << (i % 8)))
			buf[bit / 8] |= 1u << (bit % 8);
		else
			buf[bit / 8] &= ~(1u << (bit % 8));
	}
}

static void od_bits_get(uint8_t *dst, const uint8_t *buf, size_t bit,
			unsigned int nbits)
{
	unsigned int i;

	memset(dst, 0, (nbits + 7) / 8);
	for (i = 0; i < nbits; i++, bit++)
		if (buf[bit / 8] & (1u << (bit % 8)))
			dst[i / 8] |= 1u << (i % 8);
}

static uint32_t od_ca_upload(const struct ecsim_od *od,
			     const struct od_object *o, unsigned int first,
			     uint8_t **data, size_t *len)
{
	unsigned int count = od_count(o), k;
	size_t offs[256], bits = od_ca_bits(o, first, count, offs);
	uint8_t *buf;
	uint32_t abort;

	for (k = first; k <= count; k++) {
		const struct od_entry *e = od_entry(o, k);

		if (e && (abort = od_check_read(od, e)))
			return abort;
	}
	buf = calloc(1, bits / 8 + 2);
	if (!buf)
		return ECSIM_ABORT_OUT_OF_MEMORY;
	if (first == 0)
		buf[0] = count;
	for (k = 1; k <= count; k++) {
		const struct od_entry *e = od_entry(o, k);

		if (e)
			od_bits_put(buf, offs[k], e->val, e->bitlen);
	}
	*data = buf;
	*len = (bits + 7) / 8;
	return 0;
}

uint32_t ecsim_od_sdo_upload(const struct ecsim_od *od, uint16_t index,
			     uint8_t sub, bool ca, uint8_t **data,
			     size_t *len)
{
	const struct od_object *o = od_find(od, index);
	const struct od_entry *e;
	uint32_t abort;

	if (!o)
		return ECSIM_ABORT_NO_OBJECT;
	if (ca) {
		if (sub > 1)
			return ECSIM_ABORT_UNSUPPORTED_ACCESS;
		if (o->code != ECSIM_OD_OBJ_VAR)
			return od_ca_upload(od, o, sub, data, len);
		if (sub)
			return ECSIM_ABORT_NO_SUBINDEX;
	}
	e = od_entry(o, sub);
	if (!e)
		return ECSIM_ABORT_NO_SUBINDEX;
	abort = od_check_read(od, e);
	if (abort)
		return abort;
	*data = malloc(e->len ? e->len : 1);
	if (!*data)
		return ECSIM_ABORT_OUT_OF_MEMORY;
	memcpy(*data, e->val, e->len);
	*len = e->len;
	return 0;
}

/* Values of all entries, to undo a complete access download that failed. */
static uint8_t **od_snapshot(const struct od_object *o)
{
	uint8_t **s = calloc(o->n_sub, sizeof(*s));
	unsigned int k;

	if (!s)
		return NULL;
	for (k = 0; k < o->n_sub; k++) {
		const struct od_entry *e = &o->e[k];

		if (!e->present)
			continue;
		s[k] = malloc(e->cap + sizeof(size_t));
		if (!s[k])
			goto out_free;
		memcpy(s[k], &e->len, sizeof(size_t));
		memcpy(s[k] + sizeof(size_t), e->val, e->cap);
	}
	return s;

out_free:
	while (k--)
		free(s[k]);
	free(s);
	return NULL;
}

static void od_restore(struct od_object *o, uint8_t **s, bool apply)
{
	unsigned int k;

	for (k = 0; k < o->n_sub; k++) {
		if (s[k] && apply) {
			memcpy(&o->e[k].len, s[k], sizeof(size_t));
			memcpy(o->e[k].val, s[k] + sizeof(size_t),
			       o->e[k].cap);
		}
		free(s[k]);
	}
	free(s);
}

static uint32_t od_ca_write_one(struct ecsim_od *od, struct od_object *o,
				unsigned int k, const uint8_t *v)
{
	struct od_entry *e = &o->e[k];

	/* entries that cannot be written may be sent back unchanged */
	if ((!(e->access & ECSIM_ACC_W_ALL) || k == 0) &&
	    !memcmp(e->val, v, e->cap) && e->len == e->cap)
		return 0;
	return od_write_entry(od, o, k, v, e->cap);
}

static uint32_t od_ca_download(struct ecsim_od *od, struct od_object *o,
			       unsigned int first, const uint8_t *d,
			       size_t len)
{
	unsigned int count = first == 0 ? (len ? d[0] : 0) : od_count(o);
	size_t offs[256], bits;
	uint8_t v[ECSIM_OD_MAX_VALUE / 8 + 8], **snap;
	bool pdo = od_is_rx_map(o->index) || od_is_tx_map(o->index) ||
		   od_is_assign(o->index);
	uint32_t abort = 0;
	unsigned int k;

	if (count >= o->n_sub)
		return ECSIM_ABORT_VALUE_RANGE;
	bits = od_ca_bits(o, first, count, offs);
	if (len != (bits + 7) / 8)
		return ECSIM_ABORT_TYPE_MISMATCH;
	for (k = 1; k <= count; k++)
		if (o->e[k].present && o->e[k].cap > sizeof(v))
			return ECSIM_ABORT_UNSUPPORTED_ACCESS;
	snap = od_snapshot(o);
	if (!snap)
		return ECSIM_ABORT_OUT_OF_MEMORY;
	if (pdo && first == 0) {
		/* CiA 301: SI0 = 0, entries, then SI0 = n */
		uint8_t zero[2] = { 0 };

		abort = od_ca_write_one(od, o, 0, zero);
	}
	for (k = 1; !abort && k <= count; k++) {
		if (!o->e[k].present)
			continue;
		od_bits_get(v, d, offs[k], o->e[k].bitlen);
		abort = od_ca_write_one(od, o, k, v);
	}
	if (!abort && first == 0)
		abort = od_ca_write_one(od, o, 0, d);
	od_restore(o, snap, abort != 0);
	return abort;
}

static uint32_t od_download_target(const struct ecsim_od *od, uint16_t index,
				   uint8_t sub, bool ca,
				   struct od_object **op)
{
	struct od_object *o = od_find(od, index);
	const struct od_entry *e;

	if (!o)
		return ECSIM_ABORT_NO_OBJECT;
	*op = o;
	if (ca && sub > 1)
		return ECSIM_ABORT_UNSUPPORTED_ACCESS;
	if (ca && o->code != ECSIM_OD_OBJ_VAR) {
		if (od_pdo_locked(od) && (od_is_rx_map(index) ||
					  od_is_tx_map(index) ||
					  od_is_assign(index)))
			return ECSIM_ABORT_STATE;
		return 0;
	}
	e = od_entry(o, sub);
	if (!e)
		return ECSIM_ABORT_NO_SUBINDEX;
	return od_check_write(od, o, e);
}

uint32_t ecsim_od_sdo_download_check(const struct ecsim_od *od,
				     uint16_t index, uint8_t sub, bool ca,
				     size_t len)
{
	struct od_object *o;
	const struct od_entry *e;
	uint32_t abort = od_download_target(od, index, sub, ca, &o);

	if (abort)
		return abort;
	if (len > ECSIM_OD_MAX_VALUE)
		return ECSIM_ABORT_TOO_LONG;
	if (ca && o->code != ECSIM_OD_OBJ_VAR)
		return 0;
	e = od_entry(o, sub);
	if (len > e->cap)
		return ECSIM_ABORT_TOO_LONG;
	if (len < e->cap && !od_is_string(e->datatype))
		return ECSIM_ABORT_TOO_SHORT;
	return 0;
}

/*
 * 0x1011 restore default parameters (CiA 301): writing the signature
 * "load" (0x64616F6C) sets every entry writable in the current state back to
 * its default, the command entry included; any other value is refused with
 * 0x08000020 and changes nothing.
 */
static uint32_t od_restore_command(struct ecsim_od *od, struct od_object *o,
				   unsigned int sub)
{
	struct od_entry *cmd = od_entry(o, sub);
	unsigned int i, k;

	if (cmd->cap != 4 || od_get_le(cmd->val, 4) != OD_RESTORE_SIGNATURE) {
		memcpy(cmd->val, cmd->def, cmd->cap);
		cmd->len = cmd->def_len;
		return ECSIM_ABORT_CANNOT_STORE;
	}
	for (i = 0; i < od->n; i++) {
		for (k = 0; k < od->obj[i].n_sub; k++) {
			struct od_entry *e = &od->obj[i].e[k];

			if (!e->present || od_check_write(od, &od->obj[i], e))
				continue;
			memcpy(e->val, e->def, e->cap);
			e->len = e->def_len;
		}
	}
	return 0;
}

uint32_t ecsim_od_sdo_download(struct ecsim_od *od, uint16_t index,
			       uint8_t sub, bool ca, const uint8_t *data,
			       size_t len)
{
	struct od_object *o;
	uint32_t abort = od_download_target(od, index, sub, ca, &o);

	if (abort)
		return abort;
	if (ca && o->code != ECSIM_OD_OBJ_VAR)
		return od_ca_download(od, o, sub, data, len);
	abort = od_write_entry(od, o, sub, data, len);
	if (!abort && index == OD_RESTORE_DEFAULTS && sub >= 1)
		abort = od_restore_command(od, o, sub);
	return abort;
}
