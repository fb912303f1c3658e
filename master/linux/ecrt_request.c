// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_request.c - the kernel's requests of the cyclic task (include/
 * ecrt.h): SDO, register, FoE and SoE requests and VoE handlers, every
 * kind a struct ec_app_request of the core (slave_config_request.c) with
 * one life cycle.  Creation is process context (io_mutex); the state,
 * read, write and parameter calls are realtime from any context: they
 * touch only the request, whose fields are the application's while it is
 * not QUEUED or BUSY, and hand it over with a release store of the state
 * word (doc/LOCKING.md rule 7).
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/string.h>

#include "ecrt.h"
#include "master_linux.h"
#include "request/requests.h"
#include "app/slave_config.h"

static struct ec_app_request *ec_req_create(ec_slave_config_t *sc,
					    enum ec_app_req_kind kind,
					    size_t size)
{
	struct ec_linux_master *m = ec_linux_of(sc->master);
	struct ec_app_request *r;

	mutex_lock(&m->io_mutex);
	r = ec_slave_config_create_request(sc, kind, size);
	mutex_unlock(&m->io_mutex);
	return r;
}

/* A write of @size bytes of the request's memory. */
static int ec_req_write(struct ec_app_request *r, size_t size)
{
	if (size > r->mem_size)
		return -ENOBUFS;
	if (!ec_app_request_owned(r))
		return -EBUSY;
	*ec_app_request_size(r) = size;
	return ec_app_request_start(r, true, EC_VOE_OP_WRITE);
}

/* A timeout per reply; the application's while it owns the request. */
static int ec_req_timeout(struct ec_app_request *r, uint32_t timeout_ms)
{
	if (!ec_app_request_owned(r))
		return -EBUSY;
	r->u.base.timeout_ns = (u64)timeout_ms * NSEC_PER_MSEC;
	return 0;
}

#define EC_SDO(req) EC_APP_REQUEST_OF(req, sdo)
#define EC_REG(req) EC_APP_REQUEST_OF(req, reg)
#define EC_FOE(req) EC_APP_REQUEST_OF(req, foe)
#define EC_SOE(req) EC_APP_REQUEST_OF(req, soe)
#define EC_VOE(req) EC_APP_REQUEST_OF(req, voe)

/* SDO requests. */

ec_sdo_request_t *ecrt_slave_config_create_sdo_request(ec_slave_config_t *sc,
						       uint16_t index,
						       uint8_t subindex,
						       size_t size)
{
	struct ec_app_request *r = ec_req_create(sc, EC_APP_REQ_SDO, size);

	if (!r)
		return NULL;
	r->u.sdo.index = index;
	r->u.sdo.subindex = subindex;
	return &r->u.sdo;
}
EXPORT_SYMBOL(ecrt_slave_config_create_sdo_request);

int ecrt_sdo_request_index(ec_sdo_request_t *req, uint16_t index,
			   uint8_t subindex)
{
	if (!ec_app_request_owned(EC_SDO(req)))
		return -EBUSY;
	req->index = index;
	req->subindex = subindex;
	return 0;
}
EXPORT_SYMBOL(ecrt_sdo_request_index);

int ecrt_sdo_request_timeout(ec_sdo_request_t *req, uint32_t timeout)
{
	return ec_req_timeout(EC_SDO(req), timeout);
}
EXPORT_SYMBOL(ecrt_sdo_request_timeout);

uint8_t *ecrt_sdo_request_data(const ec_sdo_request_t *req)
{
	return req->data;
}
EXPORT_SYMBOL(ecrt_sdo_request_data);

size_t ecrt_sdo_request_data_size(const ec_sdo_request_t *req)
{
	return req->data_size;
}
EXPORT_SYMBOL(ecrt_sdo_request_data_size);

ec_request_state_t ecrt_sdo_request_state(const ec_sdo_request_t *req)
{
	return ec_app_request_state(EC_SDO(req));
}
EXPORT_SYMBOL(ecrt_sdo_request_state);

/** ecrt_sdo_request_write() - download data_size bytes of the data */
int ecrt_sdo_request_write(ec_sdo_request_t *req)
{
	return ec_app_request_start(EC_SDO(req), true, EC_VOE_OP_WRITE);
}
EXPORT_SYMBOL(ecrt_sdo_request_write);

int ecrt_sdo_request_read(ec_sdo_request_t *req)
{
	return ec_app_request_start(EC_SDO(req), false, EC_VOE_OP_READ);
}
EXPORT_SYMBOL(ecrt_sdo_request_read);

/* Register requests. */

ec_reg_request_t *ecrt_slave_config_create_reg_request(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_app_request *r = ec_req_create(sc, EC_APP_REQ_REG, size);

	return r ? &r->u.reg : NULL;
}
EXPORT_SYMBOL(ecrt_slave_config_create_reg_request);

uint8_t *ecrt_reg_request_data(const ec_reg_request_t *req)
{
	return EC_REG(req)->mem;
}
EXPORT_SYMBOL(ecrt_reg_request_data);

ec_request_state_t ecrt_reg_request_state(const ec_reg_request_t *req)
{
	return ec_app_request_state(EC_REG(req));
}
EXPORT_SYMBOL(ecrt_reg_request_state);

static int ec_reg_request_start(ec_reg_request_t *req, bool write,
				uint16_t address, size_t size)
{
	struct ec_app_request *r = EC_REG(req);

	if (!size || size > r->mem_size)
		return -ENOBUFS;
	if (!ec_app_request_owned(r))
		return -EBUSY;
	req->address = address;
	req->size = size;
	return ec_app_request_start(r, write, EC_VOE_OP_READ);
}

int ecrt_reg_request_write(ec_reg_request_t *req, uint16_t address,
			   size_t size)
{
	return ec_reg_request_start(req, true, address, size);
}
EXPORT_SYMBOL(ecrt_reg_request_write);

int ecrt_reg_request_read(ec_reg_request_t *req, uint16_t address,
			  size_t size)
{
	return ec_reg_request_start(req, false, address, size);
}
EXPORT_SYMBOL(ecrt_reg_request_read);

/* SoE requests. */

ec_soe_request_t *ecrt_slave_config_create_soe_request(ec_slave_config_t *sc,
						       uint8_t drive_no,
						       uint16_t idn,
						       size_t size)
{
	struct ec_app_request *r;

	if (drive_no > 7)
		return NULL;
	r = ec_req_create(sc, EC_APP_REQ_SOE, size);
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
	if (!ec_app_request_owned(EC_SOE(req)))
		return -EBUSY;
	req->drive_no = drive_no;
	req->idn = idn;
	return 0;
}
EXPORT_SYMBOL(ecrt_soe_request_idn);

int ecrt_soe_request_timeout(ec_soe_request_t *req, uint32_t timeout)
{
	return ec_req_timeout(EC_SOE(req), timeout);
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
	return ec_app_request_state(EC_SOE(req));
}
EXPORT_SYMBOL(ecrt_soe_request_state);

int ecrt_soe_request_write(ec_soe_request_t *req)
{
	return ec_app_request_start(EC_SOE(req), true, EC_VOE_OP_WRITE);
}
EXPORT_SYMBOL(ecrt_soe_request_write);

int ecrt_soe_request_read(ec_soe_request_t *req)
{
	return ec_app_request_start(EC_SOE(req), false, EC_VOE_OP_READ);
}
EXPORT_SYMBOL(ecrt_soe_request_read);

/* VoE handlers. */

ec_voe_handler_t *ecrt_slave_config_create_voe_handler(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_app_request *r = ec_req_create(sc, EC_APP_REQ_VOE, size);

	return r ? &r->u.voe : NULL;
}
EXPORT_SYMBOL(ecrt_slave_config_create_voe_handler);

int ecrt_voe_handler_send_header(ec_voe_handler_t *voe, uint32_t vendor_id,
				 uint16_t vendor_type)
{
	if (!ec_app_request_owned(EC_VOE(voe)))
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
	if (!ec_app_request_owned(EC_VOE(voe)))
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
	return ec_req_write(EC_VOE(voe), size);
}
EXPORT_SYMBOL(ecrt_voe_handler_write);

int ecrt_voe_handler_read(ec_voe_handler_t *voe)
{
	return ec_app_request_start(EC_VOE(voe), false, EC_VOE_OP_READ);
}
EXPORT_SYMBOL(ecrt_voe_handler_read);

int ecrt_voe_handler_read_nosync(ec_voe_handler_t *voe)
{
	return ec_app_request_start(EC_VOE(voe), false,
				    EC_VOE_OP_READ_NOSYNC);
}
EXPORT_SYMBOL(ecrt_voe_handler_read_nosync);

/* The slave FSM carries the handler out: execute only reports the state. */
ec_request_state_t ecrt_voe_handler_execute(ec_voe_handler_t *voe)
{
	return ec_app_request_state(EC_VOE(voe));
}
EXPORT_SYMBOL(ecrt_voe_handler_execute);

/* FoE requests (EC_HAVE_FOE). */

ec_foe_request_t *ecrt_slave_config_create_foe_request(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_app_request *r = ec_req_create(sc, EC_APP_REQ_FOE, size);

	return r ? &r->u.foe : NULL;
}
EXPORT_SYMBOL(ecrt_slave_config_create_foe_request);

int ecrt_foe_request_file(ec_foe_request_t *req, const char *file_name,
			  uint32_t password)
{
	size_t len = file_name ? strnlen(file_name, EC_FOE_NAME_SIZE) : 0;

	if (!len || len >= EC_FOE_NAME_SIZE)
		return -EINVAL;
	if (!ec_app_request_owned(EC_FOE(req)))
		return -EBUSY;
	memcpy(req->file_name, file_name, len + 1);
	req->password = password;
	return 0;
}
EXPORT_SYMBOL(ecrt_foe_request_file);

int ecrt_foe_request_timeout(ec_foe_request_t *req, uint32_t timeout)
{
	return ec_req_timeout(EC_FOE(req), timeout);
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
	return ec_app_request_error_code(EC_FOE(req));
}
EXPORT_SYMBOL(ecrt_foe_request_error_code);

ec_request_state_t ecrt_foe_request_state(const ec_foe_request_t *req)
{
	return ec_app_request_state(EC_FOE(req));
}
EXPORT_SYMBOL(ecrt_foe_request_state);

int ecrt_foe_request_write(ec_foe_request_t *req, size_t size)
{
	return ec_req_write(EC_FOE(req), size);
}
EXPORT_SYMBOL(ecrt_foe_request_write);

int ecrt_foe_request_read(ec_foe_request_t *req)
{
	return ec_app_request_start(EC_FOE(req), false, EC_VOE_OP_READ);
}
EXPORT_SYMBOL(ecrt_foe_request_read);
