/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * domain_process.h - the working counter walk of ec_domain_process(),
 * inline: a kernel application's ecrt_domain_process() runs it without a
 * call of its own (ec_domain_process_unlocked()), as IgH's process() is
 * one function.  Under an emulated CPU every call and return of the
 * application's cyclic calls shows, and on real hardware the call is
 * the larger part of a one-datagram domain's process().  The rare parts
 * (the log line, the recorder's event) stay in domain.c.
 */
#ifndef EC_DOMAIN_PROCESS_H
#define EC_DOMAIN_PROCESS_H

#include "cycle/domain.h"
#include "cycle/master.h"
#include "cycle/wc_state.h"
#include "app/hc_group.h"

/* Working counter changes are logged at most once per second. */
#define EC_DOMAIN_NOTIFY_NS EC_NSEC_PER_SEC

void ec_domain_wc_event(const struct ec_domain *domain, u16 wkc);
void ec_domain_wc_notify(struct ec_domain *domain, u16 wkc, u16 expected,
			 u64 now_ns);

/*
 * A datagram's working counter as a process() finds it: answered and
 * received by the application (a reply still waiting in the rx image,
 * rx_pending, does not count yet).  The state is read with acquire: a
 * reply matched on arrival meanwhile (rx_arrival.c) is seen whole or not
 * at all.
 */
static inline u16 ec_domain_dg_wkc(const struct ec_datagram *d)
{
	return ec_load_acquire(&d->state) == EC_DATAGRAM_RECEIVED &&
	       !d->rx_pending ? d->working_counter : 0;
}

/* Whether a datagram's working counter counts: no group, or present. */
static inline bool ec_domain_dg_counts(const struct ec_domain_datagram *dd)
{
	return !dd->group || ec_hc_presence(dd->group) == EC_HC_PRESENT;
}

/*
 * ec_domain_answered_wkc() and ec_domain_expected_wkc() in one walk,
 * keeping each datagram's count in wkc_seen: a group's presence is read
 * once, so the sum and the expected value agree on it.
 */
static inline u16 ec_domain_take_wkc(struct ec_domain *domain, u16 *expected)
{
	unsigned int i;
	u16 wkc = 0, exp = domain->expected_working_counter;

	for (i = 0; i < domain->datagram_count; i++) {
		struct ec_domain_datagram *dd = &domain->datagrams[i];

		dd->wkc_seen = ec_domain_dg_wkc(&dd->datagram);
		if (ec_domain_dg_counts(dd))
			wkc += dd->wkc_seen;
		else
			exp -= dd->expected_working_counter;
	}
	*expected = exp;
	return wkc;
}

/* ec_domain_set_wkc() with the expected value of the same walk. */
static inline void ec_domain_take_counts(struct ec_domain *domain, u16 wkc,
					 u16 expected, u64 now_ns)
{
	if (wkc < domain->working_counter && domain->master->capture)
		ec_domain_wc_event(domain, wkc);
	if (wkc != domain->working_counter) {
		domain->working_counter_changes++;
		domain->working_counter = wkc;
	}
	domain->wc_state = ec_wc_state_classify(wkc, expected);

	/* signed: callers may pass a coarser clock a tick behind */
	if (domain->working_counter_changes &&
	    (s64)(now_ns - domain->notify_ns) >= (s64)EC_DOMAIN_NOTIFY_NS)
		ec_domain_wc_notify(domain, wkc, expected, now_ns);
}

/**
 * ec_domain_process_unlocked() - ec_domain_process() for a kernel
 * application, without the io lock where that is safe
 * @domain: domain; called by the application, which serialises its calls
 * @now_ns: current time
 *
 * Nothing else writes the domain's counters, and the replies matched on
 * arrival meanwhile are seen whole or not at all (ec_domain_take_wkc()),
 * as IgH's process() takes no lock.  Two cases need the lock: a queue()
 * recorded before (ec_domain_queue_later(): replayed under it) and a
 * working counter lower than the last (the capture's event,
 * ec_domain_wc_event()).
 *
 * Return: true if done; false: call ec_domain_process() under the lock.
 */
static inline bool ec_domain_process_unlocked(struct ec_domain *domain,
					      u64 now_ns)
{
	u16 wkc, expected;

	if (domain->master->queue_later)
		return false;
	wkc = ec_domain_take_wkc(domain, &expected);
	if (wkc < domain->working_counter)
		return false;
	ec_domain_take_counts(domain, wkc, expected, now_ns);
	return true;
}

#endif /* EC_DOMAIN_PROCESS_H */
