/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * capture.h - every frame the master sends and receives, in a ring
 * (`ethercat capture`), and the flight recorder that freezes the frames
 * around an event into a snapshot (doc/CAPTURE.md).
 *
 * The ring is preallocated (EC_CAPTURE_SLOT_SIZE bytes per frame) and
 * written by the holder of the io lock (cycle_lock in the kernel): the
 * send and the receive paths of cycle/device.c are its one producer.  It
 * never waits for a reader: it overwrites the oldest frame.  Readers (the
 * capture ioctl, the recorder's freeze) copy frames out without a lock and
 * check each slot's sequence number before and after the copy, so a frame
 * overwritten meanwhile is counted as lost, never handed out torn.
 *
 * When neither the recorder nor a reader wants frames, the tap costs one
 * compare and one predicted branch (ec_capture_tap()).
 */
#ifndef EC_CAPTURE_H
#define EC_CAPTURE_H

#include "port.h"
#include "cycle/frame.h"

struct ec_master;

/* A record as ec_capture_copy() writes it (include/ec_ioctl_capture.h):
 * seq u64, time_ns u64, len u16, dev u8, flags u8, 4 bytes reserved,
 * then len bytes of the frame, padded to a multiple of 8.
 */
#define EC_CAPTURE_REC_HEADER 24
#define EC_CAPTURE_REC_SIZE(len) \
	(EC_CAPTURE_REC_HEADER + (((size_t)(len) + 7) & ~(size_t)7))
#define EC_CAPTURE_TX 0x01	/* sent by the master, else received */
#define EC_CAPTURE_EVENT 0x02	/* the frame that showed an event */

struct ec_capture_slot {
	u64 seq;		/* frame number + 1; 0 while being written */
	u64 time_ns;
	u16 len;
	u8 dev;
	u8 flags;
	u8 data[EC_FRAME_MAX_SIZE];
};

#define EC_CAPTURE_SLOT_SIZE sizeof(struct ec_capture_slot)

/* Events of the flight recorder (EC_IOCTL_RECORDER_INFO's kind). */
enum ec_recorder_kind {
	EC_REC_WC_DROP = 1,	/* a domain's working counter dropped */
	EC_REC_LOST_FRAME,	/* a datagram sent, no answer */
	EC_REC_AL_ERROR,	/* AL error flag, or a slave left OP */
	EC_REC_SLAVE_GONE,	/* fewer slaves answer */
	EC_REC_RING_BREAK,	/* redundancy: the ring broke */
	EC_REC_DC_SYNC,		/* DC sync deviation over the bound */
	EC_REC_KINDS
};
/* OR'd into the kind given to ec_recorder_event*(): the frame that showed
 * the event is one the master sent (no answer came), not an answer.
 */
#define EC_REC_FRAME_SENT 0x80

#define EC_REC_SNAPSHOTS 4		/* the last ones kept */
#define EC_REC_BEFORE 1024		/* frames before the event */
#define EC_REC_AFTER 128		/* frames after it, at most */
#define EC_REC_AFTER_NS (100 * EC_NSEC_PER_MSEC)	/* or this long */
#define EC_REC_SNAP_BYTES (256 * 1024)	/* records of one snapshot */
#define EC_REC_TEXT_SIZE 96
/* A second event of a kind within this time takes no snapshot of its own. */
#define EC_REC_HOLDOFF_NS (1000 * EC_NSEC_PER_MSEC)

enum ec_rec_snap_state {
	EC_REC_FREE,
	EC_REC_PENDING,		/* event in, frames after it not yet */
	EC_REC_READY,		/* frozen: buf holds its frames */
};

struct ec_rec_snap {
	u32 id;			/* 1, 2, ... in the events' order */
	u8 state;		/* enum ec_rec_snap_state */
	u8 kind;		/* enum ec_recorder_kind */
	bool sent;		/* the event's frame is one the master sent */
	u16 more;		/* events of its kind while pending */
	u64 event_ns;		/* the time of the frame that showed it */
	u64 event_seq;		/* frames written at the event */
	u64 first_seq, end_seq;	/* the frames in buf */
	u32 frames;
	u32 bytes;
	u32 lost;		/* overwritten before the freeze could copy */
	char text[EC_REC_TEXT_SIZE];
	u8 *buf;		/* EC_REC_SNAP_BYTES of records */
};

struct ec_capture {
	struct ec_capture_slot *slots;
	u32 nslots;
	bool recorder;		/* always write; freeze on events */
	u64 head;		/* frames written: the next one's number */
	u64 live_until_ns;	/* a reader wants frames until then */
	u32 next_id;
	u64 events[EC_REC_KINDS];	/* events seen, by kind */
	u64 last_ns[EC_REC_KINDS];	/* the last snapshot's, by kind */
	u64 held_off;		/* events in the hold-off: no snapshot */
	u64 dc_bound_ns;	/* EC_REC_DC_SYNC above this */
	bool dc_over;		/* the last reading was over it */
	struct ec_rec_snap snaps[EC_REC_SNAPSHOTS];
};

int ec_capture_init(struct ec_master *master, u32 nslots, bool recorder);
void ec_capture_clear(struct ec_master *master);
void ec_capture_frame(struct ec_master *master, unsigned int dev, u8 flags,
		      const u8 *data, size_t len, u64 now_ns);
void ec_capture_set_live(struct ec_master *master, u64 until_ns);
size_t ec_capture_copy(const struct ec_capture *cap, u64 *from, u64 end,
		       u8 *buf, size_t size, u64 *lost, u32 *frames);

void ec_recorder_event_locked(struct ec_master *master, unsigned int kind,
			      u64 frame_ns, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void ec_recorder_event(struct ec_master *master, unsigned int kind,
		       u64 frame_ns, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void ec_recorder_dc_check_locked(struct ec_master *master, u32 deviation_ns,
				 u64 frame_ns);
unsigned int ec_recorder_freeze(struct ec_master *master, u64 now_ns);
const char *ec_recorder_kind_name(unsigned int kind);

#endif /* EC_CAPTURE_H */
