# SPDX-License-Identifier: GPL-2.0-only
#
# Installing the master as a system service (doc/INSTALL.md).
#
#   make install [DESTDIR=...] [PREFIX=/usr/local]   library, headers,
#        pkg-config and CMake files, the tool, the simulator, ethercatctl,
#        /etc/ethercat.conf (kept when present), the systemd unit, the udev
#        rule, man pages, bash completion
#   make modules_install [KDIR=...] [DESTDIR=...]      the modules, depmod
#   make uninstall [DESTDIR=...] [PREFIX=...]          removes what install put
#   make man                                           build/man/*, only
#
# Every directory can be set on the command line (Debian's rules set
# LIBDIR to the multiarch one, SYSTEMDUNITDIR to /lib/systemd/system).
# EC_SUBST fills the @...@ of dist/*.in, lib/libethercat.pc.in and the
# CMake files: $(1) prefix, $(2) libdir, $(3) includedir.

BINDIR         ?= $(PREFIX)/bin
SBINDIR        ?= $(PREFIX)/sbin
LIBDIR         ?= $(PREFIX)/lib
INCLUDEDIR     ?= $(PREFIX)/include
PKGCONFIGDIR   ?= $(LIBDIR)/pkgconfig
CMAKEDIR       ?= $(LIBDIR)/cmake/EtherCAT
DATADIR        ?= $(PREFIX)/share
MANDIR         ?= $(DATADIR)/man
BASHCOMPDIR    ?= $(DATADIR)/bash-completion/completions
SYSCONFDIR     ?= /etc
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
# udev reads rules from /etc, /run, /lib and /usr/lib only.
UDEVRULESDIR   ?= $(if $(filter /usr,$(PREFIX)),/lib/udev/rules.d,/etc/udev/rules.d)
DEPMOD         ?= /sbin/depmod

EC_SUBST = sed -e 's|@PREFIX@|$(1)|g' -e 's|@LIBDIR@|$(2)|g' \
	-e 's|@INCLUDEDIR@|$(3)|g' -e 's|@VERSION@|$(EC_VERSION)|g' \
	-e 's|@ECRT_API@|$(ECRT_API)|g' -e 's|@SBINDIR@|$(SBINDIR)|g' \
	-e 's|@BINDIR@|$(BINDIR)|g' -e 's|@SYSCONFDIR@|$(SYSCONFDIR)|g' \
	-e 's|@VERSION_MAJOR@|$(firstword $(subst ., ,$(EC_VERSION)))|g' \
	-e "s|@SIZEOF_VOID_P@|$$(echo __SIZEOF_POINTER__ | $(CC) -E -P - | tail -n 1)|g"

MAN_DIR   := $(BUILD)/man
MAN_PAGES := $(MAN_DIR)/ethercat.1 $(MAN_DIR)/ethercat-sim.1 \
	$(MAN_DIR)/ethercat-sim-ctl.1 \
	$(MAN_DIR)/ethercatctl.8 $(MAN_DIR)/ethercat.conf.5 \
	$(MAN_DIR)/ethercat-mbg.8
DIST_GEN  := $(BUILD)/dist/ethercatctl $(BUILD)/dist/ethercat.service \
	$(BUILD)/dist/ethercat-sim@.service \
	$(BUILD)/dist/99-ethercat.rules $(BUILD)/dist/EtherCATConfig.cmake \
	$(BUILD)/dist/EtherCATConfigVersion.cmake $(BUILD)/dist/libethercat.pc

ALL_TARGETS += $(MAN_PAGES) $(DIST_GEN) $(BUILD)/dist/ethercat

# The generated files hold the install directories: made again when one of
# them changes (make install PREFIX=/usr after a plain make).
DIST_DIRS := $(BUILD)/dist/.dirs
DIST_DIRS_TEXT := $(PREFIX) $(BINDIR) $(SBINDIR) $(LIBDIR) $(INCLUDEDIR) \
	$(CMAKEDIR) $(SYSCONFDIR) $(EC_VERSION)
$(DIST_DIRS): FORCE
	@mkdir -p $(@D)
	@echo '$(DIST_DIRS_TEXT)' | cmp -s - $@ || echo '$(DIST_DIRS_TEXT)' >$@
.PHONY: FORCE
FORCE:

# The installed tool finds the library in the system's paths: the same
# link as $(TOOL_BIN), without its rpath to the build tree.
$(BUILD)/dist/ethercat: $(BUILD)/tool/obj/main.o $(TOOL_ARCHIVE) $(LIB_SO_LINK)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(BUILD)/tool/obj/main.o $(TOOL_ARCHIVE) \
		-L$(BUILD)/lib -lethercat -lm

.PHONY: man install install-lib install-dev install-tools install-sim \
	modules_install modules_uninstall uninstall
man: $(MAN_PAGES)

# ethercat(1): the written part, then a COMMANDS section generated from the
# tool's own help, so that the page lists every command the tool has.
$(MAN_DIR)/ethercat.1: doc/man/ethercat.1.in scripts/gen-man-ethercat \
		$(TOOL_BIN) $(DIST_DIRS)
	@mkdir -p $(@D)
	scripts/gen-man-ethercat $(TOOL_BIN) $< $(EC_VERSION) >$@.tmp
	mv $@.tmp $@

$(MAN_DIR)/%: doc/man/%.in $(DIST_DIRS)
	@mkdir -p $(@D)
	$(call EC_SUBST,$(PREFIX),$(LIBDIR),$(INCLUDEDIR)) $< >$@

$(BUILD)/dist/%: dist/%.in $(DIST_DIRS)
	@mkdir -p $(@D)
	$(call EC_SUBST,$(PREFIX),$(LIBDIR),$(INCLUDEDIR)) $< >$@
	chmod --reference=$< $@

$(BUILD)/dist/libethercat.pc: lib/libethercat.pc.in $(DIST_DIRS)
	@mkdir -p $(@D)
	$(call EC_SUBST,$(PREFIX),$(LIBDIR),$(INCLUDEDIR)) $< >$@

# The CMake package finds itself relative to its own directory: the
# installed tree can be moved (dpkg -x into a scratch root, a sysroot).
$(BUILD)/dist/EtherCATConfig.cmake: dist/EtherCATConfig.cmake.in $(DIST_DIRS)
	@mkdir -p $(@D)
	up=$$(realpath -m --relative-to="$(CMAKEDIR)" "$(PREFIX)") && \
	inc=$$(realpath -m --relative-to="$(PREFIX)" "$(INCLUDEDIR)") && \
	lib=$$(realpath -m --relative-to="$(PREFIX)" "$(LIBDIR)") && \
	sed -e "s|@CMAKE_TO_PREFIX@|$$up|g" -e "s|@PREFIX_TO_INCLUDE@|$$inc|g" \
	    -e "s|@PREFIX_TO_LIB@|$$lib|g" -e 's|@VERSION@|$(EC_VERSION)|g' \
	    $< >$@

# Parts of "install", one per Debian package (debian/rules calls them).
install-lib: $(LIB_SO)
	install -d $(DESTDIR)$(LIBDIR)
	install -m 644 $(LIB_SO) $(DESTDIR)$(LIBDIR)/libethercat.so.1

# The ioctl ABI: ec_ioctl.h and every header it includes (all of them are
# include/ec_ioctl*.h, so a new part is installed without a list to keep).
EC_IOCTL_HEADERS := $(sort $(wildcard include/ec_ioctl*.h))

install-dev: $(LIB_A) $(BUILD)/dist/libethercat.pc \
		$(BUILD)/dist/EtherCATConfig.cmake \
		$(BUILD)/dist/EtherCATConfigVersion.cmake
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR)
	install -m 644 $(LIB_A) $(DESTDIR)$(LIBDIR)/
	ln -sf libethercat.so.1 $(DESTDIR)$(LIBDIR)/libethercat.so
	install -m 644 include/ecrt.h $(EC_IOCTL_HEADERS) \
		$(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(BUILD)/dist/libethercat.pc $(DESTDIR)$(PKGCONFIGDIR)/
	install -m 644 $(BUILD)/dist/EtherCATConfig.cmake \
		$(BUILD)/dist/EtherCATConfigVersion.cmake $(DESTDIR)$(CMAKEDIR)/

# The config file is the administrator's: never overwritten.
install-tools: $(BUILD)/dist/ethercat $(MAN_PAGES) $(DIST_GEN) $(MBG_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SBINDIR) \
		$(DESTDIR)$(SYSCONFDIR) $(DESTDIR)$(SYSTEMDUNITDIR) \
		$(DESTDIR)$(UDEVRULESDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(BASHCOMPDIR)
	install -m 755 $(BUILD)/dist/ethercat $(DESTDIR)$(BINDIR)/ethercat
	install -m 755 $(BUILD)/dist/ethercatctl $(DESTDIR)$(SBINDIR)/
	install -m 755 $(MBG_BIN) $(DESTDIR)$(BINDIR)/ethercat-mbg
	[ -e $(DESTDIR)$(SYSCONFDIR)/ethercat.conf ] || \
		install -m 644 dist/ethercat.conf $(DESTDIR)$(SYSCONFDIR)/
	install -m 644 $(BUILD)/dist/ethercat.service \
		$(BUILD)/dist/ethercat-sim@.service $(DESTDIR)$(SYSTEMDUNITDIR)/
	install -m 644 $(BUILD)/dist/99-ethercat.rules \
		$(DESTDIR)$(UDEVRULESDIR)/
	install -m 644 $(MAN_DIR)/ethercat.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(MAN_DIR)/ethercat.conf.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 $(MAN_DIR)/ethercatctl.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 644 $(MAN_DIR)/ethercat-mbg.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 644 dist/ethercat.bash-completion \
		$(DESTDIR)$(BASHCOMPDIR)/ethercat
	ln -sf ethercat $(DESTDIR)$(BASHCOMPDIR)/ethercatctl
	ln -sf ethercat $(DESTDIR)$(BASHCOMPDIR)/ethercat-sim-ctl

install-sim: $(SIM_BIN) $(SIM_CTL) $(MAN_DIR)/ethercat-sim.1 \
		$(MAN_DIR)/ethercat-sim-ctl.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(SIM_BIN) $(DESTDIR)$(BINDIR)/ethercat-sim
	install -m 755 $(SIM_CTL) $(DESTDIR)$(BINDIR)/ethercat-sim-ctl
	install -m 644 $(MAN_DIR)/ethercat-sim.1 \
		$(MAN_DIR)/ethercat-sim-ctl.1 $(DESTDIR)$(MANDIR)/man1/

install: install-lib install-dev install-tools install-sim
	@echo "installed under $(DESTDIR)$(PREFIX); the modules:" \
	      "make modules_install (or DKMS, dkms.conf)"

# Kbuild installs into $(DESTDIR)/lib/modules/RELEASE/extra, then depmod
# (-b DESTDIR when given).  RELEASE is KDIR's UTS_RELEASE, as Kbuild's own
# (kernel.release and "make kernelrelease" lack the ABI in Debian's headers).
modules_install:
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" EC_DEVICES="$(DEVICES)" \
		INSTALL_MOD_PATH="$(DESTDIR)" INSTALL_MOD_DIR=extra \
		DEPMOD=true modules_install
	rel=$$(sed -n 's/^#define UTS_RELEASE "\(.*\)"/\1/p' \
		"$(KDIR)/include/generated/utsrelease.h") && [ -n "$$rel" ] && \
	if [ -n "$(DESTDIR)" ]; then \
		$(DEPMOD) -b "$(DESTDIR)" "$$rel"; \
	else \
		$(DEPMOD) -a "$$rel"; \
	fi

modules_uninstall:
	rel=$$(sed -n 's/^#define UTS_RELEASE "\(.*\)"/\1/p' \
		"$(KDIR)/include/generated/utsrelease.h") && [ -n "$$rel" ] && \
	rm -f "$(DESTDIR)/lib/modules/$$rel/extra/master/ec_master.ko" \
	      "$(DESTDIR)/lib/modules/$$rel/extra/devices/"ec_*.ko && \
	if [ -n "$(DESTDIR)" ]; then \
		$(DEPMOD) -b "$(DESTDIR)" "$$rel"; \
	else \
		$(DEPMOD) -a "$$rel"; \
	fi

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libethercat.so.1 \
		$(DESTDIR)$(LIBDIR)/libethercat.so \
		$(DESTDIR)$(LIBDIR)/libethercat.a \
		$(DESTDIR)$(INCLUDEDIR)/ecrt.h \
		$(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(notdir $(EC_IOCTL_HEADERS))) \
		$(DESTDIR)$(PKGCONFIGDIR)/libethercat.pc \
		$(DESTDIR)$(CMAKEDIR)/EtherCATConfig.cmake \
		$(DESTDIR)$(CMAKEDIR)/EtherCATConfigVersion.cmake \
		$(DESTDIR)$(BINDIR)/ethercat $(DESTDIR)$(BINDIR)/ethercat-sim \
		$(DESTDIR)$(BINDIR)/ethercat-sim-ctl \
		$(DESTDIR)$(BINDIR)/ethercat-mbg \
		$(DESTDIR)$(SYSTEMDUNITDIR)/ethercat-sim@.service \
		$(DESTDIR)$(SBINDIR)/ethercatctl \
		$(DESTDIR)$(SYSTEMDUNITDIR)/ethercat.service \
		$(DESTDIR)$(UDEVRULESDIR)/99-ethercat.rules \
		$(DESTDIR)$(MANDIR)/man1/ethercat.1 \
		$(DESTDIR)$(MANDIR)/man1/ethercat-sim.1 \
		$(DESTDIR)$(MANDIR)/man1/ethercat-sim-ctl.1 \
		$(DESTDIR)$(MANDIR)/man5/ethercat.conf.5 \
		$(DESTDIR)$(MANDIR)/man8/ethercatctl.8 \
		$(DESTDIR)$(MANDIR)/man8/ethercat-mbg.8 \
		$(DESTDIR)$(BASHCOMPDIR)/ethercat \
		$(DESTDIR)$(BASHCOMPDIR)/ethercatctl \
		$(DESTDIR)$(BASHCOMPDIR)/ethercat-sim-ctl
	-rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/ethercat.conf ]; then \
		echo "kept $(DESTDIR)$(SYSCONFDIR)/ethercat.conf (yours)"; fi
	@echo "the modules, if installed: make modules_uninstall [KDIR=...]"

# The version is compiled into the tool (ethercat version).
$(BUILD)/tool/obj/cmd_master.o: VERSION
