#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_conform: the application API answers the same, call by call, in the
# kernel and in userspace (issue 26).  tests/vm/conform/ecrt_conform.c
# checks IgH 1.6's return values for the error cases of the API
# (doc/IGH-SEMANTICS.md) on the default segment with the slaves in PREOP:
# bad sync manager indices (-ENOENT / -EINVAL as IgH has them), an entry
# that is not mapped, a bit entry without bit_position (-EFAULT), an
# identity clash at a config's address (NULL), deactivating a master that
# is not active (-EINVAL), a device index out of range, a slave that is
# not there, an SDO value larger than the buffer (-ENOBUFS), an IDN drive
# number out of range, the state fields in PREOP, blocking SDO downloads,
# SDO, SoE, VoE and register requests of the servo's config run in the
# idle phase (busy, refused while busy, result, read back), and, in the
# kernel build only, ecrt_domain_external_memory().  It is built once with
# libethercat (a static program) and once as a kernel module
# (tests/vm/conform/build); both run in one boot, and every check must
# pass in both, with the same lines in the same order.

. "$(dirname "$0")/testlib.sh"

need ethercat
[ -f "$TTOP/build/lib/libethercat.a" ] ||
	fail "build/lib/libethercat.a not built (make userspace)"
${CC:-cc} -std=gnu11 -O2 -Wall -Wextra -Werror -static -I"$TTOP/include" \
	-o "$TMP/ec_conform" "$TTOP/tests/vm/conform/conform_user.c" \
	"$TTOP/build/lib/libethercat.a" 2>"$TMP/cc.log" ||
	fail "cannot build the userspace checks: $(head -3 "$TMP/cc.log")"
KO=$("$TTOP/tests/vm/conform/build" "${KERNEL:-6.1}" 2>"$TMP/build.err") ||
	fail "ec_conform.ko did not build: $(tail -n 3 "$TMP/build.err")"

vm_run --file "$TMP/ec_conform:/bin/ec_conform" \
	--file "$KO:/data/ec_conform.ko" -- "$GUEST_WAIT_N"'
	wait_n PREOP 6 || echo "slaves not in PREOP"
	ec_conform | sed "s/^/user: /"
	wait_n PREOP 6 || echo "slaves not in PREOP after the user run"
	dmesg -c >/dev/null
	insmod /data/ec_conform.ko; echo "insmod_rc=$?"
	dmesg | sed -n "s/^[^]]*] conform: /kernel: conform: /p"
	rmmod ec_conform'

[ "$RC" -eq 0 ] || fail "guest commands exited with $RC"
grep -q '^insmod_rc=0$' "$OUT" || fail "insmod of ec_conform.ko failed"
sed -n 's/^user: conform: //p' "$OUT" >"$TMP/user"
sed -n 's/^kernel: conform: //p' "$OUT" >"$TMP/kernel.all"
# Calls only the kernel API has (ecrt_domain_external_memory()) print
# "kernel-only ..." lines: required from the module, not compared.
grep -q '^kernel-only domain_external_memory data ok$' "$TMP/kernel.all" ||
	fail "kernel: ecrt_domain_external_memory() check missing or failed"
grep -v '^kernel-only ' "$TMP/kernel.all" >"$TMP/kernel"
grep 'FAILED' "$TMP/user" | sed 's/^/  user: /'
grep 'FAILED' "$TMP/kernel.all" | sed 's/^/  kernel: /'
n=$(grep -c ' ok$' "$TMP/user")
echo "  $n checks ok in userspace, $(grep -c ' ok$' "$TMP/kernel") in the kernel"
grep -q '^done, 0 failed$' "$TMP/user" || fail "userspace: a check failed"
grep -q '^done, 0 failed$' "$TMP/kernel" || fail "kernel: a check failed"
cmp -s "$TMP/user" "$TMP/kernel" ||
	fail "the kernel and userspace lines differ: $(diff "$TMP/user" "$TMP/kernel" | head -5 | tr '\n' ' ')"
[ "$n" -ge 110 ] || fail "only $n checks ran"
pass
