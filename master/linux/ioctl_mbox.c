// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_mbox.c - ioctls of the mailbox protocols beyond CoE that the CLI
 * queues on a slave's FSM: FoE read and write.  The request life cycle
 * (queue, bounded interruptible wait, orphan reaping) is that of
 * ioctl_request.c.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_request.h"
#include "../slave.h"

#define EC_FOE_WAIT_MS 30000		/* plus the time the size needs: */
#define EC_FOE_MIN_BYTES_PER_MS 16

static long ec_ioctl_slave_foe(struct ec_cdev_file *f, void __user *arg,
			       bool write)
{
	struct ec_ioctl_slave_foe *data;
	struct ec_foe_request *req;
	struct ec_ioctl_req *r;
	bool orphaned;
	long ret;

	data = kmalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	if (copy_from_user(data, arg, sizeof(*data))) {
		ret = -EFAULT;
		goto out_free_data;
	}
	ret = -EINVAL;
	if (!ec_ioctl_reserved_ok(data->reserved, ARRAY_SIZE(data->reserved)) ||
	    data->reserved0 || data->reserved1 ||
	    data->buffer_size > EC_IOCTL_FOE_MAX_SIZE ||
	    (!write && !data->buffer_size))
		goto out_free_data;
	if (!memchr(data->file_name, 0, sizeof(data->file_name)) ||
	    !data->file_name[0])
		goto out_free_data;
	ret = -ENOMEM;
	r = ec_ioctl_req_alloc();
	if (!r)
		goto out_free_data;
	if (write)
		r->buf = data->buffer_size ?
			vmemdup_user(u64_to_user_ptr(data->buffer),
				     data->buffer_size) :
			kvzalloc(1, GFP_KERNEL);
	else
		r->buf = kvzalloc(data->buffer_size, GFP_KERNEL);
	if (IS_ERR_OR_NULL(r->buf)) {
		ret = r->buf ? PTR_ERR(r->buf) : -ENOMEM;
		r->buf = NULL;
		goto out_free_req;
	}
	req = &r->u.foe;
	ec_list_init(&req->node);
	r->state = &req->state;
	r->node = &req->node;
	req->write = write;
	strscpy(req->file_name, data->file_name, sizeof(req->file_name));
	req->password = data->password;
	req->data = r->buf;
	req->mem_size = data->buffer_size;
	req->data_size = write ? data->buffer_size : 0;
	req->timeout_ns = (u64)data->timeout_ms * NSEC_PER_MSEC;
	ret = ec_ioctl_run(f->master, data->slave_position, r,
			   offsetof(struct ec_slave, foe_requests),
			   &req->error,
			   EC_FOE_WAIT_MS + data->timeout_ms +
			   data->buffer_size / EC_FOE_MIN_BYTES_PER_MS,
			   &orphaned);
	if (orphaned)
		goto out_free_data;
	data->result_size = ret ? 0 : req->data_size;
	data->foe_error = req->foe_error;
	data->mbox_error = req->mbox_error;
	memset(data->reserved, 0, sizeof(data->reserved));
	strscpy(data->error_text, req->error_text, sizeof(data->error_text));
	if (!ret && !write &&
	    copy_to_user(u64_to_user_ptr(data->buffer), r->buf,
			 req->data_size))
		ret = -EFAULT;
	if (copy_to_user(arg, data, sizeof(*data)))
		ret = -EFAULT;
out_free_req:
	ec_ioctl_req_free(r);
out_free_data:
	kfree(data);
	return ret;
}

long ec_ioctl_slave_foe_read(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_foe(f, arg, false);
}

long ec_ioctl_slave_foe_write(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_foe(f, arg, true);
}
