/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * master_linux.h - a master as the kernel sees it: the core master plus
 * its lock, thread, char device and attached network devices.
 */
#ifndef EC_MASTER_LINUX_H
#define EC_MASTER_LINUX_H

#include <linux/cdev.h>
#include <linux/irq_work.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/netdevice.h>
#include <linux/sched.h>
#include <linux/wait.h>

#include "cycle/master.h"
#include "ecdev.h"

#define EC_MAX_MASTERS 32

struct ec_linux_device {
	const struct ecdev_ops *ops;
	void *priv;
	struct net_device *net_dev;
	struct module *owner;
};

/*
 * Frames built under cycle_lock wait here until the caller has dropped the
 * lock and transmits them (doc/LOCKING.md rule 4).  Single producer (the
 * holder of cycle_lock), single consumer (the holder of the flushing bit).
 */
#define EC_LINUX_TXQ_FRAMES 32

struct ec_linux_txq {
	unsigned int head;		/* written under cycle_lock */
	unsigned int tail;		/* written by the flusher */
	unsigned long flushing;		/* bit 0: a flusher is at work */
	u16 len[EC_LINUX_TXQ_FRAMES];
	u8 frame[EC_LINUX_TXQ_FRAMES][EC_FRAME_MAX_SIZE];
};

struct ec_linux_master {
	struct ec_master core;
	/*
	 * The FSM side: the thread's FSM turns, ioctls, setup calls, device
	 * events.  Never taken by the cyclic side (doc/LOCKING.md).
	 */
	struct mutex io_mutex;
	/*
	 * The cyclic side: the datagram queue, datagram states, domains'
	 * datagrams, devices, statistics, the active flag.  Always irqsave;
	 * cycle_flags belongs to the holder.
	 */
	raw_spinlock_t cycle_lock;
	unsigned long cycle_flags;
	struct ec_linux_txq *txq[EC_MAX_DEVICES];
	atomic_t tx_busy;		/* flushers inside a device's xmit */
	/* Wakes the thread from any context (the cyclic receive). */
	struct irq_work wake_work;
	int thread_kick;
	/*
	 * A turn the receive on arrival left to the application's next send
	 * (ec_linux_defer_kick(); cycle_lock).
	 */
	bool kick_at_send;
	/* A request or rescan for the idle thread at rest (thread.c). */
	int idle_nudge;
	struct task_struct *thread;
	/* Woken by the thread after every turn in which requests finished. */
	wait_queue_head_t request_wq;
	/* When the application last sent (its cycle serves requests in OP). */
	u64 last_app_send_ns;
	/* EoE interfaces (eoe.c), under io_mutex; created and removed by
	 * the thread outside it.
	 */
	struct list_head eoe_list;
	u64 eoe_look_ns;	/* the last look for EoE slaves (eoe.c) */
	/* Requests whose ioctl gave up while the FSM worked on them. */
	struct ec_list orphans;		/* abandoned requests (request.c) */
	u8 main_mac[ETH_ALEN];
	u8 backup_mac[ETH_ALEN];
	bool has_backup;
	struct ec_linux_device ldev[EC_MAX_DEVICES];
	struct cdev cdev;
	struct device *class_device;

	/* Guards thread and in_operation (start/stop of the thread). */
	struct mutex thread_mutex;
	bool in_operation;		/* an application runs the cycle */

	/*
	 * The application holding the master (ecrt_request_master() or
	 * EC_IOCTL_REQUEST), under io_mutex: reserved, and the file for a
	 * userspace application (NULL for a kernel module).
	 */
	bool reserved;
	struct ec_cdev_file *reserved_file;
	/*
	 * Orders mmap() against activation and deactivation: mmap() runs
	 * under the mm's lock and must not wait for io_mutex.  Lock order:
	 * pd_lock, then io_mutex.
	 */
	struct mutex pd_lock;
	unsigned int pd_maps;		/* live mappings of pd_mem and shm */
	/* Shared area of a userspace application (ec_ioctl.h), or NULL. */
	struct ec_ioctl_shm *shm;
	size_t shm_size;	/* bytes allocated and mappable */
	bool dc_shm_wanted;	/* the DC words are published (ec_ioctl.h) */
	/*
	 * The receive on arrival (rx_arrival.c), under cycle_lock: replies
	 * go to the rx image (rx_early; a kernel application's is
	 * rx_image_own); the last send's, the last completed and the last
	 * received exchange's number; a send to complete (rx_armed); how
	 * many exchanges completed on arrival and receives polled.
	 */
	bool rx_early;
	bool rx_armed;
	u8 *rx_image_own;
	u32 rx_tx_seq;
	u32 rx_done_seq;
	u32 rx_taken_seq;
	u64 rx_on_arrival;
	u64 rx_in_call;
	/*
	 * ecrt_master_callbacks(): in the operation phase the thread calls
	 * them around its FSM turn instead of waiting for the application's
	 * send (thread.c).
	 */
	void (*send_cb)(void *data);
	void (*receive_cb)(void *data);
	void *cb_data;
};

extern unsigned int ec_master_count;
extern struct ec_linux_master *ec_masters;
extern struct class *ec_class;
extern dev_t ec_dev_num;

struct ec_cdev_file;
struct ec_ioctl_shm;
struct ec_slave_config;

/* cycle.c: the cyclic side's lock, transmit queue and wake-up. */
int ec_linux_cycle_init(struct ec_linux_master *m);
void ec_linux_cycle_clear(struct ec_linux_master *m);
unsigned long ec_linux_cycle_lock(struct ec_linux_master *m);
void ec_linux_cycle_unlock(struct ec_linux_master *m, unsigned long flags);
u8 *ec_linux_stage_slot(struct ec_linux_master *m, unsigned int dev_idx);
int ec_linux_stage_frame(struct ec_linux_master *m, unsigned int dev_idx,
			 const u8 *frame, size_t size);
void ec_linux_flush_tx(struct ec_linux_master *m);

/* ecrt_dc.c: the system time base before any application time. */
void ec_linux_dc_init(struct ec_linux_master *m);
void ec_linux_wait_tx_idle(struct ec_linux_master *m);
void ec_linux_kick_thread(struct ec_linux_master *m);
bool ec_linux_turn_wanted(struct ec_linux_master *m, u64 now_ns);
bool ec_linux_defer_kick(struct ec_linux_master *m);
bool ec_linux_take_send_kick(struct ec_linux_master *m);
/* rx_arrival.c: the receive on arrival (ec_ioctl.h, shm rx). */
void ec_rx_arrived(struct ec_linux_master *m);
void ec_rx_start_kernel(struct ec_linux_master *m);
void ec_rx_stop(struct ec_linux_master *m);
void ec_rx_after_send(struct ec_linux_master *m);
void ec_rx_after_receive(struct ec_linux_master *m);
bool ec_rx_take_arrived(struct ec_linux_master *m);

/*
 * Nanoseconds since boot at the tick's resolution: a plain read of
 * jiffies_64, safe in any context (NMI too) and far cheaper than a clock
 * read; for the rate limits of log lines only, never for timeouts.  A
 * multiplication by the tick's length here, not jiffies64_to_nsecs(),
 * an out-of-line call on the path of every realtime call.
 */
static inline u64 ec_linux_coarse_ns(void)
{
	return (u64)(get_jiffies_64() - INITIAL_JIFFIES) * TICK_NSEC;
}

static inline struct ec_linux_master *ec_linux_of(const struct ec_master *c)
{
	return container_of((struct ec_master *)c, struct ec_linux_master,
			    core);
}

int ec_linux_thread_start(struct ec_linux_master *m);
void ec_linux_thread_nudge(struct ec_linux_master *m);
void ec_linux_thread_stop(struct ec_linux_master *m);
void ec_linux_enter_operation(struct ec_linux_master *m);
void ec_linux_leave_operation(struct ec_linux_master *m);

/* The application's hold on a master (ecrt.c). */
int ec_linux_master_reserve(struct ec_linux_master *m,
			    struct ec_cdev_file *file);
void ec_linux_master_release(struct ec_linux_master *m);
int ec_linux_master_activate(struct ec_linux_master *m);
int ec_linux_master_deactivate(struct ec_linux_master *m);
int ec_linux_sc_state_timeout(struct ec_slave_config *sc,
			      unsigned int from_state, unsigned int to_state,
			      unsigned int timeout_ms);
int ec_cdev_register(struct ec_linux_master *m, unsigned int index);
void ec_cdev_unregister(struct ec_linux_master *m);
void ec_linux_reap_requests(struct ec_linux_master *m);
void ec_linux_free_orphans(struct ec_linux_master *m);

#endif /* EC_MASTER_LINUX_H */
