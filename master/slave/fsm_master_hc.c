// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_master_hc.c - hot connect: the master FSM scans only what came and
 * drops only what went (doc/HOTCONNECT.md "Plugged in, pulled out").
 *
 * When the number of slaves answering the broadcast changes and the
 * master has hot-connect groups, the running slaves stay as they are
 * (station address, AL state, SII, configuration, DC offsets) where
 * the slaves came in or went:
 *
 *   seek:   APRD of known slaves' station addresses (0x0010) at their
 *           positions, the last one first, then a binary search: the
 *           first position that no longer holds the slave it held is the
 *           gap (at the end of the line: the usual case, one read)
 *
 *   more slaves (plugged in at the gap: behind a port of the last slave
 *   or of one of its parents, into a redundant ring closing it, or in a
 *   branch served before known slaves):
 *     behind: APRD 0x0010 of each known slave behind the gap at its new
 *             position (moved up by the new ones)
 *     new:    APRD 0x0010 of each new position: no known address there
 *     spine:  FPRD of the DL status (0x0110) of the slave in front of the
 *             gap and up its parents until one has an open port with
 *             nobody known behind it: the new branch hangs there
 *     latch:  BWR 0x0900 (receive times, for the new slaves' delays),
 *             then FPRD 0x0900 of that parent
 *     then the new slaves get a scan FSM each (station address by ring
 *     position, the next free one if a known slave has it, base
 *     information, SII...) and, when done, the topology, configs and the
 *     new ones' DC delays and offsets (dc/dc_hc.c).
 *
 *   fewer slaves (pulled out; in a redundant ring open with slaves on
 *   both sides the gap is where it opened, no seek, and the gone slaves'
 *   configs are detached in the same turn):
 *     last:   APRD 0x0010 of the slave in front of the gap
 *     behind: APRD 0x0010 of each known slave behind the gap at its new
 *             position (moved down by the gone ones)
 *     gone:   FPRD 0x0130 of each gone slave: none answers
 *     then those slaves are dropped, the ports that led to them count
 *     closed and the ones behind take their new ring positions.
 *
 * Slaves live in master->slave_pool; only the pointers of master->slaves
 * move with the ring order.  A DC offset job still running (after a
 * scan) is dropped and starts again for the new segment.  Anything else
 * (no groups, a scan running, new slaves in a ring still open with
 * slaves on both sides, new slaves before the first one, a gone slave in
 * no group or the reference clock, a config behind the gap that finds
 * its slave by a position that moves, a check not answered as expected,
 * new slaves not all on a port) is the full rescan of fsm_master.c, and
 * the log says which path was taken and why.  Reads of the running
 * slaves are the ones above; the only write they see is the broadcast
 * receive-time latch.
 */
#include "slave/fsm_master.h"
#include "slave/fsm_slave_scan.h"
#include "cycle/master.h"
#include "cycle/redundancy.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "slave/topology.h"
#include "app/slave_config.h"
#include "app/hc_group.h"
#include "dc/dc.h"
#include "dc/fsm_dc.h"

static void ec_fsm_master_hc_state_last(struct ec_fsm_master *fsm,
					u64 now_ns);
static void ec_fsm_master_hc_state_seek(struct ec_fsm_master *fsm,
					u64 now_ns);
static void ec_fsm_master_hc_drop(struct ec_fsm_master *fsm, u64 now_ns);
static void ec_fsm_master_hc_state_new(struct ec_fsm_master *fsm,
				       u64 now_ns);
static void ec_fsm_master_hc_state_spine(struct ec_fsm_master *fsm,
					 u64 now_ns);
static void ec_fsm_master_hc_state_latch(struct ec_fsm_master *fsm,
					 u64 now_ns);
static void ec_fsm_master_hc_state_parent_rx(struct ec_fsm_master *fsm,
					     u64 now_ns);
static void ec_fsm_master_hc_state_behind(struct ec_fsm_master *fsm,
					  u64 now_ns);
static void ec_fsm_master_hc_state_gone(struct ec_fsm_master *fsm,
					u64 now_ns);

/*
 * Where the slaves went, for @responding slaves now: the ring position of
 * the first gone one.  At the end of the line the main device sees
 * (@responding): no backup device, the ring closed (a group plugged in
 * closes it, a group in a branch leaves it closed) or open behind the
 * last slave that answers on the main device, nobody answering on the
 * backup device (a group pulled out just before the backup port).  In
 * the middle: a redundant ring open with slaves on both sides after a
 * group was pulled out (it took its cables with it): the main device's
 * copies reach the slaves in front of the gap, the backup device's those
 * behind it, whose ring positions move down by the gone ones
 * (doc/HOTCONNECT.md "In a redundant ring").  -1: open with slaves on
 * both sides otherwise (more slaves, or the sides do not add up).
 */
static int ec_fsm_master_hc_gap(struct ec_master *master,
				unsigned int responding)
{
	unsigned int main_side, backup_side;
	bool split;

	if (!master->red)
		return (int)responding;
	ec_port_io_lock(master);
	split = master->red->broken &&
		master->red->side_slaves[EC_DEVICE_BACKUP];
	main_side = master->red->side_slaves[EC_DEVICE_MAIN];
	backup_side = master->red->side_slaves[EC_DEVICE_BACKUP];
	ec_port_io_unlock(master);
	if (!split)
		return (int)responding;
	if (responding >= master->slave_count || !main_side ||
	    main_side + backup_side != responding)
		return -1;
	return (int)main_side;
}

/*
 * Does @sc still find its slave at ring position @pos when every slave
 * from @behind on moves down?  Only by an alias whose first holder moves
 * with it (ec_slave_config_find_slave() counts from that holder).
 */
static bool ec_fsm_master_hc_moves_with(const struct ec_master *master,
					const struct ec_slave_config *sc,
					unsigned int behind)
{
	unsigned int i;

	if (!sc->alias)
		return false;
	for (i = 0; i < master->slave_count; i++)
		if (master->slaves[i]->effective_alias == sc->alias)
			return i >= behind;
	return false;
}

/*
 * With the gap known (hc_gap; @responding slaves now): why the slaves
 * that went or came there cannot be taken alone, or NULL.  The gone ones
 * must all be in groups and not the reference clock; the configs of the
 * known slaves behind the gap must find them at their new positions.
 */
static const char *ec_fsm_master_hc_gap_refuse(struct ec_fsm_master *fsm,
					       unsigned int responding)
{
	struct ec_master *master = fsm->master;
	unsigned int i, known = master->slave_count;
	unsigned int gone = responding < known ? known - responding : 0;

	for (i = fsm->hc_gap; i < fsm->hc_gap + gone; i++) {
		const struct ec_slave *s = master->slaves[i];

		if (s->config && !s->config->hc_group)
			return "a slave in no group is gone";
		if (master->dc.ref_station == s->station_address)
			return "the reference clock is gone";
	}
	for (i = fsm->hc_gap + gone; i < known; i++) {
		const struct ec_slave_config *sc = master->slaves[i]->config;

		if (sc && !ec_fsm_master_hc_moves_with(master, sc,
						       fsm->hc_gap + gone))
			return "a config behind the gap addresses its slave by a position that moves";
	}
	return NULL;
}

/* Why the partial path cannot be taken: NULL if it can, "" for a master
 * without groups (IgH's full rescan) or without known slaves (nothing to
 * keep), not worth a line.
 */
static const char *ec_fsm_master_hc_refuse(struct ec_fsm_master *fsm,
					   unsigned int responding)
{
	struct ec_master *master = fsm->master;
	unsigned int i;
	int gap;

	if (!master->hc_group_count || !master->slave_count)
		return "";	/* nothing to keep: no line */
	gap = ec_fsm_master_hc_gap(master, responding);
	if (gap < 0)
		return "the ring is open with slaves on both sides";
	fsm->hc_gap = (unsigned int)gap;
	if (master->scan_busy || fsm->slaves_scanning)
		return "a scan in progress";
	for (i = 0; i < master->slave_count; i++)
		if (!master->slaves[i]->scan_done)
			return "a known slave is not scanned";
	if (responding > master->slave_count)
		return responding > master->slave_capacity ?
		       "no room for the new slaves" : NULL;
	if (fsm->hc_gap < responding)	/* a ring open in the middle */
		return ec_fsm_master_hc_gap_refuse(fsm, responding);
	return NULL;
}

/* Queue a read of @size bytes at @reg of the slave at ring position
 * @pos (@fixed: by its station address), go to @next.
 */
static void ec_fsm_master_hc_read(struct ec_fsm_master *fsm, bool fixed,
				  u16 pos, u16 reg, size_t size,
				  ec_fsm_master_state_t next, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	struct ec_datagram *d = fsm->datagram;
	int ret;

	ret = fixed ? ec_datagram_fprd(d, master->slaves[pos]->station_address,
				       reg, size) :
		      ec_datagram_aprd(d, pos, reg, size);
	if (ret) {
		fsm->hc_busy = false;
		fsm->rescan_requested = true;
		ec_fsm_master_state_start(fsm, now_ns);
		return;
	}
	ec_datagram_zero(d);
	ec_master_queue_datagram(master, d);
	fsm->state = next;
}

/* A check failed: log why and scan everything. */
static void ec_fsm_master_hc_fail(struct ec_fsm_master *fsm, u64 now_ns,
				  const char *why)
{
	fsm->hc_fallbacks++;
	fsm->hc_busy = false;
	EC_MASTER_INFO(fsm->master, "hot connect: %s: full rescan", why);
	ec_fsm_master_start_scan(fsm, now_ns);
}

static bool ec_fsm_master_hc_one(const struct ec_fsm_master *fsm)
{
	return fsm->datagram->state == EC_DATAGRAM_RECEIVED &&
	       fsm->datagram->working_counter == 1;
}

/**
 * ec_fsm_master_hc_start() - take a change of the slave count the
 * hot-connect way if it can be
 * @fsm: master FSM, its datagram free
 * @responding: slaves answering the broadcast now
 * @now_ns: current time
 *
 * Return: true if the partial path runs (the FSM's datagram is queued),
 * false for the full rescan (logged when the master has groups).
 */
bool ec_fsm_master_hc_start(struct ec_fsm_master *fsm,
			    unsigned int responding, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	const char *why = ec_fsm_master_hc_refuse(fsm, responding);
	unsigned int known = master->slave_count;

	if (why) {
		if (why[0]) {
			fsm->hc_fallbacks++;
			EC_MASTER_INFO(master,
				       "hot connect: %u slave(s) responding, %u known: full rescan (%s)",
				       responding, known, why);
		}
		return false;
	}
	if (ec_fsm_dc_busy(master)) {
		/* it holds ring positions and had not finished: it starts
		 * again for the segment as it is after the change
		 */
		ec_fsm_dc_free(master);
		master->dc.rescan_offsets = true;
		EC_MASTER_INFO(master,
			       "hot connect: the DC offset job starts again after the change");
	}
	fsm->hc_busy = true;
	fsm->hc_target = responding;
	fsm->hc_start_ns = now_ns;
	fsm->hc_parent_rx_valid = false;
	if (fsm->hc_gap < responding) {
		/* a ring open in the middle: the gap is where it opened */
		EC_MASTER_INFO(master,
			       "hot connect: %u slave(s) gone after slave %u, %u behind them on the backup side: dropping only them",
			       known - responding, fsm->hc_gap - 1,
			       responding - fsm->hc_gap);
		ec_fsm_master_hc_drop(fsm, now_ns);
		return true;
	}
	/* where did they come in or go?  The last known slave that can be
	 * where it was first (at the end: the usual case, one read)
	 */
	fsm->hc_lo = 0;
	fsm->hc_hi = known < responding ? known : responding;
	fsm->hc_check = fsm->hc_hi - 1;
	ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_check,
			      EC_REG_STATION_ADDR, 2,
			      ec_fsm_master_hc_state_seek, now_ns);
	return true;
}

/* The gone slaves known (from hc_gap on): detach them, then check. */
static void ec_fsm_master_hc_drop(struct ec_fsm_master *fsm, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int i, gone = master->slave_count - fsm->hc_target;

	/* their groups are absent from now on, whatever the checks say */
	for (i = fsm->hc_gap; i < fsm->hc_gap + gone; i++)
		if (master->slaves[i]->config)
			ec_slave_config_detach(master->slaves[i]->config);
	fsm->hc_next = fsm->hc_gap;
	fsm->hc_check = fsm->hc_gap;
	ec_fsm_master_hc_read(fsm, false, (u16)(fsm->hc_gap - 1),
			      EC_REG_STATION_ADDR, 2,
			      ec_fsm_master_hc_state_last, now_ns);
}

/* Fewer slaves, the gap found by the seek (no ring open in the middle):
 * at the end, or in a branch ahead of known slaves.
 */
static void ec_fsm_master_hc_gone_found(struct ec_fsm_master *fsm,
					u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int known = master->slave_count;
	const char *why;

	if (!fsm->hc_gap) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "the first known slave is gone");
		return;
	}
	why = ec_fsm_master_hc_gap_refuse(fsm, fsm->hc_target);
	if (why) {
		ec_fsm_master_hc_fail(fsm, now_ns, why);
		return;
	}
	if (fsm->hc_gap < fsm->hc_target)
		EC_MASTER_INFO(master,
			       "hot connect: %u slave(s) gone after slave %u, %u behind them: dropping only them",
			       known - fsm->hc_target, fsm->hc_gap - 1,
			       fsm->hc_target - fsm->hc_gap);
	else
		EC_MASTER_INFO(master,
			       "hot connect: %u slave(s) gone after slave %u: dropping only them",
			       known - fsm->hc_target, fsm->hc_target - 1);
	ec_fsm_master_hc_drop(fsm, now_ns);
}

/* Is @addr a known slave's station address? */
static bool ec_fsm_master_hc_known_addr(const struct ec_master *master,
					u16 addr)
{
	unsigned int i;

	for (i = 0; i < master->slave_count; i++)
		if (master->slaves[i]->station_address == addr)
			return true;
	return false;
}

/*
 * New slaves, where they came in known: the gap (hc_gap) and how many.
 * Known slaves behind it (in the middle of a ring, a branch ahead of
 * known ones) move up: each is read at its new position first; then the
 * new positions, then the path to the port they hang on.
 */
static void ec_fsm_master_hc_found(struct ec_fsm_master *fsm, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int known = master->slave_count;
	unsigned int n = fsm->hc_target - known;
	const char *why;

	if (!fsm->hc_gap) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "new slaves before the first known one");
		return;
	}
	why = ec_fsm_master_hc_gap_refuse(fsm, fsm->hc_target);
	if (why) {
		ec_fsm_master_hc_fail(fsm, now_ns, why);
		return;
	}
	if (fsm->hc_gap < known)
		EC_MASTER_INFO(master,
			       "hot connect: %u new slave(s) after slave %u, %u known behind them: scanning only them",
			       n, fsm->hc_gap - 1, known - fsm->hc_gap);
	else
		EC_MASTER_INFO(master,
			       "hot connect: %u new slave(s) after slave %u: scanning only them",
			       n, known - 1);
	fsm->hc_next = fsm->hc_gap;
	fsm->hc_check = fsm->hc_gap + n;
	if (fsm->hc_check < fsm->hc_target)
		ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_check,
				      EC_REG_STATION_ADDR, 2,
				      ec_fsm_master_hc_state_behind, now_ns);
	else
		ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_next,
				      EC_REG_STATION_ADDR, 2,
				      ec_fsm_master_hc_state_new, now_ns);
}

/*
 * More slaves: the first ring position that no longer holds the known
 * slave it held (a binary search: in front of the new ones every known
 * slave answers at its position, from them on none does).
 */
static void ec_fsm_master_hc_state_seek(struct ec_fsm_master *fsm,
					u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int p = fsm->hc_check;

	if (!ec_fsm_master_hc_one(fsm)) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "a known position did not answer");
		return;
	}
	if (ec_get_u16(fsm->datagram->data) ==
	    master->slaves[p]->station_address)
		fsm->hc_lo = p + 1;
	else
		fsm->hc_hi = p;
	if (fsm->hc_lo >= fsm->hc_hi) {
		fsm->hc_gap = fsm->hc_lo;
		if (fsm->hc_target > master->slave_count)
			ec_fsm_master_hc_found(fsm, now_ns);
		else
			ec_fsm_master_hc_gone_found(fsm, now_ns);
		return;
	}
	fsm->hc_check = (fsm->hc_lo + fsm->hc_hi) / 2;
	ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_check,
			      EC_REG_STATION_ADDR, 2,
			      ec_fsm_master_hc_state_seek, now_ns);
}

/* The last slave that stays in front of the gone ones answered at its
 * position: it has the address it was given, so no slave came in or
 * went before it.
 */
static void ec_fsm_master_hc_state_last(struct ec_fsm_master *fsm,
					u64 now_ns)
{
	struct ec_master *master = fsm->master;

	if (!ec_fsm_master_hc_one(fsm) ||
	    ec_get_u16(fsm->datagram->data) !=
	    master->slaves[fsm->hc_gap - 1]->station_address) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "the last known slave is not where it was");
		return;
	}
	if (fsm->hc_check < fsm->hc_target)
		ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_check,
				      EC_REG_STATION_ADDR, 2,
				      ec_fsm_master_hc_state_behind, now_ns);
	else
		ec_fsm_master_hc_read(fsm, true, (u16)fsm->hc_next,
				      EC_REG_AL_STATUS, 2,
				      ec_fsm_master_hc_state_gone, now_ns);
}

/* A known slave behind the gap answered at its new ring position (gone
 * slaves: the backup device's copy reached it): it has the address it
 * was given.
 */
static void ec_fsm_master_hc_state_behind(struct ec_fsm_master *fsm,
					  u64 now_ns)
{
	struct ec_master *master = fsm->master;
	bool more = fsm->hc_target > master->slave_count;
	/* it was at hc_check + gone, or hc_check - new */
	unsigned int was = fsm->hc_check + master->slave_count -
			   fsm->hc_target;

	if (!ec_fsm_master_hc_one(fsm) ||
	    ec_get_u16(fsm->datagram->data) !=
	    master->slaves[was]->station_address) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "a slave behind the gap is not the one expected");
		return;
	}
	if (++fsm->hc_check < fsm->hc_target) {
		ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_check,
				      EC_REG_STATION_ADDR, 2,
				      ec_fsm_master_hc_state_behind, now_ns);
		return;
	}
	if (more)
		ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_next,
				      EC_REG_STATION_ADDR, 2,
				      ec_fsm_master_hc_state_new, now_ns);
	else
		ec_fsm_master_hc_read(fsm, true, (u16)fsm->hc_next,
				      EC_REG_AL_STATUS, 2,
				      ec_fsm_master_hc_state_gone, now_ns);
}

/* A new position answered: no known station address there. */
static void ec_fsm_master_hc_state_new(struct ec_fsm_master *fsm,
				       u64 now_ns)
{
	struct ec_master *master = fsm->master;
	u16 addr = ec_get_u16(fsm->datagram->data);

	if (!ec_fsm_master_hc_one(fsm) ||
	    ec_fsm_master_hc_known_addr(master, addr)) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "a new position holds a known slave");
		return;
	}
	if (++fsm->hc_next < fsm->hc_gap + fsm->hc_target -
	    master->slave_count) {
		ec_fsm_master_hc_read(fsm, false, (u16)fsm->hc_next,
				      EC_REG_STATION_ADDR, 2,
				      ec_fsm_master_hc_state_new, now_ns);
		return;
	}
	fsm->hc_next = fsm->hc_gap - 1;
	ec_fsm_master_hc_read(fsm, true, (u16)fsm->hc_next, EC_REG_DL_STATUS,
			      2, ec_fsm_master_hc_state_spine, now_ns);
}

/* A known slave on the path back from the last one: does it have an
 * open port with no known slave behind it?
 */
static void ec_fsm_master_hc_state_spine(struct ec_fsm_master *fsm,
					 u64 now_ns)
{
	struct ec_master *master = fsm->master;
	struct ec_slave *s = master->slaves[fsm->hc_next];
	unsigned int p;

	if (!ec_fsm_master_hc_one(fsm)) {
		ec_fsm_master_hc_fail(fsm, now_ns, "a DL status read failed");
		return;
	}
	ec_topology_set_dl_status(s, ec_get_u16(fsm->datagram->data));
	for (p = 1; p < EC_MAX_PORTS; p++)
		if (ec_topology_port_open(s, p) && !s->ports[p].next_slave)
			break;
	if (p < EC_MAX_PORTS) {
		fsm->hc_parent = fsm->hc_next;
		if (ec_datagram_bwr(fsm->datagram, EC_REG_DC_RECV_TIME, 4)) {
			fsm->hc_busy = false;
			fsm->rescan_requested = true;
			ec_fsm_master_state_start(fsm, now_ns);
			return;
		}
		ec_datagram_zero(fsm->datagram);
		ec_master_queue_datagram(master, fsm->datagram);
		fsm->state = ec_fsm_master_hc_state_latch;
		return;
	}
	if (!s->ports[0].next_slave) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "no open port for the new slaves");
		return;
	}
	fsm->hc_next = s->ports[0].next_slave->ring_position;
	ec_fsm_master_hc_read(fsm, true, (u16)fsm->hc_next, EC_REG_DL_STATUS,
			      2, ec_fsm_master_hc_state_spine, now_ns);
}

/* A free place in the slave pool (a dropped slave's is zeroed). */
static struct ec_slave *ec_fsm_master_hc_free_slot(struct ec_master *master)
{
	unsigned int i;

	for (i = 0; i < master->slave_capacity; i++)
		if (!master->slave_pool[i].master)
			return &master->slave_pool[i];
	return NULL;	/* not reached: capacity counts every slave */
}

/* Is @addr the station address of a slave in the pool other than @s? */
static bool ec_fsm_master_hc_addr_used(const struct ec_master *master,
				       const struct ec_slave *s, u16 addr)
{
	unsigned int i;

	for (i = 0; i < master->slave_capacity; i++)
		if (master->slave_pool[i].master && &master->slave_pool[i] != s &&
		    master->slave_pool[i].station_address == addr)
			return true;
	return false;
}

/* Move the slaves from ring position @from on by @by (a signed shift)
 * in the ring order: the ones behind new or gone slaves.
 */
static void ec_fsm_master_hc_shift(struct ec_master *master,
				   unsigned int from, unsigned int to, int by)
{
	unsigned int i;

	if (by > 0) {
		for (i = to; i-- > from;) {
			master->slaves[i + by] = master->slaves[i];
			master->slaves[i + by]->ring_position = (u16)(i + by);
		}
	} else {
		for (i = from; i < to; i++) {
			master->slaves[i + by] = master->slaves[i];
			master->slaves[i + by]->ring_position = (u16)(i + by);
		}
	}
}

/*
 * Set up the new slaves at ring positions hc_gap.. (the known ones behind
 * them move up) and start their scans.  A new slave gets the station
 * address of its ring position, the next free one when a known slave
 * holds it (a slave whose position moved keeps its address).
 */
static void ec_fsm_master_hc_append(struct ec_fsm_master *fsm, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int i, known = master->slave_count, g = fsm->hc_gap;
	unsigned int n = fsm->hc_target - known;

	ec_fsm_master_hc_shift(master, g, known, (int)n);
	for (i = g; i < g + n; i++) {
		struct ec_slave *slave = ec_fsm_master_hc_free_slot(master);

		master->slaves[i] = slave;
		ec_slave_init(slave, master, (u16)i);
		while (ec_fsm_master_hc_addr_used(master, slave,
						  slave->station_address) ||
		       !slave->station_address)
			slave->station_address++;
	}
	for (i = g; i < g + n; i++) {
		struct ec_slave *slave = master->slaves[i];

		slave->scan_fsm = ec_fsm_slave_scan_new(slave);
		if (!slave->scan_fsm)
			break;
		ec_fsm_slave_scan_start(slave->scan_fsm);
	}
	if (i < g + n) {
		for (i = g; i < g + n; i++) {
			ec_slave_clear(master->slaves[i]);
			memset(master->slaves[i], 0, sizeof(*master->slaves[i]));
		}
		ec_fsm_master_hc_shift(master, g + n, known + n, -(int)n);
		ec_fsm_master_hc_fail(fsm, now_ns, "no memory");
		return;
	}
	fsm->hc_next = g;	/* the first new slave, from here on */
	fsm->hc_behind = known - g;
	master->slave_count = fsm->hc_target;
	fsm->hc_partial = true;
	fsm->slaves_scanning = true;
	ec_fsm_master_scan_slaves(fsm, now_ns);
	ec_fsm_master_state_start(fsm, now_ns);
}

/* Receive times latched: the parent's, for the new slaves' delays. */
static void ec_fsm_master_hc_state_latch(struct ec_fsm_master *fsm,
					 u64 now_ns)
{
	struct ec_master *master = fsm->master;

	if (!master->slaves[fsm->hc_parent]->base_dc_supported) {
		ec_fsm_master_hc_append(fsm, now_ns);
		return;
	}
	ec_fsm_master_hc_read(fsm, true, (u16)fsm->hc_parent,
			      EC_REG_DC_RECV_TIME, 4 * EC_MAX_PORTS,
			      ec_fsm_master_hc_state_parent_rx, now_ns);
}

static void ec_fsm_master_hc_state_parent_rx(struct ec_fsm_master *fsm,
					     u64 now_ns)
{
	unsigned int i;

	if (!ec_fsm_master_hc_one(fsm)) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "the receive times were not read");
		return;
	}
	for (i = 0; i < EC_MAX_PORTS; i++)
		fsm->hc_parent_rx[i] = ec_get_u32(fsm->datagram->data + 4 * i);
	fsm->hc_parent_rx_valid = true;
	ec_fsm_master_hc_append(fsm, now_ns);
}

/*
 * Every new slave (from @first on) hangs on a port of a slave before it:
 * in a redundant ring the topology accepts the backup cable's open port,
 * not a new slave left over (a ring broken meanwhile).
 */
static bool ec_fsm_master_hc_placed(const struct ec_master *master,
				    unsigned int first)
{
	unsigned int i;

	for (i = first; i < master->slave_count; i++)
		if (!master->slaves[i]->ports[0].next_slave)
			return false;
	return true;
}

/**
 * ec_fsm_master_hc_scan_done() - the new slaves are scanned
 * @fsm: master FSM (called from its turn, its datagram may be in use)
 * @now_ns: current time
 * @failed: new slaves whose scan failed
 *
 * Topology, configs and the new slaves' DC delays; on a failure the
 * next broadcast scans everything.
 */
void ec_fsm_master_hc_scan_done(struct ec_fsm_master *fsm, u64 now_ns,
				unsigned int failed)
{
	struct ec_master *master = fsm->master;
	u64 ms = (now_ns - fsm->hc_start_ns) / EC_NSEC_PER_MSEC;
	unsigned int i;

	fsm->hc_partial = false;
	fsm->hc_busy = false;
	if (failed || !ec_fsm_master_topology(master) ||
	    !ec_fsm_master_hc_placed(master, fsm->hc_next)) {
		fsm->hc_fallbacks++;
		EC_MASTER_INFO(master,
			       "hot connect: %s: full rescan",
			       failed ? "a new slave's scan failed" :
			       "the port states do not describe a tree");
		fsm->rescan_requested = true;
		return;
	}
	/* known slaves behind the new ones hang on them (a ring closed
	 * again): their port 0 is up, as a scan would read it
	 */
	for (i = fsm->hc_next; i < master->slave_count; i++)
		if (master->slaves[i]->ports[0].next_slave)
			master->slaves[i]->ports[0].link_up = true;
	ec_master_find_duplicate_aliases(master);
	ec_master_attach_slave_configs(master);
	ec_dc_hc_scan_done(master, fsm->hc_next,
			   fsm->hc_target - fsm->hc_next - fsm->hc_behind,
			   master->slaves[fsm->hc_parent],
			   fsm->hc_parent_rx_valid ? fsm->hc_parent_rx : NULL);
	fsm->hc_scans++;
	EC_MASTER_INFO(master,
		       "hot connect: %u slave(s), the new ones scanned in %llu ms, the known ones untouched",
		       master->slave_count, (unsigned long long)ms);
}

/* Is @s one of the gone slaves? */
static bool ec_fsm_master_hc_is_gone(const struct ec_fsm_master *fsm,
				     const struct ec_slave *s)
{
	return s->ring_position >= fsm->hc_gap &&
	       s->ring_position < fsm->hc_gap + fsm->master->slave_count -
	       fsm->hc_target;
}

/*
 * Drop the slaves from position hc_gap on, as many as went: the ports
 * that led to them count closed, the slaves behind them (a gap in a
 * ring) take the ring positions a scan of the open ring gives them, in
 * ring order: the main device's side first, then the backup device's
 * from the first slave behind the break (IgH counts them so too,
 * doc/SPECNOTES.md "Hot connect in the middle of a ring").  They stay
 * where they are in memory, with their address, state and config.
 */
static void ec_fsm_master_hc_remove(struct ec_fsm_master *fsm, u64 now_ns)
{
	struct ec_master *master = fsm->master;
	unsigned int i, p, known = master->slave_count;
	unsigned int gone = known - fsm->hc_target, gap = fsm->hc_gap;

	for (i = 0; i < known; i++) {
		struct ec_slave *s = master->slaves[i];
		struct ec_slave *parent = s->ports[0].next_slave;

		if (!parent ||
		    ec_fsm_master_hc_is_gone(fsm, s) ==
		    ec_fsm_master_hc_is_gone(fsm, parent))
			continue;
		if (!ec_fsm_master_hc_is_gone(fsm, s)) {
			s->ports[0].link_up = false;	/* behind the gap */
			continue;
		}
		for (p = 1; p < EC_MAX_PORTS; p++)
			if (parent->ports[p].next_slave == s)
				parent->ports[p].link_up = false;
	}
	master->slave_count = fsm->hc_target;
	for (i = gap; i < gap + gone; i++) {
		ec_slave_clear(master->slaves[i]);
		memset(master->slaves[i], 0, sizeof(*master->slaves[i]));
	}
	ec_fsm_master_hc_shift(master, gap + gone, known, -(int)gone);
	/* what they asked for while they went is answered: not a rescan */
	if (fsm->rescan_gone) {
		fsm->rescan_requested = false;
		fsm->rescan_gone = false;
	}
	ec_topology_calc(master->slaves, master->slave_count);
	ec_master_find_duplicate_aliases(master);
	fsm->hc_removals++;
	fsm->hc_busy = false;
	EC_MASTER_INFO(master,
		       "hot connect: %u slave(s) dropped in %llu ms, %u stay untouched%s",
		       gone,
		       (unsigned long long)((now_ns - fsm->hc_start_ns) /
					    EC_NSEC_PER_MSEC),
		       fsm->hc_target,
		       gap < fsm->hc_target ?
		       ", the ones behind the gap renumbered" : "");
	ec_fsm_master_state_start(fsm, now_ns);
}

/* A slave behind the last one that stays: it must not answer. */
static void ec_fsm_master_hc_state_gone(struct ec_fsm_master *fsm,
					u64 now_ns)
{
	struct ec_datagram *d = fsm->datagram;

	if (d->state != EC_DATAGRAM_RECEIVED || d->working_counter) {
		ec_fsm_master_hc_fail(fsm, now_ns,
				      "a slave behind the last one still answers");
		return;
	}
	if (++fsm->hc_next < fsm->hc_gap + fsm->master->slave_count -
	    fsm->hc_target) {
		ec_fsm_master_hc_read(fsm, true, (u16)fsm->hc_next,
				      EC_REG_AL_STATUS, 2,
				      ec_fsm_master_hc_state_gone, now_ns);
		return;
	}
	ec_fsm_master_hc_remove(fsm, now_ns);
}
