/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * eoe.h - the EoE network interfaces of a master (eoe.c, doc/EOE.md).
 */
#ifndef EC_LINUX_EOE_H
#define EC_LINUX_EOE_H

#include <linux/netdevice.h>

#include "mailbox/fsm_eoe.h"

struct ec_linux_master;

struct ec_linux_eoe_info {
	char name[IFNAMSIZ];
	bool attached, open, carrier;
	u16 position;
	struct ec_eoe_stats stats;
	unsigned int tx_queued, tx_queue_size;
	u64 rx_dropped_nomem;
	u32 tx_rate, rx_rate;		/* bytes per second */
};

void ec_linux_eoe_sync(struct ec_linux_master *m);
void ec_linux_eoe_clear(struct ec_linux_master *m);
int ec_linux_eoe_get(struct ec_linux_master *m, unsigned int index,
		     struct ec_linux_eoe_info *info);

#endif /* EC_LINUX_EOE_H */
