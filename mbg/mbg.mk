# SPDX-License-Identifier: GPL-2.0-only
#
# ethercat-mbg, the mailbox gateway (ETG.8200, doc/GATEWAY.md).  Its
# datagram parser (mbg_proto.c) is shared with the ethercat tool's gateway
# client and the fuzz harness; the master's dictionary of address 0 is
# served by the simulator's CoE server (libecsim.a).

MBG_DIR     := $(BUILD)/mbg
MBG_BIN     := $(MBG_DIR)/ethercat-mbg
MBG_LIB     := $(MBG_DIR)/libmbg.a
MBG_OBJS    := $(MBG_DIR)/mbg_proto.o $(MBG_DIR)/mbg_od.o $(MBG_DIR)/mbg_daemon.o
MBG_CFLAGS   = $(BASE_CFLAGS) -Ilib -Isim -Imbg -MMD -MP

ALL_TARGETS += $(MBG_BIN)

$(MBG_DIR)/%.o: mbg/%.c
	@mkdir -p $(@D)
	$(CC) $(MBG_CFLAGS) -c -o $@ $<

$(MBG_LIB): $(MBG_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(MBG_BIN): $(MBG_DIR)/main.o $(MBG_LIB) $(SIM_LIB) $(LIB_A)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(MBG_DIR)/main.o $(MBG_LIB) \
		$(SIM_LIB) $(LIB_A) $(SIM_LIBS)

-include $(MBG_OBJS:.o=.d) $(MBG_DIR)/main.d

# The VM rig puts build/vm-bin/* into the guest (with their libraries).
MBG_VM_BIN := $(BUILD)/vm-bin/ethercat-mbg
ALL_TARGETS += $(MBG_VM_BIN)
$(MBG_VM_BIN): $(MBG_BIN)
	@mkdir -p $(@D)
	cp $< $@

# Its unit test (tests/unit/check_mbg.c).
MBG_TEST := $(BUILD)/tests/check_mbg
ALL_TARGETS += $(MBG_TEST)
UNIT_TESTS += $(MBG_TEST)
$(MBG_TEST): tests/unit/check_mbg.c $(MBG_LIB) $(SIM_LIB) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(MBG_CFLAGS) -o $@ $< $(MBG_LIB) $(SIM_LIB) $(LIB_A) \
		$(PKG_CHECK) $(SIM_LIBS)
