#!/bin/bash
# Assert the cover letter's result (seed 001) on one run of cover-letter.json:
# thread0 (density 11000/16000 = 0.69 > 462/1024) runs every job on the big
# CPUs, thread1 (density 0.41) runs on the LITTLEs, all 8 are admitted.
# thread1's first job is not held to it: thread1 fits both classes, so a
# wake-up leaves it on its previous CPU when that CPU has no earlier
# deadline running; at the synchronous first release the four thread0 may
# not yet hold the big CPUs, and a thread1 created on a big CPU may run its
# first job there (stock 6.12, 1 of 496 jobs in one boot history). From
# its second job on, the bigs run thread0 and thread1 goes to a LITTLE.
# thread0 does not fit a LITTLE, so every wake-up moves it off one: no
# job of it is exempt.
# Usage: tests/check-cover.sh RUNDIR [POINT]
#   (RUNDIR/guest.txt, RUNDIR/POINT/*.csv; POINT defaults to cover)
# Prints one PASS:/FAIL: line per assertion; exit 1 if any failed.
set -u
. "$(dirname "$0")/assert.sh"
dir=${1:?usage: check-cover.sh RUNDIR [POINT]}
pt=$dir/${2:-cover}
caps=$(sed -n 's/^capacities: //p' "$dir/guest.txt" 2>/dev/null)
check "guest saw capacities 462x4 + 1024x4 ($caps)" \
	test "$caps" = "462 462 462 462 1024 1024 1024 1024"
check "a sched domain has SD_ASYM_CPUCAPACITY" grep -q SD_ASYM_CPUCAPACITY "$dir/guest.txt"
check "dlgen exited 0" test "$(point_rc "$pt")" = 0
check "all 8 instances admitted" test "$(admitted "$pt")" = 8
# 2 s / 16 ms = 125 releases per instance; at least 100 must have run.
check "thread0 (density 0.69 > 462/1024): every job on big CPUs 4-7" jobs_on "$pt" thread0 4 7 100
check "thread1 (density 0.41 <= 462/1024): every job after its first on LITTLE CPUs 0-3" jobs_on "$pt" thread1 0 3 100 1
exit $assert_failed
