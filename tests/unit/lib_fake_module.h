/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * lib_fake_module.h - the module as libethercat's unit tests of ecrt_*
 * (check_lib_ecrt.c, check_lib_ecrt_shm.c) play it: open(), ioctl(),
 * mmap() and munmap() are wrapped by the linker (lib/lib.mk) and answered
 * by lib_fake_module.c, which records what the library sent in "fake".
 */
#ifndef LIB_FAKE_MODULE_H
#define LIB_FAKE_MODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ec_lib.h"

#define PD_SIZE 8192
#define DOMAIN1_OFFSET 4096
#define RX_IMAGE_OFFSET 8192	/* the rx image in the shared area */

struct lib_fake {
	uint32_t version;
	int request_errno;	/* EC_IOCTL_REQUEST fails with it */
	unsigned int domains, configs;
	unsigned long last_int_cmd, last_int_arg;
	unsigned int sends, receives;
	unsigned int sdo_state_calls;
	uint8_t *map;
	size_t map_len;
	int unmapped;
	char log[2048];		/* config commands in order */
	uint64_t sync_to;	/* EC_IOCTL_DC_SYNC_REF_TO's time */
	struct ec_ioctl_sc_dc sc_dc;
	bool shm_on;		/* offer the shared area at activation */
	bool rx_on;		/* with an rx image (receive on arrival) */
	struct ec_ioctl_shm *shm;
	unsigned int dc_times;	/* EC_IOCTL_DC_TIMES calls */
	unsigned int eintr;	/* fail so many ioctls with EINTR first */
	bool active;		/* activated and not deactivated since */
	struct ec_ioctl_hc_group hc_port;	/* HC_GROUP_AT_PORT's */
	struct ec_ioctl_sc_hc_group hc_member;	/* SC_HC_GROUP's */
	unsigned int hc_groups;
};

extern struct lib_fake fake;

/* Forget everything; the module speaks this library's ABI version. */
void fake_reset(void);

#endif
