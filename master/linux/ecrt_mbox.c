// SPDX-License-Identifier: GPL-2.0-only
/*
 * ecrt_mbox.c - the kernel's ecrt_* calls of the mailbox protocols beyond
 * CoE: the blocking SoE transfers and the startup IDNs of a slave
 * configuration (process context only, like the blocking SDO calls).
 * The requests of the cyclic task are in ecrt_request.c.
 */
#include <linux/module.h>
#include <linux/string.h>

#include "ecrt.h"
#include "ioctl_request.h"
#include "request/requests.h"
#include "app/slave_config.h"

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
