#!/bin/bash
# Plot a sweep's aggregated tables (scripts/sweep-aggregate.sh) with
# plots/sweep.gp, as PNG and PDF:
#   tardiness   p99 and max tardiness / period vs admitted bandwidth (headline)
#   acceptance  admitted / offered bandwidth vs offered U
#   missratio   deadline-miss ratio vs admitted bandwidth
#   share       share of each task's run time on the biggest CPUs vs density
# Usage: scripts/sweep-plot.sh OUTDIR [TITLE]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/plot.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
out=${1:?usage: sweep-plot.sh OUTDIR [TITLE]}
name=$(basename "$out")
title=${2:-sweep $name}
[ -r "$out/table.csv" ] || die "no $out/table.csv (scripts/sweep-aggregate.sh first)"
[ "$(wc -l < "$out/table.csv")" -gt 1 ] || die "$out/table.csv has no rows: no point finished"
topos=$(tail -n +2 "$out/table.csv" | cut -d, -f1 | awk '!s[$0]++' | tr '\n' ' ')
pols=$(tail -n +2 "$out/table.csv" | cut -d, -f2 | awk '!s[$0]++' | tr '\n' ' ')
limits= fits=
for t in $topos; do
	eval "$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$t.topo")"
	limits="$limits $(admission_limits "$t")"
	# three words per topology: the smaller classes' cap/1024, 0-padded
	fits="$fits $(echo "$TOPO_CAPS" | tr ' ' '\n' | sort -un | awk '$1 < 1024 && n < 3 { printf "%.4f ", $1 / 1024; n++ }
		END { while (n++ < 3) printf "0 " }')"
done
nt=$(echo $topos | wc -w)
for kind in tardiness acceptance missratio share; do
	plot_both "$out/$kind" "$((560 * nt + 140)),460" "$((4 * nt + 1))in,3.4in" "$DLCAP_TOP/plots/sweep.gp" \
		"kind='$kind'; dir=$(gp_str "$out"); topos='$topos'; pols='$pols'; title=$(gp_str "$title")" \
		"limits='$limits'; fits='$fits'" || die "gnuplot failed on $kind"
done
say "figures: $out/{tardiness,acceptance,missratio,share}.{png,pdf}"
