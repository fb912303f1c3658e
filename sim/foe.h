/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * FoE server of a simulated slave (ETG.1000.6 clause 5.7): files held in
 * memory, given in the segment file, read and written with name and
 * password; firmware written in BOOT changes the slave's revision when it
 * leaves BOOT (it "restarts" into the new firmware).  See sim/README.md.
 */
#ifndef ECSIM_FOE_H
#define ECSIM_FOE_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

struct ecsim_slave;

/* Segment file key "foe" of a slave (may be NULL): see sim/README.md. */
int ecsim_foe_init(struct ecsim_slave *s, const json_t *cfg, char *err,
		   size_t errlen);
void ecsim_foe_free(struct ecsim_slave *s);
/*
 * One FoE request of @len bytes (after the mailbox header).  @in_cap is
 * the payload capacity of the read mailbox, @out_cap that of the write
 * mailbox.  Returns the length of the reply written to @reply (0: none).
 */
size_t ecsim_foe_request(struct ecsim_slave *s, const uint8_t *msg,
			 size_t len, size_t in_cap, size_t out_cap,
			 uint8_t *reply);
void ecsim_foe_set_al_state(struct ecsim_slave *s, uint8_t state);

#endif /* ECSIM_FOE_H */
