/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_req.h - the application's requests, one set of commands for
 * every kind (SDO, register, FoE, SoE, VoE): create on a configuration,
 * set the parameters, start, poll the state.  Included by ec_ioctl.h;
 * commands 0x6b-0x6e; and the inspection of startup IDNs, 0x6f.  The older per-kind commands (SDO and register
 * requests 0x2f-0x3a, EC_IOCTL_MBOX_REQUEST_* 0x65-0x68) keep working:
 * the kernel serves them with the same handlers.
 */
#ifndef EC_IOCTL_REQ_H
#define EC_IOCTL_REQ_H

/* Kinds of an application request. */
enum {
	EC_IOCTL_REQ_SDO = 0,
	EC_IOCTL_REQ_REG = 1,
	EC_IOCTL_REQ_FOE = 2,
	EC_IOCTL_REQ_SOE = 3,
	EC_IOCTL_REQ_VOE = 4,
};

/*
 * SET: which parameters to take.  TARGET: SDO index and subindex, SoE
 * drive and IDN, FoE file name and password, VoE header.
 */
#define EC_IOCTL_REQ_SET_TARGET 0x01
#define EC_IOCTL_REQ_SET_TIMEOUT 0x02
#define EC_IOCTL_REQ_SET_ALL 0x03

/* The largest memory of a request, per kind (CREATE: -EINVAL above). */
#define EC_IOCTL_REQ_SDO_MAX (1024 * 1024)
#define EC_IOCTL_REQ_REG_MAX 4096
#define EC_IOCTL_REQ_FOE_MAX (16 * 1024 * 1024)
#define EC_IOCTL_REQ_SOE_MAX 65536
#define EC_IOCTL_REQ_VOE_MAX 65536

/*
 * CREATE: config_index, kind, mem_size and the parameters in,
 * request_index out (-ENOENT no such config, -EBUSY while active).
 * SET: the parameters named by set.  START: op (EC_IOCTL_MBOX_READ,
 * _WRITE, _READ_NOSYNC for VoE); a write takes data_size bytes from
 * data; a register request takes address and data_size (the transfer
 * size) for reads too.  STATE: state (EC_IOCTL_REQUEST_*), data_size,
 * progress, error_code, error and the received VoE header out; after a
 * successful read, min(data_size, mem_size) bytes copied to data when
 * data is not 0 (mem_size: the size of the caller's buffer there).
 * SET and START give -EBUSY while the request is queued or in progress.
 */
struct ec_ioctl_app_req {
	__u32 config_index;
	__u32 request_index;
	__u8 kind;		/* EC_IOCTL_REQ_* */
	__u8 op;		/* START: EC_IOCTL_MBOX_READ/WRITE/READ_NOSYNC */
	__u8 drive_no;		/* SoE, 0..7 */
	__u8 state;		/* STATE: out, EC_IOCTL_REQUEST_* */
	__u16 idn;		/* SoE */
	__u16 vendor_type;	/* VoE: of writes; STATE: received */
	__u32 vendor_id;	/* VoE: of writes; STATE: received */
	__u32 password;		/* FoE */
	__u16 sdo_index;	/* SDO */
	__u8 sdo_subindex;	/* SDO */
	__u8 set;		/* SET: EC_IOCTL_REQ_SET_* */
	__u16 address;		/* register: START */
	__u16 reserved0;
	__u32 timeout_ms;	/* per reply, 0 = default */
	__u32 mem_size;		/* CREATE: to reserve; STATE: buffer at data */
	__u32 data_size;	/* START: bytes; STATE: out */
	__u32 progress;		/* STATE: FoE bytes transferred */
	__u32 error_code;	/* STATE: SDO abort, FoE or SoE error code */
	__s32 error;		/* STATE: -errno of a failed request */
	__u64 data;		/* user pointer */
	char file_name[EC_IOCTL_FOE_NAME_SIZE];	/* FoE, NUL-terminated */
	__u32 reserved[4];
};

#define EC_IOCTL_APP_REQ_CREATE \
	_IOWR(EC_IOCTL_TYPE, 0x6b, struct ec_ioctl_app_req)
#define EC_IOCTL_APP_REQ_SET \
	_IOW(EC_IOCTL_TYPE, 0x6c, struct ec_ioctl_app_req)
#define EC_IOCTL_APP_REQ_START \
	_IOW(EC_IOCTL_TYPE, 0x6d, struct ec_ioctl_app_req)
#define EC_IOCTL_APP_REQ_STATE \
	_IOWR(EC_IOCTL_TYPE, 0x6e, struct ec_ioctl_app_req)

/*
 * A startup IDN of a slave configuration (ecrt_slave_config_idn()), for
 * 'ethercat config -v'.  config_index and idn_pos in; drive_no, idn,
 * al_state (2 PREOP, 4 SAFEOP), size and the first bytes of the value
 * out; -ENOENT past the last.
 */
struct ec_ioctl_config_idn {
	__u32 config_index;
	__u32 idn_pos;
	__u8 drive_no;
	__u8 al_state;
	__u16 idn;
	__u32 size;		/* bytes of the value; data holds the first */
	__u8 data[EC_IOCTL_SDO_DATA_MAX];
	__u32 reserved[4];
};

#define EC_IOCTL_CONFIG_IDN \
	_IOWR(EC_IOCTL_TYPE, 0x6f, struct ec_ioctl_config_idn)

#endif /* EC_IOCTL_REQ_H */
