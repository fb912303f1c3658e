// SPDX-License-Identifier: GPL-2.0-only
/*
 * link_health.c - the master's link health records of all slaves, their
 * rates and the cables the faults name, for 'diag', 'master', 'metrics'
 * and 'graph' (the location itself is the master's:
 * master/slave/link_health.c; this only joins the two ends of a cable).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "link_health.h"

#define EC_HEALTH_CABLE \
	(EC_IOCTL_HEALTH_FAULT_RX | EC_IOCTL_HEALTH_FAULT_LOST_LINK)

/**
 * ec_health_port_errors() - invalid frames and RX errors of a port
 * @h: a slave's record
 * @win: EC_IOCTL_HEALTH_10S, _60S or _START
 * @port: 0-3
 *
 * Return: their sum in the window.
 */
uint64_t ec_health_port_errors(const struct ec_ioctl_slave_health *h,
			       unsigned int win, unsigned int port)
{
	return h->count[win][port][EC_IOCTL_HEALTH_INVALID] +
	       h->count[win][port][EC_IOCTL_HEALTH_RX];
}

/**
 * ec_health_rate() - a counter's rate in a window
 * @h: a slave's record
 * @win: the window
 * @port: 0-3
 * @counter: EC_IOCTL_HEALTH_*
 *
 * Return: counts per second (0 for an empty window).
 */
double ec_health_rate(const struct ec_ioctl_slave_health *h, unsigned int win,
		      unsigned int port, unsigned int counter)
{
	if (!h->window_ns[win])
		return 0;
	return (double)h->count[win][port][counter] * 1e9 /
	       (double)h->window_ns[win];
}

/**
 * ec_health_error_rate() - invalid frames and RX errors per second
 * @h: a slave's record
 * @win: the window
 * @port: 0-3
 *
 * Return: the rate.
 */
double ec_health_error_rate(const struct ec_ioctl_slave_health *h,
			    unsigned int win, unsigned int port)
{
	if (!h->window_ns[win])
		return 0;
	return (double)ec_health_port_errors(h, win, port) * 1e9 /
	       (double)h->window_ns[win];
}

/**
 * ec_health_error_share() - the share of the master's frames that the
 * port counted as invalid or with an RX error (every frame the master
 * sends passes every slave's port 0 once)
 * @h: a slave's record
 * @win: the window
 * @port: 0-3
 *
 * Return: a fraction (0.01 for 1 %), 0 when no frame was sent.
 */
double ec_health_error_share(const struct ec_ioctl_slave_health *h,
			     unsigned int win, unsigned int port)
{
	uint64_t e = h->count[win][port][EC_IOCTL_HEALTH_RX] >
		     h->count[win][port][EC_IOCTL_HEALTH_INVALID] ?
		     h->count[win][port][EC_IOCTL_HEALTH_RX] :
		     h->count[win][port][EC_IOCTL_HEALTH_INVALID];

	if (!h->window_frames[win])
		return 0;
	return (double)e / (double)h->window_frames[win];
}

static void ec_health_add_link(struct ec_health_view *v, unsigned int pos,
			       unsigned int port)
{
	const struct ec_ioctl_slave_health *h = &v->slaves[pos];
	struct ec_health_link *l;
	size_t i;

	/* the other end counted too: one cable */
	for (i = 0; i < v->nlinks; i++) {
		l = &v->links[i];
		if (l->peer == pos && l->peer_port == port) {
			l->faults |= h->port_faults[port];
			l->errors_10s += ec_health_port_errors(
				h, EC_IOCTL_HEALTH_10S, port);
			return;
		}
	}
	l = &v->links[v->nlinks++];
	memset(l, 0, sizeof(*l));
	l->slave = pos;
	l->port = port;
	l->peer = h->peer[port];
	l->peer_port = h->peer_port[port];
	l->faults = h->port_faults[port];
	l->errors_10s = ec_health_port_errors(h, EC_IOCTL_HEALTH_10S, port);
	l->lost_10s = h->count[EC_IOCTL_HEALTH_10S][port]
			      [EC_IOCTL_HEALTH_LOST_LINK];
}

/**
 * ec_health_load() - read every slave's record and find the cables the
 * faults name
 * @m: open master
 * @n_slaves: the slave count (ec_cli_slaves())
 * @v: filled; ec_health_free() it
 *
 * Return: 0 or -errno (ec_lib_error() tells more).
 */
int ec_health_load(struct ec_lib_master *m, size_t n_slaves,
		   struct ec_health_view *v)
{
	unsigned int pos, port;
	int ret;

	memset(v, 0, sizeof(*v));
	ret = ec_lib_master_health(m, &v->master);
	if (ret)
		return ret;
	v->slaves = calloc(n_slaves ? n_slaves : 1, sizeof(*v->slaves));
	v->links = calloc(n_slaves * EC_IOCTL_MAX_PORTS + 1,
			  sizeof(*v->links));
	if (!v->slaves || !v->links) {
		ec_health_free(v);
		return -ENOMEM;
	}
	v->n = n_slaves;
	for (pos = 0; pos < n_slaves; pos++) {
		ret = ec_lib_slave_health(m, (uint16_t)pos, &v->slaves[pos]);
		if (ret) {
			ec_health_free(v);
			return ret;
		}
	}
	for (pos = 0; pos < n_slaves; pos++)
		for (port = 0; port < EC_IOCTL_MAX_PORTS; port++)
			if (v->slaves[pos].port_faults[port] & EC_HEALTH_CABLE)
				ec_health_add_link(v, pos, port);
	return 0;
}

void ec_health_free(struct ec_health_view *v)
{
	free(v->slaves);
	free(v->links);
	memset(v, 0, sizeof(*v));
}

/**
 * ec_health_link_at() - the unhealthy cable at a port, if it is one
 * @v: loaded view
 * @slave: ring position
 * @port: 0-3
 *
 * Return: the cable, or NULL.
 */
const struct ec_health_link *ec_health_link_at(const struct ec_health_view *v,
					       unsigned int slave,
					       unsigned int port)
{
	size_t i;

	for (i = 0; i < v->nlinks; i++) {
		const struct ec_health_link *l = &v->links[i];

		if ((l->slave == slave && l->port == port) ||
		    (l->peer == slave && l->peer_port == port))
			return l;
	}
	return NULL;
}

/* "slave 2 port 1", "the master" */
static void ec_health_end(char *buf, size_t len, unsigned int slave,
			  unsigned int port)
{
	if (slave == EC_IOCTL_HEALTH_PEER_MASTER)
		snprintf(buf, len, "the master");
	else
		snprintf(buf, len, "slave %u port %u", slave, port);
}

/**
 * ec_health_link_text() - the line that names a cable
 * @l: the cable
 * @buf: receives "RX errors rising on the cable between slave 2 port 1
 *       and slave 3 port 0" (the upstream end first)
 * @len: its size
 */
void ec_health_link_text(const struct ec_health_link *l, char *buf,
			 size_t len)
{
	const char *what;
	char a[32], b[32];

	if ((l->faults & EC_IOCTL_HEALTH_FAULT_RX) &&
	    (l->faults & EC_IOCTL_HEALTH_FAULT_LOST_LINK))
		what = "RX errors rising and link lost";
	else if (l->faults & EC_IOCTL_HEALTH_FAULT_RX)
		what = "RX errors rising";
	else
		what = "Link lost";
	if (l->peer == EC_IOCTL_HEALTH_PEER_NONE) {
		ec_health_end(a, sizeof(a), l->slave, l->port);
		snprintf(buf, len, "%s on the cable at %s", what, a);
		return;
	}
	/* port 0 faces upstream: its peer is the upstream end */
	if (l->port == 0) {
		ec_health_end(a, sizeof(a), l->peer, l->peer_port);
		ec_health_end(b, sizeof(b), l->slave, l->port);
	} else {
		ec_health_end(a, sizeof(a), l->slave, l->port);
		ec_health_end(b, sizeof(b), l->peer, l->peer_port);
	}
	snprintf(buf, len, "%s on the cable between %s and %s", what, a, b);
}
