#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/kheader/build.sh KDIR
#
# Builds the kernel-space compile test of include/ecrt.h
# (ecrt_header_test.ko) against the kernel headers at KDIR, e.g.
#   tests/kheader/build.sh "$(tests/vm/kernel-fetch 6.1)"
# The sources are copied to build/kheader/<kernel release>/ so that the
# tree stays clean and kernels never share objects.  Fails on any compiler
# warning.  Prints the path of the module on stdout.

set -eu
set -o pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)

die() { echo "kheader: error: $*" >&2; exit 1; }

[ $# -eq 1 ] || { echo "usage: tests/kheader/build.sh KDIR" >&2; exit 2; }
KDIR=$(cd "$1" 2>/dev/null && pwd) || die "no such directory: $1"
[ -f "$KDIR/Makefile" ] || die "$KDIR has no kernel Makefile"

# The headers folder is named after the kernel's ABI release
# (linux-headers-6.1.0-57-amd64), which tells flavours apart.
KREL=$(basename "$KDIR")
KREL=${KREL#linux-headers-}
OUT=$TOP/build/kheader/$KREL
mkdir -p "$OUT"
cp "$TOP/tests/kheader/Kbuild" "$TOP/tests/kheader/ecrt_header_test.c" "$OUT/"

# Headers that ship a vmlinux (6.12) add BTF to modules with pahole
# (package dwarves); without pahole, build the module without BTF.
BTF=()
if [ -f "$KDIR/vmlinux" ] && ! command -v pahole >/dev/null; then
	BTF=(CONFIG_DEBUG_INFO_BTF_MODULES=)
fi

LOG=$OUT/build.log
if ! make -C "$KDIR" M="$OUT" EC_TOP="$TOP" ${BTF[@]+"${BTF[@]}"} \
	modules >"$LOG" 2>&1; then
	cat "$LOG" >&2
	die "build against $KDIR failed"
fi
if grep -E 'warning:|error:' "$LOG" >&2; then
	die "build against $KDIR printed warnings (full log: $LOG)"
fi
[ -f "$OUT/ecrt_header_test.ko" ] || die "no module built in $OUT"
echo "$OUT/ecrt_header_test.ko"
