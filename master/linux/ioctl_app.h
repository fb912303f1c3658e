/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ioctl_app.h - handlers of the application commands (0x20-0x4f of
 * include/ec_ioctl.h): configuration in ioctl_app.c, activation and the
 * cycle in ioctl_cycle.c; reached through the table in cdev.c.
 */
#ifndef EC_LINUX_IOCTL_APP_H
#define EC_LINUX_IOCTL_APP_H

#include "ioctl.h"

struct ec_domain;
struct ec_slave_config;

/*
 * The lock of the application's request calls (ioctl_app.c): cycle_lock
 * while the master is active, io_mutex before (doc/LOCKING.md rule 7).
 */
struct ec_app_req_lock {
	unsigned long flags;
	bool raw;
};

void ec_app_req_lock(struct ec_linux_master *m, struct ec_app_req_lock *l);
void ec_app_req_unlock(struct ec_linux_master *m, struct ec_app_req_lock *l);

/* The caller's file holds the master (is the application). */
bool ec_app_holds(struct ec_cdev_file *f);
/* The application's configuration number @index; io_mutex held. */
struct ec_slave_config *ec_app_config(struct ec_linux_master *m, u32 index);
/* The application's domain @index; cycle_lock or io_mutex held. */
struct ec_domain *ec_app_domain(struct ec_linux_master *m,
				 unsigned long index);
/* Run @apply on configuration @index under io_mutex; -ENOENT if none. */
long ec_app_sc_apply(struct ec_linux_master *m, u32 index,
		     long (*apply)(struct ec_slave_config *sc,
				   const void *data),
		     const void *data);

long ec_ioctl_app_request(struct ec_cdev_file *f, void __user *arg);
/* hot connect: hc.c */
long ec_ioctl_app_hc_group_create(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_hc_group_at_port(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_hc_group(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_hc_group_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_hc_group_info(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_config_hc_group(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_create_domain(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_create_config(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_sync(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_watchdog(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_add_pdo(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_clear_pdos(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_add_entry(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_clear_entries(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_reg_pdo_entry(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_reg_pdo_pos(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_sdo(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_emerg_size(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_emerg_pop(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_emerg_clear(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_emerg_overruns(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sc_state_timeout(struct ec_cdev_file *f,
				   void __user *arg);
/* SDO and register requests: ioctl_app_req.c */
long ec_ioctl_app_sdo_create(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sdo_index(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sdo_timeout(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sdo_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sdo_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_sdo_write(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_reg_create(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_reg_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_reg_read(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_reg_write(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_domain_info(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_activate(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_deactivate(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_send(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_receive(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_domain_process(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_domain_queue(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_domain_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_master_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_link_state(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_app_time(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_send_interval(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_app_reset(struct ec_cdev_file *f, void __user *arg);

/* The holder's command: copy its argument in, reserved words zero. */
#define EC_APP_COPY_IN(f, data, arg) \
	do { \
		if (!ec_app_holds(f)) \
			return -EPERM; \
		if (copy_from_user(&(data), (arg), sizeof(data))) \
			return -EFAULT; \
		if (!ec_ioctl_reserved_ok((data).reserved, \
					  ARRAY_SIZE((data).reserved))) \
			return -EINVAL; \
	} while (0)


/* distributed clocks (ioctl_dc.c) */
long ec_ioctl_dc_queue(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_dc_sync_ref_to(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_dc_times(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_select_ref_clock(struct ec_cdev_file *f, void __user *arg);
long ec_ioctl_sc_dc(struct ec_cdev_file *f, void __user *arg);
void ec_dc_shm_take(struct ec_linux_master *m);
void ec_dc_shm_publish(struct ec_linux_master *m);

/* the receive on arrival (rx_arrival.c) */
size_t ec_rx_image_size(struct ec_linux_master *m, bool shm);
void ec_rx_start(struct ec_linux_master *m, u8 *image);
void ec_rx_before_receive(struct ec_linux_master *m);

#endif /* EC_LINUX_IOCTL_APP_H */
