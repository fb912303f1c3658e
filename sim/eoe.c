// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * EoE endpoint of a simulated slave (ETG.1000.6 clause 5.5, see eoe.h).
 *
 * EoE header: word 0 = frame type (bits 0-3), port (4-7), last fragment
 * (8), time appended (9), time request (10); word 1 = fragment number
 * (bits 0-5), offset in 32-byte units (6-11; fragment 0: the frame size
 * in 32-byte units, rounded up), frame number (12-15).  A set IP
 * parameter request (type 2) is answered by a response (type 3) whose
 * word 1 is the result.
 *
 * The IP stack answers frames to its MAC or broadcast: ARP requests for
 * its address (RFC 826), ICMP echo requests (RFC 792) and UDP datagrams
 * to its echo port (RFC 768), all over IPv4 without options or
 * fragmentation (RFC 791).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"
#include "eoe.h"

#define EOE_HDR			4
#define EOE_T_FRAG		0x0
#define EOE_T_SET_IP_REQ	0x2
#define EOE_T_SET_IP_RES	0x3
#define EOE_W0_LAST		0x0100
#define EOE_W0_TIME		0x0200
#define EOE_UNIT		32
#define EOE_MAX_FRAME		1536
#define EOE_TXQ			8	/* frames waiting to go back */
#define EOE_SLOW_FRAMES		5	/* ECSIM_EOE_SLOW_MAILBOX */

#define ETH_HDR			14
#define ETH_P_IP_		0x0800
#define ETH_P_ARP_		0x0806
#define IP_HDR			20
#define IP_P_ICMP		1
#define IP_P_UDP		17

/* Set IP parameter request: flags, then the fields at fixed offsets. */
#define SIP_MAC			0x01
#define SIP_IP			0x02
#define SIP_SUBNET		0x04
#define SIP_GATEWAY		0x08
#define SIP_DNS			0x10
#define SIP_NAME		0x20

struct eoe_frame {
	uint16_t len;
	uint8_t data[EOE_MAX_FRAME];
};

struct ecsim_eoe {
	uint8_t mac[6];
	uint32_t ip, subnet, gateway, dns;	/* host order */
	char hostname[33];
	uint16_t udp_port;			/* 0: no UDP echo */
	/* reassembly */
	bool rx_busy;
	uint8_t rx_frame_no, rx_next;
	size_t rx_len;
	uint8_t rx[EOE_MAX_FRAME];
	/* frames to send, and the fragmenting of the first */
	unsigned int q_head, q_len;
	struct eoe_frame q[EOE_TXQ];
	size_t tx_off;
	uint8_t tx_frag, tx_frame_no;
	bool ip_response;
	int fault;
	bool fault_armed;
	struct ecsim_eoe_stats st;
};

static int parse_ip(const char *s, uint32_t *ip)
{
	struct in_addr a;

	if (inet_pton(AF_INET, s, &a) != 1)
		return -EINVAL;
	*ip = ntohl(a.s_addr);
	return 0;
}

static int parse_mac(const char *s, uint8_t *mac)
{
	unsigned int b[6];
	char end;
	int i;

	if (sscanf(s, "%x:%x:%x:%x:%x:%x%c", &b[0], &b[1], &b[2], &b[3],
		   &b[4], &b[5], &end) != 6)
		return -EINVAL;
	for (i = 0; i < 6; i++) {
		if (b[i] > 0xff)
			return -EINVAL;
		mac[i] = (uint8_t)b[i];
	}
	return 0;
}

int ecsim_eoe_init(struct ecsim_slave *s, const json_t *cfg, char *err,
		   size_t errlen)
{
	struct ecsim_eoe *e;
	const json_t *v;

	if (!(s->model->mbx_protocols & SII_MBX_EOE)) {
		if (cfg) {
			snprintf(err, errlen,
				 "slave %u: \"eoe\" given but model %s has no EoE",
				 s->id, s->model->key);
			return -EINVAL;
		}
		return 0;
	}
	e = calloc(1, sizeof(*e));
	if (!e)
		return -ENOMEM;
	s->eoe = e;
	/* a locally administered address unique in the segment */
	e->mac[0] = 0x02;
	e->mac[1] = 0xec;
	e->mac[4] = (uint8_t)(s->id >> 8);
	e->mac[5] = (uint8_t)s->id;
	if (!cfg)
		return 0;
	if (!json_is_object(cfg))
		goto bad;
	v = json_object_get(cfg, "ip");
	if (v && (!json_is_string(v) || parse_ip(json_string_value(v),
						 &e->ip)))
		goto bad;
	v = json_object_get(cfg, "subnet");
	if (v && (!json_is_string(v) || parse_ip(json_string_value(v),
						 &e->subnet)))
		goto bad;
	v = json_object_get(cfg, "mac");
	if (v && (!json_is_string(v) || parse_mac(json_string_value(v),
						  e->mac)))
		goto bad;
	v = json_object_get(cfg, "udp_echo");
	if (v && (!json_is_integer(v) || json_integer_value(v) < 1 ||
		  json_integer_value(v) > 65535))
		goto bad;
	if (v)
		e->udp_port = (uint16_t)json_integer_value(v);
	return 0;
bad:
	snprintf(err, errlen,
		 "slave %u: \"eoe\": want {\"ip\": \"A.B.C.D\", \"subnet\": \"A.B.C.D\", \"mac\": \"xx:xx:xx:xx:xx:xx\", \"udp_echo\": PORT 1-65535}",
		 s->id);
	return -EINVAL;
}

void ecsim_eoe_free(struct ecsim_slave *s)
{
	free(s->eoe);
	s->eoe = NULL;
}

/* Mailbox reset (INIT): frames half received or waiting are gone. */
void ecsim_eoe_reset(struct ecsim_slave *s)
{
	struct ecsim_eoe *e = s->eoe;

	if (!e)
		return;
	e->rx_busy = false;
	e->q_head = 0;
	e->q_len = 0;
	e->tx_off = 0;
	e->tx_frag = 0;
	e->ip_response = false;
}

static uint16_t get16be(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static void put16be(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static uint32_t get32be(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static void put32be(uint8_t *p, uint32_t v)
{
	put16be(p, (uint16_t)(v >> 16));
	put16be(p + 2, (uint16_t)v);
}

/* The Internet checksum (RFC 1071) of @len bytes, folded, plus @sum. */
static uint16_t csum(const uint8_t *p, size_t len, uint32_t sum)
{
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += get16be(p + i);
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* Room for a frame to send back, or NULL (counted). */
static struct eoe_frame *tx_slot(struct ecsim_eoe *e)
{
	if (e->q_len >= EOE_TXQ) {
		e->st.tx_overflow++;
		return NULL;
	}
	return &e->q[(e->q_head + e->q_len) % EOE_TXQ];
}

static void tx_commit(struct ecsim_eoe *e, struct eoe_frame *f, size_t len)
{
	f->len = (uint16_t)len;
	e->q_len++;
}

/* A reply frame: Ethernet header back to the sender. */
static uint8_t *reply_eth(struct ecsim_eoe *e, struct eoe_frame *f,
			  const uint8_t *in, uint16_t type)
{
	memcpy(f->data, in + 6, 6);
	memcpy(f->data + 6, e->mac, 6);
	put16be(f->data + 12, type);
	return f->data + ETH_HDR;
}

static void handle_arp(struct ecsim_eoe *e, const uint8_t *fr, size_t len)
{
	const uint8_t *a = fr + ETH_HDR;
	struct eoe_frame *f;
	uint8_t *r;

	/* Ethernet/IPv4 request (htype 1, ptype 0x0800, 6, 4, op 1) */
	if (len < ETH_HDR + 28 || get16be(a) != 1 ||
	    get16be(a + 2) != ETH_P_IP_ || a[4] != 6 || a[5] != 4 ||
	    get16be(a + 6) != 1 || !e->ip || get32be(a + 24) != e->ip)
		return;
	f = tx_slot(e);
	if (!f)
		return;
	r = reply_eth(e, f, fr, ETH_P_ARP_);
	memcpy(r, a, 6);
	put16be(r + 6, 2);			/* reply */
	memcpy(r + 8, e->mac, 6);
	put32be(r + 14, e->ip);
	memcpy(r + 18, a + 8, 10);		/* sender's MAC and IP */
	tx_commit(e, f, ETH_HDR + 28);
	e->st.arp_replies++;
}

/* An IPv4 reply of @plen payload bytes back to the sender of @ip. */
static uint8_t *reply_ip(struct ecsim_eoe *e, struct eoe_frame *f,
			 const uint8_t *fr, uint8_t proto, size_t plen)
{
	const uint8_t *ip = fr + ETH_HDR;
	uint8_t *r = reply_eth(e, f, fr, ETH_P_IP_);

	memset(r, 0, IP_HDR);
	r[0] = 0x45;
	put16be(r + 2, (uint16_t)(IP_HDR + plen));
	memcpy(r + 4, ip + 4, 2);		/* identification */
	r[8] = 64;
	r[9] = proto;
	put32be(r + 12, e->ip);
	memcpy(r + 16, ip + 12, 4);
	put16be(r + 10, csum(r, IP_HDR, 0));
	return r + IP_HDR;
}

static void handle_ip(struct ecsim_eoe *e, const uint8_t *fr, size_t len)
{
	const uint8_t *ip = fr + ETH_HDR, *pl;
	struct eoe_frame *f;
	size_t tot, plen;
	uint8_t *r;
	uint32_t sum;

	if (len < ETH_HDR + IP_HDR || ip[0] != 0x45 || !e->ip ||
	    get32be(ip + 16) != e->ip || csum(ip, IP_HDR, 0) ||
	    (get16be(ip + 6) & 0x3fff))		/* MF or an offset */
		return;
	tot = get16be(ip + 2);
	if (tot < IP_HDR || tot > len - ETH_HDR)
		return;
	pl = ip + IP_HDR;
	plen = tot - IP_HDR;
	if (ip[9] == IP_P_ICMP) {
		if (plen < 8 || pl[0] != 8 || csum(pl, plen, 0))
			return;			/* not an echo request */
		f = tx_slot(e);
		if (!f)
			return;
		r = reply_ip(e, f, fr, IP_P_ICMP, plen);
		memcpy(r, pl, plen);
		r[0] = 0;			/* echo reply */
		r[2] = r[3] = 0;
		put16be(r + 2, csum(r, plen, 0));
		tx_commit(e, f, ETH_HDR + IP_HDR + plen);
		e->st.icmp_replies++;
	} else if (ip[9] == IP_P_UDP && e->udp_port) {
		if (plen < 8 || get16be(pl + 2) != e->udp_port ||
		    get16be(pl + 4) != plen)
			return;
		f = tx_slot(e);
		if (!f)
			return;
		r = reply_ip(e, f, fr, IP_P_UDP, plen);
		memcpy(r + 8, pl + 8, plen - 8);
		memcpy(r, pl + 2, 2);		/* ports swapped */
		memcpy(r + 2, pl, 2);
		put16be(r + 4, (uint16_t)plen);
		r[6] = r[7] = 0;
		/* pseudo header: addresses, protocol, UDP length */
		sum = get16be(r - 8) + get16be(r - 6) + get16be(r - 4) +
		      get16be(r - 2) + IP_P_UDP + (uint32_t)plen;
		put16be(r + 6, csum(r, plen, sum));
		if (!get16be(r + 6))
			put16be(r + 6, 0xffff);
		tx_commit(e, f, ETH_HDR + IP_HDR + plen);
		e->st.udp_replies++;
	}
}

static void handle_frame(struct ecsim_eoe *e, const uint8_t *fr, size_t len)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	e->st.rx_frames++;
	if (len < ETH_HDR || (memcmp(fr, e->mac, 6) && memcmp(fr, bcast, 6)))
		return;
	if (get16be(fr + 12) == ETH_P_ARP_)
		handle_arp(e, fr, len);
	else if (get16be(fr + 12) == ETH_P_IP_)
		handle_ip(e, fr, len);
}

static void handle_fragment(struct ecsim_eoe *e, uint16_t w0, uint16_t w1,
			    const uint8_t *d, size_t n)
{
	uint8_t frag = w1 & 0x3f, frame = (w1 >> 12) & 0xf;
	size_t off = (size_t)((w1 >> 6) & 0x3f) * EOE_UNIT;

	e->st.rx_fragments++;
	if (!frag) {
		if (e->rx_busy)
			e->st.rx_dropped++;
		e->rx_busy = true;
		e->rx_frame_no = frame;
		e->rx_next = 0;
		e->rx_len = 0;
		off = 0;
	} else if (!e->rx_busy || frame != e->rx_frame_no ||
		   frag != e->rx_next || off != e->rx_len) {
		if (e->rx_busy)
			e->st.rx_dropped++;
		e->rx_busy = false;
		return;
	}
	if ((w0 & EOE_W0_LAST) && (w0 & EOE_W0_TIME) && n >= 4)
		n -= 4;
	if (e->rx_len + n > sizeof(e->rx)) {
		e->st.rx_dropped++;
		e->rx_busy = false;
		return;
	}
	memcpy(e->rx + e->rx_len, d, n);
	e->rx_len += n;
	e->rx_next = (uint8_t)((e->rx_next + 1) & 0x3f);
	if (!(w0 & EOE_W0_LAST))
		return;
	e->rx_busy = false;
	handle_frame(e, e->rx, e->rx_len);
}

static void handle_set_ip(struct ecsim_eoe *e, const uint8_t *m, size_t n)
{
	uint32_t flags;

	if (n < EOE_HDR + 4)
		return;
	flags = (uint32_t)m[4] | (uint32_t)m[5] << 8 |
		(uint32_t)m[6] << 16 | (uint32_t)m[7] << 24;
	if ((flags & SIP_MAC) && n >= 14)
		memcpy(e->mac, m + 8, 6);
	if ((flags & SIP_IP) && n >= 18)
		e->ip = get32be(m + 14);
	if ((flags & SIP_SUBNET) && n >= 22)
		e->subnet = get32be(m + 18);
	if ((flags & SIP_GATEWAY) && n >= 26)
		e->gateway = get32be(m + 22);
	if ((flags & SIP_DNS) && n >= 30)
		e->dns = get32be(m + 26);
	if ((flags & SIP_NAME) && n >= 62) {
		memcpy(e->hostname, m + 30, 32);
		e->hostname[32] = '\0';
	}
	e->st.set_ip++;
	e->ip_response = true;
}

void ecsim_eoe_request(struct ecsim_slave *s, const uint8_t *msg,
		       size_t len)
{
	struct ecsim_eoe *e = s->eoe;
	uint16_t w0, w1;

	if (!e || len < EOE_HDR)
		return;
	w0 = ecsim_get16(msg);
	w1 = ecsim_get16(msg + 2);
	switch (w0 & 0xf) {
	case EOE_T_FRAG:
		if (e->fault_armed && (e->fault == ECSIM_EOE_SLOW_MAILBOX ||
				       e->fault == ECSIM_EOE_SLOW_MAILBOX_1) &&
		    !(w1 & 0x3f) && !(w0 & EOE_W0_LAST)) {
			/* the application is busy before the next fragment */
			s->mbx_hold = e->fault == ECSIM_EOE_SLOW_MAILBOX ?
				      EOE_SLOW_FRAMES : 1;
			e->fault_armed = false;
		}
		handle_fragment(e, w0, w1, msg + EOE_HDR, len - EOE_HDR);
		break;
	case EOE_T_SET_IP_REQ:
		handle_set_ip(e, msg, len);
		break;
	default:
		break;
	}
}

size_t ecsim_eoe_pop(struct ecsim_slave *s, uint8_t *out, size_t cap)
{
	struct ecsim_eoe *e = s->eoe;
	struct eoe_frame *f;
	size_t room, left, n;
	uint16_t w1, size_units;
	bool last, skip;

	if (!e || cap < EOE_HDR + EOE_UNIT)
		return 0;
	if (e->ip_response) {
		e->ip_response = false;
		ecsim_put16(out, EOE_T_SET_IP_RES | EOE_W0_LAST);
		ecsim_put16(out + 2, 0);	/* success */
		return EOE_HDR;
	}
again:
	if (!e->q_len)
		return 0;
	f = &e->q[e->q_head];
	if (!e->tx_off && !e->tx_frag)
		e->tx_frame_no = (uint8_t)((e->tx_frame_no + 1) & 0xf);
	room = cap - EOE_HDR;
	left = f->len - e->tx_off;
	last = left <= room;
	n = last ? left : room / EOE_UNIT * EOE_UNIT;
	size_units = (uint16_t)((f->len + EOE_UNIT - 1) / EOE_UNIT);
	w1 = (uint16_t)((e->tx_frag & 0x3f) |
			((e->tx_frag ? e->tx_off / EOE_UNIT : size_units) &
			 0x3f) << 6 | (e->tx_frame_no & 0xf) << 12);
	skip = false;
	if (e->fault_armed && e->tx_frag == 1 &&
	    (e->fault == ECSIM_EOE_DROP_FRAGMENT ||
	     e->fault == ECSIM_EOE_BAD_FRAME_NO)) {
		/* the frame has more than one fragment: spoil this one */
		if (e->fault == ECSIM_EOE_DROP_FRAGMENT)
			skip = true;
		else
			w1 ^= 0x8 << 12;	/* another frame number */
		e->fault_armed = false;
	}
	ecsim_put16(out, (uint16_t)(EOE_T_FRAG | (last ? EOE_W0_LAST : 0)));
	ecsim_put16(out + 2, w1);
	memcpy(out + EOE_HDR, f->data + e->tx_off, n);
	e->st.tx_fragments++;
	e->tx_off += n;
	e->tx_frag++;
	if (last) {
		e->st.tx_frames++;
		e->tx_off = 0;
		e->tx_frag = 0;
		e->q_head = (e->q_head + 1) % EOE_TXQ;
		e->q_len--;
	}
	if (skip)
		goto again;
	return EOE_HDR + n;
}

int ecsim_slave_eoe_stats(const struct ecsim_segment *seg, unsigned int id,
			  struct ecsim_eoe_stats *st)
{
	const struct ecsim_eoe *e;

	if (id >= seg->n_slaves || !seg->slaves[id].eoe)
		return -ENOENT;
	e = seg->slaves[id].eoe;
	*st = e->st;
	st->ip = e->ip;
	return 0;
}

int ecsim_slave_eoe_fault(struct ecsim_segment *seg, unsigned int id,
			  int fault)
{
	struct ecsim_eoe *e;

	if (id >= seg->n_slaves || !seg->slaves[id].eoe)
		return -ENOENT;
	if (fault < ECSIM_EOE_DROP_FRAGMENT || fault > ECSIM_EOE_SLOW_MAILBOX_1)
		return -EINVAL;
	e = seg->slaves[id].eoe;
	e->fault = fault;
	e->fault_armed = true;
	return 0;
}
