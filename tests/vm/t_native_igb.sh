#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_native_igb: the t_native_e1000e checks with the native driver ec_igb on
# QEMU's igb (82576; the rig runs Debian 13's QEMU for it, set up once by
# tests/vm/qemu-fetch): scan, the user and kernel examples in OP with their
# loop-backs, rmmod/insmod in OP and idle, ports= by MAC and a bad word,
# the port handed back to the stock igb and taken again by sysfs bind; and,
# with rx_peek_us=50 rx_peeks=20 (the receive on arrival of a polled
# driver, doc/NATIVE.md), receives of the user example find their
# exchange complete (t_native_e1000e checks that none do without it).

EC_VM_NATIVE_ARGS=${EC_VM_NATIVE_ARGS-"rx_peek_us=50 rx_peeks=20"} \
NIC=igb DRV=ec_igb EC_TNAME=t_native_igb exec "$(dirname "$0")/t_native_e1000e.sh"
