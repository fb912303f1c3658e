# SPDX-License-Identifier: GPL-2.0-only
#
# Sourced by the VM tests tests/vm/t_*.sh.  Each test prints one line,
# "PASS t_name" or "FAIL t_name: reason", and exits 0 or 1.
#
#   vm_run [run options] -- 'commands'
#       runs tests/vm/run; the guest output is in $OUT, the rig's messages
#       in $ERR, the status in $RC.  Test files go to $TMP (removed at exit).
#   pass / fail REASON
#   need_tool ethercat     fails the test when build/tool/ethercat is missing

TNAME=${EC_TNAME:-$(basename "$0" .sh)}
TTOP=$(cd "$(dirname "$0")/../.." && pwd)
TMP=$(mktemp -d /tmp/ecvm-t.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
OUT=$TMP/out
ERR=$TMP/err
RC=0

pass() {
	echo "PASS $TNAME"
	exit 0
}

fail() {
	echo "FAIL $TNAME: $*"
	if [ -s "$OUT" ] || [ -s "$ERR" ]; then
		echo "--- $TNAME: guest output" >&2
		sed 's/^/  /' "$OUT" >&2 2>/dev/null
		echo "--- $TNAME: rig messages" >&2
		sed 's/^/  /' "$ERR" >&2 2>/dev/null
	fi
	exit 1
}

# The first error the rig reported, for the FAIL line.
rig_error() {
	grep -m1 'vm: error:' "$ERR" 2>/dev/null | sed 's/^vm: error: //'
}

vm_run() {
	RC=0
	"$TTOP/tests/vm/run" "$@" >"$OUT" 2>"$ERR" || RC=$?
	case $RC in
	0) ;;
	124) fail "timeout: $(rig_error)" ;;
	125) fail "rig: $(rig_error)" ;;
	esac
	return 0
}

# Guest shell function for the commands of vm_run: "wait_n STATE N [TRIES]"
# waits (TRIES x 0.25 s, default 80) until "ethercat slaves" shows at
# least N slaves in STATE; status 1 if it never does.
GUEST_WAIT_N='wait_n() {
		i=0; while [ $i -lt "${3:-80}" ]; do
			[ "$(ethercat slaves 2>/dev/null |
			     grep -c " $1 ")" -ge "$2" ] && return 0
			sleep 0.25; i=$((i + 1)); done; return 1; }'

need() {
	case $1 in
	ethercat) [ -x "$TTOP/build/tool/ethercat" ] ||
		fail "build/tool/ethercat not built (make userspace)" ;;
	tshark) command -v tshark >/dev/null ||
		fail "tshark not installed (scripts/deps)" ;;
	esac
}

# field NAME: the value of "NAME: value" lines in $OUT ("Rx frames").
field() {
	sed -n "s/^ *$1: *\\([^ ]*\\).*/\\1/p" "$OUT" | head -n 1
}

# rx_receives BEFORE AFTER: from the "Receives on arrival" / "Receives in
# the call" lines of ethercat master that the guest printed in $OUT with
# the prefixes "BEFORE: " and "AFTER: ", set RX_ARRIVED and RX_CALLED to
# what came between (the receive on arrival, ec_ioctl.h); fails when a
# counter is missing.
rx_receives() {
	_rx() { sed -n "s/^$1: Receives $2: \\([0-9]*\\)$/\\1/p" "$OUT"; }
	_a0=$(_rx "$1" 'on arrival'); _a1=$(_rx "$2" 'on arrival')
	_c0=$(_rx "$1" 'in the call'); _c1=$(_rx "$2" 'in the call')
	[ -n "$_a0" ] && [ -n "$_a1" ] && [ -n "$_c0" ] && [ -n "$_c1" ] ||
		fail "ethercat master shows no receive counters"
	RX_ARRIVED=$((_a1 - _a0)); RX_CALLED=$((_c1 - _c0))
}
