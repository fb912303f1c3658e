/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * datagram.h - EtherCAT datagrams (ETG.1000.4 clause 5.4).
 */
#ifndef EC_DATAGRAM_H
#define EC_DATAGRAM_H

#include "port.h"
#include "list.h"

/* Datagram command types, ETG.1000.4 table 13. */
enum ec_datagram_type {
	EC_DATAGRAM_NONE = 0x00,	/* NOP */
	EC_DATAGRAM_APRD = 0x01,
	EC_DATAGRAM_APWR = 0x02,
	EC_DATAGRAM_APRW = 0x03,
	EC_DATAGRAM_FPRD = 0x04,
	EC_DATAGRAM_FPWR = 0x05,
	EC_DATAGRAM_FPRW = 0x06,
	EC_DATAGRAM_BRD = 0x07,
	EC_DATAGRAM_BWR = 0x08,
	EC_DATAGRAM_BRW = 0x09,
	EC_DATAGRAM_LRD = 0x0a,
	EC_DATAGRAM_LWR = 0x0b,
	EC_DATAGRAM_LRW = 0x0c,
	EC_DATAGRAM_ARMW = 0x0d,
	EC_DATAGRAM_FRMW = 0x0e,
	EC_DATAGRAM_TYPE_COUNT
};

enum ec_datagram_state {
	EC_DATAGRAM_INIT,	/* not queued */
	EC_DATAGRAM_QUEUED,	/* waiting to be sent */
	EC_DATAGRAM_SENT,	/* in a frame on the wire */
	EC_DATAGRAM_RECEIVED,	/* answer matched */
	EC_DATAGRAM_TIMED_OUT,	/* no answer in time */
	EC_DATAGRAM_ERROR,	/* could not be sent */
	EC_DATAGRAM_INVALID,	/* released while in flight */
};

/* Sizes from ETG.1000.4 clause 5.4: 10 byte header + data + 2 byte wkc. */
#define EC_DATAGRAM_HEADER_SIZE 10
#define EC_DATAGRAM_FOOTER_SIZE 2

struct ec_datagram {
	struct ec_list queue_node;	/* in the master's datagram queue */
	struct ec_list sent_node;	/* in the master's in-flight list */
	enum ec_datagram_type type;
	u8 address[4];		/* ADP/ADO or logical address, LE on wire */
	u8 *data;
	/*
	 * Where the reply's data goes when not NULL (a domain's datagram
	 * under a userspace application: the rx image, ec_ioctl.h); the
	 * glue copies it to data at the application's receive while
	 * rx_pending.
	 */
	u8 *rx_data;
	bool rx_pending;
	size_t mem_size;
	size_t data_size;
	bool data_owned;	/* data was allocated by ec_datagram_prealloc */
	u8 index;
	u16 working_counter;
	u16 backup_wkc;		/* of the backup device's copy (redundancy.c) */
	enum ec_datagram_state state;
	/*
	 * A domain's datagram: in the operation phase it is lost after half
	 * a send interval (ec_master_cyclic_timeout()); the FSMs' datagrams
	 * keep the master's io_timeout_ns in both phases.
	 */
	bool cyclic;
	/*
	 * Queued by the FSM side (ec_master_queue_datagram()): its answer or
	 * its loss gives the master's thread a turn in the operation phase
	 * (ec_master_fsm_wanted()).  The cyclic side's (domains, DC) and the
	 * monitoring reads queued quietly do not.
	 */
	bool wakes_fsm;
	u64 sent_ns;		/* time of sending, passed-in clock */
	u64 send_at_ns;		/* ec_master_queue_datagram_at(): not before */
	u64 received_ns;
	/* when the frame with its (last) answer arrived: the time the
	 * capture gives that frame; with redundancy received_ns is when both
	 * copies were in, or the one alone was taken (cycle/capture.c)
	 */
	u64 frame_ns;
	unsigned int skip_count;	/* re-queued before answered */
	/* for the log: a string constant (or NULL: ec_datagram_name()) */
	const char *name;
};

/*
 * A datagram belongs to the cyclic side while QUEUED or SENT, to its FSM
 * otherwise (doc/LOCKING.md rule 3): the cyclic side ends its ownership
 * with ec_datagram_done() (release), the FSM side tests it with
 * ec_datagram_pending() (acquire) before it touches anything else.
 */
/* Its name for the log ("" when none was given). */
static inline const char *ec_datagram_name(const struct ec_datagram *d)
{
	return d->name ? d->name : "";
}

static inline bool ec_datagram_pending(const struct ec_datagram *d)
{
	enum ec_datagram_state s = ec_load_acquire(&d->state);

	return s == EC_DATAGRAM_QUEUED || s == EC_DATAGRAM_SENT;
}

static inline void ec_datagram_done(struct ec_datagram *d,
				    enum ec_datagram_state state)
{
	ec_store_release(&d->state, state);
}

void ec_datagram_init(struct ec_datagram *datagram);
void ec_datagram_clear(struct ec_datagram *datagram);
int ec_datagram_prealloc(struct ec_datagram *datagram, size_t size);
void ec_datagram_use_external(struct ec_datagram *datagram, u8 *mem,
			      size_t size);
void ec_datagram_zero(struct ec_datagram *datagram);

int ec_datagram_aprd(struct ec_datagram *d, u16 ring_position, u16 offset,
		     size_t size);
int ec_datagram_apwr(struct ec_datagram *d, u16 ring_position, u16 offset,
		     size_t size);
int ec_datagram_aprw(struct ec_datagram *d, u16 ring_position, u16 offset,
		     size_t size);
int ec_datagram_armw(struct ec_datagram *d, u16 ring_position, u16 offset,
		     size_t size);
int ec_datagram_fprd(struct ec_datagram *d, u16 station, u16 offset,
		     size_t size);
int ec_datagram_fpwr(struct ec_datagram *d, u16 station, u16 offset,
		     size_t size);
int ec_datagram_fprw(struct ec_datagram *d, u16 station, u16 offset,
		     size_t size);
int ec_datagram_frmw(struct ec_datagram *d, u16 station, u16 offset,
		     size_t size);
int ec_datagram_brd(struct ec_datagram *d, u16 offset, size_t size);
int ec_datagram_bwr(struct ec_datagram *d, u16 offset, size_t size);
int ec_datagram_brw(struct ec_datagram *d, u16 offset, size_t size);
int ec_datagram_lrd(struct ec_datagram *d, u32 logical, size_t size);
int ec_datagram_lwr(struct ec_datagram *d, u32 logical, size_t size);
int ec_datagram_lrw(struct ec_datagram *d, u32 logical, size_t size);
int ec_datagram_nop(struct ec_datagram *d, size_t size);

/* True for commands whose answer carries data back to the master. */
bool ec_datagram_type_reads(enum ec_datagram_type type);
const char *ec_datagram_type_string(enum ec_datagram_type type);
const char *ec_datagram_state_string(enum ec_datagram_state state);

#endif /* EC_DATAGRAM_H */
