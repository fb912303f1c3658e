#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_simulate_ring: the other two ways of ethercatctl's simulated segments,
# in the guest (tests/vm/run --no-load --guest-sim).  "ethercatctl
# simulate --backup": a second veth pair ecsim0b/ecsim0bp as the master's
# backup device, "ethercat master" shows the ring closed over the 6
# slaves, "ethercat-sim-ctl break 2" opens it in front of slave 2 and
# "heal" closes it; stop leaves nothing.  Then two simulated masters from
# /etc/ethercat.conf (MASTER0_SIMULATE, MASTER1_SIMULATE with the second
# segment's 7 slaves) by "ethercatctl start": each master sees its own
# segment in PREOP, "ethercat-sim-ctl -m 1" reaches the second simulator,
# "ethercatctl status" lists both; stop leaves nothing.  Finally --master 1
# without a master 0 in the configuration is refused with a message.

. "$(dirname "$0")/testlib.sh"

need ethercat
CTL=$TTOP/build/dist/ethercatctl
[ -x "$CTL" ] || fail "build/dist/ethercatctl not built (make userspace)"

vm_run --no-load --guest-sim --file "$CTL:/usr/sbin/ethercatctl" \
	--file "$TTOP/sim/segments/second.json:/data/second.json" -- '
	left() {
		echo "left_$1: ifaces=$(ls /sys/class/net | grep -c ^ecsim)" \
		     "procs=$(pidof ethercat-sim | wc -w)" \
		     "mods=$(grep -c "^ec_" /proc/modules)" \
		     "state=$(ls /run/ethercat-sim 2>/dev/null | wc -l)"
	}
	ring() {	# ring NAME: the master view, once it settled
		i=0; while [ $i -lt 40 ]; do
			r=$(ethercat master | grep "Redundancy:")
			case $r in *"$2"*) break ;; esac
			sleep 0.25; i=$((i + 1)); done
		echo "$1: $r"
	}
	depmod
	rm -f /etc/ethercat.conf
	ethercatctl simulate --backup "$EC_SEGMENT"; echo "rc_ring=$?"
	ls /sys/class/net | grep ^ecsim | tr "\n" " " | sed "s/^/ifaces: /"; echo
	ring closed "ring closed"
	ethercat-sim-ctl break 2; echo "rc_break=$?"
	ring broken "broken"
	ethercat-sim-ctl heal; echo "rc_heal=$?"
	ring healed "ring closed"
	ethercatctl stop; echo "rc_stop_ring=$?"
	left ring

	printf "%s\n" "MASTER0_SIMULATE=\"$EC_SEGMENT\"" \
		"MASTER1_SIMULATE=\"/data/second.json\"" \
		"DEVICE_MODULES=\"generic\"" >/etc/ethercat.conf
	ethercatctl start; echo "rc_two=$?"
	echo "m0=$(ethercat slaves -m 0 | grep -c " PREOP ")" \
	     "m1=$(ethercat slaves -m 1 | grep -c " PREOP ")"
	ethercat-sim-ctl -m 1 -j status | grep -o "\"id\":6,\"model\":\"[A-Z0-9]*\"" |
		sed "s/^/sim1: /"
	ethercatctl status | grep simulated | sed "s/^/status: /"
	ethercatctl stop; echo "rc_stop_two=$?"
	left two

	printf "%s\n" "MASTER0_DEVICE=\"\"" "DEVICE_MODULES=\"generic\"" \
		>/etc/ethercat.conf
	ethercatctl simulate /data/second.json --master 1 >/tmp/o 2>&1
	echo "rc_m1=$? msg_m1=$(tr "\n" " " </tmp/o)"
	left m1
'
[ "$RC" = 0 ] || fail "guest commands exited $RC"
o() { grep -q -- "$1" "$OUT" || fail "$2"; }
o '^rc_ring=0$' "ethercatctl simulate --backup failed"
o '^ifaces: ecsim0 ecsim0b ecsim0bp ecsim0p $' "not the two veth pairs"
o '^closed: *Redundancy: ring closed, 6 slave(s)' "the ring is not closed"
o '^rc_break=0$' "break 2 failed"
o '^broken: *Redundancy: ring broken in front of slave 2' \
	"the master does not see the break"
o '^healed: *Redundancy: ring closed, 6 slave(s)' "the ring did not close again"
o '^rc_stop_ring=0$' "stop (ring) failed"
o '^left_ring: ifaces=0 procs=0 mods=0 state=0$' "stop (ring) left something"

o '^rc_two=0$' "ethercatctl start with two simulated masters failed"
o '^ethercatctl: master 0: 6 of 6 simulated slaves in PREOP' "master 0 not ready"
o '^ethercatctl: master 1: 7 of 7 simulated slaves in PREOP' "master 1 not ready"
o '^m0=6 m1=7$' "the masters do not each see their own segment"
o '^sim1: "id":6,"model":"EL1004"$' "ethercat-sim-ctl -m 1 did not reach the second simulator"
o '^status: .*master 1: simulated segment, control socket /run/ethercat-sim/master1.sock: ethercat-sim running' \
	"status does not list the second simulator"
o '^rc_stop_two=0$' "stop (two masters) failed"
o '^left_two: ifaces=0 procs=0 mods=0 state=0$' "stop (two masters) left something"

o '^rc_m1=1 msg_m1=.*MASTER0_DEVICE is not set' "--master 1 without master 0 not refused"
o '^left_m1: ifaces=0 procs=0 mods=0 state=0$' "a refused --master 1 left something"
pass
