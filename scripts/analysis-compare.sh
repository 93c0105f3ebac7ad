#!/bin/bash
# The comparisons a design is for, out of every paired difference of an
# analysed sweep (scripts/analysis-stats.sh's primary-diff.csv, whose rows
# are a - b with a, b in name order): experiments/comparisons.csv names each
# comparison and its a and b (the evidence design's admission and placement
# effects, docs/evidence-plan.md "Tests"); each (topology:u) row of a pair is
# written as that comparison's a - b, its interval turned round when the
# file has b - a. Holm stays over every pair of the sweep (the family the
# design declares), so p and p_holm are primary-diff.csv's.
# Usage: scripts/analysis-compare.sh OUTDIR [COMPARISONS.csv]
# Output: OUTDIR/design.csv: group, topology, u (the group's two parts),
#   comparison, a, b, sets, mean_diff, lo, hi, p, p_holm, separated; in the
#   comparisons' order, then the groups'.
#   A comparison whose policies the sweep does not have gives no row.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# = 1 ] || [ $# = 2 ] || usage
out=$1
cmp=${2:-$DLCAP_TOP/experiments/comparisons.csv}
for f in "$out/primary-diff.csv" "$cmp"; do
	[ -r "$f" ] || die "no $f"
done
csv_awk '
FNR == 1 { header(); part++; next }
part == 1 { nc++; name[nc] = $col("comparison"); ca[nc] = $col("a"); cb[nc] = $col("b"); next }
{
	r++; grp[r] = $col("group"); ra[r] = $col("a"); rb[r] = $col("b")
	row[r] = $col("sets") SUBSEP $col("mean_diff") SUBSEP $col("lo") SUBSEP $col("hi") SUBSEP \
		$col("p") SUBSEP $col("p_holm") SUBSEP $col("separated")
}
END {
	print "group,topology,u,comparison,a,b,sets,mean_diff,lo,hi,p,p_holm,separated"
	for (c = 1; c <= nc; c++)
		for (i = 1; i <= r; i++) {
			if (ra[i] == ca[c] && rb[i] == cb[c]) s = 1
			else if (ra[i] == cb[c] && rb[i] == ca[c]) s = -1
			else continue
			split(row[i], v, SUBSEP)
			lo = s > 0 ? v[3] : -v[4]; hi = s > 0 ? v[4] : -v[3]
			split(grp[i], tu, ":")
			printf "%s,%s,%s,%s,%s,%s,%s,%.6f,%.6f,%.6f,%s,%s,%s\n", grp[i], tu[1], tu[2], name[c], ca[c], cb[c],
				v[1], s * v[2], lo + 0, hi + 0, v[5], v[6], v[7]
		}
}' "$cmp" "$out/primary-diff.csv" > "$out/design.csv.tmp"
mv "$out/design.csv.tmp" "$out/design.csv"
say "$(basename "$out"): design.csv ($(($(wc -l < "$out/design.csv") - 1)) rows of the comparisons in ${cmp#"$DLCAP_TOP"/})"
