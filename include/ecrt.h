/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ecrt.h - the EtherCAT realtime application interface.
 *
 * Applications (kernel modules or userspace programs linked with
 * libethercat) drive the master through these calls: request a master,
 * describe slave configurations and process data domains, activate, then
 * run the cycle (receive, process, read/write data, queue, send).
 *
 * The interface is source-compatible with version 1.6 of the IgH EtherCAT
 * master's ecrt.h: the same names, types, struct members, enum values and
 * macros, so that programs written for it build unchanged.  Deliberate
 * differences:
 *  - the EC_READ_* and EC_WRITE_* accessors are byte-wise inline functions,
 *    safe on unaligned data and on any host byte order, each argument
 *    evaluated once;
 *  - userspace programs get no kernel-named byte-order macros
 *    (le16_to_cpu(), cpu_to_le32(), ...) from this header, unlike IgH's; a
 *    program that used them takes le16toh() and friends from <endian.h>;
 *  - EC_HAVE_* feature macros are defined only for features this master
 *    really implements (see "Feature macros" below).
 *
 * Typical cycle of an application:
 *
 *	ecrt_master_receive(master);
 *	ecrt_domain_process(domain);
 *	value = EC_READ_U16(pd + off_in);
 *	EC_WRITE_U16(pd + off_out, value);
 *	ecrt_domain_queue(domain);
 *	ecrt_master_send(master);
 *
 * Conventions: functions returning int give 0 (or a non-negative value
 * where documented) on success and a negative errno code on failure.
 * Each call's "Context:" line says where it may be called.  "Before
 * activation" and other process-context calls allocate memory and may
 * sleep.  "Realtime" calls neither allocate nor sleep and may run in the
 * cyclic task; in a kernel module from any context IgH allows (a kthread,
 * a timer_list or hrtimer callback in softirq or hard-irq expiry, with a
 * spinlock held or interrupts off, on PREEMPT_RT too), and they never wait
 * for anything the CLI or the master's own thread holds longer than a
 * short, bounded section (doc/LOCKING.md in the source tree).
 */
#ifndef ECRT_H
#define ECRT_H

#ifdef __KERNEL__
#include <asm/byteorder.h>
#include <linux/in.h>		/* struct in_addr */
#include <linux/time.h>
#include <linux/types.h>
#else
#include <netinet/in.h>		/* struct in_addr */
#include <stddef.h>		/* size_t */
#include <stdint.h>
#include <stdlib.h>		/* programs written for IgH rely on it */
#include <sys/time.h>		/* struct timeval, for EC_TIMEVAL2NANO() */
#endif

/*
 * Version
 */

/* Interface version implemented by this header: 1.6. */
#define ECRT_VER_MAJOR 1
#define ECRT_VER_MINOR 6

/* Packs a major and a minor version into one number. */
#define ECRT_VERSION(a, b) (((a) << 8) + (b))

/* The version this header describes; ecrt_version_magic() returns it. */
#define ECRT_VERSION_MAGIC ECRT_VERSION(ECRT_VER_MAJOR, ECRT_VER_MINOR)

/*
 * Feature macros
 *
 * IgH's ecrt.h 1.6 announces optional parts of the interface with these
 * macros, and applications test them with #ifdef.  Here a macro is defined
 * only when the feature works end to end in this master (kernel and
 * libethercat), so that an application never picks a code path that is
 * declared but not implemented.  They are defined, one by one, as the
 * features land; until then they are listed here commented out:
 *
 *   EC_HAVE_REDUNDANCY        ecrt_master_link_state(), redundancy_active
 *   EC_HAVE_EMERGENCY         ecrt_slave_config_emerg_*()
 *   EC_HAVE_REG_ACCESS        ecrt_slave_config_create_reg_request(),
 *                             ecrt_reg_request_*()
 *   EC_HAVE_SELECT_REF_CLOCK  ecrt_master_select_reference_clock()
 *   EC_HAVE_REF_CLOCK_TIME    ecrt_master_reference_clock_time()
 *   EC_HAVE_REG_BY_POS        ecrt_slave_config_reg_pdo_entry_pos()
 *   EC_HAVE_SYNC_TO           ecrt_master_sync_reference_clock_to()
 *   EC_HAVE_FLAGS             ecrt_slave_config_flag()
 *   EC_HAVE_SOE_REQUESTS      ecrt_slave_config_create_soe_request(),
 *                             ecrt_soe_request_*()
 *   EC_HAVE_SCAN_PROGRESS     ecrt_master_scan_progress()
 *   EC_HAVE_SET_IP            ecrt_slave_config_eoe_*()
 *   EC_HAVE_STATE_TIMEOUT     ecrt_slave_config_state_timeout()
 *
 * Extensions of IgH's API, announced the same way:
 *
 *   EC_HAVE_FOE               ecrt_slave_config_create_foe_request(),
 *                             ecrt_foe_request_*(): FoE from the cycle
 *   EC_HAVE_HOT_CONNECT       ecrt_master_create_hc_group() and the
 *                             rest of doc/HOTCONNECT.md
 */
#define EC_HAVE_REDUNDANCY
#define EC_HAVE_EMERGENCY
#define EC_HAVE_REG_ACCESS
#define EC_HAVE_SELECT_REF_CLOCK
#define EC_HAVE_REF_CLOCK_TIME
#define EC_HAVE_REG_BY_POS
#define EC_HAVE_SYNC_TO
#define EC_HAVE_FLAGS
#define EC_HAVE_SOE_REQUESTS
#define EC_HAVE_SCAN_PROGRESS
#define EC_HAVE_SET_IP
#define EC_HAVE_STATE_TIMEOUT

/*
 * Symbol visibility.  libethercat exports its symbols with a version
 * script, so nothing is needed here; the macro exists because programs and
 * build systems written for IgH's header may define or use it.
 */
#ifndef EC_PUBLIC_API
#define EC_PUBLIC_API
#endif

/*
 * Constants
 */

/* List terminator: pass as n_syncs to ecrt_slave_config_pdos(). */
#define EC_END (~0U)

/* Sync managers per slave (ESC register block 0x0800..0x087F). */
#define EC_MAX_SYNC_MANAGERS 16

/* Length of the name in ec_slave_info_t, including the terminating NUL. */
#define EC_MAX_STRING_LENGTH 64

/* Ports per slave controller (ESC ports 0..3). */
#define EC_MAX_PORTS 4

/* Bytes in one CoE emergency record (ETG.1000.6, Emergency service). */
#define EC_COE_EMERGENCY_MSG_SIZE 8

/* Seconds from the Unix epoch to the DC time origin, 2000-01-01 00:00. */
#define ECRT_DC_EPOCH_UNIX_SEC 946684800ULL

/*
 * EC_TIMEVAL2NANO() - converts a struct timeval holding Unix time into
 * nanoseconds since 2000-01-01, the origin of EtherCAT DC system time.
 * Suitable for ecrt_master_application_time().
 */
#define EC_TIMEVAL2NANO(TV) \
	(((TV).tv_sec - ECRT_DC_EPOCH_UNIX_SEC) * 1000000000ULL + \
	 (TV).tv_usec * 1000ULL)

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Object types.  They are opaque: applications hold pointers only.
 */
typedef struct ec_master ec_master_t;
typedef struct ec_slave_config ec_slave_config_t;
typedef struct ec_domain ec_domain_t;
typedef struct ec_sdo_request ec_sdo_request_t;
typedef struct ec_soe_request ec_soe_request_t;
typedef struct ec_voe_handler ec_voe_handler_t;
typedef struct ec_foe_request ec_foe_request_t;
typedef struct ec_reg_request ec_reg_request_t;

/*
 * State and information structures
 */

/*
 * ec_master_state_t - output of ecrt_master_state().
 * @slaves_responding: slaves answering, summed over all links.
 * @al_states: OR of the AL states seen on the bus; bit 0 INIT, bit 1 PREOP,
 *	bit 2 SAFEOP, bit 3 OP.
 * @link_up: set when at least one link is up.
 */
typedef struct {
	unsigned int slaves_responding;
	unsigned int al_states : 4;
	unsigned int link_up : 1;
} ec_master_state_t;

/*
 * ec_master_link_state_t - output of ecrt_master_link_state(): the same
 * figures as ec_master_state_t, for one link (main or backup) only.
 */
typedef struct {
	unsigned int slaves_responding;
	unsigned int al_states : 4;
	unsigned int link_up : 1;
} ec_master_link_state_t;

/*
 * ec_slave_config_state_t - output of ecrt_slave_config_state().
 * @online: a slave matching the configuration is attached (the last scan
 *	found it at the configured address with the configured identity).
 * @operational: that slave is in OP and needs no new configuration (this
 *	one was applied); a lost frame or a domain's working counter does not
 *	clear it.
 * @al_state: its AL state as last read, one of the ec_al_state_t values
 *	(1, 2, 4, 8); 0 without a slave.
 */
typedef struct {
	unsigned int online : 1;
	unsigned int operational : 1;
	unsigned int al_state : 4;
} ec_slave_config_state_t;

/*
 * ec_master_info_t - output of ecrt_master().
 * @slave_count: slaves found by the last scan.
 * @link_up: set when at least one link is up.
 * @scan_busy: non-zero while the master scans the bus.
 * @app_time: last value given to ecrt_master_application_time().
 */
typedef struct {
	unsigned int slave_count;
	unsigned int link_up : 1;
	uint8_t scan_busy;
	uint64_t app_time;
} ec_master_info_t;

/*
 * ec_master_scan_progress_t - output of ecrt_master_scan_progress().
 * @slave_count: slaves found.
 * @scan_index: slave being scanned; the scan is running while it is below
 *	@slave_count.
 */
typedef struct {
	unsigned int slave_count;
	unsigned int scan_index;
} ec_master_scan_progress_t;

/* Physical type of a slave port (ESC port descriptor register 0x0007). */
typedef enum {
	EC_PORT_NOT_IMPLEMENTED,
	EC_PORT_NOT_CONFIGURED,
	EC_PORT_EBUS,
	EC_PORT_MII
} ec_slave_port_desc_t;

/* Link state of a slave port (ESC DL status register 0x0110). */
typedef struct {
	uint8_t link_up;
	uint8_t loop_closed;
	uint8_t signal_detected;
} ec_slave_port_link_t;

/*
 * ec_slave_info_t - output of ecrt_master_get_slave().
 * @position: ring position.
 * @vendor_id, @product_code, @revision_number, @serial_number: identity
 *	read from the slave's SII.
 * @alias: configured station alias, 0 when none.
 * @current_on_ebus: E-Bus current in mA (SII; negative means supplied).
 * @ports: per port: type, link state, DC receive time, ring position of the
 *	next DC slave behind it and the propagation delay to it in ns.
 * @al_state: current AL state.
 * @error_flag: set when the slave reported an AL error.
 * @sync_count: number of sync managers.
 * @sdo_count: number of objects in the CoE dictionary.
 * @name: name from the SII, NUL-terminated.
 */
typedef struct {
	uint16_t position;
	uint32_t vendor_id;
	uint32_t product_code;
	uint32_t revision_number;
	uint32_t serial_number;
	uint16_t alias;
	int16_t current_on_ebus;
	struct {
		ec_slave_port_desc_t desc;
		ec_slave_port_link_t link;
		uint32_t receive_time;
		uint16_t next_slave;
		uint32_t delay_to_next_dc;
	} ports[EC_MAX_PORTS];
	uint8_t al_state;
	uint8_t error_flag;
	uint8_t sync_count;
	uint16_t sdo_count;
	char name[EC_MAX_STRING_LENGTH];
} ec_slave_info_t;

/* What the last working counter of a domain means. */
typedef enum {
	EC_WC_ZERO = 0,		/* none of the data exchanged */
	EC_WC_INCOMPLETE,	/* some of it exchanged */
	EC_WC_COMPLETE		/* all of it exchanged */
} ec_wc_state_t;

/*
 * ec_domain_state_t - output of ecrt_domain_state().
 * @working_counter: sum of the working counters of the last exchange.
 * @wc_state: its interpretation against the expected value.
 * @redundancy_active: non-zero when the backup link carried data.
 */
typedef struct {
	unsigned int working_counter;
	ec_wc_state_t wc_state;
	unsigned int redundancy_active;
} ec_domain_state_t;

/* Direction of a sync manager or PDO, seen from the master. */
typedef enum {
	EC_DIR_INVALID,		/* not a valid direction */
	EC_DIR_OUTPUT,		/* master writes, slave reads (RxPDOs) */
	EC_DIR_INPUT,		/* slave writes, master reads (TxPDOs) */
	EC_DIR_COUNT		/* number of values, internal use */
} ec_direction_t;

/* Sync manager watchdog setting (ESC SM control register, bit 6). */
typedef enum {
	EC_WD_DEFAULT,		/* keep the slave's default */
	EC_WD_ENABLE,
	EC_WD_DISABLE
} ec_watchdog_mode_t;

/*
 * ec_pdo_entry_info_t - one mapped object of a PDO.
 * @index, @subindex: the object; index 0 is a gap of @bit_length bits.
 * @bit_length: size in bits.
 */
typedef struct {
	uint16_t index;
	uint8_t subindex;
	uint8_t bit_length;
} ec_pdo_entry_info_t;

/*
 * ec_pdo_info_t - one PDO and its mapping.
 * @index: PDO index (0x1600.. for RxPDOs, 0x1A00.. for TxPDOs).
 * @n_entries: entries in @entries; 0 keeps the slave's default mapping.
 * @entries: the mapping, or NULL.
 */
typedef struct {
	uint16_t index;
	unsigned int n_entries;
	ec_pdo_entry_info_t const *entries;
} ec_pdo_info_t;

/*
 * ec_sync_info_t - one sync manager with its PDO assignment, an element
 * of the array passed to ecrt_slave_config_pdos().
 * @index: sync manager index, below EC_MAX_SYNC_MANAGERS; 0xff ends a list.
 * @dir: direction.
 * @n_pdos: PDOs in @pdos.
 * @pdos: the PDOs to assign.
 * @watchdog_mode: watchdog setting of this sync manager.
 */
typedef struct {
	uint8_t index;
	ec_direction_t dir;
	unsigned int n_pdos;
	ec_pdo_info_t const *pdos;
	ec_watchdog_mode_t watchdog_mode;
} ec_sync_info_t;

/*
 * ec_pdo_entry_reg_t - one element of the array passed to
 * ecrt_domain_reg_pdo_entry_list(); an element with @index 0 ends it.
 * @alias, @position: slave address as for ecrt_master_slave_config().
 * @vendor_id, @product_code: expected identity of the slave.
 * @index, @subindex: the PDO entry to register.
 * @offset: receives the byte offset of the entry in the domain's data.
 * @bit_position: receives the bit position (0-7) within that byte; when
 *	NULL, an entry that does not start on a byte boundary is an error.
 */
typedef struct {
	uint16_t alias;
	uint16_t position;
	uint32_t vendor_id;
	uint32_t product_code;
	uint16_t index;
	uint8_t subindex;
	unsigned int *offset;
	unsigned int *bit_position;
} ec_pdo_entry_reg_t;

/* State of an SDO, SoE, VoE or register request. */
typedef enum {
	EC_REQUEST_UNUSED,	/* never started */
	EC_REQUEST_BUSY,	/* in progress */
	EC_REQUEST_SUCCESS,	/* finished successfully */
	EC_REQUEST_ERROR	/* failed */
} ec_request_state_t;

/* AL states (ETG.1000.6 state machine; AL status register 0x0130). */
typedef enum {
	EC_AL_STATE_INIT = 1,
	EC_AL_STATE_PREOP = 2,
	EC_AL_STATE_SAFEOP = 4,
	EC_AL_STATE_OP = 8
} ec_al_state_t;

/*
 * Global functions
 */

/**
 * ecrt_version_magic() - version of the interface the master implements
 *
 * Compare with ECRT_VERSION_MAGIC to detect a header/master mismatch.
 *
 * Return: ECRT_VERSION_MAGIC of the master (or library) build.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API unsigned int ecrt_version_magic(void);

/**
 * ecrt_request_master() - reserve a master for this application
 * @master_index: index of the master, 0 for the first.
 *
 * The first call of an application.  In userspace it combines
 * ecrt_open_master() and ecrt_master_reserve().  May sleep.
 *
 * Return: the master, or NULL on failure.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_master_t *ecrt_request_master(unsigned int master_index);

#ifndef __KERNEL__
/**
 * ecrt_open_master() - open a master without reserving it (userspace)
 * @master_index: index of the master, 0 for the first.
 *
 * Enough for the information calls; configuration needs
 * ecrt_master_reserve().
 *
 * Return: the master, or NULL on failure.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_master_t *ecrt_open_master(unsigned int master_index);
#endif

/**
 * ecrt_release_master() - give a master back
 * @master: the master.
 *
 * Deactivates it if needed and frees every domain, slave configuration and
 * request created through it.  May sleep.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API void ecrt_release_master(ec_master_t *master);

/*
 * Master methods
 */

#ifndef __KERNEL__
/**
 * ecrt_master_reserve() - reserve an opened master (userspace)
 * @master: master from ecrt_open_master().
 *
 * Return: 0, or a negative errno, e.g. when another application holds it.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_reserve(ec_master_t *master);
#endif

#ifdef __KERNEL__
/**
 * ecrt_master_callbacks() - let the master share the application's cycle
 * @master: the master.
 * @send_cb: called when the master wants to send its own datagrams; it
 *	decides whether the device is free and then calls
 *	ecrt_master_send_ext().
 * @receive_cb: called when the master wants to receive; it calls
 *	ecrt_master_receive() when that is allowed.
 * @cb_data: passed to both callbacks.
 *
 * After activation the master never touches a device itself: without
 * callbacks its own datagrams (FSMs, CLI requests) ride in the
 * application's ecrt_master_send(); with them, the master's thread also
 * calls @send_cb after it queued something and @receive_cb when the
 * application did not receive for a while, so that they go out at once.
 * The callbacks run in the master's thread (process context) and must take
 * the application's own lock around the call.  Call before
 * ecrt_master_activate().
 *
 * Context: process context only; may sleep.
 */
void ecrt_master_callbacks(ec_master_t *master, void (*send_cb)(void *),
			   void (*receive_cb)(void *), void *cb_data);
#endif

/**
 * ecrt_master_create_domain() - create a process data domain
 * @master: the master.
 *
 * Before activation.
 *
 * Return: the domain, or NULL on failure.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_domain_t *ecrt_master_create_domain(ec_master_t *master);

/**
 * ecrt_master_slave_config() - get the configuration of one slave
 * @master: the master.
 * @alias: station alias, or 0 to address by ring position.
 * @position: ring position when @alias is 0, else offset behind the slave
 *	holding @alias.
 * @vendor_id: expected vendor id.
 * @product_code: expected product code.
 *
 * Creates the configuration, or returns the existing one for the same
 * address when the identity matches.  Before activation.
 *
 * Return: the configuration, or NULL on failure or identity mismatch.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_slave_config_t *ecrt_master_slave_config(ec_master_t *master,
		uint16_t alias, uint16_t position, uint32_t vendor_id,
		uint32_t product_code);

/**
 * ecrt_master_select_reference_clock() - choose the DC reference clock
 * @master: the master.
 * @sc: configuration of the reference slave; NULL for the default (the
 *	first DC-capable slave).
 *
 * Before activation.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_select_reference_clock(ec_master_t *master,
						     ec_slave_config_t *sc);

/**
 * ecrt_master() - read master information
 * @master: the master.
 * @master_info: filled in.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master(ec_master_t *master,
			      ec_master_info_t *master_info);

/**
 * ecrt_master_scan_progress() - read the progress of the bus scan
 * @master: the master.
 * @progress: filled in.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_scan_progress(ec_master_t *master,
		ec_master_scan_progress_t *progress);

/**
 * ecrt_master_get_slave() - read information about one slave on the bus
 * @master: the master.
 * @slave_position: ring position.
 * @slave_info: filled in.
 *
 * May sleep.
 *
 * Return: 0, or a negative errno, e.g. when there is no such slave.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_get_slave(ec_master_t *master,
		uint16_t slave_position, ec_slave_info_t *slave_info);

#ifndef __KERNEL__
/**
 * ecrt_master_get_sync_manager() - read a slave's sync manager (userspace)
 * @master: the master.
 * @slave_position: ring position.
 * @sync_index: sync manager index, below EC_MAX_SYNC_MANAGERS.
 * @sync: filled in, except @sync->pdos (see ecrt_master_get_pdo()).
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_get_sync_manager(ec_master_t *master,
		uint16_t slave_position, uint8_t sync_index,
		ec_sync_info_t *sync);

/**
 * ecrt_master_get_pdo() - read a PDO assigned to a sync manager (userspace)
 * @master: the master.
 * @slave_position: ring position.
 * @sync_index: sync manager index.
 * @pos: position of the PDO in the assignment, from 0.
 * @pdo: filled in, except @pdo->entries (see ecrt_master_get_pdo_entry()).
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_get_pdo(ec_master_t *master,
		uint16_t slave_position, uint8_t sync_index, uint16_t pos,
		ec_pdo_info_t *pdo);

/**
 * ecrt_master_get_pdo_entry() - read an entry of a PDO mapping (userspace)
 * @master: the master.
 * @slave_position: ring position.
 * @sync_index: sync manager index.
 * @pdo_pos: position of the PDO in the assignment, from 0.
 * @entry_pos: position of the entry in the mapping, from 0.
 * @entry: filled in.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_get_pdo_entry(ec_master_t *master,
		uint16_t slave_position, uint8_t sync_index, uint16_t pdo_pos,
		uint16_t entry_pos, ec_pdo_entry_info_t *entry);
#endif

/**
 * ecrt_master_sdo_download() - write an SDO and wait for the answer
 * @master: the master.
 * @slave_position: ring position.
 * @index: object index.
 * @subindex: object subindex.
 * @data: bytes to write, in CoE (little-endian) order.
 * @data_size: number of bytes.
 * @abort_code: receives the SDO abort code when the slave aborts.
 *
 * Blocks until done; not for the realtime cycle.
 *
 * Return: 0, or a negative errno, e.g. after an abort.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_sdo_download(ec_master_t *master,
		uint16_t slave_position, uint16_t index, uint8_t subindex,
		const uint8_t *data, size_t data_size, uint32_t *abort_code);

/**
 * ecrt_master_sdo_download_complete() - write a whole object (complete
 * access) and wait for the answer
 * @master: the master.
 * @slave_position: ring position.
 * @index: object index; the data start with subindex 0.
 * @data: bytes to write.
 * @data_size: number of bytes.
 * @abort_code: receives the SDO abort code when the slave aborts.
 *
 * Blocks until done.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_sdo_download_complete(ec_master_t *master,
		uint16_t slave_position, uint16_t index, const uint8_t *data,
		size_t data_size, uint32_t *abort_code);

/**
 * ecrt_master_sdo_upload() - read an SDO and wait for the answer
 * @master: the master.
 * @slave_position: ring position.
 * @index: object index.
 * @subindex: object subindex.
 * @target: buffer for the data.
 * @target_size: size of @target.
 * @result_size: receives the number of bytes read.
 * @abort_code: receives the SDO abort code when the slave aborts.
 *
 * Blocks until done.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_sdo_upload(ec_master_t *master,
		uint16_t slave_position, uint16_t index, uint8_t subindex,
		uint8_t *target, size_t target_size, size_t *result_size,
		uint32_t *abort_code);

/**
 * ecrt_master_write_idn() - write an SoE IDN and wait for the answer
 * @master: the master.
 * @slave_position: ring position.
 * @drive_no: drive number (0-7).
 * @idn: the IDN (see ecrt_slave_config_idn()).
 * @data: bytes to write, little-endian.
 * @data_size: number of bytes.
 * @error_code: receives the SoE error code on failure.
 *
 * Blocks until done.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_write_idn(ec_master_t *master,
		uint16_t slave_position, uint8_t drive_no, uint16_t idn,
		const uint8_t *data, size_t data_size, uint16_t *error_code);

/**
 * ecrt_master_read_idn() - read an SoE IDN and wait for the answer
 * @master: the master.
 * @slave_position: ring position.
 * @drive_no: drive number (0-7).
 * @idn: the IDN.
 * @target: buffer for the data.
 * @target_size: size of @target.
 * @result_size: receives the number of bytes read.
 * @error_code: receives the SoE error code on failure.
 *
 * Blocks until done.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_read_idn(ec_master_t *master,
		uint16_t slave_position, uint8_t drive_no, uint16_t idn,
		uint8_t *target, size_t target_size, size_t *result_size,
		uint16_t *error_code);

/**
 * ecrt_master_activate() - end configuration, start cyclic operation
 * @master: the master.
 *
 * Lays out the domains, hands the configuration to the master's state
 * machines and gives the cycle to the application: from now on it must
 * call ecrt_master_receive() and ecrt_master_send() cyclically.  May sleep.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_activate(ec_master_t *master);

/**
 * ecrt_master_deactivate() - stop cyclic operation, drop the configuration
 * @master: the master.
 *
 * Frees all domains, slave configurations and requests; pointers to them
 * become invalid.  May sleep.
 *
 * Return: 0, or a negative errno (-EINVAL: not active).
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_deactivate(ec_master_t *master);

/**
 * ecrt_master_set_send_interval() - tell the master the cycle time
 * @master: the master.
 * @send_interval: time between ecrt_master_send() calls, in us.
 *
 * Lets the master size the share of each frame its own state machines may
 * use.  Before activation.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_set_send_interval(ec_master_t *master,
						size_t send_interval);

/**
 * ecrt_master_send() - send all queued datagrams
 * @master: the master.
 *
 * Realtime, after activation.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_send(ec_master_t *master);

/**
 * ecrt_master_receive() - fetch received frames and dispatch the replies
 * @master: the master.
 *
 * Datagrams that got no reply in time are marked timed out.  Realtime,
 * after activation.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_receive(ec_master_t *master);

#ifdef __KERNEL__
/**
 * ecrt_master_send_ext() - send the master's own queued datagrams
 * @master: the master.
 *
 * For the send callback given to ecrt_master_callbacks().  Realtime.
 *
 * Return: 0, or a negative errno (-EAGAIN: try later).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
int ecrt_master_send_ext(ec_master_t *master);
#endif

/**
 * ecrt_master_state() - read the state of the master and the bus
 * @master: the master.
 * @state: filled in.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_state(const ec_master_t *master,
				    ec_master_state_t *state);

/**
 * ecrt_master_link_state() - read the state of one link
 * @master: the master.
 * @dev_idx: 0 for the main device, 1 for the first backup device, ...
 * @state: filled in.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno, e.g. when there is no such device.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_link_state(const ec_master_t *master,
		unsigned int dev_idx, ec_master_link_state_t *state);

/**
 * ecrt_master_application_time() - set the application's time
 * @master: the master.
 * @app_time: time in ns since 2000-01-01 (see EC_TIMEVAL2NANO()).
 *
 * Call once per cycle, at the same point of the cycle, before the DC sync
 * calls: the master uses it for the slaves' system time offsets, the
 * SYNC start times and ecrt_master_sync_reference_clock().  Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_application_time(ec_master_t *master,
					       uint64_t app_time);

/**
 * ecrt_master_sync_reference_clock() - queue the datagram that sets the
 * reference clock to the application time
 * @master: the master.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno (-ENXIO: no reference clock).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_sync_reference_clock(ec_master_t *master);

/**
 * ecrt_master_sync_reference_clock_to() - queue the datagram that sets the
 * reference clock to a given time
 * @master: the master.
 * @sync_time: time in ns since 2000-01-01.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno (-ENXIO: no reference clock).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_sync_reference_clock_to(ec_master_t *master,
						      uint64_t sync_time);

/**
 * ecrt_master_sync_slave_clocks() - queue the datagram that distributes
 * the reference clock's time to all other DC slaves
 * @master: the master.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno (-ENXIO: no reference clock).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_sync_slave_clocks(ec_master_t *master);

/**
 * ecrt_master_reference_clock_time() - low 32 bits of the reference clock
 * @master: the master.
 * @time: receives the time read by the last ecrt_master_sync_slave_clocks()
 *	datagram (reference system time minus its transmission delay).
 *
 * Realtime; meaningful while ecrt_master_sync_slave_clocks() runs each
 * cycle.
 *
 * Return: 0, or a negative errno (-ENXIO: no reference clock; -EIO: the
 * datagram was not received).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_reference_clock_time(const ec_master_t *master,
						   uint32_t *time);

/**
 * ecrt_master_64bit_reference_clock_time_queue() - queue a read of the
 * reference clock's 64-bit system time
 * @master: the master.
 *
 * For applications that follow the bus instead of leading it (the "bus
 * shift" pattern of IgH 1.6): queue each cycle, read the result with
 * ecrt_master_64bit_reference_clock_time() after the next receive.
 * Realtime.
 *
 * Return: 0, or a negative errno (-ENXIO: no reference clock).
 */
EC_PUBLIC_API int ecrt_master_64bit_reference_clock_time_queue(
		ec_master_t *master);

/**
 * ecrt_master_64bit_reference_clock_time() - the reference clock's 64-bit
 * system time
 * @master: the master.
 * @time: receives the time read by the last queued read.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno (-ENXIO: no reference clock; -EIO: the
 * read was not answered).
 */
EC_PUBLIC_API int ecrt_master_64bit_reference_clock_time(
		const ec_master_t *master, uint64_t *time);

/**
 * ecrt_master_sync_monitor_queue() - queue the DC synchrony check
 * @master: the master.
 *
 * A broadcast read of the system time difference registers (ESC 0x092C).
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_master_sync_monitor_queue(ec_master_t *master);

/**
 * ecrt_master_sync_monitor_process() - result of the DC synchrony check
 * @master: the master.
 *
 * Realtime.
 *
 * Return: upper bound of the clock deviation in ns, or (uint32_t)-1 when
 * the check datagram was not received.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API uint32_t ecrt_master_sync_monitor_process(
		const ec_master_t *master);

/**
 * ecrt_master_reset() - retry the configuration of all slaves
 * @master: the master.
 *
 * Realtime, after activation.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_master_reset(ec_master_t *master);

/*
 * Slave configuration methods.  Unless noted, call them before activation.
 */

/**
 * ecrt_slave_config_sync_manager() - set a sync manager's direction
 * @sc: slave configuration.
 * @sync_index: sync manager index, below EC_MAX_SYNC_MANAGERS.
 * @direction: EC_DIR_OUTPUT or EC_DIR_INPUT.
 * @watchdog_mode: watchdog setting.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_sync_manager(ec_slave_config_t *sc,
		uint8_t sync_index, ec_direction_t direction,
		ec_watchdog_mode_t watchdog_mode);

/**
 * ecrt_slave_config_watchdog() - set the slave's watchdog times
 * @sc: slave configuration.
 * @watchdog_divider: base unit in 40 ns steps (ESC 0x0400); 0 keeps it.
 * @watchdog_intervals: process data watchdog in base units (ESC 0x0420);
 *	0 keeps it.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_watchdog(ec_slave_config_t *sc,
		uint16_t watchdog_divider, uint16_t watchdog_intervals);

/**
 * ecrt_slave_config_pdo_assign_add() - append a PDO to a sync manager's
 * assignment
 * @sc: slave configuration.
 * @sync_index: sync manager index.
 * @index: PDO index.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_pdo_assign_add(ec_slave_config_t *sc,
		uint8_t sync_index, uint16_t index);

/**
 * ecrt_slave_config_pdo_assign_clear() - empty a sync manager's assignment
 * @sc: slave configuration.
 * @sync_index: sync manager index.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_pdo_assign_clear(ec_slave_config_t *sc,
						     uint8_t sync_index);

/**
 * ecrt_slave_config_pdo_mapping_add() - append an entry to a PDO's mapping
 * @sc: slave configuration.
 * @pdo_index: PDO index.
 * @entry_index: object index of the entry (0 for a gap).
 * @entry_subindex: object subindex.
 * @entry_bit_length: size in bits.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_pdo_mapping_add(ec_slave_config_t *sc,
		uint16_t pdo_index, uint16_t entry_index,
		uint8_t entry_subindex, uint8_t entry_bit_length);

/**
 * ecrt_slave_config_pdo_mapping_clear() - empty a PDO's mapping
 * @sc: slave configuration.
 * @pdo_index: PDO index.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_pdo_mapping_clear(ec_slave_config_t *sc,
						      uint16_t pdo_index);

/**
 * ecrt_slave_config_pdos() - set sync managers, PDO assignments and
 * mappings from tables
 * @sc: slave configuration.
 * @n_syncs: elements in @syncs, or EC_END when @syncs ends with an
 *	element whose index is 0xff.
 * @syncs: the sync managers.
 *
 * Shorthand for the sync_manager, pdo_assign_* and pdo_mapping_* calls.
 * A PDO with n_entries 0 keeps the slave's default mapping.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_pdos(ec_slave_config_t *sc,
		unsigned int n_syncs, const ec_sync_info_t syncs[]);

/**
 * ecrt_slave_config_reg_pdo_entry() - place a PDO entry in a domain
 * @sc: slave configuration.
 * @entry_index: object index of the mapped entry.
 * @entry_subindex: object subindex.
 * @domain: the domain.
 * @bit_position: receives the bit offset (0-7) within the returned byte;
 *	when NULL, an entry not starting on a byte boundary is an error.
 *
 * Return: byte offset of the entry in the domain's data (>= 0), or a
 * negative errno, e.g. when the entry is not mapped.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_reg_pdo_entry(ec_slave_config_t *sc,
		uint16_t entry_index, uint8_t entry_subindex,
		ec_domain_t *domain, unsigned int *bit_position);

/**
 * ecrt_slave_config_reg_pdo_entry_pos() - place a PDO entry in a domain,
 * found by position (for mappings with repeated indices)
 * @sc: slave configuration.
 * @sync_index: sync manager index.
 * @pdo_pos: position of the PDO in the assignment, from 0.
 * @entry_pos: position of the entry in the mapping, from 0.
 * @domain: the domain.
 * @bit_position: as for ecrt_slave_config_reg_pdo_entry().
 *
 * Return: byte offset (>= 0), or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_reg_pdo_entry_pos(ec_slave_config_t *sc,
		uint8_t sync_index, unsigned int pdo_pos,
		unsigned int entry_pos, ec_domain_t *domain,
		unsigned int *bit_position);

/**
 * ecrt_slave_config_dc() - configure distributed clocks for a slave
 * @sc: slave configuration.
 * @assign_activate: value for the ESC's DC activation register (0x0980/
 *	0x0981), from the ESI file (Dc/AssignActivate); 0 disables DC.
 * @sync0_cycle: SYNC0 cycle in ns.
 * @sync0_shift: SYNC0 shift in ns.
 * @sync1_cycle: SYNC1 cycle in ns.
 * @sync1_shift: SYNC1 shift in ns (accepted, not used, as in IgH).
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_dc(ec_slave_config_t *sc,
		uint16_t assign_activate, uint32_t sync0_cycle,
		int32_t sync0_shift, uint32_t sync1_cycle,
		int32_t sync1_shift);

/**
 * ecrt_slave_config_sdo() - add an SDO write to the slave's configuration
 * @sc: slave configuration.
 * @index: object index.
 * @subindex: object subindex.
 * @data: bytes to write, as they go on the wire (no byte swapping).
 * @size: number of bytes.
 *
 * Written whenever the slave is configured (PREOP).  Do not use it for the
 * PDO assignment (0x1C10-0x1C2F) or mapping objects (0x1600-0x17FF,
 * 0x1A00-0x1BFF): use ecrt_slave_config_pdos().
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_sdo(ec_slave_config_t *sc,
		uint16_t index, uint8_t subindex, const uint8_t *data,
		size_t size);

/**
 * ecrt_slave_config_sdo8() - add an 8-bit SDO write
 * @sc: slave configuration.
 * @sdo_index: object index.
 * @sdo_subindex: object subindex.
 * @value: value to write.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_sdo8(ec_slave_config_t *sc,
		uint16_t sdo_index, uint8_t sdo_subindex, uint8_t value);

/**
 * ecrt_slave_config_sdo16() - add a 16-bit SDO write (sent little-endian)
 * @sc: slave configuration.
 * @sdo_index: object index.
 * @sdo_subindex: object subindex.
 * @value: value to write.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_sdo16(ec_slave_config_t *sc,
		uint16_t sdo_index, uint8_t sdo_subindex, uint16_t value);

/**
 * ecrt_slave_config_sdo32() - add a 32-bit SDO write (sent little-endian)
 * @sc: slave configuration.
 * @sdo_index: object index.
 * @sdo_subindex: object subindex.
 * @value: value to write.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_sdo32(ec_slave_config_t *sc,
		uint16_t sdo_index, uint8_t sdo_subindex, uint32_t value);

/**
 * ecrt_slave_config_complete_sdo() - add a complete-access SDO write
 * @sc: slave configuration.
 * @index: object index; @data starts with subindex 0.
 * @data: bytes to write.
 * @size: number of bytes.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_complete_sdo(ec_slave_config_t *sc,
		uint16_t index, const uint8_t *data, size_t size);

/**
 * ecrt_slave_config_emerg_size() - size the CoE emergency ring
 * @sc: slave configuration.
 * @elements: records the ring holds; 0 (the default) drops all messages.
 *
 * Also allowed after activation; it empties the ring.
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_emerg_size(ec_slave_config_t *sc,
					       size_t elements);

/**
 * ecrt_slave_config_emerg_pop() - take the oldest CoE emergency record
 * @sc: slave configuration.
 * @target: EC_COE_EMERGENCY_MSG_SIZE bytes: error code (2, little-endian),
 *	error register (1), manufacturer data (5).
 *
 * Realtime.
 *
 * Return: 0, or a negative errno (-ENOENT: ring empty).
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_emerg_pop(ec_slave_config_t *sc,
					      uint8_t *target);

/**
 * ecrt_slave_config_emerg_clear() - empty the emergency ring and reset its
 * overrun counter
 * @sc: slave configuration.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_emerg_clear(ec_slave_config_t *sc);

/**
 * ecrt_slave_config_emerg_overruns() - emergency records dropped because
 * the ring was full, since the last clear
 * @sc: slave configuration.
 *
 * Realtime.
 *
 * Return: the count, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_emerg_overruns(
		const ec_slave_config_t *sc);

/**
 * ecrt_slave_config_create_sdo_request() - create an SDO request for use
 * in the cycle
 * @sc: slave configuration.
 * @index: object index.
 * @subindex: object subindex.
 * @size: bytes of data to reserve.
 *
 * Freed with the master.
 *
 * Return: the request, or NULL on failure.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_sdo_request_t *ecrt_slave_config_create_sdo_request(
		ec_slave_config_t *sc, uint16_t index, uint8_t subindex,
		size_t size);

/**
 * ecrt_slave_config_create_soe_request() - create an SoE request for use
 * in the cycle
 * @sc: slave configuration.
 * @drive_no: drive number (0-7).
 * @idn: the IDN.
 * @size: bytes of data to reserve.
 *
 * Freed with the master.
 *
 * Return: the request, or NULL on failure.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_soe_request_t *ecrt_slave_config_create_soe_request(
		ec_slave_config_t *sc, uint8_t drive_no, uint16_t idn,
		size_t size);

/**
 * ecrt_slave_config_create_voe_handler() - create a VoE handler
 * @sc: slave configuration.
 * @size: bytes of data (after the VoE header) to reserve.
 *
 * Freed with the master.
 *
 * Return: the handler, or NULL on failure.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_voe_handler_t *ecrt_slave_config_create_voe_handler(
		ec_slave_config_t *sc, size_t size);

/**
 * ecrt_slave_config_create_reg_request() - create an ESC register request
 * @sc: slave configuration.
 * @size: bytes of data to reserve.
 *
 * Meant for diagnostics.  Freed with the master.
 * Return: the request, or NULL on failure.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API ec_reg_request_t *ecrt_slave_config_create_reg_request(
		ec_slave_config_t *sc, size_t size);

/**
 * ecrt_slave_config_state() - read the state of a slave configuration
 * @sc: slave configuration.
 * @state: filled in.
 *
 * Updated by the master's state machines, so it lags a few cycles; watch
 * process data with ecrt_domain_state().  Realtime.
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_slave_config_state(const ec_slave_config_t *sc,
					  ec_slave_config_state_t *state);

/**
 * ecrt_slave_config_idn() - add an SoE IDN write to the configuration
 * @sc: slave configuration.
 * @drive_no: drive number (0-7).
 * @idn: the IDN: bit 15 product (1) or standard (0) data, bits 14-12
 *	parameter set, bits 11-0 data block number.
 * @state: EC_AL_STATE_PREOP or EC_AL_STATE_SAFEOP, the transition in which
 *	it is written.
 * @data: bytes to write, little-endian.
 * @size: number of bytes.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_idn(ec_slave_config_t *sc,
		uint8_t drive_no, uint16_t idn, ec_al_state_t state,
		const uint8_t *data, size_t size);

/**
 * ecrt_slave_config_flag() - set a slave-specific option
 * @sc: slave configuration.
 * @key: NUL-terminated name of the option.
 * @value: its value; setting a key again replaces it.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_flag(ec_slave_config_t *sc,
					 const char *key, int32_t value);

/**
 * ecrt_slave_config_eoe_mac_address() - EoE: set the slave's MAC address
 * @sc: slave configuration.
 * @mac_address: 6 bytes.
 *
 * Sent to the slave while it is configured.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_eoe_mac_address(ec_slave_config_t *sc,
		const unsigned char *mac_address);

/**
 * ecrt_slave_config_eoe_ip_address() - EoE: set the slave's IPv4 address
 * @sc: slave configuration.
 * @ip_address: address, in network byte order as in struct in_addr.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_eoe_ip_address(ec_slave_config_t *sc,
		struct in_addr ip_address);

/**
 * ecrt_slave_config_eoe_subnet_mask() - EoE: set the slave's subnet mask
 * @sc: slave configuration.
 * @subnet_mask: mask, in network byte order.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_eoe_subnet_mask(ec_slave_config_t *sc,
		struct in_addr subnet_mask);

/**
 * ecrt_slave_config_eoe_default_gateway() - EoE: set the default gateway
 * @sc: slave configuration.
 * @gateway_address: address, in network byte order.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_eoe_default_gateway(
		ec_slave_config_t *sc, struct in_addr gateway_address);

/**
 * ecrt_slave_config_eoe_dns_address() - EoE: set the DNS server address
 * @sc: slave configuration.
 * @dns_address: address, in network byte order.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_eoe_dns_address(ec_slave_config_t *sc,
		struct in_addr dns_address);

/**
 * ecrt_slave_config_eoe_hostname() - EoE: set the slave's host name
 * @sc: slave configuration.
 * @name: NUL-terminated, at most 32 bytes with the NUL.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_eoe_hostname(ec_slave_config_t *sc,
						 const char *name);

/**
 * ecrt_slave_config_state_timeout() - set the time a slave gets for one
 * AL state transition
 * @sc: slave configuration.
 * @from_state: state the transition starts in.
 * @to_state: state it ends in.
 * @timeout_ms: timeout in ms; 0 restores the default (ETG.2000).
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_slave_config_state_timeout(ec_slave_config_t *sc,
		ec_al_state_t from_state, ec_al_state_t to_state,
		unsigned int timeout_ms);

/*
 * Domain methods
 */

/**
 * ecrt_domain_reg_pdo_entry_list() - register a table of PDO entries
 * @domain: the domain.
 * @pdo_entry_regs: entries, ended by an element with index 0.
 *
 * Calls ecrt_master_slave_config() and ecrt_slave_config_reg_pdo_entry()
 * for each element and stores the results through its pointers.  Before
 * activation.
 *
 * Return: 0, or a negative errno.
 *
 * Context: process context only; may sleep.
 */
EC_PUBLIC_API int ecrt_domain_reg_pdo_entry_list(ec_domain_t *domain,
		const ec_pdo_entry_reg_t *pdo_entry_regs);

/**
 * ecrt_domain_size() - size of the domain's process data
 * @domain: the domain.
 *
 * Final after activation.  Realtime.
 *
 * Return: the size in bytes.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API size_t ecrt_domain_size(const ec_domain_t *domain);

#ifdef __KERNEL__
/**
 * ecrt_domain_external_memory() - keep the domain's data in the caller's
 * memory
 * @domain: the domain.
 * @memory: at least ecrt_domain_size() bytes, valid until release.
 *
 * Call after registering all entries and before activation.
 *
 * Context: process context only; may sleep.
 */
void ecrt_domain_external_memory(ec_domain_t *domain, uint8_t *memory);
#endif

/**
 * ecrt_domain_data() - the domain's process data
 * @domain: the domain.
 *
 * In userspace, valid only after ecrt_master_activate() (the data are
 * mapped then).  Realtime.
 *
 * Return: pointer to the first byte of the domain's process data.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API uint8_t *ecrt_domain_data(const ec_domain_t *domain);

/**
 * ecrt_domain_process() - evaluate the domain's received datagrams
 * @domain: the domain.
 *
 * Call after ecrt_master_receive(); updates ecrt_domain_state().
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_domain_process(ec_domain_t *domain);

/**
 * ecrt_domain_queue() - queue the domain's datagrams for the next send
 * @domain: the domain.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_domain_queue(ec_domain_t *domain);

/**
 * ecrt_domain_state() - read the result of the last data exchange
 * @domain: the domain.
 * @state: filled in.
 *
 * Realtime.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_domain_state(const ec_domain_t *domain,
				    ec_domain_state_t *state);

/*
 * SDO requests.  Realtime after activation; the state must not be
 * EC_REQUEST_BUSY when index, timeout, read or write are called.
 */

/**
 * ecrt_sdo_request_index() - change the object a request addresses
 * @req: the request.
 * @index: object index.
 * @subindex: object subindex.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_sdo_request_index(ec_sdo_request_t *req,
					 uint16_t index, uint8_t subindex);

/**
 * ecrt_sdo_request_timeout() - set the request's timeout
 * @req: the request.
 * @timeout: in ms; 0 waits forever.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_sdo_request_timeout(ec_sdo_request_t *req,
					   uint32_t timeout);

/**
 * ecrt_sdo_request_data() - the request's data buffer
 * @req: the request.
 *
 * Fill it before a write; read it with EC_READ_*() after a successful
 * read.  A read may move the buffer: call again after it.
 *
 * Return: pointer to the data.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API uint8_t *ecrt_sdo_request_data(const ec_sdo_request_t *req);

/**
 * ecrt_sdo_request_data_size() - bytes in the request's data
 * @req: the request.
 *
 * Return: the reserved size at first, the size read after a successful
 * read.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API size_t ecrt_sdo_request_data_size(const ec_sdo_request_t *req);

/**
 * ecrt_sdo_request_state() - state of the request
 * @req: the request (not const in userspace: the library updates it).
 *
 * Return: the state.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
#ifdef __KERNEL__
ec_request_state_t ecrt_sdo_request_state(const ec_sdo_request_t *req);
#else
EC_PUBLIC_API ec_request_state_t ecrt_sdo_request_state(
		ec_sdo_request_t *req);
#endif

/**
 * ecrt_sdo_request_write() - start writing the request's data to the slave
 * @req: the request.
 *
 * Return: 0, or a negative errno (-ENOBUFS: data larger than reserved).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_sdo_request_write(ec_sdo_request_t *req);

/**
 * ecrt_sdo_request_read() - start reading the object from the slave
 * @req: the request.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_sdo_request_read(ec_sdo_request_t *req);

/*
 * SoE requests.  Same rules as SDO requests.
 */

/**
 * ecrt_soe_request_idn() - change the drive and IDN a request addresses
 * @req: the request.
 * @drive_no: drive number (0-7).
 * @idn: the IDN.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_soe_request_idn(ec_soe_request_t *req,
				       uint8_t drive_no, uint16_t idn);

/**
 * ecrt_soe_request_timeout() - set the request's timeout
 * @req: the request.
 * @timeout: in ms; 0 waits forever.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_soe_request_timeout(ec_soe_request_t *req,
					   uint32_t timeout);

/**
 * ecrt_soe_request_data() - the request's data buffer
 * @req: the request.
 *
 * Return: pointer to the data; a read may move it.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API uint8_t *ecrt_soe_request_data(const ec_soe_request_t *req);

/**
 * ecrt_soe_request_data_size() - bytes in the request's data
 * @req: the request.
 *
 * Return: the reserved size at first, the size read after a successful
 * read.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API size_t ecrt_soe_request_data_size(const ec_soe_request_t *req);

/**
 * ecrt_soe_request_state() - state of the request
 * @req: the request (not const in userspace: the library updates it).
 *
 * Return: the state.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
#ifdef __KERNEL__
ec_request_state_t ecrt_soe_request_state(const ec_soe_request_t *req);
#else
EC_PUBLIC_API ec_request_state_t ecrt_soe_request_state(
		ec_soe_request_t *req);
#endif

/**
 * ecrt_soe_request_write() - start writing the IDN
 * @req: the request.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_soe_request_write(ec_soe_request_t *req);

/**
 * ecrt_soe_request_read() - start reading the IDN
 * @req: the request.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_soe_request_read(ec_soe_request_t *req);

/*
 * VoE handlers.  After starting a read or write, call
 * ecrt_voe_handler_execute() every cycle while it returns EC_REQUEST_BUSY.
 */

/**
 * ecrt_voe_handler_send_header() - set the VoE header of later writes
 * @voe: the handler.
 * @vendor_id: vendor id (4 bytes on the wire).
 * @vendor_type: vendor-specific type (2 bytes on the wire).
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_voe_handler_send_header(ec_voe_handler_t *voe,
		uint32_t vendor_id, uint16_t vendor_type);

/**
 * ecrt_voe_handler_received_header() - VoE header of the last message read
 * @voe: the handler.
 * @vendor_id: receives the vendor id.
 * @vendor_type: receives the vendor-specific type.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_voe_handler_received_header(
		const ec_voe_handler_t *voe, uint32_t *vendor_id,
		uint16_t *vendor_type);

/**
 * ecrt_voe_handler_data() - the handler's data, after the VoE header
 * @voe: the handler.
 *
 * Return: pointer to the data; a read may move it: call again after it.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API uint8_t *ecrt_voe_handler_data(const ec_voe_handler_t *voe);

/**
 * ecrt_voe_handler_data_size() - bytes of data, without the VoE header
 * @voe: the handler.
 *
 * Return: the reserved size at first, then the size written or read last.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API size_t ecrt_voe_handler_data_size(const ec_voe_handler_t *voe);

/**
 * ecrt_voe_handler_write() - start sending data to the slave
 * @voe: the handler.
 * @size: bytes to send, without the header.
 *
 * Return: 0, or a negative errno (-ENOBUFS: larger than reserved).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_voe_handler_write(ec_voe_handler_t *voe, size_t size);

/**
 * ecrt_voe_handler_read() - start reading a message from the slave,
 * polling its mailbox status first
 * @voe: the handler.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_voe_handler_read(ec_voe_handler_t *voe);

/**
 * ecrt_voe_handler_read_nosync() - start reading a message from the slave
 * without polling its mailbox status
 * @voe: the handler.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_voe_handler_read_nosync(ec_voe_handler_t *voe);

/**
 * ecrt_voe_handler_execute() - advance the handler by one step
 * @voe: the handler.
 *
 * Return: the handler's state.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API ec_request_state_t ecrt_voe_handler_execute(
		ec_voe_handler_t *voe);

/*
 * FoE requests (an extension of IgH's API, EC_HAVE_FOE): read or write one
 * file from the cyclic task.  Same rules as SDO requests: the state, read
 * and write calls are realtime and may be called from any context; the
 * data belong to the application unless the state is EC_REQUEST_BUSY.
 */
#define EC_HAVE_FOE

/* Longest FoE file name, without the final NUL. */
#define EC_FOE_FILE_NAME_MAX 255

/**
 * ecrt_slave_config_create_foe_request() - create an FoE request for use
 * in the cycle
 * @sc: slave configuration.
 * @size: bytes of data to reserve: the largest file it reads or writes.
 *
 * Freed with the master.  Not from the cyclic task.
 *
 * Return: the request, or NULL on failure.
 */
EC_PUBLIC_API ec_foe_request_t *ecrt_slave_config_create_foe_request(
		ec_slave_config_t *sc, size_t size);

/**
 * ecrt_foe_request_file() - set the file name and password
 * @req: the request.
 * @file_name: name of the file on the slave (1..EC_FOE_FILE_NAME_MAX).
 * @password: FoE password (0 if the slave wants none).
 *
 * Return: 0, or a negative errno (-EBUSY while busy, -EINVAL bad name).
 */
EC_PUBLIC_API int ecrt_foe_request_file(ec_foe_request_t *req,
					const char *file_name,
					uint32_t password);

/**
 * ecrt_foe_request_timeout() - set the time the slave has for each reply
 * @req: the request.
 * @timeout: in ms; 0 for the default (3 s).
 *
 * Return: 0, or a negative errno.
 */
EC_PUBLIC_API int ecrt_foe_request_timeout(ec_foe_request_t *req,
					   uint32_t timeout);

/**
 * ecrt_foe_request_data() - the request's data buffer
 * @req: the request.
 *
 * Return: pointer to the data; a read may move it: call again after it.
 */
EC_PUBLIC_API uint8_t *ecrt_foe_request_data(const ec_foe_request_t *req);

/**
 * ecrt_foe_request_data_size() - bytes of the file
 * @req: the request.
 *
 * Return: the size written, or read after a successful read.
 */
EC_PUBLIC_API size_t ecrt_foe_request_data_size(const ec_foe_request_t *req);

/**
 * ecrt_foe_request_progress() - bytes transferred so far
 * @req: the request.
 *
 * Return: the bytes acknowledged (write) or received (read).
 */
EC_PUBLIC_API size_t ecrt_foe_request_progress(const ec_foe_request_t *req);

/**
 * ecrt_foe_request_error_code() - the slave's FoE error code
 * @req: the request.
 *
 * Return: the error code of the slave's FoE error request (0x8000-0x800b,
 * ETG.1000.6), or 0.
 */
EC_PUBLIC_API uint32_t ecrt_foe_request_error_code(
		const ec_foe_request_t *req);

/**
 * ecrt_foe_request_state() - state of the request
 * @req: the request (not const in userspace: the library updates it).
 *
 * Return: the state.
 */
#ifdef __KERNEL__
ec_request_state_t ecrt_foe_request_state(const ec_foe_request_t *req);
#else
EC_PUBLIC_API ec_request_state_t ecrt_foe_request_state(
		ec_foe_request_t *req);
#endif

/**
 * ecrt_foe_request_write() - start writing the file
 * @req: the request.
 * @size: bytes of ecrt_foe_request_data() to write.
 *
 * Return: 0, or a negative errno (-ENOBUFS: larger than reserved).
 */
EC_PUBLIC_API int ecrt_foe_request_write(ec_foe_request_t *req, size_t size);

/**
 * ecrt_foe_request_read() - start reading the file
 * @req: the request.
 *
 * Return: 0, or a negative errno.
 */
EC_PUBLIC_API int ecrt_foe_request_read(ec_foe_request_t *req);

/*
 * Hot connect (an extension of IgH's API, EC_HAVE_HOT_CONNECT,
 * doc/HOTCONNECT.md): parts of a machine that may be absent at start, or
 * plugged in and pulled out while the rest runs (a tool changer, a
 * pendant).  A slave configuration put into a hot-connect group is
 * optional: the group is present only when every one of its slaves is
 * there with the configured identity at the configured address (and, for
 * a group declared at a port, its first slave directly behind that port).
 * Each group has its own expected working counter within each domain (the
 * group's process data travel in datagrams of their own); the domain's
 * wc_state counts only the groups that are present (and the slaves in no
 * group).  While a group is absent its inputs read zero and its outputs
 * are not sent.  Without these calls nothing changes.
 */
#define EC_HAVE_HOT_CONNECT

/* Longest group name, without the final NUL. */
#define EC_HC_GROUP_NAME_MAX 31

typedef struct ec_hc_group ec_hc_group_t;

/* Where a group stands. */
typedef enum {
	EC_HC_ABSENT,	/* not all of its slaves are there (as configured) */
	EC_HC_JOINING,	/* all there; not all configured and in OP yet */
	EC_HC_PRESENT,	/* all in OP: its data count in the domains */
} ec_hc_presence_t;

/* A group's part of a domain, ecrt_domain_group_state(). */
typedef struct {
	unsigned int working_counter;	/* the group's datagrams, summed */
	unsigned int expected_working_counter;	/* of a complete exchange */
	ec_wc_state_t wc_state;		/* EC_WC_ZERO while not exchanged */
	ec_hc_presence_t presence;
} ec_hc_group_state_t;

/**
 * ecrt_master_create_hc_group() - create a hot-connect group
 * @master: the master (before activation).
 * @name: 1..EC_HC_GROUP_NAME_MAX printable characters, unique.
 *
 * Freed with the master.  Not from the cyclic task.
 *
 * Return: the group, or NULL (bad or duplicate name, active master, no
 * memory; the log says which).
 */
EC_PUBLIC_API ec_hc_group_t *ecrt_master_create_hc_group(
		ec_master_t *master, const char *name);

/**
 * ecrt_hc_group_at_port() - the group is whatever is plugged in behind
 * one port of one slave
 * @group: the group (before activation).
 * @alias: alias of that slave (0: none).
 * @position: its position (after the alias).
 * @port: 1..3 (port 0 faces the master).
 *
 * The group's first slave (the one of its first configuration) must be
 * directly behind that port; found elsewhere, the group stays absent and
 * the log says where it was found.
 *
 * Return: 0, or a negative errno (-EINVAL: bad port, -EBUSY: active).
 */
EC_PUBLIC_API int ecrt_hc_group_at_port(ec_hc_group_t *group,
					uint16_t alias, uint16_t position,
					uint8_t port);

/**
 * ecrt_slave_config_hc_group() - make a configuration optional, a member
 * of a hot-connect group
 * @sc: the slave configuration (before activation).
 * @group: its group; the group's slaves are in the order of these calls.
 *
 * Return: 0, or a negative errno (-EEXIST: in another group already,
 * -EBUSY: active master, -EINVAL: a group of another master).
 */
EC_PUBLIC_API int ecrt_slave_config_hc_group(ec_slave_config_t *sc,
					     ec_hc_group_t *group);

/**
 * ecrt_domain_group_state() - a group's part of a domain in the last
 * exchange that ecrt_domain_process() evaluated
 * @domain: the domain.
 * @group: the group.
 * @state: receives the group's working counter, the expected one, their
 *	classification and the group's presence.  A group with no data in
 *	the domain reads 0/0, EC_WC_ZERO and its presence.
 *
 * Call it after ecrt_domain_process() and before ecrt_domain_queue(), as
 * you read inputs.
 *
 * Return: 0, or a negative errno.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_domain_group_state(const ec_domain_t *domain,
					  const ec_hc_group_t *group,
					  ec_hc_group_state_t *state);

/*
 * Register requests.  Same rules as SDO requests.
 */

/**
 * ecrt_reg_request_data() - the request's data buffer
 * @req: the request.
 *
 * Return: pointer to the data.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API uint8_t *ecrt_reg_request_data(const ec_reg_request_t *req);

/**
 * ecrt_reg_request_state() - state of the request
 * @req: the request.
 *
 * Return: the state.
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API ec_request_state_t ecrt_reg_request_state(
		const ec_reg_request_t *req);

/**
 * ecrt_reg_request_write() - start writing ESC registers
 * @req: the request.
 * @address: first register address.
 * @size: bytes to write, at most the reserved size.
 *
 * Return: 0, or a negative errno (-ENOBUFS: larger than reserved).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_reg_request_write(ec_reg_request_t *req,
					 uint16_t address, size_t size);

/**
 * ecrt_reg_request_read() - start reading ESC registers
 * @req: the request.
 * @address: first register address.
 * @size: bytes to read, at most the reserved size.
 *
 * Return: 0, or a negative errno (-ENOBUFS: larger than reserved).
 *
 * Context: realtime.  Kernel: any context - process, kthread, timer_list
 *	or hrtimer callback (softirq or hard-irq expiry), with a spinlock
 *	held or interrupts off, PREEMPT_RT included; never sleeps, never
 *	allocates, never waits for the CLI or the master's thread.
 */
EC_PUBLIC_API int ecrt_reg_request_read(ec_reg_request_t *req,
					uint16_t address, size_t size);

#ifndef __KERNEL__
/*
 * Floating-point process data (userspace): IEEE 754 binary32 (REAL) and
 * binary64 (LREAL), little-endian.  The EC_READ_REAL() family below does
 * not need these library functions; they exist for programs that call them
 * by name.
 */
EC_PUBLIC_API float ecrt_read_real(const void *data);
EC_PUBLIC_API double ecrt_read_lreal(const void *data);
EC_PUBLIC_API void ecrt_write_real(void *data, float value);
EC_PUBLIC_API void ecrt_write_lreal(void *data, double value);
#endif

/*
 * Process data accessors
 *
 * EtherCAT data are little-endian (ETG.1000.4) and domain offsets have no
 * alignment, so every access goes byte by byte: correct on any host byte
 * order, never an unaligned load or store.  DATA is any object pointer;
 * each argument is evaluated exactly once.  The ecrt_pd_* helpers are the
 * implementation; programs use the EC_READ_* / EC_WRITE_* macros.
 */

static inline uint8_t ecrt_pd_get_u8(const void *data)
{
	return *(const uint8_t *)data;
}

static inline uint16_t ecrt_pd_get_u16(const void *data)
{
	const uint8_t *b = (const uint8_t *)data;

	return (uint16_t)(b[0] | (uint16_t)b[1] << 8);
}

static inline uint32_t ecrt_pd_get_u32(const void *data)
{
	const uint8_t *b = (const uint8_t *)data;

	return (uint32_t)b[0] | (uint32_t)b[1] << 8 |
	       (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static inline uint64_t ecrt_pd_get_u64(const void *data)
{
	const uint8_t *b = (const uint8_t *)data;

	return (uint64_t)ecrt_pd_get_u32(b) |
	       (uint64_t)ecrt_pd_get_u32(b + 4) << 32;
}

static inline void ecrt_pd_put_u8(void *data, uint8_t value)
{
	*(uint8_t *)data = value;
}

static inline void ecrt_pd_put_u16(void *data, uint16_t value)
{
	uint8_t *b = (uint8_t *)data;

	b[0] = (uint8_t)value;
	b[1] = (uint8_t)(value >> 8);
}

static inline void ecrt_pd_put_u32(void *data, uint32_t value)
{
	uint8_t *b = (uint8_t *)data;

	b[0] = (uint8_t)value;
	b[1] = (uint8_t)(value >> 8);
	b[2] = (uint8_t)(value >> 16);
	b[3] = (uint8_t)(value >> 24);
}

static inline void ecrt_pd_put_u64(void *data, uint64_t value)
{
	uint8_t *b = (uint8_t *)data;

	ecrt_pd_put_u32(b, (uint32_t)value);
	ecrt_pd_put_u32(b + 4, (uint32_t)(value >> 32));
}

static inline int ecrt_pd_get_bit(const void *data, unsigned int pos)
{
	return (*(const uint8_t *)data >> pos) & 1;
}

static inline void ecrt_pd_put_bit(void *data, unsigned int pos, int set)
{
	uint8_t *b = (uint8_t *)data;

	if (set)
		*b = (uint8_t)(*b | 1U << pos);
	else
		*b = (uint8_t)(*b & ~(1U << pos));
}

#ifndef __KERNEL__
/* The kernel does not use the FPU in ordinary code: userspace only. */
static inline float ecrt_pd_get_real(const void *data)
{
	union { uint32_t u; float f; } v;

	v.u = ecrt_pd_get_u32(data);
	return v.f;
}

static inline double ecrt_pd_get_lreal(const void *data)
{
	union { uint64_t u; double f; } v;

	v.u = ecrt_pd_get_u64(data);
	return v.f;
}

static inline void ecrt_pd_put_real(void *data, float value)
{
	union { uint32_t u; float f; } v;

	v.f = value;
	ecrt_pd_put_u32(data, v.u);
}

static inline void ecrt_pd_put_lreal(void *data, double value)
{
	union { uint64_t u; double f; } v;

	v.f = value;
	ecrt_pd_put_u64(data, v.u);
}
#endif

/* Bit POS (0-7) of the byte at DATA, as 0 or 1. */
#define EC_READ_BIT(DATA, POS) ecrt_pd_get_bit((DATA), (POS))
/* Set bit POS (0-7) of the byte at DATA when VAL is non-zero, else clear. */
#define EC_WRITE_BIT(DATA, POS, VAL) \
	ecrt_pd_put_bit((DATA), (POS), (VAL) ? 1 : 0)

#define EC_READ_U8(DATA) ecrt_pd_get_u8(DATA)
#define EC_READ_S8(DATA) ((int8_t)ecrt_pd_get_u8(DATA))
#define EC_READ_U16(DATA) ecrt_pd_get_u16(DATA)
#define EC_READ_S16(DATA) ((int16_t)ecrt_pd_get_u16(DATA))
#define EC_READ_U32(DATA) ecrt_pd_get_u32(DATA)
#define EC_READ_S32(DATA) ((int32_t)ecrt_pd_get_u32(DATA))
#define EC_READ_U64(DATA) ecrt_pd_get_u64(DATA)
#define EC_READ_S64(DATA) ((int64_t)ecrt_pd_get_u64(DATA))

#define EC_WRITE_U8(DATA, VAL) ecrt_pd_put_u8((DATA), (uint8_t)(VAL))
#define EC_WRITE_S8(DATA, VAL) ecrt_pd_put_u8((DATA), (uint8_t)(VAL))
#define EC_WRITE_U16(DATA, VAL) ecrt_pd_put_u16((DATA), (uint16_t)(VAL))
#define EC_WRITE_S16(DATA, VAL) ecrt_pd_put_u16((DATA), (uint16_t)(VAL))
#define EC_WRITE_U32(DATA, VAL) ecrt_pd_put_u32((DATA), (uint32_t)(VAL))
#define EC_WRITE_S32(DATA, VAL) ecrt_pd_put_u32((DATA), (uint32_t)(VAL))
#define EC_WRITE_U64(DATA, VAL) ecrt_pd_put_u64((DATA), (uint64_t)(VAL))
#define EC_WRITE_S64(DATA, VAL) ecrt_pd_put_u64((DATA), (uint64_t)(VAL))

#ifndef __KERNEL__
#define EC_READ_REAL(DATA) ecrt_pd_get_real(DATA)
#define EC_READ_LREAL(DATA) ecrt_pd_get_lreal(DATA)
#define EC_WRITE_REAL(DATA, VAL) ecrt_pd_put_real((DATA), (float)(VAL))
#define EC_WRITE_LREAL(DATA, VAL) ecrt_pd_put_lreal((DATA), (double)(VAL))
#endif

#ifdef __cplusplus
}
#endif

#endif /* ECRT_H */
