// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Process data of simulated slaves: the layout of the process data SMs
 * (from the model's PDOs, or for CoE slaves from the object dictionary's
 * assignment and mapping), input patterns, wiring of outputs to inputs and
 * the small CiA 402 drive behaviour.
 *
 * Timing rule tests can rely on: inputs are computed once per frame, before
 * any slave handles it, from the outputs as they were after the previous
 * frame.  Outputs written in frame n show up on wired inputs in frame n + 1.
 * A source slave that is not in OP drives its wires with zero (safe state).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"
#include "soe.h"
#ifdef ECSIM_HAVE_COE
#include "od.h"
#endif

static int layout_from_model(const struct ecsim_slave *s, unsigned int sm,
			     struct ecsim_pd_sm *out)
{
	const struct ecsim_model *m = s->model;
	unsigned int i, j;

	for (i = 0; i < m->n_pdos; i++) {
		const struct ecsim_model_pdo *p = &m->pdos[i];

		if (p->sm != sm)
			continue;
		for (j = 0; j < p->n_entries; j++) {
			struct ecsim_pd_entry *e = &out->e[out->n];

			if (out->n >= ECSIM_MAX_PD_ENTRIES)
				return -ENOSPC;
			e->index = p->entries[j].index;
			e->sub = p->entries[j].sub;
			e->bits = p->entries[j].bits;
			e->bitoff = out->bits;
			out->bits += e->bits;
			out->n++;
		}
	}
	return 0;
}

/**
 * ecsim_pd_layout() - entries mapped into process data SM @sm
 * @s: slave
 * @sm: SM number
 * @out: filled with entries and bit offsets
 *
 * Return: 0, or -EINVAL/-ENOSPC when the PDO assignment is inconsistent.
 */
int ecsim_pd_layout(struct ecsim_slave *s, unsigned int sm,
		    struct ecsim_pd_sm *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->sm = (int)sm;
	ret = ecsim_soe_sm_layout(s, sm, out);	/* an SoE drive's AT/MDT */
	if (ret != -ENOENT)
		return ret;
#ifdef ECSIM_HAVE_COE
	if (s->od) {
		struct ecsim_od_mapped map[ECSIM_MAX_PD_ENTRIES];
		int n = ecsim_od_sm_layout(s->od, sm, map,
					   ECSIM_MAX_PD_ENTRIES), i;

		if (n >= 0) {
			for (i = 0; i < n; i++) {
				out->e[i].index = map[i].index;
				out->e[i].sub = map[i].subindex;
				out->e[i].bits = map[i].bitlen;
				out->e[i].bitoff = out->bits;
				out->bits += map[i].bitlen;
			}
			out->n = (unsigned int)n;
			return 0;
		}
		if (n != -ENOENT)
			return n;
	}
#endif
	return layout_from_model(s, sm, out);
}

/*
 * Slaves with device emulation have no application that could change the
 * mapping: their layout is the model's from power-on, in every state.
 */
void ecsim_pd_fixed_layout(struct ecsim_slave *s)
{
	const struct ecsim_model *m = s->model;
	struct ecsim_pd_sm pd;
	unsigned int n;
	bool out = false, in = false;

	for (n = 0; n < m->n_sms; n++) {
		if (m->sms[n].type == ECSIM_SMT_OUTPUTS && !out)
			out = !ecsim_pd_layout(s, n, &pd) &&
			      !ecsim_pd_assign(&s->pd_out, &pd);
		else if (m->sms[n].type == ECSIM_SMT_INPUTS && !in)
			in = !ecsim_pd_layout(s, n, &pd) &&
			     !ecsim_pd_assign(&s->pd_in, &pd);
	}
}

int ecsim_pd_assign(struct ecsim_pd_map *dst, const struct ecsim_pd_sm *src)
{
	struct ecsim_pd_entry *e = NULL;

	if (src->n) {
		e = realloc(dst->e, src->n * sizeof(*e));
		if (!e) {
			ecsim_pd_map_clear(dst);
			return -ENOMEM;
		}
		memcpy(e, src->e, src->n * sizeof(*e));
	} else {
		free(dst->e);
	}
	dst->e = e;
	dst->sm = src->sm;
	dst->n = src->n;
	dst->bits = src->bits;
	return 0;
}

void ecsim_pd_map_clear(struct ecsim_pd_map *dst)
{
	free(dst->e);
	dst->e = NULL;
	dst->sm = -1;
	dst->n = 0;
	dst->bits = 0;
}

static const struct ecsim_pd_entry *find(const struct ecsim_pd_map *pd,
					 uint16_t index, uint8_t sub)
{
	unsigned int i;

	for (i = 0; i < pd->n; i++)
		if (pd->e[i].index == index && pd->e[i].sub == sub &&
		    pd->e[i].bits <= 64)
			return &pd->e[i];
	return NULL;
}

/*
 * Where the application puts and takes process data: the SM's address from
 * the model (= the SII).  Not the SM register, which the master may not
 * have written yet; entering SAFEOP checks that both agree.
 */
static uint16_t sm_start(const struct ecsim_slave *s, int sm)
{
	return s->model->sms[sm].start;
}

static uint64_t get_bits(const uint8_t *base, uint32_t off, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint32_t b = off + i;

		v |= (uint64_t)((base[b / 8] >> (b % 8)) & 1) << i;
	}
	return v;
}

static void set_bits(uint8_t *base, uint32_t off, unsigned int n, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		uint32_t b = off + i;
		uint8_t m = 1u << (b % 8);

		base[b / 8] = (v >> i) & 1 ? base[b / 8] | m : base[b / 8] & ~m;
	}
}

int ecsim_pd_get(const struct ecsim_slave *s, const struct ecsim_pd_map *pd,
		 uint16_t index, uint8_t sub, uint64_t *value)
{
	const struct ecsim_pd_entry *e = find(pd, index, sub);

	if (!e || pd->sm < 0)
		return -ENOENT;
	*value = get_bits(s->mem + sm_start(s, pd->sm), e->bitoff, e->bits);
	return 0;
}

int ecsim_pd_set(struct ecsim_slave *s, const struct ecsim_pd_map *pd,
		 uint16_t index, uint8_t sub, uint64_t value)
{
	const struct ecsim_pd_entry *e = find(pd, index, sub);

	if (!e || pd->sm < 0)
		return -ENOENT;
	set_bits(s->mem + sm_start(s, pd->sm), e->bitoff, e->bits, value);
	return 0;
}

static bool in_op(const struct ecsim_slave *s)
{
	return s->plugged && ecsim_al_state(s) == ESC_AL_OP;
}

/* Clear what the application had taken from the outputs (safe state). */
void ecsim_pd_clear_outputs(struct ecsim_slave *s)
{
	s->cia402_state = 0;
}

/* ---- CiA 402 (IEC 61800-7-201) power drive state machine, reduced ---- */

#define CIA_SOD		0	/* switch on disabled */
#define CIA_RTSO	1	/* ready to switch on */
#define CIA_SO		2	/* switched on */
#define CIA_OE		3	/* operation enabled */

#define CIA_CONTROLWORD		0x6040
#define CIA_STATUSWORD		0x6041
#define CIA_MODES		0x6060
#define CIA_MODES_DISPLAY	0x6061
#define CIA_POSITION_ACTUAL	0x6064
#define CIA_VELOCITY_ACTUAL	0x606C
#define CIA_TARGET_POSITION	0x607A
#define CIA_TARGET_VELOCITY	0x60FF

static const uint16_t cia_status[] = {
	[CIA_SOD] = 0x0240, [CIA_RTSO] = 0x0231,
	[CIA_SO] = 0x0233, [CIA_OE] = 0x0237,
};

static uint16_t cia_next(uint16_t st, uint16_t cw)
{
	bool shutdown = (cw & 0x87) == 0x06;
	bool switch_on = (cw & 0x8f) == 0x07;
	bool enable = (cw & 0x8f) == 0x0f;
	bool disable_voltage = (cw & 0x82) == 0x00;
	bool quick_stop = (cw & 0x86) == 0x02;

	if (disable_voltage || quick_stop)
		return CIA_SOD;
	switch (st) {
	case CIA_SOD:
		return shutdown ? CIA_RTSO : CIA_SOD;
	case CIA_RTSO:
		return switch_on || enable ? CIA_SO : CIA_RTSO;
	case CIA_SO:
		return enable ? CIA_OE : shutdown ? CIA_RTSO : CIA_SO;
	default:
		return switch_on ? CIA_SO : shutdown ? CIA_RTSO : CIA_OE;
	}
}

static void cia402_step(struct ecsim_slave *s)
{
	uint64_t cw = 0, v;

	if (in_op(s) && !ecsim_pd_get(s, &s->pd_out, CIA_CONTROLWORD, 0, &cw))
		s->cia402_state = cia_next(s->cia402_state, (uint16_t)cw);
	else if (!in_op(s))
		s->cia402_state = CIA_SOD;
	ecsim_pd_set(s, &s->pd_in, CIA_STATUSWORD, 0,
		     cia_status[s->cia402_state & 3]);
	if (in_op(s) && !ecsim_pd_get(s, &s->pd_out, CIA_MODES, 0, &v))
		ecsim_pd_set(s, &s->pd_in, CIA_MODES_DISPLAY, 0, v);
	if (s->cia402_state != CIA_OE)
		return;
	if (!ecsim_pd_get(s, &s->pd_out, CIA_TARGET_POSITION, 0, &v))
		ecsim_pd_set(s, &s->pd_in, CIA_POSITION_ACTUAL, 0, v);
	if (!ecsim_pd_get(s, &s->pd_out, CIA_TARGET_VELOCITY, 0, &v))
		ecsim_pd_set(s, &s->pd_in, CIA_VELOCITY_ACTUAL, 0, v);
}

/* ---- input patterns and wires ---- */

static const struct ecsim_slave *by_id(const struct ecsim_segment *seg,
				       unsigned int id)
{
	return id < seg->n_slaves ? &seg->slaves[id] : NULL;
}

static void wire_image(struct ecsim_slave *dst, const struct ecsim_slave *src)
{
	uint32_t n = src->pd_out.bits < dst->pd_in.bits ? src->pd_out.bits :
							   dst->pd_in.bits;
	uint8_t *d = dst->mem + sm_start(dst, dst->pd_in.sm);
	const uint8_t *sp;
	uint32_t i;

	if (!in_op(src) || src->pd_out.sm < 0 || !src->pd_out.n) {
		for (i = 0; i < dst->pd_in.bits; i += 64)
			set_bits(d, i, dst->pd_in.bits - i < 64 ?
				 dst->pd_in.bits - i : 64, 0);
		return;
	}
	sp = src->mem + sm_start(src, src->pd_out.sm);
	for (i = 0; i < n; i += 64) {
		unsigned int k = n - i < 64 ? n - i : 64;

		set_bits(d, i, k, get_bits(sp, i, k));
	}
}

static uint64_t pattern_value(struct ecsim_slave *s,
			      const struct ecsim_pattern *p)
{
	uint64_t n = ecsim_frames_seen(s), v = 0;
	const struct ecsim_slave *src;

	switch (p->kind) {
	case ECSIM_PAT_COUNTER:
		return p->value + (uint64_t)p->step * n;
	case ECSIM_PAT_TOGGLE:
		return p->period && (n / p->period) & 1 ? ~0ull : 0;
	case ECSIM_PAT_WIRE:
		src = by_id(s->seg, p->src_id);
		if (src && in_op(src))
			ecsim_pd_get(src, &src->pd_out, p->src_index,
				     p->src_sub, &v);
		return v;
	default:
		return p->value;
	}
}

/* One frame of the application of @s (SAFEOP, OP, device emulation). */
static void update_slave(struct ecsim_segment *seg, struct ecsim_slave *s)
{
	unsigned int k;

	if (s->model->behaviour && !strcmp(s->model->behaviour, "cia402"))
		cia402_step(s);
	ecsim_soe_step(s);
	if (!s->pd_in.n)
		return;
	for (k = 0; k < s->n_patterns; k++) {
		const struct ecsim_pattern *p = &s->patterns[k];

		if (p->kind == ECSIM_PAT_WIRE && p->src_image) {
			const struct ecsim_slave *src = by_id(seg, p->src_id);

			if (src)
				wire_image(s, src);
			continue;
		}
		ecsim_pd_set(s, &s->pd_in, p->index, p->sub,
			     pattern_value(s, p));
	}
}

/*
 * Every frame, each slave in the ring whose application runs and has
 * something to do (a CiA 402 or SoE drive, input patterns): those of the
 * index's set (index.c), backwards as a slave may leave it; the reference
 * asks every slave of the ring.  The frames a slave saw are counted by
 * the index (ecsim_frames_seen()).
 */
void ecsim_pd_update_inputs(struct ecsim_segment *seg)
{
	const struct ecsim_ix_set *live = &seg->ix.set[ECSIM_IX_APP];
	unsigned int i;

	seg->ix.frames++;
	if (!seg->ix.reference && seg->ix.head[0]) {
		for (i = live->n; i-- > 0;) {
			struct ecsim_slave *s = &seg->slaves[live->v[i]];

			if (s->pos != ~0u)
				update_slave(seg, s);
		}
		return;
	}
	for (i = 0; i < seg->ring_len; i++) {
		struct ecsim_slave *s = seg->ring[i];
		uint8_t st = ecsim_al_state(s);

		if (st == ESC_AL_SAFEOP || st == ESC_AL_OP ||
		    ecsim_al_emulated(s))
			update_slave(seg, s);
	}
}

int ecsim_pd_add_pattern(struct ecsim_slave *s, const struct ecsim_pattern *p)
{
	struct ecsim_pattern *np;
	unsigned int k;

	for (k = 0; k < s->n_patterns; k++) {
		struct ecsim_pattern *o = &s->patterns[k];

		if (!p->src_image && !o->src_image && o->index == p->index &&
		    o->sub == p->sub) {
			*o = *p;
			return 0;
		}
	}
	np = realloc(s->patterns, (s->n_patterns + 1) * sizeof(*np));
	if (!np)
		return -ENOMEM;
	s->patterns = np;
	np[s->n_patterns++] = *p;
	ecsim_index_sync(s);	/* its application runs every frame now */
	return 0;
}

/*
 * "inputs": { "0x6000:01": 1,
 *             "0x3101:02": { "pattern": "counter", "start": 0, "step": 3 },
 *             "0x6010:01": { "pattern": "toggle", "period": 10 } }
 */
int ecsim_pd_parse_inputs(struct ecsim_slave *s, const json_t *inputs,
			  char *err, size_t errlen)
{
	const char *key;
	json_t *v;

	if (!json_is_object(inputs)) {
		snprintf(err, errlen, "slave %u: \"inputs\" must be an object",
			 s->id);
		return -EINVAL;
	}
	json_object_foreach((json_t *)inputs, key, v) {
		struct ecsim_pattern p = { .kind = ECSIM_PAT_CONST };
		const char *kind = NULL;
		uint64_t u;

		if (ecsim_json_entry_ref(key, &p.index, &p.sub))
			goto bad;
		if (!json_is_object(v)) {
			if (ecsim_json_uint(v, UINT64_MAX, &p.value))
				goto bad;
		} else {
			json_unpack(v, "{s?s}", "pattern", &kind);
			if (!kind || !strcmp(kind, "constant")) {
				p.kind = ECSIM_PAT_CONST;
			} else if (!strcmp(kind, "counter")) {
				p.kind = ECSIM_PAT_COUNTER;
				p.step = 1;
			} else if (!strcmp(kind, "toggle")) {
				p.kind = ECSIM_PAT_TOGGLE;
				p.period = 1;
			} else {
				goto bad;
			}
			if (json_object_get(v, "value") &&
			    ecsim_json_uint(json_object_get(v, "value"),
					    UINT64_MAX, &p.value))
				goto bad;
			if (json_object_get(v, "start") &&
			    ecsim_json_uint(json_object_get(v, "start"),
					    UINT64_MAX, &p.value))
				goto bad;
			if (json_is_integer(json_object_get(v, "step")))
				p.step = json_integer_value(
					json_object_get(v, "step"));
			if (json_object_get(v, "period")) {
				if (ecsim_json_uint(json_object_get(v,
						"period"), UINT32_MAX, &u) ||
				    !u)
					goto bad;
				p.period = (uint32_t)u;
			}
		}
		if (ecsim_pd_add_pattern(s, &p))
			return -ENOMEM;
		continue;
bad:
		snprintf(err, errlen, "slave %u: bad input \"%s\"", s->id, key);
		return -EINVAL;
	}
	return 0;
}
