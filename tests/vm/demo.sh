# SPDX-License-Identifier: GPL-2.0-only
#
# Guest commands of "make demo" (tests/vm/run --cmds-file): wait until the
# master has scanned the segment and taken the slaves out of INIT (10 s at
# most), then show the master and the slaves.

i=0
while [ $i -lt 20 ] && ethercat slaves 2>/dev/null | grep -q ' INIT '; do
	sleep 0.5
	i=$((i + 1))
done
ethercat master
echo
ethercat slaves

# The userspace example (examples/user): takes the segment to OP at 1 kHz
# for 4 s, shows the slaves in OP meanwhile, then its summary; the slaves
# go back to PREOP when it ends.
if command -v ec_user_example >/dev/null; then
	echo
	echo "== ec_user_example -c 4000: digital and analog loop-back in OP"
	i=0
	while [ $i -lt 20 ] &&
	      [ "$(ethercat slaves 2>/dev/null | grep -c ' PREOP ')" != 6 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	ec_user_example -c 4000 -q >/tmp/example.log 2>&1 &
	pid=$!
	sleep 2.5
	ethercat slaves
	wait $pid
	echo "ec_user_example exited with $?:"
	grep -v 'WC \|: state \|operational\|AL states' /tmp/example.log
	sleep 1
	echo
	ethercat slaves
fi
