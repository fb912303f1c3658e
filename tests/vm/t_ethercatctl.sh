#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_ethercatctl: the service script as a real machine runs it.  The rig
# boots without loading the master (tests/vm/run --no-load: the modules are
# where "make modules_install" puts them), the guest runs depmod, then
# ethercatctl (build/dist/ethercatctl, as installed) with an
# /etc/ethercat.conf that names the NIC by MAC, then by interface name:
# start, the device node with DEVICE_GROUP/DEVICE_MODE, the default
# segment's 6 slaves in "ethercat slaves", status, start again (already
# running), restart, stop (modules gone, status 3).  Bad configurations
# (no file, no such interface, bad MAC, no MASTER0_DEVICE, a gap, a
# missing module, no such group, a syntax error, empty DEVICE_MODULES)
# each exit non-zero with a message naming what is wrong, and leave no
# module loaded.

. "$(dirname "$0")/testlib.sh"

need ethercat
CTL=$TTOP/build/dist/ethercatctl
[ -x "$CTL" ] || fail "build/dist/ethercatctl not built (make userspace)"

vm_run --no-load --file "$CTL:/usr/sbin/ethercatctl" -- '
	nmods() { grep -c "^ec_" /proc/modules; }
	conf() { printf "%s\n" "$@" >/etc/ethercat.conf; }
	bad() {	# bad NAME: start must fail, say why, load nothing
		ethercatctl start >/tmp/o 2>&1
		echo "rc_$1=$? mods_$1=$(nmods) msg_$1=$(tr "\n" " " </tmp/o)"
	}
	wait_slaves() {
		i=0
		while [ $i -lt 100 ]; do
			[ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" \
				= 6 ] && break
			sleep 0.1
			i=$((i + 1))
		done
		echo "slaves_$1=$(ethercat slaves 2>/dev/null | grep -c .)"
	}
	depmod; echo "rc_depmod=$?"
	echo "ethercat:x:990:" >>/etc/group

	rm -f /etc/ethercat.conf
	bad noconf
	conf "MASTER0_DEVICE=\"eth9\"" "DEVICE_MODULES=\"generic\""
	bad noiface
	conf "MASTER0_DEVICE=\"52:54:00:ec:a7\"" "DEVICE_MODULES=\"generic\""
	bad badmac
	conf "MASTER0_DEVICE=\"\"" "DEVICE_MODULES=\"generic\""
	bad nodev
	conf "MASTER0_DEVICE=\"eth0\"" "MASTER2_DEVICE=\"eth0\"" \
		"DEVICE_MODULES=\"generic\""
	bad gap
	conf "MASTER0_DEVICE=\"eth0\"" "DEVICE_MODULES=\"generic nosuchnic\""
	bad nomod
	conf "MASTER0_DEVICE=\"eth0\"" "DEVICE_MODULES=\"generic\"" \
		"DEVICE_GROUP=\"nosuchgroup\""
	bad nogroup
	conf "MASTER0_DEVICE=\"eth0" "DEVICE_MODULES=\"generic\""
	bad syntax
	conf "MASTER0_DEVICE=\"eth0\"" "DEVICE_MODULES=\"\""
	bad nomodules

	conf "MASTER0_DEVICE=\"$EC_MAC\"" "MASTER0_BACKUP=\"\"" \
		"DEVICE_MODULES=\"generic\"" "UPDOWN_INTERFACES=\"\"" \
		"MODPROBE_FLAGS=\"-b\"" "DEVICE_GROUP=\"ethercat\"" \
		"DEVICE_MODE=\"0640\""
	ethercatctl udev | tr "\n" " "; echo
	ethercatctl start; echo "rc_start_mac=$? mods_mac=$(nmods)"
	ls -l /dev/EtherCAT0 | awk "{ print \"node=\" \$1 \" \" \$4 }"
	echo "param=$(cat /sys/module/ec_master/parameters/main_devices)"
	wait_slaves mac
	ethercatctl status; echo "rc_status=$?"
	ethercatctl start >/tmp/o 2>&1
	echo "rc_again=$? msg_again=$(tr "\n" " " </tmp/o)"
	ethercatctl stop; echo "rc_stop_mac=$? mods_stop_mac=$(nmods)"
	[ -e /dev/EtherCAT0 ] && echo node_left
	ethercatctl status; echo "rc_status_stopped=$?"
	ethercatctl stop; echo "rc_stop_again=$?"

	conf "MASTER0_DEVICE=\"eth0\"" "DEVICE_MODULES=\"generic\""
	ethercatctl start; echo "rc_start_name=$? mods_name=$(nmods)"
	echo "param_name=$(cat /sys/module/ec_master/parameters/main_devices)"
	wait_slaves name
	ethercatctl restart; echo "rc_restart=$?"
	wait_slaves restart
	ethercatctl stop; echo "rc_stop_name=$? mods_stop_name=$(nmods)"
	ethercatctl bogus; echo "rc_usage=$?"
'
[ "$RC" = 0 ] || fail "guest commands exited $RC"
o() { grep -q -- "$1" "$OUT" || fail "$2"; }

o '^rc_depmod=0$' "depmod failed in the guest"
for b in noconf noiface badmac nodev gap nomod nogroup syntax nomodules; do
	line=$(grep "^rc_$b=" "$OUT") || fail "no result for $b"
	case $line in
	"rc_$b=0 "*) fail "ethercatctl start succeeded with config $b" ;;
	*" mods_$b=0 "*) ;;
	*) fail "config $b left modules loaded: $line" ;;
	esac
done
o 'msg_noconf=.*no configuration file /etc/ethercat.conf' "no-file message"
o 'msg_noiface=.*MASTER0_DEVICE="eth9": no such network interface' \
	"no-interface message"
o 'msg_badmac=.*MASTER0_DEVICE="52:54:00:ec:a7" is not a MAC address' "bad-MAC message"
o 'msg_nodev=.*MASTER0_DEVICE is not set' "no-device message"
o 'msg_gap=.*MASTER2_DEVICE is set but MASTER1_DEVICE is not' "gap message"
o 'msg_nomod=.*cannot load ec_nosuchnic.*no module ec_nosuchnic for kernel' \
	"missing-module message"
o 'msg_nogroup=.*DEVICE_GROUP="nosuchgroup": no such group' "group message"
o 'msg_syntax=.*/etc/ethercat.conf: not a valid shell assignment file' \
	"syntax message"
o 'msg_nomodules=.*DEVICE_MODULES is empty' "empty DEVICE_MODULES message"

o '^ETHERCAT_GROUP=ethercat ETHERCAT_MODE=0640 $' "ethercatctl udev output"
o '^rc_start_mac=0 mods_mac=2$' "start with a MAC did not load 2 modules"
o '^node=crw-r----- ethercat$' "/dev/EtherCAT0 has not mode 0640, group ethercat"
o "^param=52:54:00:ec:a7:01$" "ec_master main_devices is not the MAC"
o '^slaves_mac=6$' "ethercat slaves after start (MAC) does not show 6 slaves"
o '^EtherCAT master .*: running$' "status does not say running"
o '^  device modules: ec_generic$' "status does not list ec_generic"
o '^  master 0: /dev/EtherCAT0, main device 52:54:00:ec:a7:01: attached, link UP' \
	"status does not show the attached device with link UP"
o '^rc_status=0$' "status exit code while running"
o '^rc_again=1 msg_again=.*already running' "second start not refused"
o '^rc_stop_mac=0 mods_stop_mac=0$' "stop left modules loaded"
! grep -q '^node_left' "$OUT" || fail "/dev/EtherCAT0 still there after stop"
o ': stopped$' "status does not say stopped"
o '^rc_status_stopped=3$' "status exit code when stopped is not 3"
o '^rc_stop_again=0$' "stop when stopped fails"
o '^rc_start_name=0 mods_name=2$' "start with an interface name failed"
o '^param_name=52:54:00:ec:a7:01$' "eth0 not resolved to its MAC"
o '^slaves_name=6$' "ethercat slaves after start (name) does not show 6"
o '^rc_restart=0$' "restart failed"
o '^slaves_restart=6$' "no slaves after restart"
o '^rc_stop_name=0 mods_stop_name=0$' "stop (name) left modules"
o '^rc_usage=2$' "unknown command does not exit 2"
pass
