// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_mbg.c - the mailbox gateway's command (ethercat-mbg,
 * doc/GATEWAY.md): one raw mailbox exchange (mailbox/mbox_raw.c) queued on
 * the slave's one request queue, behind the CLI's and the application's
 * requests, with the life cycle of request.c.
 */
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "request.h"
#include "mailbox/mbox_raw.h"

long ec_ioctl_slave_mbox_raw(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_slave_mbox_raw data;
	struct ec_mbox_raw_request *req;
	struct ec_linux_req *r;
	bool orphaned;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    (data.flags & ~EC_IOCTL_MBOX_RAW_NO_REPLY) ||
	    !data.size || data.size > EC_IOCTL_MBOX_RAW_MAX ||
	    data.reply_buffer_size > EC_IOCTL_MBOX_RAW_REPLY_MAX ||
	    data.timeout_ms > EC_IOCTL_MBOX_RAW_WAIT_MAX_MS)
		return -EINVAL;
	r = ec_linux_req_alloc(EC_REQ_MBOX_RAW,
			       max_t(size_t, data.size, data.reply_buffer_size),
			       NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	ret = -EFAULT;
	if (copy_from_user(r->buf, u64_to_user_ptr(data.data), data.size))
		goto out_free;
	req = EC_LINUX_REQ(r, struct ec_mbox_raw_request);
	ret = ec_mbox_raw_check(r->buf, data.size);
	if (ret)
		goto out_free;
	req->no_reply = data.flags & EC_IOCTL_MBOX_RAW_NO_REPLY;
	req->data = r->buf;
	req->mem_size = data.reply_buffer_size;
	req->data_size = data.size;
	req->base.timeout_ns = (u64)data.timeout_ms * NSEC_PER_MSEC;
	ret = ec_linux_req_run(f->master, data.slave_position, r,
			       EC_REQUEST_WAIT_MS + data.timeout_ms,
			       &orphaned);
	if (orphaned)
		return ret;
	data.reply_size = ret ? 0 : req->reply_size;
	if (!ret && copy_to_user(u64_to_user_ptr(data.reply), r->buf,
				 data.reply_size))
		ret = -EFAULT;
	if (copy_to_user(arg, &data, sizeof(data)))
		ret = -EFAULT;
out_free:
	ec_linux_req_free(r);
	return ret;
}
