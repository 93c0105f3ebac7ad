#!/bin/bash
# Statistics of an analysed sweep (scripts/analysis.sh OUTDIR first), by
# analysis/build/ana-stats: task sets are the unit (a seed's set at a U),
# replicates nested within sets.
#   primary-ci.csv    the primary metric per (topology:u, policy): the
#                     fraction of offered work done by its deadline, refused
#                     tasks' work offered and not done (kernel: points.csv's
#                     work_frac, from every job's lateness; references: the
#                     simulation's work_frac, gedf / ffd / bfd, on the same
#                     release times), mean and 95% nested bootstrap
#                     percentile interval
#   primary-diff.csv  paired differences between the kernel policies per
#                     (topology:u): bootstrap interval, exact sign-flip p,
#                     Holm over every row
#   tardiness-ci.csv  max tardiness / period, as primary-ci.csv
#   proxy-ci.csv      the former proxy metric, acceptance x (1 - miss
#                     ratio) (kernel: points.csv's proxy; references: the
#                     simulation's proxy_frac), as primary-ci.csv: kept for
#                     the prose that compares the two (EXPERIMENTS.md 24)
#   plot.csv          one row per (policy, topology, u) for the figures:
#                     means and intervals of both, and the mean admitted
#                     bandwidth (x of the user's axis)
#   primary-wide.csv  plot.csv's primary metric one row per (topology, u),
#                     three columns per policy P (plot.csv's order): P_mean,
#                     P_lo, P_hi, for tables
#   feasible-count.csv  per (topology, policy, u) and per (topology,
#                     policy) as u "all": sets, and how many fail the
#                     uniform-multiprocessor condition by reservation and by
#                     work (feasibility.csv; policy "offered": the sets as
#                     generated, else as the kernel admitted them)
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
metric primary work_frac > "$out/.primary.csv"
metric max_tard max_tard > "$out/.tard.csv"
metric proxy proxy_frac > "$out/.proxy.csv"
trap 'rm -f "$out"/.primary.csv "$out"/.tard.csv "$out"/.proxy.csv "$out"/.kernel.csv' EXIT
"$bin/ana-stats" ci "$out/.primary.csv" > "$out/primary-ci.csv"
"$bin/ana-stats" ci "$out/.tard.csv" > "$out/tardiness-ci.csv"
"$bin/ana-stats" ci "$out/.proxy.csv" > "$out/proxy-ci.csv"
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
csv_awk '
FNR == 1 { header(); next }
{ p = $col("policy"); g = $col("topology") "," $col("u")
  if (!(p in seen)) { seen[p] = 1; pol[++np] = p }
  if (!(g in gseen)) { gseen[g] = 1; grp[++ng] = g }
  cell[g, p] = $col("prim_mean") "," $col("prim_lo") "," $col("prim_hi") }
END { printf "topology,u"; for (i = 1; i <= np; i++) printf ",%s_mean,%s_lo,%s_hi", pol[i], pol[i], pol[i]; print ""
  for (j = 1; j <= ng; j++) { printf "%s", grp[j]; for (i = 1; i <= np; i++) printf ",%s", cell[grp[j], pol[i]]; print "" } }' \
	"$out/plot.csv" > "$out/primary-wide.csv"
csv_awk '
FNR == 1 { header(); next }
{ for (a = 0; a < 2; a++) {
	k = $col("topology") "," $col("policy") "," (a ? "all" : $col("u"))
	if (!(k in n)) order[++nk] = k
	n[k]++; r[k] += !$col("feasible_res"); w[k] += !$col("feasible_work") } }
END { print "topology,policy,u,sets,infeasible_res,infeasible_work"
  for (i = 1; i <= nk; i++) print order[i] "," n[order[i]] "," r[order[i]] "," w[order[i]] }' \
	"$out/feasibility.csv" > "$out/feasible-count.csv"
say "$(basename "$out"): primary-ci.csv, primary-diff.csv ($(csv_awk 'FNR == 1 { header(); next } $col("separated") == 1' "$out/primary-diff.csv" | wc -l) of $(($(wc -l < "$out/primary-diff.csv") - 1)) paired differences separated after Holm), tardiness-ci.csv, proxy-ci.csv, plot.csv, primary-wide.csv, feasible-count.csv"
