/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * emergency.h - a per-slave ring of CoE emergency messages (ETG.1000.6
 * clause 5.6.4: error code, error register, 5 bytes of manufacturer data).
 *
 * The CoE FSM pushes every emergency it receives; the application takes
 * them with ecrt_slave_config_emerg_pop().  A zeroed ring is valid and has
 * the maximum capacity.  When the ring is full, new messages are dropped
 * and counted as overruns (the oldest ones are kept, as IgH does).
 */
#ifndef EC_EMERGENCY_H
#define EC_EMERGENCY_H

#include "port.h"

#define EC_EMERG_SIZE 8		/* bytes of one emergency message */
#define EC_EMERG_RING_MAX 32	/* messages a ring can hold at most */

struct ec_emerg_ring {
	u8 msgs[EC_EMERG_RING_MAX][EC_EMERG_SIZE];
	unsigned int size;	/* capacity; 0 means EC_EMERG_RING_MAX */
	unsigned int head;	/* next to pop */
	unsigned int count;	/* messages stored */
	unsigned int overruns;	/* dropped because the ring was full */
};

int ec_emerg_ring_set_size(struct ec_emerg_ring *ring, unsigned int size);
void ec_emerg_ring_push(struct ec_emerg_ring *ring, const u8 *msg);
int ec_emerg_ring_pop(struct ec_emerg_ring *ring, u8 *msg);
void ec_emerg_ring_clear(struct ec_emerg_ring *ring);
unsigned int ec_emerg_ring_overruns(const struct ec_emerg_ring *ring);
unsigned int ec_emerg_ring_count(const struct ec_emerg_ring *ring);

#endif /* EC_EMERGENCY_H */
