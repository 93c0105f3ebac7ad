#!/bin/bash
# Debian's 6.12 tree (kernels/variants/stock-6.12) on HiKey960: one boot of
# tests/plans/stock-6.12-hikey960.plan; the cover letter's placement holds
# (tests/check-cover.sh) and DL admission is what scripts/admission-oracle.sh
# computes from the capacities, the RT share and the fair servers (10 tasks
# of 0.5 CPU where 6.1 admits 11; total_bw before and after = the servers').
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
expect "admitted tasks and total_bw before, during, after are the oracle's (exit $rc: $row)" test "$rc" = 0

exit $assert_failed
