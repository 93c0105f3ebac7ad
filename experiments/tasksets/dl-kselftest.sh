#!/bin/sh
# Guest point of experiments/plans/dl-kselftest.plan (make dl-kselftest,
# scripts/dl-kselftest.sh boots an initramfs with /usr/bin/dlselftest):
# runs one test of dlselftest (kselftest/: dlcap's version of Juri Lelli's
# SCHED_DEADLINE kselftests RFC) and keeps its output in selftest.txt; the
# kernel log lines the test added go to kernel.log, counted on stdout.
# Exit status: 0 when the test ran to a verdict (pass, fail or skip: the
# verdict is its "ok"/"not ok" line); dlselftest's otherwise.
# Usage (by initramfs/init): sh dl-kselftest.sh POINTDIR TEST
out=${1:?}
test=${2:?}
if ! command -v dlselftest > /dev/null; then
	echo "dl-kselftest.sh: no dlselftest in this initramfs (scripts/dl-kselftest.sh boots one with it)"
	exit 3
fi
n0=$(dmesg | wc -l)
dlselftest "$test" > "$out/selftest.txt" 2>&1
rc=$?
cat "$out/selftest.txt"
dmesg | tail -n +$((n0 + 1)) > "$out/kernel.log"
echo "kernel log: $(wc -l < "$out/kernel.log") new lines, $(grep -ciE 'warning|bug:|call trace' "$out/kernel.log") warnings"
case $rc in 0|1) exit 0 ;; esac
exit $rc
