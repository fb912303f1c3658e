// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_foe.c - the FoE client against the in-process segment: write and
 * read back of files of many sizes byte for byte (1 byte, one packet,
 * one packet + 1, exact multiples, 100 kB), the slave's files, the error
 * requests with their codes and texts (not found, wrong password, bootstrap
 * only), a buffer too small, busy, lost frames and replies, a silent slave,
 * a slave without FoE, and the firmware update through BOOT.
 */
#include <jansson.h>
#include <stdlib.h>

#include "harness.h"
#include "mailbox/fsm_foe.h"
#include "slave/fsm_slave.h"
#include "mailbox/mailbox.h"
#include "mailbox/mbox_text.h"
#include "request/requests.h"
#include "slave/slave.h"

#include "sim_priv.h"

#define ID_COUPLER 0
#define ID_SERVO 1
#define ID_BUSY 2
#define ID_AI 3		/* EL3102: CoE only */
#define NUM_SLAVES 4
#define SERVO_MBOX 128
#define PACKET (SERVO_MBOX - EC_MBOX_HEADER_SIZE - EC_FOE_HEADER_SIZE)
#define BIG (100 * 1000)

static const char *segment =
	"{ \"slaves\": ["
	" { \"model\": \"EK1100\" },"
	" { \"model\": \"ECSIM-SERVO\", \"foe\": { \"password\": 7, \"files\": ["
	"   { \"name\": \"hello.txt\", \"data\": \"Hello, FoE\" },"
	"   { \"name\": \"secret.bin\", \"password\": \"0x1234\","
	"     \"size\": 300 },"
	"   { \"name\": \"big.bin\", \"size\": 100000 } ] } },"
	" { \"model\": \"ECSIM-SERVO\", \"foe\": { \"busy\": 3, \"password\": 7 } },"
	" { \"model\": \"EL3102\" } ] }";

static unsigned int num_slaves = NUM_SLAVES;

static void setup(struct ec_harness *h)
{
	ec_harness_init(h, segment);
	ck_assert(ec_harness_run_until(h, ec_harness_all_ready, &num_slaves,
				       30 * EC_NSEC_PER_SEC));
}

#define teardown ec_harness_teardown

/* One FoE transfer through the slave's request list; returns the error. */
static int foe(struct ec_harness *h, unsigned int pos, bool write,
	       const char *name, u32 password, u8 *buf, size_t mem,
	       size_t *size, struct ec_foe_request *out)
{
	struct ec_foe_request req;

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.write = write;
	snprintf(req.file_name, sizeof(req.file_name), "%s", name);
	req.password = password;
	req.data = buf;
	req.mem_size = mem;
	req.data_size = write ? *size : 0;
	req.base.timeout_ns = 500 * EC_NSEC_PER_MSEC;
	ec_harness_run_request(h, h->master.slaves[pos], &req.base, EC_REQ_FOE,
			       120 * EC_NSEC_PER_SEC);
	ck_assert_int_eq(req.base.state,
			 req.base.error ? EC_REQ_FAILURE : EC_REQ_SUCCESS);
	if (size)
		*size = req.data_size;
	if (out)
		*out = req;
	return req.base.error;
}

static void fill(u8 *buf, size_t n, unsigned int seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		buf[i] = (u8)(i * 31 + seed + (i >> 9));
}

static void round_trip(struct ec_harness *h, unsigned int pos, size_t n)
{
	u8 *out = malloc(n + 1), *in = malloc(n + 64);
	char name[32];
	size_t size = n;

	ck_assert(out && in);
	fill(out, n, (unsigned int)n);
	snprintf(name, sizeof(name), "file-%zu.bin", n);
	ck_assert_int_eq(foe(h, pos, true, name, 7, out, n, &size, NULL), 0);
	memset(in, 0xee, n + 64);
	ck_assert_int_eq(foe(h, pos, false, name, 7, in, n + 64, &size,
			     NULL), 0);
	ck_assert_uint_eq(size, n);
	ck_assert_int_eq(memcmp(in, out, n), 0);
	free(out);
	free(in);
}

START_TEST(test_round_trip)
{
	static const size_t sizes[] = {
		1, PACKET - 1, PACKET, PACKET + 1, 2 * PACKET, 1000, BIG,
	};
	struct ec_harness h;
	size_t i;

	setup(&h);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		round_trip(&h, ID_SERVO, sizes[i]);
	/* A file written twice keeps the second contents. */
	round_trip(&h, ID_SERVO, 1000);
	teardown(&h);
}
END_TEST

START_TEST(test_empty_file)
{
	struct ec_harness h;
	u8 buf[8] = { 0 };
	size_t size = 0;

	setup(&h);
	ck_assert_int_eq(foe(&h, ID_SERVO, true, "empty", 7, buf, 0, &size,
			     NULL), 0);
	size = 99;
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "empty", 7, buf,
			     sizeof(buf), &size, NULL), 0);
	ck_assert_uint_eq(size, 0);
	teardown(&h);
}
END_TEST

/* The files the segment gave the slave, with their contents. */
START_TEST(test_slave_files)
{
	struct ec_harness h;
	u8 *buf = malloc(BIG);
	size_t size, i;

	ck_assert_ptr_nonnull(buf);
	setup(&h);
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "hello.txt", 0, buf, 64,
			     &size, NULL), 0);
	ck_assert_uint_eq(size, 10);
	ck_assert_int_eq(memcmp(buf, "Hello, FoE", 10), 0);
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "secret.bin", 0x1234, buf,
			     BIG, &size, NULL), 0);
	ck_assert_uint_eq(size, 300);
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "big.bin", 0, buf, BIG,
			     &size, NULL), 0);
	ck_assert_uint_eq(size, BIG);
	for (i = 0; i < size; i++)
		ck_assert_uint_eq(buf[i], (u8)(i * 7 + (i >> 8) * 13));
	teardown(&h);
	free(buf);
}
END_TEST

START_TEST(test_errors)
{
	struct ec_foe_request r;
	struct ec_harness h;
	u8 buf[400];
	size_t size;

	setup(&h);
	/* Missing file. */
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "nothere", 0, buf,
			     sizeof(buf), &size, &r), -EIO);
	ck_assert_uint_eq(r.foe_error, EC_FOE_ERR_NOT_FOUND);
	ck_assert_str_eq(r.error_text, "file not found");
	/* Wrong password on read and on write. */
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "secret.bin", 1, buf,
			     sizeof(buf), &size, &r), -EIO);
	ck_assert_uint_eq(r.foe_error, EC_FOE_ERR_ACCESS_DENIED);
	size = 4;
	ck_assert_int_eq(foe(&h, ID_SERVO, true, "new.bin", 8, buf, 4, &size,
			     &r), -EIO);
	ck_assert_uint_eq(r.foe_error, EC_FOE_ERR_ACCESS_DENIED);
	/* Firmware outside BOOT. */
	size = 4;
	ck_assert_int_eq(foe(&h, ID_SERVO, true, "fw.efw", 7, buf, 4, &size,
			     &r), -EIO);
	ck_assert_uint_eq(r.foe_error, EC_FOE_ERR_BOOTSTRAP_ONLY);
	/* Buffer too small: the master ends the transfer itself. */
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "secret.bin", 0x1234, buf,
			     299, &size, &r), -EOVERFLOW);
	ck_assert_uint_eq(r.foe_error, EC_FOE_ERR_DISK_FULL);
	/* ... and the slave serves the next one. */
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "secret.bin", 0x1234, buf,
			     300, &size, NULL), 0);
	ck_assert_uint_eq(size, 300);
	/* A name that does not fit the mailbox. */
	memset(buf, 'x', 200);
	buf[200] = 0;
	ck_assert_int_eq(foe(&h, ID_SERVO, false, (const char *)buf, 0,
			     buf + 256, 16, &size, NULL), -ENAMETOOLONG);
	/* A slave without FoE. */
	ck_assert_int_eq(foe(&h, ID_AI, false, "x", 0, buf, 16, &size, NULL),
			 -EPROTONOSUPPORT);
	teardown(&h);
}
END_TEST

START_TEST(test_texts)
{
	ck_assert_str_eq(ec_foe_error_text(0x8001), "Not found");
	ck_assert_str_eq(ec_foe_error_text(0x8002), "Access denied");
	ck_assert_str_eq(ec_foe_error_text(0x8008), "Bootstrap only");
	ck_assert_str_eq(ec_foe_error_text(0x800b), "Program error");
	ck_assert_str_eq(ec_foe_error_text(0x1234), "Unknown FoE error");
}
END_TEST

START_TEST(test_busy)
{
	struct ec_harness h;
	struct ec_fsm_slave *fsm;

	setup(&h);
	round_trip(&h, ID_BUSY, 3 * PACKET + 5);
	fsm = h.master.slaves[ID_BUSY]->fsm;
	ck_assert_uint_eq(fsm->foe.busy_count, 0);	/* of the last read */
	teardown(&h);
}
END_TEST

START_TEST(test_busy_count)
{
	struct ec_harness h;
	struct ec_fsm_slave *fsm;
	u8 buf[2 * PACKET];
	size_t size = sizeof(buf);

	setup(&h);
	fill(buf, sizeof(buf), 3);
	ck_assert_int_eq(foe(&h, ID_BUSY, true, "b.bin", 7, buf, sizeof(buf),
			     &size, NULL), 0);
	fsm = h.master.slaves[ID_BUSY]->fsm;
	ck_assert_uint_eq(fsm->foe.busy_count, 3);
	teardown(&h);
}
END_TEST

START_TEST(test_frame_loss)
{
	struct ec_harness h;
	struct ec_fsm_slave *fsm;
	unsigned int k;

	setup(&h);
	ecsim_segment_seed(h.seg, 11);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 10), 0);
	for (k = 0; k < 3; k++)
		round_trip(&h, ID_SERVO, 3000 + k);
	fsm = h.master.slaves[ID_SERVO]->fsm;
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	ck_assert_uint_gt(fsm->foe.mbox.repeats, 0);
	teardown(&h);
}
END_TEST

START_TEST(test_timeout)
{
	struct ec_harness h;
	u8 buf[16];
	size_t size;
	u64 start;

	setup(&h);
	h.seg->slaves[ID_SERVO].pdi_dead = true;
	start = h.now_ns;
	ck_assert_int_eq(foe(&h, ID_SERVO, false, "hello.txt", 0, buf,
			     sizeof(buf), &size, NULL), -ETIMEDOUT);
	ck_assert_uint_ge(h.now_ns - start, 500 * EC_NSEC_PER_MSEC);
	ck_assert_uint_lt(h.now_ns - start, 600 * EC_NSEC_PER_MSEC);
	h.seg->slaves[ID_SERVO].pdi_dead = false;
	teardown(&h);
}
END_TEST

#define state_request ec_harness_state_request

/* BOOT with the bootstrap mailbox, firmware over FoE, back to INIT: the
 * master scans again and sees the new revision. */
START_TEST(test_firmware_update)
{
	static const char image[] = "ECSIM-FW revision=0x00020003\n";
	struct ec_foe_request r;
	struct ec_harness h;
	struct ecsim_slave *s;
	u8 *fw = malloc(3000);
	size_t size = 3000;

	ck_assert_ptr_nonnull(fw);
	setup(&h);
	ck_assert_uint_eq(h.master.slaves[ID_SERVO]->sii.revision_number,
			  0x00010000);
	memset(fw, 0xa5, 3000);
	memcpy(fw, image, sizeof(image) - 1);
	ck_assert_int_eq(state_request(&h, ID_SERVO, EC_AL_STATE_BOOT_), 0);
	s = &h.seg->slaves[ID_SERVO];
	ck_assert_uint_eq(ecsim_slave_al_status(h.seg, ID_SERVO),
			  EC_AL_STATE_BOOT_);
	/* The bootstrap mailbox (512 bytes) is in use. */
	ck_assert_uint_eq(ec_get_u16(s->mem + 0x0802), 512);
	ck_assert_uint_eq(ec_mbox_max_request(h.master.slaves[ID_SERVO]),
			  506);
	/* Only firmware in BOOT. */
	size = 10;
	ck_assert_int_eq(foe(&h, ID_SERVO, true, "x.txt", 7, fw, 10, &size,
			     &r), -EIO);
	ck_assert_uint_eq(r.foe_error, EC_FOE_ERR_NOT_BOOTSTRAP);
	size = 100;
	ck_assert_int_eq(foe(&h, ID_SERVO, true, "bad.efw", 7, fw + 100, 100,
			     &size, &r), -EIO);
	ck_assert_uint_eq(r.foe_error, EC_FOE_ERR_ILLEGAL);
	size = 3000;
	ck_assert_int_eq(foe(&h, ID_SERVO, true, "servo.efw", 7, fw, 3000,
			     &size, NULL), 0);
	/* The old firmware runs until the slave leaves BOOT. */
	ck_assert_uint_eq(ecsim_get32(s->sii + 2 * 0x0c), 0x00010000);
	ck_assert_int_eq(state_request(&h, ID_SERVO, EC_AL_STATE_INIT_), 0);
	ck_assert_uint_eq(ecsim_get32(s->sii + 2 * 0x0c), 0x00020003);
	ck_assert(ec_harness_run_until(&h, ec_harness_all_ready, &num_slaves,
				       30 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(h.master.slaves[ID_SERVO]->sii.revision_number,
			  0x00020003);
	/* A slave without a bootstrap mailbox refuses BOOT. */
	ck_assert_int_ne(state_request(&h, ID_AI, EC_AL_STATE_BOOT_), 0);
	teardown(&h);
	free(fw);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("foe");
	TCase *tc = tcase_create("foe");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_texts);
	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_empty_file);
	tcase_add_test(tc, test_slave_files);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_busy);
	tcase_add_test(tc, test_busy_count);
	tcase_add_test(tc, test_frame_loss);
	tcase_add_test(tc, test_timeout);
	tcase_add_test(tc, test_firmware_update);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
