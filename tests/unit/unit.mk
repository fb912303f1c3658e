# SPDX-License-Identifier: GPL-2.0-only
#
# Unit tests of the core: tests/unit/check_<object>.c, one program each,
# linked with the userspace build of the core (and the in-process virtual
# segment when a test drives the core against it).  Tests named
# check_sim_*, check_tool_*, check_lib_* and check_mbg* are built by the fragments of
# sim/, tool/, lib/ and mbg/.

CORE_TESTS_SRCS := $(filter-out tests/unit/check_sim_% tests/unit/check_tool_% tests/unit/check_mbg% \
	tests/unit/check_lib_%,$(wildcard tests/unit/check_*.c))
# Tests that drive the core against the in-process segment need sim/.
ifeq ($(filter $(BUILD)/sim/libecsim.a,$(ALL_TARGETS)),)
CORE_TESTS_SRCS := $(filter-out $(shell grep -l 'harness.h\|ecsim.h' \
	$(CORE_TESTS_SRCS)),$(CORE_TESTS_SRCS))
endif
CORE_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(CORE_TESTS_SRCS))

$(BUILD)/tests/check_%: tests/unit/check_%.c $(BUILD)/libeccore.a \
		$(wildcard tests/unit/*.h) $(filter $(BUILD)/sim/libecsim.a,$(ALL_TARGETS))
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -iquote sim -iquote tests/unit -o $@ $< \
		$(BUILD)/libeccore.a \
		$(if $(filter $(BUILD)/sim/libecsim.a,$(ALL_TARGETS)),$(BUILD)/sim/libecsim.a) \
		$(PKG_CHECK) $(PKG_JANSSON) $(PKG_XML2) -lm

ALL_TARGETS += $(CORE_TESTS)
UNIT_TESTS += $(CORE_TESTS)

# The ABI layouts must hold for 32-bit userspace on a 64-bit kernel too
# (compat_ptr_ioctl): compile the same assertions with -m32.
$(BUILD)/tests/abi32.ok: tests/unit/abi_layout.h $(wildcard include/ec_ioctl*.h)
	@mkdir -p $(dir $@)
	printf '#include "abi_layout.h"\n' | $(CC) -m32 -std=gnu11 $(WARNFLAGS) \
		-fsyntax-only -Iinclude -iquote tests/unit -x c -
	@touch $@

ALL_TARGETS += $(BUILD)/tests/abi32.ok
