# SPDX-License-Identifier: GPL-2.0-only
#
# Top-level build.  Userspace parts (core archive for unit tests, lib/,
# tool/, sim/, tests/) build into $(BUILD); the kernel modules build with
# Kbuild in the source tree ("make modules KDIR=...").
#
# Plain "make" works without running configure; configure only writes
# config.mk with a packager's choices, which is read here when present.

-include config.mk

# make ... SANITIZE=1: the userspace parts and the unit tests with ASan
# and UBSan (every report aborts), in build-san/; "make check SANITIZE=1"
# runs the unit tests (the VM tests need the plain binaries in the guest).
SANITIZE  ?=
ifeq ($(SANITIZE),1)
BUILD     ?= build-san
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	     -fno-omit-frame-pointer
CFLAGS    += $(SAN_FLAGS)
LDFLAGS   += $(SAN_FLAGS)
export ASAN_OPTIONS ?= detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1
# no fork per test: LeakSanitizer checks the whole program at its exit
export CK_FORK := no
endif
BUILD     ?= build
CC        ?= gcc
PREFIX    ?= /usr/local
KDIR      ?= /lib/modules/$(shell uname -r)/build
DEVICES   ?= generic
OPTFLAGS  ?= -O2 -g
WERROR    ?= -Werror
WARNFLAGS := -Wall -Wextra $(WERROR)
CFLAGS    ?=
BASE_CFLAGS := -std=gnu11 $(OPTFLAGS) $(WARNFLAGS) -Iinclude $(CFLAGS)

PKG_CHECK   = $(shell pkg-config --cflags --libs check 2>/dev/null)
PKG_JANSSON = $(shell pkg-config --cflags --libs jansson 2>/dev/null)

.PHONY: all userspace modules modules-clean clean check unit vm-check demo \
	deps install lint bench check-kernels
.DEFAULT_GOAL := all

# Component fragments append to these.
ALL_TARGETS :=
UNIT_TESTS  :=

include master/core.mk
-include lib/lib.mk
-include tool/tool.mk
-include sim/sim.mk
include tests/unit/unit.mk
-include tests/vm/vm.mk
-include examples/examples.mk
include tests/unit/ecrt.mk
include tests/fuzz/fuzz.mk
include tests/bench/bench.mk

userspace: $(ALL_TARGETS)

all: userspace
	@if [ -d "$(KDIR)" ]; then \
		$(MAKE) modules KDIR="$(KDIR)"; \
	else \
		echo "note: no kernel headers at $(KDIR); skipped the modules" \
		     "(make modules KDIR=/path/to/kernel/build)"; \
	fi

modules:
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" EC_DEVICES="$(DEVICES)" modules

# Kbuild's own clean would descend into build/ too: remove only its outputs.
modules-clean:
	-find master devices \( -name '*.o' -o -name '*.ko' -o -name '*.mod*' \
		-o -name '.*.cmd' \) -exec rm -f {} +
	rm -f Module.symvers modules.order

deps:
	scripts/deps

# The core may not include kernel headers: it is built for userspace too.
lint:
	scripts/check-core-includes

unit: deps userspace lint
	EC_BUILD=$(BUILD) scripts/run-tests unit $(UNIT_TESTS)

check: deps userspace lint
	EC_BUILD=$(BUILD) scripts/run-tests \
		$(if $(filter 1,$(SANITIZE)),unit,all) $(UNIT_TESTS)

install: userspace
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib \
		$(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(BUILD)/tool/ethercat $(DESTDIR)$(PREFIX)/bin/
	install -m 755 $(BUILD)/sim/ethercat-sim $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/lib/libethercat.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/lib/libethercat.so.1 $(DESTDIR)$(PREFIX)/lib/
	ln -sf libethercat.so.1 $(DESTDIR)$(PREFIX)/lib/libethercat.so
	install -m 644 include/ecrt.h include/ec_ioctl.h $(DESTDIR)$(PREFIX)/include/
	sed 's|@PREFIX@|$(PREFIX)|' lib/libethercat.pc.in \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/libethercat.pc

clean:
	rm -rf $(BUILD)
	$(MAKE) modules-clean
