/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mbg_od.h - the master's object dictionary at gateway address 0
 * (ETG.1510), built from what the daemon reads from the master and served
 * by the simulator's CoE server (mbg_od.c has the layout).
 */
#ifndef EC_MBG_OD_H
#define EC_MBG_OD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "od.h"

#define MBG_OD_MAX 4096		/* 0x8000-0x8fff, 0x9000-0x9fff */

/* A configured or a detected slave, as the dictionary shows it. */
struct mbg_od_slave {
	uint16_t station;	/* 0: none (a config without a slave) */
	uint32_t vendor, product, revision, serial;
	uint16_t mbox_out, mbox_in, mbox_protocols;
	uint16_t al_state;
	uint16_t al_status_code;
	uint8_t link;		/* bit n: port n has a link */
	char order[64];
	char name[64];
	/* the gateway's: an FoE read whose last data packet came */
	bool foe_last;
};

struct mbg_od_master {
	const char *name;
	const char *version;
	const struct mbg_od_slave *slaves;	/* by ring position */
	size_t nslaves;
	const struct mbg_od_slave *configs;	/* by config index */
	size_t nconfigs;
};

struct ecsim_od *mbg_od_build(const struct mbg_od_master *m);

#endif /* EC_MBG_OD_H */
