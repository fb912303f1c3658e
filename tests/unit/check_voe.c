// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_voe.c - VoE handlers (struct ec_app_request of kind VoE,
 * served by the slave FSM with fsm_voe.c) against the in-process
 * segment's VoE echo (ECSIM-VOE): a write and the echo read back with its
 * header, a read without sync of an empty mailbox, a message larger than
 * the mailbox, lost frames, a handler busy while the FSM owns it, and a
 * slave without VoE.
 */
#include "harness.h"
#include "mailbox/fsm_voe.h"
#include "request/requests.h"
#include "app/slave_config.h"

#define ID_ECHO 1
#define ID_AI 2
#define NUM_SLAVES 3
#define VID_ECSIM 0x0ec51d00
#define PC_VOE 0x00000f0e
#define VID_BECKHOFF 0x00000002
#define PC_EL3102 0x0c1e3052

static const char *segment =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"ECSIM-VOE\" },"
	" { \"model\": \"EL3102\" } ] }";
static unsigned int num_slaves = NUM_SLAVES;

static struct ec_app_request *handler(struct ec_harness *h,
				      unsigned int pos, u32 vid, u32 pc,
				      size_t size)
{
	struct ec_slave_config *sc = ec_master_slave_config(&h->master, 0, pos,
							    vid, pc);
	struct ec_app_request *r;

	ck_assert_ptr_nonnull(sc);
	r = ec_slave_config_create_request(sc, EC_APP_REQ_VOE, size);
	ck_assert_ptr_nonnull(r);
	return r;
}

static void setup(struct ec_harness *h)
{
	ec_harness_init(h, segment);
	ck_assert(ec_harness_run_until(h, ec_harness_all_ready, &num_slaves,
				       30 * EC_NSEC_PER_SEC));
}

static bool done(struct ec_harness *h, void *ctx)
{
	(void)h;
	return ec_app_request_owned(ctx);
}

/* Start @op and wait; returns the handler's error. */
static int run(struct ec_harness *h, struct ec_app_request *r,
	       enum ec_voe_op op)
{
	ck_assert_int_eq(ec_app_request_start(r, op == EC_VOE_OP_WRITE,
						   op), 0);
	ck_assert_int_eq(ec_app_request_start(r, false, op), -EBUSY);
	ck_assert(ec_harness_run_until(h, done, r, 5 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ec_app_request_state(r),
			 r->u.voe.base.error ? EC_REQUEST_ERROR :
			 EC_REQUEST_SUCCESS);
	return r->u.voe.base.error;
}

START_TEST(test_echo)
{
	struct ec_app_request *r;
	struct ec_harness h;
	unsigned int k;

	setup(&h);
	r = handler(&h, ID_ECHO, VID_ECSIM, PC_VOE, 64);
	ck_assert_int_eq(ec_app_request_state(r), EC_REQUEST_UNUSED);
	for (k = 0; k < 3; k++) {
		r->u.voe.vendor_id = 0x12345678 + k;
		r->u.voe.vendor_type = 0x42;
		memcpy(r->mem, "hello voe", 9);
		r->u.voe.data_size = 9 - k;
		ck_assert_int_eq(run(&h, r, EC_VOE_OP_WRITE), 0);
		memset(r->mem, 0, 64);
		ck_assert_int_eq(run(&h, r, EC_VOE_OP_READ), 0);
		ck_assert_uint_eq(r->u.voe.data_size, 9 - k);
		ck_assert_int_eq(memcmp(r->mem, "hello voe", 9 - k), 0);
		ck_assert_uint_eq(r->u.voe.rx_vendor_id, 0x12345678 + k);
		ck_assert_uint_eq(r->u.voe.rx_vendor_type, 0x42);
	}
	/* Without sync: the mailbox is empty now. */
	ck_assert_int_eq(run(&h, r, EC_VOE_OP_READ_NOSYNC), -ENOMSG);
	/* With sync after a write: the echo waits there. */
	r->u.voe.data_size = 4;
	ck_assert_int_eq(run(&h, r, EC_VOE_OP_WRITE), 0);
	ck_assert_int_eq(run(&h, r, EC_VOE_OP_READ_NOSYNC), 0);
	ck_assert_uint_eq(r->u.voe.data_size, 4);
	ec_harness_teardown(&h);
}
END_TEST

START_TEST(test_errors)
{
	struct ec_app_request *r, *big;
	struct ec_harness h;

	setup(&h);
	/* More than the 128-byte mailbox takes. */
	big = handler(&h, ID_ECHO, VID_ECSIM, PC_VOE, 300);
	big->u.voe.data_size = 300;
	ck_assert_int_eq(run(&h, big, EC_VOE_OP_WRITE), -EOVERFLOW);
	/* A slave without VoE. */
	r = handler(&h, ID_AI, VID_BECKHOFF, PC_EL3102, 16);
	r->u.voe.data_size = 4;
	ck_assert_int_eq(run(&h, r, EC_VOE_OP_WRITE), -EPROTONOSUPPORT);
	ec_harness_teardown(&h);
}
END_TEST

START_TEST(test_frame_loss)
{
	struct ec_app_request *r;
	struct ec_harness h;
	unsigned int k;

	setup(&h);
	r = handler(&h, ID_ECHO, VID_ECSIM, PC_VOE, 64);
	ecsim_segment_seed(h.seg, 3);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 10), 0);
	for (k = 0; k < 20; k++) {
		memset(r->mem, (int)k, 32);
		r->u.voe.data_size = 32;
		ck_assert_int_eq(run(&h, r, EC_VOE_OP_WRITE), 0);
		memset(r->mem, 0xff, 32);
		ck_assert_int_eq(run(&h, r, EC_VOE_OP_READ), 0);
		ck_assert_uint_eq(r->u.voe.data_size, 32);
		ck_assert_uint_eq(r->mem[31], k);
	}
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	ec_harness_teardown(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("voe");
	TCase *tc = tcase_create("voe");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_echo);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_frame_loss);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
