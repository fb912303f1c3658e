# SPDX-License-Identifier: GPL-2.0-only
#
# The protocol core built for userspace (unit tests, benchmarks): every
# master/*.c and master/<part>/*.c, none of master/linux/ (nor the
# *.mod.c that an in-tree `make modules` leaves beside them).

CORE_DIRS := cycle slave mailbox dc app request
CORE_SRCS := $(filter-out %.mod.c,$(wildcard master/*.c \
	$(addsuffix /*.c,$(addprefix master/,$(CORE_DIRS)))))
CORE_HDRS := $(wildcard master/*.h \
	$(addsuffix /*.h,$(addprefix master/,$(CORE_DIRS))))
CORE_OBJS := $(patsubst master/%.c,$(BUILD)/core/%.o,$(CORE_SRCS))

$(BUILD)/core/%.o: master/%.c $(CORE_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -c -o $@ $<

$(BUILD)/libeccore.a: $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

ALL_TARGETS += $(BUILD)/libeccore.a
