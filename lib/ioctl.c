// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl.c - libethercat's ioctl layer over /dev/EtherCAT<n>.
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

#include "ec_lib.h"

/* The module NUL-terminates strings; make sure, whatever it sent. */
#define EC_LIB_TERMINATE(str) ((str)[sizeof(str) - 1] = '\0')

static void ec_lib_set_error(struct ec_lib_master *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void ec_lib_set_error(struct ec_lib_master *m, const char *fmt, ...)
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

static int ec_lib_ioctl(struct ec_lib_master *m, unsigned long cmd,
			void *arg, const char *what)
{
	int ret, err;

	if (m->fd < 0) {
		ec_lib_set_error(m, "%s: master device not open", what);
		return -EBADF;
	}
	do {
		ret = ioctl(m->fd, cmd, arg);
	} while (ret < 0 && errno == EINTR);
	if (ret < 0) {
		err = errno;
		ec_lib_set_error(m, "%s: %s", what, strerror(err));
		return -err;
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
 * ec_lib_slave() - one slave's information (EC_IOCTL_SLAVE)
 * @m: open handle
 * @position: ring position
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave(struct ec_lib_master *m, uint16_t position,
		 struct ec_ioctl_slave *out)
{
	memset(out, 0, sizeof(*out));
	int ret;

	out->position = position;
	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE, out, "slave info");
	EC_LIB_TERMINATE(out->group);
	EC_LIB_TERMINATE(out->image);
	EC_LIB_TERMINATE(out->order);
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_slave_sync() - a slave's sync manager (EC_IOCTL_SLAVE_SYNC)
 * @m: open handle
 * @position: ring position
 * @sync_index: sync manager index
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave_sync(struct ec_lib_master *m, uint16_t position,
		      uint8_t sync_index, struct ec_ioctl_slave_sync *out)
{
	memset(out, 0, sizeof(*out));
	out->slave_position = position;
	out->sync_index = sync_index;
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_SYNC, out, "sync manager info");
}

/**
 * ec_lib_slave_sync_pdo() - a PDO assigned to a sync manager
 * @m: open handle
 * @position: ring position
 * @sync_index: sync manager index
 * @pdo_pos: position of the PDO in the assignment
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave_sync_pdo(struct ec_lib_master *m, uint16_t position,
			  uint8_t sync_index, uint8_t pdo_pos,
			  struct ec_ioctl_slave_sync_pdo *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->slave_position = position;
	out->sync_index = sync_index;
	out->pdo_pos = pdo_pos;
	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE_SYNC_PDO, out, "PDO info");
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_slave_sync_pdo_entry() - a PDO entry mapped into a PDO
 * @m: open handle
 * @position: ring position
 * @sync_index: sync manager index
 * @pdo_pos: position of the PDO in the assignment
 * @entry_pos: position of the entry in the mapping
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave_sync_pdo_entry(struct ec_lib_master *m, uint16_t position,
				uint8_t sync_index, uint8_t pdo_pos,
				uint8_t entry_pos,
				struct ec_ioctl_slave_sync_pdo_entry *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->slave_position = position;
	out->sync_index = sync_index;
	out->pdo_pos = pdo_pos;
	out->entry_pos = entry_pos;
	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE_SYNC_PDO_ENTRY, out,
			   "PDO entry info");
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_slave_sdo() - an object of a slave's fetched dictionary
 * @m: open handle
 * @position: ring position
 * @sdo_position: position of the object in the dictionary
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave_sdo(struct ec_lib_master *m, uint16_t position,
		     uint16_t sdo_position, struct ec_ioctl_slave_sdo *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->slave_position = position;
	out->sdo_position = sdo_position;
	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE_SDO, out, "SDO info");
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_slave_sdo_entry() - an entry description of the dictionary
 * @m: open handle
 * @position: ring position
 * @sdo_spec: object index (>= 0) or -(dictionary position + 1)
 * @subindex: entry subindex
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave_sdo_entry(struct ec_lib_master *m, uint16_t position,
			   int32_t sdo_spec, uint8_t subindex,
			   struct ec_ioctl_slave_sdo_entry *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->slave_position = position;
	out->sdo_spec = sdo_spec;
	out->sdo_entry_subindex = subindex;
	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE_SDO_ENTRY, out,
			   "SDO entry info");
	EC_LIB_TERMINATE(out->description);
	return ret;
}

/**
 * ec_lib_sii_read() - read words of a slave's SII
 * @m: open handle
 * @position: ring position
 * @offset: first word
 * @nwords: number of words
 * @words: buffer of @nwords words (little endian as in the EEPROM)
 *
 * Return: 0 or -errno.
 */
int ec_lib_sii_read(struct ec_lib_master *m, uint16_t position,
		    uint32_t offset, uint32_t nwords, uint16_t *words)
{
	struct ec_ioctl_slave_sii io;

	memset(&io, 0, sizeof(io));
	io.slave_position = position;
	io.offset = offset;
	io.nwords = nwords;
	io.words = (uintptr_t)words;
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_SII_READ, &io, "SII read");
}

/**
 * ec_lib_sii_write() - write words of a slave's SII
 * @m: open handle (writable)
 * @position: ring position
 * @offset: first word
 * @nwords: number of words
 * @words: the words
 *
 * Return: 0 or -errno.
 */
int ec_lib_sii_write(struct ec_lib_master *m, uint16_t position,
		     uint32_t offset, uint32_t nwords, const uint16_t *words)
{
	struct ec_ioctl_slave_sii io;

	memset(&io, 0, sizeof(io));
	io.slave_position = position;
	io.offset = offset;
	io.nwords = nwords;
	io.words = (uintptr_t)words;
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_SII_WRITE, &io, "SII write");
}

/**
 * ec_lib_reg_read() - read ESC registers (one FPRD, or APRD if @emergency)
 * @m: open handle
 * @position: ring position
 * @emergency: address the slave by auto-increment position
 * @address: first register
 * @size: bytes
 * @data: buffer of @size bytes
 *
 * Return: 0 or -errno.
 */
int ec_lib_reg_read(struct ec_lib_master *m, uint16_t position,
		    bool emergency, uint16_t address, uint16_t size,
		    void *data)
{
	struct ec_ioctl_slave_reg io;

	memset(&io, 0, sizeof(io));
	io.slave_position = position;
	io.emergency = emergency;
	io.address = address;
	io.size = size;
	io.data = (uintptr_t)data;
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_REG_READ, &io,
			    "register read");
}

/**
 * ec_lib_reg_write() - write ESC registers (one FPWR, or APWR)
 * @m: open handle (writable)
 * @position: ring position
 * @emergency: address the slave by auto-increment position
 * @address: first register
 * @size: bytes
 * @data: @size bytes
 *
 * Return: 0 or -errno.
 */
int ec_lib_reg_write(struct ec_lib_master *m, uint16_t position,
		     bool emergency, uint16_t address, uint16_t size,
		     const void *data)
{
	struct ec_ioctl_slave_reg io;

	memset(&io, 0, sizeof(io));
	io.slave_position = position;
	io.emergency = emergency;
	io.address = address;
	io.size = size;
	io.data = (uintptr_t)data;
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_REG_WRITE, &io,
			    "register write");
}

/**
 * ec_lib_slave_state() - request an AL state of a slave
 * @m: open handle (writable)
 * @position: ring position
 * @al_state: requested state (ETG.1000.6 AL control values)
 *
 * Return: 0 or -errno.
 */
int ec_lib_slave_state(struct ec_lib_master *m, uint16_t position,
		       uint8_t al_state)
{
	struct ec_ioctl_slave_state io;

	memset(&io, 0, sizeof(io));
	io.slave_position = position;
	io.al_state = al_state;
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_STATE, &io, "state request");
}

/**
 * ec_lib_sdo_upload() - read an SDO entry (CoE)
 * @m: open handle (writable: the transfer uses the slave's mailbox)
 * @position: ring position
 * @index: object index
 * @subindex: entry subindex
 * @complete_access: read the whole object
 * @buf: buffer
 * @size: size of @buf
 * @result_size: bytes read, on success
 * @abort_code: SDO abort code, 0 if none (may be NULL)
 *
 * Return: 0 or -errno (with *@abort_code set when the slave aborted).
 */
int ec_lib_sdo_upload(struct ec_lib_master *m, uint16_t position,
		      uint16_t index, uint8_t subindex, bool complete_access,
		      void *buf, size_t size, size_t *result_size,
		      uint32_t *abort_code)
{
	struct ec_ioctl_slave_sdo_transfer io;
	int ret;

	if (size > UINT32_MAX)
		return -EINVAL;
	memset(&io, 0, sizeof(io));
	io.slave_position = position;
	io.sdo_index = index;
	io.sdo_entry_subindex = subindex;
	io.complete_access = complete_access;
	io.data_size = size;
	io.data = (uintptr_t)buf;
	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE_SDO_UPLOAD, &io, "SDO upload");
	if (abort_code)
		*abort_code = io.abort_code;
	if (!ret) {
		if (io.result_size > size) {
			ec_lib_set_error(m, "SDO upload: module reports %u bytes for a buffer of %zu",
					 io.result_size, size);
			return -EOVERFLOW;
		}
		*result_size = io.result_size;
	}
	return ret;
}

/**
 * ec_lib_sdo_download() - write an SDO entry (CoE)
 * @m: open handle (writable)
 * @position: ring position
 * @index: object index
 * @subindex: entry subindex
 * @complete_access: write the whole object
 * @data: the data
 * @size: bytes of @data
 * @abort_code: SDO abort code, 0 if none (may be NULL)
 *
 * Return: 0 or -errno (with *@abort_code set when the slave aborted).
 */
int ec_lib_sdo_download(struct ec_lib_master *m, uint16_t position,
			uint16_t index, uint8_t subindex,
			bool complete_access, const void *data, size_t size,
			uint32_t *abort_code)
{
	struct ec_ioctl_slave_sdo_transfer io;
	int ret;

	if (size > UINT32_MAX)
		return -EINVAL;
	memset(&io, 0, sizeof(io));
	io.slave_position = position;
	io.sdo_index = index;
	io.sdo_entry_subindex = subindex;
	io.complete_access = complete_access;
	io.data_size = size;
	io.data = (uintptr_t)data;
	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE_SDO_DOWNLOAD, &io,
			   "SDO download");
	if (abort_code)
		*abort_code = io.abort_code;
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
 * ec_lib_config() - a slave configuration of the application
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @out: filled on success
 *
 * Return: 0 or -errno (-ENOENT past the last configuration).
 */
int ec_lib_config(struct ec_lib_master *m, uint32_t config_index,
		  struct ec_ioctl_config *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG, out, "slave config info");
}

/**
 * ec_lib_config_pdo() - a PDO a configuration assigns to a sync manager
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @sync_index: sync manager index
 * @pdo_pos: position of the PDO in the assignment
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_config_pdo(struct ec_lib_master *m, uint32_t config_index,
		      uint8_t sync_index, uint16_t pdo_pos,
		      struct ec_ioctl_config_pdo *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->sync_index = sync_index;
	out->pdo_pos = pdo_pos;
	ret = ec_lib_ioctl(m, EC_IOCTL_CONFIG_PDO, out, "slave config PDO");
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_config_pdo_entry() - an entry a configuration maps into a PDO
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @sync_index: sync manager index
 * @pdo_pos: position of the PDO in the assignment
 * @entry_pos: position of the entry in the mapping
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_config_pdo_entry(struct ec_lib_master *m, uint32_t config_index,
			    uint8_t sync_index, uint16_t pdo_pos,
			    uint16_t entry_pos,
			    struct ec_ioctl_config_pdo_entry *out)
{
	int ret;

	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->sync_index = sync_index;
	out->pdo_pos = pdo_pos;
	out->entry_pos = entry_pos;
	ret = ec_lib_ioctl(m, EC_IOCTL_CONFIG_PDO_ENTRY, out,
			   "slave config PDO entry");
	EC_LIB_TERMINATE(out->name);
	return ret;
}

/**
 * ec_lib_config_sdo() - a startup SDO of a configuration
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @sdo_pos: position of the SDO in the configuration's list
 * @out: filled on success (at most EC_IOCTL_SDO_DATA_MAX data bytes)
 *
 * Return: 0 or -errno.
 */
int ec_lib_config_sdo(struct ec_lib_master *m, uint32_t config_index,
		      uint32_t sdo_pos, struct ec_ioctl_config_sdo *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->sdo_pos = sdo_pos;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG_SDO, out, "slave config SDO");
}

/**
 * ec_lib_config_flag() - a feature flag of a configuration
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @flag_pos: position of the flag in the configuration's list
 * @out: key and value on success
 *
 * Return: 0 or -errno (-ENOENT past the last flag).
 */
int ec_lib_config_flag(struct ec_lib_master *m, uint32_t config_index,
		       uint32_t flag_pos, struct ec_ioctl_sc_flag *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->flag_pos = flag_pos;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG_FLAG, out,
			    "slave config flag");
}

/**
 * ec_lib_config_idn() - a startup IDN of a configuration
 * @m: open handle
 * @config_index: position in the master's list of configurations
 * @idn_pos: position of the IDN in the configuration's list
 * @out: filled on success (at most EC_IOCTL_SDO_DATA_MAX data bytes)
 *
 * Return: 0 or -errno (-ENOENT past the last IDN).
 */
int ec_lib_config_idn(struct ec_lib_master *m, uint32_t config_index,
		      uint32_t idn_pos, struct ec_ioctl_config_idn *out)
{
	memset(out, 0, sizeof(*out));
	out->config_index = config_index;
	out->idn_pos = idn_pos;
	return ec_lib_ioctl(m, EC_IOCTL_CONFIG_IDN, out,
			    "slave config IDN");
}

/**
 * ec_lib_domain() - a domain of the application
 * @m: open handle
 * @domain_index: position in the master's list of domains
 * @out: filled on success
 *
 * Return: 0 or -errno (-ENOENT past the last domain).
 */
int ec_lib_domain(struct ec_lib_master *m, uint32_t domain_index,
		  struct ec_ioctl_domain *out)
{
	memset(out, 0, sizeof(*out));
	out->domain_index = domain_index;
	return ec_lib_ioctl(m, EC_IOCTL_DOMAIN, out, "domain info");
}

/**
 * ec_lib_domain_fmmu() - an FMMU (a sync manager's data) in a domain
 * @m: open handle
 * @domain_index: position in the master's list of domains
 * @fmmu_index: position of the FMMU in the domain
 * @out: filled on success
 *
 * Return: 0 or -errno.
 */
int ec_lib_domain_fmmu(struct ec_lib_master *m, uint32_t domain_index,
		       uint32_t fmmu_index, struct ec_ioctl_domain_fmmu *out)
{
	memset(out, 0, sizeof(*out));
	out->domain_index = domain_index;
	out->fmmu_index = fmmu_index;
	return ec_lib_ioctl(m, EC_IOCTL_DOMAIN_FMMU, out, "domain FMMU");
}

/**
 * ec_lib_domain_data() - a copy of a domain's process image
 * @m: open handle
 * @domain_index: position in the master's list of domains
 * @buf: where to copy
 * @size: bytes at @buf (the domain's data_size is enough)
 * @result_size: bytes copied; 0 while the master is not activated
 *
 * Return: 0 or -errno (-EOVERFLOW when @size is too small).
 */
int ec_lib_domain_data(struct ec_lib_master *m, uint32_t domain_index,
		       void *buf, size_t size, size_t *result_size)
{
	struct ec_ioctl_domain_data io;
	int ret;

	*result_size = 0;
	if (size > UINT32_MAX)
		size = UINT32_MAX;
	memset(&io, 0, sizeof(io));
	io.domain_index = domain_index;
	io.data_size = size;
	io.data = (uintptr_t)buf;
	ret = ec_lib_ioctl(m, EC_IOCTL_DOMAIN_DATA, &io, "domain data");
	if (!ret)
		*result_size = io.result_size;
	return ret;
}

/**
 * ec_lib_foe() - read or write one file over FoE
 * @m: open handle (writable: the transfer uses the slave's mailbox)
 * @write: write the file (else read it)
 * @io: slave_position, file_name, password, buffer, buffer_size and
 *	timeout_ms in; result_size, foe_error, error_text, mbox_error out
 *
 * Return: 0 or -errno (-EIO with io->foe_error set when the slave
 * refused; -EOVERFLOW when the file is larger than the buffer).
 */
int ec_lib_foe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_foe *io)
{
	int ret;

	ret = ec_lib_ioctl(m, write ? EC_IOCTL_SLAVE_FOE_WRITE :
			      EC_IOCTL_SLAVE_FOE_READ, io,
			   write ? "FoE write" : "FoE read");
	if (!ret && !write && io->result_size > io->buffer_size) {
		ec_lib_set_error(m, "FoE read: module reports %u bytes for a buffer of %u",
				 io->result_size, io->buffer_size);
		return -EOVERFLOW;
	}
	return ret;
}

/**
 * ec_lib_soe() - read or write one IDN element over SoE
 * @m: open handle (writable: the transfer uses the slave's mailbox)
 * @write: write (else read)
 * @io: slave_position, drive_no, idn, elements, data, data_size and
 *	timeout_ms in; result_size and error_code out
 *
 * Return: 0 or -errno (-EIO with io->error_code set when the drive
 * refused).
 */
int ec_lib_soe(struct ec_lib_master *m, bool write,
	       struct ec_ioctl_slave_soe *io)
{
	int ret;

	ret = ec_lib_ioctl(m, write ? EC_IOCTL_SLAVE_SOE_WRITE :
			      EC_IOCTL_SLAVE_SOE_READ, io,
			   write ? "SoE write" : "SoE read");
	if (!ret && !write && io->result_size > io->data_size) {
		ec_lib_set_error(m, "SoE read: module reports %u bytes for a buffer of %u",
				 io->result_size, io->data_size);
		return -EOVERFLOW;
	}
	return ret;
}

/**
 * ec_lib_eoe_ip() - send EoE IP parameters to a slave now ('ethercat ip')
 * @m: open handle (writable: the request uses the slave's mailbox)
 * @io: slave_position, flags and the parameters included
 *
 * Return: 0 or -errno (-EREMOTEIO: the slave refused them).
 */
int ec_lib_eoe_ip(struct ec_lib_master *m, const struct ec_ioctl_eoe_ip *io)
{
	return ec_lib_ioctl(m, EC_IOCTL_SLAVE_EOE_IP, (void *)io,
			    "EoE set IP parameters");
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
