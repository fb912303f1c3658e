/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * commands.h - handlers of the ethercat tool's commands (cmd_*.c); the
 * table that names them is in commands.c.
 */
#ifndef EC_TOOL_COMMANDS_H
#define EC_TOOL_COMMANDS_H

#include "cli.h"

int ec_cmd_alias(struct ec_cli *c);
int ec_cmd_crc(struct ec_cli *c);
int ec_cmd_debug(struct ec_cli *c);
int ec_cmd_download(struct ec_cli *c);
int ec_cmd_graph(struct ec_cli *c);
int ec_cmd_help(struct ec_cli *c);
int ec_cmd_master(struct ec_cli *c);
int ec_cmd_pdos(struct ec_cli *c);
int ec_cmd_reg_read(struct ec_cli *c);
int ec_cmd_reg_write(struct ec_cli *c);
int ec_cmd_rescan(struct ec_cli *c);
int ec_cmd_sdos(struct ec_cli *c);
int ec_cmd_sii_read(struct ec_cli *c);
int ec_cmd_sii_write(struct ec_cli *c);
int ec_cmd_slaves(struct ec_cli *c);
int ec_cmd_states(struct ec_cli *c);
int ec_cmd_upload(struct ec_cli *c);
int ec_cmd_version(struct ec_cli *c);
int ec_cmd_xml(struct ec_cli *c);

#endif /* EC_TOOL_COMMANDS_H */
