/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_mbg.h - the command of the mailbox gateway (ETG.8200,
 * ethercat-mbg, doc/GATEWAY.md): one raw mailbox exchange with a slave
 * through the slave's request queue (0xa8), included by ec_ioctl.h.
 */
#ifndef EC_IOCTL_MBG_H
#define EC_IOCTL_MBG_H

#include <linux/types.h>

#define EC_IOCTL_MBOX_RAW_MAX 1500	/* bytes of a message */
#define EC_IOCTL_MBOX_RAW_REPLY_MAX 65536	/* bytes of a reply */
#define EC_IOCTL_MBOX_RAW_WAIT_MAX_MS 30000	/* largest timeout_ms */
#define EC_IOCTL_MBOX_RAW_NO_REPLY 0x1	/* flags: end once the slave took it */

/*
 * One mailbox message, 6-byte header and data, written into the slave's
 * write mailbox (the master fills in the counter and the address), and
 * the reply, header and data, read back into @reply.  A reply that the
 * slave sends in fragments without being asked for each (SDO information,
 * SoE) comes as its messages back to back, each with its header.
 */
struct ec_ioctl_slave_mbox_raw {
	/* in */
	__u16 slave_position;
	__u16 flags;		/* EC_IOCTL_MBOX_RAW_* */
	__u32 timeout_ms;	/* for the reply, 0 = default (1 s) */
	__u32 size;		/* bytes of the message at @data */
	__u32 reply_buffer_size;	/* bytes at @reply */
	__u64 data;		/* user pointer */
	__u64 reply;		/* user pointer */
	/* out */
	__u32 reply_size;	/* bytes of the reply, 0 with NO_REPLY */
	__u32 reserved[5];
};

#define EC_IOCTL_SLAVE_MBOX_RAW \
	_IOWR(EC_IOCTL_TYPE, 0xa8, struct ec_ioctl_slave_mbox_raw)

#endif /* EC_IOCTL_MBG_H */
