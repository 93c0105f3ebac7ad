#!/bin/bash
# The KUnit suite of kernels/patches/dl-capacity-kunit (cpudl_find() and
# select_task_rq_dl() under the capacity policies), from the console of a
# boot on dynamiq3.
#   tests/check-kunit.sh RUNDIR            the kunit variant: all 6 cases
#                                          ran and passed, none skipped
#   tests/check-kunit.sh --v1-faults RUNDIR  the kunit-v1-faults variant
#                                          (v1's faults put back): the cases
#                                          of review items B2, B3 and B5
#                                          fail, the other 3 pass
# RUNDIR holds console.log (a run-batch output folder).
set -u
. "$(dirname "$0")/assert.sh"
mode=v2
[ "${1:-}" = --v1-faults ] && { mode=v1-faults; shift; }
dir=${1:?usage: check-kunit.sh [--v1-faults] RUNDIR}
[ -r "$dir/console.log" ] || { echo "check-kunit: no $dir/console.log" >&2; exit 2; }
con=$(mktemp); trap 'rm -f "$con"' EXIT
tr -d '\r' < "$dir/console.log" > "$con"	# the serial console ends lines with CR LF
# KTAP after printk's time stamp: "[ T]     ok N NAME" per case,
# "[ T] ok N sched_dl_capacity" for the suite
ts='^\[ *[0-9.]+\] '
cases() {	# the cases with result $1 ("ok" or "not ok"), sorted, space separated
	sed -nE "s/$ts"'\s+'"$1"' [0-9]+ (cpudl_test_[a-z_]+)$/\1/p' "$con" | sort | paste -sd' '
}
passed=$(cases ok)
failed=$(cases 'not ok')
skips=$(grep -cE '# SKIP' "$con")
review='cpudl_test_best_fit_one_pass cpudl_test_nonidle_fit_lockless cpudl_test_stay_inactive'
others='cpudl_test_fallback cpudl_test_idle_fit cpudl_test_nonidle'
if [ $mode = v2 ]; then
	check "KUnit sched_dl_capacity: the suite passed" grep -qE "$ts"'ok [0-9]+ sched_dl_capacity$' "$con"
	check "... all 6 cases passed (passed: ${passed:-none}; failed: ${failed:-none})" \
		test "$passed" = "$(printf '%s\n' $review $others | sort | paste -sd' ')"
else
	check "KUnit sched_dl_capacity on v1's faults: the suite failed" grep -qE "$ts"'not ok [0-9]+ sched_dl_capacity$' "$con"
	check "... exactly the cases of B2, B3 and B5 failed (failed: ${failed:-none})" test "$failed" = "$review"
	check "... the other 3 passed (passed: ${passed:-none})" test "$passed" = "$others"
fi
check "... none skipped (the dynamiq3 capacities were there: $skips skips)" test "$skips" = 0
grep -E '# (cpudl_test_|.*EXPECTATION FAILED)|Expected |moves were' "$con" | head -20 >&2
exit $assert_failed
