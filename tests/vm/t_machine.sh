#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_machine: the example machine (examples/machine): its segment file is
# what make-segment builds from the catalogue's ESI exports with
# ethercat-sim --from-esi, and in the guest examples/machine/test.sh runs
# ec_machine on it and drives the simulator through vm-control (unplug and
# replug the clamp sensor), checking the machine's FAULT and recovery.

. "$(dirname "$0")/testlib.sh"

need ethercat
SIM=$TTOP/build/sim/ethercat-sim
[ -x "$SIM" ] || fail "build/sim/ethercat-sim not built"
[ -x "$TTOP/build/vm-bin/ec_machine" ] ||
	fail "build/vm-bin/ec_machine not built (make userspace)"

"$TTOP/examples/machine/make-segment" "$TTOP/build" "$TMP/segment.json" \
	2>"$TMP/make.err" || fail "make-segment: $(cat "$TMP/make.err")"
cmp -s "$TMP/segment.json" "$TTOP/examples/machine/segment.json" ||
	fail "examples/machine/segment.json is not what make-segment writes"

vm_run --segment "$TTOP/examples/machine/segment.json" \
	--file "$TTOP/examples/machine/test.sh" -- "$GUEST_WAIT_N
	wait_n PREOP 3 || echo 'slaves not in PREOP'
	ethercat slaves | sed 's/^/slaves: /'
	sh /data/test.sh"
grep -q '^slaves: 2 .*EL2008' "$OUT" || fail "the slaves are not listed"
grep -q '^machine-test: PASS$' "$OUT" ||
	fail "$(grep -m1 '^machine-test: FAIL' "$OUT" || echo 'test.sh did not pass')"
grep '^machine-test: reaction' "$OUT" | sed 's/^machine-test: /  /'
pass
