#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_golden: the text output of the ethercat tool against the module
# and the default segment (EK1100, EL1008, EL2008, EL3102, EL4102 and a
# CiA 402 servo with alias 1001), compared with the golden files in
# tests/cli/golden/vm/ (IgH 1.6.1's format, doc/CLI.md "Text output").
# What only the rig gives: the real module's slaves, SII, PDOs, SDO
# dictionary, registers and counters.  Fields that change from run to run
# (frame and byte counters, rates, times) are masked before comparing, by
# the rules in tests/cli/golden/README.md; everything else must match
# byte for byte.  EC_GOLDEN_CAPTURE=DIR writes the masked output to DIR
# instead of comparing (to review a change against IgH's source, never to
# overwrite the golden files unread).

. "$(dirname "$0")/testlib.sh"

GOLDEN=$TTOP/tests/cli/golden/vm

need ethercat
# Each case: NAME and the command line, run in the guest between markers.
CASES='slaves|slaves
slaves_v_p0|slaves -v -p 0
slaves_v_p5|slaves -v -p 5
master|master
domains|domains
config|config
pdos_p1|pdos -p 1
pdos_p5|pdos -p 5
sdos_p1|sdos -p 1
sdos_p5_q|sdos -p 5 -q
upload|upload -p 5 0x1018 1
upload_t|upload -p 5 -t uint16 0x6040 0
states|states -p 1 PREOP
reg_read|reg_read -p 0 0x0000 8
reg_read_t|reg_read -p 0 -t uint16 0x0130
sii_read_v|sii_read -p 1 -v
crc|crc
version|version'

guest=$(echo "$CASES" | while IFS='|' read -r name cmd; do
	printf 'echo "@@@ BEGIN %s"; ethercat %s; echo "@@@ END %s rc=$?"\n' \
		"$name" "$cmd" "$name"
done)

vm_run -- "$GUEST_WAIT_N"'
	wait_n PREOP 6 || { echo "NOT-PREOP"; ethercat slaves; }
	# the dictionary of the servo (SDO information) follows PREOP
	i=0; while [ $i -lt 40 ]; do
		ethercat -p 5 sdos -q 2>/dev/null | grep -q "^SDO 0x1000, " &&
			break
		sleep 0.25; i=$((i + 1)); done
	'"$guest"

grep -q '^NOT-PREOP$' "$OUT" && fail "the slaves did not reach PREOP"

# mask NAME: the run-to-run fields of one command's output (stdin), as
# tests/cli/golden/README.md describes.
mask() {
	case $1 in
	master)
		perl -pe '
			# fixed-width rate columns: keep the width, hide the value
			if (/^( +(?:Tx|Rx) (?:frame rate|rate) \[[^]]*\]:|^ +Loss rate \[1\/s\]:| +Frame loss \[%\]:)(.*)$/) {
				my ($l, $v) = ($1, $2);
				$v =~ s/( *)(-?[0-9][0-9.]*)/" " x (length($1) + length($2) - 1) . "#"/ge;
				$_ = "$l$v\n";
			}
			s/^( +(?:Tx|Rx) (?:frames|bytes|errors): +)[0-9]+$/$1#/;
			s/^( +(?:Lost frames|Skipped datagrams|Unmatched datagrams|Timed out datagrams|Late answers|Receives on arrival|Receives in the call): +)[0-9]+$/$1#/;
			s/^( +(?:DC reference time|Application time): +)[0-9]+$/$1#/;
			s/^( +)[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:.]+$/$1#/;
			s/[0-9]+/#/g if /^ +Broadcasts: /;
		' ;;
	slaves_v_*)
		# DC receive times and their differences: 3 right-aligned
		# columns after NextSlave, widths kept
		perl -pe '
			if (/^( +[0-3]  \S+ +\S+ +\S+ +\S+ +\S+)(  +[0-9-]+  +[0-9-]+  +[0-9-]+)$/) {
				my ($l, $v) = ($1, $2);
				$v =~ s/( *)(-?[0-9]+)/" " x (length($1) + length($2) - 1) . "#"/ge;
				$_ = "$l$v\n";
			}' ;;
	version)
		sed -e "s/master [0-9][0-9.]*\$/master @VERSION@/" \
		    -e "s/tool [0-9][0-9.]*,/tool @VERSION@,/" \
		    -e "s/ioctl ABI version [0-9]*/ioctl ABI version @IOCTL_VERSION@/g" ;;
	*) cat ;;
	esac
}

tr -d '\r' <"$OUT" >"$TMP/out.lf"
n=0
bad=
names=$(echo "$CASES" | cut -d'|' -f1)
for name in $names; do
	sed -n "/^@@@ BEGIN $name\$/,/^@@@ END $name rc=/p" "$TMP/out.lf" \
		>"$TMP/$name.raw"
	grep -q "^@@@ END $name rc=0\$" "$TMP/$name.raw" ||
		fail "ethercat $(echo "$CASES" | grep "^$name|" | cut -d'|' -f2): no output or non-zero exit"
	sed '1d;$d' "$TMP/$name.raw" | mask "$name" >"$TMP/$name.txt"
	if [ -n "$EC_GOLDEN_CAPTURE" ]; then
		mkdir -p "$EC_GOLDEN_CAPTURE"
		cp "$TMP/$name.txt" "$EC_GOLDEN_CAPTURE/$name.txt"
	elif ! cmp -s "$GOLDEN/$name.txt" "$TMP/$name.txt"; then
		echo "--- $name: diff golden actual" >&2
		diff "$GOLDEN/$name.txt" "$TMP/$name.txt" >&2
		bad="$bad $name"
	fi
	n=$((n + 1))
done
[ -n "$EC_GOLDEN_CAPTURE" ] && { echo "captured $n outputs in $EC_GOLDEN_CAPTURE"; pass; }
[ -z "$bad" ] || fail "output differs from tests/cli/golden/vm/ in:$bad"
echo "t_cli_golden: $n command lines of $(echo "$CASES" | cut -d'|' -f2 | awk '{print $1 ($2 == "-v" ? " -v" : "")}' | sort -u | wc -l) commands match their golden files"
pass
