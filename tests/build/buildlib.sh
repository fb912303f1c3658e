# SPDX-License-Identifier: GPL-2.0-only
#
# Sourced by tests/build/t_*.sh (run from the top of the tree).  Sets
# $tmp (removed at exit) and $TNAME.
#   fail REASON       prints "TNAME: FAIL: REASON" and the ends of
#                     $tmp/*.log, exits 1
#   copy_tree DIR     the tree as it is (tracked and new files, no build
#                     outputs) into DIR

TNAME=$(basename "$0" .sh)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "$TNAME: FAIL: $*"
	for f in "$tmp"/*.log; do
		[ -f "$f" ] && tail -n 20 "$f" | sed "s|^|  $(basename "$f"): |"
	done
	exit 1
}
copy_tree() {
	mkdir -p "$1"
	git ls-files --cached --others --exclude-standard -z |
		xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\n" "$f"; done' sh |
		tar --verbatim-files-from -cf - -T - | tar -xf - -C "$1" || fail "cannot copy the tree"
}
