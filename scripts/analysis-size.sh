#!/bin/bash
# Size a design with the host simulator (issue 32 item 3): SEEDS task sets
# per U of a sweep's generator and platform, each under the references
# (ideal global EDF, partitioned FFD and BFD); per (topology, U, pair) the
# mean paired difference d of the primary metric (work done by its
# deadline / work offered, as for the kernel runs) and the sd s of the
# per-set differences, then the task sets per U a paired test needs to separate the pair with 80% power
# at 0.05 two-sided after Holm over FAMILY comparisons (worst case, the
# smallest p gets alpha / FAMILY): n = ((z(1 - alpha / 2 FAMILY) + z(0.8))
# s / d)^2, and never below the n at which the exact sign-flip test can
# reach that level at all (2 / 2^n <= alpha / FAMILY). The same rule for the
# kernel policies from a sweep's measured sets: scripts/analysis-size.sh
# --measured OUTDIR (OUTDIR of scripts/analysis.sh).
# Usage: scripts/analysis-size.sh SWEEP SEEDS FAMILY OUTCSV
#        scripts/analysis-size.sh --measured OUTDIR FAMILY OUTCSV
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/tasksets.sh"
size() { # size FAMILY < group,policy,set,value
	awk -F, -v fam="$1" '
	function z(p,   t) { # upper-tail normal quantile: bisection on erfc
		lo = 0; hi = 10
		for (it = 0; it < 80; it++) { mid = (lo + hi) / 2; if (0.5 * erfc(mid / sqrt(2)) > p) lo = mid; else hi = mid }
		return mid }
	function erfc(x,   t, y) { t = 1 / (1 + 0.5 * x)
		y = t * exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))))
		return y }
	NR == 1 { next }
	{ g = $1; p = $2; v[g, p, $3] = $4; if (!(g SUBSEP p in gp)) { gp[g, p] = 1; pols[g] = pols[g] " " p }
	  if (!(g in seen)) { seen[g] = 1; order[++ng] = g } sets[g, $3] = 1; if (!($3 in sn)) { sn[$3] = 1; slist[++ns] = $3 } }
	END {
		a = 0.05 / fam; za = z(a / 2); zb = z(0.2)
		nmin = 1; while (2 / 2 ^ nmin > a) nmin++
		print "group,a,b,sets,mean_diff,sd_diff,sets_needed"
		for (i = 1; i <= ng; i++) { g = order[i]; np = split(pols[g], P, " ")
			for (x = 1; x <= np; x++) for (y = x + 1; y <= np; y++) {
				n = 0; s = 0; ss = 0
				for (k = 1; k <= ns; k++) { sk = slist[k]
					if (!((g, P[x], sk) in v) || !((g, P[y], sk) in v)) continue
					d = v[g, P[x], sk] - v[g, P[y], sk]; n++; s += d; ss += d * d }
				if (n < 2) continue
				m = s / n; sd = sqrt((ss - n * m * m) / (n - 1) > 0 ? (ss - n * m * m) / (n - 1) : 0)
				if (m == 0) need = "inf"
				else { need = int(((za + zb) * sd / (m < 0 ? -m : m)) ^ 2) + 1; if (need < nmin) need = nmin }
				printf "%s,%s,%s,%d,%.4f,%.4f,%s\n", g, P[x], P[y], n, m, sd, need } } }'
}
if [ "${1:-}" = --measured ]; then
	out=${2:?usage} fam=${3:?usage} csv=${4:?usage}
	csv_awk 'FNR == 1 { header(); print "group,policy,set,value"; next }
		{ k = $col("topology") ":" $col("u") "," $col("policy") "," $col("seed"); s[k] += $col("primary"); n[k]++; if (n[k] == 1) o[++m] = k }
		END { for (i = 1; i <= m; i++) print o[i] "," s[o[i]] / n[o[i]] }' "$out/points.csv" | size "$fam" > "$csv"
	exit 0
fi
name=${1:?usage} seeds=${2:?usage} fam=${3:?usage} csv=${4:?usage}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed "s/^seeds *=.*/seeds = 1..$seeds/" "$DLCAP_TOP/experiments/sweeps/$name.sweep" > "$work/$name.sweep"
DLCAP_RESULTS=$work "$DLCAP_TOP/scripts/sweep.sh" --plan-only "$work/$name.sweep" > /dev/null
topos=$(sed -n 's/^topologies *= *//p' "$work/$name.sweep")
taskset_rows "$work/raw/sweeps/$name/tasksets" > "$work/tasks.csv"
{
	echo "topology,$(head -1 "$work/tasks.csv"),caps"
	for t in $topos; do
		caps=$(eval "$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$t.topo")"; echo "$TOPO_CAPS" | tr ' ' ';')
		tail -n +2 "$work/tasks.csv" | sed "s/^/$t,/; s/\$/,$caps/"
	done
} > "$work/sets.csv"
dur=$(jq '.global.duration' "$(ls "$work"/raw/sweeps/"$name"/tasksets/u*-s*.json | head -1)")
"$DLCAP_TOP/analysis/build/ana-refsched" --horizon-ms "$((dur * 1000))" "$work/sets.csv" |
	csv_awk 'FNR == 1 { header(); print "group,policy,set,value"; next }
		{ print $col("topology") ":" $col("u") "," $col("ref") "," $col("seed") "," $col("work_frac") }' | size "$fam" > "$csv"
