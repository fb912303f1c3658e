/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * link_health.h - the link health the master keeps (ec_ioctl_health.h), as
 * 'diag', 'master', 'metrics' and 'graph' show it: one load of every
 * slave's record, the rates, and the cables the faults name (each cable
 * once, with its upstream end first).
 */
#ifndef EC_TOOL_LINK_HEALTH_H
#define EC_TOOL_LINK_HEALTH_H

#include <stddef.h>
#include <stdint.h>

#include "ec_lib.h"

/* A cable that its counters call unhealthy (RX errors or lost links). */
struct ec_health_link {
	unsigned int slave, port;	/* the end that counted */
	unsigned int peer, peer_port;	/* EC_IOCTL_HEALTH_PEER_* or a slave */
	unsigned int faults;		/* EC_IOCTL_HEALTH_FAULT_* of both ends */
	uint64_t errors_10s;		/* invalid frames + RX errors, both ends */
	uint64_t lost_10s;		/* lost links, the counting end */
};

struct ec_health_view {
	struct ec_ioctl_master_health master;
	struct ec_ioctl_slave_health *slaves;	/* by ring position */
	size_t n;
	struct ec_health_link *links;
	size_t nlinks;
};

int ec_health_load(struct ec_lib_master *m, size_t n_slaves,
		   struct ec_health_view *v);
void ec_health_free(struct ec_health_view *v);
uint64_t ec_health_port_errors(const struct ec_ioctl_slave_health *h,
			       unsigned int win, unsigned int port);
double ec_health_rate(const struct ec_ioctl_slave_health *h, unsigned int win,
		      unsigned int port, unsigned int counter);
double ec_health_error_rate(const struct ec_ioctl_slave_health *h,
			    unsigned int win, unsigned int port);
double ec_health_error_share(const struct ec_ioctl_slave_health *h,
			     unsigned int win, unsigned int port);
void ec_health_link_text(const struct ec_health_link *l, char *buf,
			 size_t len);
const struct ec_health_link *ec_health_link_at(const struct ec_health_view *v,
					       unsigned int slave,
					       unsigned int port);

#endif /* EC_TOOL_LINK_HEALTH_H */
