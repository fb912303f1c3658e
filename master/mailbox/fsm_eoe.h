/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fsm_eoe.h - Ethernet over EtherCAT (ETG.1000.6 clause 5.5): one EoE
 * handler per EoE-capable slave tunnels Ethernet frames through the
 * slave's mailbox.
 *
 * struct ec_eoe is the handler: the frame being sent, cut into fragments
 * sized to the write mailbox (all but the last a multiple of 32 bytes),
 * the frame being reassembled from received fragments, and statistics.
 * The environment (the kernel's netdev, a unit test) supplies frames to
 * send and takes received ones through struct ec_eoe_ops; the handler
 * never allocates.
 *
 * struct ec_fsm_eoe is the slave FSM's EoE job: the pump, which while
 * frames flow writes one fragment into the write mailbox (SM0) and fetches
 * the read mailbox (SM1) in every cycle, on two datagrams of its own that
 * ride in the same frame; or one set-IP-parameter request on the slave
 * FSM's datagram.  Received fragments reach the handler through
 * ec_eoe_rx_message(): from the pump's fetches, from the slave FSM's idle
 * check of the read mailbox, and from any other mailbox exchange that
 * fetched one by the way (ec_mbox_unsolicited()).
 */
#ifndef EC_FSM_EOE_H
#define EC_FSM_EOE_H

#include "port.h"
#include "cycle/datagram.h"
#include "mailbox/mailbox.h"
#include "request/requests.h"

struct ec_slave;
struct ec_master;

/* EoE header, ETG.1000.6 table 19: two 16-bit words. */
#define EC_EOE_HEADER_SIZE 4
#define EC_EOE_TYPE_MASK 0x000f		/* word 0, bits 0-3 */
#define EC_EOE_PORT_SHIFT 4		/* word 0, bits 4-7 */
#define EC_EOE_LAST_FRAGMENT 0x0100	/* word 0, bit 8 */
#define EC_EOE_TIME_APPENDED 0x0200	/* word 0, bit 9 */
#define EC_EOE_TIME_REQUEST 0x0400	/* word 0, bit 10 */
#define EC_EOE_FRAG_MASK 0x003f		/* word 1, bits 0-5 */
#define EC_EOE_OFFSET_SHIFT 6		/* word 1, bits 6-11, 32-byte units */
#define EC_EOE_OFFSET_MASK 0x003f
#define EC_EOE_FRAME_SHIFT 12		/* word 1, bits 12-15 */
#define EC_EOE_FRAME_MASK 0x000f
#define EC_EOE_OFFSET_UNIT 32

/* EoE frame types, ETG.1000.6 table 20. */
#define EC_EOE_TYPE_FRAGMENT 0x00
#define EC_EOE_TYPE_TIMESTAMP 0x01
#define EC_EOE_TYPE_SET_IP_REQ 0x02
#define EC_EOE_TYPE_SET_IP_RES 0x03
#define EC_EOE_TYPE_SET_FILTER_REQ 0x04
#define EC_EOE_TYPE_SET_FILTER_RES 0x05

/* Set IP parameter request, ETG.1000.6 table 23: flags, then fixed
 * fields whether included or not (addresses in network byte order).
 */
#define EC_EOE_IP_MAC 0x01
#define EC_EOE_IP_IP 0x02
#define EC_EOE_IP_SUBNET 0x04
#define EC_EOE_IP_GATEWAY 0x08
#define EC_EOE_IP_DNS 0x10
#define EC_EOE_IP_DNS_NAME 0x20
#define EC_EOE_IP_FLAGS 4		/* offset after the EoE header */
#define EC_EOE_IP_MAC_OFF 8
#define EC_EOE_IP_IP_OFF 14
#define EC_EOE_IP_SUBNET_OFF 18
#define EC_EOE_IP_GATEWAY_OFF 22
#define EC_EOE_IP_DNS_OFF 26
#define EC_EOE_IP_NAME_OFF 30
#define EC_EOE_HOSTNAME_SIZE 32
#define EC_EOE_IP_REQ_SIZE (EC_EOE_IP_NAME_OFF + EC_EOE_HOSTNAME_SIZE)

/* Largest Ethernet frame tunnelled (1514 bytes plus a VLAN tag), without
 * the FCS.
 */
#define EC_EOE_MAX_FRAME 1536
#define EC_EOE_MIN_FRAME 1

/* Fragment writes on their way at once at most (the pump's write-ahead). */
#define EC_EOE_TX_AHEAD 2

/* Time a slave has to take a fragment (its write mailbox stays full) or
 * to answer set IP.
 */
#define EC_EOE_TIMEOUT_NS (1000 * EC_NSEC_PER_MSEC)
/* Idle check of an EoE slave's read mailbox (shorter than CoE's). */
#define EC_EOE_POLL_NS (1 * EC_NSEC_PER_MSEC)
/* The pump fetches the read mailbox in every cycle for this long after a
 * fragment went either way: the answer to a frame (ARP, ping, TCP)
 * usually comes within it.
 */
#define EC_EOE_FETCH_NS (20 * EC_NSEC_PER_MSEC)

struct ec_eoe_stats {
	u64 tx_frames;
	u64 tx_bytes;
	u64 tx_fragments;
	u64 tx_errors;		/* frames not sent (mailbox failure) */
	u64 tx_busy;		/* writes refused: the write mailbox full */
	u64 tx_restarts;	/* frames sent again from fragment 0 */
	u64 rx_frames;
	u64 rx_bytes;
	u64 rx_fragments;
	u64 rx_dropped;		/* frames given up: a fragment lost */
	u64 rx_errors;		/* malformed EoE messages */
};

/* The set IP parameter request (ecrt_slave_config_eoe_*, ethercat ip). */
struct ec_eoe_ip {
	u32 flags;		/* EC_EOE_IP_* of what is included */
	u8 mac[6];
	u32 ip, subnet, gateway, dns;	/* host order */
	char hostname[EC_EOE_HOSTNAME_SIZE + 1];
};

/*
 * Set IP parameter request of the CLI (ethercat ip), kind EC_REQ_EOE_IP
 * in the slave's queue; life cycle as the other requests (requests.h).
 */
struct ec_eoe_ip_request {
	struct ec_request base;
	struct ec_eoe_ip ip;
};

struct ec_eoe;

/**
 * struct ec_eoe_ops - what the environment provides
 * @tx_pending: whether a frame waits to be sent
 * @tx_pull: copy the next frame to send into @buf (at most @max bytes);
 *	return its size, 0 when none waits
 * @rx_push: a frame was reassembled
 */
struct ec_eoe_ops {
	bool (*tx_pending)(struct ec_eoe *eoe);
	size_t (*tx_pull)(struct ec_eoe *eoe, u8 *buf, size_t max);
	void (*rx_push)(struct ec_eoe *eoe, const u8 *frame, size_t size);
};

struct ec_eoe {
	struct ec_slave *slave;		/* NULL while its slave is away */
	const struct ec_eoe_ops *ops;
	void *priv;			/* the environment's */

	/* The frame being sent: taken up to tx_offset, tx_frag_no
	 * fragments; tx_ahead more written, not yet taken.
	 */
	bool tx_busy;
	size_t tx_size, tx_offset;
	size_t tx_ahead_size[EC_EOE_TX_AHEAD];	/* their data bytes */
	unsigned int tx_ahead;
	u8 tx_frame_no;			/* 1..15, 0 unused */
	u8 tx_frag_no;
	u8 tx_frame[EC_EOE_MAX_FRAME];

	/* The frame being reassembled. */
	bool rx_busy;
	size_t rx_offset;
	size_t rx_expected;		/* 32-byte rounded size of fragment 0 */
	u8 rx_frame_no;
	u8 rx_frag_next;
	bool rx_skip;			/* discarding the rest of rx_frame_no */
	u8 rx_frame[EC_EOE_MAX_FRAME];

	struct ec_eoe_stats stats;

	/* Set IP: the last response's result (0 success), when one came. */
	bool ip_response;
	u16 ip_result;
};

void ec_eoe_init(struct ec_eoe *eoe, const struct ec_eoe_ops *ops,
		 void *priv);
void ec_eoe_attach(struct ec_eoe *eoe, struct ec_slave *slave);
void ec_eoe_detach(struct ec_eoe *eoe);
bool ec_eoe_tx_wanted(const struct ec_eoe *eoe);
size_t ec_eoe_tx_fragment(struct ec_eoe *eoe, u8 *p, size_t max);
void ec_eoe_tx_done(struct ec_eoe *eoe, bool ok);
void ec_eoe_tx_restart(struct ec_eoe *eoe);
int ec_eoe_rx_message(struct ec_eoe *eoe, const u8 *p, size_t n);
size_t ec_eoe_ip_encode(const struct ec_eoe_ip *ip, u8 *p);
void ec_eoe_ip_merge(struct ec_eoe_ip *dst, const struct ec_eoe_ip *src);

bool ec_mbox_unsolicited(struct ec_slave *slave, u8 type, const u8 *p,
			 size_t n);

struct ec_fsm_eoe;
typedef void (*ec_fsm_eoe_state_t)(struct ec_fsm_eoe *fsm, u64 now_ns);

struct ec_fsm_eoe {
	struct ec_slave *slave;
	struct ec_datagram *datagram;	/* the slave FSM's: set IP */
	ec_fsm_eoe_state_t state;
	struct ec_fsm_mbox mbox;
	struct ec_eoe *eoe;
	int error;

	/* The pump's own datagrams, allocated at its first start. */
	struct ec_datagram tx_datagram[EC_EOE_TX_AHEAD];  /* writes to SM0 */
	struct ec_datagram rx_datagram;	/* fetches of SM1 */
	struct ec_fsm_mbox rx;		/* a fetch, repeat request on loss */
	unsigned int tx_first;	/* tx_datagram[] of the oldest write */
	unsigned int tx_n;	/* writes on their way (or held), in order */
	bool tx_hold;		/* the second waits until the first is taken */
	bool rx_fetching;	/* rx is busy */
	unsigned int step;	/* pump steps, counted */
	unsigned int tx_step[EC_EOE_TX_AHEAD];	/* of each write */
	bool yield;		/* set by the slave FSM: another job waits */
	unsigned int tx_retries[EC_EOE_TX_AHEAD];
	u64 tx_start_ns[EC_EOE_TX_AHEAD];	/* first try of each write */
	u64 tx_ahead_after_ns;	/* no write-ahead before (after a failure) */
	u64 hot_until_ns;	/* fetch in every cycle until then */
	u64 queued_bytes;	/* of the pump's datagrams, ever (budget) */
};

void ec_fsm_eoe_init(struct ec_fsm_eoe *fsm, struct ec_datagram *datagram);
void ec_fsm_eoe_clear(struct ec_fsm_eoe *fsm, struct ec_master *master);
bool ec_fsm_eoe_pump_wanted(const struct ec_fsm_eoe *fsm,
			    const struct ec_slave *slave, u64 now_ns);
bool ec_fsm_eoe_pump_start(struct ec_fsm_eoe *fsm, struct ec_slave *slave,
			   u64 now_ns);
void ec_fsm_eoe_set_ip(struct ec_fsm_eoe *fsm, struct ec_slave *slave,
		       const struct ec_eoe_ip *ip, u64 now_ns);
bool ec_fsm_eoe_exec(struct ec_fsm_eoe *fsm, u64 now_ns);
void ec_fsm_eoe_finish(struct ec_fsm_eoe *fsm, int error);
bool ec_fsm_eoe_success(const struct ec_fsm_eoe *fsm);

#endif /* EC_FSM_EOE_H */
