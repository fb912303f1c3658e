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
