#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_figures.sh: the documentation that tools write and draw.
#   1. scripts/figures (the writer of doc/FIGURES.md's generated sections)
#      on a scratch file: a section is replaced between its markers with
#      a line naming the writer, the date and the commit; the text outside
#      the markers and the other sections stay as they were; a section not
#      in the file is appended; a begin marker without its end is refused
#      and leaves the file as it was; two writers at once both land.
#   2. doc/FIGURES.md has the marker pair of every section that make
#      bench, bench-core, faults and faults-short write, once each.
#   3. every doc/arch_*.dot has its rendered .svg and is embedded in
#      doc/ARCHITECTURE.md or README.md; graphviz reads each source.
# Exit 0 pass, 1 fail.  Run from the top of the tree.

TOP=$(pwd)
W=$TOP/scripts/figures
T=$(mktemp -d /tmp/t_figures.XXXXXX)
trap 'rm -rf "$T"' EXIT
fail() { echo "t_figures: FAIL: $*"; exit 1; }

# 1. the writer
cat >"$T/F.md" <<'EOF'
# Title

hand-written before

<!-- begin make a -->
old a
<!-- end make a -->

between

<!-- begin make b -->
old b
<!-- end make b -->

hand-written after
EOF
printf '| x | y |\n| --- | --- |\n| 1 | 2 |\n' | "$W" "make a" "$T/F.md" ||
	fail "writer failed"
grep -q '^old a$' "$T/F.md" && fail "old text of the section kept"
grep -q '^| 1 | 2 |$' "$T/F.md" || fail "new text missing"
grep -q '^old b$' "$T/F.md" || fail "the other section changed"
for l in '# Title' 'hand-written before' 'between' 'hand-written after'; do
	grep -qx "$l" "$T/F.md" || fail "text outside the markers lost: $l"
done
commit=$(git -C "$TOP" describe --always 2>/dev/null || echo unknown)
grep -q "^_Written by \`make a\` on [0-9-]* [0-9:]* UTC at commit \`$commit\(-dirty\)\?\`._$" \
	"$T/F.md" || fail "no line with the date and commit $commit"
[ "$(grep -c '^<!-- begin make a -->$' "$T/F.md")" = 1 ] &&
	[ "$(grep -c '^<!-- end make a -->$' "$T/F.md")" = 1 ] ||
	fail "markers not kept once each"
# again: still one section
echo second | "$W" "make a" "$T/F.md" || fail "second write failed"
[ "$(grep -c '^<!-- begin make a -->$' "$T/F.md")" = 1 ] ||
	fail "a rewrite duplicated the section"
grep -q '^| 1 | 2 |$' "$T/F.md" && fail "a rewrite kept the first text"
# a new section is appended
echo new | "$W" "make c (short)" "$T/F.md" || fail "append failed"
tail -n 3 "$T/F.md" | head -n 1 | grep -qx new || fail "new section not at the end"
grep -qx '<!-- end make c (short) -->' "$T/F.md" || fail "appended section unterminated"
# a begin without end is refused, the file untouched
printf 'x\n<!-- begin make d -->\nno end\n' >"$T/G.md"
cp "$T/G.md" "$T/G.orig"
if echo y | "$W" "make d" "$T/G.md" 2>/dev/null; then
	fail "a section without end marker was written"
fi
cmp -s "$T/G.md" "$T/G.orig" || fail "a refused write changed the file"
# two writers at once
echo p | "$W" "make p" "$T/F.md" & a=$!
echo q | "$W" "make q" "$T/F.md" & b=$!
wait $a && wait $b || fail "concurrent writers failed"
grep -qx p "$T/F.md" && grep -qx q "$T/F.md" || fail "a concurrent write was lost"
ls -A "$T" | grep -q '^\.figures' && fail "temporary files left behind"

# 2. doc/FIGURES.md has every section once
for s in "make bench" "make bench (short)" "make bench-core" \
	 "make bench-core (short)" "make faults" "make faults-short"; do
	[ "$(grep -cx "<!-- begin $s -->" doc/FIGURES.md)" = 1 ] &&
		[ "$(grep -cx "<!-- end $s -->" doc/FIGURES.md)" = 1 ] ||
		fail "doc/FIGURES.md: section '$s' not there once"
done

# 3. the architecture pictures
n=0
for d in doc/arch_*.dot; do
	[ -f "$d" ] || continue
	n=$((n + 1))
	svg=${d%.dot}.svg
	[ -s "$svg" ] || fail "$svg missing (make arch-pictures)"
	b=$(basename "$svg")
	grep -q "($b)" doc/ARCHITECTURE.md || grep -q "(doc/$b)" README.md ||
		fail "$b is embedded nowhere"
	if command -v dot >/dev/null 2>&1; then
		dot -Tsvg "$d" -o /dev/null 2>"$T/dot.err" ||
			fail "$d: $(cat "$T/dot.err")"
	fi
done
[ $n -ge 4 ] || fail "only $n doc/arch_*.dot"
echo "t_figures: PASS ($n pictures)"
