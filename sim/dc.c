// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Distributed clocks of the simulated slaves and the wiring between them
 * (ESC Section I chapter 9 "Distributed Clocks", Section II 0x0900-0x09FF).
 *
 * Wiring: every slave hangs behind a port (1, 2 or 3) of another slave, or
 * is the first one (behind the master).  A frame enters a slave at port 0,
 * passes the processing unit and leaves through the open ports in the
 * order 3, 1, 2, travelling each branch and coming back before the next
 * port is served, then leaves through port 0: ring positions are the
 * depth-first pre-order of that tree.  Each hop from a parent down to a
 * slave takes the slave's fwd_ns, the way back ret_ns.
 *
 * Clocks: each DC slave's local clock runs at its own frequency error
 * (drift, ppb) from its own start offset.  Its local copy of the system
 * time is the local time plus the offset 0x0920 plus what the time control
 * loop accumulated.  Every write of the system time 0x0910 is one sample
 * of the loop: difference = local copy - delay 0x0928 - received lower 32
 * bits (Section I 9.1.5); 0x092C shows its running mean over 2^(0x0934)
 * samples, sign-magnitude.  The loop changes the clock's speed, never its
 * value in a step: a proportional-integral law whose time constant is set
 * by the speed counter start 0x0930 (larger: smoother, slower), with the
 * speed correction limited to +-1000 ppm; writing 0x0930 resets it.  The
 * model's constants are a reading, not Beckhoff's silicon (doc/SPECNOTES.md).
 *
 * SYNC0/SYNC1: cyclic operation 0x0981 with the start time 0x0990 and cycle
 * times 0x09A0/0x09A4; pulses are counted as they fall due.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"

#define NS_PER_SEC		1000000000LL
#define LOOP_RATE_MAX_PPB	1000000LL	/* +-1000 ppm */
#define LOOP_TAU_PER_COUNT_NS	5000LL	/* 0x1000 -> 20.48 ms */
#define SPEED_START_MIN		0x0080
#define SPEED_START_RESET	0x1000
#define FILTER_DEPTH_RESET	0x04	/* 0x0934 */
#define SPEED_FILTER_RESET	0x0c	/* 0x0935 */

static const uint8_t port_order[3] = { 3, 1, 2 };

/* ppb * dt / 1e9 without overflow for any dt of a simulated day or so */
static int64_t scale_ppb(int64_t ppb, int64_t dt)
{
	return (dt / NS_PER_SEC) * ppb + (dt % NS_PER_SEC) * ppb / NS_PER_SEC;
}

uint64_t ecsim_slave_local_time(const struct ecsim_slave *s, uint64_t t)
{
	return t + (uint64_t)s->clk_off +
	       (uint64_t)scale_ppb(s->drift_ppb, (int64_t)t);
}

/* Correction of the time control loop at sim time @t. */
static int64_t loop_acc(const struct ecsim_slave *s, uint64_t t)
{
	if (!s->loop_started || t < s->loop_t)
		return s->loop_acc;
	return s->loop_acc + scale_ppb(s->loop_rate, (int64_t)(t - s->loop_t));
}

uint64_t ecsim_dc_system_time(const struct ecsim_slave *s, uint64_t t)
{
	return ecsim_slave_local_time(s, t) +
	       ecsim_get64(s->mem + ESC_REG_DC_OFFSET) +
	       (uint64_t)loop_acc(s, t);
}

static void loop_reset(struct ecsim_slave *s)
{
	s->loop_acc = loop_acc(s, s->t_dg);
	s->loop_t = s->t_dg;
	s->loop_rate = 0;
	s->loop_integ = 0;
	s->loop_mean = 0;
	ecsim_put32(s->mem + ESC_REG_DC_DIFF, 0);
	ecsim_put16(s->mem + ESC_REG_DC_SPEED_DIFF, 0);
}

void ecsim_dc_reset(struct ecsim_slave *s)
{
	s->loop_started = false;
	s->loop_acc = 0;
	s->loop_rate = 0;
	s->loop_integ = 0;
	s->loop_mean = 0;
	s->sync_armed = false;
	s->sync_error = false;
	ecsim_put16(s->mem + ESC_REG_DC_SPEED_START, SPEED_START_RESET);
	s->mem[ESC_REG_DC_FILTER] = FILTER_DEPTH_RESET;
	s->mem[ESC_REG_DC_FILTER + 1] = SPEED_FILTER_RESET;
}

static int64_t clamp(int64_t v, int64_t lim)
{
	return v > lim ? lim : v < -lim ? -lim : v;
}

/* One sample of the time control loop: @v is the received system time. */
static void dc_compare(struct ecsim_slave *s, uint32_t v)
{
	uint64_t t = s->t_dg;
	uint32_t delay = ecsim_get32(s->mem + ESC_REG_DC_DELAY);
	unsigned int start = ecsim_get16(s->mem + ESC_REG_DC_SPEED_START) &
			     0x7fff;
	unsigned int depth = s->mem[ESC_REG_DC_FILTER] & 0x0f;
	int64_t tau, h, d, mean, mag;

	if (start < SPEED_START_MIN)
		start = SPEED_START_MIN;
	tau = (int64_t)start * LOOP_TAU_PER_COUNT_NS;
	h = s->loop_started && t > s->loop_t ? (int64_t)(t - s->loop_t) : 0;
	if (h > tau / 4)
		h = tau / 4;	/* a long pause is not integrated */
	s->loop_acc = loop_acc(s, t);
	s->loop_t = t;
	s->loop_started = true;
	d = (int32_t)((uint32_t)ecsim_dc_system_time(s, t) - delay - v);
	/* running mean in 1/65536 ns: small differences still move it */
	s->loop_mean += ((d * 65536) - s->loop_mean) / (1 << depth);
	mean = (s->loop_mean + (s->loop_mean < 0 ? -32768 : 32768)) / 65536;
	mag = mean < 0 ? -mean : mean;
	if (mag > 0x7fffffff)
		mag = 0x7fffffff;
	ecsim_put32(s->mem + ESC_REG_DC_DIFF,
		    (uint32_t)mag | (mean < 0 ? 0x80000000u : 0));
	/* PI law on the filtered difference (the mean of 0x092C, so that
	 * jitter of the received times is averaged out), critically damped:
	 * rate = -2/tau m - 1/tau^2 int m dt */
	s->loop_integ = clamp(s->loop_integ -
			      mean * h / (tau * tau / NS_PER_SEC),
			      LOOP_RATE_MAX_PPB);
	s->loop_rate = clamp(s->loop_integ - 2 * NS_PER_SEC * mean / tau,
			     LOOP_RATE_MAX_PPB);
	ecsim_put16(s->mem + ESC_REG_DC_SPEED_DIFF,
		    (uint16_t)(int16_t)clamp(s->loop_integ / 10, 0x7fff));
	if (s->dc_required && ecsim_al_state(s) == ESC_AL_OP &&
	    mag > s->sync_tolerance_ns)
		s->sync_error = true;
}

/* A write to 0x0900 latches the receive times of the current frame. */
static void dc_latch(struct ecsim_slave *s)
{
	unsigned int p;

	uint64_t t0 = s->seg->ix.t0;

	for (p = 0; p < 4; p++)
		if (s->rx_valid & (1u << p))
			ecsim_put32(s->mem + ESC_REG_DC_RX_TIME(p),
				    (uint32_t)ecsim_slave_local_time(s,
						t0 + s->rx_off[p]));
	ecsim_put64(s->mem + ESC_REG_DC_RX_TIME_PU,
		    ecsim_slave_local_time(s, t0 + s->rx_off[0]));
}

static void dc_activate(struct ecsim_slave *s)
{
	uint8_t act = s->mem[ESC_REG_DC_ACTIVATION];
	uint64_t start = ecsim_get64(s->mem + ESC_REG_DC_START_TIME);
	uint64_t now = ecsim_dc_system_time(s, s->t_dg);
	uint8_t st = 0;

	s->sync_armed = false;
	if (act & ESC_DCA_CYCLIC) {
		if (act & ESC_DCA_SYNC0)
			st |= ESC_DCAS_SYNC0_PENDING;
		if (act & ESC_DCA_SYNC1)
			st |= ESC_DCAS_SYNC1_PENDING;
		/* a start time in the past never comes (64-bit DC) */
		if (start < now || start - now > ESC_DC_NEAR_FUTURE_NS)
			st |= ESC_DCAS_START_FAR;
		else
			s->sync_armed = true;
		s->sync_start = start;
		s->sync0_cycle = ecsim_get32(s->mem + ESC_REG_DC_SYNC0_CYCLE);
		s->sync1_cycle = ecsim_get32(s->mem + ESC_REG_DC_SYNC1_CYCLE);
	}
	s->mem[ESC_REG_DC_ACT_STATUS] = st;
	s->mem[ESC_REG_DC_SYNC0_STATUS] = 0;
	s->mem[ESC_REG_DC_SYNC1_STATUS] = 0;
}

static bool overlaps(uint32_t a, uint32_t alen, uint32_t b, uint32_t blen)
{
	return a < b + blen && b < a + alen;
}

void ecsim_dc_write(struct ecsim_slave *s, uint16_t addr, const uint8_t *buf,
		    size_t len)
{
	uint32_t end = (uint32_t)addr + len;

	if (!s->model->dc_regs)
		return;
	if (overlaps(addr, len, ESC_REG_DC_RX_TIME(0), 4))
		dc_latch(s);
	if (addr <= ESC_REG_DC_SYSTIME && end >= ESC_REG_DC_SYSTIME + 4)
		dc_compare(s, ecsim_get32(buf + (ESC_REG_DC_SYSTIME - addr)));
	if (overlaps(addr, len, ESC_REG_DC_SPEED_START, 2))
		loop_reset(s);
	if (overlaps(addr, len, ESC_REG_DC_ACTIVATION, 1))
		dc_activate(s);
}

/* SYNC0 pulses fallen due up to system time @now. */
static uint64_t sync0_pulses(const struct ecsim_slave *s, uint64_t now)
{
	if (!s->sync_armed || !(s->mem[ESC_REG_DC_ACTIVATION] & ESC_DCA_SYNC0)
	    || now < s->sync_start)
		return 0;
	if (!s->sync0_cycle)
		return 1;	/* single shot */
	return (now - s->sync_start) / s->sync0_cycle + 1;
}

/*
 * SYNC1 (ESC Section I 9.2.3): with a SYNC1 cycle time below the SYNC0
 * cycle time a SYNC1 pulse follows every SYNC0 pulse after that time;
 * otherwise every (sync1 / sync0)-th SYNC0 pulse, delayed by the rest.
 */
static uint64_t sync1_pulses(const struct ecsim_slave *s, uint64_t now)
{
	uint64_t c0 = s->sync0_cycle, c1 = s->sync1_cycle, n, delay;

	if (!s->sync_armed || !(s->mem[ESC_REG_DC_ACTIVATION] & ESC_DCA_SYNC1)
	    || !c0)
		return 0;
	n = c1 < c0 ? 1 : c1 / c0;
	delay = c1 < c0 ? c1 : c1 % c0;
	if (now < s->sync_start + delay)
		return 0;
	return ((now - s->sync_start - delay) / c0) / n + 1;
}

bool ecsim_dc_sync0_active(const struct ecsim_slave *s)
{
	return (s->mem[ESC_REG_DC_ACTIVATION] &
		(ESC_DCA_CYCLIC | ESC_DCA_SYNC0)) ==
	       (ESC_DCA_CYCLIC | ESC_DCA_SYNC0) &&
	       s->sync_armed && s->sync0_cycle;
}

void ecsim_dc_read(struct ecsim_slave *s, uint16_t addr, uint8_t *buf,
		   size_t len,
		   void (*patch)(uint8_t *, uint16_t, size_t, uint16_t,
				 uint64_t, unsigned int))
{
	uint64_t now, n0, next;
	uint8_t st;

	if (!s->model->dc_regs ||
	    !overlaps(addr, len, ESC_REG_DC_SYSTIME, 0xa0))
		return;
	now = ecsim_dc_system_time(s, s->t_dg);
	if (overlaps(addr, len, ESC_REG_DC_SYSTIME, 8))
		patch(buf, addr, len, ESC_REG_DC_SYSTIME, now, 8);
	if (!(s->mem[ESC_REG_DC_ACTIVATION] & ESC_DCA_CYCLIC))
		return;
	n0 = sync0_pulses(s, now);
	st = s->mem[ESC_REG_DC_ACT_STATUS];
	next = s->sync_start;
	if (n0) {
		st &= ~ESC_DCAS_SYNC0_PENDING;
		s->mem[ESC_REG_DC_SYNC0_STATUS] = 1;
		if (s->sync0_cycle)
			next = s->sync_start + n0 * s->sync0_cycle;
	}
	if (sync1_pulses(s, now)) {
		st &= ~ESC_DCAS_SYNC1_PENDING;
		s->mem[ESC_REG_DC_SYNC1_STATUS] = 1;
	}
	s->mem[ESC_REG_DC_ACT_STATUS] = st;
	patch(buf, addr, len, ESC_REG_DC_ACT_STATUS, st, 1);
	patch(buf, addr, len, ESC_REG_DC_SYNC0_STATUS,
	      s->mem[ESC_REG_DC_SYNC0_STATUS], 1);
	patch(buf, addr, len, ESC_REG_DC_SYNC1_STATUS,
	      s->mem[ESC_REG_DC_SYNC1_STATUS], 1);
	patch(buf, addr, len, ESC_REG_DC_START_TIME, next, 8);
	patch(buf, addr, len, ESC_REG_DC_NEXT_SYNC1, next, 8);
}

/*
 * Time driven checks of a drive in DC mode: in OP, SYNC0 switched off or
 * a system time difference beyond its tolerance (seen by the control loop)
 * is a sync error: back to SAFEOP with AL status code 0x002C.
 */
void ecsim_dc_check(struct ecsim_slave *s)
{
	if (!s->dc_required || ecsim_al_state(s) != ESC_AL_OP)
		return;
	if (!s->sync_error && ecsim_dc_sync0_active(s))
		return;
	s->sync_error = false;
	ecsim_pd_clear_outputs(s);
	ecsim_al_set_error(s, ESC_AL_SAFEOP, AL_CODE_FATAL_SYNC_ERROR);
}

/*
 * SAFEOP -> OP of a drive in DC mode: SYNC0 must run, with a cycle time
 * the drive supports (ETG.1000.6 table 11: 0x0030, 0x0036).
 */
uint16_t ecsim_dc_check_op(const struct ecsim_slave *s)
{
	if (!s->dc_required)
		return AL_CODE_NONE;
	if (!ecsim_dc_sync0_active(s))
		return AL_CODE_INVALID_DC_SYNC;
	if (s->sync0_cycle < ECSIM_DC_MIN_CYCLE_NS ||
	    s->sync0_cycle > ECSIM_DC_MAX_CYCLE_NS)
		return AL_CODE_INVALID_DC_SYNC0_CYCLE;
	return AL_CODE_NONE;
}

/* ---- wiring ---- */

/* Walk the branch at @x reached @t after the frame started; return when
 * the frame leaves it through port 0 again (the same offset). */
static uint64_t walk(struct ecsim_segment *seg, struct ecsim_slave *x,
		     uint64_t t)
{
	uint32_t dlc = ecsim_get32(x->mem + ESC_REG_DL_CONTROL);
	uint64_t cur = t;
	unsigned int i;

	x->reached = true;
	x->arr_off = t;
	x->rx_valid = 1;
	x->rx_off[0] = t;
	for (i = 0; i < 3; i++) {
		unsigned int p = port_order[i];
		int c = x->child[p];
		struct ecsim_slave *y;

		if (c < 0 || ((dlc >> ESC_DLC_LOOP_SHIFT(p)) & 3) ==
			     ESC_DLC_LOOP_CLOSED)
			continue;
		y = &seg->slaves[c];
		cur = walk(seg, y, cur + y->fwd_ns) + y->ret_ns;
		x->rx_valid |= 1u << p;
		x->rx_off[p] = cur;
	}
	return cur;
}

/* Which slaves a frame reaches and when, from the wiring and the loop
 * controls (index.c calls it again when one of them changes). */
void ecsim_topo_walk(struct ecsim_segment *seg)
{
	unsigned int i;

	for (i = 0; i < seg->ring_len; i++)
		seg->ring[i]->reached = false;
	if (seg->ring_len)
		walk(seg, seg->ring[0], 0);
}

static void order(struct ecsim_segment *seg, struct ecsim_slave *x)
{
	unsigned int i;

	x->pos = seg->ring_len;
	seg->ring[seg->ring_len++] = x;
	for (i = 0; i < 3; i++)
		if (x->child[port_order[i]] >= 0)
			order(seg, &seg->slaves[x->child[port_order[i]]]);
}

/*
 * The ring of plugged slaves in processing order.  An unplugged slave is
 * bridged: what hangs behind it hangs at its place (the line's "slaves
 * behind it move up"); where that puts two branches on one port, or a
 * second slave first, the later one is out of reach until replugged.
 */
void ecsim_topo_rebuild(struct ecsim_segment *seg)
{
	struct ecsim_slave *root = NULL;
	unsigned int i, p;

	for (i = 0; i < seg->n_slaves; i++) {
		seg->slaves[i].pos = ~0u;
		for (p = 0; p < 4; p++)
			seg->slaves[i].child[p] = -1;
	}
	for (i = 0; i < seg->n_slaves; i++) {
		struct ecsim_slave *s = &seg->slaves[i];
		int a = s->parent;
		unsigned int port = s->parent_port;

		if (!s->plugged)
			continue;
		while (a >= 0 && !seg->slaves[a].plugged) {
			port = seg->slaves[a].parent_port;
			a = seg->slaves[a].parent;
		}
		if (a < 0) {
			if (!root)
				root = s;
		} else if (seg->slaves[a].child[port] < 0) {
			seg->slaves[a].child[port] = (int)i;
		}
	}
	seg->ix.topo_dirty = true;
	seg->ring_len = 0;
	if (root)
		order(seg, root);
	for (i = 0; i < seg->ring_len; i++) {
		struct ecsim_slave *s = seg->ring[i];

		s->links = 0;
		for (p = 1; p < 4; p++)
			if (s->child[p] >= 0)
				s->links |= 1u << p;
		ecsim_slave_update_dl_status(s, s->links & 2);
	}
}

/*
 * "link": { "to": ID, "port": P } of a slave in the segment file: the
 * slave hangs behind port P (1-3) of the slave with index ID, which comes
 * earlier in the file.  Without it a slave hangs behind port 1 of the one
 * before it (a line).  "dc": { "ppm": X, "offset_ns": Y, "required": B,
 * "tolerance_ns": T } sets the clock's frequency error, its start offset
 * and the drive's DC mode; "fwd_ns"/"ret_ns" the hop delays from the
 * parent.
 */
int ecsim_dc_parse_slave(struct ecsim_segment *seg, struct ecsim_slave *s,
			 const json_t *js, char *err, size_t errlen)
{
	const json_t *link = json_object_get(js, "link");
	const json_t *dc = json_object_get(js, "dc");
	const json_t *v;
	uint64_t x;

	s->parent = (int)s->id - 1;
	s->parent_port = 1;
	s->fwd_ns = seg->fwd_ns;
	s->ret_ns = seg->ret_ns;
	s->sync_tolerance_ns = ECSIM_DC_TOLERANCE_NS;
	s->dc_required = s->model->dc_required;
	/* frequency errors spread over +-spread unless given: a fixed hash
	 * of the index, so that the generator of the faults is not used */
	s->drift_ppb = (int32_t)((int64_t)(((uint64_t)s->id + 1) *
			2654435761u % (2 * (uint64_t)seg->ppm_spread_ppb + 1)) -
			seg->ppm_spread_ppb);
	if (link) {
		if (!json_is_object(link) ||
		    ecsim_json_uint(json_object_get(link, "to"),
				    s->id ? s->id - 1 : 0, &x) || !s->id)
			goto bad_link;
		s->parent = (int)x;
		if (ecsim_json_uint(json_object_get(link, "port"), 3, &x) ||
		    !x)
			goto bad_link;
		s->parent_port = (uint8_t)x;
		if (((seg->slaves[s->parent].model->port_desc >>
		      (2 * s->parent_port)) & 3) < 2) {
			snprintf(err, errlen,
				 "slave %u: \"link\": slave %d has no port %u",
				 s->id, s->parent, s->parent_port);
			return -EINVAL;
		}
	}
	v = json_object_get(js, "fwd_ns");
	if (v && ecsim_json_uint(v, 1000000, &x) == 0)
		s->fwd_ns = (uint32_t)x;
	else if (v)
		goto bad_delay;
	v = json_object_get(js, "ret_ns");
	if (v && ecsim_json_uint(v, 1000000, &x) == 0)
		s->ret_ns = (uint32_t)x;
	else if (v)
		goto bad_delay;
	if (!dc)
		return 0;
	if (!json_is_object(dc))
		goto bad_dc;
	v = json_object_get(dc, "ppm");
	if (v) {
		if (!json_is_number(v) || json_number_value(v) < -1000 ||
		    json_number_value(v) > 1000)
			goto bad_dc;
		s->drift_ppb = (int32_t)(json_number_value(v) * 1000);
	}
	v = json_object_get(dc, "offset_ns");
	if (v) {
		if (ecsim_json_uint(v, UINT64_MAX >> 1, &x))
			goto bad_dc;
		s->clk_off = (int64_t)x;
	}
	v = json_object_get(dc, "required");
	if (v) {
		if (!json_is_boolean(v))
			goto bad_dc;
		s->dc_required = json_is_true(v);
	}
	v = json_object_get(dc, "tolerance_ns");
	if (v) {
		if (ecsim_json_uint(v, 0x7fffffff, &x))
			goto bad_dc;
		s->sync_tolerance_ns = (uint32_t)x;
	}
	return 0;
bad_link:
	snprintf(err, errlen,
		 "slave %u: \"link\" needs \"to\" (an earlier slave) and "
		 "\"port\" 1-3", s->id);
	return -EINVAL;
bad_delay:
	snprintf(err, errlen, "slave %u: bad \"fwd_ns\"/\"ret_ns\"", s->id);
	return -EINVAL;
bad_dc:
	snprintf(err, errlen,
		 "slave %u: bad \"dc\" (ppm -1000..1000, offset_ns, required, "
		 "tolerance_ns)", s->id);
	return -EINVAL;
}

/* A second slave on the same port of one parent is a wiring error. */
int ecsim_dc_check_wiring(const struct ecsim_segment *seg, char *err,
			  size_t errlen)
{
	/* the slave behind each port of each slave: one pass, not one per
	 * pair of slaves (a segment of 10,000 took seconds) */
	unsigned int *behind, i, k;
	int ret = 0;

	if (seg->n_slaves < 2)
		return 0;
	behind = calloc((size_t)seg->n_slaves * 4, sizeof(*behind));
	if (!behind) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (i = 1; i < seg->n_slaves; i++) {
		const struct ecsim_slave *s = &seg->slaves[i];

		k = (unsigned int)s->parent * 4 + s->parent_port;
		if (behind[k]) {
			snprintf(err, errlen,
				 "slaves %u and %u both hang behind "
				 "port %u of slave %d", behind[k], i,
				 s->parent_port, s->parent);
			ret = -EINVAL;
			break;
		}
		behind[k] = i;	/* i >= 1: 0 is free */
	}
	free(behind);
	return ret;
}

/* ---- inspection (ecsim.h) ---- */

static const struct ecsim_slave *dc_slave(const struct ecsim_segment *seg,
					  unsigned int id)
{
	return id < seg->n_slaves && seg->slaves[id].model->dc_regs ?
	       &seg->slaves[id] : NULL;
}

int ecsim_slave_dc_time(const struct ecsim_segment *seg, unsigned int id,
			uint64_t *system_time)
{
	const struct ecsim_slave *s = dc_slave(seg, id);

	if (!s)
		return -ENOENT;
	*system_time = ecsim_dc_system_time(s, seg->now_ns);
	return 0;
}

int ecsim_slave_dc_arrival(const struct ecsim_segment *seg, unsigned int id,
			   uint64_t *ns)
{
	const struct ecsim_slave *s = id < seg->n_slaves ?
				      &seg->slaves[id] : NULL;

	if (!s || s->pos == ~0u || !seg->ring_len)
		return -ENOENT;
	*ns = s->arr_off - seg->ring[0]->arr_off;
	return 0;
}

int ecsim_slave_dc_pulses(const struct ecsim_segment *seg, unsigned int id,
			  uint64_t *sync0, uint64_t *sync1)
{
	const struct ecsim_slave *s = dc_slave(seg, id);
	uint64_t now;

	if (!s)
		return -ENOENT;
	now = ecsim_dc_system_time(s, seg->now_ns);
	*sync0 = sync0_pulses(s, now);
	*sync1 = sync1_pulses(s, now);
	return 0;
}

/* A new frequency error from now on (temperature): the local time goes on
 * from where it is, at the new speed. */
int ecsim_slave_dc_set_drift(struct ecsim_segment *seg, unsigned int id,
			     int32_t ppb)
{
	struct ecsim_slave *s = (struct ecsim_slave *)dc_slave(seg, id);
	int64_t t = (int64_t)seg->now_ns;

	if (!s)
		return -ENOENT;
	if (ppb < -1000000 || ppb > 1000000)
		return -EINVAL;
	s->clk_off += scale_ppb(s->drift_ppb, t) - scale_ppb(ppb, t);
	s->drift_ppb = ppb;
	return 0;
}

int ecsim_slave_dc_drift(const struct ecsim_segment *seg, unsigned int id,
			 int32_t *ppb)
{
	const struct ecsim_slave *s = dc_slave(seg, id);

	if (!s)
		return -ENOENT;
	*ppb = s->drift_ppb;
	return 0;
}
