# SPDX-License-Identifier: GPL-2.0-only
#
# Fuzzers.  ec-ioctl-fuzz runs in the VM (build/vm-bin/ is copied into the
# guest's PATH) against the real module.
$(BUILD)/vm-bin/ec-ioctl-fuzz: tests/fuzz/ioctl_fuzz.c include/ec_ioctl.h
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $<

ALL_TARGETS += $(BUILD)/vm-bin/ec-ioctl-fuzz
