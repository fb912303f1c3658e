// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_dc.c - the offset job of distributed clocks (FSM side).
 *
 *   latch: BWR 0x0900 (every slave latches its receive times)
 *   -> read: FPRD 0x0918 of every DC slave (local time at the latch)
 *   -> write: FPWR 0x0920 offset + 0x0928 delay of every DC slave
 *   -> reset: BWR 0x0930 speed counter start (resets the control loops,
 *      ESC data sheet section I 9.1.4)
 *   -> burst: each turn for EC_DC_DRIFT_BURST_NS, FPWR 0x0910 of the
 *      master's system time to the reference clock and FRMW 0x0910 from
 *      it to the others (static drift compensation, ETG.1020: every
 *      clock learns its frequency error before the slaves start)
 *   -> done
 * When an application starts, or its time base moved, the job aligns the
 * segment with the application's clock (the reference clock ran free
 * since the scan, with its own frequency error):
 *   rebase: FPRD 0x0910 of the reference clock -> FPWR 0x0920 := offset +
 *   (application time when read - reference's time) of every DC slave;
 *   the time control loops keep what they learned -> done
 *
 * The slaves' datagrams of one step go out together (one per DC slave,
 * allocated when the job starts).  A datagram without answer is sent
 * again up to EC_FSM_DC_RETRIES times; then the job gives up with a
 * warning and the master tries again later.
 */
#include "dc/fsm_dc.h"
#include "dc/dc.h"
#include "cycle/datagram.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"

#define EC_FSM_DC_RETRIES 3
#define EC_FSM_DC_RETRY_NS EC_NSEC_PER_SEC

struct ec_fsm_dc;
typedef void (*ec_fsm_dc_state_t)(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns);

struct ec_fsm_dc {
	ec_fsm_dc_state_t state;
	struct ec_datagram datagram;	/* broadcasts and the burst */
	struct ec_datagram ref_sync;	/* the burst: reference := master */
	unsigned int n;			/* DC slaves */
	u16 *pos;			/* their ring positions */
	struct ec_datagram *dgs;	/* one each */
	unsigned int retries;
	u64 system_time_at_latch;
	s64 base;
	u64 burst_end_ns;
	u64 retry_at_ns;
	bool only_new;			/* ec_fsm_dc_start_hc() */
	unsigned int pass;		/* of its read and write, from 0 */
};

static void ec_fsm_dc_state_latch(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_read(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_write(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_reset(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_burst(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_done(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_rebase(struct ec_master *master,
				   struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_move(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_rebased(struct ec_master *master,
				    struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_wait(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_new_read(struct ec_master *master,
				     struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_new_write(struct ec_master *master,
				      struct ec_fsm_dc *fsm, u64 now_ns);
static void ec_fsm_dc_state_new_done(struct ec_master *master,
				     struct ec_fsm_dc *fsm, u64 now_ns);

static void ec_fsm_dc_release(struct ec_master *master, struct ec_fsm_dc *fsm)
{
	unsigned int i;

	ec_master_unqueue_datagram(master, &fsm->datagram);
	ec_datagram_clear(&fsm->datagram);
	ec_master_unqueue_datagram(master, &fsm->ref_sync);
	ec_datagram_clear(&fsm->ref_sync);
	for (i = 0; fsm->dgs && i < fsm->n; i++) {
		ec_master_unqueue_datagram(master, &fsm->dgs[i]);
		ec_datagram_clear(&fsm->dgs[i]);
	}
	ec_free(fsm->dgs);
	ec_free(fsm->pos);
	fsm->dgs = NULL;
	fsm->pos = NULL;
	fsm->n = 0;
}

/**
 * ec_fsm_dc_free() - drop the job (a rescan frees the slaves)
 * @master: master
 */
void ec_fsm_dc_free(struct ec_master *master)
{
	struct ec_fsm_dc *fsm = master->dc.fsm;

	if (!fsm)
		return;
	ec_fsm_dc_release(master, fsm);
	ec_free(fsm);
	master->dc.fsm = NULL;
}

/**
 * ec_fsm_dc_busy() - does an offset job run?
 * @master: master
 *
 * Return: true while it runs (also while it waits to retry).
 */
bool ec_fsm_dc_busy(const struct ec_master *master)
{
	return master->dc.fsm && master->dc.fsm->state != ec_fsm_dc_state_done;
}

/* The job's datagrams for the DC slaves from ring position @first on. */
static int ec_fsm_dc_setup(struct ec_master *master, unsigned int first,
			   unsigned int end)
{
	struct ec_fsm_dc *fsm = master->dc.fsm;
	unsigned int i, n = 0;

	if (!fsm) {
		fsm = ec_zalloc(sizeof(*fsm));
		if (!fsm)
			return -ENOMEM;
		ec_datagram_init(&fsm->datagram);
		ec_datagram_init(&fsm->ref_sync);
		master->dc.fsm = fsm;
	}
	ec_fsm_dc_release(master, fsm);
	if (end > master->slave_count)
		end = master->slave_count;
	for (i = first; i < end; i++)
		if (master->slaves[i]->base_dc_supported &&
		    master->slaves[i]->scan_done)
			n++;
	fsm->pos = ec_zalloc((n + 1) * sizeof(*fsm->pos));
	fsm->dgs = ec_zalloc((n + 1) * sizeof(*fsm->dgs));
	if (!fsm->pos || !fsm->dgs)
		goto out_nomem;
	for (i = 0; i < n; i++)
		ec_datagram_init(&fsm->dgs[i]);
	fsm->n = n;
	for (i = first, n = 0; i < end; i++)
		if (master->slaves[i]->base_dc_supported &&
		    master->slaves[i]->scan_done)
			fsm->pos[n++] = (u16)i;
	for (i = 0; i < n; i++)
		if (ec_datagram_prealloc(&fsm->dgs[i], 16))
			goto out_nomem;
	fsm->datagram.name = "dc-offsets";
	fsm->retries = 0;
	fsm->only_new = false;
	return 0;

out_nomem:
	ec_fsm_dc_release(master, fsm);
	fsm->state = ec_fsm_dc_state_done;
	return -ENOMEM;
}

/**
 * ec_fsm_dc_start() - start the offset job for the scanned segment
 * @master: master; FSM side, reference clock chosen, delays computed
 * @rebase: only move the offsets to the application's time base
 * @now_ns: current time
 *
 * Return: 0 or -ENOMEM.
 */
int ec_fsm_dc_start(struct ec_master *master, bool rebase, u64 now_ns)
{
	struct ec_fsm_dc *fsm;
	int ret = ec_fsm_dc_setup(master, 0, master->slave_count);

	if (ret)
		return ret;
	fsm = master->dc.fsm;
	fsm->state = rebase ? ec_fsm_dc_state_rebase : ec_fsm_dc_state_latch;
	fsm->state(master, fsm, now_ns);
	return 0;
}

/**
 * ec_fsm_dc_start_hc() - offsets and delays of new slaves only (hot
 * connect, dc_hc.c)
 * @master: master; FSM side, the new slaves' delays computed
 * @first: ring position of the first new slave
 * @count: the new slaves (known ones may follow them)
 * @now_ns: current time
 *
 * The running slaves' offsets and delays are not written.  A new slave's
 * offset is moved by how far its system time is behind the reference
 * clock's (both read back, its delay taken into account), so that it
 * shows the time the running slaves show: no step for them.  The new slaves' time control loops are reset
 * one by one (FPWR 0x0930, not the broadcast) and there is no burst: the
 * application's cyclic drift compensation reaches them at once.
 *
 * Return: 0 or -ENOMEM.
 */
int ec_fsm_dc_start_hc(struct ec_master *master, unsigned int first,
			unsigned int count, u64 now_ns)
{
	struct ec_fsm_dc *fsm;
	int ret = ec_fsm_dc_setup(master, first, first + count);

	if (ret)
		return ret;
	fsm = master->dc.fsm;
	fsm->only_new = true;
	fsm->pass = 0;
	fsm->retries = 0;
	fsm->state = ec_fsm_dc_state_new_read;
	fsm->state(master, fsm, now_ns);
	return 0;
}

static bool ec_fsm_dc_pending(const struct ec_fsm_dc *fsm)
{
	unsigned int i;

	if (ec_datagram_pending(&fsm->datagram) ||
	    ec_datagram_pending(&fsm->ref_sync))
		return true;
	for (i = 0; i < fsm->n; i++)
		if (ec_datagram_pending(&fsm->dgs[i]))
			return true;
	return false;
}

/**
 * ec_fsm_dc_exec() - one step of the offset job
 * @master: master; FSM side
 * @now_ns: current time
 *
 * Return: true while a datagram of the job is on its way.
 */
bool ec_fsm_dc_exec(struct ec_master *master, u64 now_ns)
{
	struct ec_fsm_dc *fsm = master->dc.fsm;

	if (!fsm || fsm->state == ec_fsm_dc_state_done)
		return false;
	if (ec_fsm_dc_pending(fsm))
		return true;
	fsm->state(master, fsm, now_ns);
	return ec_fsm_dc_pending(fsm);
}

/* Give up for now; the master starts again after a while. */
static void ec_fsm_dc_fail(struct ec_master *master, struct ec_fsm_dc *fsm,
			   const char *what, const struct ec_datagram *d,
			   u64 now_ns)
{
	EC_MASTER_WARN(master,
		       "DC: %s failed (%s, working counter %u): offsets not written, retrying in 1 s",
		       what, ec_datagram_state_string(d->state),
		       d->working_counter);
	fsm->retry_at_ns = now_ns + EC_FSM_DC_RETRY_NS;
	fsm->state = ec_fsm_dc_state_wait;
}

static void ec_fsm_dc_state_wait(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns)
{
	if (now_ns < fsm->retry_at_ns)
		return;
	fsm->state = ec_fsm_dc_state_done;
	if (fsm->only_new)
		master->dc.hc_offsets = true;
	else
		master->dc.rescan_offsets = true;
}

static bool ec_fsm_dc_answered(struct ec_master *master,
			       struct ec_fsm_dc *fsm, struct ec_datagram *d,
			       u16 wkc, const char *what, u64 now_ns);

/* Every slave's datagram answered?  Else as ec_fsm_dc_answered(). */
static bool ec_fsm_dc_all_answered(struct ec_master *master,
				   struct ec_fsm_dc *fsm, const char *what,
				   u64 now_ns)
{
	unsigned int i;

	for (i = 0; i < fsm->n; i++)
		if (!ec_fsm_dc_answered(master, fsm, &fsm->dgs[i], 1, what,
					now_ns))
			return false;
	return true;
}

/* Answered as expected?  Else queue it again or give up. */
static bool ec_fsm_dc_answered(struct ec_master *master,
			       struct ec_fsm_dc *fsm, struct ec_datagram *d,
			       u16 wkc, const char *what, u64 now_ns)
{
	if (d->state == EC_DATAGRAM_RECEIVED && d->working_counter >= wkc)
		return true;
	if (++fsm->retries <= EC_FSM_DC_RETRIES * (fsm->n + 1)) {
		ec_master_queue_datagram(master, d);
		return false;
	}
	ec_fsm_dc_fail(master, fsm, what, d, now_ns);
	return false;
}

static void ec_fsm_dc_state_latch(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns)
{
	(void)now_ns;
	if (ec_datagram_bwr(&fsm->datagram, EC_REG_DC_RECV_TIME, 4))
		return;
	ec_datagram_zero(&fsm->datagram);
	ec_master_queue_datagram(master, &fsm->datagram);
	fsm->state = ec_fsm_dc_state_read;
}

static void ec_fsm_dc_read_rx(struct ec_master *master,
			      struct ec_fsm_dc *fsm);

/* The latch is back: read every DC slave's local receive time. */
static void ec_fsm_dc_state_read(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns)
{
	struct ec_datagram *d = &fsm->datagram;

	if (d->state != EC_DATAGRAM_RECEIVED || !d->working_counter) {
		ec_fsm_dc_fail(master, fsm, "latching the receive times", d,
			       now_ns);
		return;
	}
	fsm->system_time_at_latch = ec_dc_system_time(master, d->sent_ns);
	fsm->base = (s64)(fsm->system_time_at_latch - d->sent_ns);
	ec_fsm_dc_read_rx(master, fsm);
	fsm->state = ec_fsm_dc_state_write;
}

/* Queue the FPRD of every slave's local receive time at the latch. */
static void ec_fsm_dc_read_rx(struct ec_master *master, struct ec_fsm_dc *fsm)
{
	unsigned int i;

	for (i = 0; i < fsm->n; i++) {
		struct ec_slave *s = master->slaves[fsm->pos[i]];

		ec_datagram_fprd(&fsm->dgs[i], s->station_address,
				 EC_REG_DC_RECV_TIME_ECAT,
				 s->base_dc_range ? 8 : 4);
		ec_datagram_zero(&fsm->dgs[i]);
		ec_master_queue_datagram(master, &fsm->dgs[i]);
	}
	fsm->retries = 0;
}

/* Queue the write of @s's system time offset @off and its delay. */
static void ec_fsm_dc_write_offset(struct ec_master *master,
				   struct ec_slave *s, struct ec_datagram *d,
				   u64 off)
{
	if (!s->base_dc_range)	/* 32-bit clock, 32-bit offset */
		off &= 0xffffffffULL;
	s->dc_system_time_offset = off;
	ec_datagram_fpwr(d, s->station_address, EC_REG_DC_SYSTEM_OFFSET, 12);
	ec_put_u64(d->data, off);
	ec_put_u32(d->data + 8, s->transmission_delay);
	ec_master_queue_datagram(master, d);
}

/* Local times read: write offsets and delays. */
static void ec_fsm_dc_state_write(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns)
{
	unsigned int i;

	if (!ec_fsm_dc_all_answered(master, fsm,
				    "reading the local receive time",
				    now_ns))
		return;
	for (i = 0; i < fsm->n; i++) {
		struct ec_slave *s = master->slaves[fsm->pos[i]];
		struct ec_datagram *d = &fsm->dgs[i];
		u64 rx = s->base_dc_range ? ec_get_u64(d->data) :
					    ec_get_u32(d->data);

		ec_fsm_dc_write_offset(master, s, d,
				       ec_dc_offset(fsm->system_time_at_latch,
						    s->transmission_delay,
						    rx));
	}
	fsm->retries = 0;
	fsm->state = ec_fsm_dc_state_reset;
}

static void ec_fsm_dc_state_reset(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns)
{
	unsigned int i;

	if (!ec_fsm_dc_all_answered(master, fsm,
				    "writing the system time offset",
				    now_ns))
		return;
	if (fsm->only_new) {
		for (i = 0; i < fsm->n; i++) {
			struct ec_datagram *d = &fsm->dgs[i];

			ec_datagram_fpwr(d, master->slaves[fsm->pos[i]]
					 ->station_address,
					 EC_REG_DC_SPEED_START, 2);
			ec_put_u16(d->data, EC_DC_SPEED_START_DEFAULT);
			ec_master_queue_datagram(master, d);
		}
		fsm->retries = 0;
		fsm->state = ec_fsm_dc_state_new_done;
		return;
	}
	if (ec_datagram_bwr(&fsm->datagram, EC_REG_DC_SPEED_START, 2))
		return;
	ec_put_u16(fsm->datagram.data, EC_DC_SPEED_START_DEFAULT);
	ec_master_queue_datagram(master, &fsm->datagram);
	fsm->burst_end_ns = now_ns + EC_DC_DRIFT_BURST_NS;
	fsm->retries = 0;
	fsm->state = ec_fsm_dc_state_burst;
}

/* Static drift compensation: the reference time to all, each turn. */
static void ec_fsm_dc_state_burst(struct ec_master *master,
				  struct ec_fsm_dc *fsm, u64 now_ns)
{
	u16 ref = master->dc.ref_station;

	if (fsm->datagram.type == EC_DATAGRAM_BWR &&
	    fsm->datagram.state != EC_DATAGRAM_RECEIVED) {
		ec_fsm_dc_fail(master, fsm, "resetting the time control loops",
			       &fsm->datagram, now_ns);
		return;
	}
	if (now_ns >= fsm->burst_end_ns || !ref) {
		/* from here on the SYNC start times are in this base */
		ec_port_io_lock(master);
		master->dc.written_base = fsm->base;
		master->dc.offsets_written = true;
		ec_port_io_unlock(master);
		EC_MASTER_DBG(master, 1, "DC: %u offset(s) written", fsm->n);
		ec_fsm_dc_release(master, fsm);
		fsm->state = ec_fsm_dc_state_done;
		return;
	}
	/* the reference follows the master's clock (it learns its own
	 * frequency error), the others follow the reference
	 */
	if (ec_datagram_fpwr(&fsm->ref_sync, ref, EC_REG_DC_SYSTEM_TIME, 4) ||
	    ec_datagram_frmw(&fsm->datagram, ref, EC_REG_DC_SYSTEM_TIME, 4))
		return;
	ec_put_u32(fsm->ref_sync.data,
		   (u32)ec_dc_system_time(master, now_ns));
	ec_datagram_zero(&fsm->datagram);
	ec_master_queue_datagram(master, &fsm->ref_sync);
	ec_master_queue_datagram(master, &fsm->datagram);
}

/* Read the reference clock's time, to align it with the application. */
static void ec_fsm_dc_state_rebase(struct ec_master *master,
				   struct ec_fsm_dc *fsm, u64 now_ns)
{
	(void)now_ns;
	if (ec_datagram_fprd(&fsm->datagram, master->dc.ref_station,
			     EC_REG_DC_SYSTEM_TIME, 8))
		return;
	ec_datagram_zero(&fsm->datagram);
	ec_master_queue_datagram(master, &fsm->datagram);
	fsm->state = ec_fsm_dc_state_move;
}

/* Every offset moves by the same amount: the reference (and with it all
 * that follow it) shows the application's time.
 */
static void ec_fsm_dc_state_move(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns)
{
	struct ec_master_dc *dc = &master->dc;
	struct ec_datagram *r = &fsm->datagram;
	unsigned int i;
	u64 app;
	s64 delta;

	if (!ec_fsm_dc_answered(master, fsm, r, 1,
				"reading the reference clock", now_ns))
		return;
	ec_port_io_lock(master);
	fsm->base = (s64)(dc->app_time - dc->app_time_mono);
	app = dc->app_time + (r->sent_ns - dc->app_time_mono);
	ec_port_io_unlock(master);
	if (dc->ref_64bit)
		delta = (s64)(app - ec_get_u64(r->data));
	else	/* a 32-bit reference: the difference of the low words */
		delta = (s32)((u32)app - ec_get_u32(r->data));
	for (i = 0; i < fsm->n; i++) {
		struct ec_slave *s = master->slaves[fsm->pos[i]];
		struct ec_datagram *d = &fsm->dgs[i];

		s->dc_system_time_offset += (u64)delta;
		if (!s->base_dc_range)
			s->dc_system_time_offset &= 0xffffffffULL;
		ec_datagram_fpwr(d, s->station_address,
				 EC_REG_DC_SYSTEM_OFFSET, 8);
		ec_put_u64(d->data, s->dc_system_time_offset);
		ec_master_queue_datagram(master, d);
	}
	EC_MASTER_DBG(master, 1, "DC: offsets moved by %lld ns to the "
		      "application's time base", (long long)delta);
	fsm->state = ec_fsm_dc_state_rebased;
}

static void ec_fsm_dc_state_rebased(struct ec_master *master,
				    struct ec_fsm_dc *fsm, u64 now_ns)
{
	if (!ec_fsm_dc_all_answered(master, fsm,
				    "moving the system time offset",
				    now_ns))
		return;
	ec_port_io_lock(master);
	master->dc.written_base = fsm->base;
	master->dc.aligned = true;
	ec_port_io_unlock(master);
	ec_fsm_dc_release(master, fsm);
	fsm->state = ec_fsm_dc_state_done;
}

static void ec_fsm_dc_state_done(struct ec_master *master,
				 struct ec_fsm_dc *fsm, u64 now_ns)
{
	(void)master;
	(void)fsm;
	(void)now_ns;
}

/* Hot connect: read the reference clock's system time and each new
 * slave's system time, receive time and offset (0x0910-0x0927), one
 * datagram after the other in one frame (the answer checks it:
 * ec_fsm_dc_next_in_frame()).
 */
#define EC_DC_NEW_READ_SIZE 24
#define EC_DC_REF_READ_BYTES \
	(EC_DATAGRAM_HEADER_SIZE + 8 + EC_DATAGRAM_FOOTER_SIZE)
#define EC_DC_NEW_READ_BYTES \
	(EC_DATAGRAM_HEADER_SIZE + EC_DC_NEW_READ_SIZE + \
	 EC_DATAGRAM_FOOTER_SIZE)

static void ec_fsm_dc_state_new_read(struct ec_master *master,
				     struct ec_fsm_dc *fsm, u64 now_ns)
{
	unsigned int i;

	(void)now_ns;
	if (ec_datagram_fprd(&fsm->datagram, master->dc.ref_station,
			     EC_REG_DC_SYSTEM_TIME, 8))
		return;
	ec_datagram_zero(&fsm->datagram);
	ec_master_queue_datagram(master, &fsm->datagram);
	for (i = 0; i < fsm->n; i++) {
		ec_datagram_fprd(&fsm->dgs[i],
				 master->slaves[fsm->pos[i]]->station_address,
				 EC_REG_DC_SYSTEM_TIME, EC_DC_NEW_READ_SIZE);
		ec_datagram_zero(&fsm->dgs[i]);
		ec_master_queue_datagram(master, &fsm->dgs[i]);
	}
	fsm->state = ec_fsm_dc_state_new_write;
}

/*
 * Did the datagram with frame index @b follow the one with @a in the frame
 * sent at @sent_ns?  The indices between them were skipped: held for the
 * late answers of an earlier frame (ec_master_take_index(); a redundant
 * ring's lost backup copies hold theirs for a second), not taken by
 * another datagram of this frame, which would have cleared or renewed
 * their hold.  The cyclic side writes the holds: under the io lock.
 */
static bool ec_fsm_dc_next_in_frame(struct ec_master *master, u8 a, u8 b,
				    u64 sent_ns)
{
	bool next = true;
	u8 k;

	ec_port_io_lock(master);
	for (k = (u8)(a + 1); k != b && next; k++)
		next = master->lost[k].answers &&
		       master->lost[k].sent_ns < sent_ns;
	ec_port_io_unlock(master);
	return next;
}

/*
 * The running slaves follow the reference clock, which need not show the
 * master's time (it ran free, or the application follows it), and a new
 * slave's copy of the system time may have been sped up by the cyclic
 * drift compensation it received before it had an offset: so the offset
 * is moved by how far the new slave is behind the reference, each read
 * against the master's time when its datagram was sent (as
 * ec_fsm_dc_state_move() aligns the reference), the new slave's delay
 * taken off: ahead = read - master's time - delay.
 */
static void ec_fsm_dc_state_new_write(struct ec_master *master,
				      struct ec_fsm_dc *fsm, u64 now_ns)
{
	struct ec_datagram *r = &fsm->datagram;
	unsigned int i;
	s64 ref_ahead;

	if (!ec_fsm_dc_answered(master, fsm, r, 1,
				"reading the reference clock", now_ns))
		return;
	if (!ec_fsm_dc_all_answered(master, fsm,
				    "reading a new slave's system time",
				    now_ns))
		return;
	for (i = 0; i < fsm->n; i++)
		if (fsm->dgs[i].sent_ns != r->sent_ns ||
		    !ec_fsm_dc_next_in_frame(master,
					     i ? fsm->dgs[i - 1].index : r->index,
					     fsm->dgs[i].index, r->sent_ns))
			break;
	if (i < fsm->n) {	/* not one after the other: again */
		if (++fsm->retries > EC_FSM_DC_RETRIES) {
			ec_fsm_dc_fail(master, fsm,
				       "reading the clocks in one frame", r,
				       now_ns);
			return;
		}
		ec_fsm_dc_state_new_read(master, fsm, now_ns);
		return;
	}
	if (master->dc.ref_64bit)
		ref_ahead = (s64)(ec_get_u64(r->data) -
				  ec_dc_system_time(master, r->sent_ns));
	else	/* a 32-bit reference: the difference of the low words */
		ref_ahead = (s32)(ec_get_u32(r->data) -
				  (u32)ec_dc_system_time(master, r->sent_ns));
	for (i = 0; i < fsm->n; i++) {
		struct ec_slave *s = master->slaves[fsm->pos[i]];
		struct ec_datagram *d = &fsm->dgs[i];
		/* read later than the reference's by its delay and by the
		 * bytes in front of its datagram (EC_DC_NS_PER_BYTE)
		 */
		u64 m = ec_dc_system_time(master, d->sent_ns) +
			s->transmission_delay +
			(EC_DC_REF_READ_BYTES + i * EC_DC_NEW_READ_BYTES) *
			EC_DC_NS_PER_BYTE;
		s64 ahead = s->base_dc_range ?
			    (s64)(ec_get_u64(d->data) - m) :
			    (s32)(ec_get_u32(d->data) - (u32)m);
		u64 off = ec_get_u64(d->data + 16) + (u64)(ref_ahead - ahead);

		ec_fsm_dc_write_offset(master, s, d, off);
	}
	fsm->retries = 0;
	fsm->state = ec_fsm_dc_state_reset;
}

static void ec_fsm_dc_state_new_done(struct ec_master *master,
				     struct ec_fsm_dc *fsm, u64 now_ns)
{
	if (!ec_fsm_dc_all_answered(master, fsm,
				    "resetting a new slave's time control loop",
				    now_ns))
		return;
	/*
	 * Once more: until its offset and the reset reached it, the new
	 * slave's loop still sped its clock up (up to 1000 ppm while it
	 * was far off); the second pass reads a slave whose loop starts
	 * from rest close to the reference and takes the rest away.
	 */
	if (!fsm->pass++) {
		fsm->retries = 0;
		ec_fsm_dc_state_new_read(master, fsm, now_ns);
		return;
	}
	EC_MASTER_INFO(master,
		       "DC: %u new slave(s): offsets and delays written, the running ones untouched",
		       fsm->n);
	ec_fsm_dc_release(master, fsm);
	fsm->state = ec_fsm_dc_state_done;
}
