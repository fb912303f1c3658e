# SPDX-License-Identifier: GPL-2.0-only
#
# The VM rig (tests/vm/): boots a real Debian kernel in QEMU with our
# modules, the tool and the test programs; see tests/vm/README.md.
#
#   make demo            build everything, boot, show the master and slaves
#   make vm-check        run the VM tests tests/vm/t_*.sh (KERNEL=6.1)
#   make check-kernels   fetch, build and smoke-test all four kernels

KERNEL ?= 6.1
export KERNEL

VM_REFLECTOR := $(BUILD)/vm/reflector
VM_TESTS := $(sort $(wildcard tests/vm/t_*.sh))

ALL_TARGETS += $(VM_REFLECTOR)

$(VM_REFLECTOR): tests/vm/reflector.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $<

demo: userspace
	tests/vm/run --kernel $(KERNEL) -- 'ethercat master; ethercat slaves'

vm-check: userspace
	@fail=0; for t in $(VM_TESTS); do \
		$$t || fail=$$((fail + 1)); \
	done; \
	echo "vm-check: $(words $(VM_TESTS)) tests, $$fail failed"; \
	[ $$fail -eq 0 ]

check-kernels: userspace
	tests/vm/check-kernels
