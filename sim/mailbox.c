// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mailbox transport of a simulated slave (ETG.1000.4 5.6, ETG.1000.6 5.4):
 * the write mailbox (SM type 1, master to slave) is read by the application
 * once full, the 6-byte header checked and the message dispatched by type;
 * replies are queued and put into the read mailbox (SM type 2) one at a time
 * with a counter 1..7.  CoE goes to the CoE server (coe.h), FoE to the FoE
 * server (foe.h, also in BOOT, where it is the only protocol), SoE to the
 * SoE server (soe.h), EoE to the EoE endpoint (eoe.h); VoE is echoed by
 * models that declare it; every other
 * type gets the mailbox error reply "unsupported protocol".
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sim_priv.h"
#include "eoe.h"
#include "foe.h"
#include "soe.h"
#ifdef ECSIM_HAVE_COE
#include "coe.h"
#include "od.h"
#endif

static int find_sm(const struct ecsim_model *m, uint8_t type)
{
	unsigned int n;

	for (n = 0; n < m->n_sms; n++)
		if (m->sms[n].type == type)
			return (int)n;
	return -1;
}

int ecsim_mbx_init(struct ecsim_slave *s)
{
	s->sm_mbx_out = find_sm(s->model, ECSIM_SMT_MBX_OUT);
	s->sm_mbx_in = find_sm(s->model, ECSIM_SMT_MBX_IN);
	if ((s->sm_mbx_out >= 0 || s->sm_mbx_in >= 0) && !s->queue) {
		s->queue = calloc(ECSIM_MBX_QUEUE, sizeof(*s->queue));
		if (!s->queue)
			return -ENOMEM;
	}
#ifdef ECSIM_HAVE_COE
	if (s->od && s->sm_mbx_in >= 0) {
		s->coe = ecsim_coe_new(s->od);
		if (!s->coe)
			return -ENOMEM;
		if (s->model->sms[s->sm_mbx_in].size > MBX_HDR_LEN)
			ecsim_coe_set_mailbox_size(s->coe,
				s->model->sms[s->sm_mbx_in].size -
				MBX_HDR_LEN);
	}
#endif
	return 0;
}

void ecsim_mbx_free(struct ecsim_slave *s)
{
	ecsim_eoe_free(s);
	ecsim_foe_free(s);
	ecsim_soe_free(s);
#ifdef ECSIM_HAVE_COE
	if (s->coe)
		ecsim_coe_free(s->coe);
	if (s->od)
		ecsim_od_free(s->od);
#endif
	s->coe = NULL;
	s->od = NULL;
	free(s->queue);
	s->queue = NULL;
}

void ecsim_mbx_reset(struct ecsim_slave *s)
{
	int n;

	s->q_head = 0;
	s->q_len = 0;
	s->last_req_cnt = 0;
	s->reply_cnt = 0;
	s->have_last_reply = false;
	s->mbx_hold = 0;
	for (n = 0; n < (int)s->model->n_sm && n < ESC_SM_MAX; n++)
		s->mem[ESC_REG_SM(n) + ESC_SM_STATUS] &=
			~(ESC_SMS_MBX_FULL | ESC_SMS_IRQ_WRITE |
			  ESC_SMS_IRQ_READ);
	ecsim_eoe_reset(s);
#ifdef ECSIM_HAVE_COE
	if (s->coe)
		ecsim_coe_reset(s->coe);
#endif
}

void ecsim_mbx_set_al_state(struct ecsim_slave *s, uint8_t state)
{
	ecsim_foe_set_al_state(s, state);
	ecsim_soe_set_al_state(s, state);
#ifdef ECSIM_HAVE_COE
	if (s->od)
		ecsim_od_set_al_state(s->od, state);
#else
	(void)s;
	(void)state;
#endif
}

static uint16_t in_size(const struct ecsim_slave *s)
{
	return ecsim_get16(s->mem + ESC_REG_SM(s->sm_mbx_in) + ESC_SM_LENGTH);
}

/* Queue a reply of @type with @len payload bytes. */
static void queue_reply(struct ecsim_slave *s, uint8_t type,
			const uint8_t *payload, size_t len)
{
	struct ecsim_mbx_msg *m;

	if (!s->queue || s->q_len >= ECSIM_MBX_QUEUE ||
	    len + MBX_HDR_LEN > ECSIM_MBX_MAX)
		return;		/* a real slave would stall; drop */
	m = &s->queue[(s->q_head + s->q_len) % ECSIM_MBX_QUEUE];
	s->q_len++;
	memset(m->data, 0, MBX_HDR_LEN);
	ecsim_put16(m->data, (uint16_t)len);
	m->data[5] = type & 0x0f;	/* counter set when sent */
	memcpy(m->data + MBX_HDR_LEN, payload, len);
	m->len = (uint16_t)(len + MBX_HDR_LEN);
}

/* Mailbox error reply, ETG.1000.4 table 30: service 1, detail code. */
static void error_reply(struct ecsim_slave *s, uint16_t detail)
{
	uint8_t p[4];

	ecsim_put16(p, MBX_ERR_SERVICE);
	ecsim_put16(p + 2, detail);
	queue_reply(s, MBX_TYPE_ERR, p, sizeof(p));
}

static void put_in_mailbox(struct ecsim_slave *s,
			   const struct ecsim_mbx_msg *m)
{
	uint8_t *r = s->mem + ESC_REG_SM(s->sm_mbx_in);
	uint16_t start = ecsim_get16(r + ESC_SM_START), size = in_size(s);
	size_t n = m->len < size ? m->len : size;

	if ((uint32_t)start + size > ECSIM_ESC_MEM)
		return;
	memset(s->mem + start, 0, size);
	memcpy(s->mem + start, m->data, n);
	r[ESC_SM_STATUS] &= ~ESC_SMS_IRQ_READ;
	r[ESC_SM_STATUS] |= ESC_SMS_MBX_FULL | ESC_SMS_IRQ_WRITE;
}

static void send_next(struct ecsim_slave *s)
{
	struct ecsim_mbx_msg *m;
	uint8_t *r;

	if (s->sm_mbx_in < 0 || !s->q_len || !s->queue ||
	    !ecsim_sm_enabled(s, s->sm_mbx_in))
		return;
	r = s->mem + ESC_REG_SM(s->sm_mbx_in);
	if ((r[ESC_SM_STATUS] & ESC_SMS_MBX_FULL) ||
	    (r[ESC_SM_PDI_CONTROL] & ESC_SMP_DEACTIVATE))
		return;
	m = &s->queue[s->q_head];
	s->q_head = (s->q_head + 1) % ECSIM_MBX_QUEUE;
	s->q_len--;
	/* counter 1..7, 0 is never used by a sender (ETG.1000.4 table 29) */
	s->reply_cnt = s->reply_cnt >= 7 ? 1 : s->reply_cnt + 1;
	m->data[5] = (m->data[5] & 0x0f) | s->reply_cnt << 4;
	put_in_mailbox(s, m);
	s->last_reply = *m;
	s->have_last_reply = true;
}

/* Move the CoE server's replies and the EoE fragments into the queue;
 * EoE keeps the last slots free for others. */
static void refill(struct ecsim_slave *s)
{
	uint8_t out[ECSIM_MBX_MAX];
	size_t n, cap;

	if (s->sm_mbx_in < 0)
		return;
	cap = in_size(s) > MBX_HDR_LEN ? in_size(s) - MBX_HDR_LEN : 0;
	if (cap > sizeof(out) - MBX_HDR_LEN)
		cap = sizeof(out) - MBX_HDR_LEN;
#ifdef ECSIM_HAVE_COE
	while (s->coe && s->q_len < ECSIM_MBX_QUEUE &&
	       (n = ecsim_coe_pop_reply(s->coe, out, cap)) > 0)
		queue_reply(s, MBX_TYPE_COE, out, n);
#endif
	while (s->eoe && s->q_len + 2 < ECSIM_MBX_QUEUE &&
	       (n = ecsim_eoe_pop(s, out, cap)) > 0)
		queue_reply(s, MBX_TYPE_EOE, out, n);
}

static uint16_t out_size(const struct ecsim_slave *s)
{
	return ecsim_get16(s->mem + ESC_REG_SM(s->sm_mbx_out) + ESC_SM_LENGTH);
}

/* An FoE request; the reply (if any) goes into the queue. */
static void dispatch_foe(struct ecsim_slave *s, const uint8_t *msg,
			 size_t len)
{
	uint8_t reply[ECSIM_MBX_MAX];
	size_t in_cap = in_size(s) > MBX_HDR_LEN ? in_size(s) - MBX_HDR_LEN : 0;
	size_t out_cap = out_size(s) > MBX_HDR_LEN ?
			 out_size(s) - MBX_HDR_LEN : 0;
	size_t n;

	if (!s->foe) {
		error_reply(s, MBX_ERR_UNSUPPORTED);
		return;
	}
	if (in_cap > sizeof(reply))
		in_cap = sizeof(reply);
	n = ecsim_foe_request(s, msg, len, in_cap, out_cap, reply);
	if (n)
		queue_reply(s, MBX_TYPE_FOE, reply, n);
}

static void soe_reply(struct ecsim_slave *s, const uint8_t *p, size_t n)
{
	queue_reply(s, MBX_TYPE_SOE, p, n);
}

static void dispatch(struct ecsim_slave *s, const uint8_t *msg, size_t size)
{
	uint16_t len = ecsim_get16(msg);
	uint8_t type = msg[5] & 0x0f, cnt = (msg[5] >> 4) & 7;

	if ((size_t)len + MBX_HDR_LEN > size) {
		error_reply(s, MBX_ERR_INVALID_SIZE);
		return;
	}
	/* a repeated counter means the master resent the same request */
	if (cnt && cnt == s->last_req_cnt)
		return;
	s->last_req_cnt = cnt;
	if (ecsim_al_state(s) == ESC_AL_BOOT && type != MBX_TYPE_FOE) {
		error_reply(s, MBX_ERR_UNSUPPORTED);
		return;
	}
	switch (type) {
	case MBX_TYPE_FOE:
		dispatch_foe(s, msg + MBX_HDR_LEN, len);
		break;
	case MBX_TYPE_VOE:
		/* The VoE echo model: the message back, header and all. */
		if (!(s->model->mbx_protocols & SII_MBX_VOE))
			error_reply(s, MBX_ERR_UNSUPPORTED);
		else
			queue_reply(s, MBX_TYPE_VOE, msg + MBX_HDR_LEN, len);
		break;
	case MBX_TYPE_EOE:
		if (!s->eoe) {
			error_reply(s, MBX_ERR_UNSUPPORTED);
			break;
		}
		ecsim_eoe_request(s, msg + MBX_HDR_LEN, len);
		refill(s);
		break;
	case MBX_TYPE_SOE:
		if (!s->soe) {
			error_reply(s, MBX_ERR_UNSUPPORTED);
			break;
		}
		ecsim_soe_request(s, msg + MBX_HDR_LEN, len,
				  in_size(s) > MBX_HDR_LEN ?
				  in_size(s) - MBX_HDR_LEN : 0, soe_reply);
		break;
#ifdef ECSIM_HAVE_COE
	case MBX_TYPE_COE:
		if (!s->coe) {
			error_reply(s, MBX_ERR_UNSUPPORTED);
			break;
		}
		ecsim_coe_request(s->coe, msg + MBX_HDR_LEN, len);
		refill(s);
		break;
#endif
	default:
		error_reply(s, MBX_ERR_UNSUPPORTED);
		break;
	}
}

/*
 * Repeat request (ETG.1000.4 5.6.2.3): the master toggles 0x0806 bit 1 of
 * the read mailbox SM; the slave puts its last reply back into the buffer
 * and then toggles 0x0807 bit 1 to the same value.
 */
static void handle_repeat(struct ecsim_slave *s)
{
	uint8_t *r;
	bool req, ack;

	if (s->sm_mbx_in < 0)
		return;
	r = s->mem + ESC_REG_SM(s->sm_mbx_in);
	req = r[ESC_SM_ACTIVATE] & ESC_SMA_REPEAT;
	ack = r[ESC_SM_PDI_CONTROL] & ESC_SMP_REPEAT_ACK;
	if (req == ack)
		return;
	if (s->have_last_reply && ecsim_sm_enabled(s, s->sm_mbx_in) &&
	    !(r[ESC_SM_STATUS] & ESC_SMS_MBX_FULL))
		put_in_mailbox(s, &s->last_reply);
	r[ESC_SM_PDI_CONTROL] ^= ESC_SMP_REPEAT_ACK;
}

void ecsim_mbx_process(struct ecsim_slave *s)
{
	uint8_t st = ecsim_al_state(s);
	uint8_t *r;

	if (s->pdi_dead || st == ESC_AL_INIT)
		return;
	if (s->mbx_hold) {	/* fault: the application is busy */
		s->mbx_hold--;
		s->mbx_pending = true;
		return;
	}
	handle_repeat(s);
	if (s->sm_mbx_out >= 0 && ecsim_sm_enabled(s, s->sm_mbx_out)) {
		r = s->mem + ESC_REG_SM(s->sm_mbx_out);
		if (r[ESC_SM_STATUS] & ESC_SMS_MBX_FULL) {
			uint16_t start = ecsim_get16(r + ESC_SM_START);
			uint16_t size = ecsim_get16(r + ESC_SM_LENGTH);
			uint8_t msg[ECSIM_MBX_MAX];

			if (size > sizeof(msg))
				size = sizeof(msg);
			memcpy(msg, s->mem + start, size);
			/* the application read the buffer: empty again */
			r[ESC_SM_STATUS] &= ~(ESC_SMS_MBX_FULL |
					      ESC_SMS_IRQ_WRITE);
			r[ESC_SM_STATUS] |= ESC_SMS_IRQ_READ;
			if (size >= MBX_HDR_LEN)
				dispatch(s, msg, size);
			else
				error_reply(s, MBX_ERR_UNSUPPORTED);
		}
	}
	refill(s);
	send_next(s);
}

/**
 * ecsim_segment_emergency() - the slave sends a CoE emergency
 * @seg: segment
 * @id: slave id
 * @code: emergency error code (register 0x1001 and data are 0)
 *
 * Return: 0, -ENOENT (no such slave) or -EPROTONOSUPPORT (no CoE).
 */
int ecsim_segment_emergency(struct ecsim_segment *seg, unsigned int id,
			    uint16_t code)
{
	struct ecsim_slave *s;

	if (id >= seg->n_slaves)
		return -ENOENT;
	s = &seg->slaves[id];
#ifdef ECSIM_HAVE_COE
	if (s->coe) {
		ecsim_coe_emergency(s->coe, code, 0x01, NULL);
		refill(s);
		send_next(s);
		return 0;
	}
#else
	(void)code;
#endif
	(void)s;
	return -EPROTONOSUPPORT;
}
