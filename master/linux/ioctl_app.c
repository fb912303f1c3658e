// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioctl_app.c - ioctl handlers of the application API (include/ec_ioctl.h,
 * numbers 0x20-0x4f): libethercat's ecrt_* reach the core through them.
 *
 * A file first requests the master (exclusive); every other command here
 * needs that file to hold it (-EPERM otherwise; the table in cdev.c has
 * already checked that the file is writable where a command changes
 * anything).  Objects are named by index in order of creation.  User
 * memory is copied before io_mutex is taken or after it is dropped, never
 * under it.
 */
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "cycle/domain.h"
#include "mailbox/emergency.h"
#include "request/requests.h"
#include "slave/slave.h"
#include "app/slave_config.h"

#define EC_APP_SDO_MAX (1024 * 1024)	/* startup SDO memory */

bool ec_app_holds(struct ec_cdev_file *f)
{
	return READ_ONCE(f->master->reserved_file) == f;
}

/* Called with io_mutex held. */
struct ec_slave_config *ec_app_config(struct ec_linux_master *m, u32 index)
{
	struct ec_list *n;

	for (n = m->core.configs.next; n != &m->core.configs; n = n->next)
		if (!index--)
			return ec_list_entry(n, struct ec_slave_config, node);
	return NULL;
}

/**
 * ec_app_sc_apply() - change one of the application's configurations
 * @m: master
 * @index: the configuration's number (ec_app_config())
 * @apply: the change; runs with io_mutex held
 * @data: the command's argument for @apply, copied in and checked
 *
 * The one place where a command that changes a configuration takes
 * io_mutex and looks the configuration up.
 *
 * Return: what @apply returns, or -ENOENT without such a configuration.
 */
long ec_app_sc_apply(struct ec_linux_master *m, u32 index,
		     long (*apply)(struct ec_slave_config *sc,
				   const void *data),
		     const void *data)
{
	struct ec_slave_config *sc;
	long ret = -ENOENT;

	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, index);
	if (sc)
		ret = apply(sc, data);
	mutex_unlock(&m->io_mutex);
	return ret;
}

/* Called with cycle_lock or io_mutex held (domains are fixed while active). */
struct ec_domain *ec_app_domain(struct ec_linux_master *m, unsigned long index)
{
	struct ec_list *n;
	struct ec_domain *d;

	for (n = m->core.domains.next; n != &m->core.domains; n = n->next) {
		d = ec_list_entry(n, struct ec_domain, node);
		if (d->index == index)
			return d;
	}
	return NULL;
}

/*
 * The application's request calls (read, write, state: made every cycle)
 * must not wait for io_mutex, which the CLI and the master's FSM turn hold
 * (doc/LOCKING.md).  While the master is active its configs and their
 * requests are fixed, and deactivation lets go of "active" under
 * cycle_lock before it frees them: so the lookup and the state change run
 * under cycle_lock then (copies of at most one request's data; user memory
 * is staged outside).  Before activation they take io_mutex.
 */
void ec_app_req_lock(struct ec_linux_master *m, struct ec_app_req_lock *l)
{
	l->flags = ec_linux_cycle_lock(m);
	l->raw = m->core.active;
	if (l->raw)
		return;
	raw_spin_unlock_irqrestore(&m->cycle_lock, l->flags);
	mutex_lock(&m->io_mutex);
}

void ec_app_req_unlock(struct ec_linux_master *m, struct ec_app_req_lock *l)
{
	if (l->raw)
		raw_spin_unlock_irqrestore(&m->cycle_lock, l->flags);
	else
		mutex_unlock(&m->io_mutex);
}

long ec_ioctl_app_request(struct ec_cdev_file *f, void __user *arg)
{
	if (ec_app_holds(f))
		return 0;
	return ec_linux_master_reserve(f->master, f);
}

long ec_ioctl_app_create_domain(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_domain *d;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	mutex_lock(&m->io_mutex);
	d = m->core.active ? NULL : ec_master_create_domain(&m->core);
	ret = d ? (long)d->index : m->core.active ? -EBUSY : -ENOMEM;
	mutex_unlock(&m->io_mutex);
	return ret;
}

long ec_ioctl_app_create_config(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_app_config data;
	struct ec_slave_config *sc;
	struct ec_list *n;
	u32 index = 0;

	EC_APP_COPY_IN(f, data, arg);
	mutex_lock(&m->io_mutex);
	sc = m->core.active ? NULL :
		ec_master_slave_config(&m->core, data.alias, data.position,
				       data.vendor_id, data.product_code);
	for (n = m->core.configs.next; sc && n != &sc->node; n = n->next)
		index++;
	mutex_unlock(&m->io_mutex);
	if (!sc)
		return -EINVAL;	/* active, or identity conflict (logged) */
	data.config_index = index;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

static long ec_app_sc_sync_apply(struct ec_slave_config *sc,
				 const void *data)
{
	const struct ec_ioctl_sc_sync *d = data;

	return ec_slave_config_sync_manager(sc, d->sync_index, d->dir,
					    d->watchdog_mode);
}

long ec_ioctl_app_sc_sync(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_sc_sync data;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0 || data.dir >= EC_DIR_COUNT ||
	    data.watchdog_mode > EC_WD_DISABLE)
		return -EINVAL;
	return ec_app_sc_apply(f->master, data.config_index,
			       ec_app_sc_sync_apply, &data);
}

static long ec_app_sc_watchdog_apply(struct ec_slave_config *sc,
				     const void *data)
{
	const struct ec_ioctl_sc_watchdog *d = data;

	ec_slave_config_watchdog(sc, d->divider, d->intervals);
	return 0;
}

long ec_ioctl_app_sc_watchdog(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_sc_watchdog data;

	EC_APP_COPY_IN(f, data, arg);
	return ec_app_sc_apply(f->master, data.config_index,
			       ec_app_sc_watchdog_apply, &data);
}

static long ec_app_sc_pdo_add(struct ec_slave_config *sc, const void *data)
{
	const struct ec_ioctl_sc_pdo *d = data;

	return ec_slave_config_pdo_assign_add(sc, d->sync_index,
					      d->pdo_index);
}

static long ec_app_sc_pdo_clear(struct ec_slave_config *sc,
				const void *data)
{
	const struct ec_ioctl_sc_pdo *d = data;

	ec_slave_config_pdo_assign_clear(sc, d->sync_index);
	return 0;
}

static long ec_app_sc_pdo(struct ec_cdev_file *f, void __user *arg,
			  bool add)
{
	struct ec_ioctl_sc_pdo data;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0 || data.sync_index >= EC_MAX_SYNC_MANAGERS)
		return -EINVAL;
	return ec_app_sc_apply(f->master, data.config_index,
			       add ? ec_app_sc_pdo_add : ec_app_sc_pdo_clear,
			       &data);
}

long ec_ioctl_app_sc_add_pdo(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_sc_pdo(f, arg, true);
}

long ec_ioctl_app_sc_clear_pdos(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_sc_pdo(f, arg, false);
}

static long ec_app_sc_entry_add(struct ec_slave_config *sc,
				const void *data)
{
	const struct ec_ioctl_sc_entry *d = data;

	return ec_slave_config_pdo_mapping_add(sc, d->pdo_index,
					       d->entry_index,
					       d->entry_subindex,
					       d->entry_bit_length);
}

static long ec_app_sc_entry_clear(struct ec_slave_config *sc,
				  const void *data)
{
	const struct ec_ioctl_sc_entry *d = data;

	ec_slave_config_pdo_mapping_clear(sc, d->pdo_index);
	return 0;
}

static long ec_app_sc_entry(struct ec_cdev_file *f, void __user *arg,
			    bool add)
{
	struct ec_ioctl_sc_entry data;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0)
		return -EINVAL;
	return ec_app_sc_apply(f->master, data.config_index,
			       add ? ec_app_sc_entry_add :
				     ec_app_sc_entry_clear,
			       &data);
}

long ec_ioctl_app_sc_add_entry(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_sc_entry(f, arg, true);
}

long ec_ioctl_app_sc_clear_entries(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_sc_entry(f, arg, false);
}

static long ec_app_reg_pdo(struct ec_cdev_file *f, void __user *arg,
			   bool by_pos)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_reg_pdo_entry data;
	struct ec_slave_config *sc;
	struct ec_domain *d;
	unsigned int bit = 0;
	long ret = -ENOENT;

	EC_APP_COPY_IN(f, data, arg);
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	d = ec_app_domain(m, data.domain_index);
	if (m->core.active)
		ret = -EBUSY;
	else if (sc && d && by_pos)
		ret = ec_slave_config_reg_pdo_entry_pos(sc, data.sync_index,
							data.pdo_pos,
							data.entry_pos, d,
							&bit);
	else if (sc && d)
		ret = ec_slave_config_reg_pdo_entry(sc, data.entry_index,
						    data.entry_subindex, d,
						    &bit);
	mutex_unlock(&m->io_mutex);
	if (ret < 0)
		return ret;
	data.offset = ret;
	data.bit_position = bit;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_app_reg_pdo_entry(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_reg_pdo(f, arg, false);
}

long ec_ioctl_app_reg_pdo_pos(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_reg_pdo(f, arg, true);
}

long ec_ioctl_app_sc_sdo(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_sdo data;
	struct ec_slave_config *sc;
	long ret = -ENOENT;
	u8 *buf;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0 || !data.size || data.size > EC_APP_SDO_MAX ||
	    data.complete_access > 1)
		return -EINVAL;
	buf = vmemdup_user(u64_to_user_ptr(data.data), data.size);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	if (sc)
		ret = ec_slave_config_sdo(sc, data.index, data.subindex, buf,
					  data.size, data.complete_access);
	mutex_unlock(&m->io_mutex);
	kvfree(buf);
	return ret;
}

enum ec_app_emerg_op {
	EC_APP_EMERG_SIZE,
	EC_APP_EMERG_POP,
	EC_APP_EMERG_CLEAR,
	EC_APP_EMERG_OVERRUNS,
};

static long ec_app_emerg(struct ec_cdev_file *f, void __user *arg,
			 enum ec_app_emerg_op op)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_emerg data;
	struct ec_slave_config *sc;
	struct ec_emerg_ring *ring;
	long ret = 0;

	EC_APP_COPY_IN(f, data, arg);
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	ring = sc && sc->slave ? &sc->slave->emerg_ring : NULL;
	if (!sc)
		ret = -ENOENT;
	else if (op == EC_APP_EMERG_SIZE)
		ret = !ring ? -ENOENT : data.value > EC_EMERG_RING_MAX ?
			-EINVAL : ec_emerg_ring_set_size(ring, data.value);
	else if (op == EC_APP_EMERG_POP)
		ret = ring ? ec_emerg_ring_pop(ring, data.message) : -ENOENT;
	else if (op == EC_APP_EMERG_CLEAR && ring)
		ec_emerg_ring_clear(ring);
	else if (op == EC_APP_EMERG_OVERRUNS)
		data.value = ring ? ec_emerg_ring_overruns(ring) : 0;
	mutex_unlock(&m->io_mutex);
	if (ret)
		return ret;
	if ((op == EC_APP_EMERG_POP || op == EC_APP_EMERG_OVERRUNS) &&
	    copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

long ec_ioctl_app_emerg_size(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_emerg(f, arg, EC_APP_EMERG_SIZE);
}

long ec_ioctl_app_emerg_pop(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_emerg(f, arg, EC_APP_EMERG_POP);
}

long ec_ioctl_app_emerg_clear(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_emerg(f, arg, EC_APP_EMERG_CLEAR);
}

long ec_ioctl_app_emerg_overruns(struct ec_cdev_file *f, void __user *arg)
{
	return ec_app_emerg(f, arg, EC_APP_EMERG_OVERRUNS);
}

long ec_ioctl_app_sc_state(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_state data;
	ec_slave_config_state_t st;
	struct ec_slave_config *sc;
	struct ec_app_req_lock l;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0)
		return -EINVAL;
	memset(&st, 0, sizeof(st));
	ec_app_req_lock(m, &l);	/* a realtime call, as the requests' */
	sc = ec_app_config(m, data.config_index);
	if (sc)
		ec_slave_config_state(sc, &st);
	ec_app_req_unlock(m, &l);
	if (!sc)
		return -ENOENT;
	data.online = st.online;
	data.operational = st.operational;
	data.al_state = st.al_state;
	if (copy_to_user(arg, &data, sizeof(data)))
		return -EFAULT;
	return 0;
}

static long ec_app_sc_state_timeout_apply(struct ec_slave_config *sc,
					  const void *data)
{
	const struct ec_ioctl_sc_state_timeout *d = data;

	return ec_linux_sc_state_timeout(sc, d->from_state, d->to_state,
					 d->timeout_ms);
}

long ec_ioctl_app_sc_state_timeout(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_ioctl_sc_state_timeout data;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0)
		return -EINVAL;
	return ec_app_sc_apply(f->master, data.config_index,
			       ec_app_sc_state_timeout_apply, &data);
}
