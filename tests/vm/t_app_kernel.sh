#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_app_kernel: the kernel-space example (examples/kernel, built against
# the rig's kernel by examples/kernel/build) on the default segment: the
# slaves reach OP, the loop-back is proven and the SDO request completes
# in OP; a userspace application meanwhile gets "master 0 is in use";
# rmmod brings the slaves back to PREOP; most of its receives take an
# exchange completed on arrival; while a userspace application holds the
# master, loading the module fails with EBUSY.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"
KO=$("$TTOP/examples/kernel/build" "${KERNEL:-6.1}" 2>"$TMP/build.err") ||
	fail "ec_kernel_example.ko did not build: $(tail -n 3 "$TMP/build.err")"

vm_run --file "$KO:/data/ec_kernel_example.ko" -- 'wait_n() {
		i=0; while [ $i -lt 40 ]; do
			[ "$(ethercat slaves 2>/dev/null |
			     grep -c " $1 ")" -ge "$2" ] && return 0
			sleep 0.25; i=$((i + 1)); done; return 1; }
	wait_n PREOP 6
	ethercat master | grep Receives | sed "s/^ */rx-before: /"
	insmod /data/ec_kernel_example.ko cycles=5000; echo "insmod_rc=$?"
	wait_n OP 5; echo "op_rc=$?"
	ethercat slaves | sed "s/^/during: /"
	ec_user_example -c 10 2>&1 | sed "s/^/user: /"
	i=0; while [ $i -lt 60 ]; do
		dmesg | grep -q "ec_kernel_example: loopback" && break
		sleep 0.25; i=$((i + 1)); done
	dmesg | grep "ec_kernel_example: \(loopback\|sdo\|blocking\)" |
		sed "s/^[^]]*] /kernel: /"
	rmmod ec_kernel_example; echo "rmmod_rc=$?"
	ethercat master | grep Receives | sed "s/^ */rx-after: /"
	wait_n PREOP 6; echo "preop_rc=$?"
	ethercat slaves | sed "s/^/after: /"
	ec_user_example -q >/tmp/u.log 2>&1 & P=$!
	wait_n OP 5
	insmod /data/ec_kernel_example.ko cycles=10 2>&1; echo "busy_rc=$?"
	kill $P; wait $P
	dmesg | grep "ec_kernel_example: master 0 is not available" | sed "s/^[^]]*] /kernel: /"'

grep -q '^insmod_rc=0$' "$OUT" || fail "insmod of the example failed"
grep -q '^op_rc=0$' "$OUT" || fail "the slaves did not reach OP"
n=$(grep -c '^during: [1-5]  .* OP  ' "$OUT")
[ "$n" -eq 5 ] || fail "ethercat slaves shows $n slaves in OP, expected 5"
grep -q '^user: master 0 is in use by another application$' "$OUT" ||
	fail "a userspace application did not get the 'in use' error"
grep -q '^kernel: ec_kernel_example: loopback ok: digital [1-9][0-9]*/' "$OUT" ||
	fail "no loop-back proof from the kernel example"
grep -q '^kernel: ec_kernel_example: sdo request ok: 0x1018:01 = 0x0ec51d00 (servo in state 0x08)' "$OUT" ||
	fail "the SDO request of the kernel example did not complete in OP"
grep -q '^kernel: ec_kernel_example: blocking sdo upload: 0x1018:01 of slave 5 = 0x0ec51d00$' "$OUT" ||
	fail "the blocking SDO upload of the kernel example failed"
grep -q '^rmmod_rc=0$' "$OUT" || fail "rmmod failed"
# The receive on arrival for a kernel application: most of the example's
# receives took an exchange completed as its frames came in (ec_generic
# reports them); the rest polled.
rx_receives rx-before rx-after
arrived=$RX_ARRIVED; called=$RX_CALLED
echo "receives of the kernel example: $arrived on arrival, $called polled"
[ "$arrived" -ge 500 ] && [ $((2 * arrived)) -ge $((arrived + called)) ] ||
	fail "only $arrived exchanges completed on arrival ($called polled)"
grep -q '^preop_rc=0$' "$OUT" || fail "slaves not back in PREOP after rmmod"
if grep -q '^after: .* OP  ' "$OUT"; then
	fail "a slave stayed in OP after rmmod"
fi
grep -q '^busy_rc=0$' "$OUT" &&
	fail "the example loaded while a userspace application held the master"
grep -q '^kernel: ec_kernel_example: master 0 is not available' "$OUT" ||
	fail "no reason logged for the refused request"
[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
pass
