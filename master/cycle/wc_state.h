/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * wc_state.h - the working counter rule of a domain: how the sum of the
 * working counters of an exchange is classified (ecrt.h ec_wc_state_t).
 * One rule for the kernel's domains (cycle/domain.c) and libethercat's
 * process() over the shared area (lib/ecrt_domain.c, which links
 * wc_state.c: hence the library's licence on these two files).
 */
#ifndef EC_WC_STATE_H
#define EC_WC_STATE_H

#include "ecrt.h"

ec_wc_state_t ec_wc_state_classify(unsigned int wkc, unsigned int expected);

#endif /* EC_WC_STATE_H */
