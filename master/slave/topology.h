/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * topology.h - how the slaves of a segment are wired, from their port
 * states: which slave is behind which port.
 */
#ifndef EC_TOPOLOGY_H
#define EC_TOPOLOGY_H

#include "port.h"

struct ec_slave;

int ec_topology_calc(struct ec_slave *const *slaves, unsigned int count);
bool ec_topology_port_open(const struct ec_slave *slave, unsigned int port);
void ec_topology_set_dl_status(struct ec_slave *slave, u16 st);

#endif /* EC_TOPOLOGY_H */
