#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_slaves: the slave commands of the ethercat tool against the module
# and the default segment (EK1100, EL1008, EL2008, EL3102, EL4102 and a
# CiA 402 servo with alias 1001): slaves (text, -v, -j), alias/position
# selection, SDO upload/download round trip and abort text, reg_read,
# sii_read (raw and -v), pdos, sdos, crc, graph, xml, states.

. "$(dirname "$0")/testlib.sh"

need ethercat
# The master scans after boot and takes the slaves to PREOP: wait for
# that (at most 20 s), and for the servo's dictionary (10 s).
vm_run -- 'i=0; while [ $i -lt 40 ]; do
		[ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" = 6 ] &&
			break
		sleep 0.5; i=$((i + 1)); done
	# the dictionary of the servo (SDO information) follows PREOP
	i=0; while [ $i -lt 40 ]; do
		ethercat -p 5 sdos -q 2>/dev/null | grep -q "^SDO 0x1000, " &&
			break
		sleep 0.25; i=$((i + 1)); done
	ethercat slaves; echo "rc_slaves=$?"
	echo JSON-BEGIN; ethercat -j slaves; echo; echo JSON-END
	ethercat slaves -v -p 5 | head -20; echo "rc_slaves_v=$?"
	echo "sel=$(ethercat slaves -a 1001 -p 0)"
	ethercat -a 1001 -t int8 download 0x6060 0 6; echo "rc_dl=$?"
	echo "ul=$(ethercat -a 1001 -t int8 upload 0x6060 0)"
	ethercat -p 5 -t uint8 upload 0x5555 0; echo "rc_abort=$?"
	echo "al=$(ethercat -p 0 -t uint16 reg_read 0x0130)"
	echo "sii_bytes=$(ethercat -p 1 sii_read | wc -c)"
	ethercat -p 1 sii_read -v | grep "^SII Category 0x000a"
	ethercat -p 5 pdos | head -3
	ethercat -p 5 sdos -q | head -3
	ethercat crc | head -3; echo "rc_crc=$?"
	ethercat graph | grep -c -- " -- "
	ethercat xml -p 1 | grep -c "<EtherCATInfo>"
	ethercat -p 1 states PREOP; echo "rc_states=$?"'

if grep -q 'Inappropriate ioctl for device' "$OUT"; then
	fail "the module does not answer the slave ioctls yet (ENOTTY)"
fi
grep -q '^rc_slaves=0$' "$OUT" || fail "ethercat slaves failed"
n=$(grep -c '^[0-5]  *[0-9]*:[0-9]*  *[A-Z+?]*  *[+E]  ' "$OUT")
[ "$n" -eq 6 ] || fail "ethercat slaves shows $n slave lines, expected 6"
grep -q '^0  *0:0  .*EK1100' "$OUT" || fail "slave 0 is not the EK1100"
grep -q '^5  *1001:0  ' "$OUT" || fail "slave 5 does not show alias 1001:0"
sed -n '/^JSON-BEGIN$/,/^JSON-END$/p' "$OUT" | sed '1d;$d' >"$TMP/s.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))["slaves"]
assert len(s) == 6, len(s)
assert s[5]["alias"] == 1001, s[5]
assert s[0]["vendor_id"] == 2, s[0]' "$TMP/s.json" ||
		fail "ethercat -j slaves is not the expected JSON"
fi
grep -q '^=== Master 0, Slave 5 ===$' "$OUT" || fail "slaves -v: no header"
grep -q '^  Vendor Id: ' "$OUT" || fail "slaves -v: no identity"
grep -q '^sel=5  *1001:0 ' "$OUT" || fail "-a 1001 -p 0 does not select 5"
grep -q '^rc_dl=0$' "$OUT" || fail "SDO download failed"
grep -q '^ul=0x06 6$' "$OUT" || fail "SDO upload after download: $(
	grep '^ul=' "$OUT")"
grep -q '^rc_abort=1$' "$OUT" || fail "upload of a missing object: not 1"
grep -q 'ethercat: upload: SDO transfer aborted with code 0x06020000: The object does not exist in the object dictionary' "$OUT" ||
	fail "no SDO abort message with code and text"
grep -q '^al=0x000[1248] [1248]$' "$OUT" ||
	fail "reg_read 0x0130: $(grep '^al=' "$OUT")"
b=$(sed -n 's/^sii_bytes= *//p' "$OUT")
case $b in ''|0|*[!0-9]*) fail "sii_read gave '$b' bytes" ;; esac
grep -q '^SII Category 0x000a (STRINGS)' "$OUT" || fail "sii_read -v"
grep -q '^SM[0-9]: PhysAddr 0x' "$OUT" || fail "pdos shows no sync manager"
grep -q '^SDO 0x1000, ' "$OUT" || fail "sdos -q does not list 0x1000"
grep -q '^   |CRC PHY FWD NXT|' "$OUT" || fail "crc header missing"
grep -q '^rc_states=0$' "$OUT" || fail "states PREOP failed"
pass
