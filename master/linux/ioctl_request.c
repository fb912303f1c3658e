// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_request.c - ioctls that queue work on a slave's FSM (SII write,
 * register access, AL state, SDO transfer) and wait for it.
 *
 * A request and its buffer live on the heap.  The wait is interruptible
 * and bounded: a request the FSM has not started is simply taken back;
 * one in progress cannot be (the FSM still uses its memory), so it is
 * handed to the master's list of orphans and freed by the reaper once the
 * FSM is done with it.  A caller therefore never hangs unkillably, also
 * not when an application holds the master in OP and stops cycling.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_request.h"
#include "mailbox/fsm_coe.h"
#include "slave/slave.h"

#define EC_SDO_MAX_SIZE (1024 * 1024)	/* largest SDO through the CLI */
#define EC_REG_MAX_SIZE 4096
#define EC_SCAN_WAIT_MS 10000
#define EC_REQUEST_WAIT_MS 30000	/* beyond every FSM timeout */
#define EC_REQUEST_SLICE_MS 100
/* In OP only the application's cycle serves requests: give up when it
 * has not sent for this long.
 */
#define EC_APP_STALL_NS (2000ULL * NSEC_PER_MSEC)

struct ec_ioctl_req *ec_ioctl_req_alloc(void)
{
	struct ec_ioctl_req *r = kzalloc(sizeof(*r), GFP_KERNEL);

	if (r)
		INIT_LIST_HEAD(&r->orphan_node);
	return r;
}

void ec_ioctl_req_free(struct ec_ioctl_req *r)
{
	kvfree(r->buf);
	kfree(r);
}

/**
 * ec_linux_reap_requests() - free abandoned requests the FSMs finished
 * @m: master, io_mutex held
 */
void ec_linux_reap_requests(struct ec_linux_master *m)
{
	struct ec_ioctl_req *r, *tmp;

	list_for_each_entry_safe(r, tmp, &m->orphans, orphan_node) {
		if (!ec_req_done(*r->state))
			continue;
		list_del(&r->orphan_node);
		ec_ioctl_req_free(r);
	}
}

/**
 * ec_linux_free_orphans() - at unload, after the slaves were cleared
 * @m: master; every request was failed by ec_master_clear()
 */
void ec_linux_free_orphans(struct ec_linux_master *m)
{
	struct ec_ioctl_req *r, *tmp;

	list_for_each_entry_safe(r, tmp, &m->orphans, orphan_node) {
		list_del(&r->orphan_node);
		ec_ioctl_req_free(r);
	}
}

/* Called with io_mutex held. */
static struct ec_slave *ec_req_find_slave(struct ec_linux_master *m,
					  u16 position)
{
	if (position >= m->core.slave_count || !m->core.slaves)
		return NULL;
	return &m->core.slaves[position];
}

/*
 * Register requests and SII writes are served by any slave that answers,
 * also one whose scan did not finish (an EEPROM full of garbage must be
 * repairable from the master); the rest needs what the scan reads.
 */
static bool ec_ioctl_serves_unscanned(size_t list_offset)
{
	return list_offset == offsetof(struct ec_slave, reg_requests) ||
	       list_offset == offsetof(struct ec_slave, sii_requests);
}

/*
 * Queue on a slave's list.  Right after link-up the scan may still run:
 * wait for it (interruptibly, at most EC_SCAN_WAIT_MS), so that a command
 * given just after loading the modules works.  -EINVAL for a slave that
 * does not exist, -ENXIO for a request that needs a complete scan on a
 * slave the scan gave up on (error flag; retrying does not help: repair
 * the slave and rescan), -EAGAIN when the scan is still running at the
 * end.  A slave not scanned yet (a new scan about to start) is waited for.
 */
static int ec_ioctl_queue(struct ec_linux_master *m, u16 position,
			  struct ec_ioctl_req *r, size_t list_offset)
{
	unsigned long end = jiffies + msecs_to_jiffies(EC_SCAN_WAIT_MS);
	bool any = ec_ioctl_serves_unscanned(list_offset);
	struct ec_slave *s;
	int ret;

	for (;;) {
		mutex_lock(&m->io_mutex);
		s = ec_req_find_slave(m, position);
		if (s && !m->core.scan_busy && (s->scan_done || any)) {
			*r->state = EC_REQ_QUEUED;
			ec_list_add_tail(r->node,
					 (struct ec_list *)((char *)s +
							    list_offset));
			ret = 0;
		} else if (!s && !m->core.scan_busy &&
			   m->core.slave_count == m->core.slaves_responding) {
			ret = -EINVAL;
		} else if (s && s->error_flag && !m->core.scan_busy) {
			ret = -ENXIO;	/* the scan gave up on it */
		} else {
			ret = -EBUSY;	/* scan in progress */
		}
		mutex_unlock(&m->io_mutex);
		if (ret != -EBUSY)
			return ret;
		if (time_after(jiffies, end))
			return -EAGAIN;
		if (msleep_interruptible(10))
			return -EINTR;
	}
}

/*
 * Wait for the FSM.  Returns 0 when the request is done, -EINTR or
 * -ETIMEDOUT otherwise; *orphaned tells that the request now belongs to
 * the reaper and must not be touched or freed by the caller.
 */
static int ec_ioctl_wait(struct ec_linux_master *m, struct ec_ioctl_req *r,
			 unsigned long timeout_ms, bool *orphaned)
{
	unsigned long end = jiffies + msecs_to_jiffies(timeout_ms);
	long left;
	int ret;

	*orphaned = false;
	for (;;) {
		left = wait_event_interruptible_timeout(
			m->request_wq, ec_req_done(READ_ONCE(*r->state)),
			msecs_to_jiffies(EC_REQUEST_SLICE_MS));
		if (left > 0)
			return 0;
		if (left < 0 || time_after(jiffies, end))
			break;
		if (READ_ONCE(m->core.phase) == EC_PHASE_OPERATION &&
		    ktime_get_ns() - READ_ONCE(m->last_app_send_ns) >
			    EC_APP_STALL_NS)
			break;	/* the application stopped cycling */
	}
	ret = left < 0 ? -EINTR : -ETIMEDOUT;
	mutex_lock(&m->io_mutex);
	if (ec_req_done(*r->state)) {
		ret = 0;
	} else if (*r->state == EC_REQ_QUEUED) {
		ec_list_del_init(r->node);
		*r->state = EC_REQ_FAILURE;
	} else {
		list_add_tail(&r->orphan_node, &m->orphans);
		*orphaned = true;
	}
	mutex_unlock(&m->io_mutex);
	return ret;
}

/* Queue, wait, and turn a failed request into its error. */
int ec_ioctl_run(struct ec_linux_master *m, u16 position,
			struct ec_ioctl_req *r, size_t list_offset,
			const int *error, unsigned long timeout_ms,
			bool *orphaned)
{
	int ret;

	*orphaned = false;
	ret = ec_ioctl_queue(m, position, r, list_offset);
	if (!ret)
		ret = ec_ioctl_wait(m, r, timeout_ms, orphaned);
	if (!ret && *r->state == EC_REQ_FAILURE)
		ret = *error ? *error : -EIO;
	return ret;
}

long ec_ioctl_slave_sii_write(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_slave_sii data;
	struct ec_ioctl_req *r;
	bool orphaned;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    !data.nwords || data.nwords > 0x10000 ||
	    (u64)data.offset + data.nwords > 0x10000)
		return -EINVAL;
	r = ec_ioctl_req_alloc();
	if (!r)
		return -ENOMEM;
	r->buf = vmemdup_user(u64_to_user_ptr(data.words), data.nwords * 2);
	if (IS_ERR(r->buf)) {
		ret = PTR_ERR(r->buf);
		r->buf = NULL;
		ec_ioctl_req_free(r);
		return ret;
	}
	ec_list_init(&r->u.sii.node);
	r->state = &r->u.sii.state;
	r->node = &r->u.sii.node;
	r->u.sii.word_offset = data.offset;
	r->u.sii.nwords = data.nwords;
	r->u.sii.words = r->buf;
	ret = ec_ioctl_run(f->master, data.slave_position, r,
			   offsetof(struct ec_slave, sii_requests),
			   &r->u.sii.error, EC_REQUEST_WAIT_MS, &orphaned);
	if (!orphaned)
		ec_ioctl_req_free(r);
	return ret;
}

static long ec_ioctl_slave_reg(struct ec_cdev_file *f, void __user *arg,
			       bool write)
{
	struct ec_ioctl_slave_reg data;
	struct ec_ioctl_req *r;
	bool orphaned;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    !data.size || data.size > EC_REG_MAX_SIZE ||
	    (u32)data.address + data.size > 0x10000 || data.emergency)
		return -EINVAL;
	r = ec_ioctl_req_alloc();
	if (!r)
		return -ENOMEM;
	if (write)
		r->buf = vmemdup_user(u64_to_user_ptr(data.data), data.size);
	else
		r->buf = kvzalloc(data.size, GFP_KERNEL);
	if (IS_ERR_OR_NULL(r->buf)) {
		ret = r->buf ? PTR_ERR(r->buf) : -ENOMEM;
		r->buf = NULL;
		ec_ioctl_req_free(r);
		return ret;
	}
	ec_list_init(&r->u.reg.node);
	r->state = &r->u.reg.state;
	r->node = &r->u.reg.node;
	r->u.reg.write = write;
	r->u.reg.address = data.address;
	r->u.reg.size = data.size;
	r->u.reg.data = r->buf;
	ret = ec_ioctl_run(f->master, data.slave_position, r,
			   offsetof(struct ec_slave, reg_requests),
			   &r->u.reg.error, EC_REQUEST_WAIT_MS, &orphaned);
	if (orphaned)
		return ret;
	if (!ret && !write &&
	    copy_to_user(u64_to_user_ptr(data.data), r->buf, data.size))
		ret = -EFAULT;
	ec_ioctl_req_free(r);
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
	struct ec_ioctl_req *r;
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
	r = ec_ioctl_req_alloc();
	if (!r)
		return -ENOMEM;
	ec_list_init(&r->u.st.node);
	r->state = &r->u.st.state;
	r->node = &r->u.st.node;
	r->u.st.al_state = data.al_state;
	ret = ec_ioctl_run(f->master, data.slave_position, r,
			   offsetof(struct ec_slave, state_requests),
			   &r->u.st.error, EC_REQUEST_WAIT_MS, &orphaned);
	if (orphaned)
		return ret;
	data.al_status_code = r->u.st.al_status_code;
	ec_ioctl_req_free(r);
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return ret;
}

/* The SDO request of @r on index:subindex, its data r->buf of @size. */
static struct ec_sdo_request *ec_ioctl_sdo_req(struct ec_ioctl_req *r,
					       u16 index, u8 subindex,
					       size_t size)
{
	struct ec_sdo_request *req = &r->u.sdo;

	ec_list_init(&req->node);
	r->state = &req->state;
	r->node = &req->node;
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
	struct ec_ioctl_req *r;
	bool orphaned;
	long ret;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    !data.data_size || data.data_size > EC_SDO_MAX_SIZE)
		return -EINVAL;
	r = ec_ioctl_req_alloc();
	if (!r)
		return -ENOMEM;
	if (write)
		r->buf = vmemdup_user(u64_to_user_ptr(data.data),
				      data.data_size);
	else
		r->buf = kvzalloc(data.data_size, GFP_KERNEL);
	if (IS_ERR_OR_NULL(r->buf)) {
		ret = r->buf ? PTR_ERR(r->buf) : -ENOMEM;
		r->buf = NULL;
		ec_ioctl_req_free(r);
		return ret;
	}
	req = ec_ioctl_sdo_req(r, data.sdo_index, data.sdo_entry_subindex,
			       data.data_size);
	req->write = write;
	req->complete_access = data.complete_access;
	req->data_size = write ? data.data_size : 0;
	req->timeout_ns = (u64)data.timeout_ms * NSEC_PER_MSEC;
	ret = ec_ioctl_run(f->master, data.slave_position, r,
			   offsetof(struct ec_slave, sdo_requests),
			   &req->error,
			   EC_REQUEST_WAIT_MS + data.timeout_ms, &orphaned);
	if (orphaned)
		return ret;
	data.abort_code = req->abort_code;
	data.result_size = ret ? 0 : req->data_size;
	if (!ret && !write &&
	    copy_to_user(u64_to_user_ptr(data.data), r->buf, req->data_size))
		ret = -EFAULT;
	ec_ioctl_req_free(r);
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
	struct ec_ioctl_req *r;
	size_t n;
	bool orphaned;
	int ret;

	r = ec_ioctl_req_alloc();
	if (!r)
		return -ENOMEM;
	r->buf = kvzalloc(EC_COE_ENTRY_DESC_FIXED + EC_IOCTL_STRING_SIZE,
			  GFP_KERNEL);
	if (!r->buf) {
		ec_ioctl_req_free(r);
		return -ENOMEM;
	}
	req = ec_ioctl_sdo_req(r, (u16)data->sdo_spec,
			       data->sdo_entry_subindex,
			       EC_COE_ENTRY_DESC_FIXED + EC_IOCTL_STRING_SIZE - 1);
	req->entry_info = true;
	ret = ec_ioctl_run(m, data->slave_position, r,
			   offsetof(struct ec_slave, sdo_requests),
			   &req->error, EC_REQUEST_WAIT_MS, &orphaned);
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
	ec_ioctl_req_free(r);
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
