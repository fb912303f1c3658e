/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * al_status.h - AL status codes (register 0x0134, ETG.1000.6 table 11)
 * and their texts.  Pure: no FSM, no slave; linked by the ethercat tool.
 */
#ifndef EC_AL_STATUS_H
#define EC_AL_STATUS_H

#include "port.h"

#define EC_AL_STATUS_VENDOR 0x8000	/* codes from here on: vendor's */

const char *ec_al_status_text(u16 code);
size_t ec_al_status_count(void);
u16 ec_al_status_code_at(size_t i);

#endif /* EC_AL_STATUS_H */
