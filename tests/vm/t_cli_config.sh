#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_config: the application inspection commands of the ethercat tool
# against the module and the default segment, in one boot:
#  1. without an application: 'cstruct -p 1' prints the EL1008's eight
#     TxPDOs (0x1a00..0x1a07, entries 0x6000:01..0x6070:01, 1 bit each) as
#     C arrays; 'config', 'domains' and 'data' print nothing and succeed;
#  2. with t_cli_config_app.c (built here, static) running in the
#     background: EL2008 (0:2, PDOs assigned, watchdog) and EL1008 (0:1)
#     in one domain of 2 bytes, outputs 0x5a wired back to the inputs:
#     exact 'config', 'config -v', 'domains -v' lines, 'data' bytes and
#     'domains -j'; a drive configured at 0:9 (no slave there) whose
#     startup IDNs 'config -v' and 'config -j' list, and its EoE IP
#     parameters (IgH's 'EoE IP parameters:' section of 'config -v');
#  3. with the user example (build/vm-bin/ec_user_example, or what
#     EC_USER_EXAMPLE names), if there is one: its configurations of the
#     EL1008..EL4102 attached and in OP, Domain0's size the sum of its
#     FMMUs with a complete working counter, 'data' that many bytes.
#     Without the example that part is skipped (said on stderr).
# The working counter is sampled until complete (a frame lost under TCG
# makes one cycle incomplete).

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -f "$TTOP/build/lib/libethercat.a" ] ||
	fail "build/lib/libethercat.a not built (make userspace)"
${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -static -I"$TTOP/include" \
	-o "$TMP/t_cli_config_app" "$TTOP/tests/vm/t_cli_config_app.c" \
	"$TTOP/build/lib/libethercat.a" 2>"$TMP/cc.log" ||
	fail "cannot build t_cli_config_app: $(head -3 "$TMP/cc.log")"

APP=${EC_USER_EXAMPLE:-}
if [ -z "$APP" ] && [ -x "$TTOP/build/vm-bin/ec_user_example" ]; then
	APP="ec_user_example -q"
fi
if [ -z "$APP" ]; then
	echo "t_cli_config: no user example in build/vm-bin: part 3 skipped" >&2
fi

# The guest's commands.  wait_for N CMD: run CMD every 0.5 s until it
# succeeds, at most N times.
echo "APP='$APP'" >"$TMP/cmds"
cat >>"$TMP/cmds" <<'EOF'
wait_for() {
	n=$1; shift; i=0
	while [ $i -lt "$n" ]; do
		eval "$@" && return 0
		sleep 0.5; i=$((i + 1))
	done
	return 1
}
wait_for 40 '[ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" = 6 ]'
echo CSTRUCT-BEGIN; ethercat cstruct -p 1; echo "rc_cstruct=$?"
echo CSTRUCT-END
echo "noapp_config=[$(ethercat config)] rc=$?"
echo "noapp_domains=[$(ethercat domains)] rc=$?"
echo "noapp_data=$(ethercat data | wc -c) rc=$?"

t_cli_config_app 120 >/tmp/own.log 2>&1 &
own=$!
wait_for 60 '[ "$(ethercat config 2>/dev/null | grep -c " OP ")" = 2 ]'
wait_for 20 'ethercat domains -v >/tmp/dom &&
	grep -q "WorkingCounter 3/3" /tmp/dom'
echo OWN-BEGIN
ethercat config; echo "rc_cfg=$?"
ethercat config -v -p 2
ethercat config -v -p 9 | sed -n "/^IDN configuration/,/^Feature/p" |
	sed "s/^/idn: /"
ethercat config -v -p 9 | sed -n "/^EoE IP parameters/,/^  Hostname/p" |
	sed "s/^/eoe: /"
echo "idn_json=$(ethercat -j config -p 9)"
cat /tmp/dom
ethercat domains -v >/dev/null; echo "rc_dom=$?"
echo "data=$(ethercat data -d 0 | od -An -tx1 | tr -d ' ')"
echo "json=$(ethercat -j domains)"
echo OWN-END
kill $own
wait_for 20 'ethercat master | grep -q "Phase: Idle"'
cat /tmp/own.log

[ -n "$APP" ] || exit 0
$APP >/tmp/app.log 2>&1 &
app=$!
wait_for 60 '[ "$(ethercat config 2>/dev/null | grep -c "^ *0:[1-4] .* OP ")" = 4 ]'
wait_for 20 'ethercat domains -v >/tmp/dom &&
	w=$(sed -n "s/^Domain0: .*WorkingCounter \([0-9]*\/[0-9]*\).*/\1/p" /tmp/dom) &&
	[ -n "$w" ] && [ "${w%/*}" = "${w#*/}" ]'
echo APP-BEGIN
ethercat config; echo "rc_cfg=$?"
cat /tmp/dom
echo "data_bytes=$(ethercat data -d 0 | wc -c)"
echo "json=$(ethercat -j domains)"
echo APP-END
kill $app
wait_for 20 'ethercat master | grep -q "Phase: Idle"'
tail -3 /tmp/app.log
EOF

vm_run --file "$TMP/t_cli_config_app:/bin/t_cli_config_app" \
	--cmds-file "$TMP/cmds"

if grep -q 'Inappropriate ioctl for device' "$OUT"; then
	fail "the module does not answer the inspection ioctls (ENOTTY)"
fi

# 1. cstruct, and nothing without an application
sed -n '/^CSTRUCT-BEGIN$/,/^CSTRUCT-END$/p' "$OUT" >"$TMP/cstruct"
grep -q '^rc_cstruct=0$' "$TMP/cstruct" || fail "cstruct -p 1 failed"
grep -q '^/\* Master 0, Slave 1, "EL1008"' "$TMP/cstruct" ||
	fail "cstruct: no header for the EL1008"
grep -q '^ec_pdo_entry_info_t slave_1_pdo_entries\[\] = {$' "$TMP/cstruct" ||
	fail "cstruct: no entry array"
for k in 0 1 2 3 4 5 6 7; do
	grep -q "^    {0x60${k}0, 0x01, 1}," "$TMP/cstruct" ||
		fail "cstruct: entry 0x60${k}0:01 missing"
	grep -q "^    {0x1a0${k}, 1, slave_1_pdo_entries + ${k}}," \
		"$TMP/cstruct" || fail "cstruct: TxPDO 0x1a0${k} missing"
done
grep -q '^    {0, EC_DIR_INPUT, 8, slave_1_pdos + 0, EC_WD_DISABLE},$' \
	"$TMP/cstruct" || fail "cstruct: sync 0 line"
grep -q '^    {0xff}$' "$TMP/cstruct" || fail "cstruct: no end marker"
grep -q '^noapp_config=\[\] rc=0$' "$OUT" ||
	fail "config without an application: $(grep '^noapp_config' "$OUT")"
grep -q '^noapp_domains=\[\] rc=0$' "$OUT" ||
	fail "domains without an application"
grep -q '^noapp_data=0 rc=0$' "$OUT" || fail "data without an application"

# 2. our own application
sed -n '/^OWN-BEGIN$/,/^OWN-END$/p' "$OUT" >"$TMP/own"
grep -q '^t_cli_config_app: active' "$OUT" ||
	fail "t_cli_config_app did not activate: $(grep t_cli_config_app "$OUT")"
for l in '0:2  0x00000002/0x07d83052  2  OP  ' \
	 '0:1  0x00000002/0x03f03052  1  OP  ' 'rc_cfg=0' \
	 'Attached slave: 2 (OP)' 'Watchdog divider: 2498' \
	 'Watchdog intervals: 1000' 'SM0, Dir: Output, Watchdog: Enable' \
	 '  PDO 0x1600' '    PDO entry 0x7000:01,  1 bit' '  PDO 0x1607' \
	 '    PDO entry 0x7070:01,  1 bit' \
	 'Domain0: LogBaseAddr 0x00000000, Size   2, WorkingCounter 3/3' \
	 '  SlaveConfig 0:2, SM0 (Output), LogAddr 0x00000000, Size 1' \
	 '  SlaveConfig 0:1, SM0 ( Input), LogAddr 0x00000001, Size 1' \
	 '    5a ' 'rc_dom=0' 'data=5a5a'; do
	grep -qxF -- "$l" "$TMP/own" ||
		fail "no line '$l' about t_cli_config_app"
done
for l in 'idn: IDN configuration:' \
	 'idn:   Drive 0, S-0-0016, 10 byte' \
	 'idn:     06 00 06 00 87 00 33 00 28 00 ' \
	 'idn:   Drive 2, P-0-0001, 4 byte' 'idn:     f4 01 00 00 '; do
	grep -qxF -- "$l" "$TMP/own" ||
		fail "config -v -p 9: no line '${l#idn: }' of the startup IDNs"
done
for l in 'eoe: EoE IP parameters:' 'eoe:   MAC address: 02:00:00:00:00:09' \
	 'eoe:   IP address: 169.254.9.9' 'eoe:   Hostname: drive-9'; do
	grep -qxF -- "$l" "$TMP/own" ||
		fail "config -v -p 9: no line '${l#eoe: }' of the EoE IP parameters"
done
sed -n 's/^idn_json=//p' "$TMP/own" >"$TMP/idn.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys
c = json.load(open(sys.argv[1]))["configs"]
assert len(c) == 1 and c[0]["position"] == 9, c
i = c[0]["idns"]
assert [(x["drive_no"], x["idn"], x["idn_text"], x["al_state"], x["size"],
	 x["data"]) for x in i] == [
	(0, 16, "S-0-0016", "PREOP", 10, "0600060087003300" "2800"),
	(2, 0x8001, "P-0-0001", "SAFEOP", 4, "f4010000")], i' \
		"$TMP/idn.json" || fail "config -j -p 9: the startup IDNs"
fi
[ "$(grep -cxF '    5a ' "$TMP/own")" = 2 ] ||
	fail "domains -v: the 0x5a pattern is not in both FMMUs"
sed -n 's/^json=//p' "$TMP/own" >"$TMP/own.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["domains"]
assert len(d) == 1, d
d = d[0]
assert d["size"] == 2 and d["expected_working_counter"] == 3, d
assert d["activated"] and d["datagram_count"] == 1, d
assert [f["data"] for f in d["fmmus"]] == ["5a", "5a"], d' \
		"$TMP/own.json" || fail "domains -j of t_cli_config_app"
fi

[ -n "$APP" ] || pass

# 3. the user example
sed -n '/^APP-BEGIN$/,/^APP-END$/p' "$OUT" >"$TMP/app"
grep -q '^rc_cfg=0$' "$TMP/app" || fail "config with $APP failed"
for p in 1 2 3 4; do
	grep -q "^ *0:$p  0x00000002/0x[0-9a-f]*  $p  OP " "$TMP/app" ||
		fail "config: no configuration 0:$p attached to slave $p in OP"
done
line=$(grep -m1 '^Domain0: ' "$TMP/app") || fail "$APP: no Domain0"
size=$(echo "$line" | sed -n 's/.*Size *\([0-9]*\),.*/\1/p')
wc=$(echo "$line" | sed -n 's/.*WorkingCounter \([0-9]*\/[0-9]*\).*/\1/p')
sum=$(awk '/^Domain/ { d0 = /^Domain0:/ }
	d0 && /^  SlaveConfig / { sub(/.*Size /, ""); s += $1 }
	END { print s + 0 }' "$TMP/app")
[ -n "$size" ] && [ "$size" -gt 0 ] || fail "Domain0 size '$size'"
[ "$size" -eq "$sum" ] ||
	fail "Domain0 size $size, its FMMUs add up to $sum"
[ -n "$wc" ] && [ "${wc%/*}" = "${wc#*/}" ] && [ "${wc#*/}" -gt 0 ] ||
	fail "Domain0 working counter $wc never complete"
grep -q '^  SlaveConfig 0:1, SM0 ( Input), LogAddr 0x' "$TMP/app" ||
	fail "no EL1008 input FMMU in the example's domain"
grep -q "^data_bytes=$size\$" "$TMP/app" ||
	fail "data -d 0 gave $(sed -n 's/^data_bytes=//p' "$TMP/app") bytes, not $size"
sed -n 's/^json=//p' "$TMP/app" >"$TMP/app.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["domains"][0]
assert d["size"] == int(sys.argv[2]), d
assert sum(f["size"] for f in d["fmmus"]) == d["size"], d' \
		"$TMP/app.json" "$size" || fail "domains -j of $APP"
fi
pass
