// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_mbox.c - the kernel's blocking ecrt_* calls of the mailbox
 * protocols: SDO and SoE transfers, through the one life cycle of
 * request.c (process context only), and the startup IDNs of a slave
 * configuration.  The requests of the cyclic task are in ecrt_request.c.
 */
#include <linux/module.h>
#include <linux/string.h>

#include "ecrt.h"
#include "request.h"
#include "request/requests.h"
#include "app/slave_config.h"

static struct ec_linux_master *ec_mbox_lm(ec_master_t *master)
{
	return container_of(master, struct ec_linux_master, core);
}

/* An SDO transfer, waited for; @buf of @size is the data or the buffer. */
static int ec_sdo_transfer(ec_master_t *master, u16 position, u16 index,
			   u8 subindex, bool complete, bool write, void *buf,
			   size_t size, size_t *result_size, u32 *abort_code)
{
	struct ec_sdo_request *req;
	struct ec_linux_req *r;
	bool orphaned;
	int ret;

	if (!size)
		return -EINVAL;
	r = ec_linux_req_alloc(EC_REQ_SDO, size, NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	req = EC_LINUX_REQ(r, struct ec_sdo_request);
	req->write = write;
	req->index = index;
	req->subindex = subindex;
	req->complete_access = complete;
	req->data = r->buf;
	req->mem_size = size;
	if (write) {
		memcpy(r->buf, buf, size);
		req->data_size = size;
	}
	ret = ec_linux_req_run(ec_mbox_lm(master), position, r,
			       EC_REQUEST_WAIT_MS, &orphaned);
	if (orphaned)
		return ret;
	if (abort_code)
		*abort_code = req->abort_code;
	if (!ret && !write) {
		memcpy(buf, r->buf, req->data_size);
		*result_size = req->data_size;
	}
	ec_linux_req_free(r);
	return ret;
}

/**
 * ecrt_master_sdo_download() - write an SDO, blocking
 *
 * Process context only: not from the cyclic task in the operation phase.
 */
int ecrt_master_sdo_download(ec_master_t *master, uint16_t slave_position,
			     uint16_t index, uint8_t subindex,
			     const uint8_t *data, size_t data_size,
			     uint32_t *abort_code)
{
	return ec_sdo_transfer(master, slave_position, index, subindex, false,
			       true, (void *)data, data_size, NULL,
			       abort_code);
}
EXPORT_SYMBOL(ecrt_master_sdo_download);

int ecrt_master_sdo_download_complete(ec_master_t *master,
				      uint16_t slave_position, uint16_t index,
				      const uint8_t *data, size_t data_size,
				      uint32_t *abort_code)
{
	return ec_sdo_transfer(master, slave_position, index, 0, true, true,
			       (void *)data, data_size, NULL, abort_code);
}
EXPORT_SYMBOL(ecrt_master_sdo_download_complete);

/**
 * ecrt_master_sdo_upload() - read an SDO, blocking
 *
 * Process context only: not from the cyclic task in the operation phase.
 */
int ecrt_master_sdo_upload(ec_master_t *master, uint16_t slave_position,
			   uint16_t index, uint8_t subindex, uint8_t *target,
			   size_t target_size, size_t *result_size,
			   uint32_t *abort_code)
{
	int ret = ec_sdo_transfer(master, slave_position, index, subindex,
				  false, false, target, target_size,
				  result_size, abort_code);

	/*
	 * IgH 1.6: a value larger than @target_size is -ENOBUFS and leaves
	 * *@result_size alone; a failed transfer sets it to 0.
	 */
	if (ret == -EOVERFLOW)
		return -ENOBUFS;
	if (ret && result_size)
		*result_size = 0;
	return ret;
}
EXPORT_SYMBOL(ecrt_master_sdo_upload);

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
 * Return: 0 or -errno (-ENOBUFS when the value exceeds @target_size).
 */
int ecrt_master_read_idn(ec_master_t *master, uint16_t slave_position,
			 uint8_t drive_no, uint16_t idn, uint8_t *target,
			 size_t target_size, size_t *result_size,
			 uint16_t *error_code)
{
	int ret;

	if (!target || !target_size || !result_size)
		return -EINVAL;
	ret = ec_linux_soe_transfer(ec_mbox_lm(master), slave_position,
				    drive_no, idn, 0, false, target,
				    target_size, 0, result_size, error_code);
	/* IgH 1.6: a value larger than @target_size is -ENOBUFS */
	return ret == -EOVERFLOW ? -ENOBUFS : ret;
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
