// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * wc_state.c - the working counter rule of a domain (see wc_state.h).
 */
#include "cycle/wc_state.h"

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
ec_wc_state_t ec_wc_state_classify(unsigned int wkc, unsigned int expected)
{
	if (!wkc)
		return EC_WC_ZERO;
	if (wkc == expected)
		return EC_WC_COMPLETE;
	return EC_WC_INCOMPLETE;
}
