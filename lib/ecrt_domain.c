// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_domain.c - process data domains of the userspace application
 * interface (include/ecrt.h).  The data of all domains lives in one
 * kernel buffer mapped at activation (ecrt_master.c); the cyclic calls
 * pass the domain index as the plain ioctl argument.
 */
#include <errno.h>
#include <string.h>

#include "ecrt_lib.h"

int ecrt_domain_reg_pdo_entry_list(ec_domain_t *domain,
				   const ec_pdo_entry_reg_t *pdo_entry_regs)
{
	const ec_pdo_entry_reg_t *reg;
	ec_slave_config_t *sc;
	int ret;

	for (reg = pdo_entry_regs; reg && reg->index; reg++) {
		sc = ecrt_master_slave_config(domain->master, reg->alias,
					      reg->position, reg->vendor_id,
					      reg->product_code);
		if (!sc)
			return -errno;
		ret = ecrt_slave_config_reg_pdo_entry(sc, reg->index,
						      reg->subindex, domain,
						      reg->bit_position);
		if (ret < 0)
			return ret;
		if (reg->offset)
			*reg->offset = ret;
	}
	return 0;
}

/* Size in bytes; 0 when the kernel cannot tell. */
size_t ecrt_domain_size(const ec_domain_t *domain)
{
	struct ec_ioctl_domain_info info;

	memset(&info, 0, sizeof(info));
	info.domain_index = domain->index;
	if (ec_app_ioctl(domain->master, EC_IOCTL_DOMAIN_INFO, &info) < 0)
		return 0;
	return info.size;
}

uint8_t *ecrt_domain_data(const ec_domain_t *domain)
{
	return domain->data;
}

int ecrt_domain_process(ec_domain_t *domain)
{
	return ec_app_ioctl_int(domain->master, EC_IOCTL_DOMAIN_PROCESS,
				domain->index);
}

int ecrt_domain_queue(ec_domain_t *domain)
{
	return ec_app_ioctl_int(domain->master, EC_IOCTL_DOMAIN_QUEUE,
				domain->index);
}

int ecrt_domain_state(const ec_domain_t *domain, ec_domain_state_t *state)
{
	struct ec_ioctl_domain_state data;
	int ret;

	memset(&data, 0, sizeof(data));
	data.domain_index = domain->index;
	ret = ec_app_ioctl(domain->master, EC_IOCTL_DOMAIN_STATE, &data);
	if (ret < 0)
		return ret;
	state->working_counter = data.working_counter;
	state->wc_state = data.wc_state;
	state->redundancy_active = data.redundancy_active;
	return 0;
}

float ecrt_read_real(const void *data)
{
	return ecrt_pd_get_real(data);
}

double ecrt_read_lreal(const void *data)
{
	return ecrt_pd_get_lreal(data);
}

void ecrt_write_real(void *data, float value)
{
	ecrt_pd_put_real(data, value);
}

void ecrt_write_lreal(void *data, double value)
{
	ecrt_pd_put_lreal(data, value);
}
