# dlcap: SCHED_DEADLINE on emulated asymmetric CPUs, from Debian's kernel
# tarball to a plot.  `make help` lists the targets and knobs.
SHELL := /bin/bash
.DEFAULT_GOAL := all

# Knobs (command line or environment)
KERNEL ?= stock#		kernel variant: kernels/variants/$(KERNEL)
TOPO ?= hikey960#		topology: experiments/topologies/$(TOPO).topo
PLAN ?= cover-letter#		points: experiments/plans/$(PLAN).plan
# QEMU_TIMING (virtual|realtime), QEMU_TIMEOUT (s), QEMU_MEM: see scripts/run-batch.sh
# DLCAP_CACHE: where trees, builds and the initramfs live (outside the repo)

CACHE := $(shell scripts/cache-dir.sh)
VER = $(shell scripts/tarball-version.sh 2>/dev/null)
KBUILD = $(CACHE)/build/$(VER)
SYSROOT := $(CACHE)/sysroot-arm64
DLGEN_SRC := $(wildcard dlgen/*.c dlgen/*.h) dlgen/Makefile
DLGEN := dlgen/build/dlgen
DLGEN_CROSS := dlgen/build/dlgen.aarch64
INITRAMFS := $(CACHE)/initramfs.cpio.gz
RAW := results/raw/$(KERNEL)/$(TOPO)/$(PLAN)
TASKSETS := $(wildcard experiments/tasksets/*.json)

help:
	@echo "make            install what is missing, build, boot, run the default experiment, plot"
	@echo "make check      run the test suite (ends with 'N passed, N failed')"
	@echo "make build      kernels, dlgen (native + aarch64) and the initramfs, no boot"
	@echo "make kernel     build kernel variant KERNEL=$(KERNEL) (stock, patched, debug: kernels/variants/)"
	@echo "make kernels    build stock and patched"
	@echo "make check-series  build every prefix of kernels/patches/dl-capacity, checkpatch --strict each"
	@echo "make run        boot KERNEL=$(KERNEL) on TOPO=$(TOPO) and run PLAN=$(PLAN) into $(RAW)"
	@echo "make plot       results/cover-letter/placement.{png,pdf,csv}"
	@echo "make policies   results/policies/summary.csv (patched kernel, each knob on its scenario)"
	@echo "make lelli      results/lelli/summary.csv (small tasks first, then big ones: fit vs best-fit)"
	@echo "make hotplug-accounting  results/hotplug/accounting.csv (stock vs stock-nocpusets)"
	@echo "make bench-fidelity  results/fidelity/summary.csv (QEMU timing modes, 3 boots each)"
	@echo "make deps       install the Debian packages (as root)"
	@echo "make clean      remove dlgen builds and raw results (the cache stays)"
	@echo "cache: $(CACHE)"

# Entry points install packages first, then re-read this file in a sub-make
# (paths below depend on the installed tarball's version).
all: deps
	@$(MAKE) --no-print-directory plot
check: deps
	@tests/run.sh
build: deps
	@$(MAKE) --no-print-directory build-only
deps:
	@scripts/deps.sh all

build-only: $(KBUILD)/$(KERNEL)/arch/arm64/boot/Image $(DLGEN) $(INITRAMFS)
kernel: $(KBUILD)/$(KERNEL)/arch/arm64/boot/Image
kernels: deps
	@$(MAKE) --no-print-directory $(KBUILD)/stock/arch/arm64/boot/Image \
		$(KBUILD)/patched/arch/arm64/boot/Image
check-series: deps
	@scripts/check-series.sh dl-capacity

# kernel-build.sh keeps the Image untouched when its key (tarball version,
# config fragments, patches) is unchanged, so dependents stay up to date.
$(KBUILD)/%/arch/arm64/boot/Image: FORCE
	@scripts/kernel-build.sh $* > /dev/null

$(DLGEN): $(DLGEN_SRC)
	@echo "[dlgen] native build"
	@$(MAKE) --no-print-directory -s -C dlgen build/dlgen
	@touch $@

$(SYSROOT)/.dlcap-pkgs: scripts/sysroot.sh
	@scripts/sysroot.sh > /dev/null

$(DLGEN_CROSS): $(DLGEN_SRC) $(SYSROOT)/.dlcap-pkgs
	@echo "[dlgen] static aarch64 build"
	@$(MAKE) --no-print-directory -s -C dlgen cross SYSROOT=$(SYSROOT)
	@touch $@

# gen_init_cpio comes from the extracted tree, which the stock build makes.
$(INITRAMFS): $(DLGEN_CROSS) initramfs/init initramfs/files.list scripts/mkinitramfs.sh \
		$(SYSROOT)/.dlcap-pkgs | $(KBUILD)/stock/arch/arm64/boot/Image
	@echo "[initramfs] $@"
	@scripts/mkinitramfs.sh $(DLGEN_CROSS) $@

# results/raw/KERNEL/TOPO/PLAN/.done: one boot running every point of PLAN.
run: $(RAW)/.done
word_of = $(word $(1),$(subst /, ,$(2)))
run_deps = $(KBUILD)/$(call word_of,1,$(1))/arch/arm64/boot/Image \
	experiments/topologies/$(call word_of,2,$(1)).topo \
	experiments/plans/$(call word_of,3,$(1)).plan
.SECONDEXPANSION:
results/raw/%/.done: $$(call run_deps,$$*) $(INITRAMFS) $(DLGEN) $(TASKSETS) \
		scripts/run-batch.sh scripts/mkdtb.sh scripts/topo.sh
	@scripts/run-batch.sh $(call word_of,1,$*) $(call word_of,2,$*) \
		$(call word_of,3,$*) results/raw/$*
	@touch $@

# The default experiment's figure, committed with the table it plots.
COVER_RAW := results/raw/stock/hikey960/cover-letter
plot: results/cover-letter/placement.png
results/cover-letter/placement.png: $(COVER_RAW)/.done scripts/plot-placement.sh \
		scripts/placement-table.sh plots/placement.gp
	@scripts/plot-placement.sh $(COVER_RAW)/cover $(COVER_RAW)/guest.txt \
		results/cover-letter/placement \
		"cover-letter test case (seed 001): stock 6.1 kernel, HiKey960 topology"
	@echo "figure: results/cover-letter/placement.png (table: placement.csv)"
# The patched kernel's policies side by side (two boots).
POLICY_RAW := results/raw/patched/hikey960/policies-hikey960 results/raw/patched/dynamiq3/policies-dynamiq3
policies: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(POLICY_RAW))
	@scripts/tabulate.sh results/policies/summary.csv $(POLICY_RAW)
	@echo "table: results/policies/summary.csv"

# Juri Lelli's scenario (the article): fit vs best-fit, 3 repetitions each.
LELLI_RAW := results/raw/patched/hikey960/lelli
lelli: deps
	@$(MAKE) --no-print-directory $(LELLI_RAW)/.done
	@scripts/tabulate.sh results/lelli/summary.csv $(LELLI_RAW)
	@echo "table: results/lelli/summary.csv"

# DL bandwidth accounting across CPU hotplug, with and without cpusets.
HOTPLUG_RAW := results/raw/stock/hikey960/hotplug-accounting results/raw/stock-nocpusets/hikey960/hotplug-accounting
hotplug-accounting: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(HOTPLUG_RAW))
	@scripts/hotplug-table.sh $(HOTPLUG_RAW) > results/hotplug/accounting.csv
	@column -s, -t results/hotplug/accounting.csv

# Timing fidelity of QEMU's modes (3 boots each; see EXPERIMENTS.md).
FIDELITY_MODES := shift1=virtual:shift=1,sleep=off shift0=virtual:shift=0,sleep=off \
	shift3=virtual:shift=3,sleep=off shift1-nohz-off=virtual:shift=1,sleep=off:nohz=off \
	realtime=realtime
bench-fidelity: deps
	@$(MAKE) --no-print-directory build-only KERNEL=stock
	@scripts/bench-fidelity.sh stock hikey960 fidelity 3 results/fidelity/summary.csv $(FIDELITY_MODES)

clean:
	$(MAKE) -C dlgen clean
	rm -rf results/raw

FORCE:
.PHONY: all check build build-only deps kernel kernels check-series run plot policies lelli hotplug-accounting bench-fidelity clean help FORCE
