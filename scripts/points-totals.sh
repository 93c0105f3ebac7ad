#!/bin/bash
# A sweep's counts, as a table: how many points, and how many jobs and late
# jobs they ran, per (topology, policy, u), per (topology, policy) over every
# u (u = all), per topology (policy = u = all) and over the whole sweep
# (all, all, all). A count quoted in EXPERIMENTS.md ("0 of 834 jobs late",
# "all 96 points") is then a value of a committed CSV, not a sum by hand.
# Usage: scripts/points-totals.sh POINTS_CSV
# Output (CSV): topology,policy,u,points,failed,jobs,late_jobs; the groups
# in the order of their first point, then the (topology, policy) totals,
# the topology totals and the sweep's. points counts every point; failed
# those whose status is not ok, whose jobs are not summed (a failed point's
# counts are whatever it wrote before it failed).
# A sweep writes it with a "derive" line (experiments/sweeps/admission.sweep).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || usage
points=$1
[ -r "$points" ] || die "cannot read $points"
csv_awk '
# add(G, ok): one point to group G (topology,policy,u)
function add(g, ok) {
	if (!(g in n)) { n[g] = 0; f[g] = 0; j[g] = 0; l[g] = 0; order[ng++] = g }
	n[g]++
	if (ok) { j[g] += jobs; l[g] += late } else f[g]++
}
FNR == 1 { header(); next }
{
	t = $col("topology"); p = $col("policy"); u = $col("u")
	ok = $col("status") == "ok"
	jobs = $col("jobs") + 0; late = $col("late_jobs") + 0
	# first appearance of each level, so that the levels print in turn
	if (!((t "," p) in tp)) { tp[t "," p] = 1; tps[ntp++] = t "," p }
	if (!(t in tt)) { tt[t] = 1; ts[nt++] = t }
	add(t "," p "," u, ok); add(t "," p ",all", ok); add(t ",all,all", ok); add("all,all,all", ok)
	rows++
}
END {
	# (after a missing column col() has said so and exited 2: END still runs)
	if (!rows) { if (NR <= 1) print FILENAME ": no point" > "/dev/stderr"; exit 2 }
	print "topology,policy,u,points,failed,jobs,late_jobs"
	for (i = 0; i < ng; i++) {
		g = order[i]
		if (g ~ /,all$/) continue
		print g "," n[g] "," f[g] "," j[g] "," l[g]
	}
	for (i = 0; i < ntp; i++) { g = tps[i] ",all"; print g "," n[g] "," f[g] "," j[g] "," l[g] }
	for (i = 0; i < nt; i++) { g = ts[i] ",all,all"; print g "," n[g] "," f[g] "," j[g] "," l[g] }
	g = "all,all,all"; print g "," n[g] "," f[g] "," j[g] "," l[g]
}' "$points"
