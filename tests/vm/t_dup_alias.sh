#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_dup_alias: a segment with two slaves that share a station alias
# (issue 29).  The simulator accepts it with a warning; the master logs
# one line naming the slaves when it scans; "ethercat slaves -v" shows a
# Duplicate line at both slaves (and not at the others); "ethercat
# master" shows the duplicate aliases; the default "slaves" list is
# IgH's.  doc/SPECNOTES.md, "Duplicate station aliases".

. "$(dirname "$0")/testlib.sh"

need ethercat
cat >"$TMP/dup.json" <<'SEG'
{ "slaves": [ { "model": "EK1100" },
	      { "model": "EL1008", "alias": 7 },
	      { "model": "EL2008", "alias": 7 },
	      { "model": "EL2008", "alias": 9 } ] }
SEG
vm_run --segment "$TMP/dup.json" -- "$GUEST_WAIT_N"'
	wait_n PREOP 4 || echo "not all in PREOP"
	dmesg | grep "same station alias"
	echo "log_lines=$(dmesg | grep -c "same station alias")"
	ethercat slaves
	for p in 0 1 2 3; do ethercat slaves -v -p $p | head -3; done
	ethercat master | head -5; echo "rc_master=$?"'

[ "$RC" -eq 0 ] || fail "the guest commands failed (status $RC)"
# the rig keeps the simulator's messages to itself: its warning, on the
# host (tests/sim/t_bad_input.sh checks it too)
timeout 2 "$TTOP/build/sim/ethercat-sim" --segment "$TMP/dup.json" \
	--unix "$TMP/sim.sock" 2>"$TMP/sim.err"
grep -q 'ethercat-sim: warning: .*dup.json: slaves 1 and 2 have the same "alias" 7' "$TMP/sim.err" ||
	fail "the simulator did not warn about the duplicate alias: $(cat "$TMP/sim.err")"
grep -q 'not all in PREOP' "$OUT" && fail "the slaves did not reach PREOP"
grep -q 'slaves 1 and 2 have the same station alias 7: a config addressed by alias 7 is not attached' "$OUT" ||
	fail "no log line naming slaves 1 and 2"
# one scan, one line (a rescan would add one each)
n=$(sed -n 's/^log_lines=//p' "$OUT")
[ "${n:-0}" -ge 1 ] || fail "the log line is missing"
grep -q 'same station alias 9' "$OUT" && fail "alias 9 is unique but was logged"
grep -q '^1  *7:0  *PREOP  *+  ' "$OUT" || fail "slaves: slave 1 is not 7:0"
grep -q '^2  *7:0  *PREOP  *+  ' "$OUT" || fail "slaves: slave 2 is not 7:0"
awk '/^=== Master 0, Slave [0-9] ===$/ { s = $5 }
     /^  Duplicate: / { print s ": " $0 }' "$OUT" >"$TMP/dups"
grep -q '^1: *Duplicate: 2 slaves have this alias (the next: slave 2); a config addressed by it is not attached$' "$TMP/dups" ||
	fail "slaves -v: no Duplicate line at slave 1"
grep -q '^2: *Duplicate: 2 slaves have this alias (the next: slave 1);' "$TMP/dups" ||
	fail "slaves -v: no Duplicate line at slave 2"
[ "$(wc -l <"$TMP/dups")" -eq 2 ] || fail "slaves -v: Duplicate lines at other slaves: $(cat "$TMP/dups")"
grep -q '^  Duplicate aliases: 7 (slaves 1, 2)$' "$OUT" ||
	fail "ethercat master: no Duplicate aliases line"
grep -q '^rc_master=0$' "$OUT" || fail "ethercat master failed"
pass
