// SPDX-License-Identifier: GPL-2.0-only
/*
 * slave.c - one slave of the segment: setup, names (its teardown,
 * ec_slave_clear(), is in fsm_slave.c with the FSMs it frees).
 */
#include "slave/slave.h"
#include "cycle/master.h"

/**
 * ec_slave_init() - set up a slave found at a ring position
 * @slave: slave memory (overwritten)
 * @master: its master
 * @ring_position: position in the ring, counted from the master
 */
void ec_slave_init(struct ec_slave *slave, struct ec_master *master,
		   u16 ring_position)
{
	memset(slave, 0, sizeof(*slave));
	slave->master = master;
	slave->ring_position = ring_position;
	slave->station_address = EC_SLAVE_STATION_BASE + ring_position;
	slave->requested_state = EC_AL_STATE_PREOP_;
	ec_list_init(&slave->requests);
}

/**
 * ec_slave_name() - a name for log lines and the CLI
 * @slave: slave
 *
 * Return: the SII name, else "vendor:product" from the SII identity,
 * else "unknown" (not yet scanned).
 */
const char *ec_slave_name(const struct ec_slave *slave)
{
	struct ec_slave *s = (struct ec_slave *)slave;

	if (slave->sii.name && slave->sii.name[0])
		return slave->sii.name;
	if (!slave->sii.vendor_id && !slave->sii.product_code)
		return "unknown";
	/* The identity is fixed once read: writing the cache is harmless. */
	snprintf(s->id_name, sizeof(s->id_name), "0x%08x:0x%08x",
		 slave->sii.vendor_id, slave->sii.product_code);
	return slave->id_name;
}

/**
 * ec_slave_master_index() - index of the slave's master, for log lines
 * @slave: slave
 *
 * Return: the master index, 0 for a slave without a master.
 */
unsigned int ec_slave_master_index(const struct ec_slave *slave)
{
	return slave->master ? slave->master->index : 0;
}

/**
 * ec_al_state_string() - text of an AL state
 * @state: AL status (state in bits 0-3, error flag in bit 4)
 *
 * Return: "INIT", "PREOP", "BOOT", "SAFEOP", "OP" (with "+ERROR" when
 * the error flag is set) or "UNKNOWN".
 */
const char *ec_al_state_string(u8 state)
{
	bool err = state & EC_AL_STATE_ERROR_FLAG;

	switch (state & EC_AL_STATE_MASK) {
	case EC_AL_STATE_INIT_:
		return err ? "INIT+ERROR" : "INIT";
	case EC_AL_STATE_PREOP_:
		return err ? "PREOP+ERROR" : "PREOP";
	case EC_AL_STATE_BOOT_:
		return err ? "BOOT+ERROR" : "BOOT";
	case EC_AL_STATE_SAFEOP_:
		return err ? "SAFEOP+ERROR" : "SAFEOP";
	case EC_AL_STATE_OP_:
		return err ? "OP+ERROR" : "OP";
	}
	return err ? "UNKNOWN+ERROR" : "UNKNOWN";
}

/**
 * ec_slave_find_sdo() - look up an object of the fetched CoE dictionary
 * @slave: slave
 * @index: object index
 *
 * Return: the object or NULL.
 */
const struct ec_sdo *ec_slave_find_sdo(const struct ec_slave *slave,
				       u16 index)
{
	unsigned int i;

	for (i = 0; i < slave->sdo_count; i++)
		if (slave->sdos[i].index == index)
			return &slave->sdos[i];
	return NULL;
}
