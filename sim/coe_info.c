// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * SDO information service (ETG.1000.6): object dictionary lists,
 * object and entry descriptions, fragmented when a reply exceeds the
 * mailbox, and the SDO info error request.
 */
#include <stdlib.h>
#include <string.h>

#include "coe_priv.h"
#include "od_priv.h"

/* SDO information header after the CoE header (ETG.1000.6) */
#define INFO_OPCODE		2	/* bits 0..6; bit 7 incomplete */
#define INFO_INCOMPLETE		0x80
#define INFO_FRAG_LEFT		4	/* UINT16 fragments left */
#define INFO_HDR_LEN		6	/* CoE header + info header */

/* SDO information opcodes (ETG.1000.6) */
#define INFO_OD_LIST_REQ	0x01
#define INFO_OD_LIST_RESP	0x02
#define INFO_OBJ_DESC_REQ	0x03
#define INFO_OBJ_DESC_RESP	0x04
#define INFO_ENTRY_DESC_REQ	0x05
#define INFO_ENTRY_DESC_RESP	0x06
#define INFO_ERROR_REQ		0x07

/* Get OD List: list types (ETG.1000.6) */
#define INFO_LIST_LENGTHS	0	/* number of objects of each list */
#define INFO_LIST_ALL		1
#define INFO_LIST_RXPDO		2
#define INFO_LIST_TXPDO		3
#define INFO_LIST_BACKUP	4
#define INFO_LIST_SETTINGS	5
#define INFO_N_LISTS		5

/* Get Entry Description: value info (ETG.1000.6) */
#define INFO_VI_UNIT		0x08
#define INFO_VI_DEFAULT		0x10
#define INFO_VI_MIN		0x20
#define INFO_VI_MAX		0x40

static void info_error(struct ecsim_coe *c, uint32_t code)
{
	uint8_t *p = coe_queue(c, INFO_HDR_LEN + 4);

	if (!p)
		return;
	coe_put_header(p, ECSIM_COE_SDO_INFO);
	p[INFO_OPCODE] = INFO_ERROR_REQ;
	od_put_le(p + INFO_HDR_LEN, 4, code);
}

/* Send @body in as many fragments as the mailbox needs. */
static void info_send(struct ecsim_coe *c, uint8_t opcode,
		      const uint8_t *body, size_t len)
{
	size_t room = c->payload_max - INFO_HDR_LEN;
	size_t frags = len ? (len + room - 1) / room : 1, i;

	if (frags > 0xffff) {
		info_error(c, ECSIM_ABORT_GENERAL);
		return;
	}
	for (i = 0; i < frags; i++) {
		size_t n = len - i * room < room ? len - i * room : room;
		uint8_t *p = coe_queue(c, INFO_HDR_LEN + n);

		if (!p)
			return;
		coe_put_header(p, ECSIM_COE_SDO_INFO);
		p[INFO_OPCODE] = opcode |
				 (i + 1 < frags ? INFO_INCOMPLETE : 0);
		od_put_le(p + INFO_FRAG_LEFT, 2, frags - 1 - i);
		memcpy(p + INFO_HDR_LEN, body + i * room, n);
	}
}

static bool info_in_list(const struct ecsim_od_object_info *oi,
			 unsigned int list)
{
	static const uint16_t need[] = {
		[INFO_LIST_RXPDO] = ECSIM_ACC_RXPDO,
		[INFO_LIST_TXPDO] = ECSIM_ACC_TXPDO,
		[INFO_LIST_BACKUP] = ECSIM_ACC_BACKUP,
		[INFO_LIST_SETTINGS] = ECSIM_ACC_SETTINGS,
	};

	if (list == INFO_LIST_ALL)
		return true;
	return oi->access_union & need[list];
}

static void info_od_list(struct ecsim_coe *c, const uint8_t *d, size_t len)
{
	unsigned int n = ecsim_od_count(c->od), i, list, k;
	struct ecsim_od_object_info oi;
	uint8_t *body;
	size_t blen = 2;

	if (len < INFO_HDR_LEN + 2) {
		info_error(c, ECSIM_ABORT_GENERAL);
		return;
	}
	list = od_get_le(d + INFO_HDR_LEN, 2);
	if (list > INFO_LIST_SETTINGS) {
		info_error(c, ECSIM_ABORT_GENERAL);
		return;
	}
	body = malloc(2 + 2 * (n > INFO_N_LISTS ? n : INFO_N_LISTS));
	if (!body) {
		info_error(c, ECSIM_ABORT_OUT_OF_MEMORY);
		return;
	}
	od_put_le(body, 2, list);
	if (list == INFO_LIST_LENGTHS) {
		for (k = INFO_LIST_ALL; k <= INFO_LIST_SETTINGS; k++) {
			unsigned int cnt = 0;

			for (i = 0; i < n; i++) {
				ecsim_od_object_at(c->od, i, &oi);
				cnt += info_in_list(&oi, k);
			}
			od_put_le(body + blen, 2, cnt);
			blen += 2;
		}
	} else {
		for (i = 0; i < n; i++) {
			ecsim_od_object_at(c->od, i, &oi);
			if (!info_in_list(&oi, list))
				continue;
			od_put_le(body + blen, 2, oi.index);
			blen += 2;
		}
	}
	info_send(c, INFO_OD_LIST_RESP, body, blen);
	free(body);
}

static void info_object(struct ecsim_coe *c, const uint8_t *d, size_t len)
{
	struct ecsim_od_object_info oi;
	uint8_t body[6 + 256];
	size_t nlen;
	uint32_t abort;

	if (len < INFO_HDR_LEN + 2) {
		info_error(c, ECSIM_ABORT_GENERAL);
		return;
	}
	abort = ecsim_od_object_info(c->od, od_get_le(d + INFO_HDR_LEN, 2),
				     &oi);
	if (abort) {
		info_error(c, abort);
		return;
	}
	nlen = strnlen(oi.name, sizeof(body) - 6);
	od_put_le(body, 2, oi.index);
	od_put_le(body + 2, 2, oi.datatype);
	body[4] = oi.max_subindex;
	body[5] = oi.object_code;
	memcpy(body + 6, oi.name, nlen);
	info_send(c, INFO_OBJ_DESC_RESP, body, 6 + nlen);
}

static void info_entry(struct ecsim_coe *c, const uint8_t *d, size_t len)
{
	struct ecsim_od_entry_info ei;
	uint16_t index;
	uint8_t sub, vi, *body;
	size_t blen, vlen, nlen;
	uint32_t abort;

	if (len < INFO_HDR_LEN + 4) {
		info_error(c, ECSIM_ABORT_GENERAL);
		return;
	}
	index = od_get_le(d + INFO_HDR_LEN, 2);
	sub = d[INFO_HDR_LEN + 2];
	vi = d[INFO_HDR_LEN + 3];
	abort = ecsim_od_entry_info(c->od, index, sub, &ei);
	if (abort) {
		info_error(c, abort);
		return;
	}
	/* no unit types here; min/max only where the entry has them */
	vi &= ~INFO_VI_UNIT;
	if (!ei.has_min)
		vi &= ~INFO_VI_MIN;
	if (!ei.has_max)
		vi &= ~INFO_VI_MAX;
	vlen = (ei.bitlen + 7) / 8;
	nlen = strlen(ei.name);
	body = malloc(10 + 3 * vlen + nlen);
	if (!body) {
		info_error(c, ECSIM_ABORT_OUT_OF_MEMORY);
		return;
	}
	od_put_le(body, 2, index);
	body[2] = sub;
	body[3] = vi;
	od_put_le(body + 4, 2, ei.datatype);
	od_put_le(body + 6, 2, ei.bitlen);
	od_put_le(body + 8, 2, ei.access);
	blen = 10;
	if (vi & INFO_VI_DEFAULT) {
		memcpy(body + blen, ei.def, vlen);
		blen += vlen;
	}
	if (vi & INFO_VI_MIN) {
		memcpy(body + blen, ei.min, vlen);
		blen += vlen;
	}
	if (vi & INFO_VI_MAX) {
		memcpy(body + blen, ei.max, vlen);
		blen += vlen;
	}
	memcpy(body + blen, ei.name, nlen);
	blen += nlen;
	info_send(c, INFO_ENTRY_DESC_RESP, body, blen);
	free(body);
}

void coe_sdo_info_request(struct ecsim_coe *c, const uint8_t *d, size_t len)
{
	if (len < INFO_HDR_LEN) {
		info_error(c, ECSIM_ABORT_GENERAL);
		return;
	}
	switch (d[INFO_OPCODE] & ~INFO_INCOMPLETE) {
	case INFO_OD_LIST_REQ:
		info_od_list(c, d, len);
		break;
	case INFO_OBJ_DESC_REQ:
		info_object(c, d, len);
		break;
	case INFO_ENTRY_DESC_REQ:
		info_entry(c, d, len);
		break;
	default:
		info_error(c, ECSIM_ABORT_CS_UNKNOWN);
		break;
	}
}
