#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_nic_e1000: the t_boot checks with the guest NIC on e1000 (QEMU's e1000
# with autonegotiation=off) instead of virtio-net.

NIC=e1000 EC_TNAME=t_nic_e1000 exec "$(dirname "$0")/t_boot.sh"
