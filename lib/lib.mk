# SPDX-License-Identifier: GPL-2.0-only
#
# libethercat: the ioctl layer (ec_lib_*) and the userspace ecrt_*
# API.  Builds a static archive, a shared library with soname
# libethercat.so.1 that exports only ecrt_* and ec_lib_* (version script),
# and a pkg-config file for the build tree.

LIB_SRCS     := $(sort $(wildcard lib/*.c))
LIB_OBJS     := $(patsubst lib/%.c,$(BUILD)/lib/obj/%.o,$(LIB_SRCS))
LIB_PIC_OBJS := $(patsubst lib/%.c,$(BUILD)/lib/pic/%.o,$(LIB_SRCS))
# Pure rules of the core the library shares (written once, linked here;
# their names are neither ecrt_* nor ec_lib_*, so the version script keeps
# them inside libethercat.so).  None at present: the working counter rule
# (master/cycle/wc_state.h) is inline.
LIB_CORE_SRCS :=
LIB_OBJS     += $(patsubst master/%.c,$(BUILD)/lib/obj/core_%.o,$(LIB_CORE_SRCS))
LIB_PIC_OBJS += $(patsubst master/%.c,$(BUILD)/lib/pic/core_%.o,$(LIB_CORE_SRCS))
LIB_A        := $(BUILD)/lib/libethercat.a
LIB_SO       := $(BUILD)/lib/libethercat.so.1
LIB_SO_LINK  := $(BUILD)/lib/libethercat.so
LIB_PC       := $(BUILD)/lib/libethercat.pc
LIB_CFLAGS   := -Ilib -MMD -MP

ALL_TARGETS += $(LIB_A) $(LIB_SO) $(LIB_SO_LINK) $(LIB_PC)

$(BUILD)/lib/obj/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

$(BUILD)/lib/pic/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(LIB_CFLAGS) -fPIC -c -o $@ $<

$(BUILD)/lib/obj/core_%.o: master/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -MMD -MP -c -o $@ $<

$(BUILD)/lib/pic/core_%.o: master/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -MMD -MP -fPIC -c -o $@ $<

# process() classifies the working counter by the core's rule.
$(BUILD)/lib/obj/ecrt_domain.o $(BUILD)/lib/pic/ecrt_domain.o: \
	LIB_CFLAGS += -iquote master

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(LIB_SO): $(LIB_PIC_OBJS) lib/libethercat.map
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,libethercat.so.1 \
		-Wl,--version-script=lib/libethercat.map -Wl,-z,defs \
		$(LDFLAGS) -o $@ $(LIB_PIC_OBJS)

$(LIB_SO_LINK): $(LIB_SO)
	ln -sf libethercat.so.1 $@

# Build-tree pkg-config file: the library lives in $(BUILD)/lib, the
# headers in the source tree's include/.
$(LIB_PC): lib/libethercat.pc.in VERSION
	@mkdir -p $(dir $@)
	$(call EC_SUBST,$(abspath $(BUILD)),$(abspath $(BUILD))/lib,$(CURDIR)/include) \
		$< > $@

-include $(LIB_OBJS:.o=.d) $(LIB_PIC_OBJS:.o=.d)

# Unit tests of the library: one program per object.  A test may give
# extra link flags in LIB_TEST_LDFLAGS_<program> (check_lib_ioctl wraps
# open() and ioctl() with the linker to play the module).
LIB_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,\
	$(sort $(wildcard tests/unit/check_lib_*.c)))
ALL_TARGETS += $(LIB_TESTS)
UNIT_TESTS += $(LIB_TESTS)
LIB_TEST_LDFLAGS_check_lib_ioctl := -Wl,--wrap=open -Wl,--wrap=ioctl
# The ecrt_* tests share the module they play (tests/unit/lib_fake_module.c,
# a prerequisite: every .c prerequisite is compiled in).
LIB_TEST_LDFLAGS_check_lib_ecrt := -Wl,--wrap=open -Wl,--wrap=ioctl \
	-Wl,--wrap=mmap -Wl,--wrap=munmap
LIB_TEST_LDFLAGS_check_lib_ecrt_shm := $(LIB_TEST_LDFLAGS_check_lib_ecrt)
$(BUILD)/tests/check_lib_ecrt $(BUILD)/tests/check_lib_ecrt_shm: \
	tests/unit/lib_fake_module.c tests/unit/lib_fake_module.h

$(BUILD)/tests/check_lib_%: tests/unit/check_lib_%.c tests/unit/wc_cases.h $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -Ilib -o $@ $(filter %.c,$^) $(LIB_A) \
		$(LIB_TEST_LDFLAGS_$(notdir $@)) $(PKG_CHECK)
