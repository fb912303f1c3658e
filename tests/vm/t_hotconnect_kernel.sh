#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_hotconnect_kernel: the hot-connect calls from a kernel application
# (examples/hotconnect/kernel, built against the rig's kernel by
# examples/kernel/build) on examples/hotconnect/segment.json at 2 ms: the
# base reaches OP without the tool; the tool is plugged in and pulled out
# HCK_ROUNDS times (default 3) with vm-control.  Asserted: the module
# loads, the tool joins and leaves every round (the module's own log
# lines), its inputs read zero while absent, the kernel took the
# hot-connect scan of the new slaves; printed: the module's figures and
# the kernel's hot-connect lines.  Alone: it builds a kernel module.

. "$(dirname "$0")/testlib.sh"

need ethercat
KO=$(EC_KMOD_SRC="$TTOP/examples/hotconnect/kernel" \
	EC_KMOD_NAME=ec_hc_kernel_example EC_KMOD_OUT=hc_example \
	"$TTOP/examples/kernel/build" "${KERNEL:-6.1}" 2>"$TMP/build.err") ||
	fail "ec_hc_kernel_example.ko did not build: $(tail -n 3 "$TMP/build.err")"
ROUNDS=${HCK_ROUNDS:-3}

vm_run --segment "$TTOP/examples/hotconnect/segment.json" \
	--file "$KO:/data/ec_hc_kernel_example.ko" -- "$GUEST_WAIT_N"'
	wait_dmesg() {	# PATTERN COUNT: up to 15 s
		i=0; while [ $i -lt 150 ]; do
			[ "$(dmesg | grep -c "$1")" -ge "$2" ] && return 0
			sleep 0.1; i=$((i + 1)); done; return 1; }
	wait_n PREOP 3; echo "preop_rc=$?"
	insmod /data/ec_hc_kernel_example.ko; echo "insmod_rc=$?"
	wait_n OP 2; echo "op_rc=$?"
	r=0; while [ $r -lt '"$ROUNDS"' ]; do
		r=$((r + 1))
		vm-control plug tool >/dev/null
		wait_dmesg "ec_hc_kernel_example: tool present" $r ||
			echo "no_join=$r"
		vm-control pull tool >/dev/null
		wait_dmesg "ec_hc_kernel_example: tool absent" $r ||
			echo "no_leave=$r"
		# the master has dropped them (a tool plugged back in while
		# it checks is found by the check: the full rescan)
		wait_dmesg "hot connect: .*dropped in\|full rescan" $r
	done
	rmmod ec_hc_kernel_example; echo "rmmod_rc=$?"
	dmesg | grep "ec_hc_kernel_example\|hot connect\|group tool" |
		sed "s/^[^]]*] /kernel: /"'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep -q '^preop_rc=0$' "$OUT" || fail "the segment was not scanned"
grep -q '^insmod_rc=0$' "$OUT" || fail "the module did not load"
grep -q '^op_rc=0$' "$OUT" || fail "the base did not reach OP"
! grep -q '^no_join=' "$OUT" || fail "the tool did not join: $(grep '^no_join=' "$OUT")"
! grep -q '^no_leave=' "$OUT" || fail "the tool did not leave: $(grep '^no_leave=' "$OUT")"
grep -q '^rmmod_rc=0$' "$OUT" || fail "the module did not unload"
grep -q "^kernel: .*ec_hc_kernel_example: cycles .*tool joins $ROUNDS, absent inputs not zero 0\$" "$OUT" ||
	fail "the module's figures are not as expected: $(grep 'ec_hc_kernel_example: cycles' "$OUT")"
grep -q '^kernel: .*hot connect: .*the known ones untouched' "$OUT" ||
	fail "no plug-in was scanned the hot-connect way"
grep '^kernel: ' "$OUT"
echo "scans: $(grep -c '^kernel: .*the known ones untouched' "$OUT") of $ROUNDS plug-in(s) of the new slaves only, $(grep -c '^kernel: .*full rescan' "$OUT") full rescan(s)"
pass
