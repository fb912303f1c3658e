/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * slave.h - what the master knows about one slave of its segment: base
 * information from the ESC, the SII contents, ports and topology, the AL
 * state, the PDOs and the CoE dictionary, and the requests that the CLI
 * or an application queued for it.
 */
#ifndef EC_SLAVE_H
#define EC_SLAVE_H

#include "port.h"
#include "list.h"
#include "slave/sii.h"
#include "ecrt.h"
#include "mailbox/emergency.h"

#define EC_MAX_PORTS 4
#define EC_MAX_SYNC_MANAGERS 16
#define EC_MAX_FMMUS 16

/* Configured station addresses the scan assigns: base + ring position. */
#define EC_SLAVE_STATION_BASE 0x1001

/* AL states, ETG.1000.6 table 9 (AL control / AL status low nibble). */
enum {
	EC_AL_STATE_NONE = 0x00,
	EC_AL_STATE_INIT_ = 0x01,
	EC_AL_STATE_PREOP_ = 0x02,
	EC_AL_STATE_BOOT_ = 0x03,
	EC_AL_STATE_SAFEOP_ = 0x04,
	EC_AL_STATE_OP_ = 0x08,
	EC_AL_STATE_MASK = 0x0f,
	EC_AL_STATE_ERROR_FLAG = 0x10,	/* AL status bit 4 / ack bit */
};

struct ec_master;
struct ec_slave;
struct ec_slave_config;
struct ec_fsm_slave_scan;

/* Port descriptor codes of register 0x0007: ec_slave_port_desc_t of
 * ecrt.h (EC_PORT_NOT_IMPLEMENTED, _NOT_CONFIGURED, _EBUS, _MII).
 */

struct ec_slave_port {
	ec_slave_port_desc_t desc;
	bool link_up;		/* DL status: physical link */
	bool loop_closed;	/* DL status: loop closed */
	bool signal_detected;	/* DL status: communication established */
	struct ec_slave *next_slave;	/* slave behind this port, or NULL */
	u32 receive_time;	/* DC receive time latch, ns */
	u32 delay_to_next_dc;	/* ns */
};

/* One object of the CoE dictionary, as fetched with SDO information. */
struct ec_sdo_entry {
	u8 subindex;
	u16 data_type;
	u16 bit_length;
	u8 read_access[3];	/* PREOP, SAFEOP, OP */
	u8 write_access[3];
	char *description;
};

struct ec_sdo {
	u16 index;
	u8 object_code;
	u8 max_subindex;
	char *name;
	unsigned int entry_count;
	struct ec_sdo_entry *entries;	/* fetched ones, by subindex order */
};

struct ec_slave {
	struct ec_master *master;
	u16 ring_position;
	u16 station_address;	/* assigned: 0x1001 + ring position */
	u16 effective_alias;	/* register 0x0012 */
	/* Duplicate aliases (slave_config_attach.c, after each scan): how
	 * many slaves have this one's non-zero alias, 0 when it is unique,
	 * and the ring position of the next of them (wrapping around).
	 */
	u16 alias_holders;
	u16 alias_next;

	/* Base information, registers 0x0000-0x0009. */
	u8 base_type;
	u8 base_revision;
	u16 base_build;
	u8 base_fmmu_count;
	u8 base_sync_count;
	bool base_fmmu_bit_operation;
	bool base_dc_supported;
	u8 base_dc_range;	/* 0: 32 bit, 1: 64 bit */
	struct ec_slave_port ports[EC_MAX_PORTS];
	u8 base_ram_size;	/* KiB, register 0x0006 */
	u16 dl_status;		/* register 0x0110 as read by the scan */

	/* Distributed clocks (dc.c, fsm_dc.c). */
	u64 dc_arrival_ns;	/* frame arrival after the first slave */
	u32 transmission_delay;	/* from the reference clock (0x0928) */
	u64 dc_system_time_offset;	/* written to 0x0920 */

	/* Application layer. */
	u8 current_state;	/* AL status incl. error flag */
	u16 al_status_code;
	u8 requested_state;	/* what the master wants, EC_AL_STATE_* */
	bool error_flag;	/* the master gave up on this slave */

	/* The application's configuration attached to this slave, or NULL
	 * (slave_config.c: ec_master_attach_slave_configs()).
	 */
	struct ec_slave_config *config;

	/* SII: raw words and what they say. */
	u8 *sii_image;		/* little-endian bytes as read */
	size_t sii_nwords;
	struct ec_sii sii;

	/* PDOs as the slave has them now (from CoE if it has CoE, else SII). */
	struct ec_sii_sync *syncs;	/* points into sii or coe_syncs */
	unsigned int sync_count;

	/* CoE dictionary. */
	struct ec_sdo *sdos;
	unsigned int sdo_count;

	bool scan_done;
	u8 mailbox_counter;	/* 1..7, ETG.1000.4 clause 5.6 */
	u8 mailbox_rx_counter;	/* of the last reply taken, 0: none */

	/*
	 * The one queue of requests (struct ec_request, every kind, of the
	 * CLI and of the application), served in order (requests.h).
	 */
	struct ec_list requests;
	/*
	 * Until then a mailbox gateway client's segmented SDO transfer is
	 * in progress: only its raw exchanges are served (mbox_raw.c), so
	 * that no other request's SDO breaks it off; 0: none.
	 */
	u64 raw_hold_ns;
	void *fsm;		/* struct ec_fsm_slave, owned by fsm_slave.c */
	struct ec_eoe *eoe;	/* its EoE handler (fsm_eoe.h), or NULL */

	/* Owned by fsm_slave.c / fsm_pdo.c; freed by ec_slave_fsm_free(). */
	struct ec_sii_sync *coe_syncs;	/* PDOs read over CoE, or NULL */
	unsigned int coe_sync_count;
	struct ec_emerg_ring emerg_ring;	/* CoE emergencies received */

	/* The scan (fsm_slave_scan.c): allocated at scan start, with its
	 * own datagram so that all slaves are scanned in parallel.
	 */
	struct ec_fsm_slave_scan *scan_fsm;
	char id_name[24];	/* "vendor:product" when SII has no name */
};

#define EC_SLAVE_LOG(level, slave, fmt, ...) \
	ec_log_ratelimited(level, "%u-%u (%s): " fmt, \
			   (slave)->master ? ec_slave_master_index(slave) : 0, \
			   (slave)->ring_position, ec_slave_name(slave), \
			   ##__VA_ARGS__)
#define EC_SLAVE_ERR(s, fmt, ...) EC_SLAVE_LOG(EC_LOG_ERR, s, fmt, \
					       ##__VA_ARGS__)
#define EC_SLAVE_WARN(s, fmt, ...) EC_SLAVE_LOG(EC_LOG_WARN, s, fmt, \
						##__VA_ARGS__)
#define EC_SLAVE_INFO(s, fmt, ...) EC_SLAVE_LOG(EC_LOG_INFO, s, fmt, \
						##__VA_ARGS__)

void ec_slave_init(struct ec_slave *slave, struct ec_master *master,
		   u16 ring_position);
/* fsm_slave.c: the slave's FSMs go first */
void ec_slave_clear(struct ec_slave *slave);
const char *ec_slave_name(const struct ec_slave *slave);
unsigned int ec_slave_master_index(const struct ec_slave *slave);
const char *ec_al_state_string(u8 state);
const struct ec_sdo *ec_slave_find_sdo(const struct ec_slave *slave,
				       u16 index);

#endif /* EC_SLAVE_H */
