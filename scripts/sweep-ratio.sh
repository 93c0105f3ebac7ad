#!/bin/bash
# Two sweeps of the same sets that differ in one setting (the reduced
# headline's 1 s points and the full headline's 2 s points of the same
# seeds): per (topology, policy, U), the mean of a points.csv column over
# the points both sweeps ran (same topology, policy, U, seed and
# replicate, status ok in both), and B's mean over A's. A row u = all per
# (topology, policy) gives the smallest and largest ratio over its U
# values: "doubling the run raised the mean max tardiness x1.4-2.6" in
# EXPERIMENTS.md section 11 is then a value of a committed CSV.
# Usage: scripts/sweep-ratio.sh SWEEP_A SWEEP_B COLUMN [U...]
#   SWEEP_*  NAME: $DLCAP_RESULTS/sweeps/NAME/points.csv (results/ without
#            DLCAP_RESULTS); a sweep file's line
#            "derive F.csv = sweep-ratio.sh OTHER {name} COLUMN U..." writes
#            it with the sweep's results
#   COLUMN   a numeric column of points.csv (max_tard, p99_tard, ...)
#   U...     only these U values (default: every U both sweeps ran)
# Prints CSV: topology,policy,u,pairs,a_mean,b_mean,ratio,ratio_min,ratio_max
#   pairs       points paired (a u = all row: over its U values)
#   ratio       b_mean / a_mean; empty when a_mean is 0 (and then the U is
#               in no u = all range)
#   ratio_min/max  a per-U row: its ratio; u = all: over its U values
# Rows: the (topology, policy, U) of A's points.csv in its order, each
# (topology, policy)'s u = all row after its last U.
# Exit status: 0; 1 a missing file or column, no pair.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 3 ] || die "usage: sweep-ratio.sh SWEEP_A SWEEP_B COLUMN [U...]"
res=${DLCAP_RESULTS:-$DLCAP_TOP/results}/sweeps
a=$res/$1/points.csv b=$res/$2/points.csv column=$3
shift 3
for f in "$a" "$b"; do [ -r "$f" ] || die "no $f"; done
echo "topology,policy,u,pairs,a_mean,b_mean,ratio,ratio_min,ratio_max"
csv_awk -v c="$column" -v only=" $* " '
FNR == 1 { header(); fi++; col(c); ok = fi; next }
$col("status") != "ok" { next }
only != "  " && index(only, " " $col("u") " ") == 0 { next }
{ k = $col("topology") SUBSEP $col("policy") SUBSEP $col("u"); p = k SUBSEP $col("seed") SUBSEP $col("replicate") }
fi == 1 {
	va[p] = $col(c)
	if (!(k in isg)) { isg[k] = 1; gs[ng++] = k }
	next
}
p in va { n[k]++; sa[k] += va[p]; sb[k] += $col(c) }
# ratio(K): b mean over a mean, "" when a mean is 0
function ratio(k) { return sa[k] ? sprintf("%.3f", sb[k] / sa[k]) : "" }
END {
	if (ok < 2) exit 2	# (col() said which column is missing)
	for (i = 0; i < ng; i++) {
		k = gs[i]
		if (!n[k]) continue
		r = ratio(k); split(k, q, SUBSEP); tp = q[1] SUBSEP q[2]
		printf "%s,%s,%s,%d,%.5f,%.5f,%s,%s,%s\n", q[1], q[2], q[3], n[k], sa[k] / n[k], sb[k] / n[k], r, r, r
		pairs[tp] += n[k]; any++
		if (r != "") {
			if (!(tp in lo) || r + 0 < lo[tp] + 0) lo[tp] = r
			if (!(tp in hi) || r + 0 > hi[tp] + 0) hi[tp] = r
		}
		# the u = all row after the last U of its (topology, policy)
		last = 1
		for (j = i + 1; j < ng; j++) { split(gs[j], s, SUBSEP); if (s[1] SUBSEP s[2] == tp && n[gs[j]]) last = 0 }
		if (last) printf "%s,%s,all,%d,,,,%s,%s\n", q[1], q[2], pairs[tp], lo[tp], hi[tp]
	}
	if (!any) { print "sweep-ratio.sh: no point of one sweep is in the other" > "/dev/stderr"; exit 1 }
}' "$a" "$b"
