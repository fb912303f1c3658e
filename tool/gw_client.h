/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gw_client.h - the ethercat tool as a client of a mailbox gateway
 * (ETG.8200, ethercat-mbg): SDO upload and download (expedited, normal,
 * segmented), SDO information, FoE read and SoE read over UDP, one mailbox message
 * per datagram (mbg/mbg_proto.c builds and checks them).
 */
#ifndef EC_TOOL_GW_CLIENT_H
#define EC_TOOL_GW_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mbg_proto.h"

#define EC_GW_TIMEOUT_MS 10000	/* for each reply (the gateway waits 3 s for the slave) */

struct ec_gw {
	int sock;
	uint16_t station;	/* the slave's station address, 0: master */
	size_t out_max;		/* payload of a request (write mailbox - 6) */
	size_t in_max;		/* payload of a reply (read mailbox - 6) */
	uint8_t counter;	/* 1..7 */
	char err[160];		/* what failed */
	uint32_t abort_code;	/* SDO abort code of the last failure */
	uint32_t foe_error;	/* FoE error code of the last failure */
};

int ec_gw_open(struct ec_gw *g, const char *host_port);
void ec_gw_close(struct ec_gw *g);
int ec_gw_select(struct ec_gw *g, unsigned int position);
int ec_gw_sdo_upload(struct ec_gw *g, uint16_t index, uint8_t sub,
		     uint8_t *buf, size_t cap, size_t *got);
int ec_gw_sdo_download(struct ec_gw *g, uint16_t index, uint8_t sub,
		       const uint8_t *data, size_t size);

/* SDO information: the dictionary's list, an object, an entry. */
struct ec_gw_entry {
	uint16_t data_type, bit_length, access;
	char description[64];
};

int ec_gw_od_list(struct ec_gw *g, uint16_t *indices, size_t cap,
		  size_t *count);
int ec_gw_object(struct ec_gw *g, uint16_t index, uint8_t *max_sub,
		 uint8_t *object_code, char *name, size_t name_size);
int ec_gw_entry(struct ec_gw *g, uint16_t index, uint8_t sub,
		struct ec_gw_entry *e);
int ec_gw_soe_read(struct ec_gw *g, uint8_t drive, uint16_t idn,
		   uint8_t elements, uint8_t *buf, size_t cap, size_t *got,
		   uint16_t *error_code);
int ec_gw_foe_read(struct ec_gw *g, const char *name, uint32_t password,
		   uint8_t *buf, size_t cap, size_t *got);

#endif /* EC_TOOL_GW_CLIENT_H */
