/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * eoe_harness.h - what check_eoe.c and check_eoe_op.c share: the segment
 * with the simulator's EoE endpoint, the host side of the interface (a
 * stand-in for master/linux/eoe.c), frame builders and the waits.
 */
#ifndef EC_EOE_HARNESS_H
#define EC_EOE_HARNESS_H

#include "harness.h"
#include "mailbox/fsm_eoe.h"
#include "app/slave_config.h"

#define ID_EOE 1
#define NUM_SLAVES 3
#define MBOX_SIZE 512
#define FRAG_ROOM (MBOX_SIZE - EC_MBOX_HEADER_SIZE - EC_EOE_HEADER_SIZE)
#define FRAG_DATA (FRAG_ROOM / 32 * 32)	/* of each fragment but the last */
#define SIM_IP 0xa9fe0a01	/* 169.254.10.1 */
#define HOST_IP 0xa9fe0a02	/* 169.254.10.2 */
#define UDP_PORT 7
#define MAX_FRAMES 8
#define FULL_FRAME 1514

static const char *segment =
	"{ \"slaves\": [ { \"model\": \"EK1100\" },"
	" { \"model\": \"ECSIM-EOE\", \"eoe\": { \"ip\": \"169.254.10.1\","
	" \"mac\": \"02:ec:00:00:00:01\", \"udp_echo\": 7 } },"
	" { \"model\": \"EL1008\" } ] }";
static unsigned int num_slaves = NUM_SLAVES;
static const u8 sim_mac[6] = { 0x02, 0xec, 0, 0, 0, 0x01 };
static const u8 host_mac[6] = { 0x02, 0x00, 0x00, 0xaa, 0xbb, 0xcc };

/* The environment: frames to send and frames received. */
struct env {
	unsigned int tx_n, tx_next;
	size_t tx_len[MAX_FRAMES];
	u8 tx[MAX_FRAMES][EC_EOE_MAX_FRAME];
	unsigned int rx_n;
	size_t rx_len[MAX_FRAMES];
	u8 rx[MAX_FRAMES][EC_EOE_MAX_FRAME];
};

static inline bool env_tx_pending(struct ec_eoe *eoe)
{
	struct env *e = eoe->priv;

	return e->tx_next < e->tx_n;
}

static inline size_t env_tx_pull(struct ec_eoe *eoe, u8 *buf, size_t max)
{
	struct env *e = eoe->priv;
	size_t n;

	if (e->tx_next >= e->tx_n)
		return 0;
	n = e->tx_len[e->tx_next];
	ck_assert_uint_le(n, max);
	memcpy(buf, e->tx[e->tx_next++], n);
	return n;
}

static inline void env_rx_push(struct ec_eoe *eoe, const u8 *frame, size_t size)
{
	struct env *e = eoe->priv;

	ck_assert_uint_lt(e->rx_n, MAX_FRAMES);
	memcpy(e->rx[e->rx_n], frame, size);
	e->rx_len[e->rx_n++] = size;
}

static const struct ec_eoe_ops env_ops = {
	.tx_pending = env_tx_pending,
	.tx_pull = env_tx_pull,
	.rx_push = env_rx_push,
};

static struct env env;
static struct ec_eoe eoe;

static inline void be16(u8 *p, u16 v)
{
	p[0] = (u8)(v >> 8);
	p[1] = (u8)v;
}

static inline void be32(u8 *p, u32 v)
{
	be16(p, (u16)(v >> 16));
	be16(p + 2, (u16)v);
}

static inline u16 rd16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static inline u16 inet_csum(const u8 *p, size_t n, u32 sum)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		sum += rd16(p + i);
	if (n & 1)
		sum += (u32)p[n - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (u16)~sum;
}

static inline u8 *eth(u8 *f, u16 type, const u8 *dst)
{
	memcpy(f, dst, 6);
	memcpy(f + 6, host_mac, 6);
	be16(f + 12, type);
	return f + 14;
}

/* An IPv4 packet to the simulated slave; returns its payload. */
static inline u8 *ipv4(u8 *f, u8 proto, size_t plen)
{
	u8 *ip = eth(f, 0x0800, sim_mac);

	memset(ip, 0, 20);
	ip[0] = 0x45;
	be16(ip + 2, (u16)(20 + plen));
	ip[8] = 64;
	ip[9] = proto;
	be32(ip + 12, HOST_IP);
	be32(ip + 16, SIM_IP);
	be16(ip + 10, inet_csum(ip, 20, 0));
	return ip + 20;
}

/* Queue an ICMP echo request frame of @size bytes in all. */
static inline void queue_ping(size_t size, u16 seq)
{
	u8 *f = env.tx[env.tx_n], *icmp;
	size_t plen = size - 14 - 20, i;

	icmp = ipv4(f, 1, plen);
	icmp[0] = 8;
	icmp[1] = 0;
	icmp[2] = icmp[3] = 0;
	be16(icmp + 4, 0x4242);
	be16(icmp + 6, seq);
	for (i = 8; i < plen; i++)
		icmp[i] = (u8)(i * 7 + seq);
	be16(icmp + 2, inet_csum(icmp, plen, 0));
	env.tx_len[env.tx_n++] = size;
}

static inline void setup_segment(struct ec_harness *h, const char *json)
{
	memset(&env, 0, sizeof(env));
	ec_harness_init(h, json);
	ck_assert(ec_harness_run_until(h, ec_harness_all_ready, &num_slaves,
				       30 * EC_NSEC_PER_SEC));
	ec_eoe_init(&eoe, &env_ops, &env);
	ec_eoe_attach(&eoe, h->master.slaves[ID_EOE]);
	ck_assert_ptr_eq(h->master.slaves[ID_EOE]->eoe, &eoe);
}

static inline void setup(struct ec_harness *h)
{
	setup_segment(h, segment);
}

static inline void teardown(struct ec_harness *h)
{
	ec_harness_teardown(h);
	ck_assert_ptr_null(eoe.slave);	/* the slave's clear detached it */
}

static inline bool got_frames(struct ec_harness *h, void *ctx)
{
	(void)h;
	return env.rx_n >= *(unsigned int *)ctx;
}

static inline void wait_frames(struct ec_harness *h, unsigned int n)
{
	ck_assert_msg(ec_harness_run_until(h, got_frames, &n,
					   2 * EC_NSEC_PER_SEC),
		      "%u frames back, %u expected (sent %llu, %llu errors; "
		      "%llu fragments in, %llu frames dropped)",
		      env.rx_n, n, (unsigned long long)eoe.stats.tx_frames,
		      (unsigned long long)eoe.stats.tx_errors,
		      (unsigned long long)eoe.stats.rx_fragments,
		      (unsigned long long)eoe.stats.rx_dropped);
}

/* Reply @k is the echo reply to request @k: same payload, type 0. */
static inline void check_echo(unsigned int k)
{
	const u8 *req = env.tx[k], *rep = env.rx[k];
	size_t n = env.tx_len[k];

	ck_assert_uint_eq(env.rx_len[k], n);
	ck_assert_int_eq(memcmp(rep, host_mac, 6), 0);
	ck_assert_int_eq(memcmp(rep + 6, sim_mac, 6), 0);
	ck_assert_uint_eq(rd16(rep + 12), 0x0800);
	ck_assert_uint_eq(rep[14 + 20], 0);	/* echo reply */
	ck_assert_uint_eq(inet_csum(rep + 14, 20, 0), 0);
	ck_assert_uint_eq(inet_csum(rep + 34, n - 34, 0), 0);
	ck_assert_int_eq(memcmp(rep + 34 + 4, req + 34 + 4, n - 38), 0);
}

/* Fragments of a frame of @n bytes: FRAG_DATA each but the last. */
static inline unsigned int fragments(size_t n)
{
	unsigned int k = 1;

	for (; n > FRAG_ROOM; n -= FRAG_DATA)
		k++;
	return k;
}

/* Cycle until @counter (a statistics counter) reaches @n. */
static inline void wait_counter(struct ec_harness *h, const u64 *counter, u64 n)
{
	unsigned int i;

	for (i = 0; i < 2000 && *counter < n; i++)
		ec_harness_cycle(h);
	ck_assert_msg(*counter >= n, "counter at %llu, %llu awaited",
		      (unsigned long long)*counter, (unsigned long long)n);
}

/* Queue a UDP datagram of @len bytes to @port. */
static inline void queue_udp_to(size_t len, u8 seed, u16 port)
{
	u8 *u;
	size_t i;

	ck_assert_uint_lt(env.tx_n, MAX_FRAMES);
	u = ipv4(env.tx[env.tx_n], 17, 8 + len);

	be16(u, 40000);
	be16(u + 2, port);
	be16(u + 4, (u16)(8 + len));
	be16(u + 6, 0);
	for (i = 0; i < len; i++)
		u[8 + i] = (u8)(i * 13 + seed);
	env.tx_len[env.tx_n++] = 14 + 20 + 8 + len;
}

/* Queue a UDP datagram of @len bytes to the echo port. */
static inline void queue_udp(size_t len, u8 seed)
{
	queue_udp_to(len, seed, UDP_PORT);
}

/* Cycles from now until @n frames are back. */
static inline unsigned int cycles_to(struct ec_harness *h, unsigned int n)
{
	unsigned int c = 0;

	while (env.rx_n < n && c < 2000) {
		ec_harness_cycle(h);
		c++;
	}
	ck_assert_uint_ge(env.rx_n, n);
	return c;
}

#endif /* EC_EOE_HARNESS_H */
