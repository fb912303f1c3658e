#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_ring: IgH's way of showing a broken redundant ring in the slave
# listings, against the module with a backup device (tests/vm/run
# --backup) on the default segment: with the cable in front of slave 2
# cut, `ethercat slaves` prints "xxx LINK FAILURE xxx" between slaves 1
# and 2 and `slaves -v` "Device: Main" for slaves 0-1 and "Device: Backup"
# for 2-5; with the ring closed (before and after) no such line and every
# slave on Main (doc/CLI.md, the ring state of EC_IOCTL_REDUNDANCY).
# Right after the cut the master keeps its slaves (no rescan, no empty
# identities, no changing count; doc/SPECNOTES.md "A break keeps the
# slaves") and `slaves -v` never fails.

. "$(dirname "$0")/testlib.sh"

need ethercat
vm_run --backup -- "$GUEST_WAIT_N"'
	wait_n PREOP 6 || { echo "NOT-PREOP"; ethercat slaves; }
	show() {
		ethercat master | grep "Redundancy:" | sed "s/^/$1 /"
		ethercat slaves | sed "s/^/$1 list: /"
		ethercat slaves -v | grep "^=== \|^Device: " | paste - - |
			sed "s/^/$1 dev: /"
	}
	show closed
	vm-control break 2 >/dev/null
	# right after the cut: the master keeps the slaves it knows, every
	# listing has the same six slaves with their identities, and
	# `slaves -v` never fails (it reads the list with several ioctls)
	i=0; while [ $i -lt 20 ]; do
		ethercat slaves >/tmp/l 2>&1 || echo "cut: slaves failed"
		n=$(grep -c "^[0-5] " /tmp/l)
		[ "$n" = 6 ] || echo "cut: $n slaves listed"
		grep -q "0x00000000:0x00000000\|???" /tmp/l &&
			sed "s/^/cut: empty: /" /tmp/l
		ethercat slaves -v >/tmp/v 2>&1 ||
			sed "s/^/cut: verbose failed: /" /tmp/v | tail -n 2
		grep -q "Vendor Id: *0x00000000" /tmp/v &&
			echo "cut: verbose empty identity"
		sleep 0.2; i=$((i + 1)); done
	dmesg | grep -i "scan\|respond\|redundancy" | tail -n 12 |
		sed "s/^/cut: log: /"
	# the listing shows every slave with its name (a rescan, if one
	# came, has finished)
	i=0; while [ $i -lt 60 ]; do
		[ "$(ethercat slaves 2>/dev/null |
		     grep -c "^[0-5] .* PREOP  [+E]  E[LKC]")" = 6 ] && break
		sleep 0.5; i=$((i + 1)); done
	echo "rescan_wait=$i"
	show broken
	vm-control heal >/dev/null; sleep 1
	i=0; while [ $i -lt 60 ]; do
		[ "$(ethercat slaves 2>/dev/null |
		     grep -c "^[0-5] .* PREOP  [+E]  E[LKC]")" = 6 ] && break
		sleep 0.5; i=$((i + 1)); done
	show healed'

grep -q '^NOT-PREOP$' "$OUT" && fail "the slaves did not reach PREOP"
tr -d '\r' <"$OUT" >"$TMP/out.lf"
grep -q '^broken   Redundancy: ring broken in front of slave 2 ' "$TMP/out.lf" ||
	fail "the master did not see the ring broken in front of slave 2"
for phase in closed healed; do
	grep -q "^$phase list: xxx LINK FAILURE xxx" "$TMP/out.lf" &&
		fail "$phase ring: a LINK FAILURE line in ethercat slaves"
	[ "$(grep -c "^$phase dev: .*Device: Main\$" "$TMP/out.lf")" = 6 ] ||
		fail "$phase ring: not every slave on Device: Main"
done
# the failure line stands right between slaves 1 and 2
sed -n 's/^broken list: //p' "$TMP/out.lf" | sed -n '2,4p' >"$TMP/around"
sed -n '1s/^1  .*/ok/p;2s/^xxx LINK FAILURE xxx$/ok/p;3s/^2  .*/ok/p' \
	"$TMP/around" | grep -c ok | grep -qx 3 ||
	fail "broken ring: no LINK FAILURE line between slaves 1 and 2: $(cat "$TMP/around")"
[ "$(grep -c '^broken list: xxx LINK FAILURE xxx$' "$TMP/out.lf")" = 1 ] ||
	fail "broken ring: not exactly one LINK FAILURE line"
for p in 0 1; do
	grep -q "^broken dev: === Master 0, Slave $p ===.Device: Main\$" \
		"$TMP/out.lf" || fail "broken ring: slave $p not on Device: Main"
done
for p in 2 3 4 5; do
	grep -q "^broken dev: === Master 0, Slave $p ===.Device: Backup\$" \
		"$TMP/out.lf" || fail "broken ring: slave $p not on Device: Backup"
done
grep "^cut: " "$TMP/out.lf" | grep -v "^cut: log: " | head -n 20 >"$TMP/cut"
[ -s "$TMP/cut" ] && { grep "^cut: log: " "$TMP/out.lf"
	fail "right after the cut the slave list changed: $(cat "$TMP/cut")"; }
grep "^rescan_wait\|^broken list\|^cut: log: " "$TMP/out.lf" | sed "s/^/  /"
pass
