// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_mbox.c - FoE and SoE requests and VoE handlers of the userspace
 * application interface (include/ecrt.h): their parameters on the one
 * request mirror of ecrt_request.c (struct ec_lib_req).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt_lib.h"

/* SoE requests. */

ec_soe_request_t *ecrt_slave_config_create_soe_request(ec_slave_config_t *sc,
						       uint8_t drive_no,
						       uint16_t idn,
						       size_t size)
{
	struct ec_ioctl_app_req p = {
		.kind = EC_IOCTL_REQ_SOE,
		.drive_no = drive_no,
		.idn = idn,
	};

	if (drive_no > 7) {
		errno = EINVAL;
		return NULL;
	}
	return EC_LIB_REQ_AS(ec_lib_req_create(sc, &p, size),
			     ec_soe_request_t);
}

int ecrt_soe_request_idn(ec_soe_request_t *req, uint8_t drive_no,
			 uint16_t idn)
{
	struct ec_ioctl_app_req io = req->r.io;

	if (drive_no > 7)
		return -EINVAL;
	io.drive_no = drive_no;
	io.idn = idn;
	return ec_lib_req_set(&req->r, &io, EC_IOCTL_REQ_SET_TARGET);
}

int ecrt_soe_request_timeout(ec_soe_request_t *req, uint32_t timeout)
{
	return ec_lib_req_timeout(&req->r, timeout);
}

uint8_t *ecrt_soe_request_data(const ec_soe_request_t *req)
{
	return req->r.data;
}

size_t ecrt_soe_request_data_size(const ec_soe_request_t *req)
{
	return req->r.data_size;
}

ec_request_state_t ecrt_soe_request_state(ec_soe_request_t *req)
{
	return ec_lib_req_state(&req->r);
}

int ecrt_soe_request_write(ec_soe_request_t *req)
{
	return ec_lib_req_start(&req->r, EC_IOCTL_MBOX_WRITE,
				 req->r.data_size);
}

int ecrt_soe_request_read(ec_soe_request_t *req)
{
	return ec_lib_req_start(&req->r, EC_IOCTL_MBOX_READ, 0);
}

/* VoE handlers. */

ec_voe_handler_t *ecrt_slave_config_create_voe_handler(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_ioctl_app_req p = { .kind = EC_IOCTL_REQ_VOE };

	return EC_LIB_REQ_AS(ec_lib_req_create(sc, &p, size),
			     ec_voe_handler_t);
}

int ecrt_voe_handler_send_header(ec_voe_handler_t *voe, uint32_t vendor_id,
				 uint16_t vendor_type)
{
	struct ec_ioctl_app_req io = voe->r.io;

	io.vendor_id = vendor_id;
	io.vendor_type = vendor_type;
	return ec_lib_req_set(&voe->r, &io, EC_IOCTL_REQ_SET_TARGET);
}

int ecrt_voe_handler_received_header(const ec_voe_handler_t *voe,
				     uint32_t *vendor_id,
				     uint16_t *vendor_type)
{
	if (ec_lib_req_busy(&voe->r))
		return -EBUSY;
	if (vendor_id)
		*vendor_id = voe->r.rx_vendor_id;
	if (vendor_type)
		*vendor_type = voe->r.rx_vendor_type;
	return 0;
}

uint8_t *ecrt_voe_handler_data(const ec_voe_handler_t *voe)
{
	return voe->r.data;
}

size_t ecrt_voe_handler_data_size(const ec_voe_handler_t *voe)
{
	return voe->r.data_size;
}

int ecrt_voe_handler_write(ec_voe_handler_t *voe, size_t size)
{
	/* the header of this write */
	int ret = ec_lib_req_set(&voe->r, &voe->r.io,
				 EC_IOCTL_REQ_SET_TARGET);

	return ret ? ret : ec_lib_req_start(&voe->r, EC_IOCTL_MBOX_WRITE,
					     size);
}

int ecrt_voe_handler_read(ec_voe_handler_t *voe)
{
	return ec_lib_req_start(&voe->r, EC_IOCTL_MBOX_READ, 0);
}

int ecrt_voe_handler_read_nosync(ec_voe_handler_t *voe)
{
	return ec_lib_req_start(&voe->r, EC_IOCTL_MBOX_READ_NOSYNC, 0);
}

ec_request_state_t ecrt_voe_handler_execute(ec_voe_handler_t *voe)
{
	return ec_lib_req_state(&voe->r);
}

/* FoE requests (EC_HAVE_FOE). */

ec_foe_request_t *ecrt_slave_config_create_foe_request(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_ioctl_app_req p = { .kind = EC_IOCTL_REQ_FOE };
	struct ec_lib_req *r = ec_lib_req_create(sc, &p, size);

	if (r)
		r->data_size = 0;
	return EC_LIB_REQ_AS(r, ec_foe_request_t);
}

int ecrt_foe_request_file(ec_foe_request_t *req, const char *file_name,
			  uint32_t password)
{
	struct ec_ioctl_app_req io = req->r.io;
	size_t len = file_name ? strlen(file_name) : 0;

	if (!len || len > EC_FOE_FILE_NAME_MAX)
		return -EINVAL;
	memcpy(io.file_name, file_name, len + 1);
	io.password = password;
	return ec_lib_req_set(&req->r, &io, EC_IOCTL_REQ_SET_TARGET);
}

int ecrt_foe_request_timeout(ec_foe_request_t *req, uint32_t timeout)
{
	return ec_lib_req_timeout(&req->r, timeout);
}

uint8_t *ecrt_foe_request_data(const ec_foe_request_t *req)
{
	return req->r.data;
}

size_t ecrt_foe_request_data_size(const ec_foe_request_t *req)
{
	return req->r.data_size;
}

size_t ecrt_foe_request_progress(const ec_foe_request_t *req)
{
	return req->r.progress;
}

uint32_t ecrt_foe_request_error_code(const ec_foe_request_t *req)
{
	return req->r.error_code;
}

ec_request_state_t ecrt_foe_request_state(ec_foe_request_t *req)
{
	return ec_lib_req_state(&req->r);
}

int ecrt_foe_request_write(ec_foe_request_t *req, size_t size)
{
	return ec_lib_req_start(&req->r, EC_IOCTL_MBOX_WRITE, size);
}

int ecrt_foe_request_read(ec_foe_request_t *req)
{
	return ec_lib_req_start(&req->r, EC_IOCTL_MBOX_READ, 0);
}
