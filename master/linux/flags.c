// SPDX-License-Identifier: GPL-2.0-only
/*
 * flags.c - feature flags of slave configurations (ecrt_slave_config_flag(),
 * IgH's EC_HAVE_FLAGS): the kernel call, the application's ioctl that sets
 * one and the inspection ioctl that 'ethercat config -v' lists them with.
 * Process context only (io_mutex).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ecrt.h"
#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "master_linux.h"
#include "app/slave_config.h"

/**
 * ecrt_slave_config_flag() - set a feature flag of a configuration
 * @sc: slave configuration
 * @key: the flag's name (1..63 bytes)
 * @value: its value; setting a key again replaces the value
 *
 * Return: 0 or -errno.
 */
int ecrt_slave_config_flag(ec_slave_config_t *sc, const char *key,
			   int32_t value)
{
	struct ec_linux_master *m = container_of(sc->master,
						 struct ec_linux_master,
						 core);
	int ret;

	mutex_lock(&m->io_mutex);
	ret = ec_slave_config_flag(sc, key, value);
	mutex_unlock(&m->io_mutex);
	return ret;
}
EXPORT_SYMBOL(ecrt_slave_config_flag);

static int ec_flag_copy_in(struct ec_ioctl_sc_flag *data, void __user *arg)
{
	if (copy_from_user(data, arg, sizeof(*data)))
		return -EFAULT;
	if (!ec_ioctl_reserved_ok(data->reserved, ARRAY_SIZE(data->reserved)) ||
	    data->reserved0)
		return -EINVAL;
	return 0;
}

long ec_ioctl_app_sc_flag(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_flag data;
	struct ec_slave_config *sc;
	long ret;

	if (!ec_app_holds(f))
		return -EPERM;
	ret = ec_flag_copy_in(&data, arg);
	if (ret)
		return ret;
	if (!memchr(data.key, 0, sizeof(data.key)))
		return -EINVAL;
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	ret = sc ? ec_slave_config_flag(sc, data.key, data.value) : -ENOENT;
	mutex_unlock(&m->io_mutex);
	return ret;
}

long ec_ioctl_config_flag(struct ec_cdev_file *f, void __user *arg)
{
	struct ec_linux_master *m = f->master;
	struct ec_ioctl_sc_flag data;
	const struct ec_flag_config *flag = NULL;
	struct ec_slave_config *sc;
	struct ec_list *pos;
	long ret;

	ret = ec_flag_copy_in(&data, arg);
	if (ret)
		return ret;
	mutex_lock(&m->io_mutex);
	sc = ec_app_config(m, data.config_index);
	pos = sc ? ec_list_nth(&sc->flags, data.flag_pos) : NULL;
	if (pos) {
		flag = ec_list_entry(pos, struct ec_flag_config, node);
		memset(data.key, 0, sizeof(data.key));
		strscpy(data.key, flag->key, sizeof(data.key));
		data.value = flag->value;
	}
	mutex_unlock(&m->io_mutex);
	if (!flag)
		return -ENOENT;
	return copy_to_user(arg, &data, sizeof(data)) ? -EFAULT : 0;
}
