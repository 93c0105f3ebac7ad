#!/bin/bash
# Assertions on dlgen features in the guest, from the stock HiKey960 boot of
# tests/plans/stock-hikey960.plan:
#   tests/check-dlgen-guest.sh RUNDIR
set -u
. "$(dirname "$0")/assert.sh"
dir=${1:?usage: check-dlgen-guest.sh RUNDIR}

# --admission=all-or-nothing: the kernel refuses 5 of 16, so nothing runs.
check "all-or-nothing: exit 4 when the kernel refuses a task" test "$(point_rc "$dir/adm-aon")" = 4
check "... no job ran (jobs.csv has only its header)" test "$(wc -l < "$dir/adm-aon/jobs.csv")" = 1
check "... tasks.csv still records 11 admitted" test "$(admitted "$dir/adm-aon")" = 11

# RT capacity awareness (seed 007): util_min 1024 needs a big CPU.
check "SCHED_FIFO with util_min 1024 runs every job on a big CPU (4-7)" \
	jobs_on "$dir/rt-uclamp" rt1024 4 7 50

# sched_flags: 3000 us of work in a 2000 us reservation per 16 ms.
col() { awk -F, -v t="$2" -v c="$3" 'NR > 1 && $1 == t { print $c }' "$1/tasks.csv"; }
check "dl-overrun: SIGXCPUs counted ($(col "$dir/dl-flags" overrun 18))" \
	test "$(col "$dir/dl-flags" overrun 18)" -gt 0
check "without flags the overrunning task misses deadlines ($(col "$dir/dl-flags" plain 13) late)" \
	test "$(col "$dir/dl-flags" plain 13)" -gt 0
check "... and receives no SIGXCPU" test "$(col "$dir/dl-flags" plain 18)" = 0
check "reclaim (GRUB): the same task meets every deadline ($(col "$dir/dl-flags" reclaim 13) late)" \
	test "$(col "$dir/dl-flags" reclaim 13)" = 0

# summary.json of the cover-letter point.
s=$dir/cover/summary.json
check "summary.json: offered and admitted bandwidth 4.375 (4 x 11/16 + 4 x 6.5/16)" \
	sh -c "grep -q '\"offered_bandwidth\": 4.375' '$s' && grep -q '\"admitted_bandwidth\": 4.375' '$s'"
check "summary.json: 1000 jobs, kernel 6.1.192, 8 capacities" \
	sh -c "grep -q '\"jobs\": 1000' '$s' && grep -q '\"kernel_release\": \"6.1.192\"' '$s' && test \$(grep -c '^ *\\(462\\|1024\\),\\?\$' '$s') = 8"
check "summary.json: busy time by capacity class has both classes" \
	sh -c "grep -A3 busy_ns_by_capacity '$s' | grep -q '\"462\"' && grep -A3 busy_ns_by_capacity '$s' | grep -q '\"1024\"'"
exit $assert_failed
