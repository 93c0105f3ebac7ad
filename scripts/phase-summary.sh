#!/bin/bash
# The tick-phase study of QEMU's round-robin modes summed per mode
# (EXPERIMENTS.md section 2, make bench-fidelity): a scripts/bench-fidelity.sh
# table whose points are one start each (phase.csv: c0..c9, one run per
# mode), with the work each start's jobs were charged, from the raw runs.
# Usage: scripts/phase-summary.sh IN.csv RAWBASE OUT.csv
#   IN.csv   scripts/bench-fidelity.sh output (columns mode, run, point,
#            task, jobs, late_jobs, mean_response_ms)
#   RAWBASE  its raw folder: RAWBASE/MODE-RUN/POINT/{jobs,tasks}.csv
# Writes OUT.csv, per (mode, task) in the order they first appear: starts
# (rows), starts_late (starts with a late job), jobs and late_jobs (summed
# over the starts), late_min and late_max (late jobs of one start),
# response_min_ms and response_max_ms (the smallest and largest of the
# starts' mean responses), work_min_ms and work_max_ms (the same for the
# mean work_ns a start's jobs were charged), work_over_min_pct and
# work_over_max_pct (that work above the run_ns asked, in %).
# Exit status: 0; 2 bad usage, a missing column, or a point without its
# raw jobs.csv or tasks.csv.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 3 ] || { sed -n '2,19p' "$0" >&2; exit 2; }
in=$1 raw=$2 out=$3
[ -r "$in" ] || { echo "phase-summary.sh: no $in" >&2; exit 2; }
trap 'rm -f "$out.tmp" "$out.work"' EXIT
# the work each start charged: MODE-RUN/POINT,task,work_ms,over_pct
csv_awk 'FNR == 1 { header(); next } { print $col("mode") "-" $col("run") "/" $col("point") }' "$in" |
	awk '!seen[$0]++' |
	while read -r pt; do
		d=$raw/$pt
		[ -r "$d/jobs.csv" ] && [ -r "$d/tasks.csv" ] ||
			{ echo "phase-summary.sh: no $d/jobs.csv or tasks.csv" >&2; exit 2; }
		csv_awk -v pt="$pt" '
		FNR == 1 { header(); next }
		FILENAME ~ /tasks\.csv$/ { run[$col("task"), $col("instance")] = $col("run_ns"); next }
		{ t = $col("task")
		  if (!((t, $col("instance")) in run)) {
			printf "phase-summary.sh: %s: task %s instance %s is not in its tasks.csv\n", FILENAME, t, $col("instance") > "/dev/stderr"
			bad = 1; exit 2 }
		  if (!(t in n)) order[++k] = t
		  n[t]++; w[t] += $col("work_ns"); r[t] += run[t, $col("instance")] }
		END { if (bad) exit 2
			for (i = 1; i <= k; i++) { t = order[i]
			printf "%s,%s,%.6f,%.4f\n", pt, t, w[t] / n[t] / 1e6, 100 * (w[t] / r[t] - 1) } }' \
			"$d/tasks.csv" "$d/jobs.csv"
	done > "$out.work"
csv_awk -v wf="$out.work" '
BEGIN { while ((getline l < wf) > 0) { split(l, f, ","); wk[f[1], f[2]] = f[3]; ov[f[1], f[2]] = f[4] } }
FNR == 1 { header(); next }
{
	m = $col("mode"); t = $col("task"); k = m SUBSEP t
	p = m "-" $col("run") "/" $col("point")
	if (!((p, t) in wk)) { printf "phase-summary.sh: %s has no task %s in its jobs.csv\n", p, t > "/dev/stderr"; bad = 1; exit 2 }
	if (!(k in st)) { order[++n] = k; llo[k] = lhi[k] = $col("late_jobs"); rlo[k] = rhi[k] = $col("mean_response_ms")
		wlo[k] = whi[k] = wk[p, t]; olo[k] = ohi[k] = ov[p, t] }
	st[k]++; jobs[k] += $col("jobs"); late[k] += $col("late_jobs"); if ($col("late_jobs") > 0) sl[k]++
	if ($col("late_jobs") < llo[k]) llo[k] = $col("late_jobs"); if ($col("late_jobs") > lhi[k]) lhi[k] = $col("late_jobs")
	if ($col("mean_response_ms") < rlo[k]) rlo[k] = $col("mean_response_ms"); if ($col("mean_response_ms") > rhi[k]) rhi[k] = $col("mean_response_ms")
	if (wk[p, t] < wlo[k]) wlo[k] = wk[p, t]; if (wk[p, t] > whi[k]) whi[k] = wk[p, t]
	if (ov[p, t] < olo[k]) olo[k] = ov[p, t]; if (ov[p, t] > ohi[k]) ohi[k] = ov[p, t]
}
END {
	if (bad) exit 2
	print "mode,task,starts,starts_late,jobs,late_jobs,late_min,late_max,response_min_ms,response_max_ms,work_min_ms,work_max_ms,work_over_min_pct,work_over_max_pct"
	for (i = 1; i <= n; i++) { k = order[i]; split(k, f, SUBSEP)
		printf "%s,%s,%d,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%.3f,%.2f,%.2f\n", f[1], f[2], st[k], sl[k], jobs[k], late[k],
			llo[k], lhi[k], rlo[k], rhi[k], wlo[k], whi[k], olo[k], ohi[k] }
}' "$in" > "$out.tmp"
mv "$out.tmp" "$out"
say "wrote $out"
