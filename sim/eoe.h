/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * EoE endpoint of a simulated slave (ETG.1000.6 clause 5.5): reassembles
 * the master's fragments into Ethernet frames, answers them with a small
 * IP stack of its own (ARP, ICMP echo, UDP echo on one port), takes its
 * address from the set IP parameter request or the segment file, and
 * sends its frames back fragmented to the read mailbox.  See
 * sim/README.md ("eoe").  Written from the specification; shares nothing
 * with master/.
 */
#ifndef ECSIM_EOE_H
#define ECSIM_EOE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

struct ecsim_slave;

/* Segment file key "eoe" of a slave (may be NULL). */
int ecsim_eoe_init(struct ecsim_slave *s, const json_t *cfg, char *err,
		   size_t errlen);
void ecsim_eoe_free(struct ecsim_slave *s);
void ecsim_eoe_reset(struct ecsim_slave *s);
/* One EoE message of @len bytes (after the mailbox header). */
void ecsim_eoe_request(struct ecsim_slave *s, const uint8_t *msg,
		       size_t len);
/* The next message to send, at most @cap bytes; 0 when none waits. */
size_t ecsim_eoe_pop(struct ecsim_slave *s, uint8_t *out, size_t cap);

#endif /* ECSIM_EOE_H */
