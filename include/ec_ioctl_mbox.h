/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_mbox.h - the commands of the mailbox protocols FoE, SoE and VoE
 * and of the feature flags (0x60-0x6a), included by ec_ioctl.h.
 */
#ifndef EC_IOCTL_MBOX_H
#define EC_IOCTL_MBOX_H

#include <linux/types.h>

#define EC_IOCTL_FOE_NAME_SIZE 256	/* file name incl. the final NUL */
#define EC_IOCTL_FOE_TEXT_SIZE 64
#define EC_IOCTL_FOE_MAX_SIZE (16 * 1024 * 1024)	/* bytes per transfer */

/* FoE read or write of one file through the slave's FSM. */
struct ec_ioctl_slave_foe {
	/* in */
	__u16 slave_position;
	__u16 reserved0;
	__u32 password;
	__u32 buffer_size;	/* read: size of the buffer; write: bytes */
	__u32 timeout_ms;	/* per reply, 0 = default */
	__u64 buffer;		/* user pointer */
	/* out */
	__u32 result_size;	/* read: bytes read */
	__u32 foe_error;	/* FoE error code of the slave, 0 if none */
	__u16 mbox_error;	/* mailbox error reply detail, 0 if none */
	__u16 reserved1;
	__u32 reserved[5];
	char file_name[EC_IOCTL_FOE_NAME_SIZE];	/* in, NUL-terminated */
	char error_text[EC_IOCTL_FOE_TEXT_SIZE];	/* out: the slave's */
};

#define EC_IOCTL_SLAVE_FOE_READ \
	_IOWR(EC_IOCTL_TYPE, 0x60, struct ec_ioctl_slave_foe)
#define EC_IOCTL_SLAVE_FOE_WRITE \
	_IOWR(EC_IOCTL_TYPE, 0x61, struct ec_ioctl_slave_foe)

#define EC_IOCTL_SOE_MAX_SIZE 65536	/* bytes of one IDN element */

/* SoE read or write of one IDN element through the slave's FSM. */
struct ec_ioctl_slave_soe {
	/* in */
	__u16 slave_position;
	__u8 drive_no;		/* 0..7 */
	__u8 elements;		/* element flags, 0 = the value */
	__u16 idn;
	/* out */
	__u16 error_code;	/* SoE error code of the drive, 0 if none */
	/* in */
	__u32 data_size;	/* write: bytes to write; read: buffer */
	__u32 timeout_ms;	/* per reply, 0 = default */
	__u64 data;		/* user pointer */
	/* out */
	__u32 result_size;	/* read: bytes read */
	__u32 reserved[5];
};

#define EC_IOCTL_SLAVE_SOE_READ \
	_IOWR(EC_IOCTL_TYPE, 0x62, struct ec_ioctl_slave_soe)
#define EC_IOCTL_SLAVE_SOE_WRITE \
	_IOWR(EC_IOCTL_TYPE, 0x63, struct ec_ioctl_slave_soe)

/* A startup IDN of a slave configuration (ecrt_slave_config_idn()). */
struct ec_ioctl_sc_idn {
	__u32 config_index;
	__u8 drive_no;
	__u8 al_state;		/* 2 PREOP or 4 SAFEOP */
	__u16 idn;
	__u32 size;
	__u32 reserved0;
	__u64 data;		/* user pointer to size bytes */
	__u32 reserved[4];
};

#define EC_IOCTL_SC_IDN _IOW(EC_IOCTL_TYPE, 0x64, struct ec_ioctl_sc_idn)

/* Kinds and operations of the application's mailbox requests. */
enum {
	EC_IOCTL_MBOX_FOE = 0,
	EC_IOCTL_MBOX_SOE = 1,
	EC_IOCTL_MBOX_VOE = 2,
};

enum {
	EC_IOCTL_MBOX_READ = 0,
	EC_IOCTL_MBOX_WRITE = 1,
	EC_IOCTL_MBOX_READ_NOSYNC = 2,	/* VoE */
};

/*
 * An FoE, SoE or VoE request of the application: one struct for the four
 * commands.  CREATE: config_index, kind, mem_size and the parameters in,
 * request_index out.  SET: the parameters (drive_no and idn; file_name and
 * password; vendor_id and vendor_type; timeout_ms).  START: op, and for a
 * write data/data_size.  STATE: state (EC_IOCTL_REQUEST_*), data_size,
 * progress, error_code, error, the received VoE header out, and after a
 * successful read data_size bytes copied to data (a buffer of mem_size).
 */
struct ec_ioctl_mbox_request {
	__u32 config_index;
	__u32 request_index;
	__u8 kind;		/* EC_IOCTL_MBOX_FOE/SOE/VOE */
	__u8 op;		/* EC_IOCTL_MBOX_READ/WRITE/READ_NOSYNC */
	__u8 drive_no;		/* SoE */
	__u8 state;		/* out: EC_IOCTL_REQUEST_* */
	__u16 idn;		/* SoE */
	__u16 vendor_type;	/* VoE: of writes; STATE: received */
	__u32 vendor_id;	/* VoE: of writes; STATE: received */
	__u32 password;		/* FoE */
	__u32 timeout_ms;	/* per reply, 0 = default */
	__u32 mem_size;		/* CREATE: bytes to reserve */
	__u32 data_size;	/* START (write): bytes; STATE: bytes */
	__u32 progress;		/* STATE: FoE bytes transferred */
	__u64 data;		/* user pointer */
	__u32 error_code;	/* STATE: FoE error code or SoE error code */
	__s32 error;		/* STATE: -errno of a failed request */
	char file_name[EC_IOCTL_FOE_NAME_SIZE];	/* FoE */
	__u32 reserved[4];
};

#define EC_IOCTL_MBOX_REQUEST_CREATE \
	_IOWR(EC_IOCTL_TYPE, 0x65, struct ec_ioctl_mbox_request)
#define EC_IOCTL_MBOX_REQUEST_SET \
	_IOW(EC_IOCTL_TYPE, 0x66, struct ec_ioctl_mbox_request)
#define EC_IOCTL_MBOX_REQUEST_START \
	_IOW(EC_IOCTL_TYPE, 0x67, struct ec_ioctl_mbox_request)
#define EC_IOCTL_MBOX_REQUEST_STATE \
	_IOWR(EC_IOCTL_TYPE, 0x68, struct ec_ioctl_mbox_request)

#define EC_IOCTL_FLAG_KEY_SIZE 64

/*
 * A feature flag of a slave configuration.  SC_FLAG (the application):
 * key and value in.  CONFIG_FLAG (inspection): config_index and flag_pos
 * in, key and value out, -ENOENT past the last.
 */
struct ec_ioctl_sc_flag {
	__u32 config_index;
	__u32 flag_pos;
	__s32 value;
	__u32 reserved0;
	char key[EC_IOCTL_FLAG_KEY_SIZE];	/* NUL-terminated */
	__u32 reserved[4];
};

#define EC_IOCTL_SC_FLAG _IOW(EC_IOCTL_TYPE, 0x69, struct ec_ioctl_sc_flag)
#define EC_IOCTL_CONFIG_FLAG \
	_IOWR(EC_IOCTL_TYPE, 0x6a, struct ec_ioctl_sc_flag)

#endif /* EC_IOCTL_MBOX_H */
