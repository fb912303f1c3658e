#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_udp.sh [BUILD]: ethercat-sim's UDP backend (what QEMU's -netdev socket,
# udp= talks to): run it on a free port of 127.0.0.1 with the big100
# segment, drive it with ecsim-client and stop it with SIGTERM.
# Exit 0 pass, 1 fail.  Run from the top of the tree after "make".

B=${1:-build}
SIM=$B/sim/ethercat-sim
CLIENT=$B/sim/ecsim-client
for p in "$SIM" "$CLIENT"; do
	[ -x "$p" ] || { echo "t_udp: FAIL: $p not built"; exit 1; }
done

tmp=$(mktemp -d)
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
	echo "t_udp: FAIL: $*"
	[ -f "$tmp/err" ] && sed 's/^/  sim: /' "$tmp/err"
	exit 1
}

# a port nobody uses: try a few
try=0
while :; do
	try=$((try + 1))
	[ $try -gt 10 ] && fail "no free UDP port found"
	port=$(( ($$ * 7 + try * 7919 + $(date +%N | sed 's/^0*//;s/^$/0/')) \
		% 30000 + 20000 ))
	"$SIM" --segment sim/segments/big100.json --udp "127.0.0.1:$port" \
		2>"$tmp/err" &
	pid=$!
	i=0
	while ! grep -q '^ethercat-sim: ready$' "$tmp/err" 2>/dev/null; do
		kill -0 "$pid" 2>/dev/null || break
		i=$((i + 1))
		[ $i -gt 100 ] && fail "simulator not ready after 10 s"
		sleep 0.1
	done
	grep -q '^ethercat-sim: ready$' "$tmp/err" && break
	wait "$pid" 2>/dev/null
	pid=
done

"$CLIENT" "udp:127.0.0.1:$port" >"$tmp/client" || {
	cat "$tmp/client"
	fail "frames not answered"
}
grep -q '^ecsim-client: 100 slaves$' "$tmp/client" ||
	fail "expected 100 slaves: $(head -1 "$tmp/client")"
kill -TERM "$pid"
wait "$pid" || fail "simulator exit status $?"
pid=
echo "t_udp: PASS ($(tail -1 "$tmp/client" | sed 's/^ecsim-client: //'))"
exit 0
