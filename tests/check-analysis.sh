#!/bin/bash
# The analysis tools (analysis/: feasibility, reference schedules,
# Devi-Anderson, statistics) on hand-worked cases and on the committed
# sweeps, host only (a few seconds).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=${KEEP_TMP:-$(mktemp -d)}; [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
analysis_built
for t in "$bin"/test_*; do
	"$t" || assert_failed=1
done

# ana-stats on a fixture whose answer is worked out in its comments here:
# g1/A: sets s1 (replicates 0, 2) and s2 (3, 3): mean 2, nested percentile
#   interval [0.5, 3] (as tests/test_stats.c); g1: A - B per set = 1 - -1
#   = 2 and 3 - 2 = 1, p = 2/4 = 0.5; g2: A - B = 1 in each of 6 sets,
#   p = 2/64 = 0.03125. Holm over the 2 rows: 0.0625, 0.5.
f=$top/tests/data/analysis-stats.csv
"$bin/ana-stats" ci "$f" > "$tmp/ci.csv"
row() { csv_awk -v g="$2" -v p="$3" -v c="$4" 'FNR == 1 { header(); next } $1 == g && $2 == p { print $col(c) }' "$1"; }
check "ana-stats ci: g1/A mean 2 over 2 sets of 4 values, nested interval [0.5, 3] ($(grep '^g1,A' "$tmp/ci.csv"))" \
	test "$(grep '^g1,A,' "$tmp/ci.csv")" = "g1,A,2,4,2.000000,0.500000,3.000000"
"$bin/ana-stats" diff "$f" > "$tmp/diff.csv"
check "ana-stats diff: g1 A - B mean 1.5 over 2 sets, p 0.5, Holm 0.5, not separated ($(grep '^g1,' "$tmp/diff.csv"))" \
	sh -c "grep -q '^g1,A,B,2,1.500000,[0-9.]*,[0-9.]*,0.500000,0.500000,0$' '$tmp/diff.csv'"
check "ana-stats diff: g2 A - B = 1 in all 6 sets: p 0.03125, Holm 0.0625 (x 2 comparisons), not separated at 0.05 ($(grep '^g2,' "$tmp/diff.csv"))" \
	sh -c "grep -q '^g2,A,B,6,1.000000,1.000000,1.000000,0.031250,0.062500,0$' '$tmp/diff.csv'"
# analysis-compare: a comparison named b - a in the file is turned round
mkdir -p "$tmp/cmp"
{ echo "group,a,b,sets,mean_diff,lo,hi,p,p_holm,separated"
  echo "t:1,x,y,3,0.500000,0.100000,0.900000,0.250000,0.500000,0"
  echo "t:1,x,z,3,0.200000,0.000000,0.300000,0.250000,0.500000,0"; } > "$tmp/cmp/primary-diff.csv"
printf 'comparison,a,b\ny over x,y,x\nx over y,x,y\nnone here,w,x\n' > "$tmp/cmp/comparisons.csv"
"$top/scripts/analysis-compare.sh" "$tmp/cmp" "$tmp/cmp/comparisons.csv" 2> /dev/null
check "analysis-compare: y - x is -(x - y) with its interval turned round, x - y as it is, a pair the sweep lacks left out ($(tail -n +2 "$tmp/cmp/design.csv" | tr '\n' ' '))" \
	sh -c "test \"\$(tail -n +2 '$tmp/cmp/design.csv' | tr '\n' ' ')\" = 't:1,t,1,y over x,y,x,3,-0.500000,-0.900000,-0.100000,0.250000,0.500000,0 t:1,t,1,x over y,x,y,3,0.500000,0.100000,0.900000,0.250000,0.500000,0 '"
# tree-compare: two sweeps of the same sets on two trees, set by set. p at
# u 1: A 0.5, 0.6, 0.7 over seeds 1-3 and B 0.6, 0.7, 0.9: B - A = 0.1,
# 0.1, 0.2, mean 0.133333, all positive: p = 2/8 = 0.25; means 0.6 and
# 0.733333. q (only in A) left out. A density B does not share stops it.
mkdir -p "$tmp/tc/A" "$tmp/tc/B"
for t in A B; do
	{ echo "topology,policy,kernel,u,seed,status,replicate,work_frac"
	  i=0; for v in $( [ $t = A ] && echo 0.5 0.6 0.7 || echo 0.6 0.7 0.9 ); do i=$((i + 1)); echo "t,p,k,1,$i,ok,1,$v"; done
	  [ $t = A ] && echo "t,q,k,1,1,ok,1,0.3"; } > "$tmp/tc/$t/points.csv"
	printf 'topology,policy,u,seed,task,instance,density,capacity,share,replicate\nt,p,1,1,x,0,0.25,1024,1,1\n' > "$tmp/tc/$t/shares.csv"
done
ANALYSIS_RESULTS=$tmp/tc "$top/scripts/tree-compare.sh" A B > "$tmp/tc.csv" 2> "$tmp/err"; rc=$?
check "tree-compare: B - A = 0.1, 0.1, 0.2 over 3 sets: mean 0.133333, p 0.25, means 0.6 and 0.733333, q (one tree only) left out (exit $rc: $(tail -n +2 "$tmp/tc.csv" | tr '\n' ' '))" \
	sh -c "test $rc = 0 && test \$(wc -l < '$tmp/tc.csv') = 2 && grep -q '^t,1,p,3,0.600000,0.733333,0.133333,[0-9.]*,[0-9.]*,0.250000,0.250000,0$' '$tmp/tc.csv'"
sed -i 's/,0.25,1024,/,0.26,1024,/' "$tmp/tc/B/shares.csv"
ANALYSIS_RESULTS=$tmp/tc "$top/scripts/tree-compare.sh" A B > /dev/null 2> "$tmp/err"; rc=$?
check "tree-compare: a task whose density differs between the sweeps stops it, naming file:line ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q 'B/shares.csv:2: task x of u 1 seed 1 has density 0.26' '$tmp/err'"
printf 'group,policy,set,value\ng,A,s,1\n' > "$tmp/nocol.csv"
"$bin/ana-stats" ci "$tmp/nocol.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "ana-stats: a missing column exits 2 with one line naming it ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'no column replicate' '$tmp/err'"
printf 'k,task,period_ns,run_ns,res_ns,dl_period_ns,caps\na,t0,10,x,1,10,1024\n' > "$tmp/bad.csv"
"$bin/ana-feasible" "$tmp/bad.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "ana-feasible: a bad number exits 2 naming file:line and column ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'bad.csv:2: run_ns' '$tmp/err'"
printf 'k,task,period_ns,run_ns,res_ns,dl_period_ns,caps\na,t0,10,1,1,10,1024;0\n' > "$tmp/bad.csv"
"$bin/ana-refsched" --horizon-ms 1 "$tmp/bad.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "ana-refsched: a capacity of 0 exits 2 naming the caps ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'bad.csv:2: caps' '$tmp/err'"
printf 'k,task,period_ns,run_ns,res_ns,dl_period_ns,caps\na,t0,10,1,1,10,1024;512\n' > "$tmp/asym.csv"
"$bin/ana-devi" "$tmp/asym.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "ana-devi: CPUs of different capacities exit 2 saying so" \
	sh -c "test $rc = 2 && grep -q 'not identical CPUs' '$tmp/err'"

# Issue 30's numbers from the committed sweeps: the series' admitted sets
# that fail the uniform condition, by reservation and by work (RK3399: 20
# and 8 of 45; HiKey960: 1 and 0). scripts/analysis.sh first checks the
# regenerated sets against the committed densities and admitted counts.
infeasible() { csv_awk -v p="$2" 'FNR == 1 { header(); next } $col("policy") == p { n++; r += !$col("feasible_res"); w += !$col("feasible_work") }
	END { print n, r, w }' "$1"; }
for s in rk3399:20:8 hikey960:1:0; do
	IFS=: read -r t r w <<< "$s"
	if DLCAP_RESULTS=$tmp/results "$top/scripts/analysis.sh" "headline-$t" "$tmp/$t" > "$tmp/$t.log" 2>&1; then
		got=$(infeasible "$tmp/$t/feasibility.csv" series)
		check "headline-$t: of 45 sets the series admitted, $r infeasible by reservation, $w by work (got: sets, by res, by work = $got)" \
			test "$got" = "45 $r $w"
		if [ "$t" = rk3399 ] && "$top/scripts/analysis-stats.sh" "$tmp/$t" > /dev/null 2>&1; then
			check "analysis-stats feasible-count.csv: the series over all U is 45 sets, $r and $w infeasible, as counted here ($(grep '^rk3399,series,all,' "$tmp/$t/feasible-count.csv"))" \
				grep -qx "rk3399,series,all,45,$r,$w" "$tmp/$t/feasible-count.csv"
			pw=$(csv_awk 'FNR == 1 { header(); next } $col("policy") == "series" && $col("u") == 3 { print $col("prim_mean"), $col("prim_lo"), $col("prim_hi") }' "$tmp/$t/plot.csv")
			check "analysis-stats primary-wide.csv: the series' columns at U = 3 are plot.csv's mean and interval ($pw)" \
				test "$(csv_awk 'FNR == 1 { header(); next } $col("u") == 3 { print $col("series_mean"), $col("series_lo"), $col("series_hi") }' "$tmp/$t/primary-wide.csv")" = "$pw"
		fi
	else
		echo "FAIL: scripts/analysis.sh headline-$t"; sed 's/^/    /' "$tmp/$t.log"; assert_failed=1
	fi
done
# a changed density in shares.csv (another generator, another set) stops it
mkdir -p "$tmp/moved/headline-rk3399"
cp "$top/results/sweeps/headline-rk3399/points.csv" "$tmp/moved/headline-rk3399/"
awk -F, -v OFS=, 'NR == 2 { $7 = $7 + 0.001 } { print }' "$top/results/sweeps/headline-rk3399/shares.csv" \
	> "$tmp/moved/headline-rk3399/shares.csv"
ANALYSIS_RESULTS=$tmp/moved "$top/scripts/analysis.sh" headline-rk3399 "$tmp/moved-out" > /dev/null 2> "$tmp/err"; rc=$?
check "analysis.sh stops on a density the regenerated set does not have ($(tail -1 "$tmp/err"))" \
	sh -c "test $rc != 0 && grep -q 'shares.csv:2: density' '$tmp/err'"
exit $assert_failed
