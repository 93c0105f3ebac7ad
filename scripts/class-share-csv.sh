#!/bin/bash
# The class-share table of an expected-outcome check (scripts/expect-*.sh
# output, e.g. results/fallback/summary.txt) as CSV that EXPERIMENTS.md's
# markers can read: the verdict and FAIL lines dropped; points labelled
# TOPOLOGY/POINT (several run folders, whose capacity classes differ) go to
# OUTDIR/TOPOLOGY.csv, one header each, the others to OUTDIR/summary.csv.
# Usage: scripts/class-share-csv.sh SUMMARY.txt OUTDIR
# Exit status: 0; 1 no table in SUMMARY.txt; 2 bad usage.
set -euo pipefail
[ $# = 2 ] || { echo "usage: class-share-csv.sh SUMMARY.txt OUTDIR" >&2; exit 2; }
in=$1 out=$2
awk -F, -v out="$out" '
	/^point,/ { head = $0; next }
	/^FAIL|^expected outcome/ || NF < 2 { next }
	{
		f = out "/summary.csv"
		if (index($1, "/")) f = out "/" substr($1, 1, index($1, "/") - 1) ".csv"
		if (!(f in seen)) { printf "%s\n", head > f; seen[f] = 1 }
		print > f; n++
	}
	END { if (!n) { printf "class-share-csv: no table in %s\n", FILENAME > "/dev/stderr"; exit 1 } }' "$in"
