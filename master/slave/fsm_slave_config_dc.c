// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave_config_dc.c - the DC steps of a slave's configuration.
 *
 * On the way down (INIT) a DC slave's cyclic unit is switched off: 0x0980
 * := 0.  On the way to SAFEOP, with ecrt_slave_config_dc() settings:
 *   wait until the master's offsets are in the application's time base
 *   -> read 0x092C until |system time difference| < EC_DC_SYNC_DIFF_MAX_NS
 *      (or EC_DC_SYNC_WAIT_NS passed: a warning)
 *   -> 0x0980 := 0 -> cycle times 0x09A0/0x09A4 -> start time 0x0990
 *   -> activation 0x0980/0x0981 := assign_activate
 * A configuration without DC settings on a DC slave leaves SYNC off; a
 * slave without DC gets nothing written.
 */
#include "slave/fsm_slave_config.h"
#include "dc/dc.h"
#include "cycle/master.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "app/slave_config.h"

static void ec_fsm_slave_config_dc_state_off(struct ec_fsm_slave_config *fsm,
					     u64 now_ns);
static void ec_fsm_slave_config_dc_state_wait(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_dc_state_diff(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_dc_state_cleared(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_dc_state_cycle(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_dc_state_start(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_dc_state_activate(
	struct ec_fsm_slave_config *fsm, u64 now_ns);

/* Queue an FPWR of @size bytes at @reg; the caller fills the data. */
static u8 *ec_fsm_slave_config_dc_write(struct ec_fsm_slave_config *fsm,
					u16 reg, size_t size, const char *name,
					ec_fsm_slave_config_state_t next)
{
	struct ec_slave *slave = fsm->slave;

	if (ec_datagram_fpwr(fsm->datagram, slave->station_address, reg,
			     size)) {
		ec_fsm_slave_config_fail(fsm, -ENOMEM);
		return NULL;
	}
	ec_datagram_zero(fsm->datagram);
	fsm->datagram->name = name;
	fsm->retries = 0;
	fsm->state = next;
	return fsm->datagram->data;
}

static void ec_fsm_slave_config_dc_queue(struct ec_fsm_slave_config *fsm)
{
	ec_fsm_queue(fsm->slave->master, fsm->datagram, &fsm->retries);
}

/**
 * ec_fsm_slave_config_dc() - the DC step of a configuration
 * @fsm: config FSM
 * @activate: on the way to SAFEOP (else: switching off in INIT)
 * @next: the step after it, called when done
 * @now_ns: current time
 */
void ec_fsm_slave_config_dc(struct ec_fsm_slave_config *fsm, bool activate,
			    ec_fsm_slave_config_state_t next, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	const struct ec_slave_config *sc = activate ? fsm->sc : NULL;

	fsm->dc_next = next;
	if (!slave->base_dc_supported) {
		if (sc && sc->dc_assign_activate)
			EC_SLAVE_WARN(slave,
				      "DC settings ignored: the slave has no distributed clock");
		next(fsm, now_ns);
		return;
	}
	if (!sc || !sc->dc_assign_activate) {
		if (ec_fsm_slave_config_dc_write(fsm, EC_REG_DC_CYCLIC_UNIT, 2,
				"dc-off", ec_fsm_slave_config_dc_state_off))
			ec_fsm_slave_config_dc_queue(fsm);
		return;
	}
	fsm->dc_wait_start_ns = now_ns;
	fsm->dc_warned = false;
	fsm->state = ec_fsm_slave_config_dc_state_wait;
	fsm->state(fsm, now_ns);
}

static void ec_fsm_slave_config_dc_state_off(struct ec_fsm_slave_config *fsm,
					     u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm, "switching SYNC off"))
		return;
	fsm->dc_next(fsm, now_ns);
}

/* No datagram until the master's offsets are in the application's base. */
static void ec_fsm_slave_config_dc_state_wait(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;

	if (!ec_dc_ready(slave->master)) {
		if (!fsm->dc_warned &&
		    now_ns - fsm->dc_wait_start_ns > EC_DC_SYNC_WAIT_NS) {
			EC_SLAVE_WARN(slave,
				      "DC: waiting for the application time (ecrt_master_application_time()) to start SYNC");
			fsm->dc_warned = true;
		}
		return;
	}
	fsm->dc_wait_start_ns = now_ns;
	if (ec_datagram_fprd(fsm->datagram, slave->station_address,
			     EC_REG_DC_SYSTEM_DIFF, 4)) {
		ec_fsm_slave_config_fail(fsm, -ENOMEM);
		return;
	}
	ec_datagram_zero(fsm->datagram);
	fsm->datagram->name = "dc-diff";
	fsm->retries = 0;
	ec_fsm_slave_config_dc_queue(fsm);
	fsm->state = ec_fsm_slave_config_dc_state_diff;
}

/* In sync (or waited long enough): program SYNC from a clean state. */
static void ec_fsm_slave_config_dc_state_diff(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	struct ec_datagram *d = fsm->datagram;
	u32 diff;

	if (ec_fsm_retry(slave->master, d, &fsm->retries))
		return;
	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter != 1) {
		EC_SLAVE_ERR(slave, "DC: reading 0x092C failed: %s, working counter %u",
			     ec_datagram_state_string(d->state),
			     d->working_counter);
		ec_fsm_slave_config_fail(fsm, -EIO);
		return;
	}
	diff = ec_get_u32(d->data) & 0x7fffffff;
	if (diff >= EC_DC_SYNC_DIFF_MAX_NS) {
		if (now_ns - fsm->dc_wait_start_ns < EC_DC_SYNC_WAIT_NS) {
			ec_fsm_slave_config_dc_queue(fsm);	/* again */
			return;
		}
		EC_SLAVE_WARN(slave,
			      "DC: system time difference still %u ns after %llu ms; starting SYNC anyway",
			      diff, (unsigned long long)(EC_DC_SYNC_WAIT_NS /
							 EC_NSEC_PER_MSEC));
	}
	if (ec_fsm_slave_config_dc_write(fsm, EC_REG_DC_CYCLIC_UNIT, 2,
			"dc-clear", ec_fsm_slave_config_dc_state_cleared))
		ec_fsm_slave_config_dc_queue(fsm);
}

static void ec_fsm_slave_config_dc_state_cleared(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	const struct ec_slave_config *sc = fsm->sc;
	u8 *p;

	(void)now_ns;
	if (!ec_fsm_slave_config_written(fsm, "switching SYNC off"))
		return;
	p = ec_fsm_slave_config_dc_write(fsm, EC_REG_DC_SYNC0_CYCLE, 8,
			"dc-cycle", ec_fsm_slave_config_dc_state_cycle);
	if (!p)
		return;
	ec_put_u32(p, sc->dc_sync_cycle[0]);
	/* SYNC1 relative to SYNC0: its cycle plus its shift (as IgH) */
	ec_put_u32(p + 4, sc->dc_sync_cycle[1] + (u32)sc->dc_sync_shift[1]);
	ec_fsm_slave_config_dc_queue(fsm);
}

static void ec_fsm_slave_config_dc_state_cycle(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	const struct ec_slave_config *sc = fsm->sc;
	struct ec_slave *slave = fsm->slave;
	struct ec_master_dc *dc = &slave->master->dc;
	u64 now, first, start;
	u8 *p;

	if (!ec_fsm_slave_config_written(fsm, "writing the SYNC cycle times"))
		return;
	now = ec_dc_system_time(slave->master, now_ns);
	ec_port_io_lock(slave->master);
	first = dc->app_time_first_set ? dc->app_time_first : now;
	ec_port_io_unlock(slave->master);
	start = ec_dc_start_time(now, first, sc->dc_sync_cycle[0],
				 sc->dc_sync_shift[0], EC_DC_START_MARGIN_NS);
	p = ec_fsm_slave_config_dc_write(fsm, EC_REG_DC_START_TIME,
			slave->base_dc_range ? 8 : 4, "dc-start",
			ec_fsm_slave_config_dc_state_start);
	if (!p)
		return;
	if (slave->base_dc_range)
		ec_put_u64(p, start);
	else
		ec_put_u32(p, (u32)start);
	EC_MASTER_DBG(slave->master, 1,
		      "slave %u: SYNC0 start %llu, cycle %u ns, shift %d ns",
		      slave->ring_position, (unsigned long long)start,
		      sc->dc_sync_cycle[0], sc->dc_sync_shift[0]);
	ec_fsm_slave_config_dc_queue(fsm);
}

static void ec_fsm_slave_config_dc_state_start(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	u8 *p;

	(void)now_ns;
	if (!ec_fsm_slave_config_written(fsm, "writing the SYNC start time"))
		return;
	p = ec_fsm_slave_config_dc_write(fsm, EC_REG_DC_CYCLIC_UNIT, 2,
			"dc-activate", ec_fsm_slave_config_dc_state_activate);
	if (!p)
		return;
	ec_put_u16(p, fsm->sc->dc_assign_activate);
	ec_fsm_slave_config_dc_queue(fsm);
}

static void ec_fsm_slave_config_dc_state_activate(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm, "activating SYNC"))
		return;
	fsm->dc_next(fsm, now_ns);
}
