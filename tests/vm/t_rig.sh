#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_rig: the rig itself, without the master: ecping's frames go from the
# guest through QEMU to the reflector and back with their working counter
# incremented, and the capture decodes as EtherCAT without malformed frames.

. "$(dirname "$0")/testlib.sh"

CAP=$TMP/cap.pcap
vm_run --no-master --reflector --pcap "$CAP" -- 'ecping -c 100'
[ $RC -eq 0 ] || fail "ecping failed: $(grep ecping: "$OUT")"
grep -q 'ecping: 100 frames, 100 replies, 0 lost, 0 with wkc' "$OUT" ||
	fail "unexpected ecping result: $(grep ecping: "$OUT")"
if command -v tshark >/dev/null; then
	n=$(tshark -n -r "$CAP" -Y 'ecat.cmd == 7' -T fields \
		-e ecat.cnt 2>/dev/null | sort | uniq -c |
		awk '{print $2 ":" $1}' | tr '\n' ' ')
	[ "$n" = "0:100 1:100 " ] ||
		fail "capture: expected 100 BRD with wkc 0 and 100 with" \
		     "wkc 1, got $n"
	[ -z "$(tshark -n -r "$CAP" -Y _ws.malformed 2>/dev/null)" ] ||
		fail "malformed frames in the capture"
fi
pass
