// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl.c - libethercat's ioctl layer over /dev/EtherCAT<n>: opening and
 * closing a master device with the ABI version check, the one ioctl call
 * and its error texts, and the master's own commands (module, master,
 * redundancy, monitoring, rescan, debug level, EoE interfaces).  The
 * slaves' commands are in ioctl_slave.c, the application's
 * configurations and domains in ioctl_config.c.
 *
 * One thin wrapper per command of include/ec_ioctl.h.  Each fills the
 * request (reserved fields zero, as the ABI demands), retries on EINTR and
 * returns 0 or -errno; the text of the failure is kept in the handle.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ec_lib_io.h"

/* Keep the text of a failure in the handle (ec_lib_error()). */
void ec_lib_set_error(struct ec_lib_master *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->errbuf, sizeof(m->errbuf), fmt, ap);
	va_end(ap);
}

/**
 * ec_lib_strerror() - text for a negative errno returned by this library
 * @err: a value returned by an ec_lib_* action (negative errno)
 *
 * Return: a static string.
 */
const char *ec_lib_strerror(int err)
{
	return strerror(err < 0 ? -err : err);
}

/**
 * ec_lib_error() - text of the last failure on a handle
 * @m: the handle
 *
 * Return: the message, or "" when nothing failed yet.
 */
const char *ec_lib_error(const struct ec_lib_master *m)
{
	return m->errbuf;
}

/**
 * ec_lib_version_matches() - whether a module's ioctl ABI version is ours
 * @module_version: ioctl_version as reported by EC_IOCTL_MODULE
 */
bool ec_lib_version_matches(uint32_t module_version)
{
	return module_version == EC_IOCTL_VERSION;
}

/**
 * ec_lib_version_text() - the message for an ioctl ABI version mismatch
 * @buf: output buffer
 * @size: size of @buf
 * @module_version: the version the module speaks
 *
 * Return: the length snprintf() reports.
 */
int ec_lib_version_text(char *buf, size_t size, uint32_t module_version)
{
	return snprintf(buf, size,
			"ioctl ABI version mismatch: library/tool built for %u, module ec_master speaks %u; rebuild or reinstall one of them",
			(unsigned int)EC_IOCTL_VERSION,
			(unsigned int)module_version);
}

/*
 * The one EINTR loop of the library: the ioctl layer below and the
 * application interface (ec_app_ioctl()) both go through it.  @arg is
 * the pointer or the plain integer the command takes.
 */
int ec_lib_ioctl_retry(int fd, unsigned long cmd, unsigned long arg)
{
	int ret;

	do {
		ret = ioctl(fd, cmd, arg);
	} while (ret < 0 && errno == EINTR);
	return ret < 0 ? -errno : ret;
}

/*
 * The one ioctl call of the layer: retried on EINTR; on failure the text
 * "@what: reason" is kept in the handle.  Returns 0 or -errno.
 */
int ec_lib_ioctl(struct ec_lib_master *m, unsigned long cmd, void *arg,
		 const char *what)
{
	int ret;

	if (m->fd < 0) {
		ec_lib_set_error(m, "%s: master device not open", what);
		return -EBADF;
	}
	ret = ec_lib_ioctl_retry(m->fd, cmd, (unsigned long)arg);
	if (ret < 0) {
		ec_lib_set_error(m, "%s: %s", what, strerror(-ret));
		return ret;
	}
	m->errbuf[0] = '\0';
	return 0;
}

/**
 * ec_lib_open() - open a master device and check the ioctl ABI version
 * @m: handle to fill
 * @index: master index n of /dev/EtherCAT<n>
 * @writable: open read-write (needed by commands that change anything)
 *
 * Fails with -EPROTO and a message naming both versions when the module
 * speaks another ioctl ABI version than this library was built for.
 *
 * Return: 0 or -errno; the handle is closed on failure.
 */
int ec_lib_open(struct ec_lib_master *m, unsigned int index, bool writable)
{
	char path[32];
	int err;

	memset(m, 0, sizeof(*m));
	m->index = index;
	m->writable = writable;
	snprintf(path, sizeof(path), EC_LIB_DEVICE_FMT, index);

	m->fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC);
	if (m->fd < 0) {
		err = errno;
		ec_lib_set_error(m, "failed to open %s: %s%s", path,
				 strerror(err),
				 err == ENOENT ?
				 " (is the ec_master module loaded?)" : "");
		return -err;
	}

	err = ec_lib_ioctl(m, EC_IOCTL_MODULE, &m->module, "module info");
	if (err)
		goto out_close;
	if (!ec_lib_version_matches(m->module.ioctl_version)) {
		ec_lib_version_text(m->errbuf, sizeof(m->errbuf),
				    m->module.ioctl_version);
		err = -EPROTO;
		goto out_close;
	}
	return 0;

out_close:
	close(m->fd);
	m->fd = -1;
	return err;
}

/**
 * ec_lib_close() - close a master device; releases whatever it held
 * @m: the handle (may already be closed)
 */
void ec_lib_close(struct ec_lib_master *m)
{
	if (m->fd >= 0)
		close(m->fd);
	m->fd = -1;
}

/**
 * ec_lib_module() - module information (EC_IOCTL_MODULE)
 * @m: open handle
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_module(struct ec_lib_master *m, struct ec_ioctl_module *out)
{
	memset(out, 0, sizeof(*out));
	return ec_lib_ioctl(m, EC_IOCTL_MODULE, out, "module info");
}

/**
 * ec_lib_master() - master state and statistics (EC_IOCTL_MASTER)
 * @m: open handle
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_master(struct ec_lib_master *m, struct ec_ioctl_master *out)
{
	memset(out, 0, sizeof(*out));
	return ec_lib_ioctl(m, EC_IOCTL_MASTER, out, "master info");
}

/**
 * ec_lib_redundancy() - the ring state of cable redundancy
 * (EC_IOCTL_REDUNDANCY)
 * @m: open handle
 * @out: filled on success; out->configured is 0 without a backup device
 *
 * Return: 0 or -errno.
 */
int ec_lib_redundancy(struct ec_lib_master *m,
		      struct ec_ioctl_redundancy *out)
{
	memset(out, 0, sizeof(*out));
	return ec_lib_ioctl(m, EC_IOCTL_REDUNDANCY, out, "redundancy state");
}

/**
 * ec_lib_master_monitor() - the operation phase's monitoring: its cost
 * per cycle, its bounds and figures (EC_IOCTL_MASTER_MONITOR)
 * @m: open handle
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_master_monitor(struct ec_lib_master *m,
			  struct ec_ioctl_master_monitor *out)
{
	memset(out, 0, sizeof(*out));
	return ec_lib_ioctl(m, EC_IOCTL_MASTER_MONITOR, out,
			    "monitoring figures");
}

/**
 * ec_lib_capture_read() - frames of the capture ring from a number on
 * (EC_IOCTL_CAPTURE_READ, include/ec_ioctl_capture.h)
 * @m: open handle
 * @from_seq: the first frame number wanted
 * @buf: records are written here
 * @size: its size (at least one record of a full frame, 1544 bytes)
 * @flags: EC_CAPTURE_LIVE to keep the ring written for a second more
 * @out: filled on success: the next number, the counts, the counters
 *
 * Return: 0 or -errno (-ENODEV: the module has no capture ring).
 */
int ec_lib_capture_read(struct ec_lib_master *m, uint64_t from_seq,
			void *buf, uint32_t size, uint32_t flags,
			struct ec_ioctl_capture_read *out)
{
	memset(out, 0, sizeof(*out));
	out->from_seq = from_seq;
	out->buf = (uint64_t)(uintptr_t)buf;
	out->buf_size = size;
	out->flags = flags;
	return ec_lib_ioctl(m, EC_IOCTL_CAPTURE_READ, out, "capture read");
}

/**
 * ec_lib_recorder_info() - one snapshot slot of the flight recorder
 * (EC_IOCTL_RECORDER_INFO)
 * @m: open handle
 * @index: 0 .. EC_RECORDER_SNAPSHOTS - 1
 * @out: filled on success
 *
 * Return: 0 or -errno (-EOPNOTSUPP: the recorder is off).
 */
int ec_lib_recorder_info(struct ec_lib_master *m, uint32_t index,
			 struct ec_ioctl_recorder_info *out)
{
	memset(out, 0, sizeof(*out));
	out->index = index;
	return ec_lib_ioctl(m, EC_IOCTL_RECORDER_INFO, out, "recorder info");
}

/**
 * ec_lib_recorder_read() - records of a frozen snapshot
 * (EC_IOCTL_RECORDER_READ)
 * @m: open handle
 * @id: the snapshot's id
 * @offset: byte offset into its records (a multiple of 8)
 * @buf: destination
 * @size: its size
 * @bytes: bytes copied (0 at the end)
 *
 * Return: 0 or -errno (-ENOENT: no frozen snapshot with that id).
 */
int ec_lib_recorder_read(struct ec_lib_master *m, uint32_t id,
			 uint32_t offset, void *buf, uint32_t size,
			 uint32_t *bytes)
{
	struct ec_ioctl_recorder_read r;
	int ret;

	memset(&r, 0, sizeof(r));
	r.id = id;
	r.offset = offset;
	r.buf = (uint64_t)(uintptr_t)buf;
	r.buf_size = size;
	ret = ec_lib_ioctl(m, EC_IOCTL_RECORDER_READ, &r, "recorder read");
	*bytes = ret ? 0 : r.bytes;
	return ret;
}

/**
 * ec_lib_rescan() - ask the master to scan the bus again
 * @m: open handle (writable)
 *
 * Return: 0 or -errno.
 */
int ec_lib_rescan(struct ec_lib_master *m)
{
	return ec_lib_ioctl(m, EC_IOCTL_MASTER_RESCAN, NULL, "rescan");
}

/**
 * ec_lib_debug() - set the master's debug level
 * @m: open handle (writable)
 * @level: 0 none, 1 messages, 2 frame dumps
 *
 * Return: 0 or -errno.
 */
int ec_lib_debug(struct ec_lib_master *m, uint32_t level)
{
	struct ec_ioctl_debug io;

	memset(&io, 0, sizeof(io));
	io.level = level;
	return ec_lib_ioctl(m, EC_IOCTL_MASTER_DEBUG, &io, "debug level");
}

/**
 * ec_lib_eoe_handler() - one EoE interface of the master
 * @m: open handle
 * @index: interface number
 * @out: filled in
 *
 * Return: 0, -ENOENT past the last, or -errno.
 */
int ec_lib_eoe_handler(struct ec_lib_master *m, uint32_t index,
		       struct ec_ioctl_eoe_handler *out)
{
	memset(out, 0, sizeof(*out));
	out->index = index;
	return ec_lib_ioctl(m, EC_IOCTL_EOE_HANDLER, out, "EoE handler");
}
