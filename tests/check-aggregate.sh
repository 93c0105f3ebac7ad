#!/bin/bash
# scripts/sweep-aggregate.sh's primary metric (issue 32): work_frac, the
# work of the jobs done by their deadline over the work every task of the
# set releases in the run, refused tasks included, against a point made
# by hand; a job logged past the release rule, or a task not in the
# sweep's set, stops it with one line naming the file.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
. "$top/scripts/lib.sh"
tmp=$(mktemp -d /tmp/dlcap-agg.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
raw=$tmp/results/raw/sweeps/w
mkdir -p "$raw/tasksets" "$raw/p/t/a-u2-s1"
echo "topology = t" > "$tmp/w.sweep"
echo "point,kernel,topology,policy,u,seed,replicate,dir
a-u2-s1,p,t,a,2,1,1,p/t/a-u2-s1" > "$raw/index.csv"
# Timer-first tasks (as dlgen-gen writes them): first release one period
# after the start. A 1 s run releases t0 (100 ms) at 100..900: 9 jobs of
# 30 ms of work, 270 ms; t1 (50 ms) at 50..950: 19 of 10 ms, 190 ms; t2
# (200 ms, refused) at 200..800: 4 of 50 ms, 200 ms. Offered: 660 ms.
cat > "$raw/tasksets/u2-s1.json" <<'EOT'
{ "global" : { "duration" : 1 }, "tasks" : {
  "t0" : { "policy" : "SCHED_DEADLINE", "timer" : { "ref" : "a", "period" : 100000, "mode" : "absolute" }, "run" : 30000, "dl-runtime" : 33000, "dl-period" : 100000, "dl-deadline" : 100000 },
  "t1" : { "policy" : "SCHED_DEADLINE", "timer" : { "ref" : "b", "period" : 50000, "mode" : "absolute" }, "run" : 10000, "dl-runtime" : 11000, "dl-period" : 50000, "dl-deadline" : 50000 },
  "t2" : { "policy" : "SCHED_DEADLINE", "timer" : { "ref" : "c", "period" : 200000, "mode" : "absolute" }, "run" : 50000, "dl-runtime" : 55000, "dl-period" : 200000, "dl-deadline" : 200000 } } }
EOT
d=$raw/p/t/a-u2-s1
echo 0 > "$d/rc"
echo '{ "cpu_capacity" : [ 1024, 1024 ], "duration_ns" : 1000000000 }' > "$d/summary.json"
cat > "$d/tasks.csv" <<'EOT'
task,instance,period_ns,dl_runtime_ns,dl_period_ns,admitted,density,busy_ns_by_cpu
t0,0,100000000,33000000,100000000,1,0.33,0=270000000
t1,0,50000000,11000000,50000000,1,0.22,1=170000000
t2,0,200000000,55000000,200000000,0,0.275,
EOT
# Logged: t0 all 9, jobs 3 and 5 late: 7 met, 210 ms. t1 17 (its last two
# releases never started), job 4 late, job 8 exactly on its deadline
# (met), job 16 cut by the watchdog (not met, whatever its lateness): 15
# met, 150 ms. Met: 360 ms of 660: 0.545455.
{
	echo "task,instance,job,lateness_ns,cut"
	for j in 0 1 2 3 4 5 6 7 8; do
		case $j in 3|5) l=1000 ;; *) l=-1000 ;; esac
		echo "t0,0,$j,$l,0"
	done
	for j in $(seq 0 16); do
		l=-5; c=0
		case $j in 4) l=7 ;; 8) l=0 ;; 16) c=1 ;; esac
		echo "t1,0,$j,$l,$c"
	done
} > "$d/jobs.csv"
# the plan run's host time as run-batch.sh records it in OUTDIR/run.txt
printf '%s\n' "===== 2026-12-07T10:00:00Z" "kernel: p (x)" "topology: t (1024 1024)" "plan: w-p-s1" \
	"timing: quantum" "host seconds: 1528, boots: 1, qemu exit: 0" > "$raw/p/t/run.txt"
agg() { DLCAP_RESULTS=$tmp/results "$top/scripts/sweep-aggregate.sh" "$tmp/w.sweep" "$tmp/out" > /dev/null 2> "$tmp/err"; }
agg; rc=$?
got=$(csv_awk 'FNR == 1 { header(); next } { print $col("offered_work_ns"), $col("met_work_ns"), $col("work_frac"), $col("jobs"), $col("late_jobs") }' "$tmp/out/points.csv" 2>&1)
check "work_frac by hand: 660 ms offered (the refused task's 200 and t1's two unstarted jobs in it), 360 met (late and cut jobs not, one ending on its deadline so): 0.545455, 3 late of 26 logged (exit $rc; got $got)" \
	test "$rc $got" = "0 660000000 360000000 0.545455 26 3"
is "boots.csv: the plan run's 1528 host seconds in 1 boot, from p/t/run.txt (scripts/boot-seconds.sh)" \
	"$(grep '^p,t,' "$tmp/out/boots.csv" 2>&1)" "p,t,w-p-s1,1,1,1528,1528,1528"

# a 10th t0 job: the set releases 9 in the run
echo "t0,0,9,-1,0" >> "$d/jobs.csv"
agg; rc=$?
check "a task logging more jobs than its set releases stops the aggregation, naming jobs.csv:line ($(head -1 "$tmp/err"))" \
	sh -c "test $rc != 0 && grep -q 'a-u2-s1/jobs.csv:28: task t0 logged more jobs than its set releases' '$tmp/err'"
sed -i '$d' "$d/jobs.csv"
sed -i 's/^t2,/t9,/' "$d/tasks.csv"
agg; rc=$?
check "a task the sweep's set lacks stops it, naming tasks.csv:line ($(head -1 "$tmp/err"))" \
	sh -c "test $rc != 0 && grep -q 'a-u2-s1/tasks.csv:4: task t9 is not in the sweep.s set u2-s1' '$tmp/err'"
exit $assert_failed
