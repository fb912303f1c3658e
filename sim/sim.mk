# SPDX-License-Identifier: GPL-2.0-only
#
# The virtual EtherCAT segment: libecsim.a (every sim/*.c but main.c, plus
# the catalogue compiled into a C string), ethercat-sim, bench-sim and the
# sim unit tests (tests/unit/check_sim_*.c).

SIM_DIR      := $(BUILD)/sim
SIM_SRCS     := $(filter-out sim/main.c,$(wildcard sim/*.c))
SIM_OBJS     := $(patsubst sim/%.c,$(SIM_DIR)/%.o,$(SIM_SRCS)) \
		$(SIM_DIR)/catalogue_data.o
SIM_LIB      := $(SIM_DIR)/libecsim.a
SIM_BIN      := $(SIM_DIR)/ethercat-sim
SIM_BENCH    := $(SIM_DIR)/bench-sim
SIM_CLIENT   := $(SIM_DIR)/ecsim-client
SIM_CTL      := $(SIM_DIR)/ethercat-sim-ctl
SIM_CATALOGUE := sim/catalogue/catalogue.json
# The CoE server is linked in once its sources are in the tree.
SIM_COE      := $(if $(wildcard sim/coe.c),-DECSIM_HAVE_COE)
# Recursively expanded: pkg-config must run after scripts/deps installed
# libxml2-dev, not when make reads this file.
SIM_CFLAGS   = $(BASE_CFLAGS) -Isim $(SIM_COE) \
		$(shell pkg-config --cflags jansson libxml-2.0 2>/dev/null)
SIM_LIBS     = $(PKG_JANSSON) $(PKG_XML2) -lm

SIM_TEST_SRCS := $(wildcard tests/unit/check_sim_*.c)
SIM_TESTS    := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(SIM_TEST_SRCS))

ALL_TARGETS  += $(SIM_LIB) $(SIM_BIN) $(SIM_BENCH) $(SIM_CLIENT) $(SIM_CTL) \
		$(SIM_TESTS)
UNIT_TESTS   += $(SIM_TESTS)

# Memory per slave and CPU time per frame for 100, 1000 and 10,000
# slaves, written into doc/FIGURES.md ("make bench-sim FIGURES=" prints
# only; FIGURES is set in tests/bench/bench.mk).
.PHONY: bench-sim
bench-sim: $(SIM_BENCH)
	EC_FIGURES=$(FIGURES) BUILD=$(BUILD) scripts/bench-sim

$(SIM_DIR)/%.o: sim/%.c $(wildcard sim/*.h) sim/sim.mk
	@mkdir -p $(@D)
	$(CC) $(SIM_CFLAGS) -c -o $@ $<

# The catalogue becomes one C string: no per-model C code.
$(SIM_DIR)/catalogue_data.c: $(SIM_CATALOGUE) sim/sim.mk
	@mkdir -p $(@D)
	{ echo '/* generated from $(SIM_CATALOGUE) */'; \
	  echo 'const char ecsim_catalogue_json[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' \
		$(SIM_CATALOGUE); \
	  echo ';'; } > $@

$(SIM_DIR)/catalogue_data.o: $(SIM_DIR)/catalogue_data.c
	$(CC) $(BASE_CFLAGS) -c -o $@ $<

$(SIM_LIB): $(SIM_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(SIM_BIN): sim/main.c $(SIM_LIB)
	$(CC) $(SIM_CFLAGS) -o $@ $< $(SIM_LIB) $(SIM_LIBS)

$(SIM_BENCH): sim/bench/bench_sim.c $(SIM_LIB)
	$(CC) $(SIM_CFLAGS) -o $@ $< $(SIM_LIB) $(SIM_LIBS)

$(SIM_CLIENT): sim/tools/ecsim_client.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -o $@ $<

# The control client knows no command: it needs nothing of the segment.
$(SIM_CTL): sim/tools/ethercat_sim_ctl.c
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -o $@ $<

# Shared fixtures of several programs are prerequisites: every .c
# prerequisite is compiled in.
$(BUILD)/tests/check_sim_core $(BUILD)/tests/check_sim_core_slave: \
	tests/unit/sim_frames.c tests/unit/sim_frames.h
$(BUILD)/tests/check_sim_coe $(BUILD)/tests/check_sim_coe_info: \
	tests/unit/sim_coe_fixture.c tests/unit/sim_coe_fixture.h

$(BUILD)/tests/check_sim_%: tests/unit/check_sim_%.c $(SIM_LIB)
	@mkdir -p $(@D)
	$(CC) $(SIM_CFLAGS) -iquote tests/unit -o $@ $(filter %.c,$^) \
		$(SIM_LIB) $(PKG_CHECK) $(SIM_LIBS)
