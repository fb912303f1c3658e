// SPDX-License-Identifier: GPL-2.0-only
/*
 * hc.c - hot connect (ecrt.h EC_HAVE_HOT_CONNECT, doc/HOTCONNECT.md): the
 * kernel application's calls, the userspace application's ioctls and the
 * inspection ioctls of `ethercat slaves` and `config`
 * (include/ec_ioctl_hc.h).  Setup calls take io_mutex (process context);
 * the group state takes cycle_lock only and may be called from any
 * context.
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ecrt.h"
#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "master_linux.h"
#include "cycle/domain.h"
#include "app/slave_config.h"
#include "app/hc_group.h"

ec_hc_group_t *ecrt_master_create_hc_group(ec_master_t *master,
					   const char *name)
{
	struct ec_linux_master *m = ec_linux_of(master);
	struct ec_hc_group *g;

	mutex_lock(&m->io_mutex);
	g = ec_hc_group_create(master, name);
	mutex_unlock(&m->io_mutex);
	return g;
}
EXPORT_SYMBOL(ecrt_master_create_hc_group);

int ecrt_hc_group_at_port(ec_hc_group_t *group, uint16_t alias,
			  uint16_t position, uint8_t port)
{
	struct ec_linux_master *m = ec_linux_of(group->master);
	int ret;

	mutex_lock(&m->io_mutex);
	ret = ec_hc_group_at_port(group, alias, position, port);
	mutex_unlock(&m->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_hc_group_at_port);

int ecrt_slave_config_hc_group(ec_slave_config_t *sc, ec_hc_group_t *group)
{
	struct ec_linux_master *m = ec_linux_of(sc->master);
	int ret;

	mutex_lock(&m->io_mutex);
	ret = ec_hc_group_add_config(group, sc);
	mutex_unlock(&m->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_slave_config_hc_group);

/** ecrt_domain_group_state() - realtime, any context */
int ecrt_domain_group_state(const ec_domain_t *domain,
			    const ec_hc_group_t *group,
			    ec_hc_group_state_t *state)
{
	struct ec_linux_master *m = ec_linux_of(domain->master);
	unsigned long flags;

	if (group->master != domain->master)
		return -EINVAL;
	flags = ec_linux_cycle_lock(m);
	ec_domain_group_state(domain, group, false, state);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	return 0;
}
EXPORT_SYMBOL(ecrt_domain_group_state);

long ec_ioctl_app_hc_group_create(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_hc_group data;
	struct ec_hc_group *g;
	bool busy;

	EC_APP_COPY_IN(f, data, arg);
	if (!memchr(data.name, 0, sizeof(data.name)))
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	busy = m->core.active;
	g = busy ? NULL : ec_hc_group_create(&m->core, data.name);
	if (g)
		data.group_index = g->index;
	mutex_unlock(&m->io_mutex);
	if (!g)		/* the log says why: name, duplicate, count, memory */
		return busy ? -EBUSY : -EINVAL;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_app_hc_group_at_port(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_hc_group data;
	struct ec_hc_group *g;
	long ret;

	EC_APP_COPY_IN(f, data, arg);
	if (data.reserved0 || data.at_port != 1)
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	g = ec_hc_group_find(&m->core, data.group_index);
	ret = g ? ec_hc_group_at_port(g, data.port_alias, data.port_position,
				      data.port) : -ENOENT;
	mutex_unlock(&m->io_mutex);
	return ret;
}

long ec_ioctl_app_sc_hc_group(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_hc_group data;
	struct ec_slave_config *sc;
	struct ec_hc_group *g;
	long ret;

	EC_APP_COPY_IN(f, data, arg);
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	g = ec_hc_group_find(&m->core, data.group_index);
	ret = sc && g ? ec_hc_group_add_config(g, sc) : -ENOENT;
	mutex_unlock(&m->io_mutex);
	return ret;
}

/* The group state of a userspace application: the answers of its last
 * receive (lib calls it after ecrt_domain_process(), no replay needed).
 */
long ec_ioctl_app_hc_group_state(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_hc_group_state data;
	struct ec_hc_group *g = NULL;
	ec_hc_group_state_t st;
	unsigned long flags;
	struct ec_domain *d;

	EC_APP_COPY_IN(f, data, arg);
	memset(&st, 0, sizeof(st));
	flags = ec_linux_cycle_lock(m);
	d = m->core.active ? ec_app_domain(m, data.domain_index) : NULL;
	if (d)
		g = ec_hc_group_find(&m->core, data.group_index);
	if (g)
		ec_domain_group_state(d, g, true, &st);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	if (!g)
		return -ENOENT;
	data.working_counter = st.working_counter;
	data.expected_working_counter = st.expected_working_counter;
	data.wc_state = st.wc_state;
	data.presence = st.presence;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_hc_group_info(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_hc_group data;
	struct ec_hc_group *g;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	mutex_lock(&m->io_mutex);
	g = ec_hc_group_find(&m->core, data.group_index);
	if (g) {
		memset(&data, 0, sizeof(data));
		data.group_index = g->index;
		strscpy(data.name, g->name, sizeof(data.name));
		data.at_port = g->at_port;
		data.port_alias = g->port_alias;
		data.port_position = g->port_position;
		data.port = g->port;
		data.config_count = g->config_count;
		data.presence = ec_hc_presence(g);
		data.joins = g->joins;
		data.losses = g->losses;
		data.changed_ns = g->changed_ns;
		data.last_join_ns = g->last_join_ns;
	}
	mutex_unlock(&m->io_mutex);
	if (!g)
		return -ENOENT;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}

long ec_ioctl_config_hc_group(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_hc_group data;
	struct ec_slave_config *sc;

	if (copy_from_user(&data, arg, sizeof(data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data.reserved, ARRAY_SIZE(data.reserved)))
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	if (sc)
		data.group_index = sc->hc_group ? sc->hc_group->index :
				   EC_IOCTL_HC_NONE;
	mutex_unlock(&m->io_mutex);
	if (!sc)
		return -ENOENT;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}
