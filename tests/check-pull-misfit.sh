#!/bin/bash
# scripts/pull-misfit.sh (per point: jobs moved onto a CPU they do not fit,
# by push or pull, late jobs; --trace: the trace's decisions by reason) and
# scripts/pull-misfit-summary.sh (their sums over a sweep's raw points, per
# policy and U, u = all and a GROUP of policies) on a canned raw sweep whose
# counts are worked out by hand below, and the summary's refusals.
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A 4-CPU topology: CPUs 0-1 of capacity 462, 2-3 of 1024. task0 (tid 101,
# density 0.6) fits only CPUs 2-3 (462/1024 = 0.45 < 0.6); task1 (tid 102,
# density 0.3) fits every CPU.
raw=$tmp/res/raw/sweeps/canned
mkpoint() { # mkpoint DIR: tasks.csv and summary.json of the canned point
	mkdir -p "$raw/$1"
	{
		echo "task,instance,tid,policy,density,jobs"
		echo "task0,0,101,SCHED_DEADLINE,0.600000,3"
		echo "task1,0,102,SCHED_DEADLINE,0.300000,3"
	} > "$raw/$1/tasks.csv"
	printf '{\n  "jobs": 6,\n  "cpu_capacity": [\n    462,\n    462,\n    1024,\n    1024\n  ],\n  "late_jobs": 2\n}\n' > "$raw/$1/summary.json"
}
# Point a-u1-s1 (policy a, U 1):
#   task0 job 0: CPU 2 -> 0, fits -> does not fit, a push during the job: pushed; late (5)
#   task0 job 1: CPU 3 -> 1, fits -> does not fit, no push: pulled; lateness -1
#   task0 job 2: CPU 0 -> 2: moved onto a CPU it fits; lateness 0 (not late)
#   task1 job 0: CPU 0 -> 1: moved, fits both
#   task1 job 1: not moved, late (3)
#   task1 job 2: cpu_start -1 (never started): not moved
# -> jobs 6, moved 4, moved_to_misfit 2, pushed 1, pulled 1, late 2
mkpoint p/h/a-u1-s1
{
	echo "task,instance,job,lateness_ns,cpu_start,cpu_end"
	echo "task0,0,0,5,2,0"
	echo "task0,0,1,-1,3,1"
	echo "task0,0,2,0,0,2"
	echo "task1,0,0,-4,0,1"
	echo "task1,0,1,3,1,1"
	echo "task1,0,2,-2,-1,1"
} > "$raw/p/h/a-u1-s1/jobs.csv"
{
	echo "task,instance,job,reason,from,to,pushes"
	echo "task0,0,0,fit,2,2,1"
	echo "task0,0,1,fit,3,3,0"
	echo "task0,0,2,local,0,0,0"
	echo "task1,0,0,local,0,0,0"
	echo "task1,0,1,local,1,1,0"
	echo "task1,0,2,running,,,0"
} > "$raw/p/h/a-u1-s1/reasons.csv"
# its trace, by (path, reason): events, moved, moved_to_misfit
#   push fallback-max  1 1 1 (task0 2 -> 0)
#   push fit           1 1 0 (task0 3 -> 2)
#   wakeup local       1 0 0 (1 -> 1)
#   wakeup no-target   1 0 0 (to -1)
#   push edf           3 3 1 (task1 0 -> 1 fits; task0 2 -> 1 does not; pid 999
#                             is no task of the point: moved, not judged)
# a refusal event and the lost line are no placement
ev() { echo "           dlgen-100    [002] d..3.    10.0000$1: sched_dl_place: comm=dlgen pid=$2 path=$3 from=$4 to=$5 reason=$6 deadline=1 pol_deadline=1 density=600000"; }
{
	echo "# lost 0"
	ev 01 101 push 2 0 fallback-max
	ev 02 101 push 3 2 fit
	ev 03 102 wakeup 1 1 local
	ev 04 102 wakeup 1 -1 no-target
	ev 05 102 push 0 1 edf
	echo "           dlgen-100    [002] d..3.    10.000006: sched_dl_admission_refused: source=setattr pid=103"
	ev 07 101 push 2 1 edf
	ev 08 999 push 2 0 edf
} > "$raw/p/h/a-u1-s1/placements.trace"
# Point b-u1-s1 (policy b, U 1): task1 0 -> 1 and task0 2 -> 3, both fit,
# on time: jobs 2, moved 2, nothing else; its trace one local wake-up.
mkpoint p/h/b-u1-s1
printf 'task,instance,job,lateness_ns,cpu_start,cpu_end\ntask1,0,0,0,0,1\ntask0,0,0,-1,2,3\n' > "$raw/p/h/b-u1-s1/jobs.csv"
printf 'task,instance,job,reason,from,to,pushes\ntask1,0,0,local,0,0,0\ntask0,0,0,local,2,2,0\n' > "$raw/p/h/b-u1-s1/reasons.csv"
ev 09 102 wakeup 0 0 local > "$raw/p/h/b-u1-s1/placements.trace"
# Point a-u2-s1 (policy a, U 2): no reasons.csv, no trace: task0 2 -> 0,
# late: jobs 1, moved 1, moved_to_misfit 1, push/pull unknown, late 1.
mkpoint p/h/a-u2-s1
printf 'task,instance,job,lateness_ns,cpu_start,cpu_end\ntask0,0,0,1,2,0\n' > "$raw/p/h/a-u2-s1/jobs.csv"
# Point b-u2-s1 is in the index but has no folder: left out.
{
	echo "point,kernel,topology,policy,u,seed,replicate,dir"
	echo "a-u1-s1,p,h,a,1,1,1,p/h/a-u1-s1"
	echo "b-u1-s1,p,h,b,1,1,1,p/h/b-u1-s1"
	echo "a-u2-s1,p,h,a,2,1,1,p/h/a-u2-s1"
	echo "b-u2-s1,p,h,b,2,1,1,p/h/b-u2-s1"
} > "$raw/index.csv"

# pull-misfit.sh, point by point
"$top/scripts/pull-misfit.sh" "$raw/p/h/a-u1-s1" "$raw/p/h/a-u2-s1" "$raw/p/h/b-u2-s1" > "$tmp/per.csv" 2> "$tmp/err"; rc=$?
is "pull-misfit.sh: exit 0, the header, two points, the folderless one named on stderr ($rc; $(head -1 "$tmp/err"))" \
	"$rc $(head -1 "$tmp/per.csv") $(grep -c 'b-u2-s1: no jobs.csv' "$tmp/err")" \
	"0 point,jobs,moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit,late 1"
is "pull-misfit.sh a-u1-s1: 6 jobs, 4 moved, 2 onto a misfit CPU (1 pushed, 1 pulled), 2 late" \
	"$(grep -c "^$raw/p/h/a-u1-s1,6,4,2,1,1,2\$" "$tmp/per.csv")" 1
is "pull-misfit.sh a-u2-s1 (no reasons.csv): push and pull empty, 1 late" \
	"$(grep -c "^$raw/p/h/a-u2-s1,1,1,1,,,1\$" "$tmp/per.csv")" 1
"$top/scripts/pull-misfit.sh" --trace "$raw/p/h/a-u1-s1" "$raw/p/h/a-u2-s1" > "$tmp/tr.csv" 2> "$tmp/err"; rc=$?
is "pull-misfit.sh --trace: exit 0; a-u2-s1 (no trace) skipped and named ($rc; $(head -1 "$tmp/err"))" \
	"$rc $(grep -c 'a-u2-s1: no placements.trace' "$tmp/err") $(grep -c a-u2-s1 "$tmp/tr.csv")" "0 1 0"
is "pull-misfit.sh --trace a-u1-s1: the events by (path, reason) in trace order, moved, onto a misfit CPU" \
	"$(sed 1d "$tmp/tr.csv" | sed "s,^$raw/,,")" \
	"p/h/a-u1-s1,push,fallback-max,1,1,1
p/h/a-u1-s1,push,fit,1,1,0
p/h/a-u1-s1,wakeup,local,1,0,0
p/h/a-u1-s1,wakeup,no-target,1,0,0
p/h/a-u1-s1,push,edf,3,3,1"

# pull-misfit-summary.sh: a's U 1 and 2, b's U 1, the group g = a + b.
#   misfit_share: a U 1 2/6, U 2 1/1, all 3/7; g U 1 2/8, all 3/9
#   pulled_u_min/max: the one pulled job is at U 1
#   a's u = all and g's: a point without reasons.csv leaves push/pull empty
DLCAP_RESULTS=$tmp/res "$top/scripts/pull-misfit-summary.sh" canned g=a,b > "$tmp/sum.csv" 2> "$tmp/err"; rc=$?
is "pull-misfit-summary.sh: exit 0 ($(grep -v 'b-u2-s1: no jobs.csv' "$tmp/err" | head -1))" "$rc" 0
is "pull-misfit-summary.sh: the header and every row worked out by hand" "$(cat "$tmp/sum.csv")" \
	"topology,policy,u,policies,points,jobs,late_jobs,late_points,moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit,pulled_points,pulled_u_min,pulled_u_max,misfit_share,misfit_share_max
h,a,1,1,1,6,2,1,4,2,1,1,1,1,1,0.33333,0.33333
h,a,2,1,1,1,1,1,1,1,,,0,,,1.00000,1.00000
h,a,all,1,2,7,3,2,5,3,,,1,1,1,0.42857,1.00000
h,b,1,1,1,2,0,0,2,0,0,0,0,,,0.00000,0.00000
h,b,all,1,1,2,0,0,2,0,0,0,0,,,0.00000,0.00000
h,g,1,2,2,8,2,1,6,2,1,1,1,1,1,0.25000,0.25000
h,g,2,2,1,1,1,1,1,1,,,0,,,1.00000,1.00000
h,g,all,2,3,9,3,2,7,3,,,1,1,1,0.33333,1.00000"
# --trace: every (path, reason) of the sweep in every row, 0 where absent;
# a-u2-s1 has no trace (in no row, counted in no points)
DLCAP_RESULTS=$tmp/res "$top/scripts/pull-misfit-summary.sh" --trace canned > "$tmp/sum.csv" 2> /dev/null; rc=$?
is "pull-misfit-summary.sh --trace: exit 0, every row worked out by hand" "$rc
$(cat "$tmp/sum.csv")" \
	"0
topology,policy,u,policies,points,path,reason,events,moved,moved_to_misfit
h,a,1,1,1,push,fallback-max,1,1,1
h,a,1,1,1,push,fit,1,1,0
h,a,1,1,1,wakeup,local,1,0,0
h,a,1,1,1,wakeup,no-target,1,0,0
h,a,1,1,1,push,edf,3,3,1
h,a,all,1,1,push,fallback-max,1,1,1
h,a,all,1,1,push,fit,1,1,0
h,a,all,1,1,wakeup,local,1,0,0
h,a,all,1,1,wakeup,no-target,1,0,0
h,a,all,1,1,push,edf,3,3,1
h,b,1,1,1,push,fallback-max,0,0,0
h,b,1,1,1,push,fit,0,0,0
h,b,1,1,1,wakeup,local,1,0,0
h,b,1,1,1,wakeup,no-target,0,0,0
h,b,1,1,1,push,edf,0,0,0
h,b,all,1,1,push,fallback-max,0,0,0
h,b,all,1,1,push,fit,0,0,0
h,b,all,1,1,wakeup,local,1,0,0
h,b,all,1,1,wakeup,no-target,0,0,0
h,b,all,1,1,push,edf,0,0,0"

# refusals: one line naming what is wrong, nonzero, no CSV body
refuse() { # refuse WHAT WANT-IN-STDERR ARGS...
	local what=$1 want=$2; shift 2
	DLCAP_RESULTS=$tmp/res "$top/scripts/pull-misfit-summary.sh" "$@" > "$tmp/out" 2> "$tmp/err"; rc=$?
	check "$what: nonzero, stderr names it, no row ($rc: $(grep -v 'no jobs.csv' "$tmp/err" | head -1))" \
		test "$rc" != 0 -a "$(grep -c -- "$want" "$tmp/err")" -ge 1 -a "$(grep -c '^h,' "$tmp/out")" = 0
}
refuse "no raw index" "res/raw/sweeps/none/index.csv" none
refuse "a GROUP that is not NAME=POLICY,..." "'g=a,' is not GROUP=POLICY" canned g=a,
refuse "a GROUP naming a policy the sweep has not" "group g: the sweep has no policy c" canned g=a,c
refuse "a GROUP with a policy's name" "group a has the name of a policy" canned a=a,b
[ "$assert_failed" = 0 ]
