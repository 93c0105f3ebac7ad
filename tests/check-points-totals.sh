#!/bin/bash
# scripts/points-totals.sh: a sweep's counts per (topology, policy, u) and
# rolled up, against totals worked out by hand from a made points.csv; a
# failed point counts as a point and a failure, not in the job sums; bad
# input exits 2.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d /tmp/dlcap-pt.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
s=$top/scripts/points-totals.sh

# Two topologies; on t1 policies a and b at u 2 and 3, seeds 1 and 2; on
# t2 policy a at u 2 only. b's u 3 seed 2 point failed (its 50 jobs and 50
# late ones must not count).
{
	echo "topology,policy,kernel,u,seed,jobs,late_jobs,status"
	echo "t1,a,k,2,1,100,0,ok"
	echo "t1,a,k,2,2,120,3,ok"
	echo "t1,b,k,2,1,100,1,ok"
	echo "t1,b,k,2,2,120,0,ok"
	echo "t1,a,k,3,1,90,10,ok"
	echo "t1,a,k,3,2,80,5,ok"
	echo "t1,b,k,3,1,90,7,ok"
	echo "t1,b,k,3,2,50,50,failed"
	echo "t2,a,k,2,1,40,2,ok"
} > "$tmp/points.csv"
# By hand: t1,a,2: 2 points, 220 jobs, 3 late; t1,b,2: 220, 1; t1,a,3:
# 170, 15; t1,b,3: 2 points, 1 failed, 90, 7; t2,a,2: 40, 2. Rolled up:
# t1,a,all 4 points 390/18; t1,b,all 4 (1 failed) 310/8; t2,a,all 1 40/2;
# t1,all,all 8 (1) 700/26; t2,all,all 1 40/2; all,all,all 9 (1) 740/28.
cat > "$tmp/want.csv" <<'EOT'
topology,policy,u,points,failed,jobs,late_jobs
t1,a,2,2,0,220,3
t1,b,2,2,0,220,1
t1,a,3,2,0,170,15
t1,b,3,2,1,90,7
t2,a,2,1,0,40,2
t1,a,all,4,0,390,18
t1,b,all,4,1,310,8
t2,a,all,1,0,40,2
t1,all,all,8,1,700,26
t2,all,all,1,0,40,2
all,all,all,9,1,740,28
EOT
"$s" "$tmp/points.csv" > "$tmp/got.csv"; rc=$?
check "the totals worked out by hand, failed point counted but not summed (exit $rc)" \
	sh -c "test $rc = 0 && diff '$tmp/want.csv' '$tmp/got.csv' >&2"
# a points.csv without a late_jobs column: exit 2, naming it
sed '1s/late_jobs/late/' "$tmp/points.csv" > "$tmp/nolate.csv"
"$s" "$tmp/nolate.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "a points.csv without late_jobs: exit 2 naming the column (exit $rc)" \
	sh -c "test $rc = 2 && grep -q 'no column late_jobs' '$tmp/err'"
head -1 "$tmp/points.csv" > "$tmp/empty.csv"
"$s" "$tmp/empty.csv" > /dev/null 2>&1; rc=$?
check "a points.csv with no point: exit 2 (exit $rc)" test "$rc" = 2
"$s" "$tmp/missing.csv" > /dev/null 2>&1; rc=$?
check "no such file: non-zero (exit $rc)" test "$rc" != 0
# the committed derived tables are what the script gives on their points
for d in $(cd "$top/results/sweeps" && ls -d */totals.csv | sed "s,/totals.csv$,,"); do
	check "results/sweeps/$d/totals.csv is points-totals.sh of its points.csv" \
		sh -c "'$s' '$top/results/sweeps/$d/points.csv' | cmp -s - '$top/results/sweeps/$d/totals.csv'"
done
exit $assert_failed
