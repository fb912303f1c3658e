// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl_slave.c - libethercat's ioctl layer, the slaves: what the master
 * knows of each (identity, sync managers, PDOs, dictionary) and the
 * transfers with one (SII, registers, AL state, SDO, FoE, SoE, EoE IP
 * parameters).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "ec_lib_io.h"

/*
 * A read's reply must fit the buffer it was given: a module that says
 * otherwise is refused with -EOVERFLOW and a text naming both sizes.
 */
static int ec_lib_reply_fits(struct ec_lib_master *m, const char *what,
			     uint32_t result_size, size_t buffer_size)
{
	if (result_size <= buffer_size)
		return 0;
	ec_lib_set_error(m, "%s: module reports %u bytes for a buffer of %zu",
			 what, result_size, buffer_size);
	return -EOVERFLOW;
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
	int ret;

	memset(out, 0, sizeof(*out));
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
	if (!ret)
		ret = ec_lib_reply_fits(m, "SDO upload", io.result_size, size);
	if (!ret)
		*result_size = io.result_size;
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
	if (ret || write)
		return ret;
	return ec_lib_reply_fits(m, "FoE read", io->result_size,
				 io->buffer_size);
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
	if (ret || write)
		return ret;
	return ec_lib_reply_fits(m, "SoE read", io->result_size,
				 io->data_size);
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
 * ec_lib_mbox_raw() - one raw mailbox exchange (the mailbox gateway)
 * @m: open handle (writable: the exchange uses the slave's mailbox)
 * @io: slave_position, flags, timeout_ms, data/size and
 *	reply/reply_buffer_size in; reply_size out
 *
 * Return: 0 or -errno.
 */
int ec_lib_mbox_raw(struct ec_lib_master *m,
		    struct ec_ioctl_slave_mbox_raw *io)
{
	int ret;

	ret = ec_lib_ioctl(m, EC_IOCTL_SLAVE_MBOX_RAW, io, "mailbox exchange");
	if (ret)
		return ret;
	return ec_lib_reply_fits(m, "mailbox exchange", io->reply_size,
				 io->reply_buffer_size);
}
