/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_capture.h - the ioctls of the frame capture and the flight
 * recorder (issue 27, commands 0x80-0x87), included by ec_ioctl.h.
 *
 * The master keeps the frames it sends and receives in a preallocated
 * ring (module parameter capture_frames).  A reader asks for frames by
 * number: the module keeps no state per reader, so a reader that dies
 * leaves nothing behind, and any number of readers may read at once.
 * Frames overwritten before a reader asked for them are counted in lost.
 * The ring is written while the recorder is on (module parameter
 * recorder) or for a second after each EC_IOCTL_CAPTURE_READ with
 * EC_CAPTURE_LIVE.
 *
 * Records, as EC_IOCTL_CAPTURE_READ and EC_IOCTL_RECORDER_READ write them
 * into the caller's buffer, one after the other (little-endian, each a
 * multiple of 8 bytes):
 *   0  __u64 seq       the frame's number (counted since the module loaded)
 *   8  __u64 time_ns   when it left or arrived (CLOCK_MONOTONIC)
 *  16  __u16 len       bytes of the Ethernet frame that follow (no FCS)
 *  18  __u8  dev       0 main device, 1 backup device
 *  19  __u8  flags     EC_CAPTURE_REC_TX, EC_CAPTURE_REC_EVENT
 *  20  __u32 reserved  0
 *  24  frame, then zeros up to the next multiple of 8
 */
#ifndef EC_IOCTL_CAPTURE_H
#define EC_IOCTL_CAPTURE_H

#define EC_CAPTURE_REC_HEADER 24
#define EC_CAPTURE_REC_TX 0x01		/* sent by the master */
#define EC_CAPTURE_REC_EVENT 0x02	/* the frame that showed the event */

/* EC_IOCTL_CAPTURE_READ's flags */
#define EC_CAPTURE_LIVE 0x01	/* keep the ring written for a second more */

/*
 * EC_IOCTL_CAPTURE_READ: copy frames from number from_seq on (at most
 * buf_size bytes of records) into buf.  Out: next_seq, the number to ask
 * for next; frames and bytes written; lost, frames between from_seq and
 * next_seq that were overwritten before they could be copied; head_seq,
 * the frames written so far, and the devices' frame counters (those of
 * `ethercat master`) at the same moment; mono_ns and real_ns, the
 * master's clock and the wall clock, read together.  From a from_seq
 * ahead of the head, nothing is copied.  -ENODEV: capture_frames=0.
 */
struct ec_ioctl_capture_read {
	__u64 from_seq;
	__u64 buf;		/* pointer */
	__u32 buf_size;
	__u32 flags;
	__u64 next_seq;
	__u64 head_seq;
	__u64 lost;
	__u32 frames;
	__u32 bytes;
	__u64 tx_count[2];	/* main, backup */
	__u64 rx_count[2];
	__u64 mono_ns;
	__u64 real_ns;
	__u32 ring_frames;	/* the ring's size in frames */
	__u8 recorder;		/* the recorder is on */
	__u8 num_devices;
	__u16 reserved0;
	__u32 reserved[4];
};

#define EC_RECORDER_TEXT_SIZE 96
#define EC_RECORDER_SNAPSHOTS 4

/*
 * EC_IOCTL_RECORDER_INFO: the snapshot in slot index (0 ..
 * EC_RECORDER_SNAPSHOTS - 1).  state 0: empty; 1: the event is in, the
 * frames after it not yet; 2: frozen, readable with
 * EC_IOCTL_RECORDER_READ.  kind: 1 working counter dropped, 2 lost frame,
 * 3 AL error, 4 slave gone, 5 ring break, 6 DC sync deviation.  more:
 * events of the same kind while it was pending.  real_offset_ns: add to
 * the records' time_ns for the wall clock.
 */
struct ec_ioctl_recorder_info {
	__u32 index;
	__u32 id;		/* 1, 2, ... in the order of the events */
	__u8 state;
	__u8 kind;
	__u16 more;
	__u32 frames;
	__u32 bytes;
	__u32 lost;
	__u64 event_ns;
	__u64 event_seq;
	__u64 first_seq;
	__u64 end_seq;
	__s64 real_offset_ns;
	__u64 events[8];	/* events seen since the load, by kind */
	__u64 held_off;		/* events that took no snapshot (hold-off) */
	char text[EC_RECORDER_TEXT_SIZE];
	__u32 reserved[4];
};

/*
 * EC_IOCTL_RECORDER_READ: up to buf_size bytes of snapshot id's records
 * from byte offset on (a multiple of 8 that the last call returned in
 * next_offset).  -ENOENT: no frozen snapshot with that id (any more).
 */
struct ec_ioctl_recorder_read {
	__u32 id;
	__u32 offset;
	__u64 buf;		/* pointer */
	__u32 buf_size;
	__u32 bytes;
	__u32 next_offset;
	__u32 reserved[3];
};

#define EC_IOCTL_CAPTURE_READ \
	_IOWR(EC_IOCTL_TYPE, 0x80, struct ec_ioctl_capture_read)
#define EC_IOCTL_RECORDER_INFO \
	_IOWR(EC_IOCTL_TYPE, 0x81, struct ec_ioctl_recorder_info)
#define EC_IOCTL_RECORDER_READ \
	_IOWR(EC_IOCTL_TYPE, 0x82, struct ec_ioctl_recorder_read)

#endif /* EC_IOCTL_CAPTURE_H */
