// SPDX-License-Identifier: GPL-2.0-only
/*
 * dc.c - distributed clocks: the computations (propagation delays, system
 * time offsets, SYNC start times, the reference clock) and the cyclic DC
 * datagrams of the application.
 *
 * Propagation delays (ESC data sheet section I 9.1.2): a frame enters a
 * slave at port 0 and leaves it through its open ports in the order 3, 1,
 * 2, coming back on each before the next (topology.c).  The receive time
 * of a port is latched when the frame comes back on it.  So, for a slave
 * X and the slave C behind its port p, with prev the port X served before
 * p (port 0 for the first):
 *   round trip through C's branch  rtt  = rx_X[p] - rx_X[prev]
 *   time inside C's own branches   span = rx_C[last port] - rx_C[0]
 *   one way over the link X -> C   link = (rtt - span) / 2
 *   frame arrival at C             t_C  = t_X + (rx_X[prev] - rx_X[0]) + link
 * and the system time delay of C (0x0928) is t_C - t_ref.  Differences of
 * one slave's own receive times only: the clocks' offsets cancel, their
 * drift over a frame's round trip is below a nanosecond.
 */
#include "dc/dc.h"
#include "dc/fsm_dc.h"
#include "cycle/master.h"
#include "cycle/capture.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "app/slave_config.h"

const u8 ec_dc_port_order[3] = { 3, 1, 2 };
#define EC_DC_PORT_ORDER_LEN \
	(sizeof(ec_dc_port_order) / sizeof(ec_dc_port_order[0]))

static bool ec_dc_base_current_locked(const struct ec_master_dc *dc);

/**
 * ec_dc_init() - set up the DC state of a master
 * @master: master
 *
 * Preallocates the cyclic datagrams, so that the cyclic calls never
 * allocate.
 *
 * Return: 0 or -ENOMEM.
 */
int ec_dc_init(struct ec_master *master)
{
	struct ec_master_dc *dc = &master->dc;
	int ret;

	memset(dc, 0, sizeof(*dc));
	ec_datagram_init(&dc->ref_sync);
	ec_datagram_init(&dc->sync);
	ec_datagram_init(&dc->ref_time64);
	ec_datagram_init(&dc->monitor);
	dc->ref_sync.name = "dc-ref-sync";
	dc->sync.name = "dc-sync";
	dc->ref_time64.name = "dc-ref-time64";
	dc->monitor.name = "dc-monitor";
	ret = ec_datagram_prealloc(&dc->ref_sync, 8);
	if (!ret)
		ret = ec_datagram_prealloc(&dc->sync, 8);
	if (!ret)
		ret = ec_datagram_prealloc(&dc->ref_time64, 8);
	if (!ret)
		ret = ec_datagram_prealloc(&dc->monitor, 4);
	if (ret)
		ec_dc_clear(master);
	return ret;
}

/**
 * ec_dc_clear() - free the DC state of a master
 * @master: master; its datagrams are off the queues
 */
void ec_dc_clear(struct ec_master *master)
{
	struct ec_master_dc *dc = &master->dc;

	ec_fsm_dc_free(master);
	ec_master_unqueue_datagram(master, &dc->ref_sync);
	ec_master_unqueue_datagram(master, &dc->sync);
	ec_master_unqueue_datagram(master, &dc->ref_time64);
	ec_master_unqueue_datagram(master, &dc->monitor);
	ec_datagram_clear(&dc->ref_sync);
	ec_datagram_clear(&dc->sync);
	ec_datagram_clear(&dc->ref_time64);
	ec_datagram_clear(&dc->monitor);
}

/**
 * ec_dc_branch_span() - time a frame spends in a slave's own branches
 * @s: slave, its receive times and topology set
 *
 * Return: the receive time of the last port served in @s's processing
 * order minus that of port 0.
 */
u32 ec_dc_branch_span(const struct ec_slave *s)
{
	u32 last = s->ports[0].receive_time;
	unsigned int i;

	for (i = 0; i < EC_DC_PORT_ORDER_LEN; i++) {
		unsigned int p = ec_dc_port_order[i];

		if (s->ports[p].next_slave)
			last = s->ports[p].receive_time;
	}
	return last - s->ports[0].receive_time;
}

/**
 * ec_dc_calc_delays() - propagation delays of a scanned segment
 * @slaves: slaves in ring order, topology (ports[].next_slave) and the
 *	receive times of the DC slaves (ports[].receive_time) set
 * @count: their number
 * @ref: the reference clock, or NULL: delays from the first slave
 *
 * Sets ports[].delay_to_next_dc (the link delays, both ends), and
 * transmission_delay of every DC slave: the time the frame takes from the
 * reference clock to it.  A slave processed before the reference clock
 * gets 0 (it cannot follow the reference in the same frame).  A link
 * behind a slave without DC cannot be measured and counts 0.
 *
 * Return: the number of links that could not be measured.
 */
unsigned int ec_dc_calc_delays(struct ec_slave *const *slaves,
			       unsigned int count,
			       const struct ec_slave *ref)
{
	unsigned int pos, i, unmeasured = 0;
	u64 t_ref;

	for (pos = 0; pos < count; pos++) {
		slaves[pos]->dc_arrival_ns = 0;
		slaves[pos]->transmission_delay = 0;
		for (i = 0; i < EC_MAX_PORTS; i++)
			slaves[pos]->ports[i].delay_to_next_dc = 0;
	}
	/* parents come before their children in ring order */
	for (pos = 0; pos < count; pos++) {
		struct ec_slave *x = slaves[pos];
		u32 prev = x->ports[0].receive_time;

		for (i = 0; i < EC_DC_PORT_ORDER_LEN; i++) {
			unsigned int p = ec_dc_port_order[i];
			struct ec_slave *c = x->ports[p].next_slave;
			s64 link = 0;

			if (!c)
				continue;
			if (x->base_dc_supported) {
				u32 rtt = x->ports[p].receive_time - prev;
				u32 span = c->base_dc_supported ?
					   ec_dc_branch_span(c) : 0;

				/* in half nanoseconds: no rounding
				 * adds up along a path
				 */
				link = (s64)rtt - (s64)span;
				if (link < 0)
					link = 0;
				c->dc_arrival_ns = x->dc_arrival_ns + 2 *
					(u64)(u32)(prev -
						   x->ports[0].receive_time) +
					(u64)link;
				link /= 2;
				prev = x->ports[p].receive_time;
			} else {
				c->dc_arrival_ns = x->dc_arrival_ns;
				unmeasured++;
			}
			x->ports[p].delay_to_next_dc = (u32)link;
			c->ports[0].delay_to_next_dc = (u32)link;
		}
	}
	t_ref = ref ? ref->dc_arrival_ns : 0;
	for (pos = 0; pos < count; pos++) {
		struct ec_slave *s = slaves[pos];

		if (s->base_dc_supported && s->dc_arrival_ns >= t_ref &&
		    (!ref || s->ring_position >= ref->ring_position))
			s->transmission_delay =
				(u32)((s->dc_arrival_ns - t_ref + 1) / 2);
	}
	for (pos = 0; pos < count; pos++)
		slaves[pos]->dc_arrival_ns /= 2;	/* whole ns from here */
	return unmeasured;
}

/**
 * ec_dc_find_ref() - the reference clock of the scanned segment
 * @master: master
 *
 * Return: the slave of the configuration ecrt_master_select_reference_clock()
 * named, if it is attached and DC capable, else the first DC capable
 * slave, or NULL.
 */
struct ec_slave *ec_dc_find_ref(struct ec_master *master)
{
	struct ec_slave_config *sc = master->dc.ref_config;
	unsigned int i;

	if (sc && sc->slave && sc->slave->base_dc_supported)
		return sc->slave;
	if (sc && sc->slave)
		EC_MASTER_WARN(master,
			       "slave %u cannot be the reference clock: no DC",
			       sc->slave->ring_position);
	for (i = 0; i < master->slave_count; i++)
		if (master->slaves[i]->base_dc_supported &&
		    master->slaves[i]->scan_done)
			return master->slaves[i];
	return NULL;
}

/**
 * ec_dc_start_time() - SYNC0 start time of a slave (IgH's rule)
 * @app_now: the application time now
 * @app_first: the first application time after activation: SYNC0 pulses
 *	fall on app_first + k * cycle + shift, in phase with the cycle
 * @cycle: SYNC0 cycle time, 0: single shot
 * @shift: SYNC0 shift time
 * @margin: time the configuration datagrams need to reach the slave
 *
 * Return: the first whole cycle after @app_now + @margin, plus @shift.
 */
u64 ec_dc_start_time(u64 app_now, u64 app_first, u32 cycle, s32 shift,
		     u64 margin)
{
	u64 start = app_now + margin;

	if (!cycle)
		return start + (u64)(s64)shift;
	if (start >= app_first)
		start += cycle - (start - app_first) % cycle;
	return start + (u64)(s64)shift;
}

/**
 * ec_dc_offset() - system time offset of a slave (0x0920)
 * @system_time_at_latch: the system time when the latching frame reached
 *	the reference clock
 * @delay: the slave's system time delay
 * @local_rx_time: the slave's local time when the frame reached it (0x0918)
 *
 * Return: the offset that makes the slave's local copy of the system time
 * equal the reference's (ESC data sheet section I 9.1.3).
 */
u64 ec_dc_offset(u64 system_time_at_latch, u32 delay, u64 local_rx_time)
{
	return system_time_at_latch + delay - local_rx_time;
}

/**
 * ec_dc_system_time() - the system time the master writes offsets in
 * @master: master; FSM side
 * @now_ns: current time
 *
 * The application's time base once it gave a time, else the clock the
 * glue set (wall clock since 2000-01-01 in the kernel).
 *
 * Return: the system time in ns since 2000-01-01.
 */
u64 ec_dc_system_time(struct ec_master *master, u64 now_ns)
{
	struct ec_master_dc *dc = &master->dc;
	u64 t;

	ec_port_io_lock(master);
	if (dc->has_app_time)
		t = dc->app_time + (now_ns - dc->app_time_mono);
	else
		t = now_ns + (u64)dc->wall_offset;
	ec_port_io_unlock(master);
	return t;
}

/* The reference clock's station for the cyclic side (FSM side). */
static void ec_dc_set_ref(struct ec_master *master, const struct ec_slave *s)
{
	ec_port_io_lock(master);
	master->dc.ref_station = s ? s->station_address : 0;
	master->dc.ref_position = s ? s->ring_position : 0;
	master->dc.ref_64bit = s && s->base_dc_range;
	ec_port_io_unlock(master);
}

/**
 * ec_dc_scan_done() - a scan ended: delays, reference clock, offsets
 * @master: master; FSM side, topology computed
 */
void ec_dc_scan_done(struct ec_master *master)
{
	struct ec_slave *ref = ec_dc_find_ref(master);
	unsigned int n;

	ec_dc_set_ref(master, ref);
	ec_port_io_lock(master);
	master->dc.offsets_written = false;
	master->dc.aligned = false;
	ec_port_io_unlock(master);
	master->dc.hc_offsets = false;	/* all slaves' from here on */
	if (!ref)
		return;
	n = ec_dc_calc_delays(master->slaves, master->slave_count, ref);
	if (n)
		EC_MASTER_WARN(master,
			       "DC: %u link(s) behind slaves without DC not measured",
			       n);
	EC_MASTER_INFO(master, "DC: reference clock is slave %u",
		       ref->ring_position);
	master->dc.rescan_offsets = true;
}

/**
 * ec_dc_config() - ecrt_slave_config_dc(): store a slave's SYNC settings
 * @sc: slave configuration
 * @assign_activate: the word for 0x0980/0x0981 (IgH's AssignActivate of
 *	the ESI, e.g. 0x0300: cyclic operation and SYNC0), 0: no SYNC
 * @sync0_cycle: SYNC0 cycle time in ns
 * @sync0_shift: SYNC0 shift against the application's cycle in ns
 * @sync1_cycle: SYNC1 cycle time in ns
 * @sync1_shift: SYNC1 shift in ns
 *
 * Written on the way to SAFEOP (fsm_slave_config_dc.c).
 *
 * Return: 0, or -EINVAL for cyclic operation without a SYNC0 cycle.
 */
int ec_dc_config(struct ec_slave_config *sc, u16 assign_activate,
		 u32 sync0_cycle, s32 sync0_shift, u32 sync1_cycle,
		 s32 sync1_shift)
{
	if ((assign_activate & EC_DC_ACTIVATE_CYCLIC) && !sync0_cycle)
		return -EINVAL;
	sc->dc_assign_activate = assign_activate;
	sc->dc_sync_cycle[0] = sync0_cycle;
	sc->dc_sync_shift[0] = sync0_shift;
	sc->dc_sync_cycle[1] = sync1_cycle;
	sc->dc_sync_shift[1] = sync1_shift;
	return 0;
}

/**
 * ec_dc_select_reference() - ecrt_master_select_reference_clock()
 * @master: master; FSM side, before activation
 * @sc: the configuration of the reference clock, NULL for the default
 *
 * Return: 0, or -EBUSY when the master is active.
 */
int ec_dc_select_reference(struct ec_master *master,
			   struct ec_slave_config *sc)
{
	if (master->active)
		return -EBUSY;
	master->dc.ref_config = sc;
	if (master->slave_count && !master->scan_busy)
		ec_dc_scan_done(master);
	return 0;
}

/**
 * ec_dc_ready() - may the slave FSMs start SYNC signals now?
 * @master: master; FSM side
 *
 * Return: true when the offsets are written in the application's time
 * base and no offset job runs.
 */
bool ec_dc_ready(struct ec_master *master)
{
	struct ec_master_dc *dc = &master->dc;
	bool in_base;

	ec_port_io_lock(master);
	in_base = dc->has_app_time && ec_dc_base_current_locked(dc);
	ec_port_io_unlock(master);
	return in_base && !dc->rescan_offsets && !dc->hc_offsets &&
	       !ec_fsm_dc_busy(master);
}

/* Has the application's base moved away from the one of the offsets? */
static bool ec_dc_base_moved(struct ec_master *master)
{
	struct ec_master_dc *dc = &master->dc;
	bool moved;

	ec_port_io_lock(master);
	moved = dc->has_app_time && dc->offsets_written &&
		(!dc->aligned || !ec_dc_base_current_locked(dc));
	ec_port_io_unlock(master);
	return moved;
}

/**
 * ec_dc_exec() - the DC part of a master FSM turn (FSM side)
 * @master: master
 * @now_ns: current time
 *
 * Starts the offset job after a scan or when the application's time base
 * moved, and runs it.
 *
 * Return: true while the job has a datagram on its way.
 */
bool ec_dc_exec(struct ec_master *master, u64 now_ns)
{
	struct ec_master_dc *dc = &master->dc;

	if (!ec_fsm_dc_busy(master) && dc->ref_station && !master->scan_busy &&
	    !master->fsm.hc_busy) {
		if (dc->rescan_offsets) {
			dc->rescan_offsets = false;
			dc->hc_offsets = false;	/* the job does all */
			if (ec_fsm_dc_start(master, false, now_ns))
				dc->rescan_offsets = true;	/* retry */
		} else if (dc->hc_offsets) {
			dc->hc_offsets = false;
			if (ec_fsm_dc_start_hc(master, dc->hc_first,
					       dc->hc_count, now_ns))
				dc->hc_offsets = true;	/* retry */
		} else if (ec_dc_base_moved(master)) {
			ec_fsm_dc_start(master, true, now_ns);
		}
	}
	return ec_fsm_dc_exec(master, now_ns);
}

/**
 * ec_dc_deactivate() - the application is gone
 * @master: master; FSM side
 *
 * Its time base goes with it; the offsets stay until the next scan.
 */
void ec_dc_deactivate(struct ec_master *master)
{
	struct ec_master_dc *dc = &master->dc;

	ec_port_io_lock(master);
	ec_master_unqueue_datagram_locked(master, &dc->ref_sync);
	ec_master_unqueue_datagram_locked(master, &dc->sync);
	ec_master_unqueue_datagram_locked(master, &dc->ref_time64);
	ec_master_unqueue_datagram_locked(master, &dc->monitor);
	dc->ref_sync.state = EC_DATAGRAM_INIT;
	dc->sync.state = EC_DATAGRAM_INIT;
	dc->ref_time64.state = EC_DATAGRAM_INIT;
	dc->monitor.state = EC_DATAGRAM_INIT;
	dc->has_app_time = false;
	dc->app_time_first_set = false;
	dc->aligned = false;
	dc->ref_config = NULL;
	ec_port_io_unlock(master);
}

/* ---- the cyclic side: the caller holds the io lock ---- */

/**
 * ec_dc_application_time_locked() - ecrt_master_application_time()
 * @master: master
 * @app_time: the application's time, ns since 2000-01-01
 * @now_ns: the core's clock now
 */
void ec_dc_application_time_locked(struct ec_master *master, u64 app_time,
				   u64 now_ns)
{
	struct ec_master_dc *dc = &master->dc;

	master->app_time_ns = app_time;
	dc->app_time = app_time;
	dc->app_time_mono = now_ns;
	dc->has_app_time = true;
	if (!dc->app_time_first_set && master->active) {
		dc->app_time_first = app_time;
		dc->app_time_first_set = true;
	}
}

/*
 * Are the slaves' offsets in the application's time base?  Until they
 * are, the reference clock is not pulled towards the application's time
 * (a jump its time control loop could only slew at its limit).
 */
static bool ec_dc_base_current_locked(const struct ec_master_dc *dc)
{
	s64 d = (s64)(dc->app_time - dc->app_time_mono) - dc->written_base;

	return dc->offsets_written && dc->aligned &&
	       d <= (s64)EC_DC_REBASE_NS && d >= -(s64)EC_DC_REBASE_NS;
}

/* Queue @d again, or count it skipped while still on its way. */
static bool ec_dc_busy_locked(struct ec_master *master, struct ec_datagram *d)
{
	if (d->state != EC_DATAGRAM_QUEUED && d->state != EC_DATAGRAM_SENT)
		return false;
	ec_master_queue_datagram_locked(master, d);	/* counts the skip */
	return true;
}

/**
 * ec_dc_sync_ref_locked() - queue the reference clock synchronisation
 * @master: master
 * @to: use @time; else the last application time
 * @time: ns since 2000-01-01
 *
 * An FPWR of the lower 32 bits to the reference clock's system time: its
 * time control loop follows the application (ESC section I 9.1.5).
 *
 * Return: 0, -ENXIO without reference clock.
 */
int ec_dc_sync_ref_locked(struct ec_master *master, bool to, u64 time)
{
	struct ec_master_dc *dc = &master->dc;
	struct ec_datagram *d = &dc->ref_sync;

	if (!dc->ref_station)
		return -ENXIO;
	if (!ec_dc_base_current_locked(dc))
		return 0;	/* the offsets are rewritten first */
	if (ec_dc_busy_locked(master, d))
		return 0;
	if (ec_datagram_fpwr(d, dc->ref_station, EC_REG_DC_SYSTEM_TIME, 4))
		return -ENOMEM;
	ec_put_u32(d->data, (u32)(to ? time : dc->app_time));
	ec_master_queue_datagram_first_locked(master, d);
	return 0;
}

/**
 * ec_dc_queue_locked() - queue the cyclic DC datagrams named in @what
 * @master: master
 * @what: EC_DC_QUEUE_SLAVE_SYNC (FRMW 0x0910 from the reference clock: the
 *	others compare it with their own), EC_DC_QUEUE_MONITOR (BRD 0x092C),
 *	EC_DC_QUEUE_REF_TIME64 (FPRD of the reference's 64-bit time),
 *	EC_DC_QUEUE_REF_SYNC (the reference := last application time)
 *
 * None allocates: the datagrams are the master's, set up again here.
 *
 * Return: 0, or -ENXIO when a datagram needs the reference clock and
 * there is none (the others are queued).
 */
int ec_dc_queue_locked(struct ec_master *master, unsigned int what)
{
	struct ec_master_dc *dc = &master->dc;
	int ret = 0;

	if (what & EC_DC_QUEUE_REF_SYNC)
		ret = ec_dc_sync_ref_locked(master, false, 0);
	if (what & EC_DC_QUEUE_SLAVE_SYNC) {
		if (!dc->ref_station) {
			ret = -ENXIO;
		} else if (!ec_dc_busy_locked(master, &dc->sync) &&
			   !ec_datagram_frmw(&dc->sync, dc->ref_station,
					     EC_REG_DC_SYSTEM_TIME, 4)) {
			ec_put_u32(dc->sync.data, (u32)dc->app_time);
			ec_master_queue_datagram_first_locked(master,
							      &dc->sync);
		}
	}
	if (what & EC_DC_QUEUE_REF_TIME64) {
		if (!dc->ref_station) {
			ret = -ENXIO;
		} else if (!ec_dc_busy_locked(master, &dc->ref_time64) &&
			   !ec_datagram_fprd(&dc->ref_time64, dc->ref_station,
					     EC_REG_DC_SYSTEM_TIME, 8)) {
			ec_datagram_zero(&dc->ref_time64);
			ec_master_queue_datagram_locked(master,
							&dc->ref_time64);
		}
	}
	if ((what & EC_DC_QUEUE_MONITOR) &&
	    dc->monitor.state == EC_DATAGRAM_RECEIVED)
		ec_recorder_dc_check_locked(master,
					    ec_dc_monitor_locked(master),
					    dc->monitor.frame_ns);
	if ((what & EC_DC_QUEUE_MONITOR) &&
	    !ec_dc_busy_locked(master, &dc->monitor) &&
	    !ec_datagram_brd(&dc->monitor, EC_REG_DC_SYSTEM_DIFF, 4)) {
		ec_datagram_zero(&dc->monitor);
		ec_master_queue_datagram_locked(master, &dc->monitor);
	}
	return ret;
}

/**
 * ec_dc_ref_time32_locked() - ecrt_master_reference_clock_time()
 * @master: master
 * @time: the reference's system time, lower 32 bits, as the last slave
 *	clock synchronisation read it
 *
 * Return: 0, -ENXIO without reference clock, -EIO when that datagram was
 * not answered by the reference.
 */
int ec_dc_ref_time32_locked(const struct ec_master *master, u32 *time)
{
	const struct ec_master_dc *dc = &master->dc;

	if (!dc->ref_station)
		return -ENXIO;
	if (dc->sync.state != EC_DATAGRAM_RECEIVED || !dc->sync.working_counter)
		return -EIO;
	*time = ec_get_u32(dc->sync.data);
	return 0;
}

/**
 * ec_dc_ref_time64_locked() - ecrt_master_64bit_reference_clock_time()
 * @master: master
 * @time: the reference's 64-bit system time as last read
 *
 * Return: 0, -ENXIO without reference clock, -EIO when not answered.
 */
int ec_dc_ref_time64_locked(const struct ec_master *master, u64 *time)
{
	const struct ec_master_dc *dc = &master->dc;

	if (!dc->ref_station)
		return -ENXIO;
	if (dc->ref_time64.state != EC_DATAGRAM_RECEIVED ||
	    dc->ref_time64.working_counter != 1)
		return -EIO;
	*time = ec_get_u64(dc->ref_time64.data);
	return 0;
}

/**
 * ec_dc_monitor_locked() - ecrt_master_sync_monitor_process()
 * @master: master
 *
 * The broadcast read ORs the slaves' sign-magnitude differences: the
 * magnitude bits of the result bound the largest |difference| d from
 * above, d <= result < 2 d (doc/SPECNOTES.md).
 *
 * Return: that bound in ns, or 0xffffffff when not answered.
 */
u32 ec_dc_monitor_locked(const struct ec_master *master)
{
	const struct ec_datagram *d = &master->dc.monitor;

	if (d->state != EC_DATAGRAM_RECEIVED || !d->working_counter)
		return 0xffffffff;
	return ec_get_u32(d->data) & 0x7fffffff;
}
