#!/bin/bash
# scripts/placement-reasons.sh on a canned point, without QEMU (a second):
# the kernel's sched_dl_place events joined to the jobs they released.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/assert.sh"
tmp=${KEEP_TMP:-$(mktemp -d)}; [ -n "${KEEP_TMP:-}" ] || trap 'rm -rf "$tmp"' EXIT
p=$tmp/point
mkdir -p "$p"
printf 'task,instance,tid\nhog,0,101\nmisfit,0,102\n' > "$p/tasks.csv"
cat > "$p/jobs.csv" <<'CSV'
task,instance,job,release_ns,end_ns
hog,0,0,1000000000,1011000000
misfit,0,0,1002000000,1012000000
hog,0,1,1016000000,1027000000
misfit,0,1,1018000000,1028000000
CSV
cat > "$p/placements.trace" <<'TRACE'
           dlgen-101     [000] d..2.     1.000001: sched_dl_place: comm=dlgen pid=101 path=wakeup from=0 to=7 reason=fit deadline=1016000000 pol_deadline=1016000000 density=524288
           dlgen-102     [007] d..2.     1.002003: sched_dl_place: comm=dlgen pid=102 path=wakeup from=7 to=4 reason=fallback-max deadline=1012000000 pol_deadline=1018000000 density=838860
          <idle>-0       [004] d.h3.     1.005000: sched_dl_place: comm=dlgen pid=102 path=push from=4 to=5 reason=fallback-max deadline=1018000000 pol_deadline=1018000000 density=838860
          <idle>-0       [007] d.h3.     1.016002: sched_dl_place: comm=dlgen pid=101 path=wakeup from=7 to=2 reason=not-allowed deadline=1016000000 pol_deadline=1032000000 density=524288
          <idle>-0       [005] d.h3.     1.017000: sched_dl_place: comm=dlgen pid=102 path=push from=5 to=5 reason=fallback-stay deadline=1034000000 pol_deadline=1034000000 density=838860
           dlgen-100     [000] .....     1.020000: sched_dl_admission_refused: comm=dl gen pid=103 source=setattr cpu=0 old_bw=0 new_bw=1 total_bw=2 limit=3
         cpuhp/7-46      [007] .....     1.021000: sched_dl_admission_refused: comm= pid=-1 source=hotplug cpu=7 old_bw=0 new_bw=0 total_bw=2 limit=1
           dlgen-100     [000] .....     1.022000: sched_dl_admission_refused: pid=104 new_bw=1 total_bw=2 limit=3
# lost 0
TRACE
"$top/scripts/placement-reasons.sh" "$p" > "$tmp/out" 2>&1
check "placement-reasons.sh runs on a canned point (exit $?)" test -s "$p/reasons.csv"
cat > "$tmp/want" <<'CSV'
task,instance,job,reason,from,to,pushes
hog,0,0,fit,0,7,0
misfit,0,0,fallback-max,7,4,1
hog,0,1,not-allowed,7,2,0
misfit,0,1,running,,,0
CSV
check "reasons.csv: each job's wake-up reason, CPUs (to: the one the task got) and pushes that moved it" cmp -s "$tmp/want" "$p/reasons.csv"
# refusals: all three counted, by source where the event has one (the
# last line is of a trace older than the source field), a comm with a
# space read as the others
cat > "$tmp/want" <<'CSV'
path,reason,count
push,fallback-max,1
push,fallback-stay,1
refused,hotplug,1
refused,setattr,1
wakeup,fallback-max,1
wakeup,fit,1
wakeup,not-allowed,1
admission,refused,3
trace,lost,0
CSV
check "reason-counts.csv: events per path and reason, refusals in all and per source, lost events" cmp -s "$tmp/want" "$p/reason-counts.csv"
# a jobs.csv without a column the join needs: an error naming it, the
# earlier outputs untouched, no half-written file left in the point
cp "$p/jobs.csv" "$tmp/jobs.csv"; cp "$p/reasons.csv" "$tmp/reasons.csv"
sed -i '1s/release_ns/released/' "$p/jobs.csv"
"$top/scripts/placement-reasons.sh" "$p" > "$tmp/out" 2>&1; rc=$?
check "a jobs.csv without release_ns: non-zero exit naming it, reasons.csv untouched, no temporary file left ($(head -1 "$tmp/out"))" \
	sh -c "test $rc != 0 && grep -q 'no column release_ns' '$tmp/out' && cmp -s '$tmp/reasons.csv' '$p/reasons.csv' &&
		test -z \"\$(ls '$p' | grep -v '^\(jobs\|tasks\|reasons\|reason-counts\)\.csv\$\|^placements.trace\$')\""
cp "$tmp/jobs.csv" "$p/jobs.csv"
rm "$p/placements.trace"
"$top/scripts/placement-reasons.sh" "$p" > "$tmp/out" 2>&1; rc=$?
check "without placements.trace: exit 1 and one line saying so ($(head -1 "$tmp/out"))" \
	sh -c "test $rc = 1 && test \$(wc -l < '$tmp/out') = 1 && grep -q 'no placements.trace' '$tmp/out'"
exit $assert_failed
