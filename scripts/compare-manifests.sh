#!/bin/bash
# Compare two results manifests (scripts/results-manifest.sh) point by
# point, by column name: identical jobs, or DIFFERENT with the inputs whose
# hashes differ, missing (in OLD only) or new (in NEW only).
# Usage: scripts/compare-manifests.sh EXPERIMENT OLD.csv NEW.csv
# Exit status: 0 every point identical; 1 otherwise.
set -euo pipefail
. "$(dirname "$0")/lib.sh"	# usage, csv_awk
[ $# = 3 ] || usage
exp=$1 old=$2 new=$3
csv_awk -v e="$exp" '
	# both manifests by their headers (csv.awk): an older one may order or
	# name its columns otherwise. A header without point or jobs_sha256
	# stops at col() (exit 2); END then runs, and keeps that status.
	NR == FNR && FNR == 1 { header(); col("point"); col("jobs_sha256"); for (i = 1; i <= NF; i++) committed[$i] = 1; next }
	NR == FNR { p = $col("point"); old[p] = 1; for (c in committed) ov[p, c] = $col(c); next }
	FNR == 1 { header(); col("point"); col("jobs_sha256"); headers_ok = 1; for (i = 1; i <= NF; i++) names[i] = $i; nn = NF; next }
	{
		p = $col("point"); seen[p] = 1
		if (!(p in old)) { printf "%s: %s: new (not in the committed manifest)\n", e, p; nnew++; next }
		if (ov[p, "jobs_sha256"] == $col("jobs_sha256")) { same++; next }
		diff = ""
		for (i = 1; i <= nn; i++) {
			c = names[i]
			# host_s is what the point cost, not one of its inputs
			if (c == "experiment" || c == "point" || c == "jobs_sha256" || c == "host_s") continue
			if (!(c in committed)) diff = diff " " c "(not committed)"
			else if (ov[p, c] != $i) diff = diff " " c
		}
		printf "%s: %s: DIFFERENT jobs.csv;%s\n", e, p, diff == "" ? " same inputs (the boot itself differed)" : " inputs that differ:" diff
		ndiff++
	}
	END {
		if (!headers_ok) exit 2
		for (p in old) if (!(p in seen)) { printf "%s: %s: missing (not rerun)\n", e, p; nmiss++ }
		printf "%s: %d identical, %d different, %d missing, %d new\n", e, same, ndiff, nmiss, nnew
		exit (ndiff + nmiss + nnew) > 0
	}' "$old" "$new"
