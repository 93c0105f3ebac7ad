#!/bin/bash
# How often a running DL job is moved onto a CPU it does not fit, and by
# what: pull_dl_task() has no capacity test, push goes through cpudl_find().
# A job's CPUs come from jobs.csv (cpu_start, cpu_end), the task's density
# from tasks.csv, the capacities from summary.json; with reasons.csv (the
# patched kernel's trace) a move with no push during the job is a pull.
#
# Usage: scripts/pull-misfit.sh POINTDIR...
#        scripts/pull-misfit.sh --trace POINTDIR...
# Prints CSV: point,jobs,moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit,late
#   moved            jobs that ended on another CPU than they started on
#   moved_to_misfit  of those, ended on a CPU the task does not fit
#                    (capacity/1024 < density), having started on one it fits
#   pushed_/pulled_  the same split by whether a push moved the task during
#                    the job (reasons.csv); empty without reasons.csv
#   late             jobs that ended after their deadline (lateness_ns > 0,
#                    as scripts/sweep-aggregate.sh counts late_jobs)
# --trace: the placement trace's decisions instead (placements.trace, the
# patched kernel's sched_dl_place events, EXPERIMENTS.md section 18), all of
# them, during a job or not; a point without the trace is skipped.
# Prints CSV: point,path,reason,events,moved,moved_to_misfit
#   path, reason     the event's (wakeup, push, ...; local, fit, edf, ...)
#   events           decisions with that path and reason
#   moved            of those, the ones that put the task on another CPU
#                    (to is a CPU and not from)
#   moved_to_misfit  of those, onto a CPU the task does not fit (the same
#                    test as above: tasks.csv's density through the tid)
# scripts/pull-misfit-summary.sh sums either over a sweep's points.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
trace=0
[ "${1:-}" = --trace ] && { trace=1; shift; }
[ $# -gt 0 ] || die "usage: pull-misfit.sh [--trace] POINTDIR..."
# Whether a task fits a CPU, one test for both modes: cap[] from caps
# (summary.json's order, CPU 0 first), dens[] and key[] from tasks.csv.
fitlib='
BEGIN { n = split(caps, c, " "); for (i = 1; i <= n; i++) cap[i - 1] = c[i] }
FILENAME ~ /tasks\.csv$/ {
	if (FNR == 1) { header(); next }
	dens[$col("task") SUBSEP $col("instance")] = $col("density")
	key[$col("tid")] = $col("task") SUBSEP $col("instance")
	next
}
# fits(CPU, K): task K (task SUBSEP instance) fits CPU: capacity/1024 >= density
function fits(cpu, k) { return cap[cpu] >= dens[k] * 1024 }
'
if [ $trace = 1 ]; then
	echo "point,path,reason,events,moved,moved_to_misfit"
else
	echo "point,jobs,moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit,late"
fi
for d in "$@"; do
	[ -r "$d/jobs.csv" ] && [ -r "$d/tasks.csv" ] && [ -r "$d/summary.json" ] || {
		echo "pull-misfit.sh: $d: no jobs.csv, tasks.csv or summary.json; skipped" >&2; continue; }
	caps=$(awk '/"cpu_capacity"/ { on = 1; next } on && /\]/ { exit } on { gsub(/[ ,]/, ""); printf "%s ", $0 }' "$d/summary.json")
	if [ $trace = 1 ]; then
		[ -r "$d/placements.trace" ] || { echo "pull-misfit.sh: $d: no placements.trace; skipped" >&2; continue; }
		# trace lines as scripts/placement-reasons.sh reads them: key=value words
		csv_awk -v caps="$caps" -v point="$d" "$fitlib"'
		FILENAME ~ /placements\.trace$/ && / sched_dl_place: / {
			split("", kv)
			for (i = 1; i <= NF; i++) if ((e = index($i, "=")) > 0) kv[substr($i, 1, e - 1)] = substr($i, e + 1)
			r = kv["path"] "," kv["reason"]
			if (!(r in events)) order[nr++] = r
			events[r]++
			if (kv["to"] + 0 < 0 || kv["to"] + 0 == kv["from"] + 0) next
			moved[r]++
			if ((kv["pid"] in key) && !fits(kv["to"], key[kv["pid"]])) mis[r]++
		}
		END { for (i = 0; i < nr; i++) printf "%s,%s,%d,%d,%d\n", point, order[i], events[order[i]], moved[order[i]], mis[order[i]] }
		' "$d/tasks.csv" FS=' ' "$d/placements.trace"
		continue
	fi
	reasons=/dev/null
	[ -r "$d/reasons.csv" ] && reasons=$d/reasons.csv
	csv_awk -v caps="$caps" -v point="$d" -v have="$([ "$reasons" = /dev/null ] && echo 0 || echo 1)" "$fitlib"'
	FILENAME ~ /reasons\.csv$/ {
		if (FNR == 1) { header(); next }
		pushes[$col("task") SUBSEP $col("instance") SUBSEP $col("job")] = $col("pushes")
		next
	}
	FNR == 1 { header(); next }
	{
		jobs++
		if ($col("lateness_ns") > 0) late++
		a = $col("cpu_start"); b = $col("cpu_end")
		if (a == b || a < 0 || b < 0) next
		moved++
		k = $col("task") SUBSEP $col("instance")
		if (!fits(a, k) || fits(b, k)) next
		misfit++
		if (pushes[k SUBSEP $col("job")] > 0) pushed++; else pulled++
	}
	END {
		if (have) printf "%s,%d,%d,%d,%d,%d,%d\n", point, jobs, moved, misfit, pushed, pulled, late
		else printf "%s,%d,%d,%d,,,%d\n", point, jobs, moved, misfit, late
	}' "$d/tasks.csv" "$reasons" "$d/jobs.csv"
done
