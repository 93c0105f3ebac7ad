#!/bin/bash
# The patched kernel's placement reasons of several points in one CSV
# (EXPERIMENTS.md section 5 counts them for Lelli's scenario): per point,
# the trace's events by path and reason (its reason-counts.csv) and the
# jobs each reason released, per task (its reasons.csv), both written by
# scripts/placement-reasons.sh.
# Usage: scripts/reason-counts-table.sh POINTDIR...   (CSV on stdout)
# Columns: run (the point as PARENT/POINT, e.g. lelli/fit-1, as
# scripts/tabulate.sh names it), path (push, wakeup, ... for events; "job"
# for jobs), task ("all" for events), reason, count. Events come first, in
# reason-counts.csv's order; then per task, in the order its jobs first
# appear, its reasons, most jobs first (ties by name).
# Exit status: 0; 2 bad usage, or a point without reason-counts.csv or
# reasons.csv, or one of them without a column.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || { sed -n '2,14p' "$0" >&2; exit 2; }
echo "run,path,task,reason,count"
for d in "$@"; do
	d=${d%/}
	for f in reason-counts.csv reasons.csv; do
		[ -r "$d/$f" ] || { echo "reason-counts-table.sh: $d: no $f (scripts/placement-reasons.sh)" >&2; exit 2; }
	done
	run=$(basename "$(dirname "$d")")/$(basename "$d")
	csv_awk -v run="$run" 'FNR == 1 { header(); next }
		{ printf "%s,%s,all,%s,%d\n", run, $col("path"), $col("reason"), $col("count") }' "$d/reason-counts.csv"
	csv_awk -v run="$run" 'FNR == 1 { header(); next }
		{ t = $col("task"); if (!(t in seen)) { seen[t] = 1; order[++k] = t }; n[t, $col("reason")]++ }
		END { for (i = 1; i <= k; i++) for (key in n) { split(key, p, SUBSEP); if (p[1] == order[i]) print i "," n[key] "," p[1] "," p[2] } }' \
		"$d/reasons.csv" | LC_ALL=C sort -t, -k1,1n -k2,2nr -k4,4 |
		awk -F, -v run="$run" '{ printf "%s,job,%s,%s,%d\n", run, $3, $4, $2 }'
done
