#!/bin/bash
# The derived CSVs behind numbers in EXPERIMENTS.md's prose, on canned data
# whose answers are worked out by hand below: scripts/phase-summary.sh (the
# tick-phase study per mode, section 2) and its refusals;
# scripts/fidelity-v2-table.sh's monotonic-summary.csv (the cross-CPU clock
# table of section 2); scripts/analysis-stats.sh's proxy-ci.csv (the former
# proxy metric per U and policy, section 24); scripts/boot-seconds.sh (the
# boots' host wall time per plan run, from run-batch's run.txt, section 25);
# scripts/reason-counts-table.sh (placement reasons per point, section 5);
# scripts/dlpush-summary.sh (dlpush's moves against the quantum, section 2).
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- scripts/phase-summary.sh ---
# Two modes (a, b), two starts each (c0, c1); task t0 has two instances of
# 10 ms work (one job each per start), t1 one instance of 5 ms.
#   a c0: t0 late 1, mean response 10.5, work 10.2 and 10.6 -> 10.4 (4%)
#         t1 late 0, 5.0, work 5.05 (1%)
#   a c1: t0 late 0, 10.1, work 10.0 and 10.2 -> 10.1 (1%); t1 5.2, 5.0 (0%)
#   b c0: t0 late 2, 12.0, work 11.0 and 11.0 -> 11.0 (10%); t1 5.1, 5.1 (2%)
#   b c1: t0 late 1, 11.0, work 10.5 and 10.7 -> 10.6 (6%); t1 5.3, 5.2 (4%)
# so a/t0: 2 starts, 1 late, 4 jobs, 1 late, 0-1 per start, response
# 10.1-10.5, work 10.1-10.4, 1-4%; b/t0: 2 late starts, 3 late, 1-2,
# 11.0-12.0, work 10.6-11.0, 6-10%; a/t1: 0 late, 5.0-5.2, 5.0-5.05, 0-1%;
# b/t1: 5.1-5.3, 5.1-5.2, 2-4%.
ph=$tmp/phase
mkdir -p "$ph"
{
	echo "mode,run,point,task,jobs,late_jobs,mean_response_ms"
	echo "a,1,c0,t0,2,1,10.500"
	echo "a,1,c0,t1,1,0,5.000"
	echo "a,1,c1,t0,2,0,10.100"
	echo "a,1,c1,t1,1,0,5.200"
	echo "b,1,c0,t0,2,2,12.000"
	echo "b,1,c0,t1,1,0,5.100"
	echo "b,1,c1,t0,2,1,11.000"
	echo "b,1,c1,t1,1,0,5.300"
} > "$ph/phase.csv"
# canned_point DIR T0WORK0 T0WORK1 T1WORK (ns): the raw jobs.csv and tasks.csv
canned_point() {
	mkdir -p "$1"
	{
		echo "task,instance,run_ns"
		echo "t0,0,10000000"
		echo "t0,1,10000000"
		echo "t1,0,5000000"
	} > "$1/tasks.csv"
	{
		echo "task,instance,job,work_ns"
		echo "t0,0,0,$2"
		echo "t1,0,0,$4"
		echo "t0,1,0,$3"
	} > "$1/jobs.csv"
}
canned_point "$ph/raw/a-1/c0" 10200000 10600000 5050000
canned_point "$ph/raw/a-1/c1" 10000000 10200000 5000000
canned_point "$ph/raw/b-1/c0" 11000000 11000000 5100000
canned_point "$ph/raw/b-1/c1" 10500000 10700000 5200000
"$top/scripts/phase-summary.sh" "$ph/phase.csv" "$ph/raw" "$ph/sum.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "phase-summary.sh: exit 0, a header and 4 rows ($rc, $(wc -l < "$ph/sum.csv" 2>/dev/null) lines; $(head -1 "$tmp/err"))" \
	test "$rc" = 0 -a "$(wc -l < "$ph/sum.csv" 2>/dev/null)" = 5
is "phase-summary.sh: its columns" "$(head -1 "$ph/sum.csv")" \
	"mode,task,starts,starts_late,jobs,late_jobs,late_min,late_max,response_min_ms,response_max_ms,work_min_ms,work_max_ms,work_over_min_pct,work_over_max_pct"
is "a/t0: 1 of 2 starts late, 1 of 4 jobs, 0-1 per start, response 10.1-10.5, work 10.1-10.4 ms, 1-4% over" \
	"$(grep '^a,t0,' "$ph/sum.csv")" "a,t0,2,1,4,1,0,1,10.100,10.500,10.100,10.400,1.00,4.00"
is "a/t1: no late start, response 5.0-5.2, work 5.0-5.05 ms, 0-1% over" \
	"$(grep '^a,t1,' "$ph/sum.csv")" "a,t1,2,0,2,0,0,0,5.000,5.200,5.000,5.050,0.00,1.00"
is "b/t0: 2 of 2 starts late, 3 of 4 jobs, 1-2 per start, response 11-12, work 10.6-11.0 ms, 6-10% over" \
	"$(grep '^b,t0,' "$ph/sum.csv")" "b,t0,2,2,4,3,1,2,11.000,12.000,10.600,11.000,6.00,10.00"
is "b/t1: response 5.1-5.3, work 5.1-5.2 ms, 2-4% over" \
	"$(grep '^b,t1,' "$ph/sum.csv")" "b,t1,2,0,2,0,0,0,5.100,5.300,5.100,5.200,2.00,4.00"
# refusals: exit 2, one line, no output file
rm -rf "$ph/raw/b-1/c1"
"$top/scripts/phase-summary.sh" "$ph/phase.csv" "$ph/raw" "$ph/none.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "phase-summary.sh: a start without its raw jobs.csv refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a "$(grep -c 'b-1/c1' "$tmp/err")" = 1 -a ! -e "$ph/none.csv"
canned_point "$ph/raw/b-1/c1" 10500000 10700000 5200000
sed -i '/^t1,/d' "$ph/raw/b-1/c1/jobs.csv"
"$top/scripts/phase-summary.sh" "$ph/phase.csv" "$ph/raw" "$ph/none.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "phase-summary.sh: a task its raw jobs.csv lacks refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a ! -e "$ph/none.csv"
canned_point "$ph/raw/b-1/c1" 10500000 10700000 5200000
sed -i 's/^t1,0,/t1,3,/' "$ph/raw/b-1/c1/jobs.csv"
"$top/scripts/phase-summary.sh" "$ph/phase.csv" "$ph/raw" "$ph/none.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "phase-summary.sh: a job of an instance its tasks.csv lacks refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a "$(grep -c 'instance 3' "$tmp/err")" = 1 -a ! -e "$ph/none.csv"
cut -d, -f1-5,7 "$ph/phase.csv" > "$ph/nolate.csv"
"$top/scripts/phase-summary.sh" "$ph/nolate.csv" "$ph/raw" "$ph/none.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "phase-summary.sh: an input without late_jobs refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a ! -e "$ph/none.csv"

# --- scripts/fidelity-v2-table.sh: monotonic-summary.csv ---
# x on sym at Q 10000: CPU 0 1000 reads, none behind; CPU 1 3000 reads, 600
# behind (window 2000 ns), so 4000 reads, 600 behind = 15%, CPU 0 never
# behind; handed 10 + 30 = 40 = 1% (windows 500, 1500: 1500); steps back
# 0 + 1, jumps 0 + 2. y on sym at Q 5000: 5 + 5 of 500 + 500 = 1%, both
# CPUs behind (none never), windows 100 and 300: 300.
mo=$tmp/mono
mkdir -p "$mo"
{
	echo "qemu,topology,quantum_ns,cpu,reads,behind_max,window_ns,behind_handed,handed_window_ns,steps_back,jumps"
	echo "x,sym,10000,0,1000,0,0,10,500,0,0"
	echo "y,sym,5000,0,500,5,100,0,0,0,0"
	echo "x,sym,10000,1,3000,600,2000,30,1500,1,2"
	echo "y,sym,5000,1,500,5,300,0,0,0,0"
} > "$mo/monotonic.csv"
"$top/scripts/fidelity-v2-table.sh" "$mo" > "$mo/tables.md" 2> "$tmp/err"; rc=$?
check "fidelity-v2-table.sh: exit 0 and monotonic-summary.csv with a header and 2 rows ($rc; $(head -1 "$tmp/err"))" \
	test "$rc" = 0 -a "$(wc -l < "$mo/monotonic-summary.csv" 2>/dev/null)" = 3
is "monotonic-summary.csv: its columns" "$(head -1 "$mo/monotonic-summary.csv")" \
	"qemu,topology,quantum_ns,cpus,reads,behind_max,behind_max_pct,window_ns,cpus_never_behind,behind_handed,behind_handed_pct,handed_window_ns,steps_back,jumps"
is "x: 2 CPUs, 600 of 4000 behind (15%), window 2000, CPU 0 never behind, 40 handed (1%), 1500, 1 step back, 2 jumps" \
	"$(grep '^x,' "$mo/monotonic-summary.csv")" "x,sym,10000,2,4000,600,15.000000,2000,0,40,1.000000,1500,1,2"
is "y: 10 of 1000 behind (1%), window 300, none never behind, nothing handed" \
	"$(grep '^y,' "$mo/monotonic-summary.csv")" "y,sym,5000,2,1000,10,1.000000,300,none,0,0.000000,0,0,0"
check "fidelity-v2-table.sh: the printed clock table is the summary's (x: 15.00%, 2.00 us, 1.00%, 1.50 us)" \
	grep -qxF '| x | sym | 10000 | 4000 | 15.00% | 2.00 | 0 | 1.00% | 1.50 | 1 | 2 |' "$mo/tables.md"
cut -d, -f1-5,7- "$mo/monotonic.csv" > "$tmp/m" && mv "$tmp/m" "$mo/monotonic.csv"
rm -f "$mo/monotonic-summary.csv"
"$top/scripts/fidelity-v2-table.sh" "$mo" > /dev/null 2> "$tmp/err"; rc=$?
check "fidelity-v2-table.sh: a monotonic.csv without behind_max refused (exit $rc, one line: $(head -1 "$tmp/err")), no summary left" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a ! -e "$mo/monotonic-summary.csv" -a ! -e "$mo/monotonic-summary.csv.tmp"

# --- scripts/analysis-stats.sh: proxy-ci.csv ---
# One U (rk:1), kernel policies a and b, two sets each, one replicate, and
# the gedf reference. proxy: a 0.8 and 0.6 (mean 0.7), b 0.9 and 0.3 (0.6),
# gedf proxy_frac 1.0 and 0.9 (0.95); the primary metric (work) differs
# (a 0.5 and 0.1: 0.3), so a proxy-ci.csv made from it is found.
analysis_built
an=$tmp/an
mkdir -p "$an"
{
	echo "topology,policy,u,seed,replicate,admitted_bw,primary,max_tard,proxy"
	echo "rk,a,1,1,1,1.1,0.5,0.2,0.8"
	echo "rk,a,1,2,1,1.1,0.1,0.4,0.6"
	echo "rk,b,1,1,1,1.1,0.9,0.0,0.9"
	echo "rk,b,1,2,1,1.0,0.7,1.0,0.3"
} > "$an/points.csv"
{
	echo "topology,policy,u,seed,replicate,ref,admitted_res,work_frac,max_tard,proxy_frac"
	echo "rk,offered,1,1,1,gedf,1.1,1.0,0.0,1.0"
	echo "rk,offered,1,2,1,gedf,1.1,0.8,0.1,0.9"
} > "$an/reference.csv"
{
	echo "topology,policy,u,feasible_res,feasible_work"
	echo "rk,offered,1,1,1"
	echo "rk,offered,1,1,1"
} > "$an/feasibility.csv"
"$top/scripts/analysis-stats.sh" "$an" > /dev/null 2> "$tmp/err"; rc=$?
check "analysis-stats.sh: exit 0, proxy-ci.csv with a header and 3 rows ($rc; $(grep -v '^\[' "$tmp/err" | head -1))" \
	test "$rc" = 0 -a "$(wc -l < "$an/proxy-ci.csv" 2>/dev/null)" = 4
is "proxy-ci.csv: a over 2 sets, mean proxy 0.7 (not the work's 0.3)" \
	"$(grep '^rk:1,a,' "$an/proxy-ci.csv" | cut -d, -f1-5)" "rk:1,a,2,2,0.700000"
is "proxy-ci.csv: b, mean 0.6" "$(grep '^rk:1,b,' "$an/proxy-ci.csv" | cut -d, -f1-5)" "rk:1,b,2,2,0.600000"
is "proxy-ci.csv: the gedf reference's proxy_frac, mean 0.95" \
	"$(grep '^rk:1,gedf,' "$an/proxy-ci.csv" | cut -d, -f1-5)" "rk:1,gedf,2,2,0.950000"
cut -d, -f1-8 "$an/points.csv" > "$tmp/p" && mv "$tmp/p" "$an/points.csv"
rm -f "$an/proxy-ci.csv"
"$top/scripts/analysis-stats.sh" "$an" > /dev/null 2> "$tmp/err"; rc=$?
check "analysis-stats.sh: a points.csv without proxy refused (exit $rc: $(head -1 "$tmp/err"))" \
	test "$rc" != 0 -a "$(grep -c 'no column proxy' "$tmp/err")" = 1

# --- scripts/boot-seconds.sh ---
# raw/p/t/run.txt: plan s1 in one invocation (1528 s, 1 boot); s2 cut and
# resumed (600 s + 900 s, a boot each: 2 runs, 2 boots, 1500 s); s3 with
# every point restored (0 s, 0 boots). raw/p/u has no run.txt: no row. All:
# 4 runs, 3 boots, 3028 s; plans from 0 (s3) to 1528 s (s1).
bs=$tmp/bs
mkdir -p "$bs/p/t" "$bs/p/u"
entry() { printf '%s\n' "===== 2026-12-07T10:00:00Z" "kernel: p (Image, sha256 x)" "topology: t (1024 1024)" \
	"plan: $1" "timing: quantum (-icount x)" "qemu: x" "command: qemu -a -b" "host seconds: $2, boots: $3, qemu exit: 0"; }
{ entry s1 1528 1; entry s2 600 1; entry s3 0 0; entry s2 900 1; } > "$bs/p/t/run.txt"
"$top/scripts/boot-seconds.sh" "$bs/p/t" "$bs/p/u" > "$bs/boots.csv" 2> "$tmp/err"; rc=$?
is "boot-seconds.sh: exit 0, per plan runs, boots and host seconds, then all ($rc; $(head -1 "$tmp/err"))" \
	"$(cat "$bs/boots.csv")" "kernel,topology,plan,runs,boots,host_s,plan_host_s_min,plan_host_s_max
p,t,s1,1,1,1528,1528,1528
p,t,s2,2,2,1500,1500,1500
p,t,s3,1,0,0,0,0
all,all,all,4,3,3028,0,1528"
{ entry s1 1528 1; entry s2 600 1 | grep -v '^host seconds'; } > "$bs/p/t/run.txt"
"$top/scripts/boot-seconds.sh" "$bs/p/t" > /dev/null 2> "$tmp/err"; rc=$?
check "boot-seconds.sh: an entry without its host seconds line refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a "$(grep -c 'line 9 has no host seconds' "$tmp/err")" = 1
{ entry s1 1528 1 | sed 's/^host seconds: 1528,/host seconds: 15x8,/'; } > "$bs/p/t/run.txt"
"$top/scripts/boot-seconds.sh" "$bs/p/t" > /dev/null 2> "$tmp/err"; rc=$?
check "boot-seconds.sh: a host seconds line that is not a number refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1

# --- scripts/reason-counts-table.sh ---
# One point, lelli/fit-1: events push fallback-max 3, wakeup local 10, trace
# lost 0 (reason-counts.csv's order kept); jobs: big fit 3 and local 2 (fit
# first: more jobs), small local 1 and idle 1 (a tie: by name, idle first);
# big's jobs appear first.
rt=$tmp/rt/lelli/fit-1
mkdir -p "$rt"
printf '%s\n' "path,reason,count" "push,fallback-max,3" "wakeup,local,10" "trace,lost,0" > "$rt/reason-counts.csv"
printf '%s\n' "task,instance,job,reason,from,to,pushes" "big,0,0,local,4,4,0" "big,0,1,fit,0,4,0" "small,0,0,local,1,1,0" \
	"big,1,0,fit,1,5,1" "small,0,1,idle,1,2,0" "big,1,1,local,5,5,0" "big,0,2,fit,2,6,0" > "$rt/reasons.csv"
"$top/scripts/reason-counts-table.sh" "$rt/" > "$tmp/rt.csv" 2> "$tmp/err"; rc=$?
is "reason-counts-table.sh: exit 0; events in their order, then per task its jobs' reasons, most first, ties by name ($rc; $(head -1 "$tmp/err"))" \
	"$(cat "$tmp/rt.csv")" "run,path,task,reason,count
lelli/fit-1,push,all,fallback-max,3
lelli/fit-1,wakeup,all,local,10
lelli/fit-1,trace,all,lost,0
lelli/fit-1,job,big,fit,3
lelli/fit-1,job,big,local,2
lelli/fit-1,job,small,idle,1
lelli/fit-1,job,small,local,1"
rm "$rt/reasons.csv"
"$top/scripts/reason-counts-table.sh" "$rt" > /dev/null 2> "$tmp/err"; rc=$?
check "reason-counts-table.sh: a point without reasons.csv refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1 -a "$(grep -c 'no reasons.csv' "$tmp/err")" = 1

# --- scripts/dlpush-summary.sh ---
# Now: Q 5000: 0->1 p50 6000 (1 quantum), leave 1000; 1->0 10500 (2),
# 3000; Q 10000: 0->1 10200 (1), 1100; 1->0 10400 (1), 3100. Leave values
# 1000 1100 3000 3100: largest gap 1100-3000, so low 1000-1100, high
# 3000-3100. Before: p50 10100 10600 10300 10500 (Q 5000 0->1 crossed 2:
# changed), leave 1050 3050 1100 1150: its gap 1150-3050, so Q 10000 1->0
# was low before and is high now: moved.
dp=$tmp/dp
mkdir -p "$dp"
printf '%s\n' "quantum_ns,cpu_from,cpu_to,p50_ns,leave_p50_ns,leave_p99_ns" "5000,0,1,6000,1000,1500" "5000,1,0,10500,3000,3500" \
	"10000,0,1,10200,1100,1600" "10000,1,0,10400,3100,4000" > "$dp/now.csv"
printf '%s\n' "quantum_ns,cpu_from,cpu_to,p50_ns,leave_p50_ns,leave_p99_ns" "5000,0,1,10100,1050,1500" "5000,1,0,10600,3050,3500" \
	"10000,0,1,10300,1100,1600" "10000,1,0,10500,1150,4000" > "$dp/before.csv"
"$top/scripts/dlpush-summary.sh" "$dp/now.csv" "$dp/before.csv" > "$dp/sum.csv" 2> "$tmp/err"; rc=$?
is "dlpush-summary.sh: exit 0; per Q and quanta, per Q, all; sides split at the largest gap; 1 quanta change and 1 row moved side ($rc; $(head -1 "$tmp/err"))" \
	"$(cat "$dp/sum.csv")" "quantum_ns,quanta,rows,p50_min_ns,p50_max_ns,quanta_changed,leave_low_min_ns,leave_low_max_ns,leave_high_min_ns,leave_high_max_ns,leave_p99_max_ns,leave_moved
5000,1,1,6000,6000,1,1000,1000,-,-,1500,0
5000,2,1,10500,10500,0,-,-,3000,3000,3500,0
5000,all,2,6000,10500,1,1000,1000,3000,3000,3500,0
10000,1,2,10200,10400,0,1100,1100,3100,3100,4000,1
10000,all,2,10200,10400,0,1100,1100,3100,3100,4000,1
all,all,4,6000,10500,1,1000,1100,3000,3100,4000,1"
is "dlpush-summary.sh without BEFORE: the last row's counts are -" \
	"$("$top/scripts/dlpush-summary.sh" "$dp/now.csv" 2>&1 | tail -1)" "all,all,4,6000,10500,-,1000,1100,3000,3100,4000,-"
head -2 "$dp/now.csv" > "$dp/one.csv"
"$top/scripts/dlpush-summary.sh" "$dp/one.csv" > /dev/null 2> "$tmp/err"; rc=$?
check "dlpush-summary.sh: one row (no split) refused (exit $rc, one line: $(head -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(wc -l < "$tmp/err")" = 1

[ "$assert_failed" = 0 ]
