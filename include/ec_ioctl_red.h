/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_red.h - the ioctl of cable redundancy (issue 14, commands
 * 0x78-0x7b), included by ec_ioctl.h.
 */
#ifndef EC_IOCTL_RED_H
#define EC_IOCTL_RED_H

/*
 * EC_IOCTL_REDUNDANCY: the ring as the master's broadcasts last saw it.
 * side_slaves[d] are the slaves that processed the frames device d sent
 * (closed ring: all on the main device), side_al[d] their AL states.
 * broken: the main device's frames did not go round the ring; break_pos
 * is then the number of slaves in front of the break (0: the main
 * device's cable).  partial: datagrams completed with one copy (the other
 * lost, or late: then counted in late).
 */
struct ec_ioctl_redundancy {
	__u8 configured;	/* a backup device is configured */
	__u8 known;		/* a broadcast came back since the start */
	__u8 broken;
	__u8 reserved0;
	__u16 break_pos;
	__u16 side_slaves[2];
	__u16 side_al[2];
	__u16 reserved1;
	__u64 partial;
	__u64 breaks;		/* times the ring was found broken */
	__u64 late;		/* second copies after that completion */
	__u32 reserved[4];
};

#define EC_IOCTL_REDUNDANCY \
	_IOR(EC_IOCTL_TYPE, 0x78, struct ec_ioctl_redundancy)

#endif /* EC_IOCTL_RED_H */
