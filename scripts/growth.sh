#!/bin/bash
# Boundedness, measured (issue 32 item 1): per task of every point of a
# sweep, tardiness against time and the growth test of analysis/growth.h
# (ana-growth), then a label per point and per (topology, policy, U).
#
# The test, per task (admitted tasks only; x = release time, y = lateness
# clipped at 0 over the period; T = the point's run span):
#   slope = OLS slope of y on x over the second half (x >= T/2), periods
#           per second, with a 95% moving-block bootstrap interval [lo, hi]
#           (blocks of ceil(sqrt(n2)) consecutive jobs, 2000 resamples);
#   m1, m3 = max y over the first and the last third of the run.
#   inconclusive  fewer than 30 jobs in the second half (the run is too
#                 short for the task's period), or no job in the first third
#   growing       lo > 0 and m3 > m1
#   bounded       hi * T/2 < 1 period and m3 <= m1 + 1 period
#   inconclusive  otherwise
# A point is growing when one of its tasks is, bounded when all are, else
# inconclusive; a (topology, policy, U) the same over its points (seeds,
# replicates). docs/evidence-plan.md, "What counts as bounded", says why.
#
# Usage: scripts/growth.sh RAWDIR OUTDIR [TITLE]
#   RAWDIR  a sweep's raw folder (results/raw/sweeps/NAME: its index.csv
#           names every point and its folder)
# Output in OUTDIR:
#   growth-tasks.csv   per task: the point's keys and ana-growth's columns
#   growth-points.csv  per point: tasks by label, the worst task (largest
#                      m3, then slope) and its numbers, the point's label
#   growth.csv         per (topology, policy, u): points by label, label
#   growth-series.csv  the worst task of every point, job by job (t_s,
#                      tardiness)
#   growth.{png,pdf}   its tardiness against time, a panel per policy
# Points whose folder is missing or FAILED are left out and counted.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/plot.sh"
raw=${1:?usage: growth.sh RAWDIR OUTDIR [TITLE]} out=${2:?usage: growth.sh RAWDIR OUTDIR [TITLE]}
title=${3:-$(basename "$raw")}
bin=$DLCAP_TOP/analysis/build/ana-growth
[ -x "$bin" ] || die "no $bin (make -C analysis)"
[ -r "$raw/index.csv" ] || die "no $raw/index.csv (a sweep's raw folder: scripts/sweep.sh)"
mkdir -p "$out"
tmp=$(mktemp -d "$out/.growth.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
keys=topology,policy,u,seed,replicate,point
echo "$keys,task,instance,period_ms,jobs,jobs_half2,span_s,block,slope,slope_lo,slope_hi,m1,m3,max,label" > "$tmp/tasks.csv"
echo "$keys,task,instance,t_s,tardiness" > "$tmp/series.csv"
missing=0
while IFS=, read -r point topo pol u seed rep dir; do
	d=$raw/$dir
	if [ ! -r "$d/jobs.csv" ] || [ -e "$d/FAILED" ]; then
		missing=$((missing + 1)); continue
	fi
	k="$topo,$pol,$u,$seed,$rep,$point"
	"$bin" --series "$tmp/one-series.csv" "$d" > "$tmp/one.csv" ||
		die "ana-growth failed on $d"
	tail -n +2 "$tmp/one.csv" | sed "s|^|$k,|" >> "$tmp/tasks.csv"
	# the worst task: largest m3, then slope
	w=$(csv_awk 'FNR == 1 { header(); next }
		!n++ || $col("m3") > m3 || ($col("m3") == m3 && $col("slope") > sl) {
			m3 = $col("m3"); sl = $col("slope"); w = $col("task") "," $col("instance") }
		END { print w }' "$tmp/one.csv")
	[ -z "$w" ] || csv_awk -v w="$w" -v k="$k" 'FNR == 1 { header(); next }
		$col("task") "," $col("instance") == w { print k "," $0 }' "$tmp/one-series.csv" >> "$tmp/series.csv"
done < <(csv_awk 'FNR == 1 { header(); next } { print $col("point") "," $col("topology") "," $col("policy") "," $col("u") "," $col("seed") "," $col("replicate") "," $col("dir") }' "$raw/index.csv")
# per point, then per (topology, policy, u): growing if one is, bounded if all are
lab='function lab(b, g, n) { return g ? "growing" : b == n ? "bounded" : "inconclusive" }'
csv_awk "$lab"'
FNR == 1 { header(); print "topology,policy,u,seed,replicate,point,tasks,bounded,growing,inconclusive,worst_task,worst_slope,worst_lo,worst_hi,worst_m1,worst_m3,label"; next }
{
	k = $col("topology") "," $col("policy") "," $col("u") "," $col("seed") "," $col("replicate") "," $col("point")
	if (!(k in n)) order[np++] = k
	n[k]++; c[k, $col("label")]++
	if (!(k in m3) || $col("m3") > m3[k] || ($col("m3") == m3[k] && $col("slope") > sl[k])) {
		m3[k] = $col("m3"); sl[k] = $col("slope")
		w[k] = $col("task") "-" $col("instance") "," $col("slope") "," $col("slope_lo") "," $col("slope_hi") "," $col("m1") "," $col("m3")
	}
}
END {
	for (i = 0; i < np; i++) {
		k = order[i]
		printf "%s,%d,%d,%d,%d,%s,%s\n", k, n[k], c[k, "bounded"], c[k, "growing"], c[k, "inconclusive"], w[k],
			lab(c[k, "bounded"], c[k, "growing"], n[k])
	}
}' "$tmp/tasks.csv" > "$tmp/points.csv"
csv_awk "$lab"'
FNR == 1 { header(); print "topology,policy,u,points,bounded,growing,inconclusive,label"; next }
{
	k = $col("topology") "," $col("policy") "," $col("u")
	if (!(k in n)) order[ng++] = k
	n[k]++; c[k, $col("label")]++
}
END {
	for (i = 0; i < ng; i++) {
		k = order[i]
		printf "%s,%d,%d,%d,%d,%s\n", k, n[k], c[k, "bounded"], c[k, "growing"], c[k, "inconclusive"],
			lab(c[k, "bounded"], c[k, "growing"], n[k])
	}
}' "$tmp/points.csv" > "$tmp/groups.csv"
mv "$tmp/tasks.csv" "$out/growth-tasks.csv"
mv "$tmp/points.csv" "$out/growth-points.csv"
mv "$tmp/groups.csv" "$out/growth.csv"
mv "$tmp/series.csv" "$out/growth-series.csv"
[ $missing = 0 ] || say "$missing point(s) of $raw/index.csv missing or FAILED: left out"
# The figure: a panel per (topology, policy, U), a line per point (its
# worst task), a seed (topology, seed, replicate) in one colour throughout;
# a row per (topology, U) when there are several, else the policies in
# rows of three.
[ "$(wc -l < "$out/growth-series.csv")" -gt 1 ] || { say "no jobs: no figure"; exit 0; }
# gnuplot blocks: one per point, each panel's points together, panels in
# growth.csv's order (by topology and U, policies in the sweep's order)
csv_awk -v gp="$tmp/series.dat" -v lab="$out/growth-points.csv" -v grp="$out/growth.csv" '
FNR == 1 { header(); next }
FILENAME == grp { g = $col("topology") SUBSEP $col("policy") SUBSEP $col("u")
	gorder[++ng] = g
	ptitle[g] = "\"" $col("policy") ", U = " $col("u") ": " $col("label") "\""
	if (!(($col("topology"), $col("u")) in rowseen)) { rowseen[$col("topology"), $col("u")] = 1; nrow++ }
	if (!($col("policy") in colseen)) { colseen[$col("policy")] = 1; ncol++ }
	next }
FILENAME == lab { l[$col("point"), $col("topology")] = $col("label"); next }
{
	k = $col("point") SUBSEP $col("topology")
	if (!(k in rows)) {
		g = $col("topology") SUBSEP $col("policy") SUBSEP $col("u")
		pk[g, np[g]++] = k
		set = $col("topology") SUBSEP $col("seed") SUBSEP $col("replicate")
		if (!(set in colour)) {
			colour[set] = ++ncolour
			setname[ncolour] = "\"" $col("topology") ", seed " $col("seed") ($col("replicate") > 1 ? " r" $col("replicate") : "") "\""
		}
		colour_of[k] = colour[set]; kind[k] = l[k] }
	rows[k] = rows[k] $col("t_s") " " $col("tardiness") "\n"
}
END {
	b = 0
	for (i = 1; i <= ng; i++) { g = gorder[i]
		if (!np[g]) continue
		first = first " " b
		for (j = 0; j < np[g]; j++) { k = pk[g, j]
			printf "%s\n\n", rows[k] > gp
			kinds = kinds " " kind[k]; colours = colours " " colour_of[k]; b++ }
		last = last " " b - 1; titles = titles " " ptitle[g] }
	for (c = 1; c <= ncolour; c++) names = names " " setname[c]
	if (nrow > 1) { rows_ = nrow; cols = ncol } else { cols = ncol < 3 ? ncol : 3; rows_ = int((ncol + cols - 1) / cols) }
	print substr(first, 2); print substr(last, 2); print substr(titles, 2); print substr(kinds, 2)
	print substr(colours, 2); print substr(names, 2); print rows_ " " cols
}' "$out/growth.csv" "$out/growth-points.csv" "$out/growth-series.csv" > "$tmp/blocks"
{ read -r first; read -r last; read -r titles; read -r kinds; read -r colours; read -r names; read -r nrows ncols; } < "$tmp/blocks"
plot_both "$out/growth" "$((ncols * 360 + 60)),$((nrows * 260 + 200))" "$((ncols * 25 / 10 + 1))in,$((nrows * 18 / 10 + 1))in" "$DLCAP_TOP/plots/growth.gp" \
	"file=$(gp_str "$tmp/series.dat"); titles=$(gp_str "$titles"); first='$first'; last='$last'; names=$(gp_str "$names"); kinds='$kinds'; colours='$colours'; rows=$nrows; cols=$ncols" \
	"title=$(gp_str "$title: each point's worst task (largest max tardiness over the last third) against time; the point's label: solid growing, dashed bounded, dotted inconclusive")" ||
	die "gnuplot failed"
say "growth: $out/growth.csv ($(tail -n +2 "$out/growth.csv" | wc -l) groups), figure $out/growth.png"
