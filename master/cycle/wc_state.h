/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * wc_state.h - the working counter rule of a domain: how the sum of the
 * working counters of an exchange is classified (ecrt.h ec_wc_state_t).
 * One rule for the kernel's domains (cycle/domain.c) and libethercat's
 * process() over the shared area (lib/ecrt_domain.c, which includes this
 * header: hence the library's licence on it).  Inline: it is on the path
 * of every ecrt_domain_process().
 */
#ifndef EC_WC_STATE_H
#define EC_WC_STATE_H

#include "ecrt.h"

/**
 * ec_wc_state_classify() - the state of a domain's exchange
 * @wkc: the sum of the working counters of its datagrams that came back
 * @expected: the sum that a complete exchange gives
 *
 * Nothing came back (or no slave touched the data): zero.  Exactly the
 * expected sum: complete.  Anything else, also a sum above the expected
 * one (a slave counted twice, a foreign slave in the segment): incomplete.
 *
 * Return: EC_WC_ZERO, EC_WC_COMPLETE or EC_WC_INCOMPLETE.
 */
static inline ec_wc_state_t ec_wc_state_classify(unsigned int wkc,
						 unsigned int expected)
{
	if (!wkc)
		return EC_WC_ZERO;
	if (wkc == expected)
		return EC_WC_COMPLETE;
	return EC_WC_INCOMPLETE;
}

#endif /* EC_WC_STATE_H */
