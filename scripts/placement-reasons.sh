#!/bin/bash
# Why each job ran where it did: join a point's placement trace (the patched
# kernel's sched_dl_place events, saved by the guest as placements.trace) to
# its jobs. Runs on any saved point folder, without booting.
#
# Usage: scripts/placement-reasons.sh POINTDIR
# Writes into POINTDIR:
#   reasons.csv        one row per job: task,instance,job,reason,from,to,pushes
#                      reason: the kernel's reason for the wake-up that
#                      released the job (local, idle, fit, best-fit,
#                      fallback-max, fallback-stay, fallback-preempt,
#                      nonidle-fit, nonidle-affine, edf, no-target, kept,
#                      not-allowed: the CPU chosen was not allowed and
#                      select_task_rq() gave another), or "running" when
#                      the job was released while its thread still ran (no
#                      wake-up); from/to: the CPUs of that decision (to:
#                      the CPU the task got);
#                      pushes: push/offline searches that moved the task
#                      while the job ran
#   reason-counts.csv  path,reason,count over all events of the point, plus
#                      "admission,refused,N" (every refusal), one row
#                      "refused,SOURCE,N" per source of refusals (setattr,
#                      hotplug, cpuset-attach, cpuset-shrink, rt-runtime,
#                      dl-admission, and on 6.12 fair-server; none in
#                      traces older than the events' source field) and
#                      "trace,lost,N" (events a full
#                      trace buffer dropped: nonzero means the per-job
#                      reasons are incomplete)
# Exit 1 without placements.trace (a stock kernel has no such events).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
dir=${1:?usage: placement-reasons.sh POINTDIR}
[ -r "$dir/placements.trace" ] || die "$dir: no placements.trace (kernel without the dl-capacity-trace events?)"
[ -r "$dir/jobs.csv" ] && [ -r "$dir/tasks.csv" ] || die "$dir: no jobs.csv/tasks.csv"

# Trace lines: "COMM-PID [CPU] FLAGS SECONDS.MICROS: EVENT: key=value ...",
# read by key (a comm= value with spaces leaves words without "=", which
# no key reads: dlgen's threads are all "dlgen").
# Times are CLOCK_MONOTONIC (the guest sets trace_clock mono), as dlgen's.
# Intermediate files in a folder of their own; the two outputs are written
# beside their names and renamed into place whole, and a failure leaves
# nothing in POINTDIR (the trap removes the half-written ones).
tmp=$(mktemp -d); trap 'rm -rf "$tmp"; rm -f "$dir/reasons.csv.new" "$dir/reason-counts.csv.new"' EXIT
csv_awk -v out="$tmp/counts" '
FILENAME ~ /tasks\.csv$/ {
	if (FNR == 1) { header(); next }
	name[$col("tid")] = $col("task") SUBSEP $col("instance")
	next
}
FILENAME ~ /placements\.trace$/ {
	nf = split($0, f, " ")	# whitespace, not the CSV comma
	if (f[1] == "#" && f[2] == "lost") { lost = f[3]; next }
	for (i = 1; i <= nf; i++) if (f[i] ~ /^[0-9]+\.[0-9]+:$/) break
	if (i >= nf) next
	ev = f[i + 1]
	split(substr(f[i], 1, length(f[i]) - 1), t, ".")
	ns = t[1] * 1000000000 + t[2] * 1000
	split("", kv)
	for (j = i + 2; j <= nf; j++) { eq = index(f[j], "="); kv[substr(f[j], 1, eq - 1)] = substr(f[j], eq + 1) }
	if (ev == "sched_dl_admission_refused:") {
		refused++
		if ("source" in kv) count["refused" SUBSEP kv["source"]]++
		next
	}
	if (ev != "sched_dl_place:") next
	count[kv["path"] SUBSEP kv["reason"]]++
	k = kv["pid"] SUBSEP (++n[kv["pid"] SUBSEP kv["path"]])
	if (kv["path"] == "wakeup") {
		wts[k] = ns; wreason[k] = kv["reason"]; wfrom[k] = kv["from"]; wto[k] = kv["to"]
	} else if (kv["to"] != -1 && kv["to"] != kv["from"]) {
		pts[kv["pid"] SUBSEP (++np[kv["pid"]])] = ns
	}
	next
}
FNR == 1 {
	header()
	for (tid in name) tidof[name[tid]] = tid
	print "task,instance,job,reason,from,to,pushes"
	next
}
{
	tid = tidof[$col("task") SUBSEP $col("instance")]
	rel = $col("release_ns"); end = $col("end_ns")
	# The wake-up that released the job: the first one at or after the
	# release (the trace has microseconds), before the job ended.
	reason = "running"; from = to = ""
	for (w = nextw[tid] + 1; (tid SUBSEP "wakeup") in n && w <= n[tid SUBSEP "wakeup"]; w++) {
		ts = wts[tid SUBSEP w]
		if (ts < rel - 1000) continue
		if (ts <= end) { reason = wreason[tid SUBSEP w]; from = wfrom[tid SUBSEP w]; to = wto[tid SUBSEP w]; nextw[tid] = w }
		break
	}
	pushes = 0
	for (q = 1; q <= np[tid]; q++) if (pts[tid SUBSEP q] >= rel && pts[tid SUBSEP q] <= end) pushes++
	printf "%s,%s,%s,%s,%s,%s,%d\n", $col("task"), $col("instance"), $col("job"), reason, from, to, pushes
}
END {
	for (k in count) { split(k, p, SUBSEP); printf "%s,%s,%d\n", p[1], p[2], count[k] > out }
	printf "admission,refused,%d\ntrace,lost,%d\n", refused, lost > (out ".tail")
}' "$dir/tasks.csv" "$dir/placements.trace" "$dir/jobs.csv" > "$dir/reasons.csv.new"
: >> "$tmp/counts"
{ echo "path,reason,count"; sort "$tmp/counts"; cat "$tmp/counts.tail"; } > "$dir/reason-counts.csv.new"
mv "$dir/reasons.csv.new" "$dir/reasons.csv"
mv "$dir/reason-counts.csv.new" "$dir/reason-counts.csv"
