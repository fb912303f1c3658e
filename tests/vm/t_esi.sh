#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_esi: a segment built only from ESI files.  The default segment's line
# (coupler, EL1008, EL2008, EL3102, EL4102, a CiA 402 drive at alias 1001)
# is described by the test ESI files of tests/esi/ (EL1008, EL3102, the DC
# drive) and by files ethercat-sim --export-esi writes for the others; no
# slave names a catalogue model.  The master scans it, the userspace
# example takes it to OP and proves its loop-backs, and 'ethercat slaves
# -v', 'pdos' and 'sdos' show the ESI files' names, currents and objects;
# what 'ethercat xml' writes about a slave can be simulated in turn.

. "$(dirname "$0")/testlib.sh"

need ethercat
SIM=$TTOP/build/sim/ethercat-sim
[ -x "$SIM" ] || fail "build/sim/ethercat-sim not built"
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

D=$TMP/esi
mkdir -p "$D"
cp "$TTOP"/tests/esi/EL1008.xml "$TTOP"/tests/esi/EL3102.xml \
	"$TTOP"/tests/esi/ECSIM-SERVO.xml "$D"/
for m in EK1100 EL2008 EL4102; do
	"$SIM" --export-esi $m >"$D/$m.xml" 2>"$TMP/export.err" ||
		fail "--export-esi $m: $(cat "$TMP/export.err")"
done
cat >"$D/segment.json" <<'EOF'
{
 "slaves": [
  { "esi": "EK1100.xml" },
  { "esi": "EL1008.xml", "type": "EL1008", "revision": "0x00100000" },
  { "esi": "EL2008.xml" },
  { "esi": "EL3102.xml", "type": "EL3102" },
  { "esi": "EL4102.xml" },
  { "esi": "ECSIM-SERVO.xml", "revision": "0x00020000", "alias": 1001 }
 ],
 "wires": [
  { "from": 2, "to": 1 },
  { "from": "4:0x3001:01", "to": "3:0x3101:02" },
  { "from": "4:0x3002:01", "to": "3:0x3102:02" }
 ]
}
EOF
grep -q '"model"' "$D/segment.json" && fail "the segment names a model"

vm_run --segment "$D/segment.json" -- 'wait_n() {
		i=0; while [ $i -lt 60 ]; do
			[ "$(ethercat slaves 2>/dev/null |
			     grep -c " $1 ")" -ge "$2" ] && return 0
			sleep 0.25; i=$((i + 1)); done; return 1; }
	wait_n PREOP 6; echo "preop_rc=$?"
	i=0; while [ $i -lt 40 ]; do	# the dictionaries follow PREOP
		ethercat sdos -q -p 5 | grep -q "^SDO 0x6502" &&
			ethercat sdos -q -p 3 | grep -q "^SDO 0x8000" && break
		sleep 0.25; i=$((i + 1)); done
	ethercat slaves | sed "s/^/list: /"
	ethercat slaves -v -p 1 | sed "s/^/v1: /"
	ethercat slaves -v -p 3 | sed "s/^/v3: /"
	ethercat pdos -p 3 | sed "s/^/pdos3: /"
	ethercat pdos -p 5 | sed "s/^/pdos5: /"
	ethercat sdos -p 3 | sed "s/^/sdos3: /"
	ethercat sdos -p 5 | sed "s/^/sdos5: /"
	ethercat xml | sed "s/^/xml: /"
	ec_user_example -c 3000 -q >/tmp/u.log 2>&1 & P=$!
	wait_n OP 5; echo "op_rc=$?"
	ethercat slaves | sed "s/^/during: /"
	wait $P; echo "example_rc=$?"
	grep "loopback\|sdo request" /tmp/u.log | sed "s/^/example: /"'

grep -q '^preop_rc=0$' "$OUT" || fail "the ESI segment did not reach PREOP"
want() {	# want PATTERN WHAT
	grep -q "$1" "$OUT" || fail "$2"
}
want '^list: 1  .*PREOP  +  EL1008 8Ch. Dig. Input 24V, 3ms$' \
	"slave 1 is not named as EL1008.xml says"
want '^list: 3  .*PREOP  +  EL3102 2Ch. Ana. Input +/-10V, DIFF$' \
	"slave 3 is not named as EL3102.xml says"
want '^list: 5  1001:0  .*ECSIM-SERVO CiA 402 drive (ESI test file)$' \
	"the drive is not named as ECSIM-SERVO.xml says"
want '^v1:   Current consumption: 90 mA$' "EL1008: not the ESI's 90 mA"
want '^v3:   Current consumption: 130 mA$' "EL3102: not the ESI's 130 mA"
want '^v3:   Product code: *0x0c1e3052$' "EL3102: wrong product code"
want '^v3:   Revision number: *0x00140000$' "EL3102: wrong revision"
want '^pdos3:   TxPDO 0x1a01 "TxPDO-Map Ch.2"$' "pdos: no TxPDO 0x1a01"
want '^pdos3:     PDO entry 0x3102:02, 16 bit, "Value"$' \
	"pdos: no entry 0x3102:02"
want '^pdos5:   RxPDO 0x1600 "RxPDO 1"$' "pdos: no drive RxPDO 0x1600"
want '^sdos3: SDO 0x8000, "AI Settings Ch.1"$' "sdos: no 0x8000 from the ESI"
want '^sdos3:   0x8000:15, rwrwr-, uint16, 16 bit, "Filter settings"$' \
	"sdos: 0x8000:15 not as the ESI says (rw in PREOP and SAFEOP)"
want '^sdos3:   0x1000:00, r-r-r-, uint32, 32 bit, "Device type"$' \
	"sdos: no device type"
want '^sdos5: SDO 0x2000, "Motor data"$' "sdos: no drive object 0x2000"
want '^sdos5:   0x6071:00, rwrwrw, int16, 16 bit, "Target torque"$' \
	"sdos: 0x6071 not as the ESI says"
grep -q '^sdos5: SDO 0x2100' "$OUT" &&
	fail "sdos: 0x2100 (a type the simulator lacks) should be left out"
want '^op_rc=0$' "the example did not take the ESI segment to OP"
n=$(grep -c '^during: [1-5]  .* OP  ' "$OUT")
[ "$n" -eq 5 ] || fail "$n slaves in OP during the run, expected 5"
want '^example_rc=0$' "the example failed on the ESI segment"
want '^example: loopback ok: digital [1-9][0-9]*/[1-9][0-9]*, analog [1-9]' \
	"no loop-back proof on the ESI segment"
want '^example: sdo request ok: 0x1018:01 = 0x0ec51d00' \
	"the drive's SDO request failed"

# What the master writes with "ethercat xml" (an <EtherCATInfoList> of the
# six slaves) is ESI the simulator takes: the line read from the segment
# can be simulated in turn, each slave picked by its type.
mkdir -p "$TMP/xml"
sed -n 's/^xml: //p' "$OUT" >"$TMP/xml/line.xml"
[ "$(grep -c '<Device>' "$TMP/xml/line.xml")" = 6 ] ||
	fail "ethercat xml did not describe the six slaves"
{
	echo '{ "slaves": ['
	for t in EK1100 EL1008 EL2008 EL3102 EL4102; do
		echo "{ \"esi\": \"line.xml\", \"type\": \"$t\" },"
	done
	echo '{ "esi": "line.xml", "type": "ECSIM-SERVO" } ] }'
} >"$TMP/xml/seg.json"
"$SIM" --segment "$TMP/xml/seg.json" --unix "$TMP/x.sock" \
	2>"$TMP/xml.err" &
S=$!
i=0
while [ $i -lt 100 ] && ! grep -q ': ready' "$TMP/xml.err"; do
	sleep 0.1; i=$((i + 1)); done
kill $S 2>/dev/null; wait $S
grep -q ': ready' "$TMP/xml.err" ||
	fail "ethercat-sim refused the master's ethercat xml: $(cat "$TMP/xml.err")"

# What the ESI files hold and the simulator does not model: listed once on
# ethercat-sim's stderr when it starts.
"$SIM" --segment "$D/segment.json" --unix "$TMP/s.sock" 2>"$TMP/sim.err" &
S=$!
i=0
while [ $i -lt 100 ] && ! grep -q ': ready' "$TMP/sim.err"; do
	sleep 0.1; i=$((i + 1)); done
kill $S; wait $S
# (The drive's FoE is served since the FoE server landed: not listed.)
if grep -q 'ECSIM-SERVO: not modelled: mailbox protocol FoE' "$TMP/sim.err"; then
	fail "ethercat-sim lists the drive's FoE, which it serves"
fi
[ "$(grep -c 'EL3102: not modelled: <Info><StateMachine>' \
	"$TMP/sim.err")" = 1 ] ||
	fail "ethercat-sim did not list EL3102.xml's <StateMachine> once: $(cat "$TMP/sim.err")"
pass
