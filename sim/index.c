// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The addressing index of a segment: what a frame needs to find the
 * slaves its datagrams address without passing every slave of the ring.
 *
 * A frame is still processed slave by slave in ring order with every
 * datagram (frame.c), but only by the slaves something happens in:
 *  - configured address (FPxx): the slaves whose station address, or
 *    station alias with alias addressing enabled (0x0100 bit 24), is the
 *    address: one bucket list per 16-bit address for each;
 *  - position (APxx): the slave the address reaches 0 at, found by its
 *    rank among the slaves the frame passes (ranks are indices);
 *  - logical (LRD/LWR/LRW): the slaves with an active FMMU whose logical
 *    span overlaps the datagram's, from a list of the FMMUs sorted by
 *    start;
 *  - always: slaves with a non-zero ECAT event mask (0x0200: they OR their
 *    event requests into every datagram's IRQ field) and slaves with an
 *    AL control, mailbox or repeat request still to handle (ESC frame
 *    done);
 *  - broadcasts (BRD/BWR/BRW) and ARMW/FRMW address every slave: such a
 *    frame, and one whose slaves are more than a quarter of the ring,
 *    goes through every slave as before.
 * The other slaves would do nothing with the frame but count the position
 * address up, which frame.c does once for all of them.
 *
 * The copies of the registers are brought in step by ecsim_index_sync()
 * after every ECAT write to a slave (frame.c, once the frame left it), a
 * reset, an SII reload, an AL state change and a poke; the wiring's
 * arrival times (dc.c ecsim_topo_walk()) are computed again when the
 * wiring or a loop control (0x0101) changes.  check_sim_fastpath pins the
 * result against the reference, every frame through every slave
 * (ecsim_segment_set_reference()).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"

#define N_ADDR		65536u
#define W_STATION	0
#define W_ALIAS		1

/* ---- bucket lists: slaves by station address and by alias ---- */

static void list_del(struct ecsim_segment *seg, unsigned int w,
		     struct ecsim_slave *s)
{
	struct ecsim_ix_link *l = &s->ixl[w];

	if (l->prev)
		seg->slaves[l->prev - 1].ixl[w].next = l->next;
	else
		seg->ix.head[w][s->ix_key[w]] = l->next;
	if (l->next)
		seg->slaves[l->next - 1].ixl[w].prev = l->prev;
	l->prev = 0;
	l->next = 0;
	s->ix_lists &= ~(1u << w);
}

static void list_add(struct ecsim_segment *seg, unsigned int w,
		     struct ecsim_slave *s, uint16_t key)
{
	uint32_t h = seg->ix.head[w][key];

	s->ix_key[w] = key;
	s->ixl[w].prev = 0;
	s->ixl[w].next = h;
	if (h)
		seg->slaves[h - 1].ixl[w].prev = s->id + 1;
	seg->ix.head[w][key] = s->id + 1;
	s->ix_lists |= 1u << w;
}

static void list_set(struct ecsim_segment *seg, unsigned int w,
		     struct ecsim_slave *s, bool in, uint16_t key)
{
	bool was = s->ix_lists & (1u << w);

	if (was == in && (!in || key == s->ix_key[w]))
		return;
	if (was)
		list_del(seg, w, s);
	if (in)
		list_add(seg, w, s, key);
}

/* ---- sets of slaves ---- */

static void set_put(struct ecsim_segment *seg, unsigned int k,
		    struct ecsim_slave *s, bool in)
{
	struct ecsim_ix_set *set = &seg->ix.set[k];
	bool was = s->ix_sets & (1u << k);
	unsigned int last;

	if (in == was)
		return;
	if (in) {
		s->ix_at[k] = set->n;
		set->v[set->n++] = s->id;
		s->ix_sets |= 1u << k;
		return;
	}
	last = set->v[--set->n];
	set->v[s->ix_at[k]] = last;
	seg->slaves[last].ix_at[k] = s->ix_at[k];
	s->ix_sets &= ~(1u << k);
}

static bool is_live(const struct ecsim_slave *s)
{
	uint8_t st = ecsim_al_state(s);

	return st == ESC_AL_SAFEOP || st == ESC_AL_OP || ecsim_al_emulated(s);
}

/* Something to do every frame (pdata.c ecsim_pd_update_inputs()). */
static bool has_app(const struct ecsim_slave *s)
{
	return (s->model->behaviour &&
		!strcmp(s->model->behaviour, "cia402")) ||
	       s->soe || s->n_patterns;
}

uint64_t ecsim_frames_seen(const struct ecsim_slave *s)
{
	if ((s->ix_sets & (1u << ECSIM_IX_LIVE)) && s->pos != ~0u)
		return s->frames_seen + (s->seg->ix.frames - s->ix_base);
	return s->frames_seen;
}

/* Counted so far, before the slave leaves the ring or its state. */
static void fold(struct ecsim_slave *s)
{
	s->frames_seen = ecsim_frames_seen(s);
	s->ix_base = s->seg->ix.frames;
}

/* Around a change of the ring (segment.c): what the slaves saw so far
 * counted, from now on in the new ring. */
void ecsim_index_ring_change(struct ecsim_segment *seg)
{
	unsigned int i;

	for (i = 0; i < seg->n_slaves; i++)
		fold(&seg->slaves[i]);
}

static bool is_pending(const struct ecsim_slave *s)
{
	return s->al_pending || s->mbx_pending || s->repeat_pending;
}

/* ---- the logical index: active FMMUs sorted by logical start ---- */

static int lix_cmp(const struct ecsim_ix_lix *a, uint32_t lo, uint32_t id,
		   uint32_t fmmu)
{
	if (a->lo != lo)
		return a->lo < lo ? -1 : 1;
	if (a->id != id)
		return a->id < id ? -1 : 1;
	if (a->fmmu != fmmu)
		return a->fmmu < fmmu ? -1 : 1;
	return 0;
}

/* First entry not before (lo, id, fmmu). */
static size_t lix_find(const struct ecsim_index *ix, uint32_t lo,
		       uint32_t id, uint32_t fmmu)
{
	size_t a = 0, b = ix->n_lix;

	while (a < b) {
		size_t m = a + (b - a) / 2;

		if (lix_cmp(&ix->lix[m], lo, id, fmmu) < 0)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

static void lix_del(struct ecsim_index *ix, uint32_t lo, uint32_t id,
		    uint32_t fmmu)
{
	size_t i = lix_find(ix, lo, id, fmmu);

	if (i < ix->n_lix && !lix_cmp(&ix->lix[i], lo, id, fmmu)) {
		memmove(&ix->lix[i], &ix->lix[i + 1],
			(ix->n_lix - i - 1) * sizeof(ix->lix[0]));
		ix->n_lix--;
	}
}

static void lix_add(struct ecsim_index *ix, uint32_t lo, uint32_t len,
		    uint32_t id, uint32_t fmmu)
{
	size_t i;

	if (ix->n_lix == ix->cap_lix) {
		size_t cap = ix->cap_lix ? 2 * ix->cap_lix : 64;
		struct ecsim_ix_lix *p = realloc(ix->lix, cap * sizeof(*p));

		if (!p) {
			ix->lix_bad = true;
			return;
		}
		ix->lix = p;
		ix->cap_lix = cap;
	}
	i = lix_find(ix, lo, id, fmmu);
	memmove(&ix->lix[i + 1], &ix->lix[i],
		(ix->n_lix - i) * sizeof(ix->lix[0]));
	ix->lix[i] = (struct ecsim_ix_lix){ lo, len, id, fmmu };
	ix->n_lix++;
	if (len > ix->lix_max)
		ix->lix_max = len;
}

/* The FMMUs of @s as the logical datagrams see them (esc.c). */
static void sync_fmmus(struct ecsim_segment *seg, struct ecsim_slave *s)
{
	unsigned int n;

	for (n = 0; s->ix_fm && n < s->model->n_fmmu && n < ESC_FMMU_MAX;
	     n++) {
		const uint8_t *f = s->mem + ESC_REG_FMMU(n);
		struct ecsim_ix_fmmu *c = &s->ix_fm[n];
		bool on = (f[ESC_FMMU_ACTIVATE] & 1) &&
			  (f[ESC_FMMU_TYPE] & (ESC_FMMU_TYPE_READ |
					       ESC_FMMU_TYPE_WRITE));
		uint32_t lo = ecsim_get32(f + ESC_FMMU_LOG_START);
		uint32_t len = on ? ecsim_get16(f + ESC_FMMU_LENGTH) : 0;

		if (len == c->len && (!len || lo == c->lo))
			continue;
		if (c->len)
			lix_del(&seg->ix, c->lo, s->id, n);
		if (len)
			lix_add(&seg->ix, lo, len, s->id, n);
		c->lo = lo;
		c->len = len;
	}
}

/**
 * ecsim_index_sync() - bring the index in step with the registers of @s
 * @s: slave (any time; nothing before ecsim_index_init())
 */
void ecsim_index_sync(struct ecsim_slave *s)
{
	struct ecsim_segment *seg = s->seg;
	uint32_t dlc;
	bool live;

	if (!seg || !seg->ix.head[0])
		return;
	s->ix_dirty = false;
	dlc = ecsim_get32(s->mem + ESC_REG_DL_CONTROL);
	list_set(seg, W_STATION, s, true,
		 ecsim_get16(s->mem + ESC_REG_STATION_ADDR));
	list_set(seg, W_ALIAS, s, dlc & ESC_DLC_ALIAS_ENABLE,
		 ecsim_get16(s->mem + ESC_REG_STATION_ALIAS));
	if (((dlc >> 8) & 0xff) != s->ix_loop) {
		s->ix_loop = (dlc >> 8) & 0xff;
		seg->ix.topo_dirty = true;
	}
	set_put(seg, ECSIM_IX_IRQ, s,
		ecsim_get16(s->mem + ESC_REG_ECAT_EVENT_MASK) != 0);
	live = is_live(s);
	if (live != !!(s->ix_sets & (1u << ECSIM_IX_LIVE)))
		fold(s);
	set_put(seg, ECSIM_IX_LIVE, s, live);
	set_put(seg, ECSIM_IX_APP, s, live && has_app(s));
	set_put(seg, ECSIM_IX_OP, s, ecsim_al_state(s) == ESC_AL_OP);
	set_put(seg, ECSIM_IX_PEND, s, is_pending(s));
	sync_fmmus(seg, s);
}

/* After the frame left @s: what it may have changed. */
void ecsim_index_after_frame(struct ecsim_slave *s)
{
	if (s->ix_dirty)
		ecsim_index_sync(s);
	else if (s->seg->ix.head[0])
		set_put(s->seg, ECSIM_IX_PEND, s, is_pending(s));
}

int ecsim_index_init(struct ecsim_segment *seg)
{
	struct ecsim_index *ix = &seg->ix;
	unsigned int n = seg->n_slaves + 1, i, k;

	for (i = 0; i < 2; i++) {
		ix->head[i] = calloc(N_ADDR, sizeof(uint32_t));
		if (!ix->head[i])
			return -ENOMEM;
	}
	for (k = 0; k < ECSIM_IX_SETS; k++) {
		ix->set[k].v = calloc(n, sizeof(unsigned int));
		if (!ix->set[k].v)
			return -ENOMEM;
	}
	ix->reached = calloc(n, sizeof(unsigned int));
	ix->visit = calloc(n, sizeof(unsigned int));
	if (!ix->reached || !ix->visit)
		return -ENOMEM;
	for (i = 0; i < seg->n_slaves; i++) {
		struct ecsim_slave *s = &seg->slaves[i];

		s->ix_fm = calloc(s->model->n_fmmu + 1, sizeof(*s->ix_fm));
		if (!s->ix_fm)
			return -ENOMEM;
		s->ix_loop = (ecsim_get32(s->mem + ESC_REG_DL_CONTROL) >> 8) &
			     0xff;
		ecsim_index_sync(s);
	}
	ix->topo_dirty = true;
	return 0;
}

void ecsim_index_free(struct ecsim_segment *seg)
{
	struct ecsim_index *ix = &seg->ix;
	unsigned int i;

	for (i = 0; seg->slaves && i < seg->n_slaves; i++) {
		free(seg->slaves[i].ix_fm);
		seg->slaves[i].ix_fm = NULL;
	}
	for (i = 0; i < 2; i++)
		free(ix->head[i]);
	for (i = 0; i < ECSIM_IX_SETS; i++)
		free(ix->set[i].v);
	free(ix->reached);
	free(ix->visit);
	free(ix->lix);
	memset(ix, 0, sizeof(*ix));
}

void ecsim_segment_set_reference(struct ecsim_segment *seg, bool on)
{
	seg->ix.reference = on;
}

/*
 * The frame's arrival and receive times of every slave it reaches, and
 * the ranks: once per change of the wiring or a loop control (every frame
 * for the reference).
 */
void ecsim_index_topo(struct ecsim_segment *seg)
{
	struct ecsim_index *ix = &seg->ix;
	unsigned int i;

	if (!ix->topo_dirty && !ix->reference)
		return;
	ix->topo_dirty = false;
	ecsim_topo_walk(seg);
	ix->n_reached = 0;
	for (i = 0; i < seg->ring_len; i++) {
		struct ecsim_slave *s = seg->ring[i];

		s->ix_rank = ix->n_reached;
		if (s->reached)
			ix->reached[ix->n_reached++] = i;
	}
}

/* How many slaves of ring positions @first to @end - 1 process a frame
 * (from the main port only those the frame reaches). */
uint32_t ecsim_index_processed(const struct ecsim_segment *seg,
			       unsigned int first, unsigned int end)
{
	const struct ecsim_index *ix = &seg->ix;
	size_t a = 0, b = ix->n_reached;

	if (first)
		return end - first;
	while (a < b) {		/* reached positions below @end */
		size_t m = a + (b - a) / 2;

		if (ix->reached[m] < end)
			a = m + 1;
		else
			b = m;
	}
	return (uint32_t)a;
}

/* ---- this frame's slaves ---- */

struct collect {
	struct ecsim_segment *seg;
	unsigned int first, end, limit;
};

/* Adds the slave with index @id; false when too many for the short way. */
static bool visit(struct collect *c, unsigned int id)
{
	struct ecsim_index *ix = &c->seg->ix;
	struct ecsim_slave *s = &c->seg->slaves[id];

	if (s->ix_mark == ix->mark)
		return true;
	s->ix_mark = ix->mark;
	/* only the slaves the long way processes: in the ring, in the
	 * range, reached when the frame comes from the main port */
	if (s->pos == ~0u || s->pos < c->first || s->pos >= c->end ||
	    (!c->first && !s->reached))
		return true;
	if (ix->n_visit >= c->limit)
		return false;
	ix->visit[ix->n_visit++] = s->pos;
	return true;
}

static bool visit_list(struct collect *c, unsigned int w, uint16_t key)
{
	uint32_t r;

	for (r = c->seg->ix.head[w][key]; r;
	     r = c->seg->slaves[r - 1].ixl[w].next)
		if (!visit(c, r - 1))
			return false;
	return true;
}

static bool visit_set(struct collect *c, unsigned int k)
{
	const struct ecsim_ix_set *set = &c->seg->ix.set[k];
	unsigned int i;

	for (i = 0; i < set->n; i++)
		if (!visit(c, set->v[i]))
			return false;
	return true;
}

/* The slave the position address @adp reaches 0 at, for each wrap. */
static bool visit_position(struct collect *c, uint16_t adp,
			   uint32_t processed)
{
	const struct ecsim_segment *seg = c->seg;
	uint32_t r;

	for (r = (uint16_t)(0u - adp); r < processed; r += 65536u) {
		unsigned int pos = c->first ? c->first + r :
					      seg->ix.reached[r];

		if (!visit(c, seg->ring[pos]->id))
			return false;
	}
	return true;
}

static bool visit_logical(struct collect *c, uint32_t la, uint16_t len)
{
	const struct ecsim_index *ix = &c->seg->ix;
	uint64_t a = la, b = a + len;
	uint32_t lo_min = a >= ix->lix_max ? (uint32_t)(a - ix->lix_max + 1) :
					     0;
	size_t i;

	if (ix->lix_bad)
		return false;
	for (i = lix_find(ix, lo_min, 0, 0);
	     i < ix->n_lix && ix->lix[i].lo < b; i++)
		if ((uint64_t)ix->lix[i].lo + ix->lix[i].len > a &&
		    !visit(c, ix->lix[i].id))
			return false;
	return true;
}

static int pos_cmp(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

/**
 * ecsim_index_collect() - the ring positions a frame has to visit
 * @seg: segment (its index's topology current)
 * @dg: the datagram headers
 * @n: how many
 * @first: first ring position that processes the frame
 * @end: one past the last
 * @processed: ecsim_index_processed(@seg, @first, @end)
 *
 * Fills @seg->ix.visit (sorted) and n_visit.
 *
 * Return: false when the frame has to pass every slave (a broadcast,
 * too many slaves, the reference).
 */
bool ecsim_index_collect(struct ecsim_segment *seg, const uint8_t *const *dg,
			 unsigned int n, unsigned int first, unsigned int end,
			 uint32_t processed)
{
	struct ecsim_index *ix = &seg->ix;
	struct collect c = { seg, first, end, (end - first) / 4 + 16 };
	unsigned int k, i;

	if (ix->reference || !ix->head[0])
		return false;
	ix->n_visit = 0;
	if (!++ix->mark) {	/* wrapped: no slave may hold the new mark */
		for (i = 0; i < seg->n_slaves; i++)
			seg->slaves[i].ix_mark = 0;
		ix->mark = 1;
	}
	if (!visit_set(&c, ECSIM_IX_IRQ) || !visit_set(&c, ECSIM_IX_PEND))
		return false;
	for (k = 0; k < n; k++) {
		const uint8_t *p = dg[k];
		uint16_t adp = ecsim_get16(p + 2);
		bool ok = true;

		switch (p[0]) {
		case CMD_APRD:
		case CMD_APWR:
		case CMD_APRW:
			ok = visit_position(&c, adp, processed);
			break;
		case CMD_FPRD:
		case CMD_FPWR:
		case CMD_FPRW:
			ok = visit_list(&c, W_STATION, adp) &&
			     visit_list(&c, W_ALIAS, adp);
			break;
		case CMD_LRD:
		case CMD_LWR:
		case CMD_LRW:
			ok = visit_logical(&c, ecsim_get32(p + 2),
					   ecsim_get16(p + 6) & DG_LEN_MASK);
			break;
		case CMD_BRD:
		case CMD_BWR:
		case CMD_BRW:
		case CMD_ARMW:	/* one reads, every other slave writes */
		case CMD_FRMW:
			ok = false;
			break;
		default:	/* NOP and reserved: no slave acts */
			break;
		}
		if (!ok)
			return false;
	}
	qsort(ix->visit, ix->n_visit, sizeof(ix->visit[0]), pos_cmp);
	return true;
}
