/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * device.h - the master's view of one Ethernet device (main or backup):
 * address, link, transmit hook and statistics.  The glue fills in the
 * hooks; the core only calls them.
 */
#ifndef EC_DEVICE_H
#define EC_DEVICE_H

#include "port.h"
#include "cycle/frame.h"

#define EC_RATE_COUNT 3		/* 1 s, 10 s, 60 s */

struct ec_master;
struct ec_device;

struct ec_device_hooks {
	/* Transmit one frame; 0 or -errno.  Must not sleep. */
	int (*xmit)(struct ec_device *dev, const u8 *frame, size_t size);
	/* Deliver pending received frames via ec_device_receive(). */
	void (*poll)(struct ec_device *dev);
	/*
	 * Optional: the buffer the next frame is built in, which xmit then
	 * takes without a copy; NULL (or no hook): the device's own tx_buf.
	 * Under the io lock.
	 */
	u8 *(*tx_buffer)(struct ec_device *dev);
};

struct ec_device_stats {
	u64 tx_count, rx_count, tx_bytes, rx_bytes, tx_errors;
	/* Values at the last rate sample, to compute per-second deltas. */
	u64 last_tx_count, last_rx_count, last_tx_bytes, last_rx_bytes;
	u64 last_loss;
	/* Low-pass filtered over 1, 10, 60 s: frames and losses in 1/1000
	 * per second, bytes per second.
	 */
	s32 tx_frame_rates[EC_RATE_COUNT];
	s32 rx_frame_rates[EC_RATE_COUNT];
	s32 tx_byte_rates[EC_RATE_COUNT];
	s32 rx_byte_rates[EC_RATE_COUNT];
	s32 loss_rates[EC_RATE_COUNT];
};

struct ec_device {
	struct ec_master *master;
	unsigned int index;	/* 0 main, 1 backup */
	u8 mac[EC_ETH_ALEN];
	bool attached;		/* a device module offered it */
	bool open;		/* ecdev_open() was called */
	bool link_up;
	const struct ec_device_hooks *hooks;
	void *priv;		/* glue data */
	struct ec_device_stats stats;
	u8 *tx_frame;		/* the frame being built: ec_device_tx_begin() */
	u8 tx_buf[EC_FRAME_MAX_SIZE];
};

void ec_device_init(struct ec_device *dev, struct ec_master *master,
		    unsigned int index);
bool ec_device_usable(const struct ec_device *dev);
u8 *ec_device_tx_begin(struct ec_device *dev);
int ec_device_send(struct ec_device *dev, size_t size, u64 now_ns);
void ec_device_receive(struct ec_device *dev, const u8 *data, size_t size,
		       u64 now_ns);
void ec_stats_sample(struct ec_device_stats *s, u64 loss_total);

#endif /* EC_DEVICE_H */
