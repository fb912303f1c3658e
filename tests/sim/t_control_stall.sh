#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_control_stall.sh [BUILD]: control clients that misbehave do not hold up
# ethercat-sim (sim/control_server.c).  With the big100 segment on a unix
# datagram socket and a --control socket:
#   1. a client that sends "status" lines and never reads its answers
#      (so they back up) is open while ecsim-client's scan is answered
#      frame by frame and ethercat-sim-ctl's "status" is answered;
#   2. it is dropped with a log line once it has read nothing for the
#      stall time (5 s);
#   3. a client that sends bytes that are no text, and one that sends a
#      line of 600 bytes, are dropped at once with a log line each, and
#      the next client is served.
# Exit 0 pass, 1 fail.  Run from the top of the tree after "make".

B=${1:-build}
SIM=$B/sim/ethercat-sim
CLIENT=$B/sim/ecsim-client
CTL=$B/sim/ethercat-sim-ctl
for p in "$SIM" "$CLIENT" "$CTL"; do
	[ -x "$p" ] || { echo "t_control_stall: FAIL: $p not built"; exit 1; }
done
command -v python3 >/dev/null || {
	echo "t_control_stall: FAIL: python3 not installed (scripts/deps)"
	exit 1
}

tmp=$(mktemp -d)
pid=
spid=
cleanup() {
	[ -n "$spid" ] && kill "$spid" 2>/dev/null
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
	echo "t_control_stall: FAIL: $*"
	[ -f "$tmp/err" ] && sed 's/^/  sim: /' "$tmp/err"
	exit 1
}

"$SIM" --segment sim/segments/big100.json --unix "$tmp/seg" \
	--control "$tmp/ctl" 2>"$tmp/err" &
pid=$!
i=0
while ! grep -q '^ethercat-sim: ready$' "$tmp/err" 2>/dev/null; do
	kill -0 "$pid" 2>/dev/null || fail "simulator exited"
	i=$((i + 1))
	[ $i -gt 100 ] && fail "simulator not ready after 10 s"
	sleep 0.1
done

# The stalled client: sends "status" until its socket takes no more (its
# answers, 100 slaves' worth each, pile up unread), says how many, then
# holds the connection without reading until it is closed or 60 s pass.
python3 - "$tmp/ctl" >"$tmp/stall" <<'EOF' &
import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
s.setblocking(False)
sent = 0
end = time.time() + 3
while time.time() < end:
    try:
        s.send(b"status\n")
        sent += 1
    except BlockingIOError:
        time.sleep(0.05)
print("sent", sent, flush=True)
time.sleep(60)
EOF
spid=$!
i=0
while ! grep -q '^sent' "$tmp/stall" 2>/dev/null; do
	i=$((i + 1))
	[ $i -gt 100 ] && fail "the stalled client did not start"
	sleep 0.1
done
sent=$(sed -n 's/^sent //p' "$tmp/stall")
[ "$sent" -gt 2 ] || fail "the stalled client sent only $sent lines"
grep -q 'control client 1:' "$tmp/err" &&
	fail "the stalled client was dropped before the stall time"

# 1. frames and another client, while it stalls
"$CLIENT" "$tmp/seg" >"$tmp/client" || {
	cat "$tmp/client"
	fail "frames not answered while a control client stalls"
}
grep -q '^ecsim-client: 100 slaves$' "$tmp/client" ||
	fail "expected 100 slaves: $(head -1 "$tmp/client")"
"$CTL" -s "$tmp/ctl" -t 2 status >"$tmp/status" ||
	fail "ethercat-sim-ctl status not answered while a client stalls"
[ "$(grep -c . "$tmp/status")" -ge 100 ] ||
	fail "status answer too short: $(head -3 "$tmp/status")"

# 2. dropped after the stall time
i=0
while ! grep -q 'control client 1: reads no answers: dropped' "$tmp/err"; do
	i=$((i + 1))
	[ $i -gt 150 ] && fail "the stalled client was not dropped in 15 s"
	sleep 0.1
done
"$CTL" -s "$tmp/ctl" -t 2 status >/dev/null ||
	fail "ethercat-sim-ctl not answered after the drop"

# 3. garbage and an overlong line: sent_closed sends stdin and succeeds
# when the simulator then closes the connection (a reset counts: it
# closes with the client's bytes unread).
sent_closed() {
	python3 -c '
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
s.settimeout(5)
try:
    s.sendall(sys.stdin.buffer.read())
    sys.exit(0 if s.recv(100) == b"" else 1)
except ConnectionResetError:
    sys.exit(0)' "$tmp/ctl"
}
printf 'stat\001us\n' | sent_closed ||
	fail "the client that sent garbage was not closed"
grep -q 'sent byte 0x01, which is no text: dropped' "$tmp/err" ||
	fail "no log line for the client that sent garbage"
head -c 600 /dev/zero | tr '\0' a | sent_closed ||
	fail "the client that sent a long line was not closed"
grep -q 'sent a line longer than 511 bytes: dropped' "$tmp/err" ||
	fail "no log line for the client that sent a long line"
"$CTL" -s "$tmp/ctl" -t 2 status >/dev/null ||
	fail "ethercat-sim-ctl not answered after the bad clients"

kill -TERM "$pid"
wait "$pid" || fail "simulator exit status $?"
pid=
echo "t_control_stall: PASS (the stalled client sent $sent lines;" \
	"$(tail -1 "$tmp/client" | sed 's/^ecsim-client: //'))"
exit 0
