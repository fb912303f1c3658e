/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Internals of the CoE server shared by coe.c and coe_info.c. */
#ifndef ECSIM_COE_PRIV_H
#define ECSIM_COE_PRIV_H

#include <stdbool.h>

#include "coe.h"

/* CoE header (ETG.1000.6): number in bits 0..8, service in bits 12..15 */
#define COE_HDR_LEN		2
#define COE_SERVICE_SHIFT	12

struct coe_reply {
	struct coe_reply *next;
	size_t len;
	uint8_t data[];
};

struct coe_transfer {
	bool active;
	bool ca;
	uint16_t index;
	uint8_t sub;
	uint8_t toggle;		/* expected in the next segment */
	uint8_t *buf;
	size_t size, off;
};

struct ecsim_coe {
	struct ecsim_od *od;
	size_t payload_max;
	struct coe_reply *head, *tail;
	unsigned int n_replies;
	struct coe_transfer dl, ul;
};

/* Queue a reply of @len bytes; returns the buffer to fill or NULL. */
uint8_t *coe_queue(struct ecsim_coe *c, size_t len);
void coe_put_header(uint8_t *p, unsigned int service);
void coe_sdo_info_request(struct ecsim_coe *c, const uint8_t *d, size_t len);

#endif /* ECSIM_COE_PRIV_H */
