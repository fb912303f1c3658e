#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_bad_input.sh [BUILD]: the bad segment files of issues 17 and 29, given to the
# real ethercat-sim binary: each must be refused before the simulator
# opens its socket, with a non-zero exit and a message that names the
# file and what is wrong (the slave or model and the key).  The unit
# test check_sim_segment checks the same messages through the library;
# this checks what a user of the program sees.  Also the ESI importer's
# refusals (a file that is not ESI, a dictionary given twice).
# Exit 0 pass, 1 fail.  Run from the top of the tree after "make".

B=${1:-build}
SIM=$B/sim/ethercat-sim
[ -x "$SIM" ] || { echo "t_bad_input: FAIL: $SIM not built"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
fail() {
	echo "t_bad_input: FAIL: $*"
	exit 1
}

# refused NAME JSON TEXT: the segment JSON is refused naming it and TEXT
refused() {
	n=$((n + 1))
	f=$tmp/$1.json
	printf '%s\n' "$2" >"$f"
	timeout 20 "$SIM" --segment "$f" --unix "$tmp/sock" >"$tmp/out" \
		2>"$tmp/err"
	rc=$?
	[ $rc -eq 124 ] && fail "$1: ethercat-sim took the file and ran"
	[ $rc -ne 0 ] || fail "$1: exit 0"
	[ -e "$tmp/sock" ] && fail "$1: the socket was opened"
	grep -qF "$f" "$tmp/err" || fail "$1: the message does not name the file: $(cat "$tmp/err")"
	grep -qF "$3" "$tmp/err" || fail "$1: the message lacks '$3': $(cat "$tmp/err")"
}

M='"models": { "M": { "vendor": 2, "product": 3'
refused drop '{ "slaves": [ { "model": "EK1100" } ], "faults": { "drop": 500 } }' \
	'"drop": 500 is not a number from 0 to 100'
refused corrupt '{ "slaves": [ { "model": "EK1100" } ], "faults": { "corrupt": -5 } }' \
	'"corrupt": -5 is not a number from 0 to 100'
refused delay '{ "slaves": [ { "model": "EK1100" } ], "faults": { "delay_us": -1 } }' \
	'"delay_us": -1 is not a number'
refused esc_foo "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"esc\": \"foo\" } } }" \
	'model "M": "esc" must be an object, not "foo"'
refused sm_ram "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"esc\": { \"ram_kb\": 1 }, \"sms\": [ { \"type\": \"outputs\", \"start\": \"0x1300\", \"size\": 512 } ] } } }" \
	"runs beyond the ESC's process RAM"
refused sm_64k "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"esc\": { \"ram_kb\": 60 }, \"sms\": [ { \"type\": \"outputs\", \"start\": \"0xff00\", \"size\": 512 } ] } } }" \
	'runs past the 64 KiB ESC address space'
refused pdo_sm "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"sms\": [ { \"type\": \"outputs\", \"start\": \"0x1000\", \"size\": 1 } ], \"pdos\": [ { \"index\": \"0x1600\", \"sm\": 2, \"entries\": [] } ] } } }" \
	'"pdos"[0]: "sm": 2, but the model has 1 sync manager'
refused datatype "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"pdos\": [ { \"index\": \"0x1a00\", \"entries\": [ { \"index\": \"0x6000\", \"sub\": 1, \"type\": \"FLOAT128\" } ] } ] } } }" \
	'unknown data type FLOAT128'
refused inputs '{ "slaves": [ { "model": "EL1008", "inputs": { "0x6080:01": 1 } } ] }' \
	'slave 0 (model "EL1008"): "inputs": "0x6080:01": the model has no input entry 0x6080:01'
refused wires '{ "slaves": [ { "model": "EL2008" }, { "model": "EL1008" } ], "wires": [ { "from": "0:0x7000:09", "to": "1:0x6000:01" } ] }' \
	'"wires"[0]: "from": slave 0 has no output entry 0x7000:09'
refused mailbox "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"mailbox\": { \"protocols\": [ \"CoE\", \"XoE\" ] } } } }" \
	'unknown mailbox protocol XoE'
refused empty_model '{ "slaves": [ { "model": "M" } ], "models": { "M": {} } }' \
	'model "M": a model needs at least "vendor" and "product"'

# too many PDOs for the EEPROM: says what to change, not "File too large"
pdos=$(awk 'BEGIN { for (i = 0; i < 40; i++) printf "%s{ \"index\": \"0x%x\", \"sm\": 0, \"name\": \"a PDO with a long name to fill the EEPROM %d\", \"entries\": [ { \"index\": \"0x6000\", \"sub\": %d, \"bits\": 8 } ] }", i ? ", " : "", 6656 + i, i, i + 1 }')
refused pdos_eeprom "{ \"slaves\": [ { \"model\": \"BIG\" } ], \"models\": { \"BIG\": { \"vendor\": 2, \"product\": 3, \"esc\": { \"eeprom_kbit\": 1 }, \"sms\": [ { \"type\": \"inputs\", \"start\": \"0x1000\", \"size\": 64 } ], \"pdos\": [ $pdos ] } } }" \
	'"eeprom_kbit"'
grep -q 'File too large' "$tmp/err" && fail "pdos_eeprom: still 'File too large'"

# more than 65535 slaves
awk 'BEGIN { printf "{ \"slaves\": ["; for (i = 0; i < 65536; i++) printf "%s{ \"model\": \"EK1100\" }", i ? ", " : ""; print "] }" }' \
	>"$tmp/big.json"
refused many_slaves "$(cat "$tmp/big.json")" '65536 slaves, more than the 65535'

# ESI files: not ESI; a dictionary entry the object dictionary refuses
printf '<?xml version="1.0"?><Device/>\n' >"$tmp/notesi.xml"
refused esi_root "{ \"slaves\": [ { \"esi\": \"$tmp/notesi.xml\" } ] }" \
	'expected <EtherCATInfo>'
grep -qF "$tmp/notesi.xml" "$tmp/err" || fail "esi_root: the ESI file is not named"
cat >"$tmp/twice.xml" <<'EOF'
<EtherCATInfo><Vendor><Id>2</Id></Vendor><Descriptions><Devices><Device>
<Type ProductCode="1">T</Type><Name>n</Name><Mailbox><CoE/></Mailbox>
<Profile><Dictionary><Objects>
<Object><Index>#x2001</Index><Name>a</Name><Type>UDINT</Type></Object>
<Object><Index>#x2001</Index><Name>b</Name><Type>UDINT</Type></Object>
</Objects></Dictionary></Profile></Device></Devices></Descriptions>
</EtherCATInfo>
EOF
refused esi_twice "{ \"slaves\": [ { \"esi\": \"$tmp/twice.xml\" } ] }" \
	'object 0x2001: defined twice'
grep -qF "$tmp/twice.xml" "$tmp/err" || fail "esi_twice: the ESI file is not named"
grep -qF 'slave 0 ' "$tmp/err" || fail "esi_twice: the slave is not named"

# issue 29: what the first hardening still took
refused no_fmmu "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"esc\": { \"fmmus\": 0 }, \"sms\": [ { \"type\": \"inputs\", \"start\": \"0x1000\", \"size\": 1 } ], \"pdos\": [ { \"index\": \"0x1a00\", \"sm\": 0, \"entries\": [ { \"index\": \"0x6000\", \"sub\": 1, \"bits\": 8 } ] } ] } } }" \
	'"esc": "fmmus": 0, but the model has input process data'
refused sm_overlap "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"sms\": [ { \"type\": \"mbx_out\", \"start\": \"0x1000\", \"size\": 4 }, { \"type\": \"mbx_in\", \"start\": \"0x1002\", \"size\": 4 } ] } } }" \
	'"sms"[1]: 0x1002-0x1005 overlaps "sms"[0] 0x1000-0x1003'
refused pdo_twice "{ \"slaves\": [ { \"model\": \"M\" } ], $M, \"pdos\": [ { \"index\": \"0x1a00\", \"entries\": [] }, { \"index\": \"0x1a00\", \"entries\": [] } ] } } }" \
	'"pdos"[1]: PDO 0x1a00 is listed twice'
refused wire_self '{ "slaves": [ { "model": "EL2008" }, { "model": "EL1008" } ], "wires": [ { "from": 1, "to": 1 } ] }' \
	'"wires"[0]: "from" and "to" are the same slave'
refused dup_key '{ "slaves": [ { "model": "EK1100", "alias": 1, "alias": 2 } ] }' \
	'duplicate object key'
long=$(awk 'BEGIN { for (i = 0; i < 102400; i++) printf "x" }')
refused long_name "{ \"slaves\": [ { \"model\": \"EL1008\", \"name\": \"$long\" } ] }" \
	'slave 0 (model "EL1008"): "name": 102400 bytes, more than the 255 an SII string holds'
# a 200 MB file is refused before it is read (sparse: no disk used)
n=$((n + 1))
truncate -s 200M "$tmp/huge.json"
timeout 20 "$SIM" --segment "$tmp/huge.json" --unix "$tmp/sock" 2>"$tmp/err"
[ $? -ne 0 ] && [ ! -e "$tmp/sock" ] || fail "huge: not refused"
grep -qF "$tmp/huge.json: 209715200 bytes, more than the 64 MiB" "$tmp/err" ||
	fail "huge: $(cat "$tmp/err")"

# duplicate aliases happen on real segments: a warning naming the file
# and the slaves, and the simulator runs
printf '%s\n' '{ "slaves": [ { "model": "EK1100" }, { "model": "EL1008", "alias": 7 }, { "model": "EL2008", "alias": 7 } ] }' >"$tmp/alias.json"
timeout 2 "$SIM" --segment "$tmp/alias.json" --unix "$tmp/sock" 2>"$tmp/err"
[ $? -eq 124 ] || fail "dup_alias: the simulator did not run: $(cat "$tmp/err")"
grep -qF "ethercat-sim: warning: $tmp/alias.json: slaves 1 and 2 have the same \"alias\" 7" "$tmp/err" ||
	fail "dup_alias: no warning: $(cat "$tmp/err")"
rm -f "$tmp/sock"

echo "t_bad_input: PASS ($n files refused by name)"
exit 0
