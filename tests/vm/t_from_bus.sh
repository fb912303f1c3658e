#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_from_bus: ethercat-sim --from-bus records the rig's default segment
# from what the master scanned (in the guest, through the master's tool),
# and a second boot on the recorded file shows the same segment:
# 'ethercat slaves -v', 'pdos' and 'sdos' print the same, line for line
# (but for the ports' receive times, which are clock readings of each
# boot; their differences, the delays, are compared).  The compared
# recording is made with --no-values (faster); a second one with the
# uploads must hold the drive's identity, name and CiA 402 profile.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/sim/ethercat-sim" ] ||
	fail "build/sim/ethercat-sim not built (make userspace)"

# The guest commands of both boots: wait for the slaves and the three
# dictionaries (read after PREOP; recorded half read, a slave would lack
# entries), then list them with prefix $P.
show='wait_n PREOP 6 60 || echo "not-preop"
	i=0; while [ $i -lt 120 ]; do	# the master logs each one read
		[ "$(dmesg | grep -c "entries of the dictionary")" -ge 3 ] &&
			break
		sleep 0.25; i=$((i + 1)); done
	ethercat slaves -v | sed "s/^/$P: v: /"
	ethercat pdos | sed "s/^/$P: pdos: /"
	ethercat sdos | sed "s/^/$P: sdos: /"'

vm_run --guest-sim -- "$GUEST_WAIT_N
	P=A; $show
	t0=\$(date +%s)
	ethercat-sim --from-bus --no-values -o /tmp/bus.json; echo \"from_bus_rc=\$?\"
	echo \"from_bus_s=\$((\$(date +%s) - t0))\"
	[ -s /tmp/bus.json ] || dmesg | tail -25
	sed 's/^/seg: /' /tmp/bus.json
	t0=\$(date +%s)
	ethercat-sim --from-bus -o /tmp/values.json; echo \"values_rc=\$?\"
	echo \"values_s=\$((\$(date +%s) - t0))\"
	sed 's/^/val: /' /tmp/values.json"
grep -q '^not-preop' "$OUT" && fail "the default segment did not reach PREOP"
grep -q '^from_bus_rc=0$' "$OUT" ||
	fail "ethercat-sim --from-bus failed: $(grep -m1 'ethercat-sim' "$OUT")"
sed -n 's/^seg: //p' "$OUT" >"$TMP/bus.json"
# the receive time column of the port lines: a clock reading per boot
rxtime='s/^(v:    [0-3]  +[A-Z/]+ +[a-z]+ +[a-z]+ +[a-z]+ +[-0-9]+) +[0-9]+/\1 RXTIME/'
sed -n 's/^A: //p' "$OUT" | sed -E "$rxtime" >"$TMP/a.txt"
secs=$(sed -n 's/^from_bus_s=//p' "$OUT")
grep -q '"model"' "$TMP/bus.json" || fail "no segment file recorded"
: >"$TMP/check.err"; : >"$TMP/check2.err"
"$TTOP/build/sim/ethercat-sim" --segment "$TMP/bus.json" --unix \
	"$TMP/check.sock" >/dev/null 2>"$TMP/check.err" &
S=$!
i=0
while [ $i -lt 50 ] && ! grep -q ': ready' "$TMP/check.err"; do
	sleep 0.1; i=$((i + 1)); done
kill $S 2>/dev/null; wait $S
grep -q ': ready' "$TMP/check.err" ||
	fail "the recorded file is refused: $(cat "$TMP/check.err")"
# With the uploads: the values as read (the drive's identity and name,
# CiA 402 device type) in a file the simulator takes.
grep -q '^values_rc=0$' "$OUT" || fail "ethercat-sim --from-bus (values) failed"
sed -n 's/^val: //p' "$OUT" >"$TMP/values.json"
vsecs=$(sed -n 's/^values_s=//p' "$OUT")
"$TTOP/build/sim/ethercat-sim" --segment "$TMP/values.json" --unix \
	"$TMP/check2.sock" >/dev/null 2>"$TMP/check2.err" &
S=$!
i=0
while [ $i -lt 50 ] && ! grep -q ': ready' "$TMP/check2.err"; do
	sleep 0.1; i=$((i + 1)); done
kill $S 2>/dev/null; wait $S
grep -q ': ready' "$TMP/check2.err" ||
	fail "the recording with values is refused: $(cat "$TMP/check2.err")"
tr -d ' \n' <"$TMP/values.json" >"$TMP/values.flat"
grep -q '"index":4104,"name":"Devicename","value":"ECSIM-SERVO"' \
	"$TMP/values.flat" || fail "no value of the drive's 0x1008"
grep -q '"subindex":1,"name":"VendorID","value":247799040' \
	"$TMP/values.flat" || fail "no value of the drive's 0x1018:01"
grep -q '"behaviour":"cia402"' "$TMP/values.flat" ||
	fail "the drive's CiA 402 device type was not seen"
cp "$OUT" "$TMP/out1"

vm_run --segment "$TMP/bus.json" -- "$GUEST_WAIT_N
	P=B; $show"
grep -q '^not-preop' "$OUT" && fail "the recorded segment did not reach PREOP"
sed -n 's/^B: //p' "$OUT" | sed -E "$rxtime" >"$TMP/b.txt"
[ -s "$TMP/a.txt" ] && [ -s "$TMP/b.txt" ] || fail "nothing listed"
# The delays (Diff, NextDc) are differences of two clock readings, each
# truncated to 1 ns by a slave clock that runs some ppm off (the
# simulator's frequency errors): one boot may read 1499 where the other
# reads 1500.  Those two columns of the port lines may differ by 1 ns;
# everything else must be identical.
if ! diff "$TMP/a.txt" "$TMP/b.txt" >"$TMP/diff"; then
	awk '
	function port(l) { return l ~ /^v: +[0-3] +[A-Z\/]+ +[a-z]+ +[a-z]+ +[a-z]+ +[-0-9]+ RXTIME +[-0-9]+ +[-0-9]+$/ }
	function d(x, y) { return x > y ? x - y : y - x }
	NR == FNR { a[FNR] = $0; na = FNR; next }
	{ nb = FNR
	  if (a[FNR] == $0) next
	  split(a[FNR], x, " +"); split($0, y, " +")
	  same = port(a[FNR]) && port($0) && length(x) == length(y)
	  for (i = 1; same && i <= length(x) - 2; i++) same = x[i] == y[i]
	  n = length(x)
	  if (same && d(x[n - 1], y[n - 1]) <= 1 && d(x[n], y[n]) <= 1) { near++; next }
	  bad++ }
	END { if (na != nb) bad++; print (bad + 0), (near + 0) }' \
		"$TMP/a.txt" "$TMP/b.txt" >"$TMP/cmp"
	read -r bad near <"$TMP/cmp"
	if [ "$bad" -ne 0 ]; then
		sed 's/^/  /' "$TMP/diff" >&2
		fail "the recorded segment is shown differently ($(grep -c '^[<>]' "$TMP/diff") lines)"
	fi
	echo "t_from_bus: $near port line(s) with a delay 1 ns apart (clock truncation)" >&2
fi
echo "t_from_bus: $(wc -l <"$TMP/a.txt") lines of slaves -v, pdos and sdos identical; recording took ${secs} s in the guest ($(wc -c <"$TMP/bus.json") bytes), with values ${vsecs} s ($(wc -c <"$TMP/values.json") bytes)" >&2
pass
