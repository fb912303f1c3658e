#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_multi_master: two masters on two segments (tests/vm/run --segment2:
# main_devices=MAC,MAC2, /dev/EtherCAT0 and 1).  Asserted: `ethercat -m 1
# slaves` lists the second segment only (its seventh slave, an EL1004,
# which master 0 does not have), `-m 2` is refused by name; a user example
# on each master at once, both loop-backs right; then master 1's example
# killed with SIGKILL in the middle of its run while master 0's runs on:
# master 0's loop-back stays right, master 1 goes back to its idle phase
# and its slaves to PREOP, and a control command to the second segment
# (unplug of its EL1004) is seen by master 1 only.  Printed: each run's
# incomplete cycles and trips out of OP.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

vm_run --segment2 "$TTOP/sim/segments/second.json" -- '
	wait_m() {
		i=0; while [ $i -lt 160 ]; do
			[ "$(ethercat -m "$1" slaves 2>/dev/null |
			     grep -c " $2 ")" -ge "$3" ] && return 0
			sleep 0.25; i=$((i + 1)); done; return 1; }
	summary() {
		grep "^loopback\|^cycles\|^out of OP" "$2" | sed "s/^/$1: /"; }
	wait_m 0 PREOP 6 || echo "master 0: slaves not in PREOP"
	wait_m 1 PREOP 7 || echo "master 1: slaves not in PREOP"
	ethercat -m 0 slaves | sed "s/^/m0 slaves: /"
	ethercat -m 1 slaves | sed "s/^/m1 slaves: /"
	ethercat -m 2 slaves >/tmp/m2.out 2>&1; echo "m2 rc=$?"
	sed "s/^/m2: /" /tmp/m2.out

	ec_user_example -m 0 -q -t 2000 -c 2500 >/tmp/both0.log 2>&1 & p0=$!
	ec_user_example -m 1 -q -t 2000 -c 2500 >/tmp/both1.log 2>&1 & p1=$!
	wait $p0; echo "both0 rc=$?"
	wait $p1; echo "both1 rc=$?"
	summary both0 /tmp/both0.log
	summary both1 /tmp/both1.log

	ec_user_example -m 0 -q -t 2000 -c 3000 >/tmp/kill0.log 2>&1 & p0=$!
	ec_user_example -m 1 -q -t 2000 -c 100000 >/tmp/kill1.log 2>&1 & p1=$!
	wait_m 1 OP 5 || echo "master 1: slaves not in OP"
	sleep 1
	kill -KILL $p1; wait $p1; echo "kill1 rc=$?"
	wait $p0; echo "kill0 rc=$?"
	summary kill0 /tmp/kill0.log
	wait_m 1 PREOP 7 && echo "m1 back in PREOP"
	ethercat -m 1 master | grep "Phase:" | sed "s/^ */m1 /"
	ethercat -m 0 master | grep "Phase:" | sed "s/^ */m0 /"

	vm-control -s 2 unplug 6 >/dev/null; echo "unplug rc=$?"
	i=0; while [ $i -lt 80 ] &&
		[ "$(ethercat -m 1 slaves | wc -l)" -ne 6 ]; do
		sleep 0.25; i=$((i + 1)); done
	echo "after unplug: m0 $(ethercat -m 0 slaves | wc -l)" \
	     "m1 $(ethercat -m 1 slaves | wc -l)"
	dmesg | grep -i "master 1\|EtherCAT 1\|warn" | tail -n 20 |
		sed "s/^/klog: /"'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep '^\(m[0-2]\|both\|kill\|after\|unplug\)' "$OUT" | sed 's/^/  /'
n0=$(grep -c '^m0 slaves: ' "$OUT")
n1=$(grep -c '^m1 slaves: ' "$OUT")
[ "$n0" -eq 6 ] || fail "master 0 lists $n0 slaves, not the first segment's 6"
[ "$n1" -eq 7 ] || fail "master 1 lists $n1 slaves, not the second segment's 7"
grep -q '^m1 slaves: 6 .*EL1004' "$OUT" ||
	fail "master 1 does not list the second segment's EL1004 at 6"
! grep -q '^m0 slaves: .*EL1004' "$OUT" ||
	fail "master 0 lists the second segment's EL1004"
grep -q '^m2 rc=[12]$' "$OUT" || fail "ethercat -m 2 was not refused"
grep -q '^m2: .*2' "$OUT" || fail "the -m 2 error does not name master 2"
for r in both0 both1 kill0; do
	grep -q "^$r rc=0$" "$OUT" || fail "$r: the example failed"
	grep -q "^$r: loopback ok" "$OUT" || fail "$r: loop-back not right"
done
grep -q '^kill1 rc=137$' "$OUT" || fail "master 1's example was not killed"
grep -q '^m1 back in PREOP$' "$OUT" ||
	fail "master 1's slaves did not go back to PREOP after the kill"
grep -q '^m1 Phase: *Idle' "$OUT" || fail "master 1 not back in its idle phase"
grep -q '^unplug rc=0$' "$OUT" || fail "vm-control -s 2 unplug failed"
grep -q '^after unplug: m0 6 m1 6$' "$OUT" ||
	fail "the second segment's unplug was not seen by master 1 only"
pass
