#!/bin/bash
# How often a running DL job is moved onto a CPU it does not fit, and by
# what: pull_dl_task() has no capacity test, push goes through cpudl_find().
# A job's CPUs come from jobs.csv (cpu_start, cpu_end), the task's density
# from tasks.csv, the capacities from summary.json; with reasons.csv (the
# patched kernel's trace) a move with no push during the job is a pull.
#
# Usage: scripts/pull-misfit.sh POINTDIR...
# Prints CSV: point,jobs,moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit
#   moved            jobs that ended on another CPU than they started on
#   moved_to_misfit  of those, ended on a CPU the task does not fit
#                    (capacity/1024 < density), having started on one it fits
#   pushed_/pulled_  the same split by whether a push moved the task during
#                    the job (reasons.csv); empty without reasons.csv
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -gt 0 ] || die "usage: pull-misfit.sh POINTDIR..."
echo "point,jobs,moved,moved_to_misfit,pushed_to_misfit,pulled_to_misfit"
for d in "$@"; do
	[ -r "$d/jobs.csv" ] && [ -r "$d/tasks.csv" ] && [ -r "$d/summary.json" ] || {
		echo "pull-misfit.sh: $d: no jobs.csv, tasks.csv or summary.json; skipped" >&2; continue; }
	caps=$(awk '/"cpu_capacity"/ { on = 1; next } on && /\]/ { exit } on { gsub(/[ ,]/, ""); printf "%s ", $0 }' "$d/summary.json")
	reasons=/dev/null
	[ -r "$d/reasons.csv" ] && reasons=$d/reasons.csv
	csv_awk -v caps="$caps" -v point="$d" -v have="$([ "$reasons" = /dev/null ] && echo 0 || echo 1)" '
	BEGIN { n = split(caps, c, " "); for (i = 1; i <= n; i++) cap[i - 1] = c[i] }
	FILENAME ~ /tasks\.csv$/ {
		if (FNR == 1) { header(); next }
		dens[$col("task") SUBSEP $col("instance")] = $col("density")
		next
	}
	FILENAME ~ /reasons\.csv$/ {
		if (FNR == 1) { header(); next }
		pushes[$col("task") SUBSEP $col("instance") SUBSEP $col("job")] = $col("pushes")
		next
	}
	FNR == 1 { header(); next }
	{
		jobs++
		a = $col("cpu_start"); b = $col("cpu_end")
		if (a == b || a < 0 || b < 0) next
		moved++
		k = $col("task") SUBSEP $col("instance")
		fits_a = cap[a] >= dens[k] * 1024; fits_b = cap[b] >= dens[k] * 1024
		if (!fits_a || fits_b) next
		misfit++
		if (pushes[k SUBSEP $col("job")] > 0) pushed++; else pulled++
	}
	END {
		if (have) printf "%s,%d,%d,%d,%d,%d\n", point, jobs, moved, misfit, pushed, pulled
		else printf "%s,%d,%d,%d,,\n", point, jobs, moved, misfit
	}' "$d/tasks.csv" "$reasons" "$d/jobs.csv"
done
