// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_mbox.c - FoE and SoE requests and VoE handlers of the userspace
 * application interface (include/ecrt.h).  One mirror (struct ec_lib_mbox)
 * and one set of four commands serve the three kinds: create, set the
 * parameters, start, state.  The library keeps the data buffer; a state
 * call asks the kernel only while the request is busy, and the data of a
 * successful read come along with that answer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt_lib.h"

/*
 * @r is the first member of the caller's calloc()ed object: on failure
 * it is freed here (with the object).
 */
static struct ec_lib_mbox *ec_lib_mbox_create(ec_slave_config_t *sc,
					      struct ec_lib_mbox *r,
					      uint8_t kind, size_t size)
{
	struct ec_lib_mbox **tail;
	int ret;

	if (size > UINT32_MAX) {
		ret = -EINVAL;
		goto out_free;
	}
	r->data = calloc(1, size ? size : 1);
	if (!r->data) {
		ret = -ENOMEM;
		goto out_free;
	}
	r->config = sc;
	r->mem_size = size;
	r->data_size = size;
	r->state = EC_REQUEST_UNUSED;
	r->io.config_index = sc->index;
	r->io.kind = kind;
	r->io.mem_size = (uint32_t)size;
	ret = ec_app_ioctl(sc->master, EC_IOCTL_MBOX_REQUEST_CREATE, &r->io);
	if (ret < 0)
		goto out_free;
	for (tail = &sc->mbox_requests; *tail; tail = &(*tail)->next)
		;
	*tail = r;
	return r;

out_free:
	free(r->data);
	free(r);
	errno = -ret;
	return NULL;
}

/* Freed with the configuration (ecrt_release_master()). */
void ec_lib_mbox_free_all(ec_slave_config_t *sc)
{
	while (sc->mbox_requests) {
		struct ec_lib_mbox *r = sc->mbox_requests;

		sc->mbox_requests = r->next;
		free(r->data);
		free(r);
	}
}

static bool ec_lib_mbox_busy(const struct ec_lib_mbox *r)
{
	return r->state == EC_REQUEST_BUSY;
}

/* Send the parameters kept in r->io. */
static int ec_lib_mbox_set(struct ec_lib_mbox *r)
{
	if (ec_lib_mbox_busy(r))
		return -EBUSY;
	return ec_app_ioctl(r->config->master, EC_IOCTL_MBOX_REQUEST_SET,
			    &r->io);
}

static int ec_lib_mbox_timeout(struct ec_lib_mbox *r, uint32_t timeout)
{
	uint32_t old = r->io.timeout_ms;
	int ret;

	r->io.timeout_ms = timeout;
	ret = ec_lib_mbox_set(r);
	if (ret)
		r->io.timeout_ms = old;
	return ret;
}

static int ec_lib_mbox_start(struct ec_lib_mbox *r, uint8_t op,
			     size_t size)
{
	struct ec_ioctl_mbox_request io = r->io;
	int ret;

	if (ec_lib_mbox_busy(r))
		return -EBUSY;
	if (op == EC_IOCTL_MBOX_WRITE && size > r->mem_size)
		return -ENOBUFS;
	io.op = op;
	io.data = (uintptr_t)r->data;
	io.data_size = op == EC_IOCTL_MBOX_WRITE ? (uint32_t)size : 0;
	ret = ec_app_ioctl(r->config->master, EC_IOCTL_MBOX_REQUEST_START,
			   &io);
	if (ret)
		return ret;
	if (op == EC_IOCTL_MBOX_WRITE)
		r->data_size = size;
	r->state = EC_REQUEST_BUSY;
	return 0;
}

static ec_request_state_t ec_lib_mbox_state(struct ec_lib_mbox *r)
{
	struct ec_ioctl_mbox_request io = r->io;

	if (!ec_lib_mbox_busy(r))
		return r->state;
	io.data = (uintptr_t)r->data;
	if (ec_app_ioctl(r->config->master, EC_IOCTL_MBOX_REQUEST_STATE,
			 &io))
		return EC_REQUEST_ERROR;
	r->state = ec_app_request_state(io.state);
	r->progress = io.progress;
	r->error_code = io.error_code;
	if (r->state == EC_REQUEST_SUCCESS) {
		r->data_size = io.data_size < r->mem_size ? io.data_size :
							    r->mem_size;
		r->io.vendor_id = io.vendor_id;	/* VoE: received header */
		r->io.vendor_type = io.vendor_type;
	}
	return r->state;
}

/* SoE requests. */

ec_soe_request_t *ecrt_slave_config_create_soe_request(ec_slave_config_t *sc,
						       uint8_t drive_no,
						       uint16_t idn,
						       size_t size)
{
	struct ec_soe_request *req;

	if (drive_no > 7) {
		errno = EINVAL;
		return NULL;
	}
	req = calloc(1, sizeof(*req));
	if (!req) {
		errno = ENOMEM;
		return NULL;
	}
	req->r.io.drive_no = drive_no;
	req->r.io.idn = idn;
	return ec_lib_mbox_create(sc, &req->r, EC_IOCTL_MBOX_SOE, size) ?
	       req : NULL;
}

int ecrt_soe_request_idn(ec_soe_request_t *req, uint8_t drive_no,
			 uint16_t idn)
{
	struct ec_ioctl_mbox_request old = req->r.io;
	int ret;

	if (drive_no > 7)
		return -EINVAL;
	req->r.io.drive_no = drive_no;
	req->r.io.idn = idn;
	ret = ec_lib_mbox_set(&req->r);
	if (ret)
		req->r.io = old;
	return ret;
}

int ecrt_soe_request_timeout(ec_soe_request_t *req, uint32_t timeout)
{
	return ec_lib_mbox_timeout(&req->r, timeout);
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
	return ec_lib_mbox_state(&req->r);
}

int ecrt_soe_request_write(ec_soe_request_t *req)
{
	return ec_lib_mbox_start(&req->r, EC_IOCTL_MBOX_WRITE,
				 req->r.data_size);
}

int ecrt_soe_request_read(ec_soe_request_t *req)
{
	return ec_lib_mbox_start(&req->r, EC_IOCTL_MBOX_READ, 0);
}

/* VoE handlers. */

ec_voe_handler_t *ecrt_slave_config_create_voe_handler(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_voe_handler *voe = calloc(1, sizeof(*voe));

	if (!voe) {
		errno = ENOMEM;
		return NULL;
	}
	return ec_lib_mbox_create(sc, &voe->r, EC_IOCTL_MBOX_VOE, size) ?
	       voe : NULL;
}

int ecrt_voe_handler_send_header(ec_voe_handler_t *voe, uint32_t vendor_id,
				 uint16_t vendor_type)
{
	voe->r.io.vendor_id = vendor_id;
	voe->r.io.vendor_type = vendor_type;
	return ec_lib_mbox_set(&voe->r);
}

int ecrt_voe_handler_received_header(const ec_voe_handler_t *voe,
				     uint32_t *vendor_id,
				     uint16_t *vendor_type)
{
	if (ec_lib_mbox_busy(&voe->r))
		return -EBUSY;
	if (vendor_id)
		*vendor_id = voe->r.io.vendor_id;
	if (vendor_type)
		*vendor_type = voe->r.io.vendor_type;
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
	int ret = ec_lib_mbox_set(&voe->r);	/* the header of this write */

	return ret ? ret : ec_lib_mbox_start(&voe->r, EC_IOCTL_MBOX_WRITE,
					     size);
}

int ecrt_voe_handler_read(ec_voe_handler_t *voe)
{
	return ec_lib_mbox_start(&voe->r, EC_IOCTL_MBOX_READ, 0);
}

int ecrt_voe_handler_read_nosync(ec_voe_handler_t *voe)
{
	return ec_lib_mbox_start(&voe->r, EC_IOCTL_MBOX_READ_NOSYNC, 0);
}

ec_request_state_t ecrt_voe_handler_execute(ec_voe_handler_t *voe)
{
	return ec_lib_mbox_state(&voe->r);
}

/* FoE requests (EC_HAVE_FOE). */

ec_foe_request_t *ecrt_slave_config_create_foe_request(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_foe_request *req = calloc(1, sizeof(*req));

	if (!req) {
		errno = ENOMEM;
		return NULL;
	}
	if (!ec_lib_mbox_create(sc, &req->r, EC_IOCTL_MBOX_FOE, size))
		return NULL;
	req->r.data_size = 0;
	return req;
}

int ecrt_foe_request_file(ec_foe_request_t *req, const char *file_name,
			  uint32_t password)
{
	struct ec_ioctl_mbox_request old = req->r.io;
	size_t len = file_name ? strlen(file_name) : 0;
	int ret;

	if (!len || len > EC_FOE_FILE_NAME_MAX)
		return -EINVAL;
	memcpy(req->r.io.file_name, file_name, len + 1);
	req->r.io.password = password;
	ret = ec_lib_mbox_set(&req->r);
	if (ret)
		req->r.io = old;
	return ret;
}

int ecrt_foe_request_timeout(ec_foe_request_t *req, uint32_t timeout)
{
	return ec_lib_mbox_timeout(&req->r, timeout);
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
	return ec_lib_mbox_state(&req->r);
}

int ecrt_foe_request_write(ec_foe_request_t *req, size_t size)
{
	return ec_lib_mbox_start(&req->r, EC_IOCTL_MBOX_WRITE, size);
}

int ecrt_foe_request_read(ec_foe_request_t *req)
{
	return ec_lib_mbox_start(&req->r, EC_IOCTL_MBOX_READ, 0);
}
