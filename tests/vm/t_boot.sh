#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_boot: ec_master and ec_generic load and unload cleanly (tests/vm/run
# fails on any warning, oops, lockdep or RCU splat in the kernel log),
# /dev/EtherCAT0 appears, and "ethercat master" shows the device MAC and
# frames received from the segment.

. "$(dirname "$0")/testlib.sh"
NIC=${NIC:-virtio}

need ethercat
vm_run --nic "$NIC" -- 'test -c /dev/EtherCAT0 || { echo NO-CDEV; exit 1; }
	sleep 1; ethercat master'
grep -q NO-CDEV "$OUT" && fail "/dev/EtherCAT0 is not a character device"
[ $RC -eq 0 ] || fail "ethercat master exited with status $RC"
grep -qi '52:54:00:ec:a7:01' "$OUT" ||
	fail "ethercat master does not show the device MAC 52:54:00:ec:a7:01"
rx=$(field 'Rx frames')
case $rx in
''|*[!0-9]*) fail "no \"Rx frames\" count in ethercat master" ;;
0) fail "Rx frames is 0: nothing came back from the segment" ;;
esac
pass
