#!/bin/bash
# scripts/expect-uniform.sh (dl_admission=uniform against its oracle) on
# the committed admission-uniform sweep (3 topologies, 48 sets, host
# only: the task sets again from the sweep file, ana-feasible): it passes
# with every uniform set as the oracle admits and no uniform set failing
# the condition, and fails naming the set when the kernel's admitted tasks
# of one set are made to differ (one task dropped from a uniform point).
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s -C "$top/analysis" > /dev/null 2>&1 && make -s -C "$top/dlgen" > /dev/null 2>&1 ||
	{ echo "FAIL: analysis/ and dlgen/ build"; exit 1; }
mkdir -p "$tmp/res"
cp -r "$top/results/sweeps/admission-uniform" "$tmp/res/"
export ANALYSIS_RESULTS=$tmp/res

"$top/scripts/expect-uniform.sh" admission-uniform "$tmp/ok" > "$tmp/out" 2>&1; rc=$?
check "the committed sweep passes (exit $rc: $(grep -c 'as the oracle admits' "$tmp/out") oracle lines)" test "$rc" = 0
s=$tmp/ok/uniform-summary.csv
check "uniform-summary.csv: a row per topology and policy (3 x 2)" test "$(tail -n +2 "$s" | wc -l)" = 6
check "uniform: every set as the oracle admits, none without a point, on each topology" \
	test "$(awk -F, '$2 == "uniform" && $3 > 0 && $4 == $3 && $6 == 0 && $7 == 0' "$s" | wc -l)" = 3
check "uniform: no admitted set fails the condition by reservation" \
	test "$(awk -F, '$2 == "uniform" && $8 == 0' "$s" | wc -l)" = 3
check "capacity: not judged by the oracle (empty verdict columns)" \
	test "$(awk -F, '$2 == "capacity" && $4 == ""' "$s" | wc -l)" = 3

# the kernel admitted one task fewer in one uniform set (rk3399, U = 5,
# seed 1): a mismatch, named
# (shares.csv loses its rows, points.csv's admitted_tasks one, as a point
# of that kernel would have them)
grep -v '^rk3399,uniform,5,1,task1,' "$top/results/sweeps/admission-uniform/shares.csv" > "$tmp/res/admission-uniform/shares.csv"
awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	$c["topology"] == "rk3399" && $c["policy"] == "uniform" && $c["u"] == 5 && $c["seed"] == 1 { $c["admitted_tasks"]-- }
	{ print }' "$top/results/sweeps/admission-uniform/points.csv" > "$tmp/res/admission-uniform/points.csv"
"$top/scripts/expect-uniform.sh" admission-uniform "$tmp/bad" > "$tmp/out" 2>&1; rc=$?
check "one task dropped from rk3399 U = 5 seed 1: exit 1 (got $rc)" test "$rc" = 1
check "uniform-oracle.csv: exactly that set a MISMATCH" \
	test "$(grep -c ',MISMATCH$' "$tmp/bad/uniform-oracle.csv")" = 1 -a "$(grep -c '^rk3399,5,1,.*,MISMATCH$' "$tmp/bad/uniform-oracle.csv")" = 1
check "uniform-summary.csv: 1 mismatch on rk3399" \
	test "$(awk -F, '$1 == "rk3399" && $2 == "uniform" { print $6 }' "$tmp/bad/uniform-summary.csv")" = 1
[ "$assert_failed" = 0 ]
