/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ioctl.h - ioctl handlers; each lives next to the object it serves and
 * is reached through the table in cdev.c.
 */
#ifndef EC_LINUX_IOCTL_H
#define EC_LINUX_IOCTL_H

#include <linux/fs.h>

#include "master_linux.h"

struct ec_cdev_file {
	struct ec_linux_master *master;
	bool writable;
};

typedef long (*ec_ioctl_fn)(struct ec_cdev_file *f, void __user *arg);

/* Reserved words must be zero on input (see include/ec_ioctl.h). */
static inline bool ec_ioctl_reserved_ok(const __u32 *words, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (words[i])
			return false;
	return true;
}

long ec_ioctl_module(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_master(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_redundancy(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_master_monitor(struct ec_cdev_file *f, void __user *arg);
/* Link health (ioctl_health.c). */
long ec_ioctl_slave_health(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_master_health(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_health_enable(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_capture_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_recorder_info(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_recorder_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_master_rescan(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_master_debug(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sync(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sync_pdo(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sync_pdo_entry(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sdo(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sdo_entry(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sii_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sii_write(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_reg_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_reg_write(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sdo_upload(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_sdo_download(struct ec_cdev_file *f, void __user *arg);

/* Mailbox protocols beyond CoE (ioctl_mbox.c). */
long ec_ioctl_slave_foe_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_foe_write(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_soe_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_soe_write(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_idn(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_config_idn(struct ec_cdev_file *f, void __user *arg);

/* The mailbox gateway's raw exchange (ioctl_mbg.c). */
long ec_ioctl_slave_mbox_raw(struct ec_cdev_file *f, void __user *arg);

/*
 * The application's requests of every kind (ioctl_app_req.c), and the older
 * per-kind commands served by the same handlers (the SDO and register
 * ones are declared in ioctl_app.h).
 */
long ec_ioctl_app_req_create(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_req_set(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_req_start(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_req_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_mbox_create(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_mbox_set(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_mbox_start(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_mbox_state(struct ec_cdev_file *f, void __user *arg);

/* Feature flags of configurations (flags.c). */
long ec_ioctl_app_sc_flag(struct ec_cdev_file *f, void __user *arg);
/* EoE (ioctl_eoe.c) */
long ec_ioctl_sc_eoe_ip(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_config_eoe_ip(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_slave_eoe_ip(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_eoe_handler(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_config_flag(struct ec_cdev_file *f, void __user *arg);

/* Slave configurations and domains, read-only (ioctl_config.c). */
long ec_ioctl_config(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_config_pdo(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_config_pdo_entry(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_config_sdo(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_domain(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_domain_fmmu(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_domain_data(struct ec_cdev_file *f, void __user *arg);

#endif /* EC_LINUX_IOCTL_H */
