// SPDX-License-Identifier: GPL-2.0-only
/*
 * topology.c - the line/tree of a segment from the slaves' port states.
 *
 * A frame enters a slave at port 0 and leaves it through the ports in the
 * order 0 -> 3 -> 1 -> 2 (ESC data sheet section I, "frame processing
 * order"); through an open port it first travels the whole branch behind
 * that port and comes back before the next port.  So ring positions are
 * the depth-first pre-order of the tree, and the slave behind a slave's
 * next open port is simply the next slave in ring order.
 */
#include "slave/topology.h"
#include "slave/slave.h"

/* DL status 0x0110, ESC data sheet II register 0x0110 and section I
 * table 10 "Link status description": physical link bits 4-7 (one per
 * port), loop closed bit 8 + 2 * port, communication established bit
 * 9 + 2 * port (15, 13, 11, 9: "most important").
 */
#define EC_DL_STATUS_LINK(p) (0x0010 << (p))
#define EC_DL_STATUS_LOOP_CLOSED(p) (0x0100 << (2 * (p)))
#define EC_DL_STATUS_COMM(p) (0x0200 << (2 * (p)))

/* Ports after port 0, in frame processing order. */
static const u8 ec_topology_port_order[] = { 3, 1, 2 };
#define EC_TOPOLOGY_ORDER_LEN \
	(sizeof(ec_topology_port_order) / sizeof(ec_topology_port_order[0]))

/**
 * ec_topology_port_open() - is something connected behind this port?
 * @slave: scanned slave
 * @port: port number 0-3
 *
 * Return: true if the port exists, has a link and its loop is open (the
 * frame is forwarded out of it).
 */
bool ec_topology_port_open(const struct ec_slave *slave, unsigned int port)
{
	const struct ec_slave_port *p = &slave->ports[port];

	if (p->desc == EC_PORT_NOT_IMPLEMENTED ||
	    p->desc == EC_PORT_NOT_CONFIGURED)
		return false;
	return p->link_up && !p->loop_closed;
}

/**
 * ec_topology_set_dl_status() - the port states of a DL status read
 * @slave: slave
 * @st: its register 0x0110
 */
void ec_topology_set_dl_status(struct ec_slave *slave, u16 st)
{
	unsigned int i;

	slave->dl_status = st;
	for (i = 0; i < EC_MAX_PORTS; i++) {
		struct ec_slave_port *port = &slave->ports[i];

		port->link_up = st & EC_DL_STATUS_LINK(i);
		port->loop_closed = st & EC_DL_STATUS_LOOP_CLOSED(i);
		port->signal_detected = st & EC_DL_STATUS_COMM(i);
	}
}

/**
 * ec_topology_calc() - set ports[].next_slave of all slaves
 * @slaves: the scanned slaves, in ring order
 * @count: their number
 *
 * ports[0].next_slave is the slave the frame came from (NULL for the
 * first slave: the master); ports[1..3].next_slave the first slave of
 * the branch behind that port.  Runs without recursion or allocation.
 *
 * Return: 0, or -EPROTO when the open ports ask for more or fewer slaves
 * than there are (what was found up to there is kept).
 */
int ec_topology_calc(struct ec_slave *const *slaves, unsigned int count)
{
	struct ec_slave *cur, *parent;
	unsigned int pos, i, it;

	for (pos = 0; pos < count; pos++)
		for (i = 0; i < EC_MAX_PORTS; i++)
			slaves[pos]->ports[i].next_slave = NULL;
	if (!count)
		return 0;

	cur = slaves[0];
	pos = 1;
	it = 0;
	for (;;) {
		for (; it < EC_TOPOLOGY_ORDER_LEN; it++) {
			unsigned int p = ec_topology_port_order[it];
			struct ec_slave *child;

			if (!ec_topology_port_open(cur, p))
				continue;
			if (pos >= count)	/* open port, no slave left */
				return -EPROTO;
			child = slaves[pos++];
			cur->ports[p].next_slave = child;
			child->ports[0].next_slave = cur;
			break;
		}
		if (it < EC_TOPOLOGY_ORDER_LEN) {
			cur = cur->ports[ec_topology_port_order[it]].next_slave;
			it = 0;
			continue;
		}
		/* Branch done: back to the parent, after the port to here. */
		parent = cur->ports[0].next_slave;
		if (!parent)
			break;
		for (it = 0; it < EC_TOPOLOGY_ORDER_LEN; it++)
			if (parent->ports[ec_topology_port_order[it]]
				    .next_slave == cur)
				break;
		it++;
		cur = parent;
	}
	return pos == count ? 0 : -EPROTO;
}
