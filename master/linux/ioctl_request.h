/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ioctl_request.h - the one life cycle of a request the CLI queues on a
 * slave's FSM (ioctl_request.c): allocate, queue on the slave's list,
 * wait interruptibly and boundedly, hand an unfinished one to the reaper.
 * Each protocol adds its request to the union and its handler, nothing
 * else (ioctl_request.c: SII, registers, AL state, SDO; ioctl_mbox.c: FoE, SoE).
 */
#ifndef EC_LINUX_IOCTL_REQUEST_H
#define EC_LINUX_IOCTL_REQUEST_H

#include <linux/list.h>

#include "master_linux.h"
#include "request/requests.h"
#include "mailbox/fsm_eoe.h"

struct ec_ioctl_req {
	struct list_head orphan_node;	/* in m->orphans when abandoned */
	enum ec_req_state *state;
	struct ec_list *node;
	void *buf;			/* kvfree()d with the request */
	union {
		struct ec_sii_request sii;
		struct ec_reg_request reg;
		struct ec_sdo_request sdo;
		struct ec_state_request st;
		struct ec_foe_request foe;
		struct ec_soe_request soe;
		struct ec_eoe_ip_request eoe;
	} u;
};

struct ec_ioctl_req *ec_ioctl_req_alloc(void);
void ec_ioctl_req_free(struct ec_ioctl_req *r);
/*
 * Queue on the slave list at @list_offset in struct ec_slave, wait up to
 * @timeout_ms; *orphaned: the request now belongs to the reaper.
 */
int ec_ioctl_run(struct ec_linux_master *m, u16 position,
		 struct ec_ioctl_req *r, size_t list_offset,
		 const int *error, unsigned long timeout_ms, bool *orphaned);

/* SoE transfer for the ioctl and the blocking ecrt_master_*_idn(). */
int ec_linux_soe_transfer(struct ec_linux_master *m, u16 position,
			  u8 drive_no, u16 idn, u8 elements, bool write,
			  void *buf, size_t size, u32 timeout_ms,
			  size_t *result_size, u16 *error_code);

struct ec_ioctl_slave_sdo_entry;
int ec_linux_sdo_entry_info(struct ec_linux_master *m,
			    struct ec_ioctl_slave_sdo_entry *data);

#endif /* EC_LINUX_IOCTL_REQUEST_H */
