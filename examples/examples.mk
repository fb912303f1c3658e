# SPDX-License-Identifier: GPL-2.0-only
#
# Example applications.  examples/user: a cyclic userspace program linked
# with libethercat.so (also copied into build/vm-bin/ so that the VM rig
# puts it in the guest's PATH).  examples/kernel: the same as a kernel
# module, built against a rig kernel by examples/kernel/build (see there).

EX_USER     := $(BUILD)/examples/ec_user_example
EX_USER_VM  := $(BUILD)/vm-bin/ec_user_example

ALL_TARGETS += $(EX_USER) $(EX_USER_VM)

$(EX_USER): examples/user/main.c include/ecrt.h $(LIB_SO_LINK)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $< -L$(BUILD)/lib -lethercat

$(EX_USER_VM): $(EX_USER)
	@mkdir -p $(dir $@)
	cp $< $@
