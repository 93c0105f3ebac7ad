#!/bin/bash
# scripts/misfit-cost.sh (the cost of a dl_misfit move, from a traced
# point) on two canned points (tests/data/misfit-cost/) whose trace.txt is
# written by hand and whose answers are worked out by hand below; its
# refusal of a point without a trace.
# Usage: tests/check-misfit-cost.sh [SCRIPT]   (SCRIPT: a copy to check
#   instead of scripts/misfit-cost.sh, e.g. a broken one, to see this fail)
# Prints one PASS:/FAIL: line per check; exit 1 on any FAIL.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
script=${1:-$top/scripts/misfit-cost.sh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$top/tests/data/misfit-cost" "$tmp/p"
# the second point's trace gzipped, as a runner may keep it
gzip "$tmp/p/none-canned/trace.txt"

# HiKey960-like: CPUs 0-1 capacity 462, 2-3 1024. The kernel's fit:
# capacity >= ((runtime << 20) / deadline) >> 10: task0 (8/10 ms) needs
# 819, task2 (9/10) 921: neither fits a LITTLE CPU; task1 and task3
# (2/10) need 204 and fit every CPU.
# mp-canned (dl_misfit=migrate-preempt):
#   1.000100 CPU 2's task1 blocks: CPU 2 free of -deadline work;
#     migration/0 woken from CPU 2 (stop-pull), in at 1.000105 (task0 out),
#     migrates task0 0 -> 2 at .110, out at .114; task0 in on CPU 2 at .120:
#     stopper 9 us, gap 15, trigger 20 (from .100), run 10
#   1.000200 CPU 3's task1 blocks; migration/1 woken from CPU 1 itself at
#     .500 (stop-pick: CPU 3 idle at the switch-in), in .503, migrates task2
#     1 -> 3 at .511, out .524; task2 in on CPU 3 at .530: stopper 21, gap
#     27, trigger 330 (from .200), run 19
#   1.001000 a push of task0 2 -> 0 (context CPU 2, the CPU left), in on
#     CPU 0 at .001004: run 4 us
#   1.001502 migration/0 woken from CPU 0, preempts task0, which is in on
#     CPU 3 in place of task3 (a -deadline task: stop-preempt) at .508,
#     listed before its migrate at .510 (CPU 3's clock ahead): stopper 18
#     (.502-.520), gap 6, no trigger, run -2
#   1.001195 task2, woken onto CPU 1 (a placement), is preempted by
#     migration/1 at .302, which lets it run again at .314 without a move:
#     stop-nomove, stopper 12 us, gap 12
#   1.001530 task3 pushed 3 -> 0, in at .540: run 10 us
#   not counted: wake-up placements (task1 3 -> 2 at 1.000989, in the
#     waker's context on the new CPU, and 1 -> 2 at 1.003001), a CFS
#     migration, the stopper moving task1 2 -> 1 (it fits both: stderr), a
#     stopper run that moves nothing on a CPU the task fits (1.004000)
#   10 jobs, from start_ns 1.000000 to the last end_ns 1.002000: every
#   move in the run; trace-cmd lost 2 events on CPU 1
# none-canned (dl_misfit none, columns in another order, trace.txt.gz):
#   one push 2 -> 3 of task0 (1024 -> 1024) at 2.000101, before start_ns
#   2.000105 (setup), run 7 us; 5 jobs; no trace-cmd.log: 0 lost
"$script" "$tmp/p/mp-canned" "$tmp/p/none-canned/" > "$tmp/moves.csv" 2> "$tmp/err"; rc=$?
check "moves: exit 0, a header and 7 rows ($rc, $(wc -l < "$tmp/moves.csv") lines; $(head -1 "$tmp/err"))" \
	test "$rc" = 0 -a "$(wc -l < "$tmp/moves.csv")" = 8
is "moves: kind, task, CPUs, capacities, stopper, gap, trigger and run of each, in order" \
	"$(cols "$tmp/moves.csv" point dl_misfit kind task tid from_cpu to_cpu from_capacity to_capacity stopper_ns gap_ns trigger_ns run_ns)" \
	"mp-canned,migrate-preempt,stop-pull,task0,101,0,2,462,1024,9000,15000,20000,10000
mp-canned,migrate-preempt,stop-pick,task2,103,1,3,462,1024,21000,27000,330000,19000
mp-canned,migrate-preempt,stop-nomove,task2,103,1,1,462,462,12000,12000,,
mp-canned,migrate-preempt,stop-preempt,task0,101,0,3,462,1024,18000,6000,,-2000
mp-canned,migrate-preempt,push,task0,101,2,0,1024,462,,,,4000
mp-canned,migrate-preempt,push,task3,104,3,0,1024,462,,,,10000
none-canned,none,push,task0,301,2,3,1024,1024,,,,7000"
is "moves: the phase of each (every one of mp-canned in the run, none-canned's push in the setup)" \
	"$(cols "$tmp/moves.csv" phase | paste -sd' ')" "run run run run run run setup"
is "moves: whether the task fits the CPU left and the new one (task0 and task2 fit no LITTLE; task3 fits both)" \
	"$(cols "$tmp/moves.csv" fits_from fits_to | paste -sd' ')" "0,1 0,1 0,0 0,1 1,0 1,1 1,1"
is "moves: the time of each migration in ns of the trace clock (none for stop-nomove)" \
	"$(cols "$tmp/moves.csv" migrate_ns | paste -sd' ')" \
	"1000110000 1000511000  1001510000 1001000000 1001530000 2000101000"
check "stderr: the one stopper migration that is no misfit move, counted once ($(head -1 "$tmp/err"))" \
	test "$(wc -l < "$tmp/err")" = 1 -a "$(grep -c ': 1 stopper migration(s) .*(1 not from a CPU the task does not fit to one it fits, 0 without' "$tmp/err")" = 1

"$script" --summary "$tmp/p/mp-canned" "$tmp/p/none-canned" > "$tmp/sum.csv" 2> /dev/null; rc=$?
check "summary: exit 0, a header and 16 rows ($rc, $(wc -l < "$tmp/sum.csv") lines)" \
	test "$rc" = 0 -a "$(wc -l < "$tmp/sum.csv")" = 17
row() { csv_awk -v s="$1" -v n="$2" -v ph="$3" -v k="$4" -v w="$5" 'FNR == 1 { header(); c = split(w, f, " "); next }
	$col("scope") == s && $col("name") == n && $col("phase") == ph && $col("kind") == k {
		l = ""; for (i = 1; i <= c; i++) l = l (i > 1 ? "," : "") $col(f[i]); print l }' "$tmp/sum.csv"; }
times="stopper_p50_ns stopper_p99_ns stopper_max_ns gap_p50_ns gap_p99_ns gap_max_ns trigger_p50_ns trigger_p99_ns trigger_max_ns run_p50_ns run_p99_ns run_max_ns"
# stopper 9, 18, 21: p50 (rank 2 of 3) 18, p99 (rank 3) 21; gap 6, 15,
# 27; trigger 20, 330 (rank 1 and 2 of 2); run -2, 10, 19
is "summary, point mp-canned, every misfit move (stop): 3 moves of 10 jobs, LITTLE to big, nearest-rank p50/p99/max" \
	"$(row point mp-canned run stop "dl_misfit from_capacity to_capacity moves jobs moves_per_job lost_events $times")" \
	"migrate-preempt,462,1024,3,10,0.3000,2,18000,21000,21000,15000,27000,27000,20000,330000,330000,10000,19000,19000"
is "summary, point mp-canned, stop-preempt: one move, no trigger" \
	"$(row point mp-canned run stop-preempt "moves moves_per_job $times")" \
	"1,0.1000,18000,18000,18000,6000,6000,6000,,,,-2000,-2000,-2000"
is "summary, point mp-canned, stop-nomove: LITTLE to the same LITTLE, not in stop" \
	"$(row point mp-canned run stop-nomove "from_capacity to_capacity moves $times")" \
	"462,462,1,12000,12000,12000,12000,12000,12000,,,,,,"
is "summary, point mp-canned, push: 2 of 10 jobs, big to LITTLE, run 4 and 10 us" \
	"$(row point mp-canned run push "from_capacity to_capacity moves moves_per_job stopper_p50_ns run_p50_ns run_p99_ns run_max_ns")" \
	"1024,462,2,0.2000,,4000,10000,10000"
is "summary, point none-canned: a stop row of 0 moves in the run over its 5 jobs, and its push in the setup" \
	"$(row point none-canned run stop "from_capacity moves jobs moves_per_job lost_events run_max_ns"; row point none-canned setup push "moves run_max_ns")" \
	"$(printf ',0,5,0.0000,0,\n1,7000')"
is "summary, policy rows: one per dl_misfit value, the same as its one point" \
	"$(row policy migrate-preempt run stop "moves jobs stopper_p50_ns"; row policy none run stop "moves jobs")" \
	"$(printf '3,10,18000\n0,5')"
is "summary: points first, then policies; phases setup, run, end; kinds in order" \
	"$(cols "$tmp/sum.csv" scope name phase kind | paste -sd' ')" \
	"point,mp-canned,run,push point,mp-canned,run,stop point,mp-canned,run,stop-nomove point,mp-canned,run,stop-pick point,mp-canned,run,stop-preempt point,mp-canned,run,stop-pull point,none-canned,setup,push point,none-canned,run,stop policy,migrate-preempt,run,push policy,migrate-preempt,run,stop policy,migrate-preempt,run,stop-nomove policy,migrate-preempt,run,stop-pick policy,migrate-preempt,run,stop-preempt policy,migrate-preempt,run,stop-pull policy,none,setup,push policy,none,run,stop"

# refusal: a point without its trace, one line naming it, exit 2
rm "$tmp/p/none-canned/trace.txt.gz"
"$script" "$tmp/p/mp-canned" "$tmp/p/none-canned" > "$tmp/out" 2> "$tmp/err"; rc=$?
check "a point without trace.txt: exit 2, a line naming it ($rc: $(tail -1 "$tmp/err"))" \
	test "$rc" = 2 -a "$(grep -c 'none-canned: no trace.txt.gz' "$tmp/err")" = 1
[ "$assert_failed" = 0 ]
