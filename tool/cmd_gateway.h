/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_gateway.h - what the commands share when they go through a mailbox
 * gateway (cmd_gateway.c).
 */
#ifndef EC_TOOL_CMD_GATEWAY_H
#define EC_TOOL_CMD_GATEWAY_H

#include "cli.h"
#include "gw_client.h"

#define EC_GW_MAX_OBJECTS 4096	/* objects listed by 'sdos' */

int ec_gw_cli_open(struct ec_cli *c, struct ec_gw *g);
int ec_gw_cli_fail(struct ec_cli *c, struct ec_gw *g);

/* Where ethercat-mbg keeps its counters (its --status default). */
#define EC_GW_STATUS_FMT "/run/ethercat-mbg%u.status"
void ec_gw_print_status(unsigned int master);

#endif /* EC_TOOL_CMD_GATEWAY_H */
