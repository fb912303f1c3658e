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
	/* The receive on arrival (ec_ioctl.h): the area's rx image, or NULL;
	 * the last exchange received; the one received from the image (0:
	 * the last receive was an ioctl, or a send came after it). */
	const uint8_t *rx_image;
	uint32_t rx_taken;
	uint32_t rx_fresh;
	/* The DC words as the last receive left them (ecrt_dc.c). */
	struct ec_ioctl_dc_times dc;
	struct ec_domain *domains;	/* newest first */
	struct ec_slave_config *configs;	/* newest first */
	struct ec_hc_group *hc_groups;		/* newest first */
};

/* A hot-connect group (ecrt_hc.c): the kernel's group number @index. */
struct ec_hc_group {
	struct ec_hc_group *next;
	ec_master_t *master;
	unsigned int index;
};

struct ec_domain {
	struct ec_domain *next;
	ec_master_t *master;
	unsigned int index;
	uint8_t *data;			/* in master->pd, after activation */
	size_t size;			/* bytes of data */
	/* With the shared area: its entry, and the last process() result. */
	struct ec_ioctl_shm_domain *shm;
	/* Its working counters from the rx image, of exchange rx_seq. */
	uint32_t rx_seq;
	uint16_t rx_wkc;
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
	struct ec_lib_req *requests;	/* every kind, in order */
};

/*
 * The one userspace mirror of a request of any kind (ecrt_request.c):
 * the kernel's request is (config index, request index); the parameters
 * are kept in io and sent with EC_IOCTL_APP_REQ_SET.  Each kind's public
 * type wraps it.
 */
struct ec_lib_req {
	struct ec_lib_req *next;
	ec_slave_config_t *config;
	struct ec_ioctl_app_req io;	/* kind, index, parameters */
	uint8_t *data;
	size_t mem_size;
	size_t data_size;
	size_t progress;
	uint32_t error_code;
	uint32_t rx_vendor_id;		/* VoE: the header last received */
	uint16_t rx_vendor_type;
	bool write;			/* the last start */
	ec_request_state_t state;	/* as last seen */
};

struct ec_sdo_request {
	struct ec_lib_req r;
};

struct ec_reg_request {
	struct ec_lib_req r;
};

struct ec_soe_request {
	struct ec_lib_req r;
};

struct ec_voe_handler {
	struct ec_lib_req r;
};

struct ec_foe_request {
	struct ec_lib_req r;
};

/* A request of kind and parameters @params; NULL with errno set. */
struct ec_lib_req *ec_lib_req_create(ec_slave_config_t *sc,
				     const struct ec_ioctl_app_req *params,
				     size_t size);
/* The public request type around @r (its only member). */
#define EC_LIB_REQ_AS(r, type) \
	((void)sizeof(char[sizeof(type) == sizeof(struct ec_lib_req) ? \
			   1 : -1]), (type *)(void *)(r))
void ec_lib_req_free_all(ec_slave_config_t *sc);
bool ec_lib_req_busy(const struct ec_lib_req *r);
int ec_lib_req_set(struct ec_lib_req *r, const struct ec_ioctl_app_req *io,
		   uint8_t what);
int ec_lib_req_timeout(struct ec_lib_req *r, uint32_t timeout);
int ec_lib_req_start(struct ec_lib_req *r, uint8_t op, size_t size);
ec_request_state_t ec_lib_req_state(struct ec_lib_req *r);

/* ioctl on the master's device; 0 or -errno (EINTR retried). */
int ec_app_ioctl(const ec_master_t *master, unsigned long cmd, void *arg);
/* The same with a plain integer argument (the cyclic commands). */
int ec_app_ioctl_int(const ec_master_t *master, unsigned long cmd,
		       unsigned long arg);
/*
 * After a record in the shared area: tell the module there is one to take
 * at the next receive or send (release: the record before the flag).
 */
static inline void ec_shm_pending(struct ec_ioctl_shm *shm)
{
	__atomic_store_n(&shm->app_pending, 1, __ATOMIC_RELEASE);
}

/* After a receive: keep the DC words it left (ecrt_dc.c). */
void ec_dc_snapshot(ec_master_t *master);

/* Free the mirrors of configs and domains (the kernel cleared its own). */
void ec_app_clear_config(ec_master_t *master);
ec_request_state_t ec_app_request_state(uint8_t ioctl_state);

#endif /* EC_ECRT_LIB_H */
