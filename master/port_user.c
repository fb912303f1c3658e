// SPDX-License-Identifier: GPL-2.0-only
/*
 * port_user.c - logging for the userspace build of the core.
 */
#ifndef __KERNEL__
#include "port.h"

static void ec_port_default_sink(int level, const char *line)
{
	static const char *const names[] = { "ERR", "WARN", "INFO", "DBG" };

	if (!getenv("EC_CORE_VERBOSE"))
		return;
	fprintf(stderr, "[%s] %s\n", names[level & 3], line);
}

int ec_port_io_held;

void ec_port_io_lock(struct ec_master *master)
{
	(void)master;
	if (ec_port_io_held) {
		fprintf(stderr, "%s: already held (deadlock)\n", __func__);
		abort();
	}
	ec_port_io_held = 1;
}

void ec_port_io_unlock(struct ec_master *master)
{
	(void)master;
	if (!ec_port_io_held) {
		fprintf(stderr, "%s: not held\n", __func__);
		abort();
	}
	ec_port_io_held = 0;
}

static ec_log_sink_t ec_port_sink = ec_port_default_sink;

void ec_port_set_log(ec_log_sink_t sink)
{
	ec_port_sink = sink ? sink : ec_port_default_sink;
}

void ec_port_log(int level, const char *fmt, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	ec_port_sink(level, line);
}
#endif
