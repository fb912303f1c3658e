#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_simulate: what a user does on their own machine, inside the guest
# (tests/vm/run --no-load --guest-sim: the modules where "make
# modules_install" puts them, ethercat-sim, ethercat-sim-ctl and the veth
# module in the guest; the guest's NIC is not used).  Without veth,
# "ethercatctl simulate" says the kernel has no veth support; without
# ethercat-sim, or without the ec_master module, it says so; a missing
# segment file and one the simulator refuses (with the simulator's own
# message) are reported; none of them leaves anything behind.  Then "ethercatctl
# simulate" with the default segment's machine built from ESI files with
# ethercat-sim --from-esi (a veth pair ecsim0/ecsim0p, the
# simulator as a daemon): its slaves in PREOP, "ethercat slaves", the user
# example in OP with its loop-back, slave 5 (the servo) unplugged with
# ethercat-sim-ctl (-j) and the example's reaction (5 slaves, the servo
# offline; 6 slaves again after the replug), JSON status;
# "ethercatctl stop" leaves
# no interface, process, module or state file behind.

. "$(dirname "$0")/testlib.sh"

need ethercat
CTL=$TTOP/build/dist/ethercatctl
[ -x "$CTL" ] || fail "build/dist/ethercatctl not built (make userspace)"
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

# The default segment's machine built from ESI files, as a user builds
# theirs (doc/SIMULATION.md): the test ESI files of tests/esi/ and
# --export-esi for the others, then --from-esi; the servo's alias and the
# loop-back wires added (a segment file's own keys, not in ESI files).
SIM=$TTOP/build/sim/ethercat-sim
D=$TMP/esi
mkdir -p "$D"
cp "$TTOP"/tests/esi/EL1008.xml "$TTOP"/tests/esi/EL3102.xml \
	"$TTOP"/tests/esi/ECSIM-SERVO.xml "$D"/
for m in EK1100 EL2008 EL4102; do
	"$SIM" --export-esi $m >"$D/$m.xml" 2>"$TMP/export.err" ||
		fail "--export-esi $m: $(cat "$TMP/export.err")"
done
"$SIM" --from-esi "$D" --types \
	EK1100,EL1008@0x00100000,EL2008,EL3102,EL4102,ECSIM-SERVO@0x00020000 \
	-o "$D/esi.json" 2>"$TMP/from-esi.err" ||
	fail "--from-esi: $(cat "$TMP/from-esi.err")"
python3 - "$D/esi.json" "$D/segment.json" <<'PY' || fail "cannot add the wires"
import json, sys
seg = json.load(open(sys.argv[1]))
seg["slaves"][5]["alias"] = 1001
seg["wires"] = [{"from": 2, "to": 1},
                {"from": "4:0x3001:01", "to": "3:0x3101:02"},
                {"from": "4:0x3002:01", "to": "3:0x3102:02"}]
json.dump(seg, open(sys.argv[2], "w"), indent=1)
PY

vm_run --no-load --guest-sim --segment "$D/segment.json" \
	--file "$CTL:/usr/sbin/ethercatctl" -- '
	'"$GUEST_WAIT_N"'
	left() {	# what a stop may not leave behind
		echo "left_$1: ifaces=$(ls /sys/class/net | grep -c ^ecsim)" \
		     "procs=$(pidof ethercat-sim | wc -w)" \
		     "mods=$(grep -c "^ec_" /proc/modules)" \
		     "state=$(ls /run/ethercat-sim 2>/dev/null | wc -l)"
	}
	rm -f /etc/ethercat.conf
	veth=$(find /lib/modules -name "veth.ko*")
	mv "$veth" /tmp/; depmod
	ethercatctl simulate "$EC_SEGMENT" >/tmp/o 2>&1
	echo "rc_noveth=$? msg_noveth=$(tr "\n" " " </tmp/o)"
	left noveth
	mv /tmp/veth.ko* "$(dirname "$veth")/"; depmod; echo "rc_depmod=$?"

	mv /usr/local/bin/ethercat-sim /tmp/
	ethercatctl simulate "$EC_SEGMENT" >/tmp/o 2>&1
	echo "rc_nosim=$? msg_nosim=$(tr "\n" " " </tmp/o)"
	mv /tmp/ethercat-sim /usr/local/bin/
	ecm=$(find /lib/modules -name "ec_master.ko*")
	mv "$ecm" /tmp/; depmod
	ethercatctl simulate "$EC_SEGMENT" >/tmp/o 2>&1
	echo "rc_nomod=$? msg_nomod=$(tr "\n" " " </tmp/o)"
	left nomod
	mv /tmp/ec_master.ko* "$(dirname "$ecm")/"; depmod

	ethercatctl simulate /tmp/nosuch.json >/tmp/o 2>&1
	echo "rc_nofile=$? msg_nofile=$(tr "\n" " " </tmp/o)"
	echo "{\"slaves\": [{\"model\": \"EL9999\"}]}" >/tmp/bad.json
	ethercatctl simulate /tmp/bad.json >/tmp/o 2>&1
	echo "rc_bad=$? msg_bad=$(tr "\n" " " </tmp/o)"
	left bad

	ethercatctl simulate "$EC_SEGMENT"; echo "rc_sim=$?"
	ethercat slaves | sed "s/^/slaves: /"
	ethercat master | grep "Main:" | sed "s/^ */master: /"
	ethercatctl status | sed "s/^/status: /"
	ethercat-sim-ctl status | sed "s/^/simstatus: /"
	ethercatctl simulate "$EC_SEGMENT" >/tmp/o 2>&1
	echo "rc_again=$? msg_again=$(tr "\n" " " </tmp/o)"

	# 10 ms cycles: the simulator shares the emulated CPU with the
	# application here
	ec_user_example -q -t 10000 >/tmp/u.log 2>&1 & P=$!
	wait_n OP 5; echo "op_rc=$?"
	ethercat-sim-ctl -j unplug 5 | sed "s/^/unplug: /"
	i=0; while [ $i -lt 40 ] && ! grep -q "master: 5 slave" /tmp/u.log
	do sleep 0.1; i=$((i + 1)); done
	ethercat-sim-ctl -j status | sed "s/^/json: /"
	ethercat-sim-ctl unplug 9 2>&1 | sed "s/^/unplug9: /"
	ethercat-sim-ctl replug 5; echo "rc_replug=$?"
	i=0; while [ $i -lt 200 ] &&
		[ "$(grep -c "master: 6 slave" /tmp/u.log)" -lt 2 ]
	do sleep 0.1; i=$((i + 1)); done
	kill -TERM $P; wait $P; echo "app_rc=$?"
	sed "s/^/app: /" /tmp/u.log

	ethercatctl stop; echo "rc_stop=$?"
	left stop
	ethercat-sim-ctl status 2>&1 | sed "s/^/after: /"
'
[ "$RC" = 0 ] || fail "guest commands exited $RC"
o() { grep -q -- "$1" "$OUT" || fail "$2"; }

o '^rc_noveth=1 msg_noveth=.*cannot create the veth pair ecsim0/ecsim0p.*the kernel has no veth support' \
	"no message about missing veth support"
o '^left_noveth: ifaces=0 procs=0 mods=0 state=0$' \
	"a failed simulate (no veth) left something behind"
o '^rc_depmod=0$' "depmod failed"
o '^rc_nosim=1 msg_nosim=.*no ethercat-sim program' "missing ethercat-sim not reported"
o '^rc_nomod=1 msg_nomod=.*cannot load ec_master.*no module ec_master for kernel' \
	"missing ec_master module not reported"
o '^left_nomod: ifaces=0 procs=0 mods=0 state=0$' \
	"a failed simulate (no ec_master) left something behind"
o '^rc_nofile=1 msg_nofile=.*no segment file "/tmp/nosuch.json"' \
	"missing segment file not reported"
o '^rc_bad=1 msg_bad=.*refused /tmp/bad.json.*ethercat-sim: .*EL9999' \
	"the simulator's own message for a refused segment not shown"
o '^left_bad: ifaces=0 procs=0 mods=0 state=0$' \
	"a refused segment left something behind"

o '^rc_sim=0$' "ethercatctl simulate failed"
o '^ethercatctl: master 0: 6 of 6 simulated slaves in PREOP' \
	"simulate did not report the 6 slaves in PREOP"
n=$(grep -c '^slaves: .* PREOP ' "$OUT")
[ "$n" = 6 ] || fail "ethercat slaves shows $n slaves in PREOP, not 6"
o '^slaves: 5 .*ECSIM-SERVO\|^slaves: 5 .*axis\|^slaves: 5 ' "no slave 5"
o '^master: Main: .*(attached)' "the master has not attached ecsim0"
o '^status: .*master 0: simulated segment, control socket /run/ethercat-sim/master0.sock: ethercat-sim running' \
	"ethercatctl status does not show the simulator"
o '^simstatus: slave 5 ECSIM-SERVO plugged pos 5 state PREOP' \
	"ethercat-sim-ctl status does not show the servo in PREOP"
o '^rc_again=1 msg_again=.*already running' "a second simulate not refused"

o '^op_rc=0$' "the example did not take the slaves to OP"
o '^unplug: {"ok":true}$' "ethercat-sim-ctl -j unplug 5 not acknowledged"
o '^json: {"ok":true,"slaves":\[.*{"id":5,"model":"ECSIM-SERVO","plugged":false' \
	"JSON status does not show the servo unplugged"
o '^unplug9: ethercat-sim-ctl: no slave 9$' "unplug 9 not refused"
o '^rc_replug=0$' "replug failed"
o '^app: master: 5 slave(s)$' "the example did not see the slave leave"
o '^app: servo: offline$' "the example did not see the servo offline"
sed -n '/^app: master: 5 slave(s)$/,$p' "$OUT" |
	grep -q '^app: master: 6 slave(s)$' ||
	fail "the example did not see the slave come back"
o '^app: loopback ok: digital [1-9]' "no loop-back proof"
o '^app_rc=0$' "the example failed"

o '^rc_stop=0$' "ethercatctl stop failed"
o '^ethercatctl: stopped the simulator(s) of master(s) 0 ' \
	"stop did not say it stopped the simulator"
o '^left_stop: ifaces=0 procs=0 mods=0 state=0$' "stop left something behind"
o '^after: ethercat-sim-ctl: cannot reach the simulator at /run/ethercat-sim/master0.sock' \
	"ethercat-sim-ctl does not say the simulator is gone"
pass
