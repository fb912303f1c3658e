#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_native_e1000: the t_native_e1000e checks on QEMU's e1000 (82540EM, the
# 8254x family) with the same native driver ec_e1000e, up to the idle
# rmmod/insmod (FULL=0: the rest is the same code, covered on e1000e).

NIC=e1000 FULL=0 EC_TNAME=t_native_e1000 exec "$(dirname "$0")/t_native_e1000e.sh"
