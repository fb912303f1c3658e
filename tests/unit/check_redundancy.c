// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_redundancy.c - cable redundancy (master/cycle/redundancy.c): the merge
 * rules of every command type (both copies processed, one, neither, one
 * copy lost), and the whole master on a ring of the in-process segment
 * with a main and a backup device: scan, OP with complete working
 * counters through a break in the middle, at the main port, and the
 * heal; the break found and logged; a rescan while broken.
 */
#include "harness.h"
#include "cycle/domain.h"
#include "cycle/redundancy.h"
#include "app/slave_config.h"

#define BECKHOFF 0x00000002
#define EL1008 0x03f03052
#define EL2008 0x07d83052
#define EL3102 0x0c1e3052
#define EL4102 0x10063052
#define RING_SLAVES 5

/* ---- the merge rules, table driven ---- */

struct merge_case {
	enum ec_datagram_type type;
	u8 a[4];
	u16 a_wkc;
	u8 b[4];
	u16 b_wkc;
	bool one_copy;		/* b did not come back */
	u8 want[4];
};

#define S { 0x00, 0x11, 0x22, 0x33 }	/* what was sent */
#define A { 0xa0, 0x11, 0xa2, 0x33 }	/* bytes 0, 2 set on side A */
#define B { 0x00, 0xb1, 0x22, 0xb3 }	/* bytes 1, 3 set on side B */

static const struct merge_case merge_cases[] = {
	/* reads, both sides processed: each byte from the side that set
	 * it; broadcasts OR */
	{ EC_DATAGRAM_LRD, A, 1, B, 1, false, { 0xa0, 0xb1, 0xa2, 0xb3 } },
	{ EC_DATAGRAM_LRW, A, 3, B, 2, false, { 0xa0, 0xb1, 0xa2, 0xb3 } },
	{ EC_DATAGRAM_FRMW, A, 1, B, 2, false, { 0xa0, 0xb1, 0xa2, 0xb3 } },
	{ EC_DATAGRAM_ARMW, A, 2, B, 1, false, { 0xa0, 0xb1, 0xa2, 0xb3 } },
	{ EC_DATAGRAM_BRD, A, 2, B, 3, false, { 0xa0, 0xb1, 0xa2, 0xb3 } },
	{ EC_DATAGRAM_BRW, { 1, 2, 4, 8 }, 3, { 8, 4, 2, 1 }, 6, false,
	  { 9, 6, 6, 9 } },
	/* one side processed: that side's copy, whole */
	{ EC_DATAGRAM_FPRD, A, 1, S, 0, false, A },
	{ EC_DATAGRAM_FPRD, S, 0, B, 1, false, B },
	{ EC_DATAGRAM_APRD, S, 0, B, 1, false, B },
	{ EC_DATAGRAM_APRW, A, 3, S, 0, false, A },
	{ EC_DATAGRAM_FPRW, S, 0, B, 3, false, B },
	{ EC_DATAGRAM_LRW, S, 0, B, 3, false, B },
	{ EC_DATAGRAM_BRD, S, 0, B, 4, false, B },
	/* neither processed: what came back */
	{ EC_DATAGRAM_FPRD, S, 0, S, 0, false, S },
	{ EC_DATAGRAM_LRD, S, 0, S, 0, false, S },
	/* one copy lost: the other, processed or not */
	{ EC_DATAGRAM_LRW, A, 3, S, 0, true, A },
	{ EC_DATAGRAM_BRD, B, 4, S, 0, true, B },
	{ EC_DATAGRAM_FPRD, S, 0, S, 0, true, S },
	/* writing commands keep the data sent */
	{ EC_DATAGRAM_APWR, A, 1, B, 1, false, S },
	{ EC_DATAGRAM_FPWR, A, 1, S, 0, false, S },
	{ EC_DATAGRAM_BWR, A, 2, B, 3, false, S },
	{ EC_DATAGRAM_LWR, A, 1, B, 1, true, S },
	{ EC_DATAGRAM_NONE, A, 0, B, 0, false, S },
};

START_TEST(test_merge_rules)
{
	const struct merge_case *c = &merge_cases[_i];
	u8 data[4] = S;

	ec_red_merge(c->type, data, c->a, c->a_wkc,
		     c->one_copy ? NULL : c->b, c->b_wkc, sizeof(data));
	ck_assert_msg(!memcmp(data, c->want, 4),
		      "case %d (%s): %02x %02x %02x %02x", _i,
		      ec_datagram_type_string(c->type), data[0], data[1],
		      data[2], data[3]);
}
END_TEST

/* ---- a master with two devices on a ring ---- */

#define RING_PENDING 16

struct ring_dev {
	unsigned int pending;
	size_t len[RING_PENDING];
	u8 frame[RING_PENDING][EC_FRAME_MAX_SIZE];
};

struct ring {
	struct ec_master master;
	struct ecsim_segment *seg;
	u64 now_ns;
	struct ring_dev dev[2];
	unsigned long frames_sent[2];
	bool heal_after_backup;	/* mend the cable between the two copies */
	unsigned int drop_backup;	/* lose the next answers of backup copies */
	bool hold;		/* answers wait: a stalled link (late) */
};

static struct ring rg;

/* The frame enters the segment at the device's port; its answer waits
 * for the next poll of the device it comes out at. */
static int ring_xmit(struct ec_device *dev, const u8 *frame, size_t size)
{
	struct ring *r = dev->priv;
	u8 buf[EC_FRAME_MAX_SIZE];
	unsigned int out = 0;
	struct ring_dev *o;
	size_t len;

	r->frames_sent[dev->index]++;
	memcpy(buf, frame, size);
	ecsim_segment_set_time(r->seg, r->now_ns);
	len = ecsim_segment_process_port(r->seg, dev->index, buf, size, &out);
	if (r->heal_after_backup && dev->index == EC_DEVICE_BACKUP) {
		ecsim_segment_heal(r->seg);
		r->heal_after_backup = false;
	}
	o = &r->dev[out];
	if (len && dev->index == EC_DEVICE_BACKUP && r->drop_backup) {
		r->drop_backup--;
		return 0;
	}
	if (!len || o->pending >= RING_PENDING)
		return 0;
	memcpy(o->frame[o->pending], buf, len);
	o->len[o->pending++] = len;
	return 0;
}

static void ring_poll(struct ec_device *dev)
{
	struct ring *r = dev->priv;
	struct ring_dev *d = &r->dev[dev->index];
	unsigned int i, n = d->pending;

	if (r->hold)
		return;
	d->pending = 0;
	for (i = 0; i < n; i++)
		ec_device_receive(dev, d->frame[i], d->len[i], r->now_ns);
}

static const struct ec_device_hooks ring_hooks = {
	.xmit = ring_xmit,
	.poll = ring_poll,
};

static const char *ring_json =
	"{ \"slaves\": [ { \"model\": \"EK1100\" }, { \"model\": \"EL1008\" },"
	" { \"model\": \"EL2008\" }, { \"model\": \"EL3102\" },"
	" { \"model\": \"EL4102\" } ] }";

static void ring_attach(struct ring *r, unsigned int idx, u8 last)
{
	struct ec_device *dev = &r->master.devices[idx];
	u8 mac[6] = { 0x52, 0x54, 0x00, 0xec, 0xa7, last };

	memcpy(dev->mac, mac, 6);
	dev->hooks = &ring_hooks;
	dev->priv = r;
	dev->open = true;
	dev->link_up = true;
	ec_master_device_attached(&r->master, dev);
}

static void ring_cycle(struct ring *r)
{
	ec_master_poll_devices(&r->master);
	ec_master_idle_cycle(&r->master, r->now_ns);
	r->now_ns += EC_HARNESS_CYCLE_NS;
}

static bool ring_ready(struct ring *r)
{
	unsigned int i;

	if (r->master.scan_busy || r->master.slave_count != RING_SLAVES)
		return false;
	for (i = 0; i < RING_SLAVES; i++)
		if (!r->master.slaves[i]->scan_done ||
		    !ec_slave_fsm_ready(r->master.slaves[i]))
			return false;
	return true;
}

static bool ring_run_until_ready(struct ring *r, u64 limit_ns)
{
	u64 end = r->now_ns + limit_ns;

	while (r->now_ns < end) {
		ring_cycle(r);
		if (ring_ready(r))
			return true;
	}
	return false;
}

static char log_lines[64][256];
static unsigned int log_count;

static void capture_log(int level, const char *line)
{
	(void)level;
	if (log_count < 64)
		snprintf(log_lines[log_count++], sizeof(log_lines[0]), "%s",
			 line);
}

static unsigned int logged(const char *needle)
{
	unsigned int i, n = 0;

	for (i = 0; i < log_count; i++)
		if (strstr(log_lines[i], needle))
			n++;
	return n;
}

static void ring_setup(void)
{
	char err[256];

	memset(&rg, 0, sizeof(rg));
	rg.seg = ecsim_segment_new_string(ring_json, err, sizeof(err));
	ck_assert_msg(rg.seg, "segment: %s", err);
	ck_assert_int_eq(ecsim_segment_set_ring(rg.seg, true), 0);
	ck_assert_int_eq(ec_master_init(&rg.master, 0), 0);
	ck_assert_int_eq(ec_red_init(&rg.master), 0);
	ck_assert_uint_eq(rg.master.num_devices, 2);
	ring_attach(&rg, EC_DEVICE_MAIN, 0x01);
	ring_attach(&rg, EC_DEVICE_BACKUP, 0x02);
	rg.now_ns = EC_NSEC_PER_SEC;
	log_count = 0;
	ec_port_set_log(capture_log);
}

static void ring_teardown(void)
{
	ec_port_set_log(NULL);
	ec_master_deactivate(&rg.master, rg.now_ns);
	ec_master_clear_config(&rg.master);
	ec_fsm_master_clear_slaves(&rg.master);
	ec_master_clear(&rg.master);
	ecsim_segment_free(rg.seg);
}

/* The slaves in ring order, each once. */
static void check_slaves_in_order(void)
{
	static const u32 product[RING_SLAVES] = {
		0x044c2c52, EL1008, EL2008, EL3102, EL4102
	};
	unsigned int i;

	ck_assert_uint_eq(rg.master.slave_count, RING_SLAVES);
	for (i = 0; i < RING_SLAVES; i++) {
		ck_assert_uint_eq(rg.master.slaves[i]->ring_position, i);
		ck_assert_uint_eq(rg.master.slaves[i]->sii.product_code,
				  product[i]);
	}
}

START_TEST(test_ring_scan)
{
	struct ec_redundancy *r;
	ec_master_link_state_t ls;

	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	check_slaves_in_order();
	r = rg.master.red;
	ck_assert(r->known);
	ck_assert(!r->broken);
	/* the main copy went round: every slave on the main device's way,
	 * none on the backup's, and both devices sent every frame */
	ck_assert_uint_eq(r->side_slaves[EC_DEVICE_MAIN], RING_SLAVES);
	ck_assert_uint_eq(r->side_slaves[EC_DEVICE_BACKUP], 0);
	ck_assert_uint_eq(rg.frames_sent[0], rg.frames_sent[1]);
	ck_assert_uint_gt(rg.master.devices[1].stats.rx_count, 0);
	ec_master_get_link_state(&rg.master, EC_DEVICE_MAIN, &ls);
	ck_assert_uint_eq(ls.slaves_responding, RING_SLAVES);
	ck_assert_uint_eq(ls.link_up, 1);
	ec_master_get_link_state(&rg.master, EC_DEVICE_BACKUP, &ls);
	ck_assert_uint_eq(ls.slaves_responding, 0);
	ck_assert_uint_eq(ls.link_up, 1);
	ck_assert_uint_eq(rg.master.unmatched_datagrams, 0);
	ck_assert_uint_eq(logged("ring broken"), 0);
}
END_TEST

/*
 * The ring closed, both copies of a datagram come back after it timed
 * out (a stalled link, as the emulated rig's host stalls): it is counted
 * as timed out once, its two copies as late answers, none as unmatched;
 * its frame index is not used again while they are out, and then is.
 */
START_TEST(test_ring_late_copies_are_late)
{
	struct ec_master *m = &rg.master;
	struct ec_datagram a, b;
	u64 lost, unmatched, late;
	u8 index;

	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	ring_cycle(&rg);		/* the FSMs' answers are in */
	ec_master_poll_devices(m);
	ec_master_check_timeouts(m, rg.now_ns + m->io_timeout_ns,
				 m->io_timeout_ns);
	lost = m->timed_out_datagrams;
	unmatched = m->unmatched_datagrams;
	late = m->late_answers;
	ec_datagram_init(&a);
	ck_assert_int_eq(ec_datagram_brd(&a, 0x0130, 2), 0);
	ec_master_queue_datagram(m, &a);
	rg.hold = true;
	ec_master_send_datagrams(m, rg.now_ns);
	index = a.index;
	ec_master_poll_devices(m);
	ec_master_check_timeouts(m, rg.now_ns + m->io_timeout_ns,
				 m->io_timeout_ns);
	ck_assert_int_eq(a.state, EC_DATAGRAM_TIMED_OUT);
	ck_assert_uint_eq(m->timed_out_datagrams, lost + 1);
	/* the next datagram does not take its index while they are out */
	m->next_index = index;
	ec_datagram_init(&b);
	ck_assert_int_eq(ec_datagram_brd(&b, 0x0130, 2), 0);
	ec_master_queue_datagram(m, &b);
	ec_master_send_datagrams(m, rg.now_ns + m->io_timeout_ns);
	ck_assert_uint_ne(b.index, index);
	rg.hold = false;
	ec_master_poll_devices(m);	/* both copies, late; b's */
	ck_assert_uint_eq(m->late_answers, late + 2);
	ck_assert_uint_eq(m->unmatched_datagrams, unmatched);
	ck_assert_int_eq(b.state, EC_DATAGRAM_RECEIVED);
	ck_assert_uint_eq(b.working_counter, RING_SLAVES);
	ec_master_poll_devices(m);
	ck_assert_uint_eq(m->late_answers, late + 2);
	/* a copy of it once more (a duplicate) is unmatched */
	ec_master_receive_frame_on(m, EC_DEVICE_MAIN, rg.dev[0].frame[0],
				   rg.dev[0].len[0], rg.now_ns);
	ck_assert_uint_eq(m->unmatched_datagrams, unmatched + 1);
	/* the index used again: its answers are matched */
	m->next_index = index;
	ec_master_queue_datagram(m, &a);
	ec_master_send_datagrams(m, rg.now_ns);
	ck_assert_uint_eq(a.index, index);
	ec_master_poll_devices(m);
	ck_assert_int_eq(a.state, EC_DATAGRAM_RECEIVED);
	ck_assert_uint_eq(a.working_counter, RING_SLAVES);
	ck_assert_uint_eq(m->late_answers, late + 2);
	ck_assert_uint_eq(m->unmatched_datagrams, unmatched + 1);
	ec_datagram_clear(&a);
	ec_datagram_clear(&b);
}
END_TEST

static struct ec_slave_config *cfg(u16 pos, u32 product)
{
	struct ec_slave_config *sc = ec_master_slave_config(&rg.master, 0, pos,
							    BECKHOFF, product);

	ck_assert_ptr_nonnull(sc);
	return sc;
}

static void op_cycle(struct ec_domain *d)
{
	ec_port_io_lock(&rg.master);
	ec_master_poll_devices(&rg.master);
	ec_master_app_receive(&rg.master, rg.now_ns);
	ec_port_io_unlock(&rg.master);
	ec_master_op_fsm(&rg.master, rg.now_ns);
	ec_domain_process(d, rg.now_ns);
	ec_domain_queue(d);
	ec_port_io_lock(&rg.master);
	ec_master_app_send(&rg.master, rg.now_ns);
	ec_port_io_unlock(&rg.master);
	rg.now_ns += EC_HARNESS_CYCLE_NS;
}

/* Cycles with the domain incomplete, out of @n. */
static unsigned int op_run(struct ec_domain *d, unsigned int n)
{
	unsigned int i, bad = 0;

	for (i = 0; i < n; i++) {
		op_cycle(d);
		if (d->wc_state != EC_WC_COMPLETE)
			bad++;
	}
	return bad;
}

/* The configured slaves (1-4) in OP, the domain complete. */
static bool all_op(const struct ec_domain *d)
{
	unsigned int i;

	for (i = 1; i < RING_SLAVES; i++)
		if (rg.master.slaves[i]->current_state != EC_AL_STATE_OP_)
			return false;
	return d->wc_state == EC_WC_COMPLETE;
}

START_TEST(test_ring_break_in_op)
{
	struct ec_redundancy *r = rg.master.red;
	struct ec_domain *d;
	ec_domain_state_t st;
	ec_master_link_state_t ls;
	unsigned int i, bad;
	int off_out, off_in;
	u64 end;

	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	d = ec_master_create_domain(&rg.master);
	off_out = ec_slave_config_reg_pdo_entry(cfg(2, EL2008), 0x7000, 1, d,
						NULL);
	off_in = ec_slave_config_reg_pdo_entry(cfg(1, EL1008), 0x6000, 1, d,
					       NULL);
	ck_assert_int_ge(off_out, 0);
	ck_assert_int_ge(off_in, 0);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(cfg(3, EL3102), 0x3101,
						       2, d, NULL), 0);
	ck_assert_int_ge(ec_slave_config_reg_pdo_entry(cfg(4, EL4102), 0x3001,
						       1, d, NULL), 0);
	ck_assert_int_eq(ec_master_activate(&rg.master, rg.now_ns), 0);
	end = rg.now_ns + 20 * EC_NSEC_PER_SEC;
	while (rg.now_ns < end && !all_op(d))
		op_cycle(d);
	ck_assert(all_op(d));
	ck_assert_uint_eq(op_run(d, 100), 0);
	ec_domain_state(d, &st);
	ck_assert_uint_eq(st.redundancy_active, 0);

	/* the cable in front of slave 2: two slaves on each side... */
	ck_assert_int_eq(ecsim_segment_break(rg.seg, 2), 0);
	bad = op_run(d, 3000);
	ck_assert_uint_eq(bad, 0);
	ck_assert(r->broken);
	ck_assert_uint_eq(r->break_pos, 2);
	ck_assert_uint_eq(r->side_slaves[EC_DEVICE_MAIN], 2);
	ck_assert_uint_eq(r->side_slaves[EC_DEVICE_BACKUP], 3);
	ck_assert_uint_eq(logged("ring broken after 2 slave(s): 2 answer(s) "
				 "on the main device, 3 on the backup device"),
			  1);
	ec_domain_state(d, &st);
	ck_assert_uint_eq(st.redundancy_active, 1);
	ck_assert_int_eq(st.wc_state, EC_WC_COMPLETE);
	ec_master_get_link_state(&rg.master, EC_DEVICE_BACKUP, &ls);
	ck_assert_uint_eq(ls.slaves_responding, 3);
	/* ...and the slaves stay in OP, no scan was started */
	ck_assert_uint_eq(rg.master.slave_count, RING_SLAVES);
	for (i = 1; i < RING_SLAVES; i++)
		ck_assert_uint_eq(rg.master.slaves[i]->current_state,
				  EC_AL_STATE_OP_);

	/* healed: back to the normal ways by itself */
	ecsim_segment_heal(rg.seg);
	ck_assert_uint_eq(op_run(d, 1000), 0);
	ck_assert(!r->broken);
	ck_assert_uint_eq(r->side_slaves[EC_DEVICE_MAIN], RING_SLAVES);
	ck_assert_uint_eq(logged("ring closed again, 5 slave(s)"), 1);
	ec_domain_state(d, &st);
	ck_assert_uint_eq(st.redundancy_active, 0);

	/* the cable mended between the two copies of a frame: the backup
	 * copy was processed behind the break, the main copy then went
	 * round: every slave once, not twice */
	ck_assert_int_eq(ecsim_segment_break(rg.seg, 3), 0);
	ck_assert_uint_eq(op_run(d, 200), 0);
	ck_assert(r->broken);
	i = rg.master.fsm.scans_started;
	rg.heal_after_backup = true;
	ck_assert_uint_eq(op_run(d, 200), 0);
	ck_assert(!rg.heal_after_backup);
	ck_assert(!r->broken);
	ck_assert_uint_eq(rg.master.slaves_responding, RING_SLAVES);
	ck_assert_uint_eq(rg.master.fsm.scans_started, i);

	/* the main port's cable: every slave answers on the backup side */
	ck_assert_int_eq(ecsim_segment_break(rg.seg, 0), 0);
	ck_assert_uint_eq(op_run(d, 1000), 0);
	ck_assert(r->broken);
	ck_assert_uint_eq(r->break_pos, 0);
	ck_assert_uint_eq(r->side_slaves[EC_DEVICE_BACKUP], RING_SLAVES);
	ck_assert_uint_gt(r->partial, 0);	/* main copies never came */
	ecsim_segment_heal(rg.seg);
	ck_assert_uint_eq(op_run(d, 1000), 0);
	ck_assert(!r->broken);
	ck_assert_uint_eq(rg.master.slave_count, RING_SLAVES);
}
END_TEST

/*
 * The cable cut while a few backup copies are lost (as while a link goes
 * down): the broadcasts and slave checks completed with the main copy
 * alone count the main side only; the master keeps its slaves, with
 * their identities, and starts no scan (doc/SPECNOTES.md, "A break keeps
 * the slaves").
 */
START_TEST(test_ring_break_keeps_slaves)
{
	unsigned int started, n;

	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	started = rg.master.fsm.scans_started;
	ck_assert_int_eq(ecsim_segment_break(rg.seg, 2), 0);
	rg.drop_backup = EC_RED_PARTIAL_BRDS - 1;
	for (n = 0; n < 2000; n++) {
		ring_cycle(&rg);
		ck_assert(!rg.master.scan_busy);
		check_slaves_in_order();
	}
	ck_assert_uint_eq(rg.drop_backup, 0);
	ck_assert(rg.master.red->broken);
	ck_assert_uint_eq(rg.master.red->break_pos, 2);
	ck_assert_uint_eq(rg.master.fsm.scans_started, started);
	ck_assert_uint_eq(rg.master.slaves_responding, RING_SLAVES);
	ck_assert_uint_eq(logged("rescanning"), 0);
}
END_TEST

/* A rescan while broken finds every slave once, in ring order: the
 * auto-increment addresses of the backup copies count from the break. */
START_TEST(test_ring_rescan_while_broken)
{
	unsigned int before;

	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_break(rg.seg, 3), 0);
	ring_cycle(&rg);
	ring_cycle(&rg);
	ck_assert(rg.master.red->broken);
	ck_assert_uint_eq(rg.master.red->break_pos, 3);
	before = rg.master.fsm.scans_completed;
	ec_fsm_master_rescan(&rg.master.fsm);
	ring_cycle(&rg);
	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	ck_assert_uint_gt(rg.master.fsm.scans_completed, before);
	check_slaves_in_order();
	ck_assert_uint_eq(rg.master.slaves_responding, RING_SLAVES);
}
END_TEST

/* Without the backup's cable (break at the backup port) it is a line. */
START_TEST(test_ring_backup_cable_cut)
{
	ck_assert_int_eq(ecsim_segment_break(rg.seg, RING_SLAVES), 0);
	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	check_slaves_in_order();
	ck_assert(rg.master.red->broken);
	ck_assert_uint_eq(rg.master.red->break_pos, RING_SLAVES);
	ck_assert_uint_eq(rg.master.red->side_slaves[EC_DEVICE_BACKUP], 0);
}
END_TEST

/* The main NIC gone (closed) and its cable cut: the frames leave on the
 * backup device alone and every slave answers there. */
START_TEST(test_ring_main_device_down)
{
	unsigned long main_sent, backup_sent;
	unsigned int i;

	ck_assert(ring_run_until_ready(&rg, 20 * EC_NSEC_PER_SEC));
	ck_assert_int_eq(ecsim_segment_break(rg.seg, 0), 0);
	rg.master.devices[EC_DEVICE_MAIN].open = false;
	main_sent = rg.frames_sent[EC_DEVICE_MAIN];
	backup_sent = rg.frames_sent[EC_DEVICE_BACKUP];
	for (i = 0; i < 50; i++)
		ring_cycle(&rg);
	ck_assert_uint_eq(rg.frames_sent[EC_DEVICE_MAIN], main_sent);
	ck_assert_uint_gt(rg.frames_sent[EC_DEVICE_BACKUP], backup_sent + 40);
	ck_assert(rg.master.red->broken);
	ck_assert_uint_eq(rg.master.red->break_pos, 0);
	ck_assert_uint_eq(rg.master.red->side_slaves[EC_DEVICE_BACKUP],
			  RING_SLAVES);
	ck_assert_uint_eq(rg.master.slaves_responding, RING_SLAVES);
	ck_assert_uint_eq(rg.master.slave_count, RING_SLAVES);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("redundancy");
	TCase *tm = tcase_create("merge");
	TCase *tr = tcase_create("ring");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tm, test_merge_rules, 0,
			    (int)(sizeof(merge_cases) / sizeof(merge_cases[0])));
	suite_add_tcase(s, tm);
	tcase_add_checked_fixture(tr, ring_setup, ring_teardown);
	tcase_set_timeout(tr, 60);
	tcase_add_test(tr, test_ring_scan);
	tcase_add_test(tr, test_ring_late_copies_are_late);
	tcase_add_test(tr, test_ring_break_in_op);
	tcase_add_test(tr, test_ring_break_keeps_slaves);
	tcase_add_test(tr, test_ring_rescan_while_broken);
	tcase_add_test(tr, test_ring_backup_cable_cut);
	tcase_add_test(tr, test_ring_main_device_down);
	suite_add_tcase(s, tr);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
