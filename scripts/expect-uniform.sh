#!/bin/bash
# dl_admission=uniform against its oracle, on a sweep's committed results.
# The oracle is analysis/uniform.c (ana-feasible) with each CPU's capacity
# scaled by the guest's DL limit RT_SHARE (sched_rt_runtime_us /
# sched_rt_period_us, default 0.95, which the guest keeps), applied as
# dlgen asks: task by task in file order, a task admitted when it and the
# ones admitted before it pass. For every set of the sweep, the tasks the
# policy POLICY (default uniform) admitted must be the ones the oracle
# admits; a decision closer to the limit than 1e-5 CPU is a tie (the
# kernel's fixed point may go either way) and is reported, not judged.
# Also reported: how many sets each policy admitted that fail the
# condition without the margin (feasibility.csv, by reservation).
# Writes OUT/uniform-oracle.csv (one row per set and policy POLICY: the
# oracle's and the kernel's admitted tasks, ties, verdict) and
# OUT/uniform-summary.csv (per topology and policy: sets, the oracle's
# verdicts for POLICY, admitted sets infeasible by reservation and by
# work); prints the summary; exits 1 on any mismatch, 2 on bad input.
# Usage: scripts/expect-uniform.sh SWEEP OUT [POLICY]
#   SWEEP: experiments/sweeps/SWEEP.sweep with results in
#   $ANALYSIS_RESULTS/SWEEP (default results/sweeps/SWEEP), as
#   scripts/analysis.sh takes them; OUT: a folder for its output and this
set -euo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] && [ $# -le 3 ] || usage
name=$1 out=$2 policy=${3:-uniform}
share=${RT_SHARE:-0.95}
[[ $share =~ ^(0\.[0-9]+|1(\.0*)?)$ ]] || die "RT_SHARE: '$share' is not a number in (0, 1]"
feasible=$DLCAP_TOP/analysis/build/ana-feasible
[ -x "$feasible" ] || die "$feasible is not built (make -C analysis)"

"$DLCAP_TOP/scripts/analysis.sh" "$name" "$out" > /dev/null
sets=$out/sets.csv
grep -q "^[^,]*,$policy," "$sets" || die "$sets: no set admitted under policy '$policy'"
work=$out/.uniform
rm -rf "$work"
mkdir -p "$work"

# The offered sets, one task per row, numbered in file order within a set.
csv_awk 'FNR == 1 { header(); print "set,idx,task,res_ns,dl_period_ns,caps"; next }
$col("policy") == "offered" {
	s = $col("topology") ";" $col("u") ";" $col("seed")
	print s "," ++n[s] "," $col("task") "," $col("res_ns") "," $col("dl_period_ns") "," $col("caps") }' \
	"$sets" > "$work/offered.csv"
rounds=$(csv_awk 'FNR == 1 { header(); next } $col("idx") > m { m = $col("idx") } END { print m + 0 }' "$work/offered.csv")

# Round r: every set's admitted tasks plus its r-th, the DL period scaled
# by the share (u / share <= s is u <= share x s), through ana-feasible.
: > "$work/admitted.txt"	# set task: admitted by the oracle
: > "$work/ties.txt"		# set task slack
for r in $(seq 1 "$rounds"); do
	csv_awk -v r="$r" -v share="$share" '
	BEGIN { print "set,task,period_ns,run_ns,res_ns,dl_period_ns,caps" }
	FILENAME ~ /admitted.txt$/ { split($0, a, " "); adm[a[1] SUBSEP a[2]] = 1; next }
	FNR == 1 { header(); next }
	$col("idx") == r || ($col("set") SUBSEP $col("task")) in adm {
		p = sprintf("%.0f", $col("dl_period_ns") * share)
		print $col("set") "," $col("task") "," p "," $col("res_ns") "," $col("res_ns") "," p "," $col("caps") }' \
		"$work/admitted.txt" "$work/offered.csv" > "$work/round.csv"
	"$feasible" "$work/round.csv" > "$work/round-feasible.csv" || die "ana-feasible failed on round $r"
	csv_awk -v r="$r" '
	FNR == 1 { header(); next }
	FILENAME ~ /offered.csv$/ { if ($col("idx") == r) task[$col("set")] = $col("task"); next }
	($col("set") in task) {
		s = $col("set"); t = task[s]; sl = $col("slack_res")
		if (sl < 1e-5 && sl > -1e-5) print s " " t " " sl > ties
		if ($col("feasible_res") == 1) print s " " t }' \
		ties="$work/ties.txt.new" "$work/offered.csv" "$work/round-feasible.csv" >> "$work/admitted.txt"
	if [ -e "$work/ties.txt.new" ]; then
		cat "$work/ties.txt.new" >> "$work/ties.txt"
		rm "$work/ties.txt.new"
	fi
done

# Oracle against kernel, per set: task lists in file order (shares.csv,
# where sets.csv takes the kernel's from, has its own order).
csv_awk -v policy="$policy" '
FNR == 1 && FILENAME ~ /\.csv$/ { header(); next }
FILENAME ~ /admitted.txt$/ { split($0, a, " "); ora[a[1], a[2]] = 1; next }
FILENAME ~ /ties.txt$/ { split($0, a, " "); tie[a[1]] = tie[a[1]] " " a[2]; next }
FILENAME ~ /offered.csv$/ { s = $col("set"); if (!(s in n)) order[++ns] = s
	task[s, ++n[s]] = $col("task"); next }
$col("policy") == policy {
	s = $col("topology") ";" $col("u") ";" $col("seed"); ker[s, $col("task")] = 1; seen[s] = 1 }
END {
	print "topology,u,seed,tasks,oracle,kernel,ties,verdict"
	for (i = 1; i <= ns; i++) {
		s = order[i]; split(s, f, ";"); o = k = ""
		for (j = 1; j <= n[s]; j++) {
			if ((s, task[s, j]) in ora) o = o " " task[s, j]
			if ((s, task[s, j]) in ker) k = k " " task[s, j]
		}
		o = substr(o, 2); k = substr(k, 2)
		v = !(s in seen) ? "no point" : o == k ? "ok" : tie[s] != "" ? "tie" : "MISMATCH"
		print f[1] "," f[2] "," f[3] "," n[s] "," o "," k "," substr(tie[s], 2) "," v }
}' "$work/admitted.txt" "$work/ties.txt" "$work/offered.csv" "$sets" > "$out/uniform-oracle.csv"

# Per topology and policy: the oracle's verdicts (the policy checked;
# empty for the others) and the admitted sets that fail the condition
# without the margin, by reservation and by work (feasibility.csv).
csv_awk -v policy="$policy" '
FNR == 1 { header(); f++; next }
f == 1 { t = $col("topology"); v[t, $col("verdict")]++; n[t]++; next }
$col("policy") != "offered" {
	k = $col("topology") SUBSEP $col("policy"); sets[k]++
	bres[k] += $col("feasible_res") != 1; bwork[k] += $col("feasible_work") != 1 }
END {
	print "topology,policy,sets,as_oracle,ties,mismatches,no_point,infeasible_res,infeasible_work"
	for (k in sets) {
		split(k, a, SUBSEP); t = a[1]
		o = a[2] == policy ? sprintf("%d,%d,%d,%d", v[t, "ok"], v[t, "tie"], v[t, "MISMATCH"], v[t, "no point"]) : ",,,"
		print t "," a[2] "," sets[k] "," o "," bres[k] + 0 "," bwork[k] + 0 }
}' "$out/uniform-oracle.csv" "$out/feasibility.csv" | { read -r h; echo "$h"; sort; } > "$out/uniform-summary.csv"
csv_awk -v file="$out/uniform-oracle.csv" 'FNR == 1 { header(); next }
$col("as_oracle") != "" { printf "%s: %s: %d sets: %d as the oracle admits, %d ties, %d mismatches, %d without a point\n",
	file, $col("topology"), $col("sets"), $col("as_oracle"), $col("ties"), $col("mismatches"), $col("no_point") }
{ printf "%s %s: %d of %d admitted sets infeasible by reservation\n", $col("topology"), $col("policy"),
	$col("infeasible_res"), $col("sets") }' "$out/uniform-summary.csv"
rm -rf "$work"
! grep -q ',MISMATCH$\|,no point$' "$out/uniform-oracle.csv"
