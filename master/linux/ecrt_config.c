// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_config.c - the kernel application interface for slave
 * configurations and domains (include/ecrt.h): thin wrappers
 * around the core.  The configuration calls take io_mutex (process context
 * only); the realtime ones (domain process/queue/state, slave config
 * state: cycle_lock) may be called from any context (ecrt.c,
 * doc/LOCKING.md).  The requests are in ecrt_request.c.
 */
#include <linux/ktime.h>
#include <linux/module.h>

#include "ecrt.h"
#include "master_linux.h"
#include "cycle/domain.h"
#include "cycle/domain_process.h"
#include "mailbox/emergency.h"
#include "request/requests.h"
#include "slave/slave.h"
#include "app/slave_config.h"

static struct mutex *ec_sc_lock(const ec_slave_config_t *sc)
{
	return &container_of(sc->master, struct ec_linux_master,
			     core)->io_mutex;
}

static struct ec_linux_master *ec_domain_lm(const ec_domain_t *domain)
{
	return ec_linux_of(domain->master);
}

/* Run a core call that returns int under the config's master lock. */
#define EC_SC_LOCKED(sc, call) \
	({ \
		int __ret; \
		mutex_lock(ec_sc_lock(sc)); \
		__ret = (call); \
		mutex_unlock(ec_sc_lock(sc)); \
		__ret; \
	})

int ecrt_slave_config_sync_manager(ec_slave_config_t *sc, uint8_t sync_index,
				   ec_direction_t direction,
				   ec_watchdog_mode_t watchdog_mode)
{
	return EC_SC_LOCKED(sc, ec_slave_config_sync_manager(sc, sync_index,
							     direction,
							     watchdog_mode));
}
EXPORT_SYMBOL(ecrt_slave_config_sync_manager);

int ecrt_slave_config_watchdog(ec_slave_config_t *sc,
			       uint16_t watchdog_divider,
			       uint16_t watchdog_intervals)
{
	mutex_lock(ec_sc_lock(sc));
	ec_slave_config_watchdog(sc, watchdog_divider, watchdog_intervals);
	mutex_unlock(ec_sc_lock(sc));
	return 0;
}
EXPORT_SYMBOL(ecrt_slave_config_watchdog);

int ecrt_slave_config_pdo_assign_add(ec_slave_config_t *sc,
				     uint8_t sync_index, uint16_t index)
{
	return EC_SC_LOCKED(sc, ec_slave_config_pdo_assign_add(sc, sync_index,
							       index));
}
EXPORT_SYMBOL(ecrt_slave_config_pdo_assign_add);

int ecrt_slave_config_pdo_assign_clear(ec_slave_config_t *sc,
				       uint8_t sync_index)
{
	if (sync_index >= EC_MAX_SYNC_MANAGERS)
		return -EINVAL;
	mutex_lock(ec_sc_lock(sc));
	ec_slave_config_pdo_assign_clear(sc, sync_index);
	mutex_unlock(ec_sc_lock(sc));
	return 0;
}
EXPORT_SYMBOL(ecrt_slave_config_pdo_assign_clear);

int ecrt_slave_config_pdo_mapping_add(ec_slave_config_t *sc,
				      uint16_t pdo_index,
				      uint16_t entry_index,
				      uint8_t entry_subindex,
				      uint8_t entry_bit_length)
{
	return EC_SC_LOCKED(sc, ec_slave_config_pdo_mapping_add(sc, pdo_index,
				entry_index, entry_subindex,
				entry_bit_length));
}
EXPORT_SYMBOL(ecrt_slave_config_pdo_mapping_add);

int ecrt_slave_config_pdo_mapping_clear(ec_slave_config_t *sc,
					uint16_t pdo_index)
{
	mutex_lock(ec_sc_lock(sc));
	ec_slave_config_pdo_mapping_clear(sc, pdo_index);
	mutex_unlock(ec_sc_lock(sc));
	return 0;
}
EXPORT_SYMBOL(ecrt_slave_config_pdo_mapping_clear);

int ecrt_slave_config_pdos(ec_slave_config_t *sc, unsigned int n_syncs,
			   const ec_sync_info_t syncs[])
{
	return EC_SC_LOCKED(sc, ec_slave_config_pdos(sc, n_syncs, syncs));
}
EXPORT_SYMBOL(ecrt_slave_config_pdos);

int ecrt_slave_config_reg_pdo_entry(ec_slave_config_t *sc,
				    uint16_t entry_index,
				    uint8_t entry_subindex,
				    ec_domain_t *domain,
				    unsigned int *bit_position)
{
	return EC_SC_LOCKED(sc, ec_slave_config_reg_pdo_entry(sc, entry_index,
				entry_subindex, domain, bit_position));
}
EXPORT_SYMBOL(ecrt_slave_config_reg_pdo_entry);

int ecrt_slave_config_reg_pdo_entry_pos(ec_slave_config_t *sc,
					uint8_t sync_index,
					unsigned int pdo_pos,
					unsigned int entry_pos,
					ec_domain_t *domain,
					unsigned int *bit_position)
{
	return EC_SC_LOCKED(sc, ec_slave_config_reg_pdo_entry_pos(sc,
				sync_index, pdo_pos, entry_pos, domain,
				bit_position));
}
EXPORT_SYMBOL(ecrt_slave_config_reg_pdo_entry_pos);

int ecrt_slave_config_sdo(ec_slave_config_t *sc, uint16_t index,
			  uint8_t subindex, const uint8_t *data, size_t size)
{
	return EC_SC_LOCKED(sc, ec_slave_config_sdo(sc, index, subindex, data,
						    size, false));
}
EXPORT_SYMBOL(ecrt_slave_config_sdo);

int ecrt_slave_config_sdo8(ec_slave_config_t *sc, uint16_t sdo_index,
			   uint8_t sdo_subindex, uint8_t value)
{
	u8 data[1] = { value };

	return ecrt_slave_config_sdo(sc, sdo_index, sdo_subindex, data,
				     sizeof(data));
}
EXPORT_SYMBOL(ecrt_slave_config_sdo8);

int ecrt_slave_config_sdo16(ec_slave_config_t *sc, uint16_t sdo_index,
			    uint8_t sdo_subindex, uint16_t value)
{
	u8 data[2];

	ec_put_u16(data, value);
	return ecrt_slave_config_sdo(sc, sdo_index, sdo_subindex, data,
				     sizeof(data));
}
EXPORT_SYMBOL(ecrt_slave_config_sdo16);

int ecrt_slave_config_sdo32(ec_slave_config_t *sc, uint16_t sdo_index,
			    uint8_t sdo_subindex, uint32_t value)
{
	u8 data[4];

	ec_put_u32(data, value);
	return ecrt_slave_config_sdo(sc, sdo_index, sdo_subindex, data,
				     sizeof(data));
}
EXPORT_SYMBOL(ecrt_slave_config_sdo32);

int ecrt_slave_config_complete_sdo(ec_slave_config_t *sc, uint16_t index,
				   const uint8_t *data, size_t size)
{
	return EC_SC_LOCKED(sc, ec_slave_config_sdo(sc, index, 0, data, size,
						    true));
}
EXPORT_SYMBOL(ecrt_slave_config_complete_sdo);

/*
 * Emergencies live in the ring of the slave the configuration is attached
 * to (the CoE FSM fills it); -ENOENT while no slave is attached.
 */
int ecrt_slave_config_emerg_size(ec_slave_config_t *sc, size_t elements)
{
	int ret = -ENOENT;

	if (elements > EC_EMERG_RING_MAX)
		return -EINVAL;
	mutex_lock(ec_sc_lock(sc));
	if (sc->slave)
		ret = ec_emerg_ring_set_size(&sc->slave->emerg_ring, elements);
	mutex_unlock(ec_sc_lock(sc));
	return ret;
}
EXPORT_SYMBOL(ecrt_slave_config_emerg_size);

int ecrt_slave_config_emerg_pop(ec_slave_config_t *sc, uint8_t *target)
{
	int ret = -ENOENT;

	mutex_lock(ec_sc_lock(sc));
	if (sc->slave)
		ret = ec_emerg_ring_pop(&sc->slave->emerg_ring, target);
	mutex_unlock(ec_sc_lock(sc));
	return ret;
}
EXPORT_SYMBOL(ecrt_slave_config_emerg_pop);

int ecrt_slave_config_emerg_clear(ec_slave_config_t *sc)
{
	mutex_lock(ec_sc_lock(sc));
	if (sc->slave)
		ec_emerg_ring_clear(&sc->slave->emerg_ring);
	mutex_unlock(ec_sc_lock(sc));
	return 0;
}
EXPORT_SYMBOL(ecrt_slave_config_emerg_clear);

int ecrt_slave_config_emerg_overruns(const ec_slave_config_t *sc)
{
	int ret = 0;

	mutex_lock(ec_sc_lock(sc));
	if (sc->slave)
		ret = ec_emerg_ring_overruns(&sc->slave->emerg_ring);
	mutex_unlock(ec_sc_lock(sc));
	return ret;
}
EXPORT_SYMBOL(ecrt_slave_config_emerg_overruns);

/** ecrt_slave_config_state() - realtime, any context */
int ecrt_slave_config_state(const ec_slave_config_t *sc,
			    ec_slave_config_state_t *state)
{
	struct ec_linux_master *m = ec_linux_of(sc->master);
	unsigned long flags;

	flags = ec_linux_cycle_lock(m);
	ec_slave_config_state(sc, state);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return 0;
}
EXPORT_SYMBOL(ecrt_slave_config_state);

/* The six ecrt_slave_config_eoe_*() calls are in ioctl_eoe.c. */

static bool ec_al_state_valid(unsigned int state)
{
	return state == EC_AL_STATE_INIT || state == EC_AL_STATE_PREOP ||
	       state == EC_AL_STATE_SAFEOP || state == EC_AL_STATE_OP;
}

/**
 * ec_linux_sc_state_timeout() - set sc->state_timeout_ns for a transition
 * @sc: the configuration; io_mutex held
 * @from_state: EC_AL_STATE_* the transition starts in
 * @to_state: EC_AL_STATE_* it ends in
 * @timeout_ms: 0 restores the default
 *
 * The slave FSM keeps one timeout per target state, so the timeout applies
 * to every transition into @to_state (IgH keeps one per pair).
 *
 * Return: 0, or -EINVAL for an unknown state or from == to.
 */
int ec_linux_sc_state_timeout(struct ec_slave_config *sc,
			      unsigned int from_state, unsigned int to_state,
			      unsigned int timeout_ms)
{
	unsigned int i;

	if (!ec_al_state_valid(from_state) || !ec_al_state_valid(to_state) ||
	    from_state == to_state)
		return -EINVAL;
	switch (to_state) {
	case EC_AL_STATE_PREOP:
		i = 0;
		break;
	case EC_AL_STATE_SAFEOP:
		i = 1;
		break;
	case EC_AL_STATE_OP:
		i = 2;
		break;
	default:
		i = 3;	/* INIT */
		break;
	}
	sc->state_timeout_ns[i] = (u64)timeout_ms * NSEC_PER_MSEC;
	return 0;
}

/**
 * ecrt_slave_config_state_timeout() - timeout of the changes into a state
 *
 * See ec_linux_sc_state_timeout(): one timeout per target state.
 */
int ecrt_slave_config_state_timeout(ec_slave_config_t *sc,
				    ec_al_state_t from_state,
				    ec_al_state_t to_state,
				    unsigned int timeout_ms)
{
	return EC_SC_LOCKED(sc, ec_linux_sc_state_timeout(sc, from_state,
							  to_state,
							  timeout_ms));
}
EXPORT_SYMBOL(ecrt_slave_config_state_timeout);

/* Domains. */

int ecrt_domain_reg_pdo_entry_list(ec_domain_t *domain,
				   const ec_pdo_entry_reg_t *pdo_entry_regs)
{
	int ret;

	mutex_lock(&ec_domain_lm(domain)->io_mutex);
	ret = ec_domain_reg_pdo_entry_list(domain, pdo_entry_regs);
	mutex_unlock(&ec_domain_lm(domain)->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_domain_reg_pdo_entry_list);

size_t ecrt_domain_size(const ec_domain_t *domain)
{
	size_t size;

	mutex_lock(&ec_domain_lm(domain)->io_mutex);
	size = domain->data_size;
	mutex_unlock(&ec_domain_lm(domain)->io_mutex);
	return size;
}
EXPORT_SYMBOL(ecrt_domain_size);

/**
 * ecrt_domain_external_memory() - use the application's memory
 *
 * Recorded for the core's activation, which lays the domain over it
 * instead of the shared process data block.
 */
void ecrt_domain_external_memory(ec_domain_t *domain, uint8_t *memory)
{
	mutex_lock(&ec_domain_lm(domain)->io_mutex);
	domain->data = memory;
	domain->external_memory = memory != NULL;
	mutex_unlock(&ec_domain_lm(domain)->io_mutex);
}
EXPORT_SYMBOL(ecrt_domain_external_memory);

uint8_t *ecrt_domain_data(const ec_domain_t *domain)
{
	return domain->data;
}
EXPORT_SYMBOL(ecrt_domain_data);

/**
 * ecrt_domain_process() - realtime, any context
 *
 * Without cycle_lock unless a queue() before it or a falling working
 * counter needs it (ec_domain_process_unlocked()).
 */
static noinline int ec_linux_domain_process_locked(struct ec_domain *domain)
{
	struct ec_linux_master *m = ec_domain_lm(domain);
	unsigned long flags;

	flags = ec_linux_cycle_lock(m);
	ec_domain_process(domain, ec_linux_coarse_ns());
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return 0;
}

int ecrt_domain_process(ec_domain_t *domain)
{
	/* the clock: the log's rate limit only */
	if (likely(ec_domain_process_unlocked(domain, ec_linux_coarse_ns())))
		return 0;
	return ec_linux_domain_process_locked(domain);
}
EXPORT_SYMBOL(ecrt_domain_process);

/**
 * ecrt_domain_queue() - realtime, any context
 *
 * Without cycle_lock: the call is recorded and its datagrams are queued
 * under the lock by the application's next send, receive or process
 * (ec_domain_queue_later()), which the application does not call
 * concurrently with this one.
 */
int ecrt_domain_queue(ec_domain_t *domain)
{
	if (!READ_ONCE(domain->master->active))
		return -EPERM;
	ec_domain_queue_later(domain);
	return 0;
}
EXPORT_SYMBOL(ecrt_domain_queue);

/** ecrt_domain_state() - realtime, any context */
int ecrt_domain_state(const ec_domain_t *domain, ec_domain_state_t *state)
{
	struct ec_linux_master *m = ec_domain_lm(domain);
	unsigned long flags;

	flags = ec_linux_cycle_lock(m);
	ec_domain_state(domain, state);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return 0;
}
EXPORT_SYMBOL(ecrt_domain_state);

/* The requests of the cyclic task: ecrt_request.c. */
