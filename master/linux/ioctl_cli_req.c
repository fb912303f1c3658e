// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_cli_req.c - the CLI's ioctls that queue work on a slave's FSM
 * (SII write, register access, AL state, SDO transfer, SDO entry
 * description): each translates its command into a request and runs it
 * through the one life cycle of request.c.
 */
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "request.h"
#include "mailbox/fsm_coe.h"
#include "slave/slave.h"

#define EC_SDO_MAX_SIZE (1024 * 1024)	/* largest SDO through the CLI */
#define EC_REG_MAX_SIZE 4096

long ec_ioctl_slave_sii_write(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_slave_sii data;
	struct ec_sii_request *req;
	struct ec_linux_req *r;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    !data.nwords || data.nwords > 0x10000 ||
	    (u64)data.offset + data.nwords > 0x10000)
		return -EINVAL;
	r = ec_linux_req_alloc(EC_REQ_SII, data.nwords * 2,
			       u64_to_user_ptr(data.words));
	if (IS_ERR(r))
		return PTR_ERR(r);
	req = EC_LINUX_REQ(r, struct ec_sii_request);
	req->word_offset = data.offset;
	req->nwords = data.nwords;
	req->words = r->buf;
	return ec_linux_req_run_free(f->master, data.slave_position, r,
				     EC_REQUEST_WAIT_MS);
}

static long ec_ioctl_slave_reg(struct ec_cdev_file *f, void __user *arg,
			       bool write)
{
	struct ec_ioctl_slave_reg data;
	struct ec_reg_request *req;
	struct ec_linux_req *r;
	bool orphaned;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    !data.size || data.size > EC_REG_MAX_SIZE ||
	    (u32)data.address + data.size > 0x10000 || data.emergency)
		return -EINVAL;
	r = ec_linux_req_alloc(EC_REQ_REG, data.size,
			       write ? u64_to_user_ptr(data.data) : NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	req = EC_LINUX_REQ(r, struct ec_reg_request);
	req->write = write;
	req->address = data.address;
	req->size = data.size;
	req->data = r->buf;
	ret = ec_linux_req_run(f->master, data.slave_position, r,
			       EC_REQUEST_WAIT_MS, &orphaned);
	if (orphaned)
		return ret;
	if (!ret && !write &&
	    copy_to_user(u64_to_user_ptr(data.data), r->buf, data.size))
		ret = -EFAULT;
	ec_linux_req_free(r);
	return ret;
}

long ec_ioctl_slave_reg_read(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_reg(f, arg, false);
}

long ec_ioctl_slave_reg_write(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_reg(f, arg, true);
}

long ec_ioctl_slave_state(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_slave_state data;
	struct ec_state_request *req;
	struct ec_linux_req *r;
	bool orphaned;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)))
		return -EINVAL;
	switch (data.al_state) {
	case EC_AL_STATE_INIT_:
	case EC_AL_STATE_PREOP_:
	case EC_AL_STATE_BOOT_:
	case EC_AL_STATE_SAFEOP_:
	case EC_AL_STATE_OP_:
		break;
	default:
		return -EINVAL;
	}
	r = ec_linux_req_alloc(EC_REQ_STATE, 0, NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	req = EC_LINUX_REQ(r, struct ec_state_request);
	req->al_state = data.al_state;
	ret = ec_linux_req_run(f->master, data.slave_position, r,
			       EC_REQUEST_WAIT_MS, &orphaned);
	if (orphaned)
		return ret;
	data.al_status_code = req->al_status_code;
	ec_linux_req_free(r);
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return ret;
}

/* The SDO request of @r on index:subindex, its data r->buf of @size. */
static struct ec_sdo_request *ec_ioctl_sdo_req(struct ec_linux_req *r,
					       u16 index, u8 subindex,
					       size_t size)
{
	struct ec_sdo_request *req = EC_LINUX_REQ(r, struct ec_sdo_request);

	req->index = index;
	req->subindex = subindex;
	req->data = r->buf;
	req->mem_size = size;
	return req;
}

static long ec_ioctl_slave_sdo_transfer(struct ec_cdev_file *f,
					void __user *arg, bool write)
{
	struct ec_ioctl_slave_sdo_transfer data;
	struct ec_sdo_request *req;
	struct ec_linux_req *r;
	bool orphaned;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    !data.data_size || data.data_size > EC_SDO_MAX_SIZE)
		return -EINVAL;
	r = ec_linux_req_alloc(EC_REQ_SDO, data.data_size,
			       write ? u64_to_user_ptr(data.data) : NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	req = ec_ioctl_sdo_req(r, data.sdo_index, data.sdo_entry_subindex,
			       data.data_size);
	req->write = write;
	req->complete_access = data.complete_access;
	req->data_size = write ? data.data_size : 0;
	req->base.timeout_ns = (u64)data.timeout_ms * NSEC_PER_MSEC;
	ret = ec_linux_req_run(f->master, data.slave_position, r,
			       EC_REQUEST_WAIT_MS + data.timeout_ms,
			       &orphaned);
	if (orphaned)
		return ret;
	data.abort_code = req->abort_code;
	data.result_size = ret ? 0 : req->data_size;
	if (!ret && !write &&
	    copy_to_user(u64_to_user_ptr(data.data), r->buf, req->data_size))
		ret = -EFAULT;
	ec_linux_req_free(r);
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return ret;
}

/**
 * ec_linux_sdo_entry_info() - fetch one entry's description from the slave
 * @m: master
 * @data: slave_position, sdo_spec (an index) and sdo_entry_subindex in;
 *	the description out
 *
 * SDO information Get Entry Description, queued like an SDO upload: what
 * 'ethercat upload' without -t needs when the dictionary has not been
 * read (or is switched off, read_dictionary=0).  Process context.
 *
 * Return: 0 or -errno (-EIO: the slave has no such entry).
 */
int ec_linux_sdo_entry_info(struct ec_linux_master *m,
			    struct ec_ioctl_slave_sdo_entry *data)
{
	struct ec_sdo_entry e = { 0 };
	struct ec_sdo_request *req;
	struct ec_linux_req *r;
	size_t n;
	bool orphaned;
	int ret;

	r = ec_linux_req_alloc(EC_REQ_SDO, EC_COE_ENTRY_DESC_FIXED +
			       EC_IOCTL_STRING_SIZE, NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	req = ec_ioctl_sdo_req(r, (u16)data->sdo_spec,
			       data->sdo_entry_subindex,
			       EC_COE_ENTRY_DESC_FIXED + EC_IOCTL_STRING_SIZE - 1);
	req->entry_info = true;
	ret = ec_linux_req_run(m, data->slave_position, r, EC_REQUEST_WAIT_MS,
			       &orphaned);
	if (orphaned)
		return ret;
	if (!ret && req->data_size < EC_COE_ENTRY_DESC_FIXED)
		ret = -EPROTO;
	if (!ret) {
		ec_coe_entry_decode(&e, r->buf);
		data->data_type = e.data_type;
		data->bit_length = e.bit_length;
		memcpy(data->read_access, e.read_access, 3);
		memcpy(data->write_access, e.write_access, 3);
		n = req->data_size - EC_COE_ENTRY_DESC_FIXED;
		memset(data->description, 0, sizeof(data->description));
		memcpy(data->description, (u8 *)r->buf +
		       EC_COE_ENTRY_DESC_FIXED, n);
	}
	ec_linux_req_free(r);
	return ret;
}

long ec_ioctl_slave_sdo_upload(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_sdo_transfer(f, arg, false);
}

long ec_ioctl_slave_sdo_download(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_sdo_transfer(f, arg, true);
}
