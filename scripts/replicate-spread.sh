#!/bin/bash
# What boot history alone does to a sweep with replicates (sweep file
# "replicates = R"): per (topology, policy, u), the mean over seeds of the
# spread between a seed's replicates (max - min) of late jobs and p99
# tardiness; or the samples needed to separate two policies at 95%.
# Usage: scripts/replicate-spread.sh POINTS_CSV
#        scripts/replicate-spread.sh --separation POLICY_A POLICY_B POINTS_CSV
# Output (CSV), rows in the points' order of (topology, u, policy):
#   topology, u, policy, seeds, replicates, late_jobs spread, p99_tard spread;
#   with --separation, per (topology, u) for the pair: mean p99 of each, the
#   difference, the pooled sd over all samples, and n95 = (2 x 1.96 x sd /
#   difference)^2, the samples per policy whose 95% intervals would no
#   longer overlap (a normal approximation; "inf" without a difference).
# A sweep writes them with "derive" lines (experiments/sweeps/headline-replicates.sweep).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
a= b=
if [ "${1:-}" = --separation ]; then
	[ $# = 4 ] || usage
	a=$2 b=$3; shift 3
fi
[ $# = 1 ] || usage
points=$1
[ -r "$points" ] || die "cannot read $points"
csv_awk -v A="$a" -v B="$b" '
FNR == 1 { header(); next }
$col("status") != "ok" { next }
{
	t = $col("topology"); p = $col("policy"); u = $col("u"); s = $col("seed")
	late = $col("late_jobs"); p99 = $col("p99_tard")
	g = t "," u "," p; k = g SUBSEP s
	if (!(g in seen)) { seen[g] = 1; order[ng++] = g }
	if (!(k in n)) { seeds[g]++; lo_l[k] = hi_l[k] = late; lo_p[k] = hi_p[k] = p99 }
	n[k]++
	if (late < lo_l[k]) lo_l[k] = late; if (late > hi_l[k]) hi_l[k] = late
	if (p99 < lo_p[k]) lo_p[k] = p99; if (p99 > hi_p[k]) hi_p[k] = p99
	keys[g] = keys[g] " " s
	# all samples of the pair, for the separation estimate
	if (A != "" && (p == A || p == B)) {
		tu = t "," u; sum[tu, p] += p99; ss[tu, p] += p99 * p99; cnt[tu, p]++
		if (!(tu in tus)) { tus[tu] = 1; tuorder[ntu++] = tu }
	}
}
END {
	if (A != "") { separation(); exit }
	print "topology,u,policy,seeds,replicates,late_jobs_spread,p99_tard_spread"
	for (i = 0; i < ng; i++) {
		g = order[i]; m = split(keys[g], ks, " "); sl = 0; sp = 0; nseed = 0; nrep = 0
		delete done
		for (j = 1; j <= m; j++) {
			k = g SUBSEP ks[j]; if (k in done) continue; done[k] = 1
			sl += hi_l[k] - lo_l[k]; sp += hi_p[k] - lo_p[k]; nseed++; nrep = n[k]
		}
		printf "%s,%d,%d,%.2f,%.3f\n", g, nseed, nrep, sl / nseed, sp / nseed
	}
}
function separation(   i, tu, na, nb, ma, mb, va, vb, sd, d) {
	print "topology,u,p99_" A ",p99_" B ",difference,pooled_sd,n95_per_policy"
	for (i = 0; i < ntu; i++) {
		tu = tuorder[i]
		na = cnt[tu, A]; nb = cnt[tu, B]; if (!na || !nb) continue
		ma = sum[tu, A] / na; mb = sum[tu, B] / nb
		va = na > 1 ? (ss[tu, A] - na * ma * ma) / (na - 1) : 0
		vb = nb > 1 ? (ss[tu, B] - nb * mb * mb) / (nb - 1) : 0
		sd = sqrt(((na - 1) * va + (nb - 1) * vb) / (na + nb - 2 > 0 ? na + nb - 2 : 1))
		d = ma - mb; if (d < 0) d = -d
		printf "%s,%.3f,%.3f,%.3f,%.3f,%s\n", tu, ma, mb, d, sd, (d > 0 ? sprintf("%.1f", (2 * 1.96 * sd / d) ^ 2) : "inf")
	}
}' "$points"
