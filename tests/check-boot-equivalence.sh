#!/bin/bash
# Stock equivalence, job by job: experiments/plans/equiv.plan on stock and
# patched (default knobs) admits and places every job alike; the
# comparison itself sees one job moved.
# usage: tests/check-boot-equivalence.sh WORKDIR  (tests/run.sh's boot folder:
# the boots stay there for the scripts after this one)
# Prints PASS:/FAIL: lines; exit 1 on any FAIL.
set -u
. "$(dirname "$0")/boot.sh"
boot_setup "$@"

echo "== stock equivalence, job by job (experiments/plans/equiv.plan on both kernels, two boots at once)"
scripts/run-batch.sh stock hikey960 equiv "$work/equiv-stock" > "$work/equiv-stock.out" 2>&1 &
scripts/run-batch.sh patched hikey960 equiv "$work/equiv-patched" > "$work/equiv-patched.out" 2>&1; rc=$?
wait $! || rc=$((rc + $?))
expect "the equivalence plan runs on stock and patched (exit $rc)" test "$rc" = 0
scripts/compare-jobs.sh "$work/equiv-stock" "$work/equiv-patched" cover adm lelli > "$work/equiv.csv"
column -s, -t "$work/equiv.csv"
# field POINT COLUMN FILE: compare-jobs' value (assert.sh's cell)
field() { cell "$3" point "$1" "$2"; }
for p in cover adm lelli; do
	expect "equivalence: $p admits the same instances on stock and patched" \
		test "$(field $p same_admission "$work/equiv.csv")" = yes
done
expect "equivalence: cover letter, every job on the same capacity class and late alike ($(field cover same_class "$work/equiv.csv") of $(field cover jobs "$work/equiv.csv"))" \
	sh -c "test $(field cover jobs "$work/equiv.csv") -gt 900 && test $(field cover same_class "$work/equiv.csv") = $(field cover jobs "$work/equiv.csv") && test $(field cover same_late "$work/equiv.csv") = $(field cover jobs "$work/equiv.csv")"
# the comparison sees one job moved to the other class
cp -r "$work/equiv-stock" "$work/equiv-moved"
csv_awk -v OFS=, 'FNR == 1 { header(); print; next }
	FNR == 2 { c = $col("cpu_start") >= 4 ? 0 : 4; $col("cpu_start") = c; $col("cpu_end") = c } { print }' \
	"$work/equiv-stock/cover/jobs.csv" > "$work/equiv-moved/cover/jobs.csv"
scripts/compare-jobs.sh "$work/equiv-stock" "$work/equiv-moved" cover > "$work/equiv-moved.csv"
expect "compare-jobs counts a job moved to another class ($(field cover same_class "$work/equiv-moved.csv") of $(field cover jobs "$work/equiv-moved.csv"))" \
	test "$(field cover same_class "$work/equiv-moved.csv")" = $(($(field cover jobs "$work/equiv-moved.csv") - 1))

exit $assert_failed
