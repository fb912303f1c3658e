#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_device_removal: the NIC goes away under an application in OP and comes
# back.  The user example cycles; "rmmod ec_generic" takes the device from
# the master: the application sees the link down in ecrt_master_state()
# and the kernel log says so; "insmod ec_generic" gives it back: the
# master scans again and the slaves return to OP under the same
# application, whose loop-back checks pass again.  No oops either way
# (the rig fails the run on any kernel warning).

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

vm_run -- 'wait_n() {
		i=0; while [ $i -lt 80 ]; do
			[ "$(ethercat slaves 2>/dev/null |
			     grep -c " $1 ")" -ge "$2" ] && return 0
			sleep 0.25; i=$((i + 1)); done; return 1; }
	wait_n PREOP 6
	ec_user_example -q >/tmp/app.log 2>&1 & P=$!
	wait_n OP 5; echo "op_rc=$?"
	rmmod ec_generic; echo "rmmod_rc=$?"
	sleep 1
	ethercat master | grep -i "phase\|link" | sed "s/^/gone: /"
	insmod /lib/modules/ec/ec_generic.ko; echo "insmod_rc=$?"
	wait_n OP 5; echo "back_rc=$?"
	sleep 2
	kill $P; wait $P; echo "app_rc=$?"
	sed "s/^/app: /" /tmp/app.log
	dmesg | grep "EtherCAT 0: main device" | sed "s/^[^]]*] /kernel: /"'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep -q '^op_rc=0$' "$OUT" || fail "the slaves did not reach OP"
grep -q '^rmmod_rc=0$' "$OUT" || fail "rmmod ec_generic failed under the application"
grep -q '^app: master: link is down$' "$OUT" ||
	fail "the application did not see the link go down"
grep -q '^kernel: EtherCAT 0: main device detached while an application is active: link down$' "$OUT" ||
	fail "no kernel log line for the device that went away"
grep -q '^insmod_rc=0$' "$OUT" || fail "insmod ec_generic failed"
grep -q '^kernel: EtherCAT 0: main device .* attached$' "$OUT" ||
	fail "the device was not attached again"
grep -q '^back_rc=0$' "$OUT" || fail "the slaves did not return to OP"
grep -q '^app: master: link is up$' "$OUT" ||
	fail "the application did not see the link come back"
grep -q '^app: loopback ok' "$OUT" || fail "the loop-back checks failed"
pass
