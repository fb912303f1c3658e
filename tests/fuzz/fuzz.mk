# SPDX-License-Identifier: GPL-2.0-only
#
# Fuzzers.  ec-ioctl-fuzz runs in the VM (build/vm-bin/ is copied into the
# guest's PATH) against the real module.
$(BUILD)/vm-bin/ec-ioctl-fuzz: tests/fuzz/ioctl_fuzz.c include/ec_ioctl.h
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -o $@ $<

ALL_TARGETS += $(BUILD)/vm-bin/ec-ioctl-fuzz

# libFuzzer harnesses of every parser (tests/fuzz/README.md), built with
# clang, ASan and UBSan (every UBSan report aborts):
#
#   make fuzz                  each harness FUZZ_TIME s (default 60),
#                              FUZZ_JOBS at a time (default 2)
#   make fuzz FUZZ_TIME=10     shorter
#   make fuzz-build            only build them and the seed corpora
#
# The objects are built apart from the normal ones, in build/fuzz/.
FUZZ_CC    ?= clang
FUZZ_TIME  ?= 60
FUZZ_JOBS  ?= 2
FUZZ_DIR   := $(BUILD)/fuzz
FUZZ_SAN   := -fsanitize=address,undefined -fno-sanitize-recover=all \
	      -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=gnu11 -g -O1 $(WARNFLAGS) -Iinclude $(FUZZ_SAN) \
	       -fsanitize=fuzzer-no-link -DEC_VERSION='"$(EC_VERSION)"' \
	       -DEC_ECRT_API='"$(ECRT_API)"'
FUZZ_CORE  := $(FUZZ_DIR)/libcore.a
FUZZ_SIM   := $(FUZZ_DIR)/libsim.a
FUZZ_TOOL  := $(FUZZ_DIR)/libtool.a
FUZZ_NAMES := fuzz_frame fuzz_coe_sdo fuzz_coe_info fuzz_coe_emerg \
	      fuzz_sii fuzz_tool_num fuzz_tool_sii fuzz_sim_frame \
	      fuzz_sim_segment fuzz_eoe
FUZZ_BINS  := $(addprefix $(FUZZ_DIR)/bin/,$(FUZZ_NAMES))
FUZZ_SEEDS := $(FUZZ_DIR)/seeds/.stamp

.PHONY: fuzz fuzz-build

$(FUZZ_DIR)/core/%.o: master/%.c $(CORE_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -iquote master -c -o $@ $<

$(FUZZ_DIR)/sim/%.o: sim/%.c $(wildcard sim/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Isim $(SIM_COE) \
		$(shell pkg-config --cflags jansson libxml-2.0 2>/dev/null) \
		-c -o $@ $<

$(FUZZ_DIR)/sim/catalogue_data.o: $(SIM_DIR)/catalogue_data.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_DIR)/tool/%.o: tool/%.c $(wildcard tool/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_TOOL_CFLAGS) -Ilib -Itool -Imbg -c -o $@ $<

# The tool's gateway client shares the gateway's parser (tool.mk).
$(FUZZ_DIR)/mbg/%.o: mbg/%.c $(wildcard mbg/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Ilib -Imbg -c -o $@ $<

# The FoE, SoE, config, slaves and SDO commands share the core's texts
# (as tool.mk).
$(FUZZ_DIR)/tool/cmd_foe.o $(FUZZ_DIR)/tool/cmd_soe.o \
$(FUZZ_DIR)/tool/cmd_config.o $(FUZZ_DIR)/tool/cmd_slaves.o \
$(FUZZ_DIR)/tool/cmd_sdo.o $(FUZZ_DIR)/tool/cmd_gateway.o: FUZZ_TOOL_CFLAGS := -iquote master

$(FUZZ_DIR)/lib/%.o: lib/%.c $(wildcard lib/*.h)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Ilib -iquote master -c -o $@ $<

$(FUZZ_CORE): $(patsubst master/%.c,$(FUZZ_DIR)/core/%.o,$(CORE_SRCS))
	@rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_SIM): $(patsubst sim/%.c,$(FUZZ_DIR)/sim/%.o,$(SIM_SRCS)) \
		$(FUZZ_DIR)/sim/catalogue_data.o
	@rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_TOOL): $(patsubst tool/%.c,$(FUZZ_DIR)/tool/%.o,$(TOOL_SRCS)) \
		$(patsubst master/%.c,$(FUZZ_DIR)/core/%.o,$(TOOL_CORE_SRCS)) \
		$(patsubst master/%.c,$(FUZZ_DIR)/core/%.o,$(LIB_CORE_SRCS)) \
		$(patsubst lib/%.c,$(FUZZ_DIR)/lib/%.o,$(LIB_SRCS)) \
		$(FUZZ_DIR)/mbg/mbg_proto.o
	@rm -f $@
	$(AR) rcs $@ $^

FUZZ_LINK = $(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@

$(FUZZ_DIR)/bin/fuzz_frame: tests/fuzz/fuzz_frame.c tests/fuzz/fuzz_bus.h \
		$(FUZZ_CORE)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -iquote master $< $(FUZZ_CORE)

$(FUZZ_DIR)/bin/fuzz_coe_%: tests/fuzz/fuzz_coe.c tests/fuzz/fuzz_bus.h \
		$(FUZZ_CORE)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -iquote master \
		-DFUZZ_COE_MODE=FUZZ_COE_$(shell echo $* | tr a-z A-Z) \
		$< $(FUZZ_CORE)

$(FUZZ_DIR)/bin/fuzz_eoe: tests/fuzz/fuzz_eoe.c $(FUZZ_CORE)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -iquote master $< $(FUZZ_CORE)

$(FUZZ_DIR)/bin/fuzz_sii: tests/fuzz/fuzz_sii.c $(FUZZ_CORE)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -iquote master $< $(FUZZ_CORE)

# The SII commands walk images with the core's SII parser (as tool.mk).
$(FUZZ_DIR)/tool/cmd_sii.o $(FUZZ_DIR)/tool/sii_dump.o: FUZZ_TOOL_CFLAGS := -iquote master

# The FoE, SoE and VoE reply parsers and the ESI importer.
FUZZ_MBOX_ESI := fuzz_foe fuzz_soe fuzz_voe fuzz_sim_esi
FUZZ_NAMES += $(FUZZ_MBOX_ESI)
FUZZ_BINS += $(addprefix $(FUZZ_DIR)/bin/,$(FUZZ_MBOX_ESI))

# FoE, SoE and VoE: one harness, built once per protocol.
FUZZ_MBOX_BINS := $(addprefix $(FUZZ_DIR)/bin/,fuzz_foe fuzz_soe fuzz_voe)
$(FUZZ_MBOX_BINS): $(FUZZ_DIR)/bin/fuzz_%: tests/fuzz/fuzz_mbox.c \
		tests/fuzz/fuzz_bus.h $(FUZZ_CORE)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -iquote master \
		-DFUZZ_MBOX_PROTO=FUZZ_MBOX_$(shell echo $* | tr a-z A-Z) \
		$< $(FUZZ_CORE)

$(FUZZ_DIR)/bin/fuzz_tool_%: tests/fuzz/fuzz_tool_%.c $(FUZZ_TOOL)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -Ilib -Itool -iquote master $< $(FUZZ_TOOL) -lm

$(FUZZ_DIR)/bin/fuzz_sim_%: tests/fuzz/fuzz_sim_%.c $(FUZZ_SIM)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -Isim $< $(FUZZ_SIM) $(SIM_LIBS)

# The mailbox gateway's parser and its address 0 (mbg/), over the
# simulator's CoE server.
FUZZ_NAMES += fuzz_mbg
FUZZ_BINS += $(FUZZ_DIR)/bin/fuzz_mbg
$(FUZZ_DIR)/bin/fuzz_mbg: tests/fuzz/fuzz_mbg.c $(wildcard mbg/*.c mbg/*.h) \
		$(FUZZ_SIM)
	@mkdir -p $(dir $@)
	$(FUZZ_LINK) -Ilib -Isim -Imbg $< mbg/mbg_proto.c mbg/mbg_od.c \
		mbg/mbg_daemon.c $(FUZZ_SIM) $(SIM_LIBS)

# The seeds come from the simulator's own images and captures.
$(FUZZ_DIR)/mkseeds: tests/fuzz/mkseeds.c tests/fuzz/fuzz_bus.h \
		$(BUILD)/libeccore.a $(SIM_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(BASE_CFLAGS) -iquote master -iquote sim -o $@ $< \
		$(BUILD)/libeccore.a $(SIM_LIB) $(SIM_LIBS)

$(FUZZ_SEEDS): $(FUZZ_DIR)/mkseeds $(SIM_CATALOGUE) \
		$(wildcard sim/segments/*.json) $(wildcard tests/esi/*.xml)
	rm -rf $(FUZZ_DIR)/seeds
	$(FUZZ_DIR)/mkseeds $(FUZZ_DIR)/seeds
	@touch $@

fuzz-build: $(FUZZ_BINS) $(FUZZ_SEEDS)

fuzz: fuzz-build
	FUZZ_DIR=$(FUZZ_DIR) FUZZ_TIME=$(FUZZ_TIME) FUZZ_JOBS=$(FUZZ_JOBS) \
		scripts/fuzz $(FUZZ_NAMES)
