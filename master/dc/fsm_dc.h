/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_dc.h - the offset job of distributed clocks: latch the receive
 * times, read every DC slave's local receive time, write its system time
 * offset and delay, reset the time control loops, then distribute the
 * reference time for a while (static drift compensation).
 */
#ifndef EC_FSM_DC_H
#define EC_FSM_DC_H

#include "port.h"

struct ec_master;

int ec_fsm_dc_start(struct ec_master *master, bool rebase, u64 now_ns);
int ec_fsm_dc_start_hc(struct ec_master *master, unsigned int first,
			unsigned int count, u64 now_ns);
bool ec_fsm_dc_exec(struct ec_master *master, u64 now_ns);
bool ec_fsm_dc_busy(const struct ec_master *master);
void ec_fsm_dc_free(struct ec_master *master);

#endif /* EC_FSM_DC_H */
