#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# examples/machine/test.sh: the clamping station's acceptance test, run
# where the master and ec_machine run, on the segment of segment.json.
# It drives the simulator through its control commands (sim/README.md,
# "--control"): SIM_CTL is the command that sends one ("vm-control" in the
# test rig, the default; on your own machine e.g.
# SIM_CTL="ethercat-sim-ctl -s /run/ethercat-sim.ctl" or a socat line).
#
#   1. the machine runs and makes parts (the sensor follows the valve
#      through the simulator's wire);
#   2. "unplug 1" takes the EL1008 (the clamp sensor) off the bus: the
#      machine stops with a FAULT line, valve off, alarm on;
#   3. "replug 1" puts it back: the master brings it to OP again, the
#      machine says "recovered" and makes parts again;
#   4. at SIGTERM it stops, running, with exit status 0.
# Prints "machine-test: PASS" or "machine-test: FAIL: why" (exit 1).

CTL=${SIM_CTL:-vm-control}
LOG=${MACHINE_LOG:-/tmp/machine.log}
BIN=${MACHINE_BIN:-ec_machine}
# 2 ms: the rig's emulated CPU (TCG) cannot keep a 1 ms cycle
ARGS=${MACHINE_ARGS:--t 2000}

fail() {
	echo "machine-test: FAIL: $*"
	[ -n "$PID" ] && kill "$PID" 2>/dev/null
	sed 's/^/machine-test: log: /' "$LOG"
	exit 1
}

# wait_for PATTERN SECONDS: until the log has a line matching PATTERN
# after line $FROM (the lines seen so far).
wait_for() {
	n=0
	while [ $n -lt $(($2 * 2)) ]; do
		tail -n +$((FROM + 1)) "$LOG" | grep -q "$1" && return 0
		sleep 0.5
		n=$((n + 1))
	done
	return 1
}
mark() { FROM=$(wc -l <"$LOG"); }
ctl() {
	$CTL "$@" >/tmp/machine-ctl.out 2>&1 ||
		fail "control command '$*': $(cat /tmp/machine-ctl.out)"
	echo "machine-test: sent '$*'"
}

FROM=0
PID=
# shellcheck disable=SC2086
"$BIN" $ARGS >"$LOG" 2>&1 &
PID=$!
wait_for '^machine: running$' 20 || fail "the machine did not start"
wait_for '^machine: 25 parts$' 10 || fail "no parts made"
echo "machine-test: running, 25 parts made"

mark
ctl unplug 1
wait_for '^machine: FAULT: ' 10 || fail "no FAULT after unplugging the sensor"
echo "machine-test: reaction: $(tail -n +$((FROM + 1)) "$LOG" |
	grep -m1 '^machine: FAULT: ')"
sleep 1
mark
tail -n +1 "$LOG" | grep -q '^machine: recovered' &&
	fail "recovered while the sensor was unplugged"

ctl replug 1
wait_for '^machine: recovered after' 20 ||
	fail "did not recover after the sensor came back"
mark
wait_for '^machine: [0-9]* parts$' 10 || fail "no parts after recovering"
echo "machine-test: recovered, making parts again"

kill -TERM "$PID"
wait "$PID"
rc=$?
PID=
grep -q '^machine: stopped running: parts [1-9][0-9]*, faults 1, recoveries 1$' \
	"$LOG" || fail "unexpected summary: $(grep stopped "$LOG")"
[ $rc -eq 0 ] || fail "ec_machine exited with status $rc"
grep '^machine: stopped' "$LOG" | sed 's/^/machine-test: /'
echo "machine-test: PASS"
