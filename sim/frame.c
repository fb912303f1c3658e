// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Frames through the ring: Ethernet/EtherCAT header checks, datagram
 * parsing and execution per slave in ring order with the addressing and
 * working counter rules of ETG.1000.4 5.4 (tables 12-14).
 */
#include <string.h>

#include "sim_priv.h"

#define MAX_DATAGRAMS	256
#define NS_PER_BYTE	80	/* 100 Mbit/s */

struct dg {
	uint8_t *p;		/* datagram header */
	size_t off;		/* from the frame start */
	uint16_t len;
	uint16_t adp;		/* as the master sent it */
};

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static bool fixed_match(const struct ecsim_slave *s, uint16_t adp)
{
	if (adp == ecsim_get16(s->mem + ESC_REG_STATION_ADDR))
		return true;
	return (ecsim_get32(s->mem + ESC_REG_DL_CONTROL) &
		ESC_DLC_ALIAS_ENABLE) &&
	       adp == ecsim_get16(s->mem + ESC_REG_STATION_ALIAS);
}

/*
 * Read, write or read-write at a physical address; returns the working
 * counter share of this slave: read +1, write +1, read-write +1/+2.
 */
static unsigned int phys(struct ecsim_slave *s, uint16_t ado, uint8_t *data,
			 uint16_t len, bool rd, bool wr, bool or_read)
{
	uint8_t tmp[2048];
	bool r_ok = false, w_ok;
	size_t i;

	if (!rd && !wr)
		return 0;
	if (rd && !wr && !or_read)
		return ecsim_esc_read(s, ado, data, len) ? 1 : 0;
	if (!rd)
		return ecsim_esc_write(s, ado, data, len) ? 1 : 0;
	r_ok = ecsim_esc_read(s, ado, tmp, len);
	w_ok = wr && ecsim_esc_write(s, ado, data, len);
	if (r_ok) {
		if (or_read)
			for (i = 0; i < len; i++)
				data[i] |= tmp[i];
		else
			memcpy(data, tmp, len);
	}
	if (!wr)
		return r_ok ? 1 : 0;
	return (r_ok ? 1 : 0) + (w_ok ? 2 : 0);
}

/* Is the position address counted up by every slave the frame passes? */
static bool counts_up(uint8_t cmd)
{
	return cmd == CMD_APRD || cmd == CMD_APWR || cmd == CMD_APRW ||
	       cmd == CMD_ARMW || cmd == CMD_BRD || cmd == CMD_BWR ||
	       cmd == CMD_BRW;
}

/*
 * Datagram @d in slave @s, the @rank-th slave that processes the frame:
 * the position address it sees is the master's plus @rank (each slave
 * before it counted it up; the frame gets the final count once it has
 * passed them all).
 */
static void exec(struct ecsim_slave *s, const struct dg *d, uint32_t rank)
{
	uint8_t *p = d->p, cmd = p[0], *data = p + DG_HDR_LEN;
	uint16_t adp = d->adp, ado = ecsim_get16(p + 4);
	uint16_t wkc = ecsim_get16(data + d->len), irq;
	unsigned int inc = 0;

	if (counts_up(cmd))
		adp = (uint16_t)(adp + rank);
	switch (cmd) {
	case CMD_APRD:
	case CMD_APWR:
	case CMD_APRW:
	case CMD_ARMW:
		if (cmd == CMD_ARMW)
			inc = phys(s, ado, data, d->len, adp == 0, adp != 0,
				   false);
		else if (adp == 0)
			inc = phys(s, ado, data, d->len, cmd != CMD_APWR,
				   cmd != CMD_APRD, false);
		break;
	case CMD_FPRD:
	case CMD_FPWR:
	case CMD_FPRW:
		if (fixed_match(s, adp))
			inc = phys(s, ado, data, d->len, cmd != CMD_FPWR,
				   cmd != CMD_FPRD, false);
		break;
	case CMD_FRMW:
		inc = phys(s, ado, data, d->len, fixed_match(s, adp),
			   !fixed_match(s, adp), false);
		break;
	case CMD_BRD:
	case CMD_BWR:
	case CMD_BRW:
		inc = phys(s, ado, data, d->len, cmd != CMD_BWR,
			   cmd != CMD_BRD, cmd != CMD_BWR);
		break;
	case CMD_LRD:
	case CMD_LWR:
	case CMD_LRW:
		inc = ecsim_esc_logical(s, cmd, ecsim_get32(p + 2), data,
					d->len);
		break;
	default:	/* NOP and reserved commands: no slave acts */
		break;
	}
	if (inc)
		ecsim_put16(data + d->len, wkc + inc);
	/* IRQ field: OR of every slave's masked ECAT event requests
	 * (ETG.1000.4 5.4.1.2, ESC Section II 0x0200/0x0210) */
	irq = ecsim_get16(s->mem + ESC_REG_ECAT_EVENT_MASK);
	if (irq)
		ecsim_put16(p + 8, ecsim_get16(p + 8) |
			    (irq & ecsim_esc_event_request(s)));
}

static unsigned int parse(uint8_t *frame, size_t start, size_t elen,
			  struct dg *dgs)
{
	size_t pos = start, end = start + elen;
	unsigned int n = 0;

	while (n < MAX_DATAGRAMS) {
		uint16_t lf;

		if (pos + DG_HDR_LEN + DG_WKC_LEN > end)
			return 0;
		lf = ecsim_get16(frame + pos + 6);
		dgs[n].p = frame + pos;
		dgs[n].off = pos;
		dgs[n].len = lf & DG_LEN_MASK;
		dgs[n].adp = ecsim_get16(frame + pos + 2);
		pos += DG_HDR_LEN + dgs[n].len + DG_WKC_LEN;
		if (pos > end)
			return 0;
		n++;
		if (!(lf & DG_MORE))
			break;
	}
	return pos == end ? n : 0;
}

static void count(uint8_t *c)
{
	if (*c < 0xff)
		(*c)++;
}

/* Does a frame processed from ring position @first come back to port 0
 * of the first slave (ring.c: not with the ring closed and whole)? */
static bool loops_back(const struct ecsim_segment *seg, unsigned int first)
{
	return first == 0 &&
	       (!seg->ring_closed ||
		(seg->broken && seg->break_at <= seg->ring_len));
}

/* The highest ring position in the branch that starts at @x. */
static unsigned int branch_end(const struct ecsim_segment *seg,
			       const struct ecsim_slave *x)
{
	unsigned int p, last = x->pos;

	for (p = 1; p < 4; p++) {
		unsigned int e;

		if (x->child[p] < 0)
			continue;
		e = branch_end(seg, &seg->slaves[x->child[p]]);
		if (e > last)
			last = e;
	}
	return last;
}

/*
 * A frame corrupted on the cable into ring position @bad (ESC Section I
 * chapter 14, Section II 0x0300-0x030C): that slave's port 0 sees the
 * physical layer error and the wrong FCS (invalid frame and RX error
 * counters) and its processing unit the invalid frame (0x030C); it
 * forwards the frame marked as invalid.  Every later reception of the
 * marked frame counts a forwarded RX error at the receiving port: port 0
 * of the slaves after @bad (each also counts it in its processing unit),
 * and, when the frame comes back through the slaves, port P of every
 * slave whose branch behind P reaches @bad or a later position (the frame
 * comes out of it marked).  The master's NIC drops the frame (bad FCS).
 */
static void count_corruption(struct ecsim_segment *seg, unsigned int first,
			     unsigned int end, unsigned int bad, bool phy)
{
	bool back = loops_back(seg, first);
	unsigned int i, p;

	count(&seg->ring[bad]->mem[ESC_REG_RX_ERR(0)]);
	if (phy)	/* not for a wrong FCS alone (linkfault.c) */
		count(&seg->ring[bad]->mem[ESC_REG_RX_ERR(0) + 1]);
	count(&seg->ring[bad]->mem[ESC_REG_PU_ERR]);
	for (i = first; i < end; i++) {
		struct ecsim_slave *s = seg->ring[i];

		if (!s->reached && first == 0)
			continue;
		if (i > bad) {
			count(&s->mem[ESC_REG_FWD_RX_ERR(0)]);
			count(&s->mem[ESC_REG_PU_ERR]);
		}
		if (!back)
			continue;
		for (p = 1; p < 4; p++) {
			const struct ecsim_slave *c;

			if (s->child[p] < 0)
				continue;
			/* reached: the walk entered it (port open) */
			c = &seg->slaves[s->child[p]];
			if (c->pos < end && c->reached &&
			    branch_end(seg, c) >= bad)
				count(&s->mem[ESC_REG_FWD_RX_ERR(p)]);
		}
	}
}

/* Every datagram in slave @s, then what the slave does after the frame. */
static void visit_slave(struct ecsim_segment *seg, struct ecsim_slave *s,
			const struct dg *dgs, unsigned int n, uint32_t rank)
{
	unsigned int k;

	for (k = 0; k < n; k++) {
		s->t_dg = seg->ix.t0 + s->arr_off + dgs[k].off * NS_PER_BYTE;
		exec(s, &dgs[k], rank);
	}
	ecsim_esc_frame_done(s);
	ecsim_index_after_frame(s);
}

/*
 * The frame through ring positions @first to @end - 1 (index.c: only the
 * slaves it does something in, or all of them); false when it was
 * corrupted on the way in front of @bad_at, which it does not reach.
 */
static bool pass(struct ecsim_segment *seg, const struct dg *dgs,
		 unsigned int n, unsigned int first, unsigned int end,
		 unsigned int bad_at, uint32_t processed)
{
	const uint8_t *hdr[MAX_DATAGRAMS];
	bool bad = bad_at < end &&
		   (first || seg->ring[bad_at]->reached);
	unsigned int i, rank = 0;

	for (i = 0; i < n; i++)
		hdr[i] = dgs[i].p;
	if (ecsim_index_collect(seg, hdr, n, first, end, processed)) {
		seg->ix.fast++;
		for (i = 0; i < seg->ix.n_visit; i++) {
			unsigned int pos = seg->ix.visit[i];
			struct ecsim_slave *s = seg->ring[pos];

			if (bad && pos >= bad_at)
				break;
			visit_slave(seg, s, dgs, n,
				    first ? pos - first : s->ix_rank);
		}
		return !bad;
	}
	seg->ix.full++;
	for (i = first; i < end; i++) {
		struct ecsim_slave *s = seg->ring[i];

		if (!s->reached && first == 0)
			continue;
		if (i == bad_at)
			return false;
		visit_slave(seg, s, dgs, n, rank++);
	}
	return true;
}

size_t ecsim_frame_process(struct ecsim_segment *seg, uint8_t *frame,
			   size_t len)
{
	return ecsim_frame_process_range(seg, frame, len, 0, seg->ring_len);
}

/*
 * The frame is processed by ring positions @first to @end - 1, in that
 * order (ring.c: with a break, each half of a ring processes the frames
 * that enter from its side).
 */
size_t ecsim_frame_process_range(struct ecsim_segment *seg, uint8_t *frame,
				 size_t len, unsigned int first,
				 unsigned int end)
{
	struct dg dgs[MAX_DATAGRAMS];
	size_t off = 12, elen;
	unsigned int n, k, bad_at = ~0u;
	uint32_t processed;
	bool phy = true;
	uint16_t h;

	seg->st.frames_in++;
	if (first >= end) {		/* nothing to pass: cable loop */
		seg->st.frames_out++;
		return len;
	}
	if (len < ETH_HLEN_SIM + ECAT_HDR_LEN)
		goto non_ecat;
	if (be16(frame + off) == ETH_P_VLAN_SIM)
		off += 4;
	if (len < off + 2 + ECAT_HDR_LEN ||
	    be16(frame + off) != ETH_P_ECAT_SIM)
		goto non_ecat;
	off += 2;
	h = ecsim_get16(frame + off);
	elen = h & ECAT_LEN_MASK;
	if (h >> ECAT_TYPE_SHIFT != ECAT_TYPE_DLPDU) {
		/* other EtherCAT frame types pass unprocessed */
		seg->st.frames_out++;
		return len;
	}
	if (off + ECAT_HDR_LEN + elen > len)
		goto broken;
	n = parse(frame, off + ECAT_HDR_LEN, elen, dgs);
	if (!n)
		goto broken;
	if (seg->drop_pct && ecsim_rand(seg) % 100 < seg->drop_pct) {
		seg->st.dropped++;
		return 0;
	}
	if (seg->corrupt_pct && ecsim_rand(seg) % 100 < seg->corrupt_pct)
		bad_at = first + ecsim_rand(seg) % (end - first);
	ecsim_pd_update_inputs(seg);
	/* arrival and receive times in every slave the frame reaches (a
	 * port closed by the master ends its branch there) */
	seg->ix.t0 = seg->now_ns;
	ecsim_index_topo(seg);
	if (seg->n_link_faults &&
	    ecsim_link_faults_out(seg, first, end, &bad_at, &phy)) {
		ecsim_link_faults_abort(seg);
		seg->st.dropped++;
		return 0;
	}
	processed = ecsim_index_processed(seg, first, end);
	if (!pass(seg, dgs, n, first, end, bad_at, processed)) {
		count_corruption(seg, first, end, bad_at, phy);
		ecsim_link_faults_abort(seg);
		seg->st.corrupted++;
		return 0;
	}
	for (k = 0; k < n; k++)
		if (counts_up(dgs[k].p[0]))
			ecsim_put16(dgs[k].p + 2,
				    (uint16_t)(dgs[k].adp + processed));
	if (seg->n_link_faults && ecsim_link_faults_back(seg)) {
		seg->st.corrupted++;
		return 0;
	}
	seg->st.datagrams += n;
	seg->st.frames_out++;
	/* ESC Section I "Frame processing": port 0 sets the U/L bit of the
	 * source MAC address of frames it sends back to the master */
	frame[6] |= 0x02;
	return len;
non_ecat:
	seg->st.non_ecat++;
	if (!(ecsim_get32(seg->ring[first]->mem + ESC_REG_DL_CONTROL) &
	      ESC_DLC_FWD_RULE)) {
		seg->st.frames_out++;
		return len;
	}
	return 0;
broken:
	/* ESC Section II 0x030C: the first slave's processing unit sees a
	 * wrong datagram structure and destroys the frame */
	count(&seg->ring[first]->mem[ESC_REG_PU_ERR]);
	seg->st.broken++;
	return 0;
}
