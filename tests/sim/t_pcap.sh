#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_pcap.sh [BUILD]: run ethercat-sim with --pcap on the default segment,
# drive it with ecsim-client over its unix socket, stop it with SIGTERM and
# check the capture with tshark: every frame decodes as EtherCAT and none
# is malformed.  Run from the top of the tree after "make".
# Exit 0 pass, 1 fail (also when tshark is missing).

B=${1:-build}
SIM=$B/sim/ethercat-sim
CLIENT=$B/sim/ecsim-client

if ! command -v tshark >/dev/null 2>&1; then
	echo "t_pcap: FAIL: tshark not installed"
	exit 1
fi
for p in "$SIM" "$CLIENT"; do
	[ -x "$p" ] || { echo "t_pcap: FAIL: $p not built"; exit 1; }
done

tmp=$(mktemp -d)
pid=
cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
	echo "t_pcap: FAIL: $*"
	[ -f "$tmp/err" ] && sed 's/^/  sim: /' "$tmp/err"
	exit 1
}

"$SIM" --segment sim/segments/default.json --unix "$tmp/sim.sock" \
	--pcap "$tmp/cap.pcap" --control "$tmp/ctl.sock" 2>"$tmp/err" &
pid=$!
i=0
until grep -q '^ethercat-sim: ready$' "$tmp/err" 2>/dev/null; do
	i=$((i + 1))
	[ $i -gt 100 ] && fail "simulator not ready after 10 s"
	kill -0 "$pid" 2>/dev/null || fail "simulator exited"
	sleep 0.1
done

"$CLIENT" "$tmp/sim.sock" >"$tmp/client" || {
	cat "$tmp/client"
	fail "frames not answered"
}
sent=$(sed -n 's/.*sent \([0-9]*\) answered.*/\1/p' "$tmp/client")

kill -TERM "$pid"
wait "$pid" || fail "simulator exit status $?"
pid=

frames=$(tshark -r "$tmp/cap.pcap" -T fields -e frame.number 2>/dev/null |
	wc -l)
ecat=$(tshark -r "$tmp/cap.pcap" -Y ecat -T fields -e frame.number 2>/dev/null |
	wc -l)
malformed=$(tshark -r "$tmp/cap.pcap" -Y _ws.malformed 2>/dev/null)
[ "$frames" -eq $((2 * sent)) ] ||
	fail "capture has $frames frames, expected $((2 * sent))"
[ "$ecat" -eq "$frames" ] || fail "only $ecat of $frames frames are EtherCAT"
[ -z "$malformed" ] || fail "malformed frames: $malformed"
echo "t_pcap: PASS ($frames frames, none malformed)"
exit 0
