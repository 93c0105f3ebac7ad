#!/bin/bash
# One CSV of scripts/summary.sh over every point of one or more run folders.
# Usage: scripts/tabulate.sh OUT.csv RUNDIR...
# The first column names the run folder's last component and the point.
set -euo pipefail
out=${1:?usage: tabulate.sh OUT.csv RUNDIR...}; shift
here=$(dirname "$0")
tmp=$out.tmp
trap 'rm -f "$tmp"' EXIT	# a point whose summary fails leaves no table
first=1
mkdir -p "$(dirname "$out")"
: > "$tmp"
for run in "$@"; do
	for pt in "$run"/*/; do
		pt=${pt%/}
		[ -r "$pt/jobs.csv" ] || continue
		"$here/summary.sh" "$pt" "$(basename "$run")/$(basename "$pt")" |
			if [ $first = 1 ]; then cat; else tail -n +2; fi >> "$tmp"
		first=0
	done
done
mv "$tmp" "$out"
