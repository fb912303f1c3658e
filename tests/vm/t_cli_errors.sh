#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_cli_errors: the CLI defects of issue 17, against the real module and
# the default segment: each bad argument is refused with a message that
# names it and a non-zero exit (1, or 2 for usage errors), and nothing is
# sent to the slaves; reg_read covers the whole 64 KiB register space;
# -o writes a command's output into a file; pdos --skin etherlab;
# sii_read -v decodes the categories (the tool's dump, on the core's SII
# walk); reversed and empty ranges in -p and -m are usage errors naming
# the range (issue 29).  The unit test check_tool_commands checks the same
# on a fake bus.

. "$(dirname "$0")/testlib.sh"

need ethercat
vm_run -- "$GUEST_WAIT_N"'
	wait_n PREOP 6 || { echo "NOT-PREOP"; ethercat slaves; }
	ethercat states -p 99 OP 2>/tmp/e; echo "rc_states99=$?"; cat /tmp/e
	ethercat -a 70000 slaves 2>/tmp/e; echo "rc_alias70000=$?"; cat /tmp/e
	ethercat -m 1-3 slaves 2>/tmp/e; echo "rc_m13=$?"; cat /tmp/e
	ethercat -m 3-1 slaves 2>/tmp/e; echo "rc_m31=$?"; cat /tmp/e
	ethercat -p 1-0 slaves >/tmp/o 2>/tmp/e; echo "rc_p10=$?"; cat /tmp/e
	echo "p10_lines=$(wc -l < /tmp/o)"
	ethercat -p 9- slaves 2>/tmp/e; echo "rc_p9=$?"; cat /tmp/e
	ethercat -p 3-2 states OP 2>/tmp/e; echo "rc_states32=$?"; cat /tmp/e
	ethercat -p 0 reg_write -t uint16 0xffff 1 2>/tmp/e
	echo "rc_regw=$?"; head -1 /tmp/e
	ethercat -p 0 reg_read 0 65536 >/tmp/regs 2>/tmp/e; echo "rc_regr=$?"
	cat /tmp/e; echo "regr_bytes=$(wc -w < /tmp/regs)"
	mkdir -p /tmp/dir; ethercat -p 1 sii_write /tmp/dir 2>/tmp/e
	echo "rc_siidir=$?"; cat /tmp/e
	ethercat -o /tmp/slaves.txt slaves; echo "rc_o=$?"
	echo "o_lines=$(wc -l < /tmp/slaves.txt)"
	ethercat -o /nonexistent-dir/x slaves 2>/tmp/e; echo "rc_obad=$?"; cat /tmp/e
	ethercat -p 1 pdos --skin etherlab >/tmp/skin; echo "rc_skin=$?"
	grep -c "rv.SlaveConfig" /tmp/skin | sed "s/^/skin_lines=/"
	ethercat -p 5 sii_read -v >/tmp/sii; echo "rc_sii_v=$?"
	grep -c "^SII Category" /tmp/sii | sed "s/^/sii_cats=/"
	grep -m1 "SyncM" /tmp/sii | sed "s/^/sii_syncm=/"
	ethercat slaves | sed "s/^/after: /"'

grep -q '^NOT-PREOP$' "$OUT" && fail "the slaves did not reach PREOP"
grep -q '^rc_states99=1$' "$OUT" || fail "states -p 99 OP: exit not 1"
grep -q '^ethercat: states: master 0: slave 99 does not exist: there are 6 slaves$' \
	"$OUT" || fail "states -p 99 OP: no message naming slave 99"
grep -q '^rc_alias70000=2$' "$OUT" || fail "-a 70000: exit not 2"
grep -q 'invalid alias 70000: aliases are 0 to 65535' "$OUT" ||
	fail "-a 70000: no message naming the alias"
grep -q '^rc_m13=1$' "$OUT" || fail "-m 1-3: exit not 1"
grep -q "master 1 (from -m '1-3') does not exist" "$OUT" ||
	fail "-m 1-3: no message naming master 1"
grep -q '^rc_m31=2$' "$OUT" || fail "-m 3-1 (reversed): exit not 2"
grep -q "^ethercat: slaves: reversed range '3-1' in master list '3-1': write it as 1-3$" \
	"$OUT" || fail "-m 3-1: no message naming the reversed range"
grep -q '^rc_p10=2$' "$OUT" || fail "-p 1-0 (reversed): exit not 2"
grep -q "^ethercat: slaves: reversed range '1-0' in position list '1-0': write it as 0-1$" \
	"$OUT" || fail "-p 1-0: no message naming the reversed range"
grep -q '^p10_lines=0$' "$OUT" || fail "-p 1-0: slaves were listed"
grep -q '^rc_p9=2$' "$OUT" || fail "-p 9- (empty): exit not 2"
grep -q "^ethercat: slaves: empty range '9-' in position list '9-': the last position is 5$" \
	"$OUT" || fail "-p 9-: no message naming the empty range"
grep -q '^rc_states32=2$' "$OUT" || fail "states -p 3-2 OP (reversed): exit not 2"
grep -q '^rc_regw=2$' "$OUT" || fail "reg_write uint16 at 0xffff: exit not 2"
grep -q 'uint16 (2 bytes) at address 0xffff exceeds the 64 KiB register space' \
	"$OUT" || fail "reg_write uint16 at 0xffff: no message naming the address"
grep -q '^rc_regr=0$' "$OUT" || fail "reg_read 0 65536 failed"
grep -q '^regr_bytes=65536$' "$OUT" ||
	fail "reg_read 0 65536 did not print 65536 bytes: $(grep regr_bytes "$OUT")"
grep -q '^rc_siidir=1$' "$OUT" || fail "sii_write of a directory: exit not 1"
grep -q "Is a directory" "$OUT" || fail "sii_write of a directory: no 'Is a directory'"
grep -q '^rc_o=0$' "$OUT" || fail "-o FILE slaves failed"
grep -q '^o_lines=6$' "$OUT" || fail "-o FILE: the file does not hold 6 slaves"
grep -q '^rc_obad=1$' "$OUT" || fail "-o into a missing folder: exit not 1"
grep -q "cannot open output file '/nonexistent-dir/x'" "$OUT" ||
	fail "-o into a missing folder: no message naming the file"
grep -q '^rc_skin=0$' "$OUT" || fail "pdos --skin etherlab failed"
grep -q '^skin_lines=[1-9]' "$OUT" || fail "pdos --skin etherlab: no rv.SlaveConfig"
grep -q '^rc_sii_v=0$' "$OUT" || fail "sii_read -v failed"
grep -q '^sii_cats=[4-9]' "$OUT" || fail "sii_read -v: fewer than 4 categories"
grep -q '^sii_syncm=' "$OUT" || fail "sii_read -v: no SyncM category"
# nothing was changed: the slaves are still in PREOP
[ "$(grep -c '^after: .* PREOP ' "$OUT")" = 6 ] ||
	fail "the slaves left PREOP after the refused commands"
pass
