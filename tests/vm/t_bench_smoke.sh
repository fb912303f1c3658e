#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_bench_smoke: make bench in brief (scripts/bench, default segment, 300
# cycles per side, no native core part): the table has every row for both
# sides, the userspace ecrt_domain_process() and ecrt_domain_queue() make
# 0 system calls per call (counted by the program), send 1 and receive
# fewer than 1 (the receive on arrival; exactly 1 in the baseline run
# without it; how many fewer depends on the host's load, 0.1-0.8 seen),
# the shared-area semantics checks all pass, the driver table
# (ec_generic against ec_e1000e on e1000e) has every row with figures for
# both and round trips timed for both, and strace in the guest
# (when the host has it) counts at most 2 ioctls per cycle plus the setup;
# from the capture, no cycle carried more than the documented monitoring
# (1 datagram, 14 bytes); the scan figures and the bare ioctl are printed;
# the whole cycle's CPU has figures for every run, the idle master's with
# its rest (idle_rest_us, the default) and without (0).
# Asserts on counts and presence, never on time.

. "$(dirname "$0")/testlib.sh"

[ -x "$TTOP/build/vm-bin/ec_bench_user" ] ||
	fail "build/vm-bin/ec_bench_user not built (make userspace)"

# The driver table: two more boots on e1000e (EC_BENCH_SMOKE_DRIVERS=0
# skips it).
DRV=${EC_BENCH_SMOKE_DRIVERS:-1}
RC=0
EC_BENCH_CYCLES=300 EC_BENCH_SEGMENTS=sim/segments/default.json \
	EC_BENCH_CORE=0 EC_BENCH_DRIVERS=$DRV EC_BENCH_RTT=200 \
	"$TTOP/scripts/bench" >"$OUT" 2>"$ERR" || RC=$?
[ "$RC" = 0 ] || fail "scripts/bench exited $RC"

# | function | k mean | k sd | k median | u mean | u sd | u median |
#   ratio mean | ratio median | syscalls user | syscalls kernel |
row() {
	grep -F "| \`$1\` |" "$OUT" | head -n 1
}
col() {
	echo "$1" | awk -F'|' -v c="$2" '{ gsub(/ /, "", $c); print $c }'
}
for f in ecrt_master_receive ecrt_domain_process ecrt_domain_queue \
	 ecrt_master_send; do
	r=$(row "$f()")
	[ -n "$r" ] || fail "no row for $f"
	for c in 3 4 5 6 7 8 9 10; do
		v=$(col "$r" $c)
		echo "$v" | grep -Eq '^[0-9]+\.[0-9]+$' ||
			fail "$f: column $c is '$v'"
	done
	[ "$(col "$r" 12)" = 0.00 ] ||
		fail "$f: kernel system calls $(col "$r" 12)"
	n=$(col "$r" 11)
	case $f in
	ecrt_domain_*) ok=$([ "$n" = 0.00 ] && echo y); want=0.00 ;;
	# the receive on arrival: none when the exchange completed as the
	# frames came in, one (the ioctl) when not; on a quiet rig most
	# complete, on a loaded host fewer, but never none of them
	ecrt_master_receive)
		ok=$(echo "$n" | awk '$1 < 1.0 { print "y" }')
		want="fewer than 1.00 (the baseline's)" ;;
	*) ok=$([ "$n" = 1.00 ] && echo y); want=1.00 ;;
	esac
	[ "$ok" = y ] ||
		fail "$f: $n system calls per userspace call, want $want"
done
grep -q '^| whole cycle (sum) |' "$OUT" || fail "no whole-cycle row"
# The driver table: both device modules named, every row with figures.
if [ "$DRV" = 1 ]; then
	grep -q '^| side | function | ec_generic median | ec_generic p99 | ec_e1000e median | ec_e1000e p99 |' "$OUT" ||
		fail "no driver table naming ec_generic and ec_e1000e"
	for side in kernel user; do
		for f in ecrt_master_receive ecrt_domain_process ecrt_domain_queue \
			 ecrt_master_send; do
			r=$(grep -F "| $side | \`$f()\` |" "$OUT" | head -n 1)
			[ -n "$r" ] || fail "driver table: no $side row for $f"
			for c in 4 5 6 7 8 9; do
				v=$(col "$r" $c)
				echo "$v" | grep -Eq '^[0-9]+\.[0-9]+$' ||
					fail "driver table: $side $f column $c is '$v'"
			done
		done
	done
	r=$(grep -F "| kernel | frame round trip" "$OUT" | head -n 1)
	for c in 4 6; do
		echo "$(col "$r" $c)" | grep -Eq '^[0-9]+\.[0-9]+$' ||
			fail "driver table: no round trip median (column $c '$(col "$r" $c)')"
	done
	grep -Eq '^round trips \(answers not delayed\): [1-9][0-9]* and [1-9][0-9]* timed' "$OUT" ||
		fail "no round trips timed for both drivers"
fi
# The wire, counted from the capture: the monitoring never above its
# documented 14 bytes and 1 datagram in a cycle (bytes, not time).
r=$(grep -A3 '^| frames | domain datagrams' "$OUT" | sed -n 3p)
[ -n "$r" ] || fail "no wire figures from the capture"
[ "$(col "$r" 12)" = 0 ] ||
	fail "cycles with monitoring above 14 bytes: $(col "$r" 12)"
[ "$(col "$r" 5 | cut -d/ -f2)" -le 1 ] ||
	fail "more than one monitoring datagram in a cycle: $(col "$r" 5)"
grep -Eq '^scan \(master log\): [0-9]+ slaves scanned in [0-9]+ ms, all in PREOP [0-9]+ ms' "$OUT" ||
	fail "no scan figures: $(grep '^scan' "$OUT")"
grep -q '^bare ioctl into the module' "$OUT" || fail "no bare ioctl figure"
# The baseline of the receive on arrival (rx_on_arrival=0): every row, and
# its userspace receive is the ioctl again.
grep -q '^The receive on arrival against its baseline' "$OUT" ||
	fail "no baseline table for the receive on arrival"
b=$(grep '^The receive on arrival against its baseline' -A 10 "$OUT" |
	grep '^| `ecrt_master_receive()` |')
[ -n "$b" ] || fail "no receive row in the baseline table"
[ "$(col "$b" 9)" = 1.00 ] ||
	fail "baseline userspace receive: $(col "$b" 9) system calls, want 1.00"
for c in 3 4 5 6; do
	echo "$(col "$b" $c)" | grep -Eq '^[0-9]+\.[0-9]+$' ||
		fail "baseline receive: column $c is '$(col "$b" $c)'"
done
# The whole cycle's CPU (busy per cycle from the guest's idle time): the
# idle master's row, and every run's row that is there has figures (a
# run of 300 cycles is short: a loaded host's sleeps can carry its windows
# past its end, and then the run is left out of the table, by design); at
# least one application's row.
grep -q "^| run | busy per cycle |" "$OUT" || fail "no CPU table"
apps=0
rest=$(sed -n 's/^#define EC_IDLE_REST_US \([0-9]*\).*/\1/p' "$TTOP/master/linux/thread.c")
for k in "master idle (PREOP), a turn every ms (idle_rest_us=0)" \
	 "master idle (PREOP), resting (idle_rest_us=$rest, the default)" \
	 "kernel application" \
	 "kernel application, baseline" "userspace application" \
	 "userspace application, baseline"; do
	r=$(grep -F "| $k |" "$OUT" | head -n 1)
	if [ -z "$r" ]; then
		case $k in
		"master idle"*) fail "CPU table: no row '$k'" ;;
		esac
		continue
	fi
	case $k in
	"master idle"*) ;;
	*) apps=$((apps + 1)) ;;
	esac
	for c in 3 4 5 7 13; do
		echo "$(col "$r" $c)" | grep -Eq '^-?[0-9]+(\.[0-9]+)?$' ||
			fail "CPU table: $k column $c is '$(col "$r" $c)'"
	done
done
[ "$apps" -ge 1 ] || fail "CPU table: no application's row"
grep -q 'THE RIG IS EMULATED\|rig: QEMU with' "$OUT" ||
	fail "the output does not say what the rig is"
grep -q '^On real hardware' "$OUT" || fail "no real-hardware instructions"
grep -q 'semantics against the kernel.*: \([0-9]*\)/\1 checks ok$' "$OUT" ||
	fail "semantics: $(grep 'semantics against' "$OUT")"
if command -v strace >/dev/null 2>&1; then
	n=$(sed -n 's/^strace -c -f .*: \([0-9]*\) ioctl,.*/\1/p' "$OUT")
	[ -n "$n" ] || fail "no strace figures"
	# 1000 cycles: the send's ioctl each, the receive's for those that
	# did not complete on arrival, about 100 for the setup; 4 per cycle
	# would mean process and queue entered the kernel.
	[ "$n" -ge 1000 ] && [ "$n" -le 2400 ] ||
		fail "strace counted $n ioctls for 1000 cycles"
fi
pass
