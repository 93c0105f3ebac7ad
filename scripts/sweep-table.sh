#!/bin/bash
# Per (topology, policy, u) of a sweep's points.csv: the number of finished
# seeds n and, for admitted_bw, acceptance, miss_ratio, max_tard and
# p99_tard, the mean and the half-width of its 95% confidence interval
# (Student's t, n - 1 degrees of freedom; 0 when n = 1). CSV on stdout.
# Usage: scripts/sweep-table.sh POINTS_CSV
set -euo pipefail
. "$(dirname "$0")/lib.sh"
points=${1:?usage: sweep-table.sh POINTS_CSV}
[ -r "$points" ] || { echo "sweep-table: cannot read $points" >&2; exit 1; }
csv_awk '
function tq(df,    T) {	# two-sided 95% quantile of Student t
	split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086 2.080 2.074 2.069 2.064 2.060 2.056 2.052 2.048 2.045 2.042", T, " ")
	return df <= 30 ? T[df] : 1.96
}
BEGIN {
	split("admitted_bw acceptance miss_ratio max_tard p99_tard", name, " ")
	print "topology,policy,u,n,admitted_bw,admitted_bw_ci,acceptance,acceptance_ci,miss_ratio,miss_ratio_ci,max_tard,max_tard_ci,p99_tard,p99_tard_ci"
}
FNR == 1 { header(); next }
$col("status") != "ok" { next }
{
	g = $col("topology") "," $col("policy") "," $col("u")
	if (!(g in n)) order[ng++] = g
	n[g]++
	for (i = 0; i < 5; i++) { v = $col(name[i + 1]); s[g, i] += v; ss[g, i] += v * v }
}
END {
	for (j = 0; j < ng; j++) {
		g = order[j]; k = n[g]; line = g "," k
		for (i = 0; i < 5; i++) {
			m = s[g, i] / k
			var = k > 1 ? (ss[g, i] - k * m * m) / (k - 1) : 0
			if (var < 0) var = 0
			line = line sprintf(",%.5f,%.5f", m, k > 1 ? tq(k - 1) * sqrt(var / k) : 0)
		}
		print line
	}
}' "$points"
