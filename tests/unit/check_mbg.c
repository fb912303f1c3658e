// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_mbg.c - the mailbox gateway's parts that need no master
 * (mbg/mbg_proto.c, mbg/mbg_daemon.c, mbg/mbg_od.c): every kind of bad
 * datagram, building and framing, the allow list and the refused bind
 * addresses, the client slots and the rate limit, the end of an FoE read,
 * and the dictionary of address 0 answered through the CoE server
 * (expedited and normal upload, a gap, another protocol).
 */
#include <arpa/inet.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coe.h"
#include "mbg_daemon.h"
#include "mbg_od.h"
#include "mbg_proto.h"

/* An SDO upload request of index:sub to @address, as a datagram. */
static size_t upload_req(uint8_t *d, size_t cap, uint16_t address,
			 uint16_t index, uint8_t sub)
{
	uint8_t sdo[10] = { 0x00, 0x20, 0x40, (uint8_t)index,
			    (uint8_t)(index >> 8), sub };

	return mbg_build(d, cap, address, MBG_TYPE_COE, 1, sdo, sizeof(sdo));
}

START_TEST(test_parse_kinds)
{
	uint8_t d[MBG_DGRAM_MAX + 8];
	struct mbg_msg m;
	size_t n = upload_req(d, sizeof(d), 0x1001, 0x1018, 1);

	ck_assert_uint_eq(n, 18);
	ck_assert_int_eq(mbg_parse(d, n, &m), MBG_OK);
	ck_assert_uint_eq(m.address, 0x1001);
	ck_assert_uint_eq(m.type, MBG_TYPE_COE);
	ck_assert_uint_eq(m.counter, 1);
	ck_assert_uint_eq(m.data_size, 10);
	ck_assert_int_eq(mbg_parse(d, 7, &m), MBG_SHORT);
	ck_assert_int_eq(mbg_parse(d, MBG_DGRAM_MAX + 1, &m), MBG_OVERSIZE);
	ck_assert_int_eq(mbg_parse(d, n - 1, &m), MBG_LENGTH);
	d[1] = 0x10;		/* frame type 1 */
	ck_assert_int_eq(mbg_parse(d, n, &m), MBG_WRONG_TYPE);
	d[1] = 0x50;
	d[2] = 0x0b;		/* mailbox length 11, frame says 16 */
	ck_assert_int_eq(mbg_parse(d, n, &m), MBG_LENGTH);
	d[2] = 0x0a;
	d[7] = 0x12;		/* EoE */
	ck_assert_int_eq(mbg_parse(d, n, &m), MBG_PROTOCOL);
	d[7] = 0x10;		/* error reply */
	ck_assert_int_eq(mbg_parse(d, n, &m), MBG_PROTOCOL);
	ck_assert_str_eq(mbg_bad_name(MBG_LENGTH), "length");
	ck_assert_ptr_nonnull(strstr(mbg_bad_text(MBG_SHORT), "shorter"));
	/* too big to build */
	ck_assert_uint_eq(mbg_build(d, sizeof(d), 1, MBG_TYPE_COE, 1, d,
				    MBG_MSG_MAX), 0);
}
END_TEST

START_TEST(test_frame_msg)
{
	uint8_t msg[16] = { 10, 0, 0, 0, 0, 0x23 }, d[64];
	struct mbg_msg m;
	size_t n = mbg_frame_msg(d, sizeof(d), msg, sizeof(msg), 0x1006);

	ck_assert_uint_eq(n, 18);
	ck_assert_int_eq(mbg_parse(d, n, &m), MBG_OK);
	ck_assert_uint_eq(m.address, 0x1006);
	ck_assert_uint_eq(m.counter, 2);
	msg[0] = 11;		/* length field disagrees */
	ck_assert_uint_eq(mbg_frame_msg(d, sizeof(d), msg, sizeof(msg), 1), 0);
	n = mbg_mbox_error(d, sizeof(d), 0, 3,
			   MBG_MBOX_ERR_UNSUPPORTED_PROTOCOL);
	ck_assert_uint_eq(n, 12);
	ck_assert_uint_eq(d[7] & 0x0f, MBG_TYPE_ERR);
	ck_assert_uint_eq(d[10], 2);
}
END_TEST

START_TEST(test_options)
{
	struct mbg g;
	FILE *null = fopen("/dev/null", "w");

	memset(&g, 0, sizeof(g));
	mbg_defaults(&g);
	ck_assert_int_ne(mbg_parse_bind(&g, "0.0.0.0", null), 0);
	ck_assert_int_ne(mbg_parse_bind(&g, "169.254.1.1:0", null), 0);
	ck_assert_int_ne(mbg_parse_bind(&g, "example", null), 0);
	ck_assert_int_eq(mbg_parse_bind(&g, "169.254.1.1", null), 0);
	ck_assert_uint_eq(ntohs(g.bind.sin_port), MBG_PORT);
	ck_assert_int_eq(mbg_parse_bind(&g, "169.254.1.1:4000", null), 0);
	ck_assert_uint_eq(ntohs(g.bind.sin_port), 4000);
	ck_assert_int_ne(mbg_parse_allow(&g, "", null), 0);
	ck_assert_int_ne(mbg_parse_allow(&g, "169.254.1.2/33", null), 0);
	ck_assert_int_eq(mbg_parse_allow(&g, "169.254.1.2,10.0.0.0/8", null),
			 0);
	ck_assert(mbg_allowed(&g, inet_addr("169.254.1.2")));
	ck_assert(!mbg_allowed(&g, inet_addr("169.254.1.3")));
	ck_assert(mbg_allowed(&g, inet_addr("10.9.8.7")));
	ck_assert_int_ne(mbg_option(&g, 'r', "0", null), 0);
	ck_assert_int_ne(mbg_option(&g, 't', "99999", null), 0);
	ck_assert_int_eq(mbg_option(&g, 'r', "10", null), 0);
	fclose(null);
}
END_TEST

START_TEST(test_clients_rate)
{
	struct mbg g;
	struct mbg_client *c;
	unsigned int i, ok = 0;

	memset(&g, 0, sizeof(g));
	mbg_defaults(&g);
	g.rate = 10;
	for (i = 0; i < MBG_CLIENTS; i++)
		ck_assert_ptr_nonnull(mbg_client(&g, 100 + i, 5000));
	ck_assert_ptr_null(mbg_client(&g, 999, 5001));
	/* a minute later the silent slots are free again */
	ck_assert_ptr_nonnull(mbg_client(&g, 999, 5000 + MBG_CLIENT_IDLE_MS));
	c = mbg_client(&g, 100, 70000);
	for (i = 0; i < 100; i++)
		ok += mbg_rate_take(&g, c, 70000);
	ck_assert_uint_eq(ok, 10);	/* a second's burst */
	ck_assert(!mbg_rate_take(&g, c, 70050));
	ck_assert(mbg_rate_take(&g, c, 70100));
}
END_TEST

START_TEST(test_foe_end)
{
	struct mbg_od_slave s = { .mbox_in = 128 };
	uint8_t ack[6 + 6] = { 6, 0, 0, 0, 0, 0x14, MBG_FOE_ACK };
	uint8_t data[6 + 50] = { 50, 0, 0, 0, 0, 0x24, MBG_FOE_DATA };
	uint8_t full[128] = { 122, 0, 0, 0, 0, 0x24, MBG_FOE_DATA };
	struct mbg_msg m;
	uint8_t d[200];

	mbg_parse(d, mbg_frame_msg(d, sizeof(d), ack, sizeof(ack), 1), &m);
	mbg_foe_note_reply(&s, full, sizeof(full));
	ck_assert(!mbg_foe_last_ack(&s, &m));	/* more packets follow */
	mbg_foe_note_reply(&s, data, sizeof(data));
	ck_assert(mbg_foe_last_ack(&s, &m));	/* the last one: no reply */
	ck_assert(!mbg_foe_last_ack(&s, &m));
}
END_TEST

START_TEST(test_address0)
{
	struct mbg_od_slave sl[3] = {
		{ .station = 0x1001, .vendor = 2, .product = 0x04602c22,
		  .al_state = 8, .link = 0x03, .name = "EL1004",
		  .order = "EL1004" },
		{ .station = 0x1002, .vendor = 0x0ec51d00, .product = 0x402,
		  .al_state = 2, .al_status_code = 0x1d,
		  .name = "A rather long name of a simulated servo drive",
		  .order = "ECSIM-SERVO" },
		{ .station = 0x1003 },	/* no SII strings */
	};
	struct mbg_od_master om = { .name = "EtherCAT master",
				    .version = "1.6.0", .slaves = sl,
				    .nslaves = 3, .configs = sl,
				    .nconfigs = 1 };
	struct mbg *g = calloc(1, sizeof(*g));
	uint8_t d[MBG_DGRAM_MAX], r[MBG_DGRAM_MAX];
	struct mbg_msg m, rm;
	size_t n;

	ck_assert_ptr_nonnull(g);
	mbg_defaults(g);
	ck_assert_int_eq(mbg_server_set_od(g, mbg_od_build(&om)), 0);
	/* 0x9001:01, expedited */
	mbg_parse(d, upload_req(d, sizeof(d), 0, 0x9001, 1), &m);
	n = mbg_server(g, &m, r, sizeof(r));
	ck_assert_int_eq(mbg_parse(r, n, &rm), MBG_OK);
	ck_assert_uint_eq(rm.address, 0);
	ck_assert_uint_eq(rm.data[2], 0x4b);	/* expedited, 2 bytes */
	ck_assert_uint_eq(rm.data[6] | rm.data[7] << 8, 0x1002);
	/* 0x9001:03, the name: a normal upload in one message */
	mbg_parse(d, upload_req(d, sizeof(d), 0, 0x9001, 3), &m);
	n = mbg_server(g, &m, r, sizeof(r));
	ck_assert_int_eq(mbg_parse(r, n, &rm), MBG_OK);
	ck_assert_uint_eq(rm.data[2], 0x41);
	ck_assert_uint_eq(rm.data[6], strlen(sl[1].name));
	ck_assert(!memcmp(rm.data + 10, sl[1].name, strlen(sl[1].name)));
	/* 0xA001:02 the AL status code, 0x8000:01 the config's station */
	mbg_parse(d, upload_req(d, sizeof(d), 0, 0xa001, 2), &m);
	n = mbg_server(g, &m, r, sizeof(r));
	mbg_parse(r, n, &rm);
	ck_assert_uint_eq(rm.data[6], 0x1d);
	mbg_parse(d, upload_req(d, sizeof(d), 0, 0x8000, 1), &m);
	n = mbg_server(g, &m, r, sizeof(r));
	mbg_parse(r, n, &rm);
	ck_assert_uint_eq(rm.data[6] | rm.data[7] << 8, 0x1001);
	/* 0x9001:05 the vendor (4 bytes), 0xA000:03 the links (1 byte) */
	mbg_parse(d, upload_req(d, sizeof(d), 0, 0x9001, 5), &m);
	n = mbg_server(g, &m, r, sizeof(r));
	mbg_parse(r, n, &rm);
	ck_assert_uint_eq(rm.data[2], 0x43);
	ck_assert_uint_eq(rm.data[6] | rm.data[7] << 8 | rm.data[8] << 16 |
			  (uint32_t)rm.data[9] << 24, 0x0ec51d00);
	mbg_parse(d, upload_req(d, sizeof(d), 0, 0xa000, 3), &m);
	n = mbg_server(g, &m, r, sizeof(r));
	mbg_parse(r, n, &rm);
	ck_assert_uint_eq(rm.data[2], 0x4f);
	ck_assert_uint_eq(rm.data[6], 0x03);
	/* a gap: abort 0x06020000 */
	mbg_parse(d, upload_req(d, sizeof(d), 0, 0x9003, 1), &m);
	n = mbg_server(g, &m, r, sizeof(r));
	mbg_parse(r, n, &rm);
	ck_assert_uint_eq(rm.data[2], 0x80);
	ck_assert_uint_eq(rm.data[6] | rm.data[7] << 8 | rm.data[8] << 16 |
			  (uint32_t)rm.data[9] << 24, 0x06020000);
	/* FoE to address 0: mailbox error "protocol not supported" */
	m.type = MBG_TYPE_FOE;
	n = mbg_server(g, &m, r, sizeof(r));
	ck_assert_int_eq(mbg_parse(r, n, &rm), MBG_PROTOCOL);
	ck_assert_uint_eq(rm.type, MBG_TYPE_ERR);
	ck_assert_uint_eq(rm.data[2], MBG_MBOX_ERR_UNSUPPORTED_PROTOCOL);
	ecsim_coe_free(g->coe);
	ecsim_od_free(g->od);
	free(g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mbg");
	TCase *tc = tcase_create("gateway");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_parse_kinds);
	tcase_add_test(tc, test_frame_msg);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_clients_rate);
	tcase_add_test(tc, test_foe_end);
	tcase_add_test(tc, test_address0);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
