#!/bin/bash
# scripts/rerun.sh without running anything: its steps follow the sweep
# list (a sweep step and an analysis or growth step per sweep, the tables
# last), and bad input stops it with one line naming what is wrong.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d /tmp/dlcap-rerun.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
r=$top/scripts/rerun.sh
printf '# comment\nevidence-rk3399-n12-p20-100\n\ngrowth-rk3399\n' > "$tmp/two.list"
RERUN_LIST=$tmp/two.list "$r" --list > "$tmp/steps" 2>&1
check "steps of a two-sweep list: reproduce, two sweeps, analysis of the paired one, growth of the long one, tables ($(cut -d' ' -f1 "$tmp/steps" | tr '\n' ' '))" \
	test "$(cut -d' ' -f1 "$tmp/steps" | tr '\n' ' ')" = "reproduce sweep-evidence-rk3399-n12-p20-100 sweep-growth-rk3399 analysis-evidence-rk3399-n12-p20-100 growth-growth-rk3399 tables "
check "the growth step runs make growth on its sweep" grep -qx 'growth-growth-rk3399 make growth SWEEP=growth-rk3399' "$tmp/steps"
check "the committed list's steps each name a sweep that exists" sh -c "'$r' --list > /dev/null"
sum=$(sha256sum < "$top/EXPERIMENTS.md")
n=$("$r" --list | wc -l)	# the committed list's steps; tables is the last
# an empty results/ for its checkpoints (scripts/checkpoint.sh): restoring
# and packing again the committed ones takes minutes and tests nothing here
mkdir -p "$tmp/results"
DLCAP_RESULTS=$tmp/results DLCAP_CACHE=$tmp/cache "$r" tables > "$tmp/tables.out" 2>&1; rc=$?
check "one step runs alone (tables: exit $rc), its log in DLCAP_CACHE/rerun/, EXPERIMENTS.md unchanged when its tables are current, no checkpoint touched" \
	sh -c "test $rc = 0 && test -f '$tmp/cache/rerun/tables.log' && grep -q '\\[$n/$n\\] tables: done' '$tmp/tables.out' && test \"\$(sha256sum < '$top/EXPERIMENTS.md')\" = '$sum' && test -z \"\$(ls -A '$tmp/results')\""
printf 'evidence-nowhere\n' > "$tmp/bad.list"
RERUN_LIST=$tmp/bad.list "$r" --list > "$tmp/bad.out" 2>&1; rc=$?
check "a list naming a sweep that does not exist: exit 1, one line naming it (exit $rc)" \
	sh -c "test $rc = 1 && test \$(wc -l < '$tmp/bad.out') = 1 && grep -q 'no experiments/sweeps/evidence-nowhere.sweep' '$tmp/bad.out'"
RERUN_LIST=$tmp/two.list "$r" nosuch > "$tmp/step.out" 2>&1; rc=$?
check "an unknown step: exit 1, one line naming it, nothing run (exit $rc)" \
	sh -c "test $rc = 1 && test \$(wc -l < '$tmp/step.out') = 1 && grep -q \"no step 'nosuch'\" '$tmp/step.out'"
exit $assert_failed
