// SPDX-License-Identifier: GPL-2.0-only
/*
 * rx_arrival.c - the receive on arrival (include/ec_ioctl.h, struct
 * ec_ioctl_shm_rx; doc/LOCKING.md, rule 9).
 *
 * While an application is active, the replies of the domains' datagrams
 * are matched into an rx image, never into the process data: for a
 * userspace application the image is in the shared area, for a kernel
 * module in memory of the master's own.  A device module that reports its
 * receptions (ecdev_rx_notify()) has them matched as they arrive; once
 * nothing of the last send is on its way, the exchange is complete, and
 * the application's receive only copies the image into the process data:
 * lib without a system call, ecrt_master_receive() without polling.
 * Otherwise the receive polls and copies as before.  So the process data
 * changes only at the application's receive, either way, and a lost
 * frame costs what it cost before.
 *
 * All of it runs under cycle_lock; ec_rx_arrived() takes the lock only by
 * trylock: whatever holds it already, on this CPU or another, the
 * application's receive polls instead.
 */
#include <linux/ktime.h>
#include <linux/moduleparam.h>
#include <linux/vmalloc.h>

#include "ec_ioctl.h"
#include "ioctl.h"
#include "ioctl_app.h"
#include "cycle/domain.h"
#include "app/hc_group.h"

/* Read at each activation: 0 gives the baseline of make bench. */
static bool rx_on_arrival = true;
module_param(rx_on_arrival, bool, 0644);
MODULE_PARM_DESC(rx_on_arrival,
		 "Complete an exchange as its frames arrive (1, default); 0: every receive polls, the replies go straight to the process data");

/* The domain of list node @n. */
static struct ec_domain *ec_rx_domain(struct ec_list *n)
{
	return ec_list_entry(n, struct ec_domain, node);
}

/* What ec_rx_each() does to every domain datagram. */
enum ec_rx_op {
	EC_RX_POINT,	/* rx_data into the image (or NULL: process data) */
	EC_RX_DROP,	/* forget the replies waiting in the image */
	EC_RX_COMMIT,	/* copy them to the process data */
};

/* Apply @op to each domain datagram, rx_pending cleared; cycle_lock held. */
static void ec_rx_each(struct ec_linux_master *m, enum ec_rx_op op,
		       u8 *image)
{
	struct ec_list *n;
	unsigned int i;

	for (n = m->core.domains.next; n != &m->core.domains; n = n->next) {
		struct ec_domain *d = ec_rx_domain(n);

		for (i = 0; i < d->datagram_count; i++) {
			struct ec_datagram *dg = &d->datagrams[i].datagram;

			if (op == EC_RX_POINT)
				dg->rx_data = image ? image + (dg->data -
							       m->core.pd_mem) :
						      NULL;
			else if (op == EC_RX_COMMIT && dg->rx_pending)
				memcpy(dg->data, dg->rx_data, dg->data_size);
			dg->rx_pending = false;
		}
	}
}

/**
 * ec_rx_image_size() - bytes of rx image an activation needs
 * @m: master; active, pd_lock or io_mutex held
 * @shm: for a userspace application (the shared area's domain entries)
 *
 * Return: the process data's size, or 0 when the image is not used:
 * switched off (rx_on_arrival=0), cable redundancy (its two copies are
 * merged into the process data, redundancy.c), a domain without an entry
 * in the area, or a domain whose data is not in the process data
 * (external memory).
 */
size_t ec_rx_image_size(struct ec_linux_master *m, bool shm)
{
	const u8 *pd = m->core.pd_mem;
	struct ec_list *n;

	if (!READ_ONCE(rx_on_arrival) || m->core.red || !pd ||
	    !m->core.pd_size || m->core.pd_size > U32_MAX)
		return 0;
	for (n = m->core.domains.next; n != &m->core.domains; n = n->next) {
		const struct ec_domain *d = ec_rx_domain(n);

		if (shm && d->index >= EC_IOCTL_SHM_DOMAINS)
			return 0;
		if (d->data_size && (d->data < pd || d->data + d->data_size >
							   pd + m->core.pd_size))
			return 0;
	}
	return m->core.pd_size;
}

/**
 * ec_rx_start() - match the domains' replies into @image from now on
 * @m: master; active, io_mutex held
 * @image: ec_rx_image_size() bytes: in the shared area (m->shm set) or
 *	m->rx_image_own
 */
void ec_rx_start(struct ec_linux_master *m, u8 *image)
{
	unsigned long flags = ec_linux_cycle_lock(m);

	ec_rx_each(m, EC_RX_POINT, image);
	m->rx_tx_seq = 0;
	m->rx_done_seq = 0;
	m->rx_taken_seq = 0;
	m->rx_armed = false;
	WRITE_ONCE(m->rx_early, true);
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
}

/**
 * ec_rx_start_kernel() - the receive on arrival for a kernel application
 * @m: master; just activated, process context
 *
 * Without memory for the image the replies go to the process data as
 * before.
 */
void ec_rx_start_kernel(struct ec_linux_master *m)
{
	size_t size;
	u8 *image;

	mutex_lock(&m->io_mutex);
	size = m->core.active && !m->rx_early ? ec_rx_image_size(m, false) :
						  0;
	mutex_unlock(&m->io_mutex);
	if (!size)
		return;
	image = vzalloc(size);
	if (!image)
		return;
	mutex_lock(&m->io_mutex);
	if (m->core.active && !m->rx_early &&
	    ec_rx_image_size(m, false) == size) {
		m->rx_image_own = image;
		image = NULL;
		ec_rx_start(m, m->rx_image_own);
	}
	mutex_unlock(&m->io_mutex);
	vfree(image);
}

/**
 * ec_rx_stop() - no more matching on arrival (before the image is freed)
 * @m: master; io_mutex held, process context
 */
void ec_rx_stop(struct ec_linux_master *m)
{
	unsigned long flags = ec_linux_cycle_lock(m);
	u8 *own;

	if (m->rx_early && m->core.active)
		ec_rx_each(m, EC_RX_POINT, NULL);
	WRITE_ONCE(m->rx_early, false);
	m->rx_armed = false;
	own = m->rx_image_own;
	m->rx_image_own = NULL;
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	vfree(own);
}

/**
 * ec_rx_after_send() - at the end of EC_IOCTL_SEND, before the frames go
 * @m: master; cycle_lock held
 */
void ec_rx_after_send(struct ec_linux_master *m)
{
	if (!m->rx_early)
		return;
	m->rx_tx_seq = m->rx_tx_seq + 1 ? m->rx_tx_seq + 1 : 1;
	if (m->shm)
		WRITE_ONCE(m->shm->rx.tx_seq, m->rx_tx_seq);
	m->rx_armed = !ec_list_empty(&m->core.sent_datagrams);
}

/**
 * ec_rx_before_receive() - at the start of EC_IOCTL_RECEIVE
 * @m: master; cycle_lock held, m->shm set
 *
 * When lib took the exchange completed on arrival it copied the replies
 * itself (rx_taken); they are not copied a second time.
 */
void ec_rx_before_receive(struct ec_linux_master *m)
{
	if (m->rx_early && m->rx_done_seq == m->rx_tx_seq &&
	    READ_ONCE(m->shm->rx.rx_taken) == m->rx_tx_seq)
		ec_rx_each(m, EC_RX_DROP, NULL);
}

/**
 * ec_rx_after_receive() - at the end of a receive's poll
 * @m: master; cycle_lock held
 *
 * The replies that arrived, in this call or before, go to the process
 * data now; the exchange is over (no completion on arrival any more).
 */
void ec_rx_after_receive(struct ec_linux_master *m)
{
	m->rx_in_call++;
	if (!m->rx_early)
		return;
	ec_rx_each(m, EC_RX_COMMIT, NULL);
	m->rx_armed = false;
	m->rx_taken_seq = m->rx_tx_seq;
}

/**
 * ec_rx_take_arrived() - a kernel application's receive, when the last
 * send's exchange completed on arrival
 * @m: master; cycle_lock held
 *
 * Return: true when it did and was not received yet: its replies are in
 * the process data now and the receive has nothing else to do (the
 * completion updated the statistics and woke the thread when its turn
 * had work); false when
 * the receive must poll.
 */
bool ec_rx_take_arrived(struct ec_linux_master *m)
{
	if (!m->rx_early || !m->rx_tx_seq || m->rx_done_seq != m->rx_tx_seq ||
	    m->rx_taken_seq == m->rx_tx_seq)
		return false;
	ec_rx_each(m, EC_RX_COMMIT, NULL);
	m->rx_taken_seq = m->rx_tx_seq;
	return true;
}

/* Complete the exchange as a receive would; cycle_lock held. */
static void ec_rx_complete(struct ec_linux_master *m, u64 now_ns)
{
	struct ec_ioctl_shm_domain *e;
	struct ec_list *n;
	unsigned int i;

	ec_master_update_stats(&m->core, now_ns);
	m->rx_done_seq = m->rx_tx_seq;
	m->rx_armed = false;
	m->rx_on_arrival++;
	if (!m->shm)
		return;	/* a kernel application: ec_rx_take_arrived() */
	for (n = m->core.domains.next; n != &m->core.domains; n = n->next) {
		struct ec_domain *d = ec_rx_domain(n);
		bool fresh = false;
		u32 wkc = 0;

		for (i = 0; i < d->datagram_count; i++) {
			const struct ec_datagram *dg =
				&d->datagrams[i].datagram;

			if (dg->state == EC_DATAGRAM_RECEIVED &&
			    (!d->datagrams[i].group ||
			     ec_hc_presence(d->datagrams[i].group) ==
			     EC_HC_PRESENT))
				wkc += dg->working_counter;
			fresh |= dg->rx_pending;
		}
		e = &m->shm->domains[d->index];
		WRITE_ONCE(e->rx_wkc, (u16)wkc);
		WRITE_ONCE(e->expected_wkc, ec_domain_expected_wkc(d));
		if (fresh)
			WRITE_ONCE(e->rx_seq, m->rx_tx_seq);
	}
	ec_dc_shm_publish(m);
	/* the image and the words above before rx_seq: pairs with lib */
	smp_store_release(&m->shm->rx.rx_seq, m->rx_tx_seq);
}

/**
 * ec_rx_arrived() - frames arrived on a device of @m (ecdev_rx_notify())
 * @m: master; any context but NMI, cycle_lock not held by the caller
 *
 * Matches them now while an application runs the cycle with an rx image,
 * and completes the exchange when nothing of the last send is still out.
 */
void ec_rx_arrived(struct ec_linux_master *m)
{
	unsigned long flags;
	bool kick = false;

	if (!READ_ONCE(m->rx_early) || in_nmi())
		return;
	if (!raw_spin_trylock_irqsave(&m->cycle_lock, flags))
		return;	/* the application's receive polls */
	if (m->rx_early && m->core.active) {
		ec_master_poll_devices(&m->core);
		if (m->rx_armed && ec_list_empty(&m->core.sent_datagrams)) {
			u64 now = ktime_get_ns();

			ec_rx_complete(m, now);
			kick = ec_linux_turn_wanted(m, now) &&
			       !ec_linux_defer_kick(m);
		}
	}
	raw_spin_unlock_irqrestore(&m->cycle_lock, flags);
	if (kick)
		ec_linux_kick_thread(m);
}
