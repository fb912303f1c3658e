// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_slave.c - ioctl handlers for slaves: information from the scan
 * (identity, ports, SMs, PDOs, dictionary, SII image) and requests that
 * the slave FSMs carry out (SII write, registers, AL state, SDOs).
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "request.h"
#include "slave/slave.h"
#include "request/requests.h"

#define EC_SDO_MAX_SIZE (1024 * 1024)	/* largest SDO through the CLI */
#define EC_REG_MAX_SIZE 4096

static void ec_strlcpy_opt(char *dst, const char *src, size_t size)
{
	strscpy(dst, src ? src : "", size);
}

/* Called with io_mutex held. */
static struct ec_slave *ec_ioctl_find_slave(struct ec_linux_master *m,
					    u16 position)
{
	struct ec_master *c = &m->core;

	if (position >= c->slave_count || !c->slaves)
		return NULL;
	return c->slaves[position];
}

static void ec_ioctl_fill_slave(struct ec_ioctl_slave *o,
				const struct ec_slave *s)
{
	const struct ec_sii *sii = &s->sii;
	unsigned int i;

	o->vendor_id = sii->vendor_id;
	o->product_code = sii->product_code;
	o->revision_number = sii->revision_number;
	o->serial_number = sii->serial_number;
	o->alias = s->effective_alias;
	o->station_address = s->station_address;
	o->boot_rx_mailbox_offset = sii->boot_rx_mailbox_offset;
	o->boot_rx_mailbox_size = sii->boot_rx_mailbox_size;
	o->boot_tx_mailbox_offset = sii->boot_tx_mailbox_offset;
	o->boot_tx_mailbox_size = sii->boot_tx_mailbox_size;
	o->std_rx_mailbox_offset = sii->std_rx_mailbox_offset;
	o->std_rx_mailbox_size = sii->std_rx_mailbox_size;
	o->std_tx_mailbox_offset = sii->std_tx_mailbox_offset;
	o->std_tx_mailbox_size = sii->std_tx_mailbox_size;
	o->mailbox_protocols = sii->mailbox_protocols;
	o->has_general_category = sii->has_general;
	o->coe_details = sii->coe_details;
	o->general_flags = sii->general_flags;
	o->al_state = s->current_state;
	o->error_flag = s->error_flag;
	o->fmmu_bit = s->base_fmmu_bit_operation;
	o->current_on_ebus = sii->current_on_ebus;
	o->base_type = s->base_type;
	o->base_revision = s->base_revision;
	o->base_build = s->base_build;
	o->base_fmmu_count = s->base_fmmu_count;
	o->base_sync_count = s->base_sync_count;
	o->dc_supported = s->base_dc_supported;
	o->dc_range = s->base_dc_range;
	o->has_dc_system_time = s->base_dc_supported;
	o->transmission_delay = s->transmission_delay;
	o->sync_count = s->sync_count;
	o->sdo_count = s->sdo_count;
	o->alias_holders = s->alias_holders;
	o->alias_next = s->alias_next;
	o->sii_nwords = s->sii_nwords;
	o->al_status_code = s->al_status_code;
	for (i = 0; i < EC_IOCTL_MAX_PORTS; i++) {
		const struct ec_slave_port *p = &s->ports[i];

		o->ports[i].desc = p->desc;
		o->ports[i].link_up = p->link_up;
		o->ports[i].loop_closed = p->loop_closed;
		o->ports[i].signal_detected = p->signal_detected;
		o->ports[i].next_slave = p->next_slave ?
			p->next_slave->ring_position : EC_IOCTL_NO_SLAVE;
		o->ports[i].receive_time = p->receive_time;
		o->ports[i].delay_to_next_dc = p->delay_to_next_dc;
	}
	ec_strlcpy_opt(o->group, sii->group, sizeof(o->group));
	ec_strlcpy_opt(o->image, sii->image, sizeof(o->image));
	ec_strlcpy_opt(o->order, sii->order, sizeof(o->order));
	ec_strlcpy_opt(o->name, sii->name, sizeof(o->name));
}

long ec_ioctl_slave(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave *data;
	struct ec_slave *s;
	u16 position;
	long ret = 0;

	data = kzalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	if (copy_from_user(&position, arg, sizeof(position))) {
		ret = -EFAULT;
		goto out_free;
	}
	mutex_lock(&m->io_mutex);
	s = ec_ioctl_find_slave(m, position);
	if (s)
		ec_ioctl_fill_slave(data, s);
	mutex_unlock(&m->io_mutex);
	if (!s) {
		ret = -EINVAL;
		goto out_free;
	}
	data->position = position;
	if (copy_to_user(arg, data, sizeof(*data)))
		ret = -EFAULT;
out_free:
	kfree(data);
	return ret;
}

/* Called with io_mutex held. */
static const struct ec_sii_sync *ec_ioctl_find_sync(struct ec_linux_master *m,
						    u16 position, u8 index)
{
	struct ec_slave *s = ec_ioctl_find_slave(m, position);

	if (!s || index >= s->sync_count || !s->syncs)
		return NULL;
	return &s->syncs[index];
}

long ec_ioctl_slave_sync(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave_sync data;
	const struct ec_sii_sync *sync;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	mutex_lock(&m->io_mutex);
	sync = ec_ioctl_find_sync(m, data.slave_position, data.sync_index);
	if (sync) {
		data.physical_start_address = sync->physical_start_address;
		data.default_size = sync->default_length;
		data.control_register = sync->control_register;
		data.enable = sync->enable;
		data.pdo_count = sync->pdo_count;
	}
	mutex_unlock(&m->io_mutex);
	if (!sync)
		return -EINVAL;
	memset(data.reserved, 0, sizeof(data.reserved));
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_slave_sync_pdo(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave_sync_pdo data;
	const struct ec_sii_sync *sync;
	const struct ec_pdo *pdo = NULL;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	mutex_lock(&m->io_mutex);
	sync = ec_ioctl_find_sync(m, data.slave_position, data.sync_index);
	if (sync && data.pdo_pos < sync->pdo_count) {
		pdo = &sync->pdos[data.pdo_pos];
		data.index = pdo->index;
		data.entry_count = pdo->entry_count;
		ec_strlcpy_opt(data.name, pdo->name, sizeof(data.name));
	}
	mutex_unlock(&m->io_mutex);
	if (!pdo)
		return -EINVAL;
	memset(data.reserved, 0, sizeof(data.reserved));
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_slave_sync_pdo_entry(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave_sync_pdo_entry data;
	const struct ec_sii_sync *sync;
	const struct ec_pdo_entry *e = NULL;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	mutex_lock(&m->io_mutex);
	sync = ec_ioctl_find_sync(m, data.slave_position, data.sync_index);
	if (sync && data.pdo_pos < sync->pdo_count &&
	    data.entry_pos < sync->pdos[data.pdo_pos].entry_count) {
		e = &sync->pdos[data.pdo_pos].entries[data.entry_pos];
		data.index = e->index;
		data.subindex = e->subindex;
		data.bit_length = e->bit_length;
		ec_strlcpy_opt(data.name, e->name, sizeof(data.name));
	}
	mutex_unlock(&m->io_mutex);
	if (!e)
		return -EINVAL;
	memset(data.reserved, 0, sizeof(data.reserved));
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_slave_sdo(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave_sdo data;
	const struct ec_sdo *sdo = NULL;
	struct ec_slave *s;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	mutex_lock(&m->io_mutex);
	s = ec_ioctl_find_slave(m, data.slave_position);
	if (s && data.sdo_position < s->sdo_count) {
		sdo = &s->sdos[data.sdo_position];
		data.sdo_index = sdo->index;
		data.max_subindex = sdo->max_subindex;
		data.object_code = sdo->object_code;
		ec_strlcpy_opt(data.name, sdo->name, sizeof(data.name));
	}
	mutex_unlock(&m->io_mutex);
	if (!sdo)
		return -EINVAL;
	memset(data.reserved, 0, sizeof(data.reserved));
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_slave_sdo_entry(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave_sdo_entry data;
	const struct ec_sdo_entry *e = NULL;
	const struct ec_sdo *sdo = NULL;
	struct ec_slave *s;
	unsigned int i;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	mutex_lock(&m->io_mutex);
	s = ec_ioctl_find_slave(m, data.slave_position);
	if (s && data.sdo_spec >= 0)
		sdo = ec_slave_find_sdo(s, (u16)data.sdo_spec);
	else if (s && -data.sdo_spec - 1 < (s32)s->sdo_count)
		sdo = &s->sdos[-data.sdo_spec - 1];
	for (i = 0; sdo && i < sdo->entry_count; i++) {
		if (sdo->entries[i].subindex != data.sdo_entry_subindex)
			continue;
		e = &sdo->entries[i];
		data.data_type = e->data_type;
		data.bit_length = e->bit_length;
		memcpy(data.read_access, e->read_access, 3);
		memcpy(data.write_access, e->write_access, 3);
		ec_strlcpy_opt(data.description, e->description,
			       sizeof(data.description));
		break;
	}
	mutex_unlock(&m->io_mutex);
	/*
	 * An object the dictionary does not hold (not read yet, or switched
	 * off): ask the slave for the one entry's description.
	 */
	if (!e && s && !sdo && data.sdo_spec >= 0 &&
	    data.sdo_spec <= 0xffff) {
		int ret = ec_linux_sdo_entry_info(m, &data);

		if (ret)
			return ret == -EIO ? -EINVAL : ret;
	} else if (!e) {
		return -EINVAL;
	}
	memset(data.reserved, 0, sizeof(data.reserved));
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_slave_sii_read(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_slave_sii data;
	struct ec_slave *s;
	u8 *buf;
	long ret = 0;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)) ||
	    !data.nwords || data.nwords > 0x10000 ||
	    data.offset >= 0x10000)
		return -EINVAL;
	buf = kvmalloc(data.nwords * 2, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&m->io_mutex);
	s = ec_ioctl_find_slave(m, data.slave_position);
	if (!s || !s->sii_image)
		ret = -EINVAL;
	else if ((u64)data.offset + data.nwords > s->sii_nwords)
		ret = -EOVERFLOW;
	else
		memcpy(buf, s->sii_image + data.offset * 2, data.nwords * 2);
	mutex_unlock(&m->io_mutex);
	if (!ret && copy_to_user(u64_to_user_ptr(data.words), buf,
				 data.nwords * 2))
		ret = -EFAULT;
	kvfree(buf);
	return ret;
}
