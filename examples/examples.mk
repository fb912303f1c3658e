# SPDX-License-Identifier: GPL-2.0-only
#
# Example applications.  examples/user: a cyclic userspace program linked
# with libethercat.so (also copied into build/vm-bin/ so that the VM rig
# puts it in the guest's PATH).  examples/kernel: the same as a kernel
# module, built against a rig kernel by examples/kernel/build (see there).
# examples/machine: a small machine on a segment built from ESI files, with
# a test script that drives it through the simulator's control commands.

EX_USER     := $(BUILD)/examples/ec_user_example
EX_USER_VM  := $(BUILD)/vm-bin/ec_user_example

EX_DC       := $(BUILD)/examples/ec_dc_example
EX_DC_VM    := $(BUILD)/vm-bin/ec_dc_example

EX_HC       := $(BUILD)/examples/ec_hotconnect_example
EX_HC_VM    := $(BUILD)/vm-bin/ec_hotconnect_example
EX_MACHINE    := $(BUILD)/examples/ec_machine
EX_MACHINE_VM := $(BUILD)/vm-bin/ec_machine

ALL_TARGETS += $(EX_USER) $(EX_USER_VM) $(EX_DC) $(EX_DC_VM) \
	       $(EX_HC) $(EX_HC_VM) $(EX_MACHINE) $(EX_MACHINE_VM)

$(EX_HC): examples/hotconnect/main.c include/ecrt.h $(LIB_SO_LINK)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $< -L$(BUILD)/lib -lethercat

$(EX_HC_VM): $(EX_HC)
	@mkdir -p $(dir $@)
	cp $< $@

$(EX_MACHINE): examples/machine/main.c include/ecrt.h $(LIB_SO_LINK)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $< -L$(BUILD)/lib -lethercat

$(EX_MACHINE_VM): $(EX_MACHINE)
	@mkdir -p $(dir $@)
	cp $< $@

$(EX_DC): examples/dc/main.c include/ecrt.h $(LIB_SO_LINK)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $< -L$(BUILD)/lib -lethercat

$(EX_DC_VM): $(EX_DC)
	@mkdir -p $(dir $@)
	cp $< $@

$(EX_USER): examples/user/main.c include/ecrt.h $(LIB_SO_LINK)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $< -L$(BUILD)/lib -lethercat

$(EX_USER_VM): $(EX_USER)
	@mkdir -p $(dir $@)
	cp $< $@
