# SPDX-License-Identifier: GPL-2.0-only
#
# The VM rig (tests/vm/): boots a real Debian kernel in QEMU with our
# modules, the tool and the test programs; see tests/vm/README.md.
#
#   make demo            build everything, boot, show the master and slaves
#   make vm-check        run the VM tests tests/vm/t_*.sh (KERNEL=6.1)
#   make check-kernels   fetch, build and smoke-test all four kernels
#
# KERNEL (6.1, 6.1-rt, 6.12, 6.12-rt) picks the guest kernel of the VM
# tests run by "make check" and "make vm-check".

KERNEL ?= 6.1
export KERNEL

VM_REFLECTOR := $(BUILD)/vm/reflector
VM_ECPING    := $(BUILD)/vm/ecping
VM_TESTS     := $(sort $(wildcard tests/vm/t_*.sh))

ALL_TARGETS += $(VM_REFLECTOR) $(VM_ECPING)

# The UDP transfer of t_eoe.sh, run in the guest: static like ecping.
VM_EOE_UDP := $(BUILD)/vm-bin/eoe_udp
$(VM_EOE_UDP): tests/vm/eoe_udp.c
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -fsanitize=%,$(BASE_CFLAGS)) -static -o $@ $<
ALL_TARGETS += $(VM_EOE_UDP)

# The raw datagrams of t_mbg.sh, run in the guest: static like ecping.
VM_MBG_SEND := $(BUILD)/vm-bin/mbg_send
$(VM_MBG_SEND): tests/vm/mbg_send.c
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -fsanitize=%,$(BASE_CFLAGS)) -static -o $@ $<
ALL_TARGETS += $(VM_MBG_SEND)

$(VM_REFLECTOR): tests/vm/reflector.c
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $<

# Runs in the guest's initramfs, which has no C library: static, and
# without sanitizers (they cannot link statically; SANITIZE=1).
$(VM_ECPING): tests/vm/ecping.c
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -fsanitize=%,$(BASE_CFLAGS)) -static -o $@ $<

demo:
	$(MAKE) userspace
	tests/vm/run --kernel $(KERNEL) --cmds-file tests/vm/demo.sh

vm-check: userspace
	@fail=0; for t in $(VM_TESTS); do \
		$$t || fail=$$((fail + 1)); \
	done; \
	echo "vm-check: $(words $(VM_TESTS)) tests, $$fail failed" \
		"(kernel $(KERNEL))"; \
	[ $$fail -eq 0 ]

check-kernels: userspace
	tests/vm/check-kernels

# The fault campaign (tests/vm/faults): a table per fault; the short
# version is the one CI runs.  Both write their table into doc/FIGURES.md
# (FIGURES, tests/bench/bench.mk).
.PHONY: faults faults-short
faults: userspace
	EC_FIGURES=$(FIGURES) tests/vm/faults --kernel $(KERNEL)

faults-short: userspace
	EC_FIGURES=$(FIGURES) tests/vm/faults --short --kernel $(KERNEL)
