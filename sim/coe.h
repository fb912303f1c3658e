/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * CoE server of one virtual slave (ETG.1000.6 CoE): SDO upload/download
 * (expedited, normal, segmented, complete access), SDO information and
 * emergency messages, on top of an object dictionary (od.h).
 *
 * sim-core's mailbox layer hands every mailbox of type 3 (CoE) to
 * ecsim_coe_request() without the 6-byte mailbox header, and sends back
 * whatever ecsim_coe_pop_reply() yields, each with its own mailbox header.
 */
#ifndef ECSIM_COE_H
#define ECSIM_COE_H

#include <stddef.h>
#include <stdint.h>

#include "od.h"

/* CoE header "service" field (ETG.1000.6 CoE header) */
#define ECSIM_COE_EMERGENCY	0x1
#define ECSIM_COE_SDO_REQ	0x2
#define ECSIM_COE_SDO_RESP	0x3
#define ECSIM_COE_TXPDO		0x4
#define ECSIM_COE_RXPDO		0x5
#define ECSIM_COE_TXPDO_RTR	0x6
#define ECSIM_COE_RXPDO_RTR	0x7
#define ECSIM_COE_SDO_INFO	0x8

/* Default mailbox payload (SM1 length 128 minus the 6-byte header) */
#define ECSIM_COE_DEFAULT_PAYLOAD	122
/* Replies kept before the oldest is dropped (a real slave would block) */
#define ECSIM_COE_MAX_QUEUED	512

struct ecsim_coe;

/* The OD stays owned by the caller and must outlive the server. */
struct ecsim_coe *ecsim_coe_new(struct ecsim_od *od);
void ecsim_coe_free(struct ecsim_coe *c);

/* Largest reply payload (the in-mailbox SM length minus 6); default 122. */
void ecsim_coe_set_mailbox_size(struct ecsim_coe *c, size_t payload_max);

/* One CoE request: the mailbox payload after the 6-byte mailbox header. */
void ecsim_coe_request(struct ecsim_coe *c, const uint8_t *data, size_t len);

/* Next queued reply payload (after the mailbox header), or 0 when none is
 * pending (or @cap is too small: the reply then stays queued). */
size_t ecsim_coe_pop_reply(struct ecsim_coe *c, uint8_t *out, size_t cap);

/* Number of replies waiting. */
unsigned int ecsim_coe_pending(const struct ecsim_coe *c);

/* Queue an emergency message (CoE service 1, ETG.1000.6). */
void ecsim_coe_emergency(struct ecsim_coe *c, uint16_t code, uint8_t reg,
			 const uint8_t data[5]);

/* Drop any segmented transfer in progress and all queued replies (mailbox
 * reset, or the slave going back to INIT). */
void ecsim_coe_reset(struct ecsim_coe *c);

#endif /* ECSIM_COE_H */
