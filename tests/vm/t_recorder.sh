#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
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
# Asserted for each kind: the kernel log has the recorder's line naming
# the event and its snapshot; the snapshot files decode in tshark with no
# malformed frame; a snapshot of the kind is in them (the rig loses frames
# of its own, so a kind may show before the fault meant for it), and
# every frame marked as its event is one that shows it: for a lost frame,
# one the master sent, and the first one's index never came back before
# it was sent again; for a working counter drop, an answer with an LRW
# whose count is below the snapshot's highest; for an AL error, the
# answer to the slave's AL status read (FPRD 0x0130); for a slave gone,
# the AL status broadcast (BRD 0x0130) answered by fewer than the 6
# slaves, or sent and not answered at all; for a ring break, that
# broadcast; for the DC deviation, the answer of the sync monitor (BRD
# 0x092c).

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
	wait_n OP 5 || echo "slaves not in OP"
	sleep 2
	vm-control drop 100 >/dev/null; sleep 0.2; vm-control drop 0 >/dev/null
	snap lost
	vm-control error 2 0x1b >/dev/null
	snap al
	wait_n OP 5 || echo "slave 2 not back in OP"
	sleep 1.5
	vm-control unplug 5 >/dev/null; sleep 1; vm-control replug 5 >/dev/null
	snap gone
	wait_n OP 5 || echo "slave 5 not back in OP"
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

FILES="lost al gone ring dc"
unpack() {
	sed -n "/^BEGIN-$1\$/,/^END-$1\$/p" "$OUT" | sed '1d;$d' | tr -d '\r' |
		base64 -d | gunzip >"$TMP/$1.pcapng" 2>/dev/null
	[ -s "$TMP/$1.pcapng" ] || fail "$1: no snapshot file came back"
	bad=$(tshark -n -r "$TMP/$1.pcapng" -Y _ws.malformed -T fields \
		-e frame.number 2>/dev/null | wc -l)
	[ "$bad" -eq 0 ] || fail "$1: $bad malformed frames in the snapshots"
}
for f in $FILES; do unpack "$f"; done

# check KIND FILTER: the recorder's log line for KIND; a snapshot of it in
# the files written after the faults (the rig loses frames of its own, so
# a kind may show in an earlier file than the fault meant for it); every
# frame marked as its event matches FILTER (a tshark filter).  Sets F to
# the first file with one and EV to its first marked frame.
check() {
	grep -q "^klog: .*recorder: $1: .*; snapshot [0-9]*: [0-9]* frames" \
		"$OUT" || fail "$1: no recorder line in the kernel log"
	F=; EV=
	for f in $FILES; do
		ev=$(tshark -n -r "$TMP/$f.pcapng" \
			-Y "frame.comment contains \"the event: $1:\"" \
			-T fields -e frame.number 2>/dev/null)
		[ -n "$ev" ] || continue
		F=$TMP/$f.pcapng
		bad=$(tshark -n -r "$F" \
			-Y "frame.comment contains \"the event: $1:\" && !($2)" \
			-T fields -e frame.number 2>/dev/null)
		[ -z "$bad" ] ||
			fail "$1: marked frame(s) $bad in $f do not show it ($2)"
		EV=$(echo "$ev" | head -n 1)
		echo "  $1: marked frame(s) $(echo $ev) of $f.pcapng"
		break
	done
	[ -n "$F" ] || fail "$1: no snapshot of it in the files"
}

IN='frame.packet_flags_direction == 1'
OUTB='frame.packet_flags_direction == 2'
check "lost frame" "$OUTB"
# the marked frame's index: no answer before it went out again (within
# its snapshot: the next one begins with a comment)
tshark -n -r "$F" -T fields -E separator=/t -e frame.number \
	-e frame.packet_flags_direction -e ecat.idx -e frame.comment \
	2>/dev/null >"$TMP/idx"
python3 - "$TMP/idx" "$EV" <<'EOF' || fail "lost frame: the marked frame was answered"
import sys
ev = sys.argv[2]
idx = None
for l in open(sys.argv[1]):
    f = l.rstrip('\n').split('\t') + ['', '', '', '']
    n, d, i, comment = f[0], f[1], f[2], f[3]
    if n == ev:
        idx = set(i.split(','))
        continue
    if idx is None:
        continue
    if 'begins' in comment:
        break
    if set(i.split(',')) & idx:
        if int(d, 16) == 2:
            break
        sys.exit(1)
sys.exit(0 if idx else 1)
EOF
check "AL error" "$IN && ecat.cmd == 0x04 && ecat.ado == 0x0130"
# a slave that stopped processing: the LRW's count below the highest
check "working counter dropped" "$IN && ecat.cmd == 0x0c"
lrw_wc() {	# FILTER min|max: the LRW datagrams' counts
	tshark -n -r "$F" -Y "$1" -T fields -e ecat.cmd -e ecat.cnt \
		2>/dev/null | awk '{
		n = split($1, c, ","); split($2, w, ",")
		for (i = 1; i <= n; i++) if (c[i] == "0x0c") print w[i] }' |
		sort -n | if [ "$2" = min ]; then head -n 1; else tail -n 1; fi
}
wc_ev=$(lrw_wc "frame.number == $EV" min)
wc_max=$(lrw_wc "$IN && ecat.cmd == 0x0c" max)
[ -n "$wc_ev" ] && [ "$wc_ev" -lt "$wc_max" ] ||
	fail "working counter: the marked answer has $wc_ev, the snapshot's highest is $wc_max"
# fewer answers, or (the link gone) the broadcast sent and not answered
check "slave gone" "ecat.cmd == 0x07 && ecat.ado == 0x0130 && (($IN && ecat.cnt < 6) || $OUTB)"
check "ring break" "$IN && ecat.cmd == 0x07 && ecat.ado == 0x0130"
grep -q "^dc: .*sync monitor answered [1-9]" "$OUT" ||
	fail "the DC example's sync monitor was never answered"
check "DC sync deviation" "$IN && ecat.cmd == 0x07 && ecat.ado == 0x092c"
pass
