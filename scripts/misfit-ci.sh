#!/bin/bash
# Issue 30's goal for dl_misfit, over task sets with intervals: per policy
# and U, the LITTLE share of the tasks that fit no LITTLE CPU (density above
# the smallest capacity / the largest), first averaged over those tasks
# within each set (a point: one set, one policy), then over sets, with the
# bootstrap percentile interval over sets (analysis/build/ana-stats ci:
# inside [0, 1] as the share is); and each policy's paired difference from
# the policy named "series" over the sets both ran (ana-stats diff: the
# mean, its interval, the exact sign-flip p and Holm over the rows). A set
# without such a task has no value and is left out; a set's replicates
# are averaged first.
#
# Usage: scripts/misfit-ci.sh NAME   (results/sweeps/NAME/shares.csv)
# Prints CSV: topology,policy,u,sets,mean,lo,hi,below_5pct (hi <= 0.05),
#   diff,diff_lo,diff_hi,p_holm (the paired difference from "series";
#   empty on its own rows)
# Exit status: 0; 2 with one line on stderr when an input is missing or
#   has no such column.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
[ $# = 1 ] || usage
name=$1
res=${DLCAP_RESULTS:-$DLCAP_TOP/results}
shares=$res/sweeps/$name/shares.csv
[ -r "$shares" ] || bad "no $shares (run the sweep first: make sweep-$name)"
topo=$(csv_awk 'FNR == 1 { header(); next } { print $col("topology"); exit }' "$shares")
[ -n "$topo" ] || bad "$shares: no rows"
topofile=$DLCAP_TOP/experiments/topologies/$topo.topo
[ -r "$topofile" ] || bad "no topology file $topofile"
caps=$(capacity_extremes "$topo")
bin=$DLCAP_TOP/analysis/build
[ -x "$bin/ana-stats" ] || make -s -C "$DLCAP_TOP/analysis" > /dev/null ||
	bad "cannot build $bin/ana-stats (make -C analysis)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# one value per (u, policy, seed, replicate): the mean over the set's
# misfit-sized task instances of their share on CPUs below the largest
# capacity; "series" last, so that ana-stats diff gives policy - series
csv_awk -v caps="$caps" '
BEGIN { split(caps, c, " "); small = c[1]; large = c[2] }
FNR == 1 { header(); col("share"); col("capacity"); col("density"); next }
$col("density") > small / large {
	k = $col("u") SUBSEP $col("policy") SUBSEP $col("seed") SUBSEP $col("replicate")
	t = k SUBSEP $col("task") SUBSEP $col("instance")
	if (!(t in seen)) { seen[t] = 1; n[k]++ }
	if ($col("capacity") < large) little[k] += $col("share")
}
END {
	print "group,policy,set,replicate,value"
	for (k in n) {
		split(k, f, SUBSEP)
		printf "%d,%s,%s,%s,%s,%.6f\n", f[2] == "series", f[1], f[2], f[3], f[4], little[k] / n[k]
	}
}' "$shares" > "$tmp/raw"
{ head -1 "$tmp/raw"; tail -n +2 "$tmp/raw" | sort -t, -k1,1n -k2,2g -k3,3 -k4,4n | cut -d, -f2-; } > "$tmp/in.csv"
[ "$(wc -l < "$tmp/in.csv")" -gt 1 ] || bad "$shares: no task fits no LITTLE CPU (density > ${caps% *}/${caps#* })"
"$bin/ana-stats" ci "$tmp/in.csv" > "$tmp/ci.csv"
if grep -q '^[^,]*,series,' "$tmp/in.csv"; then
	"$bin/ana-stats" diff --against series "$tmp/in.csv" > "$tmp/diff.csv"
else
	echo "group,a,b,sets,mean_diff,lo,hi,p,p_holm,separated" > "$tmp/diff.csv"
fi
echo "topology,policy,u,sets,mean,lo,hi,below_5pct,diff,diff_lo,diff_hi,p_holm"
csv_awk -v topo="$topo" '
FNR == 1 { header(); part++; next }
part == 1 { if ($col("b") == "series") d[$col("group"), $col("a")] = sprintf("%.4f,%.4f,%.4f,%.4f",
		$col("mean_diff"), $col("lo"), $col("hi"), $col("p_holm")); next }
{
	k = $col("group") SUBSEP $col("policy")
	printf "%s,%s,%s,%d,%.4f,%.4f,%.4f,%d,%s\n", topo, $col("policy"), $col("group"),
		$col("sets"), $col("mean"), $col("lo"), $col("hi"), $col("hi") <= 0.05,
		(k in d) ? d[k] : ",,,"
}' "$tmp/diff.csv" "$tmp/ci.csv" | sort -t, -k2,2 -k3,3g
