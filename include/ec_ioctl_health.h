/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_health.h - link health: what the master keeps of every slave's
 * ESC error counters (master/slave/link_health.h), for `ethercat diag`,
 * `master`, `metrics` and `graph`.  Included by ec_ioctl.h; commands
 * 0x88-0x8a.
 */
#ifndef EC_IOCTL_HEALTH_H
#define EC_IOCTL_HEALTH_H

#define EC_IOCTL_HEALTH_BLOCK_SIZE 20	/* 0x0300-0x0313 */

/* Counters per port, as in the arrays below. */
enum {
	EC_IOCTL_HEALTH_INVALID = 0,	/* invalid frame counter 0x0300+2p */
	EC_IOCTL_HEALTH_RX = 1,		/* RX error counter 0x0301+2p */
	EC_IOCTL_HEALTH_FORWARDED = 2,	/* forwarded RX errors 0x0308+p */
	EC_IOCTL_HEALTH_LOST_LINK = 3,	/* lost link counter 0x0310+p */
	EC_IOCTL_HEALTH_COUNTERS = 4,
};

/* Windows of the counts. */
enum {
	EC_IOCTL_HEALTH_10S = 0,
	EC_IOCTL_HEALTH_60S = 1,
	EC_IOCTL_HEALTH_START = 2,	/* since the first read */
	EC_IOCTL_HEALTH_WINDOWS = 3,
};

/* port_faults[]: what a port's counters say of its cable (last 10 s) */
#define EC_IOCTL_HEALTH_FAULT_RX 0x01	     /* invalid frames, RX errors */
#define EC_IOCTL_HEALTH_FAULT_LOST_LINK 0x02 /* the link went down */
#define EC_IOCTL_HEALTH_FAULT_FORWARDED 0x04 /* marked frames passed */

/* peer[]: the other end of a port's cable */
#define EC_IOCTL_HEALTH_PEER_NONE 0xffff
#define EC_IOCTL_HEALTH_PEER_MASTER 0xfffe

struct ec_ioctl_slave_health {
	/* in */
	__u16 slave_position;
	__u16 reserved0;
	/* out */
	__u32 read;		/* 1 once the counters were read */
	__u8 raw[EC_IOCTL_HEALTH_BLOCK_SIZE];	/* the last read */
	__u8 port_faults[EC_IOCTL_MAX_PORTS];
	__u16 peer[EC_IOCTL_MAX_PORTS];
	__u8 peer_port[EC_IOCTL_MAX_PORTS];
	__u32 reserved1;
	__u64 reads;
	__u64 age_ns;		/* since the last read */
	__u64 saturated;	/* reads that found a counter at 0xFF */
	/* totals since the module was loaded, across clears */
	__u64 total[EC_IOCTL_MAX_PORTS][EC_IOCTL_HEALTH_COUNTERS];
	__u64 processing_unit;	/* 0x030C */
	__u64 pdi;		/* 0x030D */
	/* counts in the windows, their lengths, the frames sent in them */
	__u64 window_ns[EC_IOCTL_HEALTH_WINDOWS];
	__u64 window_frames[EC_IOCTL_HEALTH_WINDOWS];
	__u64 count[EC_IOCTL_HEALTH_WINDOWS][EC_IOCTL_MAX_PORTS]
		   [EC_IOCTL_HEALTH_COUNTERS];
	__u32 reserved[8];
};

struct ec_ioctl_master_health {
	__u64 period_ns;	/* one read at most this often */
	__u64 round_ns;		/* each slave read this often */
	__u32 wire_bytes;	/* of one read, on the wire */
	__u32 clear_at;		/* a counter this high is cleared */
	__u32 enabled;
	__u32 unhealthy_links;	/* cables with faults in the last 10 s */
	__u64 reads;
	__u64 lost_reads;
	__u64 clears;
	__u64 since_ns;		/* watching this long */
	__u32 slave_count;
	__u32 reserved[9];
};

/* in: enabled (0 or 1); the rest zero */
struct ec_ioctl_health_enable {
	__u32 enabled;
	__u32 reserved[3];
};

#define EC_IOCTL_SLAVE_HEALTH \
	_IOWR(EC_IOCTL_TYPE, 0x88, struct ec_ioctl_slave_health)
#define EC_IOCTL_MASTER_HEALTH \
	_IOR(EC_IOCTL_TYPE, 0x89, struct ec_ioctl_master_health)
#define EC_IOCTL_HEALTH_ENABLE \
	_IOW(EC_IOCTL_TYPE, 0x8a, struct ec_ioctl_health_enable)

#endif /* EC_IOCTL_HEALTH_H */
