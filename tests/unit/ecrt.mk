# SPDX-License-Identifier: GPL-2.0-only
#
# Compile checks of the application API header include/ecrt.h.
# tests/unit/ecrt_api.c uses the whole API the way IgH applications do and
# checks every prototype against tests/unit/ecrt_protos.h; it is compiled
# (-fsyntax-only, never linked) as ISO C99, as C++11, and as 32-bit C99.
# The accessor unit test tests/unit/check_ecrt.c is built by unit.mk.
#
# "make ecrt-kheader" builds the kernel-space test (tests/kheader) against
# every kernel that tests/vm/kernel-fetch provides (downloads them once).

ECRT_API_DEPS := tests/unit/ecrt_api.c tests/unit/ecrt_protos.h include/ecrt.h
ECRT_API_FLAGS := -pedantic -Wall -Wextra $(WERROR) -fsyntax-only \
	-Iinclude -iquote tests/unit
CXX ?= g++

$(BUILD)/tests/ecrt_api_c99.ok: $(ECRT_API_DEPS)
	@mkdir -p $(dir $@)
	$(CC) -std=c99 $(ECRT_API_FLAGS) -x c tests/unit/ecrt_api.c
	@touch $@

$(BUILD)/tests/ecrt_api_cxx.ok: $(ECRT_API_DEPS)
	@mkdir -p $(dir $@)
	$(CXX) -std=c++11 $(ECRT_API_FLAGS) -x c++ tests/unit/ecrt_api.c
	@touch $@

$(BUILD)/tests/ecrt_api_m32.ok: $(ECRT_API_DEPS)
	@mkdir -p $(dir $@)
	$(CC) -m32 -std=c99 $(ECRT_API_FLAGS) -x c tests/unit/ecrt_api.c
	@touch $@

ALL_TARGETS += $(BUILD)/tests/ecrt_api_c99.ok $(BUILD)/tests/ecrt_api_cxx.ok \
	$(BUILD)/tests/ecrt_api_m32.ok

.PHONY: ecrt-kheader
ecrt-kheader:
	@set -e; for k in 6.1 6.1-rt 6.12 6.12-rt; do \
		kdir=$$(tests/vm/kernel-fetch $$k); \
		tests/kheader/build.sh "$$kdir"; \
	done
