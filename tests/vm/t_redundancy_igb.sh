#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_redundancy_igb: the t_redundancy checks (a redundant ring, cables cut
# and mended under the user example in OP) with both ports on QEMU's igb
# driven by the native driver ec_igb (tests/vm/run --backup --native:
# ports=<main PCI address>,<backup PCI address>).

EC_RED_RUN="--nic igb --native" EC_TNAME=t_redundancy_igb \
	exec "$(dirname "$0")/t_redundancy.sh"
