#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_ifname.sh [BUILD]: ethercat-sim's AF_PACKET backend: in a private
# network namespace, a veth pair; the simulator serves the default
# segment on one end (--ifname), ecsim-client drives a scan through raw
# EtherCAT frames on the other end and every frame must come back.
# Needs root (CAP_NET_ADMIN, as CI and "make check" run); exit 0 pass,
# 1 fail.  Run from the top of the tree after "make".

B=${1:-build}
SIM=$B/sim/ethercat-sim
CLIENT=$B/sim/ecsim-client
NS=ecsim-t$$
tmp=$(mktemp -d)
pid=

fail() {
	echo "t_ifname: FAIL: $*"
	[ -f "$tmp/err" ] && sed 's/^/  sim: /' "$tmp/err"
	exit 1
}
cleanup() {
	[ -n "$pid" ] && $SUDO kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
	$SUDO ip netns del "$NS" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

for p in "$SIM" "$CLIENT"; do
	[ -x "$p" ] || fail "$p not built"
done
SUDO=
if [ "$(id -u)" != 0 ]; then
	sudo -n true 2>/dev/null ||
		fail "needs root (or sudo) for a veth pair in a network namespace"
	SUDO="sudo -n"
fi
command -v ip >/dev/null || fail "ip (iproute2) missing: scripts/deps"

$SUDO ip netns add "$NS" || fail "cannot create a network namespace"
$SUDO ip -n "$NS" link add ecsim0 type veth peer name ecmaster0 ||
	fail "cannot create a veth pair"
for i in ecsim0 ecmaster0; do
	$SUDO ip netns exec "$NS" sh -c \
		"echo 1 > /proc/sys/net/ipv6/conf/$i/disable_ipv6" 2>/dev/null
	$SUDO ip -n "$NS" link set "$i" up || fail "cannot bring $i up"
done

$SUDO ip netns exec "$NS" "$SIM" --segment sim/segments/default.json \
	--ifname ecsim0 2>"$tmp/err" &
pid=$!
i=0
while ! grep -q '^ethercat-sim: ready$' "$tmp/err" 2>/dev/null; do
	i=$((i + 1))
	[ $i -gt 50 ] && fail "ethercat-sim did not get ready"
	kill -0 "$pid" 2>/dev/null || fail "ethercat-sim exited"
	sleep 0.1
done

$SUDO ip netns exec "$NS" "$CLIENT" pkt:ecmaster0 >"$tmp/out" 2>&1 ||
	{ cat "$tmp/out"; fail "not every frame came back"; }
grep -q '^ecsim-client: 6 slaves' "$tmp/out" ||
	{ cat "$tmp/out"; fail "the client did not count the 6 slaves"; }
echo "t_ifname: PASS ($(grep -c . "$tmp/out") lines from the client)"
