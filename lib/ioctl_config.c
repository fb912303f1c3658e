// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl_config.c - libethercat's ioctl layer, the application's side as
 * the master holds it (read-only): slave configurations with their PDOs,
 * startup SDOs, IDNs and feature flags, and the domains with their FMMUs
 * and process data.
 */
#include <stdint.h>
#include <string.h>

#include "ec_lib_io.h"

/**
 * ec_lib_config() - a slave configuration of the application
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @out: filled on success
 *
 * Return: 0 or -errno (-ENOENT past the last configuration).
 */
int ec_lib_config(struct ec_lib_master *m, uint32_t config_index,
		  struct ec_ioctl_config *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG, out, "slave config info");
}

/**
 * ec_lib_config_pdo() - a PDO a configuration assigns to a sync manager
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @sync_index: sync manager index
 * @pdo_pos: position of the PDO in the assignment
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_config_pdo(struct ec_lib_master *m, uint32_t config_index,
		      uint8_t sync_index, uint16_t pdo_pos,
		      struct ec_ioctl_config_pdo *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->sync_index = sync_index;
	out->pdo_pos = pdo_pos;
	ret = ec_lib_ioctl(m, EC_IOCTL_CONFIG_PDO, out, "slave config PDO");
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_config_pdo_entry() - an entry a configuration maps into a PDO
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @sync_index: sync manager index
 * @pdo_pos: position of the PDO in the assignment
 * @entry_pos: position of the entry in the mapping
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_config_pdo_entry(struct ec_lib_master *m, uint32_t config_index,
			    uint8_t sync_index, uint16_t pdo_pos,
			    uint16_t entry_pos,
			    struct ec_ioctl_config_pdo_entry *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->sync_index = sync_index;
	out->pdo_pos = pdo_pos;
	out->entry_pos = entry_pos;
	ret = ec_lib_ioctl(m, EC_IOCTL_CONFIG_PDO_ENTRY, out,
			   "slave config PDO entry");
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_config_sdo() - a startup SDO of a configuration
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @sdo_pos: position of the SDO in the configuration's list
 * @out: filled on success (at most EC_IOCTL_SDO_DATA_MAX data bytes)
 *
 * Return: 0 or -errno.
 */
int ec_lib_config_sdo(struct ec_lib_master *m, uint32_t config_index,
		      uint32_t sdo_pos, struct ec_ioctl_config_sdo *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->sdo_pos = sdo_pos;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG_SDO, out, "slave config SDO");
}

/**
 * ec_lib_config_flag() - a feature flag of a configuration
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @flag_pos: position of the flag in the configuration's list
 * @out: key and value on success
 *
 * Return: 0 or -errno (-ENOENT past the last flag).
 */
int ec_lib_config_flag(struct ec_lib_master *m, uint32_t config_index,
		       uint32_t flag_pos, struct ec_ioctl_sc_flag *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->flag_pos = flag_pos;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG_FLAG, out,
			    "slave config flag");
}

/**
 * ec_lib_config_idn() - a startup IDN of a configuration
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @idn_pos: position of the IDN in the configuration's list
 * @out: filled on success (at most EC_IOCTL_SDO_DATA_MAX data bytes)
 *
 * Return: 0 or -errno (-ENOENT past the last IDN).
 */
int ec_lib_config_idn(struct ec_lib_master *m, uint32_t config_index,
		      uint32_t idn_pos, struct ec_ioctl_config_idn *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->idn_pos = idn_pos;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG_IDN, out,
			    "slave config IDN");
}

/**
 * ec_lib_config_eoe_ip() - the EoE IP parameters of a configuration
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @out: filled on success; flags 0 when none were set
 *
 * Return: 0 or -errno (-ENOENT past the last configuration).
 */
int ec_lib_config_eoe_ip(struct ec_lib_master *m, uint32_t config_index,
			 struct ec_ioctl_eoe_ip *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG_EOE_IP, out,
			    "slave config EoE IP parameters");
}

/**
 * ec_lib_domain() - a domain of the application
 * @m: open handle
 * @domain_index: position in the master's list of domains
 * @out: filled on success
 *
 * Return: 0 or -errno (-ENOENT past the last domain).
 */
int ec_lib_domain(struct ec_lib_master *m, uint32_t domain_index,
		  struct ec_ioctl_domain *out)
{
	memset(out, 0, sizeof(*out));
	out->domain_index = domain_index;
	return ec_lib_ioctl(m, EC_IOCTL_DOMAIN, out, "domain info");
}

/**
 * ec_lib_domain_fmmu() - an FMMU (a sync manager's data) in a domain
 * @m: open handle
 * @domain_index: position in the master's list of domains
 * @fmmu_index: position of the FMMU in the domain
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_domain_fmmu(struct ec_lib_master *m, uint32_t domain_index,
		       uint32_t fmmu_index, struct ec_ioctl_domain_fmmu *out)
{
	memset(out, 0, sizeof(*out));
	out->domain_index = domain_index;
	out->fmmu_index = fmmu_index;
	return ec_lib_ioctl(m, EC_IOCTL_DOMAIN_FMMU, out, "domain FMMU");
}

/**
 * ec_lib_domain_data() - a copy of a domain's process image
 * @m: open handle
 * @domain_index: position in the master's list of domains
 * @buf: where to copy
 * @size: bytes at @buf (the domain's data_size is enough)
 * @result_size: bytes copied; 0 while the master is not activated
 *
 * Return: 0 or -errno (-EOVERFLOW when @size is too small).
 */
int ec_lib_domain_data(struct ec_lib_master *m, uint32_t domain_index,
		       void *buf, size_t size, size_t *result_size)
{
	struct ec_ioctl_domain_data io;
	int ret;

	*result_size = 0;
	if (size > UINT32_MAX)
		size = UINT32_MAX;
	memset(&io, 0, sizeof(io));
	io.domain_index = domain_index;
	io.data_size = size;
	io.data = (uintptr_t)buf;
	ret = ec_lib_ioctl(m, EC_IOCTL_DOMAIN_DATA, &io, "domain data");
	if (!ret)
		*result_size = io.result_size;
	return ret;
}

/**
 * ec_lib_hc_group() - a hot-connect group (EC_IOCTL_HC_GROUP_INFO)
 * @m: open handle
 * @group_index: its number, from 0
 * @out: name, port, members, presence, joins on success
 *
 * Return: 0 or -errno (-ENOENT past the last group).
 */
int ec_lib_hc_group(struct ec_lib_master *m, uint32_t group_index,
		    struct ec_ioctl_hc_group *out)
{
	memset(out, 0, sizeof(*out));
	out->group_index = group_index;
	return ec_lib_ioctl(m, EC_IOCTL_HC_GROUP_INFO, out,
			    "hot-connect group");
}

/**
 * ec_lib_config_hc_group() - the hot-connect group of a configuration
 * (EC_IOCTL_CONFIG_HC_GROUP)
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @group_index: its group's number, or EC_IOCTL_HC_NONE
 *
 * Return: 0 or -errno.
 */
int ec_lib_config_hc_group(struct ec_lib_master *m, uint32_t config_index,
			   uint32_t *group_index)
{
	struct ec_ioctl_sc_hc_group d;
	int ret;

	memset(&d, 0, sizeof(d));
	d.config_index = config_index;
	ret = ec_lib_ioctl(m, EC_IOCTL_CONFIG_HC_GROUP, &d,
			   "slave config group");
	if (!ret)
		*group_index = d.group_index;
	return ret;
}
