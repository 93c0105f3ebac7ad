#!/bin/bash
# scripts/sweep-ratio.sh (two sweeps of the same sets: a points.csv
# column's mean over the points both ran, B over A, and its range over U)
# and scripts/policy-gap.sh (how far apart some policies' table.csv means
# are, per U and at most) on canned CSVs whose numbers are worked out by
# hand below, and their refusals.
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
res=$tmp/res/sweeps
mkdir -p "$res/short" "$res/long" "$res/gap"

# sweep-ratio.sh. short: seeds 1-2; long: seeds 1-3 (seed 3 has no pair).
#   x, U 1: short 1 and 3 (mean 2), long 3 and 5 (mean 4): ratio 2
#   x, U 2: short 2 and 2 (mean 2), long 5 and 1 (mean 3; seed 3's 100 has
#           no pair): ratio 1.5
#   x, U 3: short 0 and 0: no ratio, in no range; long 1 and 1
#   y, U 1: short seed 1 only ok (seed 2 failed in short), long 2 and 9:
#           one pair, 4 over 2: ratio 2
#   x, U 4: only in short: no row
# x all: 6 pairs (2 + 2 + 2), range 1.5-2; y all: 1 pair, 2-2
hdr="topology,policy,u,seed,replicate,max_tard,status"
{
	echo "$hdr"
	echo "h,x,1,1,1,1,ok"; echo "h,x,1,2,1,3,ok"
	echo "h,x,2,1,1,2,ok"; echo "h,x,2,2,1,2,ok"
	echo "h,x,3,1,1,0,ok"; echo "h,x,3,2,1,0,ok"
	echo "h,y,1,1,1,2,ok"; echo "h,y,1,2,1,7,failed"
	echo "h,x,4,1,1,1,ok"
} > "$res/short/points.csv"
{
	echo "status,topology,policy,u,seed,replicate,max_tard"	# another order: read by name
	echo "ok,h,x,1,1,1,3"; echo "ok,h,x,1,2,1,5"
	echo "ok,h,x,2,1,1,5"; echo "ok,h,x,2,2,1,1"; echo "ok,h,x,2,3,1,100"
	echo "ok,h,x,3,1,1,1"; echo "ok,h,x,3,2,1,1"
	echo "ok,h,y,1,1,1,4"; echo "ok,h,y,1,2,1,9"
} > "$res/long/points.csv"
DLCAP_RESULTS=$tmp/res "$top/scripts/sweep-ratio.sh" short long max_tard > "$tmp/out" 2> "$tmp/err"; rc=$?
is "sweep-ratio.sh: exit 0, every row worked out by hand ($(head -1 "$tmp/err"))" "$rc
$(cat "$tmp/out")" "0
topology,policy,u,pairs,a_mean,b_mean,ratio,ratio_min,ratio_max
h,x,1,2,2.00000,4.00000,2.000,2.000,2.000
h,x,2,2,2.00000,3.00000,1.500,1.500,1.500
h,x,3,2,0.00000,1.00000,,,
h,x,all,6,,,,1.500,2.000
h,y,1,1,2.00000,4.00000,2.000,2.000,2.000
h,y,all,1,,,,2.000,2.000"
# U 2 and 3 only: x's range is U 2's alone; y has no row
DLCAP_RESULTS=$tmp/res "$top/scripts/sweep-ratio.sh" short long max_tard 2 3 > "$tmp/out" 2> "$tmp/err"; rc=$?
is "sweep-ratio.sh U = 2 3: only those U, x all over them, y has none" "$rc
$(sed 1d "$tmp/out")" "0
h,x,2,2,2.00000,3.00000,1.500,1.500,1.500
h,x,3,2,0.00000,1.00000,,,
h,x,all,4,,,,1.500,1.500"
DLCAP_RESULTS=$tmp/res "$top/scripts/sweep-ratio.sh" short long p99_tard > "$tmp/out" 2> "$tmp/err"; rc=$?
check "sweep-ratio.sh: a column points.csv lacks: nonzero, named, no row ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" != 0 -a "$(grep -c 'no column p99_tard' "$tmp/err")" = 1 -a "$(grep -c '^h,' "$tmp/out")" = 0
DLCAP_RESULTS=$tmp/res "$top/scripts/sweep-ratio.sh" short none max_tard > "$tmp/out" 2> "$tmp/err"; rc=$?
check "sweep-ratio.sh: a sweep without points.csv: nonzero, named ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" != 0 -a "$(grep -c 'sweeps/none/points.csv' "$tmp/err")" = 1
DLCAP_RESULTS=$tmp/res "$top/scripts/sweep-ratio.sh" short long max_tard 9 > "$tmp/out" 2> "$tmp/err"; rc=$?
check "sweep-ratio.sh: no pair (U 9): nonzero, said ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" != 0 -a "$(grep -c 'no point of one sweep is in the other' "$tmp/err")" = 1

# policy-gap.sh over a, b, c (d is another policy: ignored)
#   U 1: p99 1, 3, 2 -> gap 2; miss 0.10, 0.05, 0.07 -> 0.05
#   U 2: p99 5, 4.5, 6 -> 1.5; miss 0.2, 0.3, 0.25 -> 0.1; d's 90 not counted
#   U 3: only a and b: p99 7, 7 -> 0; miss 0.5, 0.4 -> 0.1 (policies 2)
#   U 4: only a: no row
#   all: p99 2 (U 1), miss 0.1 (U 2, 3)
{
	echo "topology,policy,u,n,miss_ratio,p99_tard"
	echo "r,a,1,5,0.10,1"; echo "r,b,1,5,0.05,3"; echo "r,c,1,5,0.07,2"
	echo "r,a,2,5,0.2,5"; echo "r,b,2,5,0.3,4.5"; echo "r,c,2,5,0.25,6"; echo "r,d,2,5,0.9,90"
	echo "r,a,3,5,0.5,7"; echo "r,b,3,5,0.4,7"
	echo "r,a,4,5,0.6,8"
} > "$res/gap/table.csv"
DLCAP_RESULTS=$tmp/res "$top/scripts/policy-gap.sh" gap a,b,c p99_tard miss_ratio > "$tmp/out" 2> "$tmp/err"; rc=$?
is "policy-gap.sh: exit 0, every row worked out by hand ($(head -1 "$tmp/err"))" "$rc
$(cat "$tmp/out")" "0
topology,u,policies,p99_tard_gap,miss_ratio_gap
r,1,3,2.00000,0.05000
r,2,3,1.50000,0.10000
r,3,2,0.00000,0.10000
r,all,3,2.00000,0.10000"
DLCAP_RESULTS=$tmp/res "$top/scripts/policy-gap.sh" gap a,e p99_tard > "$tmp/out" 2> "$tmp/err"; rc=$?
check "policy-gap.sh: a policy in no row: nonzero, named ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" != 0 -a "$(grep -c 'no row of policy e' "$tmp/err")" = 1
DLCAP_RESULTS=$tmp/res "$top/scripts/policy-gap.sh" gap a,b max_tard > "$tmp/out" 2> "$tmp/err"; rc=$?
check "policy-gap.sh: a column table.csv lacks: nonzero, named, no row ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" != 0 -a "$(grep -c 'no column max_tard' "$tmp/err")" = 1 -a "$(grep -c '^r,' "$tmp/out")" = 0
DLCAP_RESULTS=$tmp/res "$top/scripts/policy-gap.sh" gap a p99_tard > "$tmp/out" 2> "$tmp/err"; rc=$?
check "policy-gap.sh: one policy is no gap: nonzero, said ($rc: $(head -1 "$tmp/err"))" \
	test "$rc" != 0 -a "$(grep -c "'a' is not POLICY,POLICY" "$tmp/err")" = 1
[ "$assert_failed" = 0 ]
