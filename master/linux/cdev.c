// SPDX-License-Identifier: GPL-2.0-only
/*
 * cdev.c - the char device /dev/EtherCAT<n>: open, release, and the ioctl
 * dispatch table (one slot per command number, checked for the exact
 * command word - direction and size - and for the open mode).
 */
#include <linux/compat.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ec_ioctl.h"
#include "ioctl.h"

struct ec_ioctl_entry {
	unsigned int cmd;
	ec_ioctl_fn fn;
	bool needs_write;
};

static const struct ec_ioctl_entry ec_ioctl_table[EC_IOCTL_NR_MAX + 1] = {
	[_IOC_NR(EC_IOCTL_MODULE)] = { EC_IOCTL_MODULE, ec_ioctl_module },
	[_IOC_NR(EC_IOCTL_MASTER)] = { EC_IOCTL_MASTER, ec_ioctl_master },
#define EC_SLAVE_CMD(name, fn, w) [_IOC_NR(name)] = { name, fn, w }
	EC_SLAVE_CMD(EC_IOCTL_SLAVE, ec_ioctl_slave, false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SYNC, ec_ioctl_slave_sync, false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SYNC_PDO, ec_ioctl_slave_sync_pdo, false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SYNC_PDO_ENTRY,
		     ec_ioctl_slave_sync_pdo_entry, false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SDO, ec_ioctl_slave_sdo, false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SDO_ENTRY, ec_ioctl_slave_sdo_entry,
		     false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SII_READ, ec_ioctl_slave_sii_read, false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SII_WRITE, ec_ioctl_slave_sii_write,
		     true),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_REG_READ, ec_ioctl_slave_reg_read, false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_REG_WRITE, ec_ioctl_slave_reg_write,
		     true),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_STATE, ec_ioctl_slave_state, true),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SDO_UPLOAD, ec_ioctl_slave_sdo_upload,
		     false),
	EC_SLAVE_CMD(EC_IOCTL_SLAVE_SDO_DOWNLOAD,
		     ec_ioctl_slave_sdo_download, true),
	[_IOC_NR(EC_IOCTL_MASTER_RESCAN)] = { EC_IOCTL_MASTER_RESCAN,
					      ec_ioctl_master_rescan, true },
	[_IOC_NR(EC_IOCTL_MASTER_DEBUG)] = { EC_IOCTL_MASTER_DEBUG,
					     ec_ioctl_master_debug, true },
	/* Inspection of configs and domains (ioctl_config.c), any fd. */
	EC_SLAVE_CMD(EC_IOCTL_CONFIG, ec_ioctl_config, false),
	EC_SLAVE_CMD(EC_IOCTL_CONFIG_PDO, ec_ioctl_config_pdo, false),
	EC_SLAVE_CMD(EC_IOCTL_CONFIG_PDO_ENTRY, ec_ioctl_config_pdo_entry,
		     false),
	EC_SLAVE_CMD(EC_IOCTL_CONFIG_SDO, ec_ioctl_config_sdo, false),
	EC_SLAVE_CMD(EC_IOCTL_DOMAIN, ec_ioctl_domain, false),
	EC_SLAVE_CMD(EC_IOCTL_DOMAIN_FMMU, ec_ioctl_domain_fmmu, false),
	EC_SLAVE_CMD(EC_IOCTL_DOMAIN_DATA, ec_ioctl_domain_data, false),
};

static int ec_cdev_open(struct inode *inode, struct file *filp)
{
	struct ec_linux_master *m =
		container_of(inode->i_cdev, struct ec_linux_master, cdev);
	struct ec_cdev_file *f;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	if (!f)
		return -ENOMEM;
	f->master = m;
	f->writable = filp->f_mode & FMODE_WRITE;
	filp->private_data = f;
	return 0;
}

static int ec_cdev_release(struct inode *inode, struct file *filp)
{
	kfree(filp->private_data);
	return 0;
}

static long ec_cdev_ioctl(struct file *filp, unsigned int cmd,
			  unsigned long arg)
{
	struct ec_cdev_file *f = filp->private_data;
	unsigned int nr = _IOC_NR(cmd);
	const struct ec_ioctl_entry *e;

	if (_IOC_TYPE(cmd) != EC_IOCTL_TYPE || nr > EC_IOCTL_NR_MAX)
		return -ENOTTY;
	e = &ec_ioctl_table[nr];
	if (!e->fn || e->cmd != cmd)
		return -ENOTTY;
	if (e->needs_write && !f->writable)
		return -EPERM;
	return e->fn(f, (void __user *)arg);
}

static const struct file_operations ec_cdev_fops = {
	.owner = THIS_MODULE,
	.open = ec_cdev_open,
	.release = ec_cdev_release,
	.unlocked_ioctl = ec_cdev_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

int ec_cdev_register(struct ec_linux_master *m, unsigned int index)
{
	dev_t num = MKDEV(MAJOR(ec_dev_num), index);
	int ret;

	cdev_init(&m->cdev, &ec_cdev_fops);
	m->cdev.owner = THIS_MODULE;
	ret = cdev_add(&m->cdev, num, 1);
	if (ret)
		return ret;
	m->class_device = device_create(ec_class, NULL, num, NULL,
					"EtherCAT%u", index);
	if (IS_ERR(m->class_device)) {
		ret = PTR_ERR(m->class_device);
		m->class_device = NULL;
		cdev_del(&m->cdev);
		return ret;
	}
	return 0;
}

void ec_cdev_unregister(struct ec_linux_master *m)
{
	if (m->class_device)
		device_destroy(ec_class, m->cdev.dev);
	m->class_device = NULL;
	cdev_del(&m->cdev);
}
