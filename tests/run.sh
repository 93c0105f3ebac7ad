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

# Run a command, keep its output for counting, show all but its PASS lines.
run() { "$@" 2>&1 | tee -a "$log" | grep -v '^PASS'; return "${PIPESTATUS[0]}"; }
pass() { echo "PASS: $*" | tee -a "$log"; }
fail() { echo "FAIL: $*" | tee -a "$log"; }
# suite SCRIPT ARGS...: a check script's PASS/FAIL lines into the count; its
# non-zero exit is a failure of its own unless it printed a FAIL: line
suite() { run "$@" || grep -q '^FAIL' "$log" || fail "$* exited non-zero"; }
# csv_awk PROGRAM FILE...: awk over CSV files, columns by header name; lib.sh
# no longer exports the cross-compiling ARCH, so it is sourced here once
# instead of in a subshell per call
. "$top/scripts/lib.sh"
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
	suite "$t"
done
grep '^FAIL' "$log" || echo "   $(grep -c '^PASS' "$log") unit checks passed"

echo "== dlgen unit tests under ASan + UBSan"
if make -s -C dlgen sanitize > "$tmp/san.log" 2>&1; then
	for t in dlgen/build/san/test_*; do
		if "$t" > "$tmp/san.out" 2>&1 && ! grep -q '^FAIL' "$tmp/san.out"; then
			pass "$(basename "$t") clean under ASan + UBSan ($(grep -c '^PASS' "$tmp/san.out") checks)"
		else
			fail "$(basename "$t") under ASan + UBSan"; grep -v '^PASS' "$tmp/san.out" | head -30
		fi
	done
else
	cat "$tmp/san.log"; fail "dlgen unit tests build with sanitizers"
fi

echo "== dlgen itself under ASan + UBSan, natively (SCHED_OTHER; fake sysfs)"
suite tests/check-dlgen-native.sh

echo "== dlgen JSON front end under libFuzzer (15 s; corpus: task sets + past crashes)"
if make -s -C dlgen fuzz FUZZ_SECONDS=15 > "$tmp/fuzz.log" 2>&1; then
	pass "fuzzing the parser found no crash, leak or UB ($(grep -o 'Done [0-9]* runs' "$tmp/fuzz.log"))"
else
	fail "fuzzing the parser"; grep -E 'ERROR|SUMMARY|artifact' "$tmp/fuzz.log" | head -10
fi

echo "== dlgen command line"
expect "--check accepts the committed task sets" "$DLGEN" --check experiments/tasksets/*.json
"$DLGEN" --check tests/data/seed-missing-comma.json 2> "$tmp/err"; rc=$?
expect "--check on the seed's missing comma exits 2 (got $rc)" test $rc = 2
expect "... with exactly one line on stderr" test "$(wc -l < "$tmp/err")" = 1
expect "... naming file, line 20 and column: $(cat "$tmp/err")" \
	grep -q '^tests/data/seed-missing-comma.json:20:[0-9]*: JSON syntax error' "$tmp/err"
"$DLGEN" --check /nonexistent.json 2> "$tmp/err"; rc=$?
expect "--check on a missing file exits 2 with one line" test $rc = 2 -a "$(wc -l < "$tmp/err")" = 1
"$DLGEN" --duration-ms abc experiments/tasksets/other-short.json 2> "$tmp/err"; rc=$?
expect "a bad --duration-ms exits 2 naming the option (got $rc)" sh -c "test $rc = 2 && grep -q -- '--duration-ms' '$tmp/err'"
expect "--help documents the exit status" sh -c "'$DLGEN' --help | grep -q 'Exit status'"
for opt in $("$DLGEN" --help | grep -o -- '--[a-z-]*' | sort -u); do
	# roff spells a hyphen \-: look for the option as the man page writes it
	expect "dlgen.1 documents $opt" grep -qF -- "$(echo "$opt" | sed 's/-/\\-/g')" dlgen/dlgen.1
done

echo "== dlgen-gen (UUniFast-discard and RandFixedSum task sets)"
GEN=$top/dlgen/build/dlgen-gen
"$GEN" -n 8 -u 3.5 --umax 0.7 --seed 9 > "$tmp/gen1.json" 2> "$tmp/err"
expect "a generated set passes dlgen --check" "$DLGEN" --check "$tmp/gen1.json"
"$GEN" -n 8 -u 3.5 --umax 0.7 --seed 9 > "$tmp/gen2.json"
expect "same arguments and seed, same file" cmp -s "$tmp/gen1.json" "$tmp/gen2.json"
"$GEN" -n 8 -u 3.5 --umax 0.7 --seed 10 > "$tmp/gen3.json"
expect "another seed, another set" sh -c "! cmp -s '$tmp/gen1.json' '$tmp/gen3.json'"
expect "the set's sum of run/period is U = 3.5 within the us rounding (n/pmin = 0.0008)" \
	awk -F'[:,]' '/"period" :/ { p = $5 + 0 } /"run" :/ { s += $2 / p } END { d = s - 3.5; exit !(d < 0.0008 && d > -0.0008) }' "$tmp/gen1.json"
"$GEN" -n 8 -u 3.5 --umax 0.7 --seed 9 --algo randfixedsum --dratio 0.5:0.9 > "$tmp/gen4.json"
expect "a RandFixedSum set with constrained deadlines passes dlgen --check" "$DLGEN" --check "$tmp/gen4.json"
expect "its deadlines are within [0.5, 0.9] x period (+ gran) and >= the DL runtime" \
	awk -F'[:,]' '/"period" :/ { p = $5 + 0 } /"dl-runtime"/ { r = $2 + 0 }
		/"dl-deadline"/ { d = $2 + 0; n++; if (d < r || d < 0.5 * p - 500 || d > 0.9 * p + 500) bad = 1 }
		END { exit bad || n != 8 }' "$tmp/gen4.json"
expect "its sum of run/period is U = 3.5 within the us rounding" \
	awk -F'[:,]' '/"period" :/ { p = $5 + 0 } /"run" :/ { s += $2 / p } END { d = s - 3.5; exit !(d < 0.0008 && d > -0.0008) }' "$tmp/gen4.json"
"$GEN" -n 8 -u 3.5 --dratio 0.9 > /dev/null 2> "$tmp/err"; rc=$?
expect "a malformed --dratio exits 2 naming it" sh -c "test $rc = 2 && grep -q -- '--dratio' '$tmp/err'"
"$GEN" -n 2 -u 1.9 --umax 0.5 > /dev/null 2> "$tmp/err"; rc=$?
expect "an impossible U exits 2 saying why (got $rc)" sh -c "test $rc = 2 && grep -q 'no set can satisfy' '$tmp/err'"
for opt in $("$GEN" --help | grep -o -- '--[a-z-]*' | sort -u); do
	expect "dlgen-gen.1 documents $opt" grep -qF -- "$(echo "$opt" | sed 's/-/\\-/g')" dlgen/dlgen-gen.1
done

echo "== dlgen native run (SCHED_OTHER, 300 ms)"
if "$DLGEN" -o "$tmp/native" -d 300 experiments/tasksets/other-short.json > "$tmp/out" 2>&1; then
	pass "native run exits 0"
else
	fail "native run exits 0"; cat "$tmp/out"
fi
expect "jobs.csv has 2 instances x 5 jobs (+ header): timers at 50..250 ms, as rt-app waits a period first" test "$(wc -l < "$tmp/native/jobs.csv")" = 11
expect "every job did at least its 2 ms of work and has start <= end" \
	csv_awk 'FNR == 1 { header(); next }
		$col("work_ns") < 2000000 || $col("start_ns") > $col("end_ns") || $col("release_ns") > $col("start_ns") { exit 1 }' "$tmp/native/jobs.csv"
expect "releases are one period apart" \
	csv_awk 'FNR == 1 { header(); next }
		{ i = $col("instance"); t = $col("release_ns"); if ((i in r) && t - r[i] != 50000000) exit 1; r[i] = t }' "$tmp/native/jobs.csv"
expect "tasks.csv records both instances as admitted" \
	test "$(csv_awk 'FNR == 1 { header(); next } $col("admitted") == 1' "$tmp/native/tasks.csv" | wc -l)" = 2

echo "== dlgen native run of rt-app's wider grammar (phases, sleep, yield, runtime, relative timer, cpus)"
if "$DLGEN" -o "$tmp/grammar" tests/data/grammar.json > "$tmp/out" 2>&1; then
	pass "tests/data/grammar.json runs (exit 0)"
else
	fail "tests/data/grammar.json runs (exit 0)"; cat "$tmp/out"
fi
J=$tmp/grammar/jobs.csv
expect "phases: 4 jobs of phase light (0) then 3 of heavy (1), in order" \
	test "$(csv_awk 'FNR == 1 { header(); next } $col("task") == "phased" { printf "%s", $col("phase") }' "$J")" = 0000111
expect "phases: light jobs 20 ms apart with 1 ms of work, heavy jobs 4 ms (run0 + run1)" \
	csv_awk 'FNR == 1 { header(); next } $col("task") == "phased" { ph = $col("phase"); w = $col("work_ns"); t = $col("release_ns")
		if (ph == 0 && (w < 1000000 || (n0++ && t - r != 20000000))) exit 1
		if (ph == 1 && w < 4000000) exit 1; r = t }' "$J"
expect "a timerless loop: 10 passes are 10 jobs, no deadline (0) and never late" \
	test "$(csv_awk 'FNR == 1 { header(); next }
		$col("task") == "sleeper" && $col("deadline_ns") == 0 && $col("lateness_ns") == 0' "$J" | wc -l)" = 10
expect "sleep 3 ms inside each job: responses >= 3.5 ms; cpus [0]: every job on CPU 0" \
	csv_awk 'FNR == 1 { header(); next } $col("task") == "sleeper" &&
		($col("response_ns") < 3500000 || $col("cpu_start") != 0 || $col("cpu_end") != 0) { exit 1 }' "$J"
expect "a relative timer (rt-app's default mode): 5 jobs released >= 12 ms apart (2 ms runtime + 10 ms)" \
	csv_awk 'FNR == 1 { header(); next }
		$col("task") == "relative" { n++; t = $col("release_ns"); if (n > 1 && t - r < 12000000) exit 1; r = t }
		END { exit n != 5 }' "$J"
expect "tasks.csv: phased reports its first phase (run 1 ms, period 20 ms)" \
	test "$(csv_awk 'FNR == 1 { header(); next } $col("task") == "phased" && $col("instance") == 0 {
		print $col("policy") "," $col("run_ns") "," $col("period_ns") }' "$tmp/grammar/tasks.csv")" = SCHED_OTHER,1000000,20000000

echo "== dlgen --work=loops (rt-app's calibrated loop)"
"$DLGEN" -w loops -o "$tmp/loops" -d 200 experiments/tasksets/other-short.json > "$tmp/loops.out" 2>&1; rc=$?
expect "loops mode runs (exit $rc) and reports its calibration per capacity class" \
	sh -c "test $rc = 0 && grep -q 'calibration: capacity 1024 (CPU [0-9]*): [0-9.]* ns per loop, spread' '$tmp/loops.out'"
expect "summary.json says work_mode loops with a measured reference > 0" \
	sh -c "jq -e '.work_mode == \"loops\" and .calibration.ref_ns_per_loop > 0 and (.calibration.pinned | not)' '$tmp/loops/summary.json' > /dev/null"
sed 's/"duration" : 1 }/"duration" : 1, "calibration" : 7 }/' experiments/tasksets/other-short.json > "$tmp/pinned.json"
"$DLGEN" -w loops -o "$tmp/pinned" -d 200 "$tmp/pinned.json" > /dev/null 2>&1
expect "global.calibration 7 pins the reference at 7 ns per loop" \
	jq -e '.calibration.ref_ns_per_loop == 7 and .calibration.pinned' "$tmp/pinned/summary.json"
expect "emulated mode's summary.json says so" jq -e '.work_mode == "emulated"' "$tmp/native/summary.json"
expect "--bench-log times the per-job bookkeeping (ns per job printed)" \
	sh -c "'$DLGEN' --bench-log 10000 | grep -q 'per-job bookkeeping: [0-9.]* ns per job over 10000 jobs'"

printf '{"global":{"duration":1},"tasks":{"d":{"policy":"SCHED_DEADLINE","run":10,"timer":{"period":1000},"dl-runtime":100}}}' > "$tmp/dl.json"
"$DLGEN" -o "$tmp/dlhost" "$tmp/dl.json" 2> "$tmp/err"; rc=$?
expect "a SCHED_DEADLINE task set outside the guest exits 3 (got $rc)" test $rc = 3
expect "... saying why and how to override" grep -q 'not the dlcap guest.*--i-know-this-is-not-a-vm' "$tmp/err"
expect "... and created no output" test ! -e "$tmp/dlhost/jobs.csv"
expect "the native run wrote summary.json with 10 jobs" grep -q '"jobs": 10' "$tmp/native/summary.json"
"$DLGEN" -o "$tmp/wd" -d 200 -g 0 tests/data/long-job.json > /dev/null 2>&1; rc=$?
expect "watchdog: a 5 s job in a 200 ms run is cut at the end (exit $rc)" \
	csv_awk 'FNR == 1 { header(); next }
		FNR == 2 { ok = ($col("cut") == 1 && $col("end_ns") - $col("release_ns") < 1000000000) } END { exit !ok }' "$tmp/wd/jobs.csv"

echo "== scripts' usage: the leading comment block, whole (lib.sh's usage)"
for f in $(grep -l -e '|| usage$' -e '^\s*usage$' scripts/*.sh); do
	"$f" > /dev/null 2> "$tmp/usage"; rc=$?
	# the comment lines between #! and the first line of code
	n=$(awk 'NR > 1 && !/^#/ { print NR - 2; exit }' "$f")
	expect "$f without arguments exits 2 with its $n comment lines, a Usage: line among them (exit $rc, $(wc -l < "$tmp/usage") lines)" \
		sh -c "test $rc = 2 && test \$(wc -l < '$tmp/usage') = $n && grep -q '^Usage: scripts/${f##*/}' '$tmp/usage'"
done

echo "== lib/budget.sh's mean_host_seconds under pipefail (slurm-submit.sh's first submission)"
mkdir -p "$tmp/mhs-empty" "$tmp/mhs/k/t/p1" "$tmp/mhs/k/t/p2"
printf 'host seconds: 10.0 (x)\n' > "$tmp/mhs/k/t/p1/manifest.txt"
printf 'host seconds: 20.0 (x)\n' > "$tmp/mhs/k/t/p2/manifest.txt"
expect "mean_host_seconds of a sweep with no finished point is empty, not a failure, under set -euo pipefail" \
	bash -c "set -euo pipefail; . scripts/lib.sh; . scripts/lib/budget.sh; m=\$(mean_host_seconds '$tmp/mhs-empty'); test -z \"\$m\""
expect "mean_host_seconds of two points of 10 and 20 host seconds is 15" \
	bash -c "set -euo pipefail; . scripts/lib.sh; . scripts/lib/budget.sh; test \"\$(mean_host_seconds '$tmp/mhs')\" = 15"

echo "== dlprobe, natively: statistics and CPU lists, bad arguments, each probe on the host, the tables (tests/data/fidelity-v2)"
suite tests/check-probes.sh

echo "== dlselftest, natively: its arithmetic and parsing, the table and its check on a canned run (tests/data/dl-kselftest)"
suite tests/check-dl-kselftest.sh

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
expect "hikey960: instruction rates capacity/1024 by default ($TOPO_RATES)" \
	test "$TOPO_RATES" = "462/1024:462/1024:462/1024:462/1024:1:1:1:1"
expect "hikey960 with QEMU_RATES=equal: every rate 1" \
	sh -c "scripts/topo.sh experiments/topologies/hikey960.topo equal | grep -qx 'TOPO_RATES=1:1:1:1:1:1:1:1'"
printf 'cluster 0-1 512\ncluster 2-3 1024\nrates equal\nrate 0 3/4\n' > "$tmp/rate.topo"
expect "rates equal, rate 0 3/4: $(scripts/topo.sh "$tmp/rate.topo" | grep RATES=)" \
	sh -c "scripts/topo.sh '$tmp/rate.topo' | grep -qx 'TOPO_RATES=3/4:1:1:1'"
for bad in 'rate 4 1' 'rate 1 0' 'rate 1 1/70000' 'rates fast'; do
	printf 'cluster 0-1 512\ncluster 2-3 1024\n%s\n' "$bad" > "$tmp/rate.topo"
	scripts/topo.sh "$tmp/rate.topo" > /dev/null 2> "$tmp/err"; rc=$?
	expect "topology line '$bad' exits 2 with one line naming file:line ($(cat "$tmp/err"))" \
		sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1 && grep -q '$tmp/rate.topo:3:' '$tmp/err'"
done

echo "== console tools on canned consoles (decoder, badness scanner, re-check; no QEMU)"
suite tests/check-console.sh
echo "== runner tools on canned inputs (QEMU command line, initrd, point keys, points into OUTDIR; no QEMU)"
suite tests/check-runner.sh
echo "== checkpoints of finished plan runs, saved and restored (scripts/checkpoint.sh; no QEMU)"
suite tests/check-checkpoint.sh
echo "== kernel variants' trees (SOURCE=; no build, no QEMU)"
suite tests/check-variants.sh
echo "== placement reasons: the kernel's trace joined to the jobs (scripts/placement-reasons.sh, canned point)"
suite tests/check-reasons.sh
echo "== traces on request: what a plan's trace=on stages (scripts/plan-check.sh; no QEMU)"
suite tests/check-trace.sh
echo "== the guest shell library (initramfs/dl.sh) under dash on canned debugfs text (no QEMU)"
suite tests/check-guestlib.sh

echo "== KUnit console check on canned consoles (tests/data/kunit: v3, v1's faults put back, v3-faults all bits and bit 3)"
suite tests/check-kunit.sh tests/data/kunit/v3
echo "== the same suites on the 6.12 port (tests/data/kunit-6.12: kunit-6.12 booted on dynamiq3)"
suite tests/check-kunit.sh tests/data/kunit-6.12
suite tests/check-kunit-uniform.sh tests/data/kunit-6.12
suite tests/check-kunit.sh --v1-faults tests/data/kunit/v1-faults
suite tests/check-kunit.sh --v3-fault all tests/data/kunit/v3-faults-all
suite tests/check-kunit.sh --v3-fault 3 tests/data/kunit/v3-fault-3
expect "the KUnit check fails on the console of v1's faults" \
	sh -c '! tests/check-kunit.sh tests/data/kunit/v1-faults > /dev/null 2>&1'
expect "the v1-faults check fails on v3's console" \
	sh -c '! tests/check-kunit.sh --v1-faults tests/data/kunit/v3 > /dev/null 2>&1'
expect "the v3-fault check of bit 4 fails on bit 3's console" \
	sh -c '! tests/check-kunit.sh --v3-fault 4 tests/data/kunit/v3-fault-3 > /dev/null 2>&1'
expect "the v3-fault check of all bits fails on v1's faults" \
	sh -c '! tests/check-kunit.sh --v3-fault all tests/data/kunit/v1-faults > /dev/null 2>&1'

echo "== KUnit console check of sched_dl_uniform on canned consoles (tests/data/kunit-uniform: no fault, uniform-faults bits 0 and 6)"
suite tests/check-kunit-uniform.sh tests/data/kunit-uniform/none
suite tests/check-kunit-uniform.sh --fault 0 tests/data/kunit-uniform/fault-0
suite tests/check-kunit-uniform.sh --fault 6 tests/data/kunit-uniform/fault-6
expect "the uniform KUnit check fails on the console of bit 0's fault" \
	sh -c '! tests/check-kunit-uniform.sh tests/data/kunit-uniform/fault-0 > /dev/null 2>&1'
expect "the check of bit 6 fails on bit 0's console" \
	sh -c '! tests/check-kunit-uniform.sh --fault 6 tests/data/kunit-uniform/fault-0 > /dev/null 2>&1'
expect "the check of bit 0 fails on the console without a fault" \
	sh -c '! tests/check-kunit-uniform.sh --fault 0 tests/data/kunit-uniform/none > /dev/null 2>&1'

echo "== KUnit console check of sched_dl_misfit on canned consoles (tests/data/kunit-misfit: no fault, misfit-faults bits 0 and 5)"
suite tests/check-kunit-misfit.sh tests/data/kunit-misfit/none
suite tests/check-kunit-misfit.sh --fault 0 tests/data/kunit-misfit/fault-0
suite tests/check-kunit-misfit.sh --fault 5 tests/data/kunit-misfit/fault-5
expect "the misfit KUnit check fails on the console of bit 0's fault" \
	sh -c '! tests/check-kunit-misfit.sh tests/data/kunit-misfit/fault-0 > /dev/null 2>&1'
expect "the check of bit 1 fails on bit 0's console" \
	sh -c '! tests/check-kunit-misfit.sh --fault 1 tests/data/kunit-misfit/fault-0 > /dev/null 2>&1'
expect "the check of bit 0 fails on the console without a fault" \
	sh -c '! tests/check-kunit-misfit.sh --fault 0 tests/data/kunit-misfit/none > /dev/null 2>&1'
expect "the check of bit 5 fails on the console without a fault" \
	sh -c '! tests/check-kunit-misfit.sh --fault 5 tests/data/kunit-misfit/none > /dev/null 2>&1'
expect "the misfit KUnit check fails on the console of bit 5's fault (dlm_room failed)" \
	sh -c '! tests/check-kunit-misfit.sh tests/data/kunit-misfit/fault-5 > /dev/null 2>&1'
expect "the check of bit 5 fails on bit 0's console" \
	sh -c '! tests/check-kunit-misfit.sh --fault 5 tests/data/kunit-misfit/fault-0 > /dev/null 2>&1'
for a in "--fault 7 tests/data/kunit-misfit/none" "--fault x tests/data/kunit-misfit/none" "tests/data/kunit-misfit/none extra"; do
	tests/check-kunit-misfit.sh $a > /dev/null 2> "$tmp/err"; rc=$?
	expect "the misfit KUnit check with '$a': exit 2 (got $rc), one line: $(head -1 "$tmp/err")" \
		sh -c "test $rc = 2 && test \$(wc -l < '$tmp/err') = 1"
done

echo "== dl_misfit's in-guest checks on canned runs (tests/data/misfit: tests/plans/misfit-hikey960.plan on the misfit kernel as committed (v2), and on versions without a part of it)"
suite tests/check-misfit.sh tests/data/misfit/v2
# each broken version fails the claim it breaks, not only the points its
# run lacks (runs made before the plan had its online points)
misfit_fails() { # misfit_fails RUNDIR FAIL-LINE-PREFIX
	tests/check-misfit.sh "$1" 2>&1 | grep -q "^FAIL: $2"
}
expect "the misfit check fails on the run of a version that let m take a big CPU a hog left for microseconds (7 migrations of m's one job)" \
	misfit_fails tests/data/misfit/throttle-check "migrate: m's job ends on a big CPU, moved once (7 migrations"
expect "... and on a run of dl-misfit's patch 1 alone (m never leaves the LITTLE)" \
	misfit_fails tests/data/misfit/patch1-only "migrate: the set's LITTLE time 7979 ms"
rm -rf "$tmp/misfit-v1"; cp -r tests/data/misfit/v2 "$tmp/misfit-v1"
rm -rf "$tmp/misfit-v1/online" "$tmp/misfit-v1/online-none"
cp -r tests/data/misfit/no-online/online tests/data/misfit/no-online/online-none "$tmp/misfit-v1/"
expect "... and with the online points of v1 (patches 1-4: no rq_online_dl() hook; m stays 1329 ms on its LITTLE)" \
	misfit_fails "$tmp/misfit-v1" "online: m left its LITTLE as CPU 7 came online (1329 ms"

echo "== migrate-preempt's swap on a canned run (tests/data/misfit/swap: tests/plans/misfit-swap-hikey960.plan on the misfit kernel)"
suite tests/check-misfit.sh --swap tests/data/misfit/swap
rm -rf "$tmp/misfit-noswap"; cp -r tests/data/misfit/swap "$tmp/misfit-noswap"
rm -rf "$tmp/misfit-noswap/swap"; cp -r tests/data/misfit/swap/swap-migrate "$tmp/misfit-noswap/swap"
expect "the swap check fails without the swap (migrate-preempt's point replaced by migrate's: m stays 776 ms on its LITTLE)" \
	sh -c "tests/check-misfit.sh --swap '$tmp/misfit-noswap' 2>&1 | grep -q '^FAIL: swap: m left its LITTLE at once: 776\\.'"
rm -rf "$tmp/misfit-swapmig"; cp -r tests/data/misfit/swap "$tmp/misfit-swapmig"
rm -rf "$tmp/misfit-swapmig/swap-migrate"; cp -r tests/data/misfit/swap/swap "$tmp/misfit-swapmig/swap-migrate"
expect "... and when migrate swaps too (its point replaced by migrate-preempt's)" \
	sh -c "tests/check-misfit.sh --swap '$tmp/misfit-swapmig' 2>&1 | grep -q \"^FAIL: swap-migrate: m's long job never left its LITTLE: 1 of 351 ms\""
rm -rf "$tmp/misfit-nolate"; cp -r tests/data/misfit/swap "$tmp/misfit-nolate"
rm -rf "$tmp/misfit-nolate/swap-late"; cp -r tests/data/misfit/swap/swap-migrate "$tmp/misfit-nolate/swap-late"
expect "... and when the later swap, at a replenishment, does not happen (swap-late's point replaced by migrate's)" \
	sh -c "tests/check-misfit.sh --swap '$tmp/misfit-nolate' 2>&1 | grep -q '^FAIL: swap-late: a push of a small task from a big CPU to a LITTLE after m.s wake'"

echo "== the primary metric in a sweep's points.csv: work done by its deadline / work offered, by hand (host; issue 32)"
suite tests/check-aggregate.sh

echo "== analysis: uniform feasibility, reference schedules, Devi-Anderson, statistics (host; issue 32)"
suite tests/check-analysis.sh

echo "== boundedness: the growth test on synthetic points (host; issue 32 item 1)"
suite tests/check-growth.sh

echo "== the compute budget: calibration, fit, makespan (host; issue 32 item 5)"
suite tests/check-budget.sh

echo "== every prefix of a series checked and built (scripts/lib/prefix.sh, a canned series)"
suite tests/check-prefix.sh

echo "== results manifests compared point by point (what make reproduce reports; no QEMU)"
suite tests/check-manifests.sh

echo "== expected-outcome checkers and the tables they read, on fixtures (tests/data/expect; no QEMU)"
suite tests/check-expect.sh

echo "== the fair-server A/B's tables on a canned points.csv, and make fsoff without the sweeps' points (no QEMU)"
suite tests/check-fsoff.sh

echo "== dl_misfit's 5% goal over task sets (scripts/misfit-ci.sh) on a canned shares.csv (no QEMU)"
suite tests/check-misfit-ci.sh

echo "== the derived CSVs behind EXPERIMENTS.md's prose (scripts/phase-summary.sh, ...) on canned data (no QEMU)"
suite tests/check-derived.sh

echo "== the cost of a dl_misfit move (scripts/misfit-cost.sh) on two canned traced points written by hand (no QEMU)"
suite tests/check-misfit-cost.sh

echo "== dl_admission=uniform's oracle check (scripts/expect-uniform.sh) on the committed admission-uniform sweep, and on one set made to differ (no QEMU)"
suite tests/check-expect-uniform.sh

echo "== figures: the same data give the same PNG and PDF bytes (scripts/lib/plot.sh plot_both twice)"
suite tests/check-plot-bytes.sh

echo "== every script sources the scripts/lib/ file of each function it calls"
suite tests/check-libs.sh

echo "== every target make help lists resolves with an empty cache (make -n)"
suite tests/check-make-targets.sh

echo "== results/README.md's table is generated from results/index.csv (scripts/results-index.sh)"
expect "results/README.md's table is what results/index.csv gives" scripts/results-index.sh --check

echo "== EXPERIMENTS.md's generated tables (scripts/experiments-tables.sh)"
suite tests/check-experiments-tables.sh

echo "== a sweep's counts as a table (scripts/points-totals.sh, the sweeps' totals.csv)"
suite tests/check-points-totals.sh

echo "== a sweep's moves onto CPUs a task does not fit, by push and pull (scripts/pull-misfit.sh, pull-misfit-summary.sh) on a canned raw sweep (no QEMU)"
suite tests/check-pull-misfit.sh

echo "== two sweeps' means over the same sets, and how far apart policies are (scripts/sweep-ratio.sh, policy-gap.sh) on canned CSVs (no QEMU)"
suite tests/check-sweep-ratio.sh

echo "== the full rerun's steps (scripts/rerun.sh --list; the tables step alone)"
suite tests/check-rerun.sh
sed '2s/,[^,]*$/,another description/' results/index.csv > "$tmp/index.csv"
RESULTS_INDEX=$tmp/index.csv scripts/results-index.sh --check > /dev/null 2>&1; rc=$?
expect "... and --check fails when a row of index.csv changes (exit $rc)" test $rc = 1
sed '2s/$/, with a comma/' results/index.csv > "$tmp/index.csv"
RESULTS_INDEX=$tmp/index.csv scripts/results-index.sh > /dev/null 2> "$tmp/err"; rc=$?
expect "... a row with a comma in a field exits 2 naming its line ($(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q 'index.csv:2: 5 fields' '$tmp/err'"

echo "== a bad task set stops before any boot"
printf 'bad %s\n' "$top/tests/data/seed-missing-comma.json" > "$tmp/bad.plan"
scripts/run-batch.sh stock hikey960 "$tmp/bad.plan" "$tmp/badrun" > "$tmp/bad.out" 2>&1; rc=$?
expect "run-batch exits 2 on a task set that does not parse (got $rc)" test $rc = 2
expect "... and printed the located error" grep -q 'seed-missing-comma.json:20:' "$tmp/bad.out"
expect "... and booted nothing (no console log)" test ! -e "$tmp/badrun/console.log"
mkdir -p "$tmp/empty-cache"
DLCAP_CACHE=$tmp/empty-cache scripts/run-batch.sh stock hikey960 "$tmp/bad.plan" "$tmp/badrun2" > "$tmp/bad2.out" 2>&1; rc=$?
expect "... the same with nothing built (an empty cache): the task set's error, not a missing QEMU (got $rc)" \
	sh -c "test $rc = 2 && grep -q 'seed-missing-comma.json:20:' '$tmp/bad2.out'"

printf 'k cover-letter.json dl_admission=bogus\n' > "$tmp/knob.plan"
scripts/run-batch.sh patched hikey960 "$tmp/knob.plan" "$tmp/knobrun" > "$tmp/knob.out" 2>&1; rc=$?
expect "a knob value not in kernels/knobs exits 2 before booting (got $rc)" \
	sh -c "test $rc = 2 && grep -q \"knob 'dl_admission=bogus'\" '$tmp/knob.out' && test ! -e '$tmp/knobrun/console.log'"

printf '{ "tasks" : { "t" : { "loop" : -1, "run" : 1000, "timer" : { "ref" : "t", "period" : 10000 } } } }\n' > "$tmp/forever.json"
printf 'a %s -d 500\n' "$tmp/forever.json" > "$tmp/forever-d.plan"
printf 'a %s\n' "$tmp/forever.json" > "$tmp/forever.plan"
scripts/plan-check.sh "$tmp/forever-d.plan" > /dev/null 2> "$tmp/err"; rc=$?
scripts/plan-check.sh "$tmp/forever.plan" > /dev/null 2> "$tmp/err2"; rc2=$?
expect "plan-check checks a point's task set with its -d: loop -1 without global.duration passes with -d 500 (got $rc), is refused without (got $rc2)" \
	sh -c "test $rc = 0 && test $rc2 = 2 && grep -q 'forever.json:1:.*tasks.t.loop: without global.duration' '$tmp/err2'"
printf 'a %s -d500\nb %s --duration-ms=500\n' "$tmp/forever.json" "$tmp/forever.json" > "$tmp/forever-glued.plan"
scripts/plan-check.sh "$tmp/forever-glued.plan" > /dev/null 2> "$tmp/err"; rc=$?
expect "... and with the glued -d500 and --duration-ms=500, as dlgen's getopt takes them (got $rc)" test "$rc" = 0

echo "== sweeps: files, task sets, tables"
export DLCAP_RESULTS=$tmp/results	# sweeps write here, not into the repository
printf 'topologies = hikey960\nspeed = 3\n' > "$tmp/bad1.sweep"
scripts/sweep.sh --plan-only "$tmp/bad1.sweep" 2> "$tmp/err"; rc=$?
expect "an unknown sweep key exits 2 naming file:line and the key ($(head -1 "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q 'bad1.sweep:2: unknown key .speed.' '$tmp/err'"
printf 'topologies = hikey960 nowhere\npolicy p = patched dl_placement=sideways\nu = 2 x\nseeds = 1\ntasks = 4\nduration = 1\n' > "$tmp/bad2.sweep"
scripts/sweep.sh --plan-only "$tmp/bad2.sweep" 2> "$tmp/err"; rc=$?
expect "a sweep with a missing topology, a bad knob and a bad U gives 3 located errors, exit 2" \
	sh -c "test $rc = 2 && grep -q 'bad2.sweep:1: topologies' '$tmp/err' && grep -q \"bad2.sweep:2: policy p: 'dl_placement=sideways'\" '$tmp/err' && grep -q \"bad2.sweep:3: u: 'x'\" '$tmp/err'"
scripts/sweep.sh --plan-only tests/sweeps/tiny.sweep > "$tmp/tiny.plan.out" 2>&1
expect "the tiny sweep plans 4 points for seed 1, both policies on the same task set per (u, seed)" \
	sh -c "test \$(grep -c -- '-u.*-s1 ' '$tmp/tiny.plan.out') = 4 && test \$(grep -- '-u2.5-s1 ' '$tmp/tiny.plan.out' | awk '{ print \$2 }' | sort -u | wc -l) = 1"
expect "the tiny sweep's index.csv lists its 8 points by name (point, kernel, topology, policy, u, seed, replicate, dir)" \
	sh -c "head -1 '$DLCAP_RESULTS/raw/sweeps/tiny/index.csv' | grep -qx 'point,kernel,topology,policy,u,seed,replicate,dir' && test \$(wc -l < '$DLCAP_RESULTS/raw/sweeps/tiny/index.csv') = 9"
{ cat tests/sweeps/tiny.sweep; echo "replicates = 3"; } > "$tmp/rep.sweep"
scripts/sweep.sh --plan-only "$tmp/rep.sweep" > "$tmp/rep.out" 2>&1; rc=$?
expect "replicates = 3: 6 boots, replicates 2 and 3 start with a prelude of 7 and 14 ms, points named -rR (exit $rc)" \
	sh -c "test $rc = 0 && test \$(grep -c '^== ' '$tmp/rep.out') = 6 && grep -q '^prelude-s1-r3 .*prelude.json -d 14\$' '$tmp/rep.out' && grep -q '^series-u6.5-s3-r2 ' '$tmp/rep.out' && test \$(grep -c ',3,patched/hikey960/' '$DLCAP_RESULTS/raw/sweeps/rep/index.csv') = 8"
printf 'replicates = 0\n' >> "$tmp/rep.sweep"
scripts/sweep.sh --plan-only "$tmp/rep.sweep" > /dev/null 2> "$tmp/err"; rc=$?
expect "replicates = 0 is refused with file:line (exit $rc)" sh -c "test $rc = 2 && grep -q 'rep.sweep:12: replicates' '$tmp/err'"
cp "$DLCAP_RESULTS/raw/sweeps/tiny/tasksets/u6.5-s1.json" "$tmp/ts1"
scripts/sweep.sh --plan-only tests/sweeps/tiny.sweep > /dev/null 2>&1
expect "planning again regenerates the same task set bytes" cmp -s "$tmp/ts1" "$DLCAP_RESULTS/raw/sweeps/tiny/tasksets/u6.5-s1.json"
# derive FILE.csv = SCRIPT ARGS: run after the aggregation, {points} and
# {name} replaced; a failing one leaves the others and exits 1
{ cat tests/sweeps/tiny.sweep; echo 'derive spread.csv = replicate-spread.sh {points}'
  echo 'derive byname.csv = replicate-spread.sh {name}'; } > "$tmp/der.sweep"
scripts/sweep.sh --plan-only "$tmp/der.sweep" > /dev/null 2>&1
scripts/sweep.sh --aggregate "$tmp/der.sweep" > /dev/null 2> "$tmp/err"; rc=$?
expect "a derive line writes its script's output with {points} replaced; one that fails ({name} = der, no such file) is named and exits 1 (exit $rc)" \
	sh -c "test $rc = 1 && head -1 '$DLCAP_RESULTS/sweeps/der/spread.csv' | grep -q '^topology,u,policy,seeds' && grep -q 'cannot read der\$' '$tmp/err' && grep -q 'derive byname.csv: scripts/replicate-spread.sh failed' '$tmp/err' && test ! -e '$DLCAP_RESULTS/sweeps/der/byname.csv'"
{ cat tests/sweeps/tiny.sweep; echo 'derive table.csv = replicate-spread.sh {points}'
  echo 'derive x.csv = no-such-script.sh'; echo 'derive y = replicate-spread.sh'; } > "$tmp/der2.sweep"
scripts/sweep.sh --plan-only "$tmp/der2.sweep" > /dev/null 2> "$tmp/err"; rc=$?
expect "derive over a file the sweep writes, of a script not in scripts/, or not into a .csv: 3 located errors, exit 2 (exit $rc)" \
	sh -c "test $rc = 2 && grep -q 'der2.sweep:11: derive table.csv: a file the sweep writes' '$tmp/err' && grep -q \"der2.sweep:12: derive x.csv: 'no-such-script.sh' is not a script\" '$tmp/err' && grep -q 'der2.sweep:13: derive: want' '$tmp/err'"
{
	echo "topology,policy,kernel,u,seed,tasks,admitted_tasks,offered_bw,admitted_bw,acceptance,jobs,late_jobs,miss_ratio,max_tard,p99_tard,mean_tard,status"
	echo "t,p,k,2,1,4,4,2.2,2.2,1,100,10,0.1,1,0.5,0,ok"
	echo "t,p,k,2,2,4,4,2.2,2.2,1,100,20,0.2,2,0.5,0,ok"
	echo "t,p,k,2,3,4,4,2.2,2.2,1,100,30,0.3,3,0.5,0,ok"
	echo "t,p,k,2,4,,,,,,,,,,,,failed"
	echo "t,p,k,3,1,4,3,3.3,3.0,0.9,100,0,0,0,0,0,ok"
} > "$tmp/points.csv"
scripts/sweep-table.sh "$tmp/points.csv" > "$tmp/table.csv"
expect "sweep-table: 3 seeds of max_tard 1, 2, 3 give mean 2 and CI 4.303/sqrt(3) = 2.48434" \
	grep -q '^t,p,2,3,2.20000,0.00000,1.00000,0.00000,0.20000,0.24843,2.00000,2.48434,0.50000,0.00000$' "$tmp/table.csv"
# data by name: a column added in the middle changes nothing; one missing is an error
awk -F, -v OFS=, '{ $3 = $3 "," (NR == 1 ? "note" : "x") } 1' "$tmp/points.csv" > "$tmp/points-extra.csv"
expect "sweep-table reads columns by name: a column inserted in points.csv gives the same table" \
	cmp -s <(scripts/sweep-table.sh "$tmp/points-extra.csv") "$tmp/table.csv"
cut -d, -f1-13,15- "$tmp/points.csv" > "$tmp/points-missing.csv"
scripts/sweep-table.sh "$tmp/points-missing.csv" > /dev/null 2> "$tmp/err"; rc=$?
expect "... and a missing column is an error naming it (exit $rc: $(cat "$tmp/err"))" \
	sh -c "test $rc = 2 && grep -q 'no column max_tard' '$tmp/err'"
{
	echo "topology,policy,u,n,admitted_bw,admitted_bw_ci,acceptance,acceptance_ci,miss_ratio,miss_ratio_ci,max_tard,max_tard_ci,p99_tard,p99_tard_ci"
	echo "hikey960,series,2,3,2.2,0,1,0,0,0,0,0,0,0"
	echo "hikey960,series,6,3,5.4,0,0.8,0,0.1,0,4,0,3,0"
	echo "hikey960,unaware,2,3,2.2,0,1,0,0.1,0,2,0,1,0"
	echo "hikey960,unaware,6,3,6.6,0,1,0,0.3,0,30,0,20,0"
} > "$tmp/head.csv"
expect "expect-headline accepts a table where unaware is worse and admission is within limits" \
	scripts/expect-headline.sh "$tmp/head.csv"
sed 's/^hikey960,unaware,6,3,6.6,0,1,0,0.3,0,30,0,20,0$/hikey960,unaware,6,3,6.6,0,1,0,0.3,0,3,0,2,0/' "$tmp/head.csv" > "$tmp/head2.csv"
sed 's/^hikey960,series,6,3,5.4,/hikey960,series,6,3,6.4,/' "$tmp/head.csv" > "$tmp/head3.csv"
expect "... and rejects one where unaware is not worse, or series over-admits" \
	sh -c "! scripts/expect-headline.sh '$tmp/head2.csv' > /dev/null && ! scripts/expect-headline.sh '$tmp/head3.csv' > /dev/null"
expect "sweep-table: a failed point is left out; one seed gives CI 0" \
	grep -q '^t,p,3,1,3.00000,0.00000,0.90000,0.00000,' "$tmp/table.csv"
# replicate-spread: policy a has seed 1 twice (late 10/14, p99 1/3), b has
# it twice (late 5/5, p99 0/0): spreads 4 and 2 for a, 0 for b; the pair's
# means 2 and 0, sd sqrt((2 + 0) / 2) = 1, n95 = (2 x 1.96 x 1 / 2)^2 = 3.8
{
	echo "topology,policy,u,seed,replicate,late_jobs,p99_tard,status"
	echo "t,a,2,1,1,10,1,ok"; echo "t,a,2,1,2,14,3,ok"
	echo "t,b,2,1,1,5,0,ok"; echo "t,b,2,1,2,5,0,ok"; echo "t,b,2,1,3,99,99,failed"
} > "$tmp/rep-points.csv"
expect "replicate-spread: the spread per (topology, u, policy) over a seed's replicates, failed points left out" \
	sh -c "scripts/replicate-spread.sh '$tmp/rep-points.csv' | tr '\n' ' ' | grep -qx 'topology,u,policy,seeds,replicates,late_jobs_spread,p99_tard_spread t,2,a,1,2,4.00,2.000 t,2,b,1,2,0.00,0.000 '"
expect "replicate-spread --separation a b: means 2 and 0, pooled sd 1, n95 3.8 samples per policy" \
	sh -c "scripts/replicate-spread.sh --separation a b '$tmp/rep-points.csv' | tail -1 | grep -qx 't,2,2.000,0.000,2.000,1.000,3.8'"

if [ "${TESTS_SKIP_QEMU:-}" = 1 ]; then
	echo "== QEMU tests skipped (TESTS_SKIP_QEMU=1)"
	skipped=1
else
	echo "== QEMU tests: build stock and patched kernels (cached), dlgen, initramfs"
	if make --no-print-directory build-only KERNEL=stock 2>&1 | tee "$tmp/build.log" &&
	   make --no-print-directory build-only KERNEL=patched 2>&1 | tee -a "$tmp/build.log"; then
		pass "kernels, aarch64 dlgen and initramfs build"
		suite tests/check-boot-stock.sh "$tmp"
		suite tests/check-boot-quantum.sh "$tmp"
		suite tests/check-boot-topologies.sh "$tmp"
		echo "== runner: point keys cover every input (run-batch.sh --keys, no boot)"
		suite tests/check-keys.sh
		suite tests/check-boot-runner.sh "$tmp"
		suite tests/check-boot-sweep.sh "$tmp"
		suite tests/check-boot-patched.sh "$tmp"
		suite tests/check-boot-612.sh "$tmp"
		suite tests/check-boot-equivalence.sh "$tmp"
	else
		fail "kernels, aarch64 dlgen and initramfs build"
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
