#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_simulate_ci: the CI recipe of doc/SIMULATION.md, the block after the
# "ci-recipe" marker, run in the guest exactly as it is written there, so
# that the document and this test cannot drift apart.  What a CI runner
# has and the guest has not is provided around it: the modules installed
# where "make modules_install" puts them (tests/vm/run --no-load, then
# depmod), the programs in PATH (--guest-sim), sudo as a plain exec (the
# guest runs as root), and the user's parts: ci/machine.json (the
# default segment) and ci/app-tests.sh (the user example at 10 ms, its
# loop-back proved, and an unplug/replug of the servo (slave 5) seen by the
# application).  Checks: the recipe exits 0, its capture is a pcapng file
# with frames in it, its simulator status is JSON with the 6 slaves, and
# nothing is left behind.

. "$(dirname "$0")/testlib.sh"

need ethercat
CTL=$TTOP/build/dist/ethercatctl
[ -x "$CTL" ] || fail "build/dist/ethercatctl not built (make userspace)"
[ -x "$TTOP/build/vm-bin/ec_user_example" ] ||
	fail "build/vm-bin/ec_user_example not built (make userspace)"

# The block after the marker, between its ```sh and ``` lines.
awk '/<!-- ci-recipe:/ { m = 1; next }
     m == 1 && /^```sh$/ { m = 2; next }
     m == 2 && /^```$/ { exit }
     m == 2 { print }' "$TTOP/doc/SIMULATION.md" >"$TMP/recipe.sh"
[ -s "$TMP/recipe.sh" ] || fail "no ci-recipe block in doc/SIMULATION.md"
grep -q 'ethercatctl simulate' "$TMP/recipe.sh" ||
	fail "the ci-recipe block does not run ethercatctl simulate"

cat >"$TMP/app-tests.sh" <<'EOF'
#!/bin/sh
# the user's tests: the example in OP with its loop-back; the servo
# (slave 5) unplugged and back, seen by the application
until_log() {	# until_log TEXT COUNT TENTHS: COUNT lines with TEXT
	i=0; while [ $i -lt "$3" ] &&
		[ "$(grep -c "$1" /tmp/app.log)" -lt "$2" ]
	do sleep 0.1; i=$((i + 1)); done
}
ec_user_example -q -t 10000 >/tmp/app.log 2>&1 & P=$!
until_log "all configs operational" 1 300
ethercat-sim-ctl unplug 5 || exit 1
until_log "servo: offline" 1 100
ethercat-sim-ctl replug 5 || exit 1
until_log "master: 6 slave" 2 200
kill -TERM $P; wait $P; rc=$?
sed "s/^/app: /" /tmp/app.log | grep -v "WC\|domain"
exit $rc
EOF

vm_run --no-load --guest-sim --file "$CTL:/usr/sbin/ethercatctl" \
	--file "$TMP/recipe.sh:/data/recipe.sh" \
	--file "$TMP/app-tests.sh:/data/app-tests.sh" -- '
	depmod
	printf "#!/bin/sh\nexec \"\$@\"\n" >/usr/local/bin/sudo
	chmod +x /usr/local/bin/sudo
	rm -f /etc/ethercat.conf
	mkdir -p /tmp/job/ci && cd /tmp/job
	cp "$EC_SEGMENT" ci/machine.json
	cp /data/app-tests.sh ci/app-tests.sh && chmod +x ci/app-tests.sh
	sh /data/recipe.sh; echo "rc_recipe=$?"
	echo "magic=$(od -An -tx1 -N4 ci-capture.pcapng | tr -d " ")"
	echo "capture_bytes=$(wc -c <ci-capture.pcapng)"
	sed "s/^/simjson: /" ci-sim-status.json
	echo "left: ifaces=$(ls /sys/class/net | grep -c ^ecsim)" \
	     "procs=$(pidof ethercat-sim | wc -w)" \
	     "mods=$(grep -c "^ec_" /proc/modules)"
'
[ "$RC" = 0 ] || fail "guest commands exited $RC"
o() { grep -q -- "$1" "$OUT" || fail "$2"; }
o '^ethercatctl: master 0: 6 of 6 simulated slaves in PREOP' \
	"the recipe's simulate did not bring 6 slaves to PREOP"
o '^app: loopback ok: digital [1-9]' "the application's loop-back failed"
o '^app: servo: offline$' "the application did not see the unplug"
sed -n '/^app: master: 5 slave(s)$/,$p' "$OUT" |
	grep -q '^app: master: 6 slave(s)$' ||
	fail "the application did not see the servo come back"
o '^rc_recipe=0$' "the recipe of doc/SIMULATION.md failed"
o '^magic=0a0d0d0a$' "the capture is not a pcapng file"
bytes=$(sed -n 's/^capture_bytes=//p' "$OUT")
[ "${bytes:-0}" -gt 10000 ] || fail "the capture holds only ${bytes:-0} bytes"
echo "capture: $bytes bytes"
o '^simjson: {"ok":true,"slaves":\[{"id":0,"model":"EK1100"' \
	"the simulator status is not the JSON of the segment"
o '^left: ifaces=0 procs=0 mods=0$' "the recipe left something behind"
pass
