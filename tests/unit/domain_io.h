/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * domain_io.h - a slave configuration for the domain tests: an output and
 * an input sync manager with @bytes each, in 16-bit words.
 */
#ifndef EC_TEST_DOMAIN_IO_H
#define EC_TEST_DOMAIN_IO_H

#include <check.h>

#include "app/slave_config.h"

static inline struct ec_slave_config *
ec_test_io_config(struct ec_master *m, u16 pos, unsigned int bytes)
{
	struct ec_slave_config *sc = ec_master_slave_config(m, 0, pos,
							    0x0ec51d00, 0x99);
	unsigned int i;

	ck_assert_ptr_nonnull(sc);
	ck_assert_int_eq(ec_slave_config_sync_manager(sc, 2, EC_DIR_OUTPUT,
						      EC_WD_DEFAULT), 0);
	ck_assert_int_eq(ec_slave_config_sync_manager(sc, 3, EC_DIR_INPUT,
						      EC_WD_DEFAULT), 0);
	ck_assert_int_eq(ec_slave_config_pdo_assign_add(sc, 2, 0x1600), 0);
	ck_assert_int_eq(ec_slave_config_pdo_assign_add(sc, 3, 0x1a00), 0);
	for (i = 0; i < bytes / 2; i++) {
		ck_assert_int_eq(ec_slave_config_pdo_mapping_add(
			sc, 0x1600, 0x7000, i + 1, 16), 0);
		ck_assert_int_eq(ec_slave_config_pdo_mapping_add(
			sc, 0x1a00, 0x6000, i + 1, 16), 0);
	}
	return sc;
}

#endif /* EC_TEST_DOMAIN_IO_H */
