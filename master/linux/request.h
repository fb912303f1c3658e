/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * request.h - the one life cycle in the glue of a request that a caller
 * waits for (request.c): the CLI's ioctls and the application's blocking
 * calls (ecrt_master_sdo_upload(), ecrt_master_read_idn(), ...) alike.
 * Allocate with its buffer, queue on the slave's one queue, wait
 * interruptibly and boundedly, take back a request not started yet, hand
 * one in progress to the reaper when the waiter goes.  A kind adds its
 * request to the union and a translator of its ioctl, nothing else.
 */
#ifndef EC_LINUX_REQUEST_H
#define EC_LINUX_REQUEST_H

#include "master_linux.h"
#include "request/requests.h"

/*
 * A request with its buffer: @base is the head of the kind's record,
 * which follows it (allocated with the size of the kind's ops row).
 */
struct ec_linux_req {
	void *buf;			/* kvfree()d with the request */
	struct ec_request base;		/* the kind's record, its first member */
};

/* The kind's record of @r, of the kind's @type. */
#define EC_LINUX_REQ(r, type) ec_container_of(&(r)->base, type, base)

#define EC_REQUEST_WAIT_MS 30000	/* beyond every FSM timeout */

struct ec_linux_req *ec_linux_req_alloc(enum ec_req_kind kind, size_t size,
					const void __user *src);
void ec_linux_req_free(struct ec_linux_req *r);
int ec_linux_req_run(struct ec_linux_master *m, u16 position,
		     struct ec_linux_req *r, unsigned long timeout_ms,
		     bool *orphaned);
/* Run and free, unless orphaned; for requests with nothing to copy out. */
int ec_linux_req_run_free(struct ec_linux_master *m, u16 position,
			  struct ec_linux_req *r, unsigned long timeout_ms);

/* SoE transfer for the ioctl and the blocking ecrt_master_*_idn(). */
int ec_linux_soe_transfer(struct ec_linux_master *m, u16 position,
			  u8 drive_no, u16 idn, u8 elements, bool write,
			  void *buf, size_t size, u32 timeout_ms,
			  size_t *result_size, u16 *error_code);

struct ec_ioctl_slave_sdo_entry;
int ec_linux_sdo_entry_info(struct ec_linux_master *m,
			    struct ec_ioctl_slave_sdo_entry *data);

#endif /* EC_LINUX_REQUEST_H */
