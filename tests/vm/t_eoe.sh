#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_eoe: Ethernet over EtherCAT through the module against the default
# segment plus a simulated EoE device (ECSIM-EOE, position 6, address
# 169.254.10.1, UDP echo on port 7).  The master creates eoe0s6 after the
# scan (a kernel log line); with 169.254.10.2/16 on it, 'ping -c 50' gets
# every reply with the master idle, and again while the user example runs
# the segment in OP at 1 kHz; 1 MB through the UDP echo comes back equal,
# sent one datagram at a time and with 8 on their way, and 256 kB with 8
# on their way in OP;
# unplugging the device removes the interface (a log line), replugging
# brings it back with the same name, and ping works again; 'ethercat ip'
# gives the device a new address that then answers ping, and refuses bad
# arguments with a clear error; 'ethercat eoe' (and -j) lists eoe0s6.  Prints the
# ping round-trip median and p99, idle and in OP, and the UDP throughput
# of each transfer (figures, not asserted).

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -x "$TTOP/build/vm-bin/eoe_udp" ] || fail "build/vm-bin/eoe_udp not built (make userspace)"
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"
SEG=$TMP/eoe.json
sed 's|{ "model": "ECSIM-SERVO", "name": "axis", "alias": 1001 }|&,\n  { "model": "ECSIM-EOE", "name": "eoe", "eoe": { "ip": "169.254.10.1", "udp_echo": 7 } }|' \
	"$TTOP/sim/segments/default.json" >"$SEG"
grep -q ECSIM-EOE "$SEG" || fail "could not derive the segment file"

vm_run --segment "$SEG" -- "$GUEST_WAIT_N"'
	wait_if() {	# wait_if present|absent
		i=0; while [ $i -lt 80 ]; do
			if ip link show eoe0s6 >/dev/null 2>&1; then
				[ $1 = present ] && return 0
			else
				[ $1 = absent ] && return 0
			fi
			sleep 0.25; i=$((i + 1)); done; return 1; }
	up() {
		ip addr add 169.254.10.2/16 dev eoe0s6 && ip link set eoe0s6 up
		i=0; while [ $i -lt 40 ]; do
			grep -q 1 /sys/class/net/eoe0s6/carrier 2>/dev/null && break
			sleep 0.25; i=$((i + 1)); done
		echo "carrier=$(cat /sys/class/net/eoe0s6/carrier)"; }
	wait_n PREOP 7; echo "rc_preop=$?"
	wait_if present && echo have_if
	dmesg | grep -q "EoE: created interface eoe0s6" && echo log_created
	up
	ping -c 50 -i 0.1 -W 3 169.254.10.1 >/tmp/idle.txt; echo "rc_ping_idle=$?"
	sed "s/^/IDLE /" /tmp/idle.txt
	eoe_udp 169.254.10.1 7 1048576 1472 | sed "s/^/SERIAL /"
	eoe_udp 169.254.10.1 7 1048576 1472 8 | sed "s/^/WINDOW /"
	ec_user_example -c 15000 -q >/tmp/ex.log 2>&1 &
	pid=$!
	wait_n OP 5 80; echo "rc_op=$?"
	ping -c 50 -i 0.1 -W 3 169.254.10.1 >/tmp/op.txt; echo "rc_ping_op=$?"
	sed "s/^/OP /" /tmp/op.txt
	eoe_udp 169.254.10.1 7 262144 1472 8 | sed "s/^/OPWINDOW /"
	wait $pid; echo "rc_example=$?"
	cat /sys/class/net/eoe0s6/statistics/tx_packets /sys/class/net/eoe0s6/statistics/rx_packets /sys/class/net/eoe0s6/statistics/rx_dropped | tr "\n" " " | sed "s/^/stats /"; echo
	vm-control unplug 6; echo "rc_unplug=$?"
	ethercat rescan
	wait_if absent && echo gone_if
	dmesg | grep -q "EoE: removed interface eoe0s6" && echo log_removed
	vm-control replug 6; echo "rc_replug=$?"
	ethercat rescan
	wait_if present && echo back_if
	wait_n PREOP 7
	up
	ping -c 5 -i 0.2 -W 3 169.254.10.1 >/tmp/back.txt; echo "rc_ping_back=$?"
	ethercat ip -p 6 addr 169.254.20.1/16 name eoe-device; echo "rc_ip=$?"
	ping -c 5 -i 0.2 -W 3 169.254.20.1 >/tmp/new.txt; echo "rc_ping_new=$?"
	ethercat ip -p 6 addr 169.254.20 2>&1; echo "rc_ip_bad=$?"
	ethercat ip -p 6 addr; echo "rc_ip_odd=$?"
	ethercat ip -p 1 addr 169.254.20.2 2>&1; echo "rc_ip_noeoe=$?"
	ethercat eoe | sed "s/^/EOE /"
	ethercat eoe -j | sed "s/^/EOEJ /"
	ip link show | grep -o "eoe[0-9a-z]*" | sort -u | tr "\n" " " | sed "s/^/ifaces /"; echo
	dmesg | grep -i "eoe\|rescan\|scan" | sed "s/^/KLOG /"'

[ $RC -eq 0 ] || fail "the guest commands exited with status $RC"
grep -q '^rc_preop=0$' "$OUT" || fail "the slaves did not reach PREOP"
grep -q '^have_if$' "$OUT" || fail "no interface eoe0s6 after the scan"
grep -q '^log_created$' "$OUT" || fail "no kernel log line for the new interface"
grep -q '^carrier=1$' "$OUT" || fail "eoe0s6 has no carrier in PREOP"

# ping figures: RTT median and p99 of the replies' time= fields
rtt() {	# rtt TAG
	sed -n "s/^$1 .*time=\\([0-9.]*\\) ms.*/\\1/p" "$OUT" | sort -n >"$TMP/$1.rtt"
	n=$(wc -l <"$TMP/$1.rtt")
	[ "$n" -gt 0 ] || { echo "none"; return; }
	med=$(sed -n "$(( (n + 1) / 2 ))p" "$TMP/$1.rtt")
	p99=$(sed -n "$(( (n * 99 + 99) / 100 ))p" "$TMP/$1.rtt")
	echo "$n replies, median $med ms, p99 $p99 ms"
}
grep -q '^rc_ping_idle=0$' "$OUT" || fail "ping with the master idle failed"
grep -q '^IDLE 50 packets transmitted, 50 packets received' "$OUT" ||
	fail "ping idle: $(grep '^IDLE .*packets' "$OUT")"
echo "t_eoe: ping idle: $(rtt IDLE)"
# UDP figures: udp TAG BYTES WHAT
udp() {
	grep -q "^$1 udp_bytes=$2 udp_same=1 " "$OUT" ||
		fail "UDP transfer ($3): $(grep "^$1 " "$OUT")"
	echo "t_eoe: UDP $3 echoed equal: $(sed -n "s/^$1 udp_bytes=.* udp_resent=\\([0-9]*\\) udp_ms=\\([0-9]*\\) udp_kBps=\\([0-9]*\\)/\\3 kB\\/s each way (\\2 ms, \\1 resent)/p" "$OUT")"
}
udp SERIAL 1048576 "1 MB idle, one datagram at a time"
udp WINDOW 1048576 "1 MB idle, 8 datagrams on their way"
grep -q '^rc_op=0$' "$OUT" || fail "the example did not take the slaves to OP"
grep -q '^rc_ping_op=0$' "$OUT" || fail "ping in OP failed"
grep -q '^OP 50 packets transmitted, 50 packets received' "$OUT" ||
	fail "ping in OP: $(grep '^OP .*packets' "$OUT")"
echo "t_eoe: ping in OP (1 kHz): $(rtt OP)"
udp OPWINDOW 262144 "256 kB in OP (1 kHz), 8 datagrams on their way"
grep -q '^rc_example=0$' "$OUT" || fail "the user example failed"
grep -q '^rc_unplug=0$' "$OUT" || fail "vm-control unplug failed"
grep -q '^gone_if$' "$OUT" || fail "eoe0s6 still there after the unplug"
grep -q '^log_removed$' "$OUT" || fail "no kernel log line for the removal"
grep -q '^back_if$' "$OUT" || fail "eoe0s6 not back after the replug"
grep -q '^rc_ping_back=0$' "$OUT" || fail "ping after the replug failed"
grep -q '^ifaces eoe0s6 $' "$OUT" || fail "interfaces: $(grep '^ifaces' "$OUT")"
grep -q '^rc_ip=0$' "$OUT" || fail "ethercat ip failed"
grep -q '^rc_ping_new=0$' "$OUT" || fail "no ping reply at the address set by ethercat ip"
grep -q '^rc_ip_bad=2$' "$OUT" || fail "a bad address was not a usage error"
grep -q "^ethercat: ip: invalid address '169.254.20'" "$OUT" ||
	fail "no clear error for a bad address"
grep -q "^ethercat: ip: slave 1 does not support EoE" "$OUT" ||
	fail "no clear error for a slave without EoE"
grep -q '^rc_ip_odd=2$' "$OUT" || fail "an odd argument count was not a usage error"
grep -q '^rc_ip_noeoe=1$' "$OUT" || fail "ethercat ip on a slave without EoE did not fail"
grep -q '^EOE eoe0s6  *6  *up  *yes ' "$OUT" || fail "ethercat eoe: $(grep '^EOE ' "$OUT")"
grep -q '^EOEJ .*"interface":"eoe0s6"' "$OUT" || fail "ethercat eoe -j: $(grep '^EOEJ' "$OUT")"
pass
