/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl.h - the ABI between the EtherCAT master module and userspace.
 *
 * The only contract between ec_master.ko and lib/ (and through lib/, the
 * ethercat tool).  Rules (see Documentation/driver-api/ioctl.rst):
 *  - fixed-width types only, naturally aligned, explicit padding;
 *  - reserved fields must be zero on input; the module rejects them
 *    otherwise (-EINVAL) and zeroes them on output;
 *  - pointers travel as __u64, times in nanoseconds;
 *  - a layout never changes: new behaviour gets a new command number and
 *    EC_IOCTL_VERSION is raised.
 * The module answers EC_IOCTL_MODULE with its EC_IOCTL_VERSION so that
 * lib/ can refuse a mismatch with a message naming both versions.
 */
#ifndef EC_IOCTL_H
#define EC_IOCTL_H

#include <linux/ioctl.h>
#include <linux/types.h>

/*
 * 3: one request mechanism (0x6b-0x6e; the old request commands now number
 *    a config's requests over all kinds), startup IDNs (0x6f), EoE
 *    (0x70-0x72), cable redundancy (0x78), OP monitoring (0x7c).
 * 4: the shared area's app_pending word (was reserved) and the DC words
 *    published only after a first EC_IOCTL_DC_TIMES
 *    (EC_IOCTL_DC_PUBLISHED).
 * 5: the receive on arrival: the shared area's rx words and image, the
 *    domain entries' rx_wkc and rx_seq, the master's rx counters.
 * 6: the shared area's domain entries' redundancy_active (was reserved).
 * 7: duplicate station aliases: struct ec_ioctl_slave's alias_holders and
 *    alias_next, struct ec_ioctl_master's dup_aliases (were reserved).
 *    A config's EoE IP parameters read back (EC_IOCTL_CONFIG_EOE_IP, 0x9c).
 *    Link health (0x88-0x8a).
 *    The frame capture and the flight recorder (0x80-0x82).
 * 8: hot connect (ec_ioctl_hc.h, 0xa0-0xa5); the shared area's domain
 *    entries' expected_wkc is written at every publication (it counts only
 *    the hot-connect groups present; without groups it never changes).
 *    The mailbox gateway's raw mailbox exchange (0xa8).
 *    struct ec_ioctl_master's timed_out_datagrams and late_answers.
 */
#define EC_IOCTL_VERSION 8
#define EC_IOCTL_TYPE 0xa4

#define EC_IOCTL_STRING_SIZE 64
#define EC_IOCTL_MAX_PORTS 4
#define EC_IOCTL_RATE_COUNT 3	/* 1 s, 10 s, 60 s averages */
#define EC_IOCTL_NUM_DEVICES 2	/* main, backup */
#define EC_IOCTL_DRIVER_SIZE 16
#define EC_IOCTL_NO_SLAVE 0xffff

/* Master phases, as in struct ec_ioctl_master.phase. */
enum {
	EC_IOCTL_PHASE_ORPHANED = 0,
	EC_IOCTL_PHASE_IDLE = 1,
	EC_IOCTL_PHASE_OPERATION = 2,
};

struct ec_ioctl_module {
	__u32 ioctl_version;
	__u32 master_count;
	__u32 reserved[6];
};

struct ec_ioctl_device {
	__u8 address[6];
	__u8 attached;
	__u8 link_state;
	__u64 tx_count;
	__u64 rx_count;
	__u64 tx_bytes;
	__u64 rx_bytes;
	__u64 tx_errors;
	/* Over 1 s, 10 s, 60 s: frame rates in 1/1000 frame per second,
	 * byte rates in bytes per second. */
	__s32 tx_frame_rates[EC_IOCTL_RATE_COUNT];
	__s32 rx_frame_rates[EC_IOCTL_RATE_COUNT];
	__s32 tx_byte_rates[EC_IOCTL_RATE_COUNT];
	__s32 rx_byte_rates[EC_IOCTL_RATE_COUNT];
	/* The device module in use ("ec_generic", "ec_e1000e"), NUL ended;
	 * empty when none is attached.  Was reserved (zero) in version 2:
	 * same layout, older modules fill it with zeros. */
	char driver[EC_IOCTL_DRIVER_SIZE];
};

struct ec_ioctl_master {
	__u32 slave_count;
	__u32 config_count;
	__u32 domain_count;
	__u8 phase;
	__u8 active;
	__u8 scan_busy;
	__u8 num_devices;
	struct ec_ioctl_device devices[EC_IOCTL_NUM_DEVICES];
	__u64 tx_count;
	__u64 rx_count;
	__u64 tx_bytes;
	__u64 rx_bytes;
	__u64 lost_frames;	/* frames sent and never answered */
	__u64 skipped_datagrams;
	__u64 unmatched_datagrams;
	__s32 tx_frame_rates[EC_IOCTL_RATE_COUNT];
	__s32 rx_frame_rates[EC_IOCTL_RATE_COUNT];
	__s32 tx_byte_rates[EC_IOCTL_RATE_COUNT];
	__s32 rx_byte_rates[EC_IOCTL_RATE_COUNT];
	__s32 loss_rates[EC_IOCTL_RATE_COUNT];
	__u16 ref_clock;	/* EC_IOCTL_NO_SLAVE when none */
	__u16 debug_level;
	__u64 app_time;
	__u64 dc_ref_time;
	/* userspace application: exchanges completed as their frames
	 * arrived (struct ec_ioctl_shm_rx), and EC_IOCTL_RECEIVE calls */
	__u64 rx_on_arrival;
	__u64 rx_in_call;
	/* aliases that more than one slave has (0: none); which slaves, in
	 * struct ec_ioctl_slave's alias_holders and alias_next */
	__u32 dup_aliases;
	__u32 reserved[3];
	/* datagrams the master gave up waiting for (version 8), and the
	 * answers of those that still came, late (not unmatched) */
	__u64 timed_out_datagrams;
	__u64 late_answers;
};

struct ec_ioctl_port {
	__u8 desc;		/* 0 not implemented, 1 not configured,
				 * 2 EBUS, 3 MII (register 0x0007) */
	__u8 link_up;
	__u8 loop_closed;
	__u8 signal_detected;
	__u16 next_slave;	/* EC_IOCTL_NO_SLAVE when none */
	__u16 reserved0;
	__u32 receive_time;	/* DC receive time latch, ns */
	__u32 delay_to_next_dc;	/* ns */
};

struct ec_ioctl_slave {
	/* in */
	__u16 position;
	__u16 reserved0;
	/* out */
	__u32 vendor_id;
	__u32 product_code;
	__u32 revision_number;
	__u32 serial_number;
	__u16 alias;
	__u16 station_address;
	__u16 boot_rx_mailbox_offset;
	__u16 boot_rx_mailbox_size;
	__u16 boot_tx_mailbox_offset;
	__u16 boot_tx_mailbox_size;
	__u16 std_rx_mailbox_offset;
	__u16 std_rx_mailbox_size;
	__u16 std_tx_mailbox_offset;
	__u16 std_tx_mailbox_size;
	__u16 mailbox_protocols;	/* SII word 0x001C bits */
	__u8 has_general_category;
	__u8 coe_details;	/* SII general category CoE details bits */
	__u8 general_flags;
	__u8 al_state;
	__u8 error_flag;
	__u8 fmmu_bit;
	__s16 current_on_ebus;	/* mA */
	__u8 base_type;
	__u8 base_revision;
	__u16 base_build;
	__u8 base_fmmu_count;
	__u8 base_sync_count;
	__u8 dc_supported;
	__u8 dc_range;		/* 0: 32 bit, 1: 64 bit */
	__u8 has_dc_system_time;
	__u8 sync_count;	/* sync managers from SII */
	__u16 sdo_count;	/* objects in the fetched dictionary */
	/* slaves that have this one's alias when more than one does (0:
	 * none or unique), and the ring position of the next of them
	 * (wrapping around to the first) */
	__u16 alias_holders;
	__u32 transmission_delay;	/* ns, DC */
	__u32 sii_nwords;
	__u16 al_status_code;
	__u16 alias_next;
	struct ec_ioctl_port ports[EC_IOCTL_MAX_PORTS];
	char group[EC_IOCTL_STRING_SIZE];
	char image[EC_IOCTL_STRING_SIZE];
	char order[EC_IOCTL_STRING_SIZE];
	char name[EC_IOCTL_STRING_SIZE];
	__u32 reserved[8];
};

struct ec_ioctl_slave_sync {
	/* in */
	__u16 slave_position;
	__u8 sync_index;
	__u8 reserved0;
	/* out */
	__u16 physical_start_address;
	__u16 default_size;
	__u8 control_register;
	__u8 enable;
	__u8 pdo_count;
	__u8 reserved1;
	__u32 reserved[4];
};

struct ec_ioctl_slave_sync_pdo {
	/* in */
	__u16 slave_position;
	__u8 sync_index;
	__u8 pdo_pos;
	/* out */
	__u16 index;
	__u8 entry_count;
	__u8 reserved0;
	char name[EC_IOCTL_STRING_SIZE];
	__u32 reserved[4];
};

struct ec_ioctl_slave_sync_pdo_entry {
	/* in */
	__u16 slave_position;
	__u8 sync_index;
	__u8 pdo_pos;
	__u8 entry_pos;
	__u8 reserved0[3];
	/* out */
	__u16 index;
	__u8 subindex;
	__u8 bit_length;
	char name[EC_IOCTL_STRING_SIZE];
	__u32 reserved[4];
};

struct ec_ioctl_slave_sdo {
	/* in */
	__u16 slave_position;
	__u16 sdo_position;
	/* out */
	__u16 sdo_index;
	__u8 max_subindex;
	__u8 object_code;
	char name[EC_IOCTL_STRING_SIZE];
	__u32 reserved[4];
};

struct ec_ioctl_slave_sdo_entry {
	/* in */
	__u16 slave_position;
	__u16 reserved0;
	__s32 sdo_spec;		/* >= 0: object index; < 0: -(position + 1) */
	__u8 sdo_entry_subindex;
	__u8 reserved1;
	/* out */
	__u16 data_type;
	__u16 bit_length;
	__u8 read_access[3];	/* PREOP, SAFEOP, OP */
	__u8 write_access[3];
	char description[EC_IOCTL_STRING_SIZE];
	__u32 reserved[4];
};

/* SII access, in 16 bit words. */
struct ec_ioctl_slave_sii {
	__u16 slave_position;
	__u16 reserved0;
	__u32 offset;		/* word offset */
	__u32 nwords;
	__u32 reserved1;
	__u64 words;		/* user pointer to nwords * 2 bytes */
	__u32 reserved[4];
};

/* Register access; executes one FPRD/FPWR (or APRD/APWR with emergency). */
struct ec_ioctl_slave_reg {
	__u16 slave_position;
	__u8 emergency;
	__u8 reserved0;
	__u16 address;
	__u16 size;
	__u64 data;		/* user pointer */
	__u32 reserved[4];
};

struct ec_ioctl_slave_state {
	/* in */
	__u16 slave_position;
	__u8 al_state;		/* EC_AL_STATE_* */
	__u8 reserved0;
	/* out: AL status code when the slave refused the state */
	__u16 al_status_code;
	__u16 reserved1;
	__u32 reserved[2];
};

/* CoE SDO transfer. */
struct ec_ioctl_slave_sdo_transfer {
	/* in */
	__u16 slave_position;
	__u16 sdo_index;
	__u8 sdo_entry_subindex;
	__u8 complete_access;
	__u16 reserved0;
	__u32 data_size;	/* download: bytes to write; upload: buffer */
	__u32 timeout_ms;	/* 0 = default */
	__u64 data;		/* user pointer */
	/* out */
	__u32 result_size;	/* upload: bytes read */
	__u32 abort_code;	/* SDO abort code, 0 if none */
	__u32 reserved[4];
};

struct ec_ioctl_debug {
	__u32 level;
	__u32 reserved[3];
};

#define EC_IOCTL_MODULE _IOR(EC_IOCTL_TYPE, 0x00, struct ec_ioctl_module)
#define EC_IOCTL_MASTER _IOR(EC_IOCTL_TYPE, 0x01, struct ec_ioctl_master)
#define EC_IOCTL_SLAVE _IOWR(EC_IOCTL_TYPE, 0x02, struct ec_ioctl_slave)
#define EC_IOCTL_SLAVE_SYNC \
	_IOWR(EC_IOCTL_TYPE, 0x03, struct ec_ioctl_slave_sync)
#define EC_IOCTL_SLAVE_SYNC_PDO \
	_IOWR(EC_IOCTL_TYPE, 0x04, struct ec_ioctl_slave_sync_pdo)
#define EC_IOCTL_SLAVE_SYNC_PDO_ENTRY \
	_IOWR(EC_IOCTL_TYPE, 0x05, struct ec_ioctl_slave_sync_pdo_entry)
#define EC_IOCTL_SLAVE_SDO \
	_IOWR(EC_IOCTL_TYPE, 0x06, struct ec_ioctl_slave_sdo)
#define EC_IOCTL_SLAVE_SDO_ENTRY \
	_IOWR(EC_IOCTL_TYPE, 0x07, struct ec_ioctl_slave_sdo_entry)
#define EC_IOCTL_SLAVE_SII_READ \
	_IOW(EC_IOCTL_TYPE, 0x08, struct ec_ioctl_slave_sii)
#define EC_IOCTL_SLAVE_SII_WRITE \
	_IOW(EC_IOCTL_TYPE, 0x09, struct ec_ioctl_slave_sii)
#define EC_IOCTL_SLAVE_REG_READ \
	_IOW(EC_IOCTL_TYPE, 0x0a, struct ec_ioctl_slave_reg)
#define EC_IOCTL_SLAVE_REG_WRITE \
	_IOW(EC_IOCTL_TYPE, 0x0b, struct ec_ioctl_slave_reg)
#define EC_IOCTL_SLAVE_STATE \
	_IOWR(EC_IOCTL_TYPE, 0x0c, struct ec_ioctl_slave_state)
#define EC_IOCTL_SLAVE_SDO_UPLOAD \
	_IOWR(EC_IOCTL_TYPE, 0x0d, struct ec_ioctl_slave_sdo_transfer)
#define EC_IOCTL_SLAVE_SDO_DOWNLOAD \
	_IOWR(EC_IOCTL_TYPE, 0x0e, struct ec_ioctl_slave_sdo_transfer)
#define EC_IOCTL_MASTER_RESCAN _IO(EC_IOCTL_TYPE, 0x0f)
#define EC_IOCTL_MASTER_DEBUG _IOW(EC_IOCTL_TYPE, 0x10, struct ec_ioctl_debug)

/* ---- Application API (ecrt_* of lib/ over ioctl): numbers 0x20-0x4f ---- */
/*
 * An application first requests the master (EC_IOCTL_REQUEST, exclusive:
 * -EBUSY while another file or a kernel module holds it); every other
 * command of this block needs a writable file that holds the master,
 * except the read-only state queries, which need only the holding file.
 * Configurations, domains and requests are named by their index in order
 * of creation.  The cyclic commands (EC_IOCTL_SEND, _RECEIVE,
 * _DOMAIN_PROCESS, _DOMAIN_QUEUE) take the domain index or nothing as
 * the plain ioctl argument.  After EC_IOCTL_ACTIVATE, mmap() of the
 * device at offset 0 maps the process data of all domains (pd_size bytes;
 * each domain at the offset EC_IOCTL_DOMAIN_INFO reports) and, when the
 * activate reply gives shm_size, mmap() at EC_IOCTL_SHM_OFFSET the shared
 * area of the cyclic calls (struct ec_ioctl_shm below).  Closing the
 * file deactivates and releases the master.
 */

/* Request states, as in struct ec_ioctl_sdo_request.state. */
enum {
	EC_IOCTL_REQUEST_UNUSED = 0,
	EC_IOCTL_REQUEST_BUSY = 1,
	EC_IOCTL_REQUEST_SUCCESS = 2,
	EC_IOCTL_REQUEST_ERROR = 3,
};

struct ec_ioctl_app_config {
	/* in */
	__u16 alias;
	__u16 position;
	__u32 vendor_id;
	__u32 product_code;
	/* out */
	__u32 config_index;
	__u32 reserved[4];
};

struct ec_ioctl_sc_sync {
	__u32 config_index;
	__u8 sync_index;
	__u8 dir;		/* ec_direction_t */
	__u8 watchdog_mode;	/* ec_watchdog_mode_t */
	__u8 reserved0;
	__u32 reserved[2];
};

struct ec_ioctl_sc_watchdog {
	__u32 config_index;
	__u16 divider;
	__u16 intervals;
	__u32 reserved[2];
};

/* PDO assignment: add @pdo_index to / clear the PDOs of @sync_index. */
struct ec_ioctl_sc_pdo {
	__u32 config_index;
	__u8 sync_index;
	__u8 reserved0;
	__u16 pdo_index;
	__u32 reserved[2];
};

/* PDO mapping: add an entry to / clear the entries of @pdo_index. */
struct ec_ioctl_sc_entry {
	__u32 config_index;
	__u16 pdo_index;
	__u16 entry_index;
	__u8 entry_subindex;
	__u8 entry_bit_length;
	__u16 reserved0;
	__u32 reserved[3];
};

/* Register a PDO entry in a domain, by index or by position. */
struct ec_ioctl_reg_pdo_entry {
	/* in */
	__u32 config_index;
	__u32 domain_index;
	__u16 entry_index;	/* EC_IOCTL_SC_REG_PDO_ENTRY */
	__u8 entry_subindex;
	__u8 sync_index;	/* EC_IOCTL_SC_REG_PDO_POS */
	__u32 pdo_pos;
	__u32 entry_pos;
	/* out */
	__u32 offset;		/* byte offset in the domain */
	__u32 bit_position;
	__u32 reserved[4];
};

/* A startup SDO (written in PREOP on every configuration). */
struct ec_ioctl_sc_sdo {
	__u32 config_index;
	__u16 index;
	__u8 subindex;
	__u8 complete_access;
	__u32 size;
	__u32 reserved0;
	__u64 data;		/* user pointer to size bytes */
	__u32 reserved[4];
};

/* CoE emergency ring of the slave a configuration is attached to. */
struct ec_ioctl_sc_emerg {
	__u32 config_index;
	__u32 value;		/* EMERG_SIZE in: elements; _OVERRUNS out */
	__u8 message[8];	/* EMERG_POP out */
	__u32 reserved[4];
};

struct ec_ioctl_sc_state {
	/* in */
	__u32 config_index;
	/* out */
	__u8 online;
	__u8 operational;
	__u8 al_state;
	__u8 reserved0;
	__u32 reserved[2];
};

/*
 * An SDO request of a configuration.  CREATE: config_index, sdo_index,
 * sdo_subindex, size (memory) in, request_index out.  INDEX, TIMEOUT,
 * READ: request_index and the respective fields.  WRITE: size bytes from
 * data.  STATE: state, data_size and abort_code out; when the state is
 * SUCCESS and data is not 0, the data read is copied there (up to size).
 */
struct ec_ioctl_sdo_request {
	__u32 config_index;
	__u32 request_index;
	__u16 sdo_index;
	__u8 sdo_subindex;
	__u8 state;		/* EC_IOCTL_REQUEST_* */
	__u32 size;
	__u32 timeout_ms;
	__u32 data_size;
	__u32 abort_code;
	__u32 reserved0;
	__u64 data;		/* user pointer */
	__u32 reserved[4];
};

/*
 * A register request of a configuration.  CREATE: config_index, mem_size
 * in, request_index out.  READ/WRITE: address and size (WRITE: size bytes
 * from data).  STATE: state out; on SUCCESS of a read, size bytes copied
 * to data when data is not 0.
 */
struct ec_ioctl_reg_request {
	__u32 config_index;
	__u32 request_index;
	__u32 mem_size;
	__u16 address;
	__u8 state;		/* EC_IOCTL_REQUEST_* */
	__u8 reserved0;
	__u32 size;
	__u32 reserved1;
	__u64 data;		/* user pointer */
	__u32 reserved[4];
};

struct ec_ioctl_domain_info {
	/* in */
	__u32 domain_index;
	__u32 reserved0;
	/* out */
	__u64 size;		/* bytes of process data */
	__u64 offset;		/* in the mapping; valid after activation */
	__u32 reserved[4];
};

struct ec_ioctl_domain_state {
	/* in */
	__u32 domain_index;
	/* out */
	__u32 working_counter;
	__u8 wc_state;		/* ec_wc_state_t */
	__u8 redundancy_active;
	__u16 reserved0;
	__u32 reserved[3];
};

struct ec_ioctl_activate {
	/* out */
	__u64 pd_size;		/* bytes to mmap() at offset 0 */
	__u32 shm_size;		/* bytes to mmap() at EC_IOCTL_SHM_OFFSET */
	__u32 reserved[3];
};

struct ec_ioctl_master_state {
	/* in (EC_IOCTL_LINK_STATE only): device index */
	__u32 dev_idx;
	/* out */
	__u32 slaves_responding;
	__u8 al_states;
	__u8 link_up;
	__u16 reserved0;
	__u32 reserved[3];
};

struct ec_ioctl_app_time {
	__u64 app_time;		/* ns since 2000-01-01 */
	__u32 reserved[2];
};

struct ec_ioctl_send_interval {
	__u32 send_interval_us;
	__u32 reserved[3];
};

/*
 * Timeout of the AL state changes of a configured slave into to_state
 * (EC_AL_STATE_*: 1, 2, 4, 8); 0 ms restores the default.
 */
struct ec_ioctl_sc_state_timeout {
	__u32 config_index;
	__u8 from_state;
	__u8 to_state;
	__u16 reserved0;
	__u32 timeout_ms;
	__u32 reserved[3];
};

#define EC_IOCTL_REQUEST _IO(EC_IOCTL_TYPE, 0x20)
#define EC_IOCTL_CREATE_DOMAIN _IO(EC_IOCTL_TYPE, 0x21)
#define EC_IOCTL_CREATE_SLAVE_CONFIG \
	_IOWR(EC_IOCTL_TYPE, 0x22, struct ec_ioctl_app_config)
#define EC_IOCTL_SC_SYNC _IOW(EC_IOCTL_TYPE, 0x23, struct ec_ioctl_sc_sync)
#define EC_IOCTL_SC_WATCHDOG \
	_IOW(EC_IOCTL_TYPE, 0x24, struct ec_ioctl_sc_watchdog)
#define EC_IOCTL_SC_ADD_PDO _IOW(EC_IOCTL_TYPE, 0x25, struct ec_ioctl_sc_pdo)
#define EC_IOCTL_SC_CLEAR_PDOS \
	_IOW(EC_IOCTL_TYPE, 0x26, struct ec_ioctl_sc_pdo)
#define EC_IOCTL_SC_ADD_ENTRY \
	_IOW(EC_IOCTL_TYPE, 0x27, struct ec_ioctl_sc_entry)
#define EC_IOCTL_SC_CLEAR_ENTRIES \
	_IOW(EC_IOCTL_TYPE, 0x28, struct ec_ioctl_sc_entry)
#define EC_IOCTL_SC_REG_PDO_ENTRY \
	_IOWR(EC_IOCTL_TYPE, 0x29, struct ec_ioctl_reg_pdo_entry)
#define EC_IOCTL_SC_REG_PDO_POS \
	_IOWR(EC_IOCTL_TYPE, 0x2a, struct ec_ioctl_reg_pdo_entry)
#define EC_IOCTL_SC_SDO _IOW(EC_IOCTL_TYPE, 0x2b, struct ec_ioctl_sc_sdo)
#define EC_IOCTL_SC_EMERG_SIZE \
	_IOW(EC_IOCTL_TYPE, 0x2c, struct ec_ioctl_sc_emerg)
#define EC_IOCTL_SC_EMERG_POP \
	_IOWR(EC_IOCTL_TYPE, 0x2d, struct ec_ioctl_sc_emerg)
#define EC_IOCTL_SC_EMERG_CLEAR \
	_IOW(EC_IOCTL_TYPE, 0x2e, struct ec_ioctl_sc_emerg)
#define EC_IOCTL_SC_EMERG_OVERRUNS \
	_IOWR(EC_IOCTL_TYPE, 0x2f, struct ec_ioctl_sc_emerg)
#define EC_IOCTL_SC_STATE _IOWR(EC_IOCTL_TYPE, 0x30, struct ec_ioctl_sc_state)
#define EC_IOCTL_SDO_REQUEST_CREATE \
	_IOWR(EC_IOCTL_TYPE, 0x31, struct ec_ioctl_sdo_request)
#define EC_IOCTL_SDO_REQUEST_INDEX \
	_IOW(EC_IOCTL_TYPE, 0x32, struct ec_ioctl_sdo_request)
#define EC_IOCTL_SDO_REQUEST_TIMEOUT \
	_IOW(EC_IOCTL_TYPE, 0x33, struct ec_ioctl_sdo_request)
#define EC_IOCTL_SDO_REQUEST_STATE \
	_IOWR(EC_IOCTL_TYPE, 0x34, struct ec_ioctl_sdo_request)
#define EC_IOCTL_SDO_REQUEST_READ \
	_IOW(EC_IOCTL_TYPE, 0x35, struct ec_ioctl_sdo_request)
#define EC_IOCTL_SDO_REQUEST_WRITE \
	_IOW(EC_IOCTL_TYPE, 0x36, struct ec_ioctl_sdo_request)
#define EC_IOCTL_REG_REQUEST_CREATE \
	_IOWR(EC_IOCTL_TYPE, 0x37, struct ec_ioctl_reg_request)
#define EC_IOCTL_REG_REQUEST_STATE \
	_IOWR(EC_IOCTL_TYPE, 0x38, struct ec_ioctl_reg_request)
#define EC_IOCTL_REG_REQUEST_READ \
	_IOW(EC_IOCTL_TYPE, 0x39, struct ec_ioctl_reg_request)
#define EC_IOCTL_REG_REQUEST_WRITE \
	_IOW(EC_IOCTL_TYPE, 0x3a, struct ec_ioctl_reg_request)
#define EC_IOCTL_DOMAIN_INFO \
	_IOWR(EC_IOCTL_TYPE, 0x3b, struct ec_ioctl_domain_info)
#define EC_IOCTL_ACTIVATE _IOR(EC_IOCTL_TYPE, 0x3c, struct ec_ioctl_activate)
#define EC_IOCTL_DEACTIVATE _IO(EC_IOCTL_TYPE, 0x3d)
#define EC_IOCTL_SEND _IO(EC_IOCTL_TYPE, 0x3e)
#define EC_IOCTL_RECEIVE _IO(EC_IOCTL_TYPE, 0x3f)
#define EC_IOCTL_DOMAIN_PROCESS _IO(EC_IOCTL_TYPE, 0x40)
#define EC_IOCTL_DOMAIN_QUEUE _IO(EC_IOCTL_TYPE, 0x41)
#define EC_IOCTL_DOMAIN_STATE \
	_IOWR(EC_IOCTL_TYPE, 0x42, struct ec_ioctl_domain_state)
#define EC_IOCTL_MASTER_STATE \
	_IOR(EC_IOCTL_TYPE, 0x43, struct ec_ioctl_master_state)
#define EC_IOCTL_LINK_STATE \
	_IOWR(EC_IOCTL_TYPE, 0x44, struct ec_ioctl_master_state)
#define EC_IOCTL_APP_TIME _IOW(EC_IOCTL_TYPE, 0x45, struct ec_ioctl_app_time)
#define EC_IOCTL_SEND_INTERVAL \
	_IOW(EC_IOCTL_TYPE, 0x46, struct ec_ioctl_send_interval)
#define EC_IOCTL_RESET _IO(EC_IOCTL_TYPE, 0x47)
#define EC_IOCTL_SC_STATE_TIMEOUT \
	_IOW(EC_IOCTL_TYPE, 0x48, struct ec_ioctl_sc_state_timeout)
/* ---- end of the application API ---- */

/* ---- Configuration and domain inspection (CLI): numbers 0x50-0x5f ---- */
/*
 * Read-only views of the application's slave configurations and domains
 * for the CLI (ethercat config, domains, data); any file descriptor.
 * Configurations and domains are addressed by their position in the
 * master's lists (0 .. ec_ioctl_master.config_count / domain_count - 1);
 * a position out of range fails with -ENOENT.
 */
#define EC_IOCTL_CONFIG_SYNCS 16	/* sync managers per configuration */
#define EC_IOCTL_SDO_DATA_MAX 1024	/* startup SDO bytes shown */

struct ec_ioctl_config_sync {
	__u8 dir;		/* 0 unknown, 1 output, 2 input (ec_direction_t) */
	__u8 watchdog_mode;	/* ec_watchdog_mode_t */
	__u8 pdo_count;		/* PDOs the configuration assigns */
	__u8 reserved0;
};

struct ec_ioctl_config {
	/* in */
	__u32 config_index;
	/* out */
	__u16 alias;
	__u16 position;
	__u32 vendor_id;
	__u32 product_code;
	__u16 slave_position;	/* EC_IOCTL_NO_SLAVE when none attached */
	__u8 slave_al_state;	/* AL state of the attached slave */
	__u8 identity_mismatch;	/* a slave sits there, but not this one */
	__u16 watchdog_divider;	/* 0: the slave's default */
	__u16 watchdog_intervals;	/* 0: the slave's default */
	__u32 sdo_count;	/* startup SDOs */
	__u32 idn_count;	/* startup IDNs (SoE): always 0 */
	__u16 dc_assign_activate;
	__u16 reserved0;
	__u32 dc_sync_cycle[2];	/* ns */
	__s32 dc_sync_shift[2];	/* ns */
	struct ec_ioctl_config_sync syncs[EC_IOCTL_CONFIG_SYNCS];
	__u32 reserved[8];
};

struct ec_ioctl_config_pdo {
	/* in */
	__u32 config_index;
	__u8 sync_index;
	__u8 reserved0;
	__u16 pdo_pos;
	/* out */
	__u16 index;
	__u16 entry_count;
	char name[EC_IOCTL_STRING_SIZE];
	__u32 reserved[4];
};

struct ec_ioctl_config_pdo_entry {
	/* in */
	__u32 config_index;
	__u8 sync_index;
	__u8 reserved0;
	__u16 pdo_pos;
	__u16 entry_pos;
	__u16 reserved1;
	/* out */
	__u16 index;
	__u8 subindex;
	__u8 bit_length;
	char name[EC_IOCTL_STRING_SIZE];
	__u32 reserved[4];
};

struct ec_ioctl_config_sdo {
	/* in */
	__u32 config_index;
	__u32 sdo_pos;
	/* out */
	__u16 index;
	__u8 subindex;
	__u8 complete_access;
	__u32 size;		/* bytes of the SDO; data holds the first */
	__u8 data[EC_IOCTL_SDO_DATA_MAX];
	__u32 reserved[4];
};

struct ec_ioctl_domain {
	/* in */
	__u32 domain_index;
	/* out */
	__u32 data_size;	/* bytes of process data */
	__u32 logical_base_address;
	__u16 working_counter;	/* sum at the last process() */
	__u16 expected_working_counter;
	__u32 fmmu_count;
	__u32 datagram_count;
	__u8 wc_state;		/* ec_wc_state_t */
	__u8 activated;		/* the process image exists */
	__u16 reserved0;
	__u32 working_counter_changes;
	__u32 reserved[6];
};

struct ec_ioctl_domain_fmmu {
	/* in */
	__u32 domain_index;
	__u32 fmmu_index;
	/* out */
	__u16 slave_config_alias;
	__u16 slave_config_position;
	__u8 sync_index;
	__u8 dir;		/* ec_direction_t */
	__u16 reserved0;
	__u32 logical_address;	/* absolute: domain base + offset */
	__u32 data_size;
	__u32 reserved[4];
};

struct ec_ioctl_domain_data {
	/* in */
	__u32 domain_index;
	__u32 data_size;	/* size of the buffer at data */
	__u64 data;		/* user pointer */
	/* out */
	__u32 result_size;	/* bytes copied; 0 before activation */
	__u32 reserved[3];
};

#define EC_IOCTL_CONFIG _IOWR(EC_IOCTL_TYPE, 0x50, struct ec_ioctl_config)
#define EC_IOCTL_CONFIG_PDO \
	_IOWR(EC_IOCTL_TYPE, 0x51, struct ec_ioctl_config_pdo)
#define EC_IOCTL_CONFIG_PDO_ENTRY \
	_IOWR(EC_IOCTL_TYPE, 0x52, struct ec_ioctl_config_pdo_entry)
#define EC_IOCTL_CONFIG_SDO \
	_IOWR(EC_IOCTL_TYPE, 0x53, struct ec_ioctl_config_sdo)
#define EC_IOCTL_DOMAIN _IOWR(EC_IOCTL_TYPE, 0x54, struct ec_ioctl_domain)
#define EC_IOCTL_DOMAIN_FMMU \
	_IOWR(EC_IOCTL_TYPE, 0x55, struct ec_ioctl_domain_fmmu)
#define EC_IOCTL_DOMAIN_DATA \
	_IOWR(EC_IOCTL_TYPE, 0x56, struct ec_ioctl_domain_data)
/* ---- end of the inspection commands ---- */

#include "ec_ioctl_dc.h"	/* distributed clocks: 0x5a-0x5e */
#include "ec_ioctl_mbox.h"	/* FoE, SoE, VoE, flags: 0x60-0x6a */
#include "ec_ioctl_eoe.h"	/* EoE: 0x70-0x77, config EoE IP 0x9c */
#include "ec_ioctl_req.h"	/* requests 0x6b-0x6e, startup IDNs 0x6f */
#include "ec_ioctl_red.h"	/* 0x78-0x7b: cable redundancy */
#include "ec_ioctl_monitor.h"	/* OP monitoring: 0x7c */
#include "ec_ioctl_health.h"	/* link health: 0x88-0x8a */
#include "ec_ioctl_shm.h"	/* the shared area of the cyclic calls */
#include "ec_ioctl_capture.h"	/* capture, flight recorder: 0x80-0x87 */
#include "ec_ioctl_hc.h"	/* hot connect: 0xa0-0xa5 */
#include "ec_ioctl_mbg.h"	/* mailbox gateway: 0xa8-0xaf */

/* Highest command number; the dispatch table has one slot each. */
#define EC_IOCTL_NR_MAX 0xaf

#endif /* EC_IOCTL_H */
