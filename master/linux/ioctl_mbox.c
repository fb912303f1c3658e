// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_mbox.c - ioctls of the mailbox protocols beyond CoE that the CLI
 * queues on a slave's FSM: FoE read and write, SoE read and write (also
 * behind the blocking ecrt_master_read_idn() and _write_idn()).  The request life cycle
 * (queue, bounded interruptible wait, orphan reaping) is that of
 * ioctl_request.c.
 */
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "ioctl_request.h"
#include "../slave.h"
#include "../slave_config.h"

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
	struct ec_ioctl_req *r;
	bool orphaned;
	int ret;

	if (drive_no > 7 || size > EC_IOCTL_SOE_MAX_SIZE || (!write && !size))
		return -EINVAL;
	r = ec_ioctl_req_alloc();
	if (!r)
		return -ENOMEM;
	r->buf = kvzalloc(size ? size : 1, GFP_KERNEL);
	if (!r->buf) {
		ec_ioctl_req_free(r);
		return -ENOMEM;
	}
	if (write)
		memcpy(r->buf, buf, size);
	req = &r->u.soe;
	ec_list_init(&req->node);
	r->state = &req->state;
	r->node = &req->node;
	req->write = write;
	req->drive_no = drive_no;
	req->idn = idn;
	req->elements = elements;
	req->data = r->buf;
	req->mem_size = size;
	req->data_size = write ? size : 0;
	req->timeout_ns = (u64)timeout_ms * NSEC_PER_MSEC;
	ret = ec_ioctl_run(m, position, r,
			   offsetof(struct ec_slave, soe_requests),
			   &req->error, EC_SOE_WAIT_MS + timeout_ms,
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
	ec_ioctl_req_free(r);
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

/*
 * The application's FoE, SoE and VoE requests from userspace: one handler
 * shape for the three kinds (create, set the parameters, start, state).
 * Set, start and state are the application's realtime calls: they look
 * the request up under ec_app_req_lock() (cycle_lock while active), as the
 * SDO requests do; the data they copy under it is bounded by
 * EC_APP_MBOX_MAX (a kernel application's requests have no such bound).
 */
#define EC_APP_MBOX_MAX (64 * 1024)

/* Called with ec_app_req_lock() (or io_mutex) held. */
static struct ec_app_mbox_request *
ec_app_mbox_find(struct ec_linux_master *m, u32 config, u32 index)
{
	struct ec_slave_config *sc = ec_app_config(m, config);
	struct ec_list *n = sc ? ec_list_nth(&sc->app_mbox_requests, index) :
				 NULL;

	return n ? ec_list_entry(n, struct ec_app_mbox_request, config_node) :
		   NULL;
}

static int ec_app_mbox_copy_in(struct ec_cdev_file *f,
			       struct ec_ioctl_mbox_request *data,
			       void __user *arg)
{
	if (!ec_app_holds(f))
		return -EPERM;
	if (copy_from_user(data, arg, sizeof(*data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data->reserved, ARRAY_SIZE(data->reserved)) ||
	    data->kind > EC_IOCTL_MBOX_VOE || data->drive_no > 7 ||
	    !memchr(data->file_name, 0, sizeof(data->file_name)))
		return -EINVAL;
	return 0;
}

/* The parameters of SET (and CREATE); the request is the caller's. */
static int ec_app_mbox_set(struct ec_app_mbox_request *r,
			   const struct ec_ioctl_mbox_request *data)
{
	u64 timeout = (u64)data->timeout_ms * NSEC_PER_MSEC;

	if (!ec_app_mbox_request_owned(r))
		return -EBUSY;
	switch (r->kind) {
	case EC_APP_MBOX_FOE:
		strscpy(r->u.foe.file_name, data->file_name,
			sizeof(r->u.foe.file_name));
		r->u.foe.password = data->password;
		r->u.foe.timeout_ns = timeout;
		break;
	case EC_APP_MBOX_SOE:
		r->u.soe.drive_no = data->drive_no;
		r->u.soe.idn = data->idn;
		r->u.soe.timeout_ns = timeout;
		break;
	default:
		r->u.voe.vendor_id = data->vendor_id;
		r->u.voe.vendor_type = data->vendor_type;
		r->u.voe.timeout_ns = timeout;
		break;
	}
	return 0;
}

long ec_ioctl_app_mbox_create(struct ec_cdev_file *f, void __user *arg)
{
	static const enum ec_app_mbox_kind kinds[] = {
		[EC_IOCTL_MBOX_FOE] = EC_APP_MBOX_FOE,
		[EC_IOCTL_MBOX_SOE] = EC_APP_MBOX_SOE,
		[EC_IOCTL_MBOX_VOE] = EC_APP_MBOX_VOE,
	};
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_mbox_request data;
	struct ec_app_mbox_request *r = NULL;
	struct ec_slave_config *sc;
	long ret;

	ret = ec_app_mbox_copy_in(f, &data, arg);
	if (ret)
		return ret;
	if (data.mem_size > EC_APP_MBOX_MAX)
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	if (sc && !m->core.active)
		r = ec_slave_config_create_mbox_request(sc, kinds[data.kind],
							data.mem_size);
	if (r) {
		ec_app_mbox_set(r, &data);
		data.request_index = ec_list_index(&sc->app_mbox_requests,
						   &r->config_node);
	}
	mutex_unlock(&m->io_mutex);
	if (!r)
		return sc ? (m->core.active ? -EBUSY : -ENOMEM) : -ENOENT;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_app_mbox_set(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_mbox_request data;
	struct ec_app_mbox_request *r;
	struct ec_app_req_lock l;
	long ret;

	ret = ec_app_mbox_copy_in(f, &data, arg);
	if (ret)
		return ret;
	ec_app_req_lock(m, &l);
	r = ec_app_mbox_find(m, data.config_index, data.request_index);
	ret = r ? ec_app_mbox_set(r, &data) : -ENOENT;
	ec_app_req_unlock(m, &l);
	return ret;
}

long ec_ioctl_app_mbox_start(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_mbox_request data;
	struct ec_app_mbox_request *r;
	struct ec_app_req_lock l;
	bool write;
	u8 *buf = NULL;
	long ret;

	ret = ec_app_mbox_copy_in(f, &data, arg);
	if (ret)
		return ret;
	write = data.op == EC_IOCTL_MBOX_WRITE;
	if (data.op > EC_IOCTL_MBOX_READ_NOSYNC ||
	    (write && data.data_size > EC_APP_MBOX_MAX))
		return -EINVAL;
	if (write && data.data_size) {
		buf = vmemdup_user(u64_to_user_ptr(data.data), data.data_size);
		if (IS_ERR(buf))
			return PTR_ERR(buf);
	}
	ec_app_req_lock(m, &l);
	r = ec_app_mbox_find(m, data.config_index, data.request_index);
	if (!r) {
		ret = -ENOENT;
	} else if (data.op == EC_IOCTL_MBOX_READ_NOSYNC &&
		   r->kind != EC_APP_MBOX_VOE) {
		ret = -EINVAL;
	} else if (write && data.data_size > r->mem_size) {
		ret = -ENOBUFS;
	} else if (!ec_app_mbox_request_owned(r)) {
		ret = -EBUSY;
	} else {
		if (write) {
			if (data.data_size)
				memcpy(r->mem, buf, data.data_size);
			if (r->kind == EC_APP_MBOX_FOE)
				r->u.foe.data_size = data.data_size;
			else if (r->kind == EC_APP_MBOX_SOE)
				r->u.soe.data_size = data.data_size;
			else
				r->u.voe.data_size = data.data_size;
		}
		ret = ec_app_mbox_request_start(r, write,
			data.op == EC_IOCTL_MBOX_READ_NOSYNC ?
			EC_VOE_OP_READ_NOSYNC : write ? EC_VOE_OP_WRITE :
			EC_VOE_OP_READ);
	}
	ec_app_req_unlock(m, &l);
	kvfree(buf);
	return ret;
}

/*
 * Polled every cycle: nothing is allocated unless a read succeeded, whose
 * data are staged in a kernel buffer so that no user memory is touched
 * under io_mutex.
 */
long ec_ioctl_app_mbox_state(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_mbox_request data;
	struct ec_app_mbox_request *r;
	struct ec_app_req_lock l;
	u8 *buf = NULL;
	size_t n = 0;
	long ret;
	bool copy;

	ret = ec_app_mbox_copy_in(f, &data, arg);
	if (ret)
		return ret;
	ec_app_req_lock(m, &l);
	r = ec_app_mbox_find(m, data.config_index, data.request_index);
	copy = r && data.data && r->mem_size &&
	       ec_app_mbox_request_state(r) == EC_REQUEST_SUCCESS;
	n = r ? r->mem_size : 0;
	ec_app_req_unlock(m, &l);
	if (copy) {
		buf = kvmalloc(n, GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
	}
	n = 0;
	ec_app_req_lock(m, &l);
	r = ec_app_mbox_find(m, data.config_index, data.request_index);
	if (!r) {
		ret = -ENOENT;
	} else {
		BUILD_BUG_ON((int)EC_REQUEST_BUSY != (int)EC_IOCTL_REQUEST_BUSY ||
			     (int)EC_REQUEST_SUCCESS != (int)EC_IOCTL_REQUEST_SUCCESS ||
			     (int)EC_REQUEST_ERROR != (int)EC_IOCTL_REQUEST_ERROR ||
			     (int)EC_REQUEST_UNUSED != (int)EC_IOCTL_REQUEST_UNUSED);
		data.state = ec_app_mbox_request_state(r);
		if (r->kind == EC_APP_MBOX_FOE) {
			data.data_size = r->u.foe.data_size;
			data.progress = r->u.foe.progress;
			data.error_code = r->u.foe.foe_error;
			data.error = r->u.foe.error;
		} else if (r->kind == EC_APP_MBOX_SOE) {
			data.data_size = r->u.soe.data_size;
			data.error_code = r->u.soe.error_code;
			data.error = r->u.soe.error;
		} else {
			data.data_size = r->u.voe.data_size;
			data.vendor_id = r->u.voe.rx_vendor_id;
			data.vendor_type = r->u.voe.rx_vendor_type;
			data.error = r->u.voe.error;
		}
		if (buf && data.state == EC_IOCTL_REQUEST_SUCCESS) {
			n = min_t(size_t, data.data_size, r->mem_size);
			memcpy(buf, r->mem, n);
		}
	}
	ec_app_req_unlock(m, &l);
	if (!ret && n && copy_to_user(u64_to_user_ptr(data.data), buf, n))
		ret = -EFAULT;
	kvfree(buf);
	if (!ret && copy_to_user(arg, &data, sizeof(data)))
		ret = -EFAULT;
	return ret;
}
