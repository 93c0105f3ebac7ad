# dlcap: SCHED_DEADLINE on emulated asymmetric CPUs, from Debian's kernel
# tarball to a plot.  `make help` lists the targets and knobs.
SHELL := /bin/bash
.DEFAULT_GOAL := all

# Knobs (command line or environment)
KERNEL ?= stock#		kernel variant: kernels/variants/$(KERNEL)
TOPO ?= hikey960#		topology: experiments/topologies/$(TOPO).topo
PLAN ?= cover-letter#		points: experiments/plans/$(PLAN).plan
# QEMU_TIMING (quantum|virtual|realtime), QEMU_TIMEOUT (s), QEMU_MEM: see scripts/run-batch.sh
# DLCAP_CACHE: where trees, builds and the initramfs live (outside the repo)

CACHE := $(shell scripts/cache-dir.sh)
# Each variant's Image, under the version of the tarball it builds from
# (its SOURCE=): kimage VARIANT.
KIMAGES := $(shell scripts/kernel-images.sh $(KERNEL) 2>/dev/null)
kimage = $(patsubst $(1)=%,%,$(filter $(1)=%,$(KIMAGES)))
SYSROOT := $(CACHE)/sysroot-arm64
DLGEN_SRC := $(wildcard dlgen/*.c dlgen/*.h) dlgen/Makefile
DLGEN := dlgen/build/dlgen
DLGEN_CROSS := dlgen/build/dlgen.aarch64
# The initramfs is built from this tree's files (initramfs/, dlgen), so it
# lives in the tree, as dlgen's build does: two checkouts sharing a
# DLCAP_CACHE each boot their own.
INITRAMFS := initramfs/build/initramfs.cpio.gz
# dlcap's QEMU (QEMU_TIMING=quantum): Debian's source + qemu/patches/quantum
QEMU := $(shell . scripts/lib.sh && . scripts/lib/qemu.sh && qemu_dlcap_bin)
RAW := results/raw/$(KERNEL)/$(TOPO)/$(PLAN)
SWEEPS := $(basename $(notdir $(wildcard experiments/sweeps/*.sweep)))
# The kernel variants a sweep file's policies name.
sweep_kernels = $(shell scripts/sweep.sh --policies $(1) | cut -d' ' -f2 | sort -u)

help:
	@echo "make            install what is missing, build, boot, run the default experiment, plot"
	@echo "make check      run the test suite (ends with 'N passed, N failed')"
	@echo "make build      kernels, dlgen (native + aarch64) and the initramfs, no boot"
	@echo "make kernel     build kernel variant KERNEL=$(KERNEL) (stock, patched, debug, stock-6.12, debug-6.12: kernels/variants/)"
	@echo "make kernels    build stock and patched"
	@echo "make check-series  build every prefix of kernels/patches/dl-capacity and dl-misfit (on dl-capacity + trace), checkpatch --strict each"
	@echo "make check-series-6.12  the same for the 6.12 port (dl-capacity-6.12, -trace-6.12, -kunit-6.12)"
	@echo "make check-reproducible  build the stock Image, dlgen, the initramfs and dlcap's QEMU again in another folder; same bytes? (QEMU_REPRO=0: not QEMU)"
	@echo "make fuzz       fuzz dlgen's JSON front end for FUZZ_SECONDS (600) or FUZZ_RUNS executions; fails on a crash"
	@echo "make check-qemu-series  build every prefix of qemu/patches/quantum, QEMU's checkpatch on each"
	@echo "make reproduce  rerun the committed experiments (EXPERIMENTS=\"exp ...\" for some, results/index.csv) and report per point: identical, or which input differs"
	@echo "make rerun      the one full rerun: make reproduce, the evidence sweeps run here, their analysis, EXPERIMENTS.md's tables (resumable; STEPS=\"...\" for some: scripts/rerun.sh --list)"
	@echo "make qemu       build dlcap's QEMU (Debian's qemu source + qemu/patches/quantum, aarch64 only)"
	@echo "make run        boot KERNEL=$(KERNEL) on TOPO=$(TOPO) and run PLAN=$(PLAN) into $(RAW)"
	@echo "make plot       results/cover-letter/placement.{png,pdf,csv}"
	@echo "make sweep-NAME run experiments/sweeps/NAME.sweep into results/sweeps/NAME/ (resumable): $(SWEEPS)"
	@echo "make headline   the full headline sweeps (HiKey960, RK3399, symmetric control; two boots at a time)"
	@echo "make admission  accepted bandwidth under capacity vs cpus on 3 topologies, checked"
	@echo "make admission-oracle  the DL admission limit of stock 6.1 and 6.12 (fair servers) computed and checked on HiKey960, RK3399"
	@echo "make fallback   the fallback knob on dynamiq3, checked"
	@echo "make analysis SWEEP=NAME  feasibility, reference schedules, intervals and paired tests, figures of a sweep's committed results into ANALYSIS_OUT (host only)"
	@echo "make growth SWEEP=NAME  bounded / growing / inconclusive per (policy, topology, U) of a sweep's long runs, and tardiness against time, into GROWTH_OUT (host only)"
	@echo "make overhead   the emulator's per-job overhead: misses at low load vs DL runtime slack"
	@echo "make rt-uclamp  RT tasks with util_min 0/512/1024: CPU classes, checked"
	@echo "make placement  = make plot (the cover letter's case, seed 001), checked"
	@echo "make hotplug    = make hotplug-accounting hotplug-refused, checked"
	@echo "make hotplug-6.12  = make hotplug TREE=6.12 (results/hotplug-6.12: accounting.csv, refused.txt on stock-6.12)"
	@echo "make policies   results/policies/summary.csv (patched kernel, each knob on its scenario)"
	@echo "make lelli      results/lelli/summary.csv (small tasks first, then big ones: fit vs best-fit)"
	@echo "make hotplug-accounting  results/hotplug/accounting.csv (stock vs stock-nocpusets; HOTPLUG_TREE=6.12: the 6.12 tree's, results/hotplug-6.12)"
	@echo "make hotplug-accounting-6.12  = make hotplug-accounting TREE=6.12"
	@echo "make fsoff       results/fsoff/ (6.12's fair servers on and off under nonidle-fit, 4 sets x 4 boots, both trees; needs the headline-hikey960 sweeps' points)"
	@echo "make fair-server  results/fair-server/summary.csv (a CFS task beside an RT hog: its fair-server share on LITTLE and big CPUs; 6.1, 6.12, 6.12 with the server's runtime scaled again), checked"
	@echo "make dl-kselftest  results/dl-kselftest/summary.csv (Juri Lelli's SCHED_DEADLINE kselftests RFC as dlselftest: stock 6.12 and 6.1 on symmetric8 and hikey960, each verdict beside the admission rule's), checked"
	@echo "make hotplug-refused     results/hotplug/refused.txt (a refused offline: stock vs stock-hotfix; HOTPLUG_TREE=6.12: stock-6.12, results/hotplug-6.12)"
	@echo "make kunit-faults        each KUnit case fails on its helper broken: v1's faults (B2, B3, B5), v3-faults' bits (checked)"
	@echo "make kunit-uniform-faults  each KUnit case of the uniform admission test fails on what it tests broken (uniform-faults' bits, checked)"
	@echo "make misfit     dl_misfit (misfit kernel, HiKey960): a task of density 0.87 left on a LITTLE stays under none, leaves once a big CPU is free under migrate, and by a swap with a small task under migrate-preempt when no big CPU is free (checked)"
	@echo "make misfit-cost  what a dl_misfit move costs (misfit kernel, HiKey960, trace=on): the stopper, the gap and the trigger of each move, moves per job, against EDF's pushes (results/misfit-cost)"
	@echo "make kunit-misfit  the KUnit cases of dl_misfit's pick (kunit-misfit kernel on dynamiq3, checked)"
	@echo "make kunit-misfit-faults  each KUnit case of dl_misfit's pick fails on what it tests broken (misfit-faults' bits, checked)"
	@echo "make uniform-admission  dl_admission=uniform against its oracle: RK3399's headline sets, the admission sets on 3 topologies (checked)"
	@echo "make bench-fidelity  results/fidelity/*.csv (QEMU timing modes: bias vs busy CPUs and tick phase; dlcap's quantum mode: quantum, speed, capacity-true rates)"
	@echo "make bench-fidelity-v2  results/fidelity-v2/*.csv (in-guest probes: wake-up by vCPU index and load, cross-CPU clock, hand-off, LITTLE loop rate; dlcap's QEMU, and QEMU_BIN=OTHER beside it)"
	@echo "make equivalence     results/equivalence/compare.csv (stock vs patched defaults, job by job; EQUIV_TREE=6.12: on 6.12)"
	@echo "make seeds-6.12      the seed experiments on the 6.12 tree: make plot-6.12 policies-6.12 lelli-6.12 fallback-6.12 rt-uclamp-6.12 equivalence-6.12 hotplug-6.12 (TARGET-6.12 = TARGET TREE=6.12), into results/EXPERIMENT-6.12/"
	@echo "make bench-dlgen     results/bench-dlgen/summary.csv (work accuracy and per-job cost, emulated and loops)"
	@echo "make bench-slurm     results/slurm/throughput.csv (points per hour: local runner vs 1/2/4 Slurm array tasks)"
	@echo "make deps       install the Debian packages (as root)"
	@echo "make clean      remove dlgen builds and raw results (the cache stays)"
	@echo "how long each takes, and which check their outcome: README.md, Targets"
	@echo "cache: $(CACHE)"

# Entry points install packages first, then re-read this file in a sub-make
# (paths below depend on the installed tarball's version).
all: deps
	@$(MAKE) --no-print-directory plot sweep-run-headline-reduced
	@scripts/expect-headline.sh results/sweeps/headline-reduced/table.csv
	@echo "figures: results/cover-letter/placement.png results/sweeps/headline-reduced/{tardiness,acceptance,missratio,share}.png"
check: deps
	@tests/run.sh
build: deps
	@$(MAKE) --no-print-directory build-only
deps:
	@scripts/deps.sh all

build-only: $(call kimage,$(KERNEL)) $(DLGEN) $(INITRAMFS) $(QEMU)
qemu: deps
	@$(MAKE) --no-print-directory $(QEMU)
kernel: $(call kimage,$(KERNEL))
kernels: deps
	@$(MAKE) --no-print-directory $(call kimage,stock) \
		$(call kimage,patched)
check-series: deps
	@scripts/check-series.sh dl-capacity
	@scripts/check-series.sh dl-misfit slim.config "dl-capacity dl-capacity-trace"
# The 6.12 port: every prefix of dl-capacity-6.12, its trace and KUnit
# series (kernels/variants/kunit-6.12, kunit.config: the tests compile).
check-series-6.12: deps
	@scripts/check-series.sh --variant kunit-6.12
# Fuzz dlgen's JSON front end as long as asked (FUZZ_SECONDS, default 600;
# FUZZ_RUNS=N stops after N executions instead); the log's last lines give
# executions, coverage and corpus size (EXPERIMENTS.md section 14).
FUZZ_SECONDS ?= 600
fuzz: deps
	@$(MAKE) --no-print-directory -s -C dlgen build/fuzz_parse
	@mkdir -p dlgen/build/fuzz-corpus
	@echo "[fuzz] corpus: $$(ls dlgen/build/fuzz-corpus | wc -l) found + $$(ls dlgen/fuzz/corpus | wc -l) committed inputs"
	@cd dlgen && build/fuzz_parse -max_len=4096 -artifact_prefix=build/ -print_final_stats=1 \
		$(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS),-max_total_time=$(FUZZ_SECONDS)) \
		build/fuzz-corpus fuzz/corpus 2>&1 | grep -E '^(#[0-9]+.*(pulse|DONE)|Done|stat::|==[0-9]+==ERROR|SUMMARY|artifact)'
	@echo "[fuzz] corpus now: $$(ls dlgen/build/fuzz-corpus | wc -l) inputs; crashes: $$(ls dlgen/build/crash-* 2>/dev/null | wc -l)"
	@! ls dlgen/build/crash-* > /dev/null 2>&1

# Everything that boots, built again from scratch in another folder, compared.
check-reproducible: deps
	@$(MAKE) --no-print-directory build-only KERNEL=stock
	@scripts/check-reproducible.sh stock

check-qemu-series: deps
	@scripts/check-qemu-series.sh quantum

# kernel-build.sh keeps the Image untouched when its key (tarball version,
# config fragments, patches) is unchanged, so dependents stay up to date.
# The stem is VERSION/VARIANT.
$(CACHE)/build/%/arch/arm64/boot/Image: FORCE
	@scripts/kernel-build.sh $(notdir $*) > /dev/null
# An Image that a run's pattern rule needed and this make "created" (it was
# missing when make started, e.g. another make was building it) is an
# intermediate file, which make deletes when it ends: keep every one.
.PRECIOUS: $(CACHE)/build/%/arch/arm64/boot/Image

# qemu-build.sh keeps the binary untouched when its key (Debian version,
# configure options, patches) is unchanged.
$(QEMU): FORCE
	@scripts/qemu-build.sh > /dev/null

$(DLGEN): $(DLGEN_SRC)
	@echo "[dlgen] native build"
	@$(MAKE) --no-print-directory -s -C dlgen build/dlgen build/dlgen-gen
	@touch $@

# (touched: sysroot.sh rewrites the stamp only when its package list changes)
$(SYSROOT)/.dlcap-pkgs: scripts/sysroot.sh
	@scripts/sysroot.sh > /dev/null && touch $@

$(DLGEN_CROSS): $(DLGEN_SRC) $(SYSROOT)/.dlcap-pkgs
	@echo "[dlgen] static aarch64 build"
	@$(MAKE) --no-print-directory -s -C dlgen cross SYSROOT=$(SYSROOT)
	@touch $@

# gen_init_cpio comes from the extracted tree, which the stock build makes.
$(INITRAMFS): $(DLGEN_CROSS) initramfs/init initramfs/files.list scripts/mkinitramfs.sh initramfs/csv.awk initramfs/dl.sh \
		$(SYSROOT)/.dlcap-pkgs | $(call kimage,stock)
	@echo "[initramfs] $@"
	@scripts/mkinitramfs.sh $(DLGEN_CROSS) $@

# results/raw/KERNEL/TOPO/PLAN/.done: one boot running every point of PLAN.
# The runner always runs: each point's key (scripts/run-batch.sh) covers
# everything that can change its bytes, QEMU_* and the staged inputs
# included, and a run with nothing changed boots nothing. A stamp here
# would ignore what make cannot see.
run: $(RAW)/.done
word_of = $(word $(1),$(subst /, ,$(2)))
run_deps = $(call kimage,$(call word_of,1,$(1))) \
	experiments/topologies/$(call word_of,2,$(1)).topo \
	experiments/plans/$(call word_of,3,$(1)).plan
.SECONDEXPANSION:
results/raw/%/.done: $$(call run_deps,$$*) $(INITRAMFS) $(DLGEN) $(QEMU) FORCE
	@scripts/run-batch.sh $(call word_of,1,$*) $(call word_of,2,$*) \
		$(call word_of,3,$*) results/raw/$*
	@touch $@

# The seed experiments on another of Debian's trees: TREE=6.12 runs make
# plot, policies, lelli, fallback, rt-uclamp, equivalence and
# hotplug-accounting on stock-6.12 and patched-6.12 (in place of stock and
# patched) into results/EXPERIMENT-6.12/; unset, on 6.1 into
# results/EXPERIMENT/. make TARGET-6.12 = make TARGET TREE=6.12 (the
# targets of results/index.csv's 6.12 rows). EQUIV_TREE and HOTPLUG_TREE
# select it for their one target.
TREE ?=
TREE_SFX := $(if $(TREE),-$(TREE))
STOCK := stock$(TREE_SFX)
PATCHED := patched$(TREE_SFX)
SEEDS := plot policies lelli fallback rt-uclamp equivalence hotplug-accounting hotplug
$(addsuffix -6.12,$(SEEDS)):
	@$(MAKE) --no-print-directory $(@:-6.12=) TREE=6.12
seeds-6.12: $(addsuffix -6.12,$(SEEDS))

# The default experiment's figure, committed with the table it plots.
COVER := cover-letter$(TREE_SFX)
COVER_RAW := results/raw/$(STOCK)/hikey960/cover-letter
plot: results/$(COVER)/placement.png
results/$(COVER)/placement.png: $(COVER_RAW)/.done scripts/plot-placement.sh \
		scripts/placement-table.sh plots/placement.gp
	@scripts/plot-placement.sh $(COVER_RAW)/cover $(COVER_RAW)/guest.txt \
		results/$(COVER)/placement \
		"cover-letter test case (seed 001): stock $(or $(TREE),6.1) kernel, HiKey960 topology"
	@echo "figure: results/$(COVER)/placement.png (table: placement.csv)"
	@tests/check-cover.sh $(COVER_RAW) > /dev/null || { tests/check-cover.sh $(COVER_RAW); exit 1; }
	@scripts/results-manifest.sh $(COVER)
placement: plot
# The patched kernel's policies side by side (two boots).
POLICY_RAW := results/raw/$(PATCHED)/hikey960/policies-hikey960 results/raw/$(PATCHED)/dynamiq3/policies-dynamiq3
policies: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(POLICY_RAW))
	@scripts/tabulate.sh results/policies$(TREE_SFX)/summary.csv $(POLICY_RAW)
	@scripts/results-manifest.sh policies$(TREE_SFX)
	@echo "table: results/policies$(TREE_SFX)/summary.csv"

# Stock equivalence job by job (EXPERIMENTS.md section 15): stock against the
# patched kernel with default knobs, and stock against itself after another
# point (the control: what a different history alone changes).
# EQUIV_TREE=6.12 (or TREE=6.12): the same on Debian's 6.12 tree,
# stock-6.12 against patched-6.12, in results/equivalence-6.12.
EQUIV_TREE ?= $(TREE)
EQUIV_SFX := $(if $(EQUIV_TREE),-$(EQUIV_TREE))
EQUIV_OUT := results/equivalence$(EQUIV_SFX)
EQUIV_RAW := results/raw/stock$(EQUIV_SFX)/hikey960/equiv results/raw/patched$(EQUIV_SFX)/hikey960/equiv \
	results/raw/stock$(EQUIV_SFX)/hikey960/equiv-history
equivalence: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(EQUIV_RAW))
	@mkdir -p $(EQUIV_OUT)
	@scripts/equivalence-table.sh $(EQUIV_RAW) cover adm lelli > $(EQUIV_OUT)/compare.csv.tmp
	@mv $(EQUIV_OUT)/compare.csv.tmp $(EQUIV_OUT)/compare.csv
	@column -s, -t $(EQUIV_OUT)/compare.csv
	@scripts/results-manifest.sh equivalence$(EQUIV_SFX)
	@echo "table: $(EQUIV_OUT)/compare.csv"

# Juri Lelli's scenario (the article): fit vs best-fit, 3 repetitions each.
LELLI_RAW := results/raw/$(PATCHED)/hikey960/lelli
LELLI := lelli$(TREE_SFX)
LELLI_ON := $(if $(TREE), (patched-$(TREE)))
lelli: deps
	@$(MAKE) --no-print-directory $(LELLI_RAW)/.done
	@scripts/tabulate.sh results/$(LELLI)/summary.csv $(LELLI_RAW)
	@scripts/reason-counts-table.sh $(LELLI_RAW)/*/ > results/$(LELLI)/reason-counts.csv.tmp
	@mv results/$(LELLI)/reason-counts.csv.tmp results/$(LELLI)/reason-counts.csv
	@scripts/plot-timeline.sh $(LELLI_RAW)/fit-1 results/$(LELLI)/timeline-fit 0 120 "Lelli's scenario under fit (run 1)$(LELLI_ON)"
	@scripts/plot-timeline.sh $(LELLI_RAW)/bestfit-1 results/$(LELLI)/timeline-bestfit 0 120 "Lelli's scenario under best-fit (run 1)$(LELLI_ON)"
	@echo "table: results/$(LELLI)/summary.csv; placement reasons: results/$(LELLI)/reason-counts.csv; timelines: results/$(LELLI)/timeline-{fit,bestfit}.png"
	@set -o pipefail; scripts/expect-lelli.sh $(LELLI_RAW) | tail -1
	@scripts/results-manifest.sh $(LELLI)

# DL bandwidth accounting across CPU hotplug, with and without cpusets, on
# Debian's 6.1 tree (results/hotplug), or with HOTPLUG_TREE=6.12 on the 6.12
# one (stock-6.12, stock-nocpusets-6.12: results/hotplug-6.12).
HOTPLUG_TREE ?= $(TREE)
HOTPLUG_SFX := $(if $(HOTPLUG_TREE),-$(HOTPLUG_TREE))
HOTPLUG_RAW := results/raw/stock$(HOTPLUG_SFX)/hikey960/hotplug-accounting results/raw/stock-nocpusets$(HOTPLUG_SFX)/hikey960/hotplug-accounting
hotplug-accounting: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(HOTPLUG_RAW))
	@mkdir -p results/hotplug$(HOTPLUG_SFX)
	@scripts/hotplug-table.sh $(HOTPLUG_RAW) > results/hotplug$(HOTPLUG_SFX)/accounting.csv
	@scripts/results-manifest.sh hotplug$(HOTPLUG_SFX)
	@column -s, -t results/hotplug$(HOTPLUG_SFX)/accounting.csv
	@scripts/expect-hotplug.sh results/hotplug$(HOTPLUG_SFX)/accounting.csv
# A refused CPU offline: 6.1.192 leaves the runqueue offline for placement
# (stock) unless the upstream fix is backported (stock-hotfix); with
# HOTPLUG_TREE=6.12, stock-6.12 alone (6.12.118 carries the fix) into
# results/hotplug-6.12.
REFUSED_RAW := $(if $(HOTPLUG_SFX),results/raw/stock$(HOTPLUG_SFX)/hikey960/hotplug-refused,results/raw/stock/hikey960/hotplug-refused results/raw/stock-hotfix/hikey960/hotplug-refused)
hotplug-refused: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(REFUSED_RAW))
	@mkdir -p results/hotplug$(HOTPLUG_SFX)
	@scripts/refused-log.sh $(REFUSED_RAW) > results/hotplug$(HOTPLUG_SFX)/refused.txt
	@cat results/hotplug$(HOTPLUG_SFX)/refused.txt
	@scripts/expect-refused.sh $(REFUSED_RAW)
	@scripts/results-manifest.sh hotplug$(HOTPLUG_SFX)
hotplug: hotplug-accounting hotplug-refused

# The fair servers on and off under nonidle-fit (experiments/plans/fsoff/,
# scripts/fsoff.sh): 12 boots, then the tables with the headline sweeps'
# points of the same sets, which must be in results/raw/sweeps/.
fsoff: deps $(call kimage,patched) $(call kimage,patched-6.12) $(INITRAMFS) $(DLGEN) $(QEMU)
	@scripts/fsoff.sh results/fsoff
	@scripts/results-manifest.sh fsoff
	@column -s, -t results/fsoff/pairs.csv

# The fair server against an RT hog (experiments/plans/fair-server.plan):
# 6.1 (no server), 6.12.118 (fc975cfb3639's fix) and 6.12 with the fix undone.
FAIRSRV_RAW := $(foreach k,stock stock-6.12 stock-6.12-serverscaled,results/raw/$(k)/hikey960/fair-server)
fair-server: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(FAIRSRV_RAW))
	@mkdir -p results/fair-server
	@scripts/fair-server-table.sh $(FAIRSRV_RAW) > results/fair-server/summary.csv
	@scripts/results-manifest.sh fair-server
	@column -s, -t results/fair-server/summary.csv
	@scripts/expect-fair-server.sh results/fair-server/summary.csv

# Juri Lelli's SCHED_DEADLINE kselftests (RFC, LKML 2026-03-06) as dlcap
# writes them (kselftest/, dlselftest), one boot per (kernel, topology) with
# dlselftest appended to the initramfs (scripts/dl-kselftest.sh); each
# verdict beside the one the admission rule predicts.
DLKSFT_RUNS := stock-6.12:symmetric8 stock-6.12:hikey960 stock:symmetric8 stock:hikey960
DLKSFT_RAW := $(foreach r,$(DLKSFT_RUNS),results/raw/dl-kselftest/$(subst :,/,$(r)))
dl-kselftest: deps
	@$(MAKE) --no-print-directory build-only KERNEL=stock
	@$(MAKE) --no-print-directory $(call kimage,stock-6.12)
	@scripts/dl-kselftest.sh $(DLKSFT_RUNS)
	@mkdir -p results/dl-kselftest
	@scripts/dl-kselftest-table.sh $(DLKSFT_RAW) > results/dl-kselftest/summary.csv.tmp
	@mv results/dl-kselftest/summary.csv.tmp results/dl-kselftest/summary.csv
	@scripts/results-manifest.sh dl-kselftest
	@column -s, -t results/dl-kselftest/summary.csv
	@scripts/expect-dl-kselftest.sh results/dl-kselftest/summary.csv

# The KUnit cases of review items B2, B3 and B5 fail when v1's faults are put
# back (kernels/variants/kunit-v1-faults), and every other case fails when
# the helper it tests is broken (kernels/variants/kunit-v3-faults, one boot
# per bit of dlcap_fault, each failing exactly the cases tests/check-kunit.sh
# names for it); a fresh boot each time.
KUNIT_FAULTS_RAW := results/raw/kunit-v1-faults/dynamiq3/boot-only
KUNIT_V3_FAULTS_RAW := results/raw/kunit-v3-faults/dynamiq3
KUNIT_V3_FAULT_BITS := 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
kunit-faults: deps
	@$(MAKE) --no-print-directory build-only KERNEL=kunit-v1-faults
	@rm -rf $(KUNIT_FAULTS_RAW)
	@scripts/run-batch.sh kunit-v1-faults dynamiq3 tests/plans/boot-only.plan $(KUNIT_FAULTS_RAW)
	@tests/check-kunit.sh --v1-faults $(KUNIT_FAULTS_RAW)
	@$(MAKE) --no-print-directory build-only KERNEL=kunit-v3-faults
	@rm -rf $(KUNIT_V3_FAULTS_RAW)
	@set -e; for b in all $(KUNIT_V3_FAULT_BITS); do \
		m=$$([ $$b = all ] && echo 131071 || echo $$((1 << b))); \
		QEMU_APPEND=dlcap_fault=$$m scripts/run-batch.sh kunit-v3-faults dynamiq3 \
			tests/plans/boot-only.plan $(KUNIT_V3_FAULTS_RAW)/bit$$b; \
		tests/check-kunit.sh --v3-fault $$b $(KUNIT_V3_FAULTS_RAW)/bit$$b; \
	done

# The KUnit cases of the uniform admission test each fail when what they
# test is broken (kernels/variants/kunit-uniform-faults, one boot per bit
# of dlcap_ufault), and all pass without the parameter.
KUNIT_UFAULTS_RAW := results/raw/kunit-uniform-faults/dynamiq3
KUNIT_UFAULT_BITS := 0 1 2 3 4 5 6 7 8
# kunit_fault_boots VARIANT,RAW,PARAM,BITS,CHECK: build VARIANT, boot it on
# dynamiq3 without PARAM (CHECK RAW/none) and once with PARAM=2^b per bit b
# of BITS (CHECK --fault b RAW/bitb), a fresh boot each time.
define kunit_fault_boots
	@$(MAKE) --no-print-directory build-only KERNEL=$(1)
	@rm -rf $(2)
	@scripts/run-batch.sh $(1) dynamiq3 tests/plans/boot-only.plan $(2)/none
	@$(5) $(2)/none
	@set -e; for b in $(4); do \
		QEMU_APPEND=$(3)=$$((1 << b)) scripts/run-batch.sh $(1) dynamiq3 \
			tests/plans/boot-only.plan $(2)/bit$$b; \
		$(5) --fault $$b $(2)/bit$$b; \
	done
endef
kunit-uniform-faults: deps
	$(call kunit_fault_boots,kunit-uniform-faults,$(KUNIT_UFAULTS_RAW),dlcap_ufault,$(KUNIT_UFAULT_BITS),tests/check-kunit-uniform.sh)

# dl_misfit (issue 30 part 1, kernels/patches/dl-misfit): the in-guest
# test on HiKey960 (tests/plans/misfit-hikey960.plan, both values of the
# knob in one boot) and the KUnit cases of the misfit pick on dynamiq3.
# A second boot runs migrate-preempt's swap (tests/plans/misfit-swap-
# hikey960.plan, none, migrate and migrate-preempt on one set): a plan of
# its own, so that the first plan's points keep their keys.
MISFIT_RAW := results/raw/misfit/hikey960/misfit-hikey960
MISFIT_SWAP_RAW := results/raw/misfit/hikey960/misfit-swap-hikey960
KUNIT_MISFIT_RAW := results/raw/kunit-misfit/dynamiq3/boot-only
misfit: deps
	@$(MAKE) --no-print-directory build-only KERNEL=misfit
	@rm -rf $(MISFIT_RAW) $(MISFIT_SWAP_RAW)
	@scripts/run-batch.sh misfit hikey960 tests/plans/misfit-hikey960.plan $(MISFIT_RAW)
	@scripts/run-batch.sh misfit hikey960 tests/plans/misfit-swap-hikey960.plan $(MISFIT_SWAP_RAW)
	@tests/check-misfit.sh $(MISFIT_RAW)
	@tests/check-misfit.sh --swap $(MISFIT_SWAP_RAW)
# What a dl_misfit move costs (experiments/plans/misfit-cost/: six of
# misfit-hikey960-more's sets under series, migrate and migrate-preempt with
# trace=on, and one point untraced; a folder of its own, as fsoff's traced
# plans): each stopper move and each push of the traced points
# (scripts/misfit-cost.sh), summed per point and per policy, and every
# point's jobs per task (scripts/tabulate.sh).
MCOST_RAW := results/raw/misfit/hikey960/misfit-cost
misfit-cost: deps
	@$(MAKE) --no-print-directory build-only KERNEL=misfit
	@scripts/run-batch.sh misfit hikey960 experiments/plans/misfit-cost/misfit-cost.plan $(MCOST_RAW)
	@mkdir -p results/misfit-cost
	@traced=$$(for d in $(MCOST_RAW)/*/; do if [ -e $$d/trace.txt ] || [ -e $$d/trace.txt.gz ]; then echo $${d%/}; fi; done); \
		scripts/misfit-cost.sh $$traced > results/misfit-cost/moves.csv.tmp && \
		scripts/misfit-cost.sh --summary $$traced > results/misfit-cost/summary.csv.tmp 2> /dev/null && \
		mv results/misfit-cost/moves.csv.tmp results/misfit-cost/moves.csv && \
		mv results/misfit-cost/summary.csv.tmp results/misfit-cost/summary.csv
	@scripts/tabulate.sh results/misfit-cost/points.csv $(MCOST_RAW)
	@scripts/results-manifest.sh misfit-cost
	@grep '^policy,.*,stop,' results/misfit-cost/summary.csv | column -s, -t
kunit-misfit: deps
	@$(MAKE) --no-print-directory build-only KERNEL=kunit-misfit
	@rm -rf $(KUNIT_MISFIT_RAW)
	@scripts/run-batch.sh kunit-misfit dynamiq3 tests/plans/boot-only.plan $(KUNIT_MISFIT_RAW)
	@tests/check-kunit-misfit.sh $(KUNIT_MISFIT_RAW)
# ... and each case fails when dl_misfit_pick() is broken where it looks,
# __dl_misfit_room() counts only running_bw, or the swap of migrate-preempt
# checks only the misfit task
# (kernels/variants/kunit-misfit-faults, one boot per bit of dlcap_mfault).
KUNIT_MFAULTS_RAW := results/raw/kunit-misfit-faults/dynamiq3
KUNIT_MFAULT_BITS := 0 1 2 3 4 5 6
kunit-misfit-faults: deps
	$(call kunit_fault_boots,kunit-misfit-faults,$(KUNIT_MFAULTS_RAW),dlcap_mfault,$(KUNIT_MFAULT_BITS),tests/check-kunit-misfit.sh)

# Timing fidelity of QEMU's modes (3 boots each; see EXPERIMENTS.md).
FIDELITY_MODES := shift1=virtual:shift=1,sleep=off shift0=virtual:shift=0,sleep=off \
	shift3=virtual:shift=3,sleep=off shift1-nohz-off=virtual:shift=1,sleep=off:nohz=off \
	shift0-noskew=virtual:shift=0,sleep=off:skew_tick=0 \
	realtime=realtime
bench-fidelity: deps
	@$(MAKE) --no-print-directory build-only KERNEL=stock
	@scripts/bench-fidelity.sh stock hikey960 fidelity 3 results/fidelity/summary.csv $(FIDELITY_MODES)
	@scripts/bench-fidelity.sh stock symmetric8 fidelity-load 1 results/fidelity/load.csv \
		shift0=virtual:shift=0,sleep=off
	@scripts/bench-fidelity.sh stock hikey960 fidelity-phase 1 results/fidelity/phase.csv \
		shift0=virtual:shift=0,sleep=off shift0-noskew=virtual:shift=0,sleep=off:skew_tick=0 \
		shift1-noskew=virtual:shift=1,sleep=off:skew_tick=0 shift3-noskew=virtual:shift=3,sleep=off:skew_tick=0
	@scripts/phase-summary.sh results/fidelity/phase.csv results/raw/fidelity/stock-hikey960-fidelity-phase \
		results/fidelity/phase-summary.csv
	@$(MAKE) --no-print-directory $(QEMU)
	@scripts/bench-fidelity.sh stock symmetric8 fidelity-load 1 results/fidelity/quantum-load.csv \
		debian=virtual:shift=0,sleep=off q5=quantum:5000/0/ q10=quantum:10000/0/ q20=quantum:20000/0/ \
		q50=quantum:50000/0/ q10-shift2=quantum:10000/2/
	@QEMU_BIN=$(QEMU) scripts/bench-fidelity.sh stock symmetric8 fidelity-load 1 results/fidelity/slice-load.csv \
		slice5=virtual:shift=0,sleep=off,slice=5000
	@scripts/bench-fidelity.sh stock hikey960 capacity-loops 1 results/fidelity/capacity.csv \
		debian=virtual:shift=0,sleep=off q10-equal=quantum:10000/0/equal q10-capacity=quantum:10000/0/capacity
	@scripts/bench-fidelity.sh stock symmetric8 fidelity-speed 2 results/fidelity/speed.csv \
		debian=virtual:shift=0,sleep=off q10=quantum:10000/0/
	@QEMU_TIMING=quantum scripts/bench-determinism.sh stock hikey960 determinism 50 results/fidelity/determinism.csv
	@scripts/results-manifest.sh fidelity

# In-guest probes of the emulator (issue 28; probes/, dlprobe): dlcap's QEMU
# ("before") and, given QEMU_BIN, that binary ("after"), booted in one run
# on the same host (scripts/bench-fidelity-v2.sh); tables on stdout.
bench-fidelity-v2: deps
	@$(MAKE) --no-print-directory build-only KERNEL=stock
	@scripts/bench-fidelity-v2.sh results/fidelity-v2 before=$(QEMU) $(if $(QEMU_BIN),after=$(QEMU_BIN))
	@scripts/fidelity-v2-table.sh results/fidelity-v2

# The quantum mode's tick-phase and boot-history sweep (issue 28): the
# cover letter and Lelli's scenario at 10 tick phases in three boot orders
# (experiments/plans/quantum-phase-{a,b,c}.plan, stock), and Lelli's under
# best-fit and fit on the patched kernel in the same orders
# (quantum-phase-lelli-{a,b,c}.plan), side by side:
# results/fidelity/quantum-phase{,-lelli}/{runs,spread}.csv.
bench-quantum-phase: deps
	@$(MAKE) --no-print-directory build-only KERNEL=stock
	@$(MAKE) --no-print-directory $(QEMU)
	@for h in a b c; do scripts/bench-fidelity.sh stock hikey960 quantum-phase-$$h 1 \
		results/fidelity/quantum-phase/h$$h.csv h$$h=quantum:10000/0/ || exit 1; done
	@scripts/phase-history.sh results/fidelity/quantum-phase results/fidelity/quantum-phase/h[abc].csv
	@$(MAKE) --no-print-directory build-only KERNEL=patched
	@for h in a b c; do scripts/bench-fidelity.sh patched hikey960 quantum-phase-lelli-$$h 1 \
		results/fidelity/quantum-phase-lelli/h$$h.csv h$$h=quantum:10000/0/ || exit 1; done
	@scripts/phase-history.sh results/fidelity/quantum-phase-lelli results/fidelity/quantum-phase-lelli/h[abc].csv

# The cross-CPU clock wrap made to happen (issue 28 finding 5; dlprobe
# clockwrap, experiments/plans/clockwrap.plan) at quanta of 1, 2, 5 and
# 10 us with dlcap's QEMU: results/fidelity/clockwrap/clockwrap.csv (the v3
# emulator's run, before the counter was ordered: results/fidelity-v3/clockwrap).
bench-clockwrap: deps
	@$(MAKE) --no-print-directory build-only KERNEL=stock
	@FIDELITY_V2_TOPOS=symmetric8 FIDELITY_V2_PLAN=clockwrap scripts/bench-fidelity-v2.sh \
		results/fidelity/clockwrap $(foreach q,1 2 5 10,q$(q)=$(QEMU):$(q)000)
	@scripts/clockwrap-table.sh results/fidelity/clockwrap

# Sweeps (experiments/sweeps/NAME.sweep): scripts/sweep.sh generates the task
# sets, runs one resumable batch per (kernel, topology), aggregates, plots.
# One explicit rule per sweep file: a pattern rule whose prerequisites do
# not exist yet (an empty cache) makes make fall back to another pattern
# rule with a wrong stem (sweep-% with stem run-NAME), so none is used here.
sweep-%: deps
	@test -r experiments/sweeps/$*.sweep || \
		{ echo "no experiments/sweeps/$*.sweep (sweeps: $(SWEEPS))" >&2; exit 2; }; \
		$(MAKE) --no-print-directory sweep-run-$*
# Reading a sweep file's policies costs a process per sweep, on every make:
# only a sweep named among the goals gets its full rule (its kernels as
# prerequisites); any other sweep-run-NAME calls make again with it as the
# goal, so a rule that depends on one still builds what the sweep needs.
define sweep_rule
ifneq ($(filter sweep-run-$(1),$(MAKECMDGOALS)),)
sweep-run-$(1): $$(foreach k,$$(call sweep_kernels,experiments/sweeps/$(1).sweep),$$(call kimage,$$(k))) \
		$(DLGEN) $(INITRAMFS) $(QEMU)
	@scripts/sweep.sh $(1)
else
sweep-run-$(1):
	@$(MAKE) --no-print-directory sweep-run-$(1)
endif
endef
$(foreach s,$(SWEEPS),$(eval $(call sweep_rule,$(s))))
# RUNNER=slurm: sweeps are submitted to Slurm (scripts/slurm-submit.sh) and
# make returns at once, so the expected-outcome checks are left to the user
# (scripts/sweep-status.sh NAME; then run the check by hand).
RUNNER ?= local
UNLESS_SLURM = $(if $(filter slurm,$(RUNNER)),@echo "RUNNER=slurm: submitted; when it is done run:" ,@)
# One sweep at a time, each running two boots at once (SWEEP_JOBS, default
# 2: on a 2-core host that measured ~1.5x the points per hour of one boot).
HEADLINE_JOBS ?= 1
headline: deps
	@$(MAKE) --no-print-directory -j$(HEADLINE_JOBS) sweep-run-headline-hikey960 \
		sweep-run-headline-rk3399 sweep-run-headline-symmetric8
	$(UNLESS_SLURM)scripts/expect-headline.sh results/sweeps/headline-hikey960/table.csv
	$(UNLESS_SLURM)scripts/expect-headline.sh results/sweeps/headline-rk3399/table.csv
admission: deps
	@$(MAKE) --no-print-directory sweep-run-admission
	$(UNLESS_SLURM)scripts/expect-admission.sh experiments/sweeps/admission.sweep results/sweeps/admission/points.csv

# dl_admission=uniform against its oracle (scripts/expect-uniform.sh:
# analysis/uniform.c, task by task in file order): RK3399's headline sets,
# then the admission sweep's sets on all three topologies.
uniform-admission: deps
	@$(MAKE) --no-print-directory sweep-run-uniform-rk3399 sweep-run-admission-uniform
	@$(MAKE) --no-print-directory -s -C analysis
	$(UNLESS_SLURM)scripts/expect-uniform.sh uniform-rk3399 results/analysis/uniform-rk3399
	$(UNLESS_SLURM)scripts/expect-uniform.sh admission-uniform results/analysis/admission-uniform
	$(UNLESS_SLURM)for s in uniform-rk3399 admission-uniform; do \
		for t in $$(sed -n 's/^topologies = //p' experiments/sweeps/$$s.sweep); do \
			scripts/plot-uniform.sh results/analysis/$$s $$t || exit 1; done; done

# Theory beside a sweep's committed results (host only, seconds): uniform
# feasibility, reference schedules, Devi-Anderson, bootstrap intervals and
# paired tests, figures (scripts/analysis*.sh; analysis/ the tools).
#   make analysis SWEEP=headline-rk3399 [ANALYSIS_OUT=DIR]
ANALYSIS_OUT ?= results/analysis/$(SWEEP)
analysis: $(DLGEN)
	@test -n "$(SWEEP)" || { echo "make analysis SWEEP=NAME (sweeps: $(SWEEPS))" >&2; exit 2; }
	@$(MAKE) --no-print-directory -s -C analysis
	@scripts/analysis.sh $(SWEEP) $(ANALYSIS_OUT)
	@scripts/analysis-stats.sh $(ANALYSIS_OUT)
	@scripts/analysis-compare.sh $(ANALYSIS_OUT)
	@scripts/analysis-plot.sh $(ANALYSIS_OUT) "$(SWEEP)"

# The admission limit each tree should apply (6.12: less the fair servers'
# bandwidth), computed and checked against what stock 6.1 and 6.12 admit.
ORACLE_RAW := $(foreach k,stock stock-6.12,$(foreach t,hikey960 rk3399,results/raw/$(k)/$(t)/admission-oracle))
admission-oracle: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(ORACLE_RAW))
	@mkdir -p results/admission-oracle
	@set -o pipefail; h=--header; rc=0; for r in $(ORACLE_RAW); do for p in probe probe-fine; do \
		scripts/admission-oracle.sh $$h $$(echo $$r | cut -d/ -f4) $$r/$$p \
			$$(echo $$r | cut -d/ -f3)/$$p || rc=1; h=; done; done > results/admission-oracle/oracle.csv; \
		column -s, -t results/admission-oracle/oracle.csv; exit $$rc
	@scripts/results-manifest.sh admission-oracle

# Boundedness, measured (scripts/growth.sh; analysis/growth.h the test):
# from a sweep's raw points (results/raw/sweeps/NAME, after make sweep-NAME).
#   make growth SWEEP=growth-hikey960 [GROWTH_OUT=DIR]
GROWTH_OUT ?= results/growth/$(SWEEP)
growth:
	@test -n "$(SWEEP)" || { echo "make growth SWEEP=NAME (sweeps: $(SWEEPS))" >&2; exit 2; }
	@$(MAKE) --no-print-directory -s -C analysis
	@scripts/growth.sh $${DLCAP_RESULTS:-results}/raw/sweeps/$(SWEEP) $(GROWTH_OUT) "$(SWEEP)"

# The emulator's per-job overhead: one low-load sweep per DL runtime slack.
OVERHEAD_SWEEPS := overhead-slack0 overhead-slack500 overhead-slack2000
overhead: deps
	@$(MAKE) --no-print-directory $(addprefix sweep-run-,$(OVERHEAD_SWEEPS))
	@mkdir -p results/overhead
	@scripts/overhead-table.sh $(addprefix results/sweeps/,$(OVERHEAD_SWEEPS)) > results/overhead/points.csv
	@column -s, -t results/overhead/points.csv | cut -c1-170

# The fallback knob on the three-class topology (seed 006), checked;
# summary.csv is summary.txt's table without the verdict.
FALLBACK_RAW := results/raw/$(PATCHED)/dynamiq3/fallback
FALLBACK := results/fallback$(TREE_SFX)
fallback: deps
	@$(MAKE) --no-print-directory $(FALLBACK_RAW)/.done
	@mkdir -p $(FALLBACK)
	@set -o pipefail; scripts/expect-fallback.sh $(FALLBACK_RAW) | tee $(FALLBACK)/summary.txt
	@scripts/class-share-csv.sh $(FALLBACK)/summary.txt $(FALLBACK)
	@scripts/results-manifest.sh fallback$(TREE_SFX)

# RT tasks with util_min 0 / 512 / 1024 (seed 007), two topologies, checked;
# summary.txt's table per topology in TOPOLOGY.csv.
RTU_RAW := results/raw/$(STOCK)/hikey960/rt-uclamp results/raw/$(STOCK)/dynamiq3/rt-uclamp
RTU := results/rt-uclamp$(TREE_SFX)
rt-uclamp: deps
	@$(MAKE) --no-print-directory $(addsuffix /.done,$(RTU_RAW))
	@mkdir -p $(RTU)
	@set -o pipefail; scripts/expect-rt-uclamp.sh $(RTU_RAW) | tee $(RTU)/summary.txt
	@scripts/class-share-csv.sh $(RTU)/summary.txt $(RTU)
	@scripts/results-manifest.sh rt-uclamp$(TREE_SFX)

# dlgen's own accuracy and per-job cost (one boot, ~30 s).
BENCH_DLGEN_RAW := results/raw/stock/hikey960/bench-dlgen
bench-dlgen: deps
	@$(MAKE) --no-print-directory $(BENCH_DLGEN_RAW)/.done
	@scripts/bench-dlgen.sh $(BENCH_DLGEN_RAW) results/bench-dlgen/summary.csv
	@scripts/results-manifest.sh bench-dlgen

# Points per hour of one sweep, local runner against a one-node Slurm with
# 1, 2 and 4 array tasks at once (~15 min; run it on an otherwise idle host).
bench-slurm: deps
	@$(MAKE) --no-print-directory $(call kimage,patched) $(DLGEN) $(INITRAMFS) $(QEMU)
	@scripts/bench-slurm.sh results/slurm/throughput.csv

clean:
	$(MAKE) -C dlgen clean
	$(MAKE) -C probes clean
	$(MAKE) -C kselftest clean
	rm -rf results/raw initramfs/build

FORCE:
# Rerun the committed experiments and compare them point by point with
# their committed manifests (results/*/manifest.csv; results/index.csv).
reproduce: deps
	@scripts/reproduce.sh $(EXPERIMENTS)
rerun: deps
	@scripts/rerun.sh $(STEPS)

.PHONY: misfit-cost fsoff bench-quantum-phase bench-clockwrap dl-kselftest seeds-6.12 $(addsuffix -6.12,$(SEEDS)) rerun admission-oracle uniform-admission kunit-uniform-faults misfit kunit-misfit kunit-misfit-faults fair-server analysis growth bench-fidelity-v2 kunit-faults bench-slurm check-reproducible fuzz check-qemu-series reproduce all check build build-only deps kernel kernels check-series check-series-6.12 qemu run plot policies lelli hotplug-accounting bench-fidelity equivalence clean help FORCE \
	headline admission fallback rt-uclamp placement hotplug overhead bench-dlgen
