#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_foe: FoE through the module and the tool against the servo of the
# default segment (128-byte mailboxes: 116 data bytes per packet): files of
# 1 byte, one packet and 100 kB are written and read back byte for byte; a
# file of the segment file is read; a missing file and a wrong password
# give their FoE error texts and exit code 1.  Then a firmware update: the
# servo to BOOT (bootstrap mailbox), foe_write of a firmware image, back to
# INIT; after the rescan 'ethercat slaves -v' shows the new revision.

. "$(dirname "$0")/testlib.sh"

need ethercat
SEG=$TMP/foe.json
sed 's|{ "model": "ECSIM-SERVO", "name": "axis", "alias": 1001 }|{ "model": "ECSIM-SERVO", "name": "axis", "alias": 1001, "foe": { "files": [ { "name": "hello.txt", "data": "Hello over FoE" }, { "name": "secret.bin", "password": "0x1234", "size": 500 } ] } }|' \
	"$TTOP/sim/segments/default.json" >"$SEG"
grep -q hello.txt "$SEG" || fail "could not derive the segment file"

vm_run --segment "$SEG" -- 'i=0; while [ $i -lt 120 ]; do
		[ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" = 6 ] &&
			break
		sleep 0.5; i=$((i + 1)); done
	for n in 1 116 100000; do
		dd if=/dev/urandom of=/tmp/w$n bs=$n count=1 2>/dev/null
		ethercat foe_write -p 5 -o f$n.bin /tmp/w$n; echo "rc_w$n=$?"
		ethercat foe_read -p 5 -o /tmp/r$n f$n.bin; echo "rc_r$n=$?"
		cmp /tmp/w$n /tmp/r$n && echo "same_$n"
		echo "size_$n=$(wc -c < /tmp/r$n)"
	done
	echo "hello=$(ethercat foe_read -p 5 hello.txt)"
	ethercat foe_read -p 5 --password 0x1234 secret.bin > /tmp/s
	echo "rc_secret=$? size_secret=$(wc -c < /tmp/s)"
	ethercat foe_read -p 5 missing.bin; echo "rc_missing=$?"
	ethercat foe_read -p 5 --password 1 secret.bin; echo "rc_pw=$?"
	ethercat foe_read -p 1 x; echo "rc_nofoe=$?"
	echo "rev_before=$(ethercat slaves -p 5 -v | grep "Revision number")"
	ethercat states -p 5 BOOT; echo "rc_boot=$?"
	i=0; while [ $i -lt 40 ]; do
		ethercat slaves -p 5 | grep -q " BOOT " && break
		sleep 0.25; i=$((i + 1)); done
	echo "state_boot=$(ethercat slaves -p 5 | grep -c " BOOT ")"
	ethercat foe_write -p 5 -o notes.txt /tmp/w1; echo "rc_notboot=$?"
	{ printf "ECSIM-FW revision=0x00020003\\n"
	  dd if=/dev/urandom bs=1000 count=20 2>/dev/null; } > /tmp/fw.efw
	ethercat foe_write -p 5 /tmp/fw.efw; echo "rc_fw=$?"
	ethercat states -p 5 INIT; echo "rc_init=$?"
	i=0; while [ $i -lt 60 ]; do
		ethercat slaves -p 5 -v 2>/dev/null |
			grep -q "Revision number: 0x00020003" && break
		sleep 0.5; i=$((i + 1)); done
	echo "rev_after=$(ethercat slaves -p 5 -v | grep "Revision number")"'

for n in 1 116 100000; do
	grep -q "^rc_w$n=0$" "$OUT" || fail "foe_write of $n bytes failed"
	grep -q "^rc_r$n=0$" "$OUT" || fail "foe_read of $n bytes failed"
	grep -q "^size_$n=$n$" "$OUT" || fail "read back $n bytes: wrong size"
	grep -q "^same_$n$" "$OUT" || fail "read back $n bytes: data differ"
done
grep -q '^hello=Hello over FoE$' "$OUT" || fail "hello.txt not read"
grep -q '^rc_secret=0 size_secret=500$' "$OUT" ||
	fail "secret.bin with its password not read"
grep -q "^ethercat: foe_read: FoE read of 'missing.bin' failed: error 0x00008001: Not found: file not found$" \
	"$OUT" || fail "no 'Not found' text for a missing file"
grep -q '^rc_missing=1$' "$OUT" || fail "missing file: exit code not 1"
grep -q "^ethercat: foe_read: FoE read of 'secret.bin' failed: error 0x00008002: Access denied: wrong password$" \
	"$OUT" || fail "no 'Access denied' text for a wrong password"
grep -q '^rc_pw=1$' "$OUT" || fail "wrong password: exit code not 1"
grep -q '^rc_nofoe=1$' "$OUT" || fail "FoE on a slave without FoE did not fail"
grep -q '^rev_before=  Revision number: 0x00010000$' "$OUT" ||
	fail "the servo's revision before the update is not 0x00010000"
grep -q '^rc_boot=0$' "$OUT" || fail "ethercat states BOOT failed"
grep -q '^state_boot=1$' "$OUT" || fail "the servo did not show BOOT"
grep -q "error 0x00008009: Not bootstrap" "$OUT" ||
	fail "a plain file in BOOT did not give 'Not bootstrap'"
grep -q '^rc_notboot=1$' "$OUT" || fail "plain file in BOOT: exit code not 1"
grep -q '^rc_fw=0$' "$OUT" || fail "foe_write of the firmware failed"
grep -q '^rc_init=0$' "$OUT" || fail "ethercat states INIT (out of BOOT) failed"
grep -q '^rev_after=  Revision number: 0x00020003$' "$OUT" ||
	fail "after the update 'slaves -v' does not show revision 0x00020003"
pass
