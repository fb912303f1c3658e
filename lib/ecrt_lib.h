/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ecrt_lib.h - libethercat's userspace objects behind the opaque ecrt.h
 * types: each mirrors a kernel object and names it by its index, the
 * way the application ioctls do (include/ec_ioctl.h, 0x20-0x4f).
 */
#ifndef EC_ECRT_LIB_H
#define EC_ECRT_LIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ecrt.h"
#include "ec_lib.h"

struct ec_master {
	struct ec_lib_master lm;
	bool reserved;
	uint8_t *pd;			/* mmap() of all domains' data */
	size_t pd_size;
	struct ec_ioctl_shm *shm;	/* mmap() of the shared area, or NULL */
	size_t shm_size;
	struct ec_domain *domains;	/* newest first */
	struct ec_slave_config *configs;	/* newest first */
};

struct ec_domain {
	struct ec_domain *next;
	ec_master_t *master;
	unsigned int index;
	uint8_t *data;			/* in master->pd, after activation */
	/* With the shared area: its entry, and the last process() result. */
	struct ec_ioctl_shm_domain *shm;
	uint16_t working_counter;
	ec_wc_state_t wc_state;
};

struct ec_slave_config {
	struct ec_slave_config *next;
	ec_master_t *master;
	unsigned int index;
	uint16_t alias;
	uint16_t position;
	uint32_t vendor_id;
	uint32_t product_code;
	struct ec_sdo_request *sdo_requests;
	unsigned int sdo_request_count;
	struct ec_reg_request *reg_requests;
	unsigned int reg_request_count;
	struct ec_lib_mbox *mbox_requests;	/* FoE, SoE, VoE */
};

/*
 * The one userspace mirror of an FoE, SoE or VoE request (ecrt_mbox.c):
 * the kernel's request is (config index, request index); the parameters
 * are kept here and sent whole with EC_IOCTL_MBOX_REQUEST_SET.
 */
struct ec_lib_mbox {
	struct ec_lib_mbox *next;
	ec_slave_config_t *config;
	struct ec_ioctl_mbox_request io;	/* kind, index, parameters */
	uint8_t *data;
	size_t mem_size;
	size_t data_size;
	size_t progress;
	uint32_t error_code;
	ec_request_state_t state;	/* as last seen */
};

struct ec_soe_request {
	struct ec_lib_mbox r;
};

struct ec_voe_handler {
	struct ec_lib_mbox r;
};

struct ec_foe_request {
	struct ec_lib_mbox r;
};

void ec_lib_mbox_free_all(ec_slave_config_t *sc);

struct ec_sdo_request {
	struct ec_sdo_request *next;
	ec_slave_config_t *config;
	unsigned int index;
	uint16_t sdo_index;
	uint8_t sdo_subindex;
	uint8_t *data;
	size_t mem_size;
	size_t data_size;
	ec_request_state_t state;	/* as last seen */
};

struct ec_reg_request {
	struct ec_reg_request *next;
	ec_slave_config_t *config;
	unsigned int index;
	uint8_t *data;
	size_t mem_size;
	uint16_t address;
	size_t transfer_size;
	bool write;
	ec_request_state_t state;	/* as last seen */
};

/* ioctl on the master's device; 0 or -errno (EINTR retried). */
int ec_app_ioctl(const ec_master_t *master, unsigned long cmd, void *arg);
/* The same with a plain integer argument (the cyclic commands). */
int ec_app_ioctl_int(const ec_master_t *master, unsigned long cmd,
		       unsigned long arg);
/* Free the mirrors of configs and domains (the kernel cleared its own). */
void ec_app_clear_config(ec_master_t *master);
ec_request_state_t ec_app_request_state(uint8_t ioctl_state);

#endif /* EC_ECRT_LIB_H */
