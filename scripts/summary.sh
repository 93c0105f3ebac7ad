#!/bin/bash
# Per-task summary of one point's jobs.csv, as CSV on stdout:
#   task, instances, jobs, late_jobs, late_pct, mean_response_ms,
#   max_response_ms, max_lateness_ms, work_over_pct (mean work done beyond
#   the request), migrated_jobs, cpus (CPUs jobs started on, e.g. 4-7)
# Usage: scripts/summary.sh POINTDIR [LABEL]  (LABEL becomes a first column)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
dir=${1:?usage: summary.sh POINTDIR [LABEL]}
label=${2:-}
[ -r "$dir/jobs.csv" ] && [ -r "$dir/tasks.csv" ] ||
	{ echo "summary: $dir lacks jobs.csv/tasks.csv" >&2; exit 1; }
csv_awk -v label="$label" '
FNR == 1 { header(); next }
FILENAME ~ /tasks.csv$/ { run[$col("task")] = $col("run_ns"); next }
{
	t = $col("task")
	if (!(t in jobs)) order[n++] = t
	inst[t, $col("instance")] = 1
	jobs[t]++
	r = $col("end_ns") - $col("start_ns")
	resp[t] += r
	if (r > maxr[t]) maxr[t] = r
	l = $col("lateness_ns")
	if (!(t in maxl) || l > maxl[t]) maxl[t] = l
	if (l > 0) late[t]++
	over[t] += $col("work_ns") - run[t]
	if ($col("ncpus") > 1) mig[t]++
	used[t, $col("cpu_start")] = 1
}
END {
	printf "%stask,instances,jobs,late_jobs,late_pct,mean_response_ms,max_response_ms,max_lateness_ms,work_over_pct,migrated_jobs,cpus\n", label != "" ? "run," : ""
	for (i = 0; i < n; i++) {
		t = order[i]; ni = 0
		for (k in inst) { split(k, p, SUBSEP); if (p[1] == t) ni++ }
		cpus = ""; lo = -1
		for (c = 0; c <= 256; c++) {
			on = ((t, c) in used)
			if (on && lo < 0) lo = c
			if (!on && lo >= 0) { cpus = cpus (cpus != "" ? " " : "") (lo == c - 1 ? lo : lo "-" c - 1); lo = -1 }
		}
		printf "%s%s,%d,%d,%d,%.1f,%.3f,%.3f,%.3f,%.2f,%d,%s\n", label != "" ? label "," : "",
			t, ni, jobs[t], late[t], 100 * late[t] / jobs[t], resp[t] / jobs[t] / 1e6,
			maxr[t] / 1e6, maxl[t] / 1e6, 100 * over[t] / jobs[t] / run[t], mig[t], cpus
	}
}' "$dir/tasks.csv" "$dir/jobs.csv"
