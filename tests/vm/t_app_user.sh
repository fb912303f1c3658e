#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_app_user: the userspace example (examples/user, linked with
# libethercat) on the default segment: it takes the slaves to OP
# ("ethercat slaves" shows OP meanwhile), proves the digital and analog
# loop-back, completes an SDO request (servo 0x1018:01) and a register
# request (EL1008 AL status) in OP and registers an entry by position; a second
# application gets "master 0 is in use"; kill -9 brings the slaves back
# to PREOP and a new run then succeeds, with most of its receives made
# without a system call (the receive on arrival).

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

vm_run -- 'wait_n() {	# wait_n STATE N: N slaves in STATE (10 s at most)
		i=0; while [ $i -lt 40 ]; do
			[ "$(ethercat slaves 2>/dev/null |
			     grep -c " $1 ")" -ge "$2" ] && return 0
			sleep 0.25; i=$((i + 1)); done; return 1; }
	wait_n PREOP 6
	ec_user_example -c 6000 -q >/tmp/u1.log 2>&1 & P=$!
	wait_n OP 5; echo "op_rc=$?"
	ethercat slaves | sed "s/^/during: /"
	ec_user_example -c 10 >/tmp/u2.log 2>&1; echo "second_rc=$?"
	sed "s/^/second: /" /tmp/u2.log
	wait $P; echo "first_rc=$?"
	grep -v "WC \|: state \|operational\|AL states" /tmp/u1.log | sed "s/^/first: /"
	ec_user_example -q >/tmp/u3.log 2>&1 & P=$!
	wait_n OP 5; echo "op2_rc=$?"
	kill -9 $P; wait $P; echo "killed_rc=$?"
	wait_n PREOP 6; echo "preop_rc=$?"
	ethercat slaves | sed "s/^/after-kill: /"
	ethercat master | grep Receives | sed "s/^ */before: /"
	ec_user_example -c 3000 -q >/tmp/u4.log 2>&1; echo "rerun_rc=$?"
	grep "loopback\|sdo\|cycles" /tmp/u4.log | sed "s/^/rerun: /"
	ethercat master | grep Receives | sed "s/^ */after: /"'

grep -q '^op_rc=0$' "$OUT" || fail "the slaves did not reach OP"
n=$(grep -c '^during: [1-5]  .* OP  ' "$OUT")
[ "$n" -eq 5 ] || fail "ethercat slaves shows $n slaves in OP during the run, expected 5"
grep -q '^second: master 0 is in use by another application$' "$OUT" ||
	fail "a second application did not get the clear 'in use' error"
grep -q '^second_rc=1$' "$OUT" || fail "the second application did not fail"
grep -q '^first_rc=0$' "$OUT" || fail "the example failed"
grep -q '^first: loopback ok: digital [1-9][0-9]*/[1-9]' "$OUT" ||
	fail "no loop-back proof"
grep -q '^first: sdo request ok: 0x1018:01 = 0x0ec51d00 (servo in state 0x08)' "$OUT" ||
	fail "the SDO request did not complete in OP"
grep -q '^first: reg request ok: 0x0130 = 0x0008$' "$OUT" ||
	fail "the register request did not read OP from the EL1008"
grep -q '^first: reg by position ok: offset ' "$OUT" ||
	fail "registration by position differs from by index"
grep -q '^first: scan: 6 of 6 slave(s)$' "$OUT" ||
	fail "ecrt_master_scan_progress() did not report the finished scan"
grep -q '^first: blocking sdo upload: 0x1018:01 of slave 5 = 0x0ec51d00$' "$OUT" ||
	fail "the blocking SDO upload did not read the servo's vendor ID"
grep -q '^killed_rc=137$' "$OUT" || fail "kill -9 did not kill the example"
grep -q '^preop_rc=0$' "$OUT" || fail "slaves not back in PREOP after kill -9"
if grep -q '^after-kill: .* OP  ' "$OUT"; then
	fail "a slave stayed in OP after the application was killed"
fi
grep -q '^rerun_rc=0$' "$OUT" || fail "a new run after kill -9 failed"
grep -q '^rerun: loopback ok' "$OUT" || fail "no loop-back in the new run"
grep -q '^rerun: sdo request ok' "$OUT" || fail "no SDO request in the new run"
# The receive on arrival (ec_ioctl.h): ec_generic reports its frames, so
# most of the 3000 exchanges complete before the application's receive,
# which then makes no system call; a frame late by the emulator's stalls
# goes by ioctl.  Both counters are the master's, cumulative.
rx_receives before after
arrived=$RX_ARRIVED; called=$RX_CALLED
echo "receives of the 3000-cycle run: $arrived on arrival, $called in the call"
[ "$arrived" -ge 1500 ] ||
	fail "only $arrived of 3000 exchanges completed on arrival"
[ $((arrived + called)) -ge 3000 ] ||
	fail "$arrived + $called receives for 3000 cycles"
[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
pass
