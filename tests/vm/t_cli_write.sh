#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_write: the tool's writing commands against the module and the
# default segment: 'alias' writes SII word 4 with a valid checksum (read
# back with sii_read; sii_write, which checks the checksum, takes the image
# back); 'rescan' works; 'sii_write' refuses an
# image with a bad checksum and writes a good one; 'states' reports a
# refused transition with the AL status code; 'debug' sets the level.

. "$(dirname "$0")/testlib.sh"

need ethercat
vm_run -- 'wait_preop() {
		i=0; while [ $i -lt 40 ]; do
		[ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" = 6 ] &&
			return 0
		sleep 0.5; i=$((i + 1)); done; return 1; }
	wait_preop || { echo "NOT-PREOP"; ethercat slaves; }
	ethercat -p 1 alias 0x4d2; echo "rc_alias=$?"
	ethercat alias 7; echo "rc_alias_many=$?"
	echo "head=$(ethercat -p 1 sii_read -j | grep -o "\"data\":\"[0-9a-f]\{32\}")"
	ethercat -p 1 sii_read > /tmp/s1; ethercat -p 1 sii_write /tmp/s1
	echo "rc_sii_alias_crc=$?"
	ethercat rescan; echo "rc_rescan=$?"
	sleep 1; wait_preop || echo "NOT-PREOP-AFTER-RESCAN"
	ethercat -p 2 sii_read > /tmp/s2
	printf "\\377" | dd of=/tmp/s2 bs=1 seek=0 conv=notrunc 2>/dev/null
	ethercat -p 2 sii_write /tmp/s2; echo "rc_sii_bad=$?"
	ethercat -p 2 sii_read > /tmp/s2; ethercat -p 2 sii_write /tmp/s2
	echo "rc_sii_good=$?"
	ethercat -p 5 states SAFEOP; echo "rc_states=$?"
	ethercat debug 1; echo "rc_debug=$?"; ethercat debug 0'

grep -q 'Inappropriate ioctl for device' "$OUT" &&
	fail "the module does not answer the slave ioctls yet (ENOTTY)"
grep -q '^NOT-PREOP$' "$OUT" && fail "the slaves did not reach PREOP"
grep -q '^rc_alias=0$' "$OUT" || fail "ethercat alias failed"
grep -q '^rc_alias_many=1$' "$OUT" || fail "alias of all slaves without -f"
grep -q 'this would write the alias of 6 slaves to 7; use --force' "$OUT" ||
	fail "no --force message for alias of several slaves"
# SII words 0..3 are the PDI settings, word 4 the alias 0x04d2 (LE)
grep -q '^head="data":"[0-9a-f]\{16\}d204' "$OUT" ||
	fail "SII word 4 is not the alias 0x04d2: $(grep '^head=' "$OUT")"
grep -q '^rc_sii_alias_crc=0$' "$OUT" ||
	fail "the SII image after 'alias' does not pass the checksum check"
grep -q '^rc_rescan=0$' "$OUT" || fail "ethercat rescan failed"
grep -q NOT-PREOP-AFTER-RESCAN "$OUT" &&
	fail "the slaves did not come back to PREOP after rescan"
grep -q '^rc_sii_bad=1$' "$OUT" || fail "sii_write took a bad checksum"
grep -q 'CRC incorrect' "$OUT" || fail "no checksum message"
grep -q '^rc_sii_good=0$' "$OUT" || fail "sii_write of a good image failed"
grep -q '^rc_states=1$' "$OUT" ||
	fail "SAFEOP without configuration did not fail"
grep -q 'ethercat: states: slave 5: .*AL status code 0x[0-9a-f]\{4\}: ' \
	"$OUT" || fail "no AL status code for the refused state change"
grep -q '^rc_debug=0$' "$OUT" || fail "ethercat debug 1 failed"
pass
