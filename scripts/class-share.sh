#!/bin/bash
# Per task of one point: jobs, late jobs, max lateness (ms) and the share of
# its jobs that started on each capacity class, as CSV on stdout:
#   point,task,jobs,late_jobs,max_lateness_ms,share_CAP1,share_CAP2,...
# (classes ascending, from summary.json's cpu_capacity).
# Usage: scripts/class-share.sh POINTDIR [LABEL]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
dir=${1:?usage: class-share.sh POINTDIR [LABEL]} label=${2:-$(basename "$1")}
[ -r "$dir/jobs.csv" ] && [ -r "$dir/summary.json" ] ||
	{ echo "class-share: $dir lacks jobs.csv/summary.json" >&2; exit 1; }
caps=$(jq -r '.cpu_capacity | join(" ")' "$dir/summary.json")
csv_awk -v caps="$caps" -v label="$label" '
BEGIN {
	n = split(caps, c, " ")
	for (i = 1; i <= n; i++) { cap[i - 1] = c[i]; if (!(c[i] in isc)) { isc[c[i]] = 1; cls[nc++] = c[i] } }
	for (i = 0; i < nc; i++) for (j = i + 1; j < nc; j++) if (cls[j] < cls[i]) { t = cls[i]; cls[i] = cls[j]; cls[j] = t }
}
FNR == 1 { header(); next }
{
	t = $col("task"); l = $col("lateness_ns")
	if (!(t in jobs)) order[nt++] = t
	jobs[t]++; if (l > 0) late[t]++
	if (!(t in maxl) || l > maxl[t]) maxl[t] = l
	on[t, cap[$col("cpu_start")]]++
}
END {
	printf "point,task,jobs,late_jobs,max_lateness_ms"
	for (i = 0; i < nc; i++) printf ",share_%s", cls[i]
	printf "\n"
	for (k = 0; k < nt; k++) {
		t = order[k]
		printf "%s,%s,%d,%d,%.3f", label, t, jobs[t], late[t], maxl[t] / 1e6
		for (i = 0; i < nc; i++) printf ",%.3f", on[t, cls[i]] / jobs[t]
		printf "\n"
	}
}' "$dir/jobs.csv"
