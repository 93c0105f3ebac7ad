#!/bin/bash
# Assertions on dlgen features in the guest, from the stock HiKey960 boot of
# tests/plans/stock-hikey960.plan:
#   tests/check-dlgen-guest.sh RUNDIR
set -u
. "$(dirname "$0")/assert.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"
dir=${1:?usage: check-dlgen-guest.sh RUNDIR}

# --admission=all-or-nothing: the kernel refuses 5 of 16, so nothing runs.
check "all-or-nothing: exit 4 when the kernel refuses a task" test "$(point_rc "$dir/adm-aon")" = 4
check "... no job ran (jobs.csv has only its header)" test "$(wc -l < "$dir/adm-aon/jobs.csv")" = 1
check "... tasks.csv still records 11 admitted" test "$(admitted "$dir/adm-aon")" = 11

# RT capacity awareness (seed 007): util_min 1024 needs a big CPU.
check "SCHED_FIFO with util_min 1024 runs every job on a big CPU (4-7)" \
	jobs_on "$dir/rt-uclamp" rt1024 4 7 50

# sched_flags: 3000 us of work in a 2000 us reservation per 17 ms (not a
# multiple of the 4 ms tick, which sends SIGXCPU: EXPERIMENTS.md section 6).
col() { cell "$1/tasks.csv" task "$2" "$3"; }	# col POINTDIR TASK COLUMN: its tasks.csv
check "dl-overrun: SIGXCPUs counted ($(col "$dir/dl-flags" overrun overruns))" \
	test "$(col "$dir/dl-flags" overrun overruns)" -gt 0
check "without flags the overrunning task misses deadlines ($(col "$dir/dl-flags" plain misses) late)" \
	test "$(col "$dir/dl-flags" plain misses)" -gt 0
check "... and receives no SIGXCPU" test "$(col "$dir/dl-flags" plain overruns)" = 0
check "reclaim (GRUB): the same task meets every deadline ($(col "$dir/dl-flags" reclaim misses) late)" \
	test "$(col "$dir/dl-flags" reclaim misses)" = 0

# --count-throttles: the overrunning task (3 ms of work, 2 ms budget per
# 17 ms) is throttled at least once in every job (it falls behind, so a job
# can span two replenishments); with reclaim (GRUB) never; without -t: -1.
# thr POINTDIR TASK TEST: "K/N", K of the task's N jobs whose throttles
# count passes TEST (">=1", or a value)
thr() {
	csv_awk -v t="$2" -v v="$3" 'FNR == 1 { header(); next } $col("task") == t {
		n++; th = $col("throttles"); if (v == ">=1" ? th >= 1 : th == v) k++ } END { printf "%d/%d", k, n }' "$1/jobs.csv"
}
check "-t: the plain overrunning task's jobs were throttled ($(thr "$dir/dl-throttle" plain '>=1'))" \
	most "$(thr "$dir/dl-throttle" plain '>=1')"
check "-t: with reclaim (GRUB) its jobs were not throttled ($(thr "$dir/dl-throttle" reclaim 0))" \
	most "$(thr "$dir/dl-throttle" reclaim 0)"
check "without -t the throttles column is -1 ($(thr "$dir/dl-flags" plain -1))" \
	most "$(thr "$dir/dl-flags" plain -1)"

# cpus and phases in the guest (experiments/tasksets/affinity.json).
a=$dir/affinity
check "cpus [2]: every job of a pinned SCHED_FIFO task on CPU 2" jobs_on "$a" fifo-pinned 2 2 50
check "cpus [5] on a SCHED_DEADLINE task: the kernel refuses it (EPERM: affinity narrower than the root domain), logged ($(col "$a" dl-pinned errno))" \
	test "$(col "$a" dl-pinned admitted),$(col "$a" dl-pinned errno)" = 0,EPERM
check "DL phases: 20 jobs of 1 ms then 20 of 5 ms, in that order" \
	test "$(csv_awk 'FNR == 1 { header(); next } $col("task") == "dl-phases" { p = p $col("phase") } END { print p }' "$a/jobs.csv")" = "$(printf '0%.0s' $(seq 20))$(printf '1%.0s' $(seq 20))"
check "DL phases: density 6000/16000 = 0.375 fits a LITTLE; the 5 ms jobs still meet their deadlines ($(col "$a" dl-phases misses) late)" \
	test "$(col "$a" dl-phases misses)" = 0

# summary.json of the cover-letter point, read by key, against numbers
# derived from the point's own inputs: the task set (experiments/tasksets/
# cover-letter.json) and the topology (hikey960).
s=$dir/cover/summary.json
ts=$DLCAP_TOP/experiments/tasksets/cover-letter.json
# offered bandwidth: sum of instance x dl-runtime / dl-period (all admitted)
bw=$(jq '[.tasks[] | .instance * ."dl-runtime" / ."dl-period"] | add' "$ts")
check "summary.json: offered and admitted bandwidth $bw (instances x dl-runtime / dl-period)" \
	json_ok --argjson bw "$bw" '.offered_bandwidth == $bw and .admitted_bandwidth == $bw' "$s"
# jobs: a task's absolute timer releases a job at start + delay + k x
# period, k >= 1 (rt-app waits a period first), while before the duration
# (dlgen's run_jobs): ceil((duration - delay) / period) - 1 per instance
jobs=$(jq '.global.duration * 1000000 as $d | [.tasks[] | (.delay // 0) as $dl |
	.instance * ((($d - $dl) / .timer.period | ceil) - 1)] | add' "$ts")
# the release the kernel reports: the tarball's upstream version (6.1.192-3 -> 6.1.192)
rel=$(tarball_version | sed 's/-[^-]*$//')
caps=$(eval "$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/hikey960.topo")" && echo "$TOPO_CAPS")
check "summary.json: $jobs jobs (every instance's releases in the duration), kernel $rel, capacities $caps" \
	json_ok --argjson jobs "$jobs" --arg rel "$rel" --arg caps "$caps" \
		'.jobs == $jobs and .kernel_release == $rel and (.cpu_capacity | map(tostring) | join(" ")) == $caps' "$s"
check "summary.json: busy time by capacity class has each class of $caps" \
	json_ok --arg caps "$caps" '(.busy_ns_by_capacity | keys) == ($caps | split(" ") | unique)' "$s"
# The documented maximum, DLGEN_MAX_THREADS: 4 x 256 instances, each thread
# with its locked 128 KiB stack, in the 1 GiB guest.
check "1024 threads (4 tasks x 256 instances) run in the guest (exit $(point_rc "$dir/threads-max"))" \
	sh -c "test '$(point_rc "$dir/threads-max")' = 0 && test $(admitted "$dir/threads-max") = 1024"
check "... and every instance ran its jobs (at least 2 each in 300 ms of a 100 ms timer)" \
	csv_awk 'FNR == 1 { header(); next } { n[$col("task") "-" $col("instance")]++ }
		END { for (k in n) { if (n[k] < 2) exit 1; m++ } exit m != 1024 }' "$dir/threads-max/jobs.csv"
exit $assert_failed
