// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_master.c - the master part of the userspace application interface
 * (include/ecrt.h) over the application ioctls of /dev/EtherCAT<n>.
 *
 * IgH's userspace semantics: ecrt_request_master() opens and reserves,
 * ecrt_release_master() frees everything (closing the device releases the
 * master in the kernel: slaves back to PREOP).  Functions return 0 or
 * -errno, pointer-returning ones NULL with errno set.  Nothing is printed:
 * an application that gets NULL from ecrt_request_master() looks at errno
 * (EBUSY: another application holds the master; EPROTO: the module speaks
 * another ioctl ABI version; ENOENT: no such master / module not loaded).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ec_lib_io.h"
#include "ecrt_lib.h"

/* SyncManager control register 0x0804 (ESC datasheet Section II). */
#define EC_SM_CTRL_DIR_MASK 0x0c
#define EC_SM_CTRL_DIR_WRITE 0x04	/* master writes: outputs */
#define EC_SM_CTRL_WATCHDOG 0x40

int ec_app_ioctl(const ec_master_t *master, unsigned long cmd, void *arg)
{
	return ec_lib_ioctl_retry(master->lm.fd, cmd, (unsigned long)arg);
}

int ec_app_ioctl_int(const ec_master_t *master, unsigned long cmd,
		     unsigned long arg)
{
	return ec_lib_ioctl_retry(master->lm.fd, cmd, arg);
}

ec_request_state_t ec_app_request_state(uint8_t ioctl_state)
{
	switch (ioctl_state) {
	case EC_IOCTL_REQUEST_BUSY:
		return EC_REQUEST_BUSY;
	case EC_IOCTL_REQUEST_SUCCESS:
		return EC_REQUEST_SUCCESS;
	case EC_IOCTL_REQUEST_ERROR:
		return EC_REQUEST_ERROR;
	default:
		return EC_REQUEST_UNUSED;
	}
}

static void ec_app_free_config(ec_slave_config_t *sc)
{
	ec_lib_req_free_all(sc);
	free(sc);
}

void ec_app_clear_config(ec_master_t *master)
{
	while (master->configs) {
		ec_slave_config_t *sc = master->configs;

		master->configs = sc->next;
		ec_app_free_config(sc);
	}
	while (master->domains) {
		ec_domain_t *d = master->domains;

		master->domains = d->next;
		free(d);
	}
	while (master->hc_groups) {
		ec_hc_group_t *g = master->hc_groups;

		master->hc_groups = g->next;
		free(g);
	}
}

static void ec_app_unmap(ec_master_t *master)
{
	ec_domain_t *d;

	if (master->pd)
		munmap(master->pd, master->pd_size);
	master->pd = NULL;
	master->pd_size = 0;
	if (master->shm)
		munmap(master->shm, master->shm_size);
	master->shm = NULL;
	master->shm_size = 0;
	master->rx_image = NULL;
	master->rx_taken = 0;
	master->rx_fresh = 0;
	memset(&master->dc, 0, sizeof(master->dc));
	for (d = master->domains; d; d = d->next) {
		d->data = NULL;
		d->size = 0;
		d->rx_seq = 0;
		d->shm = NULL;
		d->working_counter = 0;
		d->wc_state = EC_WC_ZERO;
	}
}

/*
 * Map the shared area of the cyclic calls (ec_ioctl.h): with it,
 * ecrt_domain_process() and ecrt_domain_queue() need no system call.
 * Without it (an older module, no memory) they use their ioctls.
 */
static void ec_app_map_shm(ec_master_t *master, size_t size)
{
	struct ec_ioctl_shm *shm;
	ec_domain_t *d;

	if (size < sizeof(*shm))
		return;
	shm = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
		   master->lm.fd, EC_IOCTL_SHM_OFFSET);
	if (shm == MAP_FAILED)
		return;
	if (shm->magic != EC_IOCTL_SHM_MAGIC ||
	    shm->version != EC_IOCTL_VERSION ||
	    shm->entry_size != sizeof(shm->domains[0])) {
		munmap(shm, size);
		return;
	}
	master->shm = shm;
	master->shm_size = size;
	for (d = master->domains; d; d = d->next)
		if (d->index < shm->domain_count)
			d->shm = &shm->domains[d->index];
}

/*
 * The receive on arrival (ec_ioctl.h, struct ec_ioctl_shm_rx): the rx
 * image, when the module keeps one the size of the process data inside
 * the area.
 */
static void ec_app_use_rx_image(ec_master_t *master)
{
	const struct ec_ioctl_shm *shm = master->shm;
	size_t offset, size;

	if (!shm || !master->pd)
		return;
	offset = shm->rx.rx_image_offset;
	size = shm->rx.rx_image_size;
	if (!size || size != master->pd_size || offset < sizeof(*shm) ||
	    offset > master->shm_size || master->shm_size - offset < size)
		return;
	master->rx_image = (const uint8_t *)shm + offset;
}

ec_master_t *ecrt_open_master(unsigned int master_index)
{
	ec_master_t *master;
	int ret;

	master = calloc(1, sizeof(*master));
	if (!master) {
		errno = ENOMEM;
		return NULL;
	}
	ret = ec_lib_open(&master->lm, master_index, true);
	if (ret) {
		free(master);
		errno = -ret;
		return NULL;
	}
	return master;
}

int ecrt_master_reserve(ec_master_t *master)
{
	int ret = ec_app_ioctl_int(master, EC_IOCTL_REQUEST, 0);

	if (!ret)
		master->reserved = true;
	return ret;
}

ec_master_t *ecrt_request_master(unsigned int master_index)
{
	ec_master_t *master = ecrt_open_master(master_index);
	int ret;

	if (!master)
		return NULL;
	ret = ecrt_master_reserve(master);
	if (ret) {
		ecrt_release_master(master);
		errno = -ret;
		return NULL;
	}
	return master;
}

void ecrt_release_master(ec_master_t *master)
{
	int err = errno;

	if (!master)
		return;
	ec_app_unmap(master);
	ec_lib_close(&master->lm);	/* the kernel releases the master */
	ec_app_clear_config(master);
	free(master);
	errno = err;
}

ec_domain_t *ecrt_master_create_domain(ec_master_t *master)
{
	ec_domain_t *d;
	int ret;

	d = calloc(1, sizeof(*d));
	if (!d) {
		errno = ENOMEM;
		return NULL;
	}
	ret = ec_app_ioctl_int(master, EC_IOCTL_CREATE_DOMAIN, 0);
	if (ret < 0) {
		free(d);
		errno = -ret;
		return NULL;
	}
	d->index = ret;
	d->master = master;
	d->next = master->domains;
	master->domains = d;
	return d;
}

ec_slave_config_t *ecrt_master_slave_config(ec_master_t *master,
					    uint16_t alias, uint16_t position,
					    uint32_t vendor_id,
					    uint32_t product_code)
{
	struct ec_ioctl_app_config data;
	ec_slave_config_t *sc;
	int ret;

	memset(&data, 0, sizeof(data));
	data.alias = alias;
	data.position = position;
	data.vendor_id = vendor_id;
	data.product_code = product_code;
	ret = ec_app_ioctl(master, EC_IOCTL_CREATE_SLAVE_CONFIG, &data);
	if (ret < 0) {
		errno = -ret;
		return NULL;
	}
	/* The kernel returns the existing config for the same address. */
	for (sc = master->configs; sc; sc = sc->next)
		if (sc->index == data.config_index)
			return sc;
	sc = calloc(1, sizeof(*sc));
	if (!sc) {
		errno = ENOMEM;
		return NULL;
	}
	sc->master = master;
	sc->index = data.config_index;
	sc->alias = alias;
	sc->position = position;
	sc->vendor_id = vendor_id;
	sc->product_code = product_code;
	sc->next = master->configs;
	master->configs = sc;
	return sc;
}

int ecrt_master(ec_master_t *master, ec_master_info_t *master_info)
{
	struct ec_ioctl_master data;
	int ret = ec_lib_master(&master->lm, &data);

	if (ret)
		return ret;
	memset(master_info, 0, sizeof(*master_info));
	master_info->slave_count = data.slave_count;
	master_info->link_up = data.devices[0].link_state;
	master_info->scan_busy = data.scan_busy;
	master_info->app_time = data.app_time;
	/* set through the shared area and not taken yet: the newer one */
	if (master->shm &&
	    __atomic_load_n(&master->shm->app_time_set, __ATOMIC_ACQUIRE))
		master_info->app_time = master->shm->app_time;
	return 0;
}

/*
 * The ioctl says only whether a scan runs: scan_index is 0 while it does
 * and slave_count once it is over.
 */
int ecrt_master_scan_progress(ec_master_t *master,
			      ec_master_scan_progress_t *progress)
{
	struct ec_ioctl_master data;
	int ret = ec_lib_master(&master->lm, &data);

	if (ret)
		return ret;
	progress->slave_count = data.slave_count;
	progress->scan_index = data.scan_busy ? 0 : data.slave_count;
	return 0;
}

int ecrt_master_get_slave(ec_master_t *master, uint16_t slave_position,
			  ec_slave_info_t *slave_info)
{
	struct ec_ioctl_slave data;
	unsigned int i;
	int ret = ec_lib_slave(&master->lm, slave_position, &data);

	if (ret)
		return ret;
	memset(slave_info, 0, sizeof(*slave_info));
	slave_info->position = slave_position;
	slave_info->vendor_id = data.vendor_id;
	slave_info->product_code = data.product_code;
	slave_info->revision_number = data.revision_number;
	slave_info->serial_number = data.serial_number;
	slave_info->alias = data.alias;
	slave_info->current_on_ebus = data.current_on_ebus;
	for (i = 0; i < EC_MAX_PORTS; i++) {
		slave_info->ports[i].desc = data.ports[i].desc;
		slave_info->ports[i].link.link_up = data.ports[i].link_up;
		slave_info->ports[i].link.loop_closed =
			data.ports[i].loop_closed;
		slave_info->ports[i].link.signal_detected =
			data.ports[i].signal_detected;
		slave_info->ports[i].receive_time = data.ports[i].receive_time;
		slave_info->ports[i].next_slave = data.ports[i].next_slave;
		slave_info->ports[i].delay_to_next_dc =
			data.ports[i].delay_to_next_dc;
	}
	slave_info->al_state = data.al_state;
	slave_info->error_flag = data.error_flag;
	slave_info->sync_count = data.sync_count;
	slave_info->sdo_count = data.sdo_count;
	memcpy(slave_info->name, data.name, sizeof(slave_info->name));
	slave_info->name[sizeof(slave_info->name) - 1] = '\0';
	return 0;
}

int ecrt_master_get_sync_manager(ec_master_t *master,
				 uint16_t slave_position, uint8_t sync_index,
				 ec_sync_info_t *sync)
{
	struct ec_ioctl_slave_sync data;
	int ret;

	if (sync_index >= EC_MAX_SYNC_MANAGERS)
		return -ENOENT;	/* IgH 1.6 */
	ret = ec_lib_slave_sync(&master->lm, slave_position, sync_index,
				&data);
	if (ret)
		return ret;
	memset(sync, 0, sizeof(*sync));
	sync->index = sync_index;
	sync->dir = (data.control_register & EC_SM_CTRL_DIR_MASK) ==
		EC_SM_CTRL_DIR_WRITE ? EC_DIR_OUTPUT : EC_DIR_INPUT;
	sync->n_pdos = data.pdo_count;
	sync->pdos = NULL;
	sync->watchdog_mode = data.control_register & EC_SM_CTRL_WATCHDOG ?
		EC_WD_ENABLE : EC_WD_DISABLE;
	return 0;
}

int ecrt_master_get_pdo(ec_master_t *master, uint16_t slave_position,
			uint8_t sync_index, uint16_t pos, ec_pdo_info_t *pdo)
{
	struct ec_ioctl_slave_sync_pdo data;
	int ret;

	if (sync_index >= EC_MAX_SYNC_MANAGERS)
		return -ENOENT;	/* IgH 1.6 */
	if (pos > 0xff)
		return -EINVAL;
	ret = ec_lib_slave_sync_pdo(&master->lm, slave_position, sync_index,
				    pos, &data);
	if (ret)
		return ret;
	memset(pdo, 0, sizeof(*pdo));
	pdo->index = data.index;
	pdo->n_entries = data.entry_count;
	pdo->entries = NULL;
	return 0;
}

int ecrt_master_get_pdo_entry(ec_master_t *master, uint16_t slave_position,
			      uint8_t sync_index, uint16_t pdo_pos,
			      uint16_t entry_pos, ec_pdo_entry_info_t *entry)
{
	struct ec_ioctl_slave_sync_pdo_entry data;
	int ret;

	if (sync_index >= EC_MAX_SYNC_MANAGERS)
		return -ENOENT;	/* IgH 1.6 */
	if (pdo_pos > 0xff || entry_pos > 0xff)
		return -EINVAL;
	ret = ec_lib_slave_sync_pdo_entry(&master->lm, slave_position,
					  sync_index, pdo_pos, entry_pos,
					  &data);
	if (ret)
		return ret;
	entry->index = data.index;
	entry->subindex = data.subindex;
	entry->bit_length = data.bit_length;
	return 0;
}

static int ec_app_sdo_download(ec_master_t *master, uint16_t slave_position,
			       uint16_t index, uint8_t subindex,
			       bool complete, const uint8_t *data,
			       size_t data_size, uint32_t *abort_code)
{
	uint32_t abort = 0;
	int ret = ec_lib_sdo_download(&master->lm, slave_position, index,
				      subindex, complete, data, data_size,
				      &abort);

	if (abort_code)
		*abort_code = abort;
	return ret;
}

int ecrt_master_sdo_download(ec_master_t *master, uint16_t slave_position,
			     uint16_t index, uint8_t subindex,
			     const uint8_t *data, size_t data_size,
			     uint32_t *abort_code)
{
	return ec_app_sdo_download(master, slave_position, index, subindex,
				   false, data, data_size, abort_code);
}

int ecrt_master_sdo_download_complete(ec_master_t *master,
				      uint16_t slave_position, uint16_t index,
				      const uint8_t *data, size_t data_size,
				      uint32_t *abort_code)
{
	return ec_app_sdo_download(master, slave_position, index, 0, true,
				   data, data_size, abort_code);
}

int ecrt_master_sdo_upload(ec_master_t *master, uint16_t slave_position,
			   uint16_t index, uint8_t subindex, uint8_t *target,
			   size_t target_size, size_t *result_size,
			   uint32_t *abort_code)
{
	uint32_t abort = 0;
	size_t got = 0;
	int ret = ec_lib_sdo_upload(&master->lm, slave_position, index,
				    subindex, false, target, target_size,
				    &got, &abort);

	if (abort_code)
		*abort_code = abort;
	/* IgH 1.6's library: *@result_size only on success */
	if (result_size && !ret)
		*result_size = got;
	/* IgH 1.6: a value larger than @target_size is -ENOBUFS */
	return ret == -EOVERFLOW ? -ENOBUFS : ret;
}

int ecrt_master_write_idn(ec_master_t *master, uint16_t slave_position,
			  uint8_t drive_no, uint16_t idn, const uint8_t *data,
			  size_t data_size, uint16_t *error_code)
{
	struct ec_ioctl_slave_soe io;
	int ret;

	if (!data || !data_size || data_size > EC_IOCTL_SOE_MAX_SIZE)
		return -EINVAL;
	memset(&io, 0, sizeof(io));
	io.slave_position = slave_position;
	io.drive_no = drive_no;
	io.idn = idn;
	io.data = (uintptr_t)data;
	io.data_size = (uint32_t)data_size;
	ret = ec_lib_soe(&master->lm, true, &io);
	if (error_code)
		*error_code = io.error_code;
	return ret;
}

int ecrt_master_read_idn(ec_master_t *master, uint16_t slave_position,
			 uint8_t drive_no, uint16_t idn, uint8_t *target,
			 size_t target_size, size_t *result_size,
			 uint16_t *error_code)
{
	struct ec_ioctl_slave_soe io;
	int ret;

	if (!target || !target_size)
		return -EINVAL;
	memset(&io, 0, sizeof(io));
	io.slave_position = slave_position;
	io.drive_no = drive_no;
	io.idn = idn;
	io.data = (uintptr_t)target;
	io.data_size = target_size > EC_IOCTL_SOE_MAX_SIZE ?
		       EC_IOCTL_SOE_MAX_SIZE : (uint32_t)target_size;
	ret = ec_lib_soe(&master->lm, false, &io);
	if (error_code)
		*error_code = io.error_code;
	/* IgH 1.6's library: *@result_size only on success */
	if (result_size && !ret)
		*result_size = io.result_size;
	/* IgH 1.6: a value larger than @target_size is -ENOBUFS */
	return ret == -EOVERFLOW ? -ENOBUFS : ret;
}

/*
 * Activation: the kernel lays out the domains; the process data of all of
 * them is mapped once, each domain's data points into the mapping.
 */
int ecrt_master_activate(ec_master_t *master)
{
	struct ec_ioctl_activate act;
	struct ec_ioctl_domain_info info;
	ec_domain_t *d;
	void *pd;
	int ret;

	memset(&act, 0, sizeof(act));
	ret = ec_app_ioctl(master, EC_IOCTL_ACTIVATE, &act);
	if (ret < 0)
		return ret;
	if (act.shm_size && !master->shm)
		ec_app_map_shm(master, act.shm_size);
	if (!act.pd_size || master->pd)
		return 0;
	pd = mmap(NULL, act.pd_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		  master->lm.fd, 0);
	if (pd == MAP_FAILED) {
		ret = -errno;
		ec_app_ioctl_int(master, EC_IOCTL_DEACTIVATE, 0);
		return ret;
	}
	master->pd = pd;
	master->pd_size = act.pd_size;
	for (d = master->domains; d; d = d->next) {
		memset(&info, 0, sizeof(info));
		info.domain_index = d->index;
		ret = ec_app_ioctl(master, EC_IOCTL_DOMAIN_INFO, &info);
		if (ret < 0)
			return ret;
		d->data = info.size ? master->pd + info.offset : NULL;
		d->size = info.size;
	}
	ec_app_use_rx_image(master);
	return 0;
}

int ecrt_master_deactivate(ec_master_t *master)
{
	int ret;

	ec_app_unmap(master);
	ret = ec_app_ioctl_int(master, EC_IOCTL_DEACTIVATE, 0);
	if (ret != -EINVAL)	/* -EINVAL: not active, config kept (IgH) */
		ec_app_clear_config(master);
	return ret;
}

int ecrt_master_set_send_interval(ec_master_t *master, size_t send_interval)
{
	struct ec_ioctl_send_interval data;

	memset(&data, 0, sizeof(data));
	data.send_interval_us = send_interval;
	return ec_app_ioctl(master, EC_IOCTL_SEND_INTERVAL, &data);
}

int ecrt_master_send(ec_master_t *master)
{
	master->rx_fresh = 0;	/* process() finds the send's publication */
	return ec_app_ioctl_int(master, EC_IOCTL_SEND, 0);
}

/*
 * The exchange of the last send completed as its frames arrived: copy
 * each domain sent in it from the rx image into the process data, and
 * keep its working counters for process().  False when it did not (a
 * frame lost or late, a polled device, no image): the ioctl receives.
 */
static bool ec_app_receive_arrived(ec_master_t *master)
{
	struct ec_ioctl_shm *shm = master->shm;
	uint32_t seq;
	ec_domain_t *d;

	if (!master->rx_image)
		return false;
	/* the image and the domain words after rx_seq: pairs with the
	 * module's release */
	seq = __atomic_load_n(&shm->rx.rx_seq, __ATOMIC_ACQUIRE);
	if (!seq || seq == master->rx_taken ||
	    seq != __atomic_load_n(&shm->rx.tx_seq, __ATOMIC_RELAXED))
		return false;
	for (d = master->domains; d; d = d->next) {
		if (!d->shm || !d->data ||
		    __atomic_load_n(&d->shm->rx_seq, __ATOMIC_RELAXED) != seq)
			continue;
		memcpy(d->data, master->rx_image + (d->data - master->pd),
		       d->size);
		d->rx_wkc = (uint16_t)d->shm->rx_wkc;
		d->rx_seq = seq;
	}
	master->rx_fresh = seq;
	return true;
}

int ecrt_master_receive(ec_master_t *master)
{
	struct ec_ioctl_shm *shm = master->shm;
	int ret = 0;

	if (!ec_app_receive_arrived(master)) {
		master->rx_fresh = 0;
		ret = ec_app_ioctl_int(master, EC_IOCTL_RECEIVE, 0);
	}
	if (shm) {
		/* this exchange is received: the module copies nothing of it
		 * any more */
		master->rx_taken = __atomic_load_n(&shm->rx.tx_seq,
						   __ATOMIC_RELAXED);
		__atomic_store_n(&shm->rx.rx_taken, master->rx_taken,
				 __ATOMIC_RELEASE);
		ec_dc_snapshot(master);
	}
	return ret;
}

/* Both state commands answer in one struct (ec_ioctl.h). */
static int ec_app_master_state(const ec_master_t *master, unsigned long cmd,
			       unsigned int dev_idx,
			       struct ec_ioctl_master_state *data)
{
	memset(data, 0, sizeof(*data));
	data->dev_idx = dev_idx;
	return ec_app_ioctl(master, cmd, data);
}

int ecrt_master_state(const ec_master_t *master, ec_master_state_t *state)
{
	struct ec_ioctl_master_state data;
	int ret;

	ret = ec_app_master_state(master, EC_IOCTL_MASTER_STATE, 0, &data);
	if (ret < 0)
		return ret;
	state->slaves_responding = data.slaves_responding;
	state->al_states = data.al_states;
	state->link_up = data.link_up;
	return 0;
}

int ecrt_master_link_state(const ec_master_t *master, unsigned int dev_idx,
			   ec_master_link_state_t *state)
{
	struct ec_ioctl_master_state data;
	int ret;

	ret = ec_app_master_state(master, EC_IOCTL_LINK_STATE, dev_idx,
				  &data);
	if (ret < 0)
		return ret;
	state->slaves_responding = data.slaves_responding;
	state->al_states = data.al_states;
	state->link_up = data.link_up;
	return 0;
}

int ecrt_master_reset(ec_master_t *master)
{
	return ec_app_ioctl_int(master, EC_IOCTL_RESET, 0);
}
