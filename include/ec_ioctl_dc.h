/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_dc.h - the distributed clock commands of the application,
 * included by ec_ioctl.h.
 */
#ifndef EC_IOCTL_DC_H
#define EC_IOCTL_DC_H

#include <linux/types.h>

/*
 * The cyclic DC calls: EC_IOCTL_DC_QUEUE takes the bits as its plain
 * integer argument (no copy): sync the reference clock to the last
 * application time, sync the slave clocks (FRMW), queue the sync monitor
 * (BRD 0x092C), queue the 64-bit reference clock read;
 * EC_IOCTL_DC_SYNC_TO the reference clock to the __u64 at arg.  Through
 * the shared area the same bits go into dc_queue (EC_IOCTL_DC_SYNC_TO
 * with dc_sync_time) without a system call.  EC_IOCTL_DC_TIMES reads
 * what the last receive brought: the values and, per value, a valid bit
 * or the error.
 */
#define EC_IOCTL_DC_SYNC_REF 0x1
#define EC_IOCTL_DC_SYNC_SLAVES 0x2
#define EC_IOCTL_DC_MONITOR 0x4
#define EC_IOCTL_DC_REF_TIME64 0x8
#define EC_IOCTL_DC_SYNC_TO 0x10	/* shared area only */
#define EC_IOCTL_DC_ALL 0x1f

/* dc_valid / ec_ioctl_dc_times.valid */
#define EC_IOCTL_DC_VALID_REF32 0x1	/* ref_time32 read by the FRMW */
#define EC_IOCTL_DC_VALID_REF64 0x2	/* ref_time64 read */
#define EC_IOCTL_DC_NO_REF 0x100	/* no reference clock: -ENXIO */
/*
 * dc_valid only: the module publishes the DC words in the shared area
 * once the application read them with EC_IOCTL_DC_TIMES (which publishes
 * at once), at the end of every receive from then on, with this bit set;
 * lib reads the area when it finds the bit, and makes the ioctl
 * otherwise.  An application without DC costs the receive nothing.
 */
#define EC_IOCTL_DC_PUBLISHED 0x80000000U

struct ec_ioctl_dc_times {
	/* out */
	__u64 ref_time64;
	__u32 ref_time32;
	__u32 monitor;		/* 0xffffffff: not answered */
	__u32 valid;		/* EC_IOCTL_DC_VALID_* | EC_IOCTL_DC_NO_REF */
	__u32 reserved[3];
};

struct ec_ioctl_sc_dc {
	/* in */
	__u32 config_index;
	__u16 assign_activate;	/* 0x0980/0x0981 */
	__u16 reserved0;
	__u32 sync0_cycle;	/* ns */
	__s32 sync0_shift;
	__u32 sync1_cycle;
	__s32 sync1_shift;
	__u32 reserved[2];
};

#define EC_IOCTL_DC_QUEUE _IO(EC_IOCTL_TYPE, 0x5a)
#define EC_IOCTL_DC_SYNC_REF_TO _IOW(EC_IOCTL_TYPE, 0x5b, __u64)
#define EC_IOCTL_DC_TIMES _IOR(EC_IOCTL_TYPE, 0x5c, struct ec_ioctl_dc_times)
/* arg: the config index of the reference clock, 0xffffffff: default */
#define EC_IOCTL_SELECT_REF_CLOCK _IO(EC_IOCTL_TYPE, 0x5d)
#define EC_IOCTL_SC_DC _IOW(EC_IOCTL_TYPE, 0x5e, struct ec_ioctl_sc_dc)

#endif /* EC_IOCTL_DC_H */
