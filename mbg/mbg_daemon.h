/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mbg_daemon.h - the state of ethercat-mbg and its parts that need no
 * master (mbg_daemon.c): options, the allow list, the clients and their
 * rates, the FoE end of transfer, the server of address 0, the status
 * file.  Kept apart from main.c so the unit test drives them.
 */
#ifndef EC_MBG_DAEMON_H
#define EC_MBG_DAEMON_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ec_lib.h"
#include "mbg_od.h"
#include "mbg_proto.h"

#define MBG_CLIENTS 8		/* clients remembered at once */
#define MBG_ALLOW_MAX 16	/* entries of the allow list */
#define MBG_CLIENT_IDLE_MS 60000	/* a client silent this long is forgotten */

struct mbg_client {
	uint32_t addr;		/* network order, 0: free */
	uint64_t last_ms;
	uint64_t tokens_ms;	/* token bucket, in ms of credit */
	uint64_t requests;
};

struct mbg_stats {
	uint64_t requests, replies, failed, denied, rate, busy;
	uint64_t bad[MBG_BAD_KINDS];
};

/* What the gateway remembers of a slave: the dictionary's view, FoE. */
struct mbg {
	struct ec_lib_master m;
	unsigned int master;
	struct sockaddr_in bind;
	int sock;
	struct { uint32_t net, mask; } allow[MBG_ALLOW_MAX];
	unsigned int nallow;
	unsigned int rate;	/* requests per second per client */
	unsigned int timeout_ms;
	char status_path[256];
	uint64_t status_ms;
	struct mbg_client clients[MBG_CLIENTS];
	struct mbg_stats st;
	struct mbg_od_slave *slaves;	/* by ring position */
	size_t nslaves;
	uint64_t refreshed_ms;
	struct ecsim_od *od;		/* address 0 */
	struct ecsim_coe *coe;
	uint64_t log_window_ms;
	unsigned int log_lines, log_suppressed;
	uint8_t reply[16384];
};

void mbg_defaults(struct mbg *g);
int mbg_option(struct mbg *g, int opt, const char *arg, FILE *err);
int mbg_parse_bind(struct mbg *g, const char *arg, FILE *err);
int mbg_parse_allow(struct mbg *g, const char *arg, FILE *err);
int mbg_open_socket(struct mbg *g, FILE *err);
bool mbg_allowed(const struct mbg *g, uint32_t addr);
struct mbg_client *mbg_client(struct mbg *g, uint32_t addr, uint64_t now_ms);
bool mbg_rate_take(struct mbg *g, struct mbg_client *cl, uint64_t now_ms);
void mbg_slave_to_od(const struct ec_ioctl_slave *s, struct mbg_od_slave *o);
bool mbg_foe_last_ack(struct mbg_od_slave *s, const struct mbg_msg *msg);
void mbg_foe_note_reply(struct mbg_od_slave *s, const uint8_t *msg,
			size_t size);
int mbg_server_set_od(struct mbg *g, struct ecsim_od *od);
size_t mbg_server(struct mbg *g, const struct mbg_msg *msg, uint8_t *out,
		  size_t cap);
size_t mbg_server_next(struct mbg *g, const struct mbg_msg *msg,
		       uint8_t *out, size_t cap);
void mbg_write_status(struct mbg *g);

#endif /* EC_MBG_DAEMON_H */
