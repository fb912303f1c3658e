/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_monitor.h - what the master costs and promises while it
 * watches the segment in the operation phase (master/cycle/monitor.h), for
 * `ethercat master`.  Included by ec_ioctl.h; commands 0x7c-0x7e (0x7f
 * stays without a handler: make bench times a bare ioctl with it).
 */
#ifndef EC_IOCTL_MONITOR_H
#define EC_IOCTL_MONITOR_H

struct ec_ioctl_master_monitor {
	/* what the master adds to the application's frames */
	__u64 period_ns;	/* one monitoring datagram at most this often
				 * (2 ms, or the send interval if longer) */
	__u64 broadcast_ns;	/* AL status BRD period */
	__u32 max_bytes;	/* per cycle, on the wire */
	__u32 max_datagrams;	/* per cycle */
	/* bounds, for the scanned segment and the send interval */
	__u64 notice_ns;	/* topology change or AL error seen within */
	__u64 round_ns;		/* each slave's own check (SM1 or AL status) */
	__u64 send_interval_ns;	/* the cycle the bounds assume */
	/* figures since the module was loaded */
	__u64 broadcasts;
	__u64 checks;
	__u64 sweeps;		/* every slave read its AL status */
	__u64 mbox_full;	/* read mailboxes seen full */
	__u64 state_changes;	/* a slave check saw an unknown state */
	__u32 slave_count;
	__u32 reserved[9];
};

#define EC_IOCTL_MASTER_MONITOR \
	_IOR(EC_IOCTL_TYPE, 0x7c, struct ec_ioctl_master_monitor)

#endif /* EC_IOCTL_MONITOR_H */
