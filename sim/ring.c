// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Cable redundancy: a line of slaves whose last slave's port 1 is wired
 * back to a second port of the master (the backup port), and cable breaks.
 *
 * ESC Section I 3.2 (frame processing order of a 2-port ESC: 0 -> EtherCAT
 * Processing Unit -> 1, and 1 -> 0 without processing) and 3.1 (a port
 * without link is closed: the frame is looped back to the next port in
 * that order).  So, with the ring closed:
 *  - a frame from the main port is processed by every slave and leaves
 *    the last slave's port 1 to the backup port;
 *  - a frame from the backup port enters the last slave's port 1 and is
 *    forwarded unprocessed through every slave to the main port.
 * With the cable in front of ring position N cut (0 < N < ring_len):
 *  - a main frame is processed by 0..N-1, looped back at N-1's closed
 *    port 1 and forwarded back unprocessed to the main port;
 *  - a backup frame is forwarded unprocessed down to N, looped back at N's
 *    closed port 0 into its processing unit, and processed by N..end on
 *    its way back out to the backup port.
 * break 0 cuts the main port's cable (main frames are lost, the backup
 * frames are processed by every slave), break ring_len the backup port's.
 * Only a line is modelled: the backup cable needs port 1 of the last slave
 * and a break is one cable, between two neighbours in the line.  A
 * hot-connect group out of the ring takes its cables with it: the ring
 * is open where it is (group.c; from the start for a group absent in the
 * segment file).
 */
#include <errno.h>

#include "sim_priv.h"

/* Is the cable in front of ring position @pos (0..ring_len) cut? */
static bool cut(const struct ecsim_segment *seg, unsigned int pos)
{
	return seg->broken && seg->break_at == pos;
}

/* The link bits of DL status (0x0110) after a change of the cables. */
void ecsim_ring_update_links(struct ecsim_segment *seg)
{
	unsigned int i, n = seg->ring_len;

	for (i = 0; i < n; i++) {
		struct ecsim_slave *s = seg->ring[i];
		bool next = s->links & 2;

		if (i + 1 == n && seg->ring_closed)
			next = true;	/* the backup port's cable */
		if (cut(seg, i + 1))
			next = false;
		s->port0_cut = cut(seg, i);
		ecsim_slave_update_dl_status(s, next);
	}
}

static bool is_line(const struct ecsim_segment *seg)
{
	unsigned int i;

	for (i = 0; i < seg->ring_len; i++)
		if (seg->ring[i]->links & ~2u)
			return false;
	return true;
}

/*
 * Where the first group that is out of the ring would be (the plugged
 * slaves in front of its first slave, the file's order being the line's),
 * or -1: its cables are out with it, so a ring is open there
 * (ecsim_segment_group_plug()).
 */
static int absent_group_pos(const struct ecsim_segment *seg)
{
	unsigned int i, pos = 0;

	for (i = 0; i < seg->n_slaves; i++) {
		const struct ecsim_slave *s = &seg->slaves[i];

		if (s->plugged)
			pos++;
		else if (s->group[0])
			return (int)pos;
	}
	return -1;
}

int ecsim_segment_set_ring(struct ecsim_segment *seg, bool closed)
{
	int at = absent_group_pos(seg);

	if (closed && !is_line(seg))
		return -EOPNOTSUPP;
	seg->ring_closed = closed;
	if (closed && !seg->broken && at >= 0) {
		seg->broken = true;	/* from the start: no link was lost */
		seg->break_at = (unsigned int)at;
	}
	ecsim_ring_update_links(seg);
	return 0;
}

bool ecsim_segment_ring(const struct ecsim_segment *seg)
{
	return seg->ring_closed;
}

int ecsim_segment_break(struct ecsim_segment *seg, unsigned int pos)
{
	if (pos > seg->ring_len)
		return -ERANGE;
	if (seg->broken && seg->break_at == pos)
		return 0;
	/* ESC Section II 0x0310: the lost link counters of both ends */
	if (pos > 0 && seg->ring[pos - 1]->mem[ESC_REG_LOST_LINK(1)] < 0xff)
		seg->ring[pos - 1]->mem[ESC_REG_LOST_LINK(1)]++;
	if (pos < seg->ring_len &&
	    seg->ring[pos]->mem[ESC_REG_LOST_LINK(0)] < 0xff)
		seg->ring[pos]->mem[ESC_REG_LOST_LINK(0)]++;
	seg->broken = true;
	seg->break_at = pos;
	ecsim_ring_update_links(seg);
	return 0;
}

void ecsim_segment_heal(struct ecsim_segment *seg)
{
	seg->broken = false;
	ecsim_ring_update_links(seg);
}

int ecsim_segment_break_pos(const struct ecsim_segment *seg)
{
	return seg->broken ? (int)seg->break_at : -1;
}

size_t ecsim_segment_process_port(struct ecsim_segment *seg,
				  unsigned int port, uint8_t *frame,
				  size_t len, unsigned int *out_port)
{
	unsigned int n = seg->ring_len;
	/* a break beyond the ring (slaves unplugged since) is no break */
	bool broken = seg->broken && seg->break_at <= n;
	unsigned int b = broken ? seg->break_at : n;

	if (port > 1 || (port == 1 && !seg->ring_closed))
		return 0;	/* nothing wired to it */
	if (port == 0) {
		if (broken && b == 0)
			return 0;	/* no link: the NIC cannot send */
		/* processed by 0..b-1; out through the ring or looped back */
		*out_port = broken || !seg->ring_closed ? 0 : 1;
		return ecsim_frame_process_range(seg, frame, len, 0, b);
	}
	if (broken && b == n)
		return 0;
	if (!broken) {
		/* forwarded through every slave, nobody processes it */
		seg->st.frames_in++;
		seg->st.frames_out++;
		*out_port = 0;
		return len;
	}
	*out_port = 1;
	return ecsim_frame_process_range(seg, frame, len, b, n);
}
