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
DEVICES   ?= generic e1000e igb
OPTFLAGS  ?= -O2 -g
WERROR    ?= -Werror
WARNFLAGS := -Wall -Wextra $(WERROR)
CFLAGS    ?=
# VERSION: this master's release; its major.minor is the IgH application
# API it implements (ecrt.h).  The tool, pkg-config, CMake, DKMS and the
# Debian packages all take it from there.
EC_VERSION  := $(shell cat VERSION)
ECRT_API    := $(word 1,$(subst ., ,$(EC_VERSION))).$(word 2,$(subst ., ,$(EC_VERSION)))
BASE_CFLAGS := -std=gnu11 $(OPTFLAGS) $(WARNFLAGS) -Iinclude $(CFLAGS) \
	-DEC_VERSION='"$(EC_VERSION)"' -DEC_ECRT_API='"$(ECRT_API)"'

# The goals that need the Debian packages install them (scripts/deps) while
# this file is read, before anything below asks pkg-config: the fragments
# expand pkg-config's flags when they are parsed (":="), so running deps as
# a prerequisite would be too late, and with -j it would race the build.
# Sub-makes inherit EC_DEPS_DONE and do not run it again.  "make -n" runs
# it too (it is the same parse).
DEPS_GOALS := demo check unit vm-check bench check-kernels fuzz fuzz-build \
	faults faults-short
ifneq ($(filter $(DEPS_GOALS),$(MAKECMDGOALS)),)
ifeq ($(EC_DEPS_DONE),)
ifneq ($(shell scripts/deps >&2 && echo ok),ok)
$(error scripts/deps failed: the packages above are needed)
endif
export EC_DEPS_DONE := 1
endif
endif

PKG_CHECK   := $(shell pkg-config --cflags --libs check 2>/dev/null)
PKG_JANSSON := $(shell pkg-config --cflags --libs jansson 2>/dev/null)
# ESI import of the virtual segment (libxml2-dev, from scripts/deps)
PKG_XML2    := $(shell pkg-config --libs libxml-2.0 2>/dev/null)

# A plain "make" does not install anything: say what is missing and how to
# get it, rather than fail later on a missing header.
ifneq ($(filter-out all userspace,$(or $(MAKECMDGOALS),all)),$(or $(MAKECMDGOALS),all))
ifeq ($(EC_DEPS_DONE),)
ifeq ($(PKG_CHECK),)
$(error pkg-config finds no "check" (Debian package check): run "make deps" (as root) first)
endif
ifeq ($(PKG_JANSSON),)
$(error pkg-config finds no "jansson" (Debian package libjansson-dev): run "make deps" (as root) first)
endif
ifeq ($(PKG_XML2),)
$(error pkg-config finds no "libxml-2.0" (Debian package libxml2-dev): run "make deps" (as root) first)
endif
endif
endif

.PHONY: all userspace modules modules-clean clean check unit vm-check demo \
	deps lint bench check-kernels pictures drawings
.DEFAULT_GOAL := all

# Component fragments append to these.
ALL_TARGETS :=
UNIT_TESTS  :=

include master/core.mk
-include lib/lib.mk
-include tool/tool.mk
-include sim/sim.mk
-include mbg/mbg.mk
include tests/unit/unit.mk
-include tests/vm/vm.mk
-include examples/examples.mk
include tests/unit/ecrt.mk
include tests/fuzz/fuzz.mk
include tests/bench/bench.mk
include dist/install.mk
include doc/arch.mk

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
		-o -name '.*.cmd' -o -name '.*.o.d' -o -name modules.order \) \
		-exec rm -f {} +
	rm -f Module.symvers modules.order .modules.order.cmd

deps:
	scripts/deps

# The core may not include kernel headers: it is built for userspace too.
# The FSM drawings doc/fsm_*.dot must show every state and transition of
# the code (scripts/fsm-drawings).
lint:
	scripts/check-core-includes
	scripts/include-circles --max 4
	scripts/fsm-drawings --check
	scripts/igh-table --check
	@scripts/request-kinds

# doc/*.svg from doc/*.dot (the FSM drawings and any other picture there),
# with graphviz's dot; the SVGs are committed beside their sources.
DOC_DOTS := $(wildcard doc/*.dot)
pictures:
	@command -v dot >/dev/null 2>&1 || { \
		echo "make pictures: graphviz's dot is missing: run \"make deps\"" \
		     "(as root) or install the Debian package graphviz" >&2; \
		exit 1; }
	@for f in $(DOC_DOTS); do \
		echo "  DOT     $${f%.dot}.svg"; \
		dot -Tsvg "$$f" -o "$${f%.dot}.svg" || exit 1; \
	done

# After a change of the FSMs: the drawings from the code (keeping their
# labels; new transitions come unlabelled), then the pictures.
drawings:
	scripts/fsm-drawings --update
	$(MAKE) pictures

# The tests run their own makes (Kbuild for the rig, the build tests): they
# must not inherit this make's -j jobserver, which they cannot reach from
# a recipe ("jobserver unavailable" is a warning, and the module builds
# fail on any warning).  EC_BUILD: the build folder the host-side tests
# use (build-san/ with SANITIZE=1).
RUN_TESTS := env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS EC_BUILD=$(BUILD) \
	     scripts/run-tests

unit: userspace lint
	$(RUN_TESTS) unit $(UNIT_TESTS)

check: userspace lint
	$(RUN_TESTS) $(if $(filter 1,$(SANITIZE)),unit,all) $(UNIT_TESTS)

clean:
	rm -rf $(BUILD)
	$(MAKE) modules-clean
