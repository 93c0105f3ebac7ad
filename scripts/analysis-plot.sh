#!/bin/bash
# Figures of an analysed sweep (scripts/analysis-stats.sh OUTDIR first),
# with plots/analysis.gp, per topology: OUTDIR/tardiness-TOPO.{png,pdf}
# (log y) and OUTDIR/primary-TOPO.{png,pdf}, each against offered U and
# against admitted bandwidth, the kernel policies beside ideal global EDF
# and partitioned EDF (FFD, BFD) on the same sets.
# Usage: scripts/analysis-plot.sh OUTDIR [TITLE]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/plot.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
out=${1:?usage: analysis-plot.sh OUTDIR [TITLE]}
title=${2:-$(basename "$out")}
[ -r "$out/plot.csv" ] || die "no $out/plot.csv (scripts/analysis-stats.sh first)"
topos=$(csv_awk 'FNR == 1 { header(); next } !s[$col("topology")]++ { print $col("topology") }' "$out/plot.csv")
kpols=$(csv_awk 'FNR == 1 { header(); next } $col("policy") !~ /^(gedf|ffd|bfd)$/ && !s[$col("policy")]++ { print $col("policy") }' "$out/plot.csv" | tr '\n' ' ')
n=$(csv_awk 'FNR == 1 { header(); next } { print $col("sets") }' "$out/plot.csv" | sort -n | uniq | tr '\n' '/' | sed 's,/$,,')
for t in $topos; do
	read -r capr _ <<< "$(admission_limits "$t")"
	capw=$(awk -v c="$capr" 'BEGIN { printf "%.4f", c / 1.1 }')
	for kind in tardiness primary; do
		what="max tardiness / period"
		[ $kind = primary ] && what="offered work done by its deadline, refused tasks not done"
		plot_both "$out/$kind-$t" "1300,560" "9in,3.9in" "$DLCAP_TOP/plots/analysis.gp" \
			"kind='$kind'; file=$(gp_str "$out/plot.csv"); topo='$t'; pols='$kpols gedf ffd bfd'" \
			"capw=$capw; capr=$capr; floor=0.001" \
			"title=$(gp_str "$title: $what") . \"\\n\" . $(gp_str "n = $n task sets per U; bars: 95% bootstrap percentile intervals over sets (replicates nested)")" ||
			die "gnuplot failed on $kind-$t"
	done
done
say "figures: $out/{tardiness,primary}-{$(echo $topos | tr ' ' ,)}.{png,pdf}"
