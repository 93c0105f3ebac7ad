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
	test "$(awk -F, '$2 == "uniform" && $12 == 0' "$s" | wc -l)" = 3
check "capacity: not judged by the oracle (empty verdict columns)" \
	test "$(awk -F, '$2 == "capacity" && $4 == ""' "$s" | wc -l)" = 3
o=$tmp/ok/uniform-oracle.csv
# per set: every task a request; a request refused is one the oracle left out
is "uniform-oracle.csv: refusals are the tasks the oracle did not admit, in every set" \
	"$(awk -F, 'NR > 1 && $9 != $4 - split($5, a, " ")' "$o" | wc -l)" 0
is "uniform-summary.csv: requests and refusals are the sets' sums (rk3399)" \
	"$(awk -F, '$1 == "rk3399" && $2 == "uniform" { print $8, $9, $10 }' "$s")" \
	"$(awk -F, '$1 == "rk3399" { r += $4; f += $9; p += $10 } END { print r, f, p }' "$o")"
# uniform-bw.csv: the uniform rows are the oracle's bandwidth (every set
# matched), the condition rows its no-margin twin, per U
# (uniform-bw.csv rounds to 1e-4 CPU)
is "uniform-bw.csv: uniform's mean admitted bandwidth is the oracle's, at each of rk3399's 8 U values" \
	"$(awk -F, 'FNR == 1 { f++; next } f == 1 && $1 == "rk3399" { b[$2] += $12; n[$2]++; next }
		$1 == "rk3399" && $3 == "uniform" { d = $5 - b[$2] / n[$2]; if (d < 0) d = -d; if (d < 0.0001) ok++ }
		END { print ok + 0 }' "$o" "$tmp/ok/uniform-bw.csv")" 8
"$top/scripts/plot-uniform.sh" "$tmp/ok" rk3399 > /dev/null 2>&1; rc=$?
check "plot-uniform.sh: the figure of rk3399 (exit $rc)" test "$rc" = 0 -a -s "$tmp/ok/uniform-rk3399.png" -a -s "$tmp/ok/uniform-rk3399.pdf"
"$top/scripts/plot-uniform.sh" "$tmp/ok" nosuch > /dev/null 2> "$tmp/err"; rc=$?
check "plot-uniform.sh: a topology without rows refused, one line ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1

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
	test "$(awk -F, '$8 == "MISMATCH" { print $1, $2, $3 }' "$tmp/bad/uniform-oracle.csv")" = "rk3399 5 1"
check "uniform-summary.csv: 1 mismatch on rk3399" \
	test "$(awk -F, '$1 == "rk3399" && $2 == "uniform" { print $6 }' "$tmp/bad/uniform-summary.csv")" = 1
[ "$assert_failed" = 0 ]
