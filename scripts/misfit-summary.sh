#!/bin/bash
# The measures of issue 30 part 1 (dl_misfit) per policy and U, from a
# sweep's results: the LITTLE share of the tasks that fit no LITTLE CPU
# (density above the smallest capacity / the largest), as the mean over
# those tasks of their share of run time on CPUs below the largest
# capacity (shares.csv); jobs, late jobs and the mean of the points' max
# tardiness (points.csv); migrations per job (the points' jobs.csv, through
# the raw index; empty when the raw points are not there). A row with u
# "all" per policy pools its U values. The capacities are the topology
# file's.
#
# Usage: scripts/misfit-summary.sh NAME   (results/sweeps/NAME, results/raw/sweeps/NAME)
# Prints CSV: topology,policy,u,misfit_tasks,misfit_little_share,jobs,late_jobs,mean_max_tard,migrations_per_job
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
name=${1:?usage: misfit-summary.sh NAME}
res=${DLCAP_RESULTS:-$DLCAP_TOP/results}
out=$res/sweeps/$name raw=$res/raw/sweeps/$name
for f in "$out/shares.csv" "$out/points.csv"; do
	[ -r "$f" ] || die "no $f (run the sweep first: make sweep-$name)"
done
topo=$(csv_awk 'FNR == 2 { print $col("topology"); exit } FNR == 1 { header() }' "$out/points.csv")
topofile=$DLCAP_TOP/experiments/topologies/$topo.topo
[ -r "$topofile" ] || die "no topology file $topofile"
caps=$(capacity_extremes "$topo")
# migrations and jobs per point, from each point's jobs.csv
migs=$(mktemp)
trap 'rm -f "$migs"' EXIT
[ -r "$raw/index.csv" ] &&
csv_awk 'FNR == 1 { header(); next } { print $col("policy"), $col("u"), $col("dir") }' "$raw/index.csv" |
while read -r pol u dir; do
	[ -r "$raw/$dir/jobs.csv" ] || continue
	csv_awk -v key="$pol,$u" 'FNR == 1 { header(); next } { j++; m += $col("migrations") }
		END { printf "%s,%d,%d\n", key, j, m }' "$raw/$dir/jobs.csv"
done > "$migs"
echo "topology,policy,u,misfit_tasks,misfit_little_share,jobs,late_jobs,mean_max_tard,migrations_per_job"
{ cat "$out/shares.csv"; echo "#points"; cat "$out/points.csv"; echo "#migs"; cat "$migs"; } |
csv_awk -v caps="$caps" -v topo="$topo" '
BEGIN { split(caps, c, " "); small = c[1]; large = c[2] }
FNR == 1 { header(); part = "shares"; next }
$0 == "#points" { part = "points"; getline; header(); next }
$0 == "#migs" { part = "migs"; next }
part == "shares" && $col("density") > small / large {
	k = $col("policy") SUBSEP $col("u")
	t = k SUBSEP $col("seed") SUBSEP $col("task") SUBSEP $col("instance") SUBSEP $col("replicate")
	a = $col("policy") SUBSEP "all"
	if (!(t in seen)) { seen[t] = 1; ntask[k]++; ntask[a]++ }
	if ($col("capacity") < large) { little[k] += $col("share"); little[a] += $col("share") }
	keys[k] = 1; keys[a] = 1
}
part == "points" {
	k = $col("policy") SUBSEP $col("u"); a = $col("policy") SUBSEP "all"
	jobs[k] += $col("jobs"); late[k] += $col("late_jobs"); tard[k] += $col("max_tard"); np[k]++
	jobs[a] += $col("jobs"); late[a] += $col("late_jobs"); tard[a] += $col("max_tard"); np[a]++
}
part == "migs" {
	split($0, f, ","); k = f[1] SUBSEP f[2]; a = f[1] SUBSEP "all"
	mj[k] += f[3]; mm[k] += f[4]; mj[a] += f[3]; mm[a] += f[4]
}
END {
	for (k in keys) {
		split(k, p, SUBSEP)
		printf "%s,%s,%s,%d,%s,%d,%d,%s,%s\n", topo, p[1], p[2], ntask[k],
			ntask[k] ? sprintf("%.4f", little[k] / ntask[k]) : "",
			jobs[k], late[k], np[k] ? sprintf("%.5f", tard[k] / np[k]) : "",
			mj[k] ? sprintf("%.4f", mm[k] / mj[k]) : ""
	}
}' | sort -t, -k2,2 -k3,3n
