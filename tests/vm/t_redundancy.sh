#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_redundancy: a broken cable costs no process data.  The rig wires a
# second guest NIC to the segment's other end (tests/vm/run --backup, a
# redundant ring).  The user example runs in OP three times for 2500
# cycles: with the ring closed (the base: the same control commands and
# CLI calls at the same moments, but nothing cut), with the cable in front of
# slave 2 cut for 3 s and mended, and with the main NIC's cable cut
# (break 0) for 3 s and mended.  Printed: each run's cycles without
# complete process data, longest run of them and largest wake-up latency,
# its loop-back result, and what `ethercat master` says of the ring
# before, during and after each break.  Asserted: the ring states (closed;
# broken in front of slave 2 with 2 + 4 slaves; closed; broken in front of
# slave 0 with 6 on the backup side; closed), the loop-backs, no frame
# dropped by the simulator, fewer incomplete cycles in a break run beyond
# the base run than half of the break's 1500 cycles of 2 ms (the emulated
# rig needs about a millisecond per round trip, so the example cycles at
# 2 ms; a break without a working backup path loses all of them; the
# exact counts depend on the host's load and are printed); and
# the example's ecrt_domain_state().redundancy_active: 1 during each
# break, 0 after the heal, unchanged in the base run.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

# EC_RED_RUN: more rig options (t_redundancy_igb: --nic igb --native, the
# two ports on the native driver ec_igb).
# shellcheck disable=SC2086 # split on purpose
vm_run --backup ${EC_RED_RUN:-} -- "$GUEST_WAIT_N"'
	ring() { echo "$1: $(ethercat master | grep "Redundancy:")"; }
	ctr() { ethercat master | sed -n "s/^ *Unmatched datagrams: *\([0-9]*\)$/\1/p; s/^ *Timed out datagrams: *\([0-9]*\)$/\1/p; s/^ *Late answers: *\([0-9]*\)$/\1/p" |
		tr "\n" " " | sed "s/^/ctr $1: /; s/ $//"; echo; }
	counts() {
		stall=$(sed -n "s/^wake-up latency: .* max \([0-9]*\) us;.*/\1/p" /tmp/run.log)
		sed -n "s/^cycles \([0-9]*\), incomplete after the first check \([0-9]*\), longest run of incomplete cycles \([0-9]*\)$/run $1: cycles \1 incomplete \2 longest \3 stall $(( ${stall:-0} / 1000 ))/p" /tmp/run.log
		sed -n "s/^loopback/run $1: loopback/p" /tmp/run.log
		echo "run $1: redundancy$(sed -n "s/^domain: redundancy / /p" /tmp/run.log | tr -d "\n")"
	}
	app() { echo "run $1" >/dev/kmsg
		ec_user_example -q -t 2000 -c 2500 >/tmp/run.log 2>&1; }
	wait_n PREOP 6 || echo "slaves not in PREOP"
	ring before
	# The base run does what the break runs do in the guest (the
	# control commands, the CLI) at the same moments, but cuts nothing:
	# under TCG each of those costs the 1-CPU guest cycles too.
	for b in base 2 0; do
		r=break$b; [ $b = base ] && r=base
		ctr "$r start"
		app $r & pid=$!
		wait_n OP 5 || echo "slaves not in OP"
		sleep 0.5
		if [ $b = base ]; then vm-control status >/dev/null
		else vm-control break $b >/dev/null; fi
		sleep 1.5; ring "break $b"; sleep 1.5
		if [ $b = base ]; then vm-control status >/dev/null
		else vm-control heal >/dev/null; fi
		sleep 1; ring "healed $b"
		wait $pid; echo "run $r: rc=$?"; counts $r
		sleep 0.2; ctr "$r end"
	done
	ethercat master | grep -A4 "Redundancy:"
	vm-control status | grep "^frames"
	dmesg | grep "AL status\|redundancy:\|run \|responding" | sed "s/^/klog: /"'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep '^\(before\|break\|healed\|run\|ctr\|frames\|klog\|  *Breaks\|  *Datagrams\|  *Copies\)' "$OUT" | sed 's/^/  /'
expect() {
	grep -q "^$1: *Redundancy: $2" "$OUT" || fail "$1: not '$2'"
}
expect before "ring closed, 6 slave(s)"
expect "break base" "ring closed, 6 slave(s)"
expect "healed base" "ring closed, 6 slave(s)"
expect "break 2" "ring broken in front of slave 2 (2 slave(s) on main, 4 on backup)"
expect "healed 2" "ring closed, 6 slave(s)"
expect "break 0" "ring broken in front of slave 0 (0 slave(s) on main, 6 on backup)"
expect "healed 0" "ring closed, 6 slave(s)"
grep -q "dropped 0 " "$OUT" || fail "the simulator dropped frames"
counts() {
	sed -n "s/^run $1: cycles \([0-9]*\) incomplete \([0-9]*\) longest \([0-9]*\) stall \([0-9]*\)$/\1 \2 \3 \4/p" "$OUT"
}
for r in base break2 break0; do
	grep -q "^run $r: rc=0$" "$OUT" || fail "$r: the example failed"
	grep -q "^run $r: loopback ok" "$OUT" ||
		fail "$r: the loop-back checks failed"
	[ -n "$(counts $r)" ] || fail "$r: the example printed no counts"
done
# What the application reads of its domain (ecrt_domain_state() in
# userspace): redundancy_active 1 while the ring is broken, 0 after it
# healed, never 1 in the base run.
grep -q "^run base: redundancy$" "$OUT" ||
	fail "base: redundancy_active changed with the ring closed"
for r in break2 break0; do
	grep -q "^run $r: redundancy.* active" "$OUT" ||
		fail "$r: redundancy_active never 1 while the ring was broken"
	grep -q "^run $r: redundancy .* inactive$" "$OUT" ||
		fail "$r: redundancy_active not 0 after the ring healed"
done
# The closed ring (the base run) loses nothing: the simulator dropped no
# frame (above) and both copies of every frame come back, so every answer
# matches a datagram in flight, the second copy of one completed with one
# copy ("Copies too late"), or one the master timed out or stopped waiting
# for, as at the example's release ("Late answers"; the frame index of
# either is not used again for EC_LATE_ANSWER_NS, 1 s).  Asserted:
# "Unmatched datagrams" does not grow during the base run.  It could only
# if an answer came more than 1 s after its frame left (the rig's largest
# round trip measured: 88 ms idle, 383 ms in OP with the kernel log
# flooded).  How many datagrams timed out is printed, not bounded: it is
# the emulated host's stalls and the example's catch-up cycles after them
# (doc/SPECNOTES.md, "Late answers").
ctr() { sed -n "s/^ctr $1: \([0-9]*\) \([0-9]*\) \([0-9]*\)$/\1 \2 \3/p" "$OUT"; }
set -- $(ctr "base start")
[ $# -eq 3 ] || fail "no counters before the base run"
u0=$1 t0=$2 l0=$3
set -- $(ctr "base end")
[ $# -eq 3 ] || fail "no counters after the base run"
echo "  base (closed ring): $(($2 - t0)) datagrams timed out, $(($3 - l0)) late answers, $(($1 - u0)) unmatched"
[ "$1" -eq "$u0" ] ||
	fail "base: $(($1 - u0)) unmatched datagrams in the closed ring"
set -- $(counts base)
base=$2
# The cut and the mend themselves: in simulated time (check_redundancy
# test_ring_break_in_op) they cost no cycle, and that is where it is
# asserted.  In the rig, how many cycles the break runs lose beyond the
# base run depends on the host's load (frames in flight at the cut and the
# mend, stalls of the emulated CPU that the largest wake-up latency does
# not fully show), so those figures are printed, not bounded tightly: a
# limit of base + stall / 2 + 20 failed once on a loaded rig with the ring
# working.  What is asserted is what no load explains: without a working
# backup path the 3 s break loses all of its 1500 cycles, so a break run
# must lose fewer than half of them beyond the base run.
BREAK_CYCLES=1500
for r in break2 break0; do
	set -- $(counts $r)
	[ "$1" -eq 2500 ] || fail "$r: $1 cycles"
	echo "  $r: $2 incomplete cycles, $base in the base run, largest stall $4 ms (figures, not bounded)"
	[ $(($2 - base)) -lt $((BREAK_CYCLES / 2)) ] ||
		fail "$r: $2 incomplete cycles ($base in the base run): the backup path did not carry the process data"
done
pass
