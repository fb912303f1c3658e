#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_frame_loss: one lost frame costs one cycle.  The user example runs in
# OP at 1 kHz while the simulator drops no frames, then 1 %, then 5 % of
# them, then 20 % for 4 s.  For each run it prints the frames the
# simulator dropped, the cycles without complete process data and the
# longest run of them.  The cycles without complete data may be at most
# the dropped frames plus the late frames of the run (answers that came
# after their cycle: the master counts them as late answers) plus what the
# run without loss shows; the longest run at 1 % at most 2; at 20 % no
# slave's SM watchdog trips (no "Sync manager watchdog" AL status in the
# kernel log).  Counts, not times, are asserted, but an emulated
# guest can stall: a stall of S ms (the example's largest wake-up
# latency) can cost S cycles by itself, so the longest run may be 2 + S,
# and a watchdog trip during a stall longer than the 100 ms watchdog is
# reported, not failed.  EC_LOSS_CYCLES sets the cycles per run (3000).
# Then, at a 10 ms cycle and once every config is operational, 20 % loss
# for 4 s: the application's view of its configs (online, operational,
# al_state) and of the master (al_states) must not change at all
# (IgH: a state changes only on an answered datagram), unless a slave
# really left OP (an SM watchdog on a stalling rig: reported, not failed).
# The same for a kernel application (examples/kernel at a 10 ms cycle in a
# kthread): its configs and master state never change during the 4 s at
# 20 %, its domain's wc_state does, and the simulator's slaves stay in OP.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"
CYCLES=${EC_LOSS_CYCLES:-3000}
# The emulated rig needs about a millisecond for a frame's round trip
# under load: the example cycles at 2 ms (and tells the master so with
# ecrt_master_set_send_interval(), which the loss rule follows).
CYCLE_US=${EC_LOSS_CYCLE_US:-2000}
KO=$("$TTOP/examples/kernel/build" "${KERNEL:-6.1}" 2>"$TMP/build.err") ||
	fail "ec_kernel_example.ko did not build: $(tail -n 3 "$TMP/build.err")"

vm_run --file "$KO:/data/ec_kernel_example.ko" -- 'dropped() { vm-control status | sed -n "s/.* dropped \([0-9]*\) .*/\1/p"; }
	late() { ethercat master | sed -n "s/^ *Late answers: *\([0-9]*\).*/\1/p"; }
	i=0; while [ $i -lt 60 ]; do
		[ "$(ethercat slaves | grep -c " PREOP ")" -ge 6 ] && break
		sleep 0.25; i=$((i + 1)); done
	for pct in 0 1 5 20; do
		n='"$CYCLES"'; [ $pct -eq 20 ] && n=$((4000000 / '"$CYCLE_US"'))
		vm-control drop $pct >/dev/null
		d0=$(dropped); l0=$(late)
		dmesg -c >/dev/null
		ec_user_example -q -t '"$CYCLE_US"' -c $n >/tmp/run.log 2>&1; rc=$?
		vm-control drop 0 >/dev/null
		d1=$(dropped); l1=$(late)
		stall=$(sed -n "s/^wake-up latency: .* max \([0-9]*\) us;.*/\1/p" /tmp/run.log)
		stall=$(( ${stall:-0} / 1000 ))
		sed -n "s/^cycles \([0-9]*\), incomplete after the first check \([0-9]*\), longest run of incomplete cycles \([0-9]*\)$/loss $pct: dropped $((d1 - d0)) late $((l1 - l0)) stall $stall cycles \1 incomplete \2 longest \3/p" /tmp/run.log
		grep "^loopback" /tmp/run.log | sed "s/^/loss $pct: /"
		echo "loss $pct: rc=$rc"
		echo "loss $pct: watchdog $(dmesg | grep -ci "sync manager watchdog")"
	done
	dmesg -c >/dev/null
	ec_user_example -q -t 10000 -c 1200 >/tmp/op.log 2>&1 &
	pid=$!
	i=0; while [ $i -lt 80 ]; do
		grep -q "^all configs operational" /tmp/op.log && break
		sleep 0.25; i=$((i + 1)); done
	d0=$(dropped)
	vm-control drop 20 >/dev/null; sleep 4; vm-control drop 0 >/dev/null
	d1=$(dropped)
	vm-control status | grep "^slave" | sed "s/^/op10: sim /"
	echo "op10: dropped $((d1 - d0)) in OP after $i waits"
	wait $pid; echo "op10: rc=$?"
	sed -n "s/^\(state changes after OP: .*\)/op10: \1/p" /tmp/op.log
	echo "op10: left OP $(dmesg | grep -c "(was OP)")"
	grep -m1 "^all configs operational" /tmp/op.log | sed "s/^/op10: /"
	grep -e ": state" -e "AL states" -e ": online" -e ": offline" -e "operational" /tmp/op.log |
		tail -40 | sed "s/^/op10: log /"
	dmesg | grep -v "working counter" | tail -30 | sed "s/^/op10: klog /"
	dmesg -c >/dev/null
	insmod /data/ec_kernel_example.ko period_us=10000
	echo "kop10: insmod rc=$?"
	i=0; while [ $i -lt 80 ]; do
		dmesg | grep -q "ec_kernel_example: all configs operational" &&
			break
		sleep 0.25; i=$((i + 1)); done
	d0=$(dropped)
	vm-control drop 20 >/dev/null; sleep 4; vm-control drop 0 >/dev/null
	d1=$(dropped)
	vm-control status | grep "^slave" | sed "s/^/kop10: sim /"
	echo "kop10: dropped $((d1 - d0)) in OP after $i waits"
	echo "kop10: left OP $(dmesg | grep -c "(was OP)")"
	rmmod ec_kernel_example; echo "kop10: rmmod rc=$?"
	dmesg | grep -m1 "ec_kernel_example: all configs operational" |
		sed "s/^[^]]*] ec_kernel_example: /kop10: /"
	dmesg | sed -n "s/^.*ec_kernel_example: \(state changes after OP: .*\)/kop10: \1/p"
	dmesg | grep "ec_kernel_example: \(master\|[a-z0-9]*: state\)" |
		tail -20 | sed "s/^[^]]*] /kop10: log /"'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
counts() {
	sed -n "s/^loss $1: dropped \([0-9]*\) late \([0-9]*\) stall \([0-9]*\) cycles \([0-9]*\) incomplete \([0-9]*\) longest \([0-9]*\)$/\1 \2 \3 \4 \5 \6/p" "$OUT"
}
line=$(counts 0)
[ -n "$line" ] || fail "the run without loss printed no counts"
set -- $line
base=$5 base_longest=$6
grep '^loss [0-9]*: \(dropped\|loopback\|watchdog\)' "$OUT" | sed 's/^/  /'
for pct in 1 5 20; do
	line=$(counts $pct)
	[ -n "$line" ] || fail "the run at $pct % printed no counts"
	set -- $line
	dropped=$1 late=$2 stall=$3 incomplete=$5 longest=$6
	[ "$dropped" -gt 0 ] || fail "the simulator dropped no frame at $pct %"
	[ "$incomplete" -le $((dropped + late + base)) ] ||
		fail "$pct %: $incomplete incomplete cycles for $dropped lost and $late late frames (+$base without loss)"
	[ "$pct" -ne 1 ] || [ "$longest" -le $((2 + base_longest + late)) ] ||
		fail "1 %: a run of $longest incomplete cycles ($base_longest without loss, $late late frames)"
	if ! grep -q "^loss $pct: watchdog 0$" "$OUT"; then
		[ "$stall" -ge 100 ] || ! grep -q "^loss 0: watchdog 0$" "$OUT" ||
			fail "$pct %: a slave's SM watchdog tripped (largest stall $stall ms)"
		echo "  $pct %: a watchdog tripped on a stalling rig (stall $stall ms; not counted)"
	fi
done
for pct in 0 1 5; do
	grep -q "^loss $pct: loopback ok" "$OUT" ||
		fail "$pct %: the loop-back checks failed"
done
# 20 % loss for 4 s at a 10 ms cycle, once the configs are operational:
# what the application reads of its configs (online, operational,
# al_state) and of the master (al_states) never changes, and every
# configured slave of the simulator is still in OP after it.
grep '^op10:' "$OUT" | sed 's/^/  /'
n=$(sed -n 's/^op10: dropped \([0-9]*\) .*/\1/p' "$OUT")
[ "${n:-0}" -gt 0 ] || fail "10 ms run: the simulator dropped no frame"
grep -q '^op10: all configs operational' "$OUT" ||
	fail "10 ms run: the configs never became operational"
# A slave that really left OP (its AL status read said so: an SM
# watchdog trips when the emulated rig stalls for longer than 100 ms at
# 20 % loss) must show, so the count is asserted only when none did.
if grep -q '^op10: left OP 0$' "$OUT"; then
	grep -q '^op10: state changes after OP: 0$' "$OUT" ||
		fail "10 ms run at 20 %: the application saw its states change"
	[ "$(grep -c '^op10: sim slave [1-5] .* state OP ' "$OUT")" -eq 5 ] ||
		fail "10 ms run: a configured slave of the simulator is not in OP"
else
	echo "  10 ms run: a slave really left OP (kernel log above); not counted"
fi
# The same for the kernel application.
grep '^kop10:' "$OUT" | sed 's/^/  /'
grep -q '^kop10: insmod rc=0$' "$OUT" || fail "kernel 10 ms run: insmod failed"
grep -q '^kop10: all configs operational' "$OUT" ||
	fail "kernel 10 ms run: the configs never became operational"
n=$(sed -n 's/^kop10: dropped \([0-9]*\) .*/\1/p' "$OUT")
[ "${n:-0}" -gt 0 ] || fail "kernel 10 ms run: the simulator dropped no frame"
line=$(sed -n 's/^kop10: state changes after OP: \([0-9]*\), wc_state changes after OP: \([0-9]*\)$/\1 \2/p' "$OUT")
[ -n "$line" ] || fail "kernel 10 ms run: the example printed no counts"
set -- $line
if grep -q '^kop10: left OP 0$' "$OUT"; then
	[ "$1" -eq 0 ] ||
		fail "kernel 10 ms run at 20 %: the application saw its states change $1 times"
	[ "$2" -gt 0 ] ||
		fail "kernel 10 ms run at 20 %: $n frames lost but wc_state never changed"
	[ "$(grep -c '^kop10: sim slave [1-5] .* state OP ' "$OUT")" -eq 5 ] ||
		fail "kernel 10 ms run: a configured slave of the simulator is not in OP"
else
	echo "  kernel 10 ms run: a slave really left OP (kernel log above); not counted"
fi
pass
