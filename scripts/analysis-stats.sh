#!/bin/bash
# Statistics of an analysed sweep (scripts/analysis.sh OUTDIR first), by
# analysis/build/ana-stats: task sets are the unit (a seed's set at a U),
# replicates nested within sets.
#   primary-ci.csv    the primary metric per (topology:u, policy): the
#                     fraction of offered work done by its deadline, refused
#                     tasks counting as not done (kernel: acceptance x
#                     (1 - miss_ratio), what points.csv allows; references:
#                     the same proxy from the simulation, gedf / ffd / bfd),
#                     mean and 95% nested bootstrap percentile interval
#   primary-diff.csv  paired differences between the kernel policies per
#                     (topology:u): bootstrap interval, exact sign-flip p,
#                     Holm over every row
#   tardiness-ci.csv  max tardiness / period, as primary-ci.csv
#   plot.csv          one row per (policy, topology, u) for the figures:
#                     means and intervals of both, and the mean admitted
#                     bandwidth (x of the user's axis)
# Usage: scripts/analysis-stats.sh OUTDIR
set -euo pipefail
. "$(dirname "$0")/lib.sh"
out=${1:?usage: analysis-stats.sh OUTDIR}
bin=$DLCAP_TOP/analysis/build
for f in points.csv reference.csv; do
	[ -r "$out/$f" ] || die "no $out/$f (scripts/analysis.sh first)"
done
# stats input: group, policy, set, replicate, value (+ admitted bandwidth)
metric() { # metric KERNEL_COLUMN REFERENCE_COLUMN
	csv_awk -v kc="$1" -v rc="$2" '
	FNR == 1 { header(); if (FILENAME ~ /points.csv$/) print "group,policy,set,replicate,value,adm"; next }
	FILENAME ~ /points.csv$/ { print $col("topology") ":" $col("u") "," $col("policy") "," $col("seed") "," $col("replicate") "," $col(kc) "," $col("admitted_bw"); next }
	{ print $col("topology") ":" $col("u") "," $col("ref") "," $col("seed") ",1," $col(rc) "," $col("admitted_res") }' \
		"$out/points.csv" "$out/reference.csv"
}
metric primary proxy_frac > "$out/.primary.csv"
metric max_tard max_tard > "$out/.tard.csv"
trap 'rm -f "$out"/.primary.csv "$out"/.tard.csv "$out"/.kernel.csv' EXIT
"$bin/ana-stats" ci "$out/.primary.csv" > "$out/primary-ci.csv"
"$bin/ana-stats" ci "$out/.tard.csv" > "$out/tardiness-ci.csv"
csv_awk 'FNR == 1 { header(); print; next } $col("policy") !~ /^(gedf|ffd|bfd)$/' "$out/.primary.csv" > "$out/.kernel.csv"
"$bin/ana-stats" diff "$out/.kernel.csv" > "$out/primary-diff.csv"
csv_awk '
FNR == 1 { header(); if (FILENAME ~ /primary-ci/) print "policy,topology,u,adm_bw,tard_mean,tard_lo,tard_hi,prim_mean,prim_lo,prim_hi,sets"; next }
FILENAME ~ /tard.csv$/ { k = $col("group") SUBSEP $col("policy"); s[k] += $col("adm"); n[k]++; next }
FILENAME ~ /tardiness-ci/ { k = $col("group") SUBSEP $col("policy"); t[k] = $col("mean") "," $col("lo") "," $col("hi"); next }
{ k = $col("group") SUBSEP $col("policy"); split($col("group"), g, ":")
  printf "%s,%s,%s,%.4f,%s,%s,%s,%s,%s\n", $col("policy"), g[1], g[2], s[k] / n[k], t[k], $col("mean"), $col("lo"), $col("hi"), $col("sets") }' \
	"$out/.tard.csv" "$out/tardiness-ci.csv" "$out/primary-ci.csv" > "$out/.plot.csv"
# a policy's rows together and in U order: gnuplot joins consecutive rows
{ head -1 "$out/.plot.csv"; tail -n +2 "$out/.plot.csv" | sort -t, -k1,1 -k2,2 -k3,3g; } > "$out/plot.csv"
rm "$out/.plot.csv"
say "$(basename "$out"): primary-ci.csv, primary-diff.csv ($(csv_awk 'FNR == 1 { header(); next } $col("separated") == 1' "$out/primary-diff.csv" | wc -l) of $(($(wc -l < "$out/primary-diff.csv") - 1)) paired differences separated after Holm), tardiness-ci.csv, plot.csv"
