// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * SoE server of a simulated drive (ETG.1000.6 clause 5.8; elements,
 * attribute and error codes as IEC 61800-7-204/-304 (SERCOS) give them).
 *
 * The model's "idns" list each IDN: {"idn": "S-0-0047", "name": "...",
 * "type": "uint16|int16|uint32|int32|uint64|text|idn_list", "unit": "...",
 * "min": n, "max": n, "access": "r|rw|rw_preop", "value": ...}.  Values on
 * the wire: fixed types in 2/4/8 bytes; text and lists with the 16-bit
 * current and maximum length in bytes first.  Reads of several elements
 * concatenate them in bit order; replies longer than the mailbox go out in
 * fragments (incomplete flag, fragments left in the IDN field).  Process
 * data: the MDT (outputs) carries the IDNs of S-0-0024, the AT (inputs)
 * those of S-0-0016; feedback values follow the command values.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soe.h"
#include "sim_priv.h"

#define SOE_HDR 4
#define OP_READ_REQ 1
#define OP_READ_RES 2
#define OP_WRITE_REQ 3
#define OP_WRITE_RES 4
#define F_INCOMPLETE 0x08
#define F_ERROR 0x10
#define E_DATA_STATE 0x01
#define E_NAME 0x02
#define E_ATTRIBUTE 0x04
#define E_UNIT 0x08
#define E_MIN 0x10
#define E_MAX 0x20
#define E_VALUE 0x40
#define E_DEFAULT 0x80

/* SERCOS error codes of the service channel. */
#define ERR_NO_IDN 0x1001
#define ERR_NAME_RO 0x2004
#define ERR_ATTR_RO 0x3004
#define ERR_NO_UNIT 0x4001
#define ERR_UNIT_RO 0x4004
#define ERR_NO_MIN 0x5001
#define ERR_MIN_RO 0x5004
#define ERR_NO_MAX 0x6001
#define ERR_MAX_RO 0x6004
#define ERR_TOO_SHORT 0x7002
#define ERR_TOO_LONG 0x7003
#define ERR_READ_ONLY 0x7004
#define ERR_PROTECTED 0x7005
#define ERR_BELOW_MIN 0x7006
#define ERR_ABOVE_MAX 0x7007
#define ERR_INVALID 0x7008
#define ERR_NO_DEFAULT 0x8001
#define ERR_DRIVE 0x800a

#define IDN_AT_LIST 16		/* S-0-0016: configuration list of the AT */
#define IDN_MDT_LIST 24		/* S-0-0024: configuration list of the MDT */
#define IDN_CONTROL 134		/* S-0-0134: master control word */
#define IDN_STATUS 135		/* S-0-0135: drive status word */
#define IDN_POS_CMD 47
#define IDN_POS_FB 51
#define IDN_VEL_CMD 36
#define IDN_VEL_FB 40

#define VAL_MAX 512
#define MAX_IDNS 128
#define LIST_MAX 32		/* IDNs in a configuration list */

enum { T_U16, T_I16, T_U32, T_I32, T_U64, T_TEXT, T_IDNS };
enum { A_R, A_RW, A_RW_PREOP };

struct soe_idn {
	uint16_t idn;
	uint8_t type, access;
	char *name, *unit;
	bool has_min, has_max;
	int64_t min, max;
	uint8_t val[VAL_MAX];	/* fixed: LE bytes; variable: elements */
	size_t len;		/* bytes of val in use */
	size_t cap;		/* variable: maximum bytes */
};

struct ecsim_soe {
	unsigned int n;
	struct soe_idn idns[MAX_IDNS];
	uint8_t al_state;
	uint8_t drive;		/* of the request being answered */
	uint8_t wbuf[VAL_MAX + 4];	/* fragments of a write */
	size_t wlen;
	bool wtoo_long;		/* the write in fragments overflowed wbuf */
};

static unsigned int width(uint8_t type)
{
	switch (type) {
	case T_U16:
	case T_I16:
		return 2;
	case T_U32:
	case T_I32:
		return 4;
	case T_U64:
		return 8;
	default:
		return 0;	/* variable length */
	}
}

static bool is_signed(uint8_t type)
{
	return type == T_I16 || type == T_I32;
}

/*
 * Attribute: conversion factor 1 (bits 0-15), data length (16-18: 1, 2,
 * 3 = 2, 4, 8 bytes; 4 = variable 1-byte, 5 = variable 2-byte elements),
 * display format (20-22: 1 unsigned, 2 signed, 4 text, 5 IDN), write
 * protection in CP2/CP3/CP4 (bits 28/29/30: PREOP, SAFEOP, OP).
 */
static uint32_t attribute(const struct soe_idn *d)
{
	static const uint8_t len_code[] = { 1, 1, 2, 2, 3, 4, 5 };
	uint32_t fmt = d->type == T_TEXT ? 4 : d->type == T_IDNS ? 5 :
		       is_signed(d->type) ? 2 : 1;
	uint32_t wp = d->access == A_R ? 7u << 28 :
		      d->access == A_RW_PREOP ? 6u << 28 : 0;

	return 1u | (uint32_t)len_code[d->type] << 16 | fmt << 20 | wp;
}

static struct soe_idn *find(struct ecsim_soe *e, uint16_t idn)
{
	unsigned int i;

	for (i = 0; i < e->n; i++)
		if (e->idns[i].idn == idn)
			return &e->idns[i];
	return NULL;
}

/* "S-0-0047", "P-0-0001" or a number. */
static int parse_idn(const json_t *v, uint16_t *out)
{
	const char *s = json_string_value(v);
	unsigned int set, num;
	char kind, end;
	uint64_t x;

	if (!s) {
		if (ecsim_json_uint(v, 0xffff, &x))
			return -EINVAL;
		*out = (uint16_t)x;
		return 0;
	}
	if (sscanf(s, "%c-%u-%u%c", &kind, &set, &num, &end) != 3 ||
	    (kind != 'S' && kind != 'P') || set > 7 || num > 4095) {
		if (ecsim_json_uint(v, 0xffff, &x))
			return -EINVAL;
		*out = (uint16_t)x;
		return 0;
	}
	*out = (uint16_t)((kind == 'P' ? 0x8000 : 0) | set << 12 | num);
	return 0;
}

static int parse_value(struct soe_idn *d, const json_t *v)
{
	unsigned int w = width(d->type), i;
	const json_t *el;
	size_t k;

	if (d->type == T_TEXT) {
		const char *s = json_string_value(v);

		if (!s || strlen(s) > d->cap)
			return -EINVAL;
		d->len = strlen(s);
		memcpy(d->val, s, d->len);
		return 0;
	}
	if (d->type == T_IDNS) {
		if (!json_is_array(v) || json_array_size(v) * 2 > d->cap)
			return -EINVAL;
		json_array_foreach(v, k, el) {
			uint16_t idn;

			if (parse_idn(el, &idn))
				return -EINVAL;
			ecsim_put16(d->val + 2 * k, idn);
		}
		d->len = 2 * json_array_size(v);
		return 0;
	}
	if (!json_is_integer(v))
		return -EINVAL;
	for (i = 0; i < w; i++)
		d->val[i] = (uint8_t)((uint64_t)json_integer_value(v) >> (8 * i));
	d->len = w;
	return 0;
}

static int parse_entry(struct ecsim_soe *e, const json_t *j)
{
	static const char *const types[] = { "uint16", "int16", "uint32",
					     "int32", "uint64", "text",
					     "idn_list" };
	struct soe_idn *d = &e->idns[e->n];
	const char *type = json_string_value(json_object_get(j, "type"));
	const char *acc = json_string_value(json_object_get(j, "access"));
	const char *name = json_string_value(json_object_get(j, "name"));
	const char *unit = json_string_value(json_object_get(j, "unit"));
	unsigned int t;

	if (e->n >= MAX_IDNS || !type || !name ||
	    parse_idn(json_object_get(j, "idn"), &d->idn) || find(e, d->idn))
		return -EINVAL;
	for (t = 0; t < sizeof(types) / sizeof(types[0]); t++)
		if (!strcmp(type, types[t]))
			break;
	if (t == sizeof(types) / sizeof(types[0]))
		return -EINVAL;
	d->type = (uint8_t)t;
	d->access = !acc || !strcmp(acc, "r") ? A_R :
		    !strcmp(acc, "rw") ? A_RW : A_RW_PREOP;
	d->cap = t == T_TEXT ? 64 : t == T_IDNS ? 2 * LIST_MAX : width(d->type);
	d->name = strdup(name);
	d->unit = unit ? strdup(unit) : NULL;
	if (!d->name || (unit && !d->unit))
		return -ENOMEM;
	if (json_is_integer(json_object_get(j, "min"))) {
		d->has_min = true;
		d->min = json_integer_value(json_object_get(j, "min"));
	}
	if (json_is_integer(json_object_get(j, "max"))) {
		d->has_max = true;
		d->max = json_integer_value(json_object_get(j, "max"));
	}
	e->n++;
	if (json_object_get(j, "value"))
		return parse_value(d, json_object_get(j, "value"));
	d->len = width(d->type);
	return 0;
}

int ecsim_soe_init(struct ecsim_slave *s, char *err, size_t errlen)
{
	const json_t *idns = s->model->idns, *v;
	struct ecsim_soe *e;
	size_t i;

	if (!(s->model->mbx_protocols & SII_MBX_SOE))
		return 0;
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	s->soe = e;
	e->al_state = ESC_AL_INIT;
	json_array_foreach(idns, i, v) {
		if (parse_entry(e, v)) {
			snprintf(err, errlen, "model %s: bad SoE IDN %zu",
				 s->model->key, i);
			return -EINVAL;
		}
	}
	return 0;
}

void ecsim_soe_free(struct ecsim_slave *s)
{
	struct ecsim_soe *e = s->soe;
	unsigned int i;

	if (!e)
		return;
	for (i = 0; i < e->n; i++) {
		free(e->idns[i].name);
		free(e->idns[i].unit);
	}
	free(e);
	s->soe = NULL;
}

void ecsim_soe_set_al_state(struct ecsim_slave *s, uint8_t state)
{
	struct ecsim_soe *e = s->soe;

	if (e) {
		e->al_state = state & ESC_AL_STATE_MASK;
		e->wlen = 0;
		e->wtoo_long = false;
	}
}

/* Variable-length element: current and maximum length, then the data. */
static size_t put_list(uint8_t *p, const void *data, size_t len, size_t cap)
{
	ecsim_put16(p, (uint16_t)len);
	ecsim_put16(p + 2, (uint16_t)cap);
	memcpy(p + 4, data, len);
	return 4 + len;
}

static size_t put_num(uint8_t *p, const struct soe_idn *d, int64_t v)
{
	unsigned int i, w = width(d->type);

	for (i = 0; i < w; i++)
		p[i] = (uint8_t)((uint64_t)v >> (8 * i));
	return w;
}

/* Append element @el of @d at @p; 0 or an error code. */
static uint16_t read_element(const struct soe_idn *d, uint8_t el, uint8_t *p,
			     size_t *n)
{
	switch (el) {
	case E_DATA_STATE:
		ecsim_put16(p, 0);
		*n = 2;
		return 0;
	case E_NAME:
		*n = put_list(p, d->name, strlen(d->name), 64);
		return 0;
	case E_ATTRIBUTE:
		ecsim_put32(p, attribute(d));
		*n = 4;
		return 0;
	case E_UNIT:
		if (!d->unit)
			return ERR_NO_UNIT;
		*n = put_list(p, d->unit, strlen(d->unit), 16);
		return 0;
	case E_MIN:
		if (!d->has_min || !width(d->type))
			return ERR_NO_MIN;
		*n = put_num(p, d, d->min);
		return 0;
	case E_MAX:
		if (!d->has_max || !width(d->type))
			return ERR_NO_MAX;
		*n = put_num(p, d, d->max);
		return 0;
	case E_VALUE:
		if (width(d->type)) {
			memcpy(p, d->val, d->len);
			*n = d->len;
		} else {
			*n = put_list(p, d->val, d->len, d->cap);
		}
		return 0;
	default:
		return ERR_NO_DEFAULT;
	}
}

static void reply_error(struct ecsim_slave *s, uint8_t opcode, uint8_t el,
			uint16_t idn, uint16_t code, ecsim_soe_reply_fn reply)
{
	struct ecsim_soe *e = s->soe;
	uint8_t p[SOE_HDR + 2];

	p[0] = opcode | F_ERROR | e->drive << 5;
	p[1] = el;
	ecsim_put16(p + 2, idn);
	ecsim_put16(p + SOE_HDR, code);
	reply(s, p, sizeof(p));
}

static void do_read(struct ecsim_slave *s, struct ecsim_soe *e, uint8_t el,
		    uint16_t idn, size_t in_cap, ecsim_soe_reply_fn reply)
{
	uint8_t data[8 * (VAL_MAX + 4)], p[ECSIM_MBX_MAX];
	size_t len = 0, n, chunk = in_cap - SOE_HDR, off, left;
	const struct soe_idn *d = find(e, idn);
	unsigned int bit, frags;
	uint16_t code;

	if (!d) {
		reply_error(s, OP_READ_RES, el, idn, ERR_NO_IDN, reply);
		return;
	}
	if (!el)
		el = E_VALUE;
	for (bit = 0; bit < 8; bit++) {
		if (!(el & 1u << bit))
			continue;
		code = read_element(d, (uint8_t)(1u << bit), data + len, &n);
		if (code) {
			reply_error(s, OP_READ_RES, el, idn, code, reply);
			return;
		}
		len += n;
	}
	if (chunk > sizeof(p) - SOE_HDR)
		chunk = sizeof(p) - SOE_HDR;
	frags = (unsigned int)((len + chunk - 1) / chunk);
	for (off = 0; off < len || !off; off += chunk) {
		left = len - off;
		n = left < chunk ? left : chunk;
		frags = frags ? frags - 1 : 0;
		p[0] = OP_READ_RES | (frags ? F_INCOMPLETE : 0) |
		       e->drive << 5;
		p[1] = el;
		ecsim_put16(p + 2, frags ? (uint16_t)frags : idn);
		memcpy(p + SOE_HDR, data + off, n);
		reply(s, p, SOE_HDR + n);
		if (!len)
			break;
	}
}

static int64_t get_num(const struct soe_idn *d, const uint8_t *p)
{
	unsigned int i, w = width(d->type);
	uint64_t v = 0;

	for (i = 0; i < w; i++)
		v |= (uint64_t)p[i] << (8 * i);
	if (d->type == T_I16)
		return (int16_t)v;
	if (d->type == T_I32)
		return (int32_t)v;
	return (int64_t)v;
}

static uint16_t write_value(struct ecsim_soe *e, struct soe_idn *d,
			    const uint8_t *p, size_t n)
{
	unsigned int w = width(d->type);
	size_t cur;
	int64_t v;

	if (d->access == A_R)
		return ERR_READ_ONLY;
	if (d->access == A_RW_PREOP && e->al_state != ESC_AL_PREOP)
		return ERR_PROTECTED;
	if (w) {
		if (n != w)
			return n < w ? ERR_TOO_SHORT : ERR_TOO_LONG;
		v = get_num(d, p);
		if (d->has_min && v < d->min)
			return ERR_BELOW_MIN;
		if (d->has_max && v > d->max)
			return ERR_ABOVE_MAX;
		memcpy(d->val, p, w);
		d->len = w;
		return 0;
	}
	if (n < 4)
		return ERR_TOO_SHORT;
	cur = ecsim_get16(p);
	if (cur + 4 > n)
		return ERR_TOO_SHORT;
	if (cur + 4 < n || cur > d->cap)
		return ERR_TOO_LONG;
	if (d->type == T_IDNS && (cur & 1))
		return ERR_INVALID;
	memcpy(d->val, p + 4, cur);
	d->len = cur;
	return 0;
}

static void do_write(struct ecsim_slave *s, struct ecsim_soe *e,
		     const uint8_t *msg, size_t len,
		     ecsim_soe_reply_fn reply)
{
	uint8_t el = msg[1], p[SOE_HDR];
	uint16_t idn = ecsim_get16(msg + 2), code;
	size_t n = len - SOE_HDR;
	struct soe_idn *d;

	if (e->wtoo_long || e->wlen + n > sizeof(e->wbuf)) {
		/*
		 * Too long: take the fragments left without a reply (the
		 * master does not wait for one) and answer the last one,
		 * which carries the IDN, once.
		 */
		e->wlen = 0;
		e->wtoo_long = msg[0] & F_INCOMPLETE;
		if (!e->wtoo_long)
			reply_error(s, OP_WRITE_RES, el, idn, ERR_TOO_LONG,
				    reply);
		return;
	}
	memcpy(e->wbuf + e->wlen, msg + SOE_HDR, n);
	e->wlen += n;
	if (msg[0] & F_INCOMPLETE)
		return;		/* more fragments follow, no reply */
	n = e->wlen;
	e->wlen = 0;
	d = find(e, idn);
	if (!d)
		code = ERR_NO_IDN;
	else if (el != E_VALUE)
		code = el == E_NAME ? ERR_NAME_RO : el == E_ATTRIBUTE ?
		       ERR_ATTR_RO : el == E_UNIT ? ERR_UNIT_RO :
		       el == E_MIN ? ERR_MIN_RO : el == E_MAX ? ERR_MAX_RO :
		       ERR_INVALID;
	else
		code = write_value(e, d, e->wbuf, n);
	if (code) {
		reply_error(s, OP_WRITE_RES, el, idn, code, reply);
		return;
	}
	p[0] = OP_WRITE_RES | e->drive << 5;
	p[1] = el;
	ecsim_put16(p + 2, idn);
	reply(s, p, sizeof(p));
}

void ecsim_soe_request(struct ecsim_slave *s, const uint8_t *msg,
		       size_t len, size_t in_cap, ecsim_soe_reply_fn reply)
{
	struct ecsim_soe *e = s->soe;
	uint8_t op, drive;

	if (!e || len < SOE_HDR || in_cap <= SOE_HDR + 4)
		return;
	op = msg[0] & 7;
	drive = msg[0] >> 5;
	e->drive = drive;
	if (drive) {
		reply_error(s, op == OP_WRITE_REQ ? OP_WRITE_RES : OP_READ_RES,
			    msg[1], ecsim_get16(msg + 2), ERR_DRIVE, reply);
		return;
	}
	if (op == OP_READ_REQ)
		do_read(s, e, msg[1], ecsim_get16(msg + 2), in_cap, reply);
	else if (op == OP_WRITE_REQ)
		do_write(s, e, msg, len, reply);
	else
		reply_error(s, OP_READ_RES, msg[1], ecsim_get16(msg + 2),
			    ERR_INVALID, reply);
}

static int first_sm(const struct ecsim_slave *s, uint8_t type)
{
	unsigned int n;

	for (n = 0; n < s->model->n_sms; n++)
		if (s->model->sms[n].type == type)
			return (int)n;
	return -1;
}

int ecsim_soe_sm_layout(struct ecsim_slave *s, unsigned int sm,
			struct ecsim_pd_sm *out)
{
	struct ecsim_soe *e = s->soe;
	const struct soe_idn *list, *d;
	size_t i;

	if (!e)
		return -ENOENT;
	if ((int)sm == first_sm(s, ECSIM_SMT_OUTPUTS))
		list = find(e, IDN_MDT_LIST);
	else if ((int)sm == first_sm(s, ECSIM_SMT_INPUTS))
		list = find(e, IDN_AT_LIST);
	else
		return -ENOENT;
	if (!list)
		return -ENOENT;
	for (i = 0; i + 1 < list->len; i += 2) {
		d = find(e, ecsim_get16(list->val + i));
		if (!d || !width(d->type) || out->n >= ECSIM_MAX_PD_ENTRIES)
			return -EINVAL;
		out->e[out->n].index = d->idn;
		out->e[out->n].sub = 0;
		out->e[out->n].bits = (uint8_t)(8 * width(d->type));
		out->e[out->n].bitoff = out->bits;
		out->bits += 8 * width(d->type);
		out->n++;
	}
	return 0;
}

static void set_num(struct soe_idn *d, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < width(d->type); i++)
		d->val[i] = (uint8_t)(v >> (8 * i));
}

void ecsim_soe_step(struct ecsim_slave *s)
{
	static const uint16_t follow[][2] = {
		{ IDN_POS_CMD, IDN_POS_FB },
		{ IDN_VEL_CMD, IDN_VEL_FB },
		{ IDN_CONTROL, IDN_STATUS },
	};
	struct ecsim_soe *e = s->soe;
	struct soe_idn *d, *cmd;
	uint64_t v;
	unsigned int i;

	if (!e)
		return;
	/* The MDT's values become the IDNs' values. */
	for (i = 0; i < s->pd_out.n; i++) {
		d = find(e, s->pd_out.e[i].index);
		if (d && !ecsim_pd_get(s, &s->pd_out, d->idn, 0, &v))
			set_num(d, v);
	}
	for (i = 0; i < sizeof(follow) / sizeof(follow[0]); i++) {
		cmd = find(e, follow[i][0]);
		d = find(e, follow[i][1]);
		if (cmd && d && width(cmd->type) == width(d->type))
			memcpy(d->val, cmd->val, width(d->type));
	}
	for (i = 0; i < s->pd_in.n; i++) {
		d = find(e, s->pd_in.e[i].index);
		if (d)
			ecsim_pd_set(s, &s->pd_in, d->idn, 0,
				     (uint64_t)get_num(d, d->val));
	}
}
