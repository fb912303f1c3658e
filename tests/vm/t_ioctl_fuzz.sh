#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_ioctl_fuzz: random, malformed and hostile ioctls on /dev/EtherCAT0 (from
# both a read-only and a read-write descriptor) leave the kernel log clean
# (the rig fails the run on any warning or oops) and the master working:
# afterwards 'ethercat master' still reports the device and 'ethercat
# slaves' still lists the segment.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec-ioctl-fuzz" ] || fail "build/vm-bin/ec-ioctl-fuzz not built"
vm_run -- 'sleep 1; ec-ioctl-fuzz 3000 0x1234; echo "rc_fuzz=$?"
	ethercat rescan; sleep 2
	ethercat master >/dev/null; echo "rc_master=$?"
	ethercat slaves; echo "rc_slaves=$?"'

grep -q '^rc_fuzz=0$' "$OUT" || fail "the fuzzer did not run to the end"
grep -q 'ec-ioctl-fuzz: done, [0-9]* accepted, [0-9]* refused' "$OUT" ||
	fail "no fuzzer summary"
grep -q '^rc_master=0$' "$OUT" || fail "ethercat master fails after fuzzing"
grep -q '^rc_slaves=0$' "$OUT" || fail "ethercat slaves fails after fuzzing"
n=$(grep -c 'EK1100\|EL1008\|EL2008' "$OUT")
[ "$n" -ge 3 ] || fail "the segment is not listed after fuzzing"
pass
