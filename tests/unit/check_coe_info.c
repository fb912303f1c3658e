// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_coe_info.c - the CoE client's SDO information against the
 * in-process segment (coe_harness.h): the dictionary read after the scan
 * equals the sim's (also through 48-byte mailboxes), a request does not
 * wait behind it, it can be switched off, single entry descriptions, and
 * the PDO assignment and mapping read over CoE.
 */
#include "coe_harness.h"

/* The dictionary read with SDO information equals the sim's OD. */
static void check_dictionary(struct ec_harness *h, unsigned int id)
{
	struct ec_slave *slave = h->master.slaves[id];
	struct ecsim_od *od = sim_od(h, id);
	struct ecsim_od_object_info oi;
	struct ecsim_od_entry_info ei;
	unsigned int n, j, sub, subs;

	ck_assert_uint_gt(slave->sdo_count, 0);
	ck_assert_uint_eq(slave->sdo_count, ecsim_od_count(od));
	for (n = 0; n < slave->sdo_count; n++) {
		const struct ec_sdo *sdo = &slave->sdos[n];

		ck_assert_int_eq(ecsim_od_object_at(od, n, &oi), 0);
		ck_assert_uint_eq(sdo->index, oi.index);
		ck_assert_uint_eq(sdo->object_code, oi.object_code);
		ck_assert_uint_eq(sdo->max_subindex, oi.max_subindex);
		ck_assert_str_eq(sdo->name, oi.name);
		ck_assert_ptr_eq(ec_slave_find_sdo(slave, oi.index), sdo);
		subs = 0;
		for (sub = 0; sub <= oi.max_subindex; sub++) {
			if (ecsim_od_entry_info(od, oi.index, (u8)sub, &ei))
				continue;
			if (oi.object_code == 7 && sub > 0)
				break;
			j = subs++;
			ck_assert_uint_lt(j, sdo->entry_count);
			ck_assert_uint_eq(sdo->entries[j].subindex, sub);
			ck_assert_uint_eq(sdo->entries[j].data_type,
					  ei.datatype);
			ck_assert_uint_eq(sdo->entries[j].bit_length,
					  ei.bitlen);
			ck_assert_str_eq(sdo->entries[j].description,
					 ei.name ? ei.name : "");
			ck_assert_uint_eq(sdo->entries[j].read_access[0],
					  !!(ei.access & 0x01));
			ck_assert_uint_eq(sdo->entries[j].write_access[0],
					  !!(ei.access & 0x08));
		}
		ck_assert_uint_eq(sdo->entry_count, subs);
	}
}

static bool dict_reading(struct ec_harness *h, void *ctx)
{
	const struct ec_fsm_slave *fsm;

	if (h->master.scan_busy || h->master.slave_count != NUM_SLAVES ||
	    !h->master.slaves)
		return false;
	fsm = h->master.slaves[*(unsigned int *)ctx]->fsm;
	return fsm && fsm->pdos_done &&
	       !fsm->dict_done && !ec_fsm_slave_idle(fsm) &&
	       fsm->coe.sdo_count > 0;
}

/* An SDO request does not wait behind the dictionary read: it goes at
 * the next object boundary, and the dictionary is complete later. */
START_TEST(test_request_before_dictionary)
{
	unsigned int id = ID_TEST;
	struct ec_sdo_request req;
	struct ec_harness h;
	struct ec_slave *s;
	u8 buf[16];
	u64 t0;

	if (!segment_json)
		build_segment();
	ec_harness_init(&h, segment_json);
	ck_assert(ec_harness_run_until(&h, dict_reading, &id,
				       30 * EC_NSEC_PER_SEC));
	s = h.master.slaves[ID_TEST];
	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.index = 0x6502;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(s, &req.base);
	t0 = h.now_ns;
	ck_assert(ec_harness_run_until(&h, sdo_done, &req,
				       5 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(req.base.state, EC_REQ_SUCCESS);
	ck_assert_uint_eq(ec_get_u32(buf), 0x385);
	/* At most one object's description (a few exchanges) first. */
	ck_assert_uint_le(h.now_ns - t0, 20 * EC_NSEC_PER_MSEC);
	ck_assert(!((struct ec_fsm_slave *)s->fsm)->dict_done);
	ck_assert(ec_harness_run_until(&h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	check_dictionary(&h, ID_TEST);
	teardown(&h);
}
END_TEST

/* A master with the dictionary read switched off, its slaves ready. */
static void setup_no_dictionary(struct ec_harness *h)
{
	if (!segment_json)
		build_segment();
	ec_harness_init(h, segment_json);
	h->master.no_dictionary = true;
	ck_assert(ec_harness_run_until(h, all_ready, NULL,
				       30 * EC_NSEC_PER_SEC));
	ck_assert_uint_eq(h->master.slaves[ID_TEST]->sdo_count, 0);
}

/* The dictionary read switched off for the master. */
START_TEST(test_no_dictionary)
{
	struct ec_harness h;
	u8 buf[16];
	size_t n;

	setup_no_dictionary(&h);
	ck_assert_int_eq(upload(&h, ID_TEST, 0x6502, 0, buf, sizeof(buf), &n),
			 0);
	teardown(&h);
}
END_TEST

/* SDO information Get Entry Description of one entry; Return: its error. */
static int entry_info(struct ec_harness *h, unsigned int pos, u16 index,
		      u8 sub, struct ec_sdo_entry *e, u32 *abort_code)
{
	struct ec_slave *slave = h->master.slaves[pos];
	struct ec_sdo_request req;
	u8 buf[64];

	memset(&req, 0, sizeof(req));
	ec_list_init(&req.base.node);
	req.entry_info = true;
	req.index = index;
	req.subindex = sub;
	req.data = buf;
	req.mem_size = sizeof(buf);
	req.base.state = EC_REQ_QUEUED;
	ec_request_init(&req.base, EC_REQ_SDO, EC_REQ_OWNER_CLI);
	ec_slave_queue_request(slave, &req.base);
	ck_assert(ec_harness_run_until(h, sdo_done, &req,
				       5 * EC_NSEC_PER_SEC));
	*abort_code = req.abort_code;
	if (req.base.error)
		return req.base.error;
	ck_assert_uint_ge(req.data_size, EC_COE_ENTRY_DESC_FIXED);
	ck_assert_uint_eq(ec_get_u16(buf), index);
	ec_coe_entry_decode(e, buf);
	return 0;
}

/*
 * Without the dictionary, one entry's description is asked for on
 * demand ('ethercat upload' without -t): type and size of the entry, or
 * the slave's SDO information error for an entry that does not exist.
 */
START_TEST(test_entry_info)
{
	struct ec_sdo_entry e;
	struct ec_harness h;
	u32 code;

	setup_no_dictionary(&h);
	memset(&e, 0, sizeof(e));
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x1018, 1, &e, &code), 0);
	ck_assert_uint_eq(e.subindex, 1);
	ck_assert_uint_eq(e.data_type, 0x0007);	/* UNSIGNED32 */
	ck_assert_uint_eq(e.bit_length, 32);
	ck_assert(e.read_access[0]);
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x1008, 0, &e, &code), 0);
	ck_assert_uint_eq(e.data_type, 0x0009);	/* VISIBLE_STRING */
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x1018, 0x7f, &e, &code),
			 -EIO);
	ck_assert_uint_ne(code, 0);
	ck_assert_int_eq(entry_info(&h, ID_TEST, 0x5ff0, 0, &e, &code),
			 -EIO);
	ck_assert_uint_ne(code, 0);
	teardown(&h);
}
END_TEST

/* Mailboxes of 48 bytes: fragmented SDO information, many segments. */
START_TEST(test_small_mailbox)
{
	struct ec_harness h;
	struct ec_slave *slave;
	u8 buf[512], ref[512];
	size_t n, i;
	int len;

	setup(&h);
	slave = h.master.slaves[ID_SMALL];
	ck_assert_uint_eq(slave->sii.std_rx_mailbox_size, SMALL_MBOX);
	ck_assert_uint_eq(slave->sii.std_tx_mailbox_size, SMALL_MBOX);
	/* The OD list alone needs several fragments here. */
	ck_assert_uint_gt(slave->sdo_count * 2 + 2, SMALL_MBOX - 12);
	check_dictionary(&h, ID_SMALL);
	ck_assert_int_eq(upload(&h, ID_SMALL, 0x200C, 0, buf, sizeof(buf),
				&n), 0);
	ck_assert_uint_eq(n, LONG_TEXT_LEN);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(buf[i], 'A' + i % 26);
	for (i = 0; i < LONG_TEXT_LEN; i++)
		buf[i] = (u8)('0' + i % 10);
	ck_assert_int_eq(download(&h, ID_SMALL, 0x200C, 0, buf,
				  LONG_TEXT_LEN), 0);
	len = ecsim_od_read(sim_od(&h, ID_SMALL), 0x200C, 0, ref,
			    sizeof(ref));
	ck_assert_int_eq(len, LONG_TEXT_LEN);
	ck_assert_mem_eq(ref, buf, LONG_TEXT_LEN);
	/* Last segments with less than 7 bytes of data (padded, with the
	 * count of unused bytes): 32 bytes go with the initiate, 39 in
	 * each segment through this mailbox. */
	for (i = 0; i < 12; i++) {
		size_t want = (i < 6 ? 32 : 71) + i % 6 + 1, k;

		for (k = 0; k < want; k++)
			buf[k] = (u8)('a' + (k + i) % 26);
		ck_assert_int_eq(download(&h, ID_SMALL, 0x200C, 0, buf, want),
				 0);
		len = ecsim_od_read(sim_od(&h, ID_SMALL), 0x200C, 0, ref,
				    sizeof(ref));
		ck_assert_int_eq(len, (int)want);
		ck_assert_mem_eq(ref, buf, want);
		memset(ref, 0, sizeof(ref));
		ck_assert_int_eq(upload(&h, ID_SMALL, 0x200C, 0, ref,
					sizeof(ref), &n), 0);
		ck_assert_uint_eq(n, want);
		ck_assert_mem_eq(ref, buf, want);
	}
	ec_harness_clear(&h);
}
END_TEST

START_TEST(test_dictionary)
{
	struct ec_harness h;
	const struct ec_sdo *sdo;

	setup(&h);
	check_dictionary(&h, ID_SERVO);
	check_dictionary(&h, ID_AI);
	check_dictionary(&h, ID_TEST);
	/* A few values known from the model. */
	sdo = ec_slave_find_sdo(h.master.slaves[ID_TEST], 0x2013);
	ck_assert_ptr_nonnull(sdo);
	ck_assert_str_eq(sdo->name, "Big array");
	ck_assert_uint_eq(sdo->entry_count, ARRAY_COUNT + 1);
	sdo = ec_slave_find_sdo(h.master.slaves[ID_TEST], 0x200F);
	ck_assert_ptr_nonnull(sdo);
	ck_assert_uint_eq(sdo->entries[0].read_access[0], 1);
	ck_assert_uint_eq(sdo->entries[0].write_access[0], 0);
	teardown(&h);
}
END_TEST

/* The PDOs read over CoE equal the sim's assignment and mapping. */
START_TEST(test_pdos)
{
	struct ec_harness h;
	struct ec_slave *servo;
	struct ecsim_od *od;
	const struct ec_sii_sync *sm;
	unsigned int smi, p, e;
	u8 v[4];

	setup(&h);
	servo = h.master.slaves[ID_SERVO];
	od = sim_od(&h, ID_SERVO);
	ck_assert_ptr_nonnull(servo->coe_syncs);
	ck_assert_ptr_eq(servo->syncs, servo->coe_syncs);
	ck_assert_uint_ge(servo->sync_count, 4);
	for (smi = 2; smi < 4; smi++) {
		sm = &servo->syncs[smi];
		ck_assert_int_eq(ecsim_od_read(od, 0x1C10 + smi, 0, v, 4), 1);
		ck_assert_uint_eq(sm->pdo_count, v[0]);
		for (p = 0; p < sm->pdo_count; p++) {
			const struct ec_pdo *pdo = &sm->pdos[p];

			ck_assert_int_eq(ecsim_od_read(od, 0x1C10 + smi,
						       (u8)(p + 1), v, 4), 2);
			ck_assert_uint_eq(pdo->index, ec_get_u16(v));
			ck_assert_int_eq(pdo->sync_index, (int)smi);
			ck_assert_int_eq(ecsim_od_read(od, pdo->index, 0, v, 4),
					 1);
			ck_assert_uint_eq(pdo->entry_count, v[0]);
			for (e = 0; e < pdo->entry_count; e++) {
				u32 m;

				ck_assert_int_eq(ecsim_od_read(od, pdo->index,
							       (u8)(e + 1),
							       v, 4), 4);
				m = ec_get_u32(v);
				ck_assert_uint_eq(pdo->entries[e].index,
						  m >> 16);
				ck_assert_uint_eq(pdo->entries[e].subindex,
						  (m >> 8) & 0xff);
				ck_assert_uint_eq(pdo->entries[e].bit_length,
						  m & 0xff);
			}
		}
	}
	/* Names come from the SII. */
	ck_assert_uint_eq(servo->syncs[2].pdos[0].index, 0x1600);
	ck_assert_str_eq(servo->syncs[2].pdos[0].name, "RxPDO 1");
	ck_assert_str_eq(servo->syncs[2].pdos[0].entries[0].name,
			 "Controlword");
	ck_assert_uint_eq(servo->syncs[3].pdos[0].index, 0x1A00);
	ck_assert_str_eq(servo->syncs[3].pdos[0].entries[0].name,
			 "Statusword");
	teardown(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("coe_info");
	TCase *tc = tcase_create("coe_info");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_request_before_dictionary);
	tcase_add_test(tc, test_no_dictionary);
	tcase_add_test(tc, test_entry_info);
	tcase_add_test(tc, test_dictionary);
	tcase_add_test(tc, test_small_mailbox);
	tcase_add_test(tc, test_pdos);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	free(segment_json);
	return failed ? 1 : 0;
}
