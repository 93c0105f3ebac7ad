#!/bin/bash
# Two sweeps of the same sets on two kernel trees (issue 33: a headline
# sweep on 6.1 and its copy on 6.12), set by set: per (topology, U,
# policy), the primary metric (points.csv's work_frac) on each tree and
# the paired difference B - A over the sets both ran, with its bootstrap
# interval, exact sign-flip p and Holm over every row (analysis/build/
# ana-stats diff; a set's replicates averaged first). Only the policies and
# U values both sweeps have; the sets must be the same (a sweep's seeds
# give its sets: checked on the task sets' densities, shares.csv).
# Usage: scripts/tree-compare.sh SWEEP_A SWEEP_B > OUT.csv
#   SWEEP_*: NAME, in $ANALYSIS_RESULTS (default $DLCAP_RESULTS/sweeps,
#   results/sweeps without it); a sweep file's line
#   "derive trees.csv = tree-compare.sh OTHER {name}" writes it with the
#   sweep's results
# Output columns: topology, u, policy, sets, a_mean, b_mean, mean_diff
#   (b - a), lo, hi, p, p_holm, separated
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 2 ] || die "usage: tree-compare.sh SWEEP_A SWEEP_B > OUT.csv"
res=${ANALYSIS_RESULTS:-${DLCAP_RESULTS:-$DLCAP_TOP/results}/sweeps}
a=$res/$1 b=$res/$2
for d in "$a" "$b"; do
	[ -r "$d/points.csv" ] || die "no $d/points.csv"
	csv_awk 'FNR == 1 { header(); col("work_frac"); exit }' "$d/points.csv" > /dev/null ||
		die "$d/points.csv has no work_frac (scripts/sweep-aggregate.sh again)"
done
# The same sets: every (u, seed, task) density both sweeps admitted agrees.
csv_awk '
FNR == 1 { header(); fi++; next }
{ k = $col("u") SUBSEP $col("seed") SUBSEP $col("task") }
fi == 1 { d[k] = $col("density"); next }
(k in d) && (d[k] - $col("density") > 5e-6 || $col("density") - d[k] > 5e-6) {
	printf "%s:%d: task %s of u %s seed %s has density %s, the other sweep %s: not the same sets\n",
		FILENAME, FNR, $col("task"), $col("u"), $col("seed"), $col("density"), d[k] > "/dev/stderr"; exit 2 }' \
	"$a/shares.csv" "$b/shares.csv"
bin=$DLCAP_TOP/analysis/build
[ -x "$bin/ana-stats" ] || die "no $bin/ana-stats (make -C analysis)"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# one group per (topology, u, policy), the two trees its two "policies":
# B's rows first, so that ana-stats (a before b in the file) gives B - A
csv_awk '
FNR == 1 { header(); fi++; next }
$col("status") != "ok" { next }
{ g = $col("topology") ":" $col("u") ":" $col("policy")
  t = fi == 1 ? "a" : "b"; seen[g, t] = 1
  r = g "," t "," $col("seed") "," $col("replicate") "," $col("work_frac")
  if (t == "a") { ra[++na] = r; ga[na] = g } else { rb[++nb] = r; gb[nb] = g } }
END { print "group,policy,set,replicate,value"
	for (i = 1; i <= nb; i++) if ((gb[i], "a") in seen) print rb[i]
	for (i = 1; i <= na; i++) if ((ga[i], "b") in seen) print ra[i] }' \
	"$a/points.csv" "$b/points.csv" > "$tmp"
[ "$(wc -l < "$tmp")" -gt 1 ] || die "no (topology, u, policy) that both $1 and $2 ran"
# each tree's mean over the sets both ran (a set's replicates averaged),
# beside ana-stats' paired B - A
"$bin/ana-stats" diff "$tmp" |
csv_awk -v infile="$tmp" '
BEGIN { while ((getline line < infile) > 0) { if (!h++) continue
		split(line, f, ","); k = f[1] SUBSEP f[2] SUBSEP f[3]
		sum[k] += f[5]; cnt[k]++ } }
function mean(g, t,   k, sp, m, n) { m = n = 0
	for (k in cnt) { split(k, sp, SUBSEP)
		if (sp[1] == g && sp[2] == t && ((g, (t == "a" ? "b" : "a"), sp[3]) in cnt)) { m += sum[k] / cnt[k]; n++ } }
	return n ? m / n : 0 }
FNR == 1 { header(); print "topology,u,policy,sets,a_mean,b_mean,mean_diff,lo,hi,p,p_holm,separated"; next }
{ split($col("group"), g, ":")
  printf "%s,%s,%s,%s,%.6f,%.6f,%s,%s,%s,%s,%s,%s\n", g[1], g[2], g[3], $col("sets"),
	mean($col("group"), "a"), mean($col("group"), "b"), $col("mean_diff"), $col("lo"), $col("hi"),
	$col("p"), $col("p_holm"), $col("separated") }'
