/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tool_fake_lib.h - the part of a fake ioctl layer that every tool test
 * has alike: closing, error texts, the ABI version and the module answer;
 * and, unless the includer defines EC_FAKE_LIB_OWN_OPEN and brings its
 * own ec_lib_open() and ec_lib_version_text() (tool_fake_bus.h), opening
 * master 0 (any other index fails as a missing device does).  A test file
 * includes it once and defines the other ec_lib_* functions over its own
 * fake bus.
 */
#ifndef EC_TEST_TOOL_FAKE_LIB_H
#define EC_TEST_TOOL_FAKE_LIB_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ec_lib.h"

void ec_lib_close(struct ec_lib_master *m)
{
	m->fd = -1;
}

const char *ec_lib_error(const struct ec_lib_master *m)
{
	return m->errbuf;
}

const char *ec_lib_strerror(int err)
{
	return strerror(-err);
}

bool ec_lib_version_matches(uint32_t v)
{
	return v == EC_IOCTL_VERSION;
}

int ec_lib_module(struct ec_lib_master *m, struct ec_ioctl_module *out)
{
	*out = m->module;
	return 0;
}

#ifndef EC_FAKE_LIB_OWN_CAPTURE
/* No capture ring, unless the test brings its own (check_tool_capture). */
int ec_lib_capture_read(struct ec_lib_master *m, uint64_t from_seq,
			void *buf, uint32_t size, uint32_t flags,
			struct ec_ioctl_capture_read *out)
{
	(void)m;
	(void)from_seq;
	(void)buf;
	(void)size;
	(void)flags;
	memset(out, 0, sizeof(*out));
	return -ENODEV;
}

int ec_lib_recorder_info(struct ec_lib_master *m, uint32_t index,
			 struct ec_ioctl_recorder_info *out)
{
	(void)m;
	(void)index;
	memset(out, 0, sizeof(*out));
	return -ENODEV;
}

int ec_lib_recorder_read(struct ec_lib_master *m, uint32_t id,
			 uint32_t offset, void *buf, uint32_t size,
			 uint32_t *bytes)
{
	(void)m;
	(void)id;
	(void)offset;
	(void)buf;
	(void)size;
	*bytes = 0;
	return -ENODEV;
}
#endif

#ifndef EC_FAKE_LIB_OWN_OPEN
static bool fake_opened_writable;	/* a master was opened for writing */

int ec_lib_open(struct ec_lib_master *m, unsigned int index, bool writable)
{
	memset(m, 0, sizeof(*m));
	m->index = index;
	m->writable = writable;
	m->module.ioctl_version = EC_IOCTL_VERSION;
	m->module.master_count = 1;
	if (index > 0) {
		m->fd = -1;
		snprintf(m->errbuf, sizeof(m->errbuf),
			 "failed to open /dev/EtherCAT%u", index);
		return -ENOENT;
	}
	fake_opened_writable |= writable;
	m->fd = 99;
	return 0;
}

int ec_lib_version_text(char *buf, size_t size, uint32_t v)
{
	return snprintf(buf, size, "version %u", v);
}

#endif

/*
 * Link health (ec_ioctl_health.h): what fake_health[] holds, by ring
 * position (zero: not read yet, no faults), and fake_master_health.
 */
#define FAKE_HEALTH_SLAVES 8
static struct ec_ioctl_slave_health fake_health[FAKE_HEALTH_SLAVES]
	__attribute__((unused));
static struct ec_ioctl_master_health fake_master_health
	__attribute__((unused));
static bool fake_health_on __attribute__((unused)) = true;

int ec_lib_slave_health(struct ec_lib_master *m, uint16_t position,
			struct ec_ioctl_slave_health *out)
{
	unsigned int p;

	(void)m;
	if (position < FAKE_HEALTH_SLAVES) {
		*out = fake_health[position];
	} else {
		memset(out, 0, sizeof(*out));
		for (p = 0; p < EC_IOCTL_MAX_PORTS; p++)
			out->peer[p] = EC_IOCTL_HEALTH_PEER_NONE;
	}
	out->slave_position = position;
	return 0;
}

int ec_lib_master_health(struct ec_lib_master *m,
			 struct ec_ioctl_master_health *out)
{
	(void)m;
	*out = fake_master_health;
	out->enabled = fake_health_on;
	return 0;
}

int ec_lib_health_enable(struct ec_lib_master *m, bool on)
{
	(void)m;
	fake_health_on = on;
	return 0;
}

#endif /* EC_TEST_TOOL_FAKE_LIB_H */
