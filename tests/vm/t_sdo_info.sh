#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_sdo_info: 'ethercat upload' without -t on a master whose dictionary
# read is switched off (read_dictionary=0): the type of the entry comes
# from one SDO information Get Entry Description, fetched on demand
# (the servo's 0x1018:01 UNSIGNED32, 0x1008 VISIBLE_STRING); an entry the
# slave does not have fails with the usual message and exit code 1.

. "$(dirname "$0")/testlib.sh"

vm_run --master-args read_dictionary=0 -- '
	i=0; while [ $i -lt 40 ] &&
	      [ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" != 6 ]; do
		sleep 0.25; i=$((i + 1)); done
	echo "sdos=$(ethercat sdos -p 5 | wc -l)"
	echo "vendor=$(ethercat upload -p 5 0x1018 1)"
	echo "name=$(ethercat upload -p 5 0x1008 0)"
	echo "typed=$(ethercat upload -p 5 -t uint32 0x1018 2)"
	ethercat upload -p 5 0x1018 0x7f; echo "rc_missing=$?"'

grep -q '^sdos=0$' "$OUT" || fail "the dictionary was read: $(grep '^sdos=' "$OUT")"
grep -q '^vendor=0x0ec51d00 ' "$OUT" ||
	fail "upload 0x1018:01 without -t: $(grep '^vendor=' "$OUT")"
grep -q '^name=ECSIM' "$OUT" ||
	fail "upload 0x1008 without -t: $(grep '^name=' "$OUT")"
grep -q '^typed=0x00000402 ' "$OUT" ||
	fail "upload with -t uint32: $(grep '^typed=' "$OUT")"
grep -q 'failed to determine the SDO entry data type' "$OUT" ||
	fail "no message for an entry the slave does not have"
grep -q '^rc_missing=1$' "$OUT" || fail "missing entry: exit code not 1"
pass
