# SPDX-License-Identifier: GPL-2.0-only
#
# The protocol core built for userspace (unit tests, benchmarks): every
# master/*.c, none of master/linux/ (nor the *.mod.c that an in-tree
# `make modules` leaves beside them).

CORE_SRCS := $(filter-out %.mod.c,$(wildcard master/*.c))
CORE_OBJS := $(patsubst master/%.c,$(BUILD)/core/%.o,$(CORE_SRCS))

$(BUILD)/core/%.o: master/%.c $(wildcard master/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -c -o $@ $<

$(BUILD)/libeccore.a: $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

ALL_TARGETS += $(BUILD)/libeccore.a
