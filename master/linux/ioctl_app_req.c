// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_app_req.c - the application's requests from userspace, every kind
 * (SDO, register, FoE, SoE, VoE) through one handler per step: create,
 * set, start, state (include/ec_ioctl_req.h).  The older per-kind
 * commands (SDO and register requests, EC_IOCTL_MBOX_REQUEST_*) are
 * translated into the same steps, so that they keep their ABI.
 *
 * Create takes io_mutex (it allocates).  Set, start and state are the
 * application's realtime calls: they look the request up under
 * ec_app_req_lock() (cycle_lock while the master is active, io_mutex
 * before; doc/LOCKING.md rule 7) and copy at most EC_APP_REQ_CHUNK bytes
 * of data under it; larger data go in chunks, the lock dropped between
 * them, and user memory is touched only outside it.
 */
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "app/slave_config.h"

#define EC_APP_REQ_CHUNK (64 * 1024)	/* bytes copied under the lock */

static const u32 ec_app_req_max[EC_APP_REQ_KINDS] = {
	[EC_APP_REQ_SDO] = EC_IOCTL_REQ_SDO_MAX,
	[EC_APP_REQ_REG] = EC_IOCTL_REQ_REG_MAX,
	[EC_APP_REQ_FOE] = EC_IOCTL_REQ_FOE_MAX,
	[EC_APP_REQ_SOE] = EC_IOCTL_REQ_SOE_MAX,
	[EC_APP_REQ_VOE] = EC_IOCTL_REQ_VOE_MAX,
};

static void ec_app_req_abi_check(void)
{
	BUILD_BUG_ON((int)EC_IOCTL_REQ_SDO != (int)EC_APP_REQ_SDO ||
		     (int)EC_IOCTL_REQ_REG != (int)EC_APP_REQ_REG ||
		     (int)EC_IOCTL_REQ_FOE != (int)EC_APP_REQ_FOE ||
		     (int)EC_IOCTL_REQ_SOE != (int)EC_APP_REQ_SOE ||
		     (int)EC_IOCTL_REQ_VOE != (int)EC_APP_REQ_VOE);
	BUILD_BUG_ON((int)EC_REQUEST_BUSY != (int)EC_IOCTL_REQUEST_BUSY ||
		     (int)EC_REQUEST_SUCCESS != (int)EC_IOCTL_REQUEST_SUCCESS ||
		     (int)EC_REQUEST_ERROR != (int)EC_IOCTL_REQUEST_ERROR ||
		     (int)EC_REQUEST_UNUSED != (int)EC_IOCTL_REQUEST_UNUSED);
}

/* Called with ec_app_req_lock() (or io_mutex) held. */
static struct ec_app_request *ec_app_req_find(struct ec_linux_master *m,
					      const struct ec_ioctl_app_req *d)
{
	struct ec_slave_config *sc = ec_app_config(m, d->config_index);
	struct ec_app_request *r;

	r = sc ? ec_slave_config_request(sc, d->request_index) : NULL;
	return r && r->kind == d->kind ? r : NULL;
}

/* The checks of every step, on the copied-in arguments. */
static int ec_app_req_check(const struct ec_ioctl_app_req *d)
{
	if (!ec_ioctl_reserved_ok(d->reserved, ARRAY_SIZE(d->reserved)) ||
	    d->reserved0 || d->kind >= EC_APP_REQ_KINDS || d->drive_no > 7 ||
	    d->op > EC_IOCTL_MBOX_READ_NOSYNC ||
	    (d->set & ~EC_IOCTL_REQ_SET_ALL) ||
	    !memchr(d->file_name, 0, sizeof(d->file_name)))
		return -EINVAL;
	return 0;
}

/* The parameters named by @d->set; the request is the application's. */
static int ec_app_req_set(struct ec_app_request *r,
			  const struct ec_ioctl_app_req *d)
{
	if (!ec_app_request_owned(r))	/* rule 7 */
		return -EBUSY;
	switch (r->kind) {
	case EC_APP_REQ_SDO:
		if (d->set & EC_IOCTL_REQ_SET_TARGET) {
			r->u.sdo.index = d->sdo_index;
			r->u.sdo.subindex = d->sdo_subindex;
		}
		break;
	case EC_APP_REQ_FOE:
		if (d->set & EC_IOCTL_REQ_SET_TARGET) {
			strscpy(r->u.foe.file_name, d->file_name,
				sizeof(r->u.foe.file_name));
			r->u.foe.password = d->password;
		}
		break;
	case EC_APP_REQ_SOE:
		if (d->set & EC_IOCTL_REQ_SET_TARGET) {
			r->u.soe.drive_no = d->drive_no;
			r->u.soe.idn = d->idn;
		}
		break;
	case EC_APP_REQ_VOE:
		if (d->set & EC_IOCTL_REQ_SET_TARGET) {
			r->u.voe.vendor_id = d->vendor_id;
			r->u.voe.vendor_type = d->vendor_type;
		}
		break;
	default:	/* a register request has no parameters */
		return 0;
	}
	if (d->set & EC_IOCTL_REQ_SET_TIMEOUT)
		r->u.base.timeout_ns = (u64)d->timeout_ms * NSEC_PER_MSEC;
	return 0;
}

/**
 * ec_app_req_create() - a request on a configuration (FSM side)
 * @m: master
 * @d: kind, config_index, mem_size, parameters; request_index out
 *
 * Return: 0 or -errno (-ENOENT no such config, -EBUSY while active).
 */
static long ec_app_req_create(struct ec_linux_master *m,
			      struct ec_ioctl_app_req *d)
{
	struct ec_app_request *r = NULL;
	struct ec_slave_config *sc;
	long ret = 0;

	ec_app_req_abi_check();
	if (d->mem_size > ec_app_req_max[d->kind] ||
	    (d->kind == EC_APP_REQ_REG && !d->mem_size))
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, d->config_index);
	if (!sc)
		ret = -ENOENT;
	else if (m->core.active)
		ret = -EBUSY;
	else
		r = ec_slave_config_create_request(sc, d->kind, d->mem_size);
	if (r) {
		d->set = EC_IOCTL_REQ_SET_ALL;
		ec_app_req_set(r, d);
		d->set = 0;
		d->request_index = ec_app_request_index(r);
	} else if (!ret) {
		ret = -ENOMEM;
	}
	mutex_unlock(&m->io_mutex);
	return ret;
}

static long ec_app_req_set_params(struct ec_linux_master *m,
				  const struct ec_ioctl_app_req *d)
{
	struct ec_app_request *r;
	struct ec_app_req_lock l;
	long ret;

	ec_app_req_lock(m, &l);
	r = ec_app_req_find(m, d);
	ret = r ? ec_app_req_set(r, d) : -ENOENT;
	ec_app_req_unlock(m, &l);
	return ret;
}

/*
 * Stage @size bytes of the user's data at @off of the request's memory,
 * chunk by chunk; the request must stay the application's throughout.
 */
static long ec_app_req_copy_in(struct ec_linux_master *m,
			       const struct ec_ioctl_app_req *d, size_t size)
{
	const u8 __user *src = u64_to_user_ptr(d->data);
	struct ec_app_request *r;
	struct ec_app_req_lock l;
	size_t off, n;
	long ret = 0;
	u8 *buf;

	buf = kvmalloc(min_t(size_t, size, EC_APP_REQ_CHUNK), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	for (off = 0; off < size && !ret; off += n) {
		n = min_t(size_t, size - off, EC_APP_REQ_CHUNK);
		if (copy_from_user(buf, src + off, n)) {
			ret = -EFAULT;
			break;
		}
		ec_app_req_lock(m, &l);
		r = ec_app_req_find(m, d);
		if (!r)
			ret = -ENOENT;
		else if (size > r->mem_size)
			ret = -ENOBUFS;
		else if (!ec_app_request_owned(r))	/* rule 7 */
			ret = -EBUSY;
		else
			memcpy(r->mem + off, buf, n);
		ec_app_req_unlock(m, &l);
	}
	kvfree(buf);
	return ret;
}

/**
 * ec_app_req_start() - start a read or a write
 * @m: master
 * @d: kind, indices, op; a write's data and data_size; a register
 *	request's address and data_size
 *
 * Return: 0 or -errno (-EBUSY while queued or in progress, -ENOBUFS when
 * the data exceed the request's memory).
 */
static long ec_app_req_start(struct ec_linux_master *m,
			     const struct ec_ioctl_app_req *d)
{
	bool write = d->op == EC_IOCTL_MBOX_WRITE;
	bool reg = d->kind == EC_APP_REQ_REG;
	struct ec_app_request *r;
	struct ec_app_req_lock l;
	long ret = 0;

	if (d->data_size > ec_app_req_max[d->kind] || (reg && !d->data_size) ||
	    (d->op == EC_IOCTL_MBOX_READ_NOSYNC && d->kind != EC_APP_REQ_VOE))
		return -EINVAL;
	if (write && d->data_size) {
		ret = ec_app_req_copy_in(m, d, d->data_size);
		if (ret)
			return ret;
	}
	ec_app_req_lock(m, &l);
	r = ec_app_req_find(m, d);
	if (!r) {
		ret = -ENOENT;
	} else if ((write || reg) && d->data_size > r->mem_size) {
		ret = -ENOBUFS;
	} else if (!ec_app_request_owned(r)) {	/* rule 7 */
		ret = -EBUSY;
	} else {
		if (reg)
			r->u.reg.address = d->address;
		if (write || reg)
			*ec_app_request_size(r) = d->data_size;
		ret = ec_app_request_start(r, write,
			d->op == EC_IOCTL_MBOX_READ_NOSYNC ?
			EC_VOE_OP_READ_NOSYNC : write ? EC_VOE_OP_WRITE :
			EC_VOE_OP_READ);
	}
	ec_app_req_unlock(m, &l);
	return ret;
}

/* The results of the last transfer; the caller holds the request lock. */
static void ec_app_req_results(struct ec_app_request *r,
			       struct ec_ioctl_app_req *d)
{
	d->state = ec_app_request_state(r);
	d->data_size = *ec_app_request_size(r);
	d->error_code = ec_app_request_error_code(r);
	d->error = ec_app_request_error(r);
	d->progress = 0;
	if (r->kind == EC_APP_REQ_FOE) {
		d->progress = READ_ONCE(r->u.foe.progress);
	} else if (r->kind == EC_APP_REQ_VOE &&
		   d->state == EC_IOCTL_REQUEST_SUCCESS) {
		d->vendor_id = r->u.voe.rx_vendor_id;
		d->vendor_type = r->u.voe.rx_vendor_type;
	}
}

/**
 * ec_app_req_state() - the state and, after a read, the data
 * @m: master
 * @d: kind and indices; data and mem_size: the caller's buffer (data 0:
 *	no copy); the results out
 *
 * Polled every cycle: nothing is allocated unless a read succeeded; its
 * data are staged chunk by chunk in a kernel buffer, so that no user
 * memory is touched under the lock.
 *
 * Return: 0 or -errno.
 */
static long ec_app_req_state(struct ec_linux_master *m,
			     struct ec_ioctl_app_req *d)
{
	u8 __user *dst = u64_to_user_ptr(d->data);
	struct ec_app_request *r;
	struct ec_app_req_lock l;
	size_t size = 0, off, n;
	u8 *buf = NULL;
	long ret = 0;

	ec_app_req_lock(m, &l);
	r = ec_app_req_find(m, d);
	if (r) {
		ec_app_req_results(r, d);
		if (d->data && d->state == EC_IOCTL_REQUEST_SUCCESS &&
		    !r->write)
			size = min_t(size_t, min_t(size_t, d->data_size,
						   d->mem_size), r->mem_size);
	}
	ec_app_req_unlock(m, &l);
	if (!r)
		return -ENOENT;
	if (!size)
		return 0;
	buf = kvmalloc(min_t(size_t, size, EC_APP_REQ_CHUNK), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	for (off = 0; off < size && !ret; off += n) {
		n = min_t(size_t, size - off, EC_APP_REQ_CHUNK);
		ec_app_req_lock(m, &l);
		r = ec_app_req_find(m, d);
		/* still the result seen above: a restart makes it BUSY */
		if (r && ec_load_acquire(r->state) == EC_REQ_SUCCESS)
			memcpy(buf, r->mem + off, n);
		else
			ret = -EBUSY;
		ec_app_req_unlock(m, &l);
		if (!ret && copy_to_user(dst + off, buf, n))
			ret = -EFAULT;
	}
	kvfree(buf);
	return ret;
}

/* The new commands: copy in, check, one step, copy out. */
static long ec_app_req_ioctl(struct ec_cdev_file *f, void __user *arg,
			     long (*step)(struct ec_linux_master *m,
					  struct ec_ioctl_app_req *d),
			     bool out)
{
	struct ec_ioctl_app_req d;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	if (copy_from_user(&d, arg, sizeof(d)))
		return -EFAULT;
	ret = ec_app_req_check(&d);
	if (!ret)
		ret = step(f->master, &d);
	if (!ret && out && copy_to_user(arg, &d, sizeof(d)))
		ret = -EFAULT;
	return ret;
}

static long ec_app_req_set_step(struct ec_linux_master *m,
				struct ec_ioctl_app_req *d)
{
	return ec_app_req_set_params(m, d);
}

static long ec_app_req_start_step(struct ec_linux_master *m,
				  struct ec_ioctl_app_req *d)
{
	return ec_app_req_start(m, d);
}

long ec_ioctl_app_req_create(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_req_ioctl(f, arg, ec_app_req_create, true);
}

long ec_ioctl_app_req_set(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_req_ioctl(f, arg, ec_app_req_set_step, false);
}

long ec_ioctl_app_req_start(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_req_ioctl(f, arg, ec_app_req_start_step, false);
}

long ec_ioctl_app_req_state(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_req_ioctl(f, arg, ec_app_req_state, true);
}

/*
 * The older commands: each fills the one request struct from its own and
 * runs the same step.  SDO requests (0x2f-0x34).
 */
enum ec_app_old_op {
	EC_APP_OLD_CREATE,
	EC_APP_OLD_INDEX,
	EC_APP_OLD_TIMEOUT,
	EC_APP_OLD_READ,
	EC_APP_OLD_WRITE,
	EC_APP_OLD_STATE,
	EC_APP_OLD_SET,		/* the mailbox ones: all parameters */
	EC_APP_OLD_START,	/* the mailbox ones: op as given */
};

static long ec_app_old_step(struct ec_linux_master *m,
			    struct ec_ioctl_app_req *d, enum ec_app_old_op op)
{
	switch (op) {
	case EC_APP_OLD_CREATE:
		return ec_app_req_create(m, d);
	case EC_APP_OLD_INDEX:
		d->set = EC_IOCTL_REQ_SET_TARGET;
		return ec_app_req_set_params(m, d);
	case EC_APP_OLD_TIMEOUT:
		d->set = EC_IOCTL_REQ_SET_TIMEOUT;
		return ec_app_req_set_params(m, d);
	case EC_APP_OLD_READ:
	case EC_APP_OLD_WRITE:
		d->op = op == EC_APP_OLD_WRITE ? EC_IOCTL_MBOX_WRITE :
						 EC_IOCTL_MBOX_READ;
		return ec_app_req_start(m, d);
	default:
		return ec_app_req_state(m, d);
	}
}

/* The older commands' handlers: one per command, each a step of its kind. */
#define EC_APP_OLD_CMD(kind, verb, op) \
long ec_ioctl_app_##kind##_##verb(struct ec_cdev_file *f, void __user *arg) \
{ \
	return ec_app_##kind##_old(f, arg, op); \
}

static long ec_app_sdo_old(struct ec_cdev_file *f, void __user *arg,
			   enum ec_app_old_op op)
{
	struct ec_ioctl_sdo_request data;
	struct ec_ioctl_app_req d = { .kind = EC_IOCTL_REQ_SDO };
	long ret;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0 || data.size > EC_IOCTL_REQ_SDO_MAX ||
	    (op == EC_APP_OLD_WRITE && !data.size))
		return -EINVAL;
	d.config_index = data.config_index;
	d.request_index = data.request_index;
	d.sdo_index = data.sdo_index;
	d.sdo_subindex = data.sdo_subindex;
	d.timeout_ms = data.timeout_ms;
	d.mem_size = data.size;	/* CREATE: memory; STATE: the buffer */
	d.data_size = data.size;
	d.data = data.data;
	ret = ec_app_old_step(f->master, &d, op);
	if (ret || (op != EC_APP_OLD_CREATE && op != EC_APP_OLD_STATE))
		return ret;
	data.request_index = d.request_index;
	if (op == EC_APP_OLD_STATE) {
		data.state = d.state;
		data.data_size = d.data_size;
		data.abort_code = d.error_code;
	}
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

EC_APP_OLD_CMD(sdo, create, EC_APP_OLD_CREATE)
EC_APP_OLD_CMD(sdo, index, EC_APP_OLD_INDEX)
EC_APP_OLD_CMD(sdo, timeout, EC_APP_OLD_TIMEOUT)
EC_APP_OLD_CMD(sdo, read, EC_APP_OLD_READ)
EC_APP_OLD_CMD(sdo, write, EC_APP_OLD_WRITE)
EC_APP_OLD_CMD(sdo, state, EC_APP_OLD_STATE)

/* Register requests (0x35-0x38). */
static long ec_app_reg_old(struct ec_cdev_file *f, void __user *arg,
			   enum ec_app_old_op op)
{
	struct ec_ioctl_reg_request data;
	struct ec_ioctl_app_req d = { .kind = EC_IOCTL_REQ_REG };
	long ret;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0 || data.reserved1 ||
	    data.size > EC_IOCTL_REQ_REG_MAX ||
	    (op != EC_APP_OLD_CREATE && op != EC_APP_OLD_STATE && !data.size))
		return -EINVAL;
	d.config_index = data.config_index;
	d.request_index = data.request_index;
	d.mem_size = op == EC_APP_OLD_CREATE ? data.mem_size : data.size;
	d.address = data.address;
	d.data_size = data.size;
	d.data = data.data;
	ret = ec_app_old_step(f->master, &d, op);
	if (ret || (op != EC_APP_OLD_CREATE && op != EC_APP_OLD_STATE))
		return ret;
	data.request_index = d.request_index;
	data.state = d.state;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

EC_APP_OLD_CMD(reg, create, EC_APP_OLD_CREATE)
EC_APP_OLD_CMD(reg, read, EC_APP_OLD_READ)
EC_APP_OLD_CMD(reg, write, EC_APP_OLD_WRITE)
EC_APP_OLD_CMD(reg, state, EC_APP_OLD_STATE)

/* FoE, SoE and VoE requests (EC_IOCTL_MBOX_REQUEST_*, 0x65-0x68). */
static long ec_app_mbox_old(struct ec_cdev_file *f, void __user *arg,
			    enum ec_app_old_op op)
{
	static const u8 kinds[] = {
		[EC_IOCTL_MBOX_FOE] = EC_IOCTL_REQ_FOE,
		[EC_IOCTL_MBOX_SOE] = EC_IOCTL_REQ_SOE,
		[EC_IOCTL_MBOX_VOE] = EC_IOCTL_REQ_VOE,
	};
	struct ec_ioctl_mbox_request data;
	struct ec_ioctl_app_req d = { 0 };
	long ret;

	EC_APP_COPY_IN(f, data, arg);
	if (data.kind >= ARRAY_SIZE(kinds))
		return -EINVAL;
	d.config_index = data.config_index;
	d.request_index = data.request_index;
	d.kind = kinds[data.kind];
	d.op = data.op;
	d.drive_no = data.drive_no;
	d.idn = data.idn;
	d.vendor_type = data.vendor_type;
	d.vendor_id = data.vendor_id;
	d.password = data.password;
	d.timeout_ms = data.timeout_ms;
	d.mem_size = data.mem_size;
	d.data_size = data.data_size;
	d.data = data.data;
	memcpy(d.file_name, data.file_name, sizeof(d.file_name));
	ret = ec_app_req_check(&d);
	if (ret)
		return ret;
	if (op == EC_APP_OLD_STATE)	/* the buffer is the request's size */
		d.mem_size = U32_MAX;
	if (op == EC_APP_OLD_SET) {
		d.set = EC_IOCTL_REQ_SET_ALL;
		ret = ec_app_req_set_params(f->master, &d);
	} else if (op == EC_APP_OLD_START) {
		ret = ec_app_req_start(f->master, &d);
	} else {
		ret = ec_app_old_step(f->master, &d, op);
	}
	if (ret || (op != EC_APP_OLD_CREATE && op != EC_APP_OLD_STATE))
		return ret;
	data.request_index = d.request_index;
	if (op == EC_APP_OLD_STATE) {
		data.state = d.state;
		data.data_size = d.data_size;
		data.progress = d.progress;
		data.error_code = d.error_code;
		data.error = d.error;
		data.vendor_id = d.vendor_id;
		data.vendor_type = d.vendor_type;
	}
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

EC_APP_OLD_CMD(mbox, create, EC_APP_OLD_CREATE)
EC_APP_OLD_CMD(mbox, set, EC_APP_OLD_SET)
EC_APP_OLD_CMD(mbox, start, EC_APP_OLD_START)
EC_APP_OLD_CMD(mbox, state, EC_APP_OLD_STATE)
