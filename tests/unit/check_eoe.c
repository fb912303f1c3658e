// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_eoe.c - EoE (fsm_eoe.c, served by the slave FSM) against the
 * in-process segment's EoE endpoint (ECSIM-EOE, 512-byte mailboxes):
 * frames of 1 byte, of one fragment's size and one more, and of 1514
 * bytes go out fragmented and come back reassembled (ICMP echo, UDP echo,
 * ARP); a fragment lost on the way back and a fragment with another frame
 * number drop that frame, counted, and the next one passes; datagrams lost
 * on the link are repeated; and the reassembly rules one by one on
 * hand-made fragments.  The pump's rules: a fragment goes each way in
 * every cycle (a full frame's echo takes 4 + 4 cycles and a few more, 8
 * frames at once a fragment per cycle each way); a write whose answer is
 * lost goes again and the slave takes it once; a fetch whose answer is
 * lost is repeated with the repeat request and no fragment is missing; a
 * write mailbox the slave leaves full is written again until it is free;
 * a CoE request on the same slave goes between two frames.  The pump in
 * the operation phase: check_eoe_op.c.
 */
#include "eoe_harness.h"

/* The EoE device with CoE too (a drive's web server beside its SDOs). */
static const char *segment_coe =
	"{ \"models\": { \"EOE-COE\": { \"name\": \"EoE and CoE\","
	" \"order\": \"EOE-COE\", \"group\": \"Other\","
	" \"vendor\": \"0x0ec51d00\", \"product\": \"0x00000e0f\","
	" \"revision\": \"0x00010000\", \"esc\": { \"type\": \"0x11\","
	" \"revision\": 0, \"build\": 3, \"fmmus\": 8, \"sms\": 8,"
	" \"ram_kb\": 8, \"ports\": [\"EBUS\", \"EBUS\"],"
	" \"eeprom_kbit\": 32, \"read8\": true, \"features\": \"0x003c\" },"
	" \"mailbox\": { \"protocols\": [\"EoE\", \"CoE\"], \"coe_details\": 1 },"
	" \"sms\": [ { \"start\": \"0x1000\", \"size\": 512,"
	" \"control\": \"0x26\", \"type\": \"mbx_out\" },"
	" { \"start\": \"0x1200\", \"size\": 512, \"control\": \"0x22\","
	" \"type\": \"mbx_in\" } ],"
	" \"objects\": [ { \"index\": \"0x2000\", \"name\": \"Counter\","
	" \"object\": \"RECORD\", \"entries\": [ { \"subindex\": 1,"
	" \"name\": \"Value\", \"type\": \"UINT32\", \"access\": \"ro\","
	" \"value\": 305419896 } ] } ] } },"
	" \"slaves\": [ { \"model\": \"EK1100\" },"
	" { \"model\": \"EOE-COE\", \"eoe\": { \"ip\": \"169.254.10.1\","
	" \"mac\": \"02:ec:00:00:00:01\", \"udp_echo\": 7 } },"
	" { \"model\": \"EL1008\" } ] }";

START_TEST(test_sizes)
{
	static const size_t sizes[] = {
		14 + 20 + 8,			/* smallest echo */
		FRAG_ROOM,			/* exactly one fragment */
		FRAG_ROOM + 1,			/* one byte into a second */
		MBOX_SIZE,			/* the mailbox's size */
		1514,				/* a full Ethernet frame */
	};
	struct ecsim_eoe_stats st;
	struct ec_harness h;
	unsigned int k;
	u64 frags = 0;

	setup(&h);
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		queue_ping(sizes[k], (u16)k);
		wait_frames(&h, k + 1);
		check_echo(k);
		frags += fragments(sizes[k]);
	}
	ck_assert_uint_eq(eoe.stats.tx_frames, k);
	ck_assert_uint_eq(eoe.stats.tx_fragments, frags);
	ck_assert_uint_eq(eoe.stats.rx_frames, k);
	ck_assert_uint_eq(eoe.stats.rx_fragments, frags);
	ck_assert_uint_eq(eoe.stats.rx_dropped, 0);
	ck_assert_uint_eq(frags, 1 + 1 + 2 + 2 + 4);
	ck_assert_uint_eq(eoe.stats.tx_bytes, 42 + FRAG_ROOM * 2 + 1 +
			  MBOX_SIZE + 1514);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.icmp_replies, k);
	ck_assert_uint_eq(st.rx_fragments, frags);
	ck_assert_uint_eq(st.rx_dropped, 0);
	teardown(&h);
}
END_TEST

/* A frame of one byte goes through (the endpoint ignores it). */
START_TEST(test_one_byte)
{
	struct ecsim_eoe_stats st;
	struct ec_harness h;

	setup(&h);
	env.tx[0][0] = 0x5a;
	env.tx_len[0] = 1;
	env.tx_n = 1;
	ec_harness_run_for(&h, 50 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(eoe.stats.tx_frames, 1);
	ck_assert_uint_eq(eoe.stats.tx_bytes, 1);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.rx_frames, 1);
	ck_assert_uint_eq(env.rx_n, 0);
	teardown(&h);
}
END_TEST

START_TEST(test_arp_udp)
{
	struct ec_harness h;
	u8 *f, *a, *u;
	size_t i;

	setup(&h);
	/* ARP request, broadcast */
	f = env.tx[0];
	a = eth(f, 0x0806, (const u8 *)"\xff\xff\xff\xff\xff\xff");
	be16(a, 1);
	be16(a + 2, 0x0800);
	a[4] = 6;
	a[5] = 4;
	be16(a + 6, 1);
	memcpy(a + 8, host_mac, 6);
	be32(a + 14, HOST_IP);
	memset(a + 18, 0, 6);
	be32(a + 24, SIM_IP);
	env.tx_len[0] = 42;
	/* UDP datagram of 1472 bytes to the echo port */
	f = env.tx[1];
	u = ipv4(f, 17, 8 + 1472);
	be16(u, 40000);
	be16(u + 2, UDP_PORT);
	be16(u + 4, 8 + 1472);
	be16(u + 6, 0);
	for (i = 0; i < 1472; i++)
		u[8 + i] = (u8)(i ^ 0xa5);
	env.tx_len[1] = 14 + 20 + 8 + 1472;
	env.tx_n = 2;
	wait_frames(&h, 2);
	a = env.rx[0] + 14;
	ck_assert_uint_eq(rd16(env.rx[0] + 12), 0x0806);
	ck_assert_uint_eq(rd16(a + 6), 2);		/* reply */
	ck_assert_int_eq(memcmp(a + 8, sim_mac, 6), 0);
	ck_assert_int_eq(memcmp(a + 18, host_mac, 6), 0);
	ck_assert_uint_eq(env.rx_len[1], env.tx_len[1]);
	u = env.rx[1] + 34;
	ck_assert_uint_eq(rd16(u), UDP_PORT);
	ck_assert_uint_eq(rd16(u + 2), 40000);
	ck_assert_int_eq(memcmp(u + 8, env.tx[1] + 42, 1472), 0);
	/* the UDP checksum over the pseudo header holds */
	ck_assert_uint_eq(inet_csum(u, 1480, (SIM_IP >> 16) + (SIM_IP & 0xffff) +
				    (HOST_IP >> 16) + (HOST_IP & 0xffff) + 17 +
				    1480), 0);
	teardown(&h);
}
END_TEST

/* A fragment of the reply lost, or of another frame number: that frame
 * is dropped and counted; the next one passes. */
static void spoiled_reply(int fault)
{
	struct ec_harness h;

	setup(&h);
	ck_assert_int_eq(ecsim_slave_eoe_fault(h.seg, ID_EOE, fault), 0);
	queue_ping(1514, 1);
	ec_harness_run_for(&h, 200 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(env.rx_n, 0);
	queue_ping(1514, 2);
	wait_frames(&h, 1);
	ck_assert_uint_eq(env.rx_len[0], 1514);
	ck_assert_uint_eq(rd16(env.rx[0] + 34 + 6), 2);	/* sequence 2 */
	ck_assert_uint_eq(eoe.stats.rx_dropped, 1);
	ck_assert_uint_eq(eoe.stats.rx_frames, 1);
	teardown(&h);
}

START_TEST(test_lost_fragment)
{
	spoiled_reply(ECSIM_EOE_DROP_FRAGMENT);
}
END_TEST

START_TEST(test_bad_frame_number)
{
	spoiled_reply(ECSIM_EOE_BAD_FRAME_NO);
}
END_TEST

/* Datagrams lost on the link are repeated: every ping comes back. */
START_TEST(test_link_loss)
{
	struct ec_harness h;
	unsigned int k;

	setup(&h);
	ecsim_segment_seed(h.seg, 7);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 10), 0);
	for (k = 0; k < 6; k++) {
		queue_ping(600 + 150 * k, (u16)k);
		wait_frames(&h, k + 1);
		check_echo(k);
	}
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	teardown(&h);
}
END_TEST

/* A fragment each way per cycle: writes and fetches share the frames. */
START_TEST(test_pipelining)
{
	struct ec_harness h;
	unsigned int k, c;

	setup(&h);
	/* one full frame: 4 fragments out, 4 back, overlapping by one */
	queue_ping(FULL_FRAME, 1);
	c = cycles_to(&h, 1);
	check_echo(0);
	ck_assert_msg(c <= 4 + 4 + 2, "a full frame's echo took %u cycles", c);
	/* 8 UDP datagrams of 1472 bytes at once: 32 fragments each way */
	memset(&env, 0, sizeof(env));
	for (k = 0; k < MAX_FRAMES; k++)
		queue_udp(1472, (u8)k);
	c = cycles_to(&h, MAX_FRAMES);
	for (k = 0; k < MAX_FRAMES; k++) {
		ck_assert_uint_eq(env.rx_len[k], env.tx_len[k]);
		ck_assert_int_eq(memcmp(env.rx[k] + 42, env.tx[k] + 42, 1472),
				 0);
	}
	ck_assert_msg(c <= 4 * MAX_FRAMES + 4 + 2,
		      "8 full frames' echoes took %u cycles", c);
	ck_assert_uint_eq(eoe.stats.tx_fragments, 4 + 4 * MAX_FRAMES);
	ck_assert_uint_eq(eoe.stats.rx_fragments, 4 + 4 * MAX_FRAMES);
	ck_assert_uint_eq(eoe.stats.rx_dropped, 0);
	ck_assert_uint_eq(eoe.stats.tx_busy, 0);
	teardown(&h);
}
END_TEST

/* The answer to a fragment write is lost: the write goes again with the
 * same mailbox counter and the slave takes the fragment once. */
START_TEST(test_lost_write)
{
	struct ecsim_eoe_stats st;
	struct ec_harness h;

	setup(&h);
	queue_ping(FULL_FRAME, 3);
	wait_counter(&h, &eoe.stats.tx_fragments, 1);
	h.lose_answers = 1;	/* the frame with the second fragment */
	wait_frames(&h, 1);
	check_echo(0);
	ck_assert_uint_eq(eoe.stats.tx_fragments, 4);
	ck_assert_uint_eq(eoe.stats.tx_errors, 0);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.rx_fragments, 4);
	ck_assert_uint_eq(st.rx_dropped, 0);
	teardown(&h);
}
END_TEST

/* A frame with a fetch is lost on its way to the slave: the fetch times
 * out, the repeat request follows (the fragment is still in the read
 * mailbox, nothing was lost) and the fragment is fetched; none missing. */
START_TEST(test_lost_fetch)
{
	struct ec_harness h;
	struct ec_fsm_slave *f;

	setup(&h);
	f = h.master.slaves[ID_EOE]->fsm;
	queue_ping(FULL_FRAME, 4);
	wait_counter(&h, &eoe.stats.rx_fragments, 1);
	h.drop_frames = 1;	/* the frame that would fetch fragment 2 */
	wait_frames(&h, 1);
	check_echo(0);
	ck_assert_uint_eq(eoe.stats.rx_fragments, 4);
	ck_assert_uint_eq(eoe.stats.rx_dropped, 0);
	ck_assert_uint_ge(f->eoe.rx.repeats, 1);
	/* the link goes on at a fragment per cycle */
	queue_ping(FULL_FRAME, 5);
	ck_assert_uint_le(cycles_to(&h, 2), 4 + 4 + 2);
	check_echo(1);
	teardown(&h);
}
END_TEST

/* The slave leaves its write mailbox full for a while: the refused
 * writes go again until it takes them; the frame arrives whole. */
START_TEST(test_mailbox_busy)
{
	struct ecsim_eoe_stats st;
	struct ec_harness h;

	setup(&h);
	ck_assert_int_eq(ecsim_slave_eoe_fault(h.seg, ID_EOE,
					       ECSIM_EOE_SLOW_MAILBOX), 0);
	queue_ping(FULL_FRAME, 6);
	wait_frames(&h, 1);
	check_echo(0);
	ck_assert_uint_ge(eoe.stats.tx_busy, 3);
	ck_assert_uint_eq(eoe.stats.tx_errors, 0);
	ck_assert_uint_eq(eoe.stats.tx_fragments, 4);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.rx_dropped, 0);
	teardown(&h);
}
END_TEST

/* An SDO upload from the EoE slave while frames flow both ways: it goes
 * between two frames, EoE fragments that arrive while it waits go to the
 * handler, it gets its value; every frame comes back whole. */
START_TEST(test_coe_interleave)
{
	struct ec_sdo_request req;
	struct ec_harness h;
	unsigned int k;
	u8 buf[4];

	setup_segment(&h, segment_coe);
	for (k = 0; k < 4; k++)
		queue_udp(1472, (u8)(k + 20));
	wait_counter(&h, &eoe.stats.tx_fragments, 2);
	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.index = 0x2000;
	req.subindex = 1;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(h.master.slaves[ID_EOE], &req.base);
	ck_assert(ec_harness_run_until(&h, ec_harness_req_done, &req.base.state,
				       EC_NSEC_PER_SEC));
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(req.data_size, 4);
	ck_assert_uint_eq(ec_get_u32(buf), 305419896);
	/* the frame being sent was finished first */
	ck_assert_uint_eq(eoe.stats.tx_fragments % 4, 0);
	wait_frames(&h, 4);
	for (k = 0; k < 4; k++)
		ck_assert_int_eq(memcmp(env.rx[k] + 42, env.tx[k] + 42, 1472),
				 0);
	ck_assert_uint_eq(eoe.stats.rx_dropped, 0);
	ck_assert_uint_eq(eoe.stats.tx_errors, 0);
	teardown(&h);
}
END_TEST

static bool ip_done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_req_done(((struct ec_eoe_ip_request *)ctx)->base.state);
}

/* Set IP now (ethercat ip): the endpoint takes the new address and
 * answers ping there; a slave without EoE refuses. */
START_TEST(test_set_ip_request)
{
	struct ec_eoe_ip_request req;
	struct ecsim_eoe_stats st;
	struct ec_harness h;

	setup(&h);
	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.ip.flags = EC_EOE_IP_IP | EC_EOE_IP_SUBNET | EC_EOE_IP_DNS_NAME;
	req.ip.ip = 0xa9fe1401;
	req.ip.subnet = 0xffff0000;
	strcpy(req.ip.hostname, "eoe-device");
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_EOE_IP, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(h.master.slaves[ID_EOE], &req.base);
	ck_assert(ec_harness_run_until(&h, ip_done, &req, EC_NSEC_PER_SEC));
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
	ck_assert_uint_eq(st.set_ip, 1);
	ck_assert_uint_eq(st.ip, 0xa9fe1401);
	/* a slave without EoE */
	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.ip.flags = EC_EOE_IP_IP;
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_EOE_IP, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(h.master.slaves[2], &req.base);
	ck_assert(ec_harness_run_until(&h, ip_done, &req, EC_NSEC_PER_SEC));
	ck_assert_int_eq(req.base.state, EC_REQ_FAILURE);
	ck_assert_int_eq(req.base.error, -EPROTONOSUPPORT);
	teardown(&h);
}
END_TEST

/* ecrt_slave_config_eoe_*: sent on the way PREOP -> SAFEOP. */
START_TEST(test_set_ip_config)
{
	struct ec_slave_config *sc;
	struct ecsim_eoe_stats st;
	struct ec_eoe_ip ip;
	struct ec_harness h;
	unsigned int i;

	setup(&h);
	sc = ec_master_slave_config(&h.master, 0, ID_EOE, 0x0ec51d00,
				    0x00000e0e);
	ck_assert_ptr_nonnull(sc);
	memset(&ip, 0, sizeof(ip));
	ip.flags = EC_EOE_IP_IP;
	ip.ip = 0xa9fe1e01;
	ec_eoe_ip_merge(&sc->eoe_ip, &ip);
	ip.flags = EC_EOE_IP_GATEWAY;
	ip.gateway = 0xa9fe0001;
	ec_eoe_ip_merge(&sc->eoe_ip, &ip);
	ck_assert_uint_eq(sc->eoe_ip.flags, EC_EOE_IP_IP | EC_EOE_IP_GATEWAY);
	ck_assert_uint_eq(sc->eoe_ip.ip, 0xa9fe1e01);
	ck_assert_int_eq(ec_master_activate(&h.master, h.now_ns), 0);
	for (i = 0; i < 5000; i++) {
		ec_harness_op_receive(&h.master, h.now_ns);
		ec_harness_op_send(&h.master, h.now_ns);
		h.now_ns += EC_HARNESS_CYCLE_NS;
		ck_assert_int_eq(ecsim_slave_eoe_stats(h.seg, ID_EOE, &st), 0);
		if ((h.master.slaves[ID_EOE]->current_state & 0x0f) ==
		    EC_AL_STATE_OP_)
			break;
	}
	ck_assert_uint_eq(h.master.slaves[ID_EOE]->current_state & 0x0f,
			  EC_AL_STATE_OP_);
	ck_assert_uint_eq(st.set_ip, 1);
	ck_assert_uint_eq(st.ip, 0xa9fe1e01);
	ec_master_deactivate(&h.master, h.now_ns);
	teardown(&h);
}
END_TEST

/* Reassembly rules on hand-made fragments. */
static void frag(u8 *m, u8 type, bool last, u8 no, u16 off32, u8 frame)
{
	ec_put_u16(m, (u16)(type | (last ? EC_EOE_LAST_FRAGMENT : 0)));
	ec_put_u16(m + 2, (u16)(no | off32 << 6 | frame << 12));
}

START_TEST(test_rx_rules)
{
	u8 m[EC_EOE_HEADER_SIZE + 128];
	struct ec_eoe e;

	memset(&env, 0, sizeof(env));
	ec_eoe_init(&e, &env_ops, &env);
	memset(m, 0x11, sizeof(m));
	/* two fragments of 64 + 10 bytes: delivered */
	frag(m, 0, false, 0, 3, 5);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 64), 0);
	frag(m, 0, true, 1, 2, 5);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 10), 0);
	ck_assert_uint_eq(env.rx_n, 1);
	ck_assert_uint_eq(env.rx_len[0], 74);
	/* a fragment number skipped: dropped */
	frag(m, 0, false, 0, 3, 6);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 64), 0);
	frag(m, 0, true, 2, 2, 6);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 10), -EPROTO);
	ck_assert_uint_eq(e.stats.rx_dropped, 1);
	/* a wrong offset: dropped */
	frag(m, 0, false, 0, 3, 7);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 64), 0);
	frag(m, 0, true, 1, 1, 7);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 10), -EPROTO);
	ck_assert_uint_eq(e.stats.rx_dropped, 2);
	/* later fragments without their first: one frame dropped */
	frag(m, 0, false, 1, 2, 8);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 32), -EPROTO);
	frag(m, 0, true, 2, 3, 8);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 10), -EPROTO);
	ck_assert_uint_eq(e.stats.rx_dropped, 3);
	/* a new fragment 0 ends the frame before it */
	frag(m, 0, false, 0, 3, 9);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 64), 0);
	frag(m, 0, true, 0, 1, 10);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 20), 0);
	ck_assert_uint_eq(e.stats.rx_dropped, 4);
	ck_assert_uint_eq(env.rx_n, 2);
	ck_assert_uint_eq(env.rx_len[1], 20);
	/* a middle fragment not a multiple of 32 bytes */
	frag(m, 0, false, 0, 3, 11);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 40), -EPROTO);
	ck_assert_uint_eq(e.stats.rx_errors, 1);
	/* larger than fragment 0 announced */
	frag(m, 0, false, 0, 2, 12);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 64), 0);
	frag(m, 0, true, 1, 2, 12);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 10), -EPROTO);
	/* time stamp appended: its 4 bytes are not frame data */
	frag(m, 0, true, 0, 1, 13);
	ec_put_u16(m, EC_EOE_LAST_FRAGMENT | EC_EOE_TIME_APPENDED);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4 + 24), 0);
	ck_assert_uint_eq(env.rx_len[2], 20);
	/* set IP response, short and unknown messages */
	frag(m, EC_EOE_TYPE_SET_IP_RES, true, 0, 0, 0);
	ec_put_u16(m + 2, 0x0004);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4), 0);
	ck_assert(e.ip_response);
	ck_assert_uint_eq(e.ip_result, 4);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 3), -EPROTO);
	frag(m, 0x0e, true, 0, 0, 0);
	ck_assert_int_eq(ec_eoe_rx_message(&e, m, 4), -EPROTO);
	ck_assert_uint_eq(env.rx_n, 3);
}
END_TEST

/* Fragmenting: sizes, offsets, frame numbers of what goes out. */
START_TEST(test_tx_rules)
{
	u8 m[EC_EOE_HEADER_SIZE + 100];
	struct ec_eoe e;
	u16 w1;

	memset(&env, 0, sizeof(env));
	ec_eoe_init(&e, &env_ops, &env);
	ck_assert(!ec_eoe_tx_wanted(&e));
	ck_assert_uint_eq(ec_eoe_tx_fragment(&e, m, sizeof(m)), 0);
	env.tx_len[0] = 150;
	env.tx_n = 1;
	ck_assert(ec_eoe_tx_wanted(&e));
	/* 100 bytes of room: 96 + 54 */
	ck_assert_uint_eq(ec_eoe_tx_fragment(&e, m, sizeof(m)), 4 + 96);
	ck_assert_uint_eq(ec_get_u16(m), 0);
	w1 = ec_get_u16(m + 2);
	ck_assert_uint_eq(w1 & 0x3f, 0);
	ck_assert_uint_eq((w1 >> 6) & 0x3f, 5);	/* 150 bytes: 5 units */
	ck_assert_uint_eq(w1 >> 12, 1);
	ec_eoe_tx_done(&e, true);
	ck_assert_uint_eq(ec_eoe_tx_fragment(&e, m, sizeof(m)), 4 + 54);
	ck_assert_uint_eq(ec_get_u16(m), EC_EOE_LAST_FRAGMENT);
	w1 = ec_get_u16(m + 2);
	ck_assert_uint_eq(w1 & 0x3f, 1);
	ck_assert_uint_eq((w1 >> 6) & 0x3f, 3);	/* offset 96 */
	ck_assert_uint_eq(w1 >> 12, 1);
	ec_eoe_tx_done(&e, true);
	ck_assert_uint_eq(e.stats.tx_frames, 1);
	ck_assert(!ec_eoe_tx_wanted(&e));
	/* a failed write drops the frame */
	env.tx_len[1] = 10;
	env.tx_n = 2;
	ck_assert_uint_eq(ec_eoe_tx_fragment(&e, m, sizeof(m)), 4 + 10);
	ck_assert_uint_eq(ec_get_u16(m + 2) >> 12, 2);
	ec_eoe_tx_done(&e, false);
	ck_assert_uint_eq(e.stats.tx_errors, 1);
	ck_assert(!ec_eoe_tx_wanted(&e));
	/* too small a mailbox for a fragment */
	ck_assert_uint_eq(ec_eoe_tx_fragment(&e, m, 4 + 31), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("eoe");
	TCase *tc = tcase_create("eoe");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sizes);
	tcase_add_test(tc, test_one_byte);
	tcase_add_test(tc, test_arp_udp);
	tcase_add_test(tc, test_lost_fragment);
	tcase_add_test(tc, test_bad_frame_number);
	tcase_add_test(tc, test_link_loss);
	tcase_add_test(tc, test_pipelining);
	tcase_add_test(tc, test_lost_write);
	tcase_add_test(tc, test_lost_fetch);
	tcase_add_test(tc, test_mailbox_busy);
	tcase_add_test(tc, test_coe_interleave);
	tcase_add_test(tc, test_set_ip_request);
	tcase_add_test(tc, test_set_ip_config);
	tcase_add_test(tc, test_rx_rules);
	tcase_add_test(tc, test_tx_rules);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
