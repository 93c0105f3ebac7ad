#!/bin/bash
# Assert the cover letter's result (seed 001) on one run of cover-letter.json:
# thread0 (density 11000/16000 = 0.69 > 462/1024) runs every job on the big
# CPUs, thread1 (density 0.41) runs on the LITTLEs, all 8 are admitted.
# Usage: tests/check-cover.sh RUNDIR   (RUNDIR/guest.txt, RUNDIR/cover/*.csv)
# Prints one PASS:/FAIL: line per assertion; exit 1 if any failed.
set -u
dir=${1:?usage: check-cover.sh RUNDIR}
fail=0
check() { # check DESCRIPTION COMMAND...
	local what=$1; shift
	if "$@"; then echo "PASS: $what"; else echo "FAIL: $what"; fail=1; fi
}
caps=$(sed -n 's/^capacities: //p' "$dir/guest.txt" 2>/dev/null)
check "guest saw capacities 462x4 + 1024x4 ($caps)" \
	test "$caps" = "462 462 462 462 1024 1024 1024 1024"
check "a sched domain has SD_ASYM_CPUCAPACITY" grep -q SD_ASYM_CPUCAPACITY "$dir/guest.txt"
check "dlgen exited 0" test "$(cat "$dir/cover/rc" 2>/dev/null)" = 0
check "all 8 instances admitted" \
	test "$(awk -F, 'NR > 1 && $10 == 1' "$dir/cover/tasks.csv" 2>/dev/null | wc -l)" = 8

# class_ok TASK LO HI: every job of TASK started and ended on CPUs LO..HI,
# and each instance ran at least 100 jobs (2 s / 16 ms = 125 releases).
class_ok() {
	awk -F, -v task="$1" -v lo="$2" -v hi="$3" '
	NR > 1 && $1 == task {
		n[$2]++
		if ($9 < lo || $9 > hi || $10 < lo || $10 > hi) {
			bad++
			if (bad <= 3) printf "  %s-%s job %s ran on CPU %s..%s\n", $1, $2, $3, $9, $10 > "/dev/stderr"
		}
	}
	END {
		inst = 0
		for (i in n) { inst++; if (n[i] < 100) { printf "  %s-%s: only %d jobs\n", task, i, n[i] > "/dev/stderr"; bad++ } }
		exit !(inst == 4 && !bad)
	}' "$dir/cover/jobs.csv"
}
check "thread0 (density 0.69 > 462/1024): every job on big CPUs 4-7" class_ok thread0 4 7
check "thread1 (density 0.41 <= 462/1024): every job on LITTLE CPUs 0-3" class_ok thread1 0 3
exit $fail
