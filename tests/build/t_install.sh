#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# t_install.sh: the installed master, as a user or a packager gets it.
#   1. one version everywhere: VERSION, dkms.conf, debian/changelog, ecrt.h
#      (and modinfo's version of the modules DKMS builds, step 6)
#      (major.minor), the tool, ethercatctl, the man pages, pkg-config,
#      CMake (doc/ARCHITECTURE.md, "The versions are separate");
#   2. documentation that cannot drift: every command "ethercat help" lists
#      is in doc/CLI.md's table and has its section in ethercat(1); every
#      option of "ethercat-sim --help" is in ethercat-sim(1) and back;
#      every command of "ethercatctl --help" in ethercatctl(8); every key
#      of dist/ethercat.conf in ethercat.conf(5) and back; all pages render
#      without warnings;
#   3. make install / uninstall into a DESTDIR: what is left is the config;
#   4. dpkg-buildpackage -us -uc -b in a scratch copy (userspace only: the
#      modules ship as DKMS source), lintian without errors, the .debs
#      unpacked with dpkg -x into a scratch root;
#   5. from that root: every exported symbol of libethercat.so.1 carries
#      the version LIBETHERCAT_1.6; an application builds with pkg-config
#      and one with CMake (find_package(EtherCAT 1.6), EtherCAT::ethercat),
#      both run against the unpacked library and need LIBETHERCAT_1.6;
#      find_package(EtherCAT 2) is refused; the installed ec_ioctl.h
#      compiles (every header it includes is installed);
#   6. dkms build of the unpacked ethercat-dkms source against the rig's
#      6.1 kernel headers (a scratch DKMS tree): the three modules, the right
#      vermagic;
#   7. bash completion from the unpacked package completes commands and a
#      command's options from the tool's help.
# Exit 0 pass, 1 fail.  Run from the top of the tree after "make".

TOP=$(pwd)
B=$TOP/build
. "$(dirname "$0")/buildlib.sh"
for p in "$B/tool/ethercat" "$B/sim/ethercat-sim" "$B/dist/ethercatctl" \
	 "$B/man/ethercat.1"; do
	[ -x "$p" ] || [ -f "$p" ] || fail "$p not built (make userspace)"
done
for t in dpkg-buildpackage lintian cmake dkms pkg-config man; do
	command -v $t >/dev/null || fail "$t not installed (scripts/deps)"
done

# 1. versions
V=$(cat VERSION)
case $V in [0-9]*.[0-9]*.[0-9]*) ;; *) fail "VERSION \"$V\" is not X.Y.Z" ;; esac
API=${V%.*}
grep -q "^PACKAGE_VERSION=\"$V\"$" dkms.conf ||
	fail "dkms.conf PACKAGE_VERSION is not $V"
dv=$(dpkg-parsechangelog -S Version) || fail "debian/changelog unreadable"
[ "${dv%%-*}" = "$V" ] || fail "debian/changelog says $dv, VERSION $V"
maj=$(sed -n 's/^#define ECRT_VER_MAJOR *\([0-9]*\).*/\1/p' include/ecrt.h)
min=$(sed -n 's/^#define ECRT_VER_MINOR *\([0-9]*\).*/\1/p' include/ecrt.h)
[ "$maj.$min" = "$API" ] ||
	fail "ecrt.h is API $maj.$min, VERSION $V says $API"
"$B/tool/ethercat" version >"$tmp/version.log" 2>&1 ||
	fail "ethercat version fails without the module"
head -n 1 "$tmp/version.log" | grep -qx "IgH EtherCAT master $V" ||
	fail "ethercat version does not start with IgH's line"
grep -qx "ethercat tool $V, ioctl ABI version [0-9]*, application API (ecrt.h) $API" \
	"$tmp/version.log" || fail "ethercat version: no tool line with $V and API $API"
"$B/dist/ethercatctl" --version |
	grep -qx "ethercatctl $V (IgH EtherCAT master application API $API)" ||
	fail "ethercatctl --version does not say $V and API $API"
for m in "$B"/man/*.[158]; do
	grep -q "^\.TH [A-Z.-]* [158] \"\" \"ethercat $V\"" "$m" ||
		fail "$m does not name ethercat $V"
done

# 2. documentation against the programs' own help
"$B/tool/ethercat" help 2>&1 |
	sed -n '/^Commands/,/^$/s/^  \([a-z][a-z0-9_]*\)  .*/\1/p' \
	>"$tmp/commands"
[ "$(wc -l <"$tmp/commands")" -gt 10 ] || fail "ethercat help lists no commands"
while read -r c; do
	grep -q "^| \`${c}[ \`]" doc/CLI.md ||
		fail "doc/CLI.md has no row for the command '$c' (ethercat help lists it)"
	grep -q "^\.SS $c$" "$B/man/ethercat.1" ||
		fail "ethercat(1) has no section for '$c'"
done <"$tmp/commands"
sed -n 's/^| `\([a-z_]*\)[ `].*/\1/p' doc/CLI.md | sed -n '1,/^xml$/p' |
while read -r c; do
	grep -qx "$c" "$tmp/commands" ||
		{ echo "doc/CLI.md documents '$c', which ethercat help does not list"; exit 1; }
done || fail "doc/CLI.md lists a command the tool does not have"

# (--help is not in its own usage text, but it is an option: it exits 0)
"$B/sim/ethercat-sim" --help >"$tmp/simhelp" 2>&1 ||
	fail "ethercat-sim --help fails"
{ grep -o -- '--[a-z][a-z-]*' "$tmp/simhelp"; echo --help; } | sort -u \
	>"$tmp/simopts"
# (roff writes each "-" of an option as "\-")
sed 's/\\-/-/g' doc/man/ethercat-sim.1.in |
	sed -n 's/.*--\([a-z][a-z-]*\).*/--\1/p' | sort -u >"$tmp/simman"
# (the page also shows QEMU's -netdev in its text)
grep -v -- '--netdev' "$tmp/simman" >"$tmp/simman2"
cmp -s "$tmp/simopts" "$tmp/simman2" ||
	fail "ethercat-sim(1) and ethercat-sim --help differ:" \
	     "$(diff "$tmp/simopts" "$tmp/simman2" | grep '^[<>]' | tr '\n' ' ')"

"$B/dist/ethercatctl" --help | sed -n 's/^  \([a-z][a-z]*\)  .*/\1/p' \
	>"$tmp/ctlcmds"
[ -s "$tmp/ctlcmds" ] || fail "ethercatctl --help lists no commands"
while read -r c; do
	grep -q "^\.B $c$" doc/man/ethercatctl.8.in ||
		fail "ethercatctl(8) does not describe '$c'"
done <"$tmp/ctlcmds"

sed -n 's/^\([A-Z0-9_]*\)=.*/\1/p' dist/ethercat.conf |
	sed 's/^MASTER0_/MASTERn_/' | sort -u >"$tmp/keys"
sed -n -e 's/^\.B \([A-Z][A-Z_]*\)$/\1/p' \
	-e 's/^\.BI MASTER n _\([A-Z_]*\)$/MASTERn_\1/p' \
	doc/man/ethercat.conf.5.in | sort -u >"$tmp/mankeys"
cmp -s "$tmp/keys" "$tmp/mankeys" ||
	fail "ethercat.conf(5) and dist/ethercat.conf differ:" \
	     "$(diff "$tmp/keys" "$tmp/mankeys" | grep '^[<>]' | tr '\n' ' ')"
for m in "$B"/man/*; do
	w=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$m" 2>&1 >/dev/null)
	[ -z "$w" ] || fail "$(basename "$m") renders with warnings: $w"
done

# 3. make install / uninstall
D=$tmp/destdir
make -s -C "$TOP" install DESTDIR="$D" PREFIX=/usr/local \
	>"$tmp/install.log" 2>&1 || fail "make install failed"
for f in usr/local/lib/libethercat.so.1 usr/local/lib/libethercat.so \
	 usr/local/include/ecrt.h usr/local/lib/pkgconfig/libethercat.pc \
	 usr/local/lib/cmake/EtherCAT/EtherCATConfig.cmake \
	 usr/local/bin/ethercat usr/local/sbin/ethercatctl etc/ethercat.conf \
	 usr/local/lib/systemd/system/ethercat.service \
	 etc/udev/rules.d/99-ethercat.rules \
	 usr/local/share/man/man8/ethercatctl.8 \
	 usr/local/share/bash-completion/completions/ethercat; do
	[ -e "$D/$f" ] || fail "make install did not install /$f"
done
grep -q '^ExecStart=/usr/local/sbin/ethercatctl start$' \
	"$D/usr/local/lib/systemd/system/ethercat.service" ||
	fail "the unit does not run the installed ethercatctl"
echo "MASTER0_DEVICE=\"mine\"" >"$D/etc/ethercat.conf"
make -s -C "$TOP" install DESTDIR="$D" PREFIX=/usr/local \
	>>"$tmp/install.log" 2>&1 || fail "make install (again) failed"
grep -q mine "$D/etc/ethercat.conf" || fail "make install overwrote the config"
make -s -C "$TOP" uninstall DESTDIR="$D" PREFIX=/usr/local \
	>"$tmp/uninstall.log" 2>&1 || fail "make uninstall failed"
left=$(cd "$D" && find . ! -type d | sort | tr '\n' ' ')
[ "$left" = "./etc/ethercat.conf " ] ||
	fail "make uninstall left more than the config: $left"

# 4. the Debian packages
S=$tmp/pkg/src
copy_tree "$S"
(cd "$S" && dpkg-buildpackage -us -uc -b -j2) >"$tmp/dpkg.log" 2>&1 ||
	fail "dpkg-buildpackage -us -uc -b failed"
for p in ethercat-dkms_${V}_all libethercat1_${V}_amd64 \
	 libethercat-dev_${V}_amd64 ethercat-tools_${V}_amd64 \
	 ethercat-sim_${V}_amd64; do
	[ -f "$tmp/pkg/$p.deb" ] || fail "no $p.deb"
done
lintian --fail-on error \
	"$tmp/pkg/ethercat_${V}_amd64.changes" >"$tmp/lintian.log" 2>&1 ||
	fail "lintian reports errors"
R=$tmp/root
for d in "$tmp"/pkg/*.deb; do
	case $d in *-dbgsym_*) continue ;; esac
	dpkg -x "$d" "$R" || fail "dpkg -x $d"
done
ML=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
L=$R/usr/lib/$ML
for f in "$L/libethercat.so.1" "$L/libethercat.so" "$L/libethercat.a" \
	 "$R/usr/include/ecrt.h" "$L/pkgconfig/libethercat.pc" \
	 "$L/cmake/EtherCAT/EtherCATConfig.cmake" "$R/usr/bin/ethercat" \
	 "$R/usr/sbin/ethercatctl" "$R/etc/ethercat.conf" \
	 "$R/lib/systemd/system/ethercat.service" \
	 "$R/lib/udev/rules.d/99-ethercat.rules" \
	 "$R/usr/share/man/man1/ethercat.1.gz" \
	 "$R/usr/share/man/man5/ethercat.conf.5.gz" \
	 "$R/usr/share/man/man8/ethercatctl.8.gz" \
	 "$R/usr/share/man/man1/ethercat-sim.1.gz" \
	 "$R/usr/share/bash-completion/completions/ethercat" \
	 "$R/usr/bin/ethercat-sim" "$R/usr/src/ethercat-$V/dkms.conf"; do
	[ -e "$f" ] || fail "the packages lack ${f#"$R"}"
done
dpkg-deb -e "$tmp/pkg/ethercat-dkms_${V}_all.deb" "$tmp/dkmsctl"
grep -q 'dkms' "$tmp/dkmsctl/postinst" 2>/dev/null ||
	fail "ethercat-dkms has no postinst that runs dkms"
dpkg-deb -f "$tmp/pkg/ethercat-dkms_${V}_all.deb" Depends | grep -q dkms ||
	fail "ethercat-dkms does not depend on dkms"

# 5. symbols, and applications against the unpacked files
objdump -T "$L/libethercat.so.1" | awk '$2 == "g" && $4 == ".text" ||
	($2 == "g" && $3 == "DF") { print $(NF-1), $NF }' >"$tmp/syms"
[ "$(wc -l <"$tmp/syms")" -gt 50 ] || fail "libethercat exports too little"
bad=$(awk '$1 != "LIBETHERCAT_1.6" || $2 !~ /^(ecrt_|ec_lib_)/' \
	"$tmp/syms" | head -n 5 | tr '\n' ' ')
[ -z "$bad" ] || fail "unversioned or foreign exported symbols: $bad"

cat >"$tmp/app.c" <<'EOF'
#include <stdio.h>
#include <ecrt.h>

int main(void)
{
	ec_master_t *m;

	if (ecrt_version_magic() != ECRT_VERSION_MAGIC)
		return 1;
	m = ecrt_request_master(0);	/* no module here: NULL */
	printf("magic 0x%x master %s\n", ecrt_version_magic(),
	       m ? "yes" : "none");
	if (m)
		ecrt_release_master(m);
	return 0;
}
EOF
export PKG_CONFIG_SYSROOT_DIR="$R" PKG_CONFIG_LIBDIR="$L/pkgconfig"
[ "$(pkg-config --modversion libethercat)" = "$V" ] ||
	fail "pkg-config --modversion libethercat is not $V"
pkg-config --atleast-version="$API" libethercat ||
	fail "pkg-config: libethercat is not at least $API"
[ "$(pkg-config --variable=ecrt_api libethercat)" = "$API" ] ||
	fail "pkg-config ecrt_api is not $API"
# shellcheck disable=SC2046
gcc -Wall -Wextra -Werror -o "$tmp/app-pc" "$tmp/app.c" \
	$(pkg-config --cflags --libs libethercat) >"$tmp/app-pc.log" 2>&1 ||
	fail "an application does not build with pkg-config"
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR
# The ABI header as installed: with every header it includes.
printf '#include <ec_ioctl.h>\nint main(void) { return EC_IOCTL_VERSION > 0 &&\n sizeof(struct ec_ioctl_shm) > 0 ? 0 : 1; }\n' \
	>"$tmp/abi.c"
gcc -Wall -Wextra -Werror -I"$R/usr/include" -o "$tmp/abi" "$tmp/abi.c" \
	>"$tmp/abi.log" 2>&1 ||
	fail "the installed ec_ioctl.h does not compile: $(head -n 3 "$tmp/abi.log")"
out=$(LD_LIBRARY_PATH=$L "$tmp/app-pc") || fail "the pkg-config app fails"
[ "$out" = "magic 0x106 master none" ] || fail "pkg-config app said: $out"
objdump -p "$tmp/app-pc" | grep -q 'LIBETHERCAT_1.6' ||
	fail "the application does not record LIBETHERCAT_1.6"

mkdir -p "$tmp/cm"
cp "$tmp/app.c" "$tmp/cm/"
cat >"$tmp/cm/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.13)
project(ecapp C)
find_package(EtherCAT 1.6 REQUIRED)
add_executable(app app.c)
target_link_libraries(app PRIVATE EtherCAT::ethercat)
EOF
(cd "$tmp/cm" && cmake -S . -B b -DCMAKE_PREFIX_PATH="$R/usr" &&
	cmake --build b) >"$tmp/cmake.log" 2>&1 ||
	fail "an application does not build with CMake (EtherCAT::ethercat)"
out=$(LD_LIBRARY_PATH=$L "$tmp/cm/b/app") || fail "the CMake app fails"
[ "$out" = "magic 0x106 master none" ] || fail "CMake app said: $out"
sed -i 's/EtherCAT 1.6 REQUIRED/EtherCAT 2.0 REQUIRED/' "$tmp/cm/CMakeLists.txt"
if (cd "$tmp/cm" && cmake -S . -B b2 -DCMAKE_PREFIX_PATH="$R/usr") \
	>"$tmp/cmake2.log" 2>&1; then
	fail "find_package(EtherCAT 2.0) accepted version $V"
fi
rm -f "$tmp/cmake2.log"

# 6. DKMS against the rig's 6.1 headers
KVARS=$(tests/vm/kernel-fetch --print-vars 6.1) ||
	fail "no 6.1 kernel headers (tests/vm/kernel-fetch 6.1)"
eval "$KVARS"
K=$tmp/dkms
mkdir -p "$K/tree" "$K/src" "$K/inst"
cp -r "$R/usr/src/ethercat-$V" "$K/src/"
dk() { dkms --dkmstree "$K/tree" --sourcetree "$K/src" \
	--installtree "$K/inst" "$@"; }
dk add -m ethercat -v "$V" >"$tmp/dkms.log" 2>&1 || fail "dkms add failed"
dk build -m ethercat -v "$V" -k "$EC_KREL" --kernelsourcedir "$EC_KDIR" \
	>>"$tmp/dkms.log" 2>&1 || fail "dkms build for $EC_KREL failed"
for m in ec_master ec_generic ec_e1000e ec_igb; do
	ko=$K/tree/ethercat/$V/$EC_KREL/x86_64/module/$m.ko
	[ -f "$ko" ] || fail "dkms built no $m.ko"
	vm=$(modinfo -F vermagic "$ko" | cut -d' ' -f1)
	[ "$vm" = "$EC_KREL" ] || fail "$m.ko vermagic $vm, not $EC_KREL"
	mv=$(modinfo -F version "$ko")
	[ "$mv" = "$V" ] || fail "$m.ko says version \"$mv\", VERSION $V"
done

# ... and make modules / modules_install / modules_uninstall into a DESTDIR
MD=$tmp/modroot
make -C "$S" -j2 modules KDIR="$EC_KDIR" >"$tmp/modules.log" 2>&1 ||
	fail "make modules KDIR=<6.1 headers> failed"
make -C "$S" modules_install KDIR="$EC_KDIR" DESTDIR="$MD" \
	>"$tmp/modinst.log" 2>&1 || fail "make modules_install failed"
dep=$MD/lib/modules/$EC_KREL/modules.dep
grep -qx 'extra/master/ec_master.ko:' "$dep" &&
	grep -qx 'extra/devices/ec_generic.ko: extra/master/ec_master.ko' "$dep" ||
	fail "modules_install: modules.dep does not list both modules"
make -C "$S" modules_uninstall KDIR="$EC_KDIR" DESTDIR="$MD" \
	>"$tmp/moduninst.log" 2>&1 || fail "make modules_uninstall failed"
[ -z "$(find "$MD" -name '*.ko')" ] && [ ! -s "$dep" ] ||
	fail "modules_uninstall left modules behind"
rm -f "$tmp"/mod*.log

# The unit, as packaged, pointed at the unpacked ethercatctl: systemd
# finds nothing wrong with it.
sed "s|/usr/sbin/ethercatctl|$R/usr/sbin/ethercatctl|" \
	"$R/lib/systemd/system/ethercat.service" >"$tmp/ethercat.service"
if command -v systemd-analyze >/dev/null; then
	w=$(systemd-analyze verify --man=no "$tmp/ethercat.service" 2>&1) ||
		fail "systemd-analyze verify: $w"
	[ -z "$w" ] || fail "systemd-analyze verify: $w"
fi
grep -q "^IMPORT\|IMPORT{program}=\"/usr/sbin/ethercatctl udev\"" \
	"$R/lib/udev/rules.d/99-ethercat.rules" ||
	fail "the udev rule does not run the installed ethercatctl udev"
ETHERCAT_CONFIG=$R/etc/ethercat.conf "$R/usr/sbin/ethercatctl" udev \
	>"$tmp/udev.out" || fail "ethercatctl udev failed"
[ "$(cat "$tmp/udev.out")" = "ETHERCAT_GROUP=root
ETHERCAT_MODE=0660" ] || fail "ethercatctl udev with the packaged config: $(cat "$tmp/udev.out")"

# 7. bash completion from the package
if [ -f /usr/share/bash-completion/bash_completion ]; then
	got=$(PATH="$R/usr/bin:$PATH" LD_LIBRARY_PATH=$L bash -c '
		. /usr/share/bash-completion/bash_completion
		. "$1"
		c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		      COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		      COMPREPLY=(); _ethercat; echo "${COMPREPLY[*]}"; }
		c ethercat sl
		c ethercat slaves --ve
		c ethercat help reg_
		c ethercat -p 0 states S' bash \
		"$R/usr/share/bash-completion/completions/ethercat" 2>&1)
	[ "$got" = "slaves
--verbose
reg_read reg_write
SAFEOP" ] || fail "bash completion gave: $(echo "$got" | tr '\n' '|')"
else
	fail "no bash-completion (scripts/deps)"
fi

echo "t_install: PASS (version $V; docs match the help of ethercat," \
	"ethercat-sim, ethercatctl; install/uninstall; 5 .debs, lintian" \
	"clean of errors; pkg-config and CMake apps; dkms build and" \
	"modules_install for $EC_KREL; unit; udev;" \
	"completion)"
