#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_capture: `ethercat capture` records what the running master puts on
# the wire.  In a redundant ring (tests/vm/run --backup: a main and a
# backup device), the user example cycles in OP at 1 kHz
# (EC_CAP_PERIOD_US) while `ethercat capture -w FILE --duration 10` runs
# beside it; the file comes back to the host (gzip, base64 over the console).  Asserted, with
# tshark: every frame is decoded by the EtherCAT dissector and none is
# malformed; the frames of each device and direction equal the master's
# own counters over the same time (what the tool read from the module
# with the first and the last frame: `ethercat master`'s counters); both
# devices carry frames both ways; the nanosecond times of the
# application's process-data frames (LRW on the main device) span the
# capture's 10 s (within 3 %), and their steps against the cycle are
# printed (median, 10 % and 90 %, mean; not asserted: in the emulated
# one-CPU guest the application falls behind its cycle and catches up
# in bursts as the host's load allows, from 210 to 1000 cycles a second
# at 1 kHz in runs of this test); each answer arrives after its frame
# left;
# and no frame was lost by the capture.  Also: the options' errors.

. "$(dirname "$0")/testlib.sh"

need ethercat
need tshark
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"
PERIOD=${EC_CAP_PERIOD_US:-1000}
SECONDS_CAP=${EC_CAP_SECONDS:-10}
CYCLES=$(( (SECONDS_CAP + 8) * 1000000 / PERIOD ))

vm_run --backup --timeout 600 -- "$GUEST_WAIT_N"'
	wait_n PREOP 6 || echo "slaves not in PREOP"
	ethercat capture --duration 1 2>&1; echo "no -w: rc=$?"
	ethercat capture -w /tmp/x --count 0 2>&1; echo "count 0: rc=$?"
	ethercat capture -w /tmp/x --duration -1 2>&1; echo "duration -1: rc=$?"
	ethercat slaves --count 3 2>&1; echo "slaves --count: rc=$?"
	ec_user_example -q -t '"$PERIOD"' -c '"$CYCLES"' >/tmp/run.log 2>&1 &
	pid=$!
	wait_n OP 5 || echo "slaves not in OP"
	sleep 1
	ethercat capture -w /tmp/cap.pcapng --duration '"$SECONDS_CAP"' \
		2>/tmp/cap.err
	echo "capture rc=$?"
	sed "s/^/cap: /" /tmp/cap.err
	ethercat master | sed -n "s/^ *Redundancy: /ring: /p"
	wait $pid; echo "app rc=$?"
	grep "^loopback" /tmp/run.log
	ls -l /tmp/cap.pcapng | sed "s/^/file: /"
	echo "BEGIN-PCAPNG"
	gzip -c /tmp/cap.pcapng | base64
	echo "END-PCAPNG"'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep -q "^no -w: rc=2$" "$OUT" || fail "capture without -w: not a usage error"
grep -q "needs -w FILE" "$OUT" || fail "capture without -w: no message"
grep -q "^count 0: rc=2$" "$OUT" || fail "--count 0 accepted"
grep -q "^duration -1: rc=2$" "$OUT" || fail "--duration -1 accepted"
grep -q "^slaves --count: rc=2$" "$OUT" || fail "slaves took --count"
grep -q "^capture rc=0$" "$OUT" || fail "the capture failed"
grep -q "^app rc=0$" "$OUT" || fail "the example failed"
grep '^\(cap\|ring\|file\|loopback\):' "$OUT" | sed 's/^/  /'

CAP=$TMP/cap.pcapng
sed -n '/^BEGIN-PCAPNG$/,/^END-PCAPNG$/p' "$OUT" | sed '1d;$d' |
	tr -d '\r' | base64 -d | gunzip >"$CAP" ||
	fail "the capture did not come back whole"
[ -s "$CAP" ] || fail "empty capture"
[ -n "${EC_CAP_KEEP:-}" ] && cp "$CAP" "$EC_CAP_KEEP"

ts() { tshark -n -r "$CAP" "$@" 2>/dev/null; }
all=$(ts -T fields -e frame.number | wc -l)
ecat=$(ts -Y ecat -T fields -e frame.number | wc -l)
bad=$(ts -Y _ws.malformed -T fields -e frame.number | wc -l)
echo "  tshark: $all frames, $ecat EtherCAT, $bad malformed"
[ "$all" -gt 100 ] || fail "only $all frames in $SECONDS_CAP s"
[ "$bad" -eq 0 ] || fail "$bad malformed frames"
[ "$ecat" -eq "$all" ] || fail "$((all - ecat)) frames not decoded as EtherCAT"

# Frames per device (interface 0 main, 1 backup) and direction
# (epb_flags: 1 inbound, 2 outbound) against the master's counters.
count() {
	ts -Y "frame.interface_id == $1 && frame.packet_flags_direction == $2" \
		-T fields -e frame.number | wc -l
}
m_tx=$(count 0 2); m_rx=$(count 0 1); b_tx=$(count 1 2); b_rx=$(count 1 1)
echo "  tshark: main $m_tx sent $m_rx received, backup $b_tx sent $b_rx received"
want=$(sed -n 's/^cap: capture: the master.s counters over the same time: main: \([0-9]*\) sent \([0-9]*\) received, backup: \([0-9]*\) sent \([0-9]*\) received$/\1 \2 \3 \4/p' "$OUT")
[ -n "$want" ] || fail "the tool printed no counters of the master"
[ "$want" = "$m_tx $m_rx $b_tx $b_rx" ] ||
	fail "frames in the file ($m_tx $m_rx $b_tx $b_rx) differ from the master's counters ($want)"
grep -q "^cap: capture: $all frames written, 0 lost;" "$OUT" ||
	fail "the capture lost frames or miscounted"
[ "$m_tx" -gt 0 ] && [ "$m_rx" -gt 0 ] && [ "$b_tx" -gt 0 ] &&
	[ "$b_rx" -gt 0 ] || fail "a device or a direction has no frames"

# The application's cycle: the LRW frames the main device sent.
ts -Y 'frame.interface_id == 0 && frame.packet_flags_direction == 2 && ecat.cmd == 0x0c' \
	-T fields -e frame.time_epoch >"$TMP/lrw"
# Each answer after its frame: by index, on the main device's ring.
ts -Y 'ecat.cmd == 0x0c' -T fields -e frame.packet_flags_direction \
	-e ecat.idx -e frame.time_epoch -e frame.interface_id >"$TMP/pairs"
python3 - "$TMP/lrw" "$TMP/pairs" "$PERIOD" "$SECONDS_CAP" <<'EOF' || fail "frame times: not the capture's span, or an answer before its frame"
import sys
from decimal import Decimal
t = [Decimal(l) for l in open(sys.argv[1]) if l.strip()]
period = Decimal(sys.argv[3]) / Decimal(10**6)
d = sorted(b - a for a, b in zip(t, t[1:]))
med = d[len(d) // 2]
print("  LRW frames sent: %d, interval median %.1f us, 10%% %.1f us, 90%% %.1f us (cycle %s us)"
      % (len(t), med * 10**6, d[len(d) // 10] * 10**6,
         d[len(d) * 9 // 10] * 10**6, sys.argv[3]))
span = t[-1] - t[0]
cycles = span / period
print("  LRW frames over %.3f s: %d, cycles in that time %.0f (mean step %.1f us)"
      % (span, len(t), cycles, span / (len(t) - 1) * 10**6))
ok = abs(span - Decimal(sys.argv[4])) <= Decimal(sys.argv[4]) * 3 / 100
# the steps against the cycle are printed, not asserted: how well the
# application holds its cycle in the emulated guest depends on the host
sent, back, neg = {}, 0, 0
for l in open(sys.argv[2]):
    f = l.split()
    if len(f) < 4:
        continue
    direction, idx, when = int(f[0], 16), f[1].split(',')[0], Decimal(f[2])
    if direction == 2:
        sent[idx] = when
    elif idx in sent:
        back += 1
        neg += when < sent[idx]
print("  answers matched to their frame: %d, before it left: %d" % (back, neg))
sys.exit(0 if ok and back > len(t) and neg == 0 else 1)
EOF
pass
