#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_config: the application inspection commands of the ethercat tool
# against the module and the default segment.
#  - without an application: 'cstruct -p 1' prints the EL1008's eight
#    TxPDOs (0x1a00..0x1a07, entries 0x6000:01..0x6070:01, 1 bit each) as
#    C arrays; 'config', 'domains' and 'data' print nothing and succeed;
#  - with the user example (build/vm-bin/, see EC_USER_EXAMPLE) running in
#    the background: 'config' lists its configurations attached to slaves
#    in OP, 'domains -v' shows a domain whose size is the sum of its FMMUs
#    and whose working counter is complete, 'data' outputs exactly that
#    many bytes.  Without the example that part is skipped (said on
#    stderr).

. "$(dirname "$0")/testlib.sh"

need ethercat

# The application: EC_USER_EXAMPLE names it (a program in build/vm-bin/
# and its arguments), else the first build/vm-bin/*user*example* found.
APP=${EC_USER_EXAMPLE:-}
if [ -z "$APP" ]; then
	for f in "$TTOP"/build/vm-bin/*user*example* \
		 "$TTOP"/build/vm-bin/*example*user*; do
		[ -x "$f" ] && { APP="$(basename "$f")"; break; }
	done
fi
if [ -n "$APP" ]; then
	# Run it long enough for the slaves to reach OP (bounded either way).
	APP_CMDS="( $APP >/tmp/app.log 2>&1 & echo \$! >/tmp/app.pid )
	i=0; while [ \$i -lt 60 ]; do
		ethercat config 2>/dev/null | grep -q ' OP ' &&
			[ \"\$(ethercat config | grep -c .)\" = \
			  \"\$(ethercat config | grep -c ' OP ')\" ] && break
		sleep 0.5; i=\$((i + 1)); done
	sleep 1
	echo APP-CONFIG-BEGIN; ethercat config; echo \"rc_cfg=\$?\"
	echo APP-CONFIG-END
	ethercat config -v | head -40
	echo APP-DOMAINS-BEGIN; ethercat domains -v; echo \"rc_dom=\$?\"
	echo APP-DOMAINS-END
	echo \"data_bytes=\$(ethercat data -d 0 | wc -c)\"
	echo JSON-BEGIN; ethercat -j domains; echo; echo JSON-END
	kill \$(cat /tmp/app.pid) 2>/dev/null; sleep 1
	echo APP-LOG-BEGIN; cat /tmp/app.log; echo APP-LOG-END"
else
	APP_CMDS="echo no-app"
	echo "t_cli_config: no user example in build/vm-bin: application part skipped" >&2
fi

vm_run -- "i=0; while [ \$i -lt 40 ]; do
		[ \"\$(ethercat slaves 2>/dev/null | grep -c ' PREOP ')\" = 6 ] &&
			break
		sleep 0.5; i=\$((i + 1)); done
	echo CSTRUCT-BEGIN; ethercat cstruct -p 1; echo \"rc_cstruct=\$?\"
	echo CSTRUCT-END
	echo \"noapp_config=[\$(ethercat config)] rc=\$?\"
	echo \"noapp_domains=[\$(ethercat domains)] rc=\$?\"
	echo \"noapp_data=\$(ethercat data | wc -c) rc=\$?\"
	$APP_CMDS"

if grep -q 'Inappropriate ioctl for device' "$OUT"; then
	fail "the module does not answer the inspection ioctls (ENOTTY)"
fi
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

[ -n "$APP" ] || pass

sed -n '/^APP-CONFIG-BEGIN$/,/^APP-CONFIG-END$/p' "$OUT" | sed '1d;$d' \
	>"$TMP/config"
grep -q '^rc_cfg=0$' "$TMP/config" || fail "config failed"
ncfg=$(grep -c '^ *[0-9]*:[0-9]*  0x' "$TMP/config")
[ "$ncfg" -ge 2 ] || fail "config shows $ncfg configurations"
nop=$(grep -c '^ *[0-9]*:[0-9]*  0x[0-9a-f]*/0x[0-9a-f]*  [0-9]  *OP ' \
	"$TMP/config")
[ "$nop" -eq "$ncfg" ] ||
	fail "only $nop of $ncfg configurations attached and in OP"
grep -q '^  0:2  0x00000002/0x07d83052  2  *OP ' "$TMP/config" ||
	grep -q '^0:2  0x00000002/0x07d83052  2  *OP ' "$TMP/config" ||
	fail "no configuration of the EL2008 at 0:2 in OP"
sed -n '/^APP-DOMAINS-BEGIN$/,/^APP-DOMAINS-END$/p' "$OUT" | sed '1d;$d' \
	>"$TMP/domains"
grep -q '^rc_dom=0$' "$TMP/domains" || fail "domains -v failed"
line=$(grep -m1 '^Domain0: ' "$TMP/domains") || fail "no Domain0"
size=$(echo "$line" | sed -n 's/.*Size *\([0-9]*\),.*/\1/p')
wc=$(echo "$line" | sed -n 's/.*WorkingCounter \([0-9]*\/[0-9]*\).*/\1/p')
sum=$(awk '/^  SlaveConfig / { sub(/.*Size /, ""); s += $1 } END { print s + 0 }' \
	"$TMP/domains")
[ -n "$size" ] && [ "$size" -gt 0 ] || fail "Domain0 size '$size'"
[ "$size" -eq "$sum" ] ||
	fail "Domain0 size $size, its FMMUs add up to $sum"
[ "${wc%/*}" = "${wc#*/}" ] && [ "${wc#*/}" -gt 0 ] ||
	fail "Domain0 working counter $wc is not complete"
grep -q '^  SlaveConfig 0:1, SM0 ( Input), LogAddr 0x' "$TMP/domains" ||
	fail "no EL1008 input FMMU in the domain"
grep -q "^data_bytes=$size\$" "$OUT" ||
	fail "data -d 0 gave $(sed -n 's/^data_bytes=//p' "$OUT") bytes, not $size"
sed -n '/^JSON-BEGIN$/,/^JSON-END$/p' "$OUT" | sed '1d;$d' >"$TMP/d.json"
if command -v python3 >/dev/null; then
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))["domains"][0]
assert d["size"] == int(sys.argv[2]), d
assert d["wc_state"] == "complete", d
assert sum(f["size"] for f in d["fmmus"]) == d["size"], d' \
		"$TMP/d.json" "$size" || fail "domains -j is not as expected"
fi
pass
