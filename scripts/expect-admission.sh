#!/bin/bash
# The admission experiment's expected outcome (seeds 002-004), checked on a
# sweep's points.csv. For each point, with the limit L of its policy's rule
# on its topology (capacity: 0.95 x sum(cap) / 1024; cpus: 0.95 x CPUs;
# the rule is the policy's dl_admission knob, capacity when unset):
#   - admitted bandwidth <= L (+ rounding);
#   - offered <= L: everything admitted;
#   - offered > L: admitted > L - 1 (tasks are admitted one by one, so the
#     first refused task, of bandwidth < 1, did not fit in what was left).
# Prints one line per (topology, policy) and exits 1 on any violation.
# Usage: scripts/expect-admission.sh SWEEPFILE POINTS_CSV
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$DLCAP_TOP/scripts/lib/policy.sh"
file=${1:?usage: expect-admission.sh SWEEPFILE POINTS_CSV} points=${2:?usage: expect-admission.sh SWEEPFILE POINTS_CSV}
[ -r "$points" ] || die "no $points"
rules=$(sweep_policies "$file" |
	awk '{ r = "capacity"; for (i = 3; i <= NF; i++) if ($i ~ /^dl_admission=/) r = substr($i, 14); print $1, r }')
limits=
for t in $(tail -n +2 "$points" | cut -d, -f1 | sort -u); do
	limits="$limits $t $(admission_limits "$t")"
done
csv_awk -v rules="$rules" -v limits="$limits" '
BEGIN {
	n = split(rules, r, /[ \n]/); for (i = 1; i < n; i += 2) rule[r[i]] = r[i + 1]
	n = split(limits, l, " "); for (i = 1; i < n; i += 3) { cap[l[i]] = l[i + 1]; cpus[l[i]] = l[i + 2] }
}
FNR == 1 { header(); next }
$col("status") != "ok" { next }
{
	t = $col("topology"); p = $col("policy"); off = $col("offered_bw"); adm = $col("admitted_bw")
	g = t " " p; if (!(g in pts)) order[ng++] = g
	pts[g]++
	L = rule[p] == "cpus" ? cpus[t] : cap[t]; lim[g] = L; rl[g] = rule[p]
	why = ""
	if (adm > L + 0.001) why = sprintf("admitted %.3f > limit %.3f", adm, L)
	else if (off <= L && adm < off - 0.001) why = sprintf("offered %.3f <= limit %.3f but only %.3f admitted", off, L, adm)
	else if (off > L && adm <= L - 1) why = sprintf("admitted %.3f <= limit - 1 (%.3f)", adm, L - 1)
	if (why != "") { bad[g]++; printf "FAIL %s %s u=%s seed=%s: %s\n", t, p, $col("u"), $col("seed"), why }
	if (adm > most[g]) most[g] = adm
}
END {
	for (i = 0; i < ng; i++) {
		g = order[i]
		printf "%s (%s, limit %.3f): %d points, most admitted %.3f, %d violation(s)\n",
			g, rl[g], lim[g], pts[g], most[g], bad[g]
		nbad += bad[g]
	}
	if (!ng) { print "no finished points"; exit 1 }
	exit nbad > 0
}' "$points"
