# SPDX-License-Identifier: GPL-2.0-only
#
# Benchmarks of the core (native, in-process segment).  They print
# figures; nothing here asserts on time.
$(BUILD)/bench/bench-core: tests/bench/bench_core.c tests/bench/bench_mbox.h \
		$(BUILD)/libeccore.a $(BUILD)/sim/libecsim.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -iquote sim -o $@ $< \
		$(BUILD)/libeccore.a $(BUILD)/sim/libecsim.a $(PKG_JANSSON) \
		$(PKG_XML2) -lm

ALL_TARGETS += $(BUILD)/bench/bench-core

# What the master put on the wire per cycle, from a capture (make bench).
$(BUILD)/bench/bench-wire: tests/bench/bench_wire.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $<

ALL_TARGETS += $(BUILD)/bench/bench-wire

# Distributed clocks in simulated time (tests/bench/bench_dc.c).
$(BUILD)/bench/bench-dc: tests/bench/bench_dc.c tests/unit/dc_harness.h \
		$(BUILD)/libeccore.a $(BUILD)/sim/libecsim.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -iquote sim -iquote tests/unit \
		-o $@ $< $(BUILD)/libeccore.a $(BUILD)/sim/libecsim.a \
		$(PKG_JANSSON) $(PKG_XML2) -lm

ALL_TARGETS += $(BUILD)/bench/bench-dc

.PHONY: bench-dc
bench-dc: $(BUILD)/bench/bench-dc
	$(BUILD)/bench/bench-dc

# The file whose generated sections make bench, make bench-core and make
# faults rewrite with their figures (scripts/figures); "make bench
# FIGURES=" prints them only.
FIGURES ?= $(CURDIR)/doc/FIGURES.md

.PHONY: bench-core
bench-core: $(BUILD)/bench/bench-core
	EC_FIGURES=$(FIGURES) scripts/bench-core

# The timing table (make bench): the userspace side of the benchmark, run
# in the VM rig beside the kernel module tests/bench/bench_kernel.c (built
# per rig kernel by tests/bench/build-kernel).  -rdynamic: its ioctl()
# counter must take the library's calls.
BENCH_USER    := $(BUILD)/bench/ec_bench_user
BENCH_USER_VM := $(BUILD)/vm-bin/ec_bench_user

ALL_TARGETS += $(BENCH_USER) $(BENCH_USER_VM)

$(BENCH_USER): tests/bench/bench_user.c tests/bench/bench_app.h \
		tests/bench/bench_semantics.h include/ecrt.h \
		include/ec_ioctl.h lib/ecrt_lib.h $(LIB_SO_LINK)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -Ilib -rdynamic -o $@ $< -L$(BUILD)/lib \
		-lethercat

$(BENCH_USER_VM): $(BENCH_USER)
	@mkdir -p $(dir $@)
	cp $< $@

# make bench IGH_SRC=DIR: also IgH EtherLab's master from the source tree
# DIR (1.6.1), built in $(BUILD)/igh and booted in the rig with the same
# applications, and a table of ours / IgH (scripts/bench-igh).
IGH_SRC ?=

.PHONY: bench
bench: userspace
	EC_FIGURES=$(FIGURES) IGH_SRC=$(IGH_SRC) scripts/bench
