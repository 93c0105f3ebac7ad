#!/bin/bash
# dlcap's QEMU in quantum mode: two boots of the same plan agree
# (tests/check-quantum.sh), bad QEMU_QUANTUM/QEMU_SHIFT/QEMU_RATES and bad
# -icount suboptions are refused before the guest runs.
# usage: tests/check-boot-quantum.sh WORKDIR  (tests/run.sh's boot folder:
# the boots stay there for the scripts after this one)
# Prints PASS:/FAIL: lines; exit 1 on any FAIL.
set -u
. "$(dirname "$0")/boot.sh"
boot_setup "$@"
. "$DLCAP_TOP/scripts/lib/qemu.sh"
. "$DLCAP_TOP/scripts/lib/kernel.sh"

echo "== dlcap's QEMU, quantum mode: speed, wake-ups at full load, determinism"
qbin=$(qemu_dlcap_bin)
QEMU_TIMING=quantum scripts/run-batch.sh stock symmetric8 tests/plans/quantum.plan "$work/quantum-a" > "$work/quantum-a.out" 2>&1; rc=$?
QEMU_TIMING=quantum scripts/run-batch.sh stock symmetric8 tests/plans/quantum.plan "$work/quantum-b" > "$work/quantum-b.out" 2>&1; rc=$((rc + $?))
expect "two quantum-mode boots run every point (exit $rc)" test $rc = 0
tests/check-quantum.sh "$work/quantum-a" "$work/quantum-b" || assert_failed=1
expect "the quantum-mode manifest names dlcap's QEMU and its -icount options" \
	sh -c "grep -q '^timing: quantum (-icount shift=0,sleep=off,quantum=' '$work/quantum-a/load8/manifest.txt'"
for bad in QEMU_QUANTUM=0 QEMU_QUANTUM=10us QEMU_SHIFT=11 QEMU_RATES=fast; do
	env QEMU_TIMING=quantum "$bad" scripts/run-batch.sh stock symmetric8 tests/plans/boot-only.plan "$work/badq" > "$work/badq.out" 2>&1; rc=$?
	expect "quantum mode: $bad is refused before any boot, one line naming it (exit $rc)" \
		sh -c "test $rc = 2 && test \$(wc -l < '$work/badq.out') = 1 && grep -q '${bad%%=*}' '$work/badq.out' && test ! -e '$work/badq/idle'"
done
for opt in "rates=1:0" "rates=1:1" "quantum=0" "rates=1/2:x" "rates="; do
	timeout 20 "$qbin" -M virt -smp 8 -nographic -nic none -icount "shift=0,sleep=off,quantum=10000,$opt" \
		-kernel /dev/null > "$work/qopt.out" 2>&1 < /dev/null; rc=$?
	expect "dlcap's QEMU refuses -icount ...,$opt before the guest runs (exit $rc): $(head -1 "$work/qopt.out")" \
		sh -c "test $rc = 1 && grep -q 'icount' '$work/qopt.out'"
done
tests/check-qemu-options.sh "$qbin" || assert_failed=1
tests/check-qemu-reset.sh "$qbin" "$(kernel_image stock)" || assert_failed=1

exit $assert_failed
