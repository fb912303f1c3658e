#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_master: the ethercat tool against the real module: 'version' names
# the tool's and the module's ioctl ABI version, 'master' shows the device
# MAC, the driver in use and received frames, '-j master' is valid JSON
# with the same facts,
# a bad option exits 2, an ambiguous abbreviation exits 2, a unique one
# works.

. "$(dirname "$0")/testlib.sh"
MAC=52:54:00:ec:a7:01

need ethercat
json_ok() {
	if command -v python3 >/dev/null; then
		python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
dev = d["masters"][0]["devices"][0]
assert dev["mac"] == sys.argv[2], dev["mac"]
assert dev["rx_frames"] > 0, "rx_frames 0"
assert dev["driver"] == "ec_generic", dev["driver"]
assert d["masters"][0]["slaves"] >= 0' "$1" "$MAC"
	elif command -v jq >/dev/null; then
		jq -e --arg mac "$MAC" '.masters[0].devices[0].mac == $mac and
			.masters[0].devices[0].rx_frames > 0' "$1" >/dev/null
	else
		echo "neither python3 nor jq to check JSON" >&2
		return 1
	fi
}

vm_run -- 'ethercat version; echo "rc_version=$?"
	sleep 1
	ethercat master; echo "rc_master=$?"
	echo JSON-BEGIN; ethercat -j master; echo; echo JSON-END
	ethercat --bogus master; echo "rc_bad=$?"
	ethercat master extra; echo "rc_extra=$?"
	ethercat s; echo "rc_ambiguous=$?"
	ethercat mas >/dev/null; echo "rc_abbrev=$?"'

grep -q '^rc_version=0$' "$OUT" || fail "ethercat version failed"
grep -q '^ethercat tool .*ioctl ABI version [0-9]' "$OUT" ||
	fail "ethercat version does not name the tool's ioctl version"
grep -q '^ec_master module: ioctl ABI version [0-9]' "$OUT" ||
	fail "ethercat version does not name the module's ioctl version"
grep -q '^rc_master=0$' "$OUT" || fail "ethercat master failed"
grep -q "Main: $MAC (attached)" "$OUT" ||
	fail "ethercat master does not show Main: $MAC (attached)"
grep -q '^      Link: UP$' "$OUT" || fail "link is not UP"
grep -q '^      Driver: ec_generic$' "$OUT" ||
	fail "ethercat master does not name the driver ec_generic"
rx=$(field 'Rx frames')
case $rx in
''|*[!0-9]*) fail "no \"Rx frames\" count in ethercat master" ;;
0) fail "Rx frames is 0" ;;
esac
sed -n '/^JSON-BEGIN$/,/^JSON-END$/p' "$OUT" | sed '1d;$d' >"$TMP/m.json"
json_ok "$TMP/m.json" || fail "ethercat -j master is not the expected JSON"
grep -q '^rc_bad=2$' "$OUT" || fail "a bad option did not exit 2"
grep -q "ethercat: unrecognized option '--bogus'" "$OUT" ||
	fail "no message for the bad option"
grep -q '^rc_extra=2$' "$OUT" || fail "a surplus argument did not exit 2"
grep -q '^rc_ambiguous=2$' "$OUT" ||
	fail "an ambiguous abbreviation did not exit 2"
grep -q "ambiguous command abbreviation 's', matching: sdos sii_read" "$OUT" ||
	fail "the ambiguous abbreviation does not list the candidates"
grep -q '^rc_abbrev=0$' "$OUT" || fail "'ethercat mas' did not run master"
pass
