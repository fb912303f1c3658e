// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_config.c - read-only views of the application's slave
 * configurations and domains for the CLI (ethercat config, domains, data).
 *
 * Configurations and domains are addressed by their position in the
 * master's lists.  Everything is read under io_mutex into a kernel copy;
 * user memory is touched only after the mutex is released.
 */
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "app/slave_config.h"	/* before domain.h: struct ec_fmmu_config */
#include "cycle/domain.h"
#include "slave/slave.h"

/* Called with io_mutex held. */
static struct ec_slave_config *ec_ioctl_find_config(struct ec_master *c,
						    u32 index)
{
	struct ec_list *pos;

	for (pos = c->configs.next; pos != &c->configs; pos = pos->next) {
		if (!index--)
			return ec_list_entry(pos, struct ec_slave_config,
					     node);
	}
	return NULL;
}

/* Called with io_mutex held. */
static struct ec_domain *ec_ioctl_find_domain(struct ec_master *c,
					      u32 index)
{
	struct ec_list *pos;

	for (pos = c->domains.next; pos != &c->domains; pos = pos->next) {
		if (!index--)
			return ec_list_entry(pos, struct ec_domain, node);
	}
	return NULL;
}

/* Called with io_mutex held. */
static const struct ec_pdo *ec_ioctl_find_config_pdo(struct ec_master *c,
						     u32 config_index,
						     u8 sync_index,
						     u16 pdo_pos)
{
	struct ec_slave_config *sc = ec_ioctl_find_config(c, config_index);
	const struct ec_sync_config *sync;

	if (!sc || sync_index >= EC_SC_SYNCS)
		return NULL;
	sync = &sc->syncs[sync_index];
	if (pdo_pos >= sync->pdo_count || !sync->pdos)
		return NULL;
	return &sync->pdos[pdo_pos];
}

/*
 * The direction a sync manager of a configuration has: the one the
 * application set, else the attached slave's.
 */
static u8 ec_ioctl_config_sync_dir(const struct ec_slave_config *sc,
				   unsigned int i)
{
	const struct ec_slave *s = sc->slave;

	if (sc->syncs[i].dir != EC_DIR_INVALID)
		return sc->syncs[i].dir;
	if (s && s->syncs && i < s->sync_count)
		return s->syncs[i].dir;
	return EC_DIR_INVALID;
}

static void ec_ioctl_fill_config(struct ec_ioctl_config *o,
				 const struct ec_slave_config *sc)
{
	const struct ec_list *pos;
	unsigned int i;

	o->alias = sc->alias;
	o->position = sc->position;
	o->vendor_id = sc->vendor_id;
	o->product_code = sc->product_code;
	o->slave_position = sc->slave ? sc->slave->ring_position :
		EC_IOCTL_NO_SLAVE;
	o->slave_al_state = sc->slave ? sc->slave->current_state : 0;
	o->identity_mismatch = sc->identity_mismatch;
	o->watchdog_divider = sc->watchdog_divider;
	o->watchdog_intervals = sc->watchdog_intervals;
	for (pos = sc->sdo_configs.next; pos != &sc->sdo_configs;
	     pos = pos->next)
		o->sdo_count++;
	o->idn_count = 0;
	o->dc_assign_activate = sc->dc_assign_activate;
	for (i = 0; i < 2; i++) {
		o->dc_sync_cycle[i] = sc->dc_sync_cycle[i];
		o->dc_sync_shift[i] = sc->dc_sync_shift[i];
	}
	for (i = 0; i < EC_IOCTL_CONFIG_SYNCS && i < EC_SC_SYNCS; i++) {
		const struct ec_sync_config *sync = &sc->syncs[i];

		o->syncs[i].dir = ec_ioctl_config_sync_dir(sc, i);
		o->syncs[i].watchdog_mode = sync->watchdog_mode;
		o->syncs[i].pdo_count = min_t(unsigned int, sync->pdo_count,
					      U8_MAX);
	}
}

long ec_ioctl_config(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	const struct ec_slave_config *sc;
	struct ec_ioctl_config *data;
	u32 index;
	long ret = 0;

	if (copy_from_user(&index, arg, sizeof(index)))
		return -EFAULT;
	data = kzalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	mutex_lock(&m->io_mutex);
	sc = ec_ioctl_find_config(&m->core, index);
	if (sc)
		ec_ioctl_fill_config(data, sc);
	mutex_unlock(&m->io_mutex);
	if (!sc) {
		ret = -ENOENT;
		goto out_free;
	}
	data->config_index = index;
	if (copy_to_user(arg, data, sizeof(*data)))
		ret = -EFAULT;
out_free:
	kfree(data);
	return ret;
}

long ec_ioctl_config_pdo(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_config_pdo data;
	const struct ec_pdo *pdo;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (data.reserved0 ||
	    !ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)))
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	pdo = ec_ioctl_find_config_pdo(&m->core, data.config_index,
				       data.sync_index, data.pdo_pos);
	if (pdo) {
		data.index = pdo->index;
		data.entry_count = pdo->entry_count;
		strscpy(data.name, pdo->name ? pdo->name : "",
			sizeof(data.name));
	}
	mutex_unlock(&m->io_mutex);
	if (!pdo)
		return -ENOENT;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_config_pdo_entry(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_config_pdo_entry data;
	const struct ec_pdo_entry *e = NULL;
	const struct ec_pdo *pdo;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (data.reserved0 || data.reserved1 ||
	    !ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)))
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	pdo = ec_ioctl_find_config_pdo(&m->core, data.config_index,
				       data.sync_index, data.pdo_pos);
	if (pdo && pdo->entries && data.entry_pos < pdo->entry_count) {
		e = &pdo->entries[data.entry_pos];
		data.index = e->index;
		data.subindex = e->subindex;
		data.bit_length = e->bit_length;
		strscpy(data.name, e->name ? e->name : "", sizeof(data.name));
	}
	mutex_unlock(&m->io_mutex);
	if (!e)
		return -ENOENT;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_config_sdo(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	const struct ec_sdo_config *sdo = NULL;
	struct ec_ioctl_config_sdo *data;
	struct ec_slave_config *sc;
	u32 in[2];		/* config_index, sdo_pos */
	long ret = 0;

	if (copy_from_user(in, arg, sizeof(in)))
		return -EFAULT;
	data = kzalloc(sizeof(*data), GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	mutex_lock(&m->io_mutex);
	sc = ec_ioctl_find_config(&m->core, in[0]);
	if (sc) {
		struct ec_list *pos;
		u32 n = in[1];

		for (pos = sc->sdo_configs.next; pos != &sc->sdo_configs;
		     pos = pos->next) {
			if (!n--) {
				sdo = ec_list_entry(pos, struct ec_sdo_config,
						    node);
				break;
			}
		}
	}
	if (sdo) {
		data->index = sdo->index;
		data->subindex = sdo->subindex;
		data->complete_access = sdo->complete_access;
		data->size = min_t(size_t, sdo->size, U32_MAX);
		if (sdo->data)
			memcpy(data->data, sdo->data,
			       min_t(size_t, sdo->size, sizeof(data->data)));
	}
	mutex_unlock(&m->io_mutex);
	if (!sdo) {
		ret = -ENOENT;
		goto out_free;
	}
	data->config_index = in[0];
	data->sdo_pos = in[1];
	if (copy_to_user(arg, data, sizeof(*data)))
		ret = -EFAULT;
out_free:
	kfree(data);
	return ret;
}

long ec_ioctl_domain(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	const struct ec_domain *d;
	struct ec_ioctl_domain data;
	u32 index;

	if (copy_from_user(&index, arg, sizeof(index)))
		return -EFAULT;
	memset(&data, 0, sizeof(data));
	mutex_lock(&m->io_mutex);
	d = ec_ioctl_find_domain(&m->core, index);
	if (d) {
		const struct ec_list *pos;

		data.data_size = d->data_size;
		data.logical_base_address = d->logical_base_address;
		data.working_counter = d->working_counter;
		data.expected_working_counter = d->expected_working_counter;
		for (pos = d->fmmu_configs.next; pos != &d->fmmu_configs;
		     pos = pos->next)
			data.fmmu_count++;
		data.datagram_count = d->datagram_count;
		data.wc_state = d->wc_state;
		data.activated = d->data != NULL;
		data.working_counter_changes = d->working_counter_changes;
	}
	mutex_unlock(&m->io_mutex);
	if (!d)
		return -ENOENT;
	data.domain_index = index;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_domain_fmmu(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	const struct ec_fmmu_config *fmmu = NULL;
	struct ec_ioctl_domain_fmmu data;
	const struct ec_domain *d;

	if (copy_from_user(&data, arg, 2 * sizeof(u32)))
		return -EFAULT;
	mutex_lock(&m->io_mutex);
	d = ec_ioctl_find_domain(&m->core, data.domain_index);
	if (d) {
		const struct ec_list *pos;
		u32 n = data.fmmu_index;

		for (pos = d->fmmu_configs.next; pos != &d->fmmu_configs;
		     pos = pos->next) {
			if (!n--) {
				fmmu = ec_list_entry(pos, struct ec_fmmu_config,
						     domain_node);
				break;
			}
		}
	}
	if (fmmu) {
		memset((u8 *)&data + 2 * sizeof(u32), 0,
		       sizeof(data) - 2 * sizeof(u32));
		data.slave_config_alias = fmmu->sc->alias;
		data.slave_config_position = fmmu->sc->position;
		data.sync_index = fmmu->sync_index;
		data.dir = fmmu->dir;
		data.logical_address = d->logical_base_address +
			fmmu->logical_start_address;
		data.data_size = fmmu->data_size;
	}
	mutex_unlock(&m->io_mutex);
	if (!fmmu)
		return -ENOENT;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_domain_data(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_domain_data data;
	const struct ec_domain *d;
	size_t size = 0;
	long ret = 0;
	u8 *buf;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)))
		return -EINVAL;
	/*
	 * Sized from a first look; copied under the mutex only if the domain
	 * still fits (the application may have changed it in between).
	 */
	mutex_lock(&m->io_mutex);
	d = ec_ioctl_find_domain(&m->core, data.domain_index);
	if (d)
		size = d->data ? d->data_size : 0;
	mutex_unlock(&m->io_mutex);
	if (!d)
		return -ENOENT;
	if (size > data.data_size)
		return -EOVERFLOW;
	buf = size ? vmalloc(size) : NULL;
	if (size && !buf)
		return -ENOMEM;

	mutex_lock(&m->io_mutex);
	d = ec_ioctl_find_domain(&m->core, data.domain_index);
	if (!d)
		ret = -ENOENT;
	else if ((d->data ? d->data_size : 0) != size)
		ret = -EAGAIN;
	else if (size)
		memcpy(buf, d->data, size);
	mutex_unlock(&m->io_mutex);
	if (ret)
		goto out_free;

	if (size && copy_to_user(u64_to_user_ptr(data.data), buf, size)) {
		ret = -EFAULT;
		goto out_free;
	}
	data.result_size = size;
	if (copy_to_user(arg, &data, sizeof(data)))
		ret = -EFAULT;
out_free:
	vfree(buf);
	return ret;
}
