#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_app_abi: the rules of the application ioctls (include/ec_ioctl.h,
# 0x20-0x4f) with raw ioctls from t_app_abi.c: open mode, holding the
# master, exclusive request, reserved words, ENOTTY, mmap() rules,
# deactivation under a mapping, release on close; the per-kind request
# commands of before EC_IOCTL_APP_REQ_* (SDO, register, mailbox) still
# served, and a request index naming one request of one kind.

. "$(dirname "$0")/testlib.sh"

${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -static -I"$TTOP/include" \
	-o "$TMP/t_app_abi" "$TTOP/tests/vm/t_app_abi.c" 2>"$TMP/cc.log" ||
	fail "cannot build t_app_abi: $(head -3 "$TMP/cc.log")"

vm_run --file "$TMP/t_app_abi:/bin/t_app_abi" -- 'i=0
	while [ $i -lt 40 ] &&
	      [ "$(ethercat slaves 2>/dev/null | grep -c " PREOP ")" != 6 ]; do
		sleep 0.25; i=$((i + 1)); done
	t_app_abi; echo "abi_rc=$?"'

if grep -q 'FAILED' "$OUT"; then
	fail "$(grep -m1 FAILED "$OUT")"
fi
grep -q '^abi: all ok$' "$OUT" || fail "t_app_abi did not finish"
grep -q '^abi_rc=0$' "$OUT" || fail "t_app_abi exited with an error"
for r in "old SDO request data" "old register request data: PREOP" \
	 "old FoE request data" "new SDO request data" \
	 "a request of another kind"; do
	grep -q "^abi: $r ok$" "$OUT" || fail "request rule not checked: $r"
done
[ "$(grep -c "^abi: .* ok$" "$OUT")" -ge 45 ] ||
	fail "fewer rules checked than expected"
pass
