// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_request.c - the requests of the userspace application interface
 * (include/ecrt.h): one mirror (struct ec_lib_req) and one set of four
 * commands (EC_IOCTL_APP_REQ_CREATE/SET/START/STATE) for every kind; the
 * SDO and register requests here, FoE, SoE and VoE in ecrt_mbox.c.  The
 * library keeps the data buffer; a state call asks the kernel only while
 * the request is busy, and the data of a successful read come along with
 * that answer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt_lib.h"

struct ec_lib_req *ec_lib_req_create(ec_slave_config_t *sc,
				     const struct ec_ioctl_app_req *params,
				     size_t size)
{
	struct ec_lib_req **tail, *r;
	int ret;

	if (size > UINT32_MAX) {
		errno = EINVAL;
		return NULL;
	}
	r = calloc(1, sizeof(*r));
	if (!r) {
		errno = ENOMEM;
		return NULL;
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
	r->io = *params;
	r->io.config_index = sc->index;
	r->io.mem_size = (uint32_t)size;
	ret = ec_app_ioctl(sc->master, EC_IOCTL_APP_REQ_CREATE, &r->io);
	if (ret < 0)
		goto out_free;
	for (tail = &sc->requests; *tail; tail = &(*tail)->next)
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
void ec_lib_req_free_all(ec_slave_config_t *sc)
{
	while (sc->requests) {
		struct ec_lib_req *r = sc->requests;

		sc->requests = r->next;
		free(r->data);
		free(r);
	}
}

bool ec_lib_req_busy(const struct ec_lib_req *r)
{
	return r->state == EC_REQUEST_BUSY;
}

/*
 * Send the parameters @io names in @what; the mirror takes them when the
 * kernel did.
 */
int ec_lib_req_set(struct ec_lib_req *r, const struct ec_ioctl_app_req *io,
		   uint8_t what)
{
	struct ec_ioctl_app_req next = *io;
	int ret;

	if (ec_lib_req_busy(r))
		return -EBUSY;
	next.set = what;
	ret = ec_app_ioctl(r->config->master, EC_IOCTL_APP_REQ_SET, &next);
	if (!ret) {
		r->io = next;
		r->io.set = 0;
	}
	return ret;
}

int ec_lib_req_timeout(struct ec_lib_req *r, uint32_t timeout)
{
	struct ec_ioctl_app_req io = r->io;

	io.timeout_ms = timeout;
	return ec_lib_req_set(r, &io, EC_IOCTL_REQ_SET_TIMEOUT);
}

/*
 * Start a read or a write (@op); @size: the bytes to write (a register
 * request: to read or write).
 */
int ec_lib_req_start(struct ec_lib_req *r, uint8_t op, size_t size)
{
	struct ec_ioctl_app_req io = r->io;
	bool write = op == EC_IOCTL_MBOX_WRITE;
	int ret;

	if (ec_lib_req_busy(r))
		return -EBUSY;
	if (size > r->mem_size)
		return -ENOBUFS;
	io.op = op;
	io.data = write ? (uintptr_t)r->data : 0;
	io.data_size = (uint32_t)size;
	ret = ec_app_ioctl(r->config->master, EC_IOCTL_APP_REQ_START, &io);
	if (ret)
		return ret;
	if (write)
		r->data_size = size;
	r->write = write;
	r->state = EC_REQUEST_BUSY;
	return 0;
}

ec_request_state_t ec_lib_req_state(struct ec_lib_req *r)
{
	struct ec_ioctl_app_req io = r->io;

	if (!ec_lib_req_busy(r))
		return r->state;
	io.data = (uintptr_t)r->data;
	io.mem_size = (uint32_t)r->mem_size;
	if (ec_app_ioctl(r->config->master, EC_IOCTL_APP_REQ_STATE, &io))
		return EC_REQUEST_ERROR;
	r->state = ec_app_request_state(io.state);
	r->progress = io.progress;
	r->error_code = io.error_code;
	if (r->state == EC_REQUEST_SUCCESS && !r->write) {
		r->data_size = io.data_size < r->mem_size ? io.data_size :
							    r->mem_size;
		r->rx_vendor_id = io.vendor_id;	/* VoE: received header */
		r->rx_vendor_type = io.vendor_type;
	}
	return r->state;
}

/* SDO requests. */

ec_sdo_request_t *ecrt_slave_config_create_sdo_request(ec_slave_config_t *sc,
						       uint16_t index,
						       uint8_t subindex,
						       size_t size)
{
	struct ec_ioctl_app_req p = {
		.kind = EC_IOCTL_REQ_SDO,
		.sdo_index = index,
		.sdo_subindex = subindex,
	};

	return EC_LIB_REQ_AS(ec_lib_req_create(sc, &p, size),
			     ec_sdo_request_t);
}

int ecrt_sdo_request_index(ec_sdo_request_t *req, uint16_t index,
			   uint8_t subindex)
{
	struct ec_ioctl_app_req io = req->r.io;

	io.sdo_index = index;
	io.sdo_subindex = subindex;
	return ec_lib_req_set(&req->r, &io, EC_IOCTL_REQ_SET_TARGET);
}

int ecrt_sdo_request_timeout(ec_sdo_request_t *req, uint32_t timeout)
{
	return ec_lib_req_timeout(&req->r, timeout);
}

uint8_t *ecrt_sdo_request_data(const ec_sdo_request_t *req)
{
	return req->r.data;
}

size_t ecrt_sdo_request_data_size(const ec_sdo_request_t *req)
{
	return req->r.data_size;
}

ec_request_state_t ecrt_sdo_request_state(ec_sdo_request_t *req)
{
	return ec_lib_req_state(&req->r);
}

int ecrt_sdo_request_write(ec_sdo_request_t *req)
{
	return ec_lib_req_start(&req->r, EC_IOCTL_MBOX_WRITE,
				req->r.data_size);
}

int ecrt_sdo_request_read(ec_sdo_request_t *req)
{
	return ec_lib_req_start(&req->r, EC_IOCTL_MBOX_READ, 0);
}

/* Register requests. */

ec_reg_request_t *ecrt_slave_config_create_reg_request(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_ioctl_app_req p = { .kind = EC_IOCTL_REQ_REG };

	if (!size) {
		errno = EINVAL;
		return NULL;
	}
	return EC_LIB_REQ_AS(ec_lib_req_create(sc, &p, size),
			     ec_reg_request_t);
}

uint8_t *ecrt_reg_request_data(const ec_reg_request_t *req)
{
	return req->r.data;
}

ec_request_state_t ecrt_reg_request_state(const ec_reg_request_t *req)
{
	return ec_lib_req_state(&((ec_reg_request_t *)req)->r);
}

static int ec_lib_reg_start(ec_reg_request_t *req, bool write,
			    uint16_t address, size_t size)
{
	if (!size)
		return -ENOBUFS;
	req->r.io.address = address;
	return ec_lib_req_start(&req->r, write ? EC_IOCTL_MBOX_WRITE :
				EC_IOCTL_MBOX_READ, size);
}

int ecrt_reg_request_write(ec_reg_request_t *req, uint16_t address,
			   size_t size)
{
	return ec_lib_reg_start(req, true, address, size);
}

int ecrt_reg_request_read(ec_reg_request_t *req, uint16_t address,
			  size_t size)
{
	return ec_lib_reg_start(req, false, address, size);
}
