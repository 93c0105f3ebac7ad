#!/bin/bash
# The growth test (analysis/growth.h, ana-growth, scripts/growth.sh) on
# synthetic points whose answer is known, host only (a second):
#   A  a sawtooth of 2 s teeth, 0 to 3 periods, 30 s (bounded); a task
#      never late whose earliness shrinks (bounded: lateness is clipped at
#      0 before the slope); a task late from 0 to 4 periods over the first
#      10 s, then flat (bounded: only the second half's slope counts); a
#      refused task growing (left out)                      -> bounded
#   B  tardiness 0.4 period per second for 30 s             -> growing
#   C  the same for 1 s: 25 jobs in its second half (< 30)  -> inconclusive
#   D  seed 1: the sawtooth and the ramp (growing); seed 2: the sawtooth and
#      a 1 s task (15 jobs in its second half: inconclusive) -> growing
#   E  seed 1: the sawtooth (bounded); seed 2 as D's         -> inconclusive
# (a point is growing if one task is, bounded if all are; a (policy, U)
# likewise over its points)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=${KEEP_TMP:-$(mktemp -d)}; [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
analysis_built
# (its unit tests, analysis/tests/test_growth.c, run with every other
# analysis test in tests/check-analysis.sh)

# point DIR SECONDS TASK:PERIOD_MS:ADMITTED:SHAPE...: a point folder with
# dlgen's tasks.csv and jobs.csv headers, a job per period from t = 1 s
# (release_ns), lateness_ns from SHAPE at the job's release time t (s):
# saw (3 frac(t / 2) periods), early (-10 ms + 0.3 ms * t), knee (min(t,
# 10) * 0.4 periods), ramp (0.4 t periods).
point() {
	local d=$1 secs=$2 spec
	shift 2
	mkdir -p "$d"
	echo "task,instance,tid,policy,run_ns,period_ns,dl_runtime_ns,dl_deadline_ns,dl_period_ns,admitted,errno,jobs,misses,max_lateness_ns,density,mean_lateness_ns,p99_lateness_ns,overruns,util_min,util_max,busy_ns_by_cpu,taskgroup" > "$d/tasks.csv"
	echo "task,instance,job,release_ns,start_ns,end_ns,deadline_ns,lateness_ns,cpu_start,cpu_end,ncpus,migrations,work_ns,response_ns,overruns,cut,phase,throttles" > "$d/jobs.csv"
	for spec in "$@"; do
		IFS=: read -r name per adm shape <<< "$spec"
		echo "$name,0,1,SCHED_DEADLINE,1000000,$((per * 1000000)),1100000,$((per * 1000000)),$((per * 1000000)),$adm,0,0,0,0,0,0,0,0,-1,-1,0,-" >> "$d/tasks.csv"
		awk -v n="$name" -v p="$per" -v s="$secs" -v sh="$shape" 'BEGIN {
			P = p * 1e6
			for (j = 0; j * p < s * 1000; j++) {
				t = j * p / 1000; rel = 1e9 + j * P
				if (sh == "saw") l = 3 * (t / 2 - int(t / 2)) * P
				else if (sh == "early") l = -10e6 + 0.3e6 * t
				else if (sh == "knee") l = (t < 10 ? t : 10) * 0.4 * P
				else l = 0.4 * t * P
				printf "%s,0,%d,%.0f,%.0f,%.0f,%.0f,%.0f,0,0,1,0,1000000,1000000,0,0,0,0\n", n, j, rel, rel, rel + P + l, rel + P, l
			}
		}' >> "$d/jobs.csv"
	done
}
raw=$tmp/raw
point "$raw/A" 30 saw:20:1:saw calm:10:1:early knee:50:1:knee big:20:0:ramp
point "$raw/B" 30 ramp:20:1:ramp
point "$raw/C" 1 ramp:20:1:ramp
point "$raw/D1" 30 saw:20:1:saw ramp:20:1:ramp
point "$raw/D2" 30 saw:20:1:saw slow:1000:1:ramp
point "$raw/E1" 30 saw:20:1:saw
{
	echo "point,kernel,topology,policy,u,seed,replicate,dir"
	for p in A B C; do echo "pt$p,k,topo,pol$p,1,1,1,$p"; done
	echo "ptD1,k,topo,polD,1,1,1,D1"
	echo "ptD2,k,topo,polD,1,2,1,D2"
	echo "ptE1,k,topo,polE,1,1,1,E1"
	echo "ptE2,k,topo,polE,1,2,1,D2"
} > "$raw/index.csv"
if ! "$top/scripts/growth.sh" "$raw" "$tmp/out" fixture > "$tmp/growth.log" 2>&1; then
	echo "FAIL: scripts/growth.sh on the fixtures"; sed 's/^/    /' "$tmp/growth.log"; exit 1
fi
val() { csv_awk -v k="$2" -v v="$3" -v c="$4" 'FNR == 1 { header(); next } $col(k) == v { print $col(c) }' "$1"; }
for s in polA:bounded polB:growing polC:inconclusive polD:growing polE:inconclusive; do
	IFS=: read -r p want <<< "$s"
	got=$(val "$tmp/out/growth.csv" policy "$p" label)
	check "growth.sh: $p is $want (got $got; its tasks: $(val "$tmp/out/growth-tasks.csv" policy "$p" label | tr '\n' ' '))" \
		test "$got" = "$want"
done
got=$(val "$tmp/out/growth-tasks.csv" task calm label),$(val "$tmp/out/growth-tasks.csv" task calm slope),$(val "$tmp/out/growth-tasks.csv" task calm max)
check "ana-growth: a task never late is bounded, slope and max tardiness 0 (lateness clipped; got $got)" test "$got" = "bounded,0.000000,0.000000"
for s in ptD1:growing ptD2:inconclusive ptE1:bounded; do
	IFS=: read -r p want <<< "$s"
	got=$(val "$tmp/out/growth-points.csv" point "$p" label)
	check "growth.sh: point $p is $want (got $got)" test "$got" = "$want"
done
got=$(val "$tmp/out/growth-tasks.csv" task knee label)
check "ana-growth: late up to 4 periods by 10 s, then flat: bounded (the second half's slope; got $got)" test "$got" = bounded
got=$(val "$tmp/out/growth-tasks.csv" task big label)
check "ana-growth: a refused task is left out (got '$got')" test -z "$got"
got=$(val "$tmp/out/growth-tasks.csv" policy polB slope),$(val "$tmp/out/growth-tasks.csv" policy polB slope_lo),$(val "$tmp/out/growth-tasks.csv" policy polB slope_hi)
check "ana-growth: 0.4 period per second, every resample too (got $got)" test "$got" = "0.400000,0.400000,0.400000"
got=$(val "$tmp/out/growth-tasks.csv" policy polC jobs_half2)
check "ana-growth: 1 s of a 20 ms task: 25 jobs in the second half (got $got)" test "$got" = 25
got=$(csv_awk 'FNR == 1 { header(); next } { n[$col("point")]++ } END { print n["ptA"] + 0, n["ptB"] + 0, n["ptC"] + 0 }' "$tmp/out/growth-series.csv")
check "growth.sh: the figure's series holds the worst task of each point (A: knee, m3 = 4 > saw's 2.97), every job (got A B C = $got; want 600 1500 50)" \
	test "$got" = "600 1500 50"
check "growth.sh: growth.png and growth.pdf" test -s "$tmp/out/growth.png" -a -s "$tmp/out/growth.pdf"

# bad input: one line naming the file, line and column; exit 2
cp -r "$raw/B" "$tmp/bad"
sed -i '1s/lateness_ns/late_ns/' "$tmp/bad/jobs.csv"
"$bin/ana-growth" "$tmp/bad" > /dev/null 2> "$tmp/err"; rc=$?
check "ana-growth: a missing column exits 2, one line naming it ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'jobs.csv: no column lateness_ns' '$tmp/err'"
cp "$raw/B/jobs.csv" "$tmp/bad/jobs.csv"
sed -i '5s/^ramp,/rump,/' "$tmp/bad/jobs.csv"
"$bin/ana-growth" "$tmp/bad" > /dev/null 2> "$tmp/err"; rc=$?
check "ana-growth: a job of a task tasks.csv lacks exits 2 naming file:line ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'jobs.csv:5: task: .rump.' '$tmp/err'"
cp "$raw/B/jobs.csv" "$tmp/bad/jobs.csv"
sed -i '7s/,[0-9]*,0,0,1,0,1000000/,x,0,0,1,0,1000000/' "$tmp/bad/jobs.csv"
"$bin/ana-growth" "$tmp/bad" > /dev/null 2> "$tmp/err"; rc=$?
check "ana-growth: a bad lateness exits 2 naming file:line and column ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q 'jobs.csv:7: lateness_ns' '$tmp/err'"
exit $assert_failed
