#!/bin/bash
# The KUnit suite sched_dl_misfit (kernels/patches/dl-misfit-kunit: the
# pick of the misfit task a CPU free of -deadline work takes, on a made-up
# view), from the console of a boot of the kunit-misfit kernel.
#   tests/check-kunit-misfit.sh RUNDIR   all cases ran and passed
# RUNDIR holds console.log (a run-batch output folder).
set -u
. "$(dirname "$0")/assert.sh"
all='dlm_allowed dlm_earliest dlm_fits dlm_self_and_empty dlm_wrap'
dir=${1:?usage: check-kunit-misfit.sh RUNDIR}
. "$(dirname "$0")/kunit-console.sh"
kunit_console "$dir"
passed=$(kunit_cases ok dlm_)
failed=$(kunit_cases 'not ok' dlm_)
check "KUnit sched_dl_misfit: the suite passed" grep -qE "$ts"'ok [0-9]+ sched_dl_misfit$' "$con"
check "... all $(wc -w <<< "$all") cases passed (passed: ${passed:-none}; failed: ${failed:-none})" \
	test "$passed" = "$(sorted $all)"
check "... none skipped ($(grep -cE '# SKIP' "$con") skips)" test "$(grep -cE '# SKIP' "$con")" = 0
grep -E '# dlm_|EXPECTATION FAILED|Expected ' "$con" | head -20 >&2
exit $assert_failed
