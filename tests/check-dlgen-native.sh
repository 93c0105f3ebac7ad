#!/bin/bash
# dlgen runs natively, under ASan + UBSan (dlgen/build/san/dlgen), with
# SCHED_OTHER tasks only (nothing that needs the guest): the job loop
# (run_jobs), capacity scaling against a fake sysfs, and the corners that
# used to be undefined. Seconds, no QEMU.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dlgen=$top/dlgen/build/san/dlgen
[ -x "$dlgen" ] || make -s -C "$top/dlgen" sanitize > /dev/null || { echo "FAIL: dlgen builds with sanitizers"; exit 1; }
# col FILE NAME...: the named columns of a CSV, comma-separated (by header
# name, lib.sh's csv_awk)
col() {
	csv_awk -v want="$(IFS=,; echo "${*:2}")" 'FNR == 1 { header(); n = split(want, w, ","); next }
		{ line = ""; for (j = 1; j <= n; j++) line = line (j > 1 ? "," : "") $col(w[j]); print line }' "$1"
}

# A fake sysfs: CPU 0 of capacity 512, CPU 1 without a capacity file (1024).
mkdir -p "$tmp/sys/cpu0" "$tmp/sys/cpu1"
echo 512 > "$tmp/sys/cpu0/cpu_capacity"
cat > "$tmp/cap.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "half": { "cpus": [0], "run": 2000, "timer": { "period": 20000 } } } }
JSON
"$dlgen" --i-know-this-is-not-a-vm -s "$tmp/sys" -d 200 -o "$tmp/cap" "$tmp/cap.json" > "$tmp/cap.out" 2>&1; rc=$?
check "native run on a fake 512 CPU: exit 0, clean under ASan + UBSan (rc $rc)" \
	sh -c "test $rc = 0 && ! grep -q 'runtime error\|ERROR: AddressSanitizer' '$tmp/cap.out'"
jobs=$(($(wc -l < "$tmp/cap/jobs.csv") - 1))
# (a busy host delays jobs: the count is checked loosely, the work exactly)
check "native run: 200 ms of a 20 ms timer gives 2 to 10 jobs (got $jobs)" test "$jobs" -ge 2 -a "$jobs" -le 10
# work_ns is capacity-1024 work: 2 ms per job; it took 4 ms of CPU time
# on the 512 CPU, so the job spans at least 4 ms (more if preempted).
check "native run: every job did 2 ms of capacity-1024 work, on CPU 0" \
	eval 'paste -d, <(col "$tmp/cap/jobs.csv" work_ns) <(col "$tmp/cap/jobs.csv" cpu_start) |
		awk -F, '"'"'$1 < 2000000 || $1 > 2100000 || $2 != 0 { bad = 1 } END { exit bad }'"'"
check "native run: ... which took at least 4 ms each (capacity 512)" \
	eval 'col "$tmp/cap/jobs.csv" response_ns | awk '"'"'$1 < 4000000 { bad = 1 } END { exit bad }'"'"

# Loops whose product overflows int (100000 x 100000 passes) ran forever
# and were undefined behaviour; now a large finite count, cut by duration.
cat > "$tmp/loops.json" <<'JSON'
{ "global": { "duration": 1 },
  "tasks": { "t": { "loop": 100000,
    "phases": { "p": { "loop": 100000, "run": 100, "timer": { "period": 10000 } } } } } }
JSON
timeout 30 "$dlgen" --i-know-this-is-not-a-vm -s "$tmp/sys" -d 100 -o "$tmp/loops" "$tmp/loops.json" > "$tmp/loops.out" 2>&1; rc=$?
check "loop 100000 x phase loop 100000: no UBSan report, ends with the run (rc $rc)" \
	sh -c "test $rc = 0 && ! grep -q 'runtime error' '$tmp/loops.out'"
"$dlgen" --bench-log 1000 -s "$tmp/sys" > "$tmp/bench.out" 2>&1
check "--bench-log N -s DIR reads DIR whatever the order (2 CPUs)" grep -q '(2 CPUs)' "$tmp/bench.out"
exit $assert_failed
