/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_hc.h - hot connect (ecrt.h EC_HAVE_HOT_CONNECT,
 * doc/HOTCONNECT.md): the application's groups and the state of a group
 * in a domain, and what `ethercat slaves` and `config` show of them.
 * Included by ec_ioctl.h; commands 0xa0-0xa5 (version 8).
 */
#ifndef EC_IOCTL_HC_H
#define EC_IOCTL_HC_H

#include <linux/types.h>

#define EC_IOCTL_HC_NAME_SIZE 32	/* with the final NUL */
#define EC_IOCTL_HC_NONE 0xffffffffU	/* group_index: in no group */

/*
 * A group.  HC_GROUP_CREATE (the application): name in, group_index out.
 * HC_GROUP_AT_PORT (the application): group_index, at_port = 1,
 * port_alias, port_position, port in.  HC_GROUP_INFO (inspection):
 * group_index in, the rest out; -ENOENT past the last group.
 */
struct ec_ioctl_hc_group {
	__u32 group_index;
	char name[EC_IOCTL_HC_NAME_SIZE];	/* NUL-terminated */
	__u16 port_alias;
	__u16 port_position;
	__u8 port;
	__u8 at_port;
	__u16 reserved0;
	/* out (HC_GROUP_INFO) */
	__u32 config_count;
	__u32 presence;		/* ec_hc_presence_t */
	__u32 joins;		/* times it became present */
	__u32 losses;		/* times it went absent after being present */
	__u32 reserved1;
	__u64 changed_ns;	/* when its presence last changed (master time) */
	__u64 last_join_ns;	/* found -> all in OP, the last time */
	__u32 reserved[4];
};

/* A configuration's group.  SC_HC_GROUP (the application): both in.
 * CONFIG_HC_GROUP (inspection): config_index in, group_index out
 * (EC_IOCTL_HC_NONE: in no group). */
struct ec_ioctl_sc_hc_group {
	__u32 config_index;
	__u32 group_index;
	__u32 reserved[2];
};

/* ecrt_domain_group_state(): domain_index, group_index in. */
struct ec_ioctl_hc_group_state {
	__u32 domain_index;
	__u32 group_index;
	__u32 working_counter;
	__u32 expected_working_counter;
	__u32 wc_state;		/* ec_wc_state_t */
	__u32 presence;		/* ec_hc_presence_t */
	__u32 reserved[2];
};

#define EC_IOCTL_HC_GROUP_CREATE \
	_IOWR(EC_IOCTL_TYPE, 0xa0, struct ec_ioctl_hc_group)
#define EC_IOCTL_HC_GROUP_AT_PORT \
	_IOW(EC_IOCTL_TYPE, 0xa1, struct ec_ioctl_hc_group)
#define EC_IOCTL_SC_HC_GROUP \
	_IOW(EC_IOCTL_TYPE, 0xa2, struct ec_ioctl_sc_hc_group)
#define EC_IOCTL_HC_GROUP_STATE \
	_IOWR(EC_IOCTL_TYPE, 0xa3, struct ec_ioctl_hc_group_state)
#define EC_IOCTL_HC_GROUP_INFO \
	_IOWR(EC_IOCTL_TYPE, 0xa4, struct ec_ioctl_hc_group)
#define EC_IOCTL_CONFIG_HC_GROUP \
	_IOWR(EC_IOCTL_TYPE, 0xa5, struct ec_ioctl_sc_hc_group)

#endif /* EC_IOCTL_HC_H */
