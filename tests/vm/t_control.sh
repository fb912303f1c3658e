#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_control: vm-control in the guest reaches ethercat-sim's control socket
# through the guest's ttyS2: "status" lists the slaves of the default
# segment and counts the frames the master sent, a bad command is refused
# with status 1, and "drop 100" / "drop 0" are acknowledged.

. "$(dirname "$0")/testlib.sh"

[ -x "$TTOP/build/sim/ethercat-sim" ] ||
	fail "build/sim/ethercat-sim not built (make userspace)"
vm_run -- 'sleep 1
	vm-control status; echo "rc_status=$?"
	vm-control no-such-command; echo "rc_bad=$?"
	vm-control drop 100; echo "rc_drop=$?"
	vm-control drop 0; echo "rc_undrop=$?"'
[ $RC -eq 0 ] || fail "the guest commands exited with status $RC"
grep -q '^rc_status=0$' "$OUT" || fail "vm-control status failed"
grep -q '^slave 0 ' "$OUT" || fail "status lists no slave 0"
frames=$(sed -n 's/^frames in \([0-9]*\) .*/\1/p' "$OUT")
[ -n "$frames" ] && [ "$frames" -gt 0 ] ||
	fail "status shows no frames from the master (${frames:-none})"
grep -q '^rc_bad=1$' "$OUT" || fail "a bad command did not fail"
grep -q '^rc_drop=0$' "$OUT" || fail "drop 100 was not acknowledged"
grep -q '^rc_undrop=0$' "$OUT" || fail "drop 0 was not acknowledged"
pass
