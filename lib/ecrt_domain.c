// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_domain.c - process data domains of the userspace application
 * interface (include/ecrt.h).  The data of all domains lives in one
 * kernel buffer mapped at activation (ecrt_master.c); process and queue
 * use the shared area mapped beside it, or ioctls with the domain index
 * as the plain argument when there is none.
 */
#include <errno.h>
#include <string.h>

#include "ecrt_lib.h"
#include "cycle/wc_state.h"

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

/*
 * With the shared area (ec_ioctl.h), process() and queue() make no system
 * call.  process() finds what the kernel's ec_domain_process() would find:
 * the working counters answered at the last receive (from the rx image
 * when it came from there) or send, or nothing
 * once a queue() of the domain is pending (its datagrams are queued then);
 * the kernel replays both calls at the next receive or send.
 */
int ecrt_domain_process(ec_domain_t *domain)
{
	struct ec_ioctl_shm_domain *e = domain->shm;
	uint32_t wkc, flag;

	if (!e)
		return ec_app_ioctl_int(domain->master,
					EC_IOCTL_DOMAIN_PROCESS,
					domain->index);
	if (__atomic_load_n(&e->queue_count, __ATOMIC_RELAXED)) {
		wkc = 0;
		flag = EC_IOCTL_SHM_PROCESSED_QUEUED;
	} else if (domain->master->rx_fresh &&
		   domain->rx_seq == domain->master->rx_fresh) {
		wkc = domain->rx_wkc;	/* received from the rx image */
		flag = EC_IOCTL_SHM_PROCESSED;
	} else {
		wkc = __atomic_load_n(&e->wkc_received, __ATOMIC_RELAXED);
		flag = EC_IOCTL_SHM_PROCESSED;
	}
	if (flag == EC_IOCTL_SHM_PROCESSED)
		__atomic_store_n(&e->app_wkc, wkc, __ATOMIC_RELAXED);
	__atomic_fetch_or(&e->app_flags, flag, __ATOMIC_RELAXED);
	ec_shm_pending(domain->master->shm);
	domain->working_counter = wkc;
	domain->wc_state = ec_wc_state_classify(wkc, e->expected_wkc);
	return 0;
}

int ecrt_domain_queue(ec_domain_t *domain)
{
	struct ec_ioctl_shm_domain *e = domain->shm;

	if (!e)
		return ec_app_ioctl_int(domain->master, EC_IOCTL_DOMAIN_QUEUE,
					domain->index);
	if (__atomic_load_n(&e->queue_count, __ATOMIC_RELAXED) <
	    EC_IOCTL_SHM_QUEUE_MAX)
		__atomic_fetch_add(&e->queue_count, 1, __ATOMIC_RELAXED);
	ec_shm_pending(domain->master->shm);
	return 0;
}

int ecrt_domain_state(const ec_domain_t *domain, ec_domain_state_t *state)
{
	struct ec_ioctl_domain_state data;
	int ret;

	if (domain->shm) {
		state->working_counter = domain->working_counter;
		state->wc_state = domain->wc_state;
		state->redundancy_active = __atomic_load_n(
			&domain->shm->redundancy_active, __ATOMIC_RELAXED);
		return 0;
	}
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
