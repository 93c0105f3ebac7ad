#!/bin/bash
# Summarize where each task instance's jobs ran, from one point's jobs.csv.
# Usage: scripts/placement-table.sh POINTDIR CAPACITIES > placement.csv
#   CAPACITIES: "c0 c1 ..." as the guest read them (guest.txt)
# Output columns: instance, jobs, migrated_jobs, then for every CPU N the
# share of jobs that started on it, as share_cpuN_capC.
set -euo pipefail
dir=${1:?usage: placement-table.sh POINTDIR CAPACITIES}
caps=${2:?usage: placement-table.sh POINTDIR CAPACITIES}
[ -r "$dir/jobs.csv" ] || { echo "placement-table: no $dir/jobs.csv" >&2; exit 1; }
. "$(dirname "$0")/lib.sh"
csv_awk -v caps="$caps" '
BEGIN { ncpu = split(caps, cap, " ") }
FNR == 1 { header(); next }
{
	k = $col("task") "-" $col("instance")
	if (!(k in jobs)) order[n++] = k
	jobs[k]++
	on[k, $col("cpu_start")]++
	if ($col("ncpus") > 1) mig[k]++
}
END {
	printf "instance,jobs,migrated_jobs"
	for (c = 0; c < ncpu; c++) printf ",share_cpu%d_cap%d", c, cap[c + 1]
	printf "\n"
	for (i = 0; i < n; i++) {
		k = order[i]
		printf "%s,%d,%d", k, jobs[k], mig[k]
		for (c = 0; c < ncpu; c++) printf ",%.4f", on[k, c] / jobs[k]
		printf "\n"
	}
}' "$dir/jobs.csv"
