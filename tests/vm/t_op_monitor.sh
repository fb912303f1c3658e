#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_op_monitor: in OP (the user example on the default segment) the
# master notices an AL error (vm-control error 3 0x001b, the EL3102) and
# a topology change (vm-control unplug 2, the EL2008) within the bound
# `ethercat master` states ("noticed within"), measured in the guest's
# kernel log from a mark written just before the fault to the master's
# line about it; its monitoring counters moved.  Under TCG the guest's
# 1 ms cycle stretches on a loaded host, so a slack of
# EC_MONITOR_SLACK_MS (default 150) is allowed on top of the bound; the
# figures are printed either way.

. "$(dirname "$0")/testlib.sh"

[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"
SLACK_MS=${EC_MONITOR_SLACK_MS:-150}
vm_run -- "$GUEST_WAIT_N"'
	wait_n PREOP 6 || { echo "not-preop"; ethercat slaves; }
	ec_user_example -c 10000 -q >/tmp/u.log 2>&1 & p=$!
	wait_n OP 5 || echo "not-op"
	sleep 0.5
	ethercat master | grep -A4 "Monitoring in operation"
	echo "MARK-ERROR" >/dev/kmsg
	vm-control error 3 0x001b >/dev/null
	sleep 1
	wait_n OP 5 || echo "not-op-after-error"
	echo "MARK-UNPLUG" >/dev/kmsg
	vm-control unplug 2 >/dev/null
	sleep 0.5
	vm-control replug 2 >/dev/null
	sleep 0.2
	ethercat master | grep -A4 "Monitoring in operation"
	wait $p; echo "example_rc=$?"
	dmesg | grep -E "MARK-|AL status|slave\(s\) responding"'
[ $RC -eq 0 ] || fail "the guest commands exited with status $RC"
grep -q '^not-' "$OUT" && fail "$(grep -m1 '^not-' "$OUT")"

bound_us=$(sed -n 's/.*noticed within: \([0-9]*\) us.*/\1/p' "$OUT" | head -1)
[ -n "$bound_us" ] || fail "ethercat master states no notice bound"

# Seconds of the first kernel log line matching $1 after the line $2.
ts_after() {
	awk -v pat="$1" -v mark="$2" '
		index($0, mark) { on = 1; next }
		on && $0 ~ pat {
			s = $0; sub(/^\[ */, "", s); sub(/\].*/, "", s)
			print s; exit }' "$OUT"
}
ts_mark() {
	awk -v mark="$1" 'index($0, mark) {
		s = $0; sub(/^\[ */, "", s); sub(/\].*/, "", s); print s; exit }' \
		"$OUT"
}
delta_us() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%d", (b - a) * 1000000 }'
}

m=$(ts_mark MARK-ERROR)
t=$(ts_after 'AL status SAFEOP \\+ ERROR' MARK-ERROR)
[ -n "$m" ] && [ -n "$t" ] || fail "the AL error was not logged in OP"
d_err=$(delta_us "$m" "$t")
m=$(ts_mark MARK-UNPLUG)
t=$(ts_after '5 slave\\(s\\) responding' MARK-UNPLUG)
[ -n "$m" ] && [ -n "$t" ] || fail "the unplug was not logged in OP"
d_unplug=$(delta_us "$m" "$t")
echo "t_op_monitor: bound ${bound_us} us; AL error noticed after ${d_err} us, unplug after ${d_unplug} us" >&2
limit=$((bound_us + SLACK_MS * 1000))
[ "$d_err" -le $limit ] ||
	fail "AL error noticed after $d_err us, bound $bound_us us (+ $SLACK_MS ms slack)"
[ "$d_unplug" -le $limit ] ||
	fail "unplug noticed after $d_unplug us, bound $bound_us us (+ $SLACK_MS ms slack)"
b=$(sed -n 's/.*Broadcasts: \([0-9]*\),.*/\1/p' "$OUT" | tail -1)
[ "${b:-0}" -gt 0 ] || fail "the monitor counted no broadcasts in OP"
grep -q '^example_rc=0$' "$OUT" || fail "the user example failed"
pass
