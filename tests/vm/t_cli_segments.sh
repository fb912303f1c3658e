#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_segments: 'ethercat slaves' on segments other than the default
# (sim/segments/small.json, sim/segments/big100.json) lists exactly the
# slaves the segment file names, in ring order, in PREOP; and a slave
# unplugged at run time (vm-control unplug, the ring closes behind it) is
# gone from 'ethercat slaves' after 'ethercat rescan', with the slaves
# behind it moved up one position.  Expectations come from the segment
# files, not from a copy of earlier output.

. "$(dirname "$0")/testlib.sh"

need ethercat
command -v python3 >/dev/null || fail "python3 missing (scripts/deps)"

# The model names of a segment file in ring order, one per line.
models() {
	python3 -c 'import json, sys
for s in json.load(open(sys.argv[1]))["slaves"]:
    print(s["model"])' "$1"
}

# The model column of "ethercat slaves": the name starts with it.
listed() {
	sed -n "/^$1-BEGIN$/,/^$1-END$/p" "$OUT" | sed '1d;$d' |
		awk '{ print $5 }'
}

# Wait until $1 slaves are in PREOP with their SII read (while a scan
# runs, slaves show without names).
WAIT='i=0; while [ $i -lt 120 ]; do
	n=$(ethercat slaves 2>/dev/null | grep " PREOP " |
		grep -vc "0x00000000:0x00000000")
	[ "$n" = "$1" ] && break; sleep 0.5; i=$((i + 1)); done'

for seg in small big100; do
	file=$TTOP/sim/segments/$seg.json
	models "$file" >"$TMP/want.$seg"
	n=$(wc -l <"$TMP/want.$seg")
	vm_run --segment "$file" -- "set -- $n; $WAIT
		echo LIST-BEGIN; ethercat slaves; echo LIST-END"
	listed LIST >"$TMP/got.$seg"
	cmp -s "$TMP/want.$seg" "$TMP/got.$seg" ||
		fail "$seg: ethercat slaves lists $(tr '\n' ' ' <"$TMP/got.$seg")" \
			"instead of $(tr '\n' ' ' <"$TMP/want.$seg")"
	[ "$(sed -n '/^LIST-BEGIN$/,/^LIST-END$/p' "$OUT" |
		grep -c ' PREOP ')" = "$n" ] || fail "$seg: not all slaves in PREOP"
done

# Unplug slave 1 of the small segment: the others move up.
file=$TTOP/sim/segments/small.json
models "$file" | sed '2d' >"$TMP/want.unplug"
vm_run --segment "$file" -- "set -- 3; $WAIT
	vm-control unplug 1; echo rc_unplug=\$?
	ethercat rescan; set -- 2; $WAIT
	echo UNPLUG-BEGIN; ethercat slaves; echo UNPLUG-END"
grep -q '^rc_unplug=0$' "$OUT" || fail "vm-control unplug failed"
listed UNPLUG >"$TMP/got.unplug"
cmp -s "$TMP/want.unplug" "$TMP/got.unplug" ||
	fail "after unplugging slave 1: $(tr '\n' ' ' <"$TMP/got.unplug")" \
		"instead of $(tr '\n' ' ' <"$TMP/want.unplug")"
pass
