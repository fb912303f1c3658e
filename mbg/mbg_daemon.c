// SPDX-License-Identifier: GPL-2.0-only
/*
 * mbg_daemon.c - the parts of ethercat-mbg that need no master: options,
 * the allow list, the clients and their rate limits, the end of an FoE
 * read (the client's last acknowledge has no reply), the server of
 * address 0 and the status file.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "coe.h"
#include "mbg_daemon.h"

void mbg_defaults(struct mbg *g)
{
	g->sock = -1;
	g->rate = 1000;
	g->timeout_ms = 3000;
}

static int mbg_uint(const char *s, unsigned long max, unsigned long *v)
{
	char *end;

	errno = 0;
	*v = strtoul(s, &end, 0);
	return errno || end == s || *end || *v > max || s[0] == '-' ?
		       -EINVAL : 0;
}

/* -m, -r, -t, -s; 0 or -EINVAL (reported on @err). */
int mbg_option(struct mbg *g, int opt, const char *arg, FILE *err)
{
	unsigned long v;

	switch (opt) {
	case 'm':
	case 'r':
	case 't':
		if (mbg_uint(arg, opt == 'm' ? 31 : opt == 'r' ? 100000 :
			     EC_IOCTL_MBOX_RAW_WAIT_MAX_MS, &v) ||
		    (opt != 'm' && !v)) {
			fprintf(err, "ethercat-mbg: invalid %s '%s'\n",
				opt == 'm' ? "master index" :
				opt == 'r' ? "rate" : "timeout", arg);
			return -EINVAL;
		}
		if (opt == 'm')
			g->master = (unsigned int)v;
		else if (opt == 'r')
			g->rate = (unsigned int)v;
		else
			g->timeout_ms = (unsigned int)v;
		return 0;
	case 's':
		if (strlen(arg) >= sizeof(g->status_path)) {
			fprintf(err, "ethercat-mbg: status file name too long\n");
			return -EINVAL;
		}
		strcpy(g->status_path, arg);
		return 0;
	}
	return -EINVAL;
}

/* ADDRESS[:PORT]: one IPv4 address, never "any". */
int mbg_parse_bind(struct mbg *g, const char *arg, FILE *err)
{
	char host[64];
	const char *colon = strchr(arg, ':');
	size_t n = colon ? (size_t)(colon - arg) : strlen(arg);
	unsigned long port = MBG_PORT + g->master;

	if (n >= sizeof(host) || (colon && mbg_uint(colon + 1, 65535, &port)) ||
	    !port) {
		fprintf(err, "ethercat-mbg: invalid bind address '%s' (ADDRESS[:PORT])\n",
			arg);
		return -EINVAL;
	}
	memcpy(host, arg, n);
	host[n] = '\0';
	memset(&g->bind, 0, sizeof(g->bind));
	g->bind.sin_family = AF_INET;
	g->bind.sin_port = htons((uint16_t)port);
	if (inet_pton(AF_INET, host, &g->bind.sin_addr) != 1) {
		fprintf(err, "ethercat-mbg: invalid IPv4 address '%s'\n", host);
		return -EINVAL;
	}
	if (g->bind.sin_addr.s_addr == htonl(INADDR_ANY)) {
		fprintf(err, "ethercat-mbg: will not listen on all interfaces (0.0.0.0): give the one address of the trusted network\n");
		return -EINVAL;
	}
	if (!g->status_path[0])
		snprintf(g->status_path, sizeof(g->status_path),
			 "/run/ethercat-mbg%u.status", g->master);
	return 0;
}

/* ADDR[/BITS],...: the clients that may use the gateway. */
int mbg_parse_allow(struct mbg *g, const char *arg, FILE *err)
{
	char buf[256], *tok, *save = NULL;

	if (strlen(arg) >= sizeof(buf) || !arg[0]) {
		fprintf(err, "ethercat-mbg: invalid allow list '%s'\n", arg);
		return -EINVAL;
	}
	strcpy(buf, arg);
	g->nallow = 0;
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *slash = strchr(tok, '/');
		unsigned long bits = 32;
		struct in_addr a;

		if (slash) {
			*slash = '\0';
			if (mbg_uint(slash + 1, 32, &bits))
				goto bad;
		}
		if (inet_pton(AF_INET, tok, &a) != 1 ||
		    g->nallow >= MBG_ALLOW_MAX)
			goto bad;
		g->allow[g->nallow].mask = bits ? htonl(~0u << (32 - bits)) :
						  0;
		g->allow[g->nallow].net = a.s_addr & g->allow[g->nallow].mask;
		g->nallow++;
		continue;
bad:
		fprintf(err, "ethercat-mbg: invalid allow list entry '%s' (ADDR[/BITS], at most %u)\n",
			tok, MBG_ALLOW_MAX);
		return -EINVAL;
	}
	return 0;
}

int mbg_open_socket(struct mbg *g, FILE *err)
{
	struct timeval tv = { .tv_sec = 1 };

	g->sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (g->sock < 0 ||
	    setsockopt(g->sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) ||
	    bind(g->sock, (struct sockaddr *)&g->bind, sizeof(g->bind))) {
		fprintf(err, "ethercat-mbg: cannot listen on %s:%u: %s\n",
			inet_ntoa(g->bind.sin_addr), ntohs(g->bind.sin_port),
			strerror(errno));
		return -1;
	}
	return 0;
}

bool mbg_allowed(const struct mbg *g, uint32_t addr)
{
	unsigned int i;

	for (i = 0; i < g->nallow; i++)
		if ((addr & g->allow[i].mask) == g->allow[i].net)
			return true;
	return false;
}

/*
 * The client's slot: several clients may use the gateway at once; their
 * requests are served one at a time in the order they arrive.  A slot
 * silent for a minute is given to a new client; NULL when all are busy.
 */
struct mbg_client *mbg_client(struct mbg *g, uint32_t addr, uint64_t now_ms)
{
	struct mbg_client *free_slot = NULL;
	unsigned int i;

	for (i = 0; i < MBG_CLIENTS; i++) {
		struct mbg_client *c = &g->clients[i];

		if (c->addr == addr) {
			c->last_ms = now_ms;
			return c;
		}
		if (!free_slot && (!c->addr ||
				   now_ms - c->last_ms >= MBG_CLIENT_IDLE_MS))
			free_slot = c;
	}
	if (!free_slot)
		return NULL;
	memset(free_slot, 0, sizeof(*free_slot));
	free_slot->addr = addr;
	free_slot->last_ms = now_ms;
	free_slot->tokens_ms = now_ms - 1000;	/* a full second of credit */
	return free_slot;
}

/* Token bucket: @rate requests a second, bursts of up to a second's. */
bool mbg_rate_take(struct mbg *g, struct mbg_client *cl, uint64_t now_ms)
{
	uint64_t cost = 1000 / g->rate ? 1000 / g->rate : 1;

	if (now_ms - cl->tokens_ms > 1000)
		cl->tokens_ms = now_ms - 1000;
	if (now_ms - cl->tokens_ms < cost)
		return false;
	cl->tokens_ms += cost;
	return true;
}

void mbg_slave_to_od(const struct ec_ioctl_slave *s, struct mbg_od_slave *o)
{
	memset(o, 0, sizeof(*o));
	o->station = s->station_address;
	o->vendor = s->vendor_id;
	o->product = s->product_code;
	o->revision = s->revision_number;
	o->serial = s->serial_number;
	o->mbox_out = s->std_rx_mailbox_size;
	o->mbox_in = s->std_tx_mailbox_size;
	o->mbox_protocols = s->mailbox_protocols;
	o->al_state = s->al_state;
	o->al_status_code = s->al_status_code;
	snprintf(o->order, sizeof(o->order), "%.*s",
		 (int)sizeof(s->order) - 1, s->order);
	snprintf(o->name, sizeof(o->name), "%.*s", (int)sizeof(s->name) - 1,
		 s->name);
}

/*
 * FoE read: the slave sends data packets, the client acknowledges each;
 * after the last one (shorter than a full mailbox) the slave sends nothing
 * more, so the client's acknowledge of it is an exchange without a reply.
 */
bool mbg_foe_last_ack(struct mbg_od_slave *s, const struct mbg_msg *msg)
{
	bool last = s->foe_last;

	if (msg->type != MBG_TYPE_FOE)
		return false;
	s->foe_last = false;
	return last && msg->data_size >= 1 && msg->data[0] == MBG_FOE_ACK;
}

void mbg_foe_note_reply(struct mbg_od_slave *s, const uint8_t *msg,
			size_t size)
{
	size_t full = s->mbox_in > MBG_MBOX_HDR + MBG_FOE_HDR ?
			      s->mbox_in - MBG_MBOX_HDR : 0;

	if (size < MBG_MBOX_HDR + 1 || (msg[5] & 0x0f) != MBG_TYPE_FOE)
		return;
	s->foe_last = msg[MBG_MBOX_HDR] == MBG_FOE_DATA &&
		      size - MBG_MBOX_HDR < full;
}

/* A new dictionary for address 0 (NULL: keep the old one, -ENOMEM). */
int mbg_server_set_od(struct mbg *g, struct ecsim_od *od)
{
	struct ecsim_coe *coe;

	if (!od)
		return -ENOMEM;
	coe = ecsim_coe_new(od);
	if (!coe) {
		ecsim_od_free(od);
		return -ENOMEM;
	}
	ecsim_coe_set_mailbox_size(coe, MBG_MSG_MAX - MBG_MBOX_HDR);
	if (g->coe)
		ecsim_coe_free(g->coe);
	if (g->od)
		ecsim_od_free(g->od);
	g->od = od;
	g->coe = coe;
	return 0;
}

/* The next reply of address 0's CoE server as a datagram, 0: none. */
size_t mbg_server_next(struct mbg *g, const struct mbg_msg *msg,
		       uint8_t *out, size_t cap)
{
	uint8_t d[MBG_MSG_MAX];
	size_t n = g->coe ? ecsim_coe_pop_reply(g->coe, d, sizeof(d)) : 0;

	return n ? mbg_build(out, cap, 0, MBG_TYPE_COE, msg->counter, d, n) :
		   0;
}

/*
 * A message for address 0: CoE goes to the dictionary's server, other
 * protocols get the mailbox error reply "protocol not supported".
 * Return: the first reply's datagram, 0 when there is none.
 */
size_t mbg_server(struct mbg *g, const struct mbg_msg *msg, uint8_t *out,
		  size_t cap)
{
	if (msg->type != MBG_TYPE_COE)
		return mbg_mbox_error(out, cap, 0, msg->counter,
				      MBG_MBOX_ERR_UNSUPPORTED_PROTOCOL);
	if (!g->coe)
		return 0;
	ecsim_coe_request(g->coe, msg->data, msg->data_size);
	return mbg_server_next(g, msg, out, cap);
}

/* The counters, for "ethercat master"; at most twice a second. */
void mbg_write_status(struct mbg *g)
{
	struct timespec ts;
	char tmp[300];
	uint64_t now;
	unsigned int i, clients = 0;
	FILE *f;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
	if (g->status_ms && now - g->status_ms < 500)
		return;
	g->status_ms = now;
	for (i = 0; i < MBG_CLIENTS; i++)
		if (g->clients[i].addr &&
		    now - g->clients[i].last_ms < MBG_CLIENT_IDLE_MS)
			clients++;
	snprintf(tmp, sizeof(tmp), "%s.tmp", g->status_path);
	f = fopen(tmp, "w");
	if (!f)
		return;
	fprintf(f, "pid=%ld\nmaster=%u\naddress=%s\nport=%u\nclients=%u\n"
		"requests=%llu\nreplies=%llu\nfailed=%llu\ndenied=%llu\n"
		"rate_limited=%llu\nbusy=%llu\n",
		(long)getpid(), g->master, inet_ntoa(g->bind.sin_addr),
		ntohs(g->bind.sin_port), clients,
		(unsigned long long)g->st.requests,
		(unsigned long long)g->st.replies,
		(unsigned long long)g->st.failed,
		(unsigned long long)g->st.denied,
		(unsigned long long)g->st.rate,
		(unsigned long long)g->st.busy);
	for (i = 1; i < MBG_BAD_KINDS; i++)
		fprintf(f, "bad_%s=%llu\n", mbg_bad_name(i),
			(unsigned long long)g->st.bad[i]);
	if (fclose(f) || rename(tmp, g->status_path))
		unlink(tmp);
}
