#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_redundancy: a broken cable costs no process data.  The rig wires a
# second guest NIC to the segment's other end (tests/vm/run --backup, a
# redundant ring); the user example runs in OP at 1 kHz while the cable
# in front of slave 2 is cut for 3 s and mended, then the main NIC's cable
# (break 0) the same way.  Printed: the example's cycles without complete
# process data (asserted 0: the simulator drops nothing) and its
# loop-back result, and what `ethercat master` says of the ring before,
# during and after each break (asserted: closed, broken in front of slave
# 2 with 2 + 4 slaves, closed, broken in front of slave 0 with 6 on the
# backup side, closed).

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

vm_run --backup -- "$GUEST_WAIT_N"'
	ring() { echo "$1: $(ethercat master | grep "Redundancy:")"; }
	mark() { echo "t_redundancy: $1" >/dev/kmsg; }
	wait_n PREOP 6 || echo "slaves not in PREOP"
	ec_user_example -q -t 2000 -c 8000 >/tmp/run.log 2>&1 &
	pid=$!
	wait_n OP 5 || echo "slaves not in OP"
	sleep 1
	ring before
	mark "break 2"; vm-control break 2 >/dev/null
	sleep 1.5; ring "break 2"; sleep 1.5
	mark heal; vm-control heal >/dev/null
	sleep 1.5; ring "healed"
	mark "break 0"; vm-control break 0 >/dev/null
	sleep 1.5; ring "break 0"; sleep 1.5
	mark heal; vm-control heal >/dev/null
	sleep 1.5; ring "healed again"
	wait $pid; echo "example rc=$?"
	grep "^loopback\|^cycles" /tmp/run.log
	ethercat master | grep -A3 "Redundancy:"
	vm-control status | grep "^frames"
	dmesg | grep -v "dictionary" | tail -n 40'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep '^\(before\|break\|healed\|example\|loopback\|cycles\|frames\|  *Breaks\|  *Datagrams\|  *Copies\)' "$OUT" | sed 's/^/  /'
expect() {
	grep -q "^$1: *Redundancy: $2" "$OUT" || fail "$1: not '$2'"
}
expect before "ring closed, 6 slave(s)"
expect "break 2" "ring broken in front of slave 2 (2 slave(s) on main, 4 on backup)"
expect healed "ring closed, 6 slave(s)"
expect "break 0" "ring broken in front of slave 0 (0 slave(s) on main, 6 on backup)"
expect "healed again" "ring closed, 6 slave(s)"
grep -q "^example rc=0$" "$OUT" || fail "the example failed"
grep -q "^loopback ok" "$OUT" || fail "the loop-back checks failed"
line=$(sed -n 's/^cycles \([0-9]*\), incomplete after the first check \([0-9]*\),.*/\1 \2/p' "$OUT")
[ -n "$line" ] || fail "the example printed no counts"
set -- $line
[ "$1" -ge 8000 ] || fail "only $1 cycles"
[ "$2" -eq 0 ] || fail "$2 cycles without complete process data"
grep -q "dropped 0 " "$OUT" || fail "the simulator dropped frames"
pass
