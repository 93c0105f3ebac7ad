#!/bin/bash
# The KUnit suite of kernels/patches/dl-capacity-kunit (cpudl_find() under
# the capacity policies), from the console of a boot of the kunit variant on
# dynamiq3: every case ran and passed, none was skipped.
#   tests/check-kunit.sh RUNDIR
set -u
. "$(dirname "$0")/assert.sh"
dir=${1:?usage: check-kunit.sh RUNDIR}
con=$(mktemp); trap 'rm -f "$con"' EXIT
tr -d '\r' < "$dir/console.log" > "$con"	# the serial console ends lines with CR LF
# KTAP after printk's time stamp: "[ T]     ok N NAME" per case,
# "[ T] ok N sched_dl_capacity" for the suite
ts='^\[ *[0-9.]+\] '
cases=$(grep -cE "$ts"'\s+ok [0-9]+ cpudl_test_' "$con")
bad=$(grep -E "$ts"'\s*not ok [0-9]+ ' "$con" | head -3)
skips=$(grep -cE '# SKIP' "$con")
check "KUnit sched_dl_capacity: the suite passed" grep -qE "$ts"'ok [0-9]+ sched_dl_capacity$' "$con"
check "... all 3 cases passed (${cases} ok${bad:+; failed: $bad})" test "$cases" = 3
check "... none skipped (the dynamiq3 capacities were there: $skips skips)" test "$skips" = 0
grep -E '# (cpudl_test_|.*EXPECTATION FAILED)|Expected ' "$con" | head -20 >&2
exit $assert_failed
