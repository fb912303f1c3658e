#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_link_health: the master's link health in OP (the user example on the
# default segment at 1 kHz).  RX errors injected on the cable in front of
# slave 3 port 0 at 1 % of the frames (vm-control rxerr 3 0 1): within
# 2 s (EC_HEALTH_SLACK_MS, default 500, added for a loaded TCG host; the
# time is printed) 'ethercat diag' names that cable and no other,
# 'ethercat master' ends with one 'Links:' line naming it, 'ethercat
# metrics' reports the rate and about 1 % of the frames; 12 s after the
# fault stops the 10 s rate is 0 and the total the same.  The metrics are
# parsed with Prometheus' own parser (python3-prometheus-client): every
# family has HELP and TYPE; --textfile leaves a whole file and no .tmp.
# 'ethercat graph' is rendered on the host (dot -Tsvg, rsvg-convert to
# PNG) and looked at: slaves in OP green, the bad cable red, and no red
# once it is healthy; 'graph --svg' in the guest, which has no Graphviz,
# says so.

. "$(dirname "$0")/testlib.sh"

[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"
for t in dot rsvg-convert; do
	command -v $t >/dev/null || fail "$t missing (scripts/deps)"
done
# Debian's python, where scripts/deps installs python3-prometheus-client
# (a python3 earlier on the PATH, pyenv's say, does not see it)
PY=/usr/bin/python3
$PY -c 'import prometheus_client' 2>/dev/null ||
	fail "python3-prometheus-client missing (scripts/deps)"
CHECK="$PY $TTOP/tests/vm/health_check.py"
SLACK_MS=${EC_HEALTH_SLACK_MS:-500}
LINK="RX errors rising on the cable between slave 2 port 1 and slave 3 port 0"

vm_run -- "$GUEST_WAIT_N"'
	up() { cut -d" " -f1 /proc/uptime; }
	wait_n PREOP 6 || { echo "not-preop"; ethercat slaves; }
	ec_user_example -c 200000 -q >/tmp/u.log 2>&1 & p=$!
	wait_n OP 5 || echo "not-op"
	sleep 1
	echo "--- master-before"; ethercat master | tail -n 1
	t0=$(up)
	vm-control rxerr 3 0 1 >/dev/null || echo "not-injected"
	while :; do
		ethercat diag >/tmp/d.txt 2>&1
		grep -q "'"$LINK"'" /tmp/d.txt && break
		[ "$(awk -v a="$t0" -v b="$(up)" "BEGIN { print (b - a > 8) }")" = 1 ] && break
	done
	echo "named_ms=$(awk -v a="$t0" -v b="$(up)" "BEGIN { printf \"%d\", (b - a) * 1000 }")"
	echo "--- diag-fault"; cat /tmp/d.txt; echo "--- end"
	# the master reads one slave'"'"'s counters at a time: the forwarded
	# errors behind the cable may show a moment after it is named
	t1=$(up)
	while :; do
		ethercat diag >/tmp/d2.txt 2>&1
		grep -q "^  Slave [45] port 0: .*forwarded [1-9]" /tmp/d2.txt && break
		[ "$(awk -v a="$t1" -v b="$(up)" "BEGIN { print (b - a > 4) }")" = 1 ] && break
	done
	echo "--- diag-forwarded"; cat /tmp/d2.txt; echo "--- end"
	sleep 2
	ethercat metrics >/tmp/m1.prom; echo "rc_metrics=$?"
	echo "--- metrics-fault"; cat /tmp/m1.prom; echo "--- end"
	echo "--- master-fault"; ethercat master | tail -n 1
	ethercat -j master | grep -o "\"links\":{[^}]*" | head -n 1
	echo "--- graph-fault"; ethercat graph; echo "--- end"
	vm-control status | grep -E "^(link fault|frames in)"
	ethercat master | grep -E "frames|Lost"
	ethercat graph --svg >/dev/null 2>/tmp/svg.err; echo "rc_svg=$?"
	cat /tmp/svg.err
	vm-control rxerr 3 0 0 >/dev/null
	sleep 0.5
	echo "--- metrics-stop"; ethercat metrics; echo "--- end"
	sleep 12
	echo "--- metrics-after"; ethercat metrics; echo "--- end"
	echo "--- diag-after"; ethercat diag; echo "--- end"
	echo "--- master-after"; ethercat master | tail -n 1
	echo "--- graph-after"; ethercat graph; echo "--- end"
	ethercat metrics --textfile /tmp/tf.prom --interval 1 & q=$!
	sleep 2.5; kill $q; wait $q 2>/dev/null
	echo "--- textfile"; cat /tmp/tf.prom; echo "--- end"
	[ -e /tmp/tf.prom.tmp ] && echo "not-atomic: tmp left"
	kill $p; wait $p 2>/dev/null; true'
[ $RC -eq 0 ] || fail "the guest commands exited with status $RC"
grep -q '^not-' "$OUT" && fail "$(grep -m1 '^not-' "$OUT")"

# between two marks of the guest output
part() { sed -n "/^--- $1\$/,/^--- end\$/p" "$OUT" | sed '1d;$d'; }

sed -n '/^--- master-before$/{n;p}' "$OUT" | grep -q '^  Links: healthy$' ||
	fail "ethercat master did not end with 'Links: healthy' before"
ms=$(sed -n 's/^named_ms=//p' "$OUT")
echo "t_link_health: the cable named ${ms} ms after the fault started" >&2
[ -n "$ms" ] && [ "$ms" -le $((2000 + SLACK_MS)) ] ||
	fail "diag did not name the cable within 2 s (+${SLACK_MS} ms): ${ms} ms"
d=$(part diag-fault)
[ "$(echo "$d" | grep -c 'on the cable')" = 1 ] ||
	fail "diag names $(echo "$d" | grep -c 'on the cable') cables, not one"
echo "$d" | grep -q "^$LINK\$" || fail "diag does not name the cable: $d"
echo "$d" | grep -q '^  Slave 3 port 0: invalid [1-9][0-9]*, RX [1-9]' ||
	fail "diag shows no counts at slave 3 port 0"
part diag-forwarded | grep -q '^  Slave [45] port 0: .*forwarded [1-9]' ||
	fail "diag shows no forwarded errors behind the cable within 4 s"
sed -n '/^--- master-fault$/{n;p}' "$OUT" | grep -q "^  Links: 1 unhealthy: $LINK\$" ||
	fail "ethercat master does not name the cable"
grep -q '"links":{"healthy":false,"unhealthy":1' "$OUT" ||
	fail "ethercat -j master: links not unhealthy"
grep -q '^rc_metrics=0$' "$OUT" || fail "ethercat metrics failed"
grep -q '^rc_svg=1$' "$OUT" || fail "graph --svg without dot did not fail"
grep -q "not installed" "$OUT" || fail "graph --svg does not say dot is missing"

part metrics-fault >"$TMP/m1.prom"
part metrics-stop >"$TMP/m2.prom"
part metrics-after >"$TMP/m3.prom"
part textfile >"$TMP/tf.prom"
$CHECK fault "$TMP/m1.prom" >&2 ||
	fail "metrics during the fault: $($CHECK fault "$TMP/m1.prom" | tail -n 1)"
$CHECK after "$TMP/m3.prom" "$TMP/m2.prom" >&2 ||
	fail "metrics after the fault: $($CHECK after "$TMP/m3.prom" "$TMP/m2.prom" | tail -n 1)"
$CHECK prom "$TMP/tf.prom" ||
	fail "the --textfile output does not parse"

a=$(part diag-after)
echo "$a" | grep -q 'on the cable' && fail "diag still names a cable"
echo "$a" | grep -q '^Links: healthy$' || fail "diag after: not healthy"
sed -n '/^--- master-after$/{n;p}' "$OUT" | grep -q '^  Links: healthy$' ||
	fail "ethercat master not healthy after the fault"

for g in fault after; do
	part graph-$g >"$TMP/$g.dot"
	dot -Tsvg "$TMP/$g.dot" >"$TMP/$g.svg" || fail "dot failed on graph-$g"
	rsvg-convert "$TMP/$g.svg" -o "$TMP/$g.png" ||
		fail "rsvg-convert failed on graph-$g"
done
$CHECK png "$TMP/fault.svg" "$TMP/fault.png" 1 >&2 ||
	fail "picture during the fault: $($CHECK png "$TMP/fault.svg" "$TMP/fault.png" 1 | tail -n 1)"
$CHECK png "$TMP/after.svg" "$TMP/after.png" 0 >&2 ||
	fail "picture after the fault: $($CHECK png "$TMP/after.svg" "$TMP/after.png" 0 | tail -n 1)"
pass
