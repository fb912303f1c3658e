// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_capture.c - the frame capture and the flight recorder for
 * `ethercat capture` (include/ec_ioctl_capture.h, master/cycle/capture.c,
 * doc/CAPTURE.md).
 *
 * Frames reach userspace by ioctl, not read() or mmap(): a reader names
 * the frame number it wants, so the module keeps no state per reader and
 * any number of them may read; the ring's slots are checked for being
 * overwritten while they are copied (into a bounce buffer, then to the
 * caller outside every lock), which a mapping of the ring would leave to
 * userspace; and the counters that go with the frames come back in the
 * same call.  Nothing here runs on the cyclic side: cycle_lock is held
 * only to sample the head and the counters and to set the live window;
 * io_mutex (against the thread's ec_recorder_freeze()) while a snapshot
 * is copied.
 */
#include <linux/ktime.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "cycle/capture.h"

/* The most one call copies; a record of a full frame must fit. */
#define EC_CAPTURE_READ_MAX (1024 * 1024)
/* How long the ring stays written after a live read. */
#define EC_CAPTURE_LIVE_NS NSEC_PER_SEC

long ec_ioctl_capture_read(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_capture *cap = m->core.capture;
	struct ec_ioctl_capture_read r;
	unsigned long flags;
	u64 from, head, lost = 0;
	u32 frames = 0;
	size_t size, bytes;
	unsigned int d;
	u8 *bounce;
	long ret = 0;

	if (copy_from_user(&r, arg, sizeof(r)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(r.reserved, ARRAY_SIZE(r.reserved)) ||
	    r.reserved0 || (r.flags & ~EC_CAPTURE_LIVE))
		return -EINVAL;
	if (!cap)
		return -ENODEV;
	if (r.buf_size < EC_CAPTURE_REC_SIZE(EC_FRAME_MAX_SIZE))
		return -EINVAL;
	size = min_t(size_t, r.buf_size, EC_CAPTURE_READ_MAX);
	bounce = kvmalloc(size, GFP_KERNEL);
	if (!bounce)
		return -ENOMEM;

	from = r.from_seq;
	/* the head and the counters of the same moment */
	flags = ec_linux_cycle_lock(m);
	r.mono_ns = ktime_get_ns();
	r.real_ns = ktime_get_real_ns();
	if (r.flags & EC_CAPTURE_LIVE)
		ec_capture_set_live(&m->core, r.mono_ns + EC_CAPTURE_LIVE_NS);
	head = cap->head;
	memset(r.tx_count, 0, sizeof(r.tx_count));
	memset(r.rx_count, 0, sizeof(r.rx_count));
	for (d = 0; d < m->core.num_devices && d < 2; d++) {
		r.tx_count[d] = m->core.devices[d].stats.tx_count;
		r.rx_count[d] = m->core.devices[d].stats.rx_count;
	}
	r.num_devices = m->core.num_devices;
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);

	bytes = from < head ? ec_capture_copy(cap, &from, head, bounce, size,
					       &lost, &frames) : 0;
	if (bytes && copy_to_user(u64_to_user_ptr(r.buf), bounce, bytes))
		ret = -EFAULT;
	kvfree(bounce);
	if (ret)
		return ret;
	r.next_seq = from > r.from_seq ? from : r.from_seq;
	r.head_seq = head;
	r.lost = lost;
	r.frames = frames;
	r.bytes = bytes;
	r.ring_frames = cap->nslots;
	r.recorder = cap->recorder;
	if (copy_to_user(arg, &r, sizeof(r)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_recorder_info(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_capture *cap = m->core.capture;
	struct ec_ioctl_recorder_info r;
	const struct ec_rec_snap *s;
	unsigned long flags;
	unsigned int i, index;

	if (copy_from_user(&r, arg, sizeof(r)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(r.reserved, ARRAY_SIZE(r.reserved)) ||
	    r.index >= EC_REC_SNAPSHOTS)
		return -EINVAL;
	if (!cap)
		return -ENODEV;
	if (!cap->recorder)
		return -EOPNOTSUPP;
	index = r.index;
	memset(&r, 0, sizeof(r));
	r.index = index;
	s = &cap->snaps[index];
	flags = ec_linux_cycle_lock(m);
	r.id = s->id;
	r.state = s->state;
	r.kind = s->kind;
	r.more = s->more;
	r.event_ns = s->event_ns;
	r.event_seq = s->event_seq;
	if (s->state == EC_REC_READY) {
		r.frames = s->frames;
		r.bytes = s->bytes;
		r.lost = s->lost;
		r.first_seq = s->first_seq;
		r.end_seq = s->end_seq;
	}
	memcpy(r.text, s->text, sizeof(r.text));
	for (i = 0; i < EC_REC_KINDS && i < ARRAY_SIZE(r.events); i++)
		r.events[i] = cap->events[i];
	r.held_off = cap->held_off;
	r.real_offset_ns = ktime_get_real_ns() - ktime_get_ns();
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	r.text[sizeof(r.text) - 1] = '\0';
	if (copy_to_user(arg, &r, sizeof(r)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_recorder_read(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_capture *cap = m->core.capture;
	struct ec_ioctl_recorder_read r;
	const struct ec_rec_snap *s = NULL;
	unsigned long flags;
	unsigned int i;
	long ret = 0;

	if (copy_from_user(&r, arg, sizeof(r)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(r.reserved, ARRAY_SIZE(r.reserved)) ||
	    r.bytes || r.next_offset || (r.offset & 7))
		return -EINVAL;
	if (!cap)
		return -ENODEV;
	if (!cap->recorder)
		return -EOPNOTSUPP;
	/* the thread's freeze writes a snapshot under io_mutex */
	if (mutex_lock_interruptible(&m->io_mutex))
		return -EINTR;
	flags = ec_linux_cycle_lock(m);
	for (i = 0; i < EC_REC_SNAPSHOTS; i++)
		if (cap->snaps[i].id == r.id &&
		    cap->snaps[i].state == EC_REC_READY)
			s = &cap->snaps[i];
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	/*
	 * A new event may take the slot now (state PENDING), but only the
	 * freeze, which waits for io_mutex, rewrites its frames.
	 */
	if (!s) {
		ret = -ENOENT;
	} else if (r.offset > s->bytes) {
		ret = -EINVAL;
	} else {
		r.bytes = min_t(u32, r.buf_size, s->bytes - r.offset);
		if (r.bytes && copy_to_user(u64_to_user_ptr(r.buf),
					    s->buf + r.offset, r.bytes))
			ret = -EFAULT;
		r.next_offset = r.offset + r.bytes;
	}
	mutex_unlock(&m->io_mutex);
	if (ret)
		return ret;
	if (copy_to_user(arg, &r, sizeof(r)))
		return -EFAULT;
	return 0;
}
