// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * CoE server: SDO upload/download in all transfer types (ETG.1000.6 SDO
 * services, the CiA 301 SDO protocol carried in mailboxes), emergencies and
 * the reply queue.  SDO information lives in coe_info.c.
 */
#include <stdlib.h>
#include <string.h>

#include "coe_priv.h"
#include "od_priv.h"

/* SDO command byte (ETG.1000.6: Initiate/Segment/Abort SDO services) */
#define SDO_CMD_SHIFT		5
#define SDO_CCS_DOWNLOAD_SEG	0	/* client command specifiers */
#define SDO_CCS_DOWNLOAD_INIT	1
#define SDO_CCS_UPLOAD_INIT	2
#define SDO_CCS_UPLOAD_SEG	3
#define SDO_CS_ABORT		4
#define SDO_SCS_UPLOAD_SEG	0	/* server command specifiers */
#define SDO_SCS_DOWNLOAD_SEG	1
#define SDO_SCS_UPLOAD_INIT	2
#define SDO_SCS_DOWNLOAD_INIT	3

#define SDO_INIT_SIZE_IND	0x01	/* size indicated */
#define SDO_INIT_EXPEDITED	0x02
#define SDO_INIT_SIZE_SHIFT	2	/* 2 bits: 4 - expedited bytes */
#define SDO_INIT_CA		0x10	/* complete access */
#define SDO_SEG_LAST		0x01	/* no more segments */
#define SDO_SEG_SIZE_SHIFT	1	/* 3 bits: 7 - bytes (if < 7) */
#define SDO_SEG_TOGGLE		0x10

/* Offsets in the mailbox payload */
#define SDO_CMD			2
#define SDO_INDEX		3
#define SDO_SUB			5
#define SDO_DATA		6	/* expedited data / complete size */
#define SDO_INIT_LEN		10	/* CoE header + 8 bytes */
#define SDO_SEG_DATA		3
#define SDO_SEG_MIN_DATA	7	/* segments carry at least 7 bytes */
#define SDO_EXPEDITED_MAX	4

/* Emergency (ETG.1000.6): code, error register, 5 data bytes */
#define COE_EMCY_LEN		10

struct ecsim_coe *ecsim_coe_new(struct ecsim_od *od)
{
	struct ecsim_coe *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	c->od = od;
	c->payload_max = ECSIM_COE_DEFAULT_PAYLOAD;
	return c;
}

static void coe_transfer_end(struct coe_transfer *t)
{
	free(t->buf);
	memset(t, 0, sizeof(*t));
}

void ecsim_coe_reset(struct ecsim_coe *c)
{
	struct coe_reply *r;

	coe_transfer_end(&c->dl);
	coe_transfer_end(&c->ul);
	while ((r = c->head)) {
		c->head = r->next;
		free(r);
	}
	c->tail = NULL;
	c->n_replies = 0;
}

void ecsim_coe_free(struct ecsim_coe *c)
{
	if (!c)
		return;
	ecsim_coe_reset(c);
	free(c);
}

void ecsim_coe_set_mailbox_size(struct ecsim_coe *c, size_t payload_max)
{
	/* the smallest reply (expedited, abort, emergency) needs 10 bytes */
	c->payload_max = payload_max < SDO_INIT_LEN ? SDO_INIT_LEN :
			 payload_max;
}

uint8_t *coe_queue(struct ecsim_coe *c, size_t len)
{
	struct coe_reply *r;

	if (c->n_replies >= ECSIM_COE_MAX_QUEUED) {
		r = c->head;
		c->head = r->next;
		if (!c->head)
			c->tail = NULL;
		free(r);
		c->n_replies--;
	}
	r = calloc(1, sizeof(*r) + len);
	if (!r)
		return NULL;
	r->len = len;
	if (c->tail)
		c->tail->next = r;
	else
		c->head = r;
	c->tail = r;
	c->n_replies++;
	return r->data;
}

size_t ecsim_coe_pop_reply(struct ecsim_coe *c, uint8_t *out, size_t cap)
{
	struct coe_reply *r = c->head;
	size_t len;

	if (!r || r->len > cap)
		return 0;
	len = r->len;
	memcpy(out, r->data, len);
	c->head = r->next;
	if (!c->head)
		c->tail = NULL;
	c->n_replies--;
	free(r);
	return len;
}

unsigned int ecsim_coe_pending(const struct ecsim_coe *c)
{
	return c->n_replies;
}

void coe_put_header(uint8_t *p, unsigned int service)
{
	od_put_le(p, 2, service << COE_SERVICE_SHIFT);
}

void ecsim_coe_emergency(struct ecsim_coe *c, uint16_t code, uint8_t reg,
			 const uint8_t data[5])
{
	uint8_t *p = coe_queue(c, COE_EMCY_LEN);

	if (!p)
		return;
	coe_put_header(p, ECSIM_COE_EMERGENCY);
	od_put_le(p + 2, 2, code);
	p[4] = reg;
	if (data)
		memcpy(p + 5, data, 5);
}

/* Abort SDO Transfer: sent as an SDO request (ETG.1000.6) */
static void coe_abort(struct ecsim_coe *c, uint16_t index, uint8_t sub,
		      uint32_t code)
{
	uint8_t *p = coe_queue(c, SDO_INIT_LEN);

	if (!p)
		return;
	coe_put_header(p, ECSIM_COE_SDO_REQ);
	p[SDO_CMD] = SDO_CS_ABORT << SDO_CMD_SHIFT;
	od_put_le(p + SDO_INDEX, 2, index);
	p[SDO_SUB] = sub;
	od_put_le(p + SDO_DATA, 4, code);
}

static uint8_t *coe_sdo_response(struct ecsim_coe *c, size_t len,
				 uint8_t cmd, uint16_t index, uint8_t sub)
{
	uint8_t *p = coe_queue(c, len);

	if (!p)
		return NULL;
	coe_put_header(p, ECSIM_COE_SDO_RESP);
	p[SDO_CMD] = cmd;
	od_put_le(p + SDO_INDEX, 2, index);
	p[SDO_SUB] = sub;
	return p;
}

static void coe_download_done(struct ecsim_coe *c, uint16_t index,
			      uint8_t sub, bool ca, const uint8_t *data,
			      size_t len)
{
	uint32_t abort = ecsim_od_sdo_download(c->od, index, sub, ca, data,
					       len);

	if (abort)
		coe_abort(c, index, sub, abort);
	else
		coe_sdo_response(c, SDO_INIT_LEN, SDO_SCS_DOWNLOAD_INIT <<
				 SDO_CMD_SHIFT, index, sub);
}

/* Bytes an expedited download without size indication carries. */
static size_t coe_unsized_len(struct ecsim_coe *c, uint16_t index,
			      uint8_t sub)
{
	struct ecsim_od_entry_info ei;

	if (ecsim_od_entry_info(c->od, index, sub, &ei) || !ei.bitlen ||
	    ei.bitlen > 8 * SDO_EXPEDITED_MAX)
		return SDO_EXPEDITED_MAX;
	return (ei.bitlen + 7) / 8;
}

static void coe_download_init(struct ecsim_coe *c, const uint8_t *d,
			      size_t len)
{
	uint8_t cmd = d[SDO_CMD];
	uint16_t index = od_get_le(d + SDO_INDEX, 2);
	uint8_t sub = d[SDO_SUB];
	bool ca = cmd & SDO_INIT_CA;
	size_t size, avail = len - SDO_INIT_LEN;
	uint32_t abort;

	if (cmd & SDO_INIT_EXPEDITED) {
		if (cmd & SDO_INIT_SIZE_IND)
			size = SDO_EXPEDITED_MAX -
			       ((cmd >> SDO_INIT_SIZE_SHIFT) & 3);
		else
			size = coe_unsized_len(c, index, sub);
		coe_download_done(c, index, sub, ca, d + SDO_DATA, size);
		return;
	}
	size = cmd & SDO_INIT_SIZE_IND ? od_get_le(d + SDO_DATA, 4) : avail;
	if (size <= avail) {
		coe_download_done(c, index, sub, ca, d + SDO_INIT_LEN, size);
		return;
	}
	/* normal transfer continued in download segments */
	abort = ecsim_od_sdo_download_check(c->od, index, sub, ca, size);
	if (abort) {
		coe_abort(c, index, sub, abort);
		return;
	}
	c->dl.buf = malloc(size);
	if (!c->dl.buf) {
		coe_abort(c, index, sub, ECSIM_ABORT_OUT_OF_MEMORY);
		return;
	}
	memcpy(c->dl.buf, d + SDO_INIT_LEN, avail);
	c->dl.active = true;
	c->dl.ca = ca;
	c->dl.index = index;
	c->dl.sub = sub;
	c->dl.size = size;
	c->dl.off = avail;
	c->dl.toggle = 0;
	coe_sdo_response(c, SDO_INIT_LEN, SDO_SCS_DOWNLOAD_INIT <<
			 SDO_CMD_SHIFT, index, sub);
}

static void coe_download_seg(struct ecsim_coe *c, const uint8_t *d,
			     size_t len)
{
	struct coe_transfer *t = &c->dl;
	uint8_t cmd = d[SDO_CMD], toggle = !!(cmd & SDO_SEG_TOGGLE);
	size_t seg = len - SDO_SEG_DATA;
	uint8_t *p;

	if (!t->active) {
		coe_abort(c, 0, 0, ECSIM_ABORT_CS_UNKNOWN);
		return;
	}
	if (toggle != t->toggle) {
		coe_abort(c, t->index, t->sub, ECSIM_ABORT_TOGGLE);
		coe_transfer_end(t);
		return;
	}
	if (seg == SDO_SEG_MIN_DATA)
		seg -= (cmd >> SDO_SEG_SIZE_SHIFT) & 7;
	if (seg > t->size - t->off) {
		coe_abort(c, t->index, t->sub, ECSIM_ABORT_TOO_LONG);
		coe_transfer_end(t);
		return;
	}
	memcpy(t->buf + t->off, d + SDO_SEG_DATA, seg);
	t->off += seg;
	if (cmd & SDO_SEG_LAST) {
		if (t->off < t->size) {
			coe_abort(c, t->index, t->sub, ECSIM_ABORT_TOO_SHORT);
		} else {
			uint32_t abort = ecsim_od_sdo_download(c->od, t->index,
							       t->sub, t->ca,
							       t->buf,
							       t->size);
			if (abort)
				coe_abort(c, t->index, t->sub, abort);
			else
				goto ack;
		}
		coe_transfer_end(t);
		return;
	}
ack:
	p = coe_queue(c, SDO_INIT_LEN);
	if (p) {
		coe_put_header(p, ECSIM_COE_SDO_RESP);
		p[SDO_CMD] = SDO_SCS_DOWNLOAD_SEG << SDO_CMD_SHIFT |
			     (toggle ? SDO_SEG_TOGGLE : 0);
	}
	t->toggle ^= 1;
	if (cmd & SDO_SEG_LAST)
		coe_transfer_end(t);
}

static void coe_upload_init(struct ecsim_coe *c, const uint8_t *d)
{
	uint16_t index = od_get_le(d + SDO_INDEX, 2);
	uint8_t sub = d[SDO_SUB];
	bool ca = d[SDO_CMD] & SDO_INIT_CA;
	uint8_t cmd = SDO_SCS_UPLOAD_INIT << SDO_CMD_SHIFT |
		      (ca ? SDO_INIT_CA : 0);	/* echoed (ETG.1000.6) */
	size_t size, chunk;
	uint8_t *data, *p;
	uint32_t abort;

	abort = ecsim_od_sdo_upload(c->od, index, sub, ca, &data, &size);
	if (abort) {
		coe_abort(c, index, sub, abort);
		return;
	}
	if (size && size <= SDO_EXPEDITED_MAX) {
		p = coe_sdo_response(c, SDO_INIT_LEN, cmd |
				     (SDO_EXPEDITED_MAX - size) <<
				     SDO_INIT_SIZE_SHIFT | SDO_INIT_EXPEDITED |
				     SDO_INIT_SIZE_IND, index, sub);
		if (p)
			memcpy(p + SDO_DATA, data, size);
		free(data);
		return;
	}
	/* normal; what does not fit follows in upload segments */
	chunk = c->payload_max - SDO_INIT_LEN;
	if (chunk > size)
		chunk = size;
	p = coe_sdo_response(c, SDO_INIT_LEN + chunk,
			     cmd | SDO_INIT_SIZE_IND, index, sub);
	if (p) {
		od_put_le(p + SDO_DATA, 4, size);
		memcpy(p + SDO_INIT_LEN, data, chunk);
	}
	if (chunk == size || !p) {
		free(data);
		return;
	}
	c->ul.active = true;
	c->ul.index = index;
	c->ul.sub = sub;
	c->ul.buf = data;
	c->ul.size = size;
	c->ul.off = chunk;
	c->ul.toggle = 0;
}

static void coe_upload_seg(struct ecsim_coe *c, const uint8_t *d)
{
	struct coe_transfer *t = &c->ul;
	uint8_t toggle = !!(d[SDO_CMD] & SDO_SEG_TOGGLE), cmd;
	size_t chunk, room = c->payload_max - SDO_SEG_DATA;
	uint8_t *p;

	if (!t->active) {
		coe_abort(c, 0, 0, ECSIM_ABORT_CS_UNKNOWN);
		return;
	}
	if (toggle != t->toggle) {
		coe_abort(c, t->index, t->sub, ECSIM_ABORT_TOGGLE);
		coe_transfer_end(t);
		return;
	}
	chunk = t->size - t->off;
	if (chunk > room)
		chunk = room;
	cmd = SDO_SCS_UPLOAD_SEG << SDO_CMD_SHIFT |
	      (toggle ? SDO_SEG_TOGGLE : 0);
	if (t->off + chunk == t->size)
		cmd |= SDO_SEG_LAST;
	if (chunk < SDO_SEG_MIN_DATA)
		cmd |= (SDO_SEG_MIN_DATA - chunk) << SDO_SEG_SIZE_SHIFT;
	p = coe_queue(c, SDO_SEG_DATA + (chunk < SDO_SEG_MIN_DATA ?
					 SDO_SEG_MIN_DATA : chunk));
	if (p) {
		coe_put_header(p, ECSIM_COE_SDO_RESP);
		p[SDO_CMD] = cmd;
		memcpy(p + SDO_SEG_DATA, t->buf + t->off, chunk);
	}
	t->off += chunk;
	t->toggle ^= 1;
	if (cmd & SDO_SEG_LAST)
		coe_transfer_end(t);
}

static void coe_sdo_request(struct ecsim_coe *c, const uint8_t *d,
			    size_t len)
{
	unsigned int cs;

	if (len < SDO_INIT_LEN) {
		/* too short to carry a command: a slave cannot answer it */
		coe_abort(c, 0, 0, ECSIM_ABORT_GENERAL);
		return;
	}
	cs = d[SDO_CMD] >> SDO_CMD_SHIFT;
	switch (cs) {
	case SDO_CCS_DOWNLOAD_INIT:
		coe_transfer_end(&c->dl);
		coe_transfer_end(&c->ul);
		coe_download_init(c, d, len);
		break;
	case SDO_CCS_DOWNLOAD_SEG:
		coe_download_seg(c, d, len);
		break;
	case SDO_CCS_UPLOAD_INIT:
		coe_transfer_end(&c->dl);
		coe_transfer_end(&c->ul);
		coe_upload_init(c, d);
		break;
	case SDO_CCS_UPLOAD_SEG:
		coe_upload_seg(c, d);
		break;
	case SDO_CS_ABORT:
		coe_transfer_end(&c->dl);
		coe_transfer_end(&c->ul);
		break;
	default:
		coe_abort(c, od_get_le(d + SDO_INDEX, 2), d[SDO_SUB],
			  ECSIM_ABORT_CS_UNKNOWN);
		break;
	}
}

void ecsim_coe_request(struct ecsim_coe *c, const uint8_t *data, size_t len)
{
	if (len < COE_HDR_LEN)
		return;
	switch (od_get_le(data, 2) >> COE_SERVICE_SHIFT) {
	case ECSIM_COE_SDO_REQ:
		coe_sdo_request(c, data, len);
		break;
	case ECSIM_COE_SDO_INFO:
		coe_sdo_info_request(c, data, len);
		break;
	default:
		/* PDOs via mailbox and unknown services are not served */
		break;
	}
}
