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
# oracle's and the kernel's admitted tasks, ties, verdict; the oracle's
# refusals, those by a k < m limit alone, its closest decision to a limit
# in CPUs; the bandwidth the oracle and the condition without the margin
# admit), OUT/uniform-summary.csv (per topology and policy: sets, the
# oracle's verdicts, requests and refusals for POLICY, admitted sets
# infeasible by reservation and by work) and OUT/uniform-bw.csv (per
# topology, U and policy, "condition" among them: mean admitted bandwidth,
# sets infeasible by reservation); prints the summary; exits 1 on any mismatch, 2 on bad input.
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

# oracle SHARE TAG: round r takes every set's admitted tasks plus its
# r-th, the DL period scaled by SHARE (u / share <= s is u <= share x s),
# through ana-feasible. Writes $work/TAG-admitted.txt ("set task", the
# tasks admitted), $work/TAG-ties.txt ("set task slack", decisions within
# 1e-5 CPU of a limit) and $work/TAG-decisions.txt, one line per request:
# "set task admitted slack prefix", prefix 1 when the request was refused
# by a limit of the k < m largest CPUs alone (the total within its own).
oracle() {
	local share=$1 tag=$2 r
	: > "$work/$tag-admitted.txt"
	: > "$work/$tag-ties.txt"
	: > "$work/$tag-decisions.txt"
	for r in $(seq 1 "$rounds"); do
		csv_awk -v r="$r" -v share="$share" '
		BEGIN { print "set,task,period_ns,run_ns,res_ns,dl_period_ns,caps" }
		FILENAME ~ /admitted.txt$/ { split($0, a, " "); adm[a[1] SUBSEP a[2]] = 1; next }
		FNR == 1 { header(); next }
		$col("idx") == r || ($col("set") SUBSEP $col("task")) in adm {
			p = sprintf("%.0f", $col("dl_period_ns") * share)
			print $col("set") "," $col("task") "," p "," $col("res_ns") "," $col("res_ns") "," p "," $col("caps") }' \
			"$work/$tag-admitted.txt" "$work/offered.csv" > "$work/round.csv"
		"$feasible" "$work/round.csv" > "$work/round-feasible.csv" || die "ana-feasible failed on round $r"
		csv_awk -v r="$r" -v ties="$work/$tag-ties.txt" -v dec="$work/$tag-decisions.txt" '
		FNR == 1 { header(); next }
		FILENAME ~ /offered.csv$/ { if ($col("idx") == r) task[$col("set")] = $col("task"); next }
		($col("set") in task) {
			s = $col("set"); t = task[s]; sl = $col("slack_res"); ok = $col("feasible_res") == 1
			if (sl < 1e-5 && sl > -1e-5) print s " " t " " sl >> ties
			pre = !ok && $col("k_res") < $col("cpus") && $col("res_total") <= $col("capacity")
			print s " " t " " ok " " sl " " pre >> dec
			if (ok) print s " " t }' \
			"$work/offered.csv" "$work/round-feasible.csv" >> "$work/$tag-admitted.txt"
	done
}
oracle "$share" oracle
oracle 1 condition

# Oracle against kernel, per set: task lists in file order (shares.csv,
# where sets.csv takes the kernel's from, has its own order); the oracle's
# requests refused (by a k < m limit alone), its closest decision to a
# limit (|slack|, CPUs), and the bandwidth (DL runtime / period) the
# oracle and the condition without the margin admit.
csv_awk -v policy="$policy" '
FNR == 1 && FILENAME ~ /\.csv$/ { header(); next }
FILENAME ~ /oracle-admitted.txt$/ { split($0, a, " "); ora[a[1], a[2]] = 1; next }
FILENAME ~ /condition-admitted.txt$/ { split($0, a, " "); cond[a[1], a[2]] = 1; next }
FILENAME ~ /ties.txt$/ { split($0, a, " "); tie[a[1]] = tie[a[1]] " " a[2]; next }
FILENAME ~ /decisions.txt$/ { split($0, a, " "); s = a[1]; x = a[4] < 0 ? -a[4] : a[4]
	if (!(s in near) || x < near[s]) near[s] = x
	if (!a[3]) { refused[s]++; prefix[s] += a[5] }; next }
FILENAME ~ /offered.csv$/ { s = $col("set"); if (!(s in n)) order[++ns] = s
	task[s, ++n[s]] = $col("task"); bw[s, $col("task")] = $col("res_ns") / $col("dl_period_ns"); next }
$col("policy") == policy {
	s = $col("topology") ";" $col("u") ";" $col("seed"); ker[s, $col("task")] = 1; seen[s] = 1 }
END {
	print "topology,u,seed,tasks,oracle,kernel,ties,verdict,refused,refused_prefix,min_slack,oracle_bw,condition_bw"
	for (i = 1; i <= ns; i++) {
		s = order[i]; split(s, f, ";"); o = k = ""; ob = cb = 0
		for (j = 1; j <= n[s]; j++) {
			t = task[s, j]
			if ((s, t) in ora) { o = o " " t; ob += bw[s, t] }
			if ((s, t) in ker) k = k " " t
			if ((s, t) in cond) cb += bw[s, t]
		}
		o = substr(o, 2); k = substr(k, 2)
		v = !(s in seen) ? "no point" : o == k ? "ok" : tie[s] != "" ? "tie" : "MISMATCH"
		printf "%s,%s,%s,%d,%s,%s,%s,%s,%d,%d,%.6f,%.6f,%.6f\n", f[1], f[2], f[3], n[s], o, k,
			substr(tie[s], 2), v, refused[s], prefix[s], near[s], ob, cb }
}' "$work/oracle-admitted.txt" "$work/condition-admitted.txt" "$work/oracle-ties.txt" \
	"$work/oracle-decisions.txt" "$work/offered.csv" "$sets" > "$out/uniform-oracle.csv"

# Per topology and policy: the oracle's verdicts (the policy checked;
# empty for the others) and the admitted sets that fail the condition
# without the margin, by reservation and by work (feasibility.csv).
csv_awk -v policy="$policy" '
FNR == 1 { header(); f++; next }
f == 1 { t = $col("topology"); v[t, $col("verdict")]++; n[t]++; req[t] += $col("tasks")
	ref[t] += $col("refused"); pre[t] += $col("refused_prefix")
	if (!(t in near) || $col("min_slack") < near[t]) near[t] = $col("min_slack"); next }
$col("policy") != "offered" {
	k = $col("topology") SUBSEP $col("policy"); sets[k]++
	bres[k] += $col("feasible_res") != 1; bwork[k] += $col("feasible_work") != 1 }
END {
	print "topology,policy,sets,as_oracle,ties,mismatches,no_point,requests,refused,refused_prefix,min_slack,infeasible_res,infeasible_work"
	for (k in sets) {
		split(k, a, SUBSEP); t = a[1]
		o = a[2] == policy ? sprintf("%d,%d,%d,%d,%d,%d,%d,%.4f", v[t, "ok"], v[t, "tie"], v[t, "MISMATCH"],
			v[t, "no point"], req[t], ref[t], pre[t], near[t]) : ",,,,,,,"
		print t "," a[2] "," sets[k] "," o "," bres[k] + 0 "," bwork[k] + 0 }
}' "$out/uniform-oracle.csv" "$out/feasibility.csv" | { read -r h; echo "$h"; sort; } > "$out/uniform-summary.csv"
csv_awk -v file="$out/uniform-oracle.csv" 'FNR == 1 { header(); next }
$col("as_oracle") != "" { printf "%s: %s: %d sets: %d as the oracle admits, %d ties, %d mismatches, %d without a point\n",
	file, $col("topology"), $col("sets"), $col("as_oracle"), $col("ties"), $col("mismatches"), $col("no_point") }
{ printf "%s %s: %d of %d admitted sets infeasible by reservation\n", $col("topology"), $col("policy"),
	$col("infeasible_res"), $col("sets") }' "$out/uniform-summary.csv"
# Per topology, U and policy (the kernel's, "offered", and "condition":
# the condition without the margin, applied as the oracle): the sets, the
# mean admitted bandwidth by reservation, the sets failing the condition.
csv_awk '
FNR == 1 { header(); f++; next }
f == 1 { k = $col("topology") SUBSEP $col("u") SUBSEP "condition"; n[k]++; bw[k] += $col("condition_bw"); keys[k] = 1; next }
{ k = $col("topology") SUBSEP $col("u") SUBSEP $col("policy"); n[k]++; bw[k] += $col("res_total")
	bad[k] += $col("feasible_res") != 1; keys[k] = 1 }
END {
	print "topology,u,policy,sets,admitted_bw,infeasible_res"
	for (k in keys) {
		split(k, a, SUBSEP)
		printf "%s,%s,%s,%d,%.4f,%d\n", a[1], a[2], a[3], n[k], bw[k] / n[k], bad[k] }
}' "$out/uniform-oracle.csv" "$out/feasibility.csv" | { read -r h; echo "$h"; sort -t, -k1,1 -k2,2g -k3,3; } > "$out/uniform-bw.csv"
rm -rf "$work"
csv_awk 'FNR == 1 { header(); next } $col("verdict") == "MISMATCH" || $col("verdict") == "no point" { bad = 1 }
	END { exit bad }' "$out/uniform-oracle.csv"
