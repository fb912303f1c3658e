/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * SoE server of a simulated drive (ETG.1000.6 clause 5.8, IEC 61800-7-304):
 * an IDN dictionary from the model's "idns" (value, name, attribute, unit,
 * minimum, maximum), reads and writes of single or several elements with
 * fragmentation both ways, the SERCOS error codes, and process data laid
 * out by the AT and MDT configuration lists S-0-0016 and S-0-0024.
 */
#ifndef ECSIM_SOE_H
#define ECSIM_SOE_H

#include <stddef.h>
#include <stdint.h>

struct ecsim_slave;
struct ecsim_pd_sm;

typedef void (*ecsim_soe_reply_fn)(struct ecsim_slave *s, const uint8_t *p,
				   size_t n);

int ecsim_soe_init(struct ecsim_slave *s, char *err, size_t errlen);
void ecsim_soe_free(struct ecsim_slave *s);
/* One SoE request; replies (possibly several fragments) go to @reply. */
void ecsim_soe_request(struct ecsim_slave *s, const uint8_t *msg,
		       size_t len, size_t in_cap, ecsim_soe_reply_fn reply);
/* Layout of SM @sm from S-0-0024 (outputs) or S-0-0016 (inputs):
 * 0, or -ENOENT when the slave has no SoE process data there. */
int ecsim_soe_sm_layout(struct ecsim_slave *s, unsigned int sm,
			struct ecsim_pd_sm *out);
/* One cycle of the drive: feedback follows the command values. */
void ecsim_soe_step(struct ecsim_slave *s);
void ecsim_soe_set_al_state(struct ecsim_slave *s, uint8_t state);

#endif /* ECSIM_SOE_H */
