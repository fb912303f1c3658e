# SPDX-License-Identifier: GPL-2.0-only
#
# The pictures of doc/ARCHITECTURE.md: "make arch-pictures" renders every
# doc/arch_*.dot to doc/arch_*.svg with graphviz (installed by scripts/deps
# when dot is missing).  The SVGs are committed, so that the pages show
# them without a build; rerun this after changing a drawing.
ARCH_DOT := $(wildcard doc/arch_*.dot)
ARCH_SVG := $(ARCH_DOT:.dot=.svg)

.PHONY: arch-pictures
arch-pictures: $(ARCH_SVG)

doc/arch_%.svg: doc/arch_%.dot
	@command -v dot >/dev/null 2>&1 || scripts/deps
	dot -Tsvg $< -o $@.tmp
	mv $@.tmp $@
