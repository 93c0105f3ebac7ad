#!/bin/bash
# dlcap test suite: host unit tests of dlgen, command-line tests of the
# scripts, and a QEMU smoke test of the whole pipeline (stock kernel,
# HiKey960, the cover letter's task set).  Every check prints one line
# starting with PASS: or FAIL:; the last line is "N passed, N failed".
#
# Environment: TESTS_SKIP_QEMU=1 skips the boot (for quick host runs; the
# skip is printed and counted as skipped).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
tmp=$(mktemp -d /tmp/dlcap-tests.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
log=$tmp/all.log
: > "$log"
skipped=0

# Run a command, show its output, keep it for counting.
run() { "$@" 2>&1 | tee -a "$log"; return "${PIPESTATUS[0]}"; }
pass() { echo "PASS: $*" | tee -a "$log"; }
fail() { echo "FAIL: $*" | tee -a "$log"; }
expect() { # expect DESCRIPTION COMMAND...: the command must succeed
	local what=$1; shift
	if "$@" > "$tmp/out" 2>&1; then pass "$what"; else fail "$what"; sed 's/^/    /' "$tmp/out"; fi
}

echo "== building dlgen and its unit tests (native)"
if ! make -s -C dlgen > "$tmp/build.log" 2>&1; then
	cat "$tmp/build.log"
	fail "dlgen builds natively"
fi
DLGEN=$top/dlgen/build/dlgen

echo "== dlgen unit tests"
for t in dlgen/build/test_*; do
	[ -x "$t" ] || continue
	run "$t" > /dev/null || grep -q '^FAIL' "$log" || fail "$t exited non-zero"
done
grep '^FAIL' "$log" || echo "   $(grep -c '^PASS' "$log") unit checks passed"

echo "== dlgen command line"
expect "--check accepts the committed task sets" "$DLGEN" --check experiments/tasksets/*.json
"$DLGEN" --check tests/data/seed-missing-comma.json 2> "$tmp/err"; rc=$?
expect "--check on the seed's missing comma exits 2 (got $rc)" test $rc = 2
expect "... with exactly one line on stderr" test "$(wc -l < "$tmp/err")" = 1
expect "... naming file, line 20 and column: $(cat "$tmp/err")" \
	grep -q '^tests/data/seed-missing-comma.json:20:[0-9]*: JSON syntax error' "$tmp/err"
"$DLGEN" --check /nonexistent.json 2> "$tmp/err"; rc=$?
expect "--check on a missing file exits 2 with one line" test $rc = 2 -a "$(wc -l < "$tmp/err")" = 1
"$DLGEN" --duration-ms abc tests/data/other-short.json 2> "$tmp/err"; rc=$?
expect "a bad --duration-ms exits 2 naming the option" grep -q -- '--duration-ms' "$tmp/err"
expect "--help documents the exit status" sh -c "'$DLGEN' --help | grep -q 'Exit status'"

echo "== dlgen native run (SCHED_OTHER, 300 ms)"
if "$DLGEN" -o "$tmp/native" -d 300 tests/data/other-short.json > "$tmp/out" 2>&1; then
	pass "native run exits 0"
else
	fail "native run exits 0"; cat "$tmp/out"
fi
expect "jobs.csv has 2 instances x 6 jobs (+ header)" test "$(wc -l < "$tmp/native/jobs.csv")" = 13
expect "every job did at least its 2 ms of work and has start <= end" \
	awk -F, 'NR > 1 && ($13 < 2000000 || $5 > $6 || $4 > $5) { exit 1 }' "$tmp/native/jobs.csv"
expect "releases are one period apart" \
	awk -F, 'NR > 1 { if (($2 in r) && $4 - r[$2] != 50000000) exit 1; r[$2] = $4 }' "$tmp/native/jobs.csv"
expect "tasks.csv records both instances as admitted" \
	test "$(awk -F, 'NR > 1 && $10 == 1' "$tmp/native/tasks.csv" | wc -l)" = 2

echo "== topology files"
printf 'name x\ncluster 0-3 462\ncluster 5-7 1024\n' > "$tmp/gap.topo"
scripts/topo.sh "$tmp/gap.topo" > /dev/null 2> "$tmp/err"; rc=$?
expect "a gap between clusters exits 2 naming file:line ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q '$tmp/gap.topo:3:' '$tmp/err'"
printf 'cluster 0-1 2000\n' > "$tmp/cap.topo"
scripts/topo.sh "$tmp/cap.topo" > /dev/null 2> "$tmp/err"; rc=$?
expect "capacity above 1024 exits 2 ($(cat "$tmp/err"))" test $rc = 2
eval "$(scripts/topo.sh experiments/topologies/hikey960.topo)"
expect "hikey960 preset: 8 CPUs, 462x4 + 1024x4" \
	test "$TOPO_NCPUS $TOPO_CAPS" = "8 462 462 462 462 1024 1024 1024 1024"

echo "== a bad task set stops before any boot"
printf 'bad %s\n' "$top/tests/data/seed-missing-comma.json" > "$tmp/bad.plan"
scripts/run-batch.sh stock hikey960 "$tmp/bad.plan" "$tmp/badrun" > "$tmp/bad.out" 2>&1; rc=$?
expect "run-batch exits 2 on a task set that does not parse (got $rc)" test $rc = 2
expect "... and printed the located error" grep -q 'seed-missing-comma.json:20:' "$tmp/bad.out"
expect "... and booted nothing (no console log)" test ! -e "$tmp/badrun/console.log"

if [ "${TESTS_SKIP_QEMU:-}" = 1 ]; then
	echo "== QEMU smoke test skipped (TESTS_SKIP_QEMU=1)"
	skipped=1
else
	echo "== QEMU smoke test: build (cached), boot stock on hikey960, cover letter"
	if make --no-print-directory build-only KERNEL=stock 2>&1 | tee "$tmp/build.log"; then
		pass "kernel, aarch64 dlgen and initramfs build"
		scripts/run-batch.sh stock hikey960 cover-letter "$tmp/cover" 2>&1 | tail -5
		rc=${PIPESTATUS[0]}
		expect "the guest boots, runs the point and powers off (run-batch exit $rc)" test "$rc" = 0
		run tests/check-cover.sh "$tmp/cover" > /dev/null
		if [ -d "$tmp/cover" ] && [ -n "${TESTS_KEEP:-}" ]; then
			cp -r "$tmp/cover" "$TESTS_KEEP"
		fi
		expect "the plot renders from the run" \
			scripts/plot-placement.sh "$tmp/cover/cover" "$tmp/cover/guest.txt" "$tmp/plot" test
	else
		fail "kernel, aarch64 dlgen and initramfs build"
	fi
fi

passed=$(grep -c '^PASS' "$log")
failed=$(grep -c '^FAIL' "$log")
echo
if [ "$skipped" != 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" = 0 ]
