#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_recorder: the flight recorder freezes a snapshot for every kind of
# event, and the snapshot holds the frame in which the event showed.  One
# boot of a redundant ring (tests/vm/run --backup; the recorder's DC bound
# set to 1 ns with recorder_dc_ns=1, so that any deviation the sync monitor
# reports is over it).  The user example cycles in OP while the segment
# is made to fail, one fault at a time, each followed by
# `ethercat capture --recorder -w` of that moment:
#   lost frame    every frame dropped for a moment (vm-control drop 100)
#   AL error      slave 2 reports an AL error (vm-control error 2 0x1b)
#   working counter dropped   the same moment: slave 2, now in SAFEOP,
#                 no longer counts in the LRW (a count that drops because
#                 the frame was lost is that lost frame's event)
#   slave gone    slave 5 unplugged (and plugged back)
#   ring break    the cable in front of slave 2 cut (and mended)
#   DC sync deviation   the DC example's sync monitor, over the bound
# Asserted for each: the kernel log has the recorder's line naming the
# event and its snapshot; the snapshot's file decodes in tshark with no
# malformed frame; exactly one frame carries the event's comment, and it
# is the frame that showed it: for a lost frame, one the master sent whose
# index never came back before it was sent again; for a working counter
# drop, an answer with the LRW datagram's counter below the snapshot's
# highest; for an AL error, the answer to the slave's AL status read
# (FPRD 0x0130) with the error bit; for a slave gone and a ring break, the
# AL status broadcast (BRD 0x0130) answered by fewer slaves than before;
# for the DC deviation, the answer of the sync monitor (BRD 0x092c).

. "$(dirname "$0")/testlib.sh"

need ethercat
need tshark
for p in ec_user_example ec_dc_example; do
	[ -x "$TTOP/build/vm-bin/$p" ] ||
		fail "build/vm-bin/$p not built (make userspace)"
done

vm_run --backup --master-args recorder_dc_ns=1 --timeout 600 -- \
	"$GUEST_WAIT_N"'
	snap() { sleep 2
		ethercat capture --recorder 2>&1 | sed "s/^/list $1: /"
		ethercat capture --recorder -w /tmp/$1.pcapng 2>&1 |
			sed "s/^/write $1: /"; }
	wait_n PREOP 6 || echo "slaves not in PREOP"
	ec_user_example -q -t 2000 -c 100000 >/tmp/run.log 2>&1 & pid=$!
	wait_n OP 6 || echo "slaves not in OP"
	sleep 2
	vm-control drop 100 >/dev/null; sleep 0.2; vm-control drop 0 >/dev/null
	snap lost
	vm-control error 2 0x1b >/dev/null
	snap al
	wait_n OP 6 || echo "slave 2 not back in OP"
	sleep 1.5
	vm-control unplug 5 >/dev/null; sleep 1; vm-control replug 5 >/dev/null
	snap gone
	wait_n OP 6 || echo "slave 5 not back in OP"
	sleep 1.5
	vm-control break 2 >/dev/null; sleep 1; vm-control heal >/dev/null
	snap ring
	kill $pid; wait $pid
	ec_dc_example -c 3000 -q >/tmp/dc.log 2>&1; echo "dc rc=$?"
	tail -n 3 /tmp/dc.log | sed "s/^/dc: /"
	snap dc
	dmesg | grep "recorder:" | sed "s/^\[[ 0-9.]*\] /klog: /"
	for f in lost al gone ring dc; do
		echo "BEGIN-$f"; gzip -c /tmp/$f.pcapng | base64; echo "END-$f"
	done'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep '^\(list\|write\|klog\|dc\)' "$OUT" | sed 's/^/  /'

unpack() {
	sed -n "/^BEGIN-$1\$/,/^END-$1\$/p" "$OUT" | sed '1d;$d' | tr -d '\r' |
		base64 -d | gunzip >"$TMP/$1.pcapng" 2>/dev/null
	[ -s "$TMP/$1.pcapng" ] || fail "$1: no snapshot file came back"
}

# check FILE KIND FILTER: the recorder's log line for KIND; the frame
# with the event's comment, once, matching FILTER (a tshark filter); no
# frame malformed.  Sets EV to the event frame's number.
check() {
	unpack "$1"
	f=$TMP/$1.pcapng
	grep -q "^klog: .*recorder: $2: .*; snapshot [0-9]*: [0-9]* frames" \
		"$OUT" || fail "$2: no recorder line in the kernel log"
	bad=$(tshark -n -r "$f" -Y _ws.malformed -T fields -e frame.number \
		2>/dev/null | wc -l)
	[ "$bad" -eq 0 ] || fail "$2: $bad malformed frames in the snapshot"
	ev=$(tshark -n -r "$f" -Y "frame.comment contains \"the event: $2:\"" \
		-T fields -e frame.number 2>/dev/null)
	[ "$(echo "$ev" | grep -c .)" -eq 1 ] ||
		fail "$2: not one frame marked as the event ($ev)"
	hit=$(tshark -n -r "$f" -Y "frame.number == $ev && ($3)" \
		-T fields -e frame.number 2>/dev/null)
	[ "$hit" = "$ev" ] ||
		fail "$2: the marked frame $ev is not one that shows it ($3)"
	n=$(tshark -n -r "$f" -T fields -e frame.number 2>/dev/null | wc -l)
	echo "  $2: $n frames, the event in frame $ev"
	EV=$ev
}

IN='frame.packet_flags_direction == 1'
OUTB='frame.packet_flags_direction == 2'
check lost "lost frame" "$OUTB"
# the marked frame's index: no answer before it went out again
tshark -n -r "$TMP/lost.pcapng" -T fields -e frame.number \
	-e frame.packet_flags_direction -e ecat.idx 2>/dev/null >"$TMP/idx"
python3 - "$TMP/idx" "$EV" <<'EOF' || fail "lost frame: the marked frame was answered"
import sys
ev = sys.argv[2]
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
idx = None
for n, d, i in rows:
    if n == ev:
        idx = set(i.split(','))
        start = True
        continue
    if idx is None:
        continue
    if set(i.split(',')) & idx:
        if int(d, 16) == 2:
            break
        sys.exit(1)
EOF
check al "AL error" "$IN && ecat.cmd == 0x04 && ecat.ado == 0x0130"
# slave 2 in SAFEOP no longer writes its outputs: the LRW's count drops
check al "working counter dropped" "$IN && ecat.cmd == 0x0c"
lrw_wc() {
	tshark -n -r "$TMP/al.pcapng" -Y "$1" -T fields -e ecat.cmd \
		-e ecat.cnt 2>/dev/null | awk '{
		n = split($1, c, ","); split($2, w, ",")
		for (i = 1; i <= n; i++) if (c[i] == "0x0c") print w[i] }' |
		sort -n | tail -n 1
}
wc_ev=$(lrw_wc "frame.number == $EV")
wc_max=$(lrw_wc "$IN && ecat.cmd == 0x0c")
[ -n "$wc_ev" ] && [ "$wc_ev" -lt "$wc_max" ] ||
	fail "working counter: the marked answer has $wc_ev, the snapshot's highest is $wc_max"
check gone "slave gone" "$IN && ecat.cmd == 0x07 && ecat.ado == 0x0130 && ecat.cnt < 6"
check ring "ring break" "$IN && ecat.cmd == 0x07 && ecat.ado == 0x0130"
grep -q "^dc rc=0$" "$OUT" || fail "the DC example failed"
check dc "DC sync deviation" "$IN && ecat.cmd == 0x07 && ecat.ado == 0x092c"
pass
