#!/bin/bash
# The figure of dl_admission=uniform against capacity on one topology,
# from scripts/expect-uniform.sh's output folder: each admitted set's
# slack against the uniform-multiprocessor condition, and the mean
# admitted bandwidth per U under each rule (plots/uniform.gp).
# Usage: scripts/plot-uniform.sh DIR TOPOLOGY
#   DIR: expect-uniform.sh's OUT (feasibility.csv, uniform-bw.csv)
# Writes DIR/uniform-TOPOLOGY.png and .pdf. Exit status: 0; 2 with one
# line when an input is missing or has no row of TOPOLOGY.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/plot.sh"
[ $# = 2 ] || usage
dir=${1%/} topo=$2
for f in feasibility.csv uniform-bw.csv; do
	[ -r "$dir/$f" ] || bad "no $dir/$f (scripts/expect-uniform.sh first)"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
csv_awk -v t="$topo" 'FNR == 1 { header(); print; next } $col("topology") == t' "$dir/feasibility.csv" > "$tmp/feasibility.csv"
[ "$(wc -l < "$tmp/feasibility.csv")" -gt 1 ] || bad "$dir/feasibility.csv: no row of topology $topo"
# one block per rule, in plots/uniform.gp's order, a header line each
for p in offered capacity condition uniform; do
	csv_awk -v t="$topo" -v p="$p" 'FNR == 1 { header(); print; next }
		$col("topology") == t && $col("policy") == p' "$dir/uniform-bw.csv" > "$tmp/bw-$p.csv"
	[ "$(wc -l < "$tmp/bw-$p.csv")" -gt 1 ] || bad "$dir/uniform-bw.csv: no row of topology $topo and policy $p"
	sort -t, -k2,2g "$tmp/bw-$p.csv" | { grep -v '^topology,' || true; } | { head -1 "$tmp/bw-$p.csv"; cat; }
	printf '\n\n'
done > "$tmp/uniform-bw.csv"
plot_both "$dir/uniform-$topo" "1100,450" "8in,3.3in" "$DLCAP_TOP/plots/uniform.gp" \
	"feas='$tmp/feasibility.csv'; bw='$tmp/uniform-bw.csv'; title=$(gp_str "dl_admission: capacity against uniform on $topo")"
say "wrote $dir/uniform-$topo.png, .pdf"
