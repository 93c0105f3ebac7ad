#!/bin/bash
# How far apart some policies of a sweep are: per (topology, U), the
# largest minus the smallest mean (table.csv) of each COLUMN over the
# POLICIES, and per topology a row u = all with the largest gap over its U
# values. "The three capacity-aware policies are within 1.9 periods of p99
# of each other at every U" (EXPERIMENTS.md section 11) is then a value of
# a committed CSV.
# Usage: scripts/policy-gap.sh NAME POLICY,POLICY[,...] COLUMN...
#   NAME      $DLCAP_RESULTS/sweeps/NAME/table.csv (results/ without
#             DLCAP_RESULTS); a sweep file's line
#             "derive F.csv = policy-gap.sh {name} POLICIES COLUMN..."
#             writes it with the sweep's results
#   COLUMN    a numeric column of table.csv (p99_tard, miss_ratio, ...)
# Prints CSV: topology,u,policies,COLUMN_gap...
#   policies  how many of POLICIES the U has (a U that lacks one still
#             gets a row, over those it has; a U with fewer than two: no
#             row; u = all: how many POLICIES names)
# Rows: the topologies and U values in table.csv's order, each topology's
# u = all row after its last U.
# Exit status: 0; 1 a missing file, column or policy (in no row at all).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 3 ] || die "usage: policy-gap.sh NAME POLICY,POLICY[,...] COLUMN..."
table=${DLCAP_RESULTS:-$DLCAP_TOP/results}/sweeps/$1/table.csv
[ -r "$table" ] || die "no $table"
[[ $2 =~ ^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)+$ ]] || die "'$2' is not POLICY,POLICY[,...]"
pols=$2; shift 2
cols="$*"
echo "topology,u,policies$(printf ',%s_gap' "$@")"
csv_awk -v pols="$pols" -v cols="$cols" '
BEGIN { np = split(pols, pl, ","); for (i = 1; i <= np; i++) want[pl[i]] = 1; nc = split(cols, cl, " ") }
FNR == 1 { header(); for (j = 1; j <= nc; j++) col(cl[j]); ok = 1; next }
!($col("policy") in want) { next }
{
	t = $col("topology"); k = t SUBSEP $col("u"); found[$col("policy")] = 1
	if (!(k in n)) ks[nk++] = k
	n[k]++
	for (j = 1; j <= nc; j++) {
		v = $col(cl[j]) + 0
		if (n[k] == 1 || v < lo[k, j]) lo[k, j] = v
		if (n[k] == 1 || v > hi[k, j]) hi[k, j] = v
	}
}
END {
	if (!ok) exit 2	# (col() said which column is missing)
	for (i = 1; i <= np; i++) if (!(pl[i] in found)) { printf "policy-gap.sh: no row of policy %s in %s\n", pl[i], FILENAME > "/dev/stderr"; exit 1 }
	for (i = 0; i < nk; i++) {
		k = ks[i]; split(k, q, SUBSEP); t = q[1]
		if (n[k] >= 2) {
			line = t "," q[2] "," n[k]
			for (j = 1; j <= nc; j++) {
				g = hi[k, j] - lo[k, j]; line = line "," sprintf("%.5f", g)
				if (!((t, j) in gmax) || g > gmax[t, j]) gmax[t, j] = g
			}
			print line
		}
		last = 1
		for (m = i + 1; m < nk; m++) { split(ks[m], s, SUBSEP); if (s[1] == t) last = 0 }
		if (last && ((t, 1) in gmax)) {
			line = t ",all," np
			for (j = 1; j <= nc; j++) line = line "," sprintf("%.5f", gmax[t, j])
			print line
		}
	}
}' "$table"
