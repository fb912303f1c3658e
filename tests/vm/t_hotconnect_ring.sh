#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_hotconnect_ring: the t_hotconnect checks in a redundant ring
# (tests/vm/run --backup), twice: the tool at the end of the ring, just
# before the backup port, so that pulling it out opens the ring there and
# plugging it in closes it; then the tool in the middle
# (examples/hotconnect/segment-mid.json, EC_HC_MIDDLE=1), the base DO
# behind it, so that pulling it out opens the ring with slaves on both
# sides (sim/README.md).  HC_ROUNDS (default 3) rounds each; printed
# besides t_hotconnect's figures: the ring's state (`ethercat master`
# "Redundancy:") after each plug-in and pull-out and the kernel's
# redundancy lines (doc/HOTCONNECT.md "In a redundant ring").  The
# partial scans are counted, not asserted beyond t_hotconnect's "at
# least one".

d=$(dirname "$0")
HC_ROUNDS=${HC_ROUNDS:-3} EC_HC_RUN="--backup" EC_TNAME=t_hotconnect_ring \
	"$d/t_hotconnect.sh" || exit 1
HC_ROUNDS=${HC_ROUNDS:-3} EC_HC_RUN="--backup" EC_HC_MIDDLE=1 \
	EC_TNAME=t_hotconnect_ring_mid exec "$d/t_hotconnect.sh"
