// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_eoe.c - Ethernet over EtherCAT (ETG.1000.6 clause 5.5).
 *
 * Sending: a frame is cut into fragments; each fragment but the last
 * carries a multiple of 32 bytes, because the offset field counts 32-byte
 * units.  Fragment 0 carries the frame's size in 32-byte units (rounded
 * up) where the others carry their offset (doc/SPECNOTES.md, "EoE").
 * Each fragment is one mailbox write; the slave does not answer them.
 *
 *	pump_start -> pump: [fragment out | fetch]* per cycle while frames
 *	              flow (fsm_eoe_pump.c) -> end
 *	set_ip   -> send request -> [reply: EoE fragment? take it, wait on]
 *	         -> set IP response -> end (error with a non-zero result)
 *
 * Receiving (ec_eoe_rx_message()): fragments must arrive in order with
 * one frame number; a fragment that does not follow (lost, another frame
 * number, a wrong offset) drops the frame being reassembled and is
 * counted; fragment 0 of a new frame always starts afresh.
 */
#include "mailbox/fsm_eoe.h"
#include "slave/fsm_change.h"
#include "mailbox/fsm_coe.h"
#include "cycle/master.h"
#include "slave/slave.h"

#define EC_EOE_WORD0 0
#define EC_EOE_WORD1 2

static void ec_fsm_eoe_state_ip(struct ec_fsm_eoe *fsm, u64 now_ns);
static void ec_fsm_eoe_state_end(struct ec_fsm_eoe *fsm, u64 now_ns);
static void ec_fsm_eoe_state_error(struct ec_fsm_eoe *fsm, u64 now_ns);

/**
 * ec_eoe_init() - set up an EoE handler
 * @eoe: handler memory
 * @ops: the environment's frame source and sink
 * @priv: for the environment
 */
void ec_eoe_init(struct ec_eoe *eoe, const struct ec_eoe_ops *ops,
		 void *priv)
{
	memset(eoe, 0, sizeof(*eoe));
	eoe->ops = ops;
	eoe->priv = priv;
}

/**
 * ec_eoe_attach() - give a handler its slave
 * @eoe: handler
 * @slave: the scanned EoE slave
 *
 * A frame half sent or half received before is dropped.
 */
void ec_eoe_attach(struct ec_eoe *eoe, struct ec_slave *slave)
{
	if (eoe->slave == slave && slave->eoe == eoe)
		return;
	ec_eoe_detach(eoe);
	eoe->slave = slave;
	slave->eoe = eoe;
	ec_master_fsm_unquiet(slave->master);
}

/**
 * ec_eoe_detach() - the handler's slave goes away
 * @eoe: handler
 */
void ec_eoe_detach(struct ec_eoe *eoe)
{
	if (eoe->tx_busy)
		eoe->stats.tx_errors++;
	if (eoe->rx_busy)
		eoe->stats.rx_dropped++;
	eoe->tx_busy = false;
	eoe->tx_ahead = 0;
	eoe->rx_busy = false;
	if (eoe->slave && eoe->slave->eoe == eoe)
		eoe->slave->eoe = NULL;
	eoe->slave = NULL;
}

/**
 * ec_eoe_tx_wanted() - whether a fragment is to be sent
 * @eoe: handler
 *
 * Return: true when a frame is half sent or the environment has one.
 */
bool ec_eoe_tx_wanted(const struct ec_eoe *eoe)
{
	return eoe->tx_busy || (eoe->ops && eoe->ops->tx_pending &&
				eoe->ops->tx_pending((struct ec_eoe *)eoe));
}

/**
 * ec_eoe_tx_fragment() - write the next fragment to send
 * @eoe: handler
 * @p: where the EoE header goes
 * @max: room at @p (the write mailbox's payload)
 *
 * Takes the next frame from the environment when none is half sent.  The
 * fragment is the one after those written and not yet taken
 * (ec_eoe_tx_done()), at most EC_EOE_TX_AHEAD of them, and never one of
 * the next frame while the last of this one is on its way.
 *
 * Return: the size written (header and data), 0 when there is nothing to
 * send (now) or the mailbox is too small for a fragment.
 */
size_t ec_eoe_tx_fragment(struct ec_eoe *eoe, u8 *p, size_t max)
{
	size_t room, n, left, at;
	unsigned int i;
	bool last;
	u16 offset;
	u8 frag;

	if (max < EC_EOE_HEADER_SIZE + EC_EOE_OFFSET_UNIT ||
	    eoe->tx_ahead >= EC_EOE_TX_AHEAD ||
	    (!eoe->tx_busy && eoe->tx_ahead))
		return 0;
	if (!eoe->tx_busy) {
		if (!eoe->ops || !eoe->ops->tx_pull)
			return 0;
		n = eoe->ops->tx_pull(eoe, eoe->tx_frame, sizeof(eoe->tx_frame));
		if (!n)
			return 0;
		if (n > sizeof(eoe->tx_frame)) {
			eoe->stats.tx_errors++;
			return 0;
		}
		eoe->tx_busy = true;
		eoe->tx_size = n;
		eoe->tx_offset = 0;
		eoe->tx_frag_no = 0;
		eoe->tx_frame_no = (eoe->tx_frame_no + 1) & EC_EOE_FRAME_MASK;
	}
	at = eoe->tx_offset;
	for (i = 0; i < eoe->tx_ahead; i++)
		at += eoe->tx_ahead_size[i];
	if (at >= eoe->tx_size && eoe->tx_ahead)
		return 0;	/* the last fragment is on its way */
	frag = (u8)(eoe->tx_frag_no + eoe->tx_ahead);
	room = max - EC_EOE_HEADER_SIZE;
	left = eoe->tx_size - at;
	last = left <= room;
	n = last ? left : room / EC_EOE_OFFSET_UNIT * EC_EOE_OFFSET_UNIT;
	offset = frag ? (u16)(at / EC_EOE_OFFSET_UNIT) :
		 (u16)((eoe->tx_size + EC_EOE_OFFSET_UNIT - 1) /
		       EC_EOE_OFFSET_UNIT);
	ec_put_u16(p + EC_EOE_WORD0, EC_EOE_TYPE_FRAGMENT |
		   (last ? EC_EOE_LAST_FRAGMENT : 0));
	ec_put_u16(p + EC_EOE_WORD1,
		   (u16)((frag & EC_EOE_FRAG_MASK) |
			 (offset & EC_EOE_OFFSET_MASK) << EC_EOE_OFFSET_SHIFT |
			 (eoe->tx_frame_no & EC_EOE_FRAME_MASK) <<
			 EC_EOE_FRAME_SHIFT));
	memcpy(p + EC_EOE_HEADER_SIZE, eoe->tx_frame + at, n);
	eoe->tx_ahead_size[eoe->tx_ahead++] = n;
	return EC_EOE_HEADER_SIZE + n;
}

/**
 * ec_eoe_tx_done() - the oldest fragment written and not yet taken was
 * taken, or not
 * @eoe: handler
 * @ok: the slave took it; else the frame is dropped
 */
void ec_eoe_tx_done(struct ec_eoe *eoe, bool ok)
{
	size_t n;

	if (!eoe->tx_busy || !eoe->tx_ahead)
		return;
	if (!ok) {
		eoe->stats.tx_errors++;
		eoe->tx_busy = false;
		eoe->tx_ahead = 0;
		return;
	}
	n = eoe->tx_ahead_size[0];
	memmove(eoe->tx_ahead_size, eoe->tx_ahead_size + 1,
		--eoe->tx_ahead * sizeof(eoe->tx_ahead_size[0]));
	eoe->stats.tx_fragments++;
	eoe->tx_offset += n;
	eoe->tx_frag_no++;
	if (eoe->tx_offset < eoe->tx_size)
		return;
	eoe->stats.tx_frames++;
	eoe->stats.tx_bytes += eoe->tx_size;
	eoe->tx_busy = false;
}

/**
 * ec_eoe_tx_restart() - send the frame being sent again from fragment 0
 * @eoe: handler
 *
 * Under a new frame number, after the slave may have got its fragments
 * out of order (it drops that frame; fragment 0 starts it afresh).
 */
void ec_eoe_tx_restart(struct ec_eoe *eoe)
{
	if (!eoe->tx_busy)
		return;
	eoe->stats.tx_restarts++;
	eoe->tx_offset = 0;
	eoe->tx_frag_no = 0;
	eoe->tx_ahead = 0;
	eoe->tx_frame_no = (eoe->tx_frame_no + 1) & EC_EOE_FRAME_MASK;
}

/* Give up the frame being reassembled; its later fragments are ignored. */
static void ec_eoe_rx_drop(struct ec_eoe *eoe)
{
	if (eoe->rx_busy) {
		eoe->stats.rx_dropped++;
		eoe->rx_skip = true;
	}
	eoe->rx_busy = false;
}

static int ec_eoe_rx_fragment(struct ec_eoe *eoe, u16 w0, u16 w1,
			      const u8 *data, size_t n)
{
	u8 frag = w1 & EC_EOE_FRAG_MASK;
	size_t offset = (size_t)((w1 >> EC_EOE_OFFSET_SHIFT) &
				 EC_EOE_OFFSET_MASK) * EC_EOE_OFFSET_UNIT;
	u8 frame = (w1 >> EC_EOE_FRAME_SHIFT) & EC_EOE_FRAME_MASK;
	bool last = w0 & EC_EOE_LAST_FRAGMENT;

	eoe->stats.rx_fragments++;
	if (!frag) {
		ec_eoe_rx_drop(eoe);	/* the rest of it was lost */
		eoe->rx_skip = false;
		eoe->rx_busy = true;
		eoe->rx_frame_no = frame;
		eoe->rx_frag_next = 0;
		eoe->rx_offset = 0;
		eoe->rx_expected = offset;
	} else if (!eoe->rx_busy) {
		/* the rest of a frame given up, or its fragment 0 was lost */
		if (eoe->rx_skip && frame == eoe->rx_frame_no)
			return -EPROTO;
		eoe->stats.rx_dropped++;
		eoe->rx_skip = true;
		eoe->rx_frame_no = frame;
		return -EPROTO;
	} else if (frame != eoe->rx_frame_no || frag != eoe->rx_frag_next ||
		   offset != eoe->rx_offset) {
		ec_eoe_rx_drop(eoe);
		return -EPROTO;
	}
	if (last && (w0 & EC_EOE_TIME_APPENDED)) {
		if (n < 4) {
			ec_eoe_rx_drop(eoe);
			eoe->stats.rx_errors++;
			return -EPROTO;
		}
		n -= 4;		/* the 32-bit time stamp: not used */
	}
	if (eoe->rx_offset + n > sizeof(eoe->rx_frame) ||
	    (!last && n % EC_EOE_OFFSET_UNIT)) {
		ec_eoe_rx_drop(eoe);
		eoe->stats.rx_errors++;
		return -EPROTO;
	}
	memcpy(eoe->rx_frame + eoe->rx_offset, data, n);
	eoe->rx_offset += n;
	eoe->rx_frag_next = (eoe->rx_frag_next + 1) & EC_EOE_FRAG_MASK;
	if (!last)
		return 0;
	eoe->rx_busy = false;
	if (!eoe->rx_offset || (eoe->rx_expected &&
				eoe->rx_offset > eoe->rx_expected)) {
		eoe->stats.rx_errors++;
		return -EPROTO;
	}
	eoe->stats.rx_frames++;
	eoe->stats.rx_bytes += eoe->rx_offset;
	if (eoe->ops && eoe->ops->rx_push)
		eoe->ops->rx_push(eoe, eoe->rx_frame, eoe->rx_offset);
	return 0;
}

/**
 * ec_eoe_rx_message() - take one EoE message a slave sent
 * @eoe: handler
 * @p: the message from its EoE header on
 * @n: its length
 *
 * A fragment goes into the frame being reassembled (a completed frame to
 * the environment); a set IP response is kept for the FSM.
 *
 * Return: 0, or -EPROTO for a malformed or unexpected message (counted).
 */
int ec_eoe_rx_message(struct ec_eoe *eoe, const u8 *p, size_t n)
{
	u16 w0, w1;

	if (n < EC_EOE_HEADER_SIZE) {
		eoe->stats.rx_errors++;
		return -EPROTO;
	}
	w0 = ec_get_u16(p + EC_EOE_WORD0);
	w1 = ec_get_u16(p + EC_EOE_WORD1);
	switch (w0 & EC_EOE_TYPE_MASK) {
	case EC_EOE_TYPE_FRAGMENT:
		return ec_eoe_rx_fragment(eoe, w0, w1, p + EC_EOE_HEADER_SIZE,
					  n - EC_EOE_HEADER_SIZE);
	case EC_EOE_TYPE_SET_IP_RES:
		eoe->ip_response = true;
		eoe->ip_result = w1;
		return 0;
	default:
		eoe->stats.rx_errors++;
		return -EPROTO;
	}
}

static void ec_put_be32(u8 *p, u32 v)
{
	p[0] = (u8)(v >> 24);
	p[1] = (u8)(v >> 16);
	p[2] = (u8)(v >> 8);
	p[3] = (u8)v;
}

/**
 * ec_eoe_ip_encode() - write a set IP parameter request
 * @ip: what to set
 * @p: room for EC_EOE_IP_REQ_SIZE bytes
 *
 * Return: its size, EC_EOE_IP_REQ_SIZE.
 */
size_t ec_eoe_ip_encode(const struct ec_eoe_ip *ip, u8 *p)
{
	size_t len;

	memset(p, 0, EC_EOE_IP_REQ_SIZE);
	ec_put_u16(p + EC_EOE_WORD0, EC_EOE_TYPE_SET_IP_REQ |
		   EC_EOE_LAST_FRAGMENT);
	ec_put_u32(p + EC_EOE_IP_FLAGS, ip->flags);
	if (ip->flags & EC_EOE_IP_MAC)
		memcpy(p + EC_EOE_IP_MAC_OFF, ip->mac, 6);
	if (ip->flags & EC_EOE_IP_IP)
		ec_put_be32(p + EC_EOE_IP_IP_OFF, ip->ip);
	if (ip->flags & EC_EOE_IP_SUBNET)
		ec_put_be32(p + EC_EOE_IP_SUBNET_OFF, ip->subnet);
	if (ip->flags & EC_EOE_IP_GATEWAY)
		ec_put_be32(p + EC_EOE_IP_GATEWAY_OFF, ip->gateway);
	if (ip->flags & EC_EOE_IP_DNS)
		ec_put_be32(p + EC_EOE_IP_DNS_OFF, ip->dns);
	if (ip->flags & EC_EOE_IP_DNS_NAME) {
		len = strnlen(ip->hostname, EC_EOE_HOSTNAME_SIZE);
		memcpy(p + EC_EOE_IP_NAME_OFF, ip->hostname, len);
	}
	return EC_EOE_IP_REQ_SIZE;
}

/**
 * ec_eoe_ip_merge() - add the parameters included in @src to @dst
 * @dst: a configuration's parameters
 * @src: parameters, those in src->flags taken
 */
void ec_eoe_ip_merge(struct ec_eoe_ip *dst, const struct ec_eoe_ip *src)
{
	if (src->flags & EC_EOE_IP_MAC)
		memcpy(dst->mac, src->mac, sizeof(dst->mac));
	if (src->flags & EC_EOE_IP_IP)
		dst->ip = src->ip;
	if (src->flags & EC_EOE_IP_SUBNET)
		dst->subnet = src->subnet;
	if (src->flags & EC_EOE_IP_GATEWAY)
		dst->gateway = src->gateway;
	if (src->flags & EC_EOE_IP_DNS)
		dst->dns = src->dns;
	if (src->flags & EC_EOE_IP_DNS_NAME)
		memcpy(dst->hostname, src->hostname, sizeof(dst->hostname));
	dst->flags |= src->flags;
}

/**
 * ec_mbox_unsolicited() - a message fetched while waiting for another
 * @slave: the slave that sent it
 * @type: its mailbox type
 * @p: its payload
 * @n: payload length
 *
 * A CoE emergency goes to the slave's ring, an EoE message to its EoE
 * handler.
 *
 * Return: true if taken, false if it is to be dropped.
 */
bool ec_mbox_unsolicited(struct ec_slave *slave, u8 type, const u8 *p,
			 size_t n)
{
	if (type == EC_MBOX_TYPE_COE)
		return ec_coe_emergency(slave, p, n);
	if (type == EC_MBOX_TYPE_EOE && slave->eoe) {
		ec_eoe_rx_message(slave->eoe, p, n);
		return true;
	}
	return false;
}

/**
 * ec_fsm_eoe_init() - set up an EoE FSM
 * @fsm: FSM memory
 * @datagram: the datagram it uses (the slave FSM's)
 */
void ec_fsm_eoe_init(struct ec_fsm_eoe *fsm, struct ec_datagram *datagram)
{
	unsigned int i;

	memset(fsm, 0, sizeof(*fsm));
	fsm->datagram = datagram;
	ec_fsm_mbox_init(&fsm->mbox, datagram);
	for (i = 0; i < EC_EOE_TX_AHEAD; i++)
		ec_datagram_init(&fsm->tx_datagram[i]);
	ec_datagram_init(&fsm->rx_datagram);
	ec_fsm_mbox_init(&fsm->rx, &fsm->rx_datagram);
	fsm->state = ec_fsm_eoe_state_end;
}

/* End the FSM with @error (0: success); also for fsm_eoe_pump.c. */
void ec_fsm_eoe_finish(struct ec_fsm_eoe *fsm, int error)
{
	fsm->error = error;
	fsm->state = error ? ec_fsm_eoe_state_error : ec_fsm_eoe_state_end;
}

/**
 * ec_fsm_eoe_set_ip() - send a set IP parameter request, await the answer
 * @fsm: EoE FSM
 * @slave: EoE slave
 * @ip: the parameters
 * @now_ns: current time
 */
void ec_fsm_eoe_set_ip(struct ec_fsm_eoe *fsm, struct ec_slave *slave,
		       const struct ec_eoe_ip *ip, u64 now_ns)
{
	u8 *p;

	fsm->slave = slave;
	fsm->eoe = slave->eoe;
	fsm->error = 0;
	if (!(slave->sii.mailbox_protocols & EC_MBOX_EOE)) {
		EC_SLAVE_ERR(slave, "EoE: the slave does not support EoE");
		ec_fsm_eoe_finish(fsm, -EPROTONOSUPPORT);
		return;
	}
	p = ec_mbox_prepare_send(slave, fsm->datagram, EC_MBOX_TYPE_EOE,
				 EC_EOE_IP_REQ_SIZE);
	if (!p) {
		EC_SLAVE_ERR(slave, "EoE: set IP request does not fit the mailbox");
		ec_fsm_eoe_finish(fsm, -EOVERFLOW);
		return;
	}
	ec_eoe_ip_encode(ip, p);
	ec_fsm_mbox_transfer(&fsm->mbox, slave, EC_EOE_TIMEOUT_NS, now_ns);
	fsm->state = ec_fsm_eoe_state_ip;
}

static void ec_fsm_eoe_state_ip(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	struct ec_fsm_mbox *mbox = &fsm->mbox;
	struct ec_slave *slave = fsm->slave;
	u16 w0;

	if (ec_fsm_mbox_exec(mbox, now_ns))
		return;
	if (!ec_fsm_mbox_success(mbox)) {
		ec_fsm_eoe_finish(fsm, mbox->error ? mbox->error : -EIO);
		return;
	}
	if (mbox->type == EC_MBOX_TYPE_ERR) {
		EC_SLAVE_ERR(slave, "EoE: set IP: mailbox error 0x%04x",
			     mbox->error_code);
		ec_fsm_eoe_finish(fsm, -EPROTO);
		return;
	}
	w0 = mbox->size >= EC_EOE_HEADER_SIZE ? ec_get_u16(mbox->payload) : 0;
	if (mbox->type != EC_MBOX_TYPE_EOE ||
	    (w0 & EC_EOE_TYPE_MASK) != EC_EOE_TYPE_SET_IP_RES ||
	    mbox->size < EC_EOE_HEADER_SIZE) {
		/* A frame fragment (or an emergency) meanwhile: wait on. */
		if (!ec_mbox_unsolicited(slave, mbox->type, mbox->payload,
					 mbox->size))
			EC_SLAVE_WARN(slave,
				      "EoE: dropped a mailbox message of type 0x%x",
				      mbox->type);
		ec_fsm_mbox_receive(mbox, slave, EC_EOE_TIMEOUT_NS, now_ns);
		return;
	}
	fsm->error = 0;
	if (ec_get_u16(mbox->payload + EC_EOE_WORD1)) {
		EC_SLAVE_ERR(slave, "EoE: set IP refused, result 0x%04x",
			     ec_get_u16(mbox->payload + EC_EOE_WORD1));
		ec_fsm_eoe_finish(fsm, -EREMOTEIO);
		return;
	}
	ec_fsm_eoe_finish(fsm, 0);
}

/**
 * ec_fsm_eoe_exec() - advance by one step
 * @fsm: EoE FSM
 * @now_ns: current time
 *
 * Return: true while busy.
 */
bool ec_fsm_eoe_exec(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	if (fsm->state == ec_fsm_eoe_state_end ||
	    fsm->state == ec_fsm_eoe_state_error)
		return false;
	if (ec_fsm_datagram_pending(fsm->datagram))
		return true;
	fsm->state(fsm, now_ns);
	return fsm->state != ec_fsm_eoe_state_end &&
	       fsm->state != ec_fsm_eoe_state_error;
}

/**
 * ec_fsm_eoe_success() - result of the ended FSM
 * @fsm: EoE FSM
 *
 * Return: true on success, else fsm->error.
 */
bool ec_fsm_eoe_success(const struct ec_fsm_eoe *fsm)
{
	return fsm->state == ec_fsm_eoe_state_end;
}

static void ec_fsm_eoe_state_end(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}

static void ec_fsm_eoe_state_error(struct ec_fsm_eoe *fsm, u64 now_ns)
{
	(void)fsm;
	(void)now_ns;
}
