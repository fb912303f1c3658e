// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_config.c - slave configurations of the userspace application
 * interface (include/ecrt.h) over the application ioctls.  Each call
 * names the configuration by the index the kernel gave it.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt_lib.h"

int ecrt_slave_config_sync_manager(ec_slave_config_t *sc, uint8_t sync_index,
				   ec_direction_t direction,
				   ec_watchdog_mode_t watchdog_mode)
{
	struct ec_ioctl_sc_sync data;

	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.sync_index = sync_index;
	data.dir = direction;
	data.watchdog_mode = watchdog_mode;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_SYNC, &data);
}

int ecrt_slave_config_watchdog(ec_slave_config_t *sc,
			       uint16_t watchdog_divider,
			       uint16_t watchdog_intervals)
{
	struct ec_ioctl_sc_watchdog data;

	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.divider = watchdog_divider;
	data.intervals = watchdog_intervals;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_WATCHDOG, &data);
}

static int ec_app_sc_pdo(ec_slave_config_t *sc, unsigned long cmd,
			 uint8_t sync_index, uint16_t pdo_index)
{
	struct ec_ioctl_sc_pdo data;

	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.sync_index = sync_index;
	data.pdo_index = pdo_index;
	return ec_app_ioctl(sc->master, cmd, &data);
}

int ecrt_slave_config_pdo_assign_add(ec_slave_config_t *sc,
				     uint8_t sync_index, uint16_t index)
{
	return ec_app_sc_pdo(sc, EC_IOCTL_SC_ADD_PDO, sync_index, index);
}

int ecrt_slave_config_pdo_assign_clear(ec_slave_config_t *sc,
				       uint8_t sync_index)
{
	return ec_app_sc_pdo(sc, EC_IOCTL_SC_CLEAR_PDOS, sync_index, 0);
}

static int ec_app_sc_entry(ec_slave_config_t *sc, unsigned long cmd,
			   uint16_t pdo_index, uint16_t entry_index,
			   uint8_t entry_subindex, uint8_t bit_length)
{
	struct ec_ioctl_sc_entry data;

	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.pdo_index = pdo_index;
	data.entry_index = entry_index;
	data.entry_subindex = entry_subindex;
	data.entry_bit_length = bit_length;
	return ec_app_ioctl(sc->master, cmd, &data);
}

int ecrt_slave_config_pdo_mapping_add(ec_slave_config_t *sc,
				      uint16_t pdo_index,
				      uint16_t entry_index,
				      uint8_t entry_subindex,
				      uint8_t entry_bit_length)
{
	return ec_app_sc_entry(sc, EC_IOCTL_SC_ADD_ENTRY, pdo_index,
			       entry_index, entry_subindex, entry_bit_length);
}

int ecrt_slave_config_pdo_mapping_clear(ec_slave_config_t *sc,
					uint16_t pdo_index)
{
	return ec_app_sc_entry(sc, EC_IOCTL_SC_CLEAR_ENTRIES, pdo_index, 0, 0,
			       0);
}

/*
 * IgH semantics: syncs up to n_syncs or an index of EC_END; a sync's pdos
 * NULL keeps the default assignment, a PDO's entries NULL keeps its
 * default mapping; otherwise assignment and mapping are replaced.
 */
int ecrt_slave_config_pdos(ec_slave_config_t *sc, unsigned int n_syncs,
			   const ec_sync_info_t syncs[])
{
	unsigned int i, j, k;
	int ret;

	if (!syncs)
		return 0;
	for (i = 0; i < n_syncs; i++) {
		const ec_sync_info_t *s = &syncs[i];

		if (s->index == (uint8_t)EC_END)
			break;
		if (s->index >= EC_MAX_SYNC_MANAGERS)
			return -ENOENT;
		ret = ecrt_slave_config_sync_manager(sc, s->index, s->dir,
						     s->watchdog_mode);
		if (ret)
			return ret;
		if (!s->n_pdos || !s->pdos)
			continue;
		ret = ecrt_slave_config_pdo_assign_clear(sc, s->index);
		if (ret)
			return ret;
		for (j = 0; j < s->n_pdos; j++) {
			const ec_pdo_info_t *p = &s->pdos[j];

			ret = ecrt_slave_config_pdo_assign_add(sc, s->index,
							       p->index);
			if (ret)
				return ret;
			if (!p->entries)
				continue;
			ret = ecrt_slave_config_pdo_mapping_clear(sc,
								  p->index);
			if (ret)
				return ret;
			for (k = 0; k < p->n_entries; k++) {
				ret = ecrt_slave_config_pdo_mapping_add(sc,
					p->index, p->entries[k].index,
					p->entries[k].subindex,
					p->entries[k].bit_length);
				if (ret)
					return ret;
			}
		}
	}
	return 0;
}

/*
 * Register a PDO entry of @sc in @domain by @data (the entry named by
 * index or by position, @cmd says which): IgH's semantics of the offset
 * and of the bit position.
 */
static int ec_app_reg_entry(ec_slave_config_t *sc, ec_domain_t *domain,
			    unsigned long cmd,
			    struct ec_ioctl_reg_pdo_entry *data,
			    unsigned int *bit_position)
{
	int ret;

	if (!domain || domain->master != sc->master)
		return -EINVAL;
	data->config_index = sc->index;
	data->domain_index = domain->index;
	ret = ec_app_ioctl(sc->master, cmd, data);
	if (ret < 0)
		return ret;
	if (bit_position)
		*bit_position = data->bit_position;
	else if (data->bit_position)
		return -EFAULT;	/* IgH: a bit entry needs bit_position */
	return data->offset;
}

int ecrt_slave_config_reg_pdo_entry(ec_slave_config_t *sc,
				    uint16_t entry_index,
				    uint8_t entry_subindex,
				    ec_domain_t *domain,
				    unsigned int *bit_position)
{
	struct ec_ioctl_reg_pdo_entry data;

	memset(&data, 0, sizeof(data));
	data.entry_index = entry_index;
	data.entry_subindex = entry_subindex;
	return ec_app_reg_entry(sc, domain, EC_IOCTL_SC_REG_PDO_ENTRY, &data,
				bit_position);
}

int ecrt_slave_config_reg_pdo_entry_pos(ec_slave_config_t *sc,
					uint8_t sync_index,
					unsigned int pdo_pos,
					unsigned int entry_pos,
					ec_domain_t *domain,
					unsigned int *bit_position)
{
	struct ec_ioctl_reg_pdo_entry data;

	memset(&data, 0, sizeof(data));
	data.sync_index = sync_index;
	data.pdo_pos = pdo_pos;
	data.entry_pos = entry_pos;
	return ec_app_reg_entry(sc, domain, EC_IOCTL_SC_REG_PDO_POS, &data,
				bit_position);
}

static int ec_app_sc_sdo(ec_slave_config_t *sc, uint16_t index,
			 uint8_t subindex, bool complete,
			 const uint8_t *data, size_t size)
{
	struct ec_ioctl_sc_sdo d;

	if (!size || size > UINT32_MAX)
		return -EINVAL;
	memset(&d, 0, sizeof(d));
	d.config_index = sc->index;
	d.index = index;
	d.subindex = subindex;
	d.complete_access = complete;
	d.size = size;
	d.data = (uintptr_t)data;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_SDO, &d);
}

int ecrt_slave_config_sdo(ec_slave_config_t *sc, uint16_t index,
			  uint8_t subindex, const uint8_t *data, size_t size)
{
	return ec_app_sc_sdo(sc, index, subindex, false, data, size);
}

int ecrt_slave_config_sdo8(ec_slave_config_t *sc, uint16_t sdo_index,
			   uint8_t sdo_subindex, uint8_t value)
{
	uint8_t data[1];

	EC_WRITE_U8(data, value);
	return ecrt_slave_config_sdo(sc, sdo_index, sdo_subindex, data, 1);
}

int ecrt_slave_config_sdo16(ec_slave_config_t *sc, uint16_t sdo_index,
			    uint8_t sdo_subindex, uint16_t value)
{
	uint8_t data[2];

	EC_WRITE_U16(data, value);
	return ecrt_slave_config_sdo(sc, sdo_index, sdo_subindex, data, 2);
}

int ecrt_slave_config_sdo32(ec_slave_config_t *sc, uint16_t sdo_index,
			    uint8_t sdo_subindex, uint32_t value)
{
	uint8_t data[4];

	EC_WRITE_U32(data, value);
	return ecrt_slave_config_sdo(sc, sdo_index, sdo_subindex, data, 4);
}

int ecrt_slave_config_complete_sdo(ec_slave_config_t *sc, uint16_t index,
				   const uint8_t *data, size_t size)
{
	return ec_app_sc_sdo(sc, index, 0, true, data, size);
}

static int ec_app_emerg(ec_slave_config_t *sc, unsigned long cmd,
			struct ec_ioctl_sc_emerg *data)
{
	data->config_index = sc->index;
	return ec_app_ioctl(sc->master, cmd, data);
}

int ecrt_slave_config_emerg_size(ec_slave_config_t *sc, size_t elements)
{
	struct ec_ioctl_sc_emerg data;

	if (elements > UINT32_MAX)
		return -EINVAL;
	memset(&data, 0, sizeof(data));
	data.value = elements;
	return ec_app_emerg(sc, EC_IOCTL_SC_EMERG_SIZE, &data);
}

int ecrt_slave_config_emerg_pop(ec_slave_config_t *sc, uint8_t *target)
{
	struct ec_ioctl_sc_emerg data;
	int ret;

	memset(&data, 0, sizeof(data));
	ret = ec_app_emerg(sc, EC_IOCTL_SC_EMERG_POP, &data);
	if (ret < 0)
		return ret;
	memcpy(target, data.message, EC_COE_EMERGENCY_MSG_SIZE);
	return 0;
}

int ecrt_slave_config_emerg_clear(ec_slave_config_t *sc)
{
	struct ec_ioctl_sc_emerg data;

	memset(&data, 0, sizeof(data));
	return ec_app_emerg(sc, EC_IOCTL_SC_EMERG_CLEAR, &data);
}

int ecrt_slave_config_emerg_overruns(const ec_slave_config_t *sc)
{
	struct ec_ioctl_sc_emerg data;
	int ret;

	memset(&data, 0, sizeof(data));
	ret = ec_app_emerg((ec_slave_config_t *)sc,
			   EC_IOCTL_SC_EMERG_OVERRUNS, &data);
	return ret < 0 ? ret : (int)data.value;
}

int ecrt_slave_config_state(const ec_slave_config_t *sc,
			    ec_slave_config_state_t *state)
{
	struct ec_ioctl_sc_state data;
	int ret;

	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	ret = ec_app_ioctl(sc->master, EC_IOCTL_SC_STATE, &data);
	if (ret < 0)
		return ret;
	state->online = data.online;
	state->operational = data.operational;
	state->al_state = data.al_state;
	return 0;
}

int ecrt_slave_config_idn(ec_slave_config_t *sc, uint8_t drive_no,
			  uint16_t idn, ec_al_state_t state,
			  const uint8_t *data, size_t size)
{
	struct ec_ioctl_sc_idn d;

	if (!data || !size || size > UINT32_MAX)
		return -EINVAL;
	memset(&d, 0, sizeof(d));
	d.config_index = sc->index;
	d.drive_no = drive_no;
	d.al_state = (uint8_t)state;
	d.idn = idn;
	d.size = (uint32_t)size;
	d.data = (uintptr_t)data;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_IDN, &d);
}

int ecrt_slave_config_flag(ec_slave_config_t *sc, const char *key,
			   int32_t value)
{
	struct ec_ioctl_sc_flag d;
	size_t len = key ? strlen(key) : 0;

	if (!len || len >= sizeof(d.key))
		return -EINVAL;
	memset(&d, 0, sizeof(d));
	d.config_index = sc->index;
	d.value = value;
	memcpy(d.key, key, len);
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_FLAG, &d);
}

/* EoE IP parameters (EC_HAVE_SET_IP): stored in the config, sent by the
 * master on the way PREOP -> SAFEOP. */
static int ec_sc_eoe(ec_slave_config_t *sc, struct ec_ioctl_eoe_ip *d)
{
	d->config_index = sc->index;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_EOE_IP, d);
}

static int ec_sc_eoe_addr(ec_slave_config_t *sc, uint32_t flag,
			  struct in_addr a)
{
	struct ec_ioctl_eoe_ip d;

	memset(&d, 0, sizeof(d));
	d.flags = flag;
	d.ip = d.subnet = d.gateway = d.dns = ntohl(a.s_addr);
	return ec_sc_eoe(sc, &d);
}

int ecrt_slave_config_eoe_mac_address(ec_slave_config_t *sc,
				      const unsigned char *mac_address)
{
	struct ec_ioctl_eoe_ip d;

	if (!mac_address)
		return -EINVAL;
	memset(&d, 0, sizeof(d));
	d.flags = EC_IOCTL_EOE_MAC;
	memcpy(d.mac, mac_address, sizeof(d.mac));
	return ec_sc_eoe(sc, &d);
}

int ecrt_slave_config_eoe_ip_address(ec_slave_config_t *sc,
				     struct in_addr ip_address)
{
	return ec_sc_eoe_addr(sc, EC_IOCTL_EOE_IP, ip_address);
}

int ecrt_slave_config_eoe_subnet_mask(ec_slave_config_t *sc,
				      struct in_addr subnet_mask)
{
	return ec_sc_eoe_addr(sc, EC_IOCTL_EOE_SUBNET, subnet_mask);
}

int ecrt_slave_config_eoe_default_gateway(ec_slave_config_t *sc,
					  struct in_addr gateway_address)
{
	return ec_sc_eoe_addr(sc, EC_IOCTL_EOE_GATEWAY, gateway_address);
}

int ecrt_slave_config_eoe_dns_address(ec_slave_config_t *sc,
				      struct in_addr dns_address)
{
	return ec_sc_eoe_addr(sc, EC_IOCTL_EOE_DNS, dns_address);
}

int ecrt_slave_config_eoe_hostname(ec_slave_config_t *sc, const char *name)
{
	struct ec_ioctl_eoe_ip d;
	size_t len = name ? strlen(name) : 0;

	if (!len || len > 32)
		return -EINVAL;
	memset(&d, 0, sizeof(d));
	d.flags = EC_IOCTL_EOE_NAME;
	memcpy(d.name, name, len);
	return ec_sc_eoe(sc, &d);
}

/*
 * The master keeps one timeout per target state: the timeout applies to
 * every change into to_state.
 */
int ecrt_slave_config_state_timeout(ec_slave_config_t *sc,
				    ec_al_state_t from_state,
				    ec_al_state_t to_state,
				    unsigned int timeout_ms)
{
	struct ec_ioctl_sc_state_timeout data;

	if (timeout_ms > UINT32_MAX)
		return -EINVAL;
	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.from_state = from_state;
	data.to_state = to_state;
	data.timeout_ms = timeout_ms;
	return ec_app_ioctl(sc->master, EC_IOCTL_SC_STATE_TIMEOUT, &data);
}
