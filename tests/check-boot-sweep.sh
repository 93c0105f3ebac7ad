#!/bin/bash
# A sweep end to end (tests/sweeps/tiny.sweep, 8 points, two boots at once),
# its tables and figures, rerun with nothing to do, and through a real
# one-node Slurm. Sweeps write under DLCAP_RESULTS (tests/run.sh sets it).
# usage: tests/check-boot-sweep.sh WORKDIR  (tests/run.sh's boot folder:
# the boots stay there for the scripts after this one)
# Prints PASS:/FAIL: lines; exit 1 on any FAIL.
set -u
. "$(dirname "$0")/boot.sh"
boot_setup "$@"

echo "== a sweep end to end (tests/sweeps/tiny.sweep: 8 points, two boots at once)"
SWEEP_JOBS=2 scripts/sweep.sh tests/sweeps/tiny.sweep > "$work/sweep1.out" 2>&1; rc=$?
tail -4 "$work/sweep1.out"
res=$DLCAP_RESULTS/sweeps/tiny
expect "the tiny sweep runs (exit $rc) and points.csv has its 8 points, all ok" \
	sh -c "test $rc = 0 && test \$(grep -c ',ok,' '$res/points.csv') = 8"
expect "table.csv has one row per (policy, u) and shares.csv rows per class" \
	sh -c "test \$(wc -l < '$res/table.csv') = 5 && grep -q ',462,' '$res/shares.csv' && grep -q ',1024,' '$res/shares.csv'"
expect "the four sweep figures are written, PNG and PDF" \
	sh -c "for k in tardiness acceptance missratio share; do test -s '$res/'\$k.png && test -s '$res/'\$k.pdf || exit 1; done"
expect "admission in the sweep matches the arithmetic limits (scripts/expect-admission.sh)" \
	scripts/expect-admission.sh tests/sweeps/tiny.sweep "$res/points.csv"
expect "at U = 6.5 the series (capacity) refuses tasks, unaware (cpus) admits all 7.15" \
	sh -c "grep -q '^hikey960,series,patched,6.5,1,8,[0-7],' '$res/points.csv' && grep -q '^hikey960,unaware,patched,6.5,1,8,8,7.1500,7.1500,' '$res/points.csv'"
SWEEP_JOBS=1 scripts/sweep.sh tests/sweeps/tiny.sweep > "$work/sweep2.out" 2>&1
expect "SWEEP_JOBS=2 ran two boots (one per seed) of four points each" \
	sh -c "test \$(grep -c 'boot 1: 4 of 4 point' '$work/sweep1.out') = 2"
expect "running the sweep again with SWEEP_JOBS=1 boots nothing (the boots do not depend on it) and redraws nothing" \
	sh -c "test \$(grep -c 'done: 0 boot' '$work/sweep2.out') = 2 && grep -q 'up to date' '$work/sweep2.out'"
echo "== the tiny sweep through a real one-node Slurm (RUNNER=slurm), against the local run"
tests/check-slurm.sh "$DLCAP_RESULTS" || assert_failed=1
expect "the timeline plot renders from a sweep point" \
	scripts/plot-timeline.sh "$DLCAP_RESULTS/raw/sweeps/tiny/patched/hikey960/series-u2.5-s1" "$work/timeline" 0 100

exit $assert_failed
