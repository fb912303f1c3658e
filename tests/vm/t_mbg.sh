#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_mbg: the mailbox gateway (ethercat-mbg, ETG.8200, doc/GATEWAY.md) on
# the default segment plus an SoE drive (ECSIM-SOE, position 6), whose
# servo (position 5) gets a 200-byte string
# object 0x2000 (segmented transfers) and an FoE file.  Inside the guest,
# on link-local addresses of the loopback interface (169.254.77.1 the
# gateway and the allowed client, 169.254.77.2 a client not allowed):
#  1. off by default: nothing listens on UDP after boot (/proc/net/udp),
#     'ethercat master' shows no gateway, the daemon refuses to start
#     without --bind/--allow and on 0.0.0.0;
#  2. while ec_user_example runs the segment in OP, 'ethercat --gateway'
#     uploads (expedited, normal, segmented), downloads (expedited,
#     segmented), lists the dictionary by SDO information and reads a file
#     by FoE on the servo, and reads IDNs by SoE from an SoE drive added at
#     position 6: every reply equals what the local 'ethercat
#     upload', 'sdos' and 'foe_read' give; the example's loop-back stays
#     right (as in a run without the gateway in the same boot, whose
#     incomplete-cycle count is printed beside it), the example stopped
#     with SIGTERM once the gateway's part is done;
#  3. address 0, the master's dictionary, lists the slaves as 'ethercat
#     slaves' does (0x9nnn:03 names, 0xAnnn:01 AL states; compared once
#     the example ended and the slaves are back in PREOP, so that no state
#     changes in between) and answers a gap with abort 0x06020000;
#  4. bad datagrams of each kind and one from a client not on the allow
#     list are dropped and counted (status file, 'ethercat master -j').

. "$(dirname "$0")/testlib.sh"

need ethercat
for b in ethercat-mbg mbg_send ec_user_example; do
	[ -x "$TTOP/build/vm-bin/$b" ] ||
		fail "build/vm-bin/$b not built (make userspace)"
done
SEG=$TMP/mbg.json
python3 - "$TTOP/sim/catalogue/catalogue.json" "$TTOP/sim/segments/default.json" \
	"$SEG" <<'EOF' || fail "could not derive the segment file"
import json, sys
cat = json.load(open(sys.argv[1]))
models = cat["models"] if isinstance(cat, dict) and "models" in cat else cat
servo = next(m for m in (models if isinstance(models, list) else models.values())
             if isinstance(m, dict) and m.get("order") == "ECSIM-SERVO")
servo = json.loads(json.dumps(servo))
servo["objects"].append({"index": "0x2000", "name": "Long text",
                         "type": "VISIBLE_STRING", "access": "rw",
                         "value": "g" * 200})
seg = json.load(open(sys.argv[2]))
seg.setdefault("models", {})["GW-SERVO"] = servo
for s in seg["slaves"]:
    if s["model"] == "ECSIM-SERVO":
        s["model"] = "GW-SERVO"
        s["foe"] = {"files": [{"name": "hello.txt",
                               "data": "Hello over the gateway"},
                              {"name": "big.bin", "size": 700}]}
seg["slaves"].append({"model": "ECSIM-SOE", "name": "drive"})
json.dump(seg, open(sys.argv[3], "w"), indent=1)
EOF

vm_run --timeout 240 --segment "$SEG" -- "$GUEST_WAIT_N"'
	ip link set lo up
	ip addr add 169.254.77.1/16 dev lo
	ip addr add 169.254.77.2/16 dev lo
	echo "udp_listeners=$(tail -n +2 /proc/net/udp | wc -l)"
	wait_n PREOP 7; echo "rc_preop=$?"
	echo "gw_shown=$(ethercat master | grep -c "Mailbox gateway")"
	ethercat-mbg 2>/tmp/e1; echo "rc_noargs=$?"; sed "s/^/NOARGS /" /tmp/e1
	ethercat-mbg --bind 0.0.0.0 --allow 169.254.77.1 2>/tmp/e2
	echo "rc_any=$?"; sed "s/^/ANY /" /tmp/e2
	echo "udp_after_refusals=$(tail -n +2 /proc/net/udp | wc -l)"

	ec_user_example -c 3000 -q >/tmp/base.log 2>&1; echo "rc_base=$?"
	ethercat-mbg --bind 169.254.77.1 --allow 169.254.77.1 \
		2>/tmp/mbg.log & MBG=$!
	ec_user_example -q >/tmp/ex.log 2>&1 & EX=$!
	i=0; op=0; while [ $i -lt 60 ] && kill -0 $EX 2>/dev/null; do
		op=$(ethercat slaves | grep -c " OP ")
		[ "$op" -ge 5 ] && break
		sleep 0.25; i=$((i + 1)); done
	echo "op_slaves=$op"
	echo "udp_listening=$(tail -n +2 /proc/net/udp | grep -c ":88A4 ")"
	G="ethercat --gateway 169.254.77.1 -p 5"
	for o in "0x1018 1" "0x1018 2" "0x1008 0" "0x6502 0" "0x2000 0"; do
		echo "L $o=$(ethercat -p 5 upload $o)"
		echo "G $o=$($G upload $o)"
	done
	$G download 0x6080 0 4321; echo "rc_dl_exp=$?"
	echo "L dl_exp=$(ethercat -p 5 upload 0x6080 0)"
	T=abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789
	$G download 0x2000 0 "$T"; echo "rc_dl_seg=$?"
	[ "$(ethercat -p 5 upload 0x2000 0)" = "$T" ] && echo dl_seg_local_ok
	[ "$($G upload 0x2000 0)" = "$T" ] && echo dl_seg_gw_ok
	$G sdos >/tmp/gs; echo "rc_sdos=$?"
	# the master reads the dictionary after the scan, paused by requests
	i=0; while [ $i -lt 80 ]; do
		ethercat -p 5 sdos >/tmp/ls
		[ "$(wc -l </tmp/ls)" = "$(wc -l </tmp/gs)" ] && break
		sleep 0.25; i=$((i + 1)); done
	cmp /tmp/ls /tmp/gs && echo sdos_equal; echo "sdos_lines=$(wc -l </tmp/gs)"
	for i in S-0-0030 S-0-0140 S-0-0001; do
		echo "LS $i=$(ethercat -p 6 soe_read $i)"
		echo "GS $i=$(ethercat --gateway 169.254.77.1 -p 6 soe_read $i)"
	done
	ethercat -p 5 foe_read hello.txt >/tmp/lf; $G foe_read hello.txt >/tmp/gf
	echo "rc_foe=$?"; cmp /tmp/lf /tmp/gf && echo foe_equal
	ethercat -p 5 foe_read big.bin >/tmp/lb; $G foe_read big.bin >/tmp/gb
	echo "rc_foe_big=$?"; cmp /tmp/lb /tmp/gb && echo foe_big_equal
	echo "foe_big_bytes=$(wc -c </tmp/gb)"

	S="mbg_send 169.254.77.1 169.254.77.1 34980"
	GOOD="0a 00 00 00 00 13 00 20 40 18 10 01 00 00 00 00"
	echo "REPLY $($S 10 50 $GOOD)"
	$S 10 50 0a >/dev/null; echo "rc_short=$?"
	$S -z 1500 >/dev/null; echo "rc_oversize=$?"
	$S 10 10 $GOOD >/dev/null; echo "rc_type=$?"
	$S 11 50 $GOOD 00 >/dev/null; echo "rc_flen=$?"
	$S 10 50 0b 00 00 00 00 13 00 20 40 18 10 01 00 00 00 00 >/dev/null
	echo "rc_mlen=$?"
	$S 10 50 0a 00 00 00 00 12 00 20 40 18 10 01 00 00 00 00 >/dev/null
	echo "rc_eoe=$?"
	$S 10 50 0a 00 77 77 00 13 00 20 40 18 10 01 00 00 00 00 >/dev/null
	echo "rc_addr=$?"
	mbg_send 169.254.77.2 169.254.77.1 34980 10 50 $GOOD >/dev/null
	echo "rc_denied=$?"
	echo "still=$($G upload 0x1018 1)"
	kill $EX; wait $EX; echo "rc_example=$?"
	wait_n PREOP 7; echo "rc_back=$?"
	M="ethercat --gateway 169.254.77.1"
	sleep 1.1	# the dictionary is read again at most once a second
	ethercat slaves >/tmp/slaves
	n=0; while [ $n -lt 7 ]; do
		echo "OD $n $($M upload -t string 0x900$n 3) $($M upload 0xa00$n 1)"
		n=$((n + 1)); done
	sed "s/^/SLAVES /" /tmp/slaves
	$M upload -t uint32 0x7000 0; echo "rc_gap=$?"

	sleep 0.6
	ethercat master | sed -n "/Mailbox gateway/,\$p" | sed "s/^/MASTER /"
	ethercat master -j | tr -d " \n" | grep -o "\"gateway\":{[^}]*}" |
		sed "s/^/JSON /"
	kill $MBG; wait $MBG
	sed "s/^/BASE /" /tmp/base.log; sed "s/^/EX /" /tmp/ex.log
	sed "s/^/LOG /" /tmp/mbg.log
	echo "udp_end=$(tail -n +2 /proc/net/udp | wc -l)"
'
[ "$RC" = 0 ] || fail "guest commands failed ($RC)"
cat "$OUT" | grep -E "^(L|G|LS|GS|OD|rc_|udp|gw_|dl_|sdos|foe|REPLY|JSON|MASTER|still)" |
	sed 's/^/  /'
grep -q '^udp_listeners=0$' "$OUT" || fail "something listens on UDP after boot"
grep -q '^gw_shown=0$' "$OUT" || fail "ethercat master shows a gateway that does not run"
grep -q '^rc_noargs=2$' "$OUT" || fail "ethercat-mbg started without --bind"
grep -q '^NOARGS .*--bind is required' "$OUT" || fail "no reason given without --bind"
grep -q '^rc_any=2$' "$OUT" || fail "ethercat-mbg listened on 0.0.0.0"
grep -q '^udp_after_refusals=0$' "$OUT" || fail "a refused start left a socket"
grep -q '^rc_base=0$' "$OUT" || fail "the example failed without the gateway"
# the example configures all but the coupler, which stays in PREOP
grep -q '^op_slaves=5$' "$OUT" || fail "the example did not bring the slaves to OP"
grep -q '^udp_listening=1$' "$OUT" || fail "the gateway does not listen on 0x88A4"
for o in "0x1018 1" "0x1018 2" "0x1008 0" "0x6502 0" "0x2000 0"; do
	l=$(grep "^L $o=" "$OUT" | cut -d= -f2-)
	g=$(grep "^G $o=" "$OUT" | cut -d= -f2-)
	[ -n "$l" ] && [ "$l" = "$g" ] ||
		fail "upload $o: gateway '$g', local '$l'"
done
grep -q '^rc_dl_exp=0$' "$OUT" || fail "expedited download through the gateway failed"
grep -q '^L dl_exp=0x000010e1 4321$' "$OUT" || fail "the expedited download did not arrive"
grep -q '^rc_dl_seg=0$' "$OUT" || fail "segmented download through the gateway failed"
grep -q '^dl_seg_local_ok$' "$OUT" || fail "the segmented download did not arrive"
grep -q '^dl_seg_gw_ok$' "$OUT" || fail "segmented upload through the gateway differs"
grep -q '^rc_sdos=0$' "$OUT" || fail "sdos through the gateway failed"
grep -q '^sdos_equal$' "$OUT" || fail "sdos through the gateway differs from the local one"
grep -q '^rc_foe=0$' "$OUT" || fail "foe_read through the gateway failed"
grep -q '^foe_equal$' "$OUT" || fail "foe_read through the gateway differs"
grep -q '^foe_big_equal$' "$OUT" || fail "foe_read of 700 bytes through the gateway differs"
grep -q '^foe_big_bytes=700$' "$OUT" || fail "foe_read of big.bin: wrong size"
for i in S-0-0030 S-0-0140 S-0-0001; do
	l=$(grep "^LS $i=" "$OUT" | cut -d= -f2-)
	g=$(grep "^GS $i=" "$OUT" | cut -d= -f2-)
	[ -n "$l" ] && [ "$l" = "$g" ] ||
		fail "soe_read $i: gateway '$g', local '$l'"
done
# address 0 lists the slaves as 'ethercat slaves' does
n=0
while [ $n -lt 7 ]; do
	name=$(sed -n "s/^SLAVES $n .*[+E]  //p" "$OUT")
	od=$(sed -n "s/^OD $n \(.*\) 0x[0-9a-f]* [0-9]*$/\1/p" "$OUT")
	[ -n "$name" ] && [ "$name" = "$od" ] ||
		fail "address 0: slave $n is '$od', ethercat slaves says '$name'"
	state=$(sed -n "s/^SLAVES $n  *[0-9]*:[0-9]*  *\([A-Z]*\) .*/\1/p" "$OUT")
	case $state in PREOP) al=2 ;; SAFEOP) al=4 ;; OP) al=8 ;; *) al=x ;; esac
	grep -q "^OD $n .* 0x000$al $al$" "$OUT" ||
		fail "address 0: AL status of slave $n is not $state"
	n=$((n + 1))
done
grep -q "^ethercat: upload: SDO transfer aborted with code 0x06020000" "$OUT" ||
	fail "address 0: a gap did not abort with 0x06020000"
grep -q '^rc_gap=1$' "$OUT" || fail "address 0: a gap did not fail"
grep -q '^REPLY 10 50 0a 00 00 00 .. .3 00 30 43 18 10 01 00 00 00 00$' "$OUT" ||
	fail "a raw upload from address 0 got no right reply"
for k in short oversize type flen mlen eoe addr denied; do
	grep -q "^rc_$k=3$" "$OUT" || fail "the $k datagram got a reply"
done
grep -q '^still=0x0ec51d00 247799040$' "$OUT" || fail "the gateway stopped serving after the bad datagrams"
grep -q '^rc_example=0$' "$OUT" || fail "the example failed with the gateway"
grep -q '^EX loopback ok' "$OUT" || fail "the loop-back went wrong with the gateway"
j=$(grep '^JSON ' "$OUT")
for kv in '"denied":1' '"bad_short":1' '"bad_oversize":1' '"bad_wrong_type":1' \
	  '"bad_length":2' '"bad_protocol":1' '"bad_address":1' '"malformed":7'; do
	case $j in *"$kv"*) ;; *) fail "ethercat master -j: no $kv in $j" ;; esac
done
grep -q '^MASTER     Address: 169.254.77.1:34980$' "$OUT" || fail "ethercat master: no gateway address"
grep -q "^LOG .*not on the allow list" "$OUT" || fail "no log line for the client not allowed"
grep -q "^LOG .*disagrees with the datagram's size" "$OUT" || fail "no log line naming the length error"
grep -q '^udp_end=0$' "$OUT" || fail "a socket stayed open after the gateway stopped"
base=$(sed -n 's/^BASE cycles [0-9]*, incomplete after the first check \([0-9]*\).*/\1/p' "$OUT")
with=$(sed -n 's/^EX cycles [0-9]*, incomplete after the first check \([0-9]*\).*/\1/p' "$OUT")
cyc=$(sed -n 's/^EX cycles \([0-9]*\),.*/\1/p' "$OUT")
echo "  figures: incomplete cycles without the gateway $base of 3000, with it $with of $cyc"
grep -q '^BASE loopback ok' "$OUT" || fail "the loop-back went wrong without the gateway"
pass
