#!/bin/bash
# The runner: faults (panic, hang, a guest dying) are failed points and the
# rest still runs; a saved run re-checks without booting; resume redoes
# nothing, reruns a grown plan and a failed point.
# usage: tests/check-boot-runner.sh WORKDIR  (tests/run.sh's boot folder:
# the boots stay there for the scripts after this one)
# Prints PASS:/FAIL: lines; exit 1 on any FAIL.
set -u
. "$(dirname "$0")/boot.sh"
boot_setup "$@"

echo "== runner: faults are failed points, the rest still runs; resume redoes nothing"
POINT_TIMEOUT=15 scripts/run-batch.sh stock symmetric8 tests/plans/faults.plan "$work/faults" > "$work/faults.out" 2>&1; rc=$?
expect "a batch with failed points exits 1 (got $rc)" test $rc = 1
for p in ok1 ok2 ok3; do
	expect "faults: point $p ran (exit 0, 2 jobs: one timer expiry per instance in 100 ms)" \
		sh -c "test \"\$(cat '$work/faults/$p/rc')\" = 0 && test \$(wc -l < '$work/faults/$p/jobs.csv') = 3"
done
expect "faults: the panic is recorded as a failed point with the console excerpt" \
	sh -c "grep -q 'kernel error on the console' '$work/faults/panic/FAILED' && grep -q 'Kernel panic - not syncing: dlcap fault injection' '$work/faults/panic/FAILED'"
expect "faults: the hang is failed by the per-point budget" grep -q 'no progress for 15s' "$work/faults/hang/FAILED"
expect "faults: a guest dying mid-point fails that point" grep -q 'the guest stopped while it ran' "$work/faults/off/FAILED"
expect "faults: every finished point has a manifest with kernel, topology, QEMU, dlgen" \
	sh -c "for p in ok1 ok2 ok3; do grep -q '^kernel: stock Image sha256' '$work/faults/'\$p/manifest.txt && grep -q '^qemu: QEMU emulator' '$work/faults/'\$p/manifest.txt && grep -q '^dlgen: ' '$work/faults/'\$p/manifest.txt || exit 1; done"
stamp=$(stat -c %Y "$work/faults/ok1/jobs.csv")
expect "faults: the saved run re-checks against its console without booting (scripts/recheck.sh)" \
	sh -c "scripts/recheck.sh '$work/faults' > '$work/recheck.out'; grep -qx 'ok1: same' '$work/recheck.out' && grep -q 'Kernel panic - not syncing' '$work/recheck.out'"
KEEP_FAILED=1 POINT_TIMEOUT=15 scripts/run-batch.sh stock symmetric8 tests/plans/faults.plan "$work/faults" > "$work/faults2.out" 2>&1
expect "faults: running the batch again (KEEP_FAILED=1) boots nothing and redoes no point" \
	sh -c "grep -q 'done: 0 boot' '$work/faults2.out' && test $stamp = \$(stat -c %Y '$work/faults/ok1/jobs.csv')"
printf 'a cover-letter.json -d 1000\nb cover-letter.json -d 1000\n' > "$work/resume.plan"
scripts/run-batch.sh stock symmetric8 "$work/resume.plan" "$work/resume" > "$work/resume1.out" 2>&1 &
rpid=$!
for i in $(seq 300); do [ -d "$work/resume/a" ] && break; sleep 0.2; done
kill $rpid; wait $rpid
expect "resume: killed after its first point, the runner left that point and no QEMU" \
	sh -c "test -d '$work/resume/a' && test ! -d '$work/resume/b' && ! pgrep -f '[q]emu-system-aarch64.*runs/stock-symmetric8-resume-' > /dev/null"
scripts/run-batch.sh stock symmetric8 "$work/resume.plan" "$work/resume" > "$work/resume2.out" 2>&1
expect "resume: the rerun runs only the missing point" \
	sh -c "grep -q '1 of 2 point' '$work/resume2.out' && ! grep -q '\] a:' '$work/resume2.out' && test -d '$work/resume/b'"
printf 'c cover-letter.json -d 500\n' >> "$work/resume.plan"
scripts/run-batch.sh stock symmetric8 "$work/resume.plan" "$work/resume" > "$work/resume3.out" 2>&1
expect "resume: a plan that grows reruns every point (the whole plan is in the boot's bytes)" \
	sh -c "grep -q '3 of 3 point' '$work/resume3.out' && grep -q '2 finished point(s) .* were stale' '$work/resume3.out' && test -d '$work/resume/c'"
touch "$work/resume/b/FAILED"
scripts/run-batch.sh stock symmetric8 "$work/resume.plan" "$work/resume" > "$work/resume4.out" 2>&1
expect "resume: a failed point is run again, the others kept" \
	sh -c "grep -q '1 failed point(s)' '$work/resume4.out' && grep -q '1 of 3 point' '$work/resume4.out' && test ! -e '$work/resume/b/FAILED'"

exit $assert_failed
