#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_fresh_machine.sh: "make demo" and "make check" as the very first command
# on a machine without the Debian packages (README, "The two commands").
#
# In a scratch copy of the tree, pkg-config is hidden behind a wrapper that
# finds nothing until scripts/deps has run (the copy's scripts/deps is a
# stand-in that only records that it ran, and "installs" the packages by
# making the wrapper answer).  Then:
#   1. "make -n GOAL" for demo, check and unit: scripts/deps must run before
#      anything is built, and every link line must carry the flags
#      pkg-config gives once the packages are there (-ljansson on
#      ethercat-sim, -lcheck on the unit test programs);
#   2. a real "make -j2 check", limited to ethercat-sim and one unit test
#      program (ALL_TARGETS/UNIT_TESTS on the command line; the copy's
#      scripts/run-tests is a stand-in too): they must link;
#   3. a plain "make" with the packages missing stops at once with a
#      message naming the package and "make deps".
# This would have caught both bugs of issue 16: "make demo" never ran
# scripts/deps, and sim/sim.mk expanded pkg-config's flags before
# scripts/deps (a prerequisite of "check") had installed them.
# Exit 0 pass, 1 fail.  Run from the top of the tree.

. "$(dirname "$0")/buildlib.sh"
REAL_PC=$(command -v pkg-config) ||
	fail "no pkg-config (scripts/deps installs it)"

# The tree as it is (tracked and new files), without build outputs.
S=$tmp/src
copy_tree "$S"

mkdir -p "$tmp/bin"
cat >"$tmp/bin/pkg-config" <<EOF
#!/bin/sh
[ -e "$tmp/installed" ] || exit 1
exec "$REAL_PC" "\$@"
EOF
cat >"$S/scripts/deps" <<EOF
#!/bin/sh
echo "FAKE-DEPS: installing" >&2
touch "$tmp/installed"
EOF
cat >"$S/scripts/run-tests" <<'EOF'
#!/bin/sh
echo "FAKE-RUN-TESTS $*"
EOF
cat >"$S/tests/vm/run" <<'EOF'
#!/bin/sh
echo "FAKE-VM-RUN $*"
EOF
chmod 755 "$tmp/bin/pkg-config" "$S/scripts/deps" "$S/scripts/run-tests" \
	"$S/tests/vm/run"
PATH=$tmp/bin:$PATH
export PATH
unset EC_DEPS_DONE MAKEFLAGS MAKELEVEL

# (unquoted on purpose: blanks squeezed as in the logs)
# shellcheck disable=SC2046,SC2005
jansson=$(echo $("$REAL_PC" --libs jansson)) || fail "no jansson on the host"
# shellcheck disable=SC2046,SC2005
check=$(echo $("$REAL_PC" --libs check)) || fail "no check on the host"

# 1. dry runs
for goal in demo check unit; do
	rm -f "$tmp/installed"
	log=$tmp/n-$goal.log
	# (one command a line: continuation lines joined, blanks squeezed)
	make -C "$S" -n --no-print-directory "$goal" 2>&1 |
		sed -e ':a' -e '/\\$/N; s/\\\n//; ta' | tr -s ' \t' '  ' \
		>"$log"
	[ -s "$log" ] && ! grep -q 'make.*Error\|\*\*\*' "$log" ||
		fail "make -n $goal failed"
	[ -e "$tmp/installed" ] || fail "make $goal does not run scripts/deps"
	first_cc=$(grep -n '^gcc\|^cc ' "$log" | head -n 1 | cut -d: -f1)
	deps_at=$(grep -n '^FAKE-DEPS' "$log" | head -n 1 | cut -d: -f1)
	[ -n "$first_cc" ] || fail "make -n $goal builds nothing"
	[ "$deps_at" -lt "$first_cc" ] ||
		fail "make $goal compiles before scripts/deps ran"
	sim=$(grep -- '-o build/sim/ethercat-sim ' "$log")
	[ -n "$sim" ] || fail "make -n $goal does not link ethercat-sim"
	case " $sim " in
	*" $jansson "*) ;;
	*) fail "make $goal links ethercat-sim without $jansson: $sim" ;;
	esac
	n=0
	for t in $(sed -n 's/.*-o \(build\/tests\/check_[a-z0-9_]*\) .*/\1/p' \
			"$log" | sort -u); do
		n=$((n + 1))
		line=$(grep -- "-o $t " "$log" | head -n 1)
		case " $line " in
		*" $check "*) ;;
		*) fail "make $goal links $t without $check" ;;
		esac
	done
	[ $n -gt 5 ] || fail "make -n $goal links only $n unit test programs"
done
grep -q '^tests/vm/run .*demo' "$tmp/n-demo.log" ||
	fail "make -n demo does not boot the rig"

# 2. a real build, as the first command
rm -f "$tmp/installed"
make -C "$S" -j2 --no-print-directory check \
	ALL_TARGETS="build/sim/ethercat-sim build/tests/check_sim_core" \
	UNIT_TESTS=build/tests/check_sim_core >"$tmp/real.log" 2>&1 ||
	fail "make check (ethercat-sim and check_sim_core) failed"
grep -q '^FAKE-RUN-TESTS all build/tests/check_sim_core' "$tmp/real.log" ||
	fail "make check did not run the tests"
"$S/build/tests/check_sim_core" >"$tmp/check_sim_core.log" 2>&1 ||
	fail "check_sim_core built on a fresh machine fails"

# 3. plain make with the packages missing
rm -f "$tmp/installed"
if make -C "$S" --no-print-directory userspace >"$tmp/plain.log" 2>&1; then
	fail "make userspace without the packages did not stop"
fi
grep -q 'no "check".*make deps' "$tmp/plain.log" ||
	fail "make userspace without the packages: no clear message"
[ ! -d "$S/build/lib/obj" ] ||
	fail "make userspace without the packages built something first"

echo "t_fresh_machine: PASS (make -n demo/check/unit run deps first and" \
	"link with $jansson / $check; make check builds as the first command)"
