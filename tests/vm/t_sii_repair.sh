#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_sii_repair: a slave whose EEPROM was overwritten with garbage can be
# repaired from the master.  'sii_write -f' of garbage over slave 2, a
# rescan: the slave's scan fails (E flag); 'states' and 'upload' on it fail
# at once with a message that says why and what to do (not "Resource
# temporarily unavailable"); 'reg_read' and 'sii_write' of the good image
# work on it, and after the next rescan the slave is back, in PREOP.

. "$(dirname "$0")/testlib.sh"

need ethercat
vm_run -- 'wait_preop() {
		i=0; while [ $i -lt 40 ]; do
		[ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" = 6 ] &&
			return 0
		sleep 0.5; i=$((i + 1)); done; return 1; }
	wait_scan() {
		i=0; while [ $i -lt 40 ]; do
		ethercat -j master | grep -q "\"scan_busy\":false" && return 0
		sleep 0.5; i=$((i + 1)); done; return 1; }
	# Precondition, not the subject: under load the first scan can give
	# up on slaves (seen with main at 9762e7b); one rescan, said so.
	wait_preop || { echo "RESCAN-NEEDED"; ethercat slaves; ethercat rescan;
		sleep 1; wait_preop; } || { echo "NOT-PREOP"; ethercat slaves; }
	ethercat -p 2 sii_read > /tmp/good
	head -c $(wc -c < /tmp/good) /dev/zero | tr "\\000" "\\245" > /tmp/bad
	ethercat -p 2 -f sii_write /tmp/bad; echo "rc_garbage=$?"
	ethercat rescan; sleep 1; wait_scan || echo "SCAN-BUSY"
	echo "slave2=$(ethercat -p 2 slaves)"
	ethercat -p 2 states INIT; echo "rc_states=$?"
	ethercat -p 2 reg_read 0x0000 1; echo "rc_reg=$?"
	ethercat -p 2 sii_write /tmp/good; echo "rc_repair=$?"
	ethercat rescan; sleep 1; wait_preop || echo "NOT-PREOP-AFTER-REPAIR"
	echo "after=$(ethercat -p 2 slaves)"
	ethercat -p 2 sii_read | cmp - /tmp/good && echo "SII-RESTORED"'

grep -q '^NOT-PREOP$' "$OUT" && fail "the slaves did not reach PREOP"
grep -q '^rc_garbage=0$' "$OUT" || fail "sii_write -f of garbage failed"
grep -q '^SCAN-BUSY$' "$OUT" && fail "the rescan did not end"
grep -q '^slave2=2 .* E ' "$OUT" ||
	fail "the slave with garbage SII has no E flag: $(grep '^slave2=' "$OUT")"
grep -q '^rc_states=1$' "$OUT" || fail "states on the broken slave did not fail"
grep -q "ethercat: states: .*scan did not finish.*sii_write.*rescan" "$OUT" ||
	fail "no message saying why the state request cannot work"
grep -q 'temporarily unavailable' "$OUT" &&
	fail "a message still invites a retry that cannot succeed"
grep -q '^0x[0-9a-f][0-9a-f]$' "$OUT" || fail "reg_read printed no value"
grep -q '^rc_reg=0$' "$OUT" || fail "reg_read on the broken slave failed"
grep -q '^rc_repair=0$' "$OUT" ||
	fail "sii_write of the good image on the broken slave failed"
grep -q '^NOT-PREOP-AFTER-REPAIR$' "$OUT" &&
	fail "the repaired slave did not come back to PREOP"
grep -q '^after=2 .* PREOP  +  ' "$OUT" ||
	fail "slave 2 after the repair: $(grep '^after=' "$OUT")"
grep -q '^SII-RESTORED$' "$OUT" || fail "the SII read back differs"
pass
