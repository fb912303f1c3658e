// SPDX-License-Identifier: GPL-2.0-only
/*
 * device.c - one Ethernet device of a master: sending, receiving, stats.
 */
#include "cycle/device.h"
#include "cycle/master.h"
#include "cycle/capture.h"

/*
 * The capture's tap: when nobody captures and the recorder is off,
 * capture_until is 0 and this is one compare and a branch predicted not
 * taken.
 */
static inline void ec_capture_tap(struct ec_device *dev, u8 flags,
				  const u8 *data, size_t size, u64 now_ns)
{
	struct ec_master *master = dev->master;

	if (__builtin_expect(now_ns < master->capture_until, 0))
		ec_capture_frame(master, dev->index, flags, data, size, now_ns);
}

void ec_device_init(struct ec_device *dev, struct ec_master *master,
		    unsigned int index)
{
	memset(dev, 0, sizeof(*dev));
	dev->master = master;
	dev->index = index;
	dev->tx_frame = dev->tx_buf;
}

bool ec_device_usable(const struct ec_device *dev)
{
	return dev->attached && dev->open && dev->hooks && dev->hooks->xmit;
}

/**
 * ec_device_tx_begin() - where the next frame of @dev is built
 * @dev: device, usable; the io lock held
 *
 * The glue's buffer when it offers one (the kernel's transmit queue: the
 * frame is then not copied again to be staged), else the device's own.
 *
 * Return: dev->tx_frame, EC_FRAME_MAX_SIZE bytes.
 */
u8 *ec_device_tx_begin(struct ec_device *dev)
{
	u8 *buf = dev->hooks->tx_buffer ? dev->hooks->tx_buffer(dev) : NULL;

	dev->tx_frame = buf ? buf : dev->tx_buf;
	return dev->tx_frame;
}

/**
 * ec_device_send() - transmit the frame built in dev->tx_frame
 * @dev: device
 * @size: frame length
 * @now_ns: current time (the capture's time of the frame)
 *
 * Return: 0 or the driver's -errno (counted as a tx error).
 */
int ec_device_send(struct ec_device *dev, size_t size, u64 now_ns)
{
	int ret;

	if (!ec_device_usable(dev))
		return -ENODEV;
	ret = dev->hooks->xmit(dev, dev->tx_frame, size);
	if (ret) {
		dev->stats.tx_errors++;
		return ret;
	}
	dev->stats.tx_count++;
	dev->stats.tx_bytes += size;
	dev->master->stats.tx_count++;
	dev->master->stats.tx_bytes += size;
	ec_capture_tap(dev, EC_CAPTURE_TX, dev->tx_frame, size, now_ns);
	return 0;
}

/**
 * ec_device_receive() - a frame arrived on @dev
 * @dev: device
 * @data: whole Ethernet frame
 * @size: its length
 * @now_ns: arrival time, passed-in clock
 */
void ec_device_receive(struct ec_device *dev, const u8 *data, size_t size,
		       u64 now_ns)
{
	dev->stats.rx_count++;
	dev->stats.rx_bytes += size;
	dev->master->stats.rx_count++;
	dev->master->stats.rx_bytes += size;
	ec_capture_tap(dev, 0, data, size, now_ns);
	if (dev->index == EC_DEVICE_MAIN)
		ec_master_receive_frame(dev->master, data, size, now_ns);
	else
		ec_master_receive_frame_on(dev->master, dev->index, data,
					   size, now_ns);
}

/*
 * Low-pass filter of a per-second value into the 1 s / 10 s / 60 s
 * averages that the CLI shows.  Frame and loss rates are scaled by 1000
 * (fractions of a frame per second matter), byte rates are plain bytes
 * per second, as in IgH's ABI.
 */
static void ec_rate_update(s32 rates[EC_RATE_COUNT], u64 per_second,
			   s64 scale)
{
	static const s32 window[EC_RATE_COUNT] = { 1, 10, 60 };
	s64 v = (s64)per_second * scale;
	unsigned int i;

	for (i = 0; i < EC_RATE_COUNT; i++)
		rates[i] += (s32)((v - rates[i]) / window[i]);
}

/**
 * ec_stats_sample() - take the once-per-second sample of the counters
 * @s: statistics
 * @loss_total: lost frames so far
 */
void ec_stats_sample(struct ec_device_stats *s, u64 loss_total)
{
	/*
	 * Frames counted lost (sent, not back) can still come back after
	 * the sample (late answers; more than one frame on its way): the
	 * total then shrinks.  A rate of lost frames is never negative:
	 * such a frame stays counted, as the master gave up on it.
	 */
	u64 lost = loss_total > s->last_loss ? loss_total - s->last_loss : 0;

	ec_rate_update(s->tx_frame_rates, s->tx_count - s->last_tx_count, 1000);
	ec_rate_update(s->rx_frame_rates, s->rx_count - s->last_rx_count, 1000);
	ec_rate_update(s->tx_byte_rates, s->tx_bytes - s->last_tx_bytes, 1);
	ec_rate_update(s->rx_byte_rates, s->rx_bytes - s->last_rx_bytes, 1);
	ec_rate_update(s->loss_rates, lost, 1000);
	s->last_tx_count = s->tx_count;
	s->last_rx_count = s->rx_count;
	s->last_tx_bytes = s->tx_bytes;
	s->last_rx_bytes = s->rx_bytes;
	s->last_loss = loss_total;
}
