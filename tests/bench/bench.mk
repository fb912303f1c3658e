# SPDX-License-Identifier: GPL-2.0-only
#
# Benchmarks of the core (native, in-process segment).  They print
# figures; nothing here asserts on time.
$(BUILD)/bench/bench-core: tests/bench/bench_core.c $(BUILD)/libeccore.a \
		$(BUILD)/sim/libecsim.a
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -iquote sim -o $@ $< \
		$(BUILD)/libeccore.a $(BUILD)/sim/libecsim.a $(PKG_JANSSON) -lm

ALL_TARGETS += $(BUILD)/bench/bench-core

.PHONY: bench-core
bench-core: $(BUILD)/bench/bench-core
	scripts/bench-core
