// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsm_slave_config_pd.c - the process data steps of a slave's
 * configuration, in PREOP after the startup SDOs, IDNs and EoE IP
 * parameters:
 *   [PDO assignment and mapping over CoE (fsm_pdo_conf)]
 *   -> process data SMs (every SM from the first to the last process
 *      data SM in one write) -> [watchdog divider 0x0400]
 *   -> [process data watchdog 0x0420] -> [FMMUs 0x0600]
 *   -> the DC steps (fsm_slave_config_dc.c) -> SAFEOP
 */
#include "slave/fsm_slave_config.h"
#include "cycle/domain.h"
#include "slave/fsm_pdo.h"
#include "mailbox/mailbox.h"
#include "slave/registers.h"
#include "slave/slave.h"
#include "app/slave_config.h"

static void ec_fsm_slave_config_state_pdo_conf(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_pd_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_wd_divider(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_wd_intervals(
	struct ec_fsm_slave_config *fsm, u64 now_ns);
static void ec_fsm_slave_config_state_fmmus(struct ec_fsm_slave_config *fsm,
					    u64 now_ns);
static void ec_fsm_slave_config_pd_sms(struct ec_fsm_slave_config *fsm,
				       u64 now_ns);

/**
 * ec_fsm_slave_config_pdo_conf() - start the process data steps
 * @fsm: config FSM in PREOP with an application's configuration
 * @now_ns: current time
 *
 * Ends in ec_fsm_slave_config_request_safeop(), or fails the FSM.
 */
void ec_fsm_slave_config_pdo_conf(struct ec_fsm_slave_config *fsm,
				  u64 now_ns)
{
	const struct ec_slave *slave = fsm->slave;

	if (!ec_slave_has_coe(slave) ||
	    !(slave->sii.coe_details & (EC_COE_DETAILS_PDO_ASSIGN |
					EC_COE_DETAILS_PDO_CONFIG))) {
		ec_fsm_slave_config_pd_sms(fsm, now_ns);
		return;
	}
	ec_fsm_pdo_conf_start(&fsm->pdo_conf, fsm->slave, fsm->sc, now_ns);
	fsm->state = ec_fsm_slave_config_state_pdo_conf;
	ec_fsm_slave_config_state_pdo_conf(fsm, now_ns);
}

static void ec_fsm_slave_config_state_pdo_conf(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (ec_fsm_pdo_conf_exec(&fsm->pdo_conf, now_ns))
		return;
	if (!ec_fsm_pdo_conf_success(&fsm->pdo_conf)) {
		ec_fsm_slave_config_fail(fsm, fsm->pdo_conf.error);
		return;
	}
	ec_fsm_slave_config_pd_sms(fsm, now_ns);
}

/* SM page of a process data SM: start, length of the PDOs in effect,
 * control from the SII with the watchdog bit as configured, enable.
 */
static void ec_fsm_slave_config_sm_page(struct ec_fsm_slave_config *fsm,
					unsigned int i, u8 *d)
{
	const struct ec_slave *slave = fsm->slave;
	const struct ec_sii_sync *sync = &slave->syncs[i];
	unsigned int size;
	u8 control = sync->control_register;

	if (!ec_sync_is_process_data(sync)) {
		/* A mailbox SM between process data SMs: as the SII says. */
		ec_put_u16(d + EC_SM_START, sync->physical_start_address);
		ec_put_u16(d + EC_SM_LENGTH, sync->default_length);
		d[EC_SM_CONTROL] = control;
		d[EC_SM_ACTIVATE] = sync->enable ? EC_SM_ACTIVATE_ENABLE : 0;
		return;
	}
	size = ec_slave_config_sync_size(fsm->sc, (u8)i);
	if (i < EC_SC_SYNCS) {
		if (fsm->sc->syncs[i].watchdog_mode == EC_WD_ENABLE)
			control |= EC_SM_CONTROL_WATCHDOG;
		else if (fsm->sc->syncs[i].watchdog_mode == EC_WD_DISABLE)
			control &= (u8)~EC_SM_CONTROL_WATCHDOG;
	}
	ec_put_u16(d + EC_SM_START, sync->physical_start_address);
	ec_put_u16(d + EC_SM_LENGTH, (u16)size);
	d[EC_SM_CONTROL] = control;
	d[EC_SM_ACTIVATE] = size ? EC_SM_ACTIVATE_ENABLE : 0;
}

static void ec_fsm_slave_config_watchdog(struct ec_fsm_slave_config *fsm,
					 u64 now_ns);

/* Write all SMs from the first to the last process data SM at once. */
static void ec_fsm_slave_config_pd_sms(struct ec_fsm_slave_config *fsm,
				       u64 now_ns)
{
	struct ec_slave *slave = fsm->slave;
	unsigned int i, first = EC_MAX_SYNC_MANAGERS, last = 0;
	unsigned int count = slave->sync_count;

	if (count > EC_MAX_SYNC_MANAGERS)
		count = EC_MAX_SYNC_MANAGERS;
	for (i = 0; i < count; i++) {
		if (!ec_sync_is_process_data(&slave->syncs[i]))
			continue;
		if (first == EC_MAX_SYNC_MANAGERS)
			first = i;
		last = i;
	}
	if (first == EC_MAX_SYNC_MANAGERS) {
		ec_fsm_slave_config_watchdog(fsm, now_ns);
		return;
	}
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_SM_REG(first), (last - first + 1) * EC_SM_SIZE);
	ec_datagram_zero(fsm->datagram);
	for (i = first; i <= last; i++)
		ec_fsm_slave_config_sm_page(fsm, i, fsm->datagram->data +
					    (i - first) * EC_SM_SIZE);
	fsm->datagram->name = "pd-sms";
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_config_state_pd_sms;
}

static void ec_fsm_slave_config_state_pd_sms(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm,
					 "configuring the process data SMs"))
		return;
	ec_fsm_slave_config_watchdog(fsm, now_ns);
}

static void ec_fsm_slave_config_write_u16(struct ec_fsm_slave_config *fsm,
					  u16 reg, u16 value,
					  const char *name,
					  ec_fsm_slave_config_state_t next)
{
	struct ec_slave *slave = fsm->slave;

	ec_datagram_fpwr(fsm->datagram, slave->station_address, reg, 2);
	ec_put_u16(fsm->datagram->data, value);
	fsm->datagram->name = name;
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = next;
}

static void ec_fsm_slave_config_wd_intervals(struct ec_fsm_slave_config *fsm,
					     u64 now_ns);
static void ec_fsm_slave_config_fmmus(struct ec_fsm_slave_config *fsm,
				      u64 now_ns);

static void ec_fsm_slave_config_watchdog(struct ec_fsm_slave_config *fsm,
					 u64 now_ns)
{
	if (!fsm->sc->watchdog_divider) {
		ec_fsm_slave_config_wd_intervals(fsm, now_ns);
		return;
	}
	ec_fsm_slave_config_write_u16(fsm, EC_REG_WD_DIVIDER,
				      fsm->sc->watchdog_divider, "wd-divider",
				      ec_fsm_slave_config_state_wd_divider);
}

static void ec_fsm_slave_config_state_wd_divider(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm, "writing the watchdog divider"))
		return;
	ec_fsm_slave_config_wd_intervals(fsm, now_ns);
}

static void ec_fsm_slave_config_wd_intervals(struct ec_fsm_slave_config *fsm,
					     u64 now_ns)
{
	if (!fsm->sc->watchdog_intervals) {
		ec_fsm_slave_config_fmmus(fsm, now_ns);
		return;
	}
	ec_fsm_slave_config_write_u16(fsm, EC_REG_WD_TIME_PD,
				      fsm->sc->watchdog_intervals,
				      "wd-intervals",
				      ec_fsm_slave_config_state_wd_intervals);
}

static void ec_fsm_slave_config_state_wd_intervals(
	struct ec_fsm_slave_config *fsm, u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm,
					 "writing the process data watchdog"))
		return;
	ec_fsm_slave_config_fmmus(fsm, now_ns);
}

/* One FMMU page: the SM's data at its place in the domain. */
static int ec_fsm_slave_config_fmmu_page(struct ec_fsm_slave_config *fsm,
					 const struct ec_fmmu_config *fmmu,
					 u8 *d)
{
	const struct ec_slave *slave = fsm->slave;

	if (!fmmu->domain || !fmmu->data_size)
		return 0;	/* nothing mapped: stays disabled */
	if (fmmu->sync_index >= slave->sync_count) {
		EC_SLAVE_ERR(slave, "FMMU for SM%u, but the slave has %u SMs",
			     fmmu->sync_index, slave->sync_count);
		return -EINVAL;
	}
	ec_put_u32(d + EC_FMMU_LOGICAL_START,
		   fmmu->domain->logical_base_address +
		   fmmu->logical_start_address);
	ec_put_u16(d + EC_FMMU_LENGTH, (u16)fmmu->data_size);
	d[EC_FMMU_LOGICAL_START_BIT] = 0;
	d[EC_FMMU_LOGICAL_STOP_BIT] = 7;
	ec_put_u16(d + EC_FMMU_PHYSICAL_START,
		   slave->syncs[fmmu->sync_index].physical_start_address);
	d[EC_FMMU_PHYSICAL_START_BIT] = 0;
	d[EC_FMMU_TYPE] = fmmu->dir == EC_DIR_INPUT ? EC_FMMU_TYPE_READ :
						     EC_FMMU_TYPE_WRITE;
	d[EC_FMMU_ACTIVATE] = EC_FMMU_ACTIVATE_ENABLE;
	return 0;
}

/* The FMMUs have to be there before SAFEOP is requested. */
static void ec_fsm_slave_config_fmmus(struct ec_fsm_slave_config *fsm,
				      u64 now_ns)
{
	const struct ec_slave_config *sc = fsm->sc;
	struct ec_slave *slave = fsm->slave;
	unsigned int i;
	int ret;

	if (!sc->used_fmmus) {
		ec_fsm_slave_config_dc(fsm, true,
				       ec_fsm_slave_config_request_safeop,
				       now_ns);
		return;
	}
	if (sc->used_fmmus > slave->base_fmmu_count ||
	    sc->used_fmmus > EC_MAX_FMMUS_PER_CONFIG) {
		EC_SLAVE_ERR(slave, "%u FMMUs configured, the slave has %u",
			     sc->used_fmmus, slave->base_fmmu_count);
		ec_fsm_slave_config_fail(fsm, -EINVAL);
		return;
	}
	ec_datagram_fpwr(fsm->datagram, slave->station_address,
			 EC_REG_FMMU_BASE, sc->used_fmmus * EC_FMMU_SIZE);
	ec_datagram_zero(fsm->datagram);
	for (i = 0; i < sc->used_fmmus; i++) {
		ret = ec_fsm_slave_config_fmmu_page(fsm, &sc->fmmus[i],
			fsm->datagram->data + i * EC_FMMU_SIZE);
		if (ret) {
			ec_fsm_slave_config_fail(fsm, ret);
			return;
		}
	}
	fsm->datagram->name = "fmmus";
	ec_fsm_queue(slave->master, fsm->datagram, &fsm->retries);
	fsm->state = ec_fsm_slave_config_state_fmmus;
}

static void ec_fsm_slave_config_state_fmmus(struct ec_fsm_slave_config *fsm,
					    u64 now_ns)
{
	if (!ec_fsm_slave_config_written(fsm, "configuring the FMMUs"))
		return;
	ec_fsm_slave_config_dc(fsm, true, ec_fsm_slave_config_request_safeop,
			       now_ns);
}
