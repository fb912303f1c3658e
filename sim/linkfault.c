// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * linkfault.c - faults on one cable, seen by the port at its end: RX errors
 * (a physical layer error that also breaks the FCS), invalid frames (a
 * wrong FCS the PHY did not see) and a flapping link, each on a share of
 * the frames that pass, with the ESC's counters as the data sheet has them
 * (ESC Section II 0x0300-0x0313, "Error counters"):
 *
 *  - the port that receives the damaged frame counts it (0x0300 + 2p
 *    invalid frame, 0x0301 + 2p RX error for a PHY error) and forwards it
 *    marked, so every later reception counts a forwarded RX error
 *    (0x0308 + p) instead; frame.c counts that for port 0 faults
 *    (count_corruption(), the frame on its way out), here for the
 *    ports 1-3 (the frame coming back: the ancestors' ports towards the
 *    slave count it, the processing unit does not see it);
 *  - a lost link (0x0310 + p) is counted at both ends of the cable;
 *  - the frame never reaches the master (its FCS is wrong, or it was cut).
 * Counters saturate at 0xFF; a write clears them (esc.c).
 */
#include <errno.h>
#include <string.h>

#include "sim_priv.h"

static void count(uint8_t *c)
{
	if (*c < 0xff)
		(*c)++;
}

static struct ecsim_link_fault *find(struct ecsim_segment *seg,
				     unsigned int id, unsigned int port,
				     enum ecsim_link_fault_kind kind)
{
	unsigned int i;

	for (i = 0; i < seg->n_link_faults; i++) {
		struct ecsim_link_fault *f = &seg->link_faults[i];

		if (f->id == id && f->port == port && f->kind == kind)
			return f;
	}
	return NULL;
}

int ecsim_segment_link_fault(struct ecsim_segment *seg, unsigned int id,
			     unsigned int port,
			     enum ecsim_link_fault_kind kind, uint32_t ppm)
{
	struct ecsim_link_fault *f;

	if (id >= seg->n_slaves)
		return -ENOENT;
	if (port > 3 || ppm > 1000000)
		return -EINVAL;
	f = find(seg, id, port, kind);
	if (!ppm) {
		if (f)
			*f = seg->link_faults[--seg->n_link_faults];
		return 0;
	}
	if (!f) {
		if (seg->n_link_faults == ECSIM_LINK_FAULTS)
			return -ENOSPC;
		f = &seg->link_faults[seg->n_link_faults++];
		f->id = id;
		f->port = port;
		f->kind = kind;
		f->hits = 0;
	}
	f->ppm = ppm;
	return 0;
}

/* The cable into @port of @s carries frames (something is behind it). */
static bool cable_used(const struct ecsim_segment *seg,
		       const struct ecsim_slave *s, unsigned int port,
		       unsigned int first, unsigned int end)
{
	if (!s->plugged || !s->reached || s->pos < first || s->pos >= end)
		return false;
	if (port == 0)
		return true;
	return s->child[port] >= 0 && seg->slaves[s->child[port]].reached;
}

/* The marked frame comes back up: each ancestor's port towards @s. */
static void count_forwarded_up(struct ecsim_segment *seg,
			       const struct ecsim_slave *s)
{
	while (s->parent >= 0) {
		struct ecsim_slave *up = &seg->slaves[s->parent];

		count(&up->mem[ESC_REG_FWD_RX_ERR(s->parent_port)]);
		s = up;
	}
}

static void lose_link(struct ecsim_segment *seg, struct ecsim_slave *s,
		      unsigned int port)
{
	count(&s->mem[ESC_REG_LOST_LINK(port)]);
	if (port == 0) {
		if (s->parent >= 0)
			count(&seg->slaves[s->parent]
				       .mem[ESC_REG_LOST_LINK(s->parent_port)]);
	} else if (s->child[port] >= 0) {
		count(&seg->slaves[s->child[port]].mem[ESC_REG_LOST_LINK(0)]);
	}
}

/**
 * ecsim_link_faults_out() - the faults of the frame on its way out, before
 * it is processed (called once per frame, after the walk set ->reached)
 * @seg: segment
 * @first: the first ring position that processes the frame
 * @end: one past the last
 * @bad_at: receives the ring position whose port 0 receives the frame
 *          damaged (frame.c counts it and stops there), or stays
 * @phy: receives whether the PHY saw the error (RX error counted too)
 *
 * A flap on any port loses the frame here (nothing of it is processed
 * after that cable; the counters of both ends count the lost link).
 *
 * Return: true when a flap lost the frame.
 */
bool ecsim_link_faults_out(struct ecsim_segment *seg, unsigned int first,
			   unsigned int end, unsigned int *bad_at, bool *phy)
{
	unsigned int i;

	for (i = 0; i < seg->n_link_faults; i++) {
		struct ecsim_link_fault *f = &seg->link_faults[i];
		struct ecsim_slave *s = &seg->slaves[f->id];

		if (!cable_used(seg, s, f->port, first, end) ||
		    ecsim_rand(seg) % 1000000 >= f->ppm)
			continue;
		if (f->kind == ECSIM_LINK_FLAP) {
			f->hits++;
			lose_link(seg, s, f->port);
			return true;
		}
		if (f->port == 0 && s->pos < *bad_at) {
			f->hits++;
			*bad_at = s->pos;
			*phy = f->kind == ECSIM_LINK_RX_ERROR;
		} else if (f->port) {
			f->late = true;	/* ecsim_link_faults_back() */
		}
	}
	return false;
}

/**
 * ecsim_link_faults_back() - the faults of a processed frame on its way
 * back (ports 1-3), drawn by ecsim_link_faults_out()
 * @seg: segment
 *
 * Return: true when the frame is lost.
 */
bool ecsim_link_faults_back(struct ecsim_segment *seg)
{
	unsigned int i;
	bool lost = false;

	for (i = 0; i < seg->n_link_faults; i++) {
		struct ecsim_link_fault *f = &seg->link_faults[i];
		struct ecsim_slave *s = &seg->slaves[f->id];

		if (!f->late)
			continue;
		f->late = false;
		if (lost)
			continue;	/* one damage per frame */
		f->hits++;
		count(&s->mem[ESC_REG_RX_ERR(f->port)]);
		if (f->kind == ECSIM_LINK_RX_ERROR)
			count(&s->mem[ESC_REG_RX_ERR(f->port) + 1]);
		count_forwarded_up(seg, s);
		lost = true;
	}
	return lost;
}

/* Forget the draws of a frame that ended early. */
void ecsim_link_faults_abort(struct ecsim_segment *seg)
{
	unsigned int i;

	for (i = 0; i < seg->n_link_faults; i++)
		seg->link_faults[i].late = false;
}
