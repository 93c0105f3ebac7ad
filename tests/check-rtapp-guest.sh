#!/bin/bash
# rt-app's constructs in the guest (issue 14), from the stock HiKey960 boot
# of tests/plans/rtapp-compat.plan:
#   tests/check-rtapp-guest.sh RUNDIR
set -u
. "$(dirname "$0")/assert.sh"
dir=${1:?usage: check-rtapp-guest.sh RUNDIR}
# v DIR TASK COLUMN [JOB]: a jobs.csv value by column name
v() {
	csv_awk -v t="$2" -v c="$3" -v j="${4:-0}" 'FNR == 1 { header(); next }
		$col("task") == t && $col("job") == j { print $col(c) }' "$1/jobs.csv"
}
# jobs DIR: "task,cut" counts, one line
jobs() {
	csv_awk 'FNR == 1 { header(); next } { print $col("task") "," $col("cut") }' "$1/jobs.csv" |
		sort | uniq -c | tr -s ' ' | tr '\n' ';'
}
ms() { echo $(( ${1:-0} / 1000000 )); }

# Priority inheritance: on CPU 4, low (FIFO 10) holds "m" for 20 ms of
# work, mid (FIFO 50) spins 50 ms from 2 ms, high (FIFO 90) wants "m" at
# 4 ms. With pi_enabled low is boosted past mid and high waits about the
# rest of low's section; without, high also waits for all of mid.
hp=$(v "$dir/pi" high response_ns) hn=$(v "$dir/nopi" high response_ns)
check "pi: every task ran its one loop, none cut ($(jobs "$dir/pi"))" \
	test "$(jobs "$dir/pi")" = " 1 high,0; 1 low,0; 1 mid,0;"
check "pi_enabled: high waits only for low's section ($(ms "$hp") ms < 30 ms)" \
	test "${hp:-999999999}" -lt 30000000
check "without pi_enabled: high also waits for mid ($(ms "$hn") ms > 55 ms)" \
	test "${hn:-0}" -gt 55000000
check "the inversion: high ends after mid without pi_enabled, before it with" \
	test "$(v "$dir/nopi" high end_ns)" -gt "$(v "$dir/nopi" mid end_ns)" -a \
	     "$(v "$dir/pi" high end_ns)" -lt "$(v "$dir/pi" mid end_ns)"

# locks.csv: low's hold was boosted (its priority raised at the unlock)
# and contended by high for about 15 ms, only with pi_enabled.
lk() { cell "$1/locks.csv" task "$2" "$3"; }	# lk POINTDIR TASK COLUMN: its locks.csv
check "locks.csv with pi_enabled: low was boosted ($(lk "$dir/pi" low boosted)), its hold contended $(ms "$(lk "$dir/pi" low contended_ns)") ms >= 10 ms" \
	eval 'test "$(lk "$dir/pi" low boosted)" = 1 && test "$(lk "$dir/pi" low contended_ns)" -ge 10000000'
check "locks.csv without: never boosted ($(lk "$dir/nopi" low boosted)), contended $(ms "$(lk "$dir/nopi" low contended_ns)") ms >= 55 ms" \
	eval 'test "$(lk "$dir/nopi" low boosted)" = 0 && test "$(lk "$dir/nopi" low contended_ns)" -ge 55000000'

# rtapp-sync.json: the run ends with its loops; every job as rt-app counts it.
check "sync: jobs per task as the loops say, none cut ($(jobs "$dir/sync"))" \
	test "$(jobs "$dir/sync")" = " 5 a,0; 5 b,0; 4 consumer,0; 6 mover,0; 4 ponger,0; 4 producer,0; 3 sliced,0;"
check "sync: summary.json says the run ended with its loops" grep -q '"loops_bound": *true' "$dir/sync/summary.json"
# barrier: b's passes wait for a's 20 ms sleep
bmin=$(csv_awk 'FNR == 1 { header(); next } $col("task") == "b" { r = $col("response_ns"); if (m == "" || r < m) m = r } END { print m }' "$dir/sync/jobs.csv")
check "barrier: every job of b waited for a (shortest $(ms "$bmin") ms >= 19 ms)" test "${bmin:-0}" -ge 19000000
# wait/signal: the consumer is woken by the producer every 10 ms
cmin=$(csv_awk 'FNR == 1 { header(); next } $col("task") == "consumer" { r = $col("response_ns"); if (m == "" || r < m) m = r } END { print m }' "$dir/sync/jobs.csv")
check "wait/signal: every consumer job waited for a signal ($(ms "$cmin") ms >= 9 ms)" test "${cmin:-0}" -ge 9000000
# per-phase cpus: phase 0 on CPU 1 (a LITTLE), phase 1 on CPU 5 (a big)
pc=$(csv_awk 'FNR == 1 { header(); next } $col("task") == "mover" { print $col("phase") ":" $col("cpu_start") "-" $col("cpu_end") }' "$dir/sync/jobs.csv" | sort | uniq -c | tr -s ' ' | tr '\n' ';')
check "per-phase cpus: phase 0 on CPU 1, phase 1 on CPU 5 ($pc)" test "$pc" = " 3 0:1-1; 3 1:5-5;"

# rt-app's taskgroups (rtapp-taskgroup.json): per thread and phase, the group
# dlgen moved it to (rt-app's rule: a phase without a taskgroup stays where
# the thread is) and the kernel's own path for the thread at the phase's
# start, from taskgroups.csv. thread0 is rt-app's tutorial example11; wrap
# starts in /tg2 and its first phase runs in the last phase's /tg1 from the
# second pass on; dl (SCHED_DEADLINE) moves /tg1 -> /tg2 -> /tg1 mid-run,
# fifo (SCHED_FIFO) is in /tg2 (both allowed without CONFIG_RT_GROUP_SCHED);
# plain names none and stays in the root.
tg=$dir/taskgroup
tgrows=$(csv_awk 'FNR == 1 { header(); next } { print $col("task") ":" $col("phase_name") ":" $col("first_pass") ":" $col("passes") ":" $col("taskgroup") }' "$tg/taskgroups.csv" 2>/dev/null | sort | tr '\n' ' ')
check "taskgroup: exit 0, every task admitted ($(cat "$tg/rc" 2>/dev/null), $(admitted "$tg") of 5)" \
	test "$(cat "$tg/rc" 2>/dev/null)" = 0 -a "$(admitted "$tg")" = 5
check "taskgroups.csv: each thread's phases in rt-app's groups ($tgrows)" \
	test "$tgrows" = "dl:x:0:1:/tg1 dl:x:1:1:/tg2 dl:y:0:2:/tg2 fifo::0:1:/tg2 plain::0:1: thread0:phase0:0:3:/tg1/tg11 thread0:phase1:0:3:/tg1/tg11 thread0:phase2:0:3:/ wrap:a:0:1:/tg2 wrap:a:1:2:/tg1 wrap:b:0:3:/tg1 "
wrong=$(csv_awk 'FNR == 1 { header(); next } { want = $col("taskgroup") == "" ? "/" : $col("taskgroup") }
	$col("cgroup") != want { print $col("task") ":" $col("phase_name") ":" $col("first_pass") " in " $col("cgroup") " not " want }' "$tg/taskgroups.csv" 2>/dev/null)
check "taskgroups.csv: the kernel had each thread where dlgen put it, the root for plain (${wrong:-all $(($(wc -l < "$tg/taskgroups.csv") - 1)) rows})" \
	test -s "$tg/taskgroups.csv" -a -z "$wrong"
check "taskgroup: jobs as the loops say, none cut ($(jobs "$tg"))" \
	test "$(jobs "$tg")" = " 20 dl,0; 4 fifo,0; 4 plain,0; 9 thread0,0; 6 wrap,0;"
check "taskgroup: dlgen said nothing about cgroups (no failure, nothing left behind)" \
	sh -c "test -s '$tg/dlgen.log' && ! grep -q 'taskgroup' '$tg/dlgen.log'"
check "after it: no group left, cpu out of the root's subtree_control ($(tr '\n' ';' < "$dir/taskgroup-after/dlgen.log" 2>/dev/null))" \
	eval 'grep -q "^controllers: .*\<cpu\>" "$dir/taskgroup-after/dlgen.log" &&
		grep -qx "groups:" "$dir/taskgroup-after/dlgen.log" &&
		grep -q "^subtree_control: *$" "$dir/taskgroup-after/dlgen.log"'
# rt-app's custom slice: dl-runtime on SCHED_OTHER reaches sched_setattr(),
# which 6.1 accepts (and ignores; 6.12 takes it as the slice)
sl=$(csv_awk 'FNR == 1 { header(); next } $col("task") == "sliced" { print $col("policy") "," $col("dl_runtime_ns") "," $col("errno") }' "$dir/sync/tasks.csv")
check "custom slice: sched_setattr() took dl-runtime 3 ms on SCHED_OTHER ($sl)" test "$sl" = "SCHED_OTHER,3000000,0"
exit $assert_failed
