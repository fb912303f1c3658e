// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_mbox.c - ioctls of the mailbox protocols beyond CoE that the CLI
 * queues on a slave's FSM: FoE read and write, SoE read and write (also
 * behind the blocking ecrt_master_read_idn() and _write_idn()).  The
 * request life cycle (queue, bounded interruptible wait, orphan reaping)
 * is that of request.c.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "request.h"
#include "slave/slave.h"
#include "app/slave_config.h"

#define EC_FOE_WAIT_MS 30000		/* plus the time the size needs: */
#define EC_FOE_MIN_BYTES_PER_MS 16

static long ec_ioctl_slave_foe(struct ec_cdev_file *f, void __user *arg,
			       bool write)
{
	struct ec_ioctl_slave_foe *data;
	struct ec_foe_request *req;
	struct ec_linux_req *r;
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
	r = ec_linux_req_alloc(EC_REQ_FOE, max_t(size_t, data->buffer_size, 1),
			       write && data->buffer_size ?
			       u64_to_user_ptr(data->buffer) : NULL);
	if (IS_ERR(r)) {
		ret = PTR_ERR(r);
		goto out_free_data;
	}
	req = EC_LINUX_REQ(r, struct ec_foe_request);
	req->write = write;
	strscpy(req->file_name, data->file_name, sizeof(req->file_name));
	req->password = data->password;
	req->data = r->buf;
	req->mem_size = data->buffer_size;
	req->data_size = write ? data->buffer_size : 0;
	req->base.timeout_ns = (u64)data->timeout_ms * NSEC_PER_MSEC;
	ret = ec_linux_req_run(f->master, data->slave_position, r,
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
	ec_linux_req_free(r);
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

#define EC_SOE_WAIT_MS 30000

/**
 * ec_linux_soe_transfer() - one SoE read or write, waited for
 * @m: master
 * @position: ring position
 * @drive_no: drive 0..7
 * @idn: IDN
 * @elements: element flags, 0 for the value
 * @write: write (else read)
 * @buf: data to write, or the buffer to read into (kernel memory)
 * @size: bytes to write or the buffer size
 * @timeout_ms: per reply, 0 for the default
 * @result_size: bytes read, may be NULL
 * @error_code: the drive's SoE error code, may be NULL
 *
 * Process context; interruptible and bounded like every CLI request.
 *
 * Return: 0 or -errno (-EIO with *@error_code set when the drive refused).
 */
int ec_linux_soe_transfer(struct ec_linux_master *m, u16 position,
			  u8 drive_no, u16 idn, u8 elements, bool write,
			  void *buf, size_t size, u32 timeout_ms,
			  size_t *result_size, u16 *error_code)
{
	struct ec_soe_request *req;
	struct ec_linux_req *r;
	bool orphaned;
	int ret;

	if (drive_no > 7 || size > EC_IOCTL_SOE_MAX_SIZE || (!write && !size))
		return -EINVAL;
	r = ec_linux_req_alloc(EC_REQ_SOE, max_t(size_t, size, 1), NULL);
	if (IS_ERR(r))
		return PTR_ERR(r);
	if (write && size)
		memcpy(r->buf, buf, size);
	req = EC_LINUX_REQ(r, struct ec_soe_request);
	req->write = write;
	req->drive_no = drive_no;
	req->idn = idn;
	req->elements = elements;
	req->data = r->buf;
	req->mem_size = size;
	req->data_size = write ? size : 0;
	req->base.timeout_ns = (u64)timeout_ms * NSEC_PER_MSEC;
	ret = ec_linux_req_run(m, position, r, EC_SOE_WAIT_MS + timeout_ms,
			       &orphaned);
	if (orphaned)
		return ret;
	if (error_code)
		*error_code = req->error_code;
	if (!ret && !write) {
		memcpy(buf, r->buf, req->data_size);
		if (result_size)
			*result_size = req->data_size;
	}
	ec_linux_req_free(r);
	return ret;
}

static long ec_ioctl_slave_soe(struct ec_cdev_file *f, void __user *arg,
			       bool write)
{
	struct ec_ioctl_slave_soe data;
	size_t result = 0;
	u16 code = 0;
	void *buf;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    data.error_code || data.data_size > EC_IOCTL_SOE_MAX_SIZE ||
	    !data.data_size)
		return -EINVAL;
	if (write)
		buf = vmemdup_user(u64_to_user_ptr(data.data), data.data_size);
	else
		buf = kvzalloc(data.data_size, GFP_KERNEL);
	if (IS_ERR_OR_NULL(buf))
		return buf ? PTR_ERR(buf) : -ENOMEM;
	ret = ec_linux_soe_transfer(f->master, data.slave_position,
				    data.drive_no, data.idn, data.elements,
				    write, buf, data.data_size,
				    data.timeout_ms, &result, &code);
	data.error_code = code;
	data.result_size = ret ? 0 : result;
	if (!ret && !write &&
	    copy_to_user(u64_to_user_ptr(data.data), buf, result))
		ret = -EFAULT;
	kvfree(buf);
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return ret;
}

long ec_ioctl_slave_soe_read(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_soe(f, arg, false);
}

long ec_ioctl_slave_soe_write(struct ec_cdev_file *f, void __user *arg)
{
	return ec_ioctl_slave_soe(f, arg, true);
}

#define EC_SC_IDN_MAX_SIZE 4096

long ec_ioctl_app_sc_idn(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_idn data;
	struct ec_slave_config *sc;
	long ret = -ENOENT;
	u8 *buf;

	if (!ec_app_holds(f))
		return -EPERM;
	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    data.reserved0 || !data.size || data.size > EC_SC_IDN_MAX_SIZE)
		return -EINVAL;
	buf = vmemdup_user(u64_to_user_ptr(data.data), data.size);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	if (sc)
		ret = ec_slave_config_idn(sc, data.drive_no, data.idn,
					  data.al_state, buf, data.size);
	mutex_unlock(&m->io_mutex);
	kvfree(buf);
	return ret;
}

/* Inspection: a startup IDN of a configuration, for 'config -v'. */
long ec_ioctl_config_idn(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	const struct ec_soe_config *c = NULL;
	struct ec_ioctl_config_idn *data;
	struct ec_slave_config *sc;
	struct ec_list *pos;
	long ret = 0;

	data = kmalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	if (copy_from_user(data, arg, sizeof(*data))) {
		ret = -EFAULT;
		goto out_free_data;
	}
	if (!ec_ioctl_reserved_ok(data->reserved, ARRAY_SIZE(data->reserved))) {
		ret = -EINVAL;
		goto out_free_data;
	}
	memset(data->data, 0, sizeof(data->data));
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data->config_index);
	pos = sc ? ec_list_nth(&sc->soe_configs, data->idn_pos) : NULL;
	if (pos) {
		c = ec_list_entry(pos, struct ec_soe_config, node);
		data->drive_no = c->drive_no;
		data->idn = c->idn;
		data->al_state = c->al_state;
		data->size = c->size;
		memcpy(data->data, c->data,
		       min_t(size_t, c->size, sizeof(data->data)));
	}
	mutex_unlock(&m->io_mutex);
	if (!c)
		ret = -ENOENT;
	else if (copy_to_user(arg, data, sizeof(*data)))
		ret = -EFAULT;
out_free_data:
	kfree(data);
	return ret;
}
