/* SPDX-License-Identifier: LGPL-2.1-or-later WITH Linux-syscall-note */
/*
 * ec_ioctl_shm.h - the shared area of a userspace application's cyclic
 * calls (mmap() at EC_IOCTL_SHM_OFFSET after EC_IOCTL_ACTIVATE), with the
 * receive on arrival; included by ec_ioctl.h.
 */
#ifndef EC_IOCTL_SHM_H
#define EC_IOCTL_SHM_H

#include <linux/types.h>

/*
 * The shared area: one page that the application maps with
 * mmap() at offset EC_IOCTL_SHM_OFFSET (shm_size bytes) after
 * EC_IOCTL_ACTIVATE.  It lets ecrt_domain_process() and
 * ecrt_domain_queue() run without a system call:
 * - at the end of every EC_IOCTL_RECEIVE and EC_IOCTL_SEND the module
 *   writes, per domain, the sum of the working counters of its datagrams
 *   that are answered (wkc_received): what a process() would find now;
 * - process() in lib takes wkc_received (or 0 when a queue() of the domain
 *   is pending: its datagrams are then queued, not answered; or rx_wkc
 *   after a receive on arrival), classifies it against expected_wkc and
 *   records in app_flags that it ran, before or after a queue(), and
 *   before a queue() in app_wkc what it found; queue() counts in
 *   queue_count;
 * - ecrt_master_application_time() stores app_time, then app_time_set;
 * - after each such record lib stores 1 in app_pending (release); the
 *   module takes the records only when it finds app_pending set (atomic
 *   exchange with 0), so a cycle that recorded nothing costs one load;
 * - at the start of the next EC_IOCTL_RECEIVE, EC_IOCTL_SEND or
 *   EC_IOCTL_DOMAIN_STATE the module takes app_flags and queue_count
 *   (atomic exchange with 0) and replays on the domain what the
 *   application did, in its order: process (with app_wkc: what lib found,
 *   since the module cannot tell any more whether a reply came before or
 *   after a receive on arrival), the queues, process (0: queued); so the
 *   kernel's domain state, its logs and the datagram queue are as if the
 *   calls had been ioctls.
 * Words the module writes are written only at activation and inside
 * those two ioctls (the application runs the cycle from one thread),
 * but for the receive on arrival (struct ec_ioctl_shm_rx below);
 * words the application writes are read only by the module, which trusts
 * nothing in them beyond the flags, a bounded count, the time and a
 * working counter that only the domain's own state shows.  A
 * domain beyond EC_IOCTL_SHM_DOMAINS uses the ioctls.  The area is a compatible addition to
 * version 2: an older module leaves shm_size 0 (a reserved word) and lib
 * then uses the ioctls; an older lib never maps it.
 */
#define EC_IOCTL_SHM_OFFSET 0x40000000UL	/* mmap() offset of the area */
#define EC_IOCTL_SHM_MAGIC 0x45435348	/* "ECSH" */
#define EC_IOCTL_SHM_DOMAINS 63		/* domains with an entry */
#define EC_IOCTL_SHM_QUEUE_MAX 4	/* queues replayed per cycle */

/* app_flags */
#define EC_IOCTL_SHM_PROCESSED 0x1	/* process() before any queue() */
#define EC_IOCTL_SHM_PROCESSED_QUEUED 0x2 /* process() after a queue() */

struct ec_ioctl_shm_domain {
	/* written by the module */
	__u32 wkc_received;	/* answered working counters, summed */
	__u32 expected_wkc;	/* at activation; version 8: at every
				 * publication (hot connect: only the
				 * groups present count) */
	__u32 kernel_seq;	/* raised at each publication */
	/* version 6 (was reserved): 1 while the backup device's copies
	 * carried data in the last exchange, as ecrt_domain_state() of a
	 * kernel application reports it; published with wkc_received */
	__u32 redundancy_active;
	/* written by the application */
	__u32 app_flags;	/* EC_IOCTL_SHM_PROCESSED... */
	__u32 queue_count;	/* queue() calls since the last take */
	/* written by the module (version 5), the receive on arrival
	 * (struct ec_ioctl_shm_rx): the domain's data of exchange rx_seq is
	 * in the image, its working counters sum to rx_wkc */
	__u32 rx_wkc;
	__u32 rx_seq;
	/* written by the application (version 5): what its last process()
	 * before any queue() found, replayed as the kernel's state */
	__u32 app_wkc;
	__u32 reserved[7];
};

/*
 * The receive on arrival (version 5): while a userspace application holds
 * the master, the module matches the replies of the domains' datagrams
 * into an image of the process data (rx_image_size bytes at
 * rx_image_offset in the area, laid out as the process data), never into
 * the process data itself; a receive copies them there.  A device module
 * that reports its receptions (ecdev_rx_notify()) lets the module do the
 * matching as the frames arrive: once nothing sent by the last send is
 * still on its way, it completes the exchange as a receive would (the
 * statistics, the DC words, the master's thread woken), writes per domain
 * rx_wkc and rx_seq (those sent in the exchange), then rx_seq (release).
 * - at every EC_IOCTL_SEND the module raises tx_seq (never 0) before the
 *   frames leave;
 * - ecrt_master_receive() in lib finds rx_seq == tx_seq (acquire) and
 *   rx_taken != tx_seq: it copies the data of the domains whose entry has
 *   that rx_seq from the image into the process data, takes rx_wkc for
 *   their process(), and stores tx_seq in rx_taken: no system call;
 * - otherwise lib calls EC_IOCTL_RECEIVE, which polls and copies what
 *   arrived (also what arrived early but was not taken) into the process
 *   data, then stores tx_seq in rx_taken;
 * - a reply that no receive took is dropped when its datagram is sent
 *   again, as before (its answer would not have matched any more).
 * So the process data changes only at the application's receive, as
 * with the ioctl.  With cable redundancy, more domains than entries, or
 * the module parameter rx_on_arrival=0 the module matches into the
 * process data as before (rx_image_size 0).  A kernel application gets
 * the same from the master's own image (master/linux/rx_arrival.c).
 */
struct ec_ioctl_shm_rx {
	/* written by the module */
	__u32 tx_seq;		/* the last EC_IOCTL_SEND */
	__u32 rx_seq;		/* the last exchange completed on arrival */
	__u32 rx_image_offset;	/* in the area; page aligned */
	__u32 rx_image_size;	/* bytes, the process data's size; 0: off */
	/* written by the application */
	__u32 rx_taken;		/* the last exchange it received */
	__u32 reserved[11];
};

struct ec_ioctl_shm {
	__u32 magic;		/* EC_IOCTL_SHM_MAGIC */
	__u32 version;		/* EC_IOCTL_VERSION */
	__u32 domain_count;	/* entries in use */
	__u32 entry_size;	/* sizeof(struct ec_ioctl_shm_domain) */
	/* written by the application: ecrt_master_application_time() */
	__u64 app_time;		/* ns since 2000 when app_time_set */
	__u32 app_time_set;	/* taken (exchange with 0) by the module */
	/* DC (see EC_IOCTL_DC_QUEUE): written by the application, the
	 * bits taken (exchange with 0) with app_time at the next receive or
	 * send, before the domains' queues are replayed */
	__u32 dc_queue;		/* EC_IOCTL_DC_* bits */
	__u64 dc_sync_time;	/* for EC_IOCTL_DC_SYNC_TO */
	/* DC, written by the module at the end of every receive */
	__u64 dc_ref_time64;	/* when EC_IOCTL_DC_VALID_REF64 */
	__u32 dc_ref_time32;	/* when EC_IOCTL_DC_VALID_REF32 */
	__u32 dc_monitor;	/* ecrt_master_sync_monitor_process() */
	__u32 dc_valid;		/* EC_IOCTL_DC_VALID_*, -ENXIO etc. below */
	/* written by the application: a record above or below is new */
	__u32 app_pending;
	struct ec_ioctl_shm_domain domains[EC_IOCTL_SHM_DOMAINS];
	struct ec_ioctl_shm_rx rx;
	/* the rx image follows at rx.rx_image_offset */
};

#endif /* EC_IOCTL_SHM_H */
