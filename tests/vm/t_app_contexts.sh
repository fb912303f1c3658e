#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vm-test: alone
#
# t_app_contexts: the kernel example cycles at 1 kHz from a timer_list
# callback (every jiffy), an hrtimer in softirq expiry and, on a kernel
# without PREEMPT_RT, an hrtimer in hard-irq expiry, each under the
# application's spinlock with interrupts off as IgH's examples do, the
# timer modes with send/receive callbacks; meanwhile the guest hammers the
# master with CLI commands (slaves, domains -v, master, config, upload of
# an SDO in OP).  Each mode must prove the loop-back and complete its SDO
# request in OP, every CLI command must succeed, and the kernel log must
# stay clean (the rig fails the run on any BUG, WARNING, "scheduling
# while atomic" or RCU report).  EC_CTX_ROUNDS sets the rounds of CLI
# commands per mode (5 commands each; default 40).

. "$(dirname "$0")/testlib.sh"

need ethercat
KO=$("$TTOP/examples/kernel/build" "${KERNEL:-6.1}" 2>"$TMP/build.err") ||
	fail "ec_kernel_example.ko did not build: $(tail -n 3 "$TMP/build.err")"
ROUNDS=${EC_CTX_ROUNDS:-40}
case ${KERNEL:-6.1} in
*-rt) MODES="timer hrtimer" ;;
*) MODES="timer hrtimer hardirq" ;;
esac

vm_run --file "$KO:/data/ec_kernel_example.ko" -- "$GUEST_WAIT_N"'
	wait_n PREOP 6
	for m in '"$MODES"'; do
		insmod /data/ec_kernel_example.ko mode=$m cycles=0 callbacks=1
		echo "$m: insmod_rc=$?"
		wait_n OP 5; echo "$m: op_rc=$?"
		dmesg | grep "ec_kernel_example: activated" |
			sed "s/^[^]]*] /$m: kernel: /"
		fails=0; n=0; r=0
		while [ $r -lt '"$ROUNDS"' ]; do
			for c in "slaves" "domains -v" "master" "config" \
				 "upload -p 5 -t uint32 0x1018 1"; do
				ethercat $c >/tmp/cli.out 2>&1 ||
					{ fails=$((fails + 1)); sed "s/^/$m: cli: /" /tmp/cli.out | head -n 3; }
				n=$((n + 1))
			done
			r=$((r + 1))
		done
		echo "$m: cli commands $n failed $fails"
		ethercat upload -p 5 -t uint32 0x1018 1 | sed "s/^/$m: upload: /"
		rmmod ec_kernel_example; echo "$m: rmmod_rc=$?"
		dmesg | grep "ec_kernel_example: \(loopback\|sdo\|callbacks\)" |
			sed "s/^[^]]*] /$m: kernel: /"
		dmesg -c >/dev/null
		wait_n PREOP 6; echo "$m: preop_rc=$?"
	done'

for m in $MODES; do
	grep -q "^$m: insmod_rc=0$" "$OUT" || fail "$m: insmod of the example failed"
	grep -q "^$m: op_rc=0$" "$OUT" || fail "$m: the slaves did not reach OP"
	grep -q "^$m: cli commands [1-9][0-9]* failed 0$" "$OUT" ||
		fail "$m: CLI commands failed next to the cyclic task"
	grep -q "^$m: upload: 0x0ec51d00" "$OUT" ||
		fail "$m: the SDO upload in OP did not return the servo's vendor id"
	grep -q "^$m: kernel: ec_kernel_example: activated: .* mode $m, callbacks" "$OUT" ||
		fail "$m: the example did not run in mode $m"
	grep -q "^$m: kernel: ec_kernel_example: loopback ok: digital [1-9][0-9]*/" "$OUT" ||
		fail "$m: no loop-back proof"
	grep -q "^$m: kernel: ec_kernel_example: sdo request ok: 0x1018:01 = 0x0ec51d00" "$OUT" ||
		fail "$m: the SDO request did not complete in OP"
	grep -q "^$m: kernel: ec_kernel_example: callbacks: [1-9][0-9]* sends" "$OUT" ||
		fail "$m: the master never called the send callback"
	grep -q "^$m: rmmod_rc=0$" "$OUT" || fail "$m: rmmod failed"
	grep -q "^$m: preop_rc=0$" "$OUT" || fail "$m: slaves not back in PREOP"
	grep "^$m: \(cli commands\|kernel: ec_kernel_example: \(loopback\|callbacks\)\)" "$OUT" |
		sed 's/kernel: ec_kernel_example: //; s/^/  /'
done
[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
pass
