#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_fsm_drawings.sh: scripts/fsm-drawings catches a drawing that is not
# true to the code.  On a scratch copy of master/ and doc/fsm_*.dot: a new
# state in fsm_change.c fails the check with the FSM and the state named,
# --update draws it and the check passes; an edge the code lacks, a state
# gone from the code and a missing drawing fail too.  Exit 0 pass, 1 fail.
# Run from the top of the tree.

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
	echo "t_fsm_drawings: FAIL: $*"
	[ -f "$tmp/out" ] && sed 's/^/  /' "$tmp/out"
	exit 1
}

mkdir -p "$tmp/scripts" "$tmp/doc" || exit 1
cp scripts/fsm-drawings "$tmp/scripts/" || exit 1
cp doc/fsm_*.dot "$tmp/doc/" || exit 1
(tar cf - --exclude=master/linux master | tar xf - -C "$tmp") || exit 1
check() {
	python3 "$tmp/scripts/fsm-drawings" --check >"$tmp/out" 2>&1
}

# The copy true to its code first: this tests the tool, not the tree
# (the fsm-drawings check of run-tests does that).
python3 "$tmp/scripts/fsm-drawings" --update >"$tmp/out" 2>&1 ||
	fail "--update on the copy of the tree"

# A state added to fsm_change without its drawing: the check names both.
c=$tmp/master/slave/fsm_change.c
python3 - "$c" <<'EOF' || fail "could not edit fsm_change.c"
import sys
p = sys.argv[1]
t = open(p).read()
old = "\tec_fsm_change_queue_status(fsm, ec_fsm_change_state_poll);\n}"
assert t.count(old) >= 1
t = t.replace(old, "\tec_fsm_change_queue_status(fsm, "
              "ec_fsm_change_state_settle);\n}", 1)
t += """
static void ec_fsm_change_state_settle(struct ec_fsm_change *fsm, u64 now_ns)
{
	(void)now_ns;
	fsm->state = ec_fsm_change_state_poll;
}
"""
open(p, 'w').write(t)
EOF
check && fail "a new state passed the check"
want='fsm_change: state settle (ec_fsm_change_state_settle, '
want="${want}master/slave/fsm_change.c:[0-9]*) is missing"
grep -q "$want" "$tmp/out" || fail "the missing state is not named"
grep -q 'fsm_change: transition settle -> poll' "$tmp/out" ||
	fail "the missing transition is not named"
grep -q '^FAIL fsm-drawings' "$tmp/out" || fail "no FAIL line"

# --update draws it, keeps the labels, and the check passes.
python3 "$tmp/scripts/fsm-drawings" --update >"$tmp/out" 2>&1 ||
	fail "--update left differences"
grep -q 'settle -> poll;' "$tmp/doc/fsm_change.dot" || fail "not drawn"
grep -q 'label="FPWR 0x0120 = state"' "$tmp/doc/fsm_change.dot" ||
	fail "--update lost a label"
check || fail "after --update"

# An edge between two states that the code does not have.
sed -i 's|^}$|\tend -> poll;\n}|' "$tmp/doc/fsm_change.dot"
check && fail "an edge the code lacks passed"
grep -q 'fsm_change: edge end -> poll is no transition' "$tmp/out" ||
	fail "the extra edge is not named"
sed -i '/^\tend -> poll;$/d' "$tmp/doc/fsm_change.dot"
check || fail "after removing the extra edge"

# A state the code no longer has, still drawn.
python3 - "$c" <<'EOF' || fail "could not edit fsm_change.c"
import sys
p = sys.argv[1]
t = open(p).read()
t = t[:t.rindex('\nstatic void ec_fsm_change_state_settle(')] + '\n'
t = t.replace('ec_fsm_change_state_settle);', 'ec_fsm_change_state_poll);')
open(p, 'w').write(t)
EOF
check && fail "a state gone from the code passed"
grep -q 'fsm_change: node settle is no state in the code' "$tmp/out" ||
	fail "the stale node is not named"

# An FSM without a drawing.
rm "$tmp/doc/fsm_voe.dot"
check && fail "a missing drawing passed"
grep -q 'fsm_voe: no drawing doc/fsm_voe.dot' "$tmp/out" ||
	fail "the missing drawing is not named"
echo "t_fsm_drawings: PASS"
exit 0
