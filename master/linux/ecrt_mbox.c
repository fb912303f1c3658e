// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_mbox.c - the kernel's ecrt_* calls of the mailbox protocols beyond
 * CoE: the blocking SoE transfers and the startup IDNs of a slave
 * configuration (process context only, like the blocking SDO calls).
 */
#include <linux/module.h>
#include <linux/string.h>

#include "ecrt.h"
#include "ioctl_request.h"
#include "../requests.h"
#include "../slave_config.h"

static struct ec_linux_master *ec_mbox_lm(ec_master_t *master)
{
	return container_of(master, struct ec_linux_master, core);
}

/**
 * ecrt_master_write_idn() - write an SoE IDN's value, blocking
 * @master: master
 * @slave_position: ring position
 * @drive_no: drive number 0..7
 * @idn: IDN (bit 15 P, bits 14-12 parameter set, 11-0 number)
 * @data: the value
 * @data_size: its size
 * @error_code: the drive's SoE error code, may be NULL
 *
 * Return: 0 or -errno (-EIO with *@error_code when the drive refused).
 */
int ecrt_master_write_idn(ec_master_t *master, uint16_t slave_position,
			  uint8_t drive_no, uint16_t idn, const uint8_t *data,
			  size_t data_size, uint16_t *error_code)
{
	if (!data || !data_size)
		return -EINVAL;
	return ec_linux_soe_transfer(ec_mbox_lm(master), slave_position,
				     drive_no, idn, 0, true, (void *)data,
				     data_size, 0, NULL, error_code);
}
EXPORT_SYMBOL(ecrt_master_write_idn);

/**
 * ecrt_master_read_idn() - read an SoE IDN's value, blocking
 * @master: master
 * @slave_position: ring position
 * @drive_no: drive number 0..7
 * @idn: IDN
 * @target: buffer
 * @target_size: its size
 * @result_size: bytes read
 * @error_code: the drive's SoE error code, may be NULL
 *
 * Return: 0 or -errno (-EOVERFLOW when the value exceeds @target_size).
 */
int ecrt_master_read_idn(ec_master_t *master, uint16_t slave_position,
			 uint8_t drive_no, uint16_t idn, uint8_t *target,
			 size_t target_size, size_t *result_size,
			 uint16_t *error_code)
{
	if (!target || !target_size || !result_size)
		return -EINVAL;
	return ec_linux_soe_transfer(ec_mbox_lm(master), slave_position,
				     drive_no, idn, 0, false, target,
				     target_size, 0, result_size, error_code);
}
EXPORT_SYMBOL(ecrt_master_read_idn);

/**
 * ecrt_slave_config_idn() - add a startup IDN, written over SoE
 * @sc: slave configuration
 * @drive_no: drive number 0..7
 * @idn: IDN
 * @state: EC_AL_STATE_PREOP (written in PREOP) or EC_AL_STATE_SAFEOP
 * @data: the value, copied
 * @size: its size
 *
 * Return: 0 or -errno.
 */
int ecrt_slave_config_idn(ec_slave_config_t *sc, uint8_t drive_no,
			  uint16_t idn, ec_al_state_t state,
			  const uint8_t *data, size_t size)
{
	struct ec_linux_master *m = ec_mbox_lm(sc->master);
	int ret;

	mutex_lock(&m->io_mutex);
	ret = ec_slave_config_idn(sc, drive_no, idn, (u8)state, data, size);
	mutex_unlock(&m->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_slave_config_idn);

/*
 * FoE and SoE requests and VoE handlers of the cyclic task.  Creation is
 * process context (io_mutex); the state, read, write and header calls are
 * realtime from any context: they touch only the request, whose fields
 * are the application's while it is not QUEUED or BUSY, and hand it over
 * with a release store of the state word (doc/LOCKING.md rule 7).
 */

static struct ec_app_mbox_request *
ec_mbox_create(ec_slave_config_t *sc, enum ec_app_mbox_kind kind, size_t size)
{
	struct ec_linux_master *m = ec_mbox_lm(sc->master);
	struct ec_app_mbox_request *r;

	mutex_lock(&m->io_mutex);
	r = ec_slave_config_create_mbox_request(sc, kind, size);
	mutex_unlock(&m->io_mutex);
	return r;
}

#define EC_MBOX_OF(req, member) \
	container_of((req), struct ec_app_mbox_request, u.member)

ec_soe_request_t *ecrt_slave_config_create_soe_request(ec_slave_config_t *sc,
						       uint8_t drive_no,
						       uint16_t idn,
						       size_t size)
{
	struct ec_app_mbox_request *r;

	if (drive_no > 7)
		return NULL;
	r = ec_mbox_create(sc, EC_APP_MBOX_SOE, size);
	if (!r)
		return NULL;
	r->u.soe.drive_no = drive_no;
	r->u.soe.idn = idn;
	return &r->u.soe;
}
EXPORT_SYMBOL(ecrt_slave_config_create_soe_request);

int ecrt_soe_request_idn(ec_soe_request_t *req, uint8_t drive_no,
			 uint16_t idn)
{
	if (drive_no > 7)
		return -EINVAL;
	if (!ec_app_mbox_request_owned(EC_MBOX_OF(req, soe)))
		return -EBUSY;
	req->drive_no = drive_no;
	req->idn = idn;
	return 0;
}
EXPORT_SYMBOL(ecrt_soe_request_idn);

int ecrt_soe_request_timeout(ec_soe_request_t *req, uint32_t timeout)
{
	if (!ec_app_mbox_request_owned(EC_MBOX_OF(req, soe)))
		return -EBUSY;
	req->timeout_ns = (u64)timeout * NSEC_PER_MSEC;
	return 0;
}
EXPORT_SYMBOL(ecrt_soe_request_timeout);

uint8_t *ecrt_soe_request_data(const ec_soe_request_t *req)
{
	return req->data;
}
EXPORT_SYMBOL(ecrt_soe_request_data);

size_t ecrt_soe_request_data_size(const ec_soe_request_t *req)
{
	return req->data_size;
}
EXPORT_SYMBOL(ecrt_soe_request_data_size);

ec_request_state_t ecrt_soe_request_state(const ec_soe_request_t *req)
{
	return ec_app_mbox_request_state(EC_MBOX_OF(req, soe));
}
EXPORT_SYMBOL(ecrt_soe_request_state);

int ecrt_soe_request_write(ec_soe_request_t *req)
{
	return ec_app_mbox_request_start(EC_MBOX_OF(req, soe), true, 0);
}
EXPORT_SYMBOL(ecrt_soe_request_write);

int ecrt_soe_request_read(ec_soe_request_t *req)
{
	return ec_app_mbox_request_start(EC_MBOX_OF(req, soe), false, 0);
}
EXPORT_SYMBOL(ecrt_soe_request_read);

ec_voe_handler_t *ecrt_slave_config_create_voe_handler(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_app_mbox_request *r = ec_mbox_create(sc, EC_APP_MBOX_VOE,
						       size);

	return r ? &r->u.voe : NULL;
}
EXPORT_SYMBOL(ecrt_slave_config_create_voe_handler);

int ecrt_voe_handler_send_header(ec_voe_handler_t *voe, uint32_t vendor_id,
				 uint16_t vendor_type)
{
	if (!ec_app_mbox_request_owned(EC_MBOX_OF(voe, voe)))
		return -EBUSY;
	voe->vendor_id = vendor_id;
	voe->vendor_type = vendor_type;
	return 0;
}
EXPORT_SYMBOL(ecrt_voe_handler_send_header);

int ecrt_voe_handler_received_header(const ec_voe_handler_t *voe,
				     uint32_t *vendor_id,
				     uint16_t *vendor_type)
{
	if (!ec_app_mbox_request_owned(EC_MBOX_OF(voe, voe)))
		return -EBUSY;
	if (vendor_id)
		*vendor_id = voe->rx_vendor_id;
	if (vendor_type)
		*vendor_type = voe->rx_vendor_type;
	return 0;
}
EXPORT_SYMBOL(ecrt_voe_handler_received_header);

uint8_t *ecrt_voe_handler_data(const ec_voe_handler_t *voe)
{
	return voe->data;
}
EXPORT_SYMBOL(ecrt_voe_handler_data);

size_t ecrt_voe_handler_data_size(const ec_voe_handler_t *voe)
{
	return voe->data_size;
}
EXPORT_SYMBOL(ecrt_voe_handler_data_size);

int ecrt_voe_handler_write(ec_voe_handler_t *voe, size_t size)
{
	struct ec_app_mbox_request *r = EC_MBOX_OF(voe, voe);

	if (size > r->mem_size)
		return -ENOBUFS;
	if (!ec_app_mbox_request_owned(r))
		return -EBUSY;
	voe->data_size = size;
	return ec_app_mbox_request_start(r, true, EC_VOE_OP_WRITE);
}
EXPORT_SYMBOL(ecrt_voe_handler_write);

int ecrt_voe_handler_read(ec_voe_handler_t *voe)
{
	return ec_app_mbox_request_start(EC_MBOX_OF(voe, voe), false,
					 EC_VOE_OP_READ);
}
EXPORT_SYMBOL(ecrt_voe_handler_read);

int ecrt_voe_handler_read_nosync(ec_voe_handler_t *voe)
{
	return ec_app_mbox_request_start(EC_MBOX_OF(voe, voe), false,
					 EC_VOE_OP_READ_NOSYNC);
}
EXPORT_SYMBOL(ecrt_voe_handler_read_nosync);

/* The slave FSM carries the handler out: execute only reports the state. */
ec_request_state_t ecrt_voe_handler_execute(ec_voe_handler_t *voe)
{
	return ec_app_mbox_request_state(EC_MBOX_OF(voe, voe));
}
EXPORT_SYMBOL(ecrt_voe_handler_execute);

ec_foe_request_t *ecrt_slave_config_create_foe_request(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_app_mbox_request *r = ec_mbox_create(sc, EC_APP_MBOX_FOE,
						       size);

	return r ? &r->u.foe : NULL;
}
EXPORT_SYMBOL(ecrt_slave_config_create_foe_request);

int ecrt_foe_request_file(ec_foe_request_t *req, const char *file_name,
			  uint32_t password)
{
	size_t len = file_name ? strnlen(file_name, EC_FOE_NAME_SIZE) : 0;

	if (!len || len >= EC_FOE_NAME_SIZE)
		return -EINVAL;
	if (!ec_app_mbox_request_owned(EC_MBOX_OF(req, foe)))
		return -EBUSY;
	memcpy(req->file_name, file_name, len + 1);
	req->password = password;
	return 0;
}
EXPORT_SYMBOL(ecrt_foe_request_file);

int ecrt_foe_request_timeout(ec_foe_request_t *req, uint32_t timeout)
{
	if (!ec_app_mbox_request_owned(EC_MBOX_OF(req, foe)))
		return -EBUSY;
	req->timeout_ns = (u64)timeout * NSEC_PER_MSEC;
	return 0;
}
EXPORT_SYMBOL(ecrt_foe_request_timeout);

uint8_t *ecrt_foe_request_data(const ec_foe_request_t *req)
{
	return req->data;
}
EXPORT_SYMBOL(ecrt_foe_request_data);

size_t ecrt_foe_request_data_size(const ec_foe_request_t *req)
{
	return req->data_size;
}
EXPORT_SYMBOL(ecrt_foe_request_data_size);

size_t ecrt_foe_request_progress(const ec_foe_request_t *req)
{
	return READ_ONCE(req->progress);
}
EXPORT_SYMBOL(ecrt_foe_request_progress);

uint32_t ecrt_foe_request_error_code(const ec_foe_request_t *req)
{
	return READ_ONCE(req->foe_error);
}
EXPORT_SYMBOL(ecrt_foe_request_error_code);

ec_request_state_t ecrt_foe_request_state(const ec_foe_request_t *req)
{
	return ec_app_mbox_request_state(EC_MBOX_OF(req, foe));
}
EXPORT_SYMBOL(ecrt_foe_request_state);

int ecrt_foe_request_write(ec_foe_request_t *req, size_t size)
{
	struct ec_app_mbox_request *r = EC_MBOX_OF(req, foe);

	if (size > r->mem_size)
		return -ENOBUFS;
	if (!ec_app_mbox_request_owned(r))
		return -EBUSY;
	req->data_size = size;
	return ec_app_mbox_request_start(r, true, 0);
}
EXPORT_SYMBOL(ecrt_foe_request_write);

int ecrt_foe_request_read(ec_foe_request_t *req)
{
	return ec_app_mbox_request_start(EC_MBOX_OF(req, foe), false, 0);
}
EXPORT_SYMBOL(ecrt_foe_request_read);
