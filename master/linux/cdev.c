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
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"

struct ec_ioctl_entry {
	unsigned int cmd;
	ec_ioctl_fn fn;
	bool needs_write;
};

/* One table slot: the exact command word, the handler, needs write. */
#define EC_CMD(name, fn, w) \
	[_IOC_NR(name)] = { name, fn, w }

static const struct ec_ioctl_entry ec_ioctl_table[EC_IOCTL_NR_MAX + 1] = {
	[_IOC_NR(EC_IOCTL_MODULE)] = { EC_IOCTL_MODULE, ec_ioctl_module },
	[_IOC_NR(EC_IOCTL_MASTER)] = { EC_IOCTL_MASTER, ec_ioctl_master },
	EC_CMD(EC_IOCTL_REDUNDANCY, ec_ioctl_redundancy, false),
	EC_CMD(EC_IOCTL_MASTER_MONITOR, ec_ioctl_master_monitor, false),
	EC_CMD(EC_IOCTL_SLAVE_HEALTH, ec_ioctl_slave_health, false),
	EC_CMD(EC_IOCTL_MASTER_HEALTH, ec_ioctl_master_health, false),
	EC_CMD(EC_IOCTL_HEALTH_ENABLE, ec_ioctl_health_enable, true),
	EC_CMD(EC_IOCTL_CAPTURE_READ, ec_ioctl_capture_read, false),
	EC_CMD(EC_IOCTL_RECORDER_INFO, ec_ioctl_recorder_info, false),
	EC_CMD(EC_IOCTL_RECORDER_READ, ec_ioctl_recorder_read, false),
	EC_CMD(EC_IOCTL_SLAVE, ec_ioctl_slave, false),
	EC_CMD(EC_IOCTL_SLAVE_SYNC, ec_ioctl_slave_sync, false),
	EC_CMD(EC_IOCTL_SLAVE_SYNC_PDO, ec_ioctl_slave_sync_pdo, false),
	EC_CMD(EC_IOCTL_SLAVE_SYNC_PDO_ENTRY,
		     ec_ioctl_slave_sync_pdo_entry, false),
	EC_CMD(EC_IOCTL_SLAVE_SDO, ec_ioctl_slave_sdo, false),
	EC_CMD(EC_IOCTL_SLAVE_SDO_ENTRY, ec_ioctl_slave_sdo_entry,
		     false),
	EC_CMD(EC_IOCTL_SLAVE_SII_READ, ec_ioctl_slave_sii_read, false),
	EC_CMD(EC_IOCTL_SLAVE_SII_WRITE, ec_ioctl_slave_sii_write,
		     true),
	EC_CMD(EC_IOCTL_SLAVE_REG_READ, ec_ioctl_slave_reg_read, false),
	EC_CMD(EC_IOCTL_SLAVE_REG_WRITE, ec_ioctl_slave_reg_write,
		     true),
	EC_CMD(EC_IOCTL_SLAVE_STATE, ec_ioctl_slave_state, true),
	EC_CMD(EC_IOCTL_SLAVE_SDO_UPLOAD, ec_ioctl_slave_sdo_upload,
		     false),
	EC_CMD(EC_IOCTL_SLAVE_SDO_DOWNLOAD,
		     ec_ioctl_slave_sdo_download, true),
	[_IOC_NR(EC_IOCTL_MASTER_RESCAN)] = { EC_IOCTL_MASTER_RESCAN,
					      ec_ioctl_master_rescan, true },
	[_IOC_NR(EC_IOCTL_MASTER_DEBUG)] = { EC_IOCTL_MASTER_DEBUG,
					     ec_ioctl_master_debug, true },
	EC_CMD(EC_IOCTL_REQUEST, ec_ioctl_app_request, true),
	EC_CMD(EC_IOCTL_CREATE_DOMAIN, ec_ioctl_app_create_domain, true),
	EC_CMD(EC_IOCTL_CREATE_SLAVE_CONFIG, ec_ioctl_app_create_config,
		   true),
	EC_CMD(EC_IOCTL_SC_SYNC, ec_ioctl_app_sc_sync, true),
	EC_CMD(EC_IOCTL_SC_WATCHDOG, ec_ioctl_app_sc_watchdog, true),
	EC_CMD(EC_IOCTL_SC_ADD_PDO, ec_ioctl_app_sc_add_pdo, true),
	EC_CMD(EC_IOCTL_SC_CLEAR_PDOS, ec_ioctl_app_sc_clear_pdos, true),
	EC_CMD(EC_IOCTL_SC_ADD_ENTRY, ec_ioctl_app_sc_add_entry, true),
	EC_CMD(EC_IOCTL_SC_CLEAR_ENTRIES, ec_ioctl_app_sc_clear_entries,
		   true),
	EC_CMD(EC_IOCTL_SC_REG_PDO_ENTRY, ec_ioctl_app_reg_pdo_entry,
		   true),
	EC_CMD(EC_IOCTL_SC_REG_PDO_POS, ec_ioctl_app_reg_pdo_pos, true),
	EC_CMD(EC_IOCTL_SC_SDO, ec_ioctl_app_sc_sdo, true),
	EC_CMD(EC_IOCTL_SC_EMERG_SIZE, ec_ioctl_app_emerg_size, true),
	EC_CMD(EC_IOCTL_SC_EMERG_POP, ec_ioctl_app_emerg_pop, true),
	EC_CMD(EC_IOCTL_SC_EMERG_CLEAR, ec_ioctl_app_emerg_clear, true),
	EC_CMD(EC_IOCTL_SC_EMERG_OVERRUNS, ec_ioctl_app_emerg_overruns,
		   true),
	EC_CMD(EC_IOCTL_SC_STATE, ec_ioctl_app_sc_state, true),
	EC_CMD(EC_IOCTL_SDO_REQUEST_CREATE, ec_ioctl_app_sdo_create, true),
	EC_CMD(EC_IOCTL_SDO_REQUEST_INDEX, ec_ioctl_app_sdo_index, true),
	EC_CMD(EC_IOCTL_SDO_REQUEST_TIMEOUT, ec_ioctl_app_sdo_timeout,
		   true),
	EC_CMD(EC_IOCTL_SDO_REQUEST_STATE, ec_ioctl_app_sdo_state, true),
	EC_CMD(EC_IOCTL_SDO_REQUEST_READ, ec_ioctl_app_sdo_read, true),
	EC_CMD(EC_IOCTL_SDO_REQUEST_WRITE, ec_ioctl_app_sdo_write, true),
	EC_CMD(EC_IOCTL_REG_REQUEST_CREATE, ec_ioctl_app_reg_create, true),
	EC_CMD(EC_IOCTL_REG_REQUEST_STATE, ec_ioctl_app_reg_state, true),
	EC_CMD(EC_IOCTL_REG_REQUEST_READ, ec_ioctl_app_reg_read, true),
	EC_CMD(EC_IOCTL_REG_REQUEST_WRITE, ec_ioctl_app_reg_write, true),
	EC_CMD(EC_IOCTL_DOMAIN_INFO, ec_ioctl_app_domain_info, true),
	EC_CMD(EC_IOCTL_ACTIVATE, ec_ioctl_app_activate, true),
	EC_CMD(EC_IOCTL_DEACTIVATE, ec_ioctl_app_deactivate, true),
	EC_CMD(EC_IOCTL_SEND, ec_ioctl_app_send, true),
	EC_CMD(EC_IOCTL_RECEIVE, ec_ioctl_app_receive, true),
	EC_CMD(EC_IOCTL_DOMAIN_PROCESS, ec_ioctl_app_domain_process, true),
	EC_CMD(EC_IOCTL_DOMAIN_QUEUE, ec_ioctl_app_domain_queue, true),
	EC_CMD(EC_IOCTL_DOMAIN_STATE, ec_ioctl_app_domain_state, true),
	EC_CMD(EC_IOCTL_MASTER_STATE, ec_ioctl_app_master_state, false),
	EC_CMD(EC_IOCTL_LINK_STATE, ec_ioctl_app_link_state, false),
	EC_CMD(EC_IOCTL_APP_TIME, ec_ioctl_app_app_time, true),
	EC_CMD(EC_IOCTL_SEND_INTERVAL, ec_ioctl_app_send_interval, true),
	EC_CMD(EC_IOCTL_RESET, ec_ioctl_app_reset, true),
	EC_CMD(EC_IOCTL_SC_STATE_TIMEOUT, ec_ioctl_app_sc_state_timeout,
		   true),
	/* Distributed clocks (ioctl_dc.c). */
	EC_CMD(EC_IOCTL_DC_QUEUE, ec_ioctl_dc_queue, true),
	EC_CMD(EC_IOCTL_DC_SYNC_REF_TO, ec_ioctl_dc_sync_ref_to, true),
	EC_CMD(EC_IOCTL_DC_TIMES, ec_ioctl_dc_times, true),
	EC_CMD(EC_IOCTL_SELECT_REF_CLOCK, ec_ioctl_select_ref_clock, true),
	EC_CMD(EC_IOCTL_SC_DC, ec_ioctl_sc_dc, true),
	/* Inspection of configs and domains (ioctl_config.c), any fd. */
	EC_CMD(EC_IOCTL_CONFIG, ec_ioctl_config, false),
	EC_CMD(EC_IOCTL_CONFIG_PDO, ec_ioctl_config_pdo, false),
	EC_CMD(EC_IOCTL_CONFIG_PDO_ENTRY, ec_ioctl_config_pdo_entry,
		     false),
	EC_CMD(EC_IOCTL_CONFIG_SDO, ec_ioctl_config_sdo, false),
	EC_CMD(EC_IOCTL_DOMAIN, ec_ioctl_domain, false),
	EC_CMD(EC_IOCTL_DOMAIN_FMMU, ec_ioctl_domain_fmmu, false),
	EC_CMD(EC_IOCTL_DOMAIN_DATA, ec_ioctl_domain_data, false),
	EC_CMD(EC_IOCTL_SLAVE_FOE_READ, ec_ioctl_slave_foe_read, true),
	EC_CMD(EC_IOCTL_SLAVE_FOE_WRITE, ec_ioctl_slave_foe_write, true),
	EC_CMD(EC_IOCTL_SLAVE_SOE_READ, ec_ioctl_slave_soe_read, true),
	EC_CMD(EC_IOCTL_SLAVE_SOE_WRITE, ec_ioctl_slave_soe_write, true),
	EC_CMD(EC_IOCTL_SC_IDN, ec_ioctl_app_sc_idn, true),
	EC_CMD(EC_IOCTL_MBOX_REQUEST_CREATE, ec_ioctl_app_mbox_create, true),
	EC_CMD(EC_IOCTL_MBOX_REQUEST_SET, ec_ioctl_app_mbox_set, true),
	EC_CMD(EC_IOCTL_MBOX_REQUEST_START, ec_ioctl_app_mbox_start, true),
	EC_CMD(EC_IOCTL_MBOX_REQUEST_STATE, ec_ioctl_app_mbox_state, true),
	EC_CMD(EC_IOCTL_SC_FLAG, ec_ioctl_app_sc_flag, true),
	EC_CMD(EC_IOCTL_CONFIG_FLAG, ec_ioctl_config_flag, false),
	/* EoE (ioctl_eoe.c) */
	EC_CMD(EC_IOCTL_SC_EOE_IP, ec_ioctl_sc_eoe_ip, true),
	EC_CMD(EC_IOCTL_CONFIG_EOE_IP, ec_ioctl_config_eoe_ip, false),
	EC_CMD(EC_IOCTL_SLAVE_EOE_IP, ec_ioctl_slave_eoe_ip, true),
	EC_CMD(EC_IOCTL_EOE_HANDLER, ec_ioctl_eoe_handler, false),
	EC_CMD(EC_IOCTL_APP_REQ_CREATE, ec_ioctl_app_req_create, true),
	EC_CMD(EC_IOCTL_APP_REQ_SET, ec_ioctl_app_req_set, true),
	EC_CMD(EC_IOCTL_APP_REQ_START, ec_ioctl_app_req_start, true),
	EC_CMD(EC_IOCTL_APP_REQ_STATE, ec_ioctl_app_req_state, true),
	EC_CMD(EC_IOCTL_CONFIG_IDN, ec_ioctl_config_idn, false),
	/* hot connect (hc.c) */
	EC_CMD(EC_IOCTL_HC_GROUP_CREATE, ec_ioctl_app_hc_group_create, true),
	EC_CMD(EC_IOCTL_HC_GROUP_AT_PORT, ec_ioctl_app_hc_group_at_port, true),
	EC_CMD(EC_IOCTL_SC_HC_GROUP, ec_ioctl_app_sc_hc_group, true),
	EC_CMD(EC_IOCTL_HC_GROUP_STATE, ec_ioctl_app_hc_group_state, true),
	EC_CMD(EC_IOCTL_HC_GROUP_INFO, ec_ioctl_hc_group_info, false),
	EC_CMD(EC_IOCTL_CONFIG_HC_GROUP, ec_ioctl_config_hc_group, false),
	/* The mailbox gateway (ioctl_mbg.c). */
	EC_CMD(EC_IOCTL_SLAVE_MBOX_RAW, ec_ioctl_slave_mbox_raw, true),
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

/*
 * Closing the file (also when its process is killed) releases what it
 * held: the master is deactivated, its slaves go back to PREOP and the
 * next application may request it.  The mappings of the process data are
 * gone by then: each holds a reference to the file.
 */
static int ec_cdev_release(struct inode *inode, struct file *filp)
{
	struct ec_cdev_file *f = filp->private_data;

	if (READ_ONCE(f->master->reserved_file) == f)
		ec_linux_master_release(f->master);
	kfree(f);
	return 0;
}

static void ec_cdev_vm_open(struct vm_area_struct *vma)
{
	struct ec_linux_master *m = vma->vm_private_data;

	mutex_lock(&m->pd_lock);
	m->pd_maps++;
	mutex_unlock(&m->pd_lock);
}

static void ec_cdev_vm_close(struct vm_area_struct *vma)
{
	struct ec_linux_master *m = vma->vm_private_data;

	mutex_lock(&m->pd_lock);
	m->pd_maps--;
	mutex_unlock(&m->pd_lock);
}

static const struct vm_operations_struct ec_cdev_vm_ops = {
	.open = ec_cdev_vm_open,
	.close = ec_cdev_vm_close,
};

/*
 * mmap() at offset 0 maps the process data of all domains, at offset
 * EC_IOCTL_SHM_OFFSET the shared area of the cyclic calls (ec_ioctl.h),
 * for the file that holds the master, after activation.  Deactivation
 * waits for the mappings to go (-EBUSY until then), so the memory never
 * disappears under a mapping.
 */
static int ec_cdev_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct ec_cdev_file *f = filp->private_data;
	struct ec_linux_master *m = f->master;
	unsigned long size = vma->vm_end - vma->vm_start;
	int ret;

	mutex_lock(&m->pd_lock);
	if (READ_ONCE(m->reserved_file) != f)
		ret = -EPERM;
	else if (vma->vm_pgoff == EC_IOCTL_SHM_OFFSET >> PAGE_SHIFT)
		ret = !m->core.active || !m->shm ? -ENODEV :
			size > m->shm_size ? -EINVAL :
			remap_vmalloc_range(vma, m->shm, 0);
	else if (!m->core.active || !m->core.pd_mem)
		ret = -ENODEV;
	else if (vma->vm_pgoff || size > PAGE_ALIGN(m->core.pd_size))
		ret = -EINVAL;
	else
		ret = remap_vmalloc_range(vma, m->core.pd_mem, 0);
	if (!ret) {
		vma->vm_ops = &ec_cdev_vm_ops;
		vma->vm_private_data = m;
		m->pd_maps++;
	}
	mutex_unlock(&m->pd_lock);
	return ret;
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
	.mmap = ec_cdev_mmap,
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
