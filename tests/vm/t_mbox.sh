#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_mbox: SoE and VoE through the module on the default segment plus the
# SoE drive ECSIM-SOE (0:6) and the VoE echo ECSIM-VOE (0:7):
#  1. the tool: soe_read of the identification IDNs (S-0-0030, S-0-0140),
#     of a number and an IDN list; soe_write of P-0-0002 read back; a
#     read-only IDN and a value above the maximum give the drive's error
#     texts and exit code 1;
#  2. t_mbox_app.c (built here, static): startup IDNs applied on the way
#     to OP, an SoE request, a VoE round trip and an FoE write/read-back
#     from the cyclic task in OP, process data following the IDNs; then
#     the simulator sends a CoE emergency from the servo (vm-control) while
#     no mailbox transfer runs: ecrt_slave_config_emerg_pop() returns it
#     and the kernel log shows it; 'ethercat config -v' lists the feature
#     flags the application set (ecrt_slave_config_flag()).

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -f "$TTOP/build/lib/libethercat.a" ] ||
	fail "build/lib/libethercat.a not built (make userspace)"
${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -static -I"$TTOP/include" \
	-o "$TMP/t_mbox_app" "$TTOP/tests/vm/t_mbox_app.c" \
	"$TTOP/build/lib/libethercat.a" 2>"$TMP/cc.log" ||
	fail "cannot build t_mbox_app: $(head -3 "$TMP/cc.log")"
SEG=$TMP/mbox.json
sed 's|{ "model": "ECSIM-SERVO", "name": "axis", "alias": 1001 }|&, { "model": "ECSIM-SOE", "name": "drive" }, { "model": "ECSIM-VOE", "name": "echo" }|' \
	"$TTOP/sim/segments/default.json" >"$SEG"
grep -q ECSIM-VOE "$SEG" || fail "could not derive the segment file"

vm_run --segment "$SEG" --file "$TMP/t_mbox_app:/bin/t_mbox_app" -- '
	i=0; while [ $i -lt 120 ]; do
		[ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" = 8 ] &&
			break
		sleep 0.5; i=$((i + 1)); done
	echo "version=$(ethercat soe_read -p 6 S-0-0030)"
	echo "type=$(ethercat soe_read -p 6 S-0-0140)"
	echo "cycle=$(ethercat soe_read -p 6 S-0-0001)"
	echo "at=$(ethercat soe_read -p 6 S-0-0016)"
	ethercat soe_write -p 6 P-0-0002 200; echo "rc_write=$?"
	echo "p2=$(ethercat soe_read -p 6 P-0-0002)"
	ethercat soe_write -p 6 S-0-0011 1; echo "rc_ro=$?"
	ethercat soe_write -p 6 P-0-0001 5000; echo "rc_max=$?"
	ethercat soe_read -p 5 S-0-0011; echo "rc_nosoe=$?"
	t_mbox_app >/tmp/app.log 2>&1 &
	app=$!
	i=0; while [ $i -lt 240 ]; do
		grep -q "waiting-emergency\|stuck" /tmp/app.log && break
		sleep 0.25; i=$((i + 1)); done
	ethercat config -v -p 6 | sed -n "/Feature flags/,/^[A-Z]/p" |
		sed "s/^/flags: /"
	sleep 0.2
	vm-control emergency 5 0x7300
	wait $app; echo "rc_app=$?"
	cat /tmp/app.log
	dmesg | grep -q "CoE emergency: error code 0x7300" && echo "klog_emerg=1"'

grep -q '^version=ECSIM SoE drive 1.0$' "$OUT" || fail "soe_read S-0-0030"
grep -q '^type=ECSIM-SOE$' "$OUT" || fail "soe_read S-0-0140"
grep -q '^cycle=1000$' "$OUT" || fail "soe_read S-0-0001"
grep -q '^at=S-0-0135 S-0-0051$' "$OUT" || fail "soe_read S-0-0016"
grep -q '^rc_write=0$' "$OUT" || fail "soe_write P-0-0002 failed"
grep -q '^p2=200$' "$OUT" || fail "P-0-0002 not read back"
grep -q '^ethercat: soe_write: SoE write of S-0-0011 (drive 0) failed: error 0x7004: Operation data cannot be changed (read only)$' \
	"$OUT" || fail "no read-only text"
grep -q '^rc_ro=1$' "$OUT" || fail "read-only write: exit code not 1"
grep -q 'error 0x7007: Operation data is greater than the maximum input value$' \
	"$OUT" || fail "no text for a value above the maximum"
grep -q '^rc_max=1$' "$OUT" || fail "value above maximum: exit code not 1"
grep -q '^rc_nosoe=1$' "$OUT" || fail "SoE on a slave without SoE did not fail"
grep -q '^soe_startup=500$' "$OUT" ||
	fail "the SAFEOP startup IDN was not applied (or not read in OP)"
grep -q '^soe_rw=321$' "$OUT" || fail "SoE request write/read-back in OP"
grep -q '^voe=ok ping 0x12345678 0x0042$' "$OUT" || fail "VoE round trip"
grep -q '^foe=100000 0$' "$OUT" ||
	fail "FoE request write/read-back of 100000 bytes in OP"
grep -q '^pd_follow=123456$' "$OUT" ||
	fail "the AT did not follow the MDT (startup AT list)"
grep -q '^flags:   Timeout: 20$' "$OUT" ||
	fail "config -v does not show the flag Timeout (set twice) as 20"
grep -q '^flags:   AssignMode: -2$' "$OUT" ||
	fail "config -v does not show the flag AssignMode"
grep -q '^emerg=0x7300$' "$OUT" ||
	fail "the idle emergency did not reach ecrt_slave_config_emerg_pop()"
grep -q '^klog_emerg=1$' "$OUT" || fail "the emergency is not in the kernel log"
grep -q '^rc_app=0$' "$OUT" || fail "t_mbox_app failed"
pass
