// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_coe.c - the CoE client's SDO transfers against the in-process
 * segment (coe_harness.h): upload and download (expedited, normal,
 * segmented, complete access), every basic type, aborts with code and
 * text, timeouts, a silent segment and frame loss; figures in simulated
 * time and the frames checked by tshark.  The dictionary and PDOs read
 * over CoE are in check_coe_info.c, emergencies and the mailbox around
 * CoE in check_coe_mbox.c.
 */
#include "coe_harness.h"

START_TEST(test_expedited_upload)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;

	setup(&h);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6060, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(buf[0], 8);
	/* Identity object against the SII. */
	ck_assert_int_eq(upload(&h, ID_AI, 0x1018, 1, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(ec_get_u32(buf),
			  h.master.slaves[ID_AI]->sii.vendor_id);
	ck_assert_int_eq(upload(&h, ID_AI, 0x1018, 2, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u32(buf),
			  h.master.slaves[ID_AI]->sii.product_code);
	teardown(&h);
}
END_TEST

START_TEST(test_normal_upload)
{
	struct ec_harness h;
	u8 buf[64], ref[64];
	size_t n;
	int len;

	setup(&h);
	/* Device name: longer than 4 bytes, fits one mailbox. */
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x1008, 0, buf, sizeof(buf),
				&n), 0);
	len = ecsim_od_read(sim_od(&h, ID_SERVO), 0x1008, 0, ref,
			    sizeof(ref));
	ck_assert_int_gt(len, 4);
	ck_assert_uint_eq(n, (size_t)len);
	ck_assert_mem_eq(buf, ref, n);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2011, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 8);
	ck_assert_mem_eq(buf, "abcdefgh", 8);
	/* A buffer too small for the announced size: the client aborts
	 * the transfer and the slave serves the next one. */
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2011, 0, buf, 4, &n),
			 -EOVERFLOW);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, 64, &n),
			 -EOVERFLOW);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2011, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_mem_eq(buf, "abcdefgh", 8);
	teardown(&h);
}
END_TEST

START_TEST(test_segmented_string)
{
	struct ec_harness h;
	u8 buf[512], ref[512];
	size_t n, i;
	int len;

	setup(&h);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, LONG_TEXT_LEN);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(buf[i], 'A' + i % 26);

	/* Segmented download of a new text, checked in the sim. */
	for (i = 0; i < LONG_TEXT_LEN; i++)
		buf[i] = (u8)('z' - i % 26);
	ck_assert_int_eq(download(&h, ID_TEST, 0x200C, 0, buf,
				  LONG_TEXT_LEN), 0);
	len = ecsim_od_read(sim_od(&h, ID_TEST), 0x200C, 0, ref, sizeof(ref));
	ck_assert_int_eq(len, LONG_TEXT_LEN);
	ck_assert_mem_eq(ref, buf, LONG_TEXT_LEN);
	memset(buf, 0, sizeof(buf));
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_mem_eq(ref, buf, LONG_TEXT_LEN);

	/* Octet string: segmented both ways, every byte value. */
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200D, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, BLOB_LEN);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(buf[i], i & 0xff);
	for (i = 0; i < BLOB_LEN; i++)
		buf[i] = (u8)(0xff - i);
	ck_assert_int_eq(download(&h, ID_TEST, 0x200D, 0, buf, BLOB_LEN), 0);
	len = ecsim_od_read(sim_od(&h, ID_TEST), 0x200D, 0, ref, sizeof(ref));
	ck_assert_int_eq(len, BLOB_LEN);
	ck_assert_mem_eq(ref, buf, BLOB_LEN);
	teardown(&h);
}
END_TEST

/* Every basic type: download a value, upload it, compare with the sim. */
START_TEST(test_basic_types)
{
	static const struct {
		u16 index;
		size_t size;
		u8 value[8];
	} cases[] = {
		{ 0x2001, 1, { 0x01 } },
		{ 0x2002, 1, { 0x85 } },			/* -123 */
		{ 0x2003, 2, { 0x2e, 0xfb } },			/* -1234 */
		{ 0x2004, 4, { 0x78, 0x56, 0x34, 0x92 } },
		{ 0x2005, 8, { 1, 2, 3, 4, 5, 6, 7, 0x88 } },
		{ 0x2006, 1, { 0xfe } },
		{ 0x2007, 2, { 0x34, 0xf2 } },
		{ 0x2008, 4, { 0xef, 0xbe, 0xad, 0xde } },
		{ 0x2009, 8, { 0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 1 } },
		{ 0x200A, 4, { 0x00, 0x00, 0xc0, 0x3f } },	/* 1.5f */
		/* -2.5 */
		{ 0x200B, 8, { 0, 0, 0, 0, 0, 0, 0x04, 0xc0 } },
	};
	struct ec_harness h;
	u8 buf[16], ref[16];
	size_t i, n;

	setup(&h);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ck_assert_msg(download(&h, ID_TEST, cases[i].index, 0,
				       cases[i].value, cases[i].size) == 0,
			      "download 0x%04x", cases[i].index);
		ck_assert_int_eq(ecsim_od_read(sim_od(&h, ID_TEST),
					       cases[i].index, 0, ref,
					       sizeof(ref)),
				 (int)cases[i].size);
		ck_assert_mem_eq(ref, cases[i].value, cases[i].size);
		memset(buf, 0, sizeof(buf));
		ck_assert_int_eq(upload(&h, ID_TEST, cases[i].index, 0, buf,
					sizeof(buf), &n), 0);
		ck_assert_uint_eq(n, cases[i].size);
		ck_assert_mem_eq(buf, cases[i].value, n);
	}
	teardown(&h);
}
END_TEST

START_TEST(test_complete_access)
{
	struct ec_harness h;
	struct ecsim_od *od;
	u8 buf[512], *ref;
	size_t n, ref_len, i;
	u32 abort_code;

	setup(&h);
	od = sim_od(&h, ID_TEST);
	/* Record: subindex 0 as 16 bits, then 1 + 2 + 4 bytes. */
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_TEST, false, 0x200E, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_uint_eq(ecsim_od_sdo_upload(od, 0x200E, 0, true, &ref,
					      &ref_len), 0);
	ck_assert_uint_eq(n, ref_len);
	ck_assert_mem_eq(buf, ref, n);
	free(ref);
	ck_assert_uint_eq(n, 9);
	ck_assert_uint_eq(buf[0], 3);
	ck_assert_uint_eq(buf[2], 1);
	ck_assert_uint_eq(ec_get_u16(buf + 3), 2);
	ck_assert_uint_eq(ec_get_u32(buf + 5), 3);

	/* Write all entries at once, read them one by one. */
	buf[2] = 0x11;
	ec_put_u16(buf + 3, 0x2222);
	ec_put_u32(buf + 5, 0x33333333);
	ck_assert_int_eq(sdo(&h, ID_TEST, true, 0x200E, 0, true, buf,
			     sizeof(buf), &n, &abort_code), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200E, 2, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u16(buf), 0x2222);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200E, 3, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u32(buf), 0x33333333);

	/* A 100-element array: complete access, segmented both ways. */
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_TEST, false, 0x2013, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_uint_eq(n, 2 + 4 * ARRAY_COUNT);
	ck_assert_uint_eq(buf[0], ARRAY_COUNT);
	for (i = 0; i < ARRAY_COUNT; i++)
		ck_assert_uint_eq(ec_get_u32(buf + 2 + 4 * i), 5);
	for (i = 0; i < ARRAY_COUNT; i++)
		ec_put_u32(buf + 2 + 4 * i, (u32)(i * 1000 + 7));
	ck_assert_int_eq(sdo(&h, ID_TEST, true, 0x2013, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2013, 100, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 99 * 1000 + 7);

	/* Identity object from subindex 1 on. */
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_SERVO, false, 0x1018, 1, true, buf,
			     sizeof(buf), &n, NULL), 0);
	ck_assert_uint_eq(n, 16);
	ck_assert_uint_eq(ec_get_u32(buf),
			  h.master.slaves[ID_SERVO]->sii.vendor_id);
	ck_assert_uint_eq(ec_get_u32(buf + 4),
			  h.master.slaves[ID_SERVO]->sii.product_code);
	teardown(&h);
}
END_TEST

START_TEST(test_aborts)
{
	static const struct {
		bool write;
		u16 index;
		u8 sub;
		size_t size;
		u32 code;
		const char *text;
	} cases[] = {
		{ false, 0x5555, 0, 0, 0x06020000,
		  "The object does not exist in the object dictionary" },
		{ false, 0x6040, 7, 0, 0x06090011, "Subindex does not exist" },
		{ true, 0x200F, 0, 2, 0x06010002,
		  "Attempt to write a read-only object" },
		{ false, 0x2012, 0, 0, 0x06010001,
		  "Attempt to read a write-only object" },
		{ true, 0x2003, 0, 4, 0x06070012,
		  "Data type does not match, length of service parameter "
		  "too high" },
		{ true, 0x2004, 0, 2, 0x06070013,
		  "Data type does not match, length of service parameter "
		  "too low" },
		{ true, 0x2010, 0, 2, 0x06090030,
		  "Value range of parameter exceeded" },
		{ true, 0x2011, 0, 40, 0x06070012,
		  "Data type does not match, length of service parameter "
		  "too high" },
	};
	struct ec_harness h;
	u8 buf[64];
	size_t i, n;
	u32 code;

	setup(&h);
	memset(buf, 0, sizeof(buf));
	ec_put_u16(buf, 1000);	/* out of range for 0x2010 */
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		n = cases[i].size;
		code = 0;
		ck_assert_msg(sdo(&h, ID_TEST, cases[i].write,
				  cases[i].index, cases[i].sub, false, buf,
				  sizeof(buf), &n, &code) == -EIO,
			      "0x%04x:%02x: no abort", cases[i].index,
			      cases[i].sub);
		ck_assert_msg(code == cases[i].code,
			      "0x%04x:%02x: abort 0x%08x, expected 0x%08x",
			      cases[i].index, cases[i].sub, code,
			      cases[i].code);
		ck_assert_str_eq(ec_coe_abort_text(code), cases[i].text);
	}
	/* The value was not changed by the refused write. */
	ck_assert_int_eq(upload(&h, ID_TEST, 0x2010, 0, buf, sizeof(buf), &n),
			 0);
	ck_assert_uint_eq(ec_get_u16(buf), 0);
	teardown(&h);
}
END_TEST

START_TEST(test_abort_texts)
{
	ck_assert_str_eq(ec_coe_abort_text(0x05030000),
			 "Toggle bit not changed");
	ck_assert_str_eq(ec_coe_abort_text(0x05040000),
			 "SDO protocol timeout");
	ck_assert_str_eq(ec_coe_abort_text(0x08000022),
			 "Data cannot be transferred or stored to the "
			 "application because of the present device state");
	ck_assert_str_eq(ec_coe_abort_text(0x06010003),
			 "Subindex cannot be written, SI0 must be 0 "
			 "for write access");
	ck_assert_str_eq(ec_coe_abort_text(0x12345678),
			 "Unknown SDO abort code");
	ck_assert_str_eq(ec_mbox_error_text(EC_MBOX_ERR_UNSUPPORTED_PROTOCOL),
			 "The mailbox protocol is not supported");
	ck_assert_str_eq(ec_mbox_error_text(0x0999), "Unknown mailbox error");
}
END_TEST

static void state_request(struct ec_harness *h, unsigned int pos, u8 state)
{
	ck_assert_int_eq(ec_harness_state_request(h, pos, state), 0);
}

START_TEST(test_timeout)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;
	u64 start;

	setup(&h);
	/* The ESC answers, but the application behind it is gone: the
	 * request is written, no reply ever comes. */
	h.seg->slaves[ID_SERVO].pdi_dead = true;
	start = h.now_ns;
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), -ETIMEDOUT);
	/* The request's timeout of 500 ms, in simulated time. */
	ck_assert_uint_ge(h.now_ns - start, 500 * EC_NSEC_PER_MSEC);
	ck_assert_uint_lt(h.now_ns - start, 600 * EC_NSEC_PER_MSEC);
	h.seg->slaves[ID_SERVO].pdi_dead = false;
	/* The old request still fills the write mailbox: going through
	 * INIT clears the mailboxes, then CoE works again. */
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6060, 0, buf, sizeof(buf),
				&n), -ETIMEDOUT);
	state_request(&h, ID_SERVO, EC_AL_STATE_INIT_);
	state_request(&h, ID_SERVO, EC_AL_STATE_PREOP_);
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6060, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(buf[0], 8);
	teardown(&h);
}
END_TEST

START_TEST(test_segment_silent)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;

	setup(&h);
	/* Every frame lost: the master gives up on the slaves and the
	 * request fails with them (or times out first). */
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 100), 0);
	n = 0;
	ck_assert_int_ne(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	teardown(&h);
}
END_TEST

START_TEST(test_frame_loss)
{
	struct ec_harness h;
	u8 buf[512];
	size_t n, i;
	unsigned int k, repeats;
	struct ec_fsm_slave *fsm;

	setup(&h);
	ecsim_segment_seed(h.seg, 7);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 10), 0);
	for (k = 0; k < 20; k++) {
		ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf,
					sizeof(buf), &n), 0);
		ck_assert_uint_eq(n, LONG_TEXT_LEN);
		for (i = 0; i < n; i++)
			ck_assert_uint_eq(buf[i], 'A' + i % 26);
	}
	fsm = h.master.slaves[ID_TEST]->fsm;
	repeats = fsm->coe.mbox.repeats;
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	/* Lost replies were fetched again with the repeat request. */
	ck_assert_uint_gt(repeats, 0);
	teardown(&h);
}
END_TEST

/* Figures in simulated time at a 1 ms cycle (printed, not asserted). */
START_TEST(test_figures)
{
	struct ec_harness h;
	u8 buf[512];
	size_t n;
	u64 t0, t_exp, t_seg, t_dl;

	if (!segment_json)
		build_segment();
	ec_harness_init(&h, segment_json);
	t0 = h.now_ns;
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	printf("coe: link-up to all slaves in PREOP with PDOs and "
	       "dictionaries read: %llu ms\n",
	       (unsigned long long)((h.now_ns - t0) / EC_NSEC_PER_MSEC));
	t0 = h.now_ns;
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	t_exp = h.now_ns - t0;
	t0 = h.now_ns;
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	t_seg = h.now_ns - t0;
	t0 = h.now_ns;
	ck_assert_int_eq(download(&h, ID_TEST, 0x200C, 0, buf, n), 0);
	t_dl = h.now_ns - t0;
	printf("coe: expedited upload %llu ms, 300-byte segmented upload "
	       "%llu ms, download %llu ms\n",
	       (unsigned long long)(t_exp / EC_NSEC_PER_MSEC),
	       (unsigned long long)(t_seg / EC_NSEC_PER_MSEC),
	       (unsigned long long)(t_dl / EC_NSEC_PER_MSEC));
	teardown(&h);
}
END_TEST

/* Frames both ways into a pcap file, for tshark. */
static struct ecsim_pcap capture;

static int capture_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	struct ec_harness *h = dev->priv;
	unsigned int before = h->pending;
	int ret;

	ecsim_pcap_write(&capture, h->now_ns, frame, size);
	ret = ec_harness_xmit(dev, frame, size);
	if (h->pending > before)
		ecsim_pcap_write(&capture, h->now_ns + 1000,
				 h->pending_frame[h->pending - 1],
				 h->pending_len[h->pending - 1]);
	return ret;
}

static const struct ec_device_hooks capture_hooks = {
	.xmit = capture_xmit,
	.poll = ec_harness_poll,
};

/* Lines tshark prints for a display filter on the capture. */
static unsigned int tshark_count(const char *file, const char *filter,
				 const char *field, const char *match)
{
	char cmd[512], line[256];
	unsigned int n = 0;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "tshark -r %s -Y '%s' -T fields -e %s "
		 "2>/dev/null", file, filter, field);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f))
		if (!match || strstr(line, match))
			n++;
	pclose(f);
	return n;
}

/*
 * tshark, the third opinion: the scan, PREOP, PDO and dictionary reads and
 * transfers of every kind decode as EtherCAT mailbox/CoE without a single
 * malformed packet.
 */
START_TEST(test_tshark)
{
	char file[] = "/tmp/check_coe_XXXXXX";
	struct ec_harness h;
	u8 buf[512];
	size_t n;
	int fd;

	if (system("command -v tshark >/dev/null 2>&1")) {
		printf("coe: tshark not installed, capture not checked\n");
		return;
	}
	fd = mkstemp(file);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_int_eq(ecsim_pcap_open(&capture, file), 0);
	if (!segment_json)
		build_segment();
	ec_harness_init(&h, segment_json);
	h.master.devices[EC_DEVICE_MAIN].hooks = &capture_hooks;
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(upload(&h, ID_SERVO, 0x6502, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_int_eq(download(&h, ID_TEST, 0x200C, 0, buf, n), 0);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x5555, 0, buf, sizeof(buf),
				&n), -EIO);
	n = 0;
	ck_assert_int_eq(sdo(&h, ID_TEST, false, 0x200E, 0, true, buf,
			     sizeof(buf), &n, NULL), 0);
	teardown(&h);
	ecsim_pcap_close(&capture);

	ck_assert_uint_gt(tshark_count(file, "ecat", "frame.number", NULL),
			  100);
	ck_assert_uint_eq(tshark_count(file, "_ws.malformed || "
				       "_ws.expert.severity >= 8388608",
				       "frame.number", NULL), 0);
	/* The requests are decoded with their objects. */
	ck_assert_uint_gt(tshark_count(file, "ecat_mailbox.coe.sdoidx == "
				       "0x6502", "frame.number", NULL), 0);
	ck_assert_uint_gt(tshark_count(file, "ecat_mailbox.coe.abortcode",
				       "ecat_mailbox.coe.abortcode",
				       "0x06020000"), 0);
	ck_assert_uint_gt(tshark_count(file, "ecat_mailbox.coe.sdoinfoopcode",
				       "frame.number", NULL), 0);
	unlink(file);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("coe");
	TCase *tc = tcase_create("coe");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_abort_texts);
	tcase_add_test(tc, test_expedited_upload);
	tcase_add_test(tc, test_normal_upload);
	tcase_add_test(tc, test_segmented_string);
	tcase_add_test(tc, test_basic_types);
	tcase_add_test(tc, test_complete_access);
	tcase_add_test(tc, test_aborts);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_segment_silent);
	tcase_add_test(tc, test_frame_loss);
	tcase_add_test(tc, test_figures);
	tcase_add_test(tc, test_tshark);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(segment_json);
	return failed ? 1 : 0;
}
