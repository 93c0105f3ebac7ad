#!/bin/bash
# Plot where each task instance's jobs ran (PNG and PDF) from one point.
# Usage: scripts/plot-placement.sh POINTDIR GUEST_TXT OUTPREFIX TITLE
# Writes OUTPREFIX.csv (the table plotted), OUTPREFIX.png, OUTPREFIX.pdf.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/plot.sh"
dir=${1:?} guest=${2:?} out=${3:?} title=${4:-placement}
caps=$(sed -n 's/^capacities: //p' "$guest")
[ -n "$caps" ] || die "$guest has no 'capacities:' line"
ncpu=$(echo "$caps" | wc -w)
mkdir -p "$(dirname "$out")"
"$DLCAP_TOP/scripts/placement-table.sh" "$dir" "$caps" > "$out.csv.tmp"
mv "$out.csv.tmp" "$out.csv"
plot_both "$out" 900,520 6in,3.5in "$DLCAP_TOP/plots/placement.gp" \
	"data=$(gp_str "$out.csv"); ncpu=$ncpu; caps='$caps'; title=$(gp_str "$title")"
say "wrote $out.csv $out.png $out.pdf"
