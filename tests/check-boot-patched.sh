#!/bin/bash
# The patched kernel's capacity policies on HiKey960 and DynamIQ3 against
# the stock boot of tests/check-boot-stock.sh (WORKDIR/stock-hikey960),
# dl_admission=uniform across CPU hotplug (HiKey960), and the KUnit
# variant's cases (both suites) booted on dynamiq3.
# usage: tests/check-boot-patched.sh WORKDIR  (tests/run.sh's boot folder:
# the boots stay there for the scripts after this one)
# Prints PASS:/FAIL: lines; exit 1 on any FAIL.
set -u
. "$(dirname "$0")/boot.sh"
boot_setup "$@"

boot patched hikey960 tests/plans/patched-hikey960.plan
boot patched dynamiq3 tests/plans/patched-dynamiq3.plan
echo "== capacity policies of the patched kernel"
tests/check-patched.sh "$work/stock-hikey960" "$work/patched-hikey960" "$work/patched-dynamiq3" || assert_failed=1
echo "== dl_admission=uniform across CPU hotplug, and the switch to it (patched, HiKey960)"
scripts/run-batch.sh patched hikey960 tests/plans/uniform-hotplug.plan "$work/uniform-hotplug" > "$work/uniform-hotplug.out" 2>&1; rc=$?
expect "the uniform-hotplug plan runs every point (run-batch exit $rc)" test "$rc" = 0
tests/check-uniform-hotplug.sh "$work/uniform-hotplug" || assert_failed=1
echo "== traces on request: a point with trace=on on patched and stock (trace.dat, trace.txt)"
for k in patched stock; do
	echo "== boot: $k on hikey960, trace.plan"
	scripts/run-batch.sh $k hikey960 tests/plans/trace.plan "$work/trace-$k" 2>&1 | tail -5
	rc=${PIPESTATUS[0]}
	expect "$k on hikey960 runs the traced plan (run-batch exit $rc)" test "$rc" = 0
done
tests/check-trace.sh "$work/trace-patched" "$work/trace-stock" || assert_failed=1
echo "== KUnit: the capacity-aware placement decisions on made-up CPUs (kunit variant, booted on dynamiq3)"
if scripts/kernel-build.sh kunit > "$work/kunit-build.log" 2>&1; then
	boot kunit dynamiq3 tests/plans/boot-only.plan
	tests/check-kunit.sh "$work/kunit-dynamiq3" || assert_failed=1
	tests/check-kunit-uniform.sh "$work/kunit-dynamiq3" || assert_failed=1
else
	tail -5 "$work/kunit-build.log"; fail "the kunit kernel variant builds"
fi

exit $assert_failed
