#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_pcap: with --pcap, the frames the master exchanges with the segment are
# recorded in both directions; tshark decodes them as EtherCAT and finds no
# malformed packet.

. "$(dirname "$0")/testlib.sh"

need tshark
CAP=$TMP/cap.pcap
vm_run --pcap "$CAP" -- 'sleep 1'
[ $RC -eq 0 ] || fail "the guest commands exited with status $RC"
[ -s "$CAP" ] || fail "no capture written"

ts() { tshark -n -r "$CAP" "$@" 2>/dev/null; }
all=$(ts -T fields -e frame.number | wc -l)
ecat=$(ts -Y ecat -T fields -e frame.number | wc -l)
replies=$(ts -Y 'ecat.cnt > 0' -T fields -e frame.number | wc -l)
bad=$(ts -Y _ws.malformed)

[ "$ecat" -ge 2 ] || fail "only $ecat EtherCAT frames of $all in the capture"
[ "$replies" -ge 1 ] ||
	fail "no frame with a working counter > 0: no replies captured"
[ -z "$bad" ] || fail "malformed frames: $(echo "$bad" | head -n 3)"
[ "$ecat" -eq "$all" ] ||
	fail "$((all - ecat)) non-EtherCAT frames on the segment"
pass
