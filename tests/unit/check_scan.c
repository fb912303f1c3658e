// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_scan.c - the bus scan (fsm_master, fsm_slave_scan, fsm_sii,
 * topology) against the in-process virtual segment, with simulated time.
 * What the scan finds is compared with the sim's catalogue and segment
 * files, not with numbers copied into this test.
 */
#include <jansson.h>
#include <limits.h>

#include "harness.h"
#include "slave/fsm_slave_scan.h"
#include "slave/slave.h"
#include "slave/topology.h"

#define CATALOGUE "sim/catalogue/catalogue.json"
#define SEG_DEFAULT "sim/segments/default.json"
#define SEG_BIG "sim/segments/big100.json"
#define SCAN_LIMIT_NS (10 * EC_NSEC_PER_SEC)

static json_t *catalogue;

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long len;

	ck_assert_msg(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(fread(buf, 1, len, f), len);
	fclose(f);
	return buf;
}

static void harness_from_file(struct ec_harness *h, const char *path)
{
	char *json = read_file(path);

	ec_harness_init(h, json);
	free(json);
}

/* A catalogue number: an integer or a "0x..." string. */
static unsigned long cat_num(const json_t *v)
{
	if (json_is_integer(v))
		return (unsigned long)json_integer_value(v);
	ck_assert_msg(json_is_string(v), "catalogue value is not a number");
	return strtoul(json_string_value(v), NULL, 0);
}

static const json_t *cat_model(const char *name)
{
	const json_t *m = json_object_get(json_object_get(catalogue, "models"),
					  name);

	ck_assert_msg(m, "model %s not in the catalogue", name);
	return m;
}

static bool scan_complete(struct ec_harness *h, void *ctx)
{
	unsigned int *min_scans = ctx;

	return h->master.fsm.scans_completed >= *min_scans &&
	       !h->master.scan_busy;
}

static void run_scan(struct ec_harness *h, unsigned int scans)
{
	ck_assert_msg(ec_harness_run_until(h, scan_complete, &scans,
					   SCAN_LIMIT_NS),
		      "scan %u not complete (busy %d, %u slaves)", scans,
		      h->master.scan_busy, h->master.slave_count);
}

/* Compare one scanned slave with the catalogue model of sim slave @id. */
static void check_slave_against_catalogue(struct ec_harness *h,
					  const struct ec_slave *slave,
					  unsigned int id)
{
	const json_t *m = cat_model(ecsim_slave_model(h->seg, id));
	const json_t *esc = json_object_get(m, "esc");
	const json_t *sms = json_object_get(m, "sms");
	const json_t *pdos = json_object_get(m, "pdos");
	const u8 *image;
	size_t len, i, j, k;

	ck_assert(slave->scan_done);
	ck_assert(!slave->error_flag);
	ck_assert_uint_eq(slave->station_address,
			  0x1001 + slave->ring_position);
	ck_assert_uint_eq(slave->sii.vendor_id,
			  cat_num(json_object_get(m, "vendor")));
	ck_assert_uint_eq(slave->sii.product_code,
			  cat_num(json_object_get(m, "product")));
	ck_assert_uint_eq(slave->sii.revision_number,
			  cat_num(json_object_get(m, "revision")));
	ck_assert_str_eq(ec_slave_name(slave),
			 json_string_value(json_object_get(m, "name")));
	ck_assert(slave->sii.checksum_ok);
	ck_assert_uint_eq(slave->base_type,
			  cat_num(json_object_get(esc, "type")));
	ck_assert_uint_eq(slave->base_fmmu_count,
			  cat_num(json_object_get(esc, "fmmus")));
	ck_assert_uint_eq(slave->base_sync_count,
			  cat_num(json_object_get(esc, "sms")));
	ck_assert_uint_eq(slave->base_ram_size,
			  cat_num(json_object_get(esc, "ram_kb")));
	/* INIT at power-up; the slave FSM may have taken it on since. */
	ck_assert_str_ne(ec_al_state_string(slave->current_state), "UNKNOWN");

	/* The image read equals the EEPROM contents up to the end marker. */
	ck_assert_int_eq(ecsim_slave_sii(h->seg, id, &image, &len), 0);
	ck_assert_uint_le(slave->sii_nwords * 2, len);
	ck_assert_mem_eq(slave->sii_image, image, slave->sii_nwords * 2);
	ck_assert_uint_eq(ec_get_u16(slave->sii_image +
				     2 * (slave->sii_nwords - 1)), 0xffff);

	/* Sync managers and their PDOs. */
	ck_assert_uint_eq(slave->sync_count, json_array_size(sms));
	for (i = 0; i < slave->sync_count; i++) {
		const json_t *sm = json_array_get(sms, i);
		const struct ec_sii_sync *sync = &slave->syncs[i];
		const char *type =
			json_string_value(json_object_get(sm, "type"));
		unsigned int npdos = 0;

		ck_assert_uint_eq(sync->physical_start_address,
				  cat_num(json_object_get(sm, "start")));
		ck_assert_uint_eq(sync->default_length,
				  cat_num(json_object_get(sm, "size")));
		ck_assert_uint_eq(sync->control_register,
				  cat_num(json_object_get(sm, "control")));
		ck_assert_int_eq(sync->dir,
				 (!strcmp(type, "outputs") ||
				  !strcmp(type, "mbx_out")) ?
				 EC_DIR_OUTPUT_ : EC_DIR_INPUT_);
		for (j = 0; j < json_array_size(pdos); j++) {
			const json_t *pj = json_array_get(pdos, j);
			const json_t *ents = json_object_get(pj, "entries");
			const struct ec_pdo *pdo;

			if (cat_num(json_object_get(pj, "sm")) != i)
				continue;
			ck_assert_uint_lt(npdos, sync->pdo_count);
			pdo = &sync->pdos[npdos++];
			ck_assert_uint_eq(pdo->index, cat_num(
					  json_object_get(pj, "index")));
			ck_assert_str_eq(pdo->name, json_string_value(
					 json_object_get(pj, "name")));
			ck_assert_uint_eq(pdo->entry_count,
					  json_array_size(ents));
			for (k = 0; k < pdo->entry_count; k++) {
				const json_t *e = json_array_get(ents, k);
				const json_t *name = json_object_get(e, "name");

				ck_assert_uint_eq(pdo->entries[k].index,
						  cat_num(json_object_get(e,
							  "index")));
				ck_assert_uint_eq(pdo->entries[k].bit_length,
						  cat_num(json_object_get(e,
							  "bits")));
				if (pdo->entries[k].index)
					ck_assert_uint_eq(
						pdo->entries[k].subindex,
						cat_num(json_object_get(e,
							"sub")));
				if (name)
					ck_assert_str_eq(
						pdo->entries[k].name,
						json_string_value(name));
			}
		}
		ck_assert_uint_eq(npdos, sync->pdo_count);
	}
}

/* Scanned slaves in ring order against the plugged sim slaves. */
static void check_segment(struct ec_harness *h)
{
	unsigned int id, pos = 0;

	ck_assert_uint_eq(h->master.slave_count,
			  ecsim_segment_ring_count(h->seg));
	for (id = 0; id < ecsim_segment_slave_count(h->seg); id++) {
		if (!ecsim_slave_plugged(h->seg, id))
			continue;
		check_slave_against_catalogue(h, h->master.slaves[pos], id);
		pos++;
	}
	ck_assert_uint_eq(pos, h->master.slave_count);
}

/* The sim wires a line: each slave's port 1 leads to the next one. */
static void check_line_topology(const struct ec_master *master)
{
	unsigned int i;

	for (i = 0; i < master->slave_count; i++) {
		const struct ec_slave *s = master->slaves[i];

		ck_assert_ptr_eq(s->ports[0].next_slave,
				 i ? master->slaves[i - 1] : NULL);
		ck_assert_ptr_eq(s->ports[1].next_slave,
				 i + 1 < master->slave_count ?
				 master->slaves[i + 1] : NULL);
		ck_assert_ptr_null(s->ports[2].next_slave);
		ck_assert_ptr_null(s->ports[3].next_slave);
		ck_assert(s->ports[0].link_up);
		ck_assert(s->ports[0].signal_detected);
	}
}

START_TEST(test_default_segment)
{
	struct ec_harness h;
	const json_t *seg;
	char *json = read_file(SEG_DEFAULT);
	unsigned int id;

	harness_from_file(&h, SEG_DEFAULT);
	run_scan(&h, 1);
	check_segment(&h);
	check_line_topology(&h.master);
	ck_assert_uint_eq(h.master.fsm.scans_started, 1);
	ck_assert_uint_eq(h.master.unmatched_datagrams, 0);

	/* Aliases as the segment file gives them. */
	seg = json_loads(json, 0, NULL);
	ck_assert_ptr_nonnull(seg);
	for (id = 0; id < h.master.slave_count; id++) {
		const json_t *a = json_object_get(
			json_array_get(json_object_get(seg, "slaves"), id),
			"alias");

		ck_assert_uint_eq(h.master.slaves[id]->effective_alias,
				  a ? cat_num(a) : 0);
		ck_assert_uint_eq(h.master.slaves[id]->sii.alias,
				  a ? cat_num(a) : 0);
	}
	json_decref((json_t *)seg);
	free(json);

	/* Steady state: no further scan. */
	ec_harness_run_for(&h, 200 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(h.master.fsm.scans_started, 1);

	/* A requested rescan gives the same result. */
	ec_fsm_master_rescan(&h.master.fsm);
	run_scan(&h, 2);
	check_segment(&h);
	ec_harness_teardown(&h);
}
END_TEST

static bool base_read(struct ec_harness *h, void *ctx)
{
	unsigned int pos = *(unsigned int *)ctx;

	return h->master.slave_count > pos &&
	       h->master.slaves[pos]->base_type != 0;
}

/* A slave that stops answering mid-scan: its station address is changed
 * behind the master's back, so its reads find nobody while the broadcast
 * still counts it. */
START_TEST(test_slave_stops_answering)
{
	struct ec_harness h;
	unsigned int pos = 2, i;
	u8 addr[2] = { 0x77, 0x77 };

	harness_from_file(&h, SEG_DEFAULT);
	ck_assert(ec_harness_run_until(&h, base_read, &pos,
				       EC_NSEC_PER_SEC));
	ck_assert(h.master.scan_busy);
	ck_assert_int_eq(ecsim_slave_poke(h.seg, pos, 0x0010, addr, 2), 0);
	run_scan(&h, 1);
	ck_assert_uint_eq(h.master.slave_count, 6);
	ck_assert_uint_eq(h.master.fsm.scans_started, 1);
	for (i = 0; i < h.master.slave_count; i++) {
		const struct ec_slave *s = h.master.slaves[i];

		if (i == pos) {
			ck_assert(s->error_flag);
			ck_assert(!s->scan_done);
			ck_assert_ptr_null(s->sii_image);
		} else {
			check_slave_against_catalogue(&h, s, i);
		}
	}
	ec_harness_teardown(&h);
}
END_TEST

static char last_warning[256];

static void capture_log(int level, const char *line)
{
	if (level == EC_LOG_WARN && strstr(line, "checksum"))
		snprintf(last_warning, sizeof(last_warning), "%s", line);
}

START_TEST(test_bad_checksum)
{
	struct ec_harness h;
	const struct ec_slave *s;

	last_warning[0] = '\0';
	ec_port_set_log(capture_log);
	ec_harness_init(&h, "{ \"slaves\": [ { \"model\": \"EK1100\" },"
			" { \"model\": \"EL3102\","
			" \"faults\": { \"sii_checksum\": true } },"
			" { \"model\": \"EL2008\" } ] }");
	run_scan(&h, 1);
	ec_port_set_log(NULL);
	ck_assert_uint_eq(h.master.slave_count, 3);
	s = h.master.slaves[1];
	/* Still parsed and usable, but flagged and logged. */
	ck_assert(s->scan_done);
	ck_assert(!s->sii.checksum_ok);
	ck_assert_str_eq(ec_slave_name(s),
			 json_string_value(json_object_get(cat_model("EL3102"),
							   "name")));
	ck_assert_uint_eq(s->sync_count, 4);
	ck_assert_msg(strstr(last_warning, "0-1 (EL3102"),
		      "warning names position and slave: '%s'", last_warning);
	ck_assert(h.master.slaves[0]->sii.checksum_ok);
	ck_assert(h.master.slaves[2]->sii.checksum_ok);
	ec_harness_teardown(&h);
}
END_TEST

static bool scan_started_and_busy(struct ec_harness *h, void *ctx)
{
	unsigned int pos = *(unsigned int *)ctx;

	return h->master.scan_busy && base_read(h, &pos);
}

START_TEST(test_unplug_mid_scan)
{
	struct ec_harness h;
	unsigned int pos = 4;

	harness_from_file(&h, SEG_DEFAULT);
	ck_assert(ec_harness_run_until(&h, scan_started_and_busy, &pos,
				       EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_unplug(h.seg, 3), 0);
	run_scan(&h, 1);
	ck_assert_uint_ge(h.master.fsm.scans_restarted, 1);
	ck_assert_uint_eq(h.master.slave_count, 5);
	check_segment(&h);
	check_line_topology(&h.master);

	/* Plugged in again after the scan: a new scan finds it. */
	ck_assert_int_eq(ecsim_segment_replug(h.seg, 3), 0);
	run_scan(&h, 2);
	ck_assert_uint_eq(h.master.slave_count, 6);
	check_segment(&h);
	ec_harness_teardown(&h);
}
END_TEST

static bool no_slaves(struct ec_harness *h, void *ctx)
{
	(void)ctx;
	return h->master.slave_count == 0 && !h->master.scan_busy;
}

START_TEST(test_link_loss_and_back)
{
	struct ec_harness h;

	harness_from_file(&h, SEG_DEFAULT);
	run_scan(&h, 1);
	h.drop_all = true;
	ck_assert(ec_harness_run_until(&h, no_slaves, NULL,
				       EC_NSEC_PER_SEC));
	ck_assert_ptr_null(h.master.slaves);
	h.drop_all = false;
	run_scan(&h, 2);
	check_segment(&h);
	ec_harness_teardown(&h);
}
END_TEST

/* A single lost frame is not a topology change. */
START_TEST(test_single_loss_no_rescan)
{
	struct ec_harness h;

	harness_from_file(&h, SEG_DEFAULT);
	run_scan(&h, 1);
	h.drop_all = true;
	ec_harness_cycle(&h);
	h.drop_all = false;
	ec_harness_run_for(&h, 200 * EC_NSEC_PER_MSEC);
	ck_assert_uint_eq(h.master.fsm.scans_started, 1);
	ck_assert_uint_eq(h.master.slave_count, 6);
	ec_harness_teardown(&h);
}
END_TEST

/* Frames lost at random during the scan: the retries absorb them. */
START_TEST(test_scan_with_frame_loss)
{
	struct ec_harness h;

	harness_from_file(&h, SEG_DEFAULT);
	ecsim_segment_seed(h.seg, 42);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 2), 0);
	run_scan(&h, 1);
	ck_assert_int_eq(ecsim_segment_set_drop(h.seg, 0), 0);
	/* A loss may have cost a restart, never a wrong result. */
	ec_harness_run_for(&h, 100 * EC_NSEC_PER_MSEC);
	run_scan(&h, h.master.fsm.scans_started);
	check_segment(&h);
	ec_harness_teardown(&h);
}
END_TEST

/*
 * Fault injection on the EEPROM interface: answers of FPRDs of register
 * @ado at station @station get @set_bits ORed into their first word,
 * @count times (UINT_MAX: always).
 */
struct eep_fault {
	u16 station;
	u16 ado;
	u16 set_bits;
	unsigned int count;
	unsigned int hits;
};

static struct eep_fault eep_fault;

static void mutate_frame(u8 *f, size_t len)
{
	size_t off = 16;	/* Ethernet header, EtherCAT header */

	while (off + 12 <= len) {
		u16 lenf = ec_get_u16(f + off + 6);
		size_t dlen = lenf & 0x07ff;

		if (off + 12 + dlen > len)
			return;
		if (f[off] == EC_DATAGRAM_FPRD &&
		    ec_get_u16(f + off + 2) == eep_fault.station &&
		    ec_get_u16(f + off + 4) == eep_fault.ado && dlen >= 2 &&
		    eep_fault.count) {
			size_t i;

			ec_put_u16(f + off + 10, ec_get_u16(f + off + 10) |
						 eep_fault.set_bits);
			/* Garbage in the data (0x0508 on): an FSM that took
			 * it despite the error reads a wrong image. */
			for (i = 6; i < dlen; i++)
				f[off + 10 + i] ^= 0xa5;
			if (eep_fault.count != UINT_MAX)
				eep_fault.count--;
			eep_fault.hits++;
		}
		if (!(lenf & 0x8000))
			return;
		off += 12 + dlen;
	}
}

static int mutating_xmit(struct ec_device *dev, const u8 *frame,
			 size_t size)
{
	struct ec_harness *h = dev->priv;
	unsigned int before = h->pending;
	int ret = ec_harness_xmit(dev, frame, size);

	if (h->pending > before)
		mutate_frame(h->pending_frame[before], h->pending_len[before]);
	return ret;
}

static const struct ec_device_hooks mutating_hooks = {
	.xmit = mutating_xmit,
	.poll = ec_harness_poll,
};

static void harness_with_eep_fault(struct ec_harness *h, unsigned int pos,
				   u16 bits, unsigned int count)
{
	harness_from_file(h, SEG_DEFAULT);
	h->master.devices[EC_DEVICE_MAIN].hooks = &mutating_hooks;
	memset(&eep_fault, 0, sizeof(eep_fault));
	eep_fault.station = 0x1001 + pos;
	eep_fault.ado = 0x0502;		/* EEPROM control/status */
	eep_fault.set_bits = bits;
	eep_fault.count = count;
}

/* Only slave @pos failed; all others are complete and right. */
static void check_only_failed(struct ec_harness *h, unsigned int pos)
{
	unsigned int i;

	ck_assert_uint_eq(h->master.slave_count, 6);
	for (i = 0; i < h->master.slave_count; i++) {
		const struct ec_slave *s = h->master.slaves[i];

		if (i == pos) {
			ck_assert(s->error_flag);
			ck_assert(!s->scan_done);
		} else {
			check_slave_against_catalogue(h, s, i);
		}
	}
}

/* EEPROM acknowledge errors (0x0502 bit 13) are retried. */
START_TEST(test_sii_ack_error_retried)
{
	struct ec_harness h;

	/* The sim shows busy at the first poll after a command, so 4 marked
	 * answers are 2 acknowledge errors seen by the FSM, within its 3
	 * retries. */
	harness_with_eep_fault(&h, 1, 0x2000, 4);
	run_scan(&h, 1);
	ck_assert_uint_eq(eep_fault.hits, 4);
	check_segment(&h);
	ec_harness_teardown(&h);
}
END_TEST

START_TEST(test_sii_ack_error_gives_up)
{
	struct ec_harness h;

	harness_with_eep_fault(&h, 3, 0x2000, UINT_MAX);
	run_scan(&h, 1);
	ck_assert_uint_ge(eep_fault.hits, EC_FSM_SII_RETRIES + 1);
	check_only_failed(&h, 3);
	ck_assert_uint_eq(h.master.fsm.scans_started, 1);
	ec_harness_teardown(&h);
}
END_TEST

/* An EEPROM that stays busy (0x0502 bit 15) times out. */
START_TEST(test_sii_busy_timeout)
{
	struct ec_harness h;

	harness_with_eep_fault(&h, 2, 0x8000, UINT_MAX);
	run_scan(&h, 1);
	check_only_failed(&h, 2);
	ck_assert_uint_ge(h.master.scan_done_ns - h.master.scan_start_ns,
			  EC_FSM_SII_TIMEOUT_NS);
	ec_harness_teardown(&h);
}
END_TEST

/* EEPROM offered to a PDI that does not use it: the master takes it. */
START_TEST(test_sii_taken_from_pdi)
{
	struct ec_harness h;
	u8 v = 0x01;

	harness_from_file(&h, SEG_DEFAULT);
	ck_assert_int_eq(ecsim_slave_poke(h.seg, 4, 0x0500, &v, 1), 0);
	run_scan(&h, 1);
	check_segment(&h);
	ck_assert_int_eq(ecsim_slave_peek(h.seg, 4, 0x0500, &v, 1), 0);
	ck_assert_uint_eq(v & 0x01, 0);
	ec_harness_teardown(&h);
}
END_TEST

/* A PDI that holds the EEPROM (0x0501 bit 0) is waited for, up to the
 * timeout. */
START_TEST(test_sii_held_by_pdi)
{
	struct ec_harness h;
	u8 v[2] = { 0x01, 0x01 };

	harness_from_file(&h, SEG_DEFAULT);
	ck_assert_int_eq(ecsim_slave_poke(h.seg, 5, 0x0500, v, 2), 0);
	run_scan(&h, 1);
	check_only_failed(&h, 5);
	ec_harness_teardown(&h);
}
END_TEST

/* A rescan asked for during a scan restarts it; a NIC link loss clears
 * the slaves at once, its return scans again. */
START_TEST(test_rescan_during_scan_and_nic_link)
{
	struct ec_harness h;
	unsigned int pos = 1;

	harness_from_file(&h, SEG_DEFAULT);
	ck_assert(ec_harness_run_until(&h, scan_started_and_busy, &pos,
				       EC_NSEC_PER_SEC));
	ec_fsm_master_rescan(&h.master.fsm);
	run_scan(&h, 1);
	ck_assert_uint_eq(h.master.fsm.scans_restarted, 1);
	ck_assert_uint_eq(h.master.fsm.scans_started, 2);
	check_segment(&h);

	h.master.devices[EC_DEVICE_MAIN].link_up = false;
	ec_harness_run_for(&h, 3 * EC_HARNESS_CYCLE_NS);
	ck_assert_uint_eq(h.master.slave_count, 0);
	ck_assert_uint_eq(h.master.slaves_responding, 0);
	h.master.devices[EC_DEVICE_MAIN].link_up = true;
	run_scan(&h, 2);
	check_segment(&h);
	ec_harness_teardown(&h);
}
END_TEST

START_TEST(test_big_segment)
{
	struct ec_harness h;
	u64 link_up_ns;
	unsigned long frames;

	harness_from_file(&h, SEG_BIG);
	link_up_ns = h.now_ns;
	run_scan(&h, 1);
	frames = h.frames_sent;
	ck_assert_uint_eq(h.master.slave_count, 100);
	check_segment(&h);
	check_line_topology(&h.master);
	printf("scan of %u slaves: %.1f ms simulated from link-up "
	       "(%.1f ms from scan start), %lu frames, %u ms cycle\n",
	       h.master.slave_count,
	       (double)(h.master.scan_done_ns - link_up_ns) / 1e6,
	       (double)(h.master.scan_done_ns - h.master.scan_start_ns) / 1e6,
	       frames, (unsigned int)(EC_HARNESS_CYCLE_NS / EC_NSEC_PER_MSEC));
	ec_harness_teardown(&h);
}
END_TEST

/* Topology of a tree, from port states alone. */
START_TEST(test_topology_tree)
{
	struct ec_slave s[5], *sp[5];
	unsigned int i;

	/* 0: ports 0,3,1 open -> 1 behind port 3, 3 behind port 1;
	 * 1: port 1 open -> 2; 2: end; 3: port 1 open -> 4; 4: end. */
	memset(s, 0, sizeof(s));
	for (i = 0; i < 5; i++) {
		unsigned int p;

		sp[i] = &s[i];
		for (p = 0; p < EC_MAX_PORTS; p++) {
			s[i].ports[p].desc = EC_PORT_EBUS;
			s[i].ports[p].loop_closed = true;
		}
		s[i].ports[0].link_up = true;
		s[i].ports[0].loop_closed = false;
	}
	s[0].ports[3].link_up = true;
	s[0].ports[3].loop_closed = false;
	s[0].ports[1].link_up = true;
	s[0].ports[1].loop_closed = false;
	s[1].ports[1].link_up = true;
	s[1].ports[1].loop_closed = false;
	s[3].ports[1].link_up = true;
	s[3].ports[1].loop_closed = false;
	ck_assert_int_eq(ec_topology_calc(sp, 5), 0);
	ck_assert_ptr_null(s[0].ports[0].next_slave);
	ck_assert_ptr_eq(s[0].ports[3].next_slave, &s[1]);
	ck_assert_ptr_eq(s[0].ports[1].next_slave, &s[3]);
	ck_assert_ptr_eq(s[1].ports[1].next_slave, &s[2]);
	ck_assert_ptr_eq(s[1].ports[0].next_slave, &s[0]);
	ck_assert_ptr_eq(s[2].ports[0].next_slave, &s[1]);
	ck_assert_ptr_eq(s[3].ports[0].next_slave, &s[0]);
	ck_assert_ptr_eq(s[3].ports[1].next_slave, &s[4]);
	ck_assert_ptr_null(s[4].ports[1].next_slave);

	/* An open port with no slave left is reported. */
	s[4].ports[2].link_up = true;
	s[4].ports[2].loop_closed = false;
	ck_assert_int_eq(ec_topology_calc(sp, 5), -EPROTO);
	/* So is a slave that no open port leads to. */
	s[4].ports[2].loop_closed = true;
	s[3].ports[1].loop_closed = true;
	ck_assert_int_eq(ec_topology_calc(sp, 5), -EPROTO);
}
END_TEST

START_TEST(test_slave_names_and_states)
{
	struct ec_slave s;

	ec_slave_init(&s, NULL, 3);
	ck_assert_uint_eq(s.station_address, 0x1004);
	ck_assert_str_eq(ec_slave_name(&s), "unknown");
	s.sii.vendor_id = 2;
	s.sii.product_code = 0x03f03052;
	ck_assert_str_eq(ec_slave_name(&s), "0x00000002:0x03f03052");
	ck_assert_str_eq(ec_al_state_string(0x01), "INIT");
	ck_assert_str_eq(ec_al_state_string(0x02), "PREOP");
	ck_assert_str_eq(ec_al_state_string(0x03), "BOOT");
	ck_assert_str_eq(ec_al_state_string(0x04), "SAFEOP");
	ck_assert_str_eq(ec_al_state_string(0x08), "OP");
	ck_assert_str_eq(ec_al_state_string(0x14), "SAFEOP+ERROR");
	ck_assert_str_eq(ec_al_state_string(0x00), "UNKNOWN");
	ck_assert_ptr_null(ec_slave_find_sdo(&s, 0x1000));
	ec_slave_clear(&s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("scan");
	TCase *tc = tcase_create("scan");
	SRunner *sr;
	int failed;

	catalogue = json_load_file(CATALOGUE, 0, NULL);
	if (!catalogue) {
		fprintf(stderr, "cannot load %s\n", CATALOGUE);
		return 1;
	}
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_default_segment);
	tcase_add_test(tc, test_slave_stops_answering);
	tcase_add_test(tc, test_bad_checksum);
	tcase_add_test(tc, test_unplug_mid_scan);
	tcase_add_test(tc, test_link_loss_and_back);
	tcase_add_test(tc, test_single_loss_no_rescan);
	tcase_add_test(tc, test_rescan_during_scan_and_nic_link);
	tcase_add_test(tc, test_scan_with_frame_loss);
	tcase_add_test(tc, test_sii_ack_error_retried);
	tcase_add_test(tc, test_sii_ack_error_gives_up);
	tcase_add_test(tc, test_sii_busy_timeout);
	tcase_add_test(tc, test_sii_taken_from_pdi);
	tcase_add_test(tc, test_sii_held_by_pdi);
	tcase_add_test(tc, test_big_segment);
	tcase_add_test(tc, test_topology_tree);
	tcase_add_test(tc, test_slave_names_and_states);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	json_decref(catalogue);
	return failed ? 1 : 0;
}
