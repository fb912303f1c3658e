// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ecrt_request.c - SDO and register requests of the userspace application
 * interface (include/ecrt.h); FoE, SoE and VoE: ecrt_mbox.c.  The library keeps the data buffer; the
 * kernel's request is named by (config index, request index).  Polling
 * the state asks the kernel only while the request is busy; when a read
 * succeeded, the data comes along with that answer.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ecrt_lib.h"

ec_sdo_request_t *ecrt_slave_config_create_sdo_request(ec_slave_config_t *sc,
						       uint16_t index,
						       uint8_t subindex,
						       size_t size)
{
	struct ec_ioctl_sdo_request data;
	struct ec_sdo_request *req, **tail;
	int ret;

	if (size > UINT32_MAX) {
		errno = EINVAL;
		return NULL;
	}
	req = calloc(1, sizeof(*req));
	if (!req)
		goto out_nomem;
	req->data = calloc(1, size ? size : 1);
	if (!req->data)
		goto out_nomem;
	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.sdo_index = index;
	data.sdo_subindex = subindex;
	data.size = size;
	ret = ec_app_ioctl(sc->master, EC_IOCTL_SDO_REQUEST_CREATE, &data);
	if (ret < 0) {
		free(req->data);
		free(req);
		errno = -ret;
		return NULL;
	}
	req->config = sc;
	req->index = data.request_index;
	req->sdo_index = index;
	req->sdo_subindex = subindex;
	req->mem_size = size;
	req->data_size = size;
	req->state = EC_REQUEST_UNUSED;
	for (tail = &sc->sdo_requests; *tail; tail = &(*tail)->next)
		;
	*tail = req;
	sc->sdo_request_count++;
	return req;

out_nomem:
	if (req)
		free(req->data);
	free(req);
	errno = ENOMEM;
	return NULL;
}

ec_reg_request_t *ecrt_slave_config_create_reg_request(ec_slave_config_t *sc,
						       size_t size)
{
	struct ec_ioctl_reg_request data;
	struct ec_reg_request *req, **tail;
	int ret;

	if (!size || size > UINT32_MAX) {
		errno = EINVAL;
		return NULL;
	}
	req = calloc(1, sizeof(*req));
	if (req)
		req->data = calloc(1, size);
	if (!req || !req->data) {
		free(req);
		errno = ENOMEM;
		return NULL;
	}
	memset(&data, 0, sizeof(data));
	data.config_index = sc->index;
	data.mem_size = size;
	ret = ec_app_ioctl(sc->master, EC_IOCTL_REG_REQUEST_CREATE, &data);
	if (ret < 0) {
		free(req->data);
		free(req);
		errno = -ret;
		return NULL;
	}
	req->config = sc;
	req->index = data.request_index;
	req->mem_size = size;
	req->state = EC_REQUEST_UNUSED;
	for (tail = &sc->reg_requests; *tail; tail = &(*tail)->next)
		;
	*tail = req;
	sc->reg_request_count++;
	return req;
}

static void ec_app_sdo_fill(struct ec_ioctl_sdo_request *data,
			    const ec_sdo_request_t *req)
{
	memset(data, 0, sizeof(*data));
	data->config_index = req->config->index;
	data->request_index = req->index;
	data->sdo_index = req->sdo_index;
	data->sdo_subindex = req->sdo_subindex;
}

int ecrt_sdo_request_index(ec_sdo_request_t *req, uint16_t index,
			   uint8_t subindex)
{
	struct ec_ioctl_sdo_request data;
	int ret;

	ec_app_sdo_fill(&data, req);
	data.sdo_index = index;
	data.sdo_subindex = subindex;
	ret = ec_app_ioctl(req->config->master, EC_IOCTL_SDO_REQUEST_INDEX,
			   &data);
	if (!ret) {
		req->sdo_index = index;
		req->sdo_subindex = subindex;
	}
	return ret;
}

int ecrt_sdo_request_timeout(ec_sdo_request_t *req, uint32_t timeout)
{
	struct ec_ioctl_sdo_request data;

	ec_app_sdo_fill(&data, req);
	data.timeout_ms = timeout;
	return ec_app_ioctl(req->config->master, EC_IOCTL_SDO_REQUEST_TIMEOUT,
			    &data);
}

uint8_t *ecrt_sdo_request_data(const ec_sdo_request_t *req)
{
	return req->data;
}

size_t ecrt_sdo_request_data_size(const ec_sdo_request_t *req)
{
	return req->data_size;
}

ec_request_state_t ecrt_sdo_request_state(ec_sdo_request_t *req)
{
	struct ec_ioctl_sdo_request data;

	if (req->state != EC_REQUEST_BUSY)
		return req->state;
	ec_app_sdo_fill(&data, req);
	data.size = req->mem_size;
	data.data = (uintptr_t)req->data;
	if (ec_app_ioctl(req->config->master, EC_IOCTL_SDO_REQUEST_STATE,
			 &data) < 0)
		return req->state;	/* unknown: still busy */
	req->state = ec_app_request_state(data.state);
	if (req->state == EC_REQUEST_SUCCESS)
		req->data_size = data.data_size < req->mem_size ?
			data.data_size : req->mem_size;
	return req->state;
}

int ecrt_sdo_request_write(ec_sdo_request_t *req)
{
	struct ec_ioctl_sdo_request data;
	int ret;

	if (req->data_size > req->mem_size)
		return -ENOBUFS;
	ec_app_sdo_fill(&data, req);
	data.size = req->data_size;
	data.data = (uintptr_t)req->data;
	ret = ec_app_ioctl(req->config->master, EC_IOCTL_SDO_REQUEST_WRITE,
			   &data);
	if (!ret)
		req->state = EC_REQUEST_BUSY;
	return ret;
}

int ecrt_sdo_request_read(ec_sdo_request_t *req)
{
	struct ec_ioctl_sdo_request data;
	int ret;

	ec_app_sdo_fill(&data, req);
	ret = ec_app_ioctl(req->config->master, EC_IOCTL_SDO_REQUEST_READ,
			   &data);
	if (!ret)
		req->state = EC_REQUEST_BUSY;
	return ret;
}

uint8_t *ecrt_reg_request_data(const ec_reg_request_t *req)
{
	return req->data;
}

ec_request_state_t ecrt_reg_request_state(const ec_reg_request_t *creq)
{
	ec_reg_request_t *req = (ec_reg_request_t *)creq;
	struct ec_ioctl_reg_request data;

	if (req->state != EC_REQUEST_BUSY)
		return req->state;
	memset(&data, 0, sizeof(data));
	data.config_index = req->config->index;
	data.request_index = req->index;
	if (!req->write) {
		data.size = req->transfer_size;
		data.data = (uintptr_t)req->data;
	}
	if (ec_app_ioctl(req->config->master, EC_IOCTL_REG_REQUEST_STATE,
			 &data) < 0)
		return req->state;
	req->state = ec_app_request_state(data.state);
	return req->state;
}

static int ec_app_reg_start(ec_reg_request_t *req, bool write,
			    uint16_t address, size_t size)
{
	struct ec_ioctl_reg_request data;
	int ret;

	if (!size || size > req->mem_size)
		return -ENOBUFS;
	memset(&data, 0, sizeof(data));
	data.config_index = req->config->index;
	data.request_index = req->index;
	data.address = address;
	data.size = size;
	if (write)
		data.data = (uintptr_t)req->data;
	ret = ec_app_ioctl(req->config->master,
			   write ? EC_IOCTL_REG_REQUEST_WRITE :
				   EC_IOCTL_REG_REQUEST_READ, &data);
	if (!ret) {
		req->write = write;
		req->address = address;
		req->transfer_size = size;
		req->state = EC_REQUEST_BUSY;
	}
	return ret;
}

int ecrt_reg_request_write(ec_reg_request_t *req, uint16_t address,
			   size_t size)
{
	return ec_app_reg_start(req, true, address, size);
}

int ecrt_reg_request_read(ec_reg_request_t *req, uint16_t address,
			  size_t size)
{
	return ec_app_reg_start(req, false, address, size);
}
