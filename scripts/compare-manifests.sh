#!/bin/bash
# Compare two results manifests (scripts/results-manifest.sh) point by
# point, by column name: identical jobs, or DIFFERENT with the inputs whose
# hashes differ, missing (in OLD only) or new (in NEW only).
# Usage: scripts/compare-manifests.sh EXPERIMENT OLD.csv NEW.csv
# Exit status: 0 every point identical; 1 otherwise.
set -eu
[ $# = 3 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
exp=$1 old=$2 new=$3
awk -F, -v e="$exp" '
	# both manifests by their headers: an older one may order or name
	# its columns otherwise
	NR == FNR && FNR == 1 { for (i = 1; i <= NF; i++) oc[$i] = i; next }
	NR == FNR { old[$oc["point"]] = $0; next }
	FNR == 1 { for (i = 1; i <= NF; i++) { nc[$i] = i; names[i] = $i } nn = NF; next }
	{
		p = $nc["point"]; seen[p] = 1
		if (!(p in old)) { printf "%s: %s: new (not in the committed manifest)\n", e, p; nnew++; next }
		split(old[p], o, ",")
		if (o[oc["jobs_sha256"]] == $nc["jobs_sha256"]) { same++; next }
		diff = ""
		for (i = 1; i <= nn; i++) {
			c = names[i]
			# host_s is what the point cost, not one of its inputs
			if (c == "experiment" || c == "point" || c == "jobs_sha256" || c == "host_s") continue
			if (!(c in oc)) diff = diff " " c "(not committed)"
			else if (o[oc[c]] != $i) diff = diff " " c
		}
		printf "%s: %s: DIFFERENT jobs.csv;%s\n", e, p, diff == "" ? " same inputs (the boot itself differed)" : " inputs that differ:" diff
		ndiff++
	}
	END {
		for (p in old) if (!(p in seen)) { printf "%s: %s: missing (not rerun)\n", e, p; nmiss++ }
		printf "%s: %d identical, %d different, %d missing, %d new\n", e, same, ndiff, nmiss, nnew
		exit (ndiff + nmiss + nnew) > 0
	}' "$old" "$new"
