// SPDX-License-Identifier: GPL-2.0-only
/*
 * gw_client.c - the ethercat tool as a mailbox gateway client (ETG.8200):
 * each request is one datagram of one mailbox message to the slave's
 * station address; each reply comes back the same way.  The slave is
 * found through the master's dictionary at address 0 (0x9nnn: station
 * address and mailbox sizes of the slave at ring position nnn).
 *
 * CoE SDO services after ETG.1000.6 5.6.2 (tables 39-50), SDO information
 * after 5.6.3, FoE after 5.7.
 */
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "gw_client.h"

/* SDO command specifiers (client: ccs, server: scs) in bits 5-7. */
#define GW_CS_SHIFT 5
#define GW_CCS_DOWN_SEG 0
#define GW_CCS_DOWN_INIT 1
#define GW_CCS_UP_INIT 2
#define GW_CCS_UP_SEG 3
#define GW_SCS_UP_SEG 0
#define GW_SCS_DOWN_SEG 1
#define GW_SCS_UP_INIT 2
#define GW_SCS_DOWN_INIT 3
#define GW_SDO_EXPEDITED 0x02
#define GW_SDO_SIZE_IND 0x01
#define GW_SDO_TOGGLE 0x10
#define GW_SEG_MIN 7		/* bytes of a segment's data at least */

/* SDO information opcodes, ETG.1000.6 table 47. */
#define GW_INFO_OD_LIST_REQ 1
#define GW_INFO_OD_LIST_RESP 2
#define GW_INFO_OBJ_REQ 3
#define GW_INFO_OBJ_RESP 4
#define GW_INFO_ENTRY_REQ 5
#define GW_INFO_ENTRY_RESP 6
#define GW_INFO_ERROR 7
#define GW_INFO_ALL_OBJECTS 1

static uint16_t gw_get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t gw_get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void gw_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void gw_put32(uint8_t *p, uint32_t v)
{
	gw_put16(p, (uint16_t)v);
	gw_put16(p + 2, (uint16_t)(v >> 16));
}

static int gw_fail(struct ec_gw *g, int err, const char *what)
{
	snprintf(g->err, sizeof(g->err), "%s", what);
	return err;
}

/**
 * ec_gw_open() - a UDP socket connected to the gateway
 * @g: client
 * @host_port: HOST[:PORT], port 0x88A4 (34980) by default
 *
 * Return: 0 or -errno with g->err.
 */
int ec_gw_open(struct ec_gw *g, const char *host_port)
{
	struct addrinfo hints = { .ai_family = AF_INET,
				  .ai_socktype = SOCK_DGRAM };
	struct addrinfo *ai;
	char host[256], port[8];
	const char *colon = strrchr(host_port, ':');
	size_t n = colon ? (size_t)(colon - host_port) : strlen(host_port);

	memset(g, 0, sizeof(*g));
	g->sock = -1;
	g->out_max = g->in_max = MBG_MSG_MAX - MBG_MBOX_HDR;
	if (!n || n >= sizeof(host) || (colon && (!colon[1] ||
						  strlen(colon + 1) >= 6)))
		return gw_fail(g, -EINVAL, "invalid gateway, expected HOST[:PORT]");
	memcpy(host, host_port, n);
	host[n] = '\0';
	snprintf(port, sizeof(port), "%s", colon ? colon + 1 : "34980");
	if (getaddrinfo(host, port, &hints, &ai)) {
		snprintf(g->err, sizeof(g->err), "cannot resolve gateway '%s'",
			 host_port);
		return -EINVAL;
	}
	g->sock = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (g->sock < 0 || connect(g->sock, ai->ai_addr, ai->ai_addrlen)) {
		snprintf(g->err, sizeof(g->err), "gateway %s: %s", host_port,
			 strerror(errno));
		freeaddrinfo(ai);
		return -EIO;
	}
	freeaddrinfo(ai);
	return 0;
}

void ec_gw_close(struct ec_gw *g)
{
	if (g->sock >= 0)
		close(g->sock);
	g->sock = -1;
}

/* Wait for one datagram from the station; its message in @m. */
static int gw_recv(struct ec_gw *g, uint8_t *buf, size_t cap,
		   struct mbg_msg *m)
{
	struct pollfd p = { .fd = g->sock, .events = POLLIN };
	ssize_t n;

	for (;;) {
		int r = poll(&p, 1, EC_GW_TIMEOUT_MS);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return gw_fail(g, -ETIMEDOUT,
				       "no reply from the gateway");
		n = recv(g->sock, buf, cap, 0);
		if (n < 0)
			return gw_fail(g, -EIO, strerror(errno));
		if (mbg_parse(buf, (size_t)n, m) == MBG_OK &&
		    m->address == g->station)
			return 0;
		if (mbg_parse(buf, (size_t)n, m) == MBG_PROTOCOL &&
		    m->type == MBG_TYPE_ERR && m->address == g->station)
			return gw_fail(g, -EPROTO,
				       "mailbox error reply from the slave");
		/* not ours: wait on */
	}
}

/* One request, one reply message of @type into @m (pointing into buf). */
static int gw_xfer(struct ec_gw *g, uint8_t type, const uint8_t *d,
		   size_t size, uint8_t *buf, size_t cap, struct mbg_msg *m)
{
	uint8_t out[MBG_DGRAM_MAX];
	size_t n;
	int ret;

	g->counter = g->counter >= 7 ? 1 : g->counter + 1;
	n = mbg_build(out, sizeof(out), g->station, type, g->counter, d, size);
	if (!n)
		return gw_fail(g, -EMSGSIZE, "request too large");
	if (send(g->sock, out, n, 0) != (ssize_t)n)
		return gw_fail(g, -EIO, strerror(errno));
	ret = gw_recv(g, buf, cap, m);
	if (!ret && m->type != type)
		return gw_fail(g, -EPROTO, "reply of another protocol");
	return ret;
}

/* An SDO request and its response; aborts fail with -EIO. */
static int gw_sdo(struct ec_gw *g, const uint8_t *req, size_t size,
		  uint8_t *buf, size_t cap, struct mbg_msg *m)
{
	int ret = gw_xfer(g, MBG_TYPE_COE, req, size, buf, cap, m);

	if (ret)
		return ret;
	if (m->data_size < MBG_SDO_MSG - 4 ||
	    (m->data[1] >> 4 != MBG_COE_SDO_RESP &&
	     m->data[1] >> 4 != MBG_COE_SDO_REQ))
		return gw_fail(g, -EPROTO, "not an SDO response");
	if ((m->data[MBG_COE_HDR] & 0xe0) == MBG_SDO_ABORT) {
		g->abort_code = m->data_size >= MBG_SDO_MSG ?
					gw_get32(m->data + 6) : 0;
		return gw_fail(g, -EIO, "SDO transfer aborted");
	}
	return 0;
}

static size_t gw_sdo_head(uint8_t *d, uint8_t cmd, uint16_t index,
			  uint8_t sub)
{
	memset(d, 0, MBG_SDO_MSG);
	gw_put16(d, MBG_COE_SDO_REQ << MBG_COE_SERVICE_SHIFT);
	d[2] = cmd;
	gw_put16(d + 3, index);
	d[5] = sub;
	return MBG_SDO_MSG;
}

/**
 * ec_gw_sdo_upload() - read an SDO entry (expedited, normal or segmented)
 * @g: client with a selected slave
 * @index: object
 * @sub: subindex
 * @buf: receives the value
 * @cap: bytes at @buf
 * @got: bytes read
 *
 * Return: 0 or -errno; -EIO with g->abort_code for an abort.
 */
int ec_gw_sdo_upload(struct ec_gw *g, uint16_t index, uint8_t sub,
		     uint8_t *buf, size_t cap, size_t *got)
{
	uint8_t d[MBG_MSG_MAX], in[MBG_DGRAM_MAX], toggle = 0;
	struct mbg_msg m;
	size_t total, n;
	uint8_t cmd;
	int ret;

	g->abort_code = 0;
	ret = gw_sdo(g, d, gw_sdo_head(d, GW_CCS_UP_INIT << GW_CS_SHIFT, index,
				       sub), in, sizeof(in), &m);
	if (ret)
		return ret;
	cmd = m.data[MBG_COE_HDR];
	if (cmd >> GW_CS_SHIFT != GW_SCS_UP_INIT || m.data_size < MBG_SDO_MSG)
		return gw_fail(g, -EPROTO, "unexpected SDO response");
	if (cmd & GW_SDO_EXPEDITED) {
		n = cmd & GW_SDO_SIZE_IND ? 4 - ((cmd >> 2) & 3) : 4;
		if (n > cap)
			return gw_fail(g, -ENOSPC, "value too large");
		memcpy(buf, m.data + 6, n);
		*got = n;
		return 0;
	}
	total = gw_get32(m.data + 6);
	n = m.data_size - MBG_SDO_MSG;
	if (total > cap || n > total)
		return gw_fail(g, -ENOSPC, "value too large");
	memcpy(buf, m.data + MBG_SDO_MSG, n);
	*got = n;
	while (*got < total) {
		memset(d, 0, MBG_SDO_MSG);
		gw_put16(d, MBG_COE_SDO_REQ << MBG_COE_SERVICE_SHIFT);
		d[2] = (uint8_t)(GW_CCS_UP_SEG << GW_CS_SHIFT | toggle);
		ret = gw_sdo(g, d, MBG_SDO_MSG, in, sizeof(in), &m);
		if (ret)
			return ret;
		cmd = m.data[MBG_COE_HDR];
		if (cmd >> GW_CS_SHIFT != GW_SCS_UP_SEG ||
		    (cmd & GW_SDO_TOGGLE) != toggle)
			return gw_fail(g, -EPROTO, "bad upload segment");
		n = m.data_size - 3;
		if (n <= GW_SEG_MIN)
			n = GW_SEG_MIN - ((cmd >> 1) & 7);
		if (n > total - *got || m.data_size < 3 + n)
			return gw_fail(g, -EPROTO, "segment beyond the size");
		memcpy(buf + *got, m.data + 3, n);
		*got += n;
		if (cmd & 1)
			break;
		toggle ^= GW_SDO_TOGGLE;
	}
	if (*got != total)
		return gw_fail(g, -EPROTO, "upload shorter than its size");
	return 0;
}

/**
 * ec_gw_sdo_download() - write an SDO entry
 * @g: client with a selected slave
 * @index: object
 * @sub: subindex
 * @data: the value
 * @size: its bytes
 *
 * Return: 0 or -errno; -EIO with g->abort_code for an abort.
 */
int ec_gw_sdo_download(struct ec_gw *g, uint16_t index, uint8_t sub,
		       const uint8_t *data, size_t size)
{
	uint8_t d[MBG_MSG_MAX], in[MBG_DGRAM_MAX], toggle = 0;
	size_t len = gw_sdo_head(d, 0, index, sub), off, n;
	struct mbg_msg m;
	int ret;

	g->abort_code = 0;
	if (size <= 4) {
		d[2] = (uint8_t)(GW_CCS_DOWN_INIT << GW_CS_SHIFT |
				 GW_SDO_EXPEDITED | GW_SDO_SIZE_IND |
				 (4 - size) << 2);
		memcpy(d + 6, data, size);
		off = size;
	} else {
		d[2] = GW_CCS_DOWN_INIT << GW_CS_SHIFT | GW_SDO_SIZE_IND;
		gw_put32(d + 6, (uint32_t)size);
		off = g->out_max - MBG_SDO_MSG;
		if (off > size)
			off = size;
		memcpy(d + MBG_SDO_MSG, data, off);
		len += off;
	}
	ret = gw_sdo(g, d, len, in, sizeof(in), &m);
	if (ret)
		return ret;
	if (m.data[MBG_COE_HDR] >> GW_CS_SHIFT != GW_SCS_DOWN_INIT)
		return gw_fail(g, -EPROTO, "unexpected SDO response");
	while (off < size) {
		n = size - off;
		if (n > g->out_max - 3)
			n = g->out_max - 3;
		memset(d, 0, 3 + GW_SEG_MIN);
		gw_put16(d, MBG_COE_SDO_REQ << MBG_COE_SERVICE_SHIFT);
		d[2] = (uint8_t)(GW_CCS_DOWN_SEG << GW_CS_SHIFT | toggle |
				 (off + n == size) |
				 (n < GW_SEG_MIN ? (GW_SEG_MIN - n) << 1 : 0));
		memcpy(d + 3, data + off, n);
		ret = gw_sdo(g, d, 3 + (n < GW_SEG_MIN ? GW_SEG_MIN : n), in,
			     sizeof(in), &m);
		if (ret)
			return ret;
		if (m.data[MBG_COE_HDR] >> GW_CS_SHIFT != GW_SCS_DOWN_SEG ||
		    (m.data[MBG_COE_HDR] & GW_SDO_TOGGLE) != toggle)
			return gw_fail(g, -EPROTO, "bad download segment");
		off += n;
		toggle ^= GW_SDO_TOGGLE;
	}
	return 0;
}

/*
 * An SDO information request; @cb gets each fragment's data (after the
 * information header) until the last.
 */
static int gw_info(struct ec_gw *g, const uint8_t *req, size_t size,
		   uint8_t resp, int (*cb)(void *ctx, const uint8_t *p,
					   size_t n), void *ctx)
{
	uint8_t in[MBG_DGRAM_MAX];
	const size_t hdr = MBG_COE_HDR + MBG_SDO_INFO_HDR;
	struct mbg_msg m;
	int ret = gw_xfer(g, MBG_TYPE_COE, req, size, in, sizeof(in), &m);

	g->abort_code = 0;
	for (;;) {
		uint8_t op;

		if (ret)
			return ret;
		if (m.data_size < hdr ||
		    m.data[1] >> 4 != MBG_COE_SDO_INFO)
			return gw_fail(g, -EPROTO, "not an SDO information reply");
		op = m.data[MBG_COE_HDR] & 0x7f;
		if (op == GW_INFO_ERROR) {
			g->abort_code = m.data_size >= hdr + 4 ?
						gw_get32(m.data + hdr) : 0;
			return gw_fail(g, -EIO, "SDO information refused");
		}
		if (op != resp)
			return gw_fail(g, -EPROTO, "unexpected SDO information reply");
		ret = cb(ctx, m.data + hdr, m.data_size - hdr);
		if (ret || !(m.data[MBG_COE_HDR] & MBG_SDO_INFO_INCOMPLETE))
			return ret;
		ret = gw_recv(g, in, sizeof(in), &m);
	}
}

static size_t gw_info_head(uint8_t *d, uint8_t op)
{
	memset(d, 0, MBG_COE_HDR + MBG_SDO_INFO_HDR);
	gw_put16(d, MBG_COE_SDO_INFO << MBG_COE_SERVICE_SHIFT);
	d[MBG_COE_HDR] = op;
	return MBG_COE_HDR + MBG_SDO_INFO_HDR;
}

struct gw_list {
	uint16_t *idx;
	size_t cap, n;
	bool first;
};

static int gw_list_cb(void *ctx, const uint8_t *p, size_t n)
{
	struct gw_list *l = ctx;
	size_t i = 0;

	if (l->first) {		/* the list type comes first */
		i = 2;
		l->first = false;
	}
	for (; i + 2 <= n && l->n < l->cap; i += 2)
		l->idx[l->n++] = gw_get16(p + i);
	return 0;
}

/* The indices of every object (SDO information, Get OD List). */
int ec_gw_od_list(struct ec_gw *g, uint16_t *indices, size_t cap,
		  size_t *count)
{
	struct gw_list l = { .idx = indices, .cap = cap, .first = true };
	uint8_t d[16];
	size_t n = gw_info_head(d, GW_INFO_OD_LIST_REQ);
	int ret;

	gw_put16(d + n, GW_INFO_ALL_OBJECTS);
	ret = gw_info(g, d, n + 2, GW_INFO_OD_LIST_RESP, gw_list_cb, &l);
	*count = l.n;
	return ret;
}

struct gw_obj {
	uint8_t *max_sub, *code;
	char *name;
	size_t name_size;
};

static int gw_obj_cb(void *ctx, const uint8_t *p, size_t n)
{
	struct gw_obj *o = ctx;
	size_t len;

	if (n < 6)
		return -EPROTO;
	*o->max_sub = p[4];
	*o->code = p[5];
	len = n - 6 < o->name_size - 1 ? n - 6 : o->name_size - 1;
	memcpy(o->name, p + 6, len);
	o->name[len] = '\0';
	return 0;
}

/* An object's description (SDO information, Get Object Description). */
int ec_gw_object(struct ec_gw *g, uint16_t index, uint8_t *max_sub,
		 uint8_t *object_code, char *name, size_t name_size)
{
	struct gw_obj o = { max_sub, object_code, name, name_size };
	uint8_t d[16];
	size_t n = gw_info_head(d, GW_INFO_OBJ_REQ);

	gw_put16(d + n, index);
	return gw_info(g, d, n + 2, GW_INFO_OBJ_RESP, gw_obj_cb, &o);
}

static int gw_entry_cb(void *ctx, const uint8_t *p, size_t n)
{
	struct ec_gw_entry *e = ctx;
	size_t len;

	if (n < 10)
		return -EPROTO;
	e->data_type = gw_get16(p + 4);
	e->bit_length = gw_get16(p + 6);
	e->access = gw_get16(p + 8);
	len = n - 10 < sizeof(e->description) - 1 ? n - 10 :
						     sizeof(e->description) - 1;
	memcpy(e->description, p + 10, len);
	e->description[len] = '\0';
	return 0;
}

/* An entry's description (SDO information, Get Entry Description). */
int ec_gw_entry(struct ec_gw *g, uint16_t index, uint8_t sub,
		struct ec_gw_entry *e)
{
	uint8_t d[16];
	size_t n = gw_info_head(d, GW_INFO_ENTRY_REQ);

	memset(e, 0, sizeof(*e));
	gw_put16(d + n, index);
	d[n + 2] = sub;
	d[n + 3] = 0;	/* value info: none beyond the description */
	return gw_info(g, d, n + 4, GW_INFO_ENTRY_RESP, gw_entry_cb, e);
}

/**
 * ec_gw_select() - address the slave at a ring position
 * @g: client
 * @position: ring position
 *
 * Reads 0x9nnn (station address, mailbox sizes) from the master's
 * dictionary at address 0.
 *
 * Return: 0 or -errno with g->err.
 */
int ec_gw_select(struct ec_gw *g, unsigned int position)
{
	uint16_t index = (uint16_t)(0x9000 + position);
	uint16_t station;
	uint8_t v[4];
	size_t got;
	int ret;

	if (position >= 0x1000)
		return gw_fail(g, -EINVAL, "position beyond 4095");
	g->station = 0;	/* the master's dictionary */
	ret = ec_gw_sdo_upload(g, index, 1, v, sizeof(v), &got);
	if (ret == -EIO)
		snprintf(g->err, sizeof(g->err),
			 "the master has no slave at position %u", position);
	if (ret)
		return ret;
	if (got != 2)
		return gw_fail(g, -EPROTO, "bad station address object");
	station = gw_get16(v);
	ret = ec_gw_sdo_upload(g, index, 0x21, v, sizeof(v), &got);
	if (!ret && got == 2 && gw_get16(v) > MBG_MBOX_HDR + MBG_SDO_MSG)
		g->out_max = gw_get16(v) - MBG_MBOX_HDR;
	ret = ec_gw_sdo_upload(g, index, 0x22, v, sizeof(v), &got);
	if (!ret && got == 2 && gw_get16(v) > MBG_MBOX_HDR + MBG_FOE_HDR)
		g->in_max = gw_get16(v) - MBG_MBOX_HDR;
	g->station = station;
	return ret;
}

/**
 * ec_gw_foe_read() - read a file by FoE
 * @g: client with a selected slave
 * @name: file name
 * @password: 0 for none
 * @buf: receives the file
 * @cap: bytes at @buf
 * @got: its bytes
 *
 * Return: 0 or -errno; -EIO with g->foe_error when the slave refused.
 */
int ec_gw_foe_read(struct ec_gw *g, const char *name, uint32_t password,
		   uint8_t *buf, size_t cap, size_t *got)
{
	uint8_t d[MBG_MSG_MAX], in[MBG_DGRAM_MAX];
	size_t nlen = strlen(name), n;
	uint32_t packet = 1;
	struct mbg_msg m;
	int ret;

	g->foe_error = 0;
	*got = 0;
	if (nlen > g->out_max - MBG_FOE_HDR)
		return gw_fail(g, -EINVAL, "file name too long");
	memset(d, 0, MBG_FOE_HDR);
	d[0] = MBG_FOE_RRQ;
	gw_put32(d + 2, password);
	memcpy(d + MBG_FOE_HDR, name, nlen);
	ret = gw_xfer(g, MBG_TYPE_FOE, d, MBG_FOE_HDR + nlen, in, sizeof(in),
		      &m);
	for (;;) {
		if (ret)
			return ret;
		if (m.data_size < MBG_FOE_HDR)
			return gw_fail(g, -EPROTO, "short FoE reply");
		if (m.data[0] == MBG_FOE_ERR) {
			g->foe_error = gw_get32(m.data + 2);
			return gw_fail(g, -EIO, "FoE read refused by the slave");
		}
		if (m.data[0] != MBG_FOE_DATA ||
		    gw_get32(m.data + 2) != packet)
			return gw_fail(g, -EPROTO, "unexpected FoE reply");
		n = m.data_size - MBG_FOE_HDR;
		if (n > cap - *got)
			return gw_fail(g, -ENOSPC, "file too large");
		memcpy(buf + *got, m.data + MBG_FOE_HDR, n);
		*got += n;
		memset(d, 0, MBG_FOE_HDR);
		d[0] = MBG_FOE_ACK;
		gw_put32(d + 2, packet);
		if (n < g->in_max - MBG_FOE_HDR) {
			/* the last packet: its acknowledge has no reply */
			uint8_t out[MBG_DGRAM_MAX];
			size_t k;

			g->counter = g->counter >= 7 ? 1 : g->counter + 1;
			k = mbg_build(out, sizeof(out), g->station,
				      MBG_TYPE_FOE, g->counter, d,
				      MBG_FOE_HDR);
			if (send(g->sock, out, k, 0) != (ssize_t)k)
				return gw_fail(g, -EIO, strerror(errno));
			return 0;
		}
		packet++;
		ret = gw_xfer(g, MBG_TYPE_FOE, d, MBG_FOE_HDR, in, sizeof(in),
			      &m);
	}
}

/* SoE header (ETG.1000.6 5.8, table 64): opcode, flags, drive, elements. */
#define GW_SOE_READ_REQ 1
#define GW_SOE_READ_RESP 2
#define GW_SOE_INCOMPLETE 0x08
#define GW_SOE_ERROR 0x10
#define GW_SOE_HDR 4

/**
 * ec_gw_soe_read() - read elements of an IDN by SoE
 * @g: client with a selected slave
 * @drive: drive number 0..7
 * @idn: the IDN
 * @elements: element flags (0x40 the value, 0x04 the attribute)
 * @buf: receives the data
 * @cap: bytes at @buf
 * @got: bytes read
 * @error_code: the drive's SoE error code on refusal
 *
 * A value longer than one mailbox comes in fragments, each its own reply.
 *
 * Return: 0 or -errno; -EIO with *@error_code when the drive refused.
 */
int ec_gw_soe_read(struct ec_gw *g, uint8_t drive, uint16_t idn,
		   uint8_t elements, uint8_t *buf, size_t cap, size_t *got,
		   uint16_t *error_code)
{
	uint8_t d[GW_SOE_HDR], in[MBG_DGRAM_MAX];
	struct mbg_msg m;
	int ret;

	*got = 0;
	*error_code = 0;
	d[0] = (uint8_t)(GW_SOE_READ_REQ | (drive & 7) << 5);
	d[1] = elements;
	gw_put16(d + 2, idn);
	ret = gw_xfer(g, MBG_TYPE_SOE, d, sizeof(d), in, sizeof(in), &m);
	for (;;) {
		size_t n;

		if (ret)
			return ret;
		if (m.data_size < GW_SOE_HDR ||
		    (m.data[0] & 7) != GW_SOE_READ_RESP)
			return gw_fail(g, -EPROTO, "not an SoE read response");
		if (m.data[0] & GW_SOE_ERROR) {
			*error_code = m.data_size >= GW_SOE_HDR + 2 ?
				gw_get16(m.data + m.data_size - 2) : 0;
			return gw_fail(g, -EIO, "SoE read refused by the drive");
		}
		n = m.data_size - GW_SOE_HDR;
		if (n > cap - *got)
			return gw_fail(g, -ENOSPC, "IDN value too large");
		memcpy(buf + *got, m.data + GW_SOE_HDR, n);
		*got += n;
		if (!(m.data[0] & GW_SOE_INCOMPLETE))
			return 0;
		ret = gw_recv(g, in, sizeof(in), &m);
	}
}
