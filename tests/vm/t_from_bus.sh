#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_from_bus: ethercat-sim --from-bus records the rig's default segment
# from what the master scanned (in the guest, through the master's tool),
# and a second boot on the recorded file shows the same segment:
# 'ethercat slaves -v', 'pdos' and 'sdos' print the same, line for line
# (but for the ports' receive times, which are clock readings of each
# boot; their differences, the delays, are compared).  --no-values: the
# uploads of every entry take ~40 s under TCG (sim/README.md).

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/ethercat-sim" ] ||
	fail "build/vm-bin/ethercat-sim not built (make userspace)"

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

vm_run -- "$GUEST_WAIT_N
	P=A; $show
	t0=\$(date +%s)
	ethercat-sim --from-bus --no-values -o /tmp/bus.json; echo \"from_bus_rc=\$?\"
	echo \"from_bus_s=\$((\$(date +%s) - t0))\"
	[ -s /tmp/bus.json ] || dmesg | tail -25
	sed 's/^/seg: /' /tmp/bus.json"
grep -q '^not-preop' "$OUT" && fail "the default segment did not reach PREOP"
grep -q '^from_bus_rc=0$' "$OUT" ||
	fail "ethercat-sim --from-bus failed: $(grep -m1 'ethercat-sim' "$OUT")"
sed -n 's/^seg: //p' "$OUT" >"$TMP/bus.json"
# the receive time column of the port lines: a clock reading per boot
rxtime='s/^(v:    [0-3]  +[A-Z/]+ +[a-z]+ +[a-z]+ +[a-z]+ +[-0-9]+) +[0-9]+/\1 RXTIME/'
sed -n 's/^A: //p' "$OUT" | sed -E "$rxtime" >"$TMP/a.txt"
secs=$(sed -n 's/^from_bus_s=//p' "$OUT")
grep -q '"model"' "$TMP/bus.json" || fail "no segment file recorded"
"$TTOP/build/sim/ethercat-sim" --segment "$TMP/bus.json" --unix \
	"$TMP/check.sock" >/dev/null 2>"$TMP/check.err" &
S=$!
i=0
while [ $i -lt 50 ] && ! grep -q ': ready' "$TMP/check.err"; do
	sleep 0.1; i=$((i + 1)); done
kill $S 2>/dev/null; wait $S
grep -q ': ready' "$TMP/check.err" ||
	fail "the recorded file is refused: $(cat "$TMP/check.err")"
cp "$OUT" "$TMP/out1"

vm_run --segment "$TMP/bus.json" -- "$GUEST_WAIT_N
	P=B; $show"
grep -q '^not-preop' "$OUT" && fail "the recorded segment did not reach PREOP"
sed -n 's/^B: //p' "$OUT" | sed -E "$rxtime" >"$TMP/b.txt"
[ -s "$TMP/a.txt" ] && [ -s "$TMP/b.txt" ] || fail "nothing listed"
if ! diff "$TMP/a.txt" "$TMP/b.txt" >"$TMP/diff"; then
	sed 's/^/  /' "$TMP/diff" >&2
	fail "the recorded segment is shown differently ($(grep -c '^[<>]' "$TMP/diff") lines)"
fi
echo "t_from_bus: $(wc -l <"$TMP/a.txt") lines of slaves -v, pdos and sdos identical; recording took ${secs} s in the guest, $(wc -c <"$TMP/bus.json") bytes" >&2
pass
