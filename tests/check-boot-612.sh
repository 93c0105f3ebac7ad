#!/bin/bash
# Debian's 6.12 tree on HiKey960: stock-6.12 (kernels/variants/stock-6.12)
# in one boot of tests/plans/stock-6.12-hikey960.plan, the cover letter's
# placement (tests/check-cover.sh) and DL admission as
# scripts/admission-oracle.sh computes it from the capacities, the RT share
# and the fair servers (10 tasks of 0.5 CPU where 6.1 admits 11; total_bw
# before and after = the servers'), and a read of sched_rt_runtime_us
# dropping the servers from total_bw (a bug of this tree, which lacks
# 41d4200b7103; the admission probe therefore reads the limit from
# sched/debug); then the dl-capacity series on that
# tree (patched-6.12) through the 6.1 series' checks, fair servers
# counted: tests/check-patched.sh against that stock-6.12 boot,
# tests/check-uniform-hotplug.sh, and tests/check-trace.sh on a traced
# point of each kernel.
# usage: tests/check-boot-612.sh WORKDIR  (tests/run.sh's boot folder)
# Prints PASS:/FAIL: lines; exit 1 on any FAIL.
set -u
. "$(dirname "$0")/boot.sh"
boot_setup "$@"

if ! scripts/kernel-build.sh stock-6.12 > "$work/stock-6.12-build.log" 2>&1; then
	tail -5 "$work/stock-6.12-build.log"; fail "the stock-6.12 kernel variant builds"
	exit 1
fi
boot stock-6.12 hikey960 tests/plans/stock-6.12-hikey960.plan
run=$work/stock-6.12-hikey960
echo "== cover letter on stock 6.12 (seed 001)"
tests/check-cover.sh "$run" || assert_failed=1
echo "== DL admission on stock 6.12 against the oracle (fair servers charged)"
expect "the guest runs 8 fair servers ($(sed -n 's/^fair_server runtime\/period ns: *//p' "$run/probe/dlgen.log" 2>/dev/null | wc -w) found)" \
	test "$(sed -n 's/^fair_server runtime\/period ns: *//p' "$run/probe/dlgen.log" 2>/dev/null | wc -w)" = 8
row=$(scripts/admission-oracle.sh hikey960 "$run/probe" stock-6.12/probe 2>&1); rc=$?
# the limit per CPU the probe read (dl_bw->bw) is the default RT share's,
# 0.95, and 5.5145 CPUs over HiKey960's capacities
expect "admitted tasks and total_bw before, during, after are the oracle's, limit 0.9500 x 5944/1024 = 5.5145 CPUs (exit $rc: $row)" \
	sh -c 'test "$1" = 0 && case $2 in *,hikey960,8,5944,0.9500,5.5145,*) ;; *) exit 1 ;; esac' - "$rc" "$row"

echo "== 6.12.118: a read of sched_rt_runtime_us drops the fair servers from total_bw"
rtr() { sed -n "s/^$1: //p" "$run/rtread/dlgen.log" 2>/dev/null | sed 's/ *$//'; }
srv=$(sed -n 's/^dl_bw->total_bw at boot: //p' "$run/guest.txt" 2>/dev/null)
# fails once the tree carries 41d4200b7103 (after = 419424): then update
# EXPERIMENTS.md section 23 and this check
expect "the fair servers' $srv at boot are all of total_bw before the read, none after ($(rtr 'total_bw before') -> $(rtr 'total_bw after'); read $(rtr sched_rt_runtime_us))" \
	test "${srv:-none} $(rtr 'total_bw before')/$(rtr 'total_bw after')/$(rtr sched_rt_runtime_us)" = "419424 419424/0/950000"
echo "== the dl-capacity series on 6.12 (patched-6.12), its checks against stock 6.12"
if ! scripts/kernel-build.sh patched-6.12 > "$work/patched-6.12-build.log" 2>&1; then
	tail -5 "$work/patched-6.12-build.log"; fail "the patched-6.12 kernel variant builds"
	exit 1
fi
boot patched-6.12 hikey960 tests/plans/patched-hikey960.plan
boot patched-6.12 dynamiq3 tests/plans/patched-dynamiq3.plan
tests/check-patched.sh "$run" "$work/patched-6.12-hikey960" "$work/patched-6.12-dynamiq3" |
	sed 's/^\(PASS\|FAIL\): /\1: 6.12: /'
[ "${PIPESTATUS[0]}" = 0 ] || assert_failed=1
echo "== dl_admission=uniform across CPU hotplug on 6.12 (patched-6.12, HiKey960)"
scripts/run-batch.sh patched-6.12 hikey960 tests/plans/uniform-hotplug.plan "$work/uniform-hotplug-6.12" > "$work/uniform-hotplug-6.12.out" 2>&1; rc=$?
expect "6.12: the uniform-hotplug plan runs every point (run-batch exit $rc)" test "$rc" = 0
tests/check-uniform-hotplug.sh "$work/uniform-hotplug-6.12" | sed 's/^\(PASS\|FAIL\): /\1: 6.12: /'
[ "${PIPESTATUS[0]}" = 0 ] || assert_failed=1
echo "== traces on 6.12: trace.plan on patched-6.12, the stock boot's traced point"
scripts/run-batch.sh patched-6.12 hikey960 tests/plans/trace.plan "$work/trace-patched-6.12" 2>&1 | tail -5
rc=${PIPESTATUS[0]}
expect "patched-6.12 on hikey960 runs the traced plan (run-batch exit $rc)" test "$rc" = 0
tests/check-trace.sh "$work/trace-patched-6.12" "$run" | sed 's/^\(PASS\|FAIL\): /\1: 6.12: /'
[ "${PIPESTATUS[0]}" = 0 ] || assert_failed=1

exit $assert_failed
