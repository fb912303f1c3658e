// SPDX-License-Identifier: GPL-2.0-only
/*
 * dc_hc.c - distributed clocks for slaves that a hot-connect partial scan
 * added behind the running ones (slave/fsm_master_hc.c): their
 * propagation delays and system time offsets, without writing anything
 * of the running slaves (no step in their system time).
 *
 * The partial scan latched the receive times once more (BWR 0x0900) and
 * read those of the known slave the new branch hangs on (the parent)
 * without storing them: its stored ones, and those of every known slave,
 * describe the segment their delays were computed for.  The new branch
 * is the last one the frame enters at the parent (ring order), so with
 * the parent's ports served in the order 3, 1, 2 after port 0 and prev
 * the port served before the branch's port p:
 *   one way over the link   link = (rx_P[p] - rx_P[prev] - span_C) / 2
 *   arrival at the branch   t_C  = t_P + (rx_P[prev] - rx_P[0]) + link
 * (dc.c has the derivation), and inside the branch the delays follow
 * from the new slaves' own receive times as in a scan.
 */
#include "dc/dc.h"
#include "cycle/master.h"
#include "slave/slave.h"

/* Arrival (ns after the first slave) of @c, the first new slave, behind
 * @parent; sets the link delay of both ends.
 */
static u64 ec_dc_hc_arrival(struct ec_slave *parent, struct ec_slave *c,
			    const u32 *rx)
{
	unsigned int i, p = 0, prev = 0;
	s64 link;

	for (i = 0; i < sizeof(ec_dc_port_order); i++) {
		unsigned int q = ec_dc_port_order[i];

		if (parent->ports[q].next_slave == c) {
			p = q;
			break;
		}
		if (parent->ports[q].next_slave)
			prev = q;
	}
	if (!p || !rx || !parent->base_dc_supported)
		return parent->dc_arrival_ns;	/* not measured */
	link = (s64)(u32)(rx[p] - rx[prev]) -
	       (s64)(c->base_dc_supported ? ec_dc_branch_span(c) : 0);
	if (link < 0)
		link = 0;
	link /= 2;
	parent->ports[p].delay_to_next_dc = (u32)link;
	c->ports[0].delay_to_next_dc = (u32)link;
	return parent->dc_arrival_ns + (u32)(rx[prev] - rx[0]) + (u64)link;
}

/**
 * ec_dc_hc_scan_done() - a partial scan added slaves: their DC delays,
 * and their offsets to be written (ec_dc_exec() starts the job)
 * @master: master; FSM side, topology computed
 * @first: ring position of the first new slave
 * @count: the new slaves, from @first on (known ones may follow them:
 *	slaves plugged in the middle of a ring or in a branch ahead)
 * @parent: the known slave they hang on
 * @parent_rx: its port receive times at the partial scan's latch, or
 *	NULL when it has no DC (the link to them is not measured)
 *
 * Without a reference clock so far the segment is handled as after a
 * full scan (ec_dc_scan_done(): no running slave has a DC time to keep).
 * The known slaves behind new ones keep the delays they have (written
 * when they were scanned; doc/HOTCONNECT.md says what that means).
 */
void ec_dc_hc_scan_done(struct ec_master *master, unsigned int first,
			unsigned int count, const struct ec_slave *parent,
			const u32 *parent_rx)
{
	struct ec_slave *ref = NULL, *c;
	unsigned int i, n = 0, end = first + count;
	u64 t_c, t_ref;

	if (end > master->slave_count)
		end = master->slave_count;
	for (i = first; i < end; i++)
		if (master->slaves[i]->base_dc_supported)
			n++;
	if (!n || first >= end)
		return;
	for (i = 0; i < master->slave_count; i++)
		if ((i < first || i >= end) &&
		    master->slaves[i]->station_address == master->dc.ref_station)
			ref = master->slaves[i];
	if (!master->dc.ref_station || !ref) {
		ec_dc_scan_done(master);
		return;
	}
	c = master->slaves[first];
	/* within the new branch, from its first slave on */
	if (ec_dc_calc_delays(master->slaves + first, end - first, NULL))
		EC_MASTER_WARN(master,
			       "DC: links behind new slaves without DC not measured");
	t_c = ec_dc_hc_arrival(master->slaves[parent->ring_position], c,
			       parent_rx);
	if (!parent_rx)
		EC_MASTER_WARN(master,
			       "DC: the link to the new slaves is not measured (slave %u has no DC)",
			       parent->ring_position);
	t_ref = ref->dc_arrival_ns;
	for (i = first; i < end; i++) {
		struct ec_slave *s = master->slaves[i];

		s->dc_arrival_ns += t_c;
		s->transmission_delay = 0;
		if (s->base_dc_supported && s->dc_arrival_ns >= t_ref)
			s->transmission_delay = (u32)(s->dc_arrival_ns - t_ref);
	}
	master->dc.hc_first = first;
	master->dc.hc_count = end - first;
	master->dc.hc_offsets = true;
	EC_MASTER_INFO(master,
		       "DC: %u new slave(s) with DC, delays from the reference %u..%u ns",
		       n, c->transmission_delay,
		       master->slaves[end - 1]->transmission_delay);
}
