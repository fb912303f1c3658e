// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl_health.c - libethercat's ioctl layer, link health: the ESC error
 * counters as the master keeps them (ec_ioctl_health.h).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "ec_lib_io.h"

/**
 * ec_lib_slave_health() - a slave's error counter totals, counts per
 * window and the ends of its cables (EC_IOCTL_SLAVE_HEALTH)
 * @m: open handle
 * @position: ring position
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave_health(struct ec_lib_master *m, uint16_t position,
			struct ec_ioctl_slave_health *out)
{
	memset(out, 0, sizeof(*out));
	out->slave_position = position;
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_HEALTH, out, "link health");
}

/**
 * ec_lib_master_health() - the link health watch: its cost, figures and
 * the number of unhealthy cables (EC_IOCTL_MASTER_HEALTH)
 * @m: open handle
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_master_health(struct ec_lib_master *m,
			 struct ec_ioctl_master_health *out)
{
	memset(out, 0, sizeof(*out));
	return ec_lib_ioctl(m, EC_IOCTL_MASTER_HEALTH, out,
			    "link health summary");
}

/**
 * ec_lib_health_enable() - switch the master's error counter reads on or
 * off (EC_IOCTL_HEALTH_ENABLE)
 * @m: handle opened for writing
 * @on: read them
 *
 * Return: 0 or -errno.
 */
int ec_lib_health_enable(struct ec_lib_master *m, bool on)
{
	struct ec_ioctl_health_enable in;

	memset(&in, 0, sizeof(in));
	in.enabled = on;
	return ec_lib_ioctl(m, EC_IOCTL_HEALTH_ENABLE, &in,
			    "link health switch");
}
