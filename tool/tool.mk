# SPDX-License-Identifier: GPL-2.0-only
#
# The ethercat CLI.  Everything but main.c goes into an archive that the
# unit tests (tests/unit/check_tool_*.c) link, so the tool's logic is
# testable without a device.  The binary links libethercat.so with an
# rpath of $ORIGIN/../lib, so build/tool/ethercat finds build/lib/.

TOOL_SRCS      := $(filter-out tool/main.c,$(sort $(wildcard tool/*.c)))
TOOL_OBJS      := $(patsubst tool/%.c,$(BUILD)/tool/obj/%.o,$(TOOL_SRCS))
# Pure tables of the core the tool prints from (written once, linked here).
TOOL_CORE_SRCS := master/mailbox/mbox_text.c master/slave/sii.c \
		  master/slave/al_status.c master/mailbox/coe_abort.c
TOOL_OBJS      += $(patsubst master/%.c,$(BUILD)/tool/obj/core_%.o,$(TOOL_CORE_SRCS))
# The gateway client checks and builds its datagrams with the gateway's
# own parser (mbg/mbg_proto.c, written once).
TOOL_OBJS      += $(BUILD)/tool/obj/mbg_proto.o
TOOL_ARCHIVE   := $(BUILD)/tool/libectool.a
TOOL_BIN       := $(BUILD)/tool/ethercat
TOOL_CFLAGS    := -Ilib -Itool -Imbg -MMD -MP

ALL_TARGETS += $(TOOL_BIN)

$(BUILD)/tool/obj/%.o: tool/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(TOOL_CFLAGS) -c -o $@ $<

$(BUILD)/tool/obj/mbg_proto.o: mbg/mbg_proto.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -Imbg -MMD -MP -c -o $@ $<

$(BUILD)/tool/obj/core_%.o: master/%.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -MMD -MP -c -o $@ $<

# The mailbox commands print the core's error texts, config its IDN names,
# slaves its AL status texts, the SDO commands its abort texts.
$(BUILD)/tool/obj/cmd_foe.o $(BUILD)/tool/obj/cmd_soe.o \
$(BUILD)/tool/obj/cmd_config.o $(BUILD)/tool/obj/cmd_slaves.o \
$(BUILD)/tool/obj/cmd_sdo.o $(BUILD)/tool/obj/cmd_gateway.o: TOOL_CFLAGS += -iquote master

# The SII commands walk images with the core's SII parser (master/slave/sii.c).
$(BUILD)/tool/obj/cmd_sii.o $(BUILD)/tool/obj/sii_dump.o: TOOL_CFLAGS += -iquote master

$(TOOL_ARCHIVE): $(TOOL_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(TOOL_BIN): $(BUILD)/tool/obj/main.o $(TOOL_ARCHIVE) $(LIB_SO_LINK)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(BUILD)/tool/obj/main.o $(TOOL_ARCHIVE) \
		-L$(BUILD)/lib -lethercat -lm '-Wl,-rpath,$$ORIGIN/../lib'

# Unit tests of the tool: one program per object.
TOOL_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,\
	$(sort $(wildcard tests/unit/check_tool_*.c)))
ALL_TARGETS += $(TOOL_TESTS)
UNIT_TESTS += $(TOOL_TESTS)

# The golden files of the text output (tests/unit/tool_golden.h): output
# that differs is written to $(BUILD)/tests/golden/NAME.actual.
TOOL_GOLDEN_FLAGS := -DEC_GOLDEN_DIR='"$(CURDIR)/tests/cli/golden"' \
		     -DEC_GOLDEN_OUT='"$(abspath $(BUILD))/tests/golden"'

$(BUILD)/tests/check_tool_%: tests/unit/check_tool_%.c tests/unit/tool_run.h \
		tests/unit/tool_fake_lib.h tests/unit/tool_fake_bus.h \
		tests/unit/tool_fake_app.h tests/unit/tool_golden.h \
		$(TOOL_ARCHIVE) $(LIB_A)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) $(TOOL_GOLDEN_FLAGS) -Ilib -Itool -Imbg -iquote master -o $@ $< \
		$(TOOL_ARCHIVE) $(LIB_A) \
		$(PKG_CHECK) $(PKG_JANSSON) -lm

-include $(TOOL_OBJS:.o=.d) $(BUILD)/tool/obj/main.d
