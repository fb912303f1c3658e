#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_activate_early: the user example requests and activates the master
# before the first scan (native ec_e1000e on QEMU's e1000e: its link comes
# up after the example started, which sees "scan: 0 of 0 slave(s)").  The
# scan then runs in the operation phase: the master logs it, every slave
# is scanned (identities known, in OP or PREOP), the example's domain
# becomes complete (the configured slaves reached OP) and after the
# example all six are back in PREOP with their names.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

vm_run --nic e1000e --native -- "$GUEST_WAIT_N"'
	ec_user_example -c 6000 -q >/tmp/u.log 2>&1 & P=$!
	wait_n OP 5; echo "op_rc=$?"
	ethercat slaves | sed "s/^/op: /"
	wait $P; echo "user_rc=$?"
	head -1 /tmp/u.log | sed "s/^/user: /"
	wait_n PREOP 6; echo "idle_rc=$?"
	ethercat slaves | sed "s/^/idle: /"
	dmesg | grep -E "active:|link is UP|scanned in|now [0-9]+/[0-9]+" |
		sed "s/^/klog: /"'
[ $RC -eq 0 ] || fail "the guest commands exited with status $RC"
grep -q '^user: scan: 0 of 0 slave(s)' "$OUT" ||
	fail "the example did not activate before the first scan (see user: line)"
# Activation came before the scan: "active:" is logged before "scanned in".
a=$(grep -n 'klog: .*active:' "$OUT" | head -1 | cut -d: -f1)
s=$(grep -n 'klog: .*slave(s) scanned in' "$OUT" | head -1 | cut -d: -f1)
[ -n "$a" ] && [ -n "$s" ] || fail "no activation or no scan in the kernel log"
[ "$a" -lt "$s" ] || fail "the scan finished before the activation"
grep -q '^op_rc=0$' "$OUT" || fail "the configured slaves did not reach OP"
grep -q 'klog: .*domain 0: .*now 6/6' "$OUT" ||
	grep -q 'klog: .*domain 0: working counter changed to 6/6' "$OUT" ||
	fail "the example's domain never became complete"
grep -q '^user_rc=0$' "$OUT" || fail "the user example failed"
grep -q '^idle_rc=0$' "$OUT" || fail "not all six slaves back in PREOP"
[ "$(grep -c '^idle: .*PREOP .*\(EK1100\|EL1008\|EL2008\|EL3102\|EL4102\|ECSIM-SERVO\)' "$OUT")" -eq 6 ] ||
	fail "not every slave was scanned (names missing)"
pass
