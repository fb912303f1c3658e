/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_eoe.h - the ioctls of EoE (commands 0x70-0x77), included from
 * ec_ioctl.h.  Layouts never change; reserved fields must be zero.
 */
#ifndef EC_IOCTL_EOE_H
#define EC_IOCTL_EOE_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* flags: what is included (ETG.1000.6 table 23 order) */
#define EC_IOCTL_EOE_MAC 0x01
#define EC_IOCTL_EOE_IP 0x02
#define EC_IOCTL_EOE_SUBNET 0x04
#define EC_IOCTL_EOE_GATEWAY 0x08
#define EC_IOCTL_EOE_DNS 0x10
#define EC_IOCTL_EOE_NAME 0x20
#define EC_IOCTL_EOE_ALL 0x3f
#define EC_IOCTL_EOE_NAME_SIZE 36	/* 32 characters and a NUL, padded */

/*
 * EoE IP parameters.  SLAVE_EOE_IP (ethercat ip): sent to the slave at
 * slave_position now, the call waits for its answer.  SC_EOE_IP
 * (ecrt_slave_config_eoe_*): stored in the config config_index and sent
 * on the way PREOP -> SAFEOP.  Addresses in host byte order.
 */
struct ec_ioctl_eoe_ip {
	__u32 config_index;
	__u16 slave_position;
	__u16 reserved0;
	__u32 flags;			/* EC_IOCTL_EOE_* */
	__u8 mac[6];
	__u8 reserved1[2];
	__u32 ip;
	__u32 subnet;
	__u32 gateway;
	__u32 dns;
	char name[EC_IOCTL_EOE_NAME_SIZE];	/* NUL-terminated */
	__u32 reserved[4];
};

/*
 * One EoE interface of the master, by index (creation order); -ENOENT
 * past the last.  Rates in bytes per second over the last second.
 */
struct ec_ioctl_eoe_handler {
	__u32 index;
	__u16 slave_position;		/* valid when attached */
	__u8 attached;
	__u8 open;			/* the interface is up */
	__u8 carrier;
	__u8 reserved0[7];
	char name[16];
	__u64 tx_frames;
	__u64 tx_bytes;
	__u64 tx_errors;
	__u64 rx_frames;
	__u64 rx_bytes;
	__u64 rx_dropped;
	__u64 rx_errors;
	__u32 tx_rate;
	__u32 rx_rate;
	__u32 tx_queued;
	__u32 tx_queue_size;
	__u32 reserved[4];
};

#define EC_IOCTL_SLAVE_EOE_IP _IOW(EC_IOCTL_TYPE, 0x70, struct ec_ioctl_eoe_ip)
#define EC_IOCTL_SC_EOE_IP _IOW(EC_IOCTL_TYPE, 0x71, struct ec_ioctl_eoe_ip)
#define EC_IOCTL_EOE_HANDLER \
	_IOWR(EC_IOCTL_TYPE, 0x72, struct ec_ioctl_eoe_handler)
/*
 * The EoE IP parameters stored in the config config_index (what
 * ecrt_slave_config_eoe_* set), for 'ethercat config -v': flags 0 when
 * none were set; -ENOENT past the last config.  In: config_index, the
 * rest zero.  (EC_IOCTL_VERSION 7.)
 */
#define EC_IOCTL_CONFIG_EOE_IP \
	_IOWR(EC_IOCTL_TYPE, 0x9c, struct ec_ioctl_eoe_ip)

#endif /* EC_IOCTL_EOE_H */
