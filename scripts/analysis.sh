#!/bin/bash
# Theory beside a sweep's committed measurements (issue 32 item 2): the
# sweep's task sets again (scripts/sweep.sh --plan-only: the same
# generator, arguments and seeds), then with the host tools of analysis/:
#   tasks.csv        every task of every set: u, seed, task, period_ns,
#                    offset_ns (first release), run_ns (work), res_ns (DL
#                    runtime), dl_period_ns (scripts/lib/tasksets.sh)
#   sets.csv         the sets as offered (policy "offered") and as each
#                    kernel policy admitted them (shares.csv's tasks of a
#                    point), with their platform's capacities
#   feasibility.csv  uniform-multiprocessor feasibility of every row of
#                    sets.csv, by reservation and by work (ana-feasible)
#   reference.csv    the offered sets under ideal global EDF and
#                    partitioned EDF (FFD, BFD), over the sweep's duration
#                    (ana-refsched); reference-tasks.csv per task
#   admitted-gedf.csv  each kernel point's admitted set under ideal global
#                    EDF: the tardiness that set forces on the best greedy
#                    global scheduler
#   devi.csv         Devi-Anderson G-EDF bounds (identical CPUs only)
#   points.csv       the kernel points joined with all of the above
# Usage: scripts/analysis.sh SWEEP OUTDIR
#   SWEEP: experiments/sweeps/SWEEP.sweep with results in
#   $ANALYSIS_RESULTS/SWEEP (default results/sweeps/SWEEP)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/tasksets.sh"
name=${1:?usage: analysis.sh SWEEP OUTDIR} out=${2:?usage: analysis.sh SWEEP OUTDIR}
res=${ANALYSIS_RESULTS:-$DLCAP_TOP/results/sweeps}/$name
bin=$DLCAP_TOP/analysis/build
for f in points.csv shares.csv; do
	[ -r "$res/$f" ] || die "no $res/$f (the sweep's committed results)"
done
mkdir -p "$out"
out=$(realpath "$out")
work=$out/.gen
rm -rf "$work"
# The task sets, from the one parser of sweep files and the generator.
DLCAP_RESULTS=$work "$DLCAP_TOP/scripts/sweep.sh" --plan-only "$name" > /dev/null
ts=$work/raw/sweeps/$name/tasksets
taskset_rows "$ts" > "$out/tasks.csv"
duration=$(jq '.global.duration' "$(ls "$ts"/u*-s*.json | head -1)")

# caps per topology, joined by ';'
caps_of() {
	(eval "$("$DLCAP_TOP/scripts/topo.sh" "$DLCAP_TOP/experiments/topologies/$1.topo")"
	 echo "$TOPO_CAPS" | tr ' ' ';')
}
topos=$(csv_awk 'FNR == 1 { header(); next } !s[$col("topology")]++ { print $col("topology") }' "$res/points.csv")
capmap=$(for t in $topos; do echo "$t $(caps_of "$t")"; done)

# sets.csv: offered sets per topology, then each point's admitted tasks.
# A share row's density must be its task's DL runtime / DL period, and a
# point's admitted tasks points.csv's admitted_tasks: else the regenerated
# sets are not the ones that ran.
csv_awk -v capmap="$capmap" '
BEGIN { n = split(capmap, w, /[ \n]/); for (i = 1; i < n; i += 2) caps[w[i]] = w[i + 1]
	print "topology,policy,u,seed,replicate,task,period_ns,offset_ns,run_ns,res_ns,dl_period_ns,caps" }
FNR == 1 { header(); next }
FILENAME ~ /tasks.csv$/ { k = $col("u") SUBSEP $col("seed") SUBSEP $col("task")
	row[k] = $col("period_ns") "," $col("offset_ns") "," $col("run_ns") "," $col("res_ns") "," $col("dl_period_ns")
	dens[k] = $col("res_ns") / $col("dl_period_ns")
	order[++nt] = k; next }
FILENAME ~ /points.csv$/ { if ($col("status") != "ok") next
	p = $col("topology") SUBSEP $col("policy") SUBSEP $col("u") SUBSEP $col("seed") SUBSEP $col("replicate")
	want[p] = $col("admitted_tasks"); topo[$col("topology")] = 1; next }
{	k = $col("u") SUBSEP $col("seed") SUBSEP $col("task")
	p = $col("topology") SUBSEP $col("policy") SUBSEP $col("u") SUBSEP $col("seed") SUBSEP $col("replicate")
	if (!(k in row)) { printf "%s:%d: task %s of u %s seed %s is not in the regenerated sets\n", FILENAME, FNR, $col("task"), $col("u"), $col("seed") > "/dev/stderr"; bad = 1; exit 2 }
	d = $col("density") - dens[k]
	if (d > 5e-6 || d < -5e-6) { printf "%s:%d: density %s, the regenerated set says %.6f\n", FILENAME, FNR, $col("density"), dens[k] > "/dev/stderr"; bad = 1; exit 2 }
	if ((p, k) in seen) next
	seen[p, k] = 1; got[p]++
	split(p, f, SUBSEP)
	adm[++na] = f[1] "," f[2] "," f[3] "," f[4] "," f[5] "," $col("task") "," row[k] "," caps[f[1]]
	key[na] = p }
END { if (bad) exit 2
	for (p in want) if (got[p] != want[p]) { split(p, f, SUBSEP)
		printf "shares.csv: %s %s u %s seed %s has %d admitted tasks, points.csv says %d\n", f[1], f[2], f[3], f[4], got[p], want[p] > "/dev/stderr"; exit 2 }
	for (t in topo) for (i = 1; i <= nt; i++) { split(order[i], f, SUBSEP)
		print t ",offered," f[1] "," f[2] ",1," f[3] "," row[order[i]] "," caps[t] }
	for (i = 1; i <= na; i++) print adm[i] }' \
	"$out/tasks.csv" "$res/points.csv" "$res/shares.csv" > "$out/sets.csv.tmp"
# a set's rows must be consecutive (ana-* read runs of rows)
{ head -1 "$out/sets.csv.tmp"; tail -n +2 "$out/sets.csv.tmp" | sort -t, -k1,1 -k2,2 -k3,3g -k4,4n -k5,5n -s; } > "$out/sets.csv"
rm "$out/sets.csv.tmp"

"$bin/ana-feasible" "$out/sets.csv" > "$out/feasibility.csv"
offered() { csv_awk 'FNR == 1 { header(); print; next } $col("policy") == "offered"' "$out/sets.csv"; }
admitted() { csv_awk 'FNR == 1 { header(); print; next } $col("policy") != "offered"' "$out/sets.csv"; }
offered | "$bin/ana-refsched" --horizon-ms "$((duration * 1000))" --tasks "$out/reference-tasks.csv" > "$out/reference.csv"
admitted | "$bin/ana-refsched" --horizon-ms "$((duration * 1000))" --refs gedf > "$out/admitted-gedf.csv"
# Devi-Anderson on the sweep's identical-CPU topologies
sym=$(for t in $topos; do caps_of "$t" | tr ';' '\n' | sort -u | awk -v t="$t" 'END { if (NR == 1) print t }'; done)
if [ -n "$sym" ]; then
	csv_awk -v sym=" $sym " 'FNR == 1 { header(); print; next } index(sym, " " $col("topology") " ")' "$out/sets.csv" |
		"$bin/ana-devi" > "$out/devi.csv"
else
	rm -f "$out/devi.csv"
fi

# points.csv: every kernel point with its admitted set's feasibility and
# ideal-G-EDF tardiness, its offered set's feasibility, the primary metric
# (work_frac of the sweep's points.csv: the fraction of offered work done
# by its deadline, refused tasks' work offered and not done), its former
# proxy acceptance x (1 - miss_ratio) (which weighs a late job of a light
# task as one of a heavy one; kept to show the difference) and, on
# identical CPUs, the Devi-Anderson bound.
csv_awk 'FNR == 1 { header(); col("work_frac"); exit }' "$res/points.csv" 2>/dev/null ||
	die "$res/points.csv has no work_frac column (aggregated before it: scripts/sweep-aggregate.sh again)"
csv_awk '
FNR == 1 { header(); if (FILENAME ~ /points.csv$/) print $0 ",feasible_res,feasible_work,offered_feasible_res,offered_feasible_work,gedf_max_tard,gedf_late_jobs,primary,proxy,devi_bound"; next }
{ k = $col("topology") SUBSEP $col("policy") SUBSEP $col("u") SUBSEP $col("seed") SUBSEP $col("replicate") }
FILENAME ~ /feasibility.csv$/ { fr[k] = $col("feasible_res"); fw[k] = $col("feasible_work"); next }
FILENAME ~ /admitted-gedf.csv$/ { gm[k] = $col("max_tard"); gl[k] = $col("late_jobs"); next }
FILENAME ~ /devi.csv$/ { db[k] = $col("bound_max"); next }
$col("status") != "ok" { next }
{ o = $col("topology") SUBSEP "offered" SUBSEP $col("u") SUBSEP $col("seed") SUBSEP 1
  print $0 "," fr[k] "," fw[k] "," fr[o] "," fw[o] "," gm[k] "," gl[k] "," $col("work_frac") "," \
	sprintf("%.6f", $col("acceptance") * (1 - $col("miss_ratio"))) "," (k in db ? db[k] : "") }' \
	"$out/feasibility.csv" "$out/admitted-gedf.csv" $( [ -r "$out/devi.csv" ] && echo "$out/devi.csv") \
	"$res/points.csv" > "$out/points.csv"
rm -rf "$work"
say "$name: $(($(wc -l < "$out/points.csv") - 1)) points; tables in $out"
